"""Command and button handlers through real discord.py objects and the REST stand-in.

Interactions are gateway-shaped payloads handed to ``ConnectionState.parse_interaction_create``;
every HTTP request the bot makes goes to the local stand-in (tests/discord_standin) and is checked:
where it went (the table's thread, the channel, a DM, the interaction webhook), the ephemeral flag
(64) on private answers, the files attached, and the components (custom ids, at most 5 rows of 5,
select menus of at most 25 options).
"""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin import EPHEMERAL, Recorded
from discord_standin.payloads import CHANNEL_ID, MANAGE_GUILD, Harness, option, thread_channel, user
from pg_server import run_sql

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
ROBOT = user(1999, "robot", bot=True)
STRING, INTEGER, BOOLEAN, USER = 3, 4, 5, 6


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path)
    yield h
    await h.close()


def check_components(request: Recorded) -> None:
    """Discord's limits: at most 5 action rows, 5 buttons a row or one select of at most 25 options."""
    rows = request.components
    assert len(rows) <= 5
    for row in rows:
        assert row["type"] == 1
        items = row["components"]
        assert 1 <= len(items) <= 5
        for item in items:
            assert len(item["custom_id"]) <= 100
            if item["type"] == 3:
                assert len(items) == 1 and 1 <= len(item["options"]) <= 25
                for opt in item["options"]:
                    assert len(opt["label"]) <= 100 and len(opt["value"]) <= 100
            else:
                assert item["type"] == 2 and 1 <= len(item.get("label", "")) <= 80


def check_deferred_first(h: Harness) -> None:
    """The 3-second rule: each interaction's first request is its callback, a defer (5, 6) or choices (8)."""
    seen: dict[str, str] = {}
    for r in h.standin.interaction_replies():
        parts = r.path.strip("/").split("/")
        token = parts[2]
        if token not in seen:
            assert r.path.endswith("/callback"), f"answered before acknowledging: {r.path}"
            assert r.json["type"] in (5, 6, 8), r.json["type"]
            seen[token] = r.path


def replies(h: Harness) -> list[Recorded]:
    """Answers to the caller (after the callback): followups and edits of the original response."""
    return [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")]


def callbacks(h: Harness) -> list[Recorded]:
    return [r for r in h.standin.interaction_replies() if r.path.endswith("/callback")]


async def start_kona(h: Harness) -> int:
    """alice invites bob (alice first), bob accepts: returns the thread id."""
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER),
                             option("seat", "first", STRING)], ALICE, users=[BOB])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=thread_channel(thread))
    return thread


async def test_play_creates_thread_and_invitation(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    defer = callbacks(h)[0]
    assert defer.json["type"] == 5 and defer.flags & EPHEMERAL, "deferred first, privately"
    threads = [r for r in h.standin.requests if r.path == f"/channels/{CHANNEL_ID}/threads"]
    assert len(threads) == 1 and threads[0].json["type"] == 11 and "Kona" in threads[0].json["name"]
    thread_id = next(iter(h.standin.channels))
    posts = h.standin.to_channel(thread_id)
    assert len(posts) == 1
    invite = posts[0]
    assert f"<@{BOB['id']}>" in invite.content and not invite.ephemeral
    assert invite.custom_ids() == ["mesa:inv:1:1:accept", "mesa:inv:1:1:decline", "mesa:inv:1:1:abort"]
    check_components(invite)
    answer = replies(h)[-1]
    assert answer.ephemeral and f"<#{thread_id}>" in answer.content


async def test_accept_posts_board_and_picker_walks_to_a_move(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    board = h.standin.to_channel(thread)[-2]
    assert board.files and board.files[0][0].endswith(".png") and board.files[0][1][:4] == b"\x89PNG"
    assert f"<@{ALICE['id']}>" in board.content, "the player to move is mentioned"
    # the opening board: the host may still cancel the table (nobody has moved)
    assert board.custom_ids() == ["mesa:pick:1:3", "mesa:draw:1:3:ask", "mesa:resign:1:3:ask", "mesa:inv:1:3:abort"]
    check_components(board)
    # the old invitation lost its buttons
    assert h.standin.to_channel(thread)[-1].method == "PATCH" and h.standin.to_channel(thread)[-1].components == []
    h.standin.clear()
    await h.click("mesa:pick:1:3", ALICE, channel=thread_channel(thread))
    step = replies(h)[-1]
    assert step.ephemeral and step.custom_ids() == ["mesasel:1:3:pick"]
    check_components(step)
    labels = [o["label"] for o in step.components[0]["components"][0]["options"]]
    assert labels == ["a6-…", "f1-…"]
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["p:a6-"])
    second = replies(h)[-1]
    assert second.method == "PATCH" and len(second.components[0]["components"][0]["options"]) == 9
    assert second.custom_ids() == ["mesasel:1:3:pick", "mesa:pick:1:3:back"]
    check_components(second)
    await h.click("mesa:pick:1:3:back", ALICE, message=h.message_with("mesa:pick:1:3:back"),
                  channel=thread_channel(thread))
    back = replies(h)[-1]
    assert back.method == "PATCH" and back.custom_ids() == ["mesasel:1:3:pick"], "Back redraws the first step"
    assert [o["label"] for o in back.components[0]["components"][0]["options"]] == ["a6-…", "f1-…"]
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["p:a6-"])  # the moves from a6: a6-d3 among them
    [chosen] = [o for o in replies(h)[-1].components[0]["components"][0]["options"] if o["value"] == "m:a6-d3"]
    h.standin.clear()
    await h.click("mesasel:1:3:pick", ALICE, message=h.message_with("mesasel:1:3:pick"),
                  channel=thread_channel(thread), values=["m:a6-d3"])
    posted = h.standin.to_channel(thread)
    assert "from a6 to d3" in posted[0].content and f"<@{BOB['id']}>" in posted[0].content and posted[0].files
    assert posted[0].custom_ids()[0] == "mesa:pick:1:4"
    # the picker's message confirms the move, in the words its choice had (KO-6.2: what leaving a6 uncovers)
    assert replies(h)[-1].content == f"Played a6-d3 ({chosen['description']})."
    assert "uncovering" in chosen["description"]
    check_deferred_first(h)


async def test_move_command_in_thread_and_autocomplete(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    await h.command("move", [option("text", "a6", STRING, focused=True)], ALICE, channel=thread_channel(thread),
                    autocomplete=True)
    auto = callbacks(h)[-1]
    assert auto.json["type"] == 8
    choices = [c["value"] for c in auto.json["data"]["choices"]]
    assert choices == ["a6-a3", "a6-a4", "a6-a5", "a6-b5", "a6-b6", "a6-c4", "a6-c6", "a6-d3", "a6-d6"]  # KO-10 E1
    h.standin.clear()
    await h.command("move", [option("text", "A6 D3", STRING)], ALICE, channel=thread_channel(thread))
    assert "from a6 to d3" in h.standin.to_channel(thread)[0].content
    h.standin.clear()
    await h.command("move", [option("text", "a1-a2", STRING)], ALICE, channel=thread_channel(thread))
    answer = replies(h)[-1]
    assert answer.ephemeral and not h.standin.to_channel(thread), "not alice's turn: refused privately"


async def test_stale_click_answers_with_current_board(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=thread_channel(thread))
    h.standin.clear()
    old = next(m for m in reversed(h.standin.originals.values())
               if "mesa:pick:1:3" in str(m.get("components")))  # the first board, as posted
    assert h.standin.messages[int(old["id"])]["components"] == [], "its controls were retired"
    # Discord only sends a click for a component that is on the message: the retirement was lost
    # (a crash between the new board and the edit of the old one), so the old controls are still there
    h.standin.messages[int(old["id"])] = old
    await h.click("mesa:pick:1:3", BOB, message=old, channel=thread_channel(thread))
    answer = replies(h)[-1]
    assert answer.ephemeral and "out of date" in answer.content and answer.files
    assert not h.standin.to_channel(thread)


async def test_resign_behind_confirmation_then_rematch(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    h.standin.clear()
    await h.click("mesa:resign:1:3:ask", BOB, channel=thread_channel(thread))
    ask = replies(h)[-1]
    assert ask.ephemeral and ask.custom_ids() == ["mesa:resign:1:3:yes"]
    assert not h.standin.to_channel(thread), "nothing happens before the confirmation"
    await h.click("mesa:resign:1:3:yes", BOB, message=h.message_with("mesa:resign:1:3:yes"),
                  channel=thread_channel(thread))
    posts = [r for r in h.standin.to_channel(thread) if r.method == "POST"]
    assert any("resigned" in p.content for p in posts)
    result = next(p for p in posts if "mesa:rematch:" in " ".join(p.custom_ids()))
    check_components(result)
    h.standin.clear()
    await h.click(result.custom_ids()[0], BOB, message=h.message_with(result.custom_ids()[0]),
                  channel=thread_channel(thread))
    invite = next(r for r in h.standin.to_channel() if "mesa:inv:2:" in " ".join(r.custom_ids()))
    assert f"<@{ALICE['id']}>" in invite.content
    # bob was seat 1: in the rematch he asks to move first; alice accepts, bob is mentioned on the board
    await h.click("mesa:inv:2:1:accept", ALICE, message=h.message_with("mesa:inv:2:1:accept"))
    board = [r for r in h.standin.to_channel() if r.files][-1]
    assert f"<@{BOB['id']}>" in board.content


async def test_refusals_self_bot_and_not_seated(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", ALICE["id"], USER)], ALICE,
                    users=[ALICE])
    assert replies(h)[-1].ephemeral and "yourself" in replies(h)[-1].content
    await h.command("play", [option("game", "kona", STRING), option("opponent", ROBOT["id"], USER)], ALICE,
                    users=[ROBOT])
    assert "is a bot" in replies(h)[-1].content
    assert not h.standin.to_channel() and not h.standin.channels, "no table, no thread"
    thread = await start_kona(h)
    h.standin.clear()
    await h.click("mesa:pick:1:3", CAROL, channel=thread_channel(thread))
    assert replies(h)[-1].ephemeral and "not seated" in replies(h)[-1].content


@pytest.mark.parametrize("locale, words", [("en-US", "That command has changed or no longer exists: restart Discord"),
                                            ("es-ES", "Ese comando ha cambiado o ya no existe: reinicia Discord")])
async def test_a_client_with_an_older_registration_is_told_to_restart(harness: Harness, locale: str,
                                                                      words: str) -> None:
    """A Discord client still showing an older registration sends a command the bot no longer has, an option it
    no longer has, or leaves out one it now requires; Discord delivers it as it stands, and the caller hears,
    privately, in their language, to restart Discord to get the current commands; nothing is created."""
    h = harness
    with pytest.raises(KeyError):  # what a current client never sends (the stand-in's check, Harness.client_sends)
        await h.command("pieces", [], ALICE)
    for name, options in (("pieces", []), ("board", [option("tabel", 1, INTEGER)]), ("move", [])):
        h.standin.clear()
        await h.command(name, options, ALICE, stale=True, locale=locale)
        [answer] = [r for r in h.standin.interaction_replies() if r.content]  # answered at once, not deferred
        assert answer.ephemeral and answer.content.startswith(words), (name, answer.content)
    assert not h.standin.to_channel() and not h.standin.channels, "no table, no thread"


async def test_thread_refused_falls_back_to_channel(harness: Harness) -> None:
    h = harness
    h.standin.forbid_threads = True
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    posts = h.standin.to_channel(CHANNEL_ID)
    assert len(posts) == 1 and posts[0].custom_ids()[0] == "mesa:inv:1:1:accept"
    assert f"<#{CHANNEL_ID}>" in replies(h)[-1].content


async def test_games_rules_settings(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    h.standin.clear()
    await h.command("games", [], ALICE)
    answer = replies(h)[-1]
    assert answer.ephemeral and answer.embeds
    line = answer.embeds[0]["description"]
    assert "#1 Kona" in line and "bob" in line and "your turn" in line and f"/{thread}" in line and "<t:" in line
    await h.command("rules", [option("game", "kona", STRING)], BOB)
    rules = replies(h)[-1]
    assert rules.ephemeral and "Kona" in rules.embeds[0]["title"] and rules.files
    assert rules.embeds[0]["image"]["url"] == "attachment://kona.png"
    assert rules.custom_ids() == ["mesa:rules:0:0:kona"]
    assert rules.embeds[0]["footer"]["text"].startswith("Play it: /play game:kona opponent:")  # and Mesa is named
    assert "Mesa" in rules.embeds[0]["footer"]["text"]
    await h.click("mesa:rules:0:0:kona", BOB, message=h.message_with("mesa:rules:0:0:kona"))
    full = replies(h)[-1]
    assert full.ephemeral and full.files and full.files[0][0] == "kona-rules.md"
    assert full.files[0][1].startswith(b"# Kona \xe2\x80\x94 how to play")  # the players' rules, docs/rules
    await h.command("settings", [option("rated", False, BOOLEAN)], BOB)
    assert "Manage Server" in replies(h)[-1].content
    await h.command("settings", [], BOB, permissions=MANAGE_GUILD)  # the default time per move says what it is
    assert "Time per move: the default (3d)" in replies(h)[-1].content
    await h.command("settings", [option("rated", False, BOOLEAN), option("time_per_move", 86400, INTEGER)], BOB,
                    permissions=MANAGE_GUILD)
    done = replies(h)[-1].content
    assert "Settings saved" in done and "1d" in done and "Rated games: off" in done
    assert (await h.bot.service.guild_settings(100000000000000001)).rated is False
    assert "Per player: 10 invitations waiting, 25 games at once" in done, "the default caps are shown"
    # issue 15, defect 10: the caps per player are a server setting
    await h.command("settings", [option("max_games", 3, INTEGER)], BOB, permissions=MANAGE_GUILD)
    assert "Per player: 10 invitations waiting, 3 games at once" in replies(h)[-1].content
    caps = await h.bot.service.caps(100000000000000001)
    assert (caps.max_invitations, caps.max_active) == (10, 3)


async def test_a_damaged_game_is_listed_and_refused_in_its_thread(harness: Harness, tmp_path: Any) -> None:
    """A game whose move log was edited by hand: /games lists it as damaged, with its link (not "no games"), and a
    move typed in its thread is refused as damaged, in the caller's language, changing nothing."""
    h = harness
    thread = await start_kona(h)
    await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=thread_channel(thread))
    await run_sql(str(tmp_path / "mesa.db"), "UPDATE moves SET move = 'zz-9' WHERE table_id = 1 AND ply = 1")
    h.bot.service.store.forget(1)  # as after a restart: the table is read from the database again
    h.standin.clear()
    await h.command("games", [], BOB)
    line = replies(h)[-1].embeds[0]["description"]
    assert line.startswith("#1 Kona: this table's record is damaged") and line.endswith(f"/{thread}"), line
    await h.command("move", [option("text", "f6-c3", STRING)], BOB, channel=thread_channel(thread), locale="es-ES")
    refusal = replies(h)[-1]
    assert refusal.ephemeral and "(#1) está dañado" in refusal.content, refusal.content
    assert not h.standin.to_channel(thread), "nothing posted in the thread"
    moves = await h.bot.service.repo.get_moves(1)
    assert [m.move for m in moves] == ["zz-9"]  # nothing written either


async def test_spanish_caller_gets_spanish(harness: Harness) -> None:
    h = harness
    h.server_speaks("es-ES")
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB], locale="es-ES")
    assert "invita" in h.standin.to_channel()[-1].content, "a Spanish server gets Spanish public posts"
    assert replies(h)[-1].content.startswith("Mesa #1")
    await h.command("play", [option("game", "kona", STRING), option("opponent", ALICE["id"], USER)], ALICE,
                    users=[ALICE], locale="es-ES")
    assert "No puedes jugar contra ti mismo" in replies(h)[-1].content
    await h.command("rules", [option("game", "kona", STRING)], ALICE, locale="es-419")
    assert "guía rápida" in replies(h)[-1].embeds[0]["title"]
    assert "capibara" in replies(h)[-1].embeds[0]["description"]
    # the opening picture's alt text: KO-2.3's four corner stacks of three, in the reader's Spanish
    sample = replies(h)[-1].json["attachments"][0]["description"]
    assert all(f"{sq}: una pila de 3" in sample for sq in ("a6", "f6", "a1", "f1")), sample
    assert replies(h)[-1].embeds[0]["footer"]["text"].startswith("Para jugar: /jugar juego:kona rival:")
    await h.command("rules", [option("game", "kona", STRING), option("full", True, BOOLEAN)], ALICE, locale="es-419")
    files = replies(h)[-1].files
    document = files[0][1].decode()
    assert document.startswith("# Kona — cómo se juega") and "Cómo se gana" in document
    # the pictures come with it, in the order the text numbers them ("*Imagen 1: …*"); no markdown image left
    assert [name for name, _ in files[1:]] == ["kona-rules-1.png", "kona-rules-2.png", "kona-rules-3.png"]
    assert all(data.startswith(b"\x89PNG") for _, data in files[1:])
    assert "*Imagen 3: " in document and "![" not in document
    # each picture's alt text is its caption, the one the text gives it ("*Imagen 2: <caption>*")
    alts = [a.get("description", "") for a in replies(h)[-1].json["attachments"][1:]]
    assert len(alts) == 3 and all(alt and f"*Imagen {n}: {alt}*" in document for n, alt in enumerate(alts, 1))


async def test_open_table_join_and_start(harness: Harness) -> None:
    """K3 with no named opponent: Join / Start; the host starts with two players."""
    h = harness
    await h.command("play", [option("game", "k3", STRING)], ALICE)
    invite = h.standin.to_channel()[-1]
    assert invite.custom_ids() == ["mesa:inv:1:1:join", "mesa:inv:1:1:start", "mesa:inv:1:1:fill",
                                   "mesa:inv:1:1:leave", "mesa:inv:1:1:abort"]
    await h.click("mesa:inv:1:1:join", BOB, message=h.message_with("mesa:inv:1:1:join"))
    await h.click(h.latest_id("mesa:inv:1:"), CAROL)
    h.standin.clear()
    start = h.latest_id("mesa:inv:1:")
    assert start.endswith(":join")
    await h.click(start.replace(":join", ":start"), ALICE, message=h.message_with(start))
    assert replies(h)[-1].content == "The game has started."  # the host is told what the click did
    board = next(r for r in h.standin.to_channel() if r.files)
    ids = board.custom_ids()
    assert ids[0].startswith("mesa:build:1:") and any(i.startswith("mesa:mine:1:") for i in ids)
    # building is private: the private views went by DM to each of the three players
    assert {u for u in (1001, 1002, 1003) if h.standin.to_dms(u)} == {1001, 1002, 1003}
    h.standin.clear()
    build = ids[0]
    await h.click(build, BOB, message=h.message_with(build))
    preview = replies(h)[-1]
    assert preview.ephemeral and "build:" in preview.content
    confirm = next(i for i in preview.custom_ids() if i.startswith("mesa:mv:"))
    assert any(i.startswith("mesa:build:") and i.endswith(":shuffle") for i in preview.custom_ids())
    await h.click(confirm, BOB, message=h.message_with(confirm))
    # the confirmation draws the pyramid as built (K3-3), as the preview drew it, above the move
    drawing = preview.content.split("```")[1]
    built = confirm.split(":", 4)[4]
    assert replies(h)[-1].content == f"```{drawing}```\nPlayed {built}."
    assert [line.split() for line in drawing.strip("\n").splitlines()][-1] == list(built.split(":")[2].split("/")[-1])
    public = " ".join(r.text() for r in h.standin.to_channel())
    assert confirm.split(":", 4)[4] not in public, "the confirmed pyramid stays private while others build"


async def test_open_table_leave_and_cancel_buttons(harness: Harness) -> None:
    """A seated player leaves a waiting table with its button; the host cancels it; others may not."""
    h = harness
    await h.command("play", [option("game", "krakatoa", STRING)], ALICE)
    await h.click("mesa:inv:1:1:join", BOB, message=h.message_with("mesa:inv:1:1:join"))
    leave = h.latest_id("mesa:inv:1:").replace(":join", ":leave")
    await h.click(leave, BOB, message=h.message_with(leave))
    assert replies(h)[-1].ephemeral and replies(h)[-1].content == "You left the table."
    assert 1002 not in (await h.bot.service.table_details(1)).summary.user_ids
    abort = h.latest_id("mesa:inv:1:").replace(":join", ":abort")
    await h.click(abort, CAROL, message=h.message_with(abort))  # not the host: refused, nothing changes
    assert replies(h)[-1].ephemeral and "host" in replies(h)[-1].content
    await h.click(abort, ALICE, message=h.message_with(abort))
    assert replies(h)[-1].content == "The table is cancelled."
    assert (await h.bot.service.active_tables(1001)) == []


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_help_says_how_to_start_and_names_only_real_commands(harness: Harness, locale: str) -> None:
    import re

    from cogs.commands_json import command_payload

    h = harness
    await h.command("help", [], ALICE, locale=locale)
    answer = replies(h)[-1]
    assert answer.ephemeral and answer.embeds
    body = answer.embeds[0]["description"]
    for title in ("Plateau", "Kona", "K3", "Krakatoa"):
        assert title in body
    assert "Mesa" in body  # one can play alone
    # every /command it names is one Discord shows in that language
    shown = {c["name"] if locale == "en-US" else c["name_localizations"]["es-ES"] for c in await command_payload()}
    named = set(re.findall(r"`/([a-z-]+)", body))
    assert named and named <= shown, named - shown
    start = "`/play game:kona opponent:" if locale == "en-US" else "`/jugar juego:kona rival:"
    assert start in body
    # the opening board's Cancel, named as the button reads in that language
    assert ("*Cancel table* on the first board" if locale == "en-US" else "*Cancelar mesa* en el primer") in body


async def test_the_opening_board_s_cancel_calls_the_game_off_for_its_host_alone(harness: Harness) -> None:
    # on Discord a started table could not be cancelled at all (the invitation's Cancel goes with it): a wrong
    # option or the wrong game meant a rated resignation; now the opening board carries Cancel, as /abort
    h = harness
    thread = await start_kona(h)
    place = thread_channel(thread)
    h.standin.clear()
    await h.click("mesa:inv:1:3:abort", BOB, message=h.message_with("mesa:inv:1:3:abort"), channel=place)
    refusal = replies(h)[-1]
    assert refusal.ephemeral and "only by alice, who opened it" in refusal.content and "/draw" in refusal.content
    assert (await h.bot.service.table_details(1)).summary.status == "active"  # nothing changed
    h.standin.clear()
    await h.click("mesa:inv:1:3:abort", ALICE, message=h.message_with("mesa:inv:1:3:abort"), channel=place)
    assert replies(h)[-1].content == "The table is cancelled."
    assert any("was cancelled before the first move" in r.content for r in h.standin.to_channel(thread))
    assert (await h.bot.service.table_details(1)).summary.status == "aborted"
    assert await h.bot.service.repo.get_results(1) == []


async def test_no_cancel_once_a_move_is_made(harness: Harness) -> None:
    h = harness
    thread = await start_kona(h)
    await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=thread_channel(thread))
    board = [r for r in h.standin.to_channel(thread) if r.method == "POST" and r.files][-1]
    assert "a6 to d3" in board.content and not any(i.startswith("mesa:inv:") for i in board.custom_ids())
    opening = next(m for m in h.standin.messages.values() if "Kona #1 begins" in m.get("content", ""))
    assert opening["components"] == []  # its controls retired with the move, Cancel too


async def test_after_k3_s_deal_cancel_needs_every_player(harness: Harness) -> None:
    # K3-2: the deal is seen at the start, so one player's Cancel only asks (GuildLife.agree_to_abort); the
    # table is cancelled when the last player still in presses it too, and the asker is told which it was
    h = harness
    await h.command("play", [option("game", "k3", STRING), option("opponent", BOB["id"], USER)], ALICE, users=[BOB])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)
    cancel = h.latest_id("mesa:inv:1:")
    assert cancel.endswith(":abort") and "deal" in h.message_with(cancel)["content"].lower()
    h.standin.clear()
    await h.click(cancel, ALICE, message=h.message_with(cancel), channel=place)
    assert replies(h)[-1].content.startswith("Asked: the table is cancelled once every player")
    asked = next(r for r in h.standin.to_channel(thread) if "asks to cancel" in r.content)
    assert f"<@{BOB['id']}>" in asked.content and f"<@{ALICE['id']}>" not in asked.content
    assert (await h.bot.service.table_details(1)).summary.status == "active"
    h.standin.clear()  # pressed again: the asker is told, bob is not pinged a second time
    await h.click(cancel, ALICE, message=h.message_with(cancel), channel=place)
    assert replies(h)[-1].content.startswith("You have already asked to cancel table #1")
    assert not any("asks to cancel" in r.content for r in h.standin.to_channel(thread))
    h.standin.clear()
    await h.click(cancel, BOB, message=h.message_with(cancel), channel=place)
    assert replies(h)[-1].content == "The table is cancelled."
    assert (await h.bot.service.table_details(1)).summary.status == "aborted"
    assert await h.bot.service.repo.get_results(1) == []


@pytest.mark.parametrize("locale, said", [
    ("en-US", "bob is no longer in this server, so there is no rematch of Kona #1: start a new game with /play."),
    ("es-ES", "bob ya no está en este servidor, así que no hay revancha de Kona #1: empieza otra partida con /jugar."),
])
async def test_rematch_with_a_player_who_left_the_server_is_refused(harness: Harness, locale: str, said: str) -> None:
    """bob resigned and left the server; alice's Rematch opened an invitation nobody could answer, pinged bob in
    the thread, and told alice "Rematch offered: every player must accept." (Discord's /play offers members only,
    so Rematch was the one way in)."""
    h = harness
    thread = await start_kona(h)
    await h.click("mesa:resign:1:3:ask", BOB, channel=thread_channel(thread))
    await h.click("mesa:resign:1:3:yes", BOB, message=h.message_with("mesa:resign:1:3:yes"),
                  channel=thread_channel(thread))
    h.standin.member_leaves(1002)  # Discord tells a bot without the member intent nothing: Mesa asks
    h.standin.clear()
    await h.click(h.latest_id("mesa:rematch:1:"), ALICE, channel=thread_channel(thread), locale=locale)
    answer = replies(h)[-1]
    assert answer.ephemeral and answer.content == said
    assert not [r for r in h.standin.to_channel() if r.method == "POST"], "nothing posted, nobody pinged"
    assert await h.bot.service.active_tables(1001) == [], "no invitation opened"
