"""The pictures speak their reader's language on Discord (``render.words``): a Spanish server's boards are
drawn in Spanish from its very first command (its language is stored before the board is drawn), a
player's private view in the player's own language, and the full rules' pictures in the rules' language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from discord_standin import BOT_ID
from discord_standin.payloads import Harness, option, thread_channel, user

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
MESA_USER = user(BOT_ID, "Mesa", bot=True)
STRING, USER, BOOLEAN = 3, 6, 5


def recording(drawn: list[tuple[Any, str]]) -> Callable[..., bytes]:
    """A renderer that notes each picture's viewer and language (``None``: the public board)."""
    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        drawn.append((view["viewer"], extra.get("lang", "en")))
        return b"\x89PNG picture"

    return renderer


async def test_a_spanish_servers_boards_and_each_players_view_speak_their_language(tmp_path: Path) -> None:
    drawn: list[tuple[Any, str]] = []
    h = await Harness.open(tmp_path, renderer=recording(drawn))
    try:
        h.server_speaks("es-ES")  # a server new to Mesa: its first command is the /play
        await h.command("play", [option("game", "plateau", STRING), option("opponent", BOB["id"], USER),
                                 option("seat", "first", STRING)], ALICE, users=[BOB], locale="en-US")
        thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
        await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=thread_channel(thread), locale="es-419")
        assert drawn and all(lang == "es" for viewer, lang in drawn if viewer is None)  # the board: the server's
        drawn.clear()
        await h.command("move", [option("text", "+xx.rb@a1", STRING)], ALICE, channel=thread_channel(thread),
                        locale="en-US")
        assert (None, "es") in drawn and (0, "en") in drawn  # alice's private view in alice's English
        assert all(lang == "es" for viewer, lang in drawn if viewer is None)
    finally:
        await h.close()


async def test_a_game_against_mesa_opened_by_a_new_spanish_servers_first_command_is_drawn_in_spanish(
        tmp_path: Path) -> None:
    """The server's language is stored as the command is deferred, before its first board is drawn: a game against
    Mesa starts within the command that opens it."""
    drawn: list[tuple[Any, str]] = []
    h = await Harness.open(tmp_path, renderer=recording(drawn))
    try:
        h.server_speaks("es-ES")
        await h.command("play", [option("game", "kona", STRING), option("opponent", BOT_ID, USER),
                                 option("seat", "first", STRING)], ALICE, users=[MESA_USER], locale="en-US")
        assert drawn and {lang for viewer, lang in drawn if viewer is None} == {"es"}
    finally:
        await h.close()


async def test_the_full_rules_pictures_speak_the_rules_language(tmp_path: Path) -> None:
    """The Spanish rules attach the pictures drawn with Spanish words (``docs/rules/img/es``), the English ones the
    English pictures: the same positions, other words."""
    h = await Harness.open(tmp_path)
    try:
        files: dict[str, list[bytes]] = {}
        for locale in ("es-ES", "en-US"):
            await h.command("rules", [option("game", "krakatoa", STRING), option("full", True, BOOLEAN)], ALICE,
                            locale=locale)
            answer = [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")][-1]
            files[locale] = [data for name, data in answer.files if name.endswith(".png")]
        docs = Path(__file__).resolve().parent.parent / "docs"
        assert files["es-ES"] == [(docs / "rules" / "img" / "es" / name).read_bytes()
                                  for name in ("krakatoa-throw.png", "krakatoa.png")]
        assert files["en-US"] == [(docs / "rules" / "img" / "krakatoa-throw.png").read_bytes(),
                                  (docs / "krakatoa.png").read_bytes()]
        assert all(es != en for es, en in zip(files["es-ES"], files["en-US"], strict=True))
    finally:
        await h.close()
