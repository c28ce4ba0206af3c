"""The K3 picture: the shared mountain and every player's pyramid, drawn from ``engines.k3``'s view only.

What a player must read at a glance, and how:
- the mountain: offset rows of bricks, the base row at the bottom, rank numbers at the left; every
  piece carries its letter (B R K Y G N W) as well as its colour, so colours are never needed alone;
  empty slots are faint outlines and *open* slots (K3-4.3) a dashed-looking grey outline with their
  name written inside, ready to be typed; when the mountain is full, ``<`` / ``>`` marks at the ends of
  the base row say that base-end placements (K3-5.3) are the only ones;
- each pyramid (small, below the mountain): accessible pieces (K3-4.4) in full colour with a thick
  outline and their spot name above them (the spots above an accessible piece are empty, so the
  label never hides a piece), slid sideways clear of a highlight ring there (a spot just emptied)
  and of the other labels (``_place_labels``); covered pieces faded; side pieces in a column beside the pyramid;
- the player to move: the seat's panel outlined in its colour with "to move", and the ▶ in the title;
- a pending steal (K3-6.3): the penalised panel outlined in vermillion with "gives a piece", the
  taker's with "takes a piece", and the title says so;
- eliminated players: a dimmed panel with "out"; the winner(s): "wins";
- building (K3-10): the viewer's own arrangement or hand only; others show "building…" or "ready"
  (a blank grey pyramid) with their piece count;
- the last move: yellow boxes (theme.highlight_box) on the slot placed on and the spot it came from,
  or on the spot taken and the taker's side, and a line of words under the picture that says who did
  what and why (a penalty: the two equal supports, K3-6.1; a steal: whose placement it punished);
- the result: a banner with the winner(s) and the reason.

Issue 16 (a phone shows the picture 400 px wide): 560 px wide, portrait; with two players the two
pyramids sit one above the other, full width, so their bricks are as big as the mountain's.

Every word drawn is said in the reader's language (``lang``: English or Spanish) from ``WORDS``, in the
messages' own terms (the colours azul, roja...; "al lado" for a side piece).

Piece sprites are cached per (letter, size, style); the framed card per layout and language, as are the
pyramids (their "side"): a layer with words is never served to a reader of the other language.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from render import theme, words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.k3 import K3View

WIDTH = 560
MOUNTAIN_TOP = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 8 + 6


def chip_rows(players: int) -> int:
    """The title strip's rows of player chips: four players in two rows, two names a row (in one row of four,
    "Mesa 2 (normal)" was cut to "Mes… 2"); the seats' panels below name them in full as well."""
    return 2 if players >= 4 else 1


def mountain_top(players: int) -> int:
    """Where the mountain starts: under the title strip, its second row of chips included."""
    return MOUNTAIN_TOP + theme.title_height(chip_rows(players)) - theme.TITLE_HEIGHT
#: the mountain's box height by player count; bricks shrink when the base grows (K3-5.3)
MOUNTAIN_H = {2: 380, 3: 372, 4: 372}
MOUNTAIN_W = WIDTH - 2 * theme.FRAME_WIDTH - 2 * theme.MARGIN - 50
FOOTER_H = 16
#: replay pace (render.replay)
REPLAY_FRAME_MS = 800
#: every word the picture draws, in English and Spanish (``render.words``), as the messages say them: the piece
#: colours (``term.k3.piece_*``: azul, roja, negra...), "al lado" (a side piece), "fila de base" (the base row)
WORDS: words.Catalog = {
    "en": {
        "title": "K3",
        "title.cooperative": "K3 · cooperative",
        # the title strip's status line
        "status.over": "game over",
        "status.base": "drawing the base row",
        "status.deal": "dealing the pieces",
        "status.build": "building: {ready} of {total} ready",
        "status.steal": "{taker} takes a piece from {penalised}",
        "status.to_move": "{name} to move",
        # a player's panel
        "tag.out": "out",
        "tag.gives": "gives a piece",
        "tag.takes": "takes a piece",
        "tag.to_move": "to move",
        "tag.wins": "wins",
        "tag.stuck": "no legal action",
        "tag.building": "building…",
        "tag.ready": "ready",
        "pieces": "{n} piece|{n} pieces",
        "eliminated": "eliminated",
        "side": "side",
        "hand.hidden": "built, hidden for now",
        "hand.own": "your pieces (not built yet)",
        "hand.other": "dealt: arranging a pyramid…",
        # the mountain before its base row, the three-player legend and the spare white (K3-7.3)
        "drawing": "the base row is being drawn",
        "piece.B": "blue",
        "piece.R": "red",
        "piece.K": "black",
        "piece.Y": "yellow",
        "piece.G": "green",
        "piece.N": "natural",
        "piece.W": "white: pass",
        "spare": "spare white",
        "spare.aside": "set aside",
        # the caption: the last move in words
        "caption.base": "The base row was drawn (K3-3)",
        "caption.deal": "The pieces were dealt; each player builds a pyramid",
        "caption.build": "{name} built a pyramid",
        "caption.someone": "The last player",
        "caption.steal": "{who} took {piece} from {victim}'s {spot}: the penalty for equal supports (K3-6.3)",
        "caption.steal_side": "{who} took {piece} from {victim}'s side: the penalty for equal supports (K3-6.3)",
        "caption.steal_anon": "{who} took {piece} from the penalised player's {spot}: the penalty for equal "
                              "supports (K3-6.3)",
        "caption.steal_anon_side": "{who} took {piece} from the penalised player's side: the penalty for equal "
                                   "supports (K3-6.3)",
        "caption.pass": "{who} passed with a white from {spot} (K3-5.1)",
        "caption.pass_side": "{who} passed with a white from the side (K3-5.1)",
        "caption.end_left": "{who} added {piece} at the left end of the base row (K3-5.3)",
        "caption.end_right": "{who} added {piece} at the right end of the base row (K3-5.3)",
        "caption.place": "{who} placed {piece} from {spot} on {slot}",
        "caption.place_side": "{who} placed {piece} from the side on {slot}",
        "caption.penalised_on": "{placed} on {left}+{right}: penalised (K3-6.1)",
        "caption.penalised": "{placed}: penalised (K3-6.1)",
        "caption.so_takes": "{said}, so {taker} takes a piece",
        # the hint line: options that differ from the defaults, whose view this is
        "hint.match": "penalty only on a match",
        "hint.thief": "thief: next player",
        "hint.private": "private view of {name}",
        "hint.hidden": "pyramids stay hidden",
        # the result (the engine's reasons, K3-8)
        "why.summit reached": "the summit is full",
        "why.no legal action": "a player had no legal action",
        "why.last player in": "the last player still in",
        "why.stuck": "{name} had no legal action",
        "everyone_loses": "Everyone loses: {why}",
    },
    "es": {
        "title": "K3",
        "title.cooperative": "K3 · cooperativo",
        "status.over": "partida terminada",
        "status.base": "sorteando la fila de base",
        "status.deal": "repartiendo las piezas",
        "status.build": "pirámides listas: {ready} de {total}",
        "status.steal": "{taker} toma una pieza de {penalised}",
        "status.to_move": "le toca a {name}",
        "tag.out": "fuera",
        "tag.gives": "cede una pieza",
        "tag.takes": "toma una pieza",
        "tag.to_move": "le toca",
        "tag.wins": "gana",
        "tag.stuck": "no pudo jugar",
        "tag.building": "construyendo…",
        "tag.ready": "pirámide lista",
        "pieces": "{n} pieza|{n} piezas",
        "eliminated": "ya no juega",
        "side": "al lado",
        "hand.hidden": "construida, oculta por ahora",
        "hand.own": "tus piezas (aún sin construir)",
        "hand.other": "sus piezas (aún sin construir)",
        "drawing": "se está sorteando la fila de base",
        "piece.B": "azul",
        "piece.R": "roja",
        "piece.K": "negra",
        "piece.Y": "amarilla",
        "piece.G": "verde",
        "piece.N": "natural",
        "piece.W": "blanca: pasa",
        "spare": "de reserva",
        "spare.aside": "aparte",
        "caption.base": "Se sorteó la fila de base (K3-3)",
        "caption.deal": "Se repartieron las piezas; cada jugador construye su pirámide",
        "caption.build": "{name} construyó su pirámide",
        "caption.someone": "El último jugador",
        "caption.steal": "{who} se llevó la {piece} que {victim} tenía en {spot}: la penalización por apoyos "
                         "iguales (K3-6.3)",
        "caption.steal_side": "{who} se llevó la {piece} que {victim} tenía al lado: la penalización por apoyos "
                              "iguales (K3-6.3)",
        "caption.steal_anon": "{who} se llevó la {piece} de {spot} del jugador penalizado: la penalización por "
                              "apoyos iguales (K3-6.3)",
        "caption.steal_anon_side": "{who} se llevó la {piece} de al lado del jugador penalizado: la penalización "
                                   "por apoyos iguales (K3-6.3)",
        "caption.pass": "{who} pasó con una blanca de {spot} (K3-5.1)",
        "caption.pass_side": "{who} pasó con una blanca de al lado (K3-5.1)",
        "caption.end_left": "{who} añadió la {piece} en el extremo izquierdo de la fila de base (K3-5.3)",
        "caption.end_right": "{who} añadió la {piece} en el extremo derecho de la fila de base (K3-5.3)",
        "caption.place": "{who} colocó la {piece} de {spot} en {slot}",
        "caption.place_side": "{who} colocó la {piece} de al lado en {slot}",
        "caption.penalised_on": "{placed} sobre {left}+{right}: penalización (K3-6.1)",
        "caption.penalised": "{placed}: penalización (K3-6.1)",
        "caption.so_takes": "{said}, así que {taker} toma una pieza",
        "hint.match": "solo se penaliza sobre dos de su color",
        "hint.thief": "ladrón: el jugador siguiente",
        "hint.private": "vista privada de {name}",
        "hint.hidden": "las pirámides siguen ocultas",
        "why.summit reached": "llenaron la cima",
        "why.no legal action": "un jugador no pudo jugar",
        "why.last player in": "el último que queda en juego",
        "why.stuck": "{name} no pudo jugar",
        "everyone_loses": "Todos pierden: {why}",
    },
}
#: the engine's ending reasons the banner says in words (``why.<reason>``)
ENDINGS = ("summit reached", "no legal action", "last player in")


def why(lang: str = "en") -> dict[str, str]:
    """K3's endings in words, in ``lang``, by the engine's outcome reason (for the result banner)."""
    return {reason: words.say(WORDS, lang, f"why.{reason}") for reason in ENDINGS}


PANEL_GAP = 12
#: how far above the side column its word "side" stands (clear of a highlight ring round the column)
SIDE_LIFT = 2

#: piece colours by letter (K3-1.1); the letter is always drawn on the piece as well
PIECE = {
    "B": theme.BLUE,
    "R": theme.VERMILLION,
    "K": theme.INK,
    "Y": theme.YELLOW,
    "G": theme.GREEN,
    "N": theme.BOARD,
    "W": theme.WHITE,
}
LETTER_INK = {"B": theme.WHITE, "R": theme.WHITE, "K": theme.WHITE, "G": theme.WHITE}
FADED_EDGE = theme.mix(theme.INK, theme.CARD, 0.4)  # 3:1 on the panel: a covered piece stays visible
EMPTY_EDGE = theme.mix(theme.INK, theme.CARD, 0.8)
OPEN_EDGE = theme.GREY
OPEN_FILL = theme.mix(theme.PANEL, theme.CARD, 0.4)
HIDDEN_FILL = theme.LIGHT_GREY
DIM_PANEL = theme.mix(theme.PANEL, theme.CARD, 0.6)
DIM_TEXT = theme.MUTED
#: the mountain's rank numbers and file letters, and an open slot's name ("e2"), in px at full width: slots are
#: named in lessons and hints, and 13 px light letters read "e2" as "c2" at 400 px wide
RANK_NAME = 15
OPEN_NAME = 15


# ---- layout ------------------------------------------------------------------------------------

Box = tuple[float, float, float, float]
#: while recording (``boxes_drawn``): the card's highlight rectangles and text boxes, as drawn
_DRAWN: dict[str, list[tuple[str, Box]]] | None = None


@contextmanager
def boxes_drawn() -> Iterator[dict[str, list[tuple[str, Box]]]]:
    """Note, for every picture drawn inside the block, the outer rectangle of each highlight ring and
    the box of each spot or coordinate label (its pill, or its ink), on the card: what the tests hold
    the label layout to (no label on a highlight or on another label).  The running bot never records."""
    global _DRAWN
    _DRAWN = {"highlights": [], "texts": []}
    try:
        yield _DRAWN
    finally:
        _DRAWN = None


def _ink_box(xy: tuple[float, float], text: str, size: int, anchor: str, bold: bool = False) -> Box:
    """The ink of ``text`` drawn at ``xy`` (rounded as ``_text`` rounds it) on the card."""
    left, top, right, bottom = theme.font(size, bold).getbbox(text, anchor=anchor)
    x, y = round(xy[0]), round(xy[1])
    return (x + left, y + top, x + right, y + bottom)


def _ring(box: Box) -> Box:
    """The outer edge of ``theme.highlight_box`` drawn round a slot's ``box`` (grown by 1, then its ink
    ring by 2 more): nothing written may come inside it."""
    return (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3)


def _meets(a: Box, b: Box, gap: float = 1) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _place_labels(labels: list[tuple[tuple[float, float], str, int]],
                  rings: list[Box]) -> list[tuple[tuple[float, float], Box]]:
    """Where each spot label goes, and its pill: above its piece, centred on it, unless a highlight
    ring is there (a spot just emptied above an accessible piece, K3-4.4): then slid sideways just
    clear of the ring, over the other spot above the piece (empty too) or the empty panel beside an
    end piece; and never on a label already placed."""
    placed: list[tuple[tuple[float, float], Box]] = []
    for (x, y), text, size in labels:
        mask, left, top = _text_mask(text, size, False, "md")
        # a narrow pill: it only has to keep the panel's colour under the letters
        pill = (x + left - 1, y + top - 1, x + left + mask.width + 1, y + top + mask.height)
        obstacles = rings + [box for _, box in placed]
        shifts = [0.0]
        for _ in range(3):  # clear what the pill meets where it is, then what it meets there
            for shift in list(shifts):
                moved = (pill[0] + shift, pill[1], pill[2] + shift, pill[3])
                for other in obstacles:
                    if _meets(moved, other):
                        shifts += [other[2] + 1 - pill[0], other[0] - 1 - pill[2]]
        best = 0.0
        for shift in sorted(set(shifts), key=abs):
            moved = (pill[0] + shift, pill[1], pill[2] + shift, pill[3])
            if not any(_meets(moved, other) for other in obstacles):
                best = shift
                break
        placed.append(((x + best, y), (pill[0] + best, pill[1], pill[2] + best, pill[3])))
    return placed


def _panel_grid(players: int) -> tuple[int, int]:
    """(columns, rows) of the player panels: two full-width panels one above the other for two
    players (two large pyramids), 2x2 for three (the fourth cell is a legend) and four players, so
    that pyramids stay big enough to read on a phone."""
    return (1, 2) if players == 2 else (2, 2)


def _panel_height(players: int) -> int:
    return {2: 330, 3: 226, 4: 226}[players]


def _height(players: int) -> int:
    _, rows = _panel_grid(players)
    panels = rows * _panel_height(players) + (rows - 1) * PANEL_GAP
    return mountain_top(players) + MOUNTAIN_H[players] + 10 + panels + FOOTER_H + theme.FRAME_WIDTH


def _panel_box(players: int, seat: int) -> tuple[int, int, int, int]:
    cols, _ = _panel_grid(players)
    x0 = theme.FRAME_WIDTH + theme.MARGIN - 8
    x1 = WIDTH - theme.FRAME_WIDTH - theme.MARGIN + 8
    w = (x1 - x0 - (cols - 1) * PANEL_GAP) // cols
    h = _panel_height(players)
    col, row = seat % cols, seat // cols
    left = x0 + col * (w + PANEL_GAP)
    top = mountain_top(players) + MOUNTAIN_H[players] + 10 + row * (h + PANEL_GAP)
    return left, top, left + w, top + h


def _mountain_geometry(width: int, players: int) -> tuple[float, float, float, float]:
    """(brick pitch, row step, left x of a1, top y of rank 1's brick) for a base row of ``width``."""
    box_h = MOUNTAIN_H[players]
    pitch = min(62.0, MOUNTAIN_W / width, box_h / (width * 0.78 + 0.4))
    step = pitch * 0.78
    left = (WIDTH - pitch * width) / 2 + 14
    base_top = mountain_top(players) + box_h - step - 8
    return pitch, step, left, base_top


# ---- sprites -----------------------------------------------------------------------------------


#: what a brick of each style is drawn on (full: the card's mountain; top and faded: a panel)
_GROUND = {"full": theme.CARD, "top": theme.PANEL, "faded": theme.PANEL}


@lru_cache(maxsize=512)
def _sprite(letter: str, w: int, h: int, style: str) -> tuple[Image.Image, Image.Image]:
    """A brick and its mask.  Styles: ``full`` (mountain), ``top`` (accessible, thick outline),
    ``faded`` (covered), ``hidden`` (a built pyramid not shown), ``empty`` and ``open`` (slots)."""
    img = Image.new("RGB", (w, h), theme.CARD)
    # a bilevel mask (rounded_rectangle is not anti-aliased): Pillow pastes through "1" far faster than "L"
    mask = Image.new("1", (w, h), 0)
    d = ImageDraw.Draw(img)
    m = ImageDraw.Draw(mask)
    radius = max(3, min(w, h) // 5)
    box = (0, 0, w - 1, h - 1)
    m.rounded_rectangle(box, radius=radius, fill=1)
    if style in ("empty", "open"):
        fill = OPEN_FILL if style == "open" else theme.CARD
        edge = OPEN_EDGE if style == "open" else EMPTY_EDGE
        d.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=2 if style == "open" else 1)
        if style == "open":  # broken outline (gaps in the middle of each side) and the slot's name
            theme.draw_text(d, (w / 2, h / 2), letter, max(OPEN_NAME, int(h * 0.4)), fill=theme.MUTED,
                            bold=True, anchor="mm")  # a lesson's text names these slots: readable on a phone
            gap_w, gap_h = w // 5, h // 4
            d.rectangle((w // 2 - gap_w // 2, 0, w // 2 + gap_w // 2, 1), fill=fill)
            d.rectangle((w // 2 - gap_w // 2, h - 2, w // 2 + gap_w // 2, h - 1), fill=fill)
            d.rectangle((0, h // 2 - gap_h // 2, 1, h // 2 + gap_h // 2), fill=fill)
            d.rectangle((w - 2, h // 2 - gap_h // 2, w - 1, h // 2 + gap_h // 2), fill=fill)
        return img, mask
    if style == "hidden":
        d.rounded_rectangle(box, radius=radius, fill=HIDDEN_FILL, outline=FADED_EDGE, width=1)
        return img, mask
    colour = PIECE[letter]
    ink = LETTER_INK.get(letter, theme.INK)
    edge = theme.INK
    width = 2
    if style == "faded":
        colour = theme.mix(colour, theme.CARD, 0.6)
        ink = theme.ink_on(colour)
        edge = FADED_EDGE
        width = 1
    elif style == "top":
        width = 3
    # a piece's outline is what sets it off from the ground (yellow on the card is faint by itself)
    theme.note_face(None, box, edge, faded=style == "faded", what=letter, ground=_GROUND[style])
    d.rounded_rectangle(box, radius=radius, fill=colour, outline=edge, width=width)
    size = max(theme.MIN_TEXT, int(h * (0.56 if style != "faded" else 0.48)))
    theme.draw_text(d, (w / 2, h / 2 + 1), letter, size, fill=ink, bold=True, anchor="mm", symbol=True)
    return img, mask


def _paste(img: Image.Image, letter: str, x: float, y: float, w: float, h: float, style: str,
           origin: tuple[int, int] = (0, 0)) -> None:
    """A brick at (x, y) on the card, rounded to whole pixels, on ``img`` whose top-left is ``origin``
    on the card (a cached part of the picture)."""
    sprite, mask = _sprite(letter, int(w), int(h), style)
    img.paste(sprite, (round(x) - origin[0], round(y) - origin[1]), mask)


# ---- text and static layers ---------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as a mask, with its offset from the anchor point (text is the costly
    part of a picture, and the same few labels come back in every image)."""
    face = theme.font(size, bold)
    left, top, right, bottom = theme.text_box(text, size, bold, anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def _text(img: Image.Image, xy: tuple[float, float], text: str, size: int, fill: tuple = theme.INK,
          bold: bool = False, anchor: str = "la", *, bg: tuple | None = None,
          origin: tuple[int, int] = (0, 0)) -> None:
    """Text at ``xy`` rounded to whole pixels, through the theme's text cache; pasted as a picture
    when it is known to sit on the flat colour ``bg``.  ``origin`` as for ``_paste``."""
    if not text:
        return
    xy = (round(xy[0]) - origin[0], round(xy[1]) - origin[1])
    if bg is None:
        theme.draw_text(ImageDraw.Draw(img), xy, text, size, fill=fill, bold=bold, anchor=anchor)
    else:
        theme.paste_text(img, xy, text, size, bg=bg, fill=fill, bold=bold, anchor=anchor)


def _slot_names(width: int) -> list[tuple[str, int, int]]:
    """(name, file, rank index) of every slot of a mountain whose base row is ``width`` wide."""
    return [(f"{chr(97 + f)}{r + 1}", f, r) for r in range(width) for f in range(width - r)]


@lru_cache(maxsize=16)
def _background(players: int, width: int, lang: str = "en") -> Image.Image:
    """Card, every mountain slot drawn empty with rank numbers and file letters, and the 3p legend (its
    words in ``lang``): everything that does not change from one move to the next (the base width changes
    rarely)."""
    img, draw = theme.canvas(WIDTH, _height(players))
    if width:
        pitch, step, left, base_top = _mountain_geometry(width, players)
        bw, bh = pitch - 4, step - 4
        for r in range(width):
            y = base_top - r * step
            _text(img, (left + r * pitch / 2 - 8, y + bh / 2), str(r + 1), RANK_NAME, DIM_TEXT, bold=True,
                  anchor="rm")
        for _, f, r in _slot_names(width):
            _paste(img, "", left + r * pitch / 2 + f * pitch, base_top - r * step, bw, bh, "empty")
        for f in range(width):
            _text(img, (left + f * pitch + bw / 2, base_top + bh + 3), chr(97 + f), RANK_NAME, DIM_TEXT, bold=True,
                  anchor="ma")
    else:
        _text(img, (WIDTH / 2, mountain_top(players) + MOUNTAIN_H[players] / 2), words.say(WORDS, lang, "drawing"),
              22, DIM_TEXT, anchor="mm")
    for seat in range(players):  # the plain player panels; a marked one is pasted over its own
        img.paste(_frame_sprite(*_frame_size(players, seat), theme.PANEL, None, 0), _panel_box(players, seat)[:2])
    if players == 3:
        x0, y0, x1, y1 = _panel_box(3, 3)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=theme.PANEL, width=2)
        size, pitch = _legend_layout(lang)
        for k, letter in enumerate(LEGEND):
            col, row = divmod(k, 4)
            x, y = x0 + 14 + col * pitch, y0 + 16 + row * 34
            _paste(img, letter, x, y, 32, 26, "full")
            _text(img, (x + 40, y + 13), words.say(WORDS, lang, f"piece.{letter}"), size, anchor="lm")
    return img


#: the three-player legend's pieces, four to a column (the spare white under the second column)
LEGEND = "BRKYGNW"


@lru_cache(maxsize=4)
def _legend_layout(lang: str) -> tuple[int, int]:
    """(font size, column pitch) of the three-player legend in ``lang``: 14 px and 104 px where its words fit
    so (English); else 13 px, the second column as near the first one's longest word as leaves a gap, so
    that the second column's longest ("blanca: pasa") ends clear of the cell's edge."""
    x0, _, x1, _ = _panel_box(3, 3)
    right = x1 - 8 - x0  # where the words must end, from the cell's left edge

    def widest(size: int, letters: str) -> int:
        return max(theme.text_size(words.say(WORDS, lang, f"piece.{c}"), size)[0] for c in letters)

    if widest(14, LEGEND[:4]) + 40 + 6 <= 104 and 14 + 104 + 40 + widest(14, LEGEND[4:]) <= right:
        return 14, 104
    return 13, min(104, widest(13, LEGEND[:4]) + 40 + 8)


@lru_cache(maxsize=64)
def _pill(w: int, h: int, d: float) -> Any:
    """The bilevel mask of the small pill under a spot label, ``w`` x ``h`` from its top-left corner
    (a rounded rectangle costs more to draw than to fill through a mask).  Pillow rounds a box's
    corners to whole pixels and bends them with ``d`` (twice the radius, or less for a small box)
    worked out before rounding, so a mask of the rounded box bent with the same ``d`` is exactly it."""
    pill = Image.new("1", (w + 1, h + 1), 0)
    ImageDraw.Draw(pill).rounded_rectangle((0, 0, w, h), radius=d / 2, fill=1)
    return pill.im


@lru_cache(maxsize=16)
def _badge(seat: int, background: tuple) -> Image.Image:
    """A seat's badge (theme.seat_marker: colour, shape and number) on a panel's colour."""
    img = Image.new("RGB", (28, 28), background)
    theme.seat_marker(ImageDraw.Draw(img), (14, 14), 11, seat, str(seat + 1))
    return img


@lru_cache(maxsize=256)
def _ellipsize(text: str, size: int, width: int) -> str:
    """A panel's name cut to fit, keeping its number (seats named alike stay told apart)."""
    return theme.ellipsize_name(text, size, width, bold=True)


@lru_cache(maxsize=256)
def _fit(text: str, size: int, width: int) -> int:
    return theme.fit_text(text, size, width)


# ---- drawing -----------------------------------------------------------------------------------------


def _name(names: list[str], seat: int, lang: str = "en") -> str:
    return names[seat] if 0 <= seat < len(names) else words.player(lang, seat)


def _status(view: K3View, names: list[str], over: bool = False, lang: str = "en") -> str:
    """The title strip's line, in ``lang``; a finished game says only that (the banner below says how)."""
    phase = view.get("phase")
    if over or phase == "over":
        return words.say(WORDS, lang, "status.over")
    if phase == "base":
        return words.say(WORDS, lang, "status.base")
    if phase == "deal":
        return words.say(WORDS, lang, "status.deal")
    if phase == "build":
        info = view["players_info"]
        ready = sum(1 for p in info if p["state"] in ("built", "hidden"))
        return words.say(WORDS, lang, "status.build", ready=ready, total=len(info))
    steal, taker, to_move = view.get("steal"), view.get("taker"), view.get("to_move")
    if steal is not None and taker is not None:
        return words.say(WORDS, lang, "status.steal", taker=_name(names, taker, lang),
                         penalised=_name(names, steal, lang))
    if to_move is not None:
        return words.say(WORDS, lang, "status.to_move", name=_name(names, to_move, lang))
    return ""


def _draw_mountain(img: Image.Image, view: K3View, lang: str = "en") -> dict[str, tuple]:
    """The mountain's pieces and open slots over the cached empty triangle; returns slot boxes by name."""
    boxes: dict[str, tuple] = {}
    ranks = view.get("mountain") or []
    if not ranks:
        return boxes
    width = len(ranks[-1])
    pitch, step, left, base_top = _mountain_geometry(width, int(view["players"]))
    open_slots = set(view.get("open_slots") or [])
    bw, bh = pitch - 4, step - 4
    players = int(view["players"])
    for i, row in enumerate(reversed(ranks)):  # rank 1 first
        y = base_top - i * step
        x_row = left + i * pitch / 2
        names = [f"{chr(97 + f)}{i + 1}" for f in range(len(row))]
        for f, name in enumerate(names):
            x = x_row + f * pitch
            boxes[name] = (x, y, x + bw, y + bh)
        opened = tuple(name in open_slots for name in names)
        if any(piece is not None for piece in row) or any(opened):
            sprite, origin = _mountain_row(players, width, i, tuple(row), opened, lang)
            img.paste(sprite, origin)
    if view.get("phase") == "play" and not open_slots:  # K3-5.3: only base ends remain
        y = base_top + bh / 2
        _text(img, (left - 26, y), "◀", 22, anchor="mm")
        _text(img, (left + width * pitch + 18, y), "▶", 22, anchor="mm")
    return boxes


@lru_cache(maxsize=64)
def _mountain_row(players: int, width: int, i: int, row: tuple[str | None, ...], opened: tuple[bool, ...],
                  lang: str = "en") -> tuple[Image.Image, tuple[int, int]]:
    """Rank ``i + 1`` of the mountain (its pieces and open slots over the empty slots) as one picture,
    with its top-left on the card: a rank changes only when a piece is placed in it.  Cut from the
    background of ``lang`` (the reader's: the one the picture is drawn on)."""
    pitch, step, left, base_top = _mountain_geometry(width, players)
    bw, bh = pitch - 4, step - 4
    y = base_top - i * step
    x_row = left + i * pitch / 2
    x0, y0 = round(x_row), round(y)
    x1, y1 = round(x_row + (len(row) - 1) * pitch) + int(bw), y0 + int(bh)
    img = _background(players, width, lang).crop((x0, y0, x1, y1))
    for f, piece in enumerate(row):
        if piece is not None:
            _paste(img, piece, x_row + f * pitch, y, bw, bh, "full", (x0, y0))
        elif opened[f]:
            _paste(img, f"{chr(97 + f)}{i + 1}", x_row + f * pitch, y, bw, bh, "open", (x0, y0))
    return img, (x0, y0)


def _draw_spare(img: Image.Image, view: K3View, lang: str = "en") -> None:
    """K3-7.3: the spare white set aside with three players, in the legend cell."""
    if view.get("spare_white") and view.get("phase") in ("build", "play"):
        x0, y0, _, _ = _panel_box(3, 3)
        size, pitch = _legend_layout(lang)
        x, y = x0 + 14 + pitch, y0 + 16 + 3 * 34
        _paste(img, "W", x, y, 32, 26, "full")
        _text(img, (x + 40, y + 13), words.say(WORDS, lang, "spare"), size, anchor="lm")
        _text(img, (x + 40, y + 31), words.say(WORDS, lang, "spare.aside"), 13, DIM_TEXT, anchor="lm")


def _panel_frame(img: Image.Image, box: tuple[int, int, int, int], fill: tuple, outline: tuple | None,
                 width: int) -> None:
    """A player's panel (on the bare card), pasted from a cached picture."""
    img.paste(_frame_sprite(box[2] - box[0], box[3] - box[1], fill, outline, width), box[:2])


def _frame_size(players: int, seat: int) -> tuple[int, int]:
    x0, y0, x1, y1 = _panel_box(players, seat)
    return x1 - x0, y1 - y0


@lru_cache(maxsize=64)
def _frame_sprite(w: int, h: int, fill: tuple, outline: tuple | None, width: int) -> Image.Image:
    img = Image.new("RGB", (w + 1, h + 1), theme.CARD)
    draw = ImageDraw.Draw(img)
    if outline is None:
        draw.rounded_rectangle((0, 0, w, h), radius=10, fill=fill)
    else:
        draw.rounded_rectangle((0, 0, w, h), radius=10, fill=fill, outline=outline, width=width)
    return img


def _draw_panel(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: K3View,
    names: list[str],
    seat: int,
    labels: list[tuple[tuple[float, float], str, int]],
    ending: tuple[list[int], str, list[int] | None] | None = None,
    lang: str = "en",
) -> dict[str, tuple]:
    """One player's panel; returns the boxes of its spots (``"<seat>:<spot>"``) and side (``"<seat>:s"``).

    Spot labels of accessible pieces go to ``labels``: they are written after the highlight boxes.
    ``ending``: the picture's result (``theme.result_of``), whose winners' and leavers' panels say so.
    ``lang``: the language of its words.
    """
    players = view["players"]
    info = view["players_info"][seat]
    state = info["state"]
    box = _panel_box(players, seat)
    x0, y0, x1, y1 = box
    boxes: dict[str, tuple] = {}
    moving = seat in (view.get("actors") or []) and view.get("phase") in ("build", "play")
    penalised = view.get("steal") == seat and ending is None  # a take still owed at the end: nobody will take it
    winner = view.get("phase") == "over" and seat in (view.get("winners") or [])
    left = _left_word(ending, seat, lang)
    if ending is not None and ending[1] in words.LEFT_CODES:  # an ending outside the rules: its winners
        winner = seat in ending[0]
    colour = theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
    if state == "eliminated":
        _panel_frame(img, box, DIM_PANEL, None, 0)
    elif penalised:
        _panel_frame(img, box, theme.PANEL, theme.INK, 4)
    elif moving and view.get("phase") == "play":
        _panel_frame(img, box, theme.PANEL, colour, 4)
    elif winner:
        _panel_frame(img, box, theme.PANEL, theme.GREEN, 4)
    # else: the plain panel, already on the background
    ground = _draw_panel_header(img, view, names, seat, box, moving, penalised, winner, left, lang)
    body_top = y0 + 58
    body_h = y1 - 8 - body_top
    if state == "eliminated":
        _text(img, ((x0 + x1) / 2, body_top + body_h / 2), words.say(WORDS, lang, "eliminated"), 18, fill=DIM_TEXT,
              anchor="mm", bg=ground)
        return boxes
    if state == "undealt":
        return boxes
    if state == "hand" or (state == "hidden" and view["players_info"][seat].get("hand")):
        _draw_hand(img, view, seat, box, body_top, body_h, ground, lang)
        return boxes
    return _draw_panel_pyramid(img, view, seat, box, labels, lang)


def _left_word(ending: tuple[list[int], str, list[int] | None] | None, seat: int, lang: str = "en") -> str:
    """How ``seat`` left a game that ended outside the rules ("resigned", "out of time"; in ``lang``), or ""."""
    if ending is None or ending[1] not in words.LEFT_CODES:
        return ""
    winners, reason, losers = ending
    left = seat in losers if losers is not None else seat not in winners  # as theme.result_banner reads it
    return words.left(lang, reason) if left else ""


def _draw_panel_header(img: Image.Image, view: K3View, names: list[str], seat: int, box: tuple,
                       moving: bool, penalised: bool, winner: bool, left: str = "",
                       lang: str = "en") -> tuple[int, int, int]:
    """A panel's badge, name, piece count and what the player is doing; the colour its texts sit on.
    ``left``: how the player left a game that ended outside the rules ("resigned", "out of time"),
    said in their panel (issue 28, item 14), not only in the banner under the picture."""
    x0, y0, x1, _ = box
    info = view["players_info"][seat]
    state = info["state"]
    img.paste(_badge(seat, DIM_PANEL if state == "eliminated" else theme.PANEL), (x0 + 6, y0 + 6))
    key = ""
    tag_colour = theme.INK
    if left:
        tag_colour = theme.DARK_RED
    elif state == "eliminated":
        key, tag_colour = "tag.out", DIM_TEXT
    elif penalised:
        key, tag_colour = "tag.gives", theme.DARK_RED
    elif view.get("phase") == "play" and moving:
        key = "tag.takes" if view.get("steal") is not None else "tag.to_move"
    elif winner:
        key, tag_colour = "tag.wins", theme.DARK_GREEN
    elif view.get("phase") == "over" and view.get("turn") == seat:  # K3-8.3: the cooperative loss
        key, tag_colour = "tag.stuck", theme.DARK_RED
    elif state == "hand":
        key = "tag.building"
    elif state in ("built", "hidden") and view.get("phase") == "build":
        key = "tag.ready"
    tag = left or (words.say(WORDS, lang, key) if key else "")
    count = info.get("count", 0)
    pieces = "" if state in ("eliminated", "undealt") else words.count(WORDS, lang, "pieces", count)
    name = _ellipsize(_name(names, seat, lang), 17, int(x1 - x0 - 52))
    ground = DIM_PANEL if state == "eliminated" else theme.PANEL  # what the panel's texts sit on
    _text(img, (x0 + 38, y0 + 20), name, 17, fill=DIM_TEXT if state == "eliminated" else theme.INK,
          bold=True, anchor="lm", bg=ground)
    if tag:
        _text(img, (x0 + 14, y0 + 44), tag, 14, fill=tag_colour, bold=True, anchor="lm", bg=ground)
    if pieces:
        _text(img, (x1 - 12, y0 + 44), pieces, 13, fill=DIM_TEXT, anchor="rm", bg=ground)
    return ground


def _draw_hand(img: Image.Image, view: K3View, seat: int, box: tuple, body_top: float, body_h: float,
               ground: tuple[int, int, int], lang: str = "en") -> None:
    """A dealt hand not built yet (K3-3), the viewer's own or another's: the deal is public (K3-10: everyone
    sees who got what), only the pyramid each builds from it is secret until all have built."""
    x0, _, x1, _ = box
    hand = view["players_info"][seat].get("hand") or []
    own = seat == view.get("viewer")
    if view["players_info"][seat].get("state") == "hidden":  # built, hidden until everyone has built
        note = words.say(WORDS, lang, "hand.hidden")
    else:
        note = words.say(WORDS, lang, "hand.own" if own else "hand.other")
    _text(img, (x0 + 12, body_top), note, 13, fill=DIM_TEXT, bg=ground)
    cols = {2: 7, 3: 5, 4: 6}[view["players"]]  # three players: 15 pieces in three rows of 5, 14 px or more on a phone
    cell = min(38.0, (x1 - x0 - 24) / cols)
    for k, letter in enumerate(hand):
        cx = x0 + 12 + (k % cols) * cell
        cy = body_top + 22 + (k // cols) * (cell * 0.8 + 2)
        _paste(img, letter, cx, cy, cell - 3, cell * 0.8 - 2, "full")


def _draw_panel_pyramid(img: Image.Image, view: K3View, seat: int, box: tuple,
                        labels: list[tuple[tuple[float, float], str, int]], lang: str = "en") -> dict[str, tuple]:
    """A built pyramid (or the hidden one's back) and its side pieces; the boxes of its spots and side."""
    players = view["players"]
    info = view["players_info"][seat]
    boxes: dict[str, tuple] = {}
    ranks = info.get("pyramid")
    side = info.get("side") or []
    # a side column is kept in play even when empty, so a side piece just played has a place to be boxed
    reserve = view.get("phase") in ("play", "over")
    b, side_cols, pitch, step, bw, bh, pyr_w, _, px, base_y = _pyramid_geometry(players, box, len(side), reserve)
    ranks_key = None if ranks is None else tuple(tuple(row) for row in ranks)
    accessible = frozenset(info.get("accessible") or [])
    sprite, origin = _pyramid_sprite(players, box, ranks_key, accessible, tuple(side), reserve, lang)
    img.paste(sprite, origin)
    if ranks is not None:
        label = max(theme.MIN_TEXT, int(bh * 0.42))
        for i in range(b):
            rank = i + 1
            y = base_y - i * step
            x_row = px + i * pitch / 2
            for f, piece in enumerate(ranks[b - 1 - i]):
                spot = f"{chr(97 + f)}{rank}"
                x = x_row + f * pitch
                boxes[f"{seat}:{spot}"] = (x, y, x + bw, y + bh)
                if piece is not None and spot in accessible:
                    labels.append(((x + bw / 2, y - 2), spot, label))
    if side_cols:
        sx = px + pyr_w + 10
        top_y = base_y - (b - 1) * step
        rows_used = max(1, min(b, len(side)))
        boxes[f"{seat}:s"] = (sx, top_y, sx + side_cols * pitch * 0.9 - 3, top_y + (rows_used - 1) * step + bh)
    return boxes


def _pyramid_geometry(players: int, box: tuple[int, int, int, int], sides: int,
                      reserve: bool) -> tuple[int, int, float, float, float, float, float, float, float, float]:
    """(base, side columns, pitch, row step, brick w, brick h, pyramid w, group w, left x, base row y)."""
    x0, y0, x1, y1 = box
    body_top = y0 + 58
    body_h = y1 - 8 - body_top
    b = {2: 6, 3: 5, 4: 4}[players]
    side_cols = max(1 if reserve else 0, (sides + b - 1) // b)
    avail_w = x1 - x0 - 24 - (10 if side_cols else 0)
    pitch = min(56.0, (body_h - 14) / (b * 0.78), avail_w / (b + side_cols * 0.9))
    step = pitch * 0.78
    bw, bh = pitch - 3, step - 3
    pyr_w = b * pitch
    group_w = pyr_w + (10 + side_cols * pitch * 0.9 if side_cols else 0)
    px = (x0 + x1) / 2 - group_w / 2
    base_y = y1 - 10 - bh
    return b, side_cols, pitch, step, bw, bh, pyr_w, group_w, px, base_y


@lru_cache(maxsize=32)
def _pyramid_sprite(players: int, box: tuple[int, int, int, int], ranks: tuple[tuple[str | None, ...], ...] | None,
                    accessible: frozenset[str], side: tuple[str, ...], reserve: bool,
                    lang: str = "en") -> tuple[Image.Image, tuple[int, int]]:
    """A pyramid and its side column (its word "side" in ``lang``) on the panel's colour, with its top-left on
    the card: pasted whole, as a pyramid changes only when its owner plays from it or takes a piece."""
    b, side_cols, pitch, step, bw, bh, pyr_w, group_w, px, base_y = _pyramid_geometry(players, box, len(side),
                                                                                      reserve)
    top_y = base_y - (b - 1) * step
    origin = (math.floor(px) - 2, math.floor(top_y) - 16)
    img = Image.new("RGB", (math.ceil(px + group_w) + 3 - origin[0], math.ceil(base_y + bh) + 2 - origin[1]),
                    theme.PANEL)
    if ranks is None:  # hidden while building (K3-10): a blank pyramid
        for i in range(b):
            for f in range(b - i):
                _paste(img, "", px + i * pitch / 2 + f * pitch, base_y - i * step, bw, bh, "hidden", origin)
    else:
        for i in range(b):
            row = ranks[b - 1 - i]
            styles = tuple("top" if f"{chr(97 + f)}{i + 1}" in accessible else "faded" for f in range(len(row)))
            if any(piece is not None for piece in row):
                sprite, mask, at = _pyramid_row(players, box, len(side), reserve, i, row, styles)
                img.paste(sprite, (at[0] - origin[0], at[1] - origin[1]), mask)
    if side_cols:
        sx = px + pyr_w + 10
        _text(img, (sx + bw * 0.45, top_y - SIDE_LIFT), words.say(WORDS, lang, "side"), 13, fill=DIM_TEXT, anchor="md",
              origin=origin)
        if not side:
            _paste(img, "", sx, top_y, bw * 0.9, bh, "empty", origin)
        for k, letter in enumerate(side):
            col, row_i = divmod(k, b)
            _paste(img, letter, sx + col * (pitch * 0.9), top_y + row_i * step, bw * 0.9, bh, "top", origin)
    return img, origin


@lru_cache(maxsize=256)
def _pyramid_row(players: int, box: tuple[int, int, int, int], sides: int, reserve: bool, i: int,
                 row: tuple[str | None, ...],
                 styles: tuple[str, ...]) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """Rank ``i + 1`` of a pyramid as one picture and its bilevel mask (set on the bricks), with its
    top-left on the card: playing a piece changes one rank, not the whole pyramid."""
    _, _, pitch, step, bw, bh, _, _, px, base_y = _pyramid_geometry(players, box, sides, reserve)
    y = base_y - i * step
    x_row = px + i * pitch / 2
    x0, y0 = round(x_row), round(y)
    size = (round(x_row + (len(row) - 1) * pitch) + int(bw) - x0, int(bh))
    img, mask = Image.new("RGB", size, theme.PANEL), Image.new("1", size, 0)
    for f, piece in enumerate(row):
        if piece is not None:
            sprite, shape = _sprite(piece, int(bw), int(bh), styles[f])
            at = (round(x_row + f * pitch) - x0, round(y) - y0)
            img.paste(sprite, at, shape)
            mask.paste(1, at, shape)
    return img, mask, (x0, y0)


def draw(view: K3View, names: list[str], result: dict[str, Any] | None = None,
         previous: K3View | None = None, lang: str = "en") -> Image.Image:
    """The picture of a K3 view (never the true state): title, mountain, one panel per seat, footer; its words
    in ``lang``."""
    players = int(view["players"])
    ranks = view.get("mountain") or []
    phase = view.get("phase")
    blocks, extra = theme.lay_out_notes(WIDTH, _notes(view, names, result, previous, lang))
    background = _background(players, len(ranks[-1]) if ranks else 0, lang)
    img = theme.grown(background, extra).copy()
    canvas = ImageDraw.Draw(img)
    to_move: Any = view.get("actors") if phase == "build" else view.get("to_move")
    if to_move is not None and not isinstance(to_move, list) and to_move < 0:
        to_move = None
    if view.get("viewer") is not None and phase == "build":
        to_move = [s for s in (to_move or []) if s == view["viewer"]] or None
    title = words.say(WORDS, lang, "title.cooperative" if (view.get("options") or {}).get("cooperative") else "title")
    moving = tuple(to_move) if isinstance(to_move, list) else to_move
    ending = theme.result_of(view, result)
    over = ending is not None
    if over:
        moving = None
    top = theme.paste_title_strip(img, title, names[:players], moving, status=_status(view, names, over, lang),
                                  chip_rows=chip_rows(players))
    assert top <= mountain_top(players)
    boxes = _draw_mountain(img, view, lang)
    if players == 3:
        _draw_spare(img, view, lang)
    labels: list[tuple[tuple[float, float], str, int]] = []
    for seat in range(players):
        boxes.update(_draw_panel(img, canvas, view, names, seat, labels, ending, lang))
    rings = []
    # the last move's slots and spots, and a lesson's marks (theme.lesson_marks): rings alike (no arrows)
    ringed = list(dict.fromkeys([*(view.get("highlight") or []), *theme.lesson_marks(view)]))
    for name in ringed:
        if name in boxes:
            x0, y0, x1, y1 = boxes[name]
            theme.highlight_box(canvas, (x0 - 1, y0 - 1, x1 + 1, y1 + 1), width=3)
            rings.append(_ring(boxes[name]))
    panel_ink = canvas.draw.draw_ink(theme.PANEL)
    placed = _place_labels(labels, rings)
    for (_, text, size), ((x, y), (x0, y0, x1, y1)) in zip(labels, placed, strict=True):
        # on a small pill (the panel's colour), set beside any highlight ring (_place_labels)
        pill = _pill(round(x1) - round(x0), round(y1) - round(y0), min(x1 - x0, y1 - y0, 8))
        canvas.draw.draw_bitmap((round(x0), round(y0)), pill, panel_ink)
        _text(img, (x, y), text, size, fill=theme.INK, anchor="md", bg=theme.PANEL)
    if _DRAWN is not None:
        _DRAWN["highlights"] += [(name, ring) for name, ring in zip(
            [n for n in ringed if n in boxes], rings, strict=True)]
        _DRAWN["texts"] += [(text, box) for (_, text, _), (_, box) in zip(labels, placed, strict=True)]
        _DRAWN["texts"] += _fixed_texts(view, boxes, lang)
    theme.paint_notes(img, background.height - theme.FRAME_WIDTH - 14, blocks)
    return img


def _fixed_texts(view: K3View, boxes: dict[str, tuple], lang: str = "en") -> list[tuple[str, Box]]:
    """The ink boxes of the coordinate labels drawn in cached layers: the mountain's rank numbers and
    file letters (``_background``) and each side column's "side" (``_pyramid_sprite``, in ``lang``)."""
    players = int(view["players"])
    ranks = view.get("mountain") or []
    texts: list[tuple[str, Box]] = []
    if ranks:
        width = len(ranks[-1])
        pitch, step, left, base_top = _mountain_geometry(width, players)
        bw, bh = pitch - 4, step - 4
        for r in range(width):
            xy = (left + r * pitch / 2 - 8, base_top - r * step + bh / 2)
            texts.append((str(r + 1), _ink_box(xy, str(r + 1), 13, "rm")))
        for f in range(width):
            xy = (left + f * pitch + bw / 2, base_top + bh + 3)
            texts.append((chr(97 + f), _ink_box(xy, chr(97 + f), 13, "ma")))
    for seat, info in enumerate(view.get("players_info") or []):
        if info.get("state") in ("eliminated", "undealt", "hand"):
            continue
        reserve = view.get("phase") in ("play", "over")
        b, side_cols, pitch, step, bw, bh, pyr_w, _, px, base_y = _pyramid_geometry(
            players, _panel_box(players, seat), len(info.get("side") or []), reserve)
        if side_cols:
            xy = (px + pyr_w + 10 + bw * 0.45, base_y - (b - 1) * step - SIDE_LIFT)
            texts.append((f"{seat}:side", _ink_box(xy, words.say(WORDS, lang, "side"), 13, "md")))
    return texts


def _notes(view: K3View, names: list[str], result: dict[str, Any] | None,
           previous: K3View | None, lang: str = "en") -> list[tuple[str, str]]:
    """Under the picture, in ``lang``: the last move in words, the result, options that differ from the
    defaults, whose private view this is."""
    players = int(view["players"])
    phase = view.get("phase")
    notes = [("caption", caption(view, names, previous, lang))]
    ending = theme.result_of(view, result)
    if ending is not None:
        winners, reason, losers = ending
        said = why(lang)
        turn = view.get("turn")
        if reason == "no legal action" and turn is not None:  # K3-8.3, with the player's name
            said[reason] = words.say(WORDS, lang, "why.stuck", name=_name(names, turn, lang))
        banner = theme.result_banner(names[:players], winners, reason, said, losers, lang=lang)
        cooperative = bool((view.get("options") or {}).get("cooperative"))
        if not winners and cooperative and reason not in ("abort", "aborted", "abandoned"):
            # K3-8.3: the whole team loses together, no draw: a player stuck, or one who left ("Ben resigned")
            banner = words.say(WORDS, lang, "everyone_loses",
                               why=theme.ending_why(names[:players], winners, reason, said, losers, lang))
        notes.append(("banner", banner))
    bits = []
    options = view.get("options") or {}
    if options.get("penalty_requires_match"):
        bits.append(words.say(WORDS, lang, "hint.match"))
    if options.get("thief") == "next":
        bits.append(words.say(WORDS, lang, "hint.thief"))
    viewer = view.get("viewer")
    if phase == "build":
        bits.append(words.say(WORDS, lang, "hint.private", name=_name(names, viewer, lang)) if viewer is not None
                    else words.say(WORDS, lang, "hint.hidden"))
    if bits:
        notes.append(("hint", " · ".join(bits)))
    return notes


def _active_before(view: K3View, seat: int) -> int:
    """The nearest seat still in the game before ``seat`` in seat order."""
    info = view.get("players_info") or []
    n = int(view["players"])
    for k in range(1, n + 1):
        other = (seat - k) % n
        if other < len(info) and info[other].get("state") != "eliminated":
            return other
    return (seat - 1) % n


def _supports(view: K3View, slot: str) -> tuple[str, str] | None:
    """The letters under a mountain slot (K3-4.1: c2 rests on c1 and d1)."""
    ranks = view.get("mountain") or []
    try:
        f, r = ord(slot[0]) - 97, int(slot[1:])
        below = ranks[len(ranks) - r + 1]
        return str(below[f]), str(below[f + 1])
    except (IndexError, ValueError, TypeError):
        return None


def caption(view: K3View, names: list[str], previous: K3View | None = None, lang: str = "en") -> str:
    """The last move in words, in ``lang``, with the reason of a penalty (K3-6.1) and of a steal (K3-6.3)."""
    last = str(view.get("last_move") or "")
    if not last:
        return ""
    if last.startswith("base:"):
        return words.say(WORDS, lang, "caption.base")
    if last.startswith("deal:"):
        return words.say(WORDS, lang, "caption.deal")
    if last.startswith("build:"):
        seat = int(last.split(":")[1])
        return words.say(WORDS, lang, "caption.build", name=_name(names, seat, lang))
    to_move = view.get("to_move")
    steal = view.get("steal")
    moved = None if previous is None else previous.get("to_move")  # who was to move before
    if isinstance(moved, int) and moved >= 0:
        mover = int(moved)
    elif steal is not None:
        mover = int(steal)  # the penalised player made the last placement
    elif isinstance(to_move, int) and to_move >= 0:
        mover = _active_before(view, to_move)
    else:
        mover = -1
    who = _name(names, mover, lang) if mover >= 0 else words.say(WORDS, lang, "caption.someone")
    letter = last[0]
    if letter == "x":  # a steal: the taker took a piece of the penalised player
        src = last[2:]
        penalised = None if previous is None else previous.get("steal")
        if penalised is not None:
            victim = int(penalised)
        elif isinstance(to_move, int) and to_move >= 0:
            victim = _active_before(view, to_move) if int(view["players"]) > 2 else 1 - to_move
        else:
            victim = -1
        # the victim's bare name ("Cy", never "Cy (resigned)'s"): theme.bare_name
        key = "caption.steal" + ("" if victim >= 0 else "_anon") + ("_side" if src == "s" else "")
        return words.say(WORDS, lang, key, who=who, piece=last[1], spot=src,
                         victim=theme.bare_name(_name(names, victim, lang)))
    src, _, slot = last[1:].partition("-")
    side = "_side" if src == "s" else ""
    if letter == "W" and not slot:
        return words.say(WORDS, lang, "caption.pass" + side, who=who, spot=src)
    if slot in ("<", ">"):
        return words.say(WORDS, lang, "caption.end_left" if slot == "<" else "caption.end_right", who=who,
                         piece=letter)
    text = words.say(WORDS, lang, "caption.place" + side, who=who, piece=letter, spot=src, slot=slot)
    if steal is not None:
        supports = _supports(view, slot)
        taker = view.get("taker")
        if supports:
            text = words.say(WORDS, lang, "caption.penalised_on", placed=text, left=supports[0], right=supports[1])
        else:
            text = words.say(WORDS, lang, "caption.penalised", placed=text)
        if taker is not None:
            text = words.say(WORDS, lang, "caption.so_takes", said=text, taker=_name(names, int(taker), lang))
    return text


def board_key(view: K3View) -> Any:
    """What a replay frame must change (render.replay_frames): every ply does."""
    return view.get("ply"), view.get("last_move"), view.get("phase")
