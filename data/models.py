"""Typed rows returned by the repository: plain values and ids only, never Discord objects."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, cast

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


def moment_or_none(text: str | None) -> datetime | None:
    """``parse_iso``, or None for a bookkeeping moment (when a row was made or last written) that is no moment,
    edited by hand: such a row is read as if the moment were unknown, never as a failure of everything after it."""
    try:
        return parse_iso(text)
    except (TypeError, ValueError):
        return None


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
    #: time-outs in a row (issue 28, item 2): from the second, the seat's turns are played as they come
    timeouts: int = 0


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
class UnreadableTable:
    """What can still be read of a table row that cannot be (a row edited by hand: text in a number's column):
    its number and game, and where it is played when those columns read (None when they do not).  A listing
    says it damaged rather than leaving it out, so that a player never takes the game for lost."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None


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


# ==================================================================== the JSON columns, as typed records
#: who sits first (``/play seat:``): the host, the host's opponent, or drawn
SeatChoice = Literal["first", "second", "random"]
SEAT_CHOICES: tuple[SeatChoice, ...] = ("first", "second", "random")
#: the product's time per move when a stored table names none (three days)
DEFAULT_SECONDS_PER_MOVE = 3 * 86400


@dataclass(frozen=True)
class TableOptions:
    """A table's options (the ``tables.options`` column): the one reader and writer of that JSON.

    ``game`` holds the game's own options as the engine resolved them (``Engine.resolve_options``);
    ``mesa_level`` is kept by an open table for "Fill with Mesa" (the level chosen at /play);
    ``tournament`` names the tournament that paired the table (issue 31): its result counts there, so it
    takes no hints and no takebacks, whether rated or not.
    """

    seat: SeatChoice = "random"
    rated: bool = True
    time_per_move: int = DEFAULT_SECONDS_PER_MOVE
    game: Mapping[str, Any] = field(default_factory=dict)
    mesa_level: str | None = None
    tournament: int | None = None

    @classmethod
    def from_json(cls, text: str | None) -> TableOptions:
        """Read the stored column; ``ValueError`` when it is not a table's options (a damaged row)."""
        data = json.loads(text) if text else {}
        if not isinstance(data, dict):
            raise ValueError("options are not an object")
        game = data.get("game", {})
        seat = data.get("seat", "random")
        level = data.get("mesa_level")
        tournament = data.get("tournament")
        if not isinstance(game, dict) or seat not in SEAT_CHOICES or not (level is None or isinstance(level, str)):
            raise ValueError("options of the wrong shape")
        if not (tournament is None or (isinstance(tournament, int) and not isinstance(tournament, bool))):
            raise ValueError("options of the wrong shape")
        return cls(cast(SeatChoice, seat), bool(data.get("rated", True)),
                   int(data.get("time_per_move", DEFAULT_SECONDS_PER_MOVE)), dict(game), level, tournament)

    def to_json(self) -> str:
        data: dict[str, Any] = {"seat": self.seat, "rated": self.rated, "time_per_move": self.time_per_move,
                                "game": dict(self.game)}
        if self.mesa_level is not None:
            data["mesa_level"] = self.mesa_level
        if self.tournament is not None:
            data["tournament"] = self.tournament
        return json.dumps(data)

    def public(self) -> dict[str, Any]:
        """What ``/history table=N`` shows: the table's options and the game's own, side by side."""
        shown: dict[str, Any] = {"seat": self.seat, "rated": self.rated, "time_per_move": self.time_per_move}
        if self.mesa_level is not None:
            shown["mesa_level"] = self.mesa_level
        return shown | dict(self.game)


@dataclass(frozen=True)
class OutcomeFacts:
    """The engine's facts about a natural ending (``Outcome.extra`` and scores), kept for the words."""

    extra: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple[int, ...] = ()


@dataclass(frozen=True)
class StoredOutcome:
    """How a table ended (the ``tables.outcome`` column): the one reader and writer of that JSON.

    ``placements``: the place of each seat, seat order (1 = first; all 1 on a draw); ``reason``: the
    engine's reason code, or the tables layer's (``resign``, ``time``, ``agreement``, ``abandoned``);
    ``text``: the engine's outcome text (empty for endings outside the rules); ``facts``: the
    engine's facts about a natural ending.
    """

    reason: str
    placements: tuple[int, ...]
    text: str = ""
    facts: OutcomeFacts | None = None
    #: everyone placed first because everyone won, or lost, together (K3's cooperative variant, K3-8):
    #: ``win`` or ``loss``; None for any other ending (everyone first then is a draw)
    together: Literal["win", "loss"] | None = None
    #: the seats that left a game of three or more before its end, each with the number of moves played when it
    #: left (its later moves were played automatically: ``tables.play``): ``((seat, moves), ...)``; a review
    #: judges none of those moves (``tables.reviews``)
    left: tuple[tuple[int, int], ...] = ()

    @classmethod
    def from_json(cls, text: str | None) -> StoredOutcome | None:
        """The stored column (None when the table has not ended); a damaged one reads as an abandoned game."""
        if not text:
            return None
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            facts = data.get("facts")
            together = data.get("together")
            return cls(str(data.get("reason") or "abandoned"),
                       tuple(int(p) for p in data.get("placements") or ()),
                       str(data.get("text") or ""),
                       None if not isinstance(facts, dict) else
                       OutcomeFacts(dict(facts.get("extra") or {}), tuple(facts.get("scores") or ())),
                       "win" if together == "win" else "loss" if together == "loss" else None,
                       tuple((int(seat), int(moves)) for seat, moves in data.get("left") or ()))
        except (ValueError, TypeError):
            return cls("abandoned", ())

    def to_json(self) -> str:
        data: dict[str, Any] = {"text": self.text, "reason": self.reason, "placements": list(self.placements)}
        if self.facts is not None:
            data["facts"] = {"extra": dict(self.facts.extra), "scores": list(self.facts.scores)}
        if self.together is not None:
            data["together"] = self.together
        if self.left:
            data["left"] = [list(pair) for pair in self.left]
        return json.dumps(data)

    def verdict(self, seat: int, seats: int) -> str:
        """``win``, ``loss`` or ``draw`` for one seat: everyone first is a draw unless all won or lost together."""
        places = self.places(seats)
        if all(p == 1 for p in places):
            return self.together or "draw"
        return "win" if places[seat] == 1 else "loss"

    def places(self, seats: int) -> list[int]:
        """The placements, or everybody first when none were stored (an abandoned game)."""
        return list(self.placements) if len(self.placements) == seats else [1] * seats


@dataclass(frozen=True)
class Share:
    """What a bot process answers: Discord's shards ``shards`` of ``count``, or (``count`` None) everything."""

    shards: tuple[int, ...] = ()
    count: int | None = None

    @property
    def whole(self) -> bool:
        return self.count is None

    def described(self) -> str:
        if self.whole:
            return "every shard"
        return f"shard{'s' if len(self.shards) > 1 else ''} {','.join(map(str, self.shards))} of {self.count}"
