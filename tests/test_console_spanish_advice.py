"""A Spanish console names its commands as a Spanish Discord shows them (``console_areas/spanish_advice.py``).

The service's advice names commands the console's way, in English ("Responde con /accept o /decline", "/learn
kona hint"); a Spanish Discord shows each reader ``/aceptar``, ``/aprender``, and the console takes those names
too, so a console started with ``--lang es`` said one name and its help and rules another.  Every command it
advises is one it reads back as the same command.
"""

from __future__ import annotations

import re

import pytest

from console import COMMANDS, run
from console_areas.spanish import (
    FLAGS,
    POSITIONAL,
    SAID_OPTIONS,
    SAID_VALUES,
    SPANISH_COMMANDS,
    SUBCOMMANDS,
    in_english,
)
from console_areas.spanish_advice import in_spanish_names

#: the console's English commands that a Spanish Discord names otherwise (``/auto`` is ``/auto`` in both)
RENAMED = sorted({english for english in SPANISH_COMMANDS.values()} - set(SPANISH_COMMANDS), key=len, reverse=True)
#: an English name of a command standing where a command is named
ENGLISH_COMMAND = re.compile(r"(?<![\w/'])/(" + "|".join(map(re.escape, RENAMED)) + r")(?![\w/-])")


def test_every_command_said_in_spanish_is_read_back_as_itself() -> None:
    for english in (c for c in COMMANDS if c not in SPANISH_COMMANDS):
        spanish = in_spanish_names(f"/{english} 2")
        assert in_english(spanish) == f"/{english} 2", spanish
        if english in RENAMED:
            assert spanish != f"/{english} 2"
    for group, words in SUBCOMMANDS.items():
        for sub in words.values():
            said = in_spanish_names(f"usa /{group} {sub} 3 para eso")
            assert said != f"usa /{group} {sub} 3 para eso"
            assert in_english(said.split("usa ")[1].split(" para")[0]) == f"/{group} {sub} 3"


@pytest.mark.parametrize("line, said", [
    ("Responde con /accept o /decline.", "Responde con /aceptar o /rechazar."),
    ("sigue con /learn kona hint, o /learn kona restart", "sigue con /aprender kona pista, o /aprender kona reiniciar"),
    ("/learn {game} answer MOVE", "/aprender {game} responder MOVE"),
    ("Acepta con /draw accept; /takeback decline", "Acepta con /tablas aceptar; /deshacer rechazar"),
    ("(/start fill=mesa level=hard: Mesa ocupa)", "(/empezar fill=mesa nivel=difícil: Mesa ocupa)"),
    ("/tournament pairings 3 round=2.", "/torneo emparejamientos 3 ronda=2."),
    ("/play kona @Ben seat=random rated=false time_per_move=3d", "/jugar kona @Ben asiento=al_azar puntuada=no "
                                                                 "tiempo_por_jugada=3d"),
    ("/tournament create kona format=swiss", "/torneo crear kona formato=suizo"),
])
def test_commands_their_words_and_options_by_their_spanish_names(line: str, said: str) -> None:
    assert in_spanish_names(line) == said
    assert in_spanish_names(said) == said  # said once: a line passed twice is the same


@pytest.mark.parametrize("line", [
    "docs/rules/kona.md", "1/2 de los puntos", "roja/azul", "No existe el comando '/movee'", "/movee", "/auto",
    "https://example.org/play", "round=2 sin orden", "a6/3",
])
def test_what_names_no_command_the_console_has_is_left_as_it_is(line: str) -> None:
    assert in_spanish_names(line) == line


def test_options_and_choices_said_in_spanish_are_the_ones_the_console_reads() -> None:
    written = {option: spanish for option, spanish in SAID_OPTIONS.items()  # not those the console takes bare
               if option not in POSITIONAL | FLAGS | {"answer"}}
    assert {"seat", "level", "rated", "round", "time_per_move", "table", "format"} <= set(written)
    for option, spanish in written.items():
        for value in SAID_VALUES.get(option, {"7": "7"}):
            said = in_spanish_names(f"/play kona @Ben {option}={value}")
            assert said.startswith(f"/jugar kona @Ben {spanish}="), said
            assert in_english(said) == f"/play kona @Ben {option}={value}", said


async def session(lines: list[str], lang: str) -> list[str]:
    printed: list[str] = []
    await run(lines, ":memory:", None, False, printed.append, seed=5, mesa_iterations=10, lang=lang,
              warn=printed.append)
    return printed


SESSION = [
    "Ana: /jugar kona @Ben", "Ben: /aceptar", "Ana: /mover zz", "Ben: /tablas", "Ana: /partidas",
    "Ben: /mover a6-d3", "Ben: /deshacer", "Ana: /mover f6-f5", "Ana: /jugar kona @Ben asiento=tercero",
    "Ana: /aprender kona", "Ana: /aprender kona responder zz", "Ana: /jugadas",
    "Dee: /torneo crear kona formato=suizo rondas=1", "Eve: /torneo apuntarse", "Dee: /torneo apuntarse",
    "Dee: /torneo empezar", "Eve: /torneo retirarse", "Ana: /abandonar 1", "Ana: /revision 1", "Ana: /movee",
    "Cy: /unirme", "Ana: /jugar k3", "Ana: /montar", "Ana: /reloj +4d",
]


async def test_a_spanish_console_names_every_command_by_its_spanish_name() -> None:
    printed = await session(SESSION, "es")
    said = [line for line in printed if not line.startswith(("[help]", "[rules]"))]
    english = [line for line in said if ENGLISH_COMMAND.search(line)]
    assert english == [], "\n".join(english)
    text = "\n".join(said)
    for advice in ("/aceptar o /rechazar", "/mover JUGADA", "/aprender kona pista", "/torneo", "/revancha 1"):
        assert advice in text, advice  # the session did give advice naming commands


async def test_an_english_console_keeps_english_names_but_answers_a_spanish_name_in_spanish() -> None:
    printed = await session(["Ana: /play kona @Ben", "Ben: /accept", "Ben: /jugar kona @Ana asiento=tercero",
                             "Ana: /aprender kona", "Ben: /partidas"], "en")
    text = "\n".join(printed)
    assert "Answer with /accept or /decline." in text  # the console's own language: its names
    assert "[error Ben] La opción asiento no puede ser tercero" in text
    assert "Responde con /mover JUGADA (/jugadas lista las jugadas, /aprender kona pista da una pista)" in text
    assert "/move JUGADA" not in text and "/learn kona pista" not in text


def test_a_command_the_user_typed_is_said_back_as_typed() -> None:
    typed = frozenset({"/move", "/resign"})
    assert in_spanish_names("No se puede jugar /resign: prueba otra vez (/move JUGADA).", typed) == \
        "No se puede jugar /resign: prueba otra vez (/move JUGADA)."
    assert in_spanish_names("usa /games", typed) == "usa /partidas"  # what they did not type: as Discord shows it


async def test_what_the_user_typed_is_never_renamed_in_a_spanish_console() -> None:
    printed = await session(["Ana: /jugar kona @Ben", "Ben: /aceptar", "Ben: /move /resign", "Ana /help: /games",
                             "Ana: /help xx"], "es")
    text = "\n".join(printed)
    assert "[error Ben] No se puede jugar /resign:" in text  # the move Ben typed, not "/abandonar"
    assert "'Ana /help' no sirve como nombre" in text
    assert "[error Ana] /help lleva en o es" in text


async def test_a_post_for_everyone_names_commands_as_discord_does_whoever_typed_english() -> None:
    # Ben answers in the console's English names; the invitation's update, advice for Cy, is a post for everyone:
    # it names the commands as a Spanish Discord lists them (only what answers Ben himself says his words back)
    printed = await session(["Ana: /play krakatoa @Ben @Cy", "Ben: /accept"], "es")
    text = "\n".join(printed)
    assert "esperando la respuesta de Cy" in text
    answers = [line for line in printed if "Responde con" in line]
    assert len(answers) == 2 and all("/aceptar o /rechazar" in line for line in answers), answers


async def test_what_a_newcomer_mistypes_is_answered_with_what_works_in_either_language() -> None:
    # /move alone gave a Kona move as the example in every game; "/tournament creat kona" was told "write
    # /tournament creat N"; the Spanish usage and build advice named English words
    english = await session(["Ana: /play krakatoa @Ben", "Ben: /accept", "Ana: /move", "Ana: /tournament creat kona",
                             "Ana: /tournament joni"], "en")
    assert "[error Ana] Write the move after /move: /moves lists the moves you may play, in this game's notation" \
        in english
    assert "[error Ana] /tournament has no creat: try /tournament create, or /tournament alone to see them all" \
        in english
    assert any(line.startswith("[error Ana] /tournament has no joni: try /tournament join,") for line in english)
    assert not any("a6-d3" in line or "creat N" in line for line in english)
    spanish = await session(["Ana: /torneo empzar", "Ana: /torneo", "Ana: /jugar k3 @Ben", "Ben: /aceptar",
                             "Ana: /jugadas"], "es")
    assert "[error Ana] /torneo no tiene empzar: prueba /torneo empezar o escribe /torneo sin más para verlos todos" \
        in spanish
    usage = next(line for line in spanish if "/torneo crear JUEGO" in line)
    for word in ("join", "leave", "standings", "withdraw", "swiss", "round-robin", "format="):
        assert word not in usage, usage
    assert any("/montar [aleatoria|sensata]" in line for line in spanish), spanish
    assert not any("random|sensible" in line for line in spanish)


async def test_a_level_without_mesa_is_refused_in_the_level_s_spanish_words() -> None:
    # "level=hard elige cómo juega Mesa" answered /jugar kona @Ben nivel=difícil
    spanish = await session(["Ana: /jugar kona @Ben nivel=difícil"], "es")
    assert any(line.startswith("[error Ana] nivel=difícil elige cómo juega Mesa") for line in spanish), spanish
    english = await session(["Ana: /play kona @Ben level=hard"], "en")
    assert any(line.startswith("[error Ana] level=hard chooses how Mesa plays") for line in english), english
