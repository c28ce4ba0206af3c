"""The engine contract (docs/architecture.md): every registered game honours it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engines import ALIASES, CHANCE, GAMES, Engine, Option, OptionError, canonical_name, get_engine

MEMBERS = [
    "description", "auto_move", "actors", "phase", "public_move", "private_changes", "chance_outcomes", "sample_chance",
    "name", "min_players", "max_players", "options", "new_game", "from_position", "to_position", "to_move",
    "legal_moves", "parse_move", "format_move", "apply", "outcome", "view", "view_notation", "view_from_text",
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
    # one shared way to draw chance: engines give outcomes or their own draw, never a second sampler
    assert type(engine).sample_chance is Engine.sample_chance


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


# ---- the description and the members that close the contract's gaps (issue 13) ----------------------
def _random_states(engine: Engine, players: int, seed: int, limit: int = 400) -> list:
    rng = random.Random(seed)
    state = engine.new_game(players, seed=seed)
    states = [state]
    while engine.outcome(state) is None and len(states) < limit:
        state = engine.apply(state, engine.random_move(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("name", list(GAMES))
def test_description_is_the_engines_static_facts(name: str) -> None:
    engine = get_engine(name)
    d = engine.description
    assert (d.name, d.title, d.min_players, d.max_players) == (engine.name, engine.title, engine.min_players,
                                                             engine.max_players)
    assert dict(d.options) == dict(engine.options) and d.aliases == engine.aliases
    for opt in d.options.values():
        assert opt.kind in ("bool", "int", "str")
        if opt.min is not None or opt.max is not None:
            assert opt.kind == "int"
            assert (opt.min is None or opt.min <= opt.default) and (opt.max is None or opt.default <= opt.max)
            if opt.min is not None:
                with pytest.raises(OptionError):
                    opt.coerce(opt.min - 1)
    assert d.outcome_reasons and len(set(d.outcome_reasons)) == len(d.outcome_reasons)
    assert d.seat_marks == () or len(d.seat_marks) == d.max_players
    assert d.auto_styles and d.chance in ("none", "listed", "sampled")
    for players in range(d.min_players, d.max_players + 1):
        for options in ({}, {p.option: True for p in [d.partnerships] if p}):
            sides = d.sides(players, options)
            assert sorted(s for side in sides for s in side) == list(range(players))  # every seat once
            for seat in range(players):
                assert seat in d.partners(seat, players, options) == sides[d.side_of(seat, players, options)]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_seat_that_may_act_gets_its_moves_and_an_auto_move(name: str) -> None:
    """legal_moves(state, seat) answers per seat; auto_move plays for every actor; chance as declared."""
    engine = get_engine(name)
    d = engine.description
    rng = random.Random(2)
    reasons = set()
    for players in {d.min_players, d.max_players}:
        states = _random_states(engine, players, 7)
        if (result := engine.outcome(states[-1])) is not None:
            reasons.add(result.reason)
        for state in states[:: max(1, len(states) // 60)]:
            seats = range(engine.num_players(state))
            to_move = engine.to_move(state)
            phase = d.simultaneous_phase(engine.phase(state))
            if to_move == CHANCE:
                outcomes = engine.chance_outcomes(state)
                assert d.chance != "none"
                assert (outcomes is None) == (d.chance == "sampled")
                if outcomes is not None:
                    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                    assert sorted(map(str, (m for m, _ in outcomes))) == sorted(map(str, engine.legal_moves(state)))
                engine.apply(state, engine.sample_chance(state, rng))
                continue
            for seat in seats:
                mine = engine.legal_moves(state, seat)
                if seat not in engine.actors(state):
                    assert mine == []
                    continue
                if phase is not None and not phase.listed:
                    assert mine == []  # declared too many to list: auto_move proposes one
                else:
                    assert mine and all(engine.move_seat(state, m) == seat for m in mine)
                for style in d.auto_styles:
                    move = engine.auto_move(state, seat, random.Random(seat), style)
                    assert engine.move_seat(state, move) == seat
                    engine.apply(state, move)  # legal
            if phase is None and to_move is not None:
                assert engine.legal_moves(state) == engine.legal_moves(state, to_move)
    assert reasons <= set(d.outcome_reasons)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_view_notation_reads_back_into_the_view_it_was_written_from(name: str) -> None:
    """view_from_text(view_notation(state, seat), seat) == view(state, seat) for every seat and the
    spectator, as for the full position (issue 28, item 18: what ``python -m ai`` is given).  States
    are taken as their position gives them: the text holds no last move."""
    engine = get_engine(name)
    d = engine.description
    for players in sorted({d.min_players, d.max_players}):
        states = _random_states(engine, players, 18)
        for state in states[:: max(1, len(states) // 40)]:
            full = engine.from_position(engine.to_position(state))
            for seat in (None, *range(players)):
                view = engine.view(full, seat)
                assert engine.view_from_text(engine.view_notation(full, seat), seat) == view
                assert engine.view_from_text(engine.to_position(full), seat) == view


@pytest.mark.parametrize("name", list(GAMES))
def test_private_information_is_declared(name: str) -> None:
    """Seats told of a private change are seats; a game without secrets never has private information."""
    engine = get_engine(name)
    rng = random.Random(4)
    state = engine.new_game(engine.max_players if name != "kona" else 2, seed=4)
    for _ in range(300):
        if engine.outcome(state) is not None:
            break
        move = engine.random_move(state, rng)
        changed = engine.private_changes(state, move)
        assert set(changed) <= set(range(engine.num_players(state)))
        if engine.description.private is None:
            assert not changed and not engine.has_private_info(state)
        state = engine.apply(state, move)
