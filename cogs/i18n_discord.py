"""The Discord layer's own strings, in English and Spanish: ``t(key, lang, **params)``.

The service (tables/) has its catalog for everything it says; this one holds what only the Discord
front end says: command names and descriptions, button labels, error replies about Discord itself.
Every user-facing string of cogs/ goes through ``t``; each reply uses the caller's Discord locale
(``lang_for``: Spanish for es-ES and es-419, English otherwise).  A test checks that both catalogs
have the same keys and the same ``{placeholders}``.
"""

from __future__ import annotations

import string
from typing import Any

from tables.i18n import with_levels_in

LANGS = ("en", "es")

EN: dict[str, str] = {
    # ---- command names and descriptions (the Translator, cogs/translator.py) ----
    "cmd.play": "play",
    "cmd.play.desc": "Start a game at a new table",
    "cmd.move": "move",
    "cmd.move.desc": "Make a move in one of your games",
    "cmd.resign": "resign",
    "cmd.resign.desc": "Resign one of your games",
    "cmd.draw": "draw",
    "cmd.draw.desc": "Offer, accept or decline a draw (Kona, Plateau)",
    "cmd.board": "board",
    "cmd.board.desc": "Post the current board again",
    "cmd.games": "games",
    "cmd.games.desc": "List your active games",
    "cmd.rules": "rules",
    "cmd.rules.desc": "How to play a game: a short quick-start",
    "cmd.settings": "settings",
    "cmd.settings.desc": "Server settings for games (server managers only)",
    "cmd.help": "help",
    "cmd.help.desc": "How to use Mesa: start a game, play alone against Mesa, moves, results",
    # option names and descriptions
    "opt.game": "game",
    "opt.game.desc": "Which game",
    "opt.opponent": "opponent",
    "opt.opponent.desc": "Who you play against (choose Mesa, this bot, to play the computer; empty: an open table)",
    "opt.opponent2": "opponent2",
    "opt.opponent2.desc": "A second opponent (K3, Krakatoa)",
    "opt.opponent3": "opponent3",
    "opt.opponent3.desc": "A third opponent (K3, Krakatoa)",
    "opt.seat": "seat",
    "opt.seat.desc": "Who moves first (default: random)",
    "opt.rated": "rated",
    "opt.rated.desc": "Count this game on the server's leaderboard",
    "opt.time_per_move": "time_per_move",
    "opt.time_per_move.desc": "Time each player has for a move",
    "opt.default_time.desc": "The time per move new games get unless /play says otherwise",
    "opt.server_rated.desc": "Whether games in this server count for ratings (off: every game is unrated)",
    "opt.variant": "variant",
    "opt.variant.desc": "Game options, e.g. preset=basic or cooperative=true",
    "opt.text": "text",
    "opt.text.desc": "The move, e.g. a6-d3 (choose from the list)",
    "opt.table": "table",
    "opt.table.desc": "Which of your tables (only needed when you play several here)",
    "opt.action": "action",
    "opt.action.desc": "What to do",
    "opt.full": "full",
    "opt.full.desc": "Show the full rules instead of the quick-start",
    "opt.channel": "channel",
    "opt.channel.desc": "A channel to allow or remove for new games",
    "opt.channel_action": "channel_action",
    "opt.channel_action.desc": "Allow the channel, remove it, or allow every channel again",
    # choices
    "choice.game.kona": "Kona (Carpniches)",
    "choice.game.plateau": "Plateau",
    "choice.game.k3": "K3",
    "choice.game.krakatoa": "Krakatoa",
    "choice.time.3600": "1 hour",
    "choice.time.21600": "6 hours",
    "choice.time.86400": "1 day",
    "choice.time.259200": "3 days",
    "choice.time.604800": "7 days",
    "choice.time.1209600": "14 days",
    "choice.seat.first": "first (you move first)",
    "choice.seat.second": "second",
    "choice.seat.random": "random",
    "choice.draw.offer": "offer",
    "choice.draw.accept": "accept",
    "choice.draw.decline": "decline",
    "choice.channel.allow": "allow",
    "choice.channel.remove": "remove",
    "choice.channel.all": "allow every channel",
    # ---- buttons ----
    "btn.accept": "Accept",
    "btn.decline": "Decline",
    "btn.join": "Join",
    "btn.start": "Start",
    "btn.leave_table": "Leave",
    "btn.cancel_table": "Cancel table",
    "btn.my_pieces": "My pieces",
    "btn.resign": "Resign",
    "btn.draw": "Draw",
    "btn.confirm_resign": "Yes, resign",
    "btn.confirm_draw": "Yes, offer a draw",
    "btn.accept_draw": "Accept draw",
    "btn.rematch": "Rematch",
    "btn.back": "Back",
    "btn.pick": "Choose a move…",
    "btn.auto": "Auto",
    "btn.throw": "Throw",
    "btn.keep": "Keep",
    "btn.rethrow": "Rethrow",
    "btn.auto_build": "Auto-build",
    "btn.shuffle": "Shuffle",
    "btn.confirm_build": "Confirm build",
    "arrange.how": "To change it, exchange two pieces below: choose one, then the one to take its place (spots as "
                   "the rules name them: a1 is the bottom left). Confirm when it is yours.",
    "arrange.first": "Exchange two pieces: choose the first…",
    "arrange.second": "…and the piece to change places with {place}",
    "arrange.chosen": "Now choose the piece to change places with {place}.",
    "btn.full_rules": "Full rules",
    "picker.placeholder": "Move: {prefix}…",
    "picker.placeholder_start": "Choose a move…",
    "picker.group": "{words} · {n} moves",
    "picker.group_bare": "{n} moves",
    # ---- replies ----
    "err.generic": "Something went wrong on my side. Please try again in a moment.",
    "err.restarting": "Mesa is restarting, so this was cut short. In a minute or two, try again (a move that already "
    "shows on the board needs nothing more).",
    "err.no_guild": "Games are played in a server channel, not in direct messages.",
    "err.bot": "{name} is a bot and cannot play. Name a human member as opponent.",
    "err.not_seated": "You are not seated at this table. Start your own game with /play.",
    "err.not_your_turn": "It is not your turn.",
    "err.stale": "That board is out of date. Here is the current one.",
    "err.over_board": "The game at table #{table} is over. Here is its last board.",
    "err.forbidden_missing": "I may not post the game's boards in this channel: ask a server manager to give me "
                             "{missing} in this channel's permissions, or start it in another channel.",
    "perm.view_channel": "View Channel",
    "perm.send_messages": "Send Messages",
    "perm.send_messages_in_threads": "Send Messages in Threads",
    "perm.attach_files": "Attach Files",
    "err.forbidden": "I may not post in that channel: ask a server manager to give me Send Messages, "
                     "Attach Files and the thread permissions.",
    "err.forbidden_there": "I may not post in #{channel}, the tournament's channel, where its tables are played: ask "
                           "a server manager to give me Send Messages, Attach Files and the thread permissions there.",
    "err.not_manager": "Only server managers (Manage Server) can change these settings.",
    "err.bad_variant": "I could not read the variant {text!r}: write name=value pairs separated by commas, "
                       "for example preset=basic, teams=true.",
    "err.picker_gone": "That choice is no longer available: the position has changed.",
    "err.too_fast": "You are sending commands too fast: please wait for my answers, then try again.",
    "err.outdated_command": "That command has changed or no longer exists: restart Discord (Ctrl+R) to "
                            "get the current ones.",
    "err.bad_option": "I could not read one of the options: choose a value from the list and try again.",
    "err.unknown_control": "That button is not one of mine any more. Use /board to get the current board.",
    "ok.move_sent": "Played {move}.",
    "ok.move_sent_does": "Played {move} ({does}).",
    "ok.move_recorded_as": "(You wrote {typed}, which the rules record as {move}.)",
    "ok.unrated_here": "It is unrated all the same: this server's settings do not rate it (rated games are off here, "
                       "or games against Mesa are not rated).",
    "ok.no_thread": "No thread could be made for it here (I need Create Public Threads and Send Messages in Threads "
                    "in this channel), so the game is played in this channel itself.",
    "ok.table": "Table #{table}: {place}",
    "ok.resigned": "You resigned.",
    "ok.draw_offered": "Draw offered.",
    "ok.posted": "Posted.",
    "ok.settings": "Settings saved.",
    "ok.accepted": "You accepted.",
    "ok.started": "The game has started.",
    "ok.filled": "Mesa took the empty seats: the game has started.",
    "ok.declined": "You declined.",
    "ok.joined": "You joined the table.",
    "ok.left": "You left the table.",
    "ok.cancelled": "The table is cancelled.",
    "ok.abort_asked": "Asked: the table is cancelled once every player still in has pressed Cancel table too.",
    "ok.rematch_offered": "Rematch offered: every player must accept.",
    "ok.rematch_started": "Rematch started.",
    "confirm.resign": "Do you really want to resign table #{table}?",
    "confirm.resign_together": "Do you really want to resign table #{table}? It is a cooperative game: the whole "
    "team loses with you ({others} too).",
    "confirm.resign_partners": "Do you really want to resign table #{table}? {others}, your partner, goes out with "
    "you, and your team loses.",
    "confirm.draw": "Offer a draw at table #{table}?",
    "games.none": "You have no active games. Start one with /play (choose Mesa, this bot, as the opponent to "
    "play the computer).",
    "games.title": "Your games",
    "games.line": "#{table} {game} vs {opponents}: {turn}{deadline} {link}",
    "games.your_turn": "your turn",
    "games.your_build": "your pyramid to build ({button} under the board builds one for you)",
    "games.waiting_build": "waiting for {name} to build",
    "games.waiting": "waiting for {name}",
    # a player who no longer chooses their moves at a table in play (``TableSummary.standing``), then whose turn
    "games.out.resign": "you resigned: your moves are made automatically while the others play on",
    "games.out.time": "you ran out of time and are out: your moves are made automatically while the others play on",
    "games.out.forfeit": "you left the tournament and are out: your moves are made automatically while the others "
    "play on",
    "games.out.partner": "you are out with your partner: your moves are made automatically while the others play on",
    "games.out.eliminated": "you are out: none of your pieces could be played when your turn came; the others play "
    "on",
    "games.paused": "paused: Mesa is no longer in that server; the game waits, its clocks stopped, until Mesa is "
                    "back there",
    "games.out.away": "you ran out of time again and again: your turns are played as they come until you use "
    "`/{move}` again",
    "games.out_then": "{out}; {turn}",
    "games.invited": "waiting for players",
    "games.no_one_yet": "no one yet",
    "games.open_host": "open to anyone: {start} in the thread once everyone is in ({fill} fills the empty seats)",
    "games.open_guest": "open to anyone, waiting for {name} to start it",
    "err.not_started_invited": "Table #{table} has not started yet: it waits for {names} to answer the invitation "
    "(Accept or Decline in its thread).",
    "err.not_started_open": "Table #{table} has not started yet: {host}, who opened it, starts it with Start in its "
    "thread once everyone is in.",
    "err.not_started_invited_you": "Table #{table} has not started yet: it waits for your answer to the invitation "
    "(Accept or Decline in its thread).",
    "err.not_started_open_host": "Table #{table} has not started yet: you opened it, and start it with Start in its "
    "thread once everyone is in (Fill with Mesa takes the empty seats).",
    "err.not_enough_players": "Table #{table} needs at least {min} players to start ({seated} so far): wait for "
    "more to join, or have Mesa take the empty seats (Fill with Mesa in its thread).",
    "err.open_join": "Table #{table} is open to anyone, with no invitation to accept: sit down with Join in its "
    "thread.",
    "games.your_answer": "invited: waiting for your answer ({accept} or {decline} in the thread)",
    "games.asked.draw": " · {name} offers a draw",
    "games.asked.takeback": " · {name} asks to take back a move",
    "games.own.draw": " · your draw offer awaits an answer",
    "games.own.takeback": " · your takeback request awaits an answer",
    "games.asked.cancel": " · {name} asks to cancel the table ({button} agrees)",
    "games.own.cancel": " · you asked to cancel the table",
    "games.deadline": " (deadline {when})",
    "games.closes": " (closes {when})",
    "games.joinable": "**Open tables you can join**",
    "games.tournaments_joinable": "**Tournaments open for entries**",
    "games.joinable.line": "#{table} {game}: {players} (free seats: {count}): {join} in the thread{closes} {link}",
    "games.more": "…and {count} more not listed here (a message holds only so many): `/{board} {option}:NUMBER` "
    "shows any table.",
    "settings.title": "Game settings for this server",
    "settings.time": "Time per move: {value}",
    "settings.channels": "Channels where games may start: {value}",
    "settings.all_channels_again": "No channel is on the list any more: games may now be started in every channel.",
    "settings.channel_cannot_post": "Note: I cannot post the game's boards in {channel}: give me {missing} in its "
                                    "permissions, or games started there will be refused.",
    "err.settings_channel_needed": "Name the channel too (the channel option) to allow or remove it.",
    "err.settings_not_allowed_channel": "#{channel} is not on the list of channels that take games: nothing was "
                                        "changed.",
    "settings.more_channels": "and {count} more",
    "settings.all_channels": "every channel",
    "settings.rated": "Rated games: {value}",
    "settings.default_time": "the default ({time})",
    "word.on": "on",
    "word.off": "off",
    "word.and": "and",
    "private.link": "Table #{table} ({game}): {link}",
    "reminder.in_place": "{player} {reminder} (Said here: your direct messages are closed to Mesa.)",
    "private.dms_closed": "{player}, Mesa could not send you your private view of {game} #{table} by direct "
                          "message: your DMs are closed to it. Press **{mine}** under the board to see it here, only "
                          "for you. To get it by DM, allow direct messages in this server (the server's name > "
                          "Privacy Settings > Direct Messages), then use any Mesa command.",
    "help.title": "Mesa: how to play",
    "help.managers": "**For this server's managers:** `/{settings}`: where games are played, the time per move new "
                     "games get, ratings on or off (and for games against Mesa), how long invitations wait, caps per "
                     "player, who runs tournaments; `/{recompute}` rebuilds the ratings from the games played.",
    "help.body": "**Games:** {titles}. `/{rules}` explains each in a minute.\n"
                 "**Start a game:** `/{play} {opt_game}:{example} {opt_opponent}:@a friend`: the table gets its own "
                 "thread. With no opponent, tables of {several} are open to anyone ({join}, then {start}).\n"
                 "**Alone?** Choose Mesa, this bot, as the opponent (`{opt_level}:` easy, normal or hard); at "
                 "{several}, `{opt_bots}:` gives Mesa seats.\n"
                 "**Moves:** the buttons under each board, or `/{move}`. Your secret pieces reach only you "
                 "(*{mine}*, and by DM).\n"
                 "**Your games:** `/{games}` lists them, what waits for your answer, your tournaments, and the "
                 "open tables and tournaments you can join; "
                 "`/{board}` posts a board "
                 "again, `/{resign}` gives up. Until anyone moves, *{cancel}* on the first board calls the game "
                 "off, and nothing is counted.\n"
                 "**Learning:** `/{hint}` shows Mesa's move for you and why (unrated games against Mesa); "
                 "`/{takeback}` takes back your last move, if your opponent agrees (two players, no chance); "
                 "`/{learn}` teaches each game step by step, privately (answer with its buttons, or `/{move}` when "
                 "you have no table).\n"
                 "**Results:** `/{leaderboard}`, `/{stats}`, `/{history}`, `/{replay}`; `/{review}` is Mesa's "
                 "review of a finished game (your latest, if you name none).\n"
                 "**Tournaments:** `/{tournament}` create, join, start, standings, pairings, withdraw: round robin "
                 "and Swiss over days, each round's tables opened by themselves.",
    "rules.title": "{game}: quick-start",
    "rules.try": "Play it: /play game:{name} opponent:@a friend, or choose Mesa (this bot) as the opponent to play "
                 "the computer.",
    "rules.full_missing": "The full rules document is not available on this server.",
    "rules.full_title": "{game}: full rules",
    "thread.name": "{game} #{table}",
    "thread.moved": "I can no longer post in {thread} (it is locked): the game goes on here.",
    "picker.prompt": "Choose your move at table #{table}: {prefix}",
    "krakatoa.target": "Target {die}",
    "krakatoa.force_soft": "soft",
    "krakatoa.force_hard": "hard",
    "krakatoa.set": "Throw {set}",
    "set.steam": "Steam",
    "set.ash": "Ash",
    "set.lava": "Lava",
}

ES: dict[str, str] = {
    "cmd.play": "jugar",
    "cmd.play.desc": "Empieza una partida en una mesa nueva",
    "cmd.move": "mover",
    "cmd.move.desc": "Haz una jugada en una de tus partidas",
    "cmd.resign": "abandonar",
    "cmd.resign.desc": "Abandona una de tus partidas",
    "cmd.draw": "tablas",
    "cmd.draw.desc": "Ofrece, acepta o rechaza tablas (Kona, Plateau)",
    "cmd.board": "tablero",
    "cmd.board.desc": "Vuelve a publicar el tablero actual",
    "cmd.games": "partidas",
    "cmd.games.desc": "Lista tus partidas activas",
    "cmd.rules": "reglas",
    "cmd.rules.desc": "Cómo se juega: una guía rápida",
    "cmd.settings": "ajustes",
    "cmd.settings.desc": "Ajustes de partidas del servidor (solo administradores)",
    "cmd.help": "ayuda",
    "cmd.help.desc": "Cómo usar Mesa: empezar una partida, jugar solo contra Mesa, jugadas, resultados",
    "opt.game": "juego",
    "opt.game.desc": "Qué juego",
    "opt.opponent": "rival",
    "opt.opponent.desc": "Contra quién juegas (elige a Mesa, este bot, para jugar con la máquina; vacío: mesa abierta)",
    "opt.opponent2": "rival2",
    "opt.opponent2.desc": "Un segundo rival (K3, Krakatoa)",
    "opt.opponent3": "rival3",
    "opt.opponent3.desc": "Un tercer rival (K3, Krakatoa)",
    "opt.seat": "asiento",
    "opt.seat.desc": "Quién mueve primero (por defecto: al azar)",
    "opt.rated": "puntuada",
    "opt.rated.desc": "Contar la partida en la clasificación del servidor",
    "opt.time_per_move": "tiempo_por_jugada",
    "opt.time_per_move.desc": "Tiempo de cada jugador para una jugada",
    "opt.default_time.desc": "El tiempo por jugada de las partidas nuevas si /jugar no indica otro",
    "opt.server_rated.desc": "Si las partidas de este servidor cuentan para la clasificación (no: ninguna cuenta)",
    "opt.variant": "variante",
    "opt.variant.desc": "Opciones del juego, p. ej. preset=basic o cooperative=true",
    "opt.text": "jugada",
    "opt.text.desc": "La jugada, p. ej. a6-d3 (elígela de la lista)",
    "opt.table": "mesa",
    "opt.table.desc": "Cuál de tus mesas (solo si juegas varias aquí)",
    "opt.action": "acción",
    "opt.action.desc": "Qué hacer",
    "opt.full": "completas",
    "opt.full.desc": "Mostrar las reglas completas en vez de la guía rápida",
    "opt.channel": "canal",
    "opt.channel.desc": "Un canal que permitir o quitar para partidas nuevas",
    "opt.channel_action": "acción_canal",
    "opt.channel_action.desc": "Permitir el canal, quitarlo o volver a permitir todos",
    "choice.game.kona": "Kona (Carpniches)",
    "choice.game.plateau": "Plateau",
    "choice.game.k3": "K3",
    "choice.game.krakatoa": "Krakatoa",
    "choice.time.3600": "1 hora",
    "choice.time.21600": "6 horas",
    "choice.time.86400": "1 día",
    "choice.time.259200": "3 días",
    "choice.time.604800": "7 días",
    "choice.time.1209600": "14 días",
    "choice.seat.first": "primero (mueves tú primero)",
    "choice.seat.second": "segundo",
    "choice.seat.random": "al azar",
    "choice.draw.offer": "ofrecer",
    "choice.draw.accept": "aceptar",
    "choice.draw.decline": "rechazar",
    "choice.channel.allow": "permitir",
    "choice.channel.remove": "quitar",
    "choice.channel.all": "permitir todos los canales",
    "btn.accept": "Aceptar",
    "btn.decline": "Rechazar",
    "btn.join": "Unirme",
    "btn.start": "Empezar",
    "btn.leave_table": "Salir",
    "btn.cancel_table": "Cancelar mesa",
    "btn.my_pieces": "Mis piezas",
    "btn.resign": "Abandonar",
    "btn.draw": "Tablas",
    "btn.confirm_resign": "Sí, abandono",
    "btn.confirm_draw": "Sí, ofrecer tablas",
    "btn.accept_draw": "Aceptar tablas",
    "btn.rematch": "Revancha",
    "btn.back": "Atrás",
    "btn.pick": "Elegir jugada…",
    "btn.auto": "Auto",
    "btn.throw": "Lanzar",
    "btn.keep": "Quedarme",
    "btn.rethrow": "Relanzar",
    "btn.auto_build": "Montar solo",
    "btn.shuffle": "Barajar",
    "btn.confirm_build": "Confirmar pirámide",
    "arrange.how": "Para cambiarla, intercambia dos piezas abajo: elige una y luego la que ocupará su sitio (los "
                   "huecos como los nombran las reglas: a1 es el de abajo a la izquierda). Confirma cuando sea la "
                   "tuya.",
    "arrange.first": "Intercambia dos piezas: elige la primera…",
    "arrange.second": "…y la pieza que cambia de sitio con {place}",
    "arrange.chosen": "Ahora elige la pieza que cambia de sitio con {place}.",
    "btn.full_rules": "Reglas completas",
    "picker.placeholder": "Jugada: {prefix}…",
    "picker.placeholder_start": "Elige una jugada…",
    "picker.group": "{words} · {n} jugadas",
    "picker.group_bare": "{n} jugadas",
    "err.generic": "Algo ha fallado por mi parte. Vuelve a intentarlo en un momento.",
    "err.restarting": "Mesa se está reiniciando, así que esto se ha quedado a medias. Dentro de un par de minutos, "
    "vuelve a intentarlo (una jugada que ya se ve en el tablero no necesita nada más).",
    "err.no_guild": "Las partidas se juegan en un canal de un servidor, no por mensaje directo.",
    "err.bot": "{name} es un bot y no puede jugar. Elige a una persona como rival.",
    "err.not_seated": "No estás sentado en esta mesa. Empieza tu propia partida con /jugar.",
    "err.not_your_turn": "No es tu turno.",
    "err.stale": "Ese tablero está desfasado. Aquí tienes el actual.",
    "err.over_board": "La partida de la mesa #{table} ha terminado. Aquí tienes su último tablero.",
    "err.forbidden_missing": "No puedo publicar los tableros de la partida en este canal: pide a un administrador que "
                             "me dé {missing} en los permisos de este canal, o empiézala en otro canal.",
    "perm.view_channel": "Ver canal",
    "perm.send_messages": "Enviar mensajes",
    "perm.send_messages_in_threads": "Enviar mensajes en hilos",
    "perm.attach_files": "Adjuntar archivos",
    "err.forbidden": "No puedo publicar en ese canal: pide a un administrador que me dé Enviar mensajes, "
                     "Adjuntar archivos y los permisos de hilos.",
    "err.forbidden_there": "No puedo publicar en #{channel}, el canal del torneo, donde se juegan sus mesas: pide a un "
                           "administrador que me dé Enviar mensajes, Adjuntar archivos y los permisos de hilos allí.",
    "err.not_manager": "Solo quien gestiona el servidor (Gestionar servidor) puede cambiar estos ajustes.",
    "err.bad_variant": "No he entendido la variante {text!r}: escribe pares nombre=valor separados por comas, "
                       "por ejemplo preset=basic, teams=true.",
    "err.picker_gone": "Esa opción ya no está disponible: la posición ha cambiado.",
    "err.too_fast": "Vas demasiado rápido: espera a mis respuestas y vuelve a intentarlo.",
    "err.outdated_command": "Ese comando ha cambiado o ya no existe: reinicia Discord (Ctrl+R) para ver los "
                            "actuales.",
    "err.bad_option": "No he entendido una de las opciones: elige un valor de la lista y vuelve a intentarlo.",
    "err.unknown_control": "Ese botón ya no es mío. Usa /tablero para ver el tablero actual.",
    "ok.move_sent": "Has jugado {move}.",
    "ok.move_sent_does": "Has jugado {move} ({does}).",
    "ok.move_recorded_as": "(Escribiste {typed}, que las reglas anotan como {move}.)",
    "ok.unrated_here": "Aun así no es puntuable: los ajustes de este servidor no la puntúan (aquí las partidas no "
                       "son puntuables, o no lo son las partidas contra Mesa).",
    "ok.no_thread": "Aquí no pude crearle un hilo (necesito Crear hilos públicos y Enviar mensajes en hilos en "
                    "este canal), así que la partida se juega en el propio canal.",
    "ok.table": "Mesa #{table}: {place}",
    "ok.resigned": "Has abandonado.",
    "ok.draw_offered": "Tablas ofrecidas.",
    "ok.posted": "Publicado.",
    "ok.settings": "Ajustes guardados.",
    "ok.accepted": "Has aceptado.",
    "ok.started": "La partida ha empezado.",
    "ok.filled": "Mesa ocupa los asientos libres: la partida ha empezado.",
    "ok.declined": "Has rechazado.",
    "ok.joined": "Te has unido a la mesa.",
    "ok.left": "Has dejado la mesa.",
    "ok.cancelled": "La mesa queda cancelada.",
    "ok.abort_asked": "Pedido: la mesa se cancela cuando todos los jugadores que siguen hayan pulsado también "
    "Cancelar mesa.",
    "ok.rematch_offered": "Revancha propuesta: todos los jugadores deben aceptar.",
    "ok.rematch_started": "La revancha ha empezado.",
    "confirm.resign": "¿Seguro que quieres abandonar la mesa #{table}?",
    "confirm.resign_together": "¿Seguro que quieres abandonar la mesa #{table}? Es una partida cooperativa: todo el "
    "equipo pierde contigo ({others} también).",
    "confirm.resign_partners": "¿Seguro que quieres abandonar la mesa #{table}? {others}, tu pareja, queda fuera "
    "contigo, y tu equipo pierde.",
    "confirm.draw": "¿Ofrecer tablas en la mesa #{table}?",
    "games.none": "No tienes partidas activas. Empieza una con /jugar (elige a Mesa, este bot, como rival para "
    "jugar con la máquina).",
    "games.title": "Tus partidas",
    "games.line": "#{table} {game} contra {opponents}: {turn}{deadline} {link}",
    "games.your_turn": "te toca",
    "games.your_build": "te toca construir tu pirámide ({button} bajo el tablero te la construye)",
    "games.waiting_build": "esperando a que {name} construya",
    "games.waiting": "esperando a {name}",
    "games.out.resign": "abandonaste: tus jugadas se hacen solas mientras los demás siguen jugando",
    "games.out.time": "se te acabó el tiempo y quedaste fuera: tus jugadas se hacen solas mientras los demás siguen "
    "jugando",
    "games.out.forfeit": "dejaste el torneo y quedaste fuera: tus jugadas se hacen solas mientras los demás siguen "
    "jugando",
    "games.out.partner": "quedaste fuera con tu equipo: tus jugadas se hacen solas mientras los demás siguen jugando",
    "games.out.eliminated": "estás fuera: no podías jugar ninguna de tus piezas cuando te tocó; los demás siguen "
    "jugando",
    "games.paused": "en pausa: Mesa ya no está en ese servidor; la partida espera, con los relojes parados, hasta "
                    "que Mesa vuelva allí",
    "games.out.away": "se te acabó el tiempo una y otra vez: tus turnos se juegan solos en cuanto llegan, hasta que "
    "vuelvas a usar `/{move}`",
    "games.out_then": "{out}; {turn}",
    "games.invited": "esperando jugadores",
    "games.no_one_yet": "nadie aún",
    "games.open_host": "abierta a todos: {start} en el hilo cuando hayan llegado todos ({fill} ocupa los "
    "asientos libres)",
    "games.open_guest": "abierta a todos, esperando a que {name} la empiece",
    "err.not_started_invited": "La mesa #{table} aún no ha empezado: espera la respuesta de {names} a la invitación "
    "(Aceptar o Rechazar en su hilo).",
    "err.not_started_open": "La mesa #{table} aún no ha empezado: {host}, que la abrió, la empieza con Empezar en su "
    "hilo cuando hayan llegado todos.",
    "err.not_started_invited_you": "La mesa #{table} aún no ha empezado: espera tu respuesta a la invitación "
    "(Aceptar o Rechazar en su hilo).",
    "err.not_started_open_host": "La mesa #{table} aún no ha empezado: la abriste tú, y la empiezas con Empezar en "
    "su hilo cuando hayan llegado todos (Completar con Mesa ocupa los asientos libres).",
    "err.not_enough_players": "La mesa #{table} necesita al menos {min} jugadores para empezar ({seated} por "
    "ahora): espera a que se unan más, o deja que Mesa ocupe los asientos libres (Completar con Mesa en su hilo).",
    "err.open_join": "La mesa #{table} está abierta a todos, sin invitación que aceptar: siéntate con Unirme en su "
    "hilo.",
    "games.your_answer": "invitación: espera tu respuesta ({accept} o {decline} en el hilo)",
    "games.asked.draw": " · {name} ofrece tablas",
    "games.asked.takeback": " · {name} pide deshacer una jugada",
    "games.own.draw": " · tu oferta de tablas espera respuesta",
    "games.own.takeback": " · tu petición de deshacer espera respuesta",
    "games.asked.cancel": " · {name} pide cancelar la mesa ({button} lo acepta)",
    "games.own.cancel": " · pediste cancelar la mesa",
    "games.deadline": " (plazo: {when})",
    "games.closes": " (se cierra {when})",
    "games.joinable": "**Mesas abiertas a las que puedes unirte**",
    "games.tournaments_joinable": "**Torneos abiertos a inscripciones**",
    "games.joinable.line": "#{table} {game}: {players} (plazas libres: {count}): {join} en el hilo{closes} {link}",
    "games.more": "…y {count} más que no caben aquí (un mensaje admite solo unas cuantas): `/{board} {option}:NÚMERO` "
    "muestra cualquier mesa.",
    "settings.title": "Ajustes de partidas de este servidor",
    "settings.time": "Tiempo por jugada: {value}",
    "settings.channels": "Canales donde se pueden empezar partidas: {value}",
    "settings.all_channels_again": "Ya no queda ningún canal en la lista: ahora se pueden empezar partidas en todos "
                                   "los canales.",
    "settings.channel_cannot_post": "Aviso: no puedo publicar los tableros de las partidas en {channel}: dame "
                                    "{missing} en sus permisos, o se rechazarán las partidas que se empiecen allí.",
    "err.settings_channel_needed": "Indica también el canal (la opción canal) para permitirlo o quitarlo.",
    "err.settings_not_allowed_channel": "#{channel} no está en la lista de canales que admiten partidas: no se "
                                        "cambió nada.",
    "settings.more_channels": "y {count} más",
    "settings.all_channels": "todos los canales",
    "settings.rated": "Partidas puntuadas: {value}",
    "settings.default_time": "el predeterminado ({time})",
    "word.on": "sí",
    "word.off": "no",
    "word.and": "y",
    "private.link": "Mesa #{table} ({game}): {link}",
    "reminder.in_place": "{player} {reminder} (Te lo digo aquí: tienes los mensajes directos cerrados para Mesa.)",
    "private.dms_closed": "{player}, Mesa no pudo enviarte por mensaje directo tu vista privada de {game} "
                          "#{table}: tienes los mensajes directos cerrados para Mesa. Pulsa **{mine}** bajo el "
                          "tablero para verla aquí, solo para ti. Para recibirla por MD, permite los mensajes "
                          "directos en este servidor (el nombre del servidor > Ajustes de privacidad > Mensajes "
                          "directos) y usa cualquier comando de Mesa.",
    "help.title": "Mesa: cómo se juega",
    "help.managers": "**Para quien gestiona el servidor:** `/{settings}`: dónde se juega, el tiempo por jugada de "
                     "las partidas nuevas, si son puntuables (y las partidas contra Mesa), cuánto esperan las "
                     "invitaciones, los límites por jugador, quién organiza torneos; `/{recompute}` rehace las "
                     "puntuaciones a partir de las partidas jugadas.",
    "help.body": "**Juegos:** {titles}. `/{rules}` explica cada uno en un minuto.\n"
                 "**Empezar una partida:** `/{play} {opt_game}:{example} {opt_opponent}:@un amigo`: la mesa tiene su "
                 "propio hilo. Sin rival, las mesas de {several} quedan abiertas a cualquiera ({join}, luego "
                 "{start}).\n"
                 "**¿Solo?** Elige a Mesa, este bot, como rival (`{opt_level}:` fácil, normal o difícil); en "
                 "{several}, `{opt_bots}:` da asientos a Mesa.\n"
                 "**Jugadas:** los botones bajo cada tablero, o `/{move}`. Tus piezas secretas solo te llegan a ti "
                 "(*{mine}*, y por mensaje directo).\n"
                 "**Tus partidas:** `/{games}` las lista, con lo que espera tu respuesta, tus torneos, y las mesas "
                 "y torneos abiertos a los que puedes unirte; `/{board}` vuelve a "
                 "publicar un tablero, `/{resign}` abandona. Hasta que alguien juegue, *{cancel}* en el primer "
                 "tablero cancela la partida, y no cuenta nada.\n"
                 "**Aprender:** `/{hint}` muestra la jugada de Mesa para ti y por qué (partidas sin puntuar contra "
                 "Mesa); `/{takeback}` deshace tu última jugada, si tu rival acepta (dos jugadores, sin azar); "
                 "`/{learn}` enseña cada juego paso a paso, en privado (responde con sus botones, o con `/{move}` si "
                 "no tienes mesa).\n"
                 "**Resultados:** `/{leaderboard}`, `/{stats}`, `/{history}`, `/{replay}`; `/{review}` es la "
                 "revisión de Mesa de una partida terminada (la última tuya, si no nombras ninguna).\n"
                 "**Torneos:** `/{tournament}` crear, apuntarse, empezar, clasificacion, emparejamientos, retirarse: "
                 "liga y suizo a lo largo de días, con las mesas de cada ronda abiertas solas.",
    "rules.title": "{game}: guía rápida",
    "rules.try": "Para jugar: /jugar juego:{name} rival:@un amigo, o elige a Mesa (este bot) como rival para jugar "
                 "con la máquina.",
    "rules.full_missing": "El reglamento completo no está disponible en este servidor.",
    "rules.full_title": "{game}: reglas completas",
    "thread.name": "{game} #{table}",
    "thread.moved": "Ya no puedo publicar en {thread} (está cerrado): la partida sigue aquí.",
    "picker.prompt": "Elige tu jugada en la mesa #{table}: {prefix}",
    "krakatoa.target": "Apuntar a {die}",
    "krakatoa.force_soft": "suave",
    "krakatoa.force_hard": "fuerte",
    "krakatoa.set": "Lanzar {set}",
    "set.steam": "Vapor",
    "set.ash": "Ceniza",
    "set.lava": "Lava",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN, "es": ES}


def lang_for(locale: Any) -> str:
    """The catalog for a Discord locale: Spanish for es-ES and es-419, English for everything else."""
    value = getattr(locale, "value", locale)
    text = str(value or "").lower()
    return "es" if text.startswith("es") else "en"


def t(key: str, lang: str = "en", **params: Any) -> str:
    """The string ``key`` in ``lang`` (English when missing), with ``params`` filled in."""
    catalog = CATALOGS.get(lang, EN)
    template = catalog.get(key) or EN.get(key) or key
    return with_levels_in(template.format(**params), lang) if params else template  # "Mesa (fácil)" in Spanish


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template uses (the catalog test compares them between languages)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# ---- leaderboards, stats, history, replays (issue 9; texts of the answers are in tables/i18n.py)
EN.update({
    "cmd.leaderboard": "leaderboard",
    "cmd.leaderboard.desc": "The best players of this server in one game",
    "cmd.stats": "stats",
    "cmd.stats.desc": "Ratings, records and rating charts of a player in this server",
    "cmd.history": "history",
    "cmd.history.desc": "Recent finished tables of a player in this server",
    "cmd.replay": "replay",
    "cmd.replay.desc": "Post an animated replay of a finished table",
    "cmd.recompute": "recompute-ratings",
    "cmd.recompute.desc": "Rebuild this server's ratings from the stored results (server managers only)",
    "opt.user": "user",
    "opt.user.desc": "Whose (default: you)",
    "opt.page": "page",
    "opt.page.desc": "Which page (10 players a page)",
    "opt.history_game.desc": "Only this game",
    "opt.history_table.desc": "List this table's moves instead (#12 → 12)",
    "opt.notation": "notation",
    "opt.notation.desc": "The moves as the games' notation records them, not in words",
    "opt.replay_table.desc": "A finished table (#12 → 12); left out, your latest finished game",
    "btn.prev": "◀ Previous",
    "btn.next": "Next ▶",
    "ok.replay_posted": "The replay of table #{table} is posted below.",
    "err.replay_too_big": "The replay of table #{table} is too large to post.",
    "err.not_manager_ratings": "Only server managers (Manage Server) can rebuild the ratings.",
})
ES.update({
    "cmd.leaderboard": "clasificacion",
    "cmd.leaderboard.desc": "Los mejores jugadores de este servidor en un juego",
    "cmd.stats": "estadisticas",
    "cmd.stats.desc": "Puntuaciones, resultados y gráficas de un jugador en este servidor",
    "cmd.history": "historial",
    "cmd.history.desc": "Mesas terminadas recientes de un jugador en este servidor",
    "cmd.replay": "repeticion",
    "cmd.replay.desc": "Publica una repetición animada de una mesa terminada",
    "cmd.recompute": "recalcular-puntuaciones",
    "cmd.recompute.desc": "Reconstruye las puntuaciones con los resultados guardados (solo gestores)",
    "opt.user": "usuario",
    "opt.user.desc": "De quién (por defecto: tú)",
    "opt.page": "pagina",
    "opt.page.desc": "Qué página (10 jugadores por página)",
    "opt.history_game.desc": "Solo este juego",
    "opt.history_table.desc": "Lista en su lugar las jugadas de esta mesa (#12 → 12)",
    "opt.notation": "notacion",
    "opt.notation.desc": "Las jugadas como las anota la notación de los juegos, no en palabras",
    "opt.replay_table.desc": "Una mesa terminada (#12 → 12); si no la das, tu última partida terminada",
    "btn.prev": "◀ Anterior",
    "btn.next": "Siguiente ▶",
    "ok.replay_posted": "La repetición de la mesa #{table} está publicada abajo.",
    "err.replay_too_big": "La repetición de la mesa #{table} es demasiado grande para publicarla.",
    "err.not_manager_ratings": "Solo quien gestiona el servidor (Gestionar servidor) puede reconstruir las "
    "puntuaciones.",
})

# ---- issue 15, defect 4: how long invitations wait (a server setting)
EN.update({
    "opt.invitations": "invitations_expire",
    "opt.invitations.desc": "How long invitations and open tables wait for players before they close",
    "choice.expiry.43200": "12 hours",
    "choice.expiry.86400": "1 day",
    "choice.expiry.259200": "3 days (default)",
    "choice.expiry.604800": "7 days",
    "choice.expiry.1209600": "14 days",
    "choice.expiry.2592000": "30 days",
    "settings.invitations": "Invitations and open tables close after: {value}",
})
ES.update({
    "opt.invitations": "caducidad_invitaciones",
    "opt.invitations.desc": "Cuánto esperan jugadores las invitaciones y mesas abiertas antes de cerrarse",
    "choice.expiry.43200": "12 horas",
    "choice.expiry.86400": "1 día",
    "choice.expiry.259200": "3 días (predeterminado)",
    "choice.expiry.604800": "7 días",
    "choice.expiry.1209600": "14 días",
    "choice.expiry.2592000": "30 días",
    "settings.invitations": "Las invitaciones y mesas abiertas se cierran tras: {value}",
})

# ---- playing Mesa (issues 17, 18)
EN.update({
    "opt.level": "level",
    "opt.level.desc": "How strong Mesa plays (choose Mesa, the bot, as an opponent, or use bots)",
    "opt.bots": "bots",
    "opt.bots.desc": "K3, Krakatoa: how many seats Mesa, the bot, takes",
    "choice.level.easy": "Easy",
    "choice.level.normal": "Normal",
    "choice.level.hard": "Hard",
    "opt.rate_mesa": "rate_mesa",
    "opt.rate_mesa.desc": "Whether games against Mesa, the bot, count for ratings (off by default)",
    "settings.rate_mesa": "Games against Mesa rated: {value}",
    "btn.fill_mesa": "Fill with Mesa",
})
ES.update({
    "opt.level": "nivel",
    "opt.level.desc": "Con qué fuerza juega Mesa (elige a Mesa, el bot, como rival, o usa bots)",
    "opt.bots": "bots",
    "opt.bots.desc": "K3, Krakatoa: cuántos asientos ocupa Mesa, el bot",
    "choice.level.easy": "Fácil",
    "choice.level.normal": "Normal",
    "choice.level.hard": "Difícil",
    "opt.rate_mesa": "puntuar_mesa",
    "opt.rate_mesa.desc": "Si las partidas contra Mesa, el bot, cuentan para las puntuaciones (no, por defecto)",
    "settings.rate_mesa": "Partidas contra Mesa puntuadas: {value}",
    "btn.fill_mesa": "Completar con Mesa",
})

# ---- a server's caps per player (issue 15, defect 10)
EN.update({
    "opt.max_invitations": "max_invitations",
    "opt.max_invitations.desc": "How many invitations or open tables one player may keep waiting (1-500, default 10)",
    "opt.max_games": "max_games",
    "opt.max_games.desc": "In how many games one player may play at once in this server (1-500, default 25)",
    "settings.caps": "Per player: {invitations} waiting, {games} at once",
})
ES.update({
    "opt.max_invitations": "max_invitaciones",
    "opt.max_invitations.desc": "Cuántas invitaciones o mesas abiertas puede tener esperando un jugador "
    "(1-500, 10 por defecto)",
    "opt.max_games": "max_partidas",
    "opt.max_games.desc": "En cuántas partidas a la vez puede jugar un jugador en este servidor "
    "(1-500, 25 por defecto)",
    "settings.caps": "Por jugador: {invitations} en espera, {games} a la vez",
})

# ---- posts Discord did not take, and advice in Discord's own words (issue 29, item 11)
EN.update({
    "err.invite_not_posted": "Discord did not let me post the invitation of table #{table}{why}. The table is "
                             "kept: I will post the invitation again by myself as soon as Discord lets me "
                             "(/{board} {opt_table}:{table} tries at once).",
    "err.post_not_posted": "Done, but Discord did not let me post the news of table #{table}{why}. It is kept: "
                           "I will post it again by myself as soon as Discord lets me.",
    "post.why_forbidden": " (a permission is missing in that channel: ask a server manager to give me Send "
                          "Messages, Send Messages in Threads and Attach Files there)",
    "post.why_failed": " (Discord answered with an error)",
    "err.post_gone": "Done, but the channel of table #{table} was deleted, so I can no longer post its news there; "
                     "its players have been told privately.",
    "err.invite_gone": "Discord says the channel of table #{table} was deleted, so I could not post its invitation "
                       "there; its players have been told privately. Start a game in a channel that is still there.",
    "gone.table": "The channel where {game} #{table} was played has been deleted, so I can no longer post its "
                  "boards. The game is kept, but nobody can see it any more: end it with "
                  "/{resign} {opt_table}:{table}, and start another in a channel that is still there with /{play} "
                  "(/{games} lists your tables).",
    "gone.tournament": "The channel of tournament #{id} ({title}) has been deleted, so I can no longer announce its "
                       "rounds: the tournament is cancelled, and nothing more counts for it ({standings} shows where "
                       "it stopped). Its games still in play go on as ordinary games. {organiser} (or anyone) can "
                       "start a new one in another channel with /{create}.",
    "gone.tournament.open": "The channel of tournament #{id} ({title}) has been deleted before it started, so the "
                            "tournament is closed: nothing was played. {organiser} (or anyone) can create it again "
                            "in another channel with /{create}.",
    "err.channel_not_allowed": "Games cannot be started in this channel on this server: start one in {channels}.",
    "err.host_cannot_leave": "You are the host of table #{table}: cancel it with its {button} button instead.",
    "err.same_invitation": "You already have this {game} invitation open: table #{table}. Cancel it with the "
                           "{button} button under it (/{board} {opt_table}:{table} shows it again) before opening "
                           "another.",
    "err.too_many_invitations": "You already have {count} waiting on this server (the most it allows is {max}). "
                                "Cancel one with the {button} button under its invitation (/{games} lists them), "
                                "or wait until one starts, then invite again.",
    # options named as the reader's Discord shows them, where the service's words are the console's ``name=value``
    "err.unknown_option": "{game} has no option {option}. What `{opt_variant}` takes: {own}; `{opt_seat}`, "
                          "`{opt_rated}` and `{opt_time_per_move}` are options of `/{play}` itself.",
    "err.tournament_unknown_option": "A {game} tournament has no option {option}. What `{opt_variant}` takes: "
                                     "{own}; the others are options of `/{create}` itself.",
    "err.level_without_mesa": "`{opt_level}` chooses how Mesa plays, but no seat here is Mesa's: choose me (Mesa) "
                              "as an opponent, or set `{opt_bots}` (one per Mesa seat), or leave `{opt_level}` out.",
    "err.double_swiss": "`{opt_double}` is for round robins (everyone meets twice); a {swiss} tournament's length "
                        "is its `{opt_rounds}`.",
    "err.rounds_rr": "A round robin has as many rounds as it needs for everyone to meet: leave `{opt_rounds}` out, "
                     "or choose `{opt_format}: {swiss}`.",
    "err.max_too_few": "A {game} tournament needs at least {min} players to start, so `{opt_max_players}: {value}` "
                       "would never let it start: choose `{opt_max_players}` from {min} to {high}.",
    "err.groups_only": "A {game} tournament seats its players at tables of 3 or 4, grouped by standing each round "
                       "(a game of {game} takes 2 to 4, but a round robin of such tables cannot be drawn up): "
                       "choose `{opt_format}: {swiss}`.",
})
ES.update({
    "err.invite_not_posted": "Discord no me dejó publicar la invitación de la mesa #{table}{why}. La mesa se "
                             "conserva: volveré a publicar la invitación yo mismo en cuanto Discord me deje "
                             "(/{board} {opt_table}:{table} lo intenta ya).",
    "err.post_not_posted": "Hecho, pero Discord no me dejó publicar la novedad de la mesa #{table}{why}. Se "
                           "conserva: la volveré a publicar yo mismo en cuanto Discord me deje.",
    "post.why_forbidden": " (falta un permiso en ese canal: pide a un administrador que me dé Enviar mensajes, "
                          "Enviar mensajes en hilos y Adjuntar archivos allí)",
    "post.why_failed": " (Discord respondió con un error)",
    "err.post_gone": "Hecho, pero el canal de la mesa #{table} se ha borrado, así que ya no puedo publicar allí sus "
                     "novedades; sus jugadores han recibido un aviso en privado.",
    "err.invite_gone": "Discord dice que el canal de la mesa #{table} se ha borrado, así que no pude publicar allí "
                       "su invitación; sus jugadores han recibido un aviso en privado. Empieza una partida en un canal "
                       "que siga existiendo.",
    "gone.table": "El canal donde se jugaba {game} #{table} se ha borrado, así que ya no puedo publicar sus "
                  "tableros. La partida se conserva, pero nadie puede verla ya: termínala con "
                  "/{resign} {opt_table}:{table} y empieza otra en un canal que siga existiendo con /{play} "
                  "(/{games} lista tus mesas).",
    "gone.tournament": "El canal del torneo #{id} ({title}) se ha borrado, así que ya no puedo anunciar sus rondas: "
                       "el torneo queda cancelado y nada más cuenta para él ({standings} muestra dónde se quedó). "
                       "Sus partidas en juego siguen como partidas normales. {organiser} (o cualquiera) puede "
                       "empezar otro en otro canal con /{create}.",
    "gone.tournament.open": "El canal del torneo #{id} ({title}) se ha borrado antes de que empezara, así que el "
                            "torneo queda cerrado: no se jugó nada. {organiser} (o cualquiera) puede crearlo de nuevo "
                            "en otro canal con /{create}.",
    "err.channel_not_allowed": "En este servidor no se pueden empezar partidas en este canal: empieza una en "
                               "{channels}.",
    "err.host_cannot_leave": "Eres el anfitrión de la mesa #{table}: cancélala con su botón {button}.",
    "err.same_invitation": "Ya tienes abierta esta invitación de {game}: mesa #{table}. Cancélala con el botón "
                           "{button} que tiene debajo (/{board} {opt_table}:{table} la vuelve a mostrar) antes de "
                           "abrir otra.",
    "err.too_many_invitations": "Ya tienes {count} esperando en este servidor (el máximo permitido es {max}). "
                                "Cancela una con el botón {button} bajo su invitación (/{games} las lista), o "
                                "espera a que empiece alguna, y vuelve a invitar.",
    "err.unknown_option": "{game} no tiene la opción {option}. En `{opt_variant}` van: {own}; `{opt_seat}`, "
                          "`{opt_rated}` y `{opt_time_per_move}` son opciones del propio `/{play}`.",
    "err.tournament_unknown_option": "Un torneo de {game} no tiene la opción {option}. En `{opt_variant}` van: "
                                     "{own}; las demás son opciones del propio `/{create}`.",
    "err.level_without_mesa": "`{opt_level}` elige cómo juega Mesa, pero aquí ningún asiento es de Mesa: elígeme "
                              "(Mesa) como rival, o pon `{opt_bots}` (uno por asiento de Mesa), o no indiques "
                              "`{opt_level}`.",
    "err.double_swiss": "`{opt_double}` es para ligas (todos se enfrentan dos veces); lo que dura un torneo "
                        "{swiss} lo dicen sus `{opt_rounds}`.",
    "err.rounds_rr": "Una liga tiene las rondas que hacen falta para que todos se enfrenten: deja `{opt_rounds}` "
                     "vacío, o elige `{opt_format}: {swiss}`.",
    "err.max_too_few": "Un torneo de {game} necesita al menos {min} jugadores para empezar, así que con "
                       "`{opt_max_players}: {value}` nunca podría empezar: elige `{opt_max_players}` entre {min} y "
                       "{high}.",
    "err.groups_only": "Un torneo de {game} sienta a sus jugadores en mesas de 3 o 4, agrupados según la "
                       "clasificación en cada ronda (una partida de {game} admite de 2 a 4, pero no hay liga posible "
                       "con esas mesas): elige `{opt_format}: {swiss}`.",
})

# ---- learning the games: hints and takebacks (issue 30)
EN.update({
    "cmd.hint": "hint",
    "cmd.hint.desc": "Mesa's move for you and why, privately; not played (unrated games against Mesa)",
    "cmd.takeback": "takeback",
    "cmd.takeback.desc": "Take back your last move and the reply, or answer a request (two players, no chance)",
    "opt.takeback_action.desc": "Ask (the default), or accept or decline your opponent's request",
    "choice.takeback.ask": "ask",
    "choice.takeback.accept": "accept",
    "choice.takeback.decline": "decline",
    "btn.hint": "Hint",
    "btn.play_hint": "Play it",
    "btn.takeback_accept": "Accept takeback",
    "ok.takeback_asked": "Asked: your opponent accepts or declines.",
    "ok.taken_back": "Taken back: the board is posted again.",
    "ok.takeback_mesa_declined": "Mesa takes no moves back in a rated game: play on.",
    "opt.history_table.desc": "One table's moves and takebacks (its number)",
    "cmd.learn": "learn",
    "cmd.learn.desc": "Lessons: a short course per game, step by step, just for you (never rated)",
    "opt.learn_game.desc": "The game's course (none: list the courses and your progress)",
    "opt.step": "step",
    "opt.step.desc": "restart, hint (the step's hint), or a step number to go to",
    "opt.answer": "answer",
    "opt.answer.desc": "Your move for the step's task",
})
ES.update({
    "cmd.hint": "pista",
    "cmd.hint.desc": "La jugada de Mesa para ti y por qué, en privado; no se juega (partidas sin puntuar contra Mesa)",
    "cmd.takeback": "deshacer",
    "cmd.takeback.desc": "Deshaz tu última jugada y la respuesta, o responde a una petición (dos jugadores, sin azar)",
    "opt.takeback_action.desc": "Pedir (por defecto), o aceptar o rechazar la petición de tu rival",
    "choice.takeback.ask": "pedir",
    "choice.takeback.accept": "aceptar",
    "choice.takeback.decline": "rechazar",
    "btn.hint": "Pista",
    "btn.play_hint": "Jugarla",
    "btn.takeback_accept": "Aceptar deshacer",
    "ok.takeback_asked": "Pedido: tu rival acepta o rechaza.",
    "ok.taken_back": "Deshecho: el tablero se publica de nuevo.",
    "ok.takeback_mesa_declined": "Mesa no deshace jugadas en una partida puntuada: sigue jugando.",
    "opt.history_table.desc": "Las jugadas y lo deshecho de una mesa (su número)",
    "cmd.learn": "aprender",
    "cmd.learn.desc": "Lecciones: un curso corto por juego, paso a paso, solo para ti (nunca puntúa)",
    "opt.learn_game.desc": "El curso del juego (ninguno: lista los cursos y tu progreso)",
    "opt.step": "paso",
    "opt.step.desc": "reiniciar, pista (la pista del paso) o el número de un paso al que ir",
    "opt.answer": "respuesta",
    "opt.answer.desc": "Tu jugada para la tarea del paso",
})

# ---- lessons answered with the usual controls (issue 30; cogs/lessons.py)
EN.update({
    "btn.lesson_pick": "Pick a move…",
    "btn.lesson_again": "Start this step again",
    "btn.lesson_restart": "Restart course",
    "lesson.how.dm": "Answer with *{pick}* below, or type it in `/{learn}`'s *{answer}*.",
    "lesson.how.typed.dm": "Answer by typing it in `/{learn}`'s *{answer}*: there are too many to pick from a list "
    "(*{hint}* shows how it is written).",
    "lesson.again.dm": "Try again: *{pick}* below, or `/{learn}`'s *{answer}*.",
    "lesson.pick.typed.dm": "This step has too many possible answers to pick from a list: type yours in `/{learn}`'s "
    "*{answer}*. How it is written: {hint}",
    "lesson.how": "Answer with *{pick}* below, or with `/{move}` (with a game in play, `/{move}` plays there: "
    "type the answer in `/{learn}`'s *{answer}* instead).",
    "lesson.again": "Try again: *{pick}* below, or `/{move}`.",
    "lesson.picker.prompt": "Your answer at step {step} of {title}: {prefix}",
    "lesson.how.typed": "Answer by typing it with `/{move}` (with a game in play, `/{move}` plays there: use "
    "`/{learn}`'s *{answer}*): there are too many to pick from a list (*{hint}* shows how it is written).",
    "lesson.pick.typed": "This step has too many possible answers to pick from a list: type yours with `/{move}`. "
    "How it is written: {hint}",
    "err.hint.unlisted": " Build your pyramid, or have one proposed: *{button}* under the board. Typed, "
    "yours is build:{seat}: then its rows from the top, split by /.",
    "err.lesson_not_a_table": "You have no game here for `/{command}`. Your lesson goes on: answer its step with "
    "*{pick}* or `/{move}` (`/{learn} {opt_game}:{game}` shows the step again).",
})
ES.update({
    "btn.lesson_pick": "Elegir jugada…",
    "btn.lesson_again": "Repetir este paso",
    "btn.lesson_restart": "Reiniciar el curso",
    "lesson.how.dm": "Responde con *{pick}* aquí debajo, o escríbela en *{answer}* de `/{learn}`.",
    "lesson.how.typed.dm": "Responde escribiéndola en *{answer}* de `/{learn}`: hay demasiadas para elegir de una "
    "lista (*{hint}* muestra cómo se escribe).",
    "lesson.again.dm": "Prueba otra vez: *{pick}* aquí debajo, o *{answer}* de `/{learn}`.",
    "lesson.pick.typed.dm": "Este paso tiene demasiadas respuestas posibles para elegirlas de una lista: escribe la "
    "tuya en *{answer}* de `/{learn}`. Cómo se escribe: {hint}",
    "lesson.how": "Responde con *{pick}* aquí debajo, o con `/{move}` (si tienes una partida en juego, `/{move}` "
    "juega allí: escribe la respuesta en *{answer}* de `/{learn}`).",
    "lesson.again": "Prueba otra vez: *{pick}* aquí debajo, o `/{move}`.",
    "lesson.picker.prompt": "Tu respuesta en el paso {step} de {title}: {prefix}",
    "lesson.how.typed": "Responde escribiéndola con `/{move}` (si tienes una partida en juego, `/{move}` juega "
    "allí: usa *{answer}* de `/{learn}`): hay demasiadas para elegir de una lista (*{hint}* muestra cómo se "
    "escribe).",
    "lesson.pick.typed": "Este paso tiene demasiadas respuestas posibles para elegirlas de una lista: escribe la tuya "
    "con `/{move}`. Cómo se escribe: {hint}",
    "err.hint.unlisted": " Monta tu pirámide, o pide que te propongan una: *{button}* bajo el tablero. "
    "Escrita, la tuya es build:{seat}: y sus filas desde arriba, separadas por /.",
    "err.lesson_not_a_table": "No tienes ninguna partida aquí para `/{command}`. Tu lección sigue: responde a su paso "
    "con *{pick}* o `/{move}` (`/{learn} {opt_game}:{game}` muestra otra vez el paso).",
})

# ---- reviews of finished games (issue 32; the review's own words are in tables/i18n.py)
EN.update({
    "cmd.review": "review",
    "cmd.review.desc": "Mesa's review of a finished game: who was winning, the turning points, the mistakes",
    "opt.review_table.desc": "A finished table (#12 → 12); left out, your latest finished game",
    "btn.review": "Review",
    "review.attached": "The whole review is in the file attached.",
    "review.late": "Your review of table #{table} is still being made ({percent} %), and Discord lets me answer here "
    "for 15 minutes only. It goes on and is kept: in a few minutes ask again with `/{review} {option}:{table}` (or "
    "*{button}* under the result), and it comes at once.",
    "review.restarting": "Mesa is restarting, so your review of table #{table} stopped at {percent} %. In a minute or "
    "two ask again with `/{review} {option}:{table}` (or *{button}* under the result).",
})
ES.update({
    "cmd.review": "revision",
    "cmd.review.desc": "Revisión de Mesa de una partida terminada: quién iba ganando, momentos clave y errores",
    "opt.review_table.desc": "Una mesa terminada (#12 → 12); si no la das, tu última partida terminada",
    "btn.review": "Revisión",
    "review.attached": "La revisión completa está en el archivo adjunto.",
    "review.late": "Tu revisión de la mesa #{table} todavía se está haciendo ({percent} %), y Discord solo me deja "
    "responder aquí durante 15 minutos. Sigue haciéndose y se guarda: dentro de unos minutos vuelve a pedirla con "
    "`/{review} {option}:{table}` (o *{button}* bajo el resultado) y llegará al momento.",
    "review.restarting": "Mesa se está reiniciando, así que tu revisión de la mesa #{table} se paró en el {percent} %. "
    "Dentro de un par de minutos vuelve a pedirla con `/{review} {option}:{table}` (o *{button}* bajo el resultado).",
})

# ---- tournaments (issue 31, cogs/tournaments.py; the announcements' words are in tables/i18n.py)
EN.update({
    "cmd.tournament": "tournament",
    "cmd.tournament.desc": "Tournaments in this server: round robin and Swiss, played across days",
    "cmd.tournament.create": "create",
    "cmd.tournament.create.desc": "Create a tournament: players join, then the organiser starts it",
    "cmd.tournament.join": "join",
    "cmd.tournament.join.desc": "Enter a tournament that has not started yet",
    "cmd.tournament.leave": "leave",
    "cmd.tournament.leave.desc": "Leave a tournament before it starts",
    "cmd.tournament.start": "start",
    "cmd.tournament.start.desc": "Start a tournament: round 1 is paired and its tables open (organiser)",
    "cmd.tournament.standings": "standings",
    "cmd.tournament.standings.desc": "The standings: points, Buchholz, Sonneborn-Berger, with a picture",
    "cmd.tournament.pairings": "pairings",
    "cmd.tournament.pairings.desc": "Who plays whom in a round (default: the current round)",
    "cmd.tournament.withdraw": "withdraw",
    "cmd.tournament.withdraw.desc": "Withdraw from a running tournament: your game in play is a forfeit",
    "cmd.tournament.cancel": "cancel",
    "cmd.tournament.cancel.desc": "Cancel a tournament (organiser); tables in play go on as ordinary games",
    "cmd.tournament.remove": "remove",
    "cmd.tournament.remove.desc": "Take a player off a tournament (organiser, or Manage Server)",
    "opt.format": "format",
    "opt.format.desc": "Swiss (paired by score each round) or round robin (everyone meets everyone)",
    "opt.rounds": "rounds",
    "opt.rounds.desc": "How many rounds a Swiss plays (default: enough for a clear winner)",
    "opt.double": "double",
    "opt.double.desc": "Round robin only: everyone meets everyone twice, moving first once each",
    "opt.tournament_rated.desc": "Whether the tournament's games count on the server's leaderboard",
    "opt.max_players": "max_players",
    "opt.max_players.desc": "The most players who may join (default 64, at most 256)",
    "opt.mesa_fills": "mesa_fills",
    "opt.mesa_fills.desc": "Mesa plays whoever would sit out a round (a bye or an empty seat)",
    "opt.number": "number",
    "opt.number.desc": "The tournament's number (only needed when several are open)",
    "opt.round": "round",
    "opt.round.desc": "Which round (default: the current one)",
    "opt.player": "player",
    "opt.player.desc": "The player to take off the tournament",
    "opt.organisers": "tournaments",
    "opt.organisers.desc": "Who may create, start and cancel tournaments",
    "choice.format.swiss": "Swiss",
    "choice.format.round-robin": "round robin",
    "choice.organisers.anyone": "anyone",
    "choice.organisers.managers": "server managers only (Manage Server)",
    "settings.organisers": "Who may create, start and cancel tournaments: {value}",
    "settings.organisers.anyone": "anyone",
    "settings.organisers.managers": "server managers only",
    "tour.more": "… and {n} more lines",
})
ES.update({
    "cmd.tournament": "torneo",
    "cmd.tournament.desc": "Torneos en este servidor: liga y suizo, jugados a lo largo de días",
    "cmd.tournament.create": "crear",
    "cmd.tournament.create.desc": "Crea un torneo: los jugadores se apuntan y quien lo organiza lo empieza",
    "cmd.tournament.join": "apuntarse",
    "cmd.tournament.join.desc": "Apúntate a un torneo que aún no ha empezado",
    "cmd.tournament.leave": "borrarse",
    "cmd.tournament.leave.desc": "Bórrate de un torneo antes de que empiece",
    "cmd.tournament.start": "empezar",
    "cmd.tournament.start.desc": "Empieza un torneo: se empareja la ronda 1 y se abren sus mesas (organizador)",
    "cmd.tournament.standings": "clasificacion",
    "cmd.tournament.standings.desc": "La clasificación: puntos, Buchholz, Sonneborn-Berger, con una imagen",
    "cmd.tournament.pairings": "emparejamientos",
    "cmd.tournament.pairings.desc": "Quién juega contra quién en una ronda (por defecto: la actual)",
    "cmd.tournament.withdraw": "retirarse",
    "cmd.tournament.withdraw.desc": "Retírate de un torneo en juego: tu partida en curso se da por perdida",
    "cmd.tournament.cancel": "cancelar",
    "cmd.tournament.cancel.desc": "Cancela un torneo (organizador); las mesas en juego siguen como partidas normales",
    "cmd.tournament.remove": "quitar",
    "cmd.tournament.remove.desc": "Quita a un jugador de un torneo (organizador, o Gestionar servidor)",
    "opt.format": "formato",
    "opt.format.desc": "suizo (emparejado por puntos cada ronda) o liga (todos contra todos)",
    "opt.rounds": "rondas",
    "opt.rounds.desc": "Cuántas rondas juega un suizo (por defecto: las justas para un ganador claro)",
    "opt.double": "doble",
    "opt.double.desc": "Solo liga: todos se enfrentan dos veces, empezando una vez cada uno",
    "opt.tournament_rated.desc": "Si las partidas del torneo cuentan en la clasificación del servidor",
    "opt.max_players": "max_jugadores",
    "opt.max_players.desc": "Cuántos jugadores pueden apuntarse como mucho (por defecto 64, máximo 256)",
    "opt.mesa_fills": "mesa_completa",
    "opt.mesa_fills.desc": "Mesa juega contra quien se quedaría sin jugar una ronda (descanso o asiento vacío)",
    "opt.number": "numero",
    "opt.number.desc": "El número del torneo (solo si hay varios abiertos)",
    "opt.round": "ronda",
    "opt.round.desc": "Qué ronda (por defecto: la actual)",
    "opt.player": "jugador",
    "opt.player.desc": "El jugador que se quita del torneo",
    "opt.organisers": "torneos",
    "opt.organisers.desc": "Quién puede crear, empezar y cancelar torneos",
    "choice.format.swiss": "suizo",
    "choice.format.round-robin": "liga (todos contra todos)",
    "choice.organisers.anyone": "cualquiera",
    "choice.organisers.managers": "solo quien gestiona el servidor (Gestionar servidor)",
    "settings.organisers": "Quién puede crear, empezar y cancelar torneos: {value}",
    "settings.organisers.anyone": "cualquiera",
    "settings.organisers.managers": "solo quien gestiona el servidor",
    "tour.more": "… y {n} líneas más",
})
