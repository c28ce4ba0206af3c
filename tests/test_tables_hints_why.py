"""A hint's sentence of why (issue 30), computed from the engine and from what the seat knows:
it wins at once, it stops the opponent's win, it raises a tally (prisoners, points), else Mesa's choice."""

from __future__ import annotations

import random
from typing import Any

from data.models import ACTIVE, SeatRow, TableOptions, TableRow
from engines import get_engine
from tables.hints import why
from tables.i18n import Phrase, t
from tables.loaded import LoadedTable


def table(game: str, names: tuple[str, ...] = ("Ana", "Ben")) -> LoadedTable:
    row = TableRow(id=1, guild_id=7, channel_id=70, thread_id=None, message_id=None, game=game, options="{}", seed=5,
                   status=ACTIVE, host_id=101, state=None, version=3, turn_deadline=None, next_event_at=None,
                   draw_offer=None, outcome=None, created_at="", updated_at="")
    seats = [SeatRow(1, i, 101 + i, name, accepted=True) for i, name in enumerate(names)]
    return LoadedTable(row, seats, get_engine(game), TableOptions(rated=False))


def said(phrase: Phrase) -> str:
    return t(phrase.key, "en", **phrase.params)


def test_a_move_that_wins_at_once() -> None:
    engine = get_engine("kona")
    state = engine.from_position("P,5/6/6/6/2,C,3/C,C,4 c 20 -")  # KO-6.1: c2-c1 makes a1 b1 c1 capybara's
    ctx = table("kona")
    assert said(why(ctx, state, 0, engine.parse_move(state, "c2-c1"), 1)) == "it wins the game at once."
    assert why(ctx, state, 0, engine.parse_move(state, "c2-d1"), 1).key == "hint.why.choice"


def test_a_move_that_stops_the_opponents_win() -> None:
    """Poodle threatens c5-c6 (a6 b6 c6); after most of capybara's moves it wins, after b5-b6 it cannot."""
    engine = get_engine("kona")
    state = engine.from_position("P,P,4/1,C,P,3/6/6/6/5,C c 20 -")
    ctx = table("kona")
    assert said(why(ctx, state, 0, engine.parse_move(state, "b5-b6"), 1)) == \
        "Ben could win with their next move; after this one they cannot."
    assert why(ctx, state, 0, engine.parse_move(state, "f1-e1"), 1).key == "hint.why.choice"  # loses, says nothing


def test_plateau_prisoners_told_from_the_seat_s_view_only() -> None:
    """PL-6: a capture raises the mover's prisoners; the words are the same for every true state the
    seat's view allows (a hint never tells a hidden face)."""
    engine = get_engine("plateau")
    rng = random.Random(11)
    ctx = table("plateau")
    found: list[tuple[Any, Any, int]] = []
    quiet: list[tuple[Any, Any, int]] = []
    for game in range(40):
        state = engine.new_game(2, game)
        for _ in range(120):
            if engine.outcome(state) is not None or (found and quiet):
                break
            seat = engine.to_move(state)
            move = rng.choice(engine.legal_moves(state))
            after = engine.apply(state, move)
            gained = sum(after.prisoners[seat]) - sum(state.prisoners[seat])
            if engine.outcome(after) is None:
                (found if gained > 0 else quiet).append((state, move, seat))
            state = after
        if len(found) >= 2 and len(quiet) >= 2:
            break
    assert found and quiet
    for state, move, seat in found[:2]:
        before, after = sum(state.prisoners[seat]), sum(engine.apply(state, move).prisoners[seat])
        phrase = why(ctx, state, seat, move, 3)
        assert said(phrase) == f"it takes your prisoners from {before} to {after}.", engine.format_move(state, move)
        other = engine.determinize(engine.view(state, seat), seat, random.Random(99))  # what the seat cannot tell apart
        assert engine.view(other, seat) == engine.view(state, seat)
        assert why(ctx, other, seat, move, 3) == phrase
    for state, move, seat in quiet[:2]:
        assert why(ctx, state, seat, move, 3).key == "hint.why.choice"


def test_spanish_words() -> None:
    engine = get_engine("kona")
    state = engine.from_position("P,P,4/1,C,P,3/6/6/6/5,C c 20 -")
    phrase = why(table("kona"), state, 0, engine.parse_move(state, "b5-b6"), 1)
    assert t(phrase.key, "es", **phrase.params) == "Ben podría ganar con su próxima jugada; después de esta, no puede."
