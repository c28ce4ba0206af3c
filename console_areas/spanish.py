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
    "aceptar-tablas": "accept-draw", "cancelar-mesa": "abort", "completar-con-mesa": "fill", "montar-solo": "build",
}
#: the console's own, in Spanish (``/moves``: Discord's picker; ``/clock``: the pretend clock; ``/decline-draw``:
#: Discord's ``/tablas rechazar``, which works too)
CONSOLE_COMMANDS = {"jugadas": "moves", "reloj": "clock", "recalcular": "recompute", "rechazar-tablas": "decline-draw"}
SPANISH_COMMANDS = {**DISCORD_COMMANDS, **BUTTON_COMMANDS, **CONSOLE_COMMANDS}
#: the word after ``/tournament``: Discord's Spanish subcommands (``cmd.tournament.*``)
SUBCOMMANDS = {
    "tournament": {"crear": "create", "apuntarse": "join", "borrarse": "leave", "empezar": "start",
                   "clasificacion": "standings", "emparejamientos": "pairings", "retirarse": "withdraw",
                   "cancelar": "cancel", "quitar": "remove"},
}
#: words taken wherever they stand after these commands: Discord's Spanish choices (``choice.draw.*``,
#: ``choice.takeback.*``, ``choice.format.*``, ``/tournament create kona suizo`` as ``swiss`` is typed bare), the
#: flags ``/rules`` and ``/history`` take (Discord's options ``completas``, ``notacion``), and K3's build styles
WORDS = {
    "draw": {"ofrecer": "offer", "aceptar": "accept", "rechazar": "decline"},
    "takeback": {"pedir": "ask", "aceptar": "accept", "rechazar": "decline"},
    "tournament": {"suizo": "swiss", "liga": "round-robin"},
    "rules": {"completas": "full"}, "history": {"notacion": "notation"},
    "learn": {"respuesta": "answer"},  # Discord's option's name, as /learn's word (responder works too)
    "build": {"aleatoria": "random", "aleatorio": "random", "al-azar": "random", "azar": "random",
              "sensata": "sensible", "sensato": "sensible"},
}
#: Discord's Spanish option names (``opt.*``), as ``plain`` writes them (``tiempo_por_jugada`` is
#: ``tiempo-por-jugada``), by the console's name for them
OPTIONS = {
    "juego": "game", "rival": "opponent", "rival2": "opponent2", "rival3": "opponent3", "asiento": "seat",
    "puntuada": "rated", "tiempo-por-jugada": "time_per_move", "nivel": "level", "mesa": "table",
    "formato": "format", "rondas": "rounds", "doble": "double", "max-jugadores": "max_players",
    "mesa-completa": "mesa_fills", "ronda": "round", "variante": "variant", "usuario": "user", "pagina": "page",
    "numero": "number", "paso": "step", "jugador": "player", "jugada": "text", "accion": "action",
    "respuesta": "answer", "completas": "full", "notacion": "notation",
}
#: Discord's options that the console takes as a word of their own, where it stands (``/leaderboard kona 2``,
#: ``/tournament join 3``): ``page:2`` (``pagina:2``) is ``2``; ``answer:a6-d3`` is ``answer a6-d3``; the flags
#: ``full:true`` and ``notation:true`` are the words ``full`` and ``notation`` (and nothing when false)
POSITIONAL = {"game", "user", "page", "number", "step", "player", "text", "action"}
FLAGS = {"full", "notation"}
#: the values Discord's choice lists show in Spanish (``choice.*``, before any words in brackets: ``liga (todos
#: contra todos)`` is ``liga``), and yes and no for the true-or-false options
YES_NO = {"si": "true", "no": "false", "verdadero": "true", "falso": "false", "true": "true", "false": "false"}
VALUES = {
    "seat": {"primero": "first", "segundo": "second", "al-azar": "random", "azar": "random"},
    "level": {"facil": "easy", "dificil": "hard"},
    "format": {"suizo": "swiss", "liga": "round-robin"},
    "time_per_move": {"1-hora": "1h", "6-horas": "6h", "1-dia": "1d", "3-dias": "3d", "7-dias": "7d",
                      "14-dias": "14d"},
    "rated": YES_NO, "double": YES_NO, "mesa_fills": YES_NO, "full": YES_NO, "notation": YES_NO,
}
#: a word as typed: quoted parts (``asiento="al azar"``, ``@"Ana Maria"``) stay in the word they are in
_WORD = re.compile(r'(?:[^\s"]*"[^"]*")+[^\s"]*|\S+')
_OPTION = re.compile(r"(?P<key>[^\W\d][\w-]*)(?P<sign>[=:])(?P<value>.*)", re.DOTALL)


def plain(word: str) -> str:
    """``word`` in lower case, without its accents and with hyphens for underscores, as Discord's names and
    choices are written (``estadísticas`` is ``estadisticas``, ``Difícil`` is ``dificil``, ``mis_piezas`` is
    ``mis-piezas``)."""
    decomposed = unicodedata.normalize("NFD", word.lower().replace("_", "-"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _command(words: list[str]) -> tuple[str | None, int]:
    """The Spanish command the line's first words name (a button's words may be several: ``/mis piezas``,
    ``/aceptar tablas``) and how many words it took; ``None`` for a command named in English."""
    for count in (3, 2, 1):
        if len(words) >= count:
            name = "-".join(plain(word.lstrip("/")) for word in words[:count])
            if name in SPANISH_COMMANDS:
                return SPANISH_COMMANDS[name], count
    return None, 0


def named_in_spanish(command: str) -> bool:
    """Whether ``command`` (``/mover a6-d3``, ``/mis piezas``) is written with a command's Spanish name."""
    return _command(command.split()[:3])[0] is not None


def in_english(command: str) -> str:
    """``command`` as the console reads it: its Spanish command, subcommand, words, options and choices in the
    console's English, and Discord's way of writing options, ``name:value``, as the console's (``table:2`` is
    ``table=2``, ``page:2`` is ``2``: ``POSITIONAL``), whichever language the command is named in; every word not
    known here is left as it was typed."""
    words = _WORD.findall(command.strip())
    if not words:
        return command
    english, count = _command(words)
    verb = ("/" if words[0].startswith("/") else "") + english if english else words[0]
    name = english or plain(verb.lstrip("/"))
    rest = words[count or 1:]
    if rest and plain(rest[0]) in SUBCOMMANDS.get(name, {}):
        rest[0] = SUBCOMMANDS[name][plain(rest[0])]
    taken = WORDS.get(name, {})
    out: list[str] = []
    k = 0
    while k < len(rest):
        word = rest[k]
        if k + 1 < len(rest) and '"' not in word + rest[k + 1] and _is_choice(f"{word} {rest[k + 1]}"):
            word, k = f"{word} {rest[k + 1]}", k + 1  # asiento=al azar: a choice of two words, typed unquoted
        out += [taken.get(plain(said), said) for said in _option(word).split()]
        k += 1
    return " ".join([verb, *out])


def _is_choice(word: str) -> bool:
    """Whether ``word`` (``asiento=al azar``) is an option with a value from Discord's Spanish choices."""
    match = _OPTION.fullmatch(word)
    key = OPTIONS.get(plain(match["key"])) if match else None
    return key is not None and match is not None and _choice(key, match["value"]) is not None


def _choice(key: str, value: str) -> str | None:
    """The console's value of a choice Discord shows in Spanish (``al azar``, ``"liga (todos contra todos)"``)."""
    unquoted = value[1:-1] if len(value) > 1 and value[0] == value[-1] == '"' else value
    return VALUES.get(key, {}).get(plain(unquoted.split(" (")[0]).replace(" ", "-"))


def _option(word: str) -> str:
    """``asiento=primero`` as ``seat=first``, ``juego:k3`` as ``game=k3`` (``POSITIONAL``: ``k3``): a Spanish
    option's name, Discord's colon, and the value where Discord's choice list shows it in Spanish; any other word
    as it is."""
    match = _OPTION.fullmatch(word)
    if match is None:
        return word
    key = OPTIONS.get(plain(match["key"]), plain(match["key"]).replace("-", "_"))
    if key not in set(OPTIONS.values()):
        return word  # not an option Discord has (a move: build:0:..., a1:1-a2)
    value = _choice(key, match["value"]) or match["value"]
    if key in FLAGS:
        return key if value == "true" else ""
    if key == "answer":
        return f"answer {value}"
    if key in POSITIONAL:
        return value
    return f"{key}={value}"


#: how a Spanish refusal names the options and choices, as Discord shows them in Spanish (``opt.*``, ``choice.*``)
SAID_OPTIONS = {english: spanish.replace("-", "_") for spanish, english in OPTIONS.items()}
SAID_VALUES = {
    "seat": {"first": "primero", "second": "segundo", "random": "al azar"},
    "level": {"easy": "fácil", "normal": "normal", "hard": "difícil"},
    "format": {"swiss": "suizo", "round-robin": "liga"},
    **{flag: {"true": "sí", "false": "no"} for flag in ("rated", "double", "mesa_fills")},
}
#: the refusals that name an option (``option``) and what it allows (``allowed``: values, or the options there are)
OPTION_REFUSALS = frozenset({"error.bad_option", "error.unknown_option", "tournament.error.unknown_option"})


def refusal_in_spanish(key: str, params: dict[str, object], command: str) -> dict[str, object]:
    """A refusal's params for a line written with Spanish names: the option it names and what it allows, by the
    names a Spanish Discord shows ("La opción asiento no puede ser tercero: usa uno de primero, segundo, al azar",
    not "seat ... first, second, random"), where the command or that option was named in Spanish; else as
    they were."""
    if key == "error.level_without_mesa":  # "nivel=difícil elige cómo juega Mesa": the level as Spanish says it
        return {**params, "level": SAID_VALUES["level"].get(str(params.get("level")), params.get("level"))}
    option = str(params.get("option", ""))
    spanish = SAID_OPTIONS.get(option)
    typed = {plain(m["key"]) for m in (_OPTION.fullmatch(w) for w in command.split()) if m is not None}
    if key not in OPTION_REFUSALS or not (named_in_spanish(command) or (spanish and plain(spanish) in typed)):
        return params
    values = SAID_VALUES.get(option, {})
    allowed = [values.get(word, SAID_OPTIONS.get(word, word)) for word in str(params.get("allowed", "")).split(", ")]
    return {**params, "option": spanish or option, "allowed": ", ".join(allowed)}
