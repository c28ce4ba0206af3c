"""A private view that cannot reach its player by DM (their DMs closed: Discord's 50007), through the stand-in:
the player is told once, in the table's thread, pinged alone, what to press to see it and how to open their
DMs, and the notice shows nothing of what the view holds."""

from __future__ import annotations

from typing import Any

from discord_standin.payloads import Harness, option, thread_channel, user

from tables.outbox import PrivatePost

ALICE = user(1001, "alice")
BOB = user(1002, "bob")


async def plateau(h: Harness, **kw: Any) -> tuple[int, dict[str, Any]]:
    """alice (first) and bob at Plateau, one opening move each: the second is bob's, a hidden face."""
    await h.command("play", [option("game", "plateau", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB], **kw)
    thread = next(iter(h.standin.channels))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    await h.command("move", [option("text", "+xx.rb@a1", 3)], ALICE, channel=place, **kw)
    await h.command("move", [option("text", "+xo.xx@d4", 3)], BOB, channel=place, **kw)
    return thread, place


def notices(h: Harness, thread: int) -> list[Any]:
    return [r for r in h.standin.to_channel(thread) if r.method == "POST" and "direct" in r.content.lower()]


async def test_a_player_whose_dms_are_closed_is_told_once_in_the_thread_how_to_see_their_pieces(
        harness: Harness) -> None:
    h = harness
    h.standin.closed_dms.add(1002)
    thread, place = await plateau(h)
    assert [r.status for r in h.standin.to_dms(1002)] == [403], "bob's private view was refused by Discord"
    [notice] = notices(h, thread)
    assert notice.status == 200 and not notice.ephemeral
    assert notice.content.startswith("<@1002>") and "My pieces" in notice.content
    assert "Privacy Settings" in notice.content and "Plateau #1" in notice.content
    assert notice.pings() == ({1002}, False), "bob alone is pinged"
    assert "+xo.xx@d4" not in notice.content and "d4" not in notice.content, "nothing of bob's move or view"
    # bob acts again (his DMs are tried again) and they are still closed: no second notice for this table
    await h.click(h.latest_id("mesa:mine:1:"), BOB, channel=place)
    again = PrivatePost(1, 1002, "private.view", {"table": 1, "game": "Plateau", "position": "-"})
    await h.bot.delivery.deliver([again], None)
    assert [r.status for r in h.standin.to_dms(1002)] == [403, 403]
    assert len(notices(h, thread)) == 1


async def test_the_notice_is_in_the_servers_language(harness: Harness) -> None:
    h = harness
    h.standin.closed_dms.add(1002)
    h.server_speaks("es-ES")
    thread, _ = await plateau(h)
    [notice] = notices(h, thread)
    assert notice.content.startswith("<@1002>, Mesa no pudo enviarte por mensaje directo tu vista privada")
    assert "**Mis piezas**" in notice.content and "Ajustes de privacidad" in notice.content


async def test_a_deadline_reminder_for_closed_dms_is_said_in_the_thread_to_that_player_alone(tmp_path: Any) -> None:
    """A player whose DMs are closed (a common setting on phones) was timed out unwarned: the reminder's DM was
    refused and it was taken as delivered.  It is said in the table's thread instead, pinging them alone, in the
    server's language, at each reminder (the DM is not tried again while they are known closed)."""
    from datetime import timedelta

    from test_discord_time_words import Clock

    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    try:
        h.standin.closed_dms.add(1001)
        h.server_speaks("es-ES")
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                                 option("seat", "first", 3), option("time_per_move", 86400, 4)], ALICE, users=[BOB])
        thread = next(iter(h.standin.channels))
        await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=thread_channel(thread))
        h.standin.clear()
        for hours in (13, 10):  # half of alice's day gone, then under two hours left
            clock.moment += timedelta(hours=hours)
            await h.bot.ticker.tick()
        assert [r.status for r in h.standin.to_dms(1001)] == [403], "tried once by DM, then known closed"
        half, late = [r for r in h.standin.to_channel(thread) if r.method == "POST" and "<@1001>" in r.content]
        for notice in (half, late):
            assert notice.status == 200 and notice.pings() == ({1001}, False), "alice alone is pinged"
            assert notice.content.startswith("<@1001> ") and "mensajes directos cerrados" in notice.content
        assert "Has usado" in half.content and "Date prisa" in late.content
        assert h.standin.to_dms(1002) == [], "bob, whose turn it is not, is told nothing"
    finally:
        await h.close()


async def test_a_reminder_discord_refuses_for_another_reason_comes_again(tmp_path: Any) -> None:
    """A reminder DM refused otherwise than by closed DMs (40003, opening DMs too fast, as a tick of many
    reminders may meet; an outage alike) was confirmed as delivered and never sent: the player was timed out
    unwarned.  It is handed out again by a later tick, and reaches them."""
    from datetime import timedelta

    from test_discord_time_words import Clock

    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    try:
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                                 option("seat", "first", 3), option("time_per_move", 86400, 4)], ALICE, users=[BOB])
        thread = next(iter(h.standin.channels))
        await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=thread_channel(thread))
        h.standin.clear()
        h.standin.dms_too_fast = 1
        clock.moment += timedelta(hours=12, minutes=1)  # half of alice's day: the half-time reminder is due
        await h.bot.ticker.tick()
        assert h.standin.dms_too_fast == 0 and not h.standin.to_dms(1001), "refused once"
        clock.moment += timedelta(minutes=3)  # past the two minutes a reminder handed out waits for its confirmation
        await h.bot.ticker.tick()
        [dm] = [r for r in h.standin.to_dms(1001) if r.method == "POST"]
        assert dm.status == 200 and "You have used 12h" in dm.content
        clock.moment += timedelta(minutes=10)
        await h.bot.ticker.tick()
        assert len([r for r in h.standin.to_dms(1001) if r.method == "POST"]) == 1, "confirmed now: once"
        assert not await h.bot.service.dms_closed(1001), "a refusal of another kind closes nothing"
    finally:
        await h.close()
