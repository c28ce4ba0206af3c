"""Round robin for two-player games: Berger tables, single or double.

Berger tables (the circle method with the last player fixed) meet every pair once in ``n - 1`` rounds
(``n`` even; an odd count adds a dummy, and the player paired with it has the bye).  The colours are
the ones that make the first move balanced: in a single round robin every player moves first
``(n - 2) / 2`` or ``n / 2`` times, never more than one apart, and with an odd count each moves first
exactly as often as second.  A double round robin plays the same rounds again with colours swapped, so
each pair meets twice, once each way.

Why this rule gives the balance: in round ``r`` the circle pairs ``r + i`` with ``r - i`` (mod
``n - 1``) for ``i = 1 .. n/2 - 1``, the first of them moving first when ``i`` is odd, the second when
``i`` is even.  A player meets each ``i`` once on each side, so it moves first ``n/2 - 1`` times in
those games; its one game against the fixed player adds at most one.  The fixed player alternates.
"""

from __future__ import annotations

from collections.abc import Sequence

from tables.tournament.results import Player, Round


def round_robin(players: Sequence[Player], *, double: bool = False) -> list[Round]:
    """Every round of a round robin between ``players`` (in seed order), first mover first.

    The schedule is fixed at the start: a player who withdraws leaves their remaining games to be
    scored as the event's rules say (forfeits), which is the caller's business, not the pairing's.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player enters once")
    if len(players) < 2:
        raise ValueError("a round robin needs two players")
    seats: list[Player | None] = list(players)
    if len(seats) % 2:
        seats.append(None)  # the dummy, fixed: whoever meets it has the bye
    n = len(seats)
    circle = n - 1
    rounds: list[Round] = []
    for r in range(circle):
        tables: list[tuple[Player, ...]] = []
        byes: list[Player] = []
        fixed_pair = (seats[r], seats[n - 1]) if r % 2 == 0 else (seats[n - 1], seats[r])
        pairs = [fixed_pair]
        for i in range(1, n // 2):
            plus, minus = seats[(r + i) % circle], seats[(r - i) % circle]
            pairs.append((plus, minus) if i % 2 else (minus, plus))
        for first, second in pairs:
            if first is None or second is None:
                byes.append(second if first is None else first)  # type: ignore[arg-type]
            else:
                tables.append((first, second))
        rounds.append(Round(tables=tuple(tables), byes=tuple(byes)))
    if double:
        rounds += [
            Round(tables=tuple((second, first) for first, second in played.tables), byes=played.byes)
            for played in list(rounds)
        ]
    return rounds
