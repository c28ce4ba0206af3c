"""The engine contract shared by every game (docs/architecture.md, "The engine contract").

An engine is a stateless object whose methods take and return immutable *states*.  Engines are
pure: no I/O, no clock, no global RNG.  Randomness is a move of the ``CHANCE`` pseudo-player that
the caller draws (``sample_chance``) from its own seeded RNG and records, so a game's move list
replays it exactly.

Moves are engine-specific hashable values; ``format_move`` gives each legal move exactly one
canonical string and ``parse_move`` reads it back (tolerantly).  The tables layer stores only the
canonical strings.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: ``to_move`` returns this when the next move belongs to chance (dice, draws, deals).
CHANCE = -1

Move = Hashable
State = Any


class MoveError(ValueError):
    """A move that cannot be played; the message is written for a player to read."""


class InvalidMoveError(MoveError):
    """The text is not a move in the game's notation."""


class IllegalMoveError(MoveError):
    """Correct notation, but against the rules (the message names the rule)."""


class AmbiguousMoveError(MoveError):
    """The text could mean more than one legal move."""


class PositionError(ValueError):
    """A position string (or JSON state) that is not a valid position of the game."""


class OptionError(ValueError):
    """An unknown option or a value out of range."""


#: the largest number an option takes (move limits and the like; a game never needs more)
MAX_OPTION_NUMBER = 1_000_000


@dataclass(frozen=True)
class Option:
    """A game option (variant or house rule) with its default, as the rules document names it."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""

    def coerce(self, value: Any) -> Any:
        """Read ``value`` (possibly text from a command) as this option's type."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text in ("1", "true", "yes", "on", "si", "sí"):
                    value = True
                elif text in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise OptionError(f"option {self.name} takes true or false, not {value!r}")
            elif kind is int:
                if len(text) > 9:  # no option takes such a number (and int() refuses 4,300 digits and more)
                    raise OptionError(f"option {self.name} takes a whole number from 0 to {MAX_OPTION_NUMBER}")
                try:
                    value = int(text)
                except ValueError:
                    raise OptionError(f"option {self.name} takes a whole number, not {value!r}") from None
        if kind is bool and not isinstance(value, bool):
            raise OptionError(f"option {self.name} takes true or false, not {value!r}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise OptionError(f"option {self.name} takes a whole number, not {value!r}")
        if kind is int and not 0 <= value <= MAX_OPTION_NUMBER:
            raise OptionError(f"option {self.name} takes a whole number from 0 to {MAX_OPTION_NUMBER}")
        if kind is str:
            value = str(value).strip().lower()
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name} takes one of {allowed}, not {value!r}")
        return value


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` lists every winning seat (several on a shared or team win; empty on a draw or a
    cooperative loss).  ``placements`` gives each seat's place, 1 = best, equal places for ties;
    ``scores`` the final scores where the game has them.  ``text`` is the outcome line of the rules
    document (``capybara wins (line)``, ``winner 0 (prisoners)``, ...).
    """

    winners: tuple[int, ...]
    reason: str
    text: str
    draw: bool = False
    placements: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "text": self.text,
            "draw": self.draw,
            "placements": list(self.placements),
            "scores": list(self.scores),
        }


class Engine:
    """Base class of every game engine.  Subclasses fill in the abstract members.

    Besides docs/architecture.md's table, the contract includes a few members the tables layer and the
    command line need: ``actors`` (seats that may act now: several while K3 players build at the
    same time), ``move_seat``, ``chance_outcomes`` / ``sample_chance``, JSON round-trips of states,
    the view notation used by ``python -m engines view``, the public form of a move, and ``perft``.
    """

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: Mapping[str, Option] = {}
    #: position ``python -m engines perft`` starts from when none is given (None: ``new_game``)
    perft_start: str | None = None

    # ---- options -------------------------------------------------------------------------
    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; unknown names or bad values raise ``OptionError``."""
        resolved = {name: opt.default for name, opt in self.options.items()}
        for key, value in (options or {}).items():
            name = key.strip().lower().replace("-", "_")
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise OptionError(f"{self.name} has no option {key!r} (options: {known})")
            resolved[name] = self.options[name].coerce(value)
        return resolved

    # ---- the contract --------------------------------------------------------------------
    def new_game(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> State:
        raise NotImplementedError

    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> State:
        raise NotImplementedError

    def to_position(self, state: State) -> str:
        raise NotImplementedError

    def to_move(self, state: State) -> int | None:
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        raise NotImplementedError

    def parse_move(self, state: State, text: str) -> Move:
        raise NotImplementedError

    def format_move(self, state: State, move: Move) -> str:
        raise NotImplementedError

    def apply(self, state: State, move: Move) -> State:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self, state: State) -> dict[str, Any]:
        """A JSON-ready dict from which ``from_json`` rebuilds an equal state (history included)."""
        raise NotImplementedError

    def from_json(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError

    # ---- defaults that engines may override ------------------------------------------------
    def num_players(self, state: State) -> int:
        return int(getattr(state, "players", self.min_players))

    def actors(self, state: State) -> tuple[int, ...]:
        """Seats that may act now (several only where players act at the same time)."""
        seat = self.to_move(state)
        if seat is None or seat == CHANCE:
            return ()
        return (seat,)

    def move_seat(self, state: State, move: Move) -> int:
        """The seat that makes ``move`` (``CHANCE`` for chance moves)."""
        seat = self.to_move(state)
        if seat is None:
            raise IllegalMoveError("the game is over")
        return seat

    def chance_outcomes(self, state: State) -> list[tuple[Move, float]]:
        """At a chance node: each outcome with its probability (may be too many to list)."""
        raise NotImplementedError(f"{self.name} has no listed chance outcomes here")

    def sample_chance(self, state: State, rng: random.Random) -> Move:
        """Draw the chance move at ``state`` from the caller's RNG."""
        outcomes = self.chance_outcomes(state)
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(moves, weights=weights, k=1)[0]

    def random_move(self, state: State, rng: random.Random) -> Move:
        """A uniformly random legal move (chance drawn by its odds): random playouts and tests.

        Engines whose legal moves are not listed in some phase (K3's private building) override it.
        """
        if self.to_move(state) == CHANCE:
            return self.sample_chance(state, rng)
        return rng.choice(self.legal_moves(state))

    def play(self, state: State, text: str) -> State:
        """Parse and apply one move given as text."""
        return self.apply(state, self.parse_move(state, text))

    def public_move(self, state: State, move: Move) -> str:
        """The move as everybody may see it (hidden faces written ``?`` where the game has them)."""
        return self.format_move(state, move)

    def final_view(self, state: State, ending: str, winners: Sequence[int]) -> dict[str, Any]:
        """The spectator's view of a game that ended outside the rules (a resignation, a time-out, an
        agreed draw): nobody is to move, ``ending`` says how it ended, and a game with secrets shows
        them all, as at a game's natural end."""
        view = dict(self.view(state, None))
        view.update(to_move=None, actors=[], outcome=ending, winners=list(winners))
        return view

    def events(self, before: State, move: Move, after: State) -> list[tuple[str, dict[str, Any]]]:
        """What ``move`` made happen that players must be told besides the move itself: ``(code, facts)``
        pairs, public information only (a player eliminated, a penalty, a bonus earned ...).  The
        words are the front ends' (``event.<game>.<code>``); a fact ``<name>_seat`` names a seat."""
        return []

    def view_notation(self, state: State, viewer: int | None) -> str:
        """What ``python -m engines view`` prints: the rules document's view notation."""
        return self.to_position(state)

    def outcome_text(self, state: State) -> str:
        result = self.outcome(state)
        return "none" if result is None else result.text

    def perft(self, state: State, depth: int) -> int:
        """Count the move sequences of length ``depth`` (the last ply counted without playing)."""
        if depth <= 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.apply(state, m), depth - 1) for m in moves)

    def describe_options(self) -> str:
        return ", ".join(f"{o.name}={o.default}" for o in self.options.values()) or "none"


def sorted_moves(engine: Engine, state: State, moves: Sequence[Move]) -> list[str]:
    """Canonical strings of ``moves`` in plain character order (every game's ``moves`` listing)."""
    return sorted(engine.format_move(state, m) for m in moves)
