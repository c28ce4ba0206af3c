"""Discord misbehaves: rate limits (429 with retry_after), server errors (5xx), closed DMs (403 / 50007).

A board whose post is refused with 429 or 5xx is retried and appears exactly once; a player whose
DMs are closed is not asked again and again, and still gets their private view from the ephemeral
"My pieces" button.
"""

from __future__ import annotations

import itertools
import random

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, custom_ids, moves


async def _thread_of(cast: Cast, table: int) -> int:
    board = cast.board(table)
    assert board is not None
    return int(board["channel_id"])


async def test_rate_limited_board_is_retried_and_posted_once(server: DiscordServer, bot: BotProcess,
                                                            cast: Cast) -> None:
    rng = random.Random(30)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    thread = await _thread_of(cast, table)
    before = len(server.board_posts(table))
    fault = server.fail("POST", rf"^/channels/{thread}/messages$", 429, times=2, retry_after=0.2)
    turn = await cast.turn_by_buttons(table, rng)
    assert fault.hits == 2
    attempts = [r for r in server.requests if r.method == "POST" and r.path == f"/channels/{thread}/messages"]
    assert [r.status for r in attempts[-3:]] == [429, 429, 200], "two refusals, then the post"
    assert len(server.board_posts(table)) == before + 1, "the board appears once"
    assert f"Played {turn.move}" in turn.exchanges[-1].text()
    assert bot.alive


async def test_server_errors_on_a_board_are_retried_and_posted_once(server: DiscordServer, bot: BotProcess,
                                                                   cast: Cast) -> None:
    rng = random.Random(31)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    thread = await _thread_of(cast, table)
    before = len(server.board_posts(table))
    fault = server.fail("POST", rf"^/channels/{thread}/messages$", 502, times=1)
    turn = await cast.turn_by_buttons(table, rng)
    assert fault.hits == 1
    assert len(server.board_posts(table)) == before + 1
    assert moves(bot.database, table)[-1][2] == turn.move
    # and the game carries on normally
    await cast.turn_by_buttons(table, rng)
    assert len(server.board_posts(table)) == before + 2


async def test_closed_dms_fall_back_to_the_ephemeral_button_without_a_retry_storm(
        server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    rng = random.Random(32)
    server.closed_dms.add(cast.bob.id)
    table = await cast.open_table(cast.ann, "plateau", [cast.bob], seat="first")
    bob_actions = []  # request index of every interaction bob sends
    for _ in range(12):
        if cast.finished(table):
            break
        mover = cast.movers(table)[0]
        if mover is cast.bob:
            bob_actions.append(len(server.requests))
        await cast.turn_by_buttons(table, rng)
    attempts = [i for i, r in enumerate(server.requests) if r in server.to_dms(cast.bob.id)]
    assert attempts, "the bot tried to DM bob his private view"
    assert all(server.requests[i].status == 403 for i in attempts)
    # at most one attempt between two of bob's own actions: closed DMs are remembered, not hammered
    marks = [*bob_actions, len(server.requests)]
    for start, end in itertools.pairwise(marks):
        assert len([i for i in attempts if start <= i < end]) <= 1
    assert len(attempts) <= len(bob_actions) + 1
    # ann's DMs are open and delivered
    assert any(r.status == 200 for r in server.to_dms(cast.ann.id))

    # the fallback: bob's own view, ephemerally, from the button under the board
    board = cast.board(table)
    mine = next(c for c in custom_ids(board) if c.startswith(f"mesa:mine:{table}:"))
    view = await cast.bob.press(mine, board)
    assert view.ephemeral() and view.text()
    assert "#" in view.text() or view.replies[-1].files
