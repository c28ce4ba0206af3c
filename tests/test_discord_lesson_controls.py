"""Lessons answered with the usual controls on Discord, through the stand-in (issue 30): the buttons under
a step (*Pick a move*, *Hint*, *Start this step again*, *Restart course*), the move picker over the step's
moves, ``/move`` answering the open lesson, a button of a past step refused without a change, a bot
restart in the middle, English and Spanish; and a Plateau step with hidden faces (PL-9) posting one
picture per seat, the learner's own hiding what the learner cannot see.

The right answers beyond Kona's first two steps are computed from the course (``right_answer``): the
courses grow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord_standin.payloads import Harness, option, user

from engines import get_engine
from tables import TableError, picker
from tables.learn import Lessons, courses, right_answer, step_state

KONA = courses()["kona"]
N = len(KONA.steps)  # the course grows; these tests follow it
EN, ES = KONA.title["en"], KONA.title["es"]
STRING = 3

ALICE = user(1001, "alice")
BOB = user(1002, "bob")


def replies(h: Harness) -> list[Any]:
    return [r for r in h.standin.interaction_replies() if r.content]


def buttons(reply: Any) -> dict[str, str]:
    """custom id -> label of the reply's buttons."""
    return {item["custom_id"]: item.get("label", "") for row in reply.components for item in row["components"]
            if item.get("type") == 2}


def step_ids(step: int) -> list[str]:
    return [f"mesa:learn:kona:{step}:{action}" for action in ("pick", "hint", "again", "restart")]


def canonical(index: int, text: str) -> str:
    """A move of Kona's step ``index`` (0-based) as the notation writes it: as the picker lists it."""
    engine = get_engine("kona")
    state = step_state(engine, KONA.steps[index])
    return engine.format_move(state, engine.parse_move(state, text))


async def pick(h: Harness, who: dict[str, Any], step: int, move: str, **kw: Any) -> Any:
    """*Pick a move* under step ``step``, then the picker's choices down to ``move``: the last reply."""
    move = canonical(step - 1, move)
    await h.click(f"mesa:learn:kona:{step}:pick", who, **kw)
    menu_id = f"mesasel:learn:kona:{step}"
    for _ in range(6):
        menu = replies(h)[-1]
        assert menu.ephemeral and menu_id in menu.custom_ids()
        offered = menu.components[0]["components"][0]["options"]
        assert not any("description" in o for o in offered), "a lesson's moves go without words: reading is the step"
        options = [o["value"] for o in offered]
        chosen = next((v for v in options if v == "m:" + move), None) or next(
            v for v in options if not v.startswith("m:") and picker.Step.decode(v).moves([move]))
        await h.click(menu_id, who, message=h.message_with(menu_id), values=[chosen], **kw)
        if chosen.startswith("m:"):
            return replies(h)[-1]
    raise AssertionError(f"{move} not reached in the picker")


async def test_a_course_with_the_buttons_the_picker_and_move(tmp_path: Path) -> None:
    first = await Harness.open(tmp_path)
    try:
        await first.command("learn", [option("game", "kona", STRING)], ALICE)
        [step1] = replies(first)
        assert step1.ephemeral and step1.content.startswith(f"{EN} — step 1 of {N}")
        assert ("Answer with *Pick a move…* below, or with `/move` (with a game in play, `/move` plays there: type the "
                "answer in `/learn`'s *answer* instead).") in step1.content
        assert [name for name, _ in step1.files] == ["lesson-kona.png"]  # no hidden information: one picture
        assert buttons(step1) == dict(zip(step_ids(1), ["Pick a move…", "Hint", "Start this step again",
                                                        "Restart course"]))
        first.standin.clear()
        await first.click("mesa:learn:kona:1:hint", ALICE)  # the hint counts nothing
        [hint] = replies(first)
        assert hint.ephemeral and hint.content == f"{EN} — step 1 of {N}. Hint: Write it from-to: a6-d3."
        first.standin.clear()
        wrong = await pick(first, ALICE, 1, "a6-a5")  # the picker's own message shows the answer
        assert wrong.method == "PATCH" and wrong.ephemeral
        assert wrong.content.startswith("Not this one: a6-a5 is legal (the board would say: Player 1 (you) moved "
                                        "from a6 to a5, uncovering a poodle on a6) and uses the right piece")
        assert "Hint:" not in wrong.content  # the first wrong answer: the hint button did not count
        assert set(buttons(wrong)) == set(step_ids(1))  # try again from here
        first.standin.clear()
        await first.command("move", [option("text", "a6-a2", STRING)], ALICE)  # no table: the open lesson
        [second] = replies(first)
        assert second.ephemeral and second.content.startswith("Not this one: a6-a2 is not allowed: ")
        assert "Hint: Write it from-to: a6-d3." in second.content  # the second wrong answer brings the hint
        first.standin.clear()
        right = await pick(first, ALICE, 1, "a6-d3")
        assert right.content.startswith("Right: a6-d3.") and f"{EN} — step 2 of {N}" in right.content
        assert [name for name, _ in right.files] == ["lesson-kona.png"] and set(buttons(right)) == set(step_ids(2))
        first.standin.clear()
        await first.click("mesa:learn:kona:1:again", ALICE, message=first.message_with("mesa:learn:kona:1:again"))
        [stale] = replies(first)  # an older step's button: refused in words, nothing changed
        assert stale.ephemeral and stale.content.startswith(
            f"That button is for step 1, and you are at step 2 of {N} of {EN}: nothing changed.")
        assert not [r for r in first.standin.to_channel() if r.method == "POST"]  # nothing public
    finally:
        await first.close()

    second = await Harness.open(tmp_path)  # a new bot process over the same database: buttons still work
    second.standin.adopt(first.standin)
    try:
        await second.command("move", [option("text", "a5-c5", STRING)], ALICE, locale="es-ES")  # /mover
        [wrong] = replies(second)
        assert wrong.ephemeral and wrong.content.startswith("Esa no: a5-c5 ")
        assert "Prueba otra vez: *Elegir jugada…* aquí debajo, o `/mover`." in wrong.content
        assert buttons(wrong) == dict(zip(step_ids(2), ["Elegir jugada…", "Pista", "Repetir este paso",
                                                        "Reiniciar el curso"]))
        second.standin.clear()
        await second.click("mesa:learn:kona:2:hint", ALICE, message=second.message_with("mesa:learn:kona:2:hint"),
                           locale="es-ES")
        assert replies(second)[0].content.startswith(f"{ES} — paso 2 de {N}. Pista: ")
        second.standin.clear()
        right = await pick(second, ALICE, 2, "a5-c3", locale="es-ES")
        assert right.content.startswith("Correcto: a5-c3.") and f"{ES} — paso 3 de {N}" in right.content
        for index in range(2, N):  # the rest of the course, in English, answers from the course data
            second.standin.clear()
            last = await pick(second, ALICE, index + 1, right_answer("kona", index))
            assert last.content.startswith("Right: "), last.content
        assert f"You finished the course {EN}!" in last.content
        assert buttons(last) == {f"mesa:learn:kona:{N + 1}:restart": "Restart course"}  # only a restart
        second.standin.clear()
        await second.command("move", [option("text", "a6-d3", STRING)], ALICE)  # finished: no open lesson
        assert replies(second)[0].content.startswith("You have no active game here.")  # today's words
        second.standin.clear()
        await second.click("mesa:learn:kona:2:pick", ALICE, message=second.message_with("mesa:learn:kona:2:pick"))
        assert replies(second)[0].content.startswith(f"You finished the {'kona'} course.")  # a past button
        second.standin.clear()
        await second.click(f"mesa:learn:kona:{N + 1}:restart", ALICE)
        [again] = replies(second)
        assert again.content.startswith(f"{EN} — step 1 of {N}") and set(buttons(again)) == set(step_ids(1))
        second.standin.clear()
        await second.command("learn", [], ALICE)
        assert f"kona: {EN} ({N} steps) — at step 1 of {N}" in replies(second)[0].content
        assert not [r for r in second.standin.to_channel() if r.method == "POST"]  # nothing public
        try:
            await second.bot.service.table_details(1)
            raise AssertionError("a lesson created a table")
        except TableError:
            pass
    finally:
        await second.close()


async def test_move_suggests_the_open_lessons_moves(tmp_path: Path) -> None:
    """``/move``'s suggestions with no table: the open lesson's legal moves; with no lesson either, none."""
    h = await Harness.open(tmp_path)
    try:
        await h.command("move", [option("text", "a6", STRING, focused=True)], BOB, autocomplete=True)
        assert h.standin.interaction_replies()[-1].json["data"]["choices"] == []
        await h.command("learn", [option("game", "kona", STRING)], BOB)
        h.standin.clear()
        await h.command("move", [option("text", "a6-d", STRING, focused=True)], BOB, autocomplete=True)
        engine = get_engine("kona")
        state = step_state(engine, KONA.steps[0])
        legal = [engine.format_move(state, m) for m in engine.legal_moves(state, KONA.steps[0].seat)]
        suggested = [c["value"] for c in h.standin.interaction_replies()[-1].json["data"]["choices"]]
        assert "a6-d3" in suggested and suggested == [m for m in legal if m.startswith("a6-d")]
    finally:
        await h.close()


async def test_hint_with_no_table_gives_the_open_lessons_hint(tmp_path: Path) -> None:
    """``/hint`` with no table it could mean said "no active game" to a learner: with a lesson open it gives the
    step's hint, as its *Hint* button (and the console's ``/hint``) does; with none, the refusal stays."""
    h = await Harness.open(tmp_path)
    try:
        await h.command("hint", [], BOB)
        assert "no active game" in h.standin.interaction_replies()[-1].content
        await h.command("learn", [option("game", "kona", STRING)], BOB)
        h.standin.clear()
        await h.command("hint", [], BOB)
        reply = h.standin.interaction_replies()[-1]
        assert reply.ephemeral and reply.content.startswith("Kona, step by step — step 1 of 10. Hint: ")
        button = next(c for c in reply.custom_ids() if c.endswith(":hint"))  # the step's own controls come with it
        await h.click(button, BOB, message=h.message_with(button))
        assert h.standin.interaction_replies()[-1].content == reply.content  # what the Hint button says
        assert not h.standin.refusals()
    finally:
        await h.close()


async def test_a_games_command_with_no_table_says_how_the_lesson_goes_on(tmp_path: Path) -> None:
    """``/takeback``, ``/resign``, ``/draw``, ``/board`` with no table, from a learner with a lesson open, said
    "no active game here: start one with /play": now that the command is a game's and how the lesson goes on, in
    the reader's words (the console's ``LESSON_NOT_A_TABLE``); nothing changes; with no lesson, the refusal stays."""
    h = await Harness.open(tmp_path)
    try:
        await h.command("takeback", [], BOB)
        assert "no active game here" in h.standin.interaction_replies()[-1].content
        await h.command("learn", [option("game", "kona", STRING)], BOB)
        for command, locale, words in (
                ("takeback", "en-US", "You have no game here for `/takeback`. Your lesson goes on: answer its step "
                                      "with *Pick a move…* or `/move` (`/learn game:Kona` shows the step again)."),
                ("resign", "en-US", "You have no game here for `/resign`."),
                ("draw", "en-US", "You have no game here for `/draw`."),
                ("board", "es-ES", "No tienes ninguna partida aquí para `/tablero`. Tu lección sigue: responde a su "
                                   "paso con *Elegir jugada…* o `/mover` (`/aprender juego:Kona` muestra otra vez el "
                                   "paso).")):
            h.standin.clear()
            await h.command(command, [], BOB, locale=locale)
            [reply] = replies(h)
            assert reply.ephemeral and reply.content.startswith(words), reply.content
        assert await h.bot.service.lessons.at(int(BOB["id"]), "kona") == 1  # nothing moved on
        h.standin.clear()
        await h.command("resign", [option("table", 7, 4)], BOB)  # a table named: the table's own refusal
        assert "#7" in h.standin.interaction_replies()[-1].content
    finally:
        await h.close()


def hidden_faces(mine: dict[str, Any], theirs: dict[str, Any], other: int) -> list[tuple[str, str]]:
    """The faces of ``other``'s pieces on the board that the learner's view (``mine``) does not show:
    (as the learner's view has it, as ``other``'s own view has it)."""
    found = []
    for row_mine, row_theirs in zip(mine["board"], theirs["board"]):
        for stack_mine, stack_theirs in zip(row_mine, row_theirs):
            for piece_mine, piece_theirs in zip(stack_mine, stack_theirs):
                if piece_mine["owner"] == other:
                    found += [(piece_mine[face], piece_theirs[face]) for face in ("up", "down")
                              if not piece_mine[f"{face}_public"]]
    return found


async def test_a_hidden_information_step_shows_each_seat(tmp_path: Path) -> None:
    """Plateau (PL-9): the step posts one picture per seat; the learner's is drawn from the learner's own
    view, which hides the faces the learner cannot see; the other from what the other seat sees."""
    drawn: list[dict[str, Any]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **_: Any) -> bytes:
        drawn.append(view)
        return b"\x89PNG picture"

    course = courses()["plateau"]
    engine = get_engine("plateau")

    def views(index: int) -> tuple[dict[str, Any], dict[str, Any]]:
        lesson = course.steps[index]
        state = step_state(engine, lesson)
        return (Lessons.view(engine, state, lesson, lesson.seat), Lessons.view(engine, state, lesson, 1 - lesson.seat))

    # the course grows: the first step with an opponent's face on the board the learner cannot see
    index = next(i for i in range(len(course.steps)) if hidden_faces(*views(i), 1 - course.steps[i].seat))
    lesson, number = course.steps[index], index + 1
    state = step_state(engine, lesson)
    learner, other = lesson.seat, 1 - lesson.seat
    h = await Harness.open(tmp_path, renderer=renderer)
    try:
        await h.command("learn", [option("game", "plateau", STRING), option("step", str(number), STRING)], ALICE)
        [step] = replies(h)
        assert [name for name, _ in step.files] == ["lesson-plateau.png", f"lesson-plateau-player{other + 1}.png"]
        assert f"Picture 1: what you see.\nPicture 2: what {('Black', 'White')[other]} sees." in step.content
        assert drawn == list(views(index))
        mine, theirs = drawn
        assert mine["viewer"] == learner and theirs["viewer"] == other
        hidden = hidden_faces(mine, theirs, other)
        assert hidden and all(seen == "?" and theirs_seen != "?" for seen, theirs_seen in hidden)
        assert mine["reserves"][other] == len(theirs["reserves"][other])  # the other's reserve: only counted
        h.standin.clear()  # the picker over the step's many moves: a group, then Back to its first step
        await h.click(f"mesa:learn:plateau:{number}:pick", ALICE)
        [menu] = replies(h)
        menu_id = f"mesasel:learn:plateau:{number}"
        first_options = menu.components[0]["components"][0]["options"]
        legal = [engine.format_move(state, m) for m in engine.legal_moves(state, learner)]
        assert len(legal) > 25 and len(first_options) <= 25 and menu.custom_ids() == [menu_id]
        group = next(o["value"] for o in first_options if not o["value"].startswith("m:"))
        await h.click(menu_id, ALICE, message=h.message_with(menu_id), values=[group])
        narrowed = replies(h)[-1]
        assert narrowed.method == "PATCH" and narrowed.custom_ids() == [menu_id, f"mesa:learn:plateau:{number}:back"]
        assert {o["value"] for o in narrowed.components[0]["components"][0]["options"]} != \
            {o["value"] for o in first_options}
        await h.click(f"mesa:learn:plateau:{number}:back", ALICE)
        back = replies(h)[-1]
        assert back.method == "PATCH" and back.components[0]["components"][0]["options"] == first_options
    finally:
        await h.close()
