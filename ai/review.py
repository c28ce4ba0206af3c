"""Mesa's review of a finished game (issue 32, ``/review``): the pure half, run in the AI process pool.

For each decision of a game (a player's move with a real choice; chance moves are not reviewed) it
gives Mesa's estimate of every seat's chance to win, and Mesa's preferred decision there.  The caller
(the tables layer) splits a game's decisions into parts (``decisions``, then ``review_part`` per
part, each a short pool job), and joins the parts (``assemble``) into the review kept as JSON.

**Honesty.**  Every estimate at a decision is made from the mover's view at that moment only,
``engine.view(state_before, seat)``, exactly as Mesa plays (``ai/__init__.py``): Plateau's unseen
faces and K3's pyramids built in secret stay unknown, sampled by the game's own ``determinize``.
The true state of the game is replayed only to know whose decision it is, to take its view, and to
read the move played (its text from the log); no estimate ever receives it
(``tests/test_review_analysis.py`` checks it with twin games that differ only in hidden faces).
A mover's own secrets are part of its view (a player knows its own faces and its own pyramid), so
the figures of its decisions rest on them, as Mesa's own moves would.  The moves are shown in their
public form (``Engine.public_move``: Plateau writes ``?`` for faces
still hidden after the move), except a K3 build once every build is public (the play phase began,
K3-10), so a review shown to everyone tells no face its owner alone knew.

**What the figures mean** (one dict per decision, see ``review_part``):

- ``best``: Mesa's choice there, by the ``hard`` level's player (``ai.choose_move``) with the review's
  iteration budget (``budget_each``), from the same view; in Kona the move the position's own reading
  prefers (``hard``'s search, the one that gives ``before``: a win it proves is a win its choice plays);
  in Krakatoa the decision of the most expected points, exactly (the turn table, ``ai.krakatoa_turn``,
  as ``normal`` plays).
- ``after``: every seat's chance to win if the move played is made, estimated from the mover's view
  *before* it (what the mover could know when deciding: the move's consequences are averaged over
  everything it could not see); ``best_after`` the same for Mesa's choice; ``before`` in Kona the
  position's own worth, read exactly as the position after the previous decision was (nothing is
  hidden: ``before`` of decision k+1 is ``after`` of decision k), elsewhere the better of the two for
  the mover (the position's worth as far as Mesa read it from the mover's view: its own choice, or the
  move played where that read better), so a move equal to Mesa's choice changes nothing.
- The mover's **fall** is ``best_after[seat] - after[seat]``: a **mistake** when at least
  ``MISTAKE`` (0.20) and below ``BLUNDER`` (0.40), a **blunder** from 0.40 on (the two are
  apart: a blunder is not also listed as a mistake), judged in whole points as the review shows the two
  chances (``shown_fall``: each rounded to a whole per cent first), so that a move the review shows at 30 %
  against Mesa's choice at 50 % is the mistake its legend says it is.  ``seen``: the chances the graph shows after the
  decision ("How the graph moves").  A decision's **swing** is the largest change
  ``|seen[s] - before[s]|`` over the seats; the review marks the three largest (at least
  ``SWING_FLOOR``).
- Win chances are in 0..1, one per seat, and sum to about 1 (a draw counts half to each side; in
  Krakatoa's partnerships, KR-6.2, both partners have their team's chance, so the sides sum to 1; in
  K3's cooperative variant every seat has the team's chance, K3-8).

**How each game estimates** (all deterministic: iteration budgets, seeded per decision):

- Kona (no hidden information): every position's chance is a function of the position alone
  (``ai.review_games.kona_value``): the ``hard`` alpha-beta search (``ai.kona.Search``, seeded by the
  position) deepened one ply at a time within ``iterations`` nodes a depth, read at its deepest depth
  whose leaves have seat 0 to move (a fixed parity: the leaves' side to move sways a score by
  hundreds of points from one depth to the next, so positions read at alternating parities would
  zig-zag), from seat 0's side, made a chance by a logistic curve fitted on Mesa-vs-Mesa games
  (``KONA_SCALE``, ``KONA_OFFSET``; ``python -m bench.review --calibrate``); a proven win or loss is
  1 or 0, the move limit a draw.
- Plateau: ``iterations`` samples of the mover's view (``ai.review_games.plateau_reading``: the move,
  the opponent's most telling reply — a win at once, else its richest capture — then ``hard``'s
  capture-aware rollout), the mean reward made a chance by a logistic curve fitted on Mesa-vs-Mesa
  games (``PLATEAU_SCALE``, ``PLATEAU_OFFSET``: ``python -m bench.review --calibrate N plateau``),
  never 0 or 1 unless the move ends the game or lets the opponent win at once (which moves exist and
  what they capture do not depend on hidden faces).  A search's mean missed the one capture that
  answers a move.
- K3's play: the game's ISMCTS (``ai.ismcts.search``, the player's own adapter and rollouts)
  from the mover's view with the root held to the one move valued, ``iterations`` iterations; the
  mean of the rollouts' chances per seat (finished games, the first place winning).
- K3's builds (K3-3): ``iterations`` simulated games per pyramid valued, from determinizations of the
  mover's view (the other pyramids random arrangements of their known pieces, unbuilt hands built
  by the engine's sensible plan), as ``ai.k3`` chooses its own build.
- Krakatoa (nothing hidden, only dice): exact expectations over the throw at hand and the turn table
  for the rest of the turn (``ai.krakatoa``): ``points_played`` and ``points_best`` are the expected
  points from the decision to the end of the turn (marks carried valued as Mesa values them), and the
  mover's chance to win is the player's model of it (``ai.krakatoa.Context.utility``: its final total
  and the others' as normal variables, exact at the game's last throw), averaged over the outcomes;
  the others share the rest in proportion to the same model's chances.

**How the graph moves** (``python -m bench.review``, "graph"): the picture draws each decision's ``seen``
(``assemble``): its mover's ``after``, except where the result is known — after the last decision, the
result when the game ended there; after the one before it, the winner's reading before its winning move
(exact), so a move that let the opponent win at once is where the line falls even when its mover could not
see it (Plateau's unseen faces; the words say both readings); and after a move that left the next decider no
move that does not let the mover win at once (``review_games.CANNOT_STOP``: Plateau's exact test on the true
position), the mover's win, so a threat nothing answers is where the line rises (the decision's
``cannot_stop``; never a mistake, whatever its mover read).  Where dice fall between two decisions
(Krakatoa), the graph also draws the point after them (``dice``: the next decision's ``before``; after the last
decision, the result once the dice ended the game): in a game of dice the line moves mostly there, and the
largest swings are often the dice's, told as such.  Swings are ``|seen - before|``.  In Kona a
position reads the same whoever asks, so ``before`` of a decision is ``after`` of the one before, and the
curve moves mostly where the search proves a result.  In Plateau the points of consecutive decisions still
differ by about 10 points: each reading is its own mover's, and two players who each know only their own
faces read one position differently (not noise: one decision's readings differ seed to seed by about 3
points).  The fitted curve takes out the average lean towards the mover; the rest is left, since a move's
chance is its mover's view of it.

**Budget.**  ``budget_each(game, count)``: a fixed number of iterations per decision
(``ITERATIONS``), calibrated so that a game of ordinary length fits ``CPU_TARGET`` seconds of one core
(``python -m bench.review``); only a game longer than ``ORDINARY[game]`` decisions gets fewer, the
same for each of its decisions (the total shared), never below ``FLOOR``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ai import Budget, review_games
from engines import CHANCE, get_engine
from engines.base import Engine, replay

#: the level whose player gives Mesa's choice at each decision
LEVEL = "hard"
#: a fall of the mover's chance from Mesa's choice to the move played: a mistake, a blunder
MISTAKE = 0.20
BLUNDER = 0.40
#: swings smaller than this are not marked: a wobble of a few points is no turning point (a game where nobody's
#: chance moved by 10 points shows none, rather than its three largest wobbles)
SWING_FLOOR = 0.10
#: how many swings the review marks
SWINGS = 3
#: a change of a seat's chance between two decisions, from one reader to the next, that the review explains
REREAD = 0.10
#: Krakatoa: the costliest decisions the review names (expected points given up, at least COSTLY_FLOOR): the
#: dice make its swings, so a game may have none a decision made, and yet points were given up somewhere
COSTLY = 3
COSTLY_FLOOR = 0.5
#: the review's aim: CPU seconds (one core) for a game of ordinary length
CPU_TARGET = 60.0
#: iterations per decision (nodes for Kona, ISMCTS iterations for Plateau and K3's play, simulated
#: games per pyramid for K3's builds; Krakatoa is exact and ignores them)
ITERATIONS = {"kona": 10000, "plateau": 180, "k3": 600, "krakatoa": 1}
#: decisions in a game of ordinary length: past it the budget is shared
ORDINARY = {"kona": 40, "plateau": 90, "k3": 60, "krakatoa": 160}
#: the fewest iterations a decision gets, however long the game
FLOOR = {"kona": 2000, "plateau": 40, "k3": 100, "krakatoa": 1}


def decisions(game: str, start: Any, moves: Sequence[str], left: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Indices (0-based into ``moves``) of the decisions to review: the players' moves where more than
    one move was legal (chance moves, forced moves and Krakatoa's throw-off set, whose sets are alike
    by KR-4.1, are left out), and none of a seat's moves once it had left the game (``left``: ``(seat, moves
    played when it left)``; its moves were played for it automatically, ``tables.play``)."""
    engine = get_engine(game)
    gone = dict(left)
    steps = list(replay(engine, start, moves))
    kept = withheld(engine, steps)
    out = []
    for i, step in enumerate(steps):
        seat = engine.move_seat(step.before, step.move)
        if seat == CHANCE or not is_choice(engine, step.before, seat) or i >= gone.get(seat, len(moves)):
            continue
        if i not in kept:
            out.append(i)
    return out


def withheld(engine: Engine, steps: Sequence[Any]) -> set[int]:
    """The moves (indices) that hold a secret the game's end did not show (``Engine.end_shows_all``; K3-10: a
    pyramid built before a game ended in its building): not reviewed, since any figure of them would tell
    everyone something of what only their mover knew."""
    if not steps or engine.end_shows_all(steps[-1].after):
        return set()
    return {i for i, step in enumerate(steps) if engine.move_seat(step.before, step.move) != CHANCE
            and engine.public_move(step.before, step.move) != engine.format_move(step.before, step.move)}


def is_choice(engine: Engine, state: Any, seat: int) -> bool:
    """Whether ``seat``'s decision at ``state`` is a real choice (``decisions``; a hint says so, ``tables.hints``)."""
    if engine.name == "krakatoa" and state.phase == "throwoff":
        return False  # KR-4.1: a fresh set, whichever is chosen
    if engine.name == "k3" and engine.phase(state) == "build":
        return True  # K3-3: pyramids are not listed (K3's ``listed=False``), but always a choice
    return len(engine.legal_moves(state, seat)) > 1


def budget_each(game: str, count: int) -> Budget:
    """The per-decision budget for a game of ``count`` decisions: ``ITERATIONS[game]`` up to an
    ordinary game's length, then the same total shared by all (never below ``FLOOR[game]``)."""
    base = ITERATIONS[game]
    if count <= ORDINARY[game]:
        return Budget(iterations=base)
    return Budget(iterations=max(FLOOR[game], base * ORDINARY[game] // count))


def review_part(game: str, start: Any, moves: Sequence[str], indices: Sequence[int], *,
                budget_each: Budget, seed: int, left: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """One JSON-able dict per decision of ``indices`` (indices into ``moves``, ``decisions``' kind):

    ``{"index", "ply", "seat", "played", "best", "played_move", "best_move", "before", "after",
    "best_after", "points_played", "points_best", "proves"}`` — ``ply`` the move's number (``index + 1``),
    ``played`` and ``best`` the moves' public texts, the three chances lists per seat (the module
    docstring), the points Krakatoa's only (``None`` elsewhere), ``proves`` whether a chance of 0 or 1 is
    a proof in this game (``review_games.PROVES_RESULTS``).  ``played_move`` and ``best_move``
    are the same moves in full canonical notation, for the caller to judge them on the game's states
    (``tables.hints.why``: what a move captures, threatens, blocks): never to be shown, as they may
    name faces only the mover knew (PL-9.5; the log holds them likewise).  Each decision is seeded
    by ``seed`` and its index alone, so the answer is the same however a game's decisions are split
    into parts."""
    engine = get_engine(game)
    wanted = set(indices)
    if not wanted:
        return []
    iterations = budget_each.iterations or ITERATIONS[game]
    last = max(wanted)
    steps = list(replay(engine, start, moves[: last + 1]))
    end_public = _builds_public(engine, start, moves)
    out = []
    for i in sorted(wanted):
        step = steps[i]
        seat = engine.move_seat(step.before, step.move)
        if seat == CHANCE:
            raise ValueError(f"move {i + 1} ({moves[i]}) is a chance move, not a decision")
        view = engine.view(step.before, seat)  # the mover's information, and nothing else
        played = engine.format_move(step.before, step.move)
        rng = random.Random(f"review:{game}:{seed}:{i}")
        gone = [s for s, moves_then in left if i >= moves_then]  # seats that had left (``assemble``)
        est = review_games.estimate(game, view, seat, played, iterations, rng, gone)
        out.append({
            "index": i,
            "ply": i + 1,
            "seat": seat,
            "played": _shown(engine, step.before, played, end_public),
            "best": _shown(engine, step.before, est.best, end_public),
            "played_move": played,
            "best_move": est.best,
            "before": _rounded(est.before if est.before is not None else
                               est.best_after if est.best_after[seat] >= est.after[seat] else est.after),
            "after": _rounded(est.after),
            "best_after": _rounded(est.best_after),
            "points_played": est.points_played,
            "points_best": est.points_best,
            "proves": game in review_games.PROVES_RESULTS,  # a chance of 0 or 1 is then a proof
        })  # fmt: skip
    return out


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(min(1.0, max(0.0, v)), 4) for v in values]


def _builds_public(engine: Engine, start: Any, moves: Sequence[str]) -> bool:
    """Whether the game's end showed every secret (K3-10: every pyramid public once play begins)."""
    state = start
    for step in replay(engine, start, moves):
        state = step.after
    return engine.end_shows_all(state)


def _shown(engine: Engine, state: Any, text: str, builds_public: bool) -> str:
    """The move as the review shows it to everyone: its public form (PL-9.5, K3-10), but a K3 build in
    full once every build is public."""
    move = engine.parse_move(state, text)
    if builds_public and text.startswith("build:"):
        return engine.format_move(state, move)
    return engine.public_move(state, move)


def assemble(game: str, start: Any, moves: Sequence[str], parts: Sequence[dict[str, Any]], *,
             left: Sequence[tuple[int, int]] = (), placements: Sequence[int] = ()) -> dict[str, Any]:
    """The review as JSON, from every decision's dict (``review_part``'s, in any order):

    ``{"game", "seats", "sides", "level", "decisions", "dice", "swings", "dice_swings", "mistakes",
    "blunders", "points_lost", "costly"}`` — ``seats`` the number of seats, ``sides`` the seats of each side
    (KR-6.2's partners share one), ``decisions`` sorted by ``index``, each with ``seen`` added (``_seen``;
    and ``cannot_stop``, a seat, where the move left that seat no answer to a win at once);
    ``dice`` the dice thrown between two decisions, and after the last one when they ended the game
    (``_dice``: where the graph moves by luck, not by a decision); ``swings`` the positions in
    ``decisions`` (0-based) and ``dice_swings`` those in ``dice`` of the three largest swings of either
    kind, each list in game order (the picture numbers the three 1, 2, 3 in game order: the words should
    too; fewer when fewer swung at all); ``mistakes`` and ``blunders`` per seat (keys are the seats as
    strings, as JSON keeps them) the positions in ``decisions`` of the seat's mistakes and blunders;
    ``points_lost`` per seat (where the decisions carry expected points, Krakatoa's; else empty) the sum of
    ``points_best - points_played``; ``costly`` (the same games, else empty) the positions of the ``COSTLY``
    decisions that gave up the most expected points (at least ``COSTLY_FLOOR``), in game
    order; ``withheld`` how many moves were left out for a secret the end did not show (``withheld``).

    ``left`` (``(seat, moves played when it left)``) and ``placements`` (the final places, 1 first): a game of
    three or more that went on after seats left it (``tables.play``: they are placed below everyone still in,
    whatever their total): from the move a seat left on, its chance is 0, the others' shared as they were
    (``_without``); the end is the real result, by ``placements``; and the seat's moves after it left, played
    for it, are neither decisions (``decisions``) nor anyone's mistakes."""
    engine = get_engine(game)
    seats = int(engine.view(start, None)["players"])
    ordered = [dict(d) for d in sorted(parts, key=lambda d: int(d["index"]))]
    steps = list(replay(engine, start, moves))
    chance_at = [engine.move_seat(step.before, step.move) == CHANCE for step in steps]
    for d, seen in zip(ordered, _seen(engine, start, steps, chance_at, ordered), strict=True):
        d["seen"] = seen
    final = None  # the real result where seats left: they are placed below everyone still in (``tables.play``)
    if left and ordered:
        _without(ordered, left)
        if len(placements) == seats and steps and engine.outcome(steps[-1].after) is not None:
            first = [s for s in range(seats) if placements[s] == 1]
            final = _rounded([1.0 / len(first) if s in first else 0.0 for s in range(seats)])
            if not any(chance_at[int(ordered[-1]["index"]) + 1 :]):  # the last decision ended the game
                ordered[-1]["seen"] = final
    mistakes: dict[str, list[int]] = {str(s): [] for s in range(seats)}
    blunders: dict[str, list[int]] = {str(s): [] for s in range(seats)}
    swing_of = []
    for k, d in enumerate(ordered):
        seat = int(d["seat"])
        fall = shown_fall(d) if "cannot_stop" not in d else 0  # a move that won by force is no mistake
        if fall >= round(100 * BLUNDER):
            blunders[str(seat)].append(k)
        elif fall >= round(100 * MISTAKE):
            mistakes[str(seat)].append(k)
        swing_of.append((swing(d), int(d["index"]), "decision", k))
    hidden_at = [engine.has_private_info(step.before) for step in steps]  # what seats see differs (PL-9, K3-10)
    _rereads(ordered, chance_at, swing_of, left, hidden_at)
    dice = _dice(engine, start, steps, chance_at, ordered, final, left)
    swing_of += [(swing(stretch), int(stretch["index"]), "dice", k) for k, stretch in enumerate(dice)]
    top = sorted((s for s in swing_of if s[0] >= SWING_FLOOR), key=lambda s: (-s[0], s[1]))[:SWINGS]
    points_lost: dict[str, float] = {}
    costly: list[tuple[float, int]] = []
    if any(points_given(d) is not None for d in ordered):  # a game whose decisions carry expected points
        points_lost = {str(s): 0.0 for s in range(seats)}
        for k, d in enumerate(ordered):
            lost = points_given(d)
            if lost is not None:
                points_lost[str(d["seat"])] = round(points_lost[str(d["seat"])] + lost, 4)
                if lost >= COSTLY_FLOOR:
                    costly.append((lost, k))
    return {
        "game": game,
        "seats": seats,
        "sides": _sides(engine, start, seats),
        "level": LEVEL,
        "decisions": ordered,
        "dice": dice,
        "swings": sorted(k for _, _, kind, k in top if kind == "decision"),
        "dice_swings": sorted(k for _, _, kind, k in top if kind == "dice"),
        "mistakes": mistakes,
        "blunders": blunders,
        "points_lost": points_lost,
        "costly": sorted(k for _, k in sorted(costly, key=lambda c: (-c[0], c[1]))[:COSTLY]),
        "withheld": len(withheld(engine, steps)),
    }


def _seen(engine: Engine, start: Any, steps: Sequence[Any], chance_at: Sequence[bool],
          ordered: Sequence[dict[str, Any]]) -> list[list[float]]:
    """Each decision's chances as the graph shows them after it: the mover's own ``after``, except where the
    game's result is known — after the last decision, the result when the game ended there by the rules;
    and after the decision before it, when nothing but decisions came between (no dice), the position as the
    winner read it before its winning move (``before`` of the last decision: its move's result, exact); and,
    where the game has an exact test of it (``review_games.CANNOT_STOP``: Plateau), after a move that left
    the next decider no move that does not let the mover win at once, the mover's win (the decision gets
    ``cannot_stop``: that decider's seat).  So a move that let the opponent win at once is where the graph
    falls, and a threat nothing answers where it rises, even when its mover could not see it (Plateau's
    unseen faces), while every other point stays its own mover's reading.  Nothing is told that
    the end does not show: every ending shows every face (PL-8.6, K3-10, ``tables.endings``)."""
    out = [list(d["after"]) for d in ordered]
    cannot_stop = review_games.CANNOT_STOP.get(engine.name, _never)
    for k in range(len(ordered) - 1):
        mover, index, seat = int(ordered[k]["seat"]), int(ordered[k + 1]["index"]), int(ordered[k + 1]["seat"])
        if seat != mover and not any(chance_at[int(ordered[k]["index"]) + 1 : index]) \
                and cannot_stop(steps[index].before):  # a threat nothing answers: the point is the result it forces
            out[k] = [1.0 if s == mover else 0.0 for s in range(len(out[k]))]
            ordered[k]["cannot_stop"] = seat  # whom it left without an answer (the words say so)
    if not ordered or not steps or engine.outcome(steps[-1].after) is None:
        return out
    last = int(ordered[-1]["index"])
    if any(chance_at[last + 1 :]):
        return out  # dice decided the end after the last decision (Krakatoa): the decision keeps its reading
    out[-1] = _rounded(_result_shares(engine, start, engine.outcome(steps[-1].after)))
    if len(ordered) > 1 and not any(chance_at[int(ordered[-2]["index"]) + 1 : last]):
        out[-2] = list(ordered[-1]["before"])
    return out


def _scaled(values: Sequence[float], gone: set[int]) -> list[float]:
    """Chances with the seats of ``gone`` at 0 and the rest scaled to their former sum (alike when it was 0)."""
    kept = [0.0 if s in gone else float(v) for s, v in enumerate(values)]
    total = sum(kept)
    if total <= 0:
        rest = [s for s in range(len(kept)) if s not in gone]
        return _rounded([1.0 / len(rest) if s in rest else 0.0 for s in range(len(kept))]) if rest else kept
    return _rounded([v / total for v in kept])


def _without(ordered: Sequence[dict[str, Any]], left: Sequence[tuple[int, int]]) -> None:
    """Each decision's chances with the seats that had left by then at 0 and the rest scaled to their former
    sum (``_scaled``): a seat that left is placed below everyone still in (``tables.play``), so it wins
    nothing whatever its total.  A move at or after a leaving (``index >= moves``) is read without that seat,
    before and after it."""
    for d in ordered:
        gone = {seat for seat, moves in left if int(d["index"]) >= moves}
        if gone:
            for key in ("before", "after", "best_after", "seen"):
                d[key] = _scaled(d[key], gone)


def _rereads(ordered: Sequence[dict[str, Any]], chance_at: Sequence[bool],
             swing_of: list[tuple[float, int, str, int]], left: Sequence[tuple[int, int]] = (),
             hidden_at: Sequence[bool] = ()) -> None:
    """Where the graph moves between two decisions with nothing but decisions between them, because the
    next mover reads the position otherwise than the mover before did, where they see it otherwise (``hidden_at``:
    Plateau's faces, K3's pyramids built in secret; where every seat sees the same, two searches from two seats
    differ by their noise only, and a graph step that no move made is no turning point): the decision after it
    gets ``reread``
    (the seat whose chance moved most, the reader before, its reading, the mover's own before) when the
    change is at least ``REREAD``, and its swing, for the marking, is the whole step the graph shows from the
    point before (the largest jumps of the graph are the ones marked, and the words say why they moved)."""
    for k in range(1, len(ordered)):
        prev, d = ordered[k - 1], ordered[k]
        if int(prev["seat"]) == int(d["seat"]) or any(chance_at[int(prev["index"]) + 1 : int(d["index"])]):
            continue  # one reader; or dice between them (Krakatoa): their own swing, ``_dice``
        if hidden_at and not hidden_at[int(d["index"])]:
            continue  # every seat sees the same (Kona; K3 once built, K3-10): two searches differ, no turning point
        was, now = seen_of(prev), [float(b) for b in d["before"]]
        gone = {seat for seat, moves in left if int(prev["index"]) < moves <= int(d["index"])}
        if gone:  # a seat left between them: its share going to the others is no reading of the board
            was = _scaled(was, gone)
        mover = int(d["seat"])  # of equal changes (two players: always), the mover's own is told
        seat = max(range(min(len(was), len(now))), key=lambda s: (round(abs(now[s] - was[s]), 4), s == mover),
                   default=0)
        if not was or abs(now[seat] - was[seat]) < REREAD:
            continue
        d["reread"] = {"seat": seat, "reader": int(prev["seat"]), "was": round(float(was[seat]), 4),
                       "now": round(now[seat], 4)}
        shown = max(abs(float(a) - float(b)) for a, b in zip(seen_of(d), was))
        swing_of[k] = (max(swing_of[k][0], shown), *swing_of[k][1:])


def _never(state: Any) -> bool:
    """A game without an exact test of a threat nothing answers (``review_games.CANNOT_STOP``)."""
    return False


def _dice(engine: Engine, start: Any, steps: Sequence[Any], chance_at: Sequence[bool],
          ordered: Sequence[dict[str, Any]], final: list[float] | None = None,
          left: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """The dice thrown between consecutive decisions (Krakatoa's throws, KR-8; the other games roll nothing
    once their first decision is made): one stretch per gap with a chance move in it,
    ``{"index", "ply", "from", "seat", "seen", "before"}`` — ``index`` and ``ply`` the stretch's last chance
    move (where the graph draws it), ``from`` the index of the decision before it (the words tell the moves
    from there on: the throw it aimed, the next player's throw), ``before`` the graph's point before it (that
    decision's ``seen``), ``seen`` after it (the next decision's ``before``: how its mover read the dice; after
    the last decision, the game's result when the dice ended it, KR-4.4), and ``seat`` the seat whose chance
    moved most, the last roll's thrower among equals (the line its swing is drawn on, whose name the words
    say).  A swing is ``|seen - before|``, as a decision's is."""
    out: list[dict[str, Any]] = []
    for k, decision in enumerate(ordered):
        last = int(decision["index"])
        end = int(ordered[k + 1]["index"]) if k + 1 < len(ordered) else len(steps)
        rolls = [i for i in range(last + 1, min(end, len(steps))) if chance_at[i]]
        if not rolls:
            continue
        if k + 1 < len(ordered):
            seen = [float(v) for v in ordered[k + 1]["before"]]
        else:
            outcome = engine.outcome(steps[-1].after)
            if outcome is None:
                continue  # an unfinished game: nothing known after the last decision
            seen = final or _rounded(_result_shares(engine, start, outcome))  # ``final``: seats had left
        before = [float(v) for v in decision["seen"]]
        gone = {seat for seat, moves in left if last < moves <= end}
        if gone:  # a seat left in this stretch, or after its dice before the next decision (a resignation, a
            # time-out): its share is no swing of the dice (Ben resigning after Cy's throw was "the dice: Ben 34 % → 0")
            before = _scaled(before, gone)
        thrower = next(engine.move_seat(steps[i].before, steps[i].move) for i in range(rolls[-1], -1, -1)
                       if not chance_at[i])
        seat = max(range(len(seen)), key=lambda s: (round(abs(seen[s] - before[s]), 6), s == thrower, -s))
        out.append({"index": rolls[-1], "ply": rolls[-1] + 1, "from": last, "seat": seat, "before": before,
                    "seen": seen})
    return out


def _result_shares(engine: Engine, start: Any, outcome: Any) -> list[float]:
    """A finished game as chances per seat, as the decisions' chances are counted: the winning sides share 1
    and partners have their side's share (KR-6.2: a team's win is a win for both partners), a draw is
    everyone alike; a game where everybody wins or loses together (the description's ``unrated_options``:
    K3's cooperative game, K3-8) gives every seat the team's result, 1 won, 0 lost."""
    view = engine.view(start, None)
    seats = int(view["players"])
    winners = set(outcome.winners or [])
    if outcome.draw:
        return [1.0 / seats] * seats
    options = view.get("options") or {}
    if any(options.get(name) for name in engine.description.unrated_options):
        return [1.0 if s in winners else 0.0 for s in range(seats)]
    won = [side for side in _sides(engine, start, seats) if winners.intersection(side)]
    share = {s: 1.0 / len(won) for side in won for s in side}
    return [share.get(s, 0.0) for s in range(seats)]


def fall_of(decision: dict[str, Any]) -> float:
    """How much the mover's chance fell from Mesa's choice to the move played (negative: it rose)."""
    seat = int(decision["seat"])
    return float(decision["best_after"][seat]) - float(decision["after"][seat])


def shown_fall(decision: dict[str, Any]) -> int:
    """``fall_of`` in whole points as the review shows the two chances, each rounded to a whole per cent first
    (Mesa's choice 49.6 % and the move 29.9 % are shown as 50 % and 30 %: a fall of 20, a mistake)."""
    seat = int(decision["seat"])
    return round(100 * float(decision["best_after"][seat])) - round(100 * float(decision["after"][seat]))


def points_given(decision: Mapping[str, Any]) -> float | None:
    """Krakatoa: the expected points the decision played gave up to the best one (0 or more); ``None`` where the
    decision has no points (the other games)."""
    best, played = decision.get("points_best"), decision.get("points_played")
    if best is None or played is None:
        return None
    return max(0.0, float(best) - float(played))


def seen_of(decision: Mapping[str, Any]) -> list[float]:
    """The chances the graph shows after a decision (``_seen``; a review kept before ``seen`` existed: ``after``)."""
    return [float(v) for v in (decision.get("seen") or decision["after"])]


def swing(decision: dict[str, Any]) -> float:
    """The largest change of a seat's chance across the decision on the graph (``|seen - before|``; a review
    kept before ``seen`` existed: ``after``)."""
    return max((abs(a - float(b)) for a, b in zip(seen_of(decision), decision["before"])), default=0.0)


def _sides(engine: Engine, start: Any, seats: int) -> list[list[int]]:
    """Each side's seats (``GameDescription.sides``): KR-6.2's partnerships when the game has them on, the whole
    table where everybody wins or loses together (K3-8: one chance, one line), else one seat a side.  The options
    are the game's own, as its view shows them, and the partnership's flag on the state."""
    options = dict(engine.view(start, None).get("options") or {})
    parts = engine.description.partnerships
    if parts is not None and getattr(start, parts.option, False):
        options[parts.option] = True
    return [list(side) for side in engine.description.sides(seats, options)]


__all__ = ["BLUNDER", "COSTLY", "COSTLY_FLOOR", "ITERATIONS", "LEVEL", "MISTAKE", "assemble", "budget_each",
           "decisions", "fall_of", "points_given", "review_part", "seen_of", "shown_fall", "swing"]
