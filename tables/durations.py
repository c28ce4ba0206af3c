"""Time per move: parsing ``1h``, ``3d``, ``90m``, ``1d12h`` and writing durations back compactly."""

from __future__ import annotations

import math
import re

MINUTE = 60
HOUR = 3600
DAY = 86400
#: DESIGN: a table's time per move is 1 hour to 14 days; the product default is 3 days
MIN_TIME_PER_MOVE = HOUR
MAX_TIME_PER_MOVE = 14 * DAY
DEFAULT_TIME_PER_MOVE = 3 * DAY

_UNITS = {"w": 7 * DAY, "d": DAY, "h": HOUR, "m": MINUTE, "s": 1}
#: a unit written out, as Discord's English choices show them ("3 days", "1 hour"): its letter
_WORDS = {"weeks": "w", "week": "w", "days": "d", "day": "d", "hours": "h", "hour": "h", "minutes": "m",
          "minute": "m", "mins": "m", "min": "m", "seconds": "s", "second": "s", "secs": "s", "sec": "s"}
_PART = re.compile(r"(\d{1,8})\s*(weeks?|days?|hours?|minutes?|mins?|seconds?|secs?|[wdhms])")  # eight digits
# (14 days is 1,209,600 s): more is no duration anyone means


def parse_duration(text: str) -> int | None:
    """Seconds in ``text`` (``3d``, ``90m``, ``1d 12h``), or None when it is not a duration."""
    compact = text.strip().lower().replace(" ", "")
    if not compact:
        return None
    pos = 0
    total = 0
    for match in _PART.finditer(compact):
        if match.start() != pos:
            return None
        total += int(match.group(1)) * _UNITS[_WORDS.get(match.group(2), match.group(2))]
        pos = match.end()
    if pos != len(compact):
        return None
    return total


def format_duration(seconds: float, *, up: bool = False, exact: bool = False) -> str:
    """``2d 4h``, ``3h 5m``, ``45m``: at most two units, language-neutral.  ``up``: a time still left,
    counted up to the whole minute (10 seconds to go are "1m", never "0m": that is time already up).
    ``exact``: a set length (a time per move, an expiry), every unit said: ``1d 1h 30m``, never ``1d 1h``."""
    if up:
        seconds = math.ceil(max(0.0, seconds) / MINUTE) * MINUTE
        if not exact:  # two units said: the second counted up too (1d 9h 36m left is "1d 10h", never "1d 9h")
            sizes = (DAY, HOUR, MINUTE)
            first = next((k for k, size in enumerate(sizes) if seconds >= size), len(sizes) - 1)
            second = sizes[min(first + 1, len(sizes) - 1)]
            seconds = math.ceil(seconds / second) * second
    seconds = max(0, int(seconds))
    parts: list[str] = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", MINUTE), *((("s", 1),) if exact else ())):
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
        if len(parts) == 2 and not exact:
            break
    return " ".join(parts) or "0m"

