"""Moves in words, not engine notation (issue 28, item 3): ``Engine.move_words`` gives a code and public
facts, ``tables`` words them (``move.<game>.<code>``), English and Spanish, for boards, Mesa's held turn
and ``/history table=N``; the notation stays for ``/history … notation`` and ``--positions``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_tables_service import USERS, open_service, start_table

from engines import CHANCE, game_names, get_engine
from engines.plateau import NAMES as NAMES_PLATEAU
from tables import PublicPost, said, t
from tables.i18n import EN, ES
from tables.outcome_words import deed, history_moves, move_key

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def playout(game: str, seed: int, players: int = 2) -> list[tuple[Any, Any, Any]]:
    """(before, move, after) of a random game to its end (K3's builds by ``auto_move``)."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed, {})
    steps = []
    for _ in range(3000):
        if engine.outcome(state) is not None:
            break
        actors = engine.actors(state)
        if engine.to_move(state) != CHANCE and actors and not engine.legal_moves(state):  # an unlisted phase
            move = engine.auto_move(state, actors[0], rng)
        else:
            move = engine.random_move(state, rng)
        after = engine.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


@pytest.mark.parametrize("game", game_names())
def test_every_move_of_every_game_has_words_in_both_languages(game: str) -> None:
    """The contract: a code with catalogue words in English and Spanish, JSON-ready public facts."""
    engine = get_engine(game)
    players = 3 if engine.max_players > 2 else 2
    codes = set()
    for before, move, _after in playout(game, 7, players):
        code, facts = engine.move_words(before, move)
        json.dumps(facts)
        key = move_key(game, code)
        assert key is not None and key in ES, (game, code)
        codes.add(code)
        told = deed(engine, before, move, "Ana", NAMES)
        for lang in ("en", "es"):
            text = said(told.words, lang)
            assert text and "{" not in text, (game, code, text)
    assert codes


def _kona_words(position: str | None, text: str, lang: str = "en") -> str:
    kona = get_engine("kona")
    state = kona.from_position(position) if position else kona.new_game(2, 1)
    return said(deed(kona, state, kona.parse_move(state, text), "Ana", NAMES).words, lang)


def test_kona_moves_tell_what_they_climb_onto_and_uncover() -> None:
    """KO-4.1, KO-4.5: only the top piece moves, onto an empty square or a stack of one or two; what it leaves on
    top behind it may make a line (KO-6.2), so the words say it."""
    # KO-2.3: the corner towers have a capybara on top of a poodle at a6, so leaving a6 uncovers the poodle
    assert _kona_words(None, "a6-d3") == "moved from a6 to d3, uncovering a poodle on a6"
    assert _kona_words(None, "a6-d3", "es") == "movió de a6 a d3 y destapó un caniche en a6"
    lone = "C,P,4/6/6/6/6/5,P c 4 -"  # lone pieces: a capybara on a6, poodles on b6 and f1
    assert _kona_words(lone, "a6-a5") == "moved from a6 to a5"
    assert _kona_words(lone, "a6-a5", "es") == "movió de a6 a a5"
    assert _kona_words(lone, "a6-b6") == "moved from a6 onto the poodle on b6, making a stack of 2"
    assert _kona_words(lone, "a6-b6", "es") == "movió de a6 sobre el caniche de b6 y formó una pila de 2"
    pair = "PC,1,P,3/6/6/6/6/5,P c 4 -"  # a6: a capybara on a poodle, so it moves two squares (KO-4.3)
    assert _kona_words(pair, "a6-a4") == "moved from a6 to a4, uncovering a poodle on a6"
    assert _kona_words(pair, "a6-c6") == \
        "moved from a6 onto the poodle on c6, making a stack of 2 and uncovering a poodle on a6"
    assert _kona_words(pair, "a6-c6", "es") == \
        "movió de a6 sobre el caniche de c6, formó una pila de 2 y destapó un caniche en a6"


def _plateau_words(position: str, text: str, lang: str = "en") -> str:
    plateau = get_engine("plateau")
    state = plateau.from_position(position) if "/" in position else plateau.new_game(2, 1)
    return said(deed(plateau, state, plateau.parse_move(state, text), "Ana", NAMES).words, lang)


def test_plateau_placements_tell_the_up_face_only() -> None:
    """PL-9.5: an opening or onboard tells where and the up face it shows (PL-9.3a, b), never a hidden face:
    twin moves that differ only in hidden faces are told alike."""
    plateau = get_engine("plateau")
    start = plateau.new_game(2, 1)
    twins = [plateau.move_words(start, plateau.parse_move(start, m)) for m in ("+xx.rb@a1", "+rr.rx@a1")]
    assert twins[0] == twins[1] == ("open", {"square": "a1", "face_term": "red"})
    assert _plateau_words("", "+xx.rb@a1") == "opened with a stack of two on a1, red face up"
    assert _plateau_words("", "+xx.ox@a1", "es") == "abrió con una pila de dos en a1, con la cara naranja arriba"
    # Black's own two-piece stack on a1 (PL-4.1: on top, under its own bottom piece, or beside its own piece)
    opened = "4/4/4/Bxx.BRb,3 W open ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.4xx - - 1"
    state = plateau.play(plateau.from_position(opened), "+xx.rb@d4")
    position = plateau.to_position(state)
    assert _plateau_words(position, "+rr@a1") == "put a reserve piece on a1, red face up"
    assert _plateau_words(position, "+bb@a1:0") == "put a reserve piece under the stack on a1, blue face up"
    assert _plateau_words(position, "+xb@a1:1") == (
        "put a reserve piece into the stack on a1 with 1 piece under it, blank face up")
    assert _plateau_words(position, "+xb@a1:1", "es") == (
        "metió una pieza de la reserva en la pila de a1, con 1 pieza debajo y la cara en blanco arriba")
    assert _plateau_words(position, "+bx@b1") == _plateau_words(position, "+bb@b1")  # the down face untold


def test_plateau_moves_are_told_as_they_were_made() -> None:
    """PL-5, PL-6: the words of every move of random games agree with its notation and with what it did:
    a flip (``*``), the pieces lifted, the stops, the landing, and the pieces captured (the mover's
    prisoners before and after)."""
    plateau = get_engine("plateau")
    seen = set()
    for before, move, after in playout("plateau", 11) + playout("plateau", 12) + playout("plateau", 13):
        text = plateau.format_move(before, move)
        code, facts = plateau.move_words(before, move)
        taken = sum(after.prisoners[before.side]) - sum(before.prisoners[before.side])
        if text.lstrip("*")[0] in "abcd" and not text.endswith("!"):
            squares = [part.split(":")[0] for part in text.lstrip("*").split("-")]
            assert code.startswith("flip_") == text.startswith("*")
            assert ("_via" in code) == (len(squares) > 2) and ("_capture" in code) == (taken > 0)
            assert (facts["origin"], facts["landing"]) == (squares[0], squares[-1])
            assert facts["pieces_count"] == int(text.lstrip("*").split("-")[0].split(":")[1])
            assert facts.get("stops", "") == ", ".join(squares[1:-1])
            assert facts.get("captured_count", 0) == taken
        elif text.endswith("!"):
            assert code == ("flip_stomp" if text.startswith("*") else "stomp") and facts["captured_count"] == taken > 0
        seen.add(code)
        if "_capture" in code and taken > 1:
            told = deed(plateau, before, move, "Ana", NAMES).words
            assert said(told).endswith(f", capturing {taken} pieces")
            assert f"y capturó {taken} piezas" in said(told, "es")
            seen.add("told")
    assert {"move", "move_capture", "move_via", "flip_move", "told"} <= seen


def test_plateau_exchanges_and_passes_are_told_in_words() -> None:
    """PL-7: prisoners are public (PL-9.1), so a tender and a return name them, with their worth; PL-3.2."""
    reply = "3,WXx/4/4/BXx,3 W reply:xx ox.rx.bx.2rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.2xx xx rb 10"
    assert _plateau_words(reply, "refuse") == "refused the exchange"
    assert _plateau_words(reply, "return:rb") == "gave back 1 Ace (worth 21) for the exchange"
    turn = "3,WXx/4/4/BXx,3 B turn ox.rx.bx.rr.2bb.3xx rb.ox.rx.bx.2rr.2bb.xx 2xx rb.rr 10"
    assert _plateau_words(turn, "tender:2xx") == "offered 2 Mutes (worth 2) in exchange"
    assert _plateau_words(turn, "tender:xx") == "offered 1 Mute (worth 1) in exchange"
    assert _plateau_words(turn, "tender:2xx", "es") == "ofreció 2 Mudas (valor 2) a cambio"
    stuck = "4/4/4/Bbb.Bbb.Bxx.WXx,Brr.Bxx.Bxx.Bxx.WXx,2 B turn - rb.ox.rx.bx.2rr.2bb.2xx - rb.ox.rx.bx.rr 20"
    assert _plateau_words(stuck, "pass") == "passed: nothing else was allowed"
    assert _plateau_words(stuck, "pass", "es") == "pasó: no podía hacer otra cosa"


def test_k3_setup_and_builds_are_told_without_records_or_pyramids() -> None:
    k3 = get_engine("k3")
    steps = playout("k3", 3, 3)
    said_of = {k3.format_move(b, m).split(":")[0]: k3.move_words(b, m) for b, m, _ in steps[:5]}
    assert said_of["base"] == ("base", {}) and said_of["deal"] == ("deal", {})  # K3-2: public, but a record
    assert said_of["build"] == ("build", {})  # K3-10: whose pyramid, never how it is built
    played = set()
    for before, move, _after in steps + playout("k3", 4, 2) + playout("k3", 5, 4):
        if before.phase != "play":
            continue
        text, (code, facts) = k3.format_move(before, move), k3.move_words(before, move)
        kind = {"x": "steal", "W": "pass"}.get(text[0], "end" if text[-1] in "<>" else "place")
        letter, rest = (text[1], text[2:]) if kind == "steal" else (text[0], text[1:])  # K3-11.4: letter, then src
        src = rest.split("-")[0]
        assert code == kind + ("_left" if text.endswith("<") else "_right" if text.endswith(">") else "") + \
            ("_side" if src == "s" else "")
        assert facts["piece_term"] == f"piece_{letter}"  # K3-10: every pyramid is public once play begins
        assert facts.get("origin") == (None if src == "s" else src)
        if kind == "place":
            assert facts["slot"] == text.split("-")[1]
        if kind == "steal":
            assert facts["victim_seat"] == before.steal  # the penalised player (K3-6.3)
        played.add(code)
    assert {"place", "pass"} <= played
    before = next(b for b, m, _ in steps if b.phase == "play")
    assert said(deed(k3, before, k3.parse_move(before, "Ka6-a2"), "Ana", NAMES).words) == \
        "placed a black piece from their pyramid (a6) on the mountain (a2)"
    assert t("move.k3.steal_side", "es", piece=t("term.k3.piece_G", "es"), victim="Ben") == \
        "se llevó una pieza verde de al lado de la pirámide de Ben"
    assert t("move.k3.base", "en") == "The base row is drawn"
    assert t("move.k3.deal", "es") == "Se reparten las piezas"


def test_krakatoa_throws_are_told_with_the_points_they_score() -> None:
    kr = get_engine("krakatoa")
    position = "YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 - 3 advanced"  # KR-11 E5: Ben, marks x
    state = kr.from_position(position)
    move = kr.parse_move(state, "roll YYB/YYY/RBB")
    code, facts = kr.move_words(state, move)
    after = kr.apply(state, move)
    assert code == "roll" and facts == {"points_count": after.totals[1] - state.totals[1]} == {"points_count": 12}
    state = after
    assert kr.move_words(state, kr.parse_move(state, "aim a1 soft")) == ("aim_soft", {"die": "a1"})
    start = kr.from_position("---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced")
    assert kr.move_words(start, kr.parse_move(start, "steam")) == ("throwoff_steam", {})
    steps = [deed(kr, b, m, "" if kr.to_move(b) == CHANCE else "Mesa (hard)", NAMES)
             for b, m, _ in playout("krakatoa", 5)[:20]]
    from tables.i18n import Told
    english = said(Told(steps))
    assert "roll" not in english and "/" not in english and "aim " not in english
    assert english.startswith("Mesa (hard) threw Steam to see who starts (")
    assert said(Told(steps), "es").startswith("Mesa (difícil) lanzó Vapor para ver quién empieza (")


def test_the_catalogue_words_every_code_in_both_languages() -> None:
    assert {k for k in EN if k.startswith("move.")} == {k for k in ES if k.startswith("move.")}


# ---- where the words are said: boards, Mesa's held turn, /history ------------------------------------------
def board_texts(messages: list[Any], lang: str = "en") -> list[str]:
    return [t(m.key, lang, **m.params) for m in messages if isinstance(m, PublicPost) and m.kind == "board"]


async def test_k3_boards_say_the_setup_and_the_builds_in_words(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, out = await start_table(svc, "k3", 2)
    first = board_texts(out)[-1]
    assert first.startswith("K3 #1 · The base row is drawn · The pieces are dealt\n"), first
    assert board_texts(out, "es")[-1].startswith("K3 #1 · Se sortea la fila de base · Se reparten las piezas\n")
    proposal = await svc.propose(tid, USERS[1][0])
    built = board_texts(await svc.submit_move(tid, USERS[1][0], proposal.text))[-1]
    assert built.startswith("K3 #1 · Ben built a pyramid\n") and "build:" not in built
    await repo.close()


async def test_history_tells_a_table_in_words_and_keeps_the_notation_on_request(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, _ = await start_table(svc, "k3", 2)
    for uid, _name in USERS[:2]:
        await svc.submit_move(tid, uid, (await svc.propose(tid, uid)).text)
    details = await svc.table_details(tid, USERS[0][0], words=True)
    words = history_moves(details.moves, "en")
    assert words.startswith("1. The base row is drawn · 2. The pieces are dealt · 3. Ana built a pyramid · "
                            "4. Ben built a pyramid"), words
    assert "base:" not in words and "build:" not in words
    assert history_moves(details.moves, "es").startswith("1. Se sortea la fila de base · 2. Se reparten las piezas")
    notation = history_moves(details.moves, "en", notation=True)
    assert notation.startswith("1.chance:base:") and "3.Ana:build:0:" in notation  # Ana sees her own pyramid
    assert notation.endswith("4.Ben:build:1")  # another player's build in its public form, as before
    await repo.close()


def run_console(lines: list[str], *flags: str) -> list[str]:
    import asyncio

    import console

    out: list[str] = []
    asyncio.run(console.run(lines, ":memory:", None, False, out.append, seed=4,
                            positions="--positions" in flags))
    return out


def test_console_history_notation_and_positions_only_on_request() -> None:
    script = ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ana: /history table=1",
              "Ana: /history table=1 notation"]
    out = run_console(script)
    assert "[#1] Kona #1 · Ana moved from a6 to d3, uncovering a poodle on a6" in out
    assert not any("position:" in line for line in out)  # for developers: --positions
    assert "[dm Ana] #1 moves: 1. Ana moved from a6 to d3, uncovering a poodle on a6" in out
    assert "[dm Ana] #1 moves: 1.Ana:a6-d3" in out
    shown = run_console(script, "--positions")
    assert any(line.startswith("[#1]   position: ") for line in shown)


def test_plateau_moves_with_stops_say_how_many_pieces_arrive() -> None:
    """PL-5.5: at a stop the group drops pieces or picks up the mover's own, so it lands with another count than
    it lifted: the words say the count that arrives (an audit read "moved 3 pieces to a1 by way of c1" of a move
    that landed 5 there, making a stack of 6), as the landing square's new height shows."""
    plateau = get_engine("plateau")
    rng = random.Random(3)
    told: set[bool] = set()
    for game in range(30):
        state = plateau.new_game(2, game)
        while plateau.outcome(state) is None and len(told) < 2:
            move = plateau.random_move(state, rng)
            after = plateau.apply(state, move)
            code, facts = plateau.move_words(state, move)
            if "_via" in code and "_capture" not in code:  # a capture takes pieces off the landing square
                dest = NAMES_PLATEAU.index(facts["landing"])
                arrived = len(after.board[dest]) - len(state.board[dest])
                words = said(deed(plateau, state, move, "Ana", NAMES).words, "en")
                assert words.endswith(f", arriving with {arrived} piece{'s' * (arrived > 1)}")
                assert f"llegó con {arrived} pieza" in said(deed(plateau, state, move, "Ana", NAMES).words, "es")
                told.add(arrived > facts["pieces_count"])  # picked up on the way, or dropped
            state = after
    assert told == {True, False}


async def test_history_numbers_an_entry_of_several_moves_by_its_first_and_last(tmp_path: Path) -> None:
    """A Krakatoa turn is a dozen moves (throws and their dice, KR-4.3) told as one entry: it is numbered
    "5–16." so that every move number a review cites can be found; the numbers cover every move once."""
    import itertools
    import re

    from test_tables_service import play_out

    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic"})
    await play_out(svc, tid, random.Random(2))
    details = await svc.table_details(tid, USERS[0][0], words=True)
    listed = history_moves(details.moves, "en")
    labels = re.findall(r"(?:^| · )(\d+)(?:–(\d+))?\. ", listed)
    spans = [(int(a), int(b or a)) for a, b in labels]
    assert spans[0][0] == 1 and spans[-1][1] == len(details.moves)
    assert all(later[0] == earlier[1] + 1 for earlier, later in itertools.pairwise(spans))
    assert any(last > first for first, last in spans)  # a turn of several moves
    # one turn per entry (KR-4.3: a turn begins with throw 1, "threw all nine dice"): a throw-off throw (KR-4.1)
    # and the same player's next turn (the last of a round who leads the next) are entries of their own
    entries = re.split(r"(?:^| · )\d+(?:–\d+)?\. ", listed)[1:]
    assert len(entries) == len(spans)
    assert all(entry.count("threw all nine dice") <= 1 for entry in entries), entries
    assert all("threw all nine" not in entry for entry in entries if "to see who starts" in entry)
    assert sum("threw all nine dice" in entry for entry in entries) == 6 * 2  # six rounds, two players
    assert history_moves(details.moves, "es").startswith(listed.split(" ", 1)[0])
    await repo.close()


async def test_history_tells_when_each_k3_player_went_out(tmp_path: Path) -> None:
    """K3-7.1: a player who cannot place a piece when their turn comes is out; the board says so, and
    ``/history`` tells it after the move it followed (an audit found the list silent about it): in a game of
    three won by the last player in, each of the two others is told out once, the one placed last first."""
    import re

    from test_tables_service import play_out

    for seed in range(1, 40):
        repo, svc = await open_service(str(tmp_path / f"mesa{seed}.db"))
        tid, _ = await start_table(svc, "k3", 3)
        await play_out(svc, tid, random.Random(seed))
        details = await svc.table_details(tid, USERS[0][0], words=True)
        outcome = details.outcome or ""
        await repo.close()
        if "last player in" not in outcome:
            continue
        listed = history_moves(details.moves, "en")
        out = re.findall(r"(\w+) is out: none of their pieces could be played", listed)
        names = [name for _uid, name in USERS[:3]]
        assert len(out) == 2 and len(set(out)) == 2 and set(out) < set(names), listed
        assert listed.endswith("is out: none of their pieces could be played)")  # the last one out ends it
        spanish = history_moves(details.moves, "es")
        assert len(re.findall(r"\w+ queda fuera: no podía jugar ninguna de sus piezas", spanish)) == 2
        assert history_moves(details.moves, "en", notation=True).count("is out") == 0
        return
    raise AssertionError("no game of three ended with the last player in")
