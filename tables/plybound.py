"""The hard ply bound every game has (issue 15, defect 12).

A game with its own end rules switched off (Plateau ``max_plies=0 repetition_draw=false``) could
go on for ever.  Each engine declares ``GameDescription.max_plies_hard``; the service ends a game
that reaches it as a draw, with a sentence that says why (``outcome.any.ply_limit_hard``).
"""

from __future__ import annotations

from data.models import OutcomeFacts, StoredOutcome
from engines import Engine

#: the ``reason`` stored with a game ended by the bound (the catalogue words it for every game)
HARD_BOUND_REASON = "ply_limit_hard"


def reaches_bound(engine: Engine, plies: int) -> bool:
    """Whether a game with ``plies`` moves logged has reached its engine's hard bound."""
    bound = engine.description.max_plies_hard
    return bool(bound) and plies >= bound


def bound_ending(engine: Engine, players: int) -> StoredOutcome:
    """The ending of a game ended by the bound: a draw, everyone first."""
    bound = engine.description.max_plies_hard
    return StoredOutcome(HARD_BOUND_REASON, (1,) * players, f"draw (hard bound of {bound} plies)",
                         OutcomeFacts({"plies": bound}, ()))
