"""K3's build as an arrangement (``Engine.arrangement``, ``Engine.rearranged``; K3-3.1, K3-4.1): its spots named
as the rules name them, top rank first, and two pieces exchanged into another build of the same pieces."""

from __future__ import annotations

import random

import pytest

from engines import CHANCE, MoveError, get_engine


def dealt(players: int, seed: int) -> object:
    engine = get_engine("k3")
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    while engine.to_move(state) == CHANCE:
        state = engine.apply(state, engine.random_move(state, rng))
    return state


@pytest.mark.parametrize("players, ranks", [(2, 6), (3, 5), (4, 4)])
def test_a_builds_spots_are_named_by_file_and_rank_top_first(players: int, ranks: int) -> None:
    engine, state = get_engine("k3"), dealt(players, 3)
    move = engine.auto_move(state, 0, random.Random(1), "sensible")
    places = engine.arrangement(state, move)
    # K3-3.1 and K3-4.1: the top rank has one spot, a<ranks>; rank 1, the bottom, has <ranks> spots a1…
    assert places[0][0] == f"a{ranks}" and [name for name, _ in places[-ranks:]] == \
        [f"{chr(97 + f)}1" for f in range(ranks)]
    assert len(places) == ranks * (ranks + 1) // 2 <= 25  # one select's options
    letters = "".join(move.rows)
    assert [term for _, term in places] == [f"piece_{letter}" for letter in letters]


def test_two_pieces_exchanged_make_a_legal_build_of_the_same_pieces() -> None:
    engine, state = get_engine("k3"), dealt(2, 5)
    move = engine.auto_move(state, 0, random.Random(2), "sensible")
    names = [name for name, _ in engine.arrangement(state, move)]
    top, corner = names[0], "f1"
    moved = engine.rearranged(state, move, top, corner)
    before, after = "".join(move.rows), "".join(moved.rows)
    assert sorted(before) == sorted(after) and after[0] == before[names.index(corner)]
    assert after[names.index(corner)] == before[0]
    engine.apply(state, moved)  # still a legal build (K3-3.2: exactly the player's pieces)
    with pytest.raises(MoveError):
        engine.rearranged(state, move, top, "g1")  # no such spot in a pyramid of six ranks
    assert engine.arrangement(state, engine.parse_move(state, "build:0:" + "/".join(move.rows))) == \
        engine.arrangement(state, move)
    assert get_engine("kona").arrangement(get_engine("kona").new_game(2, 1), None) == ()  # nothing to arrange
