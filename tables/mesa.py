"""Playing Mesa: the computer player's seats, turns and record (issues 17 and 18, "Playing Mesa").

Who Mesa is.  Each level is one stable identity, a fixed negative user id that no Discord user can
have, named "Mesa (hard)" and so on: ratings are stored per user id, so a server that rates games
against Mesa sees each level once on its leaderboard, and a player's record against each level is
read from the results like any other.  A table may seat Mesa several times (K3, Krakatoa with
``bots=N``); the second and later seats of one level get their own ids ("Mesa 2 (hard)") because a
player sits only once at a table.  Tables with more than one Mesa seat are never rated: they would
rate Mesa against itself.

How Mesa plays (``MesaMoves`` chooses, ``MesaSeats`` plays; both collaborators of ``TableService``).
A board post says when a Mesa seat acts next (``PublicPost.mesa_next``); after delivering it, a front
end lets Mesa move (``tables.follow``), which asks ``MesaSeats.turns(table)``: while a Mesa seat is to
act, ``MesaMoves`` asks the thinker (``tables.thinking``: a process pool) for a move from
``engine.view(state, seat)`` only, then it is submitted through ``submit_move`` like any player's,
with the version it thought about (a
stale answer is thrown away and Mesa thinks again).  Each stored move yields its own messages, but
one Mesa seat's turn of several decisions (Krakatoa's throw, keep, set and aims, KR-4.3) posts one
board, after its last decision, whose caption tells every step in one sentence ("Mesa (hard) threw
all nine dice (14 points), kept them, chose Ash, aimed soft at l3 (12 points) …"): a board after each
would be seven pictures in a row on a phone.  Its news (a scratch, a Quake) is held with the captions
and told on that board, after the moves and before whose turn it is (issue 28, item 13).  Several Mesa
seats in a row post one board each.  A table where
Mesa is to act is due for the ticker at once (``next_event_at`` = now), so a bot that stopped while
Mesa was thinking plays the move after its restart (and posts the board it had not posted yet), and
Mesa never reaches a deadline.

Secrets.  Mesa's own view is passed to the thinker and nowhere else: no private post is made for a
Mesa seat, no reminder is sent to one, and a failed search is logged by its exception type only.
"""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import aclosing
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from ai import LEVELS
from data.models import ACTIVE, ResultRow, SeatRow
from data.repository import Repository
from engines.base import IllegalMoveError
from tables.errors import TableError
from tables.i18n import News, Told
from tables.loaded import LoadedTable
from tables.outbox import BOARD, Message, PublicPost
from tables.outcome_words import deed, events_said
from tables.thinking import Anyone, Payer, Thinker, has_player, move_seed

log = logging.getLogger(__name__)

#: the level used when none is named
DEFAULT_LEVEL = "normal"
#: the level that plays a move for a player whose time ran out (issue 17)
TIMEOUT_LEVEL = "easy"
#: the first Mesa id; level i, k-th seat at a table: ``-(BASE + SEATS_PER_LEVEL * i + k)``
BASE = 1000
SEATS_PER_LEVEL = 10
#: Mesa's moves in a row at most in one ``mesa_turns`` (a safety net: Mesa thinks again on a stale answer)
MAX_MESA_MOVES = 2000
#: the name front ends accept for Mesa in a roster (``/play kona @mesa``)
NAME = "mesa"
#: the table option that keeps an open table's chosen level for "Fill with Mesa"
LEVEL_OPTION = "mesa_level"


def mesa_id(level: str, k: int = 0) -> int:
    """The user id of the ``k``-th Mesa seat of ``level`` at one table (0: the level's own identity)."""
    return -(BASE + SEATS_PER_LEVEL * LEVELS.index(level) + k)


def level_of(user_id: int) -> str | None:
    """The level of a Mesa id, or None for a person."""
    n = -user_id - BASE
    if user_id >= 0 or n < 0 or n >= SEATS_PER_LEVEL * len(LEVELS):
        return None
    return LEVELS[n // SEATS_PER_LEVEL]


def is_mesa(user_id: int) -> bool:
    return level_of(user_id) is not None


def mesa_name(level: str, k: int = 0) -> str:
    return f"Mesa ({level})" if k == 0 else f"Mesa {k + 1} ({level})"


#: names that read as Mesa's own ("Mesa", "mesa 2", "Mesa (hard)"): a person may not pass for the computer
_MESA_LIKE = re.compile(r"\s*mesa(\s+\d+)?\s*(\((?!player\)).*\))?\s*", re.IGNORECASE)


def reads_as_mesa(name: str) -> bool:
    """Whether a person's name would read as the computer's (``Mesa invites Ana`` from a person)."""
    return _MESA_LIKE.fullmatch(name) is not None


#: the bidirectional embeddings, overrides and isolates a user may put in a name: they reorder what follows them
#: in every message the name is said in ("x\u202eevil" read "xlive", and the numbers after it reversed)
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def person_name(name: str) -> str:
    """A person's name as tables show it: one that reads as Mesa's gets a mark, so it never passes for
    the computer (issue 28, item 15; Discord's display names are the users' own, so they are marked
    rather than refused); without the controls that would reorder the words around it."""
    name = BIDI_CONTROLS.sub("", name)
    return f"{name} (player)" if reads_as_mesa(name) else name


def board_name(user_id: int, name: str) -> str:
    """A leaderboard's name for a user: Mesa is marked as a bot."""
    return f"{name} [bot]" if is_mesa(user_id) else name


def parse_level(text: str | None) -> str:
    level = (text or DEFAULT_LEVEL).strip().lower()
    if level not in LEVELS:
        raise TableError("error.bad_option", option="level", value=text or "", allowed=", ".join(LEVELS))
    return level


@dataclass(frozen=True)
class MesaRequest:
    """What a /play asks of Mesa: how many seats, at which level; ``named``: Mesa ids named as
    opponents (a rematch names the same Mesa seats again)."""

    count: int = 0
    level: str = DEFAULT_LEVEL
    named: tuple[int, ...] = ()
    #: whether the player named a level (``level=``): with no Mesa seat to play it, a refusal says so
    level_asked: bool = False

    def seats(self, table_id: int, first_seat: int) -> list[SeatRow]:
        """The accepted Mesa seats of the table, numbered from ``first_seat``."""
        named = [SeatRow(table_id, first_seat + i, uid, _name_of(uid), is_ai=True, accepted=True)
                 for i, uid in enumerate(self.named)]
        more = mesa_seats(table_id, first_seat + len(named), self.count - len(named), self.level, self.named)
        return named + more


def _name_of(user_id: int) -> str:
    level = level_of(user_id) or DEFAULT_LEVEL
    return mesa_name(level, (-user_id - BASE) % SEATS_PER_LEVEL)


def take_request(options: Mapping[str, str], opponents: Sequence[tuple[int, str]] = ()
                 ) -> tuple[dict[str, str], list[tuple[int, str]], MesaRequest]:
    """Split ``level=`` and ``bots=`` (Mesa seats) off a /play's options, and Mesa's ids off its
    opponents; the rest go to the table as before."""
    named = tuple(uid for uid, _ in opponents if is_mesa(uid))
    humans = [(uid, name) for uid, name in opponents if not is_mesa(uid)]
    rest: dict[str, str] = {}
    level_text: str | None = None
    asked = False
    bots = 0
    for key, value in options.items():
        name = key.strip().lower()
        if name in ("level", LEVEL_OPTION):
            level_text = str(value)
            asked = asked or name == "level"  # (a rematch of an open table passes its kept level on)
        elif name in ("bots", "mesa"):
            try:
                bots = int(str(value).strip())
            except ValueError:
                raise TableError("error.bad_option", option=name, value=str(value), allowed="1, 2, 3") from None
            if bots < 0:
                raise TableError("error.bad_option", option=name, value=str(value), allowed="1, 2, 3")
        else:
            rest[key] = value
    return rest, humans, MesaRequest(bots + len(named), parse_level(level_text), named, asked)


def mesa_seats(table_id: int, first_seat: int, count: int, level: str, taken: Iterable[int] = ()) -> list[SeatRow]:
    """``count`` accepted Mesa seats from seat number ``first_seat`` on, with ids not yet ``taken``."""
    used = set(taken)
    seats: list[SeatRow] = []
    k = 0
    while len(seats) < count:
        uid = mesa_id(level, k)
        if uid not in used:
            seats.append(SeatRow(table_id, first_seat + len(seats), uid, mesa_name(level, k), is_ai=True,
                                 accepted=True))
        k += 1
    return seats


def rated_with_mesa(rated: bool, rate_mesa: bool, mesa_count: int) -> bool:
    """Unrated by default; a server may rate games against one Mesa seat (never Mesa against itself)."""
    if mesa_count == 0:
        return rated
    return rated and rate_mesa and mesa_count == 1


def mention_seats(ctx: LoadedTable, seats: Iterable[int]) -> list[int]:
    """The seats among ``seats`` held by people (a board mentions them; Mesa needs no nudge)."""
    return [s for s in seats if (row := ctx.by_seat(s)) is not None and not is_mesa(row.user_id)]


def mesa_actor(ctx: LoadedTable, actors: Sequence[int]) -> SeatRow | None:
    """The first Mesa seat among ``actors``."""
    for seat in actors:
        row = ctx.by_seat(seat)
        if row is not None and row.is_ai and is_mesa(row.user_id):
            return row
    return None


def table_players(ctx: LoadedTable) -> Anyone:
    """Whom Mesa's searches at this table are charged to (issue 29, item 5: one user's games may not take every
    worker): any of its human players still in the game, the least loaded when it is asked (``Anyone``): a guest
    at a busy host's table no longer waits behind the host's other games; none at a table of Mesa alone."""
    out = ctx.out_seats()
    return Anyone(s.user_id for s in sorted(ctx.seats, key=lambda s: s.seat)
                  if not is_mesa(s.user_id) and s.seat not in out)


def mesa_to_act(ctx: LoadedTable, state: Any) -> bool:
    """Whether a Mesa seat acts now (its table is then due for the ticker at once)."""
    return mesa_actor(ctx, ctx.acting(state)) is not None


def mesa_turn_goes_on(ctx: LoadedTable, state: Any, seat: int) -> bool:
    """A Mesa seat to act again in the same turn (``Engine.turn_goes_on``): the board of the move that
    led here is held back for the turn's last board (``MesaSeats.turns``), so it needs no picture."""
    row = ctx.by_seat(seat)
    return (row is not None and is_mesa(row.user_id) and ctx.row.status == ACTIVE
            and seat in ctx.acting(state) and bool(ctx.engine.turn_goes_on(state, seat)))


def _is_board(message: Message) -> TypeGuard[PublicPost]:
    return isinstance(message, PublicPost) and message.kind == BOARD


def _told_since(message: Message, held: Sequence[PublicPost]) -> Message:
    """A board that also tells the boards of the same turn held back before it: their moves before its
    own (one sentence, the name said once: ``Told``), their news before its own."""
    if not isinstance(message, PublicPost) or not _is_board(message):
        return message
    boards = [*held, message]
    told = Told(deed for board in boards for deed in _told_of(board))
    news = News(line for board in boards for line in board.params.get("news", ()))
    return replace(message, params={**message.params, "moves": told, "news": news})


def _told_of(board: PublicPost) -> Told:
    """A board's moves (none when it tells the previous move instead: a board drawn again)."""
    moves = board.params.get("moves")
    return moves if isinstance(moves, Told) else Told()


# ==================================================================== the record against Mesa
@dataclass(frozen=True)
class MesaRecord:
    """A player's results against one level of Mesa on one server (rated or not)."""

    level: str
    games: int
    wins: int
    losses: int
    draws: int


#: each finished table's sides, by table id: each seat's side, partners sharing one (``tables.leaderboard.table_sides``)
SidesByTable = Mapping[int, Sequence[int]]


def same_side(sides: SidesByTable, one: ResultRow, other: ResultRow) -> bool:
    """Whether two seats of a table played on one side (KR-6.2's partners, a cooperative K3 team): no game
    against each other.  A table whose sides are unknown: every seat its own."""
    side = sides.get(one.table_id) or ()
    return one.seat != other.seat and max(one.seat, other.seat) < len(side) and side[one.seat] == side[other.seat]


def sides_by_table(pairs: Sequence[tuple[ResultRow, str]]) -> tuple[list[ResultRow], dict[int, list[int]]]:
    """The results of ``Repository.results_with_options``, and each table's sides from its options."""
    from tables.leaderboard import table_sides

    players = Counter(r.table_id for r, _ in pairs)
    tables = {r.table_id: (r.game, options) for r, options in pairs}
    return [r for r, _ in pairs], {tid: table_sides(game, players[tid], options)
                                   for tid, (game, options) in tables.items()}


def records_against_mesa(results: Sequence[ResultRow], user_id: int,
                         sides: SidesByTable | None = None) -> list[MesaRecord]:
    """Per level, the player's results at tables where that level of Mesa sat against them (weakest level first).

    A win is placing ahead of every Mesa seat of that level, a loss behind one, a draw level.  A Mesa seat on
    the player's own side (``sides``: a partner, a cooperative team-mate) played with them, not against them.
    """
    by_table: dict[int, list[ResultRow]] = {}
    for r in results:
        by_table.setdefault(r.table_id, []).append(r)
    tally = {level: [0, 0, 0, 0] for level in LEVELS}
    for rows in by_table.values():
        mine = next((r for r in rows if r.user_id == user_id), None)
        if mine is None:
            continue
        for level in LEVELS:
            bots = [r for r in rows if level_of(r.user_id) == level and not same_side(sides or {}, r, mine)]
            if not bots:
                continue
            best = min(r.place for r in bots)
            count = tally[level]
            count[0] += 1
            if mine.place < best:
                count[1] += 1
            elif mine.place > best:
                count[2] += 1
            else:
                count[3] += 1
    return [MesaRecord(level, *tally[level]) for level in LEVELS if tally[level][0]]


async def mesa_records(repo: Repository, guild_id: int, user_id: int) -> list[MesaRecord]:
    """``records_against_mesa`` over the server's stored results."""
    results, sides = sides_by_table(await repo.results_with_options(guild_id))
    return records_against_mesa(results, user_id, sides)


def records_text(records: Sequence[MesaRecord], lang: str) -> str:
    """The /stats lines about Mesa ("" when the player never met it)."""
    from tables.i18n import Count, t

    if not records:
        return ""
    lines = [t("mesa.stats_title", lang)]
    lines += [t("mesa.stats_line", lang, name=mesa_name(r.level), games=Count(r.games, "game"),
                wins=Count(r.wins, "won"), losses=Count(r.losses, "lost"), draws=r.draws) for r in records]
    return "\n".join(lines)


# ==================================================================== Mesa at the table
class MesaMoves:
    """Chooses a seat's move as Mesa would: the thinker's search from that seat's view only, the
    engine's automatic move where the game has no computer player or the search fails."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker

    @staticmethod
    def auto_move(ctx: LoadedTable, state: Any, seat: int, rng: random.Random) -> Any:
        """The engine's ``auto_move`` for a seat: the fallback of Mesa's moves."""
        try:
            return ctx.engine.auto_move(state, seat, rng)
        except IllegalMoveError:  # nothing of the seat's own to play: the game goes on by chance
            return ctx.engine.random_move(state, rng)

    async def choose(self, ctx: LoadedTable, state: Any, seat: int, level: str, seed: int, *,
                     obliged: bool = False, payer: Payer = None) -> Any:
        """The computer player's move for ``seat`` from that seat's view only.  ``obliged``: a move the
        rules make the service play (a time-out, a seat that went out), searched in the thinker's own
        lane for them, never behind Mesa's optional searches; the others are charged to ``payer``, the user who
        asked (a hint, ``/auto``), else to the table's players (``table_players``), whose searches run a few at a
        time (``tables.thinking``)."""
        engine = ctx.engine
        if has_player(engine.name):
            try:
                charged = None if obliged else table_players(ctx) if payer is None else payer
                text = await self.thinker.choose(engine.name, engine.view(state, seat), seat, level, seed,
                                                 payer=charged, obliged=obliged)
                return engine.parse_move(state, text)
            except Exception as exc:  # the view's content never reaches the log: the type only
                log.error("table %d: Mesa's search failed (%s); playing the automatic move", ctx.id,
                          type(exc).__name__)
        return self.auto_move(ctx, state, seat, random.Random(seed))

    async def played_for(self, ctx: LoadedTable, state: Any, seat: int, seed: int, *, obliged: bool = False,
                         payer: Payer = None) -> Any:
        """The move played for a player (a time-out, a seat that went out, ``/auto``): where the game's rules
        name the move a time-out plays (``on_timeout="auto"``: Krakatoa's ``auto``, KR-8.4, the move its board
        says "Auto would play" and its Auto button plays), exactly that; else Mesa's ``easy`` level from the
        seat's view (issue 17)."""
        if ctx.engine.description.on_timeout == "auto":
            return self.auto_move(ctx, state, seat, random.Random(seed))
        return await self.choose(ctx, state, seat, TIMEOUT_LEVEL, seed, obliged=obliged, payer=payer)

    async def timeout_move(self, ctx: LoadedTable, state: Any, seat: int) -> Any:
        """The automatic move of a player whose time ran out (``played_for``)."""
        return await self.played_for(ctx, state, seat, move_seed(ctx.row.seed, ctx.plies + 1, seat, "timeout"),
                                     obliged=True)

    async def leaver_move(self, ctx: LoadedTable, state: Any, seat: int, ply: int) -> Any:
        """The move of a seat that went out (ran out of time, or resigned with others still in): ``played_for``."""
        return await self.played_for(ctx, state, seat, move_seed(ctx.row.seed, ply + 1, seat, "timeout"),
                                     obliged=True)


#: how Mesa's move is submitted: ``(table, user, text, expected_version) -> messages`` (``TableService.submit_move``)
Submit = Callable[[int, int, str, int], Awaitable[list[Message]]]
#: how a table is loaded (``TableStore.load``)
Load = Callable[[int], Awaitable[LoadedTable]]
#: a table's log replayed, each step with the seat the log stored for it (``TableStore.log_steps``)
Steps = Callable[[LoadedTable], Awaitable[Sequence[tuple[Any, int]]]]


class MesaSeats:
    """Plays Mesa's seats: every Mesa move due at a table, submitted like any player's."""

    def __init__(self, load: Load, moves: MesaMoves, submit: Submit, steps: Steps | None = None) -> None:
        self.load = load
        self.moves = moves
        self.submit = submit
        self.steps = steps  # the table's log replayed (``TableStore.log_steps``): a turn begun before a restart
        self.busy: set[int] = set()  # tables whose Mesa move is being thought about in this process

    async def to_move(self, table_id: int) -> bool:
        """Whether a Mesa seat is to act at this table now."""
        try:
            ctx = await self.load(table_id)
        except TableError:
            return False
        return ctx.row.status == ACTIVE and mesa_to_act(ctx, ctx.state)

    async def turns(self, table_id: int) -> AsyncGenerator[list[Message], None]:
        """Play every Mesa move due at this table, one stored move (and its messages) at a time."""
        if table_id in self.busy:  # another task of this process is thinking for this table already
            return
        self.busy.add(table_id)
        fallback = False  # after a refused answer: the engine's automatic move for that turn
        held: list[PublicPost] = []  # this Mesa turn's boards not posted yet (one board a turn)
        try:
            for _ in range(MAX_MESA_MOVES):
                try:
                    ctx = await self.load(table_id)
                except TableError:
                    return
                row = mesa_actor(ctx, ctx.acting(ctx.state)) if ctx.row.status == ACTIVE else None
                if row is None:
                    return
                if not held and mesa_turn_goes_on(ctx, ctx.state, row.seat):  # begun by a process that stopped
                    held = [await self._begun(ctx, row)]
                level = level_of(row.user_id) or DEFAULT_LEVEL
                seed = move_seed(ctx.row.seed, ctx.plies + 1, row.seat)
                if fallback:
                    move = self.moves.auto_move(ctx, ctx.state, row.seat, random.Random(seed))
                else:
                    move = await self.moves.choose(ctx, ctx.state, row.seat, level, seed)
                text = ctx.engine.format_move(ctx.state, move)
                try:
                    messages = await self.submit(table_id, row.user_id, text, ctx.row.version)
                except TableError as exc:
                    # a player moved meanwhile, or this very move was played already (another process playing the
                    # same turn): look again
                    if exc.key in ("error.stale", "error.already_played"):
                        continue
                    log.error("table %d: Mesa's move was refused (%s)", table_id, exc.key)
                    if fallback:
                        return
                    fallback = True
                    continue
                fallback = False
                if await self._acts_again(table_id, row.seat):  # its moves and news wait for the turn's board
                    held += [m for m in messages if _is_board(m)]
                    messages = [m for m in messages if not _is_board(m)]
                elif held:
                    messages = [_told_since(m, held) for m in messages]
                    held = []
                yield messages
        finally:
            self.busy.discard(table_id)

    async def _begun(self, ctx: LoadedTable, row: SeatRow) -> PublicPost:
        """The moves of this Mesa turn stored before this process took it up (the bot stopped in the middle of
        it, its boards held back for the turn's last board): held as a board, so the turn's last board tells
        the whole turn, as it would have without the restart ("threw all nine dice (14 points), kept them, ...")."""
        logged = list(await self.steps(ctx)) if self.steps is not None else []
        start = len(logged)
        for i in range(len(logged) - 1, -1, -1):
            step, seat = logged[i]
            if seat == row.seat:
                start = i
                if not ctx.engine.turn_goes_on(step.before, row.seat):  # the turn's first move
                    break
            elif seat >= 0:  # another seat's move: the turn began after it
                break
        names, begun = ctx.names(), logged[start:]
        told = Told(deed(ctx.engine, step.before, step.move, ctx.name(row) if seat >= 0 else "", names)
                    for step, seat in begun)
        news = News(events_said(ctx.engine, ctx.id, ctx.title, names, [(step.before, step.move) for step, _ in begun],
                                ctx.state, gone=ctx.out_seats()))
        return PublicPost(ctx.id, BOARD, "board.mesa", {"moves": told, "news": news})

    async def _acts_again(self, table_id: int, seat: int) -> bool:
        """Whether this Mesa seat's turn goes on after the move just stored: its board can wait."""
        try:
            ctx = await self.load(table_id)
        except TableError:
            return False
        return mesa_turn_goes_on(ctx, ctx.state, seat)

    async def play(self, table_id: int) -> list[Message]:
        """Every Mesa move due at this table, their messages in order (the ticker, tests)."""
        out: list[Message] = []
        async with aclosing(self.turns(table_id)) as turns:
            async for messages in turns:
                out.extend(messages)
        return out
