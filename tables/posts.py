"""The posts: what each message of a table says and shows (board, private, event, result, waiting).

Everything here builds outbox messages (``tables.outbox``) from a loaded table and states: words are
translation keys and params, pictures come from the renderer (off the event loop).  Nothing here
writes: the only reads are of the move log, for a board drawn again after a restart (its caption and
the picture's "what the last move changed"), through the ``LogReader`` handed in, so the posts are
tested without a database.

Public posts are built from the spectator view only (``engine.view(state, None)``) and the public
words of moves (``engine.move_words``, the same facts as ``engine.public_move``): nothing here may learn
a seat's secret for a public post.

A board tells the game as it happened (issue 28, item 13): the step's moves in words, then what they
caused (the engine's events, the ``news`` of its text), then who is to move or that the game is over.
A board drawn again without a move of its own (``/board``, a resignation that leaves the game going)
tells the last step as the previous move ("Last move: …"), never as news.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any, Protocol

from data.models import ABORTED, ACTIVE, FINISHED, INVITED, WAITING, StoredOutcome, parse_iso
from engines import CHANCE, Engine, ReplayStep
from engines.base import QuickMove
from tables.bounded import LruCache
from tables.durations import format_duration
from tables.endings import GONE, OUTLASTED, OUTSIDE_ENDINGS, departures, final_picture
from tables.games import variant_text
from tables.hints import hints_offered
from tables.i18n import Names, News, Phrase, Sentences, Told, with_levels_in
from tables.languages import Languages
from tables.loaded import LoadedTable, Step, seat_mark
from tables.mesa import is_mesa, mention_seats, mesa_to_act, mesa_turn_goes_on
from tables.outbox import (
    BOARD,
    CANCEL,
    DRAW,
    HINT,
    INFO,
    INVITE,
    MINE,
    QUICK,
    RESULT,
    REVIEW,
    Message,
    PrivatePost,
    PublicPost,
)
from tables.outcome_words import deed, events_said, gone_clauses, outcome_key, outcome_params
from tables.picture_words import picture_words

log = logging.getLogger("tables.service")

#: ``Posts.private``'s default: the state before the last move is read from the table's log
_FROM_LOG: Any = object()
#: render.render or tables.rendering.ProcessRenderer: ``(game, view, names, result=..., previous=...)``
Renderer = Callable[..., bytes]

#: a board without moves of its own to tell, and without news
NOTHING_TOLD, NO_NEWS = Told(), News()


class LogReader(Protocol):
    """The log of a table, replayed (``TableStore.log_steps``), and whether it may still be called off (no
    player has moved in it, and no tournament under way paired it: ``TableStore.may_call_off``)."""

    async def log_steps(self, ctx: LoadedTable) -> list[tuple[ReplayStep, int]]: ...

    async def may_call_off(self, ctx: LoadedTable, *, nobody_moved: bool | None = None) -> bool: ...


class Posts:
    """Builds every message a table posts.  ``renderer`` None: posts without pictures; ``languages``: the language
    each picture speaks (a public board its server's, a private view its player's; None: English)."""

    def __init__(self, renderer: Renderer | None, log_reader: LogReader, languages: Languages | None = None) -> None:
        self.renderer = renderer
        self.log_reader = log_reader
        self.languages = languages
        #: table id -> (plies, words) of its last step's board caption, for the board drawn again
        self.said: LruCache[int, tuple[int, Told]] = LruCache()

    # ---- pictures and small parts -----------------------------------------------------------------
    async def public_lang(self, ctx: LoadedTable) -> str:
        """The language of the table's public pictures: its server's, as its posts' words."""
        return "en" if self.languages is None else await self.languages.of_guild(ctx.row.guild_id)

    async def user_lang(self, user_id: int) -> str:
        """The language of a player's private pictures: their own, as the words of their private posts."""
        return "en" if self.languages is None else await self.languages.of_user(user_id)

    async def image(self, game: str, view: dict[str, Any], names: list[str], *,
                    result: dict[str, Any] | None = None, previous: dict[str, Any] | None = None,
                    lang: str = "en") -> bytes | None:
        """The picture, its words in ``lang``; ``result`` (an ending outside the rules) and ``previous`` (the view
        before the last move, for the caption) are passed only when there is one, as ``render.render`` takes
        them."""
        if self.renderer is None:
            return None
        extra: dict[str, Any] = {k: v for k, v in (("result", result), ("previous", previous)) if v is not None}
        if lang != "en":
            extra["lang"] = lang
            names = [with_levels_in(name, lang) for name in names]  # "Mesa (fácil)"
        try:
            return await asyncio.to_thread(self.renderer, game, view, names, **extra)
        except Exception:  # an image is a nicety: never lose a stored move over it
            log.exception("rendering %s failed", game)
            return None

    @staticmethod
    def player_list(ctx: LoadedTable) -> str:
        """``Ana [1] · Mesa (hard) [2] ✗``: each seat's name and the mark the pictures give it (``seat_mark``: the
        notation's letter, else its number counted from 1 as on the seat badges), ✗ once out, (auto) while
        away (its turns are played for it until the player acts again).  The name as stored: the mark tells two
        players of one name apart already ("Sam [1] · Sam [2]", never "Sam [1] [1]")."""
        marks = ctx.engine.description.seat_marks
        away = ctx.away_seats()
        parts = []
        for s in ctx.ordered():
            mark = seat_mark(marks, s.seat)
            gone = " ✗" if s.out_reason else " (auto)" if s.seat in away else ""  # (auto): played for them
            parts.append(f"{s.name} [{mark}]{gone}")
        return " · ".join(parts)

    @staticmethod
    def picture_names(ctx: LoadedTable, told: Sequence[int] = (), lang: str = "en") -> list[str]:
        """The names a board's picture shows: a seat that went out says how ("Cy (resigned)", "Cy (abandonó)"):
        the engine's view does not know it (issue 28, item 14), the final picture's too, except the seats its
        banner names for the same (``told``: "Cy wins: Ana resigned"; a second leaver, out of time, was left
        unsaid).  In the picture's language, as every word drawn on it; two players of one name told apart by
        their seats' marks as the texts tell them ("Sam [1]", ``LoadedTable.told_names``)."""
        from render import words  # (the pictures' own words: how a player left, "resigned", "abandonó")

        names = ctx.told_names()
        return [f"{names[s.seat]} ({words.left(lang, s.out_reason)})" if s.out_reason and s.seat not in told
                else names[s.seat] for s in ctx.ordered()]

    @staticmethod
    def status_line(ctx: LoadedTable, view: dict[str, Any]) -> str:
        """Each side's score: a side's seats share one total (partnerships, KR-6.2)."""
        for key in ("totals", "scores"):
            values = view.get(key)
            if isinstance(values, list) and values and all(isinstance(v, int) for v in values):
                names = ctx.names()
                if len(values) == len(names):
                    return " · ".join(f"{n} {v}" for n, v in zip(names, values))
                sides = ctx.sides()
                if len(values) == len(sides):
                    return " · ".join(f"{' & '.join(names[s] for s in side)} {v}" for side, v in zip(sides, values))
                return " · ".join(str(v) for v in values)
        return ""

    @staticmethod
    def deadline_params(row_deadline: str | None) -> dict[str, Any]:
        moment = parse_iso(row_deadline)
        if moment is None:
            return {"deadline": "-", "deadline_ts": 0}
        return {"deadline": moment.strftime("%Y-%m-%d %H:%M UTC"), "deadline_ts": int(moment.timestamp())}

    @staticmethod
    def offers(engine: Engine, state: Any, humans: int) -> frozenset[str]:
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

    # ---- the board --------------------------------------------------------------------------------
    async def board(self, ctx: LoadedTable, state: Any, version: int, deadline: str | None, told: Told = NOTHING_TOLD,
                    *, news: News = NO_NEWS, image: bool = True, previous: Any = None, back: bool = False,
                    opening: bool = False, pinged: Collection[int] = ()) -> PublicPost:
        """The table's board post: ``told`` the step's moves, ``news`` what they caused; ``previous``: the
        state before the last move (the caption's "capturing 1"); ``back``: shown after a takeback (at the start
        position it is "back at its start", not "begins"); ``opening``: no player has moved yet (the log holds
        chance moves at most) and no tournament under way paired the table, so the host may still cancel it
        (``CANCEL``, ``Seating.abort``); ``pinged``: players the board before told it was their turn, and whose
        turn it still is, who are not pinged again (a Krakatoa turn's every throw, each K3 pyramid built while
        others build: a phone buzzed six times a turn)."""
        engine = ctx.engine
        ended = ctx.row.status in (FINISHED, ABORTED)
        result = None
        redrawn = Told()  # drawn again (/board, resign, a restart): the last step, told as the previous move
        if not told and ctx.plies and state is ctx.state:
            previous, redrawn = await self._redrawn(ctx, image, previous)
        view = engine.view(state, None)  # the spectator view: public posts never hold a secret
        if ended:  # resigned, timed out, agreed, aborted: the result banner, not "X to move" (tables.endings)
            view, result = final_picture(engine, state, ctx.row.outcome, ctx.seats, aborted=ctx.row.status == ABORTED)
        actors = [] if ended else ctx.acting(state)
        over = engine.outcome(state) is not None or ended
        params: dict[str, Any] = {
            "table": ctx.id, "game": ctx.title, "players": self.player_list(ctx),
            "moves": told or (Phrase("board.last_move", {"told": redrawn}) if redrawn else Told()), "news": news,
            "turn": ctx.named(actors), "status": self.status_line(ctx, view),
            "position": view.get("position", ""), "ply": view.get("ply", 0),
            **self.deadline_params(deadline),
        }
        key, hint = self._board_key(ctx, state, view, actors, params, bool(told), over)
        if back and key.startswith(("board.start", "board.mesa_start")):  # a takeback to the first position
            key = key.replace("start", "back", 1)
        before = engine.view(previous, None) if previous is not None else None
        # the banner names those who left for its own reason ("Cy wins: Ana resigned"); every other leaver says so
        lang = await self.public_lang(ctx) if image and self.renderer is not None else "en"
        banner: Sequence[int] = result["losers"] if result and result["reason"] in GONE else ()
        if banner and (ending := StoredOutcome.from_json(ctx.row.outcome)) and ending.together == "loss":
            banner = range(len(ctx.seats))  # "Everyone loses: Ana resigned": the others did not leave (K3-8.3)
        names = self.picture_names(ctx, banner, lang)
        picture = await self.image(ctx.row.game, view, names, result=result,
                                   previous=before, lang=lang) if image else None
        mention = () if over else tuple(u for u in ctx.users_of(actors) if not is_mesa(u))
        offers = self.offers(engine, state, sum(1 for s in ctx.seats if not is_mesa(s.user_id)))
        if mention and hints_offered(ctx):  # issue 30: a Hint button for the one person playing Mesa
            offers |= {HINT}
        if mention and opening and not back:
            offers |= {CANCEL}  # nobody has moved: the host may still call it off (once a deal is seen, all players)
        # what the controls need rides with the post: delivering it never calls the service back
        quick: tuple[QuickMove, ...] = ()
        if QUICK in offers and mention and hint in ("move", "draw"):
            first = ctx.seat_of(mention[0])
            quick = tuple(engine.quick_moves(state, first.seat)) if first is not None else ()
        mesa_next = not over and mesa_to_act(ctx, state)
        # the picture in words, from the same view (public: no secret), with the players' own names; made with or
        # without a renderer (the console's --describe says it where no picture is drawn)
        alt = picture_words(engine, view, ctx.names()) if image else Sentences()
        ping = tuple(u for u in mention if u not in pinged)
        return PublicPost(ctx.id, BOARD, key, params, picture, ping, hint, version, offers, quick, mesa_next, alt)

    def _board_key(self, ctx: LoadedTable, state: Any, view: dict[str, Any], actors: list[int],
                   params: dict[str, Any], told: bool, over: bool) -> tuple[str, str | None]:
        """The board text's key and the controls it asks for (params: Mesa's turn has no deadline)."""
        hint: str | None
        if ctx.row.status == ABORTED:  # cancelled before anyone moved: not "the game is over"
            key, hint = "board.aborted", None
        elif over:
            # a game ended by resignation, time or agreement has no move of its own to show
            ended_by_move = told or (ctx.engine.outcome(state) is not None and params["moves"] != Told())
            key, hint = ("board.final" if ended_by_move else "board.over"), None
        elif ctx.unlisted(state):
            key, hint = "board.build", "build"
        else:
            mesa_only = bool(actors) and not mention_seats(ctx, actors)  # Mesa never has a deadline (tables.mesa)
            if not told and not view.get("last_move"):  # the opening board
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
        return key, hint

    async def _redrawn(self, ctx: LoadedTable, image: bool, previous: Any) -> tuple[Any, Told]:
        """(the state before the last move, the last step's caption) for a board drawn again: the
        caption remembered when the step was posted, else read from the log once (after a restart);
        the state only when a picture will show what the last move changed."""
        said = self.said.get(ctx.id)
        told = said[1] if said is not None and said[0] == ctx.plies else Told()
        picture_needs = image and previous is None and self.renderer is not None
        if picture_needs or not told:
            before_last, from_log = await self._last_step(ctx)
            previous = before_last if picture_needs else previous
            told = told or from_log
            self.said[ctx.id] = (ctx.plies, told)
        return previous, told

    async def _last_step(self, ctx: LoadedTable) -> tuple[Any, Told]:
        """For a board drawn again: the state before the last logged move (the picture then shows what
        it changed) and the last step's words as they were first posted, "Ben played a1-b1" or "Ana
        aimed hard at s1 (12 points)" (the last seat's move and the chance moves it set off; public
        facts, so a hidden placement stays hidden)."""
        logged = await self.log_reader.log_steps(ctx)
        if not logged:
            return None, Told()
        items = [(step.before, step.move, seat) for step, seat in logged]
        first = max((i for i, item in enumerate(items) if item[2] >= 0), default=len(items) - 1)
        return items[-1][0], self.told(ctx, items[first:])

    async def current(self, ctx: LoadedTable, image: bool = True, back: bool = False) -> PublicPost:
        """The table's current public post: the invitation, or the board (``back``: after a takeback)."""
        if ctx.row.status in WAITING or ctx.state is None:
            return self.waiting(ctx)
        return await self.board(ctx, ctx.state, ctx.row.version, ctx.row.turn_deadline, image=image, back=back,
                                opening=await self._may_call_off(ctx))

    async def _may_call_off(self, ctx: LoadedTable) -> bool:
        """Whether the table may still be called off as ``Seating.abort`` reads it: the log holds no player's
        move (an empty one, or a deal only: K3-2; it is read only where chance may have opened the game), and
        no tournament under way paired it."""
        if ctx.row.status != ACTIVE or (ctx.plies and ctx.engine.description.chance == "none"):
            return False
        return await self.log_reader.may_call_off(ctx)

    # ---- what a step shows ------------------------------------------------------------------------
    async def after_step(self, ctx: LoadedTable, step: Step, state: Any, version: int, deadline: str | None,
                         over: bool) -> list[Message]:
        """What a committed step shows: the board (its moves, then what they caused, then whose turn it
        is), and the private views it changed."""
        told = self.told(ctx, [(p.before, p.move, p.seat) for p in step.items])
        if step.items:  # (an ending without a move keeps the last step's caption for the board drawn again)
            self.said[ctx.id] = (ctx.plies, told)
        private_seats = [] if over else self.private_changes(ctx, step, state)
        # the pictures are drawn side by side (the renderer runs in threads)
        previous = step.items[-1].before if step.items else None
        mover = step.mover()
        held = not over and mover is not None and mesa_turn_goes_on(ctx, state, mover)  # tables.mesa
        # the step is the whole log and holds chance moves at most (the start, a deal): nobody has moved yet
        opening = ctx.plies == len(step.items) and all(p.seat == CHANCE for p in step.items) and not over
        opening = opening and await self.log_reader.may_call_off(ctx, nobody_moved=True)
        # whose turn the board before this step said it was, and still is: told already (their own turn goes on)
        pinged = set(ctx.users_of(ctx.acting(step.items[0].before))) if step.items else set()
        board = asyncio.ensure_future(self.board(ctx, state, version, deadline, told, news=self.news(ctx, step, state),
                                                 image=not held, previous=previous, opening=opening, pinged=pinged))
        private = await asyncio.gather(*(self.private(ctx, state, seat, previous) for seat in private_seats))
        return [await board, *private]

    @staticmethod
    def told(ctx: LoadedTable, items: Sequence[tuple[Any, Any, int]]) -> Told:
        """Moves as a board's caption tells them, in words (``Engine.move_words``): "Ana aimed hard at s1
        (12 points)", "The base row is drawn · The pieces are dealt" (public facts only, so a hidden
        placement stays hidden; chance moves have no name)."""
        names = ctx.names()
        deeds = []
        for before, move, seat in items:
            row = ctx.by_seat(seat) if seat >= 0 else None
            deeds.append(deed(ctx.engine, before, move, ctx.name(row) if row else "", names))
        return Told(deeds)

    async def private(self, ctx: LoadedTable, state: Any, seat: int, previous: Any = _FROM_LOG) -> PrivatePost:
        """A seat's private view (its own secrets), for that player only; ``previous``, the state before the last
        move, read from the log when not given (``/mine``, a takeback): the picture's caption tells that move as
        the board does (K3-6.2: who took a piece, not the player before whose turn it is now)."""
        view = ctx.engine.view(state, seat)
        row = ctx.by_seat(seat)
        assert row is not None
        params = {"table": ctx.id, "game": ctx.title, "position": view.get("position", "")}
        if previous is _FROM_LOG:
            previous = (await self._last_step(ctx))[0] if self.renderer is not None else None
        before = ctx.engine.view(previous, seat) if previous is not None else None
        picture = await self.image(ctx.row.game, view, ctx.names(), previous=before,
                                   lang=await self.user_lang(row.user_id) if self.renderer is not None else "en")
        # the picture tells it; without one (no renderer, or drawing failed) the position in notation does
        key = "private.view" if picture is not None else "private.view_notation"
        alt = picture_words(ctx.engine, view, ctx.names())
        return PrivatePost(ctx.id, row.user_id, key, params, picture, alt)

    @staticmethod
    def private_changes(ctx: LoadedTable, step: Step, state_after: Any) -> list[int]:
        """Seats whose private view changed (DESIGN: DM a player's view when it changes).

        The engine names them (``private_changes``: Plateau's mover after a hidden placement, K3's
        players after the deal); none once nothing is private any more (K3-10 after the last build).
        """
        engine = ctx.engine
        if not engine.has_private_info(state_after):
            return []
        seats = [s for p in step.items for s in engine.private_changes(p.before, p.move)]
        out = ctx.out_seats()
        bots = {r.seat for r in ctx.seats if is_mesa(r.user_id)}  # Mesa's view never leaves the thinker
        return [s for s in dict.fromkeys(seats) if s not in out and s not in bots]

    @staticmethod
    def news(ctx: LoadedTable, step: Step, final: Any) -> News:
        """What the step's moves made happen (``Engine.events``: eliminations, penalties, bonuses ...),
        each a sentence with names (``event.<game>.<code>``), in the order they happened: the board
        says them after its moves and before whose turn it is."""
        return News(events_said(ctx.engine, ctx.id, ctx.title, ctx.names(), [(p.before, p.move) for p in step.items],
                                final, gone=ctx.out_seats()))

    # ---- the result -------------------------------------------------------------------------------
    def result(self, ctx: LoadedTable, ending: StoredOutcome, version: int,
               acted: Collection[int] | None = None) -> PublicPost:
        """The ending in words: the catalogue's sentence for the engine's facts when it has one, else
        the winners and standings.  Told the first time (``acted``: the seats whose own act ended it, a winning
        move's, a resignation's, who know; none for a time-out), it pings every other player: a game that runs
        for days ended unseen by them.  Told again (``None``: an answer repeated, a board asked for), nobody."""
        post = self._result(ctx, ending, version)
        if ctx.plies and ctx.state is not None and ctx.engine.end_shows_all(ctx.state):
            post = replace(post, offers=post.offers | {REVIEW})  # else "nothing to review": no Review offered
        if acted is None:
            return post
        told = tuple(row.user_id for row in ctx.ordered() if not is_mesa(row.user_id) and row.seat not in acted)
        return replace(post, mention=told)

    def _result(self, ctx: LoadedTable, ending: StoredOutcome, version: int) -> PublicPost:
        places = ending.places(len(ctx.seats))
        worded = self._worded_result(ctx, places, ending, version)
        if worded is not None:
            return worded
        names = ctx.names()
        if ending.together == "loss" and ending.reason in OUTSIDE_ENDINGS:  # a team that plays together: a player
            # left, so all lose together (K3-8.3); those who went with them did nothing, and are not named as leavers
            gone = departures(ctx.seats, partners=False, names=ctx.told_names())
            return PublicPost(ctx.id, RESULT, "result.together_lost", {
                "table": ctx.id, "game": ctx.title, "gone": gone_clauses(gone), "everyone": Names(names)},
                None, (), None, version)
        winners = [names[s] for s, p in enumerate(places) if p == 1]
        params: dict[str, Any] = {
            "table": ctx.id, "game": ctx.title, "detail": ending.text or ending.reason, "reason": ending.reason,
            "winners": ", ".join(winners),
            "standings": " · ".join(f"{p}. {names[s]}" for s, p in sorted(enumerate(places), key=lambda x: x[1])),
        }
        if all(p == 1 for p in places):
            key = "result.draw"
        elif len(places) > 2:
            key = "result.standings"
        else:
            key = "result.win"
        if ending.reason == OUTLASTED:  # the rules' winner had left: first place is the best who played on
            key = "result.standings.outlasted" + ("_shared" if len(winners) > 1 else "")
            params["gone"] = gone_clauses(departures(ctx.seats, names=ctx.told_names()))
            params["winners"] = Names(winners)
        if ending.reason in OUTSIDE_ENDINGS:
            gone = departures(ctx.seats, names=ctx.told_names())
            if key == "result.standings" and gone:  # each who left, and how: "Ben resigned and Ana ran out of time"
                key = "result.standings.gone"
                params["gone"] = gone_clauses(gone)
            else:
                key += "." + ending.reason
            params["loser"] = ", ".join(names[s] for s, p in enumerate(places) if p != 1)
        return PublicPost(ctx.id, RESULT, key, params, None, (), None, version)

    @staticmethod
    def _worded_result(ctx: LoadedTable, places: list[int], ending: StoredOutcome, version: int) -> PublicPost | None:
        """The ending in a player's words (``tables.outcome_words``), when the catalogue has them."""
        facts = ending.facts
        if facts is None or ending.reason in OUTSIDE_ENDINGS:
            return None
        key = outcome_key(ctx.row.game, ending.reason, dict(facts.extra))
        if key is None:
            return None
        params = outcome_params(ctx.names(), places, dict(facts.extra), facts.scores)
        params.update(table=ctx.id, game=ctx.title, reason=ending.reason)
        gone = departures(ctx.seats, names=ctx.told_names())
        if gone and params.get("standings_line"):  # who left, and why they stand below those who played on
            params["standings_line"] = Phrase("outcome.standings_gone", {
                "standings": params["standings_line"], "gone": gone_clauses(gone)})
        return PublicPost(ctx.id, RESULT, key, params, None, (), None, version)

    # ---- a table waiting for its players ----------------------------------------------------------
    @staticmethod
    def waiting(ctx: LoadedTable, update: bool = False) -> PublicPost:
        """The invitation (``update``: the table's news after someone answered, joined or left, which
        reads as an update of the invitation rather than a fresh one, and pings nobody: the invitation did)."""
        engine = ctx.engine
        pending = [s for s in ctx.seats if not s.accepted]
        host = ctx.seat_of(ctx.row.host_id)
        params = {
            "table": ctx.id, "game": ctx.title, "host": ctx.name(host) if host else "?",
            "players": ", ".join(ctx.names()), "invited": Names(ctx.name(s) for s in pending),
            "count": len(ctx.seats), "min": engine.min_players, "max": engine.max_players,
            "time": format_duration(ctx.options.time_per_move, exact=True), "rated": "✓" if ctx.options.rated else "✗",
        }
        more = engine.min_players - len(ctx.seats)
        params["ready"] = Phrase("invite.ready" if more <= 0 else "invite.one_more_needed" if more == 1 else
                                 "invite.more_needed", {"more": more})
        variant = variant_text(engine.name, ctx.options.game)  # what is played: teams, a preset …
        params["variant"] = f"{variant}; " if variant else ""
        if ctx.row.status == INVITED and pending:
            # seats already taken besides the host's: Mesa's (bots=N), so the invited know whom they play
            others = [ctx.name(s) for s in ctx.ordered() if s.accepted and s.user_id != ctx.row.host_id]
            key = "invite.challenge.update" if update else ("invite.challenge.with" if others else "invite.challenge")
            params["others"] = Names(others)
            return PublicPost(ctx.id, INVITE, key, params, None, () if update else tuple(s.user_id for s in pending),
                              "invite", ctx.row.version)
        return PublicPost(ctx.id, INVITE, "invite.open.update" if update else "invite.open", params, None, (), "join",
                          ctx.row.version)

    @staticmethod
    def info(ctx: LoadedTable, key: str, version: int | None = None, *, mention: tuple[int, ...] = (),
             hint: str | None = None, **params: Any) -> PublicPost:
        """A line of news at the table (``info.*``, ``invite.*``): the table and game always named."""
        return PublicPost(ctx.id, INFO, key, {"table": ctx.id, "game": ctx.title, **params}, None, mention, hint,
                          ctx.row.version if version is None else version)
