"""The row builders of ``data.rows`` read each column into the field of its name (issue 27).

A builder reads a row by position; the query selects the columns of its list.  If the two ever
disagree (a column added to the list but not to the builder, two indices swapped), a field gets
its neighbour's value: here every column carries a value of its own, so any slip shows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from pg_server import DbFactory

from data import open_repository
from data.models import FinishedEntry, SeatRow
from data.rows import (
    FINISHED_COLUMNS,
    MOVE_COLUMNS,
    RATING_COLUMNS,
    RATING_POINT_COLUMNS,
    RESULT_COLUMNS,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    finished_entry,
    move_row,
    rating_point,
    rating_row,
    result_row,
    seat_row,
    table_row,
)

FINISHED_FIELDS = tuple(f.name for f in dataclasses.fields(FinishedEntry))
BUILDERS: list[tuple[str, Sequence[str], Callable[[Sequence[Any]], Any]]] = [
    ("tables", TABLE_COLUMNS, table_row),
    ("seats", SEAT_COLUMNS, seat_row),
    ("moves", MOVE_COLUMNS, move_row),
    ("results", RESULT_COLUMNS, result_row),
    ("ratings", RATING_COLUMNS, rating_row),
    ("rating_history", RATING_POINT_COLUMNS, rating_point),
    ("history", FINISHED_FIELDS, finished_entry),
]


@pytest.mark.parametrize(("name", "columns", "build"), BUILDERS, ids=[b[0] for b in BUILDERS])
def test_each_column_lands_in_the_field_of_its_name(name: str, columns: Sequence[str],
                                                    build: Callable[[Sequence[Any]], Any]) -> None:
    row: list[Any] = [100 + i for i in range(len(columns))]  # one value per column, read back through its type
    if "outcome" in columns:  # a word of a fixed few (data.rows.OUTCOMES): any other is a row that cannot be read
        row[list(columns).index("outcome")] = "draw"
    built = build(row)
    fields = [f.name for f in dataclasses.fields(built)]
    assert list(columns) == fields  # every field has its column, in the dataclass's order
    for i, column in enumerate(columns):
        value = getattr(built, column)
        if column == "outcome":
            assert value == "draw"
            continue
        if isinstance(value, bool):
            continue  # 0/1 columns: any number reads True, so the next check proves nothing for them
        assert value == type(value)(100 + i), (name, column, value)
    assert len(FINISHED_COLUMNS) == len(FINISHED_FIELDS)


async def test_rows_come_back_typed_from_both_backends(db: DbFactory) -> None:
    """Booleans stored as 0/1 come back as bools, ids as ints, nullable columns as None."""
    repo = await open_repository(db("rows.db"))
    try:
        async with repo.transaction() as tx:
            tid = await tx.create_table(guild_id=1, channel_id=2, game="kona", options="{}", seed=99,
                                        status="active", host_id=10, now="2026-03-01T12:00:00.000000Z")
        async with repo.transaction() as tx:
            await tx.add_seat(SeatRow(tid, 0, 10, "Ana", is_ai=True, accepted=True))
        row, seats = await repo.load(tid)
        assert row is not None and row.thread_id is None and row.seed == 99 and row.version == 1
        assert seats[0].is_ai is True and seats[0].accepted is True and seats[0].result is None
    finally:
        await repo.close()
