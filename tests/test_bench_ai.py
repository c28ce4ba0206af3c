"""bench.ai's scoring (issue 17, "Strength, measured"): a partnership's win; paired games (issue 32)."""

from __future__ import annotations

from fractions import Fraction

from bench.ai import Clockings, SeatDice, make_player, play_game, run_match, run_paired
from engines import CHANCE, get_engine

ENGINE = get_engine("krakatoa")


def test_a_partnership_win_counts_one_for_the_measured_seat() -> None:
    # KR-6.2: "A team's win is a win for both partners", so with teams the measured seat scores 1
    # when its side wins, 0 when the other side does, 1/2 when the sides tie (KR-4.4)
    r = run_match("krakatoa", "random", "random", 12, lambda name: None, players=4, seed=2, options={"teams": True})
    assert r["wins"] + r["draws"] + r["losses"] == 12
    assert r["wins"] > 0 and r["losses"] > 0


def _draws(position: str, count: int, seed: int = 3) -> dict[str, int]:
    """How often each chance move comes out of ``SeatDice`` at ``position`` (fresh streams)."""
    found: dict[str, int] = {}
    for n in range(count):
        state = ENGINE.from_position(position)
        move = ENGINE.format_move(state, SeatDice(seed * 1_000_003 + n).draw(state))
        found[move] = found.get(move, 0) + 1
    return found


def test_paired_dice_follow_the_rules_odds() -> None:
    # KR-8.2: throw 2 (Ash) aimed soft at s1 on YYB/YRR/RRR: P(scratch) = 0.2 · 0.8² · 0.95³
    # (exact from the engine's outcomes, KR-10.5); every draw is one of the engine's legal outcomes
    state = ENGINE.from_position("YYB/YRR/RRR play 1 2 1 roll:a:s1:soft 1 0,32 10,00 - 3 advanced")
    exact = sum(p for m, p in ENGINE.chance_outcomes_exact(state) if m[0] == "scratch")
    assert exact == Fraction(2, 10) * Fraction(8, 10) ** 2 * Fraction(95, 100) ** 3
    legal = {ENGINE.format_move(state, m) for m in ENGINE.legal_moves(state)}
    draws = _draws(ENGINE.to_position(state), 4000)
    assert set(draws) <= legal
    scratches = sum(n for move, n in draws.items() if move.startswith("scratch"))
    assert abs(scratches / 4000 - float(exact)) < 0.02  # about 4 standard deviations
    # KR-1.1 throw 1, all nine dice: Steam shows YYY with probability (3/12)³ = 1/64
    fresh = _draws("YYB/YRR/RRR play 2 1 1 roll:all 1 40,32 00,00 - 3 advanced", 4000)
    yyy = sum(n for move, n in fresh.items() if move.split()[1].startswith("YYY/"))
    assert abs(yyy / 4000 - 1 / 64) < 0.008


def test_paired_dice_do_not_depend_on_earlier_choices() -> None:
    # Basic preset (KR-7.1: no boxes shared, no Quakes): seat 1's dice, hence its whole game and its
    # total, are the same whatever seat 0 plays, though seat 0's choices use up different numbers of
    # draws (a rethrow, which dice an aim strikes).  One shared chance RNG would not keep them so.
    clock = Clockings()
    greedy = make_player("krakatoa", "greedy", None, clock)
    rand = make_player("krakatoa", "random", None, clock)
    basic = {"preset": "basic"}
    for seed in range(3):
        paired = [play_game(ENGINE, [first, greedy], seed, basic, paired=True)[0] for first in (greedy, rand)]
        assert paired[0].scores[1] == paired[1].scores[1]
        assert paired[0].scores[0] != paired[1].scores[0]
    shared = [play_game(ENGINE, [first, greedy], 0, basic)[0] for first in (greedy, rand)]
    assert shared[0].scores[1] != shared[1].scores[1]


def test_a_paired_game_repeats_and_a_player_paired_with_itself_differs_by_nothing() -> None:
    clock = Clockings()
    greedy = make_player("krakatoa", "greedy", None, clock)
    first = play_game(ENGINE, [greedy, greedy], 5, None, paired=True)[0]
    assert play_game(ENGINE, [greedy, greedy], 5, None, paired=True)[0].scores == first.scores
    same = run_paired("krakatoa", "random", "random", "greedy", 4, lambda name: None, seed=1)
    assert same["points"] == (0.0, 0.0) and same["score"] == (0.0, 0.0)
    r = run_paired("krakatoa", "greedy", "random", "greedy", 6, lambda name: None, seed=1)
    (points, half), (score, _) = r["points"], r["score"]
    assert r["point_differ"] > 0 and half > 0
    # the differences are those of each player's own games, seat by seat
    (_, (mine, _), (won, _), _), (_, (theirs, _), (lost, _), _) = r["each"]
    assert abs(points - (mine - theirs)) < 1e-9 and abs(score - (won - lost)) < 1e-9


def test_a_paired_seat_sees_its_throw_1_dice_whatever_came_before() -> None:
    # the n-th throw of a kind by a side has its own stream: the same position reached twice draws
    # the same dice; another side's throw, or another round, draws others
    state = ENGINE.from_position("YYB/YRR/RRR play 2 1 1 roll:all 1 40,32 00,00 - 3 advanced")
    other = ENGINE.from_position("YYB/YRR/RRR play 2 1 0 roll:all 1 40,32 00,00 - 3 advanced")
    later = ENGINE.from_position("YYB/YRR/RRR play 3 1 1 roll:all 1 40,32 00,00 - 3 advanced")
    assert ENGINE.to_move(state) == CHANCE
    dice = [SeatDice(9).draw(s) for s in (state, state, other, later)]
    assert dice[0] == dice[1]
    assert dice[0] != dice[2] and dice[0] != dice[3]


def test_the_paired_command_prints_the_differences(capsys) -> None:
    from bench.ai import main

    assert main(["krakatoa", "--paired", "greedy:random", "--against", "random", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "greedy - random, paired against random (2p), games 2:" in out
    assert " points +" in out or " points -" in out
    assert "vs" not in out  # no unpaired match besides
