"""Junk and illegal move texts over seeded playouts of every game (issue 28, item 4): the corpus the
refusal tests read (``test_refusal_reasons.py``).  Deterministic: the same seeds give the same texts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engines import CHANCE, MoveError, game_names, get_engine

#: texts any game refuses or reads as something else: garbled notation, out-of-range squares
JUNK = ("", "  ", "zz", "?", "a", "a1", "a1-", "-a1", "a0-a1", "z9-a1", "g7-a1", "a6-a2", "a1-a1", "a1-f6",
        "a6-b6-c6", "a1:2-a3", "a1:9-a2", "a1:1-d4", "b2:1-b3", "a1:2-b2/c3", "+xx@a1", "+xx.rb@a1", "+rb@b2",
        "+qq@a1", "+xr@e9", "+xx.rb@b2", "+xo@a1/2", "+xr@a1/9", "tender:rr", "tender:zz", "tender:-",
        "return:bb", "return:rr", "refuse", "pass", "a1!b2", "b2*", "flip a1", "steam", "ash", "lava", "throw",
        "keep", "rethrow", "aim", "aim a2", "aim a2 hard", "aim z9 soft", "aim s1 soft", "aim a1 medium",
        "auto", "roll RRR/YYY/BBB", "scratch", "build", "base:RRRRRRR", "1", "99", "a1 b2", "place a1 R",
        "R a1", "R@a1", "Ra1", "Rg1", "X a1", "b a1", "k1", "B1", "y a2", "lift a1", "take a1",
        "a1-a2-a3", "a6xd3", "é", "a1—b2", "ñ")


def _words(engine: Any, state: Any) -> list[str]:
    """Mistakes made of the position's own moves: other seats' moves, and legal moves garbled."""
    out: list[str] = []
    for seat in range(4):
        try:
            moves = engine.legal_moves(state, seat)
        except (IndexError, ValueError):  # a seat the table does not have
            continue
        for m in moves[:3] + moves[-2:]:
            text = engine.format_move(state, m)
            out.append(text)
            out.append(text.replace("1", "9"))
            out.append(text.replace("2", "3"))
            out.append(text.replace("-", ":2-"))
            out.append(text[::-1])
            out.append(text + "x")
            out.append(text.replace(" hard", " soft").replace(" soft", " hard"))
    return out


def positions(game: str, games: int = 4, plies: int = 60) -> Iterator[tuple[Any, Any]]:
    """(engine, state) at every few plies of seeded random playouts, the game not over."""
    engine = get_engine(game)
    for seed in range(games):
        rng = random.Random(f"{game}:{seed}")
        players = engine.description.max_players if seed % 2 else engine.description.min_players
        state = engine.new_game(players, seed=seed)
        for ply in range(plies):
            if engine.outcome(state) is not None:
                break
            seat = engine.to_move(state)
            if seat == CHANCE:
                state = engine.apply(state, engine.sample_chance(state, rng))
                continue
            if ply % 5 == 0:
                yield engine, state
            actors = engine.actors(state)
            move = engine.auto_move(state, actors[0], rng)
            state = engine.apply(state, move)


def refusals(game: str) -> Iterator[tuple[Any, Any, str, MoveError]]:
    """(engine, state, text, the engine's error) for every text of the corpus the position refuses."""
    for engine, state in positions(game):
        for text in (*JUNK, *_words(engine, state)):
            try:
                move = engine.parse_move(state, text)
                engine.apply(state, move)
            except MoveError as exc:
                yield engine, state, text, exc


if __name__ == "__main__":  # the corpus's messages, one a line: compared before and after a change
    for name in game_names():
        for _, _, text, exc in refusals(name):
            print(f"{name}\t{text!r}\t{type(exc).__name__}\t{exc}")
