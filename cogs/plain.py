"""Text a user chose, made inert before it reaches Discord (issue 29, item 7).

A display name is whatever its owner typed: ``<@123456789012345678>``, ``@everyone``, ``**bold**``,
a code span, a masked link.  Put into a message as it is, Discord reads it as markup: a mention, a
heading, a link.  So every name (and every echo of what a user typed) goes through :func:`plain`
before a sentence is built, and no message lets Discord ping anyone it finds in the text (the
client's ``allowed_mentions`` is none; a post names the users it means by id: ``cogs.delivery``).

The service's posts carry plain params (``tables.outbox``); :func:`plain_params` escapes every string
among them, nested ``Phrase`` and ``Names`` included: names hide in many of them (``players``,
``winners``, ``standings``, a board's caption ``moves`` — "Ana: a6-d3"), and an escape is invisible
in what Discord shows.  Only ``NOTATION`` is left as it is: positions in the games' notation, which
the engines write and players copy.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from cogs.command_words import SLASH_STARTING_A_WORD, in_discord_words
from tables import i18n as service_i18n
from tables.i18n import Alternatives, Clauses, Count, Deed, Examples, Lines, Names, News, Phrase, Told, counted
from tables.mesa import BIDI_CONTROLS

#: params in a game's notation, written by the engines (never by a user) and meant to be copied as shown
NOTATION = frozenset({"position"})

#: what starts a mention or a Discord tag (``<@id>``, ``<@&role>``, ``<#channel>``, ``</cmd:id>``,
#: ``<:emoji:id>``, ``<t:…>``, ``<id:customize>``: a server's navigation), a link's scheme (``https://``:
#: Discord makes it a link and shows the page's preview under the post), the two mass mentions, and a slash
#: that starts a word (``/play``: only the service's own advice names commands, renamed for the reader by
#: ``cogs.command_words``); each gets a zero-width space after its first character, so Discord shows the
#: characters and nothing parses them
_TAG = re.compile(r"<(?=[@#/:]|a:|t:|id:)|@(?=everyone|here)|\bhttps?(?=://)|" + SLASH_STARTING_A_WORD + "(?=[a-z])",
                  re.IGNORECASE)
ZERO_WIDTH_SPACE = "\u200b"


def plain(text: str) -> str:
    """``text`` as Discord shows it literally: no markdown (``**``, code, headings, masked links,
    lists, quotes) and no mention of a user, a role, a channel or everyone."""
    text = discord.utils.escape_markdown(BIDI_CONTROLS.sub("", text), ignore_links=False)  # (a name kept before)
    return _TAG.sub(lambda m: m.group(0) + ZERO_WIDTH_SPACE, text)


def plain_value(value: Any) -> Any:
    """One param made inert: strings escaped, ``Names`` name by name, a ``Phrase``'s own params, and the
    moves told in words (``Told``: each mover's name and words; ``News``; ``Clauses``; ``Examples``;
    ``Alternatives``)."""
    if isinstance(value, str):
        return plain(value)
    if isinstance(value, Names):
        return Names(plain(str(n)) for n in value)
    if isinstance(value, Phrase):
        return Phrase(value.key, plain_params(value.params))
    if isinstance(value, Lines):  # issue 31: a tournament's pairings and standings, a phrase a line
        return Lines(plain_value(line) for line in value)
    if isinstance(value, Told):
        return Told(plain_value(d) for d in value)
    if isinstance(value, Deed):  # one move by its player (``/history``'s records)
        return Deed(plain(value.who), plain_value(value.words))
    if isinstance(value, News):
        return News(plain_value(p) for p in value)
    if isinstance(value, Clauses):  # "Ben resigned and Ana ran out of time": each clause names someone
        return Clauses(plain_value(c) for c in value)
    if isinstance(value, Alternatives):
        return Alternatives(plain(a) for a in value)
    if isinstance(value, Examples):
        return Examples(tuple(plain(i) for i in value.items), value.more)
    return value


def plain_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Every param but the game notation (``NOTATION``) made inert."""
    return {k: v if k in NOTATION else plain_value(v) for k, v in params.items()}


def said(key: str, lang: str, params: Mapping[str, Any]) -> str:
    """A sentence of the service's catalogue (``tables.i18n``) for Discord: its params made inert first, the
    commands it names as the reader's Discord shows them (``cogs.command_words``)."""
    return in_discord_words(service_i18n.t(key, lang, **plain_params(params)), lang)


def service_text(key: str, lang: str, **params: Any) -> str:
    """A sentence of the service's catalogue for Discord whose params are inert already (or never a user's
    words): the commands it names as the reader's Discord shows them (``cogs.command_words``)."""
    return in_discord_words(service_i18n.t(key, lang, **params), lang)


def spoken(value: Any, lang: str) -> Any:
    """A service param as the service's catalogue says it in ``lang`` (``Count``: "2 invitations",
    ``Phrase``, ``Names``), for a sentence of the Discord layer's own catalogue; anything else as it is."""
    if isinstance(value, Count):
        return counted(value.n, value.noun, lang)
    if isinstance(value, Phrase):
        return service_i18n.t(value.key, lang, **value.params)
    if isinstance(value, Names):
        names = [str(n) for n in value]
        return service_i18n.t("list.and", lang, first=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 \
            else "".join(names)
    return value


def sketch_block(sketch: str) -> str:
    """A move's sketch (``Engine.move_sketch``: K3's pyramid, letters the engine writes) as a monospaced block to
    put before a text; "" for none."""
    return f"```\n{sketch}\n```\n" if sketch else ""
