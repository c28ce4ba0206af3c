"""Game engines: pure rules, no I/O.  The registry of games (docs/architecture.md, "The engine contract").

``GAMES`` is the one list of games: every other list (commands, leaderboards, help texts) is
derived from it through ``game_names`` and the engines' ``description``.  The built-in games are
imported on first use; ``register`` adds one at run time (a test's dummy game, a plug-in).
"""

from __future__ import annotations

import importlib
from typing import Any

from engines.base import (
    CHANCE,
    AmbiguousMoveError,
    Engine,
    GameDescription,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    Option,
    OptionError,
    Outcome,
    PositionError,
    ReplayError,
    ReplayStep,
    replay,
    replay_to_end,
)

#: canonical game name -> module that defines ``ENGINE``, in the order games are listed
GAMES: dict[str, str] = {
    "kona": "engines.kona",
    "plateau": "engines.plateau",
    "k3": "engines.k3",
    "krakatoa": "engines.krakatoa",
}

_cache: dict[str, Engine] = {}


def game_names() -> tuple[str, ...]:
    """Every game's canonical name, in listing order."""
    return tuple(GAMES)


def _load(key: str) -> Engine:
    if key not in _cache:
        _cache[key] = importlib.import_module(GAMES[key]).ENGINE
    return _cache[key]


def aliases() -> dict[str, str]:
    """Other names -> canonical name, from the descriptions (``carpniches`` -> ``kona``)."""
    return {alias: key for key in GAMES for alias in _load(key).description.aliases}


def canonical_name(name: str) -> str:
    key = name.strip().lower()
    if key not in GAMES:
        key = aliases().get(key, key)
    if key not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {name!r}: choose one of {known}")
    return key


def get_engine(name: str) -> Engine:
    """The engine for ``name`` (a game name or alias, any case)."""
    return _load(canonical_name(name))


def all_engines() -> list[Engine]:
    return [_load(name) for name in GAMES]


def descriptions() -> list[GameDescription]:
    """Every game's description, in listing order."""
    return [engine.description for engine in all_engines()]


def register(engine: Engine) -> None:
    """Add a game at run time (after the built-in ones); its name must be new."""
    name = engine.description.name
    if not name or name in GAMES:
        raise ValueError(f"cannot register a game named {name!r}")
    GAMES[name] = type(engine).__module__
    _cache[name] = engine


def unregister(name: str) -> None:
    """Remove a game added by ``register`` (tests clean up after themselves)."""
    GAMES.pop(name, None)
    _cache.pop(name, None)


def __getattr__(attr: str) -> Any:
    if attr == "ALIASES":  # derived, so it never disagrees with the descriptions
        return aliases()
    raise AttributeError(f"module 'engines' has no attribute {attr!r}")


__all__ = [
    "CHANCE",
    "GAMES",
    "AmbiguousMoveError",
    "Engine",
    "GameDescription",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "Option",
    "OptionError",
    "Outcome",
    "PositionError",
    "ReplayError",
    "ReplayStep",
    "aliases",
    "all_engines",
    "canonical_name",
    "descriptions",
    "game_names",
    "get_engine",
    "register",
    "replay",
    "replay_to_end",
    "unregister",
]
