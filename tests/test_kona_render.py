"""Kona board pictures: every view renders, deterministically, within size limits, and shows
what the rules make matter (owners, towers, last move, winning line) where it should."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines.kona import ENGINE as E
from render import kona as kr
from render import render, theme

NAMES = ["Alice", "Bob"]
START_VIEW_STATE = E.new_game(2)


def _states() -> dict[str, object]:
    middle = E.new_game(2)
    for text in ("a6-d3", "a1-a3", "d3-d4", "a3-b4", "f1-c4"):
        middle = E.play(middle, text)
    final = E.play(E.from_position("P,4,PCP/3,C,2/6/2,PC,3/1,C,4/CP,4,PC c 20 a6"), "d5-d4")  # E5
    double = E.play(E.from_position("5,PPP/C,C,4/6/1,P,PC,P,2/6/C,4,CC c 30 f6"), "c3-c5")  # E7
    return {"start": E.new_game(2), "middle": middle, "final": final, "double": double}


STATES = _states()


def pixels(img: Image.Image, square: str, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``colour`` lie inside ``square`` on the picture."""
    x, y = kr.square_xy(square)
    box = img.crop((x, y, x + kr.CELL, y + kr.CELL))
    return sum(n for n, c in box.getcolors(kr.CELL * kr.CELL) if c == colour)


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_view_renders_within_limits(name, viewer):
    """Start, middle and final positions for both seats and the spectator: a small portrait PNG."""
    data = render("kona", E.view(STATES[name], viewer), NAMES)
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    assert 520 <= img.width <= theme.MAX_WIDTH and img.height <= 1800  # issue 16: a phone's portrait
    assert len(data) <= 80_000


def test_same_view_same_bytes_and_public_for_everybody():
    """Deterministic bytes; the picture is the same for every viewer (KO-8.1: all public)."""
    state = STATES["middle"]
    first = render("kona", E.view(state, None), NAMES)
    assert render("kona", E.view(state, None), NAMES) == first
    assert render("kona", E.view(state, 0), NAMES) == first
    assert render("kona", E.view(state, 1), NAMES) == first
    assert render("carpniches", E.view(state, None), NAMES) == first
    assert render("kona", E.view(STATES["start"], None), NAMES) != first


def test_towers_show_every_piece_and_the_owner():
    """KO-2.3 start: a6 is C-P-C (capybara on top): both colours drawn there; b3 is empty."""
    img = kr.draw(E.view(STATES["start"], None), NAMES)
    assert pixels(img, "a6", kr.CAPYBARA) > 500  # the capybara token and bottom slab
    assert pixels(img, "a6", kr.POODLE) > 100  # the buried poodle slab
    assert pixels(img, "b3", kr.CAPYBARA) == pixels(img, "b3", kr.POODLE) == 0
    # the top token: a capybara disc is wider at mid-height than a poodle diamond near its points
    lone = E.from_position("6/6/6/6/6/C,4,P c 3 -")
    pic = kr.draw(E.view(lone, None), NAMES)
    assert pixels(pic, "a1", kr.CAPYBARA) > pixels(pic, "f1", kr.POODLE) * 0.5
    assert pixels(pic, "f1", kr.CAPYBARA) == 0 and pixels(pic, "a1", kr.POODLE) == 0


def test_last_move_highlighted_at_origin_and_destination():
    """After a6-d3 the highlight colour marks a6 and d3 (and the empty path between), not elsewhere."""
    img = kr.draw(E.view(E.play(E.new_game(2), "a6-d3"), None), NAMES)
    assert pixels(img, "a6", theme.HIGHLIGHT) > 200
    assert pixels(img, "d3", theme.HIGHLIGHT) > 200
    assert pixels(img, "b5", theme.HIGHLIGHT) > 50  # the arrow crosses b5 and c4
    assert pixels(img, "f3", theme.HIGHLIGHT) == 0 and pixels(img, "a1", theme.HIGHLIGHT) == 0
    start = kr.draw(E.view(STATES["start"], None), NAMES)
    assert pixels(start, "a6", theme.HIGHLIGHT) == 0


def test_winning_line_marked():
    """E5 (KO-6.2): the capybara line b2-c3-d4 is tinted and barred; other squares are not."""
    img = kr.draw(E.view(STATES["final"], None), NAMES)
    tint = theme.mix(kr.CAPYBARA, theme.CARD, 0.6)
    for square in ("b2", "c3", "d4"):
        assert pixels(img, square, tint) > 1000
    for square in ("a1", "e5", "c2"):
        assert pixels(img, square, tint) == 0
    double = kr.draw(E.view(STATES["double"], None), NAMES)
    assert pixels(double, "c3", theme.mix(kr.POODLE, theme.CARD, 0.6)) > 1000  # poodle's b3-c3-d3


def test_random_game_views_render():
    """Views along a seeded random game all render (every stack shape that turns up)."""
    rng = random.Random(3)
    state = E.new_game(2)
    count = 0
    while E.to_move(state) is not None and count < 40:
        state = E.apply(state, rng.choice(E.legal_moves(state)))
        count += 1
        if count % 4 == 0 or E.to_move(state) is None:
            img = kr.draw(E.view(state, None), NAMES)
            assert img.width == kr.WIDTH and img.height >= kr.HEIGHT
    for stack in ("C", "P", "CC", "CP", "PC", "PP", "CCC", "CCP", "CPC", "CPP", "PCC", "PCP", "PPC", "PPP"):
        assert kr.tower_sprite(stack).getbbox() is not None


def test_short_or_missing_names():
    """Names missing or very long do not break the picture."""
    view = E.view(STATES["middle"], None)
    assert kr.draw(view, []).width == kr.WIDTH
    long = kr.draw(view, ["A" * 80, "B" * 80])
    assert long.width == kr.WIDTH and long.height < kr.HEIGHT + 120  # the caption wraps, within reason


def test_a_loaded_position_says_who_moved_where_in_words():
    """Issue 28 (item 3): a position whose last move's origin is unknown (KO-9.2 gives only where it
    landed) says who moved there, not "Last move: to d4"."""
    import render as rendering

    view = E.view(E.from_position("P,4,PCP/6/3,C,2/2,PC,3/1,C,4/CP,4,PC p 21 d4"), None)  # poodle to move
    assert view["last_move"] is None and view["last"] == "d4"
    facts = rendering.layout_facts("kona", view, NAMES)
    texts = [m.what for m in facts.marks if m.kind == "text"]
    assert "Alice (capybara) moved to d4" in texts
    assert not any(text.startswith("Last move") for text in texts)


def test_a_game_over_before_the_first_move_does_not_teach_the_opening():
    """The opening's reminder belongs to a board someone is about to move on: a table that ended before the
    first move (a resignation, a tournament forfeit) shows its result, not how to play the first move."""
    import render as rendering

    start = E.view(E.new_game(2, 1), None)
    assert int(start.get("ply", 0)) == 0

    def texts(result: dict | None) -> list[str]:
        view = E.final_view(E.new_game(2, 1)) if result else start
        return [m.what for m in rendering.layout_facts("kona", view, NAMES, result=result).marks if m.kind == "text"]

    assert any(text.startswith("Opening:") for text in texts(None))
    ended = texts({"winners": [0], "reason": "forfeit", "losers": [1]})
    assert not any(text.startswith("Opening:") for text in ended)
    assert any("wins: Bob forfeited" in text for text in ended), ended
