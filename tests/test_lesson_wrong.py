"""A wrong lesson answer is told by what it does, in words from the engine (issue 30, the course authors'
report): the game's end it brings and who wins; what the board's news would say of it (K3's penalty, K3-6.1;
Plateau's captures, PL-6); for Krakatoa's dice the exact expected points of the choice against the best one
on this throw; in English and Spanish."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from test_tables_service import FakeClock, open_service

from engines import CHANCE, get_engine
from tables.i18n import said
from tables.learn import LessonStep, courses, meets, step_state, what_it_does


def wrong_moves(game: str) -> Iterator[tuple[LessonStep, Any, Any]]:
    """(step, state, move) for every legal move missing its step's task, over the whole course."""
    engine = get_engine(game)
    for step in courses()[game].steps:
        state = step_state(engine, step)
        for move in engine.legal_moves(state, step.seat):
            if not meets(engine, step, state, move):
                yield step, state, move


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
        if taken > 0 and engine.outcome(after) is None and what_it_does(engine, step, state, move).key == \
                "learn.wrong.does":
            noun = "prisoner" if taken == 1 else "prisoners"
            assert f"You take {taken} {noun}." in said(what_it_does(engine, step, state, move), "en")
            assert f"Te llevas {taken} prisioner" in said(what_it_does(engine, step, state, move), "es")
            told += 1
    assert told


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
