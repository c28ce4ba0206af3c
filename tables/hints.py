"""Hints (issue 30, "Learning the games"): Mesa's move for a player's own seat, never played for them.

Only where a hint teaches without spoiling anything: an unrated table whose only other seats are
Mesa's (``hints_offered``).  Rated games and games between people are refused in words.

A hint is the honest player's move: ``MesaMoves.choose`` at ``HINT_LEVEL``, Mesa's strongest, the level its
reviews judge by (at the table's own level, an ``easy`` table's hints were moves the review then called
mistakes), from the asker's view only, seeded by the table and the ply; asking again at the same position gives
the same answer, and is not counted again (kept per table, position and seat, in memory and in storage, so a
restart changes nothing: a search on a time budget varies with the machine's load; and a takeback back to a position
hinted at is that position again).
Its sentence of why is computed from the engine, and from what the seat knows: where the seat's view hides
something (Plateau's faces, K3's pyramids), the claims are judged on states the engine deals from that view
(``determinize``) and said only when they hold on every one, so a hint never tells a secret. In order: the move
wins at once; (a review, which also knows the move played instead) the move played let the opponent win at once,
with this reply, and this one does not; the opponent could win on their next move after most other moves, and
cannot after this one (judged only where nothing is hidden); after it the seat threatens to win on its next
move, after most of the opponent's replies or after every one (judged only where nothing is hidden); it raises
the seat's tally (``GameDescription.tallies``: prisoners, points; in a review, further than the move played
did); otherwise "Mesa's choice".  A hint says more than "Mesa's choice" (``Hints._why``): the seat's only move, a
choice the rules make alike (Krakatoa's throw-off set, KR-4.1), else the seat's chance to win after the move as
Mesa's review would read it (Kona's proven wins and losses said as such).

Every hint is counted per seat (``data.learning``, it survives a restart), and the result post says it
(``hinted_result``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ai.review import is_choice
from ai.review_games import PROVES_RESULTS, counts_marks, expected_points, plays_for_the_win
from data import learning
from data import tournaments as tournament_store
from data.models import SeatRow
from data.repository import Repository
from engines import CHANCE, Engine, MoveError
from tables.bounded import LruCache
from tables.errors import TableError
from tables.i18n import EN, Count, Names, Phrase, Tenths, Told
from tables.lesson_goals import winning_reply
from tables.loaded import LoadedTable
from tables.mesa import DEFAULT_LEVEL, MesaMoves, is_mesa, level_of
from tables.move_choices import does
from tables.outbox import PublicPost
from tables.outcome_words import deed
from tables.store import TableStore
from tables.thinking import move_seed

log = logging.getLogger(__name__)

#: the table's started game and the caller's seat in it, or the refusal that says why not (``Play.active``)
Seated = Callable[[int, int], Awaitable[tuple[LoadedTable, SeatRow]]]

#: states dealt from the seat's view when it hides something: a claim must hold on each
SAMPLES = 3
#: the most moves applied to judge "it stops a threat" (Kona needs about 700); past it nothing is claimed
THREAT_WORK = 20_000


def table_rated(ctx: LoadedTable) -> bool:
    """Whether the table's results will count for ratings (as far as the table itself says)."""
    return ctx.options.rated and ctx.engine.description.rated(ctx.options.game)


def alone_with_mesa(ctx: LoadedTable) -> bool:
    """One person at the table, every other seat Mesa's."""
    people = [s for s in ctx.seats if not is_mesa(s.user_id)]
    return len(people) == 1 and len(ctx.seats) > 1


def hints_offered(ctx: LoadedTable) -> bool:
    """Whether the table takes hints: unrated, one person against Mesa, no tournament's (the board's Hint
    button)."""
    return alone_with_mesa(ctx) and not table_rated(ctx) and ctx.options.tournament is None


async def tournament_of(repo: Repository, ctx: LoadedTable) -> int | None:
    """The tournament underway (open or running) that paired this table (issue 31), whose result counts
    there.  Once the event is cancelled (or over) its tables in play are ordinary games, as the cancellation
    says: takebacks and hints as at any table."""
    return await tournament_store.underway_of_table(repo, ctx.id)


#: the level a hint is searched at: Mesa's strongest, the one a review judges moves by (``ai.review.LEVEL``)
HINT_LEVEL = "hard"


def mesa_level(ctx: LoadedTable) -> str:
    """The level Mesa plays at this table (its first seat's)."""
    return next((level for s in ctx.ordered() if (level := level_of(s.user_id)) is not None), DEFAULT_LEVEL)


@dataclass(frozen=True)
class Hint:
    """Mesa's move for the asker's seat, for the asker's eyes only: ``move`` to type, ``key`` and
    ``params`` the sentence (``hint.answer``), ``used`` the seat's hints so far, this one included;
    ``version`` the table's version it was given at (a front end's *Play it* carries it: stale once the game
    moved on)."""

    table_id: int
    user_id: int
    move: str
    used: int
    version: int
    key: str = "hint.answer"
    params: dict[str, Any] = field(default_factory=dict)
    #: a few plain-text lines that show the move (``Engine.move_sketch``: K3's pyramid, whose text is hard to
    #: read), "" where the text says it all
    sketch: str = ""


def position_key(engine: Engine, state: Any) -> int:
    """A key of the whole state (62 bits, stored beside the hint): the same position, however reached (a takeback
    back to it gives the table a new version), has the same key."""
    text = json.dumps(engine.to_json(state), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 2


class Hints:
    """Gives hints and counts them (a collaborator of ``TableService``: ``service.hints``)."""

    def __init__(self, store: TableStore, mesa: MesaMoves, seated: Seated) -> None:
        self.store = store
        self.mesa = mesa
        self.seated = seated
        #: (table, position, seat) -> the hinted move: asked again, the same answer (a search at ``HINT_LEVEL`` runs
        #: on a time budget, which the machine's load varies)
        self.given: LruCache[tuple[int, int, int], str] = LruCache()
        #: (table, position, seat, move) -> the sentence of why: asked again (a second click), not read again
        #: (a reading takes up to a second of a worker); after a restart it is read again, to the same figure
        self.told: LruCache[tuple[int, int, int, str], Phrase] = LruCache()

    async def ask(self, table_id: int, user_id: int) -> Hint:
        """Mesa's move for the caller's seat and why; counted, never played."""
        ctx, seat = await self.seated(table_id, user_id)
        if not alone_with_mesa(ctx):  # said with whom: "at table #3 you play with Ben and Cy"
            people = Names(ctx.name(s) for s in ctx.seats if s.user_id != user_id and not is_mesa(s.user_id))
            raise TableError("error.hint_people", table=table_id, people=people)
        if (tournament := await tournament_of(self.store.repo, ctx)) is not None:
            raise TableError("error.hint_tournament", table=table_id, id=tournament)
        if table_rated(ctx):
            raise TableError("error.hint_rated", table=table_id)
        actors = ctx.acting(ctx.state)
        if seat.seat not in actors:
            raise ctx.not_your_turn(actors)
        engine, state = ctx.engine, ctx.state
        seed = move_seed(ctx.row.seed, ctx.plies + 1, seat.seat, "hint")
        position = position_key(engine, state)  # a takeback back to a position hinted at is that position again
        asked = (ctx.id, position, seat.seat)
        given = self.given.get(asked)
        if given is None:  # kept in storage too: after a restart, the same question gets the same answer
            given = await learning.given_hint(self.store.repo, ctx.id, seat.seat, position)
        move = unreadable = None
        if given is not None:
            try:
                move = engine.parse_move(state, given)
            except (MoveError, ValueError):  # a kept hint that does not read here (edited by hand): searched again
                unreadable = given
        if move is None:
            move = await self.mesa.choose(ctx, state, seat.seat, HINT_LEVEL, seed, payer=user_id)  # the asker's
            # a move that wins at once, on every state the seat's view allows, is the hint (Mesa's K3 search, on
            # its budget, at times chose a move that wins a turn later: a hint's first reason is "it wins at once")
            move = await asyncio.to_thread(winning_instead, engine, state, seat.seat, seed, move)
        # kept and counted once a position: asked again there (a second click, after a restart) it is the same
        # hint, not another; of two asks at once, the first kept is the one both are told
        text, used = await learning.give_hint(self.store.repo, ctx.id, seat.seat, position,
                                              engine.format_move(state, move), replacing=unreadable)
        move = engine.parse_move(state, text)
        self.given[asked] = text
        reason = self.told.get((*asked, text))
        if reason is None:
            reason = self.told[(*asked, text)] = await self._why(ctx, state, seat.seat, move, seed, user_id)
        told = deed(engine, state, move, ctx.name(seat), ctx.names())  # the move in words too, where the game has them
        said: Any = "" if told.words.key.startswith("move.any.") else Phrase("hint.said", {"told": Told((told,))})
        own = does(engine, state, move, ctx.names())
        if said and own is not None and engine.own_move_words(state, move) != engine.move_words(state, move):
            # what the asker knows of the move beyond the board's words (PL-9.2: an opening's two pieces by name)
            said = Phrase("hint.said_own", {"does": own, "told": Told((told,))})
        params = {"table": ctx.id, "game": ctx.title, "move": text, "said": said, "why": reason,
                  "used": Count(used, "hint")}
        return Hint(ctx.id, user_id, text, used, ctx.row.version, params=params,
                    sketch=engine.move_sketch(state, move))

    async def _why(self, ctx: LoadedTable, state: Any, seat: int, move: Any, seed: int, asker: int) -> Phrase:
        """``why``'s sentence; where it has no more to say than "Mesa's choice", what Mesa reads instead: a move
        that is the seat's only one, a choice the rules make alike (KR-4.1), or the seat's chance to win after
        the move as Mesa's review reads a decision (``ai.review_games.chance_after``, from the seat's view, in
        the thinking pool's optional lane charged to ``asker``: the same question, the same figure)."""
        reason = await asyncio.to_thread(why, ctx, state, seat, move, seed)  # a few thousand moves at most
        if reason.key != "hint.why.choice":
            return reason
        engine = ctx.engine
        if not is_choice(engine, state, seat):
            if len(engine.legal_moves(state, seat)) == 1:
                return Phrase("hint.why.only")
            own = f"hint.why.alike.{engine.name}"  # the game's own words of why (Krakatoa's sets, KR-4.1)
            return Phrase(own if own in EN else "hint.why.alike")
        try:
            chances = await self.mesa.thinker.chance_after(engine.name, engine.view(state, seat), seat,
                                                           engine.format_move(state, move), seed,
                                                           payer=asker)
        except Exception as exc:  # words only: a hint without its figure is still a hint (the view never logged)
            log.warning("table %d: no reading for a hint (%s)", ctx.id, type(exc).__name__)
            return reason
        if chances is None:
            return reason
        return chance_words(ctx, seat, chances[seat], hidden=engine.has_private_info(state))

    async def used(self, table_id: int) -> dict[int, int]:
        """Seat -> hints used at the table (seats that used none are left out)."""
        return await learning.hints_used(self.store.repo, table_id)


# ==================================================================== why: from the engine, from the seat's view
class _OutOfWork(Exception):
    """The threat search went past ``THREAT_WORK`` moves: no claim."""


def why(ctx: LoadedTable, state: Any, seat: int, move: Any, seed: int, played: Any = None) -> Phrase:
    """One sentence of why ``move`` is good for ``seat`` (see the module docstring); ``played``, a review's:
    the move the seat played instead, judged on the same states."""
    engine = ctx.engine
    known = known_states(engine, state, seat, seed)
    afters = [after for s in known if (after := _after(engine, s, move)) is not None]
    if not known or len(afters) < len(known):
        return Phrase("hint.why.choice")
    if all(_wins(engine, after, seat) for after in afters):
        return Phrase("hint.why.wins")
    if played is None:  # a game of points over dice: the choice by its expected points (a review says its own)
        points = _points_why(engine, state, seat, move, HINT_LEVEL)
        if points is not None:
            return points
    if played is not None and played != move:
        allowed = _allows(ctx, engine, known, seat, played, afters)
        if allowed is not None:
            return allowed
    if known == [state]:  # nothing hidden from this seat: the opponents' replies are known too
        try:
            threat = _stops_threat(engine, state, seat, move, afters[0], [THREAT_WORK])
        except _OutOfWork:
            threat = None
        row = ctx.by_seat(threat) if threat is not None else None
        if row is not None:
            return Phrase("hint.why.stops", {"name": ctx.name(row)})
        try:
            built = _builds_threat(engine, afters[0], seat, [THREAT_WORK])
        except _OutOfWork:
            built = None
        if built is not None:
            opponent = ctx.by_seat(built[0])
            if opponent is not None:
                return Phrase("hint.why.forces" if built[1] else "hint.why.threatens", {"name": ctx.name(opponent)})
    rivals = None if played is None or played == move else [_after(engine, s, played) for s in known]
    gain = _gain(ctx, engine, known, afters, seat, rivals)
    if gain is not None:
        return gain
    return Phrase("hint.why.choice")


def chance_words(ctx: LoadedTable, seat: int, chance: float, *, hidden: bool = False) -> Phrase:
    """A hint's reading in words: the seat's chance to win in whole points (``hidden``: read from what the seat
    can see, which the words then say), or where the game's search proves results (Kona's, ``PROVES_RESULTS``)
    and this one is proven, the proof."""
    if ctx.engine.name in PROVES_RESULTS and chance in (0.0, 1.0):
        other = next((ctx.name(row) for row in ctx.ordered() if row.seat != seat), "-")
        return Phrase("hint.why.proven_win" if chance == 1.0 else "hint.why.proven_loss", {"name": other})
    # everybody wins or loses together (K3-8, cooperative): the options that say so, as the game describes them
    together = any(ctx.options.game.get(name) for name in ctx.engine.description.unrated_options)
    return Phrase("hint.why.chance_together" if together else "hint.why.chance",
                  {"chance": round(100 * chance), "seen": Phrase("hint.seen") if hidden else ""})


def _points_why(engine: Engine, state: Any, seat: int, move: Any, level: str) -> Phrase | None:
    """Krakatoa (KR-1.1, KR-8.2): the points Mesa's choice is expected to bring from here to the end of the turn,
    marks included, against the next best choice's, exactly (``ai.review_games.expected_points``, as the
    review counts points lost); where Mesa's choice brings fewer, why: ``hard`` in the last round plays for the
    points it needs (``ai.krakatoa``), so it wins more often; otherwise it is the level's own choice (``easy``
    now and then takes a lesser aim; a search cut short may too), said as that and no more.  A lesson asks for
    the most points of the throw at hand (``auto``); a hint weighs the rest of the turn too, which is why the
    two may differ: the hint says so."""
    view = engine.view(state, seat)
    try:
        values = expected_points(engine.name, view, seat)
    except Exception:  # words only: a hint without its why is still a hint
        log.debug("no points for a %s hint", engine.name, exc_info=True)
        return None
    if values is None:  # not a game of points over dice
        return None
    text = engine.format_move(state, move)
    mine = values.get(text)
    others = sorted(((v, other) for other, v in values.items() if other != text), reverse=True)
    if mine is None or not others:
        return None
    best, other = others[0]
    if mine >= best - 1e-9:
        key = "hint.why.points" if counts_marks(engine.name, view) else "hint.why.points_basic"  # KR-7.1
    elif plays_for_the_win(engine.name, view, level):
        key = "hint.why.points_win"
    else:
        key = "hint.why.points_level"
    return Phrase(key, {"points": Tenths(mine), "other": other, "other_points": Tenths(best), "level": level})


def winning_instead(engine: Engine, state: Any, seat: int, seed: int, chosen: Any) -> Any:
    """``chosen``, unless it does not win at once and another of the seat's moves does, on every state the seat's
    view allows (``known_states``): then that one (the first in the engine's order)."""
    known = known_states(engine, state, seat, seed)
    if not known:
        return chosen

    def wins(move: Any) -> bool:
        afters = [_after(engine, s, move) for s in known]
        return all(after is not None and _wins(engine, after, seat) for after in afters)

    if wins(chosen):
        return chosen
    return next((m for m in engine.legal_moves(state, seat) if wins(m)), chosen)


def known_states(engine: Engine, state: Any, seat: int, seed: int) -> list[Any]:
    """The states a claim is judged on: the state itself when the seat's view hides nothing, else states
    dealt from the seat's view (the engine's ``determinize``, where it has one; none without)."""
    if not engine.has_private_info(state):
        return [state]
    deal = getattr(engine, "determinize", None)  # Plateau and K3 deal hidden states for Mesa's search
    if deal is None:
        return []
    view = engine.view(state, seat)
    return [deal(view, seat, random.Random(seed + i)) for i in range(SAMPLES)]


def _after(engine: Engine, state: Any, move: Any) -> Any:
    try:
        return engine.apply(state, move)
    except MoveError:  # not a move of this dealt state: the claim is not made
        return None


def _wins(engine: Engine, state: Any, seat: int) -> bool:
    outcome = engine.outcome(state)
    return outcome is not None and not outcome.draw and seat in outcome.winners


def _can_win(engine: Engine, state: Any, seat: int, work: list[int]) -> bool:
    """Whether ``seat``, to act at ``state``, has a move that wins at once."""
    if engine.outcome(state) is not None or engine.to_move(state) != seat:
        return False
    for reply in engine.legal_moves(state, seat):
        work[0] -= 1
        if work[0] < 0:
            raise _OutOfWork
        if _wins(engine, engine.apply(state, reply), seat):
            return True
    return False


def _winning_replies(engine: Engine, state: Any, seat: int, work: list[int]) -> set[str]:
    """The moves with which ``seat``, to act at ``state``, wins at once (as written)."""
    if engine.outcome(state) is not None or engine.to_move(state) != seat:
        return set()
    found = set()
    for reply in engine.legal_moves(state, seat):
        work[0] -= 1
        if work[0] < 0:
            raise _OutOfWork
        if _wins(engine, engine.apply(state, reply), seat):
            found.add(engine.format_move(state, reply))
    return found


def _stops_threat(engine: Engine, state: Any, seat: int, move: Any, after: Any, work: list[int]) -> int | None:
    """The opponent whose immediate win ``move`` stops: after it they cannot win at once, and one winning
    move of theirs wins after most of the seat's other moves (so the threat was there, one move ready to
    win, not made by the bad moves themselves: in Kona, lifting a piece off the opponent's uncovers theirs,
    KO-6.2, and each such move loses to a reply of its own); else None."""
    opponent = engine.to_move(after)
    if opponent is None or opponent in (CHANCE, seat) or _can_win(engine, after, opponent, work):
        return None
    others = [m for m in engine.legal_moves(state, seat) if m != move]
    wins_after: Counter[str] = Counter()
    for other in others:
        work[0] -= 1
        wins_after.update(_winning_replies(engine, engine.apply(state, other), opponent, work))
    ready = max(wins_after.values(), default=0)
    return opponent if others and ready * 2 > len(others) else None


def _allows(ctx: LoadedTable, engine: Engine, known: Sequence[Any], seat: int, played: Any,
            afters: Sequence[Any]) -> Phrase | None:  # fmt: skip
    """``after f1-c4, Ben could win at once with b2-c3``: the move played hands the opponent a win in one
    (``tables.lesson_goals.winning_reply``) on every known state, the same reply on each (its public
    form), and the move judged (its ``afters``) hands none on any."""
    if any(winning_reply(engine, after, seat) is not None for after in afters):
        return None
    replies: set[str] = set()
    opponents: set[int] = set()
    for state in known:
        after = _after(engine, state, played)
        reply = winning_reply(engine, after, seat) if after is not None else None
        opponent = engine.to_move(after) if reply is not None else None
        if reply is None or opponent is None:
            return None
        replies.add(engine.public_move(after, reply))
        opponents.add(opponent)
    row = ctx.by_seat(next(iter(opponents))) if len(opponents) == 1 else None
    if len(replies) != 1 or row is None:
        return None
    return Phrase("hint.why.allows", {"move": engine.public_move(known[0], played), "name": ctx.name(row),
                                      "reply": next(iter(replies))})


def _builds_threat(engine: Engine, after: Any, seat: int, work: list[int]) -> tuple[int, bool] | None:
    """(the opponent to answer, whether no answer stops it) when after the move the seat could win at once
    on its next move after most of the opponent's replies (a threat) or after every one (a win forced);
    None when it could not, or when the opponent can win first."""
    opponent = engine.to_move(after)
    if engine.outcome(after) is not None or opponent is None or opponent in (CHANCE, seat):
        return None
    if _can_win(engine, after, opponent, work):
        return None  # they win first: no threat of ours matters
    replies = engine.legal_moves(after, opponent)
    winning = 0
    for reply in replies:
        work[0] -= 1
        if _can_win(engine, engine.apply(after, reply), seat, work):
            winning += 1
    if not replies or winning * 2 <= len(replies):
        return None
    return opponent, winning == len(replies)


def _tally(ctx: LoadedTable, view: Any, key: str, seat: int) -> int | None:
    """The seat's (or its side's) tally ``key`` in a view: a number, or a list counted by its length."""
    values = view.get(key)
    if not isinstance(values, list):
        return None
    sides = ctx.sides()
    index = seat if len(values) == len(ctx.seats) else \
        next((i for i, side in enumerate(sides) if seat in side), -1) if len(values) == len(sides) else -1
    if not 0 <= index < len(values):
        return None
    value = values[index]
    return len(value) if isinstance(value, list) else value if isinstance(value, int) else None


def _gain(ctx: LoadedTable, engine: Engine, known: Sequence[Any], afters: Sequence[Any], seat: int,
          rivals: Sequence[Any] | None = None) -> Phrase | None:  # fmt: skip
    """``it takes your prisoners from 2 to 3``: a tally the move raises, the same on every known state; with
    ``rivals`` (a review's: the states after the move played instead), only one it raises further than the
    move played does (a capture both make is no reason to prefer either)."""
    for key in engine.description.tallies:
        before = {_tally(ctx, engine.view(s, seat), key, seat) for s in known}
        after = {_tally(ctx, engine.view(a, seat), key, seat) for a in afters}
        if len(before) == len(after) == 1:
            (b,), (a,) = before, after
            if b is None or a is None or a <= b:
                continue
            if rivals is not None and any(r is None or _raised(_tally(ctx, engine.view(r, seat), key, seat), b) >= a
                                          for r in rivals):
                continue  # the move played raised it as far (or could not be judged on a known state)
            return Phrase("hint.why.gains", {"tally": Phrase(f"hint.tally.{key}"), "before": b, "after": a})
    return None


def _raised(tally: int | None, before: int) -> int:
    """A tally after a move, ``before`` where the view does not say it."""
    return before if tally is None else tally


# ==================================================================== hints said with the result
async def hinted_result(repo: Repository, ctx: LoadedTable, post: PublicPost) -> PublicPost:
    """The result post, saying the hints each seat used (``Ana used 2 hints``), when any were."""
    used = await learning.hints_used(repo, ctx.id)
    said: Phrase | None = None
    for seat in sorted(used, reverse=True):  # the first seat's words first: ``{first}; {rest}``
        row = ctx.by_seat(seat)
        if row is None:
            continue
        mine = Phrase("result.hints_used", {"name": ctx.name(row), "hints": Count(used[seat], "hint")})
        said = mine if said is None else Phrase("result.hints_more", {"first": mine, "rest": said})
    if said is None:
        return post
    params = {"table": post.params.get("table", ctx.id), "game": post.params.get("game", ctx.title),
              "result": Phrase(post.key, post.params), "hints": said}
    return replace(post, key="result.hinted", params=params)
