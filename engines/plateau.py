"""Plateau: stacks of two-faced disks with hidden faces on a 4x4 board (docs/spec/plateau.md).

Representation.  A square is ``sq = (rank - 1) * 4 + file`` (``a1`` = 0, ``d4`` = 15).  A piece
is a small int: bit 0 owner (0 Black, 1 White), bits 1-2 the up face, bits 3-4 the down face
(``r b o x`` = 0 1 2 3), bit 5 "up face public", bit 6 "down face public" (the case marking of
PL-10.1).  Every lookup on a piece is a precomputed 128-entry table.  A stack is a tuple of pieces
bottom→top and the board a 16-tuple of stacks, so a move rebuilds only the squares it touches.
Reserves and prisoners are 7-tuples of counts in the canonical type order ``rb ox rx bx rr bb xx``.

Knowledge (PL-9).  A player knows both faces of their own pieces and every public face; so the
public bits *are* the knowledge model, and the reveal events of PL-9.3 are the only places that
set them.  They are never cleared on the board; a piece going back to a reserve by an exchange
(PL-7.3) leaves the board as a type count, which is how it is "hidden again".

Move generation.  Moves from a stack depend only on a small code per square (empty, enemy-topped,
or the size and marker pattern of an own top unit), so they are generated from those codes, split
into buckets (flip, path, k) whose sizes have a closed form, and memoised (pure memos, bounded in
size).  ``tests/test_plateau_engine.py`` checks the generator against a plain reference generator
written straight from PL-5, and perft 3 (232,225,980) holds.

Random playouts (the speed a search player needs).  One memo per player maps a stack to its *fact*
(its code, the top piece's faces, and its number of onboard places), so a position costs 16 dict
lookups.  An origin's *recipe* (keyed by origin and fact) lists its paths, each with a count table
keyed by the codes along the path; so the moves from an origin are counted with C-level ``map``
calls over dict lookups, and only the drawn (path, k) part is ever built.  ``random_move`` counts
every move this way and draws one index: exactly uniform over the legal moves without listing them.
``playout_move`` is the cheaper policy for simulations (a random source first: onboarding, one own
stack, or tendering; then a uniform move of it), legal but not uniform.  ``apply`` checks every
move (it is also the referee of typed moves) on a lean path, and judges PL-8.6 in one pass.

State.  ``PlateauState`` (a NamedTuple: cheap to build on the hot path) holds the position fields
of PL-10.1, the outcome text ("" while the game goes on), the repetition history (PL-8.3: the key of
every position since the game's first or loaded position) with its ``marks`` (two bit sets over
1,024 hash buckets: those hit once, and those hit twice or more, so the history is searched only
when a third occurrence is possible), the options, and the last move in its public form (PL-9.5)
with the squares it touched.

View (``view(state, viewer)``; ``viewer`` a seat or None for a spectator): a ``PlateauView``, its
keys documented where it is defined.  After the game ends every view shows the full position (PL-8.6, PL-9.4).
"""

from __future__ import annotations

import itertools
import random
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import accumulate, compress, repeat
from operator import call, getitem, itemgetter, lshift
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple, TypedDict

from engines.base import (
    Engine,
    GameDescription,
    GameView,
    HiddenSeatError,
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    Option,
    OptionError,
    Outcome,
    PositionError,
    PrivateInfo,
    reads_position,
    shared_facts,
)

# ---- faces, types, pieces (PL-1.2) -------------------------------------------------------------
RED, BLUE, ORANGE, BLANK = 0, 1, 2, 3
FACE_CHARS = "rbox"
FACE_OF = {c: i for i, c in enumerate(FACE_CHARS)}
TYPE_CODES = ("rb", "ox", "rx", "bx", "rr", "bb", "xx")
TYPE_NAMES = ("Ace", "Twister", "Red Mask", "Blue Mask", "Red", "Blue", "Mute")
TYPE_VALUES = (21, 15, 10, 8, 5, 4, 1)
FULL_SET = (1, 1, 1, 1, 2, 2, 4)
TYPE_INDEX = {code: i for i, code in enumerate(TYPE_CODES)}
#: (face, face) in either order -> type index
TYPE_OF_FACES: dict[tuple[int, int], int] = {}
for _t, _code in enumerate(TYPE_CODES):
    _a, _b = FACE_OF[_code[0]], FACE_OF[_code[1]]
    TYPE_OF_FACES[(_a, _b)] = _t
    TYPE_OF_FACES[(_b, _a)] = _t

#: a "choice" is a face pair written up face then down face (PL-10.4): 11 of them
CHOICES: tuple[str, ...] = ("rb", "br", "ox", "xo", "rx", "xr", "bx", "xb", "rr", "bb", "xx")
CHOICE_TYPE = {c: TYPE_OF_FACES[(FACE_OF[c[0]], FACE_OF[c[1]])] for c in CHOICES}

OWNER_LETTERS = "BW"
PHASE_OPEN, PHASE_TURN, PHASE_REPLY, PHASE_REFUSED = 0, 1, 2, 3
PHASE_NAMES = ("open", "turn", "reply", "refused")
#: a face's word for ``move_words`` (``term.plateau.<word>``)
_FACE_TERMS = {"r": "red", "b": "blue", "o": "orange", "x": "blank"}

UP_PUB = 32
DOWN_PUB = 64


def make_piece(owner: int, up: int, down: int, up_public: bool = False, down_public: bool = False) -> int:
    """The int code of a piece (see the module docstring)."""
    return owner | up << 1 | down << 3 | (UP_PUB if up_public else 0) | (DOWN_PUB if down_public else 0)


P_UP = tuple((p >> 1) & 3 for p in range(128))
P_DOWN = tuple((p >> 3) & 3 for p in range(128))
P_TYPE = tuple(TYPE_OF_FACES.get((P_UP[p], P_DOWN[p]), -1) for p in range(128))
#: PL-9.3 (c): a flip swaps the faces and makes both public
P_FLIP = tuple((p & 1) | P_DOWN[p] << 1 | P_UP[p] << 3 | UP_PUB | DOWN_PUB for p in range(128))
#: PL-5.3: the face sets the direction; a "marker" is a coloured face
P_MARKER = tuple(P_UP[p] != BLANK for p in range(128))

# ---- geometry (PL-1.1) ------------------------------------------------------------------------
FILES = "abcd"
NAMES: tuple[str, ...] = tuple(f"{FILES[sq % 4]}{sq // 4 + 1}" for sq in range(16))
SQUARE_OF = {name: sq for sq, name in enumerate(NAMES)}
PERIMETER = tuple(sq for sq in range(16) if sq % 4 in (0, 3) or sq // 4 in (0, 3))
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))  # 0-3 orthogonal


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = sq % 4 + df, sq // 4 + dr
    out = []
    while 0 <= f < 4 and 0 <= r < 4:
        out.append(r * 4 + f)
        f, r = f + df, r + dr
    return tuple(out)


RAYS = tuple(tuple(_ray(sq, df, dr) for df, dr in DIRECTIONS) for sq in range(16))
RAYS_BY_FACE = tuple(
    (
        tuple(r for r in RAYS[sq][:4] if r),  # red: orthogonal
        tuple(r for r in RAYS[sq][4:] if r),  # blue: diagonal
        (),  # orange: PL-5.7, handled apart
        tuple(r for r in RAYS[sq] if r),  # blank: either
    )
    for sq in range(16)
)
#: LINE[origin][dest] = (direction index, distance) when dest lies on a line from origin
LINE: tuple[dict[int, tuple[int, int]], ...] = tuple(
    {s: (d, i + 1) for d, ray in enumerate(RAYS[sq]) for i, s in enumerate(ray)} for sq in range(16)
)


def _knights(sq: int) -> tuple[tuple[int, int], ...]:
    """PL-5.7: (M, F) pairs: one orthogonal step to M, then one diagonal step away to F."""
    f, r = sq % 4, sq // 4
    out = []
    for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
        if not (0 <= f + df < 4 and 0 <= r + dr < 4):
            continue
        sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        mid = (r + sr) * 4 + f if abs(dr) == 2 else r * 4 + f + sf
        out.append((mid, (r + dr) * 4 + f + df))
    return tuple(out)


KNIGHT = tuple(_knights(sq) for sq in range(16))
KNIGHT_MID = tuple({fin: mid for mid, fin in KNIGHT[sq]} for sq in range(16))

# ---- moves (PL-10.4) ---------------------------------------------------------------------------
# A move is a named tuple of its kind (hashable, cheap), its first field the kind's number: so a
# move compares and hashes as the plain tuple of its fields, the kinds never compare equal to each
# other (a tender and a return of the same prisoners differ), and ``move[0]`` tells the kind (mypy
# narrows ``PlateauMove`` on it).  Squares are 0-15 (``NAMES``), a face pair is up face then down
# face (``CHOICES``), a type list is 7 counts in ``TYPE_CODES`` order.
K_OPEN: Final = 0
K_ONBOARD: Final = 1
K_MOVE: Final = 2
K_STOMP: Final = 3
K_TENDER: Final = 4
K_RETURN: Final = 5
K_REFUSE: Final = 6
K_PASS: Final = 7


class OpeningMove(NamedTuple):
    """PL-2.2 ``+xx.rb@a1``: two reserve pieces as a stack on an empty perimeter square."""

    kind: Literal[0]  # K_OPEN
    square: int
    bottom: str
    top: str


class OnboardMove(NamedTuple):
    """PL-4.1 ``+xr@c2``, ``+rr@c2:0``: a reserve piece into a stack (the level always explicit here)."""

    kind: Literal[1]  # K_ONBOARD
    square: int
    level: int
    pair: str


class StackMove(NamedTuple):
    """PL-5 ``*a1:2-b2:1-c3``: flip first or not, lift ``lifted`` (k) pieces at ``origin``, go on with
    j pieces at each ``(square, j)`` stop, land on ``dest``."""

    kind: Literal[2]  # K_MOVE
    flip: bool
    origin: int
    lifted: int
    stops: tuple[tuple[int, int], ...]
    dest: int


class StompMove(NamedTuple):
    """PL-5.8 ``a2!``, ``*c3!``: the top unit captures in its own stack (flipped first or not)."""

    kind: Literal[3]  # K_STOMP
    flip: bool
    square: int


class TenderMove(NamedTuple):
    """PL-7.1 ``tender:rr.2xx``: prisoners offered in exchange."""

    kind: Literal[4]  # K_TENDER
    counts: tuple[int, ...]


class ReturnMove(NamedTuple):
    """PL-7.2 ``return:bb``: prisoners given back for a tender (the exchange is made, PL-7.3)."""

    kind: Literal[5]  # K_RETURN
    counts: tuple[int, ...]


class RefuseMove(NamedTuple):
    """PL-7.2 ``refuse``: no prisoner fits under the tender's value."""

    kind: Literal[6]  # K_REFUSE


class PassMove(NamedTuple):
    """PL-3.2 ``pass``: only when nothing else is legal."""

    kind: Literal[7]  # K_PASS


#: a Plateau move, of any kind
PlateauMove = OpeningMove | OnboardMove | StackMove | StompMove | TenderMove | ReturnMove | RefuseMove | PassMove
#: a move of a stack on the board (PL-5): what may capture (PL-6)
BoardMove = StackMove | StompMove

PASS = PassMove(K_PASS)
REFUSE = RefuseMove(K_REFUSE)
#: ``_new_move(StackMove, (K_MOVE, ...))`` is ``StackMove(K_MOVE, ...)`` without the named tuple's
#: Python-level ``__new__`` (a fraction of its cost): the move generator builds hundreds of moves a
#: listing, so it builds them this way (the fields in order, which mypy does not check here:
#: ``test_every_move_is_the_named_tuple_of_its_kind`` does)
_new_move = tuple.__new__
ZERO7 = (0, 0, 0, 0, 0, 0, 0)
# memo sizes (entries) before a memo is emptied: they bound the memory a long-running bot spends
_MEMO_LIMIT = 100_000  # small values: per-stack codes and levels, per-ray counts
_MOVES_LIMIT = 5_000  # an origin's full move list (legal_moves only)

START_POSITION = "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0"  # PL-10.2
_STARTS: dict[tuple[bool, int], Any] = {}  # (repetition_draw, max_plies) -> the start state


def format_types(counts: tuple[int, ...]) -> str:
    """A canonical type list (PL-10.1): ``rb.2rr.3xx``, ``-`` when empty."""
    parts = [(f"{n}{code}" if n > 1 else code) for code, n in zip(TYPE_CODES, counts) if n]
    return ".".join(parts) or "-"


def types_list(counts: tuple[int, ...]) -> list[str]:
    """Counts spelled out as a list of codes in canonical order (the view's shape)."""
    return [code for code, n in zip(TYPE_CODES, counts) for _ in range(n)]


def value_of(counts: tuple[int, ...]) -> int:
    return sum(v * n for v, n in zip(TYPE_VALUES, counts))


_TYPE_ITEM = re.compile(r"(\d*)([a-z]{2})")


def parse_types(text: str, error: type[Exception], allow_empty: bool = True) -> tuple[int, ...]:
    """Read a type list: codes joined by '.', optional count prefixes, any order, ``-`` = empty."""
    def fail(message: str, code: str, **facts: object) -> Exception:
        # a move's error carries its code for the tables layer (issue 28, item 4); a position's does not
        if issubclass(error, MoveError):
            return error(message, code=code, facts=facts)
        return error(message)

    if text == "-":
        if allow_empty:
            return ZERO7
        raise fail("an empty type list is not allowed here", "empty_types")
    counts = [0] * 7
    for item in text.split("."):
        m = _TYPE_ITEM.fullmatch(item)
        if not m or m.group(2) not in TYPE_INDEX:
            raise fail(f"{item!r} is not a type (types are {' '.join(TYPE_CODES)}, count first: 2xx)", "not_type",
                       item=repr(item))
        n = int(m.group(1)) if m.group(1) else 1
        if not 1 <= n <= 12:
            raise fail(f"bad count in {item!r}", "bad_count", item=repr(item))
        counts[TYPE_INDEX[m.group(2)]] += n
    return tuple(counts)


def _sub_multisets(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of ``counts``."""
    return [c for c in itertools.product(*(range(n + 1) for n in counts)) if any(c)]


@lru_cache(maxsize=4096)
def _subsets_with_values(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple((c, value_of(c)) for c in _sub_multisets(counts))


def best_under(counts: tuple[int, ...], t: int) -> int:
    """PL-7.2: m, the largest total of a subset of ``counts`` not exceeding t (0 if none)."""
    best = 0
    for _, v in _subsets_with_values(counts):
        if best < v <= t:
            best = v
    return best


@lru_cache(maxsize=4096)
def _choices_for(reserve: tuple[int, ...]) -> tuple[str, ...]:
    """PL-4.1: piece / up-face choices available from a reserve."""
    return tuple(c for c in CHOICES if reserve[CHOICE_TYPE[c]])


@lru_cache(maxsize=4096)
def _opening_pairs(reserve: tuple[int, ...]) -> tuple[tuple[str, str], ...]:
    """PL-2.2: ordered (bottom, top) choices of two reserve pieces."""
    out = []
    for a in CHOICES:
        for b in CHOICES:
            ta, tb = CHOICE_TYPE[a], CHOICE_TYPE[b]
            if reserve[ta] >= (2 if ta == tb else 1) and reserve[tb]:
                out.append((a, b))
    return tuple(out)


def _unit(stack: tuple[int, ...], owner: int) -> int:
    """PL-1.3: size of the run of ``owner``'s pieces at the top of ``stack`` (0 if enemy-topped)."""
    h = len(stack)
    n = 0
    while n < h and stack[h - 1 - n] & 1 == owner:
        n += 1
    return n


def _has_six(stack: tuple[int, ...], owner: int) -> bool:
    """PL-8.1: six consecutive pieces of ``owner`` anywhere in the stack."""
    run = 0
    for p in stack:
        if p & 1 == owner:
            run += 1
            if run >= 6:
                return True
        else:
            run = 0
    return False


def _public_faces(state: PlateauState) -> tuple[int, int]:
    """Per owner, the faces of their pieces that everybody has seen (PL-9.1): the public faces on the
    board, and both faces of each prisoner (``prisoners[P]`` holds the pieces of 1 - P)."""
    seen = [0, 0]
    for stack in state.board:
        for p in stack:
            seen[p & 1] += bool(p & UP_PUB) + bool(p & DOWN_PUB)
    for holder, counts in enumerate(state.prisoners):
        seen[1 - holder] += 2 * sum(counts)
    return seen[0], seen[1]


def _reveal_top(stack: tuple[int, ...]) -> tuple[int, ...]:
    """PL-9.3 (d): the up face of the new top piece becomes public."""
    if stack and not stack[-1] & UP_PUB:
        return (*stack[:-1], stack[-1] | UP_PUB)
    return stack


def _capture(stack: tuple[int, ...], mover: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """PL-6.1/6.2: resolve a capture on a stack whose top unit U is the mover's.

    Returns the remaining stack (order kept, reveals of PL-9.3 (e) applied) and captured pieces.
    """
    if not P_MARKER[stack[-1]]:
        return stack, ()  # a blank-topped U never captures
    h = len(stack)
    u = 1
    while u < h and stack[h - 1 - u] & 1 == mover:
        u += 1
    if u == h:
        return stack, ()  # nothing below U
    cells = list(stack)
    need = u
    taken: list[int] = []
    i = h - u - 1
    while i >= 0 and need:
        if cells[i] & 1 != mover:  # PL-6.2: capture enemies, skip own pieces
            taken.append(i)
            need -= 1
        i -= 1
    captured = tuple(cells[i] for i in taken)
    gone = set(taken)
    for i in taken:
        if i > 0 and i - 1 not in gone:
            cells[i - 1] |= UP_PUB  # PL-9.3 (e)
    return tuple(c for i, c in enumerate(cells) if i not in gone), captured


# ---- state ---------------------------------------------------------------------------------------
class PlateauState(NamedTuple):
    """An immutable Plateau position with its history (see the module docstring)."""

    board: tuple[tuple[int, ...], ...]
    side: int
    phase: int
    tender: tuple[int, ...]  # PL-7.1: T during phase reply, else ZERO7
    refused: int  # PL-7.4: t during phase refused, else 0
    reserves: tuple[tuple[int, ...], tuple[int, ...]]
    prisoners: tuple[tuple[int, ...], tuple[int, ...]]
    ply: int
    result: str  # PL-10.6 outcome text, "" while the game goes on
    history: tuple[tuple, ...]  # PL-8.3: position keys, oldest first, the current one last
    marks: tuple[int, int]  # PL-8.3: hash buckets of the history hit once, twice or more
    repetition_draw: bool
    max_plies: int
    last: str | None  # public form of the last move (PL-9.5)
    highlight: tuple[str, ...]

    @property
    def players(self) -> int:
        return 2


def _key(board, side, phase, tender, refused, reserves, prisoners) -> tuple:
    """PL-8.3: every field of the position except the ply."""
    return (board, side, phase, tender, refused, reserves, prisoners)


# ---- move generation ------------------------------------------------------------------------------
def _slot_levels(s: tuple[int, ...], p: int) -> tuple[int, ...]:
    """PL-4.1: the levels of stack ``s`` where ``p`` may onboard (level 0 on an empty square)."""
    h = len(s)
    return tuple(
        level for level in range(h + 1) if (level < h and s[level] & 1 == p) or (level > 0 and s[level - 1] & 1 == p)
    ) if s else (0,)  # fmt: skip


_LEVELS: tuple[dict[tuple[int, ...], tuple[int, ...]], dict[tuple[int, ...], tuple[int, ...]]] = ({}, {})


def _levels(board: tuple[tuple[int, ...], ...], p: int) -> list[tuple[int, ...]]:
    """_slot_levels of every square (memoised per stack)."""
    memo = _LEVELS[p]
    levels: list[Any] = list(map(memo.get, board))
    if None in levels:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        for sq, found in enumerate(levels):
            if found is None:
                levels[sq] = memo[board[sq]] = _slot_levels(board[sq], p)
    return levels


def _onboard_at(board: tuple[tuple[int, ...], ...], p: int, facts: list[int], slot: int, pair: str) -> OnboardMove:
    """The onboard of ``pair`` into the slot-th (square, level) place of ``_onboard_slots``
    (``facts``: ``_facts(board, p)``)."""
    ends = list(accumulate(map(_places_of_fact, facts)))  # places on the squares up to each one
    sq = bisect_right(ends, slot)
    s = board[sq]
    levels = _LEVELS[p].get(s)
    if levels is None:
        if len(_LEVELS[p]) > _MEMO_LIMIT:
            _LEVELS[p].clear()
        levels = _LEVELS[p][s] = _slot_levels(s, p)
    return _new_move(OnboardMove, (K_ONBOARD, sq, levels[slot - (ends[sq - 1] if sq else 0)], pair))


def _onboard_slots(board: tuple[tuple[int, ...], ...], p: int) -> list[tuple[int, int]]:
    """PL-4.1: (square, level) where ``p`` may onboard."""
    return [(sq, level) for sq, levels in enumerate(_levels(board, p)) for level in levels]


# A move depends on the stacks it passes only through a small code per square (for the player
# ``p`` who moves): 0 empty, 1 enemy-topped, or, when own-topped, 2 | u << 2 | mask << 6 where u is
# the size of the own top unit and bit i of mask says whether the piece i places below the top
# shows a marker (PL-5.5 pins look at nothing else).  A group is likewise (size, mask).  Moves are
# generated from these codes and memoised on them, and counted in closed form (random_move).


def _square_code(t: tuple[int, ...], p: int) -> int:
    if not t:
        return 0
    if t[-1] & 1 != p:
        return 1
    u = mask = 0
    for i in range(len(t) - 1, -1, -1):
        q = t[i]
        if q & 1 != p:
            break
        mask |= P_MARKER[q] << u
        u += 1
    return 2 | min(u, 15) << 2 | mask << 6


#: per player, stack -> its *fact*: (number of onboard places in it) << 32 | its origin code, where
#: the origin code is the code, plus, for an own-topped stack, the top piece's up and down faces and
#: whether pieces lie below the top unit (bits 18-22): what the moves from it depend on (``_recipe``)
_FACTS: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})
_CODE_MASK = (1 << 18) - 1  # fact & _CODE_MASK: the code (below 2**18: 12 pieces at most in a unit)
_ORIGIN_CODE = (1 << 23) - 1  # fact & _ORIGIN_CODE: the origin code
_PLACES_SHIFT = 32  # fact >> _PLACES_SHIFT: the number of onboard places
# The same three as one-argument functions for ``map`` over the 16 facts of a board.  They are the
# ints' own bound operators, so ``map`` calls them at C speed where a lambda would cost a Python
# call per square (the playouts of ``random_move`` run them millions of times):
_code_of_fact = _CODE_MASK.__and__  # _code_of_fact(fact) == fact & _CODE_MASK
_places_of_fact = _PLACES_SHIFT.__rrshift__  # _places_of_fact(fact) == fact >> _PLACES_SHIFT


def _origin_code(s: tuple[int, ...], code: int) -> int:
    """The origin code of an own-topped stack ``s`` whose code is ``code`` (see ``_FACTS``)."""
    top = s[-1]
    return code | (P_UP[top] | P_DOWN[top] << 2 | (len(s) > ((code >> 2) & 15)) << 4) << 18


def _facts(board: tuple[tuple[int, ...], ...], p: int) -> list[int]:
    """The fact of every square (memoised per stack; the map runs at C speed): the sum of the
    facts, shifted right by 32, counts the onboard places (16 origin codes stay below 2**32)."""
    def fact(s: tuple[int, ...]) -> int:
        code = _square_code(s, p)
        origin = _origin_code(s, code) if code >= 2 else code
        return len(_slot_levels(s, p)) << _PLACES_SHIFT | origin

    return _per_stack(_FACTS[p], board, fact)


def _per_stack(memo: dict[tuple[int, ...], int], board: tuple[tuple[int, ...], ...],
               compute: Callable[[tuple[int, ...]], int]) -> list[int]:
    """``compute(stack)`` for every square, memoised per stack in ``memo`` (looked up at C speed; the
    memo is emptied past ``_MEMO_LIMIT`` stacks, so a long-running process keeps it bounded)."""
    values: list[Any] = list(map(memo.get, board))
    if None in values:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        for sq, value in enumerate(values):
            if value is None:
                values[sq] = memo[board[sq]] = compute(board[sq])
    return values


def _codes(board: tuple[tuple[int, ...], ...], p: int) -> list[int]:
    """_square_code of every square."""
    return list(map(_code_of_fact, _facts(board, p)))


@lru_cache(maxsize=65536)
def _stop_options(code: int, g: int, mask: int) -> tuple[tuple[int, int], ...]:
    """PL-5.5: the ways to go on from an intermediate stop: (j, mask of the continuing group)."""
    if code == 0:  # empty: drop at least one piece
        return tuple((j, mask & ((1 << j) - 1)) for j in range(1, g))
    if code == 1:  # enemy-topped: the part left must show a marker (blanks never start a pin)
        return tuple((j, mask & ((1 << j) - 1)) for j in range(1, g) if mask >> j & 1)
    u = (code >> 2) & 15  # own-topped: drop, or pick up pieces of the own top unit
    combined = mask | (code >> 6) << g
    return tuple((j, combined & ((1 << j) - 1)) for j in range(1, g + u + 1) if j != g)


def _n_stop_options(code: int, g: int, mask: int) -> int:
    """len(_stop_options(code, g, mask)) in closed form."""
    if code == 0:
        return g - 1
    if code == 1:
        return (mask >> 1).bit_count()
    return g + ((code >> 2) & 15) - 1


def _reach(origin: int, n: int, faces: frozenset[int]) -> tuple[int, ...]:
    """The squares a move from ``origin`` with range ``n`` and these top faces can touch."""
    out: set[int] = set()
    for face in faces:
        if face == ORANGE:
            for mid, fin in KNIGHT[origin]:
                out.update((mid, fin))
        else:
            for ray in RAYS_BY_FACE[origin][face]:
                out.update(ray[:n])
    return tuple(sorted(out))


#: by (origin, capped N, up, down): an itemgetter of the codes of the squares a move can touch
_REACH_GETTERS: list[Any] = [None] * (16 * 4 * 4 * 4)
#: memo (a pure function of its key): an origin's full move list
_MOVES_MEMO: dict[tuple, tuple[BoardMove, ...]] = {}


def _origin_key(board: tuple[tuple[int, ...], ...], origin: int, codes: list[int]) -> tuple:
    s = board[origin]
    code = codes[origin]
    n = (code >> 2) & 15
    top = s[-1]
    up, down = P_UP[top], P_DOWN[top]
    slot = ((origin * 4 + (n if n < 3 else 3)) * 4 + up) * 4 + down
    getter = _REACH_GETTERS[slot]
    if getter is None:
        squares = _reach(origin, n if n < 3 else 3, frozenset((up, down)))
        getter = _REACH_GETTERS[slot] = itemgetter(*squares)  # every origin reaches 2+ squares: a tuple
    return (origin, code, up, down, len(s) > n, getter(codes))


def _origin_plan(board: tuple[tuple[int, ...], ...], origin: int, codes: list[int]) -> tuple[int, tuple]:
    """(number of moves from ``origin``, its buckets) from the origin's recipe and its tables.

    A bucket is (count, flip, kind, path, counts by k): kind 0 a stomp, 1 a Twister's knight path
    (path = (M, F)), 2 a line with a marker on top, 3 a line with a blank on top (path = the ray cut
    to N squares); counts by k lists the moves lifting k = 1..N pieces.
    """
    s = board[origin]
    recipe = _RECIPES_AT[origin][_origin_code(s, codes[origin])]
    n_stomps, flips, getters, tables, paths, _ = recipe
    total = n_stomps
    buckets = [(1, flip, 0, (), (1,)) for flip in flips]
    for get, table, (flip, kind, path) in zip(getters, tables, paths):
        line = get(codes)
        count = table[line]
        if count:
            buckets.append((count, flip, kind, path, table.split(line)))
            total += count
    return total, tuple(buckets)


def _origin_moves(board: tuple[tuple[int, ...], ...], origin: int, codes: list[int]) -> tuple[BoardMove, ...]:
    """PL-5: every move and stomp from ``origin`` (a stack of the player whose ``codes`` these are)."""
    key = _origin_key(board, origin, codes)
    moves = _MOVES_MEMO.get(key)
    if moves is None:
        if len(_MOVES_MEMO) > _MOVES_LIMIT:
            _MOVES_MEMO.clear()
        _, buckets = _origin_plan(board, origin, codes)
        out: list[BoardMove] = []
        for bucket in buckets:
            out.extend(_all_bucket_moves(origin, bucket, codes, key[1] >> 6))
        moves = _MOVES_MEMO[key] = tuple(out)
    return moves


def _ray_getters() -> tuple:
    """RAY_CUTS[origin][face][min(N, 3)]: (the ray cut to N squares, getter of their codes)."""
    table = []
    for origin in range(16):
        by_face = []
        for face in range(4):
            by_n: list[tuple] = [()]
            for n in range(1, 4):
                by_n.append(tuple((ray[:n], itemgetter(*ray[:n])) for ray in RAYS_BY_FACE[origin][face]))
            by_face.append(tuple(by_n))
        table.append(tuple(by_face))
    return tuple(table)


RAY_CUTS = _ray_getters()


#: the code of a stack topped by the opponent (``_square_code``: 0 empty, 1 enemy-topped, 2+ own)
ENEMY_TOPPED = 1


def _may_end_on(marker: bool, code: int) -> bool:
    """PL-5.6: a group may end on any square, except a blank-topped group on an enemy-topped stack.

    The one statement of the rule: the counts (``_ray_counts``), the generator (``_bucket_moves``)
    and ``_apply_move`` all ask here.
    """
    return marker or code != ENEMY_TOPPED


def _ray_counts(marker: bool, n: int, unit_mask: int, line: Any) -> tuple[int, tuple[int, ...]]:
    """The number of moves along one ray (PL-5.4-5.6) for each k = 1..N, in closed form."""
    if not isinstance(line, tuple):
        line = (line,)
    size = len(line)
    c0 = line[0]
    l0 = _may_end_on(marker, c0)
    if size == 1:
        return (n, (1,) * n) if l0 else (0, (0,) * n)
    c1 = line[1]
    l1 = _may_end_on(marker, c1)
    l2 = size == 3 and _may_end_on(marker, line[2])
    by_k = []
    for k in range(1, n + 1):
        mask = unit_mask & ((1 << k) - 1)
        count = l0 + l1 + l2
        if l1 or l2:
            count += _n_stop_options(c0, k, mask) * (l1 + l2)  # stop on the 1st square
        if l2:
            count += _n_stop_options(c1, k, mask)  # stop on the 2nd square only
            for j0, m1 in _stop_options(c0, k, mask):  # stops on both
                count += _n_stop_options(c1, j0, m1)
        by_k.append(count)
    return sum(by_k), tuple(by_k)


class _CountTable(dict):
    """Move counts of one group (top face marker or not, N, unit mask) along one path shape,
    keyed by the codes of the path's squares; a missing entry is counted on first use.

    The value is the number of moves; ``by_k`` holds the same split by k = 1..N.  Kind 2 is a line
    (PL-5.4-5.6), kind 1 a Twister's middle square M (PL-5.7: the landing on F plus the stops on M).
    Plain ints as values let ``random_move`` sum a whole origin with ``map`` at C speed.
    """

    __slots__ = ("by_k", "kind", "marker", "n", "unit_mask")

    def __init__(self, kind: int, marker: bool, n: int, unit_mask: int) -> None:
        super().__init__()
        self.kind, self.marker, self.n, self.unit_mask = kind, marker, n, unit_mask
        self.by_k: dict[Any, tuple[int, ...]] = {}

    def __missing__(self, line: Any) -> int:
        if len(self) > _MEMO_LIMIT:
            self.clear()
            self.by_k.clear()
        n, unit_mask = self.n, self.unit_mask
        if self.kind == 1:
            by_k = tuple(1 + _n_stop_options(line, k, unit_mask & ((1 << k) - 1)) for k in range(1, n + 1))
            count = sum(by_k)
        else:
            count, by_k = _ray_counts(self.marker, n, unit_mask, line)
        self.by_k[line] = by_k
        self[line] = count
        return count

    def split(self, line: Any) -> tuple[int, ...]:
        """The moves along ``line`` by k (counted again should the table have been emptied since)."""
        by_k = self.by_k.get(line)
        if by_k is None:
            self.__missing__(line)
            by_k = self.by_k[line]
        return by_k


_COUNT_TABLES: dict[tuple[int, bool, int, int], _CountTable] = {}


def _count_table(kind: int, marker: bool, n: int, unit_mask: int) -> _CountTable:
    key = (kind, marker, n, unit_mask)
    table = _COUNT_TABLES.get(key)
    if table is None:
        table = _COUNT_TABLES[key] = _CountTable(kind, marker, n, unit_mask)
    return table


def _recipe(origin: int, code: int, up: int, down: int, below: bool) -> tuple:
    """How to count and build the moves from ``origin`` (PL-5) once the other squares' codes are known.

    A recipe is (stomps, flips of the stomps, getters, tables, (flip, kind, path) per path, ends per
    path): the moves along a path are ``table[getter(codes)]``, where the getter reads the codes of
    the path's squares, and they end on the squares of its ``ends`` (a bit per square).  Kind 1 is a
    Twister's knight path (path = (M, F), ending on F), 2 a line with a marker on top, 3 a line with
    a blank on top (path = the ray cut to N squares, ending on any of them).
    """
    n = (code >> 2) & 15
    unit_mask = code >> 6
    stomps = []
    getters = []
    tables = []
    paths = []
    ends = []
    for flip in (False, True) if up != down else (False,):  # PL-5.2
        face = down if flip else up
        marker = face != BLANK
        if marker and below:  # PL-5.8
            stomps.append(flip)
        if face == ORANGE:  # PL-5.7
            table = _count_table(1, True, n, unit_mask)
            for pair in KNIGHT[origin]:
                getters.append(itemgetter(pair[0]))
                tables.append(table)
                paths.append((flip, 1, pair))
                ends.append(1 << pair[1])
            continue
        table = _count_table(2, marker, n, unit_mask)
        for ray, get in RAY_CUTS[origin][face][n if n < 3 else 3]:
            getters.append(get)
            tables.append(table)
            paths.append((flip, 2 if marker else 3, ray))
            ends.append(sum(1 << sq for sq in ray))
    return len(stomps), tuple(stomps), tuple(getters), tuple(tables), tuple(paths), tuple(ends)


class _RecipeTable(dict):
    """Origin code (see ``_FACTS``) -> the recipe of the moves from one origin."""

    __slots__ = ("origin",)

    def __init__(self, origin: int) -> None:
        super().__init__()
        self.origin = origin

    def __missing__(self, origin_code: int) -> tuple:
        if len(self) > _MEMO_LIMIT:
            self.clear()
        faces = origin_code >> 18
        recipe = self[origin_code] = _recipe(self.origin, origin_code & ((1 << 18) - 1), faces & 3, faces >> 2 & 3,
                                             bool(faces >> 4))  # fmt: skip
        return recipe


#: _RECIPES_AT[origin][origin code]: the recipe of the moves from a stack
_RECIPES_AT = tuple(_RecipeTable(origin) for origin in range(16))
SQUARES = range(16)
# _is_own_stack(code) == (1 < code): codes 2 and up are stacks of the player whose codes these are
# (0 = empty, 1 = the opponent's); a bound operator, for ``map`` at C speed like ``_code_of_fact``
_is_own_stack = (1).__lt__


#: every square, as a bit set (``onto`` of ``_bucket_moves``)
ALL_SQUARES = (1 << 16) - 1


def _bucket_moves(origin: int, bucket: tuple, codes: list[int], unit_mask: int, k: int,
                  onto: int = ALL_SQUARES) -> list[BoardMove]:  # fmt: skip
    """The moves of one bucket of ``_origin_plan`` lifting k pieces (those ending on a square of
    ``onto``, a bit per square: the rest are left out, the order kept)."""
    _, flip, kind, path, _ = bucket
    if kind == 0:
        return [_new_move(StompMove, (K_STOMP, flip, origin))]
    mask = unit_mask & ((1 << k) - 1)
    if kind == 1:  # PL-5.7: land on F, perhaps after a stop on M
        mid, fin = path
        if not onto >> fin & 1:
            return []
        out: list[BoardMove] = [_new_move(StackMove, (K_MOVE, flip, origin, k, (), fin))]
        out.extend(_new_move(StackMove, (K_MOVE, flip, origin, k, ((mid, j),), fin))
                   for j, _ in _stop_options(codes[mid], k, mask))
        return out
    marker = kind == 2
    size = len(path)
    land = [_may_end_on(marker, codes[sq]) and onto >> sq & 1 == 1 for sq in path]
    out = []  # same list as above: every move tuple of the bucket
    append = out.append
    # lines are at most 3 squares long: at most two stops, so the loops are written out
    for i0 in range(size):
        sq0 = path[i0]
        if land[i0]:
            append(_new_move(StackMove, (K_MOVE, flip, origin, k, (), sq0)))
        if i0 == size - 1:
            break
        for j0, m1 in _stop_options(codes[sq0], k, mask):
            st0 = ((sq0, j0),)
            for i1 in range(i0 + 1, size):
                sq1 = path[i1]
                if land[i1]:
                    append(_new_move(StackMove, (K_MOVE, flip, origin, k, st0, sq1)))
                if i1 < size - 1 and land[size - 1]:
                    sq2 = path[size - 1]
                    for j1, _ in _stop_options(codes[sq1], j0, m1):
                        append(_new_move(StackMove, (K_MOVE, flip, origin, k, (*st0, (sq1, j1)), sq2)))
    return out


def _all_bucket_moves(origin: int, bucket: tuple, codes: list[int], unit_mask: int) -> list[BoardMove]:
    if bucket[2] == 0:
        return [_new_move(StompMove, (K_STOMP, bucket[1], origin))]
    out: list[BoardMove] = []
    for k in range(1, len(bucket[4]) + 1):
        out.extend(_bucket_moves(origin, bucket, codes, unit_mask, k))
    return out


def _stack_moves(board: tuple[tuple[int, ...], ...], p: int) -> list[BoardMove]:
    """PL-5: every move and stomp of player ``p``."""
    out: list[BoardMove] = []
    codes = _codes(board, p)
    for origin in range(16):
        if codes[origin] >= 2:
            out.extend(_origin_moves(board, origin, codes))
    return out


def _stack_moves_onto(board: tuple[tuple[int, ...], ...], p: int, onto: int) -> list[BoardMove]:
    """PL-5: every stomp of player ``p`` and every move of theirs ending on a square of ``onto`` (a
    bit per square), in ``_stack_moves``' order; only the paths that end there are built."""
    out: list[BoardMove] = []
    facts = _facts(board, p)
    codes = list(map(_code_of_fact, facts))
    for origin in compress(SQUARES, map(_is_own_stack, codes)):  # own stacks: codes 2 and up
        _, flips, getters, tables, paths, ends = _RECIPES_AT[origin][facts[origin] & _ORIGIN_CODE]
        out.extend(_new_move(StompMove, (K_STOMP, flip, origin)) for flip in flips)  # PL-5.8
        unit_mask = codes[origin] >> 6
        for get, table, (flip, kind, path), end in zip(getters, tables, paths, ends):
            if not onto & end:
                continue
            line = get(codes)
            if table[line]:  # the bucket of ``_origin_plan``, built for these squares only
                by_k = table.split(line)
                bucket = (table[line], flip, kind, path, by_k)
                for k in range(1, len(by_k) + 1):
                    out.extend(_bucket_moves(origin, bucket, codes, unit_mask, k, onto))
    return out


_ENEMY_IN: tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]] = ({}, {})


def _enemy_squares(board: tuple[tuple[int, ...], ...], p: int) -> int:
    """The squares whose stack holds a piece of ``p``'s opponent, a bit per square (memoised per stack)."""
    bits = _per_stack(_ENEMY_IN[p], board, lambda s: int(any(piece & 1 != p for piece in s)))
    return sum(map(lshift, bits, SQUARES))  # bit << sq for every square, at C speed


def capture_candidates(state: PlateauState) -> list[BoardMove]:
    """The side to act's moves that may capture (PL-6), in ``stack_moves``' order: every stomp, and
    every move ending on a stack that holds an enemy piece; none when no stack holds one.  The same
    list as filtering ``stack_moves``, built without the other moves (a fast path for players)."""
    if state.result or (state.phase != PHASE_TURN and state.phase != PHASE_REFUSED):
        return []
    targets = _enemy_squares(state.board, state.side)
    if not targets:
        return []
    return _stack_moves_onto(state.board, state.side, targets)


def stack_moves(state: PlateauState) -> list[BoardMove]:
    """PL-5: the moves and stomps of the side to act, in ``_actions``' order: every move that may
    capture (PL-6) is one of them (a fast path for players that look for captures). Empty when
    the side to act has no turn (the opening, a reply) or the game is over."""
    if state.result or (state.phase != PHASE_TURN and state.phase != PHASE_REFUSED):
        return []
    return _stack_moves(state.board, state.side)


def _recipe_move(origin: int, recipe: tuple, codes: list[int], i: int, along: list[int] | None = None) -> BoardMove:
    """The i-th move from ``origin`` (in the order of ``_origin_plan``'s buckets), building the
    moves of one (path, k) only.  ``along``: the moves along each path, when already counted."""
    n_stomps, flips, getters, tables, paths, _ = recipe
    if i < n_stomps:
        return _new_move(StompMove, (K_STOMP, flips[i], origin))
    i -= n_stomps
    if along is None:
        along = list(map(getitem, tables, map(call, getters, repeat(codes))))
    for index, count in enumerate(along):
        if i >= count:
            i -= count
            continue
        flip, kind, path = paths[index]
        if kind != 1 and len(path) == 1:  # a one-square line: one landing per k, no stop (PL-5.4)
            return _new_move(StackMove, (K_MOVE, flip, origin, i + 1, (), path[0]))
        by_k = tables[index].split(getters[index](codes))
        for k, count in enumerate(by_k, 1):
            if i < count:
                return _bucket_moves(origin, (count, flip, kind, path, by_k), codes, codes[origin] >> 6, k)[i]
            i -= count
    raise AssertionError("index beyond the moves of the origin")


#: playout_move's sources besides the 16 origins
_ONBOARD_SOURCE, _TENDER_SOURCE = 16, 17


def _tenders(state: PlateauState) -> tuple[TenderMove, ...]:
    """PL-7.1 / PL-7.4: tenders open to the side to act."""
    p = state.side
    mine, theirs = state.prisoners[p], state.prisoners[1 - p]
    if mine == ZERO7 or theirs == ZERO7:
        return ()
    return _tenders_above(mine, state.refused if state.phase == PHASE_REFUSED else 0)


@lru_cache(maxsize=4096)
def _tenders_above(mine: tuple[int, ...], floor: int) -> tuple[TenderMove, ...]:
    return tuple(TenderMove(K_TENDER, c) for c, v in _subsets_with_values(mine) if v > floor)


def _replies(state: PlateauState) -> list[PlateauMove]:
    """PL-7.2: returns worth at least m, and refuse when m = 0."""
    p = state.side
    t = value_of(state.tender)
    m = best_under(state.prisoners[p], t)
    out: list[PlateauMove] = [ReturnMove(K_RETURN, c) for c, v in _subsets_with_values(state.prisoners[p]) if v >= m]
    if m == 0:
        out.append(REFUSE)
    return out


def _actions(state: PlateauState) -> list[PlateauMove]:
    """Every action of the side to act, without the pass (unordered)."""
    p = state.side
    if state.phase == PHASE_REPLY:
        return _replies(state)
    board = state.board
    if state.phase == PHASE_OPEN:
        pairs = _opening_pairs(state.reserves[p])
        return [_new_move(OpeningMove, (K_OPEN, sq, a, b)) for sq in PERIMETER if not board[sq] for a, b in pairs]
    out: list[PlateauMove] = []
    choices = _choices_for(state.reserves[p])
    if choices:
        out.extend(_new_move(OnboardMove, (K_ONBOARD, sq, level, c))
                   for sq, level in _onboard_slots(board, p) for c in choices)
    out.extend(_stack_moves(board, p))
    out.extend(_tenders(state))
    return out


def _has_action(board, p: int, phase: int, reserves, prisoners, refused: int) -> bool:
    """Whether ``p`` has any action (PL-3.2, PL-8.4), answered cheaply in the usual cases."""
    if phase != PHASE_TURN and phase != PHASE_REFUSED:
        return True  # an opening placement or a reply always exists
    if reserves[p] != ZERO7:
        if () in board:
            return True
        for s in board:  # PL-4.1: an empty square, or right under any own piece
            if not s:
                return True
            for piece in s:
                if piece & 1 == p:
                    return True
    if any(prisoners[p]) and any(prisoners[1 - p]) and value_of(prisoners[p]) > (
        refused if phase == PHASE_REFUSED else 0
    ):
        return True
    mute_topped = False
    for s in board:
        if s and s[-1] & 1 == p:
            top = s[-1]
            # a marker face (up, or down after a flip) always has a one-step move or a knight move
            if P_UP[top] != BLANK or P_DOWN[top] != BLANK:
                return True
            mute_topped = True
    if not mute_topped:
        return False
    codes = _codes(board, p)
    return any(_origin_plan(board, o, codes)[0] for o in range(16) if codes[o] >= 2)


# ---- views (PL-9) ------------------------------------------------------------------------------------
class PlateauPiece(TypedDict):
    """One piece as a viewer sees it: a face this viewer does not know is "?" (PL-9.4)."""

    #: 0 Black, 1 White
    owner: int
    #: "r", "b", "o", "x" or "?"
    up: str
    down: str
    #: whether each face is public (PL-9.3): the case marking of PL-10.1
    up_public: bool
    down_public: bool


class PlateauTender(TypedDict):
    """A pending tender (PL-7.1): its types, its value and who made it."""

    types: list[str]
    value: int
    tenderer: int


class PlateauOptions(TypedDict):
    repetition_draw: bool
    max_plies: int


class PlateauView(GameView):
    """What ``PlateauEngine.view`` gives ``viewer`` (PL-9), besides ``GameView``'s keys.

    ``position`` is this viewer's view notation (PL-10.3); ``last_move`` the public form of the last
    move (PL-9.5: ``+??.r?@a1``, ``a1:2-a3``); ``highlight`` the squares it touched: [origin,
    stops..., destination] for a move, [square] for an opening, an onboard or a stomp, [] otherwise.
    After the game ends every view shows the full position (PL-8.6, PL-9.4).
    """

    #: 4 ranks (rank 4 first, down to rank 1), each 4 stacks (file a→d), each a list of its pieces
    #: bottom→top
    board: list[list[list[PlateauPiece]]]
    #: per seat: the viewer's own reserve (every reserve once the game is over) as a list of type codes
    #: ("rb", "xx", ...; repeated, canonical order), another's as the number of pieces in it
    reserves: list[list[str] | int]
    reserve_sizes: list[int]
    #: prisoners[P] = the enemy pieces P holds, as type codes (public)
    prisoners: list[list[str]]
    #: "open", "turn", "reply" or "refused"
    phase: str
    #: the side field of the position (also when the game is over)
    side: int
    #: the tender to reply to (phase "reply"), else None
    tender: PlateauTender | None
    #: the refused tender's value t (phase "refused"), else None
    refused: int | None
    options: PlateauOptions


#: ``view_words``' owners of pieces and players' colours (``term.plateau.owner_Black``, ``owner_White``: PL-1.2)
_OWNER_LABELS = ("owner_Black", "owner_White")


def _face_pairs() -> frozenset[str]:
    """Every piece ``view_words`` may say, as up face then down face in the view notation's marks (PL-10.3):
    both faces known (each public, upper case, or seen by the viewer alone, lower case) for each type's two
    ways up; or, on another's piece, each face public or ``?`` (unseen)."""
    pairs = set()
    for code in TYPE_CODES:
        for up, down in {(code[0], code[1]), (code[1], code[0])}:
            pairs.update({up.upper() + down.upper(), up.upper() + down, up + down.upper(), up + down})
            pairs.update({up.upper() + "?", "?" + down.upper()})
    return frozenset(pairs | {"??"})


#: the words of ``view_words``' pieces: ``term.plateau.faces_<pair>``
FACE_PAIRS: Final = _face_pairs()


def _faces_term(piece: Mapping[str, Any], secret: bool) -> str:
    """A piece of a view as ``view_words`` says it: ``faces_`` and its up then down face, upper case where
    public (or the game is over, ``secret`` false for every piece), lower case where only the viewer has seen
    it (``secret``: the viewer's own piece, PL-9.2), ``?`` where the viewer has not (PL-9.4)."""
    marks = []
    for face, public in ((piece.get("up"), piece.get("up_public")), (piece.get("down"), piece.get("down_public"))):
        face = str(face)
        marks.append("?" if face not in FACE_OF else face if secret and not public else face.upper())
    pair = "".join(marks)
    return f"faces_{pair if pair in FACE_PAIRS else '??'}"


def _type_term(choice: str) -> str:
    """A piece chosen with its up face first (``xr``: a Red Mask, blank face up) as its type's word, ``type_rx``."""
    return f"type_{TYPE_CODES[CHOICE_TYPE[choice]]}"


def _type_list(codes: list[str]) -> list[list[Any]]:
    """Type codes (a reserve, prisoners, a tender) as ``view_words``' ``_list`` fact: [count, ``plateau_<type>``]
    pairs in the canonical order (PL-10.1): "1 Ace and 2 Mutes"."""
    return [[codes.count(code), f"plateau_{code}"] for code in TYPE_CODES if code in codes]


def _route_shared(moves: list[StackMove], code: str, facts: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """What moves of one lift share of their way (PL-5.4, PL-5.5): the stops every one makes with the same count
    going on (``_via``, ``route_onward``), then the next square if it is the same for all (``next``): ``_to``
    where some land there and others go on, ``_past`` where all go on from it (with different counts)."""
    paths = [[*m.stops, (m.dest, None)] for m in moves]
    stops: list[tuple[int, int]] = []
    for step in paths[0]:
        if step[1] is None or any(len(path) <= len(stops) or path[len(stops)] != step for path in paths):
            break
        stops.append((step[0], step[1]))
    if stops:
        code += "_via"
        facts = {**facts, "route_onward": [[NAMES[square], onward] for square, onward in stops]}
    after = {path[len(stops)] for path in paths}
    if len({square for square, _ in after}) == 1:
        ((square, _), *_) = after
        code += "_to" if any(onward is None for _, onward in after) else "_past"
        facts = {**facts, "next": NAMES[square]}
    return code, facts


# ---- the engine -------------------------------------------------------------------------------------
class PlateauEngine(Engine[PlateauState, PlateauMove, PlateauView]):
    """Plateau (docs/spec/plateau.md).  Black = seat 0 moves first."""

    description = GameDescription(
        name="plateau",
        rule_prefix="PL",
        title="Plateau",
        min_players=2,
        max_players=2,
        options={
            "repetition_draw": Option("repetition_draw", True, help="PL-8.3: third repetition draws"),
            "max_plies": Option("max_plies", 400, help="PL-8.5: draw at this ply (0 = off)", min=0),
        },
        # PL-8: the words in brackets of the outcome texts (``_WIN_TEXTS``, ``_DRAW_TEXTS``)
        outcome_reasons=("prisoners", "stack", "repetition", "ply limit", "no moves"),
        draw_offers=True,
        private=PrivateInfo("the hidden faces of a player's own pieces (PL-9)"),
        seat_marks=("B", "W"),
        colour_names=("Black", "White"),
        tallies=("prisoners",),  # PL-8.1: six prisoners win
        max_plies_hard=10_000,  # issue 15, defect 12: far past the default PL-8.5 limit of 400
    )
    perft_start = None

    # ---- construction ------------------------------------------------------------------------------
    def _options(self, options: Mapping[str, Any] | None) -> tuple[bool, int]:
        opts = self.resolve_options(options)
        if opts["max_plies"] < 0:
            raise OptionError("option max_plies takes 0 (off) or a positive number")
        return bool(opts["repetition_draw"]), int(opts["max_plies"])

    def new_game(
        self, players: int = 2, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> PlateauState:
        if players != 2:
            raise OptionError("Plateau is a game for 2 players")
        rep, cap = self._options(options)
        start = _STARTS.get((rep, cap))
        if start is None:  # states are immutable: one start state per option set serves every game
            start = _STARTS[rep, cap] = _loaded(_parse_position(START_POSITION, view=False), rep, cap)
        return start

    @reads_position
    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> PlateauState:
        rep, cap = self._options(options)
        fields = _parse_position(text, view=False)
        return _loaded(fields, rep, cap)

    def to_position(self, state: PlateauState) -> str:
        return _position_text(state, viewer=None, full=True)

    # ---- turn --------------------------------------------------------------------------------------
    def to_move(self, state: PlateauState) -> int | None:
        return None if state.result else state.side

    def legal_moves(self, state: PlateauState, seat: int | None = None) -> list[PlateauMove]:
        if seat is not None and seat != self.to_move(state):
            return []
        moves = self.unordered_moves(state)
        return sorted(moves, key=lambda m: self.format_move(state, m))

    def unordered_moves(self, state: PlateauState) -> list[PlateauMove]:
        """The legal moves as the rules produce them, before ``legal_moves`` sorts them by their text
        (the pass included when it is the only one): what perft and the computer player walk, where
        sorting some thousand texts per node would cost more than the rest."""
        if state.result:
            return []
        return _actions(state) or [PASS]

    def count_moves(self, state: PlateauState) -> int:
        """len(legal_moves(state)) without building the onboards (bulk perft counting)."""
        if state.result:
            return 0
        p = state.side
        if state.phase == PHASE_OPEN:
            return sum(1 for sq in PERIMETER if not state.board[sq]) * len(_opening_pairs(state.reserves[p]))
        if state.phase == PHASE_REPLY:
            return len(_replies(state))
        choices = _choices_for(state.reserves[p])
        n = len(_onboard_slots(state.board, p)) * len(choices) if choices else 0
        codes = _codes(state.board, p)
        n += sum(_origin_plan(state.board, o, codes)[0] for o in range(16) if codes[o] >= 2)
        n += len(_tenders(state))
        return n or 1

    def random_move(self, state: PlateauState, rng: random.Random) -> PlateauMove:
        """A uniformly random legal move, drawn without listing every onboard."""
        if state.result:
            raise IllegalMoveError("PL-8.6: the game is over", code="any.over")
        p = state.side
        if state.phase == PHASE_OPEN:
            squares = [sq for sq in PERIMETER if not state.board[sq]]
            pairs = _opening_pairs(state.reserves[p])
            i = rng.randrange(len(squares) * len(pairs))
            a, b = pairs[i % len(pairs)]
            return OpeningMove(K_OPEN, squares[i // len(pairs)], a, b)
        if state.phase == PHASE_REPLY:
            return rng.choice(_replies(state))
        board = state.board
        choices = _choices_for(state.reserves[p])
        n_choices = len(choices)
        facts = _facts(board, p)
        codes = list(map(_code_of_fact, facts))
        n_on = (sum(facts) >> _PLACES_SHIFT) * n_choices
        counts = []  # (origin, recipe, moves along each path, moves from it): counted, not built
        n_stack = 0
        each_codes = repeat(codes)
        for origin in compress(SQUARES, map(_is_own_stack, codes)):  # own stacks: codes 2 and up
            recipe = _RECIPES_AT[origin][facts[origin] & _ORIGIN_CODE]
            along: list[int] = list(map(getitem, recipe[3], map(call, recipe[2], each_codes)))  # at C speed
            count = recipe[0] + sum(along)
            counts.append((origin, recipe, along, count))
            n_stack += count
        tenders = _tenders(state) if state.prisoners[0] != ZERO7 and state.prisoners[1] != ZERO7 else ()
        total = n_on + n_stack + len(tenders)
        if not total:
            return PASS
        i = rng.randrange(total)
        if i < n_on:
            slot, c = divmod(i, n_choices)
            return _onboard_at(board, p, facts, slot, choices[c])
        i -= n_on
        if i < n_stack:
            for origin, recipe, along, count in counts:
                if i < count:
                    return _recipe_move(origin, recipe, codes, i, along)
                i -= count
        return tenders[i - n_stack]

    def playout_move(self, state: PlateauState, rng: random.Random) -> PlateauMove:
        """A random legal move for playouts (a search player's simulations): cheap, not uniform.

        In a normal turn it first draws a *source* uniformly: onboarding (PL-4), one of the side's
        own stacks (PL-5, moves and stomps from it), or tendering (PL-7); then a uniform move of
        that source.  Only the drawn source is counted, which is what makes it several times
        cheaper than ``random_move`` (that counts every move to stay uniform).  A source without a
        move (a Mute-topped stack that is boxed in) is dropped and another drawn; ``pass`` only
        when none is left, so the move is always legal.  The opening and replies are drawn as by
        ``random_move``.  Draws use ``int(rng.random() * n)`` (cheaper than ``randrange``; its bias,
        below 2**-40 here, does not matter to a policy that is not uniform anyway).
        """
        if state.result or (state.phase != PHASE_TURN and state.phase != PHASE_REFUSED):
            return self.random_move(state, rng)
        p = state.side
        board = state.board
        facts = _facts(board, p)
        codes = list(map(_code_of_fact, facts))
        sources = list(compress(SQUARES, map(_is_own_stack, codes)))  # own stacks: codes 2 and up
        choices = _choices_for(state.reserves[p])
        if choices:
            sources.append(_ONBOARD_SOURCE)
        tenders = _tenders(state) if state.prisoners[0] != ZERO7 and state.prisoners[1] != ZERO7 else ()
        if tenders:
            sources.append(_TENDER_SOURCE)
        while sources:
            source = sources.pop(int(rng.random() * len(sources)))
            if source == _ONBOARD_SOURCE:
                n_slots = sum(facts) >> _PLACES_SHIFT
                if not n_slots:
                    continue
                slot, c = divmod(int(rng.random() * (n_slots * len(choices))), len(choices))
                return _onboard_at(board, p, facts, slot, choices[c])
            if source == _TENDER_SOURCE:
                return tenders[int(rng.random() * len(tenders))]
            recipe = _RECIPES_AT[source][facts[source] & _ORIGIN_CODE]
            along: list[int] = list(map(getitem, recipe[3], map(call, recipe[2], repeat(codes))))
            count = recipe[0] + sum(along)
            if count:
                return _recipe_move(source, recipe, codes, int(rng.random() * count), along)
        return PASS

    # ---- notation ----------------------------------------------------------------------------------
    def parse_move(self, state: PlateauState, text: str) -> PlateauMove:
        return _parse_move(state, text)

    def format_move(self, state: PlateauState | None, move: PlateauMove) -> str:
        return _format_move(state, move, public=False)

    def public_move(self, state: PlateauState | None, move: PlateauMove) -> str:
        """PL-9.5: ``?`` for each face still hidden after an opening or onboard."""
        return _format_move(state, move, public=True)

    def move_words(self, state: PlateauState, move: PlateauMove) -> tuple[str, dict[str, Any]]:
        """The move told in words, public facts only (PL-9.5): an opening's or onboard's up face (PL-9.3a,
        b: the down faces stay untold), the squares, pieces lifted, stops and pieces arriving of a move (pieces
        dropped or picked up on the way change the count, PL-5.5), a flip (PL-9.3c),
        how many pieces it captured (PL-6: owners, units and top faces are public, so the count is too;
        which pieces they were is not told, since a move Mesa would have played instead captures pieces
        nobody saw), and the prisoners of an exchange (public, PL-9.1).  The code names the move's kind,
        ``flip_`` before it and ``_via`` / ``_capture`` after it as they apply; ``face_term`` is one of
        ``term.plateau.<face>``, ``*_count`` numbers, ``prisoners_list`` pairs of (count, ``plateau_<type>``)."""
        if isinstance(move, OpeningMove):
            return "open", {"square": NAMES[move.square], "face_term": _FACE_TERMS[move.top[0]]}
        if isinstance(move, OnboardMove):
            facts: dict[str, Any] = {"square": NAMES[move.square], "face_term": _FACE_TERMS[move.pair[0]]}
            if move.level == len(state.board[move.square]):  # PL-4.1: on an empty square or on top
                return "onboard", facts
            if move.level == 0:
                return "onboard_under", facts
            return "onboard_into", {**facts, "pieces_count": move.level}
        if isinstance(move, StackMove | StompMove):
            taken = sum(self.apply(state, move).prisoners[state.side]) - sum(state.prisoners[state.side])
            if isinstance(move, StompMove):
                return ("flip_" if move.flip else "") + "stomp", {"square": NAMES[move.square], "captured_count": taken}
            code = "flip_" * move.flip + "move" + "_via" * bool(move.stops) + "_capture" * bool(taken)
            facts = {"origin": NAMES[move.origin], "landing": NAMES[move.dest], "pieces_count": move.lifted}
            if move.stops:  # PL-5.5: at each stop pieces are dropped or picked up; it lands with the last count
                facts["stops"] = ", ".join(NAMES[sq] for sq, _ in move.stops)
                facts["arriving_count"] = move.stops[-1][1]
            if taken:
                facts["captured_count"] = taken
            return code, facts
        if isinstance(move, TenderMove | ReturnMove):
            listed = [[n, f"plateau_{TYPE_CODES[i]}"] for i, n in enumerate(move.counts) if n]
            code = "tender" if isinstance(move, TenderMove) else "return"
            return code, {"prisoners_list": listed, "worth": value_of(move.counts)}
        return ("refuse" if isinstance(move, RefuseMove) else "pass"), {}

    def own_move_words(self, state: PlateauState, move: PlateauMove) -> tuple[str, dict[str, Any]]:
        """``move_words``, and for a placement the mover's own pieces by name (PL-9.2: a player knows both faces
        of their own pieces; the board tells the up face only): ``piece_term`` of an onboard (PL-4.1),
        ``top_term`` and ``bottom_term`` of an opening (PL-2.2; PL-10.4: bottom piece first), each
        ``term.plateau.type_<code>`` (``type_rb``: the Ace), and the bottom piece's up face, ``bottom_face_term``
        (hidden from the board, PL-9.5, yet ``+rb.xx@a1`` and ``+br.xx@a1`` are two moves); and for a move with
        stops (PL-5.5) the count going on from each, ``route_onward`` pairs of (square, count): the board says
        the count arriving only, and ``d1:3-c2:2-b3:1-a4`` and ``d1:3-c2:4-b3:1-a4`` are two moves.  So distinct
        moves are never told alike to their mover."""
        code, facts = self.move_words(state, move)
        if isinstance(move, OnboardMove):
            return code, {**facts, "piece_term": _type_term(move.pair)}
        if isinstance(move, OpeningMove):
            return code, {**facts, "top_term": _type_term(move.top), "bottom_term": _type_term(move.bottom),
                          "bottom_face_term": _FACE_TERMS[move.bottom[0]]}
        if isinstance(move, StackMove) and move.stops:
            return code, {**facts, "route_onward": [[NAMES[sq], onward] for sq, onward in move.stops]}
        return code, facts

    def own_group_words(self, state: PlateauState, moves: Sequence[PlateauMove]) -> tuple[str, dict[str, Any]] | None:
        """What a group of the mover's moves share (the picker's ``+ox.…``, ``+rb@…``, ``*d1:…``, ``a3:2-…``): an
        opening's bottom piece and its up face, and the top piece too when it is chosen (PL-2.2, PL-10.4: bottom
        piece first); a reserve piece and its up face, and the square when only the level is left (PL-4.1); the
        stack moved from, whether its top is flipped first (PL-5.2), the pieces lifted (PL-5.3) and whether a
        stomp is among them (PL-5.8); an offer or a giving back of prisoners (PL-7).  Facts named as
        ``own_move_words`` names them (a stomp's square is its origin)."""
        kinds = {type(move) for move in moves}
        if not moves or len(kinds) > 2:
            return None
        travels = [m for m in moves if isinstance(m, StackMove | StompMove)]
        if len(travels) == len(moves):
            starts = {(m.origin if isinstance(m, StackMove) else m.square, m.flip) for m in travels}
            if len(starts) > 1:
                return None
            ((origin, flip),) = starts
            code, facts = "flip_" * flip + "from", {"origin": NAMES[origin]}
            lifts = [m for m in travels if isinstance(m, StackMove)]
            if len(lifts) < len(travels):
                return code + "_or_stomp", facts
            if len({m.lifted for m in lifts}) > 1:
                return code, facts
            return _route_shared(lifts, code + "_lift", {**facts, "pieces_count": lifts[0].lifted})
        if len(kinds) > 1:
            return None
        exchanges = [m for m in moves if isinstance(m, TenderMove | ReturnMove)]
        if exchanges:  # PL-7: the prisoners every one of them holds, if any
            code = "tender" if isinstance(exchanges[0], TenderMove) else "return"
            held = [min(counts) for counts in zip(*(move.counts for move in exchanges), strict=True)]
            listed = [[n, f"plateau_{TYPE_CODES[i]}"] for i, n in enumerate(held) if n]
            return (code + "_with", {"prisoners_list": listed}) if listed else (code, {})
        shared = shared_facts([self.own_move_words(state, move)[1] for move in moves])
        if kinds == {OpeningMove} and {"bottom_term", "bottom_face_term"} <= shared.keys():
            bottom = {name: shared[name] for name in ("bottom_term", "bottom_face_term")}
            if {"top_term", "face_term"} <= shared.keys():
                return "open_pair", {**bottom, "top_term": shared["top_term"], "face_term": shared["face_term"]}
            return "open_bottom", bottom
        if kinds == {OnboardMove} and {"piece_term", "face_term"} <= shared.keys():
            piece = {name: shared[name] for name in ("piece_term", "face_term")}
            return ("onboard_square", {**piece, "square": shared["square"]}) if "square" in shared \
                else ("onboard_piece", piece)
        return None

    def private_changes(self, state: PlateauState, move: PlateauMove) -> tuple[int, ...]:
        """PL-9.2, PL-9.5: the mover after an opening or onboard (the move holds faces its public form
        hides); both players once an exchange completes (pieces go back to hidden reserves, PL-7.3)."""
        if move[0] == K_RETURN:
            return (0, 1)
        if self.public_move(state, move) != self.format_move(state, move):
            return (state.side,)
        return ()

    def reveals(self, state: PlateauState, move: PlateauMove) -> bool:
        """PL-9.3: whether the move turns a face public that was hidden (an opening's or onboard's up
        face, a flip, the new top left by a lift, prisoners and the piece under a capture), or ends the
        game (PL-8.6: every face shown).  Public faces only grow while pieces stay on the board or are
        prisoners (PL-7.3's exchange hides pieces again), so a count per owner tells a reveal."""
        after = self.apply(state, move)
        if after.result and not state.result:
            return True
        return any(a > b for a, b in zip(_public_faces(after), _public_faces(state), strict=True))

    # ---- apply -------------------------------------------------------------------------------------
    def apply(self, state: PlateauState, move: PlateauMove) -> PlateauState:
        if state.result:
            raise IllegalMoveError(f"PL-8.6: the game is over ({state.result})", code="any.over")
        # the move's shape is checked here and its parts by the handlers' readers (_square, _choice,
        # _counts, _stops, _origin), so an error inside a handler is an engine bug and is not hidden
        kind = move[0] if isinstance(move, tuple) and move and move[0].__class__ is int else -1
        handler = _HANDLERS.get(kind)
        if handler is None or len(move) != _ARITY[kind]:
            raise InvalidMoveError(f"not a Plateau move: {move!r}", code="not_a_move", facts={"move": repr(move)})
        return handler(state, move)

    # ---- outcome -----------------------------------------------------------------------------------
    def outcome(self, state: PlateauState) -> Outcome | None:
        if not state.result:
            return None
        o = _outcome_of(state.result)
        return Outcome(o.winners, o.reason, o.text, o.draw, o.placements, o.scores, _outcome_facts(state, o))

    # ---- views -------------------------------------------------------------------------------------
    def view_notation(self, state: PlateauState, viewer: int | None) -> str:
        """PL-10.3: the position as ``viewer`` (None = spectator) sees it."""
        if state.result:
            return self.to_position(state)  # PL-8.6: a finished game shows everything
        return _position_text(state, viewer=viewer, full=False)

    def final_view(self, state: PlateauState) -> PlateauView:
        """PL-8.6 at any ending: a finished game shows everything, however it finished."""
        view = self._view(state, None, reveal=True)
        view["to_move"] = None
        view["actors"] = []
        return view

    def view(self, state: PlateauState, viewer: int | None) -> PlateauView:
        return self._view(state, viewer)

    def _view(self, state: PlateauState, viewer: int | None, reveal: bool = False) -> PlateauView:
        if viewer is not None and viewer not in (0, 1):
            raise ValueError(f"seat {viewer} is not in this game")
        over = bool(state.result) or reveal
        ranks: list[list[list[PlateauPiece]]] = []
        for rank in range(3, -1, -1):
            row: list[list[PlateauPiece]] = []
            for f in range(4):
                stack: list[PlateauPiece] = []
                for p in state.board[rank * 4 + f]:
                    owner = p & 1
                    sees = over or viewer == owner
                    up_pub, down_pub = bool(p & UP_PUB), bool(p & DOWN_PUB)
                    stack.append(
                        {
                            "owner": owner,
                            "up": FACE_CHARS[P_UP[p]] if sees or up_pub else "?",
                            "down": FACE_CHARS[P_DOWN[p]] if sees or down_pub else "?",
                            "up_public": up_pub,
                            "down_public": down_pub,
                        }
                    )
                row.append(stack)
            ranks.append(row)
        reserves: list[list[str] | int] = [
            types_list(r) if over or viewer == q else sum(r) for q, r in enumerate(state.reserves)
        ]
        outcome = self.outcome(state)
        tender: PlateauTender | None = None
        if state.phase == PHASE_REPLY:
            tender = {"types": types_list(state.tender), "value": value_of(state.tender), "tenderer": 1 - state.side}
        to_move = self.to_move(state)
        return {
            "game": self.name,
            "viewer": viewer,
            "players": 2,
            "to_move": to_move,
            "actors": [] if to_move is None else [to_move],
            "ply": state.ply,
            "position": self.to_position(state) if reveal else self.view_notation(state, viewer),
            "last_move": state.last,
            "highlight": list(state.highlight),
            "outcome": outcome.text if outcome else None,
            "winners": list(outcome.winners) if outcome else [],
            "reason": outcome.reason if outcome else None,
            "board": ranks,
            "reserves": reserves,
            "reserve_sizes": [sum(r) for r in state.reserves],
            "prisoners": [types_list(pr) for pr in state.prisoners],
            "phase": PHASE_NAMES[state.phase],
            "side": state.side,
            "tender": tender,
            "refused": state.refused if state.phase == PHASE_REFUSED else None,
            "options": {"repetition_draw": state.repetition_draw, "max_plies": state.max_plies},
        }

    def view_words(self, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The picture in words (its alt text), read from ``view`` alone: a viewer hears the faces its picture
        shows and no other (PL-9.4).  In order:

        - ``empty`` when no piece is on the board (PL-2.1); else a key to how pieces are said, ``key``, or
          ``key_secret`` (``player_seat``: the viewer) in a seat's own view of a game going on where one of its
          faces is its secret (PL-9.2, PL-9.3: drawn faded), which also says that ``secret`` marks such a face;
        - every occupied square in reading order (rank 4 to 1, file a to d, as drawn), its stack from the top down
          by units (PL-1.3): ``single`` for a lone piece (``squares``: every square holding a lone piece said
          alike, ``owner_term``, ``faces_term``), ``stack`` for two pieces and ``tall`` for more (``square``,
          ``height``, and ``owner_term`` and ``pieces_terms`` of the top unit), then ``below`` (``owner_term``,
          ``pieces_terms``) for each unit under it.  A piece is ``faces_`` and its up then down face as the view
          notation marks them (PL-10.3): upper case a public face, lower case a face only the viewer has seen
          (their own piece, PL-9.2), ``?`` a face the viewer has not seen (PL-9.4); a finished game shows every
          face (PL-8.6), all said as public.  Owners are ``owner_Black`` and ``owner_White``;
        - each player (PL-1.4) with their colour (``player_seat``, ``colour_term``): their reserve by its size
          where the viewer may not see it (``player_hidden``, ``pieces_count``, PL-9.4), by type
          (``player_listed``, ``pieces_count`` and ``reserve_list``, PL-9.2), or empty (``player_empty``), with
          ``_prisoners`` after the code when they hold prisoners (public, PL-9.1: ``prisoner_count`` and
          ``prisoners_list`` by type; six win, PL-8.1);
        - a tender waiting for its reply (PL-7.1: ``tenderer_seat``, ``responder_seat``, ``prisoners_list``,
          ``worth``): ``tender`` with ``least``, the worth the reply must reach (PL-7.2: the best the responder's
          prisoners can do without passing the tender's worth), or ``tender_refusable`` when that is 0 and the
          responder may refuse; or after a refusal, ``refused`` (PL-7.4: ``tenderer_seat`` goes on, and a new
          tender must be worth more than ``worth``).
        """
        viewer = view.get("viewer")
        over = view.get("to_move") is None  # PL-8.6: a finished game (final_view too) shows every face
        secret_of = None if over or viewer not in (0, 1) else viewer
        board = view.get("board") or []
        said: list[tuple[str, dict[str, Any]]] = []
        singles: dict[tuple[str, str], list[str]] = {}  # lone pieces said alike: their squares, said together
        for i, rank in enumerate(board[:4]):
            for f, stack in enumerate(list(rank)[:4]):
                if not stack:
                    continue
                square = f"{FILES[f]}{4 - i}"
                units: list[tuple[str, list[str]]] = []
                for piece in reversed(stack):  # PL-1.3: from the top down; a unit is a run of one owner's pieces
                    owner = 1 if piece.get("owner") == 1 else 0
                    faces = _faces_term(piece, secret=owner == secret_of)
                    if units and units[-1][0] == _OWNER_LABELS[owner]:
                        units[-1][1].append(faces)
                    else:
                        units.append((_OWNER_LABELS[owner], [faces]))
                if len(stack) == 1:
                    alike = (units[0][0], units[0][1][0])
                    if alike not in singles:
                        singles[alike] = []
                        said.append(("single", {"squares": singles[alike], "owner_term": alike[0],
                                                "faces_term": alike[1]}))
                    singles[alike].append(square)
                    continue
                (owner_term, top), *rest = units
                said.append(("tall" if len(stack) > 2 else "stack", {"square": square, "height": len(stack),
                                                                    "owner_term": owner_term, "pieces_terms": top}))
                said.extend(("below", {"owner_term": o, "pieces_terms": pieces}) for o, pieces in rest)
        said = [(code, {**facts, "squares": ", ".join(facts["squares"])} if code == "single" else facts)
                for code, facts in said]  # fmt: skip
        secrets = any(mark.islower() for _, facts in said  # a face only the viewer has seen: lower case
                      for term in [facts.get("faces_term", ""), *facts.get("pieces_terms", [])]
                      for mark in term.removeprefix("faces_"))  # fmt: skip
        if not said:
            said.append(("empty", {}))
        else:
            said.insert(0, ("key_secret", {"player_seat": secret_of}) if secrets else ("key", {}))
        reserves = list(view.get("reserves") or [])
        prisoners = [[str(c) for c in held] for held in view.get("prisoners") or []]
        for seat in (0, 1):
            reserve = reserves[seat] if seat < len(reserves) else 0
            held = prisoners[seat] if seat < len(prisoners) else []
            facts: dict[str, Any] = {"player_seat": seat, "colour_term": _OWNER_LABELS[seat]}
            if isinstance(reserve, list) and reserve:  # PL-9.2: the viewer's own (every one once the game is over)
                code = "player_listed"
                facts.update(pieces_count=len(reserve), reserve_list=_type_list([str(c) for c in reserve]))
            elif isinstance(reserve, int) and reserve > 0:  # PL-9.4: only its size
                code = "player_hidden"
                facts["pieces_count"] = reserve
            else:
                code = "player_empty"
            if held:  # PL-9.1: prisoners are public
                code += "_prisoners"
                facts.update(prisoner_count=len(held), prisoners_list=_type_list(held))
            said.append((code, facts))
        tender = view.get("tender")
        if tender:  # PL-7.1, PL-7.2: the tender and what its reply must be worth (all public, PL-9.1)
            tenderer = 1 if tender.get("tenderer") == 1 else 0
            theirs = prisoners[1 - tenderer] if 1 - tenderer < len(prisoners) else []
            worth = int(tender.get("value") or 0)
            least = best_under(tuple(theirs.count(code) for code in TYPE_CODES), worth)
            facts = {"tenderer_seat": tenderer, "responder_seat": 1 - tenderer, "worth": worth,
                     "prisoners_list": _type_list([str(c) for c in tender.get("types") or []])}
            said.append(("tender", {**facts, "least": least}) if least else ("tender_refusable", facts))
        elif view.get("refused") is not None:  # PL-7.4: the tenderer goes on, the bar raised
            said.append(("refused", {"tenderer_seat": 1 if view.get("side") == 1 else 0,
                                     "worth": int(view.get("refused") or 0)}))
        return said

    # ---- JSON --------------------------------------------------------------------------------------
    def to_json(self, state: PlateauState) -> dict[str, Any]:
        return {
            "position": self.to_position(state),
            "result": state.result,
            "history": [_key_text(key) for key in state.history],
            "options": {"repetition_draw": state.repetition_draw, "max_plies": state.max_plies},
            "last": state.last,
            "highlight": list(state.highlight),
        }

    def from_json(self, data: Mapping[str, Any]) -> PlateauState:
        try:
            rep, cap = self._options(data["options"])
            fields = _parse_position(str(data["position"]), view=False)
            result = str(data["result"])
            if result and result not in _ALL_RESULTS:
                raise PositionError(f"unknown result {result!r}")
            history = tuple(_history_key(str(text)) for text in data["history"])
            last = data["last"]
            highlight = tuple(str(sq) for sq in data["highlight"])
        except (KeyError, TypeError, OptionError) as exc:
            raise PositionError(f"not a Plateau state: {exc}") from None
        if last is not None and not isinstance(last, str):
            raise PositionError("not a Plateau state: bad last move")
        if any(sq not in SQUARE_OF for sq in highlight):
            raise PositionError("not a Plateau state: bad highlight")
        key, ply = fields
        if not history or history[-1] != key:
            raise PositionError("not a Plateau state: the history must end with the current position")
        board, side, phase, tender, refused, reserves, prisoners = key
        return PlateauState(
            board, side, phase, tender, refused, reserves, prisoners, ply, result,
            history, _marks(history), rep, cap, last, highlight,
        )  # fmt: skip

    # ---- perft -------------------------------------------------------------------------------------
    def perft(self, state: PlateauState, depth: int) -> int:
        """PL-10.7, counting the last ply in bulk."""
        if depth <= 0:
            return 1
        if state.result:
            return 0
        if depth == 1:
            return self.count_moves(state)
        return sum(self.perft(self.apply(state, m), depth - 1) for m in self.unordered_moves(state))

    def determinize(self, view: PlateauView, seat: int | None, rng: random.Random) -> PlateauState:
        return determinize(view, seat, rng)

    @reads_position
    def view_from_text(
        self, text: str, seat: int | None, options: Mapping[str, Any] | None = None
    ) -> PlateauView:
        """``seat``'s view of a full position or of a view notation (PL-10.3: ``?``, ``#n``).

        Text without those marks is a full position, read by ``from_position`` (the same refusals).  A
        view is read into a state that fills in what it hides (``_filled_view``); ``seat`` sees none of
        the filling, so the view it gets is the one it had.
        """
        if not isinstance(text, str) or ("?" not in text and "#" not in text):
            return super().view_from_text(text, seat, options)
        rep, cap = self._options(options)
        return self.view(_filled_view(text, seat, rep, cap), seat)


# ---- position text --------------------------------------------------------------------------------
def _piece_text(p: int, viewer: int | None, full: bool) -> str:
    owner = p & 1
    sees = full or viewer == owner
    out = [OWNER_LETTERS[owner]]
    for face, bit in ((P_UP[p], UP_PUB), (P_DOWN[p], DOWN_PUB)):
        if p & bit:
            out.append(FACE_CHARS[face].upper())
        elif sees:
            out.append(FACE_CHARS[face])
        else:
            out.append("?")
    return "".join(out)


def _board_text(board, viewer: int | None, full: bool) -> str:
    ranks = []
    for rank in range(3, -1, -1):
        items: list[str] = []
        empty = 0
        for f in range(4):
            s = board[rank * 4 + f]
            if not s:
                empty += 1
                continue
            if empty:
                items.append(str(empty))
                empty = 0
            items.append(".".join(_piece_text(p, viewer, full) for p in s))
        if empty:
            items.append(str(empty))
        ranks.append(",".join(items))
    return "/".join(ranks)


def _phase_text(phase: int, tender: tuple[int, ...], refused: int) -> str:
    if phase == PHASE_REPLY:
        return f"reply:{format_types(tender)}"
    if phase == PHASE_REFUSED:
        return f"refused:{refused}"
    return PHASE_NAMES[phase]


@lru_cache(maxsize=8192)
def _key_text(key: tuple) -> str:
    board, side, phase, tender, refused, reserves, prisoners = key
    return " ".join(
        [
            _board_text(board, None, True),
            OWNER_LETTERS[side],
            _phase_text(phase, tender, refused),
            format_types(reserves[0]),
            format_types(reserves[1]),
            format_types(prisoners[0]),
            format_types(prisoners[1]),
        ]
    )


def _position_text(state: PlateauState, viewer: int | None, full: bool) -> str:
    reserves = [
        format_types(r) if full or viewer == q else f"#{sum(r)}" for q, r in enumerate(state.reserves)
    ]
    return " ".join(
        [
            _board_text(state.board, viewer, full),
            OWNER_LETTERS[state.side],
            _phase_text(state.phase, state.tender, state.refused),
            reserves[0],
            reserves[1],
            format_types(state.prisoners[0]),
            format_types(state.prisoners[1]),
            str(state.ply),
        ]
    )


_PIECE_RE = re.compile(r"([BW])([rboxRBOX?])([rboxRBOX?])")


def _digits(text: str) -> bool:
    """Whether ``text`` is a number in the notation's digits, 0-9 (``"²".isdigit()`` is true; ``int`` refuses it)."""
    return text.isascii() and text.isdigit()


UNKNOWN = -1


def _parse_board(text: str, view: bool) -> list[list[tuple[int, int, int, bool, bool]]]:
    """Board field -> 16 lists of (owner, up, down, up_public, down_public); faces -1 = '?'."""
    ranks = text.split("/")
    if len(ranks) != 4:
        raise PositionError(f"the board needs 4 ranks separated by '/', got {len(ranks)}")
    squares: list[list[tuple[int, int, int, bool, bool]]] = [[] for _ in range(16)]
    for i, rank_text in enumerate(ranks):
        rank = 3 - i
        f = 0
        for item in rank_text.split(","):
            if _digits(item):
                n = int(item)
                if n < 1:
                    raise PositionError(f"bad empty run {item!r} on rank {rank + 1}")
                f += n
                continue
            if f >= 4:
                raise PositionError(f"rank {rank + 1} has more than 4 squares")
            stack = []
            for piece in item.split("."):
                m = _PIECE_RE.fullmatch(piece)
                if not m or ("?" in piece and not view):
                    raise PositionError(f"{piece!r} is not a piece (owner B/W, up face, down face: BRb)")
                owner = OWNER_LETTERS.index(m.group(1))
                faces = []
                for ch in (m.group(2), m.group(3)):
                    faces.append((UNKNOWN, False) if ch == "?" else (FACE_OF[ch.lower()], ch.isupper()))
                (up, up_pub), (down, down_pub) = faces
                if up != UNKNOWN and down != UNKNOWN and (up, down) not in TYPE_OF_FACES:
                    raise PositionError(f"{piece!r}: no piece has faces {FACE_CHARS[up]} and {FACE_CHARS[down]}")
                stack.append((owner, up, down, up_pub, down_pub))
            squares[rank * 4 + f] = stack
            f += 1
        if f != 4:
            raise PositionError(f"rank {rank + 1} has {f} squares, not 4")
    return squares


def _parse_fields(text: str, view: bool) -> dict[str, Any]:
    """Syntax of a position (or, with ``view``, a view) string."""
    if not isinstance(text, str):
        raise PositionError("a position is a string")
    fields = text.split()
    if len(fields) != 8:
        raise PositionError(f"a position has 8 fields (board side phase reserve0 reserve1 prisoners0 prisoners1 ply), "
                            f"got {len(fields)}")  # fmt: skip
    board_text, side_text, phase_text, r0, r1, p0, p1, ply_text = fields
    squares = _parse_board(board_text, view)
    if side_text not in ("B", "W"):
        raise PositionError(f"side must be B or W, not {side_text!r}")
    side = OWNER_LETTERS.index(side_text)
    tender: tuple[int, ...] = ZERO7
    refused = 0
    if phase_text == "open":
        phase = PHASE_OPEN
    elif phase_text == "turn":
        phase = PHASE_TURN
    elif phase_text.startswith("reply:"):
        phase = PHASE_REPLY
        tender = parse_types(phase_text[6:], PositionError, allow_empty=False)
    elif phase_text.startswith("refused:") and _digits(phase_text[8:]):
        phase = PHASE_REFUSED
        refused = int(phase_text[8:])
        if refused < 1:
            raise PositionError("a refused tender is worth at least 1")
    else:
        raise PositionError(f"phase must be open, turn, reply:T or refused:t, not {phase_text!r}")
    reserves: list[Any] = []
    for r in (r0, r1):
        if view and r.startswith("#") and _digits(r[1:]):
            reserves.append(int(r[1:]))
        else:
            reserves.append(parse_types(r, PositionError))
    prisoners = (parse_types(p0, PositionError), parse_types(p1, PositionError))
    if not _digits(ply_text):
        raise PositionError(f"ply must be a whole number, not {ply_text!r}")
    return {
        "squares": squares, "side": side, "phase": phase, "tender": tender, "refused": refused,
        "reserves": reserves, "prisoners": prisoners, "ply": int(ply_text),
    }  # fmt: skip


def _validate(board, side, phase, tender, reserves, prisoners) -> None:
    """PL-10.1 validity: 12 pieces per player, public top faces, tender among prisoners."""
    for q in (0, 1):
        counts = list(reserves[q])
        for i in range(7):
            counts[i] += prisoners[1 - q][i]
        for s in board:
            for p in s:
                if p & 1 == q:
                    counts[P_TYPE[p]] += 1
        if tuple(counts) != FULL_SET:
            raise PositionError(
                f"{'Black' if q == 0 else 'White'} must have exactly the 12 pieces of PL-1.2 "
                f"(board + reserve + opponent's prisoners: {format_types(tuple(counts))})"
            )
    for sq, s in enumerate(board):
        if s and not s[-1] & UP_PUB:
            raise PositionError(f"the top piece on {NAMES[sq]} must have its up face public (PL-9.3)")
    if phase == PHASE_REPLY and any(t > h for t, h in zip(tender, prisoners[1 - side])):
        raise PositionError("the tender must be part of the tenderer's prisoners (PL-10.1)")
    if phase == PHASE_OPEN:
        pieces = [(sq, s) for sq, s in enumerate(board) if s]
        expected = 0 if side == 0 else 1
        if len(pieces) != expected or any(len(s) != 2 or s[0] & 1 or s[1] & 1 or sq not in PERIMETER
                                          for sq, s in pieces):  # fmt: skip
            raise PositionError("in the opening the board holds only Black's opening stack (PL-2.2)")


@lru_cache(maxsize=8192)
def _history_key(text: str) -> tuple:
    """The key of a history entry (a position string without its ply), cached: JSON snapshots
    repeat the same history entries ply after ply."""
    return _parse_position(f"{text} 0", view=False)[0]


def _parse_position(text: str, view: bool) -> tuple[tuple, int]:
    """A full position string -> (key, ply), validated."""
    f = _parse_fields(text, view)
    board = tuple(
        tuple(make_piece(o, u, d, up, dp) for o, u, d, up, dp in s) for s in f["squares"]
    )
    reserves = (f["reserves"][0], f["reserves"][1])
    prisoners = f["prisoners"]
    _validate(board, f["side"], f["phase"], f["tender"], reserves, prisoners)
    key = _key(board, f["side"], f["phase"], f["tender"], f["refused"], reserves, prisoners)
    return key, f["ply"]


# ---- judging (PL-8) -------------------------------------------------------------------------------
_WIN_TEXTS = {(q, why): f"winner {q} ({why})" for q in (0, 1) for why in ("prisoners", "stack")}
_DRAW_TEXTS = ("draw (repetition)", "draw (ply limit)", "draw (no moves)")
_ALL_RESULTS = frozenset(_WIN_TEXTS.values()) | frozenset(_DRAW_TEXTS)


def _outcome_of(text: str) -> Outcome:
    if text.startswith("winner"):
        seat = int(text[7])
        reason = text[text.index("(") + 1 : -1]
        placements = (1, 2) if seat == 0 else (2, 1)
        return Outcome(winners=(seat,), reason=reason, text=text, placements=placements)
    reason = text[text.index("(") + 1 : -1]
    return Outcome(winners=(), reason=reason, text=text, draw=True, placements=(1, 1))


def _outcome_facts(state: PlateauState, outcome: Outcome) -> dict[str, Any]:
    """Facts for the players' sentence: prisoners held, the longest own run in one stack and where (PL-8.1)."""
    facts: dict[str, Any] = {"plies": state.ply}
    if outcome.winners:
        q = outcome.winners[0]
        facts["count"] = sum(state.prisoners[q])
        if outcome.reason == "stack":
            best, where = 0, 0
            for sq, stack in enumerate(state.board):
                run = 0
                for p in stack:
                    run = run + 1 if p & 1 == q else 0
                    if run > best:
                        best, where = run, sq
            facts["count"], facts["square"] = best, NAMES[where]
    return facts


_BUCKETS = 1023  # PL-8.3: history hashes are bucketed by their low 10 bits


def _marks(history: tuple[tuple, ...]) -> tuple[int, int]:
    """The buckets hit once and twice or more by the hashes of ``history`` (see PlateauState)."""
    once = twice = 0
    for key in history:
        bit = 1 << (hash(key) & _BUCKETS)
        twice |= once & bit
        once |= bit
    return once, twice


def _judge(board, side, phase, tender, refused, reserves, prisoners, ply, actor, touched, history, marks,
           rep: bool, cap: int) -> tuple[str, tuple, tuple[int, int]]:  # fmt: skip
    """PL-8.6: win, repetition, ply limit, no legal action — in that order.

    Returns the result text, and the history and marks with this position appended.
    """
    key = (board, side, phase, tender, refused, reserves, prisoners)
    bit = 1 << (hash(key) & _BUCKETS)
    once, twice = marks
    maybe_third = twice & bit  # 0: fewer than two earlier positions share this hash bucket
    marks = (once | bit, twice | (once & bit))
    # PL-8.3: the history serves the repetition draw only; without it, only the current position is
    # kept, so a long game's state (and its JSON snapshot, and the cost of a move) stays flat
    history = history + (key,) if rep else (key,)  # noqa: RUF005 (one copy; the unpacking form copies twice)
    tall = False
    for sq in touched:
        if len(board[sq]) >= 6:
            tall = True
            break
    if tall or sum(prisoners[0]) >= 6 or sum(prisoners[1]) >= 6:
        winners = []
        for q in (0, 1):
            if sum(prisoners[q]) >= 6:
                winners.append((q, "prisoners"))
            elif tall and any(_has_six(board[sq], q) for sq in touched):
                winners.append((q, "stack"))
        if winners:
            if len(winners) == 2:  # PL-8.2: the player who acted wins
                winners = [w for w in winners if w[0] == actor]
            return _WIN_TEXTS[winners[0]], history, marks
    if rep and maybe_third and history.count(key) >= 3:
        return "draw (repetition)", history, marks
    if cap and ply >= cap:
        return "draw (ply limit)", history, marks
    if phase == PHASE_TURN and reserves[side] != ZERO7 and () in board:
        return "", history, marks  # the usual case: an onboard on an empty square (PL-4.1)
    if not _has_action(board, side, phase, reserves, prisoners, refused) and not _has_action(
        board, 1 - side, PHASE_TURN, reserves, prisoners, 0
    ):
        return "draw (no moves)", history, marks  # PL-8.4
    return "", history, marks


_new_state = tuple.__new__  # PlateauState(...) without the NamedTuple's Python-level __new__


def _loaded(fields: tuple[tuple, int], rep: bool, cap: int) -> PlateauState:
    """A state from a validated position, judged at once (PL-8.6); its history starts there."""
    key, ply = fields
    board, side, phase, tender, refused, reserves, prisoners = key
    result, history, marks = _judge(board, side, phase, tender, refused, reserves, prisoners, ply, 1 - side,
                                    range(16), (), (0, 0), rep, cap)  # fmt: skip
    return PlateauState(board, side, phase, tender, refused, reserves, prisoners, ply, result, history, marks,
                        rep, cap, None, ())  # fmt: skip


def _next(state: PlateauState, board, side, phase, tender, refused, reserves, prisoners, touched, last: str,
          highlight: tuple[str, ...]) -> PlateauState:  # fmt: skip
    ply = state.ply + 1
    rep, cap = state.repetition_draw, state.max_plies
    result, history, marks = _judge(
        board, side, phase, tender, refused, reserves, prisoners, ply, state.side, touched, state.history,
        state.marks, rep, cap,
    )  # fmt: skip
    return _new_state(PlateauState, (board, side, phase, tender, refused, reserves, prisoners, ply, result, history,
                                     marks, rep, cap, last, highlight))  # fmt: skip


# ---- applying each kind of move -------------------------------------------------------------------
def _side_name(p: int) -> str:
    return "Black" if p == 0 else "White"


def _need_turn(state: PlateauState, what: str) -> None:
    if state.phase == PHASE_OPEN:
        raise IllegalMoveError(f"PL-2.2: the game opens with a two-piece stack on an empty edge square (such as "
                               f"+xx.rb@a1), not with {what}", code="opening_first", facts={"what": what})
    if state.phase == PHASE_REPLY:
        t = value_of(state.tender)
        m = best_under(state.prisoners[state.side], t)
        if m:  # PL-7.2: the most the responder can match without going over the tender, and no refusal
            raise IllegalMoveError(f"PL-7.2: {_side_name(state.side)} must first answer the tender worth {t}: "
                                   f"return prisoners worth at least {m}, the most they can match without going "
                                   "over it", code="answer_tender", facts={"side": _side_name(state.side),
                                                                          "tender": t, "least": m})
        raise IllegalMoveError(f"PL-7.2: {_side_name(state.side)} must first answer the tender worth {t}: refuse "
                               "it (nothing they hold is worth that little) or return prisoners",
                               code="answer_tender_refusable", facts={"side": _side_name(state.side), "tender": t})


def _square(sq: Any) -> int:
    if not isinstance(sq, int) or isinstance(sq, bool) or not 0 <= sq < 16:
        raise InvalidMoveError(f"not a square: {sq!r}", code="not_square", facts={"square": repr(sq)})
    return sq


def _choice(pair: Any) -> int:
    if not isinstance(pair, str) or pair not in CHOICE_TYPE:
        raise InvalidMoveError(f"no piece has the faces {pair!r}", code="no_faces", facts={"faces": repr(pair)})
    return CHOICE_TYPE[pair]


def _take(reserve: tuple[int, ...], t: int, p: int, rule: str = "PL-4.1") -> tuple[int, ...]:
    if not reserve[t]:
        raise IllegalMoveError(f"{rule}: {_side_name(p)} has no {TYPE_NAMES[t]} ({TYPE_CODES[t]}) left in reserve",
                               code="none_in_reserve",
                               facts={"side": _side_name(p), "piece": TYPE_NAMES[t], "type": TYPE_CODES[t]})
    out = list(reserve)
    out[t] -= 1
    return tuple(out)


def _with_reserve(reserves, p: int, new: tuple[int, ...]):
    return (new, reserves[1]) if p == 0 else (reserves[0], new)


def _apply_open(state: PlateauState, move: OpeningMove) -> PlateauState:
    _, sq, bottom, top = move
    if state.phase != PHASE_OPEN:
        raise IllegalMoveError("PL-2.2: the opening placement is over", code="opening_over")
    sq = _square(sq)
    tb, tt = _choice(bottom), _choice(top)
    p = state.side
    if sq not in PERIMETER:
        raise IllegalMoveError(f"PL-2.2: the opening stack goes on an empty perimeter square, not {NAMES[sq]}",
                               code="opening_edge", facts={"square": NAMES[sq]})
    if state.board[sq]:
        raise IllegalMoveError(f"PL-2.2: {NAMES[sq]} is not empty", code="not_empty", facts={"square": NAMES[sq]})
    if tb == tt and state.reserves[p][tb] == 1:  # two of a type the reserve holds one of
        raise IllegalMoveError(f"PL-2.2: {_side_name(p)} has only one {TYPE_NAMES[tb]} ({TYPE_CODES[tb]}) in reserve, "
                               "and the opening stack needs two", code="only_one_in_reserve",
                               facts={"side": _side_name(p), "piece": TYPE_NAMES[tb], "type": TYPE_CODES[tb]})
    reserve = _take(_take(state.reserves[p], tb, p, "PL-2.2"), tt, p, "PL-2.2")
    # PL-9.3 (a): only the up face of the top piece is public
    stack = (
        make_piece(p, FACE_OF[bottom[0]], FACE_OF[bottom[1]]),
        make_piece(p, FACE_OF[top[0]], FACE_OF[top[1]], up_public=True),
    )
    board = (*state.board[:sq], stack, *state.board[sq + 1:])
    side, phase = (1, PHASE_OPEN) if p == 0 else (0, PHASE_TURN)
    return _next(state, board, side, phase, ZERO7, 0, _with_reserve(state.reserves, p, reserve), state.prisoners,
                 (sq,), f"+??.{top[0]}?@{NAMES[sq]}", (NAMES[sq],))  # fmt: skip


#: PL-9.3 (b): the onboarded piece of each player and face pair, its up face public
_ONBOARD_PIECE = tuple(
    {c: make_piece(p, FACE_OF[c[0]], FACE_OF[c[1]], up_public=True) for c in CHOICES} for p in (0, 1)
)


def _apply_onboard(state: PlateauState, move: OnboardMove) -> PlateauState:
    _, sq, level, pair = move
    if state.phase != PHASE_TURN and state.phase != PHASE_REFUSED:
        _need_turn(state, "an onboard")
    if sq.__class__ is not int or not 0 <= sq < 16:
        sq = _square(sq)
    t = _choice(pair)
    p = state.side
    s = state.board[sq]
    h = len(s)
    if h == 0 and isinstance(level, int) and not isinstance(level, bool) and level > 0:
        raise IllegalMoveError(f"PL-4.1: {NAMES[sq]} is empty, so there is no stack to go into: put the piece on "
                               f"it with no level (like +xx@{NAMES[sq]})",
                               code="onboard_level_empty",
                               facts={"square": NAMES[sq], "level": level})
    if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= h:
        raise IllegalMoveError(f"PL-4.1: a piece goes into the stack on {NAMES[sq]} at a level from 0 (the bottom) "
                               f"to {h} (the top), not {level}", code="onboard_level",
                               facts={"square": NAMES[sq], "top": h, "level": level})
    if s and not ((level < h and s[level] & 1 == p) or (level > 0 and s[level - 1] & 1 == p)):
        raise IllegalMoveError(f"PL-4.1: a piece onboarded into a stack must touch one of your pieces "
                               f"(level {level} on {NAMES[sq]} does not)", code="onboard_touch",
                               facts={"square": NAMES[sq], "level": level})  # fmt: skip
    reserve = _take(state.reserves[p], t, p)
    piece = _ONBOARD_PIECE[p][pair]
    if level:  # PL-9.3 (b): the up face of the piece directly below becomes public too
        stack = (*s[: level - 1], s[level - 1] | UP_PUB, piece, *s[level:])
    else:
        stack = (piece, *s)
    board = (*state.board[:sq], stack, *state.board[sq + 1:])
    where = NAMES[sq] if level == h else f"{NAMES[sq]}:{level}"
    return _next(state, board, 1 - p, PHASE_TURN, ZERO7, 0, _with_reserve(state.reserves, p, reserve),
                 state.prisoners, (sq,), f"+{pair[0]}?@{where}", (NAMES[sq],))  # fmt: skip


def _origin(state: PlateauState, flip: Any, sq: Any) -> tuple[int, tuple[int, ...], int, int]:
    """PL-5.1/5.2: the origin stack (flipped if asked), N, and the top face."""
    if state.phase != PHASE_TURN and state.phase != PHASE_REFUSED:
        _need_turn(state, "a move")
    if sq.__class__ is not int or not 0 <= sq < 16:
        sq = _square(sq)
    if flip is not True and flip is not False:
        raise InvalidMoveError(f"flip must be true or false, not {flip!r}", code="bad_flip", facts={"flip": repr(flip)})
    p = state.side
    s = state.board[sq]
    if not s:
        raise IllegalMoveError(f"PL-5.1: {NAMES[sq]} is empty: there is nothing to move there", code="move_empty",
                               facts={"square": NAMES[sq]})
    if s[-1] & 1 != p:
        raise IllegalMoveError(f"PL-5.1: {_side_name(p)} does not control {NAMES[sq]}", code="not_control",
                               facts={"side": _side_name(p), "square": NAMES[sq]})
    h = len(s)
    n = 1
    while n < h and s[h - 1 - n] & 1 == p:  # PL-5.1: N, the size of the top unit
        n += 1
    top = s[-1]
    if flip:
        if P_UP[top] == P_DOWN[top]:
            raise IllegalMoveError(f"PL-5.2: the top piece on {NAMES[sq]} has the same face on both sides "
                                   f"and cannot be flipped", code="no_flip", facts={"square": NAMES[sq]})  # fmt: skip
        top = P_FLIP[top]  # PL-9.3 (c): both faces, and the up face of the piece directly below
        s = (*s[:-2], s[-2] | UP_PUB, top) if h > 1 else (top,)
    return sq, s, n, P_UP[top]


def _add_prisoners(prisoners, p: int, captured: tuple[int, ...]):
    if not captured:
        return prisoners
    mine = list(prisoners[p])
    for c in captured:
        mine[P_TYPE[c]] += 1
    return (tuple(mine), prisoners[1]) if p == 0 else (prisoners[0], tuple(mine))


def _apply_stomp(state: PlateauState, move: StompMove) -> PlateauState:
    _, flip, sq = move
    sq, s, n, face = _origin(state, flip, sq)
    p = state.side
    if face == BLANK:
        raise IllegalMoveError("PL-5.8: a stomp needs a marker (red, blue or orange) on top", code="stomp_marker")
    if n == len(s):
        raise IllegalMoveError(f"PL-5.8: a stomp needs enemy pieces under your top unit on {NAMES[sq]}",
                               code="stomp_enemy", facts={"square": NAMES[sq]})
    s, captured = _capture(s, p)
    board = (*state.board[:sq], s, *state.board[sq + 1:])
    prisoners = _add_prisoners(state.prisoners, p, captured)
    text = f"{'*' if flip else ''}{NAMES[sq]}!"
    return _next(state, board, 1 - p, PHASE_TURN, ZERO7, 0, state.reserves, prisoners, (sq,), text, (NAMES[sq],))


def _stops(value: Any) -> tuple[tuple[int, Any], ...]:
    """The stops of a move tuple, each (square, pieces continuing): read, not yet judged (PL-5.5)."""
    if not isinstance(value, tuple) or not all(isinstance(stop, tuple) and len(stop) == 2 for stop in value):
        raise InvalidMoveError(f"not a list of stops: {value!r}", code="bad_stops", facts={"stops": repr(value)})
    return tuple((_square(sq), j) for sq, j in value)


def _apply_move(state: PlateauState, move: StackMove) -> PlateauState:
    _, flip, origin, k, stops, dest = move
    origin, s, n, face = _origin(state, flip, origin)
    p = state.side
    if dest.__class__ is not int or not 0 <= dest < 16:
        dest = _square(dest)
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= n:
        lift = "only 1 piece" if n == 1 else f"1 to {n} pieces"
        raise IllegalMoveError(f"PL-5.3: from {NAMES[origin]} you may lift {lift} (your top unit), not {k}",
                               code="lift_one" if n == 1 else "lift",
                               facts={"square": NAMES[origin], "most": n, "lifted": k})
    if stops.__class__ is not tuple or stops:
        stops = _stops(stops)
    # the path (PL-5.4 / PL-5.7)
    if face == ORANGE:
        mid = KNIGHT_MID[origin].get(dest)
        if mid is None:
            raise IllegalMoveError(f"PL-5.7: a Twister group must end a knight's move from {NAMES[origin]}",
                                   code="twister_end", facts={"square": NAMES[origin]})
        if len(stops) > 1 or (stops and stops[0][0] != mid):
            raise IllegalMoveError(f"PL-5.7: the only stop on the way to {NAMES[dest]} is {NAMES[mid]}",
                                   code="twister_stop", facts={"dst": NAMES[dest], "stop": NAMES[mid]})
    else:
        line = LINE[origin].get(dest)
        if line is None:
            raise IllegalMoveError(f"PL-5.4: {NAMES[dest]} is not on a straight line from {NAMES[origin]}",
                                   code="not_line", facts={"dst": NAMES[dest], "src": NAMES[origin]})
        d, dist = line
        if face == RED and d >= 4:
            raise IllegalMoveError("PL-5.3: a red-topped group moves orthogonally", code="red_orthogonal")
        if face == BLUE and d < 4:
            raise IllegalMoveError("PL-5.3: a blue-topped group moves diagonally", code="blue_diagonal")
        if dist > n:
            far = "1 square" if n == 1 else f"{n} squares"
            raise IllegalMoveError(f"PL-5.4: this group may travel at most {far} (as many as your top unit has pieces)",
                                   code="too_far" if n > 1 else "too_far_one", facts={"squares": n})
        before = 0
        for sq, _ in stops:
            at = LINE[origin].get(sq)
            if at is None or at[0] != d or not before < at[1] < dist:
                raise IllegalMoveError("PL-5.4: each stop lies on the line, farther than the previous, before the end",
                                       code="stop_order")
            before = at[1]
    board = list(state.board)
    h = len(s)
    group = s[h - k :]
    rest = s[: h - k]  # any remainder may stay (PL-5.3)
    if rest and not rest[-1] & UP_PUB:
        rest = (*rest[:-1], rest[-1] | UP_PUB)  # PL-9.3 (d)
    board[origin] = rest
    if stops:
        path = [NAMES[origin]]
        for sq, j in stops:
            t = board[sq]
            g = len(group)
            enemy = bool(t) and t[-1] & 1 != p
            combined = t + group
            u = _unit(combined, p)
            if not isinstance(j, int) or isinstance(j, bool) or j == g or not 1 <= j <= u:
                raise IllegalMoveError(f"PL-5.5: at {NAMES[sq]} continue with 1 to {u} pieces of your top unit, "
                                       f"other than the {g} that arrived", code="stop_part",
                                       facts={"square": NAMES[sq], "most": u, "arrived": g})  # fmt: skip
            if enemy and not P_MARKER[group[g - j - 1]]:
                raise IllegalMoveError(f"PL-5.5: a part left on an enemy-topped stack ({NAMES[sq]}) must show a "
                                       f"marker on top: blanks never start a pin", code="stop_blank",
                                       facts={"square": NAMES[sq]})  # fmt: skip
            group = combined[-j:]
            board[sq] = _reveal_top(combined[:-j])  # PL-9.3 (d)
            path.append(NAMES[sq])
    t = board[dest]
    if not _may_end_on(face != BLANK, _square_code(t, p)):
        raise IllegalMoveError(f"PL-5.6: a blank-topped group never ends on an enemy-topped stack ({NAMES[dest]})",
                               code="blank_on_enemy", facts={"square": NAMES[dest]})
    landed, captured = _capture(t + group, p)  # PL-6
    board[dest] = landed
    prisoners = _add_prisoners(state.prisoners, p, captured) if captured else state.prisoners
    if stops:
        path.append(NAMES[dest])
        text = f"{'*' if flip else ''}{NAMES[origin]}:{k}" + "".join(f"-{NAMES[sq]}:{j}" for sq, j in stops)
        text += f"-{NAMES[dest]}"
        touched = (origin, dest, *(sq for sq, _ in stops))
        highlight = tuple(path)
    else:
        highlight = (NAMES[origin], NAMES[dest])
        text = f"*{highlight[0]}:{k}-{highlight[1]}" if flip else f"{highlight[0]}:{k}-{highlight[1]}"
        touched = (origin, dest)
    return _next(state, tuple(board), 1 - p, PHASE_TURN, ZERO7, 0, state.reserves, prisoners, touched, text,
                 highlight)  # fmt: skip


def _counts(value: Any) -> tuple[int, ...]:
    if not isinstance(value, tuple) or len(value) != 7 or any(
        not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in value
    ):
        raise InvalidMoveError(f"not a type list: {value!r}", code="not_types", facts={"types": repr(value)})
    if not any(value):
        raise InvalidMoveError("a tender or return names at least one prisoner", code="no_prisoner_named")
    return value


def _apply_tender(state: PlateauState, move: TenderMove) -> PlateauState:
    counts = _counts(move[1])
    _need_turn(state, "a tender")
    p = state.side
    if any(c > h for c, h in zip(counts, state.prisoners[p])):
        raise IllegalMoveError(f"PL-7.1: you can only tender prisoners you hold ({format_types(state.prisoners[p])})",
                               code="tender_held", facts={"held": format_types(state.prisoners[p])})
    if not any(state.prisoners[1 - p]):
        raise IllegalMoveError("PL-7.1: you can tender only when your opponent holds a prisoner too",
                               code="tender_both")
    t = value_of(counts)
    if state.phase == PHASE_REFUSED and t <= state.refused:
        raise IllegalMoveError(f"PL-7.4: after a refusal a new tender must be worth more than {state.refused}",
                               code="tender_more", facts={"value": state.refused})
    text = f"tender:{format_types(counts)}"
    return _next(state, state.board, 1 - p, PHASE_REPLY, counts, 0, state.reserves, state.prisoners, (), text, ())


def _need_reply(state: PlateauState) -> None:
    if state.phase != PHASE_REPLY:
        raise IllegalMoveError("PL-7.2: there is no tender to reply to", code="no_tender")


def _apply_return(state: PlateauState, move: ReturnMove) -> PlateauState:
    counts = _counts(move[1])
    _need_reply(state)
    p = state.side
    mine = state.prisoners[p]
    if any(c > h for c, h in zip(counts, mine)):
        raise IllegalMoveError(f"PL-7.2: you can only return prisoners you hold ({format_types(mine)})",
                               code="return_held", facts={"held": format_types(mine)})
    t = value_of(state.tender)
    m = best_under(mine, t)
    if value_of(counts) < m:
        raise IllegalMoveError(f"PL-7.2: the tender is worth {t}; your return must be worth at least {m}",
                               code="return_worth", facts={"tender": t, "least": m})
    tenderer = 1 - p
    # PL-7.3: T goes to the responder's reserve, S to the tenderer's reserve
    new_mine = tuple(h - c for h, c in zip(mine, counts))
    new_theirs = tuple(h - c for h, c in zip(state.prisoners[tenderer], state.tender))
    prisoners = (new_mine, new_theirs) if p == 0 else (new_theirs, new_mine)
    r_mine = tuple(a + b for a, b in zip(state.reserves[p], state.tender))
    r_theirs = tuple(a + b for a, b in zip(state.reserves[tenderer], counts))
    reserves = (r_mine, r_theirs) if p == 0 else (r_theirs, r_mine)
    text = f"return:{format_types(counts)}"
    return _next(state, state.board, p, PHASE_TURN, ZERO7, 0, reserves, prisoners, (), text, ())


def _apply_refuse(state: PlateauState, move: RefuseMove) -> PlateauState:
    _need_reply(state)
    p = state.side
    t = value_of(state.tender)
    m = best_under(state.prisoners[p], t)
    if m:
        raise IllegalMoveError(f"PL-7.2: you may refuse only when none of your prisoners fits under {t}; "
                               f"return a set worth at least {m}", code="refuse_fits",
                               facts={"tender": t, "least": m})  # fmt: skip
    return _next(state, state.board, 1 - p, PHASE_REFUSED, ZERO7, t, state.reserves, state.prisoners, (), "refuse",
                 ())  # fmt: skip


def _apply_pass(state: PlateauState, move: PassMove) -> PlateauState:
    _need_turn(state, "a pass")
    if _has_action(state.board, state.side, state.phase, state.reserves, state.prisoners, state.refused):
        raise IllegalMoveError("PL-3.2: you may pass only when you have no other legal action", code="pass_only")
    return _next(state, state.board, 1 - state.side, PHASE_TURN, ZERO7, 0, state.reserves, state.prisoners, (),
                 "pass", ())  # fmt: skip


#: the kind of each kind's number (see "moves (PL-10.4)" above)
_KINDS: dict[int, type[PlateauMove]] = {
    K_OPEN: OpeningMove,
    K_ONBOARD: OnboardMove,
    K_MOVE: StackMove,
    K_STOMP: StompMove,
    K_TENDER: TenderMove,
    K_RETURN: ReturnMove,
    K_REFUSE: RefuseMove,
    K_PASS: PassMove,
}
#: the length of each kind of move tuple
_ARITY = {kind: len(named._fields) for kind, named in _KINDS.items()}

#: each kind's referee; ``apply`` checks a move's kind and length before it calls one
_HANDLERS: dict[int, Callable[[PlateauState, Any], PlateauState]] = {
    K_OPEN: _apply_open,
    K_ONBOARD: _apply_onboard,
    K_MOVE: _apply_move,
    K_STOMP: _apply_stomp,
    K_TENDER: _apply_tender,
    K_RETURN: _apply_return,
    K_REFUSE: _apply_refuse,
    K_PASS: _apply_pass,
}


# ---- move notation ----------------------------------------------------------------------------------
_SQ = r"[a-d][1-4]"
_RE_OPEN = re.compile(rf"\+([rbox]{{2}})\.([rbox]{{2}})@({_SQ})")
_RE_ONBOARD = re.compile(rf"\+([rbox]{{2}})@({_SQ})(?::(\d{{1,2}}))?")
_RE_STOMP = re.compile(rf"(\*?)({_SQ})!")
_RE_MOVE = re.compile(rf"(\*?)({_SQ})(?::(\d{{1,2}}))?((?:-{_SQ}:\d{{1,2}})*)-({_SQ})")
_RE_STOP = re.compile(rf"-({_SQ}):(\d{{1,2}})")
#: a few moves as examples, in words: a refusal never cuts a list of moves mid-way (the player's own list
#: of legal moves follows it, from the tables layer)
_EXAMPLES = "for example +xr@c2 brings a Red Mask onto c2, a1:2-a3 moves two pieces"
_OPENING_EXAMPLE = "the opening is a stack of two, like +xx.rb@a1: your Ace, red face up, on your Mute"


def _parse_move(state: PlateauState, text: str) -> PlateauMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text, not {type(text).__name__}", code="not_text",
                               facts={"kind": type(text).__name__})
    raw = "".join(text.split()).lower()
    if "?" in raw:
        raise InvalidMoveError("a move names the faces of its pieces; ? only hides them in the public record",
                               code="hidden_faces")
    if raw == "pass":
        return PASS
    if raw == "refuse":
        return REFUSE
    if raw.startswith("tender:"):
        return TenderMove(K_TENDER, parse_types(raw[7:], InvalidMoveError, allow_empty=False))
    if raw.startswith("return:"):
        return ReturnMove(K_RETURN, parse_types(raw[7:], InvalidMoveError, allow_empty=False))
    m = _RE_OPEN.fullmatch(raw)
    if m:
        return OpeningMove(K_OPEN, SQUARE_OF[m.group(3)], _pair(m.group(1)), _pair(m.group(2)))
    m = _RE_ONBOARD.fullmatch(raw)
    if m:
        sq = SQUARE_OF[m.group(2)]
        level = len(state.board[sq]) if m.group(3) is None else int(m.group(3))
        return OnboardMove(K_ONBOARD, sq, level, _pair(m.group(1)))
    m = _RE_STOMP.fullmatch(raw)
    if m:
        return StompMove(K_STOMP, bool(m.group(1)), SQUARE_OF[m.group(2)])
    m = _RE_MOVE.fullmatch(raw)
    if m:
        origin = SQUARE_OF[m.group(2)]
        if m.group(3) is None:  # PL-10.4: an omitted ":k" means k = N
            s = state.board[origin]
            k = _unit(s, state.side)
            if not s:
                raise IllegalMoveError(f"PL-5.1: {NAMES[origin]} is empty: there is nothing to move there",
                                       code="move_empty", facts={"square": NAMES[origin]})
            if not k:
                raise IllegalMoveError(f"PL-5.1: {_side_name(state.side)} does not control {NAMES[origin]}",
                                       code="not_control",
                                       facts={"side": _side_name(state.side), "square": NAMES[origin]})
        else:
            k = int(m.group(3))
        stops = tuple((SQUARE_OF[sq], int(j)) for sq, j in _RE_STOP.findall(m.group(4)))
        return StackMove(K_MOVE, bool(m.group(1)), origin, k, stops, SQUARE_OF[m.group(5)])
    if state.phase == PHASE_OPEN:  # the opening stack's own notation: the examples of later moves are illegal now
        raise InvalidMoveError(f"PL-10.4: that is not a Plateau move ({_OPENING_EXAMPLE})", code="notation_opening")
    raise InvalidMoveError(f"PL-10.4: that is not a Plateau move ({_EXAMPLES})", code="notation")


def _pair(text: str) -> str:
    if text not in CHOICE_TYPE:
        raise InvalidMoveError(f"no piece has the faces {text[0]} and {text[1]} (pieces: {' '.join(TYPE_CODES)})",
                               code="no_pair", facts={"up": text[0], "down": text[1]})
    return text


def _format_move(state: PlateauState | None, move: PlateauMove, public: bool) -> str:
    # the kind by ``move[0]`` and the fields by position: a move typed in from outside may be any
    # tuple, and whatever does not fit is refused below (never an AttributeError)
    try:
        if move[0] == K_OPEN:
            _, sq, a, b = move
            if public:
                return f"+??.{b[0]}?@{NAMES[sq]}"
            return f"+{a}.{b}@{NAMES[sq]}"
        if move[0] == K_ONBOARD:
            _, sq, level, pair = move
            face = f"{pair[0]}?" if public else pair
            on_top = state is not None and level == len(state.board[sq])
            return f"+{face}@{NAMES[sq]}" if on_top else f"+{face}@{NAMES[sq]}:{level}"
        if move[0] == K_MOVE:
            _, flip, origin, k, stops, dest = move
            text = f"{'*' if flip else ''}{NAMES[origin]}:{k}"
            return text + "".join(f"-{NAMES[sq]}:{j}" for sq, j in stops) + f"-{NAMES[dest]}"
        if move[0] == K_STOMP:
            return f"{'*' if move[1] else ''}{NAMES[move[2]]}!"
        if move[0] == K_TENDER:
            return f"tender:{format_types(move[1])}"
        if move[0] == K_RETURN:
            return f"return:{format_types(move[1])}"
        if move[0] == K_REFUSE:
            return "refuse"
        if move[0] == K_PASS:
            return "pass"
    except (TypeError, ValueError, IndexError, KeyError):
        pass
    raise InvalidMoveError(f"not a Plateau move: {move!r}", code="not_a_move", facts={"move": repr(move)})


# ---- determinization --------------------------------------------------------------------------------
def determinize(view: PlateauView, seat: int | None, rng: random.Random) -> PlateauState:
    """A full state consistent with everything ``seat`` (None: a spectator) may know from ``view``.

    Unknown enemy faces and the enemy reserve are drawn from the enemy pieces still unaccounted for
    (the 12 of PL-1.2 minus those seen in full and those held as prisoners), each draw weighted by
    the copies left, with backtracking when a known face rules a type out.
    """
    try:
        text = str(view["position"])
        options = view.get("options") or {}
        rep = bool(options.get("repetition_draw", True))
        cap = int(options.get("max_plies", 400))
        last = view.get("last_move")
        highlight = tuple(view.get("highlight") or ())
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"not a Plateau view: {exc}") from None
    if view.get("outcome"):
        key, ply = _parse_position(text, view=False)
        result = str(view["outcome"])
        board, side, phase, tender, refused, reserves, prisoners = key
        return PlateauState(board, side, phase, tender, refused, reserves, prisoners, ply, result, (key,),
                            _marks((key,)), rep, cap, last, highlight)  # fmt: skip
    f = _parsed_view(text)
    squares = [list(s) for s in f["squares"]]
    seen_reserves: list[Any] = list(f["reserves"])
    prisoners = f["prisoners"]
    for q in (0, 1):
        _fill_in_seat(q, squares, seen_reserves, prisoners, rng)
    board = tuple(tuple(make_piece(*piece) for piece in s) for s in squares)
    res = (seen_reserves[0], seen_reserves[1])
    _validate(board, f["side"], f["phase"], f["tender"], res, prisoners)
    key = _key(board, f["side"], f["phase"], f["tender"], f["refused"], res, prisoners)
    return PlateauState(board, f["side"], f["phase"], f["tender"], f["refused"], res, prisoners, f["ply"], "",
                        (key,), _marks((key,)), rep, cap, last, highlight)  # fmt: skip


@lru_cache(maxsize=64)
def _parsed_view(text: str) -> Mapping[str, Any]:
    """``_parse_fields(text, view=True)``, read once for the many samples of one view (a search
    determinizes the same view at every iteration); read-only, its stacks and reserves as tuples."""
    f = _parse_fields(text, view=True)
    f["squares"] = tuple(tuple(s) for s in f["squares"])
    f["reserves"] = tuple(f["reserves"])
    return MappingProxyType(f)


def _filled_view(text: str, seat: int | None, rep: bool, cap: int) -> PlateauState:
    """A state a view notation (PL-10.3) may stand for: ``PlateauEngine.view_from_text``.

    Every unseen face and unseen reserve is filled in from the pieces unaccounted for, as
    ``determinize`` does, with a fixed seed: ``seat`` sees none of them, so any filling gives it the
    same view, and a fixed one the same state every time.  Refused: a view that hides ``seat``'s
    own faces or reserve, which the seat knows (PL-9.2), and a view of a finished game with
    anything hidden, since a finished game's views show every face (PL-8.6).
    """
    f = _parse_fields(text, view=True)
    squares = [list(s) for s in f["squares"]]
    reserves: list[Any] = list(f["reserves"])
    if seat in (0, 1) and (
        (isinstance(reserves[seat], int) and reserves[seat] > 0)
        or any(o == seat and UNKNOWN in (up, down) for s in squares for o, up, down, _, _ in s)
    ):
        name = _side_name(seat)
        raise HiddenSeatError(f"this view hides {name}'s own pieces, which {name} knows (PL-9.2)")
    rng = random.Random(0)
    for q in (0, 1):
        _fill_in_seat(q, squares, reserves, f["prisoners"], rng)
    board = tuple(tuple(make_piece(*piece) for piece in s) for s in squares)
    res = (reserves[0], reserves[1])
    _validate(board, f["side"], f["phase"], f["tender"], res, f["prisoners"])
    key = _key(board, f["side"], f["phase"], f["tender"], f["refused"], res, f["prisoners"])
    state = _loaded((key, f["ply"]), rep, cap)
    if state.result:
        raise PositionError("a finished game's views show every face (PL-8.6): give its full position")
    return state


#: (up, down) with UNKNOWN for a face not seen -> the types (``TYPE_CODES`` indices) with those faces
_TYPES_SHOWING: dict[tuple[int, int], tuple[int, ...]] = {
    (up, down): tuple(
        t for t in range(7)
        if (up == UNKNOWN or up in (FACE_OF[TYPE_CODES[t][0]], FACE_OF[TYPE_CODES[t][1]]))
        and (down == UNKNOWN or down in (FACE_OF[TYPE_CODES[t][0]], FACE_OF[TYPE_CODES[t][1]]))
    )
    for up in (UNKNOWN, *range(4)) for down in (UNKNOWN, *range(4))
}  # fmt: skip


def _fill_in_seat(q: int, squares: list[list[Any]], seen_reserves: list[Any], prisoners: Any,
                  rng: random.Random) -> None:
    """``determinize`` for seat ``q``: draw its unknown faces and its reserve (in place)."""
    pool = list(FULL_SET)
    for i in range(7):
        pool[i] -= prisoners[1 - q][i]
    slots: list[tuple[int, int]] = []  # (square, index) of q's pieces with an unknown face
    for sq, s in enumerate(squares):
        for i, (o, up, down, _, _) in enumerate(s):
            if o != q:
                continue
            if up != UNKNOWN and down != UNKNOWN:
                pool[TYPE_OF_FACES[(up, down)]] -= 1
            else:
                slots.append((sq, i))
    if isinstance(seen_reserves[q], tuple):
        for i in range(7):
            pool[i] -= seen_reserves[q][i]
    if any(n < 0 for n in pool):
        raise PositionError(f"the view accounts for more than 12 pieces of seat {q}")
    if not slots and isinstance(seen_reserves[q], tuple):
        return
    constraints = [list(_TYPES_SHOWING[squares[sq][i][1], squares[sq][i][2]]) for sq, i in slots]
    order = sorted(range(len(slots)), key=lambda i: (len(constraints[i]), rng.random()))
    chosen = _assign([constraints[i] for i in order], pool, rng)
    if chosen is None:
        raise PositionError(f"no arrangement of seat {q}'s pieces fits this view")
    for idx, t in zip(order, chosen):
        sq, i = slots[idx]
        o, up, down, up_pub, down_pub = squares[sq][i]
        a, b = FACE_OF[TYPE_CODES[t][0]], FACE_OF[TYPE_CODES[t][1]]
        if up == UNKNOWN and down == UNKNOWN:
            up, down = (a, b) if rng.random() < 0.5 else (b, a)
        elif up == UNKNOWN:
            up = a if down == b else b
        elif down == UNKNOWN:
            down = b if up == a else a
        squares[sq][i] = (o, up, down, up_pub, down_pub)
    for t in chosen:
        pool[t] -= 1
    if not isinstance(seen_reserves[q], tuple):
        if sum(pool) != seen_reserves[q]:
            raise PositionError(f"seat {q}'s reserve size does not fit this view")
        seen_reserves[q] = tuple(pool)


def _assign(constraints: list[list[int]], pool: list[int], rng: random.Random) -> list[int] | None:
    """Types for each slot from ``pool`` (weighted by copies left), backtracking on dead ends."""
    left = list(pool)
    out: list[int] = []

    def go(i: int) -> bool:
        if i == len(constraints):
            return True
        options = [t for t in constraints[i] if left[t] > 0]
        while options:
            t = rng.choices(options, weights=[left[o] for o in options])[0]
            options.remove(t)
            left[t] -= 1
            out.append(t)
            if go(i + 1):
                return True
            out.pop()
            left[t] += 1
        return False

    return out if go(0) else None


ENGINE = PlateauEngine()
