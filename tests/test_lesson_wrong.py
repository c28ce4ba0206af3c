"""A wrong lesson answer is told by what it does, in words from the engine (issue 30, the course authors'
report): the game's end it brings and who wins; what the board's news would say of it (K3's penalty, K3-6.1;
Plateau's captures, PL-6); for Krakatoa's dice the exact expected points of the choice against the best one
on this throw; in English and Spanish."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from test_tables_service import FakeClock, open_service

from engines import CHANCE, get_engine
from tables.i18n import said
from tables.learn import LessonStep, courses, meets, step_state, what_it_does
from tables.lesson_goals import winning_reply


def wrong_moves(game: str) -> Iterator[tuple[LessonStep, Any, Any]]:
    """(step, state, move) for every legal move missing its step's task, over the whole course."""
    yield from _wrong_moves(game)


@cache
def _wrong_moves(game: str) -> tuple[tuple[LessonStep, Any, Any], ...]:
    """``wrong_moves``, found once a run (states are values: ``apply`` returns a new one, DESIGN)."""
    engine = get_engine(game)
    found = []
    for step in courses()[game].steps:
        state = step_state(engine, step)
        for move in engine.legal_moves(state, step.seat):
            if not meets(engine, step, state, move):
                found.append((step, state, move))
    return tuple(found)


def test_a_move_that_ends_the_game_says_who_wins() -> None:
    seen = set()
    for game in ("kona", "k3"):
        engine = get_engine(game)
        for step, state, move in wrong_moves(game):
            outcome = engine.outcome(engine.apply(state, move))
            if outcome is None or step.seat in outcome.winners:
                continue
            words = what_it_does(engine, step, state, move)
            en, es = said(words, "en"), said(words, "es")
            assert "the game ends" in en and "la partida termina" in es
            if outcome.winners:
                [winner] = outcome.winners
                if game == "kona":  # KO-1.1: the sides by their animals, as the course names them
                    side = ("capybaras", "capibaras") if winner == 0 else ("poodles", "caniches")
                    assert f"the {side[0]} win" in en and f"ganan los {side[1]}" in es
                else:
                    assert f"Player {winner + 1} wins" in en and f"gana el jugador {winner + 1}" in es
            else:  # K3-8.3: a cooperative game lost by all
                assert "everyone loses" in en and "pierden todos" in es
            seen.add((game, bool(outcome.winners)))
    assert {("kona", True), ("k3", False)} <= seen, seen


def test_k3_penalty_is_told_as_the_board_tells_it() -> None:
    engine = get_engine("k3")
    told = 0
    for step, state, move in wrong_moves("k3"):
        after = engine.apply(state, move)
        if engine.outcome(after) is None and any(code == "penalty" for code, _ in engine.events(state, move, after)):
            words = what_it_does(engine, step, state, move)
            en, es = said(words, "en"), said(words, "es")
            assert "two equal supports" in en and f"Player {step.seat + 1} (you)" in en
            assert "dos apoyos iguales" in es and f"Jugador {step.seat + 1} (tú)" in es
            told += 1
    assert told


def test_plateau_captures_are_told() -> None:
    engine = get_engine("plateau")
    told = 0
    for step, state, move in wrong_moves("plateau"):
        after = engine.apply(state, move)
        taken = len(engine.view(after, step.seat)["prisoners"][step.seat]) - \
            len(engine.view(state, step.seat)["prisoners"][step.seat])
        if taken > 0 and engine.outcome(after) is None and what_it_does(engine, step, state, move).key in \
                ("learn.wrong.does", "learn.wrong.missed_does"):
            en, es = (said(what_it_does(engine, step, state, move), lang) for lang in ("en", "es"))
            if not step.goal:  # a step of listed answers tells the move in words, its capture with it, once
                assert en.count(f"capturing {taken} piece") == 1 and "You take" not in en, en
                assert es.count(f"capturó {taken} pieza") == 1 and "Te llevas" not in es, es
                told += 1
                continue
            noun = "prisoner" if taken == 1 else "prisoners"
            assert f"You take {taken} {noun}." in en
            assert f"Te llevas {taken} prisioner" in es
            told += 10
    assert told > 10  # both kinds


def test_keeping_the_dice_is_told_its_points_against_the_best_choice() -> None:
    """Keeping scores what the dice show (no chance left): its points are exact; the best choice named is one
    the step accepts, and it is worth more."""
    engine = get_engine("krakatoa")
    told = 0
    for step, state, move in wrong_moves("krakatoa"):
        if engine.format_move(state, move) != "keep" or step.goal != "most_expected_points":
            continue
        after = engine.apply(state, move)
        assert engine.to_move(after) != CHANCE
        totals = engine.view(state, step.seat)["totals"]
        side = engine.view(state, step.seat)["side_of_seat"][step.seat]
        kept = engine.view(after, step.seat)["totals"][side] - totals[side]
        words = what_it_does(engine, step, state, move)
        en, es = said(words, "en"), said(words, "es")
        assert en.startswith(f"keep is legal, but it is worth {kept:.1f} points on average on this throw; ")
        assert es.startswith(f"keep es legal, pero vale {kept:.1f} puntos".replace(".", ","))
        best = en.split("; ")[1].split(" is worth ")[0]
        top = float(en.split(" is worth ")[-1].rstrip("."))
        assert meets(engine, step, state, engine.parse_move(state, best)) and top > kept
        told += 1
    assert told


async def test_a_wrong_answer_through_the_service_in_spanish(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock())
    try:
        engine = get_engine("kona")
        found = []
        for number, step in enumerate(courses()["kona"].steps, start=1):  # the steps with a losing move
            state = step_state(engine, step)
            found += [(number, state, m) for m in engine.legal_moves(state, step.seat)
                      if (o := engine.outcome(engine.apply(state, m))) is not None and step.seat not in o.winners]
        number, state, losing = found[0]
        await svc.lessons.open(7, "kona", str(number))
        post = await svc.lessons.answer(7, "kona", engine.format_move(state, losing))
        assert post.key == "learn.wrong" and "la partida termina: ganan los " in post.text("es")
    finally:
        await repo.close()


def _goal_misses(game: str, goal: str) -> Iterator[tuple[LessonStep, Any, Any, Any, str, str, str]]:
    """(step, state, move, after, the move as written, English, Spanish) for every wrong answer to a step of
    ``goal`` that neither ends the game nor lets the opponent win at once (those are told so first)."""
    engine = get_engine(game)
    for step, state, move in wrong_moves(game):
        if step.goal.partition(":")[0] != goal:
            continue
        after = engine.apply(state, move)
        if engine.outcome(after) is not None or winning_reply(engine, after, step.seat) is not None:
            continue
        words = what_it_does(engine, step, state, move)
        yield step, state, move, after, engine.format_move(state, move), said(words, "en"), said(words, "es")


def test_a_capture_asked_on_a_square_is_told_where_it_landed_or_that_it_took_nothing() -> None:
    """PL-6: a capture is the mover's prisoners growing; the task names the square it must land on."""
    engine = get_engine("plateau")
    kinds = set()
    for step, state, _move, after, written, en, es in _goal_misses("plateau", "captures_at"):
        taken = len(engine.view(after, step.seat)["prisoners"][step.seat]) - \
            len(engine.view(state, step.seat)["prisoners"][step.seat])
        if taken == 0:
            assert en == f"{written} is legal, but it captures nothing." and "no captura nada" in es
        else:
            landing = written.rstrip("!").split("-")[-1].split("@")[-1][:2]
            square = step.goal.partition(":")[2]
            assert landing != square
            assert f"lands on {landing}, not on {square}." in en and f"cae en {landing}, no en {square}" in es
        kinds.add(taken > 0)
    assert False in kinds
    # the course's own capture steps have no other capture: the same position asked for a capture on a square
    # nothing reaches makes the course's answer (it lands on c3, taking the white stack) one made elsewhere
    step = next(s for s in courses()["plateau"].steps if s.goal == "captures_at:c3")
    elsewhere = replace(step, goal="captures_at:d4")
    state = step_state(engine, step)
    right = next(m for m in engine.legal_moves(state, step.seat) if meets(engine, step, state, m))
    words = what_it_does(engine, elsewhere, state, right)
    taken = len(engine.view(engine.apply(state, right), step.seat)["prisoners"][step.seat])  # PL-6.2: |U| = 1
    assert taken == 1 and len(engine.view(state, step.seat)["prisoners"][step.seat]) == 0  # takes one of the two
    assert said(words, "en") == f"{engine.format_move(state, right)} is legal and takes 1 prisoner, but it lands " \
        "on c3, not on d4."
    assert said(words, "es").endswith("se lleva 1 prisionero, pero cae en c3, no en d4.")


def test_a_reply_left_to_the_opponent_is_named_and_it_does_what_is_said() -> None:
    """A step asking that the opponent cannot capture (PL-6) or must pass (PL-7.3) is told the reply the move
    leaves them, in its public form: played from the position after the move, it captures as many as said /
    is a move other than a pass."""
    engine = get_engine("plateau")
    told = 0
    for _step, _state, _move, after, written, en, es in _goal_misses("plateau", "opponent_cannot_capture"):
        opponent = engine.to_move(after)
        reply, count = en.split(" with ")[-1].rstrip("."), int(en.split("could capture ")[1].split(" ")[0])
        before = len(engine.view(after, opponent)["prisoners"][opponent])
        taken = len(engine.view(engine.apply(after, engine.parse_move(after, reply)), opponent)["prisoners"][opponent])
        assert en.startswith(f"{written} is legal, but then your opponent could capture ") and taken - before == count
        assert f"tu rival podría capturar {count} " in es
        told += 1
    for _step, _state, _move, after, written, en, es in _goal_misses("plateau", "opponent_must_pass"):
        assert en.startswith(f"{written} is legal, but then your opponent could still play ")
        reply = en.split("could still play ")[1].split(". ")[0].split(".\n")[0].rstrip(".")
        assert reply != "pass" and engine.parse_move(after, reply) in engine.legal_moves(after, engine.to_move(after))
        assert f"tu rival aún podría jugar {reply}." in es and "\n" not in reply
        told += 1
    assert told


def test_too_few_prisoners_and_a_game_that_goes_on_are_said_so() -> None:
    engine = get_engine("plateau")
    told = 0
    for step, state, _move, after, written, en, es in _goal_misses("plateau", "scores_at_least"):
        assert en.startswith(f"{written} is legal, but it ")
        had = len(engine.view(state, step.seat)["prisoners"][step.seat])
        taken = len(engine.view(after, step.seat)["prisoners"][step.seat]) - had
        wanted = int(step.goal.partition(":")[2]) - had
        assert en.endswith(f"the task asks for {wanted} prisoner{'s' if wanted > 1 else ''}.")
        assert (f"it takes only {taken} prisoner" in en) if taken else ("it captures nothing" in en)
        assert "la tarea pide" in es
        told += 1
    for game in ("plateau", "kona"):
        for *_rest, written, en, es in _goal_misses(game, "wins_now"):
            assert en.startswith(f"{written} is legal, but the game goes on after it.")
            assert es.startswith(f"{written} es legal, pero la partida sigue tras ella.")
            told += 1
    assert told


def test_a_choice_that_misses_the_marks_asked_says_how_often_it_earns_them() -> None:
    """KR-3: a step asking for ×4 on the next throw tells a wrong choice how often it earns it, over its dice
    (a rethrow told only its points missed the task's point); checked against the dice rolled many times."""
    import re

    engine = get_engine("krakatoa")
    rng = random.Random(6)
    told = 0
    for step, state, move in wrong_moves("krakatoa"):
        if not step.goal.startswith("next_marks_at_least"):
            continue
        en = said(what_it_does(engine, step, state, move), "en")
        written = engine.format_move(state, move)
        found = re.fullmatch(rf"{written} is legal, but it gives your next throw ×4 only (\d+)% of the time; "
                             r"(\S+), (\d+)%\.", en)
        assert found is not None, en
        after = engine.apply(state, move)
        hits = 0
        for _ in range(3000):
            rolled = engine.apply(after, engine.sample_chance(after, rng))
            side = engine.view(rolled, step.seat)["side_of_seat"][step.seat]
            hits += engine.view(rolled, step.seat)["pending_marks"][side][0] >= 2
        assert abs(hits / 3000 * 100 - int(found.group(1))) < 3, (hits, en)
        assert int(found.group(3)) > int(found.group(1)) and meets(engine, step, state,
                                                                      engine.parse_move(state, found.group(2)))
        assert "da ×4 a tu siguiente lanzamiento solo el " in said(what_it_does(engine, step, state, move), "es")
        told += 1
    assert told >= 2


def test_a_plateau_move_that_turns_up_a_hidden_face_says_so() -> None:
    """PL-9.3: the step asking to capture at a3 without showing the Ace's faces (its answer a1:2-a3 lifts both
    pieces) tells a1:1-a3, which lifts the Red off the Ace, that it turns up a hidden face as well as the capture;
    a move that shows nothing new is not told so."""
    engine = get_engine("plateau")
    step = next(s for s in courses()["plateau"].steps if s.accept == ("a1:2-a3",))
    state = step_state(engine, step)
    lifted = engine.parse_move(state, "a1:1-a3")
    assert engine.reveals(state, lifted)  # the Ace becomes a top (PL-9.3); the answer's capture shows faces too
    en = said(what_it_does(engine, step, state, lifted), "en")
    assert "capturing 1 piece)" in en and en.endswith("besides:\nIt turns up a face that was hidden until then.")
    assert said(what_it_does(engine, step, state, lifted), "es").endswith(
        "Deja a la vista una cara que hasta entonces estaba oculta.")
    quiet = [m for m in engine.legal_moves(state, step.seat) if not engine.reveals(state, m)
             and engine.public_move(state, m) == engine.format_move(state, m) and not meets(engine, step, state, m)]
    for move in quiet:
        assert "hidden until then" not in said(what_it_does(engine, step, state, move), "en")


def test_a_reply_that_would_hide_faces_is_named_by_its_public_form_and_words() -> None:
    """PL-9.5: a placement's hidden faces are the opponent's secret: a wrong answer's words name such a reply in
    its public form with its public words, never its full notation."""
    from tables.lesson_misses import _reply

    engine = get_engine("plateau")
    start = engine.new_game(2, 1)
    placement = next(m for m in engine.legal_moves(start)
                     if engine.public_move(start, m) != engine.format_move(start, m))
    for lang in ("en", "es"):
        text = said(_reply(engine, start, placement), lang)
        assert text.startswith(engine.public_move(start, placement) + " (") and "?" in text
        assert engine.format_move(start, placement) not in text
    assert said(_reply(engine, start, placement), "en").endswith("face up)")  # PL-9.3a: the up face is public


def test_a_step_of_listed_answers_tells_the_move_in_words_and_which_piece_it_used() -> None:
    # a step whose task is a list of accepted answers said only "it does not do what the task asks": now the move
    # as the board would tell it, and (Kona, where the notation shows it) another piece than the task's, or the
    # task's piece taken elsewhere, naming a square only where the task does; never the answers themselves
    kinds = set()
    for game in ("kona", "k3", "plateau"):
        engine = get_engine(game)
        for step, state, move in wrong_moves(game):
            if step.goal or engine.outcome(engine.apply(state, move)) is not None:
                continue
            en, es = (said(what_it_does(engine, step, state, move), lang) for lang in ("en", "es"))
            assert "{" not in en + es, en  # every fact named (K3's steal names the player robbed)
            assert f"(the board would say: Player {step.seat + 1} (you) " in en
            assert f"(el tablero diría: Jugador {step.seat + 1} (tú) " in es
            for answer in step.accept:
                assert not re.search(re.escape(answer) + r"(?![\w.:@])", en), (answer, en)
            if game != "kona":
                continue
            origin, landing = engine.format_move(state, move).split("-")  # KO: a move is written from-to
            origins = {text.split("-")[0] for text in step.accept}
            task = " ".join(step.teach.values())

            def named(square: str, task: str = task) -> bool:  # a square the task's words name
                return re.search(rf"\b{square}\b", task) is not None

            if origin not in origins and len(origins) == 1 and named(min(origins)):
                assert f"but it uses the piece on {origin}: the task is about the one on {min(origins)}." in en
                assert f"pero usa la pieza de {origin}: la tarea trata de la de {min(origins)}." in es
                kinds.add("piece")
            elif origin not in origins and len(origins) == 1:  # the task leaves finding the piece to the learner
                assert f"but the piece on {origin} cannot do what the task asks." in en and min(origins) not in en
                kinds.add("piece unnamed")
            elif origin in origins and all(named(text.split("-")[1]) for text in step.accept):
                assert f"and uses the right piece, but it ends on {landing}, which is not what the task asks" in en
                kinds.add("square")
            elif origin in origins:  # the task names no square to end on: none is said
                assert "ends on" not in en and "but it does not do what the task asks" in en
                kinds.add("square unnamed")
    assert kinds == {"piece", "piece unnamed", "square", "square unnamed"}, kinds


def test_a_winning_reply_that_hangs_on_a_hidden_face_is_not_named() -> None:
    # PL-9: Plateau's step about c3 ("a Mute, or the Twister with orange hidden below") named White's winning flip
    # *c3:1-a2 after a wrong answer, telling the learner the face the step asks them to reason about
    engine = get_engine("plateau")
    step = next(s for s in courses()["plateau"].steps if s.goal == "opponent_has_no_winning_reply" and "c3" in s.marks)
    assert not step.others  # nor does the step show White's own view of c3 beside the learner's
    state = step_state(engine, step)
    told = 0
    for move in engine.legal_moves(state, step.seat):
        if meets(engine, step, state, move) or engine.outcome(engine.apply(state, move)) is not None:
            continue
        en, es = (said(what_it_does(engine, step, state, move), lang) for lang in ("en", "es"))
        assert "*c3" not in en and "*c3" not in es
        if "could then win at once" in en:
            assert "depending on a face you cannot see" in en and "según una cara que no puedes ver" in es
            told += 1
    assert told


def test_a_winning_reply_the_learner_can_see_is_still_named() -> None:
    # Kona hides nothing: the reply is named as before
    engine = get_engine("kona")
    named = [said(what_it_does(engine, step, state, move), "en") for step, state, move in wrong_moves("kona")
             if what_it_does(engine, step, state, move).key == "learn.wrong.allows"]
    assert named and all("your opponent would then win with " in text for text in named)
