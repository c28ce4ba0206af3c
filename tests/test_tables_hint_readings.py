"""A hint says more than "Mesa's choice here" (issue 30's hints, polished): where no tactic explains the move, the
seat's chance to win after it, read from the seat's view exactly as Mesa's review reads a decision
(``ai.review_games.chance_after``); the seat's only move; a choice the rules make alike (KR-4.1); Kona's proven
results said as proofs.  The reading runs in the thinker's optional lane, from the asker's view only."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_hints_why import said, table
from test_tables_learning import ANA, against_mesa, mesa_service
from test_tables_service import FakeClock

from ai import review, review_games
from data.factory import open_repository
from data.models import TableOptions
from engines import CHANCE, get_engine
from engines.base import GameView
from tables.hints import Hints, chance_words
from tables.i18n import t
from tables.loaded import LoadedTable
from tables.mesa import MesaMoves
from tables.thinking import Thinker, iterations

READING = 12

#: the player asking the hint: the reading is charged to them (the table's host is 101)
ASKER = 102


def positions(game: str, seed: int, every: int = 5, players: int = 2) -> list[tuple[Any, int, str]]:
    """(state, seat, a legal move's text) at every ``every``-th decision of a random game."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    out = []
    while engine.outcome(state) is None and len(out) < 6:
        seat = engine.to_move(state)
        move = engine.random_move(state, rng)
        building = game == "k3" and engine.phase(state) == "build"
        if seat not in (None, CHANCE) and (building or len(engine.legal_moves(state, seat)) > 1) \
                and rng.randrange(every) == 0:
            out.append((state, seat, engine.format_move(state, move)))
        state = engine.apply(state, move)
    return out


@pytest.mark.parametrize(("game", "players"), [("kona", 2), ("plateau", 2), ("k3", 2), ("k3", 3)])
def test_the_hint_s_reading_is_the_review_s_reading_of_the_same_move(game: str, players: int) -> None:
    """The figure a hint gives is the one Mesa's review would give the move played there (``estimate``'s
    ``after``, the same view, iterations and random draws), whatever the review then chose instead."""
    engine = get_engine(game)
    cases = positions(game, 3, players=players)
    assert len(cases) >= 3
    for state, seat, text in cases:
        view = engine.view(state, seat)
        read = review_games.chance_after(game, view, seat, text, READING, random.Random(9))
        reviewed = review_games.estimate(game, view, seat, text, READING, random.Random(9))
        assert read == reviewed.after, (engine.to_position(state), text)
        assert read is not None and len(read) == players and all(0.0 <= c <= 1.0 for c in read)


def test_krakatoa_hints_have_no_reading_their_words_are_expected_points() -> None:
    engine = get_engine("krakatoa")
    state, seat, text = positions("krakatoa", 1)[0]
    assert review_games.chance_after("krakatoa", engine.view(state, seat), seat, text, 1, random.Random(1)) is None


class Reader(Thinker):
    """The thinker, remembering what each reading was given."""

    def __init__(self, *, fail: bool = False) -> None:
        super().__init__(processes=False, budget=iterations(READING), workers=1)
        self.asked: list[tuple[str, GameView, int, str, Any]] = []
        self.fail = fail

    async def chance_after(self, game: str, view: GameView, seat: int, move: str, seed: int, *,
                           payer: Any = None) -> list[float] | None:
        self.asked.append((game, view, seat, move, payer))
        if self.fail:
            raise RuntimeError("a broken worker")
        return await super().chance_after(game, view, seat, move, seed, payer=payer)


def hints(thinker: Thinker) -> Hints:
    async def seated(table_id: int, user_id: int) -> Any:
        raise AssertionError("not asked")

    return Hints(None, MesaMoves(thinker), seated)  # type: ignore[arg-type]  # ``_why`` reads no storage


async def test_a_quiet_move_s_hint_gives_the_seat_s_chance_from_its_own_view() -> None:
    """Plateau's opening: nothing captured, nothing threatened, faces hidden; the hint reads Ana's chance from
    Ana's view (the reading never sees Ben's faces), charged to the player who asked (not the table's host), the
    same figure asked again."""
    engine = get_engine("plateau")
    state = engine.new_game(2, 4)
    move = engine.legal_moves(state, 0)[0]
    reader = Reader()
    ctx = table("plateau")
    phrase = await hints(reader)._why(ctx, state, 0, move, 11, ASKER)
    assert phrase.key == "hint.why.chance"
    assert reader.asked == [("plateau", engine.view(state, 0), 0, engine.format_move(state, move), ASKER)]
    chance = phrase.params["chance"]
    assert isinstance(chance, int) and 0 <= chance <= 100
    assert said(phrase) == (f"Mesa's choice here: after it, your chance to win reads {chance} % (as Mesa's reviews "
                            "read a move, from what you can see).")
    assert t(phrase.key, "es", **phrase.params).endswith(f"tus posibilidades de ganar en un {chance} % (según lo "
                                                        "leería una revisión de Mesa, con lo que tú puedes ver).")
    assert await hints(Reader())._why(ctx, state, 0, move, 11, ASKER) == phrase  # the same question, the same figure


async def test_a_tactic_is_said_before_any_reading() -> None:
    """Kona: c2-c1 wins at once (KO-6.1), said as such, and no reading is asked for."""
    engine = get_engine("kona")
    state = engine.from_position("P,5/6/6/6/2,C,3/C,C,4 c 20 -")
    reader = Reader()
    phrase = await hints(reader)._why(table("kona"), state, 0, engine.parse_move(state, "c2-c1"), 1, ASKER)
    assert phrase.key == "hint.why.wins" and reader.asked == []


@pytest.mark.parametrize(("game", "position", "seat", "move"), [
    ("kona", "5,PCP/6/3,CPC,1,C/2,PC,PPC,2/6/6 p 61 c3", 1, "f6-c6"),
    ("k3", "1/2/3/K3/KG3/BKN3/BBKRY1K/NNNRBYYK/BGBRBYYYK 1/2/3/1G2/1BR2/RRGB1G|1/2/3/K3/GY3/YRGY1G+KG play 0 - -",
     0, "Ra1-d4"),
])
async def test_the_only_legal_move_is_said_to_be_the_only_one(game: str, position: str, seat: int,
                                                              move: str) -> None:
    engine = get_engine(game)
    state = engine.from_position(position)
    assert [engine.format_move(state, m) for m in engine.legal_moves(state, seat)] == [move]
    reader = Reader()
    phrase = await hints(reader)._why(table(game), state, seat, engine.parse_move(state, move), 1, ASKER)
    assert said(phrase) == "it is your only legal move." and reader.asked == []
    assert t(phrase.key, "es") == "es tu única jugada legal."


async def test_krakatoa_s_throw_off_set_is_said_to_be_any_set() -> None:
    """KR-4.1 with KR-2.2's three alike sets: which set is thrown for the start changes nothing."""
    engine = get_engine("krakatoa")
    state = engine.new_game(2, 1)
    assert sorted(engine.format_move(state, m) for m in engine.legal_moves(state, 0)) == ["ash", "lava", "steam"]
    reader = Reader()
    phrase = await hints(reader)._why(table("krakatoa"), state, 0, engine.parse_move(state, "steam"), 1, ASKER)
    assert phrase.key == "hint.why.alike.krakatoa" and reader.asked == []
    assert "any choice is as good here" in said(phrase)
    assert "cualquier elección vale lo mismo" in t(phrase.key, "es")


async def test_a_reading_that_fails_leaves_mesa_s_choice_and_logs_no_view(caplog: pytest.LogCaptureFixture) -> None:
    engine = get_engine("plateau")
    state = engine.new_game(2, 4)
    move = engine.legal_moves(state, 0)[0]
    with caplog.at_level(logging.WARNING, logger="tables.hints"):
        phrase = await hints(Reader(fail=True))._why(table("plateau"), state, 0, move, 11, ASKER)
    assert said(phrase) == "Mesa's choice here."
    assert "no reading for a hint (RuntimeError)" in caplog.text and "broken worker" not in caplog.text


def test_kona_s_proven_results_are_said_as_proofs_other_games_as_chances() -> None:
    """Kona's search proves results (a chance of exactly 0 or 1 is a proof there, ``PROVES_RESULTS``)."""
    assert said(chance_words(table("kona"), 0, 1.0)) == \
        "after it, Mesa's search finds a win for you whatever Ben plays."
    assert said(chance_words(table("kona"), 1, 0.0)) == \
        "Mesa's choice here, though its search finds a win for Ana whatever you play."
    assert said(chance_words(table("kona"), 0, 0.625)) == ("Mesa's choice here: after it, your chance to win reads "
                                                          "62 % (as Mesa's reviews read a move).")  # nothing hidden
    assert chance_words(table("plateau"), 0, 1.0).params["chance"] == 100  # an estimate, not a proof


def test_in_cooperative_k3_the_chance_is_everyone_s_together() -> None:
    """K3-8.2, K3-8.3: the players win or lose together, so the figure is the table's, and said so."""
    ctx = table("k3", ("Ana", "Ben", "Cy"))
    ctx = LoadedTable(ctx.row, ctx.seats, ctx.engine, TableOptions(rated=False, game={"cooperative": True}))
    phrase = chance_words(ctx, 0, 0.31, hidden=True)  # pyramids built in secret (K3-3)
    assert said(phrase) == ("Mesa's choice here: after it, the chance that you all win together reads 31 % (as "
                            "Mesa's reviews read a move, from what you can see).")
    assert "ganéis todos juntos" in t(phrase.key, "es", **phrase.params)
    assert chance_words(table("k3"), 0, 0.31).key == "hint.why.chance"  # the ordinary game: one winner


async def test_a_reading_in_a_worker_process_is_the_same_as_in_a_thread() -> None:
    """The reading crosses into the thinking pool's processes (what the bot runs) with the same answer."""
    engine = get_engine("k3")
    state, seat, text = positions("k3", 5)[0]
    view = engine.view(state, seat)
    threads = Thinker(processes=False, budget=iterations(READING), workers=1)
    pool = Thinker(processes=True, budget=iterations(READING), workers=1)
    try:
        here = await threads.chance_after("k3", view, seat, text, 8, payer=101)
        there = await pool.chance_after("k3", view, seat, text, 8, payer=101)
    finally:
        threads.close()
        pool.close()
    assert here is not None and here == there


def test_the_bot_reads_a_hint_with_the_review_s_iterations() -> None:
    assert Thinker(processes=False).reading("plateau") == review.ITERATIONS["plateau"]
    assert Thinker(processes=False, budget=iterations(7)).reading("kona") == 7


async def test_a_hint_asked_again_is_not_read_again_and_reads_the_same_after_a_restart(db: DbFactory) -> None:
    """A second click on Hint gets the same sentence without another reading (up to a second of a worker); after a
    restart the reading is made again, to the same figure (it is seeded, at an iteration budget)."""
    reader = Reader()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, FakeClock(), reader)
    tid = await against_mesa(svc, "plateau")
    first = await svc.hints.ask(tid, ANA)
    again = await svc.hints.ask(tid, ANA)
    assert first.params["why"].key == "hint.why.chance"
    assert again.params["why"] == first.params["why"] and len(reader.asked) == 1
    await repo.close()

    restarted = Reader()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, FakeClock(), restarted)
    after = await svc.hints.ask(tid, ANA)
    assert after.move == first.move and after.params["why"] == first.params["why"] and len(restarted.asked) == 1
    await repo.close()

