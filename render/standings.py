"""A tournament's standings as a picture (issue 31), drawn with the shared theme.

Pure: plain data in, PNG bytes out (``standings_png``); nothing here reads storage or knows Discord.
Like every picture of the project it speaks English.

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

from render import theme

WIDTH = 560
ROW_H = 36
#: rows a picture shows at most (the caller's own row comes on top of these)
TOP_ROWS = 20

Number = int | float | Fraction


@dataclass(frozen=True)
class StandingLine:
    """One player's line: ``out`` is empty while the player is in the event, else the word shown
    (``"withdrawn"``, ``"removed"``, ``"left"``)."""

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


def round_text(pic: StandingsPicture) -> str:
    """The line under the title: where the event stands, as the standings' text says it
    (``tables.tournaments.standings_head``)."""
    if pic.final:
        if not pic.round:
            return "Final standings"
        if pic.round < pic.rounds:  # too few players were left to pair another round
            return f"Final standings: ended after round {pic.round} of {pic.rounds}"
        return f"Final standings after {pic.round} round{'s' if pic.round != 1 else ''}"
    if pic.cancelled:
        if pic.playing:
            return f"Cancelled during round {pic.playing} of {pic.rounds}"
        if pic.round:
            return f"Cancelled after round {pic.round} of {pic.rounds}"
        return "Cancelled before any game" if pic.rows else "Cancelled before anyone entered"
    if pic.playing:
        if pic.round:
            return f"After round {pic.round} of {pic.rounds}; round {pic.playing} in play"
        return f"Round {pic.playing} of {pic.rounds} in play"
    if pic.round == 0:
        return "Not started yet: players in entry order" if pic.rows else "Not started yet: nobody has entered"
    return f"After round {pic.round} of {pic.rounds}"


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


def standings_image(pic: StandingsPicture) -> Image.Image:
    """The standings card (module docstring): title, round, the winner when over, the rows."""
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
    theme.draw_text(draw, (_X0 + 8, top + 48), round_text(pic), 16, fill=theme.MUTED, anchor="lm")
    y = top + 74
    if winner_h:
        label = "Winner: " if len(pic.winners) == 1 else "Winners: "
        draw.rounded_rectangle((_X0, y, _X1, y + 40), radius=10, fill=theme.mix(theme.YELLOW, theme.CARD, 0.4),
                               outline=theme.INK, width=2)
        draw.ellipse((_X0 + 8, y + 6, _X0 + 36, y + 34), fill=theme.YELLOW, outline=theme.INK, width=2)
        theme.draw_text(draw, (_X0 + 22, y + 20), "1", 16, bold=True, anchor="mm")
        shown = [theme.drawable_name(name, "—") for name in pic.winners]
        names = theme.ellipsize(label + ", ".join(shown), 20, _X1 - _X0 - 60, True)
        theme.draw_text(draw, (_X0 + 48, y + 20), names, 20, bold=True, anchor="lm")
        y += winner_h
    if not head:
        empty = "Nobody entered" if pic.cancelled else "No players yet"
        theme.draw_text(draw, (WIDTH / 2, y + ROW_H // 2), empty, 17, fill=theme.MUTED, anchor="mm")
        return img
    labels = (("Pts", _POINTS_X), (pic.tiebreak_short[0], _TB1_X), (pic.tiebreak_short[1], _TB2_X), ("G", _GAMES_X))
    theme.draw_text(draw, (_X0 + 19, y + 4), "#", 14, fill=theme.MUTED, bold=True, anchor="ma")
    theme.draw_text(draw, (_NAME_X, y + 4), "Player", 14, fill=theme.MUTED, bold=True, anchor="la")
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
    notes = [f"{pic.tiebreak_short[0]} = {pic.tiebreak_labels[0]}, {pic.tiebreak_short[1]} = "
             f"{pic.tiebreak_labels[1]}, G = games"]
    notes.append(f"Top {len(head)} of {len(pic.rows)} players shown" if left_out > 0 else
                 f"{len(pic.rows)} player{'s' if len(pic.rows) != 1 else ''}")
    for k, note in enumerate(notes):
        size = theme.fit_text(note, 14, _X1 - _X0)
        theme.draw_text(draw, (WIDTH / 2, y + 16 + 20 * k), note, size, fill=theme.MUTED, anchor="mm")
    return img


def standings_png(pic: StandingsPicture) -> bytes:
    """The standings card as PNG bytes (the fixed palette: the same picture, the same bytes)."""
    return theme.to_png(standings_image(pic))
