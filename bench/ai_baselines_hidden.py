"""Baseline players for the hidden-information games (Plateau, K3), used by ``bench/ai_hidden.py``
and, when present, by ``bench/ai.py``.

``BASELINES[game][name](engine, state, seat, rng) -> move text``.  They get the true state (a
referee's loop hands it over) and decide what they may look at:

- ``random``: a uniformly random legal move (Plateau ``random_move``; K3 a random build, then
  ``random.choice`` of the legal moves).
- ``greedy`` (Plateau): plays from a determinization of its *own view* (as honest as Mesa): wins when
  it can, never allows a win in one in that sample, and among the safe moves takes the most
  prisoners (count, then value), else a random safe move.
- ``greedy_cheat`` (Plateau): the same rule on the true state (it sees the opponent's faces).
- ``greedy`` (K3), a one-step heuristic (``ai.k3.greedy_move``): builds by Mesa's plan without
  simulation (``ai.k3.greedy_build``: escapes high and low, colours dealt round-robin, common
  colours high); in play it scores each move by what it leaves: a penalty given away costs 20
  (K3-6), a white spent costs 6 (K3-5.1 c), each own action next turn is worth 2 (up to 6), each
  action of the next player costs 1.5 (up to 6), leaving that player none is worth 30, and a
  move that ends the game scores its ranking; a steal takes the piece that leaves the victim
  fewest actions (a white or a natural preferred).  Cooperative: penalties cost nothing and the
  next player's actions count for the team.  K3 hides nothing in play (K3-10): no cheat twin.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ai.k3 import greedy_build, greedy_move
from ai.plateau import _VALUES, _moves, allows_win, winning_moves
from engines.plateau import determinize as plateau_determinize

Baseline = Callable[[Any, Any, int, random.Random], str]


def plateau_random(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
    return engine.format_move(state, engine.random_move(state, rng))


def _plateau_greedy_on(engine: Any, state: Any, rng: random.Random) -> Any:
    wins = winning_moves(state)
    if wins:
        return rng.choice(wins)
    p = state.side
    moves = list(_moves(state))
    rng.shuffle(moves)
    before = sum(state.prisoners[p])
    scored = []
    for move in moves:
        after = engine.apply(state, move)
        gained = sum(after.prisoners[p]) - before
        value = sum(c * v for c, v in zip(after.prisoners[p], _VALUES))
        scored.append((gained, value, move))
    scored.sort(key=lambda t: (-t[0], -t[1]))
    for _, _, move in scored:  # best capture first; the first safe one is played
        if not allows_win(state, move):
            return move
    return scored[0][2]


def plateau_greedy(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
    sample = plateau_determinize(engine.view(state, seat), seat, rng)
    return engine.format_move(sample, _plateau_greedy_on(engine, sample, rng))


def plateau_greedy_cheat(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
    return engine.format_move(state, _plateau_greedy_on(engine, state, rng))


def k3_random(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
    if state.phase == "build":
        return engine.format_move(state, engine.auto_build(state, seat, rng, "random"))
    return engine.format_move(state, rng.choice(engine.legal_moves(state)))


def k3_greedy(engine: Any, state: Any, seat: int, rng: random.Random) -> str:
    if state.phase == "build":
        return greedy_build(engine.view(state, seat), seat, rng)
    return greedy_move(state, rng)


BASELINES: dict[str, dict[str, Baseline]] = {
    "plateau": {"random": plateau_random, "greedy": plateau_greedy, "greedy_cheat": plateau_greedy_cheat},
    "k3": {"random": k3_random, "greedy": k3_greedy},
}
