"""The real bot meets Discord's rules in normal use, against the strict stand-in.

Every e2e test already fails if Discord (the stand-in) refused one of the bot's requests for
breaking a rule (conftest: ``server.violations()``).  These scenarios go where the rules bite:
a game that outlives several thread auto-archive periods, a 429 storm while 20 tables move, a
channel where the bot lacks a permission, and answers to deferred commands that edit the
"thinking" message instead of relying on a deprecated follow-up.
"""

from __future__ import annotations

import random

import pytest
from discord_standin import Refused
from discord_standin.ratelimit import Limits
from discord_standin.server import BotProcess, DiscordServer, dump
from discord_standin.world import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    GUILD_ID,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    overwrite,
)
from mesa_e2e import Cast, query

from bench.e2e_load import play_tables

DAY = 24 * 3600
FOURTEEN_DAYS = 14 * DAY


def thread_of_table(server: DiscordServer, table: int) -> int:
    board = server.board_posts(table)[-1]
    return int(board.path.split("/")[2])


def archived(server: DiscordServer, thread: int) -> bool:
    return bool(server.channels[thread]["thread_metadata"]["archived"])


async def test_a_game_outlives_the_threads_auto_archive(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    """Issue 15, defect 3: a move may take 14 days; Discord archives a thread idle for 7."""
    rng = random.Random(4)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first", time_per_move=FOURTEEN_DAYS)
    thread = thread_of_table(server, table)
    assert server.channels[thread]["thread_metadata"]["auto_archive_duration"] == 10080, \
        "the longest auto-archive Discord offers"
    # a move every six days: each board un-idles the thread, three weeks pass without an archive
    for _ in range(3):
        await server.advance_clock(6 * DAY)
        assert not archived(server, thread)
        before = len(server.board_posts(table))
        await cast.turn_by_buttons(table, rng)
        await server.wait_until(lambda before=before: len(server.board_posts(table)) > before, what="the board")
    # then a 13-day think: after 7 idle days Discord archives the thread, and the bot opens it again
    await server.advance_clock(8 * DAY)
    assert any(e == "THREAD_UPDATE" and d["id"] == str(thread) and d["thread_metadata"]["archived"]
               for e, d in server.events), "Discord archived it"
    await server.wait_until(lambda: not archived(server, thread), what="the bot to open the thread again")
    await server.advance_clock(5 * DAY)
    assert not archived(server, thread)
    # so the player to move can still type /move in the thread, with its autocomplete
    mover = cast.movers(table)[0]
    ex = await mover.autocomplete("move", "text", channel=server.channels[thread], text="", table=table)
    choice = str(ex.choices()[0]["value"])
    before = len(server.board_posts(table))
    await mover.slash("move", channel=server.channels[thread], text=choice, table=table)
    await server.wait_until(lambda: len(server.board_posts(table)) > before, what="the board after 13 days")
    assert thread_of_table(server, table) == thread


async def test_archived_threads_refuse_slash_commands(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    """A thread a moderator locked stays archived (the bot leaves it so); /move works from the channel."""
    server.expected_codes.add(50013)  # the lock refuses the bot's board post in the thread: provoked here
    rng = random.Random(8)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    thread = thread_of_table(server, table)
    server.lock_thread(thread)
    await server.advance_clock(8 * DAY)
    assert archived(server, thread)
    mover = cast.movers(table)[0]
    with pytest.raises(Refused):  # no slash command inside an archived thread
        await mover.slash("move", channel=server.channels[thread], text="a1", table=table)
    before = len(server.board_posts(table))
    await cast.turn_by_command(table, rng, mover)  # from the server's channel, naming the table
    await server.wait_until(lambda: len(server.board_posts(table)) > before, what="the board")
    assert archived(server, thread), "locked: the bot left it archived"


@pytest.mark.slow
async def test_a_429_storm_while_20_tables_move(server: DiscordServer, bot: BotProcess) -> None:
    server.ratelimiter.limits = Limits(route=4, route_window=0.5, message_edits=2, message_edit_window=0.5,
                                       global_=25, global_window=0.5)
    cast = Cast(server, count=40)
    made, _seconds = await play_tables(server, cast, tables=20, moves=2, seed=5)
    assert server.ratelimiter.limited, "the limits were hit"
    assert made >= 38, "(almost) every table made its two moves"
    assert all(e.finished for e in cast.exchanges), "every interaction was answered"
    late = [e.ack_seconds for e in cast.exchanges if e.ack_seconds is None or e.ack_seconds >= 3.0]
    assert not late, f"interactions acknowledged too late: {late}"
    tables = {int(c.split(":")[2]) for r in server.board_posts() for c in r.custom_ids() if c.startswith("mesa:")}
    assert len(tables) == 20, "every table has its board"


async def test_a_channel_without_create_threads_plays_in_the_channel(server: DiscordServer, bot: BotProcess,
                                                                     cast: Cast) -> None:
    plain = await server.create_channel(name="no-threads",
                                        overwrites=[overwrite(GUILD_ID, deny=CREATE_PUBLIC_THREADS)])
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first", channel=plain)
    await cast.turn_by_buttons(table, random.Random(2))
    assert not [r for r in server.requests if r.path.endswith("/threads")], "no thread was even asked for"
    boards = server.board_posts(table)
    assert len(boards) == 2 and all(r.path == f"/channels/{plain['id']}/messages" for r in boards)
    # the ordinary channel still gets threads
    other = await cast.open_table(cast.cid, "kona", [cast.dee], seat="first")
    assert thread_of_table(server, other) in server.channels


async def test_deferred_commands_are_answered_by_editing_the_thinking_message(server: DiscordServer,
                                                                             bot: BotProcess, cast: Cast) -> None:
    ex = await cast.ann.slash("games")
    assert ex.callback_type == 5
    first = ex.replies[0]
    assert first.method == "PATCH" and first.path.endswith("/messages/@original"), \
        "the answer replaces the thinking message (a follow-up there is deprecated)"
    assert ex.ephemeral()


@pytest.mark.parametrize("deny", [ATTACH_FILES, SEND_MESSAGES | CREATE_PUBLIC_THREADS,
                                  SEND_MESSAGES | SEND_MESSAGES_IN_THREADS])
async def test_a_channel_missing_a_permission_is_refused_up_front(server: DiscordServer, bot: BotProcess,
                                                                  cast: Cast, deny: int) -> None:
    """Where the bot cannot post a board (the text, or its image), ``/play`` says so and opens nothing."""
    closed = await server.create_channel(name="closed", overwrites=[overwrite(GUILD_ID, deny=deny)])
    ex = await cast.ann.slash("play", channel=closed, game="kona", opponent=cast.bob)
    assert ex.ephemeral() and "permission" in ex.text().lower(), ex.text()
    assert not server.to_channel(), "nothing was even tried"
    assert not query(bot.database, "SELECT id FROM tables"), "no table was opened"


async def test_a_channel_without_send_messages_still_gets_a_thread(server: DiscordServer, bot: BotProcess,
                                                                   cast: Cast) -> None:
    quiet = await server.create_channel(name="quiet", overwrites=[overwrite(GUILD_ID, deny=SEND_MESSAGES)])
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first", channel=quiet)
    thread = thread_of_table(server, table)
    assert server.channels[thread]["parent_id"] == quiet["id"]
    assert not server.to_channel(int(quiet["id"])), "nothing posted in the channel itself"


async def test_the_bot_identifies_with_the_guilds_intent_only(server: DiscordServer, bot: BotProcess) -> None:
    """Issue 15, item 8: Mesa asks only for what it uses; no privileged intent, nothing but GUILDS."""
    assert server.gateway.intents_seen == [1]


def test_no_message_cache() -> None:
    from cogs.client import Config, MesaBot

    client = MesaBot(Config(token="x"), sync_only=True)
    assert client._connection.max_messages is None and client.intents.value == 1


async def test_a_locked_thread_moves_the_game_to_its_channel(server: DiscordServer, bot: BotProcess,
                                                             cast: Cast) -> None:
    """Issue 15, defect 2: a moderator locks the table's thread; the game goes on in the channel, said once."""
    server.expected_codes.add(50013)  # the lock refuses the bot's next post in the thread: provoked here
    rng = random.Random(6)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    thread = thread_of_table(server, table)
    server.lock_thread(thread)
    await server.flush_events()
    before = len(server.board_posts(table))
    await cast.turn_by_buttons(table, rng)
    await server.wait_until(lambda: len(server.board_posts(table)) > before, what="the board in the channel")
    moved = server.board_posts(table)[-1]
    assert moved.path == f"/channels/{server.channel['id']}/messages"
    assert f"<#{thread}>" in moved.content, "the players are told where the game went, with a link"
    await cast.turn_by_buttons(table, rng)
    await server.wait_until(lambda: len(server.board_posts(table)) > before + 1, what="the next board")
    latest = server.board_posts(table)[-1]
    assert latest.path == moved.path and f"<#{thread}>" not in latest.content, "told once"
    refused = [r for r in server.refusals() if r.path.startswith(f"/channels/{thread}/")]
    assert len(refused) == 1, "one refused post, no retry storm:\n" + dump(refused)
