"""How long a lesson step takes to answer (issue 30): Discord wants an interaction answered within 3 s.

    python -m bench.lessons [--rounds 3]

Through the real service as the bot opens it (``tables.service.open_service``: SQLite in a temporary
folder, board pictures drawn in the render pool's worker processes), for every step of every course
(``tables/lessons/*.json``), as one learner: open the step (``service.lessons.open``, its picture or, with
hidden information, one picture per seat), answer it wrong (a legal move that misses the goal: the
engine looks for the opponent's winning reply) and answer it right (explained, and the next step drawn).
Each call is timed from the call to the post in hand, ``--rounds`` times over.  It prints per game and
overall the median, p99 and max seconds per answer, the first call (the pool starting, as after a bot
restart) apart, and whether every answer is under Discord's 3-second deadline.  Not a test: it prints
figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_engine
from tables.learn import UNLISTED_TRIES, LessonPost, courses, meets, right_answer, step_state, unlisted
from tables.service import open_service

LEARNER = 4242
DEADLINE = 3.0  # Discord's: an interaction's first answer


def wrong_answer(game: str, index: int) -> str:
    """A legal move at the step that misses its goal (the check_step of every course guarantees one)."""
    step = courses()[game].steps[index]
    engine = get_engine(game)
    state = step_state(engine, step)
    if unlisted(engine, state, step.seat):  # K3's builds: a seeded auto-build misses (check_step says so)
        return next(engine.format_move(state, m) for n in range(UNLISTED_TRIES) for style in ("random", "sensible")
                    if not meets(engine, step, state, m := engine.auto_move(state, step.seat,
                                                                            random.Random(f"lesson:{n}"), style)))
    return next(engine.format_move(state, m) for m in engine.legal_moves(state, step.seat)
                if not meets(engine, step, state, m))


async def timed(call: Awaitable[LessonPost], into: list[float]) -> LessonPost:
    start = time.perf_counter()
    post = await call
    into.append(time.perf_counter() - start)
    return post


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 else values[0]


def line(name: str, values: list[float]) -> str:
    return (f"{name:<10} {len(values):>4} answers  median {statistics.median(values):.3f} s  "
            f"p99 {p99(values):.3f} s  max {max(values):.3f} s")


async def run(rounds: int, folder: Path) -> tuple[float, dict[str, dict[str, list[float]]]]:
    service = await open_service(str(folder / "lessons.db"))  # the bot's: images drawn in the render pool
    lessons = service.lessons
    figures: dict[str, dict[str, list[float]]] = {}
    first: list[float] = []
    try:
        await timed(lessons.open(LEARNER, "kona"), first)  # the pool starts: apart, as after a restart
        for _ in range(rounds):
            for game, course in courses().items():
                kinds = figures.setdefault(game, {"open": [], "wrong": [], "right": []})
                for index in range(len(course.steps)):
                    post = await timed(lessons.open(LEARNER, game, str(index + 1)), kinds["open"])
                    assert post.image is not None, f"{game} step {index + 1}: no picture drawn"
                    post = await timed(lessons.answer(LEARNER, game, wrong_answer(game, index)), kinds["wrong"])
                    assert post.key.startswith("learn.wrong"), f"{game} step {index + 1}: {post.key}"
                    post = await timed(lessons.answer(LEARNER, game, right_answer(game, index)), kinds["right"])
                    assert post.key in ("learn.step", "learn.done"), f"{game} step {index + 1}: {post.key}"
    finally:
        await service.close()
    return first[0], figures


def report(cold: float, figures: dict[str, dict[str, list[float]]]) -> str:
    every = [t for kinds in figures.values() for values in kinds.values() for t in values]
    lines = [f"lessons on SQLite, pictures in the render pool ({os.cpu_count()} cores); "
             f"the first call (the pool starting) {cold:.3f} s"]
    for game, kinds in figures.items():
        lines.append(f"{game}: {len(courses()[game].steps)} steps")
        lines += [f"  {line(kind, values)}" for kind, values in kinds.items()]
        lines.append(f"  {line('all', [t for values in kinds.values() for t in values])}")
    lines.append(line("overall", every))
    ok = max(every) < DEADLINE
    lines.append(f"target: every answer under Discord's {DEADLINE:.0f}-second deadline: {'met' if ok else 'MISSED'}"
                 f" (the first call included: {'met' if max(cold, *every) < DEADLINE else 'MISSED'})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.lessons",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3, help="times over every step of every course")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        cold, figures = asyncio.run(run(args.rounds, Path(folder)))
    print(report(cold, figures))


if __name__ == "__main__":
    main()
