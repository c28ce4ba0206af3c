"""A tournament round's boards as they are stored (issue 31): what ``Tournaments`` pairs becomes tables to open,
Mesa's tables for the byes (``mesa_fills``), byes and forfeits.  Pure: no storage, no clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from data import tournaments as db
from data.models import SeatRow, TableOptions
from data.tournaments import NewPairing, NewTable, TournamentRow
from tables.mesa import mesa_seats, parse_level, rated_with_mesa
from tables.tournament.plan import Plan, Planned


def round_boards(row: TournamentRow, plan: Plan, planned: Planned, names: dict[int, str],
                 seed_source: Callable[[], int]) -> list[NewPairing]:
    """The round's boards to store: tables to open, Mesa's tables for byes (``mesa_fills``), byes, forfeits;
    each table seeded from ``seed_source``."""
    base = TableOptions.from_json(row.options.get("table"))
    boards: list[NewPairing] = []

    def table(players: Sequence[int], extra: list[SeatRow]) -> NewTable:
        seats = [SeatRow(0, i, u, names[u], False, True) for i, u in enumerate(players)]
        seats += [replace(s, seat=len(seats) + i) for i, s in enumerate(extra)]
        options = replace(base, seat="first", tournament=row.id)  # no hints, no takebacks there
        if extra:
            options = replace(options, rated=rated_with_mesa(options.rated, False, len(extra)))
        return NewTable(row.channel_id, row.game, options.to_json(), seed_source(), players[0], tuple(seats))

    for group in planned.tables:
        ids = tuple(int(p) for p in group)
        boards.append(NewPairing(len(boards) + 1, db.GAME, ids, table(ids, [])))
    byes = [int(p) for p in planned.byes]
    if plan.mesa_fills and byes:
        size = 2 if not plan.grouped else max(min(plan.sizes), len(byes) + 1)
        extra = mesa_seats(0, len(byes), size - len(byes), parse_level(None), byes)
        ids = tuple(byes) + tuple(s.user_id for s in extra)
        boards.append(NewPairing(len(boards) + 1, db.GAME, ids, table(byes, extra)))
    else:
        for p in byes:
            boards.append(NewPairing(len(boards) + 1, db.BYE, (p,), places=(1,)))
    for won, lost in planned.forfeits:
        boards.append(NewPairing(len(boards) + 1, db.FORFEIT, (int(won), int(lost)), places=(1, 2)))
    return boards
