"""The table store: load a table, lock it, cache it, check the cache is current, replay its log.

Started tables are cached in memory (row, seats, state, log length) and updated by every write of
this process, so a move costs no read query and no replay.  The cache is only a shortcut: every write
still checks the version in its transaction, and one small read per use checks that another process
has not moved since (issue 19: any process may serve any table).

The move log is the truth.  A stored table's first state is built in one place (``first_state``) and
its log replayed by one function of the engine contract (``engines.replay``); the one policy for a
log that does not replay: the table is reported damaged (``error.damaged``), the failure logged by
its type and frames only (``log_damage``), and nothing is written.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol

from data import tournaments as tournament_store
from data.errors import StorageError
from data.models import ABORTED, ACTIVE, FINISHED, MoveRow, SeatRow, TableOptions, TableRow, now_iso, parse_iso
from data.repository import Repository
from engines import ReplayStep, get_engine, replay
from tables.bounded import LruCache, TableLocks
from tables.errors import TableError
from tables.loaded import LoadedTable, Step, log_damage

log = logging.getLogger("tables.service")

#: limits on what users type (issue 14): SQLite's INTEGER
MAX_TABLE_ID = 2**63 - 1


class Clock(Protocol):
    def now(self) -> datetime: ...


class SystemClock:
    """The real clock (UTC)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class LoggedMove(NamedTuple):
    """A move of the log as ``/history`` shows it: canonical text, and what everybody may see of it."""

    ply: int
    seat: int
    text: str
    public: str


def first_state(ctx: LoadedTable) -> Any:
    """A stored table's first state: its game, seats, secret seed and game options (the one place)."""
    return ctx.engine.new_game(len(ctx.seats), ctx.row.seed, ctx.options.game)


def replay_log(ctx: LoadedTable, moves: Sequence[MoveRow]) -> list[ReplayStep]:
    """Every stored move of ``ctx`` replayed from its first state (``engines.replay``).

    The one policy for a log that does not replay (a bad record, or a row that gives no first
    state): the table is damaged (``error.damaged``), logged by the failure's type and frames only.
    """
    try:
        return list(replay(ctx.engine, first_state(ctx), (m.move for m in moves)))
    except StorageError:  # the database failed while the log was read: a fault to retry, not damage (issue 29)
        raise
    except Exception as exc:  # a bad record (ReplayError), or a first state the row cannot give
        log_damage(ctx.id, "the move log does not replay", exc)
        raise TableError("error.damaged", table=ctx.id) from None


class TableStore:
    """Loads tables (through a cache checked against the database), locks them, replays their logs."""

    def __init__(self, repo: Repository, clock: Clock) -> None:
        self.repo = repo
        self.clock = clock
        self.locks = TableLocks()  # bounded: issue 15, defect 14
        #: table id -> (row, seats, state, plies) of started tables
        self.cache: LruCache[int, tuple[TableRow, list[SeatRow], Any, int]] = LruCache()
        #: table id -> its log as ``/history`` shows it (``log_texts``)
        self.log_cache: LruCache[int, list[LoggedMove]] = LruCache()

    def now(self) -> datetime:
        moment = self.clock.now()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def stamp(self) -> str:
        return now_iso(self.now())

    def lock(self, table_id: int) -> Any:
        """The table's asyncio lock: one operation at a time per table in this process."""
        return self.locks.lock(table_id)

    # ---- loading ----------------------------------------------------------------------------------
    async def load(self, table_id: int) -> LoadedTable:
        """The table as it is now (``error.no_table`` when there is none, ``error.damaged`` when its
        options or log cannot be read)."""
        if not 0 < table_id <= MAX_TABLE_ID:  # a typed number, checked before it reaches storage
            raise TableError("error.no_table", table=table_id)
        cached = self.cache.get(table_id)
        if cached is not None and await self._still_current(cached[0]):
            row, seats, state, plies = cached
            return LoadedTable(row, list(seats), get_engine(row.game), TableOptions.from_json(row.options), state,
                               plies)
        self.cache.pop(table_id, None)
        try:
            found, seats, moves = await self.repo.load_with_moves(table_id)  # one snapshot: issue 15, defect 11
        except (ValueError, TypeError) as exc:  # a row edited by hand (SQLite keeps text in a number's column)
            log_damage(table_id, "a row that cannot be read", exc)
            raise TableError("error.damaged", table=table_id) from None
        if found is None:
            raise TableError("error.no_table", table=table_id)
        row = found
        try:
            engine = get_engine(row.game)
            options = TableOptions.from_json(row.options)
            for moment in (row.turn_deadline, row.next_event_at):  # the ticker reads them: one that is no
                parse_iso(moment)                                     # moment must not stop every deadline
        except (KeyError, ValueError, TypeError) as exc:
            log_damage(table_id, "damaged options or moments", exc)
            raise TableError("error.damaged", table=table_id) from None
        ctx = LoadedTable(row, seats, engine, options)
        if row.status in (ACTIVE, FINISHED) or (row.status == ABORTED and row.state):  # an abort after the start
            ctx.state, ctx.plies = await self._rebuild(ctx, moves)  # keeps its last picture (tables.endings)
            newer = self.cache.get(table_id)
            if newer is not None and newer[0].version > row.version:  # a move committed while we read
                return LoadedTable(newer[0], list(newer[1]), engine, options, newer[2], newer[3])
            self.remember(ctx)
        return ctx

    async def _still_current(self, row: TableRow) -> bool:
        """Whether a cached table is what the database holds: another process may have moved, offered
        a draw or posted a board since this one cached it."""
        try:
            marks = await self.repo.table_marks(row.id)
        except (ValueError, TypeError):  # a row edited by hand since: read again (and found damaged)
            return False
        return marks == (row.version, row.draw_offer, row.posted_version)

    def remember(self, ctx: LoadedTable) -> None:
        if ctx.row.status in (ACTIVE, FINISHED) and ctx.state is not None:
            self.cache[ctx.id] = (ctx.row, list(ctx.seats), ctx.state, ctx.plies)
        else:
            self.cache.pop(ctx.id, None)

    def forget(self, table_id: int) -> None:
        self.cache.pop(table_id, None)

    # ---- the log ----------------------------------------------------------------------------------
    async def replayed(self, ctx: LoadedTable, moves: Sequence[MoveRow] | None = None) -> list[ReplayStep]:
        """Every logged move replayed from the first state (the log read now unless given)."""
        return replay_log(ctx, await self.repo.get_moves(ctx.id) if moves is None else moves)

    async def _rebuild(self, ctx: LoadedTable, moves: Sequence[MoveRow]) -> tuple[Any, int]:
        """Replay the move log (the truth) and repair the snapshot if it disagrees."""
        steps = await self.replayed(ctx, moves)
        state = steps[-1].after if steps else first_state(ctx)
        replayed = json.loads(json.dumps(ctx.engine.to_json(state)))
        try:
            snapshot = json.loads(ctx.row.state) if ctx.row.state else None
        except ValueError:
            snapshot = None
        if snapshot != replayed:
            log.warning("table %d: snapshot disagrees with the move log; rebuilt from the log", ctx.id)
            async with self.repo.transaction() as tx:  # only at the version read: never over a newer move
                if not await tx.replace_snapshot(ctx.id, json.dumps(replayed, separators=(",", ":")),
                                                 ctx.row.version):
                    log.info("table %d: moved on meanwhile; its newer snapshot stays", ctx.id)
        return state, len(moves)

    async def anyone_moved(self, ctx: LoadedTable) -> bool:
        """Whether the log holds a player's move (chance moves, a deal, are nobody's): before one, a table may
        still be called off (``Seating.abort``, an agreed draw, the opening board's Cancel)."""
        return bool(ctx.plies) and await self.repo.anyone_moved(ctx.id)

    async def may_call_off(self, ctx: LoadedTable, *, nobody_moved: bool | None = None) -> bool:
        """Whether the table may still be called off, uncounted (``Seating.abort``, an agreed draw, the opening
        board's Cancel): no player has moved (``nobody_moved``, when the caller knows it), and no tournament
        still under way paired it (its round needs a result; a finished or cancelled event's tables are
        ordinary games).  The event is read only for a table a tournament paired."""
        moved = await self.anyone_moved(ctx) if nobody_moved is None else not nobody_moved
        if moved:
            return False
        return ctx.options.tournament is None or await tournament_store.underway_of_table(self.repo, ctx.id) is None

    async def log_steps(self, ctx: LoadedTable) -> list[tuple[ReplayStep, int]]:
        """Every logged move replayed, with the seat the log stored for it (a board drawn again)."""
        moves = await self.repo.get_moves(ctx.id)
        return list(zip(await self.replayed(ctx, moves), (m.seat for m in moves), strict=True))

    async def log_texts(self, ctx: LoadedTable) -> list[LoggedMove]:
        """Every logged move as ``/history`` shows it, kept up to date by ``logged``."""
        cached = self.log_cache.get(ctx.id)
        if cached is not None and len(cached) == ctx.plies:
            return cached
        moves = await self.repo.get_moves(ctx.id)
        texts = [LoggedMove(m.ply, m.seat, m.move, ctx.engine.public_move(step.before, step.move))
                 for m, step in zip(moves, await self.replayed(ctx, moves), strict=True)]
        self.log_cache[ctx.id] = texts
        return texts

    def logged(self, ctx: LoadedTable, step: Step) -> None:
        """A committed step joins the cached log texts (when they were complete)."""
        texts = self.log_cache.get(ctx.id)
        if texts is not None and len(texts) == ctx.plies:
            texts.extend(LoggedMove(ctx.plies + i + 1, p.seat, p.text, ctx.engine.public_move(p.before, p.move))
                         for i, p in enumerate(step.items))

    # ---- where the table lives --------------------------------------------------------------------
    async def set_location(self, table_id: int, thread_id: int | None, message_id: int | None,
                           version: int | None = None) -> None:
        """Record the front end's thread and board message (``version``: of the board just posted)."""
        async with self.lock(table_id):
            ctx = await self.load(table_id)
            columns: dict[str, Any] = {"thread_id": thread_id, "message_id": message_id}
            if version is not None:
                columns["posted_version"] = max(version, ctx.row.posted_version or 0)
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, None, self.stamp(), bump=False, **columns)
            ctx.row = replace(ctx.row, **columns)
            self.remember(ctx)
