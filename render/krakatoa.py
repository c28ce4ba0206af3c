"""The Krakatoa picture: nine dice and the score sheet, drawn from ``engines.krakatoa``'s view only.

What a player must read at a glance, and how:
- the nine dice in three labelled rows, Steam / Ash / Lava, with their body colours (white, grey,
  black); each die shows its colour as a big pip that also has its own *shape and letter*
  (yellow disc "Y", red square "R", blue diamond "B") so colour-blind players read it too, and
  its name under it (``s1`` ... ``l3``, KR-1.2), as aims are written (issue 28, item 8: a player
  told to ``aim l3 soft`` finds l3 on the picture; the set being thrown, no target, muted);
- the dice that changed colour in the last throw are boxed in yellow (and so are the dice a
  lesson step marks, its ``marks``), the set(s) just rolled are tagged "rolled", and a
  pending aimed throw shows its target with a crosshair;
- each set's points and class (Volcano, Deuce, Bust) beside its row;
- the score sheet: one column per side, rounds 1-6 by throws 1-5 (marks as x2 / x4 tints,
  scratches crossed out, the throw at hand outlined), the shared bonus boxes, pending marks and
  the totals;
- whose throw and which one in the title strip and the status panel, a scratch as a red banner,
  the bonuses just earned as chips.

- under the picture, the last throw and its score in words, and at the end the result banner.

Issue 16 (a phone shows the picture 400 px wide): 560 px wide, portrait (dice, then the throw's
panel, then the sheet); the basic preset (KR-7.1: no bonuses) shows no marks, bonus boxes or "Next"
row.

Static parts (card, panels, row labels, the sheet grid for a number of sides) and the die
sprites are cached; only theme colours (and their 0.2-step blends) are used.

Every word drawn is the reader's language's (``lang``, English or Spanish): the catalogue ``WORDS`` holds them,
as the messages say them (Vapor, Ceniza, Lava; Volcán, Doble, Nada; Terremoto pequeño ...), and every cached
part that holds words is cached by language.  The moves' notation ("aim l1 soft", s1 ... l3, YYB, x2) is
the same in every language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from render import theme, words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.krakatoa import KrakatoaThrowoffEntry, KrakatoaView

WIDTH = 560
TOP = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 8
#: replay pace (render.replay): one frame per throw decision that changes the board, shown briefly
REPLAY_FRAME_MS = 600

SETS = ("s", "a", "l")
BODY = {"s": theme.WHITE, "a": theme.GREY, "l": theme.INK}
DOT = {"Y": theme.YELLOW, "R": theme.VERMILLION, "B": theme.BLUE}
DOT_TEXT = {"Y": theme.INK, "R": theme.WHITE, "B": theme.WHITE}
MARK_WORD = {0: "", 1: "x2", 2: "x4"}
MARK_FILL = {1: theme.mix(theme.ORANGE, theme.CARD, 0.6), 2: theme.mix(theme.ORANGE, theme.CARD, 0.2)}
SOFT_PANEL = theme.mix(theme.PANEL, theme.CARD, 0.4)
ROW_FILL = (theme.mix(theme.PANEL, theme.WHITE, 0.6), theme.WHITE)  # sheet rows, alternating

#: every word the picture draws, in English and Spanish (``render.words``): the set names, classes, bonuses and
#: throws as the messages say them (``tables.i18n``: ``term.krakatoa.*``, ``event.krakatoa.*``, ``picture.krakatoa.*``)
WORDS: words.Catalog = {
    "en": {
        # the three sets (KR-1.1) and their dice
        "set.s": "Steam",
        "set.a": "Ash",
        "set.l": "Lava",
        "dice.s": "white dice",
        "dice.a": "grey dice",
        "dice.l": "black dice",
        "dice.rolled": "rolled",
        "dice.thrown_now": "thrown now",
        # a set's class (KR-2.2) and the table of them under the info panel
        "class.Volcano": "Volcano",
        "class.Deuce": "Deuce",
        "class.Bust": "Bust",
        "legend.volcano": "Volcano  YYY 10 · RRR 5 · BBB 3",
        "legend.deuce": "Deuce  YYB 2 · YYR 2 · YRR 1 · others Bust 0",
        # the score sheet's row labels and a partnership's column
        "sheet.round": "R{round}",
        "sheet.box": "Box",
        "sheet.next": "Next",
        "sheet.total": "Total",
        "sheet.partner": "{name} &",
        "team": "Team {n}: {names}",
        # the title strip's status
        "stage.over": "Game over",
        "stage.basic": "{stage} · basic",
        "stage.throwoff": "Throw-off",
        "stage.bonus": "Round 6 · bonus box {box}",
        "stage.throw": "Round {round} of 6 · throw {throw} of 5",
        "stage.throw_set": "Round {round} of 6 · throw {throw} of 5 ({set})",
        # what happens next, under the picture
        "awaited.over": "Game over: {result}",
        "awaited.set_throwoff": "{who}: pick a set for the throw-off",
        "awaited.set": "{who}: pick a set to throw",
        "awaited.throw": "{who}: throw all nine dice",
        "awaited.keep": "{who}: keep or rethrow all nine",
        "awaited.aim": "{who}: aim {set} at a table die (soft or hard)",
        "awaited.rolling": "{who}: the nine dice are rolling",
        "awaited.rolling_again": "{who}: the nine dice are rolling again",
        "awaited.thrown": "{who}: {set} thrown {force} at {die}",
        "awaited.set_rolling": "{who}: {set} is rolling",
        "force.soft": "soft",
        "force.hard": "hard",
        # the result
        "result.wins": "{who} wins with {best}",
        "result.win": "{who} win with {best}",
        "result.share": "{who} share the win at {best}",
        "why.highest_total": "the highest total, {best}",
        "why.tied": "tied at {best}",
        # the caption: the last throw and its score
        "caption.throw": "throw {throw}",
        "caption.box": "bonus box {box}",
        "caption.where": "round {round} {label}",
        "caption.scratch": "{who}, {where}: scratch, no table die struck: 0 points (KR-4)",
        "caption.points": "{who}, {where}: {n} point|{who}, {where}: {n} points",
        "caption.points_marked": "{who}, {where}: {n} point ({raw} x{x})|{who}, {where}: {n} points ({raw} x{x})",
        # the caption before a throw is scored: the last move in words
        "face.Y": "yellow",
        "face.R": "red",
        "face.B": "blue",
        "move.throwoff": "{name}'s throw-off: {set}, {faces}, {n} point|{name}'s throw-off: {set}, {faces}, {n} points",
        "move.threw_all": "{who} threw all nine: {n} point if kept|{who} threw all nine: {n} points if kept",
        "move.picked": "{who} picked {set}",
        "move.picked_throwoff": "{who} picked {set} for the throw-off",
        "move.aims": "{who} aims {set} at {die} ({force})",
        "move.a_set": "a set",
        "move.throw": "{who} throws all nine dice",
        "move.rethrow": "{who} rethrows all nine dice",
        "move.keep": "{who} keeps the roll",
        "move.other": "{who} {move}",
        # the info panel
        "info.marks": "Marks on this throw: {marks}",
        "marks.0": "none",
        "marks.1": "x (x2)",
        "marks.2": "xx (x4)",
        "info.head_throw": "{name}: throw {throw} of 5",
        "info.head_box": "{name}: bonus box {box} ({left} left)",
        "info.boxes_left": "Bonus boxes left: {left} of 3",
        "info.basic": "Basic game: no bonuses",
        "info.auto": "Auto would play: {move}",
        "info.keep": "This roll scores {n} if kept",
        "info.keep_marked": "This roll scores {n} if kept (raw {raw} x{x})",
        "info.throw": "throw {throw}",
        "info.box": "box {box}",
        "info.scratch": "SCRATCH: no table die struck",
        "info.scratch_who": "{name}, {label}: 0 points",
        "info.scratch_who_marks": "{name}, {label}: 0 points, marks used up",
        "info.last": "Last: {name}, {label}: {n} point|Last: {name}, {label}: {n} points",
        "info.last_marked": "Last: {name}, {label}: {n} point (raw {raw} x{x})|"
                            "Last: {name}, {label}: {n} points (raw {raw} x{x})",
        # the bonuses (KR-3), as ``event.krakatoa.*`` names them
        "bonus.Little Quake": "Little Quake",
        "bonus.Big Quake": "Big Quake",
        "bonus.Little Rumble": "Little Rumble",
        "bonus.Big Rumble": "Big Rumble",
        "bonus.Little Eruption": "Little Eruption",
        "bonus.Big Eruption": "Big Eruption",
        # the throw-off (KR-4)
        "throwoff.title": "Throw-off (one set each; highest starts)",
        "throwoff.row": "{name}: {state}",
        "throwoff.to_throw": "to throw",
        "throwoff.to_throw_again": "to throw again",
        "throwoff.out": "out",
        "throwoff.threw": "{set} {faces}: {points}",
        "throwoff.starts": "{name} starts round 1",
    },
    "es": {
        "set.s": "Vapor",
        "set.a": "Ceniza",
        "set.l": "Lava",
        "dice.s": "dados blancos",
        "dice.a": "dados grises",
        "dice.l": "dados negros",
        "dice.rolled": "lanzados",
        "dice.thrown_now": "se lanzan",
        "class.Volcano": "Volcán",
        "class.Deuce": "Doble",
        "class.Bust": "Nada",
        "legend.volcano": "Volcán  YYY 10 · RRR 5 · BBB 3",
        "legend.deuce": "Doble  YYB 2 · YYR 2 · YRR 1 · resto Nada 0",
        "sheet.round": "R{round}",
        "sheet.box": "Caja",
        "sheet.next": "Sig.",
        "sheet.total": "Total",
        "sheet.partner": "{name} y",
        "team": "Equipo {n}: {names}",
        "stage.over": "Fin de la partida",
        "stage.basic": "{stage} · básico",
        "stage.throwoff": "Sorteo",
        "stage.bonus": "Ronda 6 · caja de bonificación {box}",
        "stage.throw": "Ronda {round} de 6 · lanzamiento {throw} de 5",
        "stage.throw_set": "Ronda {round} de 6 · lanzamiento {throw} de 5 ({set})",
        "awaited.over": "Fin de la partida: {result}",
        "awaited.set_throwoff": "{who}: elige un juego para el sorteo",
        "awaited.set": "{who}: elige qué juego lanzar",
        "awaited.throw": "{who}: lanza los nueve dados",
        "awaited.keep": "{who}: quédate los nueve o vuelve a lanzarlos",
        "awaited.aim": "{who}: apunta con {set} a un dado de la mesa (suave o fuerte)",
        "awaited.rolling": "{who}: ruedan los nueve dados",
        "awaited.rolling_again": "{who}: los nueve dados ruedan otra vez",
        "awaited.thrown": "{who}: tiro {force} de {set} a {die}",
        "awaited.set_rolling": "{who}: {set} está rodando",
        "force.soft": "suave",
        "force.hard": "fuerte",
        "result.wins": "{who} gana con {best}",
        "result.win": "{who} ganan con {best}",
        "result.share": "{who} comparten la victoria con {best}",
        "why.highest_total": "el total más alto, {best}",
        "why.tied": "empate a {best}",
        "caption.throw": "lanzamiento {throw}",
        "caption.box": "caja de bonificación {box}",
        "caption.where": "ronda {round}, {label}",
        "caption.scratch": "{who}, {where}: fallo, no tocó ningún dado de la mesa: 0 puntos (KR-4)",
        "caption.points": "{who}, {where}: {n} punto|{who}, {where}: {n} puntos",
        "caption.points_marked": "{who}, {where}: {n} punto ({raw} x{x})|{who}, {where}: {n} puntos ({raw} x{x})",
        "face.Y": "amarillo",
        "face.R": "rojo",
        "face.B": "azul",
        "move.throwoff": "Sorteo de {name}: {set}, {faces}, {n} punto|Sorteo de {name}: {set}, {faces}, {n} puntos",
        "move.threw_all": "{who} lanzó los nueve: {n} punto si se los queda|"
                          "{who} lanzó los nueve: {n} puntos si se los queda",
        "move.picked": "{who} eligió {set}",
        "move.picked_throwoff": "{who} eligió {set} para el sorteo",
        "move.aims": "{who} apunta con {set} a {die} ({force})",
        "move.a_set": "un juego",
        "move.throw": "{who} lanza los nueve dados",
        "move.rethrow": "{who} vuelve a lanzar los nueve dados",
        "move.keep": "{who} se queda con la tirada",
        "move.other": "{who} {move}",
        "info.marks": "Marcas en este lanzamiento: {marks}",
        "marks.0": "ninguna",
        "marks.1": "x (x2)",
        "marks.2": "xx (x4)",
        "info.head_throw": "{name}: lanzamiento {throw} de 5",
        "info.head_box": "{name}: caja {box} (quedan {left})",
        "info.boxes_left": "Cajas de bonificación que quedan: {left} de 3",
        "info.basic": "Juego básico: sin bonificaciones",
        "info.auto": "Auto jugaría: {move}",
        "info.keep": "Esta tirada vale {n} si se la queda",
        "info.keep_marked": "Esta tirada vale {n} si se la queda (base {raw} x{x})",
        "info.throw": "lanzamiento {throw}",
        "info.box": "caja {box}",
        "info.scratch": "FALLO: no tocó ningún dado de la mesa",
        "info.scratch_who": "{name}, {label}: 0 puntos",
        "info.scratch_who_marks": "{name}, {label}: 0 puntos, marcas gastadas",
        "info.last": "Último: {name}, {label}: {n} punto|Último: {name}, {label}: {n} puntos",
        "info.last_marked": "Último: {name}, {label}: {n} punto (base {raw} x{x})|"
                            "Último: {name}, {label}: {n} puntos (base {raw} x{x})",
        "bonus.Little Quake": "Terremoto pequeño",
        "bonus.Big Quake": "Terremoto grande",
        "bonus.Little Rumble": "Temblor pequeño",
        "bonus.Big Rumble": "Temblor grande",
        "bonus.Little Eruption": "Erupción pequeña",
        "bonus.Big Eruption": "Erupción grande",
        "throwoff.title": "Sorteo (un juego cada uno; empieza el mejor)",
        "throwoff.row": "{name}: {state}",
        "throwoff.to_throw": "por lanzar",
        "throwoff.to_throw_again": "otra vez a lanzar",
        "throwoff.out": "fuera",
        "throwoff.threw": "{set} {faces}: {points}",
        "throwoff.starts": "{name} empieza la ronda 1",
    },
}


def say(lang: str, key: str, **params: object) -> str:
    """``key``'s words in ``lang`` (this picture's catalogue)."""
    return words.say(WORDS, lang, key, **params)


def set_title(lang: str, x: str) -> str:
    """A set's name ("Steam", "Vapor") from its letter, ``s``, ``a`` or ``l``."""
    return say(lang, f"set.{x}")

# dice panel
DICE_X0, DICE_X1 = 22, WIDTH - 22
#: a set's row: its dice, and under each die its name (KR-1.2), which aims and ``auto`` use
ROW_H = 102
DIE = 62
#: how far below a die's top its name is centred: clear of a changed die's box and of the crosshair
NAME_DY = DIE + 18
DIE_GAP = 10
DIE_X = DICE_X0 + 136
RESULT_X = DIE_X + 3 * DIE + 2 * DIE_GAP + 14
DICE_Y0 = TOP + 4
INFO_Y0 = DICE_Y0 + 3 * ROW_H + 16
INFO_H = 196

# sheet panel, under the others
SHEET_X0, SHEET_X1 = DICE_X0, DICE_X1
SHEET_Y0 = INFO_Y0 + INFO_H + 10
LABEL_W = 40
#: the sheet's header: each side's badge(s) and name, on two lines where one would cut it
HEAD_H = 46
SUB_H = 22
RND_H = 48
TOTAL_H = 44
#: the advanced preset's rows (KR-3, KR-5): bonus boxes and the marks to come; none in basic
ADVANCED_ROWS = {"Box": 44, "Next": 30}


def _rows(advanced: bool) -> tuple[int, int, int, int]:
    """(y of round 1, y of the Box row, y of the Next row, y of the Total row)."""
    y_rounds = SHEET_Y0 + HEAD_H + SUB_H
    y_box = y_rounds + 6 * RND_H
    y_next = y_box + (ADVANCED_ROWS["Box"] if advanced else 0)
    y_tot = y_next + (ADVANCED_ROWS["Next"] if advanced else 0)
    return y_rounds, y_box, y_next, y_tot


def _height(advanced: bool) -> int:
    return _rows(advanced)[3] + TOTAL_H + 10 + theme.FRAME_WIDTH + 14


def chip_rows(players: int) -> int:
    """The title strip's rows of player chips: three or four players in two rows, so each name and
    score has half the strip (issue 28, item 10: in one row of four, names were cut to "Mesa (nor…"
    and the scores dropped)."""
    return 2 if players >= 3 else 1


def lowered_by(players: int) -> int:
    """How far everything under the title strip sits lower than the constants here say: the rows
    the title strip's second row of chips takes."""
    return theme.title_height(chip_rows(players)) - theme.TITLE_HEIGHT


def die_xy(set_index: int, die_index: int, players: int = 2) -> tuple[int, int]:
    """Top-left pixel of a die (set 0-2 = Steam, Ash, Lava; die 0-2 in the sorted set) in a picture
    of ``players`` seats."""
    return DIE_X + die_index * (DIE + DIE_GAP), DICE_Y0 + 13 + set_index * ROW_H + lowered_by(players)


@lru_cache(maxsize=32)
def die_sprite(body: str, colour: str | None) -> Image.Image:
    """One die: a rounded body in its set's colour with a shaped, lettered pip (None: not on the
    table, drawn as an empty dashed slot)."""
    img = Image.new("RGB", (DIE, DIE), theme.PANEL)
    d = ImageDraw.Draw(img)
    if colour is None:
        d.rounded_rectangle((2, 2, DIE - 3, DIE - 3), radius=12, fill=SOFT_PANEL, outline=theme.LIGHT_GREY, width=2)
        theme.draw_text(d, (DIE / 2, DIE / 2), "–", 24, fill=theme.MUTED, anchor="mm", symbol=True)
        return img
    fill = BODY[body]
    edge = theme.INK if body != "l" else theme.mix(theme.INK, theme.WHITE, 0.4)
    d.rounded_rectangle((2, 2, DIE - 3, DIE - 3), radius=12, fill=fill, outline=edge, width=3)
    c = DIE / 2
    r = 19
    pip = DOT[colour]
    outline = theme.INK if body != "l" else theme.WHITE
    # the face: the die's edge sets it off from the panel, the pip's outline from the die's body
    theme.note_face(None, (2, 2, DIE - 3, DIE - 3), edge, what=f"{body} die", ground=theme.PANEL)
    theme.note_face(None, (c - r, c - r, c + r, c + r), outline, what=f"{colour} pip", ground=fill)
    if colour == "Y":
        d.ellipse((c - r, c - r, c + r, c + r), fill=pip, outline=outline, width=2)
    elif colour == "R":
        s = r * 0.86
        d.rectangle((c - s, c - s, c + s, c + s), fill=pip, outline=outline, width=2)
    else:
        s = r * 1.18
        d.polygon([(c, c - s), (c + s, c), (c, c + s), (c - s, c)], fill=pip, outline=outline, width=2)
    theme.draw_text(d, (c, c + 1), colour, 20, fill=DOT_TEXT[colour], bold=True, anchor="mm", symbol=True)
    return img


#: how far the last-move box round a die reaches past it
BOX_PAD = 4


@lru_cache(maxsize=32)
def _boxed_die_sprite(body: str, colour: str | None) -> Image.Image:
    """A die that changed in the last throw, inside its yellow box (theme.highlight_box), on the
    dice panel: the box's rounded corners need the panel colour round them."""
    img = Image.new("RGB", (DIE + 2 * BOX_PAD, DIE + 2 * BOX_PAD), theme.PANEL)
    img.paste(die_sprite(body, colour), (BOX_PAD, BOX_PAD))
    p = BOX_PAD
    theme.highlight_box(ImageDraw.Draw(img), (p - 2, p - 2, p + DIE + 1, p + DIE + 1), width=4)
    return img


@lru_cache(maxsize=16)
def _background(sides: int, advanced: bool, lang: str = "en") -> Image.Image:
    """Card, the dice panel with its row labels, the sheet grid for ``sides`` columns (with the
    advanced preset's rows only when it is played), its words in ``lang``."""
    height = _height(advanced)
    img, d = theme.canvas(WIDTH, height)
    # dice panel
    d.rounded_rectangle((DICE_X0, DICE_Y0, DICE_X1, DICE_Y0 + 3 * ROW_H + 6), radius=12, fill=theme.PANEL)
    for j, x in enumerate(SETS):
        y = DICE_Y0 + 13 + j * ROW_H
        d.rounded_rectangle((DICE_X0 + 12, y + 6, DICE_X0 + 36, y + 30), radius=6, fill=BODY[x], outline=theme.INK,
                            width=2)
        theme.draw_text(d, (DICE_X0 + 42, y + 18), set_title(lang, x), 17, bold=True, anchor="lm")
        theme.draw_text(d, (DICE_X0 + 12, y + 44), say(lang, f"dice.{x}"), 14, fill=theme.MUTED, anchor="lm")
        if j:
            d.line((DICE_X0 + 10, y - 9, DICE_X1 - 10, y - 9), fill=theme.mix(theme.PANEL, theme.INK, 0.2), width=1)
    # info panel, with the set table (KR-2.2) as a reminder at its foot
    foot = INFO_Y0 + INFO_H
    d.rounded_rectangle((DICE_X0, INFO_Y0, DICE_X1, foot), radius=12, fill=SOFT_PANEL)
    d.line((DICE_X0 + 12, foot - 56, DICE_X1 - 12, foot - 56), fill=theme.LIGHT_GREY, width=1)
    # 15 px, bold: at 14 px "BBB 3" read "DDD 3" on a phone (400 px wide)
    theme.draw_text(d, (DICE_X0 + 14, foot - 49), say(lang, "legend.volcano"), 15, bold=True, fill=theme.INK)
    theme.draw_text(d, (DICE_X0 + 14, foot - 26), say(lang, "legend.deuce"), 15, bold=True, fill=theme.INK)
    # sheet
    x0, x1 = SHEET_X0, SHEET_X1
    y_rounds, y_box, y_next, y_tot = _rows(advanced)
    d.rounded_rectangle((x0, SHEET_Y0, x1, y_tot + TOTAL_H + 4), radius=12, fill=theme.WHITE,
                        outline=theme.LIGHT_GREY, width=2)
    col_w = (x1 - x0 - LABEL_W - 8) / sides
    for rnd in range(6):
        ry = y_rounds + rnd * RND_H
        if rnd % 2 == 0:
            d.rectangle((x0 + 4, ry, x1 - 4, ry + RND_H - 1), fill=ROW_FILL[0])
        theme.draw_text(d, (x0 + 8, ry + RND_H / 2), say(lang, "sheet.round", round=rnd + 1), 16, bold=True,
                        fill=theme.INK, anchor="lm")
    if advanced:
        theme.draw_text(d, (x0 + 6, y_box + ADVANCED_ROWS["Box"] / 2), say(lang, "sheet.box"), 14, bold=True,
                        anchor="lm")
        theme.draw_text(d, (x0 + 6, y_next + ADVANCED_ROWS["Next"] / 2), say(lang, "sheet.next"), 14, bold=True,
                        anchor="lm")
    d.line((x0 + 6, y_tot, x1 - 6, y_tot), fill=theme.INK, width=2)
    theme.draw_text(d, (x0 + 6, y_tot + TOTAL_H / 2), say(lang, "sheet.total"), 13, bold=True, anchor="lm")
    for s in range(1, sides):
        cx = x0 + LABEL_W + s * col_w
        d.line((cx, SHEET_Y0 + 6, cx, y_tot + TOTAL_H), fill=theme.LIGHT_GREY, width=2)
    for s in range(sides):
        cx = x0 + LABEL_W + s * col_w
        bw = (col_w - 8) / 5
        for t in range(5):
            theme.draw_text(d, (cx + 4 + bw * t + bw / 2, SHEET_Y0 + HEAD_H + SUB_H / 2), str(t + 1), 13,
                            fill=theme.MUTED, anchor="mm")
    return img


def _side_name(view: KrakatoaView, names: list[str], side: int, lang: str = "en") -> str:
    seats = [seat for seat, s in enumerate(view["side_of_seat"]) if s == side]
    if view.get("teams"):
        return say(lang, "team", n=side + 1, names=words.joined(lang, [names[s] for s in seats]))
    return names[seats[0]]


def _status(view: KrakatoaView, over: bool, lang: str = "en") -> str:
    text = say(lang, "stage.over") if over else _stage(view, lang)
    if view.get("preset") == "basic":
        text = say(lang, "stage.basic", stage=text)
    return text


def _stage(view: KrakatoaView, lang: str = "en") -> str:
    if view.get("outcome"):
        return say(lang, "stage.over")
    if view["phase"] == "throwoff":
        return say(lang, "stage.throwoff")
    throw = view["throw"] or ""
    if throw.startswith("b"):
        return say(lang, "stage.bonus", box=throw[1])
    step = view["step"]
    which = {"3": "s", "4": "a", "5": "l"}.get(throw)
    if step.startswith(("aim:", "roll:")) and throw == "2":
        which = step.split(":")[1] if step.split(":")[1] in SETS else None
    if which is None:
        return say(lang, "stage.throw", round=view["round"], throw=throw)
    return say(lang, "stage.throw_set", round=view["round"], throw=throw, set=set_title(lang, which))


def _awaited(view: KrakatoaView, names: list[str], lang: str = "en") -> str:
    """What happens next, in words."""
    if view.get("outcome"):
        return say(lang, "awaited.over", result=_result_words(view, names, lang))
    seat = view["seat"]
    who = names[seat] if seat is not None and seat < len(names) else "?"
    step = view["step"]
    if step == "set":
        return say(lang, "awaited.set_throwoff" if view["phase"] == "throwoff" else "awaited.set", who=who)
    if step in ("throw", "keep"):
        return say(lang, f"awaited.{step}", who=who)
    if step.startswith("aim:"):
        return say(lang, "awaited.aim", who=who, set=set_title(lang, step[4]))
    if step in ("roll:all", "roll:again"):
        return say(lang, "awaited.rolling_again" if step == "roll:again" else "awaited.rolling", who=who)
    parts = step.split(":")
    if len(parts) == 4:
        return say(lang, "awaited.thrown", who=who, set=set_title(lang, parts[1]), force=_force(lang, parts[3]),
                   die=parts[2])
    if len(parts) == 2:
        return say(lang, "awaited.set_rolling", who=who, set=set_title(lang, parts[1]))
    return who


def _force(lang: str, force: str) -> str:
    """An aimed throw's force in words ("soft", "suave"); the notation's own word if it is neither."""
    return say(lang, f"force.{force}") if force in ("soft", "hard") else force


def _result_words(view: KrakatoaView, names: list[str], lang: str = "en") -> str:
    """The outcome with names: "Bob wins with 145", "Ann & Cy win with 150", "... share the win"."""
    who, said = _result_said(view, names, lang)
    return said.replace(_NAME, words.joined(lang, who))


def _result_headline(view: KrakatoaView, names: list[str], lang: str, width: int) -> tuple[int, str]:
    """(font size, text) of the outcome as the info panel's headline, ``width`` wide: whole at 18 px or a size
    or two smaller, else with each winner's name cut alike ("Bartholo… & Guadalu… win with 117"), never the
    total nor a winner left out."""
    who, said = _result_said(view, names, lang)
    size, text = _sized_said_of(words.joined(lang, who), said, 18, 16, width, True)
    if len(who) < 2 or "…" not in text:
        return size, text
    room = max(theme.text_size(name, 18, True)[0] for name in who)
    while room > 40:
        room -= 6
        cut = [theme.ellipsize_name(name, 18, room, True) for name in who]
        text = said.replace(_NAME, words.joined(lang, cut))
        if theme.fits(text, 18, width, True):
            break
    return 18, text


def _result_said(view: KrakatoaView, names: list[str], lang: str = "en") -> tuple[list[str], str]:
    """(the winners' names, the outcome in words with ``_NAME`` where they go)."""
    winners = view.get("winners") or []
    sides = view["side_of_seat"]
    # the winners' own total: not always the highest, when the highest was a seat that had left the game
    best = max((view["totals"][sides[s]] for s in winners), default=max(view["totals"]))
    who = [names[s] for s in winners]
    if len({sides[s] for s in winners}) > 1:
        return who, say(lang, "result.share", who=_NAME, best=best)
    return who, say(lang, "result.win" if len(winners) > 1 else "result.wins", who=_NAME, best=best)


def _marks_text(m: int, lang: str = "en") -> str:
    return say(lang, f"marks.{m}")


# ---- cached text and badges: most words of one picture recur in the next one ------------------
def _text(img: Image.Image, xy: tuple[float, float], text: str, size: int, *, bg: theme.RGB,
          fill: theme.RGB = theme.INK, bold: bool = False, anchor: str = "la") -> None:
    """Text at ``xy`` (a Pillow anchor, rounded to whole pixels) over the flat colour ``bg`` it sits
    on, pasted from the theme's text cache."""
    theme.paste_text(img, (round(xy[0]), round(xy[1])), text, size, bg=bg, fill=fill, bold=bold, anchor=anchor)


@lru_cache(maxsize=1024)
def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    return theme.ellipsize(text, size, width, bold)


@lru_cache(maxsize=1024)
def _named(name: str, rest: str, size: int, width: int, bold: bool = False) -> str:
    """``name + rest`` fitted to ``width``: the name is cut (keeping its number,
    ``theme.ellipsize_name``), never what is said of it (issue 28, item 10)."""
    if theme.fits(name + rest, size, width, bold):
        return name + rest
    return theme.ellipsize_name(name, size, width - theme.text_size("x" + rest, size, bold)[0], bold) + rest


#: where a name goes in a template said by ``_said_of``
_NAME = "\x00"


def _said_of(name: str, said: str, size: int, width: int, bold: bool = False) -> str:
    """``said`` (words with ``_NAME`` where the name goes: "Last: \\0, throw 2: 4 points", "\\0: throw 3 of 5")
    with ``name`` in it, fitted to ``width`` as ``_named`` fits it: the name is cut, never the words round it."""
    head, _, tail = said.partition(_NAME)
    room = width - theme.text_size(head, size, bold)[0] if head else width
    return head + _named(name, tail, size, room, bold)


def _sized_said_of(name: str, said: str, size: int, least: int, width: int, bold: bool = False) -> tuple[int, str]:
    """(font size, text) of ``said`` with ``name`` in it: whole at the largest size from ``size`` down to ``least``
    that fits ``width``, else at ``size`` with the name cut (``_said_of``).  A long name and longer words round it
    ("Bartholomew the Long-Named: lanzamiento 2 de 5") keep the name whole a size smaller."""
    whole = said.replace(_NAME, name)
    for k in range(size, least - 1, -1):
        if theme.fits(whole, k, width, bold):
            return k, whole
    return size, _said_of(name, said, size, width, bold)


@lru_cache(maxsize=64)
def _badge(seat: int, radius: int, label: str | None, bg: theme.RGB) -> Image.Image:
    side = 2 * radius + 8
    img = Image.new("RGB", (side, side), bg)
    theme.seat_marker(ImageDraw.Draw(img), (side / 2, side / 2), radius, seat, label)
    return img


def _paste_badge(img: Image.Image, centre: tuple[float, float], radius: int, seat: int, label: str | None,
                 bg: theme.RGB) -> None:
    sprite = _badge(seat, radius, label, bg)
    img.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)))


#: the fixed words of the picture's texts by (size, bold, anchor), rendered once ahead of time (the
#: numbers are drawn digit by digit, so the digits cover every score)
_DIGITS = "0 1 2 3 4 5 6 7 8 9"
_THROWS = "1: 2: 3: 4: 5: 1, 2, 3, 4, 5,"
_MOVES = "set throw keep aim roll soft hard at steam ash lava all s1 s2 s3 a1 a2 a3 l1 l2 l3"
VOCABULARY = {
    "en": {
        (15, False, "la"): f"Marks on this throw: none x (x2) xx (x4) Bonus boxes left: of Basic game: no bonuses "
                           f"Auto would play: rethrow {_MOVES} {_DIGITS}",
        (16, False, "la"): f"Last: Player throw box points (raw x2) x4) {_THROWS} {_DIGITS}",
        (16, True, "la"): f"This roll scores if kept (raw x2) x4) Throw-off (one set each; highest starts) {_DIGITS}",
        (18, True, "lm"): f"▶ Player throw of bonus box {_THROWS} {_DIGITS}",
        (18, False, "ra"): f"Round of · throw bonus box (Steam) (Ash) (Lava) Game over Throw-off basic {_DIGITS}",
        (18, False, "mm"): "Player pick a set for the throw-off to throw all nine dice keep or rethrow aim Steam Ash "
                           "Lava at table die (soft hard) the are rolling again is thrown soft hard Game over: wins "
                           f"win with share s1 s2 s3 a1 a2 a3 l1 l2 l3 {_THROWS} {_DIGITS}",
        (18, False, "lm"): f"Player {_DIGITS}",
        (14, True, "lm"): "rolled thrown now",
        (16, True, "mm"): "Volcano Deuce Bust s1 s2 s3 a1 a2 a3 l1 l2 l3",
        (16, False, "mm"): "s1 s2 s3 a1 a2 a3 l1 l2 l3",
        (30, True, "mm"): _DIGITS,
        (24, True, "mm"): _DIGITS,
        (14, False, "mm"): f"- x2 x4 Player throw box points, marks used up {_THROWS} {_DIGITS}",
        (14, True, "mm"): "x2 x4 x2, then",
        (15, False, "lm"): f"Player Steam Ash Lava to throw again out starts round {_THROWS} {_DIGITS}",
        (15, True, "lm"): f"Player starts round {_DIGITS}",
        (15, True, "mm"): "Big Eruption Little Quake Rumble Volcano Deuce",
        (17, True, "mm"): "SCRATCH: no table die struck",
        (12, True, "mm"): f"… {_DIGITS}",
        (13, True, "mm"): f"… {_DIGITS}",
        (15, True, "ma"): f"… {_DIGITS}",
    },
    "es": {
        (15, False, "la"): "Marcas en este lanzamiento: ninguna x (x2) xx (x4) Cajas de bonificación que quedan: de "
                           f"Juego básico: sin bonificaciones Auto jugaría: rethrow {_MOVES} {_DIGITS}",
        (16, False, "la"): f"Último: Jugador lanzamiento caja punto puntos (base x2) x4) {_THROWS} {_DIGITS}",
        (16, True, "la"): "Esta tirada vale si se la queda (base x2) x4) Sorteo (un juego cada uno; empieza el mejor) "
                          f"{_DIGITS}",
        (18, True, "lm"): f"▶ Jugador lanzamiento de caja bonificación (quedan {_THROWS} {_DIGITS}",
        (18, False, "ra"): "Ronda de · lanzamiento caja bonificación (Vapor) (Ceniza) (Lava) Fin la partida Sorteo "
                           f"básico {_DIGITS}",
        (18, False, "mm"): "Jugador elige un juego para el sorteo qué lanzar lanza los nueve dados quédate o vuelve a "
                           "lanzarlos apunta con Vapor Ceniza Lava dado de la mesa (suave fuerte) ruedan otra vez tiro "
                           "está rodando Fin partida: gana ganan con comparten victoria s1 s2 s3 a1 a2 a3 l1 l2 l3 "
                           f"{_THROWS} {_DIGITS}",
        (18, False, "lm"): f"Jugador {_DIGITS}",
        (14, True, "lm"): "lanzados se lanzan",
        (16, True, "mm"): "Volcán Doble Nada s1 s2 s3 a1 a2 a3 l1 l2 l3",
        (16, False, "mm"): "s1 s2 s3 a1 a2 a3 l1 l2 l3",
        (30, True, "mm"): _DIGITS,
        (24, True, "mm"): _DIGITS,
        (14, False, "mm"): f"- x2 x4 Jugador lanzamiento caja puntos, marcas gastadas {_THROWS} {_DIGITS}",
        (14, True, "mm"): "x2 x4 x2, then",
        (15, False, "lm"): f"Jugador Vapor Ceniza Lava por lanzar otra vez a fuera empieza la ronda {_THROWS} "
                           f"{_DIGITS}",
        (15, True, "lm"): f"Jugador empieza la ronda {_DIGITS}",
        (15, True, "mm"): "Erupción Terremoto Temblor grande pequeño pequeña Volcán Doble",
        (17, True, "mm"): "FALLO: no tocó ningún dado de la mesa",
        (12, True, "mm"): f"… {_DIGITS}",
        (13, True, "mm"): f"… {_DIGITS}",
        (15, True, "ma"): f"… {_DIGITS}",
    },
}


@lru_cache(maxsize=2)
def _prime(lang: str = "en") -> None:
    for (size, bold, anchor), vocabulary in VOCABULARY[lang].items():
        theme.prime_words(vocabulary, size, bold, anchor)


def draw(view: KrakatoaView, names: list[str], result: dict[str, Any] | None = None,
         previous: KrakatoaView | None = None, lang: str = "en") -> Image.Image:
    """The picture of a Krakatoa view (any viewer: everything is public, KR-9.1), its words in ``lang``."""
    lang = words.lang_of(lang)
    _prime(lang)
    players = int(view["players"])
    names = (list(names) + [words.player(lang, i) for i in range(len(names), players)])[:players]
    sides = int(view["sides"])
    notes = [("caption", caption(view, names, lang))]
    ending = theme.result_of(view, result)
    if ending is not None:
        winners, reason, losers = ending
        best = max(view["totals"]) if view.get("totals") else 0
        why = {"highest total": say(lang, "why.highest_total", best=best),
               "tied for the highest total": say(lang, "why.tied", best=best)}
        notes.append(("banner", theme.result_banner(names, winners, reason, why, losers, lang=lang)))
    else:
        notes.append(("hint", _awaited(view, names, lang)))
    blocks, extra = theme.lay_out_notes(WIDTH, notes)
    background = _background(sides, _advanced(view), lang)
    img = theme.grown(background, extra).copy()
    d = ImageDraw.Draw(img)
    totals = view["totals"]
    scores = tuple(str(totals[view["side_of_seat"][seat]]) for seat in range(players))
    over = ending is not None
    acting = None if over else view["seat"]
    _draw_dice(img, d, view, lang)
    if over and not view.get("outcome"):  # ended outside the rules: no throw at hand, no current round
        view = {**view, "seat": None, "side": None, "step": "", "phase": "over", "auto": None}  # no step at hand
    _draw_info(img, d, view, names, None if view.get("outcome") else say(lang, "stage.over"), lang)
    _draw_sheet(img, d, view, names, lang)
    theme.paint_notes(img, background.height - theme.FRAME_WIDTH - 14, blocks)
    if lowered_by(players):
        img = _lowered(img, lowered_by(players))
    theme.paste_title_strip(img, "Krakatoa", names, acting, scores=scores, status=_status(view, over, lang),
                            chip_rows=chip_rows(players))
    return img


def _lowered(img: Image.Image, rows: int) -> Image.Image:
    """``img`` with everything under its title strip moved ``rows`` lower, bare card rows put in
    between, for a title strip of more than one row of chips (``chip_rows``): one copy of the
    picture, where drawing four players' pictures from constants of their own would double the
    layout code."""
    cut = theme.FRAME_WIDTH + theme.TITLE_HEIGHT + 2  # a bare card row between the strip and the dice
    out = Image.new("RGB", (img.width, img.height + rows))
    out.paste(img.crop((0, 0, img.width, cut)), (0, 0))
    out.paste(img.crop((0, cut, img.width, img.height)), (0, cut + rows))
    out.paste(img.crop((0, cut, img.width, cut + 1)).resize((img.width, rows)), (0, cut))
    return out


def _advanced(view: KrakatoaView) -> bool:
    """KR-7.1: the basic preset has no bonuses, so no marks, boxes or "Next" row to show."""
    return view.get("preset") != "basic"


def caption(view: KrakatoaView, names: list[str], lang: str = "en") -> str:
    """The last throw and its score in words, in ``lang``: "Ben, round 2 throw 3: 12 points (6 x2)"; before any
    throw is scored, the last move in words (``move_words``)."""
    last = view.get("last_throw")
    if last is None:
        return move_words(view, names, lang)
    seat = int(last["seat"])
    who = names[seat] if 0 <= seat < len(names) else words.player(lang, seat)
    throw = str(last["throw"])
    label = say(lang, "caption.box", box=throw[1:]) if throw.startswith("b") else \
        say(lang, "caption.throw", throw=throw)
    where = say(lang, "caption.where", round=last["round"], label=label) if last.get("round") else label
    if last["scratch"]:
        return say(lang, "caption.scratch", who=who, where=where)
    points = int(last["points"])
    marks = int(last.get("marks") or 0)
    if marks:
        return words.count(WORDS, lang, "caption.points_marked", points, who=who, where=where, raw=points >> marks,
                           x=2 ** marks)
    return words.count(WORDS, lang, "caption.points", points, who=who, where=where)


def move_words(view: KrakatoaView, names: list[str], lang: str = "en") -> str:
    """``view["last_move"]`` (KR-10.3, KR-10.4) as a player says it, in ``lang``, short enough for two lines at
    400 px: "Ann picked Steam for the throw-off", "Ann's throw-off: Steam, yellow yellow blue, 2
    points", "Ann threw all nine: 12 points if kept", "Ann aims Ash at s3 (hard)".  Issue 28 (item
    3): the caption said "Last move: roll YBB/---/---", the notation, which players do not read."""
    move = str(view.get("last_move") or "")
    if not move:
        return ""
    kind, _, rest = move.partition(" ")
    seat = view["seat"]
    log = view.get("throwoff_log") or []
    # a throw-off throw (KR-4.1): while it lasts, or just decided (round 1's first throw not made yet)
    decided = view["step"] == "throw" and view["round"] == 1 and view["throw"] == "1"
    if kind in ("roll", "scratch") and log and (view["phase"] == "throwoff" or decided):
        entry = log[-1]
        faces = " ".join(say(lang, f"face.{f}") for f in entry["faces"])
        return words.count(WORDS, lang, "move.throwoff", entry["points"],
                           name=theme.bare_name(_who(names, entry["seat"])), set=set_title(lang, entry["set"]),
                           faces=faces)
    who = _who(names, seat)
    if kind in ("roll", "scratch"):  # throw 1's nine dice, to keep or rethrow (KR-4.3)
        side = view["side"]
        raw = sum(info["points"] for info in view["sets"].values() if info)
        marks = view["pending_marks"][side][0] if side is not None else 0
        return words.count(WORDS, lang, "move.threw_all", raw << marks, who=who)
    if kind in SET_NAMES:
        key = "move.picked_throwoff" if view["phase"] == "throwoff" else "move.picked"
        return say(lang, key, who=who, set=set_title(lang, SET_NAMES[kind]))
    if kind == "aim":
        die, _, force = rest.partition(" ")
        step = view["step"]
        thrown = set_title(lang, step.split(":")[1]) if step.count(":") == 3 and step.split(":")[1] in SETS else ""
        return say(lang, "move.aims", who=who, set=thrown or say(lang, "move.a_set"), die=die,
                   force=_force(lang, force))
    if kind in ("throw", "rethrow", "keep"):
        return say(lang, f"move.{kind}", who=who)
    return say(lang, "move.other", who=who, move=kind)


#: the decision moves that pick a set (KR-10.3)
SET_NAMES = {"steam": "s", "ash": "a", "lava": "l", "s": "s", "a": "a", "l": "l"}


def _who(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def board_key(view: KrakatoaView) -> Any:
    """What a replay frame must change (render.replay_frames): the dice, the sheet or the totals;
    a decision that changes none of them (choosing a set, aiming) gets no frame of its own."""
    return repr(view.get("dice")), repr(view.get("sheet")), repr(view.get("totals")), view.get("outcome")


def _draw_dice(img: Image.Image, d: ImageDraw.ImageDraw, view: KrakatoaView, lang: str = "en") -> None:
    # in play ``highlight`` is ``changed``; a lesson (tables.learn) marks the dice its step is about
    changed = set(view.get("changed") or []) | set(view.get("highlight") or []) | set(theme.lesson_marks(view))
    thrown = view.get("thrown")
    step = view.get("step") or ""
    target = step.split(":")[2] if step.startswith("roll:") and step.count(":") == 3 else None
    aiming = step[4] if step.startswith("aim:") else (step.split(":")[1] if target else None)
    for j, x in enumerate(SETS):
        faces = view["dice"][x]
        for i in range(3):
            px, py = die_xy(j, i)
            face = faces[i] if faces else None
            if f"{x}{i + 1}" in changed:
                img.paste(_boxed_die_sprite(x, face), (px - BOX_PAD, py - BOX_PAD))
            else:
                img.paste(die_sprite(x, face), (px, py))
            if target is not None and faces and faces[i] == faces[int(target[1]) - 1] and x == target[0]:
                _crosshair(d, px + DIE / 2, py + DIE / 2)
            if face is not None:  # its name, as moves write it (KR-1.2, KR-10.3: "aim l3 soft")
                thrown_now = aiming == x  # not a target: muted while its set is aimed
                _text(img, (px + DIE / 2, py + NAME_DY), f"{x}{i + 1}", 16, bold=not thrown_now,
                      fill=theme.MUTED if thrown_now else theme.INK, bg=theme.PANEL, anchor="mm")
        y = DICE_Y0 + 13 + j * ROW_H
        if thrown in (x, "all") and faces and aiming != x:  # "thrown now" takes its place
            _text(img, (DICE_X0 + 12, y + 64), say(lang, "dice.rolled"), 14, bold=True, fill=theme.DARK_RED,
                  bg=theme.PANEL, anchor="lm")
        if aiming == x:
            _text(img, (DICE_X0 + 12, y + 64), say(lang, "dice.thrown_now"), 14, bold=True, fill=theme.DARK_BLUE,
                  bg=theme.PANEL, anchor="lm")
        info = (view.get("sets") or {}).get(x)
        if info:
            _text(img, ((RESULT_X + DICE_X1) / 2, y + 20), str(info["points"]), 28, bold=True, bg=theme.PANEL,
                  anchor="mm")
            fill = theme.DARK_RED if info["class"] == "Volcano" else (theme.INK if info["class"] == "Deuce"
                                                                      else theme.MUTED)
            _text(img, ((RESULT_X + DICE_X1) / 2, y + 48), say(lang, f"class.{info['class']}"), 16, bold=True,
                  fill=fill, bg=theme.PANEL, anchor="mm")


def _crosshair(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    r = DIE / 2 + 4
    for width, colour in ((7, theme.INK), (3, theme.YELLOW)):
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=width)
        d.line((cx - r - 6, cy, cx - r + 10, cy), fill=colour, width=width)
        d.line((cx + r - 10, cy, cx + r + 6, cy), fill=colour, width=width)
        d.line((cx, cy - r - 6, cx, cy - r + 10), fill=colour, width=width)
        d.line((cx, cy + r - 10, cx, cy + r + 6), fill=colour, width=width)


def _draw_info(img: Image.Image, d: ImageDraw.ImageDraw, view: KrakatoaView, names: list[str],
               headline: str | None = None, lang: str = "en") -> None:
    """Below the dice: whose throw and which, the last throw (or the scratch banner), the bonuses
    just earned, the boxes left; during the throw-off, its table.  ``headline``: what a game that
    ended outside the rules says instead of the result (the banner below names it)."""
    bg = SOFT_PANEL
    x0, x1 = DICE_X0 + 14, DICE_X1 - 14
    y = INFO_Y0 + 12
    width = x1 - x0
    if view["phase"] == "throwoff" or (view["phase"] == "play" and view["round"] == 1 and view["throw"] == "1"
                                       and view["step"] in ("throw", "roll:all") and view["throwoff_log"]
                                       and not _thrown_yet(view)):
        # KR-4.1: the throw-off's table until the starter's first throw; a later side's first throw has its own panel
        _info_throwoff(img, view, names, x0, y, width, lang)
        return
    # whose throw and which
    seat = view["seat"]
    if seat is not None:
        side = view["side"]
        assert side is not None  # the acting seat's side (KR-6.2)
        throw = view["throw"] or ""
        said = say(lang, "info.head_box", name=_NAME, box=throw[1:], left=view["boxes_left"]) \
            if throw.startswith("b") else say(lang, "info.head_throw", name=_NAME, throw=throw)
        _paste_badge(img, (x0 + 10, y + 11), 10, seat, str(seat + 1), bg)
        size, text = _sized_said_of(names[seat], said, 18, 16, width - 30, True)
        _text(img, (x0 + 28, y + 11), text, size, bold=True, bg=bg, anchor="lm")
        y += 30
        if _advanced(view):
            m1 = view["pending_marks"][side][0]
            _text(img, (x0, y), say(lang, "info.marks", marks=_marks_text(m1, lang)), 15, bg=bg)
            y += 24
    else:
        if headline:
            size, text = 18, _fit(headline, 18, width, True)
        else:
            size, text = _result_headline(view, names, lang, width)
        _text(img, (x0, y), text, size, bold=True, bg=bg)
        y += 34
    y = _info_last_throw(img, d, view, names, x0, x1, y, lang)
    y = _info_bonuses(img, d, view, x0, x1, y, lang)
    # boxes left, where the lines above left room over the set table's rule (a bonus throw's last throw and its
    # news can fill the panel: the line ran through the rule; the header says the boxes left then)
    if y + 22 <= INFO_Y0 + INFO_H - 58:
        if _advanced(view):
            _text(img, (x0, y + 2), say(lang, "info.boxes_left", left=view["boxes_left"]), 15, bg=bg)
        else:
            _text(img, (x0, y + 2), say(lang, "info.basic"), 15, bg=bg)
    if view.get("auto") and y + 26 < INFO_Y0 + INFO_H - 76:  # what the quick button (KR-8.4) would play
        # the move in its notation ("aim l1 soft"), as the move buttons and ``/move`` write it in every language
        _text(img, (x0, y + 26), say(lang, "info.auto", move=view["auto"]), 15, fill=theme.MUTED, bg=bg)


def _thrown_yet(view: KrakatoaView) -> bool:
    """Whether some side has a throw scored on the sheet (the game's first turn is over); the marks the throw-off
    gave the starter's first throw (KR-4.1) are on the sheet before it is thrown."""
    return any(entry.get("points") is not None or entry.get("scratch")
               for side in view.get("sheet") or [] for rounds in side for entry in rounds)


def _info_throwoff(img: Image.Image, view: KrakatoaView, names: list[str], x0: int, y: int, width: int,
                   lang: str = "en") -> None:
    """The throw-off's table (KR-4): each side's set and points, who throws again, who starts."""
    bg = SOFT_PANEL
    _text(img, (x0, y), _fit(say(lang, "throwoff.title"), 16, width, True), 16, bold=True, bg=bg)
    y += 26
    status = view.get("throwoff")
    last: dict[int, KrakatoaThrowoffEntry] = {}
    for logged in view.get("throwoff_log") or []:
        last[logged["side"]] = logged
    for side in range(view["sides"]):
        entry = last.get(side)
        if status is not None and status[side] == "?":
            state = say(lang, "throwoff.to_throw_again" if entry else "throwoff.to_throw")
        elif status is not None and status[side] == "x":
            state = say(lang, "throwoff.out")
        elif entry:
            state = say(lang, "throwoff.threw", set=set_title(lang, entry["set"]), faces=entry["faces"],
                        points=entry["points"])
        else:
            state = "-"
        # the name takes the room the state leaves (a team's two names: "Team 1: Ben & Mesa 2 (normal)" was cut
        # to "Team 1:... 2 (normal)" in a fixed 170 px, losing the player who threw)
        said = say(lang, "throwoff.row", name=_NAME, state=state)
        room = width - 24 - theme.text_size(said.replace(_NAME, ""), 15)[0] - 6
        name = _named(_side_name(view, names, side, lang), "", 15, max(120, room))
        _paste_badge(img, (x0 + 9, y + 9), 8, side, None, bg)
        _text(img, (x0 + 24, y + 9), said.replace(_NAME, name), 15, bg=bg, anchor="lm")
        y += 23
    if view["phase"] == "play":
        start = view["start"]
        assert start is not None  # play has begun: the throw-off chose the side that starts (KR-4.1, KR-4.2)
        text = _said_of(_side_name(view, names, start, lang), say(lang, "throwoff.starts", name=_NAME), 15, width,
                        True)
        _text(img, (x0, y + 4), text, 15, bold=True, bg=bg)


def _info_last_throw(img: Image.Image, d: ImageDraw.ImageDraw, view: KrakatoaView, names: list[str],
                     x0: int, x1: int, y: int, lang: str = "en") -> int:
    """The roll to keep or rethrow, or the last throw's points (a red banner for a scratch); the y below."""
    bg = SOFT_PANEL
    width = x1 - x0
    last = view.get("last_throw")
    if view.get("step") == "keep":
        raw = sum(info["points"] for info in view["sets"].values() if info)
        side = view["side"]
        assert side is not None  # a throw 1 result to keep is the acting side's (KR-4.3)
        m1 = view["pending_marks"][side][0]
        text = say(lang, "info.keep_marked", n=raw << m1, raw=raw, x=2**m1) if m1 else \
            say(lang, "info.keep", n=raw << m1)
        _text(img, (x0, y + 4), _fit(text, 16, width, True), 16, bold=True, bg=bg)
        return y + 30
    if last is None:
        return y
    throw = str(last["throw"])
    label = say(lang, "info.box", box=throw[1:]) if throw.startswith("b") else say(lang, "info.throw", throw=throw)
    if last["scratch"]:
        d.rounded_rectangle((x0 - 4, y, x1 + 4, y + 48), radius=8, fill=theme.DARK_RED, outline=theme.INK,
                            width=2)
        _text(img, ((x0 + x1) / 2, y + 15), _fit(say(lang, "info.scratch"), 17, width, True), 17, bold=True,
              fill=theme.WHITE, bg=theme.DARK_RED, anchor="mm")
        said = say(lang, "info.scratch_who_marks" if _advanced(view) else "info.scratch_who", name=_NAME, label=label)
        size, small = _sized_said_of(names[last["seat"]], said, 14, theme.MIN_TEXT, width)
        _text(img, ((x0 + x1) / 2, y + 35), small, size, fill=theme.WHITE, bg=theme.DARK_RED, anchor="mm")
        return y + 56
    points, marks = int(last["points"]), int(last["marks"])
    if marks:
        said = words.count(WORDS, lang, "info.last_marked", points, name=_NAME, label=label, raw=points >> marks,
                           x=2**marks)
    else:
        said = words.count(WORDS, lang, "info.last", points, name=_NAME, label=label)
    size, text = _sized_said_of(names[last["seat"]], said, 16, 15, width)
    _text(img, (x0, y + 4), text, size, bg=bg)
    return y + 30


def _info_bonuses(img: Image.Image, d: ImageDraw.ImageDraw, view: KrakatoaView, x0: int, x1: int, y: int,
                  lang: str = "en") -> int:
    """Chips for the bonuses just earned (KR-3), named as the messages name them; the y below them."""
    bonuses = view.get("bonuses") or []
    cx = x0
    for bonus in bonuses:
        name = say(lang, f"bonus.{bonus}") if f"bonus.{bonus}" in WORDS["en"] else bonus
        w = theme.text_size(name, 15, True)[0] + 20
        if cx + w > x1:
            cx = x0
            y += 32
        chip = theme.ORANGE if bonus.startswith("Big") else theme.YELLOW
        d.rounded_rectangle((cx, y, cx + w, y + 26), radius=13, fill=chip, outline=theme.INK, width=2)
        _text(img, (cx + w / 2, y + 13), name, 15, bold=True, bg=chip, anchor="mm")
        cx += w + 8
    return y + 34 if bonuses else y


def _draw_sheet(img: Image.Image, d: ImageDraw.ImageDraw, view: KrakatoaView, names: list[str],
                lang: str = "en") -> None:
    sides = int(view["sides"])
    x0 = SHEET_X0
    y_rounds = _rows(_advanced(view))[0]
    acting_side = view.get("side")
    current_round = view.get("round")
    if view["phase"] in ("play", "bonus"):
        ry = y_rounds + (current_round - 1) * RND_H
        d.rounded_rectangle((x0 + 3, ry + RND_H / 2 - 13, x0 + LABEL_W - 2, ry + RND_H / 2 + 13), radius=8,
                            fill=theme.HIGHLIGHT, outline=theme.INK, width=2)
        _text(img, (x0 + 8, ry + RND_H / 2), say(lang, "sheet.round", round=current_round), 16, bold=True,
              bg=theme.HIGHLIGHT, anchor="lm")
    winners = set(view.get("winners") or [])
    for side in range(sides):
        seats = tuple(seat for seat, s in enumerate(view["side_of_seat"]) if s == side)
        label = tuple(names[s] for s in seats)
        rows: list[tuple[tuple[int, int, int, bool], ...]] = []
        bonus: list[tuple[int, int, bool, str]] = []
        for entries in view["sheet"][side]:
            cells = []
            for entry in entries:
                points = -1 if entry["points"] is None else entry["points"]
                if entry["throw"].startswith("b"):
                    bonus.append((points, entry["marks"], entry["scratch"], entry["throw"]))
                else:
                    cells.append((int(entry["throw"]) - 1, points, entry["marks"], entry["scratch"]))
            rows.append(tuple(cells))
        m1, m2 = view["pending_marks"][side]
        _sheet_column(img, sides, side, seats, label, side == acting_side, bool(winners & set(seats)), rows, bonus,
                      m1, m2, view["totals"][side], _advanced(view), lang)


def _sheet_column(img: Image.Image, sides: int, side: int, seats: tuple[int, ...], label: tuple[str, ...],
                  acting: bool, won: bool, rows: list[tuple[tuple[int, int, int, bool], ...]],
                  bonus: list[tuple[int, int, bool, str]], m1: int, m2: int, total: int, advanced: bool,
                  lang: str = "en") -> None:
    """One side's column of the score sheet: header (``label``: the side's names), throws by round (a cached
    sprite per round), bonus boxes, pending marks, total."""
    x0, x1 = SHEET_X0, SHEET_X1
    col_w = (x1 - x0 - LABEL_W - 8) / sides
    bw = (col_w - 8) / 5
    size = _cell_text(bw)
    y_rounds, y_box, y_next, y_tot = _rows(advanced)
    cx = x0 + LABEL_W + side * col_w
    d = ImageDraw.Draw(img)
    # header: badge(s) and name
    hx = cx + 14
    mid = SHEET_Y0 + HEAD_H / 2 - 2
    for seat in seats:
        _paste_badge(img, (hx, mid), 10, seat, str(seat + 1), theme.WHITE)
        hx += 24
    bold = acting or won
    size, lines = _header_lines(label, int(cx + col_w - hx - 2), bold, lang)
    for k, line in enumerate(lines):
        _text(img, (hx - 4, mid + (k - (len(lines) - 1) / 2) * (size + 3)), line, size, bold=bold, bg=theme.WHITE,
              anchor="lm")
    if acting:
        d.rectangle((cx + 4, SHEET_Y0 + HEAD_H - 5, cx + col_w - 4, SHEET_Y0 + HEAD_H - 2), fill=theme.HIGHLIGHT)
    # throws of each round
    for rnd, cells in enumerate(rows):
        if cells:
            row, left = _row_sprite(sides, side, rnd % 2, cells)
            img.paste(row, (left, y_rounds + rnd * RND_H + 6))
    if advanced:
        # bonus boxes taken by this side
        for k, (points, marks, scratch, throw) in enumerate(bonus):
            left, w = box_cell(sides, side, k)
            top = y_box + 5
            h = y_box + ADVANCED_ROWS["Box"] - 5 - top
            img.paste(_cell_sprite(w, h, points, marks, scratch, size, theme.WHITE, throw), (left, top))
        # pending marks (KR-3.8)
        text = "-" if not m1 else f"x{2**m1}" + (f", x{2**m2}" if m2 else "")
        _text(img, (cx + col_w / 2, y_next + ADVANCED_ROWS["Next"] / 2), _fit(text, 14, int(col_w - 6), bool(m1)),
              14, fill=theme.INK if m1 else theme.MUTED, bold=bool(m1), bg=theme.WHITE, anchor="mm")
    # total
    if won:
        d.rounded_rectangle((cx + 8, y_tot + 6, cx + col_w - 8, y_tot + TOTAL_H - 4), radius=8,
                            fill=theme.YELLOW, outline=theme.INK, width=2)
    _text(img, (cx + col_w / 2, y_tot + TOTAL_H / 2 + 1), str(total), 24, bold=True,
          bg=theme.YELLOW if won else theme.WHITE, anchor="mm")


def box_cell(sides: int, side: int, k: int) -> tuple[int, int]:
    """(left x, width) of the ``k``-th bonus box cell (from 0) in side ``side``'s column of the sheet: three
    fit where five throws do (KR-5.1: three boxes in a game)."""
    col_w = (SHEET_X1 - SHEET_X0 - LABEL_W - 8) / sides
    bw = (col_w - 8) / 5
    bx = SHEET_X0 + LABEL_W + side * col_w + 4 + k * bw * 5 / 3
    return round(bx + 1), round(bx + bw * 5 / 3 - 3) - round(bx + 1)


@lru_cache(maxsize=256)
def _header_lines(names: tuple[str, ...], room: int, bold: bool, lang: str = "en") -> tuple[int, tuple[str, ...]]:
    """(font size, lines) of a sheet column's name (``names``: a side's one player, or its partners): one line at
    15 px where it fits, else two at 13 px, broken between partners ("Ann &" / "Cy", "Ann y" / "Cy") or between
    words, each cut keeping its number (``theme.ellipsize_name``): three or four columns are narrow, and seats
    named alike ("Mesa 2 (normal)", "Mesa 3 (normal)") must stay told apart (issue 28, item 10)."""
    label = words.joined(lang, names)
    if theme.fits(label, 15, room, bold):
        return 15, (label,)
    size = theme.MIN_TEXT
    if len(names) > 1:
        lines = [say(lang, "sheet.partner", name=names[0]), words.joined(lang, names[1:])]
    else:
        parts = label.split(" ")
        lines = [label]
        for k in range(len(parts) - 1, 0, -1):  # the longest first line that fits, the rest below
            head = " ".join(parts[:k])
            if theme.fits(head, size, room, bold) or k == 1:
                lines = [head, " ".join(parts[k:])]
                break
    return size, tuple(theme.ellipsize_name(line, size, room, bold) for line in lines)


@lru_cache(maxsize=512)
def _row_sprite(sides: int, side: int, parity: int,
                cells: tuple[tuple[int, int, int, bool], ...]) -> tuple[Image.Image, int]:
    """One side's throws of one round, (throw index, points, marks, scratch) each, as one sprite on
    the row's colour with its left x: the cells exactly where ``_throw_box`` puts them, one paste
    instead of five (a finished round never changes again)."""
    col_w = (SHEET_X1 - SHEET_X0 - LABEL_W - 8) / sides
    bw = (col_w - 8) / 5
    size = _cell_text(bw)
    cx = SHEET_X0 + LABEL_W + side * col_w
    left = round(cx + 5)
    right = round(cx + 4 + 4 * bw + bw - 2) + 1
    h = RND_H - 12
    background = ROW_FILL[parity]
    img = Image.new("RGB", (right - left, h + 1), background)
    for t, points, marks, scratch in cells:
        bx = cx + 4 + t * bw
        x0 = round(bx + 1)
        img.paste(_cell_sprite(round(bx + bw - 2) - x0, h, points, marks, scratch, size, background, None),
                  (x0 - left, 0))
    return img, left


@lru_cache(maxsize=64)
def _cell_frame(w: int, h: int, marks: int, pending: bool, background: theme.RGB) -> Image.Image:
    """A sheet cell without its text: tinted by its marks, outlined in yellow when it is the throw at hand."""
    img = Image.new("RGB", (w + 1, h + 1), background)
    d = ImageDraw.Draw(img)
    fill = MARK_FILL.get(marks, theme.WHITE)
    d.rounded_rectangle((0, 0, w, h), radius=5, fill=fill, outline=theme.LIGHT_GREY if not pending else theme.INK,
                        width=1 if not pending else 2)
    if pending:
        d.rounded_rectangle((2, 2, w - 2, h - 2), radius=4, outline=theme.HIGHLIGHT, width=3)
    return img


@lru_cache(maxsize=1024)
def _cell_sprite(w: int, h: int, points: int, marks: int, scratch: bool, size: int, background: theme.RGB,
                 label: str | None) -> Image.Image:
    """A sheet cell: the points (``-1`` = the throw at hand, outlined), the marks as an x2 / x4 tint
    and tag, a scratch crossed out."""
    pending = points < 0
    img = _cell_frame(w, h, marks, pending, background).copy()
    d = ImageDraw.Draw(img)
    tagged = bool(marks or label)
    cx, cy = w / 2, (h * 0.68 if tagged else h / 2)
    if pending:
        theme.draw_text(d, (cx, cy), "…", size, bold=True, anchor="mm")
    elif scratch:
        theme.draw_text(d, (cx, cy), "✗", size + 2, bold=True, fill=theme.DARK_RED, anchor="mm", symbol=True)
    else:
        theme.draw_text(d, (cx, cy), str(points), size, bold=True, anchor="mm")
    label = box_label(w, label, marks)
    if marks:  # the tag over the number, as the tint alone would be a colour-only clue
        theme.draw_text(d, (w - 2 if label else w / 2, 1), MARK_WORD[marks], theme.MIN_TEXT, bold=True,
                        fill=theme.INK, anchor="ra" if label else "ma")
    if label:  # muted, but in ink on an x4 tint: muted there is under 4.5:1
        theme.draw_text(d, (3, 1), label, theme.MIN_TEXT, fill=theme.INK if marks >= 2 else theme.MUTED, anchor="la")
    return img


def box_label(w: int, label: str | None, marks: int) -> str | None:
    """A bonus box cell's name beside its x2 / x4 tag, as much of it as fits a cell ``w`` wide: ``b1``, else
    the box's number alone (the row is named "Box"), else none: with three or four sides the cells are
    narrow, and the name drawn whole ran into the tag."""
    if not label:
        return label
    tag = theme.text_size(MARK_WORD[marks], theme.MIN_TEXT, True)[0] + 2 if marks else 0  # and a gap
    for name in (label, label.lstrip("b")):
        if 3 + theme.text_size(name, theme.MIN_TEXT)[0] + tag + 2 <= w:  # margins as drawn: 3 left, 2 right
            return name
    return None


def _cell_text(bw: float) -> int:
    """The size of a sheet cell's number: as big as the cell's width allows, never under MIN_TEXT."""
    return 16 if bw >= 36 else (15 if bw >= 28 else theme.MIN_TEXT)
