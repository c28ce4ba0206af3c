"""Tournaments in a server (issue 31): the collaborator front ends reach as ``service.tournaments``.

Round robin and Swiss for two-player games, rounds seated in groups for games of three or four, played
across days on ordinary tables.  The pairing and standings are the pure core's (``tables.tournament``:
``plan.Plan`` says how many rounds and what the next one is); storage is ``data/tournaments.py``.

**The API** (every method async; a refusal is a ``TableError`` with an i18n key, EN and ES, and writes
nothing; ``tournament_id`` None means the one the command can only mean: the server's only open one to
join, the caller's only one to leave or withdraw from, the server's only one underway otherwise, else a
refusal that lists them):

- ``create(guild_id, channel_id, user_id, name, game, options, *, manages=False) -> list[Message]``:
  ``options`` as typed: ``format`` (``round-robin`` | ``swiss``, required), ``rounds``, ``double``,
  ``time_per_move``, ``rated``, ``max_players`` (default 64, at most 256), ``mesa_fills`` and the game's
  own options, checked as ``/play`` checks them (and against every table size the event may seat).
  ``manages``: whether the caller has Manage Server (the Discord layer knows; the console says True).
- ``join(guild_id, user_id, name, tournament_id=None)``, ``leave(guild_id, user_id, tournament_id=None)``
  (before the start), ``withdraw(guild_id, user_id, tournament_id=None)`` (after it: their game in play is
  forfeited, ``tables.endings.FORFEIT``, and they are paired no more), ``remove(guild_id, user_id, target_id,
  tournament_id=None, *, manages=False)`` (the organiser, or someone with Manage Server; oneself is refused
  with the command to type: ``leave``, or ``withdraw`` once started),
  ``member_left(guild_id, user_id)`` (the front end saw them leave the server: withdrawn from all; a
  front end that is not told of departures sets ``still_member`` instead, and a player of a finished round
  who ran out of time and has left is taken out before the next round: ``tables.tournament_departures``),
- ``start(guild_id, user_id, tournament_id=None, *, manages=False)``: pairs round 1 and opens its
  tables; ``cancel(...)`` likewise (tables in play go on as ordinary games; no more rounds),
- ``standings(guild_id, tournament_id=None) -> Standings`` (rows with rank, user id, name, points,
  Buchholz, Sonneborn-Berger, games, byes, status: what a picture is drawn from) and
  ``pairings(guild_id, tournament_id=None, round_=None) -> Pairings``; ``standings_text(st, lang)`` and
  ``pairings_text(p, lang)`` say them as text,
- ``managers_only(guild_id)``, ``set_managers_only(guild_id, value)``: the server setting (anyone may
  create, start and cancel; or only people with Manage Server),
- ``listing(guild_id, user_id, action, *, manages=False) -> list[Listed]``: the tournaments the caller
  may ``join``, ``leave``, ``withdraw``, ``start``, ``cancel``, ``remove``, or read (``standings``,
  ``pairings``), newest first (``Listed.label(lang)``: ``#3 Kona, Swiss (8 players)``),
- ``announced(post)``: the front end delivered a round's announcement or the final standings
  (``TournamentPost.announces``); ``needs_place(table_id)``: a paired table whose place (thread) the
  front end has not made yet,
- ``table_ended(table_id)`` (the ``Finisher``'s hook) and ``sweep()`` (the ticker's): rounds advance.

Messages: the tables' own posts (boards, DMs, deadlines: they are ordinary tables, opened through
``Seating``) and ``TournamentPost`` announcements for the tournament's channel, mentioning only the
players concerned.

**For a front end** (the console does all of this; the Discord layer will):

- deliver ``TournamentPost`` (``tournament_id``, ``guild_id``, ``channel_id``, ``key``, ``params``,
  ``mention``; ``t(key, lang, **params)`` says it, ``Lines``/``Phrase``/``Names`` params included) to its
  channel, pinging only ``mention``; they come from the commands above, and also after any move, resignation
  or tick that ends a round's last table (``Finisher.on_end``, ``Deadlines.sweeps``), mixed with the boards;
- a round's tables are opened by the service, not by a command in a channel: their first ``PublicPost``
  comes for a table with no thread yet (``TableSummary.channel_id`` is the tournament's channel;
  ``needs_place`` says so), so the front end makes the table's thread before delivering it, whichever
  path brings it (a paired table is stored with ``posted_version`` ``UNPLACED``, -1, so ``missed_posts``
  hands out a board started but never posted; a paired table's invitation is never shown);
- confirm each ``TournamentPost`` whose ``announces`` is not None once delivered (``announced``): until
  then the sweep hands it out again (at least once);
- pass ``manages`` (the caller has Manage Server) to create, start, cancel and remove, and call
  ``member_left`` when a member leaves the server, or set ``still_member`` where it is not told (Discord,
  without the member intent); ``managers_only``/``set_managers_only`` is the
  ``/settings`` switch;
- draw the standings from ``Standings.rows`` (``StandingRow``: rank, user_id, name, points, buchholz,
  sonneborn_berger as ``Fraction``s, ``points_text`` writes them ``2½``; games, byes, status) and
  ``Standings.winners`` (rank 1 once finished).

**How a round advances exactly once.**  When every board of the current round is decided (the places
are read from the finished table's results, written once: ``WHERE places IS NULL``), the next round is
computed from the stored results and written by ``data.tournaments.pair_round`` in ONE transaction: the
round's row (``PRIMARY KEY (tournament, round)``), its tables (seats accepted, not yet started) and its
pairings.  Two processes that both see the round end both try; the database refuses the second insert
and that process does nothing more.  A process killed inside the transaction leaves nothing; one killed
after it leaves tables not yet started, which the next ``advance`` (any process: the table's version
check lets one start it) starts.  The ``Finisher`` calls ``table_ended`` after every table's ending,
so a round usually advances with the move that ends it; the ticker's ``sweep`` catches whatever a
crash left.
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from typing import Any

from data import tournaments as db
from data.errors import StorageUnavailable
from data.models import ABORTED, LIVE, WAITING, GuildSettings, TableOptions, now_iso
from data.repository import Repository
from data.tournaments import EntrantRow, PairingRow, TournamentRow
from engines import Engine, get_engine
from tables import tournament_idle
from tables.bounded import TableLocks
from tables.durations import format_duration
from tables.endings import FORFEIT
from tables.errors import TableError
from tables.finish import LostRace
from tables.games import known_game, variant_text
from tables.games import title as game_title
from tables.i18n import EN, Clauses, Count, Lines, Names, Phrase, t
from tables.loaded import seat_marks_of, told_apart
from tables.mesa import is_mesa, person_name
from tables.outbox import INFO, WARNING, Message, PublicPost, TournamentPost
from tables.play import Play
from tables.seating import MAX_NAME, Seating
from tables.store import TableStore
from tables.table_options import FALSE_WORDS, TRUE_WORDS, check_fits, read_request
from tables.tournament import Result, standings, table_sizes
from tables.tournament.plan import FORMATS, MAX_ROUNDS, ROUND_ROBIN, SWISS, Plan
from tables.tournament_boards import round_boards
from tables.tournament_departures import MemberCheck, take_out_departed
from tables.tournament_idle import sweep_idle

log = logging.getLogger(__name__)

#: open or running tournaments a server may have at once
MAX_OPEN = 5
#: players a tournament takes by default, and at most
DEFAULT_PLAYERS, MAX_PLAYERS = 64, 256
#: a round's announcement (or the final standings) not confirmed delivered this long after it was handed out
#: is handed out again by the sweep (a process died, or the front end could not post it): at least once
ANNOUNCE_AFTER_SECONDS = 60
#: the options a tournament reads itself; every other one goes to its tables (``/play``'s)
OWN_OPTIONS = ("format", "rounds", "double", "max_players", "mesa_fills")
FORMAT_WORDS = {"round-robin": ROUND_ROBIN, "roundrobin": ROUND_ROBIN, "round_robin": ROUND_ROBIN, "rr": ROUND_ROBIN,
                "swiss": SWISS}


# ==================================================================== what front ends read
@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: what a picture or a text is made from."""

    rank: int
    user_id: int
    name: str
    points: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction
    games: int
    byes: int
    status: str  # in, withdrawn, removed, left


@dataclass(frozen=True)
class Standings:
    tournament_id: int
    game: str
    title: str
    format: str
    status: str  # open, running, finished, cancelled
    round: int  # the last round whose every board is decided (the standings are after it)
    rounds: int  # rounds planned (0 before the start)
    rows: tuple[StandingRow, ...]
    playing: int = 0  # the round whose games are still in play (their results count as they end), else 0
    paired: int = 0  # rounds paired so far (a cancelled event may have stopped in the middle of one)
    ended: int = 0  # the games of the round in play that have ended (a bye is no game)

    @property
    def started(self) -> bool:
        """Whether any round was paired: before that the rows are the entrants in entry order, unranked."""
        return bool(self.paired or self.round or self.playing)

    @property
    def stopped_in(self) -> int:
        """The round that was in play when the event was cancelled (its finished games count), else 0."""
        return self.paired if self.status == db.CANCELLED and self.paired > self.round else 0

    @property
    def winners(self) -> tuple[StandingRow, ...]:
        """Those ranked first, once the event is over (several only when tied on every tie-break); never
        someone who withdrew, was removed or left (they are ranked below everyone still in): none when
        nobody is still in."""
        if self.status != db.FINISHED:
            return ()
        return tuple(r for r in self.rows if r.rank == 1 and r.status == db.IN)


@dataclass(frozen=True)
class Board:
    """One board of a round: players in seat order (first mover first), Mesa's seats named too."""

    board: int
    kind: str  # game, bye, forfeit
    table_id: int | None
    user_ids: tuple[int, ...]
    names: tuple[str, ...]
    places: tuple[int, ...] | None
    #: a forfeit's absent player: how they went out (``withdrawn``, ``removed``, ``left``), said on its line
    out: str | None = None

    @property
    def concerned(self) -> tuple[int, ...]:
        """Whom the board's line pings: its players, but not a forfeit's absent one (out of the event, maybe gone
        from the server: named on its line, never pinged) nor Mesa."""
        players = self.user_ids[:1] if self.kind == db.FORFEIT else self.user_ids
        return tuple(u for u in players if not is_mesa(u))


@dataclass(frozen=True)
class Pairings:
    tournament_id: int
    title: str
    round: int
    rounds: int
    boards: tuple[Board, ...]
    #: what a bye is worth at this event (``Scoring.for_sizes``: a win at two-player events, else the average
    #: of a table of the smallest size)
    bye: Fraction = Fraction(1)
    status: str = "running"  # the event's: open, running, finished, cancelled


@dataclass(frozen=True)
class Bye:
    """A round in play where a player has no table (``TournamentLists.byes``): they sit it out with a bye, or
    (``playing``: the round's tables still playing) their game of it is decided while others play on."""

    tournament_id: int
    title: str
    round: int
    rounds: int
    worth: Fraction
    #: None: a bye; else the player's board is decided (a game ended, a forfeit won) and this many tables play on
    playing: int | None = None

    def phrase(self) -> Phrase:
        """"Tournament #1 (Kona), round 1 of 3: you have a bye (1 point); your next game comes with round 2."
        (the last round: the final standings come when its games end); a decided game: "…: your game of this round
        is decided; your next game comes with round 2, when the round ends (1 table still playing)"."""
        kind = "tournament.bye_now" if self.playing is None else "tournament.round_decided"
        key = kind if self.round < self.rounds else f"{kind}.last"
        return Phrase(key, {"id": self.tournament_id, "title": self.title, "round": self.round,
                            "rounds": self.rounds, "points": points_phrase(self.worth), "next": self.round + 1,
                            "tables": Count(self.playing or 0, "table_playing")})


@dataclass(frozen=True)
class Listed:
    """A tournament a caller may act on, as a front end offers it (``Tournaments.listing``)."""

    id: int
    game: str
    title: str
    format: str  # the ``tournament.format.*`` word: swiss, round_robin, double, groups
    status: str
    players: int

    def label(self, lang: str = "en") -> str:
        """``#3 Kona, Swiss (8 players)``, in ``lang``."""
        return t("tournament.choice", lang, id=self.id, title=self.title,
                 format=Phrase(f"tournament.format.{self.format}"), players=Count(self.players, "player"))


#: the announcements that carry the standings picture, both front ends (a round after the first, the end)
PICTURED = ("tournament.round", "tournament.final", "tournament.final_shared")


def pictured(key: str, params: dict[str, Any]) -> bool:
    """Whether an announcement carries the standings picture: after the rounds decided (not round 1's)."""
    return key in PICTURED and params.get("round") != 1


#: what a caller may do with a tournament, for ``Tournaments.listing``
ACTIONS = ("join", "leave", "withdraw", "start", "cancel", "remove", "standings", "pairings")


def points_text(value: Fraction) -> str:
    """``2``, ``2½``, ``½``, ``8¼``, ``1¾`` (as the standings picture writes them, ``render.standings.number_text``:
    one style in text and picture), a decimal for other fractions."""
    whole, part = divmod(value, 1)
    glyph = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(part)
    if glyph is not None:
        return (str(int(whole)) if whole or not glyph else "") + glyph
    return f"{float(value):.2f}".rstrip("0")


def tiebreak_said(st: Standings) -> Phrase | str:
    """Which tiebreak made the one winner, where the runner-up has as many points: "Ana and Ben finished level on
    1½ points: Buchholz decided it (2½ to 1½)" (the final's lines give the points alone); else nothing."""
    if len(st.winners) != 1 or len(st.rows) < 2:
        return ""
    first, second = st.rows[0], st.rows[1]
    if second.points != first.points or second.status != db.IN:
        return ""
    for key, mine, theirs in (("buchholz", first.buchholz, second.buchholz),
                              ("sonneborn_berger", first.sonneborn_berger, second.sonneborn_berger)):
        if mine != theirs:
            return Phrase(f"tournament.decided.{key}", {"winner": first.name, "second": second.name,
                                                        "points": points_phrase(first.points),
                                                        "mine": points_text(mine), "theirs": points_text(theirs)})
    return ""


def points_phrase(value: Fraction) -> Phrase:
    """``1 point``, ``½ point``, ``2½ points``, ``0 points`` (the reader's language)."""
    key = "tournament.points.one" if 0 < value <= 1 else "tournament.points.many"
    return Phrase(key, {"points": points_text(value)})


def result_phrase(names: Sequence[str], places: Sequence[int]) -> Phrase:
    """A decided board's result by name: ``Ana won`` or ``drawn`` for two; ``places: Ana 1, Ben 2, ...``."""
    if len(names) == 2:
        if places[0] == places[1]:
            return Phrase("tournament.result.drawn", {})
        return Phrase("tournament.result.won", {"name": names[0] if places[0] < places[1] else names[1]})
    ranked = sorted(zip(places, range(len(names)), names))
    return Phrase("tournament.result.places", {"places": ", ".join(f"{n} {p}" for p, _, n in ranked)})


def standings_head(st: Standings, lang: str = "en") -> str:
    """The standings' first line: after which round, whether one is in play, and how the event ended."""
    facts = {"id": st.tournament_id, "title": st.title, "round": st.round, "rounds": st.rounds,
             "playing": st.playing, "played": Count(st.rounds, "round")}
    if st.status == db.FINISHED:
        key = "tournament.standings.final" if st.round >= st.rounds else "tournament.standings.final_early"
    elif st.stopped_in:
        key = "tournament.standings.cancelled_during"
        facts["playing"] = st.stopped_in
    elif st.status == db.CANCELLED:
        key = "tournament.standings.cancelled"
    elif st.playing:  # a round in play: its ended games count, or none has ended yet
        key = "tournament.standings." + ("playing" if st.round else "first_round") + ("" if st.ended else "_none")
    else:
        key = "tournament.standings.head"
    return t(key, lang, **facts)


def standings_text(st: Standings, lang: str = "en") -> str:
    """The standings as lines of text, in ``lang``."""
    if not st.started:  # not started (or cancelled before its first round): who entered, in that order
        key = "tournament.standings.cancelled_unplayed" if st.status == db.CANCELLED else "tournament.standings.none"
        key += "" if st.rows else ".empty"  # nobody entered: no "0 entered" over an empty list
        head = t(key, lang, id=st.tournament_id, title=st.title, count=Count(len(st.rows), "entrant"))
        return "\n".join([head, *(f"{i}. {row.name}" for i, row in enumerate(st.rows, start=1))])
    lines = [standings_head(st, lang)]
    for row in st.rows:
        key = "tournament.standings.row" if row.status == db.IN else "tournament.standings.row_out"
        lines.append(t(key, lang, rank=row.rank, name=row.name, points=points_phrase(row.points),
                       buchholz=points_text(row.buchholz), sb=points_text(row.sonneborn_berger),
                       games=Count(row.games, "game"),
                       status=t(f"tournament.status.{row.status}", lang)))
    if st.winners:
        key = "tournament.winner" if len(st.winners) == 1 else "tournament.winners"
        lines.append(t(key, lang, names=Names(r.name for r in st.winners)))
    return "\n".join(lines)


def board_phrase(board: Board, bye: Fraction = Fraction(1)) -> Phrase:
    """One board in words (a ``Phrase``: said in the reader's language); ``bye``: what a bye is worth there."""
    if board.kind == db.BYE:
        return Phrase("tournament.board.bye", {"name": board.names[0], "points": points_phrase(bye)})
    if board.kind == db.FORFEIT:  # said as the absent player went out: withdrew, was removed, left the server
        key = f"tournament.board.forfeit.{board.out}"
        return Phrase(key if key in EN else "tournament.board.forfeit.withdrawn",
                      {"name": board.names[0], "other": board.names[1]})
    players: Phrase | str = (Phrase("tournament.versus", {"first": board.names[0], "second": board.names[1]})
                             if len(board.names) == 2 else ", ".join(board.names))  # "Ana v Cy", "Ana contra Cy"
    if board.places is not None:
        return Phrase("tournament.board.done", {"table": board.table_id, "players": players,
                                                "result": result_phrase(board.names, board.places)})
    return Phrase("tournament.board.game", {"table": board.table_id, "players": players})


def pairings_text(p: Pairings, lang: str = "en") -> str:
    key = "tournament.pairings.head_cancelled" if p.status == db.CANCELLED else "tournament.pairings.head"
    head = t(key, lang, id=p.tournament_id, title=p.title, round=p.round, rounds=p.rounds)
    return "\n".join([head, *(t(b.key, lang, **b.params) for b in (board_phrase(x, p.bye) for x in p.boards))])


# ==================================================================== the collaborator
class Tournaments:
    """Tournaments: created, joined, started, paired round after round, finished (module docstring)."""

    def __init__(self, store: TableStore, seating: Seating, play: Play, seed_source: Callable[[], int]) -> None:
        self.store = store
        self.repo = store.repo
        self.seating = seating
        self.play = play
        self.seed_source = seed_source
        self._locks = TableLocks()  # one per tournament, bounded (issue 15, defect 14)
        #: tests only: awaited inside the pairing's transaction after each board (a crash mid-pairing)
        self.fault: Any = None
        #: the front end's answer to "is this user still in the server?" (``tables.tournament_departures``):
        #: a late player of a finished round who left is out before the next round is paired; None: never asked
        self.still_member: MemberCheck | None = None

    # ---- the server's setting ------------------------------------------------------------------------
    async def managers_only(self, guild_id: int) -> bool:
        return await db.managers_only(self.repo, guild_id)

    async def set_managers_only(self, guild_id: int, value: bool) -> None:
        await db.set_managers_only(self.repo, guild_id, value, self.store.stamp())

    async def _may_organise(self, guild_id: int, manages: bool) -> None:
        if not manages and await db.managers_only(self.repo, guild_id):
            raise TableError("tournament.error.managers_only")

    # ---- creating --------------------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, user_id: int, name: str, game: str,
                     options: Mapping[str, str], *, manages: bool = False) -> list[Message]:
        game_name = known_game(game)
        engine = get_engine(game_name)
        settings = await self.repo.guild_settings(guild_id)
        plan, max_players, resolved = read_event(engine, game_name, options, settings, channel_id)
        await self._may_organise(guild_id, manages)
        stored = {"table": resolved.to_json(), "rounds": plan.rounds_asked, "double": plan.double,
                  "mesa_fills": plan.mesa_fills}
        organiser = person_name(name[:MAX_NAME])
        now = self.store.stamp()
        try:
            tid = await db.create_tournament(self.repo, guild_id=guild_id, channel_id=channel_id, game=game_name,
                                             format=plan.format, options=stored, organiser_id=user_id,
                                             max_players=max_players, cap=MAX_OPEN, now=now,
                                             organiser_name=organiser)
        except db.Refused:
            raise TableError("tournament.error.cap", cap=MAX_OPEN) from None
        except StorageUnavailable:  # perhaps while COMMIT was on its way: made after all, it is announced now
            made = await db.tournament_made(self.repo, guild_id, user_id, channel_id, game_name, now)
            if made is None:  # (a retry had made a second event, the first never announced)
                raise
            tid = made
        row = await self._row(tid)
        terms = [Phrase("tournament.term.time", {"time": format_duration(resolved.time_per_move, exact=True)}),
                 Phrase("tournament.term.rated" if resolved.rated else "tournament.term.unrated")]
        variant = variant_text(game_name, resolved.game)  # what is played, as a table's invitation says it
        if variant:
            terms.insert(0, Phrase("tournament.term.variant", {"variant": variant}))
        if plan.rounds_asked:
            terms.insert(0, Phrase("tournament.term.rounds", {"count": Count(int(plan.rounds_asked), "round")}))
        if plan.mesa_fills:
            terms.append(Phrase("tournament.term.mesa_fills"))
        return [self._post(row, "tournament.created", organiser=organiser, max=max_players,
                           format=Phrase(f"tournament.format.{_format_key(row)}"), terms=Clauses(terms))]

    # ---- entering and leaving --------------------------------------------------------------------------
    async def join(self, guild_id: int, user_id: int, name: str, tournament_id: int | None = None) -> list[Message]:
        row = await self._meant(guild_id, tournament_id, action="join", statuses=(db.OPEN,), user_id=user_id,
                                empty="tournament.error.none_open")
        shown = person_name(name[:MAX_NAME])
        try:
            count = await db.join(self.repo, row.id, user_id, shown, self.store.stamp())
        except db.Refused as exc:
            raise _refusal(exc, row) from None
        if count >= row.max_players:  # the last seat taken: the organiser is told they can start it (pinged)
            by = row.organiser_name or ""
            return [self._post(row, "tournament.joined_full" if by else "tournament.joined_full_anon",
                               () if user_id == row.organiser_id else (row.organiser_id,), name=shown,
                               count=Count(count, "entrant"), organiser=by)]
        return [self._post(row, "tournament.joined", name=shown, count=Count(count, "entrant"))]

    async def leave(self, guild_id: int, user_id: int, tournament_id: int | None = None) -> list[Message]:
        row = await self._mine(guild_id, user_id, tournament_id, action="leave")
        if row.status != db.OPEN:
            raise TableError("tournament.error.use_withdraw", id=row.id)
        entrant = await self._entrant(row, user_id, "tournament.error.you_not_entered")
        try:
            count = await db.leave_open(self.repo, row.id, user_id, self.store.stamp())
        except db.Refused as exc:
            raise _refusal(exc, row) from None
        return [self._post(row, "tournament.left" if count else "tournament.left.empty", name=entrant.name,
                           count=Count(count, "entrant"))]

    async def withdraw(self, guild_id: int, user_id: int, tournament_id: int | None = None) -> list[Message]:
        row = await self._mine(guild_id, user_id, tournament_id, action="withdraw")
        if row.status == db.OPEN:
            return await self.leave(guild_id, user_id, row.id)
        return await self._stop(row, user_id, db.WITHDRAWN)

    async def remove(self, guild_id: int, user_id: int, target_id: int, tournament_id: int | None = None, *,
                     manages: bool = False, target_name: str = "") -> list[Message]:
        row = await self._meant(guild_id, tournament_id, action="remove @NAME", user_id=user_id)
        if target_id == user_id:  # taking oneself off is leaving or withdrawing: their own commands, never "removed"
            raise TableError("tournament.error.remove_self_open" if row.status == db.OPEN
                             else "tournament.error.remove_self", id=row.id)
        self._organiser(row, user_id, manages)
        _not_mesa(row, target_id)
        entrant = await self._entrant(row, target_id, target_name=target_name)
        if row.status == db.OPEN:
            try:
                await db.leave_open(self.repo, row.id, target_id, self.store.stamp())
            except db.Refused as exc:
                raise _refusal(exc, row) from None
            return [self._post(row, "tournament.removed", name=entrant.name)]
        return await self._stop(row, target_id, db.REMOVED)

    async def member_left(self, guild_id: int, user_id: int) -> list[Message]:
        """The player left the server: off every open tournament's list, out of every running one."""
        messages: list[Message] = []
        for row in await db.user_tournaments(self.repo, guild_id, user_id):
            if row.status == db.OPEN:
                await db.leave_open(self.repo, row.id, user_id, self.store.stamp())
            else:
                messages += await self._stop(row, user_id, db.LEFT)
        return messages

    async def _stop(self, row: TournamentRow, user_id: int, status: str) -> list[Message]:
        """A player out of a running tournament: marked, their game in play forfeited (left as by a resignation)."""
        if row.status != db.RUNNING:
            raise TableError("tournament.error.not_running", id=row.id)
        entrant = await self._entrant(row, user_id)
        if not await db.stop_entrant(self.repo, row.id, user_id, status, self.store.stamp()):
            raise TableError("tournament.error.not_entered", id=row.id)
        # read after the stop's commit: a round paired meanwhile (under the same lock) is seen here
        in_play = [p for p in await db.pairings(self.repo, row.id)
                   if p.table_id is not None and p.places is None and user_id in p.players]
        key = f"tournament.out.{status}" if in_play else f"tournament.out.{status}.idle"  # a bye: no game to forfeit
        messages: list[Message] = [self._post(row, key, name=entrant.name)]
        for pairing in in_play:
            if pairing.table_id is not None:
                messages += await self._open_table(pairing.table_id)  # (started first if a crash left it waiting)
                try:
                    messages += await self.play.resign(pairing.table_id, user_id, FORFEIT)
                except TableError as exc:  # already out of that game, or it just ended
                    log.info("tournament %d: no forfeit at table %d (%s)", row.id, pairing.table_id, exc.key)
        return messages + await self.advance(row.id)

    # ---- starting and cancelling ---------------------------------------------------------------------
    async def start(self, guild_id: int, user_id: int, tournament_id: int | None = None, *,
                    manages: bool = False) -> list[Message]:
        await self._started_already(guild_id, tournament_id)
        row = await self._meant(guild_id, tournament_id, action="start", statuses=(db.OPEN,),
                                empty="tournament.error.none_open", user_id=user_id)
        self._organiser(row, user_id, manages)
        await self._may_organise(guild_id, manages)
        plan = _plan_of(row)
        count = len([e for e in await db.entrants(self.repo, row.id) if e.status == db.IN])
        if count < plan.min_players():
            raise TableError("tournament.error.too_few" if count else "tournament.error.too_few.none", id=row.id,
                             count=Count(count, "entrant"),
                             min=plan.min_players())
        rounds = plan.rounds(count)
        if not await db.set_status(self.repo, row.id, (db.OPEN,), db.RUNNING, self.store.stamp(), rounds=rounds):
            raise TableError("tournament.error.not_open", id=row.id)
        notes: list[Message] = []
        if plan.rounds_asked and rounds < plan.rounds_asked:  # a Swiss of n plays at most n - 1 rounds (n if odd)
            notes.append(self._post(row, "tournament.rounds_reduced", asked=Count(plan.rounds_asked, "round"),
                                    rounds=Count(rounds, "round"), players=Count(count, "player")))
        return notes + await self.advance(row.id)

    async def start_channel(self, guild_id: int, tournament_id: int | None = None, *,
                            user_id: int | None = None) -> int | None:
        """The channel of the tournament ``start`` would start (its tables are opened there), or None where
        ``start`` would refuse (it says why itself): a front end checks it may post there, not where the
        command was typed."""
        try:
            row = await self._meant(guild_id, tournament_id, action="start", statuses=(db.OPEN,),
                                    empty="tournament.error.none_open", user_id=user_id)
        except TableError:
            return None
        return row.channel_id

    async def _started_already(self, guild_id: int, tournament_id: int | None) -> None:
        """``start`` of an event already running (named, or the server's only one underway and none open)
        is refused saying so plainly, and which round is in play; not as if a player asked to join."""
        if tournament_id is None:
            if await db.guild_tournaments(self.repo, guild_id, (db.OPEN,)):
                return
            running = await db.guild_tournaments(self.repo, guild_id, (db.RUNNING,))
            if len(running) > 1:
                raise TableError("tournament.error.all_started", ids=Names(f"#{r.id}" for r in running))
            row = running[0] if running else None
        else:
            row = await db.get_tournament(self.repo, tournament_id)
        if row is None or row.guild_id != guild_id or row.status != db.RUNNING:
            return  # the usual refusals follow
        current = await db.rounds_paired(self.repo, row.id)
        raise TableError("tournament.error.started_already", id=row.id, round=current, rounds=row.rounds)

    async def cancel(self, guild_id: int, user_id: int, tournament_id: int | None = None, *,
                     manages: bool = False) -> list[Message]:
        row = await self._meant(guild_id, tournament_id, action="cancel", user_id=user_id)
        self._organiser(row, user_id, manages)
        await self._may_organise(guild_id, manages)
        for was, key in ((db.OPEN, "tournament.cancelled.open"), (db.RUNNING, "tournament.cancelled")):  # as it was
            if await db.set_status(self.repo, row.id, (was,), db.CANCELLED, self.store.stamp()):
                return [self._post(row, key), *await self._told_at_tables(row)]
        raise TableError("tournament.error.not_running", id=row.id)

    async def channel_gone(self, row: TournamentRow) -> bool:
        """The event's channel was deleted (``tables.channels_gone``): it is cancelled, as ``cancel`` would, with
        nothing posted (its tables in play go on as ordinary games); whether it was running."""
        if await db.set_status(self.repo, row.id, (db.OPEN,), db.CANCELLED, self.store.stamp()):
            return False
        await db.set_status(self.repo, row.id, (db.RUNNING,), db.CANCELLED, self.store.stamp())
        return row.status == db.RUNNING

    async def _told_at_tables(self, row: TournamentRow) -> list[Message]:
        """Each table of the round in play is told, in its own thread, that it goes on as an ordinary game: its
        players, who may not read the event's channel, had no word that their game no longer counted for it."""
        number = await db.rounds_paired(self.repo, row.id)
        told: list[Message] = []
        for table_id, status in (await db.undecided_tables(self.repo, row.id, number)).values() if number else ():
            if status not in LIVE:
                continue
            players = tuple(s.user_id for s in await self.repo.get_seats(table_id) if not is_mesa(s.user_id))
            told.append(PublicPost(table_id, INFO, "tournament.cancelled.table",
                                   {"id": row.id, "title": game_title(row.game)}, mention=players))
        return told

    def _organiser(self, row: TournamentRow, user_id: int, manages: bool) -> None:
        if user_id != row.organiser_id and not manages:
            raise TableError("tournament.error.organiser_only", id=row.id)

    # ---- reading --------------------------------------------------------------------------------------
    async def standings(self, guild_id: int, tournament_id: int | None = None, *,
                        user_id: int | None = None) -> Standings:
        row = await self._meant(guild_id, tournament_id, action="standings", latest=True, user_id=user_id)
        return await _standings_of(self.repo, row)

    async def pairings(self, guild_id: int, tournament_id: int | None = None, round_: int | None = None, *,
                       user_id: int | None = None) -> Pairings:
        row = await self._meant(guild_id, tournament_id, action="pairings", latest=True, user_id=user_id)
        current = await db.rounds_paired(self.repo, row.id)
        if row.status == db.OPEN:  # nothing paired before the start: say how it starts
            raise TableError("tournament.error.not_started", id=row.id)
        number = current if round_ is None else round_
        if not 1 <= number <= max(current, 0):
            raise _no_round(row, number, current, asked=round_ is not None)
        return await _pairings_of(self.repo, row, number)

    # ---- rounds advance ------------------------------------------------------------------------------
    async def table_ended(self, table_id: int) -> list[Message]:
        """A table ended (``Finisher``'s hook): if a tournament opened it, record it and maybe pair on."""
        pairing = await db.pairing_of_table(self.repo, table_id)
        if pairing is None:
            return []
        messages = await self.advance(pairing.tournament_id)
        row = await self._row(pairing.tournament_id)
        if row.status == db.RUNNING and await db.rounds_paired(self.repo, row.id) == pairing.round:
            # the round goes on at other tables: its players are told, at their table, what comes next and when
            playing = len(await db.undecided_tables(self.repo, row.id, pairing.round))
            if playing:
                said = Bye(row.id, game_title(row.game), pairing.round, row.rounds, Fraction(0), playing).phrase()
                messages.append(PublicPost(table_id, INFO, "tournament.table_decided", {"said": said}))
        return messages

    async def sweep(self) -> list[Message]:
        """Every running tournament advanced where it can (the ticker: what a crash left undone); open events no
        one starts warned, then closed (``tables.tournament_idle``)."""
        messages: list[Message] = []
        settled = now_iso(self.store.now() - timedelta(seconds=ANNOUNCE_AFTER_SECONDS))
        for tid in await db.unannounced_finals(self.repo, settled):  # never confirmed delivered
            try:
                if await db.lease_final(self.repo, tid, settled, self.store.stamp()):  # one process a minute
                    messages += await self._announce_final(await self._row(tid))
            except db.DamagedTournament:  # the others' finals and rounds go on
                log.error("tournament %d: its final standings not announced (a stored row cannot be read)", tid)
        for tid in await db.running_tournaments(self.repo):
            try:
                messages += await self.advance(tid)
            except TableError as exc:
                log.error("tournament %d: not advanced (%s)", tid, exc.key)
        messages += await sweep_idle(self.repo, self.store.now())  # open events no one starts: warned, then closed
        return messages

    async def advance(self, tournament_id: int) -> list[Message]:
        """Start the current round's tables left waiting, record the ended ones, and when the round is
        over pair the next (exactly once, whichever process gets there) or finish the event."""
        async with self._locks.lock(tournament_id):
            return await self._advance(tournament_id)

    async def _advance(self, tournament_id: int) -> list[Message]:
        row = await self._row(tournament_id)
        if row.status != db.RUNNING:
            return []
        messages: list[Message] = []
        settled = now_iso(self.store.now() - timedelta(seconds=ANNOUNCE_AFTER_SECONDS))
        for number in await db.unannounced_rounds(self.repo, row.id, settled):  # never confirmed delivered
            if await db.lease_announcement(self.repo, row.id, number, settled, self.store.stamp()):  # one process
                messages += await self._announce(row, number)
        current = await db.rounds_paired(self.repo, row.id)
        if current:
            undecided = await db.undecided_tables(self.repo, row.id, current)
            if undecided:
                boards = {p.board: p for p in await db.pairings(self.repo, row.id, current)}
            open_boards = 0
            for board, (table_id, status) in undecided.items():
                if status in WAITING:
                    messages += await self._open_table(table_id)
                    table = await self.repo.get_table(table_id)
                    status = table.status if table is not None else ABORTED
                if status in LIVE:
                    open_boards += 1
                else:  # finished; or aborted, or closed unstarted (a crash left it waiting past its expiry): a draw
                    await db.decide(self.repo, row.id, current, board, await self._places(boards[board]),
                                    self.store.stamp())
            if open_boards:
                return messages
            for name in await take_out_departed(self.repo, row.guild_id, row.id, current, self.still_member,
                                                self.store.stamp()):  # as ``member_left`` would have
                messages.append(self._post(row, "tournament.out.left.idle", name=name))
        people = await db.entrants(self.repo, row.id)
        still_in = {str(e.user_id) for e in people if e.status == db.IN}
        plan = _plan_of(row)
        if current >= row.rounds or not plan.can_go_on(len(still_in)):
            return messages + await self._finish(row)
        return messages + await self._pair(row, plan, current + 1, people, still_in)

    async def _places(self, pairing: PairingRow) -> tuple[int, ...]:
        """The places of a finished table, seat order; one that ended without results (aborted, or closed
        before it started) is a draw."""
        assert pairing.table_id is not None
        results = await self.repo.get_results(pairing.table_id)
        if not results:
            return (1,) * len(pairing.players)
        by_seat = {r.seat: r.place for r in results}
        return tuple(by_seat.get(i, len(pairing.players)) for i in range(len(pairing.players)))

    async def _pair(self, row: TournamentRow, plan: Plan, number: int, people: list[EntrantRow],
                    still_in: set[str]) -> list[Message]:
        results = core_results(await db.pairings(self.repo, row.id))
        planned = plan.next_round(number, [str(e.user_id) for e in people], still_in, results)
        names = {e.user_id: e.name for e in people}
        boards = round_boards(row, plan, planned, names, self.seed_source)
        try:
            tables = await db.pair_round(self.repo, row.id, number, boards, guild_id=row.guild_id,
                                         still_in={int(p) for p in still_in}, now=self.store.stamp(),
                                         fault=self.fault)
        except (db.RoundTaken, db.Refused):  # another process paired it, cancelled the event, or withdrew someone
            return []
        messages = await self._announce(row, number)
        for board in sorted(tables):
            try:
                messages += await self._open_table(tables[board])
            except Exception as exc:  # the round stands; the next advance (a sweep) starts what is left
                log.error("tournament %d: table %d not started (%s)", row.id, tables[board], type(exc).__name__)
                break
        if not tables:  # byes and forfeits only: decided already, so the next round (or the end) follows now
            messages += await self._advance(row.id)
        return messages

    async def _announce(self, row: TournamentRow, number: int) -> list[Message]:
        """Round ``number`` and its pairings, for the tournament's channel, mentioning only its players.
        Marked announced only when the front end confirms it delivered it (``announced``): until then the
        sweep hands it out again (a process that dies before the post reaches the channel loses nothing)."""
        pairs = await _pairings_of(self.repo, row, number)
        # the players of the round: a forfeit's absent player (out of the event, maybe gone from the server) is
        # named on its line but not pinged
        concerned = tuple(dict.fromkeys(u for b in pairs.boards for u in b.concerned))
        first = f"tournament.first.{row.game}"  # who moves first at a table: the first named, or as the game says
        played = any(b.table_id is not None for b in pairs.boards)  # else byes and forfeits only: decided already
        lead = Phrase("tournament.play", {"first": Phrase(first if first in EN else "tournament.first.named")}) \
            if played else Phrase("tournament.first.none")
        return [self._post(row, "tournament.round", round=number, rounds=row.rounds, first=lead,
                           lines=Lines(board_phrase(b, pairs.bye) for b in pairs.boards), mention=concerned,
                           announces=number)]

    async def announced(self, post: TournamentPost) -> None:
        """The front end delivered ``post``: a round's announcement (or the final standings) is marked, and
        the sweep hands it out no more.  Nothing for a post nothing stores (``announces`` None)."""
        if post.announces is None:
            return
        if post.announces == WARNING:  # the idle event's warning: its close counts a day from now
            await db.warned_delivered(self.repo, post.tournament_id, self.store.stamp())
        elif post.announces:
            await db.mark_announced(self.repo, post.tournament_id, post.announces, self.store.stamp())
        else:
            await db.mark_final_announced(self.repo, post.tournament_id, self.store.stamp())

    async def guild_left(self, guild_id: int) -> list[int]:
        """Mesa is out of the server: its open events' idle clock stands still (``tables.tournament_idle``)."""
        return await tournament_idle.suspend(self.repo, guild_id, self.store.now())

    async def guild_back(self, guild_id: int) -> list[int]:
        """Mesa is back in the server: its open events' idle clock runs on, moved on by the time away."""
        return await tournament_idle.resume(self.repo, guild_id, self.store.now())

    async def needs_place(self, table_id: int) -> bool:
        """Whether this is a tournament's table whose front end has not made its place yet (its thread):
        the front end makes it before the table's first post, whichever path delivers that post (a round's
        announcement, the board itself, or the ticker's missed posts after a restart)."""
        return await db.unplaced_table(self.repo, table_id)

    async def _open_table(self, table_id: int) -> list[Message]:
        """Start a paired table still waiting (its first board, DMs and deadline); another process may
        have started it: then nothing."""
        try:
            return await self.seating.open_paired(table_id)
        except LostRace:
            return []

    async def _finish(self, row: TournamentRow) -> list[Message]:
        if not await db.set_status(self.repo, row.id, (db.RUNNING,), db.FINISHED, self.store.stamp()):
            return []  # another process finished it
        return await self._announce_final(row)

    async def _announce_final(self, row: TournamentRow) -> list[Message]:
        """The final standings naming the winner, for the tournament's channel; handed out again by the sweep
        until the front end confirms it (``announced``)."""
        st = await _standings_of(self.repo, await self._row(row.id))
        lines = Lines(Phrase("tournament.standings.line" if r.status == db.IN else "tournament.standings.line_out",
                             {"rank": r.rank, "name": r.name, "points": points_phrase(r.points),
                              "status": Phrase(f"tournament.status.{r.status}")}) for r in st.rows)
        key = {0: "tournament.final_none", 1: "tournament.final"}.get(len(st.winners), "tournament.final_shared")
        early = Phrase("tournament.early", {"round": st.round, "rounds": st.rounds}) if st.round < st.rounds else ""
        return [self._post(row, key, names=Names(r.name for r in st.winners), lines=lines, early=early,
                           decided=tiebreak_said(st), mention=tuple(r.user_id for r in st.winners), announces=0)]

    # ---- which tournament ----------------------------------------------------------------------------
    async def _row(self, tournament_id: int) -> TournamentRow:
        row = await db.get_tournament(self.repo, tournament_id)
        if row is None:
            raise TableError("tournament.error.missing", id=tournament_id)
        return row

    async def _meant(self, guild_id: int, tournament_id: int | None, *, statuses: Sequence[str] = db.UNDERWAY,
                     empty: str = "tournament.error.none", latest: bool = False, action: str = "join",
                     user_id: int | None = None) -> TournamentRow:
        if tournament_id is not None:
            row = await db.get_tournament(self.repo, tournament_id)
            if row is None or row.guild_id != guild_id:
                raise TableError("tournament.error.missing", id=tournament_id)
            if row.status not in statuses and not latest:
                raise _status_refusal(row, action)
            return row
        rows = await db.guild_tournaments(self.repo, guild_id, statuses)
        if not rows and latest:
            found = await db.latest_tournament(self.repo, guild_id)
            rows = [found] if found is not None else []
        if not rows:
            raise TableError(empty)
        if len(rows) > 1 and user_id is not None:  # several: the one the caller's part in them picks, if one does
            rows = await _narrowed(self.repo, rows, user_id, action) or rows
        if len(rows) > 1:
            raise TableError("tournament.error.which", ids=", ".join(f"#{r.id}" for r in rows), action=action,
                             example=rows[0].id)
        return rows[0]

    async def _mine(self, guild_id: int, user_id: int, tournament_id: int | None, action: str = "withdraw"
                    ) -> TournamentRow:
        if tournament_id is not None:
            row = await self._meant(guild_id, tournament_id, action=action)
            await self._entrant(row, user_id, "tournament.error.you_not_entered")  # the caller's own entry
            return row
        rows = await db.user_tournaments(self.repo, guild_id, user_id)
        if not rows:
            raise TableError("tournament.error.not_in_any")
        if len(rows) > 1:
            raise TableError("tournament.error.which", ids=", ".join(f"#{r.id}" for r in rows), action=action,
                             example=rows[0].id)
        return rows[0]

    async def _entrant(self, row: TournamentRow, user_id: int, missing: str = "tournament.error.not_entered",
                       target_name: str = "") -> EntrantRow:
        """``user_id``'s entry, still in; else ``missing`` (the caller's own: "You are not in ..."). Of another
        player named (``target_name``), the refusal names them, and says how they went out if they did."""
        entries = [e for e in await db.entrants(self.repo, row.id) if e.user_id == user_id]
        for e in entries:
            if e.status == db.IN:
                return e
        if entries and missing == "tournament.error.not_entered":
            raise TableError(f"tournament.error.out.{entries[0].status}", id=row.id, name=entries[0].name)
        if target_name and missing == "tournament.error.not_entered":
            raise TableError("tournament.error.player_not_entered", id=row.id, name=target_name)
        raise TableError(missing, id=row.id)

    def _post(self, row: TournamentRow, key: str, mention: tuple[int, ...] = (), announces: int | None = None,
              **params: Any) -> TournamentPost:
        return TournamentPost(row.id, row.guild_id, row.channel_id, key,
                              {"id": row.id, "title": game_title(row.game), **params}, mention,
                              announces=announces)


# ==================================================================== pure helpers
def _format_key(row: TournamentRow) -> str:
    if row.format == ROUND_ROBIN:
        return "double" if row.options.get("double") else "round_robin"
    return "groups" if get_engine(row.game).max_players > 2 else "swiss"


def _plan_of(row: TournamentRow) -> Plan:
    engine = get_engine(row.game)
    sizes = (2,) if engine.max_players == 2 else table_sizes(engine.min_players, engine.max_players)
    return Plan(row.format, sizes, bool(row.options.get("double")), row.options.get("rounds"),
                bool(row.options.get("mesa_fills")))


def _read_flag(text: str | None, option: str) -> bool:
    if text is None:
        return False
    if text.lower() in TRUE_WORDS:
        return True
    if text.lower() in FALSE_WORDS:
        return False
    raise TableError("error.bad_option", option=option, value=text, allowed="true, false")


def _read_number(text: str | None, option: str, low: int, high: int, default: int) -> int:
    if text is None:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise TableError("error.bad_number", option=option, value=text, low=low, high=high)
    return int(text)


def read_event(engine: Engine, game_name: str, options: Mapping[str, str], settings: GuildSettings,
               channel_id: int) -> tuple[Plan, int, TableOptions]:
    """A new tournament's options read and checked, or the refusal that says why: its own (``format``,
    ``rounds``, ``double``, ``max_players``, ``mesa_fills``), never ``seat=``, and its tables' (``/play``'s),
    each size the event may seat taking them; an event of a game whose players win or lose together refused."""
    own: dict[str, str] = {}
    table_options: dict[str, str] = {}
    for key, value in options.items():
        word = key.strip().lower().replace("-", "_")
        if word in OWN_OPTIONS:
            own[word] = str(value).strip()
        elif word == "seat":  # who moves first is the pairing's business
            raise TableError("tournament.error.seat_option")
        else:
            table_options[key] = str(value)
    sizes = (2,) if engine.max_players == 2 else table_sizes(engine.min_players, engine.max_players)
    plan = _read_plan(own, sizes, engine.title or game_name)
    max_players = _read_number(own.get("max_players"), "max_players", 2, MAX_PLAYERS, DEFAULT_PLAYERS)
    if max_players < plan.min_players():  # it could never start (a K3 table seats 3 at least, unless Mesa fills)
        raise TableError("tournament.error.max_too_few", game=engine.title or game_name, value=max_players,
                         min=plan.min_players(), high=MAX_PLAYERS)
    if settings.allowed_channels and channel_id not in settings.allowed_channels:
        raise TableError("error.channel_not_allowed")
    try:
        resolved = read_request(engine, table_options, settings)
    except TableError as exc:  # /play's list of options is not a tournament's: name the ones it takes
        if exc.key != "error.unknown_option":
            raise
        own_list = [o for o in OWN_OPTIONS if o != "double" or engine.max_players == 2]  # groups: no double
        game_options = [o for o in engine.options if o not in engine.description.unrated_options]
        own_list += ["rated", "time_per_move", *game_options]
        raise TableError("tournament.error.unknown_option", game=exc.params.get("game", game_name),
                         option=exc.params.get("option", ""), allowed=", ".join(own_list),
                         own=", ".join(game_options) or "-") from None  # the game's: what Discord's `variant` takes
    together = [name for name in engine.description.unrated_options if resolved.game.get(name)]
    if together:  # everyone wins or loses together (K3-8): no game could rank the players, so no standings
        key = f"tournament.error.together.{game_name}"
        raise TableError(key if key in EN else "tournament.error.together", option=together[0])
    for size in sizes:  # every table the event may seat must take these options (KR-6.2's partners)
        check_fits(engine, resolved, size)
    return plan, max_players, resolved


def _read_plan(own: dict[str, str], sizes: tuple[int, ...], title: str) -> Plan:
    """The tournament's own options read and checked (``format``, ``rounds``, ``double``, ``mesa_fills``)."""
    if "format" not in own:
        raise TableError("tournament.error.format_missing")
    fmt = FORMAT_WORDS.get(own["format"].lower())
    if fmt is None:
        raise TableError("error.bad_option", option="format", value=own["format"], allowed=", ".join(FORMATS))
    grouped = sizes != (2,)
    if grouped and fmt == ROUND_ROBIN:
        raise TableError("tournament.error.groups_only", game=title)
    double = _read_flag(own.get("double"), "double")
    if double and fmt != ROUND_ROBIN:
        raise TableError("tournament.error.double_swiss")
    rounds = None
    if "rounds" in own:
        if fmt == ROUND_ROBIN:
            raise TableError("tournament.error.rounds_rr")
        rounds = _read_number(own["rounds"], "rounds", 1, MAX_ROUNDS, 1)
    return Plan(fmt, sizes, double, rounds, _read_flag(own.get("mesa_fills"), "mesa_fills"))


def core_results(stored: Sequence[PairingRow]) -> list[Result]:
    """The decided boards as the core reads them: a game between entrants is a result; a bye or a forfeit
    won is a bye; a player who played Mesa in place of a bye has a bye worth the points of their place
    at that table (``Result.score``; Mesa is no entrant)."""
    out: list[Result] = []
    for p in stored:
        if p.places is None:
            continue
        if p.kind in (db.BYE, db.FORFEIT):
            out.append(Result(p.round, p.board, (str(p.players[0]),), (1,)))
            continue
        if not any(is_mesa(u) for u in p.players):
            out.append(Result(p.round, p.board, tuple(str(u) for u in p.players), p.places))
            continue
        size = len(p.players)
        for u, place in zip(p.players, p.places):
            if is_mesa(u):
                continue
            shared = sum(other == place for other in p.places)
            score = Fraction(sum(size - k for k in range(place, place + shared)), shared)
            out.append(Result(p.round, p.board, (str(u),), (1,), score=score, played=True))
    return out


async def _narrowed(repo: Repository, rows: Sequence[TournamentRow], user_id: int, action: str
                    ) -> list[TournamentRow]:
    """Of several events a command without a number could mean, those the caller's part in them picks: the ones
    they organise to start, cancel or remove from; the ones they have not entered to join; the ones they play in
    or organise for standings and pairings.  The command takes the one left, or asks which when none or several
    are."""
    if action in ("start", "cancel", "remove @NAME"):
        return [r for r in rows if r.organiser_id == user_id]
    entered = {r.id for r in rows if any(e.user_id == user_id and e.status == db.IN
                                         for e in await db.entrants(repo, r.id))}
    if action == "join":
        return [r for r in rows if r.id not in entered]
    return [r for r in rows if r.id in entered or r.organiser_id == user_id]


async def _standings_of(repo: Repository, row: TournamentRow) -> Standings:
    """The event's standings as they stand (``Tournaments.standings``, and its announcements')."""
    plan = _plan_of(row)
    people = await db.entrants(repo, row.id)
    decided = await db.pairings(repo, row.id)
    paired = {p.round for p in decided}
    open_rounds = {p.round for p in decided if p.places is None}
    playing = max(open_rounds, default=0) if row.status == db.RUNNING else 0
    # a bye of the round in play counts once its round is decided: standings "after round 1" never rank above
    # a winner of round 1 the player who lost it and sits out round 2 (the words say the games ended, not byes);
    # nor does the bye of the round a cancelled event stopped in, which never will be decided
    undecided = max(open_rounds, default=0) if row.status in (db.RUNNING, db.CANCELLED) else 0
    results = core_results([p for p in decided if not (p.round == undecided and p.kind == db.BYE)])
    by_id = {str(e.user_id): e for e in people}
    # at the end, whoever withdrew, was removed or left comes below everyone who played on: never the winner
    out = {str(e.user_id) for e in people if e.status != db.IN} if row.status == db.FINISHED else set()
    lines = standings(results, [str(e.user_id) for e in people], plan.scoring, behind=out)
    rows = tuple(StandingRow(s.rank, int(s.player), by_id[s.player].name, s.points, s.buchholz,
                             s.sonneborn_berger, s.played, s.byes, by_id[s.player].status) for s in lines)
    done = max((r for r in paired if r not in open_rounds), default=0)
    ended = sum(1 for p in decided if p.round == playing and p.places is not None and p.kind != db.BYE)
    if not paired:  # before the start every entrant has 0: keep the entry order, withdrawn ones included
        order = {e.user_id: k for k, e in enumerate(people)}
        rows = tuple(sorted(rows, key=lambda r: order[r.user_id]))
    return Standings(row.id, row.game, game_title(row.game), row.format, row.status, done, row.rounds, rows,
                     playing, max(paired, default=0), ended)


async def _pairings_of(repo: Repository, row: TournamentRow, number: int) -> Pairings:
    """Round ``number``'s tables and byes, with their results so far (``Tournaments.pairings``, announcements)."""
    people = await db.entrants(repo, row.id)
    names = {e.user_id: e.name for e in people}
    status = {e.user_id: e.status for e in people}
    boards = []
    for p in await db.pairings(repo, row.id, number):
        seats = await repo.get_seats(p.table_id) if p.table_id is not None else []
        told = told_apart(seats, seat_marks_of(row.game))  # a board's two Sams as their table tells them: "Sam [1]"
        seat_names = {s.user_id: told[s.seat] for s in seats}
        out = status.get(p.players[-1]) if p.kind == db.FORFEIT else None  # the absent player: named last
        boards.append(Board(p.board, p.kind, p.table_id, p.players,
                            tuple(seat_names.get(u) or names.get(u, "?") for u in p.players), p.places, out))
    return Pairings(row.id, game_title(row.game), number, row.rounds, tuple(boards), _plan_of(row).scoring.bye,
                    row.status)


def _no_round(row: TournamentRow, number: int, current: int, *, asked: bool) -> TableError:
    """Why round ``number`` has no pairings (``current`` rounds paired; ``asked``: a round was named)."""
    facts: dict[str, Any] = {"id": row.id, "round": number, "paired": Count(current, "round_paired"),
                             "last": current, "played": Count(current, "round"), "rounds": Count(row.rounds, "round")}
    if row.status == db.CANCELLED and not current:  # stopped before any round: no round to point at
        return TableError("tournament.error.cancelled_unpaired", id=row.id)
    if number < 1 and asked:
        return TableError("tournament.error.round_from_one", **facts)
    if row.status == db.CANCELLED:  # there never will be: it stopped
        return TableError("tournament.error.no_round_cancelled", **facts)
    if row.status == db.FINISHED:
        return TableError("tournament.error.no_round_over", **facts)
    if number > row.rounds:  # beyond the rounds the event plays: never, not "yet"
        return TableError("tournament.error.no_round_ever", **facts)
    return TableError("tournament.error.no_round", **{**facts, "round": max(number, 1)})


def _not_mesa(row: TournamentRow, user_id: int) -> None:
    """Mesa is never an entrant: one who would remove it hears what it does in the event (its filled byes)."""
    if is_mesa(user_id):
        key = "tournament.error.remove_mesa" + (".fills" if _plan_of(row).mesa_fills else "")
        raise TableError(key, id=row.id)


def _refusal(exc: db.Refused, row: TournamentRow) -> TableError:
    """A storage refusal in words."""
    if exc.reason == "full":
        return TableError("tournament.error.full", id=row.id, max=exc.facts.get("max", row.max_players))
    if exc.reason == "already":
        key = "tournament.error.already" if exc.facts.get("status") == db.IN else "tournament.error.rejoin"
        return TableError(key, id=row.id)
    if exc.reason == "not_open":
        return TableError("tournament.error.not_open", id=row.id)
    if exc.reason == "not_entered":
        return TableError("tournament.error.not_entered", id=row.id)
    return TableError("tournament.error.missing", id=row.id)


def _status_refusal(row: TournamentRow, action: str = "") -> TableError:
    """An event no longer underway, said for ``action``: one who would join hears where the open ones are."""
    if row.status == db.RUNNING:
        return TableError("tournament.error.not_open", id=row.id)
    key = "tournament.error.cancelled" if row.status == db.CANCELLED else "tournament.error.over"
    return TableError(key + (".join" if action == "join" else ""), id=row.id)


def _damaged_in_words(method: Callable[..., Any]) -> Callable[..., Any]:
    """A tournament whose stored rows cannot be read (``db.DamagedTournament``) is refused in words, naming it
    (``tournament.error.damaged``); every other event goes on (the sweep skips it, listings leave it out)."""

    @functools.wraps(method)
    async def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return await method(*args, **kwargs)
        except db.DamagedTournament as exc:
            log.error("tournament %d: a stored row cannot be read", exc.tournament_id)
            raise TableError("tournament.error.damaged", id=exc.tournament_id) from None

    return guarded


for _name, _method in list(vars(Tournaments).items()):
    if not _name.startswith("_") and inspect.iscoroutinefunction(_method):
        setattr(Tournaments, _name, _damaged_in_words(_method))
