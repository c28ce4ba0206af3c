"""Storage for learning the games (issue 30): hints used per seat, takebacks, and lesson progress.

- ``hints``: how many hints each seat of a table was given, one a position (``give_hint``); the result post says it.
- ``takebacks``: every takeback asked at a table, numbered in order (``seq``), with the seat that asked,
  the table version it was asked at (a request is pending only while the table is still at that
  version: any move or takeback since makes it lapse), the moves it asks to take back, and its answer.
  The move log stays the truth: an accepted takeback removes those moves from ``moves`` and keeps them
  here, in one transaction with the table's version bump (``take_back``), so a stale accept changes
  nothing and every replay (``python -m data verify``, ``/replay``) reads the final line.

Kept apart from ``repository.py``: free functions over a ``Repository``, in the portable SQL it uses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.errors import StaleVersion
from data.repository import Conflict, Repository
from data.rows import readable_rows

#: ``TakebackRow.status``: waiting for the opponent, taken back, refused
PENDING = "pending"
ACCEPTED = "accepted"
DECLINED = "declined"

TAKEBACK_COLUMNS = ("table_id", "seq", "seat", "version", "asked_at", "status", "answered_by", "answered_at",
                    "moves")


@dataclass(frozen=True)
class ArchivedMove:
    """One move a takeback removed from the log: as stored, and in its public form (``/history``)."""

    ply: int
    seat: int
    move: str
    public: str


@dataclass(frozen=True)
class TakebackRow:
    """One takeback asked at a table (see the module docstring)."""

    table_id: int
    seq: int
    seat: int
    version: int
    asked_at: str
    status: str
    answered_by: int | None
    answered_at: str | None
    moves: tuple[ArchivedMove, ...]


def takeback_row(r: Any) -> TakebackRow:
    moves = tuple(ArchivedMove(int(m["ply"]), int(m["seat"]), str(m["move"]), str(m["public"]))
                  for m in json.loads(r[8] or "[]"))
    return TakebackRow(table_id=int(r[0]), seq=int(r[1]), seat=int(r[2]), version=int(r[3]), asked_at=str(r[4]),
                       status=str(r[5]), answered_by=None if r[6] is None else int(r[6]),
                       answered_at=None if r[7] is None else str(r[7]), moves=moves)


# ---- hints ----------------------------------------------------------------------------------------
async def given_hint(repo: Repository, table_id: int, seat: int, position: int) -> str | None:
    """The move last hinted to ``seat`` if it was hinted at ``position`` (a key of the whole state), else None."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT given_move FROM hints WHERE table_id = ? AND seat = ? AND given_position = ?",
                               (table_id, seat, position))
    return None if row is None or row[0] is None else str(row[0])


async def give_hint(repo: Repository, table_id: int, seat: int, position: int, move: str, *,
                    replacing: str | None = None) -> tuple[str, int]:
    """Keep ``move`` as the hint to ``seat`` at ``position`` (a key of the whole state) and count it, once a
    position: the same question asked again (a second click, the other language, after a restart, after a
    takeback back to it) is neither counted nor answered otherwise.  Returns the move hinted there (the first
    kept, when two asks raced) and the seat's count.  ``replacing``: the kept move there could not be read (edited
    by hand): ``move`` takes its place, not counted again."""
    async with repo.transaction() as tx:
        if replacing is not None:
            await tx._c.execute("UPDATE hints SET given_move = ? WHERE table_id = ? AND seat = ? "
                                "AND given_position = ? AND given_move = ?",
                                (move, table_id, seat, position, replacing))
        await tx._c.execute(
            "INSERT INTO hints (table_id, seat, used, given_position, given_move) VALUES (?, ?, 1, ?, ?) "
            "ON CONFLICT (table_id, seat) DO UPDATE SET used = hints.used + 1, "
            "given_position = excluded.given_position, given_move = excluded.given_move "
            "WHERE hints.given_position IS NULL OR hints.given_position <> excluded.given_position",
            (table_id, seat, position, move))
        row = await tx._c.fetchone("SELECT given_move, used FROM hints WHERE table_id = ? AND seat = ?",
                                   (table_id, seat))
    return (str(row[0]), int(row[1])) if row and row[0] is not None else (move, int(row[1]) if row else 0)


async def hints_used(repo: Repository, table_id: int) -> dict[int, int]:
    """Seat -> hints used, for the seats that used any."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT seat, used FROM hints WHERE table_id = ? AND used > 0 ORDER BY seat", (table_id,))
    return dict(readable_rows(rows, lambda r: (int(r[0]), int(r[1])), "hints"))


# ---- takebacks ------------------------------------------------------------------------------------
async def takebacks(repo: Repository, table_id: int) -> list[TakebackRow]:
    """Every takeback asked at the table, oldest first."""
    sql = f"SELECT {', '.join(TAKEBACK_COLUMNS)} FROM takebacks WHERE table_id = ? ORDER BY seq"
    async with repo._reading() as c:
        rows = await c.fetch(sql, (table_id,))
    return readable_rows(rows, takeback_row, "takeback")  # one that cannot be read was never asked


async def pending_takebacks(repo: Repository, table_ids: Sequence[int]) -> dict[int, list[tuple[int, int]]]:
    """The takebacks still marked pending at many tables in one query (``/games``): by table, each asker's seat
    and the table version it was asked at (a request lapses once the table has moved on from it)."""
    return await repo.pairs_by_table("SELECT table_id, seat, version FROM takebacks WHERE status = ? AND "
                                     "table_id IN ({ids}) ORDER BY table_id, seq", (PENDING,), table_ids, "takeback")


def _archive(moves: list[ArchivedMove]) -> str:
    return json.dumps([{"ply": m.ply, "seat": m.seat, "move": m.move, "public": m.public} for m in moves],
                      separators=(",", ":"))


async def ask_takeback(repo: Repository, table_id: int, seat: int, version: int, moves: list[ArchivedMove],
                       now: str) -> int:
    """Record a takeback asked by ``seat`` at table ``version`` for ``moves``; its number.

    ``StaleVersion`` (nothing written) when the table is no longer at ``version`` or another request
    is pending at it: someone else wrote first (another process too: two requests at once take the
    same number, and the key refuses the second).
    """
    try:
        async with repo.transaction() as tx:
            await tx.check_version(table_id, version)
            pending = await tx._c.fetchone(
                "SELECT COUNT(*) FROM takebacks WHERE table_id = ? AND status = ? AND version = ?",
                (table_id, PENDING, version))
            if pending and int(pending[0]):
                raise StaleVersion(table_id, version, version)
            row = await tx._c.fetchone("SELECT COALESCE(MAX(seq), 0) FROM takebacks WHERE table_id = ?", (table_id,))
            seq = (int(row[0]) if row else 0) + 1
            await tx._c.execute(
                "INSERT INTO takebacks (table_id, seq, seat, version, asked_at, status, moves) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", (table_id, seq, seat, version, now, PENDING, _archive(moves)))
    except Conflict:
        raise StaleVersion(table_id, version, None) from None
    return seq


async def decline_takeback(repo: Repository, table_id: int, seq: int, by_seat: int, now: str) -> bool:
    """Mark a pending takeback declined by ``by_seat``; False when it was no longer pending."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE takebacks SET status = ?, answered_by = ?, answered_at = ? WHERE table_id = ? AND seq = ? "
            "AND status = ?", (DECLINED, by_seat, now, table_id, seq, PENDING))
    return changed == 1


async def take_back(repo: Repository, table_id: int, seq: int, expected_version: int, from_ply: int,
                    archived: list[ArchivedMove], state_json: str, by_seat: int, now: str, **columns: Any) -> int:
    """Accept takeback ``seq``: the moves from ``from_ply`` on leave the log and are kept with the request,
    the snapshot becomes ``state_json``, and the table's version is bumped (``columns``: its deadlines),
    all in one transaction that checks the version.  The version after; ``StaleVersion`` and nothing
    changed when the table moved on or the request was answered meanwhile."""
    moves = _archive(archived)
    async with repo.transaction() as tx:
        answered = await tx._c.execute(
            "UPDATE takebacks SET status = ?, answered_by = ?, answered_at = ?, moves = ? WHERE table_id = ? "
            "AND seq = ? AND status = ? AND version = ?",
            (ACCEPTED, by_seat, now, moves, table_id, seq, PENDING, expected_version))
        if answered != 1:
            raise StaleVersion(table_id, expected_version, None)
        deleted = await tx._c.execute("DELETE FROM moves WHERE table_id = ? AND ply >= ?", (table_id, from_ply))
        if deleted != len(archived):  # the log is not what the caller read: nothing is written
            raise StaleVersion(table_id, expected_version, None)
        return await tx.update_table(table_id, expected_version, now, state=state_json, **columns)


# ---- lessons (``/learn``) ------------------------------------------------------------------------
@dataclass(frozen=True)
class LessonProgress:
    """A user's place in one game's course: the step they are at (0-based; the course's length once done),
    the wrong answers given at it, how many times they finished the course, and when it was last written
    (``updated_at``, as read; the latest of a user's rows is the course they last opened or answered)."""

    game: str
    step: int
    wrong: int
    finished: int
    updated_at: str = ""


async def lesson_progress(repo: Repository, user_id: int) -> dict[str, LessonProgress]:
    """Game -> the user's progress, for the courses they started."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT game, step, wrong, finished, updated_at FROM lesson_progress WHERE user_id = ? "
                             "ORDER BY game", (user_id,))
    return {str(r[0]): _lesson_row(r) for r in rows}


def _lesson_row(r: Any) -> LessonProgress:
    try:
        return LessonProgress(str(r[0]), int(r[1]), int(r[2]), int(r[3]), str(r[4]))
    except (ValueError, TypeError):  # text in a number column (SQLite): a place in no course, which
        return LessonProgress(str(r[0]), -1, 0, 0, "")  # ``tables.learn`` says it cannot read, and starts again


async def save_lesson(repo: Repository, user_id: int, progress: LessonProgress, now: str) -> None:
    """Write the user's progress in ``progress.game``'s course (created on the first step)."""
    async with repo.transaction() as tx:
        await tx._c.execute(
            "INSERT INTO lesson_progress (user_id, game, step, wrong, finished, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id, game) DO UPDATE SET step = excluded.step, wrong = excluded.wrong, "
            "finished = excluded.finished, updated_at = excluded.updated_at",
            (user_id, progress.game, progress.step, progress.wrong, progress.finished, now))
