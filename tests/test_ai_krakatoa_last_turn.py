"""Krakatoa ``hard`` on its last turn (issue 32): the exact pieces it values the chance to win with.

Everything is recomputed here from the engine's own chance outcomes (KR-10.5), scores (KR-2) and
bonuses (KR-3), not from the player's shortcuts: the raw-score distribution of an aim
(``ai.krakatoa.AimRaw``), the chance to win of throw 5 (``Context.win5``) against the exact
last-throw valuation, and the spread of the rest of a turn (``ai.krakatoa_turn.compute_spread``).
"""

from __future__ import annotations

import pytest

import ai
from ai import krakatoa as K
from ai import krakatoa_turn as T
from engines import get_engine
from engines import krakatoa as KR

ENGINE = get_engine("krakatoa")


def _outcomes(dice: tuple[str, str, str], x: int, die: str, force: str):
    """The engine's outcomes of an aim as (scratch?, nine dice, probability), from a round-1 position."""
    step = f"roll:{KR.SETS[x]}:{die}:{force}"
    state = ENGINE.from_position(f"{'/'.join(dice)} play 1 {3 + x} 0 {step} 0 0,0 00,00 - 3 advanced")
    for (kind, text), p in ENGINE.chance_outcomes(state):
        yield kind == "scratch", KR._parse_dice(text.lower()), p


@pytest.mark.parametrize(
    ("dice", "die", "force"),
    [
        (("YYB", "YRR", "RRR"), "a1", "hard"),
        (("RRB", "BBB", "RBB"), "s3", "soft"),
        (("YYY", "RRR", "YRB"), "s1", "soft"),
        (("BBB", "BBB", "RRR"), "a1", "hard"),
    ],
)
def test_raw_score_distribution_of_an_aim_equals_the_engines_outcomes(dice, die, force) -> None:
    # KR-8.2: a scratch scores 0 (KR-3.7); a scored throw its raw score (KR-2.1), split by the marks
    # its Rumbles and Eruptions earn for the next throw (KR-3.4, KR-3.5; Quakes left out: no points)
    aim = K.AimRaw(dice, 2, die, force)
    pr = [0.0] * 31
    split = [[0.0] * 31 for _ in range(3)]
    scratch = 0.0
    for scratched, new, p in _outcomes(dice, 2, die, force):
        if scratched:
            scratch += p
            pr[0] += p
            continue
        raw = KR.raw_score(new)
        n = sum(KR.BONUS_MARKS[b][0] for b in KR.bonuses_of(new, 0, 0))
        pr[raw] += p
        split[min(n, 2)][raw] += p
    assert aim.scratch == pytest.approx(scratch, abs=1e-12)
    assert aim.pr == pytest.approx(pr, abs=1e-12)
    assert [aim.plain, aim.one, aim.two] == [pytest.approx(s, abs=1e-12) for s in split]
    assert aim.tail[0] == pytest.approx(1.0) and aim.tail[31] == 0.0
    assert aim.tail[7] == pytest.approx(sum(pr[7:]))
    # its mean is KR-8.4's exact expectation of the aim
    assert sum(r * p for r, p in enumerate(aim.pr)) == pytest.approx(float(KR.aim_value(dice, "l", die, force)))


def _context(position: str) -> K.Context:
    return K.Context(ENGINE.from_position(position), "hard")


@pytest.mark.parametrize(
    ("dice", "mine", "theirs", "m1"),
    [
        ("BBB/YYY/RRB", 186, 187, 0),  # two points win (test_ai_krakatoa: hard throws hard)
        ("YYB/RRB/BBB", 180, 196, 0),
        ("YYB/YRR/RRR", 150, 171, 1),  # x: raw × 2 (KR-2.4)
        ("RRB/BBB/RBB", 100, 150, 2),
        ("YRB/YRB/YRB", 100, 100, 0),  # a tie now: any point wins
        ("YYY/RRR/BBB", 120, 100, 0),  # won whatever happens
    ],
)
def test_throw_5_chance_to_win_equals_the_exact_last_throw(dice, mine, theirs, m1) -> None:
    # no box left (KR-5.1): throw 5 ends the game; the throw-4 lookup of throw 5 (``win5``) is the
    # best aim's exact chance to win, outcome by outcome (win 1, a tie 1/2)
    last = ENGINE.from_position(f"{dice} play 6 5 1 aim:l 0 {theirs},{mine} 00,{m1}0 - 0 advanced")
    search = K.Search(last, "hard", ai.clock.Stopwatch(ai.Budget(iterations=10**9)))
    assert search.win is not None
    exact = max(
        search.aim_value(2, die, force, ctx=search.win)
        for die in KR.aim_targets(last.dice, "l")
        for force in KR.FORCES
    )
    ctx = _context(f"{dice} play 6 4 1 aim:a 0 {theirs},{mine} 00,00 - 0 advanced")
    assert ctx.ahead and ctx.target == theirs
    assert ctx.win5(T.dice_index(last.dice), mine, m1, 0) == pytest.approx(exact, abs=1e-9)


def test_a_box_to_come_adds_to_the_chance_to_win() -> None:
    # KR-5.2: with boxes left, outcomes that earn marks (here the two-coloured dice make Rumbles
    # likely, KR-3.4) are worth a bonus throw: never less than without, more where points are short
    d = T.dice_index(("RRB", "BBB", "RBB"))
    none = _context("RRB/BBB/RBB play 6 4 1 aim:a 0 130,100 00,00 - 0 advanced")
    boxes = _context("RRB/BBB/RBB play 6 4 1 aim:a 0 130,100 00,00 - 3 advanced")
    for total in (100, 110, 120, 125, 129, 130):
        assert boxes.win5(d, total, 0, 0) >= none.win5(d, total, 0, 0) - 1e-12
    assert boxes.win5(d, 110, 0, 0) > none.win5(d, 110, 0, 0) + 0.01
    # m2 (a throw-4 Eruption, KR-3.8) reaches a box whatever throw 5 does
    assert boxes.win5(d, 100, 0, 1) > boxes.win5(d, 100, 0, 0)


def test_quake_marks_follow_the_rules() -> None:
    # KR-3.3: Little Quake on 11, 22, ..., 99 as the last two digits; Big Quake on multiples of 20
    # (the two never meet: the last two digits of a multiple of 20 are never a multiple of 11 but 00)
    totals = (11, 166, 411, 20, 100, 180, 440, 10, 101, 110, 201)
    assert [K.quake_marks(t) for t in totals] == [1] * 3 + [2] * 4 + [0] * 4
    assert max(K.quake_marks(t) for t in range(1, 1000)) == 2


def _moments(spread, value, dice, k: int, m1: int, m2: int) -> tuple[float, float]:
    """Mean and second moment of the points of throws k..5 (k = 4, 5) aimed as ``VALUE`` aims them,
    from the engine's outcomes; the next throw's moments from the tables (``carry`` after throw 5)."""
    x = {5: 2, 4: 1}[k]
    best: tuple[float, float] | None = None
    for die in KR.aim_targets(dice, KR.SETS[x]):
        for force in KR.FORCES:
            mean = second = 0.0
            for scratched, new, p in _outcomes(dice, x, die, force):
                if scratched:  # KR-3.7, KR-3.8
                    points, marks = 0, (m2, 0)
                else:
                    bonuses = KR.bonuses_of(new, 0, 0)
                    n = sum(KR.BONUS_MARKS[b][0] for b in bonuses)
                    e = sum(KR.BONUS_MARKS[b][1] for b in bonuses)
                    points, marks = KR.raw_score(new) << m1, (min(2, m2 + n), min(2, e))
                if k == 5:
                    v, s = T.carry(*marks), 0.0
                else:
                    at = marks[0] * 3 + marks[1]
                    v, s = value[5][at][T.dice_index(new)], spread[5][at][T.dice_index(new)]
                mean += p * (points + v)
                second += p * (points * points + 2 * points * v + s * s + v * v)
            if best is None or mean > best[0] + 1e-9:
                best = (mean, second)
    assert best is not None
    return best


def test_spread_of_the_rest_of_the_turn_matches_a_direct_computation() -> None:
    # ai/data/krakatoa_turn_spread.bin: the standard deviation of throws k..5's points under
    # VALUE's aims; throw 5 against carry (KR-3.2), throw 4 against the file's throw-5 entries
    value, spread = T.value_table(), T.spread_table()
    assert sorted(spread) == [2, 3, 4, 5] and all(len(t) == 9 and len(t[0]) == 1000 for t in spread.values())
    cases = [
        (5, ("YYB", "YRR", "RRR"), 0, 0),
        (5, ("RRR", "BBB", "RBB"), 1, 0),
        (5, ("YRB", "BBB", "YYR"), 2, 1),
        (4, ("YYY", "RRR", "BBB"), 0, 0),
        (4, ("RRB", "BBB", "RBB"), 1, 2),
    ]
    for k, dice, m1, m2 in cases:
        at = m1 * 3 + m2
        mean, second = _moments(spread, value, dice, k, m1, m2)
        assert value[k][at][T.dice_index(dice)] == pytest.approx(mean, abs=2e-3)
        sd = (second - mean * mean) ** 0.5
        assert spread[k][at][T.dice_index(dice)] == pytest.approx(sd, abs=2e-3), (k, dice, m1, m2)
        assert sd > 1.0  # a real spread, not a constant


def test_spread_file_round_trips_and_refuses_other_bytes() -> None:
    data = T.SPREAD_FILE.read_bytes()
    assert T.encode_spread(T.decode_spread(data)) == data
    for bad in (data[:-4], b"MESA-KRT" + data[8:]):
        with pytest.raises(ValueError):
            T.decode_spread(bad)


def test_hard_last_turn_moves_are_legal_and_repeatable() -> None:
    # hard's last turn, every other side finished: throw 1 keep/rethrow, throw 2 set, aims 2-5
    positions = [
        "RRB/YRB/YBB play 6 1 1 keep 0 150,120 00,00 - 3 advanced",
        "YYB/YRR/RRR play 6 2 1 set 0 150,120 00,00 - 3 advanced",
        "YYB/YRR/RRR play 6 3 1 aim:s 0 150,130 10,00 - 3 advanced",
        "YYB/YRR/RRR play 6 4 1 aim:a 0 150,140 01,00 - 2 advanced",
        "BBB/RRB/YYB play 6 4 1 aim:a 0 150,120 10,00 - 0 advanced",
    ]
    for position in positions:
        state = ENGINE.from_position(position)
        assert K.Context(state, "hard").ahead
        assert not K.Context(state, "normal").ahead
        legal = {ENGINE.format_move(state, m) for m in ENGINE.legal_moves(state)}
        view = ENGINE.view(state, 1)
        first = ai.choose_move("krakatoa", view, 1, "hard", ai.Budget(iterations=10**6), 3)
        assert first in legal, (first, position)
        assert ai.choose_move("krakatoa", view, 1, "hard", ai.Budget(iterations=10**6), 3) == first
