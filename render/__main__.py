"""``python -m render GAME "POSITION" [--viewer SEAT] [--out FILE] [--names A,B] [--lang en|es]``: the PNG of a
view, its words in English or Spanish.

A bad command line, an unknown game, an invalid position, a file that cannot be written (a missing
folder, a directory) is one line on standard error and exit code 2 (``engines.cli``).  Names are at
most ``MAX_NAME_CHARS`` characters each (the service cuts a player's name to the same length,
``tables.service.MAX_NAME``), at most as many as the game has seats, and one line of text each:
fitting a longer name to its strip takes time in the square of its length, and a line break
(``\n``, ``\r``, U+2029 ...) makes the text layout (raqm) fail.
"""

from __future__ import annotations

import unicodedata

from engines import GAMES, get_engine
from engines.base import PositionError
from engines.cli import CommandLineError, OneLineParser, fail, one_line, run_main
from render import render, words

#: the longest player name drawn (Discord names are at most 32 characters, and so are Mesa's)
MAX_NAME_CHARS = 32


def _names(text: str | None, seats: int) -> list[str] | None:
    if not text:
        return None
    names = text.split(",")
    if len(names) > seats:
        raise CommandLineError(f"--names: at most {seats} names for this game, not {len(names)}")
    for i, name in enumerate(names, start=1):
        if len(name) > MAX_NAME_CHARS:
            raise CommandLineError(f"--names: name {i} has {len(name)} characters; at most {MAX_NAME_CHARS}")
        if any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in name):
            raise CommandLineError(f"--names: name {i} holds a control character or a line break")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m render", description="Draw a position as the PNG a seat (or a "
                           "spectator) sees, as Mesa posts it. Positions are written in each game's notation "
                           "(docs/spec).")
    parser.add_argument("game", help="one of " + ", ".join(GAMES))
    parser.add_argument("position", help="the position, quoted (its fields are separated by spaces)")
    parser.add_argument("--viewer", default="spectator", help="seat number, or spectator (default)")
    parser.add_argument("--out", default=None, help="output file (default: GAME.png)")
    parser.add_argument("--names", default=None,
                        help=f"comma-separated player names, at most {MAX_NAME_CHARS} characters each")
    parser.add_argument("--lang", default="en", help="the language of the words drawn: " + " or ".join(words.LANGS))
    try:
        args = parser.parse_args(argv)
        engine = get_engine(args.game)
        state = engine.from_position(args.position)
    except CommandLineError as exc:
        return fail(str(exc))
    except (KeyError, PositionError, ValueError) as exc:
        return fail(exc.args[0] if exc.args else str(exc))
    viewer: int | None
    if args.viewer.strip().lower() == "spectator":
        viewer = None
    else:
        try:
            viewer = int(args.viewer)
        except ValueError:
            return fail(f"--viewer takes a seat number or 'spectator', not {one_line(repr(args.viewer), 40)}")
        if not 0 <= viewer < engine.num_players(state):
            return fail(f"seat {viewer} is not in this game")
    try:
        names = _names(args.names, engine.num_players(state))
    except CommandLineError as exc:
        return fail(str(exc))
    if args.lang.strip().lower() not in words.LANGS:
        return fail(f"--lang takes {' or '.join(words.LANGS)}, not {one_line(repr(args.lang), 40)}")
    out = f"{engine.name}.png" if args.out is None else args.out
    if not out.strip():
        return fail("--out names no file")
    data = render(engine.name, engine.view(state, viewer), names, lang=args.lang.strip().lower())
    try:
        with open(out, "wb") as fh:
            fh.write(data)
    except (OSError, ValueError) as exc:  # a missing folder, a directory, no permission; ValueError: a NUL
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return fail(f"cannot write {one_line(out, 80)} ({reason}): name a file in a folder that exists")
    print(f"{out}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    run_main(main)
