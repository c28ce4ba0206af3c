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
import math
import re
import sys
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw, ImageFont

from render import words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.base import GameView

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
#: quiet text (hints, labels, counts): a dark grey that keeps 4.5:1 on every light ground of the card
MUTED: RGB = (80, 80, 80)
#: the Okabe-Ito colours darkened for *text* on the light card (the plain ones fail 4.5:1 there)
DARK_RED: RGB = (139, 68, 14)  # mix(VERMILLION, INK, 0.4), in the palette's blends
DARK_GREEN: RGB = (17, 81, 66)  # mix(GREEN, INK, 0.6)
DARK_BLUE: RGB = (11, 80, 120)  # mix(BLUE, INK, 0.4)

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
    add(MUTED)
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
    to_palette(image).save(out, "PNG", compress_level=3, optimize=False)  # 2x faster than 6, a few KB more
    return out.getvalue()


# ---- layout facts (issue 16: legible on a phone) -----------------------------------------------
#: the smallest font size any picture uses: Mesa's pictures are at most ``MAX_WIDTH`` wide, so at the
#: 400 px a phone shows, text stays at least 13 * 400 / 576 = 9.03 px tall
MIN_TEXT = 13
MAX_WIDTH = 576


@dataclass(frozen=True)
class Mark:
    """One thing drawn that a player must read: a line of text, a symbol (a letter or sign on a piece),
    or a piece face; its size in pixels of the full picture (a font's size; a face's width), its
    colour and the colour under it (sampled from the picture as it was drawn)."""

    kind: str  # "text", "symbol" or "face"
    size: float
    fill: RGB | None
    ground: RGB | None
    faded: bool = False
    what: str = ""


_RECORD: list[Mark] | None = None


#: caches that hold no drawing of a whole mark (glyph masks and measures: every mark drawn from them
#: passes through ``draw_text`` / ``paste_text``, which note it), kept while recording
_KEPT = frozenset({"font", "text_size", "_glyph_mask", "_advance", "_layout", "_text_sprite", "fit_text",
                   "ellipsize", "ellipsize_name", "_prime", "palette_image", "_fit", "_ellipsize", "_text_mask"})


def _clear_caches() -> None:
    """Empty the sprite caches of the render modules, so what a picture pastes from a cache is drawn
    again (and noted) while recording."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for key, value in list(vars(module).items()):
                if key not in _KEPT and callable(value) and hasattr(value, "cache_clear"):
                    value.cache_clear()


@contextmanager
def recording() -> Iterator[list[Mark]]:
    """Note every text, symbol and face drawn inside the block (caches are emptied first, so sprites
    are drawn afresh).  For tests and ``render.layout_facts``: the running bot never records."""
    global _RECORD
    _clear_caches()
    _RECORD = []
    try:
        yield _RECORD
    finally:
        _RECORD = None


def _opaque(pixel: Any) -> RGB | None:
    if isinstance(pixel, int):
        return (pixel, pixel, pixel)
    if len(pixel) == 4 and pixel[3] < 128:
        return None
    return (pixel[0], pixel[1], pixel[2])


def ground_of(image: Image.Image | None, box: tuple[float, float, float, float]) -> RGB | None:
    """The commonest opaque colour of ``image`` inside ``box``: what a mark drawn there sits on."""
    if image is None:
        return None
    x0, y0, x1, y1 = (max(0, int(box[0])), max(0, int(box[1])), min(image.width, math.ceil(box[2])),
                      min(image.height, math.ceil(box[3])))
    if x1 <= x0 or y1 <= y0:
        return None
    counts: dict[RGB, int] = {}
    for n, pixel in image.crop((x0, y0, x1, y1)).getcolors((x1 - x0) * (y1 - y0)) or []:
        colour = _opaque(pixel)
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + n
    return max(counts, key=counts.__getitem__) if counts else None


def note_face(image: Image.Image | None, box: tuple[float, float, float, float], fill: RGB, *,
              faded: bool = False, what: str = "", ground: RGB | None = None) -> None:
    """Record a piece face of ``box`` drawn in ``fill`` (call it *before* drawing, so the ground is
    what lies under the face; or say the ground when the face is drawn in a sprite of its own)."""
    if _RECORD is not None:
        size = min(box[2] - box[0], box[3] - box[1])
        _RECORD.append(Mark("face", size, fill, ground or ground_of(image, box), faded, what))


def _note_text(image: Image.Image | None, xy: tuple[float, float], text: str, size: int, bold: bool,
               anchor: str, fill: RGB, symbol: bool, ground: RGB | None = None) -> None:
    if _RECORD is None or not text.strip():
        return
    if ground is None:
        try:
            left, top, right, bottom = font(size, bold).getbbox(text, anchor=anchor)
        except ValueError:
            left, top, right, bottom = font(size, bold).getbbox(text)
        ground = ground_of(image, (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom))
    _RECORD.append(Mark("symbol" if symbol else "text", size, fill, ground, False, text))


# ---- fonts -----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def _mask_of(char: str, bold: bool) -> tuple[tuple[int, int], bytes]:
    mask = font(24, bold).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def can_draw(char: str) -> bool:
    """Whether the pictures' fonts draw ``char`` (both weights): one they lack comes out as their empty box
    (the glyph of a character no font maps, U+FFFF), as CJK letters and emoji would."""
    if char.isspace():
        return True
    return all(_mask_of(char, bold) != _mask_of("\uffff", bold) for bold in (False, True))


#: the bidirectional embeddings, overrides and isolates a user may put in a name: they reorder what follows them
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def drawable_name(name: str, fallback: str) -> str:
    """``name`` as a picture can show it: without the characters the fonts lack (emoji, symbols: "Ana 🎲" is
    "Ana"; letters of a "fancy font", "𝓜𝓪𝓻𝓲𝓪", as their plain selves), or ``fallback`` when a letter or number of
    it is among them or nothing is left ("山田", "🎲"):
    empty boxes in its place would name nobody.  The words posted with the picture keep the name whole."""
    name = BIDI_CONTROLS.sub("", name)  # an override inside a name ("x\u202eevil" drawn "xlive") is no letter of it
    missing = [c for c in name if not can_draw(c)]
    if not missing:
        return name
    plain = unicodedata.normalize("NFKC", name)  # letters in a "fancy font" ("𝓜𝓪𝓻𝓲𝓪", "Ａｎａ") are plain ones
    if plain != name:
        return drawable_name(plain, fallback)
    kept = " ".join("".join(c for c in name if can_draw(c)).split())
    if any(c.isalnum() for c in missing) or not any(c.isalnum() for c in kept):
        return fallback
    return kept


def text_box(text: str, size: int, bold: bool = False, anchor: str | None = None) -> tuple[int, int, int, int]:
    """``getbbox`` of ``text``: FreeType's box of text drawn without a stroke is in whole pixels, which
    Pillow types as floats (a stroke may make them fractional), so ``int`` changes only the type."""
    left, top, right, bottom = font(size, bold).getbbox(text, anchor=anchor)
    return int(left), int(top), int(right), int(bottom)


@lru_cache(maxsize=4096)
def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    left, top, right, bottom = text_box(text, size, bold)
    return right - left, bottom - top


@lru_cache(maxsize=8192)
def _glyph_mask(text: str, size: int, bold: bool, anchor: str, mode: str, fx: float,
                fy: float) -> tuple[Any, tuple[int, int]]:
    """The rendered coverage mask of ``text`` and its offset, as ``ImageDraw.text`` makes them.

    FreeType rendering is most of the cost of a picture; the same labels recur in every picture, so
    the masks are kept.  ``fx``/``fy`` are the fractional parts of the position (Pillow positions
    glyphs to the subpixel), so a cached mask gives exactly the pixels a fresh one would."""
    return font(size, bold).getmask2(text, mode, None, None, None, 0, anchor, 0, (fx, fy), stroke_filled=True)


#: where words after the first in a line (and digits) are placed, in steps per pixel: Pillow places
#: them to 1/64 px (64 makes the output bit-identical to ``draw.text``); half pixels look the same
#: (Pillow itself placed text on whole pixels before 9.2) and need far fewer cached masks per word.
SUBPIXEL = 2


@lru_cache(maxsize=8192)
def _advance(text: str, size: int, bold: bool) -> float:
    """The pen advance of ``text`` (a word, or a space), in pixels to 1/64; a number's from its
    length (DejaVu's digits share one advance and never kern)."""
    if len(text) > 1 and text.isdigit() and text.isascii():
        return len(text) * _advance("0", size, bold)
    return font(size, bold).getlength(text)


def _half_up(v: float) -> int:
    return math.floor(v + 0.5)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
    symbol: bool = False,
) -> None:
    """Text at ``xy`` with a Pillow anchor (``mm`` = centred, ``la`` = left/ascender, ...).

    Drawn from cached glyph masks, blended in with the ink as ``ImageDraw.text`` itself does (FreeType
    rendering is the costliest part of a picture).  A line is laid out word by word, as words recur
    from one picture to the next where whole lines do not, and a number digit by digit.  Pillow
    places glyphs at fractional pen positions (to 1/64 px), rounds a centre / right anchor's shift
    to whole pixels (half up), and nothing kerns across a space: so with ``SUBPIXEL = 64`` the
    picture is bit-for-bit one ``draw.text`` call's (tests/test_theme_render.py; at most a pixel
    where two digits' edges touch differs by a shade); the default places words after the first
    to half pixels, which looks the same and keeps fewer masks.  ``symbol``: a letter or sign on a
    piece (held to the symbols' contrast, 3:1, rather than text's 4.5:1).
    """
    if _RECORD is not None:
        _note_text(getattr(draw, "_image", None), xy, text, size, bold, anchor, fill, symbol)
    if not text or "\n" in text or anchor[0] not in "lmr" or anchor[1] not in "amsd":
        draw.text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)
        return
    x, y = xy
    ix, iy = int(x), int(y)
    ink = draw.draw.draw_ink(fill)
    for dx, dy, mask in _layout(text, size, bold, anchor, draw.fontmode, x - ix, y - iy):
        draw.draw.draw_bitmap((ix + dx, iy + dy), mask, ink)


@lru_cache(maxsize=8192)
def _layout(text: str, size: int, bold: bool, anchor: str, mode: str, fx: float,
            fy: float) -> tuple[tuple[int, int, Any], ...]:
    """The word masks of a line and where they go, from the whole pixel of the anchor point (whose
    fractional part is ``fx``, ``fy``).

    A number is laid out digit by digit: DejaVu's digits all have one advance and never kern, so
    ten cached digits draw every score and count (new numbers are most of a picture's new words)."""
    if " " not in text and not text.isdigit():
        mask, (ox, oy) = _glyph_mask(text, size, bold, anchor, mode, fx, fy)
        return ((ox, oy, mask),)
    words = visual_order(text.split(" "))
    space = _advance(" ", size, bold)
    widths = [_advance(word, size, bold) for word in words]
    total = sum(widths) + space * (len(words) - 1)
    pen = fx - (0 if anchor[0] == "l" else _half_up(total / 2) if anchor[0] == "m" else _half_up(total))
    line_anchor = "l" + anchor[1]
    placed = []
    for word, width in zip(words, widths, strict=True):
        if word.isdigit() and word.isascii():
            digit = _advance("0", size, bold)
            for k, ch in enumerate(word):
                placed.append(_place(ch, size, bold, line_anchor, mode, pen + k * digit, fy))
        elif word:
            placed.append(_place(word, size, bold, line_anchor, mode, pen, fy))
        pen += width + space
    return tuple(placed)


def _right_to_left(word: str) -> bool:
    """Whether ``word`` is written right to left (a Hebrew or Arabic letter in it)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in word)


def visual_order(words: list[str]) -> list[str]:
    """A line's words in the order they are seen, left to right: each run of right-to-left words (a name in
    Hebrew or Arabic, "علي حسن") reversed, as the bidirectional algorithm shows it in a left-to-right line (each
    word shapes its own letters).  Laid out word by word from the left, a two-word name read back to front."""
    out: list[str] = []
    run: list[str] = []
    for word in words:
        if _right_to_left(word):
            run.append(word)
            continue
        out += run[::-1]
        run = []
        out.append(word)
    return out + run[::-1]


def _place(word: str, size: int, bold: bool, anchor: str, mode: str, pen: float, fy: float) -> tuple[int, int, Any]:
    """A word's mask and offset for a pen position, taken to 1/SUBPIXEL px (a few masks per word)."""
    steps = round(pen * SUBPIXEL)
    dx, wx = divmod(steps, SUBPIXEL)
    mask, (ox, oy) = _glyph_mask(word, size, bold, anchor, mode, wx / SUBPIXEL, fy)
    return dx + ox, oy, mask


def paste_text(img: Image.Image, xy: tuple[float, float], text: str, size: int, *, bg: RGB, fill: RGB = INK,
               bold: bool = False, anchor: str = "la", symbol: bool = False) -> None:
    """``draw_text`` for text known to sit on the flat colour ``bg``: the line is kept as a picture
    on ``bg`` and pasted (a copy is far cheaper than blending the glyphs' coverage in each time).
    The same pixels as ``draw_text`` wherever the text's box really is ``bg``."""
    if not text:
        return
    if "\n" in text or anchor[0] not in "lmr" or anchor[1] not in "amsd":
        draw_text(ImageDraw.Draw(img), xy, text, size, fill=fill, bold=bold, anchor=anchor, symbol=symbol)
        return
    if _RECORD is not None:
        _note_text(img, xy, text, size, bold, anchor, fill, symbol, ground=bg)
    x, y = xy
    ix, iy = int(x), int(y)
    sprite, dx, dy = _text_sprite(text, size, bold, fill, bg, anchor, x - ix, y - iy)
    img.paste(sprite, (ix + dx, iy + dy))


@lru_cache(maxsize=512)
def _text_sprite(text: str, size: int, bold: bool, fill: RGB, bg: RGB, anchor: str, fx: float,
                 fy: float) -> tuple[Image.Image, int, int]:
    placed = _layout(text, size, bold, anchor, "L", fx, fy)
    left = min(dx for dx, _, _ in placed)
    top = min(dy for _, dy, _ in placed)
    right = max(dx + mask.size[0] for dx, _, mask in placed)
    bottom = max(dy + mask.size[1] for _, dy, mask in placed)
    sprite = Image.new("RGB", (max(1, right - left), max(1, bottom - top)), bg)
    draw = ImageDraw.Draw(sprite)
    ink = draw.draw.draw_ink(fill)
    for dx, dy, mask in placed:
        draw.draw.draw_bitmap((dx - left, dy - top), mask, ink)
    return sprite, left, top


def _line_advance(text: str, size: int, bold: bool) -> float:
    """The pen advance of a line, summed from its cached words (exact: nothing kerns across a space)."""
    words = text.split(" ")
    return sum(_advance(word, size, bold) for word in words) + _advance(" ", size, bold) * (len(words) - 1)


def fits(text: str, size: int, width: int, bold: bool = False) -> bool:
    """``text_size(text, size, bold)[0] <= width``, without measuring the ink box when the pen advance
    says so already: no glyph of DejaVu overhangs its advance by a whole em."""
    if _line_advance(text, size, bold) + size < width:
        return True
    return text_size(text, size, bold)[0] <= width


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest font size ≤ ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > min_size and not fits(text, size, width, bold):
        size -= 1
    return size


@lru_cache(maxsize=4096)
def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` at ``size``."""
    if fits(text, size, width, bold):
        return text
    while text and text_size(text + "…", size, bold)[0] > width:
        text = text[:-1]
    return text + "…"


_NUMBER = re.compile(r"[0-9]+")


def bare_name(name: str) -> str:
    """``name`` without the note the pictures add to a name that went out ("Cy (resigned)", ``tables.posts``):
    that note is left to the panel that shows it, so "Cy's a1", never "Cy (resigned)'s a1"."""
    return name[:name.rindex(" (")] if name.endswith(")") and " (" in name else name


def whose(name: str, thing: str, lang: str = "en") -> str:
    """``thing`` of ``name`` as a caption says it: "Cy's a1", "a1 de Cy" (``bare_name``)."""
    return words.whose(lang, bare_name(name), thing)


def ellipsize_name(name: str, size: int, width: int, bold: bool = False) -> str:
    """A player's ``name`` cut to fit ``width`` as ``ellipsize`` cuts it, but never through its last
    number: seats named alike ("Mesa (normal)", "Mesa 2 (normal)", "Mesa 3 (normal)") stay told
    apart however narrow their room (issue 28, item 10).  Where the end cannot go without the
    number, the middle goes: "Bartholomew the Lo… 2", "Mes… 3"."""
    plain = ellipsize(name, size, width, bold)
    numbers = list(_NUMBER.finditer(name))
    if plain == name or not numbers or len(plain) - 1 >= numbers[-1].end():
        return plain
    number = numbers[-1]
    word = name.rfind(" ", 0, number.start()) + 1  # the word that holds the number
    spaced = "… " if word and name[word - 1] == " " else "…"
    for tail in dict.fromkeys((name[word:], name[word:number.end()])):  # the rest of the name, else the number
        for cut in dict.fromkeys((spaced, "…")):
            for k in range(word - 1, 0, -1):
                candidate = name[:k].rstrip() + cut + tail
                if fits(candidate, size, width, bold):
                    return candidate
    return plain


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
        draw_text(draw, (x, y + (r * 0.1 if shape == 3 else 0)), label, max(MIN_TEXT, int(r * 1.05)),
                  fill=ink_on(colour), bold=True, anchor="mm", symbol=True)


#: the height of each further row of chips when a title strip lays its players out in rows
CHIP_ROW_H = 32


def title_height(chip_rows: int = 1) -> int:
    """The height of a title strip's panel with its chips in ``chip_rows`` rows."""
    return TITLE_HEIGHT + (max(1, chip_rows) - 1) * CHIP_ROW_H


def _chip_place(width: int, n: int, i: int, chip_rows: int, top: int = FRAME_WIDTH) -> tuple[float, float, float]:
    """(left x, centre y, width) of player ``i``'s chip of ``n``, the chips filling ``chip_rows``
    rows left to right, top to bottom."""
    x0, x1 = FRAME_WIDTH + 6, width - FRAME_WIDTH - 6
    per_row = -(-max(1, n) // max(1, chip_rows))
    chip_w = (x1 - x0 - 16) / per_row
    return x0 + 8 + chip_w * (i % per_row), top + 58 + (i // per_row) * CHIP_ROW_H, chip_w


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
    chip_rows: int = 1,
) -> int:
    """Draw the strip at the top: game title and status line, then one chip per player (its name and
    score), the one(s) to move marked with a ▶ and a yellow underline.  Returns the y where the
    content below starts.

    ``markers`` overrides each player's chip badge (colour, letter) for games whose owners have
    their own look (Kona's capybara/poodle, Plateau's Black/White); otherwise seat badges are used.
    ``chip_rows``: the chips in this many rows (the strip grows by ``CHIP_ROW_H`` a row), so four
    players' names get room (issue 28, item 10).
    """
    x0, x1 = FRAME_WIDTH + 6, width - FRAME_WIDTH - 6
    draw.rounded_rectangle((x0, top + 6, x1, top + title_height(chip_rows)), radius=10, fill=PANEL)
    draw_text(draw, (x0 + 14, top + 14), title, 22, bold=True)
    if status:
        room = x1 - x0 - 40 - text_size(title, 22, True)[0]
        status_size = fit_text(status, 18, room)
        status = ellipsize(status, status_size, room)
        draw_text(draw, (x1 - 14, top + 16), status, status_size, fill=INK, anchor="ra")
    moving = {to_move} if isinstance(to_move, int) else set(to_move or ())
    n = max(1, len(players))
    for i, name in enumerate(players):
        cx, y, chip_w = _chip_place(width, n, i, chip_rows, top)
        _chip_marker(draw, cx, y, i, markers[i] if markers else None)
        _chip_label(draw, cx, y, chip_w, name, scores[i] if scores else "", i in moving)
    return top + title_height(chip_rows) + 8


def paste_title_strip(
    img: Image.Image,
    title: str,
    players: Sequence[str],
    to_move: int | Sequence[int] | None,
    *,
    scores: Sequence[str] | None = None,
    status: str = "",
    markers: Sequence[tuple[RGB, str]] | None = None,
    chip_rows: int = 1,
) -> int:
    """``title_strip`` on ``img`` (a fresh ``canvas`` or a background that leaves the strip blank),
    from cached parts: the panel with its title and each player's badge are pasted, only the status
    line and the names are written (through the word cache).  The same pixels as ``title_strip``.
    Returns the y where the content below starts."""
    top = FRAME_WIDTH
    width = img.width
    img.paste(_title_head(width, title, chip_rows), (0, top))
    draw = ImageDraw.Draw(img)
    x0, x1 = FRAME_WIDTH + 6, width - FRAME_WIDTH - 6
    if status:
        room = x1 - x0 - 40 - text_size(title, 22, True)[0]
        status_size = fit_text(status, 18, room)
        status = ellipsize(status, status_size, room)
        if fits(status, status_size, room):
            paste_text(img, (x1 - 14, top + 16), status, status_size, bg=PANEL, anchor="ra")
        else:  # too long even at the smallest size: it runs into the title, so it is drawn, not pasted
            draw_text(draw, (x1 - 14, top + 16), status, status_size, anchor="ra")
    moving = {to_move} if isinstance(to_move, int) else set(to_move or ())
    n = max(1, len(players))
    for i, name in enumerate(players):
        cx, y, chip_w = _chip_place(width, n, i, chip_rows)
        badge, bx, by = _chip_badge(width, n, i, markers[i] if markers else None, chip_rows)
        img.paste(badge, (bx, by))
        _chip_label(draw, cx, y, chip_w, name, scores[i] if scores else "", i in moving, img)
    return top + title_height(chip_rows) + 8


@lru_cache(maxsize=16)
def _title_head(width: int, title: str, chip_rows: int = 1) -> Image.Image:
    """Rows FRAME_WIDTH.. of a title strip with no status and no players: the panel and title."""
    top = FRAME_WIDTH
    height = title_height(chip_rows)
    img, draw = canvas(width, top + height + 40)
    title_strip(draw, width, title, [], None, chip_rows=chip_rows)
    return img.crop((0, top, width, top + height + 8))


@lru_cache(maxsize=64)
def _chip_badge(width: int, n: int, i: int, marker: tuple[RGB, str] | None,
                chip_rows: int = 1) -> tuple[Image.Image, int, int]:
    """Player ``i``'s badge of ``n`` in the title strip on the panel colour (drawn shifted by whole
    pixels, so exactly ``title_strip``'s pixels), with its top-left on the card."""
    cx, y, _ = _chip_place(width, n, i, chip_rows)
    left, top = int(cx) + 4, int(y) - 16
    img = Image.new("RGB", (32, 32), PANEL)
    _chip_marker(ImageDraw.Draw(img), cx - left, y - top, i, marker)
    return img, left, top


def _chip_marker(draw: ImageDraw.ImageDraw, cx: float, y: float, i: int, marker: tuple[RGB, str] | None) -> None:
    if marker:
        colour, letter = marker
        draw.ellipse((cx + 8, y - 11, cx + 30, y + 11), fill=colour, outline=INK, width=2)
        draw_text(draw, (cx + 19, y), letter, 14, fill=ink_on(colour), bold=True, anchor="mm", symbol=True)
    else:
        seat_marker(draw, (cx + 19, y), 11, i, str(i + 1))


#: between a chip's name and its score
_SCORE_GAP = "  "


def _chip_label(draw: ImageDraw.ImageDraw, cx: float, y: float, chip_w: float, name: str, score: str,
                moving: bool, img: Image.Image | None = None) -> None:
    """A chip's name and score, with the ▶ and the underline when that player is to move (pasted
    on the panel when ``img`` is given).  The line shrinks to fit (never under ``MIN_TEXT``), then
    the name alone is cut (``ellipsize_name``): the score always shows, and seats named alike stay
    told apart (issue 28, item 10)."""
    prefix = "▶ " if moving else ""
    tail = f"{_SCORE_GAP}{score}" if score else ""
    room = int(chip_w - 44)
    size = fit_text(prefix + name + tail, 18, room, bold=moving)  # four chips share the strip: shrink, then cut
    if not fits(prefix + name + tail, size, room, bold=moving):
        name = ellipsize_name(name, size, room - text_size(prefix + "x" + tail, size, moving)[0], bold=moving)
    label = prefix + name + tail
    if img is None:
        draw_text(draw, (cx + 38, y), label, size, bold=moving, anchor="lm")
    else:
        paste_text(img, (cx + 38, y), label, size, bg=PANEL, bold=moving, anchor="lm")
    if moving:
        w = text_size(label, size, True)[0]
        draw.rectangle((cx + 37, y + 12, cx + 39 + w, y + 18), fill=INK)
        draw.rectangle((cx + 38, y + 13, cx + 38 + w, y + 17), fill=HIGHLIGHT)


def lesson_marks(view: Mapping[str, Any]) -> list[str]:
    """What a lesson marks on a view (``view["marks"]``, set by ``tables.learn``): the squares, slots or dice
    its step is about.  Renderers draw them as plain rings (``highlight_box``), never as a move: no arrow,
    no order of steps, no "last move" legend, so a mark neither looks like a move played nor shows the
    answer's path.  A game's own views have no marks."""
    marks = view.get("marks")
    return [str(m) for m in marks] if isinstance(marks, list | tuple) else []


def highlight_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int = 5,
                  colour: RGB = HIGHLIGHT) -> None:
    """The last-move highlight: a thick yellow outline edged in ink round a square / slot / die, so it
    stands out on the light card and on wooden squares alike.

    The two rings are cached as bilevel masks, cut into four bands so the empty middle is never
    visited, and filled with their colours: the pixels of two ``rounded_rectangle`` calls (arcs are
    slow to draw).  Pillow rounds a box to whole pixels (half to even) and bends its corners by a
    diameter worked out before rounding, so the masks depend only on the rounded size and that
    diameter, and serve every box of the same size wherever it is."""
    x0, y0, x1, y1 = box
    left, top = round(x0), round(y0)
    size = (round(x1) - left, round(y1) - top)
    # the outer ring's box is this one grown by 2 (an even shift keeps the rounding); diameters as Pillow's
    bends = (min(x1 - x0 + 4, y1 - y0 + 4, 14), min(x1 - x0, y1 - y0, 12))
    rings = _highlight_rings(size, width, bends)
    for bands, ink in zip(rings, (INK, colour), strict=True):
        fill = draw.draw.draw_ink(ink)
        for dx, dy, mask in bands:
            draw.draw.draw_bitmap((left - 4 + dx, top - 4 + dy), mask, fill)


@lru_cache(maxsize=256)
def _highlight_rings(size: tuple[int, int], width: int,
                     bends: tuple[float, float]) -> tuple[list[tuple[int, int, Any]], list[tuple[int, int, Any]]]:
    """The ink ring and the highlight ring of ``highlight_box`` for a box of ``size`` drawn from (4, 4),
    each as four (x, y, mask) bands: top, bottom, left, right."""
    w, h = size[0] + 9, size[1] + 9
    outer, inner = Image.new("1", (w, h), 0), Image.new("1", (w, h), 0)
    ImageDraw.Draw(outer).rounded_rectangle((2, 2, size[0] + 6, size[1] + 6), radius=bends[0] / 2, outline=1,
                                            width=width + 4)
    ImageDraw.Draw(inner).rounded_rectangle((4, 4, size[0] + 4, size[1] + 4), radius=bends[1] / 2, outline=1,
                                            width=width)
    band = min(width + 16, h // 2, w // 2)  # the ring and its rounded corners lie within this of the edge
    boxes = [(0, 0, w, band), (0, h - band, w, h), (0, band, band, h - band), (w - band, band, w, h - band)]
    boxes = [b for b in boxes if b[2] > b[0] and b[3] > b[1]]
    return [(b[0], b[1], outer.crop(b).im) for b in boxes], [(b[0], b[1], inner.crop(b).im) for b in boxes]


def footer(draw: ImageDraw.ImageDraw, width: int, height: int, text: str) -> None:
    """A one-line note at the bottom of the card (result, pending tender, whose private view...)."""
    size = fit_text(text, 18, width - 2 * MARGIN)
    draw_text(draw, (width / 2, height - FRAME_WIDTH - 18), text, size, fill=INK, anchor="mm")


def paste_footer(img: Image.Image, text: str) -> None:
    """``footer`` for a card whose foot is bare: the line is pasted from the text cache."""
    room = img.width - 2 * MARGIN
    size = fit_text(text, 18, room)
    xy = (img.width / 2, img.height - FRAME_WIDTH - 18)
    if fits(text, size, room):
        paste_text(img, xy, text, size, bg=CARD, anchor="mm")
    else:  # too long even at the smallest size: it runs over the frame, so it is drawn, not pasted
        draw_text(ImageDraw.Draw(img), xy, text, size, anchor="mm")


def prime_words(words: str, size: int, bold: bool = False, anchor: str = "la") -> None:
    """Render a picture's fixed vocabulary ahead of time (its static labels), for text of ``size``
    drawn with ``anchor`` on whole pixels: each word's masks at every subpixel step a word can start
    on, and its advance.  Called once per renderer, so a running bot never renders these in a move."""
    line_anchor = "l" + anchor[1]
    for word in set(words.split()):
        _advance(word, size, bold)
        for step in range(SUBPIXEL):
            _glyph_mask(word, size, bold, line_anchor, "L", step / SUBPIXEL, 0)
        if anchor[0] != "l":  # a line of one word keeps its own anchor
            _glyph_mask(word, size, bold, anchor, "L", 0, 0)


# ---- contrast ------------------------------------------------------------------------------------
def luminance(c: RGB) -> float:
    """WCAG 2 relative luminance."""
    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ink_on(colour: RGB) -> RGB:
    """INK or WHITE, whichever stands out more on ``colour`` (for letters on pieces and badges)."""
    lum = luminance(colour)
    return INK if (lum + 0.05) / (luminance(INK) + 0.05) >= 1.05 / (lum + 0.05) else WHITE


# ---- notes under the picture: the last move in words, the result banner ---------------------------
CAPTION_SIZE = 17
BANNER_SIZE = 20
HINT_SIZE = 15


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines that fit ``width`` at ``size`` (a word longer than a line is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if fits(trial, size, width, bold) or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [ellipsize(t, size, width, bold) for t in lines] or [""]


def _note_layout(kind: str) -> tuple[int, bool, RGB, RGB, int]:
    """(font size, bold, text colour, ground, line height) of a note's kind."""
    if kind == "banner":
        return BANNER_SIZE, True, INK, YELLOW, 27
    if kind == "hint":
        return HINT_SIZE, False, MUTED, CARD, 21
    return CAPTION_SIZE, False, INK, CARD, 24


Notes = tuple[tuple[str, tuple[str, ...]], ...]


#: a rule number in brackets, "(K3-5.1)", "(KR-4)": the specifications' words, not a player's (issue 14)
_RULE_NUMBER = re.compile(r"\s*\((?:KO|PL|K3|KR)-[0-9][0-9A-Za-z.,\s-]*\)")


def lay_out_notes(width: int, notes: Sequence[tuple[str, str]]) -> tuple[Notes, int]:
    """The notes' lines, wrapped to the card, and the rows they need under the picture (rule
    numbers left out: players read these)."""
    room = width - 2 * MARGIN - 16
    blocks = []
    extra = 8
    for kind, raw in notes:
        text = _RULE_NUMBER.sub("", raw)
        if not text:
            continue
        size, bold, _, _, step = _note_layout(kind)
        lines = tuple(wrap(text, size, room, bold))
        blocks.append((kind, lines))
        extra += step * len(lines) + (20 if kind == "banner" else 6)
    return tuple(blocks), extra


_GROWN: dict[tuple[int, int], tuple[Image.Image, Image.Image]] = {}


def grown(background: Image.Image, extra: int) -> Image.Image:
    """``background`` (a cached framed card) made ``extra`` rows taller, its foot moved down: kept,
    so a picture with notes costs one copy, as one without them.  Copy it before drawing on it."""
    key = (id(background), extra)
    hit = _GROWN.get(key)
    if hit is not None and hit[0] is background:
        return hit[1]
    width = background.width
    cut = background.height - FRAME_WIDTH - 14
    out = Image.new("RGB", (width, cut + extra + FRAME_WIDTH + 14))
    out.paste(background, (0, 0))
    out.paste(_foot(width, extra), (0, cut))
    if len(_GROWN) > 64:
        _GROWN.clear()
    _GROWN[key] = (background, out)
    return out


def paint_notes(img: Image.Image, top: int, blocks: Notes) -> None:
    """Write laid-out notes from row ``top`` of ``img`` down (on the card)."""
    width = img.width
    draw = ImageDraw.Draw(img)
    y = top + 2
    for kind, lines in blocks:
        size, bold, fill, ground, step = _note_layout(kind)
        if kind == "banner":
            h = step * len(lines) + 14
            draw.rounded_rectangle((MARGIN, y, width - MARGIN, y + h), radius=10, fill=YELLOW, outline=INK, width=3)
            y += 7
        for line in lines:
            paste_text(img, (width / 2, y + step / 2), line, size, bg=ground, fill=fill, bold=bold, anchor="mm")
            y += step
        y += 13 if kind == "banner" else 6


def taller(img: Image.Image, height: int) -> Image.Image:
    """``img`` (a framed card) made ``height`` tall by bare card rows put in above its rounded foot:
    the card grows, every pixel of it kept.  A replay's shorter frames are padded so (issue 28, item
    11): padded under the card, with the frame colour, they showed a dark band where the taller
    frame before them had its foot."""
    pad = height - img.height
    if pad <= 0:
        return img
    cut = img.height - FRAME_WIDTH - 14
    out = Image.new("RGB", (img.width, height))
    out.paste(img.crop((0, 0, img.width, cut)), (0, 0))
    out.paste(_foot(img.width, pad).crop((0, 0, img.width, pad)), (0, cut))
    out.paste(img.crop((0, cut, img.width, img.height)), (0, cut + pad))
    return out


@lru_cache(maxsize=64)
def _foot(width: int, extra: int) -> Image.Image:
    """The bottom ``extra`` rows of a card's straight part and its rounded foot."""
    height = extra + FRAME_WIDTH + 14
    blank = _blank(width, height + 40)
    return blank.crop((0, 40, width, height + 40))


def result_banner(names: Sequence[str], winners: Sequence[int], reason: str, why: dict[str, str],
                  losers: Sequence[int] | None = None, lang: str = "en") -> str:
    """The result in words, in ``lang``: who won (or a draw, or no result) and why.

    ``why`` holds a game's own reasons (its engine's outcome codes, in ``lang``); ``render.words`` those of the
    tables layer (resignation, time-out, agreement, abort)."""
    def who(seats: Sequence[int]) -> str:  # "Ana & Ben", "Ana, Ben & Cy"
        return words.joined(lang, [names[s] if 0 <= s < len(names) else words.player(lang, s) for s in seats])

    said = ending_why(names, winners, reason, why, losers, lang)
    if reason in ("abort", "aborted", "abandoned"):
        return said[0].upper() + said[1:]
    if not winners:
        return words.say(words.WORDS, lang, "draw_why", why=said) if said else words.say(words.WORDS, lang, "draw")
    key = "wins" if len(winners) == 1 else "win"
    if said:
        return words.say(words.WORDS, lang, key + "_why", who=who(winners), why=said)
    return words.say(words.WORDS, lang, key, who=who(winners))


def ending_why(names: Sequence[str], winners: Sequence[int], reason: str, why: dict[str, str],
               losers: Sequence[int] | None = None, lang: str = "en") -> str:
    """Why the game ended, in ``lang`` ("Ben resigned", a game's own reason), never a raw code; "" when unknown.
    ``losers`` None: every seat not among ``winners``."""
    if losers is None:
        losers = [s for s in range(len(names)) if s not in winners]
    said = why.get(reason) or words.ending(lang, reason) or ""
    seats = [names[s] if 0 <= s < len(names) else words.player(lang, s) for s in losers]
    return said.replace("{losers}", words.joined(lang, seats) or words.say(words.WORDS, lang, "a_player"))


def result_of(view: GameView, result: dict[str, Any] | None) -> tuple[list[int], str, list[int] | None] | None:
    """(winners, reason code, losers or None) of a finished game: ``result`` when the caller gives one
    (an ending the engine does not know: resignation, time-out, agreed draw, abort), else the view's
    own outcome; None while the game goes on."""
    if result is not None:
        losers = result.get("losers")
        return [int(s) for s in result.get("winners") or []], str(result.get("reason") or ""), \
            None if losers is None else [int(s) for s in losers]
    if not view.get("outcome"):
        return None
    # the engine's reason code, said in words by the game's module (``why``); its ``outcome`` text
    # is the command line's and never drawn
    return [int(s) for s in view.get("winners") or []], str(view.get("reason") or ""), None
