"""Matches for the hidden-information computer players (Plateau, K3): scores, confidence, speed.

    python -m bench.ai_hidden plateau hard random --games 20 [--ms 1500 | --iterations N]
    python -m bench.ai_hidden plateau hard normal --games 20          # level against level
    python -m bench.ai_hidden k3 hard greedy --players 4 --games 20   # seat 0.. mesa, the rest greedy
    python -m bench.ai_hidden k3 hard hard --players 4 --coop --games 20   # four seats of one kind
    python -m bench.ai_hidden plateau hard - --memory                 # one search's peak memory

A player is a level (``easy normal hard``: Mesa through ``ai.<game>.choose``, which receives only
``engine.view(state, seat)``) or a baseline of ``bench/ai_baselines_hidden.py`` (``random greedy
greedy_cheat``; the referee hands baselines the true state, and ``greedy`` looks only at its own view).

Two players: seats alternate game by game; the score counts a win 1, a draw 1/2, with a 95%
interval (normal approximation).  K3 with 3-4 players: the first player sits in one seat (rotating
game by game), the second fills the others; wins, mean place.  ``--coop``: every seat is the first
player; the team's win rate.  Printed: Mesa's median and p95 time per move, its search speed
(iterations per second; each iteration draws one determinization), and the process's peak memory.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ai import LEVELS, Budget
from ai.ismcts import Stats
from bench.ai_baselines_hidden import BASELINES
from engines import get_engine

PlayerFn = Callable[[Any, Any, int, random.Random], str]


class Meter:
    """Mesa's time per move and search counts."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.stats = Stats()


def make_player(game: str, name: str, budget: Budget, meter: Meter) -> PlayerFn:
    if name in LEVELS:
        module = __import__(f"ai.{game}", fromlist=["choose"])

        def mesa(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
            view = engine.view(state, seat)  # the seat's information only
            t = time.perf_counter()
            move = module.choose(view, seat, name, budget, random.Random(rng.random()), meter.stats)
            meter.times.append(time.perf_counter() - t)
            return move

        return mesa
    try:
        return BASELINES[game][name]
    except KeyError:
        known = f"a level ({', '.join(LEVELS)}) or {sorted(BASELINES[game])}"
        raise SystemExit(f"unknown player {name!r}: {known}") from None


def play_game(game: str, seats: list[PlayerFn], seed: int, players: int, options: dict[str, Any]) -> Any:
    """One game to its end; returns (engine, final state).  An illegal move raises."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed, options) if game == "k3" else engine.new_game(2, seed, options)
    while (who := engine.to_move(state)) is not None:
        if who == -1:  # chance (K3 base row and deal)
            state = engine.apply(state, engine.sample_chance(state, rng))
            continue
        if game == "k3" and state.phase == "build":
            who = rng.choice(list(engine.actors(state)))  # builds are simultaneous: any order
        text = seats[who](engine, state, who, rng)
        state = engine.apply(state, engine.parse_move(state, text))
    return engine, state


def search_memory(game: str, level: str, budget: Budget, players: int) -> float:
    """Peak memory (MB, tracemalloc) of one search from a mid-game position of a seeded random game."""
    import tracemalloc

    engine = get_engine(game)
    rng = random.Random(7)
    state = engine.new_game(players, 7, {}) if game == "k3" else engine.new_game(2, 7, {})
    while (who := engine.to_move(state)) is not None and getattr(state, "ply", 0) < 24:
        if who == -1:
            state = engine.apply(state, engine.sample_chance(state, rng))
        elif game == "k3" and state.phase == "build":
            state = engine.apply(state, engine.auto_build(state, engine.actors(state)[0], rng))
        else:
            state = engine.apply(state, engine.random_move(state, rng))
    seat = engine.to_move(state)
    module = __import__(f"ai.{game}", fromlist=["choose"])
    tracemalloc.start()
    module.choose(engine.view(state, seat), seat, level, budget, random.Random(1))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def interval(scores: list[float]) -> tuple[float, float]:
    n = len(scores)
    mean = sum(scores) / n
    sd = statistics.pstdev(scores) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.ai_hidden",
                                 description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=["plateau", "k3"])
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ms", type=int, default=None, help="ms per Mesa move (default: the level's)")
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--second-ms", type=int, default=None, help="ms for the second player when it is a level")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--coop", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory", action="store_true", help="only measure one search's peak memory (first player)")
    args = ap.parse_args(argv)
    from ai import DEFAULT_MS

    def budget_for(name: str, ms: int | None) -> Budget:
        if args.iterations is not None:
            return Budget(iterations=args.iterations)
        return Budget(ms=ms or DEFAULT_MS.get(name, 500))

    if args.memory:
        mb = search_memory(args.game, args.first, budget_for(args.first, args.ms), args.players)
        print(f"{args.game} {args.players}p {args.first}: one search's peak memory {mb:.1f} MB (tracemalloc)")
        return
    m1, m2 = Meter(), Meter()
    p1 = make_player(args.game, args.first, budget_for(args.first, args.ms), m1)
    p2 = make_player(args.game, args.second, budget_for(args.second, args.second_ms or args.ms), m2)
    options: dict[str, Any] = {"cooperative": True} if args.coop else {}
    n = args.players
    scores: list[float] = []
    places: list[int] = []
    start = time.perf_counter()
    for g in range(args.games):
        if args.coop:
            seats = [p1] * n
            mine = 0
        else:
            mine = g % n
            seats = [p1 if i == mine else p2 for i in range(n)]
        engine, state = play_game(args.game, seats, args.seed * 100_003 + g, n, options)
        out = engine.outcome(state)
        if args.coop:
            scores.append(1.0 if out.winners else 0.0)
        elif not out.winners:
            scores.append(0.5)
        else:
            scores.append(1.0 if mine in out.winners else 0.0)
        if out.placements:
            places.append(out.placements[mine])
        print(f"game {g + 1}: {out.text} (first player in seat {mine})", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    mean, half = interval(scores)
    label = "team win rate" if args.coop else "score"
    print(f"{args.game} {n}p{' coop' if args.coop else ''}: {args.first} vs {args.second}: {label} {mean:.3f} "
          f"± {half:.3f} over {len(scores)} games ({elapsed:.0f}s)")  # fmt: skip
    if places and n > 2 and not args.coop:
        print(f"  mean place of {args.first}: {sum(places) / len(places):.2f}")
    for name, meter in ((args.first, m1), (args.second, m2)):
        if meter.times:
            t = sorted(meter.times)
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            speed = meter.stats.iterations / meter.stats.seconds if meter.stats.seconds else 0.0
            print(f"  {name}: {len(t)} moves, median {statistics.median(t) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
                  f"{speed:.0f} iterations (determinizations)/s")  # fmt: skip
    print(f"  peak memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
