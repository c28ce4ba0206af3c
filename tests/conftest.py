"""Storage backends for the tests: every test that takes ``db`` runs on SQLite and on PostgreSQL.

``db(name)`` gives the storage target a test opens with ``open_repository`` (or the service):
an SQLite file in the test's temporary folder, or a fresh database on the session's throwaway
PostgreSQL server (``tests/pg_server.py``; started on first use, once per session, stopped and
removed at the end).  The same name in one test gives the same target, so a test can close and
reopen it (a restart).
"""

from __future__ import annotations

import compileall
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from discord_standin import StandIn
from discord_standin.probe import Probe
from pg_server import MISSING, DbFactory, PgServer, find_bin_dir

if TYPE_CHECKING:
    from discord_standin.payloads import Harness

BACKENDS = ("sqlite", "postgresql")


ROOT = Path(__file__).resolve().parents[1]
#: what the tests start as processes of their own (bot.py, console.py, python -m engines|ai|data|bench)
PROGRAMS = ("bot.py", "console.py", "cogs", "engines", "render", "tables", "data", "ai", "bench")


def pytest_configure(config: pytest.Config) -> None:
    """Compile Mesa's modules once, before the workers start.  Where ``PYTHONDONTWRITEBYTECODE`` is set
    (this machine, and so CI) no process writes what it compiles, so each of the few hundred ``bot.py``
    and ``console.py`` processes the tests start compiled every module again: a third of a second each."""
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has done it
        return
    for name in PROGRAMS:
        path = ROOT / name
        if path.is_dir():
            compileall.compile_dir(path, quiet=2)
        else:
            compileall.compile_file(path, quiet=2)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The ``slow`` tests first (order kept otherwise): with ``-n 2 --dist worksteal`` the long ones
    then start at once and the short ones fill the gaps, instead of one long test starting last
    while the other worker has nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.fail(MISSING, pytrace=False)
    server = PgServer(bin_dir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[DbFactory]:
    """``db(name, blank=False)`` -> a path (SQLite) or a ``postgresql://`` URL; see the module docstring."""
    made: dict[str, str] = {}
    blanks: set[str] = set()
    server: PgServer | None = request.getfixturevalue("pg_server") if backend == "postgresql" else None

    def target(name: str = "mesa.db", *, blank: bool = False) -> str:
        if name not in made:
            if server is None:
                made[name] = str(tmp_path / name)
            else:
                made[name] = server.new_database(name.split(".")[0], blank=blank)
                if blank:
                    blanks.add(made[name])
        return made[name]

    yield target
    if server is not None:
        for url in made.values():
            if url in blanks:
                server.drop_database(url)
            else:
                server.release_database(url)


@pytest.fixture
async def probe() -> AsyncIterator[Probe]:
    """A strict Discord stand-in and a raw client to probe it with (the stand-in's own tests)."""
    standin = StandIn()
    await standin.start()
    try:
        async with Probe(standin) as p:
            yield p
    finally:
        await standin.stop()


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    """Mesa's Discord front end (discord.py's real objects) over a temporary database, without pictures; a
    test file that needs another (Mesa's own moves searched in this process) defines its own."""
    from discord_standin.payloads import Harness  # the whole bot: imported by the tests that use it

    h = await Harness.open(tmp_path, renderer=None)
    yield h
    await h.close()
