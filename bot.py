"""Start Mesa: the Discord bot, or the offline console (``--console``).

    python bot.py                      run the bot (needs DISCORD_TOKEN in the environment or .env)
    python bot.py --console [--db PATH] [--out DIR] [--seed N] [--no-images]   (--console --help lists them)
                                       play in the terminal as several named users, no token needed
    python bot.py --sync [--guild ID]  register the slash commands with Discord, then exit
    python bot.py --print-commands     print the command tree's JSON payload, no connection
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from dotenv import load_dotenv

NO_TOKEN = (
    "DISCORD_TOKEN is not set: put it in .env (see .env.example), "
    "or play offline with `python bot.py --console`."
)

#: the levels ``LOG_LEVEL`` may name (any case); unset or empty is INFO
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
BAD_LOG_LEVEL = "LOG_LEVEL={level!r} is not a level: write DEBUG, INFO, WARNING or ERROR, or leave it empty for INFO"


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(prog="python bot.py", description="Mesa, a Discord bot for four board games.")
    parser.add_argument("--console", action="store_true", help="play offline in the terminal (no token)")
    parser.add_argument("--sync", action="store_true", help="sync slash commands to Discord, then exit")
    parser.add_argument("--guild", type=int, default=None, help="with --sync: sync to this server only")
    parser.add_argument("--print-commands", action="store_true", help="print the command tree JSON and exit")
    return parser.parse_known_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    load_dotenv()
    if "--console" in argv:  # the console owns every other option, --help included
        import console

        return console.main([a for a in argv if a != "--console"])
    args, rest = parse_args(argv)
    from tables.logs import setup_logging

    level = (os.environ.get("LOG_LEVEL") or "").strip()
    if level and level.upper() not in LOG_LEVELS:
        print(BAD_LOG_LEVEL.format(level=level[:40]), file=sys.stderr)
        return 2
    # LOG_LEVEL=DEBUG is DEBUG for Mesa's own lines only: libraries quote secrets there (tables/logs.py)
    setup_logging(level or None, default=logging.INFO)
    if args.console:
        import console

        return console.main(rest)
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
