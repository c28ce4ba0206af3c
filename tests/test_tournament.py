"""The tournament core (issue 31): round robin, Swiss, multi-player seating and standings.

Property tests play whole random events (random results, withdrawals between rounds, odd counts, 2 to
40 players) and check every round against the rules, with the hard ones (no avoidable repeat, at most
one bye, colours) checked against an exhaustive search on small events, and the standings against a
plain recomputation written here, separately and simply.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import descriptions
from tables.tournament import (
    Result,
    Round,
    Scoring,
    is_two_player,
    round_robin,
    seat_round,
    split,
    standings,
    swiss_round,
    table_sizes,
)
from tables.tournament.groups import repeats

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the whole file stays near 20 s on one core: about 900 random events (some 5,000 rounds) a run
SWISS_MANY = settings(max_examples=180, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEATED_MANY = settings(max_examples=220, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the plain recomputation of the standings -------------------------------------------------------


def plain_points(result: Result, bye: Fraction) -> dict[str, Fraction]:
    """Sort the players by place, hand out size-1, size-2, ... 0, and average within each tie."""
    if len(result.players) == 1:
        return {result.players[0]: bye}
    size = len(result.players)
    ranked = sorted(zip(result.places, result.players))
    handed = {player: Fraction(size - 1 - index) for index, (_, player) in enumerate(ranked)}
    out = {}
    for player, place in zip(result.players, result.places):
        tied = [p for p, q in zip(result.players, result.places) if q == place]
        out[player] = sum((handed[p] for p in tied), Fraction(0)) / len(tied)
    return out


def plain_standings(results: list[Result], players: list[str], bye: Fraction) -> list[tuple]:
    """(player, points, Buchholz, Sonneborn-Berger) best first, then entry order; with shared ranks."""
    points = dict.fromkeys(players, Fraction(0))
    for result in results:
        for player, got in plain_points(result, bye).items():
            points[player] += got
    buchholz = dict.fromkeys(players, Fraction(0))
    sb = dict.fromkeys(players, Fraction(0))
    for result in results:
        for me, my_place in zip(result.players, result.places):
            for them, their_place in zip(result.players, result.places):
                if me == them:
                    continue
                buchholz[me] += points[them]
                if my_place < their_place:
                    sb[me] += points[them]
                elif my_place == their_place:
                    sb[me] += points[them] / 2
    lines = [(p, points[p], buchholz[p], sb[p]) for p in players]
    best_first = []
    for line in lines:  # insertion sort: plain, and stable
        at = 0
        while at < len(best_first) and best_first[at][1:] >= line[1:]:
            at += 1
        best_first.insert(at, line)
    ranked = []
    for index, line in enumerate(best_first):
        rank = ranked[-1][0] if ranked and ranked[-1][1][1:] == line[1:] else index + 1
        ranked.append((rank, line))
    return [(rank, *line) for rank, line in ranked]


def assert_standings(results: list[Result], players: list[str], scoring: Scoring) -> None:
    got = [(s.rank, s.player, s.points, s.buchholz, s.sonneborn_berger) for s in standings(results, players, scoring)]
    assert got == plain_standings(results, players, scoring.bye)


# --- random events ---------------------------------------------------------------------------------


def play(round_: Round, number: int, rng: random.Random) -> list[Result]:
    """Random results of a round: any order of places, ties now and then; byes as results."""
    out = []
    for table_number, table in enumerate(round_.tables, start=1):
        scores = [rng.choice((0, 1, 1, 2, 2, 3)) for _ in table]
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        out.append(Result(number, table_number, table, places))
    out += [Result(number, 0, (player,), (1,)) for player in round_.byes]
    return out


def withdraw(active: list[str], rng: random.Random) -> list[str]:
    """Between rounds, now and then one or two players leave (never the last two)."""
    if len(active) > 2 and rng.random() < 0.3:
        for _ in range(rng.choice((1, 1, 2))):
            if len(active) > 2:
                leaving = rng.choice(active)
                active = [p for p in active if p != leaving]
    return active


def assert_everyone_once(round_: Round, active: list[str]) -> None:
    assert sorted(round_.players()) == sorted(active)


# --- the Swiss's own rules, written out for the checks -----------------------------------------------


def colours(results: list[Result]) -> dict[str, list[str]]:
    seq: dict[str, list[str]] = {}
    for result in sorted(results, key=lambda r: r.round):
        if len(result.players) == 2:
            seq.setdefault(result.players[0], []).append("F")
            seq.setdefault(result.players[1], []).append("S")
    return seq


def must(history: list[str]) -> str | None:
    """The colour a player must have: no third in a row, no two ahead (docs of tables.tournament.swiss)."""
    if history[-2:] == ["F", "F"]:
        return "S"
    if history[-2:] == ["S", "S"]:
        return "F"
    balance = history.count("F") - history.count("S")
    return "S" if balance >= 2 else "F" if balance <= -2 else None


def hard_cost(a: str, b: str | None, met: Counter, byed: set[str], seq: dict[str, list[str]]) -> tuple[int, int, int]:
    """(second bye, repeats, colour conflict) of one pair; ``b`` None is the bye."""
    if b is None:
        return (int(a in byed), 0, 0)
    need_a, need_b = must(seq.get(a, [])), must(seq.get(b, []))
    return (0, met[frozenset((a, b))], int(need_a is not None and need_a == need_b))


def best_hard_cost(active: list[str], met: Counter, byed: set[str], seq: dict[str, list[str]]) -> tuple[int, ...]:
    """The least (second byes, repeats, conflicts) of any full pairing: exhaustive, for small events."""
    nodes: list[str | None] = [*active, None] if len(active) % 2 else list(active)

    @cache
    def best(left: frozenset[int]) -> tuple[int, int, int]:
        if not left:
            return (0, 0, 0)
        first = min(left)
        options = []
        for other in left - {first}:
            a, b = nodes[first], nodes[other]
            if a is None:
                a, b = b, a
            assert a is not None
            cost = hard_cost(a, b, met, byed, seq)
            rest = best(left - {first, other})
            options.append(tuple(x + y for x, y in zip(cost, rest)))
        return min(options)

    return best(frozenset(range(len(nodes))))


def swiss_event(players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entered = [f"p{i:02d}" for i in range(players)]
    active = list(entered)
    results: list[Result] = []
    for number in range(1, rounds + 1):
        met = Counter(frozenset(r.players) for r in results if len(r.players) == 2)
        byed = {r.players[0] for r in results if r.bye}
        seq = colours(results)
        round_ = swiss_round(active, results)
        assert_everyone_once(round_, active)
        assert len(round_.byes) == len(active) % 2
        assert all(len(table) == 2 for table in round_.tables)
        pairs = [(a, b) for a, b in round_.tables] + [(p, None) for p in round_.byes]
        chosen = tuple(map(sum, zip(*(hard_cost(a, b, met, byed, seq) for a, b in pairs))))
        # at most one bye: a second only when everyone still in has had one
        for player in round_.byes:
            assert player not in byed or byed >= set(active)
        # colours: a player goes against its need only when its opponent had the same need
        for first, second in round_.tables:
            need_first, need_second = must(seq.get(first, [])), must(seq.get(second, []))
            if need_first == "S" or need_second == "F":
                assert need_first == need_second
        if len(active) <= 11:
            assert chosen == best_hard_cost(active, met, byed, seq)
        elif chosen[1]:  # a repeat: no pairing of the round avoids them all
            graph = nx.Graph()
            graph.add_edges_from((a, b) for a, b in combinations(active, 2) if not met[frozenset((a, b))])
            if len(active) % 2:
                graph.add_edges_from((p, "bye") for p in active if p not in byed)
            assert 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) < len(active) + len(active) % 2
        results += play(round_, number, rng)
        active = withdraw(active, rng)
    assert_standings(results, entered, Scoring())


def seated_event(players: int, rounds: int, sizes: tuple[int, ...], seed: int) -> None:
    rng = random.Random(seed)
    entered = [f"p{i:02d}" for i in range(players)]
    active = list(entered)
    results: list[Result] = []
    scoring = Scoring.for_sizes(sizes)
    for number in range(1, rounds + 1):
        met = Counter(frozenset(pair) for r in results for pair in combinations(r.players, 2))
        byed = {r.players[0] for r in results if r.bye}
        round_ = seat_round(active, results, sizes)
        assert_everyone_once(round_, active)
        shapes, byes = split(len(active), sizes)
        assert sorted((len(t) for t in round_.tables), reverse=True) == list(shapes)
        assert len(round_.byes) == byes
        for player in round_.byes:
            assert player not in byed or len(byed & set(active)) > len(active) - byes
        # never worse than seating by standing (the greedy only swaps to remove meetings)
        points = {s.player: s.points for s in standings(results, entered, scoring)}
        by_standing = sorted((p for p in active if p not in round_.byes), key=lambda p: (-points[p], p))
        natural, start = [], 0
        for size in sorted((len(t) for t in round_.tables), reverse=True):
            natural.append(by_standing[start : start + size])
            start += size
        assert repeats(round_.tables, met) <= repeats(natural, met)
        if number == 2 and len(round_.tables) >= max(sizes) + 1:
            assert repeats(round_.tables, met) == 0
        results += play(round_, number, rng)
        active = withdraw(active, rng)
    assert_standings(results, entered, scoring)


# --- the tests ---------------------------------------------------------------------------------------

SIZES = st.sampled_from([(3, 4), (3,), (4,), (3, 4, 5)])


@FAST
@given(st.integers(2, 40), st.integers(1, 9), st.integers(0, 2**32))
def test_swiss_events(players: int, rounds: int, seed: int) -> None:
    swiss_event(players, rounds, seed)


@FAST
@given(st.integers(2, 11), st.integers(1, 12), st.integers(0, 2**32))
def test_swiss_small_events_long(players: int, rounds: int, seed: int) -> None:
    """More rounds than players: repeats and second byes become unavoidable, and must stay minimal."""
    swiss_event(players, rounds, seed)


@pytest.mark.slow
@SWISS_MANY
@given(st.integers(2, 40), st.integers(1, 12), st.integers(0, 2**32))
def test_swiss_events_many(players: int, rounds: int, seed: int) -> None:
    swiss_event(players, rounds, seed)


@FAST
@given(st.integers(3, 40), st.integers(1, 8), SIZES, st.integers(0, 2**32))
def test_seated_events(players: int, rounds: int, sizes: tuple[int, ...], seed: int) -> None:
    seated_event(players, rounds, sizes, seed)


@pytest.mark.slow
@SEATED_MANY
@given(st.integers(3, 40), st.integers(1, 10), SIZES, st.integers(0, 2**32))
def test_seated_events_many(players: int, rounds: int, sizes: tuple[int, ...], seed: int) -> None:
    seated_event(players, rounds, sizes, seed)


@pytest.mark.parametrize("double", [False, True])
def test_round_robin(double: bool) -> None:
    rng = random.Random(31)
    for n in range(2, 41):
        players = [f"p{i:02d}" for i in range(n)]
        schedule = round_robin(players, double=double)
        assert len(schedule) == (n - 1 + n % 2) * (2 if double else 1)
        results: list[Result] = []
        for number, round_ in enumerate(schedule, start=1):
            assert_everyone_once(round_, players)
            assert len(round_.byes) == n % 2
            results += play(round_, number, rng)
        games = [t for r in schedule for t in r.tables]
        if double:
            assert Counter(games) == Counter(combinations(players, 2)) + Counter(
                (b, a) for a, b in combinations(players, 2)
            )
        else:
            assert Counter(frozenset(t) for t in games) == Counter(frozenset(p) for p in combinations(players, 2))
            firsts = Counter(first for first, _ in games)
            assert max(firsts[p] for p in players) - min(firsts[p] for p in players) <= 1
        if n % 2:  # a bye for each player once a cycle
            assert Counter(p for r in schedule for p in r.byes) == Counter(players * (2 if double else 1))
        assert_standings(results, players, Scoring())


def test_swiss_pairs_within_score_groups() -> None:
    """Round one: top half against bottom half by seed; round two: winners meet winners."""
    players = [f"p{i}" for i in range(8)]
    first = swiss_round(players, [])
    assert sorted(frozenset(t) for t in first.tables) == sorted(
        frozenset(("p" + str(i), "p" + str(i + 4))) for i in range(4)
    )
    assert [t[0] for t in first.tables] == ["p0", "p5", "p2", "p7"]  # alternating colours by board
    results = [Result(1, k, t, (1, 2)) for k, t in enumerate(first.tables, start=1)]
    winners = {t[0] for t in first.tables}
    for table in swiss_round(players, results).tables:
        assert (table[0] in winners) == (table[1] in winners)


def test_swiss_bye_goes_to_the_lowest_and_is_a_win() -> None:
    players = ["a", "b", "c"]
    first = swiss_round(players, [])
    assert first.byes == ("c",)
    results = [Result(1, 1, first.tables[0], (1, 2)), Result(1, 0, ("c",), (1,))]
    assert standings(results, players)[-1].points == 0
    assert {s.player: s.points for s in standings(results, players)}["c"] == 1
    loser = first.tables[0][1]
    assert swiss_round(players, results).byes == (loser,)


def test_split_and_sizes() -> None:
    assert split(5, (3, 4)) == ((4,), 1)
    assert split(6, (3, 4)) == ((3, 3), 0)
    assert split(7, (3, 4)) == ((4, 3), 0)
    assert split(9, (3, 4)) == ((3, 3, 3), 0)
    assert split(2, (3, 4)) == ((), 2)
    for n in range(0, 60):
        shapes, byes = split(n, (3, 4))
        assert sum(shapes) + byes == n and byes == (1 if n == 5 else 2 if n == 2 else 1 if n == 1 else 0)
    for description in descriptions():
        if is_two_player(description.min_players, description.max_players):
            with pytest.raises(ValueError):
                table_sizes(description.min_players, description.max_players)
        else:
            sizes = table_sizes(description.min_players, description.max_players)
            assert min(sizes) >= 3 and max(sizes) == description.max_players


def test_points_by_place() -> None:
    scoring = Scoring.for_sizes((3, 4))
    assert scoring.bye == 1
    assert scoring.points(Result(1, 1, ("a", "b", "c", "d"), (1, 2, 3, 4))) == {"a": 3, "b": 2, "c": 1, "d": 0}
    assert scoring.points(Result(1, 1, ("a", "b", "c", "d"), (1, 1, 3, 3))) == {
        "a": Fraction(5, 2), "b": Fraction(5, 2), "c": Fraction(1, 2), "d": Fraction(1, 2)
    }
    half = Fraction(1, 2)
    assert scoring.points(Result(1, 1, ("a", "b", "c"), (2, 1, 2))) == {"a": half, "b": 2, "c": half}
    assert Scoring().points(Result(1, 1, ("a", "b"), (1, 1))) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    with pytest.raises(ValueError):
        Result(1, 1, ("a", "b"), (1, 3))


#: a four-player event computed by hand (three rounds): b and c tie on points and Buchholz
BY_HAND = [
    Result(1, 1, ("a", "b"), (1, 2)),
    Result(1, 2, ("c", "d"), (1, 2)),
    Result(2, 1, ("b", "c"), (1, 2)),
    Result(2, 2, ("d", "a"), (1, 1)),
    Result(3, 1, ("c", "a"), (1, 2)),
    Result(3, 2, ("b", "d"), (1, 2)),
]


def test_tie_breaks_by_hand() -> None:
    """b and c tie on points and Buchholz; b's wins were over stronger players (Sonneborn-Berger)."""
    results = BY_HAND
    ranking = standings(results, ["a", "b", "c", "d"])
    table = {s.player: s for s in ranking}
    assert [table[p].points for p in "abcd"] == [Fraction(3, 2), 2, 2, Fraction(1, 2)]
    assert [table[p].buchholz for p in "abcd"] == [Fraction(9, 2), 4, 4, Fraction(11, 2)]
    assert [table[p].sonneborn_berger for p in "abcd"] == [Fraction(9, 4), Fraction(5, 2), 2, Fraction(3, 4)]
    assert [(s.rank, s.player) for s in ranking] == [(1, "b"), (2, "c"), (3, "a"), (4, "d")]


def test_players_no_longer_in_are_ranked_below_everyone_still_in() -> None:
    """The hand-computed event above, with b (first on points) out: b comes last, the others keep their order
    and ranks close up (c first); b's points still count in the others' Buchholz."""
    results = BY_HAND
    ranking = standings(results, ["a", "b", "c", "d"], behind={"b"})
    assert [(s.rank, s.player) for s in ranking] == [(1, "c"), (2, "a"), (3, "d"), (4, "b")]
    assert {s.player: s.buchholz for s in ranking}["c"] == 4  # b's 2 points, d's ½ and a's 1½
    # two out: ranked among themselves by the same keys (a 1½ ahead of d ½), below the rest
    ranking = standings(results, ["a", "b", "c", "d"], behind={"a", "d"})
    assert [(s.rank, s.player) for s in ranking] == [(1, "b"), (2, "c"), (3, "a"), (4, "d")]
    ranking = standings(results, ["a", "b", "c", "d"], behind={"b", "c"})
    assert [(s.rank, s.player) for s in ranking] == [(1, "a"), (2, "d"), (3, "b"), (4, "c")]
