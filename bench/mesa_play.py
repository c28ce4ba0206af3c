"""How long a player waits for Mesa's answer, and whether the event loop stays free meanwhile.

Through the real service (SQLite in a temporary folder, the process pool of ``tables.thinking`` with
each level's default budget): a player makes random moves at a Kona table against Mesa; for each of
Mesa's answers it prints the time from the player's stored move to Mesa's stored move, and the
largest delay a 10 ms heartbeat on the event loop saw while Mesa thought (the loop never waits for
the search: that delay stays a few milliseconds).

    python -m bench.mesa_play [--moves N] [--game kona] [--levels easy,normal,hard]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from data import open_repository
from tables.service import TableService
from tables.thinking import Thinker

HUMAN = 1
HEARTBEAT = 0.010


async def heartbeat(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(HEARTBEAT)
        lags.append(time.perf_counter() - start - HEARTBEAT)


async def level_figures(folder: Path, game: str, level: str, moves: int, seed: int) -> tuple[list[float], float]:
    repo = await open_repository(folder / f"{game}-{level}.db")
    thinker = Thinker()
    svc = TableService(repo, None, None, seed_source=lambda: seed, thinker=thinker)
    rng = random.Random(seed)
    waits: list[float] = []
    worst = 0.0
    try:
        out = await svc.create(1, 1, HUMAN, "Ana", game, [], {"bots": "1", "level": level, "seat": "first"})
        tid = out[0].table_id
        await svc.play_mesa(tid)
        while len(waits) < moves:
            legal = await svc.legal_moves_for(tid, HUMAN)
            if not legal:
                break
            await svc.submit_move(tid, HUMAN, rng.choice(legal))
            lags: list[float] = []
            stop = asyncio.Event()
            beat = asyncio.create_task(heartbeat(lags, stop))
            start = time.perf_counter()
            played = await svc.play_mesa(tid)
            stop.set()
            await beat
            if played:
                waits.append(time.perf_counter() - start)
                worst = max([worst, *lags])
    finally:
        thinker.close()
        await repo.close()
    return waits, worst


async def main_async(game: str, levels: list[str], moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        print(f"{game}: Mesa's answer through the service (process pool, default budgets)")
        print(f"{'level':8} {'answers':>7} {'median s':>9} {'max s':>7} {'worst loop delay ms':>20}")
        for level in levels:
            waits, worst = await level_figures(Path(folder), game, level, moves, seed=7)
            if not waits:
                print(f"{level:8} {0:7d}")
                continue
            print(f"{level:8} {len(waits):7d} {statistics.median(waits):9.3f} {max(waits):7.3f} {worst * 1000:20.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.mesa_play", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kona")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--moves", type=int, default=8)
    args = parser.parse_args()
    asyncio.run(main_async(args.game, args.levels.split(","), args.moves))


if __name__ == "__main__":
    main()
