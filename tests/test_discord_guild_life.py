"""Issue 15, defects 4, 5 and 7 through discord.py and the strict stand-in: the bot removed from a server
(GUILD_DELETE, or 50001 for the whole server) and added back (GUILD_CREATE), a Spanish server's texts
after a restart, an expired invitation, and the invitation expiry in /settings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from discord_standin.payloads import (
    GUILD_ID,
    MANAGE_GUILD,
    TIMESTAMP,
    Harness,
    component,
    option,
    thread_channel,
    user,
)

from cogs.client import Config, MesaBot
from data.factory import open_repository
from data.models import parse_iso
from tables.service import TableService

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
STRING, INTEGER, USER = 3, 4, 6


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def guild_create(guild_id: int = GUILD_ID) -> dict[str, Any]:
    """A GUILD_CREATE payload as Discord sends it when the bot joins a server."""
    everyone = {"id": str(guild_id), "name": "@everyone", "permissions": "0", "position": 0, "color": 0,
                "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    return {"id": str(guild_id), "name": "games", "owner_id": "1", "icon": None, "splash": None, "features": [],
            "roles": [everyone], "emojis": [], "stickers": [], "channels": [], "threads": [], "members": [],
            "voice_states": [], "presences": [], "member_count": 3, "large": False, "unavailable": False,
            "joined_at": TIMESTAMP, "preferred_locale": "en-US", "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
            "nsfw_level": 0, "system_channel_flags": 0, "stage_instances": [], "guild_scheduled_events": []}


async def bot_joins(h: Harness) -> None:
    h.standin.guilds[GUILD_ID].bot_member = True
    h.bot._connection.parse_guild_create(guild_create())
    await h.settle()


async def bot_removed(h: Harness) -> None:
    h.standin.guilds[GUILD_ID].bot_member = False  # Discord answers 50001 there from now on
    h.bot._connection.parse_guild_delete({"id": str(GUILD_ID)})
    await h.settle()


async def start_kona(h: Harness, guild_locale: str = "en-US") -> int:
    """alice invites bob (alice first), bob accepts: the table's thread, in a server speaking ``guild_locale``."""
    h.server_speaks(guild_locale)  # every interaction from the server carries its locale
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER),
                             option("seat", "first", STRING)], ALICE, users=[BOB])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    accept = h.latest_id("mesa:inv:1:")
    await h.dispatch(component(accept, BOB, h.message_with(accept), thread_channel(thread)))
    return thread


async def deadline(h: Harness, table: int = 1) -> datetime:
    row = await h.bot.service.repo.get_table(table)
    moment = parse_iso(row.turn_deadline)
    assert moment is not None
    return moment


async def test_removed_bot_suspends_tables_and_resumes_them_when_added_back(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await bot_joins(h)
        thread = await start_kona(h)
        before = await deadline(h)
        clock.moment += timedelta(hours=1)
        await bot_removed(h)
        assert await h.bot.service.is_suspended(1)
        h.standin.clear()
        for _ in range(3):  # days pass: past half time, past the deadline
            clock.moment += timedelta(days=3)
            await h.bot.ticker.tick()
        assert h.standin.requests == [], "no post, no reminder DM, no retry while the bot is out"
        assert (await h.bot.service.table_details(1)).summary.status == "active"
        assert await h.bot.service.repo.get_results(1) == [], "no results"
        await bot_joins(h)
        assert not await h.bot.service.is_suspended(1)
        assert await deadline(h) == before + timedelta(days=9), "the nine days away are given back"
        posts = [r for r in h.standin.to_channel(thread) if r.method == "POST"]
        assert any("back in this server" in p.content for p in posts)
        board = next(p for p in posts if p.files)
        assert f"<@{ALICE['id']}>" in board.content, "the player to move is called back"
        h.standin.clear()
        await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=thread_channel(thread))
        assert "from a6 to d3" in h.standin.to_channel(thread)[0].content, "the game goes on"
    finally:
        await h.close()


async def test_missing_access_for_the_whole_server_suspends_its_tables(tmp_path: Any) -> None:
    """Removed while the bot was offline: no GUILD_DELETE, but posts answer 50001 and so does the server."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await bot_joins(h)
        thread = await start_kona(h)
        h.standin.guilds[GUILD_ID].bot_member = False
        await h.bot.service.submit_move(1, int(ALICE["id"]), "a6-d3")  # a move whose board is not posted yet
        clock.moment += timedelta(minutes=5)
        await h.bot.ticker.tick()  # the ticker retries the board: 50001, and Get Guild says 50001 too
        assert any(r.path == f"/guilds/{GUILD_ID}" and r.status == 403 for r in h.standin.requests)
        assert await h.bot.service.is_suspended(1)
        h.standin.clear()
        clock.moment += timedelta(days=5)
        await h.bot.ticker.tick()
        assert h.standin.requests == [], "suspended: nothing more is tried there"
        await bot_joins(h)
        posts = [p for p in h.standin.to_channel(thread) if p.method == "POST"]
        assert any(p.files for p in posts), [(p.content, p.status) for p in posts]
    finally:
        await h.close()


async def test_one_closed_channel_does_not_suspend_the_server(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await bot_joins(h)
        thread = await start_kona(h)
        h.standin.deleted.add(thread)  # a 404 (thread gone), not a 50001: the table moves to the channel
        await h.bot.service.submit_move(1, int(ALICE["id"]), "a6-d3")
        clock.moment += timedelta(minutes=5)
        await h.bot.ticker.tick()
        assert not await h.bot.service.is_suspended(1)
        assert not any(r.path.startswith("/guilds/") for r in h.standin.requests)
    finally:
        await h.close()


async def test_a_spanish_server_gets_spanish_timeouts_after_a_restart(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        thread = await start_kona(h, guild_locale="es-ES")
        old = h.bot.service  # a first move: the time-out that follows loses the game (none at all cancels it)
        mover = (await old.table_details(1)).summary.turn_user_ids[0]
        await old.submit_move(1, mover, (await old.legal_moves_for(1, mover))[0])
        # a restart: a new service over the same database, a front end with nothing in memory
        await h.bot.close()
        await old.repo.close()
        repo = await open_repository(tmp_path / "mesa.db")
        h.bot = MesaBot(Config(token="stand-in"), service=TableService(repo, clock, None), tick_seconds=0)
        await h.bot.login("stand-in-token")
        h.standin.clear()
        clock.moment += timedelta(days=5)
        await h.bot.ticker.tick()
        posts = [r.content for r in h.standin.to_channel(thread) if r.method == "POST"]
        assert any("se le acabó el tiempo" in p for p in posts), posts
        assert not any("ran out of time" in p for p in posts)
    finally:
        await h.close()


async def test_an_invitation_whose_post_failed_expires_and_the_host_is_told(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                        users=[BOB])
        thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
        h.standin.deleted.add(thread)  # the invitation's place is gone
        h.standin.clear()
        clock.moment += timedelta(days=3, minutes=1)
        await h.bot.ticker.tick()
        dms = h.standin.to_dms(int(ALICE["id"]))
        assert len(dms) == 1 and "#1" in dms[0].content and "3d" in dms[0].content
        assert (await h.bot.service.table_details(1)).summary.status == "aborted"
        h.standin.clear()
        clock.moment += timedelta(days=3)
        await h.bot.ticker.tick()
        assert h.standin.to_dms(int(ALICE["id"])) == [], "told once"
    finally:
        await h.close()


async def test_settings_show_and_change_the_invitation_expiry(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        await h.command("settings", [], user(1009, "mod"), permissions=MANAGE_GUILD)
        assert "3d" in h.standin.interaction_replies()[-1].content
        await h.command("settings", [option("invitations_expire", 43200, INTEGER)], user(1009, "mod"),
                        permissions=MANAGE_GUILD, locale="es-ES")
        answer = h.standin.interaction_replies()[-1]
        assert answer.ephemeral and "12h" in answer.content and "invitaciones" in answer.content
        assert await h.bot.service.invitation_expiry(GUILD_ID) == 12 * 3600
    finally:
        await h.close()
