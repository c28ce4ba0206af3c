"""Arranging a proposed build by exchanging two pieces (K3-3.1), so that a player on a phone shapes their own
pyramid without writing it out (a collaborator of ``TableService``: ``service.arranging``).

The build preview (``Play.propose``: Mesa's sensible pyramid, or a shuffle) could only be confirmed or
shuffled: a pyramid of one's own had to be typed (``/move build:0:N/RK/…``).  Here a player names two places
of the proposal (``Engine.arrangement``: the spots and the pieces on them) and gets it back with those two pieces
exchanged (``Engine.rearranged``), as often as they like, then confirms it as any build.  Nothing is stored: the
proposal travels with the player's own controls, and every answer is read against the table as it is now, from
the player's own seat (a build of another seat, or one not made of the player's pieces, is refused as a move
would be).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import MoveError
from tables.errors import TableError
from tables.hints import Seated
from tables.i18n import t
from tables.loaded import LoadedTable
from tables.play import Proposal
from tables.rules_step import reason
from tables.store import TableStore


@dataclass(frozen=True)
class Place:
    """One place of an arrangement: its name (``b5``) and the term of the piece there (``piece_R``: the
    catalogue's ``term.<game>.piece_R``, "red")."""

    game: str
    name: str
    term: str

    def said(self, lang: str) -> str:
        """``b5 · red`` (``b5 · rojo``): the place as the rules name it, and its piece in words."""
        return f"{self.name} · {t(f'term.{self.game}.{self.term}', lang)}"


@dataclass(frozen=True)
class Arrangement:
    """A build to preview: its text and sketch (``proposal``), and its places in the sketch's order."""

    proposal: Proposal
    places: tuple[Place, ...]

    def place(self, name: str) -> Place | None:
        return next((p for p in self.places if p.name == name), None)


class Arranging:
    """The places of a proposed build, and the build with two of its pieces exchanged."""

    def __init__(self, store: TableStore, seated: Seated) -> None:
        self.store = store
        self.seated = seated

    async def arrangement(self, table_id: int, user_id: int, text: str) -> Arrangement:
        """The caller's proposed build ``text``, read against the table now, with its places."""
        ctx, move = await self._own_build(table_id, user_id, text)
        return _arranged(ctx, move)

    async def exchanged(self, table_id: int, user_id: int, text: str, first: str, second: str) -> Arrangement:
        """The caller's proposed build with the pieces at ``first`` and ``second`` exchanged, to preview."""
        ctx, move = await self._own_build(table_id, user_id, text)
        engine, state = ctx.engine, ctx.state
        try:
            return _arranged(ctx, engine.rearranged(state, move, first, second))
        except MoveError as exc:
            raise TableError("error.bad_move", move=text[:60], detail=reason(engine.name, exc), hint="") from None

    async def _own_build(self, table_id: int, user_id: int, text: str) -> tuple[LoadedTable, Any]:
        """The table and the caller's build ``text`` read against it: refused unless the caller builds now and
        the text is a legal build of their own seat."""
        ctx, seat = await self.seated(table_id, user_id)
        engine, state = ctx.engine, ctx.state
        if not ctx.unlisted(state) or seat.seat not in ctx.acting(state):
            raise TableError("error.no_build_now", table=table_id)
        try:
            move = engine.parse_move(state, text)
            if engine.move_seat(state, move) == seat.seat and engine.arrangement(state, move):
                engine.apply(state, move)  # made of the player's own pieces, as the move itself would be checked
                return ctx, move
        except MoveError as exc:
            raise TableError("error.bad_move", move=text[:60], detail=reason(engine.name, exc), hint="") from None
        raise TableError("error.not_your_arrangement")  # another seat's proposal (its control's id copied)


def _arranged(ctx: LoadedTable, move: Any) -> Arrangement:
    engine, state = ctx.engine, ctx.state
    places = tuple(Place(ctx.row.game, name, term) for name, term in engine.arrangement(state, move))
    return Arrangement(Proposal(engine.format_move(state, move), engine.move_sketch(state, move)), places)
