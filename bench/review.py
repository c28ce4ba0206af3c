"""Benchmark of Mesa's game review (issue 32): CPU seconds a review takes, per game and per decision.

    python -m bench.review [GAME ...] [--games N] [--seed S] [--part 8] [--no-long]

For each game it plays seeded games Mesa against Mesa (``normal``, an iteration budget: the same game
on every machine) of ordinary length, then reviews each the way the service does: ``ai.review``'s
decisions in parts of ``--part`` (one pool job each), every part with ``budget_each`` (the default
budget), and prints the decisions, the iterations each got, the CPU seconds of the whole review and per
decision, and the slowest part.  Then a long game (four players where the game allows; Kona's and
Plateau's the longest of twenty games of random moves, as Mesa ends them sooner), whose decisions
share the budget (``ai.review.ORDINARY``).  Target: at most 60 s of one
core for a game of ordinary length (``ai.review.CPU_TARGET``).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from ai import review
from engines import CHANCE, game_names, get_engine

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
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(game_names()))
    parser.add_argument("--games", dest="count", type=int, default=1, help="ordinary games per game (default 1)")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--part", type=int, default=8, help="decisions per pool job (default 8)")
    parser.add_argument("--no-long", action="store_true", help="leave out the long game")
    args = parser.parse_args()
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
