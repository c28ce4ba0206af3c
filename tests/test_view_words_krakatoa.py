"""Krakatoa's picture in words (``Engine.view_words``, the alt text's facts), checked at the facts level.

Expected facts are derived here from what a test holds in its own hands: the position notation of KR-10.1,
read field by field below (``expected_from_position``), or the moves a test plays; never from the function's
own output.  Nothing is hidden in Krakatoa (KR-9.1), so every viewer gets the same words; random games check
that every die, total and mark the view holds is told exactly as the view has it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines import get_engine
from engines.base import CHANCE

E = get_engine("krakatoa")

#: KR-2.2 the set table, as the rules document prints it: sorted colours -> (points, class); else a Bust, 0
TABLE = {"YYY": (10, "Volcano"), "RRR": (5, "Volcano"), "BBB": (3, "Volcano"),
         "YYB": (2, "Deuce"), "YYR": (2, "Deuce"), "YRR": (1, "Deuce")}
TITLE = {"s": "Steam", "a": "Ash", "l": "Lava"}
SET_OF_THROW = {"3": "s", "4": "a", "5": "l"}  # KR-4.3: throws 3, 4, 5 are Steam, Ash, Lava
CODES = {"stage", "stage_set", "throwoff", "bonus", "bonus_set", "over", "set", "changed", "throwoff_waiting",
         "throwoff_again", "throwoff_out", "throwoff_threw", "throwoff_scored", "throwoff_starts", "boxes", "basic",
         *(f"side{r}{m}" for r in ("", "_rounds") for m in ("", "_next", "_next_after"))}
TAIL = "- 3 advanced"  # KR-11: a trailing … stands for "- 3 advanced"


def set_fact(x: str, faces: str) -> dict[str, Any]:
    """A set told: its name, its faces as colour words in the written order (KR-1.2), its class and points."""
    points, cls = TABLE.get(faces, (0, "Bust"))
    return {"set_term": TITLE[x], "faces_terms": [f"face_{c}" for c in faces], "class_term": cls,
            "points_count": points}


def throwoff_fact(side_seats: list[int], x: str, faces: str) -> dict[str, Any]:
    """A throw-off throw told (KR-4.1): who, the set, its faces and points (its class is not drawn there)."""
    return {"side_seats": side_seats, **{k: v for k, v in set_fact(x, faces).items() if k != "class_term"}}


def expected_from_position(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The facts a position's picture should give, read from its twelve fields (KR-10.1).  A position holds
    no history: no changed dice, no throw-off log, an empty score sheet."""
    dice, phase, rnd, throw, _seat, step, _start, totals, marks, throwoff, boxes, options = text.split()
    teams = options.endswith("+teams")
    out: list[tuple[str, dict[str, Any]]] = []
    thrown = SET_OF_THROW.get(throw) if phase == "play" else None
    if (throw == "2" or throw.startswith("b")) and step.startswith(("aim:", "roll:")):
        thrown = step.split(":")[1]  # the set chosen for throw 2 or a bonus box (KR-4.3, KR-5.2)
    named = {"set_term": TITLE[thrown]} if thrown else {}
    if phase == "over":
        out.append(("over", {"round": int(rnd)}))
    elif phase == "throwoff":
        out.append(("throwoff", {}))
    elif phase == "bonus":
        out.append(("bonus_set" if thrown else "bonus", {"box": int(throw[1:]), **named}))
    else:
        out.append(("stage_set" if thrown else "stage", {"round": int(rnd), "throw": int(throw), **named}))
    for x, faces in zip("sal", dice.upper().split("/"), strict=True):
        if faces != "---":
            out.append(("set", set_fact(x, "".join(sorted(faces, key="YRB".index)))))
    side_totals = [int(n) for n in totals.split(",")]
    sides = len(side_totals)
    seats = [[side, side + 2] if teams else [side] for side in range(sides)]  # KR-6.2: team k = seats k, k+2
    if phase == "throwoff":
        for side, mark in enumerate(throwoff.split(",")):
            if mark == "?":
                out.append(("throwoff_waiting", {"side_seats": seats[side]}))
            elif mark == "x":
                out.append(("throwoff_out", {"side_seats": seats[side]}))
            else:
                out.append(("throwoff_scored", {"side_seats": seats[side], "points_count": int(mark)}))
    if options.startswith("basic"):
        out.append(("basic", {}))
    elif phase != "over":
        out.append(("boxes", {"boxes": int(boxes)}))
    for side, (total, pair) in enumerate(zip(side_totals, marks.split(","), strict=True)):
        m1, m2 = (0, 0) if phase == "over" else (int(pair[0]), int(pair[1]))
        facts: dict[str, Any] = {"side_seats": seats[side], "points_count": total}
        code = "side"
        if m1 or m2:  # KR-2.4: x doubles, xx quadruples
            code += "_next_after" if m2 else "_next"
            facts["next"] = 2 ** m1
            if m2:
                facts["after"] = 2 ** m2
        out.append((code, facts))
    return out


def words(state: Any, viewer: int | None = None) -> list[tuple[str, dict[str, Any]]]:
    return E.view_words(E.view(state, viewer))


def play(state: Any, *moves: str) -> Any:
    if isinstance(state, str):
        state = E.from_position(state)
    for text in moves:
        state = E.apply(state, E.parse_move(state, text))
    return state


POSITIONS = [
    "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced",  # KR-10.2 the start
    "YYB/---/--- throwoff 1 - 1 set - 0,0 10,00 2,? 3 advanced",  # E1, between the two throws
    "---/---/RRR play 1 1 1 throw 1 0,0 10,20 " + TAIL,  # E1 after the throw-off
    "---/YYB/--- throwoff 1 - 0 set - 0,0,0 20,20,10 ?,?,x 3 advanced",  # E2 a tie: side 2 is out
    "---/YYB/--- throwoff 1 - 0 roll:a - 0,0,0 20,20,10 ?,?,x 3 advanced",  # E2 the tie's Ash rolling
    "RRB/YRB/RBB play 1 1 1 keep 1 0,0 10,20 " + TAIL,  # E3 throw 1 to keep
    "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 " + TAIL,  # E3 after the rethrow: throw 2, no set yet
    "YYB/YRR/RRR play 1 2 1 aim:a 1 0,32 10,00 " + TAIL,  # E4 Ash chosen for throw 2
    "YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 " + TAIL,  # E5 Ash thrown at s3
    "YYB/YYY/RBB play 1 3 1 aim:s 1 0,44 10,10 " + TAIL,  # E5 Steam's throw 3
    "RRB/BBB/RBB play 1 4 1 aim:a 1 0,50 10,10 " + TAIL,  # E5 Ash's throw 4
    "RRB/YYR/RBB play 1 5 1 aim:l 1 0,50 10,00 " + TAIL,  # E6 Lava's throw 5 after a scratch
    "RRB/YRR/YYB play 3 3 0 aim:s 0 80,66 11,00 " + TAIL,  # E9 two marks waiting
    "BBB/BBB/BBB play 4 5 1 aim:l 1 120,140 00,22 " + TAIL,  # E10 xx now and xx after
    "YYB/YRR/RRR play 1 2 1 set 1 0,32 01,00 " + TAIL,  # only a mark on the throw after (KR-3.8's m2)
    "YYY/RRR/BBB bonus 6 b1 0 set 0 168,161 11,00 - 2 advanced",  # E11 a bonus box, no set chosen
    "YYY/RRR/BBB bonus 6 b1 0 aim:l 0 168,161 11,00 - 2 advanced",  # E11 Lava chosen for box 1
    "YYY/RRB/YYB bonus 6 b2 0 set 0 192,161 10,00 - 1 advanced",  # E11 box 2
    "YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced",  # E12 the end
    "YYB/YRR/YRB play 2 1 3 throw 1 40,41 00,00 - 3 advanced+teams",  # E13 partnerships
    "YYB/YRR/RRR play 3 1 0 throw 0 160,40 00,00 - 0 basic",  # E14 the basic game
    "YRB/YRB/YRB play 2 3 2 aim:s 2 12,30,7,0 00,20,10,00 " + TAIL,  # four players
]


@pytest.mark.parametrize("position", POSITIONS)
def test_a_position_is_told_as_its_notation_says(position: str) -> None:
    state = E.from_position(position)
    assert words(state) == expected_from_position(E.to_position(state))


def test_one_position_checked_by_hand_kr_2_2_kr_3_8() -> None:
    # E5: Steam YYB is a Deuce (2), Ash YYY a Volcano (10), Lava RBB a Bust; both sides hold x (×2) next
    state = E.from_position("YYB/YYY/RBB play 1 3 1 aim:s 1 0,44 10,10 " + TAIL)
    assert words(state) == [
        ("stage_set", {"round": 1, "throw": 3, "set_term": "Steam"}),
        ("set", {"set_term": "Steam", "faces_terms": ["face_Y", "face_Y", "face_B"], "class_term": "Deuce",
                 "points_count": 2}),
        ("set", {"set_term": "Ash", "faces_terms": ["face_Y", "face_Y", "face_Y"], "class_term": "Volcano",
                 "points_count": 10}),
        ("set", {"set_term": "Lava", "faces_terms": ["face_R", "face_B", "face_B"], "class_term": "Bust",
                 "points_count": 0}),
        ("boxes", {"boxes": 3}),
        ("side_next", {"side_seats": [0], "points_count": 0, "next": 2}),
        ("side_next", {"side_seats": [1], "points_count": 44, "next": 2}),
    ]


def test_the_throw_off_is_told_throw_by_throw_kr_4_1() -> None:
    # E1: side 0 throws Steam YYB (a Deuce, 2), side 1 Lava RRR (a Volcano, 5) and starts round 1
    first = play(E.new_game(2), "steam", "roll ybY/---/---")
    told = words(first)
    assert told[0] == ("throwoff", {})
    assert ("set", set_fact("s", "YYB")) in told
    assert ("changed", {"dice": "s1, s2, s3"}) in told  # a set that just appeared is new entirely
    assert ("throwoff_threw", throwoff_fact([0], "s", "YYB")) in told
    assert ("throwoff_waiting", {"side_seats": [1]}) in told
    assert ("side_next", {"side_seats": [0], "points_count": 0, "next": 2}) in told  # KR-4.1: a Deuce gives x
    decided = play(first, "lava", "roll ---/---/RRR")
    told = words(decided)
    assert told[0] == ("stage", {"round": 1, "throw": 1})
    table = [(code, facts) for code, facts in told if code.startswith("throwoff")]
    assert table == [("throwoff_threw", throwoff_fact([0], "s", "YYB")),
                     ("throwoff_threw", throwoff_fact([1], "l", "RRR")), ("throwoff_starts", {"side_seats": [1]})]
    # once throw 1 of round 1 is rolled the dice show all three sets and the throw-off's table is gone
    rolled = play(decided, "throw", "roll RRB/YRB/RBB")
    assert not any(code.startswith("throwoff") for code, _ in words(rolled))


def test_a_throw_off_tie_names_who_throws_again_and_who_is_out_kr_4_1() -> None:
    # E2: Lava RRR 5, Steam RRR 5, Ash YYB 2: sides 0 and 1 tie and throw again, side 2 is out
    tied = play(E.new_game(3), "lava", "roll ---/---/RRR", "steam", "roll RRR/---/---", "ash", "roll ---/YYB/---")
    told = words(tied)
    assert [(c, f) for c, f in told if c.startswith("throwoff_")] == [
        ("throwoff_again", {"side_seats": [0]}), ("throwoff_again", {"side_seats": [1]}),
        ("throwoff_out", {"side_seats": [2]})]
    assert [f["set_term"] for c, f in told if c == "set"] == ["Ash"]  # KR-4.1: only the set thrown last
    # side 0's Ash BBB (3) beats side 1's Steam YRB (0): side 0 starts; side 2's last throw stays on the table
    decided = play(tied, "ash", "roll ---/BBB/---", "steam", "roll YRB/---/---")
    table = [(c, f.get("set_term"), f.get("points_count"), f["side_seats"]) for c, f in words(decided)
             if c.startswith("throwoff_")]
    assert table == [("throwoff_threw", "Ash", 3, [0]), ("throwoff_threw", "Steam", 0, [1]),
                     ("throwoff_threw", "Ash", 2, [2]), ("throwoff_starts", None, None, [0])]


def test_partners_share_one_total_kr_6_2() -> None:
    state = E.from_position("YYB/YRR/YRB play 2 1 3 throw 1 40,41 10,00 - 3 advanced+teams")
    sides = [(c, f) for c, f in words(state) if c.startswith("side")]
    assert sides == [("side_next", {"side_seats": [0, 2], "points_count": 40, "next": 2}),
                     ("side", {"side_seats": [1, 3], "points_count": 41})]


def test_a_game_ended_outside_the_rules_says_it_is_over_kr_4_4() -> None:
    state = E.from_position("YYB/YRR/RRR play 3 2 1 aim:a 1 50,62 20,00 " + TAIL)
    told = E.view_words(E.final_view(state))
    assert told[0] == ("over", {"round": 3})
    assert ("boxes", {"boxes": 3}) not in told  # nothing left to play for
    assert [c for c, _ in told if c.startswith("side")] == ["side", "side"]  # no mark waits in a game over


def test_the_score_sheet_by_round_adds_up_to_the_total_kr_3_kr_5() -> None:
    # E11's bonus box counts in round 6: a game played through, then every side's rounds sum to its total
    rng = random.Random(5)
    state = E.new_game(2, 5, {})
    while E.to_move(state) is not None:
        state = E.apply(state, E.sample_chance(state, rng) if E.to_move(state) == CHANCE else E.auto_move(state))
    sides = [f for c, f in words(state) if c.startswith("side")]
    assert [f["points_count"] for f in sides] == list(state.totals)
    for facts, entries in zip(sides, state.sheet, strict=True):
        by_round = [int(n) for n in facts["rounds"].split(", ")]
        assert len(by_round) == 6 and sum(by_round) == facts["points_count"]
        assert by_round == [sum(e[2] for e in entries if e[0] == r) for r in range(1, 7)]


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, str | int | bool)


def _check_view(view: dict[str, Any], over: bool) -> None:
    """Everything the view holds is told as the view has it: each set's dice, the changed dice, each
    side's total, its points by round and its marks; facts are JSON-plain and codes known."""
    told = E.view_words(view)
    for code, facts in told:
        assert code in CODES and _plain(facts) and json.loads(json.dumps(facts)) == facts
    assert (told[0][0] == "over") == over
    on_table = {TITLE[x]: faces for x, faces in view["dice"].items() if faces}
    sets = {f["set_term"]: f for c, f in told if c == "set"}
    assert {name: "".join(t[-1] for t in f["faces_terms"]) for name, f in sets.items()} == on_table
    assert sum(len(f["faces_terms"]) for f in sets.values()) == 3 * len(on_table)
    for name, f in sets.items():
        x = next(k for k, v in TITLE.items() if v == name)
        assert (f["points_count"], f["class_term"]) == (view["sets"][x]["points"], view["sets"][x]["class"])
    changed = [f["dice"] for c, f in told if c == "changed"]
    assert changed == ([", ".join(view["changed"])] if view["changed"] else [])
    sides = [(c, f) for c, f in told if c.startswith("side")]
    assert len(sides) == view["sides"]
    for side, (code, facts) in enumerate(sides):
        assert facts["side_seats"] == [s for s, k in enumerate(view["side_of_seat"]) if k == side]
        assert facts["points_count"] == view["totals"][side]
        scored = [e for entries in view["sheet"][side] for e in entries if e["points"] is not None]
        assert ("_rounds" in code) == bool(scored)
        if scored:
            assert sum(int(n) for n in facts["rounds"].split(", ")) == view["totals"][side]
        else:
            assert view["totals"][side] == 0
        m1, m2 = (0, 0) if over else view["pending_marks"][side]
        assert facts.get("next") == (2 ** m1 if m1 or m2 else None)
        assert facts.get("after") == (2 ** m2 if m2 else None)
    assert (("basic", {}) in told) == (view["preset"] == "basic")


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {"teams": True}), (4, {"preset": "basic"})])
def test_random_games_tell_every_die_total_and_mark_alike_for_every_viewer(players: int,
                                                                          options: dict[str, Any]) -> None:
    for seed in range(2):
        rng = random.Random(seed * 17 + players)
        state = E.new_game(players, seed, options)
        while True:
            view = E.view(state, None)
            _check_view(view, E.to_move(state) is None)
            assert all(E.view_words(E.view(state, seat)) == E.view_words(view) for seat in range(players))
            if E.to_move(state) is None:
                break
            if rng.random() < 0.02:
                _check_view(E.final_view(state), True)
            if E.to_move(state) == CHANCE:
                move = E.sample_chance(state, rng)
            else:
                move = rng.choice(E.legal_moves(state)) if rng.random() < 0.4 else E.auto_move(state)
            state = E.apply(state, move)
        _check_view(E.final_view(state), True)


def test_points_by_round_are_said_as_a_list_not_as_a_round_number() -> None:
    # "Ana: 4 points (by round 4)" was heard as "by round four": the list is said as one
    from tables import t
    for lang, said in (("en", "round by round: 30, 47, 8"), ("es", "ronda a ronda: 30, 47, 8")):
        for key in ("picture.krakatoa.side_rounds", "picture.krakatoa.side_rounds_next",
                    "picture.krakatoa.side_rounds_next_after"):
            text = t(key, lang, side="Ana", points="85 points", rounds="30, 47, 8", next=2, after=4)
            assert said in text and "by round 30" not in text and "por ronda 30" not in text, text
