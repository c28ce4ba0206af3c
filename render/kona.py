"""The Kona board picture: a 6x6 board of towers, drawn from ``engines.kona``'s view only.

What a player must read at a glance, and how:
- who owns each tower: the *top* piece is a large token, capybara a round disc with "C" in
  vermillion, poodle a square-cornered diamond with "P" in blue: shape and letter as well as colour;
- a tower's height (it is the distance its top piece moves, KO-4.3): the tower is drawn as a
  column of slabs under the token, bottom→top, each slab coloured and lettered by its animal, and
  the height is written in a small badge in the square's corner;
- the last move: origin and destination boxed in yellow, joined by an arrow (the squares between
  are always empty, KO-4.4, so the arrow is never hidden); a lesson's marks (``theme.lesson_marks``)
  boxed alike, never joined by an arrow;
- a line that ended the game: a thick bar across its squares, in the owner's colour, edged in ink.

Static parts (framed card, board, coordinates) and every tower sprite (only 14 stacks exist) are
cached.  Everything is drawn without anti-aliasing except text, with theme colours only.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from render import theme, words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.kona import KonaView

CELL = 80  # issue 16: the picture is 566 px wide, so a phone shows it at about 0.7 scale
SIZE = 6
GUTTER = 28  # coordinate labels left and below the board
WIDTH = 2 * theme.FRAME_WIDTH + 2 * theme.MARGIN + GUTTER + SIZE * CELL - 10
BOARD_X = theme.FRAME_WIDTH + theme.MARGIN + GUTTER - 5
BOARD_Y = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 8 + 14
FOOTER_H = 20
HEIGHT = BOARD_Y + SIZE * CELL + GUTTER + FOOTER_H + theme.FRAME_WIDTH

CAPYBARA = theme.VERMILLION
POODLE = theme.BLUE
COLOUR = {"C": CAPYBARA, "P": POODLE}
ANIMAL = {"C": "capybara", "P": "poodle", "c": "capybara", "p": "poodle"}
LIGHT_SQUARE = theme.mix(theme.BOARD, theme.CARD, 0.4)
DARK_SQUARE = theme.BOARD

SLAB_H = 12
SLAB_W = 58
TOKEN = 40  # token size (diameter of the capybara disc)
#: replay pace (render.replay)
REPLAY_FRAME_MS = 900

#: every word the picture draws, in English and Spanish (``render.words``): the animals as the messages say
#: them (``term.kona.*``: capibara, caniche), the status line, the caption, the hint and a few words on each
#: ending (KO-6, KO-7) for the banner
WORDS: words.Catalog = {
    "en": {
        "animal.C": "capybara",
        "animal.P": "poodle",
        "chip": "{name} ({animal})",
        "status.over": "ply {ply} · game over",
        "status.to_move": "ply {ply} · {animal} to move",
        "moved_to": "{name} ({animal}) moved to {square}",
        "moved": "{name} ({animal}) moved {start} → {end}, {steps}",
        "squares": "{n} square|{n} squares",
        "opening": "Opening: any top piece moves 1, 2 or 3 squares",
        "hint": "A top piece moves exactly its tower's height",
        "why.line": "three tops in a row",
        "why.exposed-line": "the mover uncovered a line",
        "why.double-line": "both own a line: the mover loses",
        "why.blocked": "no legal move left",
        "why.blocked_by": "{animal} cannot move",
        "why.repetition": "third repetition",
        "why.move-limit": "move limit reached",
    },
    "es": {
        "animal.C": "capibara",
        "animal.P": "caniche",
        "chip": "{name} ({animal})",
        "status.over": "jugada {ply} · partida terminada",
        "status.to_move": "jugada {ply} · le toca al {animal}",
        "moved_to": "{name} ({animal}) movió a {square}",
        "moved": "{name} ({animal}) movió {start} → {end}, {steps}",
        "squares": "{n} casilla|{n} casillas",
        "opening": "Apertura: cualquier pieza de arriba va 1, 2 o 3 casillas",
        "hint": "La pieza de arriba avanza exactamente la altura de su pila",
        "why.line": "tres cimas en línea",
        "why.exposed-line": "quien movió destapó una línea",
        "why.double-line": "doble línea: pierde quien movió",
        "why.blocked": "no queda ninguna jugada legal",
        "why.blocked_by": "el {animal} no puede mover",
        "why.repetition": "tercera repetición",
        "why.move-limit": "se llegó al límite de jugadas",
    },
}
#: the engine's ending codes the banner says in words (``why.<code>``)
ENDINGS = ("line", "exposed-line", "double-line", "blocked", "repetition", "move-limit")


def animal(letter: str, lang: str = "en") -> str:
    """The animal of a piece letter (``C``/``c`` capybara, ``P``/``p`` poodle) in ``lang``: "caniche" (any other
    letter: capybara, who moves first)."""
    return words.say(WORDS, lang, "animal.P" if letter in ("P", "p") else "animal.C")


def why(lang: str = "en") -> dict[str, str]:
    """The few words on each of the engine's endings, in ``lang``, by reason code (for the banner)."""
    return {code: words.say(WORDS, lang, f"why.{code}") for code in ENDINGS}


def square_xy(name: str) -> tuple[int, int]:
    """Top-left pixel of a square such as ``a1`` (rank 1 at the bottom: capybara's view, KO-2.1)."""
    f = ord(name[0]) - ord("a")
    r = int(name[1]) - 1
    return BOARD_X + f * CELL, BOARD_Y + (SIZE - 1 - r) * CELL


def square_centre(name: str) -> tuple[float, float]:
    x, y = square_xy(name)
    return x + CELL / 2, y + CELL / 2


@lru_cache(maxsize=2)
def _background() -> Image.Image:
    """Card, board squares and coordinates: identical in every Kona picture."""
    img, draw = theme.canvas(WIDTH, HEIGHT)
    x0, y0 = BOARD_X, BOARD_Y
    draw.rectangle((x0 - 6, y0 - 6, x0 + SIZE * CELL + 5, y0 + SIZE * CELL + 5), fill=theme.INK)
    for r in range(SIZE):
        for f in range(SIZE):
            fill = DARK_SQUARE if (r + f) % 2 == 0 else LIGHT_SQUARE
            x, y = x0 + f * CELL, y0 + (SIZE - 1 - r) * CELL
            draw.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=fill)
    for f in range(SIZE):
        theme.draw_text(draw, (x0 + f * CELL + CELL / 2, y0 + SIZE * CELL + 8 + GUTTER / 2 - 4), "abcdef"[f], 20,
                        bold=True, anchor="mm")
    for r in range(SIZE):
        theme.draw_text(draw, (x0 - 8 - GUTTER / 2 + 2, y0 + (SIZE - 1 - r) * CELL + CELL / 2), str(r + 1), 20,
                        bold=True, anchor="mm")
    return img


def _diamond(cx: float, cy: float, s: float, cut: float) -> list[tuple[float, float]]:
    """A diamond of half-diagonal ``s`` with its four points clipped by ``cut``."""
    return [
        (cx - cut, cy - s + cut), (cx + cut, cy - s + cut), (cx + s - cut, cy - cut), (cx + s - cut, cy + cut),
        (cx + cut, cy + s - cut), (cx - cut, cy + s - cut), (cx - s + cut, cy + cut), (cx - s + cut, cy - cut),
    ]


def _token(draw: ImageDraw.ImageDraw, cx: float, cy: float, letter: str) -> None:
    """The top piece: capybara a disc, poodle a diamond with cut corners (told apart by shape)."""
    r = TOKEN / 2
    # its ink edge sets the token off from the square (drawn in a sprite: the darker square is the ground)
    theme.note_face(None, (cx - r, cy - r, cx + r, cy + r), theme.INK, what=ANIMAL[letter], ground=DARK_SQUARE)
    if letter == "C":
        draw.ellipse((cx - r - 2, cy - r - 2, cx + r + 2, cy + r + 2), fill=theme.INK)
        draw.ellipse((cx - r + 1, cy - r + 1, cx + r - 1, cy + r - 1), fill=CAPYBARA)
        draw.ellipse((cx - r + 4, cy - r + 4, cx + r - 4, cy + r - 4), outline=theme.mix(CAPYBARA, theme.WHITE, 0.4),
                     width=2)
    else:
        s = r + 3
        draw.polygon(_diamond(cx, cy, s + 3, 4), fill=theme.INK)
        draw.polygon(_diamond(cx, cy, s, 4), fill=POODLE)
        draw.polygon(_diamond(cx, cy, s - 5, 2), outline=theme.mix(POODLE, theme.WHITE, 0.4), width=2)
    theme.draw_text(draw, (cx, cy + 1), letter, 22, fill=theme.WHITE, bold=True, anchor="mm", symbol=True)


@lru_cache(maxsize=32)
def tower_sprite(stack: str) -> Image.Image:
    """One square's tower as an RGBA sprite of a whole cell: slabs bottom→top, the top as a token."""
    img = Image.new("RGBA", (CELL, CELL), (0, 0, 0, 0))
    if not stack:
        return img
    draw = ImageDraw.Draw(img)
    cx = CELL / 2
    bottom = CELL - 5
    # KO-2.2: buried pieces, bottom first, as lettered slabs
    for i, letter in enumerate(stack[:-1]):
        y1 = bottom - i * (SLAB_H + 2)
        y0 = y1 - SLAB_H
        draw.rounded_rectangle((cx - SLAB_W / 2 - 2, y0 - 1, cx + SLAB_W / 2 + 2, y1 + 1), radius=5, fill=theme.INK)
        draw.rounded_rectangle((cx - SLAB_W / 2, y0, cx + SLAB_W / 2, y1), radius=4, fill=COLOUR[letter])
        theme.draw_text(draw, (cx, (y0 + y1) / 2 + 1), letter, theme.MIN_TEXT, fill=theme.WHITE, bold=True,
                        anchor="mm", symbol=True)
    buried = len(stack) - 1
    top_of_slabs = bottom - buried * (SLAB_H + 2)
    # the token sits on the slabs; a lone piece is centred
    cy = top_of_slabs - TOKEN / 2 - 2 if buried else CELL / 2
    _token(draw, cx, cy, stack[-1])
    # the height badge: how far this tower's top piece moves (KO-4.3)
    if len(stack) > 1:
        bx, by = CELL - 12, 12
        draw.ellipse((bx - 11, by - 11, bx + 11, by + 11), fill=theme.INK)
        draw.ellipse((bx - 9, by - 9, bx + 9, by + 9), fill=theme.CARD)
        theme.draw_text(draw, (bx, by + 1), str(len(stack)), 14, bold=True, anchor="mm")
    return img


@lru_cache(maxsize=64)
def _tower_on_square(stack: str, shade: int) -> Image.Image:
    """A tower composed on a bare square (``shade`` 0 dark, 1 light), as an opaque sprite."""
    square = Image.new("RGB", (CELL, CELL), DARK_SQUARE if shade == 0 else LIGHT_SQUARE)
    sprite = tower_sprite(stack)
    square.paste(sprite, (0, 0), sprite)
    return square


def _drawn_on(highlight: list[str]) -> set[tuple[int, int]]:
    """(row, file) of the squares the last-move boxes and arrow touch (with a margin for the arrow's
    ink edge and head)."""
    cells: set[tuple[int, int]] = set()
    boxes: list[tuple[float, float, float, float]] = []
    for sq in highlight:
        x, y = square_xy(sq)
        boxes.append((x, y, x + CELL, y + CELL))
    if len(highlight) == 2:
        (ax, ay), (bx, by) = square_centre(highlight[0]), square_centre(highlight[1])
        boxes.append((min(ax, bx) - 18, min(ay, by) - 18, max(ax, bx) + 18, max(ay, by) + 18))
    for x0, y0, x1, y1 in boxes:
        for i in range(SIZE):
            for f in range(SIZE):
                sx, sy = BOARD_X + f * CELL, BOARD_Y + i * CELL
                if sx < x1 and x0 < sx + CELL and sy < y1 and y0 < sy + CELL:
                    cells.add((i, f))
    return cells


def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A yellow arrow edged in ink from the origin square's centre to the destination's edge."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * 24, by - uy * 24)
    base = (tip[0] - ux * 17, tip[1] - uy * 17)
    px, py = -uy, ux
    head = [tip, (base[0] + px * 12, base[1] + py * 12), (base[0] - px * 12, base[1] - py * 12)]
    draw.line((ax, ay, base[0], base[1]), fill=theme.INK, width=11)
    draw.polygon([(tip[0] + ux * 4, tip[1] + uy * 4), (base[0] + px * 15 - ux * 3, base[1] + py * 15 - uy * 3),
                  (base[0] - px * 15 - ux * 3, base[1] - py * 15 - uy * 3)], fill=theme.INK)
    draw.line((ax, ay, base[0], base[1]), fill=theme.HIGHLIGHT, width=6)
    draw.polygon(head, fill=theme.HIGHLIGHT)


def _line_tint(draw: ImageDraw.ImageDraw, squares: list[str], owner: str) -> None:
    """The squares of a winning line, tinted with the owner's colour."""
    colour = theme.mix(COLOUR[owner.upper()], theme.CARD, 0.6)
    for sq in squares:
        x, y = square_xy(sq)
        draw.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=colour)


def _line_marker(draw: ImageDraw.ImageDraw, squares: list[str], owner: str) -> None:
    """A bar across a winning line (KO-6.1), past its end squares, in the owner's colour edged in ink.

    Drawn under the towers, so their letters stay readable."""
    colour = COLOUR[owner.upper()]
    (ax, ay), (bx, by) = square_centre(squares[0]), square_centre(squares[-1])
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    ext = CELL * 0.42
    a = (ax - ux * ext, ay - uy * ext)
    b = (bx + ux * ext, by + uy * ext)
    draw.line((a, b), fill=theme.INK, width=20)
    draw.line((a, b), fill=theme.WHITE, width=15)
    draw.line((a, b), fill=colour, width=9)
    for x, y in (a, b):
        draw.ellipse((x - 11, y - 11, x + 11, y + 11), fill=theme.INK)
        draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=colour)


def _status(view: KonaView, over: bool, lang: str = "en") -> str:
    ply = view.get("ply", 0)
    if over:
        return words.say(WORDS, lang, "status.over", ply=ply)
    return words.say(WORDS, lang, "status.to_move", ply=ply, animal=animal(view.get("side") or "c", lang))


def _caption(view: KonaView, names: list[str], over: bool = False, lang: str = "en") -> str:
    """The last move in words: who moved which top piece from where to where (KO-4.3: as far as the
    tower was high); before any move, how the opening moves go, unless the game is already over (a
    resignation or a forfeit before the first move)."""
    last = view.get("last_move")
    seat = 1 if view.get("side") == "c" else 0  # the side not to move made the last move
    if not last or "-" not in str(last):
        if view.get("last"):  # a position loaded with its last square only (KO-9.2): who moved there
            name = names[seat] if seat < len(names) else words.player(lang, seat)
            return words.say(WORDS, lang, "moved_to", name=name, animal=animal("CP"[seat], lang), square=view["last"])
        return words.say(WORDS, lang, "opening") if int(view.get("ply", 0)) < 2 and not over else ""
    start, end = str(last).split("-")[:2]
    if view.get("outcome"):
        stack = _stack_at(view, end)
        seat = 0 if stack.endswith("C") else 1
    steps = max(abs(ord(start[0]) - ord(end[0])), abs(int(start[1:]) - int(end[1:])))
    name = names[seat] if seat < len(names) else words.player(lang, seat)
    return words.say(WORDS, lang, "moved", name=name, animal=animal("CP"[seat], lang), start=start, end=end,
                     steps=words.count(WORDS, lang, "squares", steps))


def _stack_at(view: KonaView, square: str) -> str:
    board = view.get("board") or []
    f, r = ord(square[0]) - ord("a"), int(square[1:]) - 1
    try:
        return str(board[SIZE - 1 - r][f])
    except (IndexError, ValueError):
        return ""


def _notes(view: KonaView, names: list[str], result: dict[str, Any] | None,
           lang: str = "en") -> list[tuple[str, str]]:
    ending = theme.result_of(view, result)
    notes = [("caption", _caption(view, names, over=ending is not None, lang=lang))]
    if ending is not None:
        winners, reason, losers = ending
        said = why(lang)
        if reason == "blocked" and len(winners) == 1:  # the loser's animal: the winner's other
            said["blocked"] = words.say(WORDS, lang, "why.blocked_by", animal=animal("PC"[winners[0]], lang))
        notes.append(("banner", theme.result_banner(names, winners, reason, said, losers, lang=lang)))
    elif int(view.get("ply", 0)) >= 2:
        notes.append(("hint", words.say(WORDS, lang, "hint")))
    return notes


def draw(view: KonaView, names: list[str], result: dict[str, Any] | None = None,
         previous: KonaView | None = None, lang: str = "en") -> Image.Image:
    """The picture of a Kona view (``engines.kona`` documents its shape); names[0] is capybara; its words in
    ``lang`` (``WORDS``)."""
    names = list(names) + [words.player(lang, i) for i in range(len(names), 2)]
    blocks, extra = theme.lay_out_notes(WIDTH, _notes(view, names, result, lang))
    img = theme.grown(_background(), extra).copy()
    d = ImageDraw.Draw(img)
    labels = [words.say(WORDS, lang, "chip", name=names[seat], animal=animal("CP"[seat], lang)) for seat in (0, 1)]
    over = theme.result_of(view, result) is not None
    theme.paste_title_strip(img, "Kona", labels, None if over else view.get("to_move"),
                            status=_status(view, over, lang), markers=[(CAPYBARA, "C"), (POODLE, "P")])
    lines = [(sq, o) for sq, o in zip(view.get("lines") or [], view.get("line_owners") or [])
             if len(sq) >= 2 and o in ("c", "p")]
    for squares, owner in lines:  # layer order: tint, highlight, bar, arrow, towers
        _line_tint(d, squares, owner)
    highlight = [sq for sq in view.get("highlight") or [] if isinstance(sq, str) and len(sq) == 2]
    # a lesson's marks (theme.lesson_marks): rings only, never the last move's arrow
    marks = [sq for sq in theme.lesson_marks(view) if len(sq) == 2 and sq not in highlight]
    for sq in highlight + marks:
        x, y = square_xy(sq)
        theme.highlight_box(d, (x + 4, y + 4, x + CELL - 5, y + CELL - 5), width=6)
    for squares, owner in lines:
        _line_marker(d, squares, owner)
    if len(highlight) == 2:
        _arrow(d, square_centre(highlight[0]), square_centre(highlight[1]))
    # squares drawn on (highlight, arrow, line) take the tower over what is there; on every other
    # square the tower is pasted already composed on the bare square, without blending
    drawn_on = None if lines else _drawn_on(highlight).union(*(_drawn_on([sq]) for sq in marks))
    board = view.get("board") or []
    for i, rank in enumerate(board):
        for f, stack in enumerate(rank):
            if stack:
                x, y = BOARD_X + f * CELL, BOARD_Y + i * CELL
                if drawn_on is None or (i, f) in drawn_on:
                    sprite = tower_sprite(stack)
                    img.paste(sprite, (x, y), sprite)
                else:
                    img.paste(_tower_on_square(stack, (SIZE - 1 - i + f) % 2), (x, y))
    theme.paint_notes(img, HEIGHT - theme.FRAME_WIDTH - 14, blocks)
    return img


def board_key(view: KonaView) -> Any:
    """What a replay frame must change (render.replay_frames): the towers."""
    return repr(view.get("board")), view.get("outcome")
