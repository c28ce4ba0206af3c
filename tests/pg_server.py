"""A throwaway PostgreSQL server for the tests, started from the machine's own binaries.

``PgServer.start()`` runs ``initdb`` into a temporary folder and starts ``postgres`` listening only
on a unix socket inside that folder (no TCP port, so nothing can collide with another server),
with durability switched off (``fsync=off``: the data is thrown away anyway).  PostgreSQL refuses
to run as root, so when the tests run as root (CI from a fresh clone) the server runs as an
unprivileged system user: ``postgres`` when it exists (Debian's package creates it), else
``nobody``; the folder is handed to that user.  ``stop()`` removes everything.

The binaries are found in ``$PG_BIN`` (only there, when it is set), else the newest
``/usr/lib/postgresql/*/bin`` (Debian, Ubuntu), else on ``PATH``.  Without them, the PostgreSQL
half of the tests fails with ``MISSING`` (which package to install), on purpose: a skipped half
would pass unnoticed.
"""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shutil
import sqlite3
import subprocess
import tempfile
import threading
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg

MISSING = (
    "PostgreSQL's server binaries (initdb, pg_ctl, postgres) were not found: install them with "
    "`apt-get install postgresql` (Debian/Ubuntu; the package postgresql-15 on Debian 12) or set PG_BIN "
    "to the folder holding them. The PostgreSQL half of the storage tests cannot run without them."
)
SUPERUSER = "mesa"
#: a role that must give its password (the "bad password" tests); every other local login is trusted
PASSWORD_USER, PASSWORD = "mesa_pw", "right-password"
TEMPLATE = "mesa_template"

#: the ``db`` fixture: ``db(name="mesa.db", blank=False)`` -> an SQLite path or a postgresql:// URL
DbFactory = Callable[..., str]


def find_bin_dir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``$PG_BIN``, ``/usr/lib/postgresql/<newest>/bin``, PATH."""

    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parent.name
        return tuple(int(p) for p in name.split(".") if p.isdigit())

    candidates: list[str] = []
    if os.environ.get("PG_BIN"):  # when given, it is the only place looked at
        candidates.append(os.environ["PG_BIN"])
    else:
        candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
        on_path = shutil.which("initdb")
        if on_path:
            candidates.append(str(Path(on_path).parent))
    for folder in candidates:
        if all((Path(folder) / exe).exists() for exe in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _unprivileged_user() -> pwd.struct_passwd | None:
    """Who runs the server: ourselves, or (as root) ``postgres`` / ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and neither a 'postgres' nor a 'nobody' user exists to run PostgreSQL")


class PgServer:
    """One PostgreSQL cluster in a temporary folder; ``url(name)`` names a database in it."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.user = _unprivileged_user()
        # /tmp, not $TMPDIR: a unix socket path must stay under ~100 bytes, and the server's user
        # must be able to reach the folder (a TMPDIR inside /root would not do)
        self.root = Path(tempfile.mkdtemp(prefix="mesa-pg-", dir="/tmp" if os.path.isdir("/tmp") else None))
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.port = 5432  # only names the socket file: the server listens on no TCP port
        self._names = itertools.count(1)
        #: migrated databases given back by finished tests, emptied, ready for the next one
        self._free: list[str] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._admin: asyncpg.Connection | None = None

    # ---- the process ------------------------------------------------------------------------------
    def _run(self, *args: str) -> None:
        kwargs: dict[str, Any] = {}
        if self.user is not None:
            kwargs = {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}
        done = subprocess.run(list(args), capture_output=True, text=True, cwd=self.root, check=False, **kwargs)
        if done.returncode != 0:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:] if (
                self.root / "server.log").exists() else ""
            raise RuntimeError(f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr.strip()}\n{log}")

    def start(self) -> PgServer:
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--no-sync",
                  "-E", "UTF8", "--locale=C")
        hba = self.data / "pg_hba.conf"
        hba.write_text(f"local all {PASSWORD_USER} scram-sha-256\n" + hba.read_text())
        self.resume()
        self._start_admin()
        self.admin(self._setup())
        return self

    def resume(self) -> None:
        """Start the server process (again, after ``pause``)."""
        options = (f"-c listen_addresses='' -c unix_socket_directories='{self.socket_dir}' -c port={self.port} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 "
                   "-c shared_buffers=32MB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"), "-w",
                  "-t", "60", "-o", options, "start")

    def pause(self) -> None:
        """Stop the server process (fast shutdown: open sessions are cut, their transactions rolled back)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            if self._loop is not None:
                if self._admin is not None:
                    self.admin(self._admin.close())
                self._loop.call_soon_threadsafe(self._loop.stop)
                assert self._thread is not None
                self._thread.join(10)
            if (self.data / "postmaster.pid").exists():
                self.pause()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    # ---- databases -------------------------------------------------------------------------------
    def url(self, database: str, user: str = SUPERUSER, password: str | None = None) -> str:
        who = quote(user) + (f":{quote(password)}" if password is not None else "")
        return f"postgresql://{who}@/{database}?host={quote(str(self.socket_dir))}&port={self.port}"

    def _start_admin(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pg-admin", daemon=True)
        self._thread.start()

    def admin(self, coro: Coroutine[Any, Any, Any]) -> Any:
        """Run a coroutine on the server's own admin loop (callable from any thread, any loop)."""
        assert self._loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(60)

    async def _connect(self) -> asyncpg.Connection:
        if self._admin is not None and not self._admin.is_closed():
            try:
                await self._admin.execute("SELECT 1")  # it may have died in a ``pause``
                return self._admin
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                self._admin.terminate()
        self._admin = await asyncpg.connect(self.url("postgres"))
        return self._admin

    async def _setup(self) -> None:
        con = await self._connect()
        await con.execute(f"CREATE ROLE {PASSWORD_USER} LOGIN PASSWORD '{PASSWORD}'")
        await con.execute(f"CREATE DATABASE {TEMPLATE}")
        from data.postgres import PostgresRepository

        repo = await PostgresRepository.connect(self.url(TEMPLATE))  # migrated once; tests copy it
        await repo.close()

    def new_database(self, label: str = "t", *, blank: bool = False) -> str:
        """An empty database (migrated, or ``blank``: not even the schema); returns its URL.

        Migrated ones are recycled (``release_database``): ``CREATE DATABASE`` costs about half a
        second on a busy machine, emptying one a few milliseconds.
        """
        if not blank and self._free:
            return self._free.pop()
        name = f"{''.join(ch for ch in label.lower() if ch.isalnum())[:30] or 't'}_{next(self._names)}"

        async def create() -> None:
            con = await self._connect()
            template = "template0" if blank else TEMPLATE
            await con.execute(f'CREATE DATABASE "{name}" TEMPLATE {template}')

        self.admin(create())
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.split("@/", 1)[1].split("?", 1)[0]

        async def drop() -> None:
            con = await self._connect()
            await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        self.admin(drop())

    def release_database(self, url: str) -> None:
        """A test is done with a migrated database: cut its sessions, empty it, keep it for the next test."""
        from data.repository import STORED_TABLES
        from data.schema import SCHEMA_VERSION

        name = url.split("@/", 1)[1].split("?", 1)[0]

        async def empty() -> bool:
            admin = await self._connect()
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 "
                                "AND pid <> pg_backend_pid()", name)
            con = await asyncpg.connect(url)
            try:
                if await con.fetchval("SELECT MAX(version) FROM mesa_schema") != SCHEMA_VERSION:
                    return False
                await con.execute(f"TRUNCATE {', '.join(STORED_TABLES)} RESTART IDENTITY CASCADE")
                return True
            except asyncpg.PostgresError:  # a test changed the schema: not reusable
                return False
            finally:
                await con.close()

        if self.admin(empty()):
            self._free.append(url)
        else:
            self.drop_database(url)


async def run_sql(target: str, sql: str, params: Sequence[Any] = ()) -> None:
    """One raw statement (``?`` placeholders) on either backend, as a hand outside Mesa would write it.

    Tests use it to damage a database on purpose; nothing in the program does this.
    """
    if target.startswith("postgresql://"):
        from data.postgres import _placeholders

        con = await asyncpg.connect(target)
        try:
            await con.execute(_placeholders(sql), *params)
        finally:
            await con.close()
    else:
        with sqlite3.connect(target) as db:
            db.execute(sql, tuple(params))
        db.close()
