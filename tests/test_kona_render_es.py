"""The Kona picture in the reader's language (``render.kona.WORDS``): a Spanish reader sees the animals, the
status line, the caption, the hint and the result as the Spanish messages say them (capibara, caniche), no
English word left; every Spanish picture reads on a phone as the English one does; a cached picture never
crosses from one language to the other; and the English picture is the same as before."""

from __future__ import annotations

import pytest

import render
from engines.kona import ENGINE as E
from render import kona as kr
from render import theme
from tests.test_render_phone import DISPLAY_WIDTH, contrast, picks

NAMES = ["Ana", "Ben"]


def texts(view: dict, names: list[str] | None = None, *, lang: str, result: dict | None = None) -> list[str]:
    facts = render.layout_facts("kona", view, NAMES if names is None else names, result=result, lang=lang)
    return [m.what for m in facts.marks if m.kind == "text"]


def middle_state():
    state = E.new_game(2)
    for move in ("a6-d3", "a1-a3", "d3-d4", "a3-b4", "f1-c4", "f6-f3"):
        state = E.play(state, move)
    return state


#: English words that must not reach a Spanish picture
ENGLISH = ("capybara", "poodle", "ply", "to move", "moved", "Opening", "square", "game over", "wins", "tower",
           "resigned", "Player")


def no_english(said: list[str]) -> None:
    for text in said:
        for word in ENGLISH:
            assert word not in text, (word, text)


def test_the_opening_in_spanish() -> None:
    said = texts(E.view(E.new_game(2), None), lang="es")
    assert {"▶ Ana (capibara)", "Ben (caniche)", "jugada 0 · le toca al capibara",
            "Apertura: cualquier pieza de arriba va 1, 2 o 3 casillas"} <= set(said), said
    no_english(said)
    english = texts(E.view(E.new_game(2), None), lang="en")
    assert {"▶ Ana (capybara)", "Ben (poodle)", "ply 0 · capybara to move",
            "Opening: any top piece moves 1, 2 or 3 squares"} <= set(english), english


def test_a_move_its_count_and_the_hint_in_spanish() -> None:
    said = texts(E.view(middle_state(), None), lang="es")
    assert "Ben (caniche) movió f6 → f3, 3 casillas" in said
    assert "La pieza de arriba avanza exactamente la altura de su pila" in said
    assert "jugada 6 · le toca al capibara" in said
    no_english(said)
    one = texts(E.view(E.play(E.new_game(2), "a6-b5"), None), lang="es")
    assert "Ana (capibara) movió a6 → b5, 1 casilla" in one and "jugada 1 · le toca al caniche" in one
    assert "Ana (capybara) moved a6 → b5, 1 square" in texts(E.view(E.play(E.new_game(2), "a6-b5"), None), lang="en")


def test_a_position_loaded_with_its_last_square_and_unnamed_seats_in_spanish() -> None:
    view = E.view(E.from_position("P,4,PCP/6/3,C,2/2,PC,3/1,C,4/CP,4,PC p 21 d4"), None)
    said = texts(view, [], lang="es")
    assert "Jugador 1 (capibara) movió a d4" in said and "Jugador 2 (caniche)" in said
    no_english(said)


@pytest.mark.parametrize(("position", "move", "banner", "english"), [
    ("P,4,PCP/3,C,2/6/2,PC,3/1,C,4/CP,4,PC c 20 a6", "d5-d4", "Ana gana: tres cimas en línea",
     "Ana wins: three tops in a row"),
    ("5,PPP/C,C,4/6/1,P,PC,P,2/6/C,4,CC c 30 f6", "c3-c5", "Ben gana: doble línea: pierde quien movió",
     "Ben wins: both own a line: the mover loses"),
    ("5,CC/6/6/2,C,3/PPC,PC,4/P,PPC,4 c 40 a1", "c3-b2", "Ana gana: el caniche no puede mover",
     "Ana wins: poodle cannot move"),
])
def test_the_engines_endings_in_spanish(position: str, move: str, banner: str, english: str) -> None:
    view = E.view(E.play(E.from_position(position), move), None)
    said = texts(view, lang="es")
    assert banner in said, said
    assert any(text.endswith("partida terminada") for text in said)
    no_english(said)
    assert english in texts(view, lang="en")


def test_every_ending_reason_has_spanish_words() -> None:
    es, en = kr.why("es"), kr.why("en")
    assert set(es) == set(en) == set(E.description.outcome_reasons)
    assert es["repetition"] == "tercera repetición" and en["repetition"] == "third repetition"
    assert all(es[code] != en[code] for code in es)


@pytest.mark.parametrize(("result", "banner"), [
    ({"winners": [0], "reason": "resign", "losers": [1]}, "Ana gana: Ben abandonó"),
    ({"winners": [1], "reason": "time", "losers": [0]}, "Ben gana: a Ana se le acabó el tiempo"),
    ({"winners": [], "reason": "agreement"}, "Tablas: de mutuo acuerdo"),
])
def test_endings_outside_the_engine_in_spanish(result: dict, banner: str) -> None:
    said = texts(E.view(middle_state(), None), lang="es", result=result)
    assert banner in said, said
    assert "Ben (caniche) movió f6 → f3, 3 casillas" in said
    assert not any(text.startswith("La pieza de arriba") for text in said)  # the hint gives way to the result
    no_english(said)


def test_a_discord_locale_reads_as_spanish() -> None:
    assert texts(E.view(E.new_game(2), None), lang="es-419") == texts(E.view(E.new_game(2), None), lang="es")


def test_a_cached_picture_never_crosses_languages() -> None:
    """English, then Spanish, then English: each picture in its own words, the same as drawn cold."""
    view = E.view(middle_state(), None)
    result = {"winners": [0], "reason": "resign", "losers": [1]}
    first = render.render("kona", view, NAMES, result=result)
    spanish = render.render("kona", view, NAMES, result=result, lang="es")
    again = render.render("kona", view, NAMES, result=result)
    assert first == again and spanish != first
    theme._clear_caches()
    assert render.render("kona", view, NAMES, result=result, lang="es") == spanish
    theme._clear_caches()
    render.render("kona", view, NAMES, result=result, lang="es")
    assert render.render("kona", view, NAMES, result=result) == first


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_picture_reads_on_a_phone_in_both_languages(lang: str) -> None:
    """Start, middles and end of a random game, for every viewer, and with a resignation: text at least 9 px at
    400 px wide, faces at least 14 px, every text 4.5:1 on its ground, nothing cut (no "…" with short names),
    the status line at its full size, and the Spanish picture no taller than the English one by more than a
    caption line."""
    views = picks("kona", 2, {})
    results = [None, {"winners": [1], "reason": "time", "losers": [0]}]
    for (view, previous), result in [(vp, None) for vp in views] + [(views[4], results[1])]:
        facts = render.layout_facts("kona", view, NAMES, previous=previous, result=result, lang=lang)
        english = render.layout_facts("kona", view, NAMES, previous=previous, result=result)
        text, face = facts.shown_at(DISPLAY_WIDTH)
        assert text >= 9 and face >= 14
        assert facts.width == english.width <= theme.MAX_WIDTH
        assert english.height <= facts.height <= english.height + 24
        for m in facts.marks:
            assert m.fill in theme.PALETTE
            if m.kind == "text":
                assert "…" not in m.what, m.what
                if m.ground is not None:
                    assert contrast(m.fill, m.ground) >= 4.5, m
        status = [m for m in facts.marks if m.kind == "text" and " · " in m.what]
        assert [m.size for m in status] == [18], status


def test_long_names_wrap_the_spanish_caption_and_banner_within_the_card() -> None:
    names = ["Maximiliano Fernández-Castellanos", "Bernadette Vanderwoodsen"]
    view = E.view(middle_state(), None)
    facts = render.layout_facts("kona", view, names, result={"winners": [1], "reason": "time", "losers": [0]},
                                lang="es")
    said = " ".join(m.what for m in facts.marks if m.kind == "text")
    assert "a Maximiliano Fernández-Castellanos se le acabó el tiempo" in said  # wrapped, not cut
    assert "movió f6 → f3, 3" in said and facts.height <= 1800
    for m in facts.marks:
        if m.kind == "text":
            assert theme.text_size(m.what, int(m.size))[0] <= kr.WIDTH - 2 * theme.MARGIN
