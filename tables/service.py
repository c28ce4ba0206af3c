"""The table service: invitations, seats, turns, moves, deadlines, results — Discord-free.

A *table* is one game being played.  Every public method is async, takes plain ids and text, and
returns a list of outbox messages (``tables.outbox``) for a front end to deliver; a refusal raises
``TableError`` and changes nothing.

How a move is stored (docs/architecture.md, "Storage"): under the table's asyncio lock, the service reads the
table row, checks the version, parses and applies the move with the engine, then draws every chance
move that follows from ``random.Random(f"{seed}:{ply}")`` (so the same log replays to the same game
after any restart) and writes all of it in one transaction that checks the version again.  The move
log is the truth; the JSON snapshot and an in-memory cache keyed by version only save replays.

Players who leave a running 3-4 player game ("out" seats).  The engines have no elimination move:
K3 eliminates only a player who cannot act (K3-7.1), and Krakatoa has no elimination at all.  So
when a player runs out of time (in a game whose description says ``on_timeout="leave"``), or
resigns while two or more other sides remain, the service records it on the seat (``out_reason``,
with the order of going out) and from then on plays that seat's moves itself: Mesa's ``easy`` level
from that seat's view, seeded by the table and the ply (the engine's ``auto_move`` where a game has
no computer player; ``tables.mesa``).  These moves are ordinary log entries, so replay stays
exact.  When the game ends, the out seats are placed below every seat still in (the last one out
best among them), whatever the engine's outcome says; when at most one seat is still in, the table
ends at once with that seat first.  Games of two sides (two players, or two partnerships) simply
end: the leaving side loses.

Mesa, the computer player, sits at tables like anybody (``tables.mesa``, mixed in here): its seats
are accepted at once, get no private post and no reminder, and its moves come through
``submit_move`` after a front end (or the ticker) asks ``mesa_turns``.

Nothing here names a game: what differs between games is read from ``engine.description``.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
import logging
import os
import random
import secrets
import socket
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from data.errors import StorageUnavailable
from data.models import (
    ABORTED,
    ACTIVE,
    DECLINED,
    FINISHED,
    INVITED,
    LIVE,
    OPEN,
    WAITING,
    GuildSettings,
    MoveRow,
    NewMove,
    ResultRow,
    SeatRow,
    TableRow,
    UserPrefs,
    now_iso,
    parse_iso,
)
from data.repository import Repository, StaleVersion
from engines import CHANCE, Engine, MoveError, OptionError, canonical_name, game_names, get_engine
from engines.base import MAX_OPTION_NUMBER, IllegalMoveError, Option, QuickMove
from tables.bounded import LruCache, TableLocks
from tables.durations import (
    DEFAULT_TIME_PER_MOVE,
    MAX_TIME_PER_MOVE,
    MIN_TIME_PER_MOVE,
    format_duration,
    parse_duration,
)
from tables.endings import final_picture
from tables.errors import TableError, TryAgain
from tables.games import title as game_title
from tables.games import variant_text
from tables.guild_life import GuildLife
from tables.leaderboard import rate_finished_table
from tables.limits import MAX_USER_TABLES, Limits, check_can_host, check_can_sit, limits_of, set_limits
from tables.mesa import LEVEL_OPTION as MESA_LEVEL
from tables.mesa import MesaTables, is_mesa, mention_seats, rated_with_mesa, take_request
from tables.outbox import (
    BOARD,
    DRAW,
    INFO,
    INVITE,
    MINE,
    QUICK,
    RESULT,
    Message,
    PrivatePost,
    PublicPost,
    Reminder,
    TableFinished,
)
from tables.outcome_words import event_key, named_facts, outcome_key, outcome_params
from tables.plybound import bound_ending, reaches_bound
from tables.replays import ReplayKeeper
from tables.reposts import RepostGate
from tables.thinking import Thinker

log = logging.getLogger(__name__)

#: render.render or tables.rendering.ProcessRenderer: ``(game, view, names, result=..., previous=...)``
Renderer = Callable[..., bytes]

#: reminder thresholds as fractions of the time per move
HALF, LATE = 0.5, 0.9
#: ``propose(style=SHUFFLE)``: the game's last auto style, another kind of proposal (K3's random build)
SHUFFLE = "shuffle"
#: tables named at most in a "which table?" answer
MAX_LISTED_TABLES = 10
#: a safety net against an engine that never stops asking for chance moves
MAX_AUTOMATIC_MOVES = 10_000
#: how long a process's claim on a due deadline lasts if it dies before finishing it (issue 19)
CLAIM_SECONDS = 120
#: a move that loses the version check to another process is judged again this many times (issue 19)
RACE_RETRIES = 4


def log_damage(table_id: int, what: str, exc: BaseException) -> None:
    """Log a damaged table with where it failed: the exception's type and traceback frames.

    The exception's own message is left out by design (an engine's message may quote a move with
    hidden faces, PL-9); the frames hold code, not values, so they keep no secret.
    """
    frames = "".join(traceback.format_tb(exc.__traceback__))
    log.error("table %d: %s (%s)\n%s", table_id, what, type(exc).__name__, frames.rstrip())


#: limits on what users type (issue 14): SQLite's INTEGER, the longest move text of any game with room
#: to spare, Discord's own length of a display name
MAX_TABLE_ID = 2**63 - 1
MAX_MOVE_TEXT = 200
MAX_NAME = 32


class SystemClock:
    """The real clock (UTC)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class _LostRace(TableError):
    """A write refused by the database's version check: another writer (perhaps another process) was first."""


@dataclass(frozen=True)
class TableSummary:
    """One line of ``active_tables``: what a player needs to find their games."""

    table_id: int
    game: str
    title: str
    status: str
    players: tuple[str, ...]
    user_ids: tuple[int, ...]
    turn: tuple[str, ...]
    turn_user_ids: tuple[int, ...]
    deadline: datetime | None
    guild_id: int
    channel_id: int
    thread_id: int | None
    version: int


@dataclass(frozen=True)
class Proposal:
    """A move proposed for a player (``TableService.propose``): its text, and a sketch to preview it."""

    text: str
    sketch: str = ""


@dataclass(frozen=True)
class MoveRecord:
    ply: int
    seat: int  # -1 = chance
    player: str  # the seat's name, or "" for chance
    text: str


@dataclass(frozen=True)
class TableDetails:
    summary: TableSummary
    options: dict[str, Any]
    moves: tuple[MoveRecord, ...]
    outcome: str | None
    position: str | None  # the spectator view notation (None before the start)


@dataclass
class _Ctx:
    """A loaded table: row, seats, engine, options and (once started) the current state."""

    row: TableRow
    seats: list[SeatRow]
    engine: Engine
    options: dict[str, Any]
    state: Any = None
    plies: int = 0  # moves in the log

    @property
    def id(self) -> int:
        return self.row.id

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        return [s.name for s in sorted(self.seats, key=lambda s: s.seat)]

    def by_seat(self, seat: int) -> SeatRow | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def out_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.out_reason}


@dataclass
class _Step:
    """Moves made in one operation: (state before, move, seat, canonical text)."""

    items: list[tuple[Any, Any, int, str]] = field(default_factory=list)

    def new_moves(self) -> list[NewMove]:
        return [NewMove(seat, text) for _, _, seat, text in self.items]


def _check_game_option(engine: Engine, name: str, text: str) -> None:
    """A game option of ``/play`` as the player wrote it: a refusal that names what it takes."""
    option: Option | None = engine.options.get(name)
    if option is None:
        allowed = ", ".join(["seat", "rated", "time_per_move", *engine.options])
        raise TableError("error.unknown_option", game=engine.title or engine.name, option=name, allowed=allowed)
    try:
        option.coerce(text)
    except OptionError:
        if option.kind == "int":
            low = 0 if option.min is None else option.min
            high = MAX_OPTION_NUMBER if option.max is None else option.max
            raise TableError("error.bad_number", option=name, value=text, low=low, high=high) from None
        choices = option.choices or ((True, False) if option.kind == "bool" else ())
        allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
        raise TableError("error.bad_option", option=name, value=text, allowed=allowed) from None


class TableService(GuildLife, MesaTables):
    """The application service.  ``renderer(game, view, names) -> PNG bytes`` or None for no images;
    ``thinker``: where Mesa's moves are searched (``tables.thinking``; tests inject iteration budgets)."""

    def __init__(
        self,
        repo: Repository,
        clock: Any = None,
        renderer: Renderer | None = None,
        *,
        seed_source: Callable[[], int] | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.repo = repo
        self.thinker = thinker or Thinker()
        self._mesa_busy: set[int] = set()  # tables whose Mesa move is being thought about (tables.mesa)
        self.clock = clock or SystemClock()
        self.renderer = renderer
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._locks = TableLocks()  # bounded: issue 15, defect 14
        #: table id -> (row, seats, state, plies) of started tables; see ``_load``
        self._cache: LruCache[int, tuple[TableRow, list[SeatRow], Any, int]] = LruCache()
        #: table id -> (ply, seat, text, public text) of its log, for ``table_details``
        self._log_cache: LruCache[int, list[tuple[int, int, str, str]]] = LruCache()
        #: table id -> (plies, words) of its last step's board caption, for the board drawn again
        self._said: LruCache[int, tuple[int, str]] = LruCache()
        #: who this process is when it claims due deadlines (issue 19: several processes share them)
        self.claimant = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self._reposts = RepostGate()  # issue 15, defect 1
        self.replays = ReplayKeeper(repo, renderer, self.clock)  # issue 15, defect 13

    # ================================================================ helpers: time, locks, loading
    async def close(self) -> None:
        """Let the worker processes go (Mesa's searches, the board drawings) and close the database:
        workers told to stop exit at once, rather than when they next notice the bot is gone."""
        self.thinker.close()
        close_renderer = getattr(self.renderer, "close", None)
        if close_renderer is not None:
            close_renderer()
        await self.repo.close()

    def _now(self) -> datetime:
        moment = self.clock.now()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def _lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.lock(table_id)

    async def _load(self, table_id: int) -> _Ctx:
        """The table as it is now.

        Started tables are cached in memory (row, seats, state, log length) and updated by every
        write of this service, so a move costs no read query and no replay.  The cache is only a
        shortcut: every write still checks the version in its transaction, and a failed check
        (another process wrote) drops the entry and reloads from the database.
        """
        if not 0 < table_id <= MAX_TABLE_ID:  # a typed number, checked before it reaches storage
            raise TableError("error.no_table", table=table_id)
        cached = self._cache.get(table_id)
        if cached is not None and await self._still_current(cached[0]):
            row, seats, state, plies = cached
            return _Ctx(row, list(seats), get_engine(row.game), json.loads(row.options), state, plies)
        self._cache.pop(table_id, None)
        found, seats, moves = await self.repo.load_with_moves(table_id)  # one snapshot: issue 15, defect 11
        if found is None:
            raise TableError("error.no_table", table=table_id)
        row = found
        try:
            engine = get_engine(row.game)
            options = json.loads(row.options)
            if not isinstance(options, dict):
                raise ValueError("options are not an object")
        except (KeyError, ValueError, TypeError) as exc:
            log_damage(table_id, "damaged options", exc)
            raise TableError("error.damaged", table=table_id) from None
        ctx = _Ctx(row, seats, engine, options)
        if row.status in (ACTIVE, FINISHED) or (row.status == ABORTED and row.state):  # an abort after the start
            ctx.state, ctx.plies = await self._rebuild(ctx, moves)  # keeps its last picture (tables.endings)
            newer = self._cache.get(table_id)
            if newer is not None and newer[0].version > row.version:  # a move committed while we read
                return _Ctx(newer[0], list(newer[1]), engine, options, newer[2], newer[3])
            self._remember(ctx)
        return ctx

    async def _still_current(self, row: TableRow) -> bool:
        """Whether a cached table is what the database holds (issue 19: any process may serve any table).

        One small read per use: another process may have moved, offered a draw or posted a board
        since this one cached the table.  (A write still checks the version in its transaction; this
        read only keeps a legal move from being refused against an old position.)
        """
        return await self.repo.table_marks(row.id) == (row.version, row.draw_offer, row.posted_version)

    def _remember(self, ctx: _Ctx) -> None:
        if ctx.row.status in (ACTIVE, FINISHED) and ctx.state is not None:
            self._cache[ctx.id] = (ctx.row, list(ctx.seats), ctx.state, ctx.plies)
        else:
            self._cache.pop(ctx.id, None)

    def _forget(self, table_id: int) -> None:
        self._cache.pop(table_id, None)

    def _new_state(self, ctx: _Ctx, players: int) -> Any:
        return ctx.engine.new_game(players, ctx.row.seed, ctx.options.get("game", {}))

    async def _rebuild(self, ctx: _Ctx, moves: Sequence[MoveRow] | None = None) -> tuple[Any, int]:
        """Replay the move log (the truth; ``moves`` when read with the row) and repair the snapshot
        if it disagrees."""
        if moves is None:
            moves = await self.repo.get_moves(ctx.id)
        engine = ctx.engine
        try:
            state = self._new_state(ctx, len(ctx.seats))
            for m in moves:
                state = engine.apply(state, engine.parse_move(state, m.move))
            replayed = json.loads(json.dumps(engine.to_json(state)))
        except Exception as exc:  # any failure of an old record: report the table as damaged
            log_damage(ctx.id, "the move log does not replay", exc)
            raise TableError("error.damaged", table=ctx.id) from None
        try:
            snapshot = json.loads(ctx.row.state) if ctx.row.state else None
        except ValueError:
            snapshot = None
        if snapshot != replayed:
            log.warning("table %d: snapshot disagrees with the move log; rebuilt from the log", ctx.id)
            async with self.repo.transaction() as tx:
                await tx.replace_snapshot(ctx.id, json.dumps(replayed, separators=(",", ":")))
        return state, len(moves)

    # ================================================================ helpers: engine facts
    @staticmethod
    def _simultaneous(engine: Engine, state: Any) -> bool:
        """Whether several seats act at the same time now (K3-3.2's building)."""
        return state is not None and engine.description.simultaneous_phase(engine.phase(state)) is not None

    @staticmethod
    def _unlisted(engine: Engine, state: Any) -> bool:
        """Whether the moves now are too many to list (players write them or ask for a proposal)."""
        phase = engine.description.simultaneous_phase(engine.phase(state)) if state is not None else None
        return phase is not None and not phase.listed

    def _human_actors(self, ctx: _Ctx, state: Any) -> list[int]:
        if state is None or ctx.engine.outcome(state) is not None:
            return []
        out = ctx.out_seats()
        return [s for s in ctx.engine.actors(state) if s not in out]

    @staticmethod
    def _auto_move(ctx: _Ctx, state: Any, seat: int, rng: random.Random) -> Any:
        """The engine's ``auto_move`` for a seat: the fallback of Mesa's moves (``tables.mesa``)."""
        try:
            return ctx.engine.auto_move(state, seat, rng)
        except IllegalMoveError:  # nothing of the seat's own to play: the game goes on by chance
            return ctx.engine.random_move(state, rng)

    async def _advance(self, ctx: _Ctx, state: Any, ply: int, step: _Step) -> Any:
        """Play every chance move (and every move of an out seat) until a player must act."""
        engine = ctx.engine
        out = ctx.out_seats()
        for _ in range(MAX_AUTOMATIC_MOVES):
            if engine.outcome(state) is not None:
                return state
            seat = engine.to_move(state)
            rng = random.Random(f"{ctx.row.seed}:{ply + 1}")
            if seat == CHANCE:
                move = engine.sample_chance(state, rng)
                mover = CHANCE
            else:
                ghosts = [s for s in engine.actors(state) if s in out]
                if not ghosts:
                    return state
                mover = ghosts[0]
                move = await self._leaver_move(ctx, state, mover, ply)  # Mesa's easy level (tables.mesa)
            text = engine.format_move(state, move)
            step.items.append((state, move, mover, text))
            state = engine.apply(state, move)
            ply += 1
        raise TableError("error.damaged", table=ctx.id)

    # ================================================================ helpers: results
    def _still_in(self, ctx: _Ctx) -> list[int]:
        return [s.seat for s in ctx.seats if not s.out_reason]

    def _final_placements(self, ctx: _Ctx, state: Any) -> tuple[list[int], str, str]:
        """(place per seat, reason, outcome text) at a finished table, out seats last."""
        outcome = ctx.engine.outcome(state) if state is not None else None
        n = len(ctx.seats)
        if outcome is not None:
            places = list(outcome.placements) if outcome.placements else []
            if len(places) != n:
                winners = set(outcome.winners)
                places = [1 if (s in winners or (outcome.draw and not winners)) else 2 for s in range(n)]
            reason, text = outcome.reason, outcome.text
        else:
            places = [1] * n
            reason, text = "abandoned", ""
        out_rows = [s for s in ctx.seats if s.out_reason]
        if not out_rows:
            return places, reason, text
        still = [s for s in range(n) if ctx.by_seat(s) and not ctx.by_seat(s).out_reason]  # type: ignore[union-attr]
        ranked = sorted(still, key=lambda s: places[s])
        final = [0] * n
        place = 0
        previous: int | None = None
        for i, s in enumerate(ranked):
            if previous is None or places[s] != previous:
                place = i + 1
                previous = places[s]
            final[s] = place
        # the last seat out is best among the out seats (the order is kept in ``result`` as out:<k>;
        # seats that went out together share a place)
        def rank(r: SeatRow) -> int:
            return int((r.result or "out:0").split(":")[1])

        order = sorted(out_rows, key=rank, reverse=True)
        for r in order:
            first = next(j for j, o in enumerate(order) if rank(o) == rank(r))
            final[r.seat] = len(ranked) + first + 1
        if outcome is None or len(still) <= 1:
            reason = order[-1].out_reason or reason
        return final, reason, text

    async def _finish_writes(
        self, tx: Any, ctx: _Ctx, places: list[int], reason: str, now: str
    ) -> list[ResultRow]:
        everyone_first = all(p == 1 for p in places)
        rows = []
        # issue 9: unrated too when the server turned ratings off meanwhile, or the game's options say so
        game_options = ctx.options.get("game", {})
        rated = (bool(ctx.options.get("rated", True)) and ctx.engine.description.rated(game_options)
                 and await tx.guild_rated(ctx.row.guild_id))
        for s in sorted(ctx.seats, key=lambda r: r.seat):
            place = places[s.seat]
            verdict = "draw" if everyone_first else ("win" if place == 1 else "loss")
            rows.append(ResultRow(ctx.id, s.seat, ctx.row.guild_id, ctx.row.game, s.user_id, place, verdict, reason,
                                  rated, now))
            await tx.update_seat(ctx.id, s.seat, result=verdict)
        await tx.record_results(rows)
        sides = [ctx.engine.description.side_of(s, len(ctx.seats), game_options) for s in range(len(ctx.seats))]
        await rate_finished_table(tx, rows, sides=sides)  # same transaction
        verdicts = {r.seat: r.outcome for r in rows}
        ctx.seats = [replace(s, result=verdicts[s.seat]) for s in ctx.seats]
        return rows

    # ================================================================ helpers: messages
    def _player_list(self, ctx: _Ctx) -> str:
        marks = ctx.engine.description.seat_marks
        parts = []
        for s in sorted(ctx.seats, key=lambda r: r.seat):
            mark = marks[s.seat] if marks and s.seat < len(marks) else str(s.seat)
            gone = " ✗" if s.out_reason else ""
            parts.append(f"{s.name} [{mark}]{gone}")
        return " · ".join(parts)

    def _names_of(self, ctx: _Ctx, seats: Sequence[int]) -> str:
        return ", ".join(ctx.by_seat(s).name for s in seats if ctx.by_seat(s))  # type: ignore[union-attr]

    async def _image(self, game: str, view: dict[str, Any], names: list[str], *,
                     result: dict[str, Any] | None = None, previous: dict[str, Any] | None = None) -> bytes | None:
        """The picture; ``result`` (an ending outside the rules) and ``previous`` (the view before the
        last move, for the caption) are passed only when there is one, as ``render.render`` takes them."""
        if self.renderer is None:
            return None
        extra = {k: v for k, v in (("result", result), ("previous", previous)) if v is not None}
        try:
            return await asyncio.to_thread(self.renderer, game, view, names, **extra)
        except Exception:  # an image is a nicety: never lose a stored move over it
            log.exception("rendering %s failed", game)
            return None

    def _status_line(self, ctx: _Ctx, view: dict[str, Any]) -> str:
        """Each side's score: a side's seats share one total (partnerships, KR-6.2)."""
        for key in ("totals", "scores"):
            values = view.get(key)
            if isinstance(values, list) and values and all(isinstance(v, int) for v in values):
                names = ctx.names()
                if len(values) == len(names):
                    return " · ".join(f"{n} {v}" for n, v in zip(names, values))
                sides = ctx.engine.description.sides(len(names), ctx.options.get("game", {}))
                if len(values) == len(sides):
                    return " · ".join(f"{' & '.join(names[s] for s in side)} {v}" for side, v in zip(sides, values))
                return " · ".join(str(v) for v in values)
        return ""

    def _deadline_params(self, row_deadline: str | None) -> dict[str, Any]:
        moment = parse_iso(row_deadline)
        if moment is None:
            return {"deadline": "-", "deadline_ts": 0}
        return {"deadline": moment.strftime("%Y-%m-%d %H:%M UTC"), "deadline_ts": int(moment.timestamp())}

    async def _board_post(
        self, ctx: _Ctx, state: Any, version: int, deadline: str | None, moves_text: str = "", *, image: bool = True,
        previous: Any = None,
    ) -> PublicPost:
        """The table's board post; ``previous``: the state before the last move (the caption's "capturing 1")."""
        engine = ctx.engine
        ended = ctx.row.status in (FINISHED, ABORTED)
        result = None
        redrawn = ""  # drawn again (/board, resign, a restart): the last step told as when first posted
        if not moves_text and ctx.plies and state is ctx.state:
            previous, redrawn = await self._redrawn(ctx, image, previous)
        view = engine.view(state, None)  # the spectator view: public posts never hold a secret
        if ended:  # resigned, timed out, agreed, aborted: the result banner, not "X to move" (tables.endings)
            view, result = final_picture(engine, state, ctx.row.outcome, ctx.seats, aborted=ctx.row.status == ABORTED)
        actors = [] if ended else self._human_actors(ctx, state)
        over = engine.outcome(state) is not None or ended
        params: dict[str, Any] = {
            "table": ctx.id,
            "game": engine.title or engine.name,
            "players": self._player_list(ctx),
            "moves": moves_text or redrawn or (view.get("last_move") or ""),
            "turn": self._names_of(ctx, actors),
            "status": self._status_line(ctx, view),
            "position": view.get("position", ""),
            "ply": view.get("ply", 0),
            **self._deadline_params(deadline),
        }
        if over:
            # a game ended by resignation, time or agreement has no move of its own to show
            ended_by_move = bool(moves_text) or (engine.outcome(state) is not None and bool(params["moves"]))
            key, hint = ("board.final" if ended_by_move else "board.over"), None
        elif self._unlisted(engine, state):
            key, hint = "board.build", "build"
        else:
            mesa_only = bool(actors) and not mention_seats(ctx, actors)  # Mesa never has a deadline (tables.mesa)
            if not moves_text and not view.get("last_move"):  # the opening board
                key = "board.mesa_start" if mesa_only else "board.start"
            else:
                key = "board.mesa" if mesa_only else "board.turn"
            hint = "move"
            if mesa_only:
                params.update(deadline="-", deadline_ts=0)
        if params["status"]:
            key += "_score"
        if ctx.row.draw_offer is not None and not over:
            hint = "draw"
        before = engine.view(previous, None) if previous is not None else None
        picture = await self._image(ctx.row.game, view, ctx.names(), result=result, previous=before) if image else None
        mention = () if over else tuple(row.user_id for s in actors if (row := ctx.by_seat(s)) is not None
                        and not is_mesa(row.user_id))
        humans = sum(1 for s in ctx.seats if not is_mesa(s.user_id))
        offers = self._offers(engine, state, humans)
        # what the controls need rides with the post: delivering it never calls the service back
        quick: tuple[QuickMove, ...] = ()
        if QUICK in offers and mention and hint == "move":
            first = ctx.seat_of(mention[0])
            quick = tuple(engine.quick_moves(state, first.seat)) if first is not None else ()
        mesa_next = not over and self._mesa_to_act(ctx, state)
        return PublicPost(ctx.id, BOARD, key, params, picture, mention, hint, version, offers, quick, mesa_next)

    async def _redrawn(self, ctx: _Ctx, image: bool, previous: Any) -> tuple[Any, str]:
        """(the state before the last move, the last step's caption) for a board drawn again: the
        caption remembered when the step was posted, else read from the log once (after a restart);
        the state only when a picture will show what the last move changed."""
        said = self._said.get(ctx.id)
        told = said[1] if said is not None and said[0] == ctx.plies else ""
        picture_needs = image and previous is None and self.renderer is not None
        if picture_needs or not told:
            before_last, from_log = await self._last_step(ctx)
            previous = before_last if picture_needs else previous
            told = told or from_log
            self._said[ctx.id] = (ctx.plies, told)
        return previous, told

    async def _last_step(self, ctx: _Ctx) -> tuple[Any, str]:
        """For a board drawn again: the state before the last logged move (the picture then shows what
        it changed) and the last step's words as they were first posted, ``Ben: a1-b1`` or ``Ana: aim
        s1 hard · roll YYB/YRR/RRR`` (the last seat's move and the chance moves it set off; public
        notation, so a hidden placement stays hidden).  (None, "") when the log does not replay."""
        moves = await self.repo.get_moves(ctx.id)
        engine = ctx.engine
        items: list[tuple[Any, Any, int]] = []  # (state before, move, seat) of every logged move
        try:
            state = self._new_state(ctx, len(ctx.seats))
            for m in moves:
                move = engine.parse_move(state, m.move)
                items.append((state, move, m.seat))
                state = engine.apply(state, move)
        except Exception:  # a caption's nicety: _rebuild reports a damaged log
            return None, ""
        if not items:
            return None, ""
        first = max((i for i, item in enumerate(items) if item[2] >= 0), default=len(items) - 1)
        return items[-1][0], self._told(ctx, items[first:])

    @staticmethod
    def _offers(engine: Engine, state: Any, humans: int) -> frozenset[str]:
        """The controls a board may carry besides the move picker (``PublicPost.offers``); no Draw where
        fewer than two people sit (Mesa answers every offer by playing on)."""
        description = engine.description
        offers = set()
        if engine.has_private_info(state):
            offers.add(MINE)
        if description.draw_offers and humans >= 2:
            offers.add(DRAW)
        if description.quick_moves:
            offers.add(QUICK)
        return frozenset(offers)

    async def _private_post(self, ctx: _Ctx, state: Any, seat: int) -> PrivatePost:
        view = ctx.engine.view(state, seat)
        row = ctx.by_seat(seat)
        assert row is not None
        params = {"table": ctx.id, "game": ctx.engine.title or ctx.engine.name, "position": view.get("position", "")}
        picture = await self._image(ctx.row.game, view, ctx.names())
        return PrivatePost(ctx.id, row.user_id, "private.view", params, picture)

    def _private_changes(self, ctx: _Ctx, step: _Step, state_after: Any) -> list[int]:
        """Seats whose private view changed (DESIGN: DM a player's view when it changes).

        The engine names them (``private_changes``: Plateau's mover after a hidden placement, K3's
        players after the deal); none once nothing is private any more (K3-10 after the last build).
        """
        engine = ctx.engine
        if not engine.has_private_info(state_after):
            return []
        seats = [s for before, move, _, _ in step.items for s in engine.private_changes(before, move)]
        out = ctx.out_seats()
        bots = {r.seat for r in ctx.seats if is_mesa(r.user_id)}  # Mesa's view never leaves the thinker
        return [s for s in dict.fromkeys(seats) if s not in out and s not in bots]

    def _moves_text(self, ctx: _Ctx, step: _Step) -> str:
        return self._told(ctx, [(before, move, seat) for before, move, seat, _ in step.items])

    @staticmethod
    def _told(ctx: _Ctx, items: list[tuple[Any, Any, int]]) -> str:
        """Moves as a board's caption tells them: ``Ana: aim s1 hard · roll YYB/YRR/RRR`` (the public
        notation, so a hidden placement stays hidden; chance moves have no name)."""
        parts = []
        for before, move, seat in items:
            public = ctx.engine.public_move(before, move)
            row = ctx.by_seat(seat) if seat >= 0 else None
            parts.append(f"{row.name}: {public}" if row else public)
        return " · ".join(parts)

    def _event_posts(self, ctx: _Ctx, step: _Step, final: Any, version: int) -> list[PublicPost]:
        """What the step's moves made happen (``Engine.events``: eliminations, penalties, bonuses ...),
        each told in the table's text as a sentence with names (``event.<game>.<code>``)."""
        posts: list[PublicPost] = []
        if not step.items:
            return posts
        names = ctx.names()
        afters = [item[0] for item in step.items[1:]] + [final]
        for (before, move, _seat, _text), after in zip(step.items, afters, strict=True):
            for code, event_facts in ctx.engine.events(before, move, after):
                key = event_key(ctx.row.game, code)
                if key is not None:
                    params = {"table": ctx.id, "game": ctx.engine.title or ctx.engine.name,
                              **named_facts(names, event_facts)}
                    posts.append(PublicPost(ctx.id, INFO, key, params, version=version))
        return posts

    @staticmethod
    def _outcome_facts(ctx: _Ctx, state: Any) -> dict[str, Any] | None:
        """The engine's facts about the ending (``Outcome.extra``, scores), stored with the outcome."""
        outcome = ctx.engine.outcome(state) if state is not None else None
        if outcome is None:
            return None
        return {"extra": dict(outcome.extra), "scores": list(outcome.scores)}

    def _worded_result(self, ctx: _Ctx, places: list[int], reason: str, facts: dict[str, Any] | None,
                       version: int) -> PublicPost | None:
        """The ending in a player's words (``tables.outcome_words``), when the catalogue has them."""
        if facts is None or reason in ("time", "resign", "agreement"):
            return None
        key = outcome_key(ctx.row.game, reason, facts.get("extra") or {})
        if key is None:
            return None
        params = outcome_params(ctx.names(), places, facts.get("extra") or {}, facts.get("scores") or ())
        params.update(table=ctx.id, game=ctx.engine.title or ctx.engine.name, reason=reason)
        return PublicPost(ctx.id, RESULT, key, params, None, (), None, version)

    def _result_post(self, ctx: _Ctx, places: list[int], reason: str, text: str, version: int,
                     facts: dict[str, Any] | None = None) -> PublicPost:
        worded = self._worded_result(ctx, places, reason, facts, version)
        if worded is not None:
            return worded
        names = ctx.names()
        winners = [names[s] for s, p in enumerate(places) if p == 1]
        params: dict[str, Any] = {
            "table": ctx.id,
            "game": ctx.engine.title or ctx.engine.name,
            "detail": text or reason,
            "reason": reason,
            "winners": ", ".join(winners),
            "standings": " · ".join(f"{p}. {names[s]}" for s, p in sorted(enumerate(places), key=lambda x: x[1])),
        }
        if all(p == 1 for p in places):
            key = "result.draw"
        elif len(places) > 2:
            key = "result.standings"
        else:
            key = "result.win"
        if reason in ("time", "resign", "agreement"):
            key += "." + reason
            params["loser"] = ", ".join(names[s] for s, p in enumerate(places) if p != 1)
        return PublicPost(ctx.id, RESULT, key, params, None, (), None, version)

    # ================================================================ the commit of a change of state
    def _deadline_columns(self, ctx: _Ctx, state: Any, now: datetime, over: bool) -> dict[str, Any]:
        if over or not self._human_actors(ctx, state):
            return {"turn_deadline": None, "next_event_at": None}
        seconds = int(ctx.options.get("time_per_move", DEFAULT_TIME_PER_MOVE))
        # Mesa to act: due for the ticker at once, so a restart resumes Mesa's turn (tables.mesa)
        mesa_due = self._mesa_to_act(ctx, state)
        return {
            "turn_deadline": now_iso(now + timedelta(seconds=seconds)),
            "next_event_at": now_iso(now if mesa_due else now + timedelta(seconds=seconds * HALF)),
        }

    async def _commit(
        self,
        ctx: _Ctx,
        state: Any,
        step: _Step,
        *,
        starting: bool = False,
        seats: list[SeatRow] | None = None,
        extra: Sequence[Message] = (),
        force_finish: bool = False,
        seat_updates: dict[int, dict[str, Any]] | None = None,
    ) -> list[Message]:
        """Write ``step`` (and any seat changes) in one transaction, then build the outbox."""
        now = self._now()
        stamp = now_iso(now)
        engine = ctx.engine
        if seats is not None:
            ctx.seats = seats
        for seat, cols in (seat_updates or {}).items():
            ctx.seats = [
                replace(r, **cols) if r.seat == seat else r for r in ctx.seats
            ]
        over = force_finish or engine.outcome(state) is not None or len(self._still_in(ctx)) <= 1
        bounded = not over and reaches_bound(engine, ctx.plies + len(step.items))  # issue 15, defect 12
        over = over or bounded
        columns = self._deadline_columns(ctx, state, now, over)
        columns["draw_offer"] = None
        if starting or over:
            columns["status"] = FINISHED if over else ACTIVE
        places: list[int] = []
        reason = text = ""
        if over:
            places, reason, text = self._final_placements(ctx, state)
            facts = self._outcome_facts(ctx, state)
            if bounded:
                places, reason, text, facts = bound_ending(engine, len(ctx.seats))
            columns["outcome"] = json.dumps({"text": text, "reason": reason, "placements": places, "facts": facts})
        state_json = json.dumps(engine.to_json(state), separators=(",", ":"))
        try:
            async with self.repo.transaction() as tx:
                if seats is not None:
                    await tx.replace_seats(ctx.id, seats)
                for seat, cols in (seat_updates or {}).items():
                    await tx.update_seat(ctx.id, seat, **cols)
                new_moves = step.new_moves()
                version = await tx.append_moves(ctx.id, ctx.row.version, new_moves, state_json, stamp,
                                                first_ply=ctx.plies + 1, **columns)
                if over:
                    await self._finish_writes(tx, ctx, places, reason, stamp)
        except StaleVersion:
            self._forget(ctx.id)
            fresh = await self._load(ctx.id)
            raise _LostRace("error.stale", board=await self._current_post(fresh)) from None
        ctx.row = replace(ctx.row, version=version, turn_deadline=columns["turn_deadline"],
                          next_event_at=columns["next_event_at"], status=columns.get("status", ctx.row.status),
                          draw_offer=None, outcome=columns.get("outcome", ctx.row.outcome), state=None)
        texts = self._log_cache.get(ctx.id)
        if texts is not None and len(texts) == ctx.plies:
            texts.extend((ctx.plies + i + 1, seat, text, engine.public_move(before, move))
                         for i, (before, move, seat, text) in enumerate(step.items))
        ctx.state = state
        ctx.plies += len(new_moves)
        self._remember(ctx)
        messages: list[Message] = list(extra)
        messages += await self._posts_after(ctx, step, state, version, columns["turn_deadline"], over)
        if over:
            messages.append(self._result_post(ctx, places, reason, text, version, facts))
            ordered = sorted(ctx.seats, key=lambda r: r.seat)
            messages.append(TableFinished(ctx.id, ctx.row.guild_id, ctx.row.game, text or reason, reason,
                                          tuple(places), tuple(r.user_id for r in ordered),
                                          bool(ctx.options.get("rated", True))))
        return messages

    async def _posts_after(self, ctx: _Ctx, step: _Step, state: Any, version: int, deadline: str | None,
                           over: bool) -> list[Message]:
        """What a committed step shows: the board, the private views it changed, the events it caused."""
        moves_text = self._moves_text(ctx, step)
        self._said[ctx.id] = (ctx.plies, moves_text)
        private_seats = [] if over else self._private_changes(ctx, step, state)
        # the pictures are drawn side by side (the renderer runs in threads)
        previous = step.items[-1][0] if step.items else None
        mover = next((seat for _, _, seat, _ in step.items if seat >= 0), None)
        held = not over and mover is not None and self._mesa_turn_goes_on(ctx, state, mover)  # tables.mesa
        board = asyncio.ensure_future(self._board_post(ctx, state, version, deadline, moves_text, image=not held,
                                                       previous=previous))
        private = await asyncio.gather(*(self._private_post(ctx, state, seat) for seat in private_seats))
        return [await board, *private, *self._event_posts(ctx, step, state, version)]

    # ================================================================ creating tables
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        opponents: Sequence[tuple[int, str]] = (),
        options: dict[str, str] | None = None,
    ) -> list[Message]:
        """Open a table: named opponents are invited; with none (K3, Krakatoa) anyone may join."""
        host_name, opponents = host_name[:MAX_NAME], [(uid, who[:MAX_NAME]) for uid, who in opponents]
        try:
            name = canonical_name(game)
        except KeyError:
            raise TableError("error.unknown_game", game=game, games=", ".join(game_names())) from None
        engine = get_engine(name)
        options, opponents, mesa = take_request(options or {}, opponents)  # Mesa's seats (tables.mesa)
        ids = [host_id, *(uid for uid, _ in opponents)]
        if host_id in ids[1:]:
            raise TableError("error.self_play")
        if len(set(ids)) != len(ids):
            raise TableError("error.duplicate_player")
        if len(ids) + mesa.count > engine.max_players:
            raise TableError("error.too_many_players", game=engine.title or name, max=engine.max_players)
        if engine.max_players == 2 and len(ids) + mesa.count < 2:
            raise TableError("error.needs_opponent", game=engine.title or name, name=name)
        settings = await self.repo.guild_settings(guild_id)
        if settings.allowed_channels and channel_id not in settings.allowed_channels:
            raise TableError("error.channel_not_allowed")
        resolved = self._table_options(engine, options or {}, settings)
        resolved["rated"] = rated_with_mesa(resolved["rated"], settings.rate_mesa, mesa.count)
        if not opponents and not mesa.count:  # an open table: "Fill with Mesa" seats this level later
            resolved[MESA_LEVEL] = mesa.level
        if opponents or mesa.count or len(ids) == engine.max_players:  # the roster is known: check it now
            self._check_game_options(engine, resolved, len(ids) + mesa.count)
        await self._refuse_same_invitation(guild_id, host_id, name, ids)
        await check_can_host(self.repo, guild_id, host_id, host_name)  # issue 15, defect 10
        status = INVITED if opponents else OPEN
        now = now_iso(self._now())
        async with self.repo.transaction() as tx:
            table_id = await tx.create_table(guild_id=guild_id, channel_id=channel_id, game=name,
                                             options=json.dumps(resolved), seed=self._seed_source(), status=status,
                                             host_id=host_id, now=now)
            await tx.add_seat(SeatRow(table_id, 0, host_id, host_name, accepted=True))
            for i, (uid, uname) in enumerate(opponents, start=1):
                await tx.add_seat(SeatRow(table_id, i, uid, uname, accepted=False))
            for seat in mesa.seats(table_id, len(ids)):  # accepted at once
                await tx.add_seat(seat)
        ctx = await self._load(table_id)
        if mesa.count and not opponents:  # only Mesa invited: the game starts now
            async with self._lock(table_id):
                return await self._start(ctx)
        return [self._waiting_post(ctx)]

    async def rematch(self, table_id: int, user_id: int, user_name: str) -> list[Message]:
        """A new table for the same players and options: two players swap seats, more are drawn again;
        everyone the caller invites must accept."""
        details = await self.table_details(table_id)
        summary = details.summary
        if user_id not in summary.user_ids:
            raise TableError("error.not_seated", table=table_id)
        opponents = [(u, n) for u, n in zip(summary.user_ids, summary.players) if u != user_id]
        options = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in details.options.items()
                   if k not in ("seat", "time_per_move")}
        if "time_per_move" in details.options:
            options["time_per_move"] = f"{int(details.options['time_per_move'])}s"
        if len(summary.user_ids) == 2:
            options["seat"] = "second" if summary.user_ids[0] == user_id else "first"
        return await self.create(summary.guild_id, summary.channel_id, user_id, user_name, summary.game, opponents,
                                 options)

    async def _refuse_same_invitation(self, guild_id: int, host_id: int, game: str, ids: list[int]) -> None:
        """A second invitation like one still waiting (same host, players and game) is a double click or a
        forgotten table: point at the open one instead of opening another."""
        for summary in await self.active_tables(host_id, guild_id):
            if summary.status in WAITING and summary.game == game and set(summary.user_ids) == set(ids):
                ctx = await self._load(summary.table_id)
                if ctx.row.host_id == host_id:
                    # the front end links to it (ids only: tables/ stays Discord-free)
                    raise TableError("error.same_invitation", table=summary.table_id, game=summary.title,
                                     guild=summary.guild_id, place=summary.thread_id or summary.channel_id)

    def _table_options(self, engine: Engine, options: dict[str, str], settings: GuildSettings) -> dict[str, Any]:
        seat = "random"
        rated = settings.rated
        seconds = settings.time_per_move or DEFAULT_TIME_PER_MOVE
        game_options: dict[str, Any] = {}
        for key, value in options.items():
            name = key.strip().lower().replace("-", "_")
            text = str(value).strip()
            if name == "seat":
                seat = text.lower()
                if seat not in ("first", "second", "random"):
                    raise TableError("error.bad_option", option="seat", value=text, allowed="first, second, random")
            elif name == "rated":
                flag = text.lower()
                if flag in ("true", "yes", "on", "1"):
                    rated = settings.rated
                elif flag in ("false", "no", "off", "0"):
                    rated = False
                else:
                    raise TableError("error.bad_option", option="rated", value=text, allowed="true, false")
            elif name in ("time_per_move", "time"):
                parsed = parse_duration(text)
                if parsed is None or not MIN_TIME_PER_MOVE <= parsed <= MAX_TIME_PER_MOVE:
                    raise TableError("error.bad_time", value=text)
                seconds = parsed
            else:
                _check_game_option(engine, name, text)
                game_options[name] = text
        try:
            resolved_game = engine.resolve_options(game_options)
        except OptionError as exc:  # (each was read above; kept for a check the engine adds)
            raise TableError("error.bad_game_option", detail=str(exc)) from None
        if not engine.description.rated(resolved_game):  # issue 9: e.g. K3's cooperative variant
            rated = False
        return {"seat": seat, "rated": rated, "time_per_move": seconds, "game": resolved_game}

    @staticmethod
    def _check_game_options(engine: Engine, resolved: dict[str, Any], players: int) -> None:
        teams = engine.description.partnerships
        if teams is not None and resolved["game"].get(teams.option) and players != teams.players:  # KR-6.2
            raise TableError("error.partners_players", option=teams.option, players=players, needed=teams.players)
        try:
            engine.new_game(players, 0, resolved["game"])
        except (OptionError, ValueError) as exc:
            # the options are known ones (read at /play): their values do not fit this many players
            raise TableError("error.options_dont_fit", detail=str(exc), players=players) from None

    def _waiting_post(self, ctx: _Ctx, update: bool = False) -> PublicPost:
        """The invitation (``update``: the table's news after someone answered, joined or left, which
        reads as an update of the invitation rather than a fresh one)."""
        engine = ctx.engine
        pending = [s for s in ctx.seats if not s.accepted]
        host = ctx.seat_of(ctx.row.host_id)
        params = {
            "table": ctx.id,
            "game": engine.title or engine.name,
            "host": host.name if host else "?",
            "players": ", ".join(s.name for s in sorted(ctx.seats, key=lambda r: r.seat)),
            "invited": ", ".join(s.name for s in pending),
            "count": len(ctx.seats),
            "min": engine.min_players,
            "max": engine.max_players,
            "time": format_duration(int(ctx.options.get("time_per_move", DEFAULT_TIME_PER_MOVE))),
            "rated": "✓" if ctx.options.get("rated", True) else "✗",
        }
        variant = variant_text(engine.name, ctx.options.get("game", {}))  # what is played: teams, a preset …
        params["variant"] = f"{variant}; " if variant else ""
        if ctx.row.status == INVITED and pending:
            # seats already taken besides the host's: Mesa's (bots=N), so the invited know whom they play
            others = [s.name for s in sorted(ctx.seats, key=lambda r: r.seat)
                      if s.accepted and s.user_id != ctx.row.host_id]
            key = "invite.challenge.update" if update else ("invite.challenge.with" if others else "invite.challenge")
            params["others"] = ", ".join(others)
            return PublicPost(ctx.id, INVITE, key, params, None, tuple(s.user_id for s in pending), "invite",
                              ctx.row.version)
        return PublicPost(ctx.id, INVITE, "invite.open.update" if update else "invite.open", params, None, (), "join",
                          ctx.row.version)

    async def _waiting(self, table_id: int) -> _Ctx:
        ctx = await self._load(table_id)
        if ctx.row.status not in WAITING:
            key = "error.already_started" if ctx.row.status == ACTIVE else "error.not_active"
            raise TableError(key, table=table_id)
        return ctx

    async def accept(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx = await self._waiting(table_id)
            seat = ctx.seat_of(user_id)
            if seat is None or seat.accepted:
                raise TableError("error.not_invited" if seat is None else "error.already_accepted", table=table_id)
            await check_can_sit(self.repo, ctx.row.guild_id, user_id, seat.name)  # issue 15, defect 10
            if all(s.accepted or s.user_id == user_id for s in ctx.seats):  # this acceptance starts the game
                self._check_game_options(ctx.engine, ctx.options, len(ctx.seats))
            async with self.repo.transaction() as tx:
                await tx.update_seat(table_id, seat.seat, accepted=1)
                await tx.update_table(table_id, ctx.row.version, now_iso(self._now()))
            ctx = await self._load(table_id)
            info = PublicPost(table_id, INFO, "invite.accepted",
                              {"table": table_id, "name": seat.name, "game": ctx.engine.title}, version=ctx.row.version)
            if all(s.accepted for s in ctx.seats) and len(ctx.seats) >= ctx.engine.min_players:
                return [info, *await self._start(ctx)]
            return [info, self._waiting_post(ctx, update=True)]

    async def decline(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx = await self._waiting(table_id)
            seat = ctx.seat_of(user_id)
            if seat is None or seat.user_id == ctx.row.host_id or seat.accepted:
                raise TableError("error.not_invited", table=table_id)
            return await self._withdraw(ctx, seat)

    async def _withdraw(self, ctx: _Ctx, seat: SeatRow) -> list[Message]:
        """An invitee leaves an invitation (declines it, or takes back an acceptance); under the table's lock.

        Issue 15, defect 9: an invitation never turns into a table anyone may join.  When every named
        invitee has gone the table closes, telling the host; when everyone still seated has accepted
        and there are enough of them, the game starts, as it would have on the last acceptance.
        """
        table_id = ctx.id
        now = now_iso(self._now())
        params = {"table": table_id, "name": seat.name, "game": ctx.engine.title}
        remaining = sorted((s for s in ctx.seats if s.seat != seat.seat), key=lambda r: r.seat)
        # an invitation takes no one new: without this seat the game may never be able to start
        # (KR-6.2's partnerships need exactly four players); then it closes like an emptied one
        unplayable = False
        if len(remaining) >= ctx.engine.min_players:
            try:
                self._check_game_options(ctx.engine, ctx.options, len(remaining))
            except TableError:
                unplayable = True
        if all(s.user_id == ctx.row.host_id for s in remaining) or unplayable:
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, ctx.row.version, now, status=DECLINED)
            self._forget(table_id)
            key = "invite.declined" if not unplayable else "invite.declined_unplayable"
            if seat.accepted and unplayable:
                key = "invite.left_unplayable"
            return [PublicPost(table_id, INVITE, key, {**params, "players": len(remaining)},
                               mention=(ctx.row.host_id,), version=ctx.row.version + 1)]
        async with self.repo.transaction() as tx:
            await tx.replace_seats(table_id, [replace(s, seat=i) for i, s in enumerate(remaining)])
            await tx.update_table(table_id, ctx.row.version, now, status=INVITED)
        ctx = await self._load(table_id)
        info = PublicPost(table_id, INFO, "invite.left" if seat.accepted else "invite.declined_seat", params,
                          version=ctx.row.version)
        if all(s.accepted for s in ctx.seats) and len(ctx.seats) >= ctx.engine.min_players:
            return [info, *await self._start(ctx)]  # the options hold for this many (checked above)
        return [info, self._waiting_post(ctx, update=True)]

    async def join(self, table_id: int, user_id: int, name: str) -> list[Message]:
        name = name[:MAX_NAME]
        async with self._lock(table_id):
            ctx = await self._waiting(table_id)
            if ctx.seat_of(user_id) is not None:
                raise TableError("error.already_seated", table=table_id)
            if ctx.row.status != OPEN:
                raise TableError("error.invite_only", table=table_id)
            if len(ctx.seats) >= ctx.engine.max_players:
                raise TableError("error.table_full", table=table_id, max=ctx.engine.max_players)
            await check_can_sit(self.repo, ctx.row.guild_id, user_id, name)  # issue 15, defect 10
            if len(ctx.seats) + 1 == ctx.engine.max_players:  # this join starts the game
                self._check_game_options(ctx.engine, ctx.options, len(ctx.seats) + 1)
            async with self.repo.transaction() as tx:
                await tx.add_seat(SeatRow(table_id, max(s.seat for s in ctx.seats) + 1, user_id, name, accepted=True))
                await tx.update_table(table_id, ctx.row.version, now_iso(self._now()))
            ctx = await self._load(table_id)
            info = PublicPost(table_id, INFO, "invite.joined",
                              {"table": table_id, "name": name, "game": ctx.engine.title, "count": len(ctx.seats),
                               "max": ctx.engine.max_players}, version=ctx.row.version)
            if len(ctx.seats) == ctx.engine.max_players:
                return [info, *await self._start(ctx)]
            return [info, self._waiting_post(ctx, update=True)]

    async def leave(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx = await self._load(table_id)
            if ctx.row.status == ACTIVE:
                raise TableError("error.use_resign", table=table_id)
            if ctx.row.status not in WAITING:
                raise TableError("error.not_active", table=table_id)
            seat = ctx.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_seated", table=table_id)
            if user_id == ctx.row.host_id:
                raise TableError("error.host_cannot_leave", table=table_id)
            if ctx.row.status == INVITED:  # issue 15, defect 9: leaving an invitation is declining it
                return await self._withdraw(ctx, seat)
            remaining = sorted((s for s in ctx.seats if s.user_id != user_id), key=lambda r: r.seat)
            status = INVITED if any(not s.accepted for s in remaining) else OPEN
            async with self.repo.transaction() as tx:
                await tx.replace_seats(table_id, [replace(s, seat=i) for i, s in enumerate(remaining)])
                await tx.update_table(table_id, ctx.row.version, now_iso(self._now()), status=status)
            ctx = await self._load(table_id)
            return [PublicPost(table_id, INFO, "invite.left", {"table": table_id, "name": seat.name,
                                                                "game": ctx.engine.title}, version=ctx.row.version),
                    self._waiting_post(ctx, update=True)]

    async def start(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx = await self._waiting(table_id)
            if user_id != ctx.row.host_id:
                raise TableError("error.host_only", table=table_id)
            ready = [s for s in ctx.seats if s.accepted]
            if len(ready) < ctx.engine.min_players:
                raise TableError("error.not_enough_players", table=table_id, min=ctx.engine.min_players)
            ctx.seats = ready
            return await self._start(ctx)

    async def _start(self, ctx: _Ctx) -> list[Message]:
        """Assign seats (option ``seat``), create the game, draw its opening chance moves."""
        host = ctx.seat_of(ctx.row.host_id)
        assert host is not None
        others = sorted((s for s in ctx.seats if s.user_id != host.user_id), key=lambda r: r.seat)
        order = [host, *others]
        choice = ctx.options.get("seat", "random")
        rng = random.Random(f"{ctx.row.seed}:seats")
        if choice == "second" and others:
            order = [others[0], host, *others[1:]]
        elif choice == "random":
            rng.shuffle(order)
        seats = [SeatRow(ctx.id, i, s.user_id, s.name, s.is_ai, True) for i, s in enumerate(order)]
        self._check_game_options(ctx.engine, ctx.options, len(seats))
        ctx.seats = seats
        state = self._new_state(ctx, len(seats))
        step = _Step()
        state = await self._advance(ctx, state, 0, step)
        return await self._commit(ctx, state, step, starting=True, seats=seats)

    async def abort(self, table_id: int, user_id: int) -> list[Message]:
        """Cancel a table before its first player move (host only)."""
        async with self._lock(table_id):
            ctx = await self._load(table_id)
            if ctx.row.status == FINISHED:  # whoever asks: the game is over, there is nothing to cancel
                raise TableError("error.game_over", table=table_id)
            if ctx.row.status not in LIVE:
                raise TableError("error.host_only" if user_id != ctx.row.host_id else "error.not_active",
                                 table=table_id)
            moves = await self.repo.get_moves(table_id) if ctx.row.status == ACTIVE else []
            played = any(m.seat != CHANCE for m in moves)
            agreeing = not played and self.chance_seen(ctx, moves)  # issue 15, defect 15 (tables/guild_life.py)
            if user_id != ctx.row.host_id and not agreeing:
                raise TableError("error.host_only", table=table_id)
            if played:
                raise TableError("error.abort_too_late", table=table_id)
            if agreeing:  # chance has been seen: every player still in must ask for it
                asked = await self._agree_to_abort(ctx, user_id)
                if asked is not None:
                    return asked
            async with self.repo.transaction() as tx:
                version = await tx.update_table(table_id, ctx.row.version, now_iso(self._now()), status=ABORTED,
                                                turn_deadline=None, next_event_at=None)
            self._forget(table_id)
            host = ctx.seat_of(user_id)
            messages: list[Message] = [
                PublicPost(table_id, INFO, "info.aborted_agreed" if agreeing else "info.aborted",
                           {"table": table_id, "name": host.name if host else "?", "game": ctx.engine.title},
                           version=ctx.row.version + 1)]
            if ctx.state is not None:  # a started game ends with its picture saying so (issue 16)
                ctx.row = replace(ctx.row, status=ABORTED, version=version, turn_deadline=None, next_event_at=None,
                                  draw_offer=None)
                messages.append(await self._board_post(ctx, ctx.state, version, None))
            return messages

    # ================================================================ playing
    async def _active(self, table_id: int, user_id: int) -> tuple[_Ctx, SeatRow]:
        ctx = await self._load(table_id)
        if ctx.row.status != ACTIVE:
            key = "error.not_started" if ctx.row.status in WAITING else "error.game_over"
            raise TableError(key, table=table_id)
        seat = ctx.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_seated", table=table_id)
        if seat.out_reason:
            raise TableError("error.you_are_out", table=table_id)
        return ctx, seat

    async def submit_move(
        self, table_id: int, user_id: int, text: str, expected_version: int | None = None
    ) -> list[Message]:
        """Parse (tolerantly), check the seat, apply, draw chance, store, and report.

        Issue 19: when the write loses the version check to another process that wrote between this
        one's read and its write, the move is judged again on what the database holds now: a
        doubled or stale submission is refused then, a move still legal is applied.  (K3's builders
        act at once, K3-3.2: each of the other seats may win one such race, hence a few tries.)
        """
        if len(text) > MAX_MOVE_TEXT:  # no move of any game is this long: refuse without echoing it
            raise TableError("error.move_too_long", length=len(text), limit=MAX_MOVE_TEXT)
        for _ in range(RACE_RETRIES):
            try:
                return await self._submit_once(table_id, user_id, text, expected_version)
            except _LostRace:
                continue
        return await self._submit_once(table_id, user_id, text, expected_version)

    async def _submit_once(
        self, table_id: int, user_id: int, text: str, expected_version: int | None = None
    ) -> list[Message]:
        async with self._lock(table_id):
            ctx, seat = await self._active(table_id, user_id)
            engine, state = ctx.engine, ctx.state
            actors = self._human_actors(ctx, state)
            # K3 builders act at the same time (K3-3.2): another player's build does not make a
            # builder's own board stale, so only a version older than the building phase is refused
            simultaneous = self._simultaneous(engine, state) and seat.seat in actors
            if expected_version is not None and expected_version != ctx.row.version and not simultaneous:
                raise TableError("error.stale", board=await self._current_post(ctx))
            if seat.seat not in actors:
                raise TableError("error.not_your_turn", player=self._names_of(ctx, actors) or "-")
            try:
                move = engine.parse_move(state, text)
                mover = engine.move_seat(state, move)
                if mover != seat.seat:
                    raise TableError("error.not_your_move")
                after = engine.apply(state, move)
            except MoveError as exc:
                raise TableError("error.bad_move", move=text.strip(), detail=str(exc)) from None
            step = _Step([(state, move, seat.seat, engine.format_move(state, move))])
            after = await self._advance(ctx, after, ctx.plies + 1, step)
            return await self._commit(ctx, after, step)

    async def propose(self, table_id: int, user_id: int, style: str | None = None, *,
                      rng: random.Random | None = None, unlisted_only: bool = False) -> Proposal:
        """The engine's ``auto_move`` for this player, to play or to preview; nothing is stored.

        ``style``: one of the game's ``auto_styles``, or ``SHUFFLE`` for its last one; ``unlisted_only``:
        refuse unless the moves now are too many to list (the build preview of K3-3.4).
        """
        async with self._lock(table_id):
            ctx, seat = await self._active(table_id, user_id)
            engine, state = ctx.engine, ctx.state
            actors = self._human_actors(ctx, state)
            if unlisted_only and (not self._unlisted(engine, state) or seat.seat not in actors):
                raise TableError("error.no_build_now", table=table_id)
            if seat.seat not in actors:
                raise TableError("error.not_your_turn", player=self._names_of(ctx, actors) or "-")
            styles = engine.description.auto_styles
            if style == SHUFFLE:
                style = styles[-1]
            if style is not None and style not in styles:
                raise TableError("error.bad_move", move=f"auto {style}", detail=", ".join(styles))
            try:
                move = engine.auto_move(state, seat.seat, rng or random.Random(), style or styles[0])
            except MoveError as exc:
                raise TableError("error.bad_move", move="auto", detail=str(exc)) from None
            return Proposal(engine.format_move(state, move), engine.move_sketch(state, move))

    async def auto_build(self, table_id: int, user_id: int, style: str | None = None) -> str:
        """A build text for this player to preview and confirm (K3-3.4); nothing is stored."""
        return (await self.propose(table_id, user_id, style, unlisted_only=True)).text

    async def quick_moves(self, table_id: int, user_id: int) -> list[QuickMove]:
        """The player's moves as controls under the public board (games with ``quick_moves``)."""
        ctx = await self._load(table_id)
        seat = ctx.seat_of(user_id)
        if ctx.row.status != ACTIVE or seat is None or seat.seat not in self._human_actors(ctx, ctx.state):
            return []
        return ctx.engine.quick_moves(ctx.state, seat.seat)

    async def resign(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx, seat = await self._active(table_id, user_id)
            return await self._leave_game(ctx, [seat.seat], "resign")

    @staticmethod
    def _out_updates(ctx: _Ctx, seats: Sequence[int], reason: str) -> dict[int, dict[str, Any]]:
        """Seat changes for seats going out together (they share one rank: ``out:<k>``)."""
        ranks = [int((r.result or "out:0").split(":")[1]) for r in ctx.seats if r.out_reason]
        k = max(ranks, default=0) + 1
        return {s: {"out_reason": reason, "result": f"out:{k}"} for s in seats}

    async def _leave_game(self, ctx: _Ctx, seats: list[int], reason: str) -> list[Message]:
        """Seats leave a running game (resign, or K3 time-out): see the module docstring."""
        description = ctx.engine.description
        game_options = ctx.options.get("game", {})
        # a partnership is one side: the partners go out with the leaver (KR-6.2)
        seats = sorted({p for s in seats for p in description.partners(s, len(ctx.seats), game_options)})
        updates = self._out_updates(ctx, seats, reason)
        names = self._names_of(ctx, seats)
        info = PublicPost(ctx.id, INFO, f"info.out.{reason}", {"table": ctx.id, "name": names,
                                                               "game": ctx.engine.title}, version=ctx.row.version)
        if len(description.sides(len(ctx.seats), game_options)) == 2:
            return await self._commit(ctx, ctx.state, _Step(), force_finish=True, seat_updates=updates)
        for s, cols in updates.items():
            ctx.seats = [replace(r, **cols) if r.seat == s else r for r in ctx.seats]
        step = _Step()
        state = ctx.state
        if len(self._still_in(ctx)) > 1:
            state = await self._advance(ctx, state, ctx.plies, step)
        # the seats are already out in ctx: _commit rewrites them and finishes when one is left
        return await self._commit(ctx, state, step, seat_updates=updates, extra=[info])

    @staticmethod
    def takes_draw_offers(game: str) -> bool:
        """Whether players of ``game`` may offer draws (front ends pick the one table a /draw means)."""
        return get_engine(game).description.draw_offers

    async def offer_draw(self, table_id: int, user_id: int) -> list[Message]:
        """Offer a draw (Kona, Plateau); the opponent accepts by offering too."""
        async with self._lock(table_id):
            ctx, seat = await self._active(table_id, user_id)
            if not ctx.engine.description.draw_offers:
                raise TableError("error.no_draws", game=ctx.engine.title)
            if all(is_mesa(s.user_id) for s in ctx.seats if s.seat != seat.seat):
                raise TableError("error.mesa_plays_on")  # Mesa answers every offer by playing on
            offer = ctx.row.draw_offer
            if offer == seat.seat:
                raise TableError("error.draw_already_offered")
            if offer is not None:  # the other player offered: agreed
                return await self._agree_draw(ctx)
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, ctx.row.version, now_iso(self._now()), bump=False,
                                      draw_offer=seat.seat)
            ctx.row = replace(ctx.row, draw_offer=seat.seat)
            self._remember(ctx)
            other = [s for s in ctx.seats if s.seat != seat.seat]
            return [PublicPost(table_id, INFO, "info.draw_offered",
                               {"table": table_id, "name": seat.name, "game": ctx.engine.title},
                               None, tuple(s.user_id for s in other), "draw", ctx.row.version)]

    async def _agree_draw(self, ctx: _Ctx) -> list[Message]:
        now = self._now()
        stamp = now_iso(now)
        places = [1] * len(ctx.seats)
        async with self.repo.transaction() as tx:
            version = await tx.update_table(
                ctx.id, ctx.row.version, stamp, status=FINISHED, draw_offer=None, turn_deadline=None,
                next_event_at=None, outcome=json.dumps({"text": "", "reason": "agreement", "placements": places}))
            await self._finish_writes(tx, ctx, places, "agreement", stamp)
        ctx.row = replace(ctx.row, version=version, status=FINISHED, draw_offer=None, turn_deadline=None,
                          next_event_at=None, outcome=json.dumps({"text": "", "reason": "agreement",
                                                                  "placements": places}))
        self._remember(ctx)
        ordered = sorted(ctx.seats, key=lambda r: r.seat)
        return [
            await self._board_post(ctx, ctx.state, version, None),
            self._result_post(ctx, places, "agreement", "", version),
            TableFinished(ctx.id, ctx.row.guild_id, ctx.row.game, "agreement", "agreement", tuple(places),
                          tuple(r.user_id for r in ordered), bool(ctx.options.get("rated", True))),
        ]

    async def decline_draw(self, table_id: int, user_id: int) -> list[Message]:
        async with self._lock(table_id):
            ctx, seat = await self._active(table_id, user_id)
            if ctx.row.draw_offer is None or ctx.row.draw_offer == seat.seat:
                raise TableError("error.no_draw_offer")
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, ctx.row.version, now_iso(self._now()), bump=False, draw_offer=None)
            ctx.row = replace(ctx.row, draw_offer=None)
            self._remember(ctx)
            return [PublicPost(table_id, INFO, "info.draw_declined",
                               {"table": table_id, "name": seat.name, "game": ctx.engine.title},
                               version=ctx.row.version)]

    # ================================================================ deadlines
    async def tick(self) -> list[Message]:
        """Send due reminders and play due timeouts (idempotent; call it every minute or so)."""
        now = self._now()
        messages: list[Message] = []
        # issue 19: claimed, so another process ticking at once skips these; a dead one's claims expire
        until = now_iso(now + timedelta(seconds=CLAIM_SECONDS))
        for table_id in await self.repo.claim_due_tables(now_iso(now), self.claimant, until):
            try:
                if await self.mesa_to_move(table_id):  # Mesa plays before any reminder or deadline
                    messages.extend(await self.play_mesa(table_id))
                    continue
                async with self._lock(table_id):
                    messages.extend(await self._tick_table(table_id, now))
            except TableError as exc:
                log.error("table %d: deadline skipped (%s)", table_id, exc.key)
            finally:
                await self.repo.release_claim(table_id, self.claimant)
        messages.extend(await self.expire_invitations())  # issue 15, defect 4 (tables/guild_life.py)
        return messages

    async def _tick_table(self, table_id: int, now: datetime) -> list[Message]:
        ctx = await self._load(table_id)
        deadline = parse_iso(ctx.row.turn_deadline)
        if ctx.row.status != ACTIVE or deadline is None:
            async with self.repo.transaction() as tx:
                await tx.set_next_event(table_id, None)
            return []
        seconds = int(ctx.options.get("time_per_move", DEFAULT_TIME_PER_MOVE))
        started = deadline - timedelta(seconds=seconds)
        actors = self._human_actors(ctx, ctx.state)
        if now >= deadline:
            return await self._timeout(ctx, actors)
        late_at = started + timedelta(seconds=seconds * LATE)
        kinds = ["half"] + (["late"] if now >= late_at else [])
        messages: list[Message] = []
        stamp = now_iso(now)
        async with self.repo.transaction() as tx:
            for kind in kinds:
                for seat in actors:
                    row = ctx.by_seat(seat)
                    assert row is not None
                    if is_mesa(row.user_id):
                        continue
                    fresh = await tx.record_reminder(table_id, ctx.row.version, kind, row.user_id, stamp)
                    if fresh and kind == kinds[-1]:  # skipped past 50%: only the later nudge is sent
                        messages.append(Reminder(table_id, row.user_id, f"reminder.{kind}", {
                            "table": table_id, "game": ctx.engine.title or ctx.engine.name,
                            "left": format_duration((deadline - now).total_seconds()),
                            **self._deadline_params(ctx.row.turn_deadline)}))
            next_event = now_iso(late_at if now < late_at else deadline)
            await tx.set_next_event(table_id, next_event)
        ctx.row = replace(ctx.row, next_event_at=next_event)
        self._remember(ctx)
        return messages

    async def _timeout(self, ctx: _Ctx, actors: list[int]) -> list[Message]:
        """Time ran out: the engine's auto move where the rules say so (KR-8.4); else the seats leave
        (out of a game of three or more sides, or the game is lost)."""
        engine = ctx.engine
        if engine.description.on_timeout == "auto" and actors:
            names = self._names_of(ctx, actors)
            seat = actors[0]
            state = ctx.state
            move = await self._timeout_move(ctx, state, seat)  # Mesa's easy level (tables.mesa)
            step = _Step([(state, move, seat, engine.format_move(state, move))])
            after = engine.apply(state, move)
            after = await self._advance(ctx, after, ctx.plies + 1, step)
            info = PublicPost(ctx.id, INFO, "info.timeout_auto", {"table": ctx.id, "name": names, "game": engine.title},
                              version=ctx.row.version)
            return await self._commit(ctx, after, step, extra=[info])
        return await self._leave_game(ctx, actors, "time")

    # ================================================================ queries
    async def _current_post(self, ctx: _Ctx, image: bool = True) -> PublicPost:
        if ctx.row.status in WAITING or ctx.state is None:
            return self._waiting_post(ctx)
        return await self._board_post(ctx, ctx.state, ctx.row.version, ctx.row.turn_deadline, image=image)

    async def board(self, table_id: int, image: bool = True) -> PublicPost:
        """The table's current public post again (board image and summary, or the invitation)."""
        return await self._current_post(await self._load(table_id), image)

    async def board_for(self, table_id: int, user_id: int, guild_id: int | None) -> tuple[PublicPost, bool]:
        """``/board``: the table's current post, and whether it goes to the table (True) or only to the asker.

        Issue 15, defect 1 (``tables/reposts.py``): a seated player re-posts it, once a minute per
        table; anyone else in the table's server sees it privately; another server has no such table.
        """
        ctx = await self._load(table_id)
        if guild_id is None or ctx.row.guild_id != guild_id:
            raise TableError("error.no_table", table=table_id)
        post = await self._current_post(ctx, True)
        public = ctx.seat_of(user_id) is not None and self._reposts.allow(table_id, self._now())
        return post, public

    async def private_view(self, table_id: int, user_id: int) -> PrivatePost:
        """The "My pieces" button: this player's own view (TableError if not seated)."""
        ctx = await self._load(table_id)
        seat = ctx.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_seated", table=table_id)
        if ctx.state is None:
            raise TableError("error.not_started", table=table_id)
        return await self._private_post(ctx, ctx.state, seat.seat)

    def _summary(self, ctx: _Ctx) -> TableSummary:
        ordered = sorted(ctx.seats, key=lambda r: r.seat)
        actors = self._human_actors(ctx, ctx.state) if ctx.row.status == ACTIVE else []
        return TableSummary(
            ctx.id, ctx.row.game, ctx.engine.title or ctx.engine.name, ctx.row.status,
            tuple(s.name for s in ordered), tuple(s.user_id for s in ordered),
            tuple(ctx.by_seat(s).name for s in actors),  # type: ignore[union-attr]
            tuple(ctx.by_seat(s).user_id for s in actors),  # type: ignore[union-attr]
            parse_iso(ctx.row.turn_deadline), ctx.row.guild_id, ctx.row.channel_id, ctx.row.thread_id,
            ctx.row.version)

    async def _summaries(self, rows: Sequence[TableRow]) -> list[TableSummary]:
        out = []
        for row in rows:
            try:
                out.append(self._summary(await self._load(row.id)))
            except TableError:
                log.warning("table %d skipped in a listing (damaged)", row.id)
        return out

    async def _listing(self, rows: Sequence[TableRow]) -> list[TableSummary]:
        """Summaries of many tables: waiting ones from their rows and seats (one query for all seats),
        started ones from the cache or a load (their state says whose turn it is)."""
        waiting = [row for row in rows if row.status in WAITING]
        seats = await self.repo.seats_of_tables([row.id for row in waiting])
        out = []
        for row in rows:
            if row.status not in WAITING:
                out.extend(await self._summaries([row]))
                continue
            try:
                engine = get_engine(row.game)
            except KeyError:
                log.warning("table %d skipped in a listing (damaged)", row.id)
                continue
            out.append(self._summary(_Ctx(row, seats.get(row.id, []), engine, {})))
        return out

    async def active_tables(self, user_id: int, guild_id: int | None = None) -> list[TableSummary]:
        """The player's live tables (waiting or playing), oldest first."""
        rows = await self.repo.tables_for_user(user_id, guild_id, LIVE, limit=MAX_USER_TABLES)
        return await self._listing(rows)  # issue 15, defect 10: fast however many tables name the user

    async def find_tables_in_place(self, guild_id: int, place_id: int, user_id: int) -> list[TableSummary]:
        """Live tables in this channel or thread where the user is seated."""
        rows = await self.repo.tables_in_place(guild_id, place_id, LIVE)
        return [s for s in await self._summaries(rows) if user_id in s.user_ids]

    async def table_meant(self, user_id: int, guild_id: int, place_id: int | None = None,
                          want: Callable[[TableSummary], bool] | None = None) -> int:
        """The table a command without a table number means (both front ends ask here).

        The caller's only live table in this channel or thread, else in the server; among several,
        those ``want`` prefers.  None or several: a ``TableError`` that lists them.
        """
        found = await self.find_tables_in_place(guild_id, place_id, user_id) if place_id is not None else []
        if not found:
            found = await self.active_tables(user_id, guild_id)
        if want is not None:
            found = [s for s in found if want(s)] or found
        if not found:
            # a game that just ended is what the caller most likely means: say that it is over
            last = await self.repo.finished_entries(guild_id, user_id, None, 1)
            if last:  # (a record of a game this release no longer has is named as stored)
                raise TableError("error.no_table_here_last", table=last[0].table_id, game=game_title(last[0].game))
            raise TableError("error.no_table_here")
        if len(found) > 1:
            listed = ", ".join(f"#{s.table_id} {s.title}" for s in found[:MAX_LISTED_TABLES])
            raise TableError("error.several_tables", tables=listed)
        return found[0].table_id
    async def hosts_live_table(self, guild_id: int, thread_id: int) -> bool:
        """Whether a live table plays in this thread (issue 15, defect 3: such a thread is kept open)."""
        rows = await self.repo.tables_in_place(guild_id, thread_id, LIVE)
        return any(row.thread_id == thread_id for row in rows)

    async def open_tables_in_place(self, guild_id: int, place_id: int) -> list[int]:
        """Ids of tables in this channel still open for anybody to join (``/join`` without a number)."""
        return [row.id for row in await self.repo.tables_in_place(guild_id, place_id, ("open",))]

    async def table_details(self, table_id: int, viewer_id: int | None = None) -> TableDetails:
        """Summary and move list; hidden moves in public form unless the viewer made them or it is over."""
        ctx = await self._load(table_id)
        records: list[MoveRecord] = []
        over = ctx.row.status == FINISHED
        viewer = ctx.seat_of(viewer_id) if viewer_id is not None else None
        if ctx.state is not None:
            for ply, seat, text, public in await self._log_texts(ctx):
                shown = text if over or (viewer is not None and viewer.seat == seat) else public
                row = ctx.by_seat(seat) if seat >= 0 else None
                records.append(MoveRecord(ply, seat, row.name if row else "", shown))
        outcome = json.loads(ctx.row.outcome).get("text") if ctx.row.outcome else None
        position = ctx.engine.view(ctx.state, None).get("position") if ctx.state is not None else None
        public_options = {k: v for k, v in ctx.options.items() if k != "game"} | dict(ctx.options.get("game", {}))
        return TableDetails(self._summary(ctx), public_options, tuple(records), outcome, position)

    async def _log_texts(self, ctx: _Ctx) -> list[tuple[int, int, str, str]]:
        """(ply, seat, canonical text, public text) of every logged move, kept up to date by ``_commit``."""
        cached = self._log_cache.get(ctx.id)
        if cached is not None and len(cached) == ctx.plies:
            return cached
        texts = []
        try:
            state = self._new_state(ctx, len(ctx.seats))
            for m in await self.repo.get_moves(ctx.id):
                move = ctx.engine.parse_move(state, m.move)
                texts.append((m.ply, m.seat, m.move, ctx.engine.public_move(state, move)))
                state = ctx.engine.apply(state, move)
        except Exception as exc:
            log_damage(ctx.id, "the move log does not replay", exc)
            raise TableError("error.damaged", table=ctx.id) from None
        self._log_cache[ctx.id] = texts
        return texts

    async def legal_moves_for(self, table_id: int, user_id: int) -> list[str]:
        """Canonical strings this user may play now (autocomplete, button pickers); [] when none."""
        ctx = await self._load(table_id)
        seat = ctx.seat_of(user_id)
        if ctx.row.status != ACTIVE or seat is None or seat.out_reason:
            return []
        state, engine = ctx.state, ctx.engine
        if seat.seat not in self._human_actors(ctx, state):
            return []
        return sorted(engine.format_move(state, m) for m in engine.legal_moves(state, seat.seat))

    async def moves_log(self, table_id: int) -> list[MoveRow]:
        """The raw move log (server use only: it holds hidden faces)."""
        return await self.repo.get_moves(table_id)

    async def set_location(
        self, table_id: int, thread_id: int | None, message_id: int | None, version: int | None = None
    ) -> None:
        """Record where the table lives (the front end's thread and board message).

        ``version``: the version of the board post just delivered.  A front end that passes it gets
        ``missed_posts()`` after a crash: the boards stored but never posted.
        """
        async with self._lock(table_id):
            ctx = await self._load(table_id)
            columns: dict[str, Any] = {"thread_id": thread_id, "message_id": message_id}
            if version is not None:
                columns["posted_version"] = max(version, ctx.row.posted_version or 0)
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, None, now_iso(self._now()), bump=False, **columns)
            ctx.row = replace(ctx.row, **columns)
            self._remember(ctx)

    async def missed_posts(self, settled_seconds: float = 0) -> list[Message]:
        """The board (and result) of every table whose latest board was never posted.

        At start-up, and on the ticker (issue 15, defect 2: a refused post was only retried by a
        restart).  ``settled_seconds``: skip tables changed more recently than that, whose board
        the request that changed them may still be delivering.  Only tables whose front end
        reports posted versions (``set_location(..., version=)``) count.
        """
        messages: list[Message] = []
        cutoff = self._now() - timedelta(seconds=settled_seconds)
        unposted = await self.repo.tables_with_unposted_boards()
        away = await self.suspended_tables(unposted)  # issue 15, defect 5: not while the bot is gone
        for table_id in (t for t in unposted if t not in away):
            try:
                ctx = await self._load(table_id)
            except TableError:
                continue
            changed = parse_iso(ctx.row.updated_at)
            if settled_seconds and changed is not None and changed.replace(tzinfo=changed.tzinfo or UTC) > cutoff:
                continue
            messages.append(await self._current_post(ctx))
            if ctx.row.status == FINISHED and ctx.row.outcome:
                info = json.loads(ctx.row.outcome)
                messages.append(self._result_post(ctx, list(info.get("placements") or [1] * len(ctx.seats)),
                                                  info.get("reason", ""), info.get("text", ""), ctx.row.version,
                                                  info.get("facts")))
        return messages

    # ---- settings and preferences
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.repo.guild_settings(guild_id)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        time_per_move: str | None = None,
        allowed_channels: Sequence[int] | None = None,
        rated: bool | None = None,
        rate_mesa: bool | None = None,
    ) -> GuildSettings:
        current = await self.repo.guild_settings(guild_id)
        seconds = current.time_per_move
        if time_per_move is not None:
            seconds = parse_duration(time_per_move)
            if seconds is None or not MIN_TIME_PER_MOVE <= seconds <= MAX_TIME_PER_MOVE:
                raise TableError("error.bad_time", value=time_per_move)
        updated = GuildSettings(
            guild_id, seconds,
            tuple(allowed_channels) if allowed_channels is not None else current.allowed_channels,
            current.rated if rated is None else rated,
            current.rate_mesa if rate_mesa is None else rate_mesa)
        await self.repo.set_guild_settings(updated, now_iso(self._now()))
        return updated

    async def user_prefs(self, user_id: int) -> UserPrefs:
        return await self.repo.user_prefs(user_id)

    async def set_dms_closed(self, user_id: int, closed: bool) -> None:
        prefs = await self.repo.user_prefs(user_id)
        await self.repo.set_user_prefs(UserPrefs(user_id, closed, prefs.locale, prefs.theme), now_iso(self._now()))

    async def dms_closed(self, user_id: int) -> bool:
        return (await self.repo.user_prefs(user_id)).dms_closed

    async def set_locale(self, user_id: int, locale: str | None) -> None:
        prefs = await self.repo.user_prefs(user_id)
        await self.repo.set_user_prefs(UserPrefs(user_id, prefs.dms_closed, locale, prefs.theme), now_iso(self._now()))

    # ================================================================ a server's caps (issue 15, defect 10)
    async def caps(self, guild_id: int) -> Limits:
        """How many invitations one host may keep waiting, and in how many games one player may sit."""
        return await limits_of(self.repo, guild_id)

    async def set_caps(self, guild_id: int, max_invitations: int | None, max_active: int | None) -> Limits:
        """Change either cap (None keeps that one); a value outside 1-500 is refused, nothing changed."""
        current = await limits_of(self.repo, guild_id)
        return await set_limits(self.repo, guild_id, max_invitations or current.max_invitations,
                                max_active or current.max_active, self._now())

    # ================================================================ the offline console's pretend clock
    async def pretend_clock(self) -> datetime | None:
        """The console's clock as its last session left it (issue 14: it lives in the database)."""
        saved = await self.repo.pretend_clock()
        return None if saved is None else datetime.fromisoformat(saved)

    async def save_pretend_clock(self, moment: datetime) -> None:
        await self.repo.set_pretend_clock(moment.isoformat())



async def open_service(path: str | None = None, *, clock: Any = None, images: bool | str = True,
                       seed_source: Callable[[], int] | None = None, thinker: Thinker | None = None) -> TableService:
    """The service over ``path``: an SQLite file or a ``postgresql://`` URL (default ``DATABASE_URL``,
    else ``DATABASE_PATH``, else ``data/mesa.db``; ``":memory:"`` for a throw-away database).

    Front ends open the service here, so that only tables/ reaches storage (docs/architecture.md, the layers).
    Board images are drawn in worker processes (``tables.rendering``); ``images="thread"`` draws
    them in a thread of this process instead (the console: no pool to start for a few images), and
    ``images=False`` leaves board posts without pictures.
    """
    from data import open_repository

    repo = await open_repository(path)  # issue 19: a postgresql:// URL, a file, or DATABASE_URL / DATABASE_PATH
    log.info("database %s opened", repo.path)
    renderer: Renderer | None = None
    if images == "thread":
        import render

        renderer = render.render
    elif images:
        from tables.rendering import ProcessRenderer

        renderer = ProcessRenderer()
    return TableService(repo, clock, renderer, seed_source=seed_source, thinker=thinker)


# ==================================================================== storage faults (issue 19)
def _refuse_while_storage_is_away(method: Callable[..., Any]) -> Callable[..., Any]:
    """``StorageUnavailable`` (the database server restarts) reaches players as ``TryAgain``."""

    @functools.wraps(method)
    async def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return await method(*args, **kwargs)
        except StorageUnavailable:
            raise TryAgain() from None

    return guarded


for _name in dir(TableService):  # the mixins' public methods (GuildLife, MesaTables) too
    _method = getattr(TableService, _name)
    if not _name.startswith("_") and inspect.iscoroutinefunction(_method):
        setattr(TableService, _name, _refuse_while_storage_is_away(_method))
