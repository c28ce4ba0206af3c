"""A game whose end did not show every secret keeps them after it (K3-10; ``Engine.end_shows_all``).

K3's pyramids are public once the last build is accepted; a game that ends before (a resignation, a time-out
while the others build) keeps the built ones hidden, as its last board and its replay do.  Its review told
everyone "Ana built the pyramid N / RK / YYY / …" and judged the build ("1 mistake"), and ``/history table=N
notation`` wrote the pyramid in full, to anyone in the server: a finished game was taken to have shown all.
"""

from __future__ import annotations

import json
import random
from typing import Any

from test_review_service import CountingAnalyser, counted, finished_kona
from test_tables_service import GUILD, USERS, open_service

from ai import review
from console import run
from data import reviews as kept_reviews
from engines import CHANCE, get_engine, replay

ANA, BEN, CY = USERS[:3]


def test_k3_shows_every_pyramid_once_play_begins_and_plateau_at_its_end() -> None:
    engine = get_engine("k3")
    rng = random.Random(2)
    state = engine.new_game(2, 2)
    while engine.to_move(state) == CHANCE:  # K3-2: the base row drawn, the pieces dealt
        state = engine.apply(state, engine.random_move(state, rng))
    assert engine.phase(state) == "build" and not engine.end_shows_all(state)
    state = engine.apply(state, engine.random_move(state, rng))  # one pyramid built: still hidden to the other
    assert not engine.end_shows_all(state)
    state = engine.apply(state, engine.random_move(state, rng))  # the last build accepted: all public (K3-10)
    assert engine.phase(state) == "play" and engine.end_shows_all(state)
    plateau = get_engine("plateau")
    assert plateau.end_shows_all(plateau.new_game(2, 1))  # PL-8.6: every ending shows every face


def k3_moves(builds: int, seed: int) -> tuple[Any, list[str]]:
    """A K3 game for two, dealt and with ``builds`` pyramids built at random."""
    engine = get_engine("k3")
    rng = random.Random(seed)
    start = state = engine.new_game(2, seed)
    moves = []
    while engine.to_move(state) == CHANCE or builds > 0:
        builds -= engine.to_move(state) != CHANCE
        move = engine.random_move(state, rng)
        moves.append(engine.format_move(state, move))
        state = engine.apply(state, move)
    return start, moves


def test_a_build_the_end_kept_hidden_is_no_decision_to_review() -> None:
    start, moves = k3_moves(1, 5)
    assert review.decisions("k3", start, moves) == []  # the one build: its pyramid is still its builder's
    assert review.withheld(get_engine("k3"), list(replay(get_engine("k3"), start, moves))) == {len(moves) - 1}
    start, moves = k3_moves(2, 5)  # both built: play began, every pyramid public, both builds reviewed
    assert review.decisions("k3", start, moves) == [len(moves) - 2, len(moves) - 1]


async def console_session(lines: list[str]) -> list[str]:
    printed: list[str] = []
    await run(lines, ":memory:", None, False, printed.append, seed=4, mesa_iterations=10, lang="en",
              warn=printed.append)
    return printed


async def test_twin_k3_games_ended_while_building_tell_others_the_same() -> None:
    """Two games alike but for the pyramid Ana built before Ben resigned: what Cy, and Ben, read of them is the
    same; Ana still reads her own build in full."""
    told: list[list[str]] = []
    for build in ("/build random", "/build sensible"):
        printed = await console_session([
            "Ana: /play k3 @Ben", "Ben: /accept", f"Ana: {build}", "Ben: /resign", "Cy: /review 1",
            "Cy: /history table=1 notation", "Ben: /history table=1 notation", "Ana: /history table=1 notation"])
        told.append([line for line in printed if line.startswith(("[dm Cy]", "[dm Ben]"))])
        ana = next(line for line in printed if line.startswith("[dm Ana] #1 moves:"))
        assert "3.Ana:build:1:" in ana  # her own pyramid, as she built it
    first, second = told
    assert first == second
    assert "[dm Cy] There is nothing to review: the game ended before the choices made in secret were shown, and " \
           "they stay their players' secrets." in first
    assert not any("pyramid" in line and "/" in line for line in first)  # no ranks told
    assert any(line.endswith("3.Ana:build:1") for line in first if line.startswith("[dm Cy] #1 moves:"))


async def test_a_review_kept_before_secrets_were_withheld_is_made_again(tmp_path: Any) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    fake = CountingAnalyser()
    try:
        reviews = counted(svc, fake)
        tid = await finished_kona(svc)
        first = await reviews.review(GUILD, tid, ANA)
        assert first.made and first.analysis["withheld"] == 0
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        kept = await kept_reviews.stored_review(repo, tid, version)
        assert kept is not None
        stored = json.loads(kept.review)
        del stored["analysis"]["withheld"]  # as a review was kept before
        await kept_reviews.forget_review(repo, tid, version)
        await kept_reviews.store_review(repo, tid, version, json.dumps(stored), kept.picture, "2026-01-01T00:00:00")
        svc.store.forget(tid)
        again = await counted(svc, fake).review(GUILD, tid, BEN)
        assert again.made and fake.decided == 2  # made again, not served as kept
    finally:
        await repo.close()
