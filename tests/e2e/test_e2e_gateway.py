"""The connection itself: the real bot process finds the gateway through DISCORD_API_BASE, identifies,
heartbeats, registers its commands on request, and resumes after a dropped connection without
losing an interaction Discord sent meanwhile.
"""

from __future__ import annotations

from typing import Any

from discord_standin import payloads as P
from discord_standin.gateway import HEARTBEAT_ACK
from discord_standin.server import TOKEN, BotProcess, DiscordServer, Player


def test_sync_registers_every_command(registered_commands: list[dict[str, Any]]) -> None:
    names = {c["name"] for c in registered_commands}
    assert {"play", "move", "resign", "draw", "board", "games", "rules", "settings"} <= names
    settings = next(c for c in registered_commands if c["name"] == "settings")
    assert int(settings["default_member_permissions"]) & (1 << 5), "/settings is for Manage Server"


async def test_bot_connects_through_the_configured_api(server: DiscordServer, bot: BotProcess) -> None:
    paths = [(r.method, r.path) for r in server.requests]
    assert ("GET", "/users/@me") in paths, "login went through DISCORD_API_BASE"
    assert ("GET", "/gateway/bot") in paths, "the gateway URL came from the configured API"
    session = server.gateway.live()
    assert session is not None and server.gateway.identified == 1
    # no privileged intent (members 1<<1, presences 1<<8, message content 1<<15)
    assert session.intents & ((1 << 1) | (1 << 8) | (1 << 15)) == 0
    assert not any(r.method == "PUT" and r.path.endswith("/commands") for r in server.requests), \
        "commands are synced only on request, not at every start"
    # the first heartbeat follows HELLO at once, and is acknowledged
    await server.wait_until(lambda: server.gateway.heartbeats >= 1, 10, "a heartbeat")
    assert HEARTBEAT_ACK == 11


async def test_wrong_token_is_refused_and_the_process_says_so(server: DiscordServer, tmp_path: Any) -> None:
    process = BotProcess(server, tmp_path, env={"DISCORD_TOKEN": "not-" + TOKEN})
    code, out = await process.run(timeout=60)
    assert code != 0
    assert "token" in out.lower()


async def test_sync_to_a_server_mesa_is_not_in_says_what_to_do(server: DiscordServer, tmp_path: Any) -> None:
    """``python bot.py --sync --guild ID`` for a server the application is not in: Discord answers 403 / 50001,
    and the process says so in one paragraph (which server, the scope, where to find the ID), exit status 1."""
    code, out = await BotProcess(server, tmp_path).run("--sync", "--guild", "4242", timeout=60)
    assert code == 1, out
    assert "server 4242" in out and "applications.commands" in out and "Copy Server ID" in out, out
    assert "Traceback" not in out, out
    refused = [r for r in server.requests if r.method == "PUT" and r.path.endswith("/guilds/4242/commands")]
    assert [r.status for r in refused] == [403]
    server.expected_codes.add(50001)  # provoked: the e2e fixture fails a test on a refusal it did not expect


async def test_resume_after_a_dropped_connection_delivers_what_was_missed(server: DiscordServer,
                                                                          bot: BotProcess) -> None:
    ann = Player(server, 1001, "ann")
    first = await ann.slash("games")
    assert first.ephemeral()
    await server.gateway.drop(4000)  # Discord closes the socket (4000: unknown error): the bot resumes
    # the interaction is queued in the session and replayed when the bot resumes
    missed = await server.interact(ann.slash_payload("games"), wait=False)
    await server.wait_until(lambda: server.gateway.resumed >= 1, 60, "the bot to resume")
    await server.wait_until(lambda: missed.finished, 30, "the missed interaction to be answered")
    assert server.gateway.identified == 1, "a resume, not a new session"
    assert missed.ephemeral()


async def test_rules_answer_privately_with_a_picture(server: DiscordServer, bot: BotProcess) -> None:
    ann = Player(server, 1001, "ann")
    ex = await ann.slash("rules", game="kona")
    assert ex.finished and ex.ephemeral()
    assert any(r.embeds for r in ex.replies), "the quick start is an embed"
    assert any(name == "kona.png" for r in ex.replies for name, _ in r.files), "with the opening position"
    assert ex.payload["guild_id"] == str(P.GUILD_ID)
