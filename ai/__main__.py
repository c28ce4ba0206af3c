"""``python -m ai``: Mesa's computer player for any referee (like UCI for chess).

    python -m ai move GAME "POSITION" [--seat N] [--level L] [--ms N | --iterations N] [--seed S]
    python -m ai serve GAME [--level L] [--ms N | --iterations N] [--seed S]

``move`` prints one move in the game's canonical notation.  ``serve`` reads one request a line on
standard input — ``POSITION`` or ``POSITION<TAB>SEAT`` — and writes one move a line, flushed,
until the end of input.  ``POSITION`` is the full position or a view of it in the view notation of
docs/spec/<game>.md, as the console prints it after ``position:`` (Plateau's ``?`` for a face the
viewer cannot see and ``#n`` for an unseen reserve of n pieces, PL-10.3; K3's ``!`` + pieces for a
pyramid built in secret, K3-10).  The seat defaults to the one that may act (the engine's
``to_move``, or its single actor).  The player is given the seat's view only
(``engine.view_from_text``), never more than the seat may know, so the full position and the
seat's view of it get the same move; a view that hides the seat's own pieces (a spectator's view of
Plateau) is refused.  Bad input (an invalid position, a finished game, a seat that cannot act, an
unknown level): ``move`` writes one line on standard error and exits with 2; ``serve`` answers
``error: ...`` and goes on, whatever the line holds (a 5,000-digit number, bytes that are not
UTF-8).  The budget defaults to the level's thinking time (``ai.DEFAULT_MS``); ``--ms`` is at most
``MAX_MS`` (a minute) and ``--iterations`` at most ``MAX_ITERATIONS``, so that a mistyped number is
refused rather than a search that never ends.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys

import ai
from engines import CHANCE, canonical_name, get_engine
from engines.base import HiddenSeatError, MoveError, OptionError, PositionError
from engines.cli import CommandLineError, OneLineParser, fail, one_line, run_main

#: the longest thinking time ``--ms`` accepts: one minute (the hard level thinks 1.5 s)
MAX_MS = 60_000
#: the largest ``--iterations``: well past what any level searches in its time (the hard level's 1.5 s is some
#: 1,000 to 2,000 iterations), and about a minute at most, as ``--ms`` is: Plateau's opening searches some 630 a
#: second on a 2-core machine (a million were 22 minutes, not the "minutes at most" said)
MAX_ITERATIONS = 40_000
#: the longest request line ``serve`` reads (a position is a few hundred characters): a line of 100 MB took 1.6 GB
#: and half a minute to refuse
MAX_REQUEST = 10_000
#: the refusal of a view that hides what the seat to play knows (a spectator's view of Plateau)
HIDDEN_SEAT = "this view hides the seat's own pieces: give the seat's view or the full position"


class Refusal(Exception):
    """A request the player cannot answer; its text is the one line the user sees."""


def _parser() -> OneLineParser:
    games = ", ".join(ai.PLAYERS)
    times = ", ".join(f"{level} {ms}" for level, ms in ai.DEFAULT_MS.items())
    parser = OneLineParser(
        prog="python -m ai",
        description="Mesa's computer player for any referee (like UCI for chess).\n"
                    "Positions and moves are written in each game's notation (docs/spec).\n"
                    "POSITION is the full position or the seat's view of it, as the console prints it\n"
                    "after 'position:': ? for a face the seat cannot see and #n for an unseen reserve of\n"
                    "n pieces (Plateau), ! + pieces for a pyramid built in secret (K3). Mesa decides from\n"
                    "the seat's view either way; a view that hides the seat's own pieces is refused.",
        epilog="examples:\n"
               '  python -m ai move kona "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -" --level hard\n'
               '  python -m ai move plateau "3,W??.WX?/4/4/Bxx.BRb,3 B turn ox.rx.bx.2rr.2bb.3xx #10 - - 2"',
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("move", help="print one move for a position or a seat's view of it",
                               description="Print one move for POSITION, in the game's canonical notation. "
                                           "POSITION is the full position or the seat's view of it (the view "
                                           "notation: ? for a face the seat cannot see, #n for an unseen reserve "
                                           "of n pieces in Plateau, ! + pieces for a pyramid built in secret in "
                                           "K3); Mesa decides from the seat's view either way.")
    move.add_argument("game", help=f"one of {games}")
    move.add_argument("position", help="the position or the seat's view of it, quoted (its fields are separated "
                                       "by spaces)")
    move.add_argument("--seat", type=int, default=None, help="the seat to play (default: the one that may act)")
    serve = commands.add_parser("serve", help="answer one position a line on standard input",
                                description="Read POSITION or POSITION<TAB>SEAT a line on standard input and "
                                            "write one move a line, flushed, until the end of input; a bad line "
                                            "is answered 'error: ...'. POSITION is the full position or the "
                                            "seat's view of it, as for move.")
    serve.add_argument("game", help=f"one of {games}")
    for sub in (move, serve):
        sub.add_argument("--level", default="normal", help=f"one of {', '.join(ai.LEVELS)} (default normal)")
        budget = sub.add_mutually_exclusive_group()
        budget.add_argument("--ms", type=int, default=None,
                            help=f"thinking time per move in milliseconds, at most {MAX_MS} "
                                 f"(default by level: {times})")
        budget.add_argument("--iterations", type=int, default=None,
                            help=f"search iterations instead of a time, at most {MAX_ITERATIONS}: the same move "
                                 "every time with a seed")
        sub.add_argument("--seed", type=int, default=0, help="the search's random seed (default 0)")
    return parser


def check_game(name: str) -> str:
    """The canonical game name, if Mesa has a computer player for it."""
    try:
        game = canonical_name(name)
    except KeyError as exc:
        raise Refusal(str(exc.args[0])) from None
    module = ai.PLAYERS.get(game)
    if module is None or importlib.util.find_spec(module) is None:
        raise Refusal(f"no computer player for {game} yet")
    return game


def check_budget(level: str, ms: int | None, iterations: int | None) -> ai.Budget:
    if level not in ai.LEVELS:
        raise Refusal(f"unknown level {level!r}: choose one of {', '.join(ai.LEVELS)}")
    if ms is not None and not 0 < ms <= MAX_MS:
        raise Refusal(f"--ms must be a number of milliseconds from 1 to {MAX_MS}")
    if iterations is not None and not 0 < iterations <= MAX_ITERATIONS:
        raise Refusal(f"--iterations must be from 1 to {MAX_ITERATIONS}")
    if ms is None and iterations is None:
        return ai.Budget.for_level(level)
    return ai.Budget(ms=ms, iterations=iterations)


def answer(game: str, position: str, seat: int | None, level: str, budget: ai.Budget, seed: int) -> str:
    """The move for the seat that may act in ``position`` (or ``seat``), from its view only.

    ``position`` is the full position or a view of it (the view notation, as the console prints
    it): the engine reads either into the view the seat would get (``view_from_text``), which is
    all a computer player is ever given.  Whose turn it is and whether the game is over are public,
    read from the spectator's view; a view that hides the seat's own pieces cannot be played from.
    """
    engine = get_engine(game)
    text = position.strip()
    try:
        public = engine.view_from_text(text, None)
    except (PositionError, OptionError, ValueError) as exc:
        raise Refusal(f"invalid position: {exc}") from None
    if public["outcome"] is not None:
        raise Refusal(f"the game is over: {public['outcome']}")
    actors = public["actors"]
    if seat is None:
        if public["to_move"] == CHANCE:
            raise Refusal("chance decides the next move (a chance move), not a player: no seat can act")
        if len(actors) != 1:
            raise Refusal(f"several seats may act ({', '.join(map(str, actors))}): give the seat")
        seat = actors[0]
    elif seat not in actors:
        can = ", ".join(map(str, actors)) or "none (a chance move)"
        raise Refusal(f"seat {seat} cannot act now (seats that can: {can})")
    try:
        view = engine.view_from_text(text, seat)  # never more than the seat may know
    except HiddenSeatError:
        raise Refusal(HIDDEN_SEAT) from None
    except (PositionError, OptionError, ValueError) as exc:
        raise Refusal(f"invalid position: {exc}") from None
    try:
        return ai.choose_move(game, view, seat, level, budget, seed)
    except (ai.AIError, MoveError) as exc:
        raise Refusal(str(exc)) from None


def _request(line: str) -> tuple[str, int | None]:
    position, tab, seat_text = line.rstrip("\r\n").partition("\t")
    if not position.strip():
        raise Refusal("empty request: send POSITION or POSITION<TAB>SEAT")
    if not tab:
        return position, None
    try:
        return position, int(seat_text.strip())
    except ValueError:
        raise Refusal(f"seat {one_line(repr(seat_text.strip()), 40)} is not a number") from None


def serve(game: str, level: str, budget: ai.Budget, seed: int) -> int:
    """One answer a line, flushed, until the end of input; a bad line gets ``error: ...``.

    A referee drives this for a whole game: one bad line must not end it.  Bytes that are not
    UTF-8 are read as replacement characters (then refused as a position); a request the player
    fails on for a reason of its own is answered ``error: ...`` too, naming only the kind of failure.
    """
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    while line := sys.stdin.readline(MAX_REQUEST + 1):
        try:
            if len(line) > MAX_REQUEST:  # no position is this long: the rest of the line is skipped unread
                while (rest := sys.stdin.readline(MAX_REQUEST)) and not rest.endswith("\n"):
                    pass
                raise Refusal(f"a request is at most {MAX_REQUEST} characters: send POSITION or POSITION<TAB>SEAT")
            position, seat = _request(line)
            reply = answer(game, position, seat, level, budget, seed)
        except Refusal as exc:
            reply = f"error: {one_line(str(exc))}"
        except Exception as exc:  # the server outlives any one request
            reply = f"error: this position could not be answered ({type(exc).__name__})"
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        game = check_game(args.game)
        budget = check_budget(args.level, args.ms, args.iterations)
        if args.command == "serve":
            return serve(game, args.level, budget, args.seed)
        print(answer(game, args.position, args.seat, args.level, budget, args.seed), flush=True)
    except (CommandLineError, Refusal) as exc:
        return fail(str(exc))
    return 0


if __name__ == "__main__":
    run_main(main)
