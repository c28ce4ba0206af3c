"""K3 computer player: a pyramid built for the mountain it sees, then ISMCTS play (rules/k3.md).

What is hidden in K3 (K3-10) is only the other players' arrangements while everyone builds; once the
last build is accepted everything is public.  So:

- **Building** (K3-3) is a choice under uncertainty: the seat sees the base row, its own pieces and
  the other players' pieces (the deal is public) but not how they stack them.  It draws candidate
  pyramids from a plan (below), then scores each by simulated games in which the other pyramids are
  *determinizations*: a finished hidden pyramid is a random arrangement of its known pieces
  (``engines.k3.determinize``), an unbuilt hand is built by the engine's sensible plan.  The best
  mean result wins (successive halving spends the simulations on the leading candidates).
- **Play** (K3-5..K3-8) has nothing hidden, so the shared ISMCTS (``ai/ismcts.py``) runs as plain
  MCTS over the one state the view describes, with a reward per seat: the rank the game gives each
  player, ``(n - place) / (n - 1)``, so a seat fights for second place when it cannot win; in the
  cooperative variant every seat scores the team's result (K3-8), so all seats play for the team.
  Rollouts (``ai/k3_rollout.py``, the rules on mutable lists) use a light policy: no penalty given
  away when another move exists (K3-6), whites kept while a placement exists (K3-5.1 c), a steal
  takes an escape (a white or a natural) when there is one.

The plan for a pyramid (played from the top down: what sits high comes early, K3-4.4): naturals and
whites are escapes (a natural fits any open slot, a white passes), so one of them sits high and the
rest are spread lower to rescue the late game; coloured pieces are dealt round-robin by colour so
that every rank mixes colours (choices stay open), colours common on the mountain high and rare
ones (hard to place) low.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai import AIError, Budget
from ai.ismcts import Settings, Stats, best_move, search
from ai.k3_rollout import rollout as fast_rollout
from engines.k3 import (
    ALLOTMENT,
    COLOURS,
    ENGINE,
    K3Move,
    K3State,
    K3View,
    accessible_spots,
    determinize,
    determinizer,
    open_slots,
)


@dataclass(frozen=True)
class Level:
    build_candidates: int
    greedy_rollout: float  # chance a rollout ply follows the light policy rather than a uniform move
    settings: Settings


LEVEL_KNOBS: dict[str, Level] = {
    "easy": Level(build_candidates=2, greedy_rollout=0.5, settings=Settings(exploration=1.0, widen_base=50)),
    "normal": Level(build_candidates=4, greedy_rollout=0.8, settings=Settings(exploration=0.8, widen_base=50)),
    "hard": Level(build_candidates=8, greedy_rollout=0.9, settings=Settings(exploration=0.7, widen_base=50)),
}


# ---- rule facts the heuristics need (mirrors of K3-5.1 and K3-6.1) -----------------------------
def fits(piece: str, a: str, b: str) -> bool:
    """K3-5.1 a/b: a coloured X needs an X or an N among the supports; a natural fits anywhere."""
    return piece == "N" or piece in (a, b) or "N" in (a, b)


def penalised(state: K3State, move: K3Move) -> bool:
    """K3-6.1: does this placement hand the previous player a steal?"""
    if move.kind != "place" or not isinstance(move.dest, tuple):
        return False
    f, r = move.dest
    a, b = state.mountain[r - 1][f], state.mountain[r - 1][f + 1]
    if a != b:
        return False
    return (move.piece == a and move.piece in COLOURS) if state.match else True


def n_actions(mountain: Any, seat: Any) -> int:
    """How many K3-5.1 actions a player has on ``mountain`` (passes count once)."""
    if seat.status != "built":
        return 0
    letters = [seat.pyramid[r][f] for f, r in accessible_spots(seat.pyramid)] + list(dict.fromkeys(seat.side))
    if not letters:
        return 0
    opens = open_slots(mountain)
    if not opens:
        return sum(2 for p in letters if p != "W") + ("W" in letters)
    n = 0
    for piece in letters:
        if piece == "W":
            n += 1
        else:
            n += sum(1 for _, a, b in opens if fits(piece, a, b))
    return n


def rewards(state: K3State) -> list[float]:
    """Per seat: the rank the game gives it, scaled to [0, 1]; the team's result when cooperative."""
    out = ENGINE.outcome(state)
    n = state.players
    if out is None:
        return [0.5] * n
    if state.coop:
        return [1.0 if out.winners else 0.0] * n
    places = out.placements or tuple(1 if i in out.winners else n for i in range(n))
    return [(n - place) / (n - 1) for place in places]


# ---- the one-step heuristic (the greedy baseline) --------------------------------------------------
def _score(state: K3State, move: K3Move) -> float:
    """One step ahead: what the move leaves for the mover and the next player."""
    mover = state.turn
    assert mover is not None
    after = ENGINE.apply(state, move)
    if after.phase == "over":
        r = rewards(after)[mover]
        return 1000.0 * r - 500.0
    if move.kind == "steal":
        victim = after.seats[state.steal]  # type: ignore[index]
        return -3.0 * n_actions(after.mountain, victim) + n_actions(after.mountain, after.seats[mover]) + (
            5.0 if move.piece in "WN" else 0.0)  # fmt: skip
    score = 0.0
    if penalised(state, move):
        score -= 0 if state.coop else 20.0
    if move.kind == "pass":
        score -= 6.0  # a white is an escape: keep it while something else fits
    mine = n_actions(after.mountain, after.seats[mover])
    score += 2.0 * min(mine, 6) + 0.1 * mine
    nxt = after.turn
    if nxt is not None and nxt != mover:
        theirs = n_actions(after.mountain, after.seats[nxt])
        score += (0.5 * min(theirs, 6)) if state.coop else (-1.5 * min(theirs, 6))
        if not state.coop and theirs == 0:
            score += 30.0
    return score


def greedy_move(state: K3State, rng: random.Random) -> str:
    """The best move by ``_score`` (ties at random)."""
    moves = ENGINE.legal_moves(state)
    best = max(moves, key=lambda m: (_score(state, m), rng.random()))
    return ENGINE.format_move(state, best)


# ---- play: MCTS over the public state --------------------------------------------------------------
class K3Adapter:
    """The game as ``ai.ismcts.search`` sees it."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self._public: K3State | None = None
        #: the states the search has met and their legal moves, and each move's result: in play a move
        #: sequence from the one public state leads to one state, so the tree's walk asks the engine once per
        #: node and edge (per choice: an adapter serves one search).  Keyed by ``id``; each entry holds its
        #: state, which keeps that id its own.
        self._legal: dict[int, tuple[K3State, list[K3Move]]] = {}
        self._after: dict[tuple[int, K3Move], tuple[K3State, K3State]] = {}

    def determinize(self, view: K3View, seat: int, rng: random.Random) -> K3State:
        if view.get("phase") != "build":  # K3-10: nothing is hidden once play begins
            if self._public is None:
                self._public = determinize(view, seat, rng)
            return self._public
        return determinize(view, seat, rng)

    def to_move(self, state: K3State) -> int | None:
        return ENGINE.to_move(state)

    def moves(self, state: K3State) -> list[K3Move]:
        known = self._legal.get(id(state))
        if known is not None and known[0] is state:
            return known[1]
        legal = ENGINE.legal_moves(state)
        self._legal[id(state)] = (state, legal)
        return legal

    def apply(self, state: K3State, move: K3Move) -> K3State:
        known = self._after.get((id(state), move))
        if known is not None and known[0] is state:
            return known[1]
        after = ENGINE.apply(state, move)
        self._after[id(state), move] = (state, after)
        return after

    def expand(self, state: K3State, untried: list[K3Move], rng: random.Random) -> K3Move:
        good = [m for m in untried if not penalised(state, m) and m.kind != "pass"]
        pool = good or untried
        return pool[int(rng.random() * len(pool))]

    def rollout(self, state: K3State, rng: random.Random) -> Sequence[float]:
        return fast_rollout(state, rng, self.level.greedy_rollout)


# ---- building -------------------------------------------------------------------------------------
def plan_build(pieces: list[str], base: Counter[str], rng: random.Random, escapes_high: int = 1,
               jitter: float = 0.0) -> list[str]:  # fmt: skip
    """Pieces in play order (top of the pyramid first) by the plan of the module docstring."""
    escapes = sorted((p for p in pieces if p in "WN"), key=lambda p: (p != "N", rng.random()))
    by_colour: dict[str, list[str]] = {}
    for p in pieces:
        if p in COLOURS:
            by_colour.setdefault(p, []).append(p)
    order = sorted(by_colour, key=lambda c: (-base[c] - rng.random() * jitter, rng.random()))
    spread: list[str] = []
    while any(by_colour.values()):
        for colour in order:
            if by_colour[colour]:
                spread.append(by_colour[colour].pop())
    top, rest = escapes[:escapes_high], escapes[escapes_high:]
    seq = top + spread
    n = len(seq) + len(rest)
    for i, p in enumerate(rest):  # the other escapes spread through the lower half
        at = min(len(seq), n // 2 + (i + 1) * (n // 2) // (len(rest) + 1))
        seq.insert(at, p)
    return seq


def _ranks(seq: list[str], b: int) -> tuple[str, ...]:
    ranks, pos = [], 0
    for size in range(1, b + 1):
        ranks.append("".join(seq[pos : pos + size]))
        pos += size
    return tuple(ranks)


def candidate_builds(view: K3View, seat: int, rng: random.Random, count: int) -> list[tuple[str, ...]]:
    """Distinct pyramids (ranks top first) for ``seat`` from the plan, with varied escapes and jitter."""
    info = view["players_info"][seat]
    pieces = list(info["hand"])
    players = int(view["players"])
    if players == 4:
        pieces.remove("W")  # K3-3.1: the 4-player white sits beside the pyramid
    b = ALLOTMENT[players][3]
    base = Counter(p for row in view["mountain"] for p in row if p is not None)
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for i in range(count * 4):
        escapes_high = (0, 1, 2)[i % 3]
        ranks = _ranks(plan_build(pieces, base, rng, escapes_high, jitter=0.0 if i < 3 else 3.0), b)
        if ranks not in seen:
            seen.add(ranks)
            out.append(ranks)
        if len(out) >= count:
            break
    return out


def _simulate_build(sample: Callable[[random.Random], K3State], seat: int, ranks: tuple[str, ...],
                    rng: random.Random, care: float) -> float:  # fmt: skip
    """One game from a determinization of the view (``sample``), with this pyramid; the seat's reward."""
    state = sample(rng)
    state = ENGINE.apply(state, K3Move("build", seat=seat, rows=ranks))
    while state.phase == "build":
        other = next(i for i, s in enumerate(state.seats) if s.status == "hand")
        state = ENGINE.apply(state, ENGINE.auto_build(state, other, rng, "sensible"))
    return fast_rollout(state, rng, care)[seat]


def choose_build(view: K3View, seat: int, knobs: Level, budget: Budget, rng: random.Random,
                 stats: Stats | None = None) -> str:  # fmt: skip
    """Successive halving over candidate pyramids, each scored by simulated games: every round
    plays each surviving candidate equally often, then keeps the better half."""
    start = time.perf_counter()
    candidates = candidate_builds(view, seat, rng, knobs.build_candidates)
    ms = budget.ms if budget.ms is not None or budget.iterations is not None else 500
    deadline = None if ms is None else start + ms * 0.75 / 1000.0
    sample = determinizer(view, seat)  # the view read once for all the simulated games
    scores = {c: [0.0, 0] for c in candidates}
    alive = list(candidates)
    rounds = max(1, (len(alive) - 1).bit_length())
    done = 0
    for r in range(rounds):
        round_end = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / (rounds - r)
        each = 1 << 30 if budget.iterations is None else max(1, budget.iterations // rounds // len(alive))
        late = False
        for _ in range(each):
            for c in alive:
                if round_end is not None and scores[c][1] and time.perf_counter() >= round_end:
                    late = True  # every candidate has one game at least; the clock decides the rest
                    break
                scores[c][0] += _simulate_build(sample, seat, c, rng, knobs.greedy_rollout)
                scores[c][1] += 1
                done += 1
            if late:
                break
        alive.sort(key=lambda c: -scores[c][0] / max(scores[c][1], 1))
        alive = alive[: max(1, len(alive) // 2)]
    if stats is not None:
        stats.iterations += done
        stats.seconds += time.perf_counter() - start
    best = alive[0]
    return f"build:{seat}:{'/'.join(best)}"


def greedy_build(view: K3View, seat: int, rng: random.Random) -> str:
    """The plan's first pyramid, with no simulation (the greedy baseline's build)."""
    return f"build:{seat}:{'/'.join(candidate_builds(view, seat, rng, 1)[0])}"


def choose(view: K3View, seat: int, level: str, budget: Budget, rng: random.Random,
           stats: Stats | None = None) -> str:  # fmt: skip
    """The move for ``seat`` from its view (see the module docstring)."""
    if view.get("outcome") or view.get("phase") == "over":
        raise AIError("the game is over")
    knobs = LEVEL_KNOBS[level]
    if view.get("phase") == "build":
        if seat not in view.get("actors", []):
            raise AIError(f"seat {seat} has already built")
        return choose_build(view, seat, knobs, budget, rng, stats)
    if view.get("phase") != "play" or view.get("to_move") != seat:
        raise AIError(f"seat {seat} is not the one to act")
    adapter = K3Adapter(knobs)
    state = adapter.determinize(view, seat, rng)
    legal = adapter.moves(state)
    if len(legal) == 1:
        return ENGINE.format_move(state, legal[0])
    ms = budget.ms
    if budget.iterations is None and ms is None:
        ms = 500
    if ms is not None:
        ms = int(ms * 0.8)
    children = search(adapter, view, seat, rng, budget.iterations, ms, knobs.settings, stats)
    move = best_move(children)
    return ENGINE.format_move(state, move)
