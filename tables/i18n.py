"""Texts of every outbox message and error: ``t(key, lang, **params)``.

The service never writes sentences; it sends keys and params, and each front end renders them in
the reader's language.  Catalogs are plain dicts, one per language, and must hold the same keys
(a test checks it); the Discord layer adds its own keys to the same dicts.  A missing key falls
back to English, then to the key itself; a missing param is left as ``{name}`` rather than raising,
so a wrong template can never lose a move's report.

Params are plain values, or ``Phrase``, ``Names``, ``Count``, ``Told``, ``News`` and ``Alternatives``
(below), said in the reader's language too.  Moves are told in words (``move.<game>.<code>``, issue 28);
game notation (positions, a move where it reads fine as written) stays as the rules write it, in every
language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

EN: dict[str, str] = {
    # ---- invitations
    "invite.challenge": "{host} invites {invited} to a game of {game} (table #{table}; {variant}{time} per "
    "move, rated {rated}).",
    "invite.challenge.with": "{host} invites {invited} to a game of {game} with {others} (table #{table}; "
    "{variant}{time} per move, rated {rated}).",
    "invite.open": "{host} opened a {game} table #{table}: {players} ({count}/{max} seated; {ready}; "
    "{variant}{time} per move, rated {rated}).",
    "invite.ready": "the host can start now",
    "invite.one_more_needed": "1 more player needed to start",
    "invite.more_needed": "{more} more players needed to start",
    "invite.challenge.update": "{game} #{table}: {players} — waiting for {invited} to answer.",
    "invite.open.update": "{game} #{table}: {players} seated ({count}/{max}; {ready}) — more may join; "
    "the host starts the game.",
    "invite.accepted": "{name} accepted the {game} invitation (table #{table}).",
    "invite.declined": "{name} declined the {game} invitation; table #{table} is closed.",
    "invite.declined_seat": "{name} declined the {game} invitation (table #{table}).",
    "invite.declined_unplayable": "{name} declined the {game} invitation; table #{table} is closed, as its game "
    "cannot be played by the {players} left. Start a new one with /play.",
    "invite.left_unplayable": "{name} left {game} table #{table}; the table is closed, as its game cannot be "
    "played by the {players} left. Start a new one with /play.",
    "invite.joined": "{name} joined {game} table #{table} ({count}/{max}).",
    "invite.left": "{name} left {game} table #{table}.",
    # ---- the board
    "board.start": "{game} #{table} begins: {players}.{news}\n{turn} to move (deadline {deadline}).",
    "board.start_score": "{game} #{table} begins: {players}.{news}\n{turn} to move (deadline {deadline}). "
    "Score: {status}",
    "board.turn": "{game} #{table} · {moves}{news}\n{turn} to move (deadline {deadline}).",
    "board.turn_score": "{game} #{table} · {moves}{news}\n{turn} to move (deadline {deadline}). Score: {status}",
    "board.build": "{game} #{table} · {moves}{news}\nBuilding pyramids: waiting for {turn} (deadline {deadline}).",
    "board.build_score": "{game} #{table} · {moves}{news}\nBuilding pyramids: waiting for {turn} (deadline "
    "{deadline}). Score: {status}",
    "board.final": "{game} #{table} · {moves}{news}\nThe game is over (seats: {players}).",
    "board.final_score": "{game} #{table} · {moves}{news}\nThe game is over (seats: {players}). Final score: {status}",
    "board.over": "{game} #{table}: the game is over (seats: {players}).{news}",
    "board.aborted": "{game} #{table} was cancelled before the first move: {players}. Nothing is counted.{news}",
    "board.aborted_score": "{game} #{table} was cancelled before the first move: {players}. Nothing is counted.{news}",
    "board.over_score": "{game} #{table}: the game is over (seats: {players}). Final score: {status}{news}",
    # ---- results
    "result.win": "{winners} wins {game} #{table}! ({detail})",
    "result.win.time": "{winners} wins {game} #{table}: {loser} ran out of time.",
    "result.win.resign": "{winners} wins {game} #{table}: {loser} resigned.",
    "result.win.forfeit": "{winners} wins {game} #{table}: {loser} forfeited, being out of the tournament.",
    "result.win.agreement": "{winners} wins {game} #{table} ({detail}).",
    "result.draw": "{game} #{table} ends in a draw ({detail}).",
    "result.draw.time": "{game} #{table} is over: every player ran out of time.",
    "result.draw.resign": "{game} #{table} is over: every player resigned.",
    "result.draw.forfeit": "{game} #{table} is over: every player forfeited, being out of the tournament.",
    "result.draw.agreement": "{game} #{table} ends in a draw by agreement.",
    "result.standings": "{game} #{table} is over ({detail}). Standings: {standings}",
    "result.standings.time": "{game} #{table} is over: {loser} ran out of time. Standings: {standings}",
    "result.standings.resign": "{game} #{table} is over: {loser} resigned. Standings: {standings}",
    "result.standings.forfeit": "{game} #{table} is over: {loser} forfeited, being out of the tournament. "
    "Standings: {standings}",
    "result.standings.agreement": "{game} #{table} is over by agreement. Standings: {standings}",
    "result.standings.gone": "{game} #{table} is over: {gone}. Standings: {standings}",
    "result.together_lost": "The whole team loses {game} #{table}: {gone}, so {everyone} lose together.",
    "result.standings.outlasted": "{game} #{table} is over. By the rules it went to the seat of a player who had "
    "left ({gone}; their moves were played automatically), and those who left are placed below everyone who "
    "played on, so {winners} comes first. Standings: {standings}",
    "result.standings.outlasted_shared": "{game} #{table} is over. By the rules it went to the seat of a player who "
    "had left ({gone}; their moves were played automatically), and those who left are placed below everyone who "
    "played on, so {winners} share first place. Standings: {standings}",
    "gone.resign": "{name} resigned",
    "gone.time": "{name} ran out of time",
    "gone.forfeit": "{name} forfeited, being out of the tournament",
    "gone.partner": "{name} went out too, as their partner (a team is one side)",
    # ---- table news
    "info.aborted": "{name} cancelled {game} table #{table}.",
    "info.draw_offered": "{name} offers a draw in {game} #{table} (any move refuses it).",
    "info.draw_offered_at_start": "{name} offers a draw in {game} #{table} (any move refuses it). No one has "
    "moved yet, so agreeing cancels the table: nothing is counted.",
    "info.draw_declined": "{name} declined the draw offer in {game} #{table}.",
    "info.timeout_auto": "{name} ran out of time in {game} #{table}; the rest of the turn was played "
    "automatically (auto).",
    "info.timeout_away": "{name} ran out of time again in {game} #{table}: their turns are now played "
    "automatically as they come (auto), until they play a move again (/move).",
    "info.timeout_all_away": "{name} ran out of time again in {game} #{table}, and no player is playing any more: "
    "each turn is now played automatically (auto) when its time runs out, until someone plays a move again (/move).",
    "info.timeout_all_away_played": "{name} ran out of time again in {game} #{table}, and no player is playing any "
    "more: a tournament's round needs a result, so the game is played out automatically (auto) to its end.",
    "info.back": "{name} is back in {game} #{table}: their turns wait for them again.",
    "info.out.resign": "{name} resigned from {game} #{table}; their moves are now played automatically and "
    "they will be placed below every player who did not leave the game (those the rules put out too).",
    "info.out.time": "{name} ran out of time in {game} #{table} and is out; their moves are now played "
    "automatically and they will be placed below every player who did not leave the game (those the rules put "
    "out too).",
    "info.out.resign_many": "{name} resigned from {game} #{table}; their moves are now played automatically and "
    "they will be placed below every player who did not leave the game (those the rules put out too).",
    "info.out.time_many": "{name} ran out of time in {game} #{table} and are out; their moves are now played "
    "automatically and they will be placed below every player who did not leave the game (those the rules put "
    "out too).",
    "info.out.forfeit": "{name} is out of the tournament and so out of {game} #{table}; their moves are now played "
    "automatically and they will be placed below every player who did not leave the game (those the rules put out "
    "too).",
    "info.out.forfeit_many": "{name} are out of the tournament and so out of {game} #{table}; their moves are now "
    "played automatically and they will be placed below every player who did not leave the game (those the rules "
    "put out too).",
    # ---- private messages and reminders
    "private.view": "Your view of {game} #{table}, for you alone: the picture shows what only you can see.",
    "private.view_notation": "Your view of {game} #{table} (only you see this; without a picture, in the game's "
    "notation): {position}",
    "reminder.half": "You have used {gone} of your {total} to move in {game} #{table}: {left} left (deadline "
    "{deadline}).",
    "reminder.late": "Hurry: only {left} left to move in {game} #{table} (deadline {deadline}).",
    # ---- refusals
    "error.no_table": "There is no table #{table} in this server.",
    "error.try_again": "The game records are out of reach for a moment. Please try again shortly: if a change of "
    "yours went through after all, Mesa will say so, and nothing is done twice.",
    "error.no_table_here": "You have no active game here. Start one with /play, or name the table.",
    "error.no_table_here_last": "You have no active game here: your last one, {game} #{table}, is over. Start a "
    "new one with /play (or Rematch under its last board).",
    "error.no_table_here_tournament": "You have no game to play right now: tournament #{id} ({game}) goes on, and "
    "your next game opens by itself when every table of this round has ended (/tournament standings {id} shows "
    "where you stand).",
    "error.several_tables": "You have several games here: choose one with the table option ({tables}).",
    "error.damaged": "This table's record (#{table}) is damaged and cannot be played; the other tables are fine. "
    "Please tell the server's admins.",
    "games.damaged": "#{table} {game}: this table's record is damaged and cannot be played (your other tables are "
    "fine). Please tell the server's admins.",
    "error.unknown_game": "There is no game called {game}. Choose one of: {games}.",
    "error.unknown_game_close": "There is no game called {game}: did you mean {close}? The games: {games}.",
    "error.level_without_mesa": "level={level} chooses how Mesa plays, but no seat here is Mesa's: choose Mesa "
    "as an opponent, or add bots (one per Mesa seat), or leave the level out.",
    "error.self_play": "You cannot play against yourself: invite someone else.",
    "error.duplicate_player": "A player is named twice: invite each player once.",
    "error.too_many_players": "{game} takes at most {max} players.",
    "error.too_many_players_mesa": "{game} takes at most {max} players, and this asks for {asked}: {people} and "
    "{seats} for Mesa (naming Mesa is one seat; bots adds that many more). Ask for fewer Mesa seats.",
    "error.needs_opponent": "{game} is for two players: name your opponent, or choose Mesa to play the computer.",
    "error.channel_not_allowed": "Games cannot be started in this channel on this server.",
    "error.bad_option": "The option {option} cannot be {value}: use one of {allowed}.",
    "error.bad_time": "The time per move must be between 1h and 14d (for example 1h, 90m, 3d), not {value}.",
    "error.unreadable_time": "{value} is not a time per move I can read: write whole numbers with their units, such as "
    "1h, 90m, 3d or 1d12h (from 1h to 14d).",
    "error.bad_game_option": "{detail}.",
    "error.unknown_option": "{game} has no option {option}. Its options: {allowed}.",
    "error.bad_number": "The option {option} takes a whole number from {low} to {high}, not {value}.",
    "error.options_dont_fit": "This game cannot start with {players} players: {detail}.",
    "error.partners_players": "This game cannot start with {players} players: {option}=true (partnerships) needs "
    "exactly {needed}.",
    "error.already_started": "Table #{table} has already started.",
    "error.not_active": "Table #{table} was cancelled before its game ended: start a new one with /play.",
    "error.invitation_closed": "The invitation to {game} #{table} was cancelled or declined: it can no longer be "
    "answered. Start a new game with /play.",
    "error.not_started": "Table #{table} has not started yet.",
    "error.not_started.invited": "Table #{table} has not started yet: it waits for {names} to answer the "
    "invitation (/accept or /decline).",
    "error.not_started.open": "Table #{table} has not started yet: {host}, who opened it, starts it with /start once "
    "everyone is in.",
    "error.not_started.invited_you": "Table #{table} has not started yet: it waits for your answer to the "
    "invitation (/accept or /decline).",
    "error.not_started.open_host": "Table #{table} has not started yet: you opened it, and start it with /start once "
    "everyone is in (/start fill=mesa: Mesa takes the empty seats).",
    "error.game_over": "The game at table #{table} is over.",
    "error.not_invited": "You have no pending invitation at table #{table}.",
    "error.open_join": "Table #{table} is open to anyone, with no invitation to accept: sit down with /join.",
    "error.already_accepted": "You already accepted the invitation at table #{table}.",
    "error.already_seated": "You already have a seat at table #{table}.",
    "error.invite_only": "Table #{table} is by invitation only.",
    "error.table_full": "Table #{table} is full ({max} players).",
    "error.use_resign": "The game at table #{table} has started: use /resign to leave it.",
    "error.host_cannot_leave": "You are the host of table #{table}: cancel it with /abort instead.",
    "error.host_only": "Only the host of table #{table} can do that.",
    "error.abort_invited": "Only {host}, who opened table #{table}, can cancel it; to say no, decline the "
    "invitation.",
    "error.abort_joined": "Only {host}, who opened table #{table}, can cancel it; to go, leave the table.",
    "error.start_guest": "Only {host}, who opened table #{table}, can start it: ask them once everyone you "
    "expect has joined.",
    "error.abort_guest": "Table #{table} can be cancelled before its first move only by {host}, who opened it: "
    "ask them.",
    "error.abort_guest_draw": "Table #{table} can be cancelled before its first move only by {host}, who opened "
    "it. You can offer a draw with /draw: agreed before anyone moves, it cancels the table, and nothing is "
    "counted.",
    "error.not_enough_players": "Table #{table} needs at least {min} players to start ({seated} so far): wait for "
    "more to join, or have Mesa take the empty seats (/start fill=mesa).",
    "error.abort_too_late": "Moves have been played at table #{table}: it can no longer be cancelled "
    "(use /resign).",
    "error.nothing_hidden": "Nothing of {game} #{table} is hidden now: its board shows it all, the same to everyone "
    "(/board shows it again).",
    "error.not_seated": "You are not playing at table #{table}. Start your own game with /play.",
    "error.rematch_not_finished": "{game} #{table} is still being played: ask for a rematch once the game is "
    "over.",
    "error.rematch_nothing": "{game} #{table} was never played to its end, so there is no rematch of it: start a "
    "new game with /play.",
    "error.rematch_offered": "{name} has already offered this rematch: {game} #{table}, waiting for you. Accept "
    "that invitation rather than opening another.",
    "error.rematch_started": "The rematch of table #{old} has started already: {game} #{table}. Play it there; "
    "no other game was opened.",
    "error.not_your_arrangement": "That is another player's proposal: yours is shown to you alone when you build "
    "your pyramid.",
    "error.rematch_departed": "{name} is no longer in this server, so there is no rematch of {game} #{table}: start "
    "a new game with /play.",
    "error.you_are_out": "You are out of the game at table #{table}.",
    "error.eliminated": "You are out of {game} #{table}: none of your pieces could be played when your turn came. "
    "The others play on; the result comes when the game ends.",
    "error.stale": "The board changed in the meantime; here it is again. Please choose your move again.",
    "error.already_played": "Your move {move} at table #{table} was played already (a second click?): it counts "
    "once, and nothing more was played. Here is the board as it stands.",
    "error.not_your_turn": "It is not your turn: it is {player}'s turn.",
    "error.not_your_turn_many": "It is not your turn: waiting for {players}.",
    "error.not_your_move": "That move belongs to another player.{hint}",
    "error.bad_move": "{move} cannot be played: {detail}.{hint}",
    "error.same_invitation": "You already have this {game} invitation open: table #{table}. Cancel it with "
    "/abort before opening another.",
    "error.move_too_long": "That move is {length} characters long; a move is at most {limit}.",
    "error.no_build_now": "There is no pyramid for you to build now at table #{table}.",
    "error.no_draws": "{game} has no draw offers.",
    "error.draw_already_offered": "You have already offered a draw; wait for the answer.",
    "error.no_draw_offer": "There is no draw offer for you to answer.",
    "error.no_draw_to_accept": "There is no draw offer to accept at table #{table}: a move since has refused it, "
    "or none was made. To offer one yourself, use /draw.",
}

ES: dict[str, str] = {
    "invite.challenge": "{host} invita a {invited} a una partida de {game} (mesa #{table}; {variant}{time} por "
    "jugada, puntuable {rated}).",
    "invite.challenge.with": "{host} invita a {invited} a una partida de {game} con {others} (mesa #{table}; "
    "{variant}{time} por jugada, puntuable {rated}).",
    "invite.open": "{host} abrió una mesa de {game} #{table}: {players} ({count}/{max} sentados; {ready}; "
    "{variant}{time} por jugada, puntuable {rated}).",
    "invite.ready": "quien abrió la mesa ya puede empezar",
    "invite.one_more_needed": "falta 1 jugador para empezar",
    "invite.more_needed": "faltan {more} jugadores para empezar",
    "invite.challenge.update": "{game} #{table}: {players} — esperando la respuesta de {invited}.",
    "invite.open.update": "{game} #{table}: {players} sentados ({count}/{max}; {ready}) — pueden "
    "unirse más; quien abrió la mesa empieza la partida.",
    "invite.accepted": "{name} aceptó la invitación a {game} (mesa #{table}).",
    "invite.declined": "{name} rechazó la invitación a {game}; la mesa #{table} queda cerrada.",
    "invite.declined_seat": "{name} rechazó la invitación a {game} (mesa #{table}).",
    "invite.declined_unplayable": "{name} rechazó la invitación a {game}; la mesa #{table} queda cerrada, porque "
    "la partida no se puede jugar con los {players} que quedan. Empieza otra con /play.",
    "invite.left_unplayable": "{name} dejó la mesa de {game} #{table}; la mesa queda cerrada, porque la partida "
    "no se puede jugar con los {players} que quedan. Empieza otra con /play.",
    "invite.joined": "{name} se unió a la mesa de {game} #{table} ({count}/{max}).",
    "invite.left": "{name} dejó la mesa de {game} #{table}.",
    "board.start": "Empieza {game} #{table}: {players}.{news}\nLe toca a {turn} (plazo {deadline}).",
    "board.start_score": "Empieza {game} #{table}: {players}.{news}\nLe toca a {turn} (plazo {deadline}). "
    "Puntuación: {status}",
    "board.turn": "{game} #{table} · {moves}{news}\nLe toca a {turn} (plazo {deadline}).",
    "board.turn_score": "{game} #{table} · {moves}{news}\nLe toca a {turn} (plazo {deadline}). Puntuación: {status}",
    "board.build": "{game} #{table} · {moves}{news}\nConstrucción de pirámides: esperando a {turn} (plazo {deadline}).",
    "board.build_score": "{game} #{table} · {moves}{news}\nConstrucción de pirámides: esperando a {turn} (plazo "
    "{deadline}). Puntuación: {status}",
    "board.final": "{game} #{table} · {moves}{news}\nLa partida ha terminado (asientos: {players}).",
    "board.final_score": "{game} #{table} · {moves}{news}\nLa partida ha terminado (asientos: {players}). "
    "Puntuación final: {status}",
    "board.over": "{game} #{table}: la partida ha terminado (asientos: {players}).{news}",
    "board.aborted": "{game} #{table} se canceló antes de la primera jugada: {players}. No cuenta para nada.{news}",
    "board.aborted_score": "{game} #{table} se canceló antes de la primera jugada: {players}. No cuenta para "
    "nada.{news}",
    "board.over_score": "{game} #{table}: la partida ha terminado (asientos: {players}). Puntuación final: "
    "{status}{news}",
    "result.win": "¡{winners} gana {game} #{table}! ({detail})",
    "result.win.time": "{winners} gana {game} #{table}: a {loser} se le acabó el tiempo.",
    "result.win.resign": "{winners} gana {game} #{table}: {loser} abandonó.",
    "result.win.forfeit": "{winners} gana {game} #{table}: {loser} quedó fuera del torneo y pierde la partida.",
    "result.win.agreement": "{winners} gana {game} #{table} ({detail}).",
    "result.draw": "{game} #{table} termina en tablas ({detail}).",
    "result.draw.time": "{game} #{table} ha terminado: a todos se les acabó el tiempo.",
    "result.draw.resign": "{game} #{table} ha terminado: todos abandonaron.",
    "result.draw.forfeit": "{game} #{table} ha terminado: todos quedaron fuera del torneo.",
    "result.draw.agreement": "{game} #{table} termina en tablas de mutuo acuerdo.",
    "result.standings": "{game} #{table} ha terminado ({detail}). Clasificación: {standings}",
    "result.standings.time": "{game} #{table} ha terminado: a {loser} se le acabó el tiempo. "
    "Clasificación: {standings}",
    "result.standings.resign": "{game} #{table} ha terminado: {loser} abandonó. Clasificación: {standings}",
    "result.standings.forfeit": "{game} #{table} ha terminado: {loser} quedó fuera del torneo y pierde la partida. "
    "Clasificación: {standings}",
    "result.standings.agreement": "{game} #{table} ha terminado de mutuo acuerdo. Clasificación: {standings}",
    "result.standings.gone": "{game} #{table} ha terminado: {gone}. Clasificación: {standings}",
    "result.together_lost": "Todo el equipo pierde {game} #{table}: {gone}, así que {everyone} pierden juntos.",
    "result.standings.outlasted": "{game} #{table} ha terminado. Según las reglas, era para el asiento de alguien "
    "que se había ido ({gone}; sus jugadas se hacían automáticamente), y quienes se van quedan por debajo de todos "
    "los que siguieron jugando, así que {winners} queda primero. Clasificación: {standings}",
    "result.standings.outlasted_shared": "{game} #{table} ha terminado. Según las reglas, era para el asiento de "
    "alguien que se había ido ({gone}; sus jugadas se hacían automáticamente), y quienes se van quedan por debajo "
    "de todos los que siguieron jugando, así que {winners} comparten el primer puesto. Clasificación: {standings}",
    "gone.resign": "{name} abandonó",
    "gone.time": "a {name} se le acabó el tiempo",
    "gone.forfeit": "{name} quedó fuera del torneo",
    "gone.partner": "{name} también, por ir en el mismo equipo (un equipo es un solo bando)",
    "info.aborted": "{name} canceló la mesa de {game} #{table}.",
    "info.draw_offered": "{name} ofrece tablas en {game} #{table} (cualquier jugada las rechaza).",
    "info.draw_offered_at_start": "{name} ofrece tablas en {game} #{table} (cualquier jugada las rechaza). Nadie "
    "ha jugado aún, así que aceptarlas cancela la mesa: no cuenta para nada.",
    "info.draw_declined": "{name} rechazó la oferta de tablas en {game} #{table}.",
    "info.timeout_auto": "A {name} se le acabó el tiempo en {game} #{table}; el resto del turno se jugó "
    "automáticamente (auto).",
    "info.timeout_away": "A {name} se le acabó el tiempo otra vez en {game} #{table}: sus turnos se juegan ahora "
    "automáticamente en cuanto llegan (auto), hasta que vuelva a jugar (/move).",
    "info.timeout_all_away": "A {name} se le acabó el tiempo otra vez en {game} #{table}, y ya no juega nadie: "
    "cada turno se juega ahora automáticamente (auto) cuando se acaba su tiempo, hasta que alguien vuelva a jugar "
    "(/move).",
    "info.timeout_all_away_played": "A {name} se le acabó el tiempo otra vez en {game} #{table}, y ya no juega "
    "nadie: una ronda del torneo necesita un resultado, así que la partida se juega automáticamente (auto) hasta el "
    "final.",
    "info.back": "{name} ha vuelto a {game} #{table}: sus turnos vuelven a esperarle.",
    "info.out.resign": "{name} abandonó {game} #{table}; sus jugadas se harán automáticamente y quedará por "
    "detrás de todos los que no dejen la partida (también de los que queden eliminados por las reglas).",
    "info.out.time": "A {name} se le acabó el tiempo en {game} #{table} y queda fuera; sus jugadas se harán "
    "automáticamente y quedará por detrás de todos los que no dejen la partida (también de los que queden "
    "eliminados por las reglas).",
    "info.out.resign_many": "{name} abandonaron {game} #{table}; sus jugadas se harán automáticamente y quedarán "
    "por detrás de todos los que no dejen la partida (también de los que queden eliminados por las reglas).",
    "info.out.time_many": "A {name} se les acabó el tiempo en {game} #{table} y quedan fuera; sus jugadas se harán "
    "automáticamente y quedarán por detrás de todos los que no dejen la partida (también de los que queden "
    "eliminados por las reglas).",
    "info.out.forfeit": "{name} quedó fuera del torneo y, con ello, de {game} #{table}; sus jugadas se harán "
    "automáticamente y quedará por detrás de todos los que no dejen la partida (también de los que queden "
    "eliminados por las reglas).",
    "info.out.forfeit_many": "{name} quedaron fuera del torneo y, con ello, de {game} #{table}; sus jugadas se harán "
    "automáticamente y quedarán por detrás de todos los que no dejen la partida (también de los que queden "
    "eliminados por las reglas).",
    "private.view": "Tu vista de {game} #{table}, solo para ti: la imagen muestra lo que solo tú puedes ver.",
    "private.view_notation": "Tu vista de {game} #{table} (solo la ves tú; sin imagen, en la notación del juego): "
    "{position}",
    "reminder.half": "Has usado {gone} de tus {total} para jugar en {game} #{table}: aún tienes {left} "
    "(plazo {deadline}).",
    "reminder.late": "Date prisa: solo tienes {left} para jugar en {game} #{table} (plazo {deadline}).",
    "error.no_table": "No hay ninguna mesa #{table} en este servidor.",
    "error.try_again": "Los registros de las partidas no están disponibles por un momento. Vuelve a intentarlo "
    "enseguida: si un cambio tuyo se hizo de todos modos, Mesa te lo dirá, y nada se hace dos veces.",
    "error.no_table_here": "No tienes ninguna partida activa aquí. Empieza una con /play o indica la mesa.",
    "error.no_table_here_last": "No tienes ninguna partida activa aquí: la última, {game} #{table}, ha terminado. "
    "Empieza otra con /play (o Revancha bajo su último tablero).",
    "error.no_table_here_tournament": "Ahora no tienes ninguna partida que jugar: el torneo #{id} ({game}) sigue, y "
    "tu próxima partida se abre sola cuando terminen todas las mesas de esta ronda (/tournament standings {id} "
    "muestra cómo vas).",
    "error.several_tables": "Tienes varias partidas aquí: elige una con la opción mesa ({tables}).",
    "error.damaged": "El registro de esta mesa (#{table}) está dañado y no se puede jugar; las demás mesas "
    "funcionan. Avisa a los administradores del servidor.",
    "games.damaged": "#{table} {game}: el registro de esta mesa está dañado y no se puede jugar (tus demás mesas "
    "están bien). Avisa a los administradores del servidor.",
    "error.unknown_game": "No existe el juego {game}. Elige uno de: {games}.",
    "error.unknown_game_close": "No existe el juego {game}: ¿querías decir {close}? Los juegos: {games}.",
    "error.level_without_mesa": "nivel={level} elige cómo juega Mesa, pero aquí ningún asiento es de Mesa: elige "
    "a Mesa como rival, o añade bots (uno por asiento de Mesa), o no indiques el nivel.",
    "error.self_play": "No puedes jugar contra ti mismo: invita a otra persona.",
    "error.duplicate_player": "Un jugador aparece dos veces: invita a cada jugador una sola vez.",
    "error.too_many_players": "{game} admite como máximo {max} jugadores.",
    "error.too_many_players_mesa": "{game} admite como máximo {max} jugadores, y esto pide {asked}: {people} y "
    "{seats} para Mesa (nombrar a Mesa es un asiento; bots añade esa cantidad más). Pide menos asientos de Mesa.",
    "error.needs_opponent": "{game} es para dos jugadores: nombra a tu rival, o elige a Mesa para jugar con la "
    "máquina.",
    "error.channel_not_allowed": "En este servidor no se pueden empezar partidas en este canal.",
    "error.bad_option": "La opción {option} no puede ser {value}: usa uno de {allowed}.",
    "error.bad_time": "El tiempo por jugada debe estar entre 1h y 14d (por ejemplo 1h, 90m, 3d), no {value}.",
    "error.unreadable_time": "No sé leer {value} como tiempo por jugada: escribe números enteros con sus unidades, "
    "como 1h, 90m, 3d o 1d12h (de 1h a 14d).",
    "error.bad_game_option": "{detail}.",
    "error.unknown_option": "{game} no tiene la opción {option}. Sus opciones: {allowed}.",
    "error.bad_number": "La opción {option} admite un número entero de {low} a {high}, no {value}.",
    "error.options_dont_fit": "Esta partida no puede empezar con {players} jugadores: {detail}.",
    "error.partners_players": "Esta partida no puede empezar con {players} jugadores: {option}=true (por parejas) "
    "necesita exactamente {needed}.",
    "error.already_started": "La mesa #{table} ya ha empezado.",
    "error.not_active": "La mesa #{table} se canceló antes de que terminara su partida: empieza otra con /play.",
    "error.invitation_closed": "La invitación a {game} #{table} se canceló o se rechazó: ya no se puede responder. "
    "Empieza una partida nueva con /play.",
    "error.not_started": "La mesa #{table} aún no ha empezado.",
    "error.not_started.invited": "La mesa #{table} aún no ha empezado: espera la respuesta de {names} a la "
    "invitación (/accept o /decline).",
    "error.not_started.open": "La mesa #{table} aún no ha empezado: {host}, que la abrió, la empieza con /start "
    "cuando hayan llegado todos.",
    "error.not_started.invited_you": "La mesa #{table} aún no ha empezado: espera tu respuesta a la invitación "
    "(/accept o /decline).",
    "error.not_started.open_host": "La mesa #{table} aún no ha empezado: la abriste tú, y la empiezas con /start "
    "cuando hayan llegado todos (/start fill=mesa: Mesa ocupa los asientos libres).",
    "error.game_over": "La partida de la mesa #{table} ha terminado.",
    "error.not_invited": "No tienes ninguna invitación pendiente en la mesa #{table}.",
    "error.open_join": "La mesa #{table} está abierta a todos, sin invitación que aceptar: siéntate con /join.",
    "error.already_accepted": "Ya aceptaste la invitación de la mesa #{table}.",
    "error.already_seated": "Ya tienes asiento en la mesa #{table}.",
    "error.invite_only": "La mesa #{table} es solo por invitación.",
    "error.table_full": "La mesa #{table} está completa ({max} jugadores).",
    "error.use_resign": "La partida de la mesa #{table} ya empezó: usa /resign para dejarla.",
    "error.host_cannot_leave": "Eres el anfitrión de la mesa #{table}: cancélala con /abort.",
    "error.host_only": "Solo el anfitrión de la mesa #{table} puede hacer eso.",
    "error.abort_invited": "Solo {host}, que abrió la mesa #{table}, puede cancelarla; para decir que no, rechaza "
    "la invitación.",
    "error.abort_joined": "Solo {host}, que abrió la mesa #{table}, puede cancelarla; para irte, sal de la mesa.",
    "error.start_guest": "Solo {host}, que abrió la mesa #{table}, puede empezarla: pídeselo cuando haya llegado "
    "todo el que esperáis.",
    "error.abort_guest": "La mesa #{table} solo puede cancelarla antes de su primera jugada {host}, que la abrió: "
    "pídeselo.",
    "error.abort_guest_draw": "La mesa #{table} solo puede cancelarla antes de su primera jugada {host}, que la "
    "abrió. Puedes ofrecer tablas con /draw: aceptadas antes de que nadie juegue, cancelan la mesa y no cuenta "
    "nada.",
    "error.not_enough_players": "La mesa #{table} necesita al menos {min} jugadores para empezar ({seated} por "
    "ahora): espera a que se unan más, o deja que Mesa ocupe los asientos libres (/start fill=mesa).",
    "error.abort_too_late": "Ya se han hecho jugadas en la mesa #{table}: no se puede cancelar (usa /resign).",
    "error.nothing_hidden": "Nada de {game} #{table} está oculto ahora: su tablero lo muestra todo, igual para "
    "todos (/board lo vuelve a mostrar).",
    "error.not_seated": "No estás jugando en la mesa #{table}. Empieza tu propia partida con /play.",
    "error.rematch_not_finished": "{game} #{table} aún se está jugando: pide la revancha cuando termine la "
    "partida.",
    "error.rematch_nothing": "{game} #{table} nunca se jugó hasta el final, así que no tiene revancha: empieza "
    "una partida nueva con /play.",
    "error.rematch_offered": "{name} ya ofreció esta revancha: {game} #{table}, que te espera. Acepta esa "
    "invitación en vez de abrir otra.",
    "error.rematch_started": "La revancha de la mesa #{old} ya empezó: {game} #{table}. Juégala allí; no se abrió "
    "otra partida.",
    "error.not_your_arrangement": "Esa es la propuesta de otro jugador: la tuya se te muestra solo a ti cuando montas "
    "tu pirámide.",
    "error.rematch_departed": "{name} ya no está en este servidor, así que no hay revancha de {game} #{table}: "
    "empieza otra partida con /play.",
    "error.you_are_out": "Estás fuera de la partida en la mesa #{table}.",
    "error.eliminated": "Estás fuera de {game} #{table}: no podías jugar ninguna de tus piezas cuando te tocó. "
    "Los demás siguen; el resultado llegará cuando termine la partida.",
    "error.stale": "El tablero cambió mientras tanto; aquí está de nuevo. Vuelve a elegir tu jugada.",
    "error.already_played": "Tu jugada {move} en la mesa #{table} ya se había jugado (¿un segundo clic?): cuenta "
    "una sola vez y no se jugó nada más. Aquí está el tablero tal como está.",
    "error.not_your_turn": "No es tu turno: le toca a {player}.",
    "error.not_your_turn_many": "No es tu turno: esperando a {players}.",
    "error.not_your_move": "Esa jugada es de otro jugador.{hint}",
    "error.bad_move": "No se puede jugar {move}: {detail}.{hint}",
    "error.same_invitation": "Ya tienes abierta esta invitación a {game}: la mesa #{table}. Cancélala con "
    "/abort antes de abrir otra.",
    "error.move_too_long": "Esa jugada tiene {length} caracteres; una jugada tiene como mucho {limit}.",
    "error.no_build_now": "Ahora no tienes ninguna pirámide que construir en la mesa #{table}.",
    "error.no_draws": "{game} no tiene ofertas de tablas.",
    "error.draw_already_offered": "Ya ofreciste tablas; espera la respuesta.",
    "error.no_draw_offer": "No hay ninguna oferta de tablas que responder.",
    "error.no_draw_to_accept": "No hay ninguna oferta de tablas que aceptar en la mesa #{table}: una jugada la "
    "rechazó después, o no se hizo. Para ofrecerlas tú, usa /draw.",
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


class Phrase(NamedTuple):
    """A param that is itself a sentence of the catalogue, said in the reader's language too."""

    key: str
    params: Mapping[str, Any] = {}


class Names(tuple[str, ...]):
    """A param listing people: ``Ana``, ``Ana and Cy``, ``Ana, Ben and Cy`` in the reader's language."""


class Name(str):
    """A person's name as a param, said as it is; marked so that a front end short of room may shorten it (a
    picture's alt text within Discord's limit, ``cogs.pictures``) rather than lose whole sentences."""


class Count(NamedTuple):
    """A param counting something, said with its noun in the reader's language: ``1 game``, ``2 games``,
    ``1 partida``.  ``noun`` names the catalogue entry ``count.<noun>``: the singular and the plural,
    ``game|games`` (one is singular, zero and the rest plural: English and Spanish alike)."""

    n: int
    noun: str


class Counts(tuple[Count, ...]):
    """A param listing counted things as one list: ``1 Red and 2 Mutes``, ``1 Roja y 2 Mudas``."""


class Tenths(NamedTuple):
    """A param: a number said to one decimal place with the reader's decimal mark, ``2.5`` in English and
    ``2,5`` in Spanish (``number.decimal_mark``)."""

    value: float


class Deed(NamedTuple):
    """One move as players are told it: who made it (``""`` for chance) and its words, a ``Phrase`` of
    ``move.<game>.<code>`` (``tables.outcome_words.deed``): a seat's words say what it did ("threw all
    nine dice"), chance's what came of it ("14 points") or, on its own, what happened ("The base row is
    drawn")."""

    who: str
    words: Phrase


class Told(tuple[Deed, ...]):
    """A param telling moves in the order played, as a board's caption and ``/history`` say them:
    consecutive moves of one player share the name ("Mesa (hard) threw all nine dice (14 points), kept
    them and chose Ash"), a chance move follows the move that set it off in brackets, and chance moves
    on their own are sentences of their own; the parts are joined with `` · ``."""


class News(tuple[Phrase, ...]):
    """A param of what moves caused (``event.<game>.<code>`` sentences), each on a line of its own after
    the line it follows (a board's moves): ``""`` when nothing happened, else a line break before each."""


class Alternatives(tuple[str, ...]):
    """A param of choices: ``sensible or random``, ``sensata o aleatoria`` (``list.or``)."""


class Examples(NamedTuple):
    """A param listing some of many moves, cut at a move, never inside one: ``a6-a3, a6-a4 and 12 more``
    (``list.more``); with none left out, ``a6-a3, a6-a4 or b6-b4`` (``list.or``)."""

    items: tuple[str, ...]
    more: int = 0


class Own(dict[str, str]):
    """A param written in each language by its author (a course's words, ``tables.learn``): the reader's."""


class Lines(tuple[Any, ...]):
    """A param of lines said one under another."""


class Sentences(tuple[Phrase, ...]):
    """A param of sentences said one after another on one line (a picture's alt text, ``tables.picture_words``)."""


class Clauses(tuple[Phrase, ...]):
    """A param of sentences said as one list: ``Ben resigned and Ana ran out of time`` (``list.and``)."""


def _listed(items: list[str], key: str, lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``key``: ``list.and`` or ``list.or``) in ``lang``."""
    if len(items) < 2:
        return "".join(items)
    return t(key, lang, first=", ".join(items[:-1]), last=items[-1])


def _told(deeds: Told, lang: str) -> str:
    """A ``Told`` in ``lang`` (its docstring says how)."""
    parts: list[str] = []
    who, doings = "", list[str]()  # the player whose moves are being told, and their words so far

    def close() -> None:
        if doings:
            parts.append(t("told.by", lang, who=who, deeds=_listed(doings, "list.and", lang)))
            doings.clear()

    for deed in deeds:
        words = str(_said(deed.words, lang))
        if not deed.who:
            if doings:  # what the player's move set off: the dice's points after a throw
                doings[-1] = t("told.result", lang, deed=doings[-1], result=words)
            else:
                parts.append(words)
            continue
        if deed.who != who:
            close()
            who = deed.who
        doings.append(words)
    close()
    return " · ".join(parts)


def _said(value: Any, lang: str) -> Any:
    if isinstance(value, Told):
        return _told(value, lang)
    if isinstance(value, Own):
        return value.get(lang_for_locale(lang)) or value.get(DEFAULT_LANG, "")
    if isinstance(value, Lines):
        return "\n".join(str(_said(line, lang)) for line in value)
    if isinstance(value, News):
        return "".join("\n" + str(_said(line, lang)) for line in value)
    if isinstance(value, Alternatives):
        return _listed(list(value), "list.or", lang)
    if isinstance(value, Examples):
        if value.more > 0:
            return t("list.more", lang, items=", ".join(value.items), more=value.more)
        return _listed(list(value.items), "list.or", lang)
    if isinstance(value, Phrase):
        return t(value.key, lang, **value.params)
    if isinstance(value, Count):
        return counted(value.n, value.noun, lang)
    if isinstance(value, Counts):
        return _listed([counted(c.n, c.noun, lang) for c in value], "list.and", lang)
    if isinstance(value, Tenths):
        return f"{value.value:.1f}".replace(".", t("number.decimal_mark", lang))
    if isinstance(value, Names):  # a name may be a phrase itself: a lesson's "Player 2" in the reader's language
        return _listed([str(_said(n, lang)) for n in value], "list.and", lang)
    if isinstance(value, Sentences):
        return " ".join(str(_said(sentence, lang)) for sentence in value)
    if isinstance(value, Clauses):
        return _listed([str(_said(clause, lang)) for clause in value], "list.and", lang)
    return value


def said(value: Any, lang: str = DEFAULT_LANG) -> str:
    """One param as the reader sees it in ``lang`` (a ``Told``, a ``Phrase`` …; plain values as they are)."""
    return str(_said(value, lang))


def counted(n: int, noun: str, lang: str = DEFAULT_LANG) -> str:
    """``n`` and the noun ``count.<noun>`` in ``lang``, singular for one: ``1 game``, ``3 partidas``."""
    one, _, many = t(f"count.{noun}", lang).partition("|")
    return f"{n} {one if n == 1 else many or one}"


def t(key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The text of ``key`` in ``lang`` (falling back to English, then to the key), Mesa's seats named in it
    (``with_levels_in``)."""
    catalog = CATALOGS.get(lang_for_locale(lang), EN)
    template = catalog.get(key) or EN.get(key)
    if template is None:
        return key
    return with_levels_in(template.format_map(_Params({name: _said(value, lang) for name, value in params.items()})),
                          lang)


#: Mesa's seats are named with their level in English, as the tables keep them ("Mesa (easy)", "Mesa 2 (hard)":
#: ``tables.mesa.mesa_name``; a person's name never reads so, ``tables.mesa.person_name``)
MESA_SEAT = re.compile(r"\bMesa( \d+)? \((easy|normal|hard)\)")
#: the levels as a reader of another language reads them (Discord's Spanish choices: Fácil, Normal, Difícil)
LEVEL_WORDS = {"es": {"easy": "fácil", "normal": "normal", "hard": "difícil"}}


def with_levels_in(text: str, lang: str) -> str:
    """``text`` with Mesa's seats named in ``lang``: "Mesa (fácil)", "Mesa 2 (difícil)" in Spanish ("Mesa (easy)"
    was read in every language, in posts, lists, reviews and pictures alike)."""
    if "Mesa" not in text:  # most texts: nothing to look up (t() is on every post's path)
        return text
    words = LEVEL_WORDS.get(lang_for_locale(lang))
    if words is None:
        return text
    return MESA_SEAT.sub(lambda m: f"Mesa{m[1] or ''} ({words[m[2]]})", text)


# ---- leaderboards, stats, history, replays (issue 9): shared by the console and Discord
EN.update({
    "error.replay_not_finished": "Table #{table} is still being played: replays are for finished games.",
    "error.replay_nothing": "Table #{table} was cancelled before it ended: there is no game to replay.",
    "lb.title": "{game} leaderboard",
    "lb.rating": "Rating",
    "lb.games": "Games",
    "lb.wins": "Wins",
    "lb.empty": "No rated games yet",
    "lb.footnote": "? = provisional (fewer than 5 rated games)",
    "lb.line": "{rank}. {name} {rating}{mark} ({games}, {wins})",
    "lb.you": "You: rank {rank} of {total}, rating {rating}{mark}",
    "lb.page": "Page {page} of {pages}",
    "lb.only_one": "There is only one page: here it is.",
    "lb.only_pages": "There are only {pages} pages: here is the last.",
    "lb.pages_from_one": "Pages are numbered from 1: here is the first.",
    "lb.how": "Every rated game that ends in this server puts its players here: challenge someone with "
    "/play {game} @friend (a table is rated unless opened with rated=false).",
    "lb.mesa_unrated": "Games against Mesa are not rated in this server.",
    "lb.mesa_rated": "Games against one Mesa count too.",
    "lb.off": "Ratings are off in this server: games that end now change no leaderboard. A server manager can "
    "turn them on with /settings rated=true.",
    "stats.none": "{name} has no rated games in this server yet.",
    "stats.none_own": "You have no rated games in this server yet: your rating in a game appears here once you "
    "finish a rated game of it (challenge someone with /play GAME @friend).",
    "stats.title": "Stats of {name}",
    "stats.line": "{game}: rating {rating}{mark}, rank {rank} of {players} · {games}: {wins}, {losses}, "
    "{draws} drawn · streak {streak} · last five {last}",
    "stats.legend": "(W win, L loss, D draw)",
    "stats.letter.W": "W",
    "stats.letter.L": "L",
    "stats.letter.D": "D",
    "stats.chart": "{game}: rating of {name}",
    "stats.chart_unnamed": "{game}: rating",
    "stats.chart_sub": "{games}",
    "history.none": "{name} has no finished tables in this server yet.",
    "history.none_game": "{name} has no finished {game} tables in this server yet.",
    "history.title": "Recent tables of {name}",
    "history.title_game": "Recent {game} tables of {name}",
    "history.line": "#{table} {game} · {result}{unrated} · {date} · {link}",
    "history.placed": "{result} (place {place} of {players})",
    "history.draw": "draw",
    "history.won_with": "won with {partners}",
    "history.lost_with": "lost with {partners}",
    "history.won_together": "won together",
    "history.shared_win": "shared the win",
    "history.lost_together": "lost together",
    "history.unrated": ", unrated",
    "result.word.win": "won",
    "result.word.loss": "lost",
    "result.word.draw": "draw",
    "review.none_finished": "You have no finished game in this server yet: /review N reviews finished table #N.",
    "replay.none_finished": "You have no finished game in this server yet: /replay N replays finished table #N.",
    "replay.caption": "Replay of {game} #{table}: {players}",
    "recompute.changed": "Ratings rebuilt from the stored results of this server: some numbers changed.",
    "recompute.same": "Ratings rebuilt from the stored results of this server: every number was already right.",
})
ES.update({
    "error.replay_not_finished": "La mesa #{table} todavía se está jugando: las repeticiones son de partidas "
    "terminadas.",
    "error.replay_nothing": "La mesa #{table} se canceló antes de terminar: no hay partida que repetir.",
    "lb.title": "Clasificación de {game}",
    "lb.rating": "Puntos",
    "lb.games": "Partidas",
    "lb.wins": "Victorias",
    "lb.empty": "Todavía no hay partidas puntuadas",
    "lb.footnote": "? = provisional (menos de 5 partidas puntuadas)",
    "lb.line": "{rank}. {name} {rating}{mark} ({games}, {wins})",
    "lb.you": "Tú: puesto {rank} de {total}, puntuación {rating}{mark}",
    "lb.page": "Página {page} de {pages}",
    "lb.only_one": "Solo hay una página: es esta.",
    "lb.only_pages": "Solo hay {pages} páginas: esta es la última.",
    "lb.pages_from_one": "Las páginas se numeran desde 1: esta es la primera.",
    "lb.how": "Cada partida puntuada que termina en este servidor trae aquí a sus jugadores: reta a alguien con "
    "/play {game} @amigo (una mesa es puntuada salvo que se abra con rated=false).",
    "lb.mesa_unrated": "Las partidas contra Mesa no son puntuadas en este servidor.",
    "lb.mesa_rated": "Las partidas contra una sola Mesa también cuentan.",
    "lb.off": "Las puntuaciones están desactivadas en este servidor: las partidas que terminan ahora no cambian "
    "ninguna clasificación. Quien gestiona el servidor puede activarlas con /settings rated=true.",
    "stats.none": "{name} todavía no tiene partidas puntuadas en este servidor.",
    "stats.none_own": "Todavía no tienes partidas puntuadas en este servidor: tu puntuación en un juego aparece "
    "aquí cuando terminas una partida puntuada de él (reta a alguien con /play JUEGO @amigo).",
    "stats.title": "Estadísticas de {name}",
    "stats.line": "{game}: puntuación {rating}{mark}, puesto {rank} de {players} · {games}: "
    "{wins}, {losses}, {draws} en tablas · racha {streak} · últimas cinco {last}",
    "stats.legend": "(V victoria, D derrota, T tablas)",
    "stats.letter.W": "V",
    "stats.letter.L": "D",
    "stats.letter.D": "T",
    "stats.chart": "{game}: puntuación de {name}",
    "stats.chart_unnamed": "{game}: puntuación",
    "stats.chart_sub": "{games}",
    "history.none": "{name} todavía no tiene mesas terminadas en este servidor.",
    "history.none_game": "{name} todavía no tiene mesas de {game} terminadas en este servidor.",
    "history.title": "Mesas recientes de {name}",
    "history.title_game": "Mesas recientes de {game} de {name}",
    "history.line": "#{table} {game} · {result}{unrated} · {date} · {link}",
    "history.placed": "{result} (puesto {place} de {players})",
    "history.draw": "tablas",
    "history.won_with": "ganada con {partners}",
    "history.lost_with": "perdida con {partners}",
    "history.won_together": "ganada entre todos",
    "history.shared_win": "victoria compartida",
    "history.lost_together": "perdida entre todos",
    "history.unrated": ", sin puntuar",
    "result.word.win": "ganada",
    "result.word.loss": "perdida",
    "result.word.draw": "tablas",
    "review.none_finished": "Aún no tienes ninguna partida terminada en este servidor: /review N revisa la mesa "
    "terminada #N.",
    "replay.none_finished": "Aún no tienes ninguna partida terminada en este servidor: /replay N repite la mesa "
    "terminada #N.",
    "replay.caption": "Repetición de {game} #{table}: {players}",
    "recompute.changed": "Puntuaciones reconstruidas con los resultados guardados de este servidor: algunas "
    "cambiaron.",
    "recompute.same": "Puntuaciones reconstruidas con los resultados guardados de este servidor: todas ya "
    "eran correctas.",
})


# ---- how a game ended, in a player's words (issue 14): ``outcome.<game>.<reason>[.<side>]``, the reason
# codes of each engine's ``Outcome.reason`` (spaces written ``_``), the facts from ``Outcome.extra``
EN.update({
    "list.and": "{first} and {last}",
    "number.decimal_mark": ".",
    # nouns of ``Count`` params: singular|plural
    "count.game": "game|games",
    "count.player": "player|players",
    "count.mesa_seat": "seat|seats",
    "count.rated_game": "rated game|rated games",
    "count.win": "win|wins",
    "count.won": "won|won",
    "count.lost": "lost|lost",
    "count.invitation": "invitation or open table|invitations or open tables",
    "count.invitation_waiting": "invitation|invitations",
    "outcome.standings": " Standings: {standings}",
    "outcome.standings_gone": "{standings} ({gone}: placed below everyone who played on)",
    "outcome.kona.line.capybara": "{winners} wins {game} #{table}: three capybaras in a row ({line}).",
    "outcome.kona.line.poodle": "{winners} wins {game} #{table}: three poodles in a row ({line}).",
    "outcome.kona.exposed-line.capybara": "{winners} wins {game} #{table}: {losers} uncovered three capybaras "
    "in a row ({line}).",
    "outcome.kona.exposed-line.poodle": "{winners} wins {game} #{table}: {losers} uncovered three poodles in a "
    "row ({line}).",
    "outcome.kona.double-line": "{winners} wins {game} #{table}: {losers}'s move made a line for both animals, "
    "and that loses.",
    "outcome.kona.blocked": "{winners} wins {game} #{table}: {losers} has no move left.",
    "outcome.kona.repetition": "{game} #{table} ends in a draw: the same position came up for the third time.",
    "outcome.kona.move-limit": "{game} #{table} ends in a draw: {plies} moves without a winner.",
    "outcome.plateau.prisoners": "{winners} wins {game} #{table} with {count} prisoners.",
    "outcome.plateau.stack": "{winners} wins {game} #{table} with a stack of {count} of their own pieces "
    "({square}).",
    "outcome.plateau.repetition": "{game} #{table} ends in a draw: the same position came up for the third time.",
    "outcome.plateau.ply_limit": "{game} #{table} ends in a draw: {plies} moves without a winner.",
    "outcome.plateau.no_moves": "{game} #{table} ends in a draw: neither player can do anything.",
    "outcome.k3.last_player_in": "{winners} is the last player in and wins {game} #{table}.{standings_line}",
    "outcome.k3.summit_reached": "{winners} win {game} #{table} together: the summit of the mountain is filled!",
    "outcome.k3.no_legal_action": "The whole team loses {game} #{table}: {stuck} could not play, so {everyone} "
    "lose together.",
    "outcome.krakatoa.highest_total": "{winners} wins {game} #{table} on {score} points to {second}."
    "{standings_line}",
    "outcome.krakatoa.highest_total.team": "{winners} win {game} #{table} on {score} points to {second}.",
    "outcome.krakatoa.tied_for_the_highest_total": "{winners} share the win in {game} #{table}, tied on {score} "
    "points.{standings_line}",
    "outcome.krakatoa.tied_for_the_highest_total.team": "{winners} share the win in {game} #{table}, tied on "
    "{score} points.",
})
ES.update({
    "list.and": "{first} y {last}",
    "number.decimal_mark": ",",
    "count.game": "partida|partidas",
    "count.player": "jugador|jugadores",
    "count.mesa_seat": "asiento|asientos",
    "count.rated_game": "partida puntuada|partidas puntuadas",
    "count.win": "victoria|victorias",
    "count.won": "ganada|ganadas",
    "count.lost": "perdida|perdidas",
    "count.invitation": "invitación o mesa abierta|invitaciones o mesas abiertas",
    "count.invitation_waiting": "invitación|invitaciones",
    "outcome.standings": " Clasificación: {standings}",
    "outcome.standings_gone": "{standings} ({gone}: por debajo de todos los que siguieron jugando)",
    "outcome.kona.line.capybara": "{winners} gana {game} #{table}: tres capibaras en línea ({line}).",
    "outcome.kona.line.poodle": "{winners} gana {game} #{table}: tres caniches en línea ({line}).",
    "outcome.kona.exposed-line.capybara": "{winners} gana {game} #{table}: {losers} destapó tres capibaras en "
    "línea ({line}).",
    "outcome.kona.exposed-line.poodle": "{winners} gana {game} #{table}: {losers} destapó tres caniches en línea "
    "({line}).",
    "outcome.kona.double-line": "{winners} gana {game} #{table}: la jugada de {losers} hizo línea para los dos "
    "animales, y eso pierde.",
    "outcome.kona.blocked": "{winners} gana {game} #{table}: {losers} no tiene ninguna jugada.",
    "outcome.kona.repetition": "{game} #{table} termina en tablas: la misma posición se repitió por tercera vez.",
    "outcome.kona.move-limit": "{game} #{table} termina en tablas: {plies} jugadas sin ganador.",
    "outcome.plateau.prisoners": "{winners} gana {game} #{table} con {count} prisioneros.",
    "outcome.plateau.stack": "{winners} gana {game} #{table} con una pila de {count} piezas propias seguidas "
    "({square}).",
    "outcome.plateau.repetition": "{game} #{table} termina en tablas: la misma posición se repitió por tercera "
    "vez.",
    "outcome.plateau.ply_limit": "{game} #{table} termina en tablas: {plies} jugadas sin ganador.",
    "outcome.plateau.no_moves": "{game} #{table} termina en tablas: ningún jugador puede hacer nada.",
    "outcome.k3.last_player_in": "{winners} es el último que queda y gana {game} #{table}.{standings_line}",
    "outcome.k3.summit_reached": "{winners} ganan juntos {game} #{table}: ¡la cima de la montaña está llena!",
    "outcome.k3.no_legal_action": "Todo el equipo pierde {game} #{table}: {stuck} no pudo jugar, así que "
    "{everyone} pierden juntos.",
    "outcome.krakatoa.highest_total": "{winners} gana {game} #{table} con {score} puntos contra {second}."
    "{standings_line}",
    "outcome.krakatoa.highest_total.team": "{winners} ganan {game} #{table} con {score} puntos contra {second}.",
    "outcome.krakatoa.tied_for_the_highest_total": "{winners} comparten la victoria en {game} #{table}, "
    "empatados a {score} puntos.{standings_line}",
    "outcome.krakatoa.tied_for_the_highest_total.team": "{winners} comparten la victoria en {game} #{table}, "
    "empatados a {score} puntos.",
})


# ---- what happened on the way (issue 14): ``event.<game>.<code>``, the codes of each ``Engine.events``
EN.update({
    "event.k3.penalty": "{penalised} placed a piece on two equal supports: {taker} takes one of {penalised}'s "
    "free pieces.",
    "event.k3.stolen": "{taker} took one of {penalised}'s pieces (the penalty); it now stands beside {taker}'s "
    "pyramid.",
    "event.k3.eliminated": "{out} is out of {game} #{table}: none of their pieces could be played when their turn "
    "came, after {after}'s move.",
    # a lesson's news said to the learner (``tables.learn``): their part in it in the second person
    "event.k3.penalty.you_penalised": "You placed a piece on two equal supports: {taker} takes one of your free "
    "pieces.",
    "event.k3.penalty.you_taker": "{penalised} placed a piece on two equal supports: you take one of their free "
    "pieces.",
    "event.k3.stolen.you_taker": "You took one of {penalised}'s pieces (the penalty); it now stands beside your "
    "pyramid.",
    "event.k3.stolen.you_penalised": "{taker} took one of your pieces (the penalty); it now stands beside "
    "{taker}'s pyramid.",
    "event.k3.spare_white.you_heir": "The spare white set aside now goes beside your pyramid: you are the player "
    "before {out} (with three players, at the first one out).",
    "event.k3.spare_white": "The spare white set aside now goes beside {heir}'s pyramid, the player before {out} "
    "(with three players, at the first one out).",
    "event.any.in_round": "Round {round}: {event}",
    "event.krakatoa.starter": "{starter} threw best before the game ({points}) and starts round 1.",
    "event.krakatoa.throwoff_tie": "Tie for the start at {points}: {tied} throw again.",
    "event.krakatoa.scratch": "{who} hit nothing on {throw}: a scratch, 0 points.",
    "event.krakatoa.little_quake": "Little Quake for {who} on {throw} (total {total}): ×2 on the throw after it.",
    "event.krakatoa.big_quake": "Big Quake for {who} on {throw} (total {total}): ×4 on the throw after it.",
    "event.krakatoa.little_rumble": "Little Rumble for {who} on {throw}: only two colours, ×2 on the throw after "
    "it.",
    "event.krakatoa.big_rumble": "Big Rumble for {who} on {throw}: two colours and Volcanoes, ×4 on the throw "
    "after it.",
    "event.krakatoa.little_eruption": "Little Eruption for {who} on {throw}: three Volcanoes, ×2 on each of the "
    "two throws after it.",
    "event.krakatoa.big_eruption": "Big Eruption for {who} on {throw}: all nine dice one colour, ×4 on each of "
    "the two throws after it.",
    "term.krakatoa.throw_1": "throw 1",
    "term.krakatoa.throw_2": "throw 2",
    "term.krakatoa.throw_3": "throw 3",
    "term.krakatoa.throw_4": "throw 4",
    "term.krakatoa.throw_5": "throw 5",
    "term.krakatoa.throw_bonus": "a bonus throw",
})
ES.update({
    "event.k3.penalty": "{penalised} colocó una pieza sobre dos apoyos iguales: {taker} se lleva una de las "
    "piezas libres de {penalised}.",
    "event.k3.stolen": "{taker} se llevó una pieza de {penalised} (la penalización); ahora está junto a la "
    "pirámide de {taker}.",
    "event.k3.eliminated": "{out} queda fuera de {game} #{table}: no podía jugar ninguna de sus piezas cuando le "
    "tocó, tras la jugada de {after}.",
    "event.k3.penalty.you_penalised": "Colocaste una pieza sobre dos apoyos iguales: {taker} se lleva una de tus "
    "piezas libres.",
    "event.k3.penalty.you_taker": "{penalised} colocó una pieza sobre dos apoyos iguales: tú te llevas una de sus "
    "piezas libres.",
    "event.k3.stolen.you_taker": "Te llevaste una pieza de {penalised} (la penalización); ahora está junto a tu "
    "pirámide.",
    "event.k3.stolen.you_penalised": "{taker} se llevó una de tus piezas (la penalización); ahora está junto a la "
    "pirámide de {taker}.",
    "event.k3.spare_white.you_heir": "La blanca que estaba aparte va junto a tu pirámide: eres el jugador anterior "
    "a {out} (con tres jugadores, en la primera eliminación).",
    "event.k3.spare_white": "La blanca que estaba aparte va junto a la pirámide de {heir}, el jugador anterior a "
    "{out} (con tres jugadores, en la primera eliminación).",
    "event.any.in_round": "Ronda {round}: {event}",
    "event.krakatoa.starter": "{starter} hizo el mejor lanzamiento inicial ({points}) y empieza la ronda 1.",
    "event.krakatoa.throwoff_tie": "Empate para empezar a {points}: {tied} vuelven a lanzar.",
    "event.krakatoa.scratch": "{who} no tocó nada en {throw}: un fallo, 0 puntos.",
    "event.krakatoa.little_quake": "Terremoto pequeño para {who} en {throw} (total {total}): ×2 en el lanzamiento "
    "que le sigue.",
    "event.krakatoa.big_quake": "Terremoto grande para {who} en {throw} (total {total}): ×4 en el lanzamiento que "
    "le sigue.",
    "event.krakatoa.little_rumble": "Temblor pequeño para {who} en {throw}: solo dos colores, ×2 en el lanzamiento "
    "que le sigue.",
    "event.krakatoa.big_rumble": "Temblor grande para {who} en {throw}: dos colores y volcanes, ×4 en el "
    "lanzamiento que le sigue.",
    "event.krakatoa.little_eruption": "Erupción pequeña para {who} en {throw}: tres volcanes, ×2 en cada uno de los "
    "dos lanzamientos que le siguen.",
    "event.krakatoa.big_eruption": "Erupción grande para {who} en {throw}: los nueve dados de un color, ×4 en cada "
    "uno de los dos lanzamientos que le siguen.",
    "term.krakatoa.throw_1": "el lanzamiento 1",
    "term.krakatoa.throw_2": "el lanzamiento 2",
    "term.krakatoa.throw_3": "el lanzamiento 3",
    "term.krakatoa.throw_4": "el lanzamiento 4",
    "term.krakatoa.throw_5": "el lanzamiento 5",
    "term.krakatoa.throw_bonus": "un lanzamiento extra",
})

# issue 15, defects 4, 5 and 15 (tables/guild_life.py): invitations that expire, tables suspended while
# the bot is away, cancelling once chance has been seen
EN.update({
    "invite.expired": "{game} table #{table} waited {waited} without starting and is now closed. {host}, you can "
    "start a new one with /play.",
    "reminder.expired": "Your {game} table #{table} waited {waited} without starting and is now closed. Start a "
    "new one with /play.",
    "error.bad_expiry": "Invitations can wait between 1h and 30d (for example 12h, 3d), not {value}.",
    "info.resumed": "Mesa is back in this server: {game} table #{table} goes on, and every deadline moved on by "
    "the time Mesa was away.",
    "info.abort_asked": "{name} asks to cancel {game} table #{table}: chance has already been seen, so every "
    "player must agree (by asking to cancel too). Still to agree: {waiting}.",
    "info.aborted_agreed": "Every player agreed: {game} table #{table} is cancelled, without results.",
    "info.timeout_unplayed": "The time ran out with no move from {name} in {game} #{table}: no one has played, "
    "so the table is cancelled and nothing is counted.",
    "error.abort_asked_already": "You have already asked to cancel table #{table}; it is cancelled once the "
    "others ask too (still to ask: {waiting}).",
})
ES.update({
    "invite.expired": "La mesa de {game} #{table} esperó {waited} sin empezar y queda cerrada. {host}, puedes "
    "abrir otra con /play.",
    "reminder.expired": "Tu mesa de {game} #{table} esperó {waited} sin empezar y queda cerrada. Abre otra con "
    "/play.",
    "error.bad_expiry": "Las invitaciones pueden esperar entre 1h y 30d (por ejemplo 12h, 3d), no {value}.",
    "info.resumed": "Mesa ha vuelto a este servidor: la mesa de {game} #{table} continúa, y cada plazo se "
    "alargó lo que Mesa estuvo fuera.",
    "info.abort_asked": "{name} pide cancelar la mesa de {game} #{table}: ya se vio el azar, así que todos "
    "deben estar de acuerdo (pidiendo también cancelarla). Faltan por aceptar: {waiting}.",
    "info.aborted_agreed": "Todos estuvieron de acuerdo: la mesa de {game} #{table} queda cancelada, sin "
    "resultados.",
    "info.timeout_unplayed": "Se acabó el plazo sin ninguna jugada de {name} en {game} #{table}: nadie ha jugado, "
    "así que la mesa queda cancelada y no cuenta nada.",
    "error.abort_asked_already": "Ya pediste cancelar la mesa #{table}; se cancela cuando lo pidan también los "
    "demás (faltan: {waiting}).",
})

# ---- playing Mesa (issues 17, 18): shared by the console and Discord
EN.update({
    "mesa.stats_title": "Against Mesa (all games, rated or not):",
    "mesa.own_title": "Mesa in this server, against its players (all games, rated or not):",
    "mesa.own_none": "No game against Mesa has ended in this server yet.",
    "mesa.stats_line": "{name}: {games}: {wins}, {losses}, {draws} drawn",
    "error.mesa_plays_on": "Mesa does not agree to draws: it plays on. Resign if you want to stop.",
    "board.mesa": "{game} #{table} · {moves}{news}\n{turn} is thinking…",
    "board.mesa_score": "{game} #{table} · {moves}{news}\n{turn} is thinking… Score: {status}",
    "board.mesa_start": "{game} #{table} begins: {players}.{news}\n{turn} is thinking…",
    "board.mesa_start_score": "{game} #{table} begins: {players}.{news}\n{turn} is thinking… Score: {status}",
    "board.back": "{game} #{table} is back at its start: {players}.{news}\n{turn} to move (deadline {deadline}).",
    "board.back_score": "{game} #{table} is back at its start: {players}.{news}\n{turn} to move (deadline "
    "{deadline}). Score: {status}",
    "board.mesa_back": "{game} #{table} is back at its start: {players}.{news}\n{turn} is thinking…",
    "board.mesa_back_score": "{game} #{table} is back at its start: {players}.{news}\n{turn} is thinking… Score: "
    "{status}",
})
ES.update({
    "mesa.stats_title": "Contra Mesa (todos los juegos, partidas puntuadas o no):",
    "mesa.own_title": "Mesa en este servidor, contra sus jugadores (todas las partidas, puntuadas o no):",
    "mesa.own_none": "Todavía no ha terminado ninguna partida contra Mesa en este servidor.",
    "mesa.stats_line": "{name}: {games}: {wins}, {losses}, {draws} en tablas",
    "error.mesa_plays_on": "Mesa no acepta tablas: sigue jugando. Abandona si quieres terminar.",
    "board.mesa": "{game} #{table} · {moves}{news}\n{turn} está pensando…",
    "board.mesa_score": "{game} #{table} · {moves}{news}\n{turn} está pensando… Puntuación: {status}",
    "board.mesa_start": "Empieza {game} #{table}: {players}.{news}\n{turn} está pensando…",
    "board.mesa_start_score": "Empieza {game} #{table}: {players}.{news}\n{turn} está pensando… Puntuación: {status}",
    "board.back": "{game} #{table} vuelve al principio: {players}.{news}\nLe toca a {turn} (plazo {deadline}).",
    "board.back_score": "{game} #{table} vuelve al principio: {players}.{news}\nLe toca a {turn} (plazo "
    "{deadline}). Puntuación: {status}",
    "board.mesa_back": "{game} #{table} vuelve al principio: {players}.{news}\n{turn} está pensando…",
    "board.mesa_back_score": "{game} #{table} vuelve al principio: {players}.{news}\n{turn} está pensando… "
    "Puntuación: {status}",
})

# ---- caps per player and replays made once (issue 15, defects 10, 12 and 13)
EN.update({
    "error.too_many_invitations": "You already have {count} waiting on this server "
    "(the most it allows is {max}). Cancel one with /abort, or wait until one starts, then invite again.",
    "error.too_many_tables": "{name} already plays {count} on this server (the most it allows is {max}). "
    "Finish one first.",
    "error.replay_busy": "Already making your replay of table #{table}: it comes in a moment. Ask for another "
    "once it is posted.",
    "outcome.any.ply_limit_hard": "Draw: the game reached {plies} moves, the most any game of {game} may last.",
})
ES.update({
    "error.too_many_invitations": "Ya tienes {count} esperando en este servidor "
    "(el máximo permitido es {max}). Cancela una con /abort, o espera a que empiece alguna, y vuelve a invitar.",
    "error.too_many_tables": "{name} ya juega {count} en este servidor (el máximo permitido es {max}). "
    "Termina una primero.",
    "error.replay_busy": "Ya estoy preparando tu repetición de la mesa #{table}: llega en un momento. Pide otra "
    "cuando esté publicada.",
    "outcome.any.ply_limit_hard": "Tablas: la partida llegó a {plies} jugadas, lo máximo que puede durar una "
    "partida de {game}.",
})

# ---- moves in words (issue 28, item 3): ``move.<game>.<code>``, the codes of each ``Engine.move_words``
# (``move.any.<code>`` for every game: the notation where it reads fine).  A seat's words are what it did,
# said after its name (``told.by``); chance's are what came of the move before it (``told.result``), or
# on their own a sentence.  ``Told`` (above) puts them together.
EN.update({
    "list.or": "{first} or {last}",
    "told.by": "{who} {deeds}",
    "told.result": "{deed} ({result})",
    "board.last_move": "Last move: {told}",
    "count.points": "point|points",
    "move.any.notation": "played {move}",
    "move.any.chance": "{move}",
    "move.k3.base": "The base row is drawn",
    "move.k3.deal": "The pieces are dealt",
    "move.k3.build": "built a pyramid",
    "term.k3.piece_B": "blue",
    "term.k3.piece_R": "red",
    "term.k3.piece_K": "black",
    "term.k3.piece_Y": "yellow",
    "term.k3.piece_G": "green",
    "term.k3.piece_N": "natural",
    "term.k3.piece_W": "white",
    "move.k3.place": "placed a {piece} piece from their pyramid ({origin}) on the mountain ({slot})",
    "move.k3.place_side": "placed a {piece} piece from beside the pyramid on the mountain ({slot})",
    "move.k3.end_left": "added a {piece} piece from their pyramid ({origin}) at the left end of the base row",
    "move.k3.end_left_side": "added a {piece} piece from beside the pyramid at the left end of the base row",
    "move.k3.end_right": "added a {piece} piece from their pyramid ({origin}) at the right end of the base row",
    "move.k3.end_right_side": "added a {piece} piece from beside the pyramid at the right end of the base row",
    "move.k3.pass": "passed with a white piece from their pyramid ({origin})",
    "move.k3.pass_side": "passed with a white piece from beside the pyramid",
    "move.k3.steal": "took a {piece} piece from {victim}'s pyramid ({origin})",
    "move.k3.steal_side": "took a {piece} piece from beside {victim}'s pyramid",
    "move.krakatoa.throwoff_steam": "threw Steam to see who starts",
    "move.krakatoa.throwoff_ash": "threw Ash to see who starts",
    "move.krakatoa.throwoff_lava": "threw Lava to see who starts",
    "move.krakatoa.set_steam": "chose Steam",
    "move.krakatoa.set_ash": "chose Ash",
    "move.krakatoa.set_lava": "chose Lava",
    "move.krakatoa.throw": "threw all nine dice",
    "move.krakatoa.keep": "kept them",
    "move.krakatoa.rethrow": "threw all nine again",
    "move.krakatoa.aim_soft": "aimed soft at {die}",
    "move.krakatoa.aim_hard": "aimed hard at {die}",
    "move.krakatoa.roll": "{points}",
    "move.krakatoa.roll_all": "{points} if kept",
    "move.krakatoa.scratch": "a scratch",
    # Plateau (``PlateauEngine.move_words``): public facts only, PL-9.5
    "term.plateau.red": "red",
    "term.plateau.blue": "blue",
    "term.plateau.orange": "orange",
    "term.plateau.blank": "blank",
    "count.pieces": "piece|pieces",
    "count.arriving": "piece|pieces",
    "count.captured": "piece|pieces",
    "count.plateau_rb": "Ace|Aces",
    "count.plateau_ox": "Twister|Twisters",
    "count.plateau_rx": "Red Mask|Red Masks",
    "count.plateau_bx": "Blue Mask|Blue Masks",
    "count.plateau_rr": "Red|Reds",
    "count.plateau_bb": "Blue|Blues",
    "count.plateau_xx": "Mute|Mutes",
    "move.plateau.open": "opened with a stack of two on {square}, {face} face up",
    "move.plateau.onboard": "put a reserve piece on {square}, {face} face up",
    "move.plateau.onboard_under": "put a reserve piece under the stack on {square}, {face} face up",
    "move.plateau.onboard_into": "put a reserve piece into the stack on {square} with {pieces} under it, {face} "
    "face up",
    "move.plateau.move": "moved {pieces} from {origin} to {landing}",
    "move.plateau.move_capture": "moved {pieces} from {origin} to {landing}, capturing {captured}",
    "move.plateau.move_via": "moved {pieces} from {origin} to {landing} by way of {stops}, arriving with {arriving}",
    "move.plateau.move_via_capture": "moved {pieces} from {origin} to {landing} by way of {stops}, arriving with "
    "{arriving}, capturing {captured}",
    "move.plateau.flip_move": "flipped the top piece on {origin} and moved {pieces} to {landing}",
    "move.plateau.flip_move_capture": "flipped the top piece on {origin} and moved {pieces} to {landing}, "
    "capturing {captured}",
    "move.plateau.flip_move_via": "flipped the top piece on {origin} and moved {pieces} to {landing} by way of "
    "{stops}, arriving with {arriving}",
    "move.plateau.flip_move_via_capture": "flipped the top piece on {origin} and moved {pieces} to {landing} by "
    "way of {stops}, arriving with {arriving}, capturing {captured}",
    "move.plateau.stomp": "stomped on {square}, capturing {captured}",
    "move.plateau.flip_stomp": "flipped the top piece on {square} and stomped, capturing {captured}",
    "move.plateau.tender": "offered {prisoners} (worth {worth}) in exchange",
    "move.plateau.return": "gave back {prisoners} (worth {worth}) for the exchange",
    "move.plateau.refuse": "refused the exchange",
    "move.plateau.pass": "passed: nothing else was allowed",
    # Kona (``KonaEngine.move_words``)
    "move.kona.move": "moved from {origin} to {landing}",
    "move.kona.move_onto": "moved from {origin} onto the {under} on {landing}, making a stack of {height}",
    "move.kona.move_uncover": "moved from {origin} to {landing}, uncovering a {uncovered} on {origin}",
    "move.kona.move_onto_uncover": "moved from {origin} onto the {under} on {landing}, making a stack of "
    "{height} and uncovering a {uncovered} on {origin}",
})
ES.update({
    "list.or": "{first} o {last}",
    "told.by": "{who} {deeds}",
    "told.result": "{deed} ({result})",
    "board.last_move": "Última jugada: {told}",
    "count.points": "punto|puntos",
    "move.any.notation": "jugó {move}",
    "move.any.chance": "{move}",
    "move.k3.base": "Se sortea la fila de base",
    "move.k3.deal": "Se reparten las piezas",
    "move.k3.build": "construyó su pirámide",
    "term.k3.piece_B": "azul",
    "term.k3.piece_R": "roja",
    "term.k3.piece_K": "negra",
    "term.k3.piece_Y": "amarilla",
    "term.k3.piece_G": "verde",
    "term.k3.piece_N": "natural",
    "term.k3.piece_W": "blanca",
    "move.k3.place": "colocó una pieza {piece} de su pirámide ({origin}) en la montaña ({slot})",
    "move.k3.place_side": "colocó una pieza {piece} de al lado de la pirámide en la montaña ({slot})",
    "move.k3.end_left": "añadió una pieza {piece} de su pirámide ({origin}) en el extremo izquierdo de la fila "
    "de base",
    "move.k3.end_left_side": "añadió una pieza {piece} de al lado de la pirámide en el extremo izquierdo de la fila "
    "de base",
    "move.k3.end_right": "añadió una pieza {piece} de su pirámide ({origin}) en el extremo derecho de la fila "
    "de base",
    "move.k3.end_right_side": "añadió una pieza {piece} de al lado de la pirámide en el extremo derecho de la fila "
    "de base",
    "move.k3.pass": "pasó con una pieza blanca de su pirámide ({origin})",
    "move.k3.pass_side": "pasó con una pieza blanca de al lado de la pirámide",
    "move.k3.steal": "se llevó una pieza {piece} de la pirámide de {victim} ({origin})",
    "move.k3.steal_side": "se llevó una pieza {piece} de al lado de la pirámide de {victim}",
    "move.krakatoa.throwoff_steam": "lanzó Vapor para ver quién empieza",
    "move.krakatoa.throwoff_ash": "lanzó Ceniza para ver quién empieza",
    "move.krakatoa.throwoff_lava": "lanzó Lava para ver quién empieza",
    "move.krakatoa.set_steam": "eligió Vapor",
    "move.krakatoa.set_ash": "eligió Ceniza",
    "move.krakatoa.set_lava": "eligió Lava",
    "move.krakatoa.throw": "lanzó los nueve dados",
    "move.krakatoa.keep": "se los quedó",
    "move.krakatoa.rethrow": "volvió a lanzar los nueve",
    "move.krakatoa.aim_soft": "apuntó suave a {die}",
    "move.krakatoa.aim_hard": "apuntó fuerte a {die}",
    "move.krakatoa.roll": "{points}",
    "move.krakatoa.roll_all": "{points} si se los queda",
    "move.krakatoa.scratch": "un fallo",
    "term.plateau.red": "roja",
    "term.plateau.blue": "azul",
    "term.plateau.orange": "naranja",
    "term.plateau.blank": "en blanco",
    "count.pieces": "pieza|piezas",
    "count.arriving": "pieza|piezas",
    "count.captured": "pieza|piezas",
    "count.plateau_rb": "As|Ases",
    "count.plateau_ox": "Torbellino|Torbellinos",
    "count.plateau_rx": "Máscara roja|Máscaras rojas",
    "count.plateau_bx": "Máscara azul|Máscaras azules",
    "count.plateau_rr": "Roja|Rojas",
    "count.plateau_bb": "Azul|Azules",
    "count.plateau_xx": "Muda|Mudas",
    "move.plateau.open": "abrió con una pila de dos en {square}, con la cara {face} arriba",
    "move.plateau.onboard": "puso una pieza de la reserva en {square}, con la cara {face} arriba",
    "move.plateau.onboard_under": "puso una pieza de la reserva debajo de la pila de {square}, con la cara {face} "
    "arriba",
    "move.plateau.onboard_into": "metió una pieza de la reserva en la pila de {square}, con {pieces} debajo y la "
    "cara {face} arriba",
    "move.plateau.move": "movió {pieces} de {origin} a {landing}",
    "move.plateau.move_capture": "movió {pieces} de {origin} a {landing} y capturó {captured}",
    "move.plateau.move_via": "movió {pieces} de {origin} a {landing} pasando por {stops} y llegó con {arriving}",
    "move.plateau.move_via_capture": "movió {pieces} de {origin} a {landing} pasando por {stops}, llegó con "
    "{arriving} y capturó {captured}",
    "move.plateau.flip_move": "dio la vuelta a la pieza de arriba de {origin} y movió {pieces} a {landing}",
    "move.plateau.flip_move_capture": "dio la vuelta a la pieza de arriba de {origin}, movió {pieces} a {landing} "
    "y capturó {captured}",
    "move.plateau.flip_move_via": "dio la vuelta a la pieza de arriba de {origin} y movió {pieces} a {landing} "
    "pasando por {stops} y llegó con {arriving}",
    "move.plateau.flip_move_via_capture": "dio la vuelta a la pieza de arriba de {origin}, movió {pieces} a "
    "{landing} pasando por {stops}, llegó con {arriving} y capturó {captured}",
    "move.plateau.stomp": "dio un pisotón en {square} y capturó {captured}",
    "move.plateau.flip_stomp": "dio la vuelta a la pieza de arriba de {square} y dio un pisotón: capturó {captured}",
    "move.plateau.tender": "ofreció {prisoners} (valor {worth}) a cambio",
    "move.plateau.return": "devolvió {prisoners} (valor {worth}) para el intercambio",
    "move.plateau.refuse": "rechazó el intercambio",
    "move.plateau.pass": "pasó: no podía hacer otra cosa",
    "move.kona.move": "movió de {origin} a {landing}",
    "move.kona.move_onto": "movió de {origin} sobre el {under} de {landing} y formó una pila de {height}",
    "move.kona.move_uncover": "movió de {origin} a {landing} y destapó un {uncovered} en {origin}",
    "move.kona.move_onto_uncover": "movió de {origin} sobre el {under} de {landing}, formó una pila de "
    "{height} y destapó un {uncovered} en {origin}",
})
# ---- what a move does, said to its mover (``tables.move_choices``): the move picker's options and ``/move``'s
# suggestions.  ``does.<game>.<code>``, the codes and facts of each ``Engine.move_words`` as ``move.<game>.<code>``
# tells them on a board; short, since Discord shows at most 100 characters of an option's words.
EN.update({
    "does.k3.place": "Place a {piece} piece from your pyramid ({origin}) on the mountain ({slot})",
    "does.k3.place_side": "Place a {piece} piece from beside your pyramid on the mountain ({slot})",
    "does.k3.end_left": "Add a {piece} piece from your pyramid ({origin}) at the left end of the base row",
    "does.k3.end_left_side": "Add a {piece} piece from beside your pyramid at the left end of the base row",
    "does.k3.end_right": "Add a {piece} piece from your pyramid ({origin}) at the right end of the base row",
    "does.k3.end_right_side": "Add a {piece} piece from beside your pyramid at the right end of the base row",
    "does.k3.pass": "Pass with a white piece from your pyramid ({origin})",
    "does.k3.pass_side": "Pass with a white piece from beside your pyramid",
    "does.k3.steal": "Take a {piece} piece from {victim}'s pyramid ({origin})",
    "does.k3.steal_side": "Take a {piece} piece from beside {victim}'s pyramid",
    "does.krakatoa.throwoff_steam": "Throw Steam to see who starts",
    "does.krakatoa.throwoff_ash": "Throw Ash to see who starts",
    "does.krakatoa.throwoff_lava": "Throw Lava to see who starts",
    "does.krakatoa.set_steam": "Throw Steam",
    "does.krakatoa.set_ash": "Throw Ash",
    "does.krakatoa.set_lava": "Throw Lava",
    "does.krakatoa.throw": "Throw all nine dice",
    "does.krakatoa.keep": "Keep the dice",
    "does.krakatoa.rethrow": "Throw all nine again",
    "does.krakatoa.aim_soft": "Aim soft at {die}",
    "does.krakatoa.aim_hard": "Aim hard at {die}",
    "does.plateau.open": "Open on {square}: your {top}, {face} face up, on your {bottom}, {bottom_face} face up",
    "does.plateau.onboard": "Put your {piece} on {square}, {face} face up",
    "does.plateau.onboard_under": "Put your {piece} under the stack on {square}, {face} face up",
    "does.plateau.onboard_into": "Put your {piece} into the stack on {square} with {pieces} under it, {face} face up",
    "does.plateau.move": "Move {pieces} from {origin} to {landing}",
    "does.plateau.move_capture": "Move {pieces} from {origin} to {landing}, capturing {captured}",
    "does.plateau.move_via": "Move {pieces} from {origin} to {landing} via {route}",
    "does.plateau.move_via_capture": "Move {pieces} from {origin} to {landing} via {route}, capturing {captured}",
    "does.plateau.flip_move": "Flip the top piece on {origin}, move {pieces} to {landing}",
    "does.plateau.flip_move_capture": "Flip the top piece on {origin}, move {pieces} to {landing}, capturing "
    "{captured}",
    "does.plateau.flip_move_via": "Flip the top piece on {origin}, move {pieces} to {landing} via {route}",
    "does.plateau.flip_move_via_capture": "Flip {origin}'s top, move {pieces} to {landing} via {route}, capturing "
    "{captured}",
    # a stop and the count going on from it (``route_onward``, PL-5.5): the mover's own words tell them all
    "onward.stop": "{square} (on with {n})",
    "does.plateau.stomp": "Stomp on {square}, capturing {captured}",
    "does.plateau.flip_stomp": "Flip the top piece on {square} and stomp, capturing {captured}",
    "does.plateau.tender": "Offer {prisoners} (worth {worth}) in exchange",
    "does.plateau.return": "Give back {prisoners} (worth {worth}) for the exchange",
    "does.plateau.refuse": "Refuse the exchange",
    "does.plateau.pass": "Pass: nothing else is allowed",
    # the mover's own pieces by name (``PlateauEngine.own_move_words``, PL-9.2)
    "term.plateau.type_rb": "Ace",
    "term.plateau.type_ox": "Twister",
    "term.plateau.type_rx": "Red Mask",
    "term.plateau.type_bx": "Blue Mask",
    "term.plateau.type_rr": "Red",
    "term.plateau.type_bb": "Blue",
    "term.plateau.type_xx": "Mute",
    "does.kona.move": "Move from {origin} to {landing}",
    "does.kona.move_onto": "Move from {origin} onto the {under} on {landing}, making a stack of {height}",
    "does.kona.move_uncover": "Move from {origin} to {landing}, uncovering a {uncovered}",
    "does.kona.move_onto_uncover": "Move from {origin} onto the {under} on {landing} (a stack of {height}), "
    "uncovering a {uncovered}",
})
# what a group of the mover's moves share (``Engine.own_group_words``): a picker choice that opens a further step
EN.update({
    "group.kona.from": "Move from {origin}",
    "group.kona.from_uncover": "Move from {origin}, uncovering a {uncovered}",
    "group.k3.from": "Play the {piece} piece from your pyramid ({origin})",
    "group.k3.from_side": "Play a {piece} piece from beside your pyramid",
    "group.k3.steal": "Take a {piece} piece from {victim}'s pyramid",
    "group.krakatoa.aim": "Aim at {die}, soft or hard",
    "group.plateau.open_bottom": "Open with your {bottom} at the bottom, {bottom_face} face up",
    "group.plateau.open_pair": "Open with your {top}, {face} face up, on your {bottom}, {bottom_face} face up",
    "group.plateau.onboard_piece": "Put your {piece} on the board, {face} face up",
    "group.plateau.onboard_square": "Put your {piece} into the stack on {square}, {face} face up: how deep?",
    "group.plateau.from": "Move from {origin}",
    "group.plateau.from_or_stomp": "Move from {origin}, or stomp there",
    "group.plateau.from_lift": "Move {pieces} from {origin}",
    "group.plateau.from_lift_to": "Move {pieces} from {origin} to {next}, to land there or go on",
    "group.plateau.from_lift_past": "Move {pieces} from {origin} via {next}",
    "group.plateau.from_lift_via": "Move {pieces} from {origin} via {route}",
    "group.plateau.from_lift_via_to": "Move {pieces} from {origin} via {route} to {next}, to land there or go on",
    "group.plateau.from_lift_via_past": "Move {pieces} from {origin} via {route} and {next}",
    "group.plateau.flip_from": "Flip the top piece on {origin}, then move",
    "group.plateau.flip_from_or_stomp": "Flip the top piece on {origin}, then move or stomp",
    "group.plateau.flip_from_lift": "Flip the top piece on {origin}, then move {pieces}",
    "group.plateau.flip_from_lift_to": "Flip the top piece on {origin}, move {pieces} to {next}, to land there or "
    "go on",
    "group.plateau.flip_from_lift_past": "Flip the top piece on {origin}, move {pieces} via {next}",
    "group.plateau.flip_from_lift_via": "Flip the top piece on {origin}, move {pieces} via {route}",
    "group.plateau.flip_from_lift_via_to": "Flip {origin}'s top, move {pieces} via {route} to {next}, to land there "
    "or go on",
    "group.plateau.flip_from_lift_via_past": "Flip {origin}'s top, move {pieces} via {route} and {next}",
    "group.plateau.tender": "Offer prisoners in exchange",
    "group.plateau.tender_with": "Offer {prisoners}, perhaps with more, in exchange",
    "group.plateau.return": "Give back prisoners for the exchange",
    "group.plateau.return_with": "Give back {prisoners}, perhaps with more, for the exchange",
})
ES.update({
    "does.k3.place": "Colocar una pieza {piece} de tu pirámide ({origin}) en la montaña ({slot})",
    "does.k3.place_side": "Colocar una pieza {piece} de al lado de tu pirámide en la montaña ({slot})",
    "does.k3.end_left": "Añadir una pieza {piece} de tu pirámide ({origin}) al extremo izquierdo "
    "de la fila de base",
    "does.k3.end_left_side": "Añadir una pieza {piece} de al lado de tu pirámide al extremo izquierdo "
    "de la fila de base",
    "does.k3.end_right": "Añadir una pieza {piece} de tu pirámide ({origin}) al extremo derecho "
    "de la fila de base",
    "does.k3.end_right_side": "Añadir una pieza {piece} de al lado de tu pirámide al extremo derecho "
    "de la fila de base",
    "does.k3.pass": "Pasar con una pieza blanca de tu pirámide ({origin})",
    "does.k3.pass_side": "Pasar con una pieza blanca de al lado de tu pirámide",
    "does.k3.steal": "Llevarte una pieza {piece} de la pirámide de {victim} ({origin})",
    "does.k3.steal_side": "Llevarte una pieza {piece} de al lado de la pirámide de {victim}",
    "does.krakatoa.throwoff_steam": "Lanzar Vapor para ver quién empieza",
    "does.krakatoa.throwoff_ash": "Lanzar Ceniza para ver quién empieza",
    "does.krakatoa.throwoff_lava": "Lanzar Lava para ver quién empieza",
    "does.krakatoa.set_steam": "Lanzar Vapor",
    "does.krakatoa.set_ash": "Lanzar Ceniza",
    "does.krakatoa.set_lava": "Lanzar Lava",
    "does.krakatoa.throw": "Lanzar los nueve dados",
    "does.krakatoa.keep": "Quedarte con los dados",
    "does.krakatoa.rethrow": "Volver a lanzar los nueve",
    "does.krakatoa.aim_soft": "Apuntar suave a {die}",
    "does.krakatoa.aim_hard": "Apuntar fuerte a {die}",
    "does.plateau.open": "Abrir en {square}: tu {top} ({face} arriba) sobre tu {bottom} ({bottom_face} arriba)",
    "does.plateau.onboard": "Poner tu {piece} en {square}, con la cara {face} arriba",
    "does.plateau.onboard_under": "Poner tu {piece} bajo la pila de {square}, con la cara {face} arriba",
    "does.plateau.onboard_into": "Meter tu {piece} en la pila de {square}, con {pieces} debajo y la cara {face} "
    "arriba",
    "does.plateau.move": "Mover {pieces} de {origin} a {landing}",
    "does.plateau.move_capture": "Mover {pieces} de {origin} a {landing} y capturar {captured}",
    "does.plateau.move_via": "Mover {pieces} de {origin} a {landing} por {route}",
    "does.plateau.move_via_capture": "Mover {pieces} de {origin} a {landing} por {route} y capturar {captured}",
    "does.plateau.flip_move": "Dar la vuelta a la de arriba de {origin} y mover {pieces} a {landing}",
    "does.plateau.flip_move_capture": "Dar la vuelta a la de arriba de {origin}, mover {pieces} a {landing} y "
    "capturar {captured}",
    "does.plateau.flip_move_via": "Dar la vuelta a la de arriba de {origin} y mover {pieces} a {landing} por "
    "{route}",
    "does.plateau.flip_move_via_capture": "Voltear la de {origin}, mover {pieces} a {landing} por {route} y "
    "capturar {captured}",
    "onward.stop": "{square} (sigue con {n})",
    "does.plateau.stomp": "Dar un pisotón en {square} y capturar {captured}",
    "does.plateau.flip_stomp": "Dar la vuelta a la de arriba de {square} y dar un pisotón que captura {captured}",
    "does.plateau.tender": "Ofrecer {prisoners} (valor {worth}) a cambio",
    "does.plateau.return": "Devolver {prisoners} (valor {worth}) para el intercambio",
    "does.plateau.refuse": "Rechazar el intercambio",
    "does.plateau.pass": "Pasar: no se puede hacer otra cosa",
    "term.plateau.type_rb": "As",
    "term.plateau.type_ox": "Torbellino",
    "term.plateau.type_rx": "Máscara roja",
    "term.plateau.type_bx": "Máscara azul",
    "term.plateau.type_rr": "Roja",
    "term.plateau.type_bb": "Azul",
    "term.plateau.type_xx": "Muda",
    "does.kona.move": "Mover de {origin} a {landing}",
    "does.kona.move_onto": "Mover de {origin} sobre el {under} de {landing} y formar una pila de {height}",
    "does.kona.move_uncover": "Mover de {origin} a {landing} y destapar un {uncovered}",
    "does.kona.move_onto_uncover": "Mover de {origin} sobre el {under} de {landing} (pila de {height}) y "
    "destapar un {uncovered}",
})
ES.update({
    "group.kona.from": "Mover desde {origin}",
    "group.kona.from_uncover": "Mover desde {origin} y destapar un {uncovered}",
    "group.k3.from": "Jugar la pieza {piece} de tu pirámide ({origin})",
    "group.k3.from_side": "Jugar una pieza {piece} de al lado de tu pirámide",
    "group.k3.steal": "Llevarte una pieza {piece} de la pirámide de {victim}",
    "group.krakatoa.aim": "Apuntar a {die}, suave o fuerte",
    "group.plateau.open_bottom": "Abrir con tu {bottom} debajo ({bottom_face} arriba)",
    "group.plateau.open_pair": "Abrir con tu {top} ({face} arriba) sobre tu {bottom} ({bottom_face} arriba)",
    "group.plateau.onboard_piece": "Poner tu {piece} en el tablero, con la cara {face} arriba",
    "group.plateau.onboard_square": "Meter tu {piece} en la pila de {square}, con la cara {face} arriba: ¿a qué "
    "altura?",
    "group.plateau.from": "Mover desde {origin}",
    "group.plateau.from_or_stomp": "Mover desde {origin} o dar allí un pisotón",
    "group.plateau.from_lift": "Mover {pieces} desde {origin}",
    "group.plateau.from_lift_to": "Mover {pieces} de {origin} a {next}, para quedarse o seguir",
    "group.plateau.from_lift_past": "Mover {pieces} de {origin} por {next}",
    "group.plateau.from_lift_via": "Mover {pieces} de {origin} por {route}",
    "group.plateau.from_lift_via_to": "Mover {pieces} de {origin} por {route} a {next}, para quedarse o seguir",
    "group.plateau.from_lift_via_past": "Mover {pieces} de {origin} por {route} y {next}",
    "group.plateau.flip_from": "Dar la vuelta a la de arriba de {origin} y mover",
    "group.plateau.flip_from_or_stomp": "Dar la vuelta a la de arriba de {origin} y mover o dar un pisotón",
    "group.plateau.flip_from_lift": "Dar la vuelta a la de arriba de {origin} y mover {pieces}",
    "group.plateau.flip_from_lift_to": "Voltear la de {origin}, mover {pieces} a {next}, para quedarse o seguir",
    "group.plateau.flip_from_lift_past": "Voltear la de {origin} y mover {pieces} por {next}",
    "group.plateau.flip_from_lift_via": "Voltear la de {origin} y mover {pieces} por {route}",
    "group.plateau.flip_from_lift_via_to": "Voltear la de {origin}, mover {pieces} por {route} a {next}, para "
    "quedarse o seguir",
    "group.plateau.flip_from_lift_via_past": "Voltear la de {origin} y mover {pieces} por {route} y {next}",
    "group.plateau.tender": "Ofrecer prisioneros a cambio",
    "group.plateau.tender_with": "Ofrecer {prisoners}, quizá con más, a cambio",
    "group.plateau.return": "Devolver prisioneros para el intercambio",
    "group.plateau.return_with": "Devolver {prisoners}, quizá con más, para el intercambio",
})
EN.update({
    "history.moves": "#{table} moves: {moves}",
    "history.ending": "How it ended: {result}",
    "history.entry": "{ply}. {told}",
    "history.entry.news": "{ply}. {told} ({news})",
    "history.event.k3.eliminated": "{out} is out: none of their pieces could be played",
    "history.no_moves": "(none)",
    "history.attached": "The whole list is in the file attached.",
})
ES.update({
    "history.moves": "#{table}, jugadas: {moves}",
    "history.ending": "Cómo terminó: {result}",
    "history.entry": "{ply}. {told}",
    "history.entry.news": "{ply}. {told} ({news})",
    "history.event.k3.eliminated": "{out} queda fuera: no podía jugar ninguna de sus piezas",
    "history.no_moves": "(ninguna)",
    "history.attached": "La lista completa está en el archivo adjunto.",
})

# ---- refusals that say what the player may do (issue 28, item 4): the legal moves, a few of them named
EN.update({
    "list.more": "{items} and {more} more",
    "error.hint.moves": " You may play {moves}.",
    # each front says how it proposes one (cogs.handling.DISCORD_PHRASES, console.CONSOLE_PHRASES)
    "error.hint.unlisted": " Build your pyramid, or have one proposed. Typed, yours is build:{seat}: then its rows "
    "from the top, split by /.",
    "error.bad_style": "There is no build style {style}: use {styles}.",
})
ES.update({
    "list.more": "{items} y {more} más",
    "error.hint.moves": " Puedes jugar {moves}.",
    "error.hint.unlisted": " Monta tu pirámide, o pide que te propongan una. Escrita, la tuya es build:{seat}: y sus "
    "filas desde arriba, separadas por /.",
    "error.bad_style": "No hay ningún estilo de construcción {style}: usa {styles}.",
})

# ---- public replays, rate-limited (issue 29, item 6: tables/reposts.py, ReplayGate)
EN.update({
    "count.replay": "replay|replays",
    "replay.later_table": "The replay of table #{table} was posted here a moment ago, so here it is just for you. "
    "It can be posted for everyone again in {wait}.",
    "replay.later_user": "You have already posted {count} for everyone (the most each {period}), so here is this "
    "one just for you. You can post one for everyone again in {wait}.",
})
ES.update({
    "count.replay": "repetición|repeticiones",
    "replay.later_table": "La repetición de la mesa #{table} se publicó aquí hace un momento, así que aquí la "
    "tienes solo para ti. Se podrá publicar para todos de nuevo dentro de {wait}.",
    "replay.later_user": "Ya has publicado {count} para todos (el máximo cada {period}), así que esta es solo "
    "para ti. Podrás publicar otra para todos dentro de {wait}.",
})

# ---- learning the games: hints and takebacks (issue 30), shared by the console and Discord
EN.update({
    "hint.said": " (the board would say: {told})",
    "hint.said_own": " ({does}; the board would say: {told})",
    "hint.answer": "Hint for {game} #{table}: {move}{said} — {why} ({used} used in this game; the hint is not "
    "played for you.)",
    "hint.why.wins": "it wins the game at once.",
    "hint.why.stops": "{name} could win with their next move; after this one they cannot.",
    "hint.why.gains": "it takes your {tally} from {before} to {after}.",
    "hint.why.allows": "after {move}, {name} could win at once with {reply}; after this one they cannot.",
    "hint.why.threatens": "it threatens to win on your next move: {name} must answer it.",
    "hint.why.forces": "after it you win on your next move whatever {name} plays.",
    "hint.why.choice": "Mesa's choice here.",
    "hint.why.chance": "Mesa's choice here: after it, your chance to win reads {chance} % (as Mesa's reviews read a "
    "move{seen}).",
    "hint.why.chance_together": "Mesa's choice here: after it, the chance that you all win together reads "
    "{chance} % (as Mesa's reviews read a move{seen}).",
    "hint.seen": ", from what you can see",
    "hint.why.proven_win": "after it, Mesa's search finds a win for you whatever {name} plays.",
    "hint.why.proven_loss": "Mesa's choice here, though its search finds a win for {name} whatever you play.",
    "hint.why.only": "it is your only legal move.",
    "hint.why.alike": "the rules make every choice here alike: any of them is as good.",
    "hint.why.alike.krakatoa": "the three sets are the same dice, so whichever you choose is thrown alike: any "
    "choice is as good here.",
    "hint.why.points": "it is expected to bring {points} points from here to the end of your turn (bonus marks "
    "included, the throws still to come too); the next best, {other}, {other_points}.",
    "hint.why.points_basic": "it is expected to bring {points} points from here to the end of your turn (the "
    "throws still to come too); the next best, {other}, {other_points}.",
    "hint.why.points_win": "it is expected to bring {points} points from here to the end of your turn, and "
    "{other} {other_points}, but this one wins more often: it plays for the points you need.",
    "hint.why.points_level": "it is expected to bring {points} points from here to the end of your turn, and "
    "{other} {other_points}: this is the choice Mesa makes at its {level} level, which does not always take "
    "the most.",
    "hint.tally.prisoners": "prisoners",
    "hint.tally.totals": "points",
    "hint.tally.scores": "score",
    "count.hint": "hint|hints",
    "result.hinted": "{result}\n{hints}.",
    "result.hints_used": "{name} used {hints}",
    "result.hints_more": "{first}; {rest}",
    "error.hint_people": "Hints are only for a game alone against Mesa, and at table #{table} you play with "
    "{people}: play Mesa, unrated, to learn with hints.",
    "error.hint_rated": "Table #{table} is rated: hints are only for unrated games against Mesa. Start one "
    "with /play and rated off to learn with hints.",
    "error.hint_tournament": "Table #{table} is a game of tournament #{id}: its result counts there, so it "
    "takes no hints. Play Mesa outside the tournament, unrated, to learn with hints.",
    "error.takeback_tournament": "Table #{table} is a game of tournament #{id}: the moves played there "
    "stand, so none can be taken back. Play on.",
    "error.no_takebacks": "{game} has no takebacks: only games of two players without chance can take a "
    "move back.",
    "error.takeback_nothing": "You have no move to take back at table #{table} yet.",
    "error.takeback_limit": "You have asked for {max} takebacks in this game already, the most a player "
    "may: play on.",
    "error.takeback_pending": "A takeback is already waiting for an answer at table #{table}: wait for it.",
    "error.takeback_revealed": "That cannot be taken back at table #{table}: a face hidden until then was shown "
    "({move}), and what was seen cannot be unseen. Play on.",
    "error.no_takeback_request": "Nobody is asking for a takeback at table #{table}.",
    "error.takeback_answered": "The takeback asked at table #{table} has been answered already ({answer}), "
    "so nothing changes: the game goes on from the latest board.",
    "error.takeback_lapsed": "The takeback asked at table #{table} lapsed: the game went on since. Ask "
    "again with /takeback if you want.",
    "error.takeback_lapsed_theirs": "{name}'s takeback request at table #{table} lapsed when the game went on, so "
    "there is nothing to answer.",
    "error.takeback_own": "You asked for this takeback: your opponent answers it (or it lapses when the "
    "game goes on).",
    "info.takeback_asked": "{name} asks to take back at {game} #{table}: {moves}. Accept or decline? {left}{clock}",
    "takeback.clock": " {name}'s clock keeps running meanwhile: with no answer, {name} can play on with /move, which "
    "withdraws the request.",
    "takeback.left": "({name} may ask {count} in this game.)",
    "takeback.left_none": "(It is {name}'s last takeback request in this game.)",
    "count.takeback_left": "more time|more times",
    "info.takeback_accepted": "{name} agreed, and at {game} #{table} this is taken back: {moves}. {turn} to move.",
    "info.takeback_declined": "{name} declined the takeback at {game} #{table}, so this stands: {moves}. The game "
    "goes on.",
    "info.takeback_mesa_declined": "{name} takes no moves back in a rated game: {game} #{table} goes on.",
    "takeback.history_title": "Takebacks:",
    "takeback.history_line": "{seq}. {date} UTC, {name} asked to take back: {moves}. Answer: {answer}",
    "takeback.answer.accepted": "taken back, {name} agreed",
    "takeback.answer.declined": "{name} declined",
    "takeback.answer.pending": "waiting for an answer",
    "takeback.answer.lapsed": "lapsed (the game went on)",
    "takeback.answer.lapsed_ended": "unanswered when the game ended",
})
ES.update({
    "hint.said": " (el tablero diría: {told})",
    "hint.said_own": " ({does}; el tablero diría: {told})",
    "hint.answer": "Pista para {game} #{table}: {move}{said} — {why} ({used} en esta partida; la pista no se "
    "juega por ti.)",
    "hint.why.wins": "gana la partida en el acto.",
    "hint.why.stops": "{name} podría ganar con su próxima jugada; después de esta, no puede.",
    "hint.why.gains": "lleva tus {tally} de {before} a {after}.",
    "hint.why.allows": "tras {move}, {name} podría ganar en el acto con {reply}; tras esta, no puede.",
    "hint.why.threatens": "amenaza con ganar en tu próxima jugada: {name} tiene que responder.",
    "hint.why.forces": "tras ella ganas en tu próxima jugada juegue lo que juegue {name}.",
    "hint.why.choice": "es la elección de Mesa aquí.",
    "hint.why.chance": "es la elección de Mesa aquí: tras ella, Mesa calcula tus posibilidades de ganar en un "
    "{chance} % (según lo leería una revisión de Mesa{seen}).",
    "hint.why.chance_together": "es la elección de Mesa aquí: tras ella, Mesa calcula en un {chance} % la "
    "posibilidad de que ganéis todos juntos (según lo leería una revisión de Mesa{seen}).",
    "hint.seen": ", con lo que tú puedes ver",
    "hint.why.proven_win": "tras ella, la búsqueda de Mesa te encuentra una victoria juegue lo que juegue {name}.",
    "hint.why.proven_loss": "es la elección de Mesa aquí, aunque su búsqueda encuentra una victoria para {name} "
    "juegues lo que juegues.",
    "hint.why.only": "es tu única jugada legal.",
    "hint.why.alike": "las reglas hacen iguales todas las opciones aquí: cualquiera vale lo mismo.",
    "hint.why.alike.krakatoa": "los tres juegos son dados iguales, así que elijas el que elijas se lanza igual: "
    "cualquier elección vale lo mismo aquí.",
    "hint.why.points": "se espera que sume {points} puntos de aquí al final de tu turno (con las marcas de "
    "bonificación y los lanzamientos que faltan); la siguiente mejor, {other}, {other_points}.",
    "hint.why.points_basic": "se espera que sume {points} puntos de aquí al final de tu turno (con los "
    "lanzamientos que faltan); la siguiente mejor, {other}, {other_points}.",
    "hint.why.points_win": "se espera que sume {points} puntos de aquí al final de tu turno, y {other} "
    "{other_points}, pero esta gana más a menudo: juega por los puntos que necesitas.",
    "hint.why.points_level": "se espera que sume {points} puntos de aquí al final de tu turno, y {other} "
    "{other_points}: es la elección de Mesa en su nivel {level}, que no siempre toma la mejor.",
    "hint.tally.prisoners": "prisioneros",
    "hint.tally.totals": "puntos",
    "hint.tally.scores": "puntos",
    "count.hint": "pista usada|pistas usadas",
    "result.hinted": "{result}\n{hints}.",
    "result.hints_used": "{name}: {hints}",
    "result.hints_more": "{first}; {rest}",
    "error.hint_people": "Las pistas son solo para partidas a solas contra Mesa, y en la mesa #{table} juegas "
    "con {people}: juega contra Mesa, sin puntuar, para aprender con pistas.",
    "error.hint_rated": "La mesa #{table} puntúa: las pistas son solo para partidas sin puntuar contra "
    "Mesa. Empieza una con /play sin puntuar para aprender con pistas.",
    "error.hint_tournament": "La mesa #{table} es una partida del torneo #{id}: su resultado cuenta allí, "
    "así que no admite pistas. Juega contra Mesa fuera del torneo, sin puntuar, para aprender con pistas.",
    "error.takeback_tournament": "La mesa #{table} es una partida del torneo #{id}: las jugadas hechas allí "
    "valen, así que no se puede deshacer ninguna. Sigue jugando.",
    "error.no_takebacks": "{game} no permite deshacer jugadas: solo los juegos de dos jugadores sin azar "
    "lo permiten.",
    "error.takeback_nothing": "Aún no tienes ninguna jugada que deshacer en la mesa #{table}.",
    "error.takeback_limit": "Ya pediste deshacer {max} veces en esta partida, lo máximo para un jugador: "
    "sigue jugando.",
    "error.takeback_pending": "Ya hay una petición de deshacer esperando respuesta en la mesa #{table}: "
    "espera a que la respondan.",
    "error.takeback_revealed": "Eso no se puede deshacer en la mesa #{table}: se mostró una cara hasta entonces "
    "oculta ({move}), y lo que se vio no se puede olvidar. Sigue jugando.",
    "error.no_takeback_request": "Nadie pide deshacer una jugada en la mesa #{table}.",
    "error.takeback_answered": "La petición de deshacer de la mesa #{table} ya tuvo respuesta ({answer}), así "
    "que no cambia nada: la partida sigue desde el último tablero.",
    "error.takeback_lapsed": "La petición de deshacer de la mesa #{table} caducó: la partida siguió desde "
    "entonces. Vuelve a pedirlo con /takeback si quieres.",
    "error.takeback_lapsed_theirs": "La petición de deshacer de {name} en la mesa #{table} caducó cuando la partida "
    "siguió, así que no hay nada que responder.",
    "error.takeback_own": "Tú pediste deshacer: responde tu rival (o la petición caduca si la partida "
    "sigue).",
    "info.takeback_asked": "{name} pide deshacer en {game} #{table}: {moves}. ¿Aceptar o rechazar? {left}{clock}",
    "takeback.clock": " Mientras tanto, el reloj de {name} sigue corriendo: si no hay respuesta, {name} puede seguir "
    "jugando con /move, y la petición se retira.",
    "takeback.left": "({name} puede pedirlo {count} en esta partida.)",
    "takeback.left_none": "(Es la última vez que {name} puede pedirlo en esta partida.)",
    "count.takeback_left": "vez más|veces más",
    "info.takeback_accepted": "{name} aceptó, y en {game} #{table} se deshace: {moves}. Le toca a {turn}.",
    "info.takeback_declined": "{name} rechazó deshacer en {game} #{table}, así que queda en pie: {moves}. La "
    "partida sigue.",
    "info.takeback_mesa_declined": "{name} no deshace jugadas en una partida puntuada: {game} #{table} sigue.",
    "takeback.history_title": "Jugadas deshechas:",
    "takeback.history_line": "{seq}. {date} UTC, {name} pidió deshacer: {moves}. Respuesta: {answer}",
    "takeback.answer.accepted": "deshecho, {name} aceptó",
    "takeback.answer.declined": "{name} rechazó",
    "takeback.answer.pending": "esperando respuesta",
    "takeback.answer.lapsed": "caducó (la partida siguió)",
    "takeback.answer.lapsed_ended": "sin respuesta cuando terminó la partida",
})

# ---- an engine's reason for refusing a move, in the reader's language (issue 28, item 4: MoveError's
# code and facts, worded by tables.rules_step.reason). The English is the engine's own sentence without
# its rule number; refusal.any.* are shared by every game, term.<game>.* are the game's words a fact names.
# (A block of its own: kept apart from other work at the end of this file.)
_REFUSALS_EN: dict[str, str] = {
    "refusal.any.over": "the game is over",
    "refusal.any.no_move": "there is no move to make now",
    "refusal.any.lesson_other_seat": "that is Player {mover}'s move: in this step you are Player {you}",
    # Kona (KO-4, KO-5, KO-9.3)
    "term.kona.capybara": "capybara",
    "term.kona.poodle": "poodle",
    "refusal.kona.not_text": "a move must be text like a6-d3",
    "refusal.kona.notation": "a move is two squares, from and to, joined by a hyphen: a6-d3",
    "refusal.kona.not_square": "{square} is not a square of the board: squares run from a1 to f6",
    "refusal.kona.not_a_move": "{move} is not a Kona move",
    "refusal.kona.no_piece": "there is no piece on {square}",
    "refusal.kona.not_own_top": "the top piece on {square} is a {other}; {mover} moves only its own tops",
    "refusal.kona.same_square": "the piece must move to another square",
    "refusal.kona.not_line": "{src}-{dst} is not a straight line (orthogonal or diagonal)",
    "refusal.kona.opening_distance": "in the opening a piece moves 1, 2 or 3 squares, not {distance}",
    "refusal.kona.stack_distance": "the top of a {height}-stack moves exactly {height} squares, not {distance}",
    "refusal.kona.stack_distance_one": "the top of a {height}-stack moves exactly {height} square, not {distance}",
    "refusal.kona.pass_over": "a piece may not pass over another ({square} is in the way)",
    "refusal.kona.full": "{square} already holds 3 pieces",
    "refusal.kona.ply2_landing": "on the game's second move no piece may land on {square}, where the previous move "
    "landed",
    "refusal.kona.not_legal": "{src}-{dst} is not a legal move here",
    # Krakatoa (KR-4, KR-8, KR-9.1, KR-10)
    "term.krakatoa.Steam": "Steam",
    "term.krakatoa.Ash": "Ash",
    "term.krakatoa.Lava": "Lava",
    "term.krakatoa.steam": "steam",
    "term.krakatoa.ash": "ash",
    "term.krakatoa.lava": "lava",
    "term.krakatoa.expect_set": "choose a set to throw: steam, ash or lava",
    "term.krakatoa.expect_throw": "throw all nine dice (throw)",
    "term.krakatoa.expect_keep": "keep the dice or rethrow them",
    "term.krakatoa.expect_aim": "aim at a table die, soft or hard (for example aim {target} hard)",
    "term.krakatoa.expect_wait": "wait for the dice",
    "refusal.krakatoa.not_text": "a move is text",
    "refusal.krakatoa.empty": "empty move: try steam, throw, keep, rethrow, aim a2 hard or auto",
    "refusal.krakatoa.rolling": "the dice are rolling and chance decides: there is nothing to choose until they fall",
    "refusal.krakatoa.aim_notation": "an aim is written aim, a table die and a force, like aim a2 hard or aim s1 soft",
    "refusal.krakatoa.dice_decide": "the dice decide every roll, not the players",
    "refusal.krakatoa.dice_decide_now": "the dice decide every roll, not the players; now {expected}",
    "refusal.krakatoa.notation": "that is not a Krakatoa move; the moves are steam, ash, lava, throw, keep, rethrow, "
    "aim (aim a2 hard) and auto",
    "refusal.krakatoa.notation.lesson": "that is not a Krakatoa move; the moves are steam, ash, lava, throw, keep, "
    "rethrow and aim (aim a2 hard)",
    "refusal.krakatoa.not_a_move": "not a Krakatoa move: {move}",
    "refusal.krakatoa.not_chance": "not a chance move: {move}",
    "refusal.krakatoa.aim_own_set": "{set} is being thrown: aim at a die of another set, soft or hard (for example "
    "aim {target} hard)",
    "refusal.krakatoa.no_aim_now": "there is no aimed throw now: {expected}",
    "refusal.krakatoa.keep_rethrown": "a rethrown result must be kept",
    "refusal.krakatoa.throw_set": "throw {throw} is always {set}",
    "refusal.krakatoa.throw_first": "throw 1 rolls all nine dice first (throw)",
    "refusal.krakatoa.rethrow_once": "only throw 1 may be rethrown, once",
    "refusal.krakatoa.not_now": "not now; {expected}",
    "refusal.krakatoa.scratch_unaimed": "only aimed throws can be scratches",
    "refusal.krakatoa.throwoff_roll": "the throw-off roll shows only {set}, e.g. roll ---/YYB/---",
    "refusal.krakatoa.roll_all_nine": "this roll shows all nine dice (no ---)",
    "refusal.krakatoa.scratch_changed": "a scratch leaves the table dice unchanged ({set} changed)",
    # Plateau (PL-2 to PL-10)
    "term.plateau.Black": "Black",
    "term.plateau.White": "White",
    "term.plateau.Ace": "Ace",
    "term.plateau.Twister": "Twister",
    "term.plateau.Red Mask": "Red Mask",
    "term.plateau.Blue Mask": "Blue Mask",
    "term.plateau.Red": "Red",
    "term.plateau.Blue": "Blue",
    "term.plateau.Mute": "Mute",
    "term.plateau.a move": "a move",
    "term.plateau.an onboard": "an onboard",
    "term.plateau.a tender": "a tender",
    "term.plateau.a pass": "a pass",
    "refusal.plateau.empty_types": "an empty type list is not allowed here",
    "refusal.plateau.not_type": "{item} is not a type (types are rb ox rx bx rr bb xx, count first: 2xx)",
    "refusal.plateau.bad_count": "bad count in {item}",
    "refusal.plateau.not_a_move": "not a Plateau move: {move}",
    "refusal.plateau.opening_first": "the game opens with a two-piece stack on an empty edge square (such as "
    "+xx.rb@a1), not with {what}",
    "refusal.plateau.answer_tender": "{side} must first answer the tender worth {tender}: return prisoners worth at "
    "least {least}, the most they can match without going over it",
    "refusal.plateau.answer_tender_refusable": "{side} must first answer the tender worth {tender}: refuse it "
    "(nothing they hold is worth that little) or return prisoners",
    "refusal.plateau.not_square": "not a square: {square}",
    "refusal.plateau.no_faces": "no piece has the faces {faces}",
    "refusal.plateau.none_in_reserve": "{side} has no {piece} ({type}) left in reserve",
    "refusal.plateau.only_one_in_reserve": "{side} has only one {piece} ({type}) in reserve, and the opening stack "
    "needs two",
    "refusal.plateau.opening_over": "the opening placement is over",
    "refusal.plateau.opening_edge": "the opening stack goes on an empty perimeter square, not {square}",
    "refusal.plateau.not_empty": "{square} is not empty",
    "refusal.plateau.onboard_level_empty": "{square} is empty, so there is no stack to go into: put the piece on it "
    "with no level (like +xx@{square})",
    "refusal.plateau.onboard_level": "a piece goes into the stack on {square} at a level from 0 (the bottom) to {top} "
    "(the top), not {level}",
    "refusal.plateau.onboard_touch": "a piece onboarded into a stack must touch one of your pieces (level {level} on "
    "{square} does not)",
    "refusal.plateau.bad_flip": "flip must be true or false, not {flip}",
    "refusal.plateau.not_control": "{side} does not control {square}",
    "refusal.plateau.move_empty": "{square} is empty: there is nothing to move there",
    "refusal.plateau.no_flip": "the top piece on {square} has the same face on both sides and cannot be flipped",
    "refusal.plateau.stomp_marker": "a stomp needs a marker (red, blue or orange) on top",
    "refusal.plateau.stomp_enemy": "a stomp needs enemy pieces under your top unit on {square}",
    "refusal.plateau.bad_stops": "not a list of stops: {stops}",
    "refusal.plateau.lift": "from {square} you may lift 1 to {most} pieces (your top unit), not {lifted}",
    "refusal.plateau.lift_one": "from {square} you may lift only 1 piece (your top unit), not {lifted}",
    "refusal.plateau.twister_end": "a Twister group must end a knight's move from {square}",
    "refusal.plateau.twister_stop": "the only stop on the way to {dst} is {stop}",
    "refusal.plateau.not_line": "{dst} is not on a straight line from {src}",
    "refusal.plateau.red_orthogonal": "a red-topped group moves orthogonally",
    "refusal.plateau.blue_diagonal": "a blue-topped group moves diagonally",
    "refusal.plateau.too_far": "this group may travel at most {squares} squares (as many as your top unit has pieces)",
    "refusal.plateau.too_far_one": "this group may travel at most {squares} square (as many as your top unit has "
    "pieces)",
    "refusal.plateau.stop_order": "each stop lies on the line, farther than the previous, before the end",
    "refusal.plateau.stop_part": "at {square} continue with 1 to {most} pieces of your top unit, other than the "
    "{arrived} that arrived",
    "refusal.plateau.stop_blank": "a part left on an enemy-topped stack ({square}) must show a marker on top: blanks "
    "never start a pin",
    "refusal.plateau.blank_on_enemy": "a blank-topped group never ends on an enemy-topped stack ({square})",
    "refusal.plateau.not_types": "not a type list: {types}",
    "refusal.plateau.no_prisoner_named": "a tender or return names at least one prisoner",
    "refusal.plateau.tender_held": "you can only tender prisoners you hold ({held})",
    "refusal.plateau.tender_both": "you can tender only when your opponent holds a prisoner too",
    "refusal.plateau.tender_more": "after a refusal a new tender must be worth more than {value}",
    "refusal.plateau.no_tender": "there is no tender to reply to",
    "refusal.plateau.return_held": "you can only return prisoners you hold ({held})",
    "refusal.plateau.return_worth": "the tender is worth {tender}; your return must be worth at least {least}",
    "refusal.plateau.refuse_fits": "you may refuse only when none of your prisoners fits under {tender}; return a "
    "set worth at least {least}",
    "refusal.plateau.pass_only": "you may pass only when you have no other legal action",
    "refusal.plateau.not_text": "a move is text, not {kind}",
    "refusal.plateau.hidden_faces": "a move names the faces of its pieces; ? only hides them in the public record",
    "refusal.plateau.notation": "that is not a Plateau move (for example +xr@c2 brings a Red Mask onto c2, a1:2-a3 "
    "moves two pieces)",
    "refusal.plateau.notation_opening": "that is not a Plateau move (the opening is a stack of two, like +xx.rb@a1: "
    "your Ace, red face up, on your Mute)",
    "refusal.plateau.no_pair": "no piece has the faces {up} and {down} (pieces: rb ox rx bx rr bb xx)",
    # K3 (K3-2 to K3-6, K3-11.4)
    "term.k3.your": "your",
    "term.k3.that": "that",
    "term.k3.played": "played",
    "term.k3.taken": "taken",
    "term.k3.base": "base",
    "term.k3.deal": "deal",
    "term.k3.build": "build",
    "term.k3.play": "play",
    "term.k3.over": "over",
    "refusal.k3.not_a_move": "not a K3 move: {move}",
    "refusal.k3.not_text": "a move is text, not {kind}",
    "refusal.k3.empty": "empty move",
    "refusal.k3.build_notation": "a build is build:, your seat number, : and your ranks from the top split by /, "
    "like build:2:Y/GR/KNY/RGKB",
    "refusal.k3.base_chance": "the base row is drawn by chance, not played",
    "refusal.k3.deal_chance": "the pieces are dealt by chance, not played",
    "refusal.k3.notation": "that is not a K3 move (for example Ra6-c2 places the R from a6 on c2, Ns-b3 a side "
    "piece, Wb4 passes)",
    "refusal.k3.side_letter": "a side piece needs its letter, e.g. Rs-c3 or xWs",
    "refusal.k3.no_play": "pieces are played only once every pyramid is built: build yours first, or wait for the "
    "others",
    "refusal.k3.no_steal": "a piece is taken only after a penalty: place a piece or pass instead",
    "refusal.k3.no_piece": "there is no piece on {square}",
    "refusal.k3.wrong_letter": "the piece on {square} is {piece}, not {letter}",
    "refusal.k3.base_by_chance": "the base row is drawn by chance at the start, not by a player",
    "refusal.k3.base_pieces": "the base row is 9 coloured pieces (B R K Y G)",
    "refusal.k3.base_colours": "base:{row} shows only {colours} colours; a base row needs at least 4",
    "refusal.k3.deal_by_chance": "the pieces are dealt by chance at the start, not by a player",
    "refusal.k3.deal_hands": "the deal needs {players} hands, one per seat, not {hands}",
    "refusal.k3.hand_letters": "a hand is coloured letters only (B R K Y G)",
    "refusal.k3.hand_size": "each hand holds {coloured} coloured pieces with {players} players; seat {seat} has "
    "{count}",
    "refusal.k3.colour_count": "there are only 9 {colour}, the base and the deal hold {count}",
    "refusal.k3.build_when": "building happens after the deal and before play",
    "refusal.k3.no_seat": "there is no seat {seat}",
    "refusal.k3.built": "this pyramid is already built",
    "refusal.k3.build_shape": "with {players} players a pyramid has {ranks} ranks, written from the top: 1 piece, "
    "then {sizes} and {ranks}, separated by /",
    "refusal.k3.build_pieces": "a build uses exactly your pieces: {pieces}",
    "refusal.k3.steal_first": "after the penalty you must first take a free piece of the penalised player: x and its "
    "spot, like xNd3",
    "refusal.k3.pass_white": "only a white is a pass",
    "refusal.k3.white_placed": "a white is never placed: it passes, written W and its spot (Wb4), or Ws beside the "
    "pyramid",
    "refusal.k3.end_early": "the base row grows only when no slot of the mountain is open",
    "refusal.k3.end_notation": "a base end is -< or ->",
    "refusal.k3.place_notation": "a placement names a mountain slot",
    "refusal.k3.base_full": "the base row is always full; {square} is taken",
    "refusal.k3.no_slot": "the mountain has no slot {square}",
    "refusal.k3.slot_taken": "slot {square} already holds a piece",
    "refusal.k3.slot_closed": "slot {square} is not open (both supports must hold a piece)",
    "refusal.k3.not_fit": "{piece} goes only on a slot resting on {piece} or N; {square} rests on {left}+{right}",
    "refusal.k3.no_side_piece": "there is no {piece} beside {whose} pyramid",
    "refusal.k3.no_spot": "{whose} pyramid has no spot {square}",
    "refusal.k3.no_piece_in": "there is no piece on {square} of {whose} pyramid",
    "refusal.k3.covered": "the {piece} on {square} is covered; only accessible pieces can be {verb}",
    "refusal.k3.no_chance": "no chance move in the {phase} phase",
    "refusal.k3.no_build": "there is no pyramid of yours to build now",
}
_REFUSALS_ES: dict[str, str] = {
    "refusal.any.over": "la partida ha terminado",
    "refusal.any.no_move": "ahora no hay ninguna jugada que hacer",
    "refusal.any.lesson_other_seat": "esa jugada es del jugador {mover}: en este paso tú eres el jugador {you}",
    "term.kona.capybara": "capibara",
    "term.kona.poodle": "caniche",
    "refusal.kona.not_text": "una jugada se escribe como texto, así: a6-d3",
    "refusal.kona.notation": "una jugada son dos casillas, origen y destino, unidas por un guion: a6-d3",
    "refusal.kona.not_square": "{square} no es una casilla del tablero: las casillas van de a1 a f6",
    "refusal.kona.not_a_move": "{move} no es una jugada de Kona",
    "refusal.kona.no_piece": "no hay ninguna pieza en {square}",
    "refusal.kona.not_own_top": "la pieza de arriba en {square} es un {other}; el {mover} solo mueve las suyas",
    "refusal.kona.same_square": "la pieza tiene que ir a otra casilla",
    "refusal.kona.not_line": "{src}-{dst} no es una línea recta (ortogonal o diagonal)",
    "refusal.kona.opening_distance": "en la apertura una pieza avanza 1, 2 o 3 casillas, no {distance}",
    "refusal.kona.stack_distance": "la cima de una pila de {height} avanza exactamente {height} casillas, no "
    "{distance}",
    "refusal.kona.stack_distance_one": "la cima de una pila de {height} avanza exactamente {height} casilla, no "
    "{distance}",
    "refusal.kona.pass_over": "una pieza no puede saltar por encima de otra ({square} está en medio)",
    "refusal.kona.full": "{square} ya tiene 3 piezas",
    "refusal.kona.ply2_landing": "en la segunda jugada ninguna pieza puede caer en {square}, donde cayó la "
    "anterior",
    "refusal.kona.not_legal": "{src}-{dst} no es una jugada legal aquí",
    "term.krakatoa.Steam": "Vapor",
    "term.krakatoa.Ash": "Ceniza",
    "term.krakatoa.Lava": "Lava",
    "term.krakatoa.steam": "Vapor",
    "term.krakatoa.ash": "Ceniza",
    "term.krakatoa.lava": "Lava",
    "term.krakatoa.expect_set": "elige qué juego lanzar: steam, ash o lava",
    "term.krakatoa.expect_throw": "lanza los nueve dados (throw)",
    "term.krakatoa.expect_keep": "quédate los dados (keep) o vuelve a lanzarlos (rethrow)",
    "term.krakatoa.expect_aim": "apunta a un dado de la mesa, suave o fuerte (por ejemplo aim {target} hard)",
    "term.krakatoa.expect_wait": "espera a los dados",
    "refusal.krakatoa.not_text": "una jugada se escribe como texto",
    "refusal.krakatoa.empty": "jugada vacía: prueba steam, throw, keep, rethrow, aim a2 hard o auto",
    "refusal.krakatoa.rolling": "los dados están rodando y decide el azar: no hay nada que elegir hasta que caigan",
    "refusal.krakatoa.aim_notation": "un tiro apuntado se escribe aim, un dado de la mesa y una fuerza, como aim a2 "
    "hard o aim s1 soft",
    "refusal.krakatoa.dice_decide": "los dados deciden cada tirada, no los jugadores",
    "refusal.krakatoa.dice_decide_now": "los dados deciden cada tirada, no los jugadores; ahora {expected}",
    "refusal.krakatoa.notation": "eso no es una jugada de Krakatoa; las jugadas son steam, ash, lava, throw, keep, "
    "rethrow, aim (aim a2 hard) y auto, o las mismas en español (relanzar, quedarme, vapor...)",
    "refusal.krakatoa.notation.lesson": "eso no es una jugada de Krakatoa; las jugadas son steam, ash, lava, throw, "
    "keep, rethrow y aim (aim a2 hard), o las mismas en español (relanzar, quedarme, vapor...)",
    "refusal.krakatoa.not_a_move": "no es una jugada de Krakatoa: {move}",
    "refusal.krakatoa.not_chance": "no es una jugada del azar: {move}",
    "refusal.krakatoa.aim_own_set": "se lanza {set}: apunta a un dado de otro juego, suave o fuerte (por ejemplo "
    "aim {target} hard)",
    "refusal.krakatoa.no_aim_now": "ahora no toca un tiro apuntado: {expected}",
    "refusal.krakatoa.keep_rethrown": "el resultado de un segundo lanzamiento hay que quedárselo",
    "refusal.krakatoa.throw_set": "el lanzamiento {throw} es siempre de {set}",
    "refusal.krakatoa.throw_first": "el lanzamiento 1 empieza tirando los nueve dados (throw)",
    "refusal.krakatoa.rethrow_once": "solo el lanzamiento 1 se puede repetir, una vez",
    "refusal.krakatoa.not_now": "ahora no; {expected}",
    "refusal.krakatoa.scratch_unaimed": "solo un tiro apuntado puede fallar",
    "refusal.krakatoa.throwoff_roll": "la tirada para ver quién empieza muestra solo {set}, p. ej. roll ---/YYB/---",
    "refusal.krakatoa.roll_all_nine": "esta tirada muestra los nueve dados (sin ---)",
    "refusal.krakatoa.scratch_changed": "un fallo deja igual los dados de la mesa (ha cambiado {set})",
    "term.plateau.Black": "las negras",
    "term.plateau.White": "las blancas",
    "term.plateau.Ace": "As",
    "term.plateau.Twister": "Torbellino",
    "term.plateau.Red Mask": "Máscara roja",
    "term.plateau.Blue Mask": "Máscara azul",
    "term.plateau.Red": "Roja",
    "term.plateau.Blue": "Azul",
    "term.plateau.Mute": "Muda",
    "term.plateau.a move": "un movimiento",
    "term.plateau.an onboard": "una entrada de pieza",
    "term.plateau.a tender": "una oferta",
    "term.plateau.a pass": "un pase",
    "refusal.plateau.empty_types": "aquí no vale una lista de tipos vacía",
    "refusal.plateau.not_type": "{item} no es un tipo (los tipos son rb ox rx bx rr bb xx, con la cantidad delante: "
    "2xx)",
    "refusal.plateau.bad_count": "cantidad errónea en {item}",
    "refusal.plateau.not_a_move": "no es una jugada de Plateau: {move}",
    "refusal.plateau.opening_first": "la partida se abre con una pila de dos piezas en una casilla vacía del borde "
    "(como +xx.rb@a1), no con {what}",
    "refusal.plateau.answer_tender": "{side} deben responder antes a la oferta, que vale {tender}: devolver "
    "prisioneros que valgan al menos {least}, lo máximo que pueden igualar sin pasarse",
    "refusal.plateau.answer_tender_refusable": "{side} deben responder antes a la oferta, que vale {tender}: "
    "rechazarla (nada de lo que tienen vale tan poco) o devolver prisioneros",
    "refusal.plateau.not_square": "{square} no es una casilla",
    "refusal.plateau.no_faces": "ninguna pieza tiene las caras {faces}",
    "refusal.plateau.none_in_reserve": "{side} ya no tienen en la reserva ninguna pieza {piece} ({type})",
    "refusal.plateau.only_one_in_reserve": "{side} solo tienen en la reserva una pieza {piece} ({type}), y la pila "
    "de apertura necesita dos",
    "refusal.plateau.opening_over": "la colocación inicial ya terminó",
    "refusal.plateau.opening_edge": "la pila inicial va en una casilla vacía del borde, no en {square}",
    "refusal.plateau.not_empty": "{square} no está vacía",
    "refusal.plateau.onboard_level_empty": "{square} está vacía, así que no hay pila en la que entrar: pon la pieza "
    "encima sin altura (como +xx@{square})",
    "refusal.plateau.onboard_level": "una pieza entra en la pila de {square} a una altura de 0 (abajo) a {top} "
    "(arriba), no {level}",
    "refusal.plateau.onboard_touch": "una pieza que entra en una pila debe tocar una de las tuyas (la altura {level} "
    "en {square} no lo hace)",
    "refusal.plateau.bad_flip": "voltear ha de ser verdadero o falso, no {flip}",
    "refusal.plateau.not_control": "{side} no controlan {square}",
    "refusal.plateau.move_empty": "{square} está vacía: ahí no hay nada que mover",
    "refusal.plateau.no_flip": "la pieza de arriba en {square} tiene la misma cara por los dos lados y no se puede "
    "voltear",
    "refusal.plateau.stomp_marker": "un pisotón necesita arriba una marca (roja, azul o naranja)",
    "refusal.plateau.stomp_enemy": "un pisotón necesita piezas enemigas bajo tu unidad de arriba en {square}",
    "refusal.plateau.bad_stops": "no es una lista de paradas: {stops}",
    "refusal.plateau.lift": "desde {square} puedes levantar de 1 a {most} piezas (tu unidad de arriba), no {lifted}",
    "refusal.plateau.lift_one": "desde {square} solo puedes levantar 1 pieza (tu unidad de arriba), no {lifted}",
    "refusal.plateau.twister_end": "un grupo con Torbellino debe acabar a un salto de caballo de {square}",
    "refusal.plateau.twister_stop": "la única parada camino de {dst} es {stop}",
    "refusal.plateau.not_line": "{dst} no está en línea recta desde {src}",
    "refusal.plateau.red_orthogonal": "un grupo con roja arriba va en recta (ortogonal)",
    "refusal.plateau.blue_diagonal": "un grupo con azul arriba va en diagonal",
    "refusal.plateau.too_far": "este grupo puede avanzar como mucho {squares} casillas (tantas como piezas tiene tu "
    "unidad de arriba)",
    "refusal.plateau.too_far_one": "este grupo puede avanzar como mucho {squares} casilla (tantas como piezas tiene "
    "tu unidad de arriba)",
    "refusal.plateau.stop_order": "cada parada está en la línea, más lejos que la anterior y antes del final",
    "refusal.plateau.stop_part": "en {square} sigue con 1 a {most} piezas de tu unidad de arriba, aparte de las "
    "{arrived} que llegaron",
    "refusal.plateau.stop_blank": "una parte que se deja sobre una pila enemiga ({square}) debe mostrar arriba una "
    "marca: una cara en blanco nunca inmoviliza",
    "refusal.plateau.blank_on_enemy": "un grupo con cara en blanco arriba nunca acaba sobre una pila enemiga "
    "({square})",
    "refusal.plateau.not_types": "no es una lista de tipos: {types}",
    "refusal.plateau.no_prisoner_named": "una oferta o una devolución nombra al menos un prisionero",
    "refusal.plateau.tender_held": "solo puedes ofrecer prisioneros que tengas ({held})",
    "refusal.plateau.tender_both": "solo puedes hacer una oferta cuando tu rival también tiene algún prisionero",
    "refusal.plateau.tender_more": "tras un rechazo, una nueva oferta debe valer más de {value}",
    "refusal.plateau.no_tender": "no hay ninguna oferta a la que responder",
    "refusal.plateau.return_held": "solo puedes devolver prisioneros que tengas ({held})",
    "refusal.plateau.return_worth": "la oferta vale {tender}; tu devolución debe valer al menos {least}",
    "refusal.plateau.refuse_fits": "solo puedes rechazar si ninguno de tus prisioneros cabe por debajo de {tender}; "
    "devuelve un conjunto que valga al menos {least}",
    "refusal.plateau.pass_only": "solo puedes pasar cuando no tienes ninguna otra acción legal",
    "refusal.plateau.not_text": "una jugada se escribe como texto, no {kind}",
    "refusal.plateau.hidden_faces": "una jugada nombra las caras de sus piezas; ? solo las oculta en el registro "
    "público",
    "refusal.plateau.notation": "eso no es una jugada de Plateau (por ejemplo +xr@c2 trae una Máscara roja a c2, "
    "a1:2-a3 mueve dos piezas)",
    "refusal.plateau.notation_opening": "eso no es una jugada de Plateau (la apertura es una pila de dos, como "
    "+xx.rb@a1: tu As, con la cara roja arriba, sobre tu Muda)",
    "refusal.plateau.no_pair": "ninguna pieza tiene las caras {up} y {down} (piezas: rb ox rx bx rr bb xx)",
    "term.k3.your": "tu",
    "term.k3.that": "esa",
    "term.k3.played": "jugar",
    "term.k3.taken": "tomar",
    "term.k3.base": "sorteo de la base",
    "term.k3.deal": "reparto",
    "term.k3.build": "construcción",
    "term.k3.play": "juego",
    "term.k3.over": "final",
    "refusal.k3.not_a_move": "no es una jugada de K3: {move}",
    "refusal.k3.not_text": "una jugada se escribe como texto, no {kind}",
    "refusal.k3.empty": "jugada vacía",
    "refusal.k3.build_notation": "una pirámide se escribe build:, tu número de asiento, : y tus filas de arriba "
    "abajo separadas por /, así: build:2:Y/GR/KNY/RGKB",
    "refusal.k3.base_chance": "la fila de base la sortea el azar, no se juega",
    "refusal.k3.deal_chance": "las piezas las reparte el azar, no se juegan",
    "refusal.k3.notation": "eso no es una jugada de K3 (por ejemplo Ra6-c2 pone la R de a6 en c2, Ns-b3 una pieza "
    "de al lado, Wb4 pasa)",
    "refusal.k3.side_letter": "una pieza de al lado necesita su letra, p. ej. Rs-c3 o xWs",
    "refusal.k3.no_play": "las piezas se juegan cuando todas las pirámides están montadas: monta la tuya antes, o "
    "espera a los demás",
    "refusal.k3.no_steal": "solo se toma una pieza tras una penalización: coloca una pieza o pasa",
    "refusal.k3.no_piece": "no hay ninguna pieza en {square}",
    "refusal.k3.wrong_letter": "la pieza de {square} es {piece}, no {letter}",
    "refusal.k3.base_by_chance": "la fila de base la sortea el azar al principio, no un jugador",
    "refusal.k3.base_pieces": "la fila de base son 9 piezas de color (B R K Y G)",
    "refusal.k3.base_colours": "base:{row} solo muestra {colours} colores; una fila de base necesita al menos 4",
    "refusal.k3.deal_by_chance": "las piezas las reparte el azar al principio, no un jugador",
    "refusal.k3.deal_hands": "el reparto necesita {players} manos, una por asiento, no {hands}",
    "refusal.k3.hand_letters": "una mano son solo letras de color (B R K Y G)",
    "refusal.k3.hand_size": "con {players} jugadores cada mano tiene {coloured} piezas de color; el asiento {seat} "
    "tiene {count}",
    "refusal.k3.colour_count": "solo hay 9 {colour}; entre la base y el reparto suman {count}",
    "refusal.k3.build_when": "las pirámides se montan después del reparto y antes de jugar",
    "refusal.k3.no_seat": "no hay ningún asiento {seat}",
    "refusal.k3.built": "esta pirámide ya está montada",
    "refusal.k3.build_shape": "con {players} jugadores una pirámide tiene {ranks} filas, escritas de arriba abajo: "
    "1 pieza, luego {sizes} y {ranks}, separadas por /",
    "refusal.k3.build_pieces": "una pirámide usa exactamente tus piezas: {pieces}",
    "refusal.k3.steal_first": "tras la penalización primero tienes que tomar una pieza libre del jugador "
    "penalizado: x y su posición, como xNd3",
    "refusal.k3.pass_white": "solo una blanca sirve para pasar",
    "refusal.k3.white_placed": "una blanca nunca se coloca: sirve para pasar, escrita W y su posición (Wb4), o Ws "
    "junto a la pirámide",
    "refusal.k3.end_early": "la fila de base solo crece cuando la montaña no tiene ningún hueco abierto",
    "refusal.k3.end_notation": "un extremo de la base se escribe -< o ->",
    "refusal.k3.place_notation": "una colocación nombra un hueco de la montaña",
    "refusal.k3.base_full": "la fila de base siempre está llena; {square} ya está ocupada",
    "refusal.k3.no_slot": "la montaña no tiene ningún hueco {square}",
    "refusal.k3.slot_taken": "el hueco {square} ya tiene una pieza",
    "refusal.k3.slot_closed": "el hueco {square} no está abierto (sus dos apoyos deben tener pieza)",
    "refusal.k3.not_fit": "una {piece} solo va en un hueco apoyado en {piece} o N; {square} se apoya en "
    "{left}+{right}",
    "refusal.k3.no_side_piece": "no hay ninguna {piece} junto a {whose} pirámide",
    "refusal.k3.no_spot": "{whose} pirámide no tiene la posición {square}",
    "refusal.k3.no_piece_in": "no hay ninguna pieza en {square} de {whose} pirámide",
    "refusal.k3.covered": "la {piece} de {square} está tapada; solo se pueden {verb} piezas accesibles",
    "refusal.k3.no_chance": "no hay ninguna jugada del azar en la fase de {phase}",
    "refusal.k3.no_build": "ahora no tienes ninguna pirámide que montar",
}
EN.update(_REFUSALS_EN)
ES.update(_REFUSALS_ES)


# ---- lessons (issue 30, ``/learn``; tables.learn), shared by the console and Discord
EN.update({
    "learn.list": "Lessons — a short course per game, just for you (never rated, no table):\n{lines}\n"
    "Type /learn GAME to start or resume one; /learn GAME restart, or a step number, to start over there.",
    "learn.line": "• {game}: {title} ({steps} steps) — {state}",
    "learn.state.new": "not started",
    "learn.state.at": "at step {step} of {of}",
    "learn.games_open": "Your lesson: {title} — step {step} of {of} (go on with /learn {game}).",
    "learn.games_open_also": "Your lesson: {title} — step {step} of {of} (go on with /learn {game}). Also left "
    "halfway: {others}.",
    "learn.games_other": "{title} (step {step} of {of}: /learn {game})",
    "learn.games_halfway": "Lessons left halfway: {others}.",
    "learn.state.done": "finished ({times}×)",
    "learn.step": "{lead}{title} — step {step} of {of}\n{teach}{pictures}\n{how}",
    "learn.right": "Right: {move}. {explain}\n\n",
    "learn.done": "{lead}You finished the course {title}! Play a real game with /play {game} @mesa, "
    "or go over it again with /learn {game} restart.",
    "learn.wrong": "Not this one: {words} {again}",
    "learn.wrong.hint": "Not this one: {words}\nHint: {hint} {again}",
    "learn.wrong.illegal": "{move} is not allowed: {why}.",
    "learn.wrong.allows": "{move} is legal, but your opponent would then win with {reply}.",
    "learn.wrong.allows_hidden": "{move} is legal, but depending on a face you cannot see, your opponent could "
    "then win at once.",
    "learn.wrong.misses": "{move} is legal, but it does not do what the task asks.",
    "learn.no_course": "There is no course for '{game}'. Courses: {games}.",
    "learn.no_course_close": "There is no course for '{game}': did you mean {close}? Courses: {games}.",
    "learn.no_course_named": "Name the course first, before '{word}' (courses: {games}), for example /learn kona.",
    "learn.bad_step": "'{step}' is not a step of the {game} course: give a number from 1 to {of}, or restart.",
    "learn.finished_already": "You finished the {game} course. /learn {game} goes over it again.",
    "learn.answer_missing": "Write your answer after answer: /learn {game} answer MOVE (/moves lists the step's "
    "moves).",
    "learn.state.unreadable": "your place in it could not be read: /learn {game} starts it again",
    "learn.unreadable": "Your place in the {game} course could not be read, so nothing was answered: /learn {game} "
    "starts the course again at step 1. Your other courses are fine.",
    "learn.unreadable.lead": "Your place in this course could not be read, so it starts again at step 1.\n\n",
})
ES.update({
    "learn.list": "Lecciones: un curso corto por juego, solo para ti (nunca puntúa, sin mesa):\n{lines}\n"
    "Escribe /learn JUEGO para empezar o seguir uno; /learn JUEGO reiniciar, o un número de paso, para "
    "empezar de nuevo ahí.",
    "learn.line": "• {game}: {title} ({steps} pasos) — {state}",
    "learn.state.new": "sin empezar",
    "learn.state.at": "en el paso {step} de {of}",
    "learn.games_open": "Tu lección: {title} — paso {step} de {of} (sigue con /learn {game}).",
    "learn.games_open_also": "Tu lección: {title} — paso {step} de {of} (sigue con /learn {game}). También a "
    "medias: {others}.",
    "learn.games_other": "{title} (paso {step} de {of}: /learn {game})",
    "learn.games_halfway": "Lecciones a medias: {others}.",
    "learn.state.done": "terminado ({times}×)",
    "learn.step": "{lead}{title} — paso {step} de {of}\n{teach}{pictures}\n{how}",
    "learn.right": "Correcto: {move}. {explain}\n\n",
    "learn.done": "{lead}¡Terminaste el curso {title}! Juega una partida de verdad con /play {game} @mesa, "
    "o repásalo con /learn {game} reiniciar.",
    "learn.wrong": "Esa no: {words} {again}",
    "learn.wrong.hint": "Esa no: {words}\nPista: {hint} {again}",
    "learn.wrong.illegal": "{move} no está permitida: {why}.",
    "learn.wrong.allows": "{move} es legal, pero entonces tu rival ganaría con {reply}.",
    "learn.wrong.allows_hidden": "{move} es legal, pero según una cara que no puedes ver, tu rival podría ganar "
    "en el acto.",
    "learn.wrong.misses": "{move} es legal, pero no hace lo que pide la tarea.",
    "learn.no_course": "No hay curso de '{game}'. Cursos: {games}.",
    "learn.no_course_close": "No hay curso de '{game}': ¿querías decir {close}? Cursos: {games}.",
    "learn.no_course_named": "Di primero el curso, antes de '{word}' (cursos: {games}), por ejemplo /learn kona.",
    "learn.bad_step": "'{step}' no es un paso del curso de {game}: da un número del 1 al {of}, o reiniciar.",
    "learn.finished_already": "Terminaste el curso de {game}. /learn {game} lo repasa.",
    "learn.answer_missing": "Escribe tu respuesta tras responder: /learn {game} responder JUGADA (/moves lista las "
    "jugadas del paso).",
    "learn.state.unreadable": "no se pudo leer por dónde ibas: /learn {game} lo empieza de nuevo",
    "learn.unreadable": "No se pudo leer por dónde ibas en el curso de {game}, así que no se ha respondido nada: "
    "/learn {game} empieza el curso de nuevo en el paso 1. Tus otros cursos están bien.",
    "learn.unreadable.lead": "No se pudo leer por dónde ibas en este curso, así que empieza de nuevo en el paso 1.\n\n",
})


# ---- lessons answered with the usual controls (issue 30: /move, the buttons, hidden information per seat)
EN.update({
    "learn.how": "Answer with /move MOVE (/moves lists the moves, /learn {game} hint gives a hint). With a game in "
    "play, /move plays there: answer with /learn {game} answer MOVE.",
    "learn.again": "Try again (/move MOVE).",
    "learn.hint": "{title} — step {step} of {of}. Hint: {hint}",
    "learn.past": "That button is for step {was}, and you are at step {step} of {of} of {title}: nothing changed. "
    "/learn {game} shows your step.",
    "learn.picture.you": "Picture 1: what you see.",
    "learn.picture.seat": "Picture {n}: what {seat} sees.",
    "learn.seat": "Player {n}",
    # a seat that has the game's own name for its side (PL-1: Black moves first; KO-1.1: capybara)
    "learn.picture.plateau.0": "Picture {n}: what Black sees.",
    "learn.picture.plateau.1": "Picture {n}: what White sees.",
    "learn.ends.wins.plateau.0": "Black wins",
    "learn.ends.wins.plateau.1": "White wins",
    "learn.ends.wins.kona.0": "the capybaras win",
    "learn.ends.wins.kona.1": "the poodles win",
})
ES.update({
    "learn.how": "Responde con /move JUGADA (/moves lista las jugadas, /learn {game} pista da una pista). Si tienes "
    "una partida en juego, /move juega allí: responde con /learn {game} responder JUGADA.",
    "learn.again": "Prueba otra vez (/move JUGADA).",
    "learn.hint": "{title} — paso {step} de {of}. Pista: {hint}",
    "learn.past": "Ese botón es del paso {was}, y estás en el paso {step} de {of} de {title}: no ha cambiado nada. "
    "/learn {game} muestra tu paso.",
    "learn.picture.you": "Imagen 1: lo que ves tú.",
    "learn.picture.seat": "Imagen {n}: lo que ve {seat}.",
    "learn.seat": "el jugador {n}",
    "learn.picture.plateau.0": "Imagen {n}: lo que ven las negras.",
    "learn.picture.plateau.1": "Imagen {n}: lo que ven las blancas.",
    "learn.ends.wins.plateau.0": "ganan las negras",
    "learn.ends.wins.plateau.1": "ganan las blancas",
    "learn.ends.wins.kona.0": "ganan los capibaras",
    "learn.ends.wins.kona.1": "ganan los caniches",
})


# ---- reviews of finished games (issue 32; tables.reviews), shared by the console and Discord
EN.update({
    "review.title": "Review of {game} #{table}: {players}",
    "review.no_decisions": "There is nothing to review: the game ended before anyone made a choice that could be "
    "better or worse.",
    "review.no_decisions_secret": "There is nothing to review: the game ended before the choices made in secret "
    "were shown, and they stay their players' secrets.",
    "review.ending": "{ending}",
    "review.sides": "{first} against {second}",
    "review.ended": "The game ended after move {moves}: {gone}.",
    "review.ended.agreement": "The game ended after move {moves} by agreement.",
    "review.ended.agreement_at_start": "The game ended by agreement before the first move.",
    "review.ended.at_start": "The game ended before the first move: {gone}.",
    "review.ended.together": "The game ended after move {moves}: {gone}, so the whole team lost together.",
    "review.ended.at_start.together": "The game ended before the first move: {gone}, so the whole team lost "
    "together.",
    "review.left": "After move {moves}, {gone}: the game went on, that seat's later moves were played for it "
    "and are not judged here, and it is placed below everyone who played on (its chance to win is 0 from then).",
    "review.turning_points": "Turning points (the largest swings, numbered as in the picture):",
    "review.no_swings": "No move changed a chance to win by {floor} points or more, so there is no turning point "
    "to tell. Over the moves played: {lines}.",
    "review.turning_point": "{number}. Move {ply}: {played} (win chance {before} % → {after} %{others}){points}. "
    "{instead}{read}{reread}",
    "review.others_moved": "; {name}'s {was} % → {now} %",
    "review.reread": " The graph also moved just before this move, with no move between: {seat}'s chance read "
    "{was} % from {reader}'s seat and {now} % from {name}'s, who cannot see the same (Mesa reads each position from "
    "the seat to move, with only what that player can see).",
    "review.read_next": " As {name} could see it then, the move read {mine} %; the next player won at once.",
    "review.read_again": " As {name} could see it then, the move read {mine} %; {name}, to play again, won at once.",
    "review.no_better_seen_again": "Mesa's choice, {best} ({chance} %), reads no better from what {name} could see "
    "then (the move read {mine} %); {name}, to play again, won at once.",
    "review.no_better_seen": "Mesa's choice, {best} ({chance} %), reads no better from what {name} could see then "
                             "(the move read {mine} %); the next player won at once.",
    "review.read_unstoppable": " As {name} could see it then, the move read {mine} %; after it, {other} could not "
                               "stop {name} from winning on the next move.",
    "review.forced_win": "It wins by force: after it, {other} could not stop {name} from winning on the next move. "
                         "From what {name} could see then, it read {mine} %, and Mesa's choice, {best}, {chance} %.",
    "review.turning_dice": "{number}. Move {ply}, the dice: {told}: win chance for {name} {before} % → {after} %.",
    "review.costly": "The costliest decisions (expected points given up to Mesa's choice):",
    "review.costly_point": "• Move {ply}: {played}{points}. Mesa's choice: {best}.",
    "review.played_plain": "{name} played {move}",
    "review.same_choice": "Mesa would have chosen the same.",
    "review.no_better": "Mesa's choice, {best} ({chance} %), reads no better: the swing is Mesa's reading the "
                        "position deeper, not this move.",
    "review.no_better_plain": "Mesa's choice, {best} ({chance} %), reads no better.",
    "review.choice": "Mesa's choice instead: {best} ({chance} %): {why}",
    "review.why.wins": "it wins the game at once.",
    "review.why.stops": "{name} could win with their next move, and after it cannot.",
    "review.why.gains": "it takes {name}'s {tally} from {before} to {after}.",
    "review.why.allows": "{move} lets {opponent} win at once with {reply}; this move does not.",
    "review.why.allows_told": "the move played lets {opponent} win at once ({reply}); this move does not.",
    "review.why.threatens": "it threatens to win on {name}'s next move, and {opponent} must answer it.",
    "review.why.forces": "after it {name} wins on the next move whatever {opponent} plays.",
    "review.why.choice": "the better chance, as Mesa judges it.",
    "review.built": "built the pyramid {shape}, top rank first",
    "review.why.forced": "after {move}, {opponent} can force a win (Mesa's search proves it); not after this one.",
    "review.why.points": "it is expected to score {points} points more.",
    "review.points_given": ", giving up {points} expected points",
    "review.player": "• {name}: {what}.",
    "review.mistakes": "{count} ({moves})",
    "review.blunders": "{count} ({moves})",
    "review.at_move": "move {moves}",
    "review.at_moves": "moves {moves}",
    "review.points_lost": "{points} expected points lost to the best decisions",
    "review.clean": "no mistakes",
    "review.and": "{first}; {rest}",
    "review.legend": "A mistake: a move whose win chance for its player is 20 points or more below Mesa's choice; "
    "a blunder: 40 or more (as Mesa judges it from what the player could see then).",
    "review.legend_points": "Expected points lost: what each decision gave up against Mesa's choice in the same "
    "position, computed exactly from the throw's odds (how the throw then fell is luck, not a decision).",
    "count.mistake": "mistake|mistakes",
    "count.blunder": "blunder|blunders",
    "review.progress": "Reviewing {game} #{table}… {percent} %",
    "error.review_busy": "Already making your review of table #{table}: it comes in a moment. Ask for another once "
    "it is here.",
    "error.review_not_finished": "{game} #{table} is still being played: ask for its review once the game is over.",
    "error.review_nothing": "{game} #{table} was cancelled before it ended: there is no game to review.",
})
ES.update({
    "review.title": "Revisión de {game} #{table}: {players}",
    "review.no_decisions": "No hay nada que revisar: la partida terminó antes de que nadie tomara una decisión que "
    "pudiera ser mejor o peor.",
    "review.no_decisions_secret": "No hay nada que revisar: la partida terminó antes de que se mostraran las "
    "decisiones tomadas en secreto, y siguen siendo el secreto de quien las tomó.",
    "review.ending": "{ending}",
    "review.sides": "{first} contra {second}",
    "review.ended": "La partida terminó tras la jugada {moves}: {gone}.",
    "review.ended.agreement": "La partida terminó tras la jugada {moves} de mutuo acuerdo.",
    "review.ended.agreement_at_start": "La partida terminó de mutuo acuerdo antes de la primera jugada.",
    "review.ended.at_start": "La partida terminó antes de la primera jugada: {gone}.",
    "review.ended.together": "La partida terminó tras la jugada {moves}: {gone}, así que todo el equipo perdió "
    "junto.",
    "review.ended.at_start.together": "La partida terminó antes de la primera jugada: {gone}, así que todo el "
    "equipo perdió junto.",
    "review.left": "Tras la jugada {moves}, {gone}: la partida siguió, las jugadas posteriores de ese asiento se "
    "hicieron por él y aquí no se juzgan, y queda por debajo de todos los que siguieron jugando (desde entonces su "
    "probabilidad de ganar es 0).",
    "review.turning_points": "Momentos decisivos (los mayores vuelcos, numerados como en la imagen):",
    "review.no_swings": "Ninguna jugada cambió una probabilidad de ganar {floor} puntos o más, así que no hay "
    "ningún momento decisivo que contar. A lo largo de las jugadas: {lines}.",
    "review.turning_point": "{number}. Jugada {ply}: {played} (probabilidad de ganar {before} % → {after} %{others})"
    "{points}. {instead}{read}{reread}",
    "review.others_moved": "; la de {name}, {was} % → {now} %",
    "review.reread": " La gráfica también se movió justo antes de esta jugada, sin ninguna jugada entre medias: la "
    "probabilidad de {seat} era {was} % vista desde el asiento de {reader} y {now} % desde el de {name}, que no ve "
    "lo mismo (Mesa lee cada posición desde el asiento que juega, solo con lo que ese jugador puede ver).",
    "review.read_next": " Con lo que {name} podía ver entonces, la jugada daba {mine} %; el siguiente jugador ganó "
                        "en el acto.",
    "review.no_better_seen": "La elección de Mesa, {best} ({chance} %), no es mejor con lo que {name} podía ver "
                             "entonces (la jugada daba {mine} %); el siguiente jugador ganó en el acto.",
    "review.read_again": " Con lo que {name} podía ver entonces, la jugada daba {mine} %; {name}, que volvía a "
    "jugar, ganó en el acto.",
    "review.no_better_seen_again": "La elección de Mesa, {best} ({chance} %), no es mejor con lo que {name} podía "
    "ver entonces (la jugada daba {mine} %); {name}, que volvía a jugar, ganó en el acto.",
    "review.read_unstoppable": " Con lo que {name} podía ver entonces, la jugada daba {mine} %; tras ella, {other} "
                               "no podía impedir que {name} ganara en la siguiente jugada.",
    "review.forced_win": "Gana por la fuerza: tras ella, {other} no podía impedir que {name} ganara en la siguiente "
                         "jugada. Con lo que {name} podía ver entonces, daba {mine} %, y la elección de Mesa, {best}, "
                         "{chance} %.",
    "review.turning_dice": "{number}. Jugada {ply}, los dados: {told}: probabilidad de ganar de {name} {before} % → "
    "{after} %.",
    "review.costly": "Las decisiones más caras (puntos esperados cedidos frente a la elección de Mesa):",
    "review.costly_point": "• Jugada {ply}: {played}{points}. La elección de Mesa: {best}.",
    "review.played_plain": "{name} jugó {move}",
    "review.same_choice": "Mesa habría elegido lo mismo.",
    "review.no_better": "La elección de Mesa, {best} ({chance} %), no es mejor: el vuelco viene de que Mesa lee "
                        "la posición más a fondo, no de esta jugada.",
    "review.no_better_plain": "La elección de Mesa, {best} ({chance} %), no es mejor.",
    "review.choice": "La elección de Mesa: {best} ({chance} %): {why}",
    "review.why.wins": "gana la partida en el acto.",
    "review.why.stops": "{name} podía ganar con su próxima jugada, y después de esta no puede.",
    "review.why.gains": "lleva los {tally} de {name} de {before} a {after}.",
    "review.why.allows": "{move} deja ganar a {opponent} en el acto con {reply}; esta jugada no.",
    "review.why.allows_told": "la jugada hecha deja ganar a {opponent} en el acto ({reply}); esta jugada no.",
    "review.why.threatens": "amenaza con ganar en la próxima jugada de {name}, y {opponent} tiene que responder.",
    "review.why.forces": "tras ella {name} gana en su próxima jugada juegue lo que juegue {opponent}.",
    "review.why.choice": "la mejor opción, a juicio de Mesa.",
    "review.built": "construyó la pirámide {shape}, de la fila de arriba a la de abajo",
    "review.why.forced": "tras {move}, {opponent} puede forzar la victoria (la búsqueda de Mesa lo demuestra); "
                         "tras esta, no.",
    "review.why.points": "se espera que sume {points} puntos más.",
    "review.points_given": ", cediendo {points} puntos esperados",
    "review.player": "• {name}: {what}.",
    "review.mistakes": "{count} ({moves})",
    "review.blunders": "{count} ({moves})",
    "review.at_move": "jugada {moves}",
    "review.at_moves": "jugadas {moves}",
    "review.points_lost": "{points} puntos esperados perdidos frente a las mejores decisiones",
    "review.clean": "ningún error",
    "review.and": "{first}; {rest}",
    "review.legend": "Un error: una jugada cuya probabilidad de ganar para su jugador queda 20 puntos o más por "
    "debajo de la elección de Mesa; un error grave: 40 o más (a juicio de Mesa, con lo que el jugador podía ver "
    "entonces).",
    "review.legend_points": "Puntos esperados perdidos: lo que cada decisión cedió frente a la elección de Mesa "
    "en la misma posición, calculado con exactitud a partir de las probabilidades de la tirada (cómo cayó luego "
    "es suerte, no una decisión).",
    "count.mistake": "error|errores",
    "count.blunder": "error grave|errores graves",
    "review.progress": "Revisando {game} #{table}… {percent} %",
    "error.review_busy": "Ya estoy preparando tu revisión de la mesa #{table}: llega en un momento. Pide otra cuando "
    "esté lista.",
    "error.review_not_finished": "{game} #{table} todavía se está jugando: pide su revisión cuando termine la "
    "partida.",
    "error.review_nothing": "{game} #{table} se canceló antes de terminar: no hay partida que revisar.",
})


# ---- tournaments (issue 31, ``tables.tournaments``), shared by the console and Discord
EN.update({
    "tournament.format.swiss": "Swiss",
    "tournament.format.round_robin": "round robin",
    "tournament.format.double": "double round robin",
    "tournament.format.groups": "rounds in groups of 3-4",
    "tournament.created": "Tournament #{id}: {title}, {format}, organised by {organiser} (up to {max} players; "
    "{terms}). "
    "Join with /tournament join {id} (the organiser too, to play); once everyone is in, the organiser starts it "
    "with /tournament start {id}.",
    "tournament.joined": "{name} joined tournament #{id} ({title}): {count} so far.",
    "tournament.closing": "Tournament #{id} ({title}) has waited {idle} for its start with no one joining or "
    "leaving, and closes unstarted in a day. {organiser} can start it now with /tournament start {id}; a join or a "
    "leave keeps it open.",
    "tournament.closing_anon": "Tournament #{id} ({title}) has waited {idle} for its start with no one joining or "
    "leaving, and closes unstarted in a day. Its organiser can start it now with /tournament start {id}; a join or "
    "a leave keeps it open.",
    "tournament.closed_idle": "Tournament #{id} ({title}) closed unstarted: in {days} no one started it, joined or "
    "left. Nothing was played, so nothing is counted.",
    "count.day": "day|days",
    "tournament.joined_full": "{name} joined tournament #{id} ({title}): {count}, and it is full. {organiser} can "
    "start it now with /tournament start {id}.",
    "tournament.joined_full_anon": "{name} joined tournament #{id} ({title}): {count}, and it is full. Its organiser "
    "can start it now with /tournament start {id}.",
    "count.entrant": "entered|entered",
    "tournament.term.rounds": "{count}",
    "tournament.term.variant": "{variant}",
    "tournament.term.time": "{time} a move",
    "tournament.term.rated": "rated",
    "tournament.term.unrated": "unrated",
    "tournament.term.mesa_fills": "Mesa fills the byes",
    "count.round": "round|rounds",
    "tournament.left.empty": "{name} left tournament #{id} ({title}): nobody is entered now.",
    "tournament.left": "{name} left tournament #{id} ({title}): {count} now.",
    "tournament.removed": "{name} was taken off tournament #{id} ({title}) by the organiser.",
    "tournament.out.withdrawn": "{name} withdrew from tournament #{id} ({title}): their game in play is a forfeit, "
    "and they are paired no more.",
    "tournament.out.removed": "{name} was removed from tournament #{id} ({title}) by the organiser: their game in "
    "play is a forfeit.",
    "tournament.out.left": "{name} left the server and is out of tournament #{id} ({title}): their game in play is a "
    "forfeit.",
    "tournament.out.withdrawn.idle": "{name} withdrew from tournament #{id} ({title}) and is paired no more.",
    "tournament.out.removed.idle": "{name} was removed from tournament #{id} ({title}) by the organiser and is "
    "paired no more.",
    "tournament.out.left.idle": "{name} left the server and is out of tournament #{id} ({title}).",
    "tournament.rounds_reduced": "Tournament #{id} ({title}) plays {rounds}, not the {asked} asked: a Swiss of "
    "{players} has at most as many rounds as it takes for everyone to meet everyone (players − 1, or the count "
    "itself when it is odd, a bye each round), and more would pair the same players again.",
    "tournament.cancelled": "Tournament #{id} ({title}) is cancelled. Tables in play go on as ordinary games.",
    "tournament.cancelled.table": "Tournament #{id} ({title}) is cancelled: this game goes on as an ordinary one, "
    "and its result no longer counts for the event.",
    "tournament.cancelled.open": "Tournament #{id} ({title}) is cancelled. It had not started, so no game of it was "
    "played.",
    "tournament.round": "Tournament #{id} ({title}), round {round} of {rounds}. {first}:\n{lines}",
    "tournament.play": "{first}; play at your table with /move",
    "tournament.first.none": "No game to play this round, only byes and forfeits: it is decided already",
    "tournament.first.named": "The first named at each table moves first",
    "tournament.first.k3": "At each table the first to build their pyramid moves first (K3-3.3)",
    "tournament.first.krakatoa": "At each table a throw decides who starts (KR-4.1)",
    "tournament.final": "Tournament #{id} ({title}) is over.{early} Winner: {names}!{decided}\n{lines}",
    "tournament.decided.buchholz": " {winner} and {second} finished level on {points}: Buchholz decided it ({mine} "
    "to {theirs}).",
    "tournament.decided.sonneborn_berger": " {winner} and {second} finished level on {points} and Buchholz: "
    "Sonneborn-Berger decided it ({mine} to {theirs}).",
    "tournament.early": " It ends after round {round} of {rounds}: too few players are left to pair another.",
    "tournament.final_shared": "Tournament #{id} ({title}) is over.{early} Winners, equal on points and every "
    "tie-break: "
    "{names}!\n{lines}",
    "tournament.final_none": "Tournament #{id} ({title}) is over.{early} No one is left in it to be named "
    "winner: every player withdrew or was taken off.\n{lines}",
    "tournament.board.game": "table #{table}: {players}",
    "tournament.versus": "{first} v {second}",
    "tournament.board.done": "table #{table}: {players} ({result})",
    "tournament.result.won": "{name} won",
    "tournament.result.drawn": "drawn",
    "tournament.result.places": "places: {places}",
    "tournament.points.one": "{points} point",
    "tournament.points.many": "{points} points",
    "tournament.board.bye": "{name}: a bye ({points})",
    "tournament.bye_now": "Tournament #{id} ({title}), round {round} of {rounds}: you have a bye ({points}); your "
    "next game comes with round {next}.",
    "tournament.bye_now.last": "Tournament #{id} ({title}), round {round} of {rounds}: you have a bye ({points}); "
    "the final standings come when the round's games end.",
    "tournament.table_decided": "{said}",
    "tournament.round_decided": "Tournament #{id} ({title}), round {round} of {rounds}: your game of this round is "
    "decided; your next game comes with round {next}, when the round ends ({tables}).",
    "tournament.round_decided.last": "Tournament #{id} ({title}), round {round} of {rounds}: your game of this round "
    "is decided; the final standings come when the round ends ({tables}).",
    "tournament.games.open_yours": "Tournament #{id} ({title}, {format}): open for entries, {players} in; yours to "
    "start with /tournament start {id} once everyone has joined.",
    "tournament.games.open_entered": "Tournament #{id} ({title}, {format}): you are entered, {players} in so far; it "
    "begins when {organiser} starts it.",
    "tournament.games.open_entered_anon": "Tournament #{id} ({title}, {format}): you are entered, {players} in so "
    "far; it begins when its organiser starts it.",
    "tournament.games.joinable": "Tournament #{id} ({title}, {format}), organised by {organiser}: {entered}, {room}; "
    "enter it with /tournament join {id}.",
    "tournament.games.joinable_anon": "Tournament #{id} ({title}, {format}): {entered}, {room}; enter it with "
    "/tournament join {id}.",
    "tournament.games.entered_so_far": "{players} in so far",
    "tournament.games.none_entered": "nobody has entered yet",
    "tournament.games.nobody": "nobody",
    "count.place_left": "place left|places left",
    "tournament.games.running_yours": "Tournament #{id} ({title}), which you organise: round {round} of {rounds}, "
    "{tables} (/tournament standings {id}).",
    "count.table_playing": "table still playing|tables still playing",
    "tournament.board.forfeit.withdrawn": "{name}: wins by forfeit ({other} withdrew)",
    "tournament.board.forfeit.removed": "{name}: wins by forfeit ({other} was removed by the organiser)",
    "tournament.board.forfeit.left": "{name}: wins by forfeit ({other} left the server)",
    "tournament.standings.head": "Tournament #{id} ({title}): standings after round {round} of {rounds}",
    "tournament.standings.playing": "Tournament #{id} ({title}): standings after round {round} of {rounds}, with "
    "the games of round {playing} that have ended",
    "tournament.standings.first_round": "Tournament #{id} ({title}): round {playing} of {rounds} in play; the "
    "games that have ended so far",
    "tournament.standings.playing_none": "Tournament #{id} ({title}): standings after round {round} of {rounds}; "
    "round {playing} is in play, and none of its games has ended yet",
    "tournament.standings.first_round_none": "Tournament #{id} ({title}): round {playing} of {rounds} in play; no "
    "game has ended yet",
    "tournament.standings.final": "Tournament #{id} ({title}): final standings, {played}",
    "tournament.standings.final_early": "Tournament #{id} ({title}): final standings; it ended after round "
    "{round} of {rounds}, too few players being left to pair another",
    "tournament.standings.cancelled": "Tournament #{id} ({title}) was cancelled: standings as it stopped, after "
    "round {round} of {rounds}",
    "tournament.standings.cancelled_during": "Tournament #{id} ({title}) was cancelled during round {playing} of "
    "{rounds}: standings as it stopped, with the games that had ended",
    "tournament.standings.row": "{rank}. {name}: {points} (Buchholz {buchholz}, Sonneborn-Berger {sb}; "
    "{games})",
    "tournament.standings.row_out": "{rank}. {name}: {points} (Buchholz {buchholz}, Sonneborn-Berger {sb}; "
    "{games}; {status})",
    "tournament.standings.line": "{rank}. {name}: {points}",
    "tournament.standings.line_out": "{rank}. {name}: {points} ({status})",
    "tournament.winner": "Winner: {names}.",
    "tournament.winners": "Winners, equal on points and every tie-break: {names}.",
    "tournament.pairings.head": "Tournament #{id} ({title}): round {round} of {rounds}",
    "tournament.pairings.head_cancelled": "Tournament #{id} ({title}), cancelled: round {round} of {rounds} as it "
    "stood (its tables in play go on as ordinary games)",
    "tournament.status.in": "playing",
    "tournament.status.withdrawn": "withdrew",
    "tournament.status.removed": "removed by the organiser",
    "tournament.status.left": "left the server",
    "tournament.error.managers_only": "On this server only people with Manage Server may create, start or cancel "
    "tournaments.",
    "tournament.error.cap": "This server already has {cap} tournaments open or running: finish or cancel one first.",
    "tournament.error.format_missing": "Say the format: /tournament create GAME format=swiss (or "
    "format=round-robin).",
    "tournament.error.groups_only": "A {game} tournament seats its players at tables of 3 or 4, grouped by standing "
    "each round (a game of {game} takes 2 to 4, but a round robin of such tables cannot be drawn up): use "
    "format=swiss.",
    "tournament.error.double_swiss": "double=true is for round robins (everyone meets twice); a Swiss sets rounds=N.",
    "tournament.error.rounds_rr": "A round robin has as many rounds as it needs for everyone to meet: leave out "
    "rounds=, or use format=swiss.",
    "tournament.error.seat_option": "In a tournament the pairing decides who moves first: leave out seat=.",
    "tournament.error.unknown_option": "A {game} tournament has no option {option}. Its options: {allowed}.",
    "tournament.error.max_too_few": "A {game} tournament needs at least {min} players to start, so "
    "max_players={value} would never let it start: set max_players from {min} to {high}.",
    "tournament.error.together": "A tournament ranks the players of every game, and with {option}=true everyone "
    "wins or loses together: leave out {option}=.",
    "tournament.error.together.k3": "A tournament ranks the players of every game, and in cooperative K3 everyone "
    "wins or loses together (K3-8), so a game cannot rank its players: leave out {option}=.",
    "tournament.error.none": "There is no tournament underway in this server. Create one with /tournament create "
    "GAME format=swiss.",
    "tournament.error.none_open": "No tournament in this server is taking players now. Create one with "
    "/tournament create GAME format=swiss.",
    "tournament.error.which": "Several tournaments fit ({ids}): add the number, for example "
    "/tournament {action} {example}.",
    "tournament.error.missing": "There is no tournament #{id} in this server.",
    "tournament.error.damaged": "Tournament #{id}'s record is damaged and cannot be read, so it cannot go on; the "
    "other tournaments are fine (name yours with its number). Please tell the server's admins.",
    "tournament.error.not_open": "Tournament #{id} has started: it takes no more players, and leaving it now is "
    "/tournament withdraw.",
    "tournament.error.started_already": "Tournament #{id} has already started: round {round} of {rounds} is in "
    "play. /tournament standings {id} shows where it stands.",
    "tournament.error.all_started": "No tournament in this server is waiting to start: {ids} have already "
    "started. /tournament standings N shows where one stands.",
    "tournament.error.over": "Tournament #{id} is over.",
    "tournament.error.cancelled": "Tournament #{id} was cancelled.",
    "tournament.error.over.join": "Tournament #{id} is over, so it takes no players; /games lists the tournaments "
    "open for entries.",
    "tournament.error.cancelled.join": "Tournament #{id} was cancelled, so it takes no players; /games lists the "
    "tournaments open for entries.",
    "tournament.standings.none.empty": "Tournament #{id} ({title}): no round played yet, and nobody has "
    "entered yet.",
    "tournament.standings.cancelled_unplayed.empty": "Tournament #{id} ({title}) was cancelled with nobody "
    "entered.",
    "tournament.standings.none": "Tournament #{id} ({title}): no round played yet; {count}, in entry order:",
    "tournament.standings.cancelled_unplayed": "Tournament #{id} ({title}) was cancelled before any game; {count}:",
    "tournament.error.already": "You are already in tournament #{id}.",
    "tournament.error.rejoin": "You left tournament #{id} after it started; you cannot enter it again.",
    "tournament.error.full": "Tournament #{id} is full ({max} players).",
    "tournament.error.not_entered": "That player is not in tournament #{id}.",
    "tournament.error.remove_mesa": "Mesa is not entered in tournament #{id}: it plays no games in it, so there is "
    "nobody to remove.",
    "tournament.error.remove_mesa.fills": "Mesa is not entered in tournament #{id}: it only takes the seats a "
    "round would leave empty (a bye), so that everyone plays. There is nobody to remove.",
    "tournament.error.player_not_entered": "{name} is not in tournament #{id}: /tournament standings {id} lists its "
                                           "players.",
    "tournament.error.out.withdrawn": "{name} already withdrew from tournament #{id} and is paired no more.",
    "tournament.error.out.removed": "{name} is already off tournament #{id}: the organiser removed them.",
    "tournament.error.out.left": "{name} left the server and is already out of tournament #{id}.",
    "tournament.error.you_not_entered": "You are not in tournament #{id}.",
    "tournament.error.not_in_any": "You are not in any tournament in this server, open for entries or underway.",
    "tournament.error.use_withdraw": "Tournament #{id} has started: use /tournament withdraw to leave it.",
    "tournament.error.remove_self_open": "To take yourself off tournament #{id}, use /tournament leave {id}.",
    "tournament.error.remove_self": "To take yourself off tournament #{id}, use /tournament withdraw {id}: your game "
    "in play is then a forfeit, and you are paired no more.",
    "tournament.error.organiser_only": "Only the organiser of tournament #{id} (or someone with Manage Server) may "
    "do that.",
    "tournament.error.too_few": "Tournament #{id} needs at least {min} players to start; {count} so far "
    "(players, the organiser too, join with /tournament join {id}).",
    "tournament.error.too_few.none": "Tournament #{id} needs at least {min} players to start, and nobody has entered "
    "yet (players, the organiser too, join with /tournament join {id}).",
    "tournament.error.cancelled_unpaired": "Tournament #{id} was cancelled before its first round: it has no "
    "pairings.",
    "tournament.error.not_started": "Tournament #{id} has not started yet: its rounds are paired when the organiser "
    "starts it with /tournament start {id}.",
    "tournament.error.not_running": "Tournament #{id} is not running.",
    "tournament.choice": "#{id} {title}, {format} ({players})",
    "tournament.error.table_of": "Table #{table} is a table of tournament #{id}: to stop playing, /resign this "
    "game or /tournament withdraw.",
    "tournament.error.no_round": "Tournament #{id} has no round {round} yet ({paired} so far).",
    "tournament.error.no_round_over": "Tournament #{id} is over after {played}: there is no round {round}. "
    "/tournament pairings {id} round={last} shows the last.",
    "tournament.error.no_round_cancelled": "Tournament #{id} was cancelled after {paired}: there is no round "
    "{round}. /tournament pairings {id} round={last} shows the last.",
    "tournament.error.no_round_ever": "Tournament #{id} plays {rounds} in all: there is no round {round}. "
    "/tournament pairings {id} shows the round in play.",
    "tournament.error.round_from_one": "Rounds are numbered from 1: write /tournament pairings {id} round=1 (or "
    "leave round out for the round in play).",
    "count.round_paired": "round paired|rounds paired",
})
ES.update({
    "tournament.format.swiss": "suizo",
    "tournament.format.round_robin": "liga (todos contra todos)",
    "tournament.format.double": "liga a doble vuelta",
    "tournament.format.groups": "rondas en grupos de 3-4",
    "tournament.created": "Torneo #{id}: {title}, {format}, organizado por {organiser} (hasta {max} jugadores; "
    "{terms}). "
    "Apúntate con /tournament join {id} (quien organiza también, si quiere jugar); cuando estén todos, quien lo "
    "organiza lo empieza con /tournament start {id}.",
    "tournament.joined": "{name} se apuntó al torneo #{id} ({title}): {count} hasta ahora.",
    "tournament.closing": "El torneo #{id} ({title}) lleva {idle} esperando a empezar sin que nadie se apunte ni se "
    "borre, y se cierra sin empezar dentro de un día. {organiser} puede empezarlo ya con /tournament start {id}; "
    "quien se apunte o se borre lo mantiene abierto.",
    "tournament.closing_anon": "El torneo #{id} ({title}) lleva {idle} esperando a empezar sin que nadie se apunte "
    "ni se borre, y se cierra sin empezar dentro de un día. Quien lo organiza puede empezarlo ya con /tournament "
    "start {id}; quien se apunte o se borre lo mantiene abierto.",
    "tournament.closed_idle": "El torneo #{id} ({title}) se cerró sin empezar: en {days} nadie lo empezó, se apuntó "
    "ni se borró. No se jugó nada, así que nada cuenta.",
    "count.day": "día|días",
    "tournament.joined_full": "{name} se apuntó al torneo #{id} ({title}): {count}, y está completo. {organiser} "
    "ya puede empezarlo con /tournament start {id}.",
    "tournament.joined_full_anon": "{name} se apuntó al torneo #{id} ({title}): {count}, y está completo. Quien lo "
    "organiza ya puede empezarlo con /tournament start {id}.",
    "count.entrant": "inscrito|inscritos",
    "tournament.term.rounds": "{count}",
    "tournament.term.variant": "{variant}",
    "tournament.term.time": "{time} por jugada",
    "tournament.term.rated": "puntúa",
    "tournament.term.unrated": "no puntúa",
    "tournament.term.mesa_fills": "Mesa cubre los descansos",
    "count.round": "ronda|rondas",
    "tournament.left.empty": "{name} se borró del torneo #{id} ({title}): ya no queda nadie inscrito.",
    "tournament.left": "{name} se borró del torneo #{id} ({title}): {count} ahora.",
    "tournament.removed": "Quien organiza el torneo #{id} ({title}) quitó a {name} de la lista.",
    "tournament.out.withdrawn": "{name} se retiró del torneo #{id} ({title}): su partida en juego se da por "
    "perdida y no se le empareja más.",
    "tournament.out.removed": "Quien organiza el torneo #{id} ({title}) expulsó a {name}: su partida en juego se da "
    "por perdida.",
    "tournament.out.left": "{name} salió del servidor y queda fuera del torneo #{id} ({title}): su partida en juego "
    "se da por perdida.",
    "tournament.out.withdrawn.idle": "{name} se retiró del torneo #{id} ({title}) y no se le empareja más.",
    "tournament.out.removed.idle": "Quien organiza el torneo #{id} ({title}) expulsó a {name}, y no se le empareja "
    "más.",
    "tournament.out.left.idle": "{name} salió del servidor y queda fuera del torneo #{id} ({title}).",
    "tournament.rounds_reduced": "El torneo #{id} ({title}) se juega a {rounds}, no a las {asked} pedidas: un "
    "suizo de {players} tiene como mucho las rondas necesarias para que todos se enfrenten con todos (jugadores − 1, "
    "o su número si es impar, con un descanso por ronda), y más volverían a emparejar a los mismos.",
    "tournament.cancelled.open": "El torneo #{id} ({title}) queda cancelado. No había empezado, así que no se jugó "
    "ninguna partida suya.",
    "tournament.cancelled": "El torneo #{id} ({title}) queda cancelado. Las mesas en juego siguen como partidas "
    "normales.",
    "tournament.cancelled.table": "El torneo #{id} ({title}) queda cancelado: esta partida sigue como una partida "
    "normal, y su resultado ya no cuenta para el torneo.",
    "tournament.round": "Torneo #{id} ({title}), ronda {round} de {rounds}. {first}:\n{lines}",
    "tournament.play": "{first}; juega en tu mesa con /move",
    "tournament.first.none": "En esta ronda no hay partidas, solo descansos y victorias por incomparecencia: ya está "
    "decidida",
    "tournament.first.named": "En cada mesa empieza quien se nombra primero",
    "tournament.first.k3": "En cada mesa empieza quien antes construya su pirámide (K3-3.3)",
    "tournament.first.krakatoa": "En cada mesa una tirada decide quién empieza (KR-4.1)",
    "tournament.final": "El torneo #{id} ({title}) ha terminado.{early} Gana: {names}.{decided}\n{lines}",
    "tournament.decided.buchholz": " {winner} y {second} acabaron igualados a {points}: decidió el Buchholz ({mine} "
    "a {theirs}).",
    "tournament.decided.sonneborn_berger": " {winner} y {second} acabaron igualados a {points} y en Buchholz: "
    "decidió el Sonneborn-Berger ({mine} a {theirs}).",
    "tournament.early": " Termina tras la ronda {round} de {rounds}: quedan muy pocos jugadores para emparejar "
    "otra.",
    "tournament.final_shared": "El torneo #{id} ({title}) ha terminado.{early} Ganan, empatados en puntos y en "
    "todos los "
    "desempates: {names}.\n{lines}",
    "tournament.final_none": "El torneo #{id} ({title}) ha terminado.{early} No queda nadie en él a quien "
    "nombrar ganador: todos se retiraron o fueron expulsados.\n{lines}",
    "tournament.board.game": "mesa #{table}: {players}",
    "tournament.versus": "{first} contra {second}",
    "tournament.board.done": "mesa #{table}: {players} ({result})",
    "tournament.result.won": "ganó {name}",
    "tournament.result.drawn": "tablas",
    "tournament.result.places": "puestos: {places}",
    "tournament.points.one": "{points} punto",
    "tournament.points.many": "{points} puntos",
    "tournament.board.bye": "{name}: descansa ({points})",
    "tournament.bye_now": "Torneo #{id} ({title}), ronda {round} de {rounds}: descansas ({points}); tu próxima "
    "partida llega con la ronda {next}.",
    "tournament.bye_now.last": "Torneo #{id} ({title}), ronda {round} de {rounds}: descansas ({points}); la "
    "clasificación final llega cuando terminen las partidas de la ronda.",
    "tournament.table_decided": "{said}",
    "tournament.round_decided": "Torneo #{id} ({title}), ronda {round} de {rounds}: tu partida de esta ronda está "
    "decidida; tu próxima partida llega con la ronda {next}, cuando termine la ronda ({tables}).",
    "tournament.round_decided.last": "Torneo #{id} ({title}), ronda {round} de {rounds}: tu partida de esta ronda "
    "está decidida; la clasificación final llega cuando termine la ronda ({tables}).",
    "tournament.games.open_yours": "Torneo #{id} ({title}, {format}): abierto a inscripciones, {players} dentro; "
    "lo empiezas tú con /tournament start {id} cuando se hayan apuntado todos.",
    "tournament.games.open_entered": "Torneo #{id} ({title}, {format}): estás inscrito, {players} hasta ahora; "
    "empieza cuando {organiser} lo inicie.",
    "tournament.games.open_entered_anon": "Torneo #{id} ({title}, {format}): estás inscrito, {players} hasta ahora; "
    "empieza cuando quien lo organiza lo inicie.",
    "tournament.games.joinable": "Torneo #{id} ({title}, {format}), organizado por {organiser}: {entered}, {room}; "
    "apúntate con /tournament join {id}.",
    "tournament.games.joinable_anon": "Torneo #{id} ({title}, {format}): {entered}, {room}; apúntate con "
    "/tournament join {id}.",
    "tournament.games.entered_so_far": "{players} hasta ahora",
    "tournament.games.none_entered": "aún no se ha apuntado nadie",
    "tournament.games.nobody": "nadie",
    "count.place_left": "plaza libre|plazas libres",
    "tournament.games.running_yours": "Torneo #{id} ({title}), que organizas: ronda {round} de {rounds}, {tables} "
    "(/tournament standings {id}).",
    "count.table_playing": "mesa aún en juego|mesas aún en juego",
    "tournament.board.forfeit.withdrawn": "{name}: gana por incomparecencia ({other} se retiró)",
    "tournament.board.forfeit.removed": "{name}: gana por incomparecencia (quien organiza expulsó a {other})",
    "tournament.board.forfeit.left": "{name}: gana por incomparecencia ({other} salió del servidor)",
    "tournament.standings.head": "Torneo #{id} ({title}): clasificación tras la ronda {round} de {rounds}",
    "tournament.standings.playing": "Torneo #{id} ({title}): clasificación tras la ronda {round} de {rounds}, con "
    "las partidas de la ronda {playing} que ya han terminado",
    "tournament.standings.first_round": "Torneo #{id} ({title}): ronda {playing} de {rounds} en juego; las "
    "partidas terminadas hasta ahora",
    "tournament.standings.playing_none": "Torneo #{id} ({title}): clasificación tras la ronda {round} de {rounds}; "
    "la ronda {playing} está en juego, y ninguna de sus partidas ha terminado aún",
    "tournament.standings.first_round_none": "Torneo #{id} ({title}): ronda {playing} de {rounds} en juego; aún no "
    "ha terminado ninguna partida",
    "tournament.standings.final": "Torneo #{id} ({title}): clasificación final, {played}",
    "tournament.standings.final_early": "Torneo #{id} ({title}): clasificación final; terminó tras la ronda "
    "{round} de {rounds}, al quedar muy pocos jugadores para emparejar otra",
    "tournament.standings.cancelled": "El torneo #{id} ({title}) se canceló: clasificación al detenerse, tras la "
    "ronda {round} de {rounds}",
    "tournament.standings.cancelled_during": "El torneo #{id} ({title}) se canceló durante la ronda {playing} de "
    "{rounds}: clasificación al detenerse, con las partidas que habían terminado",
    "tournament.standings.row": "{rank}. {name}: {points} (Buchholz {buchholz}, Sonneborn-Berger {sb}; "
    "{games})",
    "tournament.standings.row_out": "{rank}. {name}: {points} (Buchholz {buchholz}, Sonneborn-Berger {sb}; "
    "{games}; {status})",
    "tournament.standings.line": "{rank}. {name}: {points}",
    "tournament.standings.line_out": "{rank}. {name}: {points} ({status})",
    "tournament.winner": "Gana: {names}.",
    "tournament.winners": "Ganan, empatados en puntos y en todos los desempates: {names}.",
    "tournament.pairings.head": "Torneo #{id} ({title}): ronda {round} de {rounds}",
    "tournament.pairings.head_cancelled": "Torneo #{id} ({title}), cancelado: ronda {round} de {rounds} tal como "
    "quedó (sus mesas en juego siguen como partidas normales)",
    "tournament.status.in": "en juego",
    "tournament.status.withdrawn": "se retiró",
    "tournament.status.removed": "expulsado por quien organiza",
    "tournament.status.left": "salió del servidor",
    "tournament.error.managers_only": "En este servidor solo quien tiene Gestionar servidor puede crear, empezar o "
    "cancelar torneos.",
    "tournament.error.cap": "Este servidor ya tiene {cap} torneos abiertos o en juego: termina o cancela uno antes.",
    "tournament.error.format_missing": "Di el formato: /tournament create JUEGO format=swiss (o format=round-robin).",
    "tournament.error.groups_only": "Un torneo de {game} sienta a sus jugadores en mesas de 3 o 4, agrupados según "
    "la clasificación en cada ronda (una partida de {game} admite de 2 a 4, pero no hay liga posible con esas "
    "mesas): usa format=swiss.",
    "tournament.error.double_swiss": "double=true es para ligas (todos se enfrentan dos veces); un suizo usa "
    "rounds=N.",
    "tournament.error.rounds_rr": "Una liga tiene las rondas que hacen falta para que todos se enfrenten: quita "
    "rounds=, o usa format=swiss.",
    "tournament.error.seat_option": "En un torneo el emparejamiento decide quién empieza: quita seat=.",
    "tournament.error.unknown_option": "Un torneo de {game} no tiene la opción {option}. Sus opciones: {allowed}.",
    "tournament.error.max_too_few": "Un torneo de {game} necesita al menos {min} jugadores para empezar, así que "
    "con max_players={value} nunca podría empezar: pon max_players entre {min} y {high}.",
    "tournament.error.together": "Un torneo clasifica a los jugadores de cada partida, y con {option}=true todos "
    "ganan o pierden juntos: quita {option}=.",
    "tournament.error.together.k3": "Un torneo clasifica a los jugadores de cada partida, y en el K3 cooperativo "
    "todos ganan o pierden juntos (K3-8), así que una partida no puede ordenar a sus jugadores: quita {option}=.",
    "tournament.error.none": "No hay ningún torneo en marcha en este servidor. Crea uno con /tournament create "
    "JUEGO format=swiss.",
    "tournament.error.none_open": "Ningún torneo de este servidor admite jugadores ahora. Crea uno con "
    "/tournament create JUEGO format=swiss.",
    "tournament.error.which": "Hay varios torneos posibles ({ids}): añade el número, por ejemplo "
    "/tournament {action} {example}.",
    "tournament.error.missing": "No hay ningún torneo #{id} en este servidor.",
    "tournament.error.damaged": "El registro del torneo #{id} está dañado y no se puede leer, así que no puede "
    "seguir; los demás torneos están bien (nombra el tuyo con su número). Avisa a los administradores del servidor.",
    "tournament.error.not_open": "El torneo #{id} ya empezó: no admite más jugadores, y para dejarlo ahora usa "
    "/tournament withdraw.",
    "tournament.error.started_already": "El torneo #{id} ya ha empezado: se juega la ronda {round} de {rounds}. "
    "/tournament standings {id} muestra cómo va.",
    "tournament.error.all_started": "Ningún torneo de este servidor espera para empezar: {ids} ya han empezado. "
    "/tournament standings N muestra cómo va cada uno.",
    "tournament.error.over": "El torneo #{id} ha terminado.",
    "tournament.error.cancelled": "El torneo #{id} fue cancelado.",
    "tournament.error.over.join": "El torneo #{id} ha terminado, así que no admite jugadores; /games lista los "
    "torneos abiertos a inscripciones.",
    "tournament.error.cancelled.join": "El torneo #{id} fue cancelado, así que no admite jugadores; /games lista los "
    "torneos abiertos a inscripciones.",
    "tournament.standings.cancelled_unplayed": "El torneo #{id} ({title}) se canceló antes de ninguna partida; "
    "en la lista había {count}:",
    "tournament.standings.none.empty": "Torneo #{id} ({title}): aún no se ha jugado ninguna ronda, y todavía no se "
    "ha inscrito nadie.",
    "tournament.standings.cancelled_unplayed.empty": "El torneo #{id} ({title}) se canceló sin nadie inscrito.",
    "tournament.standings.none": "Torneo #{id} ({title}): aún no se ha jugado ninguna ronda; {count}, por "
    "orden de inscripción:",
    "tournament.error.already": "Ya estás en el torneo #{id}.",
    "tournament.error.rejoin": "Dejaste el torneo #{id} después de empezar; no puedes volver a entrar.",
    "tournament.error.full": "El torneo #{id} está completo ({max} jugadores).",
    "tournament.error.not_entered": "Esa persona no está en el torneo #{id}.",
    "tournament.error.remove_mesa": "Mesa no está inscrita en el torneo #{id}: no juega ninguna partida en él, así "
    "que no hay nadie a quien quitar.",
    "tournament.error.remove_mesa.fills": "Mesa no está inscrita en el torneo #{id}: solo ocupa los asientos que una "
    "ronda dejaría vacíos (un descanso), para que todos jueguen. No hay nadie a quien quitar.",
    "tournament.error.player_not_entered": "{name} no está en el torneo #{id}: /tournament standings {id} dice quién "
                                           "juega.",
    "tournament.error.out.withdrawn": "{name} ya se retiró del torneo #{id} y no se le empareja más.",
    "tournament.error.out.removed": "Quien organiza el torneo #{id} ya expulsó a {name}.",
    "tournament.error.out.left": "{name} salió del servidor y ya está fuera del torneo #{id}.",
    "tournament.error.you_not_entered": "No estás en el torneo #{id}.",
    "tournament.error.not_in_any": "No estás en ningún torneo de este servidor, ni abierto a inscripciones ni en "
    "marcha.",
    "tournament.error.use_withdraw": "El torneo #{id} ya empezó: usa /tournament withdraw para dejarlo.",
    "tournament.error.remove_self_open": "Para salir tú del torneo #{id}, usa /tournament leave {id}.",
    "tournament.error.remove_self": "Para salir tú del torneo #{id}, usa /tournament withdraw {id}: tu partida en "
    "juego se da entonces por perdida y no se te empareja más.",
    "tournament.error.organiser_only": "Solo quien organiza el torneo #{id} (o quien tiene Gestionar servidor) puede "
    "hacer eso.",
    "tournament.error.too_few": "El torneo #{id} necesita al menos {min} jugadores para empezar; hay {count} "
    "(quien juega, también quien organiza, se apunta con /tournament join {id}).",
    "tournament.error.too_few.none": "El torneo #{id} necesita al menos {min} jugadores para empezar, y aún no se "
    "ha inscrito nadie (quien juega, también quien organiza, se apunta con /tournament join {id}).",
    "tournament.error.cancelled_unpaired": "El torneo #{id} se canceló antes de su primera ronda: no tiene "
    "emparejamientos.",
    "tournament.error.not_started": "El torneo #{id} aún no ha empezado: sus rondas se emparejan cuando quien lo "
    "organiza lo empieza con /tournament start {id}.",
    "tournament.error.not_running": "El torneo #{id} no está en juego.",
    "tournament.choice": "#{id} {title}, {format} — {players}",
    "tournament.error.table_of": "La mesa #{table} es una mesa del torneo #{id}: para dejar de jugar, usa /resign "
    "en esta partida o /tournament withdraw.",
    "tournament.error.no_round": "El torneo #{id} aún no tiene ronda {round} ({paired} hasta ahora).",
    "tournament.error.no_round_over": "El torneo #{id} terminó tras {played}: no hay ronda {round}. "
    "/tournament pairings {id} round={last} muestra la última.",
    "tournament.error.no_round_cancelled": "El torneo #{id} se canceló tras {paired}: no hay ronda {round}. "
    "/tournament pairings {id} round={last} muestra la última.",
    "tournament.error.no_round_ever": "El torneo #{id} se juega a {rounds} en total: no hay ronda {round}. "
    "/tournament pairings {id} muestra la ronda en juego.",
    "tournament.error.round_from_one": "Las rondas se numeran desde 1: escribe /tournament pairings {id} round=1 "
    "(o no indiques la ronda para ver la que está en juego).",
    "count.round_paired": "ronda emparejada|rondas emparejadas",
})


# ---- lessons polished (issue 30): a wrong answer told by what it does; no ``auto`` as an answer
EN.update({
    "learn.how.typed": "Answer by typing it: /move MOVE (there are too many to list; /learn {game} hint shows "
    "how it is written). With a game in play, /move plays there: answer with /learn {game} answer MOVE.",
    "learn.no_auto": "In a lesson, choose the move yourself: '{word}' would have Mesa choose it for you. Nothing "
    "changed; answer with a move (/learn {game} hint gives a hint).",
    "learn.wrong.ends": "{move} is legal, but after it the game ends: {result}.",
    "learn.ends.wins": "Player {n} wins",
    "learn.ends.win": "Players {ns} win",
    "learn.ends.you_win": "you win, but not the way the task asks",
    "learn.ends.you_share": "you share the win, but that is not what the task asks",
    "learn.ends.draw": "a draw",
    "learn.ends.all_lose": "everyone loses",
    "learn.wrong.does": "{move} is legal, but it does not do what the task asks. What it does:{news}",
    "learn.did.captures": "You take {count}.",
    "learn.did.reveals": "It turns up a face that was hidden until then.",
    "learn.wrong.missed_does": "{missed} What it does besides:{news}",
    "learn.missed.no_capture": "{move} is legal, but it captures nothing.",
    "learn.missed.capture_elsewhere": "{move} is legal and takes {count}, but it lands on {landing}, not on "
    "{square}.",
    "learn.missed.takes_none": "{move} is legal, but it captures nothing: the task asks for {wanted}.",
    "learn.missed.takes_fewer": "{move} is legal, but it takes only {count}: the task asks for {wanted}.",
    "learn.missed.capture_left": "{move} is legal, but then your opponent could capture {count} with {reply}.",
    "learn.missed.move_left": "{move} is legal, but then your opponent could still play {reply}.",
    "learn.missed.reply_words": "{reply} ({words})",
    "learn.missed.goes_on": "{move} is legal, but the game goes on after it.",
    "learn.missed.said": " (the board would say: {words})",
    "learn.missed.move_words": "{name} {words}",
    "learn.missed.other_piece": "{move} is legal{said}, but it uses the piece on {origin}: the task is about the one "
    "on {wanted}.",
    "learn.missed.other_piece_unnamed": "{move} is legal{said}, but the piece on {origin} cannot do what the task "
    "asks.",
    "learn.missed.other_square": "{move} is legal{said} and uses the right piece, but it ends on {square}, which is "
    "not what the task asks.",
    "learn.missed.unlike": "{move} is legal{said}, but it does not do what the task asks.",
    "count.prisoner": "prisoner|prisoners",
    "learn.name": "Player {n}",
    "learn.name.you": "Player {n} (you)",
    "learn.wrong.points": "{move} is legal, but it is worth {mine} points on average on this throw; {best} is "
    "worth {top}.",
    "learn.wrong.points_best": "{move} is legal and worth {mine} points on average on this throw, as much as any "
    "choice here, but it does not do what the task asks.",
    "learn.wrong.win": "{move} is legal, but with it you win {mine} of the time from here; with {best}, {top}.",
    "learn.wrong.marks": "{move} is legal, but it gives your next throw {marks} only {mine} of the time; {best}, "
    "{top}.",
    "learn.wrong.win_best": "{move} is legal and wins {mine} of the time from here, as often as any choice, but it "
    "does not do what the task asks.",
})
ES.update({
    "learn.how.typed": "Responde escribiéndola: /move JUGADA (hay demasiadas para listarlas; /learn {game} pista "
    "muestra cómo se escribe). Si tienes una partida en juego, /move juega allí: responde con /learn {game} responder "
    "JUGADA.",
    "learn.no_auto": "En una lección, elige tú la jugada: «{word}» haría que Mesa la eligiera por ti. No ha "
    "cambiado nada; responde con una jugada (/learn {game} pista da una pista).",
    "learn.wrong.ends": "{move} es legal, pero tras ella la partida termina: {result}.",
    "learn.ends.wins": "gana el jugador {n}",
    "learn.ends.win": "ganan los jugadores {ns}",
    "learn.ends.you_win": "ganas tú, pero no como pide la tarea",
    "learn.ends.you_share": "compartes la victoria, pero no es lo que pide la tarea",
    "learn.ends.draw": "tablas",
    "learn.ends.all_lose": "pierden todos",
    "learn.wrong.does": "{move} es legal, pero no hace lo que pide la tarea. Lo que hace:{news}",
    "learn.did.captures": "Te llevas {count}.",
    "learn.did.reveals": "Deja a la vista una cara que hasta entonces estaba oculta.",
    "learn.wrong.missed_does": "{missed} Lo que hace además:{news}",
    "learn.missed.no_capture": "{move} es legal, pero no captura nada.",
    "learn.missed.capture_elsewhere": "{move} es legal y se lleva {count}, pero cae en {landing}, no en {square}.",
    "learn.missed.takes_none": "{move} es legal, pero no captura nada: la tarea pide {wanted}.",
    "learn.missed.takes_fewer": "{move} es legal, pero solo se lleva {count}: la tarea pide {wanted}.",
    "learn.missed.capture_left": "{move} es legal, pero entonces tu rival podría capturar {count} con {reply}.",
    "learn.missed.move_left": "{move} es legal, pero entonces tu rival aún podría jugar {reply}.",
    "learn.missed.reply_words": "{reply} ({words})",
    "learn.missed.goes_on": "{move} es legal, pero la partida sigue tras ella.",
    "learn.missed.said": " (el tablero diría: {words})",
    "learn.missed.move_words": "{name} {words}",
    "learn.missed.other_piece": "{move} es legal{said}, pero usa la pieza de {origin}: la tarea trata de la de "
    "{wanted}.",
    "learn.missed.other_piece_unnamed": "{move} es legal{said}, pero la pieza de {origin} no puede hacer lo que "
    "pide la tarea.",
    "learn.missed.other_square": "{move} es legal{said} y usa la pieza correcta, pero acaba en {square}, y no es lo "
    "que pide la tarea.",
    "learn.missed.unlike": "{move} es legal{said}, pero no hace lo que pide la tarea.",
    "count.prisoner": "prisionero|prisioneros",
    "learn.name": "Jugador {n}",
    "learn.name.you": "Jugador {n} (tú)",
    "learn.wrong.points": "{move} es legal, pero vale {mine} puntos de media en esta tirada; {best} vale {top}.",
    "learn.wrong.points_best": "{move} es legal y vale {mine} puntos de media en esta tirada, tanto como cualquier "
    "otra opción, pero no hace lo que pide la tarea.",
    "learn.wrong.marks": "{move} es legal, pero da {marks} a tu siguiente lanzamiento solo el {mine} de las veces; "
    "{best}, el {top}.",
    "learn.wrong.win": "{move} es legal, pero con ella ganas el {mine} de las veces desde aquí; con {best}, el "
    "{top}.",
    "learn.wrong.win_best": "{move} es legal y gana el {mine} de las veces desde aquí, como la que más, pero no "
    "hace lo que pide la tarea.",
})


# ---- a board picture in words: its alt text (tables.picture_words; Engine.view_words gives the facts)
EN.update({
    "picture.any.marks": "Ringed for this step: {marks}.",
    "picture.any.mark_of": "{player}'s {mark}",
    "picture.any.placed": "{place} {piece}",
    "picture.review.graph": "A graph of each player's chance to win, move by move up to move {last}: {lines}.",
    "picture.review.line": "{player} from {start} % to {end} %",
    "picture.review.swings": "The largest swings are marked: {swings}; the words below tell each one.",
    "picture.review.swing": "{number} at move {move}, {player} from {before} % to {after} %",
    "picture.any.replay": "An animated replay of the game in {frames} pictures; the last shows the final position.",
    "picture.kona.sides": "{capybara} plays the capybaras, {poodle} the poodles.",
    "picture.kona.single": "{square}: a {animal}.",
    "picture.kona.stack": "{square}: a stack of {height}, from the top: {pieces}.",
    "picture.kona.line_capybara": "Three or more capybaras on top in a row: {squares}.",
    "picture.kona.line_poodle": "Three or more poodles on top in a row: {squares}.",
    "picture.plateau.empty": "The board is empty.",
    "picture.plateau.key": "Stacks from the top; each piece as up face/down face where seen.",
    "picture.plateau.key_secret": "Stacks from the top; each piece as up face/down face where seen; secret: only "
    "{player} has seen it.",
    "picture.plateau.single": "{squares}: {owner}'s {faces}.",
    "picture.plateau.stack": "{square}: {owner}'s {pieces}.",
    "picture.plateau.tall": "{square}, {height} high: {owner}'s {pieces}.",
    "picture.plateau.below": "Below, {owner}'s {pieces}.",
    "picture.plateau.player_hidden": "{player} ({colour}): a hidden reserve of {pieces}; no prisoners.",
    "picture.plateau.player_hidden_prisoners": "{player} ({colour}): a hidden reserve of {pieces}; {prisoner}: "
    "{prisoners}.",
    "picture.plateau.player_listed": "{player} ({colour}): a reserve of {pieces} ({reserve}); no prisoners.",
    "picture.plateau.player_listed_prisoners": "{player} ({colour}): a reserve of {pieces} ({reserve}); {prisoner}: "
    "{prisoners}.",
    "picture.plateau.player_empty": "{player} ({colour}): no reserve left; no prisoners.",
    "picture.plateau.player_empty_prisoners": "{player} ({colour}): no reserve left; {prisoner}: {prisoners}.",
    "picture.plateau.tender": "{tenderer} tenders {prisoners} (worth {worth}); {responder} must return prisoners "
    "worth at least {least}.",
    "picture.plateau.tender_refusable": "{tenderer} tenders {prisoners} (worth {worth}); {responder} may return any "
    "or refuse.",
    "picture.plateau.refused": "A tender worth {worth} was refused: {tenderer} goes on, and a new tender must be "
    "worth more than {worth}.",
    "term.plateau.owner_Black": "Black",
    "term.plateau.owner_White": "White",
    "picture.k3.drawing": "The base row of the mountain is being drawn.",
    "picture.k3.dealing": "The pieces are being dealt.",
    "picture.k3.base_row": "Mountain, base row from a1: {pieces}.",
    "picture.k3.row": "Rank {rank}: {pieces}.",
    "picture.k3.row_from": "Rank {rank} from {start}: {pieces}.",
    "picture.k3.open": "{open_slot}: {slots}.",
    "picture.k3.no_open": "No slot is open: pieces go at either end of the base row.",
    "picture.k3.spare_white": "The spare white is set aside.",
    "picture.k3.dealt": "{player} is building with {pieces}.",
    "picture.k3.built_hidden": "{player} has built a hidden pyramid with {pieces}.",
    "picture.k3.own_pyramid": "{player}'s pyramid, seen only by you, from the top:",
    "picture.k3.pyramid_rank": "Rank {rank}: {pieces}.",
    "picture.k3.own_side": "Beside it: {side}.",
    "picture.k3.out": "{player} is out.",
    "picture.k3.player": "{player}: {pieces}; free:",
    "picture.k3.player_side": "{player}: {pieces}, {side} beside the pyramid; free:",
    "picture.k3.player_only_side": "{player}: {pieces}, none left in the pyramid; beside it: {side}.",
    "picture.k3.player_none": "{player} has no pieces left.",
    "picture.k3.free": "{spot} {piece}.",
    "picture.k3.covered": "Under {player}'s free pieces: {pieces}.",
    "term.k3.empty": "empty",
    "count.open_slot": "open slot|open slots",
    "count.k3_piece_B": "blue|blue",
    "count.k3_piece_R": "red|red",
    "count.k3_piece_K": "black|black",
    "count.k3_piece_Y": "yellow|yellow",
    "count.k3_piece_G": "green|green",
    "count.k3_piece_N": "natural|naturals",
    "count.k3_piece_W": "white|whites",
    "picture.krakatoa.throwoff": "Throw-off: each side throws one set, and the highest starts round 1.",
    "picture.krakatoa.stage": "Round {round} of 6, throw {throw} of 5.",
    "picture.krakatoa.stage_set": "Round {round} of 6, throw {throw} of 5: {set} is thrown.",
    "picture.krakatoa.bonus": "Round 6, bonus box {box} of 3.",
    "picture.krakatoa.bonus_set": "Round 6, bonus box {box} of 3: {set} is thrown.",
    "picture.krakatoa.over": "The game is over (round {round} of 6).",
    "picture.krakatoa.set": "{set}: {faces} ({class}, {points}).",
    "picture.krakatoa.changed": "Changed colour in the last throw: {dice}.",
    "picture.krakatoa.throwoff_waiting": "{side}: still to throw.",
    "picture.krakatoa.throwoff_again": "{side}: to throw again (tied).",
    "picture.krakatoa.throwoff_out": "{side}: out of the throw-off.",
    "picture.krakatoa.throwoff_threw": "{side}: {set}, {faces}, {points}.",
    "picture.krakatoa.throwoff_scored": "{side}: {points}.",
    "picture.krakatoa.throwoff_starts": "Round 1 starts with {side}.",
    "picture.krakatoa.boxes": "Bonus boxes left: {boxes} of 3.",
    "picture.krakatoa.basic": "Basic game: no bonuses.",
    "picture.krakatoa.side": "{side}: {points}.",
    "picture.krakatoa.side_next": "{side}: {points}, ×{next} on the next throw.",
    "picture.krakatoa.side_next_after": "{side}: {points}, ×{next} on the next throw and ×{after} on the one after.",
    "picture.krakatoa.side_rounds": "{side}: {points} (round by round: {rounds}).",
    "picture.krakatoa.side_rounds_next": "{side}: {points} (round by round: {rounds}), ×{next} on the next throw.",
    "picture.krakatoa.side_rounds_next_after": "{side}: {points} (round by round: {rounds}), ×{next} on the next throw "
    "and ×{after} on the one after.",
    "term.krakatoa.face_Y": "yellow",
    "term.krakatoa.face_R": "red",
    "term.krakatoa.face_B": "blue",
    "term.krakatoa.Volcano": "Volcano",
    "term.krakatoa.Deuce": "Deuce",
    "term.krakatoa.Bust": "Bust",
})
ES.update({
    "picture.any.marks": "Este paso señala con un anillo: {marks}.",
    "picture.any.mark_of": "{mark} de {player}",
    "picture.any.placed": "{place} {piece}",
    "picture.review.graph": "Un gráfico de las posibilidades de ganar de cada jugador, jugada a jugada hasta la "
    "{last}: {lines}.",
    "picture.review.line": "{player} del {start} % al {end} %",
    "picture.review.swings": "Los mayores vuelcos van marcados: {swings}; el texto de abajo cuenta cada uno.",
    "picture.review.swing": "{number} en la jugada {move}, {player} del {before} % al {after} %",
    "picture.any.replay": "Una repetición animada de la partida en {frames} imágenes; la última muestra la posición "
    "final.",
    "picture.kona.sides": "{capybara} juega con los capibaras, {poodle} con los caniches.",
    "picture.kona.single": "{square}: un {animal}.",
    "picture.kona.stack": "{square}: una pila de {height}, de arriba abajo: {pieces}.",
    "picture.kona.line_capybara": "Tres o más capibaras arriba en línea: {squares}.",
    "picture.kona.line_poodle": "Tres o más caniches arriba en línea: {squares}.",
    "picture.plateau.empty": "El tablero está vacío.",
    "picture.plateau.key": "Pilas de arriba abajo; cada pieza, cara de arriba/de abajo si se ve.",
    "picture.plateau.key_secret": "Pilas de arriba abajo; cada pieza, cara de arriba/de abajo si se ve; secreta: solo "
    "la ha visto {player}.",
    "picture.plateau.single": "{squares}: {owner}, {faces}.",
    "picture.plateau.stack": "{square}: {owner}, {pieces}.",
    "picture.plateau.tall": "{square}, {height} de alto: {owner}, {pieces}.",
    "picture.plateau.below": "Debajo, {owner}, {pieces}.",
    "picture.plateau.player_hidden": "{player} ({colour}): reserva oculta de {pieces}; ningún prisionero.",
    "picture.plateau.player_hidden_prisoners": "{player} ({colour}): reserva oculta de {pieces}; {prisoner}: "
    "{prisoners}.",
    "picture.plateau.player_listed": "{player} ({colour}): reserva de {pieces} ({reserve}); ningún prisionero.",
    "picture.plateau.player_listed_prisoners": "{player} ({colour}): reserva de {pieces} ({reserve}); {prisoner}: "
    "{prisoners}.",
    "picture.plateau.player_empty": "{player} ({colour}): sin reserva; ningún prisionero.",
    "picture.plateau.player_empty_prisoners": "{player} ({colour}): sin reserva; {prisoner}: {prisoners}.",
    "picture.plateau.tender": "{tenderer} ofrece {prisoners} (valor {worth}); {responder} debe devolver prisioneros "
    "de valor {least} o más.",
    "picture.plateau.tender_refusable": "{tenderer} ofrece {prisoners} (valor {worth}); {responder} puede devolver "
    "los que quiera o rechazarla.",
    "picture.plateau.refused": "Se rechazó una oferta de valor {worth}: {tenderer} sigue, y una nueva oferta debe "
    "valer más de {worth}.",
    "term.plateau.owner_Black": "negras",
    "term.plateau.owner_White": "blancas",
    "picture.k3.drawing": "Se está sorteando la fila de base de la montaña.",
    "picture.k3.dealing": "Se están repartiendo las piezas.",
    "picture.k3.base_row": "Montaña, fila de base desde a1: {pieces}.",
    "picture.k3.row": "Fila {rank}: {pieces}.",
    "picture.k3.row_from": "Fila {rank} desde {start}: {pieces}.",
    "picture.k3.open": "{open_slot}: {slots}.",
    "picture.k3.no_open": "No hay ningún hueco abierto: las piezas van a un extremo de la fila de base.",
    "picture.k3.spare_white": "La blanca de reserva está aparte.",
    "picture.k3.dealt": "{player} construye con {pieces}.",
    "picture.k3.built_hidden": "{player} ya construyó su pirámide, oculta, con {pieces}.",
    "picture.k3.own_pyramid": "Pirámide de {player}, que solo ves tú, de arriba abajo:",
    "picture.k3.pyramid_rank": "Fila {rank}: {pieces}.",
    "picture.k3.own_side": "Al lado: {side}.",
    "picture.k3.out": "{player} está fuera.",
    "picture.k3.player": "{player}: {pieces}; libres:",
    "picture.k3.player_side": "{player}: {pieces}, {side} al lado de la pirámide; libres:",
    "picture.k3.player_only_side": "{player}: {pieces}, ninguna en la pirámide; al lado: {side}.",
    "picture.k3.player_none": "{player} ya no tiene piezas.",
    "picture.k3.free": "{spot} {piece}.",
    "picture.k3.covered": "Tapadas de {player}: {pieces}.",
    "term.k3.empty": "vacío",
    "count.open_slot": "hueco abierto|huecos abiertos",
    "count.k3_piece_B": "azul|azules",
    "count.k3_piece_R": "roja|rojas",
    "count.k3_piece_K": "negra|negras",
    "count.k3_piece_Y": "amarilla|amarillas",
    "count.k3_piece_G": "verde|verdes",
    "count.k3_piece_N": "natural|naturales",
    "count.k3_piece_W": "blanca|blancas",
    "picture.krakatoa.throwoff": "Sorteo de quién empieza: cada uno lanza un juego, y el mejor empieza la ronda 1.",
    "picture.krakatoa.stage": "Ronda {round} de 6, lanzamiento {throw} de 5.",
    "picture.krakatoa.stage_set": "Ronda {round} de 6, lanzamiento {throw} de 5: se lanza {set}.",
    "picture.krakatoa.bonus": "Ronda 6, caja de bonificación {box} de 3.",
    "picture.krakatoa.bonus_set": "Ronda 6, caja de bonificación {box} de 3: se lanza {set}.",
    "picture.krakatoa.over": "La partida ha terminado (ronda {round} de 6).",
    "picture.krakatoa.set": "{set}: {faces} ({class}, {points}).",
    "picture.krakatoa.changed": "Cambiaron de color en el último lanzamiento: {dice}.",
    "picture.krakatoa.throwoff_waiting": "{side}: aún por lanzar.",
    "picture.krakatoa.throwoff_again": "{side}: otra vez a lanzar (empate).",
    "picture.krakatoa.throwoff_out": "{side}: fuera del sorteo.",
    "picture.krakatoa.throwoff_threw": "{side}: {set}, {faces}, {points}.",
    "picture.krakatoa.throwoff_scored": "{side}: {points}.",
    "picture.krakatoa.throwoff_starts": "La ronda 1 empieza con {side}.",
    "picture.krakatoa.boxes": "Cajas de bonificación que quedan: {boxes} de 3.",
    "picture.krakatoa.basic": "Juego básico: sin bonificaciones.",
    "picture.krakatoa.side": "{side}: {points}.",
    "picture.krakatoa.side_next": "{side}: {points}, ×{next} en el siguiente lanzamiento.",
    "picture.krakatoa.side_next_after": "{side}: {points}, ×{next} en el siguiente lanzamiento y ×{after} en el de "
    "después.",
    "picture.krakatoa.side_rounds": "{side}: {points} (ronda a ronda: {rounds}).",
    "picture.krakatoa.side_rounds_next": "{side}: {points} (ronda a ronda: {rounds}), ×{next} en el siguiente "
    "lanzamiento.",
    "picture.krakatoa.side_rounds_next_after": "{side}: {points} (ronda a ronda: {rounds}), ×{next} en el siguiente "
    "lanzamiento y ×{after} en el de después.",
    "term.krakatoa.face_Y": "amarillo",
    "term.krakatoa.face_R": "rojo",
    "term.krakatoa.face_B": "azul",
    "term.krakatoa.Volcano": "Volcán",
    "term.krakatoa.Deuce": "Doble",
    "term.krakatoa.Bust": "Nada",
})


def _plateau_faces(face: dict[str, str], secret: str, unseen: str) -> dict[str, str]:
    """Plateau's pieces as a picture's words say them (``term.plateau.faces_<up><down>``, ``Engine.view_words``):
    each face by its mark in the view notation (PL-10.3), upper case public, lower case seen by the reader alone
    (``secret``), ``?`` unseen; an unseen down face under a known up face is left unsaid ("red")."""
    def said(mark: str) -> str:
        return unseen if mark == "?" else secret.format(face=face[mark]) if mark.islower() else face[mark.lower()]

    marks = [*"RBOX", *"rbox", "?"]
    return {f"term.plateau.faces_{up}{down}": said(up) if down == "?" and up != "?" else
            unseen if up == down == "?" else f"{said(up)}/{said(down)}" for up in marks for down in marks}


EN.update(_plateau_faces({"r": "red", "b": "blue", "o": "orange", "x": "blank"}, "secret {face}", "unseen"))
ES.update(_plateau_faces({"r": "roja", "b": "azul", "o": "naranja", "x": "en blanco"}, "{face} secreta", "oculta"))
