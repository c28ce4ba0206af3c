"""``python -m render GAME "POSITION" [--viewer SEAT] [--out FILE] [--names A,B]``: the PNG of a view."""

from __future__ import annotations

import argparse
import sys

from engines import get_engine
from engines.base import PositionError
from render import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("position")
    parser.add_argument("--viewer", default="spectator", help="seat number, or spectator (default)")
    parser.add_argument("--out", default=None, help="output file (default: GAME.png)")
    parser.add_argument("--names", default=None, help="comma-separated player names")
    args = parser.parse_args(argv)
    try:
        engine = get_engine(args.game)
        state = engine.from_position(args.position)
    except (KeyError, PositionError, ValueError) as exc:
        print(f"error: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    viewer: int | None
    if args.viewer.strip().lower() == "spectator":
        viewer = None
    else:
        try:
            viewer = int(args.viewer)
        except ValueError:
            print(f"error: --viewer takes a seat number or 'spectator', not {args.viewer!r}", file=sys.stderr)
            return 2
        if not 0 <= viewer < engine.num_players(state):
            print(f"error: seat {viewer} is not in this game", file=sys.stderr)
            return 2
    names = args.names.split(",") if args.names else None
    data = render(engine.name, engine.view(state, viewer), names)
    out = args.out or f"{engine.name}.png"
    with open(out, "wb") as fh:
        fh.write(data)
    print(f"{out}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
