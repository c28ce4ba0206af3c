"""The goals a lesson step may set (``tables.learn``): conditions the engine checks on the learner's move.

A step's ``goal`` is ``name`` or ``name:argument``; each condition is a function of (engine, state before,
learner's seat, move, state after, argument) that says whether the move meets it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines import CHANCE, Engine

#: a condition: (engine, state before, learner's seat, move, state after, argument) -> met
Condition = Callable[[Engine, Any, int, Any, Any, str], bool]


def _wins(engine: Engine, state: Any, seat: int) -> bool:
    outcome = engine.outcome(state)
    return outcome is not None and not outcome.draw and seat in outcome.winners


def winning_reply(engine: Engine, after: Any, seat: int) -> Any | None:
    """An opponent's move at ``after`` that wins for them at once (the learner is ``seat``), or None."""
    opponent = engine.to_move(after)
    if engine.outcome(after) is not None or opponent is None or opponent in (CHANCE, seat):
        return None
    for reply in engine.legal_moves(after, opponent):
        if _wins(engine, engine.apply(after, reply), opponent):
            return reply
    return None


def wins_now(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The move wins the game at once."""
    return _wins(engine, after, seat)


def opponent_has_no_winning_reply(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The game goes on, or is won, and the opponent cannot win with their next move."""
    outcome = engine.outcome(after)
    if outcome is not None:
        return seat in outcome.winners and not outcome.draw
    return winning_reply(engine, after, seat) is None


def _tally(engine: Engine, state: Any, seat: int) -> int:
    """The seat's first tally in its own view (prisoners, points): a number, or a list counted."""
    view = engine.view(state, seat)
    for key in (*engine.description.tallies, "totals", "scores"):
        values = view.get(key)
        if isinstance(values, list) and 0 <= seat < len(values):
            value = values[seat]
            return len(value) if isinstance(value, list) else int(value)
    return 0


def captures_at(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The move raises the seat's tally (prisoners), landing on square ``arg``."""
    lands = engine.format_move(before, move).rstrip("!").split("-")[-1].split("@")[-1]
    return _tally(engine, after, seat) > _tally(engine, before, seat) and arg in (lands, lands[:2])


def scores_at_least(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The seat's score after the move is at least ``arg``."""
    return _tally(engine, after, seat) >= int(arg)


#: ``opponent_cannot_capture``'s answers by what the opponent sees (game, their view, seat), kept this long
_CAPTURES_SEEN: dict[tuple[str, str, int], bool] = {}
_CAPTURES_KEPT = 4096


def opponent_cannot_capture(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The game goes on and no move of the opponent's next raises their tally (takes a prisoner), or it is won.

    What the opponent may do, and what it takes, is decided by what they see: positions they see alike get one
    answer (an opening step has some thousand answers, which differ only in faces the opponent cannot see)."""
    outcome = engine.outcome(after)
    if outcome is not None:
        return seat in outcome.winners and not outcome.draw
    opponent = engine.to_move(after)
    if opponent is None or opponent in (CHANCE, seat):
        return True
    key = (engine.name, engine.view_notation(after, opponent), opponent)
    if key not in _CAPTURES_SEEN:
        if len(_CAPTURES_SEEN) >= _CAPTURES_KEPT:
            _CAPTURES_SEEN.clear()
        now = _tally(engine, after, opponent)
        _CAPTURES_SEEN[key] = all(_tally(engine, engine.apply(after, reply), opponent) <= now
                                  for reply in engine.legal_moves(after, opponent))
    return _CAPTURES_SEEN[key]


def opponent_must_pass(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The game goes on and the opponent's only legal move is to pass."""
    opponent = engine.to_move(after)
    if engine.outcome(after) is not None or opponent is None or opponent in (CHANCE, seat):
        return False
    replies = engine.legal_moves(after, opponent)
    return len(replies) == 1 and engine.format_move(after, replies[0]) == "pass"


CONDITIONS: dict[str, Condition] = {
    "wins_now": wins_now,
    "opponent_has_no_winning_reply": opponent_has_no_winning_reply,
    "captures_at": captures_at,
    "scores_at_least": scores_at_least,
    "opponent_cannot_capture": opponent_cannot_capture,
    "opponent_must_pass": opponent_must_pass,
}
