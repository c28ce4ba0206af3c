"""Plateau's playout machinery: ``random_move`` (uniform, counted without listing the moves),
``playout_move`` (the cheap policy for a search player's simulations: legal, not uniform) and the
bucketed repetition marks of the history (PL-8.3).

Both pickers are checked against ``legal_moves``, which tests/test_plateau_engine.py checks
against a reference generator written straight from PL-5 and against perft.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from engines import plateau as P

E = P.ENGINE

#: PL-3.2: Black controls no stack, has no reserve and no prisoner to tender: only ``pass``.
#: (Black: 4 Mutes, a Red and two Blues on the board, the other 5 pieces White's prisoners.)
ONLY_PASS = "4/4/4/BXx.BXx.BXx.BXx.WRr,BRr.BBb.BBb.WXx,2 B turn - rb.ox.rx.bx.rr.2bb.3xx - rb.ox.rx.bx.rr 20"


class IndexRng:
    """A stand-in for random.Random whose ``randrange`` returns a chosen index (and records n)."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.asked: list[int] = []

    def randrange(self, n: int) -> int:
        self.asked.append(n)
        assert 0 <= self.index < n
        return self.index

    def choice(self, seq):  # the reply phase draws with choice
        self.asked.append(len(seq))
        return seq[self.index]


def _states(games: int, seed: int, pick: str = "random_move"):
    rng = random.Random(seed)
    for _ in range(games):
        state = E.new_game(2)
        while E.outcome(state) is None:
            yield state
            state = E.apply(state, getattr(E, pick)(state, rng))


def test_random_move_maps_its_draws_onto_the_legal_moves() -> None:
    """random_move draws one index in range(number of legal moves) and maps each index to a
    distinct legal move: every legal move exactly once, hence uniform odds."""
    checked = 0
    for i, state in enumerate(_states(12, 21)):
        if i % 5:
            continue
        legal = E.legal_moves(state)
        drawn = []
        for index in range(len(legal)):
            rng = IndexRng(index)
            drawn.append(E.random_move(state, rng))
            assert rng.asked == [len(legal)], E.to_position(state)
        assert Counter(drawn) == Counter(legal), E.to_position(state)
        checked += 1
    assert checked > 40


def test_random_move_only_pass() -> None:
    """PL-3.2: with no action the only move is pass, and both pickers return it."""
    state = E.from_position(ONLY_PASS)
    assert E.outcome(state) is None
    assert [E.format_move(state, m) for m in E.legal_moves(state)] == ["pass"]
    assert E.random_move(state, random.Random(1)) == P.PASS
    assert E.playout_move(state, random.Random(1)) == P.PASS
    after = E.apply(state, P.PASS)
    assert after.side == 1 and E.outcome(after) is None  # White still has actions


def test_playout_move_is_always_legal() -> None:
    """playout_move returns a legal move in every phase (opening, turn, reply, refused), and
    reaches every kind of action; games played with it end."""
    kinds: Counter = Counter()
    phases: Counter = Counter()
    rng = random.Random(5)
    games = 0
    for game in range(60):
        state = E.new_game(2, options={"max_plies": 150} if game % 2 else None)
        while E.outcome(state) is None:
            move = E.playout_move(state, rng)
            if game % 3 == 0 or state.phase != P.PHASE_TURN:  # listing every turn's moves is slow
                assert move in set(E.legal_moves(state)), (E.to_position(state), move)
            phases[state.phase] += 1
            kinds[move[0]] += 1
            state = E.apply(state, move)  # raises on an illegal move
        games += 1
    assert games == 60
    assert all(kinds[k] for k in (P.K_OPEN, P.K_ONBOARD, P.K_MOVE, P.K_STOMP, P.K_TENDER, P.K_RETURN)), kinds
    assert phases[P.PHASE_REPLY] and phases[P.PHASE_OPEN]


def test_playout_move_gives_each_source_a_chance() -> None:
    """The policy draws a source first (onboarding, each own stack, tendering): from the first
    turn of PL-11 example 2 (153 onboards, 15 moves from a1) about half the draws move a1,
    where a uniform draw would move it 15 times in 168."""
    state = E.from_position("3,Wxo.WXx/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx rb.rx.bx.2rr.2bb.3xx - - 2")
    legal = set(E.legal_moves(state))
    rng = random.Random(9)
    draws = [E.playout_move(state, rng) for _ in range(2000)]
    assert set(draws) <= legal
    moves = sum(1 for m in draws if m[0] == P.K_MOVE)
    assert 850 < moves < 1150  # 1000 expected: one source in two
    assert len({m for m in draws if m[0] == P.K_MOVE}) == 15  # every move of a1 shows up


def test_marks_track_the_history() -> None:
    """PL-8.3: the marks (hash buckets hit once / twice or more) always match the history, through
    play and JSON round trips, so the history is searched whenever a third occurrence is possible."""
    for i, state in enumerate(_states(20, 8)):
        assert state.marks == P._marks(state.history)
        if i % 11 == 0:
            assert E.from_json(json.loads(json.dumps(E.to_json(state)))).marks == state.marks


def test_repetition_needs_three_real_occurrences() -> None:
    """PL-8.3: a full bucket (every mark set) never draws by itself: the history decides."""
    text = "3,WRr/4/4/BRr,3 B turn rb.ox.rx.bx.rr.2bb.4xx rb.ox.rx.bx.rr.2bb.4xx - - 10"
    state = E.from_position(text)
    everything = (1 << 1024) - 1
    result, history, _ = P._judge(*state.history[0], 11, 1, (), state.history, (everything, everything), True, 400)
    assert result == "" and len(history) == 2  # seen twice only
    result, *_ = P._judge(*state.history[0], 12, 1, (), history, (everything, everything), True, 400)
    assert result == "draw (repetition)"  # the third time


def test_pickers_survive_emptied_memos(monkeypatch) -> None:
    """The memos are bounded (emptied when full): with a tiny bound, emptied all the time, both
    pickers still give exactly the legal moves."""
    monkeypatch.setattr(P, "_MEMO_LIMIT", 3)
    checked = 0
    rng = random.Random(4)
    for i, state in enumerate(_states(4, 33)):
        legal = E.legal_moves(state)
        if i % 4 == 0:
            drawn = [E.random_move(state, IndexRng(index)) for index in range(len(legal))]
            assert Counter(drawn) == Counter(legal), E.to_position(state)
            checked += 1
        assert E.playout_move(state, rng) in set(legal)
    assert checked > 20
