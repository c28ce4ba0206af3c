"""A board picture as a Discord attachment, with its alt text (the attachment's ``description``).

The alt text is the picture in words (``tables.picture_words``: the position the view shows, nothing more), in
the language of the message it comes with: a screen reader reads it, and Discord shows it where the picture
does not load.  It is plain text that Discord neither parses for markdown nor for mentions, so names are said
as they are (escaping them, as a message's text must, would be read out as backslashes); it is cut to
Discord's limit after its last whole sentence that fits, with an ellipsis (the words come in the picture's
reading order, so what is cut is the end: a rare Spanish view of a full Plateau board with long names).
"""

from __future__ import annotations

import io

import discord

from cogs.limits import MAX_ALT_TEXT
from tables.i18n import Sentences, said


def alt_text(alt: Sentences, lang: str) -> str | None:
    """The words of ``alt`` in ``lang``, within Discord's limit (None: the picture has none)."""
    text = said(alt, lang).strip()
    if not text:
        return None
    if len(text) <= MAX_ALT_TEXT:
        return text
    room = text[: MAX_ALT_TEXT - 2]
    end = room.rfind(". ") + 1  # after the last whole sentence that fits (else mid-sentence, between words)
    return (room[:end] if end > 0 else room[: room.rfind(" ")] if " " in room else room).rstrip() + " …"


def picture_file(image: bytes, filename: str, alt: Sentences, lang: str) -> discord.File:
    """``image`` as an attachment named ``filename``, described by ``alt`` in ``lang``."""
    return discord.File(io.BytesIO(image), filename=filename, description=alt_text(alt, lang))
