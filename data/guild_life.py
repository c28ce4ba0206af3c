"""Storage for a server's life around its tables (issue 15, defects 4, 5 and 7).

- A server's language (``guild_settings.locale``): public posts made without a caller (time-outs,
  boards retried on the ticker) are said in it, after a restart too.
- How long its invitations and open tables wait (``guild_settings.invitation_expiry``, seconds).
  A waiting table's ``next_event_at`` is the moment it expires; the ticker claims due ones like
  deadlines (``claim_expired_waiting``), so two processes never expire one table twice.
- Tables suspended while the bot is not in their server (``tables.suspended_at``): their deadline
  event is put aside (``suspended_event``) so no ticker sees them, and given back, shifted by the
  time away, when the bot returns.

Kept apart from ``repository.py``: free functions over a ``Repository``, in the portable SQL it uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from data.models import moment_or_none, now_iso, parse_iso
from data.repository import Repository, positive, readable

#: statuses of a table waiting for players (``models.WAITING``), spelled for SQL
_WAITING_SQL = "('invited', 'open')"
#: statuses a suspension covers (``models.LIVE``)
_LIVE_SQL = "('invited', 'open', 'active')"


# ---- the server's language and invitation expiry ------------------------------------------------
async def guild_locale(repo: Repository, guild_id: int) -> str | None:
    """The server's Discord locale as last seen (``es-ES``), or None."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return None if row is None else row[0]


async def set_guild_locale(repo: Repository, guild_id: int, locale: str | None, now: str) -> None:
    async with repo.transaction() as tx:
        await tx._c.execute(
            "INSERT INTO guild_settings (guild_id, locale, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
            (guild_id, locale, now))


async def invitation_expiry(repo: Repository, guild_id: int) -> int | None:
    """Seconds a server's invitations and open tables wait, or None for the product default."""
    async with repo._reading() as c:
        row = await c.fetchone("SELECT invitation_expiry FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None or row[0] is None:
        return None
    return readable(guild_id, "invitation_expiry", lambda: positive(row[0]), None)


async def set_invitation_expiry(repo: Repository, guild_id: int, seconds: int | None, now: str) -> None:
    async with repo.transaction() as tx:
        await tx._c.execute(
            "INSERT INTO guild_settings (guild_id, invitation_expiry, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET invitation_expiry = excluded.invitation_expiry, "
            "updated_at = excluded.updated_at",
            (guild_id, seconds, now))


# ---- waiting tables that expire -----------------------------------------------------------------
async def waiting_without_expiry(repo: Repository) -> list[tuple[int, int, str]]:
    """(id, guild, created_at) of waiting tables not yet given an expiry moment (new, or older than V7)."""
    sql = (f"SELECT id, guild_id, created_at FROM tables WHERE status IN {_WAITING_SQL} "
           "AND next_event_at IS NULL AND suspended_at IS NULL ORDER BY id")
    async with repo._reading() as c:
        return [(int(r[0]), int(r[1]), str(r[2])) for r in await c.fetch(sql)]


async def set_waiting_expiry(repo: Repository, table_id: int, moment: str) -> None:
    """Give a waiting table its expiry moment (only while it still waits and has none)."""
    async with repo.transaction() as tx:
        await tx._c.execute(
            f"UPDATE tables SET next_event_at = ? WHERE id = ? AND status IN {_WAITING_SQL} "
            "AND next_event_at IS NULL", (moment, table_id))


async def claim_expired_waiting(repo: Repository, now: str, owner: str, until: str, limit: int = 100) -> list[int]:
    """Claim the waiting tables whose expiry moment has come (as ``claim_due_tables`` does deadlines)."""
    pick = (
        f"SELECT id FROM tables WHERE status IN {_WAITING_SQL} AND suspended_at IS NULL "
        "AND next_event_at IS NOT NULL AND next_event_at <= ? "
        "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_event_at, id LIMIT ?"
        + repo._skip_locked
    )
    sql = f"UPDATE tables SET claimed_by = ?, claimed_until = ? WHERE id IN ({pick}) RETURNING id, next_event_at"
    async with repo.transaction() as tx:
        rows = await tx._c.fetch(sql, (owner, until, now, now, int(limit)))
    return [int(r[0]) for r in sorted(rows, key=lambda r: (r[1], r[0]))]


def _shift(text: str | None, away: timedelta | None) -> str | None:
    when = moment_or_none(text)  # one edited into no moment is kept as it is (that table alone is damaged)
    return text if when is None or away is None else now_iso(when + away)


# ---- suspension while the bot is away -----------------------------------------------------------
async def suspend_guild_tables(repo: Repository, guild_id: int, now: str) -> list[int]:
    """Suspend every live table of a server not suspended yet; returns their ids.

    The deadline event moves to ``suspended_event`` and ``next_event_at`` is cleared, so no ticker
    (deadlines, reminders, expiry) claims the table.  The version is not bumped: nothing a player
    sees has changed, and their buttons keep working when the bot is back.
    """
    async with repo.transaction() as tx:
        rows = await tx._c.fetch(
            f"UPDATE tables SET suspended_at = ?, suspended_event = next_event_at, next_event_at = NULL "
            f"WHERE guild_id = ? AND status IN {_LIVE_SQL} AND suspended_at IS NULL RETURNING id",
            (now, guild_id))
    return sorted(int(r[0]) for r in rows)


async def resume_guild_tables(repo: Repository, guild_id: int, now: str) -> list[tuple[int, str]]:
    """Resume a server's suspended tables: deadlines shifted by the time away.  Returns (id, status).

    Each table's turn deadline and deadline event move on by exactly the time it was suspended, so
    the player to move loses none of their time (nor does an invitation).
    """
    moment = parse_iso(now)
    assert moment is not None
    resumed: list[tuple[int, str]] = []
    async with repo.transaction() as tx:
        rows = await tx._c.fetch(
            "SELECT id, status, suspended_at, suspended_event, turn_deadline FROM tables "
            "WHERE guild_id = ? AND suspended_at IS NOT NULL ORDER BY id", (guild_id,))
        for table_id, status, since, event, deadline in rows:
            started = moment_or_none(str(since))
            away = moment - started if started is not None and moment > started else None

            await tx._c.execute(
                "UPDATE tables SET suspended_at = NULL, suspended_event = NULL, next_event_at = ?, "
                "turn_deadline = ? WHERE id = ?", (_shift(event, away), _shift(deadline, away), int(table_id)))
            resumed.append((int(table_id), str(status)))
    return resumed


async def live_tables_in_channel(repo: Repository, channel_id: int) -> list[int]:
    """The live tables played in ``channel_id`` or in a thread of it (``tables.channels_gone``)."""
    async with repo._reading() as c:
        rows = await c.fetch(f"SELECT id FROM tables WHERE channel_id = ? AND status IN {_LIVE_SQL} ORDER BY id",
                             (channel_id,))
    return [int(r[0]) for r in rows]


async def suspended_ids(repo: Repository, table_ids: list[int] | None = None) -> set[int]:
    """Which tables are suspended (of ``table_ids``, or all)."""
    sql = "SELECT id FROM tables WHERE suspended_at IS NOT NULL"
    async with repo._reading() as c:
        found = {int(r[0]) for r in await c.fetch(sql)}
    return found if table_ids is None else found & set(table_ids)


async def is_suspended(repo: Repository, table_id: int) -> bool:
    async with repo._reading() as c:
        row = await c.fetchone("SELECT suspended_at FROM tables WHERE id = ?", (table_id,))
    return row is not None and row[0] is not None


# ---- agreement to abort (issue 15, defect 15) -----------------------------------------------------
async def abort_agreements(repo: Repository, table_id: int, version: int) -> set[int]:
    """Users who asked to abort the table at this version (kept as ``reminders`` of kind ``abort``:
    once per table, version and user, like a reminder; a move makes them stale)."""
    async with repo._reading() as c:
        rows = await c.fetch("SELECT user_id FROM reminders WHERE table_id = ? AND version = ? AND kind = 'abort'",
                             (table_id, version))
    return {int(r[0]) for r in rows}


async def abort_agreements_of(repo: Repository, table_ids: Sequence[int]) -> dict[int, list[tuple[int, int]]]:
    """The agreements to abort at many tables in one query (``/games``): by table, each asker's user id and
    the table version it was asked at (only those at the table's current version still count)."""
    return await repo.pairs_by_table("SELECT table_id, user_id, version FROM reminders WHERE kind = 'abort' AND "
                                     "table_id IN ({ids}) ORDER BY table_id, sent_at", (), table_ids, "reminder")
