"""Krakatoa's computer player: exact expectimax over the throw at hand, valued for the rest.

Every decision of Krakatoa (keep or rethrow, which set, which die and force) leads to one chance
move whose exact distribution the rules give (KR-1.1, KR-8.2): the player enumerates it outcome by
outcome (about a thousand per aim), scores each as the engine would (KR-2, the marks of KR-3.8 with
Quakes, Rumbles and Eruptions), and values the position it leads to:

- the rest of the turn on the dice this throw leaves and with the marks it earns
  (``ai.krakatoa_turn.VALUE``, exact dynamic programming: every throw scores all nine dice and
  throws 3-5 are Steam, Ash, Lava, KR-4.3, so a Volcano left standing scores again and again, and
  dice in two colours make a Rumble likely) — this is where a Quake, a Rumble or an Eruption is
  worth its points (the basic preset, KR-7.1, has a table of its own: no marks there);
- the later turns at their average (measured in greedy self-play);
- a bonus box (KR-5) in round 6 when marks are left and a box is.

``normal`` maximises expected points so valued.  ``hard`` plays exactly as ``normal`` until the
points it needs are known: its last turn of the game (round 6, KR-4.4, with its bonus throws, KR-5)
with every other side finished, the total to beat the best of theirs.  There it values each option
twice, by its expected points (as ``normal``) and by its chance of winning (a win 1, a tie for the
highest total 1/2, a loss 0), and takes the most points unless another option wins more often by
more than ``HARD_RATE`` (2%) per expected point it gives up: it throws hard for the two points it
needs where a soft throw scores more on average but scratches more often, and does not give up
points for a sliver of a win; where every option wins, or none can, the points decide.  The chance
of winning of the position a throw leaves (issue 32, "exact 'points needed' play in the last round"):

- after throw 5 or a bonus throw: exact, outcome by outcome, when no bonus box can follow; with a
  box to come, the box's points a normal variable around its expectation on the dice left;
- after throw 4: exact over throw 5 (``win5``): each Lava aim's raw score as a distribution with
  the scratch at 0 (``AimRaw``, per dice, cached), so "raw × 2^m1 beats the points needed" is a
  lookup, the best aim taken; outcomes whose marks reach a bonus box (a Rumble or an Eruption, a
  Quake on the new total, m2, KR-3.3-3.5, KR-5.2) add the box's chance to win, its raw score a
  normal variable (``BOX_RAW_MEAN``, ``BOX_RAW_SD`` over fresh dice, × its marks);
- after throws 1-3: the rest of the turn a normal variable, mean ``VALUE``'s and spread
  ``SPREAD``'s (``ai.krakatoa_turn.compute_spread``: the second moment of the same dynamic
  programming, the throws aimed as ``normal`` aims them) for those dice and marks.

Measured (``bench/ai.py``, paired against ``normal`` on the same dice, one core), 10,000 two-player
games against ``greedy``: points +0.076 ± 0.100 and score +0.0017 ± 0.0017 a game (the last throw
alone, before: +0.024 ± 0.058, +0.0007 ± 0.0010); ``hard`` 0.5335 ± 0.0098 against ``greedy``,
``normal`` 0.5319: not worse, a little better, still short of issue 32's 0.54 (the last turn is
played with every other side finished in about half the games; the results differ in 84 of the
10,000, the points in 402).  Against ``random``, 3,500 paired games: points -0.100 ± 0.128, score +0.0001 ± 0.0016
(``hard`` 0.8960 ± 0.0101, ``normal`` 0.8959).  Four players, one against three ``greedy``, 5,300
paired games: points -0.031 ± 0.074, score -0.0004 ± 0.0012 (``hard`` 0.2768 ± 0.0120 wins, mean
place 2.413; ``normal`` 0.2772, 2.412).  Moves of its last turn (400 games against ``greedy``,
one core): throws 1-4 median 3.9 ms, p95 84 ms (the first throw-4 aim of a process up to 0.9 s,
filling the ``lava_aims`` cache; the budget is 1.5 s), throw 5 and bonus throws median 4.2 ms, p95
7.3 ms; its other moves as ``normal``'s (1.2 ms median, p95 3.2 ms).

Over a whole game the win is mostly the points: a win chance estimated further off (others' totals
and its own as normal variables, turn by turn) cost more points than it gained (3.9 points a game
fewer than ``normal``, issue 32; from the last round on still 1.0 ± 1.0 points for no measurable
gain), and even at the last throw, buying every sliver of a win cost a point a game for 0.002 of a
win (the player's own values of the options, at the last throws of 1,000 games of greedy play; at
2% a point: 0.02 points for 0.001).  With teams the side's (team's) total is used (KR-6.2).  The
basic preset (KR-7.1) keeps the last throw only (``SPREAD`` is the advanced preset's).
``easy`` plays the engine's ``auto`` policy (KR-8.4) but now and then picks a lesser aim among the
good ones.
"""

from __future__ import annotations

import math
import random
from operator import mul
from typing import Any, TypeVar

from ai import AIError, Budget
from ai.clock import Stopwatch
from ai.krakatoa_turn import INDEX as _INDEX
from ai.krakatoa_turn import THROW1_RAW, carry, earned, spread_table, value_table
from engines import krakatoa as KR
from engines.base import CHANCE

ENGINE = KR.ENGINE
SETS = KR.SETS

# ---- calibration: (advanced, basic) ------------------------------------------------------------
#: mean points (marks included) of a whole turn, and its variance: advanced, auto against auto,
#: 2 players, 60 games (see bench/ai.py); basic (KR-7.1), exact (python -m bench.krakatoa_optimum)
TURN_MEAN = {True: 35.8, False: 21.75}
TURN_VAR = {True: 743.0, False: 136.2}
#: what Quakes (KR-3.3, left out of ``VALUE``: they depend on the total) add to a throw, roughly
QUAKE_POINTS = {True: 0.6, False: 0.0}
#: variance of one throw's points, for the rest of the turn at hand (a fifth of a turn's)
THROW_VAR = {True: 150.0, False: 27.0}
#: where ``hard`` plays for the win, the chance of winning an expected point given up must buy (2%):
#: at 0 it gave up a point a game for 0.002 of a win (module docstring)
HARD_RATE = 0.02
#: ``easy`` picks a lesser (second or third best) aim this often
EASY_SLIP = 0.3

_SCORE = {f: KR.set_score(f)[0] for f in KR.ALL_SETS}

# ---- the chance of the highest final total, final totals as independent normal variables --------
#: what a pair's variance gains for the totals being whole numbers (a tie is not a win)
TIE_VAR = 25.0
#: the standard normal by quadrature: nodes every 0.5 over ±5, weights the density, normalised
_Z = [k * 0.5 - 5.0 for k in range(21)]
_ZW = [math.exp(-z * z / 2.0) for z in _Z]
_ZW = [w / sum(_ZW) for w in _ZW]


def _beats(x: float, others: list[tuple[float, float]]) -> float:
    """P(a final total of exactly ``x`` beats every other side's): each (mean, variance) a normal variable."""
    p = 1.0
    for mean, var in others:
        spread = var + TIE_VAR
        if spread > 0.0:
            p *= 0.5 * (1.0 + math.erf((x - mean) / math.sqrt(2.0 * spread)))
        elif x <= mean:  # a known total: beaten or not (a tie shares, KR-4.4)
            p *= 0.5 if x == mean else 0.0
    return p


def best_chance(mine: tuple[float, float], others: list[tuple[float, float]]) -> float:
    """The chance that a side whose final total is a normal variable ``mine`` (mean, variance) ends with the
    highest, the others' independent normal variables: E[∏ P(X > other)] over X, by quadrature (a product
    of pairwise chances instead would count X's own spread once per rival: with three rivals a close leader
    came out at a quarter).  With one rival exactly Φ of the difference (``TIE_VAR`` added to the pair)."""
    mean, var = mine
    if len(others) == 1 and var + others[0][1] + TIE_VAR > 0.0:
        (m, v), = others
        return 0.5 * (1.0 + math.erf((mean - m) / math.sqrt(2.0 * (var + v + TIE_VAR))))
    sd = math.sqrt(max(var, 0.0))
    if sd == 0.0:
        return _beats(mean, others)
    return sum(w * _beats(mean + sd * z, others) for z, w in zip(_Z, _ZW))


class _WinCurve:
    """``best_chance((x, var), others)`` as a function of the expected final total ``x``, tabulated every
    ``step`` points over the range where it is neither 0 nor 1 and read by linear interpolation: a
    decision asks it for thousands of outcomes."""

    def __init__(self, var: float, others: list[tuple[float, float]]) -> None:
        self.var, self.others = var, others
        scale = math.sqrt(var + min(v for _, v in others) + TIE_VAR)  # its narrowest bend
        reach = 8.0 * math.sqrt(var + max(v for _, v in others) + TIE_VAR)
        self.step = scale / 8.0
        self.lo = min(m for m, _ in others) - reach
        n = int((max(m for m, _ in others) + reach - self.lo) / self.step) + 2
        self.values = [best_chance((self.lo + i * self.step, var), others) for i in range(n)]

    def __call__(self, x: float) -> float:
        at = (x - self.lo) / self.step
        if at <= 0.0:
            return self.values[0]
        i = int(at)
        if i >= len(self.values) - 1:
            return self.values[-1]
        f = at - i
        return self.values[i] * (1.0 - f) + self.values[i + 1] * f


def _dice_facts(fs: str, fa: str, fl: str) -> tuple[int, int, int, int]:
    """(raw score, marks earned for the next throw and for the one after by Rumbles and Eruptions
    (KR-3.4, KR-3.5, as ``ai.krakatoa_turn.earned`` counts them), index into ``VALUE``) of the nine dice."""
    d = _INDEX[fs] * 100 + _INDEX[fa] * 10 + _INDEX[fl]
    n, e = earned(d)
    return _SCORE[fs] + _SCORE[fa] + _SCORE[fl], n, e, d


#: the nine dice of each index (``ai.krakatoa_turn.dice_index``: Steam × 100 + Ash × 10 + Lava)
_DICE: list[tuple[str, str, str]] = [(fs, fa, fl) for fs in KR.ALL_SETS for fa in KR.ALL_SETS for fl in KR.ALL_SETS]
_FACTS = {dice: _dice_facts(*dice) for dice in _DICE}
#: (raw score, marks for the next throw, marks for the one after) by dice index
_FACTS_AT = [_FACTS[dice][:3] for dice in _DICE]
#: a set's weight in the dice index: Steam, Ash, Lava
_PLACE = (100, 10, 1)
_FRESH = [(f, float(p)) for f, p in KR.FRESH_SET.items()]
#: a fresh set's outcomes as (share of the dice index, probability), per set (Steam, Ash, Lava)
_FRESH_AT = [[(_INDEX[f] * place, p) for f, p in _FRESH] for place in _PLACE]
_FRESH_VALUE = float(KR.FRESH_VALUE)
_FACE = {c: float(p) for c, p in KR.FACE_P.items()}
_STRIKE = {force: {role: float(p) for role, p in roles.items()} for force, roles in KR.STRIKE_P.items()}

#: the rest of the turn's value by preset: advanced (True), basic (False: no marks, KR-7.1)
_VALUE = {True: value_table(), False: value_table(basic=True)}

_T = TypeVar("_T")

#: figures of the last search (benchmarks read them)
LAST_STATS: dict[str, Any] = {}


class _Struck:
    """A table set's faces after strikes (KR-8.2): outcomes, P(no die struck), expected score."""

    __slots__ = ("_placed", "dist", "none", "value")

    def __init__(self, faces: str, probs: tuple[float, float, float]) -> None:
        per_die = [
            [(c, (1.0 - p if c == colour else 0.0) + p * _FACE[c]) for c in KR.COLOURS]
            for colour, p in zip(faces, probs)
        ]
        dist: dict[str, float] = {}
        for c0, q0 in per_die[0]:
            for c1, q1 in per_die[1]:
                for c2, q2 in per_die[2]:
                    q = q0 * q1 * q2
                    if q:
                        key = KR.sort_faces(c0 + c1 + c2)
                        dist[key] = dist.get(key, 0.0) + q
        self.dist = sorted(dist.items())
        self.none = (1.0 - probs[0]) * (1.0 - probs[1]) * (1.0 - probs[2])
        self.value = sum(p * _SCORE[f] for f, p in self.dist)
        self._placed: dict[int, list[tuple[int, float]]] = {}

    def placed(self, place: int) -> list[tuple[int, float]]:
        """The outcomes as (share of the dice index, probability) for the set at ``place``."""
        found = self._placed.get(place)
        if found is None:
            found = self._placed[place] = [(_INDEX[f] * place, p) for f, p in self.dist]
        return found


_struck_cache: dict[tuple[str, tuple[float, float, float]], _Struck] = {}


def _struck(faces: str, probs: tuple[float, float, float]) -> _Struck:
    key = (faces, probs)
    found = _struck_cache.get(key)
    if found is None:
        found = _struck_cache[key] = _Struck(faces, probs)
    return found


def _aim_parts(dice: tuple[str, str, str], x: int, die: str, force: str) -> tuple[int, _Struck, int, _Struck]:
    """(target set, its strikes, other table set, its strikes) of an aimed throw (KR-8.2)."""
    y, i = SETS.index(die[0]), int(die[1]) - 1
    z = 3 - x - y
    params = _STRIKE[force]
    probs_y = tuple(params["target"] if j == i else params["mate"] for j in range(3))
    o = params["other"]
    return y, _struck(dice[y], probs_y), z, _struck(dice[z], (o, o, o))  # type: ignore[arg-type]


def aim_raw(dice: tuple[str, str, str], x: int, die: str, force: str) -> float:
    """KR-8.4's exact expected raw score of an aim (a scratch counting 0), in floats."""
    y, sy, z, sz = _aim_parts(dice, x, die, force)
    none = sy.none * sz.none
    return _FRESH_VALUE + sy.value + sz.value - none * (_FRESH_VALUE + _SCORE[dice[y]] + _SCORE[dice[z]])


_best_cache: dict[tuple[tuple[str, str, str], int], float] = {}


def best_raw(dice: tuple[str, str, str], x: int) -> float:
    """The expected raw score of the best aim throwing set ``x`` (-1: the best set) on ``dice``."""
    key = (dice, x)
    found = _best_cache.get(key)
    if found is None:
        if x < 0:
            found = max(best_raw(dice, j) for j in range(3))
        else:
            thrown = SETS[x]
            found = max(
                aim_raw(dice, x, die, force) for die in KR.aim_targets(dice, thrown) for force in KR.FORCES
            )
        _best_cache[key] = found
    return found


# ---- hard's last turn: the chance to win when the points needed are known ---------------------
#: the largest raw score of a throw (three Volcanoes YYY, KR-2.2)
_RAW_MAX = 30
#: by dice index, where ``AimRaw`` counts the outcome: its marks' class (none, x, xx or more) × 31 + raw
_BUCKET = [(n if n < 2 else 2) * (_RAW_MAX + 1) + raw for raw, n, _ in _FACTS_AT]


class AimRaw:
    """One aimed throw's raw score (KR-2.1) as a distribution, a scratch counting 0 (KR-8.2, KR-3.7):
    ``pr[r]`` = P(raw = r), ``tail[r]`` = P(raw ≥ r) (r up to 31), ``scratch`` = P(scratch), and the
    scored outcomes split by the marks their Rumbles and Eruptions earn for the next throw (KR-3.4,
    KR-3.5): ``plain[r]`` none, ``one[r]`` x, ``two[r]`` two or more (so pr = plain + one + two, plus
    the scratch at 0).  Quakes (KR-3.3) depend on the total and are left to the reader (``Context``)."""

    __slots__ = ("one", "plain", "pr", "scratch", "tail", "two")

    def __init__(self, dice: tuple[str, str, str], x: int, die: str, force: str) -> None:
        y, sy, z, sz = _aim_parts(dice, x, die, force)
        none = sy.none * sz.none
        ys, zs = sy.placed(_PLACE[y]), sz.placed(_PLACE[z])
        unmoved = _PLACE[y] * _INDEX[dice[y]] + _PLACE[z] * _INDEX[dice[z]]
        size = _RAW_MAX + 1
        flat = [0.0] * (3 * size)  # none, x, xx or more (``_BUCKET``)
        for at, px in _FRESH_AT[x]:
            for oy, py in ys:
                pxy = px * py
                for oz, pz in zs:
                    flat[_BUCKET[at + oy + oz]] += pxy * pz
            # nothing struck: a scratch, not the scored throw showing the old table sets
            flat[_BUCKET[at + unmoved]] -= px * none
        by_marks = [flat[:size], flat[size:2 * size], flat[2 * size:]]
        self.plain, self.one, self.two = by_marks
        self.scratch = none
        self.pr = [a + b + c for a, b, c in zip(*by_marks)]
        self.pr[0] += none
        tail = [0.0] * (size + 1)
        for r in range(_RAW_MAX, -1, -1):
            tail[r] = tail[r + 1] + self.pr[r]
        self.tail = tail


_lava_cache: dict[int, list[AimRaw]] = {}


def lava_aims(d: int) -> list[AimRaw]:
    """Every aim of throw 5 (Lava, KR-4.3) on the dice of index ``d``, as ``AimRaw`` (cached: the
    same dice recur from decision to decision)."""
    found = _lava_cache.get(d)
    if found is None:
        dice = _DICE[d]
        found = _lava_cache[d] = [
            AimRaw(dice, 2, die, force) for die in KR.aim_targets(dice, "l") for force in KR.FORCES
        ]
    return found


def quake_marks(total: int) -> int:
    """KR-3.3: the marks a scored throw earns by Quakes on its new ``total`` (the points > 0)."""
    return _QUAKES[total % 100]


#: ``quake_marks`` by the total's last two digits (a multiple of 20 is one of 100): x for 11, 22, ... 99, xx
#: for a multiple of 20
_QUAKES = tuple((1 if r and r % 11 == 0 else 0) + (2 if r % 20 == 0 else 0) for r in range(100))


#: a bonus box's throw (KR-5.2: any set, aimed) when ``hard`` looks at it from before throw 5: its
#: raw score as a normal variable, mean and spread over the dice nine fresh dice show (the best set
#: and aim for the most expected points, KR-8.4; ``tests/test_ai_krakatoa_last_turn.py`` recomputes
#: them), scaled by the box's marks
BOX_RAW_MEAN = 4.23
BOX_RAW_SD = 3.88


class Context:
    """What the throw being decided leads to, and how the game stands (per decision)."""

    def __init__(self, state: KR.KrakatoaState, level: str) -> None:
        side = state.side
        assert side is not None
        self.side = side
        self.advanced = state.advanced
        self.total = state.totals[side]
        self.m1, self.m2 = state.marks[side]
        self.boxes = state.boxes
        self.round = state.round
        self.phase = state.phase
        self.throw = state.throw
        last_round = state.round == KR.ROUNDS
        # what follows the throw being decided
        if state.phase == "bonus":
            self.next = "bonus"
            throws_after = 0
        elif state.throw < KR.THROWS_PER_TURN:
            self.next = {1: "set", 2: "aim:s", 3: "aim:a", 4: "aim:l"}[state.throw]
            throws_after = KR.THROWS_PER_TURN - state.throw - 1  # beyond the next one
        else:
            self.next = "bonus" if last_round else "turn"
            throws_after = 0
        self.throws_after = throws_after
        future_turns = KR.ROUNDS - state.round
        advanced = state.advanced
        turn_mean, turn_var = TURN_MEAN[advanced], TURN_VAR[advanced]
        self.base = throws_after * QUAKE_POINTS[advanced] + future_turns * turn_mean
        # the others' expected final totals and the spread (hard only)
        sides = state.sides
        start = state.start if state.start is not None else side
        order = [(start + k) % sides for k in range(sides)]
        later = set(order[order.index(side) + 1 :]) if side in order else set()
        self.others: list[tuple[float, float]] = []
        self.others_done = True
        for o in range(sides):
            if o == side:
                continue
            turns = future_turns + (1 if o in later else 0)
            m1o = state.marks[o][0]
            mean = state.totals[o] + turns * turn_mean + (THROW1_RAW * ((1 << m1o) - 1) if turns else 0.0)
            self.others.append((mean, turns * turn_var))
            self.others_done = self.others_done and turns == 0
        #: ``normal`` values points, and so does ``hard`` until the points needed are known: on its
        #: last turn of the game (round 6, KR-4.4, with its bonus throws, KR-5), every other side
        #: finished; there it values the chance of winning (``Search`` weighs both).  The basic
        #: preset (KR-7.1) only at the last throw (``SPREAD`` is the advanced preset's)
        known = level == "hard" and state.round == KR.ROUNDS and self.others_done
        self.linear = not (known and (self.next == "bonus" or advanced))
        #: the total to beat (others finished: the best of theirs), and ``ahead`` for a throw that
        #: another throw of this turn follows (``win_ahead``)
        self.target = max((mean for mean, _ in self.others), default=0.0)
        self.ahead = not self.linear and self.next != "bonus"
        self._spread = spread_table()[self.throw + 1] if self.ahead and self.next != "aim:l" else None
        self._deltas: dict[int, float] = {}
        self.my_var = future_turns * turn_var + (throws_after + 1) * THROW_VAR[advanced]
        # per other side: its mean and 1 / (spread × √2) of the difference of totals (hard only)
        self._scaled = [
            (mean, 1.0 / (math.sqrt(self.my_var + var + TIE_VAR) * math.sqrt(2.0))) for mean, var in self.others
        ]
        self._curve: _WinCurve | None = None  # two or more others: the chance to win, tabulated
        self._rest = _VALUE[advanced][self.throw + 1] if self.next == "set" or self.next.startswith("aim:") else None
        #: the utility of a throw scored with this decision's marks, by dice index (``scored``)
        self.by_index: list[float | None] = [None] * len(_DICE)

    def future(self, dice: tuple[str, str, str], m1: int, m2: int) -> float:
        """Expected points still to come for this side after the throw, given its result: the rest
        of the turn on these dice with these marks (``VALUE``), later turns at their average."""
        nxt = self.next
        if self._rest is not None:
            value = self._rest[m1 * 3 + m2][_FACTS[dice][3]]
        elif nxt == "turn":  # KR-3.2 marks carry to the next round's throws 1 and 2
            value = carry(m1, m2)
        else:  # KR-5.2 a bonus box, if marks and a box are left
            value = best_raw(dice, -1) * (1 << m1) if (m1 and self.boxes and self.advanced) else 0.0
        return value + self.base

    def utility(self, total: float, future: float) -> float:
        """Expected final points (``normal``) or the estimated probability of winning (``hard``)."""
        mine = total + future
        if self.linear:
            return mine
        if self.others_done and future == 0.0:  # the game's last throw: exactly a win, a tie or not
            best = max(mean for mean, _ in self.others)
            return 1.0 if mine > best else (0.5 if mine == best else 0.0)
        if len(self._scaled) == 1:
            (mean, scale), = self._scaled
            return 0.5 * (1.0 + math.erf((mine - mean) * scale))
        if self._curve is None:  # ``best_chance``: this side's spread counted once, not once per rival
            self._curve = _WinCurve(self.my_var, self.others)
        return self._curve(mine)

    def scored(self, d: int) -> float:
        """The utility of a throw scored with this decision's marks showing the dice of index ``d``
        (KR-2, KR-3); memoised per decision, since the options' outcomes share most of their dice."""
        found = self.by_index[d]
        if found is None:
            found = self.by_index[d] = self._scored_at(d)
        return found

    def fill(self) -> None:
        """Where the points decide (``linear``, and not ``ahead``), every dice index's ``scored`` at once:
        every decision's options reach all thousand (a fresh set and two struck ones; a rethrow), and one
        loop does what a thousand calls of ``_scored_at`` do, value for value, in about half the time."""
        if not self.linear or self.ahead or self.by_index[0] is not None:
            return
        rest, base, start, m1, m2 = self._rest, self.base, self.total, self.m1, self.m2
        if rest is None:
            self.by_index = [self._scored_at(d) for d in range(len(_DICE))]
            return
        if not self.advanced:  # KR-7.1: no marks earned, so the rest of the turn is valued at m1 = m2 = 0
            plain = rest[0]
            self.by_index = [(start + (raw << m1)) + (plain[d] + base) for d, (raw, _, _) in enumerate(_FACTS_AT)]
            return
        out: list[float | None] = []
        for d, (raw, n, e) in enumerate(_FACTS_AT):  # ``_scored_at``, inline
            points = raw << m1
            total = start + points
            if points > 0:  # KR-3.3 Quakes on the new total
                n += _QUAKES[total % 100]
            out.append(total + (rest[(m2 + n if m2 + n < 2 else 2) * 3 + (e if e < 2 else 2)][d] + base))
        self.by_index = out

    def _scored_at(self, d: int) -> float:
        raw, n, e = _FACTS_AT[d]  # KR-2, and the Rumbles and Eruptions of KR-3.4, KR-3.5
        points = raw << self.m1
        total = self.total + points
        if not self.advanced:
            n = e = m2 = 0
        else:
            m2 = self.m2
            if points > 0:  # KR-3.3 Quakes on the new total
                n += _QUAKES[total % 100]
        m1 = m2 + n if m2 + n < 2 else 2  # KR-3.1 capped at xx; KR-3.8
        m2 = e if e < 2 else 2
        if self.ahead:
            return self.win_ahead(d, total, m1, m2)
        rest = self._rest  # the hot path of ``future``: another throw of this turn follows
        future = rest[m1 * 3 + m2][d] + self.base if rest is not None else self.future(_DICE[d], m1, m2)
        if self.linear:  # (``utility``'s first case, inline)
            return total + future
        return self.utility(total, future)

    def scratched(self, dice: tuple[str, str, str]) -> float:
        """KR-3.7: no points, the throw's marks used up, m1 <- m2."""
        if self.ahead:
            return self.win_ahead(_FACTS[dice][3], self.total, self.m2, 0)
        return self.utility(self.total, self.future(dice, self.m2, 0))

    # ---- hard's last turn (``ahead``): the chance to win of the position the throw leaves ----------

    def win_ahead(self, d: int, total: int, m1: int, m2: int) -> float:
        """The chance to win (1, a tie for the highest total 1/2) of this side's last turn going on at
        the next throw with dice ``d``, ``total`` and marks ``m1``, ``m2``, every other side finished.
        Before throw 5 (``next`` = ``aim:l``) exactly over throw 5's outcomes (``win5``); earlier, the
        rest of the turn a normal variable of ``VALUE``'s mean and ``SPREAD``'s spread (the points of
        the throws left as ``normal`` would aim them)."""
        if total > self.target:
            return 1.0  # points are never taken away
        if self._spread is None:
            return self.win5(d, total, m1, m2)
        k = m1 * 3 + m2
        rest = self._rest[k][d] + self.base  # type: ignore[index]
        sd = self._spread[k][d]
        return 0.5 * (1.0 + math.erf((total + rest - self.target) / (max(sd, 1.0) * math.sqrt(2.0))))

    def win5(self, d: int, total: int, m1: int, m2: int) -> float:
        """The chance to win of throw 5 (KR-4.3: Lava) on dice ``d`` with ``total`` and marks ``m1``,
        ``m2``, its aim the one that wins most often (``lava_aims``: each aim's raw score as a
        distribution, so the throw alone is a lookup: win when raw × 2^m1 > target - total, KR-2.4).
        Where the throw's marks reach a bonus box (KR-5.2: a Rumble or Eruption, KR-3.4, KR-3.5, a Quake
        on the new total, KR-3.3, or m2 from a throw-4 Eruption, KR-3.8), the box's points are a
        normal variable (``BOX_RAW_MEAN``, ``BOX_RAW_SD``, × its marks)."""
        target = self.target
        need = target - total  # win when the throw's points exceed it (need >= 0 here)
        if need < 0:
            return 1.0
        need = int(need)
        factor = 1 << m1
        over = need // factor + 1  # the least raw score that wins
        tie = need // factor if need % factor == 0 else -1
        boxes = self.boxes > 0
        if boxes:  # what a box adds to each raw score that does not win by itself (KR-3.3, KR-5.2)
            delta = self._box_delta
            plain, one, two = [], [], []
            for r in range(min(over, _RAW_MAX + 1)):
                after = total + r * factor
                quake = quake_marks(after) if r else 0
                plain.append(delta(after, m2 + quake) if m2 + quake else 0.0)
                one.append(delta(after, m2 + quake + 1))
                two.append(delta(after, 2))
            scratched = delta(total, m2) if m2 else 0.0
        best = 0.0
        for aim in lava_aims(d):
            p = aim.tail[over] if over <= _RAW_MAX else 0.0
            if 0 <= tie <= _RAW_MAX:
                p += 0.5 * aim.pr[tie]
            if boxes:  # (``map`` stops at the shorter list: the raw scores below ``over``)
                p += sum(map(mul, aim.plain, plain)) + sum(map(mul, aim.one, one)) + sum(map(mul, aim.two, two))
                if m2:  # a scratch keeps m2 for the box (KR-3.7, KR-3.8)
                    p += aim.scratch * scratched
            if p > best:
                best = p
        return best

    def _box_delta(self, total: int, marks: int) -> float:
        """A box thrown with ``marks`` (capped, KR-3.1) from ``total``: its chance to win (a normal
        variable, never below the bare chance) less the bare chance (1 above the target, 1/2 on it)."""
        marks = min(2, marks)
        key = total * 3 + marks
        found = self._deltas.get(key)
        if found is None:
            found = self._deltas[key] = self._box_delta_at(total, marks)
        return found

    def _box_delta_at(self, total: int, marks: int) -> float:
        if total > self.target:
            return 0.0
        factor = 1 << marks
        bare = 0.5 if total == self.target else 0.0
        z = (total + BOX_RAW_MEAN * factor - self.target) / (BOX_RAW_SD * factor * math.sqrt(2.0))
        return max(0.0, 0.5 * (1.0 + math.erf(z)) - bare)


class Search:
    """Expectimax over one decision's chance move, counting outcomes as its work."""

    def __init__(self, state: KR.KrakatoaState, level: str, stopwatch: Stopwatch) -> None:
        self.state = state
        self.ctx = Context(state, level)
        #: ``hard`` where the win is at stake: the points (``ctx``) and the win (``win``) both valued
        self.win: Context | None = None
        if not self.ctx.linear:
            self.win, self.ctx = self.ctx, Context(state, "normal")
        self.stopwatch = stopwatch
        self.work = 0

    def aim_value(self, x: int, die: str, force: str, ctx: Context | None = None) -> float:
        """The expected utility of an aim: each outcome of the thrown set (fresh) and of the two
        table sets (struck or not), scored; the outcome where no table die is struck is a scratch
        (KR-8.2, KR-3.7) instead of a scored throw showing the old table sets.  ``ctx``: whose
        utility (default the search's points, ``self.ctx``)."""
        dice: tuple[str, str, str] = self.state.dice  # type: ignore[assignment]
        ctx = ctx or self.ctx
        ctx.fill()
        values, scored = ctx.by_index, ctx._scored_at  # ``ctx.scored`` inline: the hot loop
        y, sy, z, sz = _aim_parts(dice, x, die, force)
        none = sy.none * sz.none
        ys, zs = sy.placed(_PLACE[y]), sz.placed(_PLACE[z])
        unmoved = _PLACE[y] * _INDEX[dice[y]] + _PLACE[z] * _INDEX[dice[z]]
        filled = values[0] is not None  # (``fill``: then no value is missing)
        pairs = [(oy + oz, py * pz) for oy, py in ys for oz, pz in zs]  # the product as the loop below took it
        total = 0.0
        for at, px in _FRESH_AT[x]:
            inner = 0.0
            if filled:
                for o, p in pairs:
                    inner += p * values[at + o]  # type: ignore[operator]
            else:
                for o, p in pairs:
                    value = values[at + o]
                    if value is None:
                        value = values[at + o] = scored(at + o)
                    inner += p * value
            still = ctx.scored(at + unmoved)  # the table as it was: counted above, but not when nothing is struck
            total += px * (inner + none * (ctx.scratched(_DICE[at + unmoved]) - still))
        self.work += 10 * (len(sy.dist) * len(sz.dist) + 1)
        return total

    def best(self, options: list[tuple[int, str, str]]) -> tuple[int, str, str]:
        """The aim option of highest value; options come greedy-best first, the fallback when the
        budget runs out.  Where ``hard`` plays for the win (``win``): the most points unless another
        option wins enough more often (``_for_the_win``)."""
        best, best_value = options[0], -math.inf
        valued: list[tuple[float, float, tuple[int, str, str]]] = []
        for option in options:
            if best_value > -math.inf and self.stopwatch.over(self.work):
                break
            value = self.aim_value(*option)
            if value > best_value + 1e-12:
                best, best_value = option, value
            if self.win is not None:
                valued.append((self.aim_value(*option, ctx=self.win), value, option))
        return self._for_the_win(best, valued)

    @staticmethod
    def _for_the_win(most_points: _T, valued: list[tuple[float, float, _T]]) -> _T:
        """``most_points``, unless another option wins more often by more than ``HARD_RATE`` per
        expected point it gives up (``valued``: (chance of winning, expected points, option)): then the
        option that gains the most so counted (the first of those on ties).  Where every option wins,
        or none can, the points decide."""
        if not valued:
            return most_points
        win, points = next((w, p) for w, p, option in valued if option == most_points)
        choice, gain = most_points, 0.0
        for w, p, option in valued:
            more = w - win - HARD_RATE * max(0.0, points - p)
            if more > gain + 1e-12:
                choice, gain = option, more
        return choice

    def keep_or_rethrow(self) -> str:
        keep, rethrow = self._keep_value(self.ctx, "keep"), self._keep_value(self.ctx, "rethrow")
        most_points = "keep" if keep >= rethrow else "rethrow"
        if self.win is None:
            return most_points
        win = self.win
        valued = [(self._keep_value(win, "keep"), keep, "keep"), (self._keep_value(win, "rethrow"), rethrow, "rethrow")]
        return self._for_the_win(most_points, valued)

    def _keep_value(self, ctx: Context, move: str) -> float:
        if move == "keep":
            return ctx.scored(_FACTS[self.state.dice][3])  # type: ignore[index]
        ctx.fill()
        rethrow = 0.0
        for fs, ps in _FRESH_AT[0]:
            for fa, pa in _FRESH_AT[1]:
                p = ps * pa
                for fl, pl in _FRESH_AT[2]:
                    rethrow += p * pl * ctx.scored(fs + fa + fl)
        self.work += 1000
        return rethrow


def _options(dice: tuple[str, str, str], sets: list[int]) -> list[tuple[int, str, str]]:
    """Every (set, die, force), best immediate expectation first (KR-8.4 order on ties)."""
    out: list[tuple[float, int, tuple[int, str, str]]] = []
    for x in sets:
        for die in KR.aim_targets(dice, SETS[x]):
            for force in KR.FORCES:
                out.append((aim_raw(dice, x, die, force), -len(out), (x, die, force)))
    out.sort(reverse=True)
    return [o for _, _, o in out]


def _state_of(view: KR.KrakatoaView, seat: int) -> KR.KrakatoaState:
    position = view.get("position")
    if not isinstance(position, str):
        raise AIError("the Krakatoa view has no position")
    state = ENGINE.from_position(position)
    to_move = ENGINE.to_move(state)
    if to_move is None:
        raise AIError(f"the game is over: {ENGINE.outcome_text(state)}")
    if to_move == CHANCE:
        raise AIError("the dice are rolling: no seat can act now")
    if to_move != seat:
        raise AIError(f"seat {seat} cannot act: seat {to_move} is to move")
    return state


def choose(view: KR.KrakatoaView, seat: int, level: str, budget: Budget, rng: random.Random) -> str:
    """The move for ``seat`` (KR-10.3 notation) at ``level`` within ``budget``."""
    state = _state_of(view, seat)
    step = state.step
    stopwatch = Stopwatch(budget, check_every=1)
    if step == "throw" or (step == "set" and state.phase == "throwoff"):
        only = ENGINE.auto_move(state)  # one choice only, or sets alike (KR-4.1: a fresh set)
        return ENGINE.format_move(state, only)
    dice: tuple[str, str, str] = state.dice  # type: ignore[assignment]
    if level == "easy":
        if step.startswith("aim:") or step == "set":
            sets = [SETS.index(step[4])] if step.startswith("aim:") else [0, 1, 2]
            options = _options(dice, sets)
            pick = options[0]
            if len(options) > 1 and rng.random() < EASY_SLIP:
                pick = rng.choice(options[1:3])
            return _finish(state, step, pick)
        return ENGINE.format_move(state, ENGINE.auto_move(state))
    search = Search(state, level, stopwatch)
    if step == "keep":
        move = search.keep_or_rethrow()
    else:
        sets = [SETS.index(step[4])] if step.startswith("aim:") else [0, 1, 2]
        move = _finish(state, step, search.best(_options(dice, sets)))
    LAST_STATS.update(work=search.work, seconds=stopwatch.elapsed(), unit="outcomes")
    return move


def _finish(state: KR.KrakatoaState, step: str, option: tuple[int, str, str]) -> str:
    """At a ``set`` step the move is the set; the aim follows at the next decision."""
    x, die, force = option
    if step == "set":
        return KR.SET_WORDS[SETS[x]]
    return f"aim {die} {force}"
