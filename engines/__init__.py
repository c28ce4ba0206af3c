"""Game engines: pure rules, no I/O.  ``get_engine(name)`` is the registry (docs/architecture.md)."""

from __future__ import annotations

import importlib

from engines.base import (
    CHANCE,
    AmbiguousMoveError,
    Engine,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    Option,
    OptionError,
    Outcome,
    PositionError,
)

#: canonical game name -> module that defines ``ENGINE``
GAMES: dict[str, str] = {
    "kona": "engines.kona",
    "plateau": "engines.plateau",
    "k3": "engines.k3",
    "krakatoa": "engines.krakatoa",
}
ALIASES: dict[str, str] = {"carpniches": "kona"}

_cache: dict[str, Engine] = {}


def canonical_name(name: str) -> str:
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {name!r}: choose one of {known}")
    return key


def get_engine(name: str) -> Engine:
    """The engine for ``name`` (a game name or alias, any case)."""
    key = canonical_name(name)
    if key not in _cache:
        _cache[key] = importlib.import_module(GAMES[key]).ENGINE
    return _cache[key]


def all_engines() -> list[Engine]:
    return [get_engine(name) for name in GAMES]


__all__ = [
    "ALIASES",
    "CHANCE",
    "GAMES",
    "AmbiguousMoveError",
    "Engine",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "Option",
    "OptionError",
    "Outcome",
    "PositionError",
    "all_engines",
    "canonical_name",
    "get_engine",
]
