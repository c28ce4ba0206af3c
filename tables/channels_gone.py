"""A channel deleted under Mesa: its tournaments and tables are not left posting into nothing.

A front end learns that a channel is gone from Discord (a post answered 404 Unknown Channel, or the gateway's
CHANNEL_DELETE) and tells this collaborator (``service.channels_gone``), which says whom to tell, and how, once:

- **a tournament announced there** (open or running, ``data.tournaments.mark_channel_gone``: marked once, by
  whichever process gets there): it is cancelled, as its organiser's ``/tournament cancel`` would (its tables in
  play go on as ordinary games, nothing more counted for it), because its rounds could be neither announced nor
  given threads there.  The smallest thing that strands nobody: its organiser and entrants are told by DM, with
  what to do (the standings stay readable; a new event in another channel).  ``TournamentGone`` lists them.
- **a table played there** (or in a thread of it, deleted with it): its boards can no longer be shown, so they are
  no longer tried (the front end records its posts as made); its players are told by DM once each (stored as the
  table's ``channel_gone`` reminder: once across restarts and processes), with how to end it.  ``TableGone``.

The words are the front end's (they speak of Discord's channels); nothing here posts anything.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from data import guild_life as places
from data import tournaments as db
from tables.games import title as game_title
from tables.mesa import is_mesa
from tables.store import TableStore
from tables.tournaments import Tournaments

log = logging.getLogger(__name__)

#: the stored reminder kind that says a table's player was told its channel is gone (once each)
TOLD = "channel_gone"


@dataclass(frozen=True)
class TournamentGone:
    """A tournament cancelled because its channel was deleted: who to tell (organiser first), and how it stood."""

    tournament_id: int
    title: str
    organiser: str
    running: bool
    people: tuple[int, ...]


@dataclass(frozen=True)
class TableGone:
    """A table whose channel was deleted: its players not told yet."""

    table_id: int
    title: str
    players: tuple[int, ...]


class ChannelsGone:
    """What becomes of a deleted channel's tournaments and tables (see the module docstring)."""

    def __init__(self, store: TableStore, tournaments: Tournaments) -> None:
        self.store = store
        self.repo = store.repo
        self.tournaments = tournaments

    async def channel(self, channel_id: int) -> list[TournamentGone]:
        """``channel_id`` is deleted: its tournaments open or running are cancelled (each once, whoever comes
        first); who to tell of each (a table of a round in play, in that channel too, is told as ``tables_in``
        says)."""
        gone: list[TournamentGone] = []
        for tid in await db.mark_channel_gone(self.repo, channel_id, self.store.stamp()):
            try:
                row = await db.get_tournament(self.repo, tid)
                if row is None:
                    continue
                running = await self.tournaments.channel_gone(row)
                entrants = [e.user_id for e in await db.entrants(self.repo, tid) if e.status == db.IN]
                people = tuple(u for u in dict.fromkeys([row.organiser_id, *entrants]) if not is_mesa(u))
                gone.append(TournamentGone(tid, game_title(row.game), row.organiser_name or "", running, people))
            except db.DamagedTournament:
                log.error("tournament %d: its channel is gone, and a stored row cannot be read", tid)
        return gone

    async def tables_in(self, channel_id: int) -> list[TableGone]:
        """The live tables played in ``channel_id`` (or its threads), each with its players not told yet."""
        found = []
        for table_id in await places.live_tables_in_channel(self.repo, channel_id):
            found.append(await self.table(table_id))
        return [t for t in found if t.players]

    async def table(self, table_id: int) -> TableGone:
        """A post of the table found its channel deleted: its players not told yet (each told once: recorded now)."""
        row = await self.repo.get_table(table_id)
        title = game_title(row.game) if row is not None else "?"
        players: list[int] = []
        for seat in await self.repo.get_seats(table_id):
            if seat.is_ai or is_mesa(seat.user_id) or seat.user_id in players:
                continue
            async with self.repo.transaction() as tx:
                if await tx.record_reminder(table_id, 0, TOLD, seat.user_id, self.store.stamp()):
                    players.append(seat.user_id)
        return TableGone(table_id, title, tuple(players))
