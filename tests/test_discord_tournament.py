"""Tournaments through the Discord stand-in (issue 31): ``/tournament`` typed by a server's players, the
announcements in the tournament's channel, a thread a table, over simulated days.

- a 16-player Swiss of Kona: time-outs, a withdrawal mid-round, and the bot restarted mid-round (a new
  bot process over the same database, the same Discord);
- a round robin of 5 (a bye each round);
- a K3 event of 10 players, seated at tables of 4 and 3;
- refusals (each friendly, in the caller's language, nothing written) and the server's setting;
- a round paired by a process that died before Discord received anything of it: after the restart its
  boards go to threads of their own and it is announced once (at least once, then confirmed);
- ``number`` autocompleted with the tournaments the caller may act on.

Each event is checked from what is stored (no repeat pairing, at most one bye, every player still in
plays every round, the standings equal a plain recomputation from the stored places) and from what
Discord received: every announcement pings only the players it concerns, each table's boards go to a
thread of its own, and the stand-in refused nothing (payload limits, mentions, permissions).
"""

from __future__ import annotations

import asyncio
import io
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from discord_standin import BOT_ID, Recorded
from discord_standin.payloads import MANAGE_GUILD, Harness, option, text_channel, user
from discord_standin.server import DiscordServer
from discord_standin.world import ATTACH_FILES, CHANNEL_ID, GUILD_ID, overwrite
from PIL import Image

from cogs.tournaments import chunks
from data import tournaments as stored
from tables import TableService

STRING, INTEGER, BOOLEAN, USER = 3, 4, 5, 6
ORG = user(1900, "Org")


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def sub(name: str, *options: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": 1, "options": list(options)}


async def tour(h: Harness, who: dict[str, Any], name: str, *options: dict[str, Any], **kw: Any) -> str:
    """``/tournament <name> ...`` typed by ``who``; the private answer's text."""
    before = len(h.standin.requests)
    await h.command("tournament", [sub(name, *options)], who, **kw)
    answers = [r for r in h.standin.requests[before:]
               if r.path.startswith(("/interactions/", "/webhooks/")) and r.content]
    assert answers and all(r.ephemeral for r in answers), "every answer to the caller is private"
    return answers[-1].content


def channel_posts(h: Harness, since: int = 0) -> list[Recorded]:
    """Messages posted in the tournament's channel itself (announcements), from request ``since``."""
    return [r for r in h.standin.to_channel(CHANNEL_ID) if r.method == "POST" and h.standin.requests.index(r) >= since]


def svc(h: Harness) -> TableService:
    return h.bot.service


async def round_boards(h: Harness) -> Any:
    return await svc(h).tournaments.pairings(GUILD_ID)


async def finish_round(h: Harness, clock: Clock, people: dict[int, dict[str, Any]], rng: random.Random, *,
                       timeouts: bool) -> None:
    """Every game of the current round decided through Discord: /resign, or nobody moves and the ticker
    times the table out after the clock moves on two days."""
    pairing = await round_boards(h)
    slow = False
    for board in pairing.boards:
        if board.kind != "game" or board.places is not None:
            continue
        humans = [u for u in board.user_ids if u in people]
        if timeouts and len(humans) == 2 and rng.random() < 0.4:
            slow = True  # the first to move does not: they lose on time
            continue
        for loser in humans[:-1] if len(humans) > 2 else [rng.choice(humans)]:
            await h.command("resign", [option("table", board.table_id, INTEGER)], people[loser])
    if slow:
        since = len(h.standin.requests)
        clock.moment += timedelta(days=2)
        await h.bot.ticker.tick()
        assert any("ran out of time" in r.content for r in h.standin.requests[since:] if r.method == "POST")


def check_pings(h: Harness, allowed: set[int]) -> None:
    """Nothing Discord received pings anyone but the players (never @everyone), and nothing was refused."""
    assert h.standin.refusals() == []
    for r in h.standin.to_channel():
        users, mass = r.pings()
        assert not mass and users <= allowed, r.content[:200]


async def check_event(h: Harness, tid: int, *, two_player: bool, bye_worth: Fraction = Fraction(1)) -> None:
    """The stored event against the rules, the standings against a plain recomputation."""
    repo = svc(h).repo
    row = await stored.get_tournament(repo, tid)
    assert row is not None and row.status == stored.FINISHED
    people = await stored.entrants(repo, tid)
    boards = await stored.pairings(repo, tid)
    assert sorted({b.round for b in boards}) == list(range(1, row.rounds + 1))
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number in range(1, row.rounds + 1):
        here = [b for b in boards if b.round == number]
        placed = [u for b in here for u in (b.players if b.kind == stored.GAME else b.players[:1])]
        assert len(placed) == len(set(placed))
        still = {e.user_id for e in people if e.left_round is None or e.left_round >= number}
        assert set(placed) == still, f"round {number}: not everyone still in plays"
        for b in here:
            if b.kind == stored.GAME:
                met.update(frozenset(p) for p in combinations(b.players, 2))
            elif b.kind == stored.BYE:
                byes[b.players[0]] += 1
    assert max(byes.values(), default=0) <= 1
    if two_player:
        assert max(met.values()) == 1
    points = {e.user_id: Fraction(0) for e in people}
    for b in boards:
        assert b.places is not None
        if b.kind != stored.GAME:
            points[b.players[0]] += bye_worth
            continue
        n = len(b.players)
        for u, place in zip(b.players, b.places):
            tied = list(b.places).count(place)
            points[u] += Fraction(sum(n - k for k in range(place, place + tied)), tied)
    st = await svc(h).tournaments.standings(GUILD_ID, tid)
    assert {r.user_id: r.points for r in st.rows} == points
    assert [r.points for r in st.rows] == sorted(points.values(), reverse=True)


async def check_threads(h: Harness, since: int) -> None:
    """The current round's tables each live in a thread of their own under the channel, named after the
    table, and their first board went there, pinging only that table's players."""
    pairing = await round_boards(h)
    tables = [b for b in pairing.boards if b.table_id is not None]
    threads = set()
    for board in tables:
        summary = (await svc(h).table_details(board.table_id)).summary
        assert summary.thread_id is not None
        thread = h.standin.channels[summary.thread_id]
        assert int(thread["parent_id"]) == CHANNEL_ID and thread["name"].endswith(f"#{board.table_id}")
        threads.add(summary.thread_id)
        posts = [r for r in h.standin.to_channel(summary.thread_id) if r.method == "POST"
                 and h.standin.requests.index(r) >= since]
        assert posts, f"table {board.table_id}: no board in its thread"
        for r in posts:
            assert r.pings()[0] <= {u for u in board.user_ids if u > 0}
    assert len(threads) == len(tables)


def announcement(h: Harness, since: int, words: str) -> Recorded:
    found = [r for r in channel_posts(h, since) if words in r.content]
    assert found, f"no announcement saying {words!r}"
    return found[0]


def picture_of(r: Recorded) -> Image.Image:
    assert r.files, "the standings picture is attached"
    return Image.open(io.BytesIO(r.files[0][1]))


# ==================================================================== a 16-player Swiss of Kona
async def test_a_16_player_swiss_of_kona_with_timeouts_a_withdrawal_and_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {2001 + i: user(2001 + i, f"P{i + 1:02d}") for i in range(16)}
    everyone = set(players) | {1900}
    try:
        said = await tour(h, ORG, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          option("rounds", 4, INTEGER), option("time_per_move", 86400, INTEGER))
        assert "Tournament #1: Kona, Swiss" in said
        created = announcement(h, 0, "Tournament #1: Kona, Swiss")
        assert created.pings() == (set(), False)
        for p in players.values():
            assert "joined tournament #1" in await tour(h, p, "join")
        assert len(await stored.entrants(svc(h).repo, 1)) == 16
        # refusals: friendly, private, nothing written
        count = len(h.standin.requests)
        assert "already in tournament #1" in await tour(h, players[2001], "join")
        assert "Only the organiser" in await tour(h, players[2001], "start")
        assert len(await stored.entrants(svc(h).repo, 1)) == 16
        assert (await stored.get_tournament(svc(h).repo, 1)).status == stored.OPEN  # type: ignore[union-attr]
        assert channel_posts(h, count) == []  # a refusal posts nothing in the channel
        # round 1: announced pinging the sixteen (not the organiser), a thread a table
        since = len(h.standin.requests)
        said = await tour(h, ORG, "start", option("number", 1, INTEGER))
        assert "round 1 of 4" in said
        first = [r for r in channel_posts(h, since) if "round 1 of 4" in r.content]
        assert len(first) == 1
        assert first[0].pings() == (set(players), False)
        assert not first[0].files  # nothing to stand on yet
        await check_threads(h, since)
        for board in (await round_boards(h)).boards:  # each line links its table's thread
            thread = (await svc(h).table_details(board.table_id)).summary.thread_id
            line = next(x for x in first[0].content.splitlines() if x.startswith(f"table #{board.table_id}:"))
            assert line.endswith(f"<#{thread}>")
        rng = random.Random(31)
        await finish_round(h, clock, players, rng, timeouts=True)
        # round 2: the standings after round 1 attached, legible (the picture's own width)
        r2 = announcement(h, since, "round 2 of 4")
        assert r2.pings()[0] == set(players)
        assert picture_of(r2).width <= 576
        # P16 withdraws mid-round: their game is a forfeit, they are paired no more
        since = len(h.standin.requests)
        assert "P16 withdrew" in await tour(h, players[2016], "withdraw")
        assert announcement(h, since, "P16 withdrew").pings() == (set(), False)
        assert "has started: it takes no more players" in await tour(h, players[2016], "join",
                                                                     option("number", 1, INTEGER))
        assert len([e for e in await stored.entrants(svc(h).repo, 1) if e.status == stored.IN]) == 15
        await finish_round(h, clock, players, rng, timeouts=True)
        pairing = await round_boards(h)
        assert pairing.round == 3 and all(2016 not in b.user_ids for b in pairing.boards)
        assert [b.kind for b in pairing.boards].count("bye") == 1  # fifteen players: one bye
        # half of round 3 decided, then a new bot process over the same database and the same Discord
        for board in [b for b in pairing.boards if b.kind == "game"][:3]:
            await h.command("resign", [option("table", board.table_id, INTEGER)], players[board.user_ids[0]])
        check_pings(h, everyone)
    finally:
        await h.close()
    second = await Harness.open(tmp_path, clock=clock, renderer=None)
    second.standin.adopt(h.standin)
    h = second
    try:
        since = len(h.standin.requests)
        await finish_round(h, clock, players, rng, timeouts=True)
        assert (await round_boards(h)).round == 4
        announcement(h, since, "round 4 of 4")
        await check_threads(h, since)
        since = len(h.standin.requests)
        await finish_round(h, clock, players, rng, timeouts=False)
        final = announcement(h, since, "is over. Winner")
        st = await svc(h).tournaments.standings(GUILD_ID, 1)
        assert final.pings()[0] == {w.user_id for w in st.winners}  # the winners only
        assert picture_of(final).width <= 576
        said = await tour(h, players[2003], "standings")
        assert "final standings, 4 rounds" in said and "Winner" in said and "withdrew" in said
        last = [r for r in h.standin.interaction_replies() if r.files][-1]
        assert last.ephemeral and picture_of(last).width <= 576
        said = await tour(h, players[2003], "pairings", option("round", 2, INTEGER))
        assert "round 2 of 4" in said
        await check_event(h, 1, two_player=True)
        assert len(await svc(h).repo.ratings(GUILD_ID, "kona")) == 16  # a rated event feeds the leaderboard
        check_pings(h, everyone)
    finally:
        await h.close()


# ==================================================================== a round robin of 5
async def test_a_round_robin_of_5_gives_a_bye_each_round(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {3001 + i: user(3001 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee", "Eve"])}
    try:
        await tour(h, players[3001], "create", option("game", "plateau", STRING),
                   option("format", "round-robin", STRING), option("rated", False, BOOLEAN),
                   option("time_per_move", 86400, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        since = len(h.standin.requests)
        assert "round 1 of 5" in await tour(h, players[3001], "start")
        rng = random.Random(5)
        for number in range(1, 6):
            pairing = await round_boards(h)
            assert pairing.round == number
            bye = [b for b in pairing.boards if b.kind == "bye"]
            assert len(bye) == 1
            post = announcement(h, since, f"round {number} of 5")
            line = next(x for x in post.content.splitlines() if "a bye" in x)
            assert bye[0].names[0] in line
            if number in (1, 5):  # /games of the player sitting out names the bye: no table is theirs this round
                sitter = players[bye[0].user_ids[0]]
                then = {1: ("your next game comes with round 2.", "tu próxima partida llega con la ronda 2."),
                        5: ("the final standings come when the round's games end.",
                            "la clasificación final llega cuando terminen las partidas de la ronda.")}[number]
                for locale, words in (("en-US", f"Tournament #1 (Plateau), round {number} of 5: you have a bye "
                                                f"(1 point); {then[0]}"),
                                      ("es-ES", f"Torneo #1 (Plateau), ronda {number} de 5: descansas (1 punto); "
                                                f"{then[1]}")):
                    before = len(h.standin.requests)
                    await h.command("games", [], sitter, locale=locale)
                    [told] = [r for r in h.standin.requests[before:] if r.path.startswith("/webhooks/") and r.embeds]
                    assert told.ephemeral and told.embeds[0]["description"] == words
            await check_threads(h, since)
            since = len(h.standin.requests)
            await finish_round(h, clock, players, rng, timeouts=number % 2 == 0)
        await check_event(h, 1, two_player=True)
        met = Counter(frozenset(b.players) for b in await stored.pairings(svc(h).repo, 1) if b.kind == "game")
        assert len(met) == 10 and set(met.values()) == {1}  # everyone met everyone once
        assert await svc(h).repo.ratings(GUILD_ID, "plateau") == []  # unrated: not on the leaderboard
        check_pings(h, set(players))
    finally:
        await h.close()


async def test_a_player_who_withdrew_from_a_round_robin_is_named_on_the_forfeit_lines_never_pinged(
        tmp_path: Path) -> None:
    """Dee withdraws in round 1 of a round robin: every later round names her on its forfeit line ("Ben: wins by
    forfeit (Dee withdrew)") but pings only the players still in (each board's line pinged every one of its
    players, Dee too, in every round to the end)."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {3101 + i: user(3101 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])}
    dee = 3104
    try:
        await tour(h, players[3101], "create", option("game", "kona", STRING), option("format", "round-robin", STRING))
        for p in players.values():
            await tour(h, p, "join")
        await tour(h, players[3101], "start")
        assert "withdrew" in await tour(h, players[dee], "withdraw")
        rng = random.Random(3)
        for number in (2, 3):
            since = len(h.standin.requests)
            await finish_round(h, clock, players, rng, timeouts=False)
            post = announcement(h, since, f"round {number} of 3")
            assert "forfeit (Dee withdrew)" in post.content
            pinged = set().union(*(r.pings()[0] for r in channel_posts(h, since)))
            assert dee not in pinged and pinged == set(players) - {dee}, (number, pinged)
        check_pings(h, set(players))
    finally:
        await h.close()


async def test_a_start_that_cuts_the_rounds_asked_tells_the_organiser_the_pairings_too(tmp_path: Path) -> None:
    """A Swiss of three asked for 5 rounds plays 3: the organiser's private answer said only that, not that the
    event had started nor round 1's tables (the channel had both)."""
    h = await Harness.open(tmp_path, clock=Clock(), renderer=None)
    players = {3201 + i: user(3201 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy"])}
    try:
        await tour(h, players[3201], "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 5, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        said = await tour(h, players[3201], "start")
        assert "plays 3 rounds, not the 5 rounds asked" in said
        assert "round 1 of 3" in said and "a bye (1 point)" in said, said
        assert len(said) <= 2000
    finally:
        await h.close()


async def test_a_command_without_a_number_means_the_event_of_the_channel_or_thread_it_is_typed_in(
        tmp_path: Path) -> None:
    """Two events in two channels of one server: ``/tournament join`` typed in #other, ``standings`` typed in the
    first event's channel and ``pairings`` typed in a table's thread of the second were all refused "Several
    tournaments fit (#1, #2)" (the example named the other channel's); each now means the event of that place."""
    h = await Harness.open(tmp_path, clock=Clock(), renderer=None)
    people = [user(3301 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])]
    other = h.standin.add_channel(name="other")
    try:
        await tour(h, people[0], "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, people[1], "create", option("game", "plateau", STRING), option("format", "swiss", STRING),
                   channel=other)
        assert "joined tournament #2" in await tour(h, people[2], "join", channel=other)
        assert "joined tournament #1" in await tour(h, people[2], "join")
        for p in people:
            if p is not people[2]:
                await tour(h, p, "join", option("number", 1, INTEGER))
                await tour(h, p, "join", option("number", 2, INTEGER), channel=other)
        await tour(h, people[0], "start", option("number", 1, INTEGER))
        await tour(h, people[1], "start", option("number", 2, INTEGER), channel=other)
        assert (await tour(h, people[2], "standings")).startswith("Tournament #1 (Kona)")
        assert (await tour(h, people[2], "standings", channel=other)).startswith("Tournament #2 (Plateau)")
        board = next(b for b in (await svc(h).tournaments.pairings(GUILD_ID, 2)).boards if b.kind == "game")
        thread = (await svc(h).table_details(board.table_id or 0)).summary.thread_id
        by_id = {3301 + i: p for i, p in enumerate(people)}
        said = await tour(h, by_id[board.user_ids[0]], "pairings", channel=h.standin.place(thread))
        assert said.startswith("Tournament #2 (Plateau): round 1"), said
        lobby = h.standin.add_channel(name="lobby")  # neither event's place: asked which, as before
        assert "Several tournaments fit" in await tour(h, people[3], "withdraw", channel=lobby)
    finally:
        await h.close()


# ==================================================================== K3, ten players
async def test_a_k3_event_of_10_players_in_tables_of_4_and_3(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {4001 + i: user(4001 + i, f"K{i + 1}") for i in range(10)}
    try:
        said = await tour(h, players[4001], "create", option("game", "k3", STRING),
                          option("format", "round-robin", STRING))
        assert "choose `format: Swiss`" in said  # K3 is seated in groups: refused, nothing written
        assert await stored.guild_tournaments(svc(h).repo, GUILD_ID) == []
        await tour(h, players[4001], "create", option("game", "k3", STRING), option("format", "swiss", STRING),
                   option("rounds", 3, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        since = len(h.standin.requests)
        await tour(h, players[4001], "start")
        rng = random.Random(10)
        for number in range(1, 4):
            pairing = await round_boards(h)
            assert pairing.round == number
            assert sorted(len(b.user_ids) for b in pairing.boards) == [3, 3, 4]  # tables of 4 first, then 3
            post = announcement(h, since, f"round {number} of 3")
            assert post.pings()[0] == set(players)
            await check_threads(h, since)
            since = len(h.standin.requests)
            await finish_round(h, clock, players, rng, timeouts=False)
        await check_event(h, 1, two_player=False)
        final = announcement(h, since, "is over. Winner")
        assert picture_of(final).width <= 576
        check_pings(h, set(players))
    finally:
        await h.close()


# ==================================================================== refusals and the setting
async def test_refusals_are_private_friendly_and_write_nothing(tmp_path: Path) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben = user(5001, "Ana"), user(5002, "Ben")
    try:
        repo = svc(h).repo
        # the server's setting: only managers organise
        await h.command("settings", [option("tournaments", "managers", STRING)], ana, permissions=MANAGE_GUILD)
        answer = [r for r in h.standin.interaction_replies() if r.content][-1].content
        assert "Who may create, start and cancel tournaments: server managers only" in answer
        assert await svc(h).tournaments.managers_only(GUILD_ID)
        said = await tour(h, ben, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        assert "only people with Manage Server" in said
        assert await stored.guild_tournaments(repo, GUILD_ID) == []
        said = await tour(h, ben, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          locale="es-ES")
        assert said.startswith("En este servidor solo quien tiene Gestionar servidor")  # the caller's language
        # a game option that does not fit
        said = await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          option("variant", "nonsense=1", STRING), permissions=MANAGE_GUILD)
        # what `variant` takes, and the rest as Discord's own options of the command (not the console's list)
        assert said.replace("\\_", "_") == ("A Kona tournament has no option nonsense. What `variant` takes: "
                                             "repetition_draw, move_limit; the others are options of "
                                             "`/tournament create` itself.")
        said = await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          option("variant", "nonsense=1", STRING), permissions=MANAGE_GUILD, locale="es-ES")
        assert said.endswith("; las demás son opciones del propio `/torneo crear`.")
        said = await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          option("double", True, BOOLEAN), permissions=MANAGE_GUILD)
        assert "`double` is for round robins" in said  # the option as Discord names it
        assert await stored.guild_tournaments(repo, GUILD_ID) == []
        assert channel_posts(h) == []
        # nothing to join, start or show yet
        assert "No tournament in this server is taking players" in await tour(h, ben, "join")
        assert "no tournament underway" in await tour(h, ben, "standings")
        # a real one: a manager creates it, Ben joins, nobody else: too few to start
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("max_players", 2, INTEGER), permissions=MANAGE_GUILD)
        await tour(h, ben, "join", option("number", 1, INTEGER))
        said = await tour(h, ana, "start", permissions=MANAGE_GUILD)
        assert "needs at least 2 players" in said
        assert "Only the organiser" in await tour(h, ben, "cancel")
        assert "Only the organiser" in await tour(h, ben, "remove", option("player", 5001, USER), users=[ana])
        # removing oneself names the command that does it, and does nothing
        assert "use /tournament leave number:1" in await tour(h, ben, "remove", option("player", 5002, USER),
                                                                users=[ben])
        assert "has not started yet" in await tour(h, ben, "pairings")
        assert "There is no tournament #7" in await tour(h, ben, "join", option("number", 7, INTEGER))
        await tour(h, ana, "join")
        assert "is full (2 players)" in await tour(h, user(5003, "Cy"), "join")
        assert [e.user_id for e in await stored.entrants(repo, 1)] == [5002, 5001]
        # the organiser takes Ben off before the start; the standings picture of an open event draws
        assert "Ben was taken off" in await tour(h, ana, "remove", option("player", 5002, USER), users=[ben],
                                                 permissions=MANAGE_GUILD)
        # removing him again: he is named, and the list is a command in Discord's words
        said = await tour(h, ana, "remove", option("player", 5002, USER), users=[ben], permissions=MANAGE_GUILD)
        assert said == "Ben is not in tournament #1: /tournament standings number:1 lists its players."
        bot = user(h.bot.user.id, "Mesa", bot=True)  # the bot itself is Mesa: never entered, nothing to remove
        said = await tour(h, ana, "remove", option("player", bot["id"], USER), users=[bot], permissions=MANAGE_GUILD)
        assert said.startswith("Mesa is not entered in tournament #1: it plays no games in it")
        said = await tour(h, ana, "standings")
        reply = [r for r in h.standin.interaction_replies() if r.files][-1]
        assert picture_of(reply).width <= 576 and "Ana" in said
        assert "is cancelled" in await tour(h, ana, "cancel", permissions=MANAGE_GUILD)
        assert h.standin.refusals() == []
    finally:
        await h.close()


def test_long_rounds_are_split_within_discords_limits() -> None:
    """A round of 256 players: every message within 2000 characters and 100 pings, each player pinged
    once, in the message that holds their own line."""
    lines = ["Tournament #1 (Kona), round 1 of 8:"] + [f"table #{i}: Player {2 * i} v Player {2 * i + 1}"
                                                     for i in range(128)]
    pings = [[]] + [[2 * i + 10_000, 2 * i + 10_001] for i in range(128)]
    messages = chunks(lines, pings)
    assert len(messages) >= 3  # 256 pings need three messages at least
    seen: list[int] = []
    for text, users in messages:
        assert len(text) <= 2000 and len(users) <= 100
        for u in users:
            assert f"<@{u}>" in text
            number = (u - 10_000) // 2
            assert f"table #{number}:" in text  # pinged beside their own line
        seen += users
    assert sorted(seen) == sorted(u for p in pings for u in p)
    assert "\n".join(t.split("\n", 1)[1] if t.startswith("<@") else t for t, _ in messages).count("table #") == 128
    assert chunks(["one line"], [[-3, 5]]) == [("<@5>\none line", [5])]  # Mesa's seats (negative ids) never


async def test_the_command_group_fits_discords_limits() -> None:
    """``/tournament``'s subcommands: names and descriptions within Discord's limits, every one localised
    in Spanish, options at most 25 with the required ones first, localised names unique per command."""
    import re

    from cogs.commands_json import command_payload

    payload = {c["name"]: c for c in await command_payload()}
    group = payload["tournament"]
    assert group["name_localizations"]["es-ES"] == "torneo" and group["dm_permission"] is False
    subs = {s["name"]: s for s in group["options"]}
    assert set(subs) == {"create", "join", "leave", "start", "standings", "pairings", "withdraw", "cancel", "remove"}
    name = re.compile(r"^[-_\w]{1,32}$")
    for s in subs.values():
        assert s["type"] == 1 and name.match(s["name"]) and 1 <= len(s["description"]) <= 100
        options = s.get("options") or []
        assert len(options) <= 25
        required = [o.get("required", False) for o in options]
        assert required == sorted(required, reverse=True)
        for locale in ("es-ES", "es-419"):
            assert name.match(s["name_localizations"][locale])
            assert 1 <= len(s["description_localizations"][locale]) <= 100
            assert len({o["name_localizations"][locale] for o in options}) == len(options)
            for o in options:
                assert name.match(o["name_localizations"][locale])
                assert 1 <= len(o["description_localizations"][locale]) <= 100
    create = {o["name"]: o for o in subs["create"]["options"]}
    assert [c["value"] for c in create["game"]["choices"]] == ["kona", "plateau", "k3", "krakatoa"]
    assert [c["value"] for c in create["format"]["choices"]] == ["swiss", "round-robin"]
    assert create["variant"]["autocomplete"] is True and create["max_players"]["max_value"] == 256
    assert subs["remove"]["options"][0]["type"] == USER


@pytest.mark.slow
async def test_a_round_of_110_players_is_announced_within_discords_limits(tmp_path: Path) -> None:
    """Round 1 of a 110-player Swiss: 55 threads and boards, the announcement split into messages of at
    most 2000 characters and 100 pings, each player pinged once; with tight rate limits (20 requests a
    second a route: discord.py waits on the headers, or on a 429) nothing is lost or refused."""
    from discord_standin.ratelimit import Limits

    h = await Harness.open(tmp_path, renderer=None)
    players = {6001 + i: user(6001 + i, f"Q{i + 1:03d}") for i in range(110)}
    try:
        await tour(h, ORG, "create", option("game", "plateau", STRING), option("format", "swiss", STRING),
                   option("rounds", 1, INTEGER), option("max_players", 128, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        h.standin.ratelimiter.limits = Limits(route=20)
        since = len(h.standin.requests)
        await tour(h, ORG, "start")
        posts = [r for r in channel_posts(h, since) if r.status == 200]
        assert len(posts) >= 2
        pinged: list[int] = []
        for r in posts:
            users, mass = r.pings()
            assert len(r.content) <= 2000 and len(users) <= 100 and not mass
            pinged += sorted(users)
        assert sorted(pinged) == sorted(players)  # everyone once
        pairing = await round_boards(h)
        assert len([b for b in pairing.boards if b.kind == "game"]) == 55
        await check_threads(h, since)
        assert h.standin.refusals() == []
    finally:
        await h.close()


async def test_a_spanish_server_hears_its_tournaments_in_spanish(tmp_path: Path) -> None:
    """Announcements follow the server's language, answers the caller's (an English speaker there)."""
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben = user(7001, "Ana"), user(7002, "Ben")
    try:
        h.server_speaks("es-ES")
        said = await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                          locale="es-ES")
        assert said.startswith("Torneo #1: Kona, suizo")
        assert channel_posts(h)[-1].content.startswith("Torneo #1: Kona, suizo")
        said = await tour(h, ben, "join")
        assert said.startswith("Ben joined tournament #1")
        assert channel_posts(h)[-1].content.startswith("Ben se apuntó al torneo #1")
        await tour(h, ana, "join", locale="es-ES")
        since = len(h.standin.requests)
        await tour(h, ana, "start", locale="es-ES")
        post = announcement(h, since, "Torneo #1 (Kona), ronda 1 de 1")
        assert post.pings()[0] == {7001, 7002}
        assert any(line.startswith("mesa #") for line in post.content.splitlines())
    finally:
        await h.close()


async def test_games_tells_the_organiser_and_an_entrant_what_the_event_waits_for(tmp_path: Path) -> None:
    """/games said "You have no active games" to an organiser whose event waited for them to start it, to the
    entrants waiting for that, and to an organiser whose event ran without them: each now reads the event, with the
    command it waits for as their Discord names it."""
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben, cy = user(7101, "Ana"), user(7102, "Ben"), user(7103, "Cy")

    async def games(who: dict[str, Any], locale: str = "en-US") -> str:
        await h.command("games", [], who, locale=locale)
        [embed] = [r for r in h.standin.interaction_replies() if r.embeds][-1].embeds
        return str(embed["description"])

    try:
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        assert await games(ana) == ("Tournament #1 (Kona, Swiss): open for entries, 1 player in; yours to start with "
                                    "/tournament start number:1 once everyone has joined.")
        assert await games(ben, "es-ES") == ("Torneo #1 (Kona, suizo): estás inscrito, 1 jugador hasta ahora; "
                                             "empieza cuando Ana lo inicie.")
        await tour(h, cy, "join")
        await tour(h, ana, "start")
        assert await games(ana) == ("Tournament #1 (Kona), which you organise: round 1 of 1, 1 table still playing "
                                    "(/tournament standings number:1).")
        assert "/torneo clasificacion numero:1" in await games(ana, "es-ES")
        listed = await games(ben)  # a player finds their table, not the event
        assert listed.startswith("#1 Kona vs Cy: ") and "Tournament" not in listed
        assert h.standin.refusals() == []
    finally:
        await h.close()


async def test_the_join_that_fills_an_event_tells_its_organiser_they_can_start_it(tmp_path: Path) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben, cy = user(7201, "Ana"), user(7202, "Ben"), user(7203, "Cy")
    try:
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("max_players", 2, INTEGER))
        since = len(h.standin.requests)
        await tour(h, ben, "join")
        [post] = channel_posts(h, since)
        assert post.content == "Ben joined tournament #1 (Kona): 1 entered so far." and post.pings()[0] == set()
        since = len(h.standin.requests)
        await tour(h, cy, "join")
        [post] = channel_posts(h, since)
        assert post.content.endswith("Cy joined tournament #1 (Kona): 2 entered, and it is full. Ana can start it now "
                                     "with /tournament start number:1.")
        assert post.pings()[0] == {7201}  # the organiser, and only them
        assert "is full" in await tour(h, user(7204, "Dee"), "join")
        assert h.standin.refusals() == []
    finally:
        await h.close()


async def test_an_event_no_one_starts_is_warned_in_its_channel_then_closes(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    ana, ben = user(7301, "Ana"), user(7302, "Ben")
    try:
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        since = len(h.standin.requests)
        clock.moment += timedelta(days=13, minutes=1)
        await h.bot.ticker.tick()
        [warning] = channel_posts(h, since)
        assert "closes unstarted in a day. Ana can start it now with /tournament start number:1" in warning.content
        assert warning.pings()[0] == {7301}  # the organiser only
        since = len(h.standin.requests)
        clock.moment += timedelta(days=1)
        await h.bot.ticker.tick()
        [closed] = channel_posts(h, since)
        assert "Tournament #1 (Kona) closed unstarted: in 14 days no one started it, joined or left." in closed.content
        assert closed.pings()[0] == {7301, 7302}  # the organiser and the entrant
        assert "No tournament in this server is taking players" in await tour(h, user(7303, "Cy"), "join")
        assert h.standin.refusals() == []
    finally:
        await h.close()


async def test_mesa_fills_the_bye_and_plays_in_its_thread(tmp_path: Path) -> None:
    """``mesa_fills``: the player who would sit out plays Mesa, at a table in a thread of its own; Mesa
    answers there after the player's move, and is never pinged (its seats have no Discord id)."""
    from tables.mesa import is_mesa
    from tables.thinking import Thinker, iterations

    h = await Harness.open(tmp_path, renderer=None, thinker=Thinker(processes=False, budget=iterations(10)))
    players = {8001 + i: user(8001 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy"])}
    try:
        await tour(h, players[8001], "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 1, INTEGER), option("mesa_fills", True, BOOLEAN), option("rated", False, BOOLEAN))
        for p in players.values():
            await tour(h, p, "join")
        since = len(h.standin.requests)
        await tour(h, players[8001], "start")
        await check_threads(h, since)
        pairing = await round_boards(h)
        against = next(b for b in pairing.boards if any(is_mesa(u) for u in b.user_ids))
        human = against.user_ids[0]
        assert not is_mesa(human) and against.table_id is not None
        thread = (await svc(h).table_details(against.table_id)).summary.thread_id
        assert thread is not None
        move = (await svc(h).legal_moves_for(against.table_id, human))[0]
        await h.command("move", [option("text", move, STRING), option("table", against.table_id, INTEGER)],
                        players[human])
        await h.bot.mesa.idle()
        in_thread = [r.content for r in h.standin.to_channel(thread) if r.method == "POST"]
        assert any("Mesa" in c and "moved from" in c for c in in_thread[1:]), in_thread
        for board in pairing.boards:
            if board.kind == "game" and board.table_id is not None:
                await h.command("resign", [option("table", board.table_id, INTEGER)], players[board.user_ids[0]])
        await h.bot.mesa.idle()
        announcement(h, since, "is over. Winner")
        assert all("<@-" not in r.content for r in h.standin.to_channel())
        check_pings(h, set(players))
    finally:
        await h.close()


async def test_a_pairing_killed_midway_is_paired_once_by_the_next_tick_of_either_process(tmp_path: Path) -> None:
    """The move that ends round 1 crashes inside the pairing's transaction (nothing of round 2 written; the
    move stands, its answer is given).  Two bot processes over the same database then tick at once: round
    2 is paired and announced exactly once, its tables in their threads; further ticks change nothing."""
    import asyncio

    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {9001 + i: user(9001 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])}
    other: Harness | None = None
    try:
        await tour(h, players[9001], "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 2, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        await tour(h, players[9001], "start")
        boards = [b for b in (await round_boards(h)).boards if b.kind == "game"]
        await h.command("resign", [option("table", boards[0].table_id, INTEGER)], players[boards[0].user_ids[0]])

        async def crash(board: int) -> None:
            if board == 2:
                raise RuntimeError("killed")

        svc(h).tournaments.fault = crash
        last = boards[1]
        await h.command("resign", [option("table", last.table_id, INTEGER)], players[last.user_ids[1]])
        assert "You resigned" in [r for r in h.standin.interaction_replies() if r.content][-1].content
        assert await stored.rounds_paired(svc(h).repo, 1) == 1  # nothing of round 2 was written
        svc(h).tournaments.fault = None
        other = await Harness.open(tmp_path, clock=clock, renderer=None)  # a second process; the same Discord
        other.standin.adopt(h.standin)
        since = len(other.standin.requests)
        clock.moment += timedelta(minutes=5)
        await asyncio.gather(h.bot.ticker.tick(), other.bot.ticker.tick())
        await asyncio.gather(h.bot.ticker.tick(), other.bot.ticker.tick())
        assert await stored.rounds_paired(svc(h).repo, 1) == 2
        said = [r for r in other.standin.requests[since:] if r.method == "POST" and "round 2 of 2" in r.content]
        assert len(said) == 1, [r.content for r in said]
        await check_threads(other, since)
        assert other.standin.refusals() == []
    finally:
        if other is not None:
            await other.close()
        await h.close()


async def test_without_threads_the_tables_play_in_the_channel(tmp_path: Path) -> None:
    """Discord refuses the bot threads there (403): the round is announced all the same, its tables play
    in the tournament's channel as ``/play``'s would, and the refusal is met once, not once a table."""
    h = await Harness.open(tmp_path, renderer=None)
    players = {9101 + i: user(9101 + i, f"T{i}") for i in range(6)}
    try:
        await tour(h, players[9101], "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        for p in players.values():
            await tour(h, p, "join")
        h.standin.forbid_threads = True
        since = len(h.standin.requests)
        await tour(h, players[9101], "start")
        tried = [r for r in h.standin.requests[since:] if r.path.endswith("/threads") and r.method == "POST"]
        assert len(tried) == 1 and tried[0].status == 403
        announcement(h, since, "round 1 of 3")
        for board in (await round_boards(h)).boards:
            assert (await svc(h).table_details(board.table_id)).summary.thread_id is None
            assert any(f"#{board.table_id}" in r.content for r in channel_posts(h, since) if "begins" in r.content)
    finally:
        await h.close()


async def test_a_round_paired_by_a_process_that_died_before_delivering_is_announced_and_threaded(
        tmp_path: Path) -> None:
    """The move that ends round 1 pairs round 2 and starts its tables, and the process dies before Discord
    receives anything of it (the announcement, the boards).  The restarted bot posts the boards it finds
    unposted, each in a thread of its own made then, and its ticker announces round 2 once, linking those
    threads; nothing of the round goes to the channel but its announcement."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {9201 + i: user(9201 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])}
    again: Harness | None = None
    try:
        await tour(h, players[9201], "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 2, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        await tour(h, players[9201], "start")
        first, last = [b for b in (await round_boards(h)).boards if b.kind == "game"]
        await h.command("resign", [option("table", first.table_id, INTEGER)], players[first.user_ids[0]])
        # the last game of round 1 ends in a process that dies before delivering what the service returned
        lost = await svc(h).resign(last.table_id or 0, last.user_ids[1])
        assert any(getattr(m, "key", "") == "tournament.round" for m in lost)  # round 2 was paired, announced...
        assert await stored.rounds_paired(svc(h).repo, 1) == 2
        round2 = [b for b in (await round_boards(h)).boards if b.table_id is not None]
        for board in round2:  # ... and its tables started: boards that never reached Discord
            assert (await svc(h).table_details(board.table_id)).summary.thread_id is None
        await h.close()
        again = await Harness.open(tmp_path, clock=clock, renderer=None)  # the restart; the same Discord
        again.standin.adopt(h.standin)
        since = len(again.standin.requests)
        clock.moment += timedelta(minutes=5)
        await again.bot.ticker.post_missed()  # as at every start: the boards a dead process never posted
        await again.bot.ticker.tick()
        await again.bot.ticker.tick()
        await check_threads(again, since)  # each board in a thread of its own
        in_channel = channel_posts(again, since)
        assert [r.content.count("round 2 of 2") for r in in_channel] == [1], [r.content for r in in_channel]
        post = in_channel[0]
        for board in round2:  # the announcement links each table's thread and pings its players
            thread = (await svc(again).table_details(board.table_id)).summary.thread_id
            assert f"<#{thread}>" in post.content
        assert post.pings()[0] == set(players)
        assert again.standin.refusals() == []
        clock.moment += timedelta(minutes=5)
        before = len(again.standin.requests)
        await again.bot.ticker.tick()  # delivered and confirmed: never again
        assert channel_posts(again, before) == []
    finally:
        if again is not None:
            await again.close()
        else:
            await h.close()


async def number_choices(h: Harness, name: str, who: dict[str, Any], typed: str = "", **kw: Any) -> list[Any]:
    """``/tournament <name> number:`` as Discord asks while it is typed: the autocomplete choices answered."""
    before = len(h.standin.requests)
    await h.command("tournament", [sub(name, option("number", typed, INTEGER, focused=True))], who,
                    autocomplete=True, **kw)
    answers = [r for r in h.standin.requests[before:] if r.path.endswith("/callback")]
    assert len(answers) == 1 and answers[0].json["type"] == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    assert h.standin.refusals() == []  # within Discord's limits: 25 choices, names of 1-100 characters, 3 s
    return [(c["name"], c["value"]) for c in answers[0].json["data"]["choices"]]


async def test_number_is_autocompleted_with_the_tournaments_the_caller_may_act_on(tmp_path: Path) -> None:
    """``number``: open ones to join (not those one is in), one's own to leave or withdraw from, the
    organiser's to start or cancel, any with rounds for pairings; ``#id game, format (n players)``, in the
    caller's language."""
    h = await Harness.open(tmp_path, renderer=None)
    ana, ben, cy, dee = (user(9301 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"]))
    try:
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "create", option("game", "k3", STRING), option("format", "swiss", STRING))
        await tour(h, ana, "create", option("game", "plateau", STRING), option("format", "round-robin", STRING))
        for who in (ana, ben, cy):
            await tour(h, who, "join", option("number", 1, INTEGER))
        await tour(h, cy, "join", option("number", 3, INTEGER))
        assert await number_choices(h, "join", dee) == [
            ("#3 Plateau, round robin (1 player)", 3), ("#2 K3, rounds in groups of 3-4 (0 players)", 2),
            ("#1 Kona, Swiss (3 players)", 1)]
        assert [v for _, v in await number_choices(h, "join", cy)] == [2]  # not those Cy is in
        assert [v for _, v in await number_choices(h, "leave", cy)] == [3, 1]
        assert [v for _, v in await number_choices(h, "start", ana)] == [3, 1]  # Ana's own
        assert [v for _, v in await number_choices(h, "start", dee)] == []
        assert [v for _, v in await number_choices(h, "start", dee, permissions=MANAGE_GUILD)] == [3, 2, 1]
        assert [v for _, v in await number_choices(h, "join", dee, "kon")] == [1]  # what is typed narrows it
        assert [v for _, v in await number_choices(h, "join", dee, "2")] == [2]
        assert await number_choices(h, "join", dee, locale="es-ES") == [
            ("#3 Plateau, liga (todos contra todos) — 1 jugador", 3),
            ("#2 K3, rondas en grupos de 3-4 — 0 jugadores", 2), ("#1 Kona, suizo — 3 jugadores", 1)]
        await tour(h, ana, "start", option("number", 1, INTEGER))
        assert [v for _, v in await number_choices(h, "withdraw", cy)] == [3, 1]
        assert [v for _, v in await number_choices(h, "withdraw", dee)] == []
        assert [v for _, v in await number_choices(h, "pairings", dee)] == [1]  # the one with rounds
        assert [v for _, v in await number_choices(h, "join", dee)] == [3, 2]  # #1 takes no one now
        await tour(h, ana, "cancel", option("number", 3, INTEGER))
        assert [v for _, v in await number_choices(h, "standings", dee)] == [2, 1, 3]  # underway first
        for _ in range(30):  # a server with a long past: at most 25 choices, the newest
            await svc(h).tournaments.create(GUILD_ID, CHANNEL_ID, 9301, "Ana", "kona", {"format": "swiss"})
            last = (await stored.guild_tournaments(svc(h).repo, GUILD_ID))[-1].id
            await svc(h).tournaments.cancel(GUILD_ID, 9301, last)
        offered = [v for _, v in await number_choices(h, "standings", dee)]
        assert len(offered) == 25 and offered[:3] == [2, 1, last]
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "started"), [("en-US", "round 1 of 3"), ("es-ES", "ronda 1 de 3")])
async def test_start_typed_in_another_channel_reads_the_tournaments_channel(tmp_path: Path, locale: str,
                                                                          started: str) -> None:
    """The organiser types /tournament start in a channel where Mesa may not attach files; the tournament's
    own channel (where its tables open) is fine: the event starts, its tables in its channel.  Typed in the
    tournament's channel where Mesa may not post, it is refused there, and nothing starts."""
    h = await Harness.open(tmp_path, renderer=None)
    people = [user(3101 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy"])]
    try:
        await tour(h, people[0], "create", option("game", "kona", STRING), option("format", "round-robin", STRING))
        for p in people:
            await tour(h, p, "join")
        elsewhere = h.standin.add_channel(overwrites=[overwrite(BOT_ID, deny=ATTACH_FILES, member=True)])
        # the gateway's GUILD_CREATE for the server: the tournament's channel is read from discord.py's cache
        h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
        await h.settle()
        said = await tour(h, people[0], "start", channel=text_channel(int(elsewhere["id"])), locale=locale)
        assert started in said
        assert channel_posts(h), "the round is announced in the tournament's channel"
        assert not h.standin.refusals()
    finally:
        await h.close()


async def test_start_typed_elsewhere_just_after_a_start_waits_for_the_servers_channels(tmp_path: Path) -> None:
    """The first interactions may reach a bot just started before the gateway's GUILD_CREATE has given it the
    server's channels: a start typed outside the tournament's channel then waits for them, and its check of
    Mesa's permissions there still refuses a channel that forbids boards (not skipped for want of a cache)."""
    h = await Harness.open(tmp_path, renderer=None)
    try:
        people = await _three_entered_where_boards_cannot_be_posted(h)
        elsewhere = h.standin.add_channel(name="lobby")
        h.bot._ready.clear()  # connected a moment ago: no GUILD_CREATE yet
        waiting, ready = asyncio.Event(), h.bot.wait_until_ready

        async def noticed() -> None:
            waiting.set()
            await ready()

        h.bot.wait_until_ready = noticed
        starting = asyncio.ensure_future(tour(h, people[0], "start", channel=text_channel(int(elsewhere["id"]))))
        await asyncio.wait_for(waiting.wait(), 30)
        assert not starting.done()  # deferred, and waiting for the server's channels
        h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
        h.bot._ready.set()  # what discord.py does once every GUILD_CREATE is in
        answer = await asyncio.wait_for(starting, 30)
        assert answer.startswith("I may not post in #games, the tournament's channel")
        assert (await svc(h).tournaments.start_channel(GUILD_ID)) == CHANNEL_ID, "still open: not started"
    finally:
        await h.close()


async def _three_entered_where_boards_cannot_be_posted(h: Harness) -> list[Any]:
    """Ana's round robin of Kona with Ana, Ben and Cy entered, in a channel that has since lost Attach Files."""
    people = [user(3101 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy"])]
    await tour(h, people[0], "create", option("game", "kona", STRING), option("format", "round-robin", STRING))
    for p in people:
        await tour(h, p, "join")
    h.standin.place(CHANNEL_ID)["permission_overwrites"].append(overwrite(BOT_ID, deny=ATTACH_FILES, member=True))
    return people


async def test_start_in_the_tournaments_channel_without_attach_files_is_refused(tmp_path: Path) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        people = await _three_entered_where_boards_cannot_be_posted(h)
        assert (await tour(h, people[0], "start")).startswith("I may not post the game's boards in this channel")
        assert not channel_posts(h) or all("round 1" not in r.content for r in channel_posts(h))
    finally:
        await h.close()


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "I may not post in #games, the tournament's channel"),
    ("es-ES", "No puedo publicar en #games, el canal del torneo")])
async def test_start_typed_elsewhere_is_refused_when_the_tournaments_channel_forbids_boards(
        tmp_path: Path, locale: str, said: str) -> None:
    """Typed in a channel where Mesa may post, for a tournament whose own channel has lost Attach Files: the
    bot's permissions there are read from discord.py's cache of the server (GUILD_CREATE, the guilds intent),
    and the start is refused, naming that channel; nothing starts."""
    h = await Harness.open(tmp_path, renderer=None)
    try:
        people = await _three_entered_where_boards_cannot_be_posted(h)
        elsewhere = h.standin.add_channel(name="lobby")
        # the gateway's GUILD_CREATE for the server, as Discord sends it at start-up
        h.bot._connection.parse_guild_create(DiscordServer.guild_payload(h.standin, h.standin.guilds[GUILD_ID]))
        await h.settle()
        since = len(h.standin.requests)
        answer = await tour(h, people[0], "start", channel=text_channel(int(elsewhere["id"])), locale=locale)
        assert answer.startswith(said)
        assert not channel_posts(h, since), "nothing announced"
        assert (await svc(h).tournaments.start_channel(GUILD_ID)) == CHANNEL_ID, "still open: not started"
    finally:
        await h.close()


# ==================================================================== a player who left the server
async def test_a_player_who_left_the_server_is_out_after_their_game_ran_out_of_time(tmp_path: Path) -> None:
    """Discord sends no GUILD_MEMBER_REMOVE to a bot without the member intent: when a round ends with a game
    lost on time, Mesa asks Discord (Get Guild Member) about that player only; one who left is out of the event,
    said in the channel without a ping, and round 2 is paired without them."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    players = {2101 + i: user(2101 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])}
    try:
        await tour(h, ORG, "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 3, INTEGER), option("time_per_move", 86400, INTEGER))
        for p in players.values():
            await tour(h, p, "join")
        await tour(h, ORG, "start", option("number", 1, INTEGER))
        first, second = [b for b in (await round_boards(h)).boards if b.kind == "game"]
        [gone] = (await svc(h).table_details(first.table_id)).summary.turn_user_ids
        h.standin.member_leaves(gone)
        await h.command("resign", [option("table", second.table_id, INTEGER)], players[second.user_ids[1]])
        since = len(h.standin.requests)
        clock.moment += timedelta(days=2)
        await h.bot.ticker.tick()
        lookups = [r for r in h.standin.requests[since:] if r.method == "GET" and "/members/" in r.path]
        assert [r.path for r in lookups] == [f"/guilds/{GUILD_ID}/members/{gone}"], "only the late player is asked"
        name = players[gone]["username"]
        out = announcement(h, since, f"{name} left the server and is out of tournament #1")
        assert out.pings() == (set(), False)
        pairing = await round_boards(h)
        assert pairing.round == 2 and all(gone not in b.user_ids for b in pairing.boards)
        assert announcement(h, since, "round 2 of 3").pings()[0] == set(players) - {gone}
        asker = next(p for u, p in players.items() if u != gone)  # someone still in the server
        assert name in (said := await tour(h, asker, "standings")) and "left the server" in said
        assert [(r.status, r.answer["code"]) for r in h.standin.refusals()] == [(404, 10007)]  # the lookup, only
    finally:
        await h.close()


async def test_asking_discord_whether_a_user_is_still_in_a_server(tmp_path: Path) -> None:
    """``cogs.members``: a member (True), one who left (False: 10007 Unknown Member), and no answer (None: a
    server the bot is not in), never an exception."""
    from cogs.members import Members

    h = await Harness.open(tmp_path, renderer=None)
    try:
        members = Members(h.bot)
        assert await members.still_member(GUILD_ID, 2201) is True
        h.standin.member_leaves(2201)
        assert await members.still_member(GUILD_ID, 2201) is False
        assert await members.still_member(GUILD_ID, 2202) is True
        assert await members.still_member(GUILD_ID + 1, 2202) is None
    finally:
        await h.close()
