"""What a server's managers meet (an audit as an administrator): where games may be played, said with the
channels; `/settings` whole however many channels it allows; a game that could get no thread says so."""

from __future__ import annotations

from typing import Any

from discord_standin.payloads import GUILD_ID, MANAGE_GUILD, Harness, command, option, user
from discord_standin.server import DiscordServer
from discord_standin.world import CREATE_PUBLIC_THREADS, overwrite

ALICE, BOB, MOD = user(1001, "alice"), user(1002, "bob"), user(1009, "mod")


def last(h: Harness) -> str:
    return [r for r in h.standin.interaction_replies() if r.content][-1].content


async def cache(h: Harness) -> None:
    """The server as the gateway tells it, with the channels added since."""
    h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
    await h.settle()


async def allow(h: Harness, channel: dict[str, Any], lang: str = "en-US", action: str = "allow") -> str:
    payload = command("settings", [option("channel", channel["id"], 7), option("channel_action", action, 3)], MOD,
                      permissions=MANAGE_GUILD, locale=lang)
    payload["data"]["resolved"] = {"channels": {channel["id"]: {"id": channel["id"], "name": channel["name"],
                                                                "type": 0, "permissions": "0", "parent_id": None}}}
    h.standin.clear()
    await h.dispatch(payload)
    return last(h)


async def test_play_outside_the_allowed_channels_names_them(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        games = h.standin.add_channel(name="board-games")
        await cache(h)
        await allow(h, games)
        for locale, said in (("en-US", "Games cannot be started in this channel on this server: start one in "),
                             ("es-ES", "En este servidor no se pueden empezar partidas en este canal: empieza una "
                                       "en ")):
            h.standin.clear()
            await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE,
                            users=[BOB], locale=locale)
            assert last(h) == f"{said}<#{games['id']}>.", last(h)
        assert not h.standin.channels, "no table, no thread"
    finally:
        await h.close()


async def test_settings_are_said_whole_with_a_hundred_allowed_channels(tmp_path: Any) -> None:
    """99 channels' links cut the answer at Discord's 2000 characters, its other settings lost."""
    h = await Harness.open(tmp_path)
    try:
        channels = [h.standin.add_channel(name=f"t{i}") for i in range(100)]
        await cache(h)
        await h.bot.service.set_guild_settings(GUILD_ID, allowed_channels=[int(c["id"]) for c in channels[:99]])
        answer = await allow(h, channels[99])
        assert len(answer) < 2000 and "and 60 more" in answer and "Who may create" in answer, answer[-200:]
    finally:
        await h.close()


async def test_a_game_that_could_get_no_thread_says_it_is_played_in_the_channel(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        channel = h.standin.add_channel(overwrites=[overwrite(GUILD_ID, deny=CREATE_PUBLIC_THREADS)])
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB],
                        channel=channel)
        assert last(h).endswith("No thread could be made for it here (I need Create Public Threads and Send "
                                "Messages in Threads in this channel), so the game is played in this channel itself.")
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB])
        assert "No thread" not in last(h)  # where a thread is made, nothing more is said
    finally:
        await h.close()


async def test_a_play_where_mesa_lacks_permissions_names_what_it_lacks(tmp_path: Any) -> None:
    """It asked for "Send Messages, Attach Files and the thread permissions" whatever was missing: never View
    Channel, which an admin then did not give, and Send Messages where only Attach Files lacked."""
    from discord_standin.world import ATTACH_FILES, VIEW_CHANNEL

    h = await Harness.open(tmp_path)
    try:
        for denied, named in ((VIEW_CHANNEL, "View Channel"), (ATTACH_FILES, "Attach Files")):
            channel = h.standin.add_channel(overwrites=[overwrite(GUILD_ID, deny=denied)])
            await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE,
                            users=[BOB], channel=channel)
            assert last(h) == f"I may not post the game's boards in this channel: ask a server manager to give me " \
                              f"{named} in this channel's permissions, or start it in another channel."
        assert not h.standin.channels, "no table, no thread"
    finally:
        await h.close()


def in_dms(payload: dict[str, Any]) -> dict[str, Any]:
    """The same command typed in the bot's DM channel: no server, a DM channel, the user no member."""
    u = payload.pop("member")["user"]
    payload.pop("guild_id", None)
    payload.pop("guild_locale", None)
    payload.update(user=u, channel_id="900000000000000001", context=1,
                   channel={"id": "900000000000000001", "type": 1, "recipients": [u], "flags": 0,
                            "last_message_id": None},
                   app_permissions=str((1 << 15) | (1 << 14) | (1 << 17)))
    return payload


async def test_a_lesson_in_direct_messages_says_how_to_answer_there(tmp_path: Any) -> None:
    """/move is a server's command (Discord lists it nowhere in DMs); a lesson there told the learner to use it."""
    h = await Harness.open(tmp_path, renderer=None)
    try:
        for locale, answer in (("en-US", "or type it in `/learn`'s *answer*"),
                               ("es-ES", "o escríbela en *respuesta* de `/aprender`")):
            h.standin.clear()
            await h.dispatch(in_dms(command("learn", [option("game", "kona", 3)], ALICE, locale=locale)))
            said = last(h)
            assert answer in said and "/move" not in said and "/mover" not in said, said
        h.standin.clear()
        await h.command("learn", [option("game", "kona", 3)], ALICE)  # in a server: /move as ever
        assert "`/move`" in last(h)
    finally:
        await h.close()


async def test_rated_asked_on_a_server_that_rates_nothing_is_said_unrated(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        await h.command("settings", [option("rated", False, 5)], MOD, permissions=MANAGE_GUILD)
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                                 option("rated", True, 5)], ALICE, users=[BOB])
        assert last(h).endswith("It is unrated all the same: this server's settings do not rate it (rated games are "
                                "off here, or games against Mesa are not rated).")
        assert (await h.bot.service.table_details(1)).options["rated"] is False
        await h.command("play", [option("game", "plateau", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB])
        assert "unrated" not in last(h)  # not asked: nothing to correct
    finally:
        await h.close()


async def test_settings_say_what_became_of_a_channel(tmp_path: Any) -> None:
    """Each was "Settings saved." (or the settings shown unchanged) without a word on what happened."""
    from discord_standin.world import ATTACH_FILES

    h = await Harness.open(tmp_path)
    try:
        games, other = h.standin.add_channel(name="games"), h.standin.add_channel(name="other")
        blind = h.standin.add_channel(name="blind", overwrites=[overwrite(GUILD_ID, deny=ATTACH_FILES)])
        await cache(h)
        await h.command("settings", [option("channel_action", "allow", 3)], MOD, permissions=MANAGE_GUILD)
        assert last(h) == "Name the channel too (the channel option) to allow or remove it."
        await allow(h, games)
        payload = command("settings", [option("channel", other["id"], 7), option("channel_action", "remove", 3)], MOD,
                          permissions=MANAGE_GUILD)
        payload["data"]["resolved"] = {"channels": {other["id"]: {"id": other["id"], "name": "other", "type": 0,
                                                                  "permissions": "0", "parent_id": None}}}
        await h.dispatch(payload)
        assert last(h) == "#other is not on the list of channels that take games: nothing was changed."
        said = await allow(h, blind)
        assert f"Note: I cannot post the game's boards in <#{blind['id']}>: give me Attach Files" in said
        settings = await h.bot.service.guild_settings(GUILD_ID)
        assert set(settings.allowed_channels) == {int(games["id"]), int(blind["id"])}  # allowed all the same
        await allow(h, games, action="remove")
        said = await allow(h, blind, action="remove")
        assert "No channel is on the list any more: games may now be started in every channel." in said
    finally:
        await h.close()


async def test_help_names_the_managers_commands_to_a_manager_only(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path)
    try:
        for who, permissions, locale, shown in ((MOD, MANAGE_GUILD, "en-US", "`/settings`"),
                                                (MOD, MANAGE_GUILD, "es-ES", "`/ajustes`"), (ALICE, 0, "en-US", None)):
            h.standin.clear()
            await h.command("help", [], who, permissions=permissions, locale=locale)
            [embed] = [r for r in h.standin.interaction_replies() if r.embeds][-1].embeds
            text = embed["description"]
            if shown is None:
                assert "/settings" not in text and "recompute" not in text
            else:
                assert shown in text and ("`/recompute-ratings`" in text or "`/recalcular-puntuaciones`" in text)
                assert len(text) <= 4096
    finally:
        await h.close()


async def test_games_in_direct_messages_says_a_servers_tables_are_paused_while_mesa_is_out(tmp_path: Any) -> None:
    """They were listed as if they ran ("your turn", a deadline that does not run), an invitation to answer "in the
    thread", while no answer can reach them."""
    from test_discord_guild_life import bot_joins, bot_removed

    h = await Harness.open(tmp_path)
    try:
        await bot_joins(h)
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                                 option("seat", "first", 3)], ALICE, users=[BOB])
        await bot_removed(h)
        h.standin.clear()
        await h.dispatch(in_dms(command("games", [], ALICE)))
        [embed] = [r for r in h.standin.interaction_replies() if r.embeds][-1].embeds
        text = embed["description"]
        assert "paused: Mesa is no longer in that server" in text and "<t:" not in text, text
        await bot_joins(h)
        h.standin.clear()
        await h.dispatch(in_dms(command("games", [], ALICE)))
        [embed] = [r for r in h.standin.interaction_replies() if r.embeds][-1].embeds
        assert "paused" not in embed["description"]  # back: as ever
    finally:
        await h.close()
