"""Which backend a target names: ``postgresql://...`` (or ``postgres://``) a server, anything else a file.

The bot reads ``DATABASE_URL`` first (a server), else ``DATABASE_PATH`` (an SQLite file), else the
default file ``data/mesa.db``; the console's ``--db`` takes either form.  A URL of another scheme
(``postgresqll://``, ``sqlite:///``, ``mysql://``), or a PostgreSQL URL missing its slashes
(``postgresql:/x``), is refused rather than taken for a file name:
SQLite would create that file, folders and all, and a password in it would be logged as its path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from data.errors import CannotOpen
from data.models import Share
from data.redaction import redact
from data.repository import Repository

DEFAULT_PATH = str(Path(__file__).resolve().parent / "mesa.db")
_SCHEMES = ("postgresql://", "postgres://")
_ANY_SCHEME = re.compile(r"^\s*[A-Za-z][A-Za-z0-9+.\-]*://")
#: a target that means PostgreSQL but is not its URL (``postgresql:/x``, ``postgres:x``): no file of that name
_POSTGRES_MEANT = re.compile(r"^\s*postgres(?:ql)?:", re.IGNORECASE)


def is_postgres(target: str | Path) -> bool:
    return str(target).strip().lower().startswith(_SCHEMES)


def database_path() -> str:
    """``DATABASE_PATH`` from the environment, else ``data/mesa.db``."""
    return os.environ.get("DATABASE_PATH") or DEFAULT_PATH


def database_target() -> str:
    """``DATABASE_URL`` when set (PostgreSQL), else the SQLite file of ``database_path()``."""
    return (os.environ.get("DATABASE_URL") or "").strip() or database_path()


async def open_repository(target: str | Path | None = None, *, create: bool = True, alone: bool | Share = False
                          ) -> Repository:
    """Open (and migrate) the repository ``target`` names; ``None`` means ``database_target()``.

    ``create=False`` opens only a database that exists and holds Mesa's schema (``python -m data``
    reads from one; a mistyped name must not become a new, empty database).  ``alone`` (a bot
    process: ``True``, or the ``Share`` of Discord's shards it answers) refuses an SQLite file another bot
    process holds (``data.sqlite.hold_alone``); several processes share a PostgreSQL database by design,
    each holding its own shards, and a share another process holds is refused there (``data.holds``).
    Raises ``CannotOpen`` (one line saying what to do, no password in it) when it cannot; nothing is
    written then.
    """
    target = database_target() if target is None or not str(target).strip() else target
    if is_postgres(target):
        from data.postgres import PostgresRepository

        repo = await PostgresRepository.connect(str(target).strip(), create=create)
        if alone is not False:
            try:
                await repo.hold(alone if isinstance(alone, Share) else Share())
            except BaseException:
                await repo.close()
                raise
        return repo
    if _ANY_SCHEME.match(str(target)) or _POSTGRES_MEANT.match(str(target)):
        raise CannotOpen(f"{redact(str(target))} is neither a postgresql:// URL nor a file: fix DATABASE_URL "
                         "(or DATABASE_PATH)")
    from data.sqlite import SqliteRepository

    return await SqliteRepository.connect(target, create=create, alone=alone is not False)
