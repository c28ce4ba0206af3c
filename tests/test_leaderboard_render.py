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
    assert 720 <= max(with_caller.size) <= 1024


def test_empty_leaderboard_renders() -> None:
    img = leaderboard_image("K3", [])
    png = theme.to_png(img)
    assert Image.open(io.BytesIO(png)).size == img.size
    assert len(png) < 80_000


def test_rating_chart_renders_one_and_many_points() -> None:
    for series in ([1000], [1000, 1100, 1050, 1200]):
        png = theme.to_png(rating_chart("Ana", series))
        assert Image.open(io.BytesIO(png)).format == "PNG"
    assert theme.to_png(rating_chart("Ana", [1000, 1100])) != theme.to_png(rating_chart("Ana", [1000, 900]))
