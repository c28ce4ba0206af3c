"""A table's options as ``/play`` asks for them: read, checked, and refused in words.

``/play`` takes the table's own options (``seat``, ``rated``, ``time_per_move``) and the game's
(each described by the engine: ``Option``).  ``read_request`` turns what a player wrote into the
typed ``TableOptions`` the table stores, refusing an unknown option or a bad value with a sentence
that names what it takes; ``check_fits`` refuses options that do not fit the number of players
(KR-6.2's partnerships need exactly four).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from data.models import SEAT_CHOICES, GuildSettings, SeatChoice, TableOptions
from engines import Engine, OptionError
from engines.base import MAX_OPTION_NUMBER, Option
from tables.durations import DEFAULT_TIME_PER_MOVE, MAX_TIME_PER_MOVE, MIN_TIME_PER_MOVE, parse_duration
from tables.errors import TableError
from tables.games import title as game_title


def variant_parts(text: str) -> list[tuple[str, str]]:
    """Discord's ``variant`` option, which the console reads too (``variant:"preset=basic, teams=true"``): the game's
    options as (name, value), in the order written, separated by commas or semicolons; ``ValueError`` where a part
    is no ``name=value`` (each front end refuses it in its own words; the service checks each option)."""
    parts = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sign, value = (p.strip() for p in part.partition("="))
        if not (key and sign and value):
            raise ValueError(part)
        parts.append((key, value))
    return parts


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def check_game_option(engine: Engine, name: str, text: str) -> None:
    """A game option of ``/play`` as the player wrote it: a refusal that names what it takes."""
    option: Option | None = engine.options.get(name)
    if option is None:
        allowed = ", ".join(["seat", "rated", "time_per_move", *engine.options])
        raise TableError("error.unknown_option", game=game_title(engine.name), option=name, allowed=allowed,
                         own=", ".join(engine.options) or "-")  # the game's own: what Discord's `variant` takes
    try:
        option.coerce(text)
    except OptionError:
        if option.kind == "int":
            low = 0 if option.min is None else option.min
            high = MAX_OPTION_NUMBER if option.max is None else option.max
            raise TableError("error.bad_number", option=name, value=text, low=low, high=high) from None
        choices = option.choices or ((True, False) if option.kind == "bool" else ())
        allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
        raise TableError("error.bad_option", option=name, value=text, allowed=allowed) from None


def read_request(engine: Engine, options: Mapping[str, str], settings: GuildSettings) -> TableOptions:
    """The table's options from ``/play``'s, over the server's defaults (``settings``)."""
    seat: SeatChoice = "random"
    rated = settings.rated
    seconds = settings.time_per_move or DEFAULT_TIME_PER_MOVE
    game_options: dict[str, Any] = {}
    for key, value in options.items():
        name = key.strip().lower().replace("-", "_")
        text = str(value).strip()
        if name == "seat":
            chosen = next((c for c in SEAT_CHOICES if c == text.lower()), None)
            if chosen is None:
                raise TableError("error.bad_option", option="seat", value=text, allowed=", ".join(SEAT_CHOICES))
            seat = chosen
        elif name == "rated":
            flag = text.lower()
            if flag not in TRUE_WORDS + FALSE_WORDS:
                raise TableError("error.bad_option", option="rated", value=text, allowed="true, false")
            rated = settings.rated if flag in TRUE_WORDS else False
        elif name in ("time_per_move", "time"):
            parsed = parse_duration(text)
            if parsed is None:  # not the range's fault: a time it cannot read (1.5h, 1h30, 3dias)
                raise TableError("error.unreadable_time", value=text)
            if not MIN_TIME_PER_MOVE <= parsed <= MAX_TIME_PER_MOVE:
                raise TableError("error.bad_time", value=text)
            seconds = parsed
        else:
            check_game_option(engine, name, text)
            game_options[name] = text
    try:
        resolved_game = engine.resolve_options(game_options)
    except OptionError as exc:  # (each was read above; kept for a check the engine adds)
        raise TableError("error.bad_game_option", detail=str(exc)) from None
    if not engine.description.rated(resolved_game):  # issue 9: e.g. K3's cooperative variant
        rated = False
    return TableOptions(seat, rated, seconds, resolved_game)


def check_fits(engine: Engine, options: TableOptions, players: int) -> None:
    """Refuse options whose values do not fit this many players (they were read at /play)."""
    teams = engine.description.partnerships
    if teams is not None and options.game.get(teams.option) and players != teams.players:  # KR-6.2
        raise TableError("error.partners_players", option=teams.option, players=players, needed=teams.players)
    try:
        engine.new_game(players, 0, options.game)
    except (OptionError, ValueError) as exc:
        raise TableError("error.options_dont_fit", detail=str(exc), players=players) from None
