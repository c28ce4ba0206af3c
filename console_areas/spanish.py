"""The console's commands by their Spanish names, so that a Spanish speaker types what a Spanish Discord shows.

A Spanish Discord lists ``/jugar``, ``/mover``, ``/abandonar``, ``/torneo apuntarse`` (``cogs/i18n_discord.py``'s
``cmd.*`` names; ``tests/test_console_spanish_names.py`` keeps these alike) and, for what is a button there,
the button's word: ``Aceptar``, ``Revancha``, ``Mis piezas``.  The console took only its English names (and
``/aprender``, ``/pista``, ``/deshacer``), so a reader of the Spanish rules who typed ``/mover a6-d3`` was told
"No existe el comando /mover".  :func:`in_english` reads a line written with the Spanish names as the console's
own: the command, its subcommand or choice word (``/torneo crear``, ``/tablas aceptar``, ``/reglas kona
completas``), and the options as Discord names them, ``name=value`` or ``name:value`` (``juego:k3``,
``rival:@Ben``, ``asiento=primero``, ``nivel=difícil``, ``formato=suizo``, ``mesa=2``), a value from a choice list
by the word Discord shows for it; anything else passes as typed, to be read (or refused) as it is.  A command
named in Spanish is answered in Spanish, as Discord answers the Spanish client that shows it
(:func:`named_in_spanish`): its refusals, a hint, a lesson (the console's ``_spoken``), and what takes a language
word when none is named (``/partidas``, ``/ayuda``, ``/reglas``, ``/revision``: the console's ``said_in``).
"""

from __future__ import annotations

import re
import unicodedata

#: Discord's Spanish name of each command it has (``cmd.<name>`` in ``cogs/i18n_discord.py``), as the console's
#: verb (``/ajustes``, the server's settings, is answered with what they set on Discord and a table's own options)
DISCORD_COMMANDS = {
    "jugar": "play", "mover": "move", "abandonar": "resign", "tablas": "draw", "tablero": "board",
    "partidas": "games", "reglas": "rules", "ayuda": "help", "clasificacion": "leaderboard",
    "estadisticas": "stats", "historial": "history", "repeticion": "replay", "recalcular-puntuaciones": "recompute",
    "pista": "hint", "deshacer": "takeback", "aprender": "learn", "revision": "review", "torneo": "tournament",
    "ajustes": "settings",
}
#: the console's commands that are buttons on Discord, by the first word or words of the Spanish button
#: (``btn.*``): Aceptar, Rechazar, Unirme, Empezar, Salir, Cancelar mesa, Mis piezas, Revancha, Completar con Mesa,
#: Montar solo, Aceptar tablas
BUTTON_COMMANDS = {
    "aceptar": "accept", "rechazar": "decline", "unirme": "join", "empezar": "start", "salir": "leave",
    "cancelar": "abort", "mis-piezas": "mine", "revancha": "rematch", "completar": "fill", "montar": "build",
    "aceptar-tablas": "accept-draw",
}
#: the console's own, in Spanish (``/moves``: Discord's picker; ``/clock``: the pretend clock; ``/decline-draw``:
#: Discord's ``/tablas rechazar``, which works too)
CONSOLE_COMMANDS = {"jugadas": "moves", "reloj": "clock", "recalcular": "recompute", "rechazar-tablas": "decline-draw"}
SPANISH_COMMANDS = {**DISCORD_COMMANDS, **BUTTON_COMMANDS, **CONSOLE_COMMANDS}
#: the word after a command: Discord's Spanish subcommands (``cmd.tournament.*``) and choices (``choice.draw.*``,
#: ``choice.takeback.*``), and ``/rules``' ``full`` (Discord's option ``completas``) and ``/history``'s
#: ``notation`` (``notacion``)
SUBCOMMANDS = {
    "tournament": {"crear": "create", "apuntarse": "join", "borrarse": "leave", "empezar": "start",
                   "clasificacion": "standings", "emparejamientos": "pairings", "retirarse": "withdraw",
                   "cancelar": "cancel", "quitar": "remove"},
    "draw": {"ofrecer": "offer", "aceptar": "accept", "rechazar": "decline"},
    "takeback": {"pedir": "ask", "aceptar": "accept", "rechazar": "decline"},
}
#: words taken wherever they stand after these commands
WORDS = {"rules": {"completas": "full"}, "history": {"notacion": "notation"}}
#: Discord's Spanish option names (``opt.*``) of the options the console reads as ``name=value``, as ``plain``
#: writes them (``tiempo_por_jugada`` is ``tiempo-por-jugada``)
OPTIONS = {
    "juego": "game", "rival": "opponent", "rival2": "opponent2", "rival3": "opponent3", "asiento": "seat",
    "puntuada": "rated", "tiempo-por-jugada": "time_per_move", "nivel": "level", "mesa": "table",
    "formato": "format", "rondas": "rounds", "doble": "double", "max-jugadores": "max_players",
    "mesa-completa": "mesa_fills", "ronda": "round", "variante": "variant",
}
#: the values Discord's choice lists show in Spanish (``choice.*``), and yes and no for the true-or-false options
YES_NO = {"si": "true", "no": "false", "verdadero": "true", "falso": "false"}
VALUES = {
    "seat": {"primero": "first", "segundo": "second", "al-azar": "random", "azar": "random"},
    "level": {"facil": "easy", "dificil": "hard"},
    "format": {"suizo": "swiss", "liga": "round-robin"},
    "rated": YES_NO, "double": YES_NO, "mesa_fills": YES_NO,
}
_OPTION = re.compile(r"(?P<key>[^\W\d][\w-]*)(?P<sign>[=:])(?P<value>.*)", re.DOTALL)


def plain(word: str) -> str:
    """``word`` in lower case, without its accents and with hyphens for underscores, as Discord's names and
    choices are written (``estadísticas`` is ``estadisticas``, ``Difícil`` is ``dificil``, ``mis_piezas`` is
    ``mis-piezas``)."""
    decomposed = unicodedata.normalize("NFD", word.lower().replace("_", "-"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def named_in_spanish(command: str) -> bool:
    """Whether ``command`` (``/mover a6-d3``) is written with a command's Spanish name."""
    return plain(command.strip().partition(" ")[0].lstrip("/")) in SPANISH_COMMANDS


def in_english(command: str) -> str:
    """``command`` as the console reads it: its Spanish command, subcommand, words and options in the console's
    English (:mod:`console_areas.spanish`); a command named in English is returned as it is (its options too:
    ``/play kona @Ben seat=first``), and so is every word not known here."""
    verb, _, rest = command.strip().partition(" ")
    slash = "/" if verb.startswith("/") else ""
    english = SPANISH_COMMANDS.get(plain(verb.lstrip("/")))
    if english is None:
        return command
    words = rest.split()
    if words and plain(words[0]) in SUBCOMMANDS.get(english, {}):
        words[0] = SUBCOMMANDS[english][plain(words[0])]
    taken = WORDS.get(english, {})
    words = [taken.get(plain(word), _option(word)) for word in words]
    return " ".join([slash + english, *words])


def _option(word: str) -> str:
    """``asiento=primero`` as ``seat=first`` (``juego:k3`` as ``game:k3``): a Spanish option's name, and its value
    where Discord's choice list shows it in Spanish; any other word as it is."""
    match = _OPTION.fullmatch(word)
    if match is None or plain(match["key"]) not in OPTIONS:
        return word
    key = OPTIONS[plain(match["key"])]
    value = match["value"]
    value = VALUES.get(key, {}).get(plain(value), value)
    return f"{key}{match['sign']}{value}"
