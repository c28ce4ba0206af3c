"""``python bot.py`` with a setting it cannot use: one line naming the setting and what to write, exit 2,
before anything starts (no connection to Discord, no database opened).

Each case runs the real ``bot.py`` with ``DISCORD_API_BASE`` pointing at a local port nothing listens on:
had the setting been taken (or silently replaced by its default), the bot would go on to connect and
stop there instead, saying "could not reach Discord".
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_", "DEV_GUILD", "TICK_", "REPLAY_", "REVIEW_",
                                "LOG_LEVEL"))}
    env.update({"DISCORD_TOKEN": "t.o.k", "DISCORD_API_BASE": f"http://127.0.0.1:{_closed_port()}/api/v10",
                "DATABASE_PATH": str(tmp_path / "m.db")})
    env.update(settings)
    return subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)


#: settings Config reads (cogs.client) with values it cannot use: each is one line naming the setting
BAD_SETTINGS = [
    ("TICK_SECONDS", "0"),
    ("TICK_SECONDS", "-5"),
    ("TICK_SECONDS", "nan"),
    ("DEV_GUILD_ID", "my-server"),
    ("REPLAY_CACHE_MB", "lots"),
    ("REPLAY_CACHE_DAYS", "0"),
    ("REVIEW_CACHE_MB", "-1"),
    ("REVIEW_CACHE_DAYS", "inf"),
    ("DISCORD_API_BASE", "localhost:8080/api/v10"),
    ("DISCORD_TOKEN", "abc\ndef"),
    ("DISCORD_TOKEN", "abc déf"),
]


@pytest.mark.parametrize(("name", "value"), [("TICK_SECONDS", "abc"), ("LOG_LEVEL", "CHATTY")])
def test_a_setting_that_cannot_be_used_stops_the_start_in_one_line(name: str, value: str, tmp_path: Path) -> None:
    """The real ``bot.py``: a setting Config refuses, and the log level bot.py itself reads."""
    done = _start(tmp_path, **{name: value})
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and name in lines[0] and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "m.db").exists()  # nothing half-started


@pytest.mark.parametrize(("name", "value"), BAD_SETTINGS)
def test_every_setting_config_cannot_use_is_one_line_naming_it(name: str, value: str) -> None:
    """The same check for every setting, in this process (``Config.from_env``, what ``run_bot`` does before
    anything starts; the test above shows the real start stopping on it)."""
    from cogs.client import Config, ConfigError

    env = {"DISCORD_TOKEN": "t.o.k", name: value}
    with pytest.raises(ConfigError) as refused:
        Config.from_env(env, token=env["DISCORD_TOKEN"].strip() if name == "DISCORD_TOKEN" else "t.o.k")
    line = str(refused.value)
    assert "\n" not in line and name in line, line


def test_the_token_is_never_quoted_in_the_line(tmp_path: Path) -> None:
    done = _start(tmp_path, DISCORD_TOKEN="secret-part\nrest")
    assert done.returncode == 2 and "secret-part" not in done.stderr, done.stderr


def test_good_settings_go_on_to_connect(tmp_path: Path) -> None:
    """The check refuses only what is wrong: these are taken, and the start goes on to Discord."""
    done = _start(tmp_path, TICK_SECONDS="2.5", DEV_GUILD_ID="123456789012345678", LOG_LEVEL="warning",
                  REPLAY_CACHE_MB="1.5", REVIEW_CACHE_DAYS="7", REPLAY_CACHE_DAYS="", TICK_SECONDS_X="ignored")
    assert done.returncode == 1 and "could not reach Discord" in done.stderr, done.stderr


# ---- the .env file itself ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "words"), [
    ("DISCORD_TOKEN=abc\nDATABSE_URL=postgresql://mesa@db/mesa\n", ["line 2", "DATABSE_URL", "DATABASE_URL"]),
    ("DISCORD_TOKN=abc\n", ["line 1", "DISCORD_TOKN", "DISCORD_TOKEN"]),
    ("tick_seconds=10\n", ["line 1", "tick_seconds", "TICK_SECONDS"]),
    ("DISCORD_TOKEN=abc\n# a comment\nTICK_SECONDS 10\n", ["line 3", "NAME=value"]),
    ('DISCORD_TOKEN="abc\n', ["line 1", "NAME=value"]),
])
def test_a_mistake_in_the_env_file_is_one_line_naming_its_line(text: str, words: list[str], tmp_path: Path) -> None:
    """A misspelt setting was ignored in silence (``DATABSE_URL``: the bot ran on SQLite), and a line
    python-dotenv could not read was a library's warning before the logging was even set up."""
    from bot import env_file_problem

    env_file = tmp_path / ".env"
    env_file.write_text(text)
    problem = env_file_problem(str(env_file))
    assert problem is not None and "\n" not in problem, problem
    for word in words:
        assert word in problem, problem
    assert "abc" not in problem and "postgresql" not in problem  # never a value: it may be the token


def test_an_env_file_as_the_example_writes_it_is_fine(tmp_path: Path) -> None:
    from bot import env_file_problem

    env_file = tmp_path / ".env"
    env_file.write_text((ROOT / ".env.example").read_text().replace("DISCORD_TOKEN=", "DISCORD_TOKEN=abc"))
    assert env_file_problem(str(env_file)) is None
    assert env_file_problem(str(tmp_path / "absent")) is None  # no .env at all: the environment alone


# ---- bot.py's own arguments ----------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "words"), [
    (["--snyc"], "--snyc"),  # a typo of --sync started the bot itself
    (["--sync", "extra"], "extra"),
    (["--print-commands", "--frob"], "--frob"),
    (["--guild", "123"], "--sync"),  # --guild alone was ignored: the bot started
    (["--sync", "--guild", "abc"], "--guild"),
])
def test_an_argument_bot_py_does_not_take_is_one_line_and_starts_nothing(args: list[str], words: str,
                                                                         tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_", "DATABASE_"))}
    env.update({"DISCORD_TOKEN": "t.o.k", "DISCORD_API_BASE": f"http://127.0.0.1:{_closed_port()}/api/v10",
                "DATABASE_PATH": str(tmp_path / "m.db")})
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2 and done.stdout == "", (done.stdout[:300], done.stderr)
    assert len(lines) == 1 and words in lines[0] and "--help" in lines[0], done.stderr


def test_an_older_python_is_told_in_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    """Mesa needs Python 3.11 (pyproject.toml): an older one failed deep in an import with a traceback
    (``from datetime import UTC``); bot.py itself runs on older ones, so it can say so first."""
    import bot

    monkeypatch.setattr(sys, "version_info", (3, 10, 12, "final", 0))
    assert bot.main(["--print-commands"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "3.11" in err and "3.10" in err, err


def test_a_relative_database_path_in_env_is_beside_the_env_file_whatever_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``.env`` is found beside bot.py whatever the working folder, but its ``DATABASE_PATH=data/mesa.db``
    (as .env.example writes it) was read from the working folder: ``python /srv/mesa/bot.py`` started
    elsewhere (a service manager's default folder) opened a new, empty database and every game seemed gone."""
    import bot

    home = tmp_path / "mesa"
    home.mkdir()
    (home / ".env").write_text("DISCORD_TOKEN=abc\nDATABASE_PATH=data/mesa.db\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    bot.load_env_file(str(home / ".env"))
    assert os.environ["DATABASE_PATH"] == str(home / "data" / "mesa.db")
    # a path set in the environment itself is the operator's own, read as always (from the working folder)
    monkeypatch.setenv("DATABASE_PATH", "other.db")
    bot.load_env_file(str(home / ".env"))
    assert os.environ["DATABASE_PATH"] == "other.db"
    for kept in (":memory:", "postgresql://mesa@db/mesa"):  # not files beside it
        monkeypatch.delenv("DATABASE_PATH")
        (home / ".env").write_text(f"DATABASE_PATH={kept}\n")
        bot.load_env_file(str(home / ".env"))
        assert os.environ["DATABASE_PATH"] == kept


def test_bot_py_help_says_where_the_console_s_own_options_are_listed() -> None:
    """``python bot.py --help`` listed --console with no word of --db, --seed or --lang es: a newcomer reading it
    could not find them; it names them and ``--console --help``, which lists them all."""
    done = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--console --help" in " ".join(done.stdout.split()), done.stdout
    listed = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--console", "--help"], capture_output=True,
                            text=True, timeout=60).stdout
    assert all(option in listed for option in ("--db", "--seed", "--lang")), listed
