"""The Plateau picture: the 4x4 board of stacks, reserves, prisoners and any tender, drawn from
``engines.plateau``'s view only (never the true state).

What a player must read at a glance, and how:
- every piece of every stack: stacks are drawn side-on as a column of slabs, bottom→top, so a
  buried piece is as visible as the top one.  Owners differ by more than colour: Black is a dark
  slab with a light rim and a "B", White a light slab with a dark rim and a "W", in every language: the
  notation's letters, which the messages' seat marks use too ("Ana [B]"); the Spanish rules say that B is
  negras, since a Spanish reader would take "B" for blancas;
- each piece's up face as a symbol in the middle of its slab, told apart by shape as well as colour
  (colour-blind safe): red a square, blue a diamond, orange (Twister) a disc with a swirl, blank an
  empty ring, and "?" where this viewer does not know the face (PL-9.4);
- the down face as a symbol at the slab's right end ("?" where this viewer does not know it).  A
  face only this viewer knows (their own hidden faces, in their private image) is drawn faded (a
  pale tint, clear at 400 px on either slab), so the player sees at once what the opponent does
  not know; public faces are drawn solid;
- stack height in a badge in each square's corner (a stack's top unit is what moves, PL-5.1);
- the last move: its squares boxed in yellow and numbered in order (origin, stops, destination),
  joined by arrows, and told in words under the board ("Ben moved 2 from a1 to a3, capturing 1 piece");
  a lesson's marks (``theme.lesson_marks``) boxed alike, with no arrows, numbers or "last move" key;
- under the board, per player: the reserve (by type for the viewer's own, a count for the
  opponent's, PL-9.4), the prisoners with both faces (public, PL-9.1), and a pending tender or refusal;
- at the end, the result in a banner and every face solid (PL-8.6: a finished game's view shows all).

Issue 16 (a phone shows the picture 400 px wide): the picture is a 560 px wide portrait; a board row
grows with its tallest stack, so a face is never under 20 px (14 px on the phone), however high.

Static parts (framed card, board, coordinates) and every slab and type icon are cached.  Only theme
colours (and their 0.2-step blends) are used.

Every word drawn speaks the reader's language (``WORDS``, ``render.words``): the terms of the messages
(``tables.i18n``: "negras", "Máscara roja", "oferta", "pisotón"), so the picture and its message agree.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from render import theme, words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.plateau import PlateauPiece, PlateauView

WIDTH = 560
CELL_W = 120
#: a row is at least this tall; it grows by a slab for every piece past four in its tallest stack
MIN_ROW = 124
GUTTER = 22
BOARD_X = theme.FRAME_WIDTH + theme.MARGIN + GUTTER - 4
BOARD_Y = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 8 + 12
PANEL_GAP = 10
PANEL_X0 = theme.FRAME_WIDTH + 8
PANEL_X1 = WIDTH - theme.FRAME_WIDTH - 8
PANEL_W = (PANEL_X1 - PANEL_X0 - PANEL_GAP) // 2

LIGHT_SQUARE = theme.mix(theme.BOARD, theme.CARD, 0.4)
DARK_SQUARE = theme.BOARD
SLAB_W = 92
SLAB_H = 26  # a face is SLAB_H - 6 = 20 px: 14.3 px at 400 px wide
SLAB_GAP = 2
SLAB_LEFT = 26  # the badge strip's width
FACE = SLAB_H - 6

#: PL-1.2: each owner's look (fill, rim, letter colour) — dark disc with a light rim vs the reverse
OWNER_FILL = (theme.INK, theme.WHITE)
OWNER_RIM = (theme.LIGHT_GREY, theme.INK)
OWNER_TEXT = (theme.WHITE, theme.INK)
#: the sides' letters on slabs and badges: the seat marks the messages give them in every language ("Ana [B]")
OWNER_LETTER = ("B", "W")
FACE_COLOUR = {"r": theme.RED, "b": theme.BLUE, "o": theme.ORANGE}
#: each face's name as its mark is noted (``theme.note_face``: what the tests read, not a word drawn)
FACE_WORD = {"r": "red", "b": "blue", "o": "orange", "x": "blank"}
TYPE_ORDER = ("rb", "ox", "rx", "bx", "rr", "bb", "xx")
#: PL-8 endings (PL-10.6 codes) in words: ``why.<code>`` in WORDS
WHY_CODES = ("prisoners", "stack", "repetition", "ply limit", "no moves")

#: every word the picture draws, in each language (``render.words``); the Spanish as the messages say it
#: (``tables.i18n``: ``term.plateau.*``, ``move.plateau.*``, ``count.plateau_*``)
WORDS: words.Catalog = {
    "en": {
        # the owners: the chips' and panels' "(Black)", and the letter on each slab and badge
        "owner.0": "Black",
        "owner.1": "White",
        "seat": "{who} ({owner})",
        # the faces (legend, captions)
        "face.r": "red",
        "face.b": "blue",
        "face.o": "orange",
        "face.x": "blank",
        # the piece types (a tender's or a return's caption): one, or "{n}" of them
        "type.rb": "Ace|{n} Ace",
        "type.ox": "Twister|{n} Twister",
        "type.rx": "Red Mask|{n} Red Mask",
        "type.bx": "Blue Mask|{n} Blue Mask",
        "type.rr": "Red|{n} Red",
        "type.bb": "Blue|{n} Blue",
        "type.xx": "Mute|{n} Mute",
        # the title strip's status
        "status.over": "ply {ply} · game over",
        "status.open": "ply {ply} · {who} places an opening stack",
        "status.reply": "ply {ply} · {who} replies to the tender",
        "status.move": "ply {ply} · {who} to move",
        # the panels under the board
        "reserve": "Reserve: {n}",
        "reserve_hidden": "Reserve: {n} hidden",
        "prisoners": "Prisoners: {n} of 6",
        "tender": "Tender by {who} — worth {value}",
        "tender_reply": "{who} replies: return prisoners worth enough, or refuse",
        "refused": "Tender worth {value} refused",
        "refused_next": "{who} goes on; a new tender must be worth > {value}",
        # the legend
        "legend.moves": "last move, in order",
        "legend.unseen": "? unseen face",
        "legend.faded": "faded: yours alone",
        # whose private view it is (the name without a note of how its player left)
        "private": "{name}'s private view: faded faces are known to this player alone",
        # the caption: the last move in words
        "opened": "{who} opened with a stack of 2 on {square}",
        "onboard": "{who} put a reserve piece on {square}{face}",
        "onboard_into": "{who} put a reserve piece into {square} at level {level}{face}",
        "face_up": ", {face} up",
        "tendered": "{who} tendered prisoners: {types} (PL-7.1)",
        "returned": "{who} returned {types}: the exchange is made (PL-7.3)",
        "refused_tender": "{who} refused the tender (PL-7.4)",
        "passed": "{who} passed: no legal action (PL-3.2)",
        "stomped": "{who} stomped on {square}{flip}{captured}",
        "stomp_flip": " after a flip",
        "stomp_flip_then": " after a flip",  # with a capture after it
        "moved": "{who} moved {lifted} from {origin} to {landing}{via}{flip}{captured}",
        "top_unit": "the top unit",
        "via": " via {stops}",
        "via_arriving": " via {stops}, arriving with {arriving}",
        "move_flip": ", flipped first",
        "move_flip_then": ", flipped first",  # with a capture after it
        "captured": ", capturing {n} piece|, capturing {n} pieces",
        # PL-8 endings, for the result banner
        "why.prisoners": "six prisoners taken",
        "why.stack": "six own pieces in one stack",
        "why.repetition": "the same position a third time",
        "why.ply limit": "the ply limit was reached",
        "why.no moves": "neither player can act",
    },
    "es": {
        "owner.0": "negras",
        "owner.1": "blancas",
        "seat": "{who} ({owner})",
        "face.r": "roja",
        "face.b": "azul",
        "face.o": "naranja",
        "face.x": "en blanco",
        "type.rb": "As|{n} Ases",
        "type.ox": "Torbellino|{n} Torbellinos",
        "type.rx": "Máscara roja|{n} Máscaras rojas",
        "type.bx": "Máscara azul|{n} Máscaras azules",
        "type.rr": "Roja|{n} Rojas",
        "type.bb": "Azul|{n} Azules",
        "type.xx": "Muda|{n} Mudas",
        "status.over": "jugada {ply} · partida terminada",
        "status.open": "jugada {ply} · le toca abrir a {who}",
        "status.reply": "jugada {ply} · {who} responde a la oferta",
        "status.move": "jugada {ply} · le toca a {who}",
        "reserve": "Reserva: {n}",
        "reserve_hidden": "Reserva oculta: {n}",
        "prisoners": "Prisioneros: {n} de 6",
        "tender": "Oferta de {who} — valor {value}",
        "tender_reply": "{who} debe devolver prisioneros que basten o rechazarla",
        "refused": "Oferta de valor {value} rechazada",
        "refused_next": "{who} sigue; una nueva oferta debe valer > {value}",
        "legend.moves": "última jugada, en orden",
        "legend.unseen": "? cara oculta",
        "legend.faded": "pálida: solo tú la ves",
        "private": "Vista privada de {name}: solo este jugador ve las caras pálidas",
        "opened": "{who} abrió con una pila de 2 en {square}",
        "onboard": "{who} puso una pieza de la reserva en {square}{face}",
        "onboard_into": "{who} metió una pieza de la reserva en la pila de {square} a la altura {level}{face}",
        "face_up": ", con la cara {face} arriba",
        "tendered": "{who} ofreció prisioneros: {types} (PL-7.1)",
        "returned": "{who} devolvió prisioneros: {types}; se hace el intercambio (PL-7.3)",
        "refused_tender": "{who} rechazó la oferta (PL-7.4)",
        "passed": "{who} pasó: no podía hacer otra cosa (PL-3.2)",
        "stomped": "{who}{flip} dio un pisotón en {square}{captured}",
        "stomp_flip": " volteó la pieza de arriba y",
        "stomp_flip_then": " volteó la pieza de arriba,",
        "moved": "{who}{flip} movió {lifted} de {origin} a {landing}{via}{captured}",
        "top_unit": "su unidad superior",
        "via": " pasando por {stops}",
        "via_arriving": " pasando por {stops}, llegó con {arriving}",
        "move_flip": " volteó la pieza de arriba y",
        "move_flip_then": " volteó la pieza de arriba,",
        "captured": " y capturó {n} pieza| y capturó {n} piezas",
        "why.prisoners": "seis prisioneros capturados",
        "why.stack": "seis piezas propias seguidas en una pila",
        "why.repetition": "la misma posición por tercera vez",
        "why.ply limit": "se alcanzó el límite de jugadas",
        "why.no moves": "ningún jugador puede hacer nada",
    },
}


def say(lang: str, key: str, **params: object) -> str:
    """``key``'s words in ``lang`` (``WORDS``)."""
    return words.say(WORDS, lang, key, **params)


#: replay pace (render.replay)
REPLAY_FRAME_MS = 800


def row_heights(view: PlateauView) -> tuple[int, ...]:
    """Each board row's height (top row first): room for its tallest stack, never under MIN_ROW."""
    board = view.get("board") or [[[]] * 4] * 4
    return tuple(max(MIN_ROW, 10 + max((len(stack) for stack in rank), default=0) * (SLAB_H + SLAB_GAP))
                 for rank in board)


def _row_tops(rows: tuple[int, ...]) -> list[int]:
    tops = [BOARD_Y]
    for h in rows[:-1]:
        tops.append(tops[-1] + h)
    return tops


def square_xy(name: str, rows: tuple[int, ...] = (MIN_ROW,) * 4) -> tuple[int, int]:
    """Top-left pixel of a square such as ``a1`` (rank 1 at the bottom: Black's side, PL-1.1)."""
    f = ord(name[0]) - ord("a")
    r = int(name[1]) - 1
    return BOARD_X + f * CELL_W, _row_tops(rows)[3 - r]


def _square_box(name: str, rows: tuple[int, ...]) -> tuple[int, int, int, int]:
    x, y = square_xy(name, rows)
    return x, y, x + CELL_W, y + rows[3 - (int(name[1]) - 1)]


@lru_cache(maxsize=16)
def _board(rows: tuple[int, ...]) -> Image.Image:
    """The board (squares and coordinates) for rows of these heights, on the card, from BOARD_Y - 6."""
    height = sum(rows)
    img = Image.new("RGB", (WIDTH - 2 * theme.FRAME_WIDTH, height + 12 + GUTTER), theme.CARD)
    draw = ImageDraw.Draw(img)
    x0, y0 = BOARD_X - theme.FRAME_WIDTH, 6
    draw.rectangle((x0 - 6, y0 - 6, x0 + 4 * CELL_W + 5, y0 + height + 5), fill=theme.INK)
    tops = [y0 + t - BOARD_Y for t in _row_tops(rows)]
    for i in range(4):
        for f in range(4):
            fill = DARK_SQUARE if (3 - i + f) % 2 == 0 else LIGHT_SQUARE
            x, y = x0 + f * CELL_W, tops[i]
            draw.rectangle((x, y, x + CELL_W - 1, y + rows[i] - 1), fill=fill)
        theme.draw_text(draw, (x0 - 6 - GUTTER / 2 + 1, tops[i] + rows[i] / 2), str(4 - i), 20, bold=True,
                        anchor="mm")
    for f in range(4):
        theme.draw_text(draw, (x0 + f * CELL_W + CELL_W / 2, y0 + height + 6 + GUTTER / 2), "abcd"[f], 20,
                        bold=True, anchor="mm")
    return img


#: a face only this viewer knows (PL-9.3: their own hidden faces) is drawn *faded*: its fill a pale
#: tint of its colour, its outline a step lighter than a public face's.  Issue 28 (item 10): faded
#: faces blended 40 % into the slab were near invisible on Black's dark slabs at 400 px; a pale tint
#: reads on both slabs and still looks washed out next to the solid faces
GHOST_FILL_STEP = 0.4
GHOST_LINE_STEP = 0.2


def ghost_fill(colour: theme.RGB) -> theme.RGB:
    """The fill of a faded face of ``colour`` (on either slab): a pale tint of it."""
    return theme.mix(colour, theme.WHITE, GHOST_FILL_STEP)


def _face(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, face: str, ground: theme.RGB,
          ghost: bool) -> None:  # fmt: skip
    """One face symbol centred at (cx, cy) on a slab of colour ``ground``; ``ghost`` = faded (known
    only to this viewer: ``ghost_fill``).  Each face has a shape as well as a colour, and an outline
    in the slab's contrasting ink, which is what sets it off from the slab (noted for the contrast
    tests); "?" is a face this viewer does not know (PL-9.4)."""
    contrast = theme.WHITE if ground == theme.INK else theme.INK
    fill = ghost_fill if ghost else (lambda colour: colour)
    line = theme.mix(contrast, ground, GHOST_LINE_STEP) if ghost else contrast

    r = size / 2
    image = getattr(draw, "_image", None)
    if face == "?":
        theme.draw_text(draw, (cx, cy + 1), "?", max(theme.MIN_TEXT, int(size * 1.05)),
                        fill=theme.LIGHT_GREY if ground == theme.INK else theme.MUTED, bold=True, anchor="mm",
                        symbol=True)
        return
    theme.note_face(image, (cx - r, cy - r, cx + r, cy + r), line, faded=ghost, what=FACE_WORD[face])
    width = max(1, int(r / 5))
    if face == "r":  # red: a square
        draw.rectangle((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill(FACE_COLOUR["r"]),
                       outline=line, width=width)  # fmt: skip
    elif face == "b":  # blue: a diamond
        draw.polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1), (cx - r * 1.1, cy)],
                     fill=fill(FACE_COLOUR["b"]), outline=line, width=width)  # fmt: skip
    elif face == "o":  # orange: the Twister's swirl
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill(FACE_COLOUR["o"]), outline=line, width=width)
        inner = r * 0.55
        swirl = theme.mix(theme.INK, theme.WHITE, GHOST_LINE_STEP) if ghost else theme.INK  # on the pale tint
        draw.arc((cx - inner, cy - inner, cx + inner, cy + inner), 200, 470, fill=swirl,
                 width=max(1, int(r / 4)))  # fmt: skip
    elif face == "x":  # blank: an empty ring; faded, a lighter *broken* ring (it has no fill to tint: a lighter
        # whole ring alone read like a public blank on a phone, 400 px wide)
        ring = theme.mix(contrast, ground, GHOST_FILL_STEP) if ghost else contrast
        box = (cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8)
        if ghost:
            for start in range(0, 360, 60):  # six dashes, six gaps
                draw.arc(box, start + 7, start + 50, fill=ring, width=max(2, int(r / 4)) + 2)
        else:
            draw.ellipse(box, outline=ring, width=max(2, int(r / 4)))


@lru_cache(maxsize=1024)
def slab_sprite(owner: int, up: str, down: str, up_public: bool, down_public: bool,
                reveal: bool = False) -> Image.Image:
    """One piece seen side-on: owner's slab, the up face in the middle, the down face at the right
    end, as big as the up face ("?" where this viewer does not know it).  ``reveal``: the game is
    over, every face is public."""
    img = _slab_body(owner).copy()
    draw = ImageDraw.Draw(img)
    fill = OWNER_FILL[owner]
    # a face this viewer does not know is "?" (PL-9.4), the down face as well as the up face: a blank
    # end would read as a face that is not there (issue 28, item 10)
    _face(draw, 42, SLAB_H / 2, FACE, up, fill, ghost=up != "?" and not up_public and not reveal)
    _face(draw, SLAB_W - 17, SLAB_H / 2, FACE, down, fill, ghost=down != "?" and not down_public and not reveal)
    return img


@lru_cache(maxsize=8)
def _slab_body(owner: int) -> Image.Image:
    """A slab without its faces: rim, body and owner letter (shared by every piece of that owner)."""
    img = Image.new("RGBA", (SLAB_W, SLAB_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, SLAB_W - 1, SLAB_H - 1), radius=6, fill=OWNER_RIM[owner])
    draw.rounded_rectangle((2, 2, SLAB_W - 3, SLAB_H - 3), radius=5, fill=OWNER_FILL[owner])
    draw.line((28, 5, 28, SLAB_H - 6), fill=OWNER_RIM[owner], width=1)
    draw.line((SLAB_W - 34, 5, SLAB_W - 34, SLAB_H - 6), fill=OWNER_RIM[owner], width=1)
    theme.draw_text(draw, (15, SLAB_H / 2 + 1), OWNER_LETTER[owner], 15, fill=OWNER_TEXT[owner], bold=True,
                    anchor="mm", symbol=True)
    return img


Key = tuple[tuple[int, str, str, bool, bool], ...]


def _stack_key(stack: list[PlateauPiece]) -> Key:
    return tuple((int(p["owner"]), str(p["up"]), str(p["down"]), bool(p["up_public"]), bool(p["down_public"]))
                 for p in stack)


def _compose_stack(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, h: int, key: Key,
                   reveal: bool) -> None:
    """A stack in the cell at (x, y) of height ``h``: slabs bottom→top, and a height badge from 2 up."""
    left = x + SLAB_LEFT
    bottom = y + h - 5
    for i, piece in enumerate(key):
        top = bottom - (i + 1) * SLAB_H - i * SLAB_GAP
        sprite = slab_sprite(*piece, reveal)
        img.paste(sprite, (left, top), sprite)
    if len(key) < 2:
        return
    bx, by = x + 13, y + 13
    draw.ellipse((bx - 12, by - 12, bx + 12, by + 12), fill=theme.INK)
    draw.ellipse((bx - 10, by - 10, bx + 10, by + 10), fill=theme.CARD)
    theme.draw_text(draw, (bx, by + 1), str(len(key)), theme.MIN_TEXT, bold=True, anchor="mm")


@lru_cache(maxsize=256)
def _stack_on_square(key: Key, shade: int, h: int, reveal: bool) -> Image.Image:
    """A stack composed on a bare square (``shade`` 0 dark, 1 light) of height ``h``, as an opaque cell."""
    cell = Image.new("RGB", (CELL_W, h), DARK_SQUARE if shade == 0 else LIGHT_SQUARE)
    _compose_stack(cell, ImageDraw.Draw(cell), 0, 0, h, key, reveal)
    return cell


@lru_cache(maxsize=64)
def type_icon(owner: int, code: str) -> Image.Image:
    """A piece type off the board: a short slab with both faces (PL-1.2), e.g. Ace = red | blue."""
    w, h = 58, SLAB_H
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill = OWNER_FILL[owner]
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=OWNER_RIM[owner])
    draw.rounded_rectangle((2, 2, w - 3, h - 3), radius=5, fill=fill)
    _face(draw, w / 2 - 13, h / 2, FACE, code[0], fill, ghost=False)
    _face(draw, w / 2 + 13, h / 2, FACE, code[1], fill, ghost=False)
    return img


TYPE_COL_W = 112
TYPE_ROW_H = 32


def _type_rows(img: Image.Image, x: int, y: int, owner: int, codes: list[str], ground: theme.RGB, width: int) -> int:
    """Type icons with counts, as many to a row as fit ``width``; returns the y below them."""
    counts = {code: codes.count(code) for code in TYPE_ORDER if code in codes}
    per_row = max(1, width // TYPE_COL_W)
    for i, (code, n) in enumerate(counts.items()):
        cx = x + (i % per_row) * TYPE_COL_W
        cy = y + (i // per_row) * TYPE_ROW_H
        icon = type_icon(owner, code)
        img.paste(icon, (cx, cy), icon)
        theme.paste_text(img, (cx + 62, cy + SLAB_H // 2), f"×{n}", 16, bg=ground, bold=True, anchor="lm")
    rows = (len(counts) + per_row - 1) // per_row
    return y + rows * TYPE_ROW_H


def _owner_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, owner: int, r: float = 12) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OWNER_RIM[owner])
    draw.ellipse((cx - r + 2, cy - r + 2, cx + r - 2, cy + r - 2), fill=OWNER_FILL[owner])
    theme.draw_text(draw, (cx, cy + 1), OWNER_LETTER[owner], 14, fill=OWNER_TEXT[owner], bold=True,
                    anchor="mm", symbol=True)  # fmt: skip


def _panel_rows(view: PlateauView, seat: int) -> tuple[list[str] | None, int, list[str]]:
    reserves = view.get("reserves") or [0, 0]
    reserve = reserves[seat] if seat < len(reserves) else 0
    prisoners = [str(c) for c in (view.get("prisoners") or [[], []])[seat]]
    if isinstance(reserve, list):
        return [str(c) for c in reserve], len(reserve), prisoners
    return None, int(reserve), prisoners


def _panel_height(view: PlateauView, seat: int) -> int:
    per_row = max(1, (PANEL_W - 20) // TYPE_COL_W)
    types, _, prisoners = _panel_rows(view, seat)
    h = 34 + 24
    if types is not None:
        h += 2 + -(-len(set(types)) // per_row) * TYPE_ROW_H
    h += 24 + -(-len(set(prisoners)) // per_row) * TYPE_ROW_H
    return h + 8


#: the least room a shortened name keeps (``_fitted``): "Maxim…", never a bare "…"
NAME_FLOOR = 60


def _fitted(lang: str, key: str, name: str, size: int, room: int, bold: bool = False, **params: object) -> str:
    """``key``'s words with ``name`` as ``{who}``, made to fit ``room`` at ``size`` by shortening the name
    (``theme.ellipsize_name``) rather than the words around it: "Bartholo… (negras)", not "Bartholomew the
    Lo…"; a note after the name ("Ana (tú)", ``theme.bare_name``) is left out first.  The name keeps at least
    ``NAME_FLOOR`` px; only words too long even then are cut at their end."""
    text = say(lang, key, who=name, **params)
    if theme.fits(text, size, room, bold):
        return text
    name = theme.bare_name(name)  # a note after the name ("Ana (tú)") goes first, never cut into "Ana (…"
    rest = theme.text_size(say(lang, key, who="", **params), size, bold)[0]
    short = theme.ellipsize_name(name, size, max(NAME_FLOOR, room - rest), bold)
    return theme.ellipsize(say(lang, key, who=short, **params), size, room, bold)


def _player_panel(img: Image.Image, draw: ImageDraw.ImageDraw, x0: int, y: int, h: int, seat: int, name: str,
                  view: PlateauView, lang: str = "en") -> None:  # fmt: skip
    """One player's reserve and prisoners in a box under the board."""
    draw.rounded_rectangle((x0, y, x0 + PANEL_W, y + h), radius=10, fill=theme.PANEL)
    x = x0 + 10
    _owner_badge(draw, x + 12, y + 17, seat)
    label = _fitted(lang, "seat", name, 16, PANEL_W - 50, bold=True, owner=say(lang, f"owner.{seat}"))
    theme.paste_text(img, (x + 30, y + 17), label, 16, bg=theme.PANEL, bold=True, anchor="lm")
    y += 34
    types, count, prisoners = _panel_rows(view, seat)
    if types is not None:
        theme.paste_text(img, (x, y), say(lang, "reserve", n=count), 15, bg=theme.PANEL, anchor="la")
        y = _type_rows(img, x, y + 24, seat, types, theme.PANEL, PANEL_W - 20) + 2
    else:
        theme.paste_text(img, (x, y), say(lang, "reserve_hidden", n=count), 15, bg=theme.PANEL, anchor="la")
        y += 24
    theme.paste_text(img, (x, y), say(lang, "prisoners", n=len(prisoners)), 15, bg=theme.PANEL, anchor="la")
    y += 24
    if prisoners:
        _type_rows(img, x, y, 1 - seat, prisoners, theme.PANEL, PANEL_W - 20)


def _exchange_height(view: PlateauView) -> int:
    if view.get("tender"):
        return 118
    return 62 if view.get("refused") is not None else 0


def _exchange_box(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: PlateauView,
                  names: list[str], lang: str = "en") -> None:  # fmt: skip
    """A pending tender (PL-7.1) or the bar after a refusal (PL-7.4), full width."""
    tender = view.get("tender")
    refused = view.get("refused")
    height = _exchange_height(view) - 10
    x0, x1 = PANEL_X0 + 4, PANEL_X1 - 4
    theme.highlight_box(draw, (x0, y, x1, y + height), width=3)
    draw.rounded_rectangle((x0 + 2, y + 2, x1 - 2, y + height - 2), radius=5, fill=theme.CARD)
    x = x0 + 12
    if tender:
        tenderer = int(tender.get("tenderer", 0))
        responder = 1 - tenderer
        who = theme.ellipsize(names[tenderer], 16, 200, bold=True)
        theme.paste_text(img, (x, y + 8), say(lang, "tender", who=who, value=tender.get("value")), 16,
                         bg=theme.CARD, bold=True)
        _type_rows(img, x, y + 34, responder, [str(c) for c in tender.get("types", [])], theme.CARD, x1 - x0 - 24)
        reply = _fitted(lang, "tender_reply", names[responder], 15, x1 - x0 - 24)
        theme.paste_text(img, (x, y + height - 24), reply, 15, bg=theme.CARD)
    else:
        side = int(view.get("side", 0))
        who = theme.ellipsize(names[side], 15, 160)
        theme.paste_text(img, (x, y + 8), say(lang, "refused", value=refused), 16, bg=theme.CARD, bold=True)
        theme.paste_text(img, (x, y + 30), _fitted(lang, "refused_next", who, 15, x1 - x0 - 24, value=refused), 15,
                         bg=theme.CARD)


LEGEND_H = 62


@lru_cache(maxsize=8)
def _legend(moves: bool = True, own: bool = True, lang: str = "en") -> Image.Image:
    """The key to the face symbols (colour is never the only clue: PL-1.2's faces by shape too) and
    to the last move's numbers (``moves``; a lesson's picture with marks and no last move has none);
    "faded: yours alone" only in a player's own view (``own``: a spectator's has no such faces); its words
    in ``lang``."""
    img = Image.new("RGB", (PANEL_X1 - PANEL_X0, LEGEND_H - 6), theme.CARD)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, img.width - 1, img.height - 1), radius=8, fill=theme.PANEL)
    cx = 20
    for face in ("r", "b", "o", "x"):
        _face(draw, cx, 16, FACE, face, theme.PANEL, False)
        label = say(lang, f"face.{face}")
        theme.draw_text(draw, (cx + 15, 16), label, 15, anchor="lm")
        cx += 15 + theme.text_size(label, 15)[0] + 30
    if moves:
        _step_badge(draw, 20, 40, 1)
    keys = (["legend.moves"] if moves else []) + ["legend.unseen"] + (["legend.faded"] if own else [])
    left = 36 if moves else 12
    line = "   ".join(say(lang, key) for key in keys)
    size = theme.fit_text(line, 14, img.width - left - 8)  # Spanish runs longer: never past the panel
    theme.draw_text(draw, (left, 40), line, size, fill=theme.INK, anchor="lm")
    return img


def _step_badge(draw: ImageDraw.ImageDraw, bx: float, by: float, n: int) -> None:
    draw.ellipse((bx - 12, by - 12, bx + 12, by + 12), fill=theme.INK)
    draw.ellipse((bx - 10, by - 10, bx + 10, by + 10), fill=theme.HIGHLIGHT)
    theme.draw_text(draw, (bx, by + 1), str(n), 14, bold=True, anchor="mm")


def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], stop: float) -> None:
    """A yellow arrow edged in ink from ``a`` towards ``b``, its tip ``stop`` px short of ``b``."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    tip = (bx - ux * stop, by - uy * stop)
    base = (tip[0] - ux * 16, tip[1] - uy * 16)
    px, py = -uy, ux
    draw.line((ax, ay, base[0], base[1]), fill=theme.INK, width=10)
    draw.polygon([(tip[0] + ux * 4, tip[1] + uy * 4), (base[0] + px * 15 - ux * 3, base[1] + py * 15 - uy * 3),
                  (base[0] - px * 15 - ux * 3, base[1] - py * 15 - uy * 3)], fill=theme.INK)
    draw.line((ax, ay, base[0], base[1]), fill=theme.HIGHLIGHT, width=5)
    draw.polygon([tip, (base[0] + px * 11, base[1] + py * 11), (base[0] - px * 11, base[1] - py * 11)],
                 fill=theme.HIGHLIGHT)


#: the room the title strip gives its status line (``theme.paste_title_strip``: right of the title)
STATUS_ROOM = WIDTH - 2 * theme.FRAME_WIDTH - 12 - 40 - theme.text_size("Plateau", 22, True)[0]


def _status(view: PlateauView, names: list[str], over: bool, lang: str = "en") -> str:
    """The title strip's status: the ply and who is to do what; a long name is shortened so the words
    after it still show at the strip's smallest size."""
    ply = int(view.get("ply", 0))
    if over:
        return say(lang, "status.over", ply=ply)
    side = int(view.get("side", 0)) % 2
    phase = view.get("phase")
    key = "status.open" if phase == "open" else "status.reply" if phase == "reply" else "status.move"
    return _fitted(lang, key, names[side], theme.MIN_TEXT, STATUS_ROOM, ply=ply)


def _types_words(codes: str, lang: str = "en") -> str:
    """``rr.2xx`` -> "Red, 2 Mute" ("Roja, 2 Mudas")."""
    out = []
    for part in codes.split("."):
        n, code = (part[0], part[1:]) if part[:1].isdigit() else ("", part)
        key = f"type.{code}"
        if key not in WORDS["en"]:
            out.append(f"{n} {code}".strip())
        elif n:
            out.append(words.template(WORDS, lang, key).partition("|")[2].format(n=n))
        else:
            out.append(words.template(WORDS, lang, key).partition("|")[0])
    return ", ".join(out)


def caption(view: PlateauView, names: list[str], previous: PlateauView | None = None, lang: str = "en") -> str:
    """The last move in words (PL-10.4 notation read out), with the pieces it captured when the view
    before it is known: "Ben moved 2 from a1 to a3, capturing 1 piece" ("Ben movió 2 de a1 a a3 y
    capturó 1 pieza"), in ``lang``."""
    last = str(view.get("last_move") or "")
    if not last:
        return ""
    side = int(view.get("side", 0)) % 2
    mover = side if last.startswith("return:") else 1 - side
    who = names[mover]
    captured = ""
    if previous is not None:
        before = len((previous.get("prisoners") or [[], []])[mover])
        after = len((view.get("prisoners") or [[], []])[mover])
        if after > before:
            captured = words.count(WORDS, lang, "captured", after - before)
    if last.startswith("+") and "." in last.split("@")[0]:
        return say(lang, "opened", who=who, square=last.split("@")[1])
    if last.startswith("+"):
        pair, _, where = last[1:].partition("@")
        square, _, level = where.partition(":")
        face = say(lang, "face_up", face=say(lang, f"face.{pair[:1]}")) if pair[:1] in FACE_WORD else ""
        if level:
            return say(lang, "onboard_into", who=who, square=square, level=level, face=face)
        return say(lang, "onboard", who=who, square=square, face=face)
    if last.startswith("tender:"):
        return say(lang, "tendered", who=who, types=_types_words(last[7:], lang))
    if last.startswith("return:"):
        return say(lang, "returned", who=who, types=_types_words(last[7:], lang))
    if last == "refuse":
        return say(lang, "refused_tender", who=who)
    if last == "pass":
        return say(lang, "passed", who=who)
    # a flip is said before the move in Spanish, so it is joined to it by "y" or, a capture's "y" to come, a comma
    then = "_then" if captured else ""
    flip = last.startswith("*")
    body = last.lstrip("*")
    if body.endswith("!"):
        return say(lang, "stomped", who=who, square=body[:-1], flip=say(lang, f"stomp_flip{then}") if flip else "",
                   captured=captured)
    steps = body.split("-")
    origin, _, lifted = steps[0].partition(":")
    stops = [s.split(":") for s in steps[1:-1]]
    via = ""
    if stops:  # PL-5.5: a stop drops or picks up pieces, so it arrives with another count
        where = ", ".join(s[0] for s in stops)
        via = say(lang, "via_arriving", stops=where, arriving=stops[-1][1]) if len(stops[-1]) > 1 else \
            say(lang, "via", stops=where)
    return say(lang, "moved", who=who, lifted=lifted or say(lang, "top_unit"), origin=origin, landing=steps[-1],
               via=via, flip=say(lang, f"move_flip{then}") if flip else "", captured=captured)


def _banner(view: PlateauView, names: list[str], result: dict[str, Any] | None, lang: str = "en") -> str | None:
    ending = theme.result_of(view, result)
    if ending is None:
        return None
    winners, reason, losers = ending
    why = {code: say(lang, f"why.{code}") for code in WHY_CODES}
    return theme.result_banner(names, winners, reason, why, losers, lang=lang)


def draw(view: PlateauView, names: list[str], result: dict[str, Any] | None = None,
         previous: PlateauView | None = None, lang: str = "en") -> Image.Image:
    """The picture of a Plateau view (``engines.plateau`` documents its shape); names[0] is Black."""
    names = list(names) + [words.player(lang, i) for i in range(len(names), 2)]
    banner = _banner(view, names, result, lang)
    over = banner is not None
    reveal = over  # PL-8.6: a finished game's view (``Engine.final_view`` too) shows every face
    rows = row_heights(view)
    board_h = sum(rows)
    panels_y = BOARD_Y + board_h + GUTTER + 14
    panel_h = max(_panel_height(view, 0), _panel_height(view, 1))
    exchange_y = panels_y + panel_h + 10
    legend_y = exchange_y + _exchange_height(view)
    notes = [("caption", caption(view, names, previous, lang))]
    if banner:
        notes.append(("banner", banner))
    elif (viewer := view.get("viewer")) is not None:  # whose view: the name without a note of how they left
        notes.append(("hint", say(lang, "private", name=theme.bare_name(names[int(viewer)]))))
    blocks, extra = theme.lay_out_notes(WIDTH, notes)
    height = legend_y + LEGEND_H + extra + theme.FRAME_WIDTH + 14
    img = _card(height).copy()
    img.paste(_board(rows), (theme.FRAME_WIDTH, BOARD_Y - 6))
    d = ImageDraw.Draw(img)
    labels = [say(lang, "seat", who=names[seat], owner=say(lang, f"owner.{seat}")) for seat in (0, 1)]
    theme.paste_title_strip(img, "Plateau", labels, None if over else view.get("to_move"),
                            status=_status(view, names, over, lang),
                            markers=[(theme.INK, OWNER_LETTER[0]), (theme.WHITE, OWNER_LETTER[1])])
    highlight = [sq for sq in view.get("highlight") or [] if isinstance(sq, str) and len(sq) == 2]
    # a lesson's marks (theme.lesson_marks): plain rings, no path, no numbers (not a move)
    marks = [sq for sq in theme.lesson_marks(view) if len(sq) == 2 and sq not in highlight]
    for sq in highlight + marks:
        x0, y0, x1, y1 = _square_box(sq, rows)
        theme.highlight_box(d, (x0 + 4, y0 + 4, x1 - 5, y1 - 5), width=5)
    drawn_on = {(3 - (int(sq[1]) - 1), ord(sq[0]) - ord("a")) for sq in highlight + marks}
    tops = _row_tops(rows)
    board = view.get("board") or []
    for i, rank in enumerate(board):
        for f, stack in enumerate(rank):
            if not stack:
                continue
            x, y = BOARD_X + f * CELL_W, tops[i]
            key = _stack_key(stack)
            if (i, f) in drawn_on:
                _compose_stack(img, d, x, y, rows[i], key, reveal)
            else:  # PL-1.1: a1 (row 3, file 0) is dark
                img.paste(_stack_on_square(key, (3 - i + f) % 2, rows[i], reveal), (x, y))
    for a, b in itertools.pairwise(highlight):  # the path, square to square, with arrowheads
        _path_arrow(d, _square_box(a, rows), _square_box(b, rows))
    for n, sq in enumerate(highlight, 1):  # the order of the last move's squares
        x0, y0, x1, y1 = _square_box(sq, rows)
        _step_badge(d, x0 + 13, y0 + 45, n)  # well below the height badge (x0 + 13, y0 + 13)
    y = panels_y
    for seat in (0, 1):
        _player_panel(img, d, PANEL_X0 + seat * (PANEL_W + PANEL_GAP), y, panel_h, seat, names[seat], view, lang)
    if _exchange_height(view):
        _exchange_box(img, d, exchange_y, view, names, lang)
    # a lesson's picture (a view with ``marks``, even none) shows no last move, so no key to one
    img.paste(_legend(moves=bool(highlight) or "marks" not in view, own=view.get("viewer") is not None, lang=lang),
              (PANEL_X0, legend_y))
    theme.paint_notes(img, legend_y + LEGEND_H, blocks)
    return img


def _path_arrow(draw: ImageDraw.ImageDraw, a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> None:
    """An arrow from square box ``a`` to ``b`` across their borders: it starts just inside ``a``'s edge
    and its head ends just inside ``b``'s, so it covers as little of the stacks as it can; through an edge the
    slabs touch (the right, the bottom) it starts or ends on the edge itself: the head had covered the top
    piece's down face at b1 of a move from c1."""
    ca = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2)
    cb = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    length = math.hypot(cb[0] - ca[0], cb[1] - ca[1])
    if length < 1:
        return
    ux, uy = (cb[0] - ca[0]) / length, (cb[1] - ca[1]) / length

    def reach(box: tuple[int, int, int, int]) -> float:  # centre to edge along the path
        half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        return min(half_w / abs(ux) if ux else math.inf, half_h / abs(uy) if uy else math.inf)

    def on_the_stack(box: tuple[int, int, int, int], dx: float, dy: float) -> bool:
        """Whether the path crosses ``box``'s edge in direction (dx, dy) on its right or its bottom: where the
        slabs sit (flush right, from the bottom up), so an end drawn inside would cover a face."""
        half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        through_side = (half_w / abs(dx) if dx else math.inf) <= (half_h / abs(dy) if dy else math.inf)
        return dx > 0 if through_side else dy > 0

    start_in = 2 if on_the_stack(a, ux, uy) else 16  # leaving a through its right or bottom: from the edge
    tip_in = 2 if on_the_stack(b, -ux, -uy) else 14  # entering b there: the tip at its edge
    start = (ca[0] + ux * (reach(a) - start_in), ca[1] + uy * (reach(a) - start_in))
    _arrow(draw, start, cb, reach(b) - tip_in)


@lru_cache(maxsize=8)
def _card(height: int) -> Image.Image:
    return theme.canvas(WIDTH, height)[0]


def board_key(view: PlateauView) -> Any:
    """What a replay frame must change (render.replay_frames): every ply does."""
    return view.get("ply"), view.get("position")
