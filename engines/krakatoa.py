"""Krakatoa (docs/spec/krakatoa.md): nine twelve-sided dice, 2-4 players, partnerships, two presets.

Everything is public (KR-9.1), so the engine is a plain finite-state machine over the position of
KR-10.1 plus a little history the picture needs (the dice before the last throw, the score sheet,
the throw-off log) which the position string does not carry but the JSON does.  The table
dexterity game is replaced by the digital throw of KR-8: every random result is a chance move
(KR-10.4) carrying the nine resulting faces, so a move list replays a game without an RNG.

Moves are small tuples:
    ("set", "s"|"a"|"l")            steam / ash / lava      (throw-off, throw 2, bonus throws)
    ("throw",) ("keep",) ("rethrow",)                        (throw 1)
    ("aim", "s1".."l3", "hard"|"soft")                       (aimed throws, canonical die KR-10.3)
    ("roll", "YYB/YRR/RRR") ("scratch", "...")               (chance, KR-10.4)

View (``view(state, viewer)``, the same for every viewer, KR-9.1): a ``KrakatoaView``, its keys
documented where it is defined.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any, TypedDict

from engines.base import (
    CHANCE,
    Engine,
    GameDescription,
    GameView,
    IllegalMoveError,
    InvalidMoveError,
    MoveLabel,
    Option,
    OptionError,
    Outcome,
    Partnerships,
    PositionError,
    QuickMove,
    reads_position,
)
from engines.krakatoa_tables import (
    BONUS_MARKS,
    BOX_COUNT,
    BUST,
    FACES,
    ROUNDS,
    SET_TABLE,
    SIDES_PER_DIE,
    THROW_PARAMS,
    THROWS_PER_TURN,
)

#: a move: a kind and its words (the module docstring lists them), all strings
KrakatoaMove = tuple[str, ...]

SETS = ("s", "a", "l")
SET_WORDS = {"s": "steam", "a": "ash", "l": "lava"}
SET_TITLES = {"s": "Steam", "a": "Ash", "l": "Lava"}
WORD_SET = {"steam": "s", "ash": "a", "lava": "l", "s": "s", "a": "a", "l": "l"}
COLOURS = ("Y", "R", "B")
_COLOUR_RANK = {"Y": 0, "R": 1, "B": 2}
FORCES = ("hard", "soft")
DIE_NAMES = tuple(f"{x}{i}" for x in SETS for i in (1, 2, 3))
#: refusals of a roll typed by a player (KR-9.1) and of a decision while the dice roll (KR-10.3)
_DICE_DECIDE = "KR-9.1: the dice decide every roll, not the players"
_ROLLING = "KR-10.3: the dice are rolling and chance decides: there is nothing to choose until they fall"
#: KR-1.2 the ten sorted faces a set can show
ALL_SETS: tuple[str, ...] = tuple("".join(c) for c in combinations_with_replacement(COLOURS, 3))

#: exact probabilities (KR-1.1, KR-8.2)
FACE_P: dict[str, Fraction] = {c: Fraction(n, SIDES_PER_DIE) for c, n in FACES.items()}
STRIKE_P: dict[str, dict[str, Fraction]] = {
    force: {role: Fraction(p) for role, p in roles.items()} for force, roles in THROW_PARAMS.items()
}


@lru_cache(maxsize=256)
def sort_faces(faces: str) -> str:
    """KR-1.2: a set is written with its faces sorted Y, R, B."""
    return "".join(sorted(faces, key=_COLOUR_RANK.__getitem__))


def set_score(faces: str) -> tuple[int, str]:
    """KR-2.2: (points, class) of a set's sorted faces."""
    return SET_TABLE.get(faces, BUST)


def raw_score(dice: tuple[str | None, ...]) -> int:
    """KR-2.1: the sum of the set scores of the sets on the table."""
    return sum(set_score(f)[0] for f in dice if f is not None)


def _set_probability(faces: str) -> Fraction:
    """P(a freshly thrown set shows ``faces``), KR-1.1 (multinomial)."""
    counts = {c: faces.count(c) for c in COLOURS}
    ways = 6
    for n in counts.values():
        ways //= (1, 1, 2, 6)[n]
    p = Fraction(ways)
    for c, n in counts.items():
        p *= FACE_P[c] ** n
    return p


FRESH_SET: dict[str, Fraction] = {f: _set_probability(f) for f in ALL_SETS}
#: KR-8.4 a freshly thrown set's expected score, 1595/1728
FRESH_VALUE: Fraction = sum((p * set_score(f)[0] for f, p in FRESH_SET.items()), Fraction(0))


@lru_cache(maxsize=512)
def struck_set(faces: str, probs: tuple[Fraction, Fraction, Fraction]) -> tuple[dict[str, Fraction], Fraction]:
    """KR-8.2: distribution of a table set's sorted faces after strikes, and P(no die struck).

    Die i (of the sorted set) is struck with ``probs[i]`` and a struck die is rerolled (KR-1.1).
    """
    per_die = []
    for colour, p in zip(faces, probs):
        per_die.append({c: (1 - p if c == colour else 0) + p * FACE_P[c] for c in COLOURS})
    dist: dict[str, Fraction] = {}
    for combo in product(COLOURS, repeat=3):
        q = per_die[0][combo[0]] * per_die[1][combo[1]] * per_die[2][combo[2]]
        if q:
            key = sort_faces("".join(combo))
            dist[key] = dist.get(key, Fraction(0)) + q
    none = (1 - probs[0]) * (1 - probs[1]) * (1 - probs[2])
    return dist, none


def _die(name: str) -> tuple[int, int]:
    return SETS.index(name[0]), int(name[1]) - 1


def _aim(dice: tuple[str | None, ...], x: int, die: str, force: str):
    y, i = _die(die)
    if y == x:
        raise ValueError("the target must be a table die")
    params = STRIKE_P[force]
    probs = tuple(params["target"] if j == i else params["mate"] for j in range(3))
    dist_y, none_y = struck_set(dice[y], probs)
    z = 3 - x - y
    other = params["other"]
    dist_z, none_z = struck_set(dice[z], (other, other, other))
    return y, dist_y, none_y, z, dist_z, none_z


@lru_cache(maxsize=512)
def _struck_value(faces: str, probs: tuple[Fraction, Fraction, Fraction]) -> Fraction:
    """The expected score of a table set after the strikes (cached: few distinct cases)."""
    dist, _ = struck_set(faces, probs)
    return sum((p * set_score(f)[0] for f, p in dist.items()), Fraction(0))


@lru_cache(maxsize=4096)
def aim_value(dice: tuple[str, str, str], thrown: str, die: str, force: str) -> Fraction:
    """KR-8.4: the exact expected raw score of an aimed throw, a scratch counting 0.

    ``f + E1 + E2 - P(scratch)·(f + v1 + v2)``: on a scratch the table sets keep their scores
    v1, v2 and the thrown set is fresh, so that much is subtracted from the plain expectation.
    """
    x = SETS.index(thrown)
    y, i = _die(die)
    if y == x:
        raise ValueError("the target must be a table die")
    z = 3 - x - y
    params = STRIKE_P[force]
    probs_y = tuple(params["target"] if j == i else params["mate"] for j in range(3))
    probs_z = (params["other"],) * 3
    none = struck_set(dice[y], probs_y)[1] * struck_set(dice[z], probs_z)[1]
    v = set_score(dice[y])[0] + set_score(dice[z])[0]
    e = _struck_value(dice[y], probs_y) + _struck_value(dice[z], probs_z)
    return FRESH_VALUE + e - none * (FRESH_VALUE + v)


def aim_targets(dice: tuple[str | None, ...], thrown: str) -> list[str]:
    """KR-10.3: the canonical table dice of an aimed throw (one per colour shown by each set)."""
    names = []
    for x in SETS:
        if x == thrown:
            continue
        faces = dice[SETS.index(x)]
        if faces is None:
            continue
        for i, colour in enumerate(faces):
            if faces.index(colour) == i:
                names.append(f"{x}{i + 1}")
    return names


@lru_cache(maxsize=4096)
def best_aim(dice: tuple[str, str, str], thrown: str) -> tuple[Fraction, str, str]:
    """KR-8.4: (value, die, force) of the best aim; ties: first die s1..l3, hard before soft."""
    best: tuple[Fraction, str, str] | None = None
    for die in aim_targets(dice, thrown):
        for force in FORCES:
            value = aim_value(dice, thrown, die, force)
            if best is None or value > best[0]:
                best = (value, die, force)
    assert best is not None
    return best


@lru_cache(maxsize=1024)
def best_set(dice: tuple[str, str, str]) -> tuple[Fraction, str]:
    """KR-8.4: the set whose best aim is worth the most (ties: Steam, Ash, Lava)."""
    best: tuple[Fraction, str] | None = None
    for x in SETS:
        value = best_aim(dice, x)[0]
        if best is None or value > best[0]:
            best = (value, x)
    assert best is not None
    return best


def dice_text(dice: Sequence[str | None]) -> str:
    return "/".join(f if f is not None else "---" for f in dice)


def bonuses_of(dice: tuple[str, str, str], points: int, total: int) -> list[str]:
    """KR-3.3-3.5: the bonuses a scored throw earns (advanced preset), in the order Quake, Rumble,
    Eruption."""
    names = []
    if points > 0:  # KR-3.3 only when the total changed
        last_two = total % 100
        if last_two and last_two % 11 == 0:
            names.append("Little Quake")
        if total % 20 == 0:
            names.append("Big Quake")
    colours = set("".join(dice))
    volcanoes = sum(1 for f in dice if f[0] == f[1] == f[2])
    if len(colours) == 2:  # KR-3.4
        names.append("Little Rumble" if volcanoes <= 1 else "Big Rumble")
    if volcanoes == 3:  # KR-3.5
        if len(colours) == 1:
            names.append("Big Eruption")
        elif len(colours) == 3:
            names.append("Little Eruption")
    return names


# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KrakatoaState:
    """A Krakatoa position (KR-10.1) plus the history the picture needs.

    ``throw`` is 1-5 in play, the box number 1-3 in bonus, 0 otherwise; ``seat`` is None when
    over; ``start`` None during the throw-off; ``throwoff`` None after it, else per side "?", the
    score, or "x".  History (not in the position string, kept in the JSON): ``prev_dice`` the dice
    before the last chance move, ``thrown`` what that move rolled, ``scratch`` whether it was a
    scratch, ``sheet`` per side the scored throws as (round, label, points, marks, scratch, seat,
    rethrown), ``throwoff_log`` as (side, seat, set, faces, points), ``last_move`` the last move's
    text, ``bonuses`` those the last throw earned, ``last_throw`` (side, sheet entry) of the last
    throw scored or scratched (None once new dice await a decision), ``ply`` the moves played.
    """

    players: int
    teams: bool
    preset: str
    dice: tuple[str | None, str | None, str | None]
    phase: str
    round: int
    throw: int
    seat: int | None
    step: str
    start: int | None
    totals: tuple[int, ...]
    marks: tuple[tuple[int, int], ...]
    throwoff: tuple[Any, ...] | None
    boxes: int
    prev_dice: tuple[str | None, str | None, str | None] | None = None
    thrown: str | None = None
    scratch: bool = False
    sheet: tuple[tuple[tuple[Any, ...], ...], ...] = ()
    throwoff_log: tuple[tuple[Any, ...], ...] = ()
    last_move: str | None = None
    bonuses: tuple[str, ...] = ()
    last_throw: tuple[Any, ...] | None = None
    ply: int = 0

    @property
    def sides(self) -> int:
        return len(self.totals)

    @property
    def advanced(self) -> bool:
        return self.preset == "advanced"

    @property
    def side(self) -> int | None:
        """The acting side (KR-6.2: a team is one side)."""
        if self.seat is None:
            return None
        return self.seat % self.sides


def seat_of(teams: bool, side: int, round_: int, phase: str) -> int:
    """KR-6.2: seat 0/1 throws the throw-off and rounds 1, 3, 5; seat 2/3 rounds 2, 4, 6 and the
    bonus throws."""
    if not teams or phase == "throwoff":
        return side
    if phase == "bonus" or round_ % 2 == 0:
        return side + 2
    return side


_FIELD_COUNT = 12
_DICE_RE = re.compile(r"^(?:[yrb]{3}|---)/(?:[yrb]{3}|---)/(?:[yrb]{3}|---)$")
_INT_RE = re.compile(r"^[0-9]{1,6}$")
_MARKS_RE = re.compile(r"^[0-2][0-2]$")
_ROLL_STEP_RE = re.compile(r"^roll:([sal]):([sal][123]):(soft|hard)$")


@lru_cache(maxsize=8192)
def _parse_dice(text: str) -> tuple[str | None, str | None, str | None]:
    parts = text.split("/")
    return tuple(None if p == "---" else sort_faces(p.upper()) for p in parts)  # type: ignore[return-value]


def _canonical_die(dice: tuple[str | None, ...], name: str) -> str:
    y, i = _die(name)
    faces = dice[y]
    assert faces is not None
    return f"{name[0]}{faces.index(faces[i]) + 1}"


#: a set's score in a view (KR-2.2): its points and its class, "Volcano", "Deuce" or "Bust"
#: (``class`` is a keyword, hence the functional form)
KrakatoaSetScore = TypedDict("KrakatoaSetScore", {"points": int, "class": str})


class KrakatoaSheetEntry(TypedDict):
    """One throw on a side's score sheet (KR-3)."""

    #: "1".."5", or a bonus box "b1".."b3"
    throw: str
    #: None: the throw being made now
    points: int | None
    marks: int
    scratch: bool
    seat: int
    rethrown: bool


class KrakatoaThrowoffEntry(TypedDict):
    """One throw of the throw-off (KR-4): the side and seat, the set thrown, its faces and points."""

    side: int
    seat: int
    set: str
    faces: str
    points: int


class KrakatoaLastThrow(TypedDict):
    """The throw scored or scratched last: a sheet entry and its side and round."""

    side: int
    round: int
    throw: str
    points: int
    marks: int
    scratch: bool
    seat: int
    rethrown: bool


class KrakatoaView(GameView):
    """What ``KrakatoaEngine.view`` gives every viewer (KR-9.1: nothing is hidden), besides
    ``GameView``'s keys; it always holds ``totals`` (each side's total).

    ``to_move`` is a seat, ``CHANCE`` while the dice roll, None when over; ``highlight`` is
    ``changed``.
    """

    #: the sorted faces per set ("s", "a", "l" -> "YYB"), None = not on the table
    dice: dict[str, str | None]
    #: dice (names in the new sorted sets, "s1", "a3" ...) whose colour is new since the throw before;
    #: a set that just appeared counts as changed entirely
    changed: list[str]
    #: the set(s) rolled by the last chance move: "s", "a", "l", "all" or None
    thrown: str | None
    #: the last throw was a scratch
    last_scratch: bool
    #: each set's score ("s", "a", "l"), None for a set not on the table
    sets: dict[str, KrakatoaSetScore | None]
    #: the marks pending per side, [m1, m2]
    pending_marks: list[list[int]]
    #: per side a list of 6 rounds, each a list of its throws
    sheet: list[list[list[KrakatoaSheetEntry]]]
    boxes_left: int
    round: int
    #: "1".."5", "b1".."b3", or None
    throw: str | None
    step: str
    phase: str
    #: the acting seat and side (None when over), the side that began the round (None in the throw-off)
    seat: int | None
    side: int | None
    start: int | None
    #: the side of each seat
    side_of_seat: list[int]
    sides: int
    teams: bool
    preset: str
    #: per side "?", its score or "x" while the throw-off lasts; None once it is decided
    throwoff: list[int | str] | None
    throwoff_log: list[KrakatoaThrowoffEntry]
    #: the names of the bonuses the last throw earned
    bonuses: list[str]
    #: None after a throw-off roll or while a throw 1 result awaits keep/rethrow
    last_throw: KrakatoaLastThrow | None
    #: the move ``auto`` would play now (KR-8.4), or None
    auto: str | None


class KrakatoaEngine(Engine[KrakatoaState, KrakatoaMove, KrakatoaView]):
    """The Krakatoa rules (KR-1 to KR-10)."""

    description = GameDescription(
        name="krakatoa",
        rule_prefix="KR",
        title="Krakatoa",
        min_players=2,
        max_players=4,
        options={
            "preset": Option("preset", "advanced", ("advanced", "basic"), "KR-7.1: basic has no bonuses"),
            "teams": Option("teams", False, (), "KR-6.2: four players as two partnerships"),
        },
        outcome_reasons=("highest total", "tied for the highest total"),  # KR-4.4
        # KR-6.2: seats k and k + 2 form side k (``seat_of``)
        partnerships=Partnerships("teams", 4, ((0, 2), (1, 3))),
        chance="listed",  # KR-10.5 (drawn by simulating the dice, same law: ``draw_chance``)
        on_timeout="auto",  # KR-8.4
        quick_moves=True,  # KR-9.1: nothing is hidden, and a decision has at most 18 choices
        typed_words=(("me quedo", "keep"), ("volver a tirar", "rethrow"), ("vuelvo a tirar", "rethrow"),
                     ("relanzar", "rethrow"), ("relanza", "rethrow"), ("relanzo", "rethrow"), ("relanzas", "rethrow"),
                     ("quedarse", "keep"), ("quedarme", "keep"), ("quedar", "keep"), ("quedate", "keep"),
                     ("quedo", "keep"), ("plantarse", "keep"), ("plantarme", "keep"), ("lanzar", "throw"),
                     ("lanza", "throw"), ("lanzo", "throw"), ("tirar", "throw"), ("tira", "throw"), ("tiro", "throw"),
                     ("vapor", "steam"), ("ceniza", "ash"), ("apuntar", "aim"), ("apunta", "aim"), ("apunto", "aim"),
                     ("suave", "soft"), ("fuerte", "hard")),
        max_plies_hard=5_000,  # issue 15, defect 12: Krakatoa's rounds end it within a few hundred plies
    )

    # ---- setup ---------------------------------------------------------------------------
    def new_game(
        self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> KrakatoaState:
        """KR-10.2: the start; the seed is unused (no setup randomness: the throw-off is chance)."""
        opts = self.resolve_options(options)
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(f"krakatoa is for 2 to 4 players, not {players!r}")
        if opts["teams"] and players != 4:
            raise OptionError("KR-6.2: teams needs exactly 4 players")
        sides = 2 if opts["teams"] else players
        return KrakatoaState(
            players=players,
            teams=opts["teams"],
            preset=opts["preset"],
            dice=(None, None, None),
            phase="throwoff",
            round=1,
            throw=0,
            seat=0,
            step="set",
            start=None,
            totals=(0,) * sides,
            marks=((0, 0),) * sides,
            throwoff=("?",) * sides,
            boxes=BOX_COUNT if opts["preset"] == "advanced" else 0,
            sheet=((),) * sides,
        )

    # ---- position notation (KR-10.1) -----------------------------------------------------
    def to_position(self, state: KrakatoaState) -> str:
        if state.phase == "play":
            throw = str(state.throw)
        elif state.phase == "bonus":
            throw = f"b{state.throw}"
        else:
            throw = "-"
        fields = [
            dice_text(state.dice),
            state.phase,
            str(state.round),
            throw,
            "-" if state.seat is None else str(state.seat),
            state.step,
            "-" if state.start is None else str(state.start),
            ",".join(str(t) for t in state.totals),
            ",".join(f"{m1}{m2}" for m1, m2 in state.marks),
            "-" if state.throwoff is None else ",".join(str(t) for t in state.throwoff),
            str(state.boxes),
            state.preset + ("+teams" if state.teams else ""),
        ]
        return " ".join(fields)

    @reads_position
    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> KrakatoaState:
        """Read a KR-10.1 position, ignoring case and face order; reject what KR-10.1 lists."""
        if not isinstance(text, str):
            raise PositionError("a position is text")
        fields = text.strip().lower().split()
        if len(fields) != _FIELD_COUNT:
            raise PositionError(
                f"KR-10.1: a position has {_FIELD_COUNT} fields (dice phase round throw seat step start "
                f"totals marks throwoff boxes options), not {len(fields)}"
            )
        dice_f, phase, round_f, throw_f, seat_f, step, start_f, totals_f, marks_f, throwoff_f, boxes_f, opts_f = fields
        preset, teams = _read_options(opts_f)
        if not _DICE_RE.match(dice_f):
            raise PositionError(f"KR-10.1: dice are SSS/AAA/LLL with faces Y, R, B or ---, not {dice_f!r}")
        dice = _parse_dice(dice_f)
        if phase not in ("throwoff", "play", "bonus", "over"):
            raise PositionError(f"KR-10.1: phase is throwoff, play, bonus or over, not {phase!r}")
        if round_f not in ("1", "2", "3", "4", "5", "6"):
            raise PositionError(f"KR-10.1: round is 1-6, not {round_f!r}")
        round_ = int(round_f)
        totals, marks = _read_scores(totals_f, marks_f, teams)
        sides = len(totals)
        players = 4 if teams else sides
        boxes = _read_boxes(boxes_f, preset, marks)
        throw = _read_throw(throw_f, phase, round_, boxes)
        seat = _read_seat(seat_f, phase, round_, players, sides, teams)
        side = None if seat is None else seat % sides
        start = _read_start(start_f, phase, sides)
        throwoff = _read_throwoff(throwoff_f, phase, sides, side)
        step = self._check_step(phase, throw, step, dice)
        _check_dice_shown(dice, phase, round_, throw, step, side, start)
        return KrakatoaState(
            players=players,
            teams=teams,
            preset=preset,
            dice=dice,
            phase=phase,
            round=round_,
            throw=throw,
            seat=seat,
            step=step,
            start=start,
            totals=totals,
            marks=marks,
            throwoff=throwoff,
            boxes=boxes,
            sheet=((),) * sides,
        )

    @staticmethod
    def _check_step(phase: str, throw: int, step: str, dice: tuple[str | None, ...]) -> str:
        """KR-10.1: the step must be one the flow allows at this phase and throw; returns it
        canonical (a non-canonical die read as the canonical one, KR-10.3)."""
        bad = PositionError(
            f"KR-10.1: step {step!r} is not possible in phase {phase}" + (f" throw {throw}" if throw else "")
        )
        if phase == "over":
            if step != "-":
                raise bad
            return step
        if phase == "throwoff":
            if step == "set" or step in ("roll:s", "roll:a", "roll:l"):
                return step
            raise bad
        if phase == "play" and throw == 1:
            if step in ("throw", "roll:all", "keep", "roll:again"):
                return step
            raise bad
        # aimed throws: throw 2-5 in play, bonus throws
        fixed = {3: "s", 4: "a", 5: "l"}.get(throw) if phase == "play" else None
        if step == "set":
            if fixed is not None:
                raise bad
            return step
        thrown = None
        m = re.match(r"^aim:([sal])$", step)
        if m:
            thrown = m.group(1)
        m2 = _ROLL_STEP_RE.match(step)
        if m2:
            thrown = m2.group(1)
        if thrown is None or (fixed is not None and thrown != fixed):
            raise bad
        if m2:
            die, force = m2.group(2), m2.group(3)
            if die[0] == thrown:
                raise PositionError(f"KR-8.2: the target {die} is not a table die ({SET_TITLES[thrown]} is thrown)")
            if dice[SETS.index(die[0])] is None:
                raise PositionError(f"KR-8.2: the target {die} is not on the table")
            return f"roll:{thrown}:{_canonical_die(dice, die)}:{force}"
        return step

    # ---- whose move ----------------------------------------------------------------------
    def to_move(self, state: KrakatoaState) -> int | None:
        if state.phase == "over":
            return None
        if state.step.startswith("roll"):
            return CHANCE
        return state.seat

    def num_players(self, state: KrakatoaState) -> int:
        return state.players

    def move_seat(self, state: KrakatoaState, move: KrakatoaMove) -> int:
        seat = self.to_move(state)
        if seat is None:
            raise IllegalMoveError("KR-4.4: the game is over", code="any.over")
        return seat

    # ---- moves -----------------------------------------------------------------------------
    def legal_moves(self, state: KrakatoaState, seat: int | None = None) -> list[KrakatoaMove]:
        step = state.step
        if state.phase == "over" or (seat is not None and seat != self.to_move(state)):
            return []
        if step.startswith("roll"):
            return [m for m, _ in _chance_table(state.dice, step)]
        if step == "set":
            return [("set", "a"), ("set", "l"), ("set", "s")]  # ash < lava < steam
        if step == "throw":
            return [("throw",)]
        if step == "keep":
            return [("keep",), ("rethrow",)]
        thrown = step[4]
        moves: list[KrakatoaMove] = [("aim", die, force) for die in aim_targets(state.dice, thrown) for force in FORCES]
        moves.sort(key=lambda m: f"{m[1]} {m[2]}")
        return moves

    def format_move(self, state: KrakatoaState | None, move: KrakatoaMove) -> str:
        kind = move[0]
        if kind == "set":
            return SET_WORDS[move[1]]
        if kind == "aim":
            return f"aim {move[1]} {move[2]}"
        if kind in ("roll", "scratch"):
            return f"{kind} {move[1]}"
        return kind

    def public_move(self, state: KrakatoaState, move: KrakatoaMove) -> str:
        return self.format_move(state, move)

    def move_words(self, state: KrakatoaState, move: KrakatoaMove) -> tuple[str, dict[str, Any]]:
        """Each decision and throw told in words (everything is public, KR-9.1): a set thrown for the
        start (KR-4.1) or chosen (KR-4.3), throw 1, keep, rethrow, an aim with its force (KR-8.2), and
        what the dice are worth (the throw's points with the thrower's marks, KR-2.4; the throw-off
        set's own score, KR-4.1) or a scratch (KR-3.7).  Codes carry the set and the force, so the
        words need no fact translated."""
        kind = move[0]
        if kind == "set":
            return ("throwoff_" if state.phase == "throwoff" else "set_") + SET_WORDS[move[1]], {}
        if kind == "aim":
            return f"aim_{move[2]}", {"die": move[1]}
        if kind == "scratch":
            return "scratch", {}
        if kind == "roll":
            dice = _parse_dice(move[1].lower())
            if state.step in ("roll:s", "roll:a", "roll:l"):  # KR-4.1: the set thrown for the start
                faces = dice[SETS.index(state.step[5])]
                return "roll", {"points_count": set_score(faces)[0] if faces is not None else 0}
            side = state.side
            m1 = state.marks[side][0] if side is not None else 0
            # throw 1's nine dice score only if kept (KR-4.3: a rethrown result earns nothing)
            return "roll_all" if state.step == "roll:all" else "roll", {"points_count": raw_score(dice) << m1}  # KR-2.4
        return kind, {}

    def group_words(self, codes: Sequence[str], shared: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """KR-8.2: the two aims at one die (the picker's ``aim s1 …``), soft or hard still to choose."""
        if codes and all(code.startswith("aim_") for code in codes) and "die" in shared:
            return "aim", {"die": shared["die"]}
        return None

    def view_words(self, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The picture in words, in its reading order; nothing is hidden (KR-9.1), so every viewer's words are
        the same.  First where the game stands: ``stage``, the round and throw (KR-4.2, KR-4.3), ``stage_set``
        with the set thrown now where it is known; ``throwoff`` during KR-4.1; ``bonus`` / ``bonus_set`` for a
        bonus box (KR-5.2); ``over`` (KR-4.4, or a game ended outside the rules: nobody to move).  Then each
        set on the table, ``set``: its faces in their sorted order (KR-1.2: the n-th colour told is die n),
        its class and points (KR-2.2); ``changed``, the dice whose colour the last throw changed (boxed in the
        picture, KR-8.3).  While the dice show one set only, until throw 1 of round 1 is rolled (KR-4.1), the
        throw-off's table, a sentence per side: ``throwoff_waiting``, ``throwoff_again`` (tied),
        ``throwoff_out``, ``throwoff_threw`` (its set, faces and points) or, from a position that holds only
        the score, ``throwoff_scored``; then ``throwoff_starts``.  Then the bonus boxes left, ``boxes``
        (KR-5.1), or ``basic`` (KR-7.1: no bonuses).  Last the score sheet, a sentence per side (a team's two
        players together, KR-6.2): its total; with ``_rounds`` its points by round where it has scored (a
        bonus box counts in round 6, KR-5.2, so they add up to the total); with ``_next`` / ``_next_after``
        the marks waiting for its next throw and the one after (KR-3.8) as their multipliers, ×2 or ×4
        (KR-2.4)."""
        said: list[tuple[str, dict[str, Any]]] = []
        sides = int(view.get("sides") or len(view.get("totals") or []))
        side_of_seat = list(view.get("side_of_seat") or range(sides))
        seats_of = [[seat for seat, s in enumerate(side_of_seat) if s == side] for side in range(sides)]
        phase = view.get("phase")
        step = str(view.get("step") or "")
        throw = str(view.get("throw") or "")
        over = phase == "over" or view.get("to_move") is None  # KR-4.4, or a game ended outside the rules
        # where the game stands, and the set thrown now (KR-4.3: throws 3-5 fixed, throw 2 and boxes chosen)
        thrown = {"3": "s", "4": "a", "5": "l"}.get(throw) if phase == "play" else None
        if step.startswith(("aim:", "roll:")) and step.split(":")[1] in SETS and throw[:1] in ("2", "b"):
            thrown = step.split(":")[1]
        thrown_term = {"set_term": SET_TITLES[thrown]} if thrown else {}
        if over:
            said.append(("over", {"round": int(view.get("round") or 1)}))
        elif phase == "throwoff":
            said.append(("throwoff", {}))
        elif throw.startswith("b"):  # KR-5.2
            said.append(("bonus_set" if thrown else "bonus", {"box": int(throw[1:]), **thrown_term}))
        else:
            said.append(("stage_set" if thrown else "stage",
                         {"round": int(view.get("round") or 1), "throw": int(throw or 1), **thrown_term}))
        # the dice, set by set (KR-1.2: sorted, die n is the n-th colour), each set's class and points (KR-2.2)
        dice = view.get("dice") or {}
        scores = view.get("sets") or {}
        for x in SETS:
            faces = dice.get(x)
            if not faces:
                continue
            points, cls = set_score(str(faces))
            score = scores.get(x) or {}
            said.append(("set", {"set_term": SET_TITLES[x], "faces_terms": [f"face_{c}" for c in str(faces)],
                                 "class_term": str(score.get("class", cls)),
                                 "points_count": int(score.get("points", points))}))
        changed = list(view.get("changed") or [])
        if changed:
            said.append(("changed", {"dice": ", ".join(str(d) for d in changed)}))
        # the throw-off's table (KR-4.1) until throw 1 of round 1 is rolled: while the dice show one set only
        log = list(view.get("throwoff_log") or [])
        status = view.get("throwoff")
        if not over and (phase == "throwoff" or (log and phase == "play" and not all(dice.get(x) for x in SETS))):
            latest: dict[int, Mapping[str, Any]] = {int(e["side"]): e for e in log}
            for side in range(sides):
                who = {"side_seats": seats_of[side]}
                entry = latest.get(side)
                mark = status[side] if status is not None and side < len(status) else None
                if mark == "?":
                    said.append(("throwoff_again" if entry else "throwoff_waiting", who))
                elif mark == "x":
                    said.append(("throwoff_out", who))
                elif entry is not None:
                    said.append(("throwoff_threw", {**who, "set_term": SET_TITLES[str(entry["set"])],
                                                    "faces_terms": [f"face_{c}" for c in str(entry["faces"])],
                                                    "points_count": int(entry["points"])}))
                elif isinstance(mark, int):  # a position's throw-off score, without the throw that made it
                    said.append(("throwoff_scored", {**who, "points_count": mark}))
            start = view.get("start")
            if phase == "play" and isinstance(start, int) and 0 <= start < sides:
                said.append(("throwoff_starts", {"side_seats": seats_of[start]}))
        # the bonus boxes (KR-5.1), or none in the basic game (KR-7.1)
        if view.get("preset") == "basic":
            said.append(("basic", {}))
        elif not over:
            said.append(("boxes", {"boxes": int(view.get("boxes_left") or 0)}))
        # the score sheet: each side's total, its points by round, the marks waiting (KR-3.8, KR-6.2)
        totals = list(view.get("totals") or [])
        marks = list(view.get("pending_marks") or [])
        sheet = list(view.get("sheet") or [])
        for side in range(min(sides, len(totals))):
            facts: dict[str, Any] = {"side_seats": seats_of[side], "points_count": int(totals[side])}
            code = "side"
            rounds = sheet[side] if side < len(sheet) else []
            scored = [sum(int(e["points"]) for e in entries if e.get("points") is not None)
                      for entries in rounds]
            played = [k for k, entries in enumerate(rounds) if any(e.get("points") is not None for e in entries)]
            if played:
                code += "_rounds"
                facts["rounds"] = ", ".join(str(n) for n in scored[: played[-1] + 1])
            m1, m2 = (int(marks[side][0]), int(marks[side][1])) if side < len(marks) and not over else (0, 0)
            if m1 or m2:
                code += "_next_after" if m2 else "_next"
                facts["next"] = 2 ** m1
                if m2:
                    facts["after"] = 2 ** m2
            said.append((code, facts))
        return said

    def parse_move(self, state: KrakatoaState, text: str) -> KrakatoaMove:
        """KR-10.3/10.4: read a move tolerantly (any case, s/a/l, any face order, any die of a
        colour); ``auto`` returns the move KR-8.4 picks."""
        if not isinstance(text, str):
            raise InvalidMoveError("a move is text", code="not_text")
        words = text.strip().lower().split()
        if not words:
            raise InvalidMoveError("empty move: try steam, throw, keep, rethrow, aim a2 hard or auto", code="empty")
        head = words[0]
        if head == "auto" and len(words) == 1:
            if state.phase == "over":
                raise IllegalMoveError("KR-4.4: the game is over", code="any.over")
            if self.to_move(state) == CHANCE:
                raise IllegalMoveError(_ROLLING, code="rolling")
            return self.auto_move(state)
        move: KrakatoaMove
        if head in WORD_SET and len(words) == 1:
            move = ("set", WORD_SET[head])
        elif head in ("throw", "keep", "rethrow") and len(words) == 1:
            move = (head,)
        elif head == "aim":
            if len(words) != 3 or not re.match(r"^[sal][123]$", words[1]) or words[2] not in FORCES:
                raise InvalidMoveError("KR-10.3: an aim is written aim, a table die and a force, like aim a2 hard or "
                                       "aim s1 soft", code="aim_notation")
            move = ("aim", words[1], words[2])
        elif head in ("roll", "scratch"):
            if len(words) != 2 or not _DICE_RE.match(words[1]):
                raise InvalidMoveError(_DICE_DECIDE, code="dice_decide")
            move = (head, dice_text(_parse_dice(words[1])))
        else:
            raise InvalidMoveError(
                "KR-10.3: that is not a Krakatoa move; the moves are steam, ash, lava, throw, keep, rethrow, "
                "aim (aim a2 hard) and auto", code="notation"
            )
        return self._legalize(state, move)

    def _expected(self, state: KrakatoaState) -> tuple[str, dict[str, object]]:
        """What the player may do now: the words, and the facts a refusal's code says them by (the
        ``expected`` fact names the step, ``expect_<step>``; issue 28, item 4)."""
        step = state.step
        if step == "set":
            return "choose a set to throw: steam, ash or lava", {"expected": "expect_set"}
        if step == "throw":
            return "throw all nine dice (throw)", {"expected": "expect_throw"}
        if step == "keep":
            return "keep the dice or rethrow them", {"expected": "expect_keep"}
        if step.startswith("aim:"):
            target = next(iter(aim_targets(state.dice, step[4])), "s1")
            return (f"aim at a table die, soft or hard (for example aim {target} hard)",
                    {"expected": "expect_aim", "target": target})
        return "wait for the dice", {"expected": "expect_wait"}

    def _legalize(self, state: KrakatoaState, move: KrakatoaMove) -> KrakatoaMove:
        """The canonical form of ``move`` if it is legal at ``state``, else IllegalMoveError."""
        if not isinstance(move, tuple) or not move:
            raise InvalidMoveError(f"not a Krakatoa move: {move!r}", code="not_a_move", facts={"move": repr(move)})
        if state.phase == "over":
            raise IllegalMoveError("KR-4.4: the game is over", code="any.over")
        step = state.step
        kind = move[0]
        chance = step.startswith("roll")
        if kind in ("roll", "scratch"):
            if not chance:
                expected, facts = self._expected(state)
                raise IllegalMoveError(f"{_DICE_DECIDE}; now {expected}", code="dice_decide_now", facts=facts)
            if len(move) != 2 or not isinstance(move[1], str) or not _DICE_RE.match(move[1].lower()):
                raise InvalidMoveError(f"not a chance move: {move!r}", code="not_chance", facts={"move": repr(move)})
            return self._legalize_chance(state, kind, _parse_dice(move[1].lower()))
        if chance:
            raise IllegalMoveError(_ROLLING, code="rolling")
        try:
            self.format_move(state, move)  # a move of the wrong shape is not notation
        except (KeyError, IndexError, TypeError):
            raise InvalidMoveError(f"not a Krakatoa move: {move!r}", code="not_a_move",
                                   facts={"move": repr(move)}) from None
        if kind == "aim":
            if step.startswith("aim:") and len(move) == 3 and move[1] in DIE_NAMES and move[2] in FORCES:
                thrown = step[4]
                if move[1][0] == thrown:
                    title = SET_TITLES[thrown]
                    target = next(iter(aim_targets(state.dice, thrown)), "s1")
                    raise IllegalMoveError(f"KR-8.2: {title} is being thrown: aim at a die of another set, soft or "
                                           f"hard (for example aim {target} hard)", code="aim_own_set",
                                           facts={"set": title, "target": target})
                return ("aim", _canonical_die(state.dice, move[1]), move[2])
            if not step.startswith("aim:"):
                expected, facts = self._expected(state)
                raise IllegalMoveError(f"KR-8.2: there is no aimed throw now: {expected}", code="no_aim_now",
                                       facts=facts)
            raise InvalidMoveError(f"not a Krakatoa move: {move!r}", code="not_a_move", facts={"move": repr(move)})
        if move in self.legal_moves(state):
            return move
        if kind == "keep" and step == "roll:again":
            raise IllegalMoveError("KR-4.3: a rethrown result must be kept", code="keep_rethrown")
        if kind == "set" and step.startswith("aim:") and state.phase == "play" and state.throw >= 3:
            raise IllegalMoveError(f"KR-4.3: throw {state.throw} is always {SET_WORDS[step[4]]}", code="throw_set",
                                   facts={"throw": state.throw, "set": SET_WORDS[step[4]]})
        if kind in ("keep", "rethrow") and step == "throw":
            raise IllegalMoveError("KR-4.3: throw 1 rolls all nine dice first (throw)", code="throw_first")
        if kind == "rethrow" and step != "keep":
            raise IllegalMoveError("KR-4.3: only throw 1 may be rethrown, once", code="rethrow_once")
        expected, facts = self._expected(state)
        raise IllegalMoveError(f"KR-4.3: not now; {expected}", code="not_now", facts=facts)

    def _legalize_chance(self, state: KrakatoaState, kind: str, dice: tuple[str | None, ...]) -> KrakatoaMove:
        step = state.step
        text = dice_text(dice)
        if step in ("roll:s", "roll:a", "roll:l"):  # KR-8.1 throw-off: only the thrown set
            x = SETS.index(step[5])
            if kind == "scratch":
                raise IllegalMoveError("KR-8.2: only aimed throws can be scratches", code="scratch_unaimed")
            if dice[x] is None or any(dice[j] is not None for j in range(3) if j != x):
                raise IllegalMoveError(
                    f"KR-10.4: the throw-off roll shows only {SET_TITLES[step[5]]}, e.g. roll ---/YYB/---",
                    code="throwoff_roll", facts={"set": SET_TITLES[step[5]]})
            return ("roll", text)
        if any(f is None for f in dice):
            raise IllegalMoveError("KR-10.4: this roll shows all nine dice (no ---)", code="roll_all_nine")
        if step in ("roll:all", "roll:again"):
            if kind == "scratch":
                raise IllegalMoveError("KR-8.2: only aimed throws can be scratches", code="scratch_unaimed")
            return ("roll", text)
        # aimed throw
        x = SETS.index(step[5])
        if kind == "scratch":
            for j in range(3):
                if j != x and dice[j] != state.dice[j]:
                    raise IllegalMoveError(
                        f"KR-8.2: a scratch leaves the table dice unchanged ({SET_TITLES[SETS[j]]} changed)",
                        code="scratch_changed", facts={"set": SET_TITLES[SETS[j]]})
        return (kind, text)

    # ---- auto (KR-8.4) -----------------------------------------------------------------------
    def auto_move(
        self, state: KrakatoaState, seat: int | None = None, rng: random.Random | None = None, style: str = "sensible"
    ) -> KrakatoaMove:
        """KR-8.4: the decision worth the most expected points on the throw at hand (no randomness)."""
        step = state.step
        if step == "set":
            if state.phase == "throwoff":
                return ("set", "s")
            return ("set", best_set(state.dice)[1])  # type: ignore[arg-type]
        if step == "throw":
            return ("throw",)
        if step == "keep":
            # keep if raw >= 1595/576, the expectation of nine fresh dice
            return ("keep",) if raw_score(state.dice) * 576 >= 3 * FRESH_VALUE * 576 else ("rethrow",)
        if step.startswith("aim:"):
            _, die, force = best_aim(state.dice, step[4])  # type: ignore[arg-type]
            return ("aim", die, force)
        raise IllegalMoveError(_ROLLING, code="rolling")

    # ---- chance ------------------------------------------------------------------------------
    def quick_moves(self, state: KrakatoaState, seat: int) -> list[QuickMove]:
        """Set, throw, keep and rethrow as buttons, targets and forces in one select, and auto (KR-8.4)."""
        quick = []
        for move in self.legal_moves(state, seat):
            text = self.format_move(state, move)
            if move[0] in ("throw", "keep", "rethrow"):
                quick.append(QuickMove(text, (MoveLabel(f"btn.{text}"),)))
            elif move[0] == "set":
                quick.append(QuickMove(text, (MoveLabel("krakatoa.set", keyed=(("set", f"set.{text}"),)),)))
            elif move[0] == "aim":
                target = MoveLabel("krakatoa.target", params=(("die", move[1]),))
                label = (target, MoveLabel(f"krakatoa.force_{move[2]}"))
                quick.append(QuickMove(text, label, "select"))
        if quick:
            quick.append(QuickMove("auto", (MoveLabel("btn.auto"),), "extra"))
        return quick

    def chance_outcomes(self, state: KrakatoaState) -> list[tuple[KrakatoaMove, float]]:
        """KR-10.5: each distinct outcome once with its exact probability (as a float)."""
        if not state.step.startswith("roll"):
            raise IllegalMoveError("not a chance node")
        return [(m, float(p)) for m, p in _chance_table(state.dice, state.step)]

    def chance_outcomes_exact(self, state: KrakatoaState) -> list[tuple[KrakatoaMove, Fraction]]:
        """As ``chance_outcomes`` with exact fractions (they sum to exactly 1)."""
        if not state.step.startswith("roll"):
            raise IllegalMoveError("not a chance node")
        return list(_chance_table(state.dice, state.step))

    def draw_chance(self, state: KrakatoaState, rng: random.Random) -> KrakatoaMove:
        """Simulate the dice (KR-8.1, KR-8.2) with ``rng``; same law as ``chance_outcomes``."""
        step = state.step
        if step in ("roll:s", "roll:a", "roll:l"):
            x = SETS.index(step[5])
            dice: list[str | None] = [None, None, None]
            dice[x] = _roll_set(rng)
            return ("roll", dice_text(dice))
        if step in ("roll:all", "roll:again"):
            return ("roll", dice_text((_roll_set(rng), _roll_set(rng), _roll_set(rng))))
        if not step.startswith("roll:"):
            raise IllegalMoveError("not a chance node")
        _, thrown, die, force = step.split(":")
        x = SETS.index(thrown)
        y, i = _die(die)
        params = THROW_PARAMS_FLOAT[force]
        new: list[str | None] = list(state.dice)
        new[x] = _roll_set(rng)
        struck = False
        for j in range(3):
            if j == x:
                continue
            faces = list(state.dice[j])  # type: ignore[arg-type]
            for k in range(3):
                p = params["other"] if j != y else (params["target"] if k == i else params["mate"])
                if rng.random() < p:
                    struck = True
                    faces[k] = _roll_face(rng)
            new[j] = sort_faces("".join(faces))
        return ("roll" if struck else "scratch", dice_text(new))

    # ---- apply ---------------------------------------------------------------------------------
    def apply(self, state: KrakatoaState, move: KrakatoaMove) -> KrakatoaState:
        move = self._legalize(state, move)
        text = self.format_move(state, move)
        base = _with(state, ply=state.ply + 1, last_move=text)
        kind = move[0]
        step = state.step
        if kind == "set":
            prefix = "roll" if state.phase == "throwoff" else "aim"
            return _with(base, step=f"{prefix}:{move[1]}")
        if kind == "throw":
            return _with(base, step="roll:all")
        if kind == "rethrow":
            return _with(base, step="roll:again")
        if kind == "aim":
            return _with(base, step=f"roll:{step[4]}:{move[1]}:{move[2]}")
        if kind == "keep":
            return self._score(base, rethrown=False)
        # chance
        dice = _parse_dice(move[1].lower())
        if step in ("roll:s", "roll:a", "roll:l"):
            return self._throwoff_roll(base, step[5], dice)
        rolled = _with(
            base,
            prev_dice=state.dice,
            dice=dice,
            thrown="all" if step in ("roll:all", "roll:again") else step[5],
            scratch=kind == "scratch",
            bonuses=(),
        )
        if step == "roll:all":
            return _with(rolled, step="keep", last_throw=None)
        if step == "roll:again":
            return self._score(rolled, rethrown=True)
        if kind == "scratch":
            return self._scratched(rolled)
        return self._score(rolled, rethrown=False)

    def _throwoff_roll(self, state: KrakatoaState, x: str, dice: tuple[str | None, ...]) -> KrakatoaState:
        """KR-4.1: score the thrown set, set the throw-off marks, then the next side or the start."""
        side = state.side
        assert side is not None and state.throwoff is not None
        faces = dice[SETS.index(x)]
        assert faces is not None
        points, cls = set_score(faces)
        throwoff = list(state.throwoff)
        throwoff[side] = points
        marks = list(state.marks)
        if state.advanced:  # a later throw-off throw replaces the mark
            marks[side] = ({"Deuce": 1, "Volcano": 2}.get(cls, 0), 0)
        log = (*state.throwoff_log, (side, state.seat, x, faces, points))
        state = _with(
            state,
            prev_dice=state.dice,
            dice=dice,  # type: ignore[arg-type]
            thrown=x,
            scratch=False,
            bonuses=(),
            last_throw=None,
            marks=tuple(marks),
            throwoff_log=log,
        )
        waiting = [s for s, e in enumerate(throwoff) if e == "?"]
        if waiting:
            nxt = waiting[0]
            return _with(state, throwoff=tuple(throwoff), seat=seat_of(state.teams, nxt, 1, "throwoff"), step="set")
        best = max(e for e in throwoff if isinstance(e, int))
        tied = [s for s, e in enumerate(throwoff) if e == best]
        if len(tied) > 1:  # KR-4.1 tied sides throw again, in seat order; the others are out
            throwoff = ["?" if s in tied else "x" for s in range(len(throwoff))]
            return _with(state, throwoff=tuple(throwoff), seat=seat_of(state.teams, tied[0], 1, "throwoff"), step="set")
        winner = tied[0]
        return _with(
            state,
            throwoff=None,
            phase="play",
            round=1,
            throw=1,
            start=winner,
            seat=seat_of(state.teams, winner, 1, "play"),
            step="throw",
        )

    def _score(self, state: KrakatoaState, rethrown: bool) -> KrakatoaState:
        """KR-2, KR-3: score the nine dice with the marks of the throw at hand, note the bonuses."""
        side = state.side
        assert side is not None
        dice = state.dice
        m1, m2 = state.marks[side]
        points = raw_score(dice) << m1  # KR-2.4 ×1, ×2, ×4
        total = state.totals[side] + points
        totals = _set(state.totals, side, total)
        bonuses: tuple[str, ...] = ()
        marks = state.marks
        if state.advanced:
            bonuses = tuple(bonuses_of(dice, points, total))  # type: ignore[arg-type]
            n = sum(BONUS_MARKS[b][0] for b in bonuses)
            e = sum(BONUS_MARKS[b][1] for b in bonuses)
            marks = _set(marks, side, (min(2, m2 + n), min(2, e)))  # KR-3.8
        entry = (state.round, self._label(state), points, m1, False, state.seat, rethrown)
        sheet = _set(state.sheet, side, (*state.sheet[side], entry))
        changes = {"totals": totals, "marks": marks, "bonuses": bonuses, "sheet": sheet, "last_throw": (side, *entry)}
        return self._next(_with(state, **changes))

    def _scratched(self, state: KrakatoaState) -> KrakatoaState:
        """KR-3.7: 0 points, the throw's marks used up, nothing earned; KR-3.8 m1 <- m2."""
        side = state.side
        assert side is not None
        m1, m2 = state.marks[side]
        entry = (state.round, self._label(state), 0, m1, True, state.seat, False)
        sheet = _set(state.sheet, side, (*state.sheet[side], entry))
        marks = _set(state.marks, side, (m2, 0))
        return self._next(_with(state, marks=marks, sheet=sheet, last_throw=(side, *entry)))

    @staticmethod
    def _label(state: KrakatoaState) -> str:
        return f"b{state.throw}" if state.phase == "bonus" else str(state.throw)

    def _next(self, state: KrakatoaState) -> KrakatoaState:
        """After a throw: the next throw (KR-4.3), a bonus box (KR-5), the next side, the next
        round (KR-4.2) or the end (KR-4.4)."""
        side = state.side
        assert side is not None
        if state.phase == "play" and state.throw < THROWS_PER_TURN:
            throw = state.throw + 1
            step = {2: "set", 3: "aim:s", 4: "aim:a", 5: "aim:l"}[throw]
            return _with(state, throw=throw, step=step)
        if state.round == ROUNDS:
            if state.advanced and state.marks[side][0] > 0 and state.boxes > 0:  # KR-5.2
                return _with(
                    state,
                    phase="bonus",
                    boxes=state.boxes - 1,
                    throw=BOX_COUNT - state.boxes + 1,
                    seat=seat_of(state.teams, side, ROUNDS, "bonus"),
                    step="set",
                )
            state = _with(state, marks=_set(state.marks, side, (0, 0)))  # KR-5.3 the rest is lost
        assert state.start is not None
        sides = state.sides
        if (side - state.start) % sides < sides - 1:  # the next side of this round
            nxt = (side + 1) % sides
            return _with(
                state, phase="play", throw=1, step="throw", seat=seat_of(state.teams, nxt, state.round, "play")
            )
        if state.round == ROUNDS:  # KR-4.4
            return _with(state, phase="over", throw=0, step="-", seat=None)
        # KR-4.2 the highest total starts; ties: the earliest in the round just finished
        order = [(state.start + k) % sides for k in range(sides)]
        best = max(state.totals)
        starter = next(s for s in order if state.totals[s] == best)
        round_ = state.round + 1
        return _with(
            state,
            phase="play",
            round=round_,
            throw=1,
            step="throw",
            start=starter,
            seat=seat_of(state.teams, starter, round_, "play"),
        )

    def turn_goes_on(self, state: KrakatoaState, seat: int) -> bool:
        """A turn is five throws, throw 1's keep or rethrow and the bonus throws it earns (KR-4.3, KR-5):
        a new one begins at throw 1 (``throw``); the throw-off's throws are each their own."""
        return state.phase in ("play", "bonus") and state.step != "throw" and self.to_move(state) == seat

    # ---- outcome -----------------------------------------------------------------------------
    def events(
        self, before: KrakatoaState, move: KrakatoaMove, after: KrakatoaState
    ) -> list[tuple[str, dict[str, Any]]]:
        """The throw-off's result or tie (KR-4.1), a scratch (KR-3.7) and every bonus earned (KR-3.3-3.5)."""
        found: list[tuple[str, dict[str, Any]]] = []
        if before.phase == "throwoff" and after.throwoff_log != before.throwoff_log:

            def latest(side: int) -> int:  # a side's last throw-off throw (a tie's rethrow replaces it, KR-4.1)
                return int(next(e[4] for e in reversed(after.throwoff_log) if e[0] == side))

            if after.phase == "play" and after.start is not None:
                found.append(("starter", {"starter_seat": after.seat, "points": latest(after.start)}))
            elif after.throwoff is not None and not any(isinstance(e, int) for e in after.throwoff):
                # everyone had thrown and the best tied: only the tied throw again (KR-4.1), the others are out
                # ("x"); while some are still to throw, the throws so far stand as numbers
                tied = [s for s, e in enumerate(after.throwoff) if e == "?"]
                found.append(("throwoff_tie", {"tied_seats": [seat_of(after.teams, s, 1, "throwoff") for s in tied],
                                               "points": latest(tied[0])}))
        if after.last_throw is not None and after.last_throw != before.last_throw:
            seat = after.last_throw[6]
            total = after.totals[after.last_throw[0]]
            # which throw it was (``term.krakatoa.throw_<n>``, a bonus box's ``throw_bonus``): told after a
            # whole turn of Mesa's, "the next throw" would not say which
            label = str(after.last_throw[2])
            throw = f"throw_{label}" if label.isdigit() else "throw_bonus"
            # the round too: a post telling a whole played-out stretch names it when it spans rounds
            round_ = int(after.last_throw[1])
            if after.last_throw[5]:  # a scratch earns nothing (KR-3.7); ``bonuses`` still holds older ones
                found.append(("scratch", {"who_seat": seat, "throw_term": throw, "round": round_}))
            else:
                found.extend((name.lower().replace(" ", "_"),
                              {"who_seat": seat, "total": total, "throw_term": throw, "round": round_})
                             for name in after.bonuses)
        return found

    def outcome(self, state: KrakatoaState) -> Outcome | None:
        """KR-4.4, KR-10.6: the highest total wins; equal highest totals share the win."""
        if state.phase != "over":
            return None
        sides = state.sides
        best = max(state.totals)
        top = [s for s in range(sides) if state.totals[s] == best]
        side_of = [seat % sides for seat in range(state.players)]
        winners = tuple(seat for seat in range(state.players) if side_of[seat] in top)
        seats = ",".join(str(s) for s in winners)
        if len(top) > 1:
            text = f"players {seats} share the win (tied at {best})"
        elif state.teams:
            text = f"players {seats} win (team {top[0]}, highest total {best})"
        else:
            text = f"player {seats} wins (highest total {best})"
        placements = tuple(
            1 + sum(t > state.totals[side_of[seat]] for t in state.totals) for seat in range(state.players)
        )
        scores = tuple(state.totals[side_of[seat]] for seat in range(state.players))
        return Outcome(
            winners=winners,
            reason="highest total" if len(top) == 1 else "tied for the highest total",
            text=text,
            draw=False,
            placements=placements,
            scores=scores,
            extra={"side": "team"} if state.teams else {},
        )

    # ---- view ------------------------------------------------------------------------------------
    def view(self, state: KrakatoaState, viewer: int | None) -> KrakatoaView:
        """KR-9.1: everything is public; the same dict for every viewer (shape: module docstring)."""
        result = self.outcome(state)
        changed = changed_dice(state.prev_dice, state.dice) if state.thrown else []
        sides = state.sides
        sheet = [self._sheet_rounds(state, side) for side in range(sides)]
        to_move = self.to_move(state)
        auto = None
        if to_move is not None and to_move != CHANCE:
            auto = self.format_move(state, self.auto_move(state))
        if state.phase == "play":
            throw: str | None = str(state.throw)
        elif state.phase == "bonus":
            throw = f"b{state.throw}"
        else:
            throw = None
        return {
            "game": self.name,
            "viewer": viewer,
            "players": state.players,
            "to_move": to_move,
            "actors": list(self.actors(state)),
            "ply": state.ply,
            "position": self.view_notation(state, viewer),
            "last_move": state.last_move,
            "highlight": list(changed),
            "outcome": None if result is None else result.text,
            "winners": [] if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "dice": dict(zip(SETS, state.dice)),
            "changed": list(changed),
            "thrown": state.thrown,
            "last_scratch": state.scratch,
            "sets": {
                x: None if f is None else {"points": set_score(f)[0], "class": set_score(f)[1]}
                for x, f in zip(SETS, state.dice)
            },
            "totals": list(state.totals),
            "pending_marks": [list(m) for m in state.marks],
            "sheet": sheet,
            "boxes_left": state.boxes,
            "round": state.round,
            "throw": throw,
            "step": state.step,
            "phase": state.phase,
            "seat": state.seat,
            "side": state.side,
            "start": state.start,
            "side_of_seat": [seat % sides for seat in range(state.players)],
            "sides": sides,
            "teams": state.teams,
            "preset": state.preset,
            "throwoff": None if state.throwoff is None else list(state.throwoff),
            "throwoff_log": [
                {"side": s, "seat": seat, "set": x, "faces": f, "points": p} for s, seat, x, f, p in state.throwoff_log
            ],
            "bonuses": list(state.bonuses),
            "last_throw": _throw_dict(state.last_throw),
            "auto": auto,
        }

    def _sheet_rounds(self, state: KrakatoaState, side: int) -> list[list[KrakatoaSheetEntry]]:
        """One side's score sheet by round (KR-3): its scored throws, and the throw in progress."""
        rounds: list[list[KrakatoaSheetEntry]] = [[] for _ in range(ROUNDS)]
        for rnd, label, points, marks, scratch, seat, rethrown in state.sheet[side] if state.sheet else ():
            rounds[rnd - 1].append(
                {"throw": label, "points": points, "marks": marks, "scratch": scratch, "seat": seat,
                 "rethrown": rethrown}
            )
        acting = state.seat  # the side acting is this seat's (None: nobody acts)
        if state.phase in ("play", "bonus") and acting is not None and state.side == side:
            rounds[state.round - 1].append(
                {"throw": self._label(state), "points": None, "marks": state.marks[side][0], "scratch": False,
                 "seat": acting, "rethrown": state.step == "roll:again"}
            )
        return rounds

    # ---- JSON ------------------------------------------------------------------------------------
    def to_json(self, state: KrakatoaState) -> dict[str, Any]:
        return {
            "position": self.to_position(state),
            "prev_dice": None if state.prev_dice is None else dice_text(state.prev_dice),
            "thrown": state.thrown,
            "scratch": state.scratch,
            "sheet": [[list(e) for e in side] for side in state.sheet],
            "throwoff_log": [list(e) for e in state.throwoff_log],
            "last_move": state.last_move,
            "bonuses": list(state.bonuses),
            "last_throw": None if state.last_throw is None else list(state.last_throw),
            "ply": state.ply,
        }

    def from_json(self, data: Mapping[str, Any]) -> KrakatoaState:
        try:
            state = self.from_position(data["position"])
            prev = data.get("prev_dice")
            if prev is not None and not (isinstance(prev, str) and _DICE_RE.match(prev.lower())):
                raise PositionError(f"bad prev_dice {prev!r}")
            thrown = data.get("thrown")
            if thrown not in (None, "s", "a", "l", "all"):
                raise PositionError(f"bad thrown {thrown!r}")
            sheet_data = data.get("sheet") or [[] for _ in range(state.sides)]
            if len(sheet_data) != state.sides:
                raise PositionError("one sheet per side")
            sheet = []
            for side_entries in sheet_data:
                entries = []
                for e in side_entries:
                    entries.append(_check_entry(e))
                sheet.append(tuple(entries))
            log = []
            for e in data.get("throwoff_log") or []:
                side, seat, x, faces, points = e
                if not (
                    isinstance(side, int)
                    and isinstance(seat, int)
                    and x in SETS
                    and isinstance(faces, str)
                    and faces in ALL_SETS
                    and isinstance(points, int)
                ):
                    raise PositionError(f"bad throw-off entry {e!r}")
                log.append((side, seat, x, faces, points))
            last = data.get("last_move")
            bonuses = data.get("bonuses") or []
            if last is not None and not isinstance(last, str):
                raise PositionError("bad last_move")
            if any(b not in BONUS_MARKS for b in bonuses):
                raise PositionError(f"bad bonuses {bonuses!r}")
            last_throw = data.get("last_throw")
            if last_throw is not None:
                side = last_throw[0]
                if not (isinstance(side, int) and 0 <= side < state.sides):
                    raise PositionError(f"bad last_throw {last_throw!r}")
                last_throw = (side, *_check_entry(last_throw[1:]))
            ply = data.get("ply", 0)
            if not isinstance(ply, int) or ply < 0:
                raise PositionError("bad ply")
            return _with(
                state,
                prev_dice=None if prev is None else _parse_dice(prev.lower()),
                thrown=thrown,
                scratch=bool(data.get("scratch", False)),
                sheet=tuple(sheet),
                throwoff_log=tuple(log),
                last_move=last,
                bonuses=tuple(bonuses),
                last_throw=last_throw,
                ply=ply,
            )
        except PositionError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PositionError(f"not a Krakatoa state: {exc}") from None


# ---- helpers -------------------------------------------------------------------------------------
THROW_PARAMS_FLOAT: dict[str, dict[str, float]] = {
    force: {role: float(p) for role, p in roles.items()} for force, roles in THROW_PARAMS.items()
}


# ---- reading the fields of a position (KR-10.1) ---------------------------------------------------
def _read_options(opts_f: str) -> tuple[str, bool]:
    opt_parts = opts_f.split("+")
    if opt_parts[0] not in ("advanced", "basic") or opt_parts[1:] not in ([], ["teams"]):
        raise PositionError(f"KR-10.1: options are advanced or basic, optionally +teams, not {opts_f!r}")
    return opt_parts[0], len(opt_parts) == 2


def _read_scores(totals_f: str, marks_f: str, teams: bool) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The totals and the bonus marks, one per side (KR-1.3, KR-3.8, KR-6)."""
    totals_parts = totals_f.split(",")
    if any(not _INT_RE.match(t) for t in totals_parts):
        if any(t.startswith("-") for t in totals_parts):
            raise PositionError("KR-1.3: a total cannot be negative")
        raise PositionError(f"KR-10.1: totals are whole numbers separated by commas, not {totals_f!r}")
    totals = tuple(int(t) for t in totals_parts)
    sides = len(totals)
    if teams and sides != 2:
        raise PositionError("KR-6.2: with teams there are exactly two sides")
    if not 2 <= sides <= 4:
        raise PositionError(f"KR-6: 2 to 4 sides, not {sides}")
    marks_parts = marks_f.split(",")
    if len(marks_parts) != sides or any(not _MARKS_RE.match(m) for m in marks_parts):
        raise PositionError(f"KR-3.8: marks are two digits 0-2 (m1 m2) per side, one per total, not {marks_f!r}")
    return totals, tuple((int(m[0]), int(m[1])) for m in marks_parts)


def _read_boxes(boxes_f: str, preset: str, marks: tuple[tuple[int, int], ...]) -> int:
    if not (len(boxes_f) == 1 and boxes_f in "0123") or int(boxes_f) > BOX_COUNT:
        raise PositionError(f"KR-5.1: boxes left is 0-3, not {boxes_f!r}")
    boxes = int(boxes_f)
    if preset == "basic":
        if boxes:
            raise PositionError("KR-7.1: the basic preset has no bonus boxes (boxes 0)")
        if any(m != (0, 0) for m in marks):
            raise PositionError("KR-7.1: the basic preset has no marks (00 for every side)")
    return boxes


def _read_throw(throw_f: str, phase: str, round_: int, boxes: int) -> int:
    if phase == "play":
        if throw_f not in ("1", "2", "3", "4", "5"):
            raise PositionError(f"KR-10.1: in play the throw is 1-5, not {throw_f!r}")
        throw = int(throw_f)
    elif phase == "bonus":
        if round_ != ROUNDS:
            raise PositionError("KR-5.2: bonus throws happen only in round 6")
        if throw_f not in ("b1", "b2", "b3"):
            raise PositionError(f"KR-10.1: in bonus the throw is b1-b3, not {throw_f!r}")
        throw = int(throw_f[1])
        if throw != BOX_COUNT - boxes:
            raise PositionError(f"KR-5.3: box b{throw} with {boxes} boxes left (it must be b{BOX_COUNT - boxes})")
    else:
        if throw_f != "-":
            raise PositionError(f"KR-10.1: the throw is - in phase {phase}, not {throw_f!r}")
        throw = 0
    if phase == "throwoff" and round_ != 1:
        raise PositionError("KR-4.1: the throw-off happens before round 1")
    if phase == "over" and round_ != ROUNDS:
        raise PositionError("KR-4.4: the game ends after round 6")
    return throw


def _read_seat(seat_f: str, phase: str, round_: int, players: int, sides: int, teams: bool) -> int | None:
    if phase == "over":
        if seat_f != "-":
            raise PositionError("KR-10.1: no seat acts when the game is over (seat -)")
        return None
    if not (len(seat_f) == 1 and seat_f in "0123") or int(seat_f) >= players:
        raise PositionError(f"KR-10.1: seat must be one of 0-{players - 1}, not {seat_f!r}")
    seat = int(seat_f)
    if seat != seat_of(teams, seat % sides, round_, phase):
        raise PositionError(f"KR-6.2: seat {seat} does not throw for its team in {phase} round {round_}")
    return seat


def _read_start(start_f: str, phase: str, sides: int) -> int | None:
    if phase == "throwoff":
        if start_f != "-":
            raise PositionError("KR-10.1: no start side during the throw-off (start -)")
        return None
    if not (len(start_f) == 1 and start_f in "0123") or int(start_f) >= sides:
        raise PositionError(f"KR-10.1: start is the side that began the round (0-{sides - 1}), not {start_f!r}")
    return int(start_f)


def _read_throwoff(throwoff_f: str, phase: str, sides: int, side: int | None) -> tuple[Any, ...] | None:
    if phase != "throwoff":
        if throwoff_f != "-":
            raise PositionError("KR-10.1: the throw-off field is - after the throw-off")
        return None
    parts = throwoff_f.split(",")
    if len(parts) != sides:
        raise PositionError(f"KR-10.1: one throw-off entry per side, not {throwoff_f!r}")
    entries: list[Any] = []
    for part in parts:
        if part in ("?", "x"):
            entries.append(part)
        elif _INT_RE.match(part) and int(part) in {v for v, _ in SET_TABLE.values()} | {0}:
            entries.append(int(part))
        else:
            raise PositionError(f"KR-10.1: a throw-off entry is ?, a set score or x, not {part!r}")
    assert side is not None
    if entries[side] != "?":
        raise PositionError(f"KR-4.1: side {side} acts in the throw-off but its entry is not ?")
    return tuple(entries)


def _check_dice_shown(
    dice: tuple[str | None, ...], phase: str, round_: int, throw: int, step: str, side: int | None, start: int | None
) -> None:
    shown = sum(f is not None for f in dice)
    if phase == "throwoff":
        if shown > 1:
            raise PositionError("KR-4.1: during the throw-off only the set thrown last is shown")
    elif phase == "play" and round_ == 1 and throw == 1 and step in ("throw", "roll:all") and side == start:
        if shown != 1:
            raise PositionError(
                "KR-4.1: before throw 1 of round 1 only the set thrown last in the throw-off is shown"
            )
    elif shown != 3:
        raise PositionError("KR-10.1: all nine dice are on the table (--- only before round 1)")


def _roll_face(rng: random.Random) -> str:
    """KR-1.1: one die: 3 Y, 4 R, 5 B faces of 12."""
    n = rng.randrange(SIDES_PER_DIE)
    return "Y" if n < FACES["Y"] else ("R" if n < FACES["Y"] + FACES["R"] else "B")


def _roll_set(rng: random.Random) -> str:
    return sort_faces(_roll_face(rng) + _roll_face(rng) + _roll_face(rng))


def _check_entry(e: Any) -> tuple[Any, ...]:
    """A score-sheet entry read from JSON: (round, label, points, marks, scratch, seat, rethrown)."""
    rnd, label, points, marks, scratch, seat, rethrown = e
    if not (
        isinstance(rnd, int)
        and 1 <= rnd <= ROUNDS
        and label in ("1", "2", "3", "4", "5", "b1", "b2", "b3")
        and isinstance(points, int)
        and marks in (0, 1, 2)
        and isinstance(scratch, bool)
        and isinstance(seat, int)
        and isinstance(rethrown, bool)
    ):
        raise PositionError(f"bad sheet entry {e!r}")
    return (rnd, label, points, marks, scratch, seat, rethrown)


def _throw_dict(last: tuple[Any, ...] | None) -> KrakatoaLastThrow | None:
    """The view's form of ``last_throw``."""
    if last is None:
        return None
    side, rnd, label, points, marks, scratch, seat, rethrown = last
    return {
        "side": side,
        "round": rnd,
        "throw": label,
        "points": points,
        "marks": marks,
        "scratch": scratch,
        "seat": seat,
        "rethrown": rethrown,
    }


def _with(state: KrakatoaState, **changes: Any) -> KrakatoaState:
    """``dataclasses.replace`` without re-running ``__init__``: the hot path of ``apply``."""
    new = object.__new__(KrakatoaState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def _set(values: tuple, index: int, value: Any) -> tuple:
    return (*values[:index], value, *values[index + 1 :])


def changed_dice(prev: tuple[str | None, ...] | None, dice: tuple[str | None, ...]) -> list[str]:
    """Die names (in the new sorted sets) whose colour is new: each new face not matched by an old
    face of the same set; a set that was not shown counts as changed entirely."""
    names = []
    for j, x in enumerate(SETS):
        new = dice[j]
        if new is None:
            continue
        old = list(prev[j] or "") if prev is not None else []
        for i, colour in enumerate(new):
            if colour in old:
                old.remove(colour)
            else:
                names.append(f"{x}{i + 1}")
    return names


@lru_cache(maxsize=2048)
def _chance_table(dice: tuple[str | None, ...], step: str) -> tuple[tuple[KrakatoaMove, Fraction], ...]:
    """KR-10.5: the distinct outcomes of a chance node with exact probabilities, canonical order."""
    out: list[tuple[KrakatoaMove, Fraction]] = []
    if step in ("roll:s", "roll:a", "roll:l"):
        x = SETS.index(step[5])
        for faces, p in FRESH_SET.items():
            shown: list[str | None] = [None, None, None]
            shown[x] = faces
            out.append((("roll", dice_text(shown)), p))
    elif step in ("roll:all", "roll:again"):
        for (fs, ps), (fa, pa), (fl, pl) in product(FRESH_SET.items(), repeat=3):
            out.append((("roll", f"{fs}/{fa}/{fl}"), ps * pa * pl))
    else:
        _, thrown, die, force = step.split(":")
        x = SETS.index(thrown)
        y, dist_y, none_y, z, dist_z, none_z = _aim(dice, x, die, force)
        none = none_y * none_z
        for faces, p in FRESH_SET.items():
            for fy, py in dist_y.items():
                for fz, pz in dist_z.items():
                    q = py * pz
                    if fy == dice[y] and fz == dice[z]:
                        q -= none  # the unstruck case is the scratch below
                    new: list[str | None] = [None, None, None]
                    new[x], new[y], new[z] = faces, fy, fz
                    out.append((("roll", dice_text(new)), p * q))
            new = list(dice)
            new[x] = faces
            out.append((("scratch", dice_text(new)), p * none))
    out.sort(key=lambda mp: f"{mp[0][0]} {mp[0][1]}")
    return tuple(out)


ENGINE = KrakatoaEngine()
