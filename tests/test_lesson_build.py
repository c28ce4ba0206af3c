"""A lesson step whose moves the engine does not list (issue 30: K3's builds, K3-3): ``check_step`` checks the
accepted answers are legal builds meeting the goal and that a seeded auto-build (K3-3.4) misses it; the K3
course teaches building (K3-3.1, K3-3.2) with such a step, answered by typing the build (the console's
``/moves`` and Discord's *Pick a move…* say so, with the hint's notation); the other seat sees only that the
learner is building (K3-10)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from discord_standin.payloads import Harness, option, user
from test_tables_service import FakeClock, open_service

from engines import get_engine
from render import layout_facts
from tables.learn import Lessons, check_step, courses, meets, picture_names, step_state, unlisted

K3 = courses()["k3"]
ENGINE = get_engine("k3")
#: the course's build step: the first whose moves the engine does not list
INDEX = next(i for i, s in enumerate(K3.steps) if unlisted(ENGINE, step_state(ENGINE, s), s.seat))
BUILD = K3.steps[INDEX]
STATE = step_state(ENGINE, BUILD)


def hand() -> str:
    """The learner's dealt pieces, as the learner's own view writes them (K3-10: the hand is the seat's)."""
    players = ENGINE.view(STATE, BUILD.seat)["position"].split(" ")[1].split("|")
    return players[BUILD.seat].lstrip("?")


def build(pieces: str) -> str:
    """``pieces`` laid in order into ranks of 1, 2, 3 … from the top (K3-3.1): a build's notation."""
    rows, at, size = [], 0, 1
    while at < len(pieces):
        rows.append(pieces[at: at + size])
        at, size = at + size, size + 1
    return f"build:{BUILD.seat}:" + "/".join(rows)


def test_the_build_step_is_early_and_teaches_building() -> None:
    assert INDEX == 1 and {"K3-3.1", "K3-3.2"} <= set(BUILD.rules)
    assert ENGINE.phase(STATE) == "build" and ENGINE.legal_moves(STATE, BUILD.seat) == []
    assert check_step(ENGINE, BUILD) == []
    assert all(text.startswith("build:") and text in BUILD.hint["en"] + BUILD.hint["es"] for text in BUILD.accept[:1])


def test_check_step_judges_an_unlisted_step() -> None:
    pieces = hand()
    natural_last = "".join(sorted(pieces, key=lambda c: c == "N"))  # N at the bottom, not on top
    wrong = dataclasses.replace(BUILD, accept=(build(natural_last),))
    assert any("does not meet the goal" in p for p in check_step(ENGINE, wrong))
    illegal = dataclasses.replace(BUILD, accept=(build(pieces.replace("N", "B", 1)),))  # not the learner's pieces
    assert any("is not legal" in p for p in check_step(ENGINE, illegal))
    none = dataclasses.replace(BUILD, accept=())
    assert any("give the accepted answers" in p for p in check_step(ENGINE, none))
    tops = {ENGINE.format_move(STATE, ENGINE.auto_move(STATE, BUILD.seat, random.Random(f"lesson:{n}"), style))
            .split(":")[2][0] for n in range(8) for style in ("random", "sensible")}
    free = dataclasses.replace(BUILD, goal=f"builds_with_on_top:{tops.pop()}", accept=()) if len(tops) == 1 else None
    if free is not None:  # every auto-build tried tops with that piece: a goal they all meet is refused
        assert any("auto-build" in p for p in check_step(ENGINE, free))


def test_the_other_seat_sees_only_that_the_learner_builds() -> None:
    """The step's second picture (the other seat's) shows the learner's dealt pieces (K3-10: the deal is public,
    everyone sees who got what) and that the learner is arranging them, never an arrangement; once the learner
    has built, the other seat's view holds the learner's pieces only in canonical order (K3-10)."""
    import copy
    from collections import Counter

    names = picture_names(2, BUILD.seat)
    facts = layout_facts("k3", Lessons.view(ENGINE, STATE, BUILD, 1 - BUILD.seat), names)  # type: ignore[arg-type]
    theirs = [m.what for m in facts.marks if m.kind == "text"]
    mine = [m.what for m in layout_facts("k3", Lessons.view(ENGINE, STATE, BUILD, BUILD.seat),  # type: ignore[arg-type]
                                         names).marks if m.kind == "text"]
    assert "dealt: arranging a pyramid…" in theirs and "your pieces (not built yet)" in mine
    panel = max(i for i, text in enumerate(theirs) if text == names[BUILD.seat])  # the learner's panel
    assert "dealt: arranging a pyramid…" in theirs[panel: panel + 5]
    # the learner's dealt pieces are drawn in the other's picture: another deal of as many pieces draws otherwise
    from render import render

    view = Lessons.view(ENGINE, STATE, BUILD, 1 - BUILD.seat)
    other = copy.deepcopy(view)
    dealt = other["players_info"][BUILD.seat]["hand"]
    other["players_info"][BUILD.seat]["hand"] = sorted(dealt, key=lambda c: c != dealt[-1])  # same count, not order
    assert Counter(dealt) == Counter(other["players_info"][BUILD.seat]["hand"]) and len(set(dealt)) > 1
    assert render("k3", view, names) != render("k3", other, names)
    after = ENGINE.apply(STATE, ENGINE.parse_move(STATE, BUILD.accept[0]))
    rows = BUILD.accept[0].split(":")[2]
    seen = ENGINE.view(after, 1 - BUILD.seat)["position"].split(" ")[1].split("|")[BUILD.seat]
    assert seen.startswith("!") and rows not in seen and rows in ENGINE.view(after, BUILD.seat)["position"]


async def test_a_build_answered_in_the_service(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    try:
        lessons, ana = svc.lessons, 7
        opened = await lessons.open(ana, "k3", str(INDEX + 1))
        assert opened.typed and "Answer by typing it: /move MOVE" in opened.text("en")
        assert "Responde escribiéndola" in opened.text("es")
        assert not (await lessons.open(ana, "k3", "1")).typed  # a step with moves to pick from
        await lessons.open(ana, "k3", str(INDEX + 1))
        assert await lessons.moves(ana, "k3") == ()
        pieces = hand()
        wrong = await lessons.answer(ana, "k3", build("".join(sorted(pieces, key=lambda c: c == "N"))))
        assert wrong.key == "learn.wrong" and "does not do what the task asks" in wrong.text("en")
        bad = await lessons.answer(ana, "k3", build(pieces[1:]))  # a piece short: the engine's refusal
        assert bad.key == "learn.wrong.hint" and "is not allowed" in bad.text("en")
        mine = "N" + pieces.replace("N", "", 1)[::-1]  # a natural on top, any order below: not the example
        assert build(mine) not in BUILD.accept
        assert meets(ENGINE, BUILD, STATE, ENGINE.parse_move(STATE, build(mine)))
        right = await lessons.answer(ana, "k3", build(mine).upper().replace("BUILD", "build"))
        assert right.text("en").startswith("Right: build:") and right.step == INDEX + 2
    finally:
        await repo.close()


async def test_pick_a_move_says_the_build_is_typed(tmp_path: Path) -> None:
    alice = user(1001, "alice")

    def renderer(game: str, view: dict[str, Any], names: list[str], **_: Any) -> bytes:
        return b"\x89PNG picture"

    h = await Harness.open(tmp_path, renderer=renderer)
    try:
        await h.command("learn", [option("game", "k3", 3), option("step", str(INDEX + 1), 3)], alice)
        [step] = [r for r in h.standin.interaction_replies() if r.content]
        assert [name for name, _ in step.files] == ["lesson-k3.png", f"lesson-k3-player{2 - BUILD.seat}.png"]
        assert "Answer by typing it with `/move`" in step.content and "*Hint* shows how" in step.content
        for locale, words, hint in (("en-US", "type yours with `/move`", BUILD.hint["en"]),
                                    ("es-ES", "escribe la tuya con `/mover`", BUILD.hint["es"])):
            h.standin.clear()
            await h.click(f"mesa:learn:k3:{INDEX + 1}:pick", alice, locale=locale)
            [said] = [r for r in h.standin.interaction_replies() if r.content]
            assert said.ephemeral and words in said.content and hint in said.content and not said.components
        h.standin.clear()
        await h.command("move", [option("text", BUILD.accept[0], 3)], alice)  # typed: the open lesson's answer
        [right] = [r for r in h.standin.interaction_replies() if r.content]
        assert right.ephemeral and right.content.startswith("Right: build:")
    finally:
        await h.close()


async def test_a_build_for_another_seat_is_refused_saying_whose_it_is(tmp_path: Path) -> None:
    # K3-11.4: a build names its seat; at a lesson's step another seat's build was refused "not the learner's
    # move", English jargon in every language
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    try:
        await svc.lessons.open(7, "k3", str(INDEX + 1))
        other = build(hand()).replace(f"build:{BUILD.seat}:", f"build:{1 - BUILD.seat}:")
        wrong = await svc.lessons.answer(7, "k3", other)
        assert f"that is Player {2 - BUILD.seat}'s move: in this step you are Player {BUILD.seat + 1}" in \
            wrong.text("en")
        assert f"esa jugada es del jugador {2 - BUILD.seat}: en este paso tú eres el jugador {BUILD.seat + 1}" in \
            wrong.text("es")
        assert "learner" not in wrong.text("en") + wrong.text("es")
    finally:
        await repo.close()
