"""A table as one operation sees it, and the moves one operation makes.

``LoadedTable`` is what ``TableStore.load`` returns: the row, the seats, the engine, the typed options
and (once started) the current state.  Every collaborator of the service reads a table through it;
only the store makes one.  ``Step`` collects the moves an operation makes (a player's move and the
chance moves and out seats' moves that follow it), which ``Finisher.commit`` writes in one transaction.
"""

from __future__ import annotations

import logging
import re
import traceback
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from data.models import NewMove, SeatRow, TableOptions, TableRow
from engines import Engine, get_engine
from tables.errors import TableError
from tables.games import title as game_title
from tables.i18n import Names

log = logging.getLogger("tables.service")

#: time-outs in a row after which a seat is *away*: its turns are played as soon as they come, until the
#: player acts again (issue 28, item 2: a player who vanishes no longer holds a game for months)
AWAY_AFTER = 2


def log_damage(table_id: int, what: str, exc: BaseException) -> None:
    """Log a damaged table with where it failed: the exception's type and traceback frames.

    The exception's own message is left out by design (an engine's message may quote a move with
    hidden faces, PL-9); the frames hold code, not values, so they keep no secret.
    """
    frames = "".join(traceback.format_tb(exc.__traceback__))
    log.error("table %d: %s (%s)\n%s", table_id, what, type(exc).__name__, frames.rstrip())


#: the seat's mark ``told_apart`` puts after a name shared at a table (" [2]"): kept when a name is said short
TOLD_APART_MARK = re.compile(r" \[[^\[\]]{1,3}\]$")


def seat_mark(marks: Sequence[str], seat: int) -> str:
    """The mark the pictures give a seat: the notation's letter where the game has one (``seat_marks``: Plateau's
    B and W on its slabs and badges, Kona's C and P), else its number counted from 1, as on the seat badges
    (``render.theme.seat_marker``: K3's and Krakatoa's 1 in a circle, 2 in a square…)."""
    return marks[seat] if 0 <= seat < len(marks) else str(seat + 1)


def seat_marks_of(game: str) -> tuple[str, ...]:
    """The marks a stored table's pictures give its seats (``GameDescription.seat_marks``): none, numbers, for a game
    this release does not know (a damaged row)."""
    try:
        return get_engine(game).description.seat_marks
    except KeyError:
        return ()


def told_apart(seats: Iterable[SeatRow], marks: Sequence[str] = ()) -> dict[int, str]:
    """Each seat's name as every text of its table says it (posts, private messages, the pictures' words and alt
    text, ``/games``, ``/history``, results, reviews), by seat: a name two or more players of the table share
    (Discord's display names are not unique; compared without regard to case, as the service holds them) followed
    by its seat's mark as the picture shows it, ``Sam [1]`` and ``Sam [2]`` (``seat_mark``; the form of the
    player list, "Ana [1] · Ben [2]", in every language); every other name exactly as it is."""
    rows = list(seats)
    shared = Counter(row.name.casefold() for row in rows)
    return {row.seat: f"{row.name} [{seat_mark(marks, row.seat)}]" if shared[row.name.casefold()] > 1 else row.name
            for row in rows}


@dataclass
class LoadedTable:
    """A loaded table: row, seats, engine, options and (once started) the current state."""

    row: TableRow
    seats: list[SeatRow]
    engine: Engine
    options: TableOptions
    state: Any = None
    plies: int = 0  # moves in the log

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def title(self) -> str:
        """The game's title for texts (``Kona``)."""
        return game_title(self.row.game)

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def by_seat(self, seat: int) -> SeatRow | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def ordered(self) -> list[SeatRow]:
        """The seats in seat order."""
        return sorted(self.seats, key=lambda s: s.seat)

    def told_names(self) -> dict[int, str]:
        """Each seat's name as the table's texts say it (``told_apart``: "Sam [1]" and "Sam [2]" where two share it)."""
        return told_apart(self.seats, self.engine.description.seat_marks)

    def name(self, row: SeatRow) -> str:
        """The name of this seat's player as every text of the table says it (``told_apart``); a seat no longer at
        the table (a guest who left before the start) by the name it had."""
        if not any(s.seat == row.seat and s.user_id == row.user_id for s in self.seats):
            return row.name
        return self.told_names()[row.seat]

    def names(self) -> list[str]:
        """Every seat's name in seat order, as the table's texts and pictures say it (``told_names``)."""
        told = self.told_names()
        return [told[s.seat] for s in self.ordered()]

    def names_of(self, seats: Sequence[int]) -> str:
        """``Ana, Ben``: the names of these seats, in the order given."""
        told = self.told_names()
        return ", ".join(told[s] for s in seats if s in told)

    def named(self, seats: Sequence[int]) -> Names:
        """The names of these seats as a param said in the reader's language: ``Ana``, ``Ben and Ana``."""
        told = self.told_names()
        return Names(told[s] for s in seats if s in told)

    def not_your_turn(self, actors: Sequence[int]) -> TableError:
        """The refusal of a move out of turn: whose turn it is, or, where several act at once (K3-3.2's building),
        whom the table waits for ("waiting for Ben and Cy", not "it is Ben, Cy's turn")."""
        if len(actors) > 1:
            return TableError("error.not_your_turn_many", players=self.named(actors))
        return TableError("error.not_your_turn", player=self.names_of(actors) or "-")

    def users_of(self, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(row.user_id for s in seats if (row := self.by_seat(s)) is not None)

    def out_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.out_reason}

    def away_seats(self) -> set[int]:
        """Seats still in whose player timed out ``AWAY_AFTER`` times in a row: their turns are played."""
        return {s.seat for s in self.seats if not s.out_reason and s.timeouts >= AWAY_AFTER}

    def played_away(self) -> set[int]:
        """The away seats whose turns are played as they come: all of them while a seat still in plays on (a
        player not away, or Mesa); none when every seat still in is away, so that a game nobody plays is not
        played to its end at once: each turn then waits for its deadline, and a time-out plays it.  At a
        tournament's table all of them even then: a round needs a result, and a Krakatoa table nobody played held
        its whole event up for a deadline a turn (21 deadlines, two months at 3 days a move)."""
        away = self.away_seats()
        return away if self.options.tournament is not None or any(s not in away for s in self.still_in()) else set()

    def still_in(self) -> list[int]:
        return [s.seat for s in self.seats if not s.out_reason]

    def acting(self, state: Any) -> list[int]:
        """The seats still in that act now (Mesa's included): none once the game is over."""
        if state is None or self.engine.outcome(state) is not None:
            return []
        out = self.out_seats()
        return [s for s in self.engine.actors(state) if s not in out]

    def simultaneous(self, state: Any) -> bool:
        """Whether several seats act at the same time now (K3-3.2's building)."""
        return state is not None and self.engine.description.simultaneous_phase(self.engine.phase(state)) is not None

    def unlisted(self, state: Any) -> bool:
        """Whether the moves now are too many to list (players write them or ask for a proposal)."""
        phase = self.engine.description.simultaneous_phase(self.engine.phase(state)) if state is not None else None
        return phase is not None and not phase.listed

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The table's sides (partners share one, KR-6.2)."""
        return self.engine.description.sides(len(self.seats), self.options.game)


class Played(NamedTuple):
    """One move of a step: the state before it, the move, who made it (-1: chance) and its canonical text."""

    before: Any
    move: Any
    seat: int
    text: str


@dataclass
class Step:
    """The moves made in one operation, in order."""

    items: list[Played] = field(default_factory=list)

    def new_moves(self) -> list[NewMove]:
        return [NewMove(p.seat, p.text) for p in self.items]

    def mover(self) -> int | None:
        """The first seat (not chance) that moved in this step."""
        return next((p.seat for p in self.items if p.seat >= 0), None)
