"""A private view's picture tells the last move as the board does: its caption is drawn from the state before that
move, as the board's is (drawn without it, a Plateau view dropped the capture its board told, and a K3 view after
a steal, which the My pieces of K3's play no longer gives, named the robbed player as the taker)."""

from __future__ import annotations

import random
from typing import Any

from test_tables_service import USERS, open_service, start_table, step

from tables import PrivatePost


def spy() -> tuple[list[tuple[dict[str, Any], dict[str, Any] | None]], Any]:
    """A renderer that draws nothing and keeps each view it was asked for with the view before the last move."""
    drawn: list[tuple[dict[str, Any], dict[str, Any] | None]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        drawn.append((view, extra.get("previous")))
        return b"PNG"

    return drawn, renderer


async def test_my_pieces_asked_later_is_drawn_with_the_state_before_the_last_move(db: Any) -> None:
    # /mine (the My pieces button) after Ben's move: the state before it is read from the log, so the picture's
    # caption tells that move as the board did
    drawn, renderer = spy()
    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    tid, _ = await start_table(svc, "plateau", 2)
    await svc.submit_move(tid, USERS[0][0], "+xx.rb@a1")
    await svc.submit_move(tid, USERS[1][0], "+xo.xx@d4")
    board = [(view, before) for view, before in drawn if view["viewer"] is None][-1]
    drawn.clear()
    mine = await svc.private_view(tid, USERS[0][0])
    assert isinstance(mine, PrivatePost) and mine.image == b"PNG"
    (_, before), = drawn
    assert before is not None and board[1] is not None
    assert before["viewer"] == 0 and before["to_move"] == board[1]["to_move"] == 1  # before Ben's move
    assert before.get("last_move") == board[1].get("last_move")
    await repo.close()


async def test_k3_after_its_pyramids_show_has_no_private_view_to_draw(db: Any) -> None:
    # once play begins every pyramid is public (K3-10): My pieces says the board shows it all
    import pytest

    from tables import TableError

    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "k3", 2)
    rng = random.Random(5)
    while (await svc.board(tid)).key.startswith("board") and await svc.legal_moves_for(tid, USERS[0][0]) == [] \
            and await step(svc, tid, rng) is not None:
        pass  # until the builds are done
    with pytest.raises(TableError) as refused:
        await svc.private_view(tid, USERS[0][0])
    assert refused.value.key == "error.nothing_hidden"
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
