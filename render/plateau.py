"""The Plateau picture: the 4x4 board of stacks, reserves, prisoners and any tender, drawn from
``engines.plateau``'s view only (never the true state).

What a player must read at a glance, and how:
- every piece of every stack: stacks are drawn side-on as a column of slabs, bottom→top, so a
  buried piece is as visible as the top one.  Owners differ by more than colour: Black is a dark
  slab with a light rim and a "B", White a light slab with a dark rim and a "W";
- each piece's up face as a symbol in the middle of its slab, told apart by shape as well as colour
  (colour-blind safe): red a square, blue a diamond, orange (Twister) a disc with a swirl, blank an
  empty ring, and "?" where this viewer does not know the face (PL-9.4);
- the down face, when this viewer knows it, as a smaller symbol at the slab's right end.  A face
  only this viewer knows (their own hidden faces, in their private image) is drawn faded, so the
  player sees at once what the opponent does not know; public faces are drawn solid;
- stack height in a badge in each square's corner (a stack's top unit is what moves, PL-5.1);
- the last move: its squares boxed in yellow and numbered in order (origin, stops, destination);
- off the board, per player: the reserve (by type for the viewer's own, a count for the opponent's,
  PL-9.4), the prisoners with both faces (public, PL-9.1), and a pending tender or refusal.

Static parts (framed card, board, coordinates) and every slab and type icon are cached.  Only theme
colours (and their 0.2-step blends) are used.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import theme

CELL_W = 140
CELL_H = 156
GUTTER = 28
BOARD_X = theme.FRAME_WIDTH + theme.MARGIN + GUTTER - 4
BOARD_Y = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 8 + 12
PANEL_X = BOARD_X + 4 * CELL_W + 22
WIDTH = 980
PANEL_W = WIDTH - theme.FRAME_WIDTH - 16 - PANEL_X
FOOTER_H = 44
HEIGHT = BOARD_Y + 4 * CELL_H + GUTTER + FOOTER_H + theme.FRAME_WIDTH

LIGHT_SQUARE = theme.mix(theme.BOARD, theme.CARD, 0.4)
DARK_SQUARE = theme.BOARD
SLAB_W = 96
MAX_SLAB_H = 30
STACK_ROOM = CELL_H - 12  # pixels for the slabs (the badges sit in a strip on their left)
SLAB_LEFT = 34  # the badge strip's width

#: PL-1.2: each owner's look (fill, rim, letter colour) — dark disc with a light rim vs the reverse
OWNER_FILL = (theme.INK, theme.WHITE)
OWNER_RIM = (theme.LIGHT_GREY, theme.INK)
OWNER_TEXT = (theme.WHITE, theme.INK)
OWNER_LETTER = ("B", "W")
OWNER_NAME = ("Black", "White")
FACE_COLOUR = {"r": theme.RED, "b": theme.BLUE, "o": theme.ORANGE}
TYPE_NAMES = {"rb": "Ace", "ox": "Twister", "rx": "Red Mask", "bx": "Blue Mask", "rr": "Red", "bb": "Blue",
              "xx": "Mute"}  # fmt: skip
TYPE_ORDER = ("rb", "ox", "rx", "bx", "rr", "bb", "xx")


def square_xy(name: str) -> tuple[int, int]:
    """Top-left pixel of a square such as ``a1`` (rank 1 at the bottom: Black's side, PL-1.1)."""
    f = ord(name[0]) - ord("a")
    r = int(name[1]) - 1
    return BOARD_X + f * CELL_W, BOARD_Y + (3 - r) * CELL_H


@lru_cache(maxsize=2)
def _background() -> Image.Image:
    """Card, board squares and coordinates: identical in every Plateau picture."""
    img, draw = theme.canvas(WIDTH, HEIGHT)
    x0, y0 = BOARD_X, BOARD_Y
    draw.rectangle((x0 - 6, y0 - 6, x0 + 4 * CELL_W + 5, y0 + 4 * CELL_H + 5), fill=theme.INK)
    for r in range(4):
        for f in range(4):
            fill = DARK_SQUARE if (r + f) % 2 == 0 else LIGHT_SQUARE
            x, y = x0 + f * CELL_W, y0 + (3 - r) * CELL_H
            draw.rectangle((x, y, x + CELL_W - 1, y + CELL_H - 1), fill=fill)
    for f in range(4):
        theme.draw_text(draw, (x0 + f * CELL_W + CELL_W / 2, y0 + 4 * CELL_H + 8 + GUTTER / 2 - 4), "abcd"[f], 22,
                        bold=True, anchor="mm")  # fmt: skip
    for r in range(4):
        theme.draw_text(draw, (x0 - 8 - GUTTER / 2 + 2, y0 + (3 - r) * CELL_H + CELL_H / 2), str(r + 1), 22,
                        bold=True, anchor="mm")  # fmt: skip
    draw.rounded_rectangle((PANEL_X, y0 - 6, PANEL_X + PANEL_W, y0 + 4 * CELL_H + 5), radius=10, fill=theme.PANEL)
    return img


def _face(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, face: str, ground: theme.RGB,
          ghost: bool) -> None:  # fmt: skip
    """One face symbol centred at (cx, cy) on a slab of colour ``ground``; ``ghost`` = faded (known
    only to this viewer)."""
    contrast = theme.WHITE if ground == theme.INK else theme.INK

    def tone(colour: theme.RGB) -> theme.RGB:
        return theme.mix(colour, ground, 0.4) if ghost else colour

    r = size / 2
    if face == "?":
        theme.draw_text(draw, (cx, cy + 1), "?", max(8, int(size * 1.05)), fill=theme.GREY, bold=True, anchor="mm")
    elif face == "r":  # red: a square
        draw.rectangle((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=tone(FACE_COLOUR["r"]),
                       outline=tone(contrast), width=1)  # fmt: skip
    elif face == "b":  # blue: a diamond
        draw.polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1), (cx - r * 1.1, cy)],
                     fill=tone(FACE_COLOUR["b"]), outline=tone(contrast), width=1)  # fmt: skip
    elif face == "o":  # orange: the Twister's swirl
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tone(FACE_COLOUR["o"]), outline=tone(contrast), width=1)
        inner = r * 0.55
        draw.arc((cx - inner, cy - inner, cx + inner, cy + inner), 200, 470, fill=tone(theme.INK),
                 width=max(1, int(r / 4)))  # fmt: skip
    elif face == "x":  # blank: an empty ring
        draw.ellipse((cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8), outline=tone(contrast),
                     width=max(1, int(r / 4)))  # fmt: skip


@lru_cache(maxsize=1024)
def slab_sprite(owner: int, up: str, down: str, up_public: bool, down_public: bool, height: int) -> Image.Image:
    """One piece seen side-on: owner's slab, the up face in the middle, the down face (when known)
    small at the right end."""
    img = _slab_body(owner, height).copy()
    draw = ImageDraw.Draw(img)
    fill = OWNER_FILL[owner]
    size = max(6, height - 6 if height >= 20 else height - 3)
    known_up = up != "?"
    _face(draw, SLAB_W / 2 - 4, height / 2, size, up, fill, ghost=known_up and not up_public)
    if down != "?":
        _face(draw, SLAB_W - 16, height / 2, max(5, size * 0.72), down, fill, ghost=not down_public)
    return img


@lru_cache(maxsize=64)
def _slab_body(owner: int, height: int) -> Image.Image:
    """A slab without its faces: rim, body and owner letter (shared by every piece of that owner and height)."""
    img = Image.new("RGBA", (SLAB_W, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = min(6, height // 3)
    draw.rounded_rectangle((0, 0, SLAB_W - 1, height - 1), radius=radius, fill=OWNER_RIM[owner])
    draw.rounded_rectangle((2, 2, SLAB_W - 3, height - 3), radius=max(1, radius - 1), fill=OWNER_FILL[owner])
    if height >= 13:
        theme.draw_text(draw, (12, height / 2 + 1), OWNER_LETTER[owner], min(14, height - 4), fill=OWNER_TEXT[owner],
                        bold=True, anchor="mm")  # fmt: skip
    return img


def _slab_gap(count: int) -> int:
    return 2 if count <= 8 else 1


def _slab_height(count: int) -> int:
    gap = _slab_gap(count)
    return max(6, min(MAX_SLAB_H, (STACK_ROOM + gap) // max(1, count) - gap))


def _stack_key(stack: list[dict[str, Any]]) -> tuple[tuple[int, str, str, bool, bool], ...]:
    return tuple((int(p["owner"]), str(p["up"]), str(p["down"]), bool(p["up_public"]), bool(p["down_public"]))
                 for p in stack)


def _draw_stack(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, stack: list[dict[str, Any]],
                shade: int | None = None) -> None:
    """A stack in the cell at (x, y): slabs bottom→top, with a height badge when it is 2 or more.

    ``shade`` (0 dark, 1 light) says the cell is a bare square: the stack is then pasted already
    composed on it (cached); otherwise it is drawn over whatever is there."""
    if not stack:
        return
    key = _stack_key(stack)
    if shade is None:
        _compose_stack(img, draw, x, y, key)
    else:
        img.paste(_stack_on_square(key, shade), (x, y))


def _compose_stack(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int,
                   key: tuple[tuple[int, str, str, bool, bool], ...]) -> None:
    h = _slab_height(len(key))
    gap = _slab_gap(len(key))
    left = x + SLAB_LEFT
    bottom = y + CELL_H - 6
    for i, piece in enumerate(key):
        top = bottom - (i + 1) * h - i * gap
        sprite = slab_sprite(*piece, h)
        img.paste(sprite, (left, top), sprite)
    if len(key) < 2:
        return
    bx, by = x + 17, y + 17
    draw.ellipse((bx - 13, by - 13, bx + 13, by + 13), fill=theme.INK)
    draw.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=theme.CARD)
    theme.draw_text(draw, (bx, by + 1), str(len(key)), 16, bold=True, anchor="mm")


@lru_cache(maxsize=128)
def _stack_on_square(key: tuple[tuple[int, str, str, bool, bool], ...], shade: int) -> Image.Image:
    """A stack composed on a bare square (``shade`` 0 dark, 1 light), as an opaque cell."""
    cell = Image.new("RGB", (CELL_W, CELL_H), DARK_SQUARE if shade == 0 else LIGHT_SQUARE)
    _compose_stack(cell, ImageDraw.Draw(cell), 0, 0, key)
    return cell


def _drawn_on(highlight: list[str]) -> set[tuple[int, int]]:
    """(row, file) of the cells the last-move boxes and path touch (with a margin for the path's width)."""
    boxes = []
    centres = []
    for sq in highlight:
        x, y = square_xy(sq)
        boxes.append((x, y, x + CELL_W, y + CELL_H))
        centres.append((x + CELL_W / 2, y + CELL_H / 2))
    for (ax, ay), (bx, by) in itertools.pairwise(centres):
        boxes.append((min(ax, bx) - 12, min(ay, by) - 12, max(ax, bx) + 12, max(ay, by) + 12))
    cells = set()
    for x0, y0, x1, y1 in boxes:
        for i in range(4):
            for f in range(4):
                sx, sy = BOARD_X + f * CELL_W, BOARD_Y + i * CELL_H
                if sx < x1 and x0 < sx + CELL_W and sy < y1 and y0 < sy + CELL_H:
                    cells.add((i, f))
    return cells


@lru_cache(maxsize=64)
def type_icon(owner: int, code: str) -> Image.Image:
    """A piece type off the board: a short slab with both faces (PL-1.2), e.g. Ace = red | blue."""
    w, h = 46, 24
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill = OWNER_FILL[owner]
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=OWNER_RIM[owner])
    draw.rounded_rectangle((2, 2, w - 3, h - 3), radius=5, fill=fill)
    _face(draw, w / 2 - 10, h / 2, 14, code[0], fill, ghost=False)
    _face(draw, w / 2 + 10, h / 2, 14, code[1], fill, ghost=False)
    return img


def _type_rows(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, owner: int, codes: list[str],
               ground: theme.RGB = theme.PANEL) -> int:
    """Type icons with counts, three to a row, on the flat colour ``ground``; returns the y below them."""
    counts = {code: codes.count(code) for code in TYPE_ORDER if code in codes}
    col_w = (PANEL_W - 24) // 3
    for i, (code, n) in enumerate(counts.items()):
        cx = x + (i % 3) * col_w
        cy = y + (i // 3) * 30
        icon = type_icon(owner, code)
        img.paste(icon, (cx, cy), icon)
        theme.paste_text(img, (cx + 50, cy + 12), f"×{n}", 16, bg=ground, bold=True, anchor="lm")
    rows = (len(counts) + 2) // 3
    return y + rows * 30


def _owner_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, owner: int, r: float = 11) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OWNER_RIM[owner])
    draw.ellipse((cx - r + 2, cy - r + 2, cx + r - 2, cy + r - 2), fill=OWNER_FILL[owner])
    theme.draw_text(draw, (cx, cy + 1), OWNER_LETTER[owner], int(r * 1.2), fill=OWNER_TEXT[owner], bold=True,
                    anchor="mm")  # fmt: skip


def _player_panel(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, seat: int, name: str,
                  view: dict[str, Any]) -> int:  # fmt: skip
    """One player's reserve and prisoners; returns the y below."""
    x = PANEL_X + 12
    _owner_badge(draw, x + 11, y + 12, seat)
    label = theme.ellipsize(f"{name} ({OWNER_NAME[seat]})", 18, PANEL_W - 50, bold=True)
    theme.paste_text(img, (x + 30, y + 12), label, 18, bg=theme.PANEL, bold=True, anchor="lm")
    y += 32
    reserves = view.get("reserves") or [0, 0]
    reserve = reserves[seat] if seat < len(reserves) else 0
    if isinstance(reserve, list):
        theme.paste_text(img, (x, y), f"Reserve: {len(reserve)}", 16, bg=theme.PANEL, anchor="la")
        y = _type_rows(img, draw, x, y + 24, seat, [str(c) for c in reserve]) + 4
    else:
        theme.paste_text(img, (x, y), f"Reserve: {int(reserve)} hidden", 16, bg=theme.PANEL, anchor="la")
        y += 26
    prisoners = [str(c) for c in (view.get("prisoners") or [[], []])[seat]]
    theme.paste_text(img, (x, y), f"Prisoners: {len(prisoners)} of 6", 16, bg=theme.PANEL, anchor="la")
    y += 24
    if prisoners:
        y = _type_rows(img, draw, x, y, 1 - seat, prisoners)
    return y + 10


def _exchange_box(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: dict[str, Any],
                  names: list[str]) -> int:  # fmt: skip
    """A pending tender (PL-7.1) or the bar after a refusal (PL-7.4); returns the y below it."""
    tender = view.get("tender")
    refused = view.get("refused")
    if not tender and refused is None:
        return y
    x0, x1 = PANEL_X + 8, PANEL_X + PANEL_W - 8
    height = 112 if tender else 76
    theme.highlight_box(draw, (x0, y, x1, y + height), width=3)
    draw.rounded_rectangle((x0 + 2, y + 2, x1 - 2, y + height - 2), radius=5, fill=theme.CARD)
    x = x0 + 10
    if tender:
        tenderer = int(tender.get("tenderer", 0))
        responder = 1 - tenderer
        theme.paste_text(img, (x, y + 8), f"Tender by {OWNER_NAME[tenderer]} — worth {tender.get('value')}", 16,
                         bg=theme.CARD, bold=True)
        _type_rows(img, draw, x, y + 32, responder, [str(c) for c in tender.get("types", [])], theme.CARD)
        who = theme.ellipsize(names[responder], 15, 120)
        theme.draw_text(draw, (x, y + height - 22), f"{who} replies: return prisoners", 15)  # may run over the edge
    else:
        side = int(view.get("side", 0))
        theme.paste_text(img, (x, y + 8), f"Tender worth {refused} refused", 16, bg=theme.CARD, bold=True)
        theme.paste_text(img, (x, y + 34), f"{OWNER_NAME[side]} goes on; a new", 15, bg=theme.CARD)
        theme.paste_text(img, (x, y + 52), f"tender must be worth > {refused}", 15, bg=theme.CARD)
    return y + height + 8


LEGEND_H = 64
LEGEND_Y = BOARD_Y + 4 * CELL_H - LEGEND_H


@lru_cache(maxsize=1)
def _legend() -> Image.Image:
    """The key to the face symbols (colour is never the only clue: PL-1.2's faces by shape too)."""
    img = Image.new("RGB", (PANEL_W - 16, LEGEND_H - 6), theme.PANEL)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, img.width - 1, img.height - 1), radius=8, fill=theme.CARD)
    cx = 14
    for face, label in (("r", "red"), ("b", "blue"), ("o", "orange"), ("x", "blank")):
        _face(draw, cx, 17, 16, face, theme.CARD, False)
        theme.draw_text(draw, (cx + 13, 17), label, 14, anchor="lm")
        cx += 13 + theme.text_size(label, 14)[0] + 24
    theme.draw_text(draw, (8, 42), "?  a face its owner has not shown", 14, fill=theme.GREY, anchor="lm")
    return img


def _paste_legend(img: Image.Image, y: int) -> None:
    """The key goes at the foot of the side panel when the panel's content leaves room for it."""
    if y <= LEGEND_Y:
        img.paste(_legend(), (PANEL_X + 8, LEGEND_Y))


def _status(view: dict[str, Any]) -> str:
    ply = int(view.get("ply", 0))
    if view.get("outcome"):
        return f"ply {ply} · game over"
    side = OWNER_NAME[int(view.get("side", 0)) % 2]
    phase = view.get("phase")
    if phase == "open":
        return f"ply {ply} · {side} places an opening stack"
    if phase == "reply":
        return f"ply {ply} · {side} replies to the tender"
    return f"ply {ply} · {side} to move"


def _footer(view: dict[str, Any], names: list[str]) -> str:
    outcome = view.get("outcome")
    last = view.get("last_move")
    viewer = view.get("viewer")
    whose = "Public view" if viewer is None else f"{names[int(viewer)]}'s view: faded faces are yours alone"
    if outcome:
        winners = view.get("winners") or []
        text = outcome[0].upper() + outcome[1:]
        who = " & ".join(names[w] for w in winners if 0 <= w < len(names))
        text = f"{text} · {who} wins" if who else text
        return f"{text} · last move {last}" if last else text
    return f"Last move {last} · {whose}" if last else whose


def draw(view: dict[str, Any], names: list[str]) -> Image.Image:
    """The picture of a Plateau view (``engines.plateau`` documents its shape); names[0] is Black."""
    names = list(names) + [f"Player {i + 1}" for i in range(len(names), 2)]
    img = _background().copy()
    d = ImageDraw.Draw(img)
    labels = [f"{names[0]} (Black)", f"{names[1]} (White)"]
    theme.paste_title_strip(img, "Plateau", labels, view.get("to_move"), status=_status(view),
                      markers=[(theme.INK, "B"), (theme.WHITE, "W")])  # fmt: skip
    highlight = [sq for sq in view.get("highlight") or [] if isinstance(sq, str) and len(sq) == 2]
    centres = []
    for sq in highlight:
        x, y = square_xy(sq)
        theme.highlight_box(d, (x + 4, y + 4, x + CELL_W - 5, y + CELL_H - 5), width=6)
        centres.append((x + CELL_W / 2, y + CELL_H / 2))
    if len(centres) > 1:  # the path, under the stacks
        d.line(centres, fill=theme.INK, width=12)
        d.line(centres, fill=theme.HIGHLIGHT, width=6)
    drawn_on = _drawn_on(highlight)
    board = view.get("board") or []
    for i, rank in enumerate(board):
        for f, stack in enumerate(rank):
            shade = None if (i, f) in drawn_on else (3 - i + f) % 2  # PL-1.1: a1 (row 3, file 0) is dark
            _draw_stack(img, d, BOARD_X + f * CELL_W, BOARD_Y + i * CELL_H, stack, shade)
    for n, sq in enumerate(highlight, 1):  # the order of the last move's squares
        x, y = square_xy(sq)
        bx, by = x + 17, y + 47
        d.ellipse((bx - 12, by - 12, bx + 12, by + 12), fill=theme.INK)
        d.ellipse((bx - 10, by - 10, bx + 10, by + 10), fill=theme.HIGHLIGHT)
        theme.draw_text(d, (bx, by + 1), str(n), 14, bold=True, anchor="mm")
    y = BOARD_Y + 4
    for seat in (0, 1):
        y = _player_panel(img, d, y, seat, names[seat], view)
    y = _exchange_box(img, d, y, view, names)
    _paste_legend(img, y)
    theme.paste_footer(img, _footer(view, names))
    return img
