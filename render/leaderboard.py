"""Leaderboard and player-stats pictures (issue 9), drawn with the shared theme.

Pure: the caller passes plain rows (already ranked, names already resolved); nothing here reads
storage or knows Discord.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render import theme

#: as wide as the boards (issue 16): at 860 px its 17 px labels were 8 px on a phone's 400; every text here is
#: at least 14 px, 10 px at 400
WIDTH = 560
ROW_H = 46
#: right edges of the three number columns, from the card's right inner edge (x1): wins, games, rating
COLUMN_RIGHT = (14, 104, 196)
#: where a name starts (after the rank's medal) and the room left before the rating's column
NAME_X = 54


@dataclass(frozen=True)
class BoardRow:
    rank: int
    name: str
    rating: int
    games: int
    wins: int
    provisional: bool = False
    is_caller: bool = False


def _columns() -> tuple[int, int, tuple[int, int, int]]:
    """(x0, x1, (rating, games, wins) right edges) of the rows."""
    x0, x1 = theme.FRAME_WIDTH + 12, WIDTH - theme.FRAME_WIDTH - 12
    wins, games, rating = (x1 - r for r in COLUMN_RIGHT)
    return x0, x1, (rating, games, wins)


def _row(draw, y: int, row: BoardRow, shade: bool) -> None:
    x0, x1, (rating_x, games_x, wins_x) = _columns()
    fill = theme.mix(theme.YELLOW, theme.CARD, 0.6) if row.is_caller else (theme.PANEL if shade else theme.CARD)
    draw.rounded_rectangle((x0, y, x1, y + ROW_H - 6), radius=8, fill=fill)
    mid = y + (ROW_H - 6) // 2
    medal = {1: theme.YELLOW, 2: theme.LIGHT_GREY, 3: theme.ORANGE}.get(row.rank)
    if medal:
        draw.ellipse((x0 + 8, mid - 15, x0 + 38, mid + 15), fill=medal, outline=theme.INK, width=2)
    theme.draw_text(draw, (x0 + 23, mid), str(row.rank), 18 if row.rank < 100 else 14, bold=True, anchor="mm")
    rating = f"{row.rating}{'?' if row.provisional else ''}"
    room = rating_x - theme.text_size("8888?", 21, True)[0] - 12 - (x0 + NAME_X)
    shown = theme.drawable_name(row.name, "—")  # a name the fonts cannot draw: the text lines name it
    name = theme.ellipsize_name(shown, 19, room, bold=row.is_caller)  # "Mesa 2 (hard)" keeps its number
    theme.draw_text(draw, (x0 + NAME_X, mid), name, 19, bold=row.is_caller, anchor="lm")
    theme.draw_text(draw, (rating_x, mid), rating, 21, bold=True, anchor="rm")
    theme.draw_text(draw, (games_x, mid), str(row.games), 18, anchor="rm")
    theme.draw_text(draw, (wins_x, mid), str(row.wins), 18, anchor="rm")


def leaderboard_image(title: str, rows: Sequence[BoardRow], *, caller: BoardRow | None = None,
                      page: int = 1, pages: int = 1, labels: Sequence[str] = ("Rating", "Games", "Wins"),
                      empty_text: str = "No rated games yet", footnote: str = "? = provisional (fewer than 5 games)",
                      ) -> Image.Image:
    """The top rows of a server's leaderboard for one game, and the caller's own row below if they are
    not among them.  ``labels`` and texts come translated from the caller."""
    extra = 1 if caller else 0
    height = max(320, 130 + ROW_H * (max(len(rows), 1) + extra) + 60) if rows or caller else 220
    img, draw = theme.canvas(WIDTH, height)
    x0, x1, columns = _columns()
    draw.rounded_rectangle((x0 - 6, theme.FRAME_WIDTH + 6, x1 + 6, theme.FRAME_WIDTH + 62), radius=10,
                           fill=theme.PANEL)
    pager = f"{page}/{pages}" if pages > 1 else ""
    room = x1 - x0 - 12 - (theme.text_size(pager, 18)[0] + 16 if pager else 0)
    theme.draw_text(draw, (x0 + 6, theme.FRAME_WIDTH + 34), theme.ellipsize(title, 24, room, True), 24, bold=True,
                    anchor="lm")
    if pager:
        theme.draw_text(draw, (x1 - 6, theme.FRAME_WIDTH + 34), pager, 18, anchor="rm")
    y = theme.FRAME_WIDTH + 74
    if rows or caller:  # an empty board has no columns to head and no "?" to explain
        for label, x in zip(labels, columns):
            theme.draw_text(draw, (x, y), label, 15, fill=theme.MUTED, bold=True, anchor="ra")
    y += 26
    if not rows:
        theme.draw_text(draw, (WIDTH / 2, y + 36), theme.ellipsize(empty_text, 20, x1 - x0 - 24), 20,
                        fill=theme.MUTED, anchor="mm")
        y += ROW_H
    for i, row in enumerate(rows):
        _row(draw, y, row, i % 2 == 1)
        y += ROW_H
    if caller:
        theme.draw_text(draw, (WIDTH / 2, y + 2), "⋯", 20, fill=theme.MUTED, anchor="mt")
        y += 26
        _row(draw, y, caller, False)
        y += ROW_H
    if rows or caller:
        theme.footer(draw, WIDTH, height, footnote)
    return img


#: the rating chart's size: small enough that its smallest text (15 px) is 10 px on a phone's 400
CHART_WIDTH, CHART_HEIGHT = 600, 340
#: a chart of ratings this close together (one game, a flat run) is drawn amid four steps of this
#: round the middle, rather than on an axis from a number to itself (issue 28, item 12)
CHART_NEAR_STEP = 25
_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000)


def chart_axis(ratings: Sequence[int]) -> tuple[int, int, list[int]]:
    """(low, high, ticks) of the rating axis: round numbers, at most five ticks, spanning the ratings;
    ratings within two steps of each other sit in the middle of four ``CHART_NEAR_STEP`` steps."""
    low, high = min(ratings), max(ratings)
    if high - low <= 2 * CHART_NEAR_STEP:
        step = CHART_NEAR_STEP
        middle = round((low + high) / 2 / step) * step
        lo, hi = middle - 2 * step, middle + 2 * step
        return lo, hi, list(range(lo, hi + 1, step))
    for step in _STEPS:
        lo, hi = math.floor(low / step) * step, math.ceil(high / step) * step
        if (hi - lo) // step <= 4:
            break
    return lo, hi, list(range(lo, hi + 1, step))


def rating_chart(title: str, ratings: Sequence[int], *, subtitle: str = "") -> Image.Image:
    """A small line chart of a player's rating after each rated game (oldest first).

    The latest rating is printed once, beside its dot; the axis gives round numbers round it, never
    the same number again.  One game is a dot in the middle with no game axis (the subtitle counts
    the games), a flat run a level line amid a sensible range (issue 28, item 12: one game drew a
    dot on the edge of an axis "1 … 1" with its value printed twice)."""
    width, height = CHART_WIDTH, CHART_HEIGHT
    img, draw = theme.canvas(width, height)
    x0 = theme.FRAME_WIDTH + 18
    # the title ("Krakatoa: puntuación de Mesa (difícil)") has the whole width, a size smaller where it needs it,
    # and the games counted on a line of their own: beside it, the count left no room for the name, which the
    # title ends with (each of Mesa's levels read "puntuación de Me…")
    room = width - 2 * x0
    size = next((s for s in (22, 20, 18) if theme.text_size(title, s, True)[0] <= room), 18)
    theme.draw_text(draw, (x0, theme.FRAME_WIDTH + 12), theme.ellipsize(title, size, room, True), size, bold=True)
    if subtitle:
        theme.draw_text(draw, (x0, theme.FRAME_WIDTH + 44), theme.ellipsize(subtitle, 17, room), 17, fill=theme.MUTED)
    left, top, right, bottom = 78, 88, width - 34, height - 48
    draw.rectangle((left, top, right, bottom), fill=theme.WHITE, outline=theme.LIGHT_GREY)
    points = list(ratings) or [1000]
    lo, hi, ticks = chart_axis(points)
    latest = str(points[-1])

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - lo) / (hi - lo)

    for tick in ticks:
        y = y_of(tick)
        draw.line((left, y, right, y), fill=theme.LIGHT_GREY, width=1)
        if str(tick) != latest:  # the latest rating is printed once, at its dot
            theme.draw_text(draw, (left - 8, y), str(tick), 15, fill=theme.MUTED, anchor="rm")
    n = len(points)
    if n == 1:
        xy = [((left + right) / 2, y_of(points[0]))]
    else:
        xy = [(left + (right - left) * i / (n - 1), y_of(p)) for i, p in enumerate(points)]
        draw.line(xy, fill=theme.BLUE, width=4, joint="curve")
        theme.draw_text(draw, (left, bottom + 10), "1", 15, fill=theme.MUTED, anchor="mt")
        theme.draw_text(draw, (right, bottom + 10), str(n), 15, fill=theme.MUTED, anchor="mt")
    x, y = xy[-1]
    draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=theme.ORANGE, outline=theme.INK, width=2)
    # above the dot (over the plot's top edge when the dot is on it: the margin under the title has room)
    # on a white ground of its own: a line falling to the last dot runs through where the number stands
    label_xy, anchor = (x - 10 if n > 1 else x, y - 12), "rb" if n > 1 else "mb"
    lx0, ly0, lx1, ly1 = theme.font(18, True).getbbox(latest, anchor=anchor)
    draw.rounded_rectangle((label_xy[0] + lx0 - 4, label_xy[1] + ly0 - 3, label_xy[0] + lx1 + 4, label_xy[1] + ly1 + 3),
                           radius=4, fill=theme.WHITE, outline=theme.LIGHT_GREY)
    theme.draw_text(draw, label_xy, latest, 18, bold=True, anchor=anchor)
    return img
