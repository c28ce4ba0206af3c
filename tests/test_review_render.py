"""The review's picture (issue 32, ``render.review``): its size, one line per seat in the seat's colour,
the numbered swing discs, and text that reads at the 400 px a phone shows.  Reviews here are written
by hand (no search): the picture is tested on its own."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image

from render import theme
from render.review import (
    BAND,
    DISC,
    END_R,
    WIDTH,
    colour_of,
    draw_review,
    end_badges,
    lines_of,
    plot_box,
    review_image,
    swing_marks,
)

PHONE = 400


def decision(index: int, seat: int, before: list[float], after: list[float]) -> dict[str, Any]:
    return {"index": index, "ply": index + 1, "seat": seat, "played": "x", "best": "y", "before": before,
            "after": after, "best_after": before, "points_played": None, "points_best": None}


def hand_review(game: str, seats: int, swings: list[int], sides: list[list[int]] | None = None) -> dict[str, Any]:
    """A review of 12 decisions, seats in turn, the chances drifting and falling at 3, 7 and 10."""
    decisions = []
    weights = [seats + 2 - s for s in range(seats)]  # apart from the start, so no line hides another
    chances = [w / sum(weights) for w in weights]
    for k in range(12):
        seat = k % seats
        before = list(chances)
        shift = 0.3 if k in (3, 7, 10) else 0.02
        after = list(chances)
        moved = min(shift, after[seat])
        after[seat] -= moved
        for s in range(seats):
            if s != seat:
                after[s] += moved / (seats - 1)
        decisions.append(decision(2 * k, seat, before, after))
        chances = after
    return {"game": game, "seats": seats, "sides": sides or [[s] for s in range(seats)], "level": "hard",
            "decisions": decisions, "swings": swings, "mistakes": {}, "blunders": {}, "points_lost": {}}


def colours(png: bytes, box: tuple[int, int, int, int] | None = None) -> dict[tuple[int, int, int], int]:
    """Pixels per colour (of the part ``box`` when given: the plot, without the legend's badges)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if box is not None:
        image = image.crop(box)
    return {c: n for n, c in image.getcolors(image.width * image.height) or []}


def shown(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour a PNG holds where ``colour`` was drawn (the theme's fixed palette shows a light colour
    a shade off: white is stored as (253, 252, 250))."""
    return theme.to_palette(Image.new("RGB", (1, 1), colour)).convert("RGB").getpixel((0, 0))  # type: ignore[return-value]


@pytest.mark.parametrize(("game", "seats"), [("kona", 2), ("plateau", 2), ("k3", 3), ("k3", 4), ("krakatoa", 4)])
def test_the_picture_is_a_png_of_the_phone_width_with_a_line_per_seat(game: str, seats: int) -> None:
    review = hand_review(game, seats, [3, 7, 10])
    png = review_image(review, ["Ana", "Ben", "Cy", "Di"][:seats])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == WIDTH <= theme.MAX_WIDTH
    assert 300 <= image.height <= 700
    found = colours(png, plot_box(review))
    for seat in range(seats):  # a line across the plot, more than its end's badge (radius 8, 200 px)
        assert found.get(shown(colour_of(game, seat)), 0) > 600, f"no line of seat {seat}'s colour"


def test_the_seat_colours_are_the_boards() -> None:
    assert colour_of("kona", 0) == theme.VERMILLION and colour_of("kona", 1) == theme.BLUE  # capybara, poodle
    assert colour_of("plateau", 0) == theme.INK and colour_of("plateau", 1) == theme.WHITE  # Black, White
    assert [colour_of("k3", s) for s in range(4)] == list(theme.SEAT_COLOURS)


def test_a_seat_without_a_line_shows_no_colour_of_its_own() -> None:
    """The check above has teeth: a colour no line uses is absent (K3's fourth seat in a 3-player game)."""
    review = hand_review("k3", 3, [])
    png = review_image(review, ["Ana", "Ben", "Cy"])
    assert colours(png, plot_box(review)).get(shown(colour_of("k3", 2)), 0) > 600
    assert colours(png).get(shown(colour_of("k3", 3)), 0) == 0


def test_partners_share_one_line() -> None:
    review = hand_review("krakatoa", 4, [2, 3], sides=[[0, 2], [1, 3]])  # swings of Cy (seat 2) and Di (seat 3)
    for d in review["decisions"]:
        for key in ("before", "after", "best_after"):
            d[key] = [d[key][0], d[key][1], d[key][0], d[key][1]]
    found = colours(review_image(review, ["Ana", "Ben", "Cy", "Di"]), plot_box(review))
    assert found.get(shown(colour_of("krakatoa", 0)), 0) > 600 and found.get(shown(colour_of("krakatoa", 1)), 0) > 600
    # no colour of the second partners, not even the dots of their swings: those are on their team's line
    assert found.get(shown(colour_of("krakatoa", 2)), 0) == 0 and found.get(shown(colour_of("krakatoa", 3)), 0) == 0
    assert [seat for _, _, _, seat in swing_marks(review)] == [0, 1]


def test_the_swings_are_numbered_discs_in_game_order() -> None:
    with theme.recording() as marks:
        png = review_image(hand_review("kona", 2, [10, 3, 7]), ["Ana", "Ben"])
    numbers = [m.what for m in marks if m.what in ("1", "2", "3") and m.kind == "symbol"]
    assert numbers == ["1", "2", "3"]
    with_discs = colours(png).get(shown(DISC), 0)
    assert with_discs > 3 * 200  # three discs of radius 12
    without = colours(review_image(hand_review("kona", 2, []), ["Ana", "Ben"])).get(shown(DISC), 0)
    assert without == 0
    one = colours(review_image(hand_review("kona", 2, [7]), ["Ana", "Ben"])).get(shown(DISC), 0)
    assert 0 < one < with_discs


def test_the_dice_between_decisions_are_points_of_the_lines_and_their_swings_are_marked_in_game_order() -> None:
    """Krakatoa: the point after each stretch of dice joins the lines in move order, and a swing the dice made
    is marked where they fell, on the line of the seat they moved, numbered with the decisions' swings."""
    review = hand_review("krakatoa", 2, [7])  # decisions at moves 1, 3, 5, ...; a decision's swing at move 15
    dice_ply = 20  # between the decisions at moves 19 and 21
    review["dice"] = [{"index": dice_ply - 1, "ply": dice_ply, "from": 18, "seat": 1, "before": [0.6, 0.4],
                       "seen": [0.1, 0.9]},
                      {"index": 3, "ply": 4, "from": 2, "seat": 0, "before": [0.5, 0.5], "seen": [0.45, 0.55]}]
    review["dice_swings"] = [0]
    for side, points in lines_of(review):
        plies = [p for p, _ in points]
        assert plies == sorted(plies) and dice_ply in plies and 4 in plies
        assert dict(points)[dice_ply] == review["dice"][0]["seen"][side[0]]
    marks = swing_marks(review)
    assert [(ply, seat) for ply, _, _, seat in marks] == [(15, 1), (dice_ply, 1)]  # game order, each its line
    assert marks[1][1:3] == (0.4, 0.9)  # the dice's seat: from its chance before to after
    with theme.recording() as recorded:
        image = draw_review(review, ["Ana", "Ben"])
    discs = [m.what for m in recorded if m.kind == "symbol" and m.ground == DISC]  # not the seats' badges
    assert discs == ["1", "2"]
    left, top, right, _ = plot_box(review)
    plies = [p for _, points in lines_of(review) for p, _ in points]
    x = left + (right - left) * (dice_ply - min(plies)) / (max(plies) - min(plies))
    assert image.convert("RGB").getpixel((round(x), top + 3)) == BAND  # the band where the dice fell
    assert image.convert("RGB").getpixel((round(x) + 12, top + 3)) != BAND


def test_text_reads_at_phone_width_and_names_are_there() -> None:
    names = ["Ana", "Bartholomew the Magnificent of the Seven Seas"]
    with theme.recording() as marks:
        draw_review(hand_review("plateau", 2, [3, 7, 10]), names)
    texts = [m for m in marks if m.kind in ("text", "symbol")]
    assert texts
    for m in texts:
        assert m.size * PHONE / WIDTH >= 9.0, f"{m.what!r} is {m.size} px: too small on a phone"
    said = " ".join(m.what for m in texts)
    assert "Ana" in said and "Bartholomew" in said
    assert "0 %" in said and "100 %" in said and "move" in said


@pytest.mark.parametrize("game", ["krakatoa", "plateau"])
def test_the_picture_speaks_the_readers_language(game: str) -> None:
    """The title, the axis and "chance to win" in Spanish for a Spanish reader (the words under it are Spanish
    too), the title and the label beside it apart; and the English picture as it was."""
    review = hand_review(game, 2, [3, 7, 10])
    said: dict[str, list[str]] = {}
    for lang in ("es", "en", "es-419"):
        with theme.recording() as marks:
            draw_review(review, ["Ana", "Ben"], lang)
        said[lang] = [m.what for m in marks if m.kind == "text"]
    title = f"Revisión · {game.capitalize()}"
    assert {title, "probabilidad de ganar", "jugada"} <= set(said["es"]) and said["es-419"] == said["es"]
    assert not {"chance to win", "move"} & set(said["es"])
    assert {f"Review · {game.capitalize()}", "chance to win", "move"} <= set(said["en"])
    left = theme.FRAME_WIDTH + theme.MARGIN // 2
    room = WIDTH - 2 * left - 28  # the title's panel, less its padding on both sides
    assert theme.text_size(title, 22, bold=True)[0] + theme.text_size("probabilidad de ganar", 17)[0] + 12 < room
    empty = {**review, "decisions": []}
    with theme.recording() as marks:
        draw_review(empty, ["Ana", "Ben"], "es")
    assert "Ninguna decisión" in [m.what for m in marks]


def test_an_empty_review_still_draws() -> None:
    review = hand_review("k3", 2, [])
    review["decisions"] = []
    image = Image.open(io.BytesIO(review_image(review, ["Ana", "Ben"])))
    assert image.width == WIDTH


def test_lines_ending_together_show_every_seat_s_badge_side_by_side() -> None:
    """Players out at 0 % end at one point: each end badge moves left until none covers another (only one
    shape showed); an end apart stays at its line's end."""
    placed = end_badges([(0, (500.0, 400.0)), (1, (500.0, 400.0)), (2, (500.0, 401.0)), (3, (500.0, 150.0))])
    assert placed[0] == (0, (500.0, 400.0)) and placed[3] == (3, (500.0, 150.0))
    xs = [x for _, (x, y) in placed[:3]]
    assert len(set(xs)) == 3 and all(abs(a - b) >= 2 * END_R for a in xs for b in xs if a != b)



@pytest.mark.parametrize(("game", "seats"), [("kona", 2), ("k3", 3), ("krakatoa", 3)])
def test_the_last_move_number_stands_clear_of_badges_ending_at_0_percent(game: str, seats: int) -> None:
    """A decided game ends with lines at 0 %, their badges on the plot's bottom edge right over the last move's
    number: they touched it (one pixel row apart), and at 400 px "238" read "230". The number starts at least
    3 rows under the badges' outlines, 2 rows still at a phone's 400 px."""
    review = hand_review(game, seats, [])
    review["decisions"][-1]["after"] = [0.0] * (seats - 1) + [1.0]
    image = draw_review(review, ["Ana", "Ben", "Cy"][:seats]).convert("RGB")
    _, _, right, bottom = plot_box(review)
    columns = range(right - 40, min(image.width, right + 30))
    rows = range(bottom + 2, image.height)
    badges = [y for y in rows if any(image.getpixel((x, y)) == theme.INK for x in columns)]
    number = [y for y in rows if any(image.getpixel((x, y)) == theme.MUTED for x in columns)]
    assert badges and number  # the end badges reach under the plot, and the last move's number is drawn
    assert min(number) - max(badges) > 3


def test_the_swing_discs_keep_apart_and_inside_even_near_the_end() -> None:
    # three swings close to the game's end: the second disc was pushed right and the third clamped onto it, so
    # the picture showed "1" and "3" while the words listed 1, 2 and 3
    from render.review import disc_positions
    for xs in ([500, 520, 530], [10, 12, 14], [100, 300, 540], [530, 531, 532], [200]):
        placed = disc_positions(xs, 60, 540, 30)
        assert len(placed) == len(xs) and all(60 <= p <= 540 for p in placed)
        assert all(b - a >= 30 for a, b in itertools.pairwise(placed))  # in game order, never on each other
    assert disc_positions([100, 300, 500], 60, 540, 30) == [100, 300, 500]  # over its mark where there is room


def test_the_graph_in_words_tells_each_line_and_each_marked_swing() -> None:
    """The picture's alt text (``Review.graph_words``): each line from its first point to its last, in whole
    percent, and the marked swings by their numbers, in both languages; a review without a picture says nothing."""
    from tables.i18n import said
    from tables.reviews import Review

    analysis = hand_review("kona", 2, [3, 7])
    first, last = analysis["decisions"][0], analysis["decisions"][-1]
    review = Review(1, "kona", "Kona", ("Ana", "Ben"), analysis, {}, b"png")
    words = said(review.graph_words(), "en")
    for seat, name in enumerate(("Ana", "Ben")):
        start, end = round(100 * first["before"][seat]), round(100 * last["after"][seat])
        assert f"{name} from {start} % to {end} %" in words, words
    for n, k in enumerate((3, 7), start=1):  # the swings, numbered in game order as the discs are
        d = analysis["decisions"][k]
        who = ("Ana", "Ben")[d["seat"]]
        before, after = round(100 * d["before"][d["seat"]]), round(100 * d["after"][d["seat"]])
        assert f"{n} at move {d['ply']}, {who} from {before} % to {after} %" in words, words
    assert f"up to move {last['ply']}" in words
    assert said(review.graph_words(), "es").startswith("Un gráfico de las posibilidades de ganar")
    assert said(Review(1, "kona", "Kona", ("Ana", "Ben"), analysis, {}, b"").graph_words(), "en") == ""


def test_a_teams_legend_names_every_partner_however_long_their_names() -> None:
    """Partners share a line and a legend entry (KR-6.2): in half a row, long names lost the partner's altogether
    ("Maximiliano_Rodríguez_…"); a team's entry now has the whole row, and where the names still do not fit
    each is cut to a share, so every partner is named."""
    from render.review import legend_columns, legend_label

    teams = hand_review("krakatoa", 4, [], sides=[[0, 2], [1, 3]])
    assert legend_columns(teams) == 1 and legend_columns(hand_review("krakatoa", 4, [])) == 2
    assert plot_box(teams)[1] > plot_box(hand_review("kona", 2, []))[1]  # two rows of legend above the plot
    long = ["Maximiliano_Rodríguez_Fernández", "Alejandra_Gutiérrez_Fernández"]
    label, size = legend_label(long, "es", 450)
    assert theme.fits(label, size, 450) and size >= 16
    first, second = label.split(" y ")
    assert first.startswith("Maximiliano") and second.startswith("Alejandra")
    assert legend_label(["Ana", "Cy"], "en", 450) == ("Ana & Cy", 19)  # short names as they are


def test_a_swing_at_the_last_move_keeps_its_disc_off_the_end_badge_and_its_band_inside_the_plot() -> None:
    """A decisive last move (a resignation after it): its numbered disc sat on the end badge at 100 %, and its band
    ran past the plot's right edge."""
    review = hand_review("kona", 2, [11])
    review["decisions"][-1]["after"] = [1.0, 0.0]  # the last decision, seat 1's: seat 0 then sure to win
    review["decisions"][-1]["seat"] = 0
    image = draw_review(review, ["Ana", "Ben"]).convert("RGB")
    _, top, right, bottom = plot_box(review)
    columns = range(right - 30, min(image.width, right + 20))
    disc = [y for y in range(top - 40, top) if any(image.getpixel((x, y)) == DISC for x in columns)]
    badge = [y for y in range(top - 40, top) if any(image.getpixel((x, y)) == colour_of("kona", 0) for x in columns)]
    # between the fills, each one's 2-pixel outline and a clear row at least: they touched (4 rows apart)
    assert disc and badge and min(badge) - max(disc) >= 6
    band = shown(BAND)
    assert not any(image.getpixel((x, y)) in (BAND, band) for x in range(right + 1, image.width)
                   for y in range(top, bottom))


def test_a_swing_read_otherwise_just_before_the_move_is_marked_on_the_line_that_stepped() -> None:
    """K3's building (pyramids hidden, K3-10): the graph steps on Cy's line just before Ana's move, Cy reading
    Cy's chance 25 % and Ana reading it 9 %; the words tell that step, but the mark sat on Ana's line, which moved
    4 points.  It is on the line that stepped, from its point before."""
    review = hand_review("k3", 3, [5])
    d = review["decisions"][5]  # seat 2's decision (Cy's): the line of seat 0 stepped before it
    d["seat"], d["before"], d["after"] = 2, [0.09, 0.59, 0.32], [0.09, 0.63, 0.28]
    d["reread"] = {"seat": 0, "reader": 1, "was": 0.25, "now": 0.09}
    [(ply, before, after, seat)] = swing_marks(review)
    assert (ply, before, after, seat) == (d["ply"], 0.25, 0.09, 0)
    d["after"] = [0.09, 0.91, 0.0]  # the move itself swung more: its own line, as before
    assert swing_marks(review)[0][1:] == (0.32, 0.0, 2)


def test_three_or_four_lines_are_told_apart_by_their_dashes_too() -> None:
    # under a simulated deuteranopia K3's green and pink lines turned the same grey: each seat has a dash of its own
    import math

    from render.review import DASHES, dashed

    assert len(set(DASHES)) == 4 and DASHES[0] == ()
    straight = [(0.0, 0.0), (50.0, 0.0), (100.0, 0.0)]  # a bend at 50 inside a dash
    pieces = dashed(straight, (14, 6))
    drawn = [math.dist(piece[0], piece[-1]) for piece in pieces]
    assert [round(piece[0][0]) for piece in pieces] == list(range(0, 100, 20))  # a dash every 20 px
    assert all(abs(length - 14) < 1e-6 for length in drawn)
    assert any(len(piece) == 3 for piece in pieces), "a dash across a bend keeps the bend"
