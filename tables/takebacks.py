"""Takebacks (issue 30, "Learning the games"): a player asks to take back their last move (and the
opponent's reply, if one followed); the opponent accepts or declines.

Only in games whose description allows it (``GameDescription.takebacks``: two players, no chance),
one request at a time, at most ``MAX_TAKEBACKS`` asked per player and game, and never for a move that
showed a hidden face (``Engine.reveals``: what was seen cannot be unseen).  Mesa answers at once: yes
in unrated games, no in rated ones.

The move log stays the truth.  A request is recorded with the table version it was asked at, and lapses
when the table moves on (a move, another takeback).  Accepting removes the moves from the log and keeps
them with the request (``data.learning.take_back``), with the snapshot and the version bump, in one
transaction that checks the version: a stale accept changes nothing, and everything that replays the
log (a restart, ``python -m data verify``, ``/replay``) reads the final line.  The board is posted
again, saying what was taken back; private views go again to the players whose secrets the taken-back
moves had changed (``Engine.private_changes``).  ``/history`` lists the takebacks (``history``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from data import learning
from data.errors import StaleVersion
from data.learning import ACCEPTED, PENDING, ArchivedMove, TakebackRow
from data.models import SeatRow, now_iso
from engines import MoveError, ReplayStep
from tables.errors import TableError
from tables.finish import HALF
from tables.hints import Seated, table_rated, tournament_of
from tables.i18n import Count, Deed, Phrase, Told, t
from tables.loaded import LoadedTable, Played, Step
from tables.mesa import is_mesa, mesa_to_act
from tables.outbox import Message
from tables.outcome_words import deed
from tables.posts import Posts
from tables.store import TableStore, first_state

#: takebacks one player may ask for in one game (issue 30)
MAX_TAKEBACKS = 3


@dataclass(frozen=True)
class TakebackRecord:
    """One takeback as ``/history`` lists it: who asked, what it would take back (in words, as the boards told
    the moves, where the log still holds the position they were played from; else in public notation), when,
    and how it was answered (``accepted``, ``declined``, ``pending`` or ``lapsed``)."""

    seq: int
    asked_by: str
    moves: Told | str
    asked_at: str
    answer: str
    answered_by: str


class Takebacks:
    """Asks, answers and lists takebacks (a collaborator of ``TableService``: ``service.takebacks``)."""

    def __init__(self, store: TableStore, posts: Posts, seated: Seated) -> None:
        self.store = store
        self.posts = posts
        self.seated = seated

    # ---- asking -------------------------------------------------------------------------------------
    async def ask(self, table_id: int, user_id: int) -> list[Message]:
        """Ask to take back the caller's last move (and what followed it); Mesa answers at once."""
        async with self.store.lock(table_id):
            ctx, seat = await self.seated(table_id, user_id)
            if not ctx.engine.description.takebacks:
                raise TableError("error.no_takebacks", game=ctx.title)
            if (tournament := await tournament_of(self.store.repo, ctx)) is not None:
                raise TableError("error.takeback_tournament", table=ctx.id, id=tournament)
            rows = await learning.takebacks(self.store.repo, ctx.id)
            if self._pending(ctx, rows) is not None:
                raise TableError("error.takeback_pending", table=ctx.id)
            asked = sum(1 for r in rows if r.seat == seat.seat)
            if asked >= MAX_TAKEBACKS:
                raise TableError("error.takeback_limit", table=ctx.id, max=MAX_TAKEBACKS)
            steps = await self.store.log_steps(ctx)
            first = last_move_of(steps, seat.seat)
            if first is None:
                raise TableError("error.takeback_nothing", table=ctx.id)
            shown = next(((step, seat) for step, seat in steps[first:] if ctx.engine.reveals(step.before, step.move)),
                         None)
            if shown is not None:  # which move showed a face (PL-9: a placement shows its up face to all)
                raise TableError("error.takeback_revealed", table=ctx.id, move=self._told(ctx, [shown]))
            try:
                seq = await learning.ask_takeback(self.store.repo, ctx.id, seat.seat, ctx.row.version,
                                                  archive(ctx, steps[first:]), self.store.stamp())
            except StaleVersion:  # another process wrote first: judged again by the caller's next try
                raise await self._stale(ctx) from None
            moves = self._told(ctx, steps[first:])
            others = [s for s in ctx.ordered() if s.seat != seat.seat and not s.out_reason]
            if others and all(is_mesa(s.user_id) for s in others):  # Mesa answers at once
                mesa = others[0]
                if table_rated(ctx):
                    await learning.decline_takeback(self.store.repo, ctx.id, seq, mesa.seat, self.store.stamp())
                    return [self.posts.info(ctx, "info.takeback_mesa_declined", name=ctx.name(mesa), moves=moves)]
                return await self._take_back(ctx, seq, mesa, steps, first)
            # asked on the asker's own turn, their clock runs while the answer waits: said, with the way out
            clock = Phrase("takeback.clock", {"name": ctx.name(seat)}) if seat.seat in ctx.acting(ctx.state) else ""
            return [self.posts.info(ctx, "info.takeback_asked", mention=tuple(s.user_id for s in others),
                                    hint="takeback", name=ctx.name(seat), moves=moves,
                                    left=_left(ctx.name(seat), MAX_TAKEBACKS - asked - 1), clock=clock)]

    # ---- answering ----------------------------------------------------------------------------------
    async def accept(self, table_id: int, user_id: int, version: int | None = None) -> list[Message]:
        """The opponent takes the asked moves back (``version``: of the request's buttons)."""
        async with self.store.lock(table_id):
            ctx, seat, request = await self._answerable(table_id, user_id, version)
            steps = await self.store.log_steps(ctx)
            first = last_move_of(steps, request.seat)
            if first is None:  # the log lost the move since (it cannot, at the same version): refuse
                raise TableError("error.no_takeback_request", table=ctx.id)
            return await self._take_back(ctx, request.seq, seat, steps, first)

    async def decline(self, table_id: int, user_id: int, version: int | None = None) -> list[Message]:
        """The opponent refuses: the game goes on as it was."""
        async with self.store.lock(table_id):
            ctx, seat, request = await self._answerable(table_id, user_id, version)
            if not await learning.decline_takeback(self.store.repo, ctx.id, request.seq, seat.seat,
                                                   self.store.stamp()):
                raise await self._stale(ctx)
            steps = await self.store.log_steps(ctx)
            first = last_move_of(steps, request.seat)  # the moves that stand, named as the request named them
            moves = self._told(ctx, steps[first:]) if first is not None else Told(())
            return [self.posts.info(ctx, "info.takeback_declined", name=ctx.name(seat), moves=moves)]

    async def _answerable(self, table_id: int, user_id: int, version: int | None
                          ) -> tuple[LoadedTable, SeatRow, TakebackRow]:
        """The table, the answering seat and the pending request, or the refusal that says why not."""
        ctx, seat = await self.seated(table_id, user_id)
        rows = await learning.takebacks(self.store.repo, ctx.id)
        if version is not None and version != ctx.row.version:
            raise self._answered(ctx, rows, version) or await self._stale(ctx)
        request = self._pending(ctx, rows)
        if request is None:
            answered = self._answered(ctx, rows, ctx.row.version if version is None else version)
            if answered is not None:
                raise answered
            lapsed = rows[-1] if rows and rows[-1].status == PENDING else None
            if lapsed is not None and lapsed.seat != seat.seat and (asker := ctx.by_seat(lapsed.seat)) is not None:
                # the one answering never asked: whose request lapsed, and that it is theirs to ask again
                raise TableError("error.takeback_lapsed_theirs", table=ctx.id, name=ctx.name(asker))
            raise TableError("error.takeback_lapsed" if lapsed else "error.no_takeback_request", table=ctx.id)
        if request.seat == seat.seat:
            raise TableError("error.takeback_own", table=ctx.id)
        return ctx, seat, request

    @staticmethod
    def _answered(ctx: LoadedTable, rows: list[TakebackRow], version: int) -> TableError | None:
        """The refusal of an answer to a request already answered (a second click on Accept or Decline, or
        the other button after one): who answered, and how; None when no request asked at ``version`` was."""
        asked = [r for r in rows if r.version == version]
        if not asked or any(r.status == PENDING for r in asked):
            return None
        row = asked[-1]
        who = ctx.by_seat(row.answered_by) if row.answered_by is not None else None
        answer = Phrase(f"takeback.answer.{row.status}", {"name": ctx.name(who) if who else "?"})
        return TableError("error.takeback_answered", table=ctx.id, answer=answer)

    @staticmethod
    def _pending(ctx: LoadedTable, rows: list[TakebackRow]) -> TakebackRow | None:
        """The request waiting for an answer: asked at the table's current version."""
        return next((r for r in rows if r.status == PENDING and r.version == ctx.row.version), None)

    async def _stale(self, ctx: LoadedTable) -> TableError:
        """The refusal of an answer to a board that changed: the current board comes with it."""
        self.store.forget(ctx.id)
        fresh = await self.store.load(ctx.id)
        return TableError("error.stale", board=await self.posts.current(fresh))

    # ---- the takeback itself ------------------------------------------------------------------------
    async def _take_back(self, ctx: LoadedTable, seq: int, answerer: SeatRow,
                         steps: list[tuple[ReplayStep[Any, Any], int]], first: int) -> list[Message]:
        """Remove the moves from ``steps[first]`` on, keep them with request ``seq``, and show the board."""
        engine = ctx.engine
        taken = steps[first:]
        restored = taken[0][0].before
        archived = archive(ctx, taken)
        columns = deadlines(ctx, restored, self.store.now())
        state_json = json.dumps(engine.to_json(restored), separators=(",", ":"))
        try:
            version = await learning.take_back(self.store.repo, ctx.id, seq, ctx.row.version, taken[0][0].ply,
                                               archived, state_json, answerer.seat, self.store.stamp(), **columns)
        except StaleVersion:
            raise await self._stale(ctx) from None
        ctx.row = replace(ctx.row, version=version, turn_deadline=columns["turn_deadline"],
                          next_event_at=columns["next_event_at"], draw_offer=None, state=None)
        ctx.state, ctx.plies = restored, taken[0][0].ply - 1
        self.store.remember(ctx)
        self.store.log_cache.pop(ctx.id, None)  # the log is shorter now: read again when next asked
        info = self.posts.info(ctx, "info.takeback_accepted", name=ctx.name(answerer), moves=self._told(ctx, taken),
                               turn=ctx.names_of(ctx.acting(restored)) or "-")
        board = await self.posts.current(ctx, back=True)
        undone = Step([Played(step.before, step.move, seat, "") for step, seat in taken])
        private = [await self.posts.private(ctx, restored, s)
                   for s in self.posts.private_changes(ctx, undone, restored)]
        return [info, board, *private]

    @staticmethod
    def _told(ctx: LoadedTable, steps: list[tuple[ReplayStep[Any, Any], int]]) -> Told:
        """"Ana moved from a6 to d3 · Mesa (hard) moved from b1 to b2": the moves taken back in words, as the
        boards told them (``deed``: public facts only), each with its player (a request names exactly the
        moves it would undo)."""
        return Told(tuple(_deed(ctx, step.before, step.move, seat) for step, seat in steps))

    # ---- /history -----------------------------------------------------------------------------------
    async def history(self, table_id: int) -> list[TakebackRecord]:
        """Every takeback asked at the table, oldest first."""
        ctx = await self.store.load(table_id)
        records = []
        rows = await learning.takebacks(self.store.repo, table_id)
        steps = await self.store.log_steps(ctx) if rows else []
        before_at = {step.ply: step.before for step, _ in steps}
        logged = {step.ply: step.move for step, _ in steps}
        for k, r in enumerate(rows):
            asker, answerer = ctx.by_seat(r.seat), ctx.by_seat(r.answered_by) if r.answered_by is not None else None
            answer = "lapsed" if r.status == PENDING and (r.version != ctx.row.version or ctx.row.status != "active") \
                else r.status
            if answer == "lapsed" and ctx.row.status != "active" and r.moves and ctx.plies == r.moves[-1].ply:
                answer = "lapsed_ended"  # no move after it: the game ended (a time-out, a resignation) unanswered
            moves = _said_back(ctx, r, rows[k + 1:], before_at, logged)
            records.append(TakebackRecord(r.seq, ctx.name(asker) if asker else "?", moves, r.asked_at, answer,
                                          ctx.name(answerer) if answerer else ""))
        return records


def _deed(ctx: LoadedTable, before: Any, move: Any, seat: int) -> Deed:
    """A move as the boards told it (``deed``: public facts only), by its player's name."""
    names = ctx.names()
    return deed(ctx.engine, before, move, names[seat] if 0 <= seat < len(names) else "", names)


def _said_back(ctx: LoadedTable, row: TakebackRow, later: Sequence[TakebackRow],
               before_at: Mapping[int, Any], logged: Mapping[int, Any] | None = None) -> Told | str:
    """A takeback's moves as ``/history`` tells them: in words (``deed``) from the position they were played
    from, which is the log's before its first ply (the moves before a takeback are never changed by it); where
    an accepted takeback since reached further back, that position is played again from the game's start,
    each earlier ply's move taken from the first such takeback that removed it (it kept the line as it stood),
    else from the log; wherever a move no longer reads as stored, the public notation kept with the request."""
    notation = " · ".join(f"{name}: {m.public}" if (name := ctx.names_of([m.seat])) else m.public
                          for m in row.moves)
    if not row.moves:
        return notation
    first = row.moves[0].ply
    engine = ctx.engine
    if any(r.status == ACCEPTED and r.moves and r.moves[0].ply < first for r in later):
        state = _line_before(ctx, first, later, logged or {})
    else:
        state = before_at.get(first, ctx.state if ctx.plies == first - 1 else None)
    if state is None:
        return notation
    deeds = []
    try:
        for m in row.moves:
            move = engine.parse_move(state, m.move)
            if engine.public_move(state, move) != m.public:
                return notation
            deeds.append(_deed(ctx, state, move, m.seat))
            state = engine.apply(state, move)
    except MoveError:
        return notation
    return Told(tuple(deeds))


def _line_before(ctx: LoadedTable, first: int, later: Sequence[TakebackRow], logged: Mapping[int, Any]) -> Any:
    """The position before ply ``first`` as it stood when an earlier request was asked, after later accepted
    takebacks removed some of the plies before it (``_said_back``); None where it cannot be played again."""
    engine = ctx.engine
    state = first_state(ctx)
    for ply in range(1, first):
        kept = next((m.move for r in later if r.status == ACCEPTED for m in r.moves if m.ply == ply), None)
        try:
            move = engine.parse_move(state, kept) if kept is not None else logged.get(ply)
            if move is None:
                return None
            state = engine.apply(state, move)
        except MoveError:
            return None
    return state


def _left(name: str, left: int) -> Phrase:
    """How many more requests the asker has: "(Ana may ask 2 more times in this game.)", or that this was the last."""
    if left <= 0:
        return Phrase("takeback.left_none", {"name": name})
    return Phrase("takeback.left", {"name": name, "count": Count(left, "takeback_left")})


def archive(ctx: LoadedTable, steps: list[tuple[ReplayStep[Any, Any], int]]) -> list[ArchivedMove]:
    """Logged moves as a takeback keeps them: as stored (canonical), and in public notation."""
    engine = ctx.engine
    return [ArchivedMove(step.ply, seat, engine.format_move(step.before, step.move),
                         engine.public_move(step.before, step.move)) for step, seat in steps]


def last_move_of(steps: list[tuple[ReplayStep[Any, Any], int]], seat: int) -> int | None:
    """The index in ``steps`` of ``seat``'s last move (what follows it is the opponent's reply)."""
    return next((i for i in range(len(steps) - 1, -1, -1) if steps[i][1] == seat), None)


def deadlines(ctx: LoadedTable, state: Any, now: datetime) -> dict[str, Any]:
    """The table's deadline columns for ``state`` (as ``Finisher`` sets them after a move): the time per
    move for a person to act, at once for Mesa (the ticker then plays it after a restart)."""
    columns: dict[str, Any] = {"turn_deadline": None, "next_event_at": None, "draw_offer": None}
    if ctx.acting(state):
        seconds = ctx.options.time_per_move
        due = now if mesa_to_act(ctx, state) else now + timedelta(seconds=seconds * HALF)
        columns.update(turn_deadline=now_iso(now + timedelta(seconds=seconds)), next_event_at=now_iso(due))
    return columns


def history_lines(records: list[TakebackRecord], lang: str) -> list[str]:
    """``/history``'s lines about a table's takebacks (none: no lines)."""
    if not records:
        return []
    lines = [t("takeback.history_title", lang)]
    for r in records:
        answer = Phrase(f"takeback.answer.{r.answer}", {"name": r.answered_by})
        lines.append(t("takeback.history_line", lang, seq=r.seq, name=r.asked_by, moves=r.moves or "-",
                       date=r.asked_at[:16].replace("T", " "), answer=answer))
    return lines
