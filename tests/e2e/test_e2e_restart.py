"""The bot process is killed (SIGKILL) mid-game and started again over the same database.

Every game resumes; no move the bot confirmed is lost and none is applied twice; buttons posted by
the killed process still work; a board the killed process never managed to post is posted by the
new one at start-up; a row damaged by hand while the bot was down is said to its players in words and
holds back no other game's deadline.
"""

from __future__ import annotations

import random
import re
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, custom_ids, moves, table_row

VERSION = re.compile(r"^mesa:resign:(\d+):(\d+):")


def board_version(message: dict[str, str]) -> int:
    for cid in custom_ids(message):  # type: ignore[arg-type]
        m = VERSION.match(cid)
        if m:
            return int(m[2])
    raise AssertionError("a board without a Resign button")


def confirmed_moves(cast: Cast, table: int) -> list[str]:
    """Moves the bot confirmed to their player ("Played ...") at ``table``, in order."""
    out = []
    for ex in cast.exchanges:
        data = ex.payload["data"]
        if str(data.get("custom_id", "")).startswith(f"mesasel:{table}:") and ex.finished:
            value = (data.get("values") or [""])[0]
            if value.startswith("m:") and f"Played {value[2:]}" in ex.text():
                out.append(value[2:])
    return out


async def test_kill_between_acknowledging_a_move_and_posting_its_board(server: DiscordServer, bot: BotProcess,
                                                                       cast: Cast) -> None:
    bot.expect_errors = True  # a killed process leaves a torn log
    rng = random.Random(20)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    for _ in range(4):
        await cast.turn_by_buttons(table, rng)
    before = cast.board(table)
    assert before is not None
    thread = int(before["channel_id"])
    posted = len(server.board_posts(table))

    # the next board post is held: the bot has acknowledged the move and stored it, not posted it
    server.stall("POST", rf"^/channels/{thread}/messages$")
    turn = await cast.turn_by_buttons(table, rng, wait_last=False)
    last = turn.exchanges[-1]
    await server.wait_until(lambda: server.stalled and last.callback is not None, 30, "the held board post")
    # acknowledged in time: the stand-in refuses a callback after Discord's 3 seconds (10062), as Discord does
    assert last.callback is not None and 200 <= last.callback.status < 300
    await bot.kill()
    server.release()
    stored = moves(bot.database, table)
    assert stored[-1][2] == turn.move, "the acknowledged move was stored before the board was posted"
    version = table_row(bot.database, table)["version"]

    # a new process posts the board the old one could not, once
    await bot.start()
    await server.wait_until(lambda: len(server.board_posts(table)) > posted, 30, "the missing board")
    current = cast.board(table)
    assert current is not None and board_version(current) == version
    assert len(server.board_posts(table)) == posted + 1

    # the user did not see "Played" and presses the same choice again: refused, not applied twice
    data = last.payload["data"]
    again = cast.note(await turn.player.press(data["custom_id"], last.payload["message"], values=data["values"]))
    assert again.ephemeral()
    assert moves(bot.database, table) == stored, "a repeated choice is not applied twice"

    # only the latest board carries controls, across the kill too: the new process took them off the board
    # posted before it (no Discord client can press them any more)
    assert not (server.messages[int(before["id"])].get("components") or []), "the old board kept its buttons"

    # and the game goes on to its end, every confirmed move stored exactly once
    await cast.play_out(table, rng)
    log = [m for _, _, m in moves(bot.database, table)]
    assert len(log) == len(set(range(len(log))))
    confirmed = confirmed_moves(cast, table)
    assert all(m in log for m in confirmed)
    assert log[len(stored) - 1] == turn.move
    assert table_row(bot.database, table)["status"] == "finished"


@pytest.mark.slow
async def test_every_game_resumes_after_a_kill_and_old_buttons_still_work(server: DiscordServer,
                                                                          bot: BotProcess, cast: Cast) -> None:
    bot.expect_errors = True
    rng = random.Random(21)
    kona = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    krakatoa = await cast.open_table(cast.cid, "krakatoa", [cast.dee], seat="first")
    plateau = await cast.open_table(cast.bob, "plateau", [cast.cid], seat="first")
    tables = (kona, krakatoa, plateau)
    for _ in range(3):
        for table in tables:
            await cast.turn_by_buttons(table, rng)
    boards = {t: cast.board(t) for t in tables}
    stored = {t: moves(bot.database, t) for t in tables}
    posted = len(server.board_posts())

    await bot.kill()
    await bot.wait_for_no_leftovers()  # the dead process's render workers do not linger
    await bot.start()
    assert {t: moves(bot.database, t) for t in tables} == stored, "nothing lost, nothing added by the restart"
    # nothing was missing: the new process posts no board again
    assert len(server.board_posts()) == posted

    # a move with each table's pre-restart board, then every game to its end
    for table in tables:
        await cast.turn_by_buttons(table, rng, board=boards[table])
        assert len(moves(bot.database, table)) > len(stored[table])
    for table in (kona, krakatoa):
        await cast.play_out(table, rng, max_turns=1500)
        assert table_row(bot.database, table)["status"] == "finished"
    # Plateau games are long: two more moves, then the player to move resigns
    for _ in range(2):
        await cast.turn_by_buttons(plateau, rng)
    await cast.resign(plateau, cast.movers(plateau)[0])
    assert table_row(bot.database, plateau)["status"] == "finished"
    assert cast.finished(plateau)


async def test_sigterm_closes_cleanly_and_leaves_no_worker(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    """A service manager stops the bot with SIGTERM: it closes (exit 0, its log says so) and its board
    drawing workers leave with it at once, not when they next notice their parent is gone."""
    rng = random.Random(7)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    await cast.turn_by_buttons(table, rng)  # a board drawn: the drawing workers exist
    assert server.board_posts(table)
    await bot.stop()
    assert bot.proc is not None and bot.proc.returncode == 0, bot.log()[-3000:]
    assert "SIGTERM: closing" in bot.log()
    assert bot.leftovers() == [], "a worker outlived the bot"
    # the games go on after a start over the same database
    await bot.start()
    assert table_row(bot.database, table)["status"] == "active"


async def test_a_row_damaged_while_the_bot_was_down_is_said_and_every_other_deadline_still_fires(
        server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    """SIGKILL; meanwhile a hand edits one game's deadline into no moment and another game's deadline passes.
    The new process times the other game out (its ticker used to fail at the damaged one, every tick, so no
    deadline after it ever fired), and the damaged game's players are told in words."""
    bot.expect_errors = True  # a killed process, and the damaged table logged as an error
    rng = random.Random(22)
    damaged = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    late = await cast.open_table(cast.cid, "kona", [cast.dee], seat="first")
    for table in (damaged, late):
        await cast.turn_by_buttons(table, rng)
    board = cast.board(damaged)
    assert board is not None
    await bot.kill()
    past = (datetime.now(UTC) - timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    with sqlite3.connect(bot.database) as db:
        db.execute("UPDATE tables SET turn_deadline = 'soon', next_event_at = ? WHERE id = ?", (past, damaged))
        db.execute("UPDATE tables SET turn_deadline = ?, next_event_at = ? WHERE id = ?", (past, past, late))
    db.close()
    await bot.start()
    await server.wait_until(lambda: cast.finished(late), 20, "the other game to end on time")
    assert table_row(bot.database, late)["status"] == "finished"
    pick = next(c for c in custom_ids(board) if c.startswith(f"mesa:pick:{damaged}:"))
    told = cast.note(await cast.bob.press(pick, board))
    assert told.ephemeral() and "damaged" in told.text() and f"#{damaged}" in told.text()
