"""The console's part in issue 29: moves named by session and line (item 1), reminders confirmed once
printed (item 2)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from test_tables_service import FakeClock, open_service

from console import user_id_for
from tables import Reminder
from tables.reminders import REDELIVER_SECONDS

ROOT = Path(__file__).resolve().parent.parent


def run_console(db: Path, script: list[str]) -> list[str]:
    proc = subprocess.run([sys.executable, "console.py", "--db", str(db), "--no-images"],
                          input="\n".join(script) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=240)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.splitlines()


async def test_a_reminder_a_dead_session_never_printed_is_printed_once(tmp_path: Path) -> None:
    db = tmp_path / "console.db"
    run_console(db, ["Ana: /play kona @Ben seat=first time_per_move=10h", "Ben: /accept", "Ana: /move a6-d3"])
    # a session that died between the tick and printing its reminder
    clock = FakeClock()
    repo, svc = await open_service(str(db), clock)
    saved = await svc.pretend_clock()
    assert saved is not None
    clock.moment = saved + timedelta(hours=5)
    lost = await svc.tick()
    assert [(m.user_id, m.key) for m in lost if isinstance(m, Reminder)] == [(user_id_for("Ben"), "reminder.half")]
    await svc.save_pretend_clock(clock.now())
    await repo.close()

    out = run_console(db, [f"Ana: /clock +{REDELIVER_SECONDS}s", "Ana: /clock +30m", "Ana: /clock +30m"])
    reminders = [line for line in out if line.startswith("[dm ") and "You have used" in line and "Kona #1: " in line]
    assert len(reminders) == 1, out  # printed once, then confirmed


def test_console_moves_are_named_by_session_and_line(tmp_path: Path) -> None:
    """Issue 29, item 1: each move is stored with its session and line number, so line 3 of the next
    session is another submission than line 3 of this one (it would otherwise be refused as done)."""
    db = tmp_path / "console.db"
    run_console(db, ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3"])
    out = run_console(db, ["# the same line number, another session", "Ben: /moves", "Ben: /auto"])
    assert not any(line.startswith("[error") for line in out), out
    with sqlite3.connect(db) as con:
        keys = [row[0] for row in con.execute("SELECT key FROM submissions ORDER BY version")]
        moves = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    con.close()
    assert moves == 2 and len(keys) == 2
    sessions = [key.split(":")[1] for key in keys]
    assert all(key.startswith("console:") and key.endswith(":3") for key in keys) and sessions[0] != sessions[1]
