"""K3: 2-4 players stack a private pyramid, then feed it onto a shared mountain (docs/spec/k3.md).

The whole game is one immutable :class:`K3State`.  Setup randomness (the base row and the deal) is
recorded as chance moves (K3-2), the private building phase is one ``build`` move per seat made at
the same time (K3-3), and play follows K3-5..K3-8.  Everything cites docs/spec/k3.md.

Internal coordinates are 0-based ``(file, rank)``: ``(0, 0)`` is ``a1``.  Rows are stored bottom-up
(``rows[0]`` is rank 1) and a slot or spot holds a letter or ``None``.

The view (``K3Engine.view``) is a ``K3View``: its keys beyond ``GameView``'s are documented there.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NotRequired, TypedDict

from engines.base import (
    CHANCE,
    Engine,
    GameDescription,
    GameView,
    HiddenSeatError,
    IllegalMoveError,
    InvalidMoveError,
    Option,
    OptionError,
    Outcome,
    PositionError,
    PrivateInfo,
    SimultaneousPhase,
    reads_position,
)

# ---- components (K3-1) -------------------------------------------------------------------------

#: canonical letter order (K3-1.1)
LETTERS = "BRKYGNW"
COLOURS = "BRKYG"
_ORDER = {c: i for i, c in enumerate(LETTERS)}
#: how many of each piece the box holds (K3-1.1): 45 coloured, 6 naturals, 4 whites = 55
FULL = {"B": 9, "R": 9, "K": 9, "Y": 9, "G": 9, "N": 6, "W": 4}
TOTAL_PIECES = 55
#: allotment per player count (K3-1.2): (whites, naturals, coloured, bottom row width b)
ALLOTMENT = {2: (2, 2, 17, 6), 3: (1, 2, 12, 5), 4: (1, 1, 9, 4)}
BASE_WIDTH = 9

Spot = tuple[int, int]
Row = tuple[str | None, ...]
Rows = tuple[Row, ...]


def canonical(pieces: Iterable[str]) -> tuple[str, ...]:
    """Pieces in the canonical letter order ``B R K Y G N W`` (K3-1.1)."""
    return tuple(sorted(pieces, key=_ORDER.__getitem__))


def spot_name(spot: Spot) -> str:
    """``(2, 1)`` -> ``c2`` (K3-4.1)."""
    return f"{chr(97 + spot[0])}{spot[1] + 1}"


def _counts(pieces: Iterable[str | None]) -> Counter[str]:
    return Counter(p for p in pieces if p is not None)


def _counted(pieces: Iterable[Any]) -> list[list[Any]]:
    """Pieces as ``[number, noun]`` pairs in canonical letter order (K3-1.1), the nouns ``k3_piece_<letter>``:
    a ``<name>_list`` fact of ``view_words`` ("4 blue, 2 naturals and 1 white")."""
    counts = Counter(str(p) for p in pieces if p in _ORDER)
    return [[counts[c], f"k3_piece_{c}"] for c in LETTERS if counts[c]]


#: the refusal of a play move outside the play phase (K3-5 follows the building, K3-3)
_NO_PLAY = "K3-5: pieces are played only once every pyramid is built: build yours first, or wait for the others"
#: the refusal of a steal with no penalty to carry out
_NO_STEAL = "K3-6.3: a piece is taken only after a penalty: place a piece or pass instead"

# ---- state and moves -------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One player.  ``status``: ``undealt`` (``-``), ``hand`` (``?``, not built), ``built``, ``out`` (``x``).

    ``pyramid`` rows are bottom-up (rank 1 first); ``side`` is canonical.  ``out_at`` numbers the
    eliminations in order (1 = first out; 0 = unknown order, read from a position) for placements.
    """

    status: str
    hand: tuple[str, ...] = ()
    pyramid: Rows = ()
    side: tuple[str, ...] = ()
    out_at: int = 0

    def pieces(self) -> list[str]:
        """Every piece this player holds (hand, pyramid and side)."""
        out = list(self.hand) + list(self.side)
        for row in self.pyramid:
            out.extend(p for p in row if p is not None)
        return out


@dataclass(frozen=True)
class K3State:
    """A K3 position plus the little history the product needs (ply, last move, eliminations order).

    ``gone`` counts, per letter in ``LETTERS`` order, the pieces that have left the game (spent
    whites, pieces of eliminated players, pieces not allotted); with the mountain, the players'
    pieces, the set-aside 3p white and the undrawn bag it always makes 55 (K3-1).
    """

    players: int
    mountain: Rows
    seats: tuple[Seat, ...]
    phase: str
    turn: int | None
    steal: int | None
    coop: bool = False
    match: bool = False
    thief_next: bool = False
    gone: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 0)
    ply: int = 0
    last: str | None = None
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class K3Move:
    """A K3 move (K3-11.4).

    ``kind``: ``place`` | ``end`` | ``pass`` | ``steal`` | ``build`` | ``base`` | ``deal``.
    ``src`` is a pyramid spot or None for a side piece; ``dest`` a mountain slot, or ``"<"``/``">"``
    for a base-end placement.  ``rows`` holds the build's ranks (top first), the base row, or the
    deal's hands; ``seat`` the building seat.
    """

    kind: str
    piece: str = ""
    src: Spot | None = None
    dest: Spot | str | None = None
    seat: int = -1
    rows: tuple[str, ...] = ()


class K3Options(TypedDict):
    """A game's options under the names of K3-9."""

    cooperative: bool
    penalty_requires_match: bool
    #: who takes after a penalty (K3-6.2): "previous" or "next"
    thief: str


class K3PlayerView(TypedDict):
    """One seat as a view shows it (K3-10: a pyramid is secret only while the players build)."""

    seat: int
    #: pieces held: pyramid + side, or the hand
    count: int
    #: the side pieces, in canonical letter order
    side: list[str]
    #: ``undealt``, ``hand`` (dealt, not built), ``built``, ``hidden`` (built, but not visible to
    #: this viewer) or ``eliminated``
    state: str
    #: in states ``hand`` and ``hidden``, in canonical order: the deal is public (K3-10), only the pyramid
    #: built from it is secret until everyone has built
    hand: NotRequired[list[str]]
    #: only in state ``built``: the ranks top first, letters or None
    pyramid: NotRequired[list[list[str | None]]]
    #: only in state ``built``: the spots that may be played (K3-4.4)
    accessible: NotRequired[list[str]]


class K3View(GameView):
    """What ``K3Engine.view`` gives ``viewer`` (K3-10), besides ``GameView``'s keys.

    ``to_move`` is the seat to act, ``CHANCE`` in the base/deal phases, None when over; during
    building the lowest seat not yet built, while ``actors`` lists every seat not yet built.
    ``highlight`` names what the last move touched, origin first: mountain slots as ``"c2"``, a
    player's spot as ``"<seat>:<spot>"`` and a player's side as ``"<seat>:s"``.
    """

    #: ``base``, ``deal``, ``build``, ``play`` or ``over``
    phase: str
    #: the position's turn field
    turn: int | None
    #: the penalised seat who must lose a piece, and the seat who must take it (K3-6.2)
    steal: int | None
    taker: int | None
    options: K3Options
    #: ranks from the top (the summit) down to the base row, letters or None (an empty slot); []
    #: before the base is drawn
    mountain: list[list[str | None]]
    #: the base row's width
    width: int
    #: the names of the open slots (K3-4.3), and of the summit (None before the base is drawn)
    open_slots: list[str]
    summit: str | None
    #: the 3-player spare white is set aside (K3-7.3)
    spare_white: bool
    #: one entry per seat
    players_info: list[K3PlayerView]


# ---- geometry (K3-4) ---------------------------------------------------------------------------


def _supports(rows: Rows, spot: Spot) -> tuple[str | None, str | None]:
    f, r = spot
    below = rows[r - 1]
    return below[f], below[f + 1]


def open_slots(mountain: Rows) -> list[tuple[Spot, str, str]]:
    """Every open slot (K3-4.3) with its two supports, rank by rank from the bottom."""
    out: list[tuple[Spot, str, str]] = []
    for r in range(1, len(mountain)):
        below = mountain[r - 1]
        row = mountain[r]
        for f, piece in enumerate(row):
            if piece is None:
                a, b = below[f], below[f + 1]
                if a is not None and b is not None:
                    out.append(((f, r), a, b))
    return out


def accessible_spots(pyramid: Rows) -> list[Spot]:
    """Pyramid spots holding a piece with nothing on either covering spot (K3-4.4)."""
    out: list[Spot] = []
    height = len(pyramid)
    for r, row in enumerate(pyramid):
        above = pyramid[r + 1] if r + 1 < height else ()
        for f, piece in enumerate(row):
            if piece is None:
                continue
            if f - 1 >= 0 and f - 1 < len(above) and above[f - 1] is not None:
                continue
            if f < len(above) and above[f] is not None:
                continue
            out.append((f, r))
    return out


def _set(rows: Rows, spot: Spot, piece: str | None) -> Rows:
    f, r = spot
    row = rows[r]
    return (*rows[:r], (*row[:f], piece, *row[f + 1 :]), *rows[r + 1 :])


def _extend(mountain: Rows, piece: str, end: str) -> Rows:
    """K3-5.3: a piece at the left (``<``) or right (``>``) end of the base row; the triangle grows a rank."""
    if end == ">":
        rows = [(*mountain[0], piece)] + [(*row, None) for row in mountain[1:]]
    else:
        rows = [(piece, *mountain[0])] + [(None, *row) for row in mountain[1:]]
    rows.append((None,))
    return tuple(rows)


def _summit_filled(mountain: Rows) -> bool:
    return bool(mountain) and mountain[-1][0] is not None


def _penalised(piece: str, a: str, b: str, match_only: bool) -> bool:
    """K3-6.1: supports carrying the same letter (N counted as a letter); option match: X on X+X only."""
    if a != b:
        return False
    if match_only:
        return piece == a and piece in COLOURS
    return True


def _fits(piece: str, a: str, b: str) -> bool:
    """K3-5.1 a/b: a coloured X needs an X or an N among the supports; a natural fits anywhere."""
    return piece == "N" or piece in (a, b) or "N" in (a, b)


def _sources(seat: Seat) -> list[tuple[str, Spot | None]]:
    """The pieces a player may act with: accessible pyramid pieces, then one of each side letter."""
    out: list[tuple[str, Spot | None]] = [(seat.pyramid[s[1]][s[0]], s) for s in accessible_spots(seat.pyramid)]  # type: ignore[misc]
    for letter in dict.fromkeys(seat.side):
        out.append((letter, None))
    return out


def _actions(mountain: Rows, seat: Seat) -> list[K3Move]:
    """Every K3-5.1 action of a player (unsorted)."""
    opens = open_slots(mountain)
    moves: list[K3Move] = []
    for piece, src in _sources(seat):
        if piece == "W":  # K3-5.1 c
            moves.append(K3Move("pass", "W", src))
        elif opens:
            for slot, a, b in opens:
                if _fits(piece, a, b):
                    moves.append(K3Move("place", piece, src, slot))
        else:  # K3-5.3
            moves.append(K3Move("end", piece, src, "<"))
            moves.append(K3Move("end", piece, src, ">"))
    return moves


def _has_action(mountain: Rows, seat: Seat) -> bool:
    """K3-7.1: does this player have any legal action?  (Short-circuit version of ``_actions``.)"""
    sources = _sources(seat)
    if not sources:
        return False
    letters = {p for p, _ in sources}
    if "W" in letters:
        return True
    opens = open_slots(mountain)
    if not opens:
        return True  # base end: any coloured or natural piece (K3-5.3)
    if "N" in letters:
        return True
    return any(_fits(piece, a, b) for piece in letters for _, a, b in opens)


# ---- notation helpers (K3-11) ------------------------------------------------------------------


def _format_rows(rows: Rows) -> str:
    """Rows (bottom-up) as ranks top first, empty runs merged (K3-11.1)."""
    ranks = []
    for row in reversed(rows):
        text, run = [], 0
        for piece in row:
            if piece is None:
                run += 1
            else:
                if run:
                    text.append(str(run))
                    run = 0
                text.append(piece)
        if run:
            text.append(str(run))
        ranks.append("".join(text))
    return "/".join(ranks)


_RANK_TOKEN = re.compile(r"([0-9]+)|([A-Za-z])")
#: no triangle in K3 is wider than this (55 pieces fill a base of 10 at most)
_MAX_RUN = 64


def _parse_rows(text: str, what: str) -> Rows:
    """Ranks written top first (K3-11.1) -> rows bottom-up; checks the triangle shape."""
    ranks = text.split("/")
    rows: list[Row] = []
    for i, rank in enumerate(ranks):
        row: list[str | None] = []
        pos = 0
        while pos < len(rank):
            m = _RANK_TOKEN.match(rank, pos)
            if m is None:
                raise PositionError(f"{what}: unexpected {rank[pos]!r} in rank {rank!r}")
            if m.group(1):
                n = int(m.group(1))
                if n > _MAX_RUN:
                    raise PositionError(f"{what}: an empty run of {n} slots is far too wide")
                if n <= 0:
                    raise PositionError(f"{what}: an empty run must be a positive number, not {m.group(1)}")
                row.extend([None] * n)
            else:
                letter = m.group(2).upper()
                if letter not in _ORDER:
                    raise PositionError(f"{what}: {m.group(2)!r} is not a piece (pieces: B R K Y G N W)")
                row.append(letter)
            pos = m.end()
        if len(row) != i + 1:
            raise PositionError(
                f"{what}: rank {len(ranks) - i} must have {i + 1} places, not {len(row)} ({rank!r}, K3-4.2)"
            )
        rows.append(tuple(row))
    rows.reverse()
    for r in range(1, len(rows)):
        for f, piece in enumerate(rows[r]):
            if piece is not None and (rows[r - 1][f] is None or rows[r - 1][f + 1] is None):
                raise PositionError(f"{what}: the piece on {spot_name((f, r))} does not rest on two pieces (K3-4.1)")
    return tuple(rows)


_COORD = r"([a-z])([0-9]{1,3})"
_PLACE = re.compile(rf"([brkygnw]?)(?:{_COORD}|(s))-(?:{_COORD}|([<>]))")
_PASS = re.compile(rf"w(?:{_COORD}|(s))")
_STEAL = re.compile(rf"x([brkygnw]?)(?:{_COORD}|(s))")


def _coord(file: str | None, rank: str | None) -> Spot | None:
    if file is None or rank is None:
        return None
    return ord(file) - 97, int(rank) - 1


# ---- the engine --------------------------------------------------------------------------------


def _read_mountain(text: str) -> Rows:
    """The mountain field of a position (K3-11.1): ``-`` before the base is drawn."""
    if text == "-":
        return ()
    mountain = _parse_rows(text, "mountain")
    if len(mountain) < BASE_WIDTH:
        raise PositionError(f"mountain: the base row has at least 9 slots, not {len(mountain)} (K3-4.2)")
    if any(p is None for p in mountain[0]):
        raise PositionError("mountain: the base row is always full (K3-4.2)")
    if any(p == "W" for row in mountain for p in row):
        raise PositionError("mountain: a white is never placed on the mountain (K3-5.1 c)")
    if len(mountain) == BASE_WIDTH and (
        any(p is None or p not in COLOURS for p in mountain[0]) or len(set(mountain[0])) < 4
    ):
        raise PositionError("mountain: the drawn base row is 9 coloured pieces of at least 4 colours (K3-2.1)")
    return mountain


def _read_seat(i: int, entry: str, players: int) -> Seat:
    """One player's entry of a position (K3-11.1): undealt, out, a hand, or a pyramid and its side."""
    if entry == "-":
        return Seat("undealt")
    if entry.lower() == "x":
        return Seat("out")
    if entry.startswith("?"):
        letters = entry[1:].upper()
        if any(c not in _ORDER for c in letters):
            raise PositionError(f"player {i}: {entry!r} holds something that is not a piece")
        return Seat("hand", hand=canonical(letters))
    body, _, side = entry.partition("+")
    if any(c not in _ORDER for c in side.upper()):
        raise PositionError(f"player {i}: side {side!r} holds something that is not a piece")
    pyramid = _parse_rows(body, f"player {i}")
    ranks = ALLOTMENT[players][3]
    if len(pyramid) != ranks:
        raise PositionError(f"player {i}: with {players} players a pyramid has {ranks} ranks (K3-1.2)")
    return Seat("built", pyramid=pyramid, side=canonical(side.upper()))


class K3Engine(Engine[K3State, K3Move, K3View]):
    """K3 (docs/spec/k3.md).  Pure: every method takes and returns immutable values."""

    description = GameDescription(
        name="k3",
        rule_prefix="K3",
        detail_words=("covered",),
        title="K3",
        min_players=2,
        max_players=4,
        options={
            "cooperative": Option(
                "cooperative", False, help="all win when the summit fills, all lose at the first elimination (K3-8)"
            ),
            "penalty_requires_match": Option(
                "penalty_requires_match", False, help="only a coloured X on X+X is penalised (K3-6.1)"
            ),
            "thief": Option("thief", "previous", ("previous", "next"), help="who takes after a penalty (K3-6.2)"),
        },
        outcome_reasons=("summit reached", "no legal action", "last player in"),  # K3-7, K3-8
        private=PrivateInfo("each player's pyramid while the players build (K3-10)", phases=("build",)),
        simultaneous=(SimultaneousPhase("build", "every player not yet built (K3-3.2)", listed=False),),
        chance="sampled",  # K3-2: the base row and the deal are too many to list
        unrated_options=("cooperative",),  # issue 9: everybody wins or loses together
        auto_styles=("sensible", "random"),  # K3-3.4: a planned build, or a shuffle
        max_plies_hard=2_000,  # issue 15, defect 12: a K3 game places at most a few hundred pieces
    )
    #: K3-12: perft with no position starts from P2
    perft_start = (
        "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|R/KG/BYN/WRYK/GBKNY/BGKRYW play 0 - -"
    )

    # ---- options -------------------------------------------------------------------------
    @staticmethod
    def _option_flags(resolved: Mapping[str, Any]) -> tuple[bool, bool, bool]:
        return bool(resolved["cooperative"]), bool(resolved["penalty_requires_match"]), resolved["thief"] == "next"

    def game_options(self, state: K3State) -> K3Options:
        """The state's options under the names of K3-9."""
        return {
            "cooperative": state.coop,
            "penalty_requires_match": state.match,
            "thief": "next" if state.thief_next else "previous",
        }

    # ---- setup ---------------------------------------------------------------------------
    def new_game(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> K3State:
        """The K3-11.2 start position: nothing drawn yet; the base and the deal are chance moves (K3-2)."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(f"K3 is for 2 to 4 players, not {players!r}")
        coop, match, thief_next = self._option_flags(self.resolve_options(options))
        return K3State(
            players=players,
            mountain=(),
            seats=tuple(Seat("undealt") for _ in range(players)),
            phase="base",
            turn=None,
            steal=None,
            coop=coop,
            match=match,
            thief_next=thief_next,
        )

    def num_players(self, state: K3State) -> int:
        return state.players

    # ---- whose move ----------------------------------------------------------------------
    def to_move(self, state: K3State) -> int | None:
        """K3-11.6: the turn field in play; CHANCE in base/deal; in build the lowest seat not yet built."""
        if state.phase in ("base", "deal"):
            return CHANCE
        if state.phase == "build":
            return next(i for i, s in enumerate(state.seats) if s.status == "hand")
        if state.phase == "play":
            return state.turn
        return None

    def actors(self, state: K3State) -> tuple[int, ...]:
        """K3-3.2: everyone not yet built builds at the same time."""
        if state.phase == "build":
            return tuple(i for i, s in enumerate(state.seats) if s.status == "hand")
        if state.phase == "play" and state.turn is not None:
            return (state.turn,)
        return ()

    def move_seat(self, state: K3State, move: K3Move) -> int:
        if isinstance(move, K3Move) and move.kind == "build":
            return move.seat
        seat = self.to_move(state)
        if seat is None:
            raise IllegalMoveError("the game is over", code="any.over")
        return seat

    # ---- moves ---------------------------------------------------------------------------
    def legal_moves(self, state: K3State, seat: int | None = None) -> list[K3Move]:
        """K3-11.5: the play moves, sorted by their canonical text.

        Nothing in the other phases: the base and deal are sampled, too many to list (K3-2), and so
        are the builds (K3-3, ``SimultaneousPhase.listed``); ``auto_move`` proposes a build.
        """
        if state.phase != "play" or state.turn is None or (seat is not None and seat != state.turn):
            return []
        if state.steal is not None:
            victim = state.seats[state.steal]
            moves = [K3Move("steal", piece, src) for piece, src in _sources(victim)]
        else:
            moves = _actions(state.mountain, state.seats[state.turn])
        return sorted(moves, key=self._text)

    @staticmethod
    def _text(move: K3Move) -> str:
        src = "s" if move.src is None else spot_name(move.src)
        if move.kind == "place":
            return f"{move.piece}{src}-{spot_name(move.dest)}"  # type: ignore[arg-type]
        if move.kind == "end":
            return f"{move.piece}{src}-{move.dest}"
        if move.kind == "pass":
            return f"W{src}"
        if move.kind == "steal":
            return f"x{move.piece}{src}"
        if move.kind == "build":
            return f"build:{move.seat}:{'/'.join(move.rows)}"
        if move.kind == "base":
            return f"base:{move.rows[0]}"
        if move.kind == "deal":
            return "deal:" + "/".join(move.rows)
        raise InvalidMoveError(f"not a K3 move: {move!r}", code="not_a_move", facts={"move": repr(move)})

    def format_move(self, state: K3State, move: K3Move) -> str:
        if not isinstance(move, K3Move):
            raise InvalidMoveError(f"not a K3 move: {move!r}", code="not_a_move", facts={"move": repr(move)})
        return self._text(move)

    def public_move(self, state: K3State, move: K3Move) -> str:
        """A build is private until everyone has built (K3-10): its public form names only the seat."""
        if isinstance(move, K3Move) and move.kind == "build":
            return f"build:{move.seat}"
        return self.format_move(state, move)

    def move_words(self, state: K3State, move: K3Move) -> tuple[str, dict[str, Any]]:
        """The setup and the builds told in words, not records: the base row drawn (K3-2.1), the pieces
        dealt (K3-2.2), a pyramid built (K3-3.2: whose, never how, K3-10).  Play told by its kind (K3-5.1,
        K3-5.3, K3-6.3), ``_side`` after it for a piece from beside the pyramid (K3-4.4), with the piece's
        colour (``piece_term``: ``term.k3.piece_<letter>``), the spot it left (``origin``), the slot it took
        (``slot``) and, for a steal, whose it was (``victim_seat``, the penalised player): all public once
        play begins (K3-10)."""
        if not isinstance(move, K3Move):
            return super().move_words(state, move)
        if move.kind in ("base", "deal", "build"):
            return move.kind, {}
        side = "_side" if move.src is None else ""
        facts: dict[str, Any] = {"piece_term": f"piece_{move.piece or 'W'}"}
        if move.src is not None:
            facts["origin"] = spot_name(move.src)
        if move.kind == "place" and move.dest is not None and not isinstance(move.dest, str):
            return "place" + side, {**facts, "slot": spot_name(move.dest)}
        if move.kind == "end":
            return ("end_left" if move.dest == "<" else "end_right") + side, facts
        if move.kind == "pass":
            return "pass" + side, facts
        if move.kind == "steal" and state.steal is not None:
            return "steal" + side, {**facts, "victim_seat": state.steal}
        return super().move_words(state, move)

    def group_words(self, codes: Sequence[str], shared: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """The moves of one piece (the picker's ``Ga5-…``, ``Gs-…``): the piece from its spot of the pyramid,
        or from beside it (K3-4.4), still to place; or steals (K3-6.2) of one colour from the penalised player."""
        if "piece_term" not in shared or not codes:
            return None
        piece = {"piece_term": shared["piece_term"]}
        if all(code.startswith("steal") for code in codes):
            return ("steal", {**piece, "victim_seat": shared["victim_seat"]}) if "victim_seat" in shared else None
        if any(code.startswith("steal") for code in codes):
            return None
        if "origin" in shared:
            return "from", {**piece, "origin": shared["origin"]}
        return ("from_side", piece) if all(code.endswith("_side") for code in codes) else None

    def parse_move(self, state: K3State, text: str) -> K3Move:
        """K3-11.4: case-insensitive, whitespace ignored; a pyramid spot's letter may be left out."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is text, not {type(text).__name__}", code="not_text",
                                   facts={"kind": type(text).__name__})
        raw = re.sub(r"\s+", "", text)
        low = raw.lower()
        if not low:
            raise InvalidMoveError("empty move", code="empty")
        if low.startswith("build:"):
            m = re.fullmatch(r"build:([0-9]{1,3}):([brkygnw]+(?:/[brkygnw]+)*)", low)
            if m is None:
                raise InvalidMoveError(
                    "K3-11.4: a build is build:, your seat number, : and your ranks from the top split by /, "
                    "like build:2:Y/GR/KNY/RGKB", code="build_notation"
                )
            return K3Move("build", seat=int(m.group(1)), rows=tuple(m.group(2).upper().split("/")))
        if low.startswith("base:"):
            m = re.fullmatch(r"base:([brkyg]{9})", low)
            if m is None:
                raise InvalidMoveError("K3-2.1: the base row is drawn by chance, not played", code="base_chance")
            return K3Move("base", rows=(m.group(1).upper(),))
        if low.startswith("deal:"):
            m = re.fullmatch(r"deal:([brkyg]*(?:/[brkyg]*)*)", low)
            if m is None:
                raise InvalidMoveError("K3-2.2: the pieces are dealt by chance, not played", code="deal_chance")
            return K3Move("deal", rows=tuple("".join(canonical(h.upper())) for h in m.group(1).split("/")))
        m = _PLACE.fullmatch(low)
        if m:
            letter, file, rank, _side, dfile, drank, end = m.groups()
            src = _coord(file, rank)
            dest: Spot | str | None = _coord(dfile, drank) if end is None else end
            piece = self._piece_for(state, letter, src, stealing=False)
            return K3Move("end" if end else "place", piece, src, dest)
        m = _PASS.fullmatch(low)
        if m:
            file, rank, _side = m.groups()
            src = _coord(file, rank)
            piece = self._piece_for(state, "w", src, stealing=False)
            return K3Move("pass", piece, src)
        m = _STEAL.fullmatch(low)
        if m:
            letter, file, rank, _side = m.groups()
            src = _coord(file, rank)
            piece = self._piece_for(state, letter, src, stealing=True)
            return K3Move("steal", piece, src)
        raise InvalidMoveError(
            "K3-11.4: that is not a K3 move (for example Ra6-c2 places the R from a6 on c2, Ns-b3 a side "
            "piece, Wb4 passes)", code="notation"
        )

    def _piece_for(self, state: K3State, letter: str, src: Spot | None, stealing: bool) -> str:
        """Resolve the piece letter of a play move from the pyramid it comes from (K3-11.4)."""
        letter = letter.upper()
        if src is None:
            if not letter:
                raise InvalidMoveError("a side piece needs its letter, e.g. Rs-c3 or xWs (K3-11.4)", code="side_letter")
            return letter
        if state.phase != "play" or state.turn is None:
            if letter:
                return letter
            raise IllegalMoveError(_NO_PLAY, code="no_play")
        if stealing and state.steal is None:
            raise IllegalMoveError(_NO_STEAL, code="no_steal")
        owner = state.steal if stealing and state.steal is not None else state.turn
        pyramid = state.seats[owner].pyramid
        f, r = src
        piece = pyramid[r][f] if 0 <= r < len(pyramid) and 0 <= f < len(pyramid[r]) else None
        if piece is None:
            if letter:
                return letter  # apply names the rule
            raise IllegalMoveError(f"K3-4.1: there is no piece on {spot_name(src)}", code="no_piece",
                                   facts={"square": spot_name(src)})
        if letter and letter != piece:
            raise IllegalMoveError(f"K3-11.4: the piece on {spot_name(src)} is {piece}, not {letter}",
                                   code="wrong_letter",
                                   facts={"square": spot_name(src), "piece": piece, "letter": letter})
        return piece

    # ---- apply ---------------------------------------------------------------------------
    def apply(self, state: K3State, move: K3Move) -> K3State:
        if not isinstance(move, K3Move):
            raise InvalidMoveError(f"not a K3 move: {move!r}", code="not_a_move", facts={"move": repr(move)})
        if state.phase == "over":
            raise IllegalMoveError("the game is over", code="any.over")
        if move.kind == "base":
            return self._apply_base(state, move)
        if move.kind == "deal":
            return self._apply_deal(state, move)
        if move.kind == "build":
            return self._apply_build(state, move)
        if move.kind in ("place", "end", "pass", "steal"):
            return self._apply_play(state, move)
        raise InvalidMoveError(f"not a K3 move: {move!r}", code="not_a_move", facts={"move": repr(move)})

    def _after(self, state: K3State, move: K3Move, **changes: Any) -> K3State:
        return replace(state, ply=state.ply + 1, last=self.public_move(state, move), **changes)

    def _apply_base(self, state: K3State, move: K3Move) -> K3State:
        if state.phase != "base":
            raise IllegalMoveError("K3-2.1: the base row is drawn by chance at the start, not by a player",
                                   code="base_by_chance")
        row = move.rows[0] if move.rows else ""
        if len(row) != BASE_WIDTH or any(c not in COLOURS for c in row):
            raise InvalidMoveError("K3-2.1: the base row is 9 coloured pieces (B R K Y G)", code="base_pieces")
        if len(set(row)) < 4:
            raise IllegalMoveError(
                f"K3-2.1: base:{row} shows only {len(set(row))} colours; a base row needs at least 4",
                code="base_colours", facts={"row": row, "colours": len(set(row))},
            )
        mountain = (tuple(row), *(tuple([None] * (BASE_WIDTH - r)) for r in range(1, BASE_WIDTH)))
        return self._after(state, move, mountain=mountain, phase="deal", highlight=())

    def _apply_deal(self, state: K3State, move: K3Move) -> K3State:
        if state.phase != "deal":
            raise IllegalMoveError("K3-2.2: the pieces are dealt by chance at the start, not by a player",
                                   code="deal_by_chance")
        whites, naturals, coloured, _ = ALLOTMENT[state.players]
        if len(move.rows) != state.players:
            raise IllegalMoveError(f"K3-2.2: the deal needs {state.players} hands, one per seat, not {len(move.rows)}",
                                   code="deal_hands", facts={"players": state.players, "hands": len(move.rows)})
        counts = _counts(state.mountain[0])
        for seat, hand in enumerate(move.rows):
            if any(c not in COLOURS for c in hand):
                raise InvalidMoveError("K3-2.2: a hand is coloured letters only (B R K Y G)", code="hand_letters")
            if len(hand) != coloured:
                raise IllegalMoveError(
                    f"K3-2.2: each hand holds {coloured} coloured pieces with {state.players} players; "
                    f"seat {seat} has {len(hand)}", code="hand_size",
                    facts={"coloured": coloured, "players": state.players, "seat": seat, "count": len(hand)},
                )
            counts.update(hand)
        for colour in COLOURS:
            if counts[colour] > FULL[colour]:
                raise IllegalMoveError(
                    f"K3-2.2: there are only 9 {colour}, the base and the deal hold {counts[colour]}",
                    code="colour_count", facts={"colour": colour, "count": counts[colour]},
                )
        seats = tuple(
            Seat("hand", hand=canonical(list(hand) + ["N"] * naturals + ["W"] * whites)) for hand in move.rows
        )
        # K3-1.2: pieces not allotted leave the game (the 3p spare white is set aside, not gone).
        gone = [0] * 7
        for i, letter in enumerate(LETTERS):
            if letter in COLOURS:
                gone[i] = FULL[letter] - counts[letter]
        gone[_ORDER["N"]] = FULL["N"] - naturals * state.players
        if state.players != 3:
            gone[_ORDER["W"]] = FULL["W"] - whites * state.players
        return self._after(state, move, seats=seats, phase="build", gone=tuple(gone), highlight=())

    def _apply_build(self, state: K3State, move: K3Move) -> K3State:
        if state.phase != "build":
            raise IllegalMoveError("K3-3.2: building happens after the deal and before play", code="build_when")
        seat = move.seat
        if not 0 <= seat < state.players:
            raise IllegalMoveError(f"K3-3.2: there is no seat {seat}", code="no_seat", facts={"seat": seat})
        player = state.seats[seat]
        if player.status != "hand":
            raise IllegalMoveError("K3-3.2: this pyramid is already built", code="built")
        b = ALLOTMENT[state.players][3]
        if len(move.rows) != b or any(len(rank) != i + 1 for i, rank in enumerate(move.rows)):
            sizes = ", ".join(str(i) for i in range(2, b))
            raise IllegalMoveError(f"K3-3.1: with {state.players} players a pyramid has {b} ranks, written from the "
                                   f"top: 1 piece, then {sizes} and {b}, separated by /", code="build_shape",
                                   facts={"players": state.players, "ranks": b, "sizes": sizes})
        used = Counter("".join(move.rows))
        pieces = Counter(player.hand)
        side: tuple[str, ...] = ()
        if state.players == 4:  # K3-3.1: the 4p white sits beside the pyramid
            pieces["W"] -= 1
            side = ("W",)
        if used != +pieces:
            raise IllegalMoveError(
                f"K3-3.2: a build uses exactly your pieces: {''.join(canonical(pieces.elements()))}",
                code="build_pieces", facts={"pieces": "".join(canonical(pieces.elements()))},
            )
        pyramid = tuple(tuple(rank) for rank in reversed(move.rows))
        seats = list(state.seats)
        seats[seat] = Seat("built", pyramid=pyramid, side=side)
        turn = seat if state.turn is None else state.turn  # K3-3.3: the first to build starts
        new = self._after(state, move, seats=tuple(seats), turn=turn, highlight=())
        if all(s.status == "built" for s in seats):
            return self._begin_turn(replace(new, phase="play"), turn)
        return new

    def _apply_play(self, state: K3State, move: K3Move) -> K3State:
        if state.phase != "play" or state.turn is None:
            raise IllegalMoveError(_NO_PLAY, code="no_play")
        if state.steal is not None:
            if move.kind != "steal":
                raise IllegalMoveError(
                    "K3-6.3: after the penalty you must first take a free piece of the penalised player: x and its "
                    "spot, like xNd3", code="steal_first"
                )
            return self._apply_steal(state, move)
        if move.kind == "steal":
            raise IllegalMoveError(_NO_STEAL, code="no_steal")
        mover = state.turn
        player = state.seats[mover]
        player = self._take(player, move.piece, move.src, mover, "played")
        mountain = state.mountain
        gone = state.gone
        highlight = [f"{mover}:{'s' if move.src is None else spot_name(move.src)}"]
        penalty = False
        if move.kind == "pass":
            if move.piece != "W":
                raise IllegalMoveError("K3-5.1 c: only a white is a pass", code="pass_white")
            gone = tuple(g + (1 if LETTERS[i] == "W" else 0) for i, g in enumerate(state.gone))
        elif move.piece == "W":
            raise IllegalMoveError("K3-5.1 c: a white is never placed: it passes, written W and its spot (Wb4), or Ws "
                                   "beside the pyramid", code="white_placed")
        elif move.kind == "end":
            if open_slots(mountain):
                raise IllegalMoveError("K3-5.3: the base row grows only when no slot of the mountain is open",
                                       code="end_early")
            if move.dest not in ("<", ">"):
                raise InvalidMoveError("K3-11.4: a base end is -< or ->", code="end_notation")
            mountain = _extend(mountain, move.piece, move.dest)  # type: ignore[arg-type]
            highlight.append("a1" if move.dest == "<" else spot_name((len(mountain[0]) - 1, 0)))
        else:
            slot = move.dest
            if not isinstance(slot, tuple):
                raise InvalidMoveError("K3-11.4: a placement names a mountain slot", code="place_notation")
            f, r = slot
            if not (1 <= r < len(mountain) and 0 <= f < len(mountain[r])):
                if r == 0 and 0 <= f < len(mountain[0]):
                    raise IllegalMoveError(f"K3-4.2: the base row is always full; {spot_name(slot)} is taken",
                                           code="base_full", facts={"square": spot_name(slot)})
                raise IllegalMoveError(f"K3-4.2: the mountain has no slot {spot_name(slot)}", code="no_slot",
                                       facts={"square": spot_name(slot)})
            if mountain[r][f] is not None:
                raise IllegalMoveError(f"K3-4.3: slot {spot_name(slot)} already holds a piece", code="slot_taken",
                                       facts={"square": spot_name(slot)})
            a, b = _supports(mountain, slot)
            if a is None or b is None:
                raise IllegalMoveError(f"K3-4.3: slot {spot_name(slot)} is not open (both supports must hold a piece)",
                                       code="slot_closed", facts={"square": spot_name(slot)})
            if not _fits(move.piece, a, b):
                raise IllegalMoveError(
                    f"K3-5.1 a: {move.piece} goes only on a slot resting on {move.piece} or N; "
                    f"{spot_name(slot)} rests on {a}+{b}", code="not_fit",
                    facts={"piece": move.piece, "square": spot_name(slot), "left": a, "right": b},
                )
            mountain = _set(mountain, slot, move.piece)
            highlight.append(spot_name(slot))
            penalty = _penalised(move.piece, a, b, state.match)
        seats = list(state.seats)
        seats[mover] = player
        new = self._after(state, move, mountain=mountain, seats=tuple(seats), gone=gone, highlight=tuple(highlight))
        if state.coop and _summit_filled(mountain):  # K3-8.2: win at once, no penalty
            return replace(new, phase="over", turn=None, steal=None)
        if penalty and (accessible_spots(player.pyramid) or player.side):  # K3-6.3
            return replace(new, turn=self._taker(new, mover), steal=mover)
        return self._begin_turn(new, self._next_in(new, mover))

    def _apply_steal(self, state: K3State, move: K3Move) -> K3State:
        victim, taker = state.steal, state.turn
        assert victim is not None and taker is not None
        seats = list(state.seats)
        seats[victim] = self._take(seats[victim], move.piece, move.src, victim, "taken")
        seats[taker] = replace(seats[taker], side=canonical((*seats[taker].side, move.piece)))
        src = "s" if move.src is None else spot_name(move.src)
        new = self._after(state, move, seats=tuple(seats), steal=None, highlight=(f"{victim}:{src}", f"{taker}:s"))
        return self._begin_turn(new, self._next_in(new, victim))  # K3-6.4

    @staticmethod
    def _take(player: Seat, piece: str, src: Spot | None, owner: int, verb: str) -> Seat:
        """Remove an accessible piece from a player (K3-4.4), with a readable reason when it cannot be (the
        mover's own pyramid is "your" pyramid, a penalised player's "that" one)."""
        whose = "your" if verb == "played" else "that"
        if src is None:
            if piece not in player.side:
                raise IllegalMoveError(f"K3-4.4: there is no {piece} beside {whose} pyramid", code="no_side_piece",
                                       facts={"piece": piece, "whose": whose})
            side = list(player.side)
            side.remove(piece)
            return replace(player, side=tuple(side))
        f, r = src
        pyramid = player.pyramid
        if not (0 <= r < len(pyramid) and 0 <= f < len(pyramid[r])):
            raise IllegalMoveError(f"K3-4.1: {whose} pyramid has no spot {spot_name(src)}", code="no_spot",
                                   facts={"whose": whose, "square": spot_name(src)})
        there = pyramid[r][f]
        if there is None:
            raise IllegalMoveError(f"K3-4.1: there is no piece on {spot_name(src)} of {whose} pyramid",
                                   code="no_piece_in", facts={"square": spot_name(src), "whose": whose})
        if there != piece:
            raise IllegalMoveError(f"K3-11.4: the piece on {spot_name(src)} is {there}, not {piece}",
                                   code="wrong_letter",
                                   facts={"square": spot_name(src), "piece": there, "letter": piece})
        if src not in accessible_spots(pyramid):
            raise IllegalMoveError(
                f"K3-4.4: the {there} on {spot_name(src)} is covered; only accessible pieces can be {verb}",
                code="covered", facts={"piece": there, "square": spot_name(src), "verb": verb},
            )
        return replace(player, pyramid=_set(pyramid, src, None))

    # ---- turn order, penalties, elimination ----------------------------------------------
    @staticmethod
    def _next_in(state: K3State, seat: int) -> int:
        """The next player still in the game after ``seat`` (K3-3.3)."""
        n = state.players
        for k in range(1, n + 1):
            other = (seat + k) % n
            if state.seats[other].status != "out":
                return other
        return seat

    @staticmethod
    def _prev_in(state: K3State, seat: int) -> int:
        n = state.players
        for k in range(1, n + 1):
            other = (seat - k) % n
            if state.seats[other].status != "out":
                return other
        return seat

    def _taker(self, state: K3State, penalised: int) -> int:
        """K3-6.2: the nearest player still in before the penalised one (option thief=next: after)."""
        return self._next_in(state, penalised) if state.thief_next else self._prev_in(state, penalised)

    def eliminated(self, state: K3State) -> tuple[int, ...]:
        """K3-7.1: the players out because they had no possible move when their turn began."""
        return tuple(i for i, s in enumerate(state.seats) if s.status == "out")

    def _begin_turn(self, state: K3State, seat: int) -> K3State:
        """K3-7.1: start ``seat``'s turn, eliminating players with no legal action as they come up."""
        while True:
            alive = [i for i, s in enumerate(state.seats) if s.status != "out"]
            if len(alive) <= 1 and not state.coop:  # K3-7.2
                return replace(state, phase="over", turn=None, steal=None)
            player = state.seats[seat]
            if _has_action(state.mountain, player):
                return replace(state, phase="play", turn=seat, steal=None)
            if state.coop:  # K3-8.3: all lose at once
                return replace(state, phase="over", turn=seat, steal=None)
            first = len(alive) == state.players
            gone = list(state.gone)
            for piece in player.pieces():
                gone[_ORDER[piece]] += 1
            order = max(s.out_at for s in state.seats) + 1
            seats = list(state.seats)
            seats[seat] = Seat("out", out_at=order)
            state = replace(state, seats=tuple(seats), gone=tuple(gone))
            if first and state.players == 3:  # K3-7.3: the spare white joins the player before
                heir = self._prev_in(state, seat)
                seats[heir] = replace(seats[heir], side=canonical((*seats[heir].side, "W")))
                state = replace(state, seats=tuple(seats))
            seat = self._next_in(state, seat)

    # ---- outcome ---------------------------------------------------------------------------
    def events(self, before: K3State, move: K3Move, after: K3State) -> list[tuple[str, dict[str, Any]]]:
        """A penalty and who takes (K3-6), the steal done, players eliminated (K3-7.1) and, with three, where
        the spare white goes at the first elimination (K3-7.3): all public."""
        found: list[tuple[str, dict[str, Any]]] = []
        if after.steal is not None and before.steal is None and after.turn is not None:
            found.append(("penalty", {"penalised_seat": after.steal, "taker_seat": after.turn}))
        if before.steal is not None and after.steal is None and before.turn is not None:
            found.append(("stolen", {"taker_seat": before.turn, "penalised_seat": before.steal}))
        if not after.coop:  # K3-8.3: in the cooperative game the first elimination ends it (the outcome)
            gone = [i for i, (b, a) in enumerate(zip(before.seats, after.seats, strict=False))
                    if a.status == "out" and b.status != "out"]
            gone.sort(key=lambda i: after.seats[i].out_at)  # in the order they went out
            mover = self.move_seat(before, move)  # whose move their turn came after (K3-7.1: checked as it begins)
            for i in gone:
                found.append(("eliminated", {"out_seat": i, "after_seat": mover}))
                if i == gone[0] and self._spare_set_aside(before) and not self._spare_set_aside(after):
                    # K3-7.3: the spare white goes beside the pyramid of the player before the first one out,
                    # before the next player is checked: told between the two
                    heir = next((s for s, (b, a) in enumerate(zip(before.seats, after.seats, strict=False))
                                 if a.status != "out" and a.side.count("W") > b.side.count("W")), None)
                    if heir is not None:
                        found.append(("spare_white", {"heir_seat": heir, "out_seat": i}))
        return found

    def outcome(self, state: K3State) -> Outcome | None:
        """K3-11.6 outcome lines; placements by elimination order (later out = better place)."""
        if state.phase != "over":
            return None
        n = state.players
        if state.coop:
            if state.turn is None:
                return Outcome(
                    winners=tuple(range(n)),
                    reason="summit reached",
                    text="all players win (summit reached)",
                    placements=(1,) * n,
                )
            return Outcome(
                winners=(),
                reason="no legal action",
                text=f"all players lose (player {state.turn} has no legal action)",
                placements=(1,) * n,
                extra={"stuck_seat": state.turn},
            )
        winner = next(i for i, s in enumerate(state.seats) if s.status != "out")
        rank_key = [10**6 if s.status != "out" else s.out_at for s in state.seats]
        placements = tuple(1 + sum(1 for other in rank_key if other > mine) for mine in rank_key)
        return Outcome(
            winners=(winner,),
            reason="last player in",
            text=f"player {winner} wins (last player in)",
            placements=placements,
        )

    # ---- positions (K3-11.1) -------------------------------------------------------------
    def _seat_text(self, state: K3State, seat: int, hidden: bool) -> str:
        player = state.seats[seat]
        if player.status == "undealt":
            return "-"
        if player.status == "out":
            return "x"
        if player.status == "hand":
            return "?" + "".join(player.hand)
        side = "+" + "".join(player.side) if player.side else ""
        if hidden:  # K3-10
            inside = canonical(p for row in player.pyramid for p in row if p is not None)
            return "!" + "".join(inside) + side
        return _format_rows(player.pyramid) + side

    def _position(self, state: K3State, viewer: int | None, secret: bool) -> str:
        mountain = _format_rows(state.mountain) if state.mountain else "-"
        hide_builds = secret and state.phase == "build"
        players = "|".join(
            self._seat_text(state, i, hide_builds and i != viewer) for i in range(state.players)
        )
        turn = "-" if state.turn is None else str(state.turn)
        steal = "-" if state.steal is None else str(state.steal)
        tokens = [t for t, on in (("coop", state.coop), ("match", state.match), ("next", state.thief_next)) if on]
        return f"{mountain} {players} {state.phase} {turn} {steal} {','.join(tokens) or '-'}"

    def to_position(self, state: K3State) -> str:
        return self._position(state, None, secret=False)

    def view_notation(self, state: K3State, viewer: int | None) -> str:
        """K3-10: while building, others' built pyramids are written ``!`` + their pieces."""
        return self._position(state, viewer, secret=True)

    @reads_position
    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> K3State:
        if not isinstance(text, str):
            raise PositionError("a K3 position is text")
        fields = text.split()
        if len(fields) != 6:
            raise PositionError(
                f"a K3 position has 6 fields (mountain players phase turn steal options), not {len(fields)} (K3-11.1)"
            )
        m_text, p_text, phase, t_text, s_text, o_text = fields
        phase = phase.lower()
        if phase not in ("base", "deal", "build", "play", "over"):
            raise PositionError(f"unknown phase {phase!r}: base, deal, build, play or over (K3-11.1)")
        coop, match, thief_next = self._parse_options(o_text, options)
        entries = p_text.split("|")
        players = len(entries)
        if players not in ALLOTMENT:
            raise PositionError(f"K3 has 2 to 4 players; this position has {players} (K3-11.1)")
        mountain = _read_mountain(m_text)
        seats = [_read_seat(i, entry, players) for i, entry in enumerate(entries)]
        statuses = {s.status for s in seats}
        state = K3State(players, mountain, tuple(seats), phase, None, None, coop, match, thief_next)
        turn = self._parse_seat(t_text, players, "turn")
        steal = self._parse_seat(s_text, players, "steal")
        # phase consistency (K3-11.1)
        if phase in ("base", "deal"):
            if statuses != {"undealt"} or turn is not None or steal is not None:
                raise PositionError(f"in the {phase} phase no player holds pieces and turn and steal are - (K3-11.1)")
            if (phase == "base") != (not mountain) or (mountain and len(mountain) != BASE_WIDTH):
                raise PositionError("the mountain is - in the base phase and the drawn base row in the deal phase")
        else:
            if "undealt" in statuses:
                raise PositionError(f"in the {phase} phase every player has been dealt (K3-11.1)")
            if not mountain:
                raise PositionError(f"in the {phase} phase the mountain has its base row (K3-11.1)")
        if phase == "build":
            self._check_build(state, turn, steal)
        elif phase in ("play", "over"):
            if "hand" in statuses:
                raise PositionError(f"in the {phase} phase every player has built (K3-11.1)")
            if coop and "out" in statuses:
                raise PositionError("in the cooperative variant nobody is ever eliminated (K3-8.3)")
        state = replace(state, gone=self._gone(state))
        if phase == "build":
            return replace(state, turn=turn)
        if phase == "over":
            return self._check_over(state, turn, steal)
        if phase == "play":
            return self._check_play(state, turn, steal)
        return state

    def _gone(self, state: K3State) -> tuple[int, ...]:
        """K3-1.1: the pieces of each letter out of the game (none before the deal); too many is an error."""
        present = _counts(p for row in state.mountain for p in row)
        for seat in state.seats:
            present.update(seat.pieces())
        spare = self._spare_set_aside(state)
        for letter in LETTERS:
            if present[letter] + (letter == "W" and spare) > FULL[letter]:
                raise PositionError(
                    f"there are only {FULL[letter]} {letter} in the game, the position has more (K3-1.1)"
                )
        if state.phase in ("base", "deal"):
            return (0,) * 7
        return tuple(FULL[c] - present[c] - (c == "W" and spare) for c in LETTERS)

    def _check_play(self, state: K3State, turn: int | None, steal: int | None) -> K3State:
        """K3-11.1 in the play phase: the turn (and a steal) name players still in."""
        seats, coop, mountain = state.seats, state.coop, state.mountain
        if turn is None or seats[turn].status == "out":
            raise PositionError("in the play phase the turn field names a player still in the game (K3-11.1)")
        if steal is not None:
            if seats[steal].status == "out" or steal == turn:
                raise PositionError("the steal field names the penalised player, still in, not the taker (K3-6)")
            if self._taker(state, steal) != turn:
                raise PositionError(
                    f"player {self._taker(state, steal)} takes from player {steal}, not {turn} (K3-6.2)"
                )
            if not _sources(seats[steal]):
                raise PositionError(f"player {steal} has no accessible piece to take (K3-6.3)")
            if coop and _summit_filled(mountain):
                raise PositionError("the summit is filled: a cooperative game is over (K3-8.2)")
            return replace(state, turn=turn, steal=steal)
        if coop and _summit_filled(mountain):
            raise PositionError("the summit is filled: a cooperative game is over (K3-8.2)")
        return self._begin_turn(state, turn)  # K3-11.3

    def _parse_options(self, text: str, options: Mapping[str, Any] | None) -> tuple[bool, bool, bool]:
        tokens: list[str] = [] if text == "-" else text.lower().split(",")
        known = ("coop", "match", "next")
        for token in tokens:
            if token not in known:
                raise PositionError(f"unknown option token {token!r}: coop, match or next (K3-9)")
        if len(set(tokens)) != len(tokens):
            raise PositionError("an option token is repeated (K3-11.1)")
        flags = ("coop" in tokens, "match" in tokens, "next" in tokens)
        if options:
            wanted = self._option_flags(self.resolve_options(options))
            if wanted != flags:
                raise OptionError("the options given differ from the position's options field (K3-9)")
        return flags

    @staticmethod
    def _parse_seat(text: str, players: int, what: str) -> int | None:
        if text == "-":
            return None
        if not re.fullmatch(r"[0-9]{1,2}", text) or int(text) >= players:
            raise PositionError(f"the {what} field is - or a seat from 0 to {players - 1}, not {text!r} (K3-11.1)")
        return int(text)

    @staticmethod
    def _spare_set_aside(state: K3State) -> bool:
        """K3-7.3: with 3 players the fourth white waits beside the table until the first elimination."""
        return (
            state.players == 3
            and state.phase not in ("base", "deal")
            and all(s.status != "out" for s in state.seats)
        )

    def _check_build(self, state: K3State, turn: int | None, steal: int | None) -> None:
        whites, naturals, coloured, _ = ALLOTMENT[state.players]
        if "out" in {s.status for s in state.seats}:
            raise PositionError("nobody is eliminated while building (K3-11.1)")
        if any(p is not None for row in state.mountain[1:] for p in row) or len(state.mountain) != BASE_WIDTH:
            raise PositionError("while building the mountain is only its base row (K3-3)")
        if steal is not None:
            raise PositionError("no steal is pending while building (K3-11.1)")
        built = [i for i, s in enumerate(state.seats) if s.status == "built"]
        if len(built) == state.players:
            raise PositionError("everyone has built: the phase is play (K3-3.3)")
        if (turn is None) != (not built) or (turn is not None and turn not in built):
            raise PositionError("while building the turn field is the first seat to have built, else - (K3-11.1)")
        for i, seat in enumerate(state.seats):
            count = Counter(seat.pieces())
            if count["W"] != whites or count["N"] != naturals or sum(count[c] for c in COLOURS) != coloured:
                raise PositionError(
                    f"player {i} must hold {coloured} coloured, {naturals} N and {whites} W while building (K3-1.2)"
                )
            if seat.status == "built":
                if any(p is None for row in seat.pyramid for p in row):
                    raise PositionError(f"player {i}'s pyramid is full while building (K3-3.1)")
                if seat.side != (("W",) if state.players == 4 else ()):
                    raise PositionError(f"player {i}: only the 4-player white sits beside a new pyramid (K3-3.1)")

    def _check_over(self, state: K3State, turn: int | None, steal: int | None) -> K3State:
        if steal is not None:
            raise PositionError("no steal is pending once the game is over (K3-11.1)")
        if state.coop:
            if turn is None:
                if not _summit_filled(state.mountain):
                    raise PositionError("a cooperative win needs the summit filled (K3-8.2)")
            elif _has_action(state.mountain, state.seats[turn]):
                raise PositionError(f"player {turn} has a legal action: the cooperative game is not lost (K3-8.3)")
            return replace(state, turn=turn)
        if turn is not None:
            raise PositionError("the turn field is - once the game is over (K3-11.1)")
        if sum(1 for s in state.seats if s.status != "out") != 1:
            raise PositionError("a game is over when one player is left in (K3-7.2)")
        return state

    # ---- JSON ----------------------------------------------------------------------------
    def to_json(self, state: K3State) -> dict[str, Any]:
        return {
            "position": self.to_position(state),
            "ply": state.ply,
            "last": state.last,
            "highlight": list(state.highlight),
            "out_at": [s.out_at for s in state.seats],
            "gone": list(state.gone),
        }

    def from_json(self, data: Mapping[str, Any]) -> K3State:
        try:
            position = data["position"]
            state = self.from_position(position)
            out_at = [int(x) for x in data["out_at"]]
            gone = tuple(int(x) for x in data["gone"])
            if len(out_at) != state.players or len(gone) != 7:
                raise PositionError("K3 JSON: out_at has one entry per seat and gone one per letter")
            seats = tuple(replace(s, out_at=o) for s, o in zip(state.seats, out_at))
            last = data.get("last")
            return replace(
                state,
                seats=seats,
                gone=gone,
                ply=int(data["ply"]),
                last=None if last is None else str(last),
                highlight=tuple(str(h) for h in data.get("highlight", ())),
            )
        except PositionError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionError(f"not a K3 state in JSON: {exc}") from None

    # ---- chance and random play ------------------------------------------------------------
    def chance_outcomes(self, state: K3State) -> None:
        """K3's base draws and deals are too many to list: ``sample_chance`` draws them."""
        return None

    def draw_chance(self, state: K3State, rng: random.Random) -> K3Move:
        """K3-2: the base row (redrawn until 4 colours) or a uniform deal of the 36 left."""
        if state.phase == "base":
            bag = [c for c in COLOURS for _ in range(FULL[c])]
            while True:
                row = rng.sample(bag, BASE_WIDTH)
                if len(set(row)) >= 4:
                    return K3Move("base", rows=("".join(row),))
        if state.phase == "deal":
            left = Counter({c: FULL[c] for c in COLOURS})
            left.subtract(p for p in state.mountain[0] if p is not None)  # K3-4.2: the base row is full
            bag = list(left.elements())
            rng.shuffle(bag)
            size = ALLOTMENT[state.players][2]
            hands = tuple("".join(canonical(bag[i * size : (i + 1) * size])) for i in range(state.players))
            return K3Move("deal", rows=hands)
        raise IllegalMoveError(f"no chance move in the {state.phase} phase", code="no_chance",
                               facts={"phase": state.phase})

    def random_move(self, state: K3State, rng: random.Random) -> K3Move:
        """Chance by its odds; a random build for a random unbuilt seat; else a uniform legal move."""
        if state.phase in ("base", "deal"):
            return self.sample_chance(state, rng)
        if state.phase == "build":
            return auto_build(state, rng.choice(self.actors(state)), rng)
        moves = self.legal_moves(state)
        if not moves:
            raise IllegalMoveError("the game is over", code="any.over")
        return rng.choice(moves)

    def auto_build(self, state: K3State, seat: int, rng: random.Random, style: str = "random") -> K3Move:
        return auto_build(state, seat, rng, style)

    def auto_move(self, state: K3State, seat: int, rng: random.Random, style: str = "sensible") -> K3Move:
        """While building, a build of K3-3.4 (``sensible`` or ``random``); in play a random legal move."""
        if state.phase == "build":
            return auto_build(state, seat, rng, style)
        return super().auto_move(state, seat, rng)

    def phase(self, state: K3State) -> str:
        """``base``, ``deal``, ``build``, ``play`` or ``over`` (K3-11.6)."""
        return state.phase

    def end_shows_all(self, state: K3State) -> bool:
        """K3-10: everything is public once the last build is accepted; a game that ended while pyramids were
        still being built (a resignation, a time-out) keeps the built ones hidden."""
        return state.phase != "build"

    def private_changes(self, state: K3State, move: K3Move) -> tuple[int, ...]:
        """K3-10: every hand once the deal is made; a builder's pyramid after their build."""
        if move.kind == "deal":
            return tuple(range(state.players))
        if move.kind == "build":
            return (move.seat,)
        return ()

    def arrangement(self, state: K3State, move: K3Move) -> tuple[tuple[str, str], ...]:
        """A build's spots (K3-4.1: file letter and rank, rank 1 the bottom) and their pieces, top rank first."""
        if not isinstance(move, K3Move) or move.kind != "build":
            return ()
        top = len(move.rows)
        return tuple((spot_name((file, top - 1 - k)), f"piece_{piece}")
                     for k, rank in enumerate(move.rows) for file, piece in enumerate(rank))

    def rearranged(self, state: K3State, move: K3Move, first: str, second: str) -> K3Move:
        """The build with the pieces on two of its spots exchanged (K3-3.1: any order of the player's pieces)."""
        names = [name for name, _ in self.arrangement(state, move)]
        if first not in names or second not in names:
            raise InvalidMoveError(f"{first if first not in names else second} is no spot of this pyramid")
        letters = list("".join(move.rows))
        a, b = names.index(first), names.index(second)
        letters[a], letters[b] = letters[b], letters[a]
        rows, at = [], 0
        for rank in move.rows:
            rows.append("".join(letters[at:at + len(rank)]))
            at += len(rank)
        return replace(move, rows=tuple(rows))

    def move_sketch(self, state: K3State, move: K3Move) -> str:
        """A build drawn as a small pyramid of letters, the top centred over the bottom (K3-3)."""
        if move.kind != "build":
            return ""
        width = max(len(rank) for rank in move.rows)
        return "\n".join(" ".join(rank).center(2 * width - 1) for rank in move.rows)

    # ---- view --------------------------------------------------------------------------------
    def determinize(self, view: K3View, seat: int | None, rng: random.Random) -> K3State:
        """A full state consistent with ``view`` (the other builders' pyramids shuffled): see ``determinize``."""
        return determinize(view, seat, rng)

    def view(self, state: K3State, viewer: int | None) -> K3View:
        """What ``viewer`` may know (K3-10): a ``K3View``."""
        result = self.outcome(state)
        hide_builds = state.phase == "build"
        info: list[K3PlayerView] = []
        for i, player in enumerate(state.seats):
            if player.status == "undealt":
                shown = "undealt"
            elif player.status == "out":
                shown = "eliminated"
            elif player.status == "hand":
                shown = "hand"
            elif hide_builds and i != viewer:
                shown = "hidden"
            else:
                shown = "built"
            entry: K3PlayerView = {"seat": i, "count": len(player.pieces()), "side": list(player.side),
                                   "state": shown}
            if shown == "hand":
                entry["hand"] = list(player.hand)
            elif shown == "hidden":  # K3-10: which pieces, never where (the position's ``!`` pieces)
                entry["hand"] = list(canonical(player.pieces()))
            elif shown == "built":
                entry["pyramid"] = [list(row) for row in reversed(player.pyramid)]
                entry["accessible"] = [spot_name(s) for s in accessible_spots(player.pyramid)]
            info.append(entry)
        to_move = self.to_move(state)
        return {
            "game": self.name,
            "viewer": viewer,
            "players": state.players,
            "to_move": to_move,
            "actors": list(self.actors(state)),
            "ply": state.ply,
            "position": self.view_notation(state, viewer),
            "last_move": state.last,
            "highlight": list(state.highlight),
            "outcome": None if result is None else result.text,
            "winners": [] if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "phase": state.phase,
            "turn": state.turn,
            "steal": state.steal,
            "taker": state.turn if state.steal is not None else None,
            "options": self.game_options(state),
            "mountain": [list(row) for row in reversed(state.mountain)],
            "width": len(state.mountain[0]) if state.mountain else 0,
            "open_slots": [spot_name(slot) for slot, _, _ in open_slots(state.mountain)] if state.mountain else [],
            "summit": spot_name((0, len(state.mountain) - 1)) if state.mountain else None,
            "spare_white": self._spare_set_aside(state),
            "players_info": info,
        }

    def view_words(self, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The picture in words (its alt text), read from ``view`` alone, so a seat hears only what it may see
        (K3-10).  In order:

        - the phase when nothing is on the table yet: ``drawing`` (the base row, K3-2.1), ``dealing`` (K3-2.2);
        - the mountain from the base up (K3-4.2), only ranks holding a piece: ``base_row`` (rank 1, always full,
          from ``a1``), ``row`` (a rank whose first piece is on file ``a``) or ``row_from`` (``start``: the slot
          of its first piece), with ``rank`` and its pieces left to right as colours (``pieces_terms``:
          ``piece_<letter>``, ``empty`` for an empty slot between two pieces; the empty slots after the last
          piece are left unsaid); then the open slots (K3-4.3: ``open`` with ``open_slot_count`` and ``slots``),
          or, in play, that none is open and only the base row's ends are left (``no_open``, K3-5.3);
        - the 3-player spare white, while it is set aside (``spare_white``, K3-7.3);
        - each seat in order (``player_seat``).  While the players build (K3-3, K3-10): the pieces each was
          dealt, public (``dealt``, or ``built_hidden`` once built, ``pieces_list``: counts by colour), and in a
          seat's own view its own pyramid (``own_pyramid``, then ``pyramid_rank`` from the top with
          ``pieces_terms``, and ``own_side`` for the 4-player white beside it, K3-3.1).  In play and at the end:
          an eliminated seat (``out``, K3-7.1), else its pieces left (``pieces_count``) and those beside the
          pyramid (``side_list``, always free, K3-4.4): ``player``, ``player_side``, ``player_only_side`` or
          ``player_none``; then each free pyramid piece (``free``: ``spot`` and ``piece_term``, K3-4.4);
        - in play and at the end, after every seat, each pyramid's covered pieces (``covered``: the pyramids are
          public then, K3-10, and the picture shows them whole).
        """
        said: list[tuple[str, dict[str, Any]]] = []
        phase = view.get("phase")
        ranks = list(view.get("mountain") or [])
        if not ranks:
            if phase == "base":
                said.append(("drawing", {}))
            return said
        if phase == "deal":
            said.append(("dealing", {}))
        for r, row in enumerate(reversed(ranks), start=1):  # K3-4.2: rank 1, the base row, first
            filled = [f for f, piece in enumerate(row) if piece in _ORDER]
            if not filled:
                continue
            pieces = [f"piece_{row[f]}" if row[f] in _ORDER else "empty" for f in range(filled[0], filled[-1] + 1)]
            if r == 1 and filled[0] == 0:
                said.append(("base_row", {"pieces_terms": pieces}))
            elif filled[0] == 0:
                said.append(("row", {"rank": r, "pieces_terms": pieces}))
            else:
                said.append(("row_from", {"rank": r, "start": spot_name((filled[0], r - 1)), "pieces_terms": pieces}))
        opens = [str(s) for s in view.get("open_slots") or []]
        if opens:
            said.append(("open", {"open_slot_count": len(opens), "slots": ", ".join(opens)}))
        elif phase == "play":
            said.append(("no_open", {}))
        if view.get("spare_white") and phase in ("build", "play"):
            said.append(("spare_white", {}))
        infos = list(view.get("players_info") or [])
        for info in infos:
            said.extend(self._seat_words(info, phase))
        for info in infos:  # last, so that words cut to a limit lose these details before anything else
            said.extend(self._covered_words(info, phase))
        return said

    @staticmethod
    def _seat_words(info: Mapping[str, Any], phase: Any) -> list[tuple[str, dict[str, Any]]]:
        """One seat of ``view_words``: what its panel shows."""
        seat, state = info.get("seat"), info.get("state")
        side = _counted(info.get("side") or [])
        if state == "eliminated":
            return [("out", {"player_seat": seat})]
        if state in ("hand", "hidden"):  # K3-10: the deal is public, a pyramid built from it is not
            code = "dealt" if state == "hand" else "built_hidden"
            return [(code, {"player_seat": seat, "pieces_list": _counted(info.get("hand") or [])})]
        if state != "built":
            return []
        ranks = list(info.get("pyramid") or [])
        if phase == "build":  # the viewer's own pyramid, which only they see (K3-10)
            said: list[tuple[str, dict[str, Any]]] = [("own_pyramid", {"player_seat": seat})]
            for r, row in zip(range(len(ranks), 0, -1), ranks, strict=False):
                said.append(("pyramid_rank", {"rank": r, "pieces_terms": [
                    f"piece_{p}" if p in _ORDER else "empty" for p in row]}))
            if side:
                said.append(("own_side", {"side_list": side}))
            return said
        count = int(info.get("count") or 0)
        in_pyramid = any(p in _ORDER for row in ranks for p in row)
        facts: dict[str, Any] = {"player_seat": seat, "pieces_count": count}
        if side:
            facts["side_list"] = side
        code = ("player_side" if side else "player") if in_pyramid else ("player_only_side" if side else "player_none")
        said = [(code, facts)]
        height = len(ranks)
        for name in info.get("accessible") or []:
            f, r = ord(str(name)[0]) - 97, int(str(name)[1:])
            row = ranks[height - r] if 0 < r <= height else []
            piece = row[f] if 0 <= f < len(row) else None
            if piece in _ORDER:
                said.append(("free", {"spot": str(name), "piece_term": f"piece_{piece}"}))
        return said

    @staticmethod
    def _covered_words(info: Mapping[str, Any], phase: Any) -> list[tuple[str, dict[str, Any]]]:
        """A built pyramid's pieces that are not free, once every pyramid is public (play and the end:
        K3-10): ``covered`` with ``player_seat`` and ``pieces_placed`` (pairs of slot and ``piece_<letter>``,
        from the top rank down, each rank left to right), what the picture shows under the free pieces."""
        if phase == "build" or info.get("state") != "built":
            return []
        ranks = list(info.get("pyramid") or [])
        free = {str(name) for name in info.get("accessible") or []}
        covered = [[f"{chr(97 + f)}{r}", f"piece_{piece}"]
                   for r, row in zip(range(len(ranks), 0, -1), ranks, strict=False)
                   for f, piece in enumerate(row) if piece in _ORDER and f"{chr(97 + f)}{r}" not in free]
        return [("covered", {"player_seat": info.get("seat"), "pieces_placed": covered})] if covered else []

    @reads_position
    def view_from_text(self, text: str, seat: int | None, options: Mapping[str, Any] | None = None) -> K3View:
        """``seat``'s view of a full position or of a view notation (K3-10: ``!`` + pieces, a pyramid
        built in secret).

        Text without ``!`` is a full position, read by ``from_position`` (the same refusals; in play
        everything is public).  Hidden pyramids are laid out first (``_laid_out``); while the players
        build ``seat`` sees none of another's pyramid, so the view it gets is the one it had.
        """
        if isinstance(text, str) and "!" in text:
            text = _laid_out(text, seat)
        return self.view(self.from_position(text, options), seat)


# ---- auto-build (K3-3.4) -----------------------------------------------------------------------


def auto_build(state: K3State, seat: int, rng: random.Random, style: str = "random") -> K3Move:
    """A legal build for ``seat`` (K3-3.4): ``random`` shuffles; ``sensible`` follows a simple plan.

    The sensible plan: a pyramid is played from the top down (K3-4.4: only the top is accessible at
    first, then the two pieces it covered), so the first pieces decide how the game opens.  The top
    is a colour the base row shows most (its slots open first) — never the white, a pass that would
    waste the first turn; the two below it are two other colours, so the second turn is a real
    choice.  Below, each rank holds one escape — a white (a pass) or a natural (fits any open
    slot) — while they last; the rest follows by colour in turn (most common in the base row first), so every rank mixes
    colours and the pieces that come free have somewhere to go.  A little randomness breaks ties
    between equally common colours.
    """
    if state.phase != "build":
        raise IllegalMoveError("K3-3: building happens after the deal and before play", code="build_when")
    if not 0 <= seat < state.players or state.seats[seat].status != "hand":
        raise IllegalMoveError("K3-3.2: there is no pyramid of yours to build now", code="no_build")
    pieces = list(state.seats[seat].hand)
    if state.players == 4:
        pieces.remove("W")  # K3-3.1: beside the pyramid
    if style == "random":
        rng.shuffle(pieces)
    elif style == "sensible":
        pieces = _sensible_order(pieces, Counter(state.mountain[0]), rng)
    else:
        raise ValueError(f"auto_build style is random or sensible, not {style!r}")
    ranks, pos = [], 0
    for size in range(1, ALLOTMENT[state.players][3] + 1):
        ranks.append("".join(pieces[pos : pos + size]))
        pos += size
    return K3Move("build", seat=seat, rows=tuple(ranks))


#: how many pieces a pyramid opens with: the top, then the two it covered (K3-4.4)
OPENING = 3


def _sensible_order(pieces: list[str], base: Counter[str | None], rng: random.Random) -> list[str]:
    """``pieces`` top first for ``auto_build``'s sensible plan (see there)."""
    special = sorted((p for p in pieces if p in "WN"), key=lambda p: p != "W")  # escapes: whites, then naturals
    by_colour: dict[str, list[str]] = {}
    for p in pieces:
        if p in COLOURS:
            by_colour.setdefault(p, []).append(p)
    order = sorted(by_colour, key=lambda c: (-base[c], rng.random()))
    spread: list[str] = []  # one of each colour in turn: neighbours differ while the hand allows
    while any(by_colour.values()):
        for colour in order:
            if by_colour[colour]:
                spread.append(by_colour[colour].pop())
    opening = spread[:OPENING]
    if len(opening) < OPENING:  # a hand of hardly any colours: naturals open, a white never on top
        extra = sorted(special, key=lambda p: p != "N")[:OPENING - len(opening)]
        for p in extra:
            special.remove(p)
        opening += extra
        if opening and opening[0] == "W" and len(opening) > 1:
            opening = opening[1:] + opening[:1]
    rest: list[str] = []
    colours = spread[OPENING:]
    size = OPENING  # the third rank from the top has 3 spots, each rank below one more (K3-3.1)
    while special or colours:  # one escape per rank, the rest of the rank colours
        escape = [special.pop(0)] if special else []
        take = size - len(escape)
        rest += escape + colours[:take]
        colours = colours[take:]
        size += 1
    return opening + rest


ENGINE = K3Engine()


# ---- determinization (for computer players; appended, self-contained) --------------------------


def determinize(view: K3View, seat: int | None, rng: random.Random) -> K3State:
    """A full state consistent with everything ``seat`` may know from ``view`` (K3-10).

    Only building hides anything: another player's finished pyramid is public as its multiset of
    pieces (``!`` + letters in the view notation), so it is laid out as a uniformly random
    arrangement of exactly those pieces.  Everything else (the base row, the deal, the viewer's own
    pyramid, and the whole game once play begins) is read as it stands.
    """
    try:
        fields = str(view["position"]).split()
        ply = int(view.get("ply") or 0)
        last = view.get("last_move")
        highlight = tuple(str(h) for h in view.get("highlight") or ())
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"not a K3 view: {exc}") from None
    if len(fields) != 6:
        raise PositionError("not a K3 view: the position has 6 fields (K3-11.1)")
    entries = fields[1].split("|")
    b = ALLOTMENT.get(len(entries), (0, 0, 0, 0))[3]
    for i, entry in enumerate(entries):
        if not entry.startswith("!"):
            continue
        inside, _, side = entry[1:].partition("+")
        pieces = list(inside.upper())
        if len(pieces) != b * (b + 1) // 2:
            raise PositionError(f"not a K3 view: player {i}'s hidden pyramid has {len(pieces)} pieces")
        entries[i] = "/".join(_hidden_ranks(pieces, b, rng)) + (f"+{side}" if side else "")
    fields[1] = "|".join(entries)
    state = ENGINE.from_position(" ".join(fields))
    return replace(state, ply=ply, last=last if isinstance(last, str) else None, highlight=highlight)


def _hidden_ranks(pieces: list[str], b: int, rng: random.Random) -> list[str]:
    """A uniformly random arrangement of a hidden pyramid's pieces (K3-10), ranks top first (K3-11.1)."""
    rng.shuffle(pieces)
    ranks, pos = [], 0
    for size in range(1, b + 1):
        ranks.append("".join(pieces[pos : pos + size]))
        pos += size
    return ranks


def determinizer(view: K3View, seat: int | None) -> Callable[[random.Random], K3State]:
    """``determinize(view, seat, rng)`` for many samples of one view, each the state ``determinize`` gives
    for the same ``rng``: the first sample reads the position, the others draw only the hidden pyramids
    (K3-10) again, as ``determinize`` draws them, into that state (their seats hold nothing else)."""
    first: K3State | None = None
    hidden: list[tuple[int, str, tuple[str, ...]]] = []  # (seat, its pieces, its side) per hidden pyramid

    def sample(rng: random.Random) -> K3State:
        nonlocal first
        if first is None:
            first = determinize(view, seat, rng)
            for i, entry in enumerate(str(view["position"]).split()[1].split("|")):
                if entry.startswith("!"):
                    inside, _, beside = entry[1:].partition("+")
                    hidden.append((i, inside.upper(), canonical(beside.upper())))
            return first
        if not hidden:
            return first
        b = ALLOTMENT[first.players][3]
        seats = list(first.seats)
        for i, pieces, side in hidden:
            ranks = _hidden_ranks(list(pieces), b, rng)
            seats[i] = Seat("built", pyramid=tuple(tuple(rank) for rank in reversed(ranks)), side=side)
        return replace(first, seats=tuple(seats))

    return sample


# ---- views read back (for ``K3Engine.view_from_text``; appended, self-contained) ---------------


def _laid_out(text: str, seat: int | None) -> str:
    """A view notation with each hidden pyramid (``!`` + its pieces, K3-10) laid out as a pyramid.

    The pieces go in canonical order, top rank first: any arrangement gives the other seats the
    same view, and a fixed one the same state every time.  Refused: ``!`` anywhere but a player's
    entry while the players build (once the last build is accepted everything is public), and
    ``seat``'s own pyramid hidden, which the seat knows.
    """
    fields = text.split()
    if len(fields) != 6 or fields[2].lower() != "build" or "!" in " ".join(fields[:1] + fields[2:]):
        raise PositionError("a pyramid is hidden (! + its pieces) only in a view while the players build (K3-10)")
    entries = fields[1].split("|")
    if len(entries) not in ALLOTMENT:
        return text  # from_position names what is wrong (K3-11.1)
    b = ALLOTMENT[len(entries)][3]
    for i, entry in enumerate(entries):
        if not entry.startswith("!"):
            continue
        if i == seat:
            raise HiddenSeatError(f"this view hides player {i}'s own pyramid, which player {i} built (K3-10)")
        inside, plus, side = entry[1:].partition("+")
        if any(c not in _ORDER for c in inside.upper()) or len(inside) != b * (b + 1) // 2:
            raise PositionError(f"player {i}: a hidden pyramid is ! + its {b * (b + 1) // 2} pieces (K3-10)")
        pieces = "".join(canonical(inside.upper()))
        ranks = [pieces[r * (r - 1) // 2 : r * (r + 1) // 2] for r in range(1, b + 1)]  # top rank first
        entries[i] = "/".join(ranks) + plus + side
    fields[1] = "|".join(entries)
    return " ".join(fields)
