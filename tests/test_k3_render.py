"""K3 pictures (render/k3.py): every phase renders for every viewer, within size limits, deterministically."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.k3 import ENGINE, K3State
from render import draw, render, theme

NAMES = ["Alice", "Bob", "Carmen", "Dmitri"]
E = "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -"
BE = "B/YB/BYB/YNBK/YYRNN/NYRKKR/RYGRKKN/RGYNBKKB/RGGYBGKBR 1/2/3/4/3G1+G|1/2/3/4/1KG2|1/2/3/4/3GR play 2 - -"
X3 = "1/2/3/4/5/6/7/8/RBBYGYRRG Y/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 0 - -"


def game_states(players: int, seed: int, coop: bool = False) -> list[K3State]:
    """Every state of one seeded random game from the start (base, deal, builds, play, end)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, options={"cooperative": coop})
    states = [state]
    while ENGINE.outcome(state) is None:
        state = ENGINE.apply(state, ENGINE.random_move(state, rng))
        states.append(state)
    return states


def png_info(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "PNG"
        return img.size


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("coop", [False, True])
def test_start_middle_final_render_for_every_viewer(players: int, coop: bool) -> None:
    """Start, building, middle and final positions, for each seat and the spectator: size limits."""
    states = game_states(players, 10 + players, coop)
    building = [s for s in states if s.phase == "build"]
    picks = [states[0], building[-1], states[len(states) // 2], states[-1]]
    sizes = []
    for state in picks:
        for viewer in [None, *range(players)]:
            data = render("k3", ENGINE.view(state, viewer), NAMES[:players])
            width, height = png_info(data)
            assert 520 <= width <= theme.MAX_WIDTH and height <= 1800  # issue 16: a phone's portrait
            assert len(data) <= 80 * 1024
            sizes.append(len(data))
    assert max(sizes) < 60 * 1024  # typical pictures are far below the 80 KB limit


def test_every_view_of_a_four_player_game_renders() -> None:
    for state in game_states(4, 3):
        for viewer in (None, 0, 3):
            image = draw("k3", ENGINE.view(state, viewer), NAMES)
            assert image.mode == "RGB" and image.width <= theme.MAX_WIDTH and image.height <= 1800


def test_same_view_same_bytes() -> None:
    state = ENGINE.apply(ENGINE.from_position(E), ENGINE.parse_move(ENGINE.from_position(E), "Rs-g2"))
    view = ENGINE.view(state, 1)
    assert render("k3", view, NAMES[:2]) == render("k3", view, NAMES[:2])


def test_building_picture_depends_only_on_the_view() -> None:
    """K3-10: a spectator's picture while building is the same whatever another seat built."""
    state = ENGINE.from_position("- -|- base - - -")
    for text in ("base:RBBYGKRRG", "deal:BBBBRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG"):
        state = ENGINE.apply(state, ENGINE.parse_move(state, text))
    one = ENGINE.apply(state, ENGINE.parse_move(state, "build:0:N/YR/WKB/GYBY/KRGNK/GYWBRB"))
    other = ENGINE.apply(state, ENGINE.parse_move(state, "build:0:W/WN/NBB/BBRR/RKKKY/YYYGGG"))
    for viewer in (None, 1):
        assert render("k3", ENGINE.view(one, viewer), NAMES[:2]) == render("k3", ENGINE.view(other, viewer), NAMES[:2])
    # the builder sees the own arrangement, so the two builds look different to seat 0
    assert render("k3", ENGINE.view(one, 0), NAMES[:2]) != render("k3", ENGINE.view(other, 0), NAMES[:2])


def test_highlight_and_steal_change_the_picture() -> None:
    """The last move is boxed and a pending steal is shown: removing them changes the pixels."""
    state = ENGINE.apply(ENGINE.from_position(E), ENGINE.parse_move(ENGINE.from_position(E), "Rs-g2"))
    view = ENGINE.view(state, None)
    plain = dict(view, highlight=[])
    assert render("k3", view, NAMES[:2]) != render("k3", plain, NAMES[:2])
    no_steal = dict(view, steal=None, taker=None)
    assert render("k3", view, NAMES[:2]) != render("k3", no_steal, NAMES[:2])


@pytest.mark.parametrize(
    ("position", "moves"),
    [(BE, ["Gd1-<"]), (BE, ["Re1->"]), (X3, ["Ya5-c2"]), (X3, ["Ya5-c2", "Na5-b2"])],
)
def test_worked_example_positions_render(position: str, moves: list[str]) -> None:
    """K3-13 ex. 7, 8, 10: a wider base, eliminations, the spare white, a steal in 3p."""
    state = ENGINE.from_position(position)
    for text in moves:
        state = ENGINE.apply(state, ENGINE.parse_move(state, text))
    for viewer in (None, 0, 1, 2):
        data = render("k3", ENGINE.view(state, viewer), NAMES[:3])
        assert png_info(data)[0] <= theme.MAX_WIDTH and png_info(data)[1] <= 1800 and len(data) <= 80 * 1024


def test_default_names_and_long_names() -> None:
    view = ENGINE.view(ENGINE.from_position(X3), None)
    assert png_info(render("k3", view))[0] <= theme.MAX_WIDTH
    long = ["A very long player name indeed, longer than any panel"] * 3
    assert png_info(render("k3", view, long))[0] <= theme.MAX_WIDTH


def _overlap(a: tuple, b: tuple) -> bool:
    """Two boxes share ink room (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_label_on_a_highlight_or_on_another_label(players: int, lang: str) -> None:
    """Issue 16 ("b1 c1" over the highlight): in seeded random games, every spot and coordinate label of
    the mountain and the pyramids keeps off every highlight ring and every other label, whatever was
    just played or taken (a spot emptied just above an accessible piece is boxed); in Spanish too, whose
    side column says "al lado", wider than "side"."""
    from engines import get_engine
    from render import k3 as k3_render

    engine = get_engine("k3")
    checked = labels_seen = 0
    for seed in range(6):
        rng = random.Random(100 * players + seed)
        state = engine.new_game(players, seed=seed)
        while engine.outcome(state) is None:
            state = engine.apply(state, engine.random_move(state, rng))
            view = engine.view(state, None)
            if not view.get("highlight"):
                continue
            with k3_render.boxes_drawn() as drawn:
                draw("k3", view, NAMES[:players], lang=lang)
            rings, texts = drawn["highlights"], drawn["texts"]
            checked += bool(rings)
            labels_seen += len(texts)
            for text, box in texts:
                for name, ring in rings:
                    assert not _overlap(box, ring), (view["last_move"], text, box, name, ring)
            for k, (text, box) in enumerate(texts):
                for other, box2 in texts[k + 1:]:
                    assert not _overlap(box, box2), (view["last_move"], text, other)
    assert checked > 50 and labels_seen > 500  # the games did box moves and write labels


@pytest.mark.parametrize(("lang", "wins"), [("en", "wins"), ("es", "gana")])
@pytest.mark.parametrize(("players", "result", "tag"), [
    (2, {"winners": [0], "reason": "resign", "losers": [1]}, {"en": "resigned", "es": "abandonó"}),
    (4, {"winners": [0], "reason": "time", "losers": [2]}, {"en": "out of time", "es": "sin tiempo"}),
    (3, {"winners": [1], "reason": "resign"}, {"en": "resigned", "es": "abandonó"}),  # no losers: all but the winners
])
def test_a_seat_that_left_says_so_in_its_panel(players: int, result: dict, tag: dict, lang: str, wins: str) -> None:
    """Issue 28 (item 14): after a resignation or a time-out (an ending outside the rules, the
    tables layer's ``result``), the panel of each seat that left says how, the winners' say "wins";
    nobody else's panel says either.  In the reader's language: "abandonó", "gana"."""
    import render as rendering

    states = game_states(players, seed=5)
    view = ENGINE.final_view(states[len(states) * 2 // 3])
    facts = rendering.layout_facts("k3", view, NAMES[:players], result=result, lang=lang)
    tags = [m.what for m in facts.marks if m.kind == "text"]
    losers = result.get("losers", [s for s in range(players) if s not in result["winners"]])
    assert tags.count(tag[lang]) == len(losers)
    assert tags.count(wins) == len(result["winners"])
    other = {"en": "es", "es": "en"}[lang]
    assert tag[other] not in tags


def test_four_players_names_are_whole_in_the_title_strip():
    # in one row of four chips "Mesa 2 (normal)" was cut to "Mes… 2": four players take two rows, two a row
    state = ENGINE.from_position("1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|N/RK/BYG/KRYB+W|Y/GR/KNY/RGKB+W|"
                                 "G/YB/RKN/BGYK+W play 2 - -")
    names = ["Ana", "Ben", "Mesa (normal)", "Mesa 2 (normal)"]
    with theme.recording() as marks:
        draw("k3", ENGINE.view(state, None), names)
    texts = [m.what for m in marks if m.kind == "text"]
    assert "▶ Mesa (normal)" in texts and "Mesa 2 (normal)" in texts  # the chips, whole (seat 2 to move: its ▶)
    assert not any("…" in t and t.startswith(("Mes", "▶ Mes")) for t in texts)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dealt_hand_reads_on_a_phone_while_its_player_builds(players: int, lang: str) -> None:
    """K3-3: while the players build, each dealt hand is drawn in its panel with pieces of 14 px or more at the 400 px
    a phone shows (three players' 15 pieces were 13.6 px, in two rows of 8), every piece inside the picture."""
    from engines import CHANCE
    from render import layout_facts

    state = ENGINE.new_game(players, 1)
    rng = random.Random(players)
    while ENGINE.to_move(state) == CHANCE:
        state = ENGINE.apply(state, ENGINE.sample_chance(state, rng))
    view = ENGINE.view(state, 0)
    assert view["players_info"][0].get("hand"), "no hand dealt: this test checks nothing"
    facts = layout_facts("k3", view, ["Ana", "Ben", "Cy", "Dee"][:players], lang=lang)
    assert facts.shown_at(400)[1] >= 14.0


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_game_ended_with_a_take_still_owed_shows_nobody_giving_a_piece(lang: str) -> None:
    """K3-6: a placement on two equal supports owes the thief a piece; a game that ended before the take (a
    resignation) still framed the penalised panel and tagged it "gives a piece" under "Everyone loses"."""
    import render as rendering

    state = ENGINE.apply(ENGINE.from_position(E), ENGINE.parse_move(ENGINE.from_position(E), "Rs-g2"))
    view = ENGINE.view(state, None)
    assert view["steal"] is not None
    gives = {"en": "gives a piece", "es": "cede una pieza"}[lang]
    going = [m.what for m in rendering.layout_facts("k3", view, NAMES[:2], lang=lang).marks if m.kind == "text"]
    assert gives in going  # while the game goes on, the take is shown
    final = ENGINE.final_view(state)
    ended = rendering.layout_facts("k3", final, NAMES[:2], result={"winners": [0], "reason": "resign",
                                                                   "losers": [1]}, lang=lang)
    assert gives not in [m.what for m in ended.marks if m.kind == "text"]
