"""What can go wrong in storage, as types a caller can act on.

``StaleVersion`` is a refusal (the table moved on); ``StorageUnavailable`` is a passing fault (the
server restarts, the network blinks: nothing was written, try again in a moment); ``CannotOpen``
stops the program at start-up with one line that says what to do.  Messages never hold a password.
"""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database could not do what was asked (not a player's mistake)."""


class StaleVersion(StorageError):
    """The table changed since the caller read it: the write was refused and nothing changed."""

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"table {table_id}: expected version {expected}, found {actual}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class StorageUnavailable(StorageError):
    """The database server cannot be reached right now; the operation was not applied (rolled back).

    One exception: when the connection dies while ``COMMIT`` is on its way, the server may have
    committed.  A move submitted under a key (issue 29) is then looked up by its key on a fresh
    connection (``Repository.submission``), which tells the truth; a retry under the same key is
    answered as the first, never a doubled move.
    """


class CannotOpen(StorageError):
    """The database cannot be opened at start-up; the message is one line saying what to do."""


class SchemaTooNew(CannotOpen):
    """The database was written by a newer Mesa: this program refuses to touch it."""


class HoldLost(CannotOpen):
    """Another process took this process's share while the database was away; the message says what to do."""
