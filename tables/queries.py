"""What players and front ends ask about tables, without changing them.

The listings (``/games``, which table a command means), a table's details and move list
(``/history table=N``), the legal moves of a seat (autocomplete, pickers), the current post again
(``/board``) and a seat's private view ("My pieces"), and the boards stored but never posted
(``missed_posts``, after a crash).  Hidden moves are shown in public form unless the viewer made them
or the game is over; public posts come from ``Posts``, built from the spectator view.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from data import guild_life as guild_store
from data import learning
from data import tournaments as tournament_data
from data.models import (
    ACTIVE,
    FINISHED,
    INVITED,
    LIVE,
    OPEN,
    WAITING,
    MoveRow,
    StoredOutcome,
    TableOptions,
    TableRow,
    UnreadableTable,
    moment_or_none,
    parse_iso,
)
from engines import get_engine
from engines.base import GameDescription, QuickMove
from tables.endings import GONE
from tables.errors import TableError
from tables.games import title as game_title
from tables.guild_life import GuildLife
from tables.hints import hinted_result
from tables.i18n import Deed, Phrase
from tables.limits import MAX_JOINABLE_LISTED, MAX_USER_TABLES
from tables.loaded import LoadedTable
from tables.move_choices import LegalMoves
from tables.outbox import Message, PrivatePost, PublicPost
from tables.outcome_words import deed, history_news
from tables.play import not_active
from tables.posts import Posts
from tables.reposts import RepostGate
from tables.store import TableStore

log = logging.getLogger("tables.service")

#: tables named at most in a "which table?" answer
MAX_LISTED_TABLES = 10


#: ``Ask.kind``: a draw offered (``/draw``), a takeback asked (``/takeback``), a cancel asked once a deal was seen
#: (``/abort``, ``GuildLife.agree_to_abort``)
DRAW_ASKED, TAKEBACK_ASKED, CANCEL_ASKED = "draw", "takeback", "cancel"
#: ``TableSummary.standing``'s words besides ``tables.endings.GONE``: out by the rules, and away
ELIMINATED, AWAY = "eliminated", "away"


def _description(game: str) -> GameDescription | None:
    """A stored game's description, or None for a name this release does not know (a damaged row)."""
    try:
        return get_engine(game).description
    except KeyError:
        return None


@dataclass(frozen=True)
class Ask:
    """A request at a started table that waits for the other players' answer: a draw offered, a takeback or
    a cancel asked (``/games`` says it to those who answer: a game where the turn is theirs to move may well be
    waiting for their yes or no instead)."""

    kind: str
    user_id: int  # who asked
    name: str


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
    #: the front end's message holding the table's latest board or invitation, as it reported it (``set_location``)
    message_id: int | None = None
    #: when an invitation or open table closes unstarted (the server's ``invitation_expiry``); None once started
    closes: datetime | None = None
    #: the requests waiting for an answer there (a draw offer, a takeback asked), oldest first
    asks: tuple[Ask, ...] = ()
    #: an invitation's invitees who have not answered yet (user ids, in seat order)
    unanswered: tuple[int, ...] = ()
    #: the seats still free at an open table (anyone may join), else 0
    room: int = 0
    #: who opened the table (the one who may start or cancel it)
    host_id: int | None = None
    #: the players build their secret pieces before play (K3's pyramids): the turn is a build, not a move
    building: bool = False
    #: the players at a table in play who no longer choose their moves, and why (user id, how): gone by
    #: resignation, time, a tournament forfeit or with their partner (``tables.endings.GONE``: their turns are
    #: played for them, KR-6.2), put out by the rules (``ELIMINATED``, K3-7.1), or still in but ``AWAY`` (timed out
    #: again and again while others play on: their turns are played as they come until they play a move themselves)
    standing: tuple[tuple[int, str], ...] = ()

    def how_out(self, user_id: int) -> str | None:
        """Why the player no longer chooses their moves here (``standing``), or None while they do."""
        return next((how for user, how in self.standing if user == user_id), None)

    def host_name(self) -> str | None:
        """The name of who opened the table, while they sit at it."""
        return next((n for n, u in zip(self.players, self.user_ids, strict=True) if u == self.host_id), None)

    def unanswered_names(self) -> list[str]:
        """The names of the invitees yet to answer (``/games``: "waiting for Cy")."""
        return [name for name, user in zip(self.players, self.user_ids, strict=True) if user in self.unanswered]


@dataclass(frozen=True)
class DamagedTable:
    """A live table of the player whose record cannot be read (``error.damaged`` when it is named): listed by
    ``/games`` and meant by a command in its own thread, so that neither hides it nor plays elsewhere."""

    table_id: int
    game: str  # as stored (a record may name a game this release does not have)
    guild_id: int | None  # None: a row whose place cannot be read either (text in a number's column)
    channel_id: int | None
    thread_id: int | None

    @classmethod
    def of(cls, row: TableRow | UnreadableTable) -> DamagedTable:
        return cls(row.id, row.game, row.guild_id, row.channel_id, row.thread_id)

    def phrase(self) -> Phrase:
        """The ``/games`` line: "#3 Kona: this table's record is damaged and cannot be played (…)"."""
        return Phrase("games.damaged", {"table": self.table_id, "game": game_title(self.game)})


@dataclass(frozen=True)
class Listing:
    """A player's live tables (``Queries.listing``): those that can be read, and those that cannot."""

    tables: list[TableSummary]
    damaged: list[DamagedTable]
    #: asked for (``joinable``): the server's open tables the player could sit at, the newest first
    joinable: list[TableSummary] = field(default_factory=list)


@dataclass(frozen=True)
class MoveRecord:
    ply: int
    seat: int  # -1 = chance
    player: str  # the seat's name, or "" for chance
    text: str  # the notation (``/history … notation``): the public form unless the viewer may see it all
    #: the move in words, as boards tell it (``Engine.move_words``: public facts only); None when not asked
    words: Deed | None = None
    #: whether the move goes on with its player's turn (``Engine.turn_goes_on``: Krakatoa's throws after throw
    #: 1), so that ``/history`` tells it in the same entry as the moves before it; a new turn starts a new one
    goes_on: bool = False
    #: what the move made happen that ``/history`` tells beside it (``history_news``: a K3 player out, K3-7.1)
    news: tuple[Phrase, ...] = ()


@dataclass(frozen=True)
class TableDetails:
    summary: TableSummary
    options: dict[str, Any]
    moves: tuple[MoveRecord, ...]
    outcome: str | None
    position: str | None  # the spectator view notation (None before the start)
    #: how a finished table ended, as its thread's result said it ("The whole team loses K3 #1: Ben resigned, …")
    ending: Phrase | None = None


class Queries:
    """Answers about tables; reads only (the one write, a board's location, is the store's)."""

    def __init__(self, store: TableStore, posts: Posts, guild_life: GuildLife) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts
        self.guild_life = guild_life
        self.reposts = RepostGate()  # issue 15, defect 1

    # ---- listings -----------------------------------------------------------------------------------
    @staticmethod
    def summary(ctx: LoadedTable, takebacks: Sequence[tuple[int, int]] = (),
                cancels: Sequence[tuple[int, int]] = ()) -> TableSummary:
        """What a listing says of a table; ``takebacks``: its pending requests (asker's seat, version asked at);
        ``cancels``: the agreements to cancel (asker's user id, version asked at)."""
        ordered = ctx.ordered()
        active = ctx.row.status == ACTIVE
        actors = ctx.acting(ctx.state) if active else []
        now = ctx.row.version  # a request made at an earlier version has lapsed
        asked = [(TAKEBACK_ASKED, ctx.by_seat(seat)) for seat, version in takebacks if version == now]
        asked += [(CANCEL_ASKED, ctx.seat_of(user)) for user, version in cancels if version == now]
        if ctx.row.draw_offer is not None:
            asked.insert(0, (DRAW_ASKED, ctx.by_seat(ctx.row.draw_offer)))
        asks = tuple(Ask(kind, row.user_id, ctx.name(row)) for kind, row in asked if active and row is not None)
        told = ctx.told_names()  # two players of one name told apart by their seats: "Sam [1]", "Sam [2]"
        return TableSummary(
            ctx.id, ctx.row.game, ctx.title, ctx.row.status, tuple(told[s.seat] for s in ordered),
            tuple(s.user_id for s in ordered), tuple(told[a] for a in actors if a in told),
            ctx.users_of(actors), parse_iso(ctx.row.turn_deadline), ctx.row.guild_id, ctx.row.channel_id,
            ctx.row.thread_id, ctx.row.version, ctx.row.message_id,
            parse_iso(ctx.row.next_event_at) if ctx.row.status in WAITING else None, asks,
            tuple(s.user_id for s in ordered if not s.accepted) if ctx.row.status == INVITED else (),
            max(ctx.engine.max_players - len(ordered), 0) if ctx.row.status == OPEN else 0, ctx.row.host_id,
            active and ctx.unlisted(ctx.state), Queries._standing(ctx) if active else ())

    @staticmethod
    def _standing(ctx: LoadedTable) -> tuple[tuple[int, str], ...]:
        """``TableSummary.standing`` of a table in play: who left it and how, whom its rules put out (K3-7.1), who
        is away with their turns played as they come (``played_away``: not while everyone still in is away, when each
        turn waits for its deadline)."""
        eliminated = set(ctx.engine.eliminated(ctx.state)) if ctx.state is not None else set()
        away = ctx.played_away()
        return tuple((s.user_id, str(s.out_reason) if s.out_reason in GONE else
                      ELIMINATED if s.seat in eliminated else AWAY)
                     for s in ctx.ordered() if s.out_reason in GONE or s.seat in eliminated or s.seat in away)

    async def _summaries(self, rows: Sequence[TableRow],
                         damaged: list[DamagedTable] | None = None) -> list[TableSummary]:
        """The rows' summaries; a row that cannot be loaded is left out (and put in ``damaged``).  The pending
        takebacks of them all come in one query, the agreements to cancel in another, each asked only of the
        games where they can be (their descriptions: takebacks; chance, which makes a cancel need everyone)."""
        games = {row.id: description for row in rows if row.status == ACTIVE and
                 (description := _description(row.game)) is not None}
        takebacks = await learning.pending_takebacks(self.repo, [t for t, d in games.items() if d.takebacks])
        cancels = await guild_store.abort_agreements_of(self.repo, [t for t, d in games.items() if d.chance != "none"])
        out = []
        for row in rows:
            try:
                out.append(self.summary(await self.store.load(row.id), takebacks.get(row.id, ()),
                                        cancels.get(row.id, ())))
            except TableError as exc:  # damaged, or gone since the listing's query read it
                log.warning("table %d skipped in a listing (%s)", row.id, exc.key)
                if damaged is not None and exc.key == "error.damaged":
                    damaged.append(DamagedTable.of(row))
        return out

    async def _listing(self, rows: Sequence[TableRow],
                       damaged: list[DamagedTable] | None = None) -> list[TableSummary]:
        """Summaries of many tables: waiting ones from their rows and seats (one query for all seats),
        started ones from the cache or a load (their state says whose turn it is)."""
        waiting = [row for row in rows if row.status in WAITING]
        seats = await self.repo.seats_of_tables([row.id for row in waiting])
        started = {s.table_id: s for s in await self._summaries([row for row in rows if row.status not in WAITING],
                                                                  damaged)}
        expiries: dict[int, int] = {}  # by server: read once a listing, not once a table
        out = []
        for row in rows:
            if row.status not in WAITING:
                if row.id in started:
                    out.append(started[row.id])
                continue
            try:
                engine = get_engine(row.game)
            except KeyError:
                log.warning("table %d skipped in a listing (damaged)", row.id)
                if damaged is not None:
                    damaged.append(DamagedTable.of(row))
                continue
            summary = self.summary(LoadedTable(row, seats.get(row.id, []), engine, TableOptions()))
            if summary.closes is None:  # the ticker has not set its expiry yet: the one it will set
                created = parse_iso(row.created_at)
                if created is not None:
                    if row.guild_id not in expiries:
                        expiries[row.guild_id] = await self.guild_life.invitation_expiry(row.guild_id)
                    summary = replace(summary, closes=created + timedelta(seconds=expiries[row.guild_id]))
            out.append(summary)
        return out

    async def active_tables(self, user_id: int, guild_id: int | None = None) -> list[TableSummary]:
        """The player's live tables (waiting or playing) that can be read, oldest first."""
        return (await self.listing(user_id, guild_id)).tables

    async def listing(self, user_id: int, guild_id: int | None = None, *, joinable: bool = False) -> Listing:
        """The player's live tables, oldest first, with apart those whose record is damaged (``/games`` says
        them: a game that vanished from the list without a word would look lost); ``joinable`` (``/games`` in a
        server): also the server's open tables with a free seat where the player has none, still open, the
        newest first, so a player sees the games waiting for someone to sit down."""
        unreadable: list[UnreadableTable] = []  # a row with text in a number's column: said damaged too
        rows = await self.repo.tables_for_user(user_id, guild_id, LIVE, limit=MAX_USER_TABLES, unreadable=unreadable)
        damaged = [DamagedTable.of(row) for row in unreadable]
        tables = await self._listing(rows, damaged)  # issue 15, defect 10: fast however many tables name the user
        if not joinable or guild_id is None:
            return Listing(tables, damaged)
        now = self.store.now()  # a closing the ticker has not set yet is the one it will set (``_listing``)
        rows = await self.repo.open_tables_without(guild_id, user_id, self.store.stamp(), MAX_JOINABLE_LISTED)
        others = await self._listing(rows)
        return Listing(tables, damaged, [s for s in others if s.room and (s.closes is None or s.closes > now)])

    async def find_tables_in_place(self, guild_id: int, place_id: int, user_id: int) -> list[TableSummary]:
        """Live tables in this channel or thread where the user is seated."""
        return (await self._in_place(guild_id, place_id, user_id)).tables

    async def _in_place(self, guild_id: int, place_id: int, user_id: int) -> Listing:
        unreadable: list[UnreadableTable] = []
        rows = await self.repo.tables_in_place(guild_id, place_id, LIVE, unreadable=unreadable)
        damaged = [DamagedTable.of(row) for row in unreadable]
        tables = [s for s in await self._summaries(rows, damaged) if user_id in s.user_ids]
        if damaged:  # only those the user sits at (their seats may read where the rest of the record does not)
            try:
                seats = await self.repo.seats_of_tables([d.table_id for d in damaged])
            except (ValueError, TypeError):  # the seats are the damage: nobody can be told it is theirs
                seats = {}
            damaged = [d for d in damaged if any(seat.user_id == user_id for seat in seats.get(d.table_id, []))]
        return Listing(tables, damaged)

    async def table_meant(self, user_id: int, guild_id: int, place_id: int | None = None,
                          want: Callable[[TableSummary], bool] | None = None) -> int:
        """The table a command without a table number means (both front ends ask here).

        The caller's only live table in this channel or thread, else in the server; among several,
        those ``want`` prefers.  None or several: a ``TableError`` that lists them.
        """
        here = await self._in_place(guild_id, place_id, user_id) if place_id is not None else Listing([], [])
        found = here.tables
        if not found and here.damaged:  # in a damaged table's own thread: that table, never another one elsewhere
            raise TableError("error.damaged", table=here.damaged[0].table_id)
        if not found:
            everywhere = await self.listing(user_id, guild_id)
            found = everywhere.tables
            if not found and everywhere.damaged:  # the one game the player has cannot be read: say that
                raise TableError("error.damaged", table=everywhere.damaged[0].table_id)
        if want is not None:
            found = [s for s in found if want(s)] or found
        if not found:
            # a game that just ended is what the caller most likely means: say that it is over
            last = await self.repo.finished_entries(guild_id, user_id, None, 1)
            running = await tournament_data.user_tournaments(self.repo, guild_id, user_id, (tournament_data.RUNNING,))
            if running:  # issue 31: between two rounds of a tournament the next game opens by itself
                raise TableError("error.no_table_here_tournament", id=running[0].id, game=game_title(running[0].game))
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

    # ---- one table ----------------------------------------------------------------------------------
    async def table_details(self, table_id: int, viewer_id: int | None = None, *, words: bool = False) -> TableDetails:
        """Summary and move list; hidden moves in public form unless the viewer made them or the game is over and
        its end showed them (``Engine.end_shows_all``).
        ``words``: each move in words too (``MoveRecord.words``, ``/history table=N``), which replays the log."""
        ctx = await self.store.load(table_id)
        records: list[MoveRecord] = []
        # a finished game's moves in full, once its end has shown every secret (K3-10: not while building)
        over = ctx.row.status == FINISHED
        in_full = over and ctx.state is not None and ctx.engine.end_shows_all(ctx.state)
        viewer = ctx.seat_of(viewer_id) if viewer_id is not None else None
        if ctx.state is not None:
            logged_moves = await self.store.log_texts(ctx)
            # the moves in words (issue 28, item 3) from the replayed log: words need the state before
            steps = [step for step, _seat in await self.store.log_steps(ctx)] if words else [None] * len(logged_moves)
            names = ctx.names()
            # the state each move left: the next move's before, the last one's the table's
            afters = [step.before for step in steps[1:] if step is not None] + [ctx.state] if steps and words else steps
            for logged, step, after in zip(logged_moves, steps, afters, strict=True):
                shown = logged.text if in_full or (viewer is not None and viewer.seat == logged.seat) else logged.public
                row = ctx.by_seat(logged.seat) if logged.seat >= 0 else None
                name = ctx.name(row) if row else ""
                said = deed(ctx.engine, step.before, step.move, name, names) if step is not None else None
                goes_on = step is not None and logged.seat >= 0 and ctx.engine.turn_goes_on(step.before, logged.seat)
                news = history_news(ctx.engine, step.before, step.move, after, names,
                                    ctx.out_seats()) if step is not None else ()
                records.append(MoveRecord(logged.ply, logged.seat, name, shown, said, goes_on, news))
        stored = StoredOutcome.from_json(ctx.row.outcome)
        outcome = stored.text if stored is not None else None
        position = ctx.engine.view(ctx.state, None).get("position") if ctx.state is not None else None
        ending = None
        if over and stored is not None:  # the result as the thread was told it (``Posts.result``)
            result = self.posts.result(ctx, stored, ctx.row.version)
            ending = Phrase(result.key, result.params)
        return TableDetails(self.summary(ctx), ctx.options.public(), tuple(records), outcome, position, ending)

    async def legal_moves_for(self, table_id: int, user_id: int) -> list[str]:
        """Canonical strings this user may play now (whether they have any; tests and benches); [] when none."""
        return (await self.legal_moves_said(table_id, user_id)).texts

    async def legal_moves_said(self, table_id: int, user_id: int) -> LegalMoves:
        """This user's moves now, and what each does in words when asked (the move picker, ``/move``'s
        suggestions: ``tables.move_choices``); none (false) when they have none."""
        ctx = await self.store.load(table_id)
        seat = ctx.seat_of(user_id)
        actors = ctx.acting(ctx.state)
        acting = ctx.row.status == ACTIVE and seat is not None and not seat.out_reason and seat.seat in actors
        waiting = ctx.row.status == ACTIVE and seat is not None and not seat.out_reason and bool(actors)
        return LegalMoves(ctx.engine, ctx.state, seat.seat if acting and seat else None, ctx.names(),
                          ctx.not_your_turn(actors) if waiting and not acting else None)

    async def quick_moves(self, table_id: int, user_id: int) -> list[QuickMove]:
        """The player's moves as controls under the public board (games with ``quick_moves``)."""
        ctx = await self.store.load(table_id)
        seat = ctx.seat_of(user_id)
        if ctx.row.status != ACTIVE or seat is None or seat.seat not in ctx.acting(ctx.state):
            return []
        return ctx.engine.quick_moves(ctx.state, seat.seat)

    async def moves_log(self, table_id: int) -> list[MoveRow]:
        """The raw move log (server use only: it holds hidden faces)."""
        return await self.repo.get_moves(table_id)

    async def board(self, table_id: int, image: bool = True) -> PublicPost:
        """The table's current public post again (board image and summary, or the invitation)."""
        return await self.posts.current(await self.store.load(table_id), image)

    async def board_for(self, table_id: int, user_id: int, guild_id: int | None) -> tuple[PublicPost, bool]:
        """``/board``: the table's current post, and whether it goes to the table (True) or only to the asker.

        Issue 15, defect 1 (``tables/reposts.py``): a seated player re-posts it, once a minute per
        table; anyone else in the table's server sees it privately; another server has no such table.
        """
        ctx = await self.store.load(table_id)
        if guild_id is None or ctx.row.guild_id != guild_id:
            raise TableError("error.no_table", table=table_id)
        post = await self.posts.current(ctx, True)
        public = ctx.seat_of(user_id) is not None and self.reposts.allow(table_id, self.store.now())
        return post, public

    async def private_view(self, table_id: int, user_id: int) -> PrivatePost:
        """The "My pieces" button: this player's own view (TableError if not seated)."""
        ctx = await self.store.load(table_id)
        seat = ctx.seat_of(user_id)
        if seat is None:
            raise TableError("error.not_seated", table=table_id)
        if ctx.state is None:  # what it waits for (the invited players' answers, its host's start)
            raise not_active(ctx, user_id)
        if not ctx.engine.has_private_info(ctx.state):  # Kona, Krakatoa; K3 once every pyramid shows (K3-10)
            raise TableError("error.nothing_hidden", table=table_id, game=ctx.title)
        return await self.posts.private(ctx, ctx.state, seat.seat)

    async def missed_posts(self, settled_seconds: float = 0) -> list[Message]:
        """The board (and result) of every table whose latest board was never posted, and the
        invitation of every waiting table whose latest invitation was not (issue 29: one Discord
        refused was never posted again; ``Posts.current`` is the invitation while a table waits).

        At start-up, and on the ticker (issue 15, defect 2: a refused post was only retried by a
        restart).  ``settled_seconds``: skip tables changed more recently than that, whose board
        the request that changed them may still be delivering.  Only tables whose front end
        reports posted versions (``set_location(..., version=)``) count.
        """
        messages: list[Message] = []
        cutoff = self.store.now() - timedelta(seconds=settled_seconds)
        unposted = await self.repo.tables_with_unposted_boards()
        away = await self.guild_life.suspended_tables(unposted)  # issue 15, defect 5: not while the bot is gone
        for table_id in (t for t in unposted if t not in away):
            try:
                ctx = await self.store.load(table_id)
            except TableError:
                continue
            changed = moment_or_none(ctx.row.updated_at)
            if settled_seconds and changed is not None and changed.replace(tzinfo=changed.tzinfo or UTC) > cutoff:
                continue
            messages.append(await self.posts.current(ctx))
            ending = StoredOutcome.from_json(ctx.row.outcome) if ctx.row.status == FINISHED else None
            if ending is not None:
                # first told now (its process died before): everyone is pinged, as a time-out's result is
                told = self.posts.result(ctx, ending, ctx.row.version, acted=())
                messages.append(await hinted_result(self.repo, ctx, told))
        return messages
