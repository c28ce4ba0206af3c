"""bench.ai's scoring (issue 17, "Strength, measured"): a partnership's win."""

from __future__ import annotations

from bench.ai import run_match


def test_a_partnership_win_counts_one_for_the_measured_seat() -> None:
    # KR-6.2: "A team's win is a win for both partners", so with teams the measured seat scores 1
    # when its side wins, 0 when the other side does, 1/2 when the sides tie (KR-4.4)
    r = run_match("krakatoa", "random", "random", 12, lambda name: None, players=4, seed=2, options={"teams": True})
    assert r["wins"] + r["draws"] + r["losses"] == 12
    assert r["wins"] > 0 and r["losses"] > 0
