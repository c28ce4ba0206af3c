"""``/games`` within Discord's limits: a player at many tables of four with long names (32 characters, the
most Discord allows) gets every line whole, and is told how many tables did not fit and how to see them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord_standin.payloads import CHANNEL_ID, GUILD_ID, Harness, user
from discord_standin.server import DiscordServer
from discord_standin.world import VIEW_CHANNEL, overwrite
from test_discord_flow import replies

from cogs.limits import MAX_EMBED_DESCRIPTION

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
TABLES = 24


@pytest.mark.parametrize(("locale", "more"), [("en-US", "…and {n} more not listed here"),
                                              ("es-419", "…y {n} más que no caben aquí")])
async def test_games_at_many_tables_of_four_says_how_many_did_not_fit(tmp_path: Path, locale: str,
                                                                      more: str) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    try:
        for i in range(TABLES):  # each host invites alice and two more, all with the longest names
            host = 5000 + 3 * i
            names = [f"{'Ｗ' * 30}{i:02d}"[:32] + str(k) for k in range(3)]
            out = await svc.create(GUILD_ID, CHANNEL_ID, host, names[0], "k3",
                                   [(1001, "alice"), (host + 1, names[1]), (host + 2, names[2])], {})
            for u in (1001, host + 1, host + 2):
                await svc.accept(out[0].table_id, u)
        await h.command("games", [], ALICE, locale=locale)
        [embed] = replies(h)[-1].embeds
        text = embed["description"]
        assert len(text) <= MAX_EMBED_DESCRIPTION
        lines = text.split("\n")
        listed = [int(m.group(1)) for line in lines[:-1] if (m := re.match(r"#(\d+) K3 ", line))]
        assert len(listed) == len(lines) - 1, "every line but the last is a whole table's line"
        assert all(line.endswith(f"/{CHANNEL_ID}") for line in lines[:-1]), "no line cut short"
        assert lines[-1].startswith(more.format(n=TABLES - len(listed))), lines[-1]
        assert 0 < len(listed) < TABLES
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "asked", "own"), [
    ("en-US", "your turn · alice offers a draw · alice asks to take back a move",
     "waiting for bob · your draw offer awaits an answer · your takeback request awaits an answer"),
    ("es-419", "te toca · alice ofrece tablas · alice pide deshacer una jugada",
     "esperando a bob · tu oferta de tablas espera respuesta · tu petición de deshacer espera respuesta")])
async def test_games_says_what_waits_for_an_answer(tmp_path: Path, locale: str, asked: str, own: str) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    try:
        out = await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {"seat": "first"})
        tid = out[0].table_id
        await svc.accept(tid, 1002)
        await svc.submit_move(tid, 1001, "a6-d3")
        await svc.offer_draw(tid, 1001)
        await svc.takebacks.ask(tid, 1001)
        for who, said in ((BOB, asked), (ALICE, own)):
            await h.command("games", [], who, locale=locale)
            [embed] = replies(h)[-1].embeds
            assert f": {said} (" in embed["description"], embed["description"]
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "host", "guest"), [
    ("en-US", "#1 Kona vs bob: waiting for bob (", "#1 Kona vs alice: invited: waiting for your answer (Accept or "
     "Decline in the thread) ("),
    ("es-419", "#1 Kona contra bob: esperando a bob (", "#1 Kona contra alice: invitación: espera tu respuesta "
     "(Aceptar o Rechazar en el hilo) (")])
async def test_games_says_whose_answer_an_invitation_waits_for(tmp_path: Path, locale: str, host: str,
                                                               guest: str) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        await h.bot.service.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {})
        for who, said in ((ALICE, host), (BOB, guest)):
            await h.command("games", [], who, locale=locale)
            [embed] = replies(h)[-1].embeds
            assert embed["description"].startswith(said), embed["description"]
    finally:
        await h.close()


async def test_games_says_a_cancel_asked_after_k3_s_deal(tmp_path: Path) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    try:
        tid = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "k3", [(1002, "bob")], {}))[0].table_id
        await svc.accept(tid, 1002)
        await svc.abort(tid, 1002)  # the deal is seen: bob's Cancel asks alice
        for who, said in ((ALICE, " · bob asks to cancel the table (Cancel table agrees)"),
                          (BOB, " · you asked to cancel the table")):
            await h.command("games", [], who)
            [embed] = replies(h)[-1].embeds
            assert said in embed["description"], embed["description"]
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "none", "head", "line", "host"), [
    ("en-US", "You have no active games.", "**Open tables you can join**",
     "#1 Krakatoa: bob (free seats: 3): Join in the thread (closes <t:",
     "#1 Krakatoa vs no one yet: open to anyone: Start in the thread once everyone is in (Fill with Mesa fills "
     "the empty seats) (closes <t:"),
    ("es-419", "No tienes partidas activas.", "**Mesas abiertas a las que puedes unirte**",
     "#1 Krakatoa: bob (plazas libres: 3): Unirme en el hilo (se cierra <t:",
     "#1 Krakatoa contra nadie aún: abierta a todos: Empezar en el hilo cuando hayan llegado todos (Completar con Mesa "
     "ocupa los asientos libres) (se cierra <t:")])
async def test_games_offers_the_open_tables_the_reader_can_see_and_sit_at(tmp_path: Path, locale: str, none: str,
                                                                         head: str, line: str, host: str) -> None:
    """Someone with no game reads the server's open tables with a free seat, each linked to its thread; not a
    table in a channel hidden from them, not a full one, and not their own (listed as theirs already)."""
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    try:
        hidden = h.standin.add_channel(name="staff", overwrites=[overwrite(1001, deny=VIEW_CHANNEL, member=True)])
        # the gateway's GUILD_CREATE for the server: the channels are read from discord.py's cache
        h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
        await h.settle()
        await svc.create(GUILD_ID, CHANNEL_ID, 1002, "bob", "krakatoa", [], {})  # #1: open to anyone
        await svc.create(GUILD_ID, int(hidden["id"]), 1003, "cy", "k3", [], {})  # #2: where alice cannot look
        full = (await svc.create(GUILD_ID, CHANNEL_ID, 1004, "dee", "krakatoa", [], {}))[0].table_id  # #3
        for k in range(3):
            await svc.join(full, 1100 + k, f"p{k}")
        await h.command("games", [], ALICE, locale=locale)
        [embed] = replies(h)[-1].embeds
        lines = embed["description"].split("\n")
        assert lines[0].startswith(none) and lines[1] == head, lines
        assert len(lines) == 3 and lines[2].startswith(line), lines
        assert lines[2].endswith(f"/{GUILD_ID}/{CHANNEL_ID}")
        await h.command("games", [], BOB, locale=locale)  # bob may look in the staff channel; #1 is his own
        [embed] = replies(h)[-1].embeds
        lines = embed["description"].split("\n")
        assert lines[0].startswith(host) and lines[1] == head, lines  # his to start
        assert len(lines) == 3 and lines[2].startswith("#2 K3: cy") and lines[2].endswith(f"/{hidden['id']}")
        await svc.join(2, 1001, "alice")
        await h.command("games", [], ALICE, locale=locale)  # seated at cy's table: cy starts it
        [embed] = replies(h)[-1].embeds
        waiting = {"en-US": "#2 K3 vs cy: open to anyone, waiting for cy to start it (closes <t:",
                   "es-419": "#2 K3 contra cy: abierta a todos, esperando a que cy la empiece (se cierra <t:"}
        assert embed["description"].startswith(waiting[locale]), embed["description"]
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "head", "line"), [
    ("en-US", "**Tournaments open for entries**",
     "Tournament #1 (Kona, Swiss), organised by bob: 1 player in so far, 3 places left; enter it with "
     "/tournament join number:1."),
    ("es-419", "**Torneos abiertos a inscripciones**",
     "Torneo #1 (Kona, suizo), organizado por bob: 1 jugador hasta ahora, 3 plazas libres; apúntate con "
     "/torneo apuntarse numero:1.")])
async def test_games_offers_the_tournaments_the_reader_could_enter(tmp_path: Path, locale: str, head: str,
                                                                  line: str) -> None:
    """Someone who has not entered reads the server's events open for entries with a place left, each linked to
    the channel where it was announced: not one announced where they cannot look, not a full one, not one they
    entered (listed as theirs), not one running; the organiser reads theirs as theirs, not as one to enter."""
    h = await Harness.open(tmp_path, renderer=None)
    events = h.bot.service.tournaments
    try:
        hidden = h.standin.add_channel(name="staff", overwrites=[overwrite(1001, deny=VIEW_CHANNEL, member=True)])
        h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
        await h.settle()
        await events.create(GUILD_ID, CHANNEL_ID, 1002, "bob", "kona", {"format": "swiss", "max_players": "4"})
        await events.join(GUILD_ID, 1003, "cy", 1)  # #1: one in, three places left
        await events.create(GUILD_ID, int(hidden["id"]), 1004, "dee", "kona", {"format": "swiss"})  # #2: hidden
        await events.create(GUILD_ID, CHANNEL_ID, 1005, "eve", "kona", {"format": "swiss", "max_players": "2"})
        for k in range(2):  # #3: full
            await events.join(GUILD_ID, 1100 + k, f"p{k}", 3)
        await events.create(GUILD_ID, CHANNEL_ID, 1006, "fay", "kona", {"format": "swiss"})
        for k in range(2):  # #4: running
            await events.join(GUILD_ID, 1200 + k, f"q{k}", 4)
        await events.start(GUILD_ID, 1006, 4)
        await h.command("games", [], ALICE, locale=locale)
        [embed] = replies(h)[-1].embeds
        lines = embed["description"].split("\n")
        assert lines[1:] == [head, f"{line} https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}"], lines
        await h.command("games", [], BOB, locale=locale)  # the organiser: #1 is theirs to start; #2 to enter
        [embed] = replies(h)[-1].embeds
        lines = embed["description"].split("\n")
        assert lines[0].startswith(("Tournament #1 (Kona, Swiss): open for entries", "Torneo #1 (Kona, suizo)")), lines
        assert lines[1] == head and lines[2].startswith(("Tournament #2 ", "Torneo #2 ")), lines
        assert len(lines) == 3 and lines[2].endswith(f"/{hidden['id']}"), lines
        assert h.standin.refusals() == []
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "building", "waiting"), [
    ("en-US", "your pyramid to build (Auto-build under the board builds one for you)", "waiting for bob to build"),
    ("es-419", "te toca construir tu pirámide (Montar solo bajo el tablero te la construye)",
     "esperando a que bob construya")])
async def test_games_says_a_pyramid_to_build(tmp_path: Path, locale: str, building: str, waiting: str) -> None:
    """K3's building: /games said "your turn", with no word of the build or its button; and of a player still
    building, "waiting for bob" as if he had a move to make."""
    h = await Harness.open(tmp_path, renderer=None)
    svc = h.bot.service
    try:
        tid = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "k3", [(1002, "bob")], {}))[0].table_id
        await svc.accept(tid, 1002)
        await h.command("games", [], ALICE, locale=locale)
        [embed] = replies(h)[-1].embeds
        assert f": {building} (" in embed["description"], embed["description"]
        await svc.auto(tid, 1001)  # alice's pyramid built for her
        await h.command("games", [], ALICE, locale=locale)
        [embed] = replies(h)[-1].embeds
        assert f": {waiting} (" in embed["description"], embed["description"]
    finally:
        await h.close()

