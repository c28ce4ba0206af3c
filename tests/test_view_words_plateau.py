"""Plateau's picture in words (``Engine.view_words``, the alt text's facts), checked at the facts level.

Expected facts are derived here from what a test holds in its own hands: the position notation of PL-10.1, read
field by field below (``expected_from_position``), the rules' worked examples (PL-11) and hand-checked tiny
positions; never from the function's own output.  Plateau hides faces (PL-9): twin states that differ only in
what a viewer cannot see give that viewer the same words, and a seat's own words tell its own hidden faces
(``secret``: lower case, as the view notation marks them, PL-10.3).  Random games check that every piece of
every stack is told once, in order, with its owner and faces exactly as the view has them.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engines import get_engine
from engines.plateau import FACE_PAIRS, determinize

E = get_engine("plateau")

#: PL-1.2: the types in the canonical order of PL-10.1, and their values (PL-7)
TYPES = ("rb", "ox", "rx", "bx", "rr", "bb", "xx")
VALUES = {"rb": 21, "ox": 15, "rx": 10, "bx": 8, "rr": 5, "bb": 4, "xx": 1}
OWNER = {"B": "owner_Black", "W": "owner_White"}
CODES = {"empty", "key", "key_secret", "single", "stack", "tall", "below", "tender", "tender_refusable", "refused",
         *(f"player_{r}{p}" for r in ("hidden", "listed", "empty") for p in ("", "_prisoners"))}
START = "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0"  # PL-10.2
OPENED = "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"  # PL-11.1
EXCHANGE = "3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30"  # PL-11.11
#: the worked examples of PL-11 (each a position going on)
EXAMPLES = [
    OPENED,
    "4/4/2,WRr.BXx,1/4 B turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.4xx - - 9",
    "4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.bx.2rr.2bb.xx - - 15",
    "4/BXx.WXx.BXx.BRr,3/WXx,3/WXx.WRr,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.xx - - 15",
    "2,WBb,1/4/1,WXx,2/1,BRr.BXx,2 B turn rb.ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.2rr.bb.3xx - - 12",
    "WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.2rr.2bb.2xx - - 12",
    "4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx rb.ox.rx.bx.rr.2bb.3xx - - 12",
    "4/2,WXx.BXx.WRr,1/4/2,BXx.BRr,1 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.rr.2bb.3xx - - 12",
    "4/4/1,WRr,1,WXx/1,BXx.BOx,2 B turn rb.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.3xx - - 12",
    EXCHANGE,
    "4/4/4/BXx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx rb.ox.rx.bx.rr.2bb.4xx - - 30",
    # hidden faces of every kind: an opening's hidden bottom, a buried up face, a public down face (a flip)
    "Wxo.WXx.BRB,3/4/1,Bxx.WBb.Wrr.BXr,2/BxX.BRr,3 W turn ox.bx.rr.2bb.2xx rb.rx.bx.rr.bb.3xx - - 20",
]


def types(field: str) -> list[str]:
    """A type list of PL-10.1 (``rb.2rr.3xx``, ``-``) spelled out, one code per piece."""
    out: list[str] = []
    for item in [] if field == "-" else field.split("."):
        n, code = (int(item[:-2]), item[-2:]) if len(item) > 2 else (1, item)
        out += [code] * n
    return out


def listed(codes: list[str]) -> list[list[Any]]:
    """Codes as a ``_list`` fact: [count, ``plateau_<type>``] in the canonical order."""
    return [[codes.count(t), f"plateau_{t}"] for t in TYPES if t in codes]


def least_reply(held: list[str], worth: int) -> int:
    """PL-7.2: m, the largest total of a subset of ``held`` not exceeding ``worth`` (0 if none), by brute force."""
    totals = {sum(VALUES[c] for c in subset) for n in range(1, len(held) + 1)
              for subset in itertools.combinations(held, n)}  # fmt: skip
    return max((t for t in totals if t <= worth), default=0)


def mark(face: str, own: bool, over: bool) -> str:
    """A face as ``viewer`` has it (PL-9.4, PL-10.3): upper case public, lower case its own secret, ``?`` unseen."""
    if over:
        return face.upper()  # PL-8.6: a finished game shows every face
    if own:
        return face
    return face if face.isupper() else "?"


def expected_from_position(text: str, viewer: int | None, over: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The facts ``viewer``'s picture of a position should give, read from its eight fields (PL-10.1)."""
    board, side, phase, res0, res1, pris0, pris1, _ply = text.split()
    out: list[tuple[str, dict[str, Any]]] = []
    singles: dict[tuple[str, str], dict[str, Any]] = {}
    for rank, row in zip("4321", board.split("/"), strict=True):
        squares: list[str] = []
        for item in row.split(","):
            squares += [""] * int(item) if item.isdigit() else [item]
        for file, stack in zip("abcd", squares, strict=True):
            if not stack:
                continue
            pieces = stack.split(".")[::-1]  # listed bottom→top: told from the top
            units: list[tuple[str, list[str]]] = []
            for piece in pieces:
                own = viewer is not None and "BW".index(piece[0]) == viewer
                term = "faces_" + mark(piece[1], own, over) + mark(piece[2], own, over)
                if units and units[-1][0] == OWNER[piece[0]]:
                    units[-1][1].append(term)
                else:
                    units.append((OWNER[piece[0]], [term]))
            if len(pieces) == 1:
                alike = (units[0][0], units[0][1][0])
                if alike in singles:
                    singles[alike]["squares"] += f", {file}{rank}"
                else:
                    singles[alike] = {"squares": f"{file}{rank}", "owner_term": alike[0], "faces_term": alike[1]}
                    out.append(("single", singles[alike]))
                continue
            out.append(("tall" if len(pieces) > 2 else "stack", {"square": f"{file}{rank}", "height": len(pieces),
                                                                  "owner_term": units[0][0],
                                                                  "pieces_terms": units[0][1]}))
            out += [("below", {"owner_term": o, "pieces_terms": p}) for o, p in units[1:]]
    lower = any(c.islower() for _, facts in out for t in [facts.get("faces_term", ""), *facts.get("pieces_terms", [])]
                for c in t[len("faces_"):])  # fmt: skip
    out.insert(0, ("key_secret", {"player_seat": viewer}) if lower else ("key", {}) if out else ("empty", {}))
    for seat, reserve, held in ((0, types(res0), types(pris0)), (1, types(res1), types(pris1))):
        facts: dict[str, Any] = {"player_seat": seat, "colour_term": OWNER["BW"[seat]]}
        if not reserve:
            code = "player_empty"
        elif over or viewer == seat:  # PL-9.2: a player sees their own reserve
            code = "player_listed"
            facts.update(pieces_count=len(reserve), reserve_list=listed(reserve))
        else:  # PL-9.4: only the size of another's
            code = "player_hidden"
            facts["pieces_count"] = len(reserve)
        if held:
            code += "_prisoners"
            facts.update(prisoner_count=len(held), prisoners_list=listed(held))
        out.append((code, facts))
    mover = "BW".index(side)
    if phase.startswith("reply:"):  # PL-7.1: side replies to the other's tender
        tendered = types(phase[len("reply:"):])
        worth = sum(VALUES[c] for c in tendered)
        least = least_reply(types(pris1 if mover == 1 else pris0), worth)
        facts = {"tenderer_seat": 1 - mover, "responder_seat": mover, "worth": worth,
                 "prisoners_list": listed(tendered)}
        out.append(("tender", {**facts, "least": least}) if least else ("tender_refusable", facts))
    elif phase.startswith("refused:"):  # PL-7.4: side goes on
        out.append(("refused", {"tenderer_seat": mover, "worth": int(phase[len("refused:"):])}))
    return out


def words(text: str, viewer: int | None) -> list[tuple[str, dict[str, Any]]]:
    return E.view_words(E.view(E.from_position(text), viewer))


# ---- positions of the rules ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", EXAMPLES)
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_a_position_is_told_as_its_notation_reads_for_every_viewer(text: str, viewer: int | None) -> None:
    assert words(text, viewer) == expected_from_position(text, viewer)


def test_the_opening_of_the_rules_told_to_black_by_hand() -> None:
    """PL-11.1, Black's view ``3,W??.WX?/4/4/Bxx.BRb,3``: White's stack with one face seen, Black's with all
    four, three of them Black's alone (PL-9.3 a); Black's reserve by type, White's by its size (PL-9.4)."""
    assert words(OPENED, 0) == [
        ("key_secret", {"player_seat": 0}),
        ("stack", {"square": "d4", "height": 2, "owner_term": "owner_White", "pieces_terms": ["faces_X?", "faces_??"]}),
        ("stack", {"square": "a1", "height": 2, "owner_term": "owner_Black", "pieces_terms": ["faces_Rb", "faces_xx"]}),
        ("player_listed", {"player_seat": 0, "colour_term": "owner_Black", "pieces_count": 10, "reserve_list": [
            [1, "plateau_ox"], [1, "plateau_rx"], [1, "plateau_bx"], [2, "plateau_rr"], [2, "plateau_bb"],
            [3, "plateau_xx"]]}),
        ("player_hidden", {"player_seat": 1, "colour_term": "owner_White", "pieces_count": 10}),
    ]
    # the spectator (``3,W??.WX?/4/4/B??.BR?,3``) sees no secret: a plain key, both reserves by size
    assert words(OPENED, None)[:3] == [
        ("key", {}),
        ("stack", {"square": "d4", "height": 2, "owner_term": "owner_White", "pieces_terms": ["faces_X?", "faces_??"]}),
        ("stack", {"square": "a1", "height": 2, "owner_term": "owner_Black", "pieces_terms": ["faces_R?", "faces_??"]}),
    ]


def test_an_empty_board_says_so_and_the_reserves() -> None:
    assert words(START, None) == [
        ("empty", {}),
        ("player_hidden", {"player_seat": 0, "colour_term": "owner_Black", "pieces_count": 12}),
        ("player_hidden", {"player_seat": 1, "colour_term": "owner_White", "pieces_count": 12}),
    ]


def test_units_lone_pieces_alike_and_tall_stacks() -> None:
    """A stack is told by units from the top (PL-1.3); lone pieces said alike share one sentence; a stack of
    three or more says its height."""
    text = "BXx,BXx,WBb,BXx/4/4/BXx.WXx.WXx.BRr,3 W turn rb.ox.rx.bx.rr.2bb rb.ox.rx.bx.2rr.bb.2xx - - 20"
    assert words(text, None) == [
        ("key", {}),
        ("single", {"squares": "a4, b4, d4", "owner_term": "owner_Black", "faces_term": "faces_X?"}),
        ("single", {"squares": "c4", "owner_term": "owner_White", "faces_term": "faces_B?"}),
        ("tall", {"square": "a1", "height": 4, "owner_term": "owner_Black", "pieces_terms": ["faces_R?"]}),
        ("below", {"owner_term": "owner_White", "pieces_terms": ["faces_X?", "faces_X?"]}),
        ("below", {"owner_term": "owner_Black", "pieces_terms": ["faces_X?"]}),
        ("player_hidden", {"player_seat": 0, "colour_term": "owner_Black", "pieces_count": 7}),
        ("player_hidden", {"player_seat": 1, "colour_term": "owner_White", "pieces_count": 9}),
    ]


def test_a_tender_says_what_the_reply_must_be_worth_and_a_refusal_the_bar() -> None:
    """PL-11.11: after ``tender:rr`` (t = 5) White must return at least m = 4; after ``tender:xx`` m = 0 and White
    may refuse; after the refusal Black goes on, a new tender worth more than 1."""
    state = E.from_position(EXCHANGE)
    tender = E.view_words(E.view(E.play(state, "tender:rr"), None))[-1]
    assert tender == ("tender", {"tenderer_seat": 0, "responder_seat": 1, "worth": 5,
                                 "prisoners_list": [[1, "plateau_rr"]], "least": 4})
    low = E.play(state, "tender:xx")
    assert E.view_words(E.view(low, 1))[-1] == ("tender_refusable", {
        "tenderer_seat": 0, "responder_seat": 1, "worth": 1, "prisoners_list": [[1, "plateau_xx"]]})
    refused = E.play(low, "refuse")
    assert E.view_words(E.view(refused, 0))[-1] == ("refused", {"tenderer_seat": 0, "worth": 1})
    for after in ("tender:rr", "tender:xx", "tender:xx refuse"):
        played = state
        for move in after.split():
            played = E.play(played, move)
        for viewer in (None, 0, 1):
            assert E.view_words(E.view(played, viewer)) == expected_from_position(E.to_position(played), viewer)


def test_a_finished_game_tells_every_face_as_seen() -> None:
    """PL-8.6: at the end (PL-11.12's buried six, or a game ended by the table: ``final_view``) every face is told,
    none secret, and both reserves by type."""
    won = E.play(E.from_position(EXAMPLES[10]), "+xx@a1:5")
    assert E.outcome(won) is not None
    for view in (E.view(won, None), E.view(won, 0), E.view(won, 1), E.final_view(won)):
        assert E.view_words(view) == expected_from_position(E.to_position(won), None, over=True)
    going_on = E.from_position(OPENED)
    said = E.view_words(E.final_view(going_on))
    assert said == expected_from_position(OPENED, None, over=True)
    assert ("stack", {"square": "a1", "height": 2, "owner_term": "owner_Black",
                      "pieces_terms": ["faces_RB", "faces_XX"]}) in said


# ---- secrecy (PL-9) ---------------------------------------------------------------------------------------
#: PL-11.1's position and twins of it that change only faces nobody else has seen: Black's hidden bottom piece
#: (a Mute, or a Red: the reserves change with it), White's hidden faces (a Twister's, or a Blue Mask's)
BLACK_TWIN = "3,Wxo.WXx/4/4/Brr.BRb,3 B turn ox.rx.bx.rr.2bb.4xx rb.rx.bx.2rr.2bb.3xx - - 2"
WHITE_TWIN = "3,Wxb.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.ox.rx.2rr.2bb.3xx - - 2"


def test_twins_differing_in_hidden_faces_give_equal_words_to_whoever_cannot_see_them() -> None:
    assert words(OPENED, None) == words(BLACK_TWIN, None) == words(WHITE_TWIN, None)
    assert words(OPENED, 1) == words(BLACK_TWIN, 1), "White cannot see Black's hidden faces"
    assert words(OPENED, 0) == words(WHITE_TWIN, 0), "Black cannot see White's hidden faces"


def test_a_seat_is_told_its_own_hidden_faces_as_its_secret() -> None:
    mine, twin = words(OPENED, 0), words(BLACK_TWIN, 0)
    assert mine != twin
    assert mine[2][1]["pieces_terms"] == ["faces_Rb", "faces_xx"]  # PL-9.3 a: the bottom piece fully hidden
    assert twin[2][1]["pieces_terms"] == ["faces_Rb", "faces_rr"]
    assert words(WHITE_TWIN, 1)[1][1]["pieces_terms"] == ["faces_Xx", "faces_xb"]
    assert words(OPENED, 1)[1][1]["pieces_terms"] == ["faces_Xx", "faces_xo"]


def random_states(seed: int, plies: int = 400) -> list[Any]:
    rng = random.Random(seed)
    state = E.new_game(2, seed, {})
    states = [state]
    while E.outcome(state) is None and len(states) <= plies:
        state = E.apply(state, E.random_move(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(4))
def test_states_filled_in_from_a_view_give_that_viewer_the_same_words(seed: int) -> None:
    """``determinize`` draws full states consistent with a viewer's view, whatever it hides: the viewer's words are
    the same for every one of them (and they do differ, so the check is not empty)."""
    rng = random.Random(seed)
    differed = 0
    for state in random_states(seed)[::7]:
        if E.outcome(state) is not None:
            continue
        for viewer in (None, 0, 1):
            view = E.view(state, viewer)
            said = E.view_words(view)
            for _ in range(2):
                twin = determinize(view, viewer, rng)
                differed += E.to_position(twin) != E.to_position(state)
                assert E.view_words(E.view(twin, viewer)) == said
    assert differed > 10


# ---- every piece of random games ---------------------------------------------------------------------------
def told_board(said: list[tuple[str, dict[str, Any]]]) -> dict[str, list[tuple[str, str]]]:
    """The board as the words tell it: square -> its pieces from the top, each (owner term, faces)."""
    board: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for code, facts in said:
        if code == "single":
            for square in facts["squares"].split(", "):
                assert square not in board
                board[square] = [(facts["owner_term"], facts["faces_term"])]
            current = None
        elif code in ("stack", "tall"):
            assert facts["square"] not in board
            current = board[facts["square"]] = [(facts["owner_term"], t) for t in facts["pieces_terms"]]
            assert (code == "tall") == (facts["height"] > 2)
        elif code == "below":
            assert current is not None and current[-1][0] != facts["owner_term"], "units alternate owners"
            current += [(facts["owner_term"], t) for t in facts["pieces_terms"]]
        else:
            current = None
    reading = [f"{f}{r}" for r in "4321" for f in "abcd"]  # as drawn: rank 4 to 1, file a to d
    anchors = []
    for code, facts in said:
        if code in ("stack", "tall"):
            assert facts["height"] == len(board[facts["square"]])
            anchors.append(facts["square"])
        elif code == "single":
            squares = facts["squares"].split(", ")
            assert squares == sorted(squares, key=reading.index)
            anchors.append(squares[0])
    assert anchors == sorted(anchors, key=reading.index), "in reading order"
    return board


def check_against_view(view: dict[str, Any]) -> None:
    said = E.view_words(view)
    assert json.loads(json.dumps(said)) == [list(pair) for pair in said], "JSON-plain facts"
    assert {code for code, _ in said} <= CODES
    over = view["to_move"] is None
    viewer = view["viewer"]
    board = told_board(said)
    shown = {f"{'abcd'[f]}{4 - r}": stack for r, rank in enumerate(view["board"]) for f, stack in enumerate(rank)
             if stack}  # fmt: skip
    assert set(board) == set(shown), "every occupied square, and no other"
    secret = False
    for square, stack in shown.items():
        told = board[square]
        assert len(told) == len(stack), "every piece once"
        for (owner_term, term), piece in zip(told, reversed(stack), strict=True):
            assert owner_term == ("owner_Black", "owner_White")[piece["owner"]]
            assert term.removeprefix("faces_") in FACE_PAIRS
            for face, public, said_as in ((piece["up"], piece["up_public"], term[6]),
                                          (piece["down"], piece["down_public"], term[7])):  # fmt: skip
                assert said_as.lower() == face or (face == "?" and said_as == "?"), (square, piece, term)
                own_secret = not over and piece["owner"] == viewer and not public and face != "?"
                assert said_as.islower() == own_secret, "lower case: a face only the viewer has seen"
                secret |= own_secret
    assert said[0][0] == ("empty" if not shown else "key_secret" if secret else "key")
    players = [(code, facts) for code, facts in said if code.startswith("player_")]
    assert [facts["player_seat"] for _, facts in players] == [0, 1]
    for seat, (code, facts) in enumerate(players):
        reserve, held = view["reserves"][seat], view["prisoners"][seat]
        size = len(reserve) if isinstance(reserve, list) else reserve
        assert size == view["reserve_sizes"][seat] == facts.get("pieces_count", 0)
        if isinstance(reserve, list) and reserve:
            assert code.startswith("player_listed")
            assert [c for n, t in facts["reserve_list"] for c in [t.removeprefix("plateau_")] * n] == reserve
        assert code.startswith("player_hidden") == (isinstance(reserve, int) and reserve > 0)
        assert code.endswith("_prisoners") == bool(held)
        if held:
            assert facts["prisoner_count"] == len(held)
            assert [c for n, t in facts["prisoners_list"] for c in [t.removeprefix("plateau_")] * n] == held
    tail = said[-1]
    if view["tender"]:
        assert tail[0] in ("tender", "tender_refusable")
        assert tail[1]["worth"] == view["tender"]["value"] and tail[1]["tenderer_seat"] == view["tender"]["tenderer"]
    elif view["refused"] is not None:
        assert tail == ("refused", {"tenderer_seat": view["side"], "worth": view["refused"]})
    else:
        assert tail[0].startswith("player_")


@pytest.mark.parametrize("seed", range(12))
def test_every_piece_of_random_games_is_told_as_the_view_has_it(seed: int) -> None:
    states = random_states(100 + seed)
    for state in states:
        for viewer in (None, 0, 1):
            check_against_view(dict(E.view(state, viewer)))
    check_against_view(dict(E.final_view(states[-1])))
    for state in states[:: max(1, len(states) // 10)]:  # the notation read independently, now and then
        for viewer in (None, 0, 1):
            if E.outcome(state) is None:
                assert E.view_words(E.view(state, viewer)) == expected_from_position(E.to_position(state), viewer)
