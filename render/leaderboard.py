"""Leaderboard and player-stats pictures (issue 9), drawn with the shared theme.

Pure: the caller passes plain rows (already ranked, names already resolved); nothing here reads
storage or knows Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render import theme

WIDTH = 860
ROW_H = 52


@dataclass(frozen=True)
class BoardRow:
    rank: int
    name: str
    rating: int
    games: int
    wins: int
    provisional: bool = False
    is_caller: bool = False


def _row(draw, y: int, row: BoardRow, shade: bool) -> None:
    x0, x1 = theme.FRAME_WIDTH + 14, WIDTH - theme.FRAME_WIDTH - 14
    fill = theme.mix(theme.YELLOW, theme.CARD, 0.6) if row.is_caller else (theme.PANEL if shade else theme.CARD)
    draw.rounded_rectangle((x0, y, x1, y + ROW_H - 6), radius=8, fill=fill)
    mid = y + (ROW_H - 6) // 2
    medal = {1: theme.YELLOW, 2: theme.LIGHT_GREY, 3: theme.ORANGE}.get(row.rank)
    if medal:
        draw.ellipse((x0 + 10, mid - 17, x0 + 44, mid + 17), fill=medal, outline=theme.INK, width=2)
    theme.draw_text(draw, (x0 + 27, mid), str(row.rank), 20 if row.rank < 100 else 15, bold=True, anchor="mm")
    name = theme.ellipsize(row.name, 22, 380, bold=row.is_caller)
    theme.draw_text(draw, (x0 + 64, mid), name, 22, bold=row.is_caller, anchor="lm")
    rating = f"{row.rating}{'?' if row.provisional else ''}"
    theme.draw_text(draw, (x0 + 560, mid), rating, 24, bold=True, anchor="rm")
    theme.draw_text(draw, (x0 + 680, mid), str(row.games), 20, anchor="rm")
    theme.draw_text(draw, (x1 - 20, mid), str(row.wins), 20, anchor="rm")


def leaderboard_image(title: str, rows: Sequence[BoardRow], *, caller: BoardRow | None = None,
                      page: int = 1, pages: int = 1, labels: Sequence[str] = ("Rating", "Games", "Wins"),
                      empty_text: str = "No rated games yet", footnote: str = "? = provisional (fewer than 5 games)",
                      ) -> Image.Image:
    """The top rows of a server's leaderboard for one game, and the caller's own row below if they are
    not among them.  ``labels`` and texts come translated from the caller."""
    extra = 1 if caller else 0
    height = max(720 // 2, 150 + ROW_H * (max(len(rows), 1) + extra) + 70)
    img, draw = theme.canvas(WIDTH, height)
    x0 = theme.FRAME_WIDTH + 14
    draw.rounded_rectangle((x0 - 8, theme.FRAME_WIDTH + 6, WIDTH - x0 + 8, theme.FRAME_WIDTH + 70), radius=10,
                           fill=theme.PANEL)
    theme.draw_text(draw, (x0 + 6, theme.FRAME_WIDTH + 38), title, 26, bold=True, anchor="lm")
    if pages > 1:
        theme.draw_text(draw, (WIDTH - x0 - 6, theme.FRAME_WIDTH + 38), f"{page}/{pages}", 20, anchor="rm")
    y = theme.FRAME_WIDTH + 84
    for label, x in zip(labels, (x0 + 560, x0 + 680, WIDTH - x0 - 20)):
        theme.draw_text(draw, (x, y), label, 17, fill=theme.GREY, bold=True, anchor="ra")
    y += 30
    if not rows:
        theme.draw_text(draw, (WIDTH / 2, y + 40), empty_text, 22, fill=theme.GREY, anchor="mm")
        y += ROW_H
    for i, row in enumerate(rows):
        _row(draw, y, row, i % 2 == 1)
        y += ROW_H
    if caller:
        theme.draw_text(draw, (WIDTH / 2, y + 2), "⋯", 22, fill=theme.GREY, anchor="mt")
        y += 28
        _row(draw, y, caller, False)
        y += ROW_H
    theme.footer(draw, WIDTH, height, footnote)
    return img


def rating_chart(title: str, ratings: Sequence[int], *, subtitle: str = "") -> Image.Image:
    """A small line chart of a player's rating after each rated game (oldest first)."""
    width, height = 760, 400
    img, draw = theme.canvas(width, height)
    theme.draw_text(draw, (theme.FRAME_WIDTH + 20, theme.FRAME_WIDTH + 16), title, 24, bold=True)
    if subtitle:
        theme.draw_text(draw, (width - theme.FRAME_WIDTH - 20, theme.FRAME_WIDTH + 20), subtitle, 18,
                        fill=theme.GREY, anchor="ra")
    left, top, right, bottom = 90, 100, width - 40, height - 60
    draw.rectangle((left, top, right, bottom), fill=theme.WHITE, outline=theme.LIGHT_GREY)
    points = list(ratings) or [1000]
    lo, hi = min(points), max(points)
    if hi - lo < 40:
        lo, hi = lo - 20, hi + 20
    for frac in (0.0, 0.5, 1.0):
        value = round(lo + (hi - lo) * frac)
        y = bottom - (bottom - top) * frac
        draw.line((left, y, right, y), fill=theme.LIGHT_GREY, width=1)
        theme.draw_text(draw, (left - 10, y), str(value), 16, fill=theme.GREY, anchor="rm")
    n = len(points)
    xy = [(left + (right - left) * (i / max(n - 1, 1)), bottom - (bottom - top) * ((p - lo) / (hi - lo)))
          for i, p in enumerate(points)]
    if n > 1:
        draw.line(xy, fill=theme.BLUE, width=4, joint="curve")
    for x, y in xy[-1:]:
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=theme.ORANGE, outline=theme.INK, width=2)
        theme.draw_text(draw, (x - 10, y - 12), str(points[-1]), 18, bold=True, anchor="rb")
    theme.draw_text(draw, (left, bottom + 12), "1", 14, fill=theme.GREY, anchor="mt")
    theme.draw_text(draw, (right, bottom + 12), str(n), 14, fill=theme.GREY, anchor="mt")
    return img
