"""Fixtures for the end-to-end suite: the Discord stand-in, the real ``bot.py`` process, scripted users.

Every scenario gets a fresh stand-in server (REST + gateway on a local port) and its own database
file; ``bot`` starts ``python bot.py`` against them and waits until it has identified on the
gateway.  The slash commands the users may send are the ones the bot registered itself:
``python bot.py --sync`` runs once per session against a stand-in, and every server starts with
that registration (as a real Discord application keeps its commands between bot restarts).
"""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
for folder in (TESTS, TESTS / "e2e"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from discord_standin.server import BotProcess, DiscordServer, dump  # noqa: E402
from mesa_e2e import Cast  # noqa: E402


async def _register() -> list[dict[str, Any]]:
    import tempfile

    server = DiscordServer()
    await server.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            code, out = await BotProcess(server, Path(folder)).run("--sync")
        assert code == 0, f"python bot.py --sync failed:\n{out}"
        assert server.commands, f"--sync registered nothing:\n{out}"
        return server.commands
    finally:
        await server.stop()


@pytest.fixture(scope="session")
def registered_commands() -> list[dict[str, Any]]:
    """The command tree as ``python bot.py --sync`` registered it with (the stand-in for) Discord."""
    return asyncio.run(_register())


@pytest.fixture
async def server(registered_commands: list[dict[str, Any]]) -> AsyncIterator[DiscordServer]:
    server = DiscordServer()
    await server.start()
    server.commands = [dict(c) for c in registered_commands]
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def bot(server: DiscordServer, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(server, tmp_path)
    await process.start()
    try:
        yield process
    finally:
        await process.stop()
        # shown by pytest when the test failed: what the bot said
        print(process.log()[-6000:])
        try:
            # a stopped bot leaves no process behind (its render workers go with it)
            await process.wait_for_no_leftovers()
        finally:
            process.reap()
    # the bot broke none of Discord's rules (payload limits, deadlines, permissions, threads ...)
    violations = server.violations()
    assert not violations, "Discord refused the bot's requests:\n" + dump(violations[:20])
    # a handler never crashes: no traceback and no error in the bot's log (unless the test expects some)
    if not process.expect_errors:
        problems = log_problems(process.log())
        assert not problems, "the bot logged errors:\n" + "\n".join(problems[:20])


def log_problems(log: str) -> list[str]:
    """Error lines and tracebacks of a bot log.

    One known gap is left out, and only while it lasts: a game whose picture module
    (render/<game>.py) is not written yet logs "rendering <game> failed" and posts its board
    without an image, by design of the service.
    """
    problems: list[str] = []
    excused = False
    for line in log.splitlines():
        rendering = re.search(r" ERROR tables\.service: rendering (\w+) failed", line)
        if rendering:
            excused = not (ROOT / "render" / f"{rendering[1]}.py").exists()
            if not excused:
                problems.append(line)
            continue
        if " ERROR " in line or " CRITICAL " in line:
            excused = False
            problems.append(line)
        elif "Traceback" in line and not excused:
            problems.append(line)
    return problems


@pytest.fixture
def cast(server: DiscordServer) -> Cast:
    return Cast(server)
