"""The standings picture (issue 31): what it says, what it leaves out, and that it reads at 400 px."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from PIL import Image

from render import theme
from render.standings import (
    TOP_ROWS,
    WIDTH,
    StandingLine,
    StandingsPicture,
    number_text,
    round_text,
    standings_image,
    standings_png,
)
from tests.test_render_phone import DISPLAY_WIDTH, contrast


def lines(n: int, *, caller: int | None = None, out: int | None = None,
          out_word: str = "withdrawn") -> tuple[StandingLine, ...]:
    return tuple(StandingLine(i + 1, f"Player {i + 1}", Fraction(n - i, 2), (Fraction(3 * n - i, 2), Fraction(i, 4)),
                              3, out=out_word if i == out else "", is_caller=i == caller) for i in range(n))


def picture(n: int, **kw: object) -> StandingsPicture:
    rows = kw.pop("rows", None) or lines(n, caller=kw.pop("caller", None), out=kw.pop("out", None),  # type: ignore[arg-type]
                                         out_word=str(kw.pop("out_word", "withdrawn")))
    return StandingsPicture("Kona Swiss #7", kw.pop("round", 3), kw.pop("rounds", 5), rows, **kw)  # type: ignore[arg-type]


def texts(pic: StandingsPicture, lang: str = "en") -> tuple[list[theme.Mark], Image.Image]:
    with theme.recording() as marks:
        img = standings_image(pic, lang)
    return [m for m in marks if m.kind == "text"], img


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("n", [5, 16, 64])
def test_every_text_reads_on_a_phone(n: int, lang: str) -> None:
    """At the 400 px a phone shows, every letter is at least 9 px tall and stands out from its ground
    (4.5:1), for 5, 16 and 64 players, final or not, with a withdrawn player and the caller's row, in
    both languages."""
    out_word = {"en": "withdrawn", "es": "se retiró"}[lang]
    for pic in (picture(n, caller=n - 1, out=1, out_word=out_word),
                picture(n, round=5, final=True, winners=("Player 1",))):
        marks, img = texts(pic, lang)
        assert img.width <= theme.MAX_WIDTH
        assert min(m.size for m in marks) * DISPLAY_WIDTH / img.width >= 9
        for m in marks:
            assert m.fill is not None and m.ground is not None
            assert contrast(m.fill, m.ground) >= 4.5, m.what


def test_the_round_and_the_winner_are_said_at_the_top() -> None:
    marks, _ = texts(picture(5))
    said = [m.what for m in marks]
    assert "After round 3 of 5" in said
    assert not any(w.startswith("Winner") for w in said)
    marks, _ = texts(picture(5, round=5, final=True, winners=("Player 1",)))
    said = [m.what for m in marks]
    assert "Final standings after 5 rounds" in said
    assert said.index("Winner: Player 1") < said.index("Player 2")  # above the table
    marks, _ = texts(picture(2, round=1, rounds=1, final=True, winners=("Player 1", "Player 2")))
    assert "Winners: Player 1, Player 2" in [m.what for m in marks]
    marks, _ = texts(picture(3, round=0, rounds=0, entries=True))
    assert "Not started yet: players in entry order" in [m.what for m in marks]
    marks, _ = texts(picture(4, round=2, rounds=3, final=True, winners=("Player 1",)))  # ended early: all withdrew
    assert "Final standings: ended after round 2 of 3" in [m.what for m in marks]
    marks, _ = texts(picture(4, round=2, rounds=3, cancelled=True))
    assert "Cancelled after round 2 of 3" in [m.what for m in marks]


def test_the_round_in_play_is_said_as_the_text_says_it() -> None:
    """Round 1 in play: not "not started"; round 3 in play after round 2: both said; a cancellation in the
    middle of a round says which."""
    said = [m.what for m in texts(picture(4, round=0, rounds=2, playing=1))[0]]
    assert "Round 1 of 2 in play" in said and not any("Not started" in w for w in said)
    said = [m.what for m in texts(picture(4, round=2, rounds=5, playing=3))[0]]
    assert "After round 2 of 5; round 3 in play" in said
    said = [m.what for m in texts(picture(4, round=0, rounds=2, playing=1, cancelled=True))[0]]
    assert "Cancelled during round 1 of 2" in said


def test_before_the_start_the_rows_have_no_rank_and_no_medal() -> None:
    """Entry order is no ranking: every entrant has rank 1 (no points yet), yet none is drawn, nor a medal."""
    rows = tuple(StandingLine(1, f"Player {i}", 0, (0, 0), 0) for i in range(1, 4))
    entries, entered = texts(picture(0, rows=rows, round=0, rounds=0, entries=True))
    ranked, ranked_img = texts(picture(0, rows=rows, round=0, rounds=0))
    assert "1" in [m.what for m in ranked]
    assert "1" not in [m.what for m in entries]
    gold = theme.YELLOW[:3]
    assert gold in {c for _, c in ranked_img.convert("RGB").getcolors(1 << 16) or []}
    assert gold not in {c for _, c in entered.convert("RGB").getcolors(1 << 16) or []}


def test_a_row_says_rank_name_points_tiebreaks_and_games() -> None:
    row = StandingLine(2, "Ana", Fraction(7, 2), (Fraction(25, 2), Fraction(33, 4)), 4)
    marks, _ = texts(picture(0, rows=(StandingLine(1, "Ben", 4, (12, 9), 4), row)))
    said = [m.what for m in marks]
    start = said.index("Ana")
    assert said[start - 1] == "2"  # its rank, then the name, then the numbers left to right
    assert said[start + 1:start + 5] == ["3½", "12½", "8¼", "4"]
    assert {"Pts", "Bu", "SB", "G"} <= set(said)


def test_a_withdrawn_player_is_marked_and_greyed() -> None:
    marks, _ = texts(picture(5, out=2))
    said = [m.what for m in marks]
    assert said.count("withdrawn") == 1
    name = next(m for m in marks if m.what == "Player 3")
    assert name.fill == theme.MUTED
    assert next(m for m in marks if m.what == "Player 2").fill == theme.INK


def test_a_long_table_shows_the_top_and_the_callers_row() -> None:
    marks, img = texts(picture(64, caller=40))
    said = [m.what for m in marks]
    names = [w for w in said if w.startswith("Player ")]
    assert names == [f"Player {i}" for i in range(1, TOP_ROWS + 1)] + ["Player 41"]
    assert f"Top {TOP_ROWS} of 64 players shown" in said
    assert "⋯" in said
    short, _ = texts(picture(64, caller=5))  # the caller among the first: no extra row
    assert [w for w in (m.what for m in short) if w.startswith("Player ")][-1] == f"Player {TOP_ROWS}"
    assert img.height <= 1024  # a phone shows it whole


def test_the_picture_is_a_deterministic_png() -> None:
    png = standings_png(picture(16, caller=3))
    assert png == standings_png(picture(16, caller=3))
    assert png != standings_png(picture(16, caller=4))
    opened = Image.open(io.BytesIO(png))
    assert opened.format == "PNG" and opened.size == standings_image(picture(16, caller=3)).size


def test_empty_standings_draw() -> None:
    """Nobody entered: the card says so, with no column to head and no "0 players" under it."""
    marks, img = texts(picture(0, rows=(), round=0, rounds=0))
    said = [m.what for m in marks]
    assert "No players yet" in said and "Not started yet: nobody has entered" in said
    assert "Pts" not in said and not any("players" in w and w[0].isdigit() for w in said)
    assert img.height < standings_image(picture(1, round=0, rounds=0)).height
    cancelled, _ = texts(picture(0, rows=(), round=0, rounds=0, cancelled=True))
    assert {"Nobody entered", "Cancelled with nobody entered"} <= {m.what for m in cancelled}
    entered, _ = texts(picture(2, round=0, rounds=0))  # with entrants: their order, and the count
    assert "Not started yet: players in entry order" in [m.what for m in entered]
    assert "2 players" in [m.what for m in entered]


@pytest.mark.parametrize("value, text", [
    (0, "0"), (3, "3"), (Fraction(1, 2), "½"), (Fraction(5, 2), "2½"), (Fraction(1, 4), "¼"),
    (Fraction(7, 4), "1¾"), (2.5, "2½"), (Fraction(1, 3), "0.33"), (Fraction(-3, 2), "-1½"),
])
def test_numbers_are_written_with_halves_and_quarters(value: object, text: str) -> None:
    assert number_text(value) == text  # type: ignore[arg-type]


# ---- in Spanish ------------------------------------------------------------------------------------
#: every state the line under the title tells, and what it says in Spanish
STAGES = [
    (dict(round=5, rounds=5, final=True), "Clasificación final tras 5 rondas"),
    (dict(round=1, rounds=1, final=True), "Clasificación final tras 1 ronda"),
    (dict(round=0, rounds=0, final=True), "Clasificación final"),
    (dict(round=2, rounds=3, final=True), "Clasificación final: terminó tras la ronda 2 de 3"),
    (dict(round=0, rounds=2, playing=1, cancelled=True), "Cancelado durante la ronda 1 de 2"),
    (dict(round=2, rounds=3, cancelled=True), "Cancelado tras la ronda 2 de 3"),
    (dict(round=0, rounds=3, cancelled=True), "Cancelado antes de ninguna partida"),
    (dict(round=0, rounds=3, cancelled=True, rows=()), "Cancelado sin nadie inscrito"),
    (dict(round=2, rounds=5, playing=3), "Tras la ronda 2 de 5; ronda 3 en juego"),
    (dict(round=0, rounds=2, playing=1), "Ronda 1 de 2 en juego"),
    (dict(round=0, rounds=0, entries=True), "Aún no ha empezado: jugadores por orden de inscripción"),
    (dict(round=0, rounds=0, rows=()), "Aún no ha empezado: no se ha inscrito nadie"),
    (dict(round=3, rounds=5), "Tras la ronda 3 de 5"),
]


@pytest.mark.parametrize(("state", "spanish"), STAGES)
def test_the_line_under_the_title_in_spanish(state: dict, spanish: str) -> None:
    """Each state said in Spanish, drawn whole at its full size (16 px) like the English one; a Discord locale
    reads as Spanish; the English line is not the Spanish one."""
    pic = picture(0 if state.get("rows") == () else 4, **state)
    assert round_text(pic, "es") == round_text(pic, "es-419") == spanish
    assert round_text(pic) == round_text(pic, "en") != spanish
    marks, _ = texts(pic, "es")
    line = next(m for m in marks if m.what == spanish)
    assert line.size == 16 and theme.text_size(spanish, 16)[0] <= WIDTH - 2 * theme.FRAME_WIDTH - 40
    assert round_text(pic) in [m.what for m in texts(pic)[0]]


ENGLISH = ("Player", "Pts", "Winner", "players", "games", "Top ", "round", "Round", "Final", "Cancelled", "Not started",
           "No players", "Nobody")


def test_the_spanish_picture_draws_spanish_words_only() -> None:
    rows = tuple(StandingLine(i + 1, name, 3 - i, (4, 1), 3) for i, name in enumerate(("Ana", "Ben", "Cy")))
    final = picture(0, rows=rows, round=3, rounds=3, final=True, winners=("Ana", "Ben", "Cy"))
    said = [m.what for m in texts(final, "es")[0]]
    assert "Ganan: Ana, Ben y Cy" in said and said.index("Ganan: Ana, Ben y Cy") < said.index("Jugador")
    assert {"#", "Jugador", "Pts", "Bu", "SB", "PJ", "3 jugadores",
            "Bu = Buchholz, SB = Sonneborn-Berger, PJ = partidas jugadas"} <= set(said), said
    for text in said:
        if text not in {"Ana", "Ben", "Cy", "Pts"}:
            assert not any(word in text for word in ENGLISH), text
    english = [m.what for m in texts(final)[0]]
    assert "Winners: Ana, Ben, Cy" in english and "Bu = Buchholz, SB = Sonneborn-Berger, G = games" in english
    one = [m.what for m in texts(picture(2, round=1, rounds=1, final=True, winners=("Ana",)), "es")[0]]
    assert "Gana: Ana" in one and "2 jugadores" in one
    alone = [m.what for m in texts(picture(1, round=1, rounds=3), "es")[0]]
    assert "1 jugador" in alone


def test_a_long_spanish_table_and_the_empty_ones() -> None:
    said = [m.what for m in texts(picture(64, caller=40, out=3, out_word="se retiró"), "es")[0]]
    assert f"Se muestran los {TOP_ROWS} primeros de 64 jugadores" in said and "se retiró" in said
    assert [w for w in said if w.startswith("Player ")][-1] == "Player 41"
    assert "Aún no hay jugadores" in [m.what for m in texts(picture(0, rows=(), round=0, rounds=0), "es")[0]]
    assert "No se inscribió nadie" in [m.what for m in texts(picture(0, rows=(), round=0, rounds=0, cancelled=True),
                                                               "es")[0]]


@pytest.mark.parametrize("state", [state for state, _ in STAGES])
def test_the_spanish_card_is_the_english_cards_size_and_nothing_is_cut(state: dict) -> None:
    pic = picture(0 if state.get("rows") == () else 24, caller=22, out=2, **state)
    marks, img = texts(pic, "es")
    _, english = texts(pic)
    assert img.size == english.size
    for m in marks:
        if not m.what.startswith("Player "):
            assert "…" not in m.what, m.what
        assert theme.text_size(m.what, int(m.size))[0] <= WIDTH - 2 * theme.FRAME_WIDTH - 24, m.what


def test_no_language_leaks_into_the_other() -> None:
    pic = picture(16, caller=3, round=5, rounds=5, final=True, winners=("Player 1", "Player 2"))
    english = standings_png(pic)
    spanish = standings_png(pic, lang="es")
    assert spanish != english and standings_png(pic) == english and standings_png(pic, "es") == spanish


def test_a_shared_first_place_names_every_winner_in_the_banner() -> None:
    # "Winners: Alexandra Montoya, Barthol…": the second winner was cut off with everyday names
    from render import theme
    from render.standings import _X0, _X1, winners_banner

    room = _X1 - _X0 - 60
    for winners in (["Alexandra Montoya", "Bartholomew Quinn"],
                    ["Alexandra Montoya", "Bartholomew Quinn", "Constantina Papadopoulou", "Dee"]):
        for lang in ("en", "es"):
            said, size = winners_banner(winners, room, lang)
            assert theme.fits(said, size, room, True) and size >= 16
            for name in winners:
                assert name[:6] in said, (name, said)  # every winner named, shortened alike at most
