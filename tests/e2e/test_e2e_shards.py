"""Two bot processes (shards 0 and 1 of 2) on one PostgreSQL, one of them killed -9 again and again (issue 19).

The stand-in serves two servers, one on each shard, and sends each server's interactions to the
process holding its shard only.  Games run in both servers at once: moves by buttons and by
``/move``, stale clicks, reminders and time-outs (time is moved on by writing the deadlines into
the past, as the clock would); at random instants (after a random number of the bot's requests
following a move) one process is killed with SIGKILL and started again.  Afterwards: every move a
player was told was played is stored exactly once, in order; every table's log replays to its
snapshot; no reminder was sent twice; and every game can still be finished.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys
from collections import Counter
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from discord_standin.server import ROOT, Exchange, dump
from discord_standin.shards import GuildPlayer, ShardedServer, ShardProcess, shard_of
from mesa_e2e import Cast, custom_ids
from pg_server import PgServer
from test_tables_service import assert_replay_matches

from data import open_repository
from data.models import now_iso

VERSION = re.compile(r"^mesa:resign:(\d+):(\d+):")
PLAYED = re.compile(r"Played (\S+?)(?:\.| \()")  # "Played a6-d3 (Move from a6 to d3, …)."
REMINDER = re.compile(r"(?:of your .+? to move in|Hurry: only) .* #(\d+)")
ROUNDS = 10
KILLS = 3


class GuildCast(Cast):
    """The players of one server (their own user ids), who type in that server's ``#games``."""

    def __init__(self, server: ShardedServer, guild_id: int, first_id: int) -> None:
        super().__init__(server, first_id=first_id)
        names = ["ann", "bob", "cid", "dee"]
        self.players = [GuildPlayer(server, guild_id, first_id + i, f"{n}{guild_id % 7}") for i, n in
                        enumerate(names)]
        self.ann, self.bob, self.cid, self.dee = self.players
        self.by_id = {p.id: p for p in self.players}
        self.guild_id = guild_id


def board_version(message: dict[str, Any] | None) -> int:
    for cid in custom_ids(message or {}):
        m = VERSION.match(cid)
        if m:
            return int(m[2])
    return -1


def played(exchanges: list[Exchange], table: int) -> list[str]:
    """Moves the bot told a player it played at ``table``, in the order it said so."""
    out = []
    for ex in exchanges:
        data = ex.payload.get("data") or {}
        options = {o["name"]: o.get("value") for o in data.get("options") or []}
        here = str(data.get("custom_id", "")).startswith((f"mesasel:{table}:", f"mesa:mv:{table}:")) or \
            (data.get("name") == "move" and int(options.get("table") or 0) == table)
        if here and ex.finished:
            out += PLAYED.findall(ex.text())
    return out


@pytest.fixture
async def sharded(registered_commands: list[dict[str, Any]]) -> AsyncIterator[ShardedServer]:
    server = ShardedServer(shard_count=2)
    await server.start()
    server.commands = [dict(c) for c in registered_commands]
    try:
        yield server
    finally:
        await server.stop()


@pytest.mark.slow
async def test_two_shard_processes_one_database_and_kills(sharded: ShardedServer, pg_server: PgServer,
                                                         tmp_path: Path) -> None:
    server = sharded
    url = pg_server.new_database("shards")
    rng = random.Random(int(os.environ.get("MESA_SHARDS_SEED", "1919")))
    procs = [ShardProcess(server, tmp_path / f"shard{s}", [s], url, env={"TICK_SECONDS": "0.5"}) for s in (0, 1)]
    db = await asyncpg.connect(url)
    try:
        await asyncio.gather(*(p.start() for p in procs))
        g0, g1 = list(server.guilds)
        casts = {g0: GuildCast(server, g0, 2001), g1: GuildCast(server, g1, 3001)}
        proc_of = {g: procs[shard_of(g, 2)] for g in casts}
        assert proc_of[g0] is not proc_of[g1]

        # ---- games in both servers, opened through each server's own shard
        tables: dict[int, list[int]] = {}
        for g, cast in casts.items():
            kona = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
            krakatoa = await cast.open_table(cast.cid, "krakatoa", [cast.dee], seat="first")
            tables[g] = [kona, krakatoa]
        every = [t for ts in tables.values() for t in ts]
        guild_of = {t: g for g, ts in tables.items() for t in ts}
        sent_moves = Counter[int]()

        def reminders_of(table: int) -> int:
            return sum(1 for r in server.to_dms() if (m := REMINDER.search(r.content)) and int(m[1]) == table)

        async def version_of(table: int) -> int:
            return int(await db.fetchval("SELECT version FROM tables WHERE id = $1", table))

        async def boards_current(g: int) -> None:
            """The server's boards show the stored version (a restarted process posts what was missed)."""
            for t in tables[g]:
                if await db.fetchval("SELECT status FROM tables WHERE id = $1", t) != "active":
                    continue
                want = await version_of(t)
                await server.wait_until(lambda t=t, want=want: board_version(casts[g].board(t)) >= want, 30,
                                        f"table {t}'s board at version {want}")

        async def turn(g: int, table: int, *, wait: bool = True) -> None:
            cast = casts[g]
            sent_moves[table] += 1
            if rng.random() < 0.3 and wait:
                await cast.turn_by_command(table, rng)
            else:
                await cast.turn_by_buttons(table, rng, wait_last=wait)

        async def double_click(g: int) -> None:
            """The player to move walks the picker and clicks the final choice twice at once."""
            cast, t = casts[g], tables[g][0]
            board = cast.board(t)
            if board is None or cast.finished(t):
                return
            player = cast.movers(t)[0]
            pick = next(c for c in custom_ids(board) if c.startswith(f"mesa:pick:{t}:"))
            ex = cast.note(await player.press(pick, board))
            for _ in range(20):
                select = next(c for c in ex.custom_ids() if c.startswith("mesasel:"))
                value = rng.choice(ex.select_options())["value"]
                message = server.latest_message_with(select)
                if not value.startswith("m:"):
                    ex = cast.note(await player.press(select, message, values=[value]))
                    continue
                sent_moves[t] += 2
                clicks = [cast.note(await player.press(select, message, values=[value], wait=False))
                          for _ in range(2)]
                await server.wait_until(lambda clicks=clicks: all(c.finished for c in clicks), 30,
                                        "both clicks answered")
                assert sum(bool(PLAYED.search(c.text())) for c in clicks) == 1, [c.text() for c in clicks]
                return

        async def kill_during_a_move(g: int) -> None:
            """A move in server ``g``, and its process killed after a random number of its requests."""
            table = rng.choice([t for t in tables[g] if not casts[g].finished(t)])
            before = len(server.requests)
            await turn(g, table, wait=False)
            k = rng.randint(0, 6)
            await server.wait_until(lambda: len(server.requests) >= before + k or casts[g].exchanges[-1].finished,
                                    30, "the bot's requests after a move")
            proc = proc_of[g]
            proc.expect_errors = True
            await proc.kill()
            await proc.start()
            await boards_current(g)

        async def deadline(table: int, kind: str) -> None:
            """Time passes for ``table``: its next reminder ("remind") or its deadline ("timeout") is due now."""
            now = datetime.now(UTC)
            if kind == "timeout":
                # the version moves too, as after any change a process must not take from its cache
                await db.execute("UPDATE tables SET turn_deadline = $2, next_event_at = $2, claimed_until = NULL, "
                                 "version = version + 1 WHERE id = $1", table, now_iso(now - timedelta(seconds=1)))
            else:
                await db.execute("UPDATE tables SET next_event_at = $2, claimed_until = NULL WHERE id = $1", table,
                                 now_iso(now - timedelta(seconds=1)))

        kill_rounds = set(rng.sample(range(1, ROUNDS), KILLS))
        reminded: set[tuple[int, int]] = set()
        for round_no in range(ROUNDS):
            jobs = []
            victim = rng.choice(list(casts)) if round_no in kill_rounds else None
            for g, cast in casts.items():
                if g == victim:
                    jobs.append(kill_during_a_move(g))
                    continue
                live = [t for t in tables[g] if not cast.finished(t)]
                if live:
                    jobs.append(turn(g, rng.choice(live)))
            await asyncio.gather(*jobs)
            if round_no in (2, 6):  # reminders on one table of each server, sent by whichever process claims it
                due = []
                for g in casts:
                    t = tables[g][0]
                    key = (t, await version_of(t))
                    if key not in reminded and not casts[g].finished(t):
                        reminded.add(key)
                        due.append((t, reminders_of(t)))
                        await deadline(t, "remind")
                for t, before in due:
                    await server.wait_until(lambda t=t, before=before: reminders_of(t) > before, 30,
                                            f"a reminder for table {t}")
            if round_no == 3:  # a double click in each server: one move, the other click refused
                await asyncio.gather(*(double_click(g) for g in casts))
        # ---- a time-out in each server's Kona game: lost on time
        for g in casts:
            t = tables[g][0]
            if not casts[g].finished(t):
                await deadline(t, "timeout")
        for g in casts:
            t = tables[g][0]
            await server.wait_until(lambda t=t, g=g: casts[g].finished(t), 30, f"table {t} to end on time")

        # ---- every game can be finished: the rest are resigned by the player to move
        for g, cast in casts.items():
            await boards_current(g)
            for t in tables[g]:
                if not cast.finished(t):
                    await cast.turn_by_buttons(t, rng)
                    sent_moves[t] += 1
                    if not cast.finished(t):
                        await cast.resign(t, cast.movers(t)[0])
                    assert cast.finished(t), f"table {t} did not finish"
        for t in every:
            assert await db.fetchval("SELECT status FROM tables WHERE id = $1", t) == "finished"

        # ---- every acknowledged move stored exactly once, in order; every log replays to its snapshot
        repo = await open_repository(url)
        try:
            for t in every:
                log = [m.move for m in await repo.get_moves(t) if m.seat >= 0]
                plies = [m.ply for m in await repo.get_moves(t)]
                assert plies == list(range(1, len(plies) + 1))
                told = played(casts[guild_of[t]].exchanges, t)
                rest = iter(log)
                assert all(any(m == x for x in rest) for m in told), f"table {t}: {told} not all in {log}"
                assert len(told) <= len(log) <= sent_moves[t] + 1, f"table {t}: {len(log)} moves stored"
                await assert_replay_matches(repo, t)
        finally:
            await repo.close()
        assert sum(len(played(c.exchanges, t)) for g, c in casts.items() for t in tables[g]) >= ROUNDS

        # ---- no reminder twice: each DM'd reminder was recorded once, and none was DM'd again
        dms = Counter((server.dm_users[int(r.path.split("/")[2])], int(m[1]))
                      for r in server.to_dms() for m in [REMINDER.search(r.content)] if m)
        recorded = Counter((int(r["user_id"]), int(r["table_id"])) for r in
                           await db.fetch("SELECT user_id, table_id FROM reminders"))
        assert sum(dms.values()) == len(reminded), "each reminder made due was sent, once"
        for key, count in dms.items():
            assert count <= recorded[key], f"reminder {key} sent {count} times, recorded {recorded[key]}"
        assert sum(p.starts - 1 for p in procs) == KILLS, "each kill was followed by a restart"
        for proc in procs:
            assert proc.alive, proc.log()[-3000:]
            errors = [line for line in proc.log().splitlines() if " ERROR " in line or "Traceback" in line]
            assert not errors, "\n".join(errors[:20])
        # neither process broke one of Discord's rules (limits, deadlines, permissions, threads ...)
        violations = server.violations()
        assert not violations, "Discord refused the bots' requests:\n" + dump(violations[:20])
        print(f"moves told: {sum(len(played(c.exchanges, t)) for g, c in casts.items() for t in tables[g])}, "
              f"reminders DM'd: {sum(dms.values())}, kills: {KILLS}")
    finally:
        await db.close()
        for proc in procs:
            await proc.stop()
            proc.reap()
        pg_server.release_database(url)


async def test_a_second_process_for_a_shard_already_held_stops_with_one_line(
        sharded: ShardedServer, pg_server: PgServer, tmp_path: Path) -> None:
    """Started twice by mistake, two processes for shard 0 would both answer its servers (two tables for
    one /play): the second stops before it reaches the gateway, and the first plays on alone."""
    url = pg_server.new_database("twice")
    first = ShardProcess(sharded, tmp_path / "first", [0], url)
    try:
        await first.start()
        identified = sharded.gateway.identified
        second = ShardProcess(sharded, tmp_path / "second", [0], url, env={"LOG_LEVEL": "WARNING"})
        code, out = await second.run()
        lines = [line for line in out.splitlines() if line.strip()]
        assert code == 2, out
        assert len(lines) == 1 and "already holds shard 0" in lines[0] and "SHARD_IDS" in lines[0], out
        assert "Traceback" not in out
        assert sharded.gateway.identified == identified  # it never reached the gateway
        # a service manager that stops a start while it waits for the held shard: stopped in order, no
        # traceback, and exit 0 (as asked), not the 2 the wait would have ended with
        third = ShardProcess(sharded, tmp_path / "third", [0], url)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bot.py"), cwd=str(third.folder), env=third.env(),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        assert proc.stdout is not None
        said = b""
        while b"in the way" not in said:
            line = await asyncio.wait_for(proc.stdout.readline(), 30)
            assert line, said.decode()
            said += line
        proc.terminate()
        rest, _ = await asyncio.wait_for(proc.communicate(), 30)
        out = (said + rest).decode()
        assert proc.returncode == 0, out
        assert "SIGTERM while starting" in out and "Traceback" not in out, out
        assert sharded.gateway.identified == identified
        g0 = next(g for g in sharded.guilds if shard_of(g, 2) == 0)
        cast = GuildCast(sharded, g0, 5001)
        table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
        await cast.turn_by_buttons(table, random.Random(5))
        assert len(played(cast.exchanges, table)) == 1  # told once, by one process
    finally:
        await first.stop()
        first.reap()
        pg_server.release_database(url)


async def test_a_shard_process_with_a_shard_discord_does_not_know_stops_with_one_line(
        sharded: ShardedServer, pg_server: PgServer, tmp_path: Path) -> None:
    url = pg_server.new_database("badshard")
    try:
        proc = ShardProcess(sharded, tmp_path, [0], url)
        proc.extra_env["SHARD_COUNT"] = "3"  # the stand-in (Discord) has 2 shards for this bot
        code, out = await proc.run()
        assert code != 0
        assert "4010" in out and "SHARD_IDS" in out, out
        assert "Traceback" not in out, out
        assert sharded.gateway.refused[0][0] == 4010
        # (an unsharded session is refused with 4011 by the stand-in's own tests; the bot never opens one:
        # without SHARD_IDS/SHARD_COUNT it asks for the recommended count, as the next test shows)
    finally:
        pg_server.release_database(url)


@pytest.mark.slow
async def test_shard_count_auto_runs_every_recommended_shard_in_one_process(
        sharded: ShardedServer, pg_server: PgServer, tmp_path: Path) -> None:
    url = pg_server.new_database("auto")
    proc = ShardProcess(sharded, tmp_path, [0, 1], url)
    proc.extra_env["SHARD_COUNT"] = "auto"
    proc.extra_env.pop("SHARD_IDS")
    try:
        await proc.start()  # waits for a live session on shard 0 and on shard 1
        assert sorted(sharded.gateway.shards.values()) == [0, 1]
        for g in sharded.guilds:  # each server is answered through its own shard's session
            cast = GuildCast(sharded, g, 4001 + (g % 100) * 10)
            table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
            await cast.turn_by_buttons(table, random.Random(g))
            assert played(cast.exchanges, table)
    finally:
        await proc.stop()
        proc.reap()
        pg_server.release_database(url)
