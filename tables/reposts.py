"""Who may have a table's board, or a finished table's replay, posted publicly, and how often.

Boards (issue 15, defect 1).

``/board table:N`` posts the board into the table's thread and mentions the player to move.  Table
ids are sequential, so without a rule a script could ping every player of every server.  The rule:

- only a seated player re-posts the board publicly, and at most once per ``REPOST_SECONDS`` per
  table (a second ask within that time gets the board privately, without pinging anyone);
- anyone else in the table's server gets the current board privately (it is the public view);
- from another server the table does not exist ("no such table"): its existence is not told.

Replays (issue 29, item 6).  ``/replay`` posts a GIF of up to Discord's upload size into the channel,
and anyone in the server may ask: without a rule one user could fill a channel with them.  The rule
(``ReplayGate``): a table's replay is posted publicly at most once per ``REPLAY_TABLE_SECONDS``, and
one user posts at most ``REPLAY_USER_POSTS`` replays publicly per ``REPLAY_USER_SECONDS``.  A post
refused is not a refusal of the replay: the asker gets it privately, told when it may be posted for
everyone again (``NotYet``: a sentence key and its params, said in the asker's language).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tables.durations import format_duration
from tables.i18n import Count

#: a table's board is re-posted publicly at most once per this many seconds
REPOST_SECONDS = 60
#: forget re-post times beyond this many tables (only the last minute matters)
_KEEP = 1024


class RepostGate:
    """The per-table re-post rate limit, on the service's clock."""

    def __init__(self, seconds: float = REPOST_SECONDS) -> None:
        self.seconds = seconds
        self._last: dict[int, datetime] = {}

    def allow(self, table_id: int, now: datetime) -> bool:
        """True (and counted) when ``table_id``'s board may be posted publicly again at ``now``."""
        last = self._last.get(table_id)
        if last is not None and (now - last).total_seconds() < self.seconds:
            return False
        self._last[table_id] = now
        if len(self._last) > _KEEP:  # bounded: drop the entries whose minute is over
            self._last = {t: at for t, at in self._last.items() if (now - at).total_seconds() < self.seconds}
        return True


#: a finished table's replay is posted publicly at most once per this many seconds
REPLAY_TABLE_SECONDS = 600
#: one user posts at most this many replays publicly ...
REPLAY_USER_POSTS = 3
#: ... per this many seconds
REPLAY_USER_SECONDS = 3600


@dataclass(frozen=True)
class NotYet:
    """A public post refused for now: why, as a sentence key and its params (with ``wait``: when it may
    be posted publicly again)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def _wait_text(seconds: float) -> str:
    """A wait said in whole minutes, rounded up (``format_duration`` would say 40 seconds as ``0m``)."""
    return format_duration(math.ceil(max(seconds, 1) / 60) * 60)


class ReplayGate:
    """The per-table and per-user rate limits on public replays, on the service's clock."""

    def __init__(self, now: Callable[[], datetime], *, table_seconds: float = REPLAY_TABLE_SECONDS,
                 user_posts: int = REPLAY_USER_POSTS, user_seconds: float = REPLAY_USER_SECONDS) -> None:
        self.now = now
        self.table_seconds = table_seconds
        self.user_posts = user_posts
        self.user_seconds = user_seconds
        self._tables: dict[int, datetime] = {}  # table -> its last public post
        self._users: dict[int, deque[datetime]] = {}  # user -> their public posts within the period

    def public(self, table_id: int, user_id: int) -> NotYet | None:
        """None (and counted) when ``user_id`` may post ``table_id``'s replay publicly now; else why not
        and for how long."""
        now = self.now()
        self._forget(now)
        last = self._tables.get(table_id)
        table_wait = 0.0 if last is None else self.table_seconds - (now - last).total_seconds()
        posts = self._users.get(user_id, deque())
        user_wait = 0.0
        if len(posts) >= self.user_posts:
            user_wait = self.user_seconds - (now - posts[-self.user_posts]).total_seconds()
        if table_wait <= 0 and user_wait <= 0:
            self._tables[table_id] = now
            self._users.setdefault(user_id, deque()).append(now)
            return None
        wait = _wait_text(max(table_wait, user_wait))
        if user_wait >= table_wait:
            return NotYet("replay.later_user", {"table": table_id, "wait": wait,
                                                "count": Count(self.user_posts, "replay"),
                                                "period": format_duration(self.user_seconds)})
        return NotYet("replay.later_table", {"table": table_id, "wait": wait})

    def _forget(self, now: datetime) -> None:
        """Bounded: only the posts still inside their period are remembered."""
        self._tables = {t: at for t, at in self._tables.items() if (now - at).total_seconds() < self.table_seconds}
        for user in list(self._users):
            posts = self._users[user]
            while posts and (now - posts[0]).total_seconds() >= self.user_seconds:
                posts.popleft()
            if not posts:
                del self._users[user]
