"""Leaderboard and stats pictures (issue 9): sizes, determinism, the caller's row."""

from __future__ import annotations

import io

from PIL import Image

from render import theme
from render.leaderboard import BoardRow, leaderboard_image, rating_chart


def rows(n: int) -> list[BoardRow]:
    return [BoardRow(i + 1, f"Player {i + 1}", 1200 - 10 * i, 5 + i, 3, provisional=i > 5) for i in range(n)]


def test_leaderboard_grows_with_the_caller_row_and_is_deterministic() -> None:
    plain = leaderboard_image("Kona", rows(10))
    with_caller = leaderboard_image("Kona", rows(10), caller=BoardRow(14, "Me", 990, 2, 0, True, True))
    assert with_caller.height > plain.height
    assert theme.to_png(plain) == theme.to_png(leaderboard_image("Kona", rows(10)))
    assert plain.width == with_caller.width <= 576 and with_caller.height <= 1024  # a portrait, as the boards


def test_every_leaderboard_text_reads_on_a_phone_and_stays_in_its_column() -> None:
    # it was 860 px wide: its 17 px column labels came out at 8 px on a phone's 400 px
    long = [BoardRow(i + 1, name, 1500 - 37 * i, 105 + i, 99 + i, provisional=i > 2) for i, name in
            enumerate(["Bartholomew the Long-Named Player", "Mesa 2 (normal)", "Fernando Alonso Díaz", "Jo"])]
    with theme.recording() as marks:
        img = leaderboard_image("Kona leaderboard — a server with a long name", long, page=2, pages=12,
                                caller=BoardRow(140, "Me", 990, 2, 0, True, True),
                                labels=("Puntos", "Partidas", "Victorias"), footnote="? = provisional")
    texts = [m for m in marks if m.kind == "text"]
    assert min(m.size for m in texts) * 400 / img.width >= 9
    assert "Mesa 2 (normal)" in [m.what for m in texts]  # a seat's number is never cut off
    assert any(m.what.startswith("Bartholomew") and m.what.endswith("…") for m in texts)  # cut to its column


def test_empty_leaderboard_renders() -> None:
    img = leaderboard_image("K3", [])
    png = theme.to_png(img)
    assert Image.open(io.BytesIO(png)).size == img.size
    assert len(png) < 80_000


def test_an_empty_leaderboard_heads_no_columns_and_explains_no_mark() -> None:
    with theme.recording() as marks:
        empty = leaderboard_image("K3 leaderboard", [], footnote="? = provisional")
    said = [m.what for m in marks if m.kind == "text"]
    assert "No rated games yet" in said and "K3 leaderboard" in said
    assert not {"Rating", "Games", "Wins", "? = provisional"} & set(said)
    assert empty.height < leaderboard_image("K3 leaderboard", rows(1)).height  # no room left for rows that are not
    with theme.recording() as marks:
        leaderboard_image("K3 leaderboard", rows(1), footnote="? = provisional")
    assert {"Rating", "Games", "Wins", "? = provisional"} <= {m.what for m in marks if m.kind == "text"}


def test_rating_chart_renders_one_and_many_points() -> None:
    for series in ([1000], [1000, 1100, 1050, 1200]):
        png = theme.to_png(rating_chart("Ana", series))
        assert Image.open(io.BytesIO(png)).format == "PNG"
    assert theme.to_png(rating_chart("Ana", [1000, 1100])) != theme.to_png(rating_chart("Ana", [1000, 900]))


def _numbers(ratings: list[int]) -> tuple[list[str], float]:
    """The numbers a rating chart writes, in drawing order, and its smallest text at 400 px wide."""
    with theme.recording() as marks:
        img = rating_chart("Kona: rating of Ana", ratings, subtitle=f"{len(ratings)} rated games")
    texts = [m for m in marks if m.kind == "text"]
    return [m.what for m in texts if m.what.isdigit()], min(m.size for m in texts) * 400 / img.width


def test_a_one_game_chart_has_a_real_axis_and_says_its_rating_once() -> None:
    """Issue 28 (item 12): one rated game is no dot on an axis from "1" to "1" with its rating
    written twice: the rating is written once, the axis gives round numbers below and above it,
    and no game axis repeats a number; every text reads at 9 px on a phone."""
    numbers, smallest = _numbers([1012])
    assert numbers.count("1012") == 1
    ticks = [int(n) for n in numbers if n != "1012"]
    assert len(ticks) == len(set(ticks)) >= 3
    assert min(ticks) < 1012 < max(ticks)
    assert smallest >= 9


def test_a_flat_chart_says_its_rating_once_amid_a_real_axis() -> None:
    numbers, smallest = _numbers([1000, 1000, 1000])
    assert numbers.count("1000") == 1
    ticks = [int(n) for n in numbers if n not in ("1000", "1", "3")]
    assert min(ticks) < 1000 < max(ticks) and len(ticks) == len(set(ticks))
    assert numbers.count("1") == numbers.count("3") == 1  # the game axis: the first game and the last
    numbers, smallest = _numbers([1000, 1100, 1050, 1200])
    assert numbers.count("1200") == 1 and smallest >= 9


def test_a_chart_title_keeps_the_players_name_whole() -> None:
    """The chart's title ends with the player's name; the count of games beside it left too little room, so in
    Spanish the name went ("Krakatoa: puntuación de …", each of Mesa's levels "puntuación de Me…").  The title has
    the width, a size smaller where it needs it, the count a line of its own; all of it read at 9 px on a phone."""
    for title, count in (("Krakatoa: puntuación de Mesa (difícil)", "250 partidas puntuadas"),
                         ("Krakatoa: puntuación de Alejandra Gutiérrez", "12 partidas puntuadas"),
                         ("Plateau: rating of Mesa 2 (normal)", "1 rated game")):
        with theme.recording() as marks:
            img = rating_chart(title, [1000, 1040, 1100], subtitle=count)
        texts = [m for m in marks if m.kind == "text"]
        assert title in [m.what for m in texts] and count in [m.what for m in texts], [m.what for m in texts]
        assert min(m.size for m in texts) * 400 / img.width >= 9


def test_the_latest_rating_stands_clear_of_a_line_falling_to_it() -> None:
    # the number is printed above and left of the last dot, where a falling line arrives: it stands on a ground
    # of its own, so the line does not run through its digits
    from render import theme
    from render.leaderboard import rating_chart

    img = rating_chart("Ana · Kona rating", [1500, 1520, 1540, 1530, 1510, 1495, 1488, 1482]).convert("RGB")
    orange = [(x, y) for x in range(img.width) for y in range(img.height) if img.getpixel((x, y)) == theme.ORANGE]
    assert orange
    dot_x = sum(x for x, _ in orange) / len(orange)
    dot_y = sum(y for _, y in orange) / len(orange)
    label = [(x, y) for x in range(int(dot_x) - 50, int(dot_x) - 12) for y in range(int(dot_y) - 28, int(dot_y) - 14)]
    assert not [p for p in label if img.getpixel(p) == theme.BLUE], "the line runs through the latest rating"
