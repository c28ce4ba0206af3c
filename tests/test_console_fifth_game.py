"""A fifth game is an engine, a renderer, texts and rules documents — nothing else (docs/architecture.md).

A tiny test-only game, Tally, is registered at run time (engine in the engines' registry, renderer
in the renderers' table) and played end to end through the console: invitation, moves, ``/auto``,
``/moves``, a draw offer, the result and the leaderboard.  No file above ``engines/`` and ``render/``
knows it, so if any layer still lists or branches on game names, this game breaks there.

Tally: two players take turns adding 1 or 2 to a shared count that starts at 0; whoever brings it
to exactly ``target`` (default 7) wins.  A throw of a coin (chance) decides who starts.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engines
import render
from engines.base import CHANCE, Engine, GameDescription, IllegalMoveError, InvalidMoveError, Option, Outcome

NAME = "tally"


@dataclass(frozen=True)
class TallyState:
    count: int
    side: int | None  # None until the coin is thrown
    target: int
    winner: int | None = None
    last: str | None = None
    ply: int = 0


class TallyEngine(Engine):
    description = GameDescription(
        name=NAME,
        title="Tally",
        min_players=2,
        max_players=2,
        aliases=("tallyho",),
        options={"target": Option("target", 7, help="the count that wins", min=3, max=30)},
        outcome_reasons=("target",),
        draw_offers=True,
        seat_marks=("X", "O"),
        colour_names=("Cross", "Nought"),
        chance="listed",
    )

    def new_game(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> TallyState:
        return TallyState(0, None, self.resolve_options(options)["target"])

    def to_position(self, state: TallyState) -> str:
        side = "-" if state.side is None else str(state.side)
        return f"{state.count}/{state.target} {side}"

    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> TallyState:
        counts, side = text.split()
        count, target = counts.split("/")
        return TallyState(int(count), None if side == "-" else int(side), int(target))

    def to_move(self, state: TallyState) -> int | None:
        if state.winner is not None:
            return None
        return CHANCE if state.side is None else state.side

    def legal_moves(self, state: TallyState, seat: int | None = None) -> list[Any]:
        mover = self.to_move(state)
        if mover is None or (seat is not None and seat != mover):
            return []
        if mover == CHANCE:
            return ["coin:0", "coin:1"]
        return [f"+{n}" for n in (1, 2) if state.count + n <= state.target]

    def chance_outcomes(self, state: TallyState) -> list[tuple[Any, float]] | None:
        return [("coin:0", 0.5), ("coin:1", 0.5)]

    def parse_move(self, state: TallyState, text: str) -> Any:
        move = text.strip().lower()
        if move not in ("+1", "+2", "coin:0", "coin:1"):
            raise InvalidMoveError(f"{text!r} is not a Tally move: write +1 or +2")
        return move

    def format_move(self, state: TallyState, move: Any) -> str:
        return str(move)

    def apply(self, state: TallyState, move: Any) -> TallyState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not possible now (the count is {state.count} of {state.target})")
        if move.startswith("coin:"):
            return TallyState(0, int(move[5:]), state.target, None, move, state.ply + 1)
        assert state.side is not None
        count = state.count + int(move[1:])
        winner = state.side if count == state.target else None
        return TallyState(count, 1 - state.side, state.target, winner, move, state.ply + 1)

    def outcome(self, state: TallyState) -> Outcome | None:
        if state.winner is None:
            return None
        places = (1, 2) if state.winner == 0 else (2, 1)
        return Outcome((state.winner,), "target", f"winner {state.winner} (target)", placements=places)

    def view(self, state: TallyState, viewer: int | None) -> dict[str, Any]:
        result = self.outcome(state)
        return {"game": NAME, "viewer": viewer, "players": 2, "to_move": self.to_move(state), "ply": state.ply,
                "position": self.to_position(state), "last_move": state.last, "count": state.count,
                "target": state.target, "outcome": None if result is None else result.text}

    def to_json(self, state: TallyState) -> dict[str, Any]:
        return {"count": state.count, "side": state.side, "target": state.target, "winner": state.winner,
                "last": state.last, "ply": state.ply}

    def from_json(self, data: Mapping[str, Any]) -> TallyState:
        return TallyState(**data)


ENGINE = TallyEngine()


def draw(view: dict[str, Any], names: list[str]) -> Image.Image:
    """Tally's renderer: one bar as long as the count (the renderers' ``draw(view, names)``)."""
    picture = Image.new("RGB", (120, 40), (255, 255, 255))
    for x in range(int(view["count"]) * 120 // int(view["target"])):
        for y in range(10, 30):
            picture.putpixel((x, y), (0, 0, 0))
    return picture


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    engines.register(ENGINE)
    monkeypatch.setitem(render._MODULES, NAME, __name__)  # the renderers' table: game -> module with draw()
    try:
        yield
    finally:
        engines.unregister(NAME)


def test_registry_lists_a_registered_game(tally: None) -> None:
    assert NAME in engines.game_names()
    assert engines.canonical_name("TallyHo") == NAME  # aliases come from the description
    assert engines.get_engine(NAME) is ENGINE and ENGINE.title == "Tally" and ENGINE.max_players == 2
    engines.unregister(NAME)
    assert NAME not in engines.game_names()
    with pytest.raises(KeyError):
        engines.canonical_name(NAME)
    engines.register(ENGINE)
    with pytest.raises(ValueError):
        engines.register(ENGINE)  # a name is registered once


async def test_a_fifth_game_plays_end_to_end_through_the_console(tally: None, tmp_path: Path) -> None:
    import console

    script = ["Ana: /help", "Ana: /play tally @Ben seat=first target=5", "Ben: /accept", "Ana: /moves",
              "Ben: /moves", "Ana: /draw", "Ben: /decline-draw"]
    rng = random.Random(4)
    script += [f"{name}: /auto" if rng.random() < 0.5 else f"{name}: /move +1" for _ in range(5)
               for name in ("Ana", "Ben")]
    script += ["Ana: /games", "Ana: /history", "Ana: /leaderboard tally", "Ben: /stats"]
    out: list[str] = []
    await console.run(script, str(tmp_path / "t.db"), tmp_path / "img", True, out.append, seed=3, positions=True)
    text = "\n".join(out)
    assert "games: kona, plateau, k3, krakatoa, tally" in text  # /help lists it from the registry
    assert any(line.startswith("[#1] Ana invites Ben to a game of Tally") for line in out)
    # the coin is thrown by the service (chance through the shared sample_chance), then seats act
    positions = [line.split("position: ", 1)[1] for line in out if "position: " in line]
    assert positions and all(re.fullmatch(r"\d/5 [01]", p) for p in positions)
    assert "Ana [X]" in text and "Ben [O]" in text  # seat marks from the description
    assert any(re.match(r"\[dm (Ana|Ben)\] #1 legal moves \(2\): \+1, \+2$", line) for line in out)
    assert any("draw" in line.lower() and line.startswith("[#1]") for line in out)  # draw offers exist
    results = [line for line in out if line.startswith("[#1]") and "wins" in line]
    assert results, text
    # the game ended: /games has nothing in play
    assert any(line.startswith("[dm Ana] You have no active games; start one with /play") for line in out)
    assert any("Tally" in line and line.startswith("[dm Ana]") for line in out[-12:])  # leaderboard
    assert list((tmp_path / "img").glob("*.png")), "the registered renderer drew the boards"
    assert "[error" not in "\n".join(line for line in out if "/auto" in line)
