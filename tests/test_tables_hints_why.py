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
    # c2-d1 does not win, but leaves c1 to make a1-b1-c1 or b1-c1-d1 next move, which the poodle cannot stop
    assert why(ctx, state, 0, engine.parse_move(state, "c2-d1"), 1).key == "hint.why.forces"


def test_a_move_that_stops_the_opponents_win() -> None:
    """Poodle threatens c5-c6 (a6 b6 c6); after most of capybara's moves it wins, after b5-b6 it cannot."""
    engine = get_engine("kona")
    state = engine.from_position("P,P,4/1,C,P,3/6/6/6/5,C c 20 -")
    ctx = table("kona")
    assert said(why(ctx, state, 0, engine.parse_move(state, "b5-b6"), 1)) == \
        "Ben could win with their next move; after this one they cannot."
    assert why(ctx, state, 0, engine.parse_move(state, "f1-e1"), 1).key == "hint.why.choice"  # loses, says nothing


def test_moves_that_lose_each_to_a_reply_of_their_own_are_no_threat_stopped() -> None:
    """An audit's position: three of the poodles' five other moves lose, but to different replies (lifting d4's
    poodle uncovers a capybara, KO-6.2; e4-b1 opens d2-e2): the capybaras have no move ready to win (with the
    turn theirs now they could not win at once), so a1-b2 is not said to stop a threat."""
    engine = get_engine("kona")
    state = engine.from_position("1,PC,C,3/6/3,PCP,PCP,1/4,C,1/3,C,2/P,5 p 21 d2")
    ready = engine.from_position("1,PC,C,3/6/3,PCP,PCP,1/4,C,1/3,C,2/P,5 c 21 d2")  # the capybaras to move now
    assert not any((o := engine.outcome(engine.apply(ready, m))) is not None and 0 in o.winners
                   for m in engine.legal_moves(ready))
    ctx = table("kona")
    assert why(ctx, state, 1, engine.parse_move(state, "a1-b2"), 0).key != "hint.why.stops"


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


# ---- a review's why: Mesa's choice against the move played (issue 32) --------------------------------------
#: capybara (seat 0) to move; the poodle threatens d5-c6 (a6-b6-c6, KO-6.1); only b3-b6 covers b6
KONA_ONE_DEFENCE = "P,P,4/2,CC,P,2/6/1,PPC,4/5,CC/5,C c 10 f1"


def test_a_move_played_that_allows_a_win_in_one_is_told_with_the_reply() -> None:
    engine = get_engine("kona")
    state = engine.from_position(KONA_ONE_DEFENCE)
    ctx = table("kona")
    best, played = engine.parse_move(state, "b3-b6"), engine.parse_move(state, "f1-f2")
    phrase = why(ctx, state, 0, best, 1, played)
    assert phrase.key == "hint.why.allows"
    assert said(phrase) == "after f1-f2, Ben could win at once with d5-c6; after this one they cannot."
    assert t(phrase.key, "es", **phrase.params) == \
        "tras f1-f2, Ben podría ganar en el acto con d5-c6; tras esta, no puede."
    # the reply is really a win at once (KO-6.2), and after Mesa's choice it is not
    after = engine.apply(engine.apply(state, played), engine.parse_move(engine.apply(state, played), "d5-c6"))
    assert engine.outcome(after) is not None and engine.outcome(after).winners == (1,)
    # without the move played (a hint), the same choice is told as stopping the threat
    assert why(ctx, state, 0, best, 1).key == "hint.why.stops"
    # a move played that hands over nothing is not said to
    assert why(ctx, state, 0, best, 1, best).key == "hint.why.stops"


def test_a_missed_win_in_one_is_told_before_anything_else() -> None:
    """d2-c1 makes a1-b1-c1 (KO-6.2); f3-f2 lets the poodle win with d5-c6: the win comes first."""
    engine = get_engine("kona")
    state = engine.from_position("P,P,4/3,P,2/5,P/5,C/3,C,2/C,C,4 c 10 f4")
    phrase = why(table("kona"), state, 0, engine.parse_move(state, "d2-c1"), 1, engine.parse_move(state, "f3-f2"))
    assert said(phrase) == "it wins the game at once."


#: capybara to move; after c1-c2 it has a line of three to make next move whatever the poodle plays, after
#: c1-d2 it threatens one the poodle can still cover (found by search, the claims checked below move by move)
KONA_FORCES = "C,1,P,2,C/6/P,5/5,P/3,C,2/PCP,1,C,2,C c 6 f3"
KONA_THREATENS = "C,1,P,2,PC/6/P,5/3,C,2/6/PCP,1,C,2,CP c 4 a4"


def _wins_next(engine: Any, state: Any, seat: int) -> bool:
    outcomes = [engine.outcome(engine.apply(state, m)) for m in engine.legal_moves(state, seat)]
    return any(o is not None and seat in o.winners for o in outcomes)


def test_a_move_that_builds_a_threat() -> None:
    engine = get_engine("kona")
    ctx = table("kona")
    state = engine.from_position(KONA_FORCES)
    move = engine.parse_move(state, "c1-c2")
    after = engine.apply(state, move)
    assert all(_wins_next(engine, engine.apply(after, r), 0) for r in engine.legal_moves(after, 1))
    phrase = why(ctx, state, 0, move, 1)
    assert said(phrase) == "after it you win on your next move whatever Ben plays."
    assert t(phrase.key, "es", **phrase.params) == "tras ella ganas en tu próxima jugada juegue lo que juegue Ben."
    state = engine.from_position(KONA_THREATENS)
    move = engine.parse_move(state, "c1-d2")
    after = engine.apply(state, move)
    replies = engine.legal_moves(after, 1)
    winning = sum(_wins_next(engine, engine.apply(after, r), 0) for r in replies)
    assert len(replies) / 2 < winning < len(replies)  # most replies leave the win, some stop it
    phrase = why(ctx, state, 0, move, 1)
    assert said(phrase) == "it threatens to win on your next move: Ben must answer it."
    assert t(phrase.key, "es", **phrase.params) == "amenaza con ganar en tu próxima jugada: Ben tiene que responder."


def test_a_capture_the_move_played_also_makes_is_no_reason() -> None:
    """A review's why compares Mesa's choice with the move played (PL-6): taking a prisoner is a reason only
    when the move played took fewer, not when both took one each."""
    engine = get_engine("plateau")
    ctx = table("plateau")
    checked = 0
    for seed in range(30):
        rng, state = random.Random(seed), engine.new_game(2, seed)
        for _ in range(120):
            if engine.outcome(state) is not None:
                break
            side = state.side
            taken: dict[int, list[Any]] = {}
            quiet = []
            for move in engine.legal_moves(state) if state.phase == 1 else []:
                after = engine.apply(state, move)
                if engine.outcome(after) is not None or _wins_next(engine, after, 1 - side):
                    continue
                gain = sum(after.prisoners[side]) - sum(state.prisoners[side])
                (taken.setdefault(gain, []) if gain else quiet).append(move)
            pairs = [moves for gain, moves in taken.items() if len(moves) >= 2]
            if pairs and quiet:
                best, also = pairs[0][:2]
                assert why(ctx, state, side, best, seed, also).key != "hint.why.gains"
                phrase = why(ctx, state, side, best, seed, quiet[0])
                before = sum(state.prisoners[side])
                assert phrase.key == "hint.why.gains" and phrase.params["before"] == before < phrase.params["after"]
                checked += 1
                break
            state = engine.apply(state, engine.random_move(state, rng))
        if checked >= 2:
            break
    assert checked >= 2


def test_a_krakatoa_hint_says_the_points_of_the_rest_of_the_turn_against_the_next_best() -> None:
    """KR-1.1, KR-8.2: a hint's why for dice is the points the choice is expected to bring to the end of the turn
    (an audit's hint said only "Mesa's choice here" when it rethrew a roll a lesson had taught to keep). At the
    last throw of the game nothing follows: each aim's points are its throw's alone, which the sheet checks."""
    from ai.review_games import krakatoa_points

    engine = get_engine("krakatoa")
    ctx = table("krakatoa")
    rng = random.Random(8)
    state = engine.new_game(2, 8, {"preset": "basic"})
    while engine.to_move(state) is not None and not (engine.view(state, None)["round"] == 6
                                                      and str(engine.view(state, None)["step"]).startswith("aim")
                                                      and str(engine.view(state, None)["throw"]) == "5"):
        state = engine.apply(state, engine.random_move(state, rng))
    seat = engine.to_move(state)
    values = krakatoa_points(engine.view(state, seat), seat)
    # the last throw: an aim's worth is what its dice score on average, so trying it many times agrees
    text, worth = max(values.items(), key=lambda kv: kv[1])
    move = engine.parse_move(state, text)
    rolls = [engine.apply(engine.apply(state, move), engine.sample_chance(engine.apply(state, move), rng))
             for _ in range(4000)]
    side = engine.view(state, None)["side_of_seat"][seat]
    average = sum(engine.view(r, None)["totals"][side] for r in rolls) / len(rolls) - \
        engine.view(state, None)["totals"][side]
    assert abs(average - worth) < 0.25, (average, worth)
    said_why = why(ctx, state, seat, move, 1)
    assert said_why.key == "hint.why.points_basic"  # KR-7.1: no bonus marks in the basic preset
    other = said_why.params["other"]
    assert other != text and other in values and values[other] == max(v for k, v in values.items() if k != text)
    english, spanish = t(said_why.key, "en", **said_why.params), t(said_why.key, "es", **said_why.params)
    assert english.startswith(f"it is expected to bring {worth:.1f} points from here to the end of your turn")
    assert f"; the next best, {other}, {values[other]:.1f}." in english
    assert spanish.startswith(f"se espera que sume {worth:.1f}".replace(".", ","))


def test_a_krakatoa_hint_that_gives_points_up_says_why_by_level_and_round() -> None:
    """``hard`` gives points up only in the last round, for the win (KR-4.4); any other choice worth fewer points
    than the best is said to be the level's own (an audit's hint claimed "wins more often" of a choice made by a
    search cut short in round 1)."""
    from tables.hints import _points_why

    engine = get_engine("krakatoa")
    rng = random.Random(3)
    state = engine.new_game(2, 3, {"preset": "basic"})
    while not str(engine.view(state, None)["step"]).startswith("aim"):
        state = engine.apply(state, engine.random_move(state, rng))
    seat = engine.to_move(state)
    moves = engine.legal_moves(state, seat)
    said = {lvl: [_points_why(engine, state, seat, m, lvl) for m in moves] for lvl in ("easy", "hard")}
    keys = {p.key for lvl in said for p in said[lvl] if p is not None}
    # round 1: never "wins more often"; the basic preset has no bonus marks to speak of (KR-7.1)
    assert "hint.why.points_basic" in keys and "hint.why.points_level" in keys and "hint.why.points" not in keys
    best = next(p for lvl in said for p in said[lvl] if p is not None and p.key == "hint.why.points_basic")
    assert "bonus" not in t(best.key, "en", **best.params) and "bonificación" not in t(best.key, "es", **best.params)
    assert "hint.why.points_win" not in keys and engine.view(state, None)["round"] == 1
    lesser = next(p for p in said["easy"] if p is not None and p.key == "hint.why.points_level")
    assert t(lesser.key, "en", **lesser.params).endswith("this is the choice Mesa makes at its easy level, which "
                                                         "does not always take the most.")


def test_a_hint_takes_a_move_that_wins_at_once_over_the_search_s_choice() -> None:
    """K3 positions where the seat to move wins at once (the last player in, K3-7.1/7.2): Mesa's search on its
    budget at times chose a move that wins only a turn later, and the hint said "Mesa's choice"; the hint takes a
    move that wins at once on every state the seat's view allows, and keeps a choice that already wins."""
    from tables.hints import winning_instead

    engine = get_engine("k3")
    for position in (
        "1/2/BKR/NKYR/KKYYR/GKYYGR/NYKYGRN/BYBKNGRR/BYBKBBGRG 1/2/3/4/5/4B1|1/2/3/4/5/2G2B+KG play 1 - -",
        "1/2/3/KGY1/KGYYR/YNBYRR/GYGBNKR/YNGBBBKN/YBGBKBGKR 1/2/3/1K2/1RG2/1KYW1B+RR|1/2/3/4/5/3K2 play 0 - -",
    ):
        state = engine.from_position(position)
        seat = engine.to_move(state)
        moves = engine.legal_moves(state, seat)
        winning = [m for m in moves if (o := engine.outcome(engine.apply(state, m))) and seat in o.winners]
        quiet = [m for m in moves if m not in winning]
        assert winning and quiet, position
        for seed in range(3):
            assert winning_instead(engine, state, seat, seed, quiet[0]) in winning
            assert winning_instead(engine, state, seat, seed, winning[-1]) == winning[-1]
    kona = get_engine("kona")
    start = kona.new_game(2, 5)  # nothing wins at once: the search's choice stands
    chosen = kona.legal_moves(start, 0)[3]
    assert winning_instead(kona, start, 0, 1, chosen) == chosen
