"""The quick-starts' claims, played against the engines (issue 28, item 7).

A quick-start is the first thing a newcomer reads, and ``docs/spec`` is the truth the engines implement.
Each claim below is one fact a quick-start states — who moves first, how pieces move, what captures,
how one wins — written twice: as the words the quick-start says it with (in each language, for each front
end), and as a check played on the engine, from the spec's own positions where it has them.  Changing a
claim in the text without the test, or the test without the text, fails.  Where the players' full rules
once said otherwise, the claim also holds the words they say it with now.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from engines import GAMES, MoveError, get_engine
from engines.base import Engine
from tables import rules_text

State = Any  # a state of whichever game a claim is about

LANGS = ("en", "es")


@dataclass(frozen=True)
class Claim:
    game: str
    name: str
    #: language -> the phrases the quick-start states the claim with (every front end's text has them)
    words: dict[str, tuple[str, ...]]
    check: Callable[[], None]
    #: language -> the phrases the players' full rules state it with (for the claims they once got wrong)
    rules: dict[str, tuple[str, ...]]

    def __str__(self) -> str:
        return f"{self.game}-{self.name}"


CLAIMS: list[Claim] = []


def claim(game: str, en: tuple[str, ...], es: tuple[str, ...], rules_en: tuple[str, ...] = (),
          rules_es: tuple[str, ...] = ()) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the decorated engine check as ``game``'s claim, said with ``en`` / ``es`` in the quick-start
    and ``rules_en`` / ``rules_es`` in the players' full rules."""
    def register(check: Callable[[], None]) -> Callable[[], None]:
        rules = {"en": rules_en, "es": rules_es} if rules_en or rules_es else {}
        CLAIMS.append(Claim(game, check.__name__, {"en": en, "es": es}, check, rules))
        return check
    return register


def moves(engine: Engine, state: State) -> set[str]:
    return {engine.format_move(state, m) for m in engine.legal_moves(state)}


def legal(engine: Engine, state: State, text: str) -> bool:
    """Whether ``text`` reads as one of the legal moves at ``state``."""
    try:
        move = engine.parse_move(state, text)
    except MoveError:
        return False
    return engine.format_move(state, move) in moves(engine, state)


def play(engine: Engine, state: State, *texts: str) -> State:
    for text in texts:
        assert legal(engine, state, text), text
        state = engine.apply(state, engine.parse_move(state, text))
    return state


def outcome_text(engine: Engine, state: State) -> str:
    outcome = engine.outcome(state)
    return "none" if outcome is None else outcome.text


# ==== Kona (docs/spec/kona.md) ==========================================================================
KONA = get_engine("kona")
KO_START = "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -"
KO_E4 = "5,P/2,CP,1,PCP,1/6/2,PC,P,2/6/C,4,CC c 12 d3"
#: a lone capybara on c3 among stacks of 1 (c4), 2 (b3) and 3 (d3) pieces
KO_E10 = ("a6-d3", "f6-c3", "d3-d4", "c3-c4", "d4-d3", "c4-c3", "d3-d4", "c3-c4", "d4-d3", "c4-c3")
KO_HEIGHTS = "6/6/2,P,3/1,PP,C,CPP,2/6/P,5 c 10 -"


def ko_square(text: str) -> tuple[int, int]:
    return ord(text[0]) - ord("a"), int(text[1]) - 1


def ko_stacks(position: str) -> dict[tuple[int, int], str]:
    """Square -> stack (bottom to top) of a Kona position's board field."""
    stacks = {}
    for row, rank in enumerate(position.split()[0].split("/")):
        file = 0
        for token in rank.split(","):
            if token.isdigit():
                file += int(token)
            else:
                stacks[(file, 5 - row)] = token
                file += 1
    return stacks


@claim("kona", en=("capybara (C) moves first",), es=("empieza el capibara (C)",))
def capybara_moves_first() -> None:
    state = KONA.new_game(2)
    assert KONA.to_position(state) == KO_START and KONA.to_move(state) == 0
    assert KONA.to_move(play(KONA, state, "a6-d3")) == 1


@claim("kona", en=("6×6", "6 pieces", "four 3-high towers in the corners"),
       es=("6×6", "6 piezas", "cuatro torres de 3 en las esquinas"))
def six_pieces_each_in_four_corner_towers() -> None:
    stacks = ko_stacks(KO_START)
    assert sorted(stacks) == [(0, 0), (0, 5), (5, 0), (5, 5)] and all(len(s) == 3 for s in stacks.values())
    assert "".join(stacks.values()).count("C") == 6 == "".join(stacks.values()).count("P")


@claim("kona", en=("Nothing is ever captured",), es=("Nunca se captura nada",))
def nothing_is_captured() -> None:
    state, rng = KONA.new_game(2), random.Random(28)
    for _ in range(80):
        if KONA.outcome(state) is not None:
            break
        state = KONA.apply(state, rng.choice(KONA.legal_moves(state)))
        pieces = "".join(ko_stacks(KONA.to_position(state)).values())
        assert pieces.count("C") == 6 == pieces.count("P")


@claim("kona", en=("whose *top* piece is yours", "only that top piece"),
       es=("cuya pieza *superior* sea tuya", "solo esa pieza"))
def only_your_top_piece_moves() -> None:
    state = KONA.from_position(KO_E4)
    stacks = ko_stacks(KO_E4)
    assert all(stacks[ko_square(m[:2])][-1] == "C" for m in moves(KONA, state))
    assert not legal(KONA, state, "c5-c3")  # the top of c5 is a poodle
    after = play(KONA, state, "c3-c1")
    assert ko_stacks(KONA.to_position(after))[(2, 2)] == "P", "the piece under it stays"


@claim("kona", en=("straight line (8 directions)",), es=("línea recta (8 direcciones)",))
def straight_lines_in_eight_directions() -> None:
    state = KONA.from_position("6/6/6/2,C,3/6/P,5 c 10 -")
    assert moves(KONA, state) == {f"c3-{s}" for s in ("b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4")}


@claim("kona", en=("**exactly** as many squares as the stack is tall (1, 2 or 3)",),
       es=("**exactamente** tantas casillas como altura tiene la pila (1, 2 o 3)",))
def exactly_as_far_as_the_stack_is_tall() -> None:
    state = KONA.from_position(KO_E4)
    stacks = ko_stacks(KO_E4)
    for move in moves(KONA, state):
        (x0, y0), (x1, y1) = ko_square(move[:2]), ko_square(move[3:])
        assert max(abs(x1 - x0), abs(y1 - y0)) == len(stacks[(x0, y0)]), move
    assert not legal(KONA, state, "c3-b3")  # one square from a stack of two


@claim("kona", en=("may not pass over any piece",), es=("No se puede saltar ninguna pieza",))
def nothing_is_passed_over() -> None:
    assert not legal(KONA, KONA.from_position(KO_E4), "c3-e3")  # e3 is empty, d3 is not


@claim("kona", en=("land on 0, 1 or 2 pieces (never on 3)",), es=("caer sobre 0, 1 o 2 piezas (nunca sobre 3)",))
def lands_on_at_most_two() -> None:
    state = KONA.from_position(KO_HEIGHTS)
    assert all(legal(KONA, state, m) for m in ("c3-c2", "c3-c4", "c3-b3"))
    assert not legal(KONA, state, "c3-d3")


@claim("kona", en=("On each player's first move", "1, 2 or 3 squares, whatever its height"),
       es=("En la primera jugada de cada jugador", "1, 2 o 3 casillas, sea cual sea su altura"))
def first_moves_go_one_two_or_three() -> None:
    state = KONA.new_game(2)
    assert {"a6-a5", "a6-a4", "a6-a3"} <= moves(KONA, state)
    second = play(KONA, state, "a6-d3")
    assert legal(KONA, second, "a6-a3"), "even from a stack of two"
    third = play(KONA, second, "a1-a3")
    assert not legal(KONA, third, "f1-f2"), "from the third ply on, exactly the height"


@claim("kona", en=("may not land where the first just landed",), es=("no puede caer donde acaba de caer el primero",))
def the_second_move_may_not_land_on_the_first() -> None:
    second = play(KONA, KONA.new_game(2), "a6-d3")
    assert not legal(KONA, second, "a6-d3") and legal(KONA, second, "a6-c4")


@claim("kona", en=("no passing",), es=("no se puede pasar",))
def there_is_no_pass() -> None:
    state = KONA.from_position(KO_E4)
    assert not legal(KONA, state, "pass") and all("-" in m for m in moves(KONA, state))


@claim("kona", en=("three tops of your animal in a row (row, column or diagonal)",),
       es=("tres cimas de tu animal en línea (fila, columna o diagonal)",))
def a_line_of_three_tops_wins() -> None:
    state = play(KONA, KONA.from_position("P,4,PCP/3,C,2/6/2,PC,3/1,C,4/CP,4,PC c 20 a6"), "d5-d4")
    assert outcome_text(KONA, state) == "capybara wins (line)"


@claim("kona", en=("Uncover the opponent's line and they win",), es=("Si destapas la línea del rival, gana él",))
def uncovering_their_line_loses() -> None:
    state = play(KONA, KONA.from_position("C,4,PC/4,PP,1/6/1,P,PC,P,2/6/C,4,CC c 30 e5"), "c3-c5")
    assert outcome_text(KONA, state) == "poodle wins (exposed-line)"


@claim("kona", en=("make lines for both and you lose",), es=("si haces líneas para los dos, pierdes",))
def lines_for_both_lose() -> None:
    state = play(KONA, KONA.from_position("5,PPP/C,C,4/6/1,P,PC,P,2/6/C,4,CC c 30 f6"), "c3-c5")
    assert outcome_text(KONA, state) == "poodle wins (double-line)"


@claim("kona", en=("A player who cannot move loses",), es=("Quien no puede mover pierde",))
def no_move_loses() -> None:
    state = play(KONA, KONA.from_position("5,CC/6/6/2,C,3/PPC,PC,4/P,PPC,4 c 40 a1"), "c3-b2")
    assert outcome_text(KONA, state) == "capybara wins (blocked)"


@claim("kona", en=("the same position a third time", "200 moves"),
       es=("la misma posición por tercera vez", "200 jugadas"))
def mesa_draws_on_repetition_and_length() -> None:
    state = play(KONA, KONA.new_game(2), *KO_E10)
    assert outcome_text(KONA, state) == "draw (repetition)"
    state = play(KONA, KONA.from_position("5,P/2,CP,1,PCP,1/6/2,PC,P,2/6/C,4,CC c 199 d3"), "c3-c1")
    assert outcome_text(KONA, state) == "draw (move-limit)"


@claim("kona", en=("`a6-d3` (from-to)",), es=("`a6-d3` (origen-destino)",))
def moves_are_written_from_to() -> None:
    assert legal(KONA, KONA.new_game(2), "a6-d3")


# ==== Plateau (docs/spec/plateau.md) ====================================================================
PLATEAU = get_engine("plateau")
PL_OPENED = "3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2"  # PL-11 example 1
PL_EMPTY = [f + r for f in "abcd" for r in "1234" if f + r not in ("a1", "d4")]
PL_TYPES = ("rb", "ox", "rx", "bx", "rr", "bb", "xx")


def pl_field(state: State, index: int) -> str:
    return PLATEAU.to_position(state).split()[index]


@claim("plateau", en=("Black moves first",), es=("empiezan las negras",))
def black_moves_first() -> None:
    state = PLATEAU.new_game(2)
    assert PLATEAU.to_move(state) == 0 and pl_field(state, 1) == "B"
    state = play(PLATEAU, state, "+xx.rb@a1")
    assert PLATEAU.to_move(state) == 1
    assert PLATEAU.to_move(play(PLATEAU, state, "+xo.xx@d4")) == 0, "Black has the first normal turn too"


@claim("plateau", en=("4×4", "12 two-faced disks (red, blue, orange or blank faces)"),
       es=("4×4", "12 discos de dos caras (roja, azul, naranja o en blanco)"))
def twelve_disks_of_two_faces() -> None:
    start = PLATEAU.new_game(2)
    assert pl_field(start, 0) == "4/4/4/4"
    assert pl_field(start, 3) == pl_field(start, 4) == "rb.ox.rx.bx.2rr.2bb.4xx"  # 1+1+1+1+2+2+4 = 12
    assert set("".join(PL_TYPES)) == set("rbox")


@claim("plateau", en=("sees both faces of their own", "only the *public* faces of the opponent's"),
       es=("ves las dos caras de los tuyos", "solo las caras *públicas* de los del rival"))
def hidden_faces_are_hidden_from_the_opponent() -> None:
    state = PLATEAU.from_position(PL_OPENED)
    assert PLATEAU.view(state, 0)["position"].startswith("3,W??.WX?/4/4/Bxx.BRb,3")
    assert PLATEAU.view(state, 1)["position"].startswith("3,Wxo.WXx/4/4/B??.BR?,3")


@claim("plateau", en=("2-piece stack", "faces of their choice", "empty edge square"),
       es=("pila de 2 piezas", "con las caras que elija", "casilla vacía del borde"))
def the_opening_is_a_pair_on_an_empty_edge_square() -> None:
    start = PLATEAU.new_game(2)
    opening = moves(PLATEAU, start)
    assert len(opening) == 1260 and {m.split("@")[1] for m in opening} == {
        f + r for f in "abcd" for r in "1234" if f in "ad" or r in "14"}
    assert legal(PLATEAU, start, "+xx.rb@a1") and legal(PLATEAU, start, "+br.xx@a1")  # any faces up
    assert not legal(PLATEAU, start, "+xx.xx@b2")  # not on the edge
    assert not legal(PLATEAU, play(PLATEAU, start, "+xx.rb@a1"), "+xx.xx@a1")  # not empty


@claim("plateau", en=("onto any empty square",), es=("en cualquier casilla vacía",))
def onboarding_onto_any_empty_square() -> None:
    state = PLATEAU.from_position(PL_OPENED)  # Black's only piece is on a1
    assert all(legal(PLATEAU, state, f"+xx@{square}") for square in PL_EMPTY)
    assert legal(PLATEAU, state, "+xx@c3"), "c3 is next to none of Black's pieces"


@claim("plateau", en=("face of your choice up",), es=("con la cara que quieras arriba",))
def onboarding_with_any_face_up() -> None:
    state = PLATEAU.from_position(PL_OPENED)
    assert all(legal(PLATEAU, state, f"+{pair}@c3") for pair in ("ox", "xo", "bx", "xb", "rx", "xr"))


@claim("plateau", en=("on top of a stack you control", "into a stack next to one of your pieces"),
       es=("encima de una pila que controlas", "dentro de una pila junto a una pieza tuya"))
def onboarding_into_a_stack() -> None:
    position = "4/4/2,WRr.BXx,1/4 {} turn rb.ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.rr.2bb.4xx - - 9"  # PL-11 example 3
    black, white = PLATEAU.from_position(position.format("B")), PLATEAU.from_position(position.format("W"))
    assert legal(PLATEAU, black, "+rr@c2") and legal(PLATEAU, black, "+rr@c2:1")
    assert not legal(PLATEAU, black, "+rr@c2:0")  # the bottom: next to White's piece only
    assert not legal(PLATEAU, white, "+rr@c2") and legal(PLATEAU, white, "+rr@c2:0")


@claim("plateau", en=("all or the top part of your top unit",), es=("toda tu unidad superior o su parte de arriba",))
def the_top_unit_or_its_top_part_moves() -> None:
    state = PLATEAU.from_position(PL_OPENED)  # a1: two Black pieces
    assert legal(PLATEAU, state, "a1:1-a2") and legal(PLATEAU, state, "a1:2-a2")
    pinned = PLATEAU.from_position("4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx rb.ox.rx.bx.rr.2bb.3xx - - 12")
    assert not any(m.startswith(("a2:2", "a2:3")) for m in moves(PLATEAU, pinned)), "White's pieces under it stay"


@claim("plateau", en=("up to as many squares as the unit has pieces",),
       es=("hasta tantas casillas como piezas tiene la unidad",))
def range_is_the_size_of_the_unit() -> None:
    state = PLATEAU.from_position(PL_OPENED)  # a unit of 2
    assert legal(PLATEAU, state, "a1:1-a2") and legal(PLATEAU, state, "a1:1-a3")
    assert not legal(PLATEAU, state, "a1:1-a4")
    three = PLATEAU.from_position("WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx "
                                  "rb.ox.rx.bx.2rr.2bb.2xx - - 12")
    assert legal(PLATEAU, three, "a1:1-a4")


@claim("plateau", en=("red: straight", "blue: diagonal", "blank: either", "orange: a knight's jump"),
       es=("roja: recto", "azul: diagonal", "blanca: ambas", "naranja: salto de caballo"))
def the_top_face_sets_the_way() -> None:
    red = PLATEAU.from_position(PL_OPENED)  # a1 is red up, blue down
    assert legal(PLATEAU, red, "a1:1-a2") and not legal(PLATEAU, red, "a1:1-b2")
    assert legal(PLATEAU, red, "*a1:1-b2") and not legal(PLATEAU, red, "*a1:1-a2")  # flipped: blue up
    blank = PLATEAU.from_position("2,WBb,1/4/1,WXx,2/1,BRr.BXx,2 B turn rb.ox.rx.bx.rr.2bb.3xx "
                                  "rb.ox.rx.bx.2rr.bb.3xx - - 12")
    assert legal(PLATEAU, blank, "b1:2-b2:1-b3") and legal(PLATEAU, blank, "b1:2-c2:1-d3")
    orange = PLATEAU.from_position("4/4/1,WRr,1,WXx/1,BXx.BOx,2 B turn rb.rx.bx.2rr.2bb.3xx "
                                   "rb.ox.rx.bx.rr.2bb.3xx - - 12")
    assert {m for m in moves(PLATEAU, orange) if m.startswith("b1")} == {
        "b1:1-a3", "b1:1-c3", "b1:1-d2", "b1:2-a3", "b1:2-c1:1-d2", "b1:2-c3", "b1:2-d2"}


@claim("plateau", en=("dropping or picking up pieces on the way",), es=("dejando o recogiendo piezas por el camino",))
def dropping_and_picking_up_on_the_way() -> None:
    drops = PLATEAU.from_position("4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx "
                                  "rb.ox.bx.2rr.2bb.xx - - 15")
    assert legal(PLATEAU, drops, "a1:3-a2:2-a3:1-a4")
    picks = PLATEAU.from_position("4/BXx.WXx.BXx.BRr,3/WXx,3/WXx.WRr,3 W turn rb.ox.rx.bx.rr.2bb.2xx "
                                  "rb.ox.rx.bx.rr.2bb.xx - - 15")
    assert legal(PLATEAU, picks, "a1:2-a2:3-a3")


@claim("plateau", en=("flip the top piece first",), es=("dar la vuelta a la pieza de arriba",))
def flipping_first() -> None:
    assert legal(PLATEAU, PLATEAU.from_position(PL_OPENED), "*a1:1-b2")
    same_faces = PLATEAU.from_position("WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx "
                                       "rb.ox.rx.bx.2rr.2bb.2xx - - 12")
    assert not any(m.startswith("*a1") for m in moves(PLATEAU, same_faces)), "a red/red piece has no other face"


@claim("plateau", en=("*stomp*", "capture in place"), es=("*pisar*", "capturar sin moverte"))
def stomping_captures_in_place() -> None:
    state = PLATEAU.from_position("4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx rb.ox.rx.bx.rr.2bb.3xx - - 12")
    assert pl_field(play(PLATEAU, state, "a2!"), 5) == "xx"


@claim("plateau", en=("lets you land on an enemy stack", "captures as many enemy pieces below as your unit has"),
       es=("te deja caer en una pila enemiga", "captura tantas piezas enemigas de debajo como piezas tiene tu unidad"),
       rules_en=("you must capture, even when you landed on your own pieces",
                 "(the pieces you brought plus your own pieces right under them) captures that many"),
       rules_es=("tienes que capturar, aunque hayas caído sobre piezas tuyas",
                 "(las piezas que has llevado más las tuyas que tengan justo debajo) captura ese mismo número"))
def a_marker_lands_on_the_enemy_and_captures_by_the_units_size() -> None:
    # PL-6.1, PL-11 example 8: a2 is Black-topped (BBb over two White pieces); one piece landing there makes a
    # unit of 2 with the BBb, which captures 2
    state = PLATEAU.from_position("4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx rb.ox.rx.bx.rr.2bb.3xx - - 12")
    assert pl_field(play(PLATEAU, state, "a1:1-a2"), 5) == "rr.xx", "a unit of 2 captures 2"
    sandwich = PLATEAU.from_position("4/2,WXx.BXx.WRr,1/4/2,BXx.BRr,1 B turn rb.ox.rx.bx.rr.2bb.2xx "
                                     "rb.ox.rx.bx.rr.2bb.3xx - - 12")
    assert pl_field(play(PLATEAU, sandwich, "c1:2-c3"), 5) == "rr.xx", "own pieces skipped"


@claim("plateau", en=("a blank top never lands on an enemy stack",),
       es=("una cara en blanco arriba nunca cae en una pila enemiga",),
       rules_en=("never lands on an enemy-topped stack", "where you started may stay there, blank on top or not"),
       rules_es=("nunca cae en una pila con una enemiga arriba", "donde empezaste puede quedarse allí, con la cara en "
                 "blanco arriba o no"))
def a_blank_top_never_lands_on_the_enemy() -> None:
    state = PLATEAU.from_position("4/2,BRr,1/BXx,3/BXx.WXx.WRx.WXx.WXx,3 W turn rb.ox.rx.bx.rr.2bb.2xx "
                                  "rb.ox.bx.2rr.2bb.xx - - 15")
    assert not legal(PLATEAU, state, "a1:2-c3") and legal(PLATEAU, state, "a1:3-c3:2-d4")
    after = play(PLATEAU, state, "a1:3-a2:2-a3:1-a4")
    assert pl_field(after, 0).split("/")[3].startswith("BXx.WXx,"), "a blank left on Black where it started"


@claim("plateau", en=("trade prisoners",), es=("canje de prisioneros",),
       rules_en=("then your opponent plays their turn",
                 "without going over your offer's worth (paying more is allowed)",
                 "they may refuse only when every prisoner of theirs is worth more than your offer"),
       rules_es=("luego tu rival juega su turno", "sin pasar del valor de tu oferta (puede pagar de más)",
                 "solo puede negarse si cada uno de sus prisioneros vale más que tu oferta"))
def trading_prisoners() -> None:
    state = PLATEAU.from_position("3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30")
    offered = play(PLATEAU, state, "tender:rr")
    # PL-7.2: worth 5 offered; White's bb (4) is the most that stays within it, rx (10) overpays; no refusal
    assert moves(PLATEAU, offered) == {"return:bb", "return:rx", "return:rx.bb"}
    assert "refuse" in moves(PLATEAU, play(PLATEAU, state, "tender:xx")), "worth 1: both of White's are worth more"
    assert PLATEAU.to_position(play(PLATEAU, offered, "return:bb")).split()[1:3] == ["W", "turn"], "White plays on"


@claim("plateau", en=("6 prisoners",), es=("6 prisioneros",))
def six_prisoners_win() -> None:
    state = PLATEAU.from_position("WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.bx.xx "
                                  "2rr.2bb.xx - 12")  # Black holds 5
    assert outcome_text(PLATEAU, play(PLATEAU, state, "a1:1-a4")) == "winner 0 (prisoners)"


@claim("plateau", en=("6 of your pieces in a row inside one stack",),
       es=("6 piezas tuyas seguidas dentro de una pila",))
def six_in_a_row_in_a_stack_win() -> None:
    state = PLATEAU.from_position("4/4/4/BXx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx "
                                  "rb.ox.rx.bx.rr.2bb.4xx - - 30")
    assert outcome_text(PLATEAU, play(PLATEAU, state, "+xx@a1:5")) == "winner 0 (stack)", "even buried"


@claim("plateau", en=("`+xr@c2` (onboard)", "`a1:2-a3` (move)", "`a2!` (stomp)"),
       es=("`+xr@c2` (entrar)", "`a1:2-a3` (mover)", "`a2!` (pisar)"))
def moves_are_written_so() -> None:
    assert legal(PLATEAU, PLATEAU.from_position(PL_OPENED), "+xr@c2")
    assert legal(PLATEAU, PLATEAU.from_position(PL_OPENED), "a1:2-a3")
    assert legal(PLATEAU, PLATEAU.from_position("4/4/WRr.WXx.BBb,3/BRr,3 B turn rb.ox.rx.bx.rr.bb.4xx "
                                                "rb.ox.rx.bx.rr.2bb.3xx - - 12"), "a2!")


# ==== K3 (docs/spec/k3.md) ==============================================================================
K3 = get_engine("k3")
K3_E = ("1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -")  # example 3
K3_P4 = ("1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|N/RK/BYG/KRYB+W|Y/GR/KNY/RGKB+W|G/YB/RKN/BGYK+W play 2 - -")
K3_BE = ("B/YB/BYB/YNBK/YYRNN/NYRKKR/RYGRKKN/RGYNBKKB/RGGYBGKBR 1/2/3/4/3G1+G|1/2/3/4/1KG2|1/2/3/4/3GR play 2 - -")
K3_X3 = ("1/2/3/4/5/6/7/8/RBBYGYRRG Y/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 0 - -")
K3_DEAL = "deal:BBBBRRRKKKYYYYGGG/BBBRRRKKKKYYYYGGG"
K3_BUILDS = ("build:0:N/YR/WKB/GYBY/KRGNK/GYWBRB", "build:1:R/KG/BYN/WRYK/GBKNY/BGKRYW")


def k3_accepts(state: State, text: str) -> bool:
    """Whether K3 takes ``text`` (chance moves and builds are not listed: K3-11.5)."""
    try:
        K3.apply(state, K3.parse_move(state, text))
    except MoveError:
        return False
    return True


def k3_dealt() -> State:
    state = K3.new_game(2)
    for text in ("base:RBBYGKRRG", K3_DEAL):
        state = K3.apply(state, K3.parse_move(state, text))
    return state


@claim("k3", en=("2-4 players",), es=("2-4 jugadores",))
def two_to_four_players() -> None:
    assert (K3.min_players, K3.max_players) == (2, 4)


@claim("k3", en=("base row of 9 coloured pieces (at least 4 colours)",),
       es=("fila base de 9 piezas de colores (al menos 4 colores)",))
def the_base_row_has_nine_pieces_of_four_colours() -> None:
    start = K3.new_game(2)
    assert k3_accepts(start, "base:RBBYGKRRG")
    assert not k3_accepts(start, "base:KKKRRRBBB") and not k3_accepts(start, "base:RBBYGKRR")


@claim("k3", en=("in view of all",), es=("a la vista de todos",))
def the_deal_is_public() -> None:
    assert "?BBBBRRRKKKYYYYGGGNNWW|?BBBRRRKKKKYYYYGGGNNWW" in K3.view(k3_dealt(), None)["position"]


@claim("k3", en=("secretly",), es=("en secreto",))
def pyramids_are_built_in_secret() -> None:
    built = K3.apply(k3_dealt(), K3.parse_move(k3_dealt(), K3_BUILDS[0]))
    assert "!BBBBRRRKKKYYYYGGGNNWW|" in K3.view(built, 1)["position"]
    assert "N/YR/WKB" not in K3.view(built, None)["position"]


@claim("k3", en=("The first to finish plays first",), es=("Quien termina primero juega primero",))
def the_first_builder_plays_first() -> None:
    for first, second in (K3_BUILDS, K3_BUILDS[::-1]):
        state = k3_dealt()
        for text in (first, second):
            state = K3.apply(state, K3.parse_move(state, text))
        assert K3.to_move(state) == int(first.split(":")[1])


@claim("k3", en=("when the last pyramid is built, all pyramids become public",),
       es=("cuando se construye la última pirámide, todas se hacen públicas",),
       rules_en=("When the last pyramid is built, play starts and every pyramid becomes public",),
       rules_es=("Cuando se construye la última pirámide empieza el juego y todas las pirámides se hacen públicas",))
def pyramids_become_public_when_play_starts() -> None:
    state = k3_dealt()
    for text in K3_BUILDS:
        state = K3.apply(state, K3.parse_move(state, text))
    seen = {K3.view(state, viewer)["position"] for viewer in (0, 1, None)}
    assert seen == {K3.to_position(state)} and "N/YR/WKB" in K3.to_position(state), "K3-10: all see both pyramids"


@claim("k3", en=("*accessible* piece (nothing resting on it)",), es=("pieza *accesible* (sin nada encima)",))
def only_accessible_pieces_play() -> None:
    state = K3.from_position(K3_E)
    assert legal(K3, state, "Ka3-e2") and not legal(K3, state, "Ga2-e2")  # a2 is covered


@claim("k3", en=("whose two supports include its colour or a natural",),
       es=("cuyos dos apoyos incluyan su color o una natural",))
def a_colour_goes_over_its_colour_or_a_natural() -> None:
    state = K3.from_position(K3_E)
    assert legal(K3, state, "Ka3-f2")  # K + R
    assert legal(K3, state, "Ka3-c3")  # Y + N
    assert not legal(K3, state, "Ka3-g2") and not legal(K3, state, "Ka3-b2")  # R + R, B + B


@claim("k3", en=("a natural goes on any open slot",), es=("una natural va en cualquier hueco abierto",))
def a_natural_goes_anywhere_open() -> None:
    state = K3.from_position(K3_E)
    open_slots = ("b2", "c3", "e2", "f2", "g2", "h2")
    assert {m for m in moves(K3, state) if m.startswith("Nd3")} == {f"Nd3-{slot}" for slot in open_slots}
    assert not legal(K3, state, "Nd3-b3"), "b3 is not open: b2 under it is empty"


@claim("k3", en=("play a white to pass",), es=("juega una blanca para pasar",))
def a_white_passes() -> None:
    state = K3.from_position(K3_P4)
    assert moves(K3, state) == {"Ws", "Ya4-c2", "Ya4-d2"}
    assert K3.to_move(play(K3, state, "Ws")) == 3


@claim("k3", en=("When the mountain is full", "either end of its base row"),
       es=("Con la montaña llena", "un extremo de su fila base"),
       rules_en=("whatever the colours beside it and never with a penalty",),
       rules_es=("sean cuales sean los colores de al lado y nunca con penalización",))
def a_full_mountain_grows_at_its_ends() -> None:
    full = K3.from_position(K3_BE)
    assert moves(K3, full) == {"Gd1-<", "Gd1->", "Re1-<", "Re1->"}
    assert K3.to_position(play(K3, full, "Gd1->")).split()[2:5] == ["play", "0", "-"], "no steal follows"


@claim("k3", en=("two supports of the same letter", "the previous player take one of your accessible pieces"),
       es=("dos apoyos de la misma letra", "el jugador anterior te quita una pieza accesible"),
       rules_en=("(the nearest still in the game)", "with nothing of yours accessible, nothing is taken"),
       rules_es=("(el más cercano que siga en juego)", "si no tienes ninguna accesible, no se lleva nada"))
def a_pair_lets_the_previous_player_take_a_piece() -> None:
    state = K3.from_position(K3_E)
    for text in ("Rs-g2", "Nd3-g2"):  # R on R+R, N on R+R
        after = play(K3, state, text)
        assert K3.to_move(after) == 1 and all(m.startswith("x") for m in moves(K3, after))
    three = play(K3, K3.from_position(K3_X3), "Ya5-c2", "Na5-b2")  # seat 2 penalised, seat 1 is out
    assert K3.to_move(three) == 0 and moves(K3, three) == {"xKa4", "xYb4"}
    last = K3.from_position("1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/4/5/6+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -")
    assert K3.to_position(play(K3, last, "Rs-g2")).endswith("play 1 - -"), "nothing accessible: nothing taken"


@claim("k3", en=("to play it later",), es=("para jugarla después",))
def a_taken_piece_is_played_later() -> None:
    after = play(K3, K3.from_position(K3_E), "Rs-g2", "xNd3")
    assert K3.to_move(after) == 1 and legal(K3, after, "Ns-b2")


@claim("k3", en=("a player who cannot act is out", "the last player in wins"),
       es=("quien no puede jugar queda fuera", "gana el último que queda"))
def the_last_player_in_wins() -> None:
    assert "|x|" in K3.to_position(play(K3, K3.from_position(K3_X3), "Ya5-c2"))
    assert outcome_text(K3, play(K3, K3.from_position(K3_BE), "Re1->")) == "player 2 wins (last player in)"


@claim("k3", en=("`Ka3-c3` (piece, spot, slot)", "`Wb4` (pass with the white on b4", "`Ws`, the white beside"),
       es=("`Ka3-c3` (pieza, posición, hueco)", "`Wb4` (pasar con la blanca de b4", "`Ws`, la blanca al lado"))
def k3_moves_are_written_so() -> None:
    assert legal(K3, K3.from_position(K3_E), "Ka3-c3") and legal(K3, K3.from_position(K3_P4), "Ws")
    # K3-5.1 c: a white in one's pyramid passes from its spot, not as ``Ws`` (a two-player game keeps its whites
    # there; K3-11.4's notation, ``W`` src)
    in_pyramid = K3.from_position("1/2/3/4/5/6/Y1KG1R1/BYYNYRKK/GBYBYRKKG 1/2/2W/2BN/Y1BGG/RRNKYW|"
                                  "1/2/KW1/BBR1/GRGGB/KBRNGY play 1 - -")
    assert legal(K3, in_pyramid, "Wb4") and not legal(K3, in_pyramid, "Ws")


# ==== Krakatoa (docs/spec/krakatoa.md) ==================================================================
KRAKATOA = get_engine("krakatoa")
KR_E3 = "---/---/RRR play 1 1 1 throw 1 0,0 10,20 - 3 advanced"
KR_SET = "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"  # E3 after the rethrow: throw 2
KR_BASIC = "YYB/YRR/BBB play 2 5 0 aim:l 1 152,40 00,00 - 0 basic"  # E14
KR_SCORES = {"YYY": 10, "RRR": 5, "BBB": 3, "YYB": 2, "YYR": 2, "YRR": 1, "YRB": 0, "YBB": 0, "RRB": 0, "RBB": 0}


def kr_field(state: State, index: int) -> str:
    return KRAKATOA.to_position(state).split()[index]


@claim("krakatoa", en=("2-4 players", "two teams of two"), es=("2-4 jugadores", "dos equipos de dos"))
def two_to_four_players_or_two_teams() -> None:
    assert (KRAKATOA.min_players, KRAKATOA.max_players) == (2, 4)
    assert KRAKATOA.to_position(KRAKATOA.new_game(4, options={"teams": True})).endswith("advanced+teams")


@claim("krakatoa", en=("Nine twelve-sided dice", "three sets (Steam, Ash, Lava)", "yellow, red or blue"),
       es=("Nueve dados de doce caras", "tres juegos (Vapor, Ceniza, Lava)", "amarillo, rojo o azul"))
def nine_dice_in_three_sets() -> None:
    rolling = play(KRAKATOA, KRAKATOA.from_position(KR_E3), "throw")
    outcomes = KRAKATOA.chance_outcomes(rolling)
    assert outcomes is not None and len(outcomes) == 1000
    texts = {KRAKATOA.format_move(rolling, m): p for m, p in outcomes}
    assert all(set(t.split()[1]) <= set("YRB/") for t in texts)
    assert texts["roll YYY/YYY/YYY"] == pytest.approx((3 / 12) ** 9)


@claim("krakatoa", en=("after every throw all nine dice score",), es=("tras cada lanzamiento puntúan los nueve dados",))
def all_nine_dice_score_every_throw() -> None:
    state = play(KRAKATOA, KRAKATOA.from_position(KR_BASIC), "aim a1 hard", "roll YYB/YRR/RRR")
    assert kr_field(state, 7) == "160,40", "Lava alone was thrown: 152 + 2 + 1 + 5"


@claim("krakatoa", en=("YYY 10, RRR 5, BBB 3", "YYB 2, YYR 2, YRR 1, anything else 0"),
       es=("YYY 10, RRR 5, BBB 3", "YYB 2, YYR 2, YRR 1, cualquier otro 0"))
def the_set_table() -> None:
    aimed = play(KRAKATOA, KRAKATOA.from_position(KR_BASIC), "aim a1 hard")
    for colours, points in KR_SCORES.items():
        after = play(KRAKATOA, aimed, f"roll {colours}/BBB/BBB")
        assert kr_field(after, 7) == f"{152 + points + 3 + 3},40", colours


@claim("krakatoa", en=("each player throws one set of their choice", "the best score starts"),
       es=("cada jugador lanza un juego a su elección", "la mejor puntuación empieza"))
def the_best_throw_off_starts() -> None:
    start = KRAKATOA.new_game(2)
    assert moves(KRAKATOA, start) == {"steam", "ash", "lava"}
    state = play(KRAKATOA, start, "steam", "roll ybY/---/---", "lava", "roll ---/---/RRR")
    assert KRAKATOA.to_move(state) == 1 and kr_field(state, 7) == "0,0", "RRR (5) beats YYB (2); nothing is scored"


@claim("krakatoa", en=("all nine dice", "once"), es=("los nueve dados", "una vez"),
       rules_en=("but not a throw 1 you rethrow", "only the kept result scores"),
       rules_es=("salvo un lanzamiento 1 que relanzas", "solo puntúa el resultado con el que te quedas"))
def throw_one_is_kept_or_thrown_once_more() -> None:
    rolled = play(KRAKATOA, KRAKATOA.from_position(KR_E3), "throw", "roll RRB/YRB/RBB")
    assert moves(KRAKATOA, rolled) == {"keep", "rethrow"}
    again = play(KRAKATOA, rolled, "rethrow", "roll YYB/YRR/RRR")
    assert KRAKATOA.to_position(again) == KR_SET and not legal(KRAKATOA, again, "keep")
    good = play(KRAKATOA, KRAKATOA.from_position(KR_E3), "throw", "roll YYY/RRR/BBB")
    assert kr_field(play(KRAKATOA, good, "rethrow"), 7) == "0,0", "a rethrown result scores nothing"
    assert kr_field(play(KRAKATOA, good, "keep"), 7) != "0,0"


@claim("krakatoa", en=("throw one set of your choice", "3-5) throw Steam, Ash, Lava"),
       es=("lanzar un juego a tu elección", "3-5) lanzar Vapor, Ceniza y Lava"))
def throws_two_to_five() -> None:
    state = KRAKATOA.from_position(KR_SET)
    assert moves(KRAKATOA, state) == {"steam", "ash", "lava"}
    state = play(KRAKATOA, state, "ash", "aim s3 soft", "roll YYB/YYY/RBB")
    steps = []
    for _ in range(3):
        steps.append(kr_field(state, 5))
        aim = sorted(moves(KRAKATOA, state))[0]
        state = play(KRAKATOA, state, aim, "roll YRB/YRB/YRB")
    assert steps == ["aim:s", "aim:a", "aim:l"] and kr_field(state, 5) == "throw" and KRAKATOA.to_move(state) == 0


@claim("krakatoa", en=("pick a *target* die on the table", "*soft* is precise, *hard* seldom misses"),
       es=("elige un dado *objetivo* de la mesa", "*suave* es precisa, *fuerte* casi nunca falla"))
def aiming_at_a_table_die_soft_or_hard() -> None:
    aiming = play(KRAKATOA, KRAKATOA.from_position(KR_SET), "ash")
    assert moves(KRAKATOA, aiming) == {f"aim {d} {f}" for d in ("s1", "s3", "l1") for f in ("soft", "hard")}
    assert not legal(KRAKATOA, aiming, "aim a2 soft"), "Ash is being thrown"

    def scratch(force: str) -> float:
        rolling = play(KRAKATOA, aiming, f"aim s3 {force}")
        outcomes = KRAKATOA.chance_outcomes(rolling) or []
        return sum(p for m, p in outcomes if KRAKATOA.format_move(rolling, m).startswith("scratch"))

    assert scratch("soft") == pytest.approx(0.1097, abs=1e-4) and scratch("hard") == pytest.approx(0.0328, abs=1e-4)


@claim("krakatoa", en=("`s1 s2 s3` (Steam), `a1 a2 a3` (Ash), `l1 l2 l3` (Lava)", "in the order yellow, red, blue",
                        "Two dice of one set showing the same colour are the same target",
                        "on Steam `YBB`, `aim s3 hard` is recorded as `aim s2 hard`"),
       es=("`s1 s2 s3` (Vapor), `a1 a2 a3` (Ceniza), `l1 l2 l3` (Lava)", "en el orden amarillo, rojo, azul",
           "Dos dados de un juego que muestran el mismo color son el mismo objetivo",
           "con Vapor en `YBB`, `aim s3 hard` se anota como `aim s2 hard`"),
       rules_en=("`s1 s2 s3` are the Steam dice, `a1 a2 a3` the Ash dice, `l1 l2 l3` the Lava dice",
                 "on Steam `YRB`, `s1` is the yellow die, `s2` the red one and `s3` the blue one",
                 "Two dice of the same set showing the same colour are the same target",
                 "on Steam `YBB`, `aim s3 hard` is recorded as `aim s2 hard`"),
       rules_es=("`s1 s2 s3` son los dados de Vapor, `a1 a2 a3` los de Ceniza y `l1 l2 l3` los de Lava",
                 "con Vapor en `YRB`, `s1` es el dado amarillo, `s2` el rojo y `s3` el azul",
                 "Dos dados del mismo juego que muestran el mismo color son el mismo objetivo",
                 "con Vapor en `YBB`, `aim s3 hard` se anota como `aim s2 hard`"))
def dice_names_and_equal_targets() -> None:
    assert KRAKATOA.to_position(KRAKATOA.from_position("BYB/RYR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced")) == (
        "YBB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"), "each set's dice are sorted yellow, red, blue"
    aiming = play(KRAKATOA, KRAKATOA.from_position("YBB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"), "ash")
    listed = {m.split()[1] for m in moves(KRAKATOA, aiming)}
    assert listed == {"s1", "s2", "l1"}, "Steam's two blues and Lava's three reds are listed once"

    def recorded(text: str) -> str:
        return KRAKATOA.format_move(aiming, KRAKATOA.parse_move(aiming, text))

    assert recorded("aim s3 hard") == "aim s2 hard" and recorded("aim s1 hard") == "aim s1 hard"
    assert recorded("aim l3 soft") == recorded("aim l2 soft") == "aim l1 soft"


@claim("krakatoa", en=("Hitting nothing is a scratch: 0 points",), es=("No tocar nada es un fallo: 0 puntos",))
def a_scratch_scores_nothing() -> None:
    state = KRAKATOA.from_position("RRB/BBB/RBB play 1 4 1 aim:a 1 0,50 10,10 - 3 advanced")
    assert kr_field(play(KRAKATOA, state, "aim l1 hard", "scratch RRB/YYR/RBB"), 7) == "0,50"


@claim("krakatoa", en=("×2 or ×4", "not in the basic game"), es=("×2 o ×4", "no en el juego básico"),
       rules_en=("Quakes come only when the throw scores points",),
       rules_es=("Solo hay terremoto si el lanzamiento suma puntos",))
def bonuses_multiply_later_throws() -> None:
    # KR-3.3: a throw worth 0 on a total of 80 (a multiple of 20) is no Big Quake: the waiting x moves up, nothing more
    zero = play(KRAKATOA, KRAKATOA.from_position("RRB/YRR/YYB play 3 3 0 aim:s 0 80,66 11,00 - 3 advanced"),
                "aim l3 hard", "roll YRB/YRB/YRB")
    assert kr_field(zero, 7) == "80,66" and kr_field(zero, 8) == "10,00"
    state = KRAKATOA.from_position("YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 - 3 advanced")
    state = play(KRAKATOA, state, "roll YYB/YYY/RBB")  # 44: a Little Quake marks the next throw ×2
    assert kr_field(state, 7) == "0,44" and kr_field(state, 8) == "10,10"
    assert kr_field(play(KRAKATOA, state, "aim a1 soft", "roll RRB/BBB/RBB"), 7) == "0,50", "3 ×2"
    basic = play(KRAKATOA, KRAKATOA.from_position(KR_BASIC), "aim a1 hard", "roll YYB/YRR/RRR")
    assert kr_field(basic, 8) == "00,00", "160 earns nothing in the basic game"


@claim("krakatoa", en=("the highest total after six rounds", "equal totals share the win"),
       es=("el mayor total tras seis rondas", "los totales iguales comparten la victoria"))
def the_highest_total_wins() -> None:
    last = KRAKATOA.from_position("YYB/RRB/BBB play 6 5 1 aim:l 0 196,186 00,00 - 1 advanced")
    assert outcome_text(KRAKATOA, play(KRAKATOA, last, "aim s3 hard", "roll YYY/RRB/YRB")) == (
        "players 0,1 share the win (tied at 196)")
    assert outcome_text(KRAKATOA, play(KRAKATOA, last, "aim s3 hard", "roll YRB/YRB/YRB")) == (
        "player 0 wins (highest total 196)")


@claim("krakatoa", en=("the choice worth the most points",), es=("la opción que más puntos vale",))
def auto_plays_the_best_choice() -> None:
    state = KRAKATOA.from_position(KR_SET)
    assert KRAKATOA.format_move(state, KRAKATOA.auto_move(state, 1, random.Random(0))) == "ash"
    aiming = play(KRAKATOA, state, "ash")
    assert KRAKATOA.format_move(aiming, KRAKATOA.parse_move(aiming, "auto")) == "aim s3 soft"


# ==== the tests =========================================================================================


@pytest.mark.parametrize("item", CLAIMS, ids=str)
def test_the_engine_plays_each_claim(item: Claim) -> None:
    item.check()


@pytest.mark.parametrize("front", rules_text.FRONTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("item", CLAIMS, ids=str)
def test_the_quickstart_still_makes_each_claim(item: Claim, lang: str, front: rules_text.Front) -> None:
    text = rules_text.quickstart(item.game, lang, front=front)
    missing = [phrase for phrase in item.words[lang] if phrase not in text]
    assert missing == [], f"the {lang} quick-start no longer says {missing}: change the claim with the text"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("item", [c for c in CLAIMS if c.rules], ids=str)
def test_the_players_rules_make_the_claims_they_once_got_wrong(item: Claim, lang: str) -> None:
    text = " ".join(rules_text.full_rules(item.game, lang).split())  # phrases may wrap
    assert [phrase for phrase in item.rules[lang] if phrase not in text] == []


def test_every_game_has_its_claims_checked() -> None:
    per_game = {game: sum(c.game == game for c in CLAIMS) for game in GAMES}
    assert min(per_game.values()) >= 12, per_game
    assert len({str(c) for c in CLAIMS}) == len(CLAIMS)
