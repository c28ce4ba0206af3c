"""Storage: the only code that speaks SQL (docs/architecture.md, "Storage").

``Repository.open(path)`` connects to an SQLite file (WAL, foreign keys, busy timeout) and applies
the numbered migrations of ``data.schema``; the rows it returns are the typed dataclasses of
``data.models``.  The default file is ``data/mesa.db`` (git-ignored), overridden by ``DATABASE_PATH``.
"""

from __future__ import annotations

import os
from pathlib import Path

from data.models import GuildSettings, MoveRow, NewMove, ResultRow, SeatRow, TableRow, UserPrefs
from data.repository import Repository, StaleVersion, StorageError, Tx

DEFAULT_PATH = str(Path(__file__).resolve().parent / "mesa.db")


def database_path() -> str:
    """``DATABASE_PATH`` from the environment, else ``data/mesa.db``."""
    return os.environ.get("DATABASE_PATH") or DEFAULT_PATH


__all__ = [
    "DEFAULT_PATH",
    "GuildSettings",
    "MoveRow",
    "NewMove",
    "Repository",
    "ResultRow",
    "SeatRow",
    "StaleVersion",
    "StorageError",
    "TableRow",
    "Tx",
    "UserPrefs",
    "database_path",
]
