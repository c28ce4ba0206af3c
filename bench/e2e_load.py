"""Load through the real bot: many tables played at once by scripted users, over real HTTP and a gateway.

    python -m bench.e2e_load [--tables 100] [--moves 10] [--seed 1]

Starts the stand-in for Discord (tests/discord_standin) and ``python bot.py`` against it, opens
``--tables`` tables (Kona, Krakatoa and Plateau in turn, two players each: ``/play``, then Accept),
and has every table make ``--moves`` moves at the same time with the buttons and selects under the
board.  Prints how long the bot took to acknowledge each interaction (Discord's limit is 3 s) and to
answer it completely, as median / 95th / 99th percentile / max.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT / "tests", ROOT / "tests" / "e2e"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from discord_standin.server import BotProcess, DiscordServer, Exchange  # noqa: E402
from mesa_e2e import Cast  # noqa: E402

GAMES = ("kona", "krakatoa", "plateau")
DISCORD_LIMIT = 3.0


@dataclass
class LoadResult:
    tables: int
    moves: int
    interactions: int
    seconds: float
    ack: list[float]
    answer: list[float]

    @staticmethod
    def _pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def figures(self, values: list[float]) -> dict[str, float]:
        return {"median": statistics.median(values) if values else float("nan"),
                "p95": self._pct(values, 0.95), "p99": self._pct(values, 0.99),
                "max": max(values) if values else float("nan")}

    @property
    def late(self) -> int:
        return sum(1 for a in self.ack if a >= DISCORD_LIMIT)

    def report(self) -> str:
        ack, answer = self.figures(self.ack), self.figures(self.answer)

        def ms(d: dict[str, float]) -> str:
            return " / ".join(f"{k} {v * 1000:.0f} ms" for k, v in d.items())

        return (f"{self.tables} tables, {self.moves} moves, {self.interactions} interactions in "
                f"{self.seconds:.1f} s ({self.interactions / self.seconds:.0f}/s)\n"
                f"  acknowledged: {ms(ack)}\n  answered:     {ms(answer)}\n"
                f"  over Discord's {DISCORD_LIMIT:.0f} s limit: {self.late}")


async def registered_commands(folder: Path) -> list[dict]:
    """``python bot.py --sync`` against a stand-in: the commands scripted users may send."""
    server = DiscordServer()
    await server.start()
    try:
        code, out = await BotProcess(server, folder).run("--sync")
        if code != 0:
            raise RuntimeError(f"python bot.py --sync failed:\n{out}")
        return server.commands
    finally:
        await server.stop()


async def play_tables(server: DiscordServer, cast: Cast, tables: int, moves: int, seed: int) -> tuple[int, float]:
    """Open ``tables`` tables and make ``moves`` moves at each, all at the same time; (moves made, seconds)."""
    players = cast.players[4:4 + 2 * tables]
    started = time.monotonic()

    async def one(i: int) -> int:
        rng = random.Random(seed * 1000 + i)
        host, guest = players[2 * i], players[2 * i + 1]
        table = await cast.open_table(host, GAMES[i % len(GAMES)], [guest], seat="first")
        made = 0
        for _ in range(moves):
            if cast.finished(table):
                break
            await cast.turn_by_buttons(table, rng)
            made += 1
        return made

    made = await asyncio.gather(*(one(i) for i in range(tables)))
    return sum(made), time.monotonic() - started


async def run_load(tables: int = 100, moves: int = 10, seed: int = 1, folder: Path | None = None) -> LoadResult:
    with tempfile.TemporaryDirectory() as scratch:
        work = folder or Path(scratch)
        commands = await registered_commands(work)
        server = DiscordServer()
        await server.start()
        server.commands = commands
        bot = BotProcess(server, work)
        try:
            await bot.start()
            cast = Cast(server, count=2 * tables)
            made, seconds = await play_tables(server, cast, tables, moves, seed)
            if not bot.alive:
                raise RuntimeError("the bot died under load:\n" + bot.log()[-3000:])
        finally:
            await bot.stop()
            bot.reap()
            await server.stop()
        exchanges: list[Exchange] = cast.exchanges
        ack = [e.ack_seconds for e in exchanges if e.ack_seconds is not None]
        answer = [answered_after(server, e) for e in exchanges]
        return LoadResult(tables, made, len(exchanges), seconds, ack, [a for a in answer if a is not None])


def answered_after(server: DiscordServer, exchange: Exchange) -> float | None:
    """Seconds from sending the interaction to the bot's last answer through its token."""
    records = exchange.records()
    if not records:
        return None
    return max(server.arrival(r) for r in records) - exchange.sent_at


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.e2e_load", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = asyncio.run(run_load(args.tables, args.moves, args.seed))
    print(result.report())
    return 0 if result.late == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
