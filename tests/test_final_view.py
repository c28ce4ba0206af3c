"""The final picture after any ending (issue 14): how it ended instead of "X to move", and a finished
Plateau game shows every face (PL-8.6), whether it ended by the rules, a resignation or an agreement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_tables_service import USERS, open_service, start_table

ANA, BEN = USERS[0][0], USERS[1][0]


class Recorder:
    """A renderer that keeps the views it is given (the public ones carry ``viewer`` None)."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def __call__(self, game: str, view: dict[str, Any], names: list[str]) -> bytes:
        self.views.append(view)
        return b"png"


def faces(view: dict[str, Any]) -> list[str]:
    return [f for rank in view["board"] for stack in rank for piece in stack for f in (piece["up"], piece["down"])]


async def test_plateau_resignation_reveals_every_face_and_names_the_ending(tmp_path: Path) -> None:
    pictures = Recorder()
    repo, svc = await open_service(tmp_path / "mesa.db", renderer=pictures)
    tid, _ = await start_table(svc, "plateau", 2)
    await svc.submit_move(tid, ANA, "+xx.rb@a1")
    await svc.submit_move(tid, BEN, "+xo.xx@d4")
    before = [v for v in pictures.views if v["viewer"] is None][-1]
    assert "?" in faces(before) and before["to_move"] == 0  # hidden faces while the game is on (PL-9.4)
    await svc.resign(tid, ANA)
    final = [v for v in pictures.views if v["viewer"] is None][-1]
    assert "?" not in faces(final), "every face is shown at the end"
    assert final["to_move"] is None and final["actors"] == []
    assert final["outcome"] == "Ana resigned" and final["winners"] == [1]
    assert " ? " not in (await svc.board(tid)).params["position"] and "Bxx.BRb" in (await svc.board(tid)).params[
        "position"]
    await repo.close()


async def test_agreed_draw_picture_says_so(tmp_path: Path) -> None:
    pictures = Recorder()
    repo, svc = await open_service(tmp_path / "mesa.db", renderer=pictures)
    tid, _ = await start_table(svc, "kona", 2)
    await svc.offer_draw(tid, ANA)
    await svc.offer_draw(tid, BEN)
    final = [v for v in pictures.views if v["viewer"] is None][-1]
    assert final["outcome"] == "drawn by agreement" and final["winners"] == [] and final["to_move"] is None
    await repo.close()
