"""Plateau pictures: every view renders within the size limits, deterministically, from the view
alone; the public image never depends on hidden faces; the private image shows its owner's secrets."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engines import plateau as P
from render import plateau as pr
from render import render, theme

E = P.ENGINE
NAMES = ["Alice", "Bob"]
EX1 = "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"
EX11 = "3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30"


def _states() -> dict[str, object]:
    rng = random.Random(8)
    middle = E.new_game(2)
    while middle.ply < 24:
        middle = E.apply(middle, E.random_move(middle, rng))
        assert E.outcome(middle) is None
    final = E.new_game(2)
    while E.outcome(final) is None:
        final = E.apply(final, E.random_move(final, rng))
    ex4 = "4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.bx.2rr.2bb.xx - - 15"
    pinned = E.play(E.from_position(ex4), "a1:3-a2:2-a3:1-a4")
    return {
        "start": E.new_game(2),
        "opening": E.play(E.new_game(2), "+xx.rb@a1"),
        "middle": middle,
        "pinned": pinned,
        "tender": E.play(E.from_position(EX11), "tender:rr"),
        "refused": E.play(E.play(E.from_position(EX11), "tender:xx"), "refuse"),
        "final": final,
    }  # fmt: skip


STATES = _states()


def cell(img: Image.Image, square: str, view: dict | None = None) -> Image.Image:
    """A square of the picture (rows grow with their tallest stack: ``view`` says how high they are)."""
    rows = pr.row_heights(view) if view is not None else (pr.MIN_ROW,) * 4
    x, y = pr.square_xy(square, rows)
    return img.crop((x, y, x + pr.CELL_W, y + rows[3 - (int(square[1]) - 1)]))


def count(img: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(n for n, c in img.getcolors(img.width * img.height) if c == colour)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("viewer", [0, 1, None])
def test_every_view_renders_within_limits(name: str, viewer: int | None, lang: str) -> None:
    """Start, middle, final (and exchange) positions for both players and the spectator, in both languages."""
    view = E.view(STATES[name], viewer)
    data = render("plateau", view, NAMES, lang=lang)
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    assert 520 <= img.width <= theme.MAX_WIDTH and img.height <= 1800  # issue 16: a phone's portrait
    assert len(data) <= 80_000
    assert render("plateau", view, NAMES, lang=lang) == data  # same view, same bytes


def test_public_image_depends_only_on_the_spectator_view() -> None:
    """Two true states with the same spectator view give identical public images (PL-9.4)."""
    rng = random.Random(3)
    differing = 0
    for name in ("opening", "middle", "pinned", "tender"):
        state = STATES[name]
        public = E.view(state, None)
        image = render("plateau", public, NAMES)
        for _ in range(4):
            other = P.determinize(public, None, rng)
            assert E.view(other, None) == public
            differing += E.to_position(other) != E.to_position(state)
            assert render("plateau", E.view(other, None), NAMES) == image
    assert differing >= 8  # the hidden faces really were different


def test_private_image_depends_only_on_its_seat_view() -> None:
    """A player's image does not change with the opponent's hidden faces."""
    rng = random.Random(4)
    state = STATES["middle"]
    for seat in (0, 1):
        mine = E.view(state, seat)
        image = render("plateau", mine, NAMES)
        for _ in range(3):
            assert render("plateau", E.view(P.determinize(mine, seat, rng), seat), NAMES) == image


def test_private_image_shows_own_hidden_faces_public_does_not() -> None:
    """PL-11 ex. 1: Black's top piece shows red; its hidden blue down face appears (faded) only in
    Black's own picture, and the bottom Mute's faces only there too."""
    state = E.from_position(EX1)
    v = E.view(state, None)
    public = pr.draw(v, NAMES)
    black = pr.draw(E.view(state, 0), NAMES)
    white = pr.draw(E.view(state, 1), NAMES)
    faded_blue = pr.ghost_fill(theme.BLUE)
    assert count(cell(black, "a1", v), faded_blue) > 0
    assert count(cell(public, "a1", v), faded_blue) == 0 and count(cell(public, "a1", v), theme.BLUE) == 0
    assert count(cell(white, "a1", v), faded_blue) == 0
    assert count(cell(public, "a1", v), theme.RED) > 0  # the public up face
    # White's Twister is hidden at the bottom of d4: its orange shows only in White's picture
    assert count(cell(white, "d4", v), pr.ghost_fill(theme.ORANGE)) > 0
    assert count(cell(black, "d4", v), theme.ORANGE) == 0 and count(cell(public, "d4", v), theme.ORANGE) == 0
    assert black.tobytes() != public.tobytes()


def test_last_move_squares_are_highlighted() -> None:
    """Origin, stops and destination of the last move are boxed in yellow; other squares are not."""
    v = E.view(STATES["pinned"], None)
    img = pr.draw(v, NAMES)
    for square in ("a1", "a2", "a3", "a4"):
        assert count(cell(img, square, v), theme.HIGHLIGHT) > 200
    for square in ("b1", "c3", "d4"):
        assert count(cell(img, square, v), theme.HIGHLIGHT) == 0


def test_owners_differ_by_more_than_colour() -> None:
    """Black and White slabs: dark fill with light rim vs light fill with dark rim, plus a letter."""
    black = pr.slab_sprite(0, "r", "?", True, False).convert("RGB")
    white = pr.slab_sprite(1, "r", "?", True, False).convert("RGB")
    assert black.getpixel((28, 4)) == theme.INK and black.getpixel((0, 12)) == theme.LIGHT_GREY
    assert white.getpixel((28, 4)) == theme.WHITE and white.getpixel((0, 12)) == theme.INK
    # the four faces have four different shapes: compare their pixel masks on the same slab
    masks = set()
    for face in "rbox":
        sprite = pr.slab_sprite(1, face, "?", True, False).convert("RGB")
        masks.add(sprite.crop((30, 3, 56, 23)).convert("L").point(lambda v: 0 if v == 255 else 1).tobytes())
    assert len(masks) == 4


def test_tender_and_reserves_in_the_panel() -> None:
    """The viewer's own reserve by type, the opponent's as a count; a pending tender is shown."""
    tender_view = E.view(STATES["tender"], 1)
    tender = pr.draw(tender_view, NAMES)
    below = pr.BOARD_Y + sum(pr.row_heights(tender_view)) + pr.GUTTER
    panel = tender.crop((0, below, tender.width, tender.height))
    plain_view = E.view(E.from_position(EX11), 1)
    plain = pr.draw(plain_view, NAMES)
    below_plain = pr.BOARD_Y + sum(pr.row_heights(plain_view)) + pr.GUTTER
    panel_plain = plain.crop((0, below_plain, plain.width, plain.height))
    assert count(panel, theme.HIGHLIGHT) > count(panel_plain, theme.HIGHLIGHT) + 100  # the tender box


def test_an_unseen_face_is_a_question_mark_down_faces_too() -> None:
    """Issue 28 (item 10): every face this viewer does not know (PL-9.4) is drawn "?", the down face
    as well as the up face, never left blank."""
    import render as rendering

    seen = 0
    for state in (STATES["opening"], STATES["middle"], STATES["pinned"], E.from_position(EX1)):
        for viewer in (None, 0, 1):
            view = E.view(state, viewer)
            pieces = [piece for rank in view["board"] for stack in rank for piece in stack]
            # each kind of slab is drawn once (and noted), then pasted from the cache
            slabs = {(p["owner"], p["up"], p["down"], p["up_public"], p["down_public"]) for p in pieces}
            unknown = sum((up == "?") + (down == "?") for _, up, down, _, _ in slabs)
            facts = rendering.layout_facts("plateau", view, NAMES)
            assert sum(m.kind == "symbol" and m.what == "?" for m in facts.marks) == unknown
            seen += sum(piece["down"] == "?" for piece in pieces)
    assert seen > 10


def _luminance(c: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def _down_face_at_phone_width(owner: int, face: str, public: bool) -> tuple[float, float]:
    """(mean luminance difference from the slab, highest contrast ratio with it) of a slab's down
    face, on a board square, as a phone shows a 560 px picture 400 px wide."""
    scale = 400 / pr.WIDTH
    square = Image.new("RGB", (140, 60), pr.LIGHT_SQUARE)
    sprite = pr.slab_sprite(owner, "x", face, True, public)
    square.paste(sprite, (20, 17), sprite)
    small = square.resize((round(140 * scale), round(60 * scale)), Image.Resampling.LANCZOS)
    cx, cy, r = (20 + pr.SLAB_W - 17) * scale, (17 + pr.SLAB_H / 2) * scale, pr.FACE / 2 * scale
    box = small.crop((int(cx - r), int(cy - r), int(cx + r) + 1, int(cy + r) + 1))
    ground = _luminance(pr.OWNER_FILL[owner])
    raw = box.tobytes()
    pixels = [_luminance((raw[i], raw[i + 1], raw[i + 2])) for i in range(0, len(raw), 3)]
    ratio = max((max(v, ground) + 0.05) / (min(v, ground) + 0.05) for v in pixels)
    return sum(abs(v - ground) for v in pixels) / len(pixels), ratio


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("face", list("rbox"))
def test_faded_faces_read_at_phone_width_and_still_look_faded(owner: int, face: str) -> None:
    """Issue 28 (item 10): a face only this viewer knows is drawn faded, yet at 400 px wide it
    stands off its slab (Black's dark slabs too) by at least 60 % of the ink a public face has and
    3:1 at its strongest; it stays fainter than the public face at its strongest."""
    faded, faded_peak = _down_face_at_phone_width(owner, face, public=False)
    solid, solid_peak = _down_face_at_phone_width(owner, face, public=True)
    assert faded >= 0.6 * solid, (faded, solid)
    assert 3.0 <= faded_peak < solid_peak


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_spectator_s_plateau_legend_does_not_explain_faded_faces(lang: str) -> None:
    """"faded: yours alone" keys a player's own hidden faces; a spectator's picture (a replay, a public board)
    has none, so its legend leaves it out."""
    from render.plateau import _legend

    assert _legend(True, False, lang).tobytes() != _legend(True, True, lang).tobytes()
    assert _legend(False, False, lang).tobytes() != _legend(False, True, lang).tobytes()


def test_the_caption_says_how_many_pieces_arrive_after_a_stop():
    """PL-5.5: a stop drops pieces or picks up the mover's own; the caption says the count that lands (an audit
    read "moved 3 from d1 to a1 via c1" of a move landing 5 there)."""
    from render.plateau import caption

    assert caption({"last_move": "*d1:3-c1:5-a1", "side": 1}, ["Ana", "Ben"]) == \
        "Ana moved 3 from d1 to a1 via c1, arriving with 5, flipped first"
    assert caption({"last_move": "a1:2-a2:1-a3", "side": 0}, ["Ana", "Ben"]) == \
        "Ben moved 2 from a1 to a3 via a2, arriving with 1"


def test_a_private_view_says_whose_faces_are_faded_whoever_looks():
    """PL-9.2: faded faces are known to the view's player alone; a lesson shows the learner the other side's
    view too, where "known to you alone" named the wrong player (an audit)."""
    import render as rendering
    from engines import get_engine

    plateau = get_engine("plateau")
    state = plateau.new_game(2, 1)
    state = plateau.apply(state, plateau.legal_moves(state)[0])
    names = ["Player 1 (you)", "Player 2"]
    facts = rendering.layout_facts("plateau", plateau.view(state, 1), names)
    drawn = " ".join(str(m.what) for m in facts.marks if m.kind == "text")  # the note wraps over lines
    assert "Player 2's private view: faded faces are known to this player alone" in drawn, drawn
    assert "you alone" not in drawn
    # in Spanish too, whoever looks: the view's player by name ("Jugador 2"), never "tú"
    facts = rendering.layout_facts("plateau", plateau.view(state, 1), ["Jugador 1 (tú)", "Jugador 2"], lang="es")
    drawn = " ".join(str(m.what) for m in facts.marks if m.kind == "text")
    assert "Vista privada de Jugador 2: solo este jugador ve las caras pálidas" in drawn, drawn
    assert "private view" not in drawn


@pytest.mark.parametrize(("a", "b"), [((240, 0, 360, 120), (120, 0, 240, 120)),  # leftwards, into b's right side
                                      ((0, 120, 120, 240), (0, 0, 120, 120)),  # upwards, into b's bottom
                                      ((240, 120, 360, 240), (120, 0, 240, 120))])  # up and left
def test_the_last_move_s_arrow_leaves_the_destination_s_faces_clear(a: tuple[int, int, int, int],
                                                                    b: tuple[int, int, int, int]) -> None:
    """Slabs sit flush with a square's right edge, from its bottom up: the arrowhead of a move from c1 to b1 covered
    half of b1's top piece's down face (its right end); an arrow entering through the right or the bottom now
    stops at the edge.  Nothing of it is drawn over the faces of the two lowest slabs of ``b``."""
    from PIL import ImageDraw

    from render.plateau import CELL_W, FACE, SLAB_GAP, SLAB_H, SLAB_LEFT, SLAB_W, _path_arrow

    image = Image.new("RGB", (400, 300), (255, 255, 255))
    _path_arrow(ImageDraw.Draw(image), a, b)
    x0, _, _, y1 = b
    faces = [(x0 + SLAB_LEFT + centre - FACE // 2, x0 + SLAB_LEFT + centre + FACE // 2)
             for centre in (SLAB_W // 2, SLAB_W - 17)]  # the up face in the middle, the down face at the right end
    for slab in range(2):
        bottom = y1 - 5 - slab * (SLAB_H + SLAB_GAP)
        for left, right in faces:
            inked = [(x, y) for x in range(left, right + 1) for y in range(bottom - SLAB_H, bottom)
                     if image.getpixel((x, y)) != (255, 255, 255)]
            assert not inked, (slab, left, inked[:3])
    assert b[2] - b[0] == CELL_W
    assert any(image.getpixel((x, y)) != (255, 255, 255) for x in range(400) for y in range(300))  # an arrow drawn
