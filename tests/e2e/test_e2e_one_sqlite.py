"""One bot process per SQLite file: a second ``python bot.py`` on the same file (started twice by
mistake, or every line of the Procfile run at once) stops with one line, before it connects.

Two processes holding the same shards both answer every interaction: each ``/play`` opened two tables.
"""

from __future__ import annotations

import random

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast


async def test_a_second_bot_on_the_same_sqlite_file_stops_with_one_line(server: DiscordServer, bot: BotProcess,
                                                                       cast: Cast) -> None:
    identified = server.gateway.identified
    second = BotProcess(server, bot.folder / "second", env={"DATABASE_PATH": str(bot.database), "LOG_LEVEL": "WARNING"})
    second.folder.mkdir()
    code, out = await second.run()
    lines = [line for line in out.splitlines() if line.strip()]
    assert code == 2, out
    assert len(lines) == 1 and str(bot.database) in lines[0] and "PostgreSQL" in lines[0], out
    assert "Traceback" not in out
    assert server.gateway.identified == identified  # it never reached the gateway
    # the first one plays on, alone: one table for one /play
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    await cast.turn_by_buttons(table, random.Random(3))
    assert server.board_posts(table)
    # once it stops, the file is free for the next start (a kill frees it as well: tests/e2e/test_e2e_restart.py)
    await bot.stop()
    await bot.start()
