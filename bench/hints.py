"""What a hint says, and how long it takes (issue 30's hints): the answer is deferred on Discord, so its time is
the wait a player sees after pressing *Hint*, not a deadline.

    python -m bench.hints [--games 3] [--level normal]

Through the real service as the bot opens it (``tables.service.open_service``: SQLite in a temporary folder, the
thinking pool's worker processes at the levels' default time budgets), one person plays each game against Mesa
(``--level``), asking a hint at every decision of theirs and playing it.  Each ask is timed from the call to the
hint in hand (Mesa's search at ``HINT_LEVEL`` and the sentence of why: the engine's tactics, else the reading of
the seat's chance, ``ai.review_games.chance_after``).  It prints per game the median, p90 and max seconds a hint,
and how often each kind of sentence was said; "Mesa's choice here" alone should be rare (a reading that failed).
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.service import TableService, open_service

PLAYER, NAME = 4242, "Ana"
GUILD, CHANNEL = 1, 10
GAMES = ("kona", "plateau", "k3", "krakatoa")
#: a game that does not end in this many steps (the player's decisions and Mesa's turns) is left
MOST_DECISIONS = 400


async def play_one(service: TableService, game: str, level: str, times: list[float], kinds: Counter[str]) -> None:
    """A game against Mesa, the player taking every hint: each ask timed, each sentence's kind counted."""
    out = await service.create(GUILD, CHANNEL, PLAYER, NAME, game, [],
                               {"bots": "1", "seat": "first", "level": level, "rated": "false"})
    table = out[0].table_id
    for _ in range(MOST_DECISIONS):
        ctx = await service.store.load(table)
        if ctx.engine.outcome(ctx.state) is not None:
            return
        mine = {s.seat for s in ctx.seats if s.user_id == PLAYER}
        if not mine & set(ctx.acting(ctx.state)):  # Mesa's turn (the dice are thrown by the service itself)
            await service.play_mesa(table)
            continue
        start = time.perf_counter()
        hint = await service.hints.ask(table, PLAYER)
        times.append(time.perf_counter() - start)
        kinds[hint.params["why"].key.removeprefix("hint.why.")] += 1
        await service.submit_move(table, PLAYER, hint.move)


async def run(games: int, level: str, folder: Path) -> dict[str, tuple[list[float], Counter[str]]]:
    service = await open_service(str(folder / "hints.db"), images=False)
    figures: dict[str, tuple[list[float], Counter[str]]] = {}
    try:
        for game in GAMES:
            times: list[float] = []
            kinds: Counter[str] = Counter()
            for _ in range(games):
                await play_one(service, game, level, times, kinds)
            figures[game] = (times, kinds)
    finally:
        await service.close()
    return figures


def report(figures: dict[str, tuple[list[float], Counter[str]]], games: int, level: str) -> str:
    lines = [f"hints through the service, searches in the thinking pool ({os.cpu_count()} cores), "
             f"{games} of each game against Mesa ({level}), a hint at every decision"]
    for game, (times, kinds) in figures.items():
        ordered = sorted(times)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        said = ", ".join(f"{kind} {count}" for kind, count in kinds.most_common())
        lines.append(f"{game:<9} {len(times):>4} hints  median {statistics.median(times):.2f} s  p90 {p90:.2f} s  "
                     f"max {max(times):.2f} s;  said: {said}")
    bare = sum(k["choice"] for _, k in figures.values())
    total = sum(sum(k.values()) for _, k in figures.values())
    lines.append(f"\"Mesa's choice here\" and nothing more: {bare} of {total} hints")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.hints",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3, help="games per game kind")
    parser.add_argument("--level", default="normal", help="Mesa's level at the tables")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(run(args.games, args.level, Path(folder)))
    print(report(figures, args.games, args.level))


if __name__ == "__main__":
    main()
