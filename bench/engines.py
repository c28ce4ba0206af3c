"""Engine speed: perft leaf nodes per second and random-playout speed, per game.

    python -m bench.engines [GAME ...] [--playouts N] [--seconds S]

Prints one block per game.  Figures, not a test: the issue targets are Kona perft ≥ 1,000,000
leaves/s (perft 5 from the start in under a second) and Plateau ≥ 20,000 random-playout plies/s.

Playouts pick moves with the engine's ``playout_move(state, rng)`` where it has one (a cheap random
legal move for a search player's simulations, not necessarily uniform: Plateau's), else with the
uniform ``random_move``; the output names the policy, and for an engine with ``playout_move`` a
second line gives the uniform ``random_move`` figure too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from engines import GAMES, get_engine

#: depth of the perft figure measured per game (from its perft start position)
PERFT_DEPTH = {"kona": 5, "plateau": 2, "k3": 6, "krakatoa": 5}


def bench_perft(name: str) -> tuple[int, int, float]:
    engine = get_engine(name)
    depth = PERFT_DEPTH[name]
    state = engine.from_position(engine.perft_start) if engine.perft_start else engine.new_game(engine.min_players, 0)
    started = time.perf_counter()
    leaves = engine.perft(state, depth)
    return depth, leaves, time.perf_counter() - started


def playout_policy(name: str) -> str:
    """``playout_move`` where the engine has one (the policy a search player's playouts use), else
    ``random_move``."""
    return "playout_move" if callable(getattr(get_engine(name), "playout_move", None)) else "random_move"


def bench_playouts(
    name: str, seconds: float, players: int | None = None, policy: str | None = None
) -> tuple[int, int, float]:
    """Random games from the start until ``seconds`` have passed: (games, plies, elapsed).

    ``policy`` names the engine method that picks each move (default: ``playout_policy(name)``).
    """
    engine = get_engine(name)
    pick = getattr(engine, policy or playout_policy(name))
    rng = random.Random(1)
    games = plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = engine.new_game(players or engine.min_players, seed=games)
        while engine.outcome(state) is None:
            state = engine.apply(state, pick(state, rng))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engines", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random playouts per game")
    args = parser.parse_args(argv)
    for name in args.games:
        try:
            get_engine(name)
        except (ImportError, AttributeError) as exc:
            print(f"{name}: not available ({exc})")
            continue
        depth, leaves, elapsed = bench_perft(name)
        print(f"{name}: perft({depth}) = {leaves:,} leaves in {elapsed:.3f} s = {leaves / elapsed:,.0f} leaves/s")
        policies = [playout_policy(name)]
        if policies[0] != "random_move":
            policies.append("random_move")  # the uniform figure too
        for policy in policies:
            games, plies, elapsed = bench_playouts(name, args.seconds, policy=policy)
            print(f"{name}: random playouts ({policy}): {games / elapsed:,.1f} games/s, {plies / elapsed:,.0f} plies/s "
                  f"({games} games, {plies / max(games, 1):.1f} plies per game)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
