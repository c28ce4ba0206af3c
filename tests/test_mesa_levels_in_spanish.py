"""Mesa's seats are kept as "Mesa (easy)", "Mesa 2 (hard)" (``tables.mesa.mesa_name``); a Spanish reader read the
level in English in every post, list, review and picture.  ``tables.i18n.with_levels_in`` names them in the
reader's language, and the pictures drawn in Spanish get the names so too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_tables_service import FakeClock, open_service

from console import run
from tables.i18n import t, with_levels_in


def test_the_levels_are_said_in_the_readers_language_and_nothing_else_changes() -> None:
    assert with_levels_in("Mesa (easy) v Mesa 2 (hard), Mesa (normal)", "es") == \
        "Mesa (fácil) v Mesa 2 (difícil), Mesa (normal)"
    assert with_levels_in("Mesa (easy) and Mesa 3 (hard)", "en") == "Mesa (easy) and Mesa 3 (hard)"
    assert with_levels_in("Mesas (easy) · Mesa (easiest) · Mesa", "es") == "Mesas (easy) · Mesa (easiest) · Mesa"
    assert t("error.not_your_turn", "es-ES", player="Mesa 2 (hard)") == "No es tu turno: le toca a Mesa 2 (difícil)."


async def test_a_spanish_table_with_mesa_names_its_level_in_spanish_in_posts_lists_and_pictures(
        tmp_path: Path) -> None:
    out: list[str] = []
    await run(["Ana: /play kona @mesa level=easy seat=first", "Ana: /auto", "Ana: /games", "Ana: /resign",
               "Ana: /history", "Ana: /stats @mesa"], ":memory:", None, False, out.append, seed=3, mesa_iterations=10,
              lang="es")
    text = "\n".join(out)
    assert "Empieza Kona #1: Ana [C] · Mesa (fácil) [P]." in text and "Mesa (fácil) gana Kona #1" in text
    assert "#1 Kona: Ana · Mesa (fácil) — " in text  # /games, the console's own line
    assert "Ana, Mesa (fácil)" in text and "Mesa (fácil): 1 partida" in text  # /history, /stats @mesa
    assert "(easy)" not in text

    drawn: list[list[str]] = []

    def renderer(game: str, view: Any, names: list[str], **extra: Any) -> bytes:
        drawn.append(list(names))
        return b"png"

    repo, svc = await open_service(str(tmp_path / "mesa.db"), FakeClock(), renderer=renderer)
    await svc.remember_guild_locale(1, "es-ES")
    await svc.create(1, 10, 7, "Ana", "kona", [], {"bots": "1", "level": "hard", "seat": "first"})
    assert drawn and all(names == ["Ana", "Mesa (difícil)"] for names in drawn)
    await repo.close()
