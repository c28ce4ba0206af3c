"""The K3 picture in the reader's language (render/k3.py, ``WORDS``): a Spanish reader sees Spanish words on it,
the same terms as the messages (``tables.i18n``), fitting where the English ones do; the English picture is as it
was; a cached layer of one language is never served to the other."""

from __future__ import annotations

import itertools
import random
import re
from functools import cache

import pytest
from test_render_phone import DISPLAY_WIDTH, contrast

import render
from engines.k3 import ENGINE, K3State
from render import k3, theme, words
from tables.i18n import ES

NAMES = ["Ana", "Ben", "Carmen", "Dmitri"]
LONG = ["Maximiliano Fernández-Ortega", "Bartholomew the Longnamed", "Mesa 2 (normal)", "Guadalupe Villanueva"]


@cache
def game(players: int, seed: int, coop: bool = False) -> tuple[K3State, ...]:
    """Every state of one seeded random game, from the base row to the end."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed=seed, options={"cooperative": coop})
    states = [state]
    while ENGINE.outcome(state) is None:
        state = ENGINE.apply(state, ENGINE.random_move(state, rng))
        states.append(state)
    return tuple(states)


def texts(view, names=NAMES, lang="es", **kwargs) -> list[str]:
    facts = render.layout_facts("k3", view, names[:view["players"]], lang=lang, **kwargs)
    return [m.what for m in facts.marks if m.kind == "text"]


def first(players: int, test) -> tuple[K3State, K3State, int]:
    """The first (state, state before it, seed) of seeded games whose spectator view passes ``test``."""
    for seed in range(1, 40):
        states = game(players, seed)
        for before, after in itertools.pairwise(states):
            if test(ENGINE.view(after, None)):
                return after, before, seed
    raise AssertionError("no such position in these games")


def building(players: int, seed: int = 11) -> K3State:
    """A building position where some have built and some not (K3-3)."""
    return next(s for s in game(players, seed) if s.phase == "build"
                and 0 < sum(p["state"] in ("built", "hidden") for p in ENGINE.view(s, None)["players_info"]) < players)


#: every word of the English catalogue no Spanish one shares ("piece", "side", "move", "ready"...): none may be
#: drawn on a Spanish picture
def _tokens(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z…]{3,}", re.sub(r"\{\w+\}", "", text)))  # its words, its {params} left out


ENGLISH_ONLY = set().union(*map(_tokens, k3.WORDS["en"].values())) - set().union(*map(_tokens, k3.WORDS["es"].values()))


def assert_no_english(drawn: list[str]) -> None:
    said = {w for text in drawn for w in re.findall(r"[A-Za-z…]{3,}", text)} - set(" ".join(NAMES).split())
    assert not said & ENGLISH_ONLY, said & ENGLISH_ONLY


def test_the_piece_colours_are_the_messages_own() -> None:
    """The legend names the colours as the Spanish messages do (``term.k3.piece_*``: azul, roja, negra...)."""
    for letter in "BRKYGNW":
        assert words.say(k3.WORDS, "es", f"piece.{letter}").startswith(ES[f"term.k3.piece_{letter}"]), letter
    assert "".join(ENGLISH_ONLY) and {"side", "piece", "pieces", "move", "ready", "wins"} <= ENGLISH_ONLY


def test_a_private_building_view_in_spanish() -> None:
    state = building(3)
    view = ENGINE.view(state, 0)
    drawn = texts(view)
    ready = sum(p["state"] in ("built", "hidden") for p in view["players_info"])
    assert f"pirámides listas: {ready} de 3" in drawn
    assert "construyendo…" in drawn and "pirámide lista" in drawn
    assert "tus piezas (aún sin construir)" in drawn and "construida, oculta por ahora" in drawn
    assert "15 piezas" in drawn and "vista privada de Ana" in drawn
    assert {"azul", "roja", "negra", "amarilla", "verde", "natural", "blanca: pasa"} <= set(drawn)
    assert "de reserva" in drawn and "aparte" in drawn  # the spare white (K3-7.3)
    assert_no_english(drawn)
    public = texts(ENGINE.view(state, None))
    assert "las pirámides siguen ocultas" in public and "vista privada de Ana" not in public
    assert_no_english(public)


def test_the_deal_of_another_player_and_the_base_row_in_spanish() -> None:
    states = game(4, 14)
    base = texts(ENGINE.view(states[0], None))
    assert "sorteando la fila de base" in base and "se está sorteando la fila de base" in base
    dealt = next(s for s in states if s.phase == "build")
    drawn = texts(ENGINE.view(dealt, 1), previous=ENGINE.view(states[states.index(dealt) - 1], 1))
    assert "sus piezas (aún sin construir)" in drawn and "tus piezas (aún sin construir)" in drawn
    assert "Se repartieron las piezas; cada jugador construye su pirámide" in " ".join(drawn)  # the caption
    assert_no_english(base + drawn)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_and_a_penalty_in_spanish(players: int) -> None:
    after, before, seed = first(players, lambda v: v.get("steal") is not None and v.get("taker") is not None)
    view, previous = ENGINE.view(after, None), ENGINE.view(before, None)
    drawn = texts(view, previous=previous)
    taker, penalised = NAMES[view["taker"]], NAMES[view["steal"]]
    assert f"{taker} toma una pieza de {penalised}" in drawn  # the title strip
    assert "toma una pieza" in drawn and "cede una pieza" in drawn  # the two panels
    assert "al lado" in drawn and any(re.fullmatch(r"\d+ piezas?", t) for t in drawn)
    caption = k3.caption(view, NAMES[:players], previous, "es")
    slot = view["last_move"].split("-")[1]
    a, b = k3._supports(view, slot)
    assert f" en {slot} sobre {a}+{b}: penalización (K3-6.1), así que {taker} toma una pieza" in caption
    assert caption.startswith(f"{penalised} colocó la {view['last_move'][0]} de ")
    assert caption.replace(" (K3-6.1)", "") in " ".join(drawn)  # wrapped to the card, the rule number left out
    assert_no_english(drawn)
    # the steal that follows (K3-6.3), in the next picture's caption
    states = game(players, seed)
    following = states[states.index(after) + 1]
    said = k3.caption(ENGINE.view(following, None), NAMES[:players], view, "es")
    last = ENGINE.view(following, None)["last_move"]
    spot = last[2:]
    where = "al lado" if spot == "s" else f"en {spot}"
    assert said == f"{taker} se llevó la {last[1]} que {penalised} tenía {where}: la penalización por apoyos " \
                   "iguales (K3-6.3)"


def test_the_title_status_says_whose_turn() -> None:
    after, before, _ = first(3, lambda v: v.get("phase") == "play" and v.get("steal") is None and v.get("ply", 0) > 30)
    view = ENGINE.view(after, None)
    drawn = texts(view, previous=ENGINE.view(before, None))
    assert f"le toca a {NAMES[view['to_move']]}" in drawn and "le toca" in drawn
    assert_no_english(drawn)


def test_an_eliminated_player_and_the_last_one_in_in_spanish() -> None:
    states = game(3, 5)
    out = next(s for s in states if any(p["state"] == "eliminated" for p in ENGINE.view(s, None)["players_info"]))
    drawn = texts(ENGINE.view(out, None))
    assert "fuera" in drawn and "ya no juega" in drawn
    assert_no_english(drawn)
    final = ENGINE.view(states[-1], None)
    drawn = texts(final, previous=ENGINE.view(states[-2], None))
    winner = NAMES[final["winners"][0]]
    assert f"{winner} gana: el último que queda en juego" in drawn and "gana" in drawn
    assert "partida terminada" in drawn
    assert_no_english(drawn)


def test_the_cooperative_game_in_spanish() -> None:
    lost = next(g[-1] for seed in range(30) if not ENGINE.outcome((g := game(3, seed, True))[-1]).winners)
    view = ENGINE.view(lost, None)
    drawn = texts(view)
    stuck = NAMES[view["turn"]]
    assert f"Todos pierden: {stuck} no pudo jugar" in drawn and "no pudo jugar" in drawn
    assert_no_english(drawn)
    won = next(g[-1] for seed in range(5, 4000, 100) if ENGINE.outcome((g := game(3, seed, True))[-1]).winners)
    drawn = texts(ENGINE.view(won, None))
    assert "Ana, Ben y Carmen ganan: llenaron la cima" in drawn and drawn.count("gana") == 3
    assert_no_english(drawn)


def test_the_cooperative_title_is_spanish() -> None:
    lost = game(2, 4, True)[-1]
    with theme.recording() as marks:
        render.draw("k3", ENGINE.view(lost, None), NAMES[:2], lang="es")
    drawn = [m.what for m in marks]
    assert "K3 · cooperativo" in drawn and "K3 · cooperative" not in drawn


@pytest.mark.parametrize(("result", "banner", "tag"), [
    ({"winners": [0], "reason": "resign", "losers": [1]}, "Ana gana: Ben abandonó", "abandonó"),
    ({"winners": [1], "reason": "time", "losers": [0]}, "Ben gana: a Ana se le acabó el tiempo", "sin tiempo"),
])
def test_a_resignation_and_a_time_out_in_spanish(result: dict, banner: str, tag: str) -> None:
    after, _, _ = first(3, lambda v: v["phase"] == "play" and v.get("ply", 0) > 25 and v.get("steal") is None
                        and all(p["state"] == "built" for p in v["players_info"]))  # nobody is out yet
    drawn = texts(ENGINE.final_view(after), result=result)
    assert banner in drawn and drawn.count(tag) == 1 and drawn.count("gana") == 1
    assert_no_english(drawn)


def test_option_hints_in_spanish() -> None:
    state = ENGINE.new_game(2, seed=3, options={"penalty_requires_match": True, "thief": "next"})
    rng = random.Random(3)
    while state.phase != "play":
        state = ENGINE.apply(state, ENGINE.random_move(state, rng))
    hint = " · ".join(["solo se penaliza sobre dos de su color", "ladrón: el jugador siguiente"])
    assert hint in " ".join(texts(ENGINE.view(state, None)))  # the hint under the picture, wrapped to the card
    assert "penalty only on a match · thief: next player" in " ".join(texts(ENGINE.view(state, None), lang="en"))


def test_a_seat_without_a_name_is_a_jugador() -> None:
    states = game(3, 5)
    view = ENGINE.view(states[len(states) // 2], None)
    drawn = texts(view, names=[])
    assert "Jugador 1" in drawn and "Player 1" not in drawn


def test_the_english_picture_keeps_its_words() -> None:
    """The English words as they were before the pictures spoke Spanish (pinned here)."""
    state = building(3)
    drawn = texts(ENGINE.view(state, 0), lang="en")
    assert {"building…", "ready", "your pieces (not built yet)", "built, hidden for now", "15 pieces",
            "private view of Ana", "blue", "red", "black", "yellow", "green", "natural", "white: pass",
            "spare white", "set aside"} <= set(drawn)
    assert any(t.startswith("building: ") and t.endswith(" of 3 ready") for t in drawn)
    after, before, _ = first(3, lambda v: v.get("steal") is not None and v.get("taker") is not None)
    view = ENGINE.view(after, None)
    drawn = texts(view, previous=ENGINE.view(before, None), lang="en")
    assert {"side", "takes a piece", "gives a piece",
            f"{NAMES[view['taker']]} takes a piece from {NAMES[view['steal']]}"} <= set(drawn)
    assert f": penalised, so {NAMES[view['taker']]} takes a piece" in " ".join(drawn)
    # the default language is English, pixel for pixel
    assert render.render("k3", view, NAMES[:3]) == render.render("k3", view, NAMES[:3], lang="en")


def _views_for_caches() -> list[dict]:
    """Views that use every cached layer with words: the 3p legend and spare (background), side columns
    (pyramid sprites), the mountain's rows, the base row being drawn."""
    states = game(3, 5)
    return [ENGINE.view(states[0], None), ENGINE.view(building(3), 0), ENGINE.view(states[len(states) // 2], None),
            ENGINE.view(states[-1], None)]


@pytest.mark.parametrize("index", range(4))
def test_cached_layers_never_leak_from_one_language_to_the_other(index: int) -> None:
    """Drawn English, then Spanish, then English again (caches warm): each picture is the one its language draws
    from cold caches."""
    view = _views_for_caches()[index]

    def cold(lang: str) -> bytes:
        theme._clear_caches()
        return render.draw("k3", view, NAMES[:3], lang=lang).tobytes()

    english, spanish = cold("en"), cold("es")
    assert english != spanish
    theme._clear_caches()
    warm = [render.draw("k3", view, NAMES[:3], lang=lang).tobytes() for lang in ("en", "es", "en", "es")]
    assert warm == [english, spanish, english, spanish]


# ---- fit: the Spanish words where the English ones go ----------------------------------------------------
def spanish_pictures() -> list[tuple[dict, dict | None, list[str], dict | None]]:
    """(view, previous, names, result) of every phase, 2 to 4 players, public and private, long names."""
    out = []
    for players in (2, 3, 4):
        states = game(players, 10 + players)
        picks = [0, states.index(building(players, 10 + players)), len(states) // 3, 2 * len(states) // 3,
                 len(states) - 1]
        for i in picks:
            for viewer in (None, 0):
                previous = ENGINE.view(states[i - 1], viewer) if i else None
                out.append((ENGINE.view(states[i], viewer), previous, NAMES, None))
        out.append((ENGINE.view(states[len(states) // 2], None), None, LONG,
                    {"winners": [0], "reason": "resign", "losers": [1]}))
    return out


@cache
def spanish_facts() -> list[render.LayoutFacts]:
    return [render.layout_facts("k3", view, names[:view["players"]], previous=previous, result=result, lang="es")
            for view, previous, names, result in spanish_pictures()]


def test_spanish_text_is_big_enough_at_phone_width() -> None:
    for facts in spanish_facts():
        assert facts.shown_at(DISPLAY_WIDTH)[0] >= 9
        assert facts.min_text_px >= theme.MIN_TEXT
        assert facts.width <= theme.MAX_WIDTH and facts.height <= 1800


def test_spanish_text_stands_out() -> None:
    failures = set()
    for facts in spanish_facts():
        for m in facts.marks:
            assert m.fill in theme.PALETTE, m
            if m.ground is not None and contrast(m.fill, m.ground) < (4.5 if m.kind == "text" else 3.0):
                failures.add((m.kind, m.what, m.fill, m.ground))
    assert not failures


def test_a_spanish_picture_is_no_taller_than_two_caption_lines_more() -> None:
    """Spanish runs longer: its notes may take a line more than the English ones, never a whole block more."""
    for view, previous, names, result in spanish_pictures():
        sizes = {lang: render.draw("k3", view, names[:view["players"]], previous=previous, result=result,
                                   lang=lang).size for lang in ("en", "es")}
        assert sizes["es"][0] == sizes["en"][0] and sizes["es"][1] - sizes["en"][1] <= 2 * 24 + 21


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_panel_words_fit_their_panel(lang: str, players: int) -> None:
    """Every panel's words end inside the panel, clear of each other: the state tag (bold 14 px, from 14 px in)
    beside the piece count (13 px, ending 12 px from the right edge), a hand's note (13 px, from 12 px in),
    "eliminated" (18 px, centred) and the side column's word (13 px, over the column)."""
    x0, _, x1, _ = k3._panel_box(players, 0)
    width = x1 - x0
    tags = [k for k in k3.WORDS["en"] if k.startswith("tag.")]
    widest_count = max(theme.text_size(words.count(k3.WORDS, lang, "pieces", n), 13)[0] for n in range(0, 30))
    left_words = [words.left(lang, r) for r in words.LEFT_CODES]
    for tag in [words.say(k3.WORDS, lang, k) for k in tags] + left_words:
        assert 14 + theme.text_size(tag, 14, True)[0] + 8 + widest_count <= width - 12, tag
    for key in ("hand.hidden", "hand.own", "hand.other"):
        assert 12 + theme.text_size(words.say(k3.WORDS, lang, key), 13)[0] <= width - 12, key
    assert theme.text_size(words.say(k3.WORDS, lang, "eliminated"), 18)[0] <= width - 40
    for sides in (1, 2, 6):  # a side column (or two) beside the pyramid: its word ends inside the panel
        geometry = k3._pyramid_geometry(players, k3._panel_box(players, 0), sides, True)
        bw, pyr_w, px = geometry[4], geometry[6], geometry[8]
        side = theme.text_size(words.say(k3.WORDS, lang, "side"), 13)[0]
        assert px + pyr_w + 10 + bw * 0.45 + side / 2 <= x1 - 4, sides


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_legend_and_the_spare_white_fit_their_cell(lang: str) -> None:
    x0, _, x1, _ = k3._panel_box(3, 3)
    size, pitch = k3._legend_layout(lang)
    assert size >= theme.MIN_TEXT
    if lang == "en":
        assert (size, pitch) == (14, 104)  # as it was drawn before the pictures spoke Spanish
    for k, letter in enumerate(k3.LEGEND):
        col = k // 4
        start = 14 + col * pitch + 40
        end = start + theme.text_size(words.say(k3.WORDS, lang, f"piece.{letter}"), size)[0]
        assert end <= (pitch + 14 - 4 if col == 0 else x1 - x0 - 8), (letter, end)
    spare = 14 + pitch + 40 + max(theme.text_size(words.say(k3.WORDS, lang, "spare"), size)[0],
                                  theme.text_size(words.say(k3.WORDS, lang, "spare.aside"), 13)[0])
    assert spare <= x1 - x0 - 8


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_status_line_fits_beside_the_title(lang: str) -> None:
    """The title strip's status shrinks to fit (never under the minimum); with short names it is whole."""
    title = words.say(k3.WORDS, lang, "title.cooperative")
    room = k3.WIDTH - 2 * (theme.FRAME_WIDTH + 6) - 40 - theme.text_size(title, 22, True)[0]
    for key in ("status.over", "status.base", "status.deal"):
        assert theme.fits(words.say(k3.WORDS, lang, key), 18, room), key
    assert theme.fits(words.say(k3.WORDS, lang, "status.build", ready=3, total=4), 18, room)
    assert theme.fits(words.say(k3.WORDS, lang, "status.steal", taker="Carmen", penalised="Dmitri"), 16, room)
