"""Typed rows returned by the repository: plain values and ids only, never Discord objects."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

#: table statuses: waiting for named players / for anybody to join / playing / over
INVITED = "invited"
OPEN = "open"
ACTIVE = "active"
FINISHED = "finished"
ABORTED = "aborted"
DECLINED = "declined"
WAITING = (INVITED, OPEN)
LIVE = (INVITED, OPEN, ACTIVE)


def now_iso(moment: datetime) -> str:
    """An ISO-8601 UTC timestamp with a fixed width, so text comparison is time comparison."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_iso(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)


@dataclass(frozen=True)
class SeatRow:
    table_id: int
    seat: int
    user_id: int
    name: str
    is_ai: bool = False
    accepted: bool = False
    result: str | None = None
    out_reason: str | None = None


@dataclass(frozen=True)
class TableRow:
    """One table.  ``seed`` is secret: it never leaves the server (no outbox, view or error)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    game: str
    options: str
    seed: int = field(repr=False)
    status: str
    host_id: int
    state: str | None
    version: int
    turn_deadline: str | None
    next_event_at: str | None
    draw_offer: int | None
    outcome: str | None
    created_at: str
    updated_at: str
    posted_version: int | None = None  # the board version the front end last posted


@dataclass(frozen=True)
class MoveRow:
    table_id: int
    ply: int
    seat: int
    move: str
    created_at: str


@dataclass(frozen=True)
class NewMove:
    """A move to append: the seat that made it (-1 for chance) and its canonical text."""

    seat: int
    move: str


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    time_per_move: int | None = None  # seconds; None = the product default
    allowed_channels: tuple[int, ...] = ()
    rated: bool = True
    rate_mesa: bool = False  # games against Mesa count for ratings (issue 17: unrated by default)


@dataclass(frozen=True)
class UserPrefs:
    user_id: int
    dms_closed: bool = False
    locale: str | None = None
    theme: str | None = None


@dataclass(frozen=True)
class ResultRow:
    table_id: int
    seat: int
    guild_id: int
    game: str
    user_id: int
    place: int
    outcome: str  # "win", "loss" or "draw"
    reason: str
    rated: bool
    finished_at: str


@dataclass(frozen=True)
class RatingRow:
    """One stored rating (issue 9): OpenSkill's mu/sigma and the rated record of a player."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    updated_at: str = ""


@dataclass(frozen=True)
class RatingPoint:
    """A player's displayed rating right after one rated table (the stats chart)."""

    guild_id: int
    game: str
    user_id: int
    table_id: int
    rating: int
    finished_at: str


@dataclass(frozen=True)
class FinishedEntry:
    """One finished table as ``history`` lists it: the player's own result and where the table lived."""

    table_id: int
    game: str
    place: int
    outcome: str
    reason: str
    rated: bool
    finished_at: str
    channel_id: int
    thread_id: int | None
    players: int
