"""The one error type the service raises at players: a translation key plus params."""

from __future__ import annotations

import re
from typing import Any

from data.errors import CannotOpen as CannotOpen  # re-exported: front ends stop with its one line
from engines import descriptions
from tables.i18n import t
from tables.outbox import PublicPost


class TableError(Exception):
    """A refusal: nothing changed.  ``message(lang)`` is the text to show the player.

    ``board`` carries the current public board post when the refusal is "the board changed" (a
    stale click), so the front end can show it again.  Params never hold a seed or a secret.
    """

    def __init__(self, key: str, *, board: PublicPost | None = None, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
        self.board = board

    def message(self, lang: str = "en") -> str:
        """The refusal as a player reads it: rule numbers of the specifications left out."""
        params = {k: _short(without_rule_numbers(v)) if isinstance(v, str) else v for k, v in self.params.items()}
        return t(self.key, lang, **params)

    def __str__(self) -> str:
        return self.message("en")


class TryAgain(TableError):
    """The database is out of reach for a moment (a restart, a failover), issue 19.

    The player should simply repeat the action; the front end shows ``error.try_again``.  Its words do not say
    "nothing was changed": a COMMIT whose answer was lost may have stored it.  Where that can be told, the
    service tells it (a move by its key, any table change by ``Finisher._landed``, a new table by its seed, a new
    tournament by its moment); elsewhere the retry is refused in words as done already (a draw offered, an
    event joined), never done twice.
    """

    def __init__(self) -> None:
        super().__init__("error.try_again")


#: what a refusal echoes of a user's text at most (a 100,000-character move is not said back)
ECHO_LIMIT = 120


def _short(text: str) -> str:
    """``text`` on one line, cut to :data:`ECHO_LIMIT` characters: between words where it has them (a
    reason is never cut inside a word or a move, issue 28, item 4), else (a long word typed) where it must."""
    text = " ".join(text.split())
    if len(text) <= ECHO_LIMIT:
        return text
    cut = text[: ECHO_LIMIT - 2]
    space = cut.rfind(" ")
    if space >= ECHO_LIMIT // 2:
        return cut[:space].rstrip(",;:") + " …"
    return cut + "…"


def _rule_patterns(prefixes: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns of a rule number of docs/spec (``KO-4.3``, ``K3-5.1 c``, ``KR-8.4``) for these prefixes."""
    rule = rf"(?:{'|'.join(map(re.escape, prefixes))})-\d+(?:\.\d+)*(?: [a-e]\b)?"
    return (re.compile(rf"(^|(?<=: )|(?<=\()){rule}(?:\s*(?:,|and|/)\s*{rule})*\s*:\s*"),
            re.compile(rf"\s*[(\[]\s*(?:see\s+)?{rule}(?:\s*(?:,|;|and|/)\s*{rule})*\s*[)\]]"),
            re.compile(rf"\s*\b{rule}\b"))


_patterns: dict[tuple[str, ...], tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]] = {}


def without_rule_numbers(text: str) -> str:
    """``"KO-4.4: a piece may not pass over another"`` -> ``"a piece may not pass over another"``.

    Engines write their reasons for the specification's readers (``IllegalMoveError`` names the
    rule); a player needs only what is wrong.  Leading ``RULE:`` prefixes and ``(RULE)`` asides go,
    and any number left in the middle of a sentence is dropped with its space.  The prefixes are each
    game's own (``GameDescription.rule_prefix``), so a game added to the registry is covered too.
    """
    prefixes = tuple(sorted({d.rule_prefix for d in descriptions() if d.rule_prefix}))
    if not prefixes:
        return text.strip()
    if prefixes not in _patterns:
        _patterns[prefixes] = _rule_patterns(prefixes)
    prefix, aside, anywhere = _patterns[prefixes]
    text = prefix.sub(r"\1", text)
    text = aside.sub("", text)
    text = anywhere.sub("", text)
    return text.strip()
