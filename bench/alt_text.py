"""A board picture in words (its alt text, ``tables.picture_words``): how long, and how costly.

    python -m bench.alt_text [--games 100] [--seed 1]

For each game and each player count, random games (K3's builds by ``auto_move``) are played to their end; at every
position the words of every viewer's picture (the spectator's, each seat's, and the final view) are made and said
in English and in Spanish, as the service makes them for each post.  It prints per game the number of views, the
median and longest text in each language against Discord's limit for an attachment's description (the Discord
layer cuts at ``MAX_ALT_TEXT``, 1000 characters: never reached is the aim), and the median and p99 time to make
and say one view's words (part of the service's cost of a post).  Names are ``Player 1`` … as in the lessons, and
a second pass with 16-character names gives the longest any view reached and how many of its texts (views times
two languages) pass the limit.  A third pass gives every player a name of Discord's longest, 32 characters: how
many texts pass the limit as the service says them, and how many Discord still gets cut once ``cogs.pictures``
has said the long names short (``SHORT_NAME``; none is the aim).  Not a test: it prints figures.
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

from cogs.limits import MAX_ALT_TEXT
from cogs.pictures import alt_text
from engines import CHANCE, game_names, get_engine
from tables.i18n import said
from tables.picture_words import picture_words


def positions(game: str, players: int, seed: int) -> list[Any]:
    """Every state of one random game, start to end."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed, {})
    states = [state]
    for _ in range(5000):
        if engine.outcome(state) is not None:
            break
        actors = engine.actors(state)
        if engine.to_move(state) != CHANCE and actors and not engine.legal_moves(state):  # an unlisted phase
            move = engine.auto_move(state, actors[0], rng)
        else:
            move = engine.random_move(state, rng)
        state = engine.apply(state, move)
        states.append(state)
    return states


def measure(game: str, games: int, seed: int, names: list[str]) -> dict[str, Any]:
    engine = get_engine(game)
    lengths: dict[str, list[int]] = {"en": [], "es": []}
    sent = 0  # texts Discord gets cut, once the long names are said short (cogs.pictures)
    seconds: list[float] = []
    counts = range(engine.min_players, engine.max_players + 1)
    for n in range(games):
        players = counts[n % len(counts)]
        states = positions(game, players, seed + n)
        views = [engine.view(s, v) for s in states for v in (None, *range(players))]
        views.append(engine.final_view(states[-1]))
        for view in views:
            start = time.perf_counter()
            words = picture_words(engine, view, names[:players])
            texts = {lang: said(words, lang) for lang in lengths}
            seconds.append(time.perf_counter() - start)
            for lang, text in texts.items():
                lengths[lang].append(len(text))
                if len(text) > MAX_ALT_TEXT:
                    sent += (alt_text(words, lang) or "").endswith(" …")
    return {"views": len(seconds), "lengths": lengths, "seconds": seconds, "cut": sent}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.alt_text", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per game (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    short = [f"Player {k}" for k in range(1, 5)]
    long = [f"{name:<16}"[:16].replace(" ", "x") for name in ("Alejandra", "Bartholomew", "Cyrille", "Dorotea")]
    longest_names = ["Alejandra Gutiérrez de la Fuente", "Bartholomew Montgomery-Smithsons",
                     "Cyrille Dubois-Laurent Marchands", "Dorotea Fernández-Villaverde Rod"]
    print(f"alt text of every view of {args.games} random games a game; Discord's limit here {MAX_ALT_TEXT} chars")
    print(f"{'game':<9} {'views':>7} {'en median':>9} {'en max':>7} {'es median':>9} {'es max':>7} "
          f"{'max (16-char names)':>20} {'over (16-char)':>14} {'over (32-char)':>14} {'cut (32, sent)':>14} "
          f"{'median µs':>9} {'p99 µs':>7}")
    for game in game_names():
        figures = measure(game, args.games, args.seed, short)
        longest = measure(game, max(1, args.games // 4), args.seed, long)
        widest = measure(game, max(1, args.games // 4), args.seed, longest_names)
        en, es, took = figures["lengths"]["en"], figures["lengths"]["es"], sorted(figures["seconds"])
        long_texts = longest["lengths"]["en"] + longest["lengths"]["es"]
        wide_texts = widest["lengths"]["en"] + widest["lengths"]["es"]
        worst = max(long_texts)
        over = f"{sum(n > MAX_ALT_TEXT for n in long_texts)}/{len(long_texts)}"
        over_wide = f"{sum(n > MAX_ALT_TEXT for n in wide_texts)}/{len(wide_texts)}"
        print(f"{game:<9} {figures['views']:>7} {statistics.median(en):>9.0f} {max(en):>7} "
              f"{statistics.median(es):>9.0f} {max(es):>7} {worst:>20} {over:>14} {over_wide:>14} "
              f"{widest['cut']:>14} {statistics.median(took) * 1e6:>9.0f} {took[int(len(took) * 0.99)] * 1e6:>7.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
