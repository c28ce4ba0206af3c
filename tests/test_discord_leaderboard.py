"""Issue 9 on Discord: /leaderboard (pages with persistent buttons), /stats, /history, /replay and
/recompute-ratings through real discord.py objects and the REST stand-in (tests/discord_standin)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from discord_standin import Recorded
from discord_standin.payloads import CHANNEL_ID, GUILD_ID, MANAGE_GUILD, Harness, option, user
from test_discord_flow import callbacks, check_components, check_deferred_first, replies

from data.models import RatingRow
from engines import get_engine

KONA = get_engine("kona")
ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
STRING, INTEGER, BOOLEAN, USER = 3, 4, 5, 6


async def finished_kona(h: Harness, winner: dict[str, Any], loser: dict[str, Any], moves: int = 0) -> int:
    """A Kona table in the test server that ``loser`` resigns (after ``moves`` plies of play)."""
    svc = h.bot.service
    out = await svc.create(GUILD_ID, CHANNEL_ID, int(winner["id"]), winner["username"], "kona",
                           [(int(loser["id"]), loser["username"])], {"seat": "first"})
    tid = out[0].table_id
    await svc.accept(tid, int(loser["id"]))
    for ply in range(moves):
        mover = winner if ply % 2 == 0 else loser
        await svc.submit_move(tid, int(mover["id"]), (await svc.legal_moves_for(tid, int(mover["id"])))[0])
    await svc.resign(tid, int(loser["id"]))
    return tid


def last(h: Harness) -> Recorded:
    return replies(h)[-1]


async def test_leaderboard_image_pages_and_buttons(harness: Harness) -> None:
    h = harness
    await finished_kona(h, ALICE, BOB)
    async with h.bot.service.repo.transaction() as tx:  # 12 more rated players: two pages
        await tx.put_ratings([RatingRow(GUILD_ID, "kona", 5000 + i, 30.0 - i, 3.0, 5, 2, 3, 0, "t")
                              for i in range(12)])
    await h.command("leaderboard", [option("game", "kona", STRING)], ALICE)
    check_deferred_first(h)
    answer = last(h)
    assert answer.ephemeral and answer.files and answer.files[0][0] == "leaderboard-kona-1.png"
    assert answer.files[0][1][:4] == b"\x89PNG"
    alt = answer.json["attachments"][0]["description"]
    assert alt.startswith("Kona leaderboard · Page 1 of 2") and "1. 5000 " in alt
    assert "You: rank " in answer.content  # alice is below the top 10: her own row
    check_components(answer)
    assert answer.custom_ids() == [f"mesalb:{GUILD_ID}:kona:0", f"mesalb:{GUILD_ID}:kona:2"]
    prev = answer.components[0]["components"][0]
    assert prev["disabled"] is True and prev["label"] == "◀ Previous"
    # Next: the same (ephemeral) message is edited to show page 2; the caller's row is then on it
    h.standin.clear()
    await h.click(f"mesalb:{GUILD_ID}:kona:2", ALICE)
    assert callbacks(h)[0].json["type"] == 6  # a silent deferred update first
    edit = last(h)
    assert edit.method == "PATCH" and edit.path.endswith("/messages/@original")
    assert edit.files and edit.files[0][0] == "leaderboard-kona-2.png"
    assert "Page 2 of 2" in edit.json["attachments"][0]["description"] and "alice" in edit.text()
    assert edit.custom_ids() == [f"mesalb:{GUILD_ID}:kona:1", f"mesalb:{GUILD_ID}:kona:3"]


async def test_leaderboard_in_spanish_and_per_server(harness: Harness) -> None:
    h = harness
    await finished_kona(h, ALICE, BOB)
    await h.command("leaderboard", [option("game", "kona", STRING)], CAROL, locale="es-ES")
    answer = last(h)
    alt = answer.json["attachments"][0]["description"]
    assert alt.startswith("Clasificación de Kona") and "alice" in alt and "bob" in alt
    assert answer.custom_ids() == []  # one page: no buttons
    other = {"id": "555", "type": 0, "guild_id": "999", "name": "x", "position": 0, "permission_overwrites": [],
             "nsfw": False, "parent_id": None, "topic": None, "last_message_id": None, "rate_limit_per_user": 0,
             "flags": 0}
    await h.command("leaderboard", [option("game", "kona", STRING)], ALICE, channel=other)
    alt = last(h).json["attachments"][0]["description"]
    assert "No rated games yet" in alt and "alice" not in alt  # another server: its own (empty) board


async def test_an_empty_leaderboard_says_how_to_get_on_it_in_the_readers_commands(harness: Harness) -> None:
    h = harness
    await h.command("leaderboard", [option("game", "plateau", STRING)], ALICE)
    answer = last(h)
    assert answer.content.startswith("Every rated game that ends in this server puts its players here: challenge "
                                     "someone with /play game:Plateau opponent:@friend")
    assert answer.content.endswith("Games against Mesa are not rated in this server.")
    assert answer.content in answer.json["attachments"][0]["description"]  # the picture's words say it too
    await h.command("leaderboard", [option("game", "plateau", STRING)], CAROL, locale="es-ES")
    assert "reta a alguien con /jugar juego:Plateau rival:@amigo" in last(h).content
    # ratings off: the board says games ending now do not change it, and names Discord's /settings and option;
    # a player's name that looks like a command is left as they wrote it
    slash = user(1004, "/leave")
    await finished_kona(h, slash, BOB)
    await h.bot.service.set_guild_settings(GUILD_ID, rated=False)
    await h.command("leaderboard", [option("game", "kona", STRING)], ALICE)
    answer = last(h)
    assert answer.content == ("Ratings are off in this server: games that end now change no leaderboard. A server "
                              "manager can turn them on with /settings rated:true.")
    alt = answer.json["attachments"][0]["description"]
    assert "1. /leave " in alt and "/settings rated:true" in alt
    await h.command("stats", [], ALICE)  # no advice to play for a rating that would not come: ratings are off
    assert last(h).content == ("alice has no rated games in this server yet.\nRatings are off in this server: games "
                               "that end now change no leaderboard. A server manager can turn them on with /settings "
                               "rated:true.")
    await h.command("stats", [], BOB)  # a record kept from before
    assert last(h).content.startswith("Stats of bob") and last(h).content.endswith("/settings rated:true.")


async def test_stats_and_history(harness: Harness) -> None:
    h = harness
    first = await finished_kona(h, ALICE, BOB)
    second = await finished_kona(h, BOB, ALICE)
    await h.bot.service.set_location(second, 4242, None)  # played in a thread
    await h.command("stats", [], ALICE)
    check_deferred_first(h)
    answer = last(h)
    assert answer.ephemeral and answer.content.startswith("Stats of alice")
    assert "2 games: 1 won, 1 lost, 0 drawn · streak L1 · last five L W" in answer.content
    assert [name for name, _ in answer.files] == ["rating-kona.png"]
    await h.command("stats", [option("user", BOB["id"], USER)], ALICE, users=[BOB])
    assert last(h).content.startswith("Stats of bob")
    await h.command("stats", [option("user", CAROL["id"], USER)], ALICE, users=[CAROL])
    assert last(h).content == "carol has no rated games in this server yet." and not last(h).files
    await h.command("stats", [], CAROL, locale="es-ES")  # her own: how to get a rating, in her Discord's commands
    assert last(h).content.startswith("Todavía no tienes partidas puntuadas en este servidor")
    assert "(reta a alguien con /jugar juego:JUEGO rival:@amigo)" in last(h).content
    await h.command("history", [], ALICE)
    answer = last(h)
    embed = answer.embeds[0]
    assert answer.ephemeral and embed["title"] == "Recent tables of alice"
    lines = embed["description"].splitlines()
    assert lines[0].startswith(f"#{second} Kona · lost") and lines[0].endswith(
        f"https://discord.com/channels/{GUILD_ID}/4242")
    assert lines[1].startswith(f"#{first} Kona · won") and lines[1].endswith(
        f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}")
    await h.command("history", [option("user", BOB["id"], USER), option("game", "plateau", STRING)], ALICE,
                    users=[BOB])
    # bob has finished Kona tables: "no finished tables" read as if he had none of any game
    assert last(h).content == "bob has no finished Plateau tables in this server yet."
    await h.command("history", [option("user", BOB["id"], USER), option("game", "plateau", STRING)], ALICE,
                    users=[BOB], locale="es-ES")
    assert last(h).content == "bob todavía no tiene mesas de Plateau terminadas en este servidor."
    await h.command("history", [], ALICE, locale="es-ES")  # a Spanish client: Spanish texts
    assert last(h).embeds[0]["title"] == "Mesas recientes de alice"
    await h.command("history", [option("game", "kona", STRING)], ALICE)  # one game: the title names it
    assert last(h).embeds[0]["title"] == "Recent Kona tables of alice"
    await h.command("history", [option("game", "kona", STRING)], ALICE, locale="es-ES")
    assert last(h).embeds[0]["title"] == "Mesas recientes de Kona de alice"


async def test_replay_is_posted_publicly_and_refusals_stay_private(harness: Harness) -> None:
    h = harness
    tid = await finished_kona(h, ALICE, BOB, moves=4)
    await h.command("replay", [option("table", tid, INTEGER)], CAROL)
    check_deferred_first(h)
    ack, post = replies(h)[-2:]
    assert ack.method == "PATCH" and "posted below" in ack.content
    assert post.method == "POST" and not post.ephemeral
    assert post.content == f"Replay of Kona #{tid}: alice, bob"
    assert post.files[0][0] == f"mesa-replay-{tid}.gif" and post.files[0][1][:6] == b"GIF89a"
    # its alt text: how many pictures, then the final position in words (every occupied square, KO-2.2)
    alt = post.json["attachments"][0]["description"]
    svc = h.bot.service
    final = KONA.new_game(2, 0)
    for row in await svc.moves_log(tid):
        final = KONA.play(final, row.move)
    squares = [sq for sq in (f"{f}{r}" for f in "abcdef" for r in range(1, 7)) if f"{sq}: " in alt]
    assert alt.startswith("An animated replay of the game in 5 pictures")  # the start and 4 moves
    assert len(squares) == sum(1 for token in KONA.to_position(final).split()[0].replace("/", ",").split(",")
                               if not token.isdigit())
    out = await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {})
    live = out[0].table_id
    h.standin.clear()
    await h.command("replay", [option("table", live, INTEGER)], CAROL)
    answer = last(h)
    assert answer.ephemeral and answer.content == (
        f"Table #{live} is still being played: replays are for finished games.")
    assert not any(r.files for r in replies(h))
    await h.command("replay", [option("table", 777, INTEGER)], CAROL)
    assert last(h).ephemeral and last(h).content == "There is no table #777 in this server."


async def test_public_replays_are_rate_limited_and_a_refused_one_comes_privately(harness: Harness) -> None:
    """Issue 29, item 6: a table's replay is posted for everyone once per ten minutes, and one user
    posts at most three an hour; past that the GIF comes privately, saying when it may be posted."""
    h = harness
    tables = [await finished_kona(h, ALICE, BOB) for _ in range(4)]
    await h.command("replay", [option("table", tables[0], INTEGER)], CAROL)
    assert not replies(h)[-1].ephemeral  # posted publicly
    h.standin.clear()
    await h.command("replay", [option("table", tables[0], INTEGER)], BOB, locale="es-ES")
    answer = last(h)
    assert answer.ephemeral and answer.files[0][0] == f"mesa-replay-{tables[0]}.gif"
    assert answer.files[0][1][:6] == b"GIF89a"
    assert answer.content.startswith(f"La repetición de la mesa #{tables[0]} se publicó aquí hace un momento")
    assert "dentro de 10m" in answer.content and f"Repetición de Kona #{tables[0]}" in answer.content
    assert all(r.ephemeral for r in replies(h))  # nothing public
    for tid in tables[1:3]:  # Carol's second and third
        await h.command("replay", [option("table", tid, INTEGER)], CAROL)
        assert not replies(h)[-1].ephemeral
    h.standin.clear()
    await h.command("replay", [option("table", tables[3], INTEGER)], CAROL)
    answer = last(h)
    assert answer.ephemeral and answer.files[0][0] == f"mesa-replay-{tables[3]}.gif"
    assert answer.content.startswith("You have already posted 3 replays for everyone (the most each 1h)")
    assert "You can post one for everyone again in 1h." in answer.content
    assert all(r.ephemeral for r in replies(h))
    await h.command("replay", [option("table", tables[3], INTEGER)], BOB)  # Bob may: that table was never posted
    assert not replies(h)[-1].ephemeral


async def test_recompute_is_for_server_managers(harness: Harness) -> None:
    h = harness
    await finished_kona(h, ALICE, BOB)
    await h.command("recompute-ratings", [], BOB)
    assert last(h).ephemeral and "Only server managers" in last(h).content
    await h.command("recompute-ratings", [], BOB, permissions=MANAGE_GUILD)
    assert last(h).content.endswith("every number was already right.")
    async with h.bot.service.repo.transaction() as tx:  # a damaged rating: the rebuild repairs it
        await tx.put_ratings([RatingRow(GUILD_ID, "kona", 1001, 99.0, 1.0, 50, 50, 0, 0, "t")])
    await h.command("recompute-ratings", [], BOB, permissions=MANAGE_GUILD)
    assert last(h).content.endswith("some numbers changed.")
    rows = {r.user_id: r for r in await h.bot.service.repo.ratings(GUILD_ID, "kona")}
    assert rows[1001].games == 1 and rows[1001].mu == pytest.approx(27.63539, abs=1e-4)


async def test_history_of_the_bot_lists_mesas_games(harness: Harness) -> None:
    # issue 28, item 6: /history of Mesa (the bot itself) said Mesa had no finished tables
    h = harness
    svc = h.bot.service
    for _ in range(2):
        out = await svc.create(GUILD_ID, CHANNEL_ID, int(ALICE["id"]), "alice", "kona", [], {"bots": "1"})
        await svc.resign(out[0].table_id, int(ALICE["id"]))
    me = h.bot.user
    assert me is not None
    await h.command("history", [option("user", str(me.id), USER)], ALICE, users=[user(me.id, me.name)])
    embed = last(h).embeds[0]
    assert embed["title"] == "Recent tables of Mesa"
    assert len([line for line in embed["description"].splitlines() if " Kona · won" in line]) == 2


async def test_a_long_tables_moves_come_whole_in_a_file(harness: Harness) -> None:
    """Past a message's 2,000 characters the answer shows the first moves, cut after a whole one, and attaches
    the whole list: nothing of a long game is lost."""
    h = harness
    svc = h.bot.service
    out = await svc.create(GUILD_ID, CHANNEL_ID, int(ALICE["id"]), ALICE["username"], "plateau",
                           [(int(BOB["id"]), BOB["username"])], {"seat": "first"})
    tid = out[0].table_id
    await svc.accept(tid, int(BOB["id"]))
    rng = random.Random(3)
    for ply in range(60):
        mover = ALICE if ply % 2 == 0 else BOB
        legal = await svc.legal_moves_for(tid, int(mover["id"]))
        if not legal:
            break
        await svc.submit_move(tid, int(mover["id"]), rng.choice(legal))
        if (await svc.repo.get_table(tid)).status != "active":  # type: ignore[union-attr]
            break
    else:
        await svc.resign(tid, int(BOB["id"]))
    await h.command("history", [option("table", tid, INTEGER)], CAROL)
    answer = last(h)
    assert answer.ephemeral and len(answer.content) <= 2000 < len(answer.files[0][1].decode("utf-8"))
    whole = answer.files[0][1].decode("utf-8")
    assert answer.files[0][0] == f"table-{tid}-moves.txt" and whole.startswith(f"#{tid} moves: 1. alice opened ")
    shown, note = answer.content.rsplit("\n", 1)
    assert note == "The whole list is in the file attached." and shown.endswith(" …")
    assert whole.startswith(shown.removesuffix(" …")) and whole[len(shown) - 2 : len(shown) + 1] == " · "
    plies = len(await svc.repo.get_moves(tid))
    assert f" · {plies}. " in whole or f" · {plies - 1}. " in whole  # the last move (or the turn it ends) is there


async def test_history_of_one_table_in_words_or_notation(harness: Harness) -> None:
    # issue 28, item 3: /history table:N lists a table's moves as its boards told them; notation:true as recorded
    h = harness
    tid = await finished_kona(h, ALICE, BOB, moves=2)
    await h.command("history", [option("table", tid, INTEGER)], CAROL)
    words = last(h)
    ending, listed = words.content.split("\n", 1)  # how it ended first, as the thread said it
    assert words.ephemeral and ending == f"How it ended: alice wins Kona #{tid}: bob resigned."
    assert listed.startswith(f"#{tid} moves: 1. alice moved from a6 to ") and "2. bob moved from " in listed
    await h.command("history", [option("table", tid, INTEGER), option("notation", True, BOOLEAN)], CAROL)
    assert last(h).content.split("\n")[1].startswith(f"#{tid} moves: 1.alice:a6-")
    await h.command("history", [option("table", tid, INTEGER)], CAROL, locale="es-ES")
    ending, listed = last(h).content.split("\n", 1)
    assert ending == f"Cómo terminó: alice gana Kona #{tid}: bob abandonó."
    assert listed.startswith(f"#{tid}, jugadas: 1. alice movió de a6 a ")
    other = {"id": "555", "type": 0, "guild_id": "999", "name": "x", "position": 0, "permission_overwrites": [],
             "nsfw": False, "parent_id": None, "topic": None, "last_message_id": None, "rate_limit_per_user": 0,
             "flags": 0}
    await h.command("history", [option("table", tid, INTEGER)], CAROL, channel=other)
    assert last(h).ephemeral and "a6-" not in last(h).content  # another server's table is not there
