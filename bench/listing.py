"""Benchmark of ``/games``: how long a player's listing takes, with and without the server's open tables.

    python -m bench.listing [--open 2000] [--mine 50] [--finished 200] [--repeat 200] [--db PATH]

Fills one server with ``--open`` open tables (K3 and Krakatoa, each with its host seated) and gives the reader
``--mine`` tables of their own (Kona, half of them started and moved once), on SQLite in a temporary folder
(or ``--db``: a file or a ``postgresql://`` URL).  Then times ``listing(user, guild)`` as the table autocomplete
reads it and ``listing(..., joinable=True)`` as ``/games`` reads it (the newest open tables the reader could sit
at: one indexed query and one read of their seats), and what ``/games`` says of the server's tournaments
(``tournament_lists.for_games``) with as many events underway as a server may have (5): one the reader
organises open for entries, one they entered, three running that they organise without playing (eight players
each), and the events open for entries it offers someone who entered none (``tournament_lists.joinable``); and
the reader's finished tables as ``/review`` and ``/replay`` list them while ``table`` is typed (``--finished`` Kona
games the reader won, the newest 25: ``cogs.finished``); and prints the medians and the 95th percentiles in ms.
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from data import open_repository
from tables import TableService
from tables.leaderboard import LeaderboardService

GUILD, CHANNEL, READER = 1, 10, 7
#: someone in none of the events: ``/games`` offers them the events open for entries (``tournament_lists.joinable``)
NEWCOMER = 99_999


class StillClock:
    """Time stands still: every open table stays open while it is measured."""

    def now(self) -> datetime:
        return datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


async def fill(svc: TableService, open_tables: int, mine: int) -> None:
    for k in range(open_tables):
        await svc.create(GUILD, CHANNEL, 10_000 + k, f"Host {k}", ("k3", "krakatoa")[k % 2], [], {})
    for k in range(mine):
        opponent = 50_000 + k
        tid = (await svc.create(GUILD, CHANNEL, READER, "Reader", "kona", [(opponent, f"Opp {k}")],
                                {"seat": "first"}))[0].table_id
        if k % 2:
            await svc.accept(tid, opponent)
            await svc.submit_move(tid, READER, "a6-d3")


async def finished(svc: TableService, count: int) -> None:
    """``count`` Kona games the reader won (each opponent resigns after the reader's first move)."""
    for k in range(count):
        opponent = 70_000 + k
        tid = (await svc.create(GUILD, CHANNEL, READER, "Reader", "kona", [(opponent, f"Lost {k}")],
                                {"seat": "first"}))[0].table_id
        await svc.accept(tid, opponent)
        await svc.submit_move(tid, READER, "a6-d3")
        await svc.resign(tid, opponent)


async def events(svc: TableService) -> None:
    """The most events a server may have underway (``MAX_OPEN``): what ``/games`` says of each to the reader."""
    async def event(organiser: int, players: range) -> int:
        await svc.tournaments.create(GUILD, CHANNEL, organiser, f"Org {organiser}", "kona", {"format": "swiss"})
        number = max(e.id for e in await svc.tournament_lists.listing(GUILD, organiser, "standings"))
        for uid in players:
            await svc.tournaments.join(GUILD, uid, f"P{uid}", number)
        return number

    await event(READER, range(60_000, 60_003))  # open, the reader's to start
    entered = await event(70_000, range(60_010, 60_013))  # open, the reader entered
    await svc.tournaments.join(GUILD, READER, "Reader", entered)
    for k in range(3):  # running, organised by the reader, who does not play
        started = await event(READER, range(61_000 + 10 * k, 61_008 + 10 * k))
        await svc.tournaments.start(GUILD, READER, started)


async def timed(call: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()  # type: ignore[operator]
        out.append((time.perf_counter() - start) * 1000)
    return out


def figures(name: str, times: list[float]) -> str:
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    return f"{name:<34} median {statistics.median(times):7.2f} ms   p95 {p95:7.2f} ms"


async def main(args: argparse.Namespace) -> None:
    folder = tempfile.mkdtemp(prefix="mesa-listing-")
    repo = await open_repository(args.db or str(Path(folder) / "listing.db"))
    svc = TableService(repo, StillClock(), None, seed_source=lambda: 1)
    await svc.preferences.set_caps(GUILD, 500, 500)  # the reader's invitations and games, past the defaults
    start = time.perf_counter()
    await fill(svc, args.open, args.mine)
    await finished(svc, args.finished)
    print(f"{args.open} open tables and {args.mine} of the reader's own, made in {time.perf_counter() - start:.1f} s")
    plain = await svc.listing(READER, GUILD)
    joined = await svc.listing(READER, GUILD, joinable=True)
    await events(svc)
    said = await svc.tournament_lists.for_games(GUILD, READER)
    print(f"listed: {len(plain.tables)} of the reader's tables; {len(joined.joinable)} open tables offered; "
          f"{len(said)} tournaments said")
    print(figures("listing (autocomplete)", await timed(lambda: svc.listing(READER, GUILD), args.repeat)))
    print(figures("listing, joinable (/games)",
                  await timed(lambda: svc.listing(READER, GUILD, joinable=True), args.repeat)))
    print(figures("tournaments (/games)",
                  await timed(lambda: svc.tournament_lists.for_games(GUILD, READER), args.repeat)))
    offered = await svc.tournament_lists.joinable(GUILD, NEWCOMER)
    print(f"{len(offered)} tournaments open for entries offered to a newcomer")
    print(figures("tournaments to enter (/games)",
                  await timed(lambda: svc.tournament_lists.joinable(GUILD, NEWCOMER), args.repeat)))
    board = LeaderboardService(repo)
    listed = await board.history(GUILD, READER, None, limit=25)
    print(f"{len(listed)} of the reader's {args.finished} finished tables listed")
    print(figures("finished tables (/review table:)",
                  await timed(lambda: board.history(GUILD, READER, None, limit=25), args.repeat)))
    await repo.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.listing", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--open", type=int, default=2000, help="open tables in the server")
    parser.add_argument("--mine", type=int, default=50, help="the reader's own tables")
    parser.add_argument("--finished", type=int, default=200, help="the reader's finished tables")
    parser.add_argument("--repeat", type=int, default=200, help="listings timed of each kind")
    parser.add_argument("--db", help="a database file or postgresql:// URL (default: SQLite in a temporary folder)")
    asyncio.run(main(parser.parse_args()))
