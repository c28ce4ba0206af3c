"""The engine contract (docs/architecture.md): every registered game honours it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engines import ALIASES, CHANCE, GAMES, Engine, Option, OptionError, canonical_name, get_engine

MEMBERS = [
    "name", "min_players", "max_players", "options", "new_game", "from_position", "to_position", "to_move",
    "legal_moves", "parse_move", "format_move", "apply", "outcome", "view",
]


def test_registry_names_and_aliases() -> None:
    assert canonical_name("Carpniches") == "kona"
    assert ALIASES["carpniches"] == "kona"
    with pytest.raises(KeyError, match="unknown game"):
        canonical_name("chess")


@pytest.mark.parametrize("name", list(GAMES))
def test_engine_has_every_member(name: str) -> None:
    engine = get_engine(name)
    assert isinstance(engine, Engine)
    assert engine.name == name
    for member in MEMBERS:
        assert hasattr(engine, member), member
    assert 2 <= engine.min_players <= engine.max_players <= 4
    for opt in engine.options.values():
        assert isinstance(opt, Option)


@pytest.mark.parametrize("name", list(GAMES))
def test_random_game_replays_and_round_trips(name: str) -> None:
    """A seeded random game: the move list replays it exactly and JSON round-trips every ply."""
    engine = get_engine(name)
    rng = random.Random(5)
    start = engine.new_game(engine.max_players if name != "kona" else 2, seed=5)
    state, record = start, []
    for _ in range(2000):
        if engine.outcome(state) is not None:
            break
        move = engine.random_move(state, rng)
        text = engine.format_move(state, move)
        record.append(text)
        state = engine.apply(state, move)
        assert engine.from_json(engine.to_json(state)) == state
        seat = engine.to_move(state)
        assert seat is None or seat == CHANCE or 0 <= seat < engine.num_players(state)
    again = start
    for text in record:
        again = engine.apply(again, engine.parse_move(again, text))
    assert again == state


@pytest.mark.parametrize("name", list(GAMES))
def test_unknown_option_is_refused(name: str) -> None:
    engine = get_engine(name)
    with pytest.raises(OptionError, match="no option"):
        engine.resolve_options({"no_such_option": "1"})


def test_cli_unknown_game_is_a_clear_error() -> None:
    proc = subprocess.run([sys.executable, "-m", "engines", "moves", "chess", "x"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "unknown game" in proc.stderr


def test_option_coercion() -> None:
    flag = Option("repetition_draw", True)
    assert flag.coerce("off") is False
    limit = Option("move_limit", 200)
    assert limit.coerce("150") == 150
    with pytest.raises(OptionError):
        limit.coerce("lots")
    choice = Option("thief", "previous", ("previous", "next"))
    with pytest.raises(OptionError, match="one of previous, next"):
        choice.coerce("sideways")
