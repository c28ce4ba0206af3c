"""Strength of the computer players: matches between levels and baselines, with figures.

    python -m bench.ai [GAME ...] [--games N] [--ms-scale F] [--iterations N | --rate R] [--match A:B ...]
                       [--paired A:B ...] [--against C] [--players P] [--option KEY=VALUE ...] [--seed S]
                       [--memory]

Per game and match it prints the score of the first player (win 1, draw or shared win 1/2) with a
95% confidence interval, the games played, the median and p95 time per move of each computer
player and its search speed (nodes, playouts or outcomes per second, as its module reports in
``LAST_STATS``).  Seats alternate from game to game (every seat rotation is played equally often).
With ``--players 3`` or ``4`` a match ``hard:greedy`` seats one ``hard`` against greedy players and
reports its win rate (a shared win counts 1/number of winning sides) and mean place; with Krakatoa's
``--option teams=true`` the ``hard`` seat's partner is greedy and the score is its team's.  ``--option`` sets a
game option for every table, e.g. ``--option preset=basic`` or ``--option teams=true`` (Krakatoa).

Players: a level (``easy``, ``normal``, ``hard``; budget = default ms × ``--ms-scale``, or
``--iterations``) or a baseline name of ``bench.ai_baselines.BASELINES[game]`` (merged with
``bench.ai_baselines_hidden.BASELINES`` when that module exists: part 2 adds Plateau and K3 there).

Without ``--match`` (or ``--paired``) the default set is played: each level against random and
greedy, and each level against the level below.  Chance moves are drawn from a per-game seeded RNG.

**Paired games** (``--paired A:B``, e.g. ``--paired hard:normal``): for each game seed, A plays one
seat against ``--against`` players (default ``greedy``) in all the others, then B plays that same
seat against the same opponents on the same dice; seats rotate game by game.  It prints the mean
difference A - B of the seat's points (its side's final total) and of its score (as above: win 1,
shared 1/2 or 1/number of winning sides), each with a 95% interval, then each player's own figures.
The same dice need chance that does not depend on the players' choices, which one RNG per game
does not give (an aim that strikes more dice uses more numbers, and every later throw shifts):
Krakatoa's paired games draw each throw of each side from a stream of its own (``SeatDice``), so
A and B see the same dice wherever they have chosen alike, and the opponents' turns (each starts
with all nine dice thrown, KR-4.3) stay the same.  Other games use the per-game RNG.  E.g.

    python -m bench.ai krakatoa --paired hard:normal --games 10000
    python -m bench.ai krakatoa --paired hard:normal --players 4 --games 5300

Measured (2026-12-02, default budgets, advanced preset; a Krakatoa game takes about 0.09 s of one
core with two players, a pair twice that: 10,000 pairs about 30 minutes):

    --paired hard:normal --games 10000 --seed 1: points +0.024 ± 0.058, score +0.0007 ± 0.0010
        (hard 0.5325 ± 0.0098 against greedy, normal 0.5319 ± 0.0098)
    --match hard:random --games 3500 --seed 3: 0.882 ± 0.011
    --match hard:greedy --players 4 --games 5300 --seed 4: wins 0.292 ± 0.012, mean place 2.38
    --paired hard:normal --players 4 --games 5300 --seed 4: points +0.025 ± 0.069, score -0.0002 ± 0.0008
        (hard 0.2770 ± 0.0120 against three greedy, mean place 2.412; normal 0.2772, 2.412)
    --paired hard:normal --against random --games 3500 --seed 3: points -0.020 ± 0.052,
        score +0.0003 ± 0.0009 (hard 0.8961 ± 0.0101 against random, normal 0.8959)

``hard`` valuing its whole last turn by the chance to win (others finished; ``ai.krakatoa``'s
docstring), 2026-12-02, pinned to one core (``taskset -c 1``), about 0.17 s a pair (two players):

    --paired hard:normal --games 10000 --seed 1: points +0.076 ± 0.100, score +0.0017 ± 0.0017
        (points differ in 402 games, results in 84; hard 0.5335 ± 0.0098 against greedy, normal
        0.5319 ± 0.0098; moves: hard median 1 ms, p95 4 ms, normal 1 ms, 3 ms)
    --paired hard:normal --against random --games 3500 --seed 3: points -0.100 ± 0.128,
        score +0.0001 ± 0.0016 (results differ in 10; hard 0.8960 ± 0.0101, normal 0.8959)
    --paired hard:normal --players 4 --games 5300 --seed 4: points -0.031 ± 0.074, score -0.0004 ± 0.0012
        (results differ in 10; hard 0.2768 ± 0.0120 against three greedy, mean place 2.413; normal
        0.2772, 2.412)

The same ``hard``, unpaired matches (one RNG per game), 2026-12-02, one core each:

    --match hard:greedy --games 10000 --seed 1: 0.536 ± 0.010 (+5339 =41 -4620)
    --match hard:greedy --games 5000 --seed 2: 0.543 ± 0.014 (+2705 =25 -2270)   (2026-12-03)
    --match hard:greedy --games 5000 --seed 3: 0.529 ± 0.014 (+2629 =31 -2340)   (2026-12-03)
        (the three pooled, 20,000 games: 0.536 ± 0.007)
    --match hard:random --games 3500 --seed 3: 0.882 ± 0.011
    --match hard:greedy --players 4 --games 5300 --seed 4: wins 0.292 ± 0.012, mean place 2.38
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import math
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ai
from bench.ai_baselines import BASELINES as _BASE
from engines import CHANCE, get_engine
from engines import krakatoa as KR
from engines.base import Engine


def all_baselines() -> dict[str, dict[str, Callable[..., str]]]:
    """This module's baselines merged with ``bench.ai_baselines_hidden``'s where present."""
    merged = {game: dict(players) for game, players in _BASE.items()}
    try:
        hidden = importlib.import_module("bench.ai_baselines_hidden")
    except ModuleNotFoundError:
        return merged
    for game, players in getattr(hidden, "BASELINES", {}).items():
        merged.setdefault(game, {}).update(players)
    return merged


@dataclass
class Clockings:
    """Times per move (seconds) and the search work of one computer player."""

    times: list[float] = field(default_factory=list)
    work: int = 0
    work_seconds: float = 0.0
    unit: str = ""

    def add(self, seconds: float, stats: dict[str, Any] | None) -> None:
        self.times.append(seconds)
        if stats:
            self.work += int(stats.get("work", 0))
            self.work_seconds += float(stats.get("seconds", seconds))
            self.unit = str(stats.get("unit", ""))


def make_player(game: str, name: str, budget: ai.Budget | None, clock: Clockings) -> Callable[..., str]:
    """A function ``(engine, state, seat, rng) -> move text`` for a level or a baseline."""
    if name in ai.LEVELS:
        module = importlib.import_module(ai.PLAYERS[game])

        def level_player(engine: Engine, state: Any, seat: int, rng: random.Random) -> str:
            view = engine.view(state, seat)
            seed = rng.getrandbits(32)
            stats = getattr(module, "LAST_STATS", None)
            if stats is not None:
                stats.clear()  # filled again by this search only
            started = time.perf_counter()
            move = ai.choose_move(game, view, seat, name, budget or ai.Budget.for_level(name), seed)
            clock.add(time.perf_counter() - started, stats)
            return move

        return level_player
    baselines = all_baselines().get(game, {})
    if name not in baselines:
        raise SystemExit(f"unknown player {name!r} for {game}: levels {', '.join(ai.LEVELS)} or {', '.join(baselines)}")
    return baselines[name]


def play_game(
    engine: Engine, players: list[Callable[..., str]], seed: int, options: dict[str, Any] | None = None,
    paired: bool = False,
) -> tuple[Any, int]:
    """One game from the start, seat i played by ``players[i]``; returns (outcome, plies).

    Chance is drawn from one RNG seeded per game, or with ``paired`` by ``SeatDice`` (Krakatoa: the
    dice of each side's throws do not depend on anyone's earlier choices)."""
    state = engine.new_game(len(players), seed=seed, options=options)
    chance = random.Random(seed * 7919 + 1)
    seat_dice = SeatDice(seed) if paired and engine.name == "krakatoa" else None
    rngs = [random.Random(seed * 104729 + i) for i in range(len(players))]
    plies = 0
    while engine.outcome(state) is None:
        seat = engine.to_move(state)
        if seat == CHANCE:
            move = seat_dice.draw(state) if seat_dice else engine.sample_chance(state, chance)
        else:
            assert seat is not None
            text = players[seat](engine, state, seat, rngs[seat])
            move = engine.parse_move(state, text)
            if engine.format_move(state, move) != text or move not in engine.legal_moves(state):
                raise AssertionError(f"illegal or non-canonical move {text!r} at {engine.to_position(state)}")
        state = engine.apply(state, move)
        plies += 1
    return engine.outcome(state), plies


class SeatDice:
    """Krakatoa's chance for paired games: each throw's dice from a stream of its own.

    ``engine.sample_chance`` draws from one RNG per game, so how many numbers a throw uses (which
    dice an aim strikes, a rethrow or not) shifts every later throw: the dice a side sees would
    depend on everyone's earlier choices.  Here every throw of every side (KR-4.1 throw-off throws,
    KR-4.3 throws 1-5 and the throw-1 rethrow, KR-5 bonus throws, counted per side) gets its own RNG,
    seeded by (game seed, side, throw), which draws the same numbers whatever was chosen: 9 fresh
    faces, then per table die a strike number and a new face.  A fresh set takes the first three
    faces, all nine dice take all nine; a table die (set j, sorted die k) is struck when its number
    is below its KR-8.2 probability for the aim chosen, and then shows its own new face; nothing
    struck is a scratch.  Each die is thrown with KR-1.1's and KR-8.2's odds, independently, so the
    law is ``chance_outcomes``'s; and two players in the same seat who make the same choices see the
    same dice, who make different ones see dice as alike as the rules allow (common random numbers)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.counts: dict[tuple[Any, ...], int] = {}

    def rng(self, state: Any) -> random.Random:
        """The RNG of the throw at ``state``: the n-th throw of this kind by this side."""
        kind: tuple[Any, ...]
        if state.phase == "play":
            kind = (state.round, state.throw, state.step == "roll:again")
        else:  # throw-off (ties throw again, KR-4.1) and bonus throws (KR-5.2): counted
            kind = (state.phase,)
        key = (state.side, *kind)
        n = self.counts.get(key, 0)
        self.counts[key] = n + 1
        name = "/".join(str(part) for part in (self.seed, *key, n))
        # seeded by a digest: Random's own seeding from near-identical strings starts out correlated
        return random.Random(int.from_bytes(hashlib.sha256(name.encode()).digest()[:16], "big"))

    def draw(self, state: Any) -> Any:
        """The chance move at ``state`` (a Krakatoa ``roll`` or ``scratch``), same law as the engine's."""
        rng = self.rng(state)
        faces = [_FACE_OF[rng.randrange(len(_FACE_OF))] for _ in range(9)]
        strikes = [rng.random() for _ in range(9)]
        again = [_FACE_OF[rng.randrange(len(_FACE_OF))] for _ in range(9)]
        step = state.step
        if step in ("roll:s", "roll:a", "roll:l"):  # KR-8.1 the throw-off: one set
            shown: list[str | None] = [None, None, None]
            shown[KR.SETS.index(step[5])] = KR.sort_faces("".join(faces[:3]))
            return ("roll", KR.dice_text(shown))
        if step in ("roll:all", "roll:again"):  # KR-8.1 all nine dice
            return ("roll", KR.dice_text(tuple(KR.sort_faces("".join(faces[i : i + 3])) for i in (0, 3, 6))))
        _, thrown, die, force = step.split(":")  # KR-8.2 an aimed throw
        x, y, i = KR.SETS.index(thrown), KR.SETS.index(die[0]), int(die[1]) - 1
        params = KR.THROW_PARAMS_FLOAT[force]
        new: list[str] = list(state.dice)
        new[x] = KR.sort_faces("".join(faces[:3]))
        struck = False
        for j in range(3):
            if j == x:
                continue
            table = list(state.dice[j])
            for k in range(3):
                p = params["other"] if j != y else (params["target"] if k == i else params["mate"])
                if strikes[3 * j + k] < p:
                    struck = True
                    table[k] = again[3 * j + k]
            new[j] = KR.sort_faces("".join(table))
        return ("roll" if struck else "scratch", KR.dice_text(tuple(new)))


#: KR-1.1: a die's twelve faces, 3 yellow, 4 red, 5 blue
_FACE_OF = "".join(colour * n for colour, n in KR.FACES.items())


def interval(scores: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    n = len(scores)
    if n == 0:
        return 0.0, 0.0
    mean = sum(scores) / n
    if n == 1:
        return mean, 1.0
    sd = statistics.stdev(scores)
    return mean, 1.96 * sd / math.sqrt(n)


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def _side(seat: int, players: int, options: dict[str, Any] | None) -> int:
    """The seat's side: with Krakatoa's ``teams`` (KR-6.2) seats 0 and 2 are side 0, 1 and 3 side 1."""
    return seat % 2 if options and options.get("teams") and players == 4 else seat


def win_score(result: Any, seat: int, players: int, options: dict[str, Any] | None) -> float:
    """The seat's score of one game: two players win 1, draw or shared win 1/2; more players: a
    shared win counts 1 / number of winning sides (KR-6.2: partners win together)."""
    if players == 2:
        if result.draw or len(result.winners) > 1:
            return 0.5
        return 1.0 if seat in result.winners else 0.0
    sides = {_side(w, players, options) for w in result.winners}
    return 1.0 / len(sides) if _side(seat, players, options) in sides else 0.0


def run_match(
    game: str, first: str, second: str, games: int, budget_of: Callable[[str], ai.Budget | None],
    players: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``first`` in one seat against ``second`` in all others, seats rotated game by game."""
    engine = get_engine(game)
    clocks = {first: Clockings(), second: Clockings()}
    fa = make_player(game, first, budget_of(first), clocks[first])
    fb = make_player(game, second, budget_of(second), clocks[second])
    scores: list[float] = []
    places: list[int] = []
    plies_total = 0
    for g in range(games):
        seat = g % players
        lineup = [fb] * players
        lineup[seat] = fa
        result, plies = play_game(engine, lineup, seed * 100_003 + g, options)
        plies_total += plies
        scores.append(win_score(result, seat, players, options))
        if result.placements:
            places.append(result.placements[seat])
        if (g + 1) % 50 == 0 and g + 1 < games:
            mean, half = interval(scores)
            note = f"  ... {first} vs {second}: {g + 1} games, score {mean:.3f} ± {half:.3f}"
            if places and players > 2:
                note += f", mean place {statistics.mean(places):.3f}"
            print(note, file=sys.stderr, flush=True)
    mean, half = interval(scores)
    return {
        "wins": scores.count(1.0), "draws": scores.count(0.5), "losses": scores.count(0.0),
        "game": game, "first": first, "second": second, "players": players, "games": games,
        "score": mean, "ci": half, "mean_place": statistics.mean(places) if places else None,
        "clocks": clocks, "plies": plies_total, "teams": bool(options and options.get("teams")),
    }


def run_paired(
    game: str, first: str, second: str, against: str, games: int, budget_of: Callable[[str], ai.Budget | None],
    players: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Paired games: for each game seed, ``first`` plays one seat against ``against`` in all others,
    then ``second`` plays that same seat against the same opponents on the same dice (``SeatDice``;
    other games than Krakatoa: the same chance RNG).  Seats rotate game by game.  The differences
    first - second of the seat's points (its side's final total) and of its score are what a
    pair measures; their means come with 95% intervals (much narrower than two separate matches':
    the dice both players saw are the same)."""
    engine = get_engine(game)
    clocks = [Clockings(), Clockings(), Clockings()]  # first, second, against (a name may recur)
    pair = [make_player(game, name, budget_of(name), clock) for name, clock in zip((first, second), clocks)]
    fo = make_player(game, against, budget_of(against), clocks[2])
    points: list[list[float]] = [[], []]
    scores: list[list[float]] = [[], []]
    places: list[list[int]] = [[], []]
    for g in range(games):
        seat = g % players
        for k, player in enumerate(pair):
            lineup = [fo] * players
            lineup[seat] = player
            result, _ = play_game(engine, lineup, seed * 100_003 + g, options, paired=True)
            points[k].append(float(result.scores[seat]) if result.scores else 0.0)
            scores[k].append(win_score(result, seat, players, options))
            if result.placements:
                places[k].append(result.placements[seat])
        if (g + 1) % 100 == 0 and g + 1 < games:  # the figures so far, should the run be cut short
            (pm, ph), (sm, sh) = interval([a - b for a, b in zip(*points)]), interval([a - b for a, b in zip(*scores)])
            (own, oh), place = interval(scores[0]), _mean(places[0])
            note = f"  ... {first} - {second} paired: {g + 1} games, points {pm:+.3f} ± {ph:.3f}"
            note += f", score {sm:+.4f} ± {sh:.4f}; {first} against {against}: score {own:.4f} ± {oh:.4f}"
            if place is not None and players > 2:
                note += f", mean place {place:.3f}"
            print(note, file=sys.stderr, flush=True)
    point_diff = [a - b for a, b in zip(*points)]
    score_diff = [a - b for a, b in zip(*scores)]
    return {
        "game": game, "first": first, "second": second, "against": against, "players": players,
        "games": games, "teams": bool(options and options.get("teams")),
        "points": interval(point_diff), "score": interval(score_diff),
        "differ": sum(1 for d in score_diff if d), "point_differ": sum(1 for d in point_diff if d),
        "each": [
            (name, interval(points[k]), interval(scores[k]), _mean(places[k])) for k, name in enumerate((first, second))
        ],
        "clocks": [(name, clocks[k]) for k, name in enumerate((first, second))],
    }


def _mean(values: list[int]) -> float | None:
    return statistics.mean(values) if values else None


def format_paired(r: dict[str, Any]) -> str:
    """The lines ``--paired`` prints for one pair of players."""
    a, b = r["first"], r["second"]
    table = f"{r['players']}p" + (" teams" if r["teams"] else "")
    (pm, ph), (sm, sh) = r["points"], r["score"]
    lines = [
        f"{r['game']:9} {a} - {b}, paired against {r['against']} ({table}), games {r['games']}:"
        f"  points {pm:+.3f} ± {ph:.3f}  score {sm:+.4f} ± {sh:.4f}"
        f"  (points differ in {r['point_differ']}, results in {r['differ']})"
    ]
    for name, (m, h), (s, sh_), place in r["each"]:
        where = f"  mean place {place:.3f}" if place is not None and r["players"] > 2 else ""
        lines.append(f"    {name}: points {m:.2f} ± {h:.2f}  score {s:.4f} ± {sh_:.4f}{where}")
    for name, clock in r["clocks"]:
        if clock.times:
            lines.append(
                f"    {name}: {len(clock.times)} moves, median {statistics.median(clock.times) * 1000:.0f} ms, "
                f"p95 {p95(clock.times) * 1000:.0f} ms"
            )
    return "\n".join(lines)


def format_result(r: dict[str, Any]) -> str:
    head = f"{r['game']:9} {r['first']:>7} vs {r['second']:<7}"
    if r.get("teams"):
        head += f" (4p teams, {r['first']} with a {r['second']} partner against two {r['second']})"
    elif r["players"] > 2:
        head += f" ({r['players']}p, one {r['first']} against {r['players'] - 1} {r['second']})"
    line = f"{head}  score {r['score']:.3f} ± {r['ci']:.3f}  games {r['games']}"
    if r["players"] == 2:
        line += f" (+{r['wins']} ={r['draws']} -{r['losses']})"
    if r["mean_place"] is not None and r["players"] > 2 and not r.get("teams"):
        line += f"  mean place {r['mean_place']:.2f}"
    parts = [line]
    for name, clock in r["clocks"].items():
        if not clock.times:
            continue
        speed = ""
        if clock.work and clock.work_seconds > 0:
            speed = f", {clock.work / clock.work_seconds:,.0f} {clock.unit}/s"
        parts.append(
            f"    {name}: {len(clock.times)} moves, median {statistics.median(clock.times) * 1000:.0f} ms, "
            f"p95 {p95(clock.times) * 1000:.0f} ms{speed}"
        )
    return "\n".join(parts)


def default_matches(game: str) -> list[str]:
    levels = list(ai.LEVELS)
    out = []
    for level in reversed(levels):
        out += [f"{level}:random", f"{level}:greedy"]
    out += [f"{levels[i]}:{levels[i - 1]}" for i in range(len(levels) - 1, 0, -1)]
    return out


#: a position with a large decision per game (Krakatoa's throw 2: every set and aim); default the start
MEMORY_POSITIONS = {"krakatoa": "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"}


def peak_memory(game: str, level: str, budget: ai.Budget) -> tuple[float, int]:
    """(MB at the peak, work) of one search.  The search first runs untraced with ``budget``; then
    the same amount of work is replayed as an iteration budget under tracemalloc (which slows
    Python down too much for a time budget to mean anything)."""
    engine = get_engine(game)
    position = MEMORY_POSITIONS.get(game)
    state = engine.from_position(position) if position else engine.new_game(engine.min_players, seed=1)
    seat = engine.to_move(state)
    assert seat is not None and seat != CHANCE
    module = importlib.import_module(ai.PLAYERS[game])
    stats = getattr(module, "LAST_STATS", {})
    stats.clear()
    ai.choose_move(game, engine.view(state, seat), seat, level, budget, 1)
    work = int(stats.get("work", 0))
    replay = ai.Budget(iterations=work) if work else budget
    tracemalloc.start()
    ai.choose_move(game, engine.view(state, seat), seat, level, replay, 1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6, work


def _option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` of ``--option``: ``true``/``false`` become booleans, digits an integer."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise SystemExit(f"--option {text!r}: write KEY=VALUE, e.g. preset=basic")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    return key, int(value) if value.isdigit() else value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", help="games (default: kona krakatoa)")
    parser.add_argument("--games", type=int, default=20, help="games per match (default 20)")
    parser.add_argument("--ms-scale", type=float, default=1.0, help="multiply the default budgets")
    parser.add_argument("--iterations", type=int, default=None, help="iteration budget instead of ms")
    parser.add_argument(
        "--rate", type=float, default=None,
        help="iteration budget = RATE × the level's default ms × --ms-scale (repeatable stand-in for time)",
    )
    parser.add_argument("--match", action="append", default=None, help="A:B, e.g. hard:greedy (repeatable)")
    parser.add_argument(
        "--paired", action="append", default=None, metavar="A:B",
        help="paired games: A and B each play the same seat on the same dice (repeatable)",
    )
    parser.add_argument("--against", default="greedy", help="the other seats' player with --paired (default greedy)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (Krakatoa 2-4)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a game option for every table, e.g. preset=basic (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--memory", action="store_true", help="also measure one search's peak memory")
    args = parser.parse_args(argv)
    games = args.games_ or [g for g in ("kona", "krakatoa") if g in ai.PLAYERS]
    options = dict(_option(text) for text in args.option) or None

    def budget_of(name: str) -> ai.Budget | None:
        if name not in ai.LEVELS:
            return None
        if args.iterations is not None:
            return ai.Budget(iterations=args.iterations)
        if args.rate is not None:
            return ai.Budget(iterations=max(1, round(args.rate * ai.DEFAULT_MS[name] * args.ms_scale)))
        return ai.Budget(ms=max(1, round(ai.DEFAULT_MS[name] * args.ms_scale)))

    if args.iterations:
        budgets = f"iterations {args.iterations}"
    elif args.rate:
        budgets = f"iterations = {args.rate:g} × default ms × {args.ms_scale:g}"
    else:
        budgets = f"ms × {args.ms_scale:g}"
    shown = "".join(f", {key}={value}" for key, value in (options or {}).items())
    print(f"# bench.ai: {args.games} games a match, budgets {budgets}, seed {args.seed}{shown}")
    for game in games:
        for spec in args.paired or []:
            first, _, second = spec.partition(":")
            r = run_paired(game, first, second, args.against, args.games, budget_of, args.players, args.seed, options)
            print(format_paired(r), flush=True)
        for spec in args.match or ([] if args.paired else default_matches(game)):
            first, _, second = spec.partition(":")
            r = run_match(game, first, second, args.games, budget_of, args.players, args.seed, options)
            print(format_result(r), flush=True)
        if args.memory:
            for level in ai.LEVELS:
                b = budget_of(level) or ai.Budget.for_level(level)
                mb, work = peak_memory(game, level, b)
                print(f"{game:9} {level:>7} peak memory of one search {mb:.2f} MB ({work} units of work)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
