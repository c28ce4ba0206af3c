"""Who of a tournament's round has left the server, asked when it matters (``Tournaments`` reads it).

A player who leaves the server can no longer play, so every tournament game of theirs would run out of
time, round after round, each one holding the round up for a whole ``time_per_move``.  A front end that
sees a member leave calls ``Tournaments.member_left``; Discord tells a bot of that only through the
privileged member intent, which Mesa does not ask for (``cogs.client.default_intents``).  So the moment
to ask is the one where a departure shows: a round is over, and a player in it let their game's time run
out (out of the game by time, or its last turns played for them: KR-8.4).  Only those players are asked
about (one question each, ``MemberCheck``), and only one the front end says is gone (False, never None:
"cannot tell") is taken out of the event, before the next round is paired.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from data import tournaments as db
from data.repository import Repository
from tables.endings import TIME
from tables.mesa import is_mesa

log = logging.getLogger(__name__)

#: (guild id, user id) -> whether the user is still a member of the server: True, False (they left), or
#: None when the front end cannot tell (Discord did not answer): never taken for a departure
MemberCheck = Callable[[int, int], Awaitable[bool | None]]


async def late_players(repo: Repository, tournament_id: int, round_: int) -> list[int]:
    """The people still in the event whose game in round ``round_`` ran out of their time: out by time, or
    their turns played for them when it ended (``SeatRow.timeouts``); in user id order."""
    still_in = {e.user_id for e in await db.entrants(repo, tournament_id) if e.status == db.IN}
    late: set[int] = set()
    for pairing in await db.pairings(repo, tournament_id, round_):
        if pairing.table_id is None:  # a bye
            continue
        for seat in await repo.get_seats(pairing.table_id):
            if seat.user_id in still_in and not is_mesa(seat.user_id) \
                    and (seat.out_reason == TIME or seat.timeouts > 0):
                late.add(seat.user_id)
    return sorted(late)


async def departed(repo: Repository, guild_id: int, tournament_id: int, round_: int,
                   still_member: MemberCheck | None) -> list[int]:
    """The late players of round ``round_`` (``late_players``) the front end says have left the server."""
    if still_member is None or round_ < 1:
        return []
    gone: list[int] = []
    for user_id in await late_players(repo, tournament_id, round_):
        try:
            member = await still_member(guild_id, user_id)
        except Exception as exc:  # a front end that failed to ask: cannot tell, so they stay in
            log.warning("tournament %d: could not ask whether user %d is in the server (%s)", tournament_id,
                        user_id, type(exc).__name__)
            member = None
        if member is False:
            gone.append(user_id)
    return gone


async def take_out_departed(repo: Repository, guild_id: int, tournament_id: int, round_: int,
                            still_member: MemberCheck | None, now: str) -> list[str]:
    """Round ``round_`` is over: each of its players who let their game's time run out and has left the server
    (``departed``) is marked ``left``, once whoever asks (``data.tournaments.stop_entrant``), with no game in
    play to forfeit; the names of those this call marked."""
    names = {e.user_id: e.name for e in await db.entrants(repo, tournament_id)}
    marked: list[str] = []
    for user_id in await departed(repo, guild_id, tournament_id, round_, still_member):
        if await db.stop_entrant(repo, tournament_id, user_id, db.LEFT, now):
            log.info("tournament %d: user %d left the server; out after round %d", tournament_id, user_id, round_)
            marked.append(names.get(user_id, "?"))
    return marked
