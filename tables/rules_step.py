"""The rules step: a player's move judged and applied, and the moves that follow it by themselves.

After a player's move (or at the start, or when a seat goes out) the game may go on without anyone
choosing: chance moves (dice, draws, deals) are drawn from ``random.Random(f"{seed}:{ply}")``, the
table's secret seed and the ply, so the same log replays to the same game after any restart; the
seats of players who left are played as a time-out plays them (``MesaMoves.played_for``: Krakatoa's
``auto``, KR-8.4, elsewhere Mesa's ``easy`` level).  These
are ordinary log entries.  Nothing here writes: the step is committed by ``Finisher.commit``.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from data.models import SeatRow
from engines import CHANCE, MoveError
from tables.errors import TableError, _short
from tables.i18n import EN, Examples, Phrase, said
from tables.loaded import LoadedTable, Played, Step
from tables.mesa import MesaMoves

#: a safety net against an engine that never stops asking for chance moves
MAX_AUTOMATIC_MOVES = 10_000
#: legal moves a refusal names at most (the rest are counted: "… and 12 more", issue 28, item 4)
HINT_MOVES = 6
#: dashes a phone keyboard puts in place of the notation's hyphen (``a6–d3``): en and em dash, minus,
#: hyphen and non-breaking hyphen
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-"})


def as_typed(text: str, typed_words: Sequence[tuple[str, str]] = ()) -> str:
    """A move as the player meant it: a phone's dashes read as the notation's hyphen (issue 28); in a game whose
    moves are words, its words as a reader of its other languages types them (``GameDescription.typed_words``: the
    Spanish rules and lessons ask "¿te los quedas o relanzas?", and "relanzar" was refused as no move)."""
    text = text.translate(_DASHES)
    if not typed_words:
        return text
    plain = " " + " ".join(_without_accents(text.lower()).split()) + " "
    for words, move in typed_words:
        plain = plain.replace(f" {words} ", f" {move} ")
    return plain.strip()


def _without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def what_to_play(ctx: LoadedTable, seat: int, why: Phrase | str = "") -> Phrase | str:
    """What a refused player may do instead (issue 28, item 4): some of their legal moves, cut at a move
    and the rest counted, or where the moves are too many to list (K3's pyramids) how to have one
    proposed; "" when the seat has nothing to play, or when ``why``, the refusal's reason, names every
    one of them already (Krakatoa's "choose a set to throw: steam, ash or lava" was followed by "You may
    play ash, lava or steam.").  Only the seat's own moves: the refusal is theirs."""
    engine, state = ctx.engine, ctx.state
    if ctx.unlisted(state):  # K3's builds name the seat (K3-11.4), which nothing on the board numbers
        return Phrase("error.hint.unlisted", {"seat": seat})
    moves = [engine.format_move(state, m) for m in engine.legal_moves(state, seat)]
    if not moves or names_all(why, moves):
        return ""
    shown = tuple(moves[:HINT_MOVES])
    return Phrase("error.hint.moves", {"moves": Examples(shown, len(moves) - len(shown))})


def names_all(why: Phrase | str, moves: list[str]) -> bool:
    """Whether the reason ``why`` names each of ``moves`` as a word of its own, in English and Spanish alike
    (the moves are notation, the same in both)."""
    return bool(why) and all(
        all(re.search(rf"(?<![\w:-]){re.escape(move)}(?![\w:-])", said(why, lang)) for lang in ("en", "es"))
        for move in moves)


def refusal_key(game: str, code: str) -> str:
    """The catalogue's key of an engine's refusal code: ``any.<code>`` is shared by every game
    (``refusal.any.<code>``), any other code is the game's own (``refusal.<game>.<code>``)."""
    return f"refusal.{code}" if code.startswith("any.") else f"refusal.{game}.{code}"


def reason(game: str, exc: MoveError) -> Phrase | str:
    """Why the engine refused a move, in the reader's language (issue 28, item 4): the sentence of its
    code, its facts filled in (a fact that is one of the game's words, a colour, a piece's name or what
    may be done now, said through ``term.<game>.<word>`` with the error's other facts; the user's text
    echoed no longer than a refusal echoes it); an error without a code, or with one the catalogue
    lacks, in the engine's English words, which is how every refusal read before."""
    key = refusal_key(game, exc.code) if exc.code else ""
    if key not in EN:
        return str(exc).rstrip(". ")
    facts: dict[str, object] = {}
    for name, value in exc.facts.items():
        if isinstance(value, str):
            term = f"term.{game}.{value}"
            facts[name] = Phrase(term, exc.facts) if term in EN else _short(value)
        else:
            facts[name] = value
    return Phrase(key, facts)


class RulesStep:
    """Judges and applies moves with the table's engine, then plays what follows by itself."""

    def __init__(self, mesa: MesaMoves) -> None:
        self.mesa = mesa

    def player_move(self, ctx: LoadedTable, seat: SeatRow, text: str) -> tuple[Step, Any]:
        """The step of ``seat``'s move written ``text`` (parsed tolerantly), and the state after it;
        a refusal in the player's words when it is not theirs to play or breaks a rule."""
        engine, state = ctx.engine, ctx.state
        try:
            move = engine.parse_move(state, as_typed(text, engine.description.typed_words))
            if engine.move_seat(state, move) != seat.seat:
                raise TableError("error.not_your_move", hint=what_to_play(ctx, seat.seat))
            after = engine.apply(state, move)
        except MoveError as exc:  # the engine's reason, then what the player may do instead
            why = reason(engine.name, exc)
            raise TableError("error.bad_move", move=text.strip(), detail=why,
                             hint=what_to_play(ctx, seat.seat, why)) from None
        return Step([Played(state, move, seat.seat, engine.format_move(state, move))]), after

    async def timeout_move(self, ctx: LoadedTable, seat: int) -> tuple[Step, Any]:
        """The step of the move played for a seat whose time ran out (KR-8.4), and the state after it."""
        engine, state = ctx.engine, ctx.state
        move = await self.mesa.timeout_move(ctx, state, seat)  # KR-8.4's auto (tables.mesa)
        return Step([Played(state, move, seat, engine.format_move(state, move))]), engine.apply(state, move)

    async def advance(self, ctx: LoadedTable, state: Any, ply: int, step: Step, finishing: int | None = None) -> Any:
        """Play every chance move, and every move of a seat that went out or is away, until a player must
        act; ``finishing``: a seat whose turn, if it goes on (``Engine.turn_goes_on``), is played to its end
        (the rest of the turn of a seat whose time ran out, issue 28)."""
        engine = ctx.engine
        played_for = ctx.out_seats() | ctx.played_away()
        for _ in range(MAX_AUTOMATIC_MOVES):
            if engine.outcome(state) is not None:
                return state
            seat = engine.to_move(state)
            rng = random.Random(f"{ctx.row.seed}:{ply + 1}")
            if seat == CHANCE:
                move = engine.sample_chance(state, rng)
                mover = CHANCE
            else:
                actors = engine.actors(state)
                ghosts = [s for s in actors if s in played_for]
                if not ghosts and finishing in actors and engine.turn_goes_on(state, finishing):
                    ghosts = [finishing]
                if not ghosts:
                    return state
                mover = ghosts[0]
                move = await self.mesa.leaver_move(ctx, state, mover, ply)  # as a time-out plays (tables.mesa)
            step.items.append(Played(state, move, mover, engine.format_move(state, move)))
            state = engine.apply(state, move)
            ply += 1
        raise TableError("error.damaged", table=ctx.id)
