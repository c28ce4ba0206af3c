"""The bot's permissions per channel (roles and overwrites), answered as Discord answers them.

50001 Missing Access without View Channel (or in a server the bot has left); 50013 Missing
Permissions for the one action the bot lacks: send, send in threads, attach files, embed links,
create threads.  A thread has its parent's permissions; an interaction carries the bot's
permissions in its channel as ``app_permissions``.
"""

from __future__ import annotations

import pytest
from discord_standin import BOT_ID
from discord_standin.probe import Probe
from discord_standin.world import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    GUILD_ID,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    overwrite,
)


def channel_denying(probe: Probe, deny: int) -> int:
    return int(probe.standin.add_channel(overwrites=[overwrite(GUILD_ID, deny=deny)])["id"])


async def post(probe: Probe, channel: int, **body: object) -> tuple[int, int | None]:
    files = body.pop("files", None)
    answer = await probe.call("POST", f"/channels/{channel}/messages", {"content": "x", **body},
                              files)  # type: ignore[arg-type]
    return answer.status, answer.code


async def test_the_default_channel_allows_what_mesa_asks_for(probe: Probe) -> None:
    channel = int(probe.standin.add_channel()["id"])
    assert (await post(probe, channel, embeds=[{"title": "t"}], files=[("a.png", b"x")]))[0] == 200
    thread = await probe.call("POST", f"/channels/{channel}/threads", {"name": "t", "type": 11})
    assert thread.status == 201
    assert (await post(probe, int(thread.body["id"])))[0] == 200


async def test_no_view_channel_is_missing_access(probe: Probe) -> None:
    hidden = channel_denying(probe, VIEW_CHANNEL)
    assert await post(probe, hidden) == (403, 50001)
    assert (await probe.call("GET", f"/channels/{hidden}")).code == 50001


@pytest.mark.parametrize(("deny", "body"), [
    (SEND_MESSAGES, {}),
    (ATTACH_FILES, {"files": [("a.png", b"x")]}),
    (EMBED_LINKS, {"embeds": [{"title": "t"}]}),
])
async def test_each_missing_permission_refuses_its_action(probe: Probe, deny: int, body: dict[str, object]) -> None:
    channel = channel_denying(probe, deny)
    assert await post(probe, channel, **body) == (403, 50013)
    if deny != SEND_MESSAGES:
        assert (await post(probe, channel))[0] == 200, "a plain message still goes"


async def test_create_threads_and_send_in_threads(probe: Probe) -> None:
    no_threads = channel_denying(probe, CREATE_PUBLIC_THREADS)
    answer = await probe.call("POST", f"/channels/{no_threads}/threads", {"name": "t", "type": 11})
    assert (answer.status, answer.code) == (403, 50013)
    quiet = channel_denying(probe, SEND_MESSAGES_IN_THREADS)
    thread = await probe.call("POST", f"/channels/{quiet}/threads", {"name": "t", "type": 11})
    assert thread.status == 201
    assert await post(probe, int(thread.body["id"])) == (403, 50013), "a thread has its parent's permissions"
    assert (await post(probe, quiet))[0] == 200, "the channel itself still takes messages"


async def test_a_member_overwrite_beats_the_everyone_overwrite(probe: Probe) -> None:
    channel = probe.standin.add_channel(overwrites=[overwrite(GUILD_ID, deny=SEND_MESSAGES),
                                                    overwrite(BOT_ID, allow=SEND_MESSAGES, member=True)])
    assert (await post(probe, int(channel["id"])))[0] == 200


async def test_app_permissions_follow_the_channel(probe: Probe) -> None:
    channel = probe.standin.add_channel(overwrites=[overwrite(GUILD_ID, deny=CREATE_PUBLIC_THREADS)])
    payload = probe.interaction(channel=channel)
    perms = int(payload["app_permissions"])
    assert not perms & CREATE_PUBLIC_THREADS and perms & SEND_MESSAGES and not perms & MANAGE_THREADS


async def test_a_server_the_bot_left_is_missing_access(probe: Probe) -> None:
    probe.standin.guilds[GUILD_ID].bot_member = False
    channel = int(probe.standin.add_channel()["id"])
    assert await post(probe, channel) == (403, 50001)


async def test_unknown_channels_are_unknown(probe: Probe) -> None:
    assert await post(probe, 123456789012345678) == (404, 10003)
