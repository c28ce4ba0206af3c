"""Swiss pairing for two-player games, as one maximum-weight matching.

A round is a perfect matching of the active players (plus a *bye* node when the count is odd) that
minimises, in strict order of priority (each tier's weight outweighs every lower tier summed over the
whole round, so a lower tier can never buy a higher one):

1. a second bye for anyone (a player has at most one bye while someone else can take it);
2. pairings repeated (none while another pairing of the round avoids them);
3. colour conflicts: two players paired who both *must* move first (or second): one who moved first in
   the last two games, or first twice more often than second, must now move second, and the other way
   round; so no one moves first (or second) three times in a row, nor gets two ahead, where avoidable;
4. the bye given above the lowest score group (among those who may still take one);
5. score difference: the square of the gap between score groups, so players meet within their group and
   float to the next one only as needed;
6. colour preferences left unmet (both players would rather move first, say);
7. within a score group, the top half meets the bottom half (1 v 5, 2 v 6 ... in a group of eight, as
   the Dutch system does); across groups, no preference.

The bye is worth what :class:`~tables.tournament.results.Scoring` says (a win by default).  Within a
pair the colours follow the needs: an absolute need first, then the larger imbalance, then alternation
from the last game; in round one the higher seed moves first on odd boards and second on even ones.

**Why a matching library.**  Hand-written Swiss pairers are a backtracking search over score groups,
which is where tournament software is known to go wrong: a search that stops at the first valid
pairing of the top groups can leave the bottom unpairable, or repeat a pairing that a different choice
above would have avoided, and proving it does neither takes the whole search.  A maximum-weight
matching (Edmonds' blossom algorithm) answers the whole question at once and exactly: with
``maxcardinality=True`` it seats everyone whenever a full pairing exists, and the tiered weights above
make "no avoidable repeat" a theorem rather than a hope.  ``networkx.max_weight_matching`` is a
well-kept, widely used, tested implementation (integer weights stay exact); writing our own blossom
algorithm would be the riskiest code in the project for no gain.

**Speed.**  networkx is pure Python and the blossom algorithm O(n³): the full graph of 256 players
takes some 5 s.  So the
graph first holds, for each player, only the ``window`` nearest in the standings and the ``window``
nearest to the player's mirror in its score group (the top-half/bottom-half partner), plus the bye
edges of the lowest eligible players.  If that pairing leaves anything in tiers 1-3 (someone unpaired, a
second bye, a repeat, a colour conflict) the pairing is made again on a wider window, then on the full
graph, so the hard rules are exactly those of the full matching; tiers 4-7 are then optimal among the
nearby pairings, which is where the optimum lies in practice (distant players have distant scores).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tables.tournament.results import Player, Result, Round, Scoring
from tables.tournament.standings import points_of

if TYPE_CHECKING:
    import networkx as nx  # imported where a round is paired: a fifth of a second off every start

FIRST, SECOND = "F", "S"
#: players within this distance (standings, or mirror position in the score group) are joined first
WINDOW = 8
#: events this small are always paired on the full graph (it is fast below that)
FULL_GRAPH_UP_TO = 40


@dataclass(frozen=True)
class History:
    """What the results so far say about the players, for pairing: scores, meetings, colours, byes."""

    scores: dict[Player, Fraction]
    met: Counter[frozenset[Player]]
    colours: dict[Player, list[str]]
    byes: Counter[Player]

    @classmethod
    def of(cls, results: Sequence[Result], scoring: Scoring) -> History:
        met: Counter[frozenset[Player]] = Counter()
        colours: dict[Player, list[str]] = defaultdict(list)
        byes: Counter[Player] = Counter()
        for result in sorted(results, key=lambda r: (r.round, r.table)):
            if result.bye:
                byes[result.players[0]] += 1
                continue
            if len(result.players) != 2:
                raise ValueError("a Swiss is for two-player tables")
            first, second = result.players
            met[frozenset(result.players)] += 1
            colours[first].append(FIRST)
            colours[second].append(SECOND)
        return cls(points_of(results, scoring), met, colours, byes)

    def absolute_need(self, player: Player) -> str | None:
        """The colour a player must have now: not a third in a row, not two ahead of the other."""
        played = self.colours.get(player, [])
        if played[-2:] == [FIRST, FIRST]:
            return SECOND
        if played[-2:] == [SECOND, SECOND]:
            return FIRST
        balance = played.count(FIRST) - played.count(SECOND)
        return SECOND if balance >= 2 else FIRST if balance <= -2 else None

    def preference(self, player: Player) -> str | None:
        """The colour a player would rather have: the need, else the one played less, else a change."""
        need = self.absolute_need(player)
        if need:
            return need
        played = self.colours.get(player, [])
        balance = played.count(FIRST) - played.count(SECOND)
        if balance:
            return SECOND if balance > 0 else FIRST
        if played:
            return SECOND if played[-1] == FIRST else FIRST
        return None

    def strength(self, player: Player) -> tuple[int, int]:
        """How badly a player wants their preference: imbalance, then the length of the last run."""
        played = self.colours.get(player, [])
        run = 0
        for colour in reversed(played):
            if colour != played[-1]:
                break
            run += 1
        return abs(played.count(FIRST) - played.count(SECOND)), run


def swiss_round(
    players: Sequence[Player],
    results: Sequence[Result],
    *,
    scoring: Scoring | None = None,
    window: int = WINDOW,
) -> Round:
    """The next round of a Swiss between ``players`` (those still in, in seed order) after ``results``.

    Tables come best standing first, first mover first; an odd count leaves one bye.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player enters once")
    history = History.of(results, scoring or Scoring())
    seed = {player: index for index, player in enumerate(players)}
    order = sorted(players, key=lambda p: (-history.scores.get(p, Fraction(0)), seed[p]))
    if len(order) < 2:
        return Round(tables=(), byes=tuple(order))
    costs = _Costs(order, history)
    attempts = [window, 4 * window] if len(order) > FULL_GRAPH_UP_TO else []
    pairs: list[tuple[int, int]] = []
    for width in [*attempts, None]:
        graph = costs.graph(width)
        import networkx as nx

        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs = [(min(a, b), max(a, b)) for a, b in matching]
        if width is None or (2 * len(pairs) == costs.nodes and not any(costs.hard(a, b) for a, b in pairs)):
            break
    if 2 * len(pairs) != costs.nodes:  # cannot happen: the full graph is complete
        raise AssertionError("no full pairing")
    tables: list[tuple[Player, ...]] = []
    byes: list[Player] = []
    for a, b in sorted(pairs):
        if b == costs.bye:
            byes.append(order[a])
        else:
            tables.append(_colours(order[a], order[b], history, len(tables)))
    return Round(tables=tuple(tables), byes=tuple(byes))


def _colours(higher: Player, lower: Player, history: History, board: int) -> tuple[Player, Player]:
    """Who moves first at a table, ``higher`` being the better placed: needs, then preferences."""

    def give(player: Player, colour: str) -> tuple[Player, Player]:
        other = lower if player == higher else higher
        return (player, other) if colour == FIRST else (other, player)

    for wish in (history.absolute_need, history.preference):
        mine, theirs = wish(higher), wish(lower)
        if mine and mine != theirs:
            return give(higher, mine)
        if theirs and theirs != mine:
            return give(lower, theirs)
        if mine:  # both want the same: the stronger wish wins, the better placed on a tie
            stronger = lower if history.strength(lower) > history.strength(higher) else higher
            return give(stronger, mine)
    return (higher, lower) if board % 2 == 0 else (lower, higher)


class _Costs:
    """The tiered edge weights of one round (see the module's docstring for the tiers)."""

    TIERS = 7

    def __init__(self, order: list[Player], history: History) -> None:
        self.order = order
        self.history = history
        n = len(order)
        self.bye = n if n % 2 else -1
        self.nodes = n + (n % 2)
        levels = sorted({history.scores.get(p, Fraction(0)) for p in order}, reverse=True)
        level_of = {score: index for index, score in enumerate(levels)}
        self.level = [level_of[history.scores.get(p, Fraction(0))] for p in order]
        self.group: dict[int, list[int]] = defaultdict(list)
        for index, level in enumerate(self.level):
            self.group[level].append(index)
        self.position = {index: members.index(index) for members in self.group.values() for index in members}
        self.need = [history.absolute_need(p) for p in order]
        self.wish = [history.preference(p) for p in order]
        self.eligible = [history.byes[p] == 0 for p in order]
        eligible_levels = sorted({self.level[i] for i in range(n) if self.eligible[i]}, reverse=True)
        self.bye_rank = {level: rank for rank, level in enumerate(eligible_levels)}
        most_met = max(history.met.values(), default=0)
        maxima = [1, most_met, 1, len(levels), (len(levels) - 1) ** 2, 1, n]
        pairs = self.nodes // 2
        self.unit = [0] * self.TIERS
        below = 0
        for tier in reversed(range(self.TIERS)):
            self.unit[tier] = pairs * below + 1
            below += maxima[tier] * self.unit[tier]
        self.ceiling = below + 1

    def tiers(self, a: int, b: int) -> list[int]:
        """The penalties of pairing ``a`` with ``b`` (indices in the standings; ``b`` may be the bye)."""
        if b == self.bye:
            lowest = self.bye_rank.get(self.level[a], len(self.bye_rank))
            return [0 if self.eligible[a] else 1, 0, 0, lowest, 0, 0, len(self.order) - 1 - a]
        pa, pb = self.order[a], self.order[b]
        repeat = self.history.met[frozenset((pa, pb))]
        conflict = int(self.need[a] is not None and self.need[a] == self.need[b])
        gap = (self.level[a] - self.level[b]) ** 2
        clash = int(self.wish[a] is not None and self.wish[a] == self.wish[b])
        if self.level[a] == self.level[b]:
            size = len(self.group[self.level[a]])
            seed = abs(abs(self.position[b] - self.position[a]) - size // 2)
        else:
            seed = len(self.order)
        return [0, repeat, conflict, 0, gap, clash, min(seed, len(self.order))]

    def hard(self, a: int, b: int) -> bool:
        """Whether a pair breaks a hard rule (tiers 1-3)."""
        return any(self.tiers(a, b)[:3])

    def weight(self, a: int, b: int) -> int:
        return self.ceiling - sum(t * u for t, u in zip(self.tiers(a, b), self.unit))

    def graph(self, width: int | None) -> nx.Graph:
        """The candidate pairings: all of them (``width`` None), or the nearby ones."""
        n = len(self.order)
        edges: set[tuple[int, int]] = set()
        if width is None:
            edges = {(a, b) for a in range(n) for b in range(a + 1, n)}
            if self.bye >= 0:
                edges |= {(a, self.bye) for a in range(n)}
        else:
            for a in range(n):
                edges |= {(a, b) for b in range(a + 1, min(n, a + width + 1))}
                members = self.group[self.level[a]]
                size, here = len(members), self.position[a]
                mirror = here + size // 2 if here < size // 2 else here - size // 2
                for p in range(max(0, mirror - width), min(size, mirror + width + 1)):
                    if members[p] != a:
                        edges.add((min(a, members[p]), max(a, members[p])))
            if self.bye >= 0:
                eligible = [a for a in range(n) if self.eligible[a]] or list(range(n))
                edges |= {(a, self.bye) for a in eligible[-2 * width :] + list(range(n))[-width:]}
        import networkx as nx

        graph = nx.Graph()
        graph.add_weighted_edges_from((a, b, self.weight(a, b)) for a, b in edges)
        return graph
