"""Plateau's picture in the reader's language (``render.plateau.WORDS``): a Spanish picture draws the words the
Spanish messages use ("negras", "Reserva oculta", "Máscara roja", "pisotón") and none of the English ones, fits
where the English one does, and its caches never serve one language's words to the other; the English picture
says what it always said."""

from __future__ import annotations

import random
import re

import pytest

import render
from engines import plateau as P
from render import plateau as pr
from render import theme

E = P.ENGINE
NAMES = ["Ana", "Ben"]
LONG = ["Bartholomew the Longwinded", "Maximiliana Fernández-Oyarzábal"]
EX11 = "3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30"
EX4 = "4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.bx.2rr.2bb.xx - - 15"


def _game(seed: int = 8) -> list[P.PlateauState]:
    rng = random.Random(seed)
    states = [E.new_game(2)]
    while E.outcome(states[-1]) is None:
        states.append(E.apply(states[-1], E.random_move(states[-1], rng)))
    return states


GAME = _game()
TENDER = E.play(E.from_position(EX11), "tender:rr")
REFUSED = E.play(E.play(E.from_position(EX11), "tender:xx"), "refuse")
#: (state, the state before it) of a start, an opening, the middle of a game, a pin, a tender, a refusal, an end
POSITIONS = {
    "start": (GAME[0], None),
    "opening": (GAME[1], GAME[0]),
    "middle": (GAME[24], GAME[23]),
    "pinned": (E.play(E.from_position(EX4), "a1:3-a2:2-a3:1-a4"), E.from_position(EX4)),
    "tender": (TENDER, E.from_position(EX11)),
    "refused": (REFUSED, E.play(E.from_position(EX11), "tender:xx")),
    "final": (GAME[-1], GAME[-2]),
}


def facts(name: str, viewer: int | None, lang: str, names: list[str] = NAMES, **kw: object) -> render.LayoutFacts:
    state, before = POSITIONS[name]
    previous = E.view(before, viewer) if before is not None else None
    return render.layout_facts("plateau", E.view(state, viewer), names, previous=previous, lang=lang, **kw)


def texts(f: render.LayoutFacts) -> list[str]:
    return [m.what for m in f.marks if m.kind == "text"]


def drawn(f: render.LayoutFacts) -> str:
    """Every text line drawn, joined by spaces (a caption or a note wraps over lines at its spaces)."""
    return " ".join(texts(f))


def symbols(f: render.LayoutFacts) -> set[str]:
    return {m.what for m in f.marks if m.kind == "symbol"}


ENGLISH_WORDS = ("Reserve", "Prisoners", "hidden", "Black", "White", "ply", "to move", "game over", "last move",
                 "unseen", "faded", "private view", "moved", "red", "blue", "orange", "blank", "wins", "Tender",
                 "replies", "capturing", "resigned")


def english_in(text: str) -> list[str]:
    return [w for w in ENGLISH_WORDS if re.search(rf"\b{w}\b", text)]


# ---- the Spanish picture speaks Spanish ----------------------------------------------------------------
def test_a_spanish_private_view_draws_the_words_of_the_spanish_messages() -> None:
    view = E.view(GAME[24], 0)
    f = facts("middle", 0, "es")
    lines = texts(f)
    mover = NAMES[int(view["side"])]
    assert f"jugada {view['ply']} · le toca a {mover}" in lines
    assert "Ana (negras)" in lines and "Ben (blancas)" in lines  # the panels ("negras", term.plateau.owner_Black)
    assert {"▶ Ana (negras)", "Ben (blancas)"} <= set(lines) or {"Ana (negras)", "▶ Ben (blancas)"} <= set(lines)
    assert f"Reserva: {len(view['reserves'][0])}" in lines  # the viewer's own reserve, by type
    assert f"Reserva oculta: {view['reserves'][1]}" in lines  # the opponent's, a count
    assert f"Prisioneros: {len(view['prisoners'][0])} de 6" in lines
    assert {"roja", "azul", "naranja", "en blanco"} <= set(lines)  # the legend's faces (term.plateau.*)
    assert "última jugada, en orden   ? cara oculta   pálida: solo tú la ves" in lines
    caption = pr.caption(view, NAMES, E.view(GAME[23], 0), lang="es")
    assert caption.startswith(NAMES[1 - int(view["side"])] + " ") and caption in drawn(f)
    assert "Vista privada de Ana: solo este jugador ve las caras pálidas" in drawn(f)
    assert {"B", "W"} <= symbols(f)  # the seat marks the messages give the sides ("Ana [B]"), in every language
    assert not english_in(drawn(f)), english_in(drawn(f))


@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_no_english_word_is_left_on_a_spanish_picture(name: str, viewer: int | None) -> None:
    f = facts(name, viewer, "es")
    assert not english_in(drawn(f)), (name, viewer, drawn(f))


def test_a_tender_and_a_refusal_in_spanish() -> None:
    lines = texts(facts("tender", 1, "es"))
    assert "jugada 31 · Ben responde a la oferta" in lines
    assert "Oferta de Ana — valor 5" in lines
    assert "Ben debe devolver prisioneros que basten o rechazarla" in lines
    assert "Ana ofreció prisioneros: Roja" in lines
    lines = texts(facts("refused", 0, "es"))
    assert "Oferta de valor 1 rechazada" in lines
    assert "Ana sigue; una nueva oferta debe valer > 1" in lines
    assert "Ben rechazó la oferta" in lines  # the rule number is left to the specification


#: each kind of move said in both languages: (last move, side to move after it, English, Spanish); Ben moved
#: unless Ana is to move, and the view before it says Ben took two prisoners
CAPTIONS = [
    ("+xx.rb@a1", 1, "Ana opened with a stack of 2 on a1", "Ana abrió con una pila de 2 en a1"),
    ("+rb@c2", 0, "Ben put a reserve piece on c2, red up", "Ben puso una pieza de la reserva en c2, con la cara roja "
     "arriba"),
    ("+xr@c2:1", 0, "Ben put a reserve piece into c2 at level 1, blank up",
     "Ben metió una pieza de la reserva en la pila de c2 a la altura 1, con la cara en blanco arriba"),
    ("+?@c2", 0, "Ben put a reserve piece on c2", "Ben puso una pieza de la reserva en c2"),
    ("tender:rb.2rr.3xx", 0, "Ben tendered prisoners: Ace, 2 Red, 3 Mute (PL-7.1)",
     "Ben ofreció prisioneros: As, 2 Rojas, 3 Mudas (PL-7.1)"),
    ("return:rx.bx.ox", 0, "Ana returned Red Mask, Blue Mask, Twister: the exchange is made (PL-7.3)",
     "Ana devolvió prisioneros: Máscara roja, Máscara azul, Torbellino; se hace el intercambio (PL-7.3)"),
    ("refuse", 0, "Ben refused the tender (PL-7.4)", "Ben rechazó la oferta (PL-7.4)"),
    ("pass", 0, "Ben passed: no legal action (PL-3.2)", "Ben pasó: no podía hacer otra cosa (PL-3.2)"),
    ("b2!", 0, "Ben stomped on b2, capturing 2 pieces", "Ben dio un pisotón en b2 y capturó 2 piezas"),
    ("*b2!", 0, "Ben stomped on b2 after a flip, capturing 2 pieces",
     "Ben volteó la pieza de arriba, dio un pisotón en b2 y capturó 2 piezas"),
    ("a1-a3", 0, "Ben moved the top unit from a1 to a3, capturing 2 pieces",
     "Ben movió su unidad superior de a1 a a3 y capturó 2 piezas"),
    ("*a1:2-a2-a3", 0, "Ben moved 2 from a1 to a3 via a2, flipped first, capturing 2 pieces",
     "Ben volteó la pieza de arriba, movió 2 de a1 a a3 pasando por a2 y capturó 2 piezas"),
    ("a1:2-a2:1-a3", 0, "Ben moved 2 from a1 to a3 via a2, arriving with 1, capturing 2 pieces",
     "Ben movió 2 de a1 a a3 pasando por a2, llegó con 1 y capturó 2 piezas"),
]


@pytest.mark.parametrize(("last", "side", "english", "spanish"), CAPTIONS)
def test_every_kind_of_move_is_told_in_both_languages(last: str, side: int, english: str, spanish: str) -> None:
    view = {"last_move": last, "side": side, "prisoners": [[], ["rr", "xx"]]}
    before = {"prisoners": [[], []]}
    assert pr.caption(view, NAMES, before) == english  # English as it always was
    assert pr.caption(view, NAMES, before, lang="es") == spanish


def test_a_flip_without_a_capture_is_joined_by_y() -> None:
    view = {"last_move": "*d1:3-c1:5-a1", "side": 1}
    assert pr.caption(view, NAMES, lang="es") == \
        "Ana volteó la pieza de arriba y movió 3 de d1 a a1 pasando por c1, llegó con 5"
    assert pr.caption({"last_move": "*b2!", "side": 0}, NAMES, lang="es") == \
        "Ben volteó la pieza de arriba y dio un pisotón en b2"


# ---- endings --------------------------------------------------------------------------------------------
#: the engine's endings (PL-8) in Spanish, as the outcome messages say them
SPANISH_WHY = {"prisoners": "seis prisioneros capturados", "stack": "seis piezas propias seguidas en una pila",
               "repetition": "la misma posición por tercera vez", "ply limit": "se alcanzó el límite de jugadas",
               "no moves": "ningún jugador puede hacer nada"}


def test_a_game_won_by_the_rules_ends_with_a_spanish_banner() -> None:
    outcome = E.outcome(GAME[-1])
    assert outcome is not None and len(outcome.winners) == 1
    f = facts("final", None, "es")
    text = drawn(f)
    assert f"{NAMES[outcome.winners[0]]} gana: {SPANISH_WHY[outcome.reason]}" in text
    assert f"jugada {GAME[-1].ply} · partida terminada" in texts(f)
    assert not english_in(text), english_in(text)


@pytest.mark.parametrize(("reason", "winners"), [("prisoners", [1]), ("stack", [0]), ("repetition", []),
                                                 ("ply limit", []), ("no moves", [])])
def test_every_ending_of_the_rules_in_spanish(reason: str, winners: list[int]) -> None:
    text = drawn(facts("middle", None, "es", result={"winners": winners, "reason": reason}))
    expected = f"{NAMES[winners[0]]} gana: " if winners else "Tablas: "
    assert expected + SPANISH_WHY[reason] in text


@pytest.mark.parametrize(("result", "spanish", "english"), [
    ({"winners": [0], "reason": "resign", "losers": [1]}, "Ana gana: Ben abandonó", "Ana wins: Ben resigned"),
    ({"winners": [1], "reason": "time", "losers": [0]}, "Ben gana: a Ana se le acabó el tiempo",
     "Ben wins: Ana ran out of time"),
])
def test_resign_and_time_endings_in_both_languages(result: dict, spanish: str, english: str) -> None:
    es = facts("middle", None, "es", result=result)
    assert spanish in drawn(es) and "partida terminada" in drawn(es)
    en = facts("middle", None, "en", result=result)
    assert english in drawn(en) and "game over" in drawn(en)


# ---- caches never mix the languages ----------------------------------------------------------------------
def test_caches_never_serve_one_languages_words_to_the_other() -> None:
    """Each picture drawn after the other language's (its slabs, legend and words cached) is the very picture
    drawn from empty caches: nothing cached in one language is pasted into the other."""
    view, previous = E.view(GAME[24], 0), E.view(GAME[23], 0)

    def png(lang: str) -> bytes:
        return render.render("plateau", view, NAMES, previous=previous, lang=lang)

    with theme.recording():  # empties the sprite caches
        pass
    english = png("en")
    spanish = png("es")
    assert png("en") == english and spanish != english
    with theme.recording():
        pass
    assert png("es") == spanish
    assert png("en") == english
    # and the words of each, drawn in turn: en, es, en
    for lang, own, other in (("en", "Reserve: ", "Reserva"), ("es", "Reserva", "Reserve"),
                             ("en", "Reserve: ", "Reserva")):
        text = drawn(facts("middle", 0, lang))
        assert own in text and other not in text, lang


def test_the_cached_parts_are_drawn_per_language() -> None:
    assert pr._legend(True, True, "en").tobytes() != pr._legend(True, True, "es").tobytes()


# ---- the English picture is unchanged --------------------------------------------------------------------
def test_the_english_picture_says_what_it_always_said() -> None:
    view = E.view(GAME[24], 0)
    f = facts("middle", 0, "en")
    lines = texts(f)
    mover = NAMES[int(view["side"])]
    assert f"ply {view['ply']} · {mover} to move" in lines
    assert "Ana (Black)" in lines and "Ben (White)" in lines
    assert f"Reserve: {len(view['reserves'][0])}" in lines
    assert f"Reserve: {view['reserves'][1]} hidden" in lines
    assert f"Prisoners: {len(view['prisoners'][0])} of 6" in lines
    assert {"red", "blue", "orange", "blank"} <= set(lines)
    assert "last move, in order   ? unseen face   faded: yours alone" in lines
    assert "Ana's private view: faded faces are known to this player alone" in lines
    assert {"B", "W"} <= symbols(f) and "N" not in symbols(f)
    assert pr.caption(view, NAMES, E.view(GAME[23], 0)) in drawn(f)
    lines = texts(facts("tender", 1, "en"))
    assert {"ply 31 · Ben replies to the tender", "Tender by Ana — worth 5",
            "Ben replies: return prisoners worth enough, or refuse", "Ana tendered prisoners: Red"} <= set(lines)
    lines = texts(facts("refused", 0, "en"))
    assert {"Tender worth 1 refused", "Ana goes on; a new tender must be worth > 1"} <= set(lines)
    final = drawn(facts("final", None, "en"))
    assert "Ana wins: six own pieces in one stack" in final and f"ply {GAME[-1].ply} · game over" in final
    assert "ply 0 · Ana places an opening stack" in texts(facts("start", None, "en"))


# ---- fit: the Spanish words need no more room than the English --------------------------------------------
@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_spanish_pictures_are_as_legible_as_english_ones(name: str, viewer: int | None) -> None:
    """At 400 px wide: no text under 9 px, no face under 14 px, no text smaller than the theme allows, and with
    everyday names nothing cut ("…"); the Spanish picture no taller than the English one but for the notes
    under the board, which wrap as the English ones do (at most one line more each)."""
    es, en = facts(name, viewer, "es"), facts(name, viewer, "en")
    text, face = es.shown_at(400)
    assert text >= 9 and face >= 14
    assert es.min_text_px >= theme.MIN_TEXT
    assert es.width == en.width and es.height <= 1800
    assert not [t for t in texts(es) if "…" in t]
    notes = 1 + (name == "final" or viewer is not None)  # the caption, and a banner or whose view it is
    assert es.height - en.height <= 27 * notes


def test_each_spanish_line_fits_where_its_english_one_does() -> None:
    """Every fixed line in its room at its size, with an everyday name (10 letters) and a two-figure ply: the
    Spanish fits wherever the English does (nothing shrunk or cut that the English keeps whole)."""
    who = "Maximilian"
    room_box = pr.PANEL_X1 - pr.PANEL_X0 - 8 - 24  # the tender box's line
    lines = [("status.move", 18, False, pr.STATUS_ROOM, {"who": who, "ply": 24}),
             ("status.reply", 18, False, pr.STATUS_ROOM, {"who": who, "ply": 24}),
             ("status.open", 18, False, pr.STATUS_ROOM, {"who": "Ana", "ply": 1}),
             ("status.over", 18, False, pr.STATUS_ROOM, {"ply": 400}),
             ("seat", 16, True, pr.PANEL_W - 50, {"who": who, "owner": "?"}),
             ("reserve", 15, False, pr.PANEL_W - 20, {"n": 12}),
             ("reserve_hidden", 15, False, pr.PANEL_W - 20, {"n": 12}),
             ("prisoners", 15, False, pr.PANEL_W - 20, {"n": 6}),
             ("tender", 16, True, room_box, {"who": who, "value": 21}),
             ("tender_reply", 15, False, room_box, {"who": who}),
             ("refused", 16, True, room_box, {"value": 21}),
             ("refused_next", 15, False, room_box, {"who": who, "value": 21}),
             ("private", theme.HINT_SIZE, False, pr.WIDTH - 2 * theme.MARGIN - 16, {"name": "Ana"})]
    for key, size, bold, room, params in lines:
        for seat in (0, 1):
            said = {lang: pr.say(lang, key, **{**params, **({"owner": pr.say(lang, f"owner.{seat}")}
                                                            if "owner" in params else {})}) for lang in ("en", "es")}
            assert theme.fits(said["en"], size, room, bold), (key, said["en"])  # the room is the English one's
            assert theme.fits(said["es"], size, room, bold), (key, said["es"], theme.text_size(said["es"], size,
                                                                                                bold)[0], room)
    legend = "   ".join(pr.say("es", k) for k in ("legend.moves", "legend.unseen", "legend.faded"))
    assert theme.fit_text(legend, 14, pr.PANEL_X1 - pr.PANEL_X0 - 36 - 8) == 14  # as big as the English key


@pytest.mark.parametrize("lang", ["en", "es"])
def test_long_names_are_shortened_never_the_words_around_them(lang: str) -> None:
    """A name too long for its line is cut ("Maximilian…"), the words around it kept whole: the owner's colour in
    the panels, what the tender asks, whose move it is."""
    tail = {"en": ("(Black)", "(White)", "replies: return prisoners worth enough, or refuse", "replies to the tender"),
            "es": ("(negras)", "(blancas)", "debe devolver prisioneros que basten o rechazarla",
                   "responde a la oferta")}[lang]
    lines = texts(facts("tender", 1, lang, LONG))
    panels = [t for t in lines if t.endswith((tail[0], tail[1])) and not t.startswith("▶")]
    assert len(panels) >= 2 and all("…" in t for t in panels), lines
    reply = next(t for t in lines if t.endswith(tail[2]))
    assert reply.startswith("Maximilian") and "…" in reply
    status = next(t for t in lines if t.startswith(("ply 31", "jugada 31")))
    assert status.endswith(tail[3]) and "Maximiliana" in status, status
