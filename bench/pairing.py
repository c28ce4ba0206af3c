"""Benchmark of the tournament core's pairing (issue 31): seconds per round, by event size.

    python -m bench.pairing [--players 256] [--rounds 9] [--seed 31]

Plays a Swiss of two-player games and a seated event of three- and four-player tables with random
results, and prints for each round the time ``swiss_round`` / ``seat_round`` took, then the median
and the worst.  Target: under 1 s a round of a 256-player Swiss on one core.  Not a test: it prints
figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.tournament import Result, Round, seat_round, swiss_round, table_sizes


def play(round_: Round, number: int, rng: random.Random) -> list[Result]:
    """Random results: any order of places, ties now and then; byes as results."""
    out = []
    for table_number, table in enumerate(round_.tables, start=1):
        scores = [rng.choice((0, 1, 1, 2, 2, 3)) for _ in table]
        places = tuple(1 + sum(other > mine for other in scores) for mine in scores)
        out.append(Result(number, table_number, table, places))
    return out + [Result(number, 0, (player,), (1,)) for player in round_.byes]


def event(name: str, players: int, rounds: int, seed: int, pair: Callable[[list[str], list[Result]], Round]) -> None:
    rng = random.Random(seed)
    active = [f"p{i:04d}" for i in range(players)]
    results: list[Result] = []
    times = []
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        round_ = pair(active, results)
        times.append(time.perf_counter() - start)
        results += play(round_, number, rng)
        if number % 3 == 0:  # a withdrawal now and then keeps the counts odd and even in turn
            active.remove(rng.choice(active))
    per_round = " ".join(f"{t:.3f}" for t in times)
    print(f"{name:<24} {players:>4} players  median {statistics.median(times):.3f} s  worst {max(times):.3f} s")
    print(f"{'':<24} rounds: {per_round}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pairing",
                                     description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    sizes = table_sizes(2, 4)
    for players in sorted({32, 64, args.players}):
        event("swiss", players, args.rounds, args.seed, swiss_round)
        event(f"seated {sizes}", players, args.rounds, args.seed, lambda a, r: seat_round(a, r, sizes))


if __name__ == "__main__":
    main()
