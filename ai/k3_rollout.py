"""Fast K3 rollouts: the play rules (K3-4..K3-8) on mutable lists, for the search's simulations only.

Why a second implementation: the engine is the referee (immutable states, readable errors, sorted
move lists), which costs about 40 µs a ply; a search wants thousands of games a second.  This
module plays the same rules in place on plain lists with the same light policy as ``ai/k3.py``
(no penalty given away when another move exists, whites kept while a placement exists, steals take
escapes first).  ``tests/test_ai_k3.py`` replays random games through both and checks that every
position's moves, penalties, steals, eliminations and the final ranking agree.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from engines.k3 import COLOURS, K3State


class Sim:
    """One K3 game in play, mutable.  Rows are bottom-up; a pyramid spot is (file, rank)."""

    __slots__ = ("alive", "coop", "free", "match", "mountain", "moves", "n", "opens", "out_key", "over", "pyr",
                 "side", "spare", "steal", "thief_next", "turn", "won")  # fmt: skip

    def __init__(self, state: K3State) -> None:
        self.n = state.players
        self.mountain = [list(row) for row in state.mountain]
        self.pyr = [[list(row) for row in s.pyramid] for s in state.seats]
        #: per seat, its accessible pyramid pieces (K3-4.4) as (letter, spot), rank by rank from the bottom:
        #: found once here, then kept as pieces leave (``_take``) instead of searched for every turn
        self.free = [_uncovered(rows) for rows in self.pyr]
        self.side = [list(s.side) for s in state.seats]
        self.alive = [s.status != "out" for s in state.seats]
        self.out_key = [s.out_at if s.status == "out" else 10**6 for s in state.seats]
        self.coop, self.match, self.thief_next = state.coop, state.match, state.thief_next
        self.spare = self.n == 3 and all(self.alive)  # K3-7.3: the fourth white still set aside
        self.turn = state.turn
        self.steal = state.steal
        self.over = state.phase == "over"
        self.won = self.over and state.coop and state.turn is None
        self.opens = self._scan()
        #: the actions of the player to move, kept from the turn's start (K3-7.1 computed them)
        self.moves: list[tuple[str, Any, Any]] | None = None

    # ---- geometry (K3-4) ---------------------------------------------------------------------
    def _scan(self) -> set[tuple[int, int]]:
        m = self.mountain
        out = set()
        for r in range(1, len(m)):
            below, row = m[r - 1], m[r]
            for f in range(len(row)):
                if row[f] is None and below[f] is not None and below[f + 1] is not None:
                    out.add((f, r))
        return out

    def accessible(self, seat: int) -> list[tuple[str, tuple[int, int] | None]]:
        """(letter, spot) of the accessible pyramid pieces, then (letter, None) per side letter (K3-4.4)."""
        out: list[tuple[str, tuple[int, int] | None]] = list(self.free[seat])
        for letter in dict.fromkeys(self.side[seat]):
            out.append((letter, None))
        return out

    def actions(self, seat: int) -> list[tuple[str, Any, Any]]:
        """K3-5.1: (piece, src, dest) with dest a slot, '<'/'>' (base end) or None (a white's pass)."""
        out: list[tuple[str, Any, Any]] = []
        opens = self.opens
        fitting: dict[str, list[tuple[int, int]]] = {}  # the open slots a letter fits, found once per letter
        for piece, src in self.accessible(seat):
            if piece == "W":
                out.append((piece, src, None))
            elif opens:
                slots = fitting.get(piece)
                if slots is None:
                    slots = fitting[piece] = self._fitting(piece)
                out += [(piece, src, slot) for slot in slots]
            else:
                out.append((piece, src, "<"))
                out.append((piece, src, ">"))
        return out

    def _fitting(self, piece: str) -> list[tuple[int, int]]:
        """The open slots ``piece`` fits (K3-5.1 a/b), in the order ``opens`` lists them."""
        m = self.mountain
        if piece == "N":
            return list(self.opens)
        out = []
        for slot in self.opens:
            f, r = slot
            below = m[r - 1]
            a, b = below[f], below[f + 1]
            if piece in (a, b) or "N" in (a, b):
                out.append(slot)
        return out

    def penalised(self, piece: str, dest: Any) -> bool:
        """K3-6.1 (option match: only X on X+X)."""
        return isinstance(dest, tuple) and self._penalty(piece, self._doubles([dest]).get(dest, _SPLIT))

    def _doubles(self, slots: Any) -> dict[Any, str | None]:
        """Of ``slots`` (open slots), those whose two supports carry one letter (K3-6.1), with that letter."""
        m = self.mountain
        out: dict[Any, str | None] = {}
        for slot in slots:
            f, r = slot
            below = m[r - 1]
            if below[f] == below[f + 1]:
                out[slot] = below[f]
        return out

    def _penalty(self, piece: str, double: str | None) -> bool:
        """K3-6.1: a piece placed on two supports of one letter ``double`` (``_SPLIT``: they differ) gives a
        penalty; with option match, only a colour on its own colour."""
        if double is _SPLIT:
            return False
        return piece == double and piece in COLOURS if self.match else True

    # ---- turn order ----------------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            other = (seat + k) % self.n
            if self.alive[other]:
                return other
        return seat

    def _prev(self, seat: int) -> int:
        for k in range(1, self.n + 1):
            other = (seat - k) % self.n
            if self.alive[other]:
                return other
        return seat

    def _take(self, seat: int, piece: str, src: tuple[int, int] | None) -> None:
        if src is None:
            self.side[seat].remove(piece)
            return
        f, r = src
        rows = self.pyr[seat]
        rows[r][f] = None
        free = self.free[seat]
        free.remove((piece, src))
        if r == 0:
            return
        row, below = rows[r], rows[r - 1]
        for g in (f, f + 1):  # K3-4.4: the two pieces it covered, each free once its other cover is gone too
            covered = below[g]
            if covered is not None and (g == 0 or row[g - 1] is None) and (g >= len(row) or row[g] is None):
                insort(free, (covered, (g, r - 1)), key=_rank_first)

    def _begin(self, seat: int) -> None:
        """K3-7.1: eliminate players with no action as their turn comes (K3-7.3 spare white, K3-8.3)."""
        while True:
            if sum(self.alive) <= 1 and not self.coop:  # K3-7.2
                self.over = True
                return
            moves = self.actions(seat)
            if moves:
                self.turn, self.steal, self.moves = seat, None, moves
                return
            if self.coop:  # K3-8.3
                self.over = True
                return
            self.alive[seat] = False
            self.out_key[seat] = max(k for k in self.out_key if k < 10**6) + 1 if any(
                k < 10**6 for k in self.out_key) else 1  # fmt: skip
            if self.spare:
                self.spare = False
                self.side[self._prev(seat)].append("W")
            seat = self._next(seat)

    # ---- moves ---------------------------------------------------------------------------------
    def play(self, piece: str, src: tuple[int, int] | None, dest: Any) -> None:
        self.moves = None
        mover = self.turn
        assert mover is not None
        self._take(mover, piece, src)
        penalty = False
        if dest is None:  # K3-5.1 c: a white passes
            pass
        elif dest in ("<", ">"):  # K3-5.3
            m = self.mountain
            if dest == ">":
                m[0].append(piece)
                for row in m[1:]:
                    row.append(None)
            else:
                m[0].insert(0, piece)
                for row in m[1:]:
                    row.insert(0, None)
            m.append([None])
            self.opens = self._scan()
        else:
            f, r = dest
            penalty = self.penalised(piece, dest)
            self.mountain[r][f] = piece
            self.opens.discard(dest)
            row, m = self.mountain[r], self.mountain
            if r + 1 < len(m):
                if f >= 1 and row[f - 1] is not None and m[r + 1][f - 1] is None:
                    self.opens.add((f - 1, r + 1))
                if f + 1 < len(row) and row[f + 1] is not None and m[r + 1][f] is None:
                    self.opens.add((f, r + 1))
            if self.coop and self.mountain[-1][0] is not None:  # K3-8.2: the summit
                self.over = self.won = True
                return
        if penalty and (self.free[mover] or self.side[mover]):  # K3-6.3: something to take
            self.steal = mover
            self.turn = self._next(mover) if self.thief_next else self._prev(mover)
            return
        self._begin(self._next(mover))

    def take(self, piece: str, src: tuple[int, int] | None) -> None:
        """K3-6.3/6.4: the taker moves an accessible piece of the penalised player to its side."""
        self.moves = None
        victim, taker = self.steal, self.turn
        assert victim is not None and taker is not None
        self._take(victim, piece, src)
        self.side[taker].append(piece)
        self.steal = None
        self._begin(self._next(victim))

    # ---- the light policy and the result -------------------------------------------------------
    def step(self, rng: random.Random, care: float) -> None:
        if self.steal is not None:
            sources = self.accessible(self.steal)
            if rng.random() < care:
                escapes = [s for s in sources if s[0] in "WN"]
                sources = escapes or sources
            piece, src = sources[int(rng.random() * len(sources))]
            self.take(piece, src)
            return
        moves = self.moves if self.moves is not None else self.actions(self.turn)  # type: ignore[arg-type]
        self.moves = None
        if len(moves) > 1 and rng.random() < care:
            moves = self._careful(moves) or moves
        self.play(*moves[int(rng.random() * len(moves))])

    def _careful(self, moves: list[tuple[str, Any, Any]]) -> list[tuple[str, Any, Any]]:
        """The moves that keep a white (K3-5.1 c) and give no penalty away (K3-6.1; not in the cooperative game)."""
        if self.coop:
            return [mv for mv in moves if mv[2] is not None]
        doubles = self._doubles(self.opens)  # once for all the moves, not once a move
        return [mv for mv in moves if mv[2] is not None and not self._penalty(mv[0], doubles.get(mv[2], _SPLIT))]

    def rewards(self) -> list[float]:
        """As ``ai.k3.rewards``: the rank by elimination order scaled to [0, 1]; the team's result in coop."""
        if self.coop:
            return [1.0 if self.won else 0.0] * self.n
        key = self.out_key
        return [(self.n - 1 - sum(1 for other in key if other > mine)) / (self.n - 1) for mine in key]


#: ``Sim._penalty``'s word for an open slot whose two supports differ (no letter of them is doubled)
_SPLIT = "split"


def _uncovered(rows: list[list[str | None]]) -> list[tuple[str, tuple[int, int]]]:
    """(letter, spot) of the pieces with nothing on either covering spot (K3-4.4), rank by rank from the bottom."""
    out: list[tuple[str, tuple[int, int]]] = []
    h = len(rows)
    for r in range(h):
        row = rows[r]
        above = rows[r + 1] if r + 1 < h else None
        for f in range(len(row)):
            piece = row[f]
            if piece is None:
                continue
            if above is not None and (
                (f >= 1 and above[f - 1] is not None) or (f < len(above) and above[f] is not None)
            ):
                continue
            out.append((piece, (f, r)))
    return out


def _rank_first(entry: tuple[str, tuple[int, int]]) -> tuple[int, int]:
    """The order of ``Sim.free``: rank, then file."""
    return entry[1][1], entry[1][0]


def rollout(state: K3State, rng: random.Random, care: float) -> list[float]:
    """Play ``state`` to the end with the light policy; rewards per seat."""
    sim = Sim(state)
    if not sim.over and state.phase == "play":
        while not sim.over:
            sim.step(rng, care)
    return sim.rewards()
