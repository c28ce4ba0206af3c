"""The one error type the service raises at players: a translation key plus params."""

from __future__ import annotations

from typing import Any

from data.errors import CannotOpen as CannotOpen  # re-exported: front ends stop with its one line
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
        return t(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message("en")


class TryAgain(TableError):
    """The database is out of reach for a moment (a restart, a failover): nothing was written (issue 19).

    The player should simply repeat the action; the front end shows ``error.try_again``.
    """

    def __init__(self) -> None:
        super().__init__("error.try_again")
