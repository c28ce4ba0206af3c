"""A K3 pyramid of one's own, made with taps (``cogs/arranging.py``, ``tables/arranging.py``): the build preview
exchanges two pieces at a time, as often as wanted, and its Confirm plays the pyramid shown.

An audit found the game's main decision needed typing (``/move build:0:N/RK/…``): the preview offered only Mesa's
pyramid, a shuffle, and Confirm.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin.payloads import Harness, option, thread_channel, user

from tables import TableError
from tables.arranging import Arranging

ALICE, BOB = user(1001, "alice"), user(1002, "bob")


async def k3(h: Harness, locale: str = "en-US") -> dict[str, Any]:
    await h.command("play", [option("game", "k3", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB],
                    locale=locale)
    place = thread_channel(next(iter(h.standin.channels)))
    accept = h.latest_id("mesa:inv:1:").rsplit(":", 1)[0] + ":accept"
    await h.click(accept, BOB, message=h.message_with(accept), channel=place)
    return place


def answers(h: Harness) -> list[Any]:
    return [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")]


def select_of(message: dict[str, Any]) -> dict[str, Any]:
    return next(item for row in message["components"] for item in row["components"]
                if str(item.get("custom_id", "")).startswith("mesasel:"))


def rows_of(text: str) -> list[str]:
    return text.split(":", 2)[2].split("/")


async def test_a_pyramid_is_shaped_by_exchanging_pieces_and_confirmed_as_shown(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        place = await k3(h)
        await h.click(h.latest_id("mesa:build:1:"), ALICE, channel=place)
        preview = answers(h)[-1]
        assert preview.ephemeral
        message = preview.stored_message()
        first = select_of(message)
        proposal = first["custom_id"].split(":arr:-:", 1)[1]
        assert [o["value"] for o in first["options"]][:3] == ["a6", "a5", "b5"]  # top first, as drawn
        assert len(first["options"]) == sum(len(rank) for rank in rows_of(proposal)) <= 25
        assert first["options"][0]["label"].startswith("a6 · ")  # the spot, and its piece in words
        # a6 (the top) changes places with a1 (the bottom left), if they differ; else with the first that does
        top = rows_of(proposal)[0]
        await h.click(first["custom_id"], ALICE, message=message, channel=place, values=["a6"])
        second = select_of(h.message_with(h.latest_id("mesasel:1:")))
        offered = [o["value"] for o in second["options"]]
        assert "a6" not in offered and offered, "the pieces of another colour"
        letter = {o["value"]: o["label"] for o in first["options"]}
        assert all(letter[name].split(" · ")[1] != letter["a6"].split(" · ")[1] for name in offered)
        other = offered[-1]
        await h.click(second["custom_id"], ALICE, message=h.message_with(second["custom_id"]), channel=place,
                      values=[other])
        confirm = h.latest_id("mesa:mv:1:")
        shaped = confirm.split(":", 4)[4]
        flat, was = "".join(rows_of(shaped)), "".join(rows_of(proposal))
        spots = [o["value"] for o in first["options"]]
        swapped = list(was)
        a, b = spots.index("a6"), spots.index(other)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        assert flat == "".join(swapped) and rows_of(shaped)[0] != top
        assert f"`{shaped}`" in answers(h)[-1].content, "the preview shows the pyramid it would confirm"
        await h.click(confirm, ALICE, message=h.message_with(confirm), channel=place)
        [row] = [m for m in await h.bot.service.moves_log(1) if m.seat >= 0]
        assert row.move == shaped  # the pyramid shaped, played
    finally:
        await h.close()


async def test_the_exchange_speaks_spanish_and_refuses_what_is_not_ones_own(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        place = await k3(h, "es-ES")
        await h.click(h.latest_id("mesa:build:1:"), ALICE, channel=place, locale="es-ES")
        preview = answers(h)[-1]
        first = select_of(preview.stored_message())
        assert first["placeholder"] == "Intercambia dos piezas: elige la primera…"
        assert "intercambia dos piezas abajo" in preview.content
        assert any(o["label"].endswith((" · rojo", " · azul", " · natural", " · amarillo")) for o in first["options"])
        # bob presses alice's select (its id copied): her pyramid is not his to shape, and nothing is played
        h.standin.clear()
        await h.click(first["custom_id"], BOB, message=preview.stored_message(), channel=place, values=["a6"],
                      locale="es-ES")
        [refusal] = answers(h)
        assert refusal.ephemeral and refusal.content == "Esa es la propuesta de otro jugador: la tuya se te muestra " \
            "solo a ti cuando montas tu pirámide."
        assert [m for m in await h.bot.service.moves_log(1) if m.seat >= 0] == []
    finally:
        await h.close()


async def test_the_service_reads_a_build_against_the_table_now(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        await k3(h)
        arranging: Arranging = h.bot.service.arranging
        proposal = await h.bot.service.propose(1, 1001, unlisted_only=True)
        arranged = await arranging.arrangement(1, 1001, proposal.text)
        assert arranged.proposal == proposal and [p.name for p in arranged.places][:3] == ["a6", "a5", "b5"]
        assert len(arranged.places) == 21  # two players: six ranks of 6, 5, … 1 spots (K3-3.1)
        await h.bot.service.submit_move(1, 1001, proposal.text)  # alice builds: no more preview for her
        with pytest.raises(TableError) as refused:
            await arranging.arrangement(1, 1001, proposal.text)
        assert refused.value.key == "error.no_build_now"
        with pytest.raises(TableError) as refused:  # bob's own preview cannot be alice's pyramid
            await arranging.arrangement(1, 1002, proposal.text)
        assert refused.value.key == "error.not_your_arrangement"
    finally:
        await h.close()


async def test_a_pyramid_shaped_while_the_other_builds_is_still_confirmed(tmp_path: Any) -> None:
    """Builders build at once (K3-3.2): bob's pyramid, built while alice shapes hers, moves the table on; her
    preview's exchange and Confirm still answer (the preview is hers alone, read against the table now)."""
    h = await Harness.open(tmp_path, renderer=None)
    try:
        place = await k3(h)
        await h.click(h.latest_id("mesa:build:1:"), ALICE, channel=place)
        message = answers(h)[-1].stored_message()
        first = select_of(message)
        bob_build = (await h.bot.service.propose(1, 1002, unlisted_only=True)).text
        await h.bot.service.submit_move(1, 1002, bob_build)  # bob builds meanwhile: the table's version moves on
        await h.click(first["custom_id"], ALICE, message=message, channel=place, values=["a6"])
        second = select_of(h.message_with(h.latest_id("mesasel:1:")))
        await h.click(second["custom_id"], ALICE, message=h.message_with(second["custom_id"]), channel=place,
                      values=[second["options"][0]["value"]])
        confirm = h.latest_id("mesa:mv:1:")
        await h.click(confirm, ALICE, message=h.message_with(confirm), channel=place)
        built = [m.move for m in await h.bot.service.moves_log(1) if m.seat >= 0]
        assert built[-1] == confirm.split(":", 4)[4] and len(built) == 2, answers(h)[-1].content
    finally:
        await h.close()
