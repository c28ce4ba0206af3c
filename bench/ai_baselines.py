"""The baseline players the computer player is measured against (issue 17, "Strength, measured").

``BASELINES[game] = {"random": fn, "greedy": fn}``; each ``fn(engine, state, seat, rng) -> str``
returns a legal move in canonical notation.  Baselines see the true state (they are yardsticks,
not players of the product; for hidden-information games that only makes them stronger).

- random: a uniformly random legal move.
- greedy: wins when it can; never allows a win in one where the game is deterministic (Kona: it
  avoids every move after which the opponent has a winning reply, unless all moves allow one);
  otherwise random.  Krakatoa's greedy player is the engine's ``auto`` policy (KR-8.4).

Other modules add games: ``bench.ai`` merges ``BASELINES`` of ``bench.ai_baselines_hidden`` when
that module exists.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines import get_engine
from engines.base import Engine

Baseline = Callable[[Engine, Any, int, random.Random], str]


def random_player(engine: Engine, state: Any, seat: int, rng: random.Random) -> str:
    """A uniformly random legal move."""
    return engine.format_move(state, rng.choice(engine.legal_moves(state)))


def _wins(engine: Engine, state: Any, seat: int) -> bool:
    result = engine.outcome(state)
    return result is not None and not result.draw and seat in result.winners


def kona_greedy(engine: Engine, state: Any, seat: int, rng: random.Random) -> str:
    """Win in one if possible (line KO-6.2 or blocking KO-6.3); else a random move after which the
    opponent has no winning reply; else any move that does not lose at once."""
    moves = engine.legal_moves(state)
    safe, not_losing = [], []
    for move in moves:
        child = engine.apply(state, move)
        if _wins(engine, child, seat):
            return engine.format_move(state, move)
        if engine.outcome(child) is not None and not engine.outcome(child).draw:  # type: ignore[union-attr]
            continue  # a move that loses at once
        not_losing.append(move)
        if engine.outcome(child) is not None:
            safe.append(move)  # a draw ends the game: nothing to allow
            continue
        other = 1 - seat
        if not any(_wins(engine, engine.apply(child, reply), other) for reply in engine.legal_moves(child)):
            safe.append(move)
    pool = safe or not_losing or moves
    return engine.format_move(state, rng.choice(pool))


def krakatoa_greedy(engine: Engine, state: Any, seat: int, rng: random.Random) -> str:
    """KR-8.4: the engine's ``auto`` policy (the most expected points on the throw at hand)."""
    return engine.format_move(state, engine.auto_move(state))  # type: ignore[attr-defined]


BASELINES: dict[str, dict[str, Baseline]] = {
    "kona": {"random": random_player, "greedy": kona_greedy},
    "krakatoa": {"random": random_player, "greedy": krakatoa_greedy},
}


def baseline_engine(game: str) -> Engine:
    return get_engine(game)
