"""Start Mesa: the Discord bot, or the offline console (``--console``).

    python bot.py                      run the bot (needs DISCORD_TOKEN in the environment or .env)
    python bot.py --console [--db PATH] [--out DIR] [--seed N] [--no-images] [--lang es]   (--console --help lists them)
                                       play in the terminal as several named users, no token needed
    python bot.py --sync [--guild ID]  register the slash commands with Discord, then exit
    python bot.py --print-commands     print the command tree's JSON payload, no connection
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import NoReturn

from dotenv import find_dotenv, load_dotenv

NO_TOKEN = (
    "DISCORD_TOKEN is not set: put it in .env (see .env.example), "
    "or play offline with `python bot.py --console`."
)

#: the levels ``LOG_LEVEL`` may name (any case); unset or empty is INFO
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
BAD_LOG_LEVEL = "LOG_LEVEL={level!r} is not a level: write DEBUG, INFO, WARNING or ERROR, or leave it empty for INFO"

#: every setting Mesa reads (README, *Configuration*); a ``.env`` line may also set the PostgreSQL
#: client's own ``PG...`` variables (asyncpg reads them) and Python's ``PYTHON...`` ones
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "DISCORD_API_BASE",
            "SHARD_IDS", "SHARD_COUNT", "TICK_SECONDS", "REPLAY_CACHE_MB", "REPLAY_CACHE_DAYS", "REVIEW_CACHE_MB",
            "REVIEW_CACHE_DAYS")
OTHER_PROGRAMS = ("PG", "PYTHON")


def env_file_problem(path: str) -> str | None:
    """One line saying what is wrong with the ``.env`` file at ``path`` (None when nothing is, or there is
    no such file): a line that is not ``NAME=value``, or a name Mesa does not read (a misspelt setting
    would be ignored in silence).  Never quotes a value: it may be the token."""
    from difflib import get_close_matches

    from dotenv.parser import parse_stream

    try:
        with open(path, encoding="utf-8") as stream:
            bindings = list(parse_stream(stream))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        return f"{path} cannot be read ({type(exc).__name__}): fix the file or its permissions"
    for binding in bindings:
        line = binding.original.line
        if binding.error:
            return (f"{path}, line {line}: not a setting: write NAME=value on one line (a quoted value needs "
                    "its closing quote)")
        key = binding.key
        if key is None or key in SETTINGS or key.startswith(OTHER_PROGRAMS):
            continue
        close = get_close_matches(key.upper(), SETTINGS, n=1, cutoff=0.75)
        hint = f"did you mean {close[0]}?" if close else "the settings are listed in .env.example"
        return (f"{path}, line {line}: {key} is not a setting Mesa reads ({hint}): fix or remove that line "
                "(another program's variable belongs in the environment, not in Mesa's .env)")
    return None


class OneLineParser(argparse.ArgumentParser):
    """A wrong argument is one line saying so and where the right ones are listed (exit 2), not the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def load_env_file(path: str) -> None:
    """Load ``.env`` (the environment's own values win); a relative ``DATABASE_PATH`` written there is
    beside that file, as the file itself is found beside bot.py whatever the working folder: started from
    another folder, ``data/mesa.db`` would otherwise be a new, empty database there."""
    from dotenv import dotenv_values

    already = "DATABASE_PATH" in os.environ
    load_dotenv(path)
    written = (dotenv_values(path).get("DATABASE_PATH") or "").strip()
    # not a URL nor SQLite's :memory: written there (read as they are: data/factory.py)
    if not already and written and not os.path.isabs(written) and "://" not in written and written != ":memory:":
        os.environ["DATABASE_PATH"] = os.path.join(os.path.dirname(os.path.abspath(path)), written)


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """The options, and what follows a ``--console`` written short (``--cons``: the console reads them).

    Anything else bot.py does not take is refused: a mistyped ``--snyc`` would otherwise start the bot."""
    parser = OneLineParser(prog="python bot.py", description="Mesa, a Discord bot for four board games.")
    parser.add_argument("--console", action="store_true", help="play offline in the terminal (no token); its own "
                        "options (--db, --seed, --lang es, ...): --console --help")
    parser.add_argument("--sync", action="store_true", help="sync slash commands to Discord, then exit")
    parser.add_argument("--guild", type=int, default=None, help="with --sync: sync to this server only")
    parser.add_argument("--print-commands", action="store_true", help="print the command tree JSON and exit")
    args, rest = parser.parse_known_args(argv)
    if rest and not args.console:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.guild is not None and not args.sync:
        parser.error("--guild goes with --sync (python bot.py --sync --guild YOUR_SERVER_ID)")
    return args, rest


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if tuple(sys.version_info[:2]) < (3, 11):  # the rest of Mesa does not even import there
        found = ".".join(map(str, sys.version_info[:3]))
        print(f"Mesa needs Python 3.11 or newer; this is Python {found}: make the .venv with python3.11 "
              "(python3.11 -m venv .venv)", file=sys.stderr)
        return 1
    env_file = find_dotenv()  # next to bot.py, or in a folder above it (as load_dotenv() looks)
    problem = env_file_problem(env_file) if env_file else None
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if env_file:
        load_env_file(env_file)
    if "--console" in argv:  # the console owns every other option, --help included
        import console

        return console.main([a for a in argv if a != "--console"])
    args, rest = parse_args(argv)
    if args.console:  # written short (--cons): the console sets up its own logging, errors only
        import console

        return console.main(rest)
    from tables.logs import setup_logging

    level = (os.environ.get("LOG_LEVEL") or "").strip()
    if level and level.upper() not in LOG_LEVELS:
        print(BAD_LOG_LEVEL.format(level=level[:40]), file=sys.stderr)
        return 2
    # LOG_LEVEL=DEBUG is DEBUG for Mesa's own lines only: libraries quote secrets there (tables/logs.py)
    setup_logging(level or None, default=logging.INFO)
    if args.print_commands:
        from cogs.commands_json import print_commands

        return print_commands()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from cogs.client import run_bot

    return run_bot(token, sync=args.sync, guild_id=args.guild)


if __name__ == "__main__":
    sys.exit(main())
