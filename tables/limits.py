"""Caps per player (issue 15, defect 10): one user once opened 5,000 invitations to another in 16 s.

A server chooses how many invitations or open tables one player may keep waiting (as host) and in
how many games one player may be seated at once; ``None`` keeps the defaults below.  A refusal
names the count and the cap, so a player knows what to do.  The counts are single indexed queries
(``seats_user_table``, ``tables_host_status``), fast however many tables name the player.

The caps are checked inside the transaction that writes what they limit (issue 29, item 4: 60
``/play`` at once gave 60 tables past the cap, each having counted before any was written), after
taking the player's lock (``Tx.serialise_player``): concurrent transactions of one player queue, and
each counts what the ones before it wrote.  A refusal raised there rolls the whole write back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from data.models import ACTIVE, WAITING, now_iso
from data.repository import Repository, Tx
from tables.errors import TableError
from tables.i18n import Count

#: invitations and open tables one host may keep waiting per server
DEFAULT_MAX_INVITATIONS = 10
#: games one player may be seated in at once per server
DEFAULT_MAX_ACTIVE = 25
#: what a server may choose
LIMIT_RANGE = range(1, 501)
#: most tables a player's listing (``/games``, table autocomplete) reads: those in play come first
MAX_USER_TABLES = 50
#: most of the server's open tables ``/games`` offers to a player with no seat at them (the newest)
MAX_JOINABLE_LISTED = 5


@dataclass(frozen=True)
class Limits:
    max_invitations: int = DEFAULT_MAX_INVITATIONS
    max_active: int = DEFAULT_MAX_ACTIVE


async def limits_of(repo: Repository, guild_id: int) -> Limits:
    return _limits(await repo.guild_limits(guild_id))


def _limits(chosen: tuple[int | None, int | None]) -> Limits:
    invitations, active = chosen
    return Limits(invitations or DEFAULT_MAX_INVITATIONS, active or DEFAULT_MAX_ACTIVE)


async def check_can_host(tx: Tx, guild_id: int, host_id: int, name: str, *, waits: bool = True) -> None:
    """Refuse a new invitation or open table beyond the server's caps; in the transaction that inserts it.

    ``waits=False``: a table that starts as it is made (only Mesa invited) is no invitation kept
    waiting; only the cap of games applies (checked again in its start's transaction).
    """
    await tx.serialise_player(guild_id, host_id)
    limits = _limits(await tx.guild_limits(guild_id))
    waiting = await tx.count_hosted(host_id, guild_id, WAITING) if waits else 0
    if waits and waiting >= limits.max_invitations:
        raise TableError("error.too_many_invitations", count=Count(waiting, "invitation"), max=limits.max_invitations)
    await _check_playing(tx, guild_id, host_id, name, limits)


async def check_can_sit(tx: Tx, guild_id: int, user_id: int, name: str) -> None:
    """Refuse a seat (accepting, joining, a game starting) to a player already at the server's cap of
    games; in the transaction that writes the seat or the start."""
    await tx.serialise_player(guild_id, user_id)
    await _check_playing(tx, guild_id, user_id, name, _limits(await tx.guild_limits(guild_id)))


async def _check_playing(tx: Tx, guild_id: int, user_id: int, name: str, limits: Limits) -> None:
    playing = await tx.count_seated(user_id, guild_id, (ACTIVE,))
    if playing >= limits.max_active:
        raise TableError("error.too_many_tables", name=name, count=Count(playing, "game"), max=limits.max_active)


def checked_limit(value: int | None) -> int | None:
    """A cap a server asks for: None (the default) or a number in ``LIMIT_RANGE``."""
    if value is not None and value not in LIMIT_RANGE:
        raise TableError("error.bad_option", option="limit", value=str(value),
                         allowed=f"{LIMIT_RANGE.start}-{LIMIT_RANGE.stop - 1}")
    return value


async def set_limits(repo: Repository, guild_id: int, max_invitations: int | None, max_active: int | None,
                     moment: datetime) -> Limits:
    """A server's choice of caps (None: back to the default); a value outside ``LIMIT_RANGE`` is refused."""
    await repo.set_guild_limits(guild_id, checked_limit(max_invitations), checked_limit(max_active), now_iso(moment))
    return await limits_of(repo, guild_id)
