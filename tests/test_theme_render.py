"""The theme's cached drawing (issue 6: render time) gives the pictures the plain Pillow calls give.

Text, highlight boxes and the title strip are drawn from caches of rendered words, ring masks and
chips; these tests compare each against the uncached Pillow drawing it replaces, pixel for pixel,
and check that a picture does not depend on what the caches already hold.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from engines import get_engine
from render import draw, theme

LINES = [
    "Last: Player 2, throw 3: 12 points (raw 6 x2)",
    "Round 3 of 6 · throw 2 of 5 (Steam)",
    "ply 12 · capybara to move",
    "Volcano  YYY 10 · RRR 5 · BBB 3",
    "Player 1  145",
    "▶ Player 2 (poodle)",
    "AV To Wa LT  x",
    "2026",
    "7",
    "office fi fl",
    " leading and trailing ",
    "Team 1: Ann & Cy",
]
ANCHORS = ["la", "lm", "ls", "ld", "mm", "ma", "md", "ra", "rm"]


def _caches() -> list[Any]:
    """Every lru_cache of the render modules (to draw as if the process had just started)."""
    found = []
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            found += [f for f in vars(module).values() if hasattr(f, "cache_clear")]
    return found


@pytest.fixture
def exact_subpixel(monkeypatch: pytest.MonkeyPatch):
    """Words placed to Pillow's own 1/64 px: the theme's text is then bit-identical to draw.text."""
    monkeypatch.setattr(theme, "SUBPIXEL", 64)
    theme._layout.cache_clear()
    theme._text_sprite.cache_clear()
    yield
    theme._layout.cache_clear()
    theme._text_sprite.cache_clear()


def _pillow_text(xy, text, size, bold, anchor) -> Image.Image:
    img = Image.new("RGB", (900, 120), theme.CARD)
    ImageDraw.Draw(img).text(xy, text, font=theme.font(size, bold), fill=theme.INK, anchor=anchor)
    return img


def test_draw_text_is_exactly_pillows_text(exact_subpixel) -> None:
    rng = random.Random(5)
    for text in LINES:
        for anchor in ANCHORS:
            size, bold = rng.choice([12, 14, 15, 16, 18, 22, 30]), rng.random() < 0.5
            xy = (450 + rng.choice([0, 0.25, 0.5, 0.7]), 60 + rng.choice([0, 0.5, 0.3]))
            mine = Image.new("RGB", (900, 120), theme.CARD)
            theme.draw_text(ImageDraw.Draw(mine), xy, text, size, bold=bold, anchor=anchor)
            assert mine.tobytes() == _pillow_text(xy, text, size, bold, anchor).tobytes(), (text, anchor, size)


def test_paste_text_on_its_background_is_draw_text(exact_subpixel) -> None:
    for k, text in enumerate(LINES):
        anchor = ANCHORS[k % len(ANCHORS)]
        xy = (450 + k / 4, 60.5)
        drawn = Image.new("RGB", (900, 120), theme.PANEL)
        theme.draw_text(ImageDraw.Draw(drawn), xy, text, 17, bold=k % 2 == 0, anchor=anchor)
        pasted = Image.new("RGB", (900, 120), theme.PANEL)
        theme.paste_text(pasted, xy, text, 17, bg=theme.PANEL, bold=k % 2 == 0, anchor=anchor)
        pasted2 = Image.new("RGB", (900, 120), theme.PANEL)
        theme.paste_text(pasted2, xy, text, 17, bg=theme.PANEL, bold=k % 2 == 0, anchor=anchor)  # now cached
        assert pasted.tobytes() == drawn.tobytes() == pasted2.tobytes(), text


def test_default_text_placement_stays_within_half_a_pixel() -> None:
    """With words placed to half pixels the ink moves by less than a pixel: the box of the ink is
    the same give or take one pixel, and the first word (placed exactly) does not move at all."""
    for text in LINES:
        if not text.strip():
            continue
        mine = Image.new("RGB", (900, 120), theme.CARD)
        theme.draw_text(ImageDraw.Draw(mine), (450.25, 60), text, 16, anchor="mm")
        ref = _pillow_text((450.25, 60), text, 16, False, "mm")
        background = Image.new("RGB", (900, 120), theme.CARD)
        ink_mine = _ink_box(mine, background)
        ink_ref = _ink_box(ref, background)
        assert all(abs(a - b) <= 1 for a, b in zip(ink_mine, ink_ref, strict=True)), text


def _ink_box(img: Image.Image, background: Image.Image) -> tuple[int, int, int, int]:
    box = ImageChops.difference(img, background).getbbox()
    assert box is not None
    return box


def test_fit_and_ellipsize_agree_with_measuring_the_ink() -> None:
    """``fits`` skips measuring when the pen advance leaves room; the answers must not change."""
    rng = random.Random(3)
    words = ["Player", "the", "extraordinarily", "long-named", "builder", "&", "Ann", "145", "(poodle)", "jiffy"]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
        size, width, bold = rng.randint(10, 24), rng.randint(20, 400), rng.random() < 0.5
        assert theme.fits(text, size, width, bold) == (theme.font(size, bold).getbbox(text)[2]
                                                       - theme.font(size, bold).getbbox(text)[0] <= width)
        size_ref = size
        while size_ref > theme.MIN_TEXT and theme.text_size(text, size_ref, bold)[0] > width:
            size_ref -= 1
        assert theme.fit_text(text, size, width, bold) == size_ref


@pytest.mark.parametrize("width", [3, 4, 5, 6])
def test_highlight_box_is_two_rounded_rectangles(width: int) -> None:
    rng = random.Random(width)
    for _ in range(40):
        x0, y0 = rng.uniform(10, 200), rng.uniform(10, 200)
        box = (x0, y0, x0 + rng.uniform(20, 160), y0 + rng.uniform(20, 160))
        if rng.random() < 0.3:
            box = tuple(float(round(v)) + rng.choice([0, 0.5]) for v in box)
        mine = Image.new("RGB", (420, 420), theme.BOARD)
        theme.highlight_box(ImageDraw.Draw(mine), box, width=width)
        ref = Image.new("RGB", (420, 420), theme.BOARD)
        d = ImageDraw.Draw(ref)
        a, b, c, e = box
        d.rounded_rectangle((a - 2, b - 2, c + 2, e + 2), radius=7, outline=theme.INK, width=width + 4)
        d.rounded_rectangle(box, radius=6, outline=theme.HIGHLIGHT, width=width)
        assert mine.tobytes() == ref.tobytes(), box


@pytest.mark.parametrize("width", [560, 760, 788, 980, 1024])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("chip_rows", [1, 2])
def test_pasted_title_strip_is_the_drawn_one(width: int, players: int, chip_rows: int) -> None:
    names = ["Ann", "Bob the extraordinarily long-named builder", "Cy", "Dee"][:players]
    cases = [
        {"to_move": 0},
        {"to_move": players - 1, "scores": [str(10 * i + 5) for i in range(players)], "status": "Round 2 of 6"},
        {"to_move": list(range(players)), "status": "building: 1 of 4 ready"},
        {"to_move": None, "status": "ply 40 · game over"},
        {"to_move": 0, "status": "a status far too long to fit beside the title even at the smallest size " * 3},
    ]
    if players == 2:
        cases.append({"to_move": 1, "markers": [(theme.INK, "B"), (theme.WHITE, "W")], "status": "ply 3"})
    for case in cases:
        drawn, d = theme.canvas(width, 300)
        theme.title_strip(d, width, "Game", names, case["to_move"], scores=case.get("scores"),
                          status=case.get("status", ""), markers=case.get("markers"), chip_rows=chip_rows)
        pasted, _ = theme.canvas(width, 300)
        top = theme.paste_title_strip(pasted, "Game", names, case["to_move"], scores=case.get("scores"),
                                      status=case.get("status", ""), markers=case.get("markers"),
                                      chip_rows=chip_rows)
        assert top == theme.FRAME_WIDTH + theme.title_height(chip_rows) + 8
        assert pasted.tobytes() == drawn.tobytes(), case


@pytest.mark.parametrize("game", ["kona", "plateau", "k3", "krakatoa"])
def test_a_picture_does_not_depend_on_what_is_cached(game: str) -> None:
    """The same view drawn with every render cache emptied, then again from warm caches, then after
    drawing other views: the same pixels each time."""
    engine = get_engine(game)
    players = engine.max_players if game in ("k3", "krakatoa") else 2
    rng = random.Random(9)
    state = engine.new_game(players, seed=9)
    views = []
    while engine.outcome(state) is None and len(views) < 40:
        views.append(engine.view(state, len(views) % players))
        state = engine.apply(state, engine.random_move(state, rng))
    views.append(engine.view(state, None))
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    for view in (views[len(views) // 2], views[-1]):
        for cache in _caches():
            cache.cache_clear()
        cold = draw(game, view, names).tobytes()
        warm = draw(game, view, names).tobytes()
        for other in views[::3]:
            draw(game, other, names)
        assert cold == warm == draw(game, view, names).tobytes()


@pytest.mark.parametrize("text", ["Last move a1-c3 · a top piece moves exactly its tower's height", "Public view",
                                  "a footer far too long for the card even at the smallest size of all " * 3])
def test_pasted_footer_is_the_drawn_one(text: str) -> None:
    drawn, d = theme.canvas(788, 400)
    theme.footer(d, 788, 400, text)
    pasted, _ = theme.canvas(788, 400)
    theme.paste_footer(pasted, text)
    assert pasted.tobytes() == drawn.tobytes()


MESAS = ["Mesa (normal)", "Mesa 2 (normal)", "Mesa 3 (normal)"]


@pytest.mark.parametrize("size", [13, 15, 18])
def test_a_cut_name_keeps_its_number(size: int) -> None:
    """Issue 28 (item 10): seats named alike stay told apart however their names are cut: the last
    number of a name survives its ellipsis (the middle goes instead of the end), and a name cut
    still fits its room."""
    for width in range(3 * size, 260, 3):
        cut = [theme.ellipsize_name(name, size, width) for name in MESAS]
        assert len(set(cut)) == 3, (width, cut)
        for name, shown in zip(MESAS, cut, strict=True):
            assert theme.fits(shown, size, width)
            digits = [ch for ch in name if ch.isdigit()]
            assert [ch for ch in shown if ch.isdigit()] == digits
    long = "Bartholomew the Long-Named 2"
    for width in range(3 * size, 200, 3):
        assert theme.ellipsize_name(long, size, width).endswith("2")
    assert theme.ellipsize_name("Ann", 15, 200) == "Ann"


def test_a_chip_cuts_its_name_never_its_score() -> None:
    """Issue 28 (item 10): a player's score stays in the title strip however long the name."""
    _, d = theme.canvas(560, 200)
    with theme.recording() as marks:
        theme.title_strip(d, 560, "Krakatoa", ["Bartholomew the extraordinarily long-named", *MESAS], 0,
                          scores=["123", "40", "41", "12"])
    chips = [m.what for m in marks if m.kind == "text" and m.what not in ("Krakatoa",)]
    assert [c.rsplit(" ", 1)[-1] for c in chips] == ["123", "40", "41", "12"]
