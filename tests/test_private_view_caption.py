"""A private view's picture tells the last move as the board does: its caption is drawn from the state before that
move, as the board's is.  Drawn without it, a K3 picture after a steal named the robbed player as the taker (the
renderer then takes the mover to be the player before the one to move, K3-6.2), and a Plateau view dropped the
capture its board told."""

from __future__ import annotations

import random
from typing import Any

from test_tables_service import USERS, open_service, start_table, step

from render.k3 import caption
from tables import PrivatePost


def spy() -> tuple[list[tuple[dict[str, Any], dict[str, Any] | None]], Any]:
    """A renderer that draws nothing and keeps each view it was asked for with the view before the last move."""
    drawn: list[tuple[dict[str, Any], dict[str, Any] | None]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        drawn.append((view, extra.get("previous")))
        return b"PNG"

    return drawn, renderer


async def test_a_k3_view_after_a_steal_names_the_taker(db: Any) -> None:
    drawn, renderer = spy()
    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    names = [name for _, name in USERS[:3]]
    public: tuple[dict[str, Any], dict[str, Any] | None] | None = None
    for game in range(8):  # tables played at random until a penalty's steal (K3-6.2)
        tid, _ = await start_table(svc, "k3", 3)
        rng = random.Random(5 + game)
        while public is None:
            drawn.clear()
            if await step(svc, tid, rng) is None:
                break
            boards = [(view, before) for view, before in drawn if view["viewer"] is None]
            if boards and str(boards[-1][0].get("last_move") or "").startswith("x"):
                public = boards[-1]
        if public is not None:
            break
    assert public is not None and public[1] is not None, "no steal in this game"
    taker = names[int(public[1]["to_move"])]
    assert taker in caption(public[0], names, public[1])
    for user_id, _ in USERS[:3]:
        drawn.clear()
        view = await svc.private_view(tid, user_id)
        assert isinstance(view, PrivatePost) and view.image == b"PNG"
        (mine, before), = drawn
        assert before is not None and before["viewer"] == mine["viewer"] != None  # noqa: E711  (its own view)
        said = caption(mine, names, before)
        assert said == caption(public[0], names, public[1]) and taker in said, said
    await repo.close()


async def test_a_plateau_view_sent_after_a_move_is_drawn_with_the_state_before_it(db: Any) -> None:
    drawn, renderer = spy()
    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    tid, _ = await start_table(svc, "plateau", 2)
    out = await svc.submit_move(tid, USERS[0][0], "+xx.rb@a1")
    assert any(isinstance(m, PrivatePost) for m in out)
    private = [(view, before) for view, before in drawn if view["viewer"] == 0]
    public = [(view, before) for view, before in drawn if view["viewer"] is None]
    assert private and public and public[-1][1] is not None
    assert private[-1][1] is not None and private[-1][1]["viewer"] == 0, "the mover's view before the move"
    await repo.close()
