"""Second clicks, clicks from people not seated and answers already given, through the stand-in: each is
answered privately, in the clicker's language, with what happened and what to do, and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord_standin import BOT_ID, Recorded
from discord_standin.payloads import CHANNEL_ID, Harness, component, option, thread_channel, user
from discord_standin.world import ATTACH_FILES, overwrite
from test_discord_flow import check_deferred_first, replies, start_kona

from tables.thinking import Thinker, iterations

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
MESA_USER = user(BOT_ID, "Mesa", bot=True)
STRING, USER = 3, 6


def last(h: Harness) -> Recorded:
    return replies(h)[-1]


async def clicked_twice_at_once(h: Harness, custom_id: str, who: dict[str, Any], place: dict[str, Any],
                                **kw: Any) -> None:
    """A double click: both interactions reach the bot before it has answered either."""
    message = h.message_with(custom_id)
    payloads = [h.standin.issue(component(custom_id, who, message, place, **kw)) for _ in range(2)]
    for payload in payloads:
        h.bot._connection.parse_interaction_create(payload)
    await h.settle()


async def k3_building(h: Harness) -> dict[str, Any]:
    """alice opens a K3 table, bob joins, alice starts: both build at once (K3-3.2)."""
    await h.command("play", [option("game", "k3", STRING)], ALICE)
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    start = h.latest_id("mesa:inv:1:").rsplit(":", 1)[0] + ":start"
    await h.click(start, ALICE, channel=place)
    return place


@pytest.mark.parametrize(("locale", "said"), [("en-US", "was played already"), ("es-ES", "ya se había jugado")])
async def test_confirming_a_build_twice_says_it_was_played_once(harness: Harness, locale: str, said: str) -> None:
    h = harness
    place = await k3_building(h)
    await h.click(h.latest_id("mesa:build:1:"), ALICE, channel=place, locale=locale)
    confirm = h.latest_id("mesa:mv:1:")  # the private preview's Confirm: it stays on that private message
    build = confirm.split(":", 4)[4]
    await h.click(confirm, ALICE, channel=place, locale=locale)
    builds = [row.move for row in await h.bot.service.moves_log(1) if row.move.startswith("build:")]
    assert builds == [build]
    h.standin.clear()
    await h.click(confirm, ALICE, channel=place, locale=locale)  # the same Confirm, pressed again
    check_deferred_first(h)
    answer = last(h)
    assert answer.ephemeral and said in answer.content and build in answer.content
    assert "choose your move again" not in answer.content and "Vuelve a elegir" not in answer.content
    assert [row.move for row in await h.bot.service.moves_log(1) if row.move.startswith("build:")] == [build], \
        "nothing more was played"
    assert not [r for r in h.standin.to_channel() if r.method == "POST"], "nothing public"


async def test_a_move_picked_twice_at_once_is_played_once_and_the_second_pick_says_so(harness: Harness) -> None:
    h = harness
    place = thread_channel(await start_kona(h))
    await h.click(h.latest_id("mesa:pick:1:"), ALICE, channel=place)
    await h.click(h.latest_id("mesasel:1:"), ALICE, channel=place, values=["p:a6-"])
    h.standin.clear()
    await clicked_twice_at_once(h, h.latest_id("mesasel:1:"), ALICE, place, values=["m:a6-d3"])
    assert [row.move for row in await h.bot.service.moves_log(1)] == ["a6-d3"]
    answers = [r.content for r in replies(h)]
    done = [a for a in answers if a.startswith("Played a6-d3 (")]  # with its words: "(Move from a6 to d3, …)"
    assert len(done) == 1
    [second] = [a for a in answers if a not in done]
    assert "a6-d3" in second and "was played already" in second and "choose your move again" not in second


async def takeback_asked(h: Harness) -> tuple[dict[str, Any], str]:
    """alice plays a6-d3 and asks to take it back: the request's Accept button."""
    place = thread_channel(await start_kona(h))
    await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=place)
    await h.command("takeback", [], ALICE, channel=place)
    return place, h.latest_id("mesa:tb:1:")


async def test_a_takeback_declined_and_accepted_at_once_says_the_second_was_answered(harness: Harness) -> None:
    """bob presses Decline and Accept at once, before the buttons have gone: whichever comes first stands, and
    the other is told the request was answered, and how, in his language."""
    h = harness
    place, accept = await takeback_asked(h)
    decline = accept.replace(":accept", ":decline")
    request = h.message_with(accept)
    h.standin.clear()
    payloads = [h.standin.issue(component(decline, BOB, request, place, locale="es-419")),
                h.standin.issue(component(accept, BOB, request, place, locale="es-419"))]
    for payload in payloads:
        h.bot._connection.parse_interaction_create(payload)
    await h.settle()
    answers = [r.content for r in replies(h)]
    taken = [row.move for row in await h.bot.service.moves_log(1)] == []
    done, told = ("Deshecho: el tablero se publica de nuevo.", "(deshecho, bob aceptó)") if taken else \
        ("Has rechazado.", "(bob rechazó)")
    assert done in answers
    [second] = [a for a in answers if a != done]
    assert "ya tuvo respuesta" in second and told in second


async def test_a_takeback_accepted_twice_is_taken_back_once_and_the_second_click_says_so(harness: Harness) -> None:
    h = harness
    place, accept = await takeback_asked(h)
    h.standin.clear()
    await clicked_twice_at_once(h, accept, BOB, place)
    assert await h.bot.service.moves_log(1) == []
    answers = [r.content for r in replies(h)]
    assert "Taken back: the board is posted again." in answers
    [second] = [a for a in answers if a != "Taken back: the board is posted again."]
    assert "has been answered already" in second and "bob agreed" in second
    assert "choose your move again" not in second


@pytest.mark.parametrize("answer", ["accept", "decline"])
async def test_an_answered_takeback_request_loses_its_buttons(harness: Harness, answer: str) -> None:
    h = harness
    place, accept = await takeback_asked(h)
    request = int(h.message_with(accept)["id"])
    await h.click(accept.replace(":accept", f":{answer}"), BOB, channel=place)
    assert h.standin.messages[request].get("components") == [], "no button left to press on an answered request"
    assert not h.standin.refusals()


async def test_a_takeback_request_lapsed_by_a_move_loses_its_buttons(harness: Harness) -> None:
    h = harness
    place, accept = await takeback_asked(h)
    request = int(h.message_with(accept)["id"])
    await h.command("move", [option("text", "f6-c3", STRING)], BOB, channel=place)  # bob plays on instead
    assert h.standin.messages[request].get("components") == []


@pytest.mark.parametrize("kind", ["resign", "draw"])
@pytest.mark.parametrize(("locale", "said"), [("en-US", "You are not playing at table #1."),
                                              ("es-ES", "No estás jugando en la mesa #1.")])
async def test_resign_or_draw_pressed_by_someone_not_seated_is_refused_without_a_confirmation(
        harness: Harness, kind: str, locale: str, said: str) -> None:
    h = harness
    place = thread_channel(await start_kona(h))
    h.standin.clear()
    await h.click(h.latest_id(f"mesa:{kind}:1:"), CAROL, channel=place, locale=locale)
    check_deferred_first(h)
    [answer] = replies(h)
    assert answer.ephemeral and answer.content.startswith(said)
    assert not answer.custom_ids(), "no Confirm button for someone who cannot resign or offer a draw"
    assert not [r for r in h.standin.to_channel() if r.method == "POST"]



async def test_rematch_pressed_by_both_players_opens_one_invitation_and_points_the_second_at_it(
        harness: Harness) -> None:
    h = harness
    place = thread_channel(await start_kona(h))
    await h.click(h.latest_id("mesa:resign:1:"), BOB, channel=place)
    await h.click(h.latest_id("mesa:resign:1:"), BOB, channel=place)
    rematch = h.latest_id("mesa:rematch:1:")
    await h.click(rematch, ALICE, channel=place)
    [offered] = [s for s in await h.bot.service.active_tables(1002) if s.status == "invited"]
    h.standin.clear()
    await h.click(rematch, BOB, channel=place, locale="es-ES")  # bob wants a rematch too
    answer = last(h)
    assert answer.ephemeral and f"alice ya ofreció esta revancha: Kona #{offered.table_id}" in answer.content
    assert f"/{offered.thread_id or offered.channel_id}" in answer.content, "a link to the invitation"
    waiting = [s.table_id for s in await h.bot.service.active_tables(1002) if s.status == "invited"]
    assert waiting == [offered.table_id], "no second, crossed invitation"
    assert not [r for r in h.standin.to_channel() if r.method == "POST"]


@pytest.fixture
async def harness(tmp_path: Any) -> AsyncIterator[Harness]:
    """The bot with Mesa's searches in this process at iteration budgets (its games against Mesa)."""
    h = await Harness.open(tmp_path, renderer=None, thinker=Thinker(processes=False, budget=iterations(10)))
    yield h
    await h.close()


async def finished_against_mesa(h: Harness) -> dict[str, Any]:
    """alice plays Kona against Mesa and resigns at once: the result post carries Rematch."""
    return await _games_against_mesa_the_first_resigned(h, 1)


async def _games_against_mesa_the_first_resigned(h: Harness, games: int) -> dict[str, Any]:
    """alice opens ``games`` Kona games against Mesa (easy), then resigns the first: its result carries Rematch."""
    for _ in range(games):
        await h.command("play", [option("game", "kona", STRING), option("opponent", BOT_ID, USER),
                                 option("seat", "first", STRING), option("level", "easy", STRING)], ALICE,
                        users=[MESA_USER])
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:resign:1:"), ALICE, channel=place)
    await h.click(h.latest_id("mesa:resign:1:"), ALICE, channel=place)
    return place


async def live_tables(h: Harness) -> list[int]:
    return [s.table_id for s in await h.bot.service.active_tables(1001) if s.status == "active"]


@pytest.mark.parametrize(("locale", "said"), [("en-US", "The rematch of table #1 has started already: Kona #2"),
                                              ("es-419", "La revancha de la mesa #1 ya empezó: Kona #2")])
async def test_rematch_against_mesa_pressed_again_starts_no_second_game(harness: Harness, locale: str,
                                                                       said: str) -> None:
    h = harness
    place = await finished_against_mesa(h)
    rematch = h.latest_id("mesa:rematch:1:")
    await h.click(rematch, ALICE, channel=place, locale=locale)
    assert await live_tables(h) == [2], "Mesa accepts at once: the rematch has begun"
    h.standin.clear()
    await h.click(rematch, ALICE, channel=place, locale=locale)  # the result's Rematch, pressed again
    answer = last(h)
    assert answer.ephemeral and answer.content.startswith(said)
    assert await live_tables(h) == [2], "no second game against Mesa"
    assert not [r for r in h.standin.to_channel() if r.method == "POST"], "nothing posted"


async def test_rematch_against_mesa_double_clicked_starts_one_game(harness: Harness) -> None:
    h = harness
    place = await finished_against_mesa(h)
    h.standin.clear()
    await clicked_twice_at_once(h, h.latest_id("mesa:rematch:1:"), ALICE, place)
    assert await live_tables(h) == [2]
    answers = sorted(r.content.split("\n")[0] for r in replies(h))
    assert answers == ["Rematch started.", "The rematch of table #1 has started already: Kona #2. Play it there; no "
                                           "other game was opened."]


async def test_a_game_of_the_same_players_started_before_the_end_is_no_rematch(harness: Harness) -> None:
    """alice plays two games against Mesa at once; the first ends: its Rematch opens a third table."""
    h = harness
    place = await _games_against_mesa_the_first_resigned(h, 2)
    await h.click(h.latest_id("mesa:rematch:1:"), ALICE, channel=place)
    assert last(h).content.startswith("Rematch started.")
    assert await live_tables(h) == [2, 3]


async def test_the_board_posted_before_a_restart_loses_its_controls_with_the_next_board(tmp_path: Any) -> None:
    """Only the latest board carries controls, also across a restart (the new process knows nothing in memory):
    the board posted before it loses its buttons when the next one is posted, as without a restart."""
    first = await Harness.open(tmp_path, renderer=None)
    try:
        thread = await start_kona(first)
        board = first.message_with(first.latest_id("mesa:pick:1:"))
    finally:
        await first.close()
    second = await Harness.open(tmp_path, renderer=None)
    second.standin.adopt(first.standin)  # the same Discord, a new bot process
    try:
        await second.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=thread_channel(thread))
        assert second.standin.messages[int(board["id"])].get("components") == [], "the old board's buttons are gone"
        latest = second.message_with(second.latest_id("mesa:pick:1:"))
        assert int(latest["id"]) != int(board["id"]) and "from a6 to d3" in latest["content"]
        assert not second.standin.refusals()
    finally:
        await second.close()


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "I may not post the game's boards in this channel: ask a server manager to give me Attach Files in "
              "this channel's permissions, or start it in another channel."),  # what is missing, and only that
    ("es-ES", "No puedo publicar los tableros de la partida en este canal: pide a un administrador que me dé "
              "Adjuntar archivos en los permisos de este canal, o empiézala en otro canal.")])
async def test_rematch_where_boards_cannot_be_posted_is_refused_up_front_and_opens_no_table(
        harness: Harness, locale: str, said: str) -> None:
    """As /play does: without Attach Files (taken away since the game) Rematch says what to ask for, and no
    table is opened that could not be posted."""
    h = harness
    place = thread_channel(await start_kona(h))
    await h.click(h.latest_id("mesa:resign:1:"), BOB, channel=place)
    await h.click(h.latest_id("mesa:resign:1:"), BOB, channel=place)
    rematch = h.latest_id("mesa:rematch:1:")
    h.standin.place(CHANNEL_ID)["permission_overwrites"].append(overwrite(BOT_ID, deny=ATTACH_FILES, member=True))
    h.standin.clear()
    await h.click(rematch, ALICE, channel=place, locale=locale)
    [answer] = replies(h)
    assert answer.ephemeral and answer.content.startswith(said)
    assert [s.table_id for s in await h.bot.service.active_tables(1001)] == [], "no rematch table"
    assert not h.standin.refusals(), "Discord was never asked to post what it would refuse"


async def test_accepting_where_boards_cannot_be_posted_is_refused_and_starts_nothing(harness: Harness) -> None:
    """Attach Files taken away after the invitation: Accept would start a game whose boards Discord refuses
    (and whose deadlines would run): it is refused up front, saying what to ask for, and the table waits."""
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    place = thread_channel(next(iter(h.standin.channels)))
    h.standin.place(CHANNEL_ID)["permission_overwrites"].append(overwrite(BOT_ID, deny=ATTACH_FILES, member=True))
    h.standin.clear()
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place, locale="es-419")
    [answer] = replies(h)
    assert answer.ephemeral and answer.content.startswith("No puedo publicar los tableros de la partida en este canal")
    assert "Adjuntar archivos" in answer.content and "Enviar mensajes" not in answer.content
    assert (await h.bot.service.table_details(1)).summary.status == "invited", "nothing started"
    assert not h.standin.refusals()


async def test_a_cancelled_invitation_loses_its_buttons(harness: Harness) -> None:
    """Cancel table: the invitation's Accept / Decline / Cancel go with it (as a declined one's do), so
    nobody is left pressing Accept on a table that no longer exists."""
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    accept = h.latest_id("mesa:inv:1:")
    invitation = h.message_with(accept)
    place = h.channel_of(invitation)
    await h.click(accept.replace(":accept", ":abort"), ALICE, channel=place)
    assert last(h).content == "The table is cancelled."
    assert h.standin.messages[int(invitation["id"])].get("components") == [], "no Accept left to press"
    assert any("alice cancelled Kona table #1" in r.content for r in h.standin.to_channel() if r.method == "POST")
    assert not h.standin.refusals()


@pytest.mark.parametrize("answer", ["decline", "move"])
async def test_a_draw_offer_answered_or_refused_by_a_move_loses_its_buttons(harness: Harness, answer: str) -> None:
    h = harness
    place = thread_channel(await start_kona(h))
    await h.click(h.latest_id("mesa:draw:1:"), ALICE, channel=place)  # alice offers, and confirms
    await h.click(h.latest_id("mesa:draw:1:"), ALICE, channel=place)
    accept = h.latest_id("mesa:draw:1:")
    assert accept.endswith(":accept")
    offer = int(h.message_with(accept)["id"])
    if answer == "decline":
        await h.click(accept.replace(":accept", ":decline"), BOB, channel=place)
    else:  # a move refuses the offer (as the offer says): alice plays on
        await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=place)
    assert h.standin.messages[offer].get("components") == [], "no Accept draw left under an answered offer"
    if answer == "move":  # /draw accept typed after the move: it accepts nothing, and offers nothing either
        posts_before = len([r for r in h.standin.to_channel() if r.method == "POST"])
        await h.command("draw", [option("action", "accept", STRING)], BOB, channel=place)
        assert last(h).content.startswith("There is no draw offer to accept at table #1: a move since has refused")
        assert len([r for r in h.standin.to_channel() if r.method == "POST"]) == posts_before, "no new offer posted"
        assert (await h.bot.service.repo.get_table(1)).draw_offer is None  # type: ignore[union-attr]
    assert not h.standin.refusals()


@pytest.mark.parametrize("kind", ["play", "rematch"])
async def test_one_interaction_delivered_twice_is_acted_on_once(harness: Harness, kind: str) -> None:
    """Discord (or a second process's gateway) delivers one interaction twice: the copy whose acknowledgement Discord
    refuses (40060, already acknowledged) does nothing.  It went on and did it again: one ``/play`` opened two
    tables, one Rematch click two rematches."""
    from discord_standin.payloads import command

    h = harness
    if kind == "play":
        payload = command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                          users=[BOB])
    else:
        place = thread_channel(await start_kona(h))
        await h.command("resign", [], BOB, channel=place)
        rematch = h.latest_id("mesa:rematch:")
        payload = component(rematch, ALICE, h.message_with(rematch), place)
    before = len(await h.bot.service.active_tables(ALICE["id"]))
    service = h.bot.service
    acted: list[str] = []
    original = getattr(service, "create" if kind == "play" else "rematch")

    async def counted(*args: Any, **kwargs: Any) -> Any:
        acted.append(kind)
        return await original(*args, **kwargs)

    setattr(service, "create" if kind == "play" else "rematch", counted)
    issued = h.standin.issue(payload)
    since = len(h.standin.requests)
    for _ in range(2):  # the same id and token, twice
        h.bot._connection.parse_interaction_create(dict(issued))
    await h.settle()
    assert len(await h.bot.service.active_tables(ALICE["id"])) == before + 1
    assert acted == [kind], acted  # the second copy never reached the service (two at once made two tables)
    token = str(issued["token"])
    answers = [r for r in h.standin.requests[since:] if token in r.path and not r.path.endswith("/callback")]
    # one answer, the first copy's: the second did nothing, not even a refusal of its own ("you already have
    # this invitation open", "a rematch is already waiting"), where two at once had made two tables
    assert len(answers) == 1, [(r.method, r.path, (r.content or "")[:80]) for r in answers]
