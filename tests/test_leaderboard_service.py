"""Issue 9 through the real service: ratings written with the results, per-server leaderboards,
stats, history, replays, recomputation = incremental updates, unrated tables, K3 co-op, teams.

Rating numbers are checked against an independent, hand-written Plackett-Luce update (Weng & Lin
2011, Algorithm 4, the model OpenSkill implements), not against the code under test.
"""

from __future__ import annotations

import math
import random
import sqlite3
from pathlib import Path

import pytest
from test_tables_service import GUILD, USERS, FakeClock, open_service, play_out, start_table

import render
from data.factory import open_repository
from data.models import ABORTED, RatingRow, ResultRow
from data.repository import Repository
from data.schema import MIGRATIONS, SCHEMA_VERSION
from engines import get_engine
from tables import TableError
from tables.leaderboard import LeaderboardService, board_text, placings_from_results, rate_finished_table
from tables.ratings import Placing, Rating, rate_game

ANA, BEN, CY, DEE = (u for u, _ in USERS)

# ------------------------------------------------------------------ a hand-written Plackett-Luce
MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 25.0 / 300, 1e-4


def hand_pl(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """Weng-Lin Algorithm 4 (Plackett-Luce), written from the paper: teams of (mu, sigma), ranks 1 = best.

    sigma first grows by tau (dynamics); a team's mu and sigma^2 are its players' sums;
    c^2 = sum(sigma_q^2 + beta^2); C_q = teams ranked no better than q; A_q = teams sharing q's rank.
    """
    teams = [[(m, math.sqrt(s * s + TAU * TAU)) for m, s in t] for t in teams]
    tm = [sum(m for m, _ in t) for t in teams]
    ts2 = [sum(s * s for _, s in t) for t in teams]
    c = math.sqrt(sum(s2 + BETA * BETA for s2 in ts2))
    e = [math.exp(m / c) for m in tm]
    k = len(teams)
    sum_q = [sum(e[s] for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)]
    a = [sum(1 for s in range(k) if ranks[s] == ranks[q]) for q in range(k)]
    out = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = e[i] / sum_q[q]
                delta += p * (1 - p) / a[q]
                omega += ((1 - p) if q == i else -p) / a[q]
        omega *= ts2[i] / c
        delta *= ts2[i] / c ** 2 * (math.sqrt(ts2[i]) / c)  # gamma = sigma_i / c
        out.append([(m + s * s / ts2[i] * omega, s * math.sqrt(max(1 - s * s / ts2[i] * delta, KAPPA)))
                    for m, s in teams[i]])
    return out


def test_two_player_update_worked_by_hand() -> None:
    """Two fresh players: sigma' = sqrt((25/3)^2 + (1/12)^2) = 8.33375; c^2 = 2(sigma'^2 + (25/6)^2)
    = 173.625, c = 13.1767; both win chances are 1/2, so the winner gains omega = 1/2 sigma'^2 / c =
    2.63539 and the loser loses as much; delta = 1/4 sigma'^2 / c^2 * sigma'/c = 0.0632456 and
    sigma'' = 8.33375 * sqrt(1 - delta) = 8.06590.  Displayed: 1000 + 40 (mu - 3 sigma)."""
    new = rate_game({}, [Placing(1, 0, 1, True), Placing(2, 1, 2, False)])
    assert new[1].mu == pytest.approx(27.63539, abs=1e-4)
    assert new[2].mu == pytest.approx(22.36461, abs=1e-4)
    assert new[1].sigma == new[2].sigma == pytest.approx(8.06590, abs=1e-4)
    assert new[1].display == round(1000 + 40 * (27.63539 - 3 * 8.06590))  # 1137.5 -> 1138
    assert new[2].display == round(1000 + 40 * (22.36461 - 3 * 8.06590))  # 926.7 -> 927
    hand = hand_pl([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    assert (new[1].mu, new[1].sigma) == pytest.approx(hand[0][0])


@pytest.mark.parametrize("places", [[1, 2, 3], [1, 2, 2], [1, 1, 2], [1, 2, 3, 4], [2, 1, 4, 3], [1, 1, 3, 3],
                                    [1, 1], [1, 1, 1, 1]])
def test_free_for_all_updates_match_the_hand_formula(places: list[int]) -> None:
    """2, 3 and 4 players with ties (equal places), from unequal starting ratings."""
    rng = random.Random(len(places) * 10 + sum(places))
    start = {u: Rating(mu=rng.uniform(20, 30), sigma=rng.uniform(4, 8.3), games=3) for u in range(len(places))}
    placings = [Placing(u, u, p, p == 1 and places.count(1) < len(places), places.count(1) == len(places))
                for u, p in enumerate(places)]
    new = rate_game(start, placings)
    hand = hand_pl([[(start[u].mu, start[u].sigma)] for u in range(len(places))], places)
    for u in range(len(places)):
        assert (new[u].mu, new[u].sigma) == pytest.approx(hand[u][0], rel=1e-9)
        assert new[u].games == 4


def test_team_update_matches_the_hand_formula() -> None:
    """Krakatoa partnerships (KR-6.2): two teams of two, each player moved by their share of the team sigma^2."""
    start = {1: Rating(28, 5), 3: Rating(22, 7), 2: Rating(25, 8), 4: Rating(26, 3)}
    placings = [Placing(1, 0, 1, True), Placing(2, 1, 2, False), Placing(3, 0, 1, True), Placing(4, 1, 2, False)]
    new = rate_game(start, placings)
    hand = hand_pl([[(28, 5), (22, 7)], [(25, 8), (26, 3)]], [1, 2])
    assert (new[1].mu, new[1].sigma) == pytest.approx(hand[0][0])
    assert (new[3].mu, new[3].sigma) == pytest.approx(hand[0][1])
    assert (new[4].mu, new[4].sigma) == pytest.approx(hand[1][1])


def test_placings_from_results() -> None:
    """Krakatoa totals: equal totals share a place (KR-4.4); with teams seats 0+2 and 1+3 are sides."""
    rows = [ResultRow(9, s, 1, "krakatoa", 10 + s, p, o, "x", True, "t")
            for s, (p, o) in enumerate([(1, "win"), (3, "loss"), (1, "win"), (3, "loss")])]
    ffa = placings_from_results(rows)
    assert [(p.user_id, p.team, p.place, p.won) for p in ffa] == [(10, 0, 1, True), (11, 1, 3, False),
                                                                  (12, 2, 1, True), (13, 3, 3, False)]
    assert [p.team for p in placings_from_results(rows, sides=(0, 1, 0, 1))] == [0, 1, 0, 1]
    draw = [ResultRow(9, s, 1, "kona", 10 + s, 1, "draw", "agreement", True, "t") for s in range(2)]
    assert all(p.draw and not p.won for p in placings_from_results(draw))


# ------------------------------------------------------------------ through the service
async def kona_result(svc, winner: int, loser: int, guild: int = GUILD) -> int:
    """A Kona table between ``winner`` and ``loser`` that ``loser`` resigns at once."""
    names = dict(USERS)
    out = await svc.create(guild, 70, winner, names[winner], "kona", [(loser, names[loser])], {"seat": "first"})
    tid = out[0].table_id
    await svc.accept(tid, loser)
    await svc.resign(tid, loser)
    return tid


async def stored(repo: Repository, guild: int, game: str) -> dict[int, RatingRow]:
    return {r.user_id: r for r in await repo.ratings(guild, game)}


async def test_finished_tables_update_ratings_in_the_same_flow(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "m.db")
    await kona_result(svc, ANA, BEN)
    ratings = await stored(repo, GUILD, "kona")
    hand = hand_pl([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    assert (ratings[ANA].mu, ratings[ANA].sigma) == pytest.approx(hand[0][0])
    assert (ratings[BEN].mu, ratings[BEN].sigma) == pytest.approx(hand[1][0])
    assert (ratings[ANA].games, ratings[ANA].wins, ratings[BEN].losses) == (1, 1, 1)
    # the same rows offered again (a retry, a restart) change nothing: rated once
    rows = await repo.get_results((await repo.results(GUILD))[0].table_id)
    async with repo.transaction() as tx:
        assert await rate_finished_table(tx, rows) is False
    assert await stored(repo, GUILD, "kona") == ratings
    await repo.close()


async def test_k3_elimination_order_and_draws(tmp_path: Path) -> None:
    """K3: the first out is last, the last standing first (K3-7.1); a Kona draw is a draw for both."""
    repo, svc = await open_service(tmp_path / "m.db")
    tid, _ = await start_table(svc, "k3", 3)
    await play_until_play_phase(svc, tid)
    await svc.resign(tid, CY)
    await svc.resign(tid, BEN)
    places = {r.user_id: r.place for r in await repo.get_results(tid)}
    assert places == {ANA: 1, BEN: 2, CY: 3}
    k3 = await stored(repo, GUILD, "k3")
    hand = hand_pl([[(MU, SIGMA)]] * 3, [1, 2, 3])
    assert [k3[u].mu for u in (ANA, BEN, CY)] == pytest.approx([h[0][0] for h in hand])
    out = await svc.create(GUILD, 70, ANA, "Ana", "kona", [(BEN, "Ben")], {})
    kid = out[0].table_id
    await svc.accept(kid, BEN)
    mover = ANA if await svc.legal_moves_for(kid, ANA) else BEN  # agreed before any move it would be called off
    await svc.submit_move(kid, mover, (await svc.legal_moves_for(kid, mover))[0])
    await svc.offer_draw(kid, ANA)
    await svc.offer_draw(kid, BEN)
    kona = await stored(repo, GUILD, "kona")
    assert kona[ANA].draws == kona[BEN].draws == 1 and kona[ANA].mu == pytest.approx(25.0)
    await repo.close()


async def play_until_play_phase(svc, tid: int) -> None:
    """K3: everybody builds (auto-build) so the table is in its playing phase."""
    for _ in range(10):
        board = await svc.board(tid)
        if board.key.startswith("board.build"):
            uid = board.mention[0]
            await svc.submit_move(tid, uid, await svc.auto_build(tid, uid, "sensible"))
        else:
            return


async def test_recomputation_equals_incremental_updates(tmp_path: Path) -> None:
    """Several whole games of every kind played to the end; the admin recompute finds nothing to change."""
    repo, svc = await open_service(tmp_path / "m.db")
    rng = random.Random(9)
    for game, players, options in [("kona", 2, {}), ("krakatoa", 3, {"preset": "basic"}), ("k3", 3, {}),
                                   ("plateau", 2, {}), ("krakatoa", 4, {"teams": "true", "preset": "basic"}),
                                   ("k3", 4, {}), ("krakatoa", 2, {"preset": "basic"})]:
        tid, _ = await start_table(svc, game, players, options)
        await play_out(svc, tid, rng)
    await kona_result(svc, BEN, ANA)
    await kona_result(svc, CY, DEE)
    before = await repo.guild_rating_state(GUILD)
    # players per game: kona 4 (Ana-Ben twice, Cy-Dee), krakatoa 4, k3 4, plateau 2
    assert len(before[0]) == 4 + 4 + 4 + 2
    board = LeaderboardService(repo)
    assert await board.recompute_guild(GUILD) is False  # incremental == recomputed, to the last bit
    assert await repo.guild_rating_state(GUILD) == before
    # wipe the ratings: the recompute rebuilds exactly the same numbers and chart points
    await repo.replace_guild_ratings(GUILD, [], [], [], "2026-01-01T00:00:00.000000Z")
    assert await board.recompute_guild(GUILD) is True
    after = await repo.guild_rating_state(GUILD)
    assert [(r.game, r.user_id, r.mu, r.sigma, r.games) for r in after[0]] == \
        [(r.game, r.user_id, r.mu, r.sigma, r.games) for r in before[0]]
    assert after[1] == before[1]
    # and a restart: reopened, still nothing to change, nothing rated twice
    await repo.close()
    repo, svc = await open_service(tmp_path / "m.db")
    assert await LeaderboardService(repo).recompute_guild(GUILD) is False
    await repo.close()


async def test_krakatoa_partnerships_are_rated_as_teams(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "m.db")
    tid, _ = await start_table(svc, "krakatoa", 4, {"teams": "true", "preset": "basic"})
    await play_out(svc, tid, random.Random(4))
    places = {r.seat: r.place for r in await repo.get_results(tid)}
    ratings = await stored(repo, GUILD, "krakatoa")
    ana, ben, cy, dee = (ratings[u] for u in (ANA, BEN, CY, DEE))
    assert (ana.mu, ana.sigma) == (cy.mu, cy.sigma) and (ben.mu, ben.sigma) == (dee.mu, dee.sigma)
    hand = hand_pl([[(MU, SIGMA), (MU, SIGMA)], [(MU, SIGMA), (MU, SIGMA)]], [places[0], places[1]])
    assert (ana.mu, ana.sigma) == pytest.approx(hand[0][0])
    assert (ben.mu, ben.sigma) == pytest.approx(hand[1][0])
    await repo.close()


async def test_unrated_tables_change_nothing(tmp_path: Path) -> None:
    """rated=false, a server with ratings off (even turned off mid-game), and cooperative K3 (never rated)."""
    repo, svc = await open_service(tmp_path / "m.db")
    out = await svc.create(GUILD, 70, ANA, "Ana", "kona", [(BEN, "Ben")], {"rated": "false"})
    await svc.accept(out[0].table_id, BEN)
    await svc.resign(out[0].table_id, BEN)
    coop_id, _ = await start_table(svc, "k3", 3, {"cooperative": "true"})
    assert (await svc.table_details(coop_id)).options["rated"] is False  # the invitation says unrated
    await play_out(svc, coop_id, random.Random(3))
    out = await svc.create(GUILD, 70, ANA, "Ana", "kona", [(BEN, "Ben")], {"rated": "true"})
    await svc.accept(out[0].table_id, BEN)
    await svc.set_guild_settings(GUILD, rated=False)  # turned off while the table is played
    await svc.resign(out[0].table_id, ANA)
    results = await repo.results(GUILD)
    assert len({r.table_id for r in results}) == 3 and not any(r.rated for r in results)
    assert await repo.guild_rating_state(GUILD) == ([], [])
    assert await LeaderboardService(repo).recompute_guild(GUILD) is False
    await repo.close()


async def test_rating_games_against_mesa_turned_off_mid_game_leaves_that_game_unrated(tmp_path: Path) -> None:
    """Like ratings turned off for the server mid-game: a game against Mesa begun while the server rated such games,
    ended after it stopped, is unrated (it was rated, and Mesa appeared on the board the admin had just cleared of
    it); one ended while the server still rates them is rated."""
    repo, svc = await open_service(tmp_path / "m.db")
    await svc.set_guild_settings(GUILD, rate_mesa=True)
    first = (await svc.create(GUILD, 70, ANA, "Ana", "kona", [], {"bots": "1", "seat": "first"}))[0].table_id
    second = (await svc.create(GUILD, 70, BEN, "Ben", "kona", [], {"bots": "1", "seat": "first"}))[0].table_id
    await svc.submit_move(second, BEN, "a6-d3")
    await svc.resign(second, BEN)  # while the server rates games against Mesa: rated
    await svc.submit_move(first, ANA, "a6-d3")
    await svc.set_guild_settings(GUILD, rate_mesa=False)  # turned off while Ana's game is played
    await svc.resign(first, ANA)
    rated = {r.table_id: r.rated for r in await repo.results(GUILD)}
    assert rated == {second: True, first: False}
    await repo.close()


async def test_a_tournament_no_show_counts_for_the_event_but_moves_no_rating(tmp_path: Path) -> None:
    """At a tournament's table nobody moves and time runs out: the round needs its result (a loss on time), but no
    game was played, so no rating moves (Cy went to 1138 and Ana to 927 on a game neither moved in); a resignation
    before any move is a player's own act and is rated as ever."""
    clock = FakeClock()
    repo, svc = await open_service(tmp_path / "m.db", clock)
    await svc.tournaments.create(GUILD, 70, ANA, "Ana", "kona", {"format": "swiss", "rounds": "1",
                                                               "time_per_move": "1h"})
    for uid, name in USERS[:2]:
        await svc.tournaments.join(GUILD, uid, name)
    await svc.tournaments.start(GUILD, ANA)
    clock.advance(hours=1, minutes=1)
    await svc.tick()
    [board] = (await svc.tournaments.pairings(GUILD)).boards
    results = await repo.get_results(board.table_id or 0)
    assert sorted(r.outcome for r in results) == ["loss", "win"] and {r.reason for r in results} == {"time"}
    assert not any(r.rated for r in results) and await repo.ratings(GUILD, "kona") == []
    out = await svc.create(GUILD, 70, CY, "Cy", "kona", [(DEE, "Dee")], {"seat": "first"})
    await svc.accept(out[0].table_id, DEE)
    await svc.resign(out[0].table_id, DEE)  # before any move, by choice: rated
    assert all(r.rated for r in await repo.get_results(out[0].table_id))
    await repo.close()


async def test_leaderboards_are_per_server(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "m.db")
    await kona_result(svc, ANA, BEN, guild=7)
    await kona_result(svc, CY, DEE, guild=8)
    board = LeaderboardService(repo)
    seven, eight = await board.page(7, "kona", 1, ANA), await board.page(8, "carpniches", 1, ANA)
    assert [e.user_id for e in seven.entries] == [ANA, BEN]
    assert [e.user_id for e in eight.entries] == [CY, DEE] and eight.caller is None
    assert [e.name for e in eight.entries] == ["Cy", "Dee"]
    assert [s.game for s in await board.stats(8, ANA)] == []
    assert await board.history(8, ANA) == []
    assert (await board.page(7, "plateau")).entries == ()
    assert await board.recompute_guild(8) is False
    with pytest.raises(TableError) as err:
        await board.page(7, "chess")
    assert err.value.key == "error.unknown_game"
    await repo.close()


async def test_a_leaderboard_names_its_players_as_this_server_knows_them(tmp_path: Path) -> None:
    """Ana's latest table is on another server, under the nickname she has there: this server's board named her so
    (a nickname one community uses, shown in another); it names her as this server's tables do."""
    repo, svc = await open_service(tmp_path / "m.db")
    await kona_result(svc, ANA, BEN, guild=7)
    out = await svc.create(8, 80, ANA, "Ana's nickname elsewhere", "kona", [(DEE, "Dee")], {"seat": "first"})
    await svc.accept(out[0].table_id, DEE)
    await svc.resign(out[0].table_id, DEE)
    board = LeaderboardService(repo)
    assert [e.name for e in (await board.page(7, "kona")).entries] == ["Ana", "Ben"]
    assert [e.name for e in (await board.page(8, "kona")).entries] == ["Ana's nickname elsewhere", "Dee"]
    await repo.close()


async def test_a_tie_for_first_is_a_shared_win_in_history_not_a_win_together(tmp_path: Path) -> None:
    """Sides tied for first share the win (KR-4.4): ``/history`` said "won together", the cooperative game's words
    (K3-8), of a competitive Krakatoa game tied on points.  (The tie is stored as the ending stores one: both
    first, both won.)"""
    repo, svc = await open_service(tmp_path / "m.db")
    tid, _ = await start_table(svc, "krakatoa", 2)
    await svc.resign(tid, BEN)
    await repo.close()
    with sqlite3.connect(tmp_path / "m.db") as db:
        db.execute("UPDATE results SET place = 1, outcome = 'win' WHERE table_id = ?", (tid,))
    repo, svc = await open_service(tmp_path / "m.db")
    from tables.leaderboard import result_words

    [entry] = await LeaderboardService(repo).history(GUILD, BEN)
    assert entry.shared and not entry.together
    assert result_words(entry, "en") == "shared the win" and result_words(entry, "es") == "victoria compartida"
    await repo.close()


async def test_an_empty_board_says_how_to_get_on_it_and_ratings_off_are_said(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "m.db")
    board = LeaderboardService(repo)
    empty = await board.page(GUILD, "plateau", 1, ANA)
    text = board_text(empty, "en").split("\n")
    assert text[:2] == ["Plateau leaderboard", "No rated games yet"]
    assert "challenge someone with /play plateau @friend" in text[2]
    assert text[2].endswith("Games against Mesa are not rated in this server.")  # the default (issue 17)
    assert "/play plateau @amigo" in board_text(empty, "es")
    await svc.set_guild_settings(GUILD, rate_mesa=True)
    assert (await board.page(GUILD, "plateau")).advice("en").endswith("Games against one Mesa count too.")
    # a board with players needs no advice
    await kona_result(svc, ANA, BEN)
    kona = await board.page(GUILD, "kona", 1, CY)
    assert kona.entries and kona.advice("en") == "" and "/play" not in board_text(kona, "en")
    # ratings turned off: the board stays as it was, and says that games ending now do not change it
    await svc.set_guild_settings(GUILD, rated=False)
    off = await board.page(GUILD, "kona", 1, CY)
    assert [e.user_id for e in off.entries] == [e.user_id for e in kona.entries]
    assert "Ratings are off in this server" in board_text(off, "en") and "/settings rated=true" in off.advice("en")
    assert "desactivadas" in off.advice("es")
    # an empty board with ratings off: not the advice to play, which would not count
    assert "Ratings are off" in (await board.page(GUILD, "k3")).advice("en")
    await repo.close()


async def test_leaderboard_pages_and_the_callers_rank(tmp_path: Path) -> None:
    repo = await open_repository(tmp_path / "m.db")
    rows = [RatingRow(5, "kona", 500 + i, 40.0 - i, 2.0, 6 + i, 3, 3 + i, 0, "t") for i in range(23)]
    async with repo.transaction() as tx:
        await tx.put_ratings(rows)
    board = LeaderboardService(repo)
    first = await board.page(5, "kona", 1, 514)
    assert (first.page, first.pages, first.total) == (1, 3, 23)
    assert [e.rank for e in first.entries] == list(range(1, 11))
    assert [e.user_id for e in first.entries] == [500 + i for i in range(10)]  # higher mu - 3 sigma first
    assert first.caller is not None and (first.caller.rank, first.caller.user_id) == (15, 514)
    assert first.entries[0].rating == 1000 + 40 * (40 - 3 * 2) and not first.entries[0].provisional
    second = await board.page(5, "kona", 2, 514)
    assert second.caller is None and 514 in [e.user_id for e in second.entries]
    last = await board.page(5, "kona", 99)
    assert last.page == 3 and [e.rank for e in last.entries] == [21, 22, 23]
    # a page there is not is said, not passed over: the text says which page this is instead
    assert second.asked is None and second.note("en") == "" and "only" not in board_text(second, "en")
    assert last.asked == 99 and board_text(last, "en").split("\n")[1] == "There are only 3 pages: here is the last."
    assert "Solo hay 3 páginas" in board_text(last, "es")
    zero = await board.page(5, "kona", 0)
    assert zero.page == 1 and "Pages are numbered from 1" in board_text(zero, "en")
    async with repo.transaction() as tx:
        await tx.put_ratings([RatingRow(6, "kona", 700, 30.0, 2.0, 6, 3, 3, 0, "t")])
    alone = await board.page(6, "kona", 2)
    assert alone.page == 1 and board_text(alone, "en").split("\n")[1] == "There is only one page: here it is."
    await repo.close()


async def test_stats_history_and_chart_series(tmp_path: Path) -> None:
    clock = FakeClock()
    repo, svc = await open_service(tmp_path / "m.db", clock)
    tids = []
    for winner, loser in [(ANA, BEN), (ANA, BEN), (BEN, ANA), (BEN, ANA)]:
        tids.append(await kona_result(svc, winner, loser))
        clock.advance(minutes=5)
    board = LeaderboardService(repo)
    (kona,) = await board.stats(GUILD, ANA)
    assert (kona.game, kona.games, kona.wins, kona.losses, kona.draws) == ("kona", 4, 2, 2, 0)
    assert kona.streak == ("L", 2) and kona.last_five == ("L", "L", "W", "W")
    assert kona.provisional and kona.rank in (1, 2) and kona.players == 2
    assert len(kona.series) == 4 and kona.series[-1] == kona.rating
    assert kona.series[0] == 1138  # a first win of new players: 1000 + 40 (27.63539 - 3 * 8.06590)
    assert kona.series[0] < kona.series[1] > kona.series[2] > kona.series[3]  # wins climb, losses drop
    history = await board.history(GUILD, ANA)
    assert [h.table_id for h in history] == tids[::-1]
    assert [h.outcome for h in history] == ["loss", "loss", "win", "win"]
    assert history[0].names == ("Ben", "Ana") and history[0].rated
    assert history[0].link == f"https://discord.com/channels/{GUILD}/70"
    assert await board.history(GUILD, ANA, "plateau") == []
    assert len(await board.history(GUILD, ANA, "kona", limit=2)) == 2
    await repo.close()


async def test_stats_say_their_letters_once_below_every_game(tmp_path: Path) -> None:
    """``/estadisticas`` said "(V victoria, D derrota, T tablas)" at the end of every game's line; it is said once,
    below them (English too: W, L, D)."""
    from tables.leaderboard import stats_text

    repo, svc = await open_service(tmp_path / "m.db")
    await kona_result(svc, ANA, BEN)
    out = await svc.create(GUILD, 70, ANA, "Ana", "plateau", [(BEN, "Ben")], {"seat": "first"})
    await svc.accept(out[0].table_id, BEN)
    await svc.resign(out[0].table_id, BEN)
    stats = await LeaderboardService(repo).stats(GUILD, ANA)
    assert len(stats) == 2
    for lang, legend in (("es", "(V victoria, D derrota, T tablas)"), ("en", "(W win, L loss, D draw)")):
        lines = stats_text(stats, "Ana", lang).split("\n")
        assert lines[-1] == legend and sum(legend in line for line in lines) == 1, lines
    await repo.close()


async def test_replay_views_are_public_and_refusals(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "m.db")
    tid, _ = await start_table(svc, "plateau", 2)
    await play_out(svc, tid, random.Random(2))
    board = LeaderboardService(repo)
    replay = await board.replay(GUILD, tid)
    engine = get_engine("plateau")
    row = await repo.get_table(tid)
    assert row is not None
    state = engine.new_game(2, row.seed, {})
    expected = [engine.view(state, None)]
    for m in (await repo.get_moves(tid))[:-1]:
        state = engine.play(state, m.move)
        expected.append(engine.view(state, None))
    shown = list(replay.views)
    assert len(shown) <= 160 and replay.names == ("Ana", "Ben")
    if len(expected) <= 159:
        assert shown[:-1] == expected  # every frame before the end: the spectator view during play
    else:  # a long game: evenly spread plies, the first included, each a spectator view during play
        assert shown[0] == expected[0] and all(v in expected for v in shown[:-1])
    assert all(v["outcome"] is None for v in shown[:-1]) and shown[-1]["outcome"] is not None
    gif = render.replay("plateau", shown[:6] + shown[-1:], list(replay.names))
    assert gif[:6] == b"GIF89a"
    # refusals: a table still being played, a table of another server, no such table
    live, _ = await start_table(svc, "kona", 2)
    cancelled, _ = await start_table(svc, "kona", 2)
    await svc.abort(cancelled, USERS[0][0])
    assert (await repo.get_table(cancelled)).status == ABORTED  # type: ignore[union-attr]
    for guild, table, key in [(GUILD, live, "error.replay_not_finished"), (GUILD + 1, tid, "error.no_table"),
                              (GUILD, 999, "error.no_table"), (GUILD, cancelled, "error.replay_nothing")]:
        with pytest.raises(TableError) as err:
            await board.replay(guild, table)
        assert err.value.key == key
    await repo.close()


async def test_migration_from_schema_3_and_catch_up(tmp_path: Path) -> None:
    """A database of the previous release (schema 3, results but no ratings) upgrades in place, and
    its rated results are rated by ``catch_up`` (the same numbers a recompute gives)."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for script in MIGRATIONS[:3]:
        db.executescript(script)
    db.execute("PRAGMA user_version = 3")
    now = "2026-01-01T00:00:00.000000Z"
    db.execute("INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, version, "
               "created_at, updated_at) VALUES (1, 3, 4, 'kona', '{}', 1, 'finished', 10, 5, ?, ?)", (now, now))
    for seat, (uid, place, outcome) in enumerate([(10, 1, "win"), (11, 2, "loss")]):
        db.execute("INSERT INTO seats (table_id, seat, user_id, name, accepted) VALUES (1, ?, ?, ?, 1)",
                   (seat, uid, f"P{uid}"))
        db.execute("INSERT INTO results VALUES (1, ?, 3, 'kona', ?, ?, ?, 'resign', 1, ?)",
                   (seat, uid, place, outcome, now))
    db.commit()
    db.close()
    repo = await open_repository(path)
    assert await repo.schema_version() == SCHEMA_VERSION  # every migration after 3 ran
    assert await repo.ratings(3, "kona") == []
    board = LeaderboardService(repo)
    assert await board.catch_up() == [3]
    page = await board.page(3, "kona")
    assert [(e.name, e.games, e.wins) for e in page.entries] == [("P10", 1, 1), ("P11", 1, 0)]
    assert await board.catch_up() == []
    await repo.close()
