"""Krakatoa engine tests: the worked examples of docs/spec/krakatoa.md (KR-11), perft (KR-10.5), the
digital throw's probabilities (KR-8.2), auto (KR-8.4), seeded playouts and bad input.

Expected values come from the rules document or from hand reasoning written next to them.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import get_engine
from engines.base import CHANCE, IllegalMoveError, InvalidMoveError, MoveError, OptionError, PositionError
from engines.krakatoa import ENGINE, aim_value, best_aim

E = ENGINE
ROOT = Path(__file__).resolve().parents[1]
TAIL = "- 3 advanced"  # KR-11: a trailing … stands for "- 3 advanced"


def pos(state) -> str:
    return E.to_position(state)


def play(state, *moves: str):
    if isinstance(state, str):
        state = E.from_position(state)
    for text in moves:
        state = E.apply(state, E.parse_move(state, text))
    return state


def texts(state) -> list[str]:
    return [E.format_move(state, m) for m in E.legal_moves(state)]


# ---- KR-11 worked examples ---------------------------------------------------------------
def test_e1_throwoff_marks_kr_4_1():
    """E1 (KR-4.1): a Deuce in the throw-off gives x, a Volcano xx; the highest starts round 1."""
    s = play(E.new_game(2), "steam", "roll ybY/---/---")
    assert pos(s) == "YYB/---/--- throwoff 1 - 1 set - 0,0 10,00 2,? 3 advanced"
    s = play(s, "lava", "roll ---/---/RRR")
    assert pos(s) == f"---/---/RRR play 1 1 1 throw 1 0,0 10,20 {TAIL}"


def test_e2_throwoff_tie_three_players_kr_4_1():
    """E2 (KR-4.1): tied sides throw again, the other is out; a later throw replaces the mark."""
    s = play(E.new_game(3), "lava", "roll ---/---/RRR", "steam", "roll RRR/---/---", "ash", "roll ---/YYB/---")
    assert pos(s) == "---/YYB/--- throwoff 1 - 0 set - 0,0,0 20,20,10 ?,?,x 3 advanced"
    s = play(s, "ash", "roll ---/BBB/---", "steam", "roll YRB/---/---")
    assert pos(s) == f"YRB/---/--- play 1 1 0 throw 0 0,0,0 20,00,10 {TAIL}"


def test_e3_throw_one_rethrow_kr_4_3():
    """E3 (KR-4.3): keep or rethrow once; the rethrown result is scored with throw 1's marks."""
    s = play(f"---/---/RRR play 1 1 1 throw 1 0,0 10,20 {TAIL}", "throw", "roll RRB/YRB/RBB")
    assert s.step == "keep"
    assert texts(s) == ["keep", "rethrow"]
    s = play(s, "rethrow")
    with pytest.raises(IllegalMoveError):
        E.parse_move(s, "keep")
    s = play(s, "roll YYB/YRR/RRR")
    # 2 + 1 + 5 = 8, xx from the throw-off: x4 = 32
    assert pos(s) == f"YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 {TAIL}"


E3_AFTER = f"YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 {TAIL}"


def test_a_turn_goes_on_from_throw_one_to_the_last_bonus_throw_kr_4_3():
    """KR-4.3, KR-5: a turn is throw 1 (and its keep or rethrow), throws 2-5 and the bonus throws they
    earn; the next turn (another side's, or the same side's next round) begins at ``throw``."""
    start = E.from_position(f"---/---/RRR play 1 1 1 throw 1 0,0 10,20 {TAIL}")
    assert not E.turn_goes_on(start, 1)  # throw 1: a new turn
    rolled = play(start, "throw", "roll RRB/YRB/RBB")
    assert E.turn_goes_on(rolled, 1) and not E.turn_goes_on(rolled, 0)  # keep or rethrow: side 1's turn
    assert E.turn_goes_on(E.from_position(E3_AFTER), 1)  # throw 2's set
    assert E.turn_goes_on(E.from_position(f"YYB/YRR/RRR play 1 5 1 aim:l 1 0,50 10,00 {TAIL}"), 1)
    # KR-11 E11: marks after round 6's throw 5 earn a bonus box, thrown at once in the same turn (KR-5.2)
    bonus = E.from_position("YYY/RRR/BBB bonus 6 b1 0 set 0 168,161 11,00 - 2 advanced")
    assert E.turn_goes_on(bonus, 0)
    # the throw-off's throws (KR-4.1) are each their own
    assert not E.turn_goes_on(E.from_position("---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced"), 0)


def test_e4_aim_moves_and_canonical_die_kr_8_2_kr_10_3():
    """E4 (KR-8.2, KR-10.3): aims at table dice only, one per colour; non-canonical dice read."""
    s = play(E3_AFTER, "ash")
    assert s.step == "aim:a"
    assert texts(s) == ["aim l1 hard", "aim l1 soft", "aim s1 hard", "aim s1 soft", "aim s3 hard", "aim s3 soft"]
    with pytest.raises(IllegalMoveError):
        E.parse_move(s, "aim a2 soft")
    assert E.format_move(s, E.parse_move(s, "AIM S2 hard")) == "aim s1 hard"
    soft = play(s, "aim s3 soft")
    outcomes = E.chance_outcomes(soft)
    assert len(E.legal_moves(soft)) == 1010 == len(outcomes)
    p_scratch = sum(p for m, p in outcomes if m[0] == "scratch")
    assert p_scratch == pytest.approx(0.2 * 0.8**2 * 0.95**3)
    assert p_scratch == pytest.approx(0.1097, abs=5e-5)
    hard = play(s, "aim s3 hard")
    p_hard = sum(p for m, p in E.chance_outcomes(hard) if m[0] == "scratch")
    assert p_hard == pytest.approx(0.1 * 0.8**5)
    assert p_hard == pytest.approx(0.0328, abs=5e-5)


def test_e4_auto_values_kr_8_4():
    """E4 (KR-8.4): auto picks Ash then aim s3 soft; the expected raw scores of the doc."""
    s = E.from_position(E3_AFTER)
    dice = s.dice
    assert float(aim_value(dice, "a", "s3", "soft")) == pytest.approx(7.357, abs=5e-4)
    assert float(aim_value(dice, "a", "s3", "hard")) == pytest.approx(6.960, abs=5e-4)
    assert float(best_aim(dice, "s")[0]) == pytest.approx(6.137, abs=5e-4)
    assert float(best_aim(dice, "l")[0]) == pytest.approx(4.786, abs=5e-4)
    assert best_aim(dice, "a")[1:] == ("s3", "soft")
    first = E.parse_move(s, "auto")
    assert E.format_move(s, first) == "ash"
    s = E.apply(s, first)
    assert E.format_move(s, E.parse_move(s, "auto")) == "aim s3 soft"


def test_e5_little_quake_and_little_rumble_kr_3_3_kr_3_4():
    """E5 (KR-3.3, KR-3.4): 12 points to 44 (Little Quake); 3 x2 with R and B only (Little Rumble)."""
    s = play(f"YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 {TAIL}", "roll YYB/YYY/RBB")
    assert pos(s) == f"YYB/YYY/RBB play 1 3 1 aim:s 1 0,44 10,10 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Little Quake"]
    s = play(s, "aim a1 soft", "roll RRB/BBB/RBB")
    assert pos(s) == f"RRB/BBB/RBB play 1 4 1 aim:a 1 0,50 10,10 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Little Rumble"]


E5_AFTER = f"RRB/BBB/RBB play 1 4 1 aim:a 1 0,50 10,10 {TAIL}"


def test_e6_scratch_kr_3_7():
    """E6 (KR-3.7): a scratch uses up the x, earns nothing; the table sets must be unchanged."""
    s = play(E5_AFTER, "aim l1 hard")
    with pytest.raises(IllegalMoveError, match=r"KR-8\.2"):
        E.parse_move(s, "scratch RRB/YYR/RRB")
    s = play(s, "scratch RRB/YYR/RBB")
    assert pos(s) == f"RRB/YYR/RBB play 1 5 1 aim:l 1 0,50 10,00 {TAIL}"
    view = E.view(s, None)
    assert view["last_scratch"] is True and view["bonuses"] == []
    entry = view["sheet"][1][0][0]
    assert entry == {"throw": "4", "points": 0, "marks": 1, "scratch": True, "seat": 1, "rethrown": False}


def test_e7_big_quake_carries_to_next_round_kr_3_2():
    """E7 (KR-3.2): 10 to 60, Big Quake: xx waits for side 1's throw 1 of round 2."""
    s = play(f"RRB/YYR/RBB play 1 5 1 aim:l 1 0,50 10,00 {TAIL}", "aim s1 hard", "roll YYY/YBB/RRB")
    assert pos(s) == f"YYY/YBB/RRB play 1 1 0 throw 1 0,60 10,20 {TAIL}"


def test_e8_round_start_tie_kr_4_2():
    """E8 (KR-4.2): tied totals: the side that threw first in round 2 (side 1) starts round 3."""
    s = play(f"YYB/YRR/BBB play 2 5 0 aim:l 1 98,110 00,00 {TAIL}", "aim a1 hard", "roll YYY/YRR/YRR")
    assert pos(s) == f"YYY/YRR/YRR play 3 1 1 throw 1 110,110 10,00 {TAIL}"


def test_e9_marks_capped_kr_3_1():
    """E9 (KR-3.1): 4 x2 = 8 to 88; Little Quake + Little Rumble + the waiting x, capped at xx."""
    s = play(f"RRB/YRR/YYB play 3 3 0 aim:s 0 80,66 11,00 {TAIL}", "aim l3 hard", "roll YRR/YRR/YYR")
    assert pos(s) == f"YRR/YRR/YYR play 3 4 0 aim:a 0 88,66 20,00 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Little Quake", "Little Rumble"]


def test_e10_big_eruption_kr_3_5():
    """E10 (KR-3.5): 9 to 140: Big Quake + Big Eruption: xx on throw 5 and on throw 1 of round 5."""
    s = play(f"BBB/RBB/BBB play 4 4 1 aim:a 1 120,131 00,00 {TAIL}", "aim s1 soft", "roll BBB/BBB/BBB")
    assert pos(s) == f"BBB/BBB/BBB play 4 5 1 aim:l 1 120,140 00,22 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Big Quake", "Big Eruption"]


def test_e11_bonus_boxes_kr_5():
    """E11 (KR-5): a Little Eruption on throw 5 of round 6 takes box 1, its second x box 2."""
    s = play(f"YYY/RRR/YRB play 6 5 0 aim:l 0 150,161 00,00 {TAIL}", "aim a1 hard", "roll YYY/RRR/BBB")
    assert pos(s) == "YYY/RRR/BBB bonus 6 b1 0 set 0 168,161 11,00 - 2 advanced"
    s = play(s, "lava", "aim a1 hard", "roll YYY/RRB/YYB")
    assert pos(s) == "YYY/RRB/YYB bonus 6 b2 0 set 0 192,161 10,00 - 1 advanced"
    s = play(s, "ash", "aim s1 hard", "roll RRB/YRB/YYB")
    assert pos(s) == "RRB/YRB/YYB play 6 1 1 throw 0 196,161 00,00 - 1 advanced"


def test_e12_game_end_shared_win_kr_4_4():
    """E12 (KR-4.4, KR-10.6): the last turn ends the game; equal totals share the win."""
    s = play("YYB/RRB/BBB play 6 5 1 aim:l 0 196,186 00,00 - 1 advanced", "aim s3 hard", "roll YYY/RRB/YRB")
    assert pos(s) == "YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced"
    out = E.outcome(s)
    assert out.text == "players 0,1 share the win (tied at 196)"
    assert out.winners == (0, 1) and out.placements == (1, 1) and out.scores == (196, 196)
    assert E.legal_moves(s) == [] and E.to_move(s) is None


def test_e13_teams_kr_6_2():
    """E13 (KR-6.2): team 1 leads, so it starts round 2, thrown by seat 3."""
    s = play("YYB/YRR/RRR play 1 5 1 aim:l 0 40,38 00,00 - 3 advanced+teams", "aim s3 hard", "roll YYB/YRR/YRB")
    assert pos(s) == "YYB/YRR/YRB play 2 1 3 throw 1 40,41 00,00 - 3 advanced+teams"
    assert s.players == 4 and E.to_move(s) == 3


def test_e14_basic_no_bonus_kr_7_1():
    """E14 (KR-7.1): 152 to 160 in basic: no Big Quake."""
    s = play("YYB/YRR/BBB play 2 5 0 aim:l 1 152,40 00,00 - 0 basic", "aim a1 hard", "roll YYB/YRR/RRR")
    assert pos(s) == "YYB/YRR/RRR play 3 1 0 throw 0 160,40 00,00 - 0 basic"
    assert E.view(s, None)["bonuses"] == []


def test_original_example_152_to_160_big_quake_advanced_kr_3_3():
    """The official example in the advanced game (KR-3.3): 152 + 8 = 160, a multiple of 20: xx on
    the side's next throw, its throw 1 of round 3 (KR-3.2)."""
    s = play(f"YYB/YRR/BBB play 2 5 0 aim:l 1 152,40 00,00 {TAIL}", "aim a1 hard", "roll YYB/YRR/RRR")
    assert pos(s) == f"YYB/YRR/RRR play 3 1 0 throw 0 160,40 20,00 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Big Quake"]


def test_original_example_quadrupled_three_to_172_little_rumble_kr_3_4():
    """The official second example (KR-2.4, KR-3.4, KR-3.2): with xx, a raw 3 (Bust 0 + BBB 3 +
    Bust 0) scores 12: 160 to 172, no Quake; the dice show only R and B with one Volcano: a Little
    Rumble, whose x is carried to the side's throw 1 of the next round."""
    start = f"RRB/BBB/YBB play 3 5 0 aim:l 1 160,40 20,00 {TAIL}"  # side 0 ends round 3
    s = play(start, "aim s1 hard", "roll RRB/BBB/RBB")
    assert pos(s) == f"RRB/BBB/RBB play 4 1 0 throw 0 172,40 10,00 {TAIL}"
    assert E.view(s, None)["bonuses"] == ["Little Rumble"]
    # the carried x doubles round 4's throw 1: YYB + YRB + RBB = 2, x2 = 4 -> 176
    s = play(s, "throw", "roll YYB/YRB/RBB", "keep")
    assert s.totals == (176, 40) and s.marks[0] == (0, 0)


# ---- further rules -----------------------------------------------------------------------
def test_throwoff_dice_show_only_last_set_kr_4_1():
    """KR-4.1: until throw 1 of round 1 is rolled, only the set thrown last is shown."""
    s = play(E.new_game(2), "ash", "roll ---/RRR/---", "steam", "roll YYB/---/---")
    assert s.dice == ("YYB", None, None) and s.phase == "play"
    s = play(s, "throw")
    assert E.to_move(s) == CHANCE
    with pytest.raises(IllegalMoveError):
        E.parse_move(s, "roll YYB/---/RRR")
    s = play(s, "roll YYY/RRR/BBB")
    assert s.dice == ("YYY", "RRR", "BBB")


def test_throwoff_basic_has_no_marks_kr_7_1():
    s = play(E.new_game(2, options={"preset": "basic"}), "steam", "roll YYY/---/---", "lava", "roll ---/---/YYB")
    assert pos(s) == "---/---/YYB play 1 1 0 throw 0 0,0 00,00 - 0 basic"


def test_eruption_on_throw_four_reaches_a_box_kr_5_2():
    """KR-5.2: a Little Eruption on throw 4 of round 6 puts x on throw 5 and x on the first box."""
    s = play(f"RRB/YRB/YYB play 6 4 0 aim:a 1 100,90 00,00 {TAIL}", "aim s1 hard", "roll YYY/RRR/BBB")
    # 10 + 5 + 3 = 18 -> 118: no Quake; Little Eruption: m1 = 1, m2 = 1
    assert s.marks[0] == (1, 1) and s.totals == (118, 90)
    s = play(s, "aim s1 hard", "roll YRB/RRB/YRB")  # three Busts: 0, earns nothing, m1 <- m2 = 1
    assert pos(s) == "YRB/RRB/YRB bonus 6 b1 0 set 1 118,90 10,00 - 2 advanced"


def test_marks_lost_when_no_box_left_kr_5_3():
    """KR-5.3: with no box left the marks are lost and the next side's turn begins."""
    s = play("YYB/RRB/YRB play 6 5 0 aim:l 0 100,90 00,00 - 0 advanced", "aim s1 hard", "roll YYB/RRR/RRR")
    # 2 + 5 + 5 = 12 -> 112: Big Rumble (Y and R only, two Volcanoes) but no box left
    assert pos(s) == "YYB/RRR/RRR play 6 1 1 throw 0 112,90 00,00 - 0 advanced"


def test_scratch_passes_second_mark_kr_3_8():
    """KR-3.8: a scratch: m1 <- m2, m2 <- 0 (side 1 began round 4, so side 0's turn follows)."""
    s = play(f"BBB/BBB/BBB play 4 5 1 aim:l 1 120,140 00,22 {TAIL}", "aim s1 soft", "scratch BBB/BBB/YRB")
    assert pos(s) == f"BBB/BBB/YRB play 4 1 0 throw 1 120,140 00,20 {TAIL}"


def test_teams_seats_and_bonus_seat_kr_6_2():
    """KR-6.2: seat 0/1 throw rounds 1, 3, 5 and the throw-off; seat 2/3 rounds 2, 4, 6 and boxes."""
    s = play(E.new_game(4, options={"teams": True}), "steam", "roll YYY/---/---")
    assert E.to_move(s) == 1  # team 1's throw-off is seat 1's
    s = play(s, "steam", "roll RRR/---/---")
    assert pos(s) == "RRR/---/--- play 1 1 0 throw 0 0,0 20,20 - 3 advanced+teams"
    s = play("YYY/RRR/YRB play 6 5 2 aim:l 0 150,161 00,00 - 3 advanced+teams", "aim a1 hard", "roll YYY/RRR/BBB")
    assert pos(s) == "YYY/RRR/BBB bonus 6 b1 2 set 0 168,161 11,00 - 2 advanced+teams"


def test_auto_keep_threshold_and_ties_kr_8_4():
    """KR-8.4: keep if raw >= 1595/576 (raw 3 keeps, raw 2 rethrows); ties go to the first die,
    and to Steam for the set."""
    keep2 = E.from_position(f"YYB/YRB/YRB play 2 1 0 keep 0 0,0 00,00 {TAIL}")  # raw 2
    keep3 = E.from_position(f"YYB/YRR/YRB play 2 1 0 keep 0 0,0 00,00 {TAIL}")  # raw 3
    assert E.format_move(keep2, E.parse_move(keep2, "auto")) == "rethrow"
    assert E.format_move(keep3, E.parse_move(keep3, "auto")) == "keep"
    # Ash and Lava show the same faces: aiming at a1 or at l1 is worth the same -> a1 (first die)
    sym = E.from_position(f"YYY/RRR/RRR play 2 3 0 aim:s 0 0,0 00,00 {TAIL}")
    assert aim_value(sym.dice, "s", "a1", "hard") == aim_value(sym.dice, "s", "l1", "hard")
    assert E.parse_move(sym, "auto")[1] == "a1"
    # all sets alike: every set is worth the same -> steam
    same = E.from_position(f"RRR/RRR/RRR play 2 2 0 set 0 0,0 00,00 {TAIL}")
    assert E.format_move(same, E.parse_move(same, "auto")) == "steam"
    assert E.format_move(E.new_game(3), E.parse_move(E.new_game(3), "auto")) == "steam"


def test_auto_is_illegal_at_chance_kr_10_3():
    s = play(E3_AFTER, "ash", "aim s3 soft")
    with pytest.raises(IllegalMoveError, match="chance"):
        E.parse_move(s, "auto")
    assert "auto" not in texts(play(E3_AFTER, "ash"))


def _set_expectation(faces: str, strikes: list[Fraction]) -> Fraction:
    """E[score] of a table set whose die i is struck with strikes[i] and then rerolled,
    by enumerating the three dice (KR-1.1, KR-2.2, KR-8.2), independently of the engine."""
    odds = {"Y": Fraction(3, 12), "R": Fraction(4, 12), "B": Fraction(5, 12)}
    table = {"YYY": 10, "RRR": 5, "BBB": 3, "YYB": 2, "YYR": 2, "YRR": 1}
    total = Fraction(0)
    for combo in itertools.product("YRB", repeat=3):
        p = Fraction(1)
        for old, new, strike in zip(faces, combo, strikes):
            p *= (1 - strike if new == old else 0) + strike * odds[new]
        total += p * table.get("".join(sorted(combo, key="YRB".index)), 0)
    return total


def test_aim_value_formula_by_hand_kr_8_4():
    """KR-8.4: f + E1 + E2 - P(scratch)·(f + v1 + v2), rebuilt here from KR-8.2's table for Steam
    thrown hard at a1 over Ash RRR (target 0.9, mates 0.2) and Lava YYB (0.2 each)."""
    dice = ("YRB", "RRR", "YYB")
    f = Fraction(1595, 1728)
    e_ash = _set_expectation("RRR", [Fraction(9, 10), Fraction(2, 10), Fraction(2, 10)])
    e_lava = _set_expectation("YYB", [Fraction(2, 10)] * 3)
    p0 = Fraction(1, 10) * Fraction(8, 10) ** 5
    assert aim_value(dice, "s", "a1", "hard") == f + e_ash + e_lava - p0 * (f + 5 + 2)
    # soft at l3 (the B of Lava): target 0.8, mates 0.2; Ash dice 0.05 each
    e_lava = _set_expectation("YYB", [Fraction(2, 10), Fraction(2, 10), Fraction(8, 10)])
    e_ash = _set_expectation("RRR", [Fraction(5, 100)] * 3)
    p0 = Fraction(2, 10) * Fraction(8, 10) ** 2 * Fraction(95, 100) ** 3
    assert aim_value(dice, "s", "l3", "soft") == f + e_ash + e_lava - p0 * (f + 5 + 2)


# ---- chance (KR-8, KR-10.5) ----------------------------------------------------------------
def test_chance_outcome_counts_and_sums_kr_10_5():
    s0 = E.new_game(2)
    toff = play(s0, "lava")
    all9 = play(f"---/---/RRR play 1 1 1 throw 1 0,0 10,20 {TAIL}", "throw")
    again = play(all9, "roll RRB/YRB/RBB", "rethrow")
    aimed = play(E3_AFTER, "ash", "aim l1 hard")
    for state, count in ((toff, 10), (all9, 1000), (again, 1000), (aimed, 1010)):
        assert E.to_move(state) == CHANCE
        moves = E.legal_moves(state)
        assert len(moves) == len(set(moves)) == count
        exact = E.chance_outcomes_exact(state)
        assert sum(p for _, p in exact) == 1
        assert all(p > 0 for _, p in exact)
        assert math.isclose(sum(p for _, p in E.chance_outcomes(state)), 1.0, abs_tol=1e-12)
        assert [m for m, _ in exact] == moves
    # a throw-off Steam of YYY: (3/12)^3 = 1/64; RRR (4/12)^3 = 1/27 (KR-1.1)
    probs = dict(E.chance_outcomes_exact(play(s0, "steam")))
    assert probs[("roll", "YYY/---/---")] == Fraction(1, 64)
    assert probs[("roll", "RRR/---/---")] == Fraction(1, 27)


def test_scratch_probabilities_kr_8_2():
    """KR-8.2: P(scratch) = 0.2·0.8²·0.95³ (soft), 0.1·0.8⁵ (hard), exactly."""
    for force, expected in (("soft", Fraction(2, 10) * Fraction(8, 10) ** 2 * Fraction(95, 100) ** 3),
                            ("hard", Fraction(1, 10) * Fraction(8, 10) ** 5)):
        s = play(E3_AFTER, "lava", f"aim a2 {force}")
        p = sum(q for m, q in E.chance_outcomes_exact(s) if m[0] == "scratch")
        assert p == expected


def _exact_set_scores() -> dict[int, float]:
    """KR-1.1 + KR-2.2 independently: enumerate the 12^3 face triples of one set."""
    faces = "YYY" + "RRRR" + "BBBBB"
    table = {"YYY": 10, "RRR": 5, "BBB": 3, "YYB": 2, "YYR": 2, "YRR": 1}
    counts: dict[int, int] = {}
    for combo in itertools.product(faces, repeat=3):
        key = "".join(sorted(combo, key="YRB".index))
        score = table.get(key, 0)
        counts[score] = counts.get(score, 0) + 1
    return {score: n / 12**3 for score, n in counts.items()}


def test_sample_chance_fresh_dice_statistics_kr_1_1():
    """20,000 simulated throws of nine fresh dice (fixed seed): each set's score frequencies
    match the exact probabilities within 5 standard errors."""
    exact = _exact_set_scores()
    assert sum(exact.values()) == pytest.approx(1.0)
    s = play(f"---/---/RRR play 1 1 1 throw 1 0,0 10,20 {TAIL}", "throw")
    rng = random.Random(20240601)
    n = 20000
    counts = [dict.fromkeys(exact, 0) for _ in range(3)]
    table = {"YYY": 10, "RRR": 5, "BBB": 3, "YYB": 2, "YYR": 2, "YRR": 1}
    for _ in range(n):
        move = E.sample_chance(s, rng)
        assert move[0] == "roll"
        for j, faces in enumerate(move[1].split("/")):
            counts[j][table.get(faces, 0)] += 1
    for j in range(3):
        for score, p in exact.items():
            freq = counts[j][score] / n
            assert abs(freq - p) < 5 * math.sqrt(p * (1 - p) / n), (j, score, freq, p)


def test_sample_chance_aimed_matches_chance_outcomes_kr_8_2():
    """The simulated aimed throw has the law of chance_outcomes: scratch rate and each table
    set's faces (fixed seed, 5 standard errors)."""
    s = play(E3_AFTER, "ash", "aim s3 soft")
    exact = E.chance_outcomes(s)
    p_scratch = sum(p for m, p in exact if m[0] == "scratch")
    p_steam: dict[str, float] = {}
    for m, p in exact:
        key = m[1].split("/")[0]
        p_steam[key] = p_steam.get(key, 0.0) + p
    rng = random.Random(7)
    n = 20000
    scratches = 0
    steam: dict[str, int] = {}
    for _ in range(n):
        move = E.sample_chance(s, rng)
        E._legalize(s, move)  # every sample is a listed outcome
        scratches += move[0] == "scratch"
        key = move[1].split("/")[0]
        steam[key] = steam.get(key, 0) + 1
    assert abs(scratches / n - p_scratch) < 5 * math.sqrt(p_scratch * (1 - p_scratch) / n)
    for key, p in p_steam.items():
        assert abs(steam.get(key, 0) / n - p) < 5 * math.sqrt(p * (1 - p) / n) + 1e-4, key


# ---- perft (KR-10.5) --------------------------------------------------------------------------
def test_perft_from_start_kr_10_5():
    s = E.new_game(2)
    assert [E.perft(s, d) for d in range(1, 6)] == [3, 30, 90, 900, 1332]


# ---- seeded playouts ----------------------------------------------------------------------------
CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"teams": True}),
    (2, {"preset": "basic"}),
    (4, {"preset": "basic", "teams": True}),
]


def _check_state(state) -> None:
    p = pos(state)
    again = E.from_position(p)
    assert pos(again) == p
    assert E.from_json(json.loads(json.dumps(E.to_json(state)))) == state
    for m1, m2 in state.marks:
        assert 0 <= m2 <= m1 <= 2  # KR-3.1 capped at xx
    if not state.advanced:
        assert all(m == (0, 0) for m in state.marks) and state.boxes == 0
    for side, entries in enumerate(state.sheet):
        assert state.totals[side] == sum(e[2] for e in entries)
        assert all(0 <= e[3] <= 2 for e in entries)
    view = E.view(state, None)
    assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_seeded_playouts(players, options):
    """Random games: every legal move applies, notation round-trips, marks <= xx, totals are the
    sums of the sheet, the game ends after round 6, a replay reproduces the final state."""
    for seed in range(12):
        rng = random.Random(seed * 31 + players)
        state = E.new_game(players, options=options)
        start = state
        record = []
        while E.to_move(state) is not None:
            _check_state(state)
            if E.to_move(state) == CHANCE:
                move = E.sample_chance(state, rng)
            else:
                legal = E.legal_moves(state)
                for m in legal:
                    assert E.parse_move(state, E.format_move(state, m)) == m
                    E.apply(state, m)
                auto = E.parse_move(state, "auto")
                assert auto in legal
                move = auto if rng.random() < 0.3 else rng.choice(legal)
            text = E.format_move(state, move)
            assert E.parse_move(state, text) == move
            record.append(text)
            state = E.apply(state, move)
            assert len(record) < 2000
        _check_state(state)
        out = E.outcome(state)
        assert out is not None and state.round == 6 and E.legal_moves(state) == []
        sides = state.sides
        # KR-4.3 / KR-5: every side threw 5 times in each of 6 rounds, plus at most 3 boxes in all
        boxes = 0
        for side in range(sides):
            for rnd in range(1, 7):
                labels = [e[1] for e in state.sheet[side] if e[0] == rnd]
                assert labels[:5] == ["1", "2", "3", "4", "5"]
                assert all(lab.startswith("b") for lab in labels[5:])
                assert rnd == 6 or len(labels) == 5
                boxes += len(labels) - 5
        assert boxes == (3 - state.boxes if state.advanced else 0)
        # outcome: winners hold the highest total; scores per seat are the side totals
        best = max(state.totals)
        assert out.scores == tuple(state.totals[seat % sides] for seat in range(players))
        assert set(out.winners) == {seat for seat in range(players) if state.totals[seat % sides] == best}
        assert all((place == 1) == (seat in out.winners) for seat, place in enumerate(out.placements))
        # replay from the move list reproduces the final state (history included)
        replayed = start
        for text in record:
            replayed = E.apply(replayed, E.parse_move(replayed, text))
        assert replayed == state


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_many_light_playouts(players, options):
    """40 more random games per configuration, checked at the end: the sheet sums to the totals,
    marks stayed within xx, 30 turn throws per side, and the move list replays the game."""
    for seed in range(40):
        rng = random.Random(1000 + seed)
        state = start = E.new_game(players, options=options)
        record = []
        while E.to_move(state) is not None:
            move = E.random_move(state, rng)
            record.append(E.format_move(state, move))
            state = E.apply(state, move)
        for side, entries in enumerate(state.sheet):
            assert sum(e[2] for e in entries) == state.totals[side]
            assert all(0 <= e[3] <= 2 for e in entries)
            assert sum(1 for e in entries if not e[1].startswith("b")) == 30
        replayed = start
        for text in record:
            replayed = E.play(replayed, text)
        assert replayed == state and E.outcome(replayed) == E.outcome(state)


def test_teams_seats_follow_rounds_in_playout_kr_6_2():
    rng = random.Random(5)
    state = E.new_game(4, options={"teams": True})
    while E.to_move(state) is not None:
        if state.phase == "throwoff":
            assert state.seat in (0, 1)
        elif state.phase == "bonus":
            assert state.seat in (2, 3)
        else:
            assert state.seat in ((0, 1) if state.round % 2 else (2, 3))
        state = E.apply(state, E.random_move(state, rng))
    out = E.outcome(state)
    assert out.placements[0] == out.placements[2] and out.placements[1] == out.placements[3]
    assert out.scores[0] == out.scores[2] == state.totals[0]


# ---- outcome texts (KR-10.6) ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("position", "text", "winners", "placements"),
    [
        ("YYY/RRB/YRB over 6 - - - 0 150,187 00,00 - 0 advanced", "player 1 wins (highest total 187)", (1,), (2, 1)),
        ("YYY/RRB/YRB over 6 - - - 0 187,150 00,00 - 0 advanced+teams",
         "players 0,2 win (team 0, highest total 187)", (0, 2), (1, 2, 1, 2)),
        ("YYY/RRB/YRB over 6 - - - 0 150,150,90 00,00,00 - 0 basic",
         "players 0,1 share the win (tied at 150)", (0, 1), (1, 1, 3)),
        ("YYY/RRB/YRB over 6 - - - 0 150,150 00,00 - 0 advanced+teams",
         "players 0,1,2,3 share the win (tied at 150)", (0, 1, 2, 3), (1, 1, 1, 1)),
    ],
)
def test_outcome_texts_kr_10_6(position, text, winners, placements):
    state = E.from_position(position)
    out = E.outcome(state)
    assert out.text == text and out.winners == winners and out.placements == placements
    assert E.view(state, 0)["outcome"] == text


def test_outcome_none_while_playing_kr_10_6():
    assert E.outcome(E.new_game(2)) is None
    assert E.outcome_text(E.new_game(2)) == "none"


# ---- positions (KR-10.1, KR-10.2) ---------------------------------------------------------------
def test_start_positions_kr_10_2():
    assert pos(E.new_game(2)) == "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced"
    assert pos(E.new_game(3, options={"preset": "basic"})) == (
        "---/---/--- throwoff 1 - 0 set - 0,0,0 00,00,00 ?,?,? 0 basic"
    )
    assert pos(E.new_game(4, options={"teams": "true"})) == (
        "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced+teams"
    )


def test_position_read_tolerantly_kr_10_1():
    s = E.from_position("  byy/RRY/rrr PLAY 1 2 1 Roll:A:S2:Hard 1 0,32 10,00 - 3 Advanced ")
    assert pos(s) == "YYB/YRR/RRR play 1 2 1 roll:a:s1:hard 1 0,32 10,00 - 3 advanced"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3",  # field count
        "YYQ/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced",  # faces
        "YYB/YRR/RRR play 2 2 1 set 1 0,32 10,00 - 3 advanced+teams",  # seat 1 in round 2 (KR-6.2)
        "YYB/YRR/RRR bonus 6 b2 0 set 0 0,32 10,00 - 2 advanced",  # box number != 3 - boxes
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 0 basic",  # marks in basic
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 00,00 - 3 basic",  # boxes in basic
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 00,00 - 4 advanced",  # boxes outside 0-3
        "YYB/YRR/RRR bonus 5 b1 0 set 0 0,32 10,00 - 2 advanced",  # bonus outside round 6
        "YYB/YRR/RRR play 1 3 1 set 1 0,32 10,00 - 3 advanced",  # set on throw 3
        "YYB/YRR/RRR play 1 3 1 aim:a 1 0,32 10,00 - 3 advanced",  # throw 3 is Steam
        "YYB/YRR/RRR play 1 1 1 aim:s 1 0,32 10,00 - 3 advanced",  # aim on throw 1
        "YYB/YRR/RRR play 1 2 1 roll:a:a1:hard 1 0,32 10,00 - 3 advanced",  # die not a table die
        "YYB/---/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced",  # --- on the table
        "YYB/YRR/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced",  # two sets in the throw-off
        "---/---/--- throwoff 1 - 0 set 0 0,0 00,00 ?,? 3 advanced",  # start in the throw-off
        "YYB/YRR/RRR play 1 2 1 set - 0,32 10,00 - 3 advanced",  # start missing
        "YYB/YRR/RRR over 6 - 0 - 0 0,32 00,00 - 3 advanced",  # seat when over
        "---/---/--- throwoff 1 - 0 set - 0,0 00,00 2,? 3 advanced",  # acting side not ?
        "YYB/YRR/RRR play 1 2 1 set 1 0,-32 10,00 - 3 advanced",  # negative total
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 ?,? 3 advanced",  # throw-off field after it
        "YYB/YRR/RRR play 1 2 5 set 1 0,32 10,00 - 3 advanced",  # seat out of range
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 30,00 - 3 advanced",  # mark 3
        "YYB/YRR/RRR play 7 2 1 set 1 0,32 10,00 - 3 advanced",  # round 7
        "YYB/YRR/RRR play 1 2 1 set 1 0 10 - 3 advanced",  # one side
        "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 expert",  # options
        "YYB/YRR/RRR over 5 - - - 0 0,32 00,00 - 3 advanced",  # over before round 6
        "YYB/YRR/RRR play 1 2 ² set 1 0,32 10,00 - 3 advanced",  # not an ASCII digit
    ],
)
def test_bad_positions_kr_10_1(bad):
    with pytest.raises(PositionError):
        E.from_position(bad)


def test_teams_position_with_round_one_seat_reads():
    s = E.from_position("YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced+teams")
    assert s.players == 4 and s.seat == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_junk_positions_raise_position_error(text):
    with contextlib.suppress(PositionError):
        E.from_position(text)


FIELD_CHOICES = [
    ["---/---/---", "YYB/---/---", "---/RRR/---", "YYB/YRR/RRR", "BBB/BBB/BBB", "ybr/---/rrr", "YYB/YRR/---"],
    ["throwoff", "play", "bonus", "over", "PLAY"],
    ["1", "2", "5", "6", "0", "7"],
    ["-", "1", "2", "3", "4", "5", "b1", "b2", "b3", "b4"],
    ["-", "0", "1", "2", "3", "4"],
    ["set", "throw", "keep", "aim:s", "aim:a", "aim:l", "roll:s", "roll:all", "roll:again", "roll:l:s2:hard",
     "roll:s:l1:soft", "roll:a:a1:hard", "-", "aim:x"],
    ["-", "0", "1", "2", "3"],
    ["0,0", "10,32", "0,0,0", "5,6,7,8", "1", "0,-1"],
    ["00,00", "10,20", "00,00,00", "22,11,00,00", "30,00", "0,0"],
    ["-", "?,?", "2,?", "?,?,x", "?,x,5,?", "x,x"],
    ["0", "1", "2", "3", "4"],
    ["advanced", "basic", "advanced+teams", "basic+teams", "teams"],
]


@settings(max_examples=400, deadline=None)
@given(st.tuples(*(st.sampled_from(c) for c in FIELD_CHOICES)), st.integers(0, 2**16))
def test_position_like_junk_reads_or_raises_and_plays(fields, seed):
    """Positions built from plausible fields: either a PositionError, or a state that round-trips
    and can be played on without any error other than the rules' own."""
    try:
        state = E.from_position(" ".join(fields))
    except PositionError:
        return
    rng = random.Random(seed)
    for _ in range(60):
        p = pos(state)
        assert pos(E.from_position(p)) == p
        if E.to_move(state) is None:
            assert E.outcome(state) is not None
            break
        state = E.apply(state, E.random_move(state, rng))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["start", "keep", "aim", "roll"]))
def test_junk_moves_raise_move_errors_state_unchanged(text, where):
    states = {
        "start": E.new_game(2),
        "keep": E.from_position(f"RRB/YRB/RBB play 1 1 1 keep 1 0,0 10,20 {TAIL}"),
        "aim": play(E3_AFTER, "ash"),
        "roll": play(E3_AFTER, "ash", "aim s3 soft"),
    }
    state = states[where]
    before = E.to_json(state)
    with contextlib.suppress(MoveError):
        E.apply(state, E.parse_move(state, text))
    assert E.to_json(state) == before


@pytest.mark.parametrize(
    ("where", "text", "error"),
    [
        ("start", "jump", InvalidMoveError),
        ("start", "aim s1", InvalidMoveError),
        ("start", "roll YYB/---/---", IllegalMoveError),  # a decision is awaited
        ("start", "keep", IllegalMoveError),
        ("keep", "steam", IllegalMoveError),
        ("keep", "aim s1 hard", IllegalMoveError),
        ("aim", "aim a1 hard", IllegalMoveError),  # Ash is thrown
        ("aim", "rethrow", IllegalMoveError),
        ("aim", "roll YYB/YRR/RRR", IllegalMoveError),
        ("roll", "roll YYB/---/RRR", IllegalMoveError),
        ("roll", "roll YYB/YRR", InvalidMoveError),
        ("roll", "auto", IllegalMoveError),
        ("roll", "keep", IllegalMoveError),
        ("over", "auto", IllegalMoveError),
        ("over", "roll YYB/YRR/RRR", IllegalMoveError),
    ],
)
def test_bad_moves_clear_errors(where, text, error):
    states = {
        "start": E.new_game(2),
        "keep": E.from_position(f"RRB/YRB/RBB play 1 1 1 keep 1 0,0 10,20 {TAIL}"),
        "aim": play(E3_AFTER, "ash"),
        "roll": play(E3_AFTER, "ash", "aim s3 soft"),
        "over": E.from_position("YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced"),
    }
    state = states[where]
    before = E.to_json(state)
    with pytest.raises(error) as info:
        E.apply(state, E.parse_move(state, text))
    assert str(info.value)
    assert E.to_json(state) == before


def test_apply_rejects_raw_bad_moves():
    s = E.new_game(2)
    for move in ("steam", ("set", "q"), ("aim", "z9", "hard"), (), None):
        with pytest.raises(MoveError):
            E.apply(s, move)


def test_bad_json_raises_position_error():
    good = E.to_json(play(E.new_game(2), "steam", "roll YYB/---/---"))
    for broken in ({}, {"position": 5}, {**good, "sheet": [[["x"]], []]}, {**good, "thrown": "q"},
                   {**good, "bonuses": ["Huge Quake"]}, {**good, "ply": -1}, {**good, "prev_dice": "??"}):
        with pytest.raises(PositionError):
            E.from_json(broken)


def test_options_kr_6_2_kr_7_1():
    with pytest.raises(OptionError):
        E.new_game(3, options={"teams": True})
    with pytest.raises(OptionError):
        E.new_game(2, options={"preset": "expert"})
    with pytest.raises(OptionError):
        E.new_game(5)
    assert set(E.options) == {"preset", "teams"}
    assert E.options["preset"].default == "advanced" and E.options["teams"].default is False
    assert get_engine("KRAKATOA") is E


# ---- view -----------------------------------------------------------------------------------------
def test_view_shape_and_changed_dice():
    """The view carries the dice, the changed dice of the last throw, set classes, the sheet."""
    s = play(E3_AFTER, "ash", "aim s3 soft", "roll YYB/YYY/RBB")  # E5's throw after E3
    view = E.view(s, None)
    assert view == E.view(s, 1) | {"viewer": None}  # KR-9.1 no secrets
    assert view["dice"] == {"s": "YYB", "a": "YYY", "l": "RBB"}
    # Ash YRR -> YYY: one Y kept, a2 a3 new; Lava RRR -> RBB: l2 l3 new; Steam unchanged
    assert view["changed"] == ["a2", "a3", "l2", "l3"] == view["highlight"]
    assert view["sets"] == {
        "s": {"points": 2, "class": "Deuce"},
        "a": {"points": 10, "class": "Volcano"},
        "l": {"points": 0, "class": "Bust"},
    }
    assert view["totals"] == [0, 44] and view["pending_marks"] == [[1, 0], [1, 0]]
    assert view["last_move"] == "roll YYB/YYY/RBB" and view["thrown"] == "a"
    assert view["round"] == 1 and view["throw"] == "3" and view["step"] == "aim:s" and view["seat"] == 1
    assert view["bonuses"] == ["Little Quake"] and view["boxes_left"] == 3
    sheet = view["sheet"][1][0]
    # history starts at E3_AFTER: the Ash throw (12 points, no marks), then throw 3 pending with x
    assert sheet[0] == {"throw": "2", "points": 12, "marks": 0, "scratch": False, "seat": 1, "rethrown": False}
    assert sheet[1]["throw"] == "3" and sheet[1]["points"] is None and sheet[1]["marks"] == 1
    for key in ("game", "viewer", "players", "to_move", "ply", "position", "outcome", "winners", "side_of_seat",
                "teams", "preset", "throwoff"):
        assert key in view
    assert view["position"] == pos(s)


def test_view_throwoff_log():
    s = play(E.new_game(2), "steam", "roll YYB/---/---")
    view = E.view(s, None)
    assert view["throwoff"] == [2, "?"]
    assert view["throwoff_log"] == [{"side": 0, "seat": 0, "set": "s", "faces": "YYB", "points": 2}]
    assert view["changed"] == ["s1", "s2", "s3"]


# ---- command line ------------------------------------------------------------------------------
def _cli(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "engines", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cli_moves_and_play():
    out = _cli("moves", "krakatoa", f"YYB/YRR/RRR play 1 2 1 aim:a 1 0,32 10,00 {TAIL}")
    assert out.split("\n")[:6] == ["aim l1 hard", "aim l1 soft", "aim s1 hard", "aim s1 soft", "aim s3 hard",
                                   "aim s3 soft"]
    out = _cli("play", "krakatoa", "YYB/RRB/BBB play 6 5 1 aim:l 0 196,186 00,00 - 1 advanced", "aim s3 hard",
               "roll YYY/RRB/YRB")
    assert out.splitlines() == ["YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced",
                                "outcome: players 0,1 share the win (tied at 196)"]


def test_cli_perft():
    assert _cli("perft", "krakatoa", "4").strip() == "900"


def test_the_throw_off_tells_a_tie_only_when_everyone_has_thrown_kr_4_1():
    """KR-4.1: a tie is told once every side has thrown and the best tied (E2's throws), not while sides are
    still to throw (an audit's three-player game said "Tie for the start at 1" after the first throw)."""
    start = E.new_game(3)
    codes = []
    state = start
    for text in ("lava", "roll ---/---/RRR", "steam", "roll RRR/---/---", "ash", "roll ---/YYB/---"):
        before, state = state, E.apply(state, E.parse_move(state, text))
        codes.append([code for code, _ in E.events(before, E.parse_move(before, text), state)])
    assert codes[:5] == [[], [], [], [], []]  # 5 points, then 5 points: two sides still to throw, then one
    [(code, facts)] = [e for e in E.events(before, E.parse_move(before, "roll ---/YYB/---"), state)]
    assert code == "throwoff_tie" and facts["points"] == 5 and facts["tied_seats"] == [0, 1]  # RRR 5 twice
    # the tied throw again: the starter's throw-off points are its rethrow's (BBB 3), not its first (5)
    before = state
    state = play(state, "ash", "roll ---/BBB/---")
    rethrow = play(state, "steam")
    last = E.parse_move(rethrow, "roll YRB/---/---")
    after = E.apply(rethrow, last)
    assert E.events(before, E.parse_move(before, "ash"), state) == []
    [(code, facts)] = E.events(rethrow, last, after)
    assert code == "starter" and facts == {"starter_seat": 0, "points": 3}
