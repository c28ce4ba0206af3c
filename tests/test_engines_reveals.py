"""What the takebacks of issue 30 read from the engines: which games take moves back
(``GameDescription.takebacks``) and which moves showed a hidden face (``Engine.reveals``, PL-9.3)."""

from __future__ import annotations

import random

import pytest

from engines import get_engine
from engines.plateau import K_OPEN, K_TENDER


def seen_by_spectator(view: dict) -> tuple[int, int]:
    """The oracle, from the spectator's view alone: per owner, the faces anybody may see on the board
    (not ``?``) and both faces of every prisoner (``prisoners[P]`` holds the pieces of 1 - P)."""
    seen = [0, 0]
    for rank in view["board"]:
        for stack in rank:
            for piece in stack:
                seen[piece["owner"]] += (piece["up"] != "?") + (piece["down"] != "?")
    for holder, prisoners in enumerate(view["prisoners"]):
        seen[1 - holder] += 2 * len(prisoners)
    return seen[0], seen[1]


@pytest.mark.parametrize(("game", "takebacks"), [("kona", True), ("plateau", True), ("k3", False),
                                                 ("krakatoa", False)])
def test_only_two_player_games_without_chance_take_moves_back(game: str, takebacks: bool) -> None:
    assert get_engine(game).description.takebacks is takebacks


def test_kona_hides_nothing_so_no_move_reveals() -> None:
    engine = get_engine("kona")
    rng = random.Random(4)
    state = engine.new_game(2, 1)
    for _ in range(60):
        if engine.outcome(state) is not None:
            break
        moves = engine.legal_moves(state)
        assert not any(engine.reveals(state, m) for m in moves)
        state = engine.apply(state, rng.choice(moves))


def test_plateau_a_move_reveals_exactly_when_the_spectator_sees_a_face_more() -> None:
    """PL-9.3: openings and onboards always show an up face; lifts, flips and captures sometimes;
    an exchange never (PL-7.3: pieces go back to hidden reserves)."""
    engine = get_engine("plateau")
    rng = random.Random(7)
    shown = hidden = 0
    for game in range(12):
        state = engine.new_game(2, game)
        for _ in range(80):
            if engine.outcome(state) is not None:
                break
            move = rng.choice(engine.legal_moves(state))
            after = engine.apply(state, move)
            before_seen, after_seen = seen_by_spectator(engine.view(state, None)), \
                seen_by_spectator(engine.view(after, None))
            expected = engine.outcome(after) is not None or any(a > b for a, b in zip(after_seen, before_seen))
            assert engine.reveals(state, move) is expected, engine.format_move(state, move)
            if move[0] == K_OPEN:
                assert engine.reveals(state, move)
            if move[0] == K_TENDER:
                assert not engine.reveals(state, move)
            shown += expected
            hidden += not expected
            state = after
    assert shown and hidden  # both kinds were met
