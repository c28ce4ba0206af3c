"""Reviews of finished games (issue 32): made once in a lane of their own, kept, told in words.

``service.reviews.review(guild, table, user, progress=...)`` is what ``/review TABLE`` and the *Review*
button under a result ask.  The analysis itself is ``ai.review``'s (every decision's win chances from
the mover's view only, Mesa's preferred decision, Krakatoa's expected points) and the picture
``render.review``'s; this collaborator decides who may have one, runs it, keeps it and says it.

- **Who.** A finished table of this server: its players as soon as the game ends, and everyone else in
  the server from then on too ("after it": once the game is over a review hides nothing the end of the
  game did not show, and a review is only ever answered privately, to whoever asked).  A game still
  being played is refused (a review would coach a live game), a cancelled one has nothing to review,
  and another server's table does not exist here (the words of an unknown table).
- **Made once, kept like replays** (``tables.replays``): kept in storage keyed by table and version
  (``data.reviews``, migration 17), within a bound of size and age (``REVIEW_CACHE_MB``,
  ``REVIEW_CACHE_DAYS``); one review being made per user at a time (``error.review_busy``), and two
  people asking for the same table share one making.  What is kept is the analysis as JSON, the facts
  its words need (the moves in public form, why Mesa's choice was better), and the picture.  Why keep
  the picture too: a review is read far more often than it is made, and a kept picture costs nothing to
  serve (no drawing on any process).  A picture for each language (``render.words.LANGS``): its few words
  (the title, "chance to win", "move") speak the reader's language as the words under it do, and drawing
  one is a fraction of a second beside the analysis it is drawn from; the English one is the row's
  ``picture``, the others ride with the analysis (``pictures``).  A review kept before there were pictures in
  Spanish shows its English one.
- **In parts, with progress.** The decisions are reviewed a slice at a time (``PARTS`` slices, each a
  call of ``review_part`` in ``tables.review_lane``), sharing one budget (``budget_each``: the same
  quality for every game length); after each slice every caller waiting for that review hears the
  percentage done (``progress``), so a front end can say "Reviewing… 40 %".  The parts are then assembled
  (``ai.review.assemble``) and the picture drawn in the same lane, off the bot's event loop.
- **Secrets.** The analysis sees each decision from the mover's view only (``ai.review``).  The words
  name moves in their public form (``Engine.public_move``, ``move_words``), and say why Mesa's choice was
  better only from what the mover could see (``tables.hints.why``, judged on states dealt from the
  mover's view where it hides something): never a face the game's end did not show.
"""

from __future__ import annotations

import asyncio
import base64
import importlib
import json
import logging
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ai import Budget
from ai.review import SWING_FLOOR, points_given, seen_of
from data import reviews as kept_reviews
from data.models import ABORTED, DECLINED, FINISHED, StoredOutcome, now_iso
from engines import MoveError, replay
from tables.endings import OUTSIDE_ENDINGS, departures
from tables.errors import TableError
from tables.hints import why
from tables.i18n import (
    CATALOGS,
    DEFAULT_LANG,
    Clauses,
    Count,
    Counts,
    Deed,
    Names,
    Phrase,
    Sentences,
    Tenths,
    Told,
    lang_for_locale,
    t,
    with_levels_in,
)
from tables.loaded import LoadedTable
from tables.outcome_words import deed, gone_clauses
from tables.replays import bound_from_env
from tables.review_lane import ReviewLane
from tables.store import TableStore, first_state
from tables.thinking import move_seed

log = logging.getLogger(__name__)

#: how many slices a review is made in (each one a part in the lane, and a step of its progress)
PARTS = 10
#: the reviews kept hold at most this many megabytes, unless ``REVIEW_CACHE_MB`` says otherwise
CACHE_MB = 100.0
#: a turning point says how its mover read the move when the graph's point (the next decider's reading) is
#: this many win-chance points away from it
READ_APART = 10
#: a review is kept at most this many days, unless ``REVIEW_CACHE_DAYS`` says otherwise
CACHE_DAYS = 90.0
#: a fall of the mover's win chance by this many points is a mistake, by the second a blunder (issue 32)
MISTAKE, BLUNDER = 20, 40

#: what a front end hears after each part: the percentage done
Progress = Callable[[int], Awaitable[None]]
#: what a front end does to a sentence's params before they are said (Discord: names made inert)
Inert = Callable[[Mapping[str, Any]], Mapping[str, Any]]


# ==================================================================== the analysis (ai.review, render.review)
def _review_part(game: str, start: Any, moves: Sequence[str], indices: Sequence[int], budget: Budget,
                 seed: int, left: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """One slice of a review, in the review worker (module-level: it crosses into a process)."""
    analysis: Any = importlib.import_module("ai.review")
    return list(analysis.review_part(game, start, moves, indices, budget_each=budget, seed=seed, left=left))


def _review_image(review: dict[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """The review's picture, its words in ``lang``, drawn in the review worker."""
    picture: Any = importlib.import_module("render.review")
    return bytes(picture.review_image(review, [with_levels_in(name, lang) for name in names], lang))


def _decisions(game: str, start: Any, moves: Sequence[str], left: Sequence[tuple[int, int]] = ()) -> list[int]:
    analysis: Any = importlib.import_module("ai.review")
    return list(analysis.decisions(game, start, moves, left))


def _budget_each(game: str, count: int) -> Budget:
    analysis: Any = importlib.import_module("ai.review")
    budget: Budget = analysis.budget_each(game, count)
    return budget


def _assemble(game: str, start: Any, moves: Sequence[str], parts: Sequence[dict[str, Any]],
              left: Sequence[tuple[int, int]] = (), placements: Sequence[int] = ()) -> dict[str, Any]:
    analysis: Any = importlib.import_module("ai.review")
    assembled: dict[str, Any] = analysis.assemble(game, start, moves, parts, left=left, placements=placements)
    return assembled


@dataclass(frozen=True)
class Analyser:
    """What makes a review: ``ai.review``'s functions and ``render.review``'s picture (tests stand in for
    them).  ``review_part`` and ``review_image`` run in the review lane: module-level functions when it
    runs in a process."""

    #: (game, start, moves, seats that left with the moves played then) -> the decisions' indices
    decisions: Callable[[str, Any, Sequence[str], Sequence[tuple[int, int]]], list[int]] = _decisions
    review_part: Callable[..., list[dict[str, Any]]] = _review_part
    budget_each: Callable[[str, int], Budget] = _budget_each
    #: (game, start, moves, parts, seats that left, final placements) -> the review
    assemble: Callable[[str, Any, Sequence[str], Sequence[dict[str, Any]], Sequence[tuple[int, int]],
                        Sequence[int]], dict[str, Any]] = _assemble
    #: (review, names, language) -> the picture
    review_image: Callable[[dict[str, Any], Sequence[str], str], bytes] = _review_image


# ==================================================================== the bound on what is kept
@dataclass(frozen=True)
class ReviewBound:
    """How much the kept reviews may hold (characters) and for how long (seconds)."""

    max_size: int = int(CACHE_MB * 1024 * 1024)
    max_age: float = CACHE_DAYS * 86400

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ReviewBound:
        """``REVIEW_CACHE_MB`` and ``REVIEW_CACHE_DAYS`` (positive numbers; unset or unreadable: the defaults)."""
        return cls(*bound_from_env(env, "REVIEW", CACHE_MB, CACHE_DAYS))


# ==================================================================== a review as served
@dataclass(frozen=True)
class Review:
    """A finished table's review: the analysis, the facts its words need, its picture, and whether it was
    made for this request (``made``) or served as kept."""

    table_id: int
    game: str
    title: str
    names: tuple[str, ...]
    analysis: dict[str, Any]
    told: dict[str, Any]
    picture: bytes
    made: bool = False
    #: the picture in each other language (``"es"``), its words in it
    pictures: Mapping[str, bytes] = field(default_factory=dict)

    def picture_in(self, lang: str) -> bytes:
        """The picture with its words in ``lang`` (the English one where none was drawn in it)."""
        return self.pictures.get(lang_for_locale(lang)) or self.picture

    def text(self, lang: str, inert: Inert | None = None) -> str:
        """The words under the picture, in ``lang`` (``review_text``)."""
        return review_text(self, lang, inert)

    def graph_words(self) -> Sentences:
        """The picture in words, its alt text (``tables.picture_words``' kind): each line of the graph from its
        first point to its last, then the marked swings by their numbers, as the words under it number them."""
        return graph_words(self)


@dataclass(eq=False)
class _Making:
    """A review being made: the task, and the callers waiting for it (their progress)."""

    task: asyncio.Future[Review] | None = None
    listeners: list[Progress] = field(default_factory=list)
    done: int = 0


class Reviews:
    """Makes, keeps and serves reviews (a collaborator of ``TableService``: ``service.reviews``)."""

    def __init__(self, store: TableStore, lane: ReviewLane, *, analyser: Analyser | None = None,
                 budget: Callable[[str, int], Budget] | None = None, bound: ReviewBound | None = None) -> None:
        self.store = store
        self.lane = lane
        self.analyser = analyser or Analyser()
        self.budget = budget  # tests: a tiny budget for every decision (else ``analyser.budget_each``)
        self.bound = bound or ReviewBound.from_env()
        self._making: dict[int, _Making] = {}  # table id -> the review being made
        self._users: dict[int, int] = {}  # user id -> the table whose review they wait for

    def close(self) -> None:
        self.lane.close()

    async def _run(self, owner: int, call: Callable[..., Any], *args: Any) -> Any:
        return await _lane_run(self.lane, owner, call, *args)

    async def review(self, guild_id: int, table_id: int, user_id: int, progress: Progress | None = None) -> Review:
        """The review of a finished table of this server (kept, or made now; ``progress`` hears the
        percentage done while it is made).  One per user at a time."""
        waiting = self._users.get(user_id)
        if waiting is not None:  # one being made for them: another that costs nothing to serve is served all the same
            kept = await self._kept(await self.finished_table(guild_id, table_id)) if waiting != table_id else None
            if kept is not None:
                return kept
            raise TableError("error.review_busy", table=waiting)
        self._users[user_id] = table_id
        try:
            ctx = await self.finished_table(guild_id, table_id)
            return await self._kept_or_made(ctx, progress)
        finally:
            self._users.pop(user_id, None)

    async def finished_table(self, guild_id: int, table_id: int) -> LoadedTable:
        """The table, if a review of it may be had here (see the module docstring), else the refusal."""
        ctx = await self.store.load(table_id)  # error.no_table
        if ctx.row.guild_id != guild_id:  # another server's table does not exist here
            raise TableError("error.no_table", table=table_id)
        if ctx.row.status in (ABORTED, DECLINED):
            raise TableError("error.review_nothing", table=table_id, game=ctx.title)
        if ctx.row.status != FINISHED:
            raise TableError("error.review_not_finished", table=table_id, game=ctx.title)
        return ctx

    async def evict(self) -> int:
        """Forget the kept reviews past the bound (age, then size), oldest first; how many went."""
        made_before = now_iso(self._moment() - timedelta(seconds=self.bound.max_age))
        return await kept_reviews.evict_reviews(self.store.repo, made_before, self.bound.max_size)

    def _moment(self) -> datetime:
        return self.store.now()

    async def _kept(self, ctx: LoadedTable) -> Review | None:
        """The review kept for this table, if there is one still readable (one past its age, or unreadable, is
        forgotten: made again)."""
        await self.evict()  # one kept past its age is made again, not shown
        kept = await kept_reviews.stored_review(self.store.repo, ctx.id, ctx.row.version)
        if kept is None:
            return None
        readable = _readable(ctx, kept)
        if readable is None:
            await kept_reviews.forget_review(self.store.repo, ctx.id, ctx.row.version)
        return readable

    async def _kept_or_made(self, ctx: LoadedTable, progress: Progress | None) -> Review:
        """The kept review, or the one making of it (others asking meanwhile share it).  The making under
        way is looked up before storage and forgotten only once its review is stored, so a request never
        misses both and makes a second one."""
        making = self._making.get(ctx.id)
        if making is None:
            kept = await self._kept(ctx)
            if kept is not None:
                return kept
            making = self._making.get(ctx.id)  # one may have started while storage answered
            if making is None:
                making = self._making[ctx.id] = _Making()
                task = making.task = asyncio.ensure_future(self._make_and_keep(ctx, making))
                task.add_done_callback(lambda _done: self._making.pop(ctx.id, None))
        if progress is not None:
            making.listeners.append(progress)
            if making.done:  # joining a making under way: where it is now
                await _tell_one(progress, making.done)
        try:
            assert making.task is not None
            return await asyncio.shield(making.task)
        finally:
            if progress is not None and progress in making.listeners:
                making.listeners.remove(progress)

    async def _make_and_keep(self, ctx: LoadedTable, making: _Making) -> Review:
        game, analyser = ctx.row.game, self.analyser
        start = first_state(ctx)
        moves = [m.move for m in await self.store.repo.get_moves(ctx.id)]
        # seats that left a game of three or more before its end (their later moves were played for them, and
        # they are placed below everyone still in): those moves are not judged, and the end is the real result
        ending = StoredOutcome.from_json(ctx.row.outcome)
        left, placements = (ending.left, ending.placements) if ending is not None else ((), ())
        indices = await asyncio.to_thread(analyser.decisions, game, start, moves, left)
        budget = (self.budget or analyser.budget_each)(game, len(indices))
        slices = _slices(indices, PARTS)
        parts: list[dict[str, Any]] = []
        # one seed for the whole review (each decision is seeded by it and its index: the same review however
        # it is split), one-way: nothing of the table's seed, which drew the dice, reaches the worker
        seed = move_seed(ctx.row.seed, 0, 0, "review")
        for number, chunk in enumerate(slices, 1):
            parts += await self._run(ctx.id, analyser.review_part, game, start, moves, list(chunk), budget, seed,
                                         left)
            await _tell(making, 100 * number // len(slices))
        # in the lane too: assembling replays the game and tests each position for a threat nothing answers
        # (``ai.review_games.CANNOT_STOP``), up to a second of CPU a long Plateau game, kept off the bot's loop
        analysis = await self._run(ctx.id, analyser.assemble, game, start, moves, parts, left, placements)
        analysis = json.loads(json.dumps(analysis))  # as it is kept: served made or kept, the same review
        told = await asyncio.to_thread(told_facts, ctx, start, moves, analysis)
        names = tuple(ctx.names())
        # no decision, no graph: the words say so, and an empty chart would only repeat it
        drawn = {lang: bytes(await self._run(ctx.id, analyser.review_image, analysis, names, lang))
                 for lang in CATALOGS} if _listed(analysis) else {}
        review = Review(ctx.id, game, ctx.title, names, analysis, told, drawn.pop(DEFAULT_LANG, b""), made=True,
                        pictures=drawn)
        await kept_reviews.store_review(self.store.repo, ctx.id, ctx.row.version, _encode_kept(review),
                                        _b64(review.picture), now_iso(self._moment()))
        await self.evict()
        return review


async def _lane_run(lane: ReviewLane, owner: int, call: Callable[..., Any], *args: Any) -> Any:
    """A part's answer from the review lane; once more on a new worker when the worker died under it (killed by
    the system, as Mesa's searches are asked again: ``tables.thinking._once_more``)."""
    try:
        return await lane.run(owner, call, *args)
    except BrokenProcessPool:
        log.warning("review worker broke; its part is asked again")
        return await lane.run(owner, call, *args)


def _slices(indices: Sequence[int], parts: int) -> list[list[int]]:
    """``indices`` in at most ``parts`` slices of nearly equal size, in order (none for no decision)."""
    if not indices:
        return []
    size = math.ceil(len(indices) / parts)
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


async def _tell(making: _Making, percent: int) -> None:
    """Every caller waiting for this review hears how far it is (a caller that cannot hear is skipped)."""
    making.done = percent
    for listener in list(making.listeners):
        await _tell_one(listener, percent)


async def _tell_one(listener: Progress, percent: int) -> None:
    try:
        await listener(percent)
    except Exception as exc:  # a message that cannot be edited any more must not stop the review
        log.info("review progress not shown (%s)", type(exc).__name__)


# ==================================================================== the facts the words need (made once)
def _seat_key(mapping: Mapping[Any, Any], seat: int) -> Any:
    """``mapping[seat]`` whether its keys are numbers or (after JSON) their text."""
    return mapping.get(seat, mapping.get(str(seat)))


def _listed(analysis: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The review's decisions in game order (``ai.review.assemble``'s list)."""
    return [d for d in analysis.get("decisions") or [] if isinstance(d, dict)]


def _at(analysis: Mapping[str, Any], positions: Any) -> list[dict[str, Any]]:
    """The decisions at these positions of the list (what ``swings``, ``mistakes`` and ``blunders`` hold)."""
    listed = _listed(analysis)
    return [listed[int(k)] for k in positions or [] if 0 <= int(k) < len(listed)]


def shown_decisions(analysis: Mapping[str, Any]) -> list[int]:
    """The decisions (their ``index``: of the move in the log) the words tell in full: the turning points,
    then Krakatoa's costliest decisions that are not among them (mistakes and blunders are listed by their
    move numbers only), so judging why costs six judgements at most, however long the game."""
    return list(dict.fromkeys(int(d["index"]) for d in _at(analysis, analysis.get("swings")) + _costly(analysis)))


def _dice_at(analysis: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The stretches of dice that are turning points (``ai.review``'s ``dice_swings``; a review kept before
    they existed: none)."""
    listed = [d for d in analysis.get("dice") or [] if isinstance(d, dict)]
    return [listed[int(k)] for k in analysis.get("dice_swings") or [] if 0 <= int(k) < len(listed)]


def _costly(analysis: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Krakatoa's costliest decisions (``ai.review``'s ``costly``) that are not turning points already, in game
    order (a review kept before ``costly`` existed: none)."""
    swung = {int(d["index"]) for d in _at(analysis, analysis.get("swings"))}
    return sorted((d for d in _at(analysis, analysis.get("costly")) if int(d["index"]) not in swung),
                  key=lambda d: int(d["index"]))


def ended_outside(ctx: LoadedTable, moves: int) -> Phrase | None:
    """How a game that did not end by its rules ended, for the review's words: "The game ended after move 4:
    Ben resigned" (each who left, and how), "... by agreement"; None for a game its rules ended."""
    ending = StoredOutcome.from_json(ctx.row.outcome)
    if ending is None or ending.reason not in OUTSIDE_ENDINGS:  # the graph stops at the last decision's reading
        return None
    if ending.reason == "agreement":
        return Phrase("review.ended.agreement" if moves else "review.ended.agreement_at_start", {"moves": moves})
    together = ending.together == "loss"  # a player left a team that plays together: all lost (K3-8.3)
    gone = departures(ctx.seats, ending.reason, ending.places(len(ctx.seats)), partners=not together,
                      names=ctx.told_names())
    if not gone:
        return None
    key = "review.ended" if moves else "review.ended.at_start"
    return Phrase(key + ".together" if together else key, {"moves": moves, "gone": gone_clauses(gone)})


def told_facts(ctx: LoadedTable, start: Any, moves: Sequence[str], analysis: Mapping[str, Any]) -> dict[str, Any]:
    """For each decision the words tell (keyed by its ``index``): the move played in words (``move_words``,
    public facts only) and why Mesa's choice was better, judged from what the mover could see (module
    docstring, "Secrets").  A choice written with faces still hidden (Plateau's ``?``) is judged from its full
    notation (``best_move``: what the mover knew; every Plateau ending shows every face, PL-8.6); a choice
    the engine still cannot read is told without a why.  JSON-ready."""
    engine = ctx.engine
    names = ctx.names()
    in_full = ctx.state is None or engine.end_shows_all(ctx.state)  # K3-10: not a game that ended while building
    by_index = {int(d["index"]): d for d in _listed(analysis)}
    wanted = [i for i in shown_decisions(analysis) if i in by_index]
    dice = _dice_at(analysis)
    told: dict[str, Any] = {}
    ending = ended_outside(ctx, len(moves))
    if ending is not None:
        told["ending"] = _encode(ending)
    stored = StoredOutcome.from_json(ctx.row.outcome)
    if stored is not None and stored.left:  # seats that left while the game went on: said, and not judged after
        by_seat = {row.seat: row for row in ctx.seats}
        told["left"] = [_encode(Phrase("review.left", {"moves": moves_then, "gone": gone_clauses(
            [(ctx.name(by_seat[seat]), str(by_seat[seat].out_reason))])})) for seat, moves_then in stored.left
            if seat in by_seat and by_seat[seat].out_reason]
    if not wanted and not dice:
        return told
    steps = list(replay(engine, start, moves[:max([*wanted, *(int(d["index"]) for d in dice)]) + 1]))
    for stretch in dice:  # the moves from the decision before the dice to their last roll, as the boards told them
        deeds = []
        for step in steps[int(stretch["from"]):int(stretch["index"]) + 1]:
            seat = engine.move_seat(step.before, step.move)
            who = names[seat] if 0 <= seat < len(names) else ""  # chance: no one
            deeds.append(deed(engine, step.before, step.move, who, names))
        told[f"dice:{int(stretch['index'])}"] = {"played": _encode(Told(tuple(deeds)))}
    befores = {index: (steps[index].before, steps[index].move) for index in wanted if index < len(steps)}
    for index in wanted:
        if index not in befores:
            continue
        before, played = befores[index]
        decision = by_index[index]
        seat = int(decision["seat"])
        name = names[seat] if 0 <= seat < len(names) else "?"
        words = Told((_shown(engine, before, played, name, names, in_full),))
        reason = Phrase("review.why.choice")
        best_text = str(decision.get("best") or "")
        entry: dict[str, Any] = {"played": _encode(words)}
        if best_text and best_text != decision.get("played"):
            try:
                # the full notation when the public form hides the mover's own faces (Plateau's ``?``): the
                # mover knew them, and every ending shows them all (PL-8.6), so the why tells nothing secret
                best = engine.parse_move(before, str(decision.get("best_move") or best_text))
                said = _shown(engine, before, best, name, names, in_full).words
                if said.key != "move.any.notation":  # a game with words for its moves (Krakatoa's "chose Steam")
                    entry["best"] = _encode(said)
                reason = _why_words(ctx, before, seat, best, played, name)
            except Exception as exc:  # words only: a choice the engine cannot read is told without its why
                log.debug("table %d: review words without a why (%s)", ctx.id, type(exc).__name__)
        entry["why"] = _encode(reason)
        told[str(index)] = entry
    return told


def _shown(engine: Any, before: Any, move: Any, name: str, names: Sequence[str], in_full: bool) -> Deed:
    """A move as the review tells it: as the boards did (``deed``), except a move whose words keep its content
    secret while the game goes on (K3's build, K3-10: "built a pyramid"), which the review shows as its sketch
    (``Engine.move_sketch``; the ranks top first, in the rules' letters) where the game's end showed it
    (``in_full``: ``Engine.end_shows_all``; every pyramid is public once play begins), so a review of a finished
    game tells nothing secret by it; and a choice of Mesa's that only said "built a pyramid" read the same as the
    build played.  A game that ended while pyramids were built has its builds withheld (``ai.review.withheld``):
    none is told here."""
    sketch = engine.move_sketch(before, move) if in_full else ""
    if not sketch:
        return deed(engine, before, move, name, names)
    shape = " / ".join("".join(line.split()) for line in sketch.splitlines() if line.strip())
    return Deed(name, Phrase("review.built", {"shape": shape}))


def _why_words(ctx: LoadedTable, state: Any, seat: int, best: Any, played: Any, name: str) -> Phrase:
    """``tables.hints.why`` of Mesa's choice against the move played, said of a named player (a hint speaks
    to the player; a review about them)."""
    said = why(ctx, state, seat, best, move_seed(ctx.row.seed, seat, 0, "review-why"), played)
    params = dict(said.params)
    if said.key == "hint.why.wins":
        return Phrase("review.why.wins")
    if said.key == "hint.why.allows":
        told = _reply_words(ctx, state, played, str(params.get("reply", "")), str(params.get("name", "?")))
        if told is not None:  # the move played is told in words already: the reply too
            return Phrase("review.why.allows_told", {"opponent": params.get("name", "?"), "reply": told})
        return Phrase("review.why.allows", {"move": params.get("move", "?"), "opponent": params.get("name", "?"),
                                            "reply": params.get("reply", "?")})
    if said.key == "hint.why.stops":
        return Phrase("review.why.stops", {"name": params.get("name", "?")})
    if said.key in ("hint.why.threatens", "hint.why.forces"):
        return Phrase(said.key.replace("hint.", "review.", 1), {"name": name, "opponent": params.get("name", "?")})
    if said.key == "hint.why.gains":
        return Phrase("review.why.gains", {"name": name, "tally": params.get("tally"),
                                           "before": params.get("before"), "after": params.get("after")})
    return Phrase("review.why.choice")


def _reply_words(ctx: LoadedTable, state: Any, played: Any, reply: str, opponent: str) -> Told | None:
    """The opponent's winning reply to the move played, in words (``move_words``), where the game has words
    for it and its public form reads as a move on the position after the move played (a reply written
    with hidden faces, Plateau's ``+??…``, does not: it stays in its public form)."""
    engine = ctx.engine
    try:
        after = engine.apply(state, played)
        told = deed(engine, after, engine.parse_move(after, reply), opponent, ctx.names())
    except MoveError:  # a public form with hidden faces reads as no move: the reply stays as the hint wrote it
        return None
    return None if told.words.key == "move.any.notation" else Told((told,))


# ==================================================================== the words (each time, in the reader's language)
def _percent(value: Any) -> int:
    """A win chance (0 to 1) in whole points."""
    try:
        return round(100 * float(value))
    except (TypeError, ValueError):
        return 0


def _chance(values: Any, seat: int) -> Any:
    return values[seat] if isinstance(values, list) and 0 <= seat < len(values) else None


def review_text(review: Review, lang: str, inert: Inert | None = None) -> str:
    """The words under a review's picture: the turning points in game order (a decision's: move, who, the
    move played, Mesa's choice instead and why, the points given up; the dice's: the moves from the decision
    before them, as the boards told them, and whose chance they moved), then each player's mistakes and
    blunders, and in a game of points the points lost to the best decisions.  ``inert``: what a front end
    does to the params first."""

    def said(key: str, **params: Any) -> str:
        return t(key, lang, **(inert(params) if inert is not None else params))

    analysis, names = review.analysis, review.names
    listed = _listed(analysis)
    sides = [side for side in analysis.get("sides") or [] if side]
    players: Any = Names(names)
    if len(sides) == 2 and any(len(side) > 1 for side in sides):  # KR-6.2's partnerships: one team against the other
        players = Phrase("review.sides", {"first": side_names(review, sides[0][0]),
                                          "second": side_names(review, sides[1][0])})
    lines = [said("review.title", game=review.title, table=review.table_id, players=players)]
    if "ending" in review.told:  # resigned, out of time, agreed: the graph stops before the result
        lines.append(said("review.ending", ending=_decode(review.told["ending"])))
    for gone in review.told.get("left") or []:  # left while the others played on (a game of three or more)
        lines.append(said("review.ending", ending=_decode(gone)))
    if not listed:  # none, or only moves whose secret the end kept (K3-10's pyramids), which are not reviewed
        lines.append(said("review.no_decisions_secret" if analysis.get("withheld") else "review.no_decisions"))
        return "\n".join(lines)
    swings = sorted([*_at(analysis, analysis.get("swings")), *_dice_at(analysis)], key=lambda d: int(d["index"]))
    if swings:
        lines.append(said("review.turning_points"))
    elif (drift := _drift(review)) is not None:  # no swing reached the floor: the game went little by little
        lines.append(said("review.no_swings", floor=round(SWING_FLOOR * 100), lines=drift))
    for number, swing in enumerate(swings, 1):  # numbered as the picture's discs: 1, 2, 3 in game order
        if "from" in swing:  # a stretch of dice (Krakatoa): luck, not a decision
            lines.append(said("review.turning_dice", number=number, **_dice_params(review, swing)))
        else:
            lines.append(said("review.turning_point", number=number, **_point_params(review, swing)))
    costly = _costly(analysis)
    if costly:  # Krakatoa: the dice make the swings; the points given up are the decisions' own
        lines.append(said("review.costly"))
    for decision in costly:
        lines.append(said("review.costly_point", **_costly_params(review, decision)))
    for seat, name in enumerate(names):
        lines.append(said("review.player", **_player_params(review, seat, name)))
    judged = any(analysis.get(key, {}).get(str(seat)) for key in ("mistakes", "blunders") for seat in range(len(names)))
    if analysis.get("points_lost"):  # Krakatoa: the points first; a mistake's words only where one was made
        lines.append(said("review.legend_points"))
    if judged or not analysis.get("points_lost"):
        lines.append(said("review.legend"))
    return "\n".join(lines)


def _told_of(review: Review, decision: Mapping[str, Any]) -> tuple[int, str, dict[str, Any], Any]:
    """A told decision's mover (seat and name), its told facts, and the move played in words."""
    index, seat = int(decision["index"]), int(decision["seat"])
    told = review.told.get(str(index), {})
    name = review.names[seat] if 0 <= seat < len(review.names) else "?"
    played = _decode(told["played"]) if "played" in told else Phrase("review.played_plain", {
        "name": name, "move": str(decision.get("played", "?"))})
    return seat, name, told, played


def _point_params(review: Review, decision: Mapping[str, Any]) -> dict[str, Any]:
    seat, name, told, played = _told_of(review, decision)
    best = str(decision.get("best") or "")
    same = not best or best == decision.get("played")
    best_words = _decode(told["best"]) if "best" in told else best
    chance = _percent(_chance(decision.get("best_after"), seat))
    if same:
        instead = Phrase("review.same_choice")
    elif chance <= _percent(_chance(decision.get("after"), seat)) and not _points_phrase(decision):
        # a swing the move did not make: Mesa's deeper reading, or (``reread``) the reader changing before it
        key = "review.no_better_plain" if "reread" in decision else "review.no_better"
        instead = Phrase(key, {"best": best_words, "chance": chance})
    else:
        reason = _decode(told["why"]) if "why" in told else Phrase("review.why.choice")
        points = _points_phrase(decision)
        if isinstance(points, Phrase) and isinstance(reason, Phrase) and reason.key == "review.why.choice":
            reason = Phrase("review.why.points", dict(points.params))  # Krakatoa: the points it gives up
        elif _proven_lost(review, decision) and isinstance(reason, Phrase) and reason.key == "review.why.choice":
            others = [n for s, n in enumerate(review.names) if s != seat]
            reason = Phrase("review.why.forced", {"move": str(decision.get("played", "?")),
                                                  "opponent": others[0] if len(others) == 1 else "?"})
        instead = Phrase("review.choice", {"best": best_words, "chance": chance, "why": reason})
    mine, seen = _percent(_chance(decision.get("after"), seat)), _percent(_chance(seen_of(decision), seat))
    read: Any = ""
    stopped = decision.get("cannot_stop")  # the seat a threat nothing answers left without an answer (ai.review)
    other = review.names[stopped] if isinstance(stopped, int) and 0 <= stopped < len(review.names) else None
    if other is not None:  # the move won by force: the graph's point is that result, whatever the readings
        forced = {"name": name, "other": other, "mine": mine}
        if same:
            read = Phrase("review.read_unstoppable", forced)
        else:
            instead = Phrase("review.forced_win", {**forced, "best": best_words, "chance": chance})
    elif abs(seen - mine) >= READ_APART:  # the graph's point is the next decider's reading (``ai.review``'s seen)
        following = next((d for d in _listed(review.analysis) if int(d["index"]) > int(decision["index"])), None)
        again = following is not None and int(following["seat"]) == seat  # Plateau's return: PL-7.3
        if isinstance(instead, Phrase) and instead.key == "review.no_better":
            instead = Phrase("review.no_better_seen_again" if again else "review.no_better_seen",
                             {**instead.params, "name": name, "mine": mine})
        else:
            read = Phrase("review.read_again" if again else "review.read_next", {"name": name, "mine": mine})
    reread: Any = ""
    moved = decision.get("reread")  # the graph moved between the decisions: the reader changed (``ai.review``)
    if isinstance(moved, Mapping) and all(isinstance(moved.get(k), (int, float)) for k in ("seat", "reader", "was")):
        of, reader = int(moved["seat"]), int(moved["reader"])
        if 0 <= of < len(review.names) and 0 <= reader < len(review.names):
            reread = Phrase("review.reread", {"seat": side_names(review, of), "reader": review.names[reader],
                                              "name": name, "was": _percent(moved["was"]),
                                              "now": _percent(moved.get("now"))})
    besides: Any = ""  # a move that moved another player's chance more than its own (K3's kingmaker): said too
    shown, before_all = seen_of(decision), decision.get("before")
    if isinstance(before_all, list) and len(before_all) == len(shown):
        change = {s: round(abs(float(shown[s]) - float(before_all[s])), 4) for s in range(len(shown))}
        most = max(change, key=lambda s: (change[s], s == seat))
        mine_side = next((side for side in review.analysis.get("sides") or [] if seat in side), [seat])
        if most not in mine_side and change[most] >= SWING_FLOOR and change[most] > change.get(seat, 0.0):
            besides = Phrase("review.others_moved", {"name": side_names(review, most),
                                                     "was": _percent(before_all[most]), "now": _percent(shown[most])})
    return {
        "others": besides,
        "reread": reread,
        "ply": decision.get("ply", int(decision["index"]) + 1), "played": played,
        "before": _percent(_chance(decision.get("before"), seat)),
        "after": seen,
        "instead": instead,
        "points": _points_phrase(decision),
        "read": read,
    }


def _dice_params(review: Review, stretch: Mapping[str, Any]) -> dict[str, Any]:
    """A turning point the dice made: the moves from the decision before them to their last roll (as the
    boards told them), and the win chance of the seat they moved most, before and after."""
    seat = int(stretch["seat"])
    told = review.told.get(f"dice:{int(stretch['index'])}", {})
    return {"ply": stretch.get("ply", int(stretch["index"]) + 1), "told": _decode(told.get("played", "")),
            "name": side_names(review, seat), "before": _percent(_chance(stretch.get("before"), seat)),
            "after": _percent(_chance(seen_of(stretch), seat))}


def graph_words(review: Review) -> Sentences:
    """``Review.graph_words``: what ``render.review`` draws, read from the same analysis (its ``lines_of`` and
    ``swing_marks``): nothing when it draws no graph."""
    if not review.picture:
        return Sentences()
    picture: Any = importlib.import_module("render.review")
    lines = picture.lines_of(review.analysis)
    if not lines or not lines[0][1]:
        return Sentences()
    points = lines[0][1]
    sentences = [Phrase("picture.review.graph", {"last": points[-1][0], "lines": _lines_said(review, lines)})]
    marks = picture.swing_marks(review.analysis)
    if marks:
        swings = Clauses(Phrase("picture.review.swing", {
            "number": n, "move": ply, "player": side_names(review, seat), "before": _percent(before),
            "after": _percent(after)}) for n, (ply, before, after, seat) in enumerate(marks, 1))
        sentences.append(Phrase("picture.review.swings", {"swings": swings}))
    return Sentences(sentences)


def _lines_said(review: Review, lines: Sequence[tuple[list[int], list[tuple[int, float]]]]) -> Clauses:
    """Each line of the graph (``render.review.lines_of``) from its first point to its last: "Ana from 58 % to
    0 % and Mesa from 42 % to 100 %"."""
    return Clauses(Phrase("picture.review.line", {"player": side_names(review, seats[0]), "start": _percent(line[0][1]),
                                                  "end": _percent(line[-1][1])}) for seats, line in lines if line)


def _drift(review: Review) -> Clauses | None:
    """A game no single move or throw turned: how each side's chance went over the whole game, for the words to
    answer "where did I lose it?" even so (None: nothing to say)."""
    lines = importlib.import_module("render.review").lines_of(review.analysis)
    return _lines_said(review, lines) if lines and lines[0][1] else None


def side_names(review: Review, seat: int) -> Any:
    """Whose chance a seat's is: its player, or with partners (KR-6.2: one side, one chance) both, as the
    picture's legend names the team ("Ana and Cy")."""
    for side in review.analysis.get("sides") or []:
        if seat in side and len(side) > 1:
            return Names(review.names[s] for s in side if 0 <= s < len(review.names))
    return review.names[seat] if 0 <= seat < len(review.names) else "?"


def _costly_params(review: Review, decision: Mapping[str, Any]) -> dict[str, Any]:
    """A costly decision in a line: the move played, the points it gave up and Mesa's choice."""
    _, _, told, played = _told_of(review, decision)
    best = _decode(told["best"]) if "best" in told else str(decision.get("best") or "?")
    return {"ply": decision.get("ply", int(decision["index"]) + 1), "played": played,
            "points": _points_phrase(decision),
            "best": best}


def _proven_lost(review: Review, decision: Mapping[str, Any]) -> bool:
    """Whether the move played lost by force where Mesa's choice did not, against one opponent: only where
    the analysis says its chances of 0 or 1 are proofs (``proves``: Kona's search, ``ai.review_games``)."""
    seat = int(decision["seat"])
    after, best = _chance(decision.get("after"), seat), _chance(decision.get("best_after"), seat)
    return bool(decision.get("proves")) and len(review.names) == 2 and after == 0 and best is not None and best > 0


def _points_phrase(decision: Mapping[str, Any]) -> Any:
    """``, giving up 3.5 points``: Krakatoa's expected points below the best decision, when any."""
    lost = points_given(decision)
    if lost is None or lost < 0.05:
        return ""
    return Phrase("review.points_given", {"points": Tenths(lost)})


def _player_params(review: Review, seat: int, name: str) -> dict[str, Any]:
    """A player's mistakes and blunders (``ai.review`` lists a blunder only as a blunder), and in a game of
    points the expected points lost to the best decisions."""
    analysis = review.analysis

    def plies(decisions: Sequence[Mapping[str, Any]]) -> Phrase:
        listed = ", ".join(str(d.get("ply", int(d["index"]) + 1)) for d in decisions)
        return Phrase("review.at_move" if len(decisions) == 1 else "review.at_moves", {"moves": listed})

    said: list[Phrase] = []
    for key, noun in (("mistakes", "mistake"), ("blunders", "blunder")):
        found = _at(analysis, _seat_key(analysis.get(key) or {}, seat))
        if found:
            said.append(Phrase(f"review.{key}", {"count": Count(len(found), noun), "moves": plies(found)}))
    lost = _seat_key(analysis.get("points_lost") or {}, seat)
    if lost is not None:
        said.append(Phrase("review.points_lost", {"points": Tenths(float(lost))}))
    if not said:
        said.append(Phrase("review.clean"))
    what: Any = said[0]
    for more in said[1:]:
        what = Phrase("review.and", {"first": what, "rest": more})
    return {"name": name, "what": what}


# ==================================================================== kept as JSON
def _encode(value: Any) -> Any:
    """A param of the catalogue (``Phrase``, ``Told``, ``Deed``, ``Names``, ``Count``, ``Counts``, ``Tenths``) as
    JSON-ready data (a named tuple must come before the plain tuples, which become lists)."""
    if isinstance(value, Phrase):
        return {"$phrase": value.key, "params": {k: _encode(v) for k, v in value.params.items()}}
    if isinstance(value, Deed):
        return {"$deed": value.who, "words": _encode(value.words)}
    if isinstance(value, Told):
        return {"$told": [_encode(d) for d in value]}
    if isinstance(value, Clauses):
        return {"$clauses": [_encode(c) for c in value]}
    if isinstance(value, Names):
        return {"$names": list(value)}
    if isinstance(value, Count):
        return {"$count": value.n, "noun": value.noun}
    if isinstance(value, Counts):
        return {"$counts": [[c.n, c.noun] for c in value]}
    if isinstance(value, Tenths):
        return {"$tenths": value.value}
    if isinstance(value, Mapping):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    """``_encode``'s data as the catalogue's params again."""
    if isinstance(value, dict):
        if "$phrase" in value:
            return Phrase(str(value["$phrase"]), {k: _decode(v) for k, v in (value.get("params") or {}).items()})
        if "$deed" in value:
            return Deed(str(value["$deed"]), _decode(value["words"]))
        if "$told" in value:
            return Told(tuple(_decode(d) for d in value["$told"]))
        if "$clauses" in value:
            return Clauses(tuple(_decode(c) for c in value["$clauses"]))
        if "$names" in value:
            return Names(tuple(str(n) for n in value["$names"]))
        if "$count" in value:
            return Count(int(value["$count"]), str(value["noun"]))
        if "$counts" in value:
            return Counts(Count(int(n), str(noun)) for n, noun in value["$counts"])
        if "$tenths" in value:
            return Tenths(float(value["$tenths"]))
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _encode_kept(review: Review) -> str:
    pictures = {lang: _b64(picture) for lang, picture in review.pictures.items()}
    return json.dumps({"analysis": review.analysis, "told": review.told, "pictures": pictures,
                       "names": list(review.names)}, separators=(",", ":"))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _readable(ctx: LoadedTable, kept: kept_reviews.KeptReview) -> Review | None:
    """The kept review, if it can be read and told in every language; None for a row damaged or edited by
    hand (it is forgotten and made again, as one past its age: a kept review is only a saving)."""
    try:
        review = _from_kept(ctx, kept)
        if not isinstance(review.analysis.get("decisions"), list):  # every review made has its decisions
            raise ValueError("no decisions")
        if "withheld" not in review.analysis:  # kept before a secret the end kept was withheld (K3-10): made again
            raise ValueError("made before secrets were withheld")
        for picture in (review.picture, *review.pictures.values()):
            if picture and not picture.startswith(b"\x89PNG"):  # its graph, or none at all
                raise ValueError("not a picture")
        for lang in CATALOGS:
            review_text(review, lang)
    except Exception as exc:  # whatever the row holds, the reader gets the review, never an internal error
        log.warning("table %d: its kept review cannot be read (%s); it is made again", ctx.id, type(exc).__name__)
        return None
    return review


def _from_kept(ctx: LoadedTable, kept: kept_reviews.KeptReview) -> Review:
    stored = json.loads(kept.review)
    # its words and graph name the players as they were told when it was made (a review kept before two players of
    # one name were told apart, "Sam [1]" and "Sam [2]", named them as stored): told otherwise now, it is made again
    if stored.get("names", [row.name for row in ctx.ordered()]) != ctx.names():
        raise ValueError("made with the players named otherwise")
    picture = base64.b64decode(kept.picture, validate=True) if kept.picture else b""
    pictures = {str(lang): base64.b64decode(text, validate=True)
                for lang, text in dict(stored.get("pictures") or {}).items()}  # (none in a review kept before)
    return Review(ctx.id, ctx.row.game, ctx.title, tuple(ctx.names()), dict(stored.get("analysis") or {}),
                  dict(stored.get("told") or {}), picture, pictures=pictures)
