"""The shared look of every Mesa image: palette, fonts, frame, title strip, small drawing helpers.

Why these choices:
- The background is an opaque warm card inside a dark frame, so an image reads the same on
  Discord's dark and light themes (no transparency for the client to paint behind it).
- Colours come from the Okabe-Ito palette, which stays distinguishable for the common forms of
  colour blindness; owners are *also* told apart by shape or letter (see ``owner_marker``).
- Every image is drawn in RGB and then mapped onto one fixed 256-colour palette
  (``to_png``): the mapping is cheap (no colour search per image), the output is deterministic, and
  PNG files stay small.  Renderers must draw only with the colours named here (and the blends
  ``mix`` makes of them, which the palette contains) so the mapping loses nothing.
- DejaVu Sans ships in ``render/fonts`` (its licence beside it): scalable, with the symbols we need.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")

RGB = tuple[int, int, int]

# ---- palette -------------------------------------------------------------------------------
# Okabe-Ito
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)
# neutrals
INK: RGB = (28, 30, 34)  # text and outlines
FRAME: RGB = (43, 45, 49)  # the dark frame round every image
CARD: RGB = (244, 239, 230)  # the card background
PANEL: RGB = (228, 220, 205)  # panels on the card (title strip, side boxes)
BOARD: RGB = (214, 190, 150)  # wooden board squares
BOARD_DARK: RGB = (190, 162, 120)  # alternate squares / grid
GREY: RGB = (128, 128, 128)
LIGHT_GREY: RGB = (200, 200, 200)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
HIGHLIGHT: RGB = YELLOW  # last move: origin, stops, destination
RED: RGB = VERMILLION  # game reds (Plateau red faces, Krakatoa red dots, K3 red)

#: Seat colours (title strip, score sheets, K3 / Krakatoa players); always paired with a letter.
SEAT_COLOURS: tuple[RGB, ...] = (BLUE, ORANGE, GREEN, PURPLE)

BASE_COLOURS: tuple[RGB, ...] = (
    ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILLION, PURPLE,
    INK, FRAME, CARD, PANEL, BOARD, BOARD_DARK, GREY, LIGHT_GREY, WHITE, BLACK,
)
#: blend steps kept between every base colour and each of the common backgrounds / ink
_BLEND_STEPS = (0.2, 0.4, 0.6, 0.8)
_BLEND_TARGETS = (CARD, INK, WHITE)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0 = a, 1 = b); use steps of 0.2 to stay in the palette."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _palette_colours() -> list[RGB]:
    colours: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen and len(colours) < 255:  # index 255 stays free: replay's transparent
            seen.add(c)
            colours.append(c)

    for c in BASE_COLOURS:
        add(c)
    for t in _BLEND_STEPS:
        for target in _BLEND_TARGETS:
            for c in BASE_COLOURS:
                add(mix(c, target, t))
    for i in range(0, 256, 16):  # a grey ramp for anti-aliased text on any neutral
        add((i, i, i))
    return colours


PALETTE: tuple[RGB, ...] = tuple(_palette_colours())


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    img = Image.new("P", (1, 1))
    flat = [v for c in PALETTE for v in c]
    flat += [0] * (768 - len(flat))
    img.putpalette(flat)
    return img


def to_palette(image: Image.Image) -> Image.Image:
    """Map an RGB image onto the fixed palette (no dithering: flat colours stay flat)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def to_png(image: Image.Image) -> bytes:
    """Encode with the fixed palette; deterministic bytes for the same picture."""
    out = io.BytesIO()
    to_palette(image).save(out, "PNG", compress_level=6, optimize=False)
    return out.getvalue()


# ---- fonts -----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    left, top, right, bottom = font(size, bold).getbbox(text)
    return right - left, bottom - top


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Text at ``xy`` with a Pillow anchor (``mm`` = centred, ``la`` = left/ascender, ...)."""
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)


def fit_text(text: str, size: int, width: int, bold: bool = False, min_size: int = 12) -> int:
    """The largest font size ≤ ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > min_size and text_size(text, size, bold)[0] > width:
        size -= 1
    return size


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` at ``size``."""
    if text_size(text, size, bold)[0] <= width:
        return text
    while text and text_size(text + "…", size, bold)[0] > width:
        text = text[:-1]
    return text + "…"


# ---- frame and title strip --------------------------------------------------------------------
FRAME_WIDTH = 10
TITLE_HEIGHT = 84
MARGIN = 24


@lru_cache(maxsize=32)
def _blank(width: int, height: int) -> Image.Image:
    img = Image.new("RGB", (width, height), FRAME)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (FRAME_WIDTH, FRAME_WIDTH, width - FRAME_WIDTH - 1, height - FRAME_WIDTH - 1), radius=14, fill=CARD
    )
    return img


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh copy of the framed card and a drawing context on it (the blank card is cached)."""
    img = _blank(width, height).copy()
    return img, ImageDraw.Draw(img)


def seat_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int,
                label: str | None = None) -> None:
    """A seat's badge: its colour *and* a distinct shape (circle, square, diamond, triangle) with a
    letter, so seats are told apart without colour."""
    x, y = centre
    r = radius
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    shape = seat % 4
    if shape == 0:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    elif shape == 1:
        draw.rectangle((x - r * 0.9, y - r * 0.9, x + r * 0.9, y + r * 0.9), fill=colour, outline=INK, width=2)
    elif shape == 2:
        draw.polygon([(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)], fill=colour,
                     outline=INK, width=2)
    else:
        draw.polygon([(x, y - r * 1.1), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)], fill=colour,
                     outline=INK, width=2)
    if label:
        draw_text(draw, (x, y + (r * 0.1 if shape == 3 else 0)), label, int(r * 1.05), fill=WHITE, bold=True,
                  anchor="mm")


def title_strip(
    draw: ImageDraw.ImageDraw,
    width: int,
    title: str,
    players: Sequence[str],
    to_move: int | Sequence[int] | None,
    *,
    scores: Sequence[str] | None = None,
    status: str = "",
    markers: Sequence[tuple[RGB, str]] | None = None,
    top: int = FRAME_WIDTH,
) -> int:
    """Draw the strip at the top: game title and status line, then one chip per player, the one(s)
    to move marked with a ▶ and a yellow underline.  Returns the y where the content below starts.

    ``markers`` overrides each player's chip badge (colour, letter) for games whose owners have
    their own look (Kona's capybara/poodle, Plateau's Black/White); otherwise seat badges are used.
    """
    x0, x1 = FRAME_WIDTH + 6, width - FRAME_WIDTH - 6
    draw.rounded_rectangle((x0, top + 6, x1, top + TITLE_HEIGHT), radius=10, fill=PANEL)
    draw_text(draw, (x0 + 14, top + 14), title, 22, bold=True)
    if status:
        status_size = fit_text(status, 18, x1 - x0 - 40 - text_size(title, 22, True)[0])
        draw_text(draw, (x1 - 14, top + 16), status, status_size, fill=INK, anchor="ra")
    moving = {to_move} if isinstance(to_move, int) else set(to_move or ())
    n = max(1, len(players))
    chip_w = (x1 - x0 - 16) / n
    y = top + 58
    for i, name in enumerate(players):
        cx = x0 + 8 + chip_w * i
        if markers:
            colour, letter = markers[i]
            draw.ellipse((cx + 8, y - 11, cx + 30, y + 11), fill=colour, outline=INK, width=2)
            draw_text(draw, (cx + 19, y), letter, 14, fill=INK if sum(colour) > 380 else WHITE, bold=True,
                      anchor="mm")
        else:
            seat_marker(draw, (cx + 19, y), 11, i, str(i + 1))
        label = name if not scores else f"{name}  {scores[i]}"
        size = 18
        room = int(chip_w - 60)
        label = ellipsize(label, size, room, bold=i in moving)
        prefix = "▶ " if i in moving else ""
        draw_text(draw, (cx + 38, y), prefix + label, size, bold=i in moving, anchor="lm")
        if i in moving:
            w = text_size(prefix + label, size, True)[0]
            draw.rectangle((cx + 37, y + 12, cx + 39 + w, y + 18), fill=INK)
            draw.rectangle((cx + 38, y + 13, cx + 38 + w, y + 17), fill=HIGHLIGHT)
    return top + TITLE_HEIGHT + 8


def highlight_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int = 5,
                  colour: RGB = HIGHLIGHT) -> None:
    """The last-move highlight: a thick yellow outline edged in ink round a square / slot / die, so it
    stands out on the light card and on wooden squares alike."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=7, outline=INK, width=width + 4)
    draw.rounded_rectangle(box, radius=6, outline=colour, width=width)


def footer(draw: ImageDraw.ImageDraw, width: int, height: int, text: str) -> None:
    """A one-line note at the bottom of the card (result, pending tender, whose private view...)."""
    size = fit_text(text, 18, width - 2 * MARGIN)
    draw_text(draw, (width / 2, height - FRAME_WIDTH - 18), text, size, fill=INK, anchor="mm")
