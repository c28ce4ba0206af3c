"""Two players of one display name at one table, as the console prints their games: every post, ``--describe``'s
picture words (a picture's alt text on Discord), a private view and ``/games`` tell the two apart by their seats'
marks, the numbers on their badges ("Sam [1]", "Sam [2]"); English and Spanish alike."""

from __future__ import annotations

import re
from pathlib import Path

from console_session import open_console, said

from console import user_id_for
from console_areas.common import CHANNEL_ID, GUILD_ID

#: a name said without its seat's mark, besides the console's own label of whom a message goes to ("[dm Sam2]")
BARE_SAM = re.compile(r"\bSam\b(?! \[[12]\])")


def bare(lines: list[str]) -> list[str]:
    """The lines that say "Sam" without saying which (the console's "[dm NAME]" label left aside)."""
    return [line for line in lines if BARE_SAM.search(re.sub(r"^\[(dm|error) [^\]]*\]", "", line))]


async def play(game: str, players: list[str], db: Path, lang: str = "en") -> tuple[list[str], list[str]]:
    """A table where console users ``Sam`` and ``Sam2`` both go by "Sam" on Discord (display names are not unique),
    played out with ``/auto``, ``--describe`` on: (everything printed, what ``Sam2: /mine`` and ``/games`` printed)."""
    svc, con, out = await open_console(db, describe=True, lang=lang)
    shown = {user_id_for(p): "Sam" if p == "Sam2" else p for p in players}  # the names Discord would hand the bot
    ids = list(shown)
    made = await svc.create(GUILD_ID, CHANNEL_ID, ids[0], shown[ids[0]], game,
                            [(uid, shown[uid]) for uid in ids[1:]], {"seat": "first"})
    con.show(made)
    printed = list(out)
    by_id = dict(zip(ids, players, strict=True))
    for name in players[1:]:
        printed += await said(con, out, f"{name}: /accept")
    asked: list[str] = []
    for _ in range(400):
        board = await svc.board(made[0].table_id)
        if not board.mention:
            break
        mover = by_id[board.mention[0]]
        command = "/build" if board.key.startswith("board.build") else "/auto"
        printed += await said(con, out, f"{mover}: {command}")
        if not asked and game == "k3" and command == "/build":  # K3-3.2: Sam [1] has built, Sam [2] builds
            asked = await said(con, out, "Sam2: /mine") + await said(con, out, "Sam2: /games")
    await svc.repo.close()
    return printed, asked


async def test_a_k3_table_of_two_sams_in_the_console(tmp_path: Path) -> None:
    printed, asked = await play("k3", ["Sam", "Sam2", "Cy", "Dee"], tmp_path / "c.db")
    board_lines = [line for line in printed if line.startswith("[#1]")]
    pictures = [line for line in printed if "picture: " in line]
    assert any("Sam [1]" in line for line in board_lines) and any("Sam [2]" in line for line in board_lines)
    assert any("Sam [1]" in line and "Sam [2]" in line for line in pictures), "the board's words name both"
    assert not bare(printed), bare(printed)[:3]
    # Sam2's private view while the pyramids are built ("My pieces") and their /games
    private = [line for line in asked if line.startswith("[dm Sam2]") and "picture: " in line]
    assert private and "Sam [1]" in private[0] and "Sam [2]" in private[0]
    assert any("Sam [1]" in line and "Sam [2]" in line for line in asked if "picture: " not in line), asked
    assert not bare(asked), bare(asked)[:3]


async def test_a_krakatoa_table_of_two_sams_in_a_spanish_console(tmp_path: Path) -> None:
    printed, _ = await play("krakatoa", ["Sam", "Sam2", "Cy"], tmp_path / "c.db", "es")
    pictures = [line for line in printed if "imagen: " in line or "picture: " in line]
    assert any("Sam [1]: " in line and "Sam [2]: " in line for line in pictures), pictures[:2]
    assert any(line.startswith("[#1]") and "Sam [2]" in line for line in printed)
    assert not bare(printed), bare(printed)[:3]
