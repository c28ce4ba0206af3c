"""Krakatoa's data tables (KR-1.1, KR-2.2, KR-8.2), kept apart from the rules code.

The rules document says the set table and the throw parameters are *data*: if the printed card
or a play-test says otherwise, change the numbers here and nothing else.  Probabilities are
written as decimal strings so the engine can read them as exact fractions.
"""

from __future__ import annotations

#: KR-1.1 faces of every die, out of 12: colour -> number of faces
FACES: dict[str, int] = {"Y": 3, "R": 4, "B": 5}
SIDES_PER_DIE = 12

#: KR-2.2 set table: sorted colours -> (points, class); any colours not listed are a Bust (0).
SET_TABLE: dict[str, tuple[int, str]] = {
    "YYY": (10, "Volcano"),
    "RRR": (5, "Volcano"),
    "BBB": (3, "Volcano"),
    "YYB": (2, "Deuce"),
    "YYR": (2, "Deuce"),
    "YRR": (1, "Deuce"),
}
BUST: tuple[int, str] = (0, "Bust")

#: KR-8.2 the digital throw: force -> strike probability of each table die by its role
#: ("target": the die aimed at; "mate": each of the target's two set-mates; "other": each die of
#: the other table set).
THROW_PARAMS: dict[str, dict[str, str]] = {
    "soft": {"target": "0.80", "mate": "0.20", "other": "0.05"},
    "hard": {"target": "0.90", "mate": "0.20", "other": "0.20"},
}

#: KR-3 bonus names -> (marks on the next throw, marks on the throw after)
BONUS_MARKS: dict[str, tuple[int, int]] = {
    "Little Quake": (1, 0),
    "Big Quake": (2, 0),
    "Little Rumble": (1, 0),
    "Big Rumble": (2, 0),
    "Little Eruption": (1, 1),
    "Big Eruption": (2, 2),
}

#: KR-5.1 bonus boxes in the advanced game
BOX_COUNT = 3
ROUNDS = 6
THROWS_PER_TURN = 5
