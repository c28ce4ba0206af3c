"""The commit of a change of state, and the one path by which every table ends.

Every change to a started table is written by ``Finisher.commit``: the step's moves, the seats'
changes and, when the table ends, its outcome, results and ratings, all in one transaction that
checks the table's version; then the outbox of what it shows.  Every ending goes through it:

- the rules' own ending (``Engine.outcome``), and the hard ply bound (``tables.plybound``);
- a side leaving a game (a resignation or a time-out: ``Change(seats=..., end=SIDE_LEFT)`` where two
  sides play, or the last but one seat going out), placed by who went out (``final_placements``);
- an agreed draw (``end=AGREEMENT``): everyone first;
- an abort after the start (``end=ABORT``): the table closes with its last picture, no results.

(A table that never started closes without a state to commit: ``Seating`` writes its status alone.)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Final, Literal

from data.errors import StorageUnavailable
from data.models import ABORTED, ACTIVE, FINISHED, OutcomeFacts, ResultRow, SeatRow, StoredOutcome, now_iso, parse_iso
from data.repository import StaleVersion, Tx
from tables.endings import OUTLASTED, PARTNER, TIME
from tables.errors import TableError
from tables.hints import hinted_result
from tables.leaderboard import rate_finished_table
from tables.loaded import LoadedTable, Step
from tables.mesa import is_mesa, mesa_to_act
from tables.outbox import Message, TableFinished
from tables.plybound import bound_ending, reaches_bound
from tables.posts import Posts
from tables.store import TableStore
from tables.submissions import Submission

log = logging.getLogger(__name__)

#: reminder thresholds as fractions of the time per move
HALF, LATE = 0.5, 0.9

#: ``Change.end``: a side left (placed by who went out), the players agreed a draw, the table is aborted
End = Literal["side_left", "agreement", "abort"]
SIDE_LEFT: Final = "side_left"
AGREEMENT: Final = "agreement"
ABORT: Final = "abort"


#: a check run first inside a commit's transaction, which may refuse it (``Finisher.commit``)
Guard = Callable[[Tx], Awaitable[None]]


class LostRace(TableError):
    """A write refused by the database's version check: another writer (perhaps another process) was first."""


@dataclass(frozen=True)
class Change:
    """What an operation changes at a table besides its moves.

    ``roster``: the seats the game starts with (only the start); ``seats``: the columns of seats that
    change, by seat (going out: ``out_reason``, ``result``; time-outs in a row: ``timeouts``); ``end``:
    an ending outside the rules, or None; ``guard`` and ``submission``: below.
    """

    roster: list[SeatRow] | None = None
    seats: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    end: End | None = None
    #: runs first inside the transaction and may refuse it (a ``TableError``: nothing is written): a start
    #: checks the caps of the player whose seat starts the game (issue 29, item 4)
    guard: Guard | None = None
    #: the player's key, stored in the same transaction (``tables.submissions``, issue 29, item 1)
    submission: Submission | None = None
    #: the seat whose own act this is (a resignation, a draw accepted): its player knows the game ended, and the
    #: result pings only the others (as the seat whose move ended it)
    by: int | None = None
    #: whether the step's first move is its player's own act (False: played for a seat whose time ran out, or for
    #: the seats left after one went out): only then is its mover left out of the result's pings
    own_move: bool = True
    #: the turn goes on as it was (an away player back, no move made): its deadline and reminders stand
    same_turn: bool = False

    def seats_after(self, seats: list[SeatRow]) -> list[SeatRow]:
        seats = self.roster if self.roster is not None else seats
        return [replace(r, **self.seats[r.seat]) if r.seat in self.seats else r for r in seats]


class Finisher:
    """Writes a step and everything it changes, and finishes a table by one path."""

    def __init__(self, store: TableStore, posts: Posts) -> None:
        self.store = store
        self.posts = posts
        #: called with a table's id after its ending is committed; their messages follow the result (issue 31:
        #: a tournament's round advances when its last table ends).  A hook that fails is logged: the ending
        #: stands, and the ticker's sweep does the hook's work later
        self.on_end: list[Callable[[int], Awaitable[list[Message]]]] = []

    async def commit(self, ctx: LoadedTable, state: Any, step: Step, *, change: Change | None = None,
                     extra: Sequence[Message] = ()) -> list[Message]:
        """Write ``step`` and ``change`` in one transaction (``LostRace`` when another writer was first),
        then build the outbox: ``extra`` first, the board and what the step showed, the result.  The
        change's ``guard`` runs first in that transaction and may refuse it; its ``submission`` is stored."""
        change = change or Change()
        now = self.store.now()
        ctx.seats = change.seats_after(ctx.seats)
        ending = self.ending(ctx, state, step, change)
        columns = self._columns(ctx, state, now, ending, change)
        stamp = now_iso(now)
        # a game that ends on time, or by a draw agreed, before any player moved is no game played (a tournament's
        # no-show or agreed draw: its result stands for the event's round, and ratings do not move; elsewhere such
        # a table is called off uncounted).  A resignation is a player's own act, and counts as ever
        on_time = any(cols.get("out_reason") == TIME for cols in change.seats.values())
        unplayed = on_time or change.end == AGREEMENT
        played = ending is None or not unplayed or any(p.seat >= 0 for p in step.items) or \
            await self.store.anyone_moved(ctx)
        # nor is one every move of which the clock played (Krakatoa's auto for each player away, KR-8.4: a
        # tournament's table played out with nobody there counted its ratings)
        away = ctx.away_seats()
        if played and ending is not None and ctx.still_in() and all(s in away for s in ctx.still_in()):
            played = await self.store.repo.anyone_submitted(ctx.id)
        try:
            version = await self._write(ctx, state, step, change, columns, ending, stamp, played)
        except StaleVersion:
            self.store.forget(ctx.id)
            fresh = await self.store.load(ctx.id)
            raise LostRace("error.stale", board=await self.posts.current(fresh)) from None
        except StorageUnavailable:  # perhaps while COMMIT was on its way: did the database store it after all?
            landed = await self._landed(ctx, step, change, stamp)  # a fault here too is "try again"
            if landed is None:
                raise
            log.info("table %d: the database's reply was lost, but the change was stored", ctx.id)
            version = landed
        ctx.row = replace(ctx.row, version=version, turn_deadline=columns["turn_deadline"],
                          next_event_at=columns["next_event_at"], status=columns.get("status", ctx.row.status),
                          draw_offer=None, outcome=columns.get("outcome", ctx.row.outcome), state=None)
        self.store.logged(ctx, step)
        ctx.state = state
        ctx.plies += len(step.items)
        self.store.remember(ctx)
        over = ending is not None
        messages: list[Message] = [*extra, *await self.posts.after_step(ctx, step, state, version,
                                                                         columns["turn_deadline"], over)]
        if ending is not None and change.end != ABORT:
            acted = {seat for seat in (step.mover() if change.own_move else None, change.by) if seat is not None}
            result = await hinted_result(self.store.repo, ctx, self.posts.result(ctx, ending, version, acted))
            messages += [result, self.finished(ctx, ending)]
        if ending is not None:
            for hook in self.on_end:
                try:
                    messages += await hook(ctx.id)
                except Exception as exc:  # the ending is stored; the sweep does the rest
                    log.error("table %d: after its ending (%s)", ctx.id, type(exc).__name__)
        return messages

    @staticmethod
    def finished(ctx: LoadedTable, ending: StoredOutcome) -> TableFinished:
        """The front ends' notice that the table ended (after its result post)."""
        return TableFinished(ctx.id, ctx.row.guild_id, ctx.row.game, ending.text or ending.reason, ending.reason,
                             tuple(ending.places(len(ctx.seats))), tuple(r.user_id for r in ctx.ordered()),
                             ctx.options.rated)

    # ---- how the table ends -----------------------------------------------------------------------
    def ending(self, ctx: LoadedTable, state: Any, step: Step, change: Change) -> StoredOutcome | None:
        """How the table ends with this change, or None while it goes on."""
        engine = ctx.engine
        if change.end == AGREEMENT:
            return StoredOutcome(AGREEMENT, (1,) * len(ctx.seats))
        if change.end == ABORT:
            return StoredOutcome(ABORT, ())
        if change.end == SIDE_LEFT or engine.outcome(state) is not None or len(ctx.still_in()) <= 1:
            return self.final_placements(ctx, state, ctx.plies + len(step.items))
        if reaches_bound(engine, ctx.plies + len(step.items)):  # issue 15, defect 12
            return bound_ending(engine, len(ctx.seats))
        return None

    @staticmethod
    def final_placements(ctx: LoadedTable, state: Any, moves: int | None = None) -> StoredOutcome:
        """The ending of a finished table, out seats last: the last one out best among them, seats
        that went out together (``out:<k>`` in their ``result``) sharing a place; ``left``, the seats that
        went out while the game went on (moves were played after: ``moves``, the game's whole count)."""
        outcome = ctx.engine.outcome(state) if state is not None else None
        n = len(ctx.seats)
        facts = None
        together: Literal["win", "loss"] | None = None
        if outcome is not None:
            places = list(outcome.placements) if outcome.placements else []
            if len(places) != n:
                winners = set(outcome.winners)
                places = [1 if (s in winners or (outcome.draw and not winners)) else 2 for s in range(n)]
            reason, text = outcome.reason, outcome.text
            facts = OutcomeFacts(dict(outcome.extra), tuple(outcome.scores))
            if all(p == 1 for p in places) and not outcome.draw:  # K3-8: all win, or all lose, together
                together = "win" if outcome.winners else "loss"
        else:
            places, reason, text = [1] * n, "abandoned", ""
        out_rows = [s for s in ctx.seats if s.out_reason]
        if not out_rows:
            return StoredOutcome(reason, tuple(places), text, facts, together)
        still = [s for s in range(n) if (row := ctx.by_seat(s)) is not None and not row.out_reason]
        if not still and n > 1 and len(ctx.sides()) == 1:  # a player left a team that plays together: all lose
            together = "loss"  # together (K3-8.3), placed alike
        ranked = sorted(still, key=lambda s: places[s])
        final = [0] * n
        place, previous = 0, None
        for i, s in enumerate(ranked):
            if previous is None or places[s] != previous:
                place, previous = i + 1, places[s]
            final[s] = place
        order = sorted(out_rows, key=out_rank, reverse=True)
        for r in order:
            first = next(j for j, o in enumerate(order) if out_rank(o) == out_rank(r))
            final[r.seat] = len(ranked) + first + 1
        if outcome is None or len(still) <= 1:  # the ending's reason is the leaver's act, not a partner's going
            reason = next((r.out_reason for r in reversed(order) if r.out_reason != PARTNER), None) or reason
        elif not any(places[s] == 1 for s in still):  # the rules' winner had left: not theirs to describe
            reason, text, facts = OUTLASTED, "", None
        left = tuple(sorted((r.seat, then) for r in out_rows
                            if (then := out_moves(r)) is not None and moves is not None and then < moves))
        return StoredOutcome(reason, tuple(final), text, facts, together if set(final) == {1} else None, left=left)

    async def _landed(self, ctx: LoadedTable, step: Step, change: Change, stamp: str) -> int | None:
        """After a storage fault during the write: the version it made when the database stored it all the same
        (PostgreSQL committed, and its answer was lost on the way back), else None (nothing was written).  Read on
        a fresh connection: the row one version on and stamped by this write, its moves at the end of the log,
        its seats' changes made.  (A player was told "nothing was changed, try again" of a resignation, a draw, a
        start, a time-out that were stored; a keyed move is found by its key, ``tables.submissions``.)"""
        row, seats = await self.store.repo.load(ctx.id)
        if row is None or row.version != ctx.row.version + 1 or row.updated_at != stamp:
            return None
        moves = await self.store.repo.get_moves(ctx.id)
        if [(m.seat, m.move) for m in moves[ctx.plies:]] != [(m.seat, m.move) for m in step.new_moves()]:
            return None  # (``ctx.plies``: the moves before this step's)
        stored = {s.seat: s for s in seats}
        for seat, cols in change.seats.items():
            # (an ending writes each seat's ``result`` again, its verdict: that column is not compared)
            if seat not in stored or any(getattr(stored[seat], k) != v for k, v in cols.items() if k != "result"):
                return None
        return row.version

    # ---- the write ---------------------------------------------------------------------------------
    @staticmethod
    def _columns(ctx: LoadedTable, state: Any, now: datetime, ending: StoredOutcome | None,
                 change: Change) -> dict[str, Any]:
        """The table row's columns after the change: deadlines, status, outcome."""
        columns: dict[str, Any] = {"turn_deadline": None, "next_event_at": None, "draw_offer": None}
        if ending is None and (acting := ctx.acting(state)):
            seconds = ctx.options.time_per_move
            start, due = now, now + timedelta(seconds=seconds * HALF)
            kept = _kept_deadline(ctx, acting, change.same_turn)
            if kept is not None:  # a seat of several acting at once has acted: the others' time runs on
                start = kept - timedelta(seconds=seconds)
                # the next reminder still to come (one already due went out before), else the deadline itself
                due = next((moment for moment in (start + timedelta(seconds=seconds * HALF),
                                                  start + timedelta(seconds=seconds * LATE)) if moment > now), kept)
            # Mesa to act: due for the ticker at once, so a restart resumes Mesa's turn (tables.mesa)
            due = now if mesa_to_act(ctx, state) else due
            columns.update(turn_deadline=now_iso(start + timedelta(seconds=seconds)), next_event_at=now_iso(due))
        if change.end == ABORT:
            columns["status"] = ABORTED
        elif ending is not None:
            columns.update(status=FINISHED, outcome=ending.to_json())
        elif change.roster is not None:
            columns["status"] = ACTIVE
        return columns

    async def _write(self, ctx: LoadedTable, state: Any, step: Step, change: Change, columns: dict[str, Any],
                     ending: StoredOutcome | None, stamp: str, played: bool = True) -> int:
        """One transaction: the seats, the moves, the row (version checked), the results and ratings."""
        state_json = json.dumps(ctx.engine.to_json(state), separators=(",", ":"))
        async with self.store.repo.transaction() as tx:
            if change.guard is not None:
                await change.guard(tx)
            if change.roster is not None:
                await tx.replace_seats(ctx.id, ctx.seats)
            for seat, cols in change.seats.items():
                await tx.update_seat(ctx.id, seat, **cols)
            version = await tx.append_moves(ctx.id, ctx.row.version, step.new_moves(), state_json, stamp,
                                            first_ply=ctx.plies + 1, **columns)
            if change.submission is not None:  # exactly once: the key lives and dies with the move (issue 29)
                await tx.record_submission(change.submission.key, ctx.id, change.submission.user_id, version, stamp)
            if ending is not None and change.end != ABORT:
                await self._results(tx, ctx, ending, stamp, played)
        return version

    @staticmethod
    async def _results(tx: Tx, ctx: LoadedTable, ending: StoredOutcome, stamp: str,
                       played: bool = True) -> list[ResultRow]:
        """Each seat's result, and the ratings, in the ending's transaction (``played``: some player moved)."""
        places = ending.places(len(ctx.seats))
        # issue 9: unrated too when the server turned ratings off meanwhile, or the game's options say so; and
        # a table with Mesa seated when the server stopped rating games against Mesa meanwhile, as the setting says
        rated = (played and ctx.options.rated and ctx.engine.description.rated(ctx.options.game)
                 and await tx.guild_rated(ctx.row.guild_id))
        if rated and any(is_mesa(s.user_id) for s in ctx.seats):
            rated = await tx.guild_rates_mesa(ctx.row.guild_id)
        rows = []
        for s in ctx.ordered():
            place = places[s.seat]
            verdict = ending.verdict(s.seat, len(ctx.seats))
            rows.append(ResultRow(ctx.id, s.seat, ctx.row.guild_id, ctx.row.game, s.user_id, place, verdict,
                                  ending.reason, rated, stamp))
            await tx.update_seat(ctx.id, s.seat, result=verdict)
        await tx.record_results(rows)
        sides = [ctx.engine.description.side_of(s, len(ctx.seats), ctx.options.game) for s in range(len(ctx.seats))]
        await rate_finished_table(tx, rows, sides=sides)  # same transaction
        verdicts = {r.seat: r.outcome for r in rows}
        ctx.seats = [replace(s, result=verdicts[s.seat]) for s in ctx.seats]
        return rows


def out_rank(row: SeatRow) -> int:
    """The order in which a seat went out (``out:<k>[:<moves>]`` in its ``result``; 0 when still in)."""
    return int((row.result or "out:0").split(":")[1])


def out_moves(row: SeatRow) -> int | None:
    """How many moves had been played when the seat went out (``out:<k>:<moves>``; None for a seat still in, or
    one that went out before the number was kept)."""
    parts = (row.result or "").split(":")
    return int(parts[2]) if len(parts) > 2 and parts[0] == "out" and parts[2].isdigit() else None


def out_updates(ctx: LoadedTable, seats: Sequence[int], reason: str,
                leavers: Sequence[int] | None = None) -> dict[int, dict[str, Any]]:
    """Seat changes for seats going out together (they share one rank: ``out:<k>``, with the moves played then);
    ``leavers``, the seats that acted (resigned, ran out of time), where the others go with them (their partners,
    KR-6.2: ``PARTNER``)."""
    k = max((out_rank(r) for r in ctx.seats if r.out_reason), default=0) + 1
    acted = set(seats if leavers is None else leavers)
    return {s: {"out_reason": reason if s in acted else PARTNER, "result": f"out:{k}:{ctx.plies}"} for s in seats}


def _kept_deadline(ctx: LoadedTable, acting: Sequence[int], same_turn: bool = False) -> datetime | None:
    """The deadline that still stands after a move: where several seats act at once (K3's building) and one
    of them has acted, those still to act keep the deadline they were given (and told in their reminders);
    a pyramid built does not give the others a fresh time per move; and a change that is no move (``same_turn``:
    an away player back) keeps the turn's.  None: a new turn, a new deadline."""
    before = parse_iso(ctx.row.turn_deadline)
    if before is not None and ctx.row.status == ACTIVE and same_turn:
        return before
    if before is None or ctx.row.status != ACTIVE or not ctx.simultaneous(ctx.state):
        return None
    earlier = set(ctx.acting(ctx.state))
    return before if set(acting) < earlier else None
