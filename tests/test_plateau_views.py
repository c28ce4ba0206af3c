"""Plateau information model (PL-9): views leak nothing, knowledge follows the reveal events,
determinize() samples states that every seat sees exactly as the real one.

The no-leak property is checked against the true state's knowledge (the public bits of PL-9.3):
for every ply of random games and every viewer (0, 1, spectator), each face shown is either the
viewer's own piece, or a public face, and every other face is "?".
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import plateau as P
from engines.base import HiddenSeatError, PositionError

E = P.ENGINE
VIEW_KEYS = {
    "game", "viewer", "players", "to_move", "actors", "ply", "position", "last_move", "highlight", "outcome",
    "winners", "reason", "board", "reserves", "reserve_sizes", "prisoners", "phase", "side", "tender", "refused",
    "options",
}  # fmt: skip


def check_no_leak(state, viewer) -> dict:
    """Every face in the view is known to ``viewer`` (own piece, public, or the game is over)."""
    view = E.view(state, viewer)
    assert set(view) == VIEW_KEYS
    json.dumps(view)  # JSON-ready
    over = E.outcome(state) is not None
    for sq in range(16):
        truth = state.board[sq]
        shown = view["board"][3 - sq // 4][sq % 4]
        assert len(shown) == len(truth)
        for piece, seen in zip(truth, shown):
            owner = piece & 1
            assert seen["owner"] == owner
            assert seen["up_public"] == bool(piece & P.UP_PUB)
            assert seen["down_public"] == bool(piece & P.DOWN_PUB)
            for face, key, bit in ((P.P_UP[piece], "up", P.UP_PUB), (P.P_DOWN[piece], "down", P.DOWN_PUB)):
                if over or viewer == owner or piece & bit:
                    assert seen[key] == P.FACE_CHARS[face]
                else:
                    assert seen[key] == "?", (sq, piece, viewer)
    for q in (0, 1):
        if over or viewer == q:
            assert view["reserves"][q] == P.types_list(state.reserves[q])
        else:
            assert view["reserves"][q] == sum(state.reserves[q])
        assert view["prisoners"][q] == P.types_list(state.prisoners[q])
    # the view notation (PL-10.3) hides the same faces
    text = view["position"]
    if over:
        assert text == E.to_position(state)
    else:
        fields = P._parse_fields(text, view=True)
        for sq in range(16):
            for piece, (owner, up, down, up_pub, down_pub) in zip(state.board[sq], fields["squares"][sq]):
                assert (up_pub, down_pub) == (bool(piece & P.UP_PUB), bool(piece & P.DOWN_PUB))
                for face, parsed, bit in ((P.P_UP[piece], up, P.UP_PUB), (P.P_DOWN[piece], down, P.DOWN_PUB)):
                    if viewer == owner or piece & bit:
                        assert parsed == face
                    else:
                        assert parsed == P.UNKNOWN
        for q in (0, 1):
            expected = state.reserves[q] if viewer == q else sum(state.reserves[q])
            assert fields["reserves"][q] == expected
    if view["last_move"]:
        assert "?" in view["last_move"] or not view["last_move"].startswith("+")
    return view


def public_faces(state) -> int:
    on_board = sum(bool(p & P.UP_PUB) + bool(p & P.DOWN_PUB) for s in state.board for p in s)
    return on_board + 2 * sum(map(sum, state.prisoners))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9))
def test_no_leak_property(seed: int) -> None:
    """PL-9.4: for every ply and every viewer, nothing the viewer does not know is shown."""
    rng = random.Random(seed)
    state = E.new_game(2, options={"max_plies": 120})
    while True:
        for viewer in (0, 1, None):
            check_no_leak(state, viewer)
        if E.outcome(state) is not None:
            break
        move = E.random_move(state, rng)
        public = E.public_move(state, move)
        text = E.format_move(state, move)
        before = public_faces(state)
        state = E.apply(state, move)
        assert E.view(state, None)["last_move"] == public
        if text.startswith("+"):
            assert public != text and "?" in public  # PL-9.5: hidden faces stay hidden in the record
        else:
            assert public == text
        if not text.startswith("return:"):  # PL-9.3: knowledge only grows, except back to a reserve
            assert public_faces(state) >= before


def test_views_of_a_finished_game_show_everything() -> None:
    """PL-8.6 / PL-9.4: after the end every view is the full position."""
    state = E.from_position("4/4/4/Bxx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx rb.ox.rx.bx.rr.2bb.4xx - - 30")
    over = E.play(state, "+xx@a1:5")
    for viewer in (0, 1, None):
        view = E.view(over, viewer)
        assert view["position"] == E.to_position(over)
        assert view["board"][3][0][0] == {"owner": 0, "up": "x", "down": "x", "up_public": False,
                                          "down_public": False}  # fmt: skip
        assert view["reserves"] == [["rb", "ox", "rx", "bx", "rr", "bb"], P.types_list(over.reserves[1])]
        assert view["outcome"] == "winner 0 (stack)" and view["winners"] == [0] and view["to_move"] is None


def test_view_shape_of_example_1() -> None:
    """The documented view dict on PL-11 example 1's position."""
    state = E.from_position("3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2")
    black = E.view(state, 0)
    assert black["board"][0][3] == [  # d4: rank 4 comes first
        {"owner": 1, "up": "?", "down": "?", "up_public": False, "down_public": False},
        {"owner": 1, "up": "x", "down": "?", "up_public": True, "down_public": False},
    ]
    assert black["board"][3][0] == [  # a1
        {"owner": 0, "up": "x", "down": "x", "up_public": False, "down_public": False},
        {"owner": 0, "up": "r", "down": "b", "up_public": True, "down_public": False},
    ]
    assert black["reserves"] == [["ox", "rx", "bx", "rr", "rr", "bb", "bb", "xx", "xx", "xx"], 10]
    assert black["reserve_sizes"] == [10, 10]
    assert black["phase"] == "turn" and black["side"] == 0 and black["to_move"] == 0 and black["actors"] == [0]
    assert black["tender"] is None and black["refused"] is None and black["prisoners"] == [[], []]
    spectator = E.view(state, None)
    assert spectator["reserves"] == [10, 10]
    assert spectator["board"][3][0][1]["down"] == "?"
    white = E.view(state, 1)
    assert white["board"][0][3][0] == {"owner": 1, "up": "x", "down": "o", "up_public": False, "down_public": False}


def test_view_of_a_pending_tender() -> None:
    """PL-9.1: a tender (and a refusal's bar) is public."""
    start = E.from_position("3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30")
    state = E.play(start, "tender:rr")
    view = E.view(state, None)
    assert view["tender"] == {"types": ["rr"], "value": 5, "tenderer": 0}
    assert view["phase"] == "reply" and view["to_move"] == 1
    assert view["prisoners"] == [["rr", "xx", "xx"], ["rx", "bb"]]
    refused = E.play(E.play(start, "tender:xx"), "refuse")
    assert E.view(refused, 1)["refused"] == 1 and E.view(refused, 1)["phase"] == "refused"
    assert E.view(refused, 1)["tender"] is None


def test_exchange_hides_returned_pieces_again() -> None:
    """PL-7.3 / PL-9.3: pieces going back to a reserve are hidden again (counts only for the other)."""
    state = E.from_position("3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30")
    done = E.play(E.play(state, "tender:rr"), "return:bb")
    # Black's reserve 9 + bb = 10; White's 8 + rr = 9
    assert E.view(done, 0)["reserves"][1] == 9 and E.view(done, None)["reserves"] == [10, 9]
    assert E.view(done, 0)["reserves"][0].count("bb") == 2


def test_determinize_is_consistent_with_the_view() -> None:
    """determinize(view, seat): every sampled state gives that seat (and the spectator, from the
    spectator view) exactly the same view, and the samples do vary the hidden information."""
    rng = random.Random(99)
    varied = 0
    for _game in range(12):
        state = E.new_game(2)
        while E.outcome(state) is None:
            if state.ply % 3 == 0:
                for seat in (0, 1, None):
                    view = E.view(state, seat)
                    samples = set()
                    for _ in range(3):
                        sample = P.determinize(view, seat, rng)
                        assert E.view(sample, seat) == view
                        assert E.to_move(sample) == E.to_move(state)
                        samples.add(E.to_position(sample))
                        if seat is not None:  # the sample is a complete, legal game state
                            assert sample.reserves[seat] == state.reserves[seat]
                    varied += len(samples) > 1
            state = E.apply(state, E.random_move(state, rng))
    assert varied > 50
    # the engine method is the same function
    view = E.view(state, 0)
    assert E.determinize(view, 0, random.Random(1)) == P.determinize(view, 0, random.Random(1))


def test_determinized_state_can_be_played_on() -> None:
    """A sample is a full state: its legal moves apply."""
    rng = random.Random(4)
    state = E.new_game(2)
    for _ in range(20):
        state = E.apply(state, E.random_move(state, rng))
        if E.outcome(state) is not None:
            break
    sample = P.determinize(E.view(state, 1), 1, rng)
    for move in E.legal_moves(sample)[:50]:
        E.apply(sample, move)


# ---- a view notation read back (issue 28, item 18: ``python -m ai`` from what the console prints) --------
EXAMPLE_1 = "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"
EXAMPLE_1_BLACK = "3,W??.WX?/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx #10 - - 2"  # PL-11 example 1
EXAMPLE_1_SPECTATOR = "3,W??.WX?/4/4/B??.BR?,3 B turn #10 #10 - - 2"


def test_view_from_text_gives_each_seat_the_view_it_had() -> None:
    """PL-10.3: for every ply of random games, every seat's view notation (and the full position) read
    for that seat is the view the seat had of the position; read for a seat it hides own pieces of,
    it is refused.  A state is compared as its position string gives it (no last move, no history):
    that is all a text says."""
    rng = random.Random(28)
    refused = 0
    for _game in range(6):
        state = E.new_game(2)
        while True:
            full = E.from_position(E.to_position(state))
            for seat in (0, 1, None):
                text = E.view_notation(full, seat)
                assert E.view_from_text(text, seat) == E.view(full, seat), (text, seat)
                assert E.view_from_text(E.to_position(full), seat) == E.view(full, seat)
                for other in (0, 1):
                    if other == seat:
                        continue
                    try:
                        assert E.view_from_text(text, other) == E.view(full, other)  # it hid nothing of other's
                    except HiddenSeatError:
                        refused += 1
            if E.outcome(state) is not None:
                break
            state = E.apply(state, E.random_move(state, rng))
    assert refused > 500


def test_view_from_text_of_example_1() -> None:
    """PL-11 example 1: Black's view and the spectator's, read back; the spectator's cannot be Black's."""
    full = E.from_position(EXAMPLE_1)
    assert E.view_from_text(EXAMPLE_1_BLACK, 0) == E.view(full, 0)
    assert E.view_from_text(EXAMPLE_1_BLACK, None) == E.view_from_text(EXAMPLE_1_SPECTATOR, None) == E.view(full, None)
    with pytest.raises(HiddenSeatError, match="Black's own pieces"):
        E.view_from_text(EXAMPLE_1_SPECTATOR, 0)
    with pytest.raises(HiddenSeatError, match="White's own pieces"):
        E.view_from_text(EXAMPLE_1_BLACK, 1)
    options = {"max_plies": 50, "repetition_draw": False}
    assert E.view_from_text(EXAMPLE_1_BLACK, 0, options) == E.view(E.from_position(EXAMPLE_1, options), 0)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (EXAMPLE_1_BLACK.replace("WX?", "W??"), "up face public"),  # PL-9.3: a top piece's up face is public
        (EXAMPLE_1_BLACK.replace("#10", "#9"), "reserve size"),  # 2 on the board + 9 is not 12 (PL-1.2)
        (EXAMPLE_1_BLACK.replace("#10", "#" + "9" * 5000), "too long"),
        (EXAMPLE_1_BLACK.replace("#10", "?10"), "not a type"),
        (EXAMPLE_1_BLACK.replace("W??", "W?"), "not a piece"),
        (EXAMPLE_1_BLACK.replace(" 2", ""), "8 fields"),
        # a finished game's views show every face (PL-8.6): Black's six in a1 won, a White face still "?"
        ("4/4/4/Bxx.BXx.BXx.BRr.BBb.BXx.WR?,3 W turn rb.ox.rx.bx.rr.bb #11 - - 31", "finished"),
    ],
)
def test_view_from_text_refuses_what_no_view_is(text: str, why: str) -> None:
    with pytest.raises(PositionError, match=why):
        E.view_from_text(text, 0)
