"""The engines' command line (docs/architecture.md): how the rules are checked from outside the code.

    python -m engines moves GAME "POSITION"
    python -m engines perft GAME DEPTH ["POSITION"]
    python -m engines play GAME "POSITION" MOVE...
    python -m engines view GAME "POSITION" [SEAT|spectator]

``perft`` counts to a depth of at most ``MAX_PERFT_DEPTH`` (8): the specifications list counts to
depth 6 at most, and the count grows about twenty-fold a ply (Kona's depth 5 takes about a
second, so its depth 8 would take hours); a deeper one could not finish.  A bad command line, an
unknown game or an invalid position is one line on standard error and exit code 2
(``engines.cli``); an illegal move in ``play`` is ``illegal: ...`` on standard output, exit code 1.
"""

from __future__ import annotations

import sys
import time

from engines import GAMES, get_engine
from engines.base import MoveError, PositionError
from engines.cli import CommandLineError, OneLineParser, fail, run_main

#: the deepest ``perft`` this command line counts (see the module docstring)
MAX_PERFT_DEPTH = 8


def _load(engine, position: str | None):
    if position is None:
        return engine.new_game(engine.min_players, seed=0)
    return engine.from_position(position)


def cmd_moves(engine, args) -> int:
    state = _load(engine, args.position)
    for text in sorted(engine.format_move(state, m) for m in engine.legal_moves(state)):
        print(text)
    return 0


def cmd_perft(engine, args) -> int:
    if not 1 <= args.depth <= MAX_PERFT_DEPTH:
        raise CommandLineError(f"perft counts to a depth from 1 to {MAX_PERFT_DEPTH}, not {args.depth}")
    state = _load(engine, args.position or engine.perft_start)
    started = time.perf_counter()
    count = engine.perft(state, args.depth)
    elapsed = time.perf_counter() - started
    print(count)
    if args.time:
        print(f"{elapsed:.3f} s, {count / elapsed if elapsed else 0:,.0f} leaves/s", file=sys.stderr)
    return 0


def cmd_play(engine, args) -> int:
    state = _load(engine, args.position)
    for text in args.moves:
        try:
            move = engine.parse_move(state, text)
            state = engine.apply(state, move)
        except MoveError as exc:
            print(f"illegal: {text} ({exc})")
            return 1
    print(engine.to_position(state))
    print(f"outcome: {engine.outcome_text(state)}")
    return 0


def cmd_view(engine, args) -> int:
    state = _load(engine, args.position)
    seat_text = (args.seat or "spectator").strip().lower()
    if seat_text == "spectator":
        viewer = None
    else:
        try:
            viewer = int(seat_text)
        except ValueError:
            raise PositionError(f"seat must be a number or 'spectator', not {args.seat!r}") from None
        if not 0 <= viewer < engine.num_players(state):
            raise PositionError(f"seat {viewer} is not in this game")
    print(engine.view_notation(state, viewer))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m engines", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    games = "one of " + ", ".join(GAMES) + " (kona also as carpniches)"
    position = "the position in the game's notation (docs/spec), quoted (its fields are separated by spaces)"

    def command(name: str, what: str) -> OneLineParser:
        p = sub.add_parser(name, help=what, description=what[0].upper() + what[1:] + ".")
        p.add_argument("game", help=games)
        return p

    p = command("moves", "list the legal moves, canonical, sorted")
    p.add_argument("position", help=position)
    p = command("perft", "count move sequences of a depth")
    p.add_argument("depth", type=int, help=f"1 to {MAX_PERFT_DEPTH}")
    p.add_argument("position", nargs="?", help=position + "; default: the start (K3: P2, after building)")
    p.add_argument("--time", action="store_true", help="print timing to stderr")
    p = command("play", "apply moves and print the position and outcome")
    p.add_argument("position", help=position)
    p.add_argument("moves", nargs="*", help="moves in the game's notation, each quoted if it has spaces "
                   "('aim s1 hard')")
    p = command("view", "print a seat's view (spectator by default)")
    p.add_argument("position", help=position)
    p.add_argument("seat", nargs="?", help="a seat number from 0, or spectator (the default)")
    try:
        args = parser.parse_args(argv)
        engine = get_engine(args.game)
    except CommandLineError as exc:
        return fail(str(exc))
    except KeyError as exc:
        return fail(exc.args[0])
    handlers = {"moves": cmd_moves, "perft": cmd_perft, "play": cmd_play, "view": cmd_view}
    try:
        return handlers[args.command](engine, args)
    except PositionError as exc:
        return fail(f"invalid position: {exc}")
    except (CommandLineError, ValueError) as exc:
        return fail(str(exc))


if __name__ == "__main__":
    run_main(main)
