"""Experiment: does planning the Quakes of the whole turn make Krakatoa's player stronger?

    python -m bench.krakatoa_plan [--games N] [--seed S] [--against greedy|normal]
    python -m bench.krakatoa_plan --paired normal [--games N] [--seed S] [--against greedy]

Needs numpy (``pip install -r requirements-bench.txt``).  Advanced preset, two players.

The player ``plan`` maximises the expected points of the rest of its turn *exactly*, Quakes
included (KR-3.3): a Quake depends on the total's last two digits, so the rest-of-turn table of
``ai.krakatoa_turn`` (dice x marks) gets the total modulo 100 as a third index — 3.6 M values,
computed here by dynamic programming over the exact throw distributions (KR-1.1, KR-8.2), Rumbles,
Eruptions (KR-3.4, KR-3.5) and the marks' bookkeeping (KR-3.8).  In round 6 from throw 5 on (the
bonus boxes, KR-5) it plays as ``normal``.  The match is played as ``bench.ai`` plays its matches,
seats alternated, so its score compares with ``python -m bench.ai krakatoa --match normal:greedy``;
``--me normal`` (or ``hard``) plays Mesa's own level through the same games instead.

Measured on this 2-core machine (2026-12-01; the table takes 5 s to compute, a game 10 ms):

    plan   vs greedy: 0.542 ± 0.015 over 4000 games (seed 21)    0.553 ± 0.031 over 1000 (seed 11)
    normal vs greedy: 0.542 ± 0.022 over 2000 games (seed 21)    0.563 ± 0.031 over 1000 (seed 11)
    hard   vs greedy: 0.545 ± 0.022 over 2000 games (seed 21)
    plan   vs random: 0.901 ± 0.011 over 3000 games (seed 31)
    hard   vs random: 0.892 ± 0.013 over 2000 games (seed 31)
    greedy vs random: 0.869 ± 0.012 over 3000 games (seed 31)

Paired with ``--paired normal`` (``bench.ai``'s paired games: ``plan`` and ``normal`` each take the
same seat against ``greedy`` on the same dice, ``SeatDice``), 2026-12-03, 5,000 games each:

    seed 101: points +0.426 ± 0.923, score +0.0066 ± 0.0076 (plan 0.5343, normal 0.5277)
    seed 102: points +0.512 ± 0.937, score +0.0002 ± 0.0079 (plan 0.5345, normal 0.5343)
    pooled, 10,000 games: points +0.47 ± 0.66, score +0.0034 ± 0.0055; plan 0.534 ± 0.010 against greedy

Planning every Quake of the turn gains nothing measurable over ``normal``, which plans the turn's
Rumbles and Eruptions but only the Quake of the throw at hand (``ai.krakatoa``): the Quakes a player
can steer are the near ones.  So the table is not shipped (3.6 M values for no gain), and the
advanced preset's ceiling against greedy looks close to what Mesa reaches, as the basic preset's is
(0.527 exactly, ``bench.krakatoa_optimum``).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

try:
    import numpy as np
except ModuleNotFoundError as missing:  # pragma: no cover - a bench, run by hand
    raise SystemExit("bench.krakatoa_plan needs numpy: pip install -r requirements-bench.txt") from missing

import ai
import bench.ai as bench_ai
from ai.krakatoa_turn import ALL, FRESH, carry, earned, value_table
from bench.ai import interval, play_game
from bench.ai_baselines import krakatoa_greedy, random_player
from bench.krakatoa_optimum import DICE, NINE, RAW, aimed_throw, scratch_dice
from engines import krakatoa as KR

MOD = 100  # a Quake reads the total's last two digits (KR-3.3; 20 divides 100)
EARNED = np.array([earned(d) for d in range(DICE)])  # Rumbles and Eruptions (KR-3.4, KR-3.5)


class Plan:
    """W[k][m1, m2][dice, total % 100]: the expected points of throws k..5 and the marks they pass on."""

    def __init__(self) -> None:
        started = time.perf_counter()
        self.rows = {k: aimed_throw(k) for k in (2, 3, 4, 5)}
        scratch = scratch_dice()
        t = np.arange(MOD)
        d_idx = np.arange(DICE)[:, None]
        w = np.empty((3, 3, DICE, MOD))
        for m1 in range(3):
            for m2 in range(3):
                w[m1, m2] = carry(m1, m2)  # marks carried to the next turn
        # G[k][m1, m2]: a throw k-1 scored with marks m1 (m2 waiting) showing dice d', from total t
        self.g: dict[int, np.ndarray] = {}
        self.scratch: dict[int, np.ndarray] = {}
        self.w: dict[int, np.ndarray] = {}  # W[k], kept for the figures printed
        for k in (6, 5, 4, 3, 2):
            self.w[k] = w
            g = np.empty((3, 3, DICE, MOD))
            sc = np.empty((3, DICE * 3, MOD))
            for m2 in range(3):
                s = w[m2, 0]  # KR-3.7: a scratch scores 0, m1 <- m2
                sc[m2] = sum(FRESH[f] * s[scratch[:, f]] for f in range(10))
            for m1 in range(3):
                pts = RAW << m1  # KR-2.4
                total = (t[None, :] + pts[:, None]) % MOD
                moved = (pts > 0)[:, None]  # KR-3.3 only when the total changed
                quake = moved * (((total % 11 == 0) & (total != 0)) * 1 + (total % 20 == 0) * 2)
                for m2 in range(3):
                    n1 = np.minimum(2, m2 + EARNED[:, 0:1] + quake)
                    n2 = np.minimum(2, EARNED[:, 1:2]) + 0 * total
                    g[m1, m2] = pts[:, None] + w[n1, n2, d_idx, total]
            self.g[k] = g
            self.scratch[k] = sc
            if k == 2:
                break
            r = self.rows[k - 1]  # throw k - 1 leads to W[k]
            nw = np.empty_like(w)
            for m1 in range(3):
                for m2 in range(3):
                    values = r.roll @ g[m1, m2] + r.none[:, None] * sc[m2][r.scratch_at]
                    nw[m1, m2] = np.maximum.reduceat(values, r.starts, axis=0)
            w = nw
        self.seconds = time.perf_counter() - started

    def aim(self, k: int, d: int, m1: int, m2: int, t: int, sets: list[int]) -> tuple[int, str, str]:
        r = self.rows[k]
        lo, hi = r.starts[d], (r.starts[d + 1] if d + 1 < DICE else len(r.none))
        g = self.g[k + 1][m1, m2][:, t]
        sc = self.scratch[k + 1][m2][:, t]
        values = r.roll[lo:hi] @ g + r.none[lo:hi] * sc[r.scratch_at[lo:hi]]
        best, best_value = None, -1.0
        for j in range(hi - lo):
            label = r.labels[lo + j]
            if label[0] in sets and values[j] > best_value + 1e-12:
                best, best_value = label, values[j]
        assert best is not None
        return best

    def keep(self, d: int, m1: int, m2: int, t: int) -> bool:
        g = self.g[2][m1, m2][:, t]
        return bool(g[d] >= NINE @ g)


_PLAN: Plan | None = None


def plan_player(engine: Any, state: KR.KrakatoaState, seat: int, rng: random.Random) -> str:
    assert _PLAN is not None
    step = state.step
    side = state.side
    assert side is not None
    boxes_near = state.round == KR.ROUNDS and (state.throw == 5 or state.phase == "bonus")  # KR-5
    if state.phase == "throwoff" or step == "throw" or boxes_near:
        return ai.choose_move("krakatoa", engine.view(state, seat), seat, "normal", ai.Budget.for_level("normal"), 0)
    dice = state.dice
    d = sum(ALL.index(f) * m for f, m in zip(dice, (100, 10, 1)))
    m1, m2 = state.marks[side]
    t = state.totals[side] % MOD
    if step == "keep":
        return "keep" if _PLAN.keep(d, m1, m2, t) else "rethrow"
    k = state.throw
    if step == "set":
        x, _, _ = _PLAN.aim(k, d, m1, m2, t, [0, 1, 2])
        return KR.SET_WORDS[KR.SETS[x]]
    x = KR.SETS.index(step[4])
    _, die, force = _PLAN.aim(k, d, m1, m2, t, [x])
    return f"aim {die} {force}"


def _level(name: str) -> Any:
    def player(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
        view = engine.view(state, seat)
        return ai.choose_move("krakatoa", view, seat, name, ai.Budget.for_level(name), rng.getrandbits(32))
    return player


def _games(args: tuple[list[int], int, str, str]) -> list[float]:
    global _PLAN
    games, seed, me, against = args
    if _PLAN is None and me == "plan":
        _PLAN = Plan()
    other = {"greedy": krakatoa_greedy, "random": random_player}.get(against) or _level(against)
    mine = {"plan": plan_player, "greedy": krakatoa_greedy}.get(me) or _level(me)
    engine = KR.ENGINE
    scores = []
    for g in games:
        seat = g % 2
        lineup = [other, other]
        lineup[seat] = mine
        result, _ = play_game(engine, lineup, seed * 100_003 + g, None)
        scores.append(0.5 if len(result.winners) > 1 else (1.0 if seat in result.winners else 0.0))
    return scores


def paired(level: str, against: str, games: int, seed: int) -> None:
    """``plan`` and ``level`` each play the same seat against ``against`` on the same dice (``bench.ai``'s
    ``run_paired``, whose players these are put beside)."""
    global _PLAN
    _PLAN = Plan()
    make = bench_ai.make_player

    def make_player(game: str, name: str, budget: ai.Budget | None, clock: bench_ai.Clockings) -> Any:
        return plan_player if name == "plan" else make(game, name, budget, clock)

    bench_ai.make_player = make_player  # type: ignore[assignment]
    try:
        def budget_of(name: str) -> ai.Budget | None:
            return ai.Budget.for_level(name) if name in ai.LEVELS else None

        result = bench_ai.run_paired("krakatoa", "plan", level, against, games, budget_of, 2, seed)
    finally:
        bench_ai.make_player = make
    print(bench_ai.format_paired(result))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.krakatoa_plan", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--me", default="plan", help="plan, greedy or a level")
    parser.add_argument("--against", default="greedy", help="greedy, random or a level")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--paired", metavar="LEVEL", help="paired games: plan - LEVEL on the same dice (one core)")
    args = parser.parse_args()
    if args.paired:
        paired(args.paired, args.against, args.games, args.seed)
        return
    started = time.perf_counter()
    plan = Plan()
    with_quakes = float(NINE @ plan.w[2][0, 0].mean(axis=1))
    without = float(NINE @ np.array(value_table()[2][0]))
    print(f"table: {plan.w[2].size * 4:,} values in {plan.seconds:.1f} s; throws 2-5 after a fresh throw 1, "
          f"no marks, any last two digits of the total: {with_quakes:.2f} points with the Quakes counted and "
          f"planned, {without:.2f} without any Quake (ai.krakatoa_turn's table)")
    chunks = [list(range(j, args.games, args.jobs * 1)) for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(_games, [(c, args.seed, args.me, args.against) for c in chunks]))
    scores = [s for part in parts for s in part]
    mean, half = interval(scores)
    print(f"{args.me} vs {args.against}: {mean:.3f} ± {half:.3f} over {len(scores)} games "
          f"(+{scores.count(1.0)} ={scores.count(0.5)} -{scores.count(0.0)}), {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
