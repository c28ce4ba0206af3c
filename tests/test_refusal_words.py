"""Refusals in words (issue 28, item 4): across the four games a refused move says why in a plain
sentence and what the player may do instead (some of their legal moves, cut at a move with the rest
counted, or how to have a pyramid proposed), in English and Spanish; never the notation's ``<die>``
placeholders, ``soft|hard`` alternatives, ``N =`` formulas, chance moves offered as examples, a rule
number, or a list cut inside a word."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from test_tables_service import USERS, open_service, start_table

from tables import TableError, TableService

ANA, BEN = USERS[0][0], USERS[1][0]
#: what every refusal of a move ends with: what the player may do (tables.rules_step.what_to_play)
TO_DO = {"en": ("You may play ", "Build your pyramid, or have one proposed"),
         "es": ("Puedes jugar ", "Monta tu pirámide, o pide que te propongan una")}
CHANCE_MOVE = re.compile(r"\b(?:roll|scratch) [RYB-]{3}/|\b(?:base|deal):")
RULE = re.compile(r"\b(?:KO|PL|K3|KR)-\d")


def names_every(text: str, moves: list[str]) -> bool:
    """Whether ``text`` names each of ``moves`` (and there are some)."""
    return bool(moves) and all(re.search(rf"\b{re.escape(m)}\b", text) for m in moves)


async def refused(what: Awaitable[Any]) -> TableError:
    try:
        await what
    except TableError as exc:
        return exc
    raise AssertionError("not refused")


async def to_act(svc: TableService, tid: int) -> int:
    return (await svc.table_details(tid)).summary.turn_user_ids[0]


async def krakatoa_aim(svc: TableService, tid: int) -> tuple[int, str, list[str]]:
    """Plays auto until someone is to aim (KR-4.3 throw 2 onwards): (who, the set thrown, their moves)."""
    for _ in range(40):
        uid = await to_act(svc, tid)
        moves = await svc.legal_moves_for(tid, uid)
        if moves[0].startswith("aim "):
            aimed = {m.split()[1][0] for m in moves}
            return uid, next(x for x in "sal" if x not in aimed), moves
        await svc.submit_move(tid, uid, "auto")
    raise AssertionError("no aimed throw reached")


async def every_refusal(svc: TableService) -> list[tuple[TableError, list[str]]]:
    """Refusals of every kind players met, each with the moves the refused player had then."""
    said = []

    async def refuse(tid: int, uid: int, text: str) -> None:
        moves = await svc.legal_moves_for(tid, uid)
        said.append((await refused(svc.submit_move(tid, uid, text)), moves))

    kona, _ = await start_table(svc, "kona")
    for text in ("zz", "a6-a2", "g9-a1", "a6-b6-c6"):
        await refuse(kona, await to_act(svc, kona), text)
    plateau, _ = await start_table(svc, "plateau")
    for text in ("zzz", "tender:rr", "+xx.rb@b2", "return:bb"):
        await refuse(plateau, ANA, text)
    await svc.submit_move(plateau, ANA, "+xx.rb@a1")
    await svc.submit_move(plateau, BEN, "+xo.xx@d4")
    await refuse(plateau, ANA, "a1:3-a2")  # once "lift 1 to N = 2 pieces"
    k3, _ = await start_table(svc, "k3")
    for text in ("zz", "base:RBBYGKRRG", "build:0:B/BB", "Wb4"):
        await refuse(k3, ANA, text)
    said.append((await refused(svc.propose(k3, ANA, "nice", unlisted_only=True)), []))  # /build nice
    for uid in (ANA, BEN):
        await svc.submit_move(k3, uid, (await svc.propose(k3, uid)).text)
    for text in ("xNd3", "zz"):
        await refuse(k3, await to_act(svc, k3), text)
    krakatoa, _ = await start_table(svc, "krakatoa")
    for text in ("roll YYB/YRR/RRR", "aim a1 hard", "zz", "keep"):
        await refuse(krakatoa, ANA, text)
    uid, thrown, _moves = await krakatoa_aim(svc, krakatoa)
    for text in (f"aim {thrown}1 hard", "keep", "aim a1", "scratch YYB/YRR/RRR"):
        await refuse(krakatoa, uid, text)
    return said


async def test_refusals_say_why_and_what_to_do_in_words(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        refusals = await every_refusal(svc)
    finally:
        await repo.close()
    assert len(refusals) == 24
    for exc, moves in refusals:
        for lang in ("en", "es"):
            message = exc.message(lang)
            said = message.replace(str(exc.params.get("move", "")), "")  # the player's own text, echoed, aside
            assert not any(c in said for c in "<>|"), message
            assert "N =" not in said and not CHANCE_MOVE.search(said) and not RULE.search(said), message
            assert not re.search(r"\w…", said), message  # never cut inside a word or a move
            if exc.key == "error.bad_style":
                assert said.endswith({"en": "use sensible or random.", "es": "usa sensible o random."}[lang])
            else:
                assert exc.key == "error.bad_move", exc.key
                # what to do: a hint, or a reason that names every move the player has (KR-4.1, KR-4.3: a set chosen,
                # "choose a set to throw: steam, ash or lava" is not followed by "You may play ash, lava or steam.")
                hinted = any(hint in said for hint in TO_DO[lang])
                assert hinted or names_every(said, moves), message
                assert not hinted or not names_every(said.split(TO_DO[lang][0])[0], moves), message  # never twice
                assert said.startswith({"en": " cannot be played: ", "es": "No se puede jugar : "}[lang]), message


async def test_the_refusals_players_met_now_read_as_sentences(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        by_move = {str(e.params.get("move", e.params.get("style"))): e for e, _ in await every_refusal(svc)}
    finally:
        await repo.close()
    # Plateau: "lift 1 to N = 2 pieces from a1, not 3"
    assert by_move["a1:3-a2"].message().startswith(
        "a1:3-a2 cannot be played: from a1 you may lift 1 to 2 pieces (your top unit), not 3. You may play ")
    # "auto nice cannot be played: sensible, random"
    assert by_move["nice"].message() == "There is no build style nice: use sensible or random."
    assert by_move["nice"].message("es") == "No hay ningún estilo de construcción nice: usa sensible o random."
    # Krakatoa: "it is a player's decision now (...), not a roll"
    assert by_move["roll YYB/YRR/RRR"].message() == (
        "roll YYB/YRR/RRR cannot be played: the dice decide every roll, not the players; now choose a set to throw: "
        "steam, ash or lava.")  # the reason names every move already: no "You may play ash, lava or steam." after it
    assert by_move["roll YYB/YRR/RRR"].message("es").endswith("elige qué juego lanzar: steam, ash o lava.")
    # "(aim <die> soft|hard; Lava is thrown)"
    assert "soft or hard (for example aim " in by_move["keep"].message()
    # Plateau's examples were cut mid-word ("… return:bb, refus…"): now a few of the player's moves, and a count
    zzz = by_move["zzz"].message()
    assert re.search(r"\. You may play (\+\S+, ){5}\+\S+ and \d+ more\.$", zzz), zzz
    assert re.search(r"\. Puedes jugar (\+\S+, ){5}\+\S+ y \d+ más\.$", by_move["zzz"].message("es"))
    # K3: a chance move typed is refused as chance's, with no chance move offered
    assert by_move["base:RBBYGKRRG"].message() == (
        "base:RBBYGKRRG cannot be played: the base row is drawn by chance at the start, not by a player. Build "
        "your pyramid, or have one proposed. Typed, yours is build:0: then its rows from the top, split by /.")
    # how one is proposed is each front's own: the board's Auto-build on Discord, /build in the console
    from cogs.handling import refusal_text
    from console import in_console_words

    for lang, button in (("en", "*Auto-build* under the board"), ("es", "*Montar solo* bajo el tablero")):
        on_discord = refusal_text(by_move["base:RBBYGKRRG"], lang)
        assert button in on_discord and "/build" not in on_discord and "build:0:" in on_discord, on_discord
    in_console = in_console_words(by_move["base:RBBYGKRRG"], "en")
    assert in_console.endswith(". Build your pyramid, or have one proposed and played: /build (or /build random). "
                               "Typed, yours is build:0: then its rows from the top, split by /."), in_console
    assert "Auto-build" not in in_console and "(o /build random)" in in_console_words(by_move["base:RBBYGKRRG"], "es")


async def test_a_build_for_another_seat_says_which_seat_is_yours(tmp_path: Path) -> None:
    # K3-11.4: a build is build:<seat>:<ranks>, and nothing on the board numbers the seats; Ana hosts with
    # seat=first, so she is seat 0 and Ben seat 1. A player who guessed their number wrong is told theirs.
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        k3, _ = await start_table(svc, "k3")
        ben = await refused(svc.submit_move(k3, BEN, "build:0:B/BB"))
        ana = await refused(svc.submit_move(k3, ANA, "build:1:B/BB"))
        unseated = await refused(svc.submit_move(k3, ANA, "build:B/BB"))  # the seat left out
    finally:
        await repo.close()
    assert ben.key == "error.not_your_move"
    assert "build:1:" in ben.message() and "build:0:" not in ben.message().replace("build:0:B/BB", "")
    assert "build:1:" in ben.message("es")
    assert "build:0:" in ana.message() and "build:0:" in ana.message("es")
    assert "build:0:" in unseated.message()


async def test_kona_second_move_refusal_says_move_not_ply(tmp_path: Path) -> None:
    # KO-5.2: the second move of the game may not land where the first landed; "ply" is the rules' jargon
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        kona, _ = await start_table(svc, "kona")
        await svc.submit_move(kona, ANA, "a6-d3")
        exc = await refused(svc.submit_move(kona, BEN, "a6-d3"))
    finally:
        await repo.close()
    assert "ply" not in exc.message()
    assert "second move" in exc.message() and "segunda jugada" in exc.message("es")
    assert "d3" in exc.message()
