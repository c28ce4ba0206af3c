"""Every board picture Mesa posts carries its alt text (the attachment's description): the position in words,
in the language of the post, as Discord keeps it (the stand-in refuses a description past Discord's 1024
characters).  The words are checked against the true position, square by square, not against the code that
made them: each occupied square of the board is told once, with its height, and no empty square is."""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord_standin.payloads import Harness, option, thread_channel, user

from engines import get_engine

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
KONA = get_engine("kona")


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path)
    yield h
    await h.close()


async def kona_state(h: Harness, table: int) -> Any:
    state = KONA.new_game(2, 0)
    for row in await h.bot.service.moves_log(table):
        state = KONA.play(state, row.move)
    return state


def occupied(state: Any) -> dict[str, str]:
    """square -> its stack, bottom to top, from the position notation (KO-9.1: ranks 6 to 1, digits empty runs)."""
    board = KONA.to_position(state).split()[0]
    found: dict[str, str] = {}
    for rank, row in zip(range(6, 0, -1), board.split("/"), strict=True):
        file = 0
        for token in row.split(","):
            if token.isdigit():
                file += int(token)
            else:
                found[f"{'abcdef'[file]}{rank}"] = token
                file += 1
    return found


def boards_alt(h: Harness, thread: int) -> list[str]:
    """The alt text of every picture posted in the table's thread, in order."""
    return [a.get("description", "") for r in h.standin.to_channel(thread) if r.files
            for a in (r.json or {}).get("attachments", [])]


def told_squares(alt: str) -> dict[str, str]:
    """square -> its sentence, for each sentence that starts with a square ("d3: a capybara.")."""
    return {m.group(1): m.group(2) for m in re.finditer(r"\b([a-f][1-6]): ([^.]*)\.", alt)}


@pytest.mark.parametrize(("locale", "single", "stack", "animals"),
                         [("en-US", "a {animal}", "a stack of {height}", ("capybara", "poodle")),
                          ("es-ES", "un {animal}", "una pila de {height}", ("capibara", "caniche"))])
async def test_a_kona_board_says_its_position_in_the_servers_language(
        harness: Harness, locale: str, single: str, stack: str, animals: tuple[str, str]) -> None:
    h = harness
    h.server_speaks(locale)
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6), option("seat", "first", 3)],
                    ALICE, users=[BOB], locale=locale)
    thread = next(iter(h.standin.channels))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place, locale=locale)
    for who, move in ((ALICE, "a6-d3"), (BOB, "f6-c3"), (ALICE, "d3-c3")):
        await h.command("move", [option("text", move, 3)], who, channel=place, locale=locale)
    alts = boards_alt(h, thread)
    assert len(alts) >= 4, "the opening board and one per move, each with its words"
    assert all(0 < len(alt) <= 1024 for alt in alts)
    state = await kona_state(h, 1)
    stacks = occupied(state)
    told = told_squares(alts[-1])
    assert set(told) == set(stacks), "every occupied square told, and no empty one"
    name = dict(zip("CP", animals, strict=True))
    for square, pieces in stacks.items():
        words = told[square]
        if len(pieces) == 1:
            assert words == single.format(animal=name[pieces]), square
        else:
            assert words.startswith(stack.format(height=len(pieces))), square
            # from the top: the animals in the order of the stack read downwards
            assert [w for w in re.findall(r"\w+", words) if w in animals] == [name[p] for p in reversed(pieces)]
    assert "c3" in told and len(stacks["c3"]) == 2, "the last move made a stack of two on c3"


COLOURS = {"B": "blue", "R": "red", "K": "black", "Y": "yellow", "G": "green", "N": "natural", "W": "white"}


async def test_a_k3_pyramid_built_in_secret_is_told_only_in_its_builders_private_picture(harness: Harness) -> None:
    """K3-10: while the others build, a built pyramid is secret.  Its arrangement is in its builder's private
    picture's words (a DM) and nowhere in the thread's; the thread's words say it is built, hidden."""
    h = harness
    await h.command("play", [option("game", "k3", 3)], ALICE)
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    await h.click(h.latest_id("mesa:inv:1:").rsplit(":", 1)[0] + ":start", ALICE, channel=place)
    h.standin.clear()
    await h.click(h.latest_id("mesa:build:1:"), ALICE, channel=place)
    confirm = h.latest_id("mesa:mv:1:")
    build = confirm.split(":", 4)[4]  # build:<seat>:<ranks from the top>
    await h.click(confirm, ALICE, channel=place)
    ranks = build.split(":")[2].split("/")
    # the pyramid read aloud from the top, rank by rank, as the builder's words must say it
    read = [", ".join(COLOURS[c] for c in rank) for rank in ranks]
    dm_alts = [a.get("description", "") for r in h.standin.to_dms(1001) if r.files
               for a in (r.json or {}).get("attachments", [])]
    assert dm_alts and "seen only by you" in dm_alts[-1]
    told = dm_alts[-1].replace(" and ", ", ")
    for rank in read:
        assert rank in told, (rank, told)
    public = [a.get("description", "") for r in h.standin.to_channel() if r.files
              for a in (r.json or {}).get("attachments", [])]
    assert public and "alice has built a hidden pyramid" in public[-1]
    assert "seen only by you" not in " ".join(public)
    assert not [a for a in h.standin.to_dms(1002) for x in (a.json or {}).get("attachments", [])
                if "alice's pyramid" in x.get("description", "")], "bob is never told alice's pyramid"
