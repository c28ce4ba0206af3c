"""Benchmark of the table service: many live tables on one SQLite file, moves from concurrent tasks.

    python bench/tables.py [--tables 200] [--moves 3000] [--image-moves 1000] [--workers 50]
                           [--long-plies 5000] [--only-long]
    python bench/tables.py --backends [--sizes 100,1000] [--scale-moves 600] [--profile]

``--backends`` (issue 19) runs one load, with board images drawn in worker processes as the bot
does, on SQLite with one process and on a throwaway PostgreSQL server (tests/pg_server.py) with one
and with two processes (each holding half of the tables, as two shards would): moves/s, median and
p99 latency, at each size; ``--profile`` adds a cProfile of one process.  Target: two processes on
PostgreSQL reach at least 80% of one process on SQLite.

Prints moves per second and the median / 99th percentile time from ``submit_move`` to its outbox,
once without images and once with ``render.render`` (run off the event loop by the service), plus
the same latency measured with a single task (the service's own cost, without queueing behind
other tables' writes), and with images the latency when moves *arrive* at 100 per second (open
loop: a 2-core machine at saturation with 50 closed-loop tasks queues every move behind 49 others,
which measures the queue, not what a player waits).  Targets (issue 7): median service cost < 5 ms
without rendering; with rendering >= 100 moves/s and p99 < 250 ms.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import open_repository
from tables import TableService
from tables.rendering import ProcessRenderer

MIX = [("kona", 2), ("plateau", 2), ("k3", 2), ("k3", 3), ("k3", 4), ("krakatoa", 2), ("krakatoa", 3),
       ("krakatoa", 4)]


def _render(game: str, view: Any, names: list[str], **extra: Any) -> bytes | None:
    """``render.render`` in a thread, with what the service passes (``result``, ``previous``)."""
    import render

    try:
        return render.render(game, view, names, **extra)
    except Exception:  # a game without a renderer yet: no image
        return None


def renderer_or_none() -> Any:
    try:
        import render  # noqa: F401
    except Exception:
        return None
    return _render


async def create_tables(svc: TableService, count: int, rng: random.Random) -> list[int]:
    ids = []
    for i in range(count):
        game, players = MIX[i % len(MIX)]
        users = [(10_000 + i * 10 + k, f"P{i}.{k}") for k in range(players)]
        out = await svc.create(1, 1, users[0][0], users[0][1], game, users[1:], {})
        tid = out[0].table_id
        for uid, _ in users[1:]:
            await svc.accept(tid, uid)
        ids.append(tid)
    return ids


async def next_action(svc: TableService, tid: int, rng: random.Random) -> tuple[int, str] | None:
    board = await svc.board(tid, image=False)
    if not board.mention:
        return None
    uid = board.mention[0]
    moves = await svc.legal_moves_for(tid, uid)
    if moves:
        return uid, rng.choice(moves)
    return uid, await svc.auto_build(tid, uid)


async def run(svc: TableService, tables: list[int], total: int, workers: int, seed: int) -> tuple[float, list[float]]:
    """Submit ``total`` moves from ``workers`` tasks, each owning a share of the tables."""
    latencies: list[float] = []
    done = 0
    live = list(tables)

    async def worker(k: int) -> None:
        nonlocal done
        rng = random.Random(seed * 1000 + k)
        mine = live[k::workers]
        while done < total and mine:
            tid = mine[rng.randrange(len(mine))]
            action = await next_action(svc, tid, rng)
            if action is None:
                mine.remove(tid)
                continue
            start = time.perf_counter()
            await svc.submit_move(tid, action[0], action[1])
            latencies.append(time.perf_counter() - start)
            done += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(workers)))
    return time.perf_counter() - began, latencies


async def run_paced(svc: TableService, tables: list[int], total: int, rate: float, seed: int
                    ) -> tuple[float, list[float]]:
    """Open loop: start one submission every 1/``rate`` s on a table with none in flight, whatever
    the earlier ones are doing: the latency players see when moves arrive at ``rate`` per second."""
    latencies: list[float] = []
    rng = random.Random(seed)
    live, busy = list(tables), set()
    tasks: list[asyncio.Task] = []

    async def one(tid: int) -> None:
        try:
            action = await next_action(svc, tid, rng)
            if action is None:
                if tid in live:
                    live.remove(tid)
                return
            start = time.perf_counter()
            await svc.submit_move(tid, action[0], action[1])
            latencies.append(time.perf_counter() - start)
        finally:
            busy.discard(tid)

    began = time.perf_counter()
    for i in range(total):
        await asyncio.sleep(max(0.0, began + i / rate - time.perf_counter()))
        free = [t for t in live if t not in busy]
        if not free:
            continue
        tid = free[rng.randrange(len(free))]
        busy.add(tid)
        tasks.append(asyncio.create_task(one(tid)))
    await asyncio.gather(*tasks)
    return time.perf_counter() - began, latencies


async def long_game(folder: Path, plies: int, window: int = 99) -> None:
    """Issue 15, defect 12: the cost of a move at ply 50 and at ply ``plies`` of one Plateau game with
    its end rules off (``max_plies=0 repetition_draw=false``); within 2x is the target."""
    repo = await open_repository(folder / "bench-long.db")
    svc = TableService(repo, None, None)
    out = await svc.create(1, 1, 1, "Ana", "plateau", [(2, "Ben")],
                           {"max_plies": "0", "repetition_draw": "false", "seat": "first"})
    tid = out[0].table_id
    await svc.accept(tid, 2)
    rng = random.Random(7)
    marks = {50: [], 500: [], plies: []}  # type: dict[int, list[float]]
    began = time.perf_counter()
    for ply in range(1, plies + window // 2 + 1):
        ctx = await svc.store.load(tid)  # the cached state (a benchmark may look inside)
        engine, state = ctx.engine, ctx.state
        moves = engine.legal_moves(state)
        rng.shuffle(moves)
        # a long game: any move that does not end it (prisoners, a tall stack)
        move = next((m for m in moves if engine.outcome(engine.apply(state, m)) is None), moves[0])
        seat = engine.to_move(state)
        uid = next(s.user_id for s in ctx.seats if s.seat == seat)
        text = engine.format_move(state, move)
        start = time.perf_counter()
        await svc.submit_move(tid, uid, text)
        spent = time.perf_counter() - start
        for mark, spent_list in marks.items():
            if abs(ply - mark) <= window // 2:
                spent_list.append(spent)
    row = await repo.get_table(tid)
    size = len(row.state or "") if row else 0
    if not all(marks.values()) or plies <= 500:  # the marks need the game past ply 500
        print(f"long Plateau game: {plies} plies are too few to compare the move's cost at ply 50, 500 and the end "
              "(give --long-plies 600 or more)")
        await repo.close()
        return
    at_start, at_500, at_end = (statistics.median(marks[m]) * 1000 for m in (50, 500, plies))
    print(f"long Plateau game (end rules off), {plies} plies in {time.perf_counter() - began:.0f} s: "
          f"move cost median {at_start:.2f} ms at ply 50, {at_500:.2f} ms at ply 500, {at_end:.2f} ms at ply "
          f"{plies} ({at_end / at_start:.2f}x of ply 50, {at_end / at_500:.2f}x of ply 500); snapshot {size} bytes")
    await repo.close()


def report(label: str, elapsed: float, latencies: list[float]) -> None:
    ms = sorted(x * 1000 for x in latencies)
    if not ms:
        print(f"{label:<38} no moves (too few asked for this run)")
        return
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{label:<38} {len(ms):>5} moves  {len(ms) / elapsed:8.1f} moves/s  "
          f"median {statistics.median(ms):7.2f} ms  p99 {p99:7.2f} ms")


async def main_async(args: argparse.Namespace) -> None:
    logging.basicConfig(level=logging.ERROR)
    folder = Path(tempfile.mkdtemp(prefix="mesa-bench-"))
    if args.long_plies:
        await long_game(folder, args.long_plies)
    if args.only_long:
        return
    render_fn = renderer_or_none()
    print(f"{args.tables} tables of mixed games ({', '.join(f'{g}/{p}' for g, p in MIX)}), "
          f"{args.workers} concurrent tasks, SQLite file in {folder}")
    pool = ProcessRenderer()  # what the bot uses (tables.service.open_service)
    modes = [("no images", None, args.moves), ("images in a thread", render_fn, args.image_moves),
             ("images in processes (the bot)", pool if render_fn else None, args.image_moves)]
    for label, renderer, moves in modes:
        if label != "no images" and renderer is None:
            print("render package not importable: image run skipped")
            continue
        repo = await open_repository(folder / f"bench-{label.replace(' ', '-')}.db")
        svc = TableService(repo, None, renderer)
        rng = random.Random(1)
        tables = await create_tables(svc, args.tables, rng)
        elapsed, lat = await run(svc, tables, moves, args.workers, seed=1)
        report(f"{label}, {args.workers} tasks", elapsed, lat)
        elapsed, lat = await run(svc, tables, max(1, moves // 3), 1, seed=2)
        report(f"{label}, 1 task (service cost)", elapsed, lat)
        if renderer is not None:
            elapsed, lat = await run_paced(svc, tables, max(1, moves // 2), args.rate, seed=3)
            report(f"{label}, {args.rate:g} moves/s arriving", elapsed, lat)
        await repo.close()
    pool.close()


# ==================================================================== issue 19: backends and processes
#: the loads of ``--backends``: (label, backend, processes)
SETUPS = [("SQLite, 1 process", "sqlite", 1), ("PostgreSQL, 1 process", "postgresql", 1),
          ("PostgreSQL, 2 processes", "postgresql", 2)]


async def child_async(args: argparse.Namespace) -> None:
    """One bot-like process: its share of the tables, moves with board images, figures as JSON on stdout.

    It warms its cache (as a running bot has), says ``ready``, and starts when the parent says ``go``,
    so that two processes measure the same interval.
    """
    import json

    logging.basicConfig(level=logging.ERROR)
    from data import open_repository

    ids = [int(x) for x in Path(args.ids_file).read_text().split()]
    repo = await open_repository(args.child)
    pool = ProcessRenderer(args.render_workers or None)
    svc = TableService(repo, None, pool)
    for tid in ids:
        await svc.board(tid, image=False)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)  # CPU time: another process's turn is not ours
        profiler.enable()
    began, cpu = time.time(), time.process_time()
    elapsed, lat = await run(svc, ids, args.moves, args.workers, seed=args.seed)
    cpu = time.process_time() - cpu
    if profiler is not None:
        profiler.disable()
    profile = ""
    if profiler is not None:
        import io
        import pstats

        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(14)
        profile = out.getvalue()
    print(json.dumps({"start": began, "end": began + elapsed, "latencies": lat, "profile": profile, "cpu": cpu}),
          flush=True)
    await repo.close()
    # the render pool is left to the interpreter's exit, which joins its workers (closing it without
    # waiting here makes that exit hook write to a closed pipe)


async def _children(target: str, shares: list[list[int]], moves: int, workers: int, profile: bool,
                    folder: Path) -> list[dict[str, Any]]:
    import json

    procs = []
    for k, ids in enumerate(shares):
        ids_file = folder / f"ids-{k}.txt"
        ids_file.write_text(" ".join(map(str, ids)))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", target, "--ids-file", str(ids_file),
               "--moves", str(moves // len(shares)), "--workers", str(max(1, workers // len(shares))),
               "--seed", str(k + 1),
               # the machine's cores are shared by the processes' render pools, as a deployment would
               "--render-workers", str(max(1, min(4, os.cpu_count() or 1) // len(shares)))] + \
            (["--profile"] if profile else [])
        procs.append(await asyncio.create_subprocess_exec(*cmd, stdin=asyncio.subprocess.PIPE,
                                                          stdout=asyncio.subprocess.PIPE))
    for proc in procs:
        assert proc.stdout is not None
        line = await proc.stdout.readline()
        if line.strip() != b"ready":
            raise RuntimeError(f"a bench process failed to start: {line!r}")
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    results = []
    for proc in procs:
        out, _ = await proc.communicate()
        results.append(json.loads(out.decode().strip().splitlines()[-1]))
    return results


async def backends_async(args: argparse.Namespace) -> None:
    """The same load on SQLite (one process) and PostgreSQL (one and two processes), with images."""
    tests = Path(__file__).resolve().parent.parent / "tests"
    sys.path.insert(0, str(tests))
    from pg_server import MISSING, PgServer, find_bin_dir

    from data import open_repository

    logging.basicConfig(level=logging.ERROR)
    bin_dir = find_bin_dir()
    if bin_dir is None:
        raise SystemExit(MISSING)
    server = PgServer(bin_dir)
    folder = Path(tempfile.mkdtemp(prefix="mesa-bench19-"))
    sizes = [int(x) for x in args.sizes.split(",")]
    print(f"moves with board images (ProcessRenderer, as the bot; its workers split between the processes, "
          f"{min(4, os.cpu_count() or 1)} in all), {args.workers} concurrent tasks in all, "
          f"{args.scale_moves} moves per run; PostgreSQL: a throwaway local server (unix socket, fsync off)")
    print(f"each setup run {args.repeat} times, interleaved (the machine is shared: the median run is kept)")
    try:
        server.start()
        for size in sizes:
            runs: dict[str, list[tuple[float, list[float], float]]] = {label: [] for label, _, _ in SETUPS}
            made: dict[str, tuple[str, list[int]]] = {}
            for label, backend, processes in SETUPS:  # the tables are made once; later runs play on
                if backend == "sqlite":
                    target = str(folder / f"bench-{size}.db")
                else:
                    target = server.new_database(f"bench{size}p{processes}")
                repo = await open_repository(target)
                made[label] = (target, await create_tables(TableService(repo, None, None), size, random.Random(1)))
                await repo.close()
            for _round in range(args.repeat):
                for label, _backend, processes in SETUPS:
                    target, tables = made[label]
                    # each process holds the tables of its own servers, which play every game: whole
                    # rounds of the game mix go to each (a split by index would give one all the Plateau)
                    shares = [[t for i, t in enumerate(tables) if (i // len(MIX)) % processes == k]
                              for k in range(processes)]
                    results = await _children(target, shares, args.scale_moves, args.workers, False, folder)
                    lat = [x for r in results for x in r["latencies"]]
                    wall = max(r["end"] for r in results) - min(r["start"] for r in results)
                    runs[label].append((wall, lat, sum(r["cpu"] for r in results)))
            rates: dict[str, float] = {}
            for label, measured in runs.items():
                wall, lat, cpu = sorted(measured, key=lambda m: len(m[1]) / m[0])[len(measured) // 2]
                rates[label] = len(lat) / wall
                report(f"{size} tables, {label}", wall, lat)
                print(f"{'':<38} all runs: {', '.join(f'{len(m[1]) / m[0]:.1f}' for m in measured)} moves/s; "
                      f"bot process CPU {1000 * cpu / len(lat):.1f} ms per move")
            share = rates[SETUPS[2][0]] / rates[SETUPS[0][0]]
            print(f"{'':<38} two processes on PostgreSQL = {100 * share:.0f}% of one process on SQLite "
                  "(target >= 80%)")
        if args.profile:
            print("\nwhere the time goes (cProfile of one process, 100 tables, top functions by own time):")
            for label, backend in (("SQLite", "sqlite"), ("PostgreSQL", "postgresql")):
                target = str(folder / "profile.db") if backend == "sqlite" else server.new_database("profile")
                repo = await open_repository(target)
                tables = await create_tables(TableService(repo, None, None), 100, random.Random(1))
                await repo.close()
                result = (await _children(target, [tables], max(100, args.scale_moves // 3), args.workers, True,
                                          folder))[0]
                print(f"--- {label}")
                print("\n".join(line for line in result["profile"].splitlines()
                                if line.strip() and not line.startswith(("   Ordered", "Ordered"))))
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.tables", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--image-moves", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=50)
    parser.add_argument("--long-plies", type=int, default=5000,
                        help="plies of the long-game run (move cost at ply 50 vs this ply); 0 skips it")
    parser.add_argument("--only-long", action="store_true", help="run only the long-game measure")
    parser.add_argument("--rate", type=float, default=100.0, help="arrival rate of the open-loop image run")
    parser.add_argument("--backends", action="store_true",
                        help="issue 19: SQLite (1 process) vs PostgreSQL (1 and 2 processes), with images")
    parser.add_argument("--sizes", default="100,1000", help="with --backends: concurrent tables per run")
    parser.add_argument("--scale-moves", type=int, default=600, help="with --backends: moves per run")
    parser.add_argument("--profile", action="store_true", help="with --backends: a cProfile of one process")
    parser.add_argument("--repeat", type=int, default=3, help="with --backends: runs per setup (median kept)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--ids-file", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--render-workers", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child_async(args))
    elif args.backends:
        asyncio.run(backends_async(args))
    else:
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
