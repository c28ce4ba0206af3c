"""Each game's estimates for Mesa's review (``ai.review``; its docstring says what they mean).

``estimate(game, view, seat, played, iterations, rng)`` reads only ``view``, the mover's
information (``engine.view(state, seat)``), and the text of the move played: never the true state.
Kona and Krakatoa hide nothing, so their views hold the whole position; Plateau and K3 sample full
states from the view with the engine's own ``determinize``, as Mesa's players do.
"""

from __future__ import annotations

import functools
import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai import AIError, Budget, choose_move
from ai import k3 as k3_player
from ai import kona as kona_player
from ai import krakatoa as krakatoa_player
from ai import plateau as plateau_player
from ai.clock import Stopwatch
from ai.ismcts import search
from ai.k3_rollout import rollout as k3_rollout
from ai.krakatoa_turn import INDEX
from engines import k3 as K3
from engines import kona as K
from engines import krakatoa as KR
from engines import plateau as PL

#: the level whose player chooses Mesa's move (``ai.review.LEVEL``; repeated to avoid an import circle)
LEVEL = "hard"
#: Kona's logistic curve: seat 0's chance is 1 / (1 + exp(-(score - KONA_OFFSET) / KONA_SCALE)) for its
#: search score ``kona_score`` (a threat square is 12, an urgent one 40), fitted by maximum likelihood on
#: 452 unproven positions of 64 Mesa-vs-Mesa games (``python -m bench.review --calibrate``): log-loss 0.583
#: against 0.693 for a constant 50 %.  The capybara, first to move, won 73 % of those games, and beyond
#: that the heuristic score tells little (a score of -300 reads 70 %, 0 reads 75 %): a Kona review's
#: chances move mostly where the search proves a result, which is where Kona's games are decided.
KONA_SCALE = 1290.0
KONA_OFFSET = -1400.0


@dataclass(frozen=True)
class Estimate:
    """One decision's figures: Mesa's choice (canonical text) and the chances per seat."""

    best: str
    after: list[float]
    best_after: list[float]
    points_played: float | None = None
    points_best: float | None = None
    #: the position's worth before the decision, where the game reads it from the position alone (Kona);
    #: ``None``: the better of ``after`` and ``best_after`` for the mover (``ai.review``)
    before: list[float] | None = None


#: the games whose search proves results: a chance of exactly 0 or 1 there is a proof, not an estimate
#: (Kona's alpha-beta, ``kona_value``); the words say "can force a win" only then (``tables.reviews``)
PROVES_RESULTS = frozenset({"kona"})


def estimate(game: str, view: Any, seat: int, played: str, iterations: int, rng: random.Random,
             gone: Sequence[int] = ()) -> Estimate:
    """Mesa's figures for ``seat``'s decision ``played`` (canonical text) from its ``view`` alone; ``gone``, the
    seats that had left the game by then (placed last whatever they score: ``without_the_gone``)."""
    if game not in _ESTIMATORS:
        raise AIError(f"no review for {game!r}: Mesa reviews {', '.join(sorted(_ESTIMATORS))}")
    return _ESTIMATORS[game](without_the_gone(game, view, gone), seat, played, iterations, rng)


def without_the_gone(game: str, view: Any, gone: Sequence[int]) -> Any:
    """The view a decision is judged from when seats had left the game (their moves played for them, and placed
    below everyone still in): Krakatoa's totals of those seats' sides read as 0, so that a leaver far ahead does
    not take every other side's chance to nothing (a review then read the sides still in at 0 % and 0 %, their
    shares lost); their chance itself is 0 (``ai.review``).  Other games' views as they are."""
    if not gone or game != KR.ENGINE.name:
        return view
    fields = str(view["position"]).split()
    totals = fields[7].split(",")
    for seat in gone:
        side = view["side_of_seat"][seat]
        if 0 <= side < len(totals):
            totals[side] = "0"
    fields[7] = ",".join(totals)
    return {**view, "position": " ".join(fields)}


def _seed(rng: random.Random) -> int:
    return rng.getrandbits(32)


def _pair(best: str, played: str, value: Callable[[str], list[float]]) -> tuple[list[float], list[float]]:
    """(after, best_after): the move played and Mesa's choice valued, once when they are the same."""
    best_after = value(best)
    after = best_after if played == best else value(played)
    return after, best_after


# ==================================================================== Kona: alpha-beta scores
def _kona(view: K.KonaView, seat: int, played: str, iterations: int, rng: random.Random,
          chosen: str | None = None) -> Estimate:
    state = K.ENGINE.from_position(view["position"])
    # Mesa's choice: the move the position's own reading prefers (``kona_read``), so that its after reads
    # as the position before did (a win the reading proves is a win its choice plays)
    best = chosen or kona_read(view["position"], iterations)[1] or played

    def value(text: str) -> list[float]:
        after = K.ENGINE.apply(state, K.ENGINE.parse_move(state, text))
        outcome = K.ENGINE.outcome(after)  # read on the state itself: a repetition (KO-7.1) is not in a position
        if outcome is not None:
            return _outcome_shares(outcome.winners, outcome.draw, 2)
        return list(kona_value(K.ENGINE.to_position(after), iterations))

    after, best_after = _pair(best, played, value)
    before = None if chosen else list(kona_value(view["position"], iterations))  # a hint's reading needs no before
    return Estimate(best, after, best_after, before=before)


@functools.lru_cache(maxsize=512)
def kona_value(position: str, nodes: int) -> tuple[float, float]:
    """Both seats' chances in a Kona position, a function of the position alone (and the budget), so
    the same whoever asks and whenever: the position after decision k is the one before decision k+1,
    and both read it alike.  The score is ``kona_score``'s (seat 0's, its search's leaves always with
    seat 0 to move), and becomes a chance by a logistic curve fitted on Mesa-vs-Mesa games
    (``KONA_SCALE``, ``KONA_OFFSET``: ``python -m bench.review --calibrate``); a proven win or loss is 1
    or 0, a finished game its result (the move limit a draw, KO-7.2)."""
    state = K.ENGINE.from_position(position)
    outcome = K.ENGINE.outcome(state)
    if outcome is not None:
        shares = _outcome_shares(outcome.winners, outcome.draw, 2)
        return shares[0], shares[1]
    score = kona_score(state, nodes)
    if score >= kona_player.PROVEN:
        first = 1.0
    elif score <= -kona_player.PROVEN:
        first = 0.0
    else:
        first = kona_chance(score)
    return first, 1.0 - first


def kona_chance(score: int) -> float:
    """Seat 0's chance to win from ``kona_score``'s unproven score (the fitted logistic curve)."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, (score - KONA_OFFSET) / KONA_SCALE))))


def kona_score(state: K.KonaState, nodes: int) -> int:
    """An unfinished Kona position's score for seat 0 (the capybara), at a fixed parity: the search
    (``hard``'s, ``ai.kona.Search``, seeded by the position, deepened one ply at a time within ``nodes``
    nodes a depth) read at its deepest depth whose leaves have seat 0 to move (even depths when seat 0
    is to move, odd ones when seat 1 is).  Why: a leaf's score leans hard towards one side of the move
    (hundreds of points between consecutive depths), so positions read at leaves of alternating sides
    would zig-zag; at one parity they all lean alike, and a position and its best child read alike (a
    parent at depth d is its children at depth d - 1).  The lean left is one constant, which the fitted
    curve takes out (``KONA_OFFSET``).  A proven result wherever one is found."""
    return kona_read(K.ENGINE.to_position(state), nodes)[0]


@functools.lru_cache(maxsize=512)
def kona_read(position: str, nodes: int) -> tuple[int, str | None]:
    """(``kona_score``, the move the reading prefers: its deepest depth's, or the one it proves a win or
    a loss with; None when the game is over) of an unfinished position."""
    state = K.ENGINE.from_position(position)
    found, forced = _kona_depths(state, nodes, zlib.crc32(position.encode()))
    sign = 1 if state.side == 0 else -1
    if not found:
        return 0, None
    proven = [d for d, (v, _) in found.items() if abs(v) >= kona_player.PROVEN]
    if proven:
        score, move = found[proven[-1]]
        return sign * score, move
    if forced is not None:  # one move does not lose by force: the position is the one after it (the same side's
        after = K.ENGINE.apply(state, K.ENGINE.parse_move(state, forced))  # score: the parity is fixed by seat)
        if K.ENGINE.outcome(after) is None:  # (a position's ply count grows: the chain ends)
            return kona_read(K.ENGINE.to_position(after), nodes)[0], forced
    at_parity = [d for d in found if (d + state.side) % 2 == 0]
    return sign * found[max(at_parity) if at_parity else max(found)][0], found[max(found)][1]


def _kona_depths(state: K.KonaState, nodes: int, seed: int) -> tuple[dict[int, tuple[int, str]], str | None]:
    """The score of ``state`` for its side to move, and its best move, at each depth fully searched within
    ``nodes`` nodes a depth (``hard``'s search, ``ai.kona.Search``), none when the game is over; and the one
    move that does not lose by force where the search found only one (it reads no deeper then)."""
    out: dict[int, tuple[int, str]] = {}
    forced: str | None = None
    if K.ENGINE.outcome(state) is not None:
        return out, forced
    nodes_before = -1
    for depth in range(1, kona_player.MAX_DEPTH[LEVEL] + 1):
        search_ = kona_player.Search(state, Stopwatch(Budget(iterations=nodes), check_every=32), random.Random(seed))
        best, scored = search_.root(depth)
        if search_.stopwatch.stopped and out:
            break
        out[depth] = (scored[0][1] if scored else 0, K.ENGINE.format_move(state, K.MOVES[best]))
        alone = bool(scored) and all(v <= -kona_player.PROVEN for _, v in scored[1:])
        forced = out[depth][1] if alone and abs(out[depth][0]) < kona_player.PROVEN else None
        if abs(out[depth][0]) >= kona_player.PROVEN or search_.stopwatch.stopped or search_.nodes == nodes_before:
            break  # proven, out of budget, or nothing deeper to read (every line ends sooner)
        nodes_before = search_.nodes
    return out, forced


def _outcome_shares(winners: Sequence[int], draw: bool, seats: int) -> list[float]:
    """A finished game as chances: 1 to the winner, shared by several, 1/seats each in a draw."""
    if draw or not winners:
        return [1.0 / seats] * seats
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]


# ==================================================================== ISMCTS with the root held to one move
class _Held:
    """An ISMCTS adapter that plays only ``move`` at the root and keeps every rollout's rewards.

    The search (``ai.ismcts.search``) asks ``determinize`` at the start of each iteration, so the
    next ``moves`` is the root's; ``chances`` turns a rollout's rewards into chances to win."""

    def __init__(self, inner: Any, move: Any, seats: int, chances: Callable[[Sequence[float]], list[float]]) -> None:
        self.inner = inner
        self.move = move
        self.at_root = False
        self.total = [0.0] * seats
        self.count = 0
        self.chances = chances

    def determinize(self, view: Any, seat: int, rng: random.Random) -> Any:
        self.at_root = True
        return self.inner.determinize(view, seat, rng)

    def to_move(self, state: Any) -> int | None:
        return self.inner.to_move(state)  # type: ignore[no-any-return]

    def moves(self, state: Any) -> Sequence[Any]:
        legal = self.inner.moves(state)
        if self.at_root and self.move in legal:
            return [self.move]
        return legal  # type: ignore[no-any-return]

    def apply(self, state: Any, move: Any) -> Any:
        self.at_root = False
        return self.inner.apply(state, move)

    def expand(self, state: Any, untried: list[Any], rng: random.Random) -> Any:
        if self.at_root and self.move in untried:
            return self.move
        return self.inner.expand(state, untried, rng)

    def rollout(self, state: Any, rng: random.Random) -> Sequence[float]:
        rewards = self.inner.rollout(state, rng)
        for s, c in enumerate(self.chances(rewards)):
            self.total[s] += c
        self.count += 1
        return rewards  # type: ignore[no-any-return]

    def mean(self) -> list[float]:
        return [t / self.count for t in self.total] if self.count else [1.0 / len(self.total)] * len(self.total)


def _held_value(make: Callable[[], Any], view: Any, seat: int, move: Any, seats: int,
                chances: Callable[[Sequence[float]], list[float]], iterations: int, seed: int,
                settings: Any) -> list[float]:  # fmt: skip
    held = _Held(make(), move, seats, chances)
    search(held, view, seat, random.Random(seed), iterations, None, settings)
    return held.mean()


# ==================================================================== Plateau
#: Plateau's logistic curve: the mover's chance is 1 / (1 + exp(-(logit(reading) - PLATEAU_OFFSET) /
#: PLATEAU_SCALE)) for its reading of a move (``plateau_reading``: the mean reward of its samples), fitted
#: by maximum likelihood on the positions of Mesa-vs-Mesa games (``python -m bench.review --calibrate N
#: plateau``): 36 games, 1,371 decisions, log-loss 0.586 against 0.647 for the raw reading and 0.693 for a
#: constant 50 %.  The readings lean towards the mover (its own faces known, the opponent's one greedy
#: reply) and the prisoner-race rewards are sure of themselves (a reading of 96 % won 85 % of the time);
#: the curve takes both out: a reading becomes how often a mover reading that won.
PLATEAU_SCALE = 2.16
PLATEAU_OFFSET = 0.34


#: a reading is a sample mean, never a proof: it is held within these bounds before the curve (so an
#: unfinished Plateau game reads between about 3 % and 95 %; only an ending reads 0 or 1)
PLATEAU_READING_BOUNDS = (0.001, 0.999)


def plateau_chance(reading: float) -> float:
    """The mover's chance to win from its ``plateau_reading`` (the fitted logistic curve)."""
    low, high = PLATEAU_READING_BOUNDS
    r = min(high, max(low, reading))
    x = (math.log(r / (1.0 - r)) - PLATEAU_OFFSET) / PLATEAU_SCALE
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def plateau_reading(view: PL.PlateauView, seat: int, move: PL.PlateauMove, samples: int, seed: int) -> float:
    """How a move reads for the mover, from its view alone: over ``samples`` determinizations of the view
    (the faces it could not see drawn from the pieces still unaccounted for, PL-9), the move, then the
    opponent's most telling reply — a win at once (PL-8.1), else its richest capture (PL-6: prisoners by
    count, then value), else none forced — then ``hard``'s capture-aware rollout, scored by the prisoner
    race (``ai.plateau.evaluate``); the mean of the mover's rewards.  A finished game reads its result.
    Why not the search's mean: with 1,260 replies a root's few hundred iterations spread over many replies
    and miss the one capture that answers the move (a review read 73 % for a move whose capture reply
    decided the game); the reply a player would find first is the one a review must not miss."""
    rng = random.Random(seed)
    adapter = plateau_player.PlateauAdapter(plateau_player.LEVEL_KNOBS[LEVEL])
    total = 0.0
    for _ in range(samples):
        state = PL.ENGINE.apply(PL.determinize(view, seat, rng), move)
        if not state.result and PL.ENGINE.to_move(state) == 1 - seat and state.phase == 1:
            reply = plateau_reply(state)
            if reply is not None:
                state = PL.ENGINE.apply(state, reply)
        total += adapter.rollout(state, rng)[seat]
    return total / samples if samples else 0.5


def plateau_reply(state: PL.PlateauState) -> PL.PlateauMove | None:
    """The side to act's most telling reply: a win at once (PL-8.1), else the capture taking the most
    (PL-6: prisoners by count, then by value; the first such in the engine's order), else None."""
    wins = plateau_player.winning_moves(state)
    if wins:
        return wins[0]
    best, taken = None, 0.0
    for move in plateau_player.hot_moves(state):
        gained = plateau_player.gain(state, PL.ENGINE.apply(state, move), state.side)
        if gained > taken:
            best, taken = move, gained
    return best


def plateau_cannot_stop(state: PL.PlateauState) -> bool:
    """Whether every move of the side to act lets the opponent win at once (PL-8.1, PL-8.2), on the game's
    true state: the opponent's last move made a threat nothing answers.  Exact, and cheap: a position with
    an answer usually shows one among its first moves (``all`` stops there); one without costs a reading of
    every move (tens of milliseconds).  A move after which the same side acts again (a refused tender,
    PL-7.4; a return, PL-7.3) counts as an answer."""
    if state.result:
        return False
    legal = PL.ENGINE.legal_moves(state)
    return bool(legal) and all(plateau_player.allows_win(state, move) for move in legal)


#: per game, the exact test of "the side to act cannot stop the opponent's win at once" on a true state
#: (``ai.review``'s graph: the point after the move that made the threat is then the result)
CANNOT_STOP: dict[str, Callable[[Any], bool]] = {"plateau": plateau_cannot_stop}


def _plateau(view: PL.PlateauView, seat: int, played: str, iterations: int, rng: random.Random,
             chosen: str | None = None) -> Estimate:
    pick = _seed(rng)  # drawn even for a choice given (``chance_after``): the samples below are the same
    best = chosen or choose_move("plateau", view, seat, LEVEL, Budget(iterations=iterations), pick)
    sample = PL.determinize(view, seat, random.Random(_seed(rng)))  # to read the moves' texts
    seed = _seed(rng)  # one seed for both moves: their difference is read on the same samples

    def value(text: str) -> list[float]:
        move = PL.ENGINE.parse_move(sample, text)
        after = PL.ENGINE.apply(sample, move)
        if after.result:  # the move ends the game whatever the hidden faces (PL-8: counts are public)
            return list(plateau_player.evaluate(after))
        if PL.ENGINE.to_move(after) == 1 - seat and plateau_player.winning_moves(after):
            # the opponent wins at once whatever the hidden faces: which moves there are and what they capture
            # do not depend on faces, only values do (PL-8.1 counts prisoners and stacked pieces)
            return [1.0, 0.0] if seat == 1 else [0.0, 1.0]
        if PL.ENGINE.to_move(after) == seat and plateau_player.winning_moves(after):
            # the mover acts again and wins at once: after a return the responder takes the next turn (PL-7.3),
            # after a refusal the offerer goes on (PL-7.4); a review read such a return at 45 %
            return [1.0, 0.0] if seat == 0 else [0.0, 1.0]
        mine = plateau_chance(plateau_reading(view, seat, move, iterations, seed))
        return [mine, 1.0 - mine] if seat == 0 else [1.0 - mine, mine]

    after, best_after = _pair(best, played, value)
    return Estimate(best, after, best_after)


# ==================================================================== K3
def _k3_chances(coop: bool) -> Callable[[Sequence[float]], list[float]]:
    """A finished game's rank rewards (``ai.k3.rewards``) as chances: the first place wins (shared when
    tied); cooperative, every seat has the team's result (K3-8)."""

    def chances(rewards: Sequence[float]) -> list[float]:
        if coop:
            return [float(r) for r in rewards]
        top = max(rewards)
        firsts = [s for s, r in enumerate(rewards) if r >= top - 1e-9]
        return [1.0 / len(firsts) if s in firsts else 0.0 for s in range(len(rewards))]

    return chances


def _k3(view: K3.K3View, seat: int, played: str, iterations: int, rng: random.Random,
        chosen: str | None = None) -> Estimate:
    pick = _seed(rng)  # drawn even for a choice given (``chance_after``): the samples below are the same
    best = chosen or choose_move("k3", view, seat, LEVEL, Budget(iterations=iterations), pick)
    players = int(view["players"])
    sample = K3.determinize(view, seat, random.Random(_seed(rng)))
    chances = _k3_chances(bool(sample.coop))
    knobs = k3_player.LEVEL_KNOBS[LEVEL]
    seed = _seed(rng)  # one seed for both moves: their difference is read on the same samples
    building = view.get("phase") == "build"

    def value(text: str) -> list[float]:
        move = K3.ENGINE.parse_move(sample, text)
        if building:
            return _k3_build_value(view, seat, move, players, chances, iterations, seed, knobs.greedy_rollout)
        return _held_value(lambda: k3_player.K3Adapter(knobs), view, seat, move, players, chances,
                           iterations, seed, knobs.settings)  # fmt: skip

    after, best_after = _pair(best, played, value)
    return Estimate(best, after, best_after)


def _k3_build_value(view: K3.K3View, seat: int, build: K3.K3Move, players: int,
                    chances: Callable[[Sequence[float]], list[float]], games: int, seed: int,
                    care: float) -> list[float]:  # fmt: skip
    """Chances with this pyramid: simulated games from determinizations of the builder's view, the
    unbuilt hands built by the engine's sensible plan (K3-3.4), as ``ai.k3`` scores its candidates."""
    rng = random.Random(seed)
    total = [0.0] * players
    sample = K3.determinizer(view, seat)  # the view read once for all the games
    for _ in range(games):
        state = sample(rng)
        state = K3.ENGINE.apply(state, build)
        while state.phase == "build":
            other = next(i for i, s in enumerate(state.seats) if s.status == "hand")
            state = K3.ENGINE.apply(state, K3.ENGINE.auto_build(state, other, rng, "sensible"))
        for s, c in enumerate(chances(k3_rollout(state, rng, care))):
            total[s] += c
    return [t / games for t in total]


# ==================================================================== Krakatoa: exact
def _krakatoa(view: KR.KrakatoaView, seat: int, played: str, iterations: int, rng: random.Random) -> Estimate:
    state = KR.ENGINE.from_position(view["position"])
    sides = state.sides
    side = state.side
    assert side is not None
    points = krakatoa_player.Search(state, "normal", Stopwatch(Budget(iterations=1 << 60)))
    wins = krakatoa_player.Search(state, "normal", Stopwatch(Budget(iterations=1 << 60)))
    # the chance to win, by the player's model (``Context.utility``: the final totals as normal
    # variables, exact at the game's last throw), at every decision, whichever level plays for it
    wins.ctx.linear = False
    values: dict[str, tuple[float, float]] = {}
    for move in KR.ENGINE.legal_moves(state, seat):
        text = KR.ENGINE.format_move(state, move)
        values[text] = (_kr_value(points, state, move), _kr_value(wins, state, move))
    best = played
    for text, (p, _) in values.items():  # the most expected points; the move played on a tie
        if p > values[best][0] + 1e-9:
            best = text
    base = points.ctx.total + points.ctx.base  # the same for every decision: points before, later turns

    def chances(text: str) -> list[float]:
        expected, mine = values[text]
        per_side = _kr_sides(points.ctx, side, sides, expected, mine)
        return [per_side[_side_of(state, s)] for s in range(int(view["players"]))]

    after, best_after = _pair(best, played, chances)
    return Estimate(best, after, best_after, round(values[played][0] - base, 4), round(values[best][0] - base, 4))


def expected_points(game: str, view: Any, seat: int) -> dict[str, float] | None:
    """Each legal decision of ``seat`` with the points it is expected to bring to the end of the turn, for a
    game of points whose decisions are judged over dice (Krakatoa); None for the others."""
    return krakatoa_points(view, seat) if game == KR.ENGINE.name else None


def counts_marks(game: str, view: Any) -> bool:
    """Whether ``expected_points`` counts bonus marks: Krakatoa's advanced preset (KR-3); the basic one has no
    bonuses of any kind (KR-7.1)."""
    return game == KR.ENGINE.name and view.get("preset") != "basic"


def plays_for_the_win(game: str, view: Any, level: str) -> bool:
    """Whether ``level`` may give expected points up here for a better chance to win: Krakatoa's ``hard`` in
    the last round (``ai.krakatoa``: its last turn, KR-4.4)."""
    return game == KR.ENGINE.name and level == "hard" and view.get("round") == KR.ROUNDS


def krakatoa_points(view: KR.KrakatoaView, seat: int) -> dict[str, float]:
    """Each legal decision of ``seat`` (as written) with the points it is expected to bring from here to the
    end of the turn, marks included, exactly as ``normal`` values them (``_kr_value``: the rest of the turn
    over every outcome of the dice, KR-1.1, KR-8.2): what a hint tells of Mesa's choice."""
    state = KR.ENGINE.from_position(view["position"])
    points = krakatoa_player.Search(state, "normal", Stopwatch(Budget(iterations=1 << 60)))
    base = points.ctx.total + points.ctx.base
    return {KR.ENGINE.format_move(state, move): _kr_value(points, state, move) - base
            for move in KR.ENGINE.legal_moves(state, seat)}


def _side_of(state: KR.KrakatoaState, seat: int) -> int:
    return seat % 2 if state.teams else seat


def _kr_value(search_: Any, state: KR.KrakatoaState, move: KR.KrakatoaMove) -> float:
    """The expected utility of a decision (final points, or the chance to win where the search's
    context is not linear):
    an aim exactly (``Search.aim_value``), a set by its best aim, keep or rethrow over the nine dice."""
    step = state.step
    kind = move[0]
    if kind == "aim":
        return float(search_.aim_value(KR.SETS.index(step[4]), move[1], move[2]))
    if kind == "set":
        x = KR.SETS.index(move[1])
        dice = state.dice
        return max(float(search_.aim_value(x, die, force))
                   for die in KR.aim_targets(dice, move[1]) for force in KR.FORCES)  # fmt: skip
    ctx = search_.ctx
    if kind == "keep":
        return float(ctx.scored(_dice_index(state.dice)))
    if kind == "rethrow":
        total = 0.0
        fresh = [(f, float(p)) for f, p in KR.FRESH_SET.items()]
        for fs, ps in fresh:
            for fa, pa in fresh:
                for fl, pl in fresh:
                    total += ps * pa * pl * ctx.scored(_dice_index((fs, fa, fl)))
        return total
    raise ValueError(f"no review of Krakatoa's {kind!r} decisions")


def _dice_index(dice: Sequence[str | None]) -> int:
    """The turn table's index of nine dice (``ai.krakatoa_turn.dice_index``)."""
    return INDEX[dice[0]] * 100 + INDEX[dice[1]] * 10 + INDEX[dice[2]]  # type: ignore[index]


def _kr_sides(ctx: Any, side: int, sides: int, expected: float, mine: float) -> list[float]:
    """Each side's chance after a decision: the mover's is the search's estimate ``mine``; the others share
    the rest in proportion to their own chances of the highest final total, the same model the mover's
    comes from (``ai.krakatoa.best_chance``: final totals as normal variables, the mover's with mean
    ``expected``), so that a side's chance does not jump when the turn passes to another side."""
    out = [0.0] * sides
    out[side] = mine
    others = [o for o in range(sides) if o != side]
    if not others:
        return out
    dist = {side: (expected, ctx.my_var)}
    for o, (mean, var) in zip(others, ctx.others):
        dist[o] = (mean, var)
    weights = {o: krakatoa_player.best_chance(dist[o], [dist[j] for j in range(sides) if j != o]) for o in others}
    rest = max(0.0, 1.0 - mine)
    total = sum(weights.values())
    for o in others:
        out[o] = rest * (weights[o] / total if total > 0 else 1.0 / len(others))
    return out


_ESTIMATORS: dict[str, Callable[[Any, int, str, int, random.Random], Estimate]] = {
    "kona": _kona,
    "plateau": _plateau,
    "k3": _k3,
    "krakatoa": _krakatoa,
}
#: the games whose estimator values one given move alone (``chance_after``); Krakatoa's hints say its exact
#: expected points instead (``expected_points``)
_ONE_MOVE: dict[str, Callable[..., Estimate]] = {"kona": _kona, "plateau": _plateau, "k3": _k3}


def chance_after(game: str, view: Any, seat: int, move: str, iterations: int,
                 rng: random.Random) -> list[float] | None:
    """Every seat's chance to win once ``seat`` plays ``move`` (canonical text), read from ``view`` alone exactly
    as ``estimate`` reads a decision played (the same ``iterations`` and ``rng``, the same figure), without
    searching for Mesa's own choice: a hint's figure (``tables.hints``), for the move Mesa's search already
    chose.  None for a game whose hints say something else (Krakatoa's expected points)."""
    estimator = _ONE_MOVE.get(game)
    if estimator is None:
        return None
    return estimator(view, seat, move, iterations, rng, chosen=move).after
