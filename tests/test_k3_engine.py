"""K3 engine tests: every worked example of docs/spec/k3.md (K3-13), perft (K3-12), playouts, bad input.

Expected values come from the rules document or from hand reasoning written next to them.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import CHANCE, get_engine
from engines.base import HiddenSeatError, IllegalMoveError, InvalidMoveError, MoveError, OptionError, PositionError
from engines.k3 import ENGINE, FULL, LETTERS, K3Move, K3State, auto_build

ROOT = Path(__file__).resolve().parent.parent

START2 = "- -|- base - - -"
START3 = "- -|-|- base - - -"
START4 = "- -|-|-|- base - - -"
P2 = "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|R/KG/BYN/WRYK/GBKNY/BGKRYW play 0 - -"
P3 = "1/2/3/4/5/6/7/8/RBBYGKRRG Y/NR/KBW/GYKN/BRYKG|B/GN/RWY/KBGN/YRKGB|N/KY/YGR/BWKN/KYRGB play 1 - -"
E = "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -"
P4 = "1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|N/RK/BYG/KRYB+W|Y/GR/KNY/RGKB+W|G/YB/RKN/BGYK+W play 2 - -"
BE = "B/YB/BYB/YNBK/YYRNN/NYRKKR/RYGRKKN/RGYNBKKB/RGGYBGKBR 1/2/3/4/3G1+G|1/2/3/4/1KG2|1/2/3/4/3GR play 2 - -"
X3 = "1/2/3/4/5/6/7/8/RBBYGYRRG Y/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 0 - -"
COOP_SUMMIT = (
    "1/BR/KBR/KYNG/GNBBG/KGBBYN/KGRNYRR/BNYNYRRK/YBKYGYRKG 1/2/3/4/1B3|1/2/3/4/1G3+K|1/2/3/1Y2/1KGR1 play 2 - coop"
)


def play(position: str | K3State, *moves: str) -> K3State:
    state = ENGINE.from_position(position) if isinstance(position, str) else position
    for text in moves:
        state = ENGINE.apply(state, ENGINE.parse_move(state, text))
    return state


def moves_of(state: K3State | str) -> list[str]:
    if isinstance(state, str):
        state = ENGINE.from_position(state)
    return [ENGINE.format_move(state, m) for m in ENGINE.legal_moves(state)]


def pos(state: K3State) -> str:
    return ENGINE.to_position(state)


# ---- registry and options ----------------------------------------------------------------------


def test_registry_and_options_K3_9() -> None:
    """K3-9: option names and defaults exactly as the rules name them."""
    assert get_engine("K3") is ENGINE
    assert ENGINE.min_players == 2 and ENGINE.max_players == 4
    assert {n: o.default for n, o in ENGINE.options.items()} == {
        "cooperative": False,
        "penalty_requires_match": False,
        "thief": "previous",
    }
    with pytest.raises(OptionError):
        ENGINE.new_game(2, options={"thief": "sideways"})
    with pytest.raises(OptionError):
        ENGINE.new_game(5)


def test_start_positions_K3_11_2() -> None:
    """K3-11.2: the three start positions; chance moves first (K3-11.6)."""
    for n, text in ((2, START2), (3, START3), (4, START4)):
        state = ENGINE.new_game(n)
        assert pos(state) == text
        assert ENGINE.to_move(state) == CHANCE
        assert ENGINE.legal_moves(state) == []  # K3-11.5: nothing listed outside play
    state = ENGINE.new_game(3, options={"cooperative": True, "thief": "next", "penalty_requires_match": "on"})
    assert pos(state) == "- -|-|- base - - coop,match,next"


# ---- worked examples (K3-13) -------------------------------------------------------------------


def test_example1_setup_K3_2_and_K3_3() -> None:
    """K3-13 ex. 1 (K3-2.1, K3-2.2, K3-3.3): base needs 4 colours; deal; first builder gets the turn."""
    start = ENGINE.from_position(START2)
    with pytest.raises(IllegalMoveError, match=r"K3-2.1"):
        play(start, "base:KKKRRRBBB")
    state = play(start, "base:RBBYGKRRG", "deal:BBBBRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG")
    assert pos(state) == ("1/2/3/4/5/6/7/8/RBBYGKRRG ?BBBBRRRKKKYYYYGGGNNWW|?BBBRRRKKKKYYYYGGGNNWW build - - -")
    state = play(state, "build:0:N/YR/WKB/GYBY/KRGNK/GYWBRB")
    assert pos(state).split()[3] == "0"
    state = play(state, "build:1:R/KG/BYN/WRYK/GBKNY/BGKRYW")
    assert pos(state) == P2


def test_example1_first_builder_starts_whatever_the_seat_K3_3_3() -> None:
    """K3-3.3: seat 1 builds first, so seat 1 moves first once both have built."""
    state = play(START2, "base:RBBYGKRRG", "deal:BBBBRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG")
    state = play(state, "build:1:R/KG/BYN/WRYK/GBKNY/BGKRYW", "build:0:N/YR/WKB/GYBY/KRGNK/GYWBRB")
    assert pos(state) == P2.replace("play 0", "play 1")


def test_example2_first_moves_K3_4_4_and_K3_5_1() -> None:
    """K3-13 ex. 2 (K3-4.4, K3-5.1): only apexes are accessible; R needs R or N below."""
    assert moves_of(P2) == [f"Na6-{f}2" for f in "abcdefgh"]
    after = play(P2, "Na6-a2")
    # seat 1's apex R: open slots b2..h2 over B+B, B+Y, Y+G, G+K, K+R, R+R, R+G (a2 now taken).
    assert moves_of(after) == ["Ra6-f2", "Ra6-g2", "Ra6-h2"]
    with pytest.raises(IllegalMoveError, match=r"K3-5.1"):
        play(after, "Ra6-b2")


def test_example3_placements_K3_4_3_and_K3_5_1() -> None:
    """K3-13 ex. 3 (K3-4.3, K3-4.4, K3-5.1, K3-11.4): the moves of E and the illegal ones."""
    state = ENGINE.from_position(E)
    view = ENGINE.view(state, None)
    assert view["open_slots"] == ["b2", "e2", "f2", "g2", "h2", "c3"]
    assert view["players_info"][0]["accessible"] == ["a3", "c3", "d3"]
    assert moves_of(state) == (
        [
            "Ka3-c3",
            "Ka3-e2",
            "Ka3-f2",
            "Nd3-b2",
            "Nd3-c3",
            "Nd3-e2",
            "Nd3-f2",
            "Nd3-g2",
            "Nd3-h2",
            "Rs-c3",
            "Rs-f2",
            "Rs-g2",
            "Rs-h2",
            "Yc3-c3",
        ]
    )
    for text, rule in (("Ka3-g2", "K3-5.1"), ("Ga2-e2", "K3-4.4"), ("Yc3-b3", "K3-4.3")):
        with pytest.raises(IllegalMoveError, match=rule):
            play(state, text)
    assert ENGINE.format_move(state, ENGINE.parse_move(state, "k A3 - F2")) == "Ka3-f2"
    assert ENGINE.parse_move(state, "a3-f2") == ENGINE.parse_move(state, "Ka3-f2")  # letter optional


def test_example4_penalty_and_steal_K3_6() -> None:
    """K3-13 ex. 4 (K3-6.1..6.4): R on R+R is penalised; seat 1 takes, then plays."""
    state = play(E, "Rs-g2")
    assert pos(state) == ("1/2/3/4/5/6/7/B1YN2R1/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB|1/2/3/RYGB/KKBNY/GYRBKG play 1 0 -")
    assert moves_of(state) == ["xKa3", "xNd3", "xYc3"]
    with pytest.raises(IllegalMoveError, match=r"K3-6.3"):
        play(state, "Ra4-b2")  # no other move while a steal is pending
    after = play(state, "xNd3")
    assert pos(after) == (
        "1/2/3/4/5/6/7/B1YN2R1/RBBYGKRRG 1/2/3/K1Y1/GRKBY/BRKYGB|1/2/3/RYGB/KKBNY/GYRBKG+N play 1 - -"
    )
    assert len(moves_of(after)) == 14 and "Ns-b2" in moves_of(after)
    assert after.highlight == ("0:d3", "1:s")


def test_example5_natural_on_a_pair_and_option_match_K3_6_1() -> None:
    """K3-13 ex. 5 (K3-6.1): N on R+R is penalised; with `match` it is not, R on R+R still is."""
    assert pos(play(E, "Nd3-g2")).endswith("play 1 0 -")
    matched = E[: -len("-")] + "match"
    assert pos(play(matched, "Nd3-g2")).endswith("play 1 - match")
    assert pos(play(matched, "Rs-g2")).endswith("play 1 0 match")


def test_example6_four_players_side_white_K3_4_4() -> None:
    """K3-13 ex. 6 (K3-3.1, K3-4.4, K3-5.1 c): the 4p white beside the pyramid is a pass."""
    assert moves_of(P4) == ["Ws", "Ya4-c2", "Ya4-d2"]
    after = play(P4, "Ws")
    entries = pos(after).split()[1].split("|")
    assert entries[2] == "Y/GR/KNY/RGKB"
    assert ENGINE.to_move(after) == 3
    assert after.gone[LETTERS.index("W")] == 1  # K3-5.1 c: the white leaves the game


def test_example7_base_end_K3_5_3() -> None:
    """K3-13 ex. 7 (K3-5.3): no slot open, so only base-end placements; files shift after a left end."""
    assert moves_of(BE) == ["Gd1-<", "Gd1->", "Re1-<", "Re1->"]
    right = play(BE, "Gd1->")
    assert pos(right) == (
        "1/B1/YB1/BYB1/YNBK1/YYRNN1/NYRKKR1/RYGRKKN1/RGYNBKKB1/RGGYBGKBRG "
        "1/2/3/4/3G1+G|1/2/3/4/1KG2|1/2/3/4/4R play 0 - -"
    )
    assert moves_of(right) == ["Gd1-i2", "Gs-i2"]
    left = play(BE, "Gd1-<")
    view = ENGINE.view(left, None)
    assert view["mountain"][-1][0] == "G"  # the new piece is a1
    assert view["mountain"][1] == [None, "B"]  # the old summit is now b9
    assert view["open_slots"] == ["a2"]  # over G + R
    assert view["summit"] == "a10"
    with pytest.raises(IllegalMoveError, match=r"K3-5.3"):
        play(E, "Nd3->")


def test_example8_elimination_spare_white_skipped_taker_K3_7() -> None:
    """K3-13 ex. 8 (K3-7.1, K3-7.3, K3-6.2): seat 1 is out, the spare white goes to seat 0."""
    state = play(X3, "Ya5-c2")
    assert pos(state) == ("1/2/3/4/5/6/7/2Y5/RBBYGYRRG 1/NR/KBW/GYKN/BRYKG+W|x|N/KY/GGR/BWKN/KYRGB play 2 - -")
    state = play(state, "Na5-b2")
    assert pos(state).endswith("play 0 2 -")
    assert moves_of(state) == ["xKa4", "xYb4"]
    state = play(state, "xYb4")
    fields = pos(state).split()
    assert fields[1].split("|")[0].endswith("+YW")
    assert fields[1].split("|")[2] == "1/K1/GGR/BWKN/KYRGB"
    assert fields[2:] == ["play", "0", "-", "-"]
    assert len(moves_of(state)) == 17 and "Ys-b3" in moves_of(state)


def test_example9_cooperative_K3_8() -> None:
    """K3-13 ex. 9 (K3-8.2, K3-8.3): all lose at the first elimination; all win on the summit."""
    lost = play(X3[: -len("-")] + "coop", "Ya5-c2")
    assert pos(lost).endswith("over 1 - coop")
    result = ENGINE.outcome(lost)
    assert result is not None and result.text == "all players lose (player 1 has no legal action)"
    assert result.winners == ()
    assert moves_of(COOP_SUMMIT) == ["Rd1-a9"]
    won = play(COOP_SUMMIT, "Rd1-a9")
    assert pos(won).split()[2:] == ["over", "-", "-", "coop"]
    result = ENGINE.outcome(won)
    assert result is not None and result.text == "all players win (summit reached)"
    assert result.winners == (0, 1, 2) and result.placements == (1, 1, 1)


def test_example9_summit_penalty_is_not_carried_out_K3_8_2() -> None:
    """K3-8.2: a summit placement on a pair (R on R+R) wins at once; no steal follows."""
    # In COOP_SUMMIT a9 rests on a8 = B and b8 = R; make a8 an R so the summit R is on R+R.
    pair = ENGINE.from_position(COOP_SUMMIT.replace("1/BR/KBR/", "1/RR/KBB/", 1))
    won = play(pair, "Rd1-a9")
    assert won.phase == "over" and won.steal is None
    result = ENGINE.outcome(won)
    assert result is not None and result.text == "all players win (summit reached)"
    # the same placement without coop is an ordinary penalty: seat 1 (before seat 2) takes
    plain = play(COOP_SUMMIT.replace("1/BR/KBR/", "1/RR/KBB/", 1)[: -len("coop")] + "-", "Rd1-a9")
    assert pos(plain).endswith("play 1 2 -")


def test_example10_game_won_and_placements_K3_7_2() -> None:
    """K3-13 ex. 10 (K3-7.1..7.3): seat 0 out, white to seat 2, seat 1 out: player 2 wins."""
    state = play(BE, "Re1->")
    assert pos(state).split()[1:] == ["x|x|1/2/3/4/3G1+W", "over", "-", "-", "-"]
    result = ENGINE.outcome(state)
    assert result is not None and result.text == "player 2 wins (last player in)"
    assert result.winners == (2,)
    # seat 0 went out before seat 1: earlier out = worse place
    assert result.placements == (3, 2, 1)
    # read from the position the order is unknown: the two eliminated seats tie
    again = ENGINE.outcome(ENGINE.from_position(pos(state)))
    assert again is not None and again.placements == (2, 2, 1)


# ---- more rules ----------------------------------------------------------------------------------


def test_thief_option_K3_6_2() -> None:
    """K3-6.2/6.4: in P3 seat 1's B on b2 (B+B) is penalised; previous = seat 0 takes, next = seat 2."""
    state = play(P3, "Ba5-b2")
    assert pos(state).split()[3:5] == ["0", "1"]
    after = play(state, moves_of(state)[0])
    assert ENGINE.to_move(after) == 2  # play continues after the penalised seat
    nxt = play(P3[: -len("-")] + "next", "Ba5-b2")
    assert pos(nxt).split()[3:5] == ["2", "1"]
    after = play(nxt, moves_of(nxt)[0])
    assert ENGINE.to_move(after) == 2  # the taker is also the next player


def test_penalty_with_nothing_accessible_and_late_elimination_K3_6_3_K3_7_1() -> None:
    """K3-6.3: nothing to take from an emptied player; K3-7.1: they stay in until their turn."""
    text = "1/2/3/4/5/6/7/8/RBBYGKRRG 1/2/3/4/5/N5|1/2/3/4/5/R5 play 0 - -"
    state = play(text, "Na1-b2")  # N on B+B: penalised, but seat 0 has no piece left
    assert pos(state).endswith("play 1 - -")
    assert state.seats[0].status == "built"
    state = play(state, "Ra1-a2")  # R on R+B; then seat 0 cannot act and is out
    result = ENGINE.outcome(state)
    assert result is not None and result.text == "player 1 wins (last player in)"


def test_non_canonical_play_position_is_normalised_K3_11_3() -> None:
    """K3-11.3: reading a position whose mover cannot act applies K3-7.1 (example 8's elimination)."""
    text = "1/2/3/4/5/6/7/2Y5/RBBYGYRRG 1/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 1 - -"
    assert pos(ENGINE.from_position(text)) == (
        "1/2/3/4/5/6/7/2Y5/RBBYGYRRG 1/NR/KBW/GYKN/BRYKG+W|x|N/KY/GGR/BWKN/KYRGB play 2 - -"
    )


def test_white_is_never_placed_K3_5_1_c() -> None:
    """K3-5.1 c: a white only passes (P4: seat 2's side white)."""
    with pytest.raises(IllegalMoveError, match=r"K3-5.1 c"):
        play(P4, "Ws-c2")


def test_build_phase_K3_3() -> None:
    """K3-3: simultaneous private builds; to_move is the lowest unbuilt seat; builds checked."""
    state = play(START4, "base:RBBYGKRRG", "deal:BBRRKKYYG/BBRRKKYYG/BRRKKYYGG/BBKKYYGGG")
    assert ENGINE.to_move(state) == 0 and ENGINE.actors(state) == (0, 1, 2, 3)
    assert state.seats[0].hand == tuple("BBRRKKYYGNW")
    build = ENGINE.parse_move(state, "build:2:Y/GR/KNY/RGKB")
    assert ENGINE.move_seat(state, build) == 2
    state2 = ENGINE.apply(state, build)
    entries = pos(state2).split()[1].split("|")
    assert entries[2] == "Y/GR/KNY/RGKB+W"  # K3-3.1: the 4p white sits beside
    assert pos(state2).split()[3] == "2"
    assert ENGINE.actors(state2) == (0, 1, 3)
    with pytest.raises(IllegalMoveError, match="already built"):
        ENGINE.apply(state2, build)
    with pytest.raises(IllegalMoveError, match=r"K3-3.2"):
        play(state, "build:0:Y/GR/KNY/RGKB")  # seat 0 holds one G, this build uses two
    with pytest.raises(IllegalMoveError, match=r"K3-3.1"):
        play(state, "build:0:BB/RRK/KYYGN")
    with pytest.raises(IllegalMoveError, match=r"K3-5"):
        play(state, "Na1-b2")
    # the view notation hides seat 2's arrangement from everyone else (K3-10)
    assert ENGINE.view_notation(state2, 0).split()[1].split("|")[2] == "!BRRKKYYGGN+W"
    assert ENGINE.view_notation(state2, 2).split()[1].split("|")[2] == "Y/GR/KNY/RGKB+W"
    assert ENGINE.view(state2, 1)["last_move"] == "build:2"


def test_deal_checks_K3_2_2() -> None:
    """K3-2.2: hand sizes and at most 9 of a colour counting the base."""
    state = play(START2, "base:RBBYGKRRG")
    with pytest.raises(IllegalMoveError, match=r"K3-2.2"):
        play(state, "deal:BBBBRRRKKKYYYYGG/BBBRRRKKKKYYYYGGG")
    with pytest.raises(IllegalMoveError, match="only 9 R"):
        play(state, "deal:RRRRRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG")
    with pytest.raises(IllegalMoveError, match=r"K3-2.2"):
        play(state, "deal:BBBBRRRKKKYYYYGGG")
    dealt = play(state, "deal:BBBBRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG")
    # 2 players: 2 coloured and 2 naturals stay out (K3-1.2): 45 - 9 - 34 = 2 coloured
    assert sum(dealt.gone[:5]) == 2 and dealt.gone[LETTERS.index("N")] == 2


def test_sample_chance_distributions_K3_2() -> None:
    """K3-2: the base has 9 coloured of >= 4 colours, colours equally likely; deals are uniform."""
    rng = random.Random(7)
    start = ENGINE.new_game(3)
    colour_hits: Counter[str] = Counter()
    for _ in range(2000):
        move = ENGINE.sample_chance(start, rng)
        row = move.rows[0]
        assert len(row) == 9 and set(row) <= set("BRKYG")
        assert len(set(row)) >= 4
        colour_hits.update(row)
    for colour in "BRKYG":  # symmetric: each near 1/5 of 18000
        assert 3300 < colour_hits[colour] < 3900
    dealt_state = play(START3, "base:RBBYGKRRG")
    seat0_r = 0
    for _ in range(600):
        move = ENGINE.sample_chance(dealt_state, rng)
        assert [len(h) for h in move.rows] == [12, 12, 12]
        total = Counter("".join(move.rows)) + Counter("RBBYGKRRG")
        assert all(total[c] == 9 for c in "BRKYG")  # 3 players: all 36 dealt
        seat0_r += move.rows[0].count("R")
        ENGINE.apply(dealt_state, move)
    # the base holds 3 R, so 6 R are among the 36; seat 0 gets 12 of them: expected 6 * 12 / 36 = 2
    assert 1.8 < seat0_r / 600 < 2.2
    # too many to list: the contract says so (None) and the description declares it
    assert ENGINE.chance_outcomes(start) is None
    assert ENGINE.description.chance == "sampled"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("style", ["random", "sensible"])
def test_auto_build_is_legal_K3_3_4(players: int, style: str) -> None:
    """K3-3.4: auto-builds are ordinary legal builds; sensible never puts a white on top."""
    rng = random.Random(players)
    state = ENGINE.new_game(players)
    state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    for seat in range(players):
        move = auto_build(state, seat, rng, style)
        assert move == ENGINE.parse_move(state, ENGINE.format_move(state, move))
        if style == "sensible":
            # issue 14: never a white on top (a pass would waste the first turn); the opening shows
            # colours (tests/test_k3_sensible_build.py)
            assert move.rows[0] != "W"
        assert ENGINE.auto_build(state, seat, random.Random(3), style) == auto_build(
            state, seat, random.Random(3), style
        )
        state = ENGINE.apply(state, move)
    assert state.phase in ("play", "over")
    with pytest.raises(IllegalMoveError):
        auto_build(state, 0, rng)


# ---- perft (K3-12) --------------------------------------------------------------------------------


@pytest.mark.parametrize(("depth", "count"), list(enumerate([8, 25, 102, 398, 2087, 10281], start=1)))
def test_perft_P2_K3_12(depth: int, count: int) -> None:
    """K3-12: perft 1-6 from P2."""
    assert ENGINE.perft(ENGINE.from_position(P2), depth) == count


@pytest.mark.parametrize(("depth", "count"), list(enumerate([3, 16, 35, 200, 985, 5012], start=1)))
def test_perft_P3_K3_12(depth: int, count: int) -> None:
    """K3-12: perft 1-6 from P3."""
    assert ENGINE.perft(ENGINE.from_position(P3), depth) == count


def test_perft_start_is_P2_K3_12() -> None:
    assert ENGINE.perft_start == P2


# ---- random playouts ----------------------------------------------------------------------------


def conserved(state: K3State) -> bool:
    """K3-1: mountain + players + gone + set-aside spare + undrawn bag = the 55 pieces, per letter."""
    present = Counter(p for row in state.mountain for p in row if p is not None)
    for seat in state.seats:
        present.update(seat.pieces())
    for i, letter in enumerate(LETTERS):
        present[letter] += state.gone[i]
    if state.phase in ("base", "deal"):
        return all(present[c] <= FULL[c] for c in LETTERS) and sum(state.gone) == 0
    spare = state.players == 3 and all(s.status != "out" for s in state.seats)
    present["W"] += spare
    return all(present[c] == FULL[c] for c in LETTERS) and sum(present.values()) == 55


def shuffled_pyramid(state: K3State, seat: int, rng: random.Random) -> K3State:
    """Another arrangement of the same pieces for ``seat`` (to check that views do not depend on it)."""
    rows = state.seats[seat].pyramid
    pieces = [p for row in rows for p in row]
    rng.shuffle(pieces)
    new_rows, pos_ = [], 0
    for row in rows:
        new_rows.append(tuple(pieces[pos_ : pos_ + len(row)]))
        pos_ += len(row)
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], pyramid=tuple(new_rows))
    return replace(state, seats=tuple(seats))


def history_free(state: K3State) -> K3State:
    return replace(state, ply=0, last=None, highlight=(), seats=tuple(replace(s, out_at=0) for s in state.seats))


OUTCOME = re.compile(
    r"player \d wins \(last player in\)|all players win \(summit reached\)"
    r"|all players lose \(player \d has no legal action\)"
)


def run_game(players: int, coop: bool, seed: int, thorough: bool) -> tuple[K3State, list[str], K3State]:
    options = {
        "cooperative": coop,
        "thief": "next" if seed % 3 == 0 else "previous",
        "penalty_requires_match": seed % 4 == 0,
    }
    start = ENGINE.new_game(players, options=options)
    return run_from(start, seed, thorough)


def run_from(start: K3State, seed: int, thorough: bool) -> tuple[K3State, list[str], K3State]:
    """Play ``start`` out at random, checking the invariants every ply."""
    players, coop = start.players, start.coop
    rng = random.Random(seed)
    state, record = start, []
    for _ in range(400):
        if ENGINE.outcome(state) is not None:
            break
        assert conserved(state)
        move = ENGINE.random_move(state, rng)
        text = ENGINE.format_move(state, move)
        assert ENGINE.parse_move(state, text) == move
        if state.phase == "build":
            assert ENGINE.to_move(state) == min(ENGINE.actors(state))
            assert move.seat in ENGINE.actors(state)
        elif state.phase == "play":
            legal = ENGINE.legal_moves(state)
            assert move in legal
            texts = [ENGINE.format_move(state, m) for m in legal]
            assert texts == sorted(texts) and len(set(texts)) == len(texts)
            if thorough:
                for m in legal:
                    assert ENGINE.parse_move(state, ENGINE.format_move(state, m)) == m
                    assert conserved(ENGINE.apply(state, m))
        record.append(text)
        state = ENGINE.apply(state, move)
        assert ENGINE.from_json(json.loads(json.dumps(ENGINE.to_json(state)))) == state
        assert ENGINE.from_position(pos(state)) == history_free(state)
        if state.phase == "play":
            assert ENGINE.legal_moves(state), "K3-11.3: a play position always has a move"
        if thorough or state.phase == "build":
            for viewer in [None, *range(players)]:
                view = ENGINE.view(state, viewer)
                json.dumps(view)
                if state.phase == "build":
                    for other in range(players):
                        if other != viewer and state.seats[other].status == "built":
                            assert "pyramid" not in view["players_info"][other]
                            twin = shuffled_pyramid(state, other, rng)
                            assert ENGINE.view(twin, viewer) == view
    result = ENGINE.outcome(state)
    assert result is not None, "K3-7.4: every game ends"
    assert conserved(state)
    assert OUTCOME.fullmatch(result.text)
    assert len(result.placements) == players
    if coop:
        assert result.winners in ((), tuple(range(players)))
    else:
        assert len(result.winners) == 1 and result.placements[result.winners[0]] == 1
        assert sorted(result.placements)[1] == 2
    return start, record, state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("coop", [False, True])
def test_random_playouts(players: int, coop: bool) -> None:
    """Seeded playouts from the start (base, deal, builds via random_move): invariants every ply."""
    for seed in range(60):
        start, record, final = run_game(players, coop, 1000 * players + seed, thorough=seed < 12)
        again = start
        for text in record:
            again = ENGINE.apply(again, ENGINE.parse_move(again, text))
        assert again == final


@pytest.mark.parametrize("position", [E, P4, BE, X3, COOP_SUMMIT, X3[: -len("-")] + "next"])
def test_random_playouts_from_late_positions(position: str) -> None:
    """Random playouts from the worked examples' positions reach base ends, spare whites, summits."""
    for seed in range(25):
        start, record, final = run_from(ENGINE.from_position(position), seed, thorough=seed < 5)
        again = start
        for text in record:
            again = ENGINE.apply(again, ENGINE.parse_move(again, text))
        assert again == final


def test_sensible_builds_play_out() -> None:
    """Games built with the sensible auto-build also end properly (K3-3.4, K3-7.4)."""
    for seed in range(40):
        rng = random.Random(seed)
        state = ENGINE.new_game(2 + seed % 3)
        while ENGINE.outcome(state) is None:
            if state.phase == "build":
                move = auto_build(state, rng.choice(ENGINE.actors(state)), rng, "sensible")
            else:
                move = ENGINE.random_move(state, rng)
            state = ENGINE.apply(state, move)
        assert conserved(state)


# ---- views --------------------------------------------------------------------------------------


def test_view_shape() -> None:
    """The documented view dict (module docstring of engines/k3.py)."""
    state = play(E, "Rs-g2")
    view = ENGINE.view(state, 1)
    for key in [
        "game",
        "viewer",
        "players",
        "to_move",
        "actors",
        "ply",
        "position",
        "last_move",
        "highlight",
        "outcome",
        "winners",
        "phase",
        "turn",
        "steal",
        "taker",
        "options",
        "mountain",
        "width",
        "open_slots",
        "summit",
        "spare_white",
        "players_info",
    ]:
        assert key in view
    assert view["steal"] == 0 and view["taker"] == 1 and view["to_move"] == 1
    assert view["last_move"] == "Rs-g2" and view["highlight"] == ["0:s", "g2"]
    assert view["mountain"][-2] == ["B", None, "Y", "N", None, None, "R", None]
    assert view["options"] == {"cooperative": False, "penalty_requires_match": False, "thief": "previous"}
    me = view["players_info"][0]
    assert me["state"] == "built" and me["count"] == 14 and me["side"] == []
    assert me["pyramid"][3] == ["K", None, "Y", "N"]


def test_view_build_hides_only_arrangements_K3_10() -> None:
    """K3-10: while building a seat sees its own arrangement; others only count and 'built'."""
    state = play(START3, "base:RBBYGKRRG", "deal:BBBRRKKKYYGG/BBBRRKKKYYGG/BRRKKYYYYGGG", "build:1:B/GN/RWY/KBKN/YRKGB")
    mine = ENGINE.view(state, 1)["players_info"][1]
    assert mine["state"] == "built" and mine["pyramid"][0] == ["B"]
    for viewer in (None, 0, 2):
        other = ENGINE.view(state, viewer)["players_info"][1]
        assert other["state"] == "hidden" and other["count"] == 15 and "pyramid" not in other
        assert "B/GN/RWY" not in json.dumps(ENGINE.view(state, viewer))
    assert ENGINE.view(state, 0)["players_info"][0]["state"] == "hand"
    assert ENGINE.view(state, None)["actors"] == [0, 2]


BUILD3 = "1/2/3/4/5/6/7/8/RBBYGKRRG ?BBBRRKKKYYGGNNW|!BBBRRKKKYYGGNNW|?BRRKKYYYYGGGNNW build 1 - -"  # seat 1 built


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_from_text_gives_each_seat_the_view_it_had_K3_10(players: int) -> None:
    """Issue 28, item 18: for every ply of random games (building included), each seat's view notation
    and the full position, read for that seat, give the view it had of the position; a view that hides a
    seat's own pyramid is refused for that seat.  A state is compared as its position string gives it
    (ply 0, no last move): that is all a text says."""
    rng = random.Random(players)
    refused = built = 0
    for _game in range(5):
        state = ENGINE.new_game(players, seed=rng.randrange(10**6))
        while True:
            full = ENGINE.from_position(pos(state))
            built += state.phase == "build"
            for seat in (None, *range(players)):
                text = ENGINE.view_notation(full, seat)
                assert ENGINE.view_from_text(text, seat) == ENGINE.view(full, seat), (text, seat)
                assert ENGINE.view_from_text(pos(full), seat) == ENGINE.view(full, seat)
                for other in range(players):
                    try:
                        assert ENGINE.view_from_text(text, other) == ENGINE.view(full, other)
                    except HiddenSeatError:
                        refused += 1
                        assert state.phase == "build" and other != seat and state.seats[other].status == "built"
            if ENGINE.outcome(state) is not None:
                break
            state = ENGINE.apply(state, ENGINE.random_move(state, rng))
    assert built >= 5 * players and refused > 0


def test_view_from_text_of_a_build_K3_10() -> None:
    """A spectator's view while building is every unbuilt seat's view too; the builder's is refused."""
    full = play(START3, "base:RBBYGKRRG", "deal:BBBRRKKKYYGG/BBBRRKKKYYGG/BRRKKYYYYGGG", "build:1:B/GN/RWY/KBKN/YRKGB")
    assert ENGINE.view_notation(full, None) == BUILD3
    for seat in (None, 0, 2):
        view = ENGINE.view_from_text(BUILD3, seat)
        assert view == {**ENGINE.view(full, seat), "ply": 0, "last_move": None, "highlight": []}
    with pytest.raises(HiddenSeatError, match="player 1's own pyramid"):
        ENGINE.view_from_text(BUILD3, 1)
    shuffled = BUILD3.replace("!BBBRRKKKYYGGNNW", "!wnnggyykkkrrbbb")  # the hidden pieces in any order, any case
    assert ENGINE.view_from_text(shuffled, 0) == ENGINE.view_from_text(BUILD3, 0)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (BUILD3.replace("build", "play"), "only in a view while the players build"),  # K3-10: play is public
        (BUILD3.replace("!BBB", "!BB"), "its 15 pieces"),
        (BUILD3.replace("!BBB", "!BBX"), "its 15 pieces"),
        (BUILD3.replace("RBBYGKRRG", "RBBYGKRR!"), "only in a view"),
        (BUILD3.replace(" 1 - -", " 1 - !"), "only in a view"),
        (BUILD3.replace("|?BRRKKYYYYGGGNNW", ""), "its 21 pieces"),  # two players: a pyramid of 21 (K3-1.2)
        ("!", "only in a view"),
    ],
)
def test_view_from_text_refuses_what_no_view_is_K3_10(text: str, why: str) -> None:
    with pytest.raises(PositionError, match=why):
        ENGINE.view_from_text(text, 0)


# ---- bad input ------------------------------------------------------------------------------------


BAD_POSITIONS = [
    "",
    "- -|- base - -",
    "- -|- base - - - extra",
    "- - base - - -",  # one player
    "- -|-|-|-|- base - - -",  # five players
    "- -|- lunch - - -",
    "- -|- base 0 - -",
    "1/2/3/4/5/6/7/8/RBBYGKRRG -|- base - - -",
    "1/2/3/4/5/6/7/8/KKKRRRBBB -|- deal - - -",  # 3 colours (K3-2.1)
    "1/2/RBBYGKRRG -|- deal - - -",
    P2.replace("GYWBRB", "GYWBR"),
    P2.replace("play 0", "play 7"),
    E.replace("play 0 - -", "play 0 0 -"),  # the taker is not the penalised player
    P2.replace("1/2/3/4/5/6/7/8/", "1/2/3/4/5/6/R6/8/"),  # a3 over empty a2, b2
    P2.replace("RBBYGKRRG", "RBBYGKRR1"),
    P2.replace("RBBYGKRRG", "RBBYGKRRW"),
    P2.replace("- -", "- sideways"),
    P2.replace("- -", "- coop,coop"),
    P2.replace("N/YR", "N/YX"),
    P2.replace("N/YR", "N/YR/B"),
    P2.replace("1/2/3", "999999999999/2/3"),
    P3.replace("play 1 - -", "play 1 0 -"),  # seat 2, not 1, takes from seat 0 (K3-6.2)
    E.replace("+R|", "+RRRRRRRRRR|"),  # too many R
    "1/2/3/4/5/6/7/8/RBBYGKRRG x|x play - - -",
    "1/2/3/4/5/6/7/8/RBBYGKRRG ?BBBBRRRKKKYYYYGGGNNWW|?BBB build - - -",
]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_bad_positions_raise_position_error(text: str) -> None:
    with pytest.raises(PositionError):
        ENGINE.from_position(text)


def test_bad_moves_leave_state_unchanged() -> None:
    state = ENGINE.from_position(E)
    before = ENGINE.to_json(state)
    for text in ("", "hello", "Ra6", "s-c3", "Zz9-a1", "base:RB", "deal:WW/NN", "build:x:N", "x", "Ka3-", "W"):
        with pytest.raises(InvalidMoveError):
            ENGINE.apply(state, ENGINE.parse_move(state, text))
    for text in ("Ka3-a9", "Ka3-a1", "Bs-c3", "Ra3-c3", "xKa3", "Wa3", "a9-b2", "base:RBBYGKRRG", "build:0:N"):
        with pytest.raises(IllegalMoveError):
            ENGINE.apply(state, ENGINE.parse_move(state, text))
    assert ENGINE.to_json(state) == before
    with pytest.raises(InvalidMoveError):
        ENGINE.apply(state, ("place", "R"))  # type: ignore[arg-type]
    over = play(BE, "Re1->")
    with pytest.raises(IllegalMoveError, match="over"):
        ENGINE.apply(over, K3Move("pass", "W", None))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet="abcdgknrswxyBGKNRWY0123456789-<>:/ ?!+|", max_size=24))
def test_junk_moves_only_raise_move_errors(text: str) -> None:
    for position in (E, START2, P4):
        state = ENGINE.from_position(position)
        try:
            move = ENGINE.parse_move(state, text)
            ENGINE.apply(state, move)
        except MoveError:
            pass


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="123456789BRKYGNW/|x?-+ abcdeplayoverbuild", max_size=80))
def test_junk_positions_only_raise_position_errors(text: str) -> None:
    with contextlib.suppress(PositionError):
        ENGINE.from_position(text)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 200), st.sampled_from([P2, P3, E, P4, BE, X3]), st.text(alphabet="BRKYGNW0123456789/", max_size=3)
)
def test_mutated_positions_only_raise_position_errors(index: int, base: str, insert: str) -> None:
    text = base[: index % len(base)] + insert + base[index % len(base) :]
    try:
        state = ENGINE.from_position(text)
    except PositionError:
        return
    assert history_free(ENGINE.from_position(pos(state))) == history_free(state)


def test_bad_json() -> None:
    for data in ({}, {"position": 3}, {"position": P2}, [], {"position": P2, "ply": "x", "out_at": [0, 0], "gone": []}):
        with pytest.raises(PositionError):
            ENGINE.from_json(data)  # type: ignore[arg-type]


# ---- command line -------------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engines", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_moves_perft_play_view() -> None:
    assert cli("moves", "k3", P4).stdout.split() == ["Ws", "Ya4-c2", "Ya4-d2"]
    assert cli("perft", "k3", "3").stdout.strip() == "102"  # K3-12: no position = P2
    out = cli("play", "k3", BE, "Re1->").stdout.splitlines()
    assert out[1] == "outcome: player 2 wins (last player in)"
    build = "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|?BBBRRRKKKKYYYYGGGNNWW build 0 - -"
    assert cli("view", "k3", build, "1").stdout.split()[1] == "!BBBBRRRKKKYYYYGGGNNWW|?BBBRRRKKKKYYYYGGGNNWW"
    assert cli("view", "k3", build, "0").stdout.split()[1].startswith("N/YR/")
    assert cli("moves", "k3", "- -|- base - - -").stdout == ""  # K3-11.5
    assert cli("moves", "k3", "nonsense").returncode == 2


def test_a_built_pyramid_hidden_while_others_build_shows_its_pieces_not_their_places_k3_10() -> None:
    """K3-10: the deal is public, so another builder's pieces stay shown once built (in the order dealt pieces
    are shown); where they stand stays hidden until everyone has built."""
    import random as _random

    engine = get_engine("k3")
    rng = _random.Random(1)
    state = engine.new_game(3, 1)
    while engine.to_move(state) == CHANCE:
        state = engine.apply(state, engine.random_move(state, rng))
    dealt = [list(p["hand"]) for p in engine.view(state, None)["players_info"]]
    state = engine.apply(state, engine.random_move(state, rng))  # one player builds
    builder = next(i for i, p in enumerate(engine.view(state, None)["players_info"]) if p["state"] != "hand")
    seen = engine.view(state, (builder + 1) % 3)["players_info"][builder]
    assert seen["state"] == "hidden" and "pyramid" not in seen
    assert seen["hand"] == dealt[builder]  # the same pieces in the same order as dealt: nothing of the build
