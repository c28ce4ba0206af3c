"""K3's picture in words (``K3Engine.view_words``, the alt text of its board pictures), at the facts level.

Expected facts come from the rules' positions (docs/spec/k3.md, K3-13): hand-checked against the rules'
own statements (E's open slots and free pieces, K3-13.3), or read back from the notation by the small parser
here, never copied from the function's output.  Secrecy (K3-10): while the players build, another viewer's
words do not depend on how a pyramid is arranged, and the builder's own words tell it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from test_k3_engine import shuffled_pyramid

from engines.k3 import ENGINE

E = "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -"
P4 = "1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|N/RK/BYG/KRYB+W|Y/GR/KNY/RGKB+W|G/YB/RKN/BGYK+W play 2 - -"
BE = "B/YB/BYB/YNBK/YYRNN/NYRKKR/RYGRKKN/RGYNBKKB/RGGYBGKBR 1/2/3/4/3G1+G|1/2/3/4/1KG2|1/2/3/4/3GR play 2 - -"
X3 = "1/2/3/4/5/6/7/8/RBBYGYRRG Y/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 0 - -"
#: seat 1 has built (K3-13.1's deal for three players, as tests/test_k3_engine.py builds it)
BUILD3 = "1/2/3/4/5/6/7/8/RBBYGKRRG ?BBBRRKKKYYGGNNW|B/GN/RWY/KBKN/YRKGB|?BRRKKYYYYGGGNNW build 1 - -"
#: the same, seat 1's pieces arranged otherwise (B and Y of ranks 5 and 3 swapped)
BUILD3_TWIN = "1/2/3/4/5/6/7/8/RBBYGKRRG ?BBBRRKKKYYGGNNW|Y/GN/RWB/KBKN/YRKGB|?BRRKKYYYYGGGNNW build 1 - -"
#: four players, seat 0 built (P4's pyramid, its white beside it, K3-3.1), the others still building
BUILD4 = "1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|?BBRRKKYYGNW|?BRRKKYYGGNW|?BBRKKYYGGNW build 0 - -"

LETTERS = "BRKYGNW"
TERMS = {f"piece_{c}" for c in LETTERS} | {"empty"}
NOUNS = {f"k3_piece_{c}" for c in LETTERS}
SEAT_CODES = {"out", "dealt", "built_hidden", "own_pyramid", "player", "player_side", "player_only_side",
              "player_none"}


def words(position: str, viewer: int | None) -> list[tuple[str, dict[str, Any]]]:
    return ENGINE.view_words(ENGINE.view(ENGINE.from_position(position), viewer))


def terms(letters: str) -> list[str]:
    """``"B.Y"`` -> ``["piece_B", "empty", "piece_Y"]``: letters as ``term.k3`` values, ``.`` an empty slot."""
    return ["empty" if c == "." else f"piece_{c}" for c in letters]


def counted(letters: str) -> list[list[Any]]:
    """Letters as ``[number, noun]`` pairs in the canonical order B R K Y G N W (K3-1.1)."""
    counts = Counter(letters)
    return [[counts[c], f"k3_piece_{c}"] for c in LETTERS if counts[c]]


def parse_ranks(text: str) -> list[list[str | None]]:
    """A mountain or pyramid in the notation (K3-11.1: ranks top first, digits = runs of empty places),
    bottom-up: ``result[0]`` is rank 1."""
    rows = []
    for rank in text.split("/"):
        row: list[str | None] = []
        for run, letter in re.findall(r"([0-9]+)|([A-Z])", rank):
            row.extend([None] * int(run) if run else [letter])
        rows.append(row)
    return rows[::-1]


def free_spots(rows: list[list[str | None]]) -> list[tuple[str, str]]:
    """(spot, letter) of every piece with nothing on either spot resting on it (K3-4.1, K3-4.4), rank by
    rank from the bottom, file by file."""
    out = []
    for r, row in enumerate(rows):
        above = rows[r + 1] if r + 1 < len(rows) else []
        for f, piece in enumerate(row):
            covered = any(0 <= g < len(above) and above[g] is not None for g in (f - 1, f))
            if piece is not None and not covered:
                out.append((f"{chr(97 + f)}{r + 1}", piece))
    return out


def covered_spots(rows: list[list[str | None]]) -> list[list[str]]:
    """[slot, term] of every pyramid piece that is not free (something rests on it), from the top rank down,
    file by file: what the picture shows under the free pieces once the pyramids are public (K3-10)."""
    free = {spot for spot, _ in free_spots(rows)}
    return [[f"{chr(97 + f)}{r + 1}", f"piece_{piece}"] for r in range(len(rows) - 1, -1, -1)
            for f, piece in enumerate(rows[r]) if piece is not None and f"{chr(97 + f)}{r + 1}" not in free]


# ---- positions of the rules, hand-checked ---------------------------------------------------------


def test_example_E_the_mountain_its_open_slots_and_the_free_pieces_K3_13_3() -> None:
    """K3-13.3: open slots b2, c3, e2, f2, g2, h2; seat 0 may use K a3, Y c3, N d3 and the side R; seat 1's
    rank 3 (R Y G B, ranks 4-6 empty) is its top."""
    said = words(E, None)
    codes = [code for code, _ in said]
    assert said[0] == ("base_row", {"pieces_terms": terms("RBBYGKRRG")})
    assert said[1] == ("row", {"rank": 2, "pieces_terms": terms("B.YN")})  # a2 B, b2 empty, c2 Y, d2 N
    code, facts = said[2]
    assert code == "open" and facts["open_slot_count"] == 6
    assert sorted(facts["slots"].split(", ")) == ["b2", "c3", "e2", "f2", "g2", "h2"]
    # seat 0: 3 + 5 + 6 in the pyramid, 1 beside it
    assert said[3] == ("player_side", {"player_seat": 0, "pieces_count": 15, "side_list": [[1, "k3_piece_R"]]})
    assert said[4:7] == [("free", {"spot": "a3", "piece_term": "piece_K"}),
                         ("free", {"spot": "c3", "piece_term": "piece_Y"}),
                         ("free", {"spot": "d3", "piece_term": "piece_N"})]
    assert said[7] == ("player", {"player_seat": 1, "pieces_count": 15})
    assert said[8:12] == [("free", {"spot": f"{f}3", "piece_term": f"piece_{c}"}) for f, c in zip("abcd", "RYGB")]
    # then, last, what lies under the free pieces (the pyramids are public in play, K3-10): seat 0's rank 3
    # K . Y N has nothing covered; ranks 2 (G R K B Y) and 1 (B R K Y G B) are whole
    assert said[12:] == [
        ("covered", {"player_seat": 0, "pieces_placed": [[f"{f}{r}", f"piece_{c}"] for r, row in ((2, "GRKBY"),
                                                            (1, "BRKYGB")) for f, c in zip("abcdef", row)]}),
        ("covered", {"player_seat": 1, "pieces_placed": [[f"{f}{r}", f"piece_{c}"] for r, row in ((2, "KKBNY"),
                                                            (1, "GYRBKG")) for f, c in zip("abcdef", row)]})]
    assert "no_open" not in codes and "spare_white" not in codes
    for viewer in (0, 1):  # K3-10: in play everything is public, every viewer is told the same
        assert words(E, viewer) == said


def test_base_end_only_when_no_slot_is_open_K3_5_3() -> None:
    """K3-13.7's BE: the triangle is full (9 ranks, the summit a9 a B), so the picture says no slot is open."""
    said = words(BE, None)
    mountain = [facts["pieces_terms"] for code, facts in said if code in ("base_row", "row")]
    assert mountain == [terms(rank) for rank in BE.split()[0].split("/")[::-1]]  # the notation's ranks, base first
    assert [facts["rank"] for code, facts in said if code == "row"] == list(range(2, 10))
    rest = said[9:]
    assert rest == [
        ("no_open", {}),
        ("spare_white", {}),  # three players, none out yet (K3-7.3)
        ("player_side", {"player_seat": 0, "pieces_count": 2, "side_list": [[1, "k3_piece_G"]]}),
        ("free", {"spot": "d1", "piece_term": "piece_G"}),
        ("player", {"player_seat": 1, "pieces_count": 2}),
        ("free", {"spot": "b1", "piece_term": "piece_K"}),
        ("free", {"spot": "c1", "piece_term": "piece_G"}),
        ("player", {"player_seat": 2, "pieces_count": 2}),
        ("free", {"spot": "d1", "piece_term": "piece_G"}),
        ("free", {"spot": "e1", "piece_term": "piece_R"}),
    ]


def test_a_rank_that_starts_further_right_and_the_end_of_the_game_K3_7() -> None:
    """K3-13.10: after Re1-> in BE the base row runs to j1 and the one open slot is i2 (over the new R and
    its neighbour, K3-5.3); seats 0 and 1 are out, and seat 2 wins with its G and the spare white (K3-7.3)."""
    state = ENGINE.play(ENGINE.from_position(BE), "Re1->")
    said = ENGINE.view_words(ENGINE.view(state, None))
    assert said[0] == ("base_row", {"pieces_terms": terms("RGGYBGKBRR")})
    assert ("out", {"player_seat": 0}) in said and ("out", {"player_seat": 1}) in said
    assert said[-2:] == [("player_side", {"player_seat": 2, "pieces_count": 2, "side_list": [[1, "k3_piece_W"]]}),
                         ("free", {"spot": "d1", "piece_term": "piece_G"})]
    opened = dict(said)["open"]
    assert opened == {"open_slot_count": 1, "slots": "i2"}  # K3-5.3: over the new j1 and i1
    # a rank whose first piece is not on file a is told from that piece
    late = "1/2/3/4/5/6/7/2Y2N2/RBBYGYRRG 1/NR/KBW/GYKN/BRYKG+W|x|N/KY/GGR/BWKN/KYRGB play 2 - -"
    assert words(late, None)[1] == ("row_from", {"rank": 2, "start": "c2", "pieces_terms": terms("Y..N")})


def test_three_players_spare_white_and_four_players_side_white_K3_7_3_K3_3_1() -> None:
    """X3: the spare white is set aside while all three are in; after Ya5-c2 seat 1 is out (K3-13.8) and
    the white stands beside seat 0.  P4: every pyramid has its white beside it, and only its top is free."""
    assert ("spare_white", {}) in words(X3, None)
    after = ENGINE.view_words(ENGINE.view(ENGINE.play(ENGINE.from_position(X3), "Ya5-c2"), None))
    assert ("spare_white", {}) not in after and ("out", {"player_seat": 1}) in after
    assert ("player_side", {"player_seat": 0, "pieces_count": 15, "side_list": [[1, "k3_piece_W"]]}) in after
    said = words(P4, 3)
    seats = [(code, facts) for code, facts in said if code not in ("free", "covered")][2:]  # after the base row
    # and the open slots; under each free top, nine covered pieces (K3-3.1: 10 spots with 4 players)
    assert [len(facts["pieces_placed"]) for code, facts in said if code == "covered"] == [9, 9, 9, 9]
    assert seats == [("player_side", {"player_seat": s, "pieces_count": 11, "side_list": [[1, "k3_piece_W"]]})
                     for s in range(4)]
    assert [facts for code, facts in said if code == "free"] == [
        {"spot": "a4", "piece_term": f"piece_{c}"} for c in "KNYG"]


def test_setup_phases_K3_2() -> None:
    """Before the base is drawn only that is said; while dealing, the base row and its open slots."""
    assert words("- -|-|- base - - -", None) == [("drawing", {})]
    dealing = words("1/2/3/4/5/6/7/8/RBBYGKRRG -|- deal - - -", 1)
    assert dealing == [("dealing", {}), ("base_row", {"pieces_terms": terms("RBBYGKRRG")}),
                       ("open", {"open_slot_count": 8, "slots": "a2, b2, c2, d2, e2, f2, g2, h2"})]


def test_building_tells_the_deal_to_all_and_a_pyramid_to_its_builder_only_K3_10() -> None:
    """K3-10: the deal is public, the arrangement only its builder's.  BUILD3's seat 1 has built."""
    hands = {0: "BBBRRKKKYYGGNNW", 2: "BRRKKYYYYGGGNNW"}
    pyramid_1 = "B/GN/RWY/KBKN/YRKGB"
    built_pieces = "".join(sorted(pyramid_1.replace("/", ""), key=LETTERS.index))
    for viewer in (None, 0, 2):
        said = words(BUILD3, viewer)
        assert said[:3] == [("base_row", {"pieces_terms": terms("RBBYGKRRG")}),
                            ("open", {"open_slot_count": 8, "slots": "a2, b2, c2, d2, e2, f2, g2, h2"}),
                            ("spare_white", {})]
        assert said[3:] == [("dealt", {"player_seat": 0, "pieces_list": counted(hands[0])}),
                            ("built_hidden", {"player_seat": 1, "pieces_list": counted(built_pieces)}),
                            ("dealt", {"player_seat": 2, "pieces_list": counted(hands[2])})]
    own = words(BUILD3, 1)
    assert own[4] == ("own_pyramid", {"player_seat": 1})
    assert own[5:10] == [("pyramid_rank", {"rank": 5 - i, "pieces_terms": terms(rank)})
                         for i, rank in enumerate(pyramid_1.split("/"))]
    assert own[10] == ("dealt", {"player_seat": 2, "pieces_list": counted(hands[2])})


def test_twin_arrangements_are_told_alike_to_everyone_else_K3_10() -> None:
    """Two builds of the same pieces: the same words for the spectator and the other seats, and the
    builder is told its own arrangement."""
    for viewer in (None, 0, 2):
        assert words(BUILD3, viewer) == words(BUILD3_TWIN, viewer)
    mine, twin = words(BUILD3, 1), words(BUILD3_TWIN, 1)
    assert mine != twin
    assert ("pyramid_rank", {"rank": 5, "pieces_terms": ["piece_Y"]}) in twin
    assert ("pyramid_rank", {"rank": 3, "pieces_terms": terms("RWB")}) in twin
    # the view notation (``!`` + pieces, no arrangement) read back gives the other viewers the same words
    for viewer in (None, 0, 2):
        text = ENGINE.view_notation(ENGINE.from_position(BUILD3), viewer)
        assert "!" in text
        assert ENGINE.view_words(ENGINE.view_from_text(text, viewer)) == words(BUILD3, viewer)


def test_four_players_own_pyramid_and_its_white_beside_it_K3_3_1() -> None:
    said = words(BUILD4, 0)
    start = said.index(("own_pyramid", {"player_seat": 0}))
    assert said[start + 1:start + 6] == [
        ("pyramid_rank", {"rank": 4, "pieces_terms": terms("K")}),
        ("pyramid_rank", {"rank": 3, "pieces_terms": terms("BY")}),
        ("pyramid_rank", {"rank": 2, "pieces_terms": terms("GNR")}),
        ("pyramid_rank", {"rank": 1, "pieces_terms": terms("YBKG")}),
        ("own_side", {"side_list": [[1, "k3_piece_W"]]}),
    ]
    for viewer in (None, 1, 2, 3):  # everyone else: which pieces, the white included, never where
        assert ("built_hidden", {"player_seat": 0, "pieces_list": counted("BBRKKYYGGNW")}) in words(BUILD4, viewer)
        assert "own_pyramid" not in [code for code, _ in words(BUILD4, viewer)]


P2 = "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|R/KG/BYN/WRYK/GBKNY/BGKRYW play 0 - -"
P3 = "1/2/3/4/5/6/7/8/RBBYGKRRG Y/NR/KBW/GYKN/BRYKG|B/GN/RWY/KBGN/YRKGB|N/KY/YGR/BWKN/KYRGB play 1 - -"
COOP = "1/BR/KBR/KYNG/GNBBG/KGBBYN/KGRNYRR/BNYNYRRK/YBKYGYRKG 1/2/3/4/1B3|1/2/3/4/1G3+K|1/2/3/1Y2/1KGR1 play 2 - coop"
STOLEN = "1/2/3/4/5/6/7/B1YN2R1/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB|1/2/3/RYGB/KKBNY/GYRBKG+N play 1 - -"  # K3-13.4


@pytest.mark.parametrize("position", [P2, P3, E, P4, BE, X3, COOP, STOLEN])
def test_play_positions_of_the_rules_read_back_from_their_notation(position: str) -> None:
    """Every play position of K3-13: the words expected from the notation itself (K3-11.1), parsed here."""
    mountain_text, players_text = position.split()[:2]
    expected: list[tuple[str, dict[str, Any]]] = []
    rows = parse_ranks(mountain_text)
    for r, row in enumerate(rows, start=1):
        filled = [f for f, p in enumerate(row) if p is not None]
        if filled:
            pieces = terms("".join(p or "." for p in row[filled[0]:filled[-1] + 1]))
            if r == 1:
                expected.append(("base_row", {"pieces_terms": pieces}))
            elif filled[0] == 0:
                expected.append(("row", {"rank": r, "pieces_terms": pieces}))
            else:
                expected.append(("row_from", {"rank": r, "start": f"{chr(97 + filled[0])}{r}", "pieces_terms": pieces}))
    seats: list[tuple[str, dict[str, Any]]] = []
    covered: list[tuple[str, dict[str, Any]]] = []
    for seat, entry in enumerate(players_text.split("|")):
        if entry == "x":
            seats.append(("out", {"player_seat": seat}))
            continue
        pyramid_text, _, side = entry.partition("+")
        pyramid = parse_ranks(pyramid_text)
        count = sum(p is not None for row in pyramid for p in row) + len(side)
        facts: dict[str, Any] = {"player_seat": seat, "pieces_count": count}
        if side:
            facts["side_list"] = counted(side)
        free = free_spots(pyramid)
        code = ("player_side" if side else "player") if free else ("player_only_side" if side else "player_none")
        seats.append((code, facts))
        seats.extend(("free", {"spot": spot, "piece_term": f"piece_{letter}"}) for spot, letter in free)
        if covered_spots(pyramid):
            covered.append(("covered", {"player_seat": seat, "pieces_placed": covered_spots(pyramid)}))
    opened = [f"{chr(97 + f)}{r + 1}" for r in range(1, len(rows)) for f, p in enumerate(rows[r])
              if p is None and rows[r - 1][f] is not None and rows[r - 1][f + 1] is not None]  # K3-4.3
    expected.append(("open", {"open_slot_count": len(opened), "slots": ", ".join(opened)}) if opened
                    else ("no_open", {}))
    entries = players_text.split("|")
    if len(entries) == 3 and "x" not in entries:  # K3-7.3: the spare white is set aside until someone is out
        expected.append(("spare_white", {}))
    assert words(position, None) == expected + seats + covered


# ---- every position of random games --------------------------------------------------------------


def expand(pairs: list[list[Any]]) -> list[str]:
    """``[[2, "k3_piece_R"]]`` -> ``["R", "R"]``, checking the nouns and the canonical order."""
    assert all(noun in NOUNS and isinstance(n, int) and n > 0 for n, noun in pairs)
    letters = [noun[-1] for _, noun in pairs]
    assert letters == sorted(letters, key=LETTERS.index) and len(set(letters)) == len(letters)
    return [noun[-1] for n, noun in pairs for _ in range(n)]


def letters_of(values: list[str]) -> list[str | None]:
    assert all(v in TERMS for v in values)
    return [None if v == "empty" else v[-1] for v in values]


def check_plain(facts: dict[str, Any]) -> None:
    """JSON-plain facts, named by the conventions of ``tables.outcome_words.named_facts``."""
    assert json.loads(json.dumps(facts)) == facts
    for name, value in facts.items():
        if name.endswith("_seat") or name.endswith("_count") or name == "rank":
            assert type(value) is int
        elif name.endswith("_term"):
            assert value in TERMS
        elif name.endswith("_terms"):
            assert isinstance(value, list) and value and all(v in TERMS for v in value)
        elif name.endswith("_list"):
            assert isinstance(value, list) and value
        elif name.endswith("_placed"):
            assert isinstance(value, list) and value and all(
                re.fullmatch(r"[a-z][0-9]+", spot) and term in TERMS - {"empty"} for spot, term in value)
        else:
            assert name in ("start", "slots", "spot") and isinstance(value, str)
            assert re.fullmatch(r"[a-z][0-9]+(, [a-z][0-9]+)*", value)  # slot names, language-neutral


def check_told(view: dict[str, Any]) -> None:
    """Everything the view holds is told exactly as the view has it."""
    said = ENGINE.view_words(view)
    for _, facts in said:
        check_plain(facts)
    assert ENGINE.view_words(json.loads(json.dumps(view))) == said  # the view alone, as sent
    codes = [code for code, _ in said]
    phase = view["phase"]
    # the mountain, rank by rank from the base: every piece in its place, nothing else
    told: dict[int, list[str | None]] = {}
    for code, facts in said:
        if code == "base_row":
            told[1] = letters_of(facts["pieces_terms"])
        elif code == "row":
            told[facts["rank"]] = letters_of(facts["pieces_terms"])
        elif code == "row_from":
            start = facts["start"]
            assert int(start[1:]) == facts["rank"] and start[0] != "a"
            before: list[str | None] = [None] * (ord(start[0]) - 97)
            told[facts["rank"]] = before + letters_of(facts["pieces_terms"])
    for r, row in enumerate(reversed(view["mountain"]), start=1):
        filled = [f for f, p in enumerate(row) if p is not None]
        if filled:
            assert told.pop(r) == row[:filled[-1] + 1], r
            assert told.get(r) is None
    assert not told
    assert sum(p is not None for row in view["mountain"] for p in row) == sum(
        p is not None for code, facts in said if code in ("base_row", "row", "row_from")
        for p in letters_of(facts["pieces_terms"]))
    opened = [facts for code, facts in said if code == "open"]
    if view["open_slots"]:
        assert opened == [{"open_slot_count": len(view["open_slots"]), "slots": ", ".join(view["open_slots"])}]
    else:
        assert not opened and (("no_open" in codes) == (phase == "play" and bool(view["mountain"])))
    assert ("spare_white" in codes) == (bool(view["spare_white"]) and phase in ("build", "play"))
    # last, under each public pyramid's free pieces (play and the end, K3-10): every other piece, top rank first
    first = next((i for i, (code, _) in enumerate(said) if code == "covered"), len(said))
    covered = said[first:]
    assert all(code == "covered" for code, _ in covered), "the covered pieces come after everything else"
    public = [p for p in view["players_info"] if p["state"] == "built" and phase != "build"]
    expected = [("covered", {"player_seat": p["seat"], "pieces_placed": covered_spots(
        [list(row) for row in reversed(p["pyramid"])])}) for p in public]
    assert covered == [(code, facts) for code, facts in expected if facts["pieces_placed"]]
    said = said[:first]
    # the seats, in order, each told once as its panel shows it
    seat_said = [(i, code, facts) for i, (code, facts) in enumerate(said) if code in SEAT_CODES]
    shown = [p for p in view["players_info"] if p["state"] != "undealt"]
    assert [facts["player_seat"] for _, _, facts in seat_said] == [p["seat"] for p in shown]
    ends = [i for i, _, _ in seat_said[1:]] + [len(said)] if seat_said else []
    for (at, code, facts), end, info in zip(seat_said, ends, shown, strict=True):
        after = said[at + 1:end]
        state = info["state"]
        if state == "eliminated":
            assert code == "out" and not after
        elif state in ("hand", "hidden"):
            assert code == ("dealt" if state == "hand" else "built_hidden") and not after
            assert expand(facts["pieces_list"]) == info["hand"]
        elif phase == "build":  # the viewer's own pyramid (K3-10)
            assert state == "built" and info["seat"] == view["viewer"] and code == "own_pyramid"
            ranks = [f for c, f in after if c == "pyramid_rank"]
            assert [f["rank"] for f in ranks] == list(range(len(info["pyramid"]), 0, -1))
            assert [letters_of(f["pieces_terms"]) for f in ranks] == info["pyramid"]
            sides = [f["side_list"] for c, f in after if c == "own_side"]
            assert [expand(s) for s in sides] == ([info["side"]] if info["side"] else [])
            assert len(after) == len(ranks) + len(sides)
        else:
            assert state == "built"
            assert facts["pieces_count"] == info["count"]
            assert expand(facts.get("side_list", [])) == info["side"]
            in_pyramid = [p for row in info["pyramid"] for p in row if p is not None]
            assert info["count"] == len(in_pyramid) + len(info["side"])
            assert code == {(True, True): "player_side", (True, False): "player",
                            (False, True): "player_only_side", (False, False): "player_none"}[
                (bool(in_pyramid), bool(info["side"]))]
            assert all(c == "free" for c, _ in after)
            rows = [list(row) for row in reversed(info["pyramid"])]
            assert [(f["spot"], f["piece_term"][-1]) for _, f in after] == free_spots(rows)
            assert sorted(f["spot"] for _, f in after) == sorted(info["accessible"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_tell_every_piece_and_keep_every_pyramid_secret(players: int) -> None:
    """Random games, every ply, every viewer, and the picture of a game stopped there (``final_view``): all
    the view holds is told; while building, a reshuffled hidden pyramid changes no one else's words."""
    rng = random.Random(300 + players)
    builds = 0
    for game in range(12):
        options = {"cooperative": game % 4 == 3, "thief": "next" if game % 3 == 0 else "previous"}
        state = ENGINE.new_game(players, seed=game, options=options)
        while True:
            for viewer in (None, *range(players)):
                check_told(dict(ENGINE.view(state, viewer)))
                if state.phase != "build":
                    continue
                for other in range(players):
                    if other != viewer and state.seats[other].status == "built":
                        builds += 1
                        twin = shuffled_pyramid(state, other, rng)
                        assert ENGINE.view_words(ENGINE.view(twin, viewer)) == ENGINE.view_words(
                            ENGINE.view(state, viewer))
                if viewer is not None and state.seats[viewer].status == "built":
                    told = [f["pieces_terms"] for c, f in ENGINE.view_words(ENGINE.view(state, viewer))
                            if c == "pyramid_rank"]
                    assert told == [terms("".join(row)) for row in reversed(state.seats[viewer].pyramid)]
            if rng.random() < 0.05 or ENGINE.outcome(state) is not None:
                check_told(dict(ENGINE.final_view(state)))
            if ENGINE.outcome(state) is not None:
                break
            state = ENGINE.apply(state, ENGINE.random_move(state, rng))
    assert builds > 0
