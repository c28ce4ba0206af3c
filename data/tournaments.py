"""Storage for tournaments (issue 31): the event, its entrants, its rounds, each round's pairings.

- ``tournaments``: one event in a server: game, format (``round-robin`` or ``swiss``; an event of a game
  for three or four is seated in groups and stored as ``swiss``), its options as JSON (what the tables
  are opened with, the rounds asked, ``double``, ``mesa_fills``), the organiser, the cap of players, the
  rounds planned (fixed at the start), a status: ``open`` (taking entrants), ``running``,
  ``finished`` or ``cancelled``, and when a front end confirmed it delivered the final standings
  (``announced_at``).
- ``tournament_entrants``: who entered, in entry order (``seed``), and whether they are still in:
  ``in``, ``withdrawn`` (they said so), ``removed`` (by the organiser) or ``left`` (they left the server),
  with the round at which they stopped.
- ``tournament_rounds``: one row a round, ``PRIMARY KEY (tournament_id, round)``: a round is created
  exactly once.  :func:`pair_round` writes that row, the round's tables (seats accepted, waiting to be
  started) and its pairings in ONE transaction: of two processes pairing the same round one commits and
  the other's insert is refused (:class:`RoundTaken`, nothing of it written); a process killed inside the
  transaction leaves nothing, and the next sweep pairs the round again.
  ``announced_at``: when a front end confirmed it delivered the round's announcement; until then the sweep
  hands it out again, one process a minute (:func:`lease_announcement`: ``paired_at`` is then when it was
  last handed out).
- ``tournament_pairings``: each board of a round: ``kind`` (``game``: a table was opened, ``bye``, or
  ``forfeit``: the opponent had withdrawn), the table, the players in seat order (Mesa's ids where Mesa
  fills a seat) and, once decided, their places as read from the finished table (:func:`decide`, which
  writes them once: ``WHERE places IS NULL``).
- ``tournament_settings``: per server, whether only people with Manage Server may create, start and
  cancel tournaments.

Kept apart from ``repository.py``: free functions over a ``Repository``, in the portable SQL it uses.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from data.models import INVITED, SeatRow, moment_or_none, now_iso, parse_iso
from data.repository import Conflict, Repository, Tx, readable

T = TypeVar("T")

#: ``TournamentRow.status``
OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
#: statuses that count towards a server's cap of tournaments
UNDERWAY = (OPEN, RUNNING)
#: ``EntrantRow.status``
IN, WITHDRAWN, REMOVED, LEFT = "in", "withdrawn", "removed", "left"
#: a paired table's ``posted_version`` until its front end made its place (``unplaced_table``)
UNPLACED = -1
#: ``PairingRow.kind``
GAME, BYE, FORFEIT = "game", "bye", "forfeit"

TOURNAMENT_COLUMNS = ("id", "guild_id", "channel_id", "game", "format", "options", "organiser_id", "max_players",
                      "rounds", "status", "created_at", "updated_at", "organiser_name", "warned_at",
                      "warning_delivered_at", "suspended_at", "channel_gone_at")
ENTRANT_COLUMNS = ("tournament_id", "user_id", "name", "seed", "joined_at", "status", "left_round", "left_at")
PAIRING_COLUMNS = ("tournament_id", "round", "board", "kind", "table_id", "players", "places", "decided_at")


class Refused(Exception):
    """A write refused by what the database holds (nothing written); ``reason`` says what was found."""

    def __init__(self, reason: str, **facts: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.facts = facts


class RoundTaken(Exception):
    """The round was already paired (by another process, or before a restart): nothing was written."""


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    format: str
    options: dict[str, Any]
    organiser_id: int
    max_players: int
    rounds: int
    status: str
    created_at: str
    updated_at: str
    #: the organiser's name when they created the event (None: an event from before it was kept)
    organiser_name: str | None = None
    #: when the warning that the event, open for entries, closes unstarted was last handed out to a front end
    #: (``tables.tournament_idle``), and when a front end confirmed it delivered it (the close counts from then)
    warned_at: str | None = None
    warning_delivered_at: str | None = None
    #: since when Mesa is out of the event's server (its idle clock stands still meanwhile)
    suspended_at: str | None = None
    #: when Discord said the event's channel was deleted (nothing is posted there any more)
    channel_gone_at: str | None = None


@dataclass(frozen=True)
class EntrantRow:
    tournament_id: int
    user_id: int
    name: str
    seed: int
    joined_at: str
    status: str
    left_round: int | None
    left_at: str | None


@dataclass(frozen=True)
class PairingRow:
    """One board of a round; ``places`` (seat order, 1 = best) once the table is decided."""

    tournament_id: int
    round: int
    board: int
    kind: str
    table_id: int | None
    players: tuple[int, ...]
    places: tuple[int, ...] | None
    decided_at: str | None


@dataclass(frozen=True)
class NewTable:
    """A table a pairing opens: its columns for ``Tx.create_table`` and its seats (``table_id`` 0)."""

    channel_id: int
    game: str
    options: str
    seed: int
    host_id: int
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class NewPairing:
    """One board of a round to write: a ``game`` with its ``table`` to open, or a ``bye`` / ``forfeit``
    (``places`` given at once: a bye or forfeit is decided when it is paired)."""

    board: int
    kind: str
    players: tuple[int, ...]
    table: NewTable | None = None
    places: tuple[int, ...] | None = None


class DamagedTournament(Exception):
    """A tournament's row, or one of its entrants' or pairings', cannot be read (edited by hand, or damaged):
    that event cannot go on, and it says so; every other event is read as ever."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"tournament {tournament_id}: a stored row cannot be read")
        self.tournament_id = tournament_id


def _read(tournament_id: Any, build: Callable[[], T]) -> T:
    """``build()``, or ``DamagedTournament`` when a column of its row is not what Mesa writes."""
    try:
        return build()
    except (ValueError, TypeError, KeyError, AttributeError):
        raise DamagedTournament(int(tournament_id)) from None


def _object(text: Any) -> dict[str, Any]:
    value = json.loads(text or "{}")
    if not isinstance(value, dict):
        raise ValueError("not an object")
    return value


def tournament_row(r: Any) -> TournamentRow:
    return _read(r[0], lambda: TournamentRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), str(r[4]), _object(r[5]),
                                             int(r[6]), int(r[7]), int(r[8]), str(r[9]), str(r[10]), str(r[11]),
                                             *(None if v is None else str(v) for v in r[12:17])))


def entrant_row(r: Any) -> EntrantRow:
    return _read(r[0], lambda: EntrantRow(int(r[0]), int(r[1]), str(r[2]), int(r[3]), str(r[4]), str(r[5]),
                                          None if r[6] is None else int(r[6]), None if r[7] is None else str(r[7])))


def pairing_row(r: Any) -> PairingRow:
    def build() -> PairingRow:
        places = None if r[6] is None else tuple(int(p) for p in json.loads(r[6]))
        return PairingRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), None if r[4] is None else int(r[4]),
                          tuple(int(p) for p in json.loads(r[5])), places, None if r[7] is None else str(r[7]))
    return _read(r[0], build)


def _dump(values: Sequence[int]) -> str:
    return json.dumps(list(values), separators=(",", ":"))


_T = ", ".join(TOURNAMENT_COLUMNS)
_E = ", ".join(ENTRANT_COLUMNS)
_P = ", ".join(PAIRING_COLUMNS)


# ---- reads ------------------------------------------------------------------------------------------
async def get_tournament(repo: Repository, tournament_id: int) -> TournamentRow | None:
    async with repo._reading() as c:
        row = await c.fetchone(f"SELECT {_T} FROM tournaments WHERE id = ?", (tournament_id,))
    return None if row is None else tournament_row(row)


async def guild_tournaments(repo: Repository, guild_id: int, statuses: Sequence[str] = UNDERWAY) -> list[TournamentRow]:
    """The server's tournaments in these statuses, oldest first."""
    marks = ", ".join("?" for _ in statuses)
    async with repo._reading() as c:
        rows = await c.fetch(f"SELECT {_T} FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
                             (guild_id, *statuses))
    return [tournament_row(r) for r in rows]


async def latest_tournament(repo: Repository, guild_id: int) -> TournamentRow | None:
    """The server's most recent tournament, whatever its status (standings of a finished one)."""
    async with repo._reading() as c:
        row = await c.fetchone(f"SELECT {_T} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT 1",
                               (guild_id,))
    return None if row is None else tournament_row(row)


async def running_tournaments(repo: Repository) -> list[int]:
    """Every running tournament's id (the sweep)."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT id FROM tournaments WHERE status = ? ORDER BY id", (RUNNING,))
    return [int(r[0]) for r in rows]


async def entrants(repo: Repository, tournament_id: int) -> list[EntrantRow]:
    """Everyone who entered (withdrawn ones too), in entry order."""
    async with repo._reading() as c:
        rows = await c.fetch(f"SELECT {_E} FROM tournament_entrants WHERE tournament_id = ? ORDER BY seed",
                             (tournament_id,))
    return [entrant_row(r) for r in rows]


async def pairings(repo: Repository, tournament_id: int, round_: int | None = None) -> list[PairingRow]:
    """The pairings of one round, or of every round, in round and board order."""
    sql = f"SELECT {_P} FROM tournament_pairings WHERE tournament_id = ?"
    params: tuple[Any, ...] = (tournament_id,)
    if round_ is not None:
        sql += " AND round = ?"
        params += (round_,)
    async with repo._reading() as c:
        rows = await c.fetch(sql + " ORDER BY round, board", params)
    return [pairing_row(r) for r in rows]


async def rounds_paired(repo: Repository, tournament_id: int) -> int:
    """How many rounds have been paired (the current round's number; 0 before the start)."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT COALESCE(MAX(round), 0) FROM tournament_rounds WHERE tournament_id = ?",
                               (tournament_id,))
    return int(row[0]) if row else 0


async def undecided_tables(repo: Repository, tournament_id: int, round_: int) -> dict[int, tuple[int, str]]:
    """The round's boards still undecided that have a table: board -> (table id, the table's status), in one
    query (the sweep reads it every tick for every running tournament)."""
    async with repo._reading() as c:
        rows = await c.fetch(
            "SELECT p.board, p.table_id, t.status FROM tournament_pairings p JOIN tables t ON t.id = p.table_id "
            "WHERE p.tournament_id = ? AND p.round = ? AND p.places IS NULL ORDER BY p.board", (tournament_id, round_))
    return {int(r[0]): (int(r[1]), str(r[2])) for r in rows}


async def pairing_of_table(repo: Repository, table_id: int) -> PairingRow | None:
    """The pairing that opened this table, if a tournament did."""
    async with repo._reading() as c:
        row = await c.fetchone(f"SELECT {_P} FROM tournament_pairings WHERE table_id = ?", (table_id,))
    return None if row is None else pairing_row(row)


async def underway_of_table(repo: Repository, table_id: int) -> int | None:
    """The id of the tournament underway (open or running) that paired this table, if one did: such a table
    is not cancelled or left like a friendly one (``Seating.abort``, ``Seating.leave``)."""
    async with repo._reading() as c:
        row = await c.fetchone(
            "SELECT p.tournament_id FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id "
            f"WHERE p.table_id = ? AND t.status IN ({', '.join('?' for _ in UNDERWAY)})", (table_id, *UNDERWAY))
    return None if row is None else int(row[0])


async def unplaced_table(repo: Repository, table_id: int) -> bool:
    """Whether a tournament paired this table and its front end has not made its place yet (no thread, and
    no post recorded: ``posted_version`` still ``UNPLACED``, or NULL for a table paired before it was set)."""
    async with repo._reading() as c:
        row = await c.fetchone(
            "SELECT 1 FROM tournament_pairings p JOIN tables t ON t.id = p.table_id WHERE p.table_id = ? "
            "AND t.thread_id IS NULL AND (t.posted_version IS NULL OR t.posted_version < 0)", (table_id,))
    return row is not None


@dataclass(frozen=True)
class ListedRow:
    """A tournament as a list of choices shows it: how many players are in, and whether the asker is one."""

    tournament: TournamentRow
    players: int
    entered: bool


async def guild_listing(repo: Repository, guild_id: int, user_id: int, limit: int) -> list[ListedRow]:
    """The server's tournaments, those underway first then the most recent others, newest first within
    each, at most ``limit``; each with its players still in and whether ``user_id`` is one (one query)."""
    cols = ", ".join("t." + c for c in TOURNAMENT_COLUMNS)
    marks = ", ".join("?" for _ in UNDERWAY)
    sql = (f"SELECT {cols}, (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id "
           f"AND e.status = ?), (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id "
           f"AND e.user_id = ? AND e.status = ?) FROM tournaments t WHERE t.guild_id = ? "
           f"ORDER BY CASE WHEN t.status IN ({marks}) THEN 0 ELSE 1 END, t.id DESC LIMIT ?")
    async with repo._reading() as c:
        rows = await c.fetch(sql, (IN, user_id, IN, guild_id, *UNDERWAY, limit))
    n = len(TOURNAMENT_COLUMNS)
    listed = []
    for r in rows:  # a damaged event is left out of the choices (it says so when named): the others stay offered
        try:
            listed.append(ListedRow(tournament_row(r[:n]), int(r[n]), bool(int(r[n + 1]))))
        except DamagedTournament:
            continue
    return listed


async def user_tournaments(repo: Repository, guild_id: int, user_id: int,
                           statuses: Sequence[str] = UNDERWAY, *, skip_damaged: bool = False) -> list[TournamentRow]:
    """The server's tournaments in these statuses that the user entered (and is still in), oldest first
    (``skip_damaged``: without those whose row cannot be read, else ``DamagedTournament``)."""
    marks = ", ".join("?" for _ in statuses)
    sql = (f"SELECT {', '.join('t.' + c for c in TOURNAMENT_COLUMNS)} FROM tournaments t JOIN tournament_entrants e "
           f"ON e.tournament_id = t.id WHERE t.guild_id = ? AND e.user_id = ? AND e.status = ? "
           f"AND t.status IN ({marks}) ORDER BY t.id")
    async with repo._reading() as c:
        rows = await c.fetch(sql, (guild_id, user_id, IN, *statuses))
    found = []
    for r in rows:
        try:
            found.append(tournament_row(r))
        except DamagedTournament:
            if not skip_damaged:
                raise
    return found


async def managers_only(repo: Repository, guild_id: int) -> bool:
    """Whether only people with Manage Server may create, start and cancel tournaments here."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT managers_only FROM tournament_settings WHERE guild_id = ?", (guild_id,))
    # a flag that cannot be read (edited by hand) keeps organising to the server's managers: the safe side
    return bool(row and readable(guild_id, "tournaments", lambda: int(row[0]), 1))


# ---- writes ----------------------------------------------------------------------------------------
async def set_managers_only(repo: Repository, guild_id: int, value: bool, now: str) -> None:
    async with repo.transaction() as tx:
        await tx._c.execute(
            "INSERT INTO tournament_settings (guild_id, managers_only, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET managers_only = excluded.managers_only, "
            "updated_at = excluded.updated_at", (guild_id, int(value), now))


async def create_tournament(repo: Repository, *, guild_id: int, channel_id: int, game: str, format: str,
                            options: dict[str, Any], organiser_id: int, max_players: int, cap: int,
                            now: str, organiser_name: str | None = None) -> int:
    """A new open tournament; ``Refused("cap")`` when the server already has ``cap`` open or running
    (counted under a per-server lock in the insert's transaction: two creations at once cannot both pass)."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournaments:{guild_id}")
        row = await tx._c.fetchone(
            f"SELECT COUNT(*) FROM tournaments WHERE guild_id = ? AND status IN ({', '.join('?' for _ in UNDERWAY)})",
            (guild_id, *UNDERWAY))
        if row and int(row[0]) >= cap:
            raise Refused("cap", cap=cap)
        made = await tx._c.fetchone(
            "INSERT INTO tournaments (guild_id, channel_id, game, format, options, organiser_id, max_players, rounds, "
            "status, created_at, updated_at, organiser_name) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, game, format, json.dumps(options, sort_keys=True), organiser_id, max_players,
             OPEN, now, now, organiser_name))
    assert made is not None
    return int(made[0])


async def tournament_made(repo: Repository, guild_id: int, organiser_id: int, channel_id: int, game: str,
                          now: str) -> int | None:
    """The tournament ``create_tournament`` made with these values at ``now``, if the database stored it (read on a
    fresh connection after a storage fault: the COMMIT may have gone through, its answer lost), else None."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT id FROM tournaments WHERE guild_id = ? AND organiser_id = ? AND channel_id = ? "
                               "AND game = ? AND created_at = ? ORDER BY id DESC", (guild_id, organiser_id,
                                                                                    channel_id, game, now))
    return None if row is None else int(row[0])


async def _status(tx: Tx, tournament_id: int) -> str | None:
    row = await tx._c.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
    return None if row is None else str(row[0])


async def join(repo: Repository, tournament_id: int, user_id: int, name: str, now: str) -> int:
    """Enter the user (seeded after everyone who entered before); how many are entered now.  ``Refused``
    with ``missing``, ``not_open``, ``already`` or ``full`` (nothing written)."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")
        row = await tx._c.fetchone("SELECT status, max_players FROM tournaments WHERE id = ?", (tournament_id,))
        if row is None:
            raise Refused("missing")
        if str(row[0]) != OPEN:
            raise Refused("not_open", status=str(row[0]))
        seen = await tx._c.fetchone("SELECT status FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                                    (tournament_id, user_id))
        if seen is not None:
            raise Refused("already", status=str(seen[0]))
        count = await tx._c.fetchone("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ? AND status = ?",
                                     (tournament_id, IN))
        assert count is not None
        if int(count[0]) >= int(row[1]):
            raise Refused("full", max=int(row[1]))
        top = await tx._c.fetchone("SELECT COALESCE(MAX(seed), 0) FROM tournament_entrants WHERE tournament_id = ?",
                                   (tournament_id,))
        seed = (int(top[0]) if top else 0) + 1
        try:
            await tx._c.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, name, seed, joined_at, status) "
                "VALUES (?, ?, ?, ?, ?, ?)", (tournament_id, user_id, name, seed, now, IN))
        except Conflict:
            raise Refused("already", status=IN) from None
        # a join starts an open event's wait for its start over (``tables.tournament_idle``)
        await tx._c.execute("UPDATE tournaments SET updated_at = ?, warned_at = NULL, warning_delivered_at = NULL "
                            "WHERE id = ?", (now, tournament_id))
    return int(count[0]) + 1


async def leave_open(repo: Repository, tournament_id: int, user_id: int, now: str) -> int:
    """Take the user off an open tournament's list (before the start: no trace is kept); how many are entered now.
    ``Refused("not_open")`` or ``Refused("not_entered")``."""
    async with repo.transaction() as tx:
        status = await _status(tx, tournament_id)
        if status != OPEN:
            raise Refused("not_open", status=status)
        gone = await tx._c.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ? "
                                   "AND status = ?", (tournament_id, user_id, IN))
        if gone != 1:
            raise Refused("not_entered")
        # so does a leave
        await tx._c.execute("UPDATE tournaments SET updated_at = ?, warned_at = NULL, warning_delivered_at = NULL "
                            "WHERE id = ?", (now, tournament_id))
        left = await tx._c.fetchone("SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = ? AND status = ?",
                                    (tournament_id, IN))
    return int(left[0]) if left else 0


async def stop_entrant(repo: Repository, tournament_id: int, user_id: int, status: str, now: str) -> bool:
    """Mark a player of a running tournament out (``withdrawn``, ``removed``, ``left``) after the last round
    paired (``left_round``: they were paired in it, and no more); False when they were not in (already
    out, or never entered)."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")  # after a pairing that read them, or before it
        changed = await tx._c.execute(
            "UPDATE tournament_entrants SET status = ?, left_at = ?, left_round = (SELECT COALESCE(MAX(round), 0) "
            "FROM tournament_rounds WHERE tournament_id = ?) WHERE tournament_id = ? AND user_id = ? AND status = ?",
            (status, now, tournament_id, tournament_id, user_id, IN))
    return changed == 1


async def idle_open(repo: Repository, before: str) -> list[int]:
    """The open tournaments whose last change (creation, a join, a leave) came before ``before``, oldest first;
    not those of a server Mesa is out of (their idle clock stands still: ``suspend_open``)."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT id FROM tournaments WHERE status = ? AND updated_at < ? AND suspended_at IS NULL "
                             "ORDER BY id", (OPEN, before))
    return [int(r[0]) for r in rows]


async def lease_warning(repo: Repository, tournament_id: int, before: str, handed_before: str, now: str) -> bool:
    """Take the right to hand out the warning that an open tournament idle since before ``before`` closes
    unstarted: the first time in this idle spell, or again when the last hand-out (before ``handed_before``) was
    never confirmed delivered (``warned_delivered``).  False when it was delivered already (a join or a leave
    clears it), changed meanwhile (a join, a leave, its start), Mesa is out of its server, or another process
    took it: one process a minute hands it out, until a front end confirms it."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")
        changed = await tx._c.execute(
            "UPDATE tournaments SET warned_at = ? WHERE id = ? AND status = ? AND updated_at < ? "
            "AND suspended_at IS NULL AND warning_delivered_at IS NULL AND (warned_at IS NULL OR warned_at < ?)",
            (now, tournament_id, OPEN, before, handed_before))
    return changed == 1


async def warned_delivered(repo: Repository, tournament_id: int, now: str) -> bool:
    """Record that a front end delivered the warning handed out (``lease_warning``); the close counts a day from
    ``now``.  False when there is none to confirm: a join or a leave since cleared it (that warning is void), the
    event is no longer open, or it was confirmed already."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")
        changed = await tx._c.execute(
            "UPDATE tournaments SET warning_delivered_at = ? WHERE id = ? AND status = ? AND warned_at IS NOT NULL "
            "AND warning_delivered_at IS NULL", (now, tournament_id, OPEN))
    return changed == 1


async def close_idle(repo: Repository, tournament_id: int, before: str, warned_by: str, now: str) -> bool:
    """Cancel an open tournament that has had no change since before ``before`` and whose warning was delivered
    since, by ``warned_by``; False when it changed meanwhile (a join or a leave keeps it open, a start runs it),
    its warning was not delivered in time, Mesa is out of its server, or another process closed it first."""
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")
        changed = await tx._c.execute(
            "UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ? AND status = ? AND updated_at < ? "
            "AND suspended_at IS NULL AND warning_delivered_at IS NOT NULL AND warning_delivered_at <= ?",
            (CANCELLED, now, tournament_id, OPEN, before, warned_by))
    return changed == 1


async def suspend_open(repo: Repository, guild_id: int, now: str) -> list[int]:
    """Mesa is out of ``guild_id``: its open tournaments' idle clock stops (``suspended_at``); their ids."""
    async with repo.transaction() as tx:
        rows = await tx._c.fetch(
            "UPDATE tournaments SET suspended_at = ? WHERE guild_id = ? AND status = ? AND suspended_at IS NULL "
            "RETURNING id", (now, guild_id, OPEN))
    return sorted(int(r[0]) for r in rows)


async def resume_open(repo: Repository, guild_id: int, now: str) -> list[int]:
    """Mesa is back in ``guild_id``: its suspended tournaments' idle clock runs again, moved on by the time away
    (the last change, the warning's hand-out and its delivery alike), as a table's deadline is; their ids."""
    moment = parse_iso(now)
    assert moment is not None
    resumed: list[int] = []
    async with repo.transaction() as tx:
        rows = await tx._c.fetch("SELECT id, suspended_at, updated_at, warned_at, warning_delivered_at "
                                 "FROM tournaments WHERE guild_id = ? AND suspended_at IS NOT NULL ORDER BY id",
                                 (guild_id,))
        for tid, since, changed, warned, delivered in rows:
            started = moment_or_none(str(since))
            away = moment - started if started is not None and moment > started else timedelta(0)
            await tx._c.execute(
                "UPDATE tournaments SET suspended_at = NULL, updated_at = ?, warned_at = ?, warning_delivered_at = ? "
                "WHERE id = ?", (_shift(changed, away), _shift(warned, away), _shift(delivered, away), int(tid)))
            resumed.append(int(tid))
    return resumed


def _shift(text: Any, away: timedelta) -> str | None:
    if text is None:
        return None
    when = moment_or_none(str(text))  # a moment edited into no moment is kept as it is
    return str(text) if when is None else now_iso(when + away)


async def mark_channel_gone(repo: Repository, channel_id: int, now: str) -> list[int]:
    """Discord said ``channel_id`` is deleted: the tournaments announced there (open or running, not marked yet)
    are marked, so nothing more is posted there; their ids (each is told to its people once, by whoever marks
    it)."""
    async with repo.transaction() as tx:
        rows = await tx._c.fetch(
            "UPDATE tournaments SET channel_gone_at = ? WHERE channel_id = ? AND status IN (?, ?) "
            "AND channel_gone_at IS NULL RETURNING id", (now, channel_id, OPEN, RUNNING))
    return sorted(int(r[0]) for r in rows)


async def set_status(repo: Repository, tournament_id: int, expected: Sequence[str], status: str, now: str,
                     rounds: int | None = None) -> bool:
    """Move a tournament from one of ``expected`` to ``status`` (and fix its ``rounds``); False when it
    was no longer in one of them (another process was first)."""
    marks = ", ".join("?" for _ in expected)
    sets = "status = ?, updated_at = ?"
    params: list[Any] = [status, now]
    if rounds is not None:
        sets += ", rounds = ?"
        params.append(rounds)
    async with repo.transaction() as tx:
        await tx._serialise(f"tournament:{tournament_id}")
        changed = await tx._c.execute(f"UPDATE tournaments SET {sets} WHERE id = ? AND status IN ({marks})",
                                      (*params, tournament_id, *expected))
    return changed == 1


#: a test's stand-in for a process killed inside the pairing's transaction (``pair_round``)
FaultHook = Any


async def pair_round(repo: Repository, tournament_id: int, round_: int, boards: Sequence[NewPairing], *,
                     guild_id: int, still_in: Collection[int], now: str, fault: FaultHook = None) -> dict[int, int]:
    """Write round ``round_``: its row, its tables (seats accepted, status ``invited`` until started) and its
    pairings, in one transaction; board -> table id.  ``RoundTaken`` when the round exists already
    (nothing written); ``Refused("not_running")`` when the tournament is no longer running, and
    ``Refused("stale")`` when the players still in are no longer ``still_in``, those the round was computed
    for (someone withdrew meanwhile: whoever withdrew them pairs the round again).  Under the tournament's
    lock (PostgreSQL: an advisory lock; SQLite's writes are serial), as every change of status or entrant is."""
    tables: dict[int, int] = {}
    try:
        async with repo.transaction() as tx:
            await tx._serialise(f"tournament:{tournament_id}")
            if await _status(tx, tournament_id) != RUNNING:
                raise Refused("not_running")
            playing = await tx._c.fetch(
                "SELECT user_id FROM tournament_entrants WHERE tournament_id = ? AND status = ?", (tournament_id, IN))
            if {int(r[0]) for r in playing} != set(still_in):
                raise Refused("stale")
            await tx._c.execute("INSERT INTO tournament_rounds (tournament_id, round, paired_at) VALUES (?, ?, ?)",
                                (tournament_id, round_, now))
            for pairing in boards:
                table_id = None
                if pairing.table is not None:
                    made = pairing.table
                    table_id = await tx.create_table(guild_id=guild_id, channel_id=made.channel_id, game=made.game,
                                                     options=made.options, seed=made.seed, status=INVITED,
                                                     host_id=made.host_id, now=now)
                    for seat in made.seats:
                        await tx.add_seat(SeatRow(table_id, seat.seat, seat.user_id, seat.name, seat.is_ai, True))
                    # no place yet: the front end makes the table's thread before its first post, and
                    # ``missed_posts`` finds the board of a table started but never posted (a restart)
                    await tx.update_table(table_id, None, now, bump=False, posted_version=UNPLACED)
                    tables[pairing.board] = table_id
                if fault is not None:
                    await fault(pairing.board)
                await tx._c.execute(
                    "INSERT INTO tournament_pairings (tournament_id, round, board, kind, table_id, players, places, "
                    "decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (tournament_id, round_, pairing.board, pairing.kind, table_id, _dump(pairing.players),
                     None if pairing.places is None else _dump(pairing.places),
                     None if pairing.places is None else now))
            await tx._c.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", (now, tournament_id))
    except Conflict:
        raise RoundTaken() from None
    return tables


async def mark_announced(repo: Repository, tournament_id: int, round_: int, now: str) -> bool:
    """Record that the round's announcement was handed to a front end; False when it already was."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE tournament_rounds SET announced_at = ? WHERE tournament_id = ? AND round = ? "
            "AND announced_at IS NULL", (now, tournament_id, round_))
    return changed == 1


async def mark_final_announced(repo: Repository, tournament_id: int, now: str) -> bool:
    """Record that a finished tournament's final standings were handed to a front end; False when they were."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE tournaments SET announced_at = ? WHERE id = ? AND status = ? AND announced_at IS NULL",
            (now, tournament_id, FINISHED))
    return changed == 1


async def unannounced_finals(repo: Repository, finished_before: str) -> list[int]:
    """Tournaments finished before ``finished_before`` whose final standings were never handed out."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT id FROM tournaments WHERE status = ? AND announced_at IS NULL AND updated_at < ? "
                             "ORDER BY id", (FINISHED, finished_before))
    return [int(r[0]) for r in rows]


async def unannounced_rounds(repo: Repository, tournament_id: int, paired_before: str) -> list[int]:
    """Rounds paired before ``paired_before`` whose announcement was never handed out (a process died
    between the pairing's commit and its announcement)."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT round FROM tournament_rounds WHERE tournament_id = ? AND announced_at IS NULL "
                             "AND paired_at < ? ORDER BY round", (tournament_id, paired_before))
    return [int(r[0]) for r in rows]


async def lease_announcement(repo: Repository, tournament_id: int, round_: int, paired_before: str, now: str) -> bool:
    """Take the right to hand out again a round's announcement never confirmed: one process at a time, once a
    minute (``paired_at`` moves on to ``now``: from then on it is when the announcement was last handed out);
    False when another process took it, or it was confirmed meanwhile."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE tournament_rounds SET paired_at = ? WHERE tournament_id = ? AND round = ? "
            "AND announced_at IS NULL AND paired_at < ?", (now, tournament_id, round_, paired_before))
    return changed == 1


async def lease_final(repo: Repository, tournament_id: int, finished_before: str, now: str) -> bool:
    """The same for the final standings of a finished tournament (``updated_at`` moves on to ``now``)."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE tournaments SET updated_at = ? WHERE id = ? AND status = ? AND announced_at IS NULL "
            "AND updated_at < ?", (now, tournament_id, FINISHED, finished_before))
    return changed == 1


async def decide(repo: Repository, tournament_id: int, round_: int, board: int, places: Sequence[int],
                 now: str) -> bool:
    """Record a board's places, once: False when they were recorded already."""
    async with repo.transaction() as tx:
        changed = await tx._c.execute(
            "UPDATE tournament_pairings SET places = ?, decided_at = ? WHERE tournament_id = ? AND round = ? "
            "AND board = ? AND places IS NULL", (_dump(places), now, tournament_id, round_, board))
    return changed == 1
