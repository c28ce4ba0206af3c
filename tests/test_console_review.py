"""Issue 32 in the console: ``/review TABLE [es]`` prints how far the review is while it is made, then its words,
and writes its picture to the out folder; a kept review comes at once; refusals say what to type."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import console
from ai import Budget
from console import Console, PretendClock
from data.factory import open_repository
from tables import TableService
from tables.review_lane import ReviewLane
from tables.reviews import Reviews
from tables.thinking import Thinker, iterations


async def open_console(tmp_path: Path) -> tuple[TableService, Console, list[str]]:
    repo = await open_repository(tmp_path / "mesa.db")
    clock = PretendClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    seeds = random.Random(3)
    svc = TableService(repo, clock, None, seed_source=lambda: seeds.getrandbits(62),
                       thinker=Thinker(processes=False, budget=iterations(10)))
    # the real analysis with a tiny budget, in a thread (as the console's own reviews run)
    svc.reviews = Reviews(svc.store, ReviewLane(processes=False), budget=lambda game, count: Budget(iterations=20))
    out: list[str] = []
    return svc, Console(svc, clock, tmp_path / "out", out.append), out


async def said(con: Console, out: list[str], line: str) -> list[str]:
    out.clear()
    await con.handle(line)
    return list(out)


async def test_review_prints_progress_words_and_writes_the_picture(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path)
    try:
        await said(con, out, "Ana: /play kona @Ben seat=first")
        await said(con, out, "Ben: /accept")
        for ply in range(6):  # a few moves, then Ben resigns
            who = "Ana" if ply % 2 == 0 else "Ben"
            uid = console.user_id_for(who)
            first = (await svc.legal_moves_for(1, uid))[0]
            assert not [line for line in await said(con, out, f"{who}: /move {first}") if line.startswith("[error")]
        await said(con, out, "Ben: /resign")
        lines = await said(con, out, "Cy: /review 1")  # not a player: the game is over, anyone may
        progress = [line for line in lines if line.startswith("[dm Cy] Reviewing Kona #1… ")]
        assert progress and progress[0].endswith(" %")
        words = [line for line in lines if line not in progress]
        assert words[0] == "[dm Cy] Review of Kona #1: Ana and Ben"
        assert any(line.startswith("[dm Cy] • Ana: ") for line in words)
        assert any(line.startswith("[dm Cy] • Ben: ") for line in words)
        picture = words[-1].rsplit("(image: ", 1)[1].rstrip(")")
        assert picture.endswith("-review-1.png") and Path(picture).read_bytes().startswith(b"\x89PNG")
        again = await said(con, out, "Ana: /review 1")  # kept: at once, no progress, the same words
        assert not [line for line in again if "Reviewing" in line]
        assert [line.split(" ", 2)[2] for line in again[:-1]] == [line.split(" ", 2)[2] for line in words[:-1]]
        # in Spanish: the same kept review, its words as Discord says them to a Spanish-speaking user
        spanish = await said(con, out, "Ana: /review 1 es")
        kept = await svc.reviews.review(console.GUILD_ID, 1, console.user_id_for("Ana"))
        told = kept.text("es").splitlines()  # the last line carries the picture's file
        assert [line.removeprefix("[dm Ana] ") for line in spanish[:-1]] == told[:-1]
        assert spanish[-1].startswith("[dm Ana] " + told[-1]) and spanish[-1].endswith("-review-1.png)")
        assert spanish[0].startswith("[dm Ana] Revisión de Kona #1: ") and kept.text("es") != kept.text("en")
    finally:
        await svc.repo.close()


async def test_review_refusals_say_what_to_type(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path)
    try:
        # none named: her latest finished table, and she has none yet
        none = ["[error Ana] You have no finished game in this server yet: /review N reviews finished table #N."]
        assert await said(con, out, "Ana: /review") == none
        assert await said(con, out, "Ana: /review es") == none
        assert await said(con, out, "Ana: /review abc") == [
            "[error Ana] abc is not a table number; write /review N, for example /review 3"]
        assert await said(con, out, "Ana: /review 9") == ["[error Ana] There is no table #9 in this server."]
        assert await said(con, out, "Ana: /review 1 fr") == [
            "[error Ana] Reviews are said in English or Spanish, not fr: write /review N, or /review N es"]
        await said(con, out, "Ana: /play kona @Ben")
        await said(con, out, "Ben: /accept")
        assert await said(con, out, "Ana: /review 1") == [
            "[error Ana] Kona #1 is still being played: ask for its review once the game is over."]
        assert "/review [TABLE] [en|es]" in console.help_text() and "/review [MESA] [en|es]" in console.help_text("es")
        for who in ("Ana", "Ben"):  # one move (whoever's turn it is), then Ana resigns: Kona #1 is finished
            await said(con, out, f"{who}: /auto")
        await said(con, out, "Ana: /resign")
        await said(con, out, "Ana: /play kona @Ben")  # a game in play is not what /review means: #1 is
        await said(con, out, "Ben: /accept")
        lines = await said(con, out, "Ben: /review")
        assert lines[-1].endswith("-review-1.png)") and any(line.startswith("[dm Ben] Review of Kona #1: ")
                                                             for line in lines)
        assert (await said(con, out, "Ben: /review es"))[0].startswith("[dm Ben] Revisión de Kona #1: ")
    finally:
        await svc.repo.close()


async def test_a_draw_agreed_before_any_move_is_said_so(tmp_path: Path) -> None:
    # it said "The game ended after move 0 by agreement", where a resignation then said "before the first move";
    # such a draw stands only at a tournament's table (a friendly one is called off, with nothing to review)
    svc, con, out = await open_console(tmp_path)
    try:
        await said(con, out, "Ana: /tournament create kona format=round-robin")
        for name in ("Ana", "Ben"):
            await said(con, out, f"{name}: /tournament join")
        await said(con, out, "Ana: /tournament start")
        await said(con, out, "Ana: /draw")
        assert "[#1] Kona #1 ends in a draw by agreement." in await said(con, out, "Ben: /draw")
        lines = await said(con, out, "Ana: /review 1")
        assert "[dm Ana] The game ended by agreement before the first move." in lines
        assert "[dm Ana] La partida terminó de mutuo acuerdo antes de la primera jugada." in \
            await said(con, out, "Ana: /review 1 es")
        await said(con, out, "Ana: /play kona @Ben")
        await said(con, out, "Ben: /accept")
        await said(con, out, "Ben: /draw")
        assert "[#2] Every player agreed: Kona table #2 is cancelled, without results." in \
            await said(con, out, "Ana: /draw")
        assert await said(con, out, "Ana: /review 2") == [
            "[error Ana] Kona #2 was cancelled before it ended: there is no game to review."]
    finally:
        await svc.repo.close()


async def test_a_result_offers_a_review_only_where_it_has_something_to_say(tmp_path: Path) -> None:
    # a game resigned (or lost on time) before anyone moved offered "read Mesa's review with /review 1", which then
    # said there was nothing to review
    from console import run

    out: list[str] = []
    lines = ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /resign",
             "Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ben: /resign"]
    assert await run(lines, str(tmp_path / "mesa.db"), None, False, out.append, seed=3) == 0
    assert "[#1]   Play again with /rematch 1." in out
    assert "[#2]   Play again with /rematch 2, or read Mesa's review with /review 2." in out
