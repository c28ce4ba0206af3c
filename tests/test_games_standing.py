"""``/games`` to a player who no longer chooses their moves at a table still in play: it said "Ben to move" to a
K3 player who had resigned or run out of time (their moves made for them, K3's and Krakatoa's tables play on
without them), to one the rules had put out (K3-7.1), and to a Krakatoa player away after time-outs in a row (their
turns played as they come), as if nothing had changed for them.  Now it says first that they are out, or away,
why, and what happens to their moves; the others' lines are as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_standin.payloads import CHANNEL_ID, GUILD_ID, Harness, user
from test_discord_flow import replies
from test_tables_endings import k3_player_put_out
from test_tables_service import USERS, FakeClock, open_service, start_table

from cogs.i18n_discord import EN as DISCORD_EN
from cogs.i18n_discord import ES as DISCORD_ES
from cogs.play import OUT_KEYS
from console import run
from console_areas.listing import WORDS
from tables.endings import GONE
from tables.loaded import AWAY_AFTER
from tables.queries import AWAY, ELIMINATED
from tables.service import TableService

ANA, BEN, CY, DEE = (uid for uid, _ in USERS)


async def standing(svc: TableService, tid: int, uid: int) -> str | None:
    """What the player's ``/games`` line rests on: why they no longer choose their moves at ``tid``, or None."""
    [summary] = [s for s in (await svc.listing(uid)).tables if s.table_id == tid]
    return summary.how_out(uid)


async def test_a_k3_player_who_resigned_or_ran_out_of_time_is_out_the_others_are_not(tmp_path: Path) -> None:
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 4)
    for uid in (ANA, BEN, CY, DEE):  # the pyramids: play begins
        await svc.submit_move(tid, uid, await svc.auto_build(tid, uid, "sensible"))
    assert [await standing(svc, tid, uid) for uid in (ANA, BEN, CY, DEE)] == [None] * 4
    mover = (await svc.board(tid)).mention[0]
    await svc.resign(tid, mover)
    assert await standing(svc, tid, mover) == "resign"
    late = (await svc.board(tid)).mention[0]
    clock.advance(days=3, minutes=1)  # the default time per move is up: the late player is out (K3 plays on)
    await svc.tick()
    assert await standing(svc, tid, late) == "time"
    for uid in {ANA, BEN, CY, DEE} - {mover, late}:
        assert await standing(svc, tid, uid) is None, "the two still playing choose their own moves"
    await repo.close()


async def test_a_k3_player_the_rules_put_out_is_told_so(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, out = await k3_player_put_out(svc)  # K3-7.1: a player with no possible move when their turn begins
    assert await standing(svc, tid, USERS[out[0]][0]) == ELIMINATED
    assert [await standing(svc, tid, USERS[s][0]) for s in range(3) if s not in out] == [None] * (3 - len(out))
    await repo.close()


async def test_a_krakatoa_player_away_after_time_outs_is_told_so_until_they_play(tmp_path: Path) -> None:
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    tid, _ = await start_table(svc, "krakatoa", 2, {"time_per_move": "1h"})

    async def ben_plays_ana_waits() -> None:
        """Ben plays each of his decisions; each of Ana's times out and auto is played for her (KR-8.4)."""
        if await svc.legal_moves_for(tid, BEN):
            await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])
        else:
            clock.advance(hours=1, minutes=1)
            await svc.tick()

    for _ in range(200):
        await ben_plays_ana_waits()
        if await standing(svc, tid, ANA) == AWAY:
            break
    else:
        raise AssertionError(f"Ana was never away after {AWAY_AFTER} time-outs in a row")
    assert await standing(svc, tid, BEN) is None
    assert not await svc.legal_moves_for(tid, ANA), "her turns are played as they come"
    await svc.submit_move(tid, ANA, "auto")  # Ana acts again: her turns wait for her again
    assert await standing(svc, tid, ANA) is None
    await repo.close()


async def test_no_one_is_told_away_while_everyone_still_in_is(tmp_path: Path) -> None:
    """When every player still in is away, each turn waits for its deadline (``LoadedTable.played_away``): a turn of
    theirs is theirs to play, and ``/games`` says so, not that it is played as it comes."""
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    tid, _ = await start_table(svc, "krakatoa", 2, {"time_per_move": "1h"})
    for _ in range(12):  # nobody plays: both time out again and again
        clock.advance(hours=1, minutes=1)
        await svc.tick()
    ctx = await svc.store.load(tid)
    assert ctx.away_seats() == {0, 1} and ctx.row.status == "active"
    assert [await standing(svc, tid, uid) for uid in (ANA, BEN)] == [None, None]
    await repo.close()


def test_the_words_for_each_way_out_are_said_in_both_languages() -> None:
    hows = {*GONE, ELIMINATED, AWAY}  # every ``TableSummary.standing`` word
    assert set(OUT_KEYS) == hows
    for words in WORDS.values():
        assert {f"out.{how}" for how in hows} <= set(words)
    for catalogue in (DISCORD_EN, DISCORD_ES):
        assert set(OUT_KEYS.values()) <= set(catalogue)
    assert all(WORDS["es"][f"out.{how}"] != WORDS["en"][f"out.{how}"] for how in hows)


async def _console(lines: list[str], tmp_path: Path, lang: str = "en") -> list[str]:
    out: list[str] = []
    assert await run(lines, str(tmp_path / "console.db"), None, False, out.append, seed=3, mesa_iterations=30,
                     lang=lang) == 0
    return out


@pytest.mark.parametrize(("lang", "out", "to_move"), [
    ("en", "you resigned: your moves are made automatically while the others play on", "Ben to move, deadline"),
    ("es", "abandonaste: tus jugadas se hacen solas mientras los demás siguen jugando", "le toca a Ben, plazo")])
async def test_the_console_says_a_resigned_player_is_out_and_whose_turn_it_is(tmp_path: Path, lang: str, out: str,
                                                                             to_move: str) -> None:
    said = await _console(["Ana: /play k3 @Ben @Cy seat=first", "Ben: /accept", "Cy: /accept", "Ana: /build",
                           "Ben: /build", "Cy: /build", "Ana: /resign", "Ana: /games", "Cy: /games"], tmp_path, lang)
    ana = [line for line in said if line.startswith("[dm Ana] #1 K3: ")]
    cy = [line for line in said if line.startswith("[dm Cy] #1 K3: ")]
    assert len(ana) == len(cy) == 1
    assert ana[0].split(" — ", 1)[1].startswith(f"{out}; {to_move} "), ana[0]
    assert cy[0].split(" — ", 1)[1].startswith(to_move), "Cy plays on: his line is as before"


@pytest.mark.parametrize(("locale", "out", "waiting"), [
    ("en-US", "you resigned: your moves are made automatically while the others play on", "waiting for bob"),
    ("es-419", "abandonaste: tus jugadas se hacen solas mientras los demás siguen jugando", "esperando a bob")])
async def test_discord_games_says_a_resigned_player_is_out(tmp_path: Path, locale: str, out: str,
                                                           waiting: str) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    alice, carol = user(1001, "alice"), user(1003, "carol")
    try:
        tid = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "k3", [(1002, "bob"), (1003, "carol")],
                                {"seat": "first"}))[0].table_id
        for uid in (1002, 1003):
            await svc.accept(tid, uid)
        for uid in (1001, 1002, 1003):
            await svc.submit_move(tid, uid, await svc.auto_build(tid, uid, "sensible"))
        while (await svc.board(tid)).mention[0] != 1002:  # bob to move next, alice not
            mover = (await svc.board(tid)).mention[0]
            await svc.submit_move(tid, mover, (await svc.legal_moves_for(tid, mover))[0])
        await svc.resign(tid, 1001)
        await h.command("games", [], alice, locale=locale)
        [embed] = replies(h)[-1].embeds
        assert f": {out}; {waiting} (" in embed["description"], embed["description"]
        await h.command("games", [], carol, locale=locale)
        [embed] = replies(h)[-1].embeds
        assert f": {waiting} (" in embed["description"] and out not in embed["description"]
        assert h.standin.refusals() == []
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "away"), [
    ("en-US", "you ran out of time again and again: your turns are played as they come until you use `/move` again"),
    ("es-419", "se te acabó el tiempo una y otra vez: tus turnos se juegan solos en cuanto llegan, hasta que vuelvas "
               "a usar `/mover`")])
async def test_discord_games_says_an_away_player_how_to_come_back(tmp_path: Path, locale: str, away: str) -> None:
    """The command to use is named as the reader's Discord lists it."""
    clock = FakeClock()
    h = await Harness.open(tmp_path, renderer=None, clock=clock)
    svc = h.bot.service
    alice = user(1001, "alice")
    try:
        tid = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "krakatoa", [(1002, "bob")],
                                {"seat": "first", "time_per_move": "1h"}))[0].table_id
        await svc.accept(tid, 1002)
        for _ in range(200):  # bob plays; each of alice's decisions times out
            if await svc.legal_moves_for(tid, 1002):
                await svc.submit_move(tid, 1002, (await svc.legal_moves_for(tid, 1002))[0])
            else:
                clock.advance(hours=1, minutes=1)
                await svc.tick()
            if await standing(svc, tid, 1001) == AWAY:
                break
        await h.command("games", [], alice, locale=locale)
        [embed] = replies(h)[-1].embeds
        assert f": {away}; " in embed["description"], embed["description"]
        assert h.standin.refusals() == []
    finally:
        await h.close()
