"""Texts of every outbox message and error: ``t(key, lang, **params)``.

The service never writes sentences; it sends keys and params, and each front end renders them in
the reader's language.  Catalogs are plain dicts, one per language, and must hold the same keys
(a test checks it); the Discord layer adds its own keys to the same dicts.  A missing key falls
back to English, then to the key itself; a missing param is left as ``{name}`` rather than raising,
so a wrong template can never lose a move's report.

Params are plain values.  Game notation (moves, positions, outcome lines of the rules documents)
stays as the rules write it, in every language.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    # ---- invitations
    "invite.challenge": "{host} invites {invited} to a game of {game} (table #{table}; {time} per move, "
    "rated {rated}).",
    "invite.open": "{host} opened a {game} table #{table}: {players} ({count}/{max} seated, {min} needed; "
    "{time} per move, rated {rated}).",
    "invite.accepted": "{name} accepted the {game} invitation (table #{table}).",
    "invite.declined": "{name} declined the {game} invitation; table #{table} is closed.",
    "invite.declined_seat": "{name} declined the {game} invitation (table #{table}).",
    "invite.joined": "{name} joined {game} table #{table} ({count}/{max}).",
    "invite.left": "{name} left {game} table #{table}.",
    # ---- the board
    "board.start": "{game} #{table} begins: {players}.\n{turn} to move (deadline {deadline}).",
    "board.start_score": "{game} #{table} begins: {players}.\n{turn} to move (deadline {deadline}). Score: {status}",
    "board.turn": "{game} #{table} · {moves}\n{turn} to move (deadline {deadline}).",
    "board.turn_score": "{game} #{table} · {moves}\n{turn} to move (deadline {deadline}). Score: {status}",
    "board.build": "{game} #{table} · {moves}\nBuilding pyramids: waiting for {turn} (deadline {deadline}).",
    "board.build_score": "{game} #{table} · {moves}\nBuilding pyramids: waiting for {turn} (deadline {deadline}). "
    "Score: {status}",
    "board.final": "{game} #{table} · {moves}\nThe game is over: {players}.",
    "board.final_score": "{game} #{table} · {moves}\nThe game is over: {players}. Final score: {status}",
    "board.over": "{game} #{table}: the game is over: {players}.",
    "board.over_score": "{game} #{table}: the game is over: {players}. Final score: {status}",
    # ---- results
    "result.win": "{winners} wins {game} #{table}! ({detail})",
    "result.win.time": "{winners} wins {game} #{table}: {loser} ran out of time.",
    "result.win.resign": "{winners} wins {game} #{table}: {loser} resigned.",
    "result.win.agreement": "{winners} wins {game} #{table} ({detail}).",
    "result.draw": "{game} #{table} ends in a draw ({detail}).",
    "result.draw.time": "{game} #{table} is over: every player ran out of time.",
    "result.draw.resign": "{game} #{table} is over: every player resigned.",
    "result.draw.agreement": "{game} #{table} ends in a draw by agreement.",
    "result.standings": "{game} #{table} is over ({detail}). Standings: {standings}",
    "result.standings.time": "{game} #{table} is over: {loser} ran out of time. Standings: {standings}",
    "result.standings.resign": "{game} #{table} is over: {loser} resigned. Standings: {standings}",
    "result.standings.agreement": "{game} #{table} is over by agreement. Standings: {standings}",
    # ---- table news
    "info.aborted": "{name} cancelled {game} table #{table}.",
    "info.draw_offered": "{name} offers a draw in {game} #{table} (any move refuses it).",
    "info.draw_declined": "{name} declined the draw offer in {game} #{table}.",
    "info.timeout": "{name} ran out of time in {game} #{table}.",
    "info.timeout_auto": "{name} ran out of time in {game} #{table}; the move was played automatically (auto).",
    "info.out.resign": "{name} resigned from {game} #{table}; their moves are now played automatically and "
    "they will be placed last.",
    "info.out.time": "{name} ran out of time in {game} #{table} and is out; their moves are now played "
    "automatically and they will be placed last.",
    # ---- private messages and reminders
    "private.view": "Your view of {game} #{table} (only you see this): {position}",
    "reminder.half": "Half of your time to move in {game} #{table} is gone: {left} left (deadline {deadline}).",
    "reminder.late": "Hurry: only {left} left to move in {game} #{table} (deadline {deadline}).",
    # ---- refusals
    "error.no_table": "There is no table #{table}.",
    "error.no_table_here": "You have no active game here. Start one with /play, or name the table.",
    "error.several_tables": "You have several games here: choose one with the table option ({tables}).",
    "error.damaged": "This table's record (#{table}) is damaged and cannot be played; the other tables are fine. "
    "Please tell the server's admins.",
    "error.unknown_game": "There is no game called {game}. Choose one of: {games}.",
    "error.self_play": "You cannot play against yourself: invite someone else.",
    "error.duplicate_player": "A player is named twice: invite each player once.",
    "error.too_many_players": "{game} takes at most {max} players.",
    "error.needs_opponent": "{game} is for two players: name your opponent.",
    "error.channel_not_allowed": "Games cannot be started in this channel on this server.",
    "error.bad_option": "The option {option} cannot be {value}: use one of {allowed}.",
    "error.bad_time": "The time per move must be between 1h and 14d (for example 1h, 90m, 3d), not {value}.",
    "error.bad_game_option": "{detail}. Allowed options: {allowed}.",
    "error.already_started": "Table #{table} has already started.",
    "error.not_active": "Table #{table} is no longer running.",
    "error.not_started": "Table #{table} has not started yet.",
    "error.game_over": "The game at table #{table} is over.",
    "error.not_invited": "You have no pending invitation at table #{table}.",
    "error.already_accepted": "You already accepted the invitation at table #{table}.",
    "error.already_seated": "You already have a seat at table #{table}.",
    "error.invite_only": "Table #{table} is by invitation only.",
    "error.table_full": "Table #{table} is full ({max} players).",
    "error.use_resign": "The game at table #{table} has started: use /resign to leave it.",
    "error.host_cannot_leave": "You are the host of table #{table}: cancel it with /abort instead.",
    "error.host_only": "Only the host of table #{table} can do that.",
    "error.not_enough_players": "Table #{table} needs at least {min} players to start.",
    "error.abort_too_late": "Moves have been played at table #{table}: it can no longer be cancelled "
    "(use /resign).",
    "error.not_seated": "You are not playing at table #{table}.",
    "error.you_are_out": "You are out of the game at table #{table}.",
    "error.stale": "The board changed in the meantime; here it is again. Please choose your move again.",
    "error.not_your_turn": "It is not your turn: it is {player}'s turn.",
    "error.not_your_move": "That move belongs to another player.",
    "error.bad_move": "{move} cannot be played: {detail}",
    "error.no_build_now": "There is no pyramid for you to build now at table #{table}.",
    "error.no_draws": "{game} has no draw offers.",
    "error.draw_already_offered": "You have already offered a draw; wait for the answer.",
    "error.no_draw_offer": "There is no draw offer for you to answer.",
}

ES: dict[str, str] = {
    "invite.challenge": "{host} invita a {invited} a una partida de {game} (mesa #{table}; {time} por jugada, "
    "puntuable {rated}).",
    "invite.open": "{host} abrió una mesa de {game} #{table}: {players} ({count}/{max} sentados, se necesitan "
    "{min}; {time} por jugada, puntuable {rated}).",
    "invite.accepted": "{name} aceptó la invitación a {game} (mesa #{table}).",
    "invite.declined": "{name} rechazó la invitación a {game}; la mesa #{table} queda cerrada.",
    "invite.declined_seat": "{name} rechazó la invitación a {game} (mesa #{table}).",
    "invite.joined": "{name} se unió a la mesa de {game} #{table} ({count}/{max}).",
    "invite.left": "{name} dejó la mesa de {game} #{table}.",
    "board.start": "Empieza {game} #{table}: {players}.\nLe toca a {turn} (plazo {deadline}).",
    "board.start_score": "Empieza {game} #{table}: {players}.\nLe toca a {turn} (plazo {deadline}). "
    "Puntuación: {status}",
    "board.turn": "{game} #{table} · {moves}\nLe toca a {turn} (plazo {deadline}).",
    "board.turn_score": "{game} #{table} · {moves}\nLe toca a {turn} (plazo {deadline}). Puntuación: {status}",
    "board.build": "{game} #{table} · {moves}\nConstrucción de pirámides: falta {turn} (plazo {deadline}).",
    "board.build_score": "{game} #{table} · {moves}\nConstrucción de pirámides: falta {turn} (plazo {deadline}). "
    "Puntuación: {status}",
    "board.final": "{game} #{table} · {moves}\nLa partida ha terminado: {players}.",
    "board.final_score": "{game} #{table} · {moves}\nLa partida ha terminado: {players}. Puntuación final: {status}",
    "board.over": "{game} #{table}: la partida ha terminado: {players}.",
    "board.over_score": "{game} #{table}: la partida ha terminado: {players}. Puntuación final: {status}",
    "result.win": "¡{winners} gana {game} #{table}! ({detail})",
    "result.win.time": "{winners} gana {game} #{table}: a {loser} se le acabó el tiempo.",
    "result.win.resign": "{winners} gana {game} #{table}: {loser} abandonó.",
    "result.win.agreement": "{winners} gana {game} #{table} ({detail}).",
    "result.draw": "{game} #{table} termina en tablas ({detail}).",
    "result.draw.time": "{game} #{table} ha terminado: a todos se les acabó el tiempo.",
    "result.draw.resign": "{game} #{table} ha terminado: todos abandonaron.",
    "result.draw.agreement": "{game} #{table} termina en tablas de mutuo acuerdo.",
    "result.standings": "{game} #{table} ha terminado ({detail}). Clasificación: {standings}",
    "result.standings.time": "{game} #{table} ha terminado: a {loser} se le acabó el tiempo. "
    "Clasificación: {standings}",
    "result.standings.resign": "{game} #{table} ha terminado: {loser} abandonó. Clasificación: {standings}",
    "result.standings.agreement": "{game} #{table} ha terminado de mutuo acuerdo. Clasificación: {standings}",
    "info.aborted": "{name} canceló la mesa de {game} #{table}.",
    "info.draw_offered": "{name} ofrece tablas en {game} #{table} (cualquier jugada las rechaza).",
    "info.draw_declined": "{name} rechazó la oferta de tablas en {game} #{table}.",
    "info.timeout": "A {name} se le acabó el tiempo en {game} #{table}.",
    "info.timeout_auto": "A {name} se le acabó el tiempo en {game} #{table}; la jugada se hizo automáticamente "
    "(auto).",
    "info.out.resign": "{name} abandonó {game} #{table}; sus jugadas se harán automáticamente y quedará en "
    "último lugar.",
    "info.out.time": "A {name} se le acabó el tiempo en {game} #{table} y queda fuera; sus jugadas se harán "
    "automáticamente y quedará en último lugar.",
    "private.view": "Tu vista de {game} #{table} (solo la ves tú): {position}",
    "reminder.half": "Ya pasó la mitad de tu tiempo para jugar en {game} #{table}: quedan {left} "
    "(plazo {deadline}).",
    "reminder.late": "Date prisa: solo quedan {left} para jugar en {game} #{table} (plazo {deadline}).",
    "error.no_table": "No existe la mesa #{table}.",
    "error.no_table_here": "No tienes ninguna partida activa aquí. Empieza una con /jugar o indica la mesa.",
    "error.several_tables": "Tienes varias partidas aquí: elige una con la opción mesa ({tables}).",
    "error.damaged": "El registro de esta mesa (#{table}) está dañado y no se puede jugar; las demás mesas "
    "funcionan. Avisa a los administradores del servidor.",
    "error.unknown_game": "No existe el juego {game}. Elige uno de: {games}.",
    "error.self_play": "No puedes jugar contra ti mismo: invita a otra persona.",
    "error.duplicate_player": "Un jugador aparece dos veces: invita a cada jugador una sola vez.",
    "error.too_many_players": "{game} admite como máximo {max} jugadores.",
    "error.needs_opponent": "{game} es para dos jugadores: nombra a tu rival.",
    "error.channel_not_allowed": "En este servidor no se pueden empezar partidas en este canal.",
    "error.bad_option": "La opción {option} no puede ser {value}: usa uno de {allowed}.",
    "error.bad_time": "El tiempo por jugada debe estar entre 1h y 14d (por ejemplo 1h, 90m, 3d), no {value}.",
    "error.bad_game_option": "{detail}. Opciones permitidas: {allowed}.",
    "error.already_started": "La mesa #{table} ya ha empezado.",
    "error.not_active": "La mesa #{table} ya no está en juego.",
    "error.not_started": "La mesa #{table} aún no ha empezado.",
    "error.game_over": "La partida de la mesa #{table} ha terminado.",
    "error.not_invited": "No tienes ninguna invitación pendiente en la mesa #{table}.",
    "error.already_accepted": "Ya aceptaste la invitación de la mesa #{table}.",
    "error.already_seated": "Ya tienes asiento en la mesa #{table}.",
    "error.invite_only": "La mesa #{table} es solo por invitación.",
    "error.table_full": "La mesa #{table} está completa ({max} jugadores).",
    "error.use_resign": "La partida de la mesa #{table} ya empezó: usa /resign para dejarla.",
    "error.host_cannot_leave": "Eres el anfitrión de la mesa #{table}: cancélala con /abort.",
    "error.host_only": "Solo el anfitrión de la mesa #{table} puede hacer eso.",
    "error.not_enough_players": "La mesa #{table} necesita al menos {min} jugadores para empezar.",
    "error.abort_too_late": "Ya se han hecho jugadas en la mesa #{table}: no se puede cancelar (usa /resign).",
    "error.not_seated": "No estás jugando en la mesa #{table}.",
    "error.you_are_out": "Estás fuera de la partida en la mesa #{table}.",
    "error.stale": "El tablero cambió mientras tanto; aquí está de nuevo. Vuelve a elegir tu jugada.",
    "error.not_your_turn": "No es tu turno: le toca a {player}.",
    "error.not_your_move": "Esa jugada es de otro jugador.",
    "error.bad_move": "No se puede jugar {move}: {detail}",
    "error.no_build_now": "Ahora no tienes ninguna pirámide que construir en la mesa #{table}.",
    "error.no_draws": "{game} no tiene ofertas de tablas.",
    "error.draw_already_offered": "Ya ofreciste tablas; espera la respuesta.",
    "error.no_draw_offer": "No hay ninguna oferta de tablas que responder.",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN, "es": ES}
DEFAULT_LANG = "en"


class _Params(dict):
    """Leaves an unknown ``{name}`` in place instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def lang_for_locale(locale: str | None) -> str:
    """``es-ES`` / ``es-419`` -> ``es``; anything without a catalog -> ``en``."""
    if not locale:
        return DEFAULT_LANG
    base = str(locale).replace("_", "-").split("-")[0].lower()
    return base if base in CATALOGS else DEFAULT_LANG


def t(key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The text of ``key`` in ``lang`` (falling back to English, then to the key)."""
    catalog = CATALOGS.get(lang_for_locale(lang), EN)
    template = catalog.get(key) or EN.get(key)
    if template is None:
        return key
    return template.format_map(_Params(params))


# ---- leaderboards, stats, history, replays (issue 9): shared by the console and Discord
EN.update({
    "error.replay_elsewhere": "There is no table #{table} in this server.",
    "error.replay_not_finished": "Table #{table} is still being played: replays are for finished games.",
    "lb.title": "{game} leaderboard",
    "lb.rating": "Rating",
    "lb.games": "Games",
    "lb.wins": "Wins",
    "lb.empty": "No rated games yet",
    "lb.footnote": "? = provisional (fewer than 5 rated games)",
    "lb.line": "{rank}. {name} {rating}{mark} ({games} games, {wins} wins)",
    "lb.you": "You: rank {rank} of {total}, rating {rating}{mark}",
    "lb.page": "Page {page} of {pages}",
    "stats.none": "{name} has no rated games in this server yet.",
    "stats.title": "Stats of {name}",
    "stats.line": "{game}: rating {rating}{mark}, rank {rank} of {players} · {games} games: {wins} won, "
    "{losses} lost, {draws} drawn · streak {streak} · last five {last}",
    "stats.chart": "{game}: rating of {name}",
    "stats.chart_sub": "{games} rated games",
    "history.none": "{name} has no finished tables in this server yet.",
    "history.title": "Recent tables of {name}",
    "history.line": "#{table} {game} · {result} (place {place} of {players}){unrated} · {date} · {link}",
    "history.unrated": ", unrated",
    "result.word.win": "won",
    "result.word.loss": "lost",
    "result.word.draw": "draw",
    "replay.caption": "Replay of {game} #{table}: {players}",
    "recompute.changed": "Ratings rebuilt from the stored results of this server: some numbers changed.",
    "recompute.same": "Ratings rebuilt from the stored results of this server: every number was already right.",
})
ES.update({
    "error.replay_elsewhere": "No hay ninguna mesa #{table} en este servidor.",
    "error.replay_not_finished": "La mesa #{table} todavía se está jugando: las repeticiones son de partidas "
    "terminadas.",
    "lb.title": "Clasificación de {game}",
    "lb.rating": "Puntos",
    "lb.games": "Partidas",
    "lb.wins": "Victorias",
    "lb.empty": "Todavía no hay partidas puntuadas",
    "lb.footnote": "? = provisional (menos de 5 partidas puntuadas)",
    "lb.line": "{rank}. {name} {rating}{mark} ({games} partidas, {wins} victorias)",
    "lb.you": "Tú: puesto {rank} de {total}, puntuación {rating}{mark}",
    "lb.page": "Página {page} de {pages}",
    "stats.none": "{name} todavía no tiene partidas puntuadas en este servidor.",
    "stats.title": "Estadísticas de {name}",
    "stats.line": "{game}: puntuación {rating}{mark}, puesto {rank} de {players} · {games} partidas: "
    "{wins} ganadas, {losses} perdidas, {draws} en tablas · racha {streak} · últimas cinco {last}",
    "stats.chart": "{game}: puntuación de {name}",
    "stats.chart_sub": "{games} partidas puntuadas",
    "history.none": "{name} todavía no tiene mesas terminadas en este servidor.",
    "history.title": "Mesas recientes de {name}",
    "history.line": "#{table} {game} · {result} (puesto {place} de {players}){unrated} · {date} · {link}",
    "history.unrated": ", sin puntuar",
    "result.word.win": "ganada",
    "result.word.loss": "perdida",
    "result.word.draw": "tablas",
    "replay.caption": "Repetición de {game} #{table}: {players}",
    "recompute.changed": "Puntuaciones reconstruidas con los resultados guardados de este servidor: algunas "
    "cambiaron.",
    "recompute.same": "Puntuaciones reconstruidas con los resultados guardados de este servidor: todas ya "
    "eran correctas.",
})

# ---- playing Mesa (issues 17, 18): shared by the console and Discord
EN.update({
    "mesa.stats_title": "Against Mesa (all games, rated or not):",
    "mesa.stats_line": "{name}: {games} games: {wins} won, {losses} lost, {draws} drawn",
    "error.mesa_plays_on": "Mesa does not agree to draws: it plays on. Resign if you want to stop.",
    "board.mesa": "{game} #{table} · {moves}\n{turn} is thinking…",
    "board.mesa_score": "{game} #{table} · {moves}\n{turn} is thinking… Score: {status}",
})
ES.update({
    "mesa.stats_title": "Contra Mesa (todos los juegos, puntuadas o no):",
    "mesa.stats_line": "{name}: {games} partidas: {wins} ganadas, {losses} perdidas, {draws} en tablas",
    "error.mesa_plays_on": "Mesa no acepta tablas: sigue jugando. Abandona si quieres terminar.",
    "board.mesa": "{game} #{table} · {moves}\n{turn} está pensando…",
    "board.mesa_score": "{game} #{table} · {moves}\n{turn} está pensando… Puntuación: {status}",
})
