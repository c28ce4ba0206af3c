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
