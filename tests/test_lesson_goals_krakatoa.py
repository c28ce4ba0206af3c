"""The lesson goals Krakatoa's course sets (``tables.lesson_goals``): a decision judged over the throw it makes,
by its expected points (KR-8.4's numbers in the spec's worked example E4), its chance to win once the dice fall
(KR-4.4), and the marks it leaves on the next throw (KR-3)."""

from __future__ import annotations

import pytest

from engines import get_engine
from tables.lesson_goals import CONDITIONS, _worth

ENGINE = get_engine("krakatoa")


def met(goal: str, position: str, seat: int, move: str) -> bool:
    name, _, arg = goal.partition(":")
    before = ENGINE.from_position(position)
    played = ENGINE.parse_move(before, move)
    return CONDITIONS[name](ENGINE, before, seat, played, ENGINE.apply(before, played), arg)


# E4: Ash's best aim ≈ 7.357 beats Steam's ≈ 6.137 and Lava's ≈ 4.786; on Ash, aim s3 soft ≈ 7.357, hard ≈ 6.960
E4_SET = "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"
E4_AIM = "YYB/YRR/RRR play 1 2 1 aim:a 1 0,32 10,00 - 3 advanced"


def test_expected_points_are_the_spec_s() -> None:
    sets = _worth(ENGINE, ENGINE.from_position(E4_SET), 1, "points")
    assert {m: round(v, 3) for m, v in sets.items()} == {"ash": 7.357, "steam": 6.137, "lava": 4.786}
    aims = _worth(ENGINE, ENGINE.from_position(E4_AIM), 1, "points")
    assert round(aims["aim s3 soft"], 3) == 7.357 and round(aims["aim s3 hard"], 3) == 6.960


@pytest.mark.parametrize(("position", "move", "best"), [
    (E4_SET, "ash", True), (E4_SET, "steam", False), (E4_SET, "lava", False),
    (E4_AIM, "aim s3 soft", True), (E4_AIM, "aim s3 hard", False), (E4_AIM, "aim l1 hard", False),
    # KR-8.4: keep a raw 3 or more (nine fresh dice are worth 1595/576 ≈ 2.77), else rethrow
    ("YYB/YRR/RRB play 3 1 2 keep 1 45,62,50 00,00,10 - 3 advanced", "keep", True),
    ("YYB/YRR/RRB play 3 1 2 keep 1 45,62,50 00,00,10 - 3 advanced", "rethrow", False),
    ("YYB/YRB/RRB play 2 1 1 keep 0 24,18 00,00 - 0 basic", "rethrow", True),
    ("YYB/YRB/RRB play 2 1 1 keep 0 24,18 00,00 - 0 basic", "keep", False),
])
def test_most_expected_points(position: str, move: str, best: bool) -> None:
    seat = ENGINE.from_position(position).seat
    assert met("most_expected_points", position, seat, move) is best


def test_chance_to_win_counts_only_the_end() -> None:
    last = "YYY/RRB/RBB play 6 5 1 aim:l 0 {} 00,00 - 0 advanced"
    ahead, hopeless = last.format("150,176"), last.format("300,176")
    for move in ("aim a1 soft", "aim a3 hard", "aim s1 hard"):
        assert met("chance_to_win_at_least:1", ahead, 1, move)  # nothing can take the lead away: the last throw
        assert not met("chance_to_win_at_least:0.001", hopeless, 1, move)  # 124 behind: no throw scores that much
    # round 5: the game goes on after the throw, so no throw wins it now
    assert not met("chance_to_win_at_least:0.001", "YYY/RRB/RBB play 5 5 1 aim:l 0 150,176 00,00 - 0 advanced", 1,
                   "aim a1 soft")


def test_next_marks() -> None:
    quake = "YYB/YRB/RRB play 2 1 1 keep 0 24,18 00,00 - {}"
    assert met("next_marks_at_least:2", quake.format("3 advanced"), 1, "keep")  # 18 + 2 = 20: Big Quake, xx
    assert not met("next_marks_at_least:1", quake.format("3 advanced"), 1, "rethrow")  # nothing scored yet
    assert not met("next_marks_at_least:1", quake.format("0 basic"), 1, "keep")  # KR-7.1: no bonuses
