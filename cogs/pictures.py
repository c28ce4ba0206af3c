"""A board picture as a Discord attachment, with its alt text (the attachment's ``description``).

The alt text is the picture in words (``tables.picture_words``: the position the view shows, nothing more), in
the language of the message it comes with: a screen reader reads it, and Discord shows it where the picture
does not load.  It is plain text that Discord neither parses for markdown nor for mentions, so names are said
as they are (escaping them, as a message's text must, would be read out as backslashes).  Discord takes at
most ``MAX_ALT_TEXT`` characters: words that pass it are said again with each long name (a ``Name``: display
names run to 32 characters, and a K3 view names each player twice) shortened to ``SHORT_NAME`` characters, its
beginning and an ellipsis, as long as no two names then read alike; only what still does not fit is cut, after
its last whole sentence that fits, with an ellipsis (the words come in the picture's reading order, so what is
cut is the end).
"""

from __future__ import annotations

import io
from typing import Any

import discord

from cogs.limits import MAX_ALT_TEXT
from tables.i18n import Clauses, Name, Names, Phrase, Sentences, said
from tables.loaded import TOLD_APART_MARK

#: a long name's length once shortened to fit the limit (its first characters and "…"): with every name this
#: short, no picture's words reach the limit (``python -m bench.alt_text``)
SHORT_NAME = 16


def alt_text(alt: Sentences, lang: str) -> str | None:
    """The words of ``alt`` in ``lang``, within Discord's limit (None: the picture has none)."""
    text = said(alt, lang).strip()
    if not text:
        return None
    if len(text) > MAX_ALT_TEXT and (short := _short_names(alt)):
        text = said(Sentences(_with_names(p, short) for p in alt), lang).strip()
    if len(text) <= MAX_ALT_TEXT:
        return text
    room = text[: MAX_ALT_TEXT - 2]
    end = room.rfind(". ") + 1  # after the last whole sentence that fits (else mid-sentence, between words)
    return (room[:end] if end > 0 else room[: room.rfind(" ")] if " " in room else room).rstrip() + " …"


def _names_in(value: object) -> set[Name]:
    """Every ``Name`` among a param's values, in phrases and lists of them."""
    if isinstance(value, Name):
        return {value}
    if isinstance(value, Phrase):
        return set().union(*map(_names_in, value.params.values()))
    if isinstance(value, Names | Sentences | Clauses):
        return set().union(*map(_names_in, value))
    return set()


def _short_names(alt: Sentences) -> dict[str, Name]:
    """Each name longer than ``SHORT_NAME`` -> its beginning and "…", unless two would then read alike (those are
    kept whole); a seat's mark that tells two players of one name apart stays ("Alejandra Gutié… [2]",
    ``tables.loaded.told_apart``)."""
    names = _names_in(alt)
    short = {name: Name(_short(name)) for name in names if len(name) > SHORT_NAME}
    alike = {s for s in short.values() if list(short.values()).count(s) > 1} | names
    return {name: s for name, s in short.items() if s not in alike}


def _short(name: str) -> str:
    """A long name's beginning and "…", with its seat's mark after it where it has one (the name before the mark
    as long as any other: said whole when it is short)."""
    mark = found.group(0) if (found := TOLD_APART_MARK.search(name)) else ""
    base = name.removesuffix(mark)
    return (base[: SHORT_NAME - 1].rstrip() + "…" if len(base) > SHORT_NAME else base) + mark


def _with_names(value: Any, short: dict[str, Name]) -> Any:
    """``value`` with the names of ``short`` shortened."""
    if isinstance(value, Name):
        return short.get(value, value)
    if isinstance(value, Phrase):
        return Phrase(value.key, {k: _with_names(v, short) for k, v in value.params.items()})
    if isinstance(value, Names | Sentences | Clauses):
        return type(value)(_with_names(v, short) for v in value)
    return value


def picture_file(image: bytes, filename: str, alt: Sentences, lang: str) -> discord.File:
    """``image`` as an attachment named ``filename``, described by ``alt`` in ``lang``."""
    return discord.File(io.BytesIO(image), filename=filename, description=alt_text(alt, lang))
