"""Lessons (issue 30, "Learning the games"): a short course per game, private to the learner, never rated.

A course is data, not code: ``tables/lessons/<game>.json``, one file per game.  Each step holds a position
in the game's notation (docs/spec/<game>.md), the seat the learner plays, the squares it is about (marked
on the picture), the lesson and its task, the explanation of the right answer and a hint, in English and
Spanish side by side, and a goal the engine checks: a list of accepted moves (``accept``), or a condition
(``goal``, ``CONDITIONS``: a function over the engine, the state before, the learner's seat, the move, the
state after and the condition's argument).  Where the game hides faces, a step shows beside the learner's
picture what each other seat sees, unless it says ``"others": false`` (a step about a face the learner cannot see).

The learner answers with a move (never ``auto``: a lesson's choice is the learner's own); a right answer is
explained and the course moves on.  A wrong one is answered with what it actually does, in words from the
engine: the rule it breaks (the refusal of ``tables.rules_step.reason``), or for a legal move
(``what_it_does``) the game's end it brings, the opponent's winning reply it allows (named only where it follows
from what the learner can see), over a throw its exact expected points against the best choice, what the board's
news would say of it, what it misses of the goal (``tables.lesson_misses``), or at a step of listed answers the
move in the board's words and, where the task's words allow, the piece or square it got wrong; the second wrong
answer at a step also gets the hint.
Progress is kept per user and game (``data.learning.lesson_progress``), so a course survives a restart;
``/learn GAME restart`` or a step number starts anywhere.  No table is created and nothing is rated.
"""

from __future__ import annotations

import asyncio
import difflib
import json
import random
from dataclasses import dataclass, field
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

from data import learning
from data.learning import LessonProgress
from data.models import now_iso, parse_iso
from engines import Engine, MoveError, Outcome, canonical_name, game_names, get_engine
from tables.bounded import LruCache
from tables.errors import TableError
from tables.hints import known_states
from tables.i18n import (
    CATALOGS,
    EN,
    Clauses,
    Count,
    Lines,
    Names,
    News,
    Own,
    Phrase,
    Sentences,
    Tenths,
    lang_for_locale,
    t,
)
from tables.lesson_goals import CONDITIONS, decides_a_throw, expected_worth, tally, winning_reply
from tables.lesson_misses import COUNTS_CAPTURES, missed, unlike_answers
from tables.outcome_words import event_key, move_key, named_facts
from tables.picture_words import picture_words
from tables.posts import Posts
from tables.rules_step import as_typed, reason
from tables.store import TableStore

#: where the courses are: ``<game>.json`` each
LESSONS_DIR = Path(__file__).parent / "lessons"
#: the words, English and Spanish, that start a course again (``/learn kona restart``, ``reiniciar``) and that ask for
#: the step's hint (``/learn kona hint``, ``pista``), as every front end reads them after the game
RESTART_WORDS = ("restart", "reiniciar")
HINT_WORDS = ("hint", "pista")
#: the word before a lesson's answer in ``/learn GAME answer MOVE`` (the console; Discord has an ``answer`` option)
ANSWER_WORDS = ("answer", "responder")

# ==================================================================== the courses, read from their files
@dataclass(frozen=True)
class LessonStep:
    """One step of a course (see the module docstring); texts by language."""

    position: str
    seat: int
    marks: tuple[str, ...]
    teach: dict[str, str]
    explain: dict[str, str]
    hint: dict[str, str]
    accept: tuple[str, ...] = ()
    goal: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    #: the numbered rules of docs/spec/<game>.md the step teaches (``tests/test_lesson_rules.py``)
    rules: tuple[str, ...] = ()
    #: whether the step shows beside the learner's picture what each other seat sees (hidden information); a step
    #: asking to reason about a face the learner cannot see shows only theirs (``"others": false``)
    others: bool = True


@dataclass(frozen=True)
class Course:
    game: str
    title: dict[str, str]
    steps: tuple[LessonStep, ...]


def _texts(raw: dict[str, Any], key: str, where: str) -> dict[str, str]:
    value = raw.get(key)
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) or not value[lang].strip()
                                          for lang in tuple(CATALOGS)):
        raise ValueError(f"{where}: '{key}' needs a text in each of {', '.join(tuple(CATALOGS))}")
    return {lang: str(value[lang]) for lang in tuple(CATALOGS)}


def read_course(path: Path) -> Course:
    """A course file read and checked for shape (the positions and goals are checked by ``check_step``)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    game = canonical_name(str(raw["game"]))
    steps = []
    for i, s in enumerate(raw["steps"], start=1):
        where = f"{path.name} step {i}"
        goal, accept = str(s.get("goal", "")), tuple(str(m) for m in s.get("accept", ()))
        if not goal and not accept:
            raise ValueError(f"{where}: give 'accept' (moves) or 'goal' (a condition), or both (the moves then "
                             "are examples of the goal met)")
        if goal and goal.split(":")[0] not in CONDITIONS:
            raise ValueError(f"{where}: unknown goal {goal!r}")
        steps.append(LessonStep(position=str(s["position"]), seat=int(s["seat"]), marks=tuple(s.get("marks", ())),
                                teach=_texts(s, "teach", where), explain=_texts(s, "explain", where),
                                hint=_texts(s, "hint", where), accept=accept, goal=goal,
                                options=dict(s.get("options", {})), rules=tuple(str(r) for r in s.get("rules", ())),
                                others=bool(s.get("others", True))))
    if not steps:
        raise ValueError(f"{path.name}: a course needs steps")
    return Course(game, _texts(raw, "title", path.name), tuple(steps))


@cache
def courses() -> dict[str, Course]:
    """Every game's course, in the registry's order (a game without a file has none)."""
    found = {}
    for game in game_names():
        path = LESSONS_DIR / f"{game}.json"
        if path.exists():
            found[game] = read_course(path)
    return found


def step_state(engine: Engine, step: LessonStep) -> Any:
    return engine.from_position(step.position, step.options or None)


def meets(engine: Engine, step: LessonStep, state: Any, move: Any) -> bool:
    """Whether the learner's (legal) ``move`` at the step's ``state`` meets its goal: the condition when it has
    one, else being one of the accepted moves."""
    if not step.goal:
        return any(move == engine.parse_move(state, text) for text in step.accept)
    name, _, arg = step.goal.partition(":")
    return CONDITIONS[name](engine, state, step.seat, move, engine.apply(state, move), arg)


#: how many seeded auto-builds ``check_step`` tries at a step whose moves are not listed (K3's builds)
UNLISTED_TRIES = 8


def unlisted(engine: Engine, state: Any, seat: int) -> bool:
    """Whether the seat acts at ``state`` but the engine lists none of its moves (K3's builds, K3-3: too many
    to list): a step there is answered by typing the move."""
    return seat in engine.actors(state) and not engine.legal_moves(state, seat)


def right_answer(game: str, index: int) -> str:
    """A right answer to step ``index`` of ``game``'s course, as the notation writes it: its first accepted
    move, else the first legal move that meets its goal (for the tests, the benchmark and the docs)."""
    step = courses()[game].steps[index]
    if step.accept:
        return step.accept[0]
    engine = get_engine(game)
    state = step_state(engine, step)
    return next(engine.format_move(state, m) for m in engine.legal_moves(state, step.seat)
                if meets(engine, step, state, m))


def check_step(engine: Engine, step: LessonStep) -> list[str]:
    """What is wrong with a step, checked with the engine (empty: nothing): the position parses, the
    learner is to act, every accepted answer is legal and meets the goal, some legal move meets it and
    at least one does not.  Where the engine lists no moves (``unlisted``: K3's builds) the accepted answers
    are the moves that meet it, and a seeded auto-build (K3-3.4) must be one that does not."""
    try:
        state = step_state(engine, step)
    except Exception as exc:  # any reading error is the step's fault
        return [f"the position does not parse: {exc}"]
    if engine.outcome(state) is not None or step.seat not in engine.actors(state):
        return [f"seat {step.seat} is not to act"]
    problems = []
    for text in step.accept:
        try:
            move = engine.parse_move(state, text)
            engine.apply(state, move)
        except MoveError as exc:
            problems.append(f"accepted answer {text!r} is not legal: {exc}")
    for text in step.accept:
        try:
            if not meets(engine, step, state, engine.parse_move(state, text)):
                problems.append(f"accepted answer {text!r} does not meet the goal")
        except MoveError:
            pass  # said above
    if unlisted(engine, state, step.seat):
        if not step.accept:
            problems.append("the engine lists no moves here: give the accepted answers")
        tried = [engine.auto_move(state, step.seat, random.Random(f"lesson:{n}"), style)
                 for n in range(UNLISTED_TRIES) for style in ("random", "sensible")]
        if all(meets(engine, step, state, m) for m in tried):
            problems.append("every auto-build tried meets the goal (a free answer)")
        return problems
    legal = engine.legal_moves(state, step.seat)
    good = [m for m in legal if meets(engine, step, state, m)]
    if not good:
        problems.append("no legal move meets the goal")
    if len(good) == len(legal):
        problems.append("every legal move meets the goal (a free click)")
    return problems


def picture_names(players: int, seat: int, lang: str = "en") -> list[str]:
    """The seats' names on a step's pictures, which speak the learner's language as every word on them does, as the
    texts name them (``learn.name``): the learner's seat "Player N (you)" ("Jugador N (tú)"), a name every picture
    sentence reads right with ("Player 1 (you) places an opening stack", "Player 1 (you)'s private view"), the
    others "Player N"."""
    return [t("learn.name.you" if s == seat else "learn.name", lang, n=s + 1) for s in range(players)]


def _picture_key(game: str, seat: int) -> str:
    """The words under another seat's picture: by its side's name where the game has one ("what White sees")."""
    named = f"learn.picture.{game}.{seat}"
    return named if named in EN else "learn.picture.seat"


#: what a learner may not answer with: Krakatoa's ``auto`` (KR-8.4) plays the right answer for them
NOT_AN_ANSWER = ("auto",)


# ==================================================================== a wrong answer, told
def what_it_does(engine: Engine, step: LessonStep, state: Any, move: Any) -> Phrase:
    """What a legal move that misses the step's task actually does, in words from the engine: the game's
    end it brings (who wins); the opponent's winning reply it allows; over a throw (dice), its exact
    expected points (or chance to win, for a goal about winning) against the best choice on this throw
    (``lesson_goals.expected_worth``, what ``most_expected_points`` compares); what it misses of the step's
    goal (``lesson_misses``: the capture made elsewhere, the reply left to the opponent) and what the board's
    news would say of it (``Engine.events``: K3's penalty and steal) and the prisoners it takes; else only
    that it misses the task."""
    said = engine.format_move(state, move)
    after = engine.apply(state, move)
    outcome = engine.outcome(after)
    if outcome is not None:
        return Phrase("learn.wrong.ends", {"move": said, "result": ending_words(outcome, step.seat, engine.name)})
    reply = winning_reply(engine, after, step.seat)
    if reply is not None:
        if not _sure_of(engine, state, step.seat, move, engine.format_move(after, reply)):  # PL-9: a hidden face
            return Phrase("learn.wrong.allows_hidden", {"move": said})
        return Phrase("learn.wrong.allows", {"move": said, "reply": engine.format_move(after, reply)})
    if engine.description.chance != "none" and any(  # (a game without chance has no throw to decide)
            decides_a_throw(engine, engine.apply(state, m), step.seat) for m in engine.legal_moves(state, step.seat)):
        return _throw_words(engine, step, state, said)  # a choice about a throw (keeping ends it: KR-4.3)
    news = [Phrase(_to_learner(key, facts, step.seat), _named(facts, step.seat, engine.name))
            for code, facts in engine.events(state, move, after)
            if (key := event_key(engine.name, code)) is not None and "{table}" not in EN[key]]
    words = "" if step.goal else _words(engine, state, move, step.seat)  # a step of listed answers: its words
    explained = missed(engine, step.goal, step.seat, state, move, after, said) if step.goal else \
        unlike_answers(engine, step.accept, state, move, said, words, " ".join(step.teach.values()))
    taken = tally(engine, after, step.seat) - tally(engine, state, step.seat)
    if taken > 0 and "prisoners" in engine.description.tallies and step.goal.partition(":")[0] not in COUNTS_CAPTURES \
            and not words:  # the move's words say its captures already
        news.append(Phrase("learn.did.captures", {"count": Count(taken, "prisoner")}))  # PL-6: captures (Plateau)
    if not step.goal and "prisoners" in engine.description.tallies and engine.public_move(state, move) == \
            engine.format_move(state, move) and engine.reveals(state, move):
        # PL-9.3: a move on the board (no face of its own to hide) that turns a hidden face up, as a lift or a
        # capture may: what a step about secrecy asks to avoid (a placement shows its up face by design); a
        # step with a goal says what its answer misses instead (``lesson_misses``)
        news.append(Phrase("learn.did.reveals"))
    if explained is not None:
        return Phrase("learn.wrong.missed_does", {"missed": explained, "news": News(news)}) if news else explained
    if news:
        return Phrase("learn.wrong.does", {"move": said, "news": News(news)})
    return Phrase("learn.wrong.misses", {"move": said})


def _sure_of(engine: Engine, state: Any, learner: int, move: Any, reply: str) -> bool:
    """Whether the opponent's winning ``reply`` after ``move`` follows from what the learner can see: it wins in
    every position the learner's view allows (``tables.hints.known_states``).  A Plateau step about a face the
    learner cannot see ("c3 is a Mute or the Twister") named the Twister's winning flip, telling the face."""
    known = known_states(engine, state, learner, 0)
    if known == [state]:
        return True
    for dealt in known:
        try:
            after = engine.apply(dealt, move)
            found = winning_reply(engine, after, learner)
        except MoveError:
            return False
        if found is None or engine.format_move(after, found) != reply:
            return False
    return bool(known)


def _to_learner(key: str, facts: dict[str, Any], learner: int) -> str:
    """An event's sentence said to the learner where the catalogue has one for their part in it
    (``event.k3.penalty.you_penalised``: "You placed a piece on two equal supports: Player 2 takes one of your
    free pieces"), else the board's own, naming them "Player 1 (you)"."""
    for name, value in facts.items():
        if name.endswith("_seat") and value == learner and f"{key}.you_{name[: -len('_seat')]}" in EN:
            return f"{key}.you_{name[: -len('_seat')]}"
    return key


def _words(engine: Engine, state: Any, move: Any, learner: int) -> Phrase | str:
    """The learner's move as a board would tell it, its player named as the lesson's pictures name them
    ("Player 1 (you) moved from a6 to c4"), or ``""`` where the game has no words for it."""
    code, facts = engine.move_words(state, move)
    key = move_key(engine.name, code)
    if key is None or key.startswith("move.any.notation"):
        return ""
    return Phrase("learn.missed.move_words", {"name": Phrase("learn.name.you", {"n": learner + 1}),
                                              "words": Phrase(key, _named(facts, learner, engine.name))})


def _named(facts: dict[str, Any], learner: int, game: str) -> dict[str, Any]:
    """An event's facts as params (``outcome_words.named_facts``), a seat named as the lesson's texts name it:
    "Player 2", the learner "Player 1 (you)", in the reader's language."""
    params = named_facts((), facts, game)
    for name, value in facts.items():
        if name.endswith("_seat") and isinstance(value, int):
            params.pop(name, None)
            params[name[: -len("_seat")]] = Phrase("learn.name.you" if value == learner else "learn.name",
                                                   {"n": value + 1})
    return params


def ending_words(outcome: Outcome, seat: int, game: str = "") -> Phrase:
    """How a game that ends ends, for the learner at ``seat``: who wins (by the side's own name where the game
    has one: "White wins", "the capybaras win"), a draw, or everyone losing (K3's cooperative game, K3-8.3)."""
    if outcome.draw:
        return Phrase("learn.ends.draw")
    if not outcome.winners:
        return Phrase("learn.ends.all_lose")
    if seat in outcome.winners:
        return Phrase("learn.ends.you_win" if len(outcome.winners) == 1 else "learn.ends.you_share")
    if len(outcome.winners) == 1:
        named = f"learn.ends.wins.{game}.{outcome.winners[0]}"
        return Phrase(named if named in EN else "learn.ends.wins", {"n": outcome.winners[0] + 1})
    return Phrase("learn.ends.win", {"ns": Names(str(w + 1) for w in outcome.winners)})


def _throw_words(engine: Engine, step: LessonStep, state: Any, said: str) -> Phrase:
    """A choice over a throw against the best one on it: their exact expected points, or their chances to
    win when the step's goal is about winning (``chance_to_win_at_least``)."""
    name, _, arg = step.goal.partition(":")
    marks = name == "next_marks_at_least"  # KR-3: the chance that the next throw carries the marks asked
    win = name == "chance_to_win_at_least"
    worth = expected_worth(engine, state, step.seat, f"marks:{arg}" if marks else "win" if win else "points")
    mine = worth[said]
    best, top = max(((m, w) for m, w in worth.items() if m != said), key=lambda mw: mw[1], default=(said, mine))
    if marks:
        return Phrase("learn.wrong.marks", {"move": said, "mine": _number(mine, True), "best": best,
                                            "top": _number(top, True), "marks": "×4" if arg == "2" else "×2"})
    kind = "win" if win else "points"
    if top <= mine + 1e-9:  # as good as any on this throw, and still not the task
        return Phrase(f"learn.wrong.{kind}_best", {"move": said, "mine": _number(mine, win)})
    return Phrase(f"learn.wrong.{kind}", {"move": said, "mine": _number(mine, win), "best": best,
                                          "top": _number(top, win)})


def _number(value: float, percent: bool) -> Own | Tenths:
    """A worth as each language writes it: ``2.8`` / ``2,8`` points (``Tenths``), ``40%`` / ``40 %`` of the
    time."""
    if percent:
        return Own({"en": f"{value * 100:.0f}%", "es": f"{value * 100:.0f} %"})
    return Tenths(value)


# ==================================================================== the collaborator
@dataclass(frozen=True)
class SeatPicture:
    """What another seat sees at a step with hidden information (``Engine.has_private_info``): the seat,
    and the picture drawn from its view (``engine.view(state, seat)``)."""

    seat: int
    image: bytes | None
    #: the picture in words (its alt text, ``tables.picture_words``), from that seat's view
    alt: Sentences = field(default_factory=Sentences)


def in_a_lesson(why: Phrase | str) -> Phrase | str:
    """A refusal's reason as a lesson says it: its lesson's words where the catalogue has them (``<key>.lesson``:
    Krakatoa's list of moves without ``auto``, which a lesson then refuses, ``learn.no_auto``)."""
    if isinstance(why, Phrase) and f"{why.key}.lesson" in EN:
        return Phrase(f"{why.key}.lesson", why.params)
    return why


@dataclass(frozen=True)
class LessonPost:
    """What the learner reads, privately: ``key`` and ``params`` (``t``), and the step's picture (what the
    learner sees); ``others``: at a step with hidden information, what each other seat sees, in seat order.
    ``step`` is the step the learner is at after this post (1-based; ``of + 1`` once the course is done,
    0 for the list of courses): front ends put that step's controls under the post; ``typed``: its answer
    is typed, not picked (front ends say so)."""

    user_id: int
    key: str
    params: dict[str, Any]
    image: bytes | None = None
    game: str = ""
    step: int = 0
    of: int = 0
    others: tuple[SeatPicture, ...] = ()
    #: the step's answers are too many to list (``unlisted``: K3's builds): the learner types theirs
    typed: bool = False
    #: the learner's picture in words (its alt text, ``tables.picture_words``)
    alt: Sentences = field(default_factory=Sentences)

    def text(self, lang: str, **words: Any) -> str:
        """The post in ``lang``; ``words`` replace params a front end says its own way (``how``: how to
        answer, ``again``: how to try again)."""
        return t(self.key, lang, **(self.params | words))

    @property
    def done(self) -> bool:
        """The course is finished: no step is open."""
        return bool(self.game) and self.step > self.of


class Lessons:
    """Lists, opens and answers the courses (a collaborator of ``TableService``: ``service.lessons``).

    The learner's *open lesson* is the course they last opened or answered, unless they finished it
    (``current``): ``/move`` without a table answers it.  Every call about a step may name the step it was
    made for (``at``: the step number a button carries); a step the learner is no longer at is refused
    with ``learn.past`` and changes nothing.
    """

    def __init__(self, store: TableStore, posts: Posts) -> None:
        self.store = store
        self.posts = posts
        #: (user, game) -> (step, answer) of the last wrong answer: the same again (a double click on a move
        #: button) is the same mistake, told again but not counted again (the hint came after one mistake)
        self.last_wrong: LruCache[tuple[int, str], tuple[int, str]] = LruCache()

    @staticmethod
    def course(game: str) -> Course:
        try:
            name = canonical_name(game)
        except KeyError:
            name = ""
        course = courses().get(name)
        if course is None:
            word, listed = game.strip()[:40], ", ".join(courses())
            if word.isdigit() or word.lower() in (*RESTART_WORDS, *HINT_WORDS, *ANSWER_WORDS):  # /learn hint
                raise TableError("learn.no_course_named", word=word, games=listed)
            close = difflib.get_close_matches(word.lower(), list(courses()), n=1, cutoff=0.6)  # a slip: knoa
            if close:
                raise TableError("learn.no_course_close", game=word, close=close[0], games=listed)
            raise TableError("learn.no_course", game=word, games=listed)
        return course

    async def list(self, user_id: int) -> LessonPost:
        """Every course with the learner's progress."""
        done = await learning.lesson_progress(self.store.repo, user_id)
        lines = []
        for game, course in courses().items():
            p = done.get(game)
            state = Phrase("learn.state.new") if p is None else \
                Phrase("learn.state.unreadable", {"game": game}) if not _readable(course, p) else \
                Phrase("learn.state.done", {"times": p.finished}) if p.step >= len(course.steps) else \
                Phrase("learn.state.at", {"step": p.step + 1, "of": len(course.steps)})
            lines.append(Phrase("learn.line", {"game": game, "title": Own(course.title), "steps": len(course.steps),
                                               "state": state}))
        return LessonPost(user_id, "learn.list", {"lines": Lines(lines)})

    async def current(self, user_id: int) -> str | None:
        """The game of the learner's open lesson: the course they last opened or answered, if they have
        not finished it; None otherwise."""
        found = await learning.lesson_progress(self.store.repo, user_id)
        if not found:
            return None
        last = max(found.values(), key=_stamp)
        course = courses().get(last.game)
        if course is None or last.step >= len(course.steps) or not _readable(course, last):
            return None
        return last.game

    async def for_games(self, user_id: int) -> Phrase | None:
        """What ``/games`` says of the learner's open lesson (``current``): its course, step and how to go on, and
        the other courses they left halfway, each with its step (those alone when the course last touched is
        finished); None with none left halfway."""
        game = await self.current(user_id)
        found = await learning.lesson_progress(self.store.repo, user_id)

        def facts(course: Course, progress: LessonProgress) -> dict[str, Any]:
            return {"game": course.game, "title": Own(course.title), "step": progress.step + 1,
                    "of": len(course.steps)}

        # the other courses left halfway: /learn GAME resumes each (``/move`` answers the open one only)
        others = [Phrase("learn.games_other", facts(c, p)) for g, c in courses().items() if g != game
                  and (p := found.get(g)) is not None and _readable(c, p) and p.step < len(c.steps)]
        if game is None:  # the course last touched is finished: the others are still to go on with
            return Phrase("learn.games_halfway", {"others": Clauses(others)}) if others else None
        shown = facts(self.course(game), found.get(game) or LessonProgress(game, 0, 0, 0))
        if others:
            return Phrase("learn.games_open_also", {**shown, "others": Clauses(others)})
        return Phrase("learn.games_open", shown)

    async def open(self, user_id: int, game: str, where: str = "", at: int | None = None, *,
                   lang: str = "en") -> LessonPost:
        """Start or resume ``game``'s course; ``where``: ``restart`` or a step number starts there; ``lang``: the
        language the learner reads (the step's pictures speak it)."""
        course = self.course(game)
        progress = await self._progress(user_id, course.game)
        lead = None
        if not _readable(course, progress):  # a row edited by hand: said, and the course starts again
            lead, progress = Phrase("learn.unreadable.lead"), LessonProgress(course.game, 0, 0, 0)
            at = None
        self._check_at(course, progress, at, finished_ok=True)
        where = where.strip().lower()
        if where in RESTART_WORDS:
            progress = LessonProgress(course.game, 0, 0, progress.finished)
        elif where:
            if not where.isdigit() or not 1 <= int(where) <= len(course.steps):
                raise TableError("learn.bad_step", step=where[:20], of=len(course.steps), game=course.game)
            progress = LessonProgress(course.game, int(where) - 1, 0, progress.finished)
        elif progress.step >= len(course.steps):  # a finished course opens again at its start
            progress = LessonProgress(course.game, 0, 0, progress.finished)
        await self._save(user_id, progress)
        return await self._show(user_id, course, progress.step, lead, lang)

    async def answer(self, user_id: int, game: str, text: str, at: int | None = None, *,
                     lang: str = "en") -> LessonPost:
        """The learner's answer at the step they are at: explained and on to the next step when right; what
        it does instead when wrong (with the hint from the second wrong answer on); ``lang`` as ``open``'s."""
        course, progress, step, engine, state = await self._at(user_id, game, at)
        if text.strip().lower() in NOT_AN_ANSWER:
            raise TableError("learn.no_auto", word=text.strip().lower(), game=course.game)
        try:
            move = engine.parse_move(state, as_typed(text, engine.description.typed_words))
            mover = engine.move_seat(state, move)
            if mover != step.seat:  # K3's builds name their seat (build:1:… is Player 2's, K3-11.4)
                raise MoveError(f"that is Player {mover + 1}'s move: in this step you are Player "
                                f"{step.seat + 1}", code="any.lesson_other_seat",
                                facts={"mover": mover + 1, "you": step.seat + 1})
            engine.apply(state, move)
        except MoveError as exc:
            return await self._wrong(user_id, course, progress, step, Phrase(
                "learn.wrong.illegal", {"move": text.strip()[:40], "why": in_a_lesson(reason(engine.name, exc))}),
                text.strip())
        said = engine.format_move(state, move)
        if not meets(engine, step, state, move):
            return await self._wrong(user_id, course, progress, step, what_it_does(engine, step, state, move), said)
        nxt = progress.step + 1
        finished = progress.finished + (nxt >= len(course.steps))
        await self._save(user_id, LessonProgress(course.game, nxt, 0, finished))
        right = Phrase("learn.right", {"move": said, "explain": Own(step.explain)})
        return await self._show(user_id, course, nxt, right, lang)

    async def hint(self, user_id: int, game: str, at: int | None = None) -> LessonPost:
        """The hint of the step the learner is at; it counts nothing (no wrong answer, no progress)."""
        course = self.course(game)
        progress = await self._readable_progress(user_id, course)
        self._check_at(course, progress, at)
        params = {"title": Own(course.title), "step": progress.step + 1, "of": len(course.steps),
                  "hint": Own(course.steps[progress.step].hint), "game": course.game}
        return LessonPost(user_id, "learn.hint", params, game=course.game, step=progress.step + 1,
                          of=len(course.steps))

    async def at(self, user_id: int, game: str) -> int:
        """The step the learner is at in ``game``'s course (1-based; one past the last once finished)."""
        course = self.course(game)
        return (await self._readable_progress(user_id, course)).step + 1

    async def moves(self, user_id: int, game: str, at: int | None = None) -> tuple[str, ...]:
        """The legal moves of the learner's seat at the step they are at, as the notation writes them (the
        move picker's list, ``/moves``): right and wrong answers alike."""
        _, _, step, engine, state = await self._at(user_id, game, at)
        return tuple(engine.format_move(state, m) for m in engine.legal_moves(state, step.seat))

    # ---- inside -------------------------------------------------------------------------------------
    async def _at(self, user_id: int, game: str, at: int | None) -> tuple[Course, LessonProgress, LessonStep,
                                                                           Engine, Any]:
        """The course, the learner's progress, the step they are at, its engine and state (``_check_at``)."""
        course = self.course(game)
        progress = await self._readable_progress(user_id, course)
        self._check_at(course, progress, at)
        step = course.steps[progress.step]
        engine = get_engine(course.game)
        return course, progress, step, engine, step_state(engine, step)

    @staticmethod
    def _check_at(course: Course, progress: LessonProgress, at: int | None, finished_ok: bool = False) -> None:
        """Refuse a finished course (unless ``finished_ok``: opening it again), and a control made for a
        step (``at``) the learner is no longer at."""
        of = len(course.steps)
        if at is not None and at != progress.step + 1:
            if progress.step >= of:
                raise TableError("learn.finished_already", game=course.game)
            raise TableError("learn.past", was=at, step=progress.step + 1, of=of, title=Own(course.title),
                             game=course.game)
        if progress.step >= of and not finished_ok:
            raise TableError("learn.finished_already", game=course.game)

    async def _wrong(self, user_id: int, course: Course, progress: LessonProgress, step: LessonStep,
                     words: Phrase, answer: str) -> LessonPost:
        """A wrong ``answer`` told (``words``), counted unless it is the last wrong answer at this step again."""
        same = self.last_wrong.get((user_id, course.game)) == (progress.step, answer) and progress.wrong > 0
        self.last_wrong[(user_id, course.game)] = (progress.step, answer)
        wrong = progress.wrong if same else progress.wrong + 1
        if not same:
            await self._save(user_id, LessonProgress(course.game, progress.step, wrong, progress.finished))
        key = "learn.wrong.hint" if wrong >= 2 else "learn.wrong"
        return LessonPost(user_id, key, {"words": words, "hint": Own(step.hint), "game": course.game,
                                         "again": Phrase("learn.again", {"game": course.game})},
                          game=course.game, step=progress.step + 1, of=len(course.steps))

    async def _show(self, user_id: int, course: Course, index: int, before: Phrase | None,
                    lang: str = "en") -> LessonPost:
        lead: Phrase | str = before if before is not None else ""
        of = len(course.steps)
        if index >= of:
            return LessonPost(user_id, "learn.done", {"lead": lead, "title": Own(course.title),
                                                      "game": course.game}, game=course.game, step=of + 1, of=of)
        step = course.steps[index]
        engine = get_engine(course.game)
        state = step_state(engine, step)
        players = engine.num_players(state)
        lang = lang_for_locale(lang)
        names = picture_names(players, step.seat, lang)
        typed = unlisted(engine, state, step.seat)  # too many answers to pick from (K3's builds): typed
        # hidden information: beside the learner's view, what each other seat sees (PL-9, K3-10)
        others = [s for s in range(players) if s != step.seat] if engine.has_private_info(state) and step.others \
            else []
        views = [self.view(engine, state, step, seat) for seat in (step.seat, *others)]
        # another seat's picture names no one "you": it is that seat's view (its own panel says "your pieces"), and
        # a "Player 1 (you)" beside it made two yous
        plain = picture_names(players, -1, lang)
        images = await asyncio.gather(*(self.posts.image(course.game, view, names if k == 0 else plain, lang=lang)
                                        for k, view in enumerate(views)))
        # the pictures in words name the seats as the text does, in the reader's language ("Jugador 2 (tú)")
        said_names = [Phrase("learn.name.you" if s == step.seat else "learn.name", {"n": s + 1})
                      for s in range(players)]
        plain_said = [Phrase("learn.name", {"n": s + 1}) for s in range(players)]
        alts = [picture_words(engine, view, said_names if k == 0 else plain_said) for k, view in enumerate(views)]
        pictures = News([Phrase("learn.picture.you"), *(Phrase(_picture_key(course.game, seat), {
            "n": n, "seat": Phrase("learn.seat", {"n": seat + 1})}) for n, seat in enumerate(others, start=2))]) \
            if others else ""
        params = {"lead": lead, "title": Own(course.title), "step": index + 1, "of": of,
                  "teach": Own(step.teach), "game": course.game, "pictures": pictures,
                  "how": Phrase("learn.how.typed" if typed else "learn.how", {"game": course.game})}
        return LessonPost(user_id, "learn.step", params, image=images[0], game=course.game, step=index + 1, of=of,
                          others=tuple(SeatPicture(seat, image, alt) for seat, image, alt in
                                       zip(others, images[1:], alts[1:], strict=True)),
                          typed=typed, alt=alts[0])

    @staticmethod
    def view(engine: Engine, state: Any, step: LessonStep, seat: int) -> dict[str, Any]:
        """What ``seat`` sees at the step (its own view: hidden faces of the others stay hidden), with the
        step's squares marked."""
        view = dict(engine.view(state, seat))
        view["highlight"] = []  # no last move: the step's squares are marked, not played (render.theme)
        view["marks"] = list(step.marks)
        view.pop("auto", None)  # what a quick button would play (Krakatoa's auto, KR-8.4) is the answer itself
        return view

    async def _progress(self, user_id: int, game: str) -> LessonProgress:
        found = await learning.lesson_progress(self.store.repo, user_id)
        return found.get(game) or LessonProgress(game, 0, 0, 0)

    async def _readable_progress(self, user_id: int, course: Course) -> LessonProgress:
        """The learner's progress in ``course``, refused in words (``learn.unreadable``) when the stored row
        cannot be read: only ``/learn GAME`` (``open``), which starts the course again, gets past it."""
        progress = await self._progress(user_id, course.game)
        if not _readable(course, progress):
            raise TableError("learn.unreadable", game=course.game)
        return progress

    async def _save(self, user_id: int, progress: LessonProgress) -> None:
        """Write the progress, stamped after every other row of the learner's (a clock that stands still,
        as the console's pretend clock does, is nudged by a microsecond), so the latest row is the course
        last opened or answered (``current``)."""
        stamp = now_iso(self.store.now())
        latest = max((_stamp(p) for p in (await learning.lesson_progress(self.store.repo, user_id)).values()),
                     default="")
        if latest and stamp <= latest:
            moment = parse_iso(latest)
            stamp = now_iso(moment + timedelta(microseconds=1)) if moment is not None else stamp
        await learning.save_lesson(self.store.repo, user_id, progress, stamp)


def _readable(course: Course, progress: LessonProgress) -> bool:
    """Whether a stored place in a course is one Mesa could have written: a step of the course (its length
    once finished) and counts that are not negative.  Any other was edited by hand or damaged: read as it
    is, it showed a step counted from the end ("step -2 of 16").  (A moment that is no moment only orders
    the row first, ``_stamp``: the place itself is sound.)"""
    return 0 <= progress.step <= len(course.steps) and progress.wrong >= 0 and progress.finished >= 0


def _stamp(progress: LessonProgress) -> str:
    """The row's moment as written (it orders the learner's rows: ``current``), or "" when it is no moment."""
    try:
        return progress.updated_at if parse_iso(progress.updated_at) is not None else ""
    except (TypeError, ValueError):
        return ""
