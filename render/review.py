"""The picture of Mesa's review of a game (issue 32): who was winning, move by move.

``review_image(review, names)`` draws the review ``ai.review.assemble`` made: a graph of every
seat's chance to win over the game (Mesa's estimate after each decision, as the player who decided
next read it from their own view, and in Krakatoa after each stretch of dice too), one line per seat in
the colours the boards give the seats (Kona's capybara and poodle, Plateau's Black and White, the seat
colours elsewhere; Krakatoa's partners, KR-6.2, share one line, their team's), and the three largest
swings marked with numbered discs 1, 2, 3 in game order, the numbers the review's words use: a
decision's, or (Krakatoa) the dice's between two decisions, drawn where they fell.  The axes say 0-100 %
and the move numbers; a legend names the players, each with the badge of its seat (colour *and* shape,
so lines are told apart without colour).

Words in the picture are few, in the reader's language (``WORDS``, ``render.words``); the turning points are
told in words under it by the caller.  Pure: the review is a plain dict, the result PNG bytes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import theme, words

WIDTH = theme.MAX_WIDTH
#: the plot's height in pixels
PLOT_H = 250
#: the games whose boards give their seats colours of their own (``render/kona.py``, ``render/plateau.py``)
LINE_COLOURS: dict[str, tuple[theme.RGB, ...]] = {
    "kona": (theme.VERMILLION, theme.BLUE),
    "plateau": (theme.INK, theme.WHITE),
}
TITLES = {"kona": "Kona", "plateau": "Plateau", "k3": "K3", "krakatoa": "Krakatoa"}
#: the words the picture draws (``render.words``), as the review's words under it say them
WORDS: words.Catalog = {
    "en": {"title": "Review · {game}", "chance": "chance to win", "move": "move", "none": "No decisions"},
    "es": {"title": "Revisión · {game}", "chance": "probabilidad de ganar", "move": "jugada",
           "none": "Ninguna decisión"},
}
#: the radius of the badge at a line's end
END_R = 8
#: how far under the plot the move numbers start: clear of an end badge at 0 % (its outline included), which
#: covered the last move's number in nearly every decided game
TICKS_DOWN = END_R + 6
#: the swing discs: radius, and the colour they are filled with
DISC_R = 12
#: the room between the swing discs and the plot: clear of an end badge at 100 % (radius ``END_R``), which a swing
#: at the last move's disc touched
DISC_GAP = END_R + 5
DISC: theme.RGB = theme.YELLOW
#: the band behind a swing's decision
BAND: theme.RGB = theme.mix(theme.YELLOW, theme.WHITE, 0.4)
#: the plot's ground: lighter than the card, and not white (Plateau's White line must show on it)
PLOT: theme.RGB = theme.mix(theme.CARD, theme.WHITE, 0.4)


#: with three or four lines, each seat's dash pattern (pixels on, off, ...; none: solid): under a simulated
#: deuteranopia K3's green and pink lines turn the same grey, and crossings could not be followed by colour alone
DASHES: tuple[tuple[int, ...], ...] = ((), (14, 6), (6, 4), (14, 4, 3, 4))


def dashed(xy: Sequence[tuple[float, float]], pattern: Sequence[int]) -> list[list[tuple[float, float]]]:
    """The pieces of the polyline ``xy`` that ``pattern`` (lengths on, off, on, off, ...) draws, in order."""
    pieces: list[list[tuple[float, float]]] = []
    k, left, on = 0, float(pattern[0]), True
    current: list[tuple[float, float]] = [xy[0]] if xy else []
    for (ax, ay), (bx, by) in itertools.pairwise(xy):
        length, done = math.hypot(bx - ax, by - ay), 0.0
        while length - done > left:
            done += left
            point = (ax + (bx - ax) * done / length, ay + (by - ay) * done / length)
            if on:
                pieces.append([*current, point])
            current = [point]
            k = (k + 1) % len(pattern)
            left, on = float(pattern[k]), not on
        left -= length - done
        if on:
            current.append((bx, by))
        else:
            current = [(bx, by)]
    if on and len(current) > 1:
        pieces.append(current)
    return pieces


def colour_of(game: str, seat: int) -> theme.RGB:
    """The colour of ``seat``'s line (and legend badge)."""
    own = LINE_COLOURS.get(game)
    if own is not None and seat < len(own):
        return own[seat]
    return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]


def shown_after(decision: dict[str, Any]) -> list[float]:
    """The chances the graph shows after a decision (``ai.review``'s ``seen``, else its ``after``)."""
    return list(decision.get("seen") or decision["after"])


def lines_of(review: dict[str, Any]) -> list[tuple[list[int], list[tuple[int, float]]]]:
    """(the seats of a line, its points (move number, chance)): one line per side, the first point the
    first decision's ``before`` one move earlier, then every decision's ``seen`` (``ai.review``: the position
    it left as the next player to decide read it; a review kept before ``seen`` existed: ``after``) and,
    in move order among them, the point after each stretch of dice (``ai.review``'s ``dice``: Krakatoa's
    throws, where its line moves most)."""
    decisions = review.get("decisions") or []
    out = []
    for side in _sides(review):
        seat = side[0]
        points: list[tuple[int, float]] = []
        if decisions:
            first = decisions[0]
            points.append((int(first["ply"]) - 1, float(first["before"][seat])))
        for d in [*decisions, *(review.get("dice") or [])]:
            points.append((int(d["ply"]), float(shown_after(d)[seat])))
        points[1:] = sorted(points[1:], key=lambda p: p[0])
        out.append((list(side), points))
    return out


def _sides(review: dict[str, Any]) -> list[list[int]]:
    """Each line's seats: the review's sides (KR-6.2's partners share one), else a seat a side."""
    return [list(side) for side in review.get("sides") or [[s] for s in range(int(review.get("seats", 2)))]]


def swing_marks(review: dict[str, Any]) -> list[tuple[int, float, float, int]]:
    """The marked swings in game order (the discs' numbers, and the words' order): (move number, the
    chance before, after, the seat whose line it is on: its side's first, KR-6.2's partners sharing one) — a
    decision's (``swings``: its mover's line; where the graph stepped more on another line just before the move,
    a seat reading the position otherwise than the seat before, ``reread``, that line's step from its point
    before: the mark had been on the mover's line, which barely moved) or a stretch of dice's (``dice_swings``:
    the line of the seat they moved most)."""
    line_of = {s: side[0] for side in _sides(review) for s in side}
    marks = []
    for key, swings in (("decisions", "swings"), ("dice", "dice_swings")):
        listed = review.get(key) or []
        for k in review.get(swings) or []:
            if 0 <= int(k) < len(listed):
                d = listed[int(k)]
                seat = int(d["seat"])
                before, after = float(d["before"][seat]), float(shown_after(d)[seat])
                reread = d.get("reread")  # the step just before the move, read from another seat (``ai.review``)
                if reread is not None and int(reread["seat"]) != seat:
                    other = int(reread["seat"])
                    was, now = float(reread["was"]), float(shown_after(d)[other])
                    if abs(now - was) > abs(after - before):  # the larger step is that line's: marked there
                        seat, before, after = other, was, now
                marks.append((int(d["ply"]), before, after, line_of.get(seat, seat)))
    return sorted(marks)


def _ticks(lo: int, hi: int) -> list[int]:
    """Round move numbers for the x axis: at most six, the ends included."""
    span = max(1, hi - lo)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if span / step <= 5:
            break
    ticks = [t for t in range((lo // step + 1) * step, hi, step) if t - lo >= step * 0.6 and hi - t >= step * 0.6]
    return [lo, *ticks, hi]


def plot_box(review: dict[str, Any]) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the plot in the picture: under the title, the legend (two
    players a row) and the row of swing discs."""
    columns = legend_columns(review)
    legend_rows = (len(lines_of(review)) + columns - 1) // columns
    x0 = theme.FRAME_WIDTH + theme.MARGIN // 2
    x1 = WIDTH - theme.FRAME_WIDTH - theme.MARGIN // 2
    legend_top = theme.FRAME_WIDTH + 8 + 44 + 6
    plot_top = legend_top + 34 * legend_rows + 8 + 2 * DISC_R + DISC_GAP
    return x0 + 52, plot_top, x1 - 8, plot_top + PLOT_H


def legend_columns(review: dict[str, Any]) -> int:
    """The legend's entries a row: two, each a line's seats; one where a line is a team's (KR-6.2's partners, one
    with a whole cooperative table): a team's names side by side in half a row lost the partner's name."""
    sides = _sides(review)
    return 1 if len(sides) == 1 or any(len(side) > 1 for side in sides) else 2


def legend_label(names: Sequence[str], lang: str, width: int) -> tuple[str, int]:
    """A legend entry's words and size: the names of its seats as a list, at the largest size from 19 down to 16
    that fits ``width``; where even 16 is too large, each name cut to an equal share (every partner still named)."""
    label = words.joined(lang, list(names))
    size = theme.fit_text(label, 19, width, min_size=16)
    if theme.fits(label, size, width) or len(names) == 1:
        return theme.ellipsize_name(label, size, width), size
    share = width
    while share > 20:
        cut = [theme.ellipsize_name(name, size, share) for name in names]
        label = words.joined(lang, cut)
        if theme.fits(label, size, width):
            return label, size
        share -= 4
    return theme.ellipsize_name(label, size, width), size


def review_image(review: dict[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """The review's graph as PNG bytes (see the module docstring); ``names`` by seat; its words in ``lang``."""
    return theme.to_png(draw_review(review, names, lang))


def draw_review(review: dict[str, Any], names: Sequence[str], lang: str = "en") -> Image.Image:
    """``review_image``'s picture, before it is encoded (tests read what it drew)."""
    lang = words.lang_of(lang)
    names = [theme.drawable_name(name, words.player(lang, seat)) for seat, name in enumerate(names)]
    game = str(review.get("game", ""))
    lines = lines_of(review)
    x0 = theme.FRAME_WIDTH + theme.MARGIN // 2
    x1 = WIDTH - theme.FRAME_WIDTH - theme.MARGIN // 2
    top = theme.FRAME_WIDTH + 8
    head_h = 44
    legend_top = top + head_h + 6
    plot_left, plot_top, plot_right, plot_bottom = plot_box(review)
    disc_row = plot_top - DISC_GAP - DISC_R
    height = plot_bottom + TICKS_DOWN + 48 + theme.FRAME_WIDTH
    img, draw = theme.canvas(WIDTH, height)

    # the title
    draw.rounded_rectangle((x0, top, x1, top + head_h), radius=10, fill=theme.PANEL)
    title = words.say(WORDS, lang, "title", game=TITLES.get(game, game.capitalize()))
    theme.draw_text(draw, (x0 + 14, top + head_h / 2), title, 22, bold=True, anchor="lm")
    theme.draw_text(draw, (x1 - 14, top + head_h / 2), words.say(WORDS, lang, "chance"), 17, fill=theme.MUTED,
                    anchor="rm")

    # the legend: two players a row, each with its seat's badge (a team, KR-6.2 or K3-8: a whole row each)
    columns = legend_columns(review)
    col_w = (x1 - x0) / columns
    for i, (side, _) in enumerate(lines):
        cx = x0 + (i % columns) * col_w
        cy = legend_top + 17 + (i // columns) * 34
        _badge(draw, game, side[0], (cx + 18, cy), radius=15)  # its number legible at 400 px too
        label, size = legend_label([names[s] if s < len(names) else words.player(lang, s) for s in side], lang,
                                   int(col_w - 48))
        theme.draw_text(draw, (cx + 38, cy), label, size, anchor="lm")

    # the plot: 0-100 % up, move numbers across
    draw.rectangle((plot_left, plot_top, plot_right, plot_bottom), fill=PLOT, outline=theme.LIGHT_GREY)
    for pct in (0, 25, 50, 75, 100):
        y = plot_bottom - PLOT_H * pct / 100
        draw.line((plot_left, y, plot_right, y), fill=theme.LIGHT_GREY if pct % 50 else theme.GREY, width=1)
        if pct % 50 == 0:
            theme.draw_text(draw, (plot_left - 6, y), f"{pct} %", 16, fill=theme.MUTED, anchor="rm")
    points = [p for _, line in lines for p in line]
    if not points:
        theme.draw_text(draw, ((plot_left + plot_right) / 2, plot_top + PLOT_H / 2), words.say(WORDS, lang, "none"), 20,
                        fill=theme.MUTED, anchor="mm")
        return img
    lo = min(x for x, _ in points)
    hi = max(max(x for x, _ in points), lo + 1)

    def at(x: float, chance: float) -> tuple[float, float]:
        return (plot_left + (plot_right - plot_left) * (x - lo) / (hi - lo), plot_bottom - PLOT_H * chance)

    for tick in _ticks(lo, hi):
        tx = at(tick, 0)[0]
        draw.line((tx, plot_bottom, tx, plot_bottom + 5), fill=theme.GREY, width=1)
        theme.draw_text(draw, (tx, plot_bottom + TICKS_DOWN), str(tick), 16, fill=theme.MUTED, anchor="mt")
    theme.draw_text(draw, ((plot_left + plot_right) / 2, plot_bottom + TICKS_DOWN + 22), words.say(WORDS, lang, "move"),
                    16, fill=theme.MUTED, anchor="mt")

    # the swings: a band at the decision (or the dice), and its numbered disc above the plot
    marks = []
    for ply, before, after, seat in swing_marks(review):
        x, y_after = at(ply, after)
        _, y_before = at(ply, before)
        draw.rectangle((max(plot_left + 1, x - 4), plot_top + 1, min(plot_right - 1, x + 4), plot_bottom - 1),
                       fill=BAND)  # within the plot, at its ends too
        marks.append((x, y_before, y_after, seat))

    ends: list[tuple[int, tuple[float, float]]] = []
    for side, line in lines:  # the lines over the bands
        xy = [at(x, c) for x, c in line]
        colour = colour_of(game, side[0])
        if colour == theme.WHITE:  # Plateau's White: a white line edged in ink, as its pieces are drawn
            draw.line(xy, fill=theme.INK, width=8, joint="curve")
        pattern = DASHES[side[0] % len(DASHES)] if len(lines) > 2 else ()
        if pattern:  # three or four lines: each its own dash too, for eyes that tell some colours apart poorly
            for piece in dashed(xy, pattern):
                draw.line(piece, fill=colour, width=3, joint="curve")
        else:
            draw.line(xy, fill=colour, width=4 if colour == theme.WHITE else 3, joint="curve")
        ends.append((side[0], xy[-1]))
    for seat, centre in end_badges(ends):  # over every line: each end shows its seat's badge
        _badge(draw, game, seat, centre, radius=END_R)

    placed = disc_positions([m[0] for m in marks], plot_left + DISC_R, x1 - DISC_R, 2 * DISC_R + 4)
    for n, ((x, y_before, y_after, seat), dx) in enumerate(zip(marks, placed), start=1):
        draw.line((x, y_before, x, y_after), fill=theme.INK, width=3)
        draw.ellipse((x - 5, y_after - 5, x + 5, y_after + 5), fill=colour_of(game, seat), outline=theme.INK, width=2)
        draw.line((x, plot_top, dx, disc_row + DISC_R), fill=theme.INK, width=1)
        draw.ellipse((dx - DISC_R, disc_row - DISC_R, dx + DISC_R, disc_row + DISC_R), fill=DISC, outline=theme.INK,
                     width=2)
        theme.draw_text(draw, (dx, disc_row + 1), str(n), 16, fill=theme.INK, bold=True, anchor="mm", symbol=True)
    return img


def disc_positions(xs: Sequence[float], left: float, right: float, gap: float) -> list[float]:
    """The swing discs' centres over the marks at ``xs`` (in game order): each over its mark where it can be,
    at least ``gap`` apart, all within ``left``..``right``: a disc too close to the one before moves right, and
    where that runs past ``right`` (swings near the end of the game) the discs move back left together; three
    swings close to the end had two discs drawn on one spot, and one number was lost."""
    placed: list[float] = []
    for x in xs:
        placed.append(max(x, left, placed[-1] + gap) if placed else max(x, left))
    for k in range(len(placed) - 1, -1, -1):
        limit = right if k == len(placed) - 1 else placed[k + 1] - gap
        placed[k] = min(placed[k], limit)
    return placed


def end_badges(ends: Sequence[tuple[int, tuple[float, float]]]) -> list[tuple[int, tuple[float, float]]]:
    """Where each line's end badge goes: at its line's end, or, where ends meet (players out at 0 %, a shared
    100 %), moved left one badge at a time so that every seat's badge shows, side by side."""
    step = 2 * END_R + 3
    placed: list[tuple[int, tuple[float, float]]] = []
    for seat, (x, y) in ends:
        while any(abs(x - px) < step and abs(y - py) < step for _, (px, py) in placed):
            x -= step
        placed.append((seat, (x, y)))
    return placed


def _badge(draw: ImageDraw.ImageDraw, game: str, seat: int, centre: tuple[float, float], radius: float = 11) -> None:
    """A seat's badge: the board's own colour and letter where the game has them (Kona's C and P,
    Plateau's B and W), else the theme's seat marker (colour, shape and number)."""
    own = LINE_COLOURS.get(game)
    if own is None:
        theme.seat_marker(draw, centre, radius, seat, str(seat + 1) if radius >= 10 else None)
        return
    colour = colour_of(game, seat)
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=theme.INK, width=2)
    if radius >= 10:
        letter = {"kona": "CP", "plateau": "BW"}[game][seat % 2]
        theme.draw_text(draw, (x, y), letter, 14, fill=theme.ink_on(colour), bold=True, anchor="mm", symbol=True)
