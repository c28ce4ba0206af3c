"""Which backend a target names: ``postgresql://...`` (or ``postgres://``) a server, anything else a file.

The bot reads ``DATABASE_URL`` first (a server), else ``DATABASE_PATH`` (an SQLite file), else the
default file ``data/mesa.db``; the console's ``--db`` takes either form.
"""

from __future__ import annotations

import os
from pathlib import Path

from data.repository import Repository

DEFAULT_PATH = str(Path(__file__).resolve().parent / "mesa.db")
_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    return str(target).strip().lower().startswith(_SCHEMES)


def database_path() -> str:
    """``DATABASE_PATH`` from the environment, else ``data/mesa.db``."""
    return os.environ.get("DATABASE_PATH") or DEFAULT_PATH


def database_target() -> str:
    """``DATABASE_URL`` when set (PostgreSQL), else the SQLite file of ``database_path()``."""
    return (os.environ.get("DATABASE_URL") or "").strip() or database_path()


async def open_repository(target: str | Path | None = None) -> Repository:
    """Open (and migrate) the repository ``target`` names; ``None`` means ``database_target()``.

    Raises ``CannotOpen`` (one line saying what to do) when it cannot; nothing is written then.
    """
    target = database_target() if target is None or not str(target).strip() else target
    if is_postgres(target):
        from data.postgres import PostgresRepository

        return await PostgresRepository.connect(str(target).strip())
    from data.sqlite import SqliteRepository

    return await SqliteRepository.connect(target)
