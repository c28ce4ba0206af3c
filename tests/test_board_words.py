"""A board reads as the game happened (issue 28, items 13 and 14): the move's words, then what it
caused, then who is to move or that the game is over; and a board drawn again without a move of its
own says the last move as the previous one, never as news."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_tables_service import USERS, open_service, play_out, start_table

from tables import PublicPost, said, t


def boards(messages: list[Any]) -> list[PublicPost]:
    return [m for m in messages if isinstance(m, PublicPost) and m.kind == "board"]


@pytest.mark.parametrize(("game", "players", "options"), [("k3", 2, {"cooperative": "true"}), ("k3", 3, {}),
                                                          ("krakatoa", 2, {})])
async def test_the_news_comes_between_the_moves_and_whose_turn_it_is(tmp_path: Path, game: str, players: int,
                                                                   options: dict[str, str]) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    for attempt in range(8):  # a random game (its K3 builds are drawn anew) may, rarely, cause no news at all
        tid, _ = await start_table(svc, game, players, options)
        messages = await play_out(svc, tid, random.Random(3 + attempt))
        assert not [m for m in messages if isinstance(m, PublicPost) and m.key.startswith("event.")], "said twice"
        told = [b for b in boards(messages) if b.params["news"]]
        if told:
            break
    assert told, "a whole game has news"
    for board in told:
        for lang, over in (("en", "The game is over"), ("es", "La partida ha terminado")):
            lines = t(board.key, lang, **board.params).split("\n")
            news = [t(p.key, lang, **p.params) for p in board.params["news"]]
            assert lines[0].startswith(f"{board.params['game']} #{tid} · {said(board.params['moves'], lang)}")
            assert lines[1:-1] == news, lines  # after the moves, before the turn (or the end)
            if board.key.startswith("board.final"):
                assert lines[-1].startswith(over)  # the last penalty is told before the game is over
    last = boards(messages)[-1]
    assert last.key.startswith("board.final") and "\n" in t(last.key, "en", **last.params)
    await repo.close()


async def test_a_resignation_that_leaves_the_game_going_does_not_tell_the_last_move_again(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, _ = await start_table(svc, "krakatoa", 3)
    ana, ben, cy = (uid for uid, _ in USERS[:3])
    first = await svc.submit_move(tid, ana, "steam")  # the throw-off: Ana throws, then Ben
    caption = said(boards(first)[-1].params["moves"])
    assert caption.startswith("Ana threw Steam to see who starts (")
    out = await svc.resign(tid, cy)  # not Cy's turn: nothing is played for the operation
    assert out[0].key == "info.out.resign"
    board = boards(out)[-1]
    for lang, last in (("en", "Last move: "), ("es", "Última jugada: ")):
        text = t(board.key, lang, **board.params)
        assert text.split("\n")[0].endswith(f" · {last}{said(boards(first)[-1].params['moves'], lang)}"), text
    again = await svc.board(tid)  # /board: the same
    assert said(again.params["moves"]) == f"Last move: {caption}"
    moved = await svc.submit_move(tid, ben, "ash")  # a move of its own again: told as it happens
    assert said(boards(moved)[-1].params["moves"]).startswith("Ben threw Ash to see who starts (")
    await repo.close()

