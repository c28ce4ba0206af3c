"""An event's plan: how many rounds, and the next round of a running event (issue 31).  Pure.

The tables layer (``tables/tournaments.py``) stores what this says; this module only decides.

- **Formats.**  A game for two (``sizes == (2,)``) is a ``round-robin`` (Berger tables, single or
  ``double``, fixed at the start) or a ``swiss``.  A game for three or four is seated in groups each
  round (``groups.seat_round``: tables of the largest size first, by standing), stored as ``swiss``: the
  same idea, players of like score meet.
- **Rounds.**  A round robin plays its schedule (``n - 1`` rounds, ``n`` when ``n`` is odd, twice that
  when double).  A Swiss plays the rounds asked, by default ``ceil(log2 n)`` (enough for one player to be
  alone in front), at most ``n - 1`` (``n`` when odd): more would force repeats.  A group event plays the
  rounds asked, by default ``ceil(log2 n)`` too.  Never more than :data:`MAX_ROUNDS`.
- **Withdrawals.**  A player who withdrew (or was removed, or left the server) is paired no more: a
  Swiss or group round is made of the players still in.  A round robin's schedule is fixed, so a game
  against a withdrawn player is a *forfeit*: not played, the one still in scores it as a bye (a win);
  a bye of a withdrawn player is dropped.
- **The end.**  Once the rounds are played, or earlier when fewer than two players are still in (a
  group event: fewer than its smallest table, unless Mesa fills seats), the event is over.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tables.tournament.groups import seat_round
from tables.tournament.results import Player, Result, Scoring
from tables.tournament.round_robin import round_robin
from tables.tournament.swiss import swiss_round

ROUND_ROBIN, SWISS = "round-robin", "swiss"
FORMATS = (ROUND_ROBIN, SWISS)
#: no event plays more rounds than this (a round of three-day moves lasts weeks already)
MAX_ROUNDS = 30


@dataclass(frozen=True)
class Planned:
    """One round as the event plays it: tables (first mover first), byes, and forfeits ``(in, out)``."""

    tables: tuple[tuple[Player, ...], ...]
    byes: tuple[Player, ...] = ()
    forfeits: tuple[tuple[Player, Player], ...] = ()

    def placed(self) -> list[Player]:
        """Every player still in whom the round places: at a table, on a bye, or scoring a forfeit."""
        return [p for table in self.tables for p in table] + list(self.byes) + [won for won, _ in self.forfeits]


@dataclass(frozen=True)
class Plan:
    """An event's format: ``sizes`` ``(2,)`` for two-player games, else the group table sizes."""

    format: str
    sizes: tuple[int, ...]
    double: bool = False
    rounds_asked: int | None = None
    mesa_fills: bool = False

    @property
    def grouped(self) -> bool:
        return self.sizes != (2,)

    @property
    def scoring(self) -> Scoring:
        return Scoring.for_sizes(self.sizes)

    def min_players(self) -> int:
        """The fewest entrants the event can start with."""
        return 2 if not self.grouped or self.mesa_fills else min(self.sizes)

    def rounds(self, entrants: int) -> int:
        """How many rounds an event of ``entrants`` plays (module docstring)."""
        if entrants < 2:
            return 0
        if self.format == ROUND_ROBIN:
            return (entrants - 1 + entrants % 2) * (2 if self.double else 1)
        default = max(1, math.ceil(math.log2(entrants)))
        asked = self.rounds_asked or default
        if not self.grouped:
            asked = min(asked, entrants - 1 + entrants % 2)
        return min(asked, MAX_ROUNDS)

    def can_go_on(self, still_in: int) -> bool:
        """Whether enough players are still in for another round."""
        return still_in >= (2 if not self.grouped or self.mesa_fills else min(self.sizes))

    def next_round(self, number: int, entrants: Sequence[Player], still_in: Collection[Player],
                   results: Sequence[Result]) -> Planned:
        """Round ``number`` (1-based) between ``entrants`` (entry order, everyone who started) of whom
        ``still_in`` play on, after ``results``."""
        active = [p for p in entrants if p in still_in]
        if self.format == ROUND_ROBIN:
            scheduled = round_robin(list(entrants), double=self.double)[number - 1]
            tables: list[tuple[Player, ...]] = []
            forfeits: list[tuple[Player, Player]] = []
            for first, second in (table for table in scheduled.tables if len(table) == 2):
                if first in still_in and second in still_in:
                    tables.append((first, second))
                elif first in still_in or second in still_in:
                    forfeits.append((first, second) if first in still_in else (second, first))
            byes = tuple(p for p in scheduled.byes if p in still_in)
            return Planned(tuple(tables), byes, tuple(forfeits))
        if self.grouped:
            seated = seat_round(active, results, self.sizes, scoring=self.scoring)
        else:
            seated = swiss_round(active, results, scoring=self.scoring)
        return Planned(seated.tables, seated.byes)
