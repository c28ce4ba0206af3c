"""Render speed and size per game: median render-and-encode time, the floor, PNG size.

    python -m bench.render [GAME ...] [--games N] [--lang es]

For each game, random games are played from the start and every view along them (each seat's and
the spectator's) is rendered.  Printed per game: image size, median / p95 render+encode time, the
*floor* (palette-mapping and encoding an already drawn image of the same size and palette:
no drawing), the ratio of the two, median and largest PNG bytes; the smallest text and piece face
at 400 px wide (``render.layout_facts`` over a sample of views); and the replay GIF of one whole
game (the longest of a few random games with the game's own end rules off, to its end or the
engine's hard ply bound ``max_plies_hard``): frames, seconds it lasts, bytes and the time to make it.
Targets (issues 6 and 16): width ≤ 576 px (portrait), typical PNG ≤ 80 KB, median ≤ 25 ms; text ≥ 9 px
and faces ≥ 14 px at 400 px wide; replay ≤ 60 s, ≤ 3 MB, made in ≤ 5 s.  ``--lang es``: the same figures for
the pictures a Spanish reader gets (their words in Spanish, ``render.words``).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import sys
import time

from PIL import Image

from engines import GAMES, get_engine
from render import draw, layout_facts, render, replay, theme, words


def sample_views(name: str, games: int, players: int) -> list[dict]:
    engine = get_engine(name)
    rng = random.Random(7)
    views: list[dict] = []
    for g in range(games):
        state = engine.new_game(players, seed=g)
        while True:
            for viewer in [None, *range(players)]:
                views.append(engine.view(state, viewer))
            if engine.outcome(state) is not None:
                break
            state = engine.apply(state, engine.random_move(state, rng))
    return views


#: options that switch a game's own end rules off, so a random game runs as long as the engine lets
#: it: to the hard ply bound (issue 15, defect 12) that the service ends any game at
LONGEST = {"plateau": {"max_plies": 0, "repetition_draw": False}, "kona": {"move_limit": 0, "repetition_draw": False}}


#: random moves tried for one that does not end the game (a plain random game of Plateau ends within a
#: few hundred plies; this one runs to the hard bound)
DODGES = 30


def longest_game(name: str, players: int, seeds: int = 3) -> tuple[list[dict], dict | None]:
    """Spectator views of the longest of ``seeds`` random games (moves that end the game dodged while
    ``DODGES`` tries allow), each played until it ends by itself
    or reaches the engine's ``description.max_plies_hard`` (then it ends as a draw, as the service
    ends it: the result is returned for the replay's last frame)."""
    engine = get_engine(name)
    cap = engine.description.max_plies_hard
    longest: list[dict] = []
    result = None
    for seed in range(seeds):
        rng = random.Random(seed)
        state = engine.new_game(players, seed=seed, options=LONGEST.get(name))
        views = [engine.view(state, None)]
        while engine.outcome(state) is None and len(views) - 1 < cap:
            for _ in range(DODGES):  # a random move that does not end the game, if one comes up
                after = engine.apply(state, engine.random_move(state, rng))
                if engine.outcome(after) is None:
                    break
            state = after
            views.append(engine.view(state, None))
        if len(views) > len(longest):
            longest = views
            result = None if engine.outcome(state) is not None else {"winners": [], "reason": "ply_limit_hard"}
        if result is not None:  # the bound was reached: no game is longer
            break
    return longest, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games", dest="count", type=int, default=2, help="random games sampled per game")
    parser.add_argument("--limit", type=int, default=300, help="views rendered per game at most")
    parser.add_argument("--lang", default="en", choices=list(words.LANGS), help="the language of the words drawn")
    args = parser.parse_args(argv)
    lang = args.lang
    for name in args.games:
        engine = get_engine(name)
        players = min(4, engine.max_players) if name in ("k3", "krakatoa") else 2
        views = sample_views(name, args.count, players)
        step = max(1, len(views) // args.limit)
        views = views[::step][: args.limit]
        names = [words.player(lang, i) for i in range(players)]
        render(name, views[0], names, lang=lang)  # warm the caches, as a running bot has them
        times, sizes, floors = [], [], []
        size_px = (0, 0)
        for view in views:
            started = time.perf_counter()
            data = render(name, view, names, lang=lang)
            times.append(time.perf_counter() - started)
            sizes.append(len(data))
        picture = draw(name, views[-1], names, lang=lang)
        size_px = picture.size
        for _ in range(30):  # the floor: palette-map and encode a picture that is already drawn
            started = time.perf_counter()
            theme.to_png(picture)
            floors.append(time.perf_counter() - started)
        med, floor = statistics.median(times), statistics.median(floors)
        p95 = sorted(times)[max(0, math.ceil(len(times) * 0.95) - 1)]  # of two times, the larger
        print(f"{name}: {len(views)} views, {size_px[0]}x{size_px[1]} px; render+encode median {med * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms; floor {floor * 1000:.1f} ms; ratio {med / floor:.2f}x; "
              f"PNG median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")
        facts = [layout_facts(name, view, names, lang=lang) for view in views[:: max(1, len(views) // 12)]]
        text_px = min(f.shown_at(400)[0] for f in facts)
        face_px = min(f.shown_at(400)[1] for f in facts)
        print(f"{name}: at 400 px wide: smallest text {text_px:.1f} px, smallest face {face_px:.1f} px")
        replay_views, ending = longest_game(name, players)
        render(name, replay_views[0], names, lang=lang)
        started = time.perf_counter()
        gif = replay(name, replay_views, names, result=ending, lang=lang)
        made = time.perf_counter() - started
        shown = Image.open(io.BytesIO(gif))
        lasts = 0
        for k in range(shown.n_frames):
            shown.seek(k)
            lasts += shown.info["duration"]
        how = f"stopped at the hard bound of {get_engine(name).description.max_plies_hard}" if ending else "ended"
        ok = lasts <= 60_000 and len(gif) <= 3 * 1024 * 1024 and made <= 5
        print(f"{name}: replay of a {len(replay_views) - 1}-ply game ({how}): {shown.n_frames} frames, "
              f"{lasts / 1000:.1f} s, {len(gif) / 1024:.0f} KB, made in {made:.1f} s "
              f"({'within' if ok else 'OVER'} 60 s / 3 MB / 5 s)")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
