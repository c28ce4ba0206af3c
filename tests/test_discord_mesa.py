"""Playing Mesa on Discord through the REST stand-in: ``/play kona @Mesa`` (the bot itself chosen as
the opponent), Mesa's board after the player's, the "Fill with Mesa" button, ``bots``, and refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from discord_standin import BOT_ID
from discord_standin.payloads import GUILD_ID, Harness, option, thread_channel, user

from tables.mesa import is_mesa
from tables.thinking import Thinker, iterations

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
MESA_USER = user(BOT_ID, "Mesa", bot=True)
OTHER_BOT = user(1500, "otherbot", bot=True)


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    # Mesa's searches in this process, at iteration budgets: quick and repeatable
    h = await Harness.open(tmp_path, renderer=None, thinker=Thinker(processes=False, budget=iterations(10)))
    yield h
    await h.close()


def posts(h: Harness) -> list[Any]:
    return [r for r in h.standin.to_channel() if r.method == "POST"]


async def test_play_kona_against_mesa_the_bot_itself(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "hard", 3)], ALICE, users=[MESA_USER])
    summary = (await h.bot.service.table_details(1)).summary
    assert summary.status == "active"  # Mesa accepts at once: no invitation to answer
    assert summary.players == ("alice", "Mesa (hard)") and is_mesa(summary.user_ids[1])
    first = posts(h)
    assert len(first) == 1 and "Kona #1 begins" in first[0].content and "<@1001>" in first[0].content
    # no invitation to answer; the opening board's Cancel alone (alice may still call it off, as /abort)
    assert [i for i in first[0].custom_ids() if i.startswith("mesa:inv:")] == [f"mesa:inv:1:{summary.version}:abort"]
    place = thread_channel(next(iter(h.standin.channels)))
    h.standin.clear()
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    await h.bot.mesa.idle()
    boards = posts(h)
    assert len(boards) == 2  # alice's board, then Mesa's
    assert "alice moved from a6 to d3" in boards[0].content and "Mesa (hard) is thinking" in boards[0].content
    # while Mesa thinks nobody here has a move to choose: no Choose a move button (it only answered "not your turn")
    assert not any(i.startswith("mesa:pick:") for i in boards[0].custom_ids())
    assert any(i.startswith("mesa:pick:") for i in boards[1].custom_ids())
    assert "⏳" not in boards[0].content and "⏳" in boards[1].content  # Mesa has no deadline to show; alice has
    assert "Mesa (hard) moved from " in boards[1].content and "<@1001>" in boards[1].content  # alice to move again
    assert not any(f"<@-{n}" in r.content for r in boards for n in range(10))  # Mesa is never mentioned
    # no Draw button against Mesa alone (it answers every offer by playing on); Resign stays
    assert not any(i.startswith("mesa:draw:") for r in [*first, *boards] for i in r.custom_ids())
    assert any(i.startswith("mesa:resign:") for i in boards[1].custom_ids())
    assert not any(i.startswith("mesa:inv:") for r in boards for i in r.custom_ids())  # moves made: no Cancel
    moves = await h.bot.service.moves_log(1)
    assert len(moves) == 2 and moves[1].seat == 1
    assert not h.standin.to_dms()  # nothing private was sent to anyone (Kona has no secrets; Mesa gets no DM)
    assert (await h.bot.service.legal_moves_for(1, 1001))  # alice's turn


async def test_other_bots_are_refused_and_bots_fill_k3(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", 3), option("opponent", 1500, 6)], ALICE, users=[OTHER_BOT])
    assert await h.bot.service.active_tables(1001) == []
    await h.command("play", [option("game", "k3", 3), option("opponent", BOB["id"], 6), option("bots", 2, 4),
                             option("level", "easy", 3)], ALICE, users=[BOB])
    summary = (await h.bot.service.table_details(1)).summary
    assert summary.status == "invited" and len(summary.players) == 4
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    await h.bot.mesa.idle()
    summary = (await h.bot.service.table_details(1)).summary
    assert summary.status == "active"
    assert set(summary.turn_user_ids) == {1001, 1002}  # both Mesa seats have built their pyramids


async def test_fill_with_mesa_button_starts_an_open_table(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "krakatoa", 3), option("level", "hard", 3)], ALICE)
    invite = posts(h)[-1]
    fill = next(i for i in invite.custom_ids() if i.endswith(":fill"))
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(fill, BOB, channel=place)  # only the host may fill
    assert (await h.bot.service.table_details(1)).summary.status == "open"
    h.standin.clear()
    await h.click(fill, ALICE, channel=place)
    await h.bot.mesa.idle()
    summary = (await h.bot.service.table_details(1)).summary
    assert summary.status in ("active", "finished") and len(summary.players) == 4
    assert sum(is_mesa(u) for u in summary.user_ids) == 3
    assert sorted(summary.players)[:3] == ["Mesa (hard)", "Mesa 2 (hard)", "Mesa 3 (hard)"]  # the level of /play
    assert any("Krakatoa #1" in r.content for r in posts(h))
    said = [r.content for r in h.standin.interaction_replies() if r.content]
    assert "Mesa took the empty seats: the game has started." in said, said  # not "You accepted."


async def test_rate_mesa_setting_and_stats_record_against_mesa(harness: Harness) -> None:
    h = harness
    await h.command("settings", [option("rate_mesa", True, 5)], ALICE, permissions=1 << 5)
    answer = [r for r in h.standin.interaction_replies() if r.content][-1]
    assert "Games against Mesa rated: on" in answer.content
    assert (await h.bot.service.guild_settings(GUILD_ID)).rate_mesa
    await h.command("play", [option("game", "kona", 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "easy", 3)], ALICE, users=[MESA_USER])
    await h.bot.mesa.idle()
    rng = random.Random(2)
    for _ in range(300):
        legal = await h.bot.service.legal_moves_for(1, 1001)
        if not legal:
            break
        await h.command("move", [option("text", rng.choice(legal), 3)], ALICE)
        await h.bot.mesa.idle()
    assert (await h.bot.service.table_details(1)).summary.status == "finished"
    await h.command("stats", [], ALICE)
    answer = [r for r in h.standin.interaction_replies() if r.content][-1]
    assert answer.content.startswith("Stats of alice")  # rated now: a Kona rating line
    assert "Kona: rating" in answer.content
    assert "Against Mesa" in answer.content and "Mesa (easy): 1 game:" in answer.content
    # the bot's own /stats said "Mesa has no rated games in this server yet" beside its rated game
    await h.command("stats", [option("user", BOT_ID, 6)], ALICE, users=[MESA_USER])
    answer = [r for r in h.standin.interaction_replies() if r.content][-1]
    lines = answer.content.splitlines()
    assert answer.ephemeral and lines[0] == "Stats of Mesa (easy)" and lines[1].startswith("Kona: rating ")
    assert [name for name, _ in answer.files] == ["rating-kona-easy.png"]  # its rating chart, as a player's
    assert lines[-2:-1] == ["Mesa in this server, against its players (all games, rated or not):"]
    assert lines[-1].startswith("Mesa (easy): 1 game: ")
    await h.command("stats", [option("user", BOT_ID, 6)], ALICE, users=[MESA_USER], locale="es-ES")
    answer = [r for r in h.standin.interaction_replies() if r.content][-1]
    assert "Mesa en este servidor, contra sus jugadores (todas las partidas, puntuadas o no):" in answer.content


async def test_rematch_against_mesa_seats_mesa_again(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "hard", 3)], ALICE, users=[MESA_USER])
    await h.bot.mesa.idle()
    await h.command("resign", [], ALICE)
    rematch = h.latest_id("mesa:rematch:1:")
    await h.click(rematch, ALICE)
    await h.bot.mesa.idle()
    summary = (await h.bot.service.table_details(2)).summary
    assert summary.status == "active"  # Mesa accepts the rematch at once
    # and the one who clicked is told it has begun (not that every player must accept)
    said = [r.json.get("content", "") for r in h.standin.interaction_replies()
            if not r.path.endswith("/callback") and r.json]
    assert any(text.startswith("Rematch started.\nTable #2") for text in said), said
    assert not any("must accept" in text for text in said), said
    assert sorted(summary.players) == ["Mesa (hard)", "alice"]
    assert summary.players[0] == "Mesa (hard)"  # seats swapped: alice moved first last time
