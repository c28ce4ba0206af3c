"""The console's own words, in each language it speaks (``python console.py --lang es``: its pretend server speaks
Spanish): its refusals of what it cannot read, what to type under a post whose controls Discord shows as buttons,
and the few lines it prints itself.  The service's words come from ``tables.i18n`` in the same language; the
commands keep their English names in both (``/help es`` says so), as the service's own refusals write them."""

from __future__ import annotations

from tables.i18n import with_levels_in

#: the languages the console speaks (``--lang``)
CONSOLE_LANGS = ("en", "es")

#: the console's refusals: the keys of ``TableError``s raised by the console itself, and the service's refusals
#: that the console says its own way (which command to type)
CONSOLE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "error.no_table_here": "You have no table here; start one with /play GAME @NAME",
        "error.needs_opponent": "{game} is for two players: name your opponent (/play {name} @NAME), or play the "
                                "computer with /play {name} @mesa",
        "error.no_table_here_last": "You have no table here: your last one, {game} #{table}, is over; start a new "
                                    "one with /play GAME @NAME",
        "error.no_table_here_tournament": "You have no game to play right now: tournament #{id} ({game}) goes on, "
                                          "and your next game opens by itself when every table of this round has "
                                          "ended (/tournament standings {id})",
        "error.several_tables": "You have several tables ({tables}); add table=N",
        "console.several": "There are several open tables ({tables}); name one with /join N",
        "console.no_open": "There is no open table to join; open one anyone may join with {plays} (no @NAME), or "
                           "name a table with /join N",
        "console.no_rematch": "You have no finished game to play again yet; /rematch TABLE names one, and a new game "
                              "starts with /play GAME @NAME",
        "console.move_text": "Write the move after /move: /moves lists the moves you may play, in this game's notation",
        "console.clock": "Write /clock +DURATION, for example /clock +1d or /clock +90m",
        "console.unknown": "Unknown command /{verb}; try /help",
        "console.settings": "/{verb} is Discord's, for a server's managers: the time per move new games get, whether "
                            "games count for ratings (and games against Mesa), how long invitations wait, which "
                            "channels take games, who runs tournaments. The console's pretend server keeps the "
                            "defaults; a table takes options of its own: /play kona @Ben time_per_move=1d rated=false",
        "console.unknown_near": "Unknown command /{verb}: did you mean /{near}? /help lists them all",
        "console.play_usage": "Write /play GAME @NAME... [option=value...], for example /play kona @Ben",
        "console.play_at": "Name players with @: /play {game} @{word}",
        "console.bad_variant": "variant takes the game's options as option=value, separated by commas, as Discord's "
                               "variant does (/play krakatoa @Ben variant:\"preset=basic, teams=true\"), not {text}",
        "console.play_word": "I could not read {word}: after /play GAME, name players as @NAME (a name with spaces "
                             "in quotes: @\"Ana Maria\") and options as option=value, for example "
                             "/play k3 @Ben bots=2 level=normal",
        "console.name_too_long": "{name} is too long for a name: names are at most {max} characters",
        "console.bad_mention": "Name a player as @NAME, a name of letters, digits, . - and spaces (in quotes: "
                               "@\"Ana Maria\"), not {word}",
        "console.leaderboard_usage": "Write /leaderboard GAME [PAGE], for example /leaderboard kona; the games: "
                                     "{games}",
        "console.table_number": "{text} is not a table number; write {usage}, for example {example}",
        "console.review_lang": "Reviews are said in English or Spanish, not {lang}: write /review N, or /review N es",
        "console.option_twice": "{option}= is given twice; give each option once",
        "console.clock_range": "The clock moves at most 1 year at a time (for example /clock +30d)",
        "console.rules_usage": "Write /rules GAME [full] [en|es], for example /rules kona full; the games: {games}",
        "console.takeback_usage": "Write /takeback to ask, or /takeback accept or /takeback decline to answer (and "
                                  "the table's number with several: /takeback 2)",
        "console.no_words": "/{verb} takes no words: write /{verb} alone (not '{words}')",
        "console.help_words": "/help takes en or es (this help in English or Spanish) or nothing, not '{words}'",
        "console.games_words": "/games takes en or es (your games in English or Spanish) or nothing, not '{words}'",
        "console.at_player": "Name a player with @: /{verb} @{word}",
        "console.stats_usage": "Write /stats for your own ratings, or /stats @NAME for one player's, not '{words}'",
        "console.history_words": "/history takes a player (@NAME) and a game, and '{words}' is a word too many: for "
                                 "example /history @Ben kona",
        "console.leaderboard_page": "'{words}' is not a page number: write /leaderboard {game} 2 for its second page",
        "console.stray_words": "/{verb} takes no words but a table's number, and '{words}' is not one: write "
                               "/{verb}, or /{verb} 2 (or table=2) for table #2",
        "console.start_words": "/{verb} takes fill=mesa, level=easy|normal|hard and a table's number, and '{words}' "
                               "is none of them: write /start, /start 2 for table #2, or /start fill=mesa level=hard",
        "console.number": "{text} is not a {what} number; write {usage}, for example {example}",
        "console.remove_who": "Name the player to take off with @: /tournament remove @NAME [N], for example "
                              "/tournament remove @Ben (or /tournament remove @Ben 2 for tournament #2)",
        "console.remove_at": "Name the player with @: /tournament remove @{text} (add the tournament's number when "
                             "there are several: /tournament remove @{text} 2)",
        "console.tournament_usage": "Write /tournament create GAME format=swiss|round-robin [option=value...], or "
                                    "/tournament join|leave|start|standings|pairings|withdraw|cancel [N], or "
                                    "/tournament remove @NAME [N]",
        "console.tournament_near": "/tournament has no {sub}: try /tournament {near}, or /tournament alone to see "
                                   "them all",
    },
    "es": {
        "error.no_table_here": "No tienes ninguna mesa aquí; empieza una con /play JUEGO @NOMBRE",
        "error.needs_opponent": "{game} es para dos: nombra a tu rival (/play {name} @NOMBRE), o juega contra la "
                                "máquina con /play {name} @mesa",
        "error.no_table_here_last": "No tienes ninguna mesa aquí: la última, {game} #{table}, ha terminado; empieza "
                                    "otra con /play JUEGO @NOMBRE",
        "error.no_table_here_tournament": "Ahora no tienes ninguna partida que jugar: el torneo #{id} ({game}) "
                                          "sigue, y tu próxima partida se abre sola cuando terminen todas las mesas "
                                          "de esta ronda (/tournament standings {id})",
        "error.several_tables": "Tienes varias mesas ({tables}); añade table=N",
        "console.several": "Hay varias mesas abiertas ({tables}); elige una con /join N",
        "console.no_open": "No hay ninguna mesa abierta a la que unirse; abre una a la que pueda sentarse cualquiera "
                           "con {plays} (sin @NOMBRE), o nombra una mesa con /join N",
        "console.no_rematch": "Aún no tienes ninguna partida terminada que volver a jugar; /rematch MESA nombra una, "
                              "y una partida nueva empieza con /play JUEGO @NOMBRE",
        "console.move_text": "Escribe la jugada tras /move: /moves lista las jugadas que puedes hacer, en la notación "
                             "de este juego",
        "console.clock": "Escribe /clock +DURACIÓN, por ejemplo /clock +1d o /clock +90m",
        "console.unknown": "No existe el comando /{verb}; prueba /help",
        "console.settings": "/{verb} es de Discord, para quien gestiona el servidor: el tiempo por jugada de las "
                            "partidas nuevas, si cuentan para la clasificación (y las partidas contra Mesa), cuánto "
                            "esperan las invitaciones, qué canales admiten partidas, quién organiza torneos. El "
                            "servidor simulado de la consola usa los valores por defecto; cada mesa lleva sus "
                            "propias opciones: /play kona @Ben time_per_move=1d rated=false",
        "console.unknown_near": "No existe el comando /{verb}: ¿querías decir /{near}? /help los lista todos",
        "console.play_usage": "Escribe /play JUEGO @NOMBRE... [opción=valor...], por ejemplo /play kona @Ben",
        "console.play_at": "Nombra a los jugadores con @: /play {game} @{word}",
        "console.bad_variant": "variant lleva las opciones del juego como opción=valor, separadas por comas, como la "
                               "variante de Discord (/play krakatoa @Ben variant:\"preset=basic, teams=true\"), no "
                               "{text}",
        "console.play_word": "No entiendo {word}: tras /play JUEGO, nombra a los jugadores como @NOMBRE (un nombre "
                             "con espacios, entre comillas: @\"Ana María\") y las opciones como opción=valor, por "
                             "ejemplo /play k3 @Ben bots=2 level=normal",
        "console.name_too_long": "{name} es demasiado largo para un nombre: un nombre tiene como mucho {max} "
                                 "caracteres",
        "console.bad_mention": "Nombra a un jugador como @NOMBRE, un nombre de letras, cifras, . - y espacios "
                               "(entre comillas: @\"Ana María\"), no {word}",
        "console.leaderboard_usage": "Escribe /leaderboard JUEGO [PÁGINA], por ejemplo /leaderboard kona; los "
                                     "juegos: {games}",
        "console.table_number": "{text} no es un número de mesa; escribe {usage}, por ejemplo {example}",
        "console.review_lang": "Las revisiones se dicen en inglés o en español, no en {lang}: escribe /review N, o "
                               "/review N es",
        "console.option_twice": "{option}= aparece dos veces; da cada opción una sola vez",
        "console.clock_range": "El reloj avanza como mucho 1 año cada vez (por ejemplo /clock +30d)",
        "console.rules_usage": "Escribe /rules JUEGO [full] [en|es], por ejemplo /rules kona full; los juegos: "
                               "{games}",
        "console.takeback_usage": "Escribe /deshacer para pedirlo, o /deshacer aceptar o /deshacer rechazar para "
                                  "responder (y el número de la mesa si tienes varias: /deshacer 2)",
        "console.no_words": "/{verb} no lleva palabras: escribe /{verb} solo (no '{words}')",
        "console.help_words": "/help lleva en o es (esta ayuda en inglés o en español) o nada, no '{words}'",
        "console.games_words": "/games lleva en o es (tus partidas en inglés o en español) o nada, no '{words}'",
        "console.at_player": "Nombra a un jugador con @: /{verb} @{word}",
        "console.stats_usage": "Escribe /stats para tus puntuaciones, o /stats @NOMBRE para las de un jugador, no "
                               "'{words}'",
        "console.history_words": "/history lleva un jugador (@NOMBRE) y un juego, y '{words}' es una palabra de más: "
                                 "por ejemplo /history @Ben kona",
        "console.leaderboard_page": "'{words}' no es un número de página: escribe /leaderboard {game} 2 para su "
                                    "segunda página",
        "console.stray_words": "/{verb} no lleva más palabras que el número de una mesa, y '{words}' no lo es: "
                               "escribe /{verb}, o /{verb} 2 (o table=2) para la mesa #2",
        "console.start_words": "/{verb} lleva fill=mesa, level=easy|normal|hard y el número de una mesa, y '{words}' "
                               "no es nada de eso: escribe /start, /start 2 para la mesa #2, o /start fill=mesa "
                               "level=hard",
        "console.number": "{text} no es un número de {what}; escribe {usage}, por ejemplo {example}",
        "console.remove_who": "Nombra con @ al jugador que quieres quitar: /tournament remove @NOMBRE [N], por "
                              "ejemplo /tournament remove @Ben (o /tournament remove @Ben 2 para el torneo #2)",
        "console.remove_at": "Nombra al jugador con @: /tournament remove @{text} (añade el número del torneo si hay "
                             "varios: /tournament remove @{text} 2)",
        "console.tournament_usage": "Escribe /torneo crear JUEGO formato=suizo|liga [opción=valor...], o /torneo "
                                    "apuntarse|borrarse|empezar|clasificacion|emparejamientos|retirarse|cancelar [N], "
                                    "o /torneo quitar @NOMBRE [N]",
        "console.tournament_near": "/tournament no tiene {sub}: prueba /tournament {near} o escribe /tournament "
                                   "sin más para verlos todos",
    },
}

#: the refusals a learner reading the lessons in Spanish gets in Spanish in an English console, as do the commands
#: written by their Spanish names (``/deshacer``, ``/pista``: which table, and how ``/deshacer`` is written)
SAID_TO_SPANISH_LEARNERS = frozenset({
    "error.no_table_here", "error.no_table_here_last", "error.no_table_here_tournament", "error.several_tables",
    "console.move_text", "console.unknown", "console.takeback_usage",
})

#: what a ``console.number`` refusal calls the number it wanted (``{what}``)
NUMBER_WHATS = {"es": {"tournament": "torneo", "round": "ronda"}}

#: how alternatives are joined (``{plays}``)
OR = {"en": " or ", "es": " o "}

#: what to type next, under posts whose controls Discord shows as buttons (``PublicPost.components_hint``)
HINTS = {
    "en": {
        "invite": "Answer with /accept or /decline.",
        "join": "Join with /join; the host starts with /start (or /start fill=mesa: Mesa takes the empty seats).",
        "build": "Build your pyramid with /build [random|sensible] or /move build:...",
        "draw": "Accept with /draw, refuse with /decline-draw.",
        "takeback": "Answer with /takeback accept or /takeback decline.",
    },
    "es": {
        "invite": "Responde con /accept o /decline.",
        "join": "Siéntate con /join; quien la abrió la empieza con /start (o /start fill=mesa: Mesa ocupa los "
                "asientos libres).",
        "build": "Monta tu pirámide con /build [aleatoria|sensata] o /move build:...",
        "draw": "Acepta con /draw, rechaza con /decline-draw.",
        "takeback": "Responde con /takeback accept o /takeback decline.",
    },
}

#: the console's own lines (``Console``): its refusals of a line it cannot read, what it prints beside the
#: service's posts, and why ``/moves`` lists nothing
LINES = {
    "en": {
        "after_result": "Play again with /rematch {table}, or read Mesa's review with /review {table}.",
        "after_result_no_review": "Play again with /rematch {table}.",
        "start": "Mesa console: each line is NAME: COMMAND, acting as that user (Ctrl-D to quit, /help for every "
                 "command).",
        "examples": "Examples:  Ana: /play kona @Ben   Ben: /accept   Ana: /moves   Ana: /move a6-d3   "
                    "Ana: /rules kona",
        "too_long": "That line is {length} characters long; a line is at most {max}",
        "no_colon": "Write NAME: COMMAND, for example  Ana: /play kona @Ben",
        "bad_name": "{name} is not a usable name (letters, digits, . - and spaces; at most {max})",
        "mesa_name": "{name} is the computer's name (Mesa); choose another name for yourself",
        "no_command": "Write a command after the name, for example  {name}: /help",
        "failed": "That command failed (an internal error, logged); please report it",
        "recorded": "You wrote {typed}, which the rules record as {move}",
        "position": "position",
        "picture": "picture",
        "image": "image",
        "for": "for",
        "standings": "the standings:",
        "clock": "now {moment}",
        "frames": "{n} frames",
        "frame": "1 frame",
        "not_seated": "You are not seated at this table",
        "no_moves": "No moves: {why}",
        "why.waiting": "the game is still waiting for players",
        "why.finished": "the game is over",
        "why.aborted": "the table was cancelled",
        "why.declined": "the invitation was declined",
        "not_yours": "No moves for you now: it is {players}'s turn",
        "not_yours_many": "No moves for you now: waiting for {players}",
        "nobody": "nobody",
        "building": "No moves to list: build your pyramid with /build [random|sensible]",
    },
    "es": {
        "after_result": "Juega otra vez con /rematch {table}, o lee la revisión de Mesa con /review {table}.",
        "after_result_no_review": "Juega otra vez con /rematch {table}.",
        "start": "Consola de Mesa: cada línea es NOMBRE: ORDEN, como ese usuario (Ctrl-D para salir, /help para todas "
                 "las órdenes).",
        "examples": "Ejemplos:  Ana: /play kona @Ben   Ben: /accept   Ana: /moves   Ana: /move a6-d3   "
                    "Ana: /rules kona",
        "too_long": "Esa línea tiene {length} caracteres; una línea tiene como mucho {max}",
        "no_colon": "Escribe NOMBRE: ORDEN, por ejemplo  Ana: /play kona @Ben",
        "bad_name": "{name} no sirve como nombre (letras, cifras, . - y espacios; como mucho {max})",
        "mesa_name": "{name} es el nombre de la máquina (Mesa); elige otro nombre para ti",
        "no_command": "Escribe una orden tras el nombre, por ejemplo  {name}: /help",
        "failed": "Esa orden ha fallado (un error interno, registrado); por favor, avísanos",
        "recorded": "Escribiste {typed}, que las reglas anotan como {move}",
        "position": "posición",
        "picture": "imagen",
        "image": "imagen",
        "for": "para",
        "standings": "la clasificación:",
        "clock": "ahora {moment}",
        "frames": "{n} imágenes",
        "frame": "1 imagen",
        "not_seated": "No tienes asiento en esta mesa",
        "no_moves": "No hay jugadas: {why}",
        "why.waiting": "la partida aún espera jugadores",
        "why.finished": "la partida ha terminado",
        "why.aborted": "la mesa se canceló",
        "why.declined": "la invitación fue rechazada",
        "not_yours": "Ahora no tienes jugadas: le toca a {players}",
        "not_yours_many": "Ahora no tienes jugadas: esperando a {players}",
        "nobody": "nadie",
        "building": "No hay jugadas que listar: monta tu pirámide con /build [aleatoria|sensata]",
    },
}


def console_text(key: str, lang: str, /, **params: object) -> str:
    """One of the console's refusals (``CONSOLE_TEXTS``) in ``lang``, English for a language it does not speak; a
    tuple given is said as alternatives (``/play k3 or /play krakatoa``, ``/play k3 o /play krakatoa``)."""
    texts = CONSOLE_TEXTS.get(lang, CONSOLE_TEXTS["en"])
    if lang in NUMBER_WHATS and "what" in params:
        params = {**params, "what": NUMBER_WHATS[lang].get(str(params["what"]), params["what"])}
    params = {name: OR.get(lang, OR["en"]).join(map(str, value)) if isinstance(value, tuple) else value
              for name, value in params.items()}
    return with_levels_in(texts[key].format(**params), lang)


def console_line(key: str, lang: str, /, **params: object) -> str:
    """One of the console's own lines (``LINES``) in ``lang``."""
    return with_levels_in(LINES.get(lang, LINES["en"])[key].format(**params), lang)  # "Mesa (fácil)"
