"""The console's ``/games [en|es]`` (issue 28): the caller's tables, whose turn and until when, what waits for
their answer, the tournaments and lessons they are in, and the server's open tables and tournaments they could
join, in English or, with ``es``, in Spanish (as Discord's ``/games`` follows its reader's language).

The service says the tournaments, damaged tables and lessons in either language (``tables.i18n``); the rest,
the lines in the console's own form, is worded here in both.
"""

from __future__ import annotations

from console_areas.common import GUILD_ID, Terminal
from tables import TableSummary, said
from tables.durations import format_duration
from tables.i18n import Names, with_levels_in
from tables.queries import CANCEL_ASKED, DRAW_ASKED, TAKEBACK_ASKED

#: the languages ``/games`` is said in (``/games es``)
LANGS = ("en", "es")

#: ``/games``'s own words in each language; ``{names}`` a list of people said in that language
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "none": "You have no active games; start one with /play GAME @NAME, or /play GAME @mesa to play the "
                "computer",
        "your_turn": "your turn",
        "to_move": "{names} to move",
        "your_build": "build your pyramid (/build)",
        "their_build": "waiting for {names} to build",
        "invited": "invited: answer with /accept or /decline",
        "invited_waiting": "invited, waiting for {names}",
        "open_host": "open to anyone (/join {table}); start it with /start once everyone is in (/start fill=mesa: "
                     "Mesa takes the empty seats)",
        "open_waiting": "open to anyone (/join {table}), waiting for {host} to start it",
        "open": "open to anyone (/join {table})",
        "deadline": ", deadline {moment} ({left} left)",
        "deadline_up": ", deadline {moment} (time is up)",
        "closes": ", closes {moment} ({left} left)",
        "closes_up": ", closes {moment} (time is up)",
        "joinable": "Open tables you can join:",
        "free": "{count} seat free",
        "free_many": "{count} seats free",
        "tournaments": "Tournaments open for entries:",
        f"asked.{DRAW_ASKED}": "; {name} offers a draw (/draw accepts it, /decline-draw refuses it)",
        f"asked.{TAKEBACK_ASKED}": "; {name} asks to take back a move (/takeback accept or /takeback decline)",
        f"asked.{CANCEL_ASKED}": "; {name} asks to cancel the table (/abort agrees)",
        f"own.{DRAW_ASKED}": "; your draw offer awaits an answer",
        f"own.{TAKEBACK_ASKED}": "; your takeback request awaits an answer",
        f"own.{CANCEL_ASKED}": "; you asked to cancel the table",
        "status.invited": "invited",
        "status.active": "in play",
        "out.resign": "you resigned: your moves are made automatically while the others play on",
        "out.time": "you ran out of time and are out: your moves are made automatically while the others play on",
        "out.forfeit": "you left the tournament and are out: your moves are made automatically while the others "
                       "play on",
        "out.partner": "you are out with your partner: your moves are made automatically while the others play on",
        "out.eliminated": "you are out: none of your pieces could be played when your turn came; the others play on",
        "out.away": "you ran out of time again and again: your turns are played as they come until you use /move "
                    "again",
        "out.then": "{out}; {turn}",
    },
    "es": {
        "none": "No tienes ninguna partida en juego; empieza una con /play JUEGO @NOMBRE, o /play JUEGO @mesa para "
                "jugar contra el ordenador",
        "your_turn": "te toca",
        "to_move": "le toca a {names}",
        "your_build": "monta tu pirámide (/build)",
        "their_build": "esperando a que {names} monte su pirámide",
        "invited": "invitación: responde con /accept o /decline",
        "invited_waiting": "invitación, esperando a {names}",
        "open_host": "abierta a todos (/join {table}); empiézala con /start cuando estén todos (/start fill=mesa: "
                     "Mesa ocupa los asientos vacíos)",
        "open_waiting": "abierta a todos (/join {table}), esperando a que {host} la empiece",
        "open": "abierta a todos (/join {table})",
        "deadline": ", plazo {moment} (quedan {left})",
        "deadline_up": ", plazo {moment} (se acabó el tiempo)",
        "closes": ", se cierra {moment} (quedan {left})",
        "closes_up": ", se cierra {moment} (se acabó el tiempo)",
        "joinable": "Mesas abiertas en las que puedes sentarte:",
        "free": "{count} asiento libre",
        "free_many": "{count} asientos libres",
        "tournaments": "Torneos con inscripción abierta:",
        f"asked.{DRAW_ASKED}": "; {name} ofrece tablas (/draw las acepta, /decline-draw las rechaza)",
        f"asked.{TAKEBACK_ASKED}": "; {name} pide deshacer una jugada (/takeback accept o /takeback decline)",
        f"asked.{CANCEL_ASKED}": "; {name} pide cancelar la mesa (/abort lo acepta)",
        f"own.{DRAW_ASKED}": "; tu oferta de tablas espera respuesta",
        f"own.{TAKEBACK_ASKED}": "; tu petición de deshacer espera respuesta",
        f"own.{CANCEL_ASKED}": "; pediste cancelar la mesa",
        "status.invited": "invitación",
        "status.active": "en juego",
        "out.resign": "abandonaste: tus jugadas se hacen solas mientras los demás siguen jugando",
        "out.time": "se te acabó el tiempo y quedaste fuera: tus jugadas se hacen solas mientras los demás siguen "
                    "jugando",
        "out.forfeit": "dejaste el torneo y quedaste fuera: tus jugadas se hacen solas mientras los demás siguen "
                       "jugando",
        "out.partner": "quedaste fuera con tu equipo: tus jugadas se hacen solas mientras los demás siguen jugando",
        "out.eliminated": "estás fuera: no podías jugar ninguna de tus piezas cuando te tocó; los demás siguen "
                          "jugando",
        "out.away": "se te acabó el tiempo una y otra vez: tus turnos se juegan solos en cuanto llegan, hasta que "
                    "vuelvas a usar /move",
        "out.then": "{out}; {turn}",
    },
}


class Listing:
    """``/games``: what the caller has going on in the pretend server, and what they could join."""

    def __init__(self, console: Terminal) -> None:
        self.console = console

    async def games(self, name: str, uid: int, lang: str) -> None:
        """Print the caller's ``/games`` privately (``[dm NAME]``), in ``lang``."""
        service, words, dm = self.console.service, WORDS[lang], f"[dm {name}]"

        def write(line: str) -> None:  # Mesa's seats named in the reader's language ("Mesa (fácil)"), and the
            self.console.lines(dm, with_levels_in(line, lang), lang=lang)  # commands

        listing = await service.listing(uid, GUILD_ID, joinable=True)
        tables = listing.tables
        # a round sat out, an event open for entries one entered or organises, one running that one organises: no
        # table of theirs, but not nothing to wait for
        tours = await service.tournament_lists.in_games(GUILD_ID, uid)
        lesson = await service.lessons.for_games(uid)  # a course left halfway: where it is, how to go on
        if not tables and not tours.said and not listing.damaged:
            write(f"{words['none']}")
        for phrase in tours.said:
            write(f"{said(phrase, lang)}")
        for s in tables:
            asks = "".join(words[f"own.{a.kind}"] if a.user_id == uid else words[f"asked.{a.kind}"].format(name=a.name)
                           for a in s.asks)
            write(f"#{s.table_id} {s.title}: {' · '.join(s.players)} — {self._turn(s, uid, lang)}"
                               f"{self._when(s, lang)}{asks}")
        for damaged in listing.damaged:  # a game that cannot be read is said, not left out as if lost
            write(f"{said(damaged.phrase(), lang)}")
        if lesson is not None:
            write(f"{said(lesson, lang)}")
        if listing.joinable:  # the server's open tables with a free seat: games waiting for someone to sit down
            write(f"{words['joinable']}")
        for s in listing.joinable:
            free = words["free" if s.room == 1 else "free_many"].format(count=s.room)
            write(f"#{s.table_id} {s.title}: {' · '.join(s.players)} — {free} (/join {s.table_id})"
                               f"{self._when(s, lang)}")
        if tours.joinable:  # events open for entries with a place left
            write(f"{words['tournaments']}")
        for entry in tours.joinable:
            write(f"{said(entry.phrase, lang)}")

    @staticmethod
    def _turn(s: TableSummary, uid: int, lang: str) -> str:
        """Whose move it is at a listed table, or (not started) what it waits for; to a player who no longer
        chooses their moves there (gone, out by the rules, away), first that and why."""
        how, turn = s.how_out(uid), Listing._to_move(s, uid, lang)
        return turn if how is None else WORDS[lang]["out.then"].format(out=WORDS[lang][f"out.{how}"], turn=turn)

    @staticmethod
    def _to_move(s: TableSummary, uid: int, lang: str) -> str:
        """Whose move it is at a listed table, or (not started) what it waits for."""
        words, players = WORDS[lang], said(Names(s.turn), lang)
        if s.building:  # K3's pyramids: a build, not a move
            return words["your_build"] if uid in s.turn_user_ids else words["their_build"].format(names=players)
        if uid in s.turn_user_ids:
            return words["your_turn"]
        return words["to_move"].format(names=players) if s.turn else Listing._waiting_for(s, uid, lang)

    def _when(self, s: TableSummary, lang: str) -> str:
        """A listed table's deadline, or when a waiting one closes: the moment, and the time left as Discord's
        ``/games`` says it ("in 11 hours")."""
        out = ""
        for word, moment in (("deadline", s.deadline), ("closes", s.closes)):
            if moment:
                left = (moment - self.console.clock.now()).total_seconds()
                key = word if left > 0 else f"{word}_up"
                out += WORDS[lang][key].format(moment=moment.strftime("%Y-%m-%d %H:%M UTC"),
                                               left=format_duration(left, up=True))
        return out

    @staticmethod
    def _waiting_for(s: TableSummary, uid: int, lang: str) -> str:
        """A table not started, as ``/games`` says it: the reader's answer awaited, or whose, or open to anyone."""
        words = WORDS[lang]
        if uid in s.unanswered:
            return words["invited"]
        names = s.unanswered_names()
        if names:
            return words["invited_waiting"].format(names=said(Names(names), lang))
        if s.status != "open":
            return words.get(f"status.{s.status}", s.status)
        host = s.host_name()
        if uid == s.host_id:  # the host starts it, with Mesa in the empty seats if they like
            return words["open_host"].format(table=s.table_id)
        return words["open_waiting"].format(table=s.table_id, host=host) if host else \
            words["open"].format(table=s.table_id)
