"""Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012) for hidden-information games.

Why this and not "sample some states, search each, vote": searching each sample separately lets the
search use what it could never know in that sample (strategy fusion: it plays a different move in
each possible world).  ISMCTS keeps *one* tree over move sequences from the observer's information
set; each iteration draws a fresh full state consistent with the observer's view (a
*determinization*), walks the tree using only the moves legal in that sample, and backs up the
result.  A move's statistics therefore average over every world the observer considers possible.

Details that matter here:

- **Availability counts.**  A child is only legal in some samples, so its UCB exploration term uses
  the number of times it was *available* (not the parent's visits); otherwise rarely-legal moves
  look under-explored forever.
- **Progressive widening.**  Plateau has 1,260 moves at the first ply and hundreds later: a node
  admits a new child only while its available children number fewer than ``widen_base +
  widen_scale * visits ** widen_power``; the game adapter's ``expand`` picks *which* untried move
  (captures and wins first), so the tree grows along the moves worth reading.
- **Prior as virtual visits.**  An adapter may offer ``prior(state, move) -> (value, weight)``: a
  new child starts with ``weight`` visits worth ``value`` each (progressive bias), so a few hundred
  iterations refine a good static reading instead of replacing it with noise.
- **Rewards per seat.**  A rollout returns one reward in [0, 1] per seat; a node stores the reward of
  the seat that made the move into it, so 2-4 player and cooperative games share the code.

The search never sees the true state: its only input is the observer's view, handed unopened to the
adapter's ``determinize``.  With an iteration budget and a seeded ``rng`` the answer is a pure
function of (view, seat, budget, seed), which is what ``tests/test_ai_honesty.py`` relies on.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

#: a game's view type (``engines.<game>.<Game>View``: what ``determinize`` reads) and move type
ViewT = TypeVar("ViewT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT = TypeVar("MoveT", bound=Hashable)


class Adapter(Protocol[ViewT_contra, MoveT]):
    """What the search needs from a game (one implementation per game in ``ai/<game>.py``)."""

    def determinize(self, view: ViewT_contra, seat: int, rng: random.Random) -> Any: ...

    def to_move(self, state: Any) -> int | None: ...

    def moves(self, state: Any) -> Sequence[MoveT]: ...

    def apply(self, state: Any, move: MoveT) -> Any: ...

    def expand(self, state: Any, untried: list[MoveT], rng: random.Random) -> MoveT: ...

    def rollout(self, state: Any, rng: random.Random) -> Sequence[float]: ...


@dataclass
class Settings:
    """Search constants (per level)."""

    exploration: float = 0.7
    widen_base: float = 3.0
    widen_scale: float = 1.5
    widen_power: float = 0.5
    #: checks the clock every this many iterations (a clock read is not free)
    clock_every: int = 1


@dataclass
class Node(Generic[MoveT]):
    """One move sequence from the observer's information set."""

    mover: int = -1  # the seat that made the move into this node (its reward is stored)
    visits: int = 0
    avail: int = 0
    reward: float = 0.0
    children: dict[MoveT, Node[MoveT]] = field(default_factory=dict)


@dataclass
class Stats:
    """What one search did (for benchmarks: determinizations and iterations per second)."""

    iterations: int = 0
    seconds: float = 0.0
    max_depth: int = 0
    root_children: int = 0


def search(
    adapter: Adapter[ViewT, MoveT],
    view: ViewT,
    seat: int,
    rng: random.Random,
    iterations: int | None,
    ms: int | None,
    settings: Settings,
    stats: Stats | None = None,
) -> dict[MoveT, Node[MoveT]]:
    """Run ISMCTS from ``seat``'s view; return the root's children (move -> statistics).

    One determinization per iteration.  Stops after ``iterations`` or ``ms`` milliseconds,
    whichever comes first (at least one iteration).
    """
    root: Node[MoveT] = Node()
    start = time.perf_counter()
    deadline = None if ms is None else start + ms / 1000.0
    limit = iterations if iterations is not None else 1 << 60
    c = settings.exploration
    prior = getattr(adapter, "prior", None)  # optional: (state, move) -> (value, virtual visits)
    done = 0
    max_depth = 0
    while done < limit:
        if deadline is not None and done and done % settings.clock_every == 0 and time.perf_counter() >= deadline:
            break
        state = adapter.determinize(view, seat, rng)
        node = root
        path = [root]
        while True:
            player = adapter.to_move(state)
            if player is None:
                break
            legal = adapter.moves(state)
            kids = node.children
            available = [(m, kids[m]) for m in legal if m in kids]
            for _, child in available:
                child.avail += 1
            allowed = settings.widen_base + settings.widen_scale * node.visits**settings.widen_power
            if len(available) < allowed and len(available) < len(legal):
                untried = [m for m in legal if m not in kids]
                move = adapter.expand(state, untried, rng)
                child = Node(mover=player, avail=1)
                if prior is not None:  # progressive bias: the adapter's opinion as virtual visits
                    value, weight = prior(state, move)
                    child.visits, child.reward = weight, value * weight
                kids[move] = child
                state = adapter.apply(state, move)
                path.append(child)
                break
            best: Any = None  # (``legal`` is never empty where a seat is to move)
            best_score = -1.0
            for m, child in available:  # UCB1 with availability counts (SO-ISMCTS)
                score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best_score, best = score, m
            move = best
            node = kids[move]
            state = adapter.apply(state, move)
            path.append(node)
        rewards = adapter.rollout(state, rng)  # also scores a finished game
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.reward += rewards[n.mover]
        max_depth = max(max_depth, len(path) - 1)
        done += 1
    if stats is not None:
        stats.iterations += done
        stats.seconds += time.perf_counter() - start
        stats.max_depth = max(stats.max_depth, max_depth)
        stats.root_children = len(root.children)
    return root.children


def best_move(children: Mapping[MoveT, Node[MoveT]]) -> MoveT:
    """The most visited root move; ties go to the higher mean reward, then to the first expanded
    (insertion order is a function of the seed, so the choice stays repeatable)."""

    def key(item: tuple[MoveT, Node[MoveT]]) -> tuple[int, float]:
        node = item[1]
        return (node.visits, node.reward / node.visits if node.visits else 0.0)

    return max(children.items(), key=key)[0]
