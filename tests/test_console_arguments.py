"""``python console.py`` (and ``python bot.py --console``) with an argument it cannot use: one line on
standard error saying which and where the right ones are listed, exit 2, and no game started."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("args", "words"), [
    (["--seed", "abc"], "--seed"),
    (["--frob"], "--frob"),
    (["--mesa-iterations", "0"], "--mesa-iterations"),  # Mesa played anyway, as if it had been given a number
    (["--mesa-iterations", "-5"], "--mesa-iterations"),
    (["--lang", "fr"], "--lang"),  # a language the console does not speak: said, not played in English
])
@pytest.mark.parametrize("program", [["console.py"], ["bot.py", "--console"]])
def test_a_console_argument_it_cannot_use_is_one_line(program: list[str], args: list[str], words: str,
                                                      tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    done = subprocess.run([sys.executable, str(ROOT / program[0]), *program[1:], *args, "--no-images"],
                          cwd=tmp_path, env=env, input="Ana: /play kona @mesa seat=first\n", capture_output=True,
                          text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and done.stdout == "", (done.stdout[:300], done.stderr)
    assert len(lines) == 1 and words in lines[0] and "--help" in lines[0], done.stderr


def test_console_written_short_is_the_console_without_the_bots_log_lines(tmp_path: Path) -> None:
    """``python bot.py --cons`` (argparse takes it for --console) printed the bot's INFO log lines (each
    migration, the database opened) above the game: the console logs errors only."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_", "LOG_LEVEL"))}
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--cons", "--no-images"], cwd=tmp_path, env=env,
                          input="Ana: /play kona @Ben\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr[:500]
    assert "Ben" in done.stdout
