"""A Plateau game driven through the Discord handlers: no hidden face ever reaches a channel or thread.

Plateau hides faces (PL-9): each player knows both faces of their own pieces and their reserve; the
opponent and spectators know only public faces.  The game is played by alice and bob with /move,
the move picker and the My pieces button; after every action the test rebuilds the true state from
the service's move log and checks every request the bot sent to a guild channel or thread:

- no text contains a move in its private form (PL-9.5: ``+xb.rx@a2`` is public as ``+??.r?@a2``)
  or either player's view notation (PL-10.3) where it differs from the spectator's;
- every attached board image is the spectator view's picture, never a player's view.

Private answers (My pieces, the picker) are ephemeral, and the private views reach their owner by DM.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from discord_standin.payloads import Harness, option, thread_channel, user
from test_discord_flow import check_components, check_deferred_first

import render
from engines import get_engine
from tables.outbox import PrivatePost

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
PLAYERS = {1001: ALICE, 1002: BOB}
ENGINE = get_engine("plateau")


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path)
    yield h
    await h.close()


async def true_state(h: Harness, table: int) -> Any:
    state = ENGINE.new_game(2, 0)
    for row in await h.bot.service.moves_log(table):
        state = ENGINE.play(state, row.move)
    return state


def private_texts(moves: list[tuple[Any, str]], state: Any) -> set[str]:
    """Strings that would reveal a hidden face: private move forms and the players' view notations."""
    secrets: set[str] = set()
    for before, text in moves:
        move = ENGINE.parse_move(before, text)
        if ENGINE.public_move(before, move) != text:
            secrets.add(text)
    spectator = ENGINE.view_notation(state, None)
    for seat in (0, 1):
        mine = ENGINE.view_notation(state, seat)
        if mine != spectator:
            secrets.add(mine)
            secrets.add(mine.split()[0])  # the board field alone
    return secrets


def picture(state: Any, viewer: int | None, before: Any = None) -> bytes:
    """The board as the service draws it: ``before`` (the state before the last move) for the caption."""
    previous = ENGINE.view(before, viewer) if before is not None else None
    return render.render("plateau", ENGINE.view(state, viewer), ["alice", "bob"], previous=previous)


async def test_plateau_game_leaks_nothing(harness: Harness) -> None:
    h = harness
    service = h.bot.service
    await h.command("play", [option("game", "plateau", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB])
    thread = next(iter(h.standin.channels))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    rng = random.Random(2024)
    played: list[tuple[Any, str]] = []
    state = await true_state(h, 1)
    checked_images = 0
    public_alts: list[str] = []
    private_alts: list[str] = []
    for ply in range(24):
        if ENGINE.outcome(state) is not None:
            break
        options = {uid: await service.legal_moves_for(1, uid) for uid in PLAYERS}
        mover = next(uid for uid, moves in options.items() if moves)
        legal = options[mover]
        text = rng.choice(legal)
        if ply % 3 == 1:  # through the picker: open it, then pick the move (its option value)
            board_pick = h.latest_id("mesa:pick:1:")
            await h.click(board_pick, PLAYERS[mover], channel=place)
            select = h.latest_id("mesasel:1:")
            await h.pick_move(select, PLAYERS[mover], text, channel=place)
        else:
            await h.command("move", [option("text", text, 3)], PLAYERS[mover], channel=place)
        played.append((state, text))
        state = await true_state(h, 1)
        assert ENGINE.to_position(state) != "", "the move was stored"
        if ply % 4 == 0:  # My pieces: each player privately; a spectator is refused
            for who in (ALICE, BOB, CAROL):
                await h.click(h.latest_id("mesa:mine:1:"), who, channel=place)
                answer = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
                assert answer.ephemeral
                if who is CAROL:
                    assert "not playing" in answer.content or "not seated" in answer.content
        # the checks, on everything sent so far to the channel and the thread
        secrets = private_texts(played, state)
        for request in h.standin.requests:
            if request.method in ("POST", "PATCH") and request.components:
                check_components(request)
        for request in h.standin.to_channel():
            seen = request.text()
            for secret in secrets:
                assert secret not in seen, f"hidden information {secret!r} in a public post"
        boards = [r for r in h.standin.to_channel(thread) if r.files]
        assert boards, "every board post carries its image"
        image = boards[-1].files[0][1] if boards else b""
        if image and ENGINE.outcome(state) is None:
            assert image == picture(state, None, played[-1][0]), "the public board is the spectator view"
            for seat in (0, 1):
                if ENGINE.view(state, seat) != ENGINE.view(state, None):
                    assert image != picture(state, seat)
            checked_images += 1
        check_deferred_first(h)
        public_alts += [a.get("description", "") for r in h.standin.to_channel(thread) for a in
                        (r.json or {}).get("attachments", [])]
        private_alts += [a.get("description", "") for r in h.standin.to_dms() for a in
                         (r.json or {}).get("attachments", [])]
        h.standin.clear()
    assert len(played) >= 10
    assert checked_images
    # the private views went by DM to their owners, never elsewhere
    assert h.standin.dm_users, "private views were sent by DM"
    # the pictures' words (alt text) follow their pictures: a face only its owner has seen is told in their DMs
    # ("secret"), never in the thread, whose words are the spectator's
    assert public_alts and all(alt and "secret" not in alt for alt in public_alts)
    assert any("secret" in alt for alt in private_alts)


async def test_closed_dms_are_remembered_until_the_user_acts(harness: Harness) -> None:
    """A 50007 refusal marks the user; no retry until they use a command again."""
    h = harness
    service = h.bot.service
    h.standin.closed_dms.add(1002)
    await h.command("play", [option("game", "plateau", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB])
    thread = next(iter(h.standin.channels))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    await h.command("move", [option("text", "+xx.rb@a1", 3)], ALICE, channel=place)
    assert len(h.standin.to_dms(1001)) == 1, "alice's private view (her faces) went to her DMs"
    await h.command("move", [option("text", "+xo.xx@d4", 3)], BOB, channel=place)
    attempts = h.standin.to_dms(1002)
    assert len(attempts) == 1 and attempts[0].status == 403
    assert await service.dms_closed(1002)
    # a later private view for bob (as after an exchange) is not even attempted
    h.standin.clear()
    again = PrivatePost(1, 1002, "private.view", {"table": 1, "game": "Plateau", "position": "-"})
    await h.bot.delivery.deliver([again], None)
    assert not h.standin.to_dms(1002)
    # bob uses a control again: his DMs are retried (he may have opened them) — and fail again
    await h.click(h.latest_id("mesa:mine:1:"), BOB, channel=place)
    assert not await service.dms_closed(1002)
    pieces = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
    assert pieces.ephemeral, "My pieces answers ephemerally, in the thread"
    await h.bot.delivery.deliver([again], None)
    assert len(h.standin.to_dms(1002)) == 1 and await service.dms_closed(1002)
