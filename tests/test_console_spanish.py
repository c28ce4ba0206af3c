"""``python console.py --lang es``: the pretend server and its users speak Spanish, as a Spanish Discord does.
Every post and private message (the service's words), every refusal (the service's and the console's own), the
lines the console prints itself, and the pictures are Spanish; the console's words name the commands by their
English names (their Spanish ones work too: ``test_console_spanish_names``).  A
resumed session in English speaks English again, pictures too."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from console import run
from console_areas.texts import CONSOLE_TEXTS, HINTS, LINES

#: a game of Kona with a look at the moves, a stranger's command, slips of the keyboard, a line the console cannot
#: read, the clock moving on, a resignation, and what a finished game leaves
KONA = [
    "Ana: /play kona @Ben", "Ben: /accept", "Ana: /moves", "Ana: /move a6-d3", "Ana: /moves", "Ben: /mine",
    "Cy: /moves", "Ana: /bogus", "Ana: /plya", "bad line", "Mesa: /help", "Ana: /move", "Ana: /clock +1d",
    "Ana: /clock soon", "Ana: /resign", "Ana: /games", "Ana: /history table=1", "Ana: /replay 1",
]

#: what each language's session says, and what the other's would have said in its place
SAID = {
    "en": ["Answer with /accept or /decline.", "legal moves (18)", "No moves for you now: it is Ben's turn",
           "You have no table here", "Unknown command /bogus; try /help", "did you mean /play?",
           "Write NAME: COMMAND", "is the computer's name", "Write the move after /move", "[clock] now 20",
           "Write /clock +DURATION", "Play again with /rematch 1, or read Mesa's review with /review 1.",
           "picture: ", "invites Ben", "(2 frames)"],
    # the commands by the names a Spanish Discord shows (console_areas/spanish_advice.py)
    "es": ["Responde con /aceptar o /rechazar.", "jugadas legales (18)", "Ahora no tienes jugadas: le toca a Ben",
           "No tienes ninguna mesa aquí", "No existe el comando /bogus; prueba /ayuda", "¿querías decir /jugar?",
           "Escribe NOMBRE: ORDEN", "es el nombre de la máquina", "Escribe la jugada tras /move", "[clock] ahora 20",
           # /move and /clock: the commands those lines typed, said back as typed
           "Escribe /clock +DURACIÓN", "Juega otra vez con /revancha 1, o lee la revisión de Mesa con /revision 1.",
           "imagen: ", "invita a Ben", "(2 imágenes)"],
}


async def session(lines: list[str], lang: str, out: Path | None = None, db: str = ":memory:") -> list[str]:
    """What a seeded console session printed; with ``out``, its pictures are written there."""
    printed: list[str] = []
    await run(lines, db, out, out is not None, printed.append, seed=7, mesa_iterations=10, describe=True,
              lang=lang, warn=printed.append)
    return printed


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_session_says_everything_in_the_consoles_language(lang: str) -> None:
    printed = "\n".join(await session(KONA, lang))
    other = "es" if lang == "en" else "en"
    missing = [words for words in SAID[lang] if words not in printed]
    assert missing == [], printed
    stray = [words for words in SAID[other] if words in printed]
    assert stray == [], printed


async def test_spanish_help_and_the_service_refusals_are_spanish_and_en_still_asks_for_english() -> None:
    printed = await session(["Ana: /help", "Ana: /help en", "Ana: /play plateau @Ben", "Ana: /move +rb@a1",
                             "Ana: /games en", "Ana: /help fr", "Cy: /join"], "es")
    text = "\n".join(printed)
    assert "[help] Órdenes (escríbelas como NOMBRE: ORDEN):" in printed
    assert "[help] Commands (write them as NAME: COMMAND):" in printed  # /help en: asked for
    assert "[error Ana] La mesa #1 aún no ha empezado" in text  # the service's refusal, in Spanish
    assert "invitation" not in text.split("[help] Commands")[0]
    assert "[error Ana] /help lleva en o es" in text  # the command as typed, said back in the user's words
    assert "[error Cy] No hay ninguna mesa abierta a la que unirse; abre una a la que pueda sentarse cualquiera con " \
           "/jugar k3 o /jugar krakatoa (sin @NOMBRE)" in text  # the alternatives joined in Spanish too


def pictures(folder: Path) -> dict[str, bytes]:
    """The pictures a session wrote, by name without the folder's running number (``t1-v3.png``)."""
    return {p.name.split("-", 1)[1]: p.read_bytes() for p in sorted(folder.iterdir()) if p.suffix == ".png"}


PLATEAU = ["Ana: /play plateau @Ben", "Ben: /accept", "Ben: /mine"]


async def test_the_pictures_are_drawn_in_the_consoles_language(tmp_path: Path) -> None:
    english = []
    for n in (1, 2):
        await session(PLATEAU, "en", tmp_path / f"en{n}")
        english.append(pictures(tmp_path / f"en{n}"))
    printed = await session(PLATEAU, "es", tmp_path / "es")
    spanish = pictures(tmp_path / "es")
    assert sum(" (imagen: " in line for line in printed) == len(spanish) and not any("(image: " in p for p in printed)
    assert english[0] == english[1] and len(english[0]) >= 2  # the same session draws the same pictures
    assert set(spanish) == set(english[0])
    differ = [name for name in spanish if spanish[name] != english[0][name]]
    assert sorted(differ) == sorted(spanish), differ  # the public board and Ben's own view alike


async def test_a_resumed_session_in_english_draws_english_again(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    await session(PLATEAU[:2], "es", tmp_path / "first", db)  # the server and Ana and Ben were Spanish
    resumed = await session(["Ben: /mine", "Ben: /board"], "en", tmp_path / "resumed", db)
    await session([*PLATEAU, "Ben: /board"], "en", tmp_path / "english")
    again, english = pictures(tmp_path / "resumed"), pictures(tmp_path / "english")
    assert "[dm Ben] Your view of Plateau #1" in "\n".join(resumed)
    view = next(name for name in again if "-dm-ben" in name)
    board = next(name for name in again if "-dm-" not in name)
    assert again[view] == english[view] and again[board] == english[board]


def params(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("catalog", [CONSOLE_TEXTS, HINTS, LINES], ids=["refusals", "hints", "lines"])
def test_the_consoles_words_are_complete_in_both_languages_with_the_same_params(
        catalog: dict[str, dict[str, str]]) -> None:
    assert set(catalog) == {"en", "es"}
    assert set(catalog["es"]) == set(catalog["en"]), set(catalog["es"]) ^ set(catalog["en"])
    for key, english in catalog["en"].items():
        assert catalog["es"][key].strip() and catalog["es"][key] != english, key  # said, and said in Spanish
        assert params(catalog["es"][key]) == params(english), key
