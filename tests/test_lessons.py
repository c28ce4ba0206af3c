"""Lessons (issue 30, ``/learn``): every course file checked with its engine, and a course finished in the
console with a right and a wrong answer, a restart of the service in the middle (progress kept), a step
restarted, and the courses listed with the learner's progress."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_session import open_console, said
from pg_server import DbFactory
from test_tables_service import FakeClock, open_service

from console import help_text
from engines import Outcome, get_engine
from tables import TableError
from tables.i18n import CATALOGS, Phrase
from tables.i18n import said as words_of
from tables.learn import LESSONS_DIR, check_step, courses, ending_words, meets, read_course, right_answer, step_state

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
        if engine.outcome(state) is None:  # a learner who finds a win at once is never told it is wrong
            for move in engine.legal_moves(state):
                ending = engine.outcome(engine.apply(state, move))
                if ending is not None and not ending.draw and step.seat in ending.winners:
                    assert meets(engine, step, state, move), f"{path.name} step {i}: a win at once that is not right"
        for words in (step.teach, step.explain, step.hint):
            assert set(words) == set(CATALOGS) and all(w.strip() for w in words.values())
        for square in step.marks:  # a square, or K3's "<seat>:<spot>" of a pyramid ("<seat>:s": its side)
            assert square in engine.view(state, step.seat)["position"] or square.split(":")[-1][0].isalpha()


async def test_a_course_in_the_console(tmp_path: Path) -> None:
    db = tmp_path / "console.db"
    svc, con, out = await open_console(db)
    listed = await said(con, out, "Ana: /learn")
    assert listed[0].startswith("[dm Ana] Lessons") and any(f"kona: {EN} ({N} steps) — not started" in line
                                                            for line in listed)
    first = await said(con, out, "Ana: /learn kona")
    assert first[0] == f"[dm Ana] {EN} — step 1 of {N}" and "to d3" in first[1]
    assert await said(con, out, "Ana: /learn carpniches answer") == [
        "[error Ana] Write your answer after answer: /learn kona answer MOVE (/moves lists the step's moves)."]
    wrong = await said(con, out, "Ana: /learn kona answer a6-a2")  # against a rule: the engine's reason
    assert wrong[0].startswith("[dm Ana] Not this one: a6-a2 is not allowed: ") and "Hint" not in wrong[0]
    again = await said(con, out, "Ana: /learn kona answer a6-a5")  # legal, not the task: the hint now
    assert ("a6-a5 is legal (the board would say: Player 1 (you) moved from a6 to a5, uncovering a poodle on a6) "
            "and uses the right piece, but it ends on a5, which is not what the task asks.") in again[0]
    assert again[1] == "[dm Ana] Hint: Write it from-to: a6-d3. Try again (/move MOVE)."
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


async def test_move_and_moves_answer_the_open_lesson_in_the_console(tmp_path: Path) -> None:
    """Issue 30: with no table it could mean, ``/move`` answers the lesson last opened or answered (as
    ``/learn GAME answer``), ``/moves`` lists its step's moves; ``/learn GAME hint`` counts nothing; a
    table, when there is one, still takes ``/move``; the open lesson survives a restart."""
    db = tmp_path / "console.db"
    svc, con, out = await open_console(db)
    assert (await said(con, out, "Ana: /move a6-d3"))[0] == \
        "[error Ana] You have no table here; start one with /play GAME @NAME"  # nothing open: today's words
    await said(con, out, "Ana: /learn kona")
    listed = await said(con, out, "Ana: /moves")
    engine = get_engine("kona")
    state = step_state(engine, KONA.steps[0])
    legal = [engine.format_move(state, m) for m in engine.legal_moves(state, KONA.steps[0].seat)]
    assert listed == [f"[dm Ana] {EN} — step 1 of {N}: legal moves ({len(legal)}): {', '.join(legal)}"]
    assert "a6-d3" in legal and "a6-a5" in legal
    # /moves TEXT: the step's moves matching it, without what each does (reading the board is what the step asks)
    matching = await said(con, out, "Ana: /moves a6-d")
    assert matching == [f"[dm Ana] {EN} — step 1 of {N}: legal moves matching 'a6-d' (2):", "[dm Ana]   a6-d3",
                        "[dm Ana]   a6-d6"]  # KO-5.1: from a6, d3 and d6 are the moves to the d file
    hint = await said(con, out, "Ana: /learn kona hint")
    assert hint == [f"[dm Ana] {EN} — step 1 of {N}. Hint: Write it from-to: a6-d3."]
    first = await said(con, out, "Ana: /move a6-a5")  # the hint counted nothing: this is the first wrong answer
    assert first[0].startswith("[dm Ana] Not this one: a6-a5 is legal (the board would say: Player 1 (you) moved "
                               "from a6 to a5, uncovering a poodle on a6) and uses the right piece, but it ends on a5")
    assert not any("Hint:" in line for line in first) and first[0].endswith("Try again (/move MOVE).")
    second = await said(con, out, "Ana: /move a6-a2")
    assert second[0].startswith("[dm Ana] Not this one: a6-a2 is not allowed: ")
    assert second[1] == "[dm Ana] Hint: Write it from-to: a6-d3. Try again (/move MOVE)."
    right = await said(con, out, "Ana: /move a6-d3")
    assert right[0].startswith("[dm Ana] Right: a6-d3.") and f"[dm Ana] {EN} — step 2 of {N}" in right
    assert (await said(con, out, "Ben: /moves"))[0] == \
        "[error Ben] You have no table here; start one with /play GAME @NAME"  # per user
    await said(con, out, "Ana: /learn plateau")  # now Plateau is the open lesson: /moves lists its step
    assert (await said(con, out, "Ana: /moves"))[0].startswith(f"[dm Ana] {courses()['plateau'].title['en']} — step 1")
    await svc.repo.close()

    svc, con, out = await open_console(db)  # a restart: the open lesson is kept
    wrong = await said(con, out, "Ana: /move a5-c3")  # a Kona move, answered at Plateau's step
    assert wrong[0].startswith("[dm Ana] Not this one: a5-c3 is not allowed")
    await said(con, out, "Ana: /learn kona")  # Kona again: the last opened
    assert (await said(con, out, "Ana: /move a5-c3"))[0].startswith("[dm Ana] Right: a5-c3.")
    await said(con, out, "Ana: /play kona @Ben seat=first")  # a table: /move is the table's again
    await said(con, out, "Ben: /accept")
    played = await said(con, out, "Ana: /move a6-d3")
    assert played[0].startswith("[#1]") and not any(line.startswith("[dm Ana] Right") for line in played)
    assert [m.text for m in (await svc.table_details(1)).moves] == ["a6-d3"]
    assert any(f"at step 3 of {N}" in line for line in await said(con, out, "Ana: /learn"))  # the lesson unmoved
    step = await said(con, out, "Ana: /learn kona")  # the step says how to answer it beside a game in play
    assert any("With a game in play, /move plays there: answer with /learn kona answer MOVE." in line for line in step)
    answered = await said(con, out, f"Ana: /learn kona answer {right_answer('kona', 2)}")
    assert answered[0].startswith("[dm Ana] Right: ") and len((await svc.table_details(1)).moves) == 1
    await said(con, out, "Ana: /learn kona 3")  # back to step 3 for what follows
    await said(con, out, "Ana: /resign")  # the table is over: /move answers the lesson again
    for index in range(2, N):
        lines = await said(con, out, f"Ana: /move {right_answer('kona', index)}")
        assert lines[0].startswith("[dm Ana] Right: ")
    assert any(f"You finished the course {EN}!" in line for line in lines)
    over = await said(con, out, "Ana: /move a6-d3")  # finished: no lesson open, and the table is over
    assert over[0].startswith("[error Ana] You have no table here: your last one, Kona #1, is over")
    await svc.repo.close()


async def test_a_hidden_information_step_in_the_console(tmp_path: Path) -> None:
    """A Plateau step (hidden faces, PL-9): the text says whose each picture is, and each picture's file or words
    come beside its number; a console that shows neither names no picture at all."""
    other = 1 - courses()["plateau"].steps[0].seat  # the course grows: its first step names the learner's seat
    svc, con, out = await open_console(tmp_path / "console.db")
    # without pictures (this console writes none) nor their words, no "Picture 1: what you see." of nothing
    lines = await said(con, out, "Ana: /learn plateau")
    assert not any("Picture" in line for line in lines), lines
    assert lines[-1].startswith("[dm Ana] Answer with /move MOVE")
    kona = await said(con, out, "Ana: /learn kona")  # no hidden information: one picture, no such lines
    assert not any("Picture" in line for line in kona)
    con.describe = True  # --describe: each picture said in words, under its number
    lines = await said(con, out, "Ana: /learn plateau")
    assert "[dm Ana] Picture 1: what you see." in lines
    side = ("Black", "White")[other]  # PL-1: the side's own name, as the course's texts say it
    assert f"[dm Ana] Picture 2: what {side} sees." in lines
    first, second = lines.index("[dm Ana] Picture 1"), lines.index("[dm Ana] Picture 2")
    assert lines[first + 1].startswith("[dm Ana]   picture: ") and first + 2 == second
    assert lines[-2] == "[dm Ana] Picture 2" and lines[-1].startswith("[dm Ana]   picture: ")  # said once
    await svc.repo.close()


async def test_a_hidden_information_step_names_each_pictures_file_beside_its_number(tmp_path: Path) -> None:
    """With pictures written, the text's "Picture 1: what you see." is followed by one line per picture, each
    number with its file, and both files exist."""
    import re

    import render

    svc, con, out = await open_console(tmp_path / "console.db")
    svc.posts.renderer = render.render  # as the console draws them (``images="thread"``)
    con.out_dir = tmp_path / "out"
    lines = await said(con, out, "Ana: /learn plateau")
    assert "[dm Ana] Picture 1: what you see." in lines and lines[-3].startswith("[dm Ana] Answer with /move")
    files = [re.fullmatch(rf"\[dm Ana\] Picture {n} \(image: (.+)\)", line) for n, line in enumerate(lines[-2:], 1)]
    assert all(m is not None and Path(m.group(1)).is_file() for m in files), lines[-2:]
    await svc.repo.close()


async def test_the_open_lesson_and_a_past_step_on_both_backends(db: DbFactory) -> None:
    """The open lesson is the course last opened or answered, unfinished, under a clock that stands still
    (the stamps are nudged); a hint counts nothing; a control made for another step (``at``) is refused and
    changes nothing; all of it kept across a restart, on SQLite and PostgreSQL."""
    clock = FakeClock()  # it never moves here
    repo, svc = await open_service(db("mesa.db"), clock)
    lessons, ana = svc.lessons, 7
    assert await lessons.current(ana) is None
    await lessons.open(ana, "kona")
    assert await lessons.current(ana) == "kona"
    await lessons.open(ana, "plateau")
    assert await lessons.current(ana) == "plateau"
    await lessons.answer(ana, "kona", "a6-a5")  # answered: Kona is open again
    assert await lessons.current(ana) == "kona"
    await lessons.hint(ana, "plateau")  # a hint is no opening
    assert await lessons.current(ana) == "kona"
    with pytest.raises(TableError) as past:
        await lessons.answer(ana, "kona", "a6-d3", at=2)  # a button of step 2 while at step 1
    assert past.value.key == "learn.past" and past.value.params["step"] == 1
    wrong = await lessons.answer(ana, "kona", "a6-a2", at=1)  # still the second wrong answer: the hint
    assert wrong.key == "learn.wrong.hint" and wrong.step == 1
    await repo.close()

    repo, svc = await open_service(db("mesa.db"), clock)  # a restart
    lessons = svc.lessons
    assert await lessons.current(ana) == "kona" and await lessons.at(ana, "kona") == 1
    told = await lessons.for_games(ana)  # /games says the lesson left halfway, and how to go on
    plateau = len(courses()["plateau"].steps)
    # only the open lesson was said: the other courses left halfway are said after it, each with its step
    assert told is not None and words_of(told, "en") == (
        f"Your lesson: Kona, step by step — step 1 of {N} (go on with /learn kona). Also left halfway: Plateau, step "
        f"by step (step 1 of {plateau}: /learn plateau).")
    assert words_of(told, "es").startswith("Tu lección: ")
    await lessons.open(ana, "plateau", "3")
    await lessons.open(ana, "kona")  # Kona is the open lesson again; Plateau waits at step 3
    told = await lessons.for_games(ana)
    assert told is not None and words_of(told, "en") == (
        f"Your lesson: Kona, step by step — step 1 of {N} (go on with /learn kona). Also left halfway: Plateau, step "
        f"by step (step 3 of {plateau}: /learn plateau).")
    assert words_of(told, "es").endswith(f"También a medias: Plateau paso a paso (paso 3 de {plateau}: /learn "
                                         "plateau).")
    for index in range(N):
        post = await lessons.answer(ana, "kona", right_answer("kona", index), at=index + 1)
    assert post.key == "learn.done" and post.done and post.step == N + 1
    assert await lessons.current(ana) is None  # finished: no lesson open (Plateau was not the last one)
    told = await lessons.for_games(ana)  # but Plateau is still halfway: said, with how to go on
    assert told is not None and words_of(told, "en") == (f"Lessons left halfway: Plateau, step by step (step 3 of "
                                                          f"{plateau}: /learn plateau).")
    assert words_of(told, "es").startswith("Lecciones a medias: Plateau paso a paso (paso 3 de ")
    assert await lessons.for_games(ana + 1) is None  # nor a newcomer's
    with pytest.raises(TableError) as finished:
        await lessons.moves(ana, "kona")
    assert finished.value.key == "learn.finished_already"
    assert (await lessons.open(ana, "kona", "restart", at=N + 1)).step == 1  # the done post's Restart
    assert await lessons.current(ana) == "kona"
    await repo.close()


def test_a_wrong_answer_that_ends_the_game_names_the_winner_by_its_side() -> None:
    """KO-1.1, PL-1: "the capybaras win", "White wins" (the courses call the sides so), not "Player 1 wins"; a
    game without names for its sides (K3) says the player's number, as its pictures do."""
    capybara = Outcome(winners=(0,), reason="line", text="capybara wins (line)")
    white = Outcome(winners=(1,), reason="prisoners", text="winner 1 (prisoners)")
    assert t_phrase(ending_words(capybara, 1, "kona"), "en") == "the capybaras win"
    assert t_phrase(ending_words(capybara, 1, "kona"), "es") == "ganan los capibaras"
    assert t_phrase(ending_words(white, 0, "plateau"), "en") == "White wins"
    assert t_phrase(ending_words(white, 0, "k3"), "en") == "Player 2 wins"
    assert t_phrase(ending_words(white, 1, "plateau"), "en").startswith("you win")


def t_phrase(phrase: Phrase, lang: str) -> str:
    return words_of(phrase, lang)


async def test_the_console_reads_the_lessons_in_spanish_and_auto_answers_the_open_lesson(tmp_path: Path) -> None:
    """/aprender (Discord's Spanish name) or /learn GAME es: the lessons' words in Spanish from then on, /learn GAME
    en back to English; /auto with a lesson open and no table is refused as the lesson refuses 'auto' (it said "you
    have no table here")."""
    svc, con, out = await open_console(tmp_path / "console.db")
    spanish = await said(con, out, "Ana: /aprender kona")
    assert spanish[0].startswith("[dm Ana] Kona paso a paso — paso 1 de ")
    wrong = await said(con, out, "Ana: /move f1-f2")
    assert wrong[0].startswith("[dm Ana] Esa no: f1-f2 es legal")
    auto = await said(con, out, "Ana: /auto")  # refused in the language the lessons are read in
    assert auto[0].startswith("[error Ana] En una lección, elige tú la jugada")
    assert await said(con, out, "Ana: /move") == ["[error Ana] Escribe la jugada tras /move: /jugadas lista las "
                                                  "jugadas que puedes hacer, en la notación de este juego"]
    hint = await said(con, out, "Ana: /pista")  # with a lesson open and no table: the step's hint, in Spanish
    assert hint == await said(con, out, "Ana: /aprender kona pista") and "Pista: " in hint[0]
    listed = await said(con, out, "Ana: /moves")
    assert listed[0].startswith("[dm Ana] Kona paso a paso — paso 1 de ") and "jugadas legales (" in listed[0]
    none = await said(con, out, "Ana: /moves zz")
    assert len(none) == 1 and none[0].startswith("[error Ana] Kona paso a paso — paso 1 de ") and none[0].endswith(
        "ninguna jugada legal coincide con 'zz': /moves las lista todas")
    con.describe = True  # the pictures in words: each named by its number, in Spanish
    plateau = await said(con, out, "Ana: /aprender plateau")  # a second picture: what the other side sees
    assert any(line.startswith("[dm Ana] Imagen 2: ") for line in plateau)
    assert "[dm Ana] Imagen 2" in plateau and not any("Picture" in line for line in plateau)
    con.describe = False
    # a game's command with a lesson open said "no lesson open": it says the command is a game's, and how to go on
    assert await said(con, out, "Ana: /deshacer") == [
        "[error Ana] No tienes ninguna mesa aquí para /deshacer. Tu lección sigue con /move JUGADA (/aprender plateau "
        "muestra otra vez el paso; /aprender plateau N va al paso N)."]
    english = await said(con, out, "Ana: /learn kona en")
    assert english[0].startswith("[dm Ana] Kona, step by step")
    assert await said(con, out, "Ana: /resign") == [
        "[error Ana] You have no table here for /resign. Your lesson goes on with /move MOVE (/learn kona shows the "
        "step again; /learn kona N goes to step N)."]
    # a course not named, or mistyped: said so, with the course meant
    assert await said(con, out, "Ana: /learn hint") == [
        "[error Ana] Name the course first, before 'hint' (courses: kona, plateau, k3, krakatoa), for example /learn "
        "kona."]
    assert await said(con, out, "Ana: /learn 3") == [
        "[error Ana] Name the course first, before '3' (courses: kona, plateau, k3, krakatoa), for example /learn "
        "kona."]
    assert await said(con, out, "Ana: /learn knoa") == [
        "[error Ana] There is no course for 'knoa': did you mean kona? Courses: kona, plateau, k3, krakatoa."]
    assert await said(con, out, "Ana: /learn chess") == [
        "[error Ana] There is no course for 'chess'. Courses: kona, plateau, k3, krakatoa."]
    for index in range(len(courses()["kona"].steps)):  # the course finished: no lesson open, no table
        await said(con, out, f"Ana: /move {right_answer('kona', index)}")
    assert await said(con, out, "Ana: /move a6-d3") == [
        "[error Ana] You have no table here and no lesson open: start a game with /play GAME @NAME, or a lesson "
        "with /learn GAME (/learn lists the courses)."]
    await said(con, out, "Ana: /aprender kona es")  # read in Spanish again, then finished again
    for index in range(len(courses()["kona"].steps)):
        await said(con, out, f"Ana: /move {right_answer('kona', index)}")
    assert (await said(con, out, "Ana: /pista"))[0].startswith(
        "[error Ana] No tienes ninguna mesa aquí ni ninguna lección abierta")
    assert (await said(con, out, "Ben: /move a6-d3"))[0] == \
        "[error Ben] You have no table here; start one with /play GAME @NAME"  # not a learner: as before
    await svc.repo.close()


async def test_the_same_wrong_answer_again_is_one_mistake(db: DbFactory) -> None:
    """A double click on a move button sends the same wrong answer twice: it is told again, but it is one
    mistake (the hint comes with the second mistake, not with a second click); a different one is the second."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    lessons, ana = svc.lessons, 7
    await lessons.open(ana, "kona")
    first = await lessons.answer(ana, "kona", "a6-a5", at=1)
    again = await lessons.answer(ana, "kona", "a6-a5", at=1)
    assert (first.key, again.key) == ("learn.wrong", "learn.wrong")
    assert words_of(Phrase(again.key, again.params), "en") == words_of(Phrase(first.key, first.params), "en")
    other = await lessons.answer(ana, "kona", "a6-a4", at=1)
    assert other.key == "learn.wrong.hint"
    await lessons.answer(ana, "kona", "a6-d3", at=1)  # right: step 2, where the same slip counts anew
    assert (await lessons.answer(ana, "kona", "a6-a5", at=2)).key == "learn.wrong"
    await repo.close()


def test_krakatoa_s_move_words_typed_in_spanish_read_as_the_notation_s() -> None:
    """The Spanish rules and lessons ask "¿te los quedas o relanzas?": "relanzar" was refused as no move of Krakatoa
    (and a lesson counted it a mistake). Spanish words read as the notation's, accents optional; other games'
    notation is left as typed."""
    from tables.rules_step import as_typed

    words = get_engine("krakatoa").description.typed_words
    for typed, meant in (("relanzar", "rethrow"), ("Quédate", "keep"), ("me quedo", "keep"), ("lanzar", "throw"),
                         ("vapor", "steam"), ("ceniza", "ash"), ("lava", "lava"), ("aim s3 suave", "aim s3 soft"),
                         ("apuntar l2 fuerte", "aim l2 hard"), ("volver a tirar", "rethrow"), ("keep", "keep")):
        assert as_typed(typed, words) == meant, typed
    assert as_typed("a6–d3", get_engine("kona").description.typed_words) == "a6-d3"  # a phone's dash, as before
    assert as_typed("Ra6-c2", get_engine("k3").description.typed_words) == "Ra6-c2"  # no words to read: as typed


async def test_a_spanish_learner_answers_krakatoa_s_lesson_in_spanish_words(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    lessons, ana = svc.lessons, 7
    await lessons.open(ana, "krakatoa", lang="es")
    answered = await lessons.answer(ana, "krakatoa", "relanzar", lang="es")  # step 1: zero is zero, even ×4
    assert answered.step == 2 and answered.text("es").startswith("Correcto: rethrow."), answered.text("es")
    answered = await lessons.answer(ana, "krakatoa", "quédate", lang="es")  # step 2: 26 points, doubled
    assert answered.step == 3 and answered.text("es").startswith("Correcto: keep.")
    await repo.close()


async def test_a_krakatoa_lesson_s_refusal_lists_no_move_the_lesson_refuses(tmp_path: Path) -> None:
    """A word that is no Krakatoa move, in a lesson: the refusal listed "… and auto", which the lesson then refused
    ("choose the move yourself"); a lesson's list leaves it out (a game's keeps it)."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    lessons, ana = svc.lessons, 7
    for lang in ("en", "es"):
        await lessons.open(ana, "krakatoa", lang=lang)
        wrong = await lessons.answer(ana, "krakatoa", "jump", lang=lang)
        said = wrong.text(lang)
        assert "steam, ash, lava" in said and "auto" not in said, said
    assert "relanzar" in wrong.text("es")
    await repo.close()
