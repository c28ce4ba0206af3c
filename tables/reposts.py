"""Who may have a table's board posted again, and how often (issue 15, defect 1).

``/board table:N`` posts the board into the table's thread and mentions the player to move.  Table
ids are sequential, so without a rule a script could ping every player of every server.  The rule:

- only a seated player re-posts the board publicly, and at most once per ``REPOST_SECONDS`` per
  table (a second ask within that time gets the board privately, without pinging anyone);
- anyone else in the table's server gets the current board privately (it is the public view);
- from another server the table does not exist ("no such table"): its existence is not told.
"""

from __future__ import annotations

from datetime import datetime

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
