"""The offline console: play every game in a terminal as several named users (docs/architecture.md, console.py).

Each input line is ``NAME: COMMAND``; the console acts as user NAME (a stable fake id per name) in
one pretend server and prints what a Discord server would show:

    [#3] public post of table 3 (image: console-out/t3-v5.png)
    [dm Ana] a private message for Ana only
    [error Ben] why Ben's command was refused

Commands mirror the slash commands: ``/play GAME @NAME... [option=value...]``, ``/accept``,
``/decline``, ``/join [TABLE]``, ``/start``, ``/leave``, ``/abort``, ``/move TEXT``, ``/auto`` (console
only: what a time-out plays — Mesa's easy level from the seat's view, Krakatoa's auto, K3's sensible build),
``/build [STYLE]`` (a proposed move where moves are too many to list: K3's builds), ``/moves``,
``/resign``, ``/draw``, ``/decline-draw``, ``/rematch [TABLE]``, ``/board``,
``/history [@NAME] [GAME]`` (``table=N [notation]``: that table's moves in words, or as recorded),
``/leaderboard GAME [PAGE]``, ``/stats [@NAME]``, ``/replay [TABLE]``, ``/review [TABLE] [es]`` (issue 32: Mesa's
review of a finished game, its picture written to the out folder),
``/recompute``, ``/games [es]``, ``/rules GAME``, ``/mine``, ``/clock +DURATION`` (console only: move the
pretend clock forward, then run the deadline check), ``/hint``, ``/takeback [accept|decline]``,
``/learn [GAME [restart|STEP|hint|answer MOVE]]`` (issue 30; with no table, ``/move`` and ``/moves`` answer the
open lesson)
and ``/help``.  A command applies to NAME's only
table in the server; ``table=N`` picks one otherwise.

Mesa, the computer player (``tables.mesa``): ``/play kona @mesa level=hard``, ``/play k3 @Ben bots=2
level=normal``, and for an open table ``/start fill=mesa [level=L]`` or ``/fill [level=L]``.  Mesa's
moves follow each board at once (``--mesa-iterations N``: a fixed search size, repeatable with ``--seed``).

Run ``python console.py [--db PATH] [--out DIR] [--no-images] [--seed N] [--positions] [--lang es]`` (or ``python
bot.py --console``); lines come from the terminal, or from standard input when it is piped.  ``--positions`` prints
each board's position in the games' notation under it (``position: …``), for developers; ``--lang es``: the pretend
server and its users speak Spanish (the console's own words: ``console_areas/texts.py``).

``Console`` here reads the lines, chooses the table a command means, plays and prints; the lessons, tournaments,
results and reviews are its areas, in ``console_areas/`` (each given the console as a ``Terminal`` to print
through), as the Discord side has its cogs.
"""

from __future__ import annotations

import argparse
import asyncio
import difflib
import logging
import os
import random
import re
import shlex
import sys
import tempfile
import time
import zlib
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

from console_areas.common import CHANNEL_ID, GUILD_ID, LANG, shown, table_number, variant_options
from console_areas.lessons import LESSON_NOT_A_TABLE, LESSON_WORDS, NO_TABLE_OR_LESSON, Lessons
from console_areas.listing import LANGS as GAMES_LANGS
from console_areas.listing import Listing
from console_areas.results import Results
from console_areas.spanish import SPANISH_COMMANDS, in_english, named_in_spanish, plain, refusal_in_spanish
from console_areas.spanish_advice import in_spanish_names
from console_areas.texts import (
    CONSOLE_LANGS,
    CONSOLE_TEXTS,
    HINTS,
    SAID_TO_SPANISH_LEARNERS,
    console_line,
    console_text,
)
from console_areas.tournaments import Tournaments
from tables import (
    Message,
    MovePlayed,
    PrivatePost,
    PublicPost,
    Reminder,
    TableError,
    TableService,
    TableSummary,
    follow_mesa,
    mesa_tables,
    picker,
    redact,
    redact_text,
    said,
    t,
)
from tables.durations import parse_duration
from tables.errors import CannotOpen
from tables.games import auto_styles, game_names, games, group_game_names, known_game
from tables.i18n import Names, Own, Phrase, Sentences
from tables.logs import setup_logging
from tables.mesa import NAME as MESA
from tables.mesa import reads_as_mesa
from tables.move_choices import LegalMoves
from tables.outbox import RESULT, REVIEW, TournamentPost
from tables.service import open_service
from tables.thinking import Thinker, iterations

#: the Discord locale the console's pretend server and its users have in each language it speaks (``--lang``)
LOCALES = {"en": "en-US", "es": "es-ES"}
#: /moves: a lesson's list, up to this many on one line, else pages of this many grouped by how they start
SHORT_MOVE_LIST = 30
#: /moves: a table's list, up to this many one a line with what each does, else grouped by how they start, with
#: what each group's moves share
FEW_MOVES = 8
#: moves ``/moves TEXT`` lists at most: as many as Discord's ``/move`` suggests
MAX_SUGGESTED = picker.MAX_CHOICES
MOVES_PER_PAGE = 120
#: the longest input line, a name (Discord's display names), one /clock step
MAX_LINE = 1000
MAX_NAME = 32
#: the lines a Spanish console prints as they are written: its help (each command by both names) and the rules
AS_WRITTEN = ("[help]", "[rules]")
MAX_CLOCK_STEP = 366 * 86400

HELP = """Commands (write them as NAME: COMMAND):
  /play GAME @NAME... [option=value...]   games: {games}
  /accept  /decline  /join [TABLE]  /start  /leave  /abort
  /move TEXT   /auto (what a time-out plays for you: Mesa's easy move, Krakatoa's auto)   /build [STYLE] ({styles})
  /moves [PAGE|TEXT] (TEXT: the moves matching it, with what each does)   /mine   /board
  /history [@NAME] [GAME] (table=N [notation]: that table's moves)
  /leaderboard GAME [PAGE]   /stats [@NAME] (@mesa: the computer's record)   /replay [TABLE]   /review [TABLE] [en|es]
  /recompute   /resign  /draw  /decline-draw  /rematch [TABLE]  /games [en|es]  /rules GAME [full] [en|es]
  /clock +DURATION  /help [en|es]  /settings (Discord's, for a server's managers: what they set, and a table's own)
Mesa (the computer): /play GAME @mesa [level=easy|normal|hard]   /play GAME @NAME bots=N [level=L]
  /start fill=mesa [level=L]   /fill [level=L] (Mesa takes an open table's empty seats and the game starts)
Learning: /hint (Mesa's move for you and why, not played; unrated games against Mesa)
  /takeback (take back your last move and the reply; two-player games without chance)
  /takeback accept   /takeback decline (answer your opponent's request)
  /learn (the lessons: a short course per game, private, no table)   /learn GAME [restart|STEP]
  /learn GAME answer MOVE (answer the lesson's task)   /learn GAME hint (the step's hint)
  /move MOVE and /moves with no table: answer the open lesson (the course you last opened), list its moves
  /learn GAME es (the lessons in Spanish from now on; en: English)
Tournaments: /tournament create GAME format=round-robin|swiss [rounds=N] [double=true] [time_per_move=3d]
    [rated=true|false] [max_players=N] [mesa_fills=true] [game options]
  /tournament join [N]  leave [N]  start [N]  standings [N]  pairings [N] [round=R]  withdraw [N]  cancel [N]
  /tournament remove @NAME [N] (the organiser takes a player off)
Add table=N when you have several tables (/abort, /resign, /board... also take the number alone: /resign 2).
Spanish names work too, as a Spanish Discord shows them (/jugar, /mover, /abandonar, /torneo apuntarse,
  asiento=primero; /help es lists them); a command named in Spanish is refused in Spanish, and /partidas, /ayuda,
  /reglas, /revision, /pista, /deshacer and /aprender answer in Spanish.
/help es: this help in Spanish.  python console.py --lang es: the whole console in Spanish."""

#: ``/help es``: the same help in Spanish, with each command's Spanish name (``console_areas.spanish``)
HELP_ES = """Órdenes (escríbelas como NOMBRE: ORDEN):
  cada una con su nombre inglés o con el español que muestra Discord en español, entre paréntesis
  /play JUEGO @NOMBRE... [opción=valor...] (/jugar)   juegos: {games}
  /accept (/aceptar)  /decline (/rechazar)  /join [MESA] (/unirme)  /start (/empezar)  /leave (/salir)
  /abort (/cancelar)
  /move JUGADA (/mover)   /auto (lo que se juega por ti si se te acaba el tiempo: la jugada fácil de Mesa, el auto de
  Krakatoa)   /build [ESTILO] (/montar; {styles})
  /moves [PÁGINA|TEXTO] (/jugadas: las tuyas; con TEXTO, las que coinciden y qué hace cada una)
  /mine (/mis-piezas: tus piezas)   /board (/tablero)
  /history [@NOMBRE] [JUEGO] (/historial; table=N [notation]: las jugadas de esa mesa)   /leaderboard JUEGO [PÁGINA]
  (/clasificacion)   /stats [@NOMBRE] (/estadisticas; @mesa: el historial de la máquina)   /replay [MESA] (/repeticion)
  /review [MESA] [en|es] (/revision: la revisión de Mesa)   /recompute (/recalcular)
  /resign (/abandonar)   /draw (/tablas; /tablas aceptar o /aceptar-tablas: solo si hay unas ofrecidas)
  /decline-draw (/rechazar-tablas)   /rematch [MESA] (/revancha)
  /games [en|es] (/partidas: tus mesas)   /rules JUEGO [full] [en|es] (/reglas JUEGO [completas])
  /clock +DURACIÓN (/reloj: adelanta el reloj)   /help [en|es] (/ayuda)
  /settings (/ajustes: son de Discord, para quien gestiona el servidor; aquí, cada mesa lleva sus opciones)
Mesa (el ordenador): /play JUEGO @mesa [level=easy|normal|hard]   /play JUEGO @NOMBRE bots=N [level=NIVEL]
  /start fill=mesa [level=NIVEL]   /fill [level=NIVEL] (/completar: Mesa ocupa los asientos vacíos de una mesa abierta
  y la partida empieza)
Aprender: /hint (/pista: la jugada de Mesa para ti y por qué, sin jugarla; partidas sin puntuar contra Mesa)
  /takeback (/deshacer tu última jugada y la respuesta; juegos de dos sin azar)
  /takeback accept   /takeback decline (/deshacer aceptar, /deshacer rechazar: responder a la petición de tu rival)
  /learn (/aprender: lecciones, un curso corto por juego, en privado, sin mesa)   /learn JUEGO [reiniciar|PASO]
  /learn JUEGO responder JUGADA (responder a la tarea de la lección)   /learn JUEGO pista (la pista del paso)
  /move JUGADA y /moves sin mesa: responden a la lección abierta (el último curso que abriste), listan sus jugadas
  /aprender JUEGO: las lecciones en español (/learn JUEGO en: en inglés)
Torneos: /tournament create JUEGO format=round-robin|swiss [rounds=N] [double=true] [time_per_move=3d]
    [rated=true|false] [max_players=N] [mesa_fills=true] [opciones del juego]   (/torneo crear)
  /tournament join [N] (apuntarse)  leave [N] (borrarse)  start [N] (empezar)  standings [N] (clasificacion)
  pairings [N] [round=R] (emparejamientos)  withdraw [N] (retirarse)  cancel [N] (cancelar)
  /tournament remove @NOMBRE [N] (quitar: quien organiza quita a alguien)
Las opciones, también con sus nombres de Discord en español: juego:, rival:, asiento=primero|segundo|al_azar,
  puntuada=sí|no, tiempo_por_jugada=, nivel=fácil|normal|difícil, mesa=N; en los torneos formato=suizo|liga, rondas=,
  doble=, max_jugadores=, mesa_completa=, ronda=.
Añade table=N (o mesa=N) cuando tengas varias mesas (/abort, /resign, /board... aceptan también el número solo:
  /resign 2). Una orden escrita en español se rechaza en español, y /partidas, /ayuda, /reglas, /revision, /pista,
  /deshacer y /aprender responden en español.
/help en: esta ayuda en inglés.  python console.py --lang es: toda la consola en español."""


def help_text(lang: str = "en") -> str:
    """HELP (or HELP_ES) with the games and their auto styles from the registry (``K3: sensible or random``)."""
    joiner = " o " if lang == "es" else " or "
    styles = "; ".join(f"{title}: {joiner.join(names)}" for title, names in auto_styles().items())
    return (HELP_ES if lang == "es" else HELP).format(games=", ".join(games()), styles=styles or "-")


#: the commands about seats at a table (``Console._seating``)
SEATING_VERBS = frozenset({"play", "accept", "decline", "join", "start", "fill", "leave", "abort", "rematch"})
#: the commands that act at one table and take no other word: a lone number is that table ("/abort 2" is
#: "/abort table=2"); any other word is refused, never ignored (it had cancelled or resigned another table)
TABLE_VERBS = frozenset({"accept", "decline", "leave", "abort", "resign", "draw", "accept-draw", "decline-draw",
                         "decline_draw", "mine", "board", "hint", "auto"})
#: what Discord's /draw offers besides: ``/draw offer`` is /draw, ``/draw accept`` accepts only an offer standing,
#: ``/draw decline`` is /decline-draw
DRAW_WORDS = {"offer": "draw", "accept": "accept-draw", "decline": "decline-draw"}
#: every command's name, for "did you mean /play?" after a slip of the keyboard
COMMANDS = ("play", "accept", "decline", "join", "start", "fill", "leave", "abort", "rematch", "move", "build",
            "auto", "moves", "resign", "draw", "decline-draw", "hint", "takeback", "learn", "help", "board", "history",
            "leaderboard", "stats", "replay", "recompute", "review", "games", "rules", "mine", "clock", "tournament",
            "settings", *SPANISH_COMMANDS)
#: /takeback's words, and Spanish Discord's for its choices (``/deshacer aceptar``)
TAKEBACK_WORDS = {"ask": "ask", "accept": "accept", "decline": "decline",
                  "pedir": "ask", "aceptar": "accept", "rechazar": "decline"}


def _take_table_option(command: str) -> tuple[int | None, str]:
    """``table=N`` (once at most) taken out of ``command``: (N or None, the command without it)."""
    matches = list(re.finditer(r"(?:^|\s)table=#?(\S*)(?=\s|$)", command))
    if len(matches) > 1:
        raise TableError("console.option_twice", option="table")
    if not matches:
        return None, command
    match = matches[0]
    return table_number(match.group(1)), (command[: match.start()] + command[match.end():]).strip()


def _table_word(verb: str, rest: str, table: int | None) -> int | None:
    """A command of ``TABLE_VERBS``: the table a lone number names (``/abort 2``, ``/resign #2``), else the
    ``table=N`` given; a word it does not take is refused, saying how to name a table."""
    if not rest:
        return table
    if table is None and re.fullmatch(r"#?[0-9]{1,18}", rest):
        return table_number(rest, f"/{verb} N")
    key = "console.start_words" if verb in ("start", "fill") else "console.stray_words"
    raise TableError(key, verb=verb, words=shown(rest))


def _table_among_words(verb: str, rest: str, table: int | None) -> tuple[int | None, str]:
    """A command that takes words besides a table (``/build random 2``, ``/takeback accept 2``): the one number
    among them names the table, as ``/resign 2`` does, unless ``table=N`` did; (the table, the other words)."""
    words = rest.split()
    numbers = [w for w in words if re.fullmatch(r"#?[0-9]{1,18}", w)]
    if table is not None or len(numbers) != 1:
        return table, rest
    words.remove(numbers[0])
    return table_number(numbers[0], f"/{verb} N"), " ".join(words)


def user_id_for(name: str) -> int:
    """A stable fake id for a console name (case-insensitive)."""
    return 1_000_000 + zlib.crc32(name.strip().lower().encode())


class PretendClock:
    """A clock that only moves when told (``/clock +3d``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or datetime.now(UTC).replace(microsecond=0)

    def now(self) -> datetime:
        return self.moment

    def advance(self, seconds: int) -> None:
        self.moment += timedelta(seconds=seconds)


def rules_text(rest: str, lang: str = LANG) -> str:
    """``/rules GAME [full] [LANG]``: the quick-start, or with ``full`` the players' whole rules
    (``docs/rules/``, the same texts Discord shows), in the language named (``en``, ``es``), else in ``lang``."""
    from tables import rules_text

    words = rest.lower().split()
    full = "full" in words
    langs = [w for w in words if w in ("en", "es")]
    named = [w for w in words if w != "full" and w not in langs]
    if len(named) != 1:
        raise TableError("console.rules_usage", games=", ".join(game_names()))
    game = known_game(named[0][:40])  # a slip of the keyboard is answered with the game meant
    if full:  # as a player reads them here: each picture a line with its file to open (markdown draws none)
        text, pictures = rules_text.for_reading(game, langs[0] if langs else lang)
        lines, seen = [], 0
        for line in text.splitlines():
            lines.append(line)
            if seen < len(pictures) and line.startswith("*") and line.split(":", 1)[0].endswith(f" {seen + 1}"):
                lines[-1] = f"{line} ({console_line('image', lang)}: {_shown_path(pictures[seen])})"
                seen += 1
        return "\n".join(lines)
    return rules_text.quickstart(game, langs[0] if langs else lang, front="console")  # the console's own words


def _shown_path(path: Path) -> str:
    """A file of the project as the console names it: from the folder it runs in when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def warn_on_stderr(line: str) -> None:
    print(line, file=sys.stderr)


def no_images_line(folder: Path, exc: OSError) -> str:
    """The one line said when board images cannot be written to ``folder``."""
    why = exc.strerror or type(exc).__name__
    return (f"warning: board images cannot be written to {folder} ({why}); playing on without images "
            f"(--out DIR picks another folder, --no-images turns them off)")


def unwritable(folder: Path) -> OSError | None:
    """Why images cannot be written to ``folder`` (created if missing), or None when they can.

    Tried by writing, not by asking ``os.access``: a root user passes every access check, and a
    folder under ``/proc`` cannot be made whatever the permissions say.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".mesa-probe-"):
            pass
    except OSError as exc:
        return exc
    return None


def _pages(groups: list[tuple[str, list[str]]]) -> list[list[tuple[str, list[str]]]]:
    """``/moves``' pages: whole groups, as many as fit in ``MOVES_PER_PAGE`` moves (a bigger group alone)."""
    book: list[list[tuple[str, list[str]]]] = [[]]
    for group in groups:
        if book[-1] and sum(len(members) for _, members in book[-1]) + len(group[1]) > MOVES_PER_PAGE:
            book.append([])
        book[-1].append(group)
    return book


class Console:
    def __init__(self, service: TableService, clock: PretendClock, out_dir: Path | None,
                 write: Callable[[str], None], warn: Callable[[str], None] = warn_on_stderr,
                 positions: bool = False, describe: bool = False, lang: str = LANG) -> None:
        self.service = service
        #: the language the pretend server and its users speak (``--lang``): every post, refusal and picture
        self.lang = lang
        self.positions = positions  # --positions: each board's position in notation, for developers
        self.describe = describe  # --describe: each board's picture in words (its alt text on Discord)
        self.clock = clock
        self.out_dir = out_dir
        #: what the console prints; a Spanish console's lines name commands by their Spanish names, as a Spanish
        #: Discord shows them (``console_areas/spanish_advice.py``), all but the help's and the rules' (the help
        #: lists both names; the rules are the documents as written)
        self.write = write if lang != "es" else lambda line: write(
            line if line.startswith(AS_WRITTEN) else in_spanish_names(line, self.echoed))
        #: the commands the line being answered names as typed: said back as typed, never renamed, in what answers
        #: its user ("/help lleva en o es", "No se puede jugar /resign": their own words); a post for everyone
        #: names commands as a Spanish Discord lists them, whatever the line that caused it typed (Ben's
        #: ``/accept`` does not make Cy's "Responde con /aceptar" English)
        self.typed: frozenset[str] = frozenset()
        self.echoed: frozenset[str] = frozenset()  # ``typed`` while a refusal to its user is written, else empty
        self.warn = warn  # what goes to standard error: a folder that cannot take images
        self.names: dict[int, str] = {}
        self._images = 0
        self._shown: list[Message] = []  # what the current command showed: its boards say whether Mesa acts next
        # the console's areas, each a feature's commands (console_areas/, as cogs/ has them on Discord)
        self.lessons = Lessons(self)  # issue 30: /learn, and the language each learner reads the lessons in
        self.tournaments = Tournaments(self)  # issue 31: /tournament, and the announcements printed
        self.results = Results(self)  # issues 9 and 32: /history, /leaderboard, /stats, /replay, /review
        self.listing = Listing(self)  # /games, in English or Spanish
        self.build_rng: random.Random | None = None  # /build's shuffles: seeded by --seed (``run``)
        #: this session's name and its input line's number name each move submitted (issue 29: exactly once)
        self.session = f"{time.time_ns():x}.{os.getpid()}"
        self.line_number = 0

    # ---- output -----------------------------------------------------------------------------
    def save_image(self, image: bytes | None, stem: str) -> str:
        return self.save_file(image, f"{stem}.png") if image else ""

    def lines(self, prefix: str, text: str, suffix: str = "", lang: str | None = None) -> None:
        if lang == "es" and self.lang != "es":  # said in Spanish in an English console: as a Spanish Discord names
            text = in_spanish_names(text, self.echoed)  # the commands (a Spanish console renames its lines as written)
        rows = text.split("\n")
        rows[-1] += suffix
        for row in rows:
            self.write(f"{prefix} {row}")

    def show(self, messages: Iterable[Message]) -> None:
        for m in messages:
            self._shown.append(m)
            if isinstance(m, PublicPost):
                prefix = f"[#{m.table_id}]"
                self.lines(prefix, t(m.key, self.lang, **m.params),
                           self.save_image(m.image, f"t{m.table_id}-v{m.version}"))
                if self.positions and m.kind == "board" and m.params.get("position"):
                    self.write(f"{prefix}   {console_line('position', self.lang)}: {m.params['position']}")
                self.described(prefix, m.alt)
                if m.components_hint in HINTS[self.lang]:
                    self.write(f"{prefix}   {HINTS[self.lang][m.components_hint]}")
                elif m.kind == RESULT:  # Discord's Rematch and Review buttons under a result
                    after = "after_result" if REVIEW in m.offers else "after_result_no_review"
                    self.write(f"{prefix}   {console_line(after, self.lang, table=m.table_id)}")
            elif isinstance(m, PrivatePost):
                who = self.names.get(m.user_id, str(m.user_id))
                self.lines(f"[dm {who}]", t(m.key, self.lang, **m.params),
                            self.save_image(m.image, f"t{m.table_id}-dm-{who.lower()}"))
                # for developers, as under the boards (a view without a picture says its position already)
                if self.positions and m.params.get("position") and m.key == "private.view":
                    self.write(f"[dm {who}]   {console_line('position', self.lang)}: {m.params['position']}")
                self.described(f"[dm {who}]", m.alt)
            elif isinstance(m, Reminder):
                who = self.names.get(m.user_id, str(m.user_id))
                self.lines(f"[dm {who}]", t(m.key, self.lang, **m.params))
            elif isinstance(m, TournamentPost):  # a tournament's channel post (issue 31)
                self.lines(f"[tournament #{m.tournament_id}]", t(m.key, self.lang, **m.params))
                if m.announces is not None:  # confirmed once printed; till then the sweep repeats it
                    self.tournaments.printed.append(m)
                if m.mention:
                    self.write(f"[tournament #{m.tournament_id}]   {console_line('for', self.lang)}: "
                               + ", ".join(self.names.get(u, str(u)) for u in m.mention))
            elif isinstance(m, MovePlayed) and not m.as_typed:  # the same choice, as the rules write it
                who = self.names.get(m.user_id, str(m.user_id))
                self.write(f"[dm {who}] {console_line('recorded', self.lang, typed=m.typed[:80], move=m.move)}")

    def described(self, prefix: str, alt: Sentences, lang: str | None = None) -> None:
        """With ``--describe``: the picture in words under its post, as a screen reader hears it on Discord."""
        words = said(alt, lang or self.lang) if self.describe else ""
        if words:
            self.write(f"{prefix}   {console_line('picture', lang or self.lang)}: {words}")

    def error(self, name: str, text: str, lang: str | None = None) -> None:
        self.echoed = self.typed  # a refusal says the user's commands back as they typed them
        try:
            self.lines(f"[error {name}]", text, lang=lang)
        finally:
            self.echoed = frozenset()

    async def speak(self) -> None:
        """The pretend server and its users speak the console's language (``--lang``): the service is told, as
        Discord tells it with each command's locale, so that the tables' public pictures are drawn in it; and its
        users, who have no client locale of their own, read their private pictures in it (``tables.languages``)."""
        await self.service.remember_guild_locale(GUILD_ID, LOCALES[self.lang])
        self.service.languages.default_user = self.lang

    def key(self) -> str:
        """The name of the move submitted by the current line: this session's, and the line's number."""
        return f"console:{self.session}:{self.line_number}"

    # ---- table choice -----------------------------------------------------------------------
    async def _pick(self, uid: int, table: int | None, want: Callable[[TableSummary], bool] | None = None,
                    fits: Callable[[TableSummary, int], Awaitable[bool]] | None = None) -> int:
        """The table a command means: ``table=N``, else the caller's only table, else the only one that
        ``want`` (then ``fits``, which may ask the service) keeps — never a question when one fits."""
        if table is not None:
            return table
        try:
            return await self.service.table_meant(uid, GUILD_ID, None, want)
        except TableError as exc:
            if fits is None or exc.key != "error.several_tables":
                raise
            fitting = [s for s in await self.service.active_tables(uid, GUILD_ID) if await fits(s, uid)]
            if len(fitting) == 1:
                return fitting[0].table_id
            raise

    def _drawable(self, summary: TableSummary) -> bool:
        """A table in play whose game takes draw offers: ``/draw`` means that one."""
        return summary.status == "active" and self.service.takes_draw_offers(summary.game)

    async def _building(self, summary: TableSummary, uid: int) -> bool:
        """A table where the caller acts but has no listed move: a K3 pyramid to build (K3-3)."""
        return uid in summary.turn_user_ids and not await self.service.legal_moves_for(summary.table_id, uid)

    async def _pick_or_last_finished(self, uid: int, table: int | None) -> int:
        """``/board``: the table the caller means, or with none in play their most recent finished one."""
        try:
            return await self._pick(uid, table)
        except TableError as exc:
            if not exc.key.startswith("error.no_table_here"):
                raise
        return await self.results.last_finished(uid)

    # ---- commands ---------------------------------------------------------------------------
    async def handle(self, typed: str) -> None:
        self.line_number += 1
        typed = typed.strip()
        self.typed = frozenset(re.findall(r"/[a-z][a-z-]*", typed.lower()))
        if not typed or typed.startswith("#"):
            return
        if len(typed) > MAX_LINE:
            self.error("?", console_line("too_long", self.lang, length=len(typed), max=MAX_LINE))
            return
        if ":" not in typed:
            self.error("?", console_line("no_colon", self.lang))
            return
        name, command = (part.strip() for part in typed.split(":", 1))
        if not name or not re.fullmatch(r"[\w.\- ]+", name) or len(name) > MAX_NAME:
            self.error("?", console_line("bad_name", self.lang, name=repr(name[:MAX_NAME]), max=MAX_NAME))
            return
        if reads_as_mesa(name):  # issue 28, item 15: "Mesa invites Ana" must be the computer
            self.error("?", console_line("mesa_name", self.lang, name=repr(name)))
            return
        if not command or command == "/":
            self.error(name, console_line("no_command", self.lang, name=name))
            return
        uid = user_id_for(name)
        self.names.setdefault(uid, name)
        try:
            await self._dispatch(name, uid, command)
        except TableError as exc:  # a lesson's refusal in the language its learner reads the lessons in
            lang = self.lessons.lang(uid) if exc.key.startswith("learn.") else self.lang
            if exc.key.startswith("error.hint_") or named_in_spanish(command):  # a hint refused, or /deshacer's
                lang = self._spoken(uid, command)  # refusal: in the language the answer would have come in
            if lang == "es":  # an option named as the Spanish line named it: asiento, not seat
                exc = TableError(exc.key, board=exc.board, **refusal_in_spanish(exc.key, exc.params, command))
            if exc.key == "error.no_table_here" and uid in self.lessons.langs:  # a learner with no table
                self.error(name, await self._learner_without_table(uid, command))
            elif exc.key in CONSOLE_TEXTS[self.lang]:  # the console's own words: Spanish read or spoken, or its own
                spanish = exc.key in SAID_TO_SPANISH_LEARNERS and "es" in (lang, self.lessons.lang(uid))
                said_in = "es" if spanish else lang
                self.error(name, console_text(exc.key, said_in, **exc.params), said_in)
            else:
                self.error(name, in_console_words(exc, lang), lang)
            if exc.board is not None:
                self.show([exc.board])
        except BrokenPipeError:  # the reader of the output has gone (`... | head`): nothing more to say (main)
            raise
        except Exception:  # a bug must not end a session; the log keeps the details
            logging.getLogger(__name__).exception("console command failed: %.80s", command)
            self.error(name, console_line("failed", self.lang))
        await self._mesa_turns()
        await self.tournaments.confirm()

    async def _learner_without_table(self, uid: int, command: str) -> str:
        """A game's command from a learner with no table: with a lesson open (only /move, /moves and /hint answer
        it), that the command is a game's and how the lesson goes on; with none, where to go on."""
        lang, game = self._spoken(uid, command), await self.service.lessons.current(uid)
        if game is None:
            return NO_TABLE_OR_LESSON[lang]
        return LESSON_NOT_A_TABLE[lang].format(command=command.split()[0][:30], game=game)

    async def _mesa_turns(self) -> None:
        """After the boards of a command: Mesa's moves where a board says Mesa acts next, each board as it
        comes (``tables.follow``, the loop the Discord front end runs in a background task)."""
        shown, self._shown = self._shown, []
        for table_id in mesa_tables(shown):
            await follow_mesa(self.service, table_id, self._deliver)
        self._shown.clear()

    async def _deliver(self, messages: list[Message]) -> None:
        """``show`` in the form ``tables.follow`` and the ticker deliver with: each table's messages printed as
        they are made; a reminder printed is delivered (issue 29, item 2: one never confirmed comes again)."""
        self.show(messages)
        for m in messages:
            if isinstance(m, Reminder):
                await self.service.reminder_delivered(m.table_id, m.user_id, m.version, m.kind)

    async def _dispatch(self, name: str, uid: int, command: str) -> None:
        spoken = self._spoken(uid, command)
        said_in, typed = self.lang, plain(command.strip().partition(" ")[0].lstrip("/"))
        if named_in_spanish(command):  # Discord's Spanish names (/jugar, /torneo apuntarse): said in Spanish
            said_in = "es"
            if in_english(command).lstrip("/").startswith("learn"):  # /aprender: the lessons in Spanish from now on
                self.lessons.langs[uid] = "es"
        command = in_english(command)  # Spanish names, and Discord's option:value, as the console reads them
        table, command = _take_table_option(command)
        verb, _, rest = command.partition(" ")
        verb = verb.lower().lstrip("/")
        rest = rest.strip()
        if verb == "draw" and rest.split()[:1] and rest.split()[0].lower() in DRAW_WORDS:  # Discord's words
            first, _, rest = rest.partition(" ")
            verb, rest = DRAW_WORDS[first.lower()], rest.strip()
        if verb in TABLE_VERBS:
            table, rest = _table_word(verb, rest, table), ""
        if verb in SEATING_VERBS:
            await self._seating(verb, name, uid, rest, table)
        elif not await self._playing(verb, name, uid, rest, table, spoken):
            await self._asking(verb, name, uid, rest, table, said_in, typed)

    def _spoken(self, uid: int, command: str) -> str:
        """A private answer's language (a hint's, a refusal's): Spanish for a command by its Spanish name
        (``/pista``, ``/deshacer``), as Discord answers the Spanish client that shows it; else the learner's
        (``/learn GAME es``), else the console's."""
        return "es" if named_in_spanish(command) else self.lessons.lang(uid)

    async def _seating(self, verb: str, name: str, uid: int, rest: str, table: int | None) -> None:
        """Invitations and open tables: /play, /accept, /decline, /join, /start, /fill, /leave, /abort."""
        svc = self.service
        if verb == "play":
            await self._play(name, uid, rest)
        elif verb == "accept":
            tid = await self._pick(uid, table, lambda s: s.status == "invited")
            self.show(await svc.accept(tid, uid))
        elif verb == "decline":
            tid = await self._pick(uid, table, lambda s: s.status == "invited")
            self.show(await svc.decline(tid, uid))
        elif verb == "join":
            named = table if table is not None else (table_number(rest, "/join N") if rest else None)
            tid = named if named is not None else await self._open_table(uid)
            self.show(await svc.join(tid, uid, name))
        elif verb in ("start", "fill"):
            # fill=mesa and level=…, else a lone number (the table) and nothing more: no word is ignored
            table = _table_word(verb, " ".join(w for w in rest.split() if w != "fill=mesa" and
                                               not w.startswith("level=")), table)
            if verb == "start" and "fill=mesa" not in rest.split():
                self.show(await svc.start(await self._pick(uid, table, lambda s: s.status in ("open", "invited")),
                                          uid))
                return
            # an open table's empty seats go to Mesa, and the game starts
            level = next((w.split("=", 1)[1] for w in rest.split() if w.startswith("level=")), None)
            tid = await self._pick(uid, table, lambda s: s.status == "open")
            self.show(await svc.fill_with_mesa(tid, uid, level))
        elif verb == "leave":
            self.show(await svc.leave(await self._pick(uid, table), uid))
        elif verb == "abort":
            self.show(await svc.abort(await self._pick(uid, table), uid))
        elif verb == "rematch":  # the Rematch button under a result on Discord: that table, else the last finished
            named = table if table is not None else (table_number(rest, "/rematch N") if rest else None)
            # with no game over: not "no table here", to a player who may have tables in play
            self.show(await svc.rematch(named if named is not None else
                                        await self.results.last_finished(uid, "console.no_rematch"), uid, name))

    async def _playing(self, verb: str, name: str, uid: int, rest: str, table: int | None,
                       spoken: str = LANG) -> bool:
        """Moves and offers at a table in play; False when ``verb`` is none of them.  ``spoken``: the language of
        a private answer (a hint's: the learner's, or Spanish asked with ``/pista``, as Discord's locale would)."""
        svc = self.service
        if verb == "move":
            if not rest:
                raise TableError("console.move_text")
            tid, lesson = await self._table_or_lesson(uid, table, lambda s: uid in s.turn_user_ids)
            if lesson:  # no table it could mean, a lesson open: the answer is the lesson's (issue 30)
                self.lessons.post(name, await svc.lessons.answer(uid, lesson, rest, lang=self.lessons.lang(uid)))
                return True
            self.show(await svc.submit_move(tid, uid, rest, key=self.key()))
        elif verb == "build":
            table, rest = _table_among_words("build", rest, table)  # /build 2, /build random 2
            tid = await self._pick(uid, table, lambda s: uid in s.turn_user_ids, self._building)
            try:
                text = await svc.auto_build(tid, uid, rest or None, rng=self.build_rng)  # --seed: repeatable
            except TableError as exc:
                if exc.key != "error.bad_style" or rest.strip().isalpha():
                    raise  # a word that is not a style: the styles there are, named
                text = rest.strip()  # not a word: the build typed out, played (or refused) as /move plays it
            self.show(await svc.submit_move(tid, uid, text, key=self.key()))
        elif verb == "auto":
            tid, lesson = await self._table_or_lesson(uid, table, lambda s: uid in s.turn_user_ids)
            if lesson:  # a lesson open and no table: its answer is the learner's own (the lesson says so)
                self.lessons.post(name, await svc.lessons.answer(uid, lesson, "auto", lang=self.lessons.lang(uid)))
                return True
            self.show(await svc.auto(tid, uid, self.key()))  # what a time-out plays (issue 28, MesaMoves.played_for)
        elif verb == "moves":
            tid, lesson = await self._table_or_lesson(uid, table, lambda s: uid in s.turn_user_ids)
            if lesson:  # the open lesson's step: its legal moves, right and wrong answers alike
                await self.lessons.moves(name, uid, lesson, rest)
                return True
            legal = await svc.legal_moves_said(tid, uid)
            if legal:
                self.list_moves(name, f"#{tid}", legal.texts, rest, self.lang, said_by=legal)
            else:
                self.write(f"[dm {name}] #{tid} {await self._why_no_moves(tid, uid)}")
        elif verb == "resign":
            self.show(await svc.resign(await self._pick(uid, table, lambda s: s.status == "active"), uid))
        elif verb in ("draw", "accept-draw"):
            self.show(await svc.offer_draw(await self._pick(uid, table, self._drawable), uid,
                                           accept=verb == "accept-draw"))
        elif verb in ("decline-draw", "decline_draw"):
            self.show(await svc.decline_draw(await self._pick(uid, table, self._drawable), uid))
        elif verb == "hint":  # issue 30: Mesa's move for the caller, privately, never played
            tid, lesson = await self._table_or_lesson(uid, table, lambda s: uid in s.turn_user_ids)
            if lesson:  # no table it could mean, a lesson open: the step's hint (as /learn GAME hint)
                self.lessons.post(name, await svc.lessons.hint(uid, lesson))
                return True
            hint = await svc.hints.ask(tid, uid)
            self.lines(f"[dm {name}]", t(hint.key, spoken, **hint.params), lang=spoken)
            if hint.sketch:  # K3's pyramid, drawn in letters (top first) as /build's proposal shows it
                self.lines(f"[dm {name}]", hint.sketch)
        elif verb == "takeback":
            await self._takeback(uid, rest, table)
        elif verb == "learn":
            await self.lessons.learn(name, uid, rest)
        else:
            return False
        return True

    async def _takeback(self, uid: int, rest: str, table: int | None) -> None:
        """``/takeback`` asks to take back the caller's last move; ``/takeback accept|decline`` answers; a number
        alone names the table, as it does for ``/resign 2`` (``/takeback 2``, ``/takeback accept 2``)."""
        table, rest = _table_among_words("takeback", rest, table)
        action = TAKEBACK_WORDS.get(rest.lower() or "ask")
        if action is None:
            raise TableError("console.takeback_usage")
        tid = await self._pick(uid, table, lambda s: s.status == "active")
        takebacks = self.service.takebacks
        answer = {"ask": takebacks.ask, "accept": takebacks.accept, "decline": takebacks.decline}[action]
        self.show(await answer(tid, uid))

    async def _table_or_lesson(self, uid: int, table: int | None,
                               want: Callable[[TableSummary], bool]) -> tuple[int, str | None]:
        """``/move`` and ``/moves``: the table meant (``_pick``), else, when the caller has no table it
        could mean, their open lesson's game (issue 30); no lesson either: the table's refusal."""
        try:
            return await self._pick(uid, table, want), None
        except TableError as exc:
            if table is not None or not exc.key.startswith("error.no_table_here"):
                raise
            lesson = await self.service.lessons.current(uid)
            if lesson is None:
                raise
            return 0, lesson

    async def _asking(self, verb: str, name: str, uid: int, rest: str, table: int | None, said_in: str = LANG,
                      typed: str = "") -> None:
        """Everything that reads rather than plays: boards, histories, rules, help, and the clock.  ``said_in``: the
        language of the answers that take a language word, when none is named (Spanish for a command named in
        Spanish, ``/partidas``, as a Spanish Discord says it; else the console's)."""
        svc = self.service
        if verb == "help":
            if rest.strip().lower() not in ("", *CONSOLE_LANGS):
                raise TableError("console.help_words", words=shown(rest))
            self.lines("[help]", help_text(rest.strip().lower() or said_in))
        elif verb == "board":
            self.show([await svc.board(await self._pick_or_last_finished(uid, table))])
        elif verb == "history":
            await self.results.history(name, uid, rest, table)
        elif verb in ("leaderboard", "stats", "replay", "recompute"):
            await self.results.leaderboard(verb, name, uid, rest, table)
        elif verb == "review":
            await self.results.review(name, uid, rest, table, said_in)
        elif verb == "games":  # /games es: in Spanish
            if rest.strip().lower() not in ("", *GAMES_LANGS):
                raise TableError("console.games_words", words=shown(rest))
            await self.listing.games(name, uid, rest.strip().lower() or said_in)
        elif verb == "rules":
            self.lines("[rules]", rules_text(rest, said_in))
        elif verb == "mine":
            self.show([await svc.private_view(await self._pick(uid, table), uid)])
        elif verb == "clock":
            await self._advance_clock(rest)
        elif verb in ("tournament", "tournaments"):
            await self.tournaments.command(name, uid, rest)
        elif verb == "settings":  # Discord's, for a server's managers: what it sets, and a table's own options
            raise TableError("console.settings", verb="ajustes" if said_in == "es" and typed == "ajustes" else verb)
        else:  # a slip of the keyboard is answered with the command it was surely meant to be
            near = difflib.get_close_matches(verb, COMMANDS, n=1, cutoff=0.75)  # not "dance": "games"
            if near:
                raise TableError("console.unknown_near", verb=verb[:30], near=near[0])
            raise TableError("console.unknown", verb=verb[:30])

    async def _advance_clock(self, rest: str) -> None:
        """``/clock +3d``: the pretend clock moves on (and is saved: it survives a restart), then the
        ticker runs, so reminders and time-outs fire as they would have."""
        seconds = parse_duration(rest.lstrip("+"))
        if seconds is None and re.fullmatch(r"\+?(?:[0-9]+ ?[wdhms] ?)+", rest.lower()):
            raise TableError("console.clock_range")  # a duration, but of more digits than any clock step
        if seconds is None:
            raise TableError("console.clock")
        if seconds > MAX_CLOCK_STEP:
            raise TableError("console.clock_range")
        self.clock.advance(seconds)
        await self.service.save_pretend_clock(self.clock.now())
        moment = self.clock.now().strftime('%Y-%m-%d %H:%M UTC')
        self.write(f"[clock] {console_line('clock', self.lang, moment=moment)}")
        await self.service.tick(self._deliver)  # each table's messages printed as they are made

    def list_moves(self, name: str, where: str, moves: list[str], page_text: str, lang: str = LANG,
                   said_by: LegalMoves | None = None) -> None:
        """``/moves [PAGE]``: a table's few moves (``FEW_MOVES``) one a line, each with what it does; more, one line
        per group of moves that start alike (the same piece, square or word) with what they share, a long list a page
        at a time, never a thousand moves on a line; a lesson's, and a game's without words, on one line when short.
        ``/moves TEXT``: the moves matching it, as Discord's ``/move`` suggests them, each with what it does
        (``said_by``, a table's moves; a lesson's go without).
        ``where``: ``#3`` for a table, the course and step for a lesson (in the language it is read in)."""
        words = LESSON_WORDS[lang]
        typed = page_text.strip()
        if typed and not re.fullmatch(r"[0-9]{1,4}", typed):  # no move starts with a digit: a page is a number
            self._matching_moves(name, where, moves, typed, words, lang, said_by)
            return
        # a lesson's moves go without words (reading the board is its step), and so do a game's that has none
        does = said_by.does(moves) if said_by is not None and len(moves) <= SHORT_MOVE_LIST else {}
        worded = any(told is not None for told in does.values())
        if worded and len(moves) <= FEW_MOVES:  # a few moves: one a line, with what each does
            self.write(f"[dm {name}] {where} {words['legal'].format(n=len(moves))}:")
            self._moves_said(name, moves, lang, does)
            return
        if not worded and len(moves) <= SHORT_MOVE_LIST:  # the notation on one line
            self.write(f"[dm {name}] {where} {words['legal'].format(n=len(moves))}: {', '.join(moves)}")
            return
        every: dict[str, list[str]] = {}
        for move in moves:
            start = re.match(r".[^-:@!\s]*", move)
            every.setdefault(start.group(0) if start else move, []).append(move)
        book = _pages(list(every.items()))  # a group of moves that start alike is never cut between two pages
        page = min(max(int(typed) if typed else 1, 1), len(book))
        more = words["more"].format(next=page + 1) if page < len(book) else ""
        paged = f", {words['page'].format(page=page, pages=len(book))}{more}" if len(book) > 1 else ""
        self.write(f"[dm {name}] {where} {words['legal'].format(n=len(moves))}{paged}:")
        groups = dict(book[page - 1])
        # what each group's moves share, as the picker's choices say it (a table's; a lesson's go without)
        shared = said_by.shared(picker.Step(head).encode() for head in groups) if said_by else {}
        for head, members in groups.items():
            if said_by is not None and len(members) == 1:  # a group of one: the move, and what it does
                self._moves_said(name, members, lang, said_by.does(members))
                continue
            told = shared.get(picker.Step(head).encode())
            self.write(f"[dm {name}]   {head}" + (f" ({said(told, lang)})" if told is not None else "")
                       + f": {', '.join(members)}")

    def _moves_said(self, name: str, moves: Sequence[str], lang: str, does: Mapping[str, Phrase | None]) -> None:
        """Moves one a line, each with what it does where ``does`` words it (a table's moves; a lesson's go
        without): ``  a6-d3 — Move from a6 to d3, uncovering a poodle``."""
        for move in moves:
            told = does.get(move)
            self.write(f"[dm {name}]   {move}" + (f" — {said(told, lang)}" if told is not None else ""))

    def _matching_moves(self, name: str, where: str, moves: list[str], typed: str, words: Mapping[str, str],
                        lang: str, said_by: LegalMoves | None) -> None:
        """``/moves TEXT``: the moves matching ``typed`` as Discord's suggestions match it (``rank_for_autocomplete``:
        the notation, case and spaces aside, else what each does), one a line with what it does, at most as many
        as Discord suggests; nothing changes when none match."""
        matched = picker.rank_for_autocomplete(moves, typed, limit=len(moves),
                                               words=partial(said_by.said, lang) if said_by else None)
        text = typed[:20]
        if not matched:
            self.write(f"[error {name}] {words['none'].format(where=where, text=text)}")
            return
        first = words["first"].format(n=MAX_SUGGESTED) if len(matched) > MAX_SUGGESTED else ""
        self.write(f"[dm {name}] {where} {words['matching'].format(text=text, n=len(matched))}{first}:")
        self._moves_said(name, matched[:MAX_SUGGESTED], lang, said_by.does(matched[:MAX_SUGGESTED]) if said_by else {})

    async def _why_no_moves(self, tid: int, uid: int) -> str:
        """Why ``/moves`` lists nothing: not seated, not started or over, someone else's turn, or building."""
        summary, lang = (await self.service.table_details(tid)).summary, self.lang
        if uid not in summary.user_ids:
            return console_line("not_seated", lang)
        if summary.status != "active":
            why = {"invited": "why.waiting", "open": "why.waiting", "finished": "why.finished",
                   "aborted": "why.aborted", "declined": "why.declined"}.get(summary.status)
            return console_line("no_moves", lang, why=console_line(why, lang) if why else summary.status)
        if uid not in summary.turn_user_ids:
            if len(summary.turn) > 1:  # several build at once (K3-3): a list, as the board's words say it
                return console_line("not_yours_many", lang, players=said(Names(summary.turn), lang))
            return console_line("not_yours", lang, players=summary.turn[0] if summary.turn else
                                console_line("nobody", lang))
        return console_line("building", lang)

    async def _play(self, name: str, uid: int, rest: str) -> None:
        try:
            words = self.with_spaces(shlex.split(rest))
        except ValueError:
            words = rest.split()
        game = ""
        opponents: list[tuple[int, str]] = []
        options: dict[str, str] = {}
        mesas = 0  # @mesa, once per Mesa seat
        for word in words:
            # option=value; Discord's option:value is read the same (bots:2, game:k3, opponent:@Ben)
            named = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_-]*)[=:](.+)", word)
            if named and named[1].lower() == "game":
                word, named = named[2], None
            elif named and named[1].lower().startswith("opponent"):  # opponent:@Ben, or opponent:Ben
                word, named = "@" + named[2].lstrip("@"), None
            if not game and not word.startswith("@") and named is None:
                game = word
            elif word.lower() == f"@{MESA}":  # Mesa, the computer player: one more bot seat (beside any bots=N)
                mesas += 1
            elif word.startswith("@"):
                opponents.append(self.named(word))
            elif named is not None:
                typed = {named[1].lower().replace("-", "_"): named[2]}
                for key, value in (variant_options(named[2]) if "variant" in typed else typed).items():
                    if key in options:
                        raise TableError("console.option_twice", option=key[:40])
                    options[key] = value
            elif reads_as_mesa(word) or word.lower() in {n.lower() for i, n in self.names.items() if i != uid}:
                raise TableError("console.play_at", word=shown(word), game=game)  # a player named without @
            else:
                raise TableError("console.play_word", word=word[:40] + ("…" if len(word) > 40 else ""))
        if not game:
            raise TableError("console.play_usage")
        if mesas:
            bots = options.get("bots", "0")
            options["bots"] = str(int(bots) + mesas) if bots.strip().isdigit() else bots  # bad: refused as typed
        self.show(await self.service.create(GUILD_ID, CHANNEL_ID, uid, name, game, opponents, options))

    async def _open_table(self, uid: int) -> int:
        candidates = await self.service.open_tables_in_place(GUILD_ID, CHANNEL_ID)
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            raise TableError("console.no_open", plays=tuple(f"/play {g}" for g in group_game_names()))
        raise TableError("console.several", tables=", ".join(map(str, candidates)))

    def save_file(self, data: bytes, filename: str) -> str:
        """Write one image; a folder that stops being writable mid-session (removed, full) is said once,
        and the game plays on without images (issue 29: never a traceback after every move)."""
        if self.out_dir is None:
            return ""
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            if self._images == 0:  # continue the folder's numbering, so files stay in play order across sessions
                numbers = [int(m.group(1)) for f in self.out_dir.iterdir()
                           if (m := re.match(r"(\d{4,9})-", f.name))]
                self._images = max(numbers, default=0)
            self._images += 1
            path = self.out_dir / f"{self._images:04d}-{filename}"
            path.write_bytes(data)
        except OSError as exc:
            self.warn(no_images_line(self.out_dir, exc))
            self.out_dir = None
            return ""
        return f" ({console_line('image', self.lang)}: {path})"

    def named(self, word: str) -> tuple[int, str]:
        """``@NAME`` -> (that user's id, their name as first seen); a name too long is refused, not cut."""
        other = word[1:]
        if len(other) > MAX_NAME:
            raise TableError("console.name_too_long", name=other[:20] + "…", max=MAX_NAME)
        if not re.fullmatch(r"[\w.\- ]+", other) or not other.strip():  # as a line's NAME: "@" alone was a player
            raise TableError("console.bad_mention", word=shown(word[:40]))
        oid = user_id_for(other)
        self.names.setdefault(oid, other)
        return oid, self.names[oid]

    def with_spaces(self, words: list[str]) -> list[str]:
        """``@Ana Maria`` as one word when ``Ana Maria`` is someone this console has seen (names may have
        spaces; quoting, ``@"Ana Maria"``, works for anyone)."""
        known = {n.lower() for n in self.names.values() if " " in n}
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            if word.startswith("@"):
                for k in range(len(words) - i, 1, -1):
                    joined = " ".join(words[i:i + k])
                    if joined[1:].lower() in known:
                        word, i = joined, i + k - 1
                        break
            out.append(word)
            i += 1
        return out

    def someone(self, word: str, uid: int, name: str) -> tuple[int, str]:
        """``@NAME`` -> that user (``@`` alone is refused, as ``named`` refuses it); anything else -> the caller."""
        if word.startswith("@"):
            return self.named(word)
        return uid, name


#: what the service's refusals say of the fronts' own controls, as the console has them: K3's pyramid to build is
#: proposed by /build here (Discord's board has an Auto-build button: ``cogs.handling.DISCORD_PHRASES``)
CONSOLE_PHRASES = {
    "error.hint.unlisted": {
        "en": " Build your pyramid, or have one proposed and played: /build (or /build random). Typed, yours is "
              "build:{seat}: then its rows from the top, split by /.",
        "es": " Monta tu pirámide, o pide que te propongan una y se juegue: /build (o /build random). Escrita, la "
              "tuya es build:{seat}: y sus filas desde arriba, separadas por /.",
    },
}


def in_console_words(exc: TableError, lang: str) -> str:
    """The service's refusal in ``lang``, what it says of a front's controls said as the console has them."""
    params: dict[str, Any] = dict(exc.params)
    for name, value in exc.params.items():
        if isinstance(value, Phrase) and value.key in CONSOLE_PHRASES:
            params[name] = Own({each: text.format(**value.params)  # ours, said whole (a str would be cut as an echo)
                                for each, text in CONSOLE_PHRASES[value.key].items()})
    return TableError(exc.key, **params).message(lang)


async def run(lines: Iterable[str] | None, db: str, out_dir: Path | None, images: bool,
              write: Callable[[str], None] = print, seed: int | None = None,
              mesa_iterations: int | None = None, warn: Callable[[str], None] = warn_on_stderr,
              positions: bool = False, describe: bool = False, lang: str = LANG) -> int:
    """Play ``lines`` (or the terminal's lines when None) against a service on ``db``.

    ``seed`` makes a session repeatable: table seeds (dice, K3 deals, random seats) then come from it
    instead of the system's randomness; with ``mesa_iterations`` too, Mesa's moves and ``/auto``'s (Mesa's
    easy level, seeded by the table) are repeatable as well.  ``positions``: each board's position in the
    games' notation under it (``--positions``: for developers, not players); ``describe``: each picture in words
    under it, as its alt text says it on Discord (``--describe``: for a screen reader; with ``--no-images`` too).
    ``lang``: the language the pretend server and its users speak (``--lang es``): posts, refusals, pictures.

    An ``out_dir`` that cannot be written (``--out /proc/nope``, a file's name) is said in one line
    through ``warn`` at the start, and the session plays on without images: the games matter more
    than their pictures, and a typo in ``--out`` should not cost a scripted session (issue 29).
    """
    if images and out_dir is not None and (problem := unwritable(out_dir)) is not None:
        warn(no_images_line(out_dir, problem))
        images = False
    clock = PretendClock()
    seeds = random.Random(seed)
    # Mesa thinks in a thread here: one person waits for the answer anyway, and no pool starts
    thinker = Thinker(processes=False, budget=iterations(mesa_iterations) if mesa_iterations else None)
    service = await open_service(db, clock=clock, images="thread" if images else False,
                                 seed_source=(lambda: seeds.getrandbits(62)) if seed is not None else None,
                                 thinker=thinker)
    saved = await service.pretend_clock()
    if saved is not None:  # a resumed --db session goes on at the moment the last one reached
        clock.moment = saved
    else:
        await service.save_pretend_clock(clock.now())
    console = Console(service, clock, out_dir if images else None, write, warn, positions, describe, lang)
    await console.speak()
    if seed is not None:  # /build's pyramids repeat with the session's seed, as the deals do
        console.build_rng = random.Random(f"build:{seed}")
    await console.tournaments.remember_names()
    try:
        if lines is not None:
            for line in lines:
                await console.handle(line)
        else:
            for row in ("start", "examples"):
                console.write(console_line(row, console.lang))
            while True:
                try:
                    line = await asyncio.to_thread(input, "> ")
                except EOFError:
                    break
                await console.handle(line)
    finally:
        await service.close()
    return 0


class OneLineParser(argparse.ArgumentParser):
    """A wrong argument is one line saying so and where the right ones are listed (exit 2), not the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {redact_text(message)} (see {self.prog} --help)\n")


def _iterations(text: str) -> int:
    """``--mesa-iterations``: a whole number, 1 or more (0 or less was taken, and Mesa played by time)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number of 1 or more")
    return value


def main(argv: list[str] | None = None) -> int:
    """Entry point for ``python console.py`` and ``python bot.py --console``."""
    parser = OneLineParser(
        prog="python console.py",
        description="Play Mesa's games offline as several users (also: python bot.py --console).\n"
                    "Each input line is NAME: COMMAND; lines come from the terminal or from a pipe.",
        epilog=help_text() + "\nLines starting with # are comments. Example:  Ana: /play kona @Ben",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--console", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", default=os.environ.get("DATABASE_URL") or ":memory:",
                        help="SQLite file or postgresql:// URL (default: DATABASE_URL, else in memory, gone at exit)")
    parser.add_argument("--out", default="console-out", help="folder for board images (default ./console-out)")
    parser.add_argument("--no-images", action="store_true", help="do not render images")
    parser.add_argument("--seed", type=int, default=None,
                        help="repeatable dice, deals, seats (with --mesa-iterations: Mesa and /auto too)")
    parser.add_argument("--mesa-iterations", type=_iterations, default=None,
                        help="Mesa searches this many iterations a move instead of its level's time (repeatable)")
    parser.add_argument("--positions", action="store_true",
                        help="print each board's position in the games' notation under it (for developers)")
    parser.add_argument("--describe", action="store_true",
                        help="print each board's picture in words under it (its alt text on Discord; for a screen "
                             "reader, with --no-images too)")
    parser.add_argument("--lang", choices=CONSOLE_LANGS, default=LANG, metavar="LANG",
                        help="the language the pretend server and its users speak, en or es: every post, refusal "
                             "and picture (default en; es: Spanish, as a Spanish Discord has it)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    setup_logging(None, default=logging.ERROR, fmt="%(levelname)s %(name)s: %(message)s")  # tables/logs.py
    lines = None if sys.stdin.isatty() else sys.stdin
    try:
        return asyncio.run(run(lines, args.db, Path(args.out), not args.no_images, seed=args.seed,
                                   mesa_iterations=args.mesa_iterations, positions=args.positions,
                                   describe=args.describe, lang=args.lang))
    except CannotOpen as exc:  # issue 19: one line that says what to do
        given = args.db != parser.get_default("db")  # the text names the variables; here it came from --db
        print(f"error: {exc}" + (f" (here: --db {redact(args.db)})" if given else ""), file=sys.stderr)
        return 2
    except BrokenPipeError:  # `python console.py < game.txt | head`: the reader has quit, so do we
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the buffer's rest, flushed at exit
        return 1


if __name__ == "__main__":
    sys.exit(main())
