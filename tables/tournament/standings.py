"""Standings: a plain function from the results to the ranking.

Order: points, then Buchholz, then Sonneborn-Berger, then shared rank.  The two tie-breaks are written
once for every table size, as the natural extension of the chess ones, so that nothing asks which game
is played:

- **Buchholz**: the sum of the final points of every opponent met, once per table shared (at a
  two-player table, exactly chess's Buchholz).  A bye meets no one and adds nothing (a game against Mesa
  in place of a bye neither: Mesa is no entrant; it counts as a game played).
- **Sonneborn-Berger**: for every opponent at every table, that opponent's final points times the
  share of the head-to-head the player took (1 if placed ahead, ½ if tied, 0 if behind).  At a
  two-player table that is chess's Sonneborn-Berger: the points of those beaten plus half of those
  drawn.  At three and four it rewards finishing ahead of strong players.

Players equal on all three share a rank (1, 2, 2, 4); the list keeps them in entry order.

**Those no longer in** (``behind``: withdrew, were removed, left the server) come below everyone still in,
ranked among themselves by the same keys: at the end of an event someone who stopped playing is never
placed ahead of, nor named winner over, a player who played on.  Their points still count in the
opponents' tie-breaks (they were earned).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tables.tournament.results import Player, Result, Scoring


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    player: Player
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    played: int
    byes: int


def points_of(results: Iterable[Result], scoring: Scoring) -> dict[Player, Fraction]:
    """Each player's points from the results (only those who appear)."""
    totals: dict[Player, Fraction] = defaultdict(Fraction)
    for result in results:
        for player, points in scoring.points(result).items():
            totals[player] += points
    return dict(totals)


def standings(results: Sequence[Result], players: Sequence[Player], scoring: Scoring | None = None, *,
              behind: Collection[Player] = ()) -> list[Standing]:
    """The ranking of ``players`` (entry order, withdrawn ones included) after ``results``.

    ``scoring`` defaults to :class:`Scoring` (a bye worth a win).  A result naming someone not in
    ``players`` is an error: the caller's list is the event's roll.  ``behind``: players ranked below all
    the others, among themselves (the module docstring).
    """
    scoring = scoring or Scoring()
    roll = set(players)
    for result in results:
        if not roll.issuperset(result.players):
            raise ValueError(f"round {result.round} table {result.table} names players not entered")
    points = points_of(results, scoring)
    buchholz: dict[Player, Fraction] = defaultdict(Fraction)
    sonneborn: dict[Player, Fraction] = defaultdict(Fraction)
    played: dict[Player, int] = defaultdict(int)
    byes: dict[Player, int] = defaultdict(int)
    for result in results:
        if result.bye:
            byes[result.players[0]] += 1
            played[result.players[0]] += result.played  # a game against Mesa in place of the bye is a game
            continue
        for player, place in zip(result.players, result.places):
            played[player] += 1
            for other, other_place in zip(result.players, result.places):
                if other == player:
                    continue
                final = points.get(other, Fraction(0))
                buchholz[player] += final
                share = Fraction(1) if place < other_place else Fraction(1, 2) if place == other_place else Fraction(0)
                sonneborn[player] += share * final

    def key(player: Player) -> tuple[bool, Fraction, Fraction, Fraction]:
        return (player not in behind, points.get(player, Fraction(0)), buchholz[player], sonneborn[player])

    order = sorted(players, key=key, reverse=True)  # stable: ties stay in entry order
    table: list[Standing] = []
    for index, player in enumerate(order):
        rank = table[-1].rank if table and key(table[-1].player) == key(player) else index + 1
        table.append(
            Standing(
                rank=rank,
                player=player,
                points=points.get(player, Fraction(0)),
                buchholz=buchholz[player],
                sonneborn_berger=sonneborn[player],
                played=played[player],
                byes=byes[player],
            )
        )
    return table
