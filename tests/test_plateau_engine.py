"""Plateau engine (docs/spec/plateau.md): worked examples PL-11, perft PL-10.7, rules, notation, views.

Expected values come from the rules document or from hand reasoning written next to them.  The
information-model tests (no leak, determinize) are in tests/test_plateau_views.py.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalMoveError, InvalidMoveError, MoveError, PositionError, get_engine
from engines import plateau as P

E = P.ENGINE
ROOT = Path(__file__).resolve().parents[1]
START = "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0"


def pos(text: str, **options: object):
    return E.from_position(text, options or None)


def moves_of(state) -> list[str]:
    return [E.format_move(state, m) for m in E.legal_moves(state)]


def stack_moves_of(state) -> list[str]:
    """Every legal move that is not an onboard (onboards are counted separately)."""
    return [m for m in moves_of(state) if not m.startswith("+")]


def play(state, *texts: str):
    for text in texts:
        state = E.play(state, text)
    return state


def board_of(state) -> str:
    return E.to_position(state).split()[0]


# ---- registry, start -----------------------------------------------------------------------------
def test_registry_and_start_position() -> None:
    """PL-10.2: the start position; Black (seat 0) acts first."""
    assert get_engine("plateau") is E
    state = E.new_game(2, seed=3)
    assert E.to_position(state) == START
    assert E.to_move(state) == 0
    assert E.outcome(state) is None
    assert E.options["repetition_draw"].default is True
    assert E.options["max_plies"].default == 400


# ---- worked examples (PL-11) ---------------------------------------------------------------------
def test_example_1_opening() -> None:
    """PL-11 ex. 1 (PL-2.2, PL-9.3a, PL-9.5, PL-10.3): opening, public record and views."""
    start = E.new_game(2)
    with pytest.raises(IllegalMoveError, match=r"PL-2.2.*Ace"):
        E.play(start, "+rb.br@a1")  # one Ace only
    with pytest.raises(IllegalMoveError, match=r"PL-2.2.*perimeter"):
        E.play(start, "+xx.xx@b2")
    m1 = E.parse_move(start, "+xx.rb@a1")
    assert E.public_move(start, m1) == "+??.r?@a1"
    after1 = E.apply(start, m1)
    m2 = E.parse_move(after1, "+xo.xx@d4")
    assert E.public_move(after1, m2) == "+??.x?@d4"
    state = E.apply(after1, m2)
    assert E.to_position(state) == (
        "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"
    )
    assert E.view_notation(state, 0) == "3,W??.WX?/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx #10 - - 2"
    assert E.view_notation(state, None) == "3,W??.WX?/4/4/B??.BR?,3 B turn #10 #10 - - 2"
    assert E.view(state, None)["last_move"] == "+??.x?@d4"
    assert E.view(state, 1)["last_move"] == "+??.x?@d4"  # the view always carries the public form


def _example_2():
    return play(E.new_game(2), "+xx.rb@a1", "+xo.xx@d4")


def test_example_2_first_turn() -> None:
    """PL-11 ex. 2 (PL-4.1, PL-5.2-5.4): 168 moves = 153 onboards + 15 listed moves."""
    state = _example_2()
    moves = moves_of(state)
    assert len(moves) == 168
    # 14 empty squares + a1 at levels 0, 1, 2 = 17 places, times 9 piece/face choices
    assert sum(m.startswith("+") for m in moves) == 17 * 9
    assert stack_moves_of(state) == sorted(
        [
            "*a1:1-b2", "*a1:1-c3", "*a1:2-b2", "*a1:2-b2:1-c3", "*a1:2-c3", "a1:1-a2", "a1:1-a3", "a1:1-b1",
            "a1:1-c1", "a1:2-a2", "a1:2-a2:1-a3", "a1:2-a3", "a1:2-b1", "a1:2-b1:1-c1", "a1:2-c1",
        ]
    )
    with pytest.raises(IllegalMoveError, match=r"PL-5.3.*orthogonal"):
        E.play(state, "a1:1-b2")
    assert board_of(E.play(state, "a1:1-a2")) == "3,Wxo.WXx/4/BRb,3/BXx,3"
    assert board_of(E.play(state, "*a1:1-b2")) == "3,Wxo.WXx/4/1,BBR,2/BXx,3"


def test_example_3_onboard_levels() -> None:
    """PL-11 ex. 3 (PL-4.1): onboarding touches an own piece; the level decides."""
    black = pos("4/4/2,WRr.BXx,1/4 B turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.4xx - - 9")
    assert [m for m in moves_of(black) if m.startswith("+rr@c2")] == ["+rr@c2", "+rr@c2:1"]
    with pytest.raises(IllegalMoveError, match=r"PL-4.1"):
        E.play(black, "+rr@c2:0")
    white = pos("4/4/2,WRr.BXx,1/4 W turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.4xx - - 9")
    assert [m for m in moves_of(white) if m.startswith("+rr@c2")] == ["+rr@c2:0", "+rr@c2:1"]
    with pytest.raises(IllegalMoveError, match=r"PL-4.1"):
        E.play(white, "+rr@c2")
    # PL-10.4: an explicit top level is accepted and means the same move
    assert E.parse_move(black, "+RR @ c2:2") == E.parse_move(black, "+rr@c2")
    # PL-9.3 (b): the piece directly below the onboarded one shows its up face
    after = E.play(white, "+rr@c2:1")
    assert board_of(after) == "4/4/2,WRr.WRr.BXx,1/4"
    # an empty square has no stack to go into: the refusal says so (it said "a level from 0 to 0, not 1")
    with pytest.raises(IllegalMoveError) as empty:
        E.play(black, "+rr@a1:1")
    assert empty.value.code == "onboard_level_empty" and empty.value.facts == {"square": "a1", "level": 1}
    assert E.parse_move(black, "+rr@a1:0") == E.parse_move(black, "+rr@a1")  # level 0 of nothing: on it


EX4 = "4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.bx.2rr.2bb.xx - - 15"


def test_example_4_pins_and_origin_exception() -> None:
    """PL-11 ex. 4 (PL-5.3, PL-5.5, PL-5.6): a blank remainder may stay at the origin; pins need markers."""
    state = pos(EX4)
    after = E.play(state, "a1:3-a2:2-a3:1-a4")
    assert board_of(after) == "WXx,3/WXx,1,BRr,1/BXx.WRx,3/BXx.WXx,3"
    with pytest.raises(IllegalMoveError, match=r"PL-5.5"):
        E.play(state, "a1:3-a2:1-a3")
    with pytest.raises(IllegalMoveError, match=r"PL-5.6"):
        E.play(state, "a1:4-a2")
    with pytest.raises(IllegalMoveError, match=r"PL-5.6"):
        E.play(state, "a1:2-c3")
    assert "a1:3-c3:2-d4" in moves_of(state)
    E.play(state, "a1:3-c3:2-d4")


def test_example_5_pick_up_and_capture_count() -> None:
    """PL-11 ex. 5 (PL-5.5 pick-up, PL-6.2): lands with 3, captures 3 enemies skipping its own piece."""
    state = pos("4/BXx.WXx.BXx.BRr,3/WXx,3/WXx.WRr,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.xx - - 15")
    after = E.play(state, "a1:2-a2:3-a3")
    assert board_of(after) == "4/WXx.WXx.WXx.WRr,3/4/4"
    assert E.to_position(after).split()[6] == "rr.2xx"


def test_example_6_blank_passes_through() -> None:
    """PL-11 ex. 6 (PL-5.5, PL-5.6): a blank-topped group drops a marker-topped part and goes on."""
    state = pos("2,WBb,1/4/1,WXx,2/1,BRr.BXx,2 B turn rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.2rr.bb.3xx - - 12")
    moves = moves_of(state)
    assert "b1:2-b2:1-b3" in moves and "b1:2-c2:1-d3" in moves
    assert "b1:1-b2" not in moves and "b1:2-b2" not in moves
    assert board_of(E.play(state, "b1:2-b2:1-b3")) == "2,WBb,1/1,BXx,2/1,WXx.BRr,2/4"


def test_example_7_range_n() -> None:
    """PL-11 ex. 7 (PL-5.4, PL-6): N = 3 reaches a4 with one piece, which captures one Mute."""
    state = pos("WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.2rr.2bb.2xx - - 12")
    assert E.to_position(E.play(state, "a1:1-a4")) == (
        "WXx.BRr,3/4/4/BXx.BXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.2rr.2bb.2xx xx - 13"
    )


def test_example_8_stomp_versus_own_pin() -> None:
    """PL-11 ex. 8 (PL-5.8, PL-6.1): the capture count is the top unit on the landing square."""
    state = pos("4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx rb.ox.rx.bx.rr.2bb.3xx - - 12")
    stomp = E.play(state, "a2!")
    assert board_of(stomp) == "4/4/WRr.BBb,3/BRr,3"
    assert E.to_position(stomp).split()[5] == "xx"
    moved = E.play(state, "a1:1-a2")
    assert board_of(moved) == "4/4/BBb.BRr,3/4"
    assert E.to_position(moved).split()[5] == "rr.xx"


def test_example_9_sandwich() -> None:
    """PL-11 ex. 9 (PL-6.2): capture, skip own piece, capture."""
    state = pos("4/2,WXx.BXx.WRr,1/4/2,BXx.BRr,1 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.3xx - - 12")
    after = E.play(state, "c1:2-c3")
    assert board_of(after) == "4/2,BXx.BXx.BRr,1/4/4"


EX10 = "4/4/1,WRr,1,WXx/1,BXx.BOx,2 B turn rb.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.3xx - - 12"


def test_example_10_twister_complete_list() -> None:
    """PL-11 ex. 10 (PL-5.7): b1's complete move list, unflipped and flipped to blank."""
    state = pos(EX10)
    moves = moves_of(state)
    assert [m for m in moves if m.startswith("b1")] == (
        ["b1:1-a3", "b1:1-c3", "b1:1-d2", "b1:2-a3", "b1:2-c1:1-d2", "b1:2-c3", "b1:2-d2"]
    )
    # flipped to blank (N = 2, any direction): counted by hand in the docstring of PL-11 ex. 10:
    # a1 (2), c1/d1 (5), b2 blocked but b3 (2), a2 (2), c2/d3 (5) = 16
    flipped = [m for m in moves if m.startswith("*b1")]
    assert flipped == sorted(
        [
            "*b1:1-a1", "*b1:2-a1", "*b1:1-c1", "*b1:1-d1", "*b1:2-c1", "*b1:2-d1", "*b1:2-c1:1-d1", "*b1:1-b3",
            "*b1:2-b3", "*b1:1-a2", "*b1:2-a2", "*b1:1-c2", "*b1:1-d3", "*b1:2-c2", "*b1:2-d3", "*b1:2-c2:1-d3",
        ]
    )
    with pytest.raises(IllegalMoveError, match=r"PL-5.5"):
        E.play(state, "b1:2-b2:1-c3")
    # the Twister lands on d2 (White's Mute) and captures it
    assert E.to_position(E.play(state, "b1:1-d2")).split()[5] == "xx"


EX11 = "3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30"


def test_example_11_exchange() -> None:
    """PL-11 ex. 11 (PL-7.1-7.4): tender, reply >= m, completion, refusal raises the bar."""
    state = pos(EX11)
    tendered = E.play(state, "tender:rr")
    assert E.to_position(tendered).split()[1:3] == ["W", "reply:rr"]
    assert moves_of(tendered) == ["return:bb", "return:rx", "return:rx.bb"]  # t = 5, m = 4
    with pytest.raises(IllegalMoveError, match=r"PL-7.2"):
        E.play(tendered, "refuse")
    done = E.play(tendered, "return:bb")
    assert E.to_position(done) == (
        "3,WXx/4/4/BXx,3 W turn rb.ox.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.xx 2xx rx 32"
    )
    cheap = E.play(state, "tender:xx")  # t = 1, m = 0
    assert moves_of(cheap) == ["refuse", "return:bb", "return:rx", "return:rx.bb"]
    refused = E.play(cheap, "refuse")
    assert E.to_position(refused).split()[1:3] == ["B", "refused:1"]
    tenders = [m for m in moves_of(refused) if m.startswith("tender")]
    assert tenders == ["tender:2xx", "tender:rr", "tender:rr.2xx", "tender:rr.xx"]
    with pytest.raises(IllegalMoveError, match=r"PL-7.4"):
        E.play(refused, "tender:xx")
    # each refusal raises the bar: a refused 2xx leaves only tenders worth more than 2
    again = play(refused, "tender:2xx", "refuse")
    assert E.to_position(again).split()[2] == "refused:2"
    assert [m for m in moves_of(again) if m.startswith("tender")] == ["tender:rr", "tender:rr.2xx", "tender:rr.xx"]


def test_example_12_buried_six() -> None:
    """PL-11 ex. 12 (PL-8.1): six consecutive own pieces anywhere in a stack win."""
    state = pos("4/4/4/BXx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx rb.ox.rx.bx.rr.2bb.4xx - - 30")
    after = E.play(state, "+xx@a1:5")
    assert E.outcome_text(after) == "winner 0 (stack)"
    outcome = E.outcome(after)
    assert outcome.winners == (0,) and outcome.placements == (1, 2) and not outcome.draw
    assert E.legal_moves(after) == []
    assert E.to_move(after) is None


# ---- perft (PL-10.7) --------------------------------------------------------------------------------
def test_perft_1_and_2() -> None:
    """PL-10.7: 1,260 and 1,455,300 from the start."""
    start = E.new_game(2)
    assert E.perft(start, 1) == 1260 == 12 * 105
    assert len(E.legal_moves(start)) == 1260
    assert E.perft(start, 2) == 1_455_300


def test_perft_matches_generic_perft_in_the_middle() -> None:
    """The bulk-counting perft equals the base class's move-by-move perft."""
    state = _example_2()
    from engines.base import Engine

    assert E.perft(state, 2) == Engine.perft(E, state, 2)


# ---- a hand-checked middle position with a pin and a pick-up ---------------------------------------
PIN = "4/4/BRr,WRr,2/WBb.WXx,BXx,2 W turn rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.rr.bb.3xx - - 20"


def test_hand_checked_position_with_pins_and_pick_ups() -> None:
    """PL-4.1, PL-5.3-5.6 counted by hand.

    White: a1 = WBb.WXx (Mute on top: N = 2, blank, no flip), b2 = WRr (N = 1, red).
    Black: a2 = BRr, b1 = BXx.
    a1 up (a2 enemy, a3 empty): a1:1-a3, a1:2-a3, a1:2-a2:1-a3 (WBb pins BRr: blue marker).
    a1 right (b1 enemy, c1 empty): a1:1-c1, a1:2-c1, a1:2-b1:1-c1.
    a1 diagonal (b2 own with 1 piece, c3 empty): k=1: a1:1-b2, a1:1-c3, a1:1-b2:2-c3 (pick-up);
    k=2: a1:2-b2, a1:2-c3, a1:2-b2:1-c3, a1:2-b2:3-c3.  No stomp (blank on top).
    b2 (red, N = 1): a2, b1 (enemy: red may land), b3, c2.  No stomp (nothing below).
    Onboards: 12 empty squares + a1 levels 0-2 + b2 levels 0-1 = 17 places x 11 choices = 187.
    """
    state = pos(PIN)
    expected = sorted(
        [
            "a1:1-a3", "a1:2-a3", "a1:2-a2:1-a3", "a1:1-c1", "a1:2-c1", "a1:2-b1:1-c1", "a1:1-b2", "a1:1-c3",
            "a1:1-b2:2-c3", "a1:2-b2", "a1:2-c3", "a1:2-b2:1-c3", "a1:2-b2:3-c3", "b2:1-a2", "b2:1-b1", "b2:1-b3",
            "b2:1-c2",
        ]
    )
    assert stack_moves_of(state) == expected
    assert len(moves_of(state)) == 187 + 17
    assert E.count_moves(state) == 187 + 17
    pinned = E.play(state, "a1:2-a2:1-a3")
    assert board_of(pinned) == "4/WXx,3/BRr.WBb,WRr,2/1,BXx,2"
    with pytest.raises(IllegalMoveError, match=r"PL-5.6"):
        E.play(state, "a1:1-a2")
    with pytest.raises(IllegalMoveError, match=r"PL-5.5"):
        E.play(state, "a1:2-b2:2-c3")  # j = g: neither drops nor picks up
    picked = E.play(state, "a1:2-b2:3-c3")
    assert board_of(picked) == "4/2,WRr.WBb.WXx,1/BRr,3/1,BXx,2"
    # the pinned Black Red (under WBb) cannot move: Black controls only b1
    assert all(m.startswith(("+", "b1")) for m in moves_of(pinned))


# ---- rules in detail ----------------------------------------------------------------------------------
def test_flip_reveals_both_faces_and_the_piece_below() -> None:
    """PL-9.3 (c): a flip makes both faces public, and the up face of the piece directly below."""
    state = pos("4/4/4/Bxb.WXx.Bxx.BRx,3 B turn rb.ox.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.3xx - - 8")
    after = E.play(state, "*a1:1-a2")  # BRx flipped: both faces public; the hidden Mute below shows X
    assert board_of(after) == "4/4/BXR,3/Bxb.WXx.BXx,3"
    # PL-9.3 (e): the stomp (unit 2) captures WXx; the piece that lay directly below it shows its up face
    stomp = E.play(state, "a1!")
    assert board_of(stomp) == "4/4/4/BXb.Bxx.BRx,3"
    assert E.view_notation(stomp, 1).split()[0] == "4/4/4/BX?.B??.BR?,3"


def test_capture_is_compulsory_and_counted_by_the_top_unit() -> None:
    """PL-6.1/6.2: the landing unit includes own pieces below the group; a blank top never captures."""
    state = pos("4/4/WXx.BXx.WBb.BXx,3/BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.2rr.bb.3xx - - 8")
    after = E.play(state, "a1:1-a2")  # U = BXx + BRr = 2: captures WBb, skips BXx, captures WXx
    assert board_of(after) == "4/4/BXx.BXx.BRr,3/4"
    assert E.to_position(after).split()[5] == "bb.xx"
    blank = pos("4/4/WRr.BXx,3/BXx,3 B turn rb.ox.rx.bx.2rr.2bb.2xx rb.ox.rx.bx.rr.2bb.4xx - - 8")
    assert E.to_position(E.play(blank, "a1:1-a2")).split()[5] == "-"  # blank top: no capture


def test_stomp_rules() -> None:
    """PL-5.8: a stomp needs a marker on top and enemies under the top unit; flips allowed first."""
    state = pos("4/4/4/WXx.BXr,3 B turn rb.ox.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.3xx - - 8")
    assert "a1!" not in moves_of(state)  # blank up
    assert "*a1!" in moves_of(state)  # flipped to red
    with pytest.raises(IllegalMoveError, match=r"PL-5.8"):
        E.play(state, "a1!")
    lone = pos("4/4/4/BRr,3 B turn rb.ox.rx.bx.rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 8")
    with pytest.raises(IllegalMoveError, match=r"PL-5.8"):
        E.play(lone, "a1!")


def test_flip_needs_a_face_change() -> None:
    """PL-5.2: Red, Blue and Mute cannot be flipped."""
    state = pos("4/4/4/BRr,3 B turn rb.ox.rx.bx.rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 8")
    with pytest.raises(IllegalMoveError, match=r"PL-5.2"):
        E.play(state, "*a1:1-a2")


def test_omitted_lift_means_n() -> None:
    """PL-10.4: ``a1-a3`` means k = N."""
    state = _example_2()
    assert E.parse_move(state, "a1-a3") == E.parse_move(state, "a1:2-a3")
    assert E.parse_move(state, " A1 : 2 - A2 : 1 - A3 ") == E.parse_move(state, "a1:2-a2:1-a3")


def test_tender_needs_prisoners_on_both_sides() -> None:
    """PL-7.1 (ruling): no tender to a player without prisoners."""
    state = pos("3,WXx/4/4/BXx,3 B turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx - 30")
    assert not [m for m in moves_of(state) if m.startswith("tender")]
    with pytest.raises(IllegalMoveError, match=r"PL-7.1"):
        E.play(state, "tender:rr")
    with pytest.raises(IllegalMoveError, match=r"PL-7.1"):
        E.play(pos(EX11), "tender:rb")  # not held


def test_reply_phase_allows_only_replies() -> None:
    """PL-7.1: the opponent must reply at once."""
    state = E.play(pos(EX11), "tender:rr")
    for text in ("+xx@a1", "d4:1-d3", "pass", "tender:bb"):
        with pytest.raises(IllegalMoveError, match=r"PL-7.2"):
            E.play(state, text)


BURIED = "4/4/4/BXx.BRr.WXx,BXx.BBb.WXx,BXx.BBb.BXx.WXx,1"
PASS_POS = f"{BURIED} B turn - rb.ox.rx.bx.2rr.2bb.xx - rb.ox.rx.bx.rr 40"


def test_pass_when_no_action() -> None:
    """PL-3.2: Black controls nothing, has no reserve and cannot tender: the only move is pass."""
    state = pos(PASS_POS)
    assert moves_of(state) == ["pass"]
    after = E.play(state, "pass")
    assert E.to_position(after).split()[1:3] == ["W", "turn"]
    assert E.outcome(after) is None
    with pytest.raises(IllegalMoveError, match=r"PL-3.2"):
        E.play(after, "pass")


def test_refused_tenderer_passes_when_nothing_else() -> None:
    """PL-7.4: after a refusal, with nothing else to do, the tenderer passes; the opponent gets a turn."""
    state = pos(f"{BURIED} B refused:1 - rb.ox.rx.bx.2rr.2bb xx rb.ox.rx.bx.rr 40")
    assert moves_of(state) == ["pass"]
    assert E.to_position(E.play(state, "pass")).split()[1:3] == ["W", "turn"]


def test_no_moves_draw_precedence() -> None:
    """PL-8.4/PL-8.6: with no action for either side the judge says draw (no moves).

    No valid position reaches it (a player who controls a stack can always move a blank group to
    an adjacent empty or own-topped square, and a player with no stack, reserve or tender leaves
    the opponent free squares), so the judge is exercised directly on a made-up board.
    """
    board = tuple(() for _ in range(16))
    result, history, marks = P._judge(board, 0, P.PHASE_TURN, P.ZERO7, 0, (P.ZERO7, P.ZERO7), (P.ZERO7, P.ZERO7),
                                      5, 1, range(16), (), (0, 0), True, 400)  # fmt: skip
    assert result == "draw (no moves)"
    assert len(history) == 1 and marks == P._marks(history) and marks[1] == 0  # one position: no bucket hit twice
    result, *_ = P._judge(board, 0, P.PHASE_TURN, P.ZERO7, 0, (P.ZERO7, P.ZERO7), (P.ZERO7, P.ZERO7),
                          400, 1, range(16), (), (0, 0), True, 400)  # fmt: skip
    assert result == "draw (ply limit)"  # PL-8.6: the ply limit comes first


def test_win_by_prisoners_and_simultaneous_wins() -> None:
    """PL-8.1 (6 prisoners), PL-8.2 (both qualify: the player who acted; loaded: not to act)."""
    state = pos("4/4/4/WXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.4xx rr.2bb.3xx rb.ox.rx.bx.rr - 20")
    after = E.play(state, "a1!")
    assert E.outcome_text(after) == "winner 0 (prisoners)"
    # both qualify in a loaded position: the player not to act (White, as Black is to act) wins
    both = pos("4/4/4/BXx.BXx.BXx.BXx.BRr.BRr,3 B turn - rb.ox.rx.bx.2rr.2bb.4xx - rb.ox.rx.bx.2bb 20")
    assert E.outcome_text(both) == "winner 1 (prisoners)"
    assert E.outcome(both).placements == (2, 1)
    assert E.legal_moves(both) == []


def test_repetition_draw_and_option() -> None:
    """PL-8.3: the third occurrence of a position (ply aside) draws; the option turns it off."""
    text = "3,WRr/4/4/BRr,3 B turn rb.ox.rx.bx.rr.2bb.4xx rb.ox.rx.bx.rr.2bb.4xx - - 10"
    cycle = ("a1:1-a2", "d4:1-d3", "a2:1-a1", "d3:1-d4")
    state = play(pos(text), *cycle)
    assert E.outcome(state) is None  # second occurrence
    state = play(state, *cycle[:3])
    assert E.outcome(state) is None
    state = E.play(state, cycle[3])
    assert E.outcome_text(state) == "draw (repetition)"
    assert E.outcome(state).draw and E.outcome(state).placements == (1, 1)
    # the history survives JSON
    mid = play(pos(text), *cycle, *cycle[:3])
    assert E.outcome_text(E.play(E.from_json(json.loads(json.dumps(E.to_json(mid)))), cycle[3])) == "draw (repetition)"
    off = play(pos(text, repetition_draw=False), *cycle, *cycle)
    assert E.outcome(off) is None


def test_ply_limit() -> None:
    """PL-8.5: max_plies draws at that ply; 0 is off; a loaded position is judged at once."""
    state = play(E.new_game(2, options={"max_plies": 3}), "+xx.rb@a1", "+xo.xx@d4")
    assert E.outcome(state) is None
    assert E.outcome_text(E.play(state, "a1:1-a2")) == "draw (ply limit)"
    assert E.outcome_text(pos(EX11, max_plies=30)) == "draw (ply limit)"
    assert E.outcome(pos(EX11, max_plies=0)) is None
    with pytest.raises(Exception, match=r"max_plies"):
        E.new_game(2, options={"max_plies": -1})


# ---- notation ---------------------------------------------------------------------------------------
def test_position_input_is_tolerant_and_output_canonical() -> None:
    """PL-10.1: split empty runs and any type order are read; the output is canonical."""
    state = pos("2,2/4/4/1,1,1,1 B open xx.rb.ox.rx.bx.rr.rr.bb.bb.xx.xx.xx 4xx.2bb.2rr.bx.rx.ox.rb - - 0")
    assert E.to_position(state) == START


@pytest.mark.parametrize(
    "text, why",
        [
        ("4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.3xx - - 0", "12 pieces"),
        ("4/4/4/Bxx,3 B turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "up face public"),
        ("4/4/4/BRo,3 B turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "no piece"),
        ("4/4/4/4 X open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "side"),
        ("4/4/4/4 B later rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "phase"),
        ("4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "4 ranks"),
        ("5/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "rank"),
        ("4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - x", "ply"),
        ("4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - -", "8 fields"),
        ("4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xr rb.ox.rx.bx.2rr.2bb.4xx - - 0", "not a type"),
        ("3,WXx/4/4/BXx,3 W reply:rb rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30", "tender"),
        ("3,W??.WX?/4/4/B??.BR?,3 B turn #10 #10 - - 2", "piece"),
        ("4/4/1,BXx.BRr,2/4 W open rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.4xx - - 1", "opening"),
        # a digit other than 0-9 ("²".isdigit() is true) is no number of the notation: said as such, not as
        # Python's "invalid literal for int()"
        ("²,2/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0", "'²' is not a piece"),
        ("4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - ²", "ply"),
    ],
)
def test_bad_positions(text: str, why: str) -> None:
    """PL-10.1: invalid position strings are rejected with a PositionError naming the problem."""
    with pytest.raises(PositionError, match=why):
        E.from_position(text)


def test_move_formats_round_trip_and_sorting() -> None:
    """PL-10.4/10.5: canonical strings, sorted in plain character order, parse back to the move."""
    for state in (E.new_game(2), _example_2(), pos(EX4), pos(EX10), E.play(pos(EX11), "tender:xx")):
        moves = E.legal_moves(state)
        texts = [E.format_move(state, m) for m in moves]
        assert texts == sorted(texts)
        assert len(set(texts)) == len(texts)
        for move, text in zip(moves, texts):
            assert E.parse_move(state, text) == move
            assert text == text.lower() and " " not in text


def test_type_lists_in_moves_are_tolerant() -> None:
    """PL-10.4: type lists in any order or spelled out."""
    state = pos(EX11)
    assert E.parse_move(state, "tender: xx.rr.xx") == E.parse_move(state, "tender:rr.2xx")
    with pytest.raises(InvalidMoveError, match=r"not a type"):
        E.parse_move(state, "tender:xr")


@pytest.mark.parametrize(
    "text",
    ["", "hello", "+xx@e1", "+ro@a1", "a1:2-", "a1:-a2", "+??.r?@a1", "tender:", "tender:-", "a1!!", "+xx.rb.rr@a1",
     "tender:0xx", "a5:1-a3", "return:qq", "12"],
)  # fmt: skip
def test_malformed_moves(text: str) -> None:
    """Not notation: InvalidMoveError, state unchanged."""
    state = _example_2()
    before = E.to_json(state)
    with pytest.raises(InvalidMoveError):
        E.parse_move(state, text)
    assert E.to_json(state) == before


@pytest.mark.parametrize(
    "text, rule",
        [
        ("d4:1-d3", "PL-5.1"),  # White's stack, Black to move
        ("c3:1-c4", "PL-5.1"),  # empty square
        ("a1:3-a2", "PL-5.3"),  # k > N
        ("a1:1-a4", "PL-5.4"),  # beyond N (N = 2)
        ("a1:2-b3", "PL-5.4"),  # not on a line
        ("a1:2-a3:1-a2", "PL-5.4"),  # stops must go outward
        ("a1:2-a2:2-a3", "PL-5.5"),  # j = g
        ("+xx.rb@a2", "PL-2.2"),  # the opening is over
        ("+rb@b3", "PL-4.1"),  # no Ace in reserve
        ("return:rr", "PL-7.2"),  # no tender
        ("tender:rr", "PL-7.1"),  # no prisoners
    ],
)
def test_illegal_moves_name_their_rule(text: str, rule: str) -> None:
    """Notation but against the rules: IllegalMoveError naming the rule; the state is unchanged."""
    state = _example_2()
    before = E.to_json(state)
    with pytest.raises(IllegalMoveError, match=rule):
        E.play(state, text)
    assert E.to_json(state) == before


def test_finished_game_refuses_moves() -> None:
    """PL-8.6: a finished game has no legal moves and refuses any."""
    state = pos("4/4/4/BXx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx rb.ox.rx.bx.rr.2bb.4xx - - 30")
    over = E.play(state, "+xx@a1:5")
    with pytest.raises(IllegalMoveError, match=r"over"):
        E.play(over, "+rb@b2")
    with pytest.raises(IllegalMoveError, match=r"over"):
        E.random_move(over, random.Random(1))


def test_apply_rejects_non_moves() -> None:
    state = _example_2()
    for junk in (None, (), (99,), ("x",), (P.K_MOVE, False, 0), (P.K_ONBOARD, 99, 0, "xx"), (P.K_TENDER, (1,))):
        with pytest.raises(MoveError):
            E.apply(state, junk)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="abcdrox+-.@:!*?12345 tenderpasfu", max_size=16))
def test_junk_text_is_a_move_error(text: str) -> None:
    """Random junk: only MoveError subclasses, never another exception; state unchanged."""
    state = pos(EX11)
    before = E.to_position(state)
    with contextlib.suppress(MoveError):
        E.play(state, text)
    assert E.to_position(state) == before


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="BWrboxRBOX.,/0123456789 -#?turnopefsdly:", max_size=60))
def test_junk_positions_are_position_errors(text: str) -> None:
    with contextlib.suppress(PositionError):
        E.from_position(text)


# ---- an independent reference generator ------------------------------------------------------------
def _ref_moves(state) -> set[str]:
    """Every legal non-onboard action, written straight from PL-5 on the piece lists (slow, simple)."""
    board, p = state.board, state.side
    out: set[str] = set()

    def owner(x: int) -> int:
        return x & 1

    def unit(stack) -> int:
        n = 0
        while n < len(stack) and owner(stack[-1 - n]) == p:
            n += 1
        return n

    def walk(prefix: str, squares: list[int], group: tuple, marker: bool) -> None:
        for i, sq in enumerate(squares):
            t = board[sq]
            enemy = bool(t) and owner(t[-1]) != p
            if not enemy or marker:
                out.add(f"{prefix}-{P.NAMES[sq]}")
            if i == len(squares) - 1:
                continue
            combined = t + group
            u = unit(combined)
            for j in range(1, u + 1):
                if j == len(group):
                    continue
                if enemy and P.P_UP[group[len(group) - j - 1]] == P.BLANK:
                    continue
                walk(f"{prefix}-{P.NAMES[sq]}:{j}", squares[i + 1 :], combined[-j:], marker)

    for origin, s in enumerate(board):
        if not s or owner(s[-1]) != p:
            continue
        n = unit(s)
        top = s[-1]
        faces = [(False, P.P_UP[top])] + ([(True, P.P_DOWN[top])] if P.P_UP[top] != P.P_DOWN[top] else [])
        for flip, face in faces:
            star = "*" if flip else ""
            if face != P.BLANK and n < len(s):
                out.add(f"{star}{P.NAMES[origin]}!")
            f0, r0 = origin % 4, origin // 4
            for k in range(1, n + 1):
                group = s[-k:]
                prefix = f"{star}{P.NAMES[origin]}:{k}"
                if face == P.ORANGE:
                    for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
                        if 0 <= f0 + df < 4 and 0 <= r0 + dr < 4:
                            mid = (f0 + (df // 2 if abs(df) == 2 else 0)) + 4 * (r0 + (dr // 2 if abs(dr) == 2 else 0))
                            walk(prefix, [mid, f0 + df + 4 * (r0 + dr)], group, True)
                            out.discard(f"{prefix}-{P.NAMES[mid]}")  # must land on F
                    continue
                dirs = {P.RED: [(1, 0), (-1, 0), (0, 1), (0, -1)], P.BLUE: [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
                for df, dr in dirs.get(face, dirs[P.RED] + dirs[P.BLUE]):
                    squares = []
                    f, r = f0 + df, r0 + dr
                    while 0 <= f < 4 and 0 <= r < 4 and len(squares) < n:
                        squares.append(f + 4 * r)
                        f, r = f + df, r + dr
                    walk(prefix, squares, group, face != P.BLANK)
    return out


def _random_states(games: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        state = E.new_game(2)
        while E.outcome(state) is None:
            yield state
            state = E.apply(state, E.random_move(state, rng))
        yield state


def test_generator_matches_reference_and_counts() -> None:
    """The fast generator (codes, closed-form counts, memo) agrees with the plain reference."""
    checked = 0
    for i, state in enumerate(_random_states(25, 11)):
        if E.outcome(state) is not None or state.phase not in (P.PHASE_TURN, P.PHASE_REFUSED) or i % 3:
            continue
        texts = moves_of(state)
        stack = {t for t in texts if not t.startswith(("+", "tender", "pass"))}
        assert stack == _ref_moves(state), E.to_position(state)
        assert E.count_moves(state) == len(texts)
        checked += 1
    assert checked > 100


@pytest.mark.slow
def test_fast_paths_equal_the_plain_rules_over_thousands_of_positions() -> None:
    """One rule, one place (issue 13): PL-5.4-5.6 are stated in the closed-form counts
    (``count_moves``, the uniform ``random_move``), the generator and ``apply``; over thousands of
    positions of seeded random games the counts equal the generator, the generator equals the
    plain reference written from PL-5, and each generated move applies."""
    rng = random.Random(2)
    checked = 0
    for state in _random_states(60, 23):
        if E.outcome(state) is not None or state.phase not in (P.PHASE_TURN, P.PHASE_REFUSED):
            continue
        legal = E.legal_moves(state)
        texts = [E.format_move(state, m) for m in legal]
        assert E.count_moves(state) == len(texts)
        assert {t for t in texts if not t.startswith(("+", "tender", "pass"))} == _ref_moves(state)
        for move in rng.sample(legal, min(3, len(legal))):
            E.apply(state, move)
        checked += 1
        if checked == 2000:
            break
    assert checked >= 2000


def test_apply_accepts_exactly_the_legal_moves() -> None:
    """Random candidate moves (legal or not) apply iff they are in legal_moves."""
    rng = random.Random(7)
    tried = accepted = 0
    for i, state in enumerate(_random_states(15, 5)):
        if E.outcome(state) is not None or i % 4:
            continue
        legal = set(E.legal_moves(state))
        for _ in range(30):
            origin = rng.randrange(16)
            k = rng.randrange(1, 4)
            stops = tuple((rng.randrange(16), rng.randrange(1, 4)) for _ in range(rng.randrange(3)))
            choice = rng.random()
            move: P.PlateauMove
            if choice < 0.5:
                move = P.StackMove(P.K_MOVE, rng.random() < 0.3, origin, k, stops, rng.randrange(16))
            elif choice < 0.7:
                move = P.StompMove(P.K_STOMP, rng.random() < 0.5, origin)
            elif choice < 0.9:
                move = P.OnboardMove(P.K_ONBOARD, origin, rng.randrange(4), rng.choice(P.CHOICES))
            else:
                move = P.TenderMove(P.K_TENDER, tuple(rng.randrange(2) for _ in range(7)))
            try:
                E.apply(state, move)
                ok = True
            except MoveError:
                ok = False
            tried += 1
            accepted += ok
            assert ok == (move in legal), (E.to_position(state), move)
    assert tried > 500 and accepted > 10


# ---- seeded random playouts ----------------------------------------------------------------------------
def _count_pieces(state) -> tuple[list[int], list[int]]:
    counts = [[0] * 7, [0] * 7]
    for s in state.board:
        for p in s:
            counts[p & 1][P.P_TYPE[p]] += 1
    for q in (0, 1):
        for i in range(7):
            counts[q][i] += state.reserves[q][i] + state.prisoners[1 - q][i]
    return counts


def test_random_playouts_invariants() -> None:
    """Hundreds of seeded games: 24 pieces accounted for, top faces public, round trips, replay."""
    rng = random.Random(2024)
    finished = {}
    for game in range(200):
        options = {"max_plies": rng.choice([400, 60])} if game % 2 else None
        start = E.new_game(2, seed=game, options=options)
        state, record = start, []
        while E.outcome(state) is None:
            move = E.random_move(state, rng)
            text = E.format_move(state, move)
            assert E.parse_move(state, text) == move
            record.append(text)
            before, before_text = state, E.to_position(state)
            state = E.apply(state, move)
            assert E.to_position(before) == before_text  # the input is untouched
            assert _count_pieces(state) == [list(P.FULL_SET), list(P.FULL_SET)]
            assert all(s[-1] & P.UP_PUB for s in state.board if s)  # PL-9.3: every top is public
            if game < 40 or state.ply % 7 == 0:
                assert E.from_json(json.loads(json.dumps(E.to_json(state)))) == state
                assert E.to_position(E.from_position(E.to_position(state))) == E.to_position(state)
            assert state.ply == len(record)
        finished[E.outcome_text(state)] = finished.get(E.outcome_text(state), 0) + 1
        again = start
        for text in record:
            again = E.play(again, text)
        assert again == state
    assert sum(finished.values()) == 200
    assert any(text.startswith("winner") for text in finished)


def test_random_move_is_uniform_over_legal_moves() -> None:
    """random_move draws each legal move with equal odds (chi-square style bound)."""
    state = pos(PIN)
    legal = E.legal_moves(state)
    rng = random.Random(3)
    draws = 40 * len(legal)
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        counts[E.random_move(state, rng)] += 1
    assert set(counts) == set(legal)
    assert min(counts.values()) > 10 and max(counts.values()) < 80


# ---- command line ----------------------------------------------------------------------------------------
def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engines", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_view_moves_play() -> None:
    """DESIGN: ``python -m engines view|moves|play plateau`` (PL-10.3 view notation of example 1)."""
    position = "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"
    proc = _cli("view", "plateau", position, "0")
    assert proc.returncode == 0
    assert proc.stdout.strip() == "3,W??.WX?/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx #10 - - 2"
    proc = _cli("view", "plateau", position)
    assert proc.stdout.strip() == "3,W??.WX?/4/4/B??.BR?,3 B turn #10 #10 - - 2"
    proc = _cli("moves", "plateau", EX10)
    assert "b1:2-c1:1-d2" in proc.stdout.split()
    proc = _cli("play", "plateau", EX11, "tender:rr", "return:bb")
    assert proc.stdout.splitlines() == [
        "3,WXx/4/4/BXx,3 W turn rb.ox.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.xx 2xx rx 32",
        "outcome: none",
    ]
    proc = _cli("perft", "plateau", "1")
    assert proc.stdout.strip() == "1260"


# ---- errors that tell the truth (issue 13) --------------------------------------------------------
@pytest.mark.parametrize("move", [
    None, (), [0, 1, "rb", "rb"], (99,), (True,), ("open",), (0, 1, "rb"), (2, False, 0, 1, ((1, 1, 1),), 2),
    (2, False, 0, 1, [(1, 1)], 2), (1, 0, 0, ["r", "b"]), (4, (1, 2)), (5, "bb"),
])
def test_malformed_moves_are_not_moves(move) -> None:
    """Any value that is not a Plateau move tuple of the right shape is refused as a move error (PL-10.4),
    never a TypeError, ValueError, IndexError or KeyError."""
    state = E.new_game(2, 0)
    with pytest.raises(MoveError):
        E.apply(state, move)


def test_an_engine_bug_in_a_move_handler_is_not_called_a_players_mistake(monkeypatch) -> None:
    """A KeyError inside a handler is a bug: it must surface, not become "not a Plateau move"."""
    import engines.plateau as plateau

    def broken(state, move):
        raise KeyError("a bug")

    state = E.new_game(2, 0)
    move = E.legal_moves(state)[0]
    monkeypatch.setitem(plateau._HANDLERS, move[0], broken)
    with pytest.raises(KeyError, match="a bug"):
        E.apply(state, move)


#: PL-10.4: each kind of move and its named tuple
KINDS = {
    P.K_OPEN: P.OpeningMove, P.K_ONBOARD: P.OnboardMove, P.K_MOVE: P.StackMove, P.K_STOMP: P.StompMove,
    P.K_TENDER: P.TenderMove, P.K_RETURN: P.ReturnMove, P.K_REFUSE: P.RefuseMove, P.K_PASS: P.PassMove,
}


def test_every_move_is_the_named_tuple_of_its_kind() -> None:
    """Whatever gives a move (the legal list, the two random draws, the notation) gives the named
    tuple of its kind, whose fields read as the notation says (PL-10.4); every kind turns up."""
    rng = random.Random(5)
    seen = set()
    refusing = E.play(pos(EX11), "tender:xx")  # PL-11 example 11: m = 0, White may refuse
    only_pass = pos("4/4/4/BXx.BXx.BXx.BXx.WRr,BRr.BBb.BBb.WXx,2 B turn - rb.ox.rx.bx.rr.2bb.3xx - rb.ox.rx.bx.rr 20")
    for state in [refusing, only_pass, *_random_states(12, 21)]:
        if E.outcome(state) is not None:
            continue
        moves = [*E.legal_moves(state), E.random_move(state, rng), E.playout_move(state, rng)]
        moves += [E.parse_move(state, E.format_move(state, m)) for m in moves[:40]]
        for move in moves:
            assert type(move) is KINDS[move[0]], (E.to_position(state), move)
            seen.add(move[0])
            if move[0] == P.K_MOVE:
                assert E.format_move(state, move).split("-")[-1] == P.NAMES[move.dest]
                assert f":{move.lifted}" in E.format_move(state, move).split("-")[0]
            elif move[0] == P.K_ONBOARD:
                assert P.NAMES[move.square] in E.format_move(state, move)
    assert seen == set(KINDS), seen


def test_stack_moves_are_the_moves_and_stomps_of_the_legal_moves() -> None:
    """``stack_moves`` (players' fast path for captures, PL-6) lists exactly the PL-5 moves and stomps
    among the legal moves, in the order the legal list holds them; nothing in the opening or a reply."""
    rng = random.Random(77)
    phases = set()
    for game in range(30):
        state = E.new_game(2, seed=game)
        while E.outcome(state) is None:
            moves = E.unordered_moves(state)
            expected = [m for m in moves if m[0] in (P.K_MOVE, P.K_STOMP)]
            assert P.stack_moves(state) == expected, E.to_position(state)
            phases.add(state.phase)
            state = E.apply(state, E.random_move(state, rng))
        assert P.stack_moves(state) == []
    assert phases == {P.PHASE_OPEN, P.PHASE_TURN, P.PHASE_REPLY, P.PHASE_REFUSED}  # PL-2, PL-3, PL-7.2


def test_a_move_before_answering_a_tender_is_told_what_the_answer_must_be() -> None:
    # PL-7.2: the responder returns at least m, the most their prisoners can match without going over the tender
    # (here the Blue, 4, under 5: less than the tender), and may refuse only when m = 0; the refusal said
    # "return prisoners worth as much or more, or refuse", true of neither case
    held = "3,WXx/4/4/BXx,3 W reply:{} rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 31"
    engine = get_engine("plateau")
    state = engine.from_position(held.format("rr"))  # tender 5; White holds 10 and 4
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, engine.parse_move(state, "+bb@b2"))
    assert err.value.code == "answer_tender" and err.value.facts["least"] == 4 and err.value.facts["tender"] == 5
    assert "return prisoners worth at least 4" in str(err.value) and "refuse" not in str(err.value)
    assert engine.parse_move(state, "return:bb") in engine.legal_moves(state, 1)  # 4 < 5 is enough
    state = engine.from_position(held.format("xx"))  # tender 1: nothing White holds fits under it
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, engine.parse_move(state, "+bb@b2"))
    assert err.value.code == "answer_tender_refusable" and "refuse it" in str(err.value)
    assert engine.parse_move(state, "refuse") in engine.legal_moves(state, 1)


@pytest.mark.parametrize("text", ["a1:1-a2", "a1-a2", "a1!"])
def test_moving_from_an_empty_square_says_it_is_empty(text: str) -> None:
    # PL-5.1: it said "Black does not control a1" of an empty square, as if an enemy stood there
    engine = get_engine("plateau")
    state = engine.from_position("3,WBb/4/1,WXx,2/1,BRr.BXx,2 B turn rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.2rr.bb.3xx "
                                 "- - 12")
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(state, engine.parse_move(state, text))
    assert err.value.code == "move_empty" and str(err.value).endswith("a1 is empty: there is nothing to move there")
    with pytest.raises(IllegalMoveError) as err:  # an enemy's stack: not controlled, as before
        engine.apply(state, engine.parse_move(state, "b2:1-b3"))
    assert err.value.code == "not_control"


def test_an_opening_of_two_aces_says_there_is_only_one() -> None:
    """PL-2.2, PL-11 example 1 ("one Ace"): +rb.br@a1 uses the only Ace twice; it said "Black has no Ace left in
    reserve", which Black has."""
    with pytest.raises(IllegalMoveError, match=r"only one Ace \(rb\) in reserve, and the opening stack needs two"):
        E.play(E.new_game(2), "+rb.br@a1")
    E.play(E.new_game(2), "+rr.rr@a1")  # two of a type the reserve holds two of
