"""Kona (alias Carpniches): stacks of capybaras and poodles on a 6x6 board (docs/spec/kona.md).

Board representation.  A square is an index ``sq = (rank - 1) * 6 + file`` (``a1`` = 0, ``f1`` = 5,
``a6`` = 30).  A stack is a string of ``C``/``P`` written bottom→top (KO-2.2); the board is a
36-tuple of those strings.  Because the whole game is about *tops*, heights and empty squares, the
engine also keeps integer bitmasks (bit ``sq``) of the squares topped by each animal and of the full
(height 3) squares; with them a line (KO-6.1) is four shift-and-AND expressions and a move is legal
when one AND of the board word with a precomputed mask of the ray is zero (KO-4.4, KO-4.5).  Those
moving rules are written once, in ``generate`` (with ``count_moves`` for counting without listing):
``legal_moves``, the fast ``perft`` and the computer player (``ai.kona``) all use it.  The fast
``perft`` walks a private mutable copy with make/unmake; states themselves stay immutable.

State.  ``KonaState`` holds the position (stacks, side, plies, last), the origin of the last move
when it was played through ``apply`` (for the highlight only), the options and the repetition
history (KO-7.3): every (board, side to move) since the game's first position, in order.  The
outcome and the legal moves are derived at construction and excluded from equality.

View (``view(state, viewer)``): a ``KonaView``, identical for every viewer apart from ``viewer``
(KO-8.1: nothing is hidden); its keys are documented where it is defined.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engines.base import (
    Engine,
    GameDescription,
    GameView,
    IllegalMoveError,
    InvalidMoveError,
    Option,
    OptionError,
    Outcome,
    PositionError,
    reads_position,
)

FILES = "abcdef"
SIZE = 6
CELLS = 36
ANIMALS = ("capybara", "poodle")  # KO-1.1: seat 0, seat 1
PIECE = ("C", "P")
SIDE_LETTER = ("c", "p")
START = "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -"  # KO-2.3 / KO-9.2

#: square index -> name ("a1" ...)
NAMES: tuple[str, ...] = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in range(CELLS))
SQUARE_OF: dict[str, int] = {name: sq for sq, name in enumerate(NAMES)}
#: ASCII order of square names (file first, then rank): canonical move order (KO-9.7)
_ORDER: tuple[int, ...] = tuple((sq % SIZE) * SIZE + sq // SIZE for sq in range(CELLS))

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))  # KO-4.2


class KonaMove(NamedTuple):
    """A move is fully identified by its source and destination squares (KO-4.6)."""

    src: int
    dst: int


#: every move by its *code* ``src * CELLS + dst``: the unit of the shared generator (``generate``)
#: and of the computer player's search; ``MOVES[code]`` is the engine's move
MOVES: tuple[KonaMove, ...] = tuple(KonaMove(s, d) for s in range(CELLS) for d in range(CELLS))
#: a code's place in the canonical order of moves (KO-9.7: ASCII order of ``from`` then ``to``)
_RANK: tuple[int, ...] = tuple(_ORDER[code // CELLS] * CELLS + _ORDER[code % CELLS] for code in range(CELLS * CELLS))


def _ray(sq: int, df: int, dr: int) -> list[int]:
    f, r = sq % SIZE, sq // SIZE
    out: list[int] = []
    while True:
        f += df
        r += dr
        if not (0 <= f < SIZE and 0 <= r < SIZE):
            return out
        out.append(r * SIZE + f)


#: RAYS[sq] = the 8 rays (lists of squares, nearest first) leaving sq
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_ray(sq, df, dr)) for df, dr in DIRECTIONS) for sq in range(CELLS)
)


# ---- the moving rules (KO-4, KO-5), written once ------------------------------------------------------
#
# ``legal_moves`` (through ``_make_state``), ``perft`` and the computer player (``ai.kona``) all list
# moves with ``generate`` and count them with ``count_moves``; nothing else states these rules.
#
# A source's possible moves sit in a *step table*, ``_STEPS[step_index(sq, height, plies)]``: pairs
# ``(mask, code)`` in direction order (``DIRECTIONS``), nearest distance first in the opening.  The
# mask holds the squares that must be empty (KO-4.4) and bit 36+dst (the destination must take a
# piece, KO-4.5); a move is legal exactly when ``move_word(...) & mask == 0``.


def _step_mask(between: tuple[int, ...], dst: int) -> int:
    mask = 1 << (CELLS + dst)
    for sq in between:
        mask |= 1 << sq
    return mask


def _build_steps() -> tuple[tuple[tuple[int, int], ...], ...]:
    exact: list[tuple[tuple[int, int], ...]] = []  # index sq*4 + distance (KO-4.3)
    for sq in range(CELLS):
        for dist in range(4):
            entries = []
            if dist:
                for ray in RAYS[sq]:
                    if len(ray) >= dist:
                        entries.append((_step_mask(ray[: dist - 1], ray[dist - 1]), sq * CELLS + ray[dist - 1]))
            exact.append(tuple(entries))
    # index _OPENING_STEPS + sq: distances 1, 2 and 3 whatever the height (KO-5.1)
    opening = [exact[sq * 4 + 1] + exact[sq * 4 + 2] + exact[sq * 4 + 3] for sq in range(CELLS)]
    return (*exact, *opening)


#: the step tables: ``sq * 4 + height`` from ply 3 on, ``_OPENING_STEPS + sq`` on plies 1 and 2
_STEPS: tuple[tuple[tuple[int, int], ...], ...] = _build_steps()
_OPENING_STEPS = CELLS * 4
#: the masks of each step table alone (what ``count_moves`` tests)
_STEP_MASKS: tuple[tuple[int, ...], ...] = tuple(tuple(m for m, _ in entries) for entries in _STEPS)
#: every bit a step table's masks look at: its count depends only on ``word & STEP_REACH[index]``,
#: which is what a caller may cache it on (``perft`` does)
STEP_REACH: tuple[int, ...] = tuple(functools.reduce(int.__or__, masks, 0) for masks in _STEP_MASKS)


def step_index(sq: int, height: int, plies: int) -> int:
    """The step table of the top of a ``height``-stack on ``sq`` when ``plies`` plies have been played.

    From ply 3 on a piece moves exactly ``height`` squares (KO-4.3, KO-5.3); on plies 1 and 2 it may
    move 1, 2 or 3 whatever the height (KO-5.1).
    """
    return _OPENING_STEPS + sq if plies < 2 else sq * 4 + height


def move_word(occupied: int, full: int, plies: int, last: int | None) -> int:
    """The board word every step mask is tested against.

    Bits 0-35 are the occupied squares, which no move may pass over (KO-4.4); bits 36-71 the squares
    no move may land on: full ones (KO-4.5) and, on ply 2, the square the previous move landed on
    (KO-5.2).
    """
    word = occupied | (full << CELLS)
    if plies == 1 and last is not None:  # KO-5.2
        word |= 1 << (CELLS + last)
    return word


def generate(
    stacks: Sequence[str], mine: int, occupied: int, full: int, plies: int, last: int | None
) -> list[int]:
    """Every move (as a code, see ``MOVES``) of the side whose tops are the mask ``mine`` (KO-4, KO-5).

    ``stacks`` gives the heights; ``occupied``/``full`` are the masks of nonempty and height-3 squares,
    ``plies``/``last`` the position's fields (KO-9.2).  Order: sources by square index, then their step
    table's order (direction of ``DIRECTIONS``, nearest distance first in the opening) — not the
    canonical order, which ``legal_moves`` sorts into; the computer player relies on this one.
    Whether the game is over is the caller's business (KO-9.5).
    """
    word = move_word(occupied, full, plies, last)
    steps = _STEPS
    out = []
    while mine:
        bit = mine & -mine
        mine ^= bit
        sq = bit.bit_length() - 1
        for mask, code in steps[step_index(sq, len(stacks[sq]), plies)]:
            if not word & mask:
                out.append(code)
    return out


def count_moves(index: int, word: int) -> int:
    """How many moves the step table ``index`` allows under ``word`` (``generate``'s count for one
    source, without listing them): the bulk count of ``perft``'s last ply."""
    return sum(1 for mask in _STEP_MASKS[index] if not word & mask)


# KO-6.1 lines by shifts: a bit survives at the first square of three equal tops in a direction.
#: squares on files a-d, where a triple going → or ↗ can start (line tests by shifts, KO-6.1)
FILE_LE3 = sum(1 << sq for sq in range(CELLS) if sq % SIZE <= 3)
#: squares on files c-f, where a triple going ↖ can start
FILE_GE2 = sum(1 << sq for sq in range(CELLS) if sq % SIZE >= 2)
# the same for a word holding capybara tops in bits 0-35 and poodle tops in bits 64-99: shifts of
# at most 14 move poodle bits only into the empty gap 36-63, so one test covers both animals
_FILE_LE3_BOTH = FILE_LE3 | (FILE_LE3 << 64)
_FILE_GE2_BOTH = FILE_GE2 | (FILE_GE2 << 64)


def has_line(m: int) -> bool:
    """True when the top mask ``m`` holds three consecutive squares in a row, column or diagonal."""
    return bool(
        (m & (m >> 1) & (m >> 2) & FILE_LE3)
        | (m & (m >> 6) & (m >> 12))
        | (m & (m >> 7) & (m >> 14) & FILE_LE3)
        | (m & (m >> 5) & (m >> 10) & FILE_GE2)
    )


def _masks(stacks: tuple[str, ...]) -> tuple[int, int, int]:
    """(capybara tops, poodle tops, full squares) of a board."""
    cm = pm = full = 0
    for sq, stack in enumerate(stacks):
        if stack:
            if stack[-1] == "C":
                cm |= 1 << sq
            else:
                pm |= 1 << sq
            if len(stack) == 3:
                full |= 1 << sq
    return cm, pm, full


def _lines(stacks: tuple[str, ...]) -> list[tuple[str, list[int]]]:
    """Every maximal run of 3+ equal tops (KO-6.1), as (owner letter, squares)."""
    found = []
    for sq in range(CELLS):
        top = stacks[sq][-1:] if stacks[sq] else ""
        if not top:
            continue
        f, r = sq % SIZE, sq // SIZE
        for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            pf, pr = f - df, r - dr
            if 0 <= pf < SIZE and 0 <= pr < SIZE and stacks[pr * SIZE + pf][-1:] == top:
                continue  # not the start of a maximal run
            run = [sq]
            nf, nr = f + df, r + dr
            while 0 <= nf < SIZE and 0 <= nr < SIZE and stacks[nr * SIZE + nf][-1:] == top:
                run.append(nr * SIZE + nf)
                nf, nr = nf + df, nr + dr
            if len(run) >= 3:
                found.append((top.lower(), run))
    return found


# ---- notation (KO-9) -------------------------------------------------------------------------------

_TOKEN_DIGITS = re.compile(r"[0-9]+")
_TOKEN_STACK = re.compile(r"[CPcp]+")
_MOVE_RE = re.compile(r"([a-z])([0-9]+)\s*(?:-\s*)?([a-z])([0-9]+)")


def _square(text: str, what: str, error: type[Exception]) -> int:
    sq = SQUARE_OF.get(text.strip().lower())
    if sq is None:
        raise error(f"{text.strip()[:12]} is not a square of the board: squares run from a1 to f6")
    return sq


@functools.lru_cache(maxsize=4096)
def format_board(stacks: tuple[str, ...]) -> str:
    """The canonical board field: ranks 6→1, maximal empty runs merged (KO-9.2).

    Cached: a game's JSON writes its whole repetition history, mostly the same boards again.
    """
    ranks = []
    for r in range(SIZE - 1, -1, -1):
        tokens: list[str] = []
        empty = 0
        for f in range(SIZE):
            stack = stacks[r * SIZE + f]
            if stack:
                if empty:
                    tokens.append(str(empty))
                    empty = 0
                tokens.append(stack)
            else:
                empty += 1
        if empty:
            tokens.append(str(empty))
        ranks.append(",".join(tokens))
    return "/".join(ranks)


@functools.lru_cache(maxsize=4096)
def parse_board(text: str) -> tuple[str, ...]:
    """Read the board field (tolerant: lowercase, split empty runs), rejecting what KO-9.2 rejects.

    Cached (pure, text in, tuple out): loading JSON re-reads every board of the history.
    """
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise PositionError(f"the board needs 6 ranks separated by '/', found {len(ranks)}")
    stacks: list[str] = [""] * CELLS
    for i, rank_text in enumerate(ranks):
        r = SIZE - 1 - i
        rank_no = r + 1
        f = 0
        for token in rank_text.split(","):
            if _TOKEN_DIGITS.fullmatch(token):
                if len(token) > 2 or int(token) == 0:
                    raise PositionError(f"rank {rank_no}: {token!r} is not a count of 1 to 6 empty squares")
                n = int(token)
                if f + n > SIZE:
                    raise PositionError(f"rank {rank_no} covers more than 6 squares")
                f += n
            elif _TOKEN_STACK.fullmatch(token):
                if len(token) > 3:
                    raise PositionError(f"rank {rank_no}: stack {token!r} is higher than 3 (KO-2.2)")
                if f >= SIZE:
                    raise PositionError(f"rank {rank_no} covers more than 6 squares")
                stacks[r * SIZE + f] = token.upper()
                f += 1
            else:
                raise PositionError(
                    f"rank {rank_no}: bad token {token!r} (a stack of 1-3 letters C/P or a number of empty squares)"
                )
        if f != SIZE:
            raise PositionError(f"rank {rank_no} covers {f} squares, not 6")
    for letter, animal in zip(PIECE, ANIMALS):
        count = sum(stack.count(letter) for stack in stacks)
        if count > 6:
            raise PositionError(f"{count} {animal} pieces on the board; each side has only 6 (KO-1.2)")
    return tuple(stacks)


def _parse_side(text: str) -> int:
    side = text.strip().lower()
    if side not in SIDE_LETTER:
        raise PositionError(f"side to move must be c or p, not {text!r}")
    return SIDE_LETTER.index(side)


# ---- state -------------------------------------------------------------------------------------------

#: a repetition key: (board, side to move) — KO-7.1 compares only these
Key = tuple[tuple[str, ...], int]


@dataclass(frozen=True)
class KonaState:
    """An immutable Kona game state; ``end``/``moves`` are derived (see ``_make_state``)."""

    stacks: tuple[str, ...]
    side: int
    plies: int
    last: int | None
    origin: int | None  # source of the last move when played through apply (highlight only)
    history: tuple[Key, ...]  # KO-7.3: every (board, side) since the first position, current last
    repetition_draw: bool = True
    move_limit: int = 200
    end: tuple[int | None, str] | None = field(default=None, compare=False, repr=False)
    moves: tuple[KonaMove, ...] = field(default=(), compare=False, repr=False)
    tops: tuple[int, int, int] = field(default=(0, 0, 0), compare=False, repr=False)

    @property
    def players(self) -> int:
        return 2


class KonaView(GameView):
    """What ``KonaEngine.view`` gives every viewer (KO-8.1), besides ``GameView``'s keys.

    ``position`` is the KO-9.2 position; ``last_move`` is ``a6-d3``, or None when the origin is
    unknown (a loaded position); ``highlight`` is ``[origin, destination]``, ``[destination]`` or
    ``[]``.
    """

    #: 6 lists (rank 6 first, down to rank 1) of 6 stacks (file a→f), each written bottom→top like
    #: "CPC" (KO-2.2), "" for an empty square
    board: list[list[str]]
    #: the side to move, "c" or "p" (even when the game is over)
    side: str
    #: where the last move landed (KO-9.2), or None
    last: str | None
    #: every maximal run of 3+ equal tops (KO-6.1), as square names; empty unless a line ended the game
    lines: list[list[str]]
    #: the owner ("c" or "p") of each entry of ``lines``
    line_owners: list[str]
    #: the seats' animals: ["capybara", "poodle"]
    seats: list[str]


def _make_state(
    stacks: tuple[str, ...],
    side: int,
    plies: int,
    last: int | None,
    origin: int | None,
    history: tuple[Key, ...],
    repetition_draw: bool,
    move_limit: int,
    tops: tuple[int, int, int] | None = None,
) -> KonaState:
    """Build a state and judge it as if the side not to move had just moved (KO-3.2, KO-9.5)."""
    cm, pm, full = tops if tops is not None else _masks(stacks)
    mover = 1 - side
    end: tuple[int | None, str] | None = None
    moves: tuple[KonaMove, ...] = ()
    c_line, p_line = has_line(cm), has_line(pm)
    if c_line or p_line:  # KO-6.2
        mine, theirs = (c_line, p_line) if mover == 0 else (p_line, c_line)
        if mine and theirs:
            end = (side, "double-line")
        elif mine:
            end = (mover, "line")
        else:
            end = (side, "exposed-line")
    else:
        found = generate(stacks, pm if side else cm, cm | pm, full, plies, last)
        if not found:  # KO-6.3
            end = (mover, "blocked")
        elif repetition_draw and history.count(history[-1]) >= 3:  # KO-7.1
            end = (None, "repetition")
        elif move_limit and plies >= move_limit:  # KO-7.2
            end = (None, "move-limit")
        else:
            found.sort(key=_RANK.__getitem__)  # KO-9.7 ASCII order
            moves = tuple(map(MOVES.__getitem__, found))
    return KonaState(
        stacks, side, plies, last, origin, history, repetition_draw, move_limit, end, moves, (cm, pm, full)
    )


class KonaEngine(Engine[KonaState, KonaMove, KonaView]):
    """Kona / Carpniches (docs/spec/kona.md)."""

    description = GameDescription(
        name="kona",
        rule_prefix="KO",
        aliases=("carpniches",),
        title="Kona",
        min_players=2,
        max_players=2,
        options={
            "repetition_draw": Option(
                "repetition_draw", True, help="house rule KO-7.1: third occurrence of a position is a draw"
            ),
            "move_limit": Option(
                "move_limit", 200, help="house rule KO-7.2: draw at this many plies (0 = off)", min=0
            ),
        },
        # KO-6 wins, KO-7 draws (the reasons of ``KonaState.end``)
        outcome_reasons=("line", "double-line", "exposed-line", "blocked", "repetition", "move-limit"),
        draw_offers=True,
        seat_marks=("C", "P"),
        colour_names=ANIMALS,
        max_plies_hard=10_000,  # issue 15, defect 12: far past the default move limit of 200
    )

    # ---- construction ---------------------------------------------------------------------------
    def _options(self, options: Mapping[str, Any] | None) -> tuple[bool, int]:
        resolved = self.resolve_options(options)
        if resolved["move_limit"] < 0:
            raise OptionError("option move_limit takes 0 (off) or a positive number of plies")
        return resolved["repetition_draw"], resolved["move_limit"]

    def new_game(
        self, players: int = 2, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> KonaState:
        """The KO-2.3 start; the seed is ignored (KO-8.1: no setup randomness)."""
        if players != 2:
            raise OptionError(f"Kona is played by exactly 2 players, not {players}")
        return self.from_position(START, options)

    @reads_position
    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> KonaState:
        """Load a KO-9.2 position; its repetition history is that position alone (KO-7.3)."""
        repetition_draw, move_limit = self._options(options)
        stacks, side, plies, last = self._parse_position(text)
        key = (stacks, side)
        return _make_state(stacks, side, plies, last, None, (key,), repetition_draw, move_limit)

    @staticmethod
    def _parse_position(text: str) -> tuple[tuple[str, ...], int, int, int | None]:
        if not isinstance(text, str):
            raise PositionError("a position must be text")
        fields = text.split()
        if len(fields) != 4:
            raise PositionError(
                f"a position has 4 fields '<board> <side> <plies> <last>' (KO-9.2), found {len(fields)}"
            )
        board_text, side_text, plies_text, last_text = fields
        stacks = parse_board(board_text)
        side = _parse_side(side_text)
        if not _TOKEN_DIGITS.fullmatch(plies_text) or len(plies_text) > 9:
            raise PositionError(f"plies must be a whole number of plies played, at most 9 digits, not {plies_text!r}")
        plies = int(plies_text)
        if last_text == "-":
            last = None
        else:
            last = _square(last_text, "last", PositionError)
            if plies == 0:
                raise PositionError("last must be '-' when no ply has been played (KO-9.2)")
        return stacks, side, plies, last

    def to_position(self, state: KonaState) -> str:
        last = "-" if state.last is None else NAMES[state.last]
        return f"{format_board(state.stacks)} {SIDE_LETTER[state.side]} {state.plies} {last}"

    # ---- play -------------------------------------------------------------------------------------
    def to_move(self, state: KonaState) -> int | None:
        return None if state.end is not None else state.side

    def legal_moves(self, state: KonaState, seat: int | None = None) -> list[KonaMove]:
        if seat is not None and seat != state.side:
            return []
        return list(state.moves)  # empty once the game is over (KO-9.5)

    def parse_move(self, state: KonaState, text: str) -> KonaMove:
        """Read ``a6-d3`` ignoring case and spaces, hyphen optional (KO-9.3)."""
        if not isinstance(text, str):
            raise InvalidMoveError("a move must be text like a6-d3", code="not_text")
        match = _MOVE_RE.fullmatch(text.strip().lower())
        if match is None:
            raise InvalidMoveError("KO-9.3: a move is two squares, from and to, joined by a hyphen: a6-d3",
                                   code="notation")
        src_f, src_r, dst_f, dst_r = match.groups()
        src, dst = SQUARE_OF.get(src_f + src_r), SQUARE_OF.get(dst_f + dst_r)
        for sq, text in ((src, src_f + src_r), (dst, dst_f + dst_r)):
            if sq is None:  # the words of _square, with the code the tables layer says them by
                raise InvalidMoveError(f"{text[:12]} is not a square of the board: squares run from a1 to f6",
                                       code="not_square", facts={"square": text[:12]})
        assert src is not None and dst is not None
        return MOVES[src * CELLS + dst]

    def format_move(self, state: KonaState | None, move: KonaMove) -> str:
        src, dst = self._check_move(move)
        return f"{NAMES[src]}-{NAMES[dst]}"

    def view_words(self, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The picture in words: every occupied square in reading order (rank 6 to 1, file a to f, as drawn),
        a single piece by its animal (``single``), a stack (KO-2.2) by its height and its pieces from the top
        (``stack``: the top one moves, as far as the height, KO-4.3); then each line of three or more equal
        tops the picture marks at the end (``line_capybara``, ``line_poodle``, KO-6.1).  Nothing is hidden in
        Kona (KO-8.1): every viewer's words are the same.  First who plays which animal (``sides``, KO-1.1), as
        the picture's title strip says it."""
        said: list[tuple[str, dict[str, Any]]] = [("sides", {"capybara_seat": 0, "poodle_seat": 1})]
        for rank, row in zip(range(SIZE, 0, -1), view.get("board") or [], strict=False):
            for file, stack in zip(FILES, row, strict=False):
                animals = [ANIMALS[SIDE_LETTER.index(p)] for p in str(stack).lower() if p in SIDE_LETTER]
                if len(animals) == 1:
                    said.append(("single", {"square": f"{file}{rank}", "animal_term": animals[0]}))
                elif animals:
                    said.append(("stack", {"square": f"{file}{rank}", "height": len(animals),
                                           "pieces_terms": animals[::-1]}))
        for squares, owner in zip(view.get("lines") or [], view.get("line_owners") or [], strict=False):
            animal = ANIMALS[SIDE_LETTER.index(str(owner).lower())] if str(owner).lower() in SIDE_LETTER else None
            if animal is not None:
                said.append((f"line_{animal}", {"squares": ", ".join(str(sq) for sq in squares)}))
        return said

    def move_words(self, state: KonaState, move: KonaMove) -> tuple[str, dict[str, Any]]:
        """A move told in words (everything is public, KO-8.1): the squares it leaves and lands on (KO-4.1),
        what it climbs onto (``under_term``, the animal on top there, and the new ``height``, KO-4.5) and
        what it uncovers behind it (``uncovered_term``: the piece now on top where it was, which may make a
        line, KO-6.2).  The code says which of those there are: ``move``, ``move_onto``, ``move_uncover``,
        ``move_onto_uncover``."""
        src, dst = self._check_move(move)
        facts: dict[str, Any] = {"origin": NAMES[src], "landing": NAMES[dst]}
        code = "move"
        under, left = state.stacks[dst], state.stacks[src][:-1]
        if under:
            code += "_onto"
            facts["under_term"] = ANIMALS[PIECE.index(under[-1])]
            facts["height"] = len(under) + 1
        if left:
            code += "_uncover"
            facts["uncovered_term"] = ANIMALS[PIECE.index(left[-1])]
        return code, facts

    def group_words(self, codes: Sequence[str], shared: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """Moves from one square (the picker's ``a6-…``, KO-4.1): where from, and what leaving it uncovers
        (KO-6.2: the piece left on top may make a line); a group from several squares is not told."""
        if "origin" not in shared:
            return None
        if "uncovered_term" in shared:
            return "from_uncover", {"origin": shared["origin"], "uncovered_term": shared["uncovered_term"]}
        return "from", {"origin": shared["origin"]}

    @staticmethod
    def _check_move(move: Any) -> tuple[int, int]:
        if (
            not isinstance(move, tuple)
            or len(move) != 2
            or not all(type(x) is int and 0 <= x < CELLS for x in move)
        ):
            raise InvalidMoveError(f"{move!r} is not a Kona move", code="not_a_move", facts={"move": repr(move)})
        return move[0], move[1]

    def apply(self, state: KonaState, move: KonaMove) -> KonaState:
        """Move the top piece (KO-9.4) and judge the new position (KO-3.2)."""
        src, dst = self._check_move(move)
        if state.end is not None:
            raise IllegalMoveError(f"the game is over: {self.outcome_text(state)}", code="any.over")
        if MOVES[src * CELLS + dst] not in state.moves:
            raise self._why_illegal(state, src, dst)
        stacks = list(state.stacks)
        piece = stacks[src][-1]
        stacks[src] = stacks[src][:-1]
        stacks[dst] += piece
        new = tuple(stacks)
        cm, pm, full = state.tops
        sbit, dbit = 1 << src, 1 << dst
        if state.side == 0:
            cm, pm = (cm & ~sbit) | dbit, pm & ~dbit
        else:
            pm, cm = (pm & ~sbit) | dbit, cm & ~dbit
        if new[src]:
            if new[src][-1] == "C":
                cm |= sbit
            else:
                pm |= sbit
        full &= ~sbit
        if len(new[dst]) == 3:
            full |= dbit
        side = 1 - state.side
        # KO-7.3: the history serves the repetition draw only (issue 15, defect 12: without it a long
        # game's state and snapshot would grow with every ply)
        history = (*state.history, (new, side)) if state.repetition_draw else ((new, side),)
        return _make_state(
            new, side, state.plies + 1, dst, src, history, state.repetition_draw, state.move_limit, (cm, pm, full)
        )

    def _why_illegal(self, state: KonaState, src: int, dst: int) -> IllegalMoveError:
        """A reason a player can read, naming the rule broken, with its code and facts (issue 28, item 4)."""
        stacks = state.stacks
        animal = ANIMALS[state.side]
        a, b = NAMES[src], NAMES[dst]
        if not stacks[src]:
            return IllegalMoveError(f"KO-4.1: there is no piece on {a}", code="no_piece", facts={"square": a})
        if stacks[src][-1] != PIECE[state.side]:
            other = ANIMALS[1 - state.side]
            return IllegalMoveError(f"KO-4.1: the top piece on {a} is a {other}; {animal} moves only its own tops",
                                    code="not_own_top", facts={"square": a, "other": other, "mover": animal})
        if src == dst:
            return IllegalMoveError("KO-4.2: the piece must move to another square", code="same_square")
        df = dst % SIZE - src % SIZE
        dr = dst // SIZE - src // SIZE
        if df and dr and abs(df) != abs(dr):
            return IllegalMoveError(f"KO-4.2: {a}-{b} is not a straight line (orthogonal or diagonal)", code="not_line",
                                    facts={"src": a, "dst": b})
        dist = max(abs(df), abs(dr))
        height = len(stacks[src])
        if state.plies < 2:
            if dist > 3:
                return IllegalMoveError(f"KO-5.1: in the opening a piece moves 1, 2 or 3 squares, not {dist}",
                                        code="opening_distance", facts={"distance": dist})
        elif dist != height:
            plural = "s" * (height > 1)
            return IllegalMoveError(f"KO-4.3: the top of a {height}-stack moves exactly {height} square{plural}, "
                                    f"not {dist}", code="stack_distance" if height > 1 else "stack_distance_one",
                                    facts={"height": height, "distance": dist})
        step_f = (df > 0) - (df < 0)
        step_r = (dr > 0) - (dr < 0)
        for i in range(1, dist):
            sq = src + i * (step_r * SIZE + step_f)
            if stacks[sq]:
                return IllegalMoveError(f"KO-4.4: a piece may not pass over another ({NAMES[sq]} is in the way)",
                                        code="pass_over", facts={"square": NAMES[sq]})
        if len(stacks[dst]) >= 3:
            return IllegalMoveError(f"KO-4.5: {b} already holds 3 pieces", code="full", facts={"square": b})
        if state.plies == 1 and dst == state.last:
            return IllegalMoveError(f"KO-5.2: on ply 2 no piece may land on {b}, where the previous move landed",
                                    code="ply2_landing", facts={"square": b})
        return IllegalMoveError(f"{a}-{b} is not a legal move here", code="not_legal", facts={"src": a, "dst": b})

    # ---- results ----------------------------------------------------------------------------------
    def outcome(self, state: KonaState) -> Outcome | None:
        """KO-9.6 text; seat 0 capybara, seat 1 poodle; placements 1 = winner, 2 = loser."""
        if state.end is None:
            return None
        winner, reason = state.end
        if winner is None:
            return Outcome(winners=(), reason=reason, text=f"draw ({reason})", draw=True, placements=(1, 1),
                           extra={"plies": state.plies})
        placements = (1, 2) if winner == 0 else (2, 1)
        # facts for the players' sentence: the winner's animal and, for a line, its squares (KO-6.1)
        extra: dict[str, Any] = {"side": ANIMALS[winner], "plies": state.plies}
        owned = [run for top, run in _lines(state.stacks) if top == ANIMALS[winner][0]]
        if owned and reason in ("line", "exposed-line"):
            extra["line"] = "-".join(NAMES[sq] for sq in sorted(owned[0], key=lambda q: (q % SIZE, q // SIZE)))
        return Outcome(
            winners=(winner,), reason=reason, text=f"{ANIMALS[winner]} wins ({reason})", placements=placements,
            extra=extra,
        )

    def view(self, state: KonaState, viewer: int | None) -> KonaView:
        """Everything is public (KO-8.1): the same dict for every viewer apart from ``viewer``."""
        result = self.outcome(state)
        lines = _lines(state.stacks) if result is not None else []
        if state.origin is not None and state.last is not None:
            last_move: str | None = f"{NAMES[state.origin]}-{NAMES[state.last]}"
            highlight = [NAMES[state.origin], NAMES[state.last]]
        else:
            last_move = None
            highlight = [] if state.last is None else [NAMES[state.last]]
        to_move = self.to_move(state)
        return {
            "game": self.name,
            "viewer": viewer,
            "players": 2,
            "to_move": to_move,
            "actors": [] if to_move is None else [to_move],
            "ply": state.plies,
            "position": self.view_notation(state, viewer),
            "last_move": last_move,
            "highlight": highlight,
            "outcome": None if result is None else result.text,
            "winners": [] if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "board": [[state.stacks[r * SIZE + f] for f in range(SIZE)] for r in range(SIZE - 1, -1, -1)],
            "side": SIDE_LETTER[state.side],
            "last": None if state.last is None else NAMES[state.last],
            "lines": [[NAMES[sq] for sq in run] for _, run in lines],
            "line_owners": [owner for owner, _ in lines],
            "seats": list(ANIMALS),
        }

    # ---- JSON --------------------------------------------------------------------------------------
    def to_json(self, state: KonaState) -> dict[str, Any]:
        """Position, highlight origin, options and the repetition history (KO-7.3) in order."""
        return {
            "game": self.name,
            "position": self.to_position(state),
            "origin": None if state.origin is None else NAMES[state.origin],
            "history": [f"{format_board(b)} {SIDE_LETTER[s]}" for b, s in state.history],
            "options": {"repetition_draw": state.repetition_draw, "move_limit": state.move_limit},
        }

    def from_json(self, data: Mapping[str, Any]) -> KonaState:
        if not isinstance(data, Mapping):
            raise PositionError("a Kona state must be a JSON object")
        try:
            position = data["position"]
            origin_text = data.get("origin")
            history_text = data["history"]
            options = data.get("options") or {}
        except (KeyError, TypeError) as exc:
            raise PositionError(f"a Kona state needs position and history ({exc})") from None
        if data.get("game", "kona") not in ("kona", "carpniches"):
            raise PositionError(f"this snapshot is of {data.get('game')!r}, not kona")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise PositionError("options must be a JSON object")
        try:
            repetition_draw, move_limit = self._options(options)
        except OptionError as exc:
            raise PositionError(str(exc)) from None
        stacks, side, plies, last = self._parse_position(position)
        if origin_text is None:
            origin = None
        elif isinstance(origin_text, str):
            origin = _square(origin_text, "origin", PositionError)
        else:
            raise PositionError("origin must be a square or null")
        if not isinstance(history_text, list) or not history_text:
            raise PositionError("history must be a non-empty list of '<board> <side>' entries")
        history: list[Key] = []
        for entry in history_text:
            if not isinstance(entry, str) or len(entry.split()) != 2:
                raise PositionError(f"history entry {entry!r} is not '<board> <side>'")
            board_text, side_text = entry.split()
            history.append((parse_board(board_text), _parse_side(side_text)))
        if history[-1] != (stacks, side):
            raise PositionError("the history must end with the current position")
        return _make_state(stacks, side, plies, last, origin, tuple(history), repetition_draw, move_limit)

    # ---- perft (KO-9.7) ----------------------------------------------------------------------------
    def perft(self, state: KonaState, depth: int) -> int:
        """Count move sequences of ``depth`` plies with every rule (house rules included).

        Inner nodes are played on a private mutable board (make/unmake) and judged exactly as
        ``_make_state`` judges a state: lines, blocked, repetition along the path from the root
        (starting from ``state.history``), move limit, and the opening rule.  The last ply is
        counted without being played (bulk counting).
        """
        if depth <= 0:
            return 1
        if state.end is not None:
            return 0
        if depth == 1:
            return len(state.moves)
        return _fast_perft(state, depth)


def _fast_perft(state: KonaState, depth: int) -> int:
    cm, pm, full = state.tops
    return _PerftWalk(state).node(state.side, state.plies, state.last, cm, pm, full, depth)


class _PerftWalk:
    """One bulk-counting perft (``KonaEngine.perft``): a private mutable board walked by make/unmake.

    ``stk`` is the board's stacks, ``counts`` the positions on the path from the root with their
    occurrences (KO-7.1) and ``twice`` how many of them occurred twice already.  Moves come from the
    shared ``generate`` and the last ply's are counted by ``count_moves`` (cached here), so the moving
    rules are the engine's own; what is written here is the make/unmake and the end checks (KO-6,
    KO-7), which the tests prove equal to ``legal_moves`` + ``apply``.  The hot loops copy what they
    use into locals first.
    """

    __slots__ = ("counts", "limit", "memo", "rep", "stk", "twice")

    def __init__(self, state: KonaState) -> None:
        self.stk = list(state.stacks)
        self.counts: dict[Key, int] = {}
        for key in state.history:
            self.counts[key] = self.counts.get(key, 0) + 1
        self.rep = state.repetition_draw
        # keys seen twice on the path: only then can a child be a third occurrence (KO-7.1)
        self.twice = sum(1 for n in self.counts.values() if n >= 2)
        self.limit = state.move_limit
        # ``count_moves`` of a step table depends only on ``word & STEP_REACH[index]``: memoised on it
        self.memo: list[dict[int, int]] = [{} for _ in STEP_REACH]

    def frontier(self, side: int, plies: int, last: int | None, cm: int, pm: int, full: int) -> int:
        """Sum over this node's moves of the number of replies (bulk counting of the last ply)."""
        stk, counts, memo = self.stk, self.counts, self.memo
        repeats = self.rep and self.twice
        reach, count = STEP_REACH, count_moves
        le3, ge2 = _FILE_LE3_BOTH, _FILE_GE2_BOTH
        other = 1 - side
        replier = PIECE[other]
        child = plies + 1
        total = 0
        # the replier's tops keep their stacks whatever this node's move, except one it covers (its
        # destination) and one it uncovers (under its source): (square, step table) of each
        theirs_mask = pm if other else cm
        theirs = [(sq, step_index(sq, len(stk[sq]), child)) for sq in range(CELLS) if theirs_mask >> sq & 1]
        for code in generate(stk, pm if side else cm, cm | pm, full, plies, last):
            src, dst = divmod(code, CELLS)
            sbit = 1 << src
            dbit = 1 << dst
            if side:
                npm = (pm & ~sbit) | dbit
                ncm = cm & ~dbit
            else:
                ncm = (cm & ~sbit) | dbit
                npm = pm & ~dbit
            from_stack = stk[src]
            left = len(from_stack) - 1
            uncovered = from_stack[left - 1] if left else ""
            if uncovered == "C":
                ncm |= sbit
            elif uncovered:
                npm |= sbit
            nfull = full & ~sbit
            if len(stk[dst]) == 2:
                nfull |= dbit
            # KO-6.1/6.2: any line ends the game, whoever owns it (poodle tops 64 bits higher)
            both = ncm | (npm << 64)
            if (
                (both & (both >> 1) & (both >> 2) & le3)
                | (both & (both >> 6) & (both >> 12))
                | (both & (both >> 7) & (both >> 14) & le3)
                | (both & (both >> 5) & (both >> 10) & ge2)
            ):
                continue
            if repeats:
                to_stack = stk[dst]
                stk[src], stk[dst] = from_stack[:-1], to_stack + from_stack[-1]
                third = counts.get((tuple(stk), other), 0) >= 2
                stk[src], stk[dst] = from_stack, to_stack
                if third:
                    continue
            # the replies; KO-6.3: a blocked child contributes 0, which is its number of moves
            word = move_word(ncm | npm, nfull, child, dst)
            sources = [*theirs, (src, step_index(src, left, child))] if uncovered == replier else theirs
            for sq, index in sources:
                if sq == dst:
                    continue
                key = word & reach[index]
                table = memo[index]
                found = table.get(key)
                if found is None:
                    found = table[key] = count(index, key)
                total += found
        return total

    def node(self, side: int, plies: int, last: int | None, cm: int, pm: int, full: int, depth: int) -> int:
        """Sequences of ``depth`` >= 2 plies from a position known not to be over."""
        nplies = plies + 1
        if self.limit and nplies >= self.limit:
            return 0  # KO-7.2: every child is drawn, so no sequence continues past it
        if depth == 2:
            return self.frontier(side, plies, last, cm, pm, full)
        stk, counts, rep = self.stk, self.counts, self.rep
        piece = PIECE[side]
        other = 1 - side
        total = 0
        for code in generate(stk, pm if side else cm, cm | pm, full, plies, last):
            src, dst = divmod(code, CELLS)
            from_stack = stk[src]
            to_stack = stk[dst]
            left = from_stack[:-1]
            stk[src] = left
            stk[dst] = to_stack + piece
            sbit = 1 << src
            dbit = 1 << dst
            if side:
                npm = (pm & ~sbit) | dbit
                ncm = cm & ~dbit
            else:
                ncm = (cm & ~sbit) | dbit
                npm = pm & ~dbit
            if left:
                if left[-1] == "C":
                    ncm |= sbit
                else:
                    npm |= sbit
            nfull = full & ~sbit
            if len(to_stack) == 2:
                nfull |= dbit
            if not (has_line(ncm) or has_line(npm)):  # KO-6.2
                key = (tuple(stk), other)
                seen = counts.get(key, 0)
                if not (rep and seen >= 2):  # KO-7.1: this would be the third occurrence
                    counts[key] = seen + 1
                    self.twice += seen == 1
                    # a child without moves (KO-6.3) returns 0 from its own generation
                    total += self.node(other, nplies, dst, ncm, npm, nfull, depth - 1)
                    self.twice -= seen == 1
                    counts[key] = seen
            stk[src] = from_stack
            stk[dst] = to_stack
        return total


ENGINE = KonaEngine()
