"""Durations typed by players and sent by Discord's choices (seconds): what is read, what is refused."""

from __future__ import annotations

import pytest

from tables.durations import DAY, HOUR, MAX_TIME_PER_MOVE, format_duration, parse_duration


@pytest.mark.parametrize(("text", "seconds"), [
    ("3d", 3 * DAY), ("90m", 90 * 60), ("1d 12h", DAY + 12 * HOUR), ("2w", 14 * DAY),
    # Discord's /settings and /play choices arrive as seconds: 14 days is seven digits
    (f"{MAX_TIME_PER_MOVE}s", 14 * DAY),
])
def test_durations_are_read(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "soon", "3x", "d3", "99999999999d", "1" * 5000 + "h", "3d soon"])
def test_what_is_no_duration_is_refused(text: str) -> None:
    assert parse_duration(text) is None


def test_durations_read_back_in_two_units_at_most() -> None:
    assert format_duration(DAY + 12 * HOUR + 7 * 60) == "1d 12h"
    assert parse_duration(format_duration(14 * DAY)) == 14 * DAY


def test_a_time_left_is_never_said_shorter_than_it_is() -> None:
    """``up``: time still left, said in two units, each counted up: 1d 9h 36m left was "1d 9h" (of a 14-day move,
    the 90% reminder said "only 1d 9h left", and a day and nine hours later /games said "36m left")."""
    day, hour, minute = 86400, 3600, 60
    assert format_duration(day + 9 * hour + 36 * minute, up=True) == "1d 10h"
    assert format_duration(day + 23 * hour + 30 * minute, up=True) == "2d"  # carried over
    assert format_duration(3 * hour + 5 * minute + 10, up=True) == "3h 6m"
    assert format_duration(10, up=True) == "1m" and format_duration(59 * minute + 1, up=True) == "1h"
    assert format_duration(day + 9 * hour + 36 * minute) == "1d 9h"  # time gone: as it is
    assert format_duration(day + 9 * hour + 36 * minute, exact=True) == "1d 9h 36m"
