"""Lessons (issue 30, "Learning the games"): a short course per game, private to the learner, never rated.

A course is data, not code: ``tables/lessons/<game>.json``, one file per game.  Each step holds a position
in the game's notation (docs/spec/<game>.md), the seat the learner plays, the squares it is about (marked
on the picture), the lesson and its task, the explanation of the right answer and a hint, in English and
Spanish side by side, and a goal the engine checks: a list of accepted moves (``accept``), or a condition
(``goal``, ``CONDITIONS``: a function over the engine, the state before, the learner's seat, the move, the
state after and the condition's argument).

The learner answers with a move; a right answer is explained and the course moves on.  A wrong one is
answered with what it actually does, in words from the engine: the rule it breaks (the refusal of
``tables.rules_step.reason``), or for a legal move the opponent's winning reply it allows (found with the
engine), else that it is legal but misses the task; the second wrong answer at a step also gets the hint.
Progress is kept per user and game (``data.learning.lesson_progress``), so a course survives a restart;
``/learn GAME restart`` or a step number starts anywhere.  No table is created and nothing is rated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from data import learning
from data.learning import LessonProgress
from data.models import now_iso
from engines import Engine, MoveError, canonical_name, game_names, get_engine
from tables.errors import TableError
from tables.i18n import CATALOGS, Lines, Own, Phrase, t
from tables.lesson_goals import CONDITIONS, winning_reply
from tables.posts import Posts
from tables.rules_step import as_typed, reason
from tables.store import TableStore

#: where the courses are: ``<game>.json`` each
LESSONS_DIR = Path(__file__).parent / "lessons"

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
        if bool(goal) == bool(accept):
            raise ValueError(f"{where}: give either 'accept' (moves) or 'goal' (a condition)")
        if goal and goal.split(":")[0] not in CONDITIONS:
            raise ValueError(f"{where}: unknown goal {goal!r}")
        steps.append(LessonStep(position=str(s["position"]), seat=int(s["seat"]), marks=tuple(s.get("marks", ())),
                                teach=_texts(s, "teach", where), explain=_texts(s, "explain", where),
                                hint=_texts(s, "hint", where), accept=accept, goal=goal,
                                options=dict(s.get("options", {})), rules=tuple(str(r) for r in s.get("rules", ()))))
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
    """Whether the learner's (legal) ``move`` at the step's ``state`` meets its goal."""
    if step.accept:
        return any(move == engine.parse_move(state, text) for text in step.accept)
    name, _, arg = step.goal.partition(":")
    return CONDITIONS[name](engine, state, step.seat, move, engine.apply(state, move), arg)


def check_step(engine: Engine, step: LessonStep) -> list[str]:
    """What is wrong with a step, checked with the engine (empty: nothing): the position parses, the
    learner is to act, every accepted answer is legal and meets the goal, some legal move meets it and
    at least one does not."""
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
    legal = engine.legal_moves(state, step.seat)
    good = [m for m in legal if meets(engine, step, state, m)]
    if not good:
        problems.append("no legal move meets the goal")
    if len(good) == len(legal):
        problems.append("every legal move meets the goal (a free click)")
    return problems


# ==================================================================== the collaborator
@dataclass(frozen=True)
class LessonPost:
    """What the learner reads, privately: ``key`` and ``params`` (``t``), and the step's picture."""

    user_id: int
    key: str
    params: dict[str, Any]
    image: bytes | None = None
    game: str = ""

    def text(self, lang: str) -> str:
        return t(self.key, lang, **self.params)


class Lessons:
    """Lists, opens and answers the courses (a collaborator of ``TableService``: ``service.lessons``)."""

    def __init__(self, store: TableStore, posts: Posts) -> None:
        self.store = store
        self.posts = posts

    @staticmethod
    def course(game: str) -> Course:
        try:
            name = canonical_name(game)
        except KeyError:
            name = ""
        course = courses().get(name)
        if course is None:
            raise TableError("learn.no_course", game=game.strip()[:40], games=", ".join(courses()))
        return course

    async def list(self, user_id: int) -> LessonPost:
        """Every course with the learner's progress."""
        done = await learning.lesson_progress(self.store.repo, user_id)
        lines = []
        for game, course in courses().items():
            p = done.get(game)
            state = Phrase("learn.state.new") if p is None else \
                Phrase("learn.state.done", {"times": p.finished}) if p.step >= len(course.steps) else \
                Phrase("learn.state.at", {"step": p.step + 1, "of": len(course.steps)})
            lines.append(Phrase("learn.line", {"game": game, "title": Own(course.title), "steps": len(course.steps),
                                               "state": state}))
        return LessonPost(user_id, "learn.list", {"lines": Lines(lines)})

    async def open(self, user_id: int, game: str, where: str = "") -> LessonPost:
        """Start or resume ``game``'s course; ``where``: ``restart`` or a step number starts there."""
        course = self.course(game)
        progress = await self._progress(user_id, course.game)
        where = where.strip().lower()
        if where in ("restart", "reiniciar"):
            progress = LessonProgress(course.game, 0, 0, progress.finished)
        elif where:
            if not where.isdigit() or not 1 <= int(where) <= len(course.steps):
                raise TableError("learn.bad_step", step=where[:20], of=len(course.steps), game=course.game)
            progress = LessonProgress(course.game, int(where) - 1, 0, progress.finished)
        elif progress.step >= len(course.steps):  # a finished course opens again at its start
            progress = LessonProgress(course.game, 0, 0, progress.finished)
        await self._save(user_id, progress)
        return await self._show(user_id, course, progress.step, None)

    async def answer(self, user_id: int, game: str, text: str) -> LessonPost:
        """The learner's answer at the step they are at: explained and on to the next step when right; what
        it does instead when wrong (with the hint from the second wrong answer on)."""
        course = self.course(game)
        progress = await self._progress(user_id, course.game)
        if progress.step >= len(course.steps):
            raise TableError("learn.finished_already", game=course.game)
        step = course.steps[progress.step]
        engine = get_engine(course.game)
        state = step_state(engine, step)
        try:
            move = engine.parse_move(state, as_typed(text))
            if engine.move_seat(state, move) != step.seat:
                raise MoveError("not the learner's move")
            engine.apply(state, move)
        except MoveError as exc:
            return await self._wrong(user_id, course, progress, step, Phrase(
                "learn.wrong.illegal", {"move": text.strip()[:40], "why": reason(engine.name, exc)}))
        said = engine.format_move(state, move)
        if not meets(engine, step, state, move):
            reply = winning_reply(engine, engine.apply(state, move), step.seat)
            words = Phrase("learn.wrong.allows", {"move": said, "reply": engine.format_move(
                engine.apply(state, move), reply)}) if reply is not None else Phrase("learn.wrong.misses",
                                                                                     {"move": said})
            return await self._wrong(user_id, course, progress, step, words)
        nxt = progress.step + 1
        finished = progress.finished + (nxt >= len(course.steps))
        await self._save(user_id, LessonProgress(course.game, nxt, 0, finished))
        right = Phrase("learn.right", {"move": said, "explain": Own(step.explain)})
        return await self._show(user_id, course, nxt, right)

    # ---- inside -------------------------------------------------------------------------------------
    async def _wrong(self, user_id: int, course: Course, progress: LessonProgress, step: LessonStep,
                     words: Phrase) -> LessonPost:
        wrong = progress.wrong + 1
        await self._save(user_id, LessonProgress(course.game, progress.step, wrong, progress.finished))
        key = "learn.wrong.hint" if wrong >= 2 else "learn.wrong"
        return LessonPost(user_id, key, {"words": words, "hint": Own(step.hint), "game": course.game},
                          game=course.game)

    async def _show(self, user_id: int, course: Course, index: int, before: Phrase | None) -> LessonPost:
        lead: Phrase | str = before if before is not None else ""
        if index >= len(course.steps):
            return LessonPost(user_id, "learn.done", {"lead": lead, "title": Own(course.title),
                                                      "game": course.game}, game=course.game)
        step = course.steps[index]
        engine = get_engine(course.game)
        state = step_state(engine, step)
        view = dict(engine.view(state, step.seat))
        view["highlight"] = list(step.marks)
        # the learner's seat is "You" on the picture (pictures speak English, like all their labels)
        names = ["You" if s == step.seat else f"Player {s + 1}" for s in range(engine.num_players(state))]
        image = await self.posts.image(course.game, view, names)
        params = {"lead": lead, "title": Own(course.title), "step": index + 1, "of": len(course.steps),
                  "teach": Own(step.teach), "game": course.game}
        return LessonPost(user_id, "learn.step", params, image=image, game=course.game)

    async def _progress(self, user_id: int, game: str) -> LessonProgress:
        found = await learning.lesson_progress(self.store.repo, user_id)
        return found.get(game) or LessonProgress(game, 0, 0, 0)

    async def _save(self, user_id: int, progress: LessonProgress) -> None:
        await learning.save_lesson(self.store.repo, user_id, progress, now_iso(self.store.now()))


