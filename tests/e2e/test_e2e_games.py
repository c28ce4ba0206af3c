"""Whole games through the real bot process, the real discord.py, real HTTP and a real gateway.

Scripted users play from the invitation (``/play``, Accept) to the result and the leaderboard, only through what
Discord shows them: buttons and selects the bot posted, ``/move`` with the bot's own autocomplete.
Each test then checks what the bot stored (read-only) against what it posted.
"""

from __future__ import annotations

import hashlib
import random
import re

import pytest
from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, custom_ids, moves, query, table_row

#: Discord's limit for acknowledging an interaction (seconds)
DISCORD_LIMIT = 3.0


def assert_answered_in_time(cast: Cast) -> None:
    slow = [(e.payload["data"].get("name") or e.payload["data"].get("custom_id"), e.ack_seconds)
            for e in cast.exchanges if e.ack_seconds is None or e.ack_seconds >= DISCORD_LIMIT]
    assert not slow, f"interactions not acknowledged within {DISCORD_LIMIT} s: {slow}"


def assert_one_board_per_version(server: DiscordServer, bot: BotProcess, table: int) -> None:
    """Every stored version of the board was posted exactly once (no lost and no doubled board)."""
    boards = server.board_posts(table)
    assert boards, "no board image was posted"
    # each board's controls carry the version it shows (mesa:<kind>:<table>:<version>...)
    versions = [{int(c.split(":")[3]) for c in r.custom_ids() if c.startswith("mesa:")} for r in boards]
    shown = [v.pop() for v in versions if len(v) == 1]
    assert len(shown) >= len(boards) - 1, "every board but the final one has controls for one version"
    assert len(shown) == len(set(shown)), "a board was posted twice"


async def test_kona_whole_game_with_buttons_only(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    rng = random.Random(10)
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    turns = await cast.play_out(table, rng, by="buttons")

    row = table_row(bot.database, table)
    assert row["status"] == "finished"
    log = moves(bot.database, table)
    assert [m for _, _, m in log] == [t.move for t in turns], "the stored moves are the moves made, once each"
    assert [seat for _, seat, _ in log] == [0 if t.player is cast.ann else 1 for t in turns]
    # every move confirmation is private to the mover; the board is public in the table's thread
    for turn in turns:
        assert turn.exchanges[-1].ephemeral()
        assert turn.move in turn.exchanges[-1].text()
    thread_ids = {int(r.path.split("/")[2]) for r in server.board_posts(table)}
    assert thread_ids <= set(server.channels), "boards go to the table's thread"
    assert_one_board_per_version(server, bot, table)
    assert len(server.board_posts(table)) == len(turns) + 1  # the opening board, then one per move
    # the result post, then the leaderboard's source: one result row per player
    assert cast.finished(table)
    results = query(bot.database, "SELECT user_id, place FROM results WHERE table_id = ? ORDER BY seat", table)
    assert sorted(u for u, _ in results) == [cast.ann.id, cast.bob.id]
    # ... and the server's leaderboard now ranks both players
    board = cast.note(await cast.ann.slash("leaderboard", game="kona"))
    assert any(r.files for r in board.replies), "the leaderboard is a picture"
    answer = " ".join(r.text() for r in board.replies)
    assert "ann" in answer and "bob" in answer, answer[:500]
    assert_answered_in_time(cast)


async def test_kona_whole_game_with_move_and_autocomplete(server: DiscordServer, bot: BotProcess,
                                                          cast: Cast) -> None:
    rng = random.Random(11)
    table = await cast.open_table(cast.bob, "kona", [cast.ann], seat="second")
    turns = await cast.play_out(table, rng, by="command")
    assert table_row(bot.database, table)["status"] == "finished"
    assert [m for _, _, m in moves(bot.database, table)] == [t.move for t in turns]
    # /move answers privately; autocomplete offered only the mover's legal moves (each one was accepted)
    for turn in turns:
        assert turn.exchanges[-1].ephemeral()
        assert "cannot" not in turn.exchanges[-1].text().lower()
    # the player not to move gets no suggestions
    assert_answered_in_time(cast)


async def test_autocomplete_offers_nothing_to_the_player_not_to_move(server: DiscordServer, bot: BotProcess,
                                                                     cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    waiting = await cast.bob.autocomplete("move", "text", text="", table=table)
    assert waiting.choices() == []
    mover = await cast.ann.autocomplete("move", "text", text="", table=table)
    assert 0 < len(mover.choices()) <= 25


def _private_positions(text: str) -> set[str]:
    """Position notations quoted in a private answer (Plateau view notation, PL-10.3)."""
    return {m for m in re.findall(r"[A-Za-z0-9?.,/]+/[A-Za-z0-9?.,/]+", text) if "?" in m or "." in m}


@pytest.mark.slow
async def test_plateau_private_faces_reach_only_their_owner(server: DiscordServer, bot: BotProcess,
                                                            cast: Cast) -> None:
    rng = random.Random(12)
    table = await cast.open_table(cast.ann, "plateau", [cast.bob], seat="first")
    seen_by: dict[int, list[str]] = {cast.ann.id: [], cast.bob.id: []}
    private_images: dict[int, set[str]] = {cast.ann.id: set(), cast.bob.id: set()}
    refusals = []
    turns = []
    for n in range(400):
        if cast.finished(table):
            break
        # now and then each player looks at their pieces, and the spectator tries to
        if n % 5 == 0:
            board = cast.board(table)
            mine = next(c for c in custom_ids(board) if c.startswith(f"mesa:mine:{table}:"))
            for player in (cast.ann, cast.bob):
                ex = cast.note(await player.press(mine, board))
                assert ex.ephemeral(), "My pieces must answer ephemerally"
                seen_by[player.id].append(ex.text())
                for r in ex.replies:
                    private_images[player.id] |= {hashlib.sha256(d).hexdigest() for _, d in r.files}
            refusals.append(cast.note(await cast.eve.press(mine, board)))
        turns.append(await cast.turn_by_buttons(table, rng))
    assert cast.finished(table), "the Plateau game did not finish"
    assert turns

    # DMs: each player's DMs go to that player only, and carry their own private view
    for player in (cast.ann, cast.bob):
        for r in server.to_dms(player.id):
            seen_by[player.id].append(r.content)
            private_images[player.id] |= {hashlib.sha256(d).hexdigest() for _, d in r.files}
    assert seen_by[cast.ann.id] and seen_by[cast.bob.id]

    # no public request during the game carries a hidden face: not a full move text that differs from
    # its public form, not a private position, not a private image
    result_at = next(i for i, r in enumerate(server.requests)
                     if any(c.startswith(f"mesa:rematch:{table}:") for c in r.custom_ids()))
    published = {id(r) for r in server.public_posts()}
    public = [r for r in server.requests[:result_at] if id(r) in published]
    public_text = "\n".join(r.text() for r in public)
    public_images = {hashlib.sha256(d).hexdigest() for r in public for _, d in r.files}
    secret_moves = [m for _, _, m in moves(bot.database, table) if m.startswith("+") and "?" not in m]
    assert secret_moves, "openings and onboard moves name hidden faces (PL-9.5)"
    for move in secret_moves:
        assert move not in public_text, f"the hidden move {move!r} reached a public post"
    for player, texts in seen_by.items():
        for position in set().union(*(_private_positions(t) for t in texts)):
            if "?" not in position:  # a position with nothing hidden from anyone is no secret
                continue
            assert position not in public_text, f"{player}'s private view reached a public post"
    assert not (public_images & (private_images[cast.ann.id] | private_images[cast.bob.id]))
    # and a player's private answers never hold the other player's private view
    ann_positions = set().union(*(_private_positions(t) for t in seen_by[cast.ann.id]))
    bob_positions = set().union(*(_private_positions(t) for t in seen_by[cast.bob.id]))
    assert ann_positions and bob_positions, "private answers quote the player's own view"
    assert not {p for p in ann_positions & bob_positions if "?" in p}
    # the spectator was refused, privately, with no view
    for ex in refusals:
        assert ex.ephemeral() and not ex.replies[-1].files
    assert_answered_in_time(cast)


async def test_k3_three_players_auto_build_and_one_custom_build(server: DiscordServer, bot: BotProcess,
                                                                cast: Cast) -> None:
    rng = random.Random(13)
    table = await cast.open_table(cast.ann, "k3", [cast.bob, cast.cid], seat="first")
    builders = cast.movers(table)
    assert sorted(p.id for p in builders) == sorted([cast.ann.id, cast.bob.id, cast.cid.id]), \
        "every player builds at the same time (K3-3.2)"
    # ann and bob take the auto-build; cid writes a build of their own from the proposed one
    await cast.build(table, cast.ann)
    await cast.build(table, cast.bob)
    board = cast.board(table)
    auto = next(c for c in custom_ids(board) if c.startswith(f"mesa:build:{table}:"))
    preview = cast.note(await cast.cid.press(auto, board))
    proposed = re.search(r"`(build:\d:[^`]+)`", preview.text())
    assert proposed, preview.text()
    seat, ranks = proposed[1].split(":")[1], proposed[1].split(":")[2].split("/")
    letters = sorted("".join(ranks))  # the same pieces, arranged differently: sorted, top first
    custom, at = [], 0
    for size in (len(r) for r in ranks):
        custom.append("".join(letters[at:at + size]))
        at += size
    custom_build = f"build:{seat}:{'/'.join(custom)}"
    ex = cast.note(await cast.cid.slash("move", text=custom_build, table=table))
    assert "cannot" not in ex.text().lower(), ex.text()
    stored = [m for _, _, m in moves(bot.database, table) if m.startswith("build:")]
    assert custom_build in stored and len(stored) == 3
    # no build reached a public post before the game ended (K3-10: pyramids are private while building)
    for r in server.public_posts():
        assert custom_build not in r.text()
    turns = await cast.play_out(table, rng, by="buttons")
    assert table_row(bot.database, table)["status"] == "finished"
    assert len({t.player.id for t in turns}) >= 2
    places = query(bot.database, "SELECT place FROM results WHERE table_id = ?", table)
    assert len(places) == 3
    assert_answered_in_time(cast)


async def test_krakatoa_four_players_in_partnerships(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    rng = random.Random(14)
    table = await cast.open_table(cast.ann, "krakatoa", [cast.bob, cast.cid, cast.dee], seat="first",
                                  variant="teams=true")
    turns = await cast.play_out(table, rng, by="buttons", max_turns=1500)
    assert table_row(bot.database, table)["status"] == "finished"
    results = dict(query(bot.database, "SELECT seat, place FROM results WHERE table_id = ?", table))
    # partners (seats 0+2 and 1+3, KR-6) share their place
    assert results[0] == results[2] and results[1] == results[3]
    assert len({t.player.id for t in turns}) == 4
    assert_answered_in_time(cast)
