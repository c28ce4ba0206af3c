"""``python bot.py`` started where Discord cannot be reached: one line that says what to do, no traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_connection_to_discord_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a local port nothing listens on: the connection is refused at once
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_"))}
    env.update({"DISCORD_TOKEN": "t.o.k", "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
                "DATABASE_PATH": str(tmp_path / "m.db"), "LOG_LEVEL": "WARNING"})
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "could not reach Discord" in lines[0] and "--console" in lines[0], done.stderr


def test_debug_is_mesas_own_lines_only() -> None:
    """Issue 29, item 8: below INFO, only Mesa's loggers reach a handler; a library's DEBUG line (a
    statement's parameters, a request body) may quote a secret, whichever library it is."""
    import logging

    from tables.logs import OwnDebugOnly

    def passes(name: str, level: int) -> bool:
        return OwnDebugOnly().filter(logging.LogRecord(name, level, __file__, 1, "x", None, None))

    for own in ("tables.service", "mesa.discord", "data.sqlite", "cogs.delivery", "console", "__main__"):
        assert passes(own, logging.DEBUG), own
    for library in ("aiosqlite", "asyncpg.pool", "discord.http", "a_library_from_next_year"):
        assert not passes(library, logging.DEBUG), library
        assert passes(library, logging.WARNING), library


def test_an_unknown_log_level_is_not_a_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_"))}
    env["LOG_LEVEL"] = "CHATTY"
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--print-commands"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert len(lines) == 1 and "LOG_LEVEL" in lines[0] and "INFO" in lines[0], done.stderr


def test_a_database_that_cannot_be_opened_is_said_before_discord_is_asked(tmp_path: Path) -> None:
    """Storage first: a wrong DATABASE_URL is the one line, even where Discord cannot be reached
    (or would refuse the token): the operator fixes one thing at a time, in order, nothing sent."""
    ports = []
    for _ in range(2):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            ports.append(probe.getsockname()[1])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_"))}
    env.update({"DISCORD_TOKEN": "t.o.k", "DISCORD_API_BASE": f"http://127.0.0.1:{ports[0]}/api/v10",
                "DATABASE_URL": f"postgresql://mesa@127.0.0.1:{ports[1]}/mesa", "LOG_LEVEL": "WARNING"})
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "cannot reach PostgreSQL" in lines[0] and "DATABASE_URL" in lines[0], done.stderr
    assert "Discord" not in done.stderr
