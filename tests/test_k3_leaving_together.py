"""A player who leaves cooperative K3: the whole team loses together, at once (K3-8.3).

In the cooperative game everybody wins or loses together (K3-8.2, K3-8.3), so the table is one side.  A
resignation or a time-out used to take only the leaver out, with their moves played for them: the others played on
and were then ranked like a game of last-player-in ("Standings: 1. Cy · 2. Ben · 3. Ana", "won (place 1 of 3)"),
Mesa alone "won" a cooperative game after both people ran out of time, and a team that then lost was recorded as
two winners.  Now the team goes out with the leaver, as partners do (KR-6.2), and every seat loses together.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from test_tables_endings import Recorder, assert_final
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table, step

from data.factory import open_repository
from data.models import ABORTED, FINISHED, StoredOutcome
from engines import get_engine
from tables import PublicPost, TableService
from tables.i18n import t
from tables.leaderboard import LeaderboardService, history_text
from tables.reviews import ended_outside
from tables.thinking import Thinker, iterations

ANA, BEN, CY = USERS[0][0], USERS[1][0], USERS[2][0]
COOP = {"cooperative": "true"}


async def playing(svc: Any, tid: int, rng: random.Random) -> None:
    """Every pyramid built and a move or two played (K3-3, K3-5), Mesa's too."""
    while (ctx := await svc.store.load(tid)).engine.phase(ctx.state) == "build" or ctx.plies < 7:
        if not (await svc.board(tid)).mention:  # Mesa to act
            await svc.play_mesa(tid)
        else:
            await step(svc, tid, rng)
    if not (await svc.board(tid)).mention:
        await svc.play_mesa(tid)


def result_of(out: list[Any]) -> PublicPost:
    [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
    return result


def test_a_cooperative_table_is_one_side_and_a_competitive_one_a_side_a_seat() -> None:
    description = get_engine("k3").description
    assert description.sides(3, {"cooperative": True}) == ((0, 1, 2),)
    assert description.partners(1, 4, {"cooperative": True}) == (0, 1, 2, 3)
    assert description.sides(3, {"cooperative": False}) == ((0,), (1,), (2,))
    assert description.sides(2, {}) == ((0,), (1,))


async def test_a_resignation_in_cooperative_k3_ends_the_game_and_the_whole_team_loses(tmp_path: Path) -> None:
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pictures)
    board = LeaderboardService(repo)
    try:
        tid, _ = await start_table(svc, "k3", 3, COOP)
        await playing(svc, tid, random.Random(3))
        plies = (await svc.store.load(tid)).plies
        out = await svc.resign(tid, CY)
        ctx = await svc.store.load(tid)
        assert ctx.row.status == FINISHED and ctx.plies == plies  # at once: no move was played for Cy
        results = {r.seat: (r.place, r.outcome) for r in await repo.get_results(tid)}
        assert results == {0: (1, "loss"), 1: (1, "loss"), 2: (1, "loss")}
        ending = StoredOutcome.from_json(ctx.row.outcome)
        assert ending is not None and ending.reason == "resign" and ending.together == "loss"
        result = result_of(out)
        english, spanish = t(result.key, "en", **result.params), t(result.key, "es", **result.params)
        assert "Cy resigned" in english and "Ana, Ben and Cy lose together" in english, english
        for wrong in ("Standings", "partner", "Ana resigned", "Ben resigned", "wins"):
            assert wrong not in english, english
        assert "Cy abandonó" in spanish and "Ana, Ben y Cy pierden juntos" in spanish, spanish
        # the final picture: the banner says it for everyone; nobody else's name says they left
        last = pictures.last_public()
        assert last.result is not None and last.result["reason"] == "resign" and last.result["losers"] == [2]
        assert last.names == ["Ana", "Ben", "Cy"]
        assert_final(last, "Everyone loses: Cy resigned")
        # /history, for each of the three
        for uid, name in USERS[:3]:
            line = history_text(await board.history(GUILD, uid), name, "en", links=False).splitlines()[1]
            assert line.startswith(f"#{tid} ") and " · lost together" in line and "place" not in line, line
        # the review's opening words
        said = ended_outside(ctx, ctx.plies)
        assert said is not None
        words = t(said.key, "en", **said.params)
        assert "Cy resigned, so the whole team lost together" in words and "partner" not in words, words
        assert "Cy abandonó, así que todo el equipo perdió junto" in t(said.key, "es", **said.params)
    finally:
        await svc.close()


async def test_a_time_out_in_cooperative_k3_loses_the_game_for_everyone_mesa_too(tmp_path: Path) -> None:
    """Both people used to time out one after the other while Mesa's seat played on: "1. Mesa (normal)", the
    winner of a cooperative game."""
    clock = FakeClock()
    repo = await open_repository(str(tmp_path / "mesa.db"))
    svc = TableService(repo, clock, None, seed_source=lambda: 7,
                       thinker=Thinker(processes=False, budget=iterations(10), workers=1))
    try:
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [USERS[1]],
                               {"bots": "1", "time_per_move": "1d", **COOP})
        tid = out[0].table_id
        await svc.accept(tid, BEN)
        await playing(svc, tid, random.Random(4))
        [late] = (await svc.board(tid)).mention
        clock.advance(days=2)
        out = await svc.tick()
        ctx = await svc.store.load(tid)
        assert ctx.row.status == FINISHED
        assert {(r.place, r.outcome) for r in await repo.get_results(tid)} == {(1, "loss")}
        name = "Ana" if late == ANA else "Ben"
        said = t(result_of(out).key, "en", **result_of(out).params)
        assert f"{name} ran out of time, so " in said and said.endswith(" lose together."), said
        assert all(who in said.split(", so ")[1] for who in ("Ana", "Ben", "Mesa (normal)")), said
        assert "Standings" not in said and "wins" not in said, said
    finally:
        await svc.close()


async def test_cooperative_k3_with_nobody_built_is_called_off_and_with_one_built_lost_on_time(
        tmp_path: Path) -> None:
    """A time-out before anyone has moved calls a table off, uncounted, as in a duel; once a pyramid is built,
    the team loses on time.  Several players out of time at once are named as a list ("Ben and Ana")."""
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        idle, _ = await start_table(svc, "k3", 2, {"time_per_move": "1d", **COOP})
        clock.advance(days=2)
        out = await svc.tick()
        assert (await svc.store.load(idle)).row.status == ABORTED and not await repo.get_results(idle)
        [info] = [m for m in out if isinstance(m, PublicPost) and m.key == "info.timeout_unplayed"]
        assert "no move from Ana and Ben in" in t(info.key, "en", **info.params)
        assert "ninguna jugada de Ana y Ben en" in t(info.key, "es", **info.params)

        built, _ = await start_table(svc, "k3", 2, {"time_per_move": "1d", **COOP})
        await svc.submit_move(built, ANA, await svc.auto_build(built, ANA, "sensible"))
        clock.advance(days=2)
        out = await svc.tick()
        assert (await svc.store.load(built)).row.status == FINISHED
        assert {(r.place, r.outcome) for r in await repo.get_results(built)} == {(1, "loss")}
        said = t(result_of(out).key, "en", **result_of(out).params)
        assert "Ben ran out of time, so Ana and Ben lose together" in said, said
    finally:
        await svc.close()


async def test_a_competitive_k3_resignation_still_lets_the_others_play_on(tmp_path: Path) -> None:
    """Without the cooperative option nothing changed: the leaver goes out alone, their moves played for them."""
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "k3", 3)
        await playing(svc, tid, random.Random(3))
        await svc.resign(tid, CY)
        ctx = await svc.store.load(tid)
        assert ctx.row.status != FINISHED and ctx.still_in() == [0, 1]
    finally:
        await svc.close()


async def test_on_discord_a_spanish_servers_cooperative_k3_lost_by_a_resignation_says_so(tmp_path: Path) -> None:
    """Through discord.py and the stand-in: bob's /resign (a Spanish server) ends the cooperative game for both,
    said in the thread in the server's language; Discord refuses nothing."""
    from discord_standin.payloads import Harness, option, thread_channel, user

    alice, bob = user(1001, "alice"), user(1002, "bob")
    h = await Harness.open(tmp_path, renderer=None)
    try:
        h.server_speaks("es-ES")
        await h.command("play", [option("game", "k3", 3), option("opponent", bob["id"], 6),
                                 option("variant", "cooperative=true", 3)], alice, users=[bob])
        place = thread_channel(next(iter(h.standin.channels)))
        await h.click(h.latest_id("mesa:inv:1:"), bob, channel=place)
        svc = h.bot.service
        for uid in (1001, 1002):  # both pyramids (K3-3)
            await svc.submit_move(1, uid, await svc.auto_build(1, uid, "sensible"))
        h.standin.clear()
        ask = h.latest_id("mesa:resign:1:")  # the board's Resign button asks first, and warns: the team loses
        await h.click(ask, bob, message=h.message_with(ask), channel=place, locale="en-US")
        [confirm] = [r for r in h.standin.interaction_replies() if r.custom_ids()]
        assert confirm.ephemeral and "cooperative game: the whole team loses with you (alice too)" in confirm.content
        assert not h.standin.to_channel(int(place["id"])), "nothing happens before the confirmation"
        await h.command("resign", [], bob, channel=place)
        said = " ".join(r.text() for r in h.standin.to_channel(int(place["id"])))
        assert re.search(r"Todo el equipo pierde K3 #1: bob abandonó, así que (alice y bob|bob y alice) pierden "
                         r"juntos\.", said), said
        assert "Clasificación" not in said and "gana" not in said, said
        assert not h.standin.refusals()
        results = {r.user_id: (r.place, r.outcome) for r in await h.bot.service.repo.get_results(1)}
        assert results == {1001: (1, "loss"), 1002: (1, "loss")}
    finally:
        await h.close()


async def test_resigning_a_krakatoa_team_game_warns_that_the_partner_goes_too(tmp_path: Path) -> None:
    """KR-6.2: the Resign button's question says the partner goes out too; a duel's says nothing more."""
    from discord_standin.payloads import Harness, option, thread_channel, user

    people = [user(1001 + i, name) for i, name in enumerate(("alice", "bob", "cy", "dee"))]
    h = await Harness.open(tmp_path, renderer=None)
    try:
        await h.command("play", [option("game", "krakatoa", 3), option("opponent", people[1]["id"], 6),
                                 option("opponent2", people[2]["id"], 6), option("opponent3", people[3]["id"], 6),
                                 option("variant", "teams=true", 3), option("seat", "first", 3)],
                        people[0], users=people[1:])
        place = thread_channel(next(iter(h.standin.channels)))
        for who in people[1:]:
            await h.click(h.latest_id("mesa:inv:1:"), who, channel=place)
        ctx = await h.bot.service.store.load(1)
        seat = ctx.seat_of(1001)
        assert seat is not None
        [partner] = [r.name for r in ctx.seats if r.seat != seat.seat
                     and r.seat in ctx.engine.description.partners(seat.seat, 4, ctx.options.game)]
        h.standin.clear()
        ask = h.latest_id("mesa:resign:1:")
        await h.click(ask, people[0], message=h.message_with(ask), channel=place)
        [confirm] = [r for r in h.standin.interaction_replies() if r.custom_ids()]
        assert f"#1? {partner}, your partner, goes out with you, and your team loses." in confirm.content
        await h.click(ask, people[0], message=h.message_with(ask), channel=place, locale="es-ES")
        spanish = [r for r in h.standin.interaction_replies() if r.custom_ids()][-1]
        assert f"{partner}, tu pareja, queda fuera contigo, y tu equipo pierde." in spanish.content
        assert not h.standin.refusals()
    finally:
        await h.close()


def test_a_cooperative_games_review_draws_one_line_for_the_team() -> None:
    """K3-8: one chance for everyone, so the review's graph has one line (three used to lie on top of each other,
    only the last one's colour seen) and its words say the team's chance once."""
    from ai.review import _sides
    from render.review import lines_of

    k3, krakatoa = get_engine("k3"), get_engine("krakatoa")
    assert _sides(k3, k3.new_game(3, 1, {"cooperative": True}), 3) == [[0, 1, 2]]
    assert _sides(k3, k3.new_game(3, 1, {}), 3) == [[0], [1], [2]]
    assert _sides(krakatoa, krakatoa.new_game(4, 1, {"teams": True}), 4) == [[0, 2], [1, 3]]
    review = {"game": "k3", "seats": 3, "sides": [[0, 1, 2]], "swings": [1], "decisions": [
        {"ply": 2, "seat": 0, "before": [0.1] * 3, "after": [0.2] * 3},
        {"ply": 3, "seat": 1, "before": [0.2] * 3, "after": [0.9] * 3}]}
    [(side, points)] = lines_of(review)
    assert side == [0, 1, 2] and points == [(1, 0.1), (2, 0.2), (3, 0.9)]


async def test_mesa_on_a_players_own_side_is_no_game_against_mesa(tmp_path: Path) -> None:
    """/stats said "Mesa (normal): 1 game: 0 won, 0 lost, 1 drawn" of a cooperative K3 game Ana played with Mesa,
    and so of a Krakatoa partnership with Mesa: they played together, not against each other."""
    from data.models import ResultRow
    from tables.mesa import mesa_id, mesa_records, records_against_mesa
    from tables.mesa_stats import mesa_stats, records_of_mesa

    clock = FakeClock()
    repo = await open_repository(str(tmp_path / "mesa.db"))
    svc = TableService(repo, clock, None, seed_source=lambda: 7,
                       thinker=Thinker(processes=False, budget=iterations(10), workers=1))
    try:
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [], {"bots": "2", **COOP})
        tid = out[0].table_id
        await playing(svc, tid, random.Random(5))
        await svc.resign(tid, ANA)
        assert {(r.place, r.outcome) for r in await repo.get_results(tid)} == {(1, "loss")}
        assert await mesa_records(repo, GUILD, ANA) == []
        said = (await mesa_stats(LeaderboardService(repo, clock), GUILD, "en")).text
        assert said == t("mesa.own_none", "en"), said
    finally:
        await svc.close()

    # Krakatoa's teams (KR-6.2): Ana and Mesa (normal) against Ben and Mesa (hard), who won
    normal, hard = mesa_id("normal"), mesa_id("hard")
    rows = [ResultRow(9, seat, GUILD, "krakatoa", user, place, "win" if place == 1 else "loss", "x", False, "t")
            for seat, user, place in ((0, ANA, 3), (1, BEN, 1), (2, normal, 3), (3, hard, 1))]
    sides = {9: [0, 1, 0, 1]}
    mine = {r.level: (r.games, r.wins, r.losses, r.draws) for r in records_against_mesa(rows, ANA, sides)}
    assert mine == {"hard": (1, 0, 1, 0)}  # not "normal": Ana's partner
    theirs = {r.level: (r.games, r.wins, r.losses, r.draws) for r in records_of_mesa(rows, sides)}
    assert theirs == {"normal": (1, 0, 1, 0), "hard": (1, 1, 0, 0)}  # each against the people across the table
