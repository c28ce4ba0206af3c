"""``/board table:N`` (issue 15, defect 1): only a seated player re-posts a board, once a minute.

Table ids are sequential: before, anyone in any server could make the bot post any table's board
into its thread and ping the player to move.  Now a seated player re-posts it (rate-limited per
table), anyone else in the table's server sees it privately, and another server has no such table.
"""

from __future__ import annotations

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast

OTHER_GUILD = 100000000000000002


async def test_only_a_seated_player_reposts_the_board(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    boards = len(server.board_posts(table))

    # eve watches: she gets the board, privately, and nobody is pinged
    ex = await cast.eve.slash("board", table=table)
    assert ex.ephemeral() and any(r.files for r in ex.records()), "the board, for eve's eyes only"
    assert len(server.board_posts(table)) == boards, "nothing posted in the thread"

    # bob is seated: his /board re-posts it publicly ...
    ex = await cast.bob.slash("board", table=table)
    await server.wait_until(lambda: len(server.board_posts(table)) == boards + 1, what="the re-posted board")
    # ... once a minute: asking again at once gets it privately
    again = await cast.bob.slash("board", table=table)
    assert again.ephemeral() and any(r.files for r in again.records())
    assert len(server.board_posts(table)) == boards + 1, "no second ping within the minute"


async def test_another_server_has_no_such_table(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    server.add_guild(OTHER_GUILD, "Elsewhere")
    elsewhere = server.add_channel(OTHER_GUILD, name="lobby")
    await server.add_bot(OTHER_GUILD)
    boards = len(server.public_posts())
    for player in (cast.eve, cast.ann):  # a stranger, and even a seated player from the wrong server
        ex = await player.slash("board", channel=elsewhere, table=table)
        assert ex.ephemeral() and f"no table #{table}" in ex.text().lower(), ex.text()
        assert not any(r.files for r in ex.records()), "nothing of the table is shown"
    assert len(server.public_posts()) == boards
