"""More handlers through the stand-in: Krakatoa's quick actions, draw offers, the clock, command sync."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from discord_standin import StandIn
from discord_standin.payloads import GUILD_ID, Harness, option, thread_channel, user

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
ALICE_ID = 1001
PLAYERS = {1001: ALICE, 1002: BOB}


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path)
    yield h
    await h.close()


async def to_act(h: Harness) -> int:
    for uid in PLAYERS:
        if await h.bot.service.legal_moves_for(1, uid):
            return uid
    raise AssertionError("nobody to act")


async def start(h: Harness, game: str) -> dict[str, Any]:
    await h.command("play", [option("game", game, 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[BOB])
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    return place


async def test_krakatoa_quick_actions(harness: Harness) -> None:
    """KR-4.1 throw-off: Steam / Ash / Lava buttons and Auto under the public board; they play the move."""
    h = harness
    place = await start(h, "krakatoa")
    board = [r for r in h.standin.to_channel() if r.files][-1]
    ids = board.custom_ids()
    assert [i.split(":", 4)[4] for i in ids if i.startswith("mesa:mv:")] == ["ash", "lava", "steam", "auto"]
    assert not any(i.startswith("mesa:pick:") for i in ids), "every Krakatoa choice is already a button"
    h.standin.clear()
    await h.click(next(i for i in ids if i.endswith(":lava")), ALICE, channel=place)
    posted = [r for r in h.standin.to_channel() if r.method == "POST"]
    assert posted and "alice threw Lava to see who starts" in posted[0].content
    # play on with Auto until an aimed throw offers its target-and-force select (KR-8.2)
    for _ in range(12):
        board = [r for r in h.standin.to_channel() if r.files][-1] if h.standin.to_channel() else board
        selects = [i for i in board.custom_ids() if i.startswith("mesasel:")]
        if selects:
            break
        mover = await to_act(h)
        auto = next(i for i in board.custom_ids() if i.endswith(":auto"))
        await h.click(auto, PLAYERS[mover], message=h.message_with(auto), channel=place)
    assert selects, "an aimed throw was reached"
    menu = board.components[0]["components"][0]
    assert all(o["value"].startswith("m:aim ") for o in menu["options"]) and len(menu["options"]) <= 12
    mover = await to_act(h)
    h.standin.clear()
    choice = menu["options"][0]["value"]
    await h.click(selects[0], PLAYERS[mover], message=h.message_with(selects[0]), channel=place, values=[choice])
    _aim, die, force = choice[2:].split()
    assert any(f"aimed {force} at {die}" in r.content for r in h.standin.to_channel() if r.method == "POST")


async def offer_and_accept_with_buttons(h: Harness, place: dict[str, Any]) -> list[Any]:
    """Alice offers a draw from the board's button and confirms; Bob accepts from the offer: what was posted."""
    ask = h.latest_id("mesa:draw:1:")
    await h.click(ask, ALICE, channel=place)
    confirm = h.latest_id(ask.removesuffix("ask") + "yes")
    h.standin.clear()
    await h.click(confirm, ALICE, message=h.message_with(confirm), channel=place)
    offer = next(r for r in h.standin.to_channel() if "offers a draw" in r.content)
    assert f"<@{BOB['id']}>" in offer.content
    accept = ask.removesuffix("ask") + "accept"
    assert offer.custom_ids() == [accept, ask.removesuffix("ask") + "decline"]
    h.standin.clear()
    await h.click(accept, BOB, message=h.message_with(accept), channel=place)
    return [offer, *h.standin.to_channel()]


async def test_draw_offer_and_accept_with_buttons(harness: Harness) -> None:
    h = harness
    place = await start(h, "kona")
    await h.command("move", [option("text", "a6-d3", 3)], ALICE)
    offer, *after = await offer_and_accept_with_buttons(h, place)
    assert "No one has moved yet" not in offer.content
    assert any("draw by agreement" in r.content for r in after)
    assert await h.bot.service.repo.get_results(1)


async def test_a_draw_agreed_before_any_move_cancels_the_table(harness: Harness) -> None:
    # a draw no one played would have been a rated game: it is called off, as /abort would
    h = harness
    place = await start(h, "kona")
    offer, *after = await offer_and_accept_with_buttons(h, place)
    assert "No one has moved yet, so agreeing cancels the table: nothing is counted." in offer.content
    assert any("Every player agreed: Kona table #1 is cancelled" in r.content for r in after)
    assert any("was cancelled before the first move" in r.content for r in after)
    assert not any("draw by agreement" in r.content for r in after)
    assert await h.bot.service.repo.get_results(1) == []


async def test_clock_reminds_by_dm_then_times_out(tmp_path: Any) -> None:
    """The periodic tick: a reminder DM at half time, then the time-out in the thread; nobody having moved, it
    cancels the table, uncounted, instead of a rated game no one played."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        thread = await start(h, "kona")
        h.standin.clear()
        clock.moment += timedelta(days=1, hours=13)
        await h.bot.ticker.tick()
        reminders = h.standin.to_dms(1001)
        assert len(reminders) == 1 and "#1" in reminders[0].content and f"/{thread['id']}" in reminders[0].content
        assert not h.standin.to_channel()
        clock.moment += timedelta(days=2)
        await h.bot.ticker.tick()
        said = [r.content for r in h.standin.to_channel(int(thread["id"]))]
        assert any("The time ran out with no move from alice in Kona #1: no one has played, so the table is "
                   "cancelled and nothing is counted." in text for text in said), said
        assert any("was cancelled before the first move" in text for text in said), said
        assert not any("ran out of time" in text for text in said)
        assert not await h.bot.service.repo.get_results(1)
    finally:
        await h.close()


async def test_a_reminder_never_delivered_comes_by_dm_once(tmp_path: Any) -> None:
    """Issue 29, item 2: a reminder the service handed out but no DM followed (the process died between)
    is sent by the ticker once its lease is over, and confirmed: never a second time."""
    from tables.reminders import REDELIVER_SECONDS

    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await start(h, "kona")
        h.standin.clear()
        clock.moment += timedelta(days=1, hours=13)
        lost = await h.bot.service.tick()  # handed out, then the process died before delivering it
        assert [m.key for m in lost] == ["reminder.half"] and not h.standin.to_dms(1001)
        await h.bot.ticker.tick()
        assert not h.standin.to_dms(1001)  # within its lease: the one that had it may be delivering it
        clock.moment += timedelta(seconds=REDELIVER_SECONDS)
        await h.bot.ticker.tick()
        dms = h.standin.to_dms(1001)
        assert len(dms) == 1 and "#1" in dms[0].content
        for _ in range(3):
            clock.moment += timedelta(seconds=REDELIVER_SECONDS)
            await h.bot.ticker.tick()
        assert len(h.standin.to_dms(1001)) == 1, "delivered and confirmed: never again"
    finally:
        await h.close()


async def test_a_move_is_named_by_its_interaction(tmp_path: Any) -> None:
    """Issue 29, item 1: /move stores the interaction's id with the move, the key that tells after a
    lost reply whether it was stored (tests/test_tables_submissions.py)."""
    from discord_standin.payloads import command

    h = await Harness.open(tmp_path)
    try:
        thread = await start(h, "kona")
        payload = command("move", [option("text", "a6-d3", 3)], ALICE, channel=thread)
        await h.dispatch(payload)
        assert await h.bot.service.repo.count_moves(1) == 1
        found = await h.bot.service.repo.submission(f"discord:{payload['id']}")
        assert found is not None and found[:2] == (1, ALICE_ID)
    finally:
        await h.close()


async def _sync_against(standin: StandIn, guild_id: int) -> int:
    """``python bot.py --sync [--guild ID]`` against ``standin`` (started and stopped here): its exit status."""
    import discord

    from cogs.client import Config, _sync, apply_api_base

    base = await standin.start()
    old = discord.http.Route.BASE
    apply_api_base(base)
    try:
        return await _sync(Config(token="stand-in"), guild_id)
    finally:
        discord.http.Route.BASE = old
        await standin.stop()


async def test_sync_registers_localized_commands(tmp_path: Any) -> None:
    """``python bot.py --sync --guild ID``: one PUT of the whole localized tree to that server."""
    standin = StandIn()
    assert await _sync_against(standin, GUILD_ID) == 0
    puts = [r for r in standin.requests if r.method == "PUT"]
    assert len(puts) == 1 and puts[0].path.endswith(f"/guilds/{GUILD_ID}/commands")
    names = {c["name"]: c for c in puts[0].json}
    assert set(names) == {"play", "move", "resign", "draw", "board", "games", "help", "rules", "settings",
                          "leaderboard", "stats", "history", "replay", "recompute-ratings",  # issue 9
                          "hint", "takeback", "learn",  # issue 30
                          "tournament",  # issue 31
                          "review"}  # issue 32
    assert names["move"]["name_localizations"]["es-419"] == "mover"
    assert (names["hint"]["name_localizations"]["es-ES"], names["takeback"]["name_localizations"]["es-419"]) == \
        ("pista", "deshacer")


async def test_sync_to_a_server_mesa_is_not_in_says_what_to_do(caplog: pytest.LogCaptureFixture) -> None:
    """``--sync --guild ID`` for a server the application was not invited to: Discord's 403 / 50001 said in one
    paragraph naming the server, the scope and where to find its ID; exit status 1; nothing registered."""
    standin = StandIn()
    with caplog.at_level(logging.ERROR, logger="mesa.discord"):
        assert await _sync_against(standin, 4242) == 1
    puts = [r for r in standin.requests if r.method == "PUT"]
    assert len(puts) == 1 and puts[0].status == 403 and (puts[0].answer or {}).get("code") == 50001
    said = " ".join(r.getMessage() for r in caplog.records if r.name == "mesa.discord")
    assert "server 4242" in said and "applications.commands" in said and "Copy Server ID" in said
    assert not any(r.exc_info for r in caplog.records), "one paragraph, no traceback"


async def test_a_tree_discord_refuses_is_said_command_by_command(monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """A Spanish description one character over Discord's 100: the whole overwrite is refused (400 / 50035), and
    ``--sync`` names the command and the field, exit status 1, no traceback."""
    from cogs import i18n_discord

    monkeypatch.setitem(i18n_discord.ES, "cmd.play.desc", "d" * 101)
    standin = StandIn()
    with caplog.at_level(logging.ERROR, logger="mesa.discord"):
        assert await _sync_against(standin, GUILD_ID) == 1
    puts = [r for r in standin.requests if r.method == "PUT"]
    assert len(puts) == 1 and puts[0].status == 400 and (puts[0].answer or {}).get("code") == 50035
    said = " ".join(r.getMessage() for r in caplog.records if r.name == "mesa.discord")
    assert "refused the slash commands" in said and "'play'" in said and "description_localizations" in said
    assert not any(r.exc_info for r in caplog.records)


async def test_buttons_work_after_a_restart(tmp_path: Any) -> None:
    """A new bot process over the same database answers the old board's buttons (dynamic items)."""
    first = await Harness.open(tmp_path)
    try:
        place = await start(first, "kona")
        pick = first.latest_id("mesa:pick:1:")
        board = first.message_with(pick)
    finally:
        await first.close()
    second = await Harness.open(tmp_path)
    second.standin.adopt(first.standin)  # the same Discord, a new bot process
    try:
        await second.click(pick, ALICE, message=board, channel=place)
        step = [r for r in second.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
        assert step.ephemeral and step.custom_ids() == [f"mesasel:1:{pick.split(':')[3]}:pick"]
        await second.pick_move(step.custom_ids()[0], ALICE, "f1-c4", channel=place)
        assert any("from f1 to c4" in r.content for r in second.standin.to_channel(int(place["id"])))
    finally:
        await second.close()


async def test_forbidden_posts_are_answered_not_crashed(harness: Harness) -> None:
    """Discord refuses the thread post (403): the caller is told what permissions are missing."""
    h = harness
    h.standin.forbid_threads = True
    h.standin.forbid_posts.add(200000000000000001)
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB])
    answer = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
    assert answer.ephemeral and "Send Messages" in answer.content


async def test_variant_autocomplete_offers_the_games_options(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "krakatoa", 3), option("variant", "", 3, focused=True)], ALICE,
                    autocomplete=True)
    answer = [r for r in h.standin.requests if r.path.endswith("/callback")][-1]
    values = [c["value"] for c in answer.json["data"]["choices"]]
    assert "preset=basic" in values and "teams=true" in values  # KR-6.2, KR-7.1


@pytest.mark.parametrize("locale, words", [
    ("en-US", "Kona has no option colour. What `variant` takes: repetition_draw, move_limit; `seat`, `rated` and "
              "`time_per_move` are options of `/play` itself."),
    ("es-ES", "Kona no tiene la opción colour. En `variante` van: repetition_draw, move_limit; `asiento`, "
              "`puntuada` y `tiempo_por_jugada` son opciones del propio `/jugar`.")])
async def test_an_unknown_variant_says_what_variant_takes(harness: Harness, locale: str, words: str) -> None:
    """A key ``variant`` does not take was answered with the console's list, "Its options: seat, rated,
    time_per_move, …", names Discord shows as options of their own (Spanish: `asiento`, `puntuada`…): now what
    ``variant`` takes, and the others as the reader's Discord names them; no table is opened."""
    h = harness
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                             option("variant", "colour=red", 3)], ALICE, users=[BOB], locale=locale)
    [answer] = [r for r in h.standin.interaction_replies() if r.content]
    assert answer.ephemeral and answer.content.replace("\\_", "_") == words  # Discord shows \_ as _
    assert not h.standin.channels, "no table, no thread"


async def test_click_on_a_finished_game_shows_the_final_board(harness: Harness) -> None:
    h = harness
    place = await start(h, "kona")
    pick = h.latest_id("mesa:pick:1:")
    board = h.message_with(pick)
    await h.command("resign", [], BOB, channel=place)
    h.standin.clear()
    # Discord only sends a click for a component that is on the message: the edit that retired the
    # board's controls was lost (a crash), so they are still there
    h.standin.messages[int(board["id"])] = board
    await h.click(pick, ALICE, message=board, channel=place)
    answer = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
    # said over, not "out of date" (read as a game still to play), with its last board
    assert answer.ephemeral and answer.content == "The game at table #1 is over. Here is its last board."
    assert answer.files


async def test_deleted_thread_falls_back_to_the_channel(harness: Harness) -> None:
    h = harness
    place = await start(h, "kona")
    h.standin.deleted.add(int(place["id"]))
    h.standin.clear()
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
    moved = [r for r in h.standin.to_channel(200000000000000001) if "from a6 to d3" in r.content]
    assert len(moved) == 1 and moved[0].files
    summary = (await h.bot.service.table_details(1)).summary
    assert summary.thread_id is None


async def test_bot_opens_its_own_database(tmp_path: Any) -> None:
    """Without a service given, start-up opens DATABASE_PATH (creating its folder) and registers the buttons."""
    import discord

    from cogs.client import Config, MesaBot, apply_api_base

    standin = StandIn()
    base = await standin.start()
    old = discord.http.Route.BASE
    apply_api_base(base)
    path = tmp_path / "deep" / "mesa.db"
    bot = MesaBot(Config(token="stand-in", database_path=str(path)), tick_seconds=0)
    try:
        await bot.login("stand-in")
        assert path.exists() and bot.service is not None
        assert await bot.service.active_tables(1) == []
        # one class per kind of control: invitation, move, my pieces, resign, draw, rematch, build; the
        # picker's open, back, step and quick select; full rules; the leaderboard's pages (issue 9)
        # issue 30: Hint, Takeback, a lesson's buttons and its picker; issue 32: Review
        assert len(bot._connection._view_store._dynamic_items) == 19
    finally:
        await bot.close()
        discord.http.Route.BASE = old
        await standin.stop()
    assert bot.service is None, "the database is closed with the bot"


async def test_move_needs_table_option_only_when_ambiguous(harness: Harness) -> None:
    h = harness
    first = await start(h, "kona")
    carol = user(1003, "carol")
    await h.command("play", [option("game", "kona", 3), option("opponent", carol["id"], 6),
                             option("seat", "first", 3)], ALICE, users=[carol])
    await h.click(h.latest_id("mesa:inv:2:"), carol)
    h.standin.clear()
    await h.command("move", [option("text", "a6-d3", 3)], ALICE)  # in the parent channel: two tables
    answer = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
    assert answer.ephemeral and "#1" in answer.content and "#2" in answer.content and "table option" in answer.content
    await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=first)  # in table 1's thread
    assert any("from a6 to d3" in r.content for r in h.standin.to_channel(int(first["id"])))
    await h.command("move", [option("text", "a6-d3", 3), option("table", 2, 4)], ALICE)
    assert len([r for r in h.standin.to_channel() if "from a6 to d3" in r.content and r.files]) == 2


async def test_choose_a_move_out_of_turn_says_whose_turn_it_is(harness: Harness) -> None:
    """The picker's button pressed by the player who waits said a bare "It is not your turn."; it says whose
    turn it is, as /move does, in the presser's language."""
    h = harness
    place = await start(h, "kona")  # alice moves first
    for locale, said in (("en-US", "It is not your turn: it is alice's turn."),
                         ("es-ES", "No es tu turno: le toca a alice.")):
        h.standin.clear()
        await h.click(h.latest_id("mesa:pick:1:"), BOB, channel=place, locale=locale)
        [answer] = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")]
        assert answer.content == said and answer.ephemeral
    assert await h.bot.service.legal_moves_for(1, ALICE_ID)  # nothing changed
