"""Plateau computer player: legal at every level, takes a win in one, blocks one, speaks notation.

Positions are written in the rules' notation (PL-10.1) and every expectation comes from the rules,
checked through the engine (the referee), never from the player's own code.
"""

from __future__ import annotations

import random

import pytest

from ai import AIError, Budget, choose_move
from engines.plateau import ENGINE as E

SMALL = Budget(iterations=12)


def mesa(state, level: str = "normal", budget: Budget = SMALL, seed: int = 0) -> str:
    seat = E.to_move(state)
    return choose_move("plateau", E.view(state, seat), seat, level, budget, seed)


#: games per level against random play (issue 18, as part 1: "hundreds of seeded games"), seats alternating
GAMES = 200
#: iterations per move: each adds one of the root's moves (in the order of the level's material
#: reading) and plays a rollout from it, so the search picks among several moves, then the safety
#: check runs; small enough for CI (at 8 and more the tree also reads replies, at twice the cost)
GAME_ITERATIONS = 4
#: PL-8.5's ply limit, lowered to keep each game bounded (a game that reaches it is a draw)
GAME_PLIES = 90


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hundreds_of_seeded_games_against_random_without_an_illegal_move(level: str) -> None:
    """Each Mesa move is one of the engine's legal moves, in canonical notation (PL-10.4), and each
    game reaches an outcome (PL-8); the opponent draws uniformly among the legal moves."""
    budget = Budget(iterations=GAME_ITERATIONS)
    kinds: set[str] = set()
    for game in range(GAMES):
        rng = random.Random(game)
        state = E.new_game(2, game, {"max_plies": GAME_PLIES})
        mesa_seat = game % 2
        while E.to_move(state) is not None:
            if E.to_move(state) == mesa_seat:
                text = mesa(state, level, budget, seed=game * 1000 + state.ply)
                legal = {E.format_move(state, m) for m in E.legal_moves(state)}
                assert text in legal, (text, E.to_position(state))
                kinds.add(text[0] if text[0] in "+*t" else "m")
                move = E.parse_move(state, text)
            else:
                move = E.random_move(state, rng)
            state = E.apply(state, move)
        assert E.outcome(state) is not None
    assert {"+", "m"} <= kinds, kinds  # placements (PL-2.2, PL-4) and stack moves (PL-5) at least


# PL-11.7 with five prisoners already held by Black: "a1:1-a4 (N = 3) captures one Mute" (PL-5.4, PL-6),
# which makes six prisoners: a win (PL-8.1).  White's 12: two on the board, rb.ox.rx.2bb in reserve, five held.
SIX_PRISONERS = "WXx.WXx,3/4/4/BXx.BXx.BRr,3 B turn rb.ox.rx.bx.rr.2bb.2xx rb.ox.rx.2bb bx.2rr.2xx - 12"
# PL-11.12: "+xx@a1:5 -> winner 0 (stack)": six consecutive own pieces, even under an enemy piece.
BURIED_SIX = "4/4/4/BXx.BXx.BXx.BRr.BBb.WRr,3 B turn rb.ox.rx.bx.rr.bb.xx rb.ox.rx.bx.rr.2bb.4xx - - 30"


@pytest.mark.parametrize("position", [SIX_PRISONERS, BURIED_SIX])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_win_in_one_is_taken(position: str, level: str) -> None:
    state = E.from_position(position)
    assert E.outcome(state) is None
    for seed in range(3):
        after = E.apply(state, E.parse_move(state, mesa(state, level, Budget(iterations=20), seed)))
        outcome = E.outcome(after)
        assert outcome is not None and outcome.winners == (0,), (seed, E.to_position(after))


def test_the_buried_six_of_the_rules_is_among_the_wins() -> None:
    """The rules' own winning move (PL-11.12) wins in the engine, so the position tests what it says."""
    state = E.from_position(BURIED_SIX)
    assert E.outcome(E.apply(state, E.parse_move(state, "+xx@a1:5"))).winners == (0,)


# White holds five prisoners; its red-topped unit of three on a4 (N = 3, red: orthogonal, PL-5.3/5.4)
# reaches a1 and a2 down the file and would capture Black's lone Mute there: six prisoners (PL-8.1).
# Onboarding onto a1 only feeds the capture; the Mute must step off the file (b1 or b2).
# Black: 1 on the board, rb.ox.bx.rr.2bb in reserve, rx.rr.3xx held by White (PL-1.2: 12).
THREAT = "WXx.WXx.WRr,3/4/4/BXx,3 B turn rb.ox.bx.rr.2bb rb.ox.rx.bx.rr.2bb.2xx - rx.rr.3xx 20"


def test_does_not_allow_a_win_in_one_when_it_can_avoid_it() -> None:
    """Black must not leave White a capture that brings it to six prisoners (PL-8.1)."""
    state = E.from_position(THREAT)
    passing = E.apply(state, E.parse_move(state, "+rr@c3"))  # the threat is real: a4:3-a1 then wins
    assert E.outcome(E.apply(passing, E.parse_move(passing, "a4:3-a1"))).winners == (1,)
    for seed in range(3):
        text = mesa(state, "hard", Budget(iterations=30), seed)
        after = E.apply(state, E.parse_move(state, text))
        assert E.outcome(after) is None or E.outcome(after).winners == (0,)
        replies = E.legal_moves(after)
        assert not any(
            (o := E.outcome(E.apply(after, r))) is not None and o.winners == (1,) for r in replies
        ), (text, E.to_position(after))


def test_exchange_replies_are_moves_too() -> None:
    """PL-11.11: after tender:rr the only moves are returns; Mesa answers with one of them."""
    state = E.from_position("3,WXx/4/4/BXx,3 B turn rb.ox.bx.2rr.bb.3xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rx.bb 30")
    state = E.apply(state, E.parse_move(state, "tender:rr"))
    assert mesa(state, "hard", Budget(iterations=10)) in {"return:bb", "return:rx", "return:rx.bb"}


def test_same_seed_and_iterations_give_the_same_move() -> None:
    state = E.new_game()
    rng = random.Random(5)
    for _ in range(9):
        state = E.apply(state, E.random_move(state, rng))
    assert mesa(state, "hard", Budget(iterations=25), seed=7) == mesa(state, "hard", Budget(iterations=25), seed=7)


def test_a_finished_game_or_the_wrong_seat_is_refused() -> None:
    state = E.from_position(BURIED_SIX)
    with pytest.raises(AIError):
        choose_move("plateau", E.view(state, 1), 1, "hard", SMALL)
    over = E.apply(state, E.parse_move(state, "+xx@a1:5"))
    with pytest.raises(AIError):
        choose_move("plateau", E.view(over, 0), 0, "hard", SMALL)
