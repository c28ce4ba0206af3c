"""Names the pictures' fonts cannot draw (emoji, CJK letters): never a row of empty boxes.  Discord display
names often carry emoji ("Ana 🎲"), and some are written wholly in a script DejaVu Sans lacks ("山田"): the
emoji are left out, a name the fonts cannot draw at all is the seat's "Player N" (the posted words keep the
name whole)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

import render
from engines import get_engine
from render import theme
from render.leaderboard import BoardRow, leaderboard_image, rating_chart
from render.review import review_image
from render.standings import StandingLine, StandingsPicture, standings_png
from tables.i18n import Count, t
from tables.leaderboard import GameStats, stats_chart


def test_what_the_fonts_draw() -> None:
    for char in "Aaé ñÑ0Жλשمß":
        assert theme.can_draw(char), char
    for char in "山田🎲✨":  # (DejaVu draws some emoji, the faces 😀 among them, in outline: those stay)
        assert not theme.can_draw(char), char


def test_a_name_keeps_what_can_be_drawn_or_becomes_its_fallback() -> None:
    assert theme.drawable_name("José Núñez", "Player 1") == "José Núñez"
    assert theme.drawable_name("Ana 🎲✨", "Player 1") == "Ana"
    assert theme.drawable_name("🎲 Ana 🎲", "Player 1") == "Ana"
    assert theme.drawable_name("山田太郎", "Player 2") == "Player 2"
    assert theme.drawable_name("山田 Ana", "Player 2") == "Player 2"  # a letter of it cannot be drawn: not half a name
    assert theme.drawable_name("🎲🎲", "Player 3") == "Player 3"


def test_a_name_in_a_fancy_font_is_drawn_in_its_plain_letters() -> None:
    """Discord names written in Unicode's "fancy" letters (mathematical script, bold, full width) were drawn as the
    fallback ("Winner: —" on a tournament's standings): they are the plain letters a font has."""
    assert not all(theme.can_draw(c) for c in "𝓜𝓪𝓻𝓲𝓪")
    assert theme.drawable_name("𝓜𝓪𝓻𝓲𝓪", "Player 1") == "Maria"
    assert theme.drawable_name("𝐁𝐞𝐧 🎲", "Player 2") == "Ben"
    assert theme.drawable_name("Ａｎａ", "Player 3") == "Ana"
    assert theme.drawable_name("𝓜𝓪𝓻𝓲𝓪 山田", "Player 4") == "Player 4"  # what no font here has stays the fallback


def test_a_board_shows_the_drawable_name_or_the_seat() -> None:
    for game, players in (("kona", 2), ("plateau", 2), ("k3", 3), ("krakatoa", 4)):
        engine = get_engine(game)
        view = engine.view(engine.new_game(players, 5), None)
        plain = ["Player 1", "Ana", *[f"Cy{i}" for i in range(players - 2)]]
        fancy = ["山田太郎", "Ana 🎲", *[f"Cy{i}✨" for i in range(players - 2)]]
        assert render.render(game, view, fancy) == render.render(game, view, plain), game


def test_the_review_leaderboard_and_standings_pictures_too() -> None:
    review = {"game": "kona", "decisions": [{"ply": 1, "seat": 0, "before": [0.5, 0.5], "after": [0.6, 0.4]}],
              "swings": []}
    assert review_image(review, ["山田", "Ana 🎲"]) == review_image(review, ["Player 1", "Ana"])

    def board(name: str) -> bytes:
        return theme.to_png(leaderboard_image("Kona leaderboard", [BoardRow(1, name, 1500, 3, 2)]))

    assert board("山田") == board("—") and board("Ana 🎲") == board("Ana")

    def standings(name: str) -> bytes:
        return standings_png(StandingsPicture("Tournament #1 · Kona", 1, 1, (StandingLine(1, name, 1, (0, 0), 1),),
                                              final=True, winners=(name,)))

    assert standings("山田") == standings("—") and standings("Ana 🎲") == standings("Ana")


def test_a_rating_chart_of_a_name_the_fonts_cannot_draw_is_titled_by_its_game() -> None:
    stats = GameStats(game="kona", title="Kona", rating=1520, provisional=False, rank=1, players=2, games=3, wins=2,
                      losses=1, draws=0, streak=("W", 1), last_five=("W", "L", "W"), series=(1480, 1500, 1520))
    for lang in ("en", "es"):
        sub = t("stats.chart_sub", lang, games=Count(3, "rated_game"))
        unnamed = theme.to_png(rating_chart(t("stats.chart_unnamed", lang, game="Kona"), [1480, 1500, 1520],
                                         subtitle=sub))
        assert stats_chart(stats, "山田", lang) == unnamed
        assert stats_chart(stats, "Ana 🎲", lang) == stats_chart(stats, "Ana", lang) != unnamed


def test_a_name_written_right_to_left_reads_in_its_own_order() -> None:
    """Words are laid out one by one from the left, so "דוד לוי" (David Levi) and "علي حسن" read back to front:
    each word's letters were right, their order not.  A run of right-to-left words is laid out as a whole line
    is shown (Pillow's own bidirectional layout of the whole line is the yardstick)."""
    from PIL import ImageDraw, features

    from render.theme import visual_order

    assert visual_order(["Ana", "דוד", "לוי", "(poodle)"]) == ["Ana", "לוי", "דוד", "(poodle)"]
    assert visual_order(["علي", "حسن"]) == ["حسن", "علي"] and visual_order(["Ana", "Cy"]) == ["Ana", "Cy"]
    if not features.check("raqm"):
        pytest.skip("Pillow without its bidirectional layout here: nothing to compare with")

    def inked(draw_line: Any) -> list[bool]:
        image = Image.new("RGB", (320, 60), "white")
        draw_line(ImageDraw.Draw(image))
        grey = image.convert("L")
        return [any(grey.getpixel((x, y)) < 128 for y in range(60)) for x in range(320)]

    for name in ("דוד לוי", "علي حسن", "Ana דוד לוי (poodle)"):
        ours = inked(lambda draw, name=name: theme.draw_text(draw, (10, 30), name, 24, anchor="lm"))
        whole = inked(lambda draw, name=name: draw.text((10, 30), name, font=theme.font(24, False), fill=0,
                                                       anchor="lm"))
        assert sum(a != b for a, b in zip(ours, whole, strict=True)) <= 4, name  # the same columns inked


def test_a_bidirectional_override_in_a_name_reorders_nothing() -> None:
    """A right-to-left override typed into a display name ("x\u202eevil") was applied: the picture drew "xlive",
    and in words it reversed what followed.  The controls are no letters of a name: dropped where names are taken
    (``person_name``), said (``cogs.plain``) and drawn."""
    from cogs.plain import plain
    from tables.mesa import person_name

    for controls in ("\u202e", "\u202b\u202c", "\u2067\u2069", "\u202d"):
        name = f"x{controls}evil"
        assert theme.drawable_name(name, "Player 1") == "xevil"
        assert person_name(name) == "xevil"
        assert plain(name) == "xevil"
    assert theme.drawable_name("علي حسن", "Player 1") == "علي حسن"  # right-to-left letters are kept
