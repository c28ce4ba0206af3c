"""Computer players (docs/architecture.md, "ai/"): pure and synchronous, from what one seat may know.

``choose_move(game, view, seat, level, budget, seed)`` is the one entry point every front end, the
process pool and ``python -m ai`` use.  ``view`` is exactly ``engine.view(state, seat)``: the seat's
information, never the true state.  For games without hidden information (Kona, Krakatoa) that view
holds the whole position; for Plateau and K3 the player samples full states consistent with it.

Each game's player is a module ``ai.<game>`` (registered in ``PLAYERS``) with one function::

    choose(view: <Game>View, seat: int, level: str, budget: Budget, rng: random.Random) -> str

returning the move in canonical notation (``engine.format_move``).  With an iteration budget and a
seed the answer is the same every time; with a millisecond budget it is the best found in that time.
``<Game>View`` is the game's view TypedDict (``engines.kona.KonaView`` ...), which the player reads
by names mypy checks; ``choose_move``, which serves every game, takes any game's view (a ``GameView``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engines.base import GameView

#: the levels a player can choose, weakest first
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
#: default thinking time per move, in milliseconds of one core
DEFAULT_MS: Mapping[str, int] = {"easy": 100, "normal": 500, "hard": 1500}

#: canonical game name -> module that defines ``choose``
PLAYERS: dict[str, str] = {
    "kona": "ai.kona",
    "krakatoa": "ai.krakatoa",
    "plateau": "ai.plateau",
    "k3": "ai.k3",
}


class AIError(ValueError):
    """A request the computer player cannot answer (unknown level, finished game, seat that cannot act)."""


@dataclass(frozen=True)
class Budget:
    """How long a search may run: ``iterations`` (repeatable, for tests) or ``ms`` (for play).

    When both are given the search stops at whichever comes first.
    """

    ms: int | None = None
    iterations: int | None = None

    @classmethod
    def for_level(cls, level: str) -> Budget:
        return cls(ms=DEFAULT_MS[level])


ViewT_contra = TypeVar("ViewT_contra", bound=GameView, contravariant=True)


class Player(Protocol[ViewT_contra]):
    """A game's player module (``ai.<game>``), for the game's view type."""

    def choose(self, view: ViewT_contra, seat: int, level: str, budget: Budget, rng: random.Random) -> str: ...


def _player(game: str) -> Any:
    if game not in PLAYERS:
        raise AIError(f"no computer player for {game!r}: choose one of {', '.join(sorted(PLAYERS))}")
    return importlib.import_module(PLAYERS[game])


def choose_move(
    game: str,
    view: GameView,
    seat: int,
    level: str = "normal",
    budget: Budget | None = None,
    seed: int | str = 0,
) -> str:
    """The move (canonical notation) the computer player makes for ``seat`` given its ``view``."""
    if level not in LEVELS:
        raise AIError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return _player(game).choose(view, seat, level, budget or Budget.for_level(level), random.Random(seed))


__all__ = ["DEFAULT_MS", "LEVELS", "PLAYERS", "AIError", "Budget", "choose_move"]
