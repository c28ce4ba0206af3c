"""Seating rounds of games for three or four players (or any sizes an engine allows).

**Sizes.**  An event's table sizes come from the engine's description: every size from
``max(3, min_players)`` to ``max_players`` (:func:`table_sizes`).  Two-seat tables are left out: a
two-player event is a Swiss or a round robin, which pair better.

**Splitting a count** (:func:`split`): as few byes as possible, then as many tables of the largest size
as possible, then of the next: with sizes 3-4, 8 is 4+4, 7 is 4+3, 6 is 3+3, 9 is 3+3+3, and 5 cannot be
split, so it is 4 and one bye (2 is two byes, 1 one).  The byes go to the lowest in the standings who
have not had one (at most one bye a player while someone else can take it); a bye is worth what the
event's :class:`~tables.tournament.results.Scoring` says (the average place at the smallest table by
default).

**Seating by standing**: the best placed sit together, the largest tables first: with 11 players the
top four at table 1, the next four at table 2, the last three at table 3.

**Avoiding the same opponents**: the seating then minimises the pairs of players who already met, by a
greedy with swaps: each player sitting with someone already met is swapped with the player elsewhere
whose swap removes the most meetings, and among equal ones moves players least far from their table by
standing; this repeats until no swap removes a meeting.  Finding a seating with no repeat at all is a
partition problem with no polynomial algorithm known, and events are small, so a local search that is
never worse than seating by standing and usually reaches zero (the tests measure it) is the honest
choice; the Swiss, where pairs are a matching, has the exact algorithm instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from tables.tournament.results import Player, Result, Round, Scoring
from tables.tournament.standings import points_of

#: at most this many passes of swaps in a round (each pass is O(players²); a pass with no swap ends it)
MAX_PASSES = 20


def table_sizes(min_players: int, max_players: int) -> tuple[int, ...]:
    """The table sizes of a multi-player event, from a game's ``min_players`` and ``max_players``."""
    sizes = tuple(range(max(3, min_players), max_players + 1))
    if not sizes:
        raise ValueError("a game for two players is paired (swiss_round, round_robin), not seated")
    return sizes


def split(count: int, sizes: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The tables (largest first) and the number of byes for ``count`` players (module docstring)."""
    ordered = sorted(set(sizes), reverse=True)

    def fill(left: int, usable: list[int]) -> list[int] | None:
        if left == 0:
            return []
        if not usable:
            return None
        size, rest = usable[0], usable[1:]
        for many in range(left // size, -1, -1):
            tail = fill(left - many * size, rest)
            if tail is not None:
                return [size] * many + tail
        return None

    for byes in range(count + 1):
        tables = fill(count - byes, ordered)
        if tables is not None:
            return tuple(tables), byes
    raise AssertionError("zero players always split")


def seat_round(
    players: Sequence[Player],
    results: Sequence[Result],
    sizes: Sequence[int],
    *,
    scoring: Scoring | None = None,
) -> Round:
    """The next round of a multi-player event between ``players`` (those still in, seed order)."""
    if len(set(players)) != len(players):
        raise ValueError("a player enters once")
    scoring = scoring or Scoring.for_sizes(sizes)
    scores = points_of(results, scoring)
    seed = {player: index for index, player in enumerate(players)}
    order = sorted(players, key=lambda p: (-scores.get(p, Fraction(0)), seed[p]))
    met: Counter[frozenset[Player]] = Counter()
    had_bye: set[Player] = set()
    for result in results:
        if result.bye:
            had_bye.add(result.players[0])
        met.update(frozenset(pair) for pair in combinations(result.players, 2))
    shapes, bye_count = split(len(order), sizes)
    lowest_first = list(reversed(order))
    byes = [p for p in lowest_first if p not in had_bye][:bye_count]
    byes += [p for p in lowest_first if p not in byes][: bye_count - len(byes)]
    seated = [p for p in order if p not in byes]
    tables: list[list[Player]] = []
    start = 0
    for size in shapes:
        tables.append(seated[start : start + size])
        start += size
    _improve(tables, met)
    return Round(tables=tuple(tuple(table) for table in tables), byes=tuple(sorted(byes, key=order.index)))


def repeats(tables: Sequence[Sequence[Player]], met: Counter[frozenset[Player]]) -> int:
    """How many earlier meetings the seating repeats (a pair who met twice counts twice)."""
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def _improve(tables: list[list[Player]], met: Counter[frozenset[Player]]) -> None:
    """The greedy with swaps of the module's docstring, in place."""
    if not met or len(tables) < 2:
        return
    home = {player: index for index, table in enumerate(tables) for player in table}

    def meetings(player: Player, table: list[Player], without: Player) -> int:
        return sum(met[frozenset((player, other))] for other in table if other != player and other != without)

    for _ in range(MAX_PASSES):
        swapped = False
        for t, table in enumerate(tables):
            for i in range(len(table)):
                p = table[i]
                here = meetings(p, table, p)
                if here == 0:
                    continue
                best: tuple[int, int, int, int] | None = None
                for u, other in enumerate(tables):
                    if u == t:
                        continue
                    for j, q in enumerate(other):
                        gain = meetings(p, other, q) + meetings(q, table, p) - here - meetings(q, other, q)
                        drift = abs(u - home[p]) + abs(t - home[q]) - abs(t - home[p]) - abs(u - home[q])
                        if gain < 0 and (best is None or (gain, drift) < best[:2]):
                            best = (gain, drift, u, j)
                if best is not None:
                    _, _, u, j = best
                    table[i], tables[u][j] = tables[u][j], table[i]
                    swapped = True
        if not swapped:
            return
