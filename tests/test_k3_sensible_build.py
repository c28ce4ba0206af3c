"""``/build sensible`` builds a sensible pyramid (issue 14): over many seeded deals, for 2, 3 and 4
players, the white is never on top (a pass would waste the first turn), and the pieces a pyramid
opens with — the top, then the two it covered (K3-4.4) — show at least two colours when the hand
holds two, so the opening is a real choice.  Each build is legal (K3-3.1, K3-3.4)."""

from __future__ import annotations

import random

import pytest

from engines import get_engine
from engines.k3 import auto_build

K3 = get_engine("k3")
COLOURED = set("BRKYG")


def dealt(players: int, seed: int):
    state = K3.new_game(players, f"deal-{seed}", {})
    rng = random.Random(seed)
    while K3.phase(state) != "build":
        state = K3.apply(state, K3.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sensible_builds_open_with_choices_and_never_a_white_on_top(players: int) -> None:
    opened_with_three = 0
    for seed in range(150):
        state = dealt(players, seed)
        rng = random.Random(seed)
        for seat in range(players):
            hand = list(state.seats[seat].hand)
            move = auto_build(state, seat, rng, "sensible")
            ranks = move.rows  # top first
            top, second = ranks[0], ranks[1]
            assert top != "W", (seed, seat, ranks)
            opening = set(top + second) - {"W"}
            colours_in_hand = set(hand) & COLOURED
            if len(colours_in_hand) >= 2:
                assert len(opening & COLOURED) >= 2, (seed, seat, ranks, hand)
                assert second[0] != second[1], (seed, seat, ranks)
            if len(opening & COLOURED) == 3:
                opened_with_three += 1
            state = K3.apply(state, move)  # a legal build of exactly the player's pieces (K3-3.1)
    assert opened_with_three > 100, "the opening usually shows three colours"
