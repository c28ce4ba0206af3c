"""The bot removed from a server and added back (issue 15, defect 5), through the real bot process and
the stand-in's gateway: GUILD_DELETE suspends the server's tables, GUILD_CREATE resumes them and posts
each running game's board again, calling the player to move."""

from __future__ import annotations

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, table_row


async def test_removed_and_added_back(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    deadline = table_row(bot.database, table)["turn_deadline"]
    boards = len(server.board_posts(table))

    await server.remove_bot(server.guild_id)
    await server.wait_until(lambda: table_row(bot.database, table).get("suspended_at"), what="the suspension")
    assert table_row(bot.database, table)["next_event_at"] is None, "no ticker sees it"
    assert table_row(bot.database, table)["status"] == "active", "no result"

    await server.add_bot(server.guild_id)
    await server.wait_until(lambda: len(server.board_posts(table)) == boards + 1, what="the board again")
    row = table_row(bot.database, table)
    assert row["suspended_at"] is None and row["next_event_at"] is not None
    assert row["turn_deadline"] >= deadline, "the time away is given back"
    board = server.board_posts(table)[-1]
    assert f"<@{cast.ann.id}>" in board.content, "the player to move is called back"
    assert any("back in this server" in r.content for r in server.public_posts())
