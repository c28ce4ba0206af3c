"""Storage: the only code that speaks SQL (docs/architecture.md, "Storage").

``open_repository(url_or_path)`` opens one of two implementations of one contract
(``data.repository.Repository``): SQLite (``data.sqlite``, the default, a file at ``DATABASE_PATH``)
or PostgreSQL (``data.postgres``, chosen by a ``postgresql://`` URL such as ``DATABASE_URL``).  Both
apply the numbered migrations of ``data.schema`` at start-up; the rows they return are the typed
dataclasses of ``data.models``.  ``python -m data copy SOURCE TARGET`` moves a database between them.
``redact(target)`` is a target fit to print: no password in it.
"""

from __future__ import annotations

from data.errors import CannotOpen, HoldLost, SchemaTooNew, StaleVersion, StorageError, StorageUnavailable
from data.factory import DEFAULT_PATH, database_path, database_target, is_postgres, open_repository
from data.models import GuildSettings, MoveRow, NewMove, ResultRow, SeatRow, Share, TableRow, UserPrefs
from data.redaction import redact, redact_text
from data.repository import Repository, Tx

__all__ = [
    "DEFAULT_PATH",
    "CannotOpen",
    "GuildSettings",
    "HoldLost",
    "MoveRow",
    "NewMove",
    "Repository",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "Share",
    "StaleVersion",
    "StorageError",
    "StorageUnavailable",
    "TableRow",
    "Tx",
    "UserPrefs",
    "database_path",
    "database_target",
    "is_postgres",
    "open_repository",
    "redact",
    "redact_text",
]
