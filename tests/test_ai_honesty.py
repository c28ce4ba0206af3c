"""Honesty (issue 18): Mesa's move depends only on what its seat may know.

Over hundreds of positions from random games, the engine's ``determinize`` gives an *alternative*
true state that differs only in what the seat cannot know (Plateau: the opponent's unseen faces and
reserve, PL-9; K3: the other players' hidden arrangements while building, K3-10).  The test checks
that the seat's view of the alternative is identical, that the alternatives really differ from the
truth (else the test would prove nothing), and that Mesa, asked from each full state with the same
seed and iteration budget, answers the same move.  ``mesa_from_state`` is how a referee holding the
full position asks (like ``python -m ai move``): it hands over ``engine.view(state, seat)`` only.

A control shows the check has teeth: a player that peeks at the true state (the ``greedy_cheat``
baseline) answers differently in some of the same pairs.
"""

from __future__ import annotations

import random

from ai import LEVELS, Budget, choose_move
from bench.ai_baselines_hidden import BASELINES
from engines.k3 import ENGINE as K3
from engines.plateau import ENGINE as PL

TINY = Budget(iterations=4)


def mesa_from_state(game: str, engine, state, seat: int, seed: int, level: str = "hard") -> str:
    return choose_move(game, engine.view(state, seat), seat, level, TINY, seed)


def plateau_positions(count: int):
    """(state, seat) pairs from seeded random games, every third ply from ply 3 to 45."""
    out = []
    game = 0
    while len(out) < count:
        rng = random.Random(1000 + game)
        state = PL.new_game()
        while PL.to_move(state) is not None and len(out) < count:
            if state.ply >= 2 and state.ply % 3 == 0:
                out.append(state)
            state = PL.apply(state, PL.random_move(state, rng))
            if state.ply > 45:
                break
        game += 1
    return out


def test_plateau_moves_depend_only_on_the_view() -> None:
    positions = plateau_positions(200)
    differed = cheat_differed = 0
    for i, truth in enumerate(positions):
        seat = PL.to_move(truth)
        view = PL.view(truth, seat)
        alt = PL.determinize(view, seat, random.Random(i))
        assert PL.view(alt, seat) == view  # nothing the seat may know has changed
        if PL.to_position(alt) == PL.to_position(truth):
            continue
        differed += 1
        level = LEVELS[i % 4 % 3]  # every level (hard also reads two plies and checks several samples)
        asked = mesa_from_state("plateau", PL, truth, seat, i, level)
        assert asked == mesa_from_state("plateau", PL, alt, seat, i, level), (level, PL.to_position(truth))
        if i % 4 == 3:
            cheat = BASELINES["plateau"]["greedy_cheat"]
            if cheat(PL, truth, seat, random.Random(i)) != cheat(PL, alt, seat, random.Random(i)):
                cheat_differed += 1
    assert differed >= 150  # most positions hide something
    assert cheat_differed > 0  # the property catches a player that reads the true state


def k3_build_positions(count: int):
    """(state, seat) pairs in the building phase with at least one other pyramid already hidden."""
    out = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        rng = random.Random(2000 + game)
        state = K3.new_game(players, game, {"cooperative": game % 5 == 0})
        while K3.to_move(state) == -1:
            state = K3.apply(state, K3.sample_chance(state, rng))
        order = list(range(players))
        rng.shuffle(order)
        for k, seat in enumerate(order):
            if k:
                out.append((state, seat))
            state = K3.apply(state, K3.auto_build(state, seat, rng, "random" if k % 2 else "sensible"))
        game += 1
    return out[:count]


def test_k3_builds_depend_only_on_the_view() -> None:
    differed = 0
    for i, (truth, seat) in enumerate(k3_build_positions(100)):
        view = K3.view(truth, seat)
        alt = K3.determinize(view, seat, random.Random(i))
        assert K3.view(alt, seat) == view
        if K3.to_position(alt) == K3.to_position(truth):
            continue
        differed += 1
        assert mesa_from_state("k3", K3, truth, seat, i) == mesa_from_state("k3", K3, alt, seat, i)
    assert differed >= 80


def test_k3_play_has_nothing_hidden() -> None:
    """K3-10: once everyone has built, every view is the whole position: a sample is the state itself."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = K3.new_game(players, players)
        while K3.to_move(state) is not None and state.ply < 12:
            if state.phase == "build":
                state = K3.apply(state, K3.auto_build(state, K3.actors(state)[0], rng))
            else:
                state = K3.apply(state, K3.random_move(state, rng))
            if state.phase == "play":
                seat = K3.to_move(state)
                assert K3.to_position(K3.determinize(K3.view(state, seat), seat, rng)) == K3.to_position(state)
