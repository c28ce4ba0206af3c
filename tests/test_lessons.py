"""Lessons (issue 30, ``/learn``): every course file checked with its engine, and a course finished in the
console with a right and a wrong answer, a restart of the service in the middle (progress kept), a step
restarted, and the courses listed with the learner's progress."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_session import open_console, said

from console import help_text
from engines import get_engine
from tables.i18n import CATALOGS
from tables.learn import LESSONS_DIR, check_step, courses, meets, read_course, step_state

COURSES = sorted(LESSONS_DIR.glob("*.json"))
KONA = courses()["kona"]
N = len(KONA.steps)  # the course grows; these tests follow it
EN = KONA.title["en"]


def test_every_game_has_a_course() -> None:
    assert [p.stem for p in COURSES] == sorted(courses())
    assert courses(), "no course found"


@pytest.mark.parametrize("path", COURSES, ids=lambda p: p.stem)
def test_course_file(path: Path) -> None:
    course = read_course(path)  # shape: both languages on every text, a goal or accepted moves
    engine = get_engine(course.game)
    assert len(course.steps) >= 5, "a course has at least five steps"
    for i, step in enumerate(course.steps, start=1):
        assert check_step(engine, step) == [], f"{path.name} step {i}"
        state = step_state(engine, step)
        for text in step.accept:  # each accepted answer is legal and meets the goal
            assert meets(engine, step, state, engine.parse_move(state, text))
        for words in (step.teach, step.explain, step.hint):
            assert set(words) == set(CATALOGS) and all(w.strip() for w in words.values())
        for square in step.marks:  # a square, or K3's "<seat>:<spot>" of a pyramid ("<seat>:s": its side)
            assert square in engine.view(state, step.seat)["position"] or square.split(":")[-1][0].isalpha()


def right_answer(game: str, index: int) -> str:
    step = courses()[game].steps[index]
    if step.accept:
        return step.accept[0]
    engine = get_engine(game)
    state = step_state(engine, step)
    return next(engine.format_move(state, m) for m in engine.legal_moves(state, step.seat)
                if meets(engine, step, state, m))


async def test_a_course_in_the_console(tmp_path: Path) -> None:
    db = tmp_path / "console.db"
    svc, con, out = await open_console(db)
    listed = await said(con, out, "Ana: /learn")
    assert listed[0].startswith("[dm Ana] Lessons") and any(f"kona: {EN} ({N} steps) — not started" in line
                                                            for line in listed)
    first = await said(con, out, "Ana: /learn kona")
    assert first[0] == f"[dm Ana] {EN} — step 1 of {N}" and "to d3" in first[1]
    wrong = await said(con, out, "Ana: /learn kona answer a6-a2")  # against a rule: the engine's reason
    assert wrong[0].startswith("[dm Ana] Not this one: a6-a2 is not allowed: ") and "Hint" not in wrong[0]
    again = await said(con, out, "Ana: /learn kona answer a6-a5")  # legal, not the task: the hint now
    assert "a6-a5 is legal, but it does not do what the task asks." in again[0]
    assert again[1] == "[dm Ana] Hint: Write it from-to: a6-d3. Try again (/learn kona answer MOVE)."
    right = await said(con, out, "Ana: /learn kona answer a6-d3")
    assert right[0].startswith("[dm Ana] Right: a6-d3. Only the top piece moved")
    assert any(line == f"[dm Ana] {EN} — step 2 of {N}" for line in right)
    await svc.repo.close()

    svc, con, out = await open_console(db)  # the service restarts: the course goes on where it was
    listed = await said(con, out, "Ana: /learn")
    assert any(f"kona: {EN} ({N} steps) — at step 2 of {N}" in line for line in listed)
    resumed = await said(con, out, "Ana: /learn kona")
    assert resumed[0] == f"[dm Ana] {EN} — step 2 of {N}"
    step3 = await said(con, out, "Ana: /learn kona answer a5-c3")
    assert any(line.endswith(f"step 3 of {N}") for line in step3)
    back = await said(con, out, "Ana: /learn kona 2")  # any step again
    assert back[0] == f"[dm Ana] {EN} — step 2 of {N}"
    for index in range(1, N):
        lines = await said(con, out, f"Ana: /learn kona answer {right_answer('kona', index)}")
        assert lines[0].startswith("[dm Ana] Right: ")
    assert any(f"You finished the course {EN}!" in line for line in lines)
    listed = await said(con, out, "Ana: /learn")
    assert any(f"kona: {EN} ({N} steps) — finished (1×)" in line for line in listed)
    assert (await said(con, out, "Ana: /learn kona restart"))[0].endswith(f"step 1 of {N}")
    assert (await said(con, out, "Ben: /learn kona"))[0].endswith(f"step 1 of {N}")  # per user
    assert (await said(con, out, "Ana: /learn chess"))[0].startswith("[error Ana] There is no course for 'chess'.")
    assert (await said(con, out, f"Ana: /learn kona {N + 4}"))[0].startswith(f"[error Ana] '{N + 4}' is not a step")
    await svc.repo.close()


def test_help_names_learn() -> None:
    assert "/learn" in help_text("en") and "/learn" in help_text("es")
