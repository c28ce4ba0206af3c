"""Issue 32: a finished game's review, made once in a lane of its own and kept (``tables.reviews``).

Most tests stand a counting analyser in for ``ai.review`` (the collaborator's own rules: kept and served
again, one per user at a time, shared, progress, refusals, words in both languages, the bound); the end
to end tests at the bottom review a short finished game of each kind with the real analysis."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import GUILD, USERS, FakeClock, open_service, start_table, step

from ai import Budget, review
from data import reviews as kept_reviews
from engines import get_engine
from tables import TableError, TableService, said, t
from tables.i18n import Phrase, Tenths, Told
from tables.outcome_words import deed
from tables.review_lane import ReviewLane
from tables.reviews import Analyser, Review, ReviewBound, Reviews, _decode, _encode, review_text, shown_decisions
from tables.thinking import Thinker, iterations

ANA, BEN, CY = USERS[0][0], USERS[1][0], USERS[2][0]


class CountingAnalyser:
    """Stands in for ``ai.review``: every move a decision of the seat to its parity, counted; ``hold``
    keeps each part waiting until ``release`` lets it go; ``falls`` sets the mover's win chance after a decision."""

    def __init__(self, falls: dict[int, float] | None = None) -> None:
        self.parts = 0
        self.decided = 0
        self.pictures = 0
        self.hold = False
        self.started = threading.Event()
        self.gate = threading.Semaphore(0)  # each held part takes one release
        self.falls = falls or {}

    def decisions(self, game: str, start: Any, moves: Sequence[str], left: Sequence[tuple[int, int]] = ()
                  ) -> list[int]:
        self.decided += 1
        return list(range(1, len(moves)))  # the first move is no decision here (so positions are not indices)

    def review_part(self, game: str, start: Any, moves: Sequence[str], indices: Sequence[int], budget: Budget,
                    seed: int, left: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
        self.parts += 1
        self.started.set()
        if self.hold:
            assert self.gate.acquire(timeout=30), "the test never released the part"
        out = []
        for i in indices:
            seat = i % 2
            after = self.falls.get(i, 0.5)
            before = self.falls.get(i - 1, 0.5)  # as Kona reads: the position the decision before left
            out.append({"index": i, "ply": i + 1, "seat": seat, "played": moves[i], "best": moves[i],
                        "before": [before if s != seat else 1 - before for s in range(2)],
                        "after": [after if s == seat else 1 - after for s in range(2)],
                        "best_after": [0.5, 0.5], "points_played": None, "points_best": None})
        return out

    def assemble(self, game: str, start: Any, moves: Sequence[str], parts: Sequence[dict[str, Any]],
                 left: Sequence[tuple[int, int]] = (), placements: Sequence[int] = ()) -> dict[str, Any]:
        return review.assemble(game, start, moves, parts, left=left, placements=placements)  # the real one: pure

    def review_image(self, review: dict[str, Any], names: Sequence[str], lang: str) -> bytes:
        self.pictures += 1
        return b"\x89PNG fake " + lang.encode() + b" " + ",".join(names).encode()

    def release(self, parts: int = 1000) -> None:
        for _ in range(parts):
            self.gate.release()

    def analyser(self) -> Analyser:
        return Analyser(self.decisions, self.review_part, lambda game, count: Budget(iterations=1), self.assemble,
                        self.review_image)


def counted(svc: TableService, fake: CountingAnalyser, bound: ReviewBound | None = None) -> Reviews:
    """The service's reviews with the counting analyser, parts in a thread."""
    svc.reviews = Reviews(svc.store, ReviewLane(processes=False), analyser=fake.analyser(), bound=bound)
    return svc.reviews


async def finished_kona(svc: TableService, moves: int = 6, seed: int = 3) -> int:
    """A Kona game of ``moves`` random moves that Ben then resigns."""
    tid, _ = await start_table(svc, "kona")
    rng = random.Random(seed)
    for _ in range(moves):
        assert await step(svc, tid, rng) is not None
    await svc.resign(tid, BEN)
    return tid


async def test_a_review_is_made_once_kept_and_served_again_without_recomputation(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    fake = CountingAnalyser()
    try:
        reviews = counted(svc, fake)
        tid = await finished_kona(svc)
        first = await reviews.review(GUILD, tid, ANA)
        assert first.made and len(first.analysis["decisions"]) == 5
        assert fake.decided == 1 and fake.parts == 5 and fake.pictures == 2  # five decisions, one a part; a
        assert first.picture.startswith(b"\x89PNG fake en Ana,Ben")  # picture in English, one in Spanish
        assert first.picture_in("es-ES").startswith(b"\x89PNG fake es Ana,Ben")
        again = await reviews.review(GUILD, tid, CY)  # not a player: the game is over, anyone here may
        assert not again.made and again.analysis == first.analysis and again.picture == first.picture
        assert again.told == first.told
        assert fake.decided == 1 and fake.parts == 5 and fake.pictures == 2  # served, not made again
        restarted = TableService(repo, svc.clock, None, thinker=Thinker(processes=False))
        after = await counted(restarted, fake).review(GUILD, tid, BEN)  # kept in storage, not only in memory
        assert not after.made and after.analysis == first.analysis and fake.parts == 5
        assert after.picture_in("es") == first.picture_in("es") != after.picture  # both pictures kept
        assert after.text("en") == first.text("en")
    finally:
        await repo.close()


async def test_one_review_per_user_at_a_time_and_a_shared_making(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    fake = CountingAnalyser()
    fake.hold = True
    try:
        reviews = counted(svc, fake)
        tid = await finished_kona(svc, moves=5)
        heard_ana: list[int] = []
        heard_ben: list[int] = []

        async def ana_hears(percent: int) -> None:
            heard_ana.append(percent)

        ben_joined = asyncio.Event()

        async def ben_hears(percent: int) -> None:
            heard_ben.append(percent)
            ben_joined.set()

        making = asyncio.ensure_future(reviews.review(GUILD, tid, ANA, ana_hears))
        assert await asyncio.to_thread(fake.started.wait, 30)
        with pytest.raises(TableError) as busy:  # Ana's second request while hers is made
            await reviews.review(GUILD, tid, ANA)
        assert busy.value.key == "error.review_busy"
        assert "Already making your review of table" in busy.value.message("en")
        assert "Ya estoy preparando tu revisión de la mesa" in busy.value.message("es")
        sharing = asyncio.ensure_future(reviews.review(GUILD, tid, BEN, ben_hears))  # Ben: the same making
        fake.release(1)  # the first part ends ...
        await asyncio.wait_for(ben_joined.wait(), 30)  # ... and Ben, joining, hears where it is, then the rest
        fake.release()
        mine, theirs = await asyncio.wait_for(asyncio.gather(making, sharing), 30)
        assert mine.analysis == theirs.analysis and fake.parts == 4 and fake.decided == 1
        assert heard_ana == [25, 50, 75, 100]  # after each of the four parts (four decisions)
        assert heard_ben[-1] == 100 and heard_ben == sorted(heard_ben) and heard_ben[0] >= 25
        later = await reviews.review(GUILD, tid, ANA)  # hers is done: she may ask again, and gets the kept one
        assert not later.made and fake.parts == 4
    finally:
        fake.release()
        await repo.close()


async def test_a_review_never_waits_for_mesa_nor_mesa_for_a_review(db: DbFactory) -> None:
    """The review's parts run in a lane of their own: while one is held, Mesa still moves at another table."""
    repo = None
    path = db()
    from data import open_repository

    repo = await open_repository(path)
    svc = TableService(repo, FakeClock(), None, seed_source=lambda: 7,
                       thinker=Thinker(processes=False, budget=iterations(20)))
    fake = CountingAnalyser()
    fake.hold = True
    try:
        reviews = counted(svc, fake)
        tid = await finished_kona(svc, moves=3)
        making = asyncio.ensure_future(reviews.review(GUILD, tid, ANA))
        assert await asyncio.to_thread(fake.started.wait, 30)
        out = await svc.create(GUILD, 70, CY, "Cy", "kona", [], {"bots": "1", "seat": "second"})
        mesa_table = out[0].table_id
        played = await asyncio.wait_for(svc.play_mesa(mesa_table), 30)  # not behind the held review part
        assert played and not making.done()
        fake.release()
        assert (await asyncio.wait_for(making, 30)).made
    finally:
        fake.release()
        await repo.close()


async def test_refusals_in_both_languages(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    fake = CountingAnalyser()
    try:
        reviews = counted(svc, fake)
        live, _ = await start_table(svc, "kona")
        cases = []
        with pytest.raises(TableError) as playing:  # a game in progress
            await reviews.review(GUILD, live, ANA)
        cases.append((playing.value, "is still being played", "todavía se está jugando"))
        done = await finished_kona(svc, moves=2)
        with pytest.raises(TableError) as elsewhere:  # another server's table does not exist here
            await reviews.review(GUILD + 1, done, ANA)
        cases.append((elsewhere.value, f"There is no table #{done} in this server",
                      f"No hay ninguna mesa #{done} en este servidor"))
        with pytest.raises(TableError) as unknown:
            await reviews.review(GUILD, 9999, ANA)
        cases.append((unknown.value, "There is no table #9999 in this server",
                      "No hay ninguna mesa #9999 en este servidor"))
        with pytest.raises(TableError) as huge:  # a typed number past storage's integers: refused the same way
            await reviews.review(GUILD, 2**70, ANA)
        assert huge.value.key == "error.no_table"
        invited = (await svc.create(GUILD, 70, ANA, "Ana", "kona", [USERS[1]], {}))[0].table_id
        await svc.abort(invited, ANA)
        with pytest.raises(TableError) as cancelled:
            await reviews.review(GUILD, invited, ANA)
        cases.append((cancelled.value, "was cancelled before it ended", "se canceló antes de terminar"))
        for refusal, english, spanish in cases:
            assert english in refusal.message("en") and spanish in refusal.message("es")
        assert fake.decided == 0 and fake.parts == 0  # nothing was made for any of them
        assert (await reviews.review(GUILD, done, ANA)).made  # a refused request held no one's place
    finally:
        await repo.close()


async def test_the_words_in_both_languages(db: DbFactory) -> None:
    """Move 3 (Ana's) falls 0.5 → 0.05: a blunder, the largest swing; move 4 (Ben's) 0.95 → 0.25: a mistake
    (0.25 below Mesa's choice)."""
    repo, svc = await open_service(db())
    fake = CountingAnalyser(falls={2: 0.05, 3: 0.25})
    try:
        reviews = counted(svc, fake)
        tid = await finished_kona(svc, moves=6)
        review = await reviews.review(GUILD, tid, ANA)
        moves = [m.move for m in await repo.get_moves(tid)]
        english, spanish = review.text("en"), review.text("es")
        assert english.startswith(f"Review of Kona #{tid}: Ana and Ben")
        assert spanish.startswith(f"Revisión de Kona #{tid}: Ana y Ben")
        lines = english.splitlines()
        assert lines[1] == f"The game ended after move {len(moves)}: Ben resigned."  # the graph stops before it
        assert spanish.splitlines()[1] == f"La partida terminó tras la jugada {len(moves)}: Ben abandonó."
        assert lines[2] == "Turning points (the largest swings, numbered as in the picture):"
        # KO-4.1: a move told by the squares it leaves and lands on (``KonaEngine.move_words``)
        assert lines[3].startswith(f"1. Move 3: Ana moved from {moves[2][:2]} ")
        assert lines[4].startswith(f"2. Move 4: Ben moved from {moves[3][:2]} ")
        assert "(win chance 50 % → 5 %)" in lines[3] and "(win chance 95 % → 25 %)" in lines[4]
        assert "Mesa would have chosen the same." in lines[3]  # the stand-in's best is the move played
        assert "• Ana: 1 blunder (move 3)." in english and "• Ben: 1 mistake (move 4)." in english
        assert "• Ana: 1 error grave (jugada 3)." in spanish and "• Ben: 1 error (jugada 4)." in spanish
        assert f"Jugada 3: Ana movió de {moves[2][:2]} " in spanish and "probabilidad de ganar 50 % → 5 %" in spanish
        assert "Momentos decisivos" in spanish and "Turning" not in spanish
    finally:
        await repo.close()


async def test_a_best_move_other_than_the_one_played_is_told_with_why() -> None:
    """The words tell Mesa's choice in public form with its why (built from a hand-made analysis)."""
    review = Review(5, "kona", "Kona", ("Ana", "Ben"), {
        "decisions": [{"index": 0, "ply": 1, "seat": 0, "played": "a6-a5", "best": "b6-b4", "before": [0.5, 0.5],
                       "after": [0.1, 0.9], "best_after": [0.7, 0.3], "points_played": 10.0, "points_best": 13.5}],
        "swings": [0], "mistakes": {"0": [], "1": []}, "blunders": {"0": [0], "1": []},
        "points_lost": {"0": 3.5, "1": 0.0}},
        {"0": {"played": {"$told": [{"$deed": "Ana", "words": {"$phrase": "move.any.notation",
                                                                "params": {"move": "a6-a5"}}}]},
               "why": {"$phrase": "review.why.wins", "params": {}}}},
        b"")
    english = review_text(review, "en")
    assert ("1. Move 1: Ana played a6-a5 (win chance 50 % → 10 %), giving up 3.5 expected points. "
            "Mesa's choice instead: b6-b4 (70 %): it wins the game at once.") in english
    assert "• Ana: 1 blunder (move 1); 3.5 expected points lost to the best decisions." in english
    assert "• Ben: 0.0 expected points lost to the best decisions." in english
    spanish = review_text(review, "es")
    assert "La elección de Mesa: b6-b4 (70 %): gana la partida en el acto." in spanish
    assert ", cediendo 3,5 puntos esperados" in spanish  # Spanish writes a decimal comma
    assert "• Ben: 0,0 puntos esperados perdidos frente a las mejores decisiones." in spanish


def test_a_game_no_move_turned_says_so_and_how_it_went_over_the_game() -> None:
    """Where no decision moved a chance by the floor (10 points), there are no turning points to tell; the words
    say so and give each line from its first point to its last (the first decision's before, the last one's
    chance after), so "where did I lose it?" still has an answer: little by little."""
    steps = [(0.58, 0.50), (0.50, 0.41), (0.41, 0.33), (0.33, 0.27), (0.27, 0.20)]  # Ana's chance, each move
    decisions = [{"index": k, "ply": k + 1, "seat": k % 2, "played": "a6-a5", "best": "a6-a5",
                  "before": [before, 1 - before], "after": [after, 1 - after], "best_after": [after, 1 - after]}
                 for k, (before, after) in enumerate(steps)]
    assert all(abs(after - before) < 0.10 for before, after in steps)  # none reaches the floor
    review = Review(5, "kona", "Kona", ("Ana", "Ben"), {
        "decisions": decisions, "swings": [], "mistakes": {"0": [], "1": []}, "blunders": {"0": [], "1": []}},
        {}, b"")
    english = review_text(review, "en")
    assert ("No move changed a chance to win by 10 points or more, so there is no turning point to tell. Over the "
            "moves played: Ana from 58 % to 20 % and Ben from 42 % to 80 %.") in english, english
    assert "Turning points" not in english
    spanish = review_text(review, "es")
    assert "ningún momento decisivo que contar" in spanish and "Ana del 58 % al 20 % y Ben del 42 % al 80 %" \
        in spanish, spanish
    turned = Review(5, "kona", "Kona", ("Ana", "Ben"), {**review.analysis, "swings": [0]}, {}, b"")
    assert "no turning point" not in review_text(turned, "en")  # with a turning point, that is what is told


async def test_a_swing_the_move_played_did_not_make_is_said_so() -> None:
    """A turning point whose move reads as well as Mesa's choice is not told as if the choice were better."""
    decision = {"index": 0, "ply": 1, "seat": 0, "played": "a6-a5", "best": "b6-b4", "before": [0.7, 0.3],
                "after": [0.32, 0.68], "best_after": [0.29, 0.71]}
    review = Review(5, "kona", "Kona", ("Ana", "Ben"), {
        "decisions": [decision], "swings": [0], "mistakes": {"0": [], "1": []}, "blunders": {"0": [], "1": []},
        "points_lost": {}}, {}, b"")
    english = review_text(review, "en")
    assert ("1. Move 1: Ana played a6-a5 (win chance 70 % → 32 %). Mesa's choice, b6-b4 (29 %), reads no better: "
            "the swing is Mesa's reading the position deeper, not this move.") in english
    assert "Mesa's choice instead" not in english
    assert "La elección de Mesa, b6-b4 (29 %), no es mejor" in review_text(review, "es")
    # a game of points: a choice worth more points is told by them, even where the chance reads alike
    points = dict(decision, points_played=4.0, points_best=6.5, best_after=[0.32, 0.68])
    review = Review(5, "krakatoa", "Krakatoa", ("Ana", "Ben"), {**review.analysis, "decisions": [points]}, {}, b"")
    assert ("(win chance 70 % → 32 %), giving up 2.5 expected points. Mesa's choice instead: b6-b4 (32 %): "
            "it is expected to score 2.5 points more.") in review_text(review, "en")
    assert "se espera que sume 2,5 puntos más." in review_text(review, "es")
    # Kona: a move after which the search proves a loss (its chance 0) is said to let the other force a win
    lost = dict(decision, after=[0.0, 1.0], best_after=[0.7, 0.3], proves=True)
    review = Review(5, "kona", "Kona", ("Ana", "Ben"), {**review.analysis, "decisions": [lost], "points_lost": {}},
                    {}, b"")
    assert ("Mesa's choice instead: b6-b4 (70 %): after a6-a5, Ben can force a win (Mesa's search proves it); "
            "not after this one.") in review_text(review, "en")
    assert "tras a6-a5, Ben puede forzar la victoria" in review_text(review, "es")
    # where the analysis does not say its 0 is a proof (an estimate, e.g. sampled hidden faces), no "force"
    guessed = Review(5, "kona", "Kona", ("Ana", "Ben"), {**review.analysis, "decisions": [dict(lost, proves=False)]},
                     {}, b"")
    assert "can force a win" not in review_text(guessed, "en")


async def test_krakatoa_costliest_decisions_are_told_with_the_points_and_mesas_choice() -> None:
    """Krakatoa's dice make its swings: the decisions that gave up the most points are told in a list of their
    own (not again when one is a turning point already), in both languages; a review kept before the list
    existed has none."""
    def decision(index: int, given: float) -> dict[str, Any]:
        return {"index": index, "ply": index + 1, "seat": index % 2, "played": "aim a1 hard", "best": "aim a1 soft",
                "before": [0.5, 0.5], "after": [0.5, 0.5], "best_after": [0.51, 0.49], "points_played": 10.0,
                "points_best": 10.0 + given}
    decisions = [decision(0, 0.1), decision(3, 2.7), decision(6, 1.8), decision(9, 0.9)]
    analysis = {"decisions": decisions, "swings": [2], "mistakes": {"0": [], "1": []},
                "blunders": {"0": [], "1": []}, "points_lost": {"0": 2.8, "1": 2.7}, "costly": [1, 2, 3]}
    review = Review(5, "krakatoa", "Krakatoa", ("Ana", "Ben"), analysis, {}, b"")
    english = review_text(review, "en").splitlines()
    header = english.index("The costliest decisions (expected points given up to Mesa's choice):")
    assert english[header - 1].startswith("1. Move 7: Ana played aim a1 hard")  # the turning point, told once
    assert english[header + 1:header + 3] == [
        "• Move 4: Ben played aim a1 hard, giving up 2.7 expected points. Mesa's choice: aim a1 soft.",
        "• Move 10: Ben played aim a1 hard, giving up 0.9 expected points. Mesa's choice: aim a1 soft."]
    assert sum("Move 7:" in line for line in english) == 1
    spanish = review_text(review, "es")
    assert "Las decisiones más caras (puntos esperados cedidos frente a la elección de Mesa):" in spanish
    assert ("• Jugada 4: Ben jugó aim a1 hard, cediendo 2,7 puntos esperados. La elección de Mesa: "
            "aim a1 soft.") in spanish
    assert shown_decisions(analysis) == [6, 3, 9]  # the words of each are worked out when the review is made
    older = Review(5, "krakatoa", "Krakatoa", ("Ana", "Ben"), {k: v for k, v in analysis.items() if k != "costly"},
                   {}, b"")
    assert "costliest" not in review_text(older, "en")


def test_a_turning_point_the_dice_made_is_told_as_the_dice_in_game_order() -> None:
    """Krakatoa: a swing that fell between two decisions is told as the dice's, with the moves from the
    decision before them as the boards told them (the aim, then the points the roll gave, KR-2.4, or the
    scratch, KR-3.7) and the win chance of the seat they moved, numbered with the decisions' turning points
    in game order, in both languages; the words are worked out once, when the review is made."""
    from test_review_analysis import KRAKATOA, random_game, reviewed
    from test_tables_hints_why import table

    from engines.base import replay
    from tables.reviews import told_facts

    start, moves = random_game("krakatoa", 2, 3, 5000)
    analysis = reviewed("krakatoa", start, moves, iterations=1)
    dice, decisions = analysis["dice"], analysis["decisions"]
    first, last = dice[analysis["dice_swings"][0]], dice[analysis["dice_swings"][-1]]
    between = next(k for k, d in enumerate(decisions) if first["index"] < d["index"] < last["index"])
    analysis = {**analysis, "swings": [between], "dice_swings": [dice.index(first), dice.index(last)]}
    names = ("Ana", "Ben")
    made = Review(1, "krakatoa", "Krakatoa", names, analysis, told_facts(table("krakatoa"), start, moves, analysis),
                  b"")
    english = made.text("en").splitlines()
    steps = list(replay(KRAKATOA, start, moves))
    for number, stretch in ((1, first), (3, last)):
        line = next(line for line in english if line.startswith(f"{number}. Move {stretch['ply']}, the dice: "))
        aim = steps[stretch["from"]]
        assert line.split(": ", 1)[1].startswith(names[KRAKATOA.move_seat(aim.before, aim.move)] + " ")
        roll = steps[stretch["index"]]
        code, facts = KRAKATOA.move_words(roll.before, roll.move)
        n = facts.get("points_count")
        assert (f"({n} point{'' if n == 1 else 's'})" if code == "roll" else "(a scratch)") in line, line
        seat = stretch["seat"]
        before, after = round(100 * stretch["before"][seat]), round(100 * stretch["seen"][seat])
        assert line.endswith(f": win chance for {names[seat]} {before} % → {after} %.")
    assert any(line.startswith(f"2. Move {decisions[between]['ply']}: ") for line in english)
    spanish = made.text("es")
    assert f"1. Jugada {first['ply']}, los dados: " in spanish and "probabilidad de ganar de" in spanish
    # a review kept before the dice were told: its decisions' turning points only
    older = Review(1, "krakatoa", "Krakatoa", names, {k: v for k, v in analysis.items() if k != "dice_swings"},
                   made.told, b"")
    assert "the dice" not in older.text("en") and "1. Move " in older.text("en")
    # the legend says what a game of points counts; a mistake's words only where a mistake was made (none here)
    assert not any(analysis["mistakes"].values()) and not any(analysis["blunders"].values())
    assert english[-1].startswith("Expected points lost: what each decision gave up against Mesa's choice")
    assert "A mistake:" not in made.text("en") and "Puntos esperados perdidos:" in spanish
    judged = Review(1, "krakatoa", "Krakatoa", names, {**analysis, "mistakes": {"0": [between], "1": []}},
                    made.told, b"")
    assert judged.text("en").splitlines()[-1].startswith("A mistake: a move whose win chance")


def test_partners_are_named_as_their_team() -> None:
    """KR-6.2: partners share one side and one chance; the words name the team as the picture's legend does
    ("Ana and Cy against Ben and Dan", "win chance for Ana and Cy"), in both languages."""
    from test_review_analysis import random_game, reviewed
    from test_tables_hints_why import table

    from tables.reviews import told_facts

    names = ("Ana", "Ben", "Cy", "Dan")
    start, moves = random_game("krakatoa", 4, 3, 5000, {"teams": True})
    analysis = reviewed("krakatoa", start, moves, iterations=1)
    assert analysis["sides"] == [[0, 2], [1, 3]] and analysis["dice_swings"]
    made = Review(1, "krakatoa", "Krakatoa", names, analysis, told_facts(table("krakatoa", names), start, moves,
                                                                          analysis), b"")
    english, spanish = made.text("en").splitlines(), made.text("es").splitlines()
    assert english[0] == "Review of Krakatoa #1: Ana and Cy against Ben and Dan"
    assert spanish[0] == "Revisión de Krakatoa #1: Ana y Cy contra Ben y Dan"
    dice = [line for line in english if ", the dice: " in line]
    assert dice and all(line.split("win chance for ")[1].split(" ")[:3] in (["Ana", "and", "Cy"], ["Ben", "and", "Dan"])
                        for line in dice)


async def test_a_swing_its_mover_could_not_see_is_told_as_the_next_player_read_it() -> None:
    """The graph's point after a move that let the opponent win at once is the winner's reading (``ai.review``'s
    ``seen``): where it is far from the mover's own, the words give both, in both languages."""
    decision = {"index": 0, "ply": 21, "seat": 0, "played": "+b?@d2:2", "best": "d2:2-c3:1-b4",
                "before": [0.46, 0.54], "after": [0.46, 0.54], "best_after": [0.46, 0.54], "seen": [0.0, 1.0]}
    analysis = {"decisions": [decision], "swings": [0], "mistakes": {"0": [], "1": []},
                "blunders": {"0": [], "1": []}, "points_lost": {}}
    review = Review(5, "plateau", "Plateau", ("Ana", "Ben"), analysis, {}, b"")
    english = review_text(review, "en")
    assert ("(win chance 46 % → 0 %). Mesa's choice, d2:2-c3:1-b4 (46 %), reads no better from what Ana could see "
            "then (the move read 46 %); the next player won at once.") in english
    assert "reading the position deeper" not in english
    assert "no es mejor con lo que Ana podía ver entonces (la jugada daba 46 %)" in review_text(review, "es")
    # a mistake the winner's reply makes larger: Mesa's choice and why, then the mover's own reading
    worse = dict(decision, after=[0.3, 0.7], best_after=[0.6, 0.4], before=[0.6, 0.4])
    review = Review(5, "plateau", "Plateau", ("Ana", "Ben"), {**analysis, "decisions": [worse]}, {}, b"")
    english = review_text(review, "en")
    assert "(win chance 60 % → 0 %)" in english and "Mesa's choice instead: d2:2-c3:1-b4 (60 %)" in english
    assert english.count("As Ana could see it then, the move read 30 %") == 1
    assert "Con lo que Ana podía ver entonces, la jugada daba 30 %" in review_text(review, "es")
    # a threat nothing answered: the graph rises to the mover's win, and the words say so and whom it left without an
    # answer, with the readings (Mesa's choice read better from what the mover could see, but the move won by force)
    threat = dict(decision, after=[0.62, 0.38], best_after=[0.7, 0.3], before=[0.7, 0.3], seen=[1.0, 0.0],
                  cannot_stop=1)
    review = Review(5, "plateau", "Plateau", ("Ana", "Ben"), {**analysis, "decisions": [threat]}, {}, b"")
    english = review_text(review, "en")
    assert ("(win chance 70 % → 100 %). It wins by force: after it, Ben could not stop Ana from winning on the next "
            "move. From what Ana could see then, it read 62 %, and Mesa's choice, d2:2-c3:1-b4, 70 %.") in english
    assert "won at once" not in english and "instead" not in english
    assert ("Gana por la fuerza: tras ella, Ben no podía impedir que Ana ganara en la siguiente jugada. Con lo que Ana "
            "podía ver entonces, daba 62 %, y la elección de Mesa, d2:2-c3:1-b4, 70 %.") in review_text(review, "es")
    same = dict(threat, best="+b?@d2:2", best_after=[0.62, 0.38], before=[0.62, 0.38])  # Mesa's choice, too
    review = Review(5, "plateau", "Plateau", ("Ana", "Ben"), {**analysis, "decisions": [same]}, {}, b"")
    assert ("Mesa would have chosen the same. As Ana could see it then, the move read 62 %; after it, Ben could not "
            "stop Ana from winning on the next move.") in review_text(review, "en")
    assert "tras ella, Ben no podía impedir que Ana ganara en la siguiente jugada." in review_text(review, "es")
    # close to the mover's own reading: nothing more is said
    near = dict(decision, seen=[0.4, 0.6])
    review = Review(5, "plateau", "Plateau", ("Ana", "Ben"), {**analysis, "decisions": [near]}, {}, b"")
    english = review_text(review, "en")
    assert "As Ana could see" not in english and "reads no better from what" not in english
    assert "reads no better: the swing is Mesa's reading the position deeper" in english


def test_the_why_of_a_turning_point_is_computed_from_the_game() -> None:
    """The words of a turning point say what the move played allowed, with the reply (KO-6.2), in both
    languages; a Plateau capture is said with the prisoners (PL-6); the analysis is hand-made, the why is
    the engine's."""
    from test_tables_hints_why import KONA_ONE_DEFENCE, table

    from engines import get_engine
    from tables.reviews import told_facts

    engine = get_engine("kona")
    start = engine.from_position(KONA_ONE_DEFENCE)
    ctx = table("kona")
    analysis = {"decisions": [{"index": 0, "ply": 11, "seat": 0, "played": "f1-f2", "best": "b3-b6",
                               "played_move": "f1-f2", "best_move": "b3-b6", "before": [0.6, 0.4],
                               "after": [0.0, 1.0], "best_after": [0.6, 0.4]}],
                "swings": [0], "mistakes": {"0": [], "1": []}, "blunders": {"0": [0], "1": []}, "points_lost": {}}
    told = told_facts(ctx, start, ["f1-f2"], analysis)
    made = Review(1, "kona", "Kona", ("Ana", "Ben"), analysis, told, b"")
    # KO-4.5: f1's capybara climbs onto f2's stack of two; b3's onto b6's poodle, leaving a poodle on top at b3
    assert ("1. Move 11: Ana moved from f1 onto the capybara on f2, making a stack of 3 (win chance 60 % → 0 %). "
            "Mesa's choice instead: moved from b3 onto the poodle on b6, making a stack of 2 and uncovering a poodle "
            "on b3 (60 %): the move played lets Ben win at once (Ben moved from d5 to c6); this move does not."
            in made.text("en"))
    assert ("La elección de Mesa: movió de b3 sobre el caniche de b6, formó una pila de 2 y destapó un caniche en b3 "
            "(60 %): la jugada hecha deja ganar a Ben en el acto (Ben movió de d5 a c6); esta jugada no.") \
        in made.text("es")
    # Plateau: a capture told by the prisoners it takes (a seeded random game's first capture)
    plateau = get_engine("plateau")
    rng = random.Random(4)
    for game in range(40):
        state = plateau.new_game(2, game)
        moves: list[str] = []
        found = None
        while plateau.outcome(state) is None and len(moves) < 150:
            seat = plateau.to_move(state)
            legal = plateau.legal_moves(state)
            takes = [m for m in legal if sum(plateau.apply(state, m).prisoners[seat]) > sum(state.prisoners[seat])
                     and plateau.outcome(plateau.apply(state, m)) is None]
            if takes and len(legal) > len(takes):
                quiet = next(m for m in legal if m not in takes)
                found = (state, seat, takes[0], quiet)
                break
            move = rng.choice(legal)
            moves.append(plateau.format_move(state, move))
            state = plateau.apply(state, move)
        if found:
            break
    assert found is not None
    state, seat, take, quiet = found
    start = plateau.new_game(2, game)
    text_take, text_quiet = plateau.format_move(state, take), plateau.format_move(state, quiet)
    names = ("Ana", "Ben")
    analysis = {"decisions": [{"index": len(moves), "ply": len(moves) + 1, "seat": seat, "played": text_quiet,
                               "best": text_take, "played_move": text_quiet, "best_move": text_take,
                               "before": [0.5, 0.5], "after": [0.4, 0.4], "best_after": [0.6, 0.6]}],
                "swings": [0], "mistakes": {"0": [], "1": []}, "blunders": {"0": [], "1": []}, "points_lost": {}}
    told = told_facts(table("plateau"), start, [*moves, text_quiet], analysis)
    words = Review(1, "plateau", "Plateau", names, analysis, told, b"").text("en")
    before = sum(state.prisoners[seat])
    assert f"it takes {names[seat]}'s prisoners from {before} to " in words, words
    # both moves in words, as the boards tell them, not in notation; Mesa's choice says what it captures
    choice = words.split("Mesa's choice instead: ")[1]
    assert ", capturing " in choice.split(" (")[0] and text_take not in words and text_quiet not in words, words


def test_kept_words_list_the_prisoners_of_an_exchange() -> None:
    """A tender's words (PL-7.1: "offered 1 Red and 2 Mutes") are kept as JSON with the review and said
    again in either language."""
    plateau = get_engine("plateau")
    position = "3,WXx/4/4/BXx,3 B turn ox.rx.bx.rr.bb.2xx rb.ox.rx.bx.rr.2bb.xx rr.2xx rb.rr.bb.xx 10"
    state = plateau.from_position(position)
    told = Told((deed(plateau, state, plateau.parse_move(state, "tender:rr.2xx"), "Ana", ["Ana", "Ben"]),))
    kept = _decode(json.loads(json.dumps(_encode(told))))
    assert said(kept) == said(told) == "Ana offered 1 Red and 2 Mutes (worth 7) in exchange"
    assert said(kept, "es") == "Ana ofreció 1 Roja y 2 Mudas (valor 7) a cambio"
    points = Phrase("review.points_given", {"points": Tenths(2.7)})  # numbers said in the reader's language
    again = _decode(json.loads(json.dumps(_encode(points))))
    assert (said(again), said(again, "es")) == (", giving up 2.7 expected points", ", cediendo 2,7 puntos esperados")


async def test_kept_reviews_are_bounded_and_made_again_on_demand(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db(), clock)
    fake = CountingAnalyser()
    try:
        tables = [await finished_kona(svc, moves=1, seed=s) for s in range(3)]
        reviews = counted(svc, fake, ReviewBound(max_size=10**9, max_age=86400))
        for tid in tables:
            await reviews.review(GUILD, tid, ANA)
        row = await repo.get_table(tables[0])
        assert row is not None and await kept_reviews.stored_review(repo, tables[0], row.version) is not None
        clock.advance(days=2)  # past the age bound: all go, and a request makes it again
        decided = fake.decided
        assert (await reviews.review(GUILD, tables[0], BEN)).made and fake.decided == decided + 1
        other = await repo.get_table(tables[1])
        assert other is not None and await kept_reviews.stored_review(repo, tables[1], other.version) is None
        sized = counted(svc, fake, ReviewBound(max_size=1, max_age=86400))
        assert await sized.evict() == 1  # room for none: the one left goes
        assert await kept_reviews.stored_review(repo, tables[0], row.version) is None
    finally:
        await repo.close()


def test_the_bound_reads_the_environment() -> None:
    assert ReviewBound.from_env({"REVIEW_CACHE_MB": "2", "REVIEW_CACHE_DAYS": "1"}) == ReviewBound(2 * 1024 * 1024,
                                                                                                  86400)
    assert ReviewBound.from_env({"REVIEW_CACHE_MB": "lots"}) == ReviewBound()
    assert ReviewBound.from_env({}) == ReviewBound()


def test_the_catalogues_say_the_progress() -> None:
    assert t("review.progress", "en", game="Kona", table=3, percent=40) == "Reviewing Kona #3… 40 %"
    assert t("review.progress", "es", game="Kona", table=3, percent=40) == "Revisando Kona #3… 40 %"


# ==================================================================== end to end: the real analysis, tiny budgets
def real(svc: TableService) -> Reviews:
    """The service's reviews with the real analysis (``ai.review``, ``render.review``), a tiny budget, parts in
    a thread."""
    svc.reviews = Reviews(svc.store, ReviewLane(processes=False), budget=lambda game, count: Budget(iterations=20))
    return svc.reviews


async def played_and_ended(svc: TableService, game: str, seed: int, actions: int = 14) -> int:
    """A two-player table of ``game`` after a few random actions, ended by Ben's resignation if still on."""
    tid, _ = await start_table(svc, game)
    rng = random.Random(seed)
    for _ in range(actions):
        if await step(svc, tid, rng) is None:
            break
    if (await svc.repo.get_table(tid)).status != "finished":  # type: ignore[union-attr]
        await svc.resign(tid, BEN)
    return tid


@pytest.mark.parametrize("game", ["kona", "plateau", "k3", "krakatoa"])
async def test_a_short_finished_game_of_each_kind_is_reviewed(tmp_path: Any, game: str) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        reviews = real(svc)
        tid = await played_and_ended(svc, game, seed=5)
        made = await reviews.review(GUILD, tid, ANA)
        log = await repo.get_moves(tid)
        decisions = made.analysis["decisions"]
        assert made.made and decisions and made.picture[:8] == b"\x89PNG\r\n\x1a\n"
        for d in decisions:  # each a player's own move of the log, its chances in 0..1 for both seats
            assert log[d["index"]].seat == d["seat"] >= 0 and d["ply"] == d["index"] + 1
            assert all(0 <= p <= 1 for key in ("before", "after", "best_after") for p in d[key])
            assert len(d["after"]) == 2
        english, spanish = made.text("en"), made.text("es")
        assert english.startswith(f"Review of {made.title} #{tid}: Ana and Ben")
        assert spanish.startswith(f"Revisión de {made.title} #{tid}: Ana y Ben")
        assert "• Ana: " in english and "• Ben: " in english and "• Ana: " in spanish
        if game == "krakatoa":  # the points given up to the best decisions (KR: the turn table's expectations)
            assert "expected points lost to the best decisions" in english
            assert "puntos esperados perdidos frente a las mejores decisiones" in spanish
        else:
            assert "expected points" not in english
        if game == "plateau":  # hidden faces stay hidden in the words: moves in public form only
            faces = {m.move for m in log if m.move.startswith("+")}
            assert faces and not any(f in english for f in faces)
        again = await reviews.review(GUILD, tid, CY)
        assert not again.made and again.text("en") == english and again.picture == made.picture
    finally:
        await repo.close()


def plateau_twins(seed: int) -> tuple[list[str], list[str]] | None:
    """Two Plateau move logs that differ only in the hidden faces of Ben's first opening (the same public
    moves throughout), or None when this seed's game gives none."""
    from engines import get_engine

    engine = get_engine("plateau")
    rng = random.Random(seed)
    state, log = engine.new_game(2, 1, {}), []
    for _ in range(16):
        if engine.outcome(state) is not None:
            break
        move = engine.random_move(state, rng)
        log.append(engine.format_move(state, move))
        state = engine.apply(state, move)
    first = engine.play(engine.new_game(2, 1, {}), log[0])
    shown = engine.public_move(first, engine.parse_move(first, log[1]))
    for other in engine.legal_moves(first):
        text = engine.format_move(first, other)
        if text == log[1] or engine.public_move(first, other) != shown:
            continue
        twin, state = [log[0], text], engine.apply(first, other)
        try:
            for later in log[2:]:
                move = engine.parse_move(state, later)
                twin.append(engine.format_move(state, move))
                state = engine.apply(state, move)
        except Exception:
            continue
        return log, twin
    return None


async def test_twin_games_that_differ_only_in_hidden_faces_get_the_same_review_of_the_other_player(
        tmp_path: Any) -> None:
    """Ana could never see the faces Ben hid: her decisions' figures and words are the same in both games."""
    twins = next(found for seed in range(40) if (found := plateau_twins(seed)) is not None)
    said: list[Review] = []
    for number, log in enumerate(twins):
        repo, svc = await open_service(str(tmp_path / f"twin{number}.db"))
        try:
            tid, _ = await start_table(svc, "plateau")
            for ply, text in enumerate(log):
                await svc.submit_move(tid, ANA if ply % 2 == 0 else BEN, text)
            if (await repo.get_table(tid)).status != "finished":  # type: ignore[union-attr]
                await svc.resign(tid, ANA)
            said.append(await real(svc).review(GUILD, tid, CY))
        finally:
            await repo.close()
    first, second = said
    # her figures; ``seen``, the graph's point after her move, may be Ben's reading before his winning move
    # (from his own view: his faces, which every ending shows, PL-8.6), so her words are compared as her own
    # figures tell them
    hers = [[{k: v for k, v in d.items() if k != "seen"} for d in r.analysis["decisions"] if d["seat"] == 0]
            for r in said]
    assert hers[0] and hers[0] == hers[1]
    said = [dataclasses.replace(r, analysis={**r.analysis, "decisions": [
        {k: v for k, v in d.items() if k != "seen"} for d in r.analysis["decisions"]]}) for r in said]
    assert [d["played"] for d in first.analysis["decisions"]] == [d["played"] for d in second.analysis["decisions"]]
    for lang in ("en", "es"):
        # her moves' words, wherever both reviews tell them (which moves are the largest swings may differ:
        # Ben's figures rightly use his own faces), and her line of mistakes and blunders
        told = [{line.split(":", 1)[0].split(" ", 1)[1]: line.split(" ", 1)[1] for line in r.text(lang).splitlines()
                 if line[:1].isdigit() and ": Ana " in line} for r in said]
        assert all(told[0][move] == told[1][move] for move in told[0].keys() & told[1].keys())
        own = [[line for line in r.text(lang).splitlines() if line.startswith("• Ana: ")] for r in said]
        assert own[0] == own[1] and own[0]


async def test_a_game_without_decisions_says_so(tmp_path: Any) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "kona")
        await svc.resign(tid, BEN)
        made = await real(svc).review(GUILD, tid, ANA)
        assert made.text("en").splitlines()[1] == "The game ended before the first move: Ben resigned."
        assert made.text("en").endswith("There is nothing to review: the game ended before anyone made a choice "
                                        "that could be better or worse.")
        assert made.text("es").endswith("No hay nada que revisar: la partida terminó antes de que nadie tomara una "
                                        "decisión que pudiera ser mejor o peor.")
        assert made.picture == b""  # no decision, no graph (the words say so)
    finally:
        await repo.close()


async def test_the_review_lane_runs_the_real_analysis_in_a_process_of_its_own(tmp_path: Any) -> None:
    """What crosses into the worker (the first state, the log, the budget) is picklable, and the picture too."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    lane = ReviewLane(processes=True)
    try:
        svc.reviews = Reviews(svc.store, lane, budget=lambda game, count: Budget(iterations=20))
        tid = await played_and_ended(svc, "kona", seed=5, actions=6)
        made = await svc.reviews.review(GUILD, tid, ANA)
        assert made.made and made.analysis["decisions"] and made.picture[:4] == b"\x89PNG"
        in_thread = real(svc)  # the same review made in a thread is the same review (iteration budgets, seeds)
        row = await repo.get_table(tid)
        assert row is not None
        async with repo.transaction() as tx:
            await tx._c.execute("DELETE FROM reviews WHERE table_id = ?", (tid,))
        again = await in_thread.review(GUILD, tid, ANA)
        assert again.made and again.analysis == made.analysis and again.text("en") == made.text("en")
    finally:
        lane.close()
        await repo.close()


async def test_the_lane_runs_one_part_at_a_time_the_review_begun_first_first() -> None:
    lane = ReviewLane(processes=False)
    order: list[str] = []
    gate = threading.Event()

    def part(name: str) -> str:
        if name == "a1":
            assert gate.wait(30)
        order.append(name)
        return name

    try:
        first = lane.run("A", part, "a1")  # runs at once, and holds the worker
        rest = [lane.run(owner, part, name) for owner, name in (("A", "a2"), ("A", "a3"), ("B", "b1"), ("B", "b2"))]
        assert lane.waiting() == 4
        gate.set()
        assert await asyncio.wait_for(asyncio.gather(first, *rest), 30) == ["a1", "a2", "a3", "b1", "b2"]
        # A began first: its parts first (a review asks them one at a time, so two being made take turns: below)
        assert order == ["a1", "a2", "a3", "b1", "b2"]
    finally:
        gate.set()
        lane.close()


def test_a_winning_reply_the_move_played_allowed_is_told_in_words() -> None:
    """Plateau: Mesa's choice against a move that let the opponent win at once (PL-8.1) names the reply in
    words, as the boards tell moves; the move played is not repeated in notation."""
    from test_tables_hints_why import table

    from ai.plateau import winning_moves
    from tables.reviews import told_facts

    plateau = get_engine("plateau")
    for seed in range(60):
        rng, start = random.Random(seed), plateau.new_game(2, seed)
        state, moves = start, []
        while plateau.outcome(state) is None and len(moves) < 150:
            legal = plateau.legal_moves(state)
            afters = {m: plateau.apply(state, m) for m in legal}
            safe = [m for m in legal if not afters[m].result and not winning_moves(afters[m])]
            loose = [m for m in legal if not afters[m].result and winning_moves(afters[m])
                     and all(w[0] in (2, 3) for w in winning_moves(afters[m]))]  # won by a move or a stomp (PL-5)
            if state.phase == 1 and safe and loose:
                played, best = loose[0], safe[0]
                text_played, text_best = plateau.format_move(state, played), plateau.format_move(state, best)
                decision = {"index": len(moves), "ply": len(moves) + 1, "seat": state.side, "played": text_played,
                            "best": text_best, "played_move": text_played, "best_move": text_best,
                            "before": [0.5, 0.5], "after": [0.0, 1.0][::1 - 2 * state.side],
                            "best_after": [0.5, 0.5]}
                analysis = {"decisions": [decision], "swings": [0], "mistakes": {"0": [], "1": []},
                            "blunders": {"0": [], "1": []}, "points_lost": {}}
                told = told_facts(table("plateau"), start, [*moves, text_played], analysis)
                made = Review(1, "plateau", "Plateau", ("Ana", "Ben"), analysis, told, b"")
                english, opponent = made.text("en"), ("Ana", "Ben")[1 - state.side]
                if "win at once" in english:  # the claim holds on every state dealt from the mover's view
                    assert f": the move played lets {opponent} win at once ({opponent} " in english, english
                    reply = english.split("win at once (")[1].split(")")[0]
                    assert any(verb in reply for verb in (" moved ", " stomped ", " flipped ")), reply
                    assert text_played not in english and "@" not in reply and ":" not in reply
                    assert f"la jugada hecha deja ganar a {opponent} en el acto ({opponent} " in made.text("es")
                    return
            move = rng.choice(safe or legal)
            moves.append(plateau.format_move(state, move))
            state = afters[move]
    raise AssertionError("no move that allows a winning move or stomp in these games")


def test_a_change_of_reader_is_told_in_both_languages() -> None:
    """A turning point the graph makes between two decisions, as the next mover read the position otherwise,
    says so: whose chance, as read from which seat before, and as the mover read it."""
    from test_review_analysis import PLATEAU, random_game

    from engines.base import replay

    start, moves = random_game("plateau", 2, 5, 6)
    first, second = review.decisions("plateau", start, moves)[:2]
    seats = [PLATEAU.move_seat(s.before, s.move) for s in replay(PLATEAU, start, moves)]
    replay_states = [s.before for s in replay(PLATEAU, start, moves)]
    parts = [{"index": i, "ply": i + 1, "seat": seats[i], "before": b, "after": a, "best_after": a, "played": moves[i],
              "best": moves[i]} for i, b, a in ((first, [0.5, 0.5], [0.52, 0.48]), (second, [0.2, 0.8], [0.21, 0.79]))]
    analysis = review.assemble("plateau", start, moves[: second + 1], parts)
    names = ("Ana", "Ben")
    made = Review(1, "plateau", "Plateau", names, analysis, {}, b"")
    mover, reader = names[seats[second]], names[seats[first]]
    was, now = (48, 80) if seats[second] == 1 else (52, 20)
    assert (f"The graph also moved just before this move, with no move between: {mover}'s chance read {was} % from "
            f"{reader}'s seat and {now} % from {mover}'s, who cannot see the same") in made.text("en")
    assert f"la probabilidad de {mover} era {was} % vista desde el asiento de {reader}" in made.text("es")
    # a choice reading no better, at a decision marked for the reader's change: not "Mesa's reading deeper"
    state = replay_states[second]
    other = next(m for m in PLATEAU.legal_moves(state) if PLATEAU.format_move(state, m) != moves[second])
    doubled = [dict(d) for d in analysis["decisions"]]
    worse = [0.22, 0.78] if seats[second] == 1 else [0.19, 0.81]  # the choice reads no better for the mover
    doubled[1].update(best=PLATEAU.format_move(state, other), best_after=worse)
    told = Review(1, "plateau", "Plateau", names, {**analysis, "decisions": doubled}, {}, b"").text("en")
    assert "reads no better. The graph also moved just before this move" in told
    assert "reading the position deeper" not in told


def test_a_move_that_moved_another_player_most_names_them_too() -> None:
    """Three or four players: a move can hand the game to someone else (K3's kingmaker); the turning point says
    that player's chance too, not only the mover's; a two-player swing (both alike) only the mover's."""
    decision = {"index": 4, "ply": 5, "seat": 1, "played": "x", "best": "x", "before": [0.7, 0.2, 0.1],
                "after": [0.0, 0.02, 0.98], "best_after": [0.0, 0.02, 0.98]}
    review = Review(5, "k3", "K3", ("Ana", "Ben", "Cy"), {
        "decisions": [decision], "swings": [0], "mistakes": {}, "blunders": {}, "points_lost": {}}, {}, b"")
    assert "(win chance 20 % → 2 %; Cy's 10 % → 98 %)" in review_text(review, "en")
    assert "(probabilidad de ganar 20 % → 2 %; la de Cy, 10 % → 98 %)" in review_text(review, "es")
    two = dict(decision, seat=0, before=[0.7, 0.3], after=[0.32, 0.68], best_after=[0.32, 0.68])
    review = Review(5, "kona", "Kona", ("Ana", "Ben"), {**review.analysis, "decisions": [two]}, {}, b"")
    assert "(win chance 70 % → 32 %)." in review_text(review, "en")


def test_a_k3_build_is_shown_by_its_pyramid_in_a_review() -> None:
    """K3-10: a build is secret while the others build ("built a pyramid"), but every pyramid is public once play
    begins: the review shows the build played and Mesa's choice by their ranks (top first, the rules' letters),
    so that the two can be told apart (an audit read "Mesa's choice instead: built a pyramid")."""
    from test_tables_hints_why import table

    from engines import CHANCE
    from tables.reviews import told_facts

    engine = get_engine("k3")
    rng = random.Random(4)
    start = engine.new_game(2, 4)
    state, moves = start, []
    while engine.to_move(state) == CHANCE:  # K3-2: the base row drawn, the pieces dealt
        chance = engine.random_move(state, rng)
        moves.append(engine.format_move(state, chance))
        state = engine.apply(state, chance)
    played = engine.random_move(state, rng)
    other = next(m for m in (engine.random_move(state, random.Random(n)) for n in range(50)) if m != played)
    seat = engine.move_seat(state, played)
    moves.append(engine.format_move(state, played))
    analysis = {"decisions": [{"index": len(moves) - 1, "ply": len(moves), "seat": seat,
                               "played": moves[-1], "best": engine.format_move(state, other),
                               "before": [0.5, 0.5], "after": [0.2, 0.8] if seat == 0 else [0.8, 0.2],
                               "best_after": [0.5, 0.5]}],
                "swings": [0], "mistakes": {"0": [], "1": []}, "blunders": {"0": [], "1": []}, "points_lost": {}}
    told = told_facts(table("k3"), start, moves, analysis)
    text = Review(1, "k3", "K3", ("Ana", "Ben"), analysis, told, b"").text("en")
    name = ("Ana", "Ben")[seat]
    assert f"{name} built the pyramid {' / '.join(played.rows)}, top rank first (win chance 50 % → 20 %)" in text
    assert f"Mesa's choice instead: built the pyramid {' / '.join(other.rows)}, top rank first (50 %)" in text
    spanish = Review(1, "k3", "K3", ("Ana", "Ben"), analysis, told, b"").text("es")
    assert f"construyó la pirámide {' / '.join(played.rows)}, de la fila de arriba a la de abajo" in spanish


async def test_a_kept_review_is_served_while_another_of_the_same_user_is_made(db: DbFactory) -> None:
    # one per user at a time is about making them: a kept review costs nothing to serve, and was refused
    repo, svc = await open_service(db())
    fake = CountingAnalyser()
    try:
        reviews = counted(svc, fake)
        kept_table = await finished_kona(svc, moves=5)
        first = await reviews.review(GUILD, kept_table, ANA)
        fake.hold = True
        fake.started.clear()  # (set by the first review's parts)
        other = await finished_kona(svc, moves=5)
        making = asyncio.ensure_future(reviews.review(GUILD, other, ANA))
        assert await asyncio.to_thread(fake.started.wait, 30)
        decided = fake.decided  # the review of #other counted among them
        again = await reviews.review(GUILD, kept_table, ANA)  # served from storage while #other is made
        assert not again.made and again.analysis == first.analysis and fake.decided == decided
        with pytest.raises(TableError) as busy:  # the one being made, asked again: still "already making"
            await reviews.review(GUILD, other, ANA)
        assert busy.value.key == "error.review_busy"
        fake.release()
        assert (await asyncio.wait_for(making, 30)).made
    finally:
        fake.release()
        await repo.close()


async def test_a_burst_of_reviews_is_made_two_at_a_time_in_the_order_asked() -> None:
    # turns between every review being made made a burst (a tournament round's end) finish all together, late;
    # the first two begun take turns (both makers see progress), the others wait their turn
    lane = ReviewLane(processes=False)
    ran: list[str] = []

    def part(name: str) -> str:
        ran.append(name)
        return name

    async def review(owner: int) -> None:
        for k in range(3):
            await lane.run(owner, part, f"{owner}.{k}")

    try:
        await asyncio.wait_for(asyncio.gather(*(review(owner) for owner in (1, 2, 3, 4))), 30)
    finally:
        lane.close()
    owners = [name.split(".")[0] for name in ran]
    assert owners == ["1", "2", "1", "2", "1", "2", "3", "4", "3", "4", "3", "4"], ran
    assert ran.index("1.2") < ran.index("3.0") and ran.index("2.2") < ran.index("4.0")


async def test_a_review_between_two_of_its_parts_keeps_its_place() -> None:
    # the lane forgot when a review began whenever nothing waited, as between a review's parts: a review asked in
    # that moment went ahead of it for all its parts
    lane = ReviewLane(processes=False)
    ran: list[str] = []

    def part(name: str) -> str:
        ran.append(name)
        return name

    try:
        assert await asyncio.wait_for(lane.run("A", part, "a1"), 30) == "a1"  # A alone, between its parts now
        later = asyncio.ensure_future(asyncio.gather(*(lane.run("B", part, f"b{k}") for k in (1, 2))))
        await asyncio.sleep(0)  # B asks first ...
        await asyncio.wait_for(asyncio.gather(lane.run("A", part, "a2"), later), 30)  # ... A's next part meanwhile
    finally:
        lane.close()
    assert ran.index("a2") < ran.index("b2"), ran  # A began first: B does not take every turn before it
