"""Issue 15, defect 12: every game has a hard ply bound, and a long game's state stays flat."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from pg_server import DbFactory
from test_tables_service import open_service, play_out, start_table

from engines import game_names, get_engine
from engines.plateau import PlateauEngine
from tables import PublicPost, TableFinished, t


def test_every_game_declares_a_hard_bound() -> None:
    for name in game_names():
        bound = get_engine(name).description.max_plies_hard
        assert 0 < bound <= 10_000, name


async def test_a_game_with_its_end_rules_off_ends_as_a_draw_at_the_bound(db: DbFactory, monkeypatch: Any) -> None:
    bound = 40
    monkeypatch.setattr(PlateauEngine, "description", replace(PlateauEngine.description, max_plies_hard=bound))
    repo, svc = await open_service(db())
    try:
        tid, _ = await start_table(svc, "plateau", options={"max_plies": "0", "repetition_draw": "false"})
        out = await play_out(svc, tid, random.Random(3), limit=bound + 5)
        finished = [m for m in out if isinstance(m, TableFinished)]
        assert len(finished) == 1 and finished[0].reason == "ply_limit_hard" and finished[0].placements == (1, 1)
        assert await repo.count_moves(tid) == bound
        results = await repo.get_results(tid)
        assert [r.outcome for r in results] == ["draw", "draw"]
        said = [m for m in out if isinstance(m, PublicPost) and m.key == "outcome.any.ply_limit_hard"]
        assert len(said) == 1
        english = t(said[0].key, "en", **said[0].params)
        spanish = t(said[0].key, "es", **said[0].params)
        assert str(bound) in english and "Draw" in english and "Plateau" in english
        assert str(bound) in spanish and "Tablas" in spanish
    finally:
        await repo.close()


def test_plateau_without_repetition_keeps_a_flat_snapshot() -> None:
    engine = get_engine("plateau")
    rng = random.Random(11)
    state = engine.new_game(2, 5, {"max_plies": 0, "repetition_draw": False})
    sizes = {}
    for ply in range(1, 601):
        moves = engine.legal_moves(state)
        rng.shuffle(moves)
        # a long game: any move that does not end it (prisoners, a tall stack)
        state = next((after for m in moves if engine.outcome(after := engine.apply(state, m)) is None), state)
        if ply in (50, 600):
            sizes[ply] = len(json.dumps(engine.to_json(state)))
    assert len(sizes) == 2, "the random game ended early; pick another seed"
    assert sizes[600] < sizes[50] + 200, sizes  # was about 81 bytes more per ply
    # and the snapshot still loads and plays on
    again = engine.from_json(json.loads(json.dumps(engine.to_json(state))))
    assert engine.to_position(again) == engine.to_position(state)
