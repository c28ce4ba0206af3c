"""The lesson goals the Plateau course added (``tables/lesson_goals.py``): ``opponent_cannot_capture`` and
``opponent_must_pass``, judged on positions whose answers follow from the rules (docs/spec/plateau.md)."""

from __future__ import annotations

import pytest

from engines import get_engine
from tables.lesson_goals import CONDITIONS

ENGINE = get_engine("plateau")
#: White's lone Red on c3 reaches one square straight (PL-5.3, PL-5.4): b3, c2, c4, d3
RED_ON_C3 = "4/2,WRr,1/4/BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.rr.2bb.4xx - - 6"
#: every white piece pinned (PL-1.3) but the stack on c3, White's reserve empty and no prisoners of theirs
ONE_FREE_STACK = ("Wrb.WOx.BBb,2,WXr.WBb.BRr/1,Bxx.BRb,WXx.WBb,1/4/WRr.WXx.BRr,2,WXb.WRr.BBb B turn "
                  "ox.rx.bx.3xx - 2xx - 40")


def judged(condition: str, position: str, move: str) -> bool:
    state = ENGINE.from_position(position)
    chosen = ENGINE.parse_move(state, move)
    seat = ENGINE.to_move(state)
    assert seat is not None
    return CONDITIONS[condition](ENGINE, state, seat, chosen, ENGINE.apply(state, chosen), "")


@pytest.mark.parametrize(("move", "safe"), [
    ("+xx@c2", False), ("+xx@d3", False), ("a1:1-b1", True),  # a blank Mute is captured all the same (PL-6.1)
    ("+xx@b2", True), ("+rr@a4", True), ("+rr@c4", False),  # a red piece goes straight, never diagonally
])
def test_opponent_cannot_capture(move: str, safe: bool) -> None:
    assert judged("opponent_cannot_capture", RED_ON_C3, move) is safe


def test_opponent_cannot_capture_tells_apart_what_the_opponent_sees() -> None:
    # the same pieces a square apart: answers kept by what White sees never mix two positions up
    assert judged("opponent_cannot_capture", RED_ON_C3, "+bb@b4") is True
    assert judged("opponent_cannot_capture", RED_ON_C3, "+bb@c4") is False


@pytest.mark.parametrize(("move", "passes"), [
    ("b3:1-c3", True), ("b3:2-c3", True),  # c3 captured or pinned: White has nothing left to do (PL-3.2)
    ("a1:1-a2", False), ("+xx@b2", False),  # c3 stays White's and can move
])
def test_opponent_must_pass(move: str, passes: bool) -> None:
    assert judged("opponent_must_pass", ONE_FREE_STACK, move) is passes


def test_the_lesson_on_shown_faces_names_no_piece_the_learner_cannot_see() -> None:
    """The step that teaches which faces a capture shows (PL-9.3) said "the white Mute left at the bottom of a3 now
    shows its face"; Black sees only its blank up face there (PL-9.4: White's reserve hidden), so it could as well
    be the Twister or a Mask: the explanation says what Black sees, and no more."""
    from tables.learn import courses, step_state

    engine = get_engine("plateau")
    [step] = [s for s in courses()["plateau"].steps if "a1:2-a3" in (s.accept or ())]
    state = step_state(engine, step)
    after = engine.apply(state, engine.parse_move(state, "a1:2-a3"))
    a3 = engine.view_notation(after, step.seat).split()[0].split("/")[1].split(",")[0]
    assert a3.startswith("WX?"), a3  # White's piece at a3's bottom: blank up, its down face hidden from Black
    for lang, names in (("en", ("Mute", "Twister", "Mask")), ("es", ("Muda", "Torbellino", "Máscara"))):
        explained = step.explain[lang]
        assert not any(name in explained for name in names), explained
        assert "a3" in explained and ("blank" if lang == "en" else "en blanco") in explained
