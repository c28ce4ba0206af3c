"""Kona's moving rules read plainly from docs/spec/kona.md, for tests (not a test module).

The engine lists moves with one generator over bitboard words (``engines.kona.generate``), shared by
``legal_moves``, ``perft`` and the computer player, so comparing those with each other would compare
the generator with itself.  This is a second, independent reading: square by square along each of
the 8 directions on the state's stacks, no masks and no tables, its squares named here.  The tests
compare the engine's listing and its bulk-counting ``perft`` with it.
"""

from __future__ import annotations

from typing import Any

FILES = "abcdef"


def _name(f: int, r: int) -> str:
    return f"{FILES[f]}{r + 1}"


def reference_moves(state: Any) -> list[str]:
    """Every move of the side to move (KO-4, KO-5) in KO-9.3 text, in ASCII order (KO-9.7).

    Reads only the state's fields (``stacks`` indexed ``(rank - 1) * 6 + file``, bottom→top strings;
    ``side``, ``plies``, ``last``); whether the game is over (KO-9.5) is the caller's business.
    """
    stacks = state.stacks
    piece = "CP"[state.side]
    found = []
    for r0 in range(6):
        for f0 in range(6):
            stack = stacks[r0 * 6 + f0]
            if not stack or stack[-1] != piece:
                continue  # KO-4.1: only the mover's own tops move
            # KO-5.1: 1, 2 or 3 squares on plies 1 and 2; KO-4.3: exactly the height afterwards
            distances = (1, 2, 3) if state.plies < 2 else (len(stack),)
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if df == dr == 0:
                        continue  # KO-4.2: one of 8 straight directions
                    for dist in distances:
                        f, r = f0 + df * dist, r0 + dr * dist
                        if not (0 <= f < 6 and 0 <= r < 6):
                            continue  # KO-4.4: the destination is on the board
                        if any(stacks[(r0 + dr * i) * 6 + f0 + df * i] for i in range(1, dist)):
                            continue  # KO-4.4: nothing passed over
                        if len(stacks[r * 6 + f]) >= 3:
                            continue  # KO-4.5: never onto 3 pieces
                        if state.plies == 1 and state.last == r * 6 + f:
                            continue  # KO-5.2: not onto the square the first move landed on
                        found.append(f"{_name(f0, r0)}-{_name(f, r)}")
    return sorted(found)


def reference_perft(engine: Any, state: Any, depth: int) -> int:
    """Sequences of ``depth`` moves taken from ``reference_moves``, each played with ``engine.play``
    (which refuses a move the engine does not list) and judged by ``engine.outcome`` (KO-6, KO-7)."""
    if depth <= 0:
        return 1
    if engine.outcome(state) is not None:
        return 0
    return sum(reference_perft(engine, engine.play(state, text), depth - 1) for text in reference_moves(state))
