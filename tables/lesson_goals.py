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


def opponent_after(engine: Engine, after: Any, seat: int) -> int | None:
    """The opponent to act at ``after`` (the learner is ``seat``), if the game goes on with one."""
    opponent = engine.to_move(after)
    if engine.outcome(after) is not None or opponent is None or opponent in (CHANCE, seat):
        return None
    return opponent


def winning_reply(engine: Engine, after: Any, seat: int) -> Any | None:
    """An opponent's move at ``after`` that wins for them at once (the learner is ``seat``), or None."""
    opponent = opponent_after(engine, after, seat)
    if opponent is None:
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


def does_not_lose(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The move does not lose at once: the game goes on, or ends in a draw or a win the seat shares (a game
    drawn at its move limit, KO-7.2; a cooperative game not lost, K3-8.3)."""
    outcome = engine.outcome(after)
    return outcome is None or outcome.draw or seat in outcome.winners


def tally(engine: Engine, state: Any, seat: int) -> int:
    """The seat's first tally in its own view (prisoners, points): a number, or a list counted."""
    view = engine.view(state, seat)
    for key in (*engine.description.tallies, "totals", "scores"):
        values = view.get(key)
        if isinstance(values, list) and 0 <= seat < len(values):
            value = values[seat]
            return len(value) if isinstance(value, list) else int(value)
    return 0


def landing_of(engine: Engine, before: Any, move: Any) -> str:
    """The square a move ends on, as its notation writes it (a move's last square, a placement's ``@``
    square, a stomp's own square: PL-9.4), without a level."""
    return engine.format_move(before, move).rstrip("!").split("-")[-1].split("@")[-1][:2]


def captures_at(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The move raises the seat's tally (prisoners), landing on square ``arg``."""
    return tally(engine, after, seat) > tally(engine, before, seat) and landing_of(engine, before, move) == arg


def scores_at_least(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The seat's score after the move is at least ``arg``."""
    return tally(engine, after, seat) >= int(arg)


# ---- dice games: a decision is judged over the throw it makes (Krakatoa, KR-3, KR-8) ------------------
def _side_total(engine: Engine, state: Any, seat: int) -> int:
    """The total of the seat's side (a team's, KR-6.2, where the view says which side a seat is on)."""
    view = engine.view(state, seat)
    sides = view.get("side_of_seat")
    totals = view.get("totals")
    if isinstance(sides, list) and isinstance(totals, list) and 0 <= seat < len(sides):
        return int(totals[sides[seat]])
    return tally(engine, state, seat)


def _over_the_throw(engine: Engine, after: Any, seat: int, value: Callable[[Any], float]) -> float:
    """``value`` of the position once the throw the learner's move makes is done, expected over the dice: a
    chance node is averaged over its listed outcomes (each with its probability); a decision of the learner's
    that only says how those dice are thrown (its moves roll them: the aim after choosing a set) is taken at
    its best; anything else is the position as it is."""
    if engine.outcome(after) is None and engine.to_move(after) == CHANCE:
        outcomes = engine.chance_outcomes(after) or []
        return sum(p * value(engine.apply(after, m)) for m, p in outcomes)
    if engine.outcome(after) is None and engine.to_move(after) == seat:
        moves = engine.legal_moves(after, seat)
        if moves and engine.to_move(engine.apply(after, moves[0])) == CHANCE:
            return max(_over_the_throw(engine, engine.apply(after, m), seat, value) for m in moves)
    return value(after)


#: per (game, position, seat, measure): each legal move's worth, as the move is written (only the courses'
#: step positions are judged, a few dozen, and each takes a second or two to work out)
_WORTH: dict[tuple[str, str, int, str], dict[str, float]] = {}


def _worth(engine: Engine, before: Any, seat: int, measure: str) -> dict[str, float]:
    """Each legal move of ``seat`` at ``before`` with its worth over the throw it makes: ``points`` (the
    points it is expected to add to the side's total, marks included), ``win`` (its chance to win or
    share the win once the dice fall) or ``marks:N`` (its chance that the next throw carries N marks)."""
    key = (engine.name, engine.to_position(before), seat, measure)
    if key not in _WORTH:
        start = _side_total(engine, before, seat)

        def points(state: Any) -> float:
            return float(_side_total(engine, state, seat) - start)

        def win(state: Any) -> float:
            outcome = engine.outcome(state)
            return float(outcome is not None and not outcome.draw and seat in outcome.winners)

        def marks(state: Any) -> float:  # ``marks:N``: the seat's next throw carries at least N marks
            return float(next_marks_at_least(engine, before, seat, None, state, measure.partition(":")[2]))

        value = points if measure == "points" else marks if measure.startswith("marks:") else win
        _WORTH[key] = {engine.format_move(before, m): _over_the_throw(engine, engine.apply(before, m), seat, value)
                       for m in engine.legal_moves(before, seat)}
    return _WORTH[key]


def decides_a_throw(engine: Engine, after: Any, seat: int) -> bool:
    """Whether the learner's move leading to ``after`` is judged over a throw (``_over_the_throw``): the dice
    roll next, or the learner's next decision only says how they are thrown."""
    if engine.outcome(after) is not None:
        return False
    if engine.to_move(after) == CHANCE:
        return True
    if engine.to_move(after) == seat:
        moves = engine.legal_moves(after, seat)
        return bool(moves) and engine.to_move(engine.apply(after, moves[0])) == CHANCE
    return False


def expected_worth(engine: Engine, before: Any, seat: int, measure: str = "points") -> dict[str, float]:
    """Each legal move of ``seat`` at ``before`` (as written) with its exact worth over the throw it makes:
    ``points``, the points it is expected to add (what ``most_expected_points`` compares), or ``win``, its
    chance to win (``chance_to_win_at_least``'s).  A wrong answer is told these (``tables.learn``)."""
    return _worth(engine, before, seat, measure)


def most_expected_points(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """No legal move is expected to score more on the throw at hand (the dice it rolls averaged exactly; after
    choosing a set, that set's best aim; Krakatoa's ``auto``, KR-8.4, picks so)."""
    worth = expected_worth(engine, before, seat, "points")
    return worth[engine.format_move(before, move)] >= max(worth.values()) - 1e-9


def chance_to_win_at_least(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """Once the dice of the move's throw fall, the seat wins (or shares the win) with probability at least
    ``arg`` (a fraction, like 0.8)."""
    return expected_worth(engine, before, seat, "win")[engine.format_move(before, move)] >= float(arg) - 1e-9


def next_marks_at_least(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """After the move the seat's side has at least ``arg`` bonus marks on its next throw (Krakatoa's x and
    xx, KR-3: 1 doubles the throw, 2 quadruples it)."""
    view = engine.view(after, seat)
    marks, sides = view.get("pending_marks"), view.get("side_of_seat")
    if not isinstance(marks, list) or not isinstance(sides, list) or not 0 <= seat < len(sides):
        return False
    return int(marks[sides[seat]][0]) >= int(arg)


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
        now = tally(engine, after, opponent)
        _CAPTURES_SEEN[key] = all(tally(engine, engine.apply(after, reply), opponent) <= now
                                  for reply in engine.legal_moves(after, opponent))
    return _CAPTURES_SEEN[key]


def opponent_must_pass(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The game goes on and the opponent's only legal move is to pass."""
    opponent = opponent_after(engine, after, seat)
    if opponent is None:
        return False
    replies = engine.legal_moves(after, opponent)
    return len(replies) == 1 and engine.format_move(after, replies[0]) == "pass"


def builds_with_on_top(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str) -> bool:
    """The move is the seat's build (K3-3.2, ``build:<seat>:<ranks top first>``, K3-11.4) with a piece of
    letter ``arg`` on top of the pyramid (its rank of one spot: the piece the seat may play first, K3-4.4)."""
    written = engine.format_move(before, move)
    if not written.startswith(f"build:{seat}:"):
        return False
    return written.split(":", 2)[2].split("/")[0].upper() == arg.upper()


CONDITIONS: dict[str, Condition] = {
    "wins_now": wins_now,
    "opponent_has_no_winning_reply": opponent_has_no_winning_reply,
    "captures_at": captures_at,
    "scores_at_least": scores_at_least,
    "does_not_lose": does_not_lose,
    "most_expected_points": most_expected_points,
    "chance_to_win_at_least": chance_to_win_at_least,
    "next_marks_at_least": next_marks_at_least,
    "opponent_cannot_capture": opponent_cannot_capture,
    "opponent_must_pass": opponent_must_pass,
    "builds_with_on_top": builds_with_on_top,
}
