"""Lesson pictures give nothing away and read right (issue 30, the course authors' report): no "Auto would
play" (Krakatoa's quick button, KR-8.4, plays the answer) and no ``auto`` as an answer; the learner's seat
named so every picture sentence reads right ("Player 1 (you)", never "You places"); no rule number drawn for
players (Plateau's tender panel said "(PL-7.2)"); a step's marked squares drawn as plain rings, not as a
last move (no arrow, no step numbers, no "last move" key), while a real game's last move looks as before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_tables_service import FakeClock, open_service

from engines import get_engine
from render import draw, layout_facts
from tables import TableError
from tables.learn import Lessons, courses, picture_names, right_answer, step_state

#: every step of every course, with the seats whose pictures it posts (the learner's; every seat's where
#: information is hidden)
STEPS = [(game, i, seat) for game, course in courses().items() for i, step in enumerate(course.steps)
         for seat in ([step.seat] + [s for s in range(get_engine(game).num_players(step_state(get_engine(game), step)))
                                     if s != step.seat]
                      if get_engine(game).has_private_info(step_state(get_engine(game), step)) else [step.seat])]

RULE_NUMBER = re.compile(r"\b(?:KO|PL|K3|KR)-\d")


def lesson_picture_texts(game: str, index: int, seat: int, lang: str = "en") -> list[str]:
    """Every text drawn on the picture ``seat`` gets at step ``index`` (0-based) of ``game``'s course, in ``lang``."""
    engine = get_engine(game)
    step = courses()[game].steps[index]
    state = step_state(engine, step)
    view = Lessons.view(engine, state, step, seat)
    names = picture_names(engine.num_players(state), step.seat, lang)
    facts = layout_facts(game, view, names, lang=lang)  # type: ignore[arg-type]
    return [m.what for m in facts.marks if m.kind == "text"]


@pytest.mark.parametrize(("game", "index", "seat"), STEPS, ids=lambda v: str(v))
def test_every_lesson_picture_reads_right(game: str, index: int, seat: int) -> None:
    texts = lesson_picture_texts(game, index, seat)
    joined = " | ".join(texts)
    assert not any(re.search(r"\bYou\b", text) for text in texts), joined  # "You places", "You's"
    assert not [text for text in texts if RULE_NUMBER.search(text)], joined
    assert "Auto would play" not in joined
    assert "last move" not in joined  # a lesson's marks are no move
    learner = courses()[game].steps[index].seat
    assert f"Player {learner + 1} (you)" in joined  # the learner's seat is named on every picture


@pytest.mark.parametrize(("game", "index", "seat"), STEPS, ids=lambda v: str(v))
def test_every_lesson_picture_reads_right_in_spanish(game: str, index: int, seat: int) -> None:
    """A learner reading the lessons in Spanish gets the step's pictures in Spanish: the learner's seat "Jugador N
    (tú)" as the texts name it, the same nothing-given-away (no "Auto jugaría", no last move's key)."""
    texts = lesson_picture_texts(game, index, seat, "es")
    joined = " | ".join(texts)
    assert not [text for text in texts if RULE_NUMBER.search(text)], joined
    assert "Auto jugaría" not in joined and "última jugada" not in joined
    assert not re.search(r"\b(Player|Round|to move|Reserve)\b", joined), joined  # no English left
    learner = courses()[game].steps[index].seat
    assert f"Jugador {learner + 1} (tú)" in joined


async def test_a_lesson_opened_in_spanish_draws_its_pictures_in_spanish(tmp_path: Path) -> None:
    drawn: list[tuple[str, list[str]]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        drawn.append((extra.get("lang", "en"), list(names)))
        return b"\x89PNG"

    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock(), renderer=renderer)
    try:
        await svc.lessons.open(7, "plateau", lang="es-ES")  # (Plateau's step: one picture per seat)
        spanish, drawn[:] = list(drawn), []
        step = courses()["plateau"].steps[0]
        await svc.lessons.answer(7, "plateau", right_answer("plateau", 0), lang="es")  # right: the next step, Spanish
        assert spanish and all(lang == "es" for lang, _ in [*spanish, *drawn])
        # the learner's own picture names them "(tú)"; another seat's picture names no one so (its own "your")
        yours = [names for _, names in spanish if names[step.seat] == f"Jugador {step.seat + 1} (tú)"]
        assert len(yours) == 1 and not any("(tú)" in " ".join(names) for _, names in spanish if names not in yours)
        drawn.clear()
        await svc.lessons.open(7, "kona")  # a learner reading English: English
        assert drawn and all(lang == "en" and any(n.endswith("(you)") for n in names) for lang, names in drawn)
    finally:
        await repo.close()


def test_krakatoa_views_have_auto_but_lessons_do_not() -> None:
    """The game's own view says what auto would play (the renderer shows it to players); a lesson's does not."""
    engine = get_engine("krakatoa")
    shown = 0
    for step in courses()["krakatoa"].steps:
        state = step_state(engine, step)
        shown += bool(engine.view(state, step.seat).get("auto"))
        assert "auto" not in Lessons.view(engine, state, step, step.seat)
    assert shown, "no Krakatoa step has an auto move to hide: this test checks nothing"


async def test_auto_is_no_answer(tmp_path: Path) -> None:
    """``auto`` (any case) is refused in friendly words and changes nothing: no wrong answer counted."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    try:
        lessons, ana = svc.lessons, 7
        await lessons.open(ana, "krakatoa")
        for word in ("auto", " AUTO "):
            with pytest.raises(TableError) as refused:
                await lessons.answer(ana, "krakatoa", word)
            assert refused.value.key == "learn.no_auto"
            assert "choose the move yourself" in refused.value.message("en")
            assert "elige tú la jugada" in refused.value.message("es")
        assert await lessons.at(ana, "krakatoa") == 1
        engine = get_engine("krakatoa")
        step = courses()["krakatoa"].steps[0]
        state = step_state(engine, step)
        wrong = next(engine.format_move(state, m) for m in engine.legal_moves(state, step.seat)
                     if engine.format_move(state, m) not in step.accept)
        post = await lessons.answer(ana, "krakatoa", wrong)
        assert post.key == "learn.wrong"  # the first wrong answer: auto counted none
    finally:
        await repo.close()


def test_no_rule_number_on_plateaus_tender_panel() -> None:
    """PL-7.2's number was drawn on the tender panel; its words stay."""
    engine = get_engine("plateau")
    step = next(s for s in courses()["plateau"].steps if engine.view(step_state(engine, s), s.seat).get("tender"))
    state = step_state(engine, step)
    facts = layout_facts("plateau", engine.view(state, step.seat), ["Ana", "Ben"])  # a real game's picture
    texts = " | ".join(m.what for m in facts.marks if m.kind == "text")
    assert "or refuse" in texts and not RULE_NUMBER.search(texts)


def _pixels(game: str, view: dict[str, Any], box: tuple[int, int, int, int]) -> bytes:
    return draw(game, view, ["Ana", "Ben"]).crop(box).tobytes()  # type: ignore[arg-type]


def test_plateau_marks_are_rings_not_a_move() -> None:
    """The same two squares as a last move get arrows, step numbers and the "last move" key; as a lesson's
    marks, rings only."""
    engine = get_engine("plateau")
    view: dict[str, Any] = dict(engine.view(engine.from_position(courses()["plateau"].steps[1].position), 0))
    squares = ["a1", "c1"]
    as_move = {**view, "highlight": squares}
    as_marks = {**view, "highlight": [], "marks": squares}
    plain = {**view, "highlight": []}
    texts = {name: [m.what for m in layout_facts("plateau", v).marks if m.kind == "text"]  # type: ignore[arg-type]
             for name, v in (("move", as_move), ("marks", as_marks), ("plain", plain))}
    assert texts["move"].count("2") > texts["plain"].count("2")  # the step badges (beside rank labels)
    assert texts["marks"].count("2") == texts["plain"].count("2")
    assert texts["marks"].count("1") == texts["plain"].count("1") - 1  # nor the key's badge of a last move
    assert any("last move" in t for t in texts["move"]) and not any("last move" in t for t in texts["marks"])
    from render.plateau import _square_box, row_heights
    rows = row_heights(view)  # type: ignore[arg-type]
    a, c = _square_box("a1", rows), _square_box("c1", rows)
    between = _square_box("b1", rows)  # the arrow a1 -> c1 crosses b1's middle
    middle = (between[0] + 20, (between[1] + between[3]) // 2 - 3, between[2] - 20, (between[1] + between[3]) // 2 + 3)
    assert _pixels("plateau", as_move, middle) != _pixels("plateau", plain, middle)
    assert _pixels("plateau", as_marks, middle) == _pixels("plateau", plain, middle)
    edge = (a[0] + 4, a[1] + 4, a[0] + 9, a[3] - 5)  # the ring on a1's edge
    assert _pixels("plateau", as_marks, edge) != _pixels("plateau", plain, edge)
    assert c != a


def test_kona_marks_are_rings_not_a_move() -> None:
    from render.kona import CELL, square_xy
    engine = get_engine("kona")
    view: dict[str, Any] = dict(engine.view(step_state(engine, courses()["kona"].steps[0]), 0))
    squares = ["a6", "d3"]
    as_move = {**view, "highlight": squares}
    as_marks = {**view, "highlight": [], "marks": squares}
    plain = {**view, "highlight": []}
    x, y = square_xy("b5")  # the arrow a6 -> d3 crosses b5's centre
    middle = (x + CELL // 2 - 3, y + CELL // 2 - 3, x + CELL // 2 + 3, y + CELL // 2 + 3)
    assert _pixels("kona", as_move, middle) != _pixels("kona", plain, middle)
    assert _pixels("kona", as_marks, middle) == _pixels("kona", plain, middle)
    x, y = square_xy("a6")
    edge = (x + 4, y + 4, x + 9, y + CELL - 5)
    assert _pixels("kona", as_marks, edge) != _pixels("kona", plain, edge)
    assert _pixels("kona", as_marks, edge) == _pixels("kona", as_move, edge)  # the same ring as a move's box
