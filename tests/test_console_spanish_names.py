"""The console takes the commands by the names a Spanish Discord shows (``console_areas.spanish``): ``/jugar``,
``/mover``, ``/torneo apuntarse``, the buttons' words (``/aceptar``, ``/revancha``), Discord's option names and
choices (``asiento=primero``, ``nivel=difícil``, ``formato=suizo``).  A reader of the Spanish rules who typed
``/mover a6-d3`` was told "No existe el comando /mover".  The names are checked against Discord's own catalogue,
so that the two cannot drift apart, then played in a console in each language."""

from __future__ import annotations

import pytest

from cogs.i18n_discord import EN, ES
from console import COMMANDS, TABLE_VERBS, help_text, run
from console_areas.spanish import (
    BUTTON_COMMANDS,
    DISCORD_COMMANDS,
    OPTIONS,
    SPANISH_COMMANDS,
    SUBCOMMANDS,
    VALUES,
    WORDS,
    in_english,
    named_in_spanish,
    plain,
)

#: the console's verb of each Discord command whose name differs (``/recompute-ratings`` is the console's
#: ``/recompute``)
CONSOLE_VERB = {"recompute-ratings": "recompute"}
#: the Discord button each console command named by a button's word is on Discord
BUTTONS = {"accept": "btn.accept", "decline": "btn.decline", "join": "btn.join", "start": "btn.start",
           "leave": "btn.leave_table", "abort": "btn.cancel_table", "mine": "btn.my_pieces", "rematch": "btn.rematch",
           "fill": "btn.fill_mesa", "build": "btn.auto_build", "accept-draw": "btn.accept_draw"}


def words_of(label: str) -> str:
    """A Spanish button or choice as a command's word: ``Mis piezas`` is ``mis-piezas``, ``primero (mueves tú
    primero)`` is ``primero``."""
    return plain(label.split(" (")[0]).replace(" ", "-")


def test_every_discord_command_has_its_spanish_name_here_and_no_other() -> None:
    named = {}
    for key, english in EN.items():
        if key.startswith("cmd.") and key.count(".") == 1:
            named[plain(ES[key])] = CONSOLE_VERB.get(english, english)
    assert named == DISCORD_COMMANDS


def test_the_subcommands_choices_and_options_are_discords_spanish_ones() -> None:
    tournament = {plain(ES[key]): key.rsplit(".", 1)[1] for key in EN
                  if key.startswith("cmd.tournament.") and not key.endswith(".desc")}
    assert SUBCOMMANDS["tournament"] == tournament
    for command in ("draw", "takeback"):
        choices = {plain(ES[key]): key.rsplit(".", 1)[1] for key in EN if key.startswith(f"choice.{command}.")}
        assert WORDS[command] == choices
    for spanish, english in OPTIONS.items():
        assert plain(ES[f"opt.{english}"]) == spanish, english
    for option, choices in (("seat", ("first", "second", "random")), ("level", ("easy", "hard")),
                            ("format", ("swiss", "round-robin"))):
        for choice in choices:
            assert VALUES[option][words_of(ES[f"choice.{option}.{choice}"])] == choice
    assert {plain(word): english for word, english in WORDS["tournament"].items()} == {
        words_of(ES[f"choice.format.{choice}"]): choice for choice in ("swiss", "round-robin")}  # typed bare
    for seconds, typed in ((3600, "1h"), (21600, "6h"), (86400, "1d"), (259200, "3d"), (604800, "7d"),
                           (1209600, "14d")):
        assert VALUES["time_per_move"][words_of(ES[f"choice.time.{seconds}"])] == typed


def test_the_buttons_words_are_the_spanish_buttons_and_every_name_is_a_console_command() -> None:
    for spanish, english in BUTTON_COMMANDS.items():
        label = words_of(ES[BUTTONS[english]])
        assert label == spanish or label.startswith(spanish + "-"), (spanish, label)
    verbs = set(COMMANDS) | TABLE_VERBS
    assert set(SPANISH_COMMANDS.values()) <= verbs
    assert not set(SPANISH_COMMANDS) & (verbs - set(SPANISH_COMMANDS)), "a Spanish name is an English command"


def test_a_line_with_spanish_names_reads_as_the_consoles_own() -> None:
    assert in_english("/jugar kona @Ben asiento=primero") == "/play kona @Ben seat=first"
    assert in_english("/Jugar juego:k3 rival:@Ben rival2:@Cy nivel=Difícil puntuada=sí mesa=2") == \
        "/play k3 opponent=@Ben opponent2=@Cy level=hard rated=true table=2"
    # a choice as Discord shows it, in quotes or not; a button's words; Discord's options a word of their own
    assert in_english('/jugar kona @Ben asiento=al azar tiempo_por_jugada="3 días"') == \
        "/play kona @Ben seat=random time_per_move=3d"
    assert in_english('/torneo crear kona formato="liga (todos contra todos)" variante:"thief=next"') == \
        '/tournament create kona format=round-robin variant="thief=next"'
    assert in_english("/torneo crear kona suizo") == "/tournament create kona swiss"
    assert in_english("/mis piezas 2") == "/mine 2" and in_english("/Aceptar tablas") == "/accept-draw"
    assert in_english("/completar con mesa nivel=fácil") == "/fill level=easy"
    assert in_english("/montar aleatoria 2") == "/build random 2"
    assert in_english("/historial juego:kona mesa:1 notacion:sí") == "/history kona table=1 notation"
    assert in_english("/aprender kona paso:3") == "/learn kona 3"
    assert in_english("/aprender kona respuesta:a6-d3") == "/learn kona answer a6-d3"
    assert in_english("/aprender kona respuesta a6-d3") == "/learn kona answer a6-d3"
    assert in_english("/tablas accion:aceptar mesa:2") == "/draw accept table=2"
    assert in_english("/reglas kona completas:no") == "/rules kona"
    assert in_english("/torneo apuntarse numero:1") == "/tournament join 1"
    assert in_english("/torneo crear kona formato=liga doble=sí mesa_completa=no") == \
        "/tournament create kona format=round-robin double=true mesa_fills=false"
    assert in_english("/torneo emparejamientos 1 ronda=2") == "/tournament pairings 1 round=2"
    assert in_english("/torneo crear kona mesa-completa=Sí tiempo-por-jugada=1d") == \
        "/tournament create kona mesa_fills=true time_per_move=1d"  # hyphens for underscores, as plain() reads them
    assert in_english("/tablas aceptar") == "/draw accept"
    assert in_english("/deshacer rechazar 2") == "/takeback decline 2"
    assert in_english("/estadísticas @Ben") == "/stats @Ben" and in_english("/mis_piezas 2") == "/mine 2"
    # moves and other words pass as typed, colons and all; a value Discord does not offer is left to be refused
    assert in_english("/mover a1:1-a2") == "/move a1:1-a2"
    assert in_english("/mover build:0:Y/KG/NRB") == "/move build:0:Y/KG/NRB"
    assert in_english("/jugar kona @mesa asiento=tercero") == "/play kona @mesa seat=tercero"
    assert in_english("/partidas") == "/games" and in_english("/reglas kona completas") == "/rules kona full"
    assert in_english("/revision 3 en") == "/review 3 en" and in_english("/ayuda") == "/help"
    # English names are the console's own, left as they are, and so are their words, unless Discord's or Spanish
    for line in ("/play kona @Ben seat=first", "/games", "aprende kona", '/play kona @"Ana Maria"'):
        assert in_english(line) == line and not named_in_spanish(line)
    assert in_english("/play kona @Ben asiento=primero") == "/play kona @Ben seat=first"  # Spanish options too
    assert in_english("/tournament create kona formato=suizo") == "/tournament create kona format=swiss"
    # Discord's way of writing options, name:value, in English too
    assert in_english("/leaderboard game:kona page:2") == "/leaderboard kona 2"
    assert in_english("/tournament join number:3") == "/tournament join 3"
    assert in_english("/board table:2") == "/board table=2" and in_english("/stats user:@Ben") == "/stats @Ben"
    assert in_english("/history user:@Ben notation:true") == "/history @Ben notation"
    assert named_in_spanish("/Revancha") and named_in_spanish("jugadas") and named_in_spanish("/mis piezas")
    assert not named_in_spanish("/mis")


async def session(lines: list[str], lang: str = "en") -> list[str]:
    printed: list[str] = []
    await run(lines, ":memory:", None, False, printed.append, seed=3, mesa_iterations=10, lang=lang,
              warn=printed.append)
    return printed


async def test_a_game_of_kona_played_by_its_spanish_names() -> None:
    printed = await session([
        "Ana: /jugar kona @Ben asiento=primero", "Ben: /aceptar", "Ana: /jugadas a6", "Ana: /mover a6-d4",
        "Ana: /mover a6-d3", "Ben: /partidas", "Ben: /tablas", "Ana: /tablas aceptar", "Ana: /revancha",
        "Ben: /rechazar", "Ana: /historial", "Ana: /jugr kona @Ben",
    ])
    text = "\n".join(printed)
    assert "[#1] Kona #1 begins: Ana [C] · Ben [P]." in printed  # asiento=primero: Ana plays first
    assert "[dm Ana]   a6-d3 — Move from a6 to d3, uncovering a poodle" in printed  # /jugadas a6
    # a wrong move named in Spanish is refused in Spanish, as a Spanish Discord would; nothing is played
    refusal = next(line for line in printed if line.startswith("[error Ana]"))
    assert "a6-d4" in refusal and "no es una línea recta" in refusal
    assert "[#1] Kona #1 · Ana moved from a6 to d3, uncovering a poodle on a6" in printed
    assert any(line.startswith("[dm Ben] #1 Kona: Ana · Ben — te toca") for line in printed)  # /partidas: Spanish
    assert "[#1] Kona #1 ends in a draw by agreement." in printed
    assert "[#2] Ben declined the Kona invitation; table #2 is closed." in printed  # /revancha, /rechazar
    assert "[dm Ana] #1 Kona · draw" in text  # /historial
    # a slip of the keyboard is answered with the Spanish name it was surely meant to be (in the console's English:
    # a name that is no command is in no language)
    assert printed[-1] == "[error Ana] Unknown command /jugr: did you mean /jugar? /help lists them all"


async def test_what_takes_a_language_word_is_said_in_spanish_when_named_in_spanish() -> None:
    printed = await session(["Ana: /ayuda", "Ana: /reglas kona", "Ana: /partidas", "Ana: /partidas en",
                             "Ana: /partidas foo", "Ana: /ayuda foo", "Ana: /help", "Ana: /games"])
    assert "[help] Órdenes (escríbelas como NOMBRE: ORDEN):" in printed
    assert any(line.startswith("[rules] **2 jugadores") for line in printed)
    assert "[dm Ana] No tienes ninguna partida en juego" in "\n".join(printed)
    assert "[dm Ana] You have no active games" in "\n".join(printed)  # /partidas en, and /games: English
    # a word neither takes is refused as typed, in Spanish (no language word of the console's added to it), and
    # by the command's Spanish name, as a Spanish Discord shows it (console_areas/spanish_advice.py)
    assert "[error Ana] /partidas lleva en o es (tus partidas en inglés o en español) o nada, no 'foo'" in printed
    assert "[error Ana] /ayuda lleva en o es (esta ayuda en inglés o en español) o nada, no 'foo'" in printed
    assert "[help] Commands (write them as NAME: COMMAND):" in printed  # /help: the console's English


async def test_discords_variant_option_gives_the_games_options_in_either_language() -> None:
    """Discord's ``variant`` (``variante``) holds the game's options, separated by commas: /play read it as an option
    of that name ("K3 has no option variant")."""
    printed = await session(['Ana: /play k3 @Ben variant:cooperative=true',
                             'Ana: /jugar krakatoa @Ben variante:"preset=basic; teams=false"',
                             'Ana: /play kona @Ben variant:"foo"',
                             'Ana: /play kona @Ben variant:"seat=first" seat=second',
                             'Ana: /play kona @Ben variant:"move_limit=50, repetition_draw=false"'])
    assert "[#1] Ana invites Ben to a game of K3 (table #1; cooperative=true; 3d per move, rated ✗)." in printed
    assert any(line.startswith("[#2] Ana invites Ben to a game of Krakatoa (table #2; preset=basic;")
               for line in printed)
    assert any(line.startswith("[error Ana] variant takes the game's options as option=value") and line.endswith("foo")
               for line in printed)
    assert "[error Ana] seat= is given twice; give each option once" in printed
    assert any(line.startswith("[#3] ") and "move_limit=50" in line and "repetition_draw=false" in line
               for line in printed)
    assert not any("#4" in line for line in printed)  # the refused lines opened nothing


async def test_discords_way_of_writing_options_and_the_buttons_words_play_in_a_session() -> None:
    """What a newcomer from Discord types: ``name:value`` for every command (``mesa:1``, ``numero:1``, ``paso:3``),
    the buttons' words as they read (``/mis piezas``, ``/aceptar tablas``), a choice of two words (``asiento=al
    azar``), a tournament's ``variante`` and its format typed bare in Spanish."""
    printed = await session([
        "Ana: /jugar kona @Ben asiento=al azar puntuada=no", "Ben: /aceptar", "Ana: /tablero mesa:1",
        "Ben: /mis piezas 1", "Ana: /tablas accion:ofrecer mesa:1", "Ben: /aceptar tablas",
        'Dee: /torneo crear k3 suizo variante:"thief=next"', "Dee: /torneo apuntarse numero:1",
        "Eve: /tournament join number:1", "Ana: /aprender kona paso:3", "Ana: /leaderboard game:kona page:1",
    ], "es")
    text = "\n".join(printed)
    # /mis piezas 1 read as /mine: Kona hides nothing, so it is refused in those words (nothing else is)
    mine = "[error Ben] Nada de Kona #1 está oculto ahora: su tablero lo muestra todo, igual para todos"
    assert [line for line in printed if line.startswith("[error")] == [next(
        line for line in printed if line.startswith(mine))], text
    assert "[#1] Ana invita a Ben a una partida de Kona (mesa #1; 3d por jugada, puntuable ✗)." in printed
    assert "Todos estuvieron de acuerdo: la mesa de Kona #1 queda cancelada, sin resultados." in text
    assert "[tournament #1] Torneo #1: K3, rondas en grupos de 3-4" in text and "thief=next" in text
    assert "Dee se apuntó al torneo #1" in text and "Eve se apuntó al torneo #1" in text
    assert "[dm Ana] Kona paso a paso — paso 3 de 10" in printed


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_servers_settings_are_discords_and_the_console_says_what_they_set(lang: str) -> None:
    """``/settings`` (``/ajustes``) was "Unknown command": it is Discord's, for a server's managers; the console says
    what it sets there and how a table takes options of its own, by the name it was asked with."""
    # the advice given is one that works: typed as it is said, it opens the table (a Spanish console names the
    # command and its options as a Spanish Discord shows them)
    advice = "/play kona @Ben time_per_move=1d rated=false" if lang == "en" else \
        "/jugar kona @Ben tiempo_por_jugada=1d puntuada=no"
    printed = await session(["Ana: /settings", "Ana: /ajustes", f"Ana: {advice}"], lang)
    english, spanish = printed[0], printed[1]
    assert english.startswith("[error Ana] /settings is Discord's" if lang == "en" else
                              "[error Ana] /settings es de Discord")  # by the name it was asked with
    assert spanish.startswith("[error Ana] /ajustes es de Discord, para quien gestiona el servidor")
    assert advice in english
    assert any("1d" in line and "Kona" in line for line in printed[2:])  # the table it opens


async def test_a_tournament_and_an_open_table_with_mesa_by_their_spanish_names() -> None:
    printed = await session([
        "Dee: /torneo crear kona formato=suizo rondas=1 mesa_completa=sí", "Dee: /torneo apuntarse",
        "Eve: /torneo apuntarse 1", "Dee: /torneo empezar", "Dee: /torneo emparejamientos ronda=1",
        "Eve: /torneo retirarse", "Dee: /torneo clasificación",
        "Ana: /jugar krakatoa", "Ben: /unirme", "Ben: /salir", "Ana: /completar nivel=fácil",
    ], "es")
    text = "\n".join(printed)
    assert "Torneo #1: Kona, suizo, organizado por Dee" in text and "Mesa cubre los descansos" in text
    assert "[tournament] mesa #1: Dee contra Eve" in printed  # /torneo emparejamientos ronda=1
    assert "Eve se retiró del torneo #1 (Kona)" in text
    assert any(line.startswith("[tournament] 1. Dee: 1 punto") for line in printed)  # /torneo clasificación
    assert "Ben se unió a la mesa de Krakatoa #2 (2/4)." in text and "Ben dejó" in text
    assert any(line.startswith("[#2] Empieza Krakatoa #2: ") and "Mesa (fácil)" in line for line in printed)
    assert not any(line.startswith("[error") for line in printed), text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_names_the_spanish_names(lang: str) -> None:
    text = help_text(lang)
    for name in ("/jugar", "/mover", "/abandonar", "/torneo", "asiento=primero"):
        assert name in text
    if lang == "es":
        # /recalcular is the console's shorter name; a button's whole words (Cancelar mesa) are not listed
        spanish = set(SPANISH_COMMANDS) - {"recalcular-puntuaciones", "cancelar-mesa", "completar-con-mesa",
                                           "montar-solo"}
        missing = [name for name in spanish if f"/{name}" not in text and f"({name}" not in text]
        assert not missing
        for words in SUBCOMMANDS["tournament"]:
            assert f"({words}" in text or f"/torneo {words}" in text, words



async def test_a_refusal_names_the_option_and_its_choices_as_the_line_named_them() -> None:
    """"/jugar kona @mesa asiento=tercero" was told "La opción seat no puede ser tercero: usa uno de first, second,
    random": the option and its choices by names the reader never typed nor saw."""
    printed = await session(["Ana: /jugar kona @mesa asiento=tercero", "Ana: /jugar kona @mesa nivel=muy_dificil",
                             "Ana: /jugar kona @mesa color=negro", "Ana: /torneo crear kona formato=todos",
                             "Ana: /play kona @Ben asiento=tercero", "Ana: /play kona @Ben seat=third"], "es")
    assert printed == [
        "[error Ana] La opción asiento no puede ser tercero: usa uno de primero, segundo, al azar.",
        "[error Ana] La opción nivel no puede ser muy_dificil: usa uno de fácil, normal, difícil.",
        "[error Ana] Kona no tiene la opción color. Sus opciones: asiento, puntuada, tiempo_por_jugada, "
        "repetition_draw, move_limit.",
        "[error Ana] La opción formato no puede ser todos: usa uno de liga, suizo.",
        "[error Ana] La opción asiento no puede ser tercero: usa uno de primero, segundo, al azar.",
        # named in English: the console's own names, as /help writes them
        "[error Ana] La opción seat no puede ser third: usa uno de first, second, random."]
