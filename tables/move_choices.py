"""What each of a player's legal moves does, in words, for the controls that list them: the Discord move
picker's options and ``/move``'s suggestions show ``+rx@c2`` with "Put your Red Mask on c2, red face up",
``aim s1 hard`` with "Aim hard at s1", so a player who has not learnt the notation reads what they choose.

The words are the engine's own (``Engine.own_move_words``: the code and public facts a board tells of the move,
``move_words``, and what its mover knows of their own pieces besides: Plateau's reserve pieces by name), said
as what the mover may do: catalogue entries ``does.<game>.<code>`` ("Move 2 pieces from a1 to b3", "Put your
Ace on c2, red face up"), where a board says ``move.<game>.<code>`` ("Ana moved 2 pieces from a1 to b3").  A
move whose code has no such entry is listed by its notation alone.  They go to the mover alone (a private
picker, their own suggestions), so nothing here tells a seat more than it knows.  Nothing here knows a game: a
new game adds catalogue entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engines import Engine
from tables.i18n import EN, Phrase
from tables.outcome_words import named_facts


class LegalMove(NamedTuple):
    """A move the player may make: ``text`` as the notation writes it (what is submitted), ``does`` in
    words, or None where the game has no words for it."""

    text: str
    does: Phrase | None


def does(engine: Engine, state: Any, move: Any, names: Sequence[str]) -> Phrase | None:
    """What ``move`` does, said to its mover ("Take a red piece from Ben's pyramid (a4)"), or None."""
    code, facts = engine.own_move_words(state, move)
    key = f"does.{engine.name}.{code}"
    return Phrase(key, named_facts(names, facts, engine.name)) if key in EN else None


def legal_moves_said(engine: Engine, state: Any, seat: int, names: Sequence[str]) -> list[LegalMove]:
    """The seat's legal moves in the notation's order (as ``legal_moves_for`` lists them), each with its words."""
    said = [LegalMove(engine.format_move(state, m), does(engine, state, m, names))
            for m in engine.legal_moves(state, seat)]
    return sorted(said, key=lambda m: m.text)
