"""What each of a player's legal moves does, in words, for the controls that list them: the Discord move
picker's options and ``/move``'s suggestions show ``+rx@c2`` with "Put your Red Mask on c2, red face up",
``aim s1 hard`` with "Aim hard at s1", so a player who has not learnt the notation reads what they choose; and
a picker choice that opens a further step says what its moves share (``+rb.…``: "Open with your Ace at the
bottom, red face up", ``group.<game>.<code>`` from ``Engine.own_group_words``).

The words are the engine's own (``Engine.own_move_words``: the code and public facts a board tells of the move,
``move_words``, and what its mover knows of their own pieces besides: Plateau's reserve pieces by name), said
as what the mover may do: catalogue entries ``does.<game>.<code>`` ("Move 2 pieces from a1 to b3", "Put your
Ace on c2, red face up"), where a board says ``move.<game>.<code>`` ("Ana moved 2 pieces from a1 to b3").  A
move whose code has no such entry is listed by its notation alone.  They go to the mover alone (a private
picker, their own suggestions), so nothing here tells a seat more than it knows.  Nothing here knows a game: a
new game adds catalogue entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engines import Engine
from tables import picker
from tables.errors import TableError
from tables.i18n import EN, Phrase, said
from tables.outcome_words import named_facts


def does(engine: Engine, state: Any, move: Any, names: Sequence[str]) -> Phrase | None:
    """What ``move`` does, said to its mover ("Take a red piece from Ben's pyramid (a4)"), or None."""
    code, facts = engine.own_move_words(state, move)
    key = f"does.{engine.name}.{code}"
    return Phrase(key, named_facts(names, facts, engine.name)) if key in EN else None


def shared(engine: Engine, state: Any, moves: Sequence[Any], names: Sequence[str]) -> Phrase | None:
    """What a group of the mover's moves have in common ("Move from a6, uncovering a poodle"), or None."""
    told = engine.own_group_words(state, moves)
    if told is None:
        return None
    key = f"group.{engine.name}.{told[0]}"
    return Phrase(key, named_facts(names, told[1], engine.name)) if key in EN else None


class LegalMoves:
    """A seat's legal moves now: ``texts``, as the notation writes them (what is submitted), in its order, and
    what any of them does, worded when asked (``does``): a picker step shows at most 25 of Plateau's 1,260
    openings, and every click of a busy server would otherwise word them all."""

    def __init__(self, engine: Engine, state: Any, seat: int | None, names: Sequence[str],
                 refusal: TableError | None = None) -> None:
        self._engine, self._state, self._names = engine, state, names
        #: why a seated player has none now, as a move would be refused ("It is not your turn: it is Mesa's turn.")
        self.refusal = refusal
        self._moves = {engine.format_move(state, m): m for m in engine.legal_moves(state, seat)} \
            if seat is not None else {}
        self.texts = sorted(self._moves)

    def __bool__(self) -> bool:
        return bool(self.texts)

    def does(self, texts: Iterable[str]) -> dict[str, Phrase | None]:
        """What each of ``texts`` does (None where the game has no words for it); a text that is not a legal
        move is left out."""
        return {text: does(self._engine, self._state, self._moves[text], self._names)
                for text in texts if text in self._moves}

    def shared(self, steps: Iterable[str]) -> dict[str, Phrase | None]:
        """What the moves under each of ``steps`` (a picker choice that opens a further step, ``Step.encode``)
        have in common: "Open with your Ace at the bottom, red face up" under ``+rb.…``.  A step holding no
        legal move is left out."""
        found: dict[str, Phrase | None] = {}
        for step in steps:
            moves = [self._moves[text] for text in picker.Step.decode(step).moves(self.texts)]
            if moves:
                found[step] = shared(self._engine, self._state, moves, self._names)
        return found

    def said(self, lang: str) -> dict[str, str]:
        """What every move does, in ``lang`` (those the game has words for): what words typed are looked for in."""
        return {text: said(told, lang) for text, told in self.does(self.texts).items() if told is not None}
