"""Benchmark of Mesa's game review (issue 32): CPU seconds a review takes, per game and per decision.

    python -m bench.review [GAME ...] [--games N] [--seed S] [--part 8] [--no-long]
    python -m bench.review --quality N [GAME ...]   # mistakes + blunders a game: hard vs hard, easy vs hard
    python -m bench.review --calibrate N            # Kona's logistic scale fitted on N Mesa-vs-Mesa games

For each game it plays seeded games Mesa against Mesa (``normal``, an iteration budget: the same game
on every machine) of ordinary length, then reviews each the way the service does: ``ai.review``'s
decisions in parts of ``--part`` (one pool job each), every part with ``budget_each`` (the default
budget), and prints the decisions, the iterations each got, the CPU seconds of the whole review and per
decision, and the slowest part.  Then a long game (four players where the game allows; Kona's and
Plateau's the longest of twenty games of random moves, as Mesa ends them sooner), whose decisions
share the budget (``ai.review.ORDINARY``).  Target: at most 60 s of one
core for a game of ordinary length (``ai.review.CPU_TARGET``).  Not a test: it prints figures.

``--quality N``: N seeded games of Mesa ``hard`` against Mesa ``hard`` reviewed at the default budget, then N
of ``easy`` (seat 0) against ``hard`` (seat 1): the mean mistakes + blunders a game per seat.  A review
that reads well finds few in the first (target for Kona: at most 0.5 a game, ``QUALITY_TARGET``) and more
for ``easy`` than for ``hard`` in the second.

``--calibrate N``: Kona's logistic scale (``ai.review_games.KONA_SCALE``) fitted by maximum likelihood on
the positions of N seeded Mesa-vs-Mesa games (levels mixed, so that the games differ): each unproven
position's score at the review's budget (``kona_score``) against whether its side to move won (a draw
half); prints the fitted scale, the log-loss at the fitted and the current scale, and a table of
predicted against observed wins.  ``--calibrate N plateau``: Plateau's curve the same way, on the mover's
reading of each move played (``plateau_reading``) against whether the mover won.

Figures measured on this machine (2 cores shared), 2026-12-02: Kona's curve fitted on 64 games, 452
unproven positions: scale 1290, offset -1400, log-loss 0.583 (50 %: 0.693; the capybara won 73 % of
them, and the score tells little beyond that).  Plateau's on 36 games (``--seed 700``), 1,371 decisions:
scale 2.16, offset 0.34 (in logits), log-loss 0.586 against 0.647 for the raw reading (a reading of 96 %
won 85 %, one of 5 % won 16 %).  ``--quality``: Kona ``hard`` vs ``hard`` 0.00 mistakes + blunders a game
over 6 games (target 0.5), ``easy`` vs ``hard`` 0.50 for ``easy`` and 0.00 for ``hard``.  2026-12-03, each
level at its own strength (``QUALITY_ITERATIONS``): K3 (12 games each, ``--seed 60``) 0.00 for ``hard`` vs
``hard`` and 0.25 for ``easy`` against 0.00 for ``hard`` (with both levels at 200 iterations: 0.42, and 0.17
for ``easy`` against 0.42 for ``hard``: the review, at 600 iterations a decision, caught ``hard``'s
misjudgements at easy's strength, e.g. a move read 15 % where Mesa's choice kept 47 %, in a game ``hard``
then lost); Plateau (8 games each, ``--seed 50``) 0.25 for ``hard`` vs ``hard`` (target 1.0) and 1.00 for
``easy`` against 0.00 for ``hard`` (both at 200: 0.38, and 1.12 against 0.00; before the reply-aware
reading: 0.20 for both, its review could not tell them apart); a Plateau review of these games 11-13 s.  An
ordinary review: Kona 4.8 s CPU (13 decisions; graph steps 2.8 points, no reversals, before(k+1) =
after(k)), Plateau 28.0 s (84 decisions, 334 ms each; graph steps 11.3 points, 68 % reversals,
``|before(k+1) - after(k)|`` 10.5 points: two players each knowing only their own faces read a position
differently), K3 12.7 s.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from ai import review
from engines import CHANCE, game_names, get_engine, replay

#: how Mesa plays the benchmark's games: (level, iterations a move) per game
PLAYERS: dict[str, tuple[str, int]] = {"kona": ("hard", 3000), "plateau": ("normal", 200), "k3": ("normal", 200),
                                       "krakatoa": ("normal", 1)}
#: the long game: seats, and who plays (``random``: the longest of 20 seeded games of random moves, as Mesa
#: at every level ends Kona and Plateau too soon; a level: Mesa at every seat)
LONG: dict[str, tuple[int, str]] = {"kona": (2, "random"), "plateau": (2, "random"), "k3": (4, "normal"),
                                    "krakatoa": (4, "normal")}


def mesa_game(game: str, players: int, level: str, iterations: int, seed: int) -> tuple[Any, list[str]]:
    """A seeded game of Mesa at every seat: its first state and its move log (chance drawn as a table
    draws it, ``random.Random(f"{seed}:{ply}")``)."""
    engine = get_engine(game)
    start = engine.new_game(players, seed)
    state, moves = start, []
    while engine.to_move(state) is not None and len(moves) < 3000:
        if engine.to_move(state) == CHANCE:
            move = engine.format_move(state, engine.sample_chance(state, random.Random(f"{seed}:{len(moves) + 1}")))
        else:
            seat = engine.actors(state)[0]
            move = ai.choose_move(game, engine.view(state, seat), seat, level, ai.Budget(iterations=iterations),
                                  seed * 10_007 + len(moves))
        moves.append(move)
        state = engine.play(state, move)
    return start, moves


def random_game(game: str, players: int, seed: int) -> tuple[Any, list[str]]:
    """The longest of 20 seeded games of random moves (``Engine.random_move``), chance included."""
    engine = get_engine(game)
    best: tuple[Any, list[str]] | None = None
    for k in range(20):
        start = engine.new_game(players, seed + k)
        state, moves, rng = start, [], random.Random(seed + k)
        while engine.to_move(state) is not None and len(moves) < 1000:
            move = engine.random_move(state, rng)
            moves.append(engine.format_move(state, move))
            state = engine.apply(state, move)
        if best is None or len(moves) > len(best[1]):
            best = (start, moves)
    assert best is not None
    return best


def timed_review(game: str, start: Any, moves: list[str], part: int, seed: int) -> dict[str, Any]:
    """The review as the service makes it, in parts; CPU seconds of each part."""
    indices = review.decisions(game, start, moves)
    budget = review.budget_each(game, len(indices))
    parts, seconds = [], []
    for at in range(0, len(indices), part):
        began = time.process_time()
        parts += review.review_part(game, start, moves, indices[at : at + part], budget_each=budget, seed=seed)
        seconds.append(time.process_time() - began)
    began = time.process_time()
    made = review.assemble(game, start, moves, parts)
    seconds.append(time.process_time() - began)
    return {"decisions": len(indices), "iterations": budget.iterations, "seconds": seconds, "review": made}


def zigzag(made: dict[str, Any]) -> tuple[float, float, float]:
    """How the graph moves (seat 0's line, the picture's points: ``seen``): the mean change from a point to the
    next (win-chance points), the share of changes of at least 5 points that reverse the one before (a line
    that zig-zags: near 1), and the mean ``|before(k+1) - after(k)|`` between consecutive decisions, the
    mover's own reading against the next decider's (0 where a position reads the same whoever asks, as in
    Kona)."""
    listed = made["decisions"]
    line = [review.seen_of(d)[0] for d in listed]
    steps = [100 * (b - a) for a, b in itertools.pairwise(line)]
    big = [x for x in steps if abs(x) >= 5]
    reversals = sum(1 for a, b in itertools.pairwise(big) if a * b < 0) / max(1, len(big) - 1)
    gaps = [100 * abs(float(e["before"][0]) - float(d["after"][0])) for d, e in itertools.pairwise(listed)]
    return (statistics.mean(abs(x) for x in steps) if steps else 0.0, reversals,
            statistics.mean(gaps) if gaps else 0.0)


def report(game: str, label: str, plies: int, result: dict[str, Any]) -> float:
    total = sum(result["seconds"])
    count = max(1, result["decisions"])
    made = result["review"]
    flagged = sum(len(v) for v in made["mistakes"].values()), sum(len(v) for v in made["blunders"].values())
    verdict = "ok" if total <= review.CPU_TARGET else "OVER"
    slowest = max(result["seconds"])
    print(f"{game:<9} {label:<9} {plies:>4} moves {result['decisions']:>4} decisions"
          f"  {result['iterations']:>5} it/decision  {total:6.1f} s CPU  {1000 * total / count:6.0f} ms/decision"
          f"  slowest part {slowest:5.1f} s  mistakes {flagged[0]} blunders {flagged[1]}  [{verdict}]")
    step, reversals, gap = zigzag(made)
    print(f"{'':<9} {'':<9} graph: mean step {step:4.1f} points, reversals {100 * reversals:3.0f} %, "
          f"mean |before(k+1) - after(k)| {gap:4.1f} points")
    return total


#: the most mistakes + blunders a game a review may find in Mesa ``hard`` against itself (issue 32's sanity check)
QUALITY_TARGET = {"kona": 0.5, "plateau": 1.0, "k3": 1.0, "krakatoa": 1.0}
#: the players of ``--quality``'s games: level per seat, at ``QUALITY_ITERATIONS`` a move
MATCHES = {"hard vs hard": ("hard", "hard"), "easy vs hard": ("easy", "hard")}
#: iterations a move in ``--quality``'s games, per level: each level at its own strength, the work its time
#: budget (``ai.DEFAULT_MS``: easy 100 ms, hard 1.5 s) buys on this machine, so the games are the ones players
#: meet and the same on every machine.  Kona's ``hard`` about 45,000 nodes (``PLAYERS``' 3,000 miss what a
#: review at 10,000 a depth proves; Kona's ``easy`` is easy by its own knobs); Plateau's ISMCTS about 200
#: iterations at 100 ms and 1,200-1,900 at 1.5 s; K3's about 200 and 2,400-3,100 (measured 2026-12-03).
#: With both levels at 200 (before), K3's and Plateau's ``hard`` played as weakly as ``easy``.
QUALITY_ITERATIONS: dict[str, dict[str, int]] = {
    "kona": {"easy": 45000, "hard": 45000},
    "plateau": {"easy": 200, "hard": 1500},
    "k3": {"easy": 200, "hard": 2500},
    "krakatoa": {"easy": 1, "hard": 1},
}
#: iterations a move in the Plateau games ``--calibrate N plateau`` fits its curve on (every level alike)
CALIBRATION_ITERATIONS = 200


def match_game(game: str, levels: tuple[str, ...], iterations: int | dict[str, int],
               seed: int) -> tuple[Any, list[str]]:  # fmt: skip
    """A seeded two-player game of Mesa at the given level per seat (chance drawn as a table draws it),
    ``iterations`` a move for every level, or per level."""
    engine = get_engine(game)
    start = engine.new_game(len(levels), seed)
    state, moves = start, []
    while engine.to_move(state) is not None and len(moves) < 3000:
        if engine.to_move(state) == CHANCE:
            move = engine.format_move(state, engine.sample_chance(state, random.Random(f"{seed}:{len(moves) + 1}")))
        else:
            seat = engine.actors(state)[0]
            level = levels[seat]
            work = iterations if isinstance(iterations, int) else iterations[level]
            move = ai.choose_move(game, engine.view(state, seat), seat, level, ai.Budget(iterations=work),
                                  seed * 10_007 + len(moves))
        moves.append(move)
        state = engine.play(state, move)
    return start, moves


def quality(game: str, count: int, seed: int, part: int) -> None:
    """Mean mistakes + blunders a game per seat, in ``MATCHES``' games, reviewed at the default budget."""
    iterations = QUALITY_ITERATIONS[game]
    for label, levels in MATCHES.items():
        flagged = [[0] * len(levels) for _ in range(count)]
        seconds = []
        for k in range(count):
            start, moves = match_game(game, levels, iterations, seed + k)
            result = timed_review(game, start, moves, part, seed + k)
            seconds.append(sum(result["seconds"]))
            made = result["review"]
            for s in range(len(levels)):
                flagged[k][s] = len(made["mistakes"][str(s)]) + len(made["blunders"][str(s)])
        per_seat = [statistics.mean(f[s] for f in flagged) for s in range(len(levels))]
        per_game = statistics.mean(sum(f) for f in flagged)
        target = QUALITY_TARGET[game]
        verdict = ("ok" if per_game <= target else "OVER") if levels[0] == levels[1] else \
            ("ok" if per_seat[0] > per_seat[1] else "NOT MORE")
        print(f"{game:<9} {label:<13} {count} games  mistakes+blunders a game {per_game:4.2f} "
              f"(seat 0 {levels[0]} {per_seat[0]:4.2f}, seat 1 {levels[1]} {per_seat[1]:4.2f})  "
              f"review {statistics.mean(seconds):5.1f} s CPU a game  [{verdict}]")


def calibration_samples(count: int, seed: int) -> list[tuple[int, float]]:
    """(seat 0's score, seat 0's result: 1, 0.5 or 0) of every unproven position of ``count`` seeded
    Kona games of Mesa against Mesa (levels mixed, so that the games differ), scored at the review's
    budget (``ai.review_games.kona_score``)."""
    from ai import review_games
    from ai.kona import PROVEN

    engine = get_engine("kona")
    nodes = review.ITERATIONS["kona"]
    pairs = (("hard", "hard"), ("hard", "normal"), ("normal", "hard"), ("normal", "normal"))
    samples: list[tuple[int, float]] = []
    for k in range(count):
        start, moves = match_game("kona", pairs[k % len(pairs)], PLAYERS["kona"][1], seed + k)
        steps = list(replay(engine, start, moves))
        outcome = engine.outcome(steps[-1].after) if steps else None
        if outcome is None:
            continue
        result = 0.5 if outcome.draw else 1.0 if 0 in outcome.winners else 0.0
        for step in steps:
            score = review_games.kona_score(step.before, nodes)
            if abs(score) < PROVEN:
                samples.append((score, result))
    return samples


def fit(samples: list[tuple[float, float]], scales: list[float] | None = None,
        offsets: list[float] | None = None) -> tuple[float, float, float]:
    """(scale, offset, log-loss) of the logistic curve of the least log-loss on ``samples`` (a grid; by
    default Kona's: scores in hundreds of points)."""
    import math

    def loss(scale: float, offset: float) -> float:
        total = 0.0
        for score, result in samples:
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, (score - offset) / scale))))
            p = min(1 - 1e-9, max(1e-9, p))
            total -= result * math.log(p) + (1 - result) * math.log(1 - p)
        return total / max(1, len(samples))

    scales = scales or [10 * 1.1 ** i for i in range(70)]
    offsets = offsets or [float(o) for o in range(-400, 401, 10)]
    scale, offset = min(((s, o) for s in scales for o in offsets), key=lambda g: loss(*g))
    return scale, offset, loss(scale, offset)


def plateau_samples(count: int, seed: int) -> list[tuple[float, float]]:
    """(the mover's reading as a logit, the mover's result: 1, 0.5 or 0) of every decision of ``count``
    seeded Plateau games of Mesa against Mesa (levels mixed, so that the games differ and some are lopsided),
    the reading of the move played (``ai.review_games.plateau_reading``) at the review's budget; moves that
    end the game are left out (they read their result)."""
    import math

    from ai import review_games

    engine = get_engine("plateau")
    samples_each = review.ITERATIONS["plateau"]
    pairs = (("hard", "hard"), ("hard", "normal"), ("normal", "hard"), ("easy", "hard"), ("hard", "easy"),
             ("normal", "normal"))
    samples: list[tuple[float, float]] = []
    for k in range(count):
        start, moves = match_game("plateau", pairs[k % len(pairs)], CALIBRATION_ITERATIONS, seed + k)
        steps = list(replay(engine, start, moves))
        outcome = engine.outcome(steps[-1].after) if steps else None
        if outcome is None:
            continue
        for i in review.decisions("plateau", start, moves):
            step = steps[i]
            if engine.outcome(step.after) is not None:
                continue
            seat = engine.move_seat(step.before, step.move)
            result = 0.5 if outcome.draw else 1.0 if seat in outcome.winners else 0.0
            reading = review_games.plateau_reading(engine.view(step.before, seat), seat, step.move, samples_each,
                                                   seed * 1_000 + i)
            r = min(1 - 1e-6, max(1e-6, reading))
            samples.append((math.log(r / (1 - r)), result))
        print(f"  game {k + 1}/{count}: {len(samples)} positions", file=sys.stderr, flush=True)
    return samples


def calibrate(count: int, seed: int, game: str = "kona") -> None:
    """Kona's (or Plateau's) logistic curve fitted on Mesa-vs-Mesa games (see the module docstring)."""
    if game == "plateau":
        calibrate_plateau(count, seed)
        return
    import math

    from ai import review_games

    samples = calibration_samples(count, seed)
    scale, offset, loss = fit(samples)
    current = (review_games.KONA_SCALE, review_games.KONA_OFFSET)
    fit_loss = statistics.mean(
        -(r * math.log(min(1 - 1e-9, max(1e-9, review_games.kona_chance(s))))
          + (1 - r) * math.log(min(1 - 1e-9, max(1e-9, 1 - review_games.kona_chance(s))))) for s, r in samples)
    mean = statistics.mean(s for s, _ in samples)
    print(f"kona calibration: {count} games, {len(samples)} unproven positions at "
          f"{review.ITERATIONS['kona']} nodes a depth; seat 0's score: mean {mean:.0f}")
    print(f"  fitted scale {scale:.0f} offset {offset:.0f} (log-loss {loss:.4f}); current {current[0]:.0f} "
          f"{current[1]:.0f} (log-loss {fit_loss:.4f}); a constant 50 %: {math.log(2):.4f}")
    edges = sorted({round(offset + scale * z) for z in (-10**4, -1.5, -0.5, 0.5, 1.5, 10**4)})
    for low, high in itertools.pairwise(edges):
        bucket = [(s, r) for s, r in samples if low <= s < high]
        if bucket:
            predicted = statistics.mean(1.0 / (1.0 + math.exp(-(s - offset) / scale)) for s, _ in bucket)
            observed = statistics.mean(r for _, r in bucket)
            print(f"  seat 0's score [{low:>9}, {high:>9}): {len(bucket):4} positions  "
                  f"predicted {100 * predicted:5.1f} %  won {100 * observed:5.1f} %")


def calibrate_plateau(count: int, seed: int) -> None:
    """Plateau's logistic curve (``ai.review_games.PLATEAU_SCALE``, ``PLATEAU_OFFSET``) on the mover's readings."""
    import math

    from ai import review_games

    samples = plateau_samples(count, seed)
    scale, offset, loss = fit(samples, [0.1 * 1.05 ** i for i in range(80)], [o / 50 for o in range(-150, 151)])
    current = (review_games.PLATEAU_SCALE, review_games.PLATEAU_OFFSET)

    def log_loss(chance: Any) -> float:
        return statistics.mean(-(r * math.log(min(1 - 1e-9, max(1e-9, chance(x))))
                                 + (1 - r) * math.log(min(1 - 1e-9, max(1e-9, 1 - chance(x))))) for x, r in samples)

    def curve(x: float, s: float = scale, o: float = offset) -> float:
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, (x - o) / s))))

    raw = log_loss(lambda x: curve(x, 1.0, 0.0))
    now = log_loss(lambda x: curve(x, *current))
    won = statistics.mean(r for _, r in samples)
    print(f"plateau calibration: {count} games, {len(samples)} decisions at {review.ITERATIONS['plateau']} samples; "
          f"movers won {100 * won:.1f} %")
    print(f"  fitted scale {scale:.3f} offset {offset:.2f} (log-loss {loss:.4f}); current {current[0]:.3f} "
          f"{current[1]:.2f} (log-loss {now:.4f}); the raw reading: {raw:.4f}; a constant 50 %: {math.log(2):.4f}")
    edges = [-99.0, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 99.0]
    for low, high in itertools.pairwise(edges):
        bucket = [(x, r) for x, r in samples if low <= x < high]
        if bucket:
            raw_mean = statistics.mean(curve(x, 1.0, 0.0) for x, _ in bucket)
            predicted = statistics.mean(curve(x) for x, _ in bucket)
            observed = statistics.mean(r for _, r in bucket)
            print(f"  reading {100 * curve(low, 1.0, 0.0):5.1f}-{100 * curve(high, 1.0, 0.0):5.1f} %: "
                  f"{len(bucket):4} decisions  read {100 * raw_mean:5.1f} %  predicted {100 * predicted:5.1f} %  "
                  f"won {100 * observed:5.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.review",
                                     description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(game_names()))
    parser.add_argument("--games", dest="count", type=int, default=1, help="ordinary games per game (default 1)")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--part", type=int, default=8, help="decisions per pool job (default 8)")
    parser.add_argument("--no-long", action="store_true", help="leave out the long game")
    parser.add_argument("--quality", type=int, default=0, metavar="N",
                        help="mistakes + blunders a game in N games hard vs hard and N easy vs hard")
    parser.add_argument("--calibrate", type=int, default=0, metavar="N",
                        help="fit Kona's (with the game plateau: Plateau's) logistic curve on N games")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate, args.seed, "plateau" if args.games == ["plateau"] else "kona")
        return
    if args.quality:
        for game in args.games:
            quality(game, args.quality, args.seed, args.part)
        return
    print(f"review budget: {review.ITERATIONS} iterations a decision up to {review.ORDINARY} decisions; "
          f"target {review.CPU_TARGET:.0f} s CPU a game")
    for game in args.games:
        level, iterations = PLAYERS[game]
        totals = []
        for k in range(args.count):
            seed = args.seed + k
            start, moves = mesa_game(game, 2, level, iterations, seed)
            totals.append(report(game, "ordinary", len(moves), timed_review(game, start, moves, args.part, seed)))
        if args.count > 1:
            print(f"{game:<9} ordinary  median {statistics.median(totals):.1f} s  worst {max(totals):.1f} s CPU")
        if not args.no_long:
            players, long_level = LONG[game]
            if long_level == "random":
                start, moves = random_game(game, players, args.seed)
            else:
                start, moves = mesa_game(game, players, long_level, iterations, args.seed)
            report(game, f"long {players}p", len(moves), timed_review(game, start, moves, args.part, args.seed))


if __name__ == "__main__":
    main()
