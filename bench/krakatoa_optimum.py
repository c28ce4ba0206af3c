"""The best any player can do at Krakatoa against ``auto`` and against random play, exactly.

    python -m bench.krakatoa_optimum [--spread E]

Needs numpy: ``pip install -r requirements-bench.txt`` (the product and its tests do not).

Two players, **basic preset** (KR-7: no marks, Quakes or boxes).  Then nothing in the game depends
on the totals except who is ahead: who starts a round (KR-4.2, the highest total; on a tie the side
that started the round just finished) and who wins (KR-4.4, a shared win counting 1/2).  Against an
opponent whose policy is fixed (``auto`` of KR-8.4, or uniformly random legal moves), the game is a
finite Markov decision problem in (round, who starts it, throw, the nine dice, the difference of the
totals), and dynamic programming over it gives the **win probability of the best possible policy**:
a ceiling no player, whatever its search or time, can beat.  The player may use everything,
including how far ahead or behind it is and, in the second seat of round 6, the other's final total.

- The opponent's turn is a distribution of points (0-150), computed exactly from its policy.
- My turn: for every difference ``e`` (from -E to +E; beyond, the difference is clamped, where the
  outcome is long decided), throws 5, 4, 3, 2 then throw 1's keep or rethrow (KR-4.3), each decision
  the best for the win over every outcome of its throw (KR-1.1, KR-8.2; a scratch scores 0, KR-3.7).
- Round by round from the end: a round I start is my turn then the opponent's; one it starts, the
  reverse.  Round 1's starter is the throw-off's winner, either side with probability 1/2 (both
  throw a fresh set).

Checks printed with the figures: ``auto`` against ``auto`` and random against random come out 1/2
(the game is symmetric); ``auto`` against random is what ``python -m bench.ai krakatoa --match
greedy:random --option preset=basic`` measures.  ``most expected points`` is the player that
maximises the expected points of its turn (exact over the turn; what the issue's ``normal`` aims at).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

try:
    import numpy as np
except ModuleNotFoundError as missing:  # pragma: no cover - a bench, run by hand
    raise SystemExit("bench.krakatoa_optimum needs numpy: pip install -r requirements-bench.txt") from missing

from ai.krakatoa_turn import ALL, FIXED, FRESH, SCORE, struck
from engines import krakatoa as KR

DICE = 1000  # nine dice, as three sorted sets (KR-1.2): 10 x 10 x 10
RAW = np.array([SCORE[d // 100] + SCORE[d // 10 % 10] + SCORE[d % 10] for d in range(DICE)])
NINE = np.array([FRESH[d // 100] * FRESH[d // 10 % 10] * FRESH[d % 10] for d in range(DICE)])  # KR-8.1
FRESH_V = np.array(FRESH)
MAX_TURN = 5 * 30  # five throws of at most three Volcanoes of YYY (KR-2.2)
KEEP_RAW = 3  # KR-8.4: auto keeps throw 1 when raw >= 1595/576


@dataclass
class Aimed:
    """Every decision of one aimed throw (KR-8.2), a row per (dice, set, target, force), rows of a
    dice state together: where the dice go when something is struck, P(nothing struck)."""

    roll: np.ndarray  # (rows, 1000): P(dice after), the scratch left out
    none: np.ndarray  # (rows,): P(scratch)
    scratch_at: np.ndarray  # (rows,): index into the (dice, set) scratch values
    starts: np.ndarray  # (1000,): first row of each dice state
    auto: np.ndarray  # (1000,): auto's row (KR-8.4)
    random_weight: np.ndarray  # (rows,): P(a uniformly random player picks the row)
    labels: list[tuple[int, str, str]]  # per row: (set thrown, target die, force), as KR-10.3 writes them


def aimed_throw(k: int) -> Aimed:
    sets = [FIXED[k]] if k in FIXED else [0, 1, 2]  # KR-4.3: throw 2 chooses its set
    roll: list[np.ndarray] = []
    none: list[float] = []
    scratch_at: list[int] = []
    starts: list[int] = []
    auto: list[int] = []
    weight: list[float] = []
    labels: list[tuple[int, str, str]] = []
    for d in range(DICE):
        dice = (d // 100, d // 10 % 10, d % 10)
        faces = (ALL[dice[0]], ALL[dice[1]], ALL[dice[2]])
        starts.append(len(roll))
        if k == 2:
            auto_set = KR.SETS.index(KR.best_set(faces)[1])
        else:
            auto_set = sets[0]
        _, auto_die, auto_force = KR.best_aim(faces, KR.SETS[auto_set])
        for x in sets:
            first = len(roll)
            for y in range(3):
                if y == x:
                    continue
                z = 3 - x - y
                for i, colour in enumerate(faces[y]):
                    if faces[y].index(colour) != i:
                        continue  # KR-10.3: dice of a set showing one colour are one target
                    for force in KR.FORCES:
                        params = KR.STRIKE_P[force]
                        probs = tuple(float(params["target"] if j == i else params["mate"]) for j in range(3))
                        dy, ny = struck(dice[y], probs)  # type: ignore[arg-type]
                        o = float(params["other"])
                        dz, nz = struck(dice[z], (o, o, o))
                        parts: list[np.ndarray] = [FRESH_V, FRESH_V, FRESH_V]
                        parts[y], parts[z] = np.array(dy), np.array(dz)
                        row = np.einsum("i,j,k->ijk", *parts)
                        stay = [FRESH_V, FRESH_V, FRESH_V]  # nothing struck: table dice unchanged
                        stay[y], stay[z] = np.eye(10)[dice[y]], np.eye(10)[dice[z]]
                        row = (row - ny * nz * np.einsum("i,j,k->ijk", *stay)).reshape(DICE)
                        if (x, f"{KR.SETS[y]}{i + 1}", force) == (auto_set, auto_die, auto_force):
                            auto.append(len(roll))
                        roll.append(row)
                        labels.append((x, f"{KR.SETS[y]}{i + 1}", force))
                        none.append(ny * nz)
                        scratch_at.append(d * 3 + x)
            count = len(roll) - first
            weight += [1.0 / (len(sets) * count)] * count
        assert len(auto) == d + 1, "auto's aim is one of the rows"
    return Aimed(
        np.array(roll), np.array(none), np.array(scratch_at), np.array(starts), np.array(auto), np.array(weight),
        labels,
    )


def scratch_dice() -> np.ndarray:
    """(dice x set, 10): the dice states a scratch throwing that set leaves, per fresh face (KR-3.7)."""
    return np.array([
        [[f * 100 + d % 100, d // 100 * 100 + f * 10 + d % 10, d // 10 * 10 + f][x] for f in range(10)]
        for d in range(DICE) for x in range(3)
    ])


@dataclass
class Fixed:
    """A policy that does not look at the totals: its row per dice state at each aimed throw, and
    whether it keeps each throw 1."""

    rows: dict[int, np.ndarray]
    keep: np.ndarray


Policy = Fixed | str  # or "best" (the most of whatever the turn's end is worth), "random"


class Turn:
    """One side's whole turn (KR-4.3) as a map from what the end of the turn is worth to what its
    start is worth, over differences of totals -E..E (index e + E)."""

    def __init__(self, spread: int) -> None:
        self.spread = spread
        self.width = 2 * spread + 1
        self.throws = {k: aimed_throw(k) for k in (2, 3, 4, 5)}
        columns = np.arange(self.width)
        self.shift = np.minimum(columns[None, :] + RAW[:, None], self.width - 1)  # the points a throw scores
        self.scratch_dice = scratch_dice()
        self.auto = Fixed({k: t.auto for k, t in self.throws.items()}, RAW >= KEEP_RAW)  # KR-8.4
        self.expected = self._most_expected_points()

    def value(self, end: np.ndarray, policy: Policy) -> np.ndarray:
        """value[e] = what the turn is worth started at difference e, when the difference after it
        is worth ``end``."""
        w = np.broadcast_to(end, (DICE, self.width))  # after throw 5 the dice no longer matter
        for k in (5, 4, 3, 2):
            t = self.throws[k]
            scored = np.take_along_axis(w, self.shift, axis=1)  # scored[d', e] = w[d', e + raw(d')]
            scratch = sum(FRESH[f] * w[self.scratch_dice[:, f]] for f in range(10))  # (dice x set, width)
            if isinstance(policy, Fixed):
                rows = policy.rows[k]
                w = t.roll[rows] @ scored + t.none[rows, None] * scratch[t.scratch_at[rows]]
                continue
            values = t.roll @ scored + t.none[:, None] * scratch[t.scratch_at]
            if policy == "best":
                w = np.maximum.reduceat(values, t.starts, axis=0)
            else:
                w = np.add.reduceat(values * t.random_weight[:, None], t.starts, axis=0)
        kept = np.take_along_axis(w, self.shift, axis=1)  # throw 1 kept and scored (KR-4.3)
        rethrow = NINE @ kept  # the second throw must be kept
        if isinstance(policy, Fixed):
            return NINE @ np.where(policy.keep[:, None], kept, rethrow[None, :])
        if policy == "best":
            return NINE @ np.maximum(kept, rethrow[None, :])
        return 0.5 * (NINE @ kept) + 0.5 * rethrow

    def points(self, policy: Policy) -> np.ndarray:
        """P(a turn scores t points), t = 0..150, for a policy blind to the totals: the turn's value
        when only ending at difference 0 is worth 1, read at difference -t."""
        end = np.zeros(self.width)
        end[self.spread] = 1.0
        start = self.value(end, policy)
        return start[self.spread - np.arange(MAX_TURN + 1)]

    def _most_expected_points(self) -> Fixed:
        """The policy of the most expected points of the whole turn (exact; totals ignored)."""
        future = np.zeros(DICE)  # expected points of the throws still to come, per dice state
        rows = {}
        for k in (5, 4, 3, 2):
            t = self.throws[k]
            scratch = sum(FRESH[f] * future[self.scratch_dice[:, f]] for f in range(10))
            values = t.roll @ (RAW + future) + t.none * scratch[t.scratch_at]
            ends = [*t.starts[1:], len(values)]
            rows[k] = np.array([s + int(np.argmax(values[s:e])) for s, e in zip(t.starts, ends)])
            future = values[rows[k]]
        return Fixed(rows, RAW + future >= NINE @ (RAW + future))


def after(points: np.ndarray, worth: np.ndarray) -> np.ndarray:
    """What a difference is worth before the opponent's turn (it lowers the difference by its
    points), given what it is worth after."""
    width = len(worth)
    index = np.arange(width)
    out = np.zeros(width)
    for t, p in enumerate(points):
        if p:
            out += p * worth[np.maximum(index - t, 0)]
    return out


def win_probability(turn: Turn, mine: Policy, theirs: Policy) -> float:
    """The exact probability that ``mine`` beats ``theirs`` (a shared win 1/2) from the start."""
    spread = turn.spread
    e = np.arange(turn.width) - spread
    theirs_points = turn.points(theirs)
    end = np.where(e > 0, 1.0, np.where(e == 0, 0.5, 0.0))  # KR-4.4
    tie_me = tie_them = end  # round 7's start, by who threw earliest in round 6 (KR-4.2)
    for _ in range(KR.ROUNDS):
        i_start = turn.value(after(theirs_points, tie_me), mine)  # my turn, then theirs
        they_start = after(theirs_points, turn.value(tie_them, mine))  # theirs, then mine
        # the start of this round, by the totals; a tie goes to whoever started the round before
        tie_me = np.where(e >= 0, i_start, they_start)
        tie_them = np.where(e > 0, i_start, they_start)
    return 0.5 * float(i_start[spread] + they_start[spread])  # KR-4.1 the throw-off: 1/2 each


def _stats(points: np.ndarray) -> tuple[float, float]:
    t = np.arange(len(points))
    mean = float(points @ t)
    return mean, float(np.sqrt(points @ (t - mean) ** 2))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.krakatoa_optimum",
                                     description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spread", type=int, default=450, help="differences of totals -E..E (default 450)")
    args = parser.parse_args()
    if args.spread < MAX_TURN:  # a turn's points must fit the table of differences
        parser.error(f"--spread must be at least {MAX_TURN}, a turn's most points")
    started = time.perf_counter()
    turn = Turn(args.spread)
    print("Krakatoa, 2 players, basic preset (KR-7): exact probability of winning (a shared win 1/2)")
    for name, policy in (("auto", turn.auto), ("most expected points", turn.expected), ("random", "random")):
        total = turn.points(policy)
        mean, sd = _stats(total)
        print(f"  a turn of {name}: {mean:.2f} points on average, ±{sd:.2f} (sd); P sums to {total.sum():.9f}")
    for opponent, theirs in (("auto", turn.auto), ("random", "random")):
        print(f"against {opponent}:")
        players: list[tuple[str, Policy]] = [("auto", turn.auto), ("most expected points", turn.expected)]
        if opponent == "random":
            players.insert(0, ("random (check: 1/2)", "random"))
        else:
            players[0] = ("auto (check: 1/2)", turn.auto)
        players.append(("the best possible player", "best"))
        for name, mine in players:
            print(f"  {name:28} {win_probability(turn, mine, theirs):.4f}", flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
