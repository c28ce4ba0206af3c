"""An event open for entries that no one starts closes by itself (issue 31's events).

An open tournament holds one of its server's places for events underway (``tables.tournaments.MAX_OPEN``) until it
starts or is cancelled, so one its organiser forgot would hold it for good.  An open event with no change for
``IDLE`` (no join and no leave since it was created, or since its last join or leave) is warned in its channel,
pinging the organiser ("start it now with /tournament start 1"), and a day after that warning, still with no
change, it closes unstarted: cancelled, as its organiser's ``/tournament cancel`` would, its entrants pinged.
Nothing was played, so nothing is counted.  A join or a leave starts the wait over, and a later idle spell is
warned again.  An event never warned (the bot was down) is warned first and closes a day later: never without a
warning.

The warning is an announcement like a round's (``TournamentPost.announces`` ``WARNING``): the front end confirms
it once the channel has it (``Tournaments.announced`` -> ``data.tournaments.warned_delivered``), and until then
it is handed out again, one process a minute (``lease_warning``); the close counts its day from the delivery, so
a warning Discord refused (Send Messages taken away, an outage) delays the close instead of being skipped.  While
Mesa is out of the event's server (``suspend``: the server's tables are suspended then too, ``tables.guild_life``)
the idle clock stands still: nothing is warned or closed, and on Mesa's return (``resume``) the last change, the
warning and its delivery move on by the time away, as a table's deadline does.

The ticker runs it (``Tournaments.sweep``).  Each step is one conditional update under the event's lock, so of
several processes only one warns or closes, and a join racing the close is either in before it (the event stays
open) or refused after it (not open).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from data import tournaments as db
from data.models import now_iso
from data.repository import Repository
from tables.games import title as game_title
from tables.i18n import Count
from tables.outbox import WARNING, TournamentPost

log = logging.getLogger(__name__)

#: how long an open event waits with no join and no leave before it is warned (and a day later, closed)
IDLE = timedelta(days=13)
#: how long after its warning was delivered an event still idle closes
WARNED_FOR = timedelta(days=1)
#: a warning handed out but not confirmed delivered this long is handed out again
WARN_AGAIN = timedelta(seconds=60)


async def sweep_idle(repo: Repository, now: datetime) -> list[TournamentPost]:
    """Warn the open events idle for ``IDLE`` whose warning was not delivered since their last change (again each
    minute until a front end confirms it), and close those whose warning was delivered at least ``WARNED_FOR`` ago
    and idle still; the posts to make, each in the event's channel."""
    stamp = now_iso(now)
    idle_since, warned_by, again = now_iso(now - IDLE), now_iso(now - WARNED_FOR), now_iso(now - WARN_AGAIN)
    posts: list[TournamentPost] = []
    for tid in await db.idle_open(repo, idle_since):
        try:
            row = await db.get_tournament(repo, tid)
            if row is None:
                continue
            facts = {"id": row.id, "title": game_title(row.game), "organiser": row.organiser_name or "",
                     "days": Count((IDLE + WARNED_FOR).days, "day")}
            named = "" if row.organiser_name else "_anon"
            if row.warning_delivered_at is None:  # not delivered in this idle spell (a join or a leave clears it)
                if await db.lease_warning(repo, tid, idle_since, again, stamp):
                    posts.append(TournamentPost(row.id, row.guild_id, row.channel_id, f"tournament.closing{named}",
                                                {**facts, "idle": Count(IDLE.days, "day")}, (row.organiser_id,),
                                                announces=WARNING))
            elif await db.close_idle(repo, tid, idle_since, warned_by, stamp):
                entrants = [e.user_id for e in await db.entrants(repo, tid) if e.status == db.IN]
                posts.append(TournamentPost(row.id, row.guild_id, row.channel_id, "tournament.closed_idle", facts,
                                            tuple(dict.fromkeys([row.organiser_id, *entrants]))))
        except db.DamagedTournament:  # the others are warned and closed all the same
            log.error("tournament %d: not warned or closed while idle (a stored row cannot be read)", tid)
    return posts


async def suspend(repo: Repository, guild_id: int, now: datetime) -> list[int]:
    """Mesa is out of ``guild_id``: the idle clock of its open events stands still (their ids)."""
    return await db.suspend_open(repo, guild_id, now_iso(now))


async def resume(repo: Repository, guild_id: int, now: datetime) -> list[int]:
    """Mesa is back in ``guild_id``: its open events' idle clock runs again, moved on by the time away."""
    return await db.resume_open(repo, guild_id, now_iso(now))
