"""The console's part in issue 29: reminders confirmed once printed (item 2)."""

from __future__ import annotations

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
    run_console(db, ["Ana: /play kona @Ben time_per_move=10h", "Ben: /accept", "Ana: /move a6-d3"])
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
    reminders = [line for line in out if line.startswith("[dm ") and "to move in Kona #1 have passed" in line]
    assert len(reminders) == 1, out  # printed once, then confirmed
