"""Seating: a table from its invitation to its first move, and cancelled before anyone moved.

``/play`` opens a table: named opponents are invited (they accept or decline), or with none (K3,
Krakatoa) anyone may join until the host starts it or fills it with Mesa.  An invitation never turns
into a table anyone may join (issue 15, defect 9): when every named invitee has gone it closes,
telling the host; when everyone still seated has accepted and there are enough of them, the game
starts, as it would have on the last acceptance.  The start assigns seats (option ``seat``), makes the
game's first state and draws its opening chance moves (``RulesStep.advance``), committed by
``Finisher.commit``.  A waiting table closes by its status alone; a started one that is aborted ends
through ``Finisher.commit`` (``Change(end=ABORT)``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from data import tournaments as tournament_store
from data.errors import StorageUnavailable
from data.models import ABORTED, ACTIVE, DECLINED, FINISHED, INVITED, LIVE, OPEN, WAITING, SeatRow
from data.repository import Tx
from engines import CHANCE, get_engine
from tables.errors import TableError
from tables.finish import ABORT, Change, Finisher, Guard
from tables.games import known_game
from tables.games import title as game_title
from tables.guild_life import GuildLife
from tables.i18n import Count
from tables.limits import check_can_host, check_can_sit
from tables.loaded import LoadedTable, Step
from tables.mesa import is_mesa, mesa_seats, parse_level, person_name, rated_with_mesa, take_request
from tables.outbox import INVITE, Message, PublicPost
from tables.posts import Posts
from tables.queries import Queries, TableSummary
from tables.rules_step import RulesStep
from tables.store import TableStore, first_state
from tables.table_options import check_fits, read_request
from tables.tournament_departures import MemberCheck

#: Discord's own length of a display name (issue 14)
MAX_NAME = 32


def seat_cap(guild_id: int, user_id: int, name: str, *, seated: tuple[int, int, str] | None = None) -> Guard:
    """The check of a player's cap of games, run inside the transaction of a start (``Finisher.commit``).

    ``seated`` (table, version, stamp): the seat that starts the game (an acceptance, a join) is written
    in the start's transaction too, as the change of version it always was, so that the board and its
    buttons carry the versions they did; the start then follows at the next version.
    """

    async def check(tx: Tx) -> None:
        await check_can_sit(tx, guild_id, user_id, name)
        if seated is not None:
            table_id, version, stamp = seated
            await tx.update_table(table_id, version, stamp)

    return check


class Seating:
    """Opens tables, seats players, starts games, and cancels them before the first move."""

    def __init__(self, store: TableStore, posts: Posts, rules: RulesStep, finisher: Finisher, queries: Queries,
                 guild_life: GuildLife, seed_source: Callable[[], int]) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts
        self.rules = rules
        self.finisher = finisher
        self.queries = queries
        self.guild_life = guild_life
        self.seed_source = seed_source
        #: whether a user is still in a server, asked of the front end that knows (Discord: ``cogs.members``; False
        #: only when it says they are gone): a rematch does not invite a player who left
        self.still_member: MemberCheck | None = None

    # ---- opening a table ----------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str,
                     opponents: Sequence[tuple[int, str]] = (), options: dict[str, str] | None = None) -> list[Message]:
        """Open a table: named opponents are invited; with none (K3, Krakatoa) anyone may join."""
        host_name = person_name(host_name[:MAX_NAME])
        opponents = [(uid, who[:MAX_NAME] if is_mesa(uid) else person_name(who[:MAX_NAME])) for uid, who in opponents]
        name = known_game(game)
        engine = get_engine(name)
        requested, opponents, mesa = take_request(options or {}, opponents)  # Mesa's seats (tables.mesa)
        if mesa.level_asked and not mesa.count and opponents:  # a level with no Mesa seat to play it
            raise TableError("error.level_without_mesa", level=mesa.level)
        ids = [host_id, *(uid for uid, _ in opponents)]
        if host_id in ids[1:]:
            raise TableError("error.self_play")
        if len(set(ids)) != len(ids):
            raise TableError("error.duplicate_player")
        if len(ids) + mesa.count > engine.max_players:
            if mesa.count:  # say how the count came about: `@mesa bots=3` is four Mesa seats, not three
                raise TableError("error.too_many_players_mesa", game=game_title(name), max=engine.max_players,
                                 asked=len(ids) + mesa.count, people=Count(len(ids), "player"),
                                 seats=Count(mesa.count, "mesa_seat"))
            raise TableError("error.too_many_players", game=game_title(name), max=engine.max_players)
        if engine.max_players == 2 and len(ids) + mesa.count < 2:
            raise TableError("error.needs_opponent", game=game_title(name), name=name)
        settings = await self.repo.guild_settings(guild_id)
        if settings.allowed_channels and channel_id not in settings.allowed_channels:
            raise TableError("error.channel_not_allowed", channels=tuple(settings.allowed_channels))
        resolved = read_request(engine, requested, settings)
        resolved = replace(resolved, rated=rated_with_mesa(resolved.rated, settings.rate_mesa, mesa.count))
        if not opponents and not mesa.count:  # an open table: "Fill with Mesa" seats this level later
            resolved = replace(resolved, mesa_level=mesa.level)
        if opponents or mesa.count or len(ids) == engine.max_players:  # the roster is known: check it now
            check_fits(engine, resolved, len(ids) + mesa.count)
        await self._refuse_same_invitation(guild_id, host_id, name, ids)
        seed = self.seed_source()
        try:
            async with self.repo.transaction() as tx:
                # issue 15, defect 10; counted in the insert's transaction (issue 29, item 4)
                await check_can_host(tx, guild_id, host_id, host_name, waits=bool(opponents) or not mesa.count)
                table_id = await tx.create_table(guild_id=guild_id, channel_id=channel_id, game=name,
                                                 options=resolved.to_json(), seed=seed,
                                                 status=INVITED if opponents else OPEN, host_id=host_id,
                                                 now=self.store.stamp())
                await tx.add_seat(SeatRow(table_id, 0, host_id, host_name, accepted=True))
                for i, (uid, uname) in enumerate(opponents, start=1):
                    await tx.add_seat(SeatRow(table_id, i, uid, uname, accepted=False))
                for seat in mesa.seats(table_id, len(ids)):  # accepted at once
                    await tx.add_seat(seat)
        except StorageUnavailable:  # perhaps while COMMIT was on its way: made after all, the table goes on
            made = await self.repo.table_made(host_id, seed)  # (its seed, drawn for it alone, names it)
            if made is None:  # (a table stored unannounced, never started, and a retry made a second one)
                raise
            table_id = made
        ctx = await self.store.load(table_id)
        if mesa.count and not opponents:  # only Mesa invited: the game starts now
            async with self.store.lock(table_id):
                return await self._start_at_once(ctx, host_name)
        return [self.posts.waiting(ctx)]

    async def _start_at_once(self, ctx: LoadedTable, host_name: str) -> list[Message]:
        """Start a table made with only Mesa invited.  The host's cap of games is checked again in the
        start's transaction (the host's other tables may have started since the insert counted them);
        a table refused there is removed, seats and all: nobody was told it exists."""
        try:
            return await self._start(ctx, guard=seat_cap(ctx.row.guild_id, ctx.row.host_id, host_name))
        except TableError:
            async with self.repo.transaction() as tx:
                await tx.discard_table(ctx.id)
            self.store.forget(ctx.id)
            raise

    async def rematch(self, table_id: int, user_id: int, user_name: str) -> list[Message]:
        """A new table for the same players and options: two players swap seats, more are drawn again;
        everyone the caller invites must accept.  One rematch per finished table: under its lock, a second
        press (a double click, or the other player's) is pointed at the first (``_refuse_second_rematch``)."""
        async with self.store.lock(table_id):
            details = await self.queries.table_details(table_id)
            summary = details.summary
            if user_id not in summary.user_ids:
                raise TableError("error.not_seated", table=table_id)
            if summary.status != FINISHED:  # the button is under a result only; typed, a table may be anything
                key = "error.rematch_not_finished" if summary.status == ACTIVE else "error.rematch_nothing"
                raise TableError(key, table=table_id, game=summary.title)
            await self._refuse_second_rematch(summary, user_id)
            ctx = await self.store.load(table_id)
            others = [s for s in ctx.ordered() if s.user_id != user_id]
            for seat in others:  # an invitation nobody could answer (Discord's /play offers members only)
                if self.still_member is not None and not is_mesa(seat.user_id) and \
                        await self.still_member(summary.guild_id, seat.user_id) is False:
                    raise TableError("error.rematch_departed", name=ctx.name(seat), table=table_id, game=summary.title)
            # the names as stored, not as this table told them ("Sam [2]"): the new table tells its own seats apart
            opponents = [(seat.user_id, seat.name) for seat in others]
            options = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in details.options.items()
                       if k not in ("seat", "time_per_move")}
            if "time_per_move" in details.options:
                options["time_per_move"] = f"{int(details.options['time_per_move'])}s"
            if len(summary.user_ids) == 2:
                options["seat"] = "second" if summary.user_ids[0] == user_id else "first"
            return await self.create(summary.guild_id, summary.channel_id, user_id, user_name, summary.game,
                                     opponents, options)

    async def _refuse_second_rematch(self, finished: TableSummary, user_id: int) -> None:
        """Refuse a rematch that is there already, pointing at it: another player of the finished table has
        invited the same players to the same game (both pressed Rematch), or a game of the same players and
        game has started since the finished one ended (against Mesa a rematch starts at once: a second press
        would start a second game)."""
        self.store.forget(finished.table_id)  # its row as stored: a cached row keeps the time it was first read
        ended = (await self.store.load(finished.table_id)).row.updated_at
        for summary in await self.queries.active_tables(user_id, finished.guild_id):
            if summary.table_id == finished.table_id or summary.game != finished.game or \
                    set(summary.user_ids) != set(finished.user_ids):
                continue
            ctx = await self.store.load(summary.table_id)
            where: dict[str, Any] = {"table": summary.table_id, "game": summary.title, "guild": summary.guild_id,
                                     "place": summary.thread_id or summary.channel_id}
            host = ctx.row.host_id
            if summary.status in WAITING and host != user_id and host in summary.user_ids:
                raise TableError("error.rematch_offered", name=summary.players[summary.user_ids.index(host)],
                                 **where)
            if summary.status == ACTIVE and ctx.row.created_at >= ended:
                raise TableError("error.rematch_started", old=finished.table_id, **where)

    async def _refuse_same_invitation(self, guild_id: int, host_id: int, game: str, ids: list[int]) -> None:
        """A second invitation like one still waiting (same host, players and game) is a double click or a
        forgotten table: point at the open one instead of opening another."""
        for summary in await self.queries.active_tables(host_id, guild_id):
            if summary.status in WAITING and summary.game == game and set(summary.user_ids) == set(ids):
                ctx = await self.store.load(summary.table_id)
                if ctx.row.host_id == host_id:
                    # the front end links to it (ids only: tables/ stays Discord-free)
                    raise TableError("error.same_invitation", table=summary.table_id, game=summary.title,
                                     guild=summary.guild_id, place=summary.thread_id or summary.channel_id)

    # ---- answering, joining, leaving ----------------------------------------------------------------
    async def _waiting(self, table_id: int) -> LoadedTable:
        ctx = await self.store.load(table_id)
        if ctx.row.status in (ABORTED, DECLINED) and ctx.state is None:  # closed before it started
            raise TableError("error.invitation_closed", table=table_id, game=ctx.title)
        if ctx.row.status not in WAITING:
            raise TableError("error.already_started", table=table_id) if ctx.row.status == ACTIVE else _ended(ctx)
        return ctx

    async def _reseated(self, ctx: LoadedTable, info: PublicPost) -> list[Message]:
        """After someone answered, joined or left: the game starts when everyone seated has accepted
        and there are enough of them, else the invitation is shown updated."""
        if all(s.accepted for s in ctx.seats) and len(ctx.seats) >= ctx.engine.min_players:
            return [info, *await self._start(ctx)]
        return [info, self.posts.waiting(ctx, update=True)]

    async def accept(self, table_id: int, user_id: int) -> list[Message]:
        async with self.store.lock(table_id):
            ctx = await self._waiting(table_id)
            seat = ctx.seat_of(user_id)
            if seat is None and ctx.row.status == OPEN:  # nobody is invited there: anyone sits down
                raise TableError("error.open_join", table=table_id)
            if seat is None or seat.accepted:
                raise TableError("error.not_invited" if seat is None else "error.already_accepted", table=table_id)
            if all(s.accepted or s.user_id == user_id for s in ctx.seats):  # this acceptance starts the game
                check_fits(ctx.engine, ctx.options, len(ctx.seats))
                if len(ctx.seats) >= ctx.engine.min_players:  # written with the start, the cap checked there
                    guard = seat_cap(ctx.row.guild_id, user_id, seat.name,
                                     seated=(table_id, ctx.row.version, self.store.stamp()))
                    ctx.row = replace(ctx.row, version=ctx.row.version + 1)
                    ctx.seats = [replace(s, accepted=True) if s.user_id == user_id else s for s in ctx.seats]
                    info = self.posts.info(ctx, "invite.accepted", name=ctx.name(seat))
                    return [info, *await self._start(ctx, guard=guard)]
            async with self.repo.transaction() as tx:
                # issue 15, defect 10; counted in the seat's transaction (issue 29, item 4)
                await check_can_sit(tx, ctx.row.guild_id, user_id, seat.name)
                await tx.update_seat(table_id, seat.seat, accepted=1)
                await tx.update_table(table_id, ctx.row.version, self.store.stamp())
            ctx = await self.store.load(table_id)
            return await self._reseated(ctx, self.posts.info(ctx, "invite.accepted", name=ctx.name(seat)))

    async def decline(self, table_id: int, user_id: int) -> list[Message]:
        async with self.store.lock(table_id):
            ctx = await self._waiting(table_id)
            seat = ctx.seat_of(user_id)
            if seat is None or seat.user_id == ctx.row.host_id or seat.accepted:
                raise TableError("error.not_invited", table=table_id)
            return await self._withdraw(ctx, seat)

    async def _withdraw(self, ctx: LoadedTable, seat: SeatRow) -> list[Message]:
        """An invitee leaves an invitation (declines it, or takes back an acceptance); under the table's lock."""
        table_id = ctx.id
        remaining = sorted((s for s in ctx.seats if s.seat != seat.seat), key=lambda r: r.seat)
        # an invitation takes no one new: without this seat the game may never be able to start
        # (KR-6.2's partnerships need exactly four players); then it closes like an emptied one
        unplayable = False
        if len(remaining) >= ctx.engine.min_players:
            try:
                check_fits(ctx.engine, ctx.options, len(remaining))
            except TableError:
                unplayable = True
        if all(s.user_id == ctx.row.host_id for s in remaining) or unplayable:
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, ctx.row.version, self.store.stamp(), status=DECLINED)
            self.store.forget(table_id)
            key = "invite.declined" if not unplayable else "invite.declined_unplayable"
            if seat.accepted and unplayable:
                key = "invite.left_unplayable"
            return [PublicPost(table_id, INVITE, key, {"table": table_id, "name": ctx.name(seat), "game": ctx.title,
                                                       "players": len(remaining)},
                               mention=(ctx.row.host_id,), version=ctx.row.version + 1)]
        name = ctx.name(seat)  # as the table named them while they sat at it ("Sam [2]")
        async with self.repo.transaction() as tx:
            await tx.replace_seats(table_id, [replace(s, seat=i) for i, s in enumerate(remaining)])
            await tx.update_table(table_id, ctx.row.version, self.store.stamp(), status=INVITED)
        ctx = await self.store.load(table_id)
        key = "invite.left" if seat.accepted else "invite.declined_seat"
        return await self._reseated(ctx, self.posts.info(ctx, key, name=name))  # the options fit (above)

    async def join(self, table_id: int, user_id: int, name: str) -> list[Message]:
        name = person_name(name[:MAX_NAME])
        async with self.store.lock(table_id):
            ctx = await self._waiting(table_id)
            if ctx.seat_of(user_id) is not None:
                raise TableError("error.already_seated", table=table_id)
            if ctx.row.status != OPEN:
                raise TableError("error.invite_only", table=table_id)
            if len(ctx.seats) >= ctx.engine.max_players:
                raise TableError("error.table_full", table=table_id, max=ctx.engine.max_players)
            joining = SeatRow(table_id, max(s.seat for s in ctx.seats) + 1, user_id, name, accepted=True)
            if len(ctx.seats) + 1 == ctx.engine.max_players:  # this join starts the game: written with the start
                check_fits(ctx.engine, ctx.options, len(ctx.seats) + 1)
                guard = seat_cap(ctx.row.guild_id, user_id, name,
                                 seated=(table_id, ctx.row.version, self.store.stamp()))
                ctx.row = replace(ctx.row, version=ctx.row.version + 1)
                ctx.seats = [*ctx.seats, joining]
                info = self.posts.info(ctx, "invite.joined", name=ctx.name(joining), count=len(ctx.seats),
                                       max=ctx.engine.max_players)
                return [info, *await self._start(ctx, guard=guard)]
            async with self.repo.transaction() as tx:
                # issue 15, defect 10; counted in the seat's transaction (issue 29, item 4)
                await check_can_sit(tx, ctx.row.guild_id, user_id, name)
                await tx.add_seat(joining)
                await tx.update_table(table_id, ctx.row.version, self.store.stamp())
            ctx = await self.store.load(table_id)
            info = self.posts.info(ctx, "invite.joined", name=ctx.name(joining), count=len(ctx.seats),
                                   max=ctx.engine.max_players)
            return [info, self.posts.waiting(ctx, update=True)]

    async def _not_a_tournament_table(self, table_id: int) -> None:
        """A tournament's table (issue 31) is neither cancelled nor left like a friendly one: its players
        resign it (a loss) or withdraw from the tournament.  Once the event is over or cancelled its tables
        are ordinary games."""
        tournament_id = await tournament_store.underway_of_table(self.repo, table_id)
        if tournament_id is not None:
            raise TableError("tournament.error.table_of", table=table_id, id=tournament_id)

    async def leave(self, table_id: int, user_id: int) -> list[Message]:
        async with self.store.lock(table_id):
            ctx = await self.store.load(table_id)
            if ctx.row.status in LIVE:
                await self._not_a_tournament_table(table_id)
            if ctx.row.status == ACTIVE:
                raise TableError("error.use_resign", table=table_id)
            if ctx.row.status not in WAITING:
                raise _ended(ctx)
            seat = ctx.seat_of(user_id)
            if seat is None:
                raise TableError("error.not_seated", table=table_id)
            if user_id == ctx.row.host_id:
                raise TableError("error.host_cannot_leave", table=table_id)
            if ctx.row.status == INVITED:  # issue 15, defect 9: leaving an invitation is declining it
                return await self._withdraw(ctx, seat)
            remaining = sorted((s for s in ctx.seats if s.user_id != user_id), key=lambda r: r.seat)
            status = INVITED if any(not s.accepted for s in remaining) else OPEN
            name = ctx.name(seat)  # as the table named them while they sat at it ("Sam [2]")
            async with self.repo.transaction() as tx:
                await tx.replace_seats(table_id, [replace(s, seat=i) for i, s in enumerate(remaining)])
                await tx.update_table(table_id, ctx.row.version, self.store.stamp(), status=status)
            ctx = await self.store.load(table_id)
            return [self.posts.info(ctx, "invite.left", name=name), self.posts.waiting(ctx, update=True)]

    # ---- starting -----------------------------------------------------------------------------------
    async def start(self, table_id: int, user_id: int) -> list[Message]:
        async with self.store.lock(table_id):
            ctx = await self._waiting(table_id)
            if user_id != ctx.row.host_id:
                raise self._only_the_host_starts(ctx, user_id)
            ready = [s for s in ctx.seats if s.accepted]
            if len(ready) < ctx.engine.min_players:
                raise TableError("error.not_enough_players", table=table_id, min=ctx.engine.min_players,
                                 seated=Count(len(ready), "player"))
            ctx.seats = ready
            return await self._start(ctx)

    async def fill_with_mesa(self, table_id: int, user_id: int, level: str | None = None) -> list[Message]:
        """The host fills an open table's empty seats with Mesa and starts the game."""
        async with self.store.lock(table_id):
            ctx = await self._waiting(table_id)
            level = parse_level(level or ctx.options.mesa_level)  # the level chosen at /play
            if user_id != ctx.row.host_id:
                raise self._only_the_host_starts(ctx, user_id)
            if ctx.row.status != OPEN:
                raise TableError("error.invite_only", table=table_id)
            ready = sorted((s for s in ctx.seats if s.accepted), key=lambda r: r.seat)
            free = ctx.engine.max_players - len(ready)
            if free <= 0:
                raise TableError("error.table_full", table=table_id, max=ctx.engine.max_players)
            added = mesa_seats(table_id, len(ready), free, level, (s.user_id for s in ready))
            seats = [SeatRow(table_id, i, s.user_id, s.name, s.is_ai, True) for i, s in enumerate(ready)] + added
            check_fits(ctx.engine, ctx.options, len(seats))
            settings = await self.repo.guild_settings(ctx.row.guild_id)
            mesa_count = sum(1 for s in seats if is_mesa(s.user_id))
            options = replace(ctx.options, rated=rated_with_mesa(ctx.options.rated, settings.rate_mesa, mesa_count))
            async with self.repo.transaction() as tx:
                await tx.replace_seats(table_id, seats)
                await tx.update_table(table_id, ctx.row.version, self.store.stamp(), options=options.to_json())
            return await self._start(await self.store.load(table_id))

    @staticmethod
    def _only_the_host_starts(ctx: LoadedTable, user_id: int) -> TableError:
        """A guest asks to start: the host alone may, so a player at the table is told who to ask."""
        host = ctx.seat_of(ctx.row.host_id)
        if host is None or ctx.seat_of(user_id) is None:
            return TableError("error.host_only", table=ctx.id)
        return TableError("error.start_guest", table=ctx.id, host=ctx.name(host))

    async def open_paired(self, table_id: int) -> list[Message]:
        """Start a table a tournament paired (issue 31: seats accepted, ``seat=first``, the host first), if it
        is still waiting: its first board, DMs and deadline, as any table's start.  ``LostRace`` when another
        process started it first; nothing when it is no longer waiting."""
        async with self.store.lock(table_id):
            ctx = await self.store.load(table_id)
            if ctx.row.status not in WAITING:
                return []
            return await self._start(ctx)

    async def _start(self, ctx: LoadedTable, guard: Guard | None = None) -> list[Message]:
        """Assign seats (option ``seat``), create the game, draw its opening chance moves (``guard``: the
        cap of the player whose seat starts it, checked in the start's transaction)."""
        host = ctx.seat_of(ctx.row.host_id)
        assert host is not None
        others = sorted((s for s in ctx.seats if s.user_id != host.user_id), key=lambda r: r.seat)
        order = [host, *others]
        if ctx.options.seat == "second" and others:
            order = [others[0], host, *others[1:]]
        elif ctx.options.seat == "random":
            random.Random(f"{ctx.row.seed}:seats").shuffle(order)
        seats = [SeatRow(ctx.id, i, s.user_id, s.name, s.is_ai, True) for i, s in enumerate(order)]
        check_fits(ctx.engine, ctx.options, len(seats))
        ctx.seats = seats
        step = Step()
        state = await self.rules.advance(ctx, first_state(ctx), 0, step)
        return await self.finisher.commit(ctx, state, step, change=Change(roster=seats, guard=guard))

    # ---- cancelling ---------------------------------------------------------------------------------
    @staticmethod
    def _not_the_host(ctx: LoadedTable, user_id: int) -> TableError:
        """A guest asks to cancel a table: the host alone may, so the refusal names the host and what the guest
        may do instead: decline the invitation or leave the table before the start; after it, where draws are
        offered, a draw agreed before anyone moves cancels the table too (``Play.offer_draw``)."""
        host, seat = ctx.seat_of(ctx.row.host_id), ctx.seat_of(user_id)
        if host is None or seat is None:
            return TableError("error.host_only", table=ctx.id)
        if ctx.row.status == ACTIVE:
            key = "error.abort_guest_draw" if ctx.engine.description.draw_offers else "error.abort_guest"
        elif ctx.row.status in WAITING:
            key = "error.abort_invited" if ctx.row.status == INVITED and not seat.accepted else "error.abort_joined"
        else:
            return TableError("error.host_only", table=ctx.id)
        return TableError(key, table=ctx.id, host=ctx.name(host))

    async def abort(self, table_id: int, user_id: int) -> list[Message]:
        """Cancel a table before its first player move (the host alone until chance has been seen;
        then every player still in: ``GuildLife.agree_to_abort``)."""
        async with self.store.lock(table_id):
            ctx = await self.store.load(table_id)
            if ctx.row.status == FINISHED:  # whoever asks: the game is over, there is nothing to cancel
                raise TableError("error.game_over", table=table_id)
            if ctx.row.status not in LIVE:
                raise TableError("error.host_only", table=table_id) if user_id != ctx.row.host_id else _ended(ctx)
            await self._not_a_tournament_table(table_id)
            moves = await self.repo.get_moves(table_id) if ctx.row.status == ACTIVE else []
            played = any(m.seat != CHANCE for m in moves)
            agreeing = not played and self.guild_life.chance_seen(ctx, moves)  # issue 15, defect 15
            if played and ctx.seat_of(user_id) is not None:  # every player told the same: no one can now
                raise TableError("error.abort_too_late", table=table_id)
            if user_id != ctx.row.host_id and not agreeing:
                raise self._not_the_host(ctx, user_id)
            if played:
                raise TableError("error.abort_too_late", table=table_id)
            if agreeing:  # chance has been seen: every player still in must ask for it
                asked = await self.guild_life.agree_to_abort(ctx, user_id)
                if asked is not None:
                    return asked
            asker = ctx.seat_of(user_id)
            info = self.posts.info(ctx, "info.aborted_agreed" if agreeing else "info.aborted", ctx.row.version + 1,
                                   name=ctx.name(asker) if asker else "?")
            if ctx.state is not None:  # a started game ends with its picture saying so (issue 16)
                return await self.finisher.commit(ctx, ctx.state, Step(), change=Change(end=ABORT), extra=[info])
            async with self.repo.transaction() as tx:
                await tx.update_table(table_id, ctx.row.version, self.store.stamp(), status=ABORTED,
                                      turn_deadline=None, next_event_at=None)
            self.store.forget(table_id)
            # the invitation's last post, as a declined invitation's is: its Accept / Decline / Cancel buttons go
            return [replace(info, kind=INVITE)]


def _ended(ctx: LoadedTable) -> TableError:
    """A table that no longer runs, as it ended: its game over, or cancelled before it ended (``error.not_active``,
    which says how to start another)."""
    if ctx.row.status == FINISHED:
        return TableError("error.game_over", table=ctx.id)
    return TableError("error.not_active", table=ctx.id)
