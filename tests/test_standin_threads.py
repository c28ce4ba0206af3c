"""Threads as Discord keeps them: type by parent, auto-archive on the clock, un-archive on a post,
locks, edits in archived threads, and the THREAD_UPDATE / THREAD_DELETE events."""

from __future__ import annotations

from discord_standin.probe import Probe
from discord_standin.world import ANNOUNCEMENT, CHANNEL_ID, GUILD_ID, MANAGE_THREADS, VOICE, overwrite


async def new_thread(probe: Probe, parent: int = CHANNEL_ID, minutes: int = 60) -> int:
    answer = await probe.call("POST", f"/channels/{parent}/threads",
                              {"name": "table", "type": 11, "auto_archive_duration": minutes})
    assert answer.status == 201, answer.body
    return int(answer.body["id"])


def events(probe: Probe, name: str) -> list[dict[str, object]]:
    return [data for event, data in probe.standin.events if event == name]


async def test_the_thread_type_follows_the_parent(probe: Probe) -> None:
    text = await probe.call("POST", f"/channels/{CHANNEL_ID}/threads", {"name": "t", "type": 11})
    assert text.body["type"] == 11
    news = probe.standin.add_channel(kind=ANNOUNCEMENT)
    announcement = await probe.call("POST", f"/channels/{news['id']}/threads", {"name": "t", "type": 11})
    assert announcement.status == 201 and announcement.body["type"] == 10
    voice = probe.standin.add_channel(kind=VOICE)
    refused = await probe.call("POST", f"/channels/{voice['id']}/threads", {"name": "t", "type": 11})
    assert (refused.status, refused.code) == (400, 50024)


async def test_only_discords_archive_durations(probe: Probe) -> None:
    answer = await probe.call("POST", f"/channels/{CHANNEL_ID}/threads",
                              {"name": "t", "type": 11, "auto_archive_duration": 20160})
    assert answer.status == 400 and answer.error_at("auto_archive_duration")


async def test_auto_archive_after_the_chosen_duration_and_unarchive_on_a_post(probe: Probe) -> None:
    thread = await new_thread(probe, minutes=60)
    probe.standin.advance(59 * 60)
    probe.standin.sweep()
    assert not probe.standin.channels[thread]["thread_metadata"]["archived"]
    probe.standin.advance(2 * 60)
    meta = probe.standin.channels[thread]["thread_metadata"]
    assert meta["archived"], "idle for longer than its auto-archive duration"
    assert events(probe, "THREAD_UPDATE")[-1]["thread_metadata"]["archived"] is True  # type: ignore[index]
    posted = await probe.call("POST", f"/channels/{thread}/messages", {"content": "your move"})
    assert posted.status == 200
    assert not probe.standin.channels[thread]["thread_metadata"]["archived"], "the bot's post un-archived it"
    assert events(probe, "THREAD_UPDATE")[-1]["thread_metadata"]["archived"] is False  # type: ignore[index]
    probe.standin.advance(59 * 60)
    assert not probe.standin.channels[thread]["thread_metadata"]["archived"], "the post was new activity"


async def test_an_archived_thread_refuses_edits(probe: Probe) -> None:
    thread = await new_thread(probe)
    posted = await probe.call("POST", f"/channels/{thread}/messages", {"content": "board"})
    probe.standin.archive_thread(thread)
    edit = await probe.call("PATCH", f"/channels/{thread}/messages/{posted.body['id']}", {"components": []})
    assert (edit.status, edit.code) == (400, 50083)


async def test_a_locked_thread_refuses_the_bot_without_manage_threads(probe: Probe) -> None:
    thread = await new_thread(probe)
    probe.standin.lock_thread(thread)
    refused = await probe.call("POST", f"/channels/{thread}/messages", {"content": "x"})
    assert (refused.status, refused.code) == (403, 50013)
    probe.standin.archive_thread(thread)
    still = await probe.call("POST", f"/channels/{thread}/messages", {"content": "x"})
    assert still.status == 403 and probe.standin.channels[thread]["thread_metadata"]["archived"], \
        "a locked archived thread stays archived"
    probe.standin.guilds[GUILD_ID].channels[CHANNEL_ID]["permission_overwrites"] = [
        overwrite(GUILD_ID, allow=MANAGE_THREADS)]
    assert (await probe.call("POST", f"/channels/{thread}/messages", {"content": "x"})).status == 200


async def test_a_deleted_thread_is_gone(probe: Probe) -> None:
    thread = await new_thread(probe)
    probe.standin.delete_thread(thread)
    assert events(probe, "THREAD_DELETE") == [{"id": str(thread), "guild_id": str(GUILD_ID),
                                               "parent_id": str(CHANNEL_ID), "type": 11}]
    answer = await probe.call("POST", f"/channels/{thread}/messages", {"content": "x"})
    assert (answer.status, answer.code) == (404, 10003)


async def test_unarchive_by_patch_needs_send_in_threads_and_a_locked_one_manage_threads(probe: Probe) -> None:
    thread = await new_thread(probe)
    probe.standin.archive_thread(thread)
    opened = await probe.call("PATCH", f"/channels/{thread}", {"archived": False})
    assert opened.status == 200 and not opened.body["thread_metadata"]["archived"]
    assert events(probe, "THREAD_UPDATE")[-1]["thread_metadata"]["archived"] is False  # type: ignore[index]
    probe.standin.lock_thread(thread)
    probe.standin.archive_thread(thread)
    refused = await probe.call("PATCH", f"/channels/{thread}", {"archived": False})
    assert (refused.status, refused.code) == (403, 50013)
    assert probe.standin.channels[thread]["thread_metadata"]["archived"]
    lock = await probe.call("PATCH", f"/channels/{thread}", {"locked": False})
    assert (lock.status, lock.code) == (403, 50013), "only Manage Threads unlocks"
