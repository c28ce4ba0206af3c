"""A permission taken away in the middle of a game, and given back: the game stays in its thread.

Any refusal of a post in the table's thread was taken for a locked or deleted thread (issue 15, defect 2), so a
moderator's mistaken channel override for a moment (Attach Files, Send Messages in Threads) moved every live
game of the channel into the channel for good, saying "it is locked", which it was not.  Now only a thread
Discord says is locked (or gone) sends the game on in its channel; a missing permission is a post that waits:
the mover is told, and the ticker posts it in the thread once the permission is back.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from discord_standin.payloads import GUILD_ID, Harness, option, thread_channel, user
from discord_standin.world import ATTACH_FILES, CHANNEL_ID, SEND_MESSAGES_IN_THREADS, overwrite
from test_discord_time_words import Clock

ALICE, BOB = user(1001, "alice"), user(1002, "bob")


async def kona(h: Harness) -> dict[str, Any]:
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB])
    thread = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=thread)
    return thread


@pytest.mark.parametrize("denied", [ATTACH_FILES, SEND_MESSAGES_IN_THREADS])
async def test_a_permission_taken_away_for_a_moment_keeps_the_game_in_its_thread(tmp_path: Any, denied: int) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        thread = await kona(h)
        revoked = overwrite(GUILD_ID, deny=denied)
        h.standin.place(CHANNEL_ID)["permission_overwrites"].append(revoked)  # a moderator edits #games
        h.standin.clear()
        await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=thread)
        said = [r.content for r in h.standin.interaction_replies() if r.content]
        assert said and "I will post it again" in said[-1], said  # the mover is told the board waits
        assert not any("locked" in r.content for r in h.standin.to_channel(CHANNEL_ID) if r.method == "POST")
        h.standin.place(CHANNEL_ID)["permission_overwrites"].remove(revoked)  # ...and puts it back
        h.standin.clear()
        clock.moment += timedelta(minutes=2)
        await h.bot.ticker.tick()
        boards = [r for r in h.standin.to_channel() if r.method == "POST" and r.status == 200 and r.files]
        assert boards and all(r.path == f"/channels/{thread['id']}/messages" for r in boards), \
            [r.path for r in boards]
        assert (await h.bot.service.table_details(1)).summary.thread_id == int(thread["id"])
        assert "alice moved from a6 to d3" in boards[0].content
    finally:
        await h.close()


async def test_a_locked_thread_still_sends_the_game_on_in_its_channel(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        thread = await kona(h)
        h.standin.lock_thread(int(thread["id"]))
        h.standin.clear()
        await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=thread)
        [moved] = [r for r in h.standin.to_channel(CHANNEL_ID) if r.method == "POST" and r.status == 200]
        assert "locked" in moved.content and (await h.bot.service.table_details(1)).summary.thread_id is None
    finally:
        await h.close()
