"""Plateau computer player: ISMCTS over determinizations of the seat's view (rules/plateau.md).

Honest by construction: ``choose`` receives ``engine.view(state, seat)`` only.  Every full state it
reasons about comes from ``engines.plateau.determinize`` (PL-9: the enemy's unseen faces and reserve
drawn from the enemy pieces still unaccounted for), so faces revealed to the seat (PL-9.3) narrow
the samples and faces it never saw stay uncertain.  Its own pieces' faces are part of the view, and
the position string marks which of them the opponent has seen, so the samples carry that too.

Search (``ai/ismcts.py``): one tree over move sequences, a fresh determinization per iteration,
progressive widening (1,260 moves at ply 1).  At the root moves enter the tree in the order of a
material reading on one sample, worth a few virtual visits: what the move captures (normal), minus
the best capture it leaves the opponent (hard); own moves and capture counts do not depend on
hidden faces, only values may.
Deeper, new children are chosen *capture first*: wins, then captures by what they take, then the
rest at random; the same rule serves both seats, so the opponent's dangerous replies are read
first.  Rollouts are short capture-aware playouts (a few of the side's capturing moves are tried
before a ``playout_move`` draw) scored by the prisoner race that decides the game (PL-8.1) and the
progress towards a six-stack.  Around the search: a win in one is always taken, and the chosen move
is checked over a few samples for an immediate reply that wins (a capture to six prisoners or a
six-stack), picking the most-read move that allows none when one exists.

Known limit (single-observer ISMCTS): inside a sample the opponent is played as if it saw that
sample's faces of Mesa's pieces; what the opponent really knows (the case marks of the position)
is not modelled separately.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ai import AIError, Budget
from ai.ismcts import Settings, Stats, best_move, search
from engines.plateau import (
    ENGINE,
    K_MOVE,
    K_ONBOARD,
    K_RETURN,
    K_STOMP,
    BoardMove,
    PlateauMove,
    PlateauState,
    PlateauView,
    capture_candidates,
    determinize,
    stack_moves,
)


@dataclass(frozen=True)
class Level:
    """Strength knobs of one level (the budget is the main one; these shape the reading)."""

    rollout_plies: int
    capture_tries: int  # capturing moves tried per rollout ply before a plain playout move
    root_prior: int  # plies of the material reading that orders the root's moves (0: none)
    prior_weight: int  # virtual visits the two-ply reading is worth at the root
    safety_samples: int  # determinizations checked for a win-in-one reply to the chosen move
    settings: Settings


LEVEL_KNOBS: dict[str, Level] = {
    "easy": Level(rollout_plies=6, capture_tries=1, root_prior=0, prior_weight=0, safety_samples=1,
                  settings=Settings(exploration=1.0)),
    "normal": Level(rollout_plies=10, capture_tries=2, root_prior=1, prior_weight=6, safety_samples=2,
                    settings=Settings(exploration=0.8)),
    "hard": Level(rollout_plies=12, capture_tries=3, root_prior=2, prior_weight=6, safety_samples=4,
                  settings=Settings(exploration=0.7)),
}  # fmt: skip


def _moves(state: PlateauState) -> list[PlateauMove]:
    """Legal moves, unordered (the engine's fast list; sorting 1,260 texts per node would dominate)."""
    return ENGINE.unordered_moves(state)


def _prisoners(state: PlateauState, p: int) -> int:
    return sum(state.prisoners[p])


def _winner(state: PlateauState) -> int | None:
    """The winning seat of a finished game (None: not over, or a draw)."""
    if not state.result.startswith("winner"):
        return None
    return int(state.result[7])


def _onboard_six_levels(stack: tuple[int, ...], p: int, have: int) -> int:
    """The levels (a bit each) where a piece of ``p`` onboarded into ``stack`` (PL-4.1) wins at once:
    six prisoners already held, or six own pieces in a row (PL-8.1), through the new piece or not."""
    h = len(stack)
    above = [0] * (h + 1)  # above[level]: own pieces in a row from ``level`` up
    for level in range(h - 1, -1, -1):
        above[level] = above[level + 1] + 1 if stack[level] & 1 == p else 0
    if have >= 6 or max(above) >= 6:
        return (1 << (h + 1)) - 1
    levels = 0
    below = 0  # own pieces in a row just under ``level``
    for level in range(h + 1):
        if below + 1 + above[level] >= 6:
            levels |= 1 << level
        below = below + 1 if level < h and stack[level] & 1 == p else 0
    return levels


class _WinScreen:
    """Could a move end the game for ``p`` (PL-8.1)?  Cheap, never wrong when it says no.

    Six prisoners need a capture of enough enemy pieces; a six-stack needs enough own pieces where the
    move lands or stops (a capture can join runs, so all own pieces there count), or an onboard into
    a run of five.  The board is counted once per position, so each move costs a few lookups.
    """

    __slots__ = ("enemy", "have", "need", "onboard_levels")

    def __init__(self, state: PlateauState, p: int) -> None:
        self.have = _prisoners(state, p)
        self.need: list[int] = []  # per square: the own pieces a move must bring to make six there
        self.enemy: list[int] = []  # per square: the enemy pieces in its stack
        #: per square: the levels (a bit each) where an onboard wins (none without five own pieces there)
        self.onboard_levels: list[int] = []
        for stack in state.board:
            own = 0
            for piece in stack:
                own += piece & 1 == p
            self.need.append(6 - own)
            self.enemy.append(len(stack) - own)
            self.onboard_levels.append(_onboard_six_levels(stack, p, self.have) if own >= 5 else 0)

    def __call__(self, move: PlateauMove) -> bool:
        if move[0] == K_MOVE:
            _, _, _, group, stops, dest = move
            need = self.need
            if stops:
                group = max(group, *(j for _, j in stops))  # the most pieces the group has on the way
                if any(need[sq] <= group for sq, _ in stops):
                    return True
            if need[dest] <= group:
                return True
            enemies = self.enemy[dest]
            return enemies > 0 and self.have + enemies >= 6
        if move[0] == K_STOMP:
            return self.need[move.square] <= 0 or self.have + self.enemy[move.square] >= 6
        if move[0] == K_ONBOARD:
            return self.onboard_levels[move.square] >> move.level & 1 == 1
        return False


def _threat_possible(state: PlateauState, p: int) -> bool:
    """A necessary condition for ``p`` to have a win in one (PL-8.1), in one pass over the board:
    enough enemy pieces in one stack to reach six prisoners, or enough own pieces in one stack
    to reach six with what ``p`` could bring (all its top units, or one reserve piece)."""
    have = _prisoners(state, p)
    most_enemy = most_own = bring = 0
    for stack in state.board:
        own = 0
        for piece in stack:
            own += piece & 1 == p
        most_own = max(most_own, own)
        most_enemy = max(most_enemy, len(stack) - own)
        if stack and stack[-1] & 1 == p:
            unit = 0
            for piece in reversed(stack):
                if piece & 1 != p:
                    break
                unit += 1
            bring += unit  # stops may pick up other own units on the way (PL-5.5)
    if sum(state.reserves[p]):
        bring = max(bring, 1)
    return have + most_enemy >= 6 or most_own + bring >= 6 or most_own >= 6


def hot_moves(state: PlateauState) -> list[BoardMove]:
    """The side to act's moves that may capture now (PL-6): stomps, and moves landing on a stack
    holding an enemy piece (the engine builds only these, in the order of its stack moves)."""
    return capture_candidates(state)


def gain(before: PlateauState, after: PlateauState, p: int) -> float:
    """What a move took for ``p``: prisoners by count (six win, PL-8.1), then by value (PL-7)."""
    old, new = before.prisoners[p], after.prisoners[p]
    if new == old:
        return 0.0
    return (sum(new) - sum(old)) * 10.0 + sum((n - o) * v for n, o, v in zip(new, old, _VALUES)) * 0.1


def reply_cost(move: PlateauMove) -> float:
    """PL-7.2: what a reply gives back (``refuse`` gives nothing): prisoners by count, then value."""
    if move[0] != K_RETURN:
        return 0.0
    counts = move.counts
    return sum(counts) * 10.0 + sum(c * v for c, v in zip(counts, _VALUES)) * 0.1


def best_capture(state: PlateauState) -> float:
    """The side to act's best immediate capture (a win counts 1,000): the threat a move leaves."""
    p = state.side
    best = 0.0
    for move in hot_moves(state):
        after = ENGINE.apply(state, move)
        if _winner(after) == p:
            return 1000.0
        best = max(best, gain(state, after, p))
    return best


def two_ply(state: PlateauState, move: PlateauMove, plies: int = 2) -> float:
    """Material two plies deep: what ``move`` takes minus the best capture it leaves the opponent
    (``plies=1``: only what it takes)."""
    p = state.side
    after = ENGINE.apply(state, move)
    if after.result:
        w = _winner(after)
        return 1000.0 if w == p else (-1000.0 if w is not None else 0.0)
    score = gain(state, after, p)
    if after.side != p and plies >= 2:
        score -= best_capture(after)
    return score


def winning_moves(state: PlateauState) -> list[PlateauMove]:
    """Every move that wins at once for the side to act (PL-8.1, PL-8.2)."""
    p = ENGINE.to_move(state)
    if p is None or not _threat_possible(state, p):
        return []
    may_win = _WinScreen(state, p)
    # the usual case: no onboard wins, and the other moves that may win (PL-8.1) are the stack moves,
    # which ``stack_moves`` lists in the same order without building every onboard
    moves: Sequence[PlateauMove] = _moves(state) if any(may_win.onboard_levels) else stack_moves(state)
    return [move for move in moves if may_win(move) and _winner(ENGINE.apply(state, move)) == p]


def evaluate(state: PlateauState) -> tuple[float, float]:
    """Rewards for seats 0 and 1: exact when the game is over, else from the prisoner race (PL-8.1)."""
    if state.result:
        w = _winner(state)
        return (0.5, 0.5) if w is None else ((1.0, 0.0) if w == 0 else (0.0, 1.0))
    p0, p1 = state.prisoners
    n0, n1 = sum(p0), sum(p1)
    # the count decides (six wins); closer to six weighs more; value breaks ties and matters in exchanges
    d = (n0 - n1) * 0.55 + (max(n0, 3) - max(n1, 3)) * 0.35
    d += (sum(c * v for c, v in zip(p0, _VALUES)) - sum(c * v for c, v in zip(p1, _VALUES))) * 0.01
    d += (_longest_run(state.board, 0) - _longest_run(state.board, 1)) * 0.25  # towards a six-stack
    r0 = 1.0 / (1.0 + math.exp(-d))
    return (r0, 1.0 - r0)


_VALUES = (21, 15, 10, 8, 5, 4, 1)  # PL-1.2


def _longest_run(board: Any, p: int) -> int:
    """``p``'s most pieces in one stack, counted from 3 up (a six-stack wins, PL-8.1)."""
    best = 0
    for stack in board:
        if len(stack) > 3:
            best = max(best, sum(1 for piece in stack if piece & 1 == p))
    return max(best, 3) - 3


class PlateauAdapter:
    """The game as ``ai.ismcts.search`` sees it."""

    def __init__(self, level: Level, root_ply: int = -1, root_rank: Mapping[PlateauMove, float] | None = None) -> None:
        self.level = level
        self.root_ply = root_ply
        self.root_rank = root_rank or {}

    def determinize(self, view: PlateauView, seat: int, rng: random.Random) -> PlateauState:
        return determinize(view, seat, rng)

    def to_move(self, state: PlateauState) -> int | None:
        return ENGINE.to_move(state)

    def moves(self, state: PlateauState) -> Sequence[PlateauMove]:
        return _moves(state)

    def apply(self, state: PlateauState, move: PlateauMove) -> PlateauState:
        return ENGINE.apply(state, move)

    def expand(self, state: PlateauState, untried: list[PlateauMove], rng: random.Random) -> PlateauMove:
        """Capture first: of the untried moves that may capture or win, plus a few drawn at random,
        the one that wins, else takes the most (count, then value); ties at random."""
        if state.phase == 2:  # a reply (PL-7.2): the cheapest return first
            return min(untried, key=lambda m: (reply_cost(m), rng.random()))
        if state.ply == self.root_ply and self.root_rank:  # the root: best two-ply material first
            ranked = [m for m in untried if m in self.root_rank]
            if ranked:
                return max(ranked, key=self.root_rank.__getitem__)
        p = state.side
        board = state.board
        hot = [
            m for m in untried
            if (m[0] == K_MOVE and any(piece & 1 != p for piece in board[m.dest]))
            or (m[0] == K_STOMP)
            or (m[0] == K_ONBOARD and len(board[m.square]) >= 5)
        ]  # fmt: skip
        if len(hot) > 24:
            hot = rng.sample(hot, 24)
        pool = hot + [untried[int(rng.random() * len(untried))] for _ in range(3)]
        before = _prisoners(state, p)
        best, best_score = pool[-1], -1.0
        for move in pool:
            after = ENGINE.apply(state, move)
            if _winner(after) == p:
                return move
            gained = after.prisoners[p]
            score = (sum(gained) - before) * 100 + sum(c * v for c, v in zip(gained, _VALUES)) * 0.1 + rng.random()
            if score > best_score:
                best, best_score = move, score
        return best

    def prior(self, state: PlateauState, move: PlateauMove) -> tuple[float, int]:
        """At the root, the two-ply material reading as ``prior_weight`` virtual visits."""
        if state.ply != self.root_ply or move not in self.root_rank:
            return 0.0, 0
        score = max(-60.0, min(60.0, self.root_rank[move]))
        return 1.0 / (1.0 + math.exp(-score / 8.0)), self.level.prior_weight

    def rollout(self, state: PlateauState, rng: random.Random) -> Sequence[float]:
        tries = self.level.capture_tries
        for _ in range(self.level.rollout_plies):
            if state.result:
                break
            p = state.side
            before = _prisoners(state, p)
            nxt = None
            if tries > 1 and state.phase == 1:  # a normal turn: try a few captures first (PL-6)
                hot = hot_moves(state)
                for _ in range(min(tries, len(hot))):
                    other = ENGINE.apply(state, hot[int(rng.random() * len(hot))])
                    if other.result or _prisoners(other, p) > before:
                        nxt = other
                        break
            state = nxt if nxt is not None else ENGINE.apply(state, ENGINE.playout_move(state, rng))
        return evaluate(state)


def allows_win(state: PlateauState, move: PlateauMove) -> bool:
    """Does the opponent have a winning reply to ``move`` in this sample?  (A win by us is no risk.)"""
    after = ENGINE.apply(state, move)
    if after.result:
        return _winner(after) == 1 - state.side
    if ENGINE.to_move(after) == state.side:  # e.g. our tender was refused: we act again
        return False
    return bool(winning_moves(after))


def choose(view: PlateauView, seat: int, level: str, budget: Budget, rng: random.Random,
           stats: Stats | None = None) -> str:  # fmt: skip
    """The move for ``seat`` from its view (see the module docstring)."""
    if view.get("outcome") or view.get("to_move") is None:
        raise AIError("the game is over")
    if view.get("to_move") != seat:
        raise AIError(f"seat {seat} is not the one to act")
    start = time.perf_counter()
    knobs = LEVEL_KNOBS[level]
    sample = determinize(view, seat, rng)
    legal = _moves(sample)
    if len(legal) == 1:
        return ENGINE.format_move(sample, legal[0])
    wins = winning_moves(sample)  # own wins do not depend on the hidden faces (capture counts are public)
    if wins:
        return ENGINE.format_move(sample, min(wins, key=lambda m: ENGINE.format_move(sample, m)))
    iterations = budget.iterations
    ms = budget.ms
    if iterations is None and ms is None:
        ms = 500
    deadline = None if ms is None else start + ms * 0.95 / 1000.0
    if ms is not None:
        ms = int(ms * 0.7)  # leave room for the safety check and the answer
    rank: dict[PlateauMove, float] = {}
    if knobs.root_prior and sample.phase == 1:
        onboard_seen: dict[tuple[int, int], float] = {}
        prior_end = None if ms is None else start + ms * 0.3 / 1000.0  # at most 30% of the time
        for i, move in enumerate(legal):  # one sample: own moves and their captures are the same in every sample
            if prior_end is not None and i % 8 == 7 and time.perf_counter() > prior_end:
                break  # the moves left unread are widened capture-first like any other node
            if move[0] == K_ONBOARD:  # onboards to one place leave the same captures (PL-4.2): read one
                place = (move.square, move.level)
                if place not in onboard_seen:
                    onboard_seen[place] = two_ply(sample, move, knobs.root_prior)
                rank[move] = onboard_seen[place] + rng.random() * 0.01
            else:
                rank[move] = two_ply(sample, move, knobs.root_prior) + rng.random() * 0.01
    elif sample.phase == 2:  # a reply: the search reads the cheap returns first
        rank = {move: -reply_cost(move) + rng.random() * 0.01 for move in legal}
    if ms is not None:
        ms = max(1, ms - int((time.perf_counter() - start) * 1000))
    adapter = PlateauAdapter(knobs, sample.ply, rank)
    children = search(adapter, view, seat, rng, iterations, ms, knobs.settings, stats)
    move = best_move(children)
    samples = [sample] + [determinize(view, seat, rng) for _ in range(knobs.safety_samples - 1)]
    if any(allows_win(s, move) for s in samples):
        ranked = [m for m, _ in sorted(children.items(), key=lambda kv: -kv[1].visits)]
        rest = [m for m in legal if m not in children]
        rng.shuffle(rest)
        for candidate in ranked + rest:
            if rank.get(candidate, 0.0) <= -999.0:
                continue  # the two-ply reading already found a winning capture against it
            if not allows_win(samples[0], candidate) and not any(allows_win(s, candidate) for s in samples[1:]):
                move = candidate  # (the first sample rejects most candidates alone: the others only confirm)
                break
            if deadline is not None and time.perf_counter() > deadline:
                break  # out of time: keep the search's choice
    return ENGINE.format_move(sample, move)
