"""The lesson goal ``does_not_lose`` (``tables/lesson_goals.py``), checked with the engines on positions of the
rules' own making: a Kona draw at the move limit (KO-7.2) and a cooperative K3 game (K3-8.3)."""

from __future__ import annotations

from engines import get_engine
from tables.lesson_goals import CONDITIONS

GOAL = CONDITIONS["does_not_lose"]

#: poodles to move at ply 199: any move of f5 draws (KO-7.2); moving c1's poodle uncovers a1-b1-c1 (KO-6.2)
KONA = "6/5,P/2,PC,PC,2/5,C/6/PC,PC,CP,3 p 199 f3"
#: three players, cooperative: Player 2 (seat 1) can only play its K on e2 (K3-8.3)
K3_COOP = "1/2/3/4/5/6/7/5R2/RBBYGKRRG G/NR/KBW/GYKN/BRYKY|K/GN/RWY/KBBN/YRKGB|1/KY/GNR/BWYN/KYGGB play 0 - coop"


def meets(game: str, position: str, seat: int, text: str, options: dict[str, object] | None = None) -> bool:
    engine = get_engine(game)
    state = engine.from_position(position, options)
    move = engine.parse_move(state, text)
    return GOAL(engine, state, seat, move, engine.apply(state, move), "")


def test_a_draw_does_not_lose_and_uncovering_a_line_does() -> None:
    assert meets("kona", KONA, 1, "f5-e4")
    assert not meets("kona", KONA, 1, "c1-e1")


def test_a_win_does_not_lose() -> None:
    assert meets("kona", "6/PC,3,PPC,1/6/3,C,2/2,PC,1,P,1/CPC,5 c 34 e2", 0, "d3-e2")  # KO-6.3 blocked


def test_a_cooperative_game_is_lost_when_a_player_is_stranded() -> None:
    coop = {"cooperative": True}
    assert meets("k3", K3_COOP, 0, "Ga5-h2", coop)  # the game goes on
    assert not meets("k3", K3_COOP, 0, "Ga5-e2", coop)  # Player 2 has no move: all lose
