"""The Krakatoa picture in the reader's language (``render.krakatoa.WORDS``): a Spanish reader sees the sets,
classes, bonuses, sheet, stage line, info panel, caption, hint and result as the Spanish messages say them (Vapor,
Ceniza, Lava; Volcán, Doble, Nada; Terremoto pequeño ...), no English word left; every Spanish picture reads on a
phone as the English one does (nothing cut but a long name, nothing overlapping or overflowing its panel); a cached
picture never crosses from one language to the other; and the English picture says what it said before."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest

import render
from engines.krakatoa import ENGINE as E
from render import krakatoa as kr
from render import theme
from tests.test_render_phone import DISPLAY_WIDTH, contrast

NAMES = ["Ana", "Ben", "Cy", "Di"]
LONG = ["Ana", "Bartholomew the Long-Named", "Mesa 2 (normal)", "Guadalupe Fernández"]


@cache
def game(players: int, options: tuple = (), seed: int = 1) -> tuple[Any, ...]:
    """The states of one seeded random game, start to finish."""
    rng = random.Random(seed)
    state = E.new_game(players, seed=seed, options=dict(options))
    states = [state]
    while E.to_move(state) is not None:
        state = E.apply(state, E.random_move(state, rng))
        states.append(state)
    return tuple(states)


def find(players: int, options: tuple, wanted: Callable[[dict], bool]) -> tuple[dict, dict | None]:
    """(view, the view before it) of the first spectator view of seeded games that is ``wanted``."""
    for seed in range(1, 40):
        states = game(players, options, seed)
        for i, state in enumerate(states):
            view = E.view(state, None)
            if wanted(view):
                return view, E.view(states[i - 1], None) if i else None
    raise AssertionError("no such view in 40 games")


def texts(view: dict, names: list[str], lang: str, **kw: Any) -> list[str]:
    facts = render.layout_facts("krakatoa", view, names, lang=lang, **kw)
    return [m.what for m in facts.marks if m.kind == "text"]


#: English words that must not reach a Spanish picture (names and the move notation of "Auto jugaría: aim l1 soft"
#: aside): the sets, classes, bonuses, sheet rows, stage line, panel and caption words
ENGLISH = {
    "Steam", "Ash", "white", "grey", "black", "dice", "rolled", "thrown", "now", "Volcano", "Deuce", "Bust", "others",
    "Box", "Next", "Round", "round", "throw", "Throw", "off", "Game", "over", "basic", "Basic", "bonus", "bonuses",
    "box", "boxes", "Marks", "this", "Last", "point", "points", "wins", "win", "with", "share", "SCRATCH", "struck",
    "table", "die", "Little", "Big", "Quake", "Rumble", "Eruption", "Team", "Player", "pick", "set", "starts", "each",
    "highest", "tied", "kept", "raw", "left", "none", "rolling", "again", "would", "play", "scores", "This", "keep",
    "rethrow", "nine", "picked", "aims", "throws", "threw", "rethrows", "keeps", "yellow", "red", "blue", "game",
    "resigned",
}


def no_english(said: list[str], names: list[str]) -> None:
    for text in said:
        if text.startswith("Auto jugaría: "):  # the move as the buttons and /move write it, in every language
            text = "Auto jugaría"
        for name in names:
            text = text.replace(name, "")
        left = ENGLISH & set(re.findall(r"[A-Za-z]+", text))
        assert not left, (left, text)


# ---- each stage of a game, in Spanish ---------------------------------------------------------------------------
def test_the_throw_off_in_spanish() -> None:
    view, previous = find(2, (), lambda v: v["phase"] == "throwoff" and bool(v.get("throwoff_log")))
    said = texts(view, NAMES[:2], "es", previous=previous)
    entry = view["throwoff_log"][-1]
    sets = {"s": "Vapor", "a": "Ceniza", "l": "Lava"}
    assert {"Vapor", "Ceniza", "Lava", "dados blancos", "dados grises", "dados negros", "lanzados", "Sorteo",
            "Sorteo (un juego cada uno; empieza el mejor)", "Volcán  YYY 10 · RRR 5 · BBB 3",
            "Doble  YYB 2 · YYR 2 · YRR 1 · resto Nada 0", "R1", "R6", "Caja", "Sig.", "Total",
            f"Ana: {sets[entry['set']]} {entry['faces']}: {entry['points']}",
            "Ben: elige un juego para el sorteo"} <= set(said), said
    faces = " ".join({"Y": "amarillo", "R": "rojo", "B": "azul"}[f] for f in entry["faces"])
    assert f"Sorteo de Ana: {sets[entry['set']]}, {faces}, {entry['points']} punto" in " ".join(said)
    assert "Sorteo" in said  # the status line
    no_english(said, NAMES)
    english = texts(view, NAMES[:2], "en", previous=previous)
    assert {"Steam", "white dice", "Throw-off (one set each; highest starts)", "Box", "Next",
            "Ben: pick a set for the throw-off", "Deuce  YYB 2 · YYR 2 · YRR 1 · others Bust 0"} <= set(english)


def test_an_aimed_throw_with_marks_in_spanish() -> None:
    view, previous = find(2, (), lambda v: v["step"].count(":") == 3 and v["side"] is not None
                          and v["pending_marks"][v["side"]][0] == 1 and v["round"] > 1)
    said = texts(view, NAMES[:2], "es", previous=previous)
    _, x, die, force = view["step"].split(":")
    who = NAMES[view["seat"]]
    sets = {"s": "Vapor", "a": "Ceniza", "l": "Lava"}
    assert f"{who}: tiro {'suave' if force == 'soft' else 'fuerte'} de {sets[x]} a {die}" in said
    assert "Marcas en este lanzamiento: x (x2)" in said and "se lanzan" in said
    assert f"{who}: lanzamiento {view['throw']} de 5" in said
    assert f"Ronda {view['round']} de 6 · lanzamiento {view['throw']} de 5 ({sets[x]})" in said, said
    assert {"Volcán", "Doble", "Nada"} & set(said)
    last = view["last_throw"]
    assert any(t.startswith(f"Último: {NAMES[last['seat']]}, lanzamiento {last['throw']}: ") for t in said), said
    no_english(said, NAMES)
    english = texts(view, NAMES[:2], "en", previous=previous)
    assert f"{who}: {({'s': 'Steam', 'a': 'Ash', 'l': 'Lava'})[x]} thrown {force} at {die}" in english
    assert "Marks on this throw: x (x2)" in english and "thrown now" in english


def test_a_scratch_in_spanish() -> None:
    view, previous = find(2, (), lambda v: bool((v.get("last_throw") or {}).get("scratch")))
    said = texts(view, NAMES[:2], "es", previous=previous)
    last = view["last_throw"]
    who = NAMES[last["seat"]]
    assert "FALLO: no tocó ningún dado de la mesa" in said
    assert f"{who}, lanzamiento {last['throw']}: 0 puntos, marcas gastadas" in said
    assert "fallo, no tocó ningún dado de la mesa: 0 puntos" in " ".join(said)
    no_english(said, NAMES)
    assert "SCRATCH: no table die struck" in texts(view, NAMES[:2], "en", previous=previous)


def test_a_bonus_box_and_the_bonuses_in_spanish() -> None:
    view, previous = find(2, (), lambda v: v["phase"] == "bonus" and v["step"].startswith("aim:")
                          and bool(v.get("bonuses")))
    said = texts(view, LONG[:2], "es", previous=previous)
    box = view["throw"][1:]
    assert f"Ronda 6 · caja de bonificación {box}" in said
    assert any(t.endswith(f": caja {box} (quedan {view['boxes_left']})") for t in said), said
    spanish = {"Little Quake": "Terremoto pequeño", "Big Quake": "Terremoto grande", "Little Rumble": "Temblor pequeño",
               "Big Rumble": "Temblor grande", "Little Eruption": "Erupción pequeña", "Big Eruption": "Erupción grande"}
    assert {spanish[b] for b in view["bonuses"]} <= set(said)
    no_english(said, LONG)
    english = texts(view, LONG[:2], "en", previous=previous)
    assert set(view["bonuses"]) <= set(english) and f"Round 6 · bonus box {box}" in english


def test_every_bonus_and_class_has_its_spanish_name() -> None:
    assert [kr.say("es", f"bonus.{b}") for b in ("Little Quake", "Big Quake", "Little Rumble", "Big Rumble",
                                                 "Little Eruption", "Big Eruption")] == \
        ["Terremoto pequeño", "Terremoto grande", "Temblor pequeño", "Temblor grande", "Erupción pequeña",
         "Erupción grande"]
    assert [kr.say("es", f"class.{c}") for c in ("Volcano", "Deuce", "Bust")] == ["Volcán", "Doble", "Nada"]
    assert [kr.set_title("es", x) for x in kr.SETS] == ["Vapor", "Ceniza", "Lava"]


def test_the_basic_game_in_spanish() -> None:
    view, previous = find(3, (("preset", "basic"),), lambda v: v["round"] == 3 and v["step"].startswith("aim:"))
    said = texts(view, NAMES[:3], "es", previous=previous)
    assert any(t.startswith(f"Ronda 3 de 6 · lanzamiento {view['throw']} de 5") and t.endswith(" · básico")
               for t in said), said
    assert "Juego básico: sin bonificaciones" in said
    assert not {"Caja", "Sig.", "Marcas"} & {w for t in said for w in t.split()}
    no_english(said, NAMES)


def test_teams_in_spanish() -> None:
    view, previous = find(4, (("teams", True),), lambda v: v["phase"] == "throwoff" and bool(v.get("throwoff_log")))
    said = texts(view, NAMES, "es", previous=previous)
    assert "Ana y Cy" in said and "Ben y Di" in said  # the sheet's columns
    assert any(t.startswith("Equipo 1: Ana y Cy: ") for t in said) and \
        any(t.startswith("Equipo 2: Ben y Di: ") for t in said), said
    no_english(said, NAMES)
    english = texts(view, NAMES, "en", previous=previous)
    assert any(t.startswith("Team 1: Ana & Cy: ") for t in english), english  # teams count from 1, as seats do


def test_the_end_of_a_game_in_spanish() -> None:
    states = game(3, (), 2)
    view = E.view(states[-1], None)
    said = texts(view, NAMES[:3], "es")
    [winner] = view["winners"]
    best = view["totals"][winner]
    assert "Fin de la partida" in said  # the status line
    assert f"{NAMES[winner]} gana con {best}" in said
    assert f"{NAMES[winner]} gana: el total más alto, {best}" in said
    no_english(said, NAMES)
    assert f"{NAMES[winner]} wins: the highest total, {best}" in texts(view, NAMES[:3], "en")


@pytest.mark.parametrize(("result", "banner"), [
    ({"winners": [0], "reason": "resign", "losers": [1]}, "Ana gana: Ben abandonó"),
    ({"winners": [1], "reason": "time", "losers": [0]}, "Ben gana: a Ana se le acabó el tiempo"),
    ({"winners": [], "reason": "agreement"}, "Tablas: de mutuo acuerdo"),
])
def test_endings_outside_the_rules_in_spanish(result: dict, banner: str) -> None:
    states = game(2, (), 3)
    view = E.view(states[len(states) // 2], None)
    said = texts(view, NAMES[:2], "es", result=result)
    assert banner in said and said.count("Fin de la partida") == 2  # the status line and the panel's headline
    assert not any(t.startswith("Ana: ") or t.startswith("Ben: ") for t in said)  # no throw at hand, no hint
    no_english(said, NAMES)


def test_a_tied_win_and_unnamed_seats_in_spanish() -> None:
    view = {"winners": [0, 1], "totals": [120, 120], "side_of_seat": [0, 1]}
    assert kr._result_words(view, ["Ana", "Ben"], "es") == "Ana y Ben comparten la victoria con 120"
    state = game(2, (), 1)[5]
    said = texts(E.view(state, None), [], "es")
    assert "Jugador 1  0" in said or "▶ Jugador 1  0" in said, said
    assert not any("Player" in t for t in said)


def test_a_discord_locale_reads_as_spanish() -> None:
    view = E.view(game(2, (), 1)[30], None)
    assert texts(view, NAMES[:2], "es-419") == texts(view, NAMES[:2], "es")


# ---- the caption ------------------------------------------------------------------------------------------------
def test_every_caption_of_a_game_is_spanish_and_fits_two_lines() -> None:
    room = kr.WIDTH - 2 * theme.MARGIN - 16
    kinds = set()
    for players in (2, 4):
        for state in game(players, (), 5):
            view = E.view(state, None)
            text = kr.caption(view, LONG[:players], "es")
            if not text:
                continue
            kinds.add(text.split(":")[0].split(" ")[-1] if view["last_throw"] is None else "throw")
            assert "/" not in text, text
            no_english([text], LONG)
            assert len(theme.wrap(text, theme.CAPTION_SIZE, room)) <= 2, text
            assert kr.caption(view, LONG[:players]) == kr.caption(view, LONG[:players], "en")
    assert kinds


# ---- caches -----------------------------------------------------------------------------------------------------
def test_a_cached_picture_never_crosses_languages() -> None:
    """English, then Spanish, then English: each picture in its own words, the same as drawn cold."""
    view = E.view(game(2, (), 1)[60], None)
    result = {"winners": [0], "reason": "resign", "losers": [1]}
    first = render.render("krakatoa", view, NAMES[:2], result=result)
    spanish = render.render("krakatoa", view, NAMES[:2], result=result, lang="es")
    again = render.render("krakatoa", view, NAMES[:2], result=result)
    assert first == again and spanish != first
    theme._clear_caches()
    assert render.render("krakatoa", view, NAMES[:2], result=result, lang="es") == spanish
    theme._clear_caches()
    render.render("krakatoa", view, NAMES[:2], result=result, lang="es")
    assert render.render("krakatoa", view, NAMES[:2], result=result) == first
    # the cached background (sets, dice, legend, sheet rows) is one per language
    assert kr._background(2, True, "es").tobytes() != kr._background(2, True, "en").tobytes()


def test_the_glyph_warm_table_holds_the_spanish_words() -> None:
    held = {word for vocabulary in kr.VOCABULARY["es"].values() for word in vocabulary.split()}
    # the words each picture draws afresh (the background's, sets and legend, are drawn once and kept)
    for key in ("set.s", "set.a", "dice.rolled", "dice.thrown_now", "class.Volcano", "class.Deuce", "class.Bust",
                "info.scratch", "info.basic", "throwoff.title", "bonus.Big Eruption", "bonus.Little Quake",
                "bonus.Big Rumble", "stage.over", "stage.throwoff"):
        for word in kr.say("es", key).split():
            assert word in held, (key, word)
    assert set(kr.VOCABULARY["es"]) == set(kr.VOCABULARY["en"])


# ---- the English picture says what it said ------------------------------------------------------------------------
def test_the_english_picture_is_as_before() -> None:
    state = E.from_position("YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 - 3 advanced")
    view = E.view(state, None)
    said = texts(view, NAMES[:2], "en")
    assert {"Steam", "Ash", "Lava", "white dice", "grey dice", "black dice", "thrown now", "Volcano", "Deuce",
            "Volcano  YYY 10 · RRR 5 · BBB 3", "Deuce  YYB 2 · YYR 2 · YRR 1 · others Bust 0", "R1", "Box", "Next",
            "Total", "Round 1 of 6 · throw 2 of 5 (Ash)", "Ben: throw 2 of 5", "Marks on this throw: none",
            "Bonus boxes left: 3 of 3", "Ben: Ash thrown hard at s3", "x2"} <= set(said), said
    assert texts(view, NAMES[:2], "en") == [m.what for m in render.layout_facts("krakatoa", view, NAMES[:2]).marks
                                            if m.kind == "text"]


# ---- fit and looks ----------------------------------------------------------------------------------------------
@contextmanager
def placed() -> Iterator[list[tuple[int, str, tuple[int, int, int, int]]]]:
    """Every text drawn on a picture ``kr.WIDTH`` wide while recording: (the image's id, the text, its box)."""
    found: list[tuple[int, str, tuple[int, int, int, int]]] = []
    paste, draw = theme.paste_text, theme.draw_text

    def note(img: Any, xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str) -> None:
        if img is not None and img.width == kr.WIDTH and text.strip():
            left, top, right, bottom = theme.font(size, bold).getbbox(text, anchor=anchor)
            found.append((id(img), text, (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)))

    def pasted(img: Any, xy: tuple[float, float], text: str, size: int, *, bg: Any, fill: Any = theme.INK,
               bold: bool = False, anchor: str = "la", symbol: bool = False) -> None:
        note(img, xy, text, size, bold, anchor)
        paste(img, xy, text, size, bg=bg, fill=fill, bold=bold, anchor=anchor, symbol=symbol)

    def drawn(d: Any, xy: tuple[float, float], text: str, size: int, fill: Any = theme.INK, bold: bool = False,
              anchor: str = "la", symbol: bool = False) -> None:
        note(getattr(d, "_image", None), xy, text, size, bold, anchor)
        draw(d, xy, text, size, fill, bold, anchor, symbol)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(theme, "paste_text", pasted)
        patch.setattr(theme, "draw_text", drawn)
        yield found


def laid_out(view: dict, names: list[str], lang: str, **kw: Any) -> tuple[render.LayoutFacts, list]:
    with placed() as found:
        facts = render.layout_facts("krakatoa", view, names, lang=lang, **kw)
    return facts, found


def views_of(players: int, options: tuple) -> list[tuple[dict, dict | None]]:
    """(view, previous) every 9 plies of a game, its end, and a resignation half-way."""
    states = game(players, options, 4)
    picks = [(E.view(states[i], None), E.view(states[i - 1], None) if i else None)
             for i in [*range(0, len(states), 9), len(states) - 1]]
    return picks


LAYOUTS = [(2, ()), (3, (("preset", "basic"),)), (4, ()), (4, (("teams", True),))]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("players", "options"), LAYOUTS)
def test_every_picture_reads_on_a_phone_in_both_languages(players: int, options: tuple, lang: str) -> None:
    """A whole game every 9 plies and a resignation: text at least 9 px at 400 px wide, faces at least 14 px, text
    4.5:1 and symbols 3:1 on their ground, nothing cut with short names, no two texts overlapping, every text
    inside the card and the info panel's inside the panel, the status line no smaller than 14 px, and the picture
    as wide as the English one and no more than two caption lines taller."""
    views = views_of(players, options)
    cases = [(v, p, None) for v, p in views] + [(views[2][0], None, {"winners": [0], "reason": "resign",
                                                                          "losers": [1]})]
    for view, previous, result in cases:
        facts, found = laid_out(view, NAMES[:players], lang, previous=previous, result=result)
        english = render.layout_facts("krakatoa", view, NAMES[:players], previous=previous, result=result)
        text, face = facts.shown_at(DISPLAY_WIDTH)
        assert text >= 9 and face >= 14
        assert facts.width == english.width == kr.WIDTH
        assert english.height <= facts.height <= english.height + 2 * 24
        for m in facts.marks:
            assert m.fill in theme.PALETTE, m
            if m.ground is not None:
                assert contrast(m.fill, m.ground) >= (4.5 if m.kind == "text" else 3.0), m
            if m.kind == "text":
                assert "…" not in m.what or m.what == "…", m.what  # "…" alone: the throw at hand
        said = [m.what for m in facts.marks if m.kind == "text"]
        status = [m for m in facts.marks if m.kind == "text" and m.what == kr._status(
            view, result is not None or bool(view.get("outcome")), lang)]
        assert status and min(m.size for m in status) >= 14, status
        assert said
        inside(found)


def inside(found: list[tuple[int, str, tuple[int, int, int, int]]]) -> None:
    """No two texts of one image overlap; each lies inside the card, and the info panel's inside the panel (all
    but the title strip is drawn where the module's constants say, before a picture of 3-4 seats is lowered)."""
    info = (kr.INFO_Y0, kr.INFO_Y0 + kr.INFO_H)
    assert len(found) > 20
    for k, (image, text, (x0, y0, x1, y1)) in enumerate(found):
        assert x0 >= theme.FRAME_WIDTH and x1 <= kr.WIDTH - theme.FRAME_WIDTH, text
        if info[0] < (y0 + y1) / 2 < info[1]:
            assert x0 > kr.DICE_X0 and x1 < kr.DICE_X1, text
        for other, said, (a0, b0, a1, b1) in found[k + 1:]:
            if other == image:
                assert min(x1, a1) - max(x0, a0) <= 1 or min(y1, b1) - max(y0, b0) <= 1, (text, said)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("players", "options"), [(2, ()), (4, ()), (4, (("teams", True),))])
def test_long_names_are_cut_never_the_words_round_them(players: int, options: tuple, lang: str) -> None:
    """With long names, only a name is ever cut ("Bartholomew the Lon…: lanzamiento 2 de 5"), whatever the
    language; nothing overlaps or leaves its panel."""
    for view, previous in views_of(players, options):
        facts, found = laid_out(view, LONG[:players], lang, previous=previous)
        for m in facts.marks:
            if m.kind != "text" or "…" not in m.what or m.what == "…":
                continue
            head = m.what.split("…")[0].rstrip().removeprefix("▶ ")
            head = head.split(": ")[-1].split(" y ")[-1].split(" & ")[-1]
            assert head and any(head in name for name in LONG), m.what  # the cut falls in a name
        inside(found)


def test_the_spanish_stage_line_keeps_its_size_where_the_english_one_does() -> None:
    """The status line of an aimed throw, the longest, is drawn at 17 px or more (the English one at 18), and in
    the basic game at 14 px or more."""
    for options, least in (((), 17), ((("preset", "basic"),), 14)):
        view, previous = find(2, options, lambda v: v["step"].startswith("aim:") and v["throw"] in ("3", "4", "5"))
        facts = render.layout_facts("krakatoa", view, NAMES[:2], previous=previous, lang="es")
        [status] = [m for m in facts.marks if m.kind == "text" and m.what == kr._status(view, False, "es")]
        assert status.what.startswith("Ronda ") and status.size >= least, status
