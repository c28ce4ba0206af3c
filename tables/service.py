"""The table service: invitations, seats, turns, moves, deadlines, results — Discord-free.

A *table* is one game being played.  Every public method is async, takes plain ids and text, and
returns outbox messages (``tables.outbox``) for a front end to deliver; a refusal raises
``TableError`` and changes nothing.

``TableService`` is a thin façade: each method hands over to the one collaborator whose job it is,
composed here through their constructors (docs/architecture.md, "tables/"):

- ``TableStore`` (``tables.store``): load a table, lock it, cache it, check the cache, replay its log;
- ``RulesStep`` (``tables.rules_step``): judge and apply a move, draw chance, play the out seats;
- ``Finisher`` (``tables.finish``): commit a step in one transaction; the one path of every ending;
- ``Posts`` (``tables.posts``): what each message says and shows;
- ``Seating``, ``Play``, ``Deadlines`` (``tables.seating``, ``tables.play``, ``tables.deadlines``):
  a table from its invitation to its first move, the players' actions, the ticker;
- ``MesaMoves`` and ``MesaSeats`` (``tables.mesa``): Mesa's moves and seats;
- ``GuildLife`` (``tables.guild_life``): a server's life (expiry, suspension, language);
- ``Queries`` and ``Preferences`` (``tables.queries``, ``tables.preferences``): reads, and settings.
- ``Tournaments`` (``tables.tournaments``, as ``service.tournaments``): events of many tables (issue 31).
- ``ChannelsGone`` (``tables.channels_gone``, as ``service.channels_gone``): a deleted channel's events and tables.

How a move is stored: under the table's lock, ``Play`` loads the table (``TableStore``), the rules
step parses and applies the move and draws every chance move that follows from
``random.Random(f"{seed}:{ply}")``, and ``Finisher.commit`` writes all of it in one transaction that
checks the version, then ``Posts`` builds the board.  The move log is the truth; the JSON snapshot and
an in-memory cache keyed by version only save replays.  Nothing here names a game: what differs
between games is read from ``engine.description``.
"""

from __future__ import annotations

import functools
import inspect
import logging
import os
import random
import secrets
import socket
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import aclosing
from datetime import datetime
from typing import Any

from data.errors import StorageUnavailable
from data.models import GuildSettings, MoveRow, Share, UserPrefs
from data.repository import Repository
from engines import get_engine
from engines.base import QuickMove
from tables.arranging import Arranging
from tables.channels_gone import ChannelsGone
from tables.claims import Claims
from tables.deadlines import CLAIM_SECONDS, Deadlines
from tables.due_turns import DueTurns
from tables.errors import TryAgain
from tables.finish import Finisher
from tables.follow import Deliver
from tables.guild_life import GuildLife
from tables.hints import Hints
from tables.languages import Languages
from tables.leaderboard import LeaderboardService
from tables.learn import Lessons
from tables.limits import Limits
from tables.loaded import log_damage
from tables.mesa import MesaMoves, MesaSeats
from tables.move_choices import LegalMoves
from tables.outbox import Message, PrivatePost, PublicPost
from tables.play import SHUFFLE, Leaving, Play, Proposal
from tables.posts import Posts, Renderer
from tables.preferences import Preferences
from tables.queries import DamagedTable, Listing, MoveRecord, Queries, TableDetails, TableSummary
from tables.reminders import Reminders
from tables.replays import ReplayKeeper
from tables.reposts import ReplayGate
from tables.review_lane import ReviewLane
from tables.reviews import Reviews
from tables.rules_step import RulesStep
from tables.seating import Seating
from tables.store import Clock, SystemClock, TableStore
from tables.submissions import Submissions
from tables.takebacks import Takebacks
from tables.thinking import Thinker
from tables.tournament_lists import TournamentLists
from tables.tournaments import Tournaments

log = logging.getLogger(__name__)

__all__ = [
    "CLAIM_SECONDS", "SHUFFLE", "DamagedTable", "Listing", "MoveRecord", "Proposal", "SystemClock", "TableDetails",
    "TableService", "TableSummary", "log_damage", "open_service",
]


class TableService:
    """The application service.  ``renderer(game, view, names) -> PNG bytes`` or None for no images;
    ``thinker``: where Mesa's moves are searched (``tables.thinking``; tests inject iteration budgets)."""

    def __init__(self, repo: Repository, clock: Clock | None = None, renderer: Renderer | None = None, *,
                 seed_source: Callable[[], int] | None = None, thinker: Thinker | None = None) -> None:
        self.repo = repo
        self.clock = clock or SystemClock()
        self._thinker = thinker or Thinker()
        #: who this process is when it claims due deadlines (issue 19: several processes share them)
        self.claimant = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.store = TableStore(repo, self.clock)
        self.languages = Languages(repo)  # the language each picture speaks: its server's, or its player's
        self.posts = Posts(renderer, self.store, self.languages)
        self.finisher = Finisher(self.store, self.posts)
        mesa_moves = MesaMoves(self._thinker)
        self.rules = RulesStep(mesa_moves)
        self.submissions = Submissions(self.store, self.posts)  # issue 29, item 1: exactly once
        self.play = Play(self.store, self.posts, self.rules, self.finisher, mesa_moves, self.submissions)
        self.mesa = MesaSeats(self.store.load, mesa_moves, self.play.submit_move, self.store.log_steps)
        self.guild_life = GuildLife(self.store, self.posts, self.claimant)
        self.queries = Queries(self.store, self.posts, self.guild_life)
        self.seating = Seating(self.store, self.posts, self.rules, self.finisher, self.queries, self.guild_life,
                               seed_source or (lambda: secrets.randbits(62)))
        self.claims = Claims(repo, self.store.now, self.claimant)  # issue 29, item 5d
        self.due_turns = DueTurns(self.mesa, self.claims)  # issue 29, item 5c
        self.reminders = Reminders(self.store, self.posts)  # issue 29, item 2: at least once
        self.deadlines = Deadlines(self.store, self.posts, self.play, self.mesa, self.guild_life, self.claims,
                                   self.due_turns, self.reminders)
        self.preferences = Preferences(self.store)
        self.replays = ReplayKeeper(repo, renderer, self.clock)  # issue 15, defect 13; bounded: issue 29, item 6
        self.replay_posts = ReplayGate(self.clock.now)  # issue 29, item 6: public replays, rate-limited
        # learning the games (issue 30): front ends reach them as ``service.hints``, ``service.takebacks``,
        # ``service.lessons``
        self.hints = Hints(self.store, mesa_moves, self.play.active)
        self.takebacks = Takebacks(self.store, self.posts, self.play.active)
        self.arranging = Arranging(self.store, self.play.active)  # a build shaped by exchanging pieces (K3-3.1)
        self.lessons = Lessons(self.store, self.posts)  # ``/learn``: a course per game, no table
        # issue 32: a finished game's review, made in a lane of its own (processes as Mesa's searches), kept
        self.reviews = Reviews(self.store, ReviewLane(processes=self._thinker.processes))
        # tournaments (issue 31): ``service.tournaments``; rounds advance when a table ends and at every tick;
        # ``service.tournament_lists``: a command's choices and /games' byes
        self.tournaments = Tournaments(self.store, self.seating, self.play, self.seating.seed_source)
        self.tournament_lists = TournamentLists(repo)
        self.channels_gone = ChannelsGone(self.store, self.tournaments)
        self.finisher.on_end.append(self.tournaments.table_ended)
        self.deadlines.sweeps.append(self.tournaments.sweep)

    @property
    def renderer(self) -> Renderer | None:
        """What draws the boards (``render.render``, the process pool, or None: posts without pictures)."""
        return self.posts.renderer

    @renderer.setter
    def renderer(self, renderer: Renderer | None) -> None:
        self.posts.renderer = renderer

    @property
    def thinker(self) -> Thinker:
        """Where Mesa's searches run (given at construction: its collaborators hold it, so it cannot be swapped
        afterwards; a test wanting iteration budgets passes its own ``Thinker`` to the constructor)."""
        return self._thinker

    async def close(self) -> None:
        """Let the worker processes go (Mesa's searches, the board drawings) and close the database:
        workers told to stop exit at once, rather than when they next notice the bot is gone.  Mesa's
        turns the ticker left running stop first (the next start plays them)."""
        await self.due_turns.stop()
        await self.claims.stop()
        self._thinker.close()
        self.reviews.close()
        close_renderer = getattr(self.renderer, "close", None)
        if close_renderer is not None:
            close_renderer()
        await self.repo.close()

    # ---- opening and seating (tables.seating) ---------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str,
                     opponents: Sequence[tuple[int, str]] = (), options: dict[str, str] | None = None) -> list[Message]:
        """Open a table: named opponents are invited; with none (K3, Krakatoa) anyone may join."""
        return await self.seating.create(guild_id, channel_id, host_id, host_name, game, opponents, options)

    async def rematch(self, table_id: int, user_id: int, user_name: str) -> list[Message]:
        """A new table for the same players and options (everyone invited must accept)."""
        return await self.seating.rematch(table_id, user_id, user_name)

    async def accept(self, table_id: int, user_id: int) -> list[Message]:
        return await self.seating.accept(table_id, user_id)

    async def decline(self, table_id: int, user_id: int) -> list[Message]:
        return await self.seating.decline(table_id, user_id)

    async def join(self, table_id: int, user_id: int, name: str) -> list[Message]:
        return await self.seating.join(table_id, user_id, name)

    async def leave(self, table_id: int, user_id: int) -> list[Message]:
        return await self.seating.leave(table_id, user_id)

    async def start(self, table_id: int, user_id: int) -> list[Message]:
        return await self.seating.start(table_id, user_id)

    async def fill_with_mesa(self, table_id: int, user_id: int, level: str | None = None) -> list[Message]:
        """The host fills an open table's empty seats with Mesa and starts the game."""
        return await self.seating.fill_with_mesa(table_id, user_id, level)

    async def abort(self, table_id: int, user_id: int) -> list[Message]:
        """Cancel a table before its first player move."""
        return await self.seating.abort(table_id, user_id)

    # ---- playing (tables.play) ------------------------------------------------------------------------
    async def submit_move(self, table_id: int, user_id: int, text: str,
                          expected_version: int | None = None, *, key: str | None = None) -> list[Message]:
        """Parse (tolerantly), check the seat, apply, draw chance, store, and report.

        ``key`` names this submission (a Discord interaction's id, a console line): it is applied once,
        a retry under the same key gets the first answer, and a reply lost on its way back is answered
        by what the database holds (``tables.submissions``).
        """
        return await self.play.submit_move(table_id, user_id, text, expected_version, key=key)

    async def propose(self, table_id: int, user_id: int, style: str | None = None, *,
                      rng: random.Random | None = None, unlisted_only: bool = False) -> Proposal:
        """The engine's ``auto_move`` for this player, to play or to preview; nothing is stored."""
        return await self.play.propose(table_id, user_id, style, rng=rng, unlisted_only=unlisted_only)

    async def auto_build(self, table_id: int, user_id: int, style: str | None = None,
                         rng: random.Random | None = None) -> str:
        """A build text for this player to preview and confirm (K3-3.4); nothing is stored.  ``rng``: the
        shuffle's (a fresh one each time when None: Discord's *Shuffle* tries another)."""
        return (await self.play.propose(table_id, user_id, style, rng=rng, unlisted_only=True)).text

    async def auto(self, table_id: int, user_id: int, key: str | None = None) -> list[Message]:
        """``/auto``: the move a time-out would play for this player (Mesa's easy level), played now
        (``key`` as for ``submit_move``)."""
        return await self.play.auto(table_id, user_id, key)

    async def check_playing(self, table_id: int, user_id: int) -> Leaving:
        """Refuse (``TableError``, as ``resign`` would) unless the user has a seat still in play at this started
        table: a front end asks before showing a confirmation (Resign, Offer a draw) to someone it would refuse.
        Returns who would go out with them if they resigned (their partners; a cooperative team), for it to warn."""
        return await self.play.leaving(table_id, user_id)

    async def resign(self, table_id: int, user_id: int) -> list[Message]:
        return await self.play.resign(table_id, user_id)

    @staticmethod
    def takes_draw_offers(game: str) -> bool:
        """Whether players of ``game`` may offer draws (front ends pick the one table a /draw means)."""
        return get_engine(game).description.draw_offers

    async def offer_draw(self, table_id: int, user_id: int, *, accept: bool = False) -> list[Message]:
        """Offer a draw (Kona, Plateau); the opponent accepts by offering too (``accept``: only accept)."""
        return await self.play.offer_draw(table_id, user_id, accept=accept)

    async def decline_draw(self, table_id: int, user_id: int) -> list[Message]:
        return await self.play.decline_draw(table_id, user_id)

    # ---- Mesa (tables.mesa) ---------------------------------------------------------------------------
    async def mesa_turns(self, table_id: int) -> AsyncGenerator[list[Message], None]:
        """Play every Mesa move due at this table, one stored move (and its messages) at a time, under the table's
        claim: another process's tick, which finds the table due at once (so that a restart resumes Mesa's turn),
        leaves it alone meanwhile (both processes had thought the same turn; the version check kept one move).
        Where another process holds the claim, it plays the turn; where this process's ticker does, its claim."""
        held = table_id in self.claims.held
        if not held and not await self.claims.claim(table_id):
            return
        try:
            async with aclosing(self.mesa.turns(table_id)) as turns:
                async for messages in turns:
                    yield messages
        finally:
            if not held:
                await self.claims.release(table_id)

    async def play_mesa(self, table_id: int) -> list[Message]:
        """Every Mesa move due at this table, their messages in order (the ticker, tests)."""
        return await self.mesa.play(table_id)

    # ---- deadlines (tables.deadlines) -----------------------------------------------------------------
    async def tick(self, deliver: Deliver | None = None, *, background: bool = False) -> list[Message]:
        """Play Mesa's due turns, send due reminders and play due timeouts (idempotent; call it every
        minute or so).  Each table's messages go to ``deliver`` as they are made (without it: returned);
        ``background``: Mesa's due turns go on in background tasks (``due_turns``) after the tick returns.
        The reminders among them come again in a later tick until the front end confirms each delivered."""
        return await self.deadlines.tick(deliver, background=background)

    async def reminder_delivered(self, table_id: int, user_id: int, version: int, kind: str) -> None:
        """A front end delivered a ``Reminder`` (its ``version`` and ``kind``): it is not handed out again."""
        await self.reminders.delivered(table_id, user_id, version, kind)

    # ---- reading tables (tables.queries) --------------------------------------------------------------
    async def board(self, table_id: int, image: bool = True) -> PublicPost:
        """The table's current public post again (board image and summary, or the invitation)."""
        return await self.queries.board(table_id, image)

    async def board_for(self, table_id: int, user_id: int, guild_id: int | None) -> tuple[PublicPost, bool]:
        """``/board``: the table's current post, and whether it goes to the table (True) or only to the asker."""
        return await self.queries.board_for(table_id, user_id, guild_id)

    async def private_view(self, table_id: int, user_id: int) -> PrivatePost:
        """The "My pieces" button: this player's own view (TableError if not seated)."""
        return await self.queries.private_view(table_id, user_id)

    async def quick_moves(self, table_id: int, user_id: int) -> list[QuickMove]:
        """The player's moves as controls under the public board (games with ``quick_moves``)."""
        return await self.queries.quick_moves(table_id, user_id)

    async def active_tables(self, user_id: int, guild_id: int | None = None) -> list[TableSummary]:
        """The player's live tables (waiting or playing), oldest first."""
        return await self.queries.active_tables(user_id, guild_id)

    async def listing(self, user_id: int, guild_id: int | None = None, *, joinable: bool = False) -> Listing:
        """``/games``: the player's live tables, and apart those whose record is damaged; ``joinable``: also
        the server's open tables the player could sit at."""
        return await self.queries.listing(user_id, guild_id, joinable=joinable)

    async def find_tables_in_place(self, guild_id: int, place_id: int, user_id: int) -> list[TableSummary]:
        """Live tables in this channel or thread where the user is seated."""
        return await self.queries.find_tables_in_place(guild_id, place_id, user_id)

    async def table_meant(self, user_id: int, guild_id: int, place_id: int | None = None,
                          want: Callable[[TableSummary], bool] | None = None) -> int:
        """The table a command without a table number means (both front ends ask here)."""
        return await self.queries.table_meant(user_id, guild_id, place_id, want)

    async def hosts_live_table(self, guild_id: int, thread_id: int) -> bool:
        """Whether a live table plays in this thread (such a thread is kept open)."""
        return await self.queries.hosts_live_table(guild_id, thread_id)

    async def open_tables_in_place(self, guild_id: int, place_id: int) -> list[int]:
        """Ids of tables in this channel still open for anybody to join (``/join`` without a number)."""
        return await self.queries.open_tables_in_place(guild_id, place_id)

    async def table_details(self, table_id: int, viewer_id: int | None = None, *, words: bool = False) -> TableDetails:
        """Summary and move list; hidden moves in public form unless the viewer made them or it is over;
        ``words``: each move in words too (``/history table=N``)."""
        return await self.queries.table_details(table_id, viewer_id, words=words)

    async def legal_moves_for(self, table_id: int, user_id: int) -> list[str]:
        """Canonical strings this user may play now (whether they have any; tests and benches); [] when none."""
        return await self.queries.legal_moves_for(table_id, user_id)

    async def legal_moves_said(self, table_id: int, user_id: int) -> LegalMoves:
        """This user's moves now, and what each does in words when asked (the move picker, ``/move``'s suggestions)."""
        return await self.queries.legal_moves_said(table_id, user_id)

    async def moves_log(self, table_id: int) -> list[MoveRow]:
        """The raw move log (server use only: it holds hidden faces)."""
        return await self.queries.moves_log(table_id)

    async def missed_posts(self, settled_seconds: float = 0) -> list[Message]:
        """The board (and result) of every table whose latest board was never posted; the invitation
        of a waiting table whose latest invitation was not."""
        return await self.queries.missed_posts(settled_seconds)

    async def set_location(self, table_id: int, thread_id: int | None, message_id: int | None,
                           version: int | None = None) -> None:
        """Record where the table lives (the front end's thread and board message; ``version``: of the
        board or invitation post just delivered, so ``missed_posts()`` finds those never posted after
        a crash or a refusal)."""
        await self.store.set_location(table_id, thread_id, message_id, version)

    # ---- a server's life (tables.guild_life) ----------------------------------------------------------
    async def guild_locale(self, guild_id: int) -> str | None:
        """The server's Discord locale as last seen with a command (``es-ES``), or None."""
        return await self.guild_life.guild_locale(guild_id)

    async def remember_guild_locale(self, guild_id: int, locale: str | None) -> None:
        await self.guild_life.remember_guild_locale(guild_id, locale)
        if locale:
            self.languages.guild_changed(guild_id, locale)

    async def invitation_expiry(self, guild_id: int) -> int:
        """Seconds this server's invitations and open tables wait before they close."""
        return await self.guild_life.invitation_expiry(guild_id)

    async def set_invitation_expiry(self, guild_id: int, text: str | None) -> int:
        """Set (``"2d"``, ``"12h"``) or reset (None or ``"default"``) the server's invitation expiry."""
        return await self.guild_life.set_invitation_expiry(guild_id, text)

    async def expire_invitations(self) -> list[Message]:
        """Close the invitations and open tables that waited too long (the ticker calls it)."""
        return await self.guild_life.expire_invitations()

    async def suspend_guild(self, guild_id: int) -> list[int]:
        """The bot is no longer in ``guild_id``: suspend its live tables (returns their ids), and stop the idle
        clock of its tournaments open for entries (``tables.tournament_idle``)."""
        await self.tournaments.guild_left(guild_id)
        return await self.guild_life.suspend_guild(guild_id)

    async def resume_guild(self, guild_id: int) -> list[Message]:
        """The bot is back in ``guild_id``: resume its suspended tables, deadlines shifted by the time away (and its
        open tournaments' idle clock, ``tables.tournament_idle``)."""
        await self.tournaments.guild_back(guild_id)
        return await self.guild_life.resume_guild(guild_id)

    async def is_suspended(self, table_id: int) -> bool:
        return await self.guild_life.is_suspended(table_id)

    async def suspended_tables(self, table_ids: list[int] | None = None) -> set[int]:
        return await self.guild_life.suspended_tables(table_ids)

    # ---- settings and preferences (tables.preferences) ------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self.preferences.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, *, time_per_move: str | None = None,
                                 allowed_channels: Sequence[int] | None = None, rated: bool | None = None,
                                 rate_mesa: bool | None = None) -> GuildSettings:
        return await self.preferences.set_guild_settings(guild_id, time_per_move=time_per_move,
                                                         allowed_channels=allowed_channels, rated=rated,
                                                         rate_mesa=rate_mesa)

    async def caps(self, guild_id: int) -> Limits:
        """How many invitations one host may keep waiting, and in how many games one player may sit."""
        return await self.preferences.caps(guild_id)

    async def set_caps(self, guild_id: int, max_invitations: int | None, max_active: int | None) -> Limits:
        """Change either cap (None keeps that one); a value outside 1-500 is refused, nothing changed."""
        return await self.preferences.set_caps(guild_id, max_invitations, max_active)

    async def user_prefs(self, user_id: int) -> UserPrefs:
        return await self.preferences.user_prefs(user_id)

    async def set_dms_closed(self, user_id: int, closed: bool) -> None:
        await self.preferences.set_dms_closed(user_id, closed)

    async def dms_closed(self, user_id: int) -> bool:
        return await self.preferences.dms_closed(user_id)

    async def set_locale(self, user_id: int, locale: str | None) -> None:
        await self.preferences.set_locale(user_id, locale)
        self.languages.user_changed(user_id, locale)

    async def pretend_clock(self) -> datetime | None:
        """The console's clock as its last session left it (it lives in the database)."""
        return await self.preferences.pretend_clock()

    async def save_pretend_clock(self, moment: datetime) -> None:
        await self.preferences.save_pretend_clock(moment)


async def open_service(path: str | None = None, *, clock: Clock | None = None, images: bool | str = True,
                       seed_source: Callable[[], int] | None = None, thinker: Thinker | None = None,
                       alone: bool | Share = False, share_lost: Callable[[Exception], None] | None = None
                       ) -> TableService:
    """The service over ``path``: an SQLite file or a ``postgresql://`` URL (default ``DATABASE_URL``,
    else ``DATABASE_PATH``, else ``data/mesa.db``; ``":memory:"`` for a throw-away database).

    Front ends open the service here, so that only tables/ reaches storage (docs/architecture.md, the layers).
    Board images are drawn in worker processes (``tables.rendering``); ``images="thread"`` draws
    them in a thread of this process instead (the console: no pool to start for a few images), and
    ``images=False`` leaves board posts without pictures.  ``alone`` (the bot: ``True``, or the
    ``Share`` of Discord's shards it answers): an SQLite file another bot process holds is refused
    (``CannotOpen``), since both would answer every interaction, and on PostgreSQL a share another
    process holds (``data.holds``); ``share_lost`` is told if another process takes that share
    while the database is away (the bot then stops).
    """
    from data import open_repository

    # issue 19: a postgresql:// URL, a file, or DATABASE_URL / DATABASE_PATH
    repo = await open_repository(path, alone=alone)
    repo.share_lost = share_lost
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


# the façade's public coroutine methods, and its collaborators' that front ends reach (issues 30, 31, 32)
for _owner in (TableService, Hints, Takebacks, Reviews, Tournaments, TournamentLists, Lessons, ReplayKeeper,
               LeaderboardService):
    for _name, _method in list(vars(_owner).items()):
        if not _name.startswith("_") and inspect.iscoroutinefunction(_method):
            setattr(_owner, _name, _refuse_while_storage_is_away(_method))
