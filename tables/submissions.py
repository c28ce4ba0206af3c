"""Exactly once: a move submitted under a key is stored once and answered the same way (issue 29, item 1).

When the connection broke after PostgreSQL committed a move but before its answer arrived, the player
was told "nothing was changed; try again" while the move was stored, and the retry as typed played it
a second time (a Krakatoa aim twice).  Now every submission from a front end carries a key (Discord:
the interaction's id; the console: its session and line number), stored with the move in the move's
own transaction (``Tx.record_submission``, the ``submissions`` table, unique on the key):

- before a keyed move is judged (under the table's lock), a key stored already means it was applied:
  the answer is the first one, rebuilt from the stored state, and no second move is made;
- when the write fails with ``StorageUnavailable`` (the driver lost the connection, perhaps while
  ``COMMIT`` was on its way), the key is looked up on a fresh connection: stored, the player gets the
  normal answer; not stored, "try again" (``TryAgain``), and a retry under the same key is safe.

The answer rebuilt is what ``missed_posts`` posts for a board never posted: the table's current board
(and its result post when the move ended the game).  A submission without a key (Mesa's moves, older
callers) is judged as before.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from data.models import FINISHED, StoredOutcome
from tables.outbox import Message
from tables.posts import Posts
from tables.store import TableStore

log = logging.getLogger("tables.service")


class Submission(NamedTuple):
    """A player's move under its key (``Finisher.commit`` stores it with the move)."""

    key: str
    user_id: int


class Submissions:
    """Tells whether a keyed submission was stored, and answers it as it was answered."""

    def __init__(self, store: TableStore, posts: Posts) -> None:
        self.store = store
        self.repo = store.repo
        self.posts = posts

    async def earlier(self, submission: Submission, table_id: int) -> list[Message] | None:
        """The answer to a submission stored already under its key, or None when it was not.

        (A key names one player's submission at one table; stored for another, it is not this one.)
        """
        found = await self.repo.submission(submission.key)
        if found is None or found[:2] != (table_id, submission.user_id):
            return None
        ctx = await self.store.load(table_id)
        answer: list[Message] = [await self.posts.current(ctx)]
        ending = StoredOutcome.from_json(ctx.row.outcome) if ctx.row.status == FINISHED else None
        if ending is not None:
            answer.append(self.posts.result(ctx, ending, ctx.row.version))
        return answer

    async def after_lost_reply(self, submission: Submission, table_id: int) -> list[Message] | None:
        """After a storage fault while the move was written: the answer when the database stored it after
        all (its reply was lost), None when it did not (the caller says "try again")."""
        answer = await self.earlier(submission, table_id)  # a fault here too is "try again"
        if answer is not None:
            log.info("table %d: the database's reply was lost, but the move was stored", table_id)
        return answer
