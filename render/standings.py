"""A tournament's standings as a picture (issue 31), drawn with the shared theme.

Pure: plain data in, PNG bytes out (``standings_png``); nothing here reads storage or knows Discord.
Its own words (the line under the title, the column heads, the winners, the notes under the table) are in
the reader's language, ``lang`` (``WORDS``, ``render.words``: English or Spanish); the title, the players'
names, their ``out`` marks and the tie-breaks' names come in from the caller, already in words.

**What it takes** (:class:`StandingsPicture`): the title (``"Kona Swiss #3"``), the round reached and
the rounds planned, the round in play (its finished games counted; for a cancelled event, the round it
stopped in), whether the rows are the entrants in entry order (before the start: no ranks, no medals),
whether the event is over (or cancelled), the winners' names (when over), the two tie-break
labels (Buchholz and Sonneborn-Berger by default; the caller names the ones its game uses) and the
rows, already ranked (:class:`StandingLine`: rank, name, points, the two tie-breaks, games played, a
mark when the player is out of the event: ``"withdrawn"``, ``"left"``..., and whether the row is the
caller's).  Points and tie-breaks are numbers (``int``, ``float`` or ``Fraction``); halves and
quarters are written as ``½``, ``¼``, ``¾``.

**Long tables are cut, not split**: the picture shows the first :data:`TOP_ROWS` rows and, when the
caller's own row is further down, that row below a "⋯"; the footnote says how many players the
picture leaves out (the text standings list everyone).  One picture an answer keeps a channel quiet,
and at 400 px wide a picture of 64 rows would be too tall to read in a phone's window anyway.

**Legible at 400 px**: the picture is :data:`WIDTH` wide (under ``theme.MAX_WIDTH``) and no text is
smaller than ``theme.MIN_TEXT``, so every letter is at least 9 px tall on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from render import theme, words

WIDTH = 560
ROW_H = 36
#: rows a picture shows at most (the caller's own row comes on top of these)
TOP_ROWS = 20

Number = int | float | Fraction


@dataclass(frozen=True)
class StandingLine:
    """One player's line: ``out`` is empty while the player is in the event, else the word shown, in the
    reader's language (``"withdrawn"``, ``"removed"``, ``"left"``; ``"se retiró"``...)."""

    rank: int
    name: str
    points: Number
    tiebreaks: tuple[Number, Number]
    games: int
    out: str = ""
    is_caller: bool = False


@dataclass(frozen=True)
class StandingsPicture:
    """What the picture shows (module docstring)."""

    title: str
    round: int
    rounds: int
    rows: tuple[StandingLine, ...]
    final: bool = False
    cancelled: bool = False
    winners: tuple[str, ...] = ()
    #: the round in play (its finished games count), or the one a cancelled event stopped in; 0: none
    playing: int = 0
    #: the rows are the entrants in entry order (nothing paired yet): drawn without ranks or medals
    entries: bool = False
    tiebreak_labels: tuple[str, str] = ("Buchholz", "Sonneborn-Berger")
    tiebreak_short: tuple[str, str] = ("Bu", "SB")


#: every word the picture draws of its own, in English and Spanish (as the standings' text says them,
#: ``tournament.standings.*`` of ``tables.i18n``)
WORDS: words.Catalog = {
    "en": {
        "final": "Final standings",
        "final.early": "Final standings: ended after round {round} of {rounds}",
        "final.after": "Final standings after {n} round|Final standings after {n} rounds",
        "cancelled.during": "Cancelled during round {playing} of {rounds}",
        "cancelled.after": "Cancelled after round {round} of {rounds}",
        "cancelled.unplayed": "Cancelled before any game",
        "cancelled.empty": "Cancelled with nobody entered",
        "playing": "After round {round} of {rounds}; round {playing} in play",
        "playing.first": "Round {playing} of {rounds} in play",
        "entries": "Not started yet: players in entry order",
        "entries.empty": "Not started yet: nobody has entered",
        "after": "After round {round} of {rounds}",
        "winner": "Winner: {names}",
        "winners": "Winners: {names}",
        "and": "{first}, {last}",
        "empty": "No players yet",
        "empty.cancelled": "Nobody entered",
        "head.rank": "#",
        "head.player": "Player",
        "head.points": "Pts",
        "head.games": "G",
        "legend": "{short1} = {name1}, {short2} = {name2}, G = games",
        "top": "Top {shown} of {total} players shown",
        "players": "{n} player|{n} players",
    },
    "es": {
        "final": "Clasificación final",
        "final.early": "Clasificación final: terminó tras la ronda {round} de {rounds}",
        "final.after": "Clasificación final tras {n} ronda|Clasificación final tras {n} rondas",
        "cancelled.during": "Cancelado durante la ronda {playing} de {rounds}",
        "cancelled.after": "Cancelado tras la ronda {round} de {rounds}",
        "cancelled.unplayed": "Cancelado antes de ninguna partida",
        "cancelled.empty": "Cancelado sin nadie inscrito",
        "playing": "Tras la ronda {round} de {rounds}; ronda {playing} en juego",
        "playing.first": "Ronda {playing} de {rounds} en juego",
        "entries": "Aún no ha empezado: jugadores por orden de inscripción",
        "entries.empty": "Aún no ha empezado: no se ha inscrito nadie",
        "after": "Tras la ronda {round} de {rounds}",
        "winner": "Gana: {names}",
        "winners": "Ganan: {names}",
        "and": "{first} y {last}",
        "empty": "Aún no hay jugadores",
        "empty.cancelled": "No se inscribió nadie",
        "head.rank": "#",
        "head.player": "Jugador",
        "head.points": "Pts",
        "head.games": "PJ",
        "legend": "{short1} = {name1}, {short2} = {name2}, PJ = partidas jugadas",
        "top": "Se muestran los {shown} primeros de {total} jugadores",
        "players": "{n} jugador|{n} jugadores",
    },
}

_PARTS = {Fraction(0): "", Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}


def number_text(value: Number) -> str:
    """``3``, ``2½``, ``½``, ``1¾``; other fractions as a decimal with two places at most."""
    exact = Fraction(value).limit_denominator(1000)
    whole, part = divmod(exact, 1)
    if part in _PARTS:
        sign = "-" if exact < 0 else ""
        if exact < 0:
            whole, part = divmod(-exact, 1)
        head = str(int(whole)) if whole or not part else ""
        return sign + head + _PARTS[part]
    return f"{float(exact):.2f}".rstrip("0").rstrip(".")


def round_text(pic: StandingsPicture, lang: str = "en") -> str:
    """The line under the title, in ``lang``: where the event stands, as the standings' text says it
    (``tables.tournaments.standings_head``)."""
    def say(key: str) -> str:
        return words.say(WORDS, lang, key, round=pic.round, rounds=pic.rounds, playing=pic.playing)

    if pic.final:
        if not pic.round:
            return say("final")
        if pic.round < pic.rounds:  # too few players were left to pair another round
            return say("final.early")
        return words.count(WORDS, lang, "final.after", pic.round)
    if pic.cancelled:
        if pic.playing:
            return say("cancelled.during")
        if pic.round:
            return say("cancelled.after")
        return say("cancelled.unplayed") if pic.rows else say("cancelled.empty")
    if pic.playing:
        return say("playing") if pic.round else say("playing.first")
    if pic.round == 0:
        return say("entries") if pic.rows else say("entries.empty")
    return say("after")


def shown_rows(rows: Sequence[StandingLine], top: int = TOP_ROWS) -> tuple[list[StandingLine], StandingLine | None]:
    """The rows the picture draws: the first ``top``, and the caller's own row when it is further down."""
    head = list(rows[:top])
    caller = next((r for r in rows[top:] if r.is_caller), None)
    return head, caller


# ---- columns (right edges of the number columns) -------------------------------------------------
_X0 = theme.FRAME_WIDTH + 12
_X1 = WIDTH - theme.FRAME_WIDTH - 12
_POINTS_X, _TB1_X, _TB2_X, _GAMES_X = _X1 - 176, _X1 - 116, _X1 - 56, _X1 - 10
_NAME_X = _X0 + 46


def _row(draw: ImageDraw.ImageDraw, y: int, row: StandingLine, shade: bool, ranked: bool = True) -> None:
    fill = theme.mix(theme.YELLOW, theme.CARD, 0.6) if row.is_caller else (theme.PANEL if shade else theme.CARD)
    draw.rounded_rectangle((_X0, y, _X1, y + ROW_H - 4), radius=7, fill=fill)
    mid = y + (ROW_H - 4) // 2
    ink = theme.MUTED if row.out else theme.INK
    medal = {1: theme.YELLOW, 2: theme.LIGHT_GREY, 3: theme.ORANGE}.get(row.rank) if ranked and not row.out else None
    if medal:
        draw.ellipse((_X0 + 5, mid - 14, _X0 + 33, mid + 14), fill=medal, outline=theme.INK, width=2)
    if ranked:  # before the start the rows are in entry order: no rank to give
        theme.draw_text(draw, (_X0 + 19, mid), str(row.rank), 16 if row.rank < 100 else 13, fill=ink, bold=True,
                        anchor="mm")
    room = _POINTS_X - 44 - _NAME_X
    tag = ""
    if row.out:
        tag = row.out
        tag_w = theme.text_size(tag, 13)[0] + 12
        room -= tag_w + 6
    name = theme.ellipsize_name(theme.drawable_name(row.name, "—"), 17, room, bold=row.is_caller)
    theme.draw_text(draw, (_NAME_X, mid), name, 17, fill=ink, bold=row.is_caller, anchor="lm")
    if tag:
        left = _NAME_X + theme.text_size(name, 17, row.is_caller)[0] + 8
        draw.rounded_rectangle((left, mid - 10, left + tag_w, mid + 10), radius=9, fill=theme.WHITE,
                               outline=theme.MUTED, width=1)
        theme.draw_text(draw, (left + tag_w / 2, mid), tag, 13, fill=theme.MUTED, anchor="mm")
    theme.draw_text(draw, (_POINTS_X, mid), number_text(row.points), 18, fill=ink, bold=True, anchor="rm")
    theme.draw_text(draw, (_TB1_X, mid), number_text(row.tiebreaks[0]), 16, fill=ink, anchor="rm")
    theme.draw_text(draw, (_TB2_X, mid), number_text(row.tiebreaks[1]), 16, fill=ink, anchor="rm")
    theme.draw_text(draw, (_GAMES_X, mid), str(row.games), 16, fill=ink, anchor="rm")


def winners_banner(shown: list[str], room: int, lang: str) -> tuple[str, int]:
    """The winners' banner and its font size within ``room`` pixels: smaller type first, then (shared first
    places) every name shortened alike, so that no winner is left out ("Winners: Alexandr…, Bartholo…")."""
    said = _winners_said(shown, lang)
    size = theme.fit_text(said, 20, room, True, min_size=16)
    if theme.fits(said, size, room, True):
        return said, size
    for cut in range(max(len(n) for n in shown), 3, -1):
        shorter = _winners_said([theme.ellipsize_name(n, size, cut * size // 2, True) for n in shown], lang)
        if theme.fits(shorter, size, room, True):
            return shorter, size
    return said, size


def _winners_said(shown: list[str], lang: str) -> str:
    """"Winner: Ana", "Winners: Ana, Ben and Cy" in ``lang``."""
    joined = words.say(WORDS, lang, "and", first=", ".join(shown[:-1]), last=shown[-1]) if len(shown) > 1 \
        else "".join(shown)
    return words.say(WORDS, lang, "winner" if len(shown) == 1 else "winners", names=joined)


def standings_image(pic: StandingsPicture, lang: str = "en") -> Image.Image:
    """The standings card (module docstring): title, round, the winner when over, the rows; its words in
    ``lang``."""
    head, caller = shown_rows(pic.rows)
    winner_h = 48 if pic.final and pic.winners else 0
    body = ROW_H * (max(len(head), 1) + (1 if caller else 0)) + (24 if caller else 0)
    # nobody entered: the line above says so, with no column to head and no legend or count under it
    head_h, notes_h = (30, 58) if pic.rows else (0, 12)
    height = theme.FRAME_WIDTH + 74 + winner_h + head_h + body + notes_h + theme.FRAME_WIDTH
    img, draw = theme.canvas(WIDTH, height)
    top = theme.FRAME_WIDTH + 6
    draw.rounded_rectangle((_X0 - 4, top, _X1 + 4, top + 64), radius=10, fill=theme.PANEL)
    size = theme.fit_text(pic.title, 24, _X1 - _X0 - 16, bold=True, min_size=18)
    theme.draw_text(draw, (_X0 + 8, top + 20), theme.ellipsize(pic.title, size, _X1 - _X0 - 16, True), size,
                    bold=True, anchor="lm")
    stage = round_text(pic, lang)
    size = theme.fit_text(stage, 16, _X1 - _X0 - 16)
    theme.draw_text(draw, (_X0 + 8, top + 48), theme.ellipsize(stage, size, _X1 - _X0 - 16), size, fill=theme.MUTED,
                    anchor="lm")
    y = top + 74
    if winner_h:
        room = _X1 - _X0 - 60
        said, size = winners_banner([theme.drawable_name(name, "—") for name in pic.winners], room, lang)
        draw.rounded_rectangle((_X0, y, _X1, y + 40), radius=10, fill=theme.mix(theme.YELLOW, theme.CARD, 0.4),
                               outline=theme.INK, width=2)
        draw.ellipse((_X0 + 8, y + 6, _X0 + 36, y + 34), fill=theme.YELLOW, outline=theme.INK, width=2)
        theme.draw_text(draw, (_X0 + 22, y + 20), "1", 16, bold=True, anchor="mm")
        theme.draw_text(draw, (_X0 + 48, y + 20), theme.ellipsize(said, size, room, True), size, bold=True,
                        anchor="lm")
        y += winner_h
    if not head:
        empty = words.say(WORDS, lang, "empty.cancelled" if pic.cancelled else "empty")
        theme.draw_text(draw, (WIDTH / 2, y + ROW_H // 2), empty, 17, fill=theme.MUTED, anchor="mm")
        return img
    labels = ((words.say(WORDS, lang, "head.points"), _POINTS_X), (pic.tiebreak_short[0], _TB1_X),
              (pic.tiebreak_short[1], _TB2_X), (words.say(WORDS, lang, "head.games"), _GAMES_X))
    theme.draw_text(draw, (_X0 + 19, y + 4), words.say(WORDS, lang, "head.rank"), 14, fill=theme.MUTED, bold=True,
                    anchor="ma")
    theme.draw_text(draw, (_NAME_X, y + 4), words.say(WORDS, lang, "head.player"), 14, fill=theme.MUTED, bold=True,
                    anchor="la")
    for label, x in labels:
        theme.draw_text(draw, (x, y + 4), label, 14, fill=theme.MUTED, bold=True, anchor="ra")
    y += 30
    for i, row in enumerate(head):
        _row(draw, y, row, i % 2 == 1, not pic.entries)
        y += ROW_H
    if caller:
        theme.draw_text(draw, (WIDTH / 2, y), "⋯", 18, fill=theme.MUTED, anchor="mt")
        y += 24
        _row(draw, y, caller, False, not pic.entries)
        y += ROW_H
    left_out = len(pic.rows) - len(head) - (1 if caller else 0)
    notes = [words.say(WORDS, lang, "legend", short1=pic.tiebreak_short[0], name1=pic.tiebreak_labels[0],
                       short2=pic.tiebreak_short[1], name2=pic.tiebreak_labels[1])]
    notes.append(words.say(WORDS, lang, "top", shown=len(head), total=len(pic.rows)) if left_out > 0 else
                 words.count(WORDS, lang, "players", len(pic.rows)))
    for k, note in enumerate(notes):
        size = theme.fit_text(note, 14, _X1 - _X0)
        theme.draw_text(draw, (WIDTH / 2, y + 16 + 20 * k), note, size, fill=theme.MUTED, anchor="mm")
    return img


def standings_png(pic: StandingsPicture, lang: str = "en") -> bytes:
    """The standings card as PNG bytes, its words in ``lang`` (the fixed palette: the same picture, the same
    bytes)."""
    return theme.to_png(standings_image(pic, lang))
