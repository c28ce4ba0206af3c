"""How a database row becomes a typed row: one builder per row type, beside the columns it reads.

The queries of ``data.repository`` select a row type's columns (``TABLE_COLUMNS`` ...) and hand each
row to its builder.  A builder names every field (keyword arguments), so mypy checks it against the
dataclass (a field added, renamed or forgotten is an error, where ``TableRow(*row)`` passed any
row), and its converters give each field its declared type whichever backend answered (SQLite's
0/1 for a boolean, PostgreSQL's ``Record``).  A builder reads its row by position, in the order of
its columns: ``tests/test_data_rows.py`` checks the two against each other.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from data.models import FinishedEntry, MoveRow, RatingPoint, RatingRow, ResultRow, SeatRow, TableRow, UnreadableTable

log = logging.getLogger(__name__)
T = TypeVar("T")

TABLE_COLUMNS = ("id", "guild_id", "channel_id", "thread_id", "message_id", "game", "options", "seed", "status",
                 "host_id", "state", "version", "turn_deadline", "next_event_at", "draw_offer", "outcome",
                 "created_at", "updated_at", "posted_version")
SEAT_COLUMNS = ("table_id", "seat", "user_id", "name", "is_ai", "accepted", "result", "out_reason", "timeouts")
MOVE_COLUMNS = ("table_id", "ply", "seat", "move", "created_at")
RESULT_COLUMNS = ("table_id", "seat", "guild_id", "game", "user_id", "place", "outcome", "reason", "rated",
                  "finished_at")
RATING_COLUMNS = ("guild_id", "game", "user_id", "mu", "sigma", "games", "wins", "losses", "draws", "updated_at")
RATING_POINT_COLUMNS = ("guild_id", "game", "user_id", "table_id", "rating", "finished_at")
#: a finished table as ``history`` lists it: a result joined with its table, and how many seats it had
FINISHED_COLUMNS = ("r.table_id", "r.game", "r.place", "r.outcome", "r.reason", "r.rated", "r.finished_at",
                    "t.channel_id", "t.thread_id", "(SELECT COUNT(*) FROM results o WHERE o.table_id = r.table_id)")


def select_list(columns: Sequence[str], alias: str = "") -> str:
    """``a, b, c`` or, with an alias, ``t.a, t.b, t.c`` (for a query that joins tables)."""
    return ", ".join(f"{alias}.{c}" if alias else c for c in columns)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def table_row(r: Sequence[Any]) -> TableRow:
    return TableRow(id=int(r[0]), guild_id=int(r[1]), channel_id=int(r[2]), thread_id=_opt_int(r[3]),
                    message_id=_opt_int(r[4]), game=str(r[5]), options=str(r[6]), seed=int(r[7]), status=str(r[8]),
                    host_id=int(r[9]), state=_opt_str(r[10]), version=int(r[11]), turn_deadline=_opt_str(r[12]),
                    next_event_at=_opt_str(r[13]), draw_offer=_opt_int(r[14]), outcome=_opt_str(r[15]),
                    created_at=str(r[16]), updated_at=str(r[17]), posted_version=_opt_int(r[18]))


def unreadable_table(r: Sequence[Any]) -> UnreadableTable | None:
    """What can be read of a table row ``table_row`` refused: its id and game, and each place column that reads
    (None where it does not); None when not even its id reads."""
    def number(value: Any) -> int | None:
        try:
            return _opt_int(value)
        except (ValueError, TypeError):
            return None

    table_id = number(r[0])
    return None if table_id is None else UnreadableTable(id=table_id, game=str(r[5]), guild_id=number(r[1]),
                                                         channel_id=number(r[2]), thread_id=number(r[3]))


def seat_row(r: Sequence[Any]) -> SeatRow:
    return SeatRow(table_id=int(r[0]), seat=int(r[1]), user_id=int(r[2]), name=str(r[3]), is_ai=bool(r[4]),
                   accepted=bool(r[5]), result=_opt_str(r[6]), out_reason=_opt_str(r[7]), timeouts=int(r[8]))


def move_row(r: Sequence[Any]) -> MoveRow:
    return MoveRow(table_id=int(r[0]), ply=int(r[1]), seat=int(r[2]), move=str(r[3]), created_at=str(r[4]))


#: a result's outcome as stored (``ResultRow.outcome``)
OUTCOMES = ("win", "loss", "draw")


def _outcome(value: Any) -> str:
    """A stored outcome, else ``ValueError`` (a row edited by hand: its words would be a catalogue key)."""
    if value not in OUTCOMES:
        raise ValueError("not an outcome")
    return str(value)


def result_row(r: Sequence[Any]) -> ResultRow:
    return ResultRow(table_id=int(r[0]), seat=int(r[1]), guild_id=int(r[2]), game=str(r[3]), user_id=int(r[4]),
                     place=int(r[5]), outcome=_outcome(r[6]), reason=str(r[7]), rated=bool(r[8]),
                     finished_at=str(r[9]))


def _finite(value: Any, above: float | None = None) -> float:
    """A stored real number: finite (and above ``above``), else ``ValueError`` (a row edited by hand)."""
    number = float(value)
    if not math.isfinite(number) or (above is not None and number <= above):
        raise ValueError("not a usable number")
    return number


def rating_row(r: Sequence[Any]) -> RatingRow:
    return RatingRow(guild_id=int(r[0]), game=str(r[1]), user_id=int(r[2]), mu=_finite(r[3]),
                     sigma=_finite(r[4], above=0.0),
                     games=int(r[5]), wins=int(r[6]), losses=int(r[7]), draws=int(r[8]), updated_at=str(r[9]))


def rating_point(r: Sequence[Any]) -> RatingPoint:
    return RatingPoint(guild_id=int(r[0]), game=str(r[1]), user_id=int(r[2]), table_id=int(r[3]), rating=int(r[4]),
                       finished_at=str(r[5]))


def finished_entry(r: Sequence[Any]) -> FinishedEntry:
    return FinishedEntry(table_id=int(r[0]), game=str(r[1]), place=int(r[2]), outcome=_outcome(r[3]), reason=str(r[4]),
                         rated=bool(r[5]), finished_at=str(r[6]), channel_id=int(r[7]), thread_id=_opt_int(r[8]),
                         players=int(r[9]))



def readable_rows(rows: Iterable[Sequence[Any]], build: Callable[[Sequence[Any]], T], what: str) -> list[T]:
    """``build`` of every row that can be read; one that cannot (edited by hand: text in a number's column, a
    rating that is no number) is left out and logged (``what`` names the kind, never a value), so one bad row
    does not take a whole leaderboard, history or game's end with it."""
    out = []
    for r in rows:
        try:
            out.append(build(r))
        except (ValueError, TypeError, OverflowError):
            log.warning("a %s row cannot be read and is left out", what)
    return out
