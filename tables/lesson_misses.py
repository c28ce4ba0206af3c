"""What a wrong lesson answer misses, said against the step's own goal (``tables.lesson_goals``).

``tables.learn.what_it_does`` tells a legal move that misses the task by what it does (the end it brings,
the winning reply it allows, the points over a throw, the board's news); where that says nothing the learner
can act on ("it does not do what the task asks"), the goal itself can: a capture asked on c3 and made
elsewhere or not at all, fewer prisoners than asked, a reply left to the opponent that captures, a move left
to an opponent who was to be stuck, a game that goes on.  Every fact comes from the engine; the opponent's
reply is named in its public form, one that hides nothing where there is one (then the learner can type it
to see it), else with its words (``Engine.move_words``: public facts only), so a hidden face of the
opponent's is never told.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engines import Engine
from tables.i18n import Count, Phrase
from tables.lesson_goals import landing_of, opponent_after, tally
from tables.outcome_words import deed

#: an explanation: (engine, state before, learner's seat, move, state after, goal's argument, the move as
#: written) -> the words, or None when it has nothing to add
Explanation = Callable[[Engine, Any, int, Any, Any, str, str], Phrase | None]


def _hides_nothing(engine: Engine, state: Any, move: Any) -> bool:
    return engine.public_move(state, move) == engine.format_move(state, move)


def _reply(engine: Engine, after: Any, reply: Any) -> Any:
    """A reply as the learner may be told it: its public form, with its words where that form hides faces."""
    public = engine.public_move(after, reply)
    if _hides_nothing(engine, after, reply):
        return public
    return Phrase("learn.missed.reply_words", {"reply": public, "words": deed(engine, after, reply, "", ()).words})


def _capture_asked_at(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str,
                      said: str) -> Phrase | None:
    """``captures_at``: nothing captured, or captured elsewhere (PL-6)."""
    taken = tally(engine, after, seat) - tally(engine, before, seat)
    if taken <= 0:
        return Phrase("learn.missed.no_capture", {"move": said})
    return Phrase("learn.missed.capture_elsewhere", {"move": said, "count": Count(taken, "prisoner"),
                                                     "landing": landing_of(engine, before, move), "square": arg})


def _prisoners_asked(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str,
                     said: str) -> Phrase | None:
    """``scores_at_least``: how many prisoners the move takes against how many the task asks (PL-6)."""
    if "prisoners" not in engine.description.tallies:
        return None
    taken = tally(engine, after, seat) - tally(engine, before, seat)
    wanted = Count(int(arg) - tally(engine, before, seat), "prisoner")
    if taken <= 0:
        return Phrase("learn.missed.takes_none", {"move": said, "wanted": wanted})
    return Phrase("learn.missed.takes_fewer", {"move": said, "count": Count(taken, "prisoner"), "wanted": wanted})


def _capture_left(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str,
                  said: str) -> Phrase | None:
    """``opponent_cannot_capture``: the opponent's reply that captures the most (``_reply``)."""
    opponent = opponent_after(engine, after, seat)
    if opponent is None:
        return None
    now = tally(engine, after, opponent)
    best, most = None, (0, False)
    for reply in engine.legal_moves(after, opponent):  # the most taken; of those, one that hides nothing
        taken = (tally(engine, engine.apply(after, reply), opponent) - now, _hides_nothing(engine, after, reply))
        if taken[0] > 0 and taken > most:
            best, most = reply, taken
    if best is None:
        return None
    return Phrase("learn.missed.capture_left", {"move": said, "reply": _reply(engine, after, best),
                                                "count": Count(most[0], "pieces")})


def _move_left(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str,
               said: str) -> Phrase | None:
    """``opponent_must_pass``: a move the opponent still has (``_reply``)."""
    opponent = opponent_after(engine, after, seat)
    if opponent is None:
        return None
    replies = [r for r in engine.legal_moves(after, opponent) if engine.format_move(after, r) != "pass"]
    if not replies:
        return None
    named = next((r for r in replies if _hides_nothing(engine, after, r)), replies[0])
    return Phrase("learn.missed.move_left", {"move": said, "reply": _reply(engine, after, named)})


def _goes_on(engine: Engine, before: Any, seat: int, move: Any, after: Any, arg: str, said: str) -> Phrase | None:
    """``wins_now``: the game goes on after the move."""
    return Phrase("learn.missed.goes_on", {"move": said}) if engine.outcome(after) is None else None


#: the goals whose words say the prisoners the move takes (the board's news need not say them again)
COUNTS_CAPTURES = ("captures_at", "scores_at_least")

EXPLANATIONS: dict[str, Explanation] = {
    "captures_at": _capture_asked_at,
    "scores_at_least": _prisoners_asked,
    "opponent_cannot_capture": _capture_left,
    "opponent_must_pass": _move_left,
    "wins_now": _goes_on,
}


def _square_of(facts: dict[str, Any]) -> str | None:
    """Where a move's words say it ends: a square it lands on, a slot it fills, a square it is put on."""
    return next((str(facts[k]) for k in ("landing", "slot", "square") if facts.get(k) is not None), None)


def _named_in(square: str | None, task: str) -> bool:
    """Whether the task's own words name ``square`` (so saying it gives nothing away)."""
    return square is not None and re.search(rf"\b{re.escape(square)}\b", task) is not None


def unlike_answers(engine: Engine, accept: tuple[str, ...], before: Any, move: Any, said: str,
                   words: Phrase | str, task: str = "") -> Phrase:
    """What a legal ``move`` does, against a step whose task is a list of accepted answers (no goal to measure
    it by): the move in the board's ``words`` (``""`` where the game has none), and where the words of the
    move and of the answers say so, that it uses another piece than the one every answer uses ("it uses the
    piece on f1: the task is about the one on a6", naming that square only where the ``task`` names it: "only
    one of your capybaras can" is the exercise, and the first wrong answer gave it away), or one of the right
    pieces taken to another square than every answer's, where the task names those squares (a task that asks
    to pin a piece on b2 asks no square to end on); the answers are never told (the hint does that)."""
    facts = engine.move_words(before, move)[1]
    words = Phrase("learn.missed.said", {"words": words}) if words else ""
    answers = [engine.move_words(before, engine.parse_move(before, text))[1] for text in accept]
    origins = {a.get("origin") for a in answers}
    origin = facts.get("origin")
    if origin is not None and len(origins) == 1 and None not in origins and origin not in origins:
        wanted = next(iter(origins))
        if _named_in(wanted, task):
            return Phrase("learn.missed.other_piece", {"move": said, "said": words, "origin": origin,
                                                       "wanted": wanted})
        return Phrase("learn.missed.other_piece_unnamed", {"move": said, "said": words, "origin": origin})
    square = _square_of(facts)
    squares = {_square_of(a) for a in answers}
    if origin is not None and origin in origins and square is not None and square not in squares \
            and all(_named_in(s, task) for s in squares):
        return Phrase("learn.missed.other_square", {"move": said, "said": words, "square": square})
    return Phrase("learn.missed.unlike", {"move": said, "said": words})


def missed(engine: Engine, goal: str, seat: int, before: Any, move: Any, after: Any, said: str) -> Phrase | None:
    """What the legal ``move`` misses of ``goal`` (``name`` or ``name:argument``), or None where the goal has
    no words of its own for it."""
    name, _, arg = goal.partition(":")
    explain = EXPLANATIONS.get(name)
    return explain(engine, before, seat, move, after, arg, said) if explain is not None else None
