"""A game against Mesa through Discord's surface, with the bot process killed while Mesa is to move.

ann types ``/play kona`` choosing the bot itself as her opponent; Mesa takes its seat at once and
answers each of her moves with its own board.  Then the bot is killed right after ann's move was
stored, before its board was posted (so before Mesa could think): the new process posts that board
and Mesa's move follows, and the game goes on to its end.
"""

from __future__ import annotations

import random
from pathlib import Path

from discord_standin import BOT_ID
from discord_standin.server import BotProcess, DiscordServer, Player
from mesa_e2e import Cast, custom_ids, moves, query, table_row

#: Mesa thinks at ``easy`` (100 ms a move) so the game is quick
LEVEL = "easy"


def current(cast: Cast, database: Path, table: int) -> bool:
    """The newest board on Discord is the stored version (nothing stored is waiting to be posted)."""
    board = cast.board(table)
    version = table_row(database, table)["version"]
    return board is not None and any(c.startswith(f"mesa:resign:{table}:{version}:") for c in custom_ids(board))


async def wait_for_ann(server: DiscordServer, cast: Cast, database: Path, table: int) -> None:
    """Mesa's board (mentioning ann, at the stored version) or the result has been posted."""
    await server.wait_until(lambda: cast.finished(table) or (cast.ann in cast.movers(table)
                                                             and current(cast, database, table)), 60, "Mesa's move")


async def test_a_game_against_mesa_survives_a_restart_while_mesa_is_to_move(server: DiscordServer,
                                                                            bot: BotProcess, cast: Cast) -> None:
    bot.expect_errors = True  # a killed process leaves a torn log
    rng = random.Random(17)
    mesa = Player(server, BOT_ID, "Mesa")
    mesa.user["bot"] = True
    table = await cast.open_table(cast.ann, "kona", [mesa], accept=False, seat="first", level=LEVEL)
    assert table_row(bot.database, table)["status"] == "active"  # Mesa accepted at once
    seats = query(bot.database, "SELECT seat, user_id, name, is_ai FROM seats WHERE table_id = ? ORDER BY seat", table)
    assert [(s[0], s[2], s[3]) for s in seats] == [(0, "ann", 0), (1, f"Mesa ({LEVEL})", 1)]
    assert seats[1][1] < 0  # a bot identity, not a Discord user

    # two moves each: Mesa's board follows each of ann's
    for _ in range(2):
        await cast.turn_by_buttons(table, rng, cast.ann)
        await wait_for_ann(server, cast, bot.database, table)
    stored = moves(bot.database, table)
    assert [seat for _, seat, _ in stored] == [0, 1, 0, 1]
    assert any("Mesa (easy) moved from " in r.content for r in server.board_posts(table))

    # ann's next board post is held: her move is stored, Mesa has not begun; the bot is killed there
    board = cast.board(table)
    assert board is not None
    thread = int(board["channel_id"])
    server.stall("POST", rf"^/channels/{thread}/messages$")
    turn = await cast.turn_by_buttons(table, rng, cast.ann, wait_last=False)
    await server.wait_until(lambda: server.stalled, 30, "the held board post")
    await bot.kill()
    server.release()
    stored = moves(bot.database, table)
    assert stored[-1][1:] == (0, turn.move) and len(stored) == 5  # Mesa to move, nothing thought yet

    # the new process posts ann's board, then Mesa's move follows (or its ticker plays it)
    await bot.start()
    await server.wait_until(lambda: len(moves(bot.database, table)) >= 6 or cast.finished(table), 60,
                            "Mesa's move after the restart")
    await wait_for_ann(server, cast, bot.database, table)
    after = moves(bot.database, table)
    assert after[:5] == stored and after[5][1] == 1

    # and the game goes on to its end
    for _ in range(200):
        if cast.finished(table):
            break
        await cast.turn_by_buttons(table, rng, cast.ann)
        await wait_for_ann(server, cast, bot.database, table)
    assert table_row(bot.database, table)["status"] == "finished"
    log = moves(bot.database, table)
    assert [seat for _, seat, _ in log] == [i % 2 for i in range(len(log))]  # strictly alternating, none twice
    rated = query(bot.database, "SELECT rated FROM results WHERE table_id = ?", table)
    assert rated == [(0,), (0,)]  # unrated by default


async def test_sigterm_while_mesa_thinks_closes_cleanly_and_the_next_start_plays_its_move(
        server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    """Stopped (SIGTERM) while Mesa searches: the bot exits 0 logging no error (the fixture checks the
    whole log), nothing half-done is stored, and after the restart Mesa's move follows, once."""
    rng = random.Random(5)
    mesa = Player(server, BOT_ID, "Mesa")
    mesa.user["bot"] = True
    table = await cast.open_table(cast.ann, "kona", [mesa], accept=False, seat="first", level="hard")
    await cast.turn_by_buttons(table, rng, cast.ann)  # her board is posted; Mesa thinks for ~1.5 s now
    await bot.stop()
    assert bot.proc is not None and bot.proc.returncode == 0, bot.log()[-3000:]
    stored = moves(bot.database, table)
    assert [seat for _, seat, _ in stored] == [0], "stopped before Mesa's move was stored"

    await bot.start()
    await wait_for_ann(server, cast, bot.database, table)
    assert [seat for _, seat, _ in moves(bot.database, table)] == [0, 1]
