"""Learning the games in the console (issue 30): ``/hint`` against Mesa, ``/takeback`` asked and
answered with ``/takeback accept|decline``, refusals in words, ``/history`` listing the takebacks, and
the hints said with the result."""

from __future__ import annotations

from pathlib import Path

from console_session import open_console, said

from console import Console, help_text

#: Kona's first move a6-d3 in words (KO-2.3: the corner tower has a capybara on a poodle)
A6_D3 = "moved from a6 to d3, uncovering a poodle on a6"


async def test_hint_and_takeback_against_mesa(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play kona @mesa seat=first level=easy")
    hint = await said(con, out, "Ana: /hint")
    assert len(hint) == 1 and hint[0].startswith("[dm Ana] Hint for Kona #1: ") and "1 hint used" in hint[0]
    move = hint[0].split(": ", 1)[1].split(" — ")[0].removeprefix("Hint for Kona #1: ").split(" (the board")[0]
    assert move in await svc.legal_moves_for(1, con_user(con, "Ana"))
    assert (await svc.table_details(1)).moves == ()  # not played
    played = await said(con, out, f"Ana: /move {move}")
    assert any("Mesa (easy) moved from " in line for line in played)  # Mesa answered
    back = await said(con, out, "Ana: /takeback")
    # the moves taken back told as the boards told them (KO-4.1: from and to)
    assert back[0].startswith(f"[#1] Mesa (easy) agreed, and at Kona #1 this is taken back: Ana moved from {move[:2]} ")
    assert " · Mesa (easy) moved from " in back[0]
    assert any(line.startswith("[#1] Kona #1") for line in back)  # the board again
    assert (await svc.table_details(1)).moves == ()
    history = await said(con, out, "Ana: /history table=1")
    assert history[0] == "[dm Ana] #1 moves: (none)"
    assert history[1] == "[dm Ana] #1 Takebacks:" and "taken back, Mesa (easy) agreed" in history[2]
    result = await said(con, out, "Ana: /resign")
    assert any(line == "[#1] Ana used 1 hint." for line in result), result
    await svc.repo.close()


async def test_a_hint_is_said_in_spanish_when_asked_with_pista_or_by_a_learner_reading_spanish(tmp_path: Path) -> None:
    """As on Discord, where ``/pista`` is what a Spanish client shows and its answers come in Spanish; a learner who
    reads the lessons in Spanish (``/learn GAME es``) gets the table's hints in Spanish too, as the lessons' own."""
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play kona @mesa seat=first level=easy")
    english = await said(con, out, "Ana: /hint")
    spanish = await said(con, out, "Ana: /pista")
    assert english[0].startswith("[dm Ana] Hint for Kona #1: ") and "1 hint used" in english[0]
    assert spanish[0].startswith("[dm Ana] Pista para Kona #1: ") and "1 pista usada" in spanish[0]
    assert english[0].split(": ", 1)[1].split()[0] == spanish[0].split(": ", 1)[1].split()[0]  # the same move
    await said(con, out, "Ana: /learn kona es")
    assert (await said(con, out, "Ana: /hint table=1"))[0].startswith("[dm Ana] Pista para Kona #1: ")
    await said(con, out, "Ana: /learn kona en")
    assert (await said(con, out, "Ana: /hint table=1"))[0].startswith("[dm Ana] Hint for Kona #1: ")
    await said(con, out, "Ana: /play kona @Ben seat=first")
    await said(con, out, "Ben: /accept")
    assert (await said(con, out, "Ana: /pista table=2"))[0].startswith(  # refused in Spanish too
        "[error Ana] Las pistas son solo para partidas a solas contra Mesa")
    assert (await said(con, out, "Ana: /hint table=2"))[0].startswith("[error Ana] Hints are only for a game alone")
    await svc.repo.close()


async def test_deshacer_answers_in_spanish_and_takes_discords_spanish_words(tmp_path: Path) -> None:
    """``/deshacer`` is ``/takeback`` as a Spanish Discord shows it: its refusals come in Spanish, as ``/pista``'s do,
    and it takes the words that Discord's Spanish choices show (``aceptar``, ``rechazar``, ``pedir``); the same
    refusals to ``/takeback`` stay English."""
    svc, con, out = await open_console(tmp_path / "console.db")
    assert await said(con, out, "Ben: /deshacer") == [
        "[error Ben] No tienes ninguna mesa aquí; empieza una con /jugar JUEGO @NOMBRE"]  # Spanish Discord's names
    assert await said(con, out, "Ben: /takeback") == [
        "[error Ben] You have no table here; start one with /play GAME @NAME"]
    await said(con, out, "Cy: /learn kona")  # a learner reading English: /deshacer is still answered in Spanish
    assert (await said(con, out, "Cy: /deshacer"))[0].startswith(
        "[error Cy] No tienes ninguna mesa aquí para /deshacer.")
    assert (await said(con, out, "Cy: /takeback"))[0].startswith("[error Cy] You have no table here for /takeback.")
    await said(con, out, "Ana: /play kona @Ben seat=first")
    await said(con, out, "Ben: /accept")
    await said(con, out, "Ana: /play plateau @Ben seat=first")
    await said(con, out, "Ben: /accept")
    several = await said(con, out, "Ana: /deshacer")
    assert several == ["[error Ana] Tienes varias mesas (#1 Kona, #2 Plateau); añade table=N"], several
    assert (await said(con, out, "Ana: /deshacer 1")) == [
        "[error Ana] Aún no tienes ninguna jugada que deshacer en la mesa #1."]
    assert (await said(con, out, "Ana: /deshacer quizá 1"))[0].startswith("[error Ana] Escribe /deshacer para pedirlo")
    await said(con, out, "Ana: /move a6-d3 table=1")
    asked = await said(con, out, "Ana: /deshacer pedir 1")
    assert asked and asked[0].startswith("[#1] Ana asks to take back"), asked  # the table's post: the server's words
    assert (await said(con, out, "Ben: /deshacer aceptar 1"))[0].startswith("[#1] Ben agreed")
    assert (await svc.table_details(1)).moves == ()  # taken back
    assert await said(con, out, "Ben: /deshacer rechazar 1") == [
        "[error Ben] Nadie pide deshacer una jugada en la mesa #1."]
    assert await said(con, out, "Ben: /takeback decline 1") == [
        "[error Ben] Nobody is asking for a takeback at table #1."]
    await svc.repo.close()


async def test_a_k3_build_hint_draws_the_pyramid(tmp_path: Path) -> None:
    """K3-3: a pyramid's text is hard to read, so the hint draws it under the words, top first, as /build's proposal
    does; its rows are the move's own."""
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play k3 @mesa")
    hint = await said(con, out, "Ana: /hint")
    assert hint[0].startswith("[dm Ana] Hint for K3 #1: build:")
    rows = hint[0].split(": ", 1)[1].split()[0].split(":")[2].split("/")
    assert ["".join(line.removeprefix("[dm Ana]").split()) for line in hint[1:]] == rows
    assert [len(r) for r in rows] == list(range(1, len(rows) + 1))  # a pyramid: one piece on top, a row more below
    await svc.repo.close()


async def test_takeback_between_people_and_refusals(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play kona @Ben seat=first")
    await said(con, out, "Ben: /accept")
    assert (await said(con, out, "Ana: /hint"))[0].startswith("[error Ana] Hints are only for a game alone against "
                                                             "Mesa")
    await said(con, out, "Ana: /move a6-d3")
    asked = await said(con, out, "Ana: /takeback")
    assert asked == [f"[#1] Ana asks to take back at Kona #1: Ana {A6_D3}. Accept or decline? "
                     "(Ana may ask 2 more times in this game.)",
                     "[#1]   Answer with /takeback accept or /takeback decline."]
    assert (await said(con, out, "Ana: /takeback accept"))[0].startswith("[error Ana] You asked for this takeback")
    assert await said(con, out, "Ben: /takeback decline") == [
        f"[#1] Ben declined the takeback at Kona #1, so this stands: Ana {A6_D3}. The game goes on."]
    await said(con, out, "Ana: /takeback")
    back = await said(con, out, "Ben: /takeback accept")
    assert back[0] == f"[#1] Ben agreed, and at Kona #1 this is taken back: Ana {A6_D3}. Ana to move."
    assert (await said(con, out, "Ana: /takeback maybe"))[0].startswith("[error Ana] Write /takeback to ask")
    await said(con, out, "Ana: /play plateau @Ben seat=first")
    await said(con, out, "Ben: /accept table=2")
    opening = (await svc.legal_moves_for(2, con_user(con, "Ana")))[0]
    await said(con, out, f"Ana: /move {opening} table=2")
    refused = (await said(con, out, "Ana: /takeback table=2"))[0]
    # the move that showed it, as its board told it (PL-9.3a: the opening's up face)
    assert refused.startswith("[error Ana] That cannot be taken back at table #2: a face hidden until then was "
                              f"shown (Ana opened with a stack of two on {opening.split('@')[1][:2]}, ")
    assert refused.endswith(" face up), and what was seen cannot be unseen. Play on.")
    assert (await said(con, out, "Ana: /takeback 2"))[0] == refused  # the number alone names it, as /resign 2 does
    assert await said(con, out, "Ben: /takeback decline #2") == [
        "[error Ben] Nobody is asking for a takeback at table #2."]
    assert (await said(con, out, "Ana: /takeback 1 2"))[0].startswith("[error Ana] Write /takeback to ask")
    await svc.repo.close()


def test_help_names_the_learning_commands() -> None:
    for lang in ("en", "es"):
        text = help_text(lang)
        assert "/hint" in text and "/takeback accept" in text and "/takeback decline" in text


def con_user(con: Console, name: str) -> int:
    return next(uid for uid, n in con.names.items() if n == name)


async def test_history_tells_a_takeback_in_words_even_after_a_later_one_reached_further_back(tmp_path: Path) -> None:
    """A takeback's moves are told from the position they were played from, the log's before their first ply;
    where a later accepted takeback removed plies before it, that position is played again from the moves that
    takeback kept (it was left in notation, "Ana: f1-f4 · Ben: a1-a4", while the live request was in words)."""
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play kona @Ben seat=first")
    await said(con, out, "Ben: /accept")
    for line in ("Ana: /move a6-d3", "Ben: /move f6-e5", "Ana: /move f1-f4", "Ben: /move a1-a4"):
        await said(con, out, line)
    await said(con, out, "Ana: /takeback")  # plies 3-4
    await said(con, out, "Ben: /takeback accept")
    await said(con, out, "Ana: /move f1-f4")  # ply 3 again
    await said(con, out, "Ben: /takeback")  # Ben's last move, ply 2, and the reply: plies 2-3
    await said(con, out, "Ana: /takeback accept")
    history = await said(con, out, "Ana: /history table=1")
    first, second = history[2], history[3]
    assert first.endswith("Ana asked to take back: Ana moved from f1 to f4, uncovering a poodle on f1 · Ben moved "
                          "from a1 to a4, uncovering a capybara on a1. Answer: taken back, Ben agreed")
    # KO-2.3: f6 starts poodle over capybara, f1 capybara over poodle: lifting the top uncovers the other
    assert second.endswith("Ben asked to take back: Ben moved from f6 to e5, uncovering a capybara on f6 · Ana "
                           "moved from f1 to f4, uncovering a poodle on f1. Answer: taken back, Ana agreed")
    await svc.repo.close()


async def test_a_takeback_to_the_first_position_says_the_game_is_back_at_its_start(tmp_path: Path) -> None:
    # it posted "Kona #1 begins: …" as if a new game had started
    svc, con, out = await open_console(tmp_path / "console.db")
    await said(con, out, "Ana: /play kona @Ben seat=first")
    await said(con, out, "Ben: /accept")
    await said(con, out, "Ana: /move a6-d3")
    await said(con, out, "Ana: /takeback")
    back = await said(con, out, "Ben: /takeback accept")
    assert back[1] == "[#1] Kona #1 is back at its start: Ana [C] · Ben [P]." and not any("begins" in x for x in back)
    await said(con, out, "Ana: /move a6-d3")  # a later board is a move's, as ever
    await svc.repo.close()


async def test_another_seat_s_lesson_picture_names_no_one_you(tmp_path: Path) -> None:
    # K3's step 2, "Picture 2: what Player 2 sees", labelled Player 1 "(you)" beside Player 2's "your pieces"
    from console import run

    out: list[str] = []
    assert await run(["Ana: /learn k3 2"], str(tmp_path / "mesa.db"), None, False, out.append, seed=3,
                     describe=True) == 0
    described = [line for line in out if line.startswith("[dm Ana]   picture: ")]
    assert len(described) == 2, out
    assert "Player 1 (you)" in described[0]
    assert "(you)" not in described[1] and "Player 1" in described[1]
