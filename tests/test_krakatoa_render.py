"""Krakatoa images: every phase renders for every viewer, deterministically, within the size
limits of the common brief (PNG typically <= 80 KB) and issue 16 (a portrait at most 576 px wide)."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from engines.krakatoa import ENGINE as E
from render import draw, render, theme
from render import krakatoa as kr

NAMES = ["Ann", "Bartholomew the Long-Named", "Cy", "Dee"]


def _states(players: int, options: dict, seed: int) -> list:
    rng = random.Random(seed)
    state = E.new_game(players, options=options)
    states = [state]
    while E.to_move(state) is not None:
        state = E.apply(state, E.random_move(state, rng))
        states.append(state)
    return states


CONFIGS = [(2, {}), (3, {}), (4, {}), (4, {"teams": True}), (3, {"preset": "basic"})]


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_start_middle_end_render_for_every_viewer(players, options, lang):
    states = _states(players, options, seed=players * 7 + len(options))
    picks = [states[0], states[3], states[len(states) // 2], states[-1]]
    for state in picks:
        for viewer in [None, *range(players)]:
            view = E.view(state, viewer)
            data = render("krakatoa", view, NAMES[:players], lang=lang)
            img = _png(data)
            assert 520 <= img.width <= kr.theme.MAX_WIDTH and img.height <= 1800
            assert len(data) <= 80_000
            assert img.format == "PNG"


def test_same_view_same_bytes_and_view_untouched():
    state = _states(4, {}, seed=11)[150]
    view = E.view(state, None)
    before = copy.deepcopy(view)
    first = render("krakatoa", view, NAMES)
    second = render("krakatoa", E.view(state, None), NAMES)
    assert first == second
    assert view == before


def test_every_ply_of_a_four_player_game_renders_small():
    """Every view along a whole 4-player game stays within the byte budget."""
    states = _states(4, {}, seed=3)
    sizes = [len(render("krakatoa", E.view(s, None), NAMES)) for s in states[::7]]
    assert max(sizes) <= 80_000
    assert sorted(sizes)[len(sizes) // 2] <= 60_000


@pytest.mark.parametrize(
    "position",
    [
        "RRB/YRB/RBB play 2 1 2 keep 0 20,31,12 20,00,00 - 3 advanced",  # keep or rethrow
        "YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 - 3 advanced",  # aim pending: crosshair
        "YYY/RRR/BBB bonus 6 b1 0 set 0 168,161 11,00 - 2 advanced",  # bonus box
        "YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced",  # shared win
        "YYB/YRR/YRB play 2 1 3 throw 1 40,41 00,00 - 3 advanced+teams",  # teams
        "YYB/---/--- throwoff 1 - 1 set - 0,0 10,00 2,? 3 advanced",  # throw-off
    ],
)
def test_positions_render(position):
    state = E.from_position(position)
    view = E.view(state, None)
    img = draw("krakatoa", view, NAMES[: state.players])
    assert img.width == kr.WIDTH and img.height > kr._height(kr._advanced(view))


def test_scratch_and_changed_dice_are_drawn():
    """E6's scratch: the red banner is drawn (vermillion pixels in the info panel), and the changed
    Ash dice are boxed in the highlight colour while unchanged Steam dice are not."""
    state = E.from_position("RRB/BBB/RBB play 1 4 1 roll:a:l1:hard 1 0,50 10,10 - 3 advanced")
    scratched = E.play(state, "scratch RRB/YYR/RBB")
    view = E.view(scratched, None)
    assert view["last_throw"]["scratch"] is True
    img = draw("krakatoa", view, NAMES[:2])
    clean = draw("krakatoa", E.view(E.play(state, "roll RRB/YYR/YBB"), None), NAMES[:2])
    box = (kr.DICE_X0 + 20, kr.INFO_Y0 + 60, kr.DICE_X1 - 20, kr.INFO_Y0 + 100)
    red = _count(img.crop(box), kr.theme.DARK_RED)
    red_clean = _count(clean.crop(box), kr.theme.DARK_RED)
    assert red > 2000 > red_clean
    # a die boxed in yellow: the highlight ring sits just outside the die sprite
    ax, ay = kr.die_xy(1, 1)  # a2 changed (Ash BBB -> YYR: every die new)
    sx, sy = kr.die_xy(0, 0)  # s1 unchanged
    assert img.getpixel((ax - 2, ay + kr.DIE // 2)) == kr.theme.HIGHLIGHT
    assert img.getpixel((sx - 2, sy + kr.DIE // 2)) != kr.theme.HIGHLIGHT


def _count(img: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in img.getcolors(maxcolors=1 << 20) if c == colour)


def test_colour_blind_pips_differ_in_shape():
    """Each colour has its own pip shape and letter: the three sprites differ beyond their hue
    (compare them in greyscale)."""
    sprites = [kr.die_sprite("s", c).convert("L") for c in "YRB"]
    assert sprites[0].tobytes() != sprites[1].tobytes() != sprites[2].tobytes()
    assert sprites[0].tobytes() != sprites[2].tobytes()


def test_few_names_are_padded():
    state = E.new_game(3)
    img = draw("krakatoa", E.view(state, None), ["Solo"])
    assert img.width == kr.WIDTH


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_die_is_named_where_aims_are_made(players, lang):
    """Issue 28 (item 8): aims name the table dice s1 ... l3 (KR-1.2, KR-10.3), so every view where
    an aim is chosen names each die on the picture, every aim's die among them, legible at the 400 px
    a phone shows (9 px or more)."""
    import render as rendering

    names = [f"{x}{i}" for x in "sal" for i in (1, 2, 3)]
    checked = 0
    for state in _states(players, {}, seed=players):
        view = E.view(state, None)
        if not view["step"].startswith("aim:"):
            continue
        facts = rendering.layout_facts("krakatoa", view, NAMES[:players], lang=lang)
        drawn = {m.what: m.size * 400 / facts.width for m in facts.marks if m.kind == "text" and m.what in names}
        assert set(drawn) == set(names)
        assert min(drawn.values()) >= 9
        assert {move.split()[1] for move in map(str, (E.format_move(state, m) for m in E.legal_moves(state)))
                if move.startswith("aim")} <= set(drawn)
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


MESAS = ["Mesa (normal)", "Mesa 2 (normal)", "Mesa 3 (normal)", "Bartholomew the Long-Named"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "position",
    [
        "YYB/YRR/YRB play 2 1 3 throw 1 40,41,12,7 00,00,00,00 - 3 advanced",  # four players
        "YYB/YRR/YRB play 2 1 3 throw 1 40,41 00,00 - 3 advanced+teams",  # two partnerships
        "YYB/YRR/YRB play 2 1 2 throw 1 40,41,12 00,00,00 - 3 advanced",  # three players
    ],
)
def test_many_players_names_and_scores_are_all_shown(position, lang):
    """Issue 28 (item 10): with three or four players every seat's chip in the title strip shows
    its score and its name (whole for names like Mesa's), at 9 px or more on a phone; nothing names
    a Mesa seat cut short (the sheet breaks a name over two lines), so three Mesa seats are told
    apart everywhere."""
    import render as rendering

    state = E.from_position(position)
    view = E.view(state, None)
    players = state.players
    facts = rendering.layout_facts("krakatoa", view, MESAS[:players], lang=lang)
    texts = [m for m in facts.marks if m.kind == "text"]
    for seat in range(players):
        score = str(view["totals"][view["side_of_seat"][seat]])
        chip = [m for m in texts if m.what.removeprefix("▶ ").startswith(MESAS[seat][:6])
                and m.what.endswith(f"  {score}")]
        assert chip, (seat, [m.what for m in texts])
        assert chip[0].size * 400 / facts.width >= 9
        if seat < 3:
            assert chip[0].what.removeprefix("▶ ") == f"{MESAS[seat]}  {score}"
    cut = [m.what for m in texts if "…" in m.what and m.what != "…"]  # "…" alone: the throw at hand
    assert all("Barth" in what or "the Lon" in what for what in cut), cut  # only the long name is cut


@pytest.mark.parametrize(("lang", "throwoff", "kept"),
                         [("en", "throw-off", "if kept"), ("es", "Sorteo de", "si se los queda")])
def test_caption_says_the_last_move_in_words(lang, throwoff, kept):
    """Issue 28 (item 3): before a throw is scored (the throw-off, throw 1's roll to keep or rethrow)
    the caption says the last move as a player would, with who made it, never its notation
    ("roll YBB/---/---"), in at most two lines at the picture's caption size (in Spanish too)."""
    room = kr.WIDTH - 2 * kr.theme.MARGIN - 16
    said: dict[str, str] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        names = NAMES[:players]
        for state in _states(players, {}, seed):
            view = E.view(state, None)
            if view["last_throw"] is not None or not view["last_move"]:
                continue
            text = kr.caption(view, names, lang)
            kind = view["last_move"].split()[0]
            said[kind] = text
            assert "/" not in text and "Last move" not in text, text
            assert any(name in text.split(":")[0] for name in names), text
            assert len(kr.theme.wrap(text, kr.theme.CAPTION_SIZE, room)) <= 2, text
    assert {"steam", "ash", "lava"} & set(said) and {"roll", "throw"} <= set(said)
    assert any(word in said["roll"] for word in (throwoff, kept))


@pytest.mark.parametrize(("lang", "prefix", "one", "many"), [("en", "Last: ", "point", "points"),
                                                           ("es", "Último: ", "punto", "puntos")])
def test_the_last_throw_says_point_or_points_by_its_number(lang, prefix, one, many):
    """An audit read "throw 5: 1 points": a throw worth 1 (a Deuce YRR, KR-2) is "1 point" ("1 punto")."""
    import render as rendering

    said = {}
    for seed in range(1, 40):
        for state in _states(2, {"preset": "basic"}, seed=seed):
            last = E.view(state, None).get("last_throw")
            if last is None or last["scratch"] or last["points"] in said:
                continue
            facts = rendering.layout_facts("krakatoa", E.view(state, None), NAMES[:2], lang=lang)
            [line] = [m.what for m in facts.marks if m.kind == "text" and str(m.what).startswith(prefix)]
            said[last["points"]] = line
        if 1 in said and len(said) > 2:
            break
    assert said[1].endswith(f": 1 {one}") and all(line.endswith(f": {n} {many}") for n, line in said.items() if n != 1)


@pytest.mark.parametrize("sides", [2, 3, 4])
def test_a_bonus_box_cell_names_its_box_clear_of_its_marks(sides):
    # KR-5.1: three boxes in a game; with four sides the cells are ~32 px wide and "b1" ran into "x2"
    for side in range(sides):
        for k in range(3):
            _, w = kr.box_cell(sides, side, k)
            for marks in (1, 2):  # a box is thrown only with marks on it (KR-5.2)
                label = kr.box_label(w, f"b{k + 1}", marks)
                assert label is not None and label.endswith(str(k + 1))  # the box's number is always told
                label_right = 3 + theme.text_size(label, theme.MIN_TEXT)[0]  # drawn from x = 3
                tag_left = w - 2 - theme.text_size(kr.MARK_WORD[marks], theme.MIN_TEXT, True)[0]  # to x = w - 2
                assert label_right < tag_left
    if sides == 2:  # room for the whole name
        assert kr.box_label(kr.box_cell(2, 0, 0)[1], "b1", 2) == "b1"


def test_the_winner_is_said_with_their_own_total_not_the_highest():
    # a seat that left is placed last whatever its total (tables.play): the first placed may not have the highest
    # ("Mesa (normal) wins with 298" named the resigned Ana's total)
    view = {"winners": [2], "totals": [298, 156, 254], "side_of_seat": [0, 1, 2]}
    assert kr._result_words(view, ["Ana", "Ben", "Mesa"]) == "Mesa wins with 254"
    assert kr._result_words(view, ["Ana", "Ben", "Mesa"], "es") == "Mesa gana con 254"
    view = {"winners": [1, 2], "totals": [298, 254, 254], "side_of_seat": [0, 1, 2]}
    assert kr._result_words(view, ["Ana", "Ben", "Mesa"]) == "Ben & Mesa share the win at 254"
    assert kr._result_words(view, ["Ana", "Ben", "Mesa"], "es") == "Ben y Mesa comparten la victoria con 254"


@pytest.mark.parametrize(("lang", "header"), [("en", "bonus box {box} ({left} left)"),
                                              ("es", "caja {box} (quedan {left})")])
def test_a_bonus_throw_says_the_boxes_left_in_its_header(lang, header):
    # KR-5: with a last throw and its news above it, "Bonus boxes left: 2 of 3" ran through the set table's rule;
    # a bonus throw's header says the boxes left, and the line is drawn only where it has room
    state = E.new_game(4, 1, {"teams": True})
    rng = random.Random(1)
    while not (E.view(state, None)["phase"] == "bonus" and str(E.view(state, None)["step"]) == "set"):
        state = E.apply(state, E.random_move(state, rng))
    view = E.view(state, None)
    with theme.recording() as marks:
        draw("krakatoa", view, NAMES, lang=lang)
    texts = [m.what for m in marks if m.kind == "text"]
    assert any(t.endswith(header.format(box=str(view["throw"])[1:], left=view["boxes_left"])) for t in texts), texts


def test_the_throw_off_table_stays_until_the_starters_first_throw_only():
    """KR-4.1: the throw-off decides who starts; its table stays on the starter's first board, then each side's
    first throw of round 1 shows that side's own panel (whose throw, marks, boxes), not the throw-off again."""
    import render as rendering

    def texts(view: dict) -> list[str]:
        return [str(m.what) for m in rendering.layout_facts("krakatoa", view, NAMES[:2]).marks if m.kind == "text"]

    rng = random.Random(8)
    state = E.new_game(2, 8, {})
    seen = {"starter": False, "second": False}
    while E.to_move(state) is not None and not seen["second"]:
        view = E.view(state, None)
        first_throw = view["phase"] == "play" and view["round"] == 1 and view["throw"] == "1" \
            and view["step"] == "throw"
        if first_throw:
            thrown = any(e["points"] is not None or e["scratch"] for side in view["sheet"] for rounds in side
                         for e in rounds)
            heading = any(t.startswith("Throw-off") for t in texts(view))
            assert heading is not thrown, view["sheet"]
            seen["second" if thrown else "starter"] = True
            if thrown:
                assert any("throw 1 of 5" in t for t in texts(view)), texts(view)
        state = E.apply(state, E.random_move(state, rng))
    assert seen == {"starter": True, "second": True}
