"""The move picker's words (``cogs.picking.picker_options`` over ``tables.move_choices.LegalMoves``): what a step
costs, and how long its options' words are.

    python -m bench.picker [--games 20] [--seed 1]

For each game (two players; K3 and Krakatoa with three too), random games (K3's builds by ``auto_move``) are
played to their end; at every position where the player to act chooses from a list, the picker is walked as a
player walks it: the first step, then a random choice of each step down to a move.  Each step is timed as a click
makes it (the seat's legal moves, ``LegalMoves``, and the step's options with their words, in English and then
in Spanish).  It prints per game the number of steps, the median, p95 and longest time of a step in ms, the
longest option words in each language against Discord's 100 characters (``MAX_OPTION_TEXT``: reaching it cuts the
words with "…"), and how many options had to be cut.  Plateau's first step (its 1,260 openings in 11 choices) is
the heaviest one a player meets; it is timed on its own as well.  Not a test: it prints figures.
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

from cogs.limits import MAX_OPTION_TEXT
from cogs.picking import picker_options
from engines import CHANCE, get_engine
from tables import picker
from tables.move_choices import LegalMoves

NAMES = ["Player 1", "Player 2", "Player 3"]


def walk(engine: Any, state: Any, seat: int, rng: random.Random, times: list[float], longest: dict[str, int],
         cut: list[int]) -> None:
    """One player's way through the picker at this position, each step timed as a click makes it."""
    step = picker.Step()
    for _ in range(12):
        made = {}
        start = time.perf_counter()
        legal = LegalMoves(engine, state, seat, NAMES)
        for lang in ("en", "es"):
            made[lang], _ = picker_options(legal.texts, step, lang, legal)
        times.append((time.perf_counter() - start) * 1000 / 2)
        for lang, options in made.items():
            for option in options:
                words = option.description or ""
                longest[lang] = max(longest[lang], len(words))
                cut[0] += words.endswith("…") and len(words) == MAX_OPTION_TEXT
        chosen = rng.choice(made["en"])
        move, next_step = picker.decode_option(chosen.value)
        if move is not None or next_step is None:
            return
        step = next_step


def positions(game: str, players: int, seed: int) -> list[tuple[Any, int]]:
    """(state, seat) wherever a seat chooses from a list, along one random game to its end."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed, {})
    found = []
    for _ in range(3000):
        if engine.outcome(state) is not None:
            break
        actors = engine.actors(state)
        if engine.to_move(state) == CHANCE or not actors:
            state = engine.apply(state, engine.random_move(state, rng))
            continue
        legal = engine.legal_moves(state, actors[0])
        if not legal:
            state = engine.apply(state, engine.auto_move(state, actors[0], rng))
            continue
        found.append((state, actors[0]))
        state = engine.apply(state, rng.choice(legal))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.picker", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<12} {'steps':>6} {'median':>8} {'p95':>7} {'max':>7}   longest words en/es (of "
          f"{MAX_OPTION_TEXT}), cut")
    for game, players in (("kona", 2), ("plateau", 2), ("k3", 2), ("k3", 3), ("krakatoa", 2), ("krakatoa", 3)):
        engine = get_engine(game)
        rng = random.Random(args.seed)
        times: list[float] = []
        longest = {"en": 0, "es": 0}
        cut = [0]
        for g in range(args.games):
            for state, seat in positions(game, players, args.seed + g):
                walk(engine, state, seat, rng, times, longest, cut)
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(f"{game + f' ({players})':<12} {len(times):>6} {statistics.median(times):>6.2f}ms {p95:>5.2f}ms "
              f"{times[-1]:>5.2f}ms   {longest['en']}/{longest['es']}, {cut[0]} cut")
    plateau = get_engine("plateau")
    start_state = plateau.new_game(2, args.seed)
    first: list[float] = []
    for _ in range(50):
        begin = time.perf_counter()
        legal = LegalMoves(plateau, start_state, 0, NAMES)
        picker_options(legal.texts, picker.Step(), "en", legal)
        first.append((time.perf_counter() - begin) * 1000)
    print(f"Plateau's first step (1,260 openings in {len(picker.choices(legal.texts))} choices): median "
          f"{statistics.median(first):.2f} ms, max {max(first):.2f} ms")


if __name__ == "__main__":
    main()
