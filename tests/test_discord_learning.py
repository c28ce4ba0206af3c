"""Learning the games on Discord through the stand-in (issue 30): the Hint button and ``/hint`` (``/pista``),
answered privately; ``/takeback`` (``/deshacer``) asked, answered with the buttons or the command, Mesa's
answer, a stale button refused; ``/history table:`` listing the takebacks; ``/help`` naming both."""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin import BOT_ID
from discord_standin.payloads import Harness, option, thread_channel, user

from tables.thinking import Thinker, iterations

#: Kona's first move a6-d3 in words (KO-2.3: the corner tower has a capybara on a poodle)
A6_D3 = "moved from a6 to d3, uncovering a poodle on a6"

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
MESA_USER = user(BOT_ID, "Mesa", bot=True)


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    # Mesa's searches in this process, at iteration budgets: quick and repeatable
    h = await Harness.open(tmp_path, renderer=None, thinker=Thinker(processes=False, budget=iterations(10)))
    yield h
    await h.close()


def answers(h: Harness) -> list[str]:
    """What the bot answered the interactions with (the private replies), in order."""
    return [r.content for r in h.standin.interaction_replies() if r.content]


def posted(h: Harness) -> list[Any]:
    return [r for r in h.standin.to_channel() if r.method == "POST"]


async def against_mesa(h: Harness) -> dict[str, Any]:
    await h.command("play", [option("game", "kona", 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "easy", 3)], ALICE, users=[MESA_USER])
    return thread_channel(next(iter(h.standin.channels)))


async def between_people(h: Harness) -> dict[str, Any]:
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB])
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    return place


async def test_hint_button_and_command_answer_privately_in_english_and_spanish(harness: Harness) -> None:
    h = harness
    place = await against_mesa(h)
    hint = h.latest_id("mesa:hint:1:")  # under alice's board: she plays Mesa alone, unrated
    h.standin.clear()
    await h.click(hint, ALICE, channel=place)
    [said] = answers(h)
    assert said.startswith("Hint for Kona #1: ") and "1 hint used in this game" in said
    move, words = said.removeprefix("Hint for Kona #1: ").split(" — ")[0].split(" (the board would say: alice ")
    assert words.startswith(f"moved from {move[:2]} to {move[-2:]}") or words.startswith(f"moved from {move[:2]} onto")
    assert move in await h.bot.service.legal_moves_for(1, 1001)
    assert not posted(h)  # nothing public, nothing played
    assert await h.bot.service.moves_log(1) == []
    h.standin.clear()
    await h.command("hint", [], ALICE, channel=place, locale="es-ES")
    [said] = answers(h)
    assert said.startswith(f"Pista para Kona #1: {move} (el tablero diría: alice movió de {move[:2]} ")
    assert "1 pista usada en esta partida" in said  # the same hint again: not another
    h.standin.clear()
    await h.click(hint, BOB, channel=place)  # not seated
    assert answers(h) == ["You are not playing at table #1. Start your own game with /play."]
    assert await h.bot.service.hints.used(1) == {0: 1}


async def test_play_it_under_a_hint_plays_the_hinted_move_for_its_player_only_and_once(
        harness: Harness) -> None:
    """On a phone a hinted move is one tap away: *Play it* under the private hint plays exactly that move, as the
    player's own; a click by someone not seated changes nothing, and a second click plays nothing more."""
    h = harness
    place = await against_mesa(h)
    h.standin.clear()
    await h.command("hint", [], ALICE, channel=place, locale="es-ES")
    [reply] = [r for r in h.standin.interaction_replies() if r.content]
    move = reply.content.removeprefix("Pista para Kona #1: ").split(" ")[0]
    [play] = reply.custom_ids()
    assert play.startswith("mesa:mv:1:") and play.endswith(f":{move}")
    assert [c["label"] for row in reply.components for c in row["components"]] == ["Jugarla"]
    message = h.message_with(play)
    h.standin.clear()
    await h.click(play, BOB, message=message, channel=place)  # not seated
    assert answers(h) == ["You are not playing at table #1. Start your own game with /play."]
    assert await h.bot.service.moves_log(1) == []
    await h.click(play, ALICE, message=message, channel=place)
    await h.bot.mesa.idle()
    log = await h.bot.service.moves_log(1)
    assert [m.move for m in log][:1] == [move] and len(log) == 2  # hers, then Mesa's reply
    h.standin.clear()
    await h.click(play, ALICE, message=message, channel=place)  # the same button again, the game moved on
    assert answers(h)[0].startswith(f"Your move {move} at table #1 was played already (a second click?): it counts "
                                    "once, and nothing more was played.")
    assert len(await h.bot.service.moves_log(1)) == 2


@pytest.mark.parametrize("game", ["plateau", "k3", "krakatoa"])
async def test_play_it_plays_each_game_s_hinted_move(harness: Harness, game: str) -> None:
    """Plateau's moves carry faces and colons (PL-2.2), K3's first is a whole pyramid (K3-3, drawn above the hint),
    Krakatoa's first the throw-off set (KR-4.1): each fits a button, and the tap plays exactly the hinted move."""
    h = harness
    await h.command("play", [option("game", game, 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "easy", 3)], ALICE, users=[MESA_USER])
    place = thread_channel(next(iter(h.standin.channels)))
    await h.bot.mesa.idle()
    before = len(await h.bot.service.moves_log(1))
    h.standin.clear()
    await h.command("hint", [], ALICE, channel=place)
    play = h.latest_id("mesa:mv:1:")
    hinted = play.split(":", 4)[4]
    [reply] = [r for r in h.standin.interaction_replies() if r.content]
    if game == "k3":  # the pyramid drawn above the words, top first (K3-3), its rows the move's own
        block = reply.content.split("```")[1].strip("\n").splitlines()
        assert ["".join(row.split()) for row in block] == hinted.split(":")[2].split("/")
    else:
        assert "```" not in reply.content
    await h.click(play, ALICE, message=h.message_with(play), channel=place)
    log = [m.move for m in await h.bot.service.moves_log(1)]
    assert hinted in log[before:], (hinted, log)


async def test_play_it_after_another_move_was_played_is_refused_as_stale(harness: Harness) -> None:
    h = harness
    place = await against_mesa(h)
    await h.command("hint", [], ALICE, channel=place)
    play = h.latest_id("mesa:mv:1:")
    message = h.message_with(play)
    hinted = play.rsplit(":", 1)[1]
    other = next(m for m in await h.bot.service.legal_moves_for(1, 1001) if m != hinted)
    await h.command("move", [option("text", other, 3)], ALICE, channel=place)  # she plays her own move instead
    await h.bot.mesa.idle()
    h.standin.clear()
    await h.click(play, ALICE, message=message, channel=place)
    assert answers(h)[0].startswith("The board changed in the meantime")
    assert [m.move for m in await h.bot.service.moves_log(1)][:1] == [other]
    assert len(await h.bot.service.moves_log(1)) == 2


async def test_hint_refused_between_people_and_no_hint_button(harness: Harness) -> None:
    h = harness
    place = await between_people(h)
    with pytest.raises(KeyError):
        h.latest_id("mesa:hint:")
    h.standin.clear()
    await h.command("hint", [], ALICE, channel=place)
    [said] = answers(h)
    assert said.startswith("Hints are only for a game alone against Mesa")


async def test_takeback_asked_declined_and_accepted_with_buttons_and_commands(harness: Harness) -> None:
    h = harness
    place = await between_people(h)
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    h.standin.clear()
    await h.command("takeback", [], ALICE, channel=place)
    [request] = posted(h)
    assert "<@1002>" in request.content and f"alice asks to take back at Kona #1: alice {A6_D3}." in request.content
    accept, decline = request.custom_ids()
    assert accept.startswith("mesa:tb:1:") and accept.endswith(":accept") and decline.endswith(":decline")
    assert answers(h)[-1] == "Asked: your opponent accepts or declines."
    h.standin.clear()
    await h.click(decline, BOB, channel=place)
    assert [r.content for r in posted(h)] == [f"bob declined the takeback at Kona #1, so this stands: alice {A6_D3}. "
                                              "The game goes on."]
    assert answers(h)[-1] == "You declined."

    await h.command("takeback", [], ALICE, channel=place)  # again: bob answers with the command, in Spanish
    h.standin.clear()
    await h.command("takeback", [option("action", "decline", 3)], BOB, channel=place, locale="es-ES")
    assert answers(h)[-1] == "Has rechazado."

    await h.command("takeback", [], ALICE, channel=place)  # a third time: accepted with the button
    accept = h.latest_id("mesa:tb:1:")
    h.standin.clear()
    await h.click(accept, BOB, channel=place)
    texts = [r.content for r in posted(h)]
    assert texts[0] == f"bob agreed, and at Kona #1 this is taken back: alice {A6_D3}. alice to move."
    assert texts[1].startswith("<@1001>\nKona #1")  # the board again, alice to move
    assert await h.bot.service.moves_log(1) == []
    assert answers(h)[-1] == "Taken back: the board is posted again."
    h.standin.clear()
    await h.command("takeback", [option("action", "accept", 3)], BOB, channel=place)
    assert answers(h) == ["Nobody is asking for a takeback at table #1."]
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    h.standin.clear()
    await h.command("takeback", [], ALICE, channel=place)
    assert answers(h)[-1].startswith("You have asked for 3 takebacks in this game already")

    h.standin.clear()
    await h.command("history", [option("table", 1, 4)], ALICE, channel=place)
    [listed] = answers(h)
    # each request's moves in words, as the boards told them, from the position they were played from
    assert listed.startswith(f"#1 moves: 1. alice {A6_D3}\nTakebacks:\n1. ")
    assert f" UTC, alice asked to take back: alice {A6_D3}. Answer: bob declined\n" in listed
    assert listed.endswith("taken back, bob agreed")


async def test_a_stale_accept_button_is_refused_and_changes_nothing(harness: Harness) -> None:
    h = harness
    place = await between_people(h)
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    await h.command("takeback", [], ALICE, channel=place)
    accept = h.latest_id("mesa:tb:1:")
    request = h.message_with(accept)
    legal = await h.bot.service.legal_moves_for(1, 1002)
    await h.command("move", [option("text", legal[0], 3)], BOB, channel=place)  # bob plays on instead
    assert h.standin.messages[int(request["id"])].get("components") == [], "the lapsed request lost its buttons"
    h.standin.clear()
    # Discord only sends a click for a component that is on the message: the edit that took the request's
    # buttons off was lost (a crash), so they are still there
    h.standin.messages[int(request["id"])] = request
    await h.click(accept, BOB, message=request, channel=place)
    assert answers(h)[0].startswith("The board changed in the meantime")
    assert len(await h.bot.service.moves_log(1)) == 2


async def test_mesa_takes_back_at_once_in_an_unrated_game(harness: Harness) -> None:
    h = harness
    place = await against_mesa(h)
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    await h.bot.mesa.idle()
    assert len(await h.bot.service.moves_log(1)) == 2
    h.standin.clear()
    await h.command("takeback", [], ALICE, channel=place, locale="es-ES")
    await h.bot.mesa.idle()
    texts = [r.content for r in posted(h)]
    # the server's language
    assert texts[0].startswith(f"Mesa (easy) agreed, and at Kona #1 this is taken back: alice {A6_D3} · Mesa (easy) ")
    assert answers(h)[-1] == "Deshecho: el tablero se publica de nuevo."
    assert await h.bot.service.moves_log(1) == []
    assert h.latest_id("mesa:hint:1:")  # the board again, with its Hint button


async def test_help_names_hint_and_takeback(harness: Harness) -> None:
    h = harness
    for locale, names in (("en-US", ("`/hint`", "`/takeback`")), ("es-ES", ("`/pista`", "`/deshacer`"))):
        h.standin.clear()
        await h.command("help", [], ALICE, locale=locale)
        reply = next(r for r in h.standin.interaction_replies() if r.json and r.json.get("embeds"))
        body = reply.json["embeds"][0]["description"]
        assert all(name in body for name in names), body


async def test_a_hint_says_its_players_name_as_text(harness: Harness) -> None:
    """A hint tells the move in words, by its player's name: a player called ``**bold**`` reads their name as
    typed (escaped), never as markup."""
    h = harness
    bold = user(1009, "**bold**")
    await h.command("play", [option("game", "kona", 3), option("opponent", BOT_ID, 6), option("seat", "first", 3),
                             option("level", "easy", 3)], bold, users=[MESA_USER])
    place = thread_channel(next(iter(h.standin.channels)))
    h.standin.clear()
    await h.command("hint", [], bold, channel=place)
    [said] = answers(h)
    assert r"(the board would say: \*\*bold\*\* moved from " in said, said
