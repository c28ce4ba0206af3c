"""Ratings (issue 9): OpenSkill Plackett-Luce updates for 2, 3 and 4 players, ties, teams, recompute."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from tables.ratings import PROVISIONAL_GAMES, GameResult, Placing, Rating, leaderboard, rate_game, recompute


def duel(winner: int, loser: int) -> list[Placing]:
    return [Placing(winner, 0, 1, True), Placing(loser, 1, 2, False)]


def test_two_player_update_matches_the_library() -> None:
    new = rate_game({}, duel(1, 2))
    expected = PlackettLuce().rate([[PlackettLuce().rating()], [PlackettLuce().rating()]], ranks=[1, 2])
    assert new[1].mu == pytest.approx(expected[0][0].mu)
    assert new[2].sigma == pytest.approx(expected[1][0].sigma)
    assert new[1].display > 1000 > new[2].display  # the winner gains, the loser drops
    assert (new[1].wins, new[1].losses, new[2].wins, new[2].losses) == (1, 0, 0, 1)


def test_new_player_starts_at_1000_and_is_provisional() -> None:
    fresh = Rating()
    assert fresh.display == 1000
    assert fresh.provisional
    assert not Rating(games=PROVISIONAL_GAMES).provisional


def test_four_player_placements_order_the_gains() -> None:
    placings = [Placing(u, u, u, u == 1) for u in (1, 2, 3, 4)]
    new = rate_game({}, placings)
    mus = [new[u].mu for u in (1, 2, 3, 4)]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > 25 > mus[3]


def test_three_player_tie_shares_the_update() -> None:
    placings = [Placing(1, 0, 1, True), Placing(2, 1, 2, False), Placing(3, 2, 2, False)]
    new = rate_game({}, placings)
    assert new[2].mu == pytest.approx(new[3].mu)
    assert new[1].mu > new[2].mu


def test_draw_counts_as_draw_and_moves_little() -> None:
    placings = [Placing(1, 0, 1, False, draw=True), Placing(2, 1, 1, False, draw=True)]
    new = rate_game({}, placings)
    assert new[1].draws == new[2].draws == 1
    assert new[1].mu == pytest.approx(25.0)  # equal players drawing: no change of skill estimate


def test_partners_are_rated_as_one_team() -> None:
    placings = [Placing(1, 0, 1, True), Placing(3, 0, 1, True), Placing(2, 1, 2, False), Placing(4, 1, 2, False)]
    new = rate_game({}, placings)
    assert new[1].mu == pytest.approx(new[3].mu)
    assert new[2].mu == pytest.approx(new[4].mu)
    assert new[1].wins == new[3].wins == 1


def test_recompute_equals_incremental_updates() -> None:
    rng = random.Random(4)
    results, incremental = [], {}
    for table in range(60):
        game = rng.choice(["kona", "k3"])
        guild = rng.choice([10, 20])
        users = rng.sample(range(1, 9), 2 if game == "kona" else rng.randint(2, 4))
        placings = tuple(Placing(u, i, i + 1, i == 0) for i, u in enumerate(users))
        res = GameResult(table, guild, game, placings)
        results.append(res)
        current = {p.user_id: incremental.get((guild, game, p.user_id), Rating()) for p in placings}
        for u, r in rate_game(current, placings).items():
            incremental[(guild, game, u)] = r
    assert recompute(results) == incremental


def test_leaderboards_are_per_server() -> None:
    results = [GameResult(1, 10, "kona", tuple(duel(1, 2))), GameResult(2, 20, "kona", tuple(duel(3, 4)))]
    ratings = recompute(results)
    assert {u for (g, _, u) in ratings if g == 10} == {1, 2}
    assert {u for (g, _, u) in ratings if g == 20} == {3, 4}


def test_leaderboard_order() -> None:
    board = leaderboard({5: Rating(mu=30, sigma=2), 6: Rating(mu=20, sigma=2), 7: Rating()})
    assert [user for _, user, _ in board] == [5, 6, 7]
    assert [rank for rank, _, _ in board] == [1, 2, 3]


def test_a_single_side_cannot_be_rated() -> None:
    with pytest.raises(ValueError, match="two sides"):
        rate_game({}, [Placing(1, 0, 1, True)])


def test_players_equal_on_rating_and_games_share_a_rank() -> None:
    # partners of a Krakatoa team (KR-6.2) play the same games to the same results: they were ranked 1 and 2 by id
    ratings = {7: Rating(1097, 0, 5), 3: Rating(1097, 0, 5), 9: Rating(1200, 0, 9), 5: Rating(940, 0, 5),
               6: Rating(940, 0, 6)}
    ranked = [(rank, user) for rank, user, _ in leaderboard(ratings)]
    assert ranked == [(1, 9), (2, 3), (2, 7), (4, 6), (5, 5)]  # 6 played more games than 5: ahead of it
