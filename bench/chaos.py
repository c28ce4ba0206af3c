"""The chaos run of issue 29's audit, repeatable: service processes killed, PostgreSQL restarted, then checked.

    python -m bench.chaos [--seconds 120] [--processes 3] [--tables 40] [--kills N] [--pg-restarts N]
                          [--seed S] [--speed 360] [--sqlite] [--keep]

Why: the service promises that a move it acknowledged is stored exactly once, that a deadline fires
once, and that the move log replays to its snapshot, whatever happens to the processes and the
database around it (docs/architecture.md, "Storage", "Deadline claims").  The tests check each
promise on one scripted fault; this run checks all of them together, on faults at random instants.

What it does.  A throwaway PostgreSQL server (``tests/pg_server.py``, unix socket only) holds
``--tables`` live tables of the four games (through ``TableService``; the players are fake user ids;
every ``--quiet-every``-th table is never played by its players, so that its deadlines fire).
``--processes`` *service processes* (child Python processes, each a ``TableService`` over the same
database, no images, Mesa's searches cut to a few iterations) play random legal moves at random
tables (``board()`` for the version, ``legal_moves_for``, then ``submit_move`` with that
``expected_version``, and the submission key when ``submit_move`` takes a ``key=``), retrying a
submission that failed for want of the database as a player would (the same move, version and key),
and tick (``tick()``) on a fake clock shared by every process, ``--speed`` times the real one, so
reminders and time-outs fire (the claims' renewals are paced on the same clock).  Meanwhile the
parent SIGKILLs random service processes (and starts them again) and restarts PostgreSQL
(``pg_ctl stop -m fast``, a second or so down, then start), ``--kills`` and ``--pg-restarts`` times,
and keeps ``--tables`` tables live (creating new ones as games end).

Each child keeps a journal (one file per process started, a JSON line per answer, flushed at once,
so a SIGKILL loses nothing acknowledged): every move the service acknowledged (the table, the move
as recorded, the version and the log length it was made at, the key), every refusal after a failed
try, every reminder delivered, every time-out stored, every error by kind.

At the end everything is stopped and checked against the database:

- **lost**: an acknowledged move not in the log (where it was made: the move after the log length
  it was made at; K3's builds, which do not wait for the version, anywhere after it);
- **doubled**: one submission key found applied at two places of the log, or one log entry
  acknowledged to two submissions (two acknowledgements of one (table, version));
- **stuck**: a table whose deadline is past and unclaimed but not played after a final tick (the
  clock moved past every claim's lease);
- **unreplayable**: a table whose move log does not replay to its snapshot (``python -m data
  verify``'s check, ``data.__main__.replay_problems``);
- deadlines fired twice: two time-outs stored for one deadline, one reminder delivered twice (the
  journals and the ``reminders`` table);
- and, for the exactly-once work, moves the log holds although their submission was answered with
  an error (the retry then found the table moved on).

Exit code 0 when lost = doubled = stuck = unreplayable = 0, else 1.  ``--sqlite``: the same with one
process on an SQLite file, kills only.  Everything started is stopped on any exit (children in their
own process groups, killed by group, and leaving by themselves if the run dies; the server stopped
and its folder removed; ``atexit``, SIGTERM and SIGHUP besides ``finally``; only a SIGKILL of the run
itself leaves the server behind, in ``/tmp/mesa-pg-*``).  The journals and the processes' logs (the
first traceback of each kind of error that was not a refusal) are kept when something was found.
The run lasts ``--seconds``, plus a few seconds of checks.  A bench prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import inspect
import json
import logging
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from data import open_repository  # noqa: E402
from data.models import ACTIVE, now_iso, parse_iso  # noqa: E402
from engines import get_engine  # noqa: E402
from tables import TableService  # noqa: E402
from tables.claims import CLAIM_SECONDS  # noqa: E402
from tables.errors import TableError, TryAgain  # noqa: E402
from tables.outbox import Message, MovePlayed, PublicPost, Reminder  # noqa: E402
from tables.thinking import Thinker, iterations  # noqa: E402

#: the games and player counts the tables cycle through (every game, every count)
MIX = [("kona", 2), ("plateau", 2), ("k3", 2), ("k3", 3), ("k3", 4), ("krakatoa", 2), ("krakatoa", 3),
       ("krakatoa", 4)]
GUILD, CHANNEL = 1, 1
#: the shortest time per move a table takes: with the clock at --speed 360, 10 real seconds
TIME_PER_MOVE = "1h"
#: Mesa's searches (time-outs in Krakatoa, seats that went out) cut short: this run is about storage
THINK_ITERATIONS = 20
#: how long a player keeps retrying a move the database could not take (real seconds)
RETRY_FOR = 8.0


# ==================================================================== the shared fake clock
class SharedClock:
    """The same fake moment in every process: ``fake0 + (wall - wall0) * speed``.

    Deadlines and claims are dated by whichever process writes them, so the processes must agree on
    the time as bot processes on one machine do; only its pace is fast.
    """

    def __init__(self, wall0: float, fake0: float, speed: float) -> None:
        self.wall0, self.fake0, self.speed = wall0, fake0, speed

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.fake0 + (time.time() - self.wall0) * self.speed, UTC)


class FixedClock:
    """One moment (the final tick's)."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment


def cheap_thinker() -> Thinker:
    """Mesa's searches in a thread of the process, a few iterations each: no worker processes to
    outlive a SIGKILL, and the two shared cores go to the storage being tested."""
    return Thinker(budget=iterations(THINK_ITERATIONS), processes=False)


def takes_key() -> bool:
    """Whether ``submit_move`` takes a submission key (exactly-once submission, being added)."""
    return "key" in inspect.signature(TableService.submit_move).parameters


def error_kind(exc: BaseException) -> str:
    """An error as a kind to count: a refusal's key (``error.try_again``), else the exception's type."""
    return exc.key if isinstance(exc, TableError) else type(exc).__name__


# ==================================================================== a service process (the child)
class Journal:
    """One JSON line per answer, flushed at once: what a SIGKILL cannot take back."""

    def __init__(self, path: Path) -> None:
        self.file: TextIO = path.open("a", encoding="utf-8")

    def write(self, **record: Any) -> None:
        self.file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.file.flush()


class CountLog(logging.Handler):
    """The service's warnings and errors (a deadline skipped, a claim lapsed) counted by kind, numbers
    left out, instead of printed: ``count(kind)``."""

    def __init__(self, count: Callable[[str], None]) -> None:
        super().__init__(logging.WARNING)
        self.count = count

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = re.sub(r"\d+", "N", re.sub(r"<[^>]*>", "<…>", record.getMessage().splitlines()[0]))
            self.count(f"log: {text[:100]}")
        except Exception:  # a log line must never stop the run
            pass


class Player:
    """One service process: random legal moves at random tables, ticks, and its journal."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(f"{args.seed}:{args.slot}:{args.incarnation}")
        self.journal = Journal(Path(args.journal))
        self.keyed = takes_key()
        self.live: list[int] = []
        self.over: set[int] = set()
        self.sent = 0
        self.svc: TableService | None = None
        self.told: set[str] = set()

    def error(self, where: str, exc: BaseException) -> None:
        kind = f"{where}: {error_kind(exc)}"
        self.journal.write(t="err", kind=kind)
        if not isinstance(exc, TableError) and kind not in self.told:  # not a refusal: its first traceback
            self.told.add(kind)
            print(f"--- {kind}", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
            sys.stderr.flush()

    async def open(self) -> TableService:
        """The service over the database, once it can be opened (it may be restarting)."""
        args = self.args
        clock = SharedClock(args.wall0, args.fake0, args.speed)
        while True:
            try:
                repo = await open_repository(args.child)
                break
            except Exception as exc:
                self.error("open", exc)
                await asyncio.sleep(0.3)
        svc = TableService(repo, clock, None, thinker=cheap_thinker())
        speed = args.speed
        # the claims' leases are dated on the fake clock: their renewals must keep its pace
        svc.claims.sleep = lambda seconds: asyncio.sleep(seconds / speed)
        original = svc.play.timeout

        async def timeout(ctx: Any, actors: list[int]) -> list[Message]:
            version, deadline = ctx.row.version, ctx.row.turn_deadline
            out = await original(ctx, actors)
            self.journal.write(t="timeout", table=ctx.id, version=version, deadline=deadline)
            return out

        svc.play.timeout = timeout  # type: ignore[method-assign]
        return svc

    async def run(self) -> None:
        self.svc = await self.open()
        self.journal.write(t="start", keyed=self.keyed)
        tasks = [asyncio.create_task(self.refresh()), asyncio.create_task(self.ticker()),
                 *(asyncio.create_task(self.mover()) for _ in range(self.args.workers))]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def refresh(self) -> None:
        """The started tables, read again every second (the parent creates new ones as games end)."""
        assert self.svc is not None
        while True:
            try:
                ids = await self.svc.repo.started_tables()
                self.live = [t for t in ids if t not in self.over]
            except Exception as exc:
                self.error("list", exc)
            await asyncio.sleep(1.0)

    async def ticker(self) -> None:
        assert self.svc is not None
        svc = self.svc

        async def deliver(messages: list[Message]) -> None:
            for m in messages:
                if isinstance(m, Reminder):  # delivered (journalled), then confirmed: at least once (issue 29)
                    self.journal.write(t="reminder", table=m.table_id, user=m.user_id, key=m.key,
                                       deadline=m.params.get("deadline_ts"), at=time.time())
                    await svc.reminder_delivered(m.table_id, m.user_id, m.version, m.kind)
                    self.journal.write(t="confirmed", table=m.table_id, user=m.user_id, key=m.key,
                                       deadline=m.params.get("deadline_ts"), at=time.time())

        while True:
            try:
                await svc.tick(deliver)
            except Exception as exc:
                self.error("tick", exc)
            await asyncio.sleep(self.args.tick_seconds)

    async def mover(self) -> None:
        while True:
            live = [t for t in self.live if t % self.args.quiet_every != 0]
            if not live:
                await asyncio.sleep(0.2)
                continue
            try:
                await self.move(self.rng.choice(live))
            except Exception as exc:  # a read refused (the database away): the player looks again
                self.error("read", exc)
                await asyncio.sleep(0.1)
            await asyncio.sleep(self.args.pause)

    async def move(self, tid: int) -> None:
        """One player's move at ``tid``: read the board, pick a legal move, submit it until answered."""
        assert self.svc is not None
        svc = self.svc
        ctx = await svc.store.load(tid)  # (a bench may look inside: the log length at this version)
        version, plies = ctx.row.version, ctx.plies
        if ctx.row.status != ACTIVE:
            self.over.add(tid)
            return
        simultaneous = ctx.simultaneous(ctx.state)
        board = await svc.board(tid, image=False)
        if board.version != version or not board.mention:
            return  # moved meanwhile; look again later
        uid = self.rng.choice(board.mention)
        seat = ctx.seat_of(uid)
        if seat is None:
            return
        legal = await svc.legal_moves_for(tid, uid)
        text = self.rng.choice(legal) if legal else await svc.auto_build(tid, uid)
        self.sent += 1
        key = f"p{self.args.slot}.{self.args.incarnation}.{self.sent}"
        extra = {"key": key} if self.keyed else {}
        record = {"table": tid, "game": ctx.row.game, "user": uid, "seat": seat.seat, "typed": text,
                  "version": version, "ply": plies, "sim": simultaneous, "key": key}
        self.journal.write(t="try", **record)
        failed: list[str] = []  # what each failed try was answered, in order
        give_up = time.monotonic() + RETRY_FOR
        attempt = 0
        while True:
            attempt += 1
            try:
                out = await svc.submit_move(tid, uid, text, expected_version=version, **extra)
            except Exception as exc:
                self.error("submit", exc)
                # "try again", or not a refusal at all (the service let an error through): the player
                # tries again, the same move, version and key, for a while
                if not isinstance(exc, TableError) or isinstance(exc, TryAgain):
                    failed.append(error_kind(exc))
                    if time.monotonic() < give_up:
                        await asyncio.sleep(min(1.0, 0.1 * attempt))
                        continue
                    refused = "gave up"
                else:
                    refused = exc.key
                if failed:  # answered with an error, then refused: was a failed try stored after all?
                    self.journal.write(t="noack", failed=failed, refused=refused, attempts=attempt, **record)
                return
            played = next((m for m in out if isinstance(m, MovePlayed)), None)
            after = next((m.version for m in out if isinstance(m, PublicPost) and m.kind == "board"), None)
            if played is not None:
                self.journal.write(t="ack", move=played.move, after=after, attempts=attempt, **record)
            return


async def child_async(args: argparse.Namespace) -> None:
    """A service process until SIGTERM (stops cleanly) or SIGKILL (the point of the run)."""
    player = Player(args)
    logging.basicConfig(level=logging.WARNING,
                        handlers=[CountLog(lambda kind: player.journal.write(t="err", kind=kind))])
    loop = asyncio.get_running_loop()
    main = asyncio.current_task()
    assert main is not None
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, main.cancel)
    parent = os.getppid()

    async def orphaned() -> None:  # the parent died without stopping us: go too
        while os.getppid() == parent:
            await asyncio.sleep(1.0)
        os._exit(3)

    watch = asyncio.create_task(orphaned())
    try:
        await player.run()
    except asyncio.CancelledError:
        pass
    finally:
        watch.cancel()
        if player.svc is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(player.svc.close(), 5)
        player.journal.write(t="stop")


# ==================================================================== the parent: tables, children, faults
@dataclass
class Child:
    slot: int
    incarnation: int
    proc: subprocess.Popen[bytes]


@dataclass
class Run:
    """Everything started, so that any exit stops it (``cleanup`` is idempotent)."""

    folder: Path
    keep: bool = False
    server: Any = None
    children: dict[int, Child] = field(default_factory=dict)
    done: bool = False

    def kill_all(self) -> None:
        for child in list(self.children.values()):
            kill_group(child.proc)
        self.children.clear()

    def cleanup(self) -> None:
        if self.done:
            return
        self.done = True
        self.kill_all()
        if self.server is not None:
            try:
                self.server.stop()
            except Exception as exc:
                print(f"(the PostgreSQL server did not stop cleanly: {exc})", file=sys.stderr)
        if not self.keep:
            shutil.rmtree(self.folder, ignore_errors=True)


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL a child and whatever it started (its own process group)."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(10)


@dataclass
class Tally:
    kills: int = 0
    restarts: int = 0
    created: int = 0
    parent_errors: Counter[str] = field(default_factory=Counter)


class Chaos:
    """The run: tables, service processes, faults at random instants, then the checks."""

    def __init__(self, args: argparse.Namespace, run: Run) -> None:
        self.args = args
        self.run = run
        self.rng = random.Random(args.seed)
        self.tally = Tally()
        logging.basicConfig(level=logging.WARNING, handlers=[CountLog(self.count_parent)])
        self.wall0 = time.time()
        self.fake0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC).timestamp()
        self.clock = SharedClock(self.wall0, self.fake0, args.speed)
        self.target = ""
        self.made: list[int] = []
        self.over: set[int] = set()
        self.incarnations = Counter[int]()

    def count_parent(self, kind: str) -> None:
        self.tally.parent_errors[f"parent {kind}"] += 1

    # ---- tables ------------------------------------------------------------------------------------
    async def create_table(self, host: TableService) -> None:
        n = self.tally.created
        game, players = MIX[n % len(MIX)]
        base = 1_000_000 + 100 * n
        users = [(base + k, f"P{n}.{k}") for k in range(players)]
        self.tally.created += 1
        out = await host.create(GUILD, CHANNEL, users[0][0], users[0][1], game, users[1:],
                                {"time_per_move": TIME_PER_MOVE})
        tid = out[0].table_id
        for uid, _ in users[1:]:
            await host.accept(tid, uid)
        self.made.append(tid)

    async def keep_tables(self, host: TableService, until: float) -> None:
        """Keep ``--tables`` tables live: a new one for each game that ended (the database may be away)."""
        while time.monotonic() < until:
            try:
                live = 0
                for tid in self.made:
                    if tid in self.over:
                        continue
                    row = await host.repo.get_table(tid)
                    if row is not None and row.status == ACTIVE:
                        live += 1
                    elif row is not None and row.status not in ("invited", "open"):
                        self.over.add(tid)
                for _ in range(self.args.tables - live):
                    await self.create_table(host)
            except Exception as exc:
                self.tally.parent_errors[f"parent: {error_kind(exc)}"] += 1
            await asyncio.sleep(1.0)

    # ---- children ----------------------------------------------------------------------------------
    def spawn(self, slot: int) -> None:
        self.incarnations[slot] += 1
        incarnation = self.incarnations[slot]
        args = self.args
        cmd = [sys.executable, "-m", "bench.chaos", "--child", self.target,
               "--journal", str(self.run.folder / f"journal-{slot}-{incarnation}.jsonl"),
               "--slot", str(slot), "--incarnation", str(incarnation), "--seed", str(args.seed),
               "--wall0", repr(self.wall0), "--fake0", repr(self.fake0), "--speed", repr(args.speed),
               "--workers", str(args.workers), "--quiet-every", str(args.quiet_every),
               "--tick-seconds", repr(args.tick_seconds), "--pause", repr(args.pause)]
        with (self.run.folder / f"child-{slot}-{incarnation}.log").open("wb") as out:
            proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)  # its own group: a kill takes what it started
        self.run.children[slot] = Child(slot, incarnation, proc)

    async def kill_one(self) -> None:
        slot = self.rng.choice(sorted(self.run.children))
        kill_group(self.run.children[slot].proc)
        self.tally.kills += 1
        await asyncio.sleep(self.rng.uniform(0.2, 1.5))  # a supervisor starts it again
        self.spawn(slot)

    async def restart_server(self) -> None:
        assert self.run.server is not None
        await asyncio.to_thread(self.run.server.pause)  # pg_ctl stop -m fast: sessions cut, rolled back
        await asyncio.sleep(self.rng.uniform(0.3, 2.0))
        await asyncio.to_thread(self.run.server.resume)
        self.tally.restarts += 1

    async def stop_children(self) -> None:
        """SIGTERM (a clean stop releases claims), then SIGKILL whatever is left."""
        for child in self.run.children.values():
            if child.proc.poll() is None:
                child.proc.send_signal(signal.SIGTERM)
        end = time.monotonic() + 8
        while time.monotonic() < end and any(c.proc.poll() is None for c in self.run.children.values()):
            await asyncio.sleep(0.1)
        self.run.kill_all()

    def check_children(self) -> None:
        """A child that died by itself (not by our kill) is a failure of the run, said at once."""
        for child in self.run.children.values():
            code = child.proc.poll()
            if code is not None:
                log = self.run.folder / f"child-{child.slot}-{child.incarnation}.log"
                tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
                raise RuntimeError(f"service process {child.slot} exited by itself ({code}):\n{tail}")

    # ---- the run -----------------------------------------------------------------------------------
    async def main(self) -> int:
        args = self.args
        began = time.monotonic()
        loop, task = asyncio.get_running_loop(), asyncio.current_task()
        assert task is not None
        for sig in (signal.SIGTERM, signal.SIGHUP):  # stopped from outside: unwind, and clean up (``Run``)
            loop.add_signal_handler(sig, task.cancel)
        if args.sqlite:
            self.target = str(self.run.folder / "chaos.db")
        else:
            sys.path.insert(0, str(ROOT / "tests"))
            from pg_server import MISSING, PgServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                raise SystemExit(MISSING)
            self.run.server = PgServer(bin_dir)
            await asyncio.to_thread(self.run.server.start)
            self.target = self.run.server.new_database("chaos")
        seeds = random.Random(args.seed + 1)
        host = TableService(await open_repository(self.target), self.clock, None,
                            seed_source=lambda: seeds.getrandbits(62), thinker=cheap_thinker())
        for _ in range(args.tables):
            await self.create_table(host)
        keys = "yes" if takes_key() else "no (submit_move takes none: retries rely on the version)"
        backend = "SQLite (one file)" if args.sqlite else "PostgreSQL (a throwaway server, unix socket)"
        print(f"chaos: {args.seconds:g} s, {args.processes} service process(es) on {backend}, {args.tables} live "
              f"tables ({', '.join(f'{g}/{p}' for g, p in MIX)}), every {args.quiet_every}th left to its deadlines; "
              f"clock x{args.speed:g} (time per move {TIME_PER_MOVE} = {3600 / args.speed:.0f} s); "
              f"{args.kills} kills, {args.pg_restarts} PostgreSQL restarts; seed {args.seed}; "
              f"submission keys: {keys}",
              flush=True)
        for slot in range(args.processes):
            self.spawn(slot)
        start = time.monotonic()
        until = start + args.seconds
        faults: list[tuple[float, str]] = sorted(
            [(self.rng.uniform(0.1, 0.85) * args.seconds, "kill") for _ in range(args.kills)]
            + [(self.rng.uniform(0.1, 0.85) * args.seconds, "restart") for _ in range(args.pg_restarts)])
        keeper = asyncio.create_task(self.keep_tables(host, until))
        try:
            for at, fault in faults:
                while time.monotonic() < start + at:
                    self.check_children()
                    await asyncio.sleep(0.1)
                await (self.kill_one() if fault == "kill" else self.restart_server())
            while time.monotonic() < until:
                self.check_children()
                await asyncio.sleep(0.2)
        finally:
            keeper.cancel()
            await asyncio.gather(keeper, return_exceptions=True)
        await self.stop_children()
        await host.close()
        findings = await check(self.target, self.run.folder, self.clock.now())
        report(self.tally, findings, time.monotonic() - began)
        if findings.anything:
            self.run.keep = True  # the journals and the processes' logs (the server is removed all the same)
        return 0 if findings.ok else 1


# ==================================================================== the checks
@dataclass
class Findings:
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    unreplayable: list[str] = field(default_factory=list)
    replayed: int = 0
    later: int = 0  # acknowledged, found later in the log than the version it was made at (K3 builds)
    applied_unacked: list[str] = field(default_factory=list)
    timeouts: int = 0
    timeouts_twice: list[str] = field(default_factory=list)
    reminders: int = 0
    reminder_rows: int = 0
    reminders_twice: list[str] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    torn: int = 0
    started: int = 0
    tables: int = 0
    due_at_end: int = 0

    @property
    def ok(self) -> bool:
        return not (self.lost or self.doubled or self.stuck or self.unreplayable)

    @property
    def anything(self) -> bool:
        """Whether anything is worth a look in the journals (kept then)."""
        return not self.ok or bool(self.applied_unacked or self.timeouts_twice or self.reminders_twice)


def read_journals(folder: Path, findings: Findings) -> list[dict[str, Any]]:
    records = []
    for path in sorted(folder.glob("journal-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:  # a line cut by a SIGKILL in the middle of its write
                findings.torn += 1
    return records


async def final_tick(target: str, now: datetime) -> int:
    """Tick until nothing is due at ``now`` (a tick claims at most 100 tables); the tables due at first."""
    repo = await open_repository(target)
    svc = TableService(repo, FixedClock(now), None, thinker=cheap_thinker())
    try:
        due = len(await repo.due_tables(now_iso(now)))
        for _ in range(20):
            if not await repo.due_tables(now_iso(now)):
                break
            await svc.tick()
        return due
    finally:
        await svc.close()


async def check(target: str, folder: Path, now: datetime) -> Findings:
    """The journals against the database: lost, doubled, stuck, unreplayable, deadlines twice."""
    from data.__main__ import replay_problems

    findings = Findings()
    records = read_journals(folder, findings)
    final = now + timedelta(seconds=CLAIM_SECONDS + 1)  # past every claim's lease: a dead process's lapsed
    findings.due_at_end = await final_tick(target, final)
    repo = await open_repository(target)
    try:
        findings.replayed, findings.unreplayable = await replay_problems(repo)
        ids = await repo.started_tables()
        findings.tables = len(ids)
        logs: dict[int, dict[int, tuple[int, str]]] = {}
        for tid in ids:
            row, _seats, moves = await repo.load_with_moves(tid)
            logs[tid] = {m.ply: (m.seat, m.move) for m in moves}
            if row is None or row.status != ACTIVE:
                continue
            deadline = parse_iso(row.turn_deadline)
            owner, until = await repo.claim_of(tid)
            claimed = owner is not None and until is not None and (parse_iso(until) or final) > final
            if deadline is not None and deadline <= final and not claimed:
                findings.stuck.append(f"table {tid} ({row.game}): deadline {row.turn_deadline} passed, not played")
        async with repo.transaction() as tx:
            _, reminder_rows = await tx.dump("reminders")
        findings.reminder_rows = len(reminder_rows)
    finally:
        await repo.close()
    match_moves(records, logs, findings)
    timeouts: Counter[tuple[Any, ...]] = Counter()
    reminders: Counter[tuple[Any, ...]] = Counter()
    sent: dict[tuple[Any, ...], list[float]] = {}
    confirmed: dict[tuple[Any, ...], list[float]] = {}
    for r in records:
        kind = r.get("t")
        if kind == "err":
            findings.errors[r["kind"]] += 1
        elif kind == "start":
            findings.started += 1
        elif kind == "timeout":
            timeouts[(r["table"], r["deadline"])] += 1
        elif kind == "reminder":
            reminders[(r["table"], r["user"], r["key"], r["deadline"])] += 1
            sent.setdefault((r["table"], r["user"], r["key"], r["deadline"]), []).append(r.get("at", 0.0))
        elif kind == "confirmed":
            confirmed.setdefault((r["table"], r["user"], r["key"], r["deadline"]), []).append(r.get("at", 0.0))
    findings.timeouts = sum(timeouts.values())
    findings.timeouts_twice = [f"table {t}: {n} time-outs for the deadline {d}"
                               for (t, d), n in timeouts.items() if n > 1]
    findings.reminders = sum(reminders.values())
    # at least once: a reminder may come again when its process died before confirming it, never after
    # a delivery was confirmed
    findings.reminders_twice = [
        f"table {k[0]}: {k[2]} to {k[1]} sent again after its delivery was confirmed, for the deadline {k[3]}"
        for k, times in sent.items() if k in confirmed and any(t > min(confirmed[k]) for t in times)]
    return findings


def acts_at_once(game: str) -> bool:
    """Whether the game has a phase where several seats act at once (their moves wait for no version)."""
    return bool(get_engine(game).description.simultaneous)


def match_moves(records: list[dict[str, Any]], logs: dict[int, dict[int, tuple[int, str]]],
                findings: Findings) -> None:
    """Every acknowledged move to its entry of the log; what is left over is lost, what is shared doubled.

    A move made at version v is the entry after the log length at v (the version check allows it
    nowhere else), except in a game where several seats act at once (K3's builds do not wait for the
    version, K3-3.2): there it is looked for after it, among the entries no other acknowledgement took.
    """
    acks = sorted((r for r in records if r.get("t") == "ack"), key=lambda r: (r["table"], r["ply"]))
    findings.acknowledged = len(acks)
    taken: dict[tuple[int, int], str] = {}  # (table, ply) -> the key acknowledged for it
    placed: dict[str, set[tuple[int, int]]] = {}  # key -> the entries it was found at
    for ack in acks:
        tid, want = ack["table"], (ack["seat"], ack["move"])
        log = logs.get(tid, {})
        spot = (tid, ack["ply"] + 1)
        if log.get(ack["ply"] + 1) == want:
            holder = taken.get(spot)
            if holder is not None and holder != ack["key"]:
                findings.doubled.append(f"table {tid}: the move {ack['move']!r} at version {ack['version']} "
                                        f"acknowledged to {holder} and to {ack['key']}, stored once")
                continue
        else:
            # (the version check allows a move nowhere else, but where a game acts at once: K3-3.2)
            later = sorted(p for p, entry in log.items() if p > ack["ply"] + 1 and entry == want
                           and (tid, p) not in taken) if acts_at_once(ack["game"]) else []
            if not later:
                findings.lost.append(f"table {tid}: {ack['move']!r} by seat {ack['seat']} at version {ack['version']} "
                                     f"(log length {ack['ply']}), key {ack['key']}: acknowledged, not in the log")
                continue
            if not ack["sim"]:  # the building began between the read and the submission
                findings.later += 1
            spot = (tid, later[0])
        taken[spot] = ack["key"]
        placed.setdefault(ack["key"], set()).add(spot)
    for key, spots in placed.items():
        if len(spots) > 1:
            findings.doubled.append(f"key {key}: applied at {len(spots)} places of the log ({sorted(spots)})")
    tries: dict[tuple[int, int, str], list[str]] = {}  # (table, version, move) -> the keys that submitted it
    for r in records:
        if r.get("t") == "try":
            tries.setdefault((r["table"], r["version"], r["typed"]), []).append(r["key"])
    for r in records:
        if r.get("t") == "noack" and not r["sim"]:
            spot = (r["table"], r["ply"] + 1)
            if logs.get(r["table"], {}).get(r["ply"] + 1) == (r["seat"], r["typed"].strip()) and spot not in taken:
                others = [k for k in tries.get((r["table"], r["version"], r["typed"]), []) if k != r["key"]]
                findings.applied_unacked.append(
                    f"table {r['table']} ({r['game']}): {r['typed']!r} at version {r['version']}, key {r['key']}: "
                    f"answered {runs(r['failed'])}, then {r['refused']!r}, yet stored at ply {r['ply'] + 1} "
                    f"({'also submitted by ' + ', '.join(others) if others else 'no other submission of it'})")


def runs(kinds: list[str]) -> str:
    """``InterfaceError, error.try_again x3``: a list of answers, repeats counted."""
    out: list[str] = []
    for kind in kinds:
        if out and out[-1].split(" x")[0] == kind:
            head, _, count = out[-1].partition(" x")
            out[-1] = f"{head} x{int(count or 1) + 1}"
        else:
            out.append(kind)
    return ", ".join(out)


def report(tally: Tally, f: Findings, elapsed: float) -> None:
    def line(label: str, value: object, note: str = "") -> None:
        print(f"  {label:<34} {value!s:>7}{('  ' + note) if note else ''}")

    print("results:")
    line("service processes killed", tally.kills, f"({f.started} process starts in all)")
    line("PostgreSQL restarts", tally.restarts)
    line("tables played", f.tables, f"({tally.created} created)")
    line("acknowledged moves", f.acknowledged)
    line("lost", len(f.lost))
    line("doubled", len(f.doubled))
    line("stuck", len(f.stuck), f"({f.due_at_end} tables due at the final tick)")
    line("tables that do not replay", len(f.unreplayable), f"(of {f.replayed} replayed)")
    line("time-outs fired twice", len(f.timeouts_twice), f"(of {f.timeouts} time-outs stored)")
    line("reminders again after confirmed", len(f.reminders_twice),
         f"(of {f.reminders} delivered; {f.reminder_rows} rows in reminders)")
    line("stored though answered with an error", len(f.applied_unacked),
         "(the first try was stored; the retry was refused)")
    if f.later:
        line("acknowledged, stored later", f.later, "(building began between read and submit, K3-3.2)")
    if f.torn:
        line("journal lines cut by a kill", f.torn)
    errors = f.errors + tally.parent_errors
    print("errors seen by the children (and the parent creating tables), by kind:" if errors
          else "errors seen by the children: none")
    for kind, count in errors.most_common():
        print(f"  {count:>7}  {kind}")
    for label, items in (("LOST", f.lost), ("DOUBLED", f.doubled), ("STUCK", f.stuck),
                         ("DOES NOT REPLAY", f.unreplayable), ("TIME-OUT TWICE", f.timeouts_twice),
                         ("REMINDER TWICE", f.reminders_twice), ("STORED, ANSWERED WITH AN ERROR", f.applied_unacked)):
        for item in items[:20]:
            print(f"{label}: {item}")
        if len(items) > 20:
            print(f"{label}: ... and {len(items) - 20} more")
    print(f"elapsed {elapsed:.1f} s; {'OK' if f.ok else 'FAILED'}")


# ==================================================================== command line
def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.chaos", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the chaos lasts (then the checks)")
    parser.add_argument("--processes", type=int, default=3, help="service processes on the one database")
    parser.add_argument("--tables", type=int, default=40, help="live tables kept")
    parser.add_argument("--kills", type=int, default=None, help="service processes SIGKILLed (default: one per 20 s)")
    parser.add_argument("--pg-restarts", type=int, default=None,
                        help="PostgreSQL restarts (default: one per 30 s; none with --sqlite)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=float, default=360.0, help="the fake clock's pace (x real time)")
    parser.add_argument("--sqlite", action="store_true", help="one process on an SQLite file, kills only")
    parser.add_argument("--workers", type=int, default=3, help="concurrent players in each process")
    parser.add_argument("--quiet-every", type=int, default=4, help="every n-th table is left to its deadlines")
    parser.add_argument("--tick-seconds", type=float, default=0.25, help="real seconds between a process's ticks")
    parser.add_argument("--pause", type=float, default=0.01, help="real seconds a player waits between moves")
    parser.add_argument("--keep", action="store_true",
                        help="keep the folder (journals, logs, SQLite file); kept anyway when something was found")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--journal", help=argparse.SUPPRESS)
    parser.add_argument("--slot", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--incarnation", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--wall0", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--fake0", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child_async(args))
        return
    if args.sqlite:
        args.processes = 1
        args.pg_restarts = 0
    if args.kills is None:
        args.kills = max(1, int(args.seconds // 20))
    if args.pg_restarts is None:
        args.pg_restarts = max(1, int(args.seconds // 30))
    run = Run(Path(tempfile.mkdtemp(prefix="mesa-chaos-")), keep=args.keep)
    atexit.register(run.cleanup)

    code = 1
    try:
        code = asyncio.run(Chaos(args, run).main())
    except asyncio.CancelledError:  # SIGTERM or SIGHUP (Chaos.main)
        print("stopped", file=sys.stderr)
        code = 143
    finally:
        run.cleanup()
        if run.keep:
            print(f"journals and logs kept in {run.folder}")
    sys.exit(code)


if __name__ == "__main__":
    main()
