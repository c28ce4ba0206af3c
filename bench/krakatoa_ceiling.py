"""How much better than the ``auto`` policy can any Krakatoa player be?  Exact figures, then a match.

    python -m bench.krakatoa_ceiling [--games N] [--seed S]

1. The expected points of one turn (throw 1 with its keep/rethrow, throws 2-5 aimed, the marks
   passed on to the next turn; KR-2, KR-3.4, KR-3.5, KR-3.8, KR-4.3), computed exactly over every
   dice outcome (``ai.krakatoa_turn.compute``) for two policies: the best possible (the table the
   computer player searches with) and KR-8.4's ``auto`` (the greedy baseline of ``bench/ai.py``).
   Quakes (KR-3.3) depend on the running total and are left out of both.
2. ``N`` seeded games of ``auto`` against ``auto`` and of ``auto`` against random legal moves give
   the spread of the final totals, and so the score that gain in expectation alone is worth.

The figures explain the Krakatoa targets of ``bench/ai.py``: the dice decide so much that even
perfect expected-points play gains about one point a turn over ``auto``.  Quakes are what they leave
out, and they are where the rest of the skill lies: aiming the throw at hand for a Quake total is
worth about 0.04 of score against ``auto`` (``normal`` measured 0.56 with it, 0.52 without it, 600-1,000
games); planning every Quake of the turn exactly as well adds nothing measurable (``bench.krakatoa_plan``:
0.542 over 4,000 games).  ``bench.krakatoa_optimum`` gives the exact ceiling where there are no Quakes
(basic preset).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time

from ai.krakatoa_turn import FRESH, SCORE, compute, earned
from engines import CHANCE
from engines import krakatoa as KR
from engines.krakatoa import ENGINE

GREEDY_KEEP_RAW = 3  # KR-8.4: keep when raw >= 1595/576, i.e. raw >= 3


def turn_value(value: dict[int, list[list[float]]], m1: int, greedy: bool) -> float:
    """Expected points of a turn starting with ``m1`` marks on throw 1 (m2 = 0), whose throws 2-5
    are worth ``value[2]`` (marks earned on throw 1 included, KR-3.8)."""
    outcomes = []
    for a, b, c in itertools.product(range(10), repeat=3):
        p = FRESH[a] * FRESH[b] * FRESH[c]
        d = a * 100 + b * 10 + c
        n, e = earned(d)
        raw = SCORE[a] + SCORE[b] + SCORE[c]
        outcomes.append((p, raw, (raw << m1) + value[2][min(2, n) * 3 + min(2, e)][d]))
    rethrow = sum(p * v for p, _, v in outcomes)  # KR-4.3 the second throw is kept
    if greedy:
        return sum(p * (v if raw >= GREEDY_KEEP_RAW else rethrow) for p, raw, v in outcomes)
    return sum(p * max(v, rethrow) for p, _, v in outcomes)


def play(seed: int, players: tuple[str, str]) -> tuple[int, int]:
    """Final totals of one 2-player game of ``auto``/``random`` players, seats as given."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed=seed)
    while (seat := ENGINE.to_move(state)) is not None:
        if seat == CHANCE:
            move = ENGINE.draw_chance(state, rng)
        elif players[seat] == "auto":
            move = ENGINE.auto_move(state)
        else:
            move = rng.choice(ENGINE.legal_moves(state))
        state = ENGINE.apply(state, move)
    return state.totals[0], state.totals[1]


def normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.krakatoa_ceiling",
                                     description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per match (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    started = time.perf_counter()
    best, auto = compute(), compute(greedy=True)
    print(f"Krakatoa, one turn's expected points without Quakes ({time.perf_counter() - started:.0f} s to compute)")
    gains = []
    for m1 in range(3):
        b, a = turn_value(best, m1, greedy=False), turn_value(auto, m1, greedy=True)
        gains.append(b - a)
        marks = "x" * m1 or "-"
        print(f"  marks on throw 1: {marks:2}  best {b:6.2f}   auto {a:6.2f}   gain {b - a:5.2f} ({(b - a) / a:.1%})")
    per_game = gains[0] * KR.ROUNDS
    print(f"  gain over a game of {KR.ROUNDS} turns: about {per_game:.1f} points")

    same = [play(args.seed + g, ("auto", "auto")) for g in range(args.games)]
    spread = statistics.pstdev([x - y for x, y in same])
    print(f"auto against auto, {args.games} games: totals {statistics.mean(t for g in same for t in g):.1f} "
          f"on average; the difference of the two totals spreads ±{spread:.1f} (standard deviation)")
    print(f"  a player {per_game:.1f} points better in expectation scores about "
          f"{normal_cdf(per_game / spread):.3f} against auto")

    mixed = [play(args.seed + g, ("auto", "random") if g % 2 == 0 else ("random", "auto")) for g in range(args.games)]
    auto_totals = [g[0] if i % 2 == 0 else g[1] for i, g in enumerate(mixed)]
    random_totals = [g[1] if i % 2 == 0 else g[0] for i, g in enumerate(mixed)]
    wins = sum(1.0 if a > r else 0.5 if a == r else 0.0 for a, r in zip(auto_totals, random_totals)) / args.games
    print(f"auto against random, {args.games} games: auto {statistics.mean(auto_totals):.1f} ± "
          f"{statistics.pstdev(auto_totals):.1f}, random {statistics.mean(random_totals):.1f} ± "
          f"{statistics.pstdev(random_totals):.1f}; auto scores {wins:.3f}")
    target = statistics.mean(auto_totals) + per_game
    beaten = sum(1 for r in random_totals if r < target) / args.games
    print(f"  a player who scored {target:.0f} every game, without any spread, would beat random in {beaten:.3f}")


if __name__ == "__main__":
    main()
