"""The generic move picker (tables/picker.py) on every game's real move lists.

For positions met in seeded random playouts of each game: every legal move is reachable from the
first step, no step offers more than 25 choices (Discord's select menu limit), every choice leads
somewhere (a move, or a step with at least two choices), and option values and labels fit
Discord's 100-character limits.
"""

from __future__ import annotations

import random

import pytest

from engines import CHANCE, get_engine
from tables import picker

GAMES = ("kona", "plateau", "k3", "krakatoa")


def _check(legal: list[str]) -> None:
    legal = sorted(set(legal))
    seen: set[str] = set()
    pending = [picker.Step()]
    visited: set[picker.Step] = set()
    while pending:
        step = pending.pop()
        if step in visited:
            continue
        visited.add(step)
        options = picker.choices(legal, step)
        assert 1 <= len(options) <= picker.MAX_CHOICES
        below = set(step.moves(legal))
        if step != picker.Step():
            assert len(options) >= 2 or options[0].final, f"a lone choice that decides nothing at {step}"
        values = [o.option_value for o in options]
        assert len(values) == len(set(values)), "two options with one value"
        for option in options:
            assert 1 <= len(option.label) <= 100 and len(option.option_value) <= 100
            if option.final:
                assert option.value in below
                seen.add(option.value)
            else:
                nxt = picker.Step.decode(option.value)
                assert picker.choices(legal, nxt), "a choice leading nowhere"
                assert set(nxt.moves(legal)) < below or step == picker.Step(), "no progress"
                pending.append(nxt)
    assert seen == set(legal)


def _positions(game: str, games: int, plies: int, seed: int) -> list[list[str]]:
    """Move lists (canonical strings) of the player to act, along seeded random playouts."""
    engine = get_engine(game)
    rng = random.Random(seed)
    lists: list[list[str]] = []
    for _ in range(games):
        state = engine.new_game(engine.max_players if game != "kona" else 2, rng.randrange(10**6))
        for _ in range(plies):
            if engine.outcome(state) is not None:
                break
            if engine.to_move(state) != CHANCE:
                moves = engine.legal_moves(state)
                if moves:
                    lists.append([engine.format_move(state, m) for m in moves])
            state = engine.apply(state, engine.random_move(state, rng))
    return lists


@pytest.mark.parametrize("game", GAMES)
def test_every_move_reachable_in_playouts(game: str) -> None:
    lists = _positions(game, games=4, plies=60, seed=8)
    assert lists, f"no decisions met in {game} playouts"
    for legal in lists:
        _check(legal)


def test_plateau_opening_1260_moves() -> None:
    """PL-10.7: 1,260 opening placements; walked as piece, second piece, square (11, 11, 12 choices)."""
    engine = get_engine("plateau")
    state = engine.new_game(2, 1)
    legal = [engine.format_move(state, m) for m in engine.legal_moves(state)]
    assert len(legal) == 1260
    _check(legal)
    first = picker.choices(legal)
    assert len(first) == 11 and all(not c.final for c in first)


def test_kona_start_walks_origin_then_destination() -> None:
    """KO-10 E1: the 18 opening moves are two origins, then each origin's destinations."""
    engine = get_engine("kona")
    legal = [engine.format_move(engine.from_position("CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -"), m)
             for m in engine.legal_moves(engine.from_position("CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -"))]
    first = picker.choices(legal)
    assert [c.label for c in first] == ["a6-…", "f1-…"]
    second = picker.choices(legal, picker.Step.decode(first[0].value))
    assert [c.value for c in second] == ["a6-a3", "a6-a4", "a6-a5", "a6-b5", "a6-b6", "a6-c4", "a6-c6", "a6-d3",
                                         "a6-d6"]
    assert all(c.final for c in second)


def test_krakatoa_aim_moves_by_die_then_force() -> None:
    """KR-11 E4: the six aims are grouped by die (three dice), then force."""
    legal = ["aim l1 hard", "aim l1 soft", "aim s1 hard", "aim s1 soft", "aim s3 hard", "aim s3 soft"]
    first = picker.choices(legal)
    assert [c.label for c in first] == ["aim l1…", "aim s1…", "aim s3…"]
    _check(legal)


def test_prefix_that_is_itself_a_move() -> None:
    """PL-11 ex. 3: ``+rr@c2`` and ``+rr@c2:1`` — the shorter move is offered beside the longer one."""
    legal = ["+rr@c2", "+rr@c2:1", "+rr@c2:0", "+bb@c2"]
    _check(legal)
    at = picker.choices(legal, picker.Step("+rr@c2"))
    assert [c.value for c in at] == ["+rr@c2", "+rr@c2:0", "+rr@c2:1"]


def test_range_fallback_when_one_character_is_not_enough() -> None:
    """Tokens differing in their first character, more than 25 of them: range steps keep every step ≤ 25."""
    letters = [chr(c) for c in range(0x41, 0x41 + 60)]  # 60 distinct first characters
    legal = [f"{a}{b}-x{n}" for a in letters for b in "12" for n in range(3)]
    _check(legal)
    first = picker.choices(legal)
    assert any(picker.Step.decode(c.value).lo is not None for c in first if not c.final)


def test_tokens() -> None:
    assert picker.tokens("*a1:2-b2:1-c3") == ["*a1", ":2", "-b2", ":1", "-c3"]
    assert picker.tokens("+xx.rb@a1") == ["+xx", ".rb", "@a1"]
    assert picker.tokens("aim l1 hard") == ["aim", " l1", " hard"]
    assert picker.tokens("Ka3-c3") == ["Ka3", "-c3"]
    assert picker.tokens("pass") == ["pass"]


def test_autocomplete_ranking() -> None:
    legal = ["a1-a2", "a1-b2", "b1-a1", "c3-a1"]
    assert picker.rank_for_autocomplete(legal, "A1") == ["a1-a2", "a1-b2", "b1-a1", "c3-a1"]
    assert picker.rank_for_autocomplete(legal, "a1-b2") == ["a1-b2"]
    assert picker.rank_for_autocomplete(legal, "-a1") == ["b1-a1", "c3-a1"]
    # KO-9.3: a move may be written without its hyphen; typed so, it is still suggested (only when nothing else is)
    assert picker.rank_for_autocomplete(legal, "A1 B") == ["a1-b2"]
    assert picker.rank_for_autocomplete(legal, "c3a1") == ["c3-a1"]
    assert picker.rank_for_autocomplete(legal, "zz") == []
    # nothing in the notation: the words of what each move does, each word typed starting one of theirs
    said = {"a1-a2": "Move from a1 to a2, capturing 1 piece", "a1-b2": "Move from a1 to b2, blue face up",
            "b1-a1": "Move from b1 to a1"}

    def words() -> dict[str, str]:
        return said
    assert picker.rank_for_autocomplete(legal, "Captur", words=words) == ["a1-a2"]
    assert picker.rank_for_autocomplete(legal, "FACE b2", words=words) == ["a1-b2"], "each word, anywhere"
    assert picker.rank_for_autocomplete(legal, "move from", words=words) == ["a1-a2", "a1-b2", "b1-a1"]
    assert picker.rank_for_autocomplete(legal, "ace", words=words) == [], "a word's start, not its middle (face)"
    asked: list[str] = []

    def counted() -> dict[str, str]:
        asked.append("words")
        return said

    assert picker.rank_for_autocomplete(legal, "b1", words=counted) == ["b1-a1"], "the notation first"
    assert not asked, "the words are made only when the notation finds nothing (a keystroke's hot path)"
    assert picker.rank_for_autocomplete(legal, "") == legal
    assert len(picker.rank_for_autocomplete([f"m{i}" for i in range(100)], "")) == 25
