"""Discord commands that fit exactly one of the caller's tables need no ``table=`` (issue 14), as in
the console: both ask the service's ``table_meant``.  And an identical open invitation is refused with
a link to the open one (the service gives its ids; the Discord layer makes the link)."""

from __future__ import annotations

from typing import Any

from discord_standin.payloads import GUILD_ID, Harness, option, thread_channel, user

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
STRING, USER = 3, 6


def replies(h: Harness) -> list[Any]:
    return [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")]


async def invite(h: Harness, game: str) -> int:
    """alice invites bob (alice first); returns the new table's thread id."""
    before = set(h.standin.channels)
    await h.command("play", [option("game", game, STRING), option("opponent", BOB["id"], USER),
                             option("seat", "first", STRING)], ALICE, users=[BOB])
    (thread,) = set(h.standin.channels) - before
    return int(thread)


async def started(h: Harness, game: str, table: int) -> int:
    thread = await invite(h, game)
    await h.click(h.latest_id(f"mesa:inv:{table}:"), BOB, channel=thread_channel(thread))
    return thread


async def test_the_same_open_invitation_is_refused_with_a_link_to_it(harness: Harness) -> None:
    h = harness
    thread = await invite(h, "kona")
    h.standin.clear()
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER),
                             option("seat", "first", STRING)], ALICE, users=[BOB])
    answer = replies(h)[-1]
    assert answer.ephemeral and "#1" in answer.content
    assert f"https://discord.com/channels/{GUILD_ID}/{thread}" in answer.content
    assert len(h.standin.channels) == 1, "no second table"


async def test_draw_goes_to_the_one_table_that_takes_draws(harness: Harness) -> None:
    h = harness
    kona = await started(h, "kona", 1)
    krakatoa = await started(h, "krakatoa", 2)
    h.standin.clear()
    await h.command("draw", [], ALICE)  # in the main channel, no table=
    assert not any("several" in r.content for r in replies(h)), replies(h)[-1].content
    offers = [r for r in h.standin.to_channel(kona) if "offers a draw" in (r.content or "")]
    assert offers and not [r for r in h.standin.to_channel(krakatoa) if "offers a draw" in (r.content or "")]


async def test_move_goes_to_the_one_table_where_it_is_the_callers_turn(harness: Harness) -> None:
    h = harness
    first = await started(h, "kona", 1)
    await h.command("move", [option("text", "a6-a5", STRING), option("table", 1, 4)], ALICE,
                    channel=thread_channel(first))
    second = await started(h, "kona", 2)  # alice moves first there; at table 1 it is bob's turn
    h.standin.clear()
    await h.command("move", [option("text", "a6-a5", STRING)], ALICE)
    assert not any("several" in r.content for r in replies(h)), replies(h)[-1].content
    boards = [r for r in h.standin.to_channel(second) if r.method == "POST" and "from a6 to a5" in (r.content or "")]
    assert boards, "the move was played at table 2"


async def test_board_without_a_table_shows_the_last_finished_one(harness: Harness) -> None:
    h = harness
    thread = await started(h, "kona", 1)
    await h.command("resign", [], BOB, channel=thread_channel(thread))
    h.standin.clear()
    await h.command("board", [], ALICE)  # nothing in play: the table that just ended
    posts = [r for r in h.standin.to_channel(thread) if r.method == "POST"]
    assert posts and "#1" in posts[-1].content and "over" in posts[-1].content, replies(h)[-1].content


async def test_move_after_the_game_ended_says_that_game_is_over(harness: Harness) -> None:
    # Bob resigned; Alice, not seeing it yet, sends /move without a table: she is told her last game
    # is over (which one) and how to start another, privately, and nothing is stored.
    h = harness
    thread = await started(h, "kona", 1)
    await h.command("resign", [], BOB, channel=thread_channel(thread))
    moves = await h.bot.service.repo.get_moves(1)
    h.standin.clear()
    await h.command("move", [option("text", "a6-a5", STRING)], ALICE, channel=thread_channel(thread))
    answer = replies(h)[-1]
    assert answer.ephemeral
    assert answer.content == ("You have no active game here: your last one, Kona #1, is over. Start a new one "
                              "with /play (or Rematch under its last board).")
    assert await h.bot.service.repo.get_moves(1) == moves
    # someone who never finished a game here gets the plain answer
    h.standin.clear()
    await h.command("move", [option("text", "a6-a5", STRING)], user(1003, "cy"))
    assert replies(h)[-1].content.startswith("You have no active game here. Start one with /play")
