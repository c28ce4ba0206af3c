"""An event no one starts is closed only a day after its warning *reached* its channel (README, *Tournaments*: "an
event is never closed without that warning a day before, even after the bot was down"), through the Discord
stand-in: Mesa out of the server for 16 days (its idle clock stands still, and moves on by the time away), and the
warning refused for days (Send Messages taken away: it is posted again until the channel has it)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from discord_standin.payloads import Harness, option, user
from discord_standin.world import CHANNEL_ID, GUILD_ID
from test_discord_guild_life import bot_joins, bot_removed
from test_discord_tournament import STRING, Clock, channel_posts, svc, tour

from data import tournaments as stored

WARNING = "closes unstarted in a day"
CLOSED = "closed unstarted"


def said(h: Harness, since: int, words: str) -> list[int]:
    """The statuses of the channel posts from request ``since`` holding ``words``."""
    return [r.status for r in channel_posts(h, since) if words in (r.content or "")]


async def status(h: Harness) -> str:
    row = await stored.get_tournament(svc(h).repo, 1)
    assert row is not None
    return row.status


async def test_mesa_away_for_16_days_stops_the_idle_clock_and_warns_after_its_return(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    ana, ben = user(7301, "Ana"), user(7302, "Ben")
    try:
        await bot_joins(h)
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        since = len(h.standin.requests)
        clock.moment += timedelta(days=1)
        await h.bot.ticker.tick()
        await bot_removed(h)  # one day idle, then Mesa is removed from the server for 16 days
        for _ in range(16):
            clock.moment += timedelta(days=1)
            await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN
        await bot_joins(h)
        for _ in range(3):
            clock.moment += timedelta(minutes=1)
            await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN and said(h, since, WARNING) == [] and said(h, since, CLOSED) == []
        # the idle clock ran one day before and none while away: 12 days on, no warning yet; 13, the warning
        clock.moment += timedelta(days=11, hours=23)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING) == []
        clock.moment += timedelta(hours=1)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING) == [200]
        clock.moment += timedelta(hours=23)
        await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN and said(h, since, CLOSED) == []
        clock.moment += timedelta(hours=1, minutes=5)
        await h.bot.ticker.tick()
        assert await status(h) == stored.CANCELLED and said(h, since, CLOSED) == [200]
    finally:
        await h.close()


async def test_mesa_removed_while_down_is_found_out_by_the_warning_and_warns_after_its_return(
        tmp_path: Path) -> None:
    """No GUILD_DELETE seen (the bot was down when it was removed): the warning's 403 Missing Access, with the server
    itself refused, says Mesa is out; the idle clock stops there, and the warning comes once it is back."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    ana, ben = user(7301, "Ana"), user(7302, "Ben")
    try:
        await bot_joins(h)
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        since = len(h.standin.requests)
        h.standin.guilds[GUILD_ID].bot_member = False  # removed, unseen: Discord answers 50001 there
        clock.moment += timedelta(days=13, minutes=1)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING) == [403]
        for _ in range(5):
            clock.moment += timedelta(days=1)
            await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN and said(h, since, WARNING) == [403]  # not tried while out
        await bot_joins(h)
        clock.moment += timedelta(minutes=2)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING) == [403, 200]
        clock.moment += timedelta(days=1, minutes=5)
        await h.bot.ticker.tick()
        assert await status(h) == stored.CANCELLED and said(h, since, CLOSED) == [200]
    finally:
        await h.close()


async def test_a_warning_discord_refuses_is_posted_again_and_the_close_waits_a_day_after_it(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    ana, ben = user(7301, "Ana"), user(7302, "Ben")
    try:
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        since = len(h.standin.requests)
        h.standin.forbid_posts.add(CHANNEL_ID)  # Send Messages taken away when the warning is due
        clock.moment += timedelta(days=13, minutes=1)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING) == [403]
        for _ in range(8):  # two days refused: posted again, never closed
            clock.moment += timedelta(hours=6)
            await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN and said(h, since, CLOSED) == []
        assert len(said(h, since, WARNING)) == 9 and set(said(h, since, WARNING)) == {403}
        h.standin.forbid_posts.discard(CHANNEL_ID)
        clock.moment += timedelta(minutes=5)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING)[-1] == 200
        clock.moment += timedelta(minutes=5)
        await h.bot.ticker.tick()
        assert said(h, since, WARNING).count(200) == 1  # delivered once: not posted again
        clock.moment += timedelta(hours=23)
        await h.bot.ticker.tick()
        assert await status(h) == stored.OPEN and said(h, since, CLOSED) == []  # a day after the delivery, not before
        clock.moment += timedelta(hours=1)
        await h.bot.ticker.tick()
        assert await status(h) == stored.CANCELLED and said(h, since, CLOSED) == [200]
    finally:
        await h.close()
