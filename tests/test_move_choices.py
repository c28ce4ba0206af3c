"""What each legal move does, in words, where moves are listed to choose from (``tables.move_choices``): the
Discord move picker says it under each option that plays a move, ``/move``'s suggestions beside the notation,
in the reader's language; the words are the board's own facts (public ones, ``Engine.move_words``), said to
the mover; a lesson's lists go without them (reading the board is what a step asks)."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from discord_standin.payloads import Harness, option, thread_channel
from test_discord_flow import ALICE, STRING, callbacks, check_components, harness, replies, start_kona
from test_move_words import NAMES

from bench.picker import positions
from cogs.picking import group_says
from engines import Engine, game_names, get_engine
from tables import picker, said
from tables.i18n import EN, ES, Counts, Phrase
from tables.move_choices import LegalMoves
from tables.outcome_words import deed

__all__ = ["harness"]  # the fixture, shared with test_discord_flow


class Said(NamedTuple):
    text: str
    does: Any


def legal_moves_said(engine: Any, state: Any, seat: int, names: list[str]) -> list[Said]:
    """Every legal move of the seat with its words, in the order the controls list them."""
    moves = LegalMoves(engine, state, seat, names)
    told = moves.does(moves.texts)
    assert list(told) == moves.texts
    return [Said(text, told[text]) for text in moves.texts]


def listed_positions(game: str, seed: int) -> list[tuple[Any, int]]:
    """(state, seat) wherever a seat has moves listed, along a random game to its end (K3's builds, which are
    typed, not listed, by ``auto_move``): ``bench.picker``'s positions, with three players where the game takes
    them."""
    return positions(game, 3 if get_engine(game).max_players > 2 else 2, seed)


#: PL-1.2: the pieces by their faces (either order), as the mover's own words name them
PLATEAU_PIECES = {"rb": "Ace", "ox": "Twister", "rx": "Red Mask", "bx": "Blue Mask", "rr": "Red", "bb": "Blue",
                  "xx": "Mute"}


#: PL-1.2: the faces by their letters
PLATEAU_FACES = {"r": "red", "b": "blue", "o": "orange", "x": "blank"}


def named_by_notation(text: str) -> dict[str, str]:
    """What a Plateau move's own notation tells its mover beyond the board's words (PL-10.4), as the mover's words
    say it: a placement's pieces (``+`` a face pair, up face first, or two joined by ``.``, bottom piece first, then
    ``@``), an opening's bottom piece's up face, and a move's count going on from each stop (``-sq:j``, PL-5.5):
    what its mover reads in the option's label anyway."""
    if text.startswith("+"):
        pairs = text[1:].split("@")[0].split(".")
        pieces = [PLATEAU_PIECES.get(pair, PLATEAU_PIECES.get(pair[::-1], "?")) for pair in pairs]
        if len(pairs) == 1:
            return {"piece": pieces[0]}
        return {"bottom": pieces[0], "top": pieces[1], "bottom_face": PLATEAU_FACES[pairs[0][0]]}
    squares = text.lstrip("*").split("-")
    if len(squares) > 2:  # a move with stops (two at most on a 4x4 board, PL-5.4): ``a1:3-a2:2-a3:1-a4``
        return {"route": " and ".join(f"{stop.replace(':', ' (on with ')})" for stop in squares[1:-1])}
    return {}


@pytest.mark.parametrize("game", game_names())
def test_every_listed_move_says_what_it_does_in_both_languages(game: str) -> None:
    """Every move a player can choose from a list has words, filled in English and Spanish, that fit an option's
    100 characters (longer ones would be cut), and they rest on what the mover knows: the code and facts the board
    tells of it (``move.<game>.<code>``), and beyond them only the pieces the move's own notation names (a Plateau
    placement's reserve pieces, PL-9.2: a player knows both faces of their own pieces)."""
    engine = get_engine(game)
    codes = set()
    for seed in (3, 11):
        for state, seat in listed_positions(game, seed):
            said_moves = legal_moves_said(engine, state, seat, NAMES)
            assert [m.text for m in said_moves] == sorted(engine.format_move(state, m)
                                                          for m in engine.legal_moves(state, seat))
            for move in said_moves:
                assert move.does is not None, (game, move.text)
                board = deed(engine, state, engine.parse_move(state, move.text), "Ana", NAMES).words
                assert move.does.key == board.key.replace("move.", "does.", 1)
                beyond = {k: said(v) for k, v in move.does.params.items() if board.params.get(k) != v}
                assert board.params.items() <= move.does.params.items(), "the board's facts, all of them"
                assert beyond == (named_by_notation(move.text) if game == "plateau" else {}), (move.text, beyond)
                pieces = {"piece", "top", "bottom"} & set(beyond)
                assert not pieces or said(move.does).count("your ") == len(pieces), "the mover's own pieces, said so"
                for lang in ("en", "es"):
                    text = said(move.does, lang)
                    assert "{" not in text and text[0].isupper() and len(text) <= 100, (game, lang, text)
                codes.add(move.does.key)
    assert codes


def test_the_words_are_made_for_the_moves_asked_only() -> None:
    """A picker step shows a few moves of many (PL-10.7: Plateau's 1,260 openings); a text that is no legal move
    gets no words; a seat that is not to act has no moves (false)."""
    plateau = get_engine("plateau")
    start = plateau.new_game(2, 1)
    moves = LegalMoves(plateau, start, 0, NAMES)
    assert len(moves.texts) == 1260 and moves
    assert list(moves.does(["+xx.rb@a1", "a1-a2", "+xx.rb@b2"])) == ["+xx.rb@a1"]  # PL-2.2: b2 is not perimeter
    assert moves.said("es")["+xx.rb@a1"] == "Abrir en a1: tu As (roja arriba) sobre tu Muda (en blanco arriba)"
    assert not LegalMoves(plateau, start, None, NAMES) and LegalMoves(plateau, start, None, NAMES).texts == []


def test_the_catalogue_says_every_code_in_both_languages_and_only_player_moves() -> None:
    does = {k for k in EN if k.startswith("does.")}
    assert does == {k for k in ES if k.startswith("does.")}
    for key in does:  # each a player's move the boards tell (chance and K3's typed builds have none)
        assert "move." + key[len("does."):] in EN, key
    groups = {k for k in EN if k.startswith("group.")}
    assert groups == {k for k in ES if k.startswith("group.")}
    assert {k.split(".")[1] for k in groups} == set(game_names())


def test_a_group_without_words_says_how_many_moves_it_holds() -> None:
    """A game with nothing to say of a group (``Engine.group_words``' default) still tells its size."""
    legal = ["a1-a2", "a1-a3", "b1-b2"]
    assert group_says(legal, "p:a1-", None, "en") == "2 moves" and group_says(legal, "p:a1-", None, "es") == "2 jugadas"
    assert group_says(legal, "p:a1-", Phrase("group.kona.from", {"origin": "a1"}), "es") == "Mover desde a1 · 2 jugadas"
    assert get_engine("kona").group_words(["move"], {}) is None and Engine.group_words(get_engine("k3"), [], {}) is None


def test_plateau_words_name_the_move_made_as_the_mover_makes_it() -> None:
    """PL-5: a lift of two that drops one on the way; PL-4.1: a reserve piece on an empty square, named (PL-9.2)."""
    plateau = get_engine("plateau")
    words = {m.text: m.does for state, seat in listed_positions("plateau", 3)
             for m in legal_moves_said(plateau, state, seat, NAMES) if m.does is not None}
    assert said(words["+xr@a2"]) == "Put your Red Mask on a2, blank face up"
    assert said(words["+xr@a2"], "es") == "Poner tu Máscara roja en a2, con la cara en blanco arriba"
    start = plateau.new_game(2, 1)  # PL-10.4's example: +xx.rb@a1, bottom piece first, the top's up face first
    opening = {m.text: m.does for m in legal_moves_said(plateau, start, 0, NAMES)}
    assert said(opening["+xx.rb@a1"]) == "Open on a1: your Ace, red face up, on your Mute, blank face up"
    assert said(opening["+xx.rb@a1"], "es") == "Abrir en a1: tu As (roja arriba) sobre tu Muda (en blanco arriba)"
    # the bottom piece's up face is hidden from the board (PL-9.5), but its mover chooses it: two moves, two sayings
    assert said(opening["+br.xx@a1"]) == "Open on a1: your Mute, blank face up, on your Ace, blue face up"
    assert said(opening["+rb.xx@a1"]) == "Open on a1: your Mute, blank face up, on your Ace, red face up"
    via = next(text for text in words if text.count(":") == 2 and not text.startswith("*"))
    origin, lifted = via.split("-")[0].split(":")
    stop, onward = via.split("-")[1].split(":")
    assert said(words[via]) == f"Move {lifted} pieces from {origin} to {via[-2:]} via {stop} (on with {onward})"
    assert said(words[via], "es").endswith(f" por {stop} (sigue con {onward})")


def picker_groups(moves: LegalMoves) -> list[list[str]]:
    """Every step of a walk through the picker over ``moves``: the encoded steps of its choices that open a
    further step (groups of moves)."""
    steps, pending, seen = [], [picker.Step()], set()
    while pending:
        step = pending.pop()
        if step in seen:
            continue
        seen.add(step)
        groups = [c.value for c in picker.choices(moves.texts, step) if not c.final]
        steps.append(groups)
        pending += [picker.Step.decode(group) for group in groups]
    return steps


@pytest.mark.parametrize("game", game_names())
def test_every_group_the_picker_offers_says_what_its_moves_share(game: str) -> None:
    """A choice that opens a further step (Kona's ``a6-…``, Plateau's ``+ox.…``, ``*d1:2-…``, K3's ``Ga5-…``,
    Krakatoa's ``aim s1 …``) says what all its moves have in common, in both languages: each thing it says is said
    by every one of its moves' own words too (the square, the pieces and faces, the count lifted, the die), a
    flip only of flips and a stomp only where one is among them; two groups of a step never read alike."""
    engine = get_engine(game)
    codes = set()
    for seed in (3, 11):
        for state, seat in listed_positions(game, seed)[:40]:
            moves = LegalMoves(engine, state, seat, NAMES)
            for groups in picker_groups(moves):
                shared = moves.shared(groups)
                assert list(shared) == groups
                for lang in ("en", "es"):
                    told = [said(words, lang) for words in shared.values() if words is not None]
                    assert len(told) == len(set(told)) == len(groups), (game, lang, told)
                for group, words in shared.items():
                    assert words is not None and words.key.startswith(f"group.{game}.")
                    codes.add(words.key)
                    members = moves.does(picker.Step.decode(group).moves(moves.texts))
                    assert len(members) > 1
                    for lang in ("en", "es"):
                        for name, fact in words.params.items():
                            if isinstance(fact, Counts):  # prisoners (PL-7): each one offers at least as many
                                assert all({c.noun: c.n for c in told.params[name]}.get(part.noun, 0) >= part.n
                                           for told in members.values() for part in fact), (group, fact)
                                continue
                            assert all(said(fact, lang) in said(told, lang) for told in members.values()), \
                                (game, group, said(fact, lang))
                    flips = {"flip_" in told.key for told in members.values() if told is not None}
                    assert flips == {"flip_" in words.key} or game != "plateau", (group, flips)
                    stomps = any(told.key.endswith("stomp") for told in members.values() if told is not None)
                    assert stomps == words.key.endswith("_or_stomp"), group
                    assert len(said(words)) <= 85, "room left in an option's 100 characters for the count"
    assert codes


def test_no_two_moves_of_a_list_are_told_alike() -> None:
    """A player chooses by the words: two legal moves of one list never read the same, in either language.  PL-9.5
    hides an opening's bottom face from the board and PL-5.5's counts at the first of two stops are not the
    board's (it says the count arriving), yet each makes another move (``+rb.xx@a1``, ``+br.xx@a1``;
    ``d1:3-c2:2-b3:1-a4``, ``d1:3-c2:4-b3:1-a4``): the mover's words say them."""
    stops_met = 0
    for game in game_names():
        engine = get_engine(game)
        for seed in (3, 5, 11):
            for state, seat in listed_positions(game, seed):
                said_moves = legal_moves_said(engine, state, seat, NAMES)
                stops_met += sum(m.text.count("-") == 3 for m in said_moves)
                for lang in ("en", "es"):
                    told = [said(m.does, lang) for m in said_moves if m.does is not None]
                    assert len(told) == len(set(told)) == len(said_moves), (game, lang, sorted(told))
    assert stops_met, "moves with two stops were met"


def test_k3_steal_names_whose_pyramid() -> None:
    """K3-6.2: after a penalty the thief takes a piece from the penalised player's pyramid, named."""
    k3 = get_engine("k3")
    for seed in range(40):
        for state, seat in listed_positions("k3", seed):
            steals = [m for m in legal_moves_said(k3, state, seat, NAMES) if m.text.startswith("x")]
            if steals:
                victim = NAMES[state.steal]
                assert all(m.does is not None and victim in said(m.does) and victim in said(m.does, "es")
                           for m in steals)
                return
    pytest.fail("no steal met in 40 games")


# ---- on Discord: the picker's options and /move's suggestions ------------------------------------------------
def options_of(request: Any) -> list[dict[str, Any]]:
    return list(request.components[0]["components"][0]["options"])


async def test_the_picker_says_what_each_move_does_in_the_readers_language(harness: Harness) -> None:
    """KO-5.1 (its E1): from a6 the capybaras' tower moves to nine empty squares; KO-2.3: a6 holds CPC, so each
    move uncovers its poodle.  Each option says so; a group of moves (the first step's ``a6-…``) says what its
    moves share and how many they are: the options of the step it opens."""
    h = harness
    thread = await start_kona(h)
    await h.click("mesa:pick:1:3", ALICE, channel=thread_channel(thread))
    first = {o["label"]: o.get("description") for o in options_of(replies(h)[-1])}
    assert list(first) == ["a6-…", "f1-…"]
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["p:a6-"])
    step = replies(h)[-1]
    check_components(step)
    described = {o["label"]: o.get("description") for o in options_of(step)}
    assert described == {f"a6-{to}": f"Move from a6 to {to}, uncovering a poodle"
                         for to in ("a3", "a4", "a5", "b5", "b6", "c4", "c6", "d3", "d6")}
    assert first["a6-…"] == f"Move from a6, uncovering a poodle · {len(described)} moves"
    assert first["f1-…"].startswith("Move from f1, uncovering a ") and first["f1-…"].endswith(" moves")
    # a Spanish reader (another player's client) reads them in Spanish, the labels are the notation still
    await h.click("mesa:pick:1:3:back", ALICE, message=h.message_with("mesa:pick:1:3:back"),
                  channel=thread_channel(thread), locale="es-ES")
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["p:a6-"], locale="es-ES")
    spanish = {o["label"]: o.get("description") for o in options_of(replies(h)[-1])}
    assert spanish["a6-d3"] == "Mover de a6 a d3 y destapar un caniche" and set(spanish) == set(described)
    await h.click("mesa:pick:1:3:back", ALICE, message=h.message_with("mesa:pick:1:3:back"),
                  channel=thread_channel(thread), locale="es-ES")
    assert options_of(replies(h)[-1])[0]["description"] == "Mover desde a6 y destapar un caniche · 9 jugadas"
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["p:a6-"], locale="es-ES")
    await h.pick_move("mesasel:1:3:pick", ALICE, "a6-d3", channel=thread_channel(thread), locale="es-ES")
    assert replies(h)[-1].content == f"Has jugado a6-d3 ({spanish['a6-d3']}).", \
        "an option with words plays its move as before, and the answer says it in the option's words"


async def test_move_suggestions_say_what_each_move_does(harness: Harness) -> None:
    """``/move``'s suggestions are named by the notation and the words, and fill in the notation alone."""
    h = harness
    thread = await start_kona(h)
    await h.command("move", [option("text", "a6-d", STRING, focused=True)], ALICE, channel=thread_channel(thread),
                    autocomplete=True)
    choices = callbacks(h)[-1].json["data"]["choices"]
    assert [c["value"] for c in choices] == ["a6-d3", "a6-d6"]
    assert [c["name"] for c in choices] == ["a6-d3 — Move from a6 to d3, uncovering a poodle",
                                            "a6-d6 — Move from a6 to d6, uncovering a poodle"]
    await h.command("move", [option("text", "a6-d", STRING, focused=True)], ALICE, channel=thread_channel(thread),
                    autocomplete=True, locale="es-ES")
    assert callbacks(h)[-1].json["data"]["choices"][0]["name"] == "a6-d3 — Mover de a6 a d3 y destapar un caniche"
    # words that are not notation find the moves whose words have them, in the reader's language: KO-5.1's E1 has
    # two moves to d3 (a6-d3, f1-d3), and each uncovers a poodle (KO-2.3)
    for typed, locale in (("d3 uncover", "en-US"), ("d3 destap", "es-ES")):
        await h.command("move", [option("text", typed, STRING, focused=True)], ALICE, channel=thread_channel(thread),
                        autocomplete=True, locale=locale)
        assert [c["value"] for c in callbacks(h)[-1].json["data"]["choices"]] == ["a6-d3", "f1-d3"], typed
