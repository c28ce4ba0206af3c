"""The pictures' words (``render.words``): every catalogue complete in both languages, with the same params, and
the shared words (result banners, names of unnamed seats) in the reader's language."""

from __future__ import annotations

import string

import pytest

from render import theme, words


def params_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


CATALOGS = words.all_catalogs()


@pytest.mark.parametrize("module", sorted(CATALOGS))
def test_each_catalogue_says_every_word_in_both_languages_with_the_same_params(module: str) -> None:
    catalog = CATALOGS[module]
    assert set(catalog) == set(words.LANGS), module
    english = catalog["en"]
    for lang in words.LANGS:
        assert set(catalog[lang]) == set(english), (module, lang, set(catalog[lang]) ^ set(english))
        for key, template in catalog[lang].items():
            assert template.strip(), (module, lang, key)
            assert params_of(template) == params_of(english[key]), (module, lang, key)
            assert ("|" in template) == ("|" in english[key]), (module, lang, key)  # a count has both forms


def test_a_locale_reads_as_its_language() -> None:
    assert [words.lang_of(x) for x in ("es", "es-ES", "es-419", "es_MX", "en-US", "pt-BR", None, "")] == \
        ["es", "es", "es", "es", "en", "en", "en", "en"]


def test_a_count_picks_its_form() -> None:
    catalog = {"en": {"n": "{n} point|{n} points"}, "es": {"n": "{n} punto|{n} puntos"}}
    assert [words.count(catalog, "es", "n", k) for k in (0, 1, 2)] == ["0 puntos", "1 punto", "2 puntos"]
    assert words.count(catalog, "en", "n", 1) == "1 point"


def test_a_word_missing_in_spanish_is_said_in_english_rather_than_lost() -> None:
    catalog = {"en": {"a": "Steam"}, "es": {}}
    assert words.say(catalog, "es", "a") == "Steam"


def test_the_result_banner_speaks_the_readers_language() -> None:
    names = ["Ana", "Ben", "Cy"]
    assert theme.result_banner(names, [0], "resign", {}, [1]) == "Ana wins: Ben resigned"
    assert theme.result_banner(names, [0], "resign", {}, [1], lang="es") == "Ana gana: Ben abandonó"
    assert theme.result_banner(names, [0, 2], "time", {}, [1], lang="es") == \
        "Ana y Cy ganan: a Ben se le acabó el tiempo"
    assert theme.result_banner(names, [], "agreement", {}, lang="es") == "Tablas: de mutuo acuerdo"
    assert theme.result_banner(names, [], "abort", {}, lang="es") == "Partida cancelada, sin resultado"
    assert theme.result_banner(names, [0], "line", {"line": "tres en raya"}, lang="es") == "Ana gana: tres en raya"


def test_a_seat_without_a_name_and_a_possessive_in_spanish() -> None:
    assert words.player("es", 1) == "Jugador 2" and words.player("en", 1) == "Player 2"
    assert theme.whose("Cy (resigned)", "a1") == "Cy's a1"
    assert theme.whose("Cy (abandonó)", "a1", "es") == "a1 de Cy"
    assert words.joined("es", ["Ana", "Ben", "Cy"]) == "Ana, Ben y Cy"
