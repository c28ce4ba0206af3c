"""Playing a started table: moves, proposals, resignations, draws, and seats that go out.

A move is judged under the table's lock on the table as stored now (``TableStore.load``), applied
by the rules step, and written with everything that follows it by ``Finisher.commit`` in one
transaction that checks the version.  When that check loses to another process that wrote between
the read and the write (issue 19), the move is judged again on what the database holds now: a
doubled or stale submission is refused then, a move still legal is applied.  A move submitted under a
key (``tables.submissions``) is applied once whatever happens: a key stored already gets the first
answer, and a write whose reply was lost is answered by what the database holds (issue 29).

Players who leave a running game of three or more sides ("out" seats).  The engines have no
elimination move: K3 eliminates only a player who cannot act (K3-7.1), and Krakatoa has no
elimination at all.  So when a player runs out of time (in a game whose description says
``on_timeout="leave"``), or resigns while two or more other sides remain, the seat is marked out
(``out_reason``, with the order of going out) and from then on its moves are played by Mesa's
``easy`` level from that seat's view (``RulesStep.advance``).  When the game ends, the out seats are
placed below every seat still in (``Finisher.final_placements``); when at most one seat is still in,
the table ends at once with that seat first.  Games of two sides simply end: the leaving side loses.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, replace

from data.errors import StorageUnavailable
from data.models import ACTIVE, INVITED, OPEN, WAITING, SeatRow
from engines import MoveError
from tables.endings import RESIGN, TIME
from tables.errors import TableError
from tables.finish import ABORT, AGREEMENT, SIDE_LEFT, Change, Finisher, LostRace, out_updates
from tables.i18n import Alternatives, Names, Phrase
from tables.loaded import LoadedTable, Step
from tables.mesa import MesaMoves, is_mesa
from tables.move_choices import does
from tables.outbox import Message, MovePlayed
from tables.posts import Posts
from tables.rules_step import RulesStep, reason, what_to_play
from tables.store import TableStore
from tables.submissions import Submission, Submissions
from tables.thinking import move_seed

log = logging.getLogger("tables.service")

#: ``propose(style=SHUFFLE)``: the game's last auto style, another kind of proposal (K3's random build)
SHUFFLE = "shuffle"
#: no move of any game is this long (issue 14): refused without echoing it
MAX_MOVE_TEXT = 200
#: a move that loses the version check to another process is judged again this many times (issue 19)
RACE_RETRIES = 4


def not_active(ctx: LoadedTable, user_id: int) -> TableError:
    """Why a table that is not in play refuses what ``user_id`` does in play: what a table not started waits for
    (the invited players' answers, theirs said as theirs; its host's start, said to the host as theirs to give),
    or that its game is over."""
    table_id = ctx.row.id
    if ctx.row.status == INVITED:
        waiting = [s for s in sorted(ctx.seats, key=lambda r: r.seat) if not s.accepted]
        if any(s.user_id == user_id for s in waiting):
            return TableError("error.not_started.invited_you", table=table_id)
        return TableError("error.not_started.invited", table=table_id, names=Names(ctx.name(s) for s in waiting))
    if ctx.row.status == OPEN:
        host = next((ctx.name(s) for s in ctx.seats if s.user_id == ctx.row.host_id), "")
        if host and user_id == ctx.row.host_id:
            return TableError("error.not_started.open_host", table=table_id)
        return TableError("error.not_started.open" if host else "error.not_started", table=table_id, host=host)
    return TableError("error.not_started" if ctx.row.status in WAITING else "error.game_over", table=table_id)


@dataclass(frozen=True)
class Leaving:
    """Who would go out with a player who resigns (``Play.leaving``), for a confirmation to warn them: their
    partners (KR-6.2), or, where everybody wins or loses together (K3-8.3), the whole team (``together``)."""

    with_them: Names
    together: bool


@dataclass(frozen=True)
class Proposal:
    """A move proposed for a player (``Play.propose``): its text, and a sketch to preview it."""

    text: str
    sketch: str = ""


def told_to_mover(ctx: LoadedTable, step: Step) -> tuple[Phrase | None, str]:
    """What the player's move (the step's first) does, in their own words, which may say more than the board (an
    opening's bottom piece, PL-9.5), None where the game has none; and its sketch (a K3 pyramid as built), "" for
    none.  Both are a courtesy: a fault in them is logged and the move confirmed in its notation alone, never
    refused."""
    mine = step.items[0]
    try:
        return does(ctx.engine, mine.before, mine.move, ctx.names()), ctx.engine.move_sketch(mine.before, mine.move)
    except Exception as exc:  # any engine's words: the move itself is sound
        # by type only: the move's text, and an exception's words about it, may hold the mover's secret (a
        # pyramid being built, a hidden face: PL-9.5), and no secret appears in a log line (DESIGN.md)
        log.error("table %d: no words for a %s move (%s)", ctx.id, ctx.row.game, type(exc).__name__)
        return None, ""


class Play:
    """The actions of seated players at a started table."""

    def __init__(self, store: TableStore, posts: Posts, rules: RulesStep, finisher: Finisher,
                 mesa: MesaMoves, submissions: Submissions) -> None:
        self.store = store
        self.posts = posts
        self.rules = rules
        self.finisher = finisher
        self.mesa = mesa
        self.submissions = submissions

    async def active(self, table_id: int, user_id: int) -> tuple[LoadedTable, SeatRow]:
        """The started table and the caller's seat in it, or the refusal that says why not."""
        ctx = await self.store.load(table_id)
        if ctx.row.status != ACTIVE:
            raise not_active(ctx, user_id)
        seat = ctx.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_seated", table=table_id)
        if seat.out_reason:
            raise TableError("error.you_are_out", table=table_id)
        if ctx.state is not None and seat.seat in ctx.engine.eliminated(ctx.state):  # K3-7.1: the rules put them out
            raise TableError("error.eliminated", game=ctx.title, table=table_id)
        return ctx, seat

    # ---- moves --------------------------------------------------------------------------------------
    async def submit_move(self, table_id: int, user_id: int, text: str,
                          expected_version: int | None = None, *, key: str | None = None) -> list[Message]:
        """Parse (tolerantly), check the seat, apply, draw chance, store, and report.

        (K3's builders act at once, K3-3.2: each of the other seats may win one race, hence a few tries.)
        ``key``: the submission's own name (``tables.submissions``): applied once, answered the same way.
        """
        if len(text) > MAX_MOVE_TEXT:
            raise TableError("error.move_too_long", length=len(text), limit=MAX_MOVE_TEXT)
        submission = None if key is None else Submission(key, user_id)
        try:
            for _ in range(RACE_RETRIES):
                try:
                    return await self._submit_once(table_id, user_id, text, expected_version, submission)
                except LostRace:
                    continue
            return await self._submit_once(table_id, user_id, text, expected_version, submission)
        except StorageUnavailable:
            if submission is None:
                raise
            answer = await self.submissions.after_lost_reply(submission, table_id)  # on a fresh connection
            if answer is None:
                raise  # not stored: "try again", and a retry under this key is safe
            return answer

    async def _submit_once(self, table_id: int, user_id: int, text: str, expected_version: int | None,
                           submission: Submission | None = None) -> list[Message]:
        async with self.store.lock(table_id):
            if submission is not None:  # applied already (a retry, a reply that was lost): the first answer
                answer = await self.submissions.earlier(submission, table_id)
                if answer is not None:
                    return answer
            ctx, seat = await self.active(table_id, user_id)
            actors = ctx.acting(ctx.state)
            # K3 builders act at the same time (K3-3.2): another player's build does not make a
            # builder's own board stale, so only a version older than the building phase is refused
            simultaneous = ctx.simultaneous(ctx.state) and seat.seat in actors
            if expected_version is not None and expected_version != ctx.row.version and not simultaneous:
                played = await self._played_already(ctx, seat, text)
                if played is not None:  # the same move sent twice (a double click): it stands, once
                    raise TableError("error.already_played", move=played, table=ctx.id,
                                     board=await self.posts.current(ctx))
                raise TableError("error.stale", board=await self.posts.current(ctx))
            if seat.seat not in actors and seat.seat in ctx.away_seats():
                return await self._come_back(ctx, seat, submission)  # away: the player acting again (issue 28)
            if seat.seat not in actors:
                raise ctx.not_your_turn(actors)
            step, after = self.rules.player_move(ctx, seat, text)
            told, sketch = told_to_mover(ctx, step)  # before the commit: nothing after it may fail the answer
            back = Change(seats={seat.seat: {"timeouts": 0}} if seat.timeouts else {}, submission=submission)
            ctx.seats = back.seats_after(ctx.seats)  # acted: no longer late
            after = await self.rules.advance(ctx, after, ctx.plies + 1, step)
            messages = await self.finisher.commit(ctx, after, step, change=back)
            return [*messages, MovePlayed(table_id, user_id, step.items[0].text, text.strip(), told, sketch)]

    async def _played_already(self, ctx: LoadedTable, seat: SeatRow, text: str) -> str | None:
        """The seat's last logged move in its canonical text when ``text`` is that very move, else None:
        a stale submission of the move the player has just played (a second click on the same button or
        choice) is told so, not asked to choose again."""
        steps = await self.store.log_steps(ctx)
        last = next((step for step, s in reversed(steps) if s == seat.seat), None)
        if last is None:
            return None
        engine = ctx.engine
        played = engine.format_move(last.before, last.move)
        if text.strip() == played:
            return played
        try:
            same = engine.format_move(last.before, engine.parse_move(last.before, text)) == played
        except ValueError:  # MoveError among them: not a move there
            return None
        return played if same else None

    async def _come_back(self, ctx: LoadedTable, seat: SeatRow, submission: Submission | None) -> list[Message]:
        """An away player (turns played for them after time-outs in a row) acts again: their next turns
        wait for them as before.  Not a move: the board shows the same position, told again."""
        info = self.posts.info(ctx, "info.back", name=ctx.name(seat))
        ctx.seats = Change(seats={seat.seat: {"timeouts": 0}}).seats_after(ctx.seats)
        # a table where everyone was away waited a deadline a turn; with one player back, the away seats' turns
        # are played as they come again (the turn to move now among them); else the turn goes on as it was, its
        # deadline and reminders standing (a come-back gave the player to move a fresh time per move)
        step = Step()
        after = await self.rules.advance(ctx, ctx.state, ctx.plies, step)
        back = Change(seats={seat.seat: {"timeouts": 0}}, submission=submission, same_turn=not step.items,
                      own_move=False)
        return await self.finisher.commit(ctx, after, step, change=back, extra=[info])

    async def propose(self, table_id: int, user_id: int, style: str | None = None, *,
                      rng: random.Random | None = None, unlisted_only: bool = False) -> Proposal:
        """The engine's ``auto_move`` for this player, to play or to preview; nothing is stored.

        ``style``: one of the game's ``auto_styles``, or ``SHUFFLE`` for its last one; ``unlisted_only``:
        refuse unless the moves now are too many to list (the build preview of K3-3.4).
        """
        async with self.store.lock(table_id):
            ctx, seat = await self.active(table_id, user_id)
            engine, state = ctx.engine, ctx.state
            actors = ctx.acting(state)
            if unlisted_only and (not ctx.unlisted(state) or seat.seat not in actors):
                raise TableError("error.no_build_now", table=table_id)
            if seat.seat not in actors:
                raise ctx.not_your_turn(actors)
            styles = engine.description.auto_styles
            if style == SHUFFLE:
                style = styles[-1]
            if style is not None and style not in styles:  # issue 28, item 4: the styles there are, in words
                raise TableError("error.bad_style", style=style, styles=Alternatives(styles))
            try:
                move = engine.auto_move(state, seat.seat, rng or random.Random(), style or styles[0])
            except MoveError as exc:
                why = reason(engine.name, exc)
                raise TableError("error.bad_move", move="auto", detail=why,
                                 hint=what_to_play(ctx, seat.seat, why)) from None
            return Proposal(engine.format_move(state, move), engine.move_sketch(state, move))

    async def auto(self, table_id: int, user_id: int, key: str | None = None) -> list[Message]:
        """``/auto``: play for this player the move a time-out would play (issue 28, ``MesaMoves.played_for``:
        Krakatoa's ``auto``, KR-8.4, elsewhere Mesa's ``easy`` level from the seat's view), or the game's first
        auto style where the moves are too many to list (K3's sensible build, K3-3.4).  Chosen outside the lock;
        a move made meanwhile makes it stale."""
        async with self.store.lock(table_id):
            ctx, seat = await self.active(table_id, user_id)
            actors = ctx.acting(ctx.state)
            if seat.seat not in actors:
                raise ctx.not_your_turn(actors)
        engine, state = ctx.engine, ctx.state
        seed = move_seed(ctx.row.seed, ctx.plies + 1, seat.seat, "auto")
        if ctx.unlisted(state):
            move = engine.auto_move(state, seat.seat, random.Random(seed), engine.description.auto_styles[0])
        else:
            move = await self.mesa.played_for(ctx, state, seat.seat, seed, payer=user_id)  # charged to who asked
        return await self.submit_move(table_id, user_id, engine.format_move(state, move), ctx.row.version, key=key)

    # ---- leaving a game -----------------------------------------------------------------------------
    async def leaving(self, table_id: int, user_id: int) -> Leaving:
        """Who would go out with the player if they resigned now; refused (``TableError``) as ``resign`` would."""
        ctx, seat = await self.active(table_id, user_id)
        side = ctx.engine.description.partners(seat.seat, len(ctx.seats), ctx.options.game)
        still = set(ctx.still_in())
        return Leaving(ctx.named([s for s in side if s != seat.seat and s in still]), len(ctx.sides()) == 1)

    async def resign(self, table_id: int, user_id: int, how: str = RESIGN) -> list[Message]:
        """The player leaves the game: by their own ``/resign``, or (``FORFEIT``) as they are out of its tournament."""
        async with self.store.lock(table_id):
            ctx, seat = await self.active(table_id, user_id)
            return await self.leave_game(ctx, [seat.seat], how, by=seat.seat if how == RESIGN else None)

    async def leave_game(self, ctx: LoadedTable, seats: list[int], reason: str, by: int | None = None) -> list[Message]:
        """Seats leave a running game (resign, or a time-out where the seat goes out): see the module docstring.
        ``by``: the seat whose own act it is (a resignation; not a time-out, nor a forfeit in a tournament)."""
        description = ctx.engine.description
        # a partnership is one side: the partners go out with the leaver (KR-6.2); where everybody wins or loses
        # together the table is one side, and the whole team goes out and loses with them (K3-8.3)
        leavers = list(seats)
        seats = sorted({p for s in seats for p in description.partners(s, len(ctx.seats), ctx.options.game)})
        updates = out_updates(ctx, seats, reason, leavers)
        if len(seats) > 1:  # "Cy and Dee ran out of time ... and are out", never "Cy, Dee ... is out"
            info = self.posts.info(ctx, f"info.out.{reason}_many",
                                   name=ctx.named(seats))
        else:
            info = self.posts.info(ctx, f"info.out.{reason}", name=ctx.names_of(seats))
        if len(ctx.sides()) == 2:
            return await self.finisher.commit(ctx, ctx.state, Step(), change=Change(seats=updates, end=SIDE_LEFT,
                                                                                    by=by))
        ctx.seats = Change(seats=updates).seats_after(ctx.seats)  # out before the moves that follow are played
        step = Step()
        state = ctx.state
        if len(ctx.still_in()) <= 1:  # the game ends here: the result says who left, no moves are played for them
            return await self.finisher.commit(ctx, state, step, change=Change(seats=updates, by=by))
        state = await self.rules.advance(ctx, state, ctx.plies, step)
        return await self.finisher.commit(ctx, state, step, change=Change(seats=updates, by=by, own_move=False),
                                          extra=[info])

    async def timeout(self, ctx: LoadedTable, actors: list[int]) -> list[Message]:
        """Time ran out: the engine's auto move where the rules say so (KR-8.4); else the seats leave
        (out of a game of three or more sides, or the game is lost)."""
        if ctx.engine.description.on_timeout == "auto" and actors:
            # the rest of that turn is played at once; from the second time-out in a row the seat is away:
            # its turns are played as they come until the player acts again (issue 28, item 2)
            row = ctx.by_seat(actors[0])
            was_away = actors[0] in ctx.away_seats()
            late = Change(seats={actors[0]: {"timeouts": (row.timeouts if row else 0) + 1}}, own_move=False)
            ctx.seats = late.seats_after(ctx.seats)
            away = actors[0] in ctx.away_seats()
            # nobody plays on (every seat away): each turn now waits for its deadline, said once
            everyone = all(s in ctx.away_seats() for s in ctx.still_in())  # a tournament's table: played out now
            key = "info.timeout_auto" if not away or was_away else \
                "info.timeout_all_away" if everyone and not ctx.played_away() else \
                "info.timeout_all_away_played" if everyone else "info.timeout_away"
            info = self.posts.info(ctx, key, name=ctx.names_of(actors))
            step, after = await self.rules.timeout_move(ctx, actors[0])
            after = await self.rules.advance(ctx, after, ctx.plies + 1, step, finishing=actors[0])
            return await self.finisher.commit(ctx, after, step, change=late, extra=[info])
        if len(ctx.sides()) <= 2 and await self.store.may_call_off(ctx):
            # no player has moved: a loss on time would be a rated game no one played (a duel's, or the whole
            # team's where everybody loses together, K3-8), so the table is called off uncounted, as the host's
            # /abort or an agreed draw would (a running tournament's keeps its loss)
            waiting = tuple(s.user_id for s in ctx.seats if s.seat not in actors and not is_mesa(s.user_id))
            info = self.posts.info(ctx, "info.timeout_unplayed", ctx.row.version + 1, mention=waiting,
                                   name=ctx.named(actors))  # those who waited are told
            return await self.finisher.commit(ctx, ctx.state, Step(), change=Change(end=ABORT), extra=[info])
        return await self.leave_game(ctx, actors, TIME)

    # ---- draws --------------------------------------------------------------------------------------
    async def offer_draw(self, table_id: int, user_id: int, *, accept: bool = False) -> list[Message]:
        """Offer a draw (Kona, Plateau); the opponent accepts by offering too.  ``accept`` (an Accept button,
        ``/draw accept``): only an offer standing now is accepted, never a new one made in its place (a move
        since refused it, and the button was still on screen)."""
        async with self.store.lock(table_id):
            ctx, seat = await self.active(table_id, user_id)
            if not ctx.engine.description.draw_offers:
                raise TableError("error.no_draws", game=ctx.title)
            if all(is_mesa(s.user_id) for s in ctx.seats if s.seat != seat.seat):
                raise TableError("error.mesa_plays_on")  # Mesa answers every offer by playing on
            offer = ctx.row.draw_offer
            if offer == seat.seat:
                raise TableError("error.draw_already_offered")
            if accept and offer is None:
                raise TableError("error.no_draw_to_accept", table=table_id)
            # a draw agreed before any player's move would be a rated game no one played: it cancels the table
            # instead, without results, as the host's /abort would (a running tournament's table keeps its draw)
            calls_off = await self.store.may_call_off(ctx)
            if offer is not None and calls_off:  # agreed before anyone moved: nothing to count, as /abort
                info = self.posts.info(ctx, "info.aborted_agreed", ctx.row.version + 1)
                return await self.finisher.commit(ctx, ctx.state, Step(), change=Change(end=ABORT), extra=[info])
            if offer is not None:  # the other player offered: agreed
                return await self.finisher.commit(ctx, ctx.state, Step(), change=Change(end=AGREEMENT, by=seat.seat))
            await self._set_offer(ctx, seat.seat)
            other = tuple(s.user_id for s in ctx.seats if s.seat != seat.seat)
            key = "info.draw_offered_at_start" if calls_off else "info.draw_offered"
            return [self.posts.info(ctx, key, mention=other, hint="draw", name=ctx.name(seat))]

    async def decline_draw(self, table_id: int, user_id: int) -> list[Message]:
        async with self.store.lock(table_id):
            ctx, seat = await self.active(table_id, user_id)
            if ctx.row.draw_offer is None or ctx.row.draw_offer == seat.seat:
                raise TableError("error.no_draw_offer")
            await self._set_offer(ctx, None)
            return [self.posts.info(ctx, "info.draw_declined", name=ctx.name(seat))]

    async def _set_offer(self, ctx: LoadedTable, seat: int | None) -> None:
        """Record a draw offer (or its refusal): the board stays as it was, so its version does too."""
        async with self.store.repo.transaction() as tx:
            await tx.update_table(ctx.id, ctx.row.version, self.store.stamp(), bump=False, draw_offer=seat)
        ctx.row = replace(ctx.row, draw_offer=seat)
        self.store.remember(ctx)
