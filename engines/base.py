"""The engine contract shared by every game (docs/architecture.md, "The engine contract").

An engine is a stateless object whose methods take and return immutable *states*.  Engines are
pure: no I/O, no clock, no global RNG.  Randomness is a move of the ``CHANCE`` pseudo-player that
the caller draws (``sample_chance``) from its own seeded RNG and records, so a game's move list
replays it exactly.

Moves are engine-specific hashable values; ``format_move`` gives each legal move exactly one
canonical string and ``parse_move`` reads it back (tolerantly).  The tables layer stores only the
canonical strings.

Types.  ``Engine`` is generic in its state, move and view types (``KonaEngine`` is an
``Engine[KonaState, KonaMove, KonaView]``), so a caller holding one game's engine gets that game's
types back, and the renderers and computer players read a view by names mypy checks.  Every view is
a ``TypedDict`` extending ``GameView``, the keys every game's view has.  Code that serves every
game (the tables layer, the command lines) holds a bare ``Engine``: its states, moves and views are
``Any`` there, as they were before the contract was typed.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NotRequired, ParamSpec, TypedDict, TypeVar

#: ``to_move`` returns this when the next move belongs to chance (dice, draws, deals).
CHANCE = -1


class MoveError(ValueError):
    """A move that cannot be played; the message is written for a player to read.

    The message is English (the command line and the specification's readers see it).  ``code`` and
    ``facts`` let the tables layer say the same reason in the reader's language (issue 28, item 4):
    a code without a dot is the game's own (``refusal.<game>.<code>``), ``any.<code>`` is shared by
    every game (``refusal.any.<code>``); the facts are the values its sentence names (squares,
    counts, colours as the engine writes them), never a rule number.  An error without a code is
    said in its English words.
    """

    def __init__(self, message: str = "", *, code: str | None = None,
                 facts: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.facts: Mapping[str, object] = dict(facts or {})


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


class HiddenSeatError(PositionError):
    """A view text that hides what the seat it is read for knows, its own pieces (``view_from_text``).

    A spectator's view of Plateau writes the seat's own faces ``?``: no view of that seat can be
    made from it, since the seat knows them.  Callers ask for the seat's view or the full position.
    """


_P = ParamSpec("_P")
_R = TypeVar("_R")


def reads_position(from_position: Callable[_P, _R]) -> Callable[_P, _R]:
    """Wrap an engine's ``from_position`` so that bad text is always a ``PositionError`` (issue 29).

    A parser checks what its notation forbids, but a ``ValueError`` can still slip through from
    below it: ``int()`` of a 5,000-digit number (Python refuses past 4,300 digits) or of a
    superscript ``²`` that ``str.isdigit`` accepts.  Callers (the command lines, ``python -m ai
    serve``) answer ``PositionError`` in words; anything else was a traceback.  ``OptionError``
    (a bad option, not a bad position) passes through unchanged.
    """

    @functools.wraps(from_position)
    def read(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return from_position(*args, **kwargs)
        except (PositionError, OptionError):
            raise
        except ValueError as exc:
            reason = ("a number in it is far too long" if "integer string conversion" in str(exc)
                      else str(exc)[:120])
            raise PositionError(f"the position cannot be read: {reason}") from None

    return read


#: the largest number an option takes (move limits and the like; a game never needs more)
MAX_OPTION_NUMBER = 1_000_000


@dataclass(frozen=True)
class Option:
    """A game option (variant or house rule) with its default, as the rules document names it."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    #: bounds of a whole-number option (inclusive; None = unbounded)
    min: int | None = None
    max: int | None = None

    @property
    def kind(self) -> str:
        """``bool``, ``int`` or ``str``: the option's type, read from its default."""
        return type(self.default).__name__

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
        if kind is int and (
            (self.min is not None and value < self.min) or (self.max is not None and value > self.max)
        ):
            low = "" if self.min is None else str(self.min)
            high = "" if self.max is None else str(self.max)
            raise OptionError(f"option {self.name} takes a whole number in {low}..{high}, not {value!r}")
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


@dataclass(frozen=True)
class Partnerships:
    """Seats that play as one side when an option turns partnerships on (KR-6.2).

    ``sides`` lists each side's seats; it applies to tables of exactly ``players`` seats whose boolean
    option ``option`` is on.  Everywhere else every seat is a side of its own.
    """

    option: str
    players: int
    sides: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class PrivateInfo:
    """What a game keeps from some players, and when (front ends offer "My pieces" then).

    ``phases``: the values of ``Engine.phase`` in which secrets exist; empty = the whole game.
    """

    what: str
    phases: tuple[str, ...] = ()


@dataclass(frozen=True)
class SimultaneousPhase:
    """A phase in which several seats act at the same time (``Engine.actors`` lists them).

    ``listed``: False where one seat's moves are too many to list (K3's pyramids: ~10^13 builds
    for two players); ``legal_moves`` then lists none, ``auto_move`` proposes one and
    ``parse_move``/``apply`` judge any the player writes.
    """

    phase: str
    who: str
    listed: bool = True


#: ``GameDescription.chance``: no chance at all / every chance node lists its outcomes with their
#: probabilities / some nodes have too many outcomes to list and are only sampled
ChanceKind = Literal["none", "listed", "sampled"]
#: ``GameDescription.on_timeout``: what happens to a seat whose time per move runs out
TimeoutRule = Literal["leave", "auto"]


@dataclass(frozen=True)
class GameDescription:
    """Everything the layers above the engines need to know about a game, declared once.

    Nothing above ``engines/`` branches on a game's name: it reads this (docs/architecture.md, "The engine
    contract").  A fifth game fills one in and is handled everywhere.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    aliases: tuple[str, ...] = ()
    #: the letters before the rule numbers of the game's specification (``KO`` in ``KO-4.3``): refusals
    #: quote the rules for the specification's readers, and the tables layer strips them for players
    rule_prefix: str = ""
    #: options (variants, house rules) by name, with types, ranges and defaults
    options: Mapping[str, Option] = field(default_factory=dict)
    #: every ``Outcome.reason`` the engine can give
    outcome_reasons: tuple[str, ...] = ()
    #: whether players may agree a draw (offer / accept)
    draw_offers: bool = False
    private: PrivateInfo | None = None
    simultaneous: tuple[SimultaneousPhase, ...] = ()
    partnerships: Partnerships | None = None
    #: codes of ``Engine.view_words`` facts that are details: said last, after a lesson's ringed places, so
    #: that words cut to a limit (Discord's alt text) lose these first (K3's covered pyramid pieces)
    detail_words: tuple[str, ...] = ()
    #: short marks of the seats in texts (the notation's own letters), seat 0 first; empty = numbers
    seat_marks: tuple[str, ...] = ()
    #: the names of the seats' colours or animals, seat 0 first
    colour_names: tuple[str, ...] = ()
    chance: ChanceKind = "none"
    on_timeout: TimeoutRule = "leave"
    #: boolean options under which a table is never rated (everybody wins or loses together)
    unrated_options: tuple[str, ...] = ()
    #: the actor's legal moves are public and few: front ends may offer them as buttons
    #: (``Engine.quick_moves``) instead of the step-by-step picker
    quick_moves: bool = False
    #: the styles ``auto_move`` knows, its default first (K3's ``sensible`` and ``random`` builds)
    auto_styles: tuple[str, ...] = ("sensible",)
    #: view keys that count what each seat (or side) has gained so far, one entry a seat or side: a
    #: number, or a list counted by its length (Plateau's prisoners, Krakatoa's totals); a hint says
    #: how a move changes them (issue 30)
    tallies: tuple[str, ...] = ("totals", "scores")
    #: plies (chance moves included) after which the service ends any game as a draw, even with the
    #: game's own end rules switched off (issue 15, defect 12): no table grows without end
    max_plies_hard: int = 10_000
    #: words of the game's moves as players of its other published languages type them, read as the notation's
    #: (phrases of several words first; compared without accents, each a word of its own): the Spanish rules say
    #: "quédate" and "relanza" where the notation writes ``keep`` and ``rethrow``
    typed_words: tuple[tuple[str, str], ...] = ()

    def sides(self, players: int, options: Mapping[str, Any] | None = None) -> tuple[tuple[int, ...], ...]:
        """The sides of a table: each side's seats (partners share a side; where everybody wins or loses
        together, K3-8, the whole table is one side)."""
        if not self.rated(options):
            return (tuple(range(players)),)
        teams = self.partnerships
        if teams is not None and players == teams.players and (options or {}).get(teams.option):
            return teams.sides
        return tuple((seat,) for seat in range(players))

    def partners(self, seat: int, players: int, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        """``seat``'s side: the seat itself and its partners, in seat order."""
        return next(side for side in self.sides(players, options) if seat in side)

    def side_of(self, seat: int, players: int, options: Mapping[str, Any] | None = None) -> int:
        """The index of ``seat``'s side in ``sides``."""
        return next(i for i, side in enumerate(self.sides(players, options)) if seat in side)

    def simultaneous_phase(self, phase: str) -> SimultaneousPhase | None:
        return next((p for p in self.simultaneous if p.phase == phase), None)

    def rated(self, options: Mapping[str, Any] | None) -> bool:
        """False when an option makes the table unratable: everybody wins or loses together (K3's cooperative
        variant), so the table is one side (``sides``)."""
        return not any((options or {}).get(name) for name in self.unrated_options)

    @property
    def takebacks(self) -> bool:
        """Whether a player may take a move back (``/takeback``): only in two-player games without chance.

        With chance, a move taken back would let its player see the dice (or the bag) and draw again;
        with a third player, taking back one's own move would undo a turn of someone not asked.
        """
        return self.min_players == self.max_players == 2 and self.chance == "none"


@dataclass(frozen=True)
class MoveLabel:
    """One part of a move's button label: a key of the front end's text catalogue and its values.

    ``keyed`` values are themselves catalogue keys, translated before they fill the text.
    """

    key: str
    params: tuple[tuple[str, str], ...] = ()
    keyed: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class QuickMove:
    """A move a front end may offer as one control under the public board (``quick_moves``).

    ``move`` is the text to submit; ``label`` parts are joined with `` · ``; ``place`` says where
    it goes: ``button`` (a row of buttons), ``select`` (one select menu) or ``extra`` (a last row).
    """

    move: str
    label: tuple[MoveLabel, ...]
    place: Literal["button", "select", "extra"] = "button"


class GameView(TypedDict):
    """The keys every game's view has (``Engine.view``), the ones game-blind code may read.

    Each game's view extends it with its own keys (``engines.kona.KonaView`` ...).  The tables layer
    reads ``position``, ``ply`` and ``last_move`` for its texts, and a side's score from ``totals``
    or ``scores`` when a game keeps one; the renderers read the rest for the title strip and the
    result banner.  A view is JSON-ready: lists, not tuples, and plain values only.
    """

    game: str
    #: the seat whose view this is; None for a spectator
    viewer: int | None
    players: int
    #: the seat to act, ``CHANCE`` when chance moves next, None when the game is over
    to_move: int | None
    #: the seats that may act now (``Engine.actors``)
    actors: list[int]
    #: moves played so far (chance moves included)
    ply: int
    #: the position as this viewer may see it (the view notation of docs/spec/<game>.md)
    position: str
    #: the last move as everybody may see it (``Engine.public_move``); None before the first
    last_move: str | None
    #: what the last move touched (squares, slots, dice), in the game's own names
    highlight: list[str]
    #: the outcome text (``Outcome.text``), its winners and reason code; None, [] and None while
    #: the game goes on
    outcome: str | None
    winners: list[int]
    reason: str | None
    #: each side's score, in games that keep one (Krakatoa's totals); ``scores`` is the other name
    #: the tables layer's status line accepts
    totals: NotRequired[list[int]]
    scores: NotRequired[list[int]]


#: a game's state (immutable), move (hashable) and view (its ``GameView`` TypedDict)
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", bound=GameView)


def shared_facts(told: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The facts (name and value) that every one of ``told`` has: what a group of moves' words may say."""
    if not told:
        return {}
    return {name: value for name, value in told[0].items() if all(facts.get(name) == value for facts in told[1:])}


class Engine(Generic[S, M, V]):
    """Base class of every game engine.  Subclasses fill in the abstract members.

    An engine names its types once, in its base: ``class KonaEngine(Engine[KonaState, KonaMove,
    KonaView])``; a bare ``Engine`` (game-blind code) is ``Engine[Any, Any, Any]``.

    Each engine declares its game once, in ``description`` (a ``GameDescription``); ``name``,
    ``aliases``, ``title``, ``min_players``, ``max_players`` and ``options`` are read from it.

    Besides docs/architecture.md's table, the contract includes a few members the tables layer and the
    command line need: ``actors`` (seats that may act now: several while K3 players build at the
    same time), ``move_seat``, ``phase``, ``chance_outcomes`` / ``sample_chance``, ``auto_move`` (the
    move played for a seat that timed out or left, and the "Auto" of the front ends),
    ``public_move`` (what everybody may be told of a move), ``private_changes``, JSON round-trips
    of states, the view notation used by ``python -m engines view``, and ``perft``.
    """

    description: GameDescription = GameDescription("", "", 2, 2)
    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: Mapping[str, Option] = {}
    #: position ``python -m engines perft`` starts from when none is given (None: ``new_game``)
    perft_start: str | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        described = cls.__dict__.get("description")
        if described is not None:  # the static facts come from the one description
            cls.name, cls.aliases, cls.title = described.name, described.aliases, described.title
            cls.min_players, cls.max_players = described.min_players, described.max_players
            cls.options = described.options

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
    def new_game(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> S:
        raise NotImplementedError

    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> S:
        raise NotImplementedError

    def to_position(self, state: S) -> str:
        raise NotImplementedError

    def to_move(self, state: S) -> int | None:
        raise NotImplementedError

    def legal_moves(self, state: S, seat: int | None = None) -> list[M]:
        """Every legal move in canonical order: at a chance node the chance outcomes.

        ``seat``: only that seat's moves (``[]`` when it may not act now); None = the moves of
        whoever acts.  In a phase the description marks unlisted (``SimultaneousPhase.listed``)
        the list is empty although seats may act: see ``auto_move``.
        """
        raise NotImplementedError

    def parse_move(self, state: S, text: str) -> M:
        raise NotImplementedError

    def format_move(self, state: S, move: M) -> str:
        raise NotImplementedError

    def apply(self, state: S, move: M) -> S:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def view(self, state: S, viewer: int | None) -> V:
        """What seat ``viewer`` (None: a spectator) may know: the game's view ``TypedDict``."""
        raise NotImplementedError

    def to_json(self, state: S) -> dict[str, Any]:
        """A JSON-ready dict from which ``from_json`` rebuilds an equal state (history included)."""
        raise NotImplementedError

    def from_json(self, data: Mapping[str, Any]) -> S:
        raise NotImplementedError

    # ---- defaults that engines may override ------------------------------------------------
    def num_players(self, state: S) -> int:
        return int(getattr(state, "players", self.min_players))

    def actors(self, state: S) -> tuple[int, ...]:
        """Seats that may act now (several only where players act at the same time)."""
        seat = self.to_move(state)
        if seat is None or seat == CHANCE:
            return ()
        return (seat,)

    def acts_now(self, state: S, seat: int) -> bool:
        """Whether ``seat`` (or ``CHANCE``) has a move now: what ``legal_moves(state, seat)`` checks."""
        if seat == CHANCE:
            return self.to_move(state) == CHANCE
        return seat in self.actors(state)

    def move_seat(self, state: S, move: M) -> int:
        """The seat that makes ``move`` (``CHANCE`` for chance moves)."""
        seat = self.to_move(state)
        if seat is None:
            raise IllegalMoveError("the game is over", code="any.over")
        return seat

    def phase(self, state: S) -> str:
        """The phase the game is in, as the description names phases (``play`` / ``over`` by default)."""
        return "over" if self.outcome(state) is not None else "play"

    def eliminated(self, state: S) -> tuple[int, ...]:
        """The seats the rules have put out of a game that goes on without them (K3-7.1); none in most games."""
        return ()

    def has_private_info(self, state: S) -> bool:
        """Whether some seat's view now holds what others may not see (front ends offer "My pieces")."""
        private = self.description.private
        return private is not None and (not private.phases or self.phase(state) in private.phases)

    def end_shows_all(self, state: S) -> bool:
        """Whether a game that ended at ``state`` (by the rules, or by a resignation or time-out there) has shown
        every secret it kept, so that its moves may be told in full to anyone (PL-8.6: every face shows at the
        end); False where the end leaves some unshown (K3-10: a pyramid built before a game ended in its
        building stays its builder's)."""
        return True

    def private_changes(self, state: S, move: M) -> tuple[int, ...]:
        """Seats whose private view ``move`` (played at ``state``) changes: they are sent it again."""
        return ()

    def reveals(self, state: S, move: M) -> bool:
        """Whether ``move``, played at ``state``, shows some seat what it could not see before (a hidden
        face turned up).  What was seen cannot be unseen, so the tables layer never takes such a move
        back (``/takeback``).  By default every move of a game with a secret now counts as a reveal
        (the game has not said which of its moves show nothing); a game without secrets reveals nothing.
        """
        return self.has_private_info(state)

    # ---- chance --------------------------------------------------------------------------------
    def chance_outcomes(self, state: S) -> list[tuple[M, float]] | None:
        """At a chance node: each outcome once with its probability; None where they are too many to
        list (the description's ``chance`` is ``sampled``; ``draw_chance`` draws one then)."""
        return None

    def draw_chance(self, state: S, rng: random.Random) -> M:
        """Draw the chance move by the game's own procedure (engines whose outcomes are too many to
        list, or that simulate the dice faster than they list them); the law of ``chance_outcomes``."""
        raise NotImplementedError(f"{self.name} lists its chance outcomes")

    def sample_chance(self, state: S, rng: random.Random) -> M:
        """Draw the chance move at ``state`` from the caller's RNG (the one way every caller does)."""
        if type(self).draw_chance is not Engine.draw_chance:
            return self.draw_chance(state, rng)
        outcomes = self.chance_outcomes(state)
        if outcomes is None:
            raise NotImplementedError(f"{self.name} neither lists nor draws this chance node")
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(moves, weights=weights, k=1)[0]

    # ---- moves made for a player -------------------------------------------------------------
    def auto_move(self, state: S, seat: int, rng: random.Random, style: str = "sensible") -> M:
        """The move played for ``seat`` when it asks for one ("Auto"), timed out or left the table.

        By default a uniformly random legal move of the seat; games with a rule for it override
        (Krakatoa's KR-8.4 auto, K3's sensible build K3-3.4).  ``style``: one of the description's
        ``auto_styles``.
        """
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMoveError("there is no move to make now", code="any.no_move")
        return rng.choice(moves)

    def quick_moves(self, state: S, seat: int) -> list[QuickMove]:
        """The seat's moves as controls for under the public board (only where ``quick_moves``)."""
        return []

    def arrangement(self, state: S, move: M) -> tuple[tuple[str, str], ...]:
        """A move that arranges a player's pieces in named places (K3's pyramid, K3-3.1): each place's name and
        the term of the piece there (``term.<game>.<term>``, as ``move_words``' ``*_term`` facts), in the order
        ``move_sketch`` draws them; empty for any other move.  Front ends let a player exchange two pieces of a
        proposed arrangement (``rearranged``) instead of writing one out."""
        return ()

    def rearranged(self, state: S, move: M, first: str, second: str) -> M:
        """``move`` with the pieces at its places ``first`` and ``second`` (``arrangement``'s names) exchanged;
        ``MoveError`` for a name that is not one of its places."""
        raise MoveError("this move arranges no pieces")

    def move_sketch(self, state: S, move: M) -> str:
        """A few plain-text lines that show a proposed move (K3's pyramid); "" when the text says it all."""
        return ""

    def random_move(self, state: S, rng: random.Random) -> M:
        """A uniformly random legal move (chance drawn by its odds): random playouts and tests.

        Engines whose legal moves are not listed in some phase (K3's private building) override it.
        """
        if self.to_move(state) == CHANCE:
            return self.sample_chance(state, rng)
        return rng.choice(self.legal_moves(state))

    def play(self, state: S, text: str) -> S:
        """Parse and apply one move given as text."""
        return self.apply(state, self.parse_move(state, text))

    def public_move(self, state: S, move: M) -> str:
        """The move as everybody may see it (hidden faces written ``?`` where the game has them)."""
        return self.format_move(state, move)

    def move_words(self, state: S, move: M) -> tuple[str, dict[str, Any]]:
        """The move as players are told it: a ``(code, facts)`` pair the front ends word
        (``move.<game>.<code>``), as ``events`` are.  Public facts only, the same as ``public_move``
        gives (a hidden face or a pyramid being built stays hidden).

        By default the code ``notation`` with the public notation as its one fact (``move``), for a game
        whose notation reads fine as written.  Every game here overrides it: its notation is a record for
        the rules' readers rather than something to say (K3's ``base:…``, ``build:0`` and ``xGs``, Krakatoa's
        ``roll YYB/YRR/RRR``, Plateau's ``*c2:2-b3:1-a4``), or says less than a player wants told (Kona's
        ``a1-d4`` does not say that it climbs onto a capybara and uncovers another).  A fact ``<name>_seat``
        names a seat, ``<name>_count`` is a number of the noun ``<name>`` (``points_count``: "1 point",
        "14 points"), ``<name>_list`` pairs of (number, noun) said as one list and ``<name>_term`` one of
        the game's words (``term.<game>.<value>``).
        """
        return "notation", {"move": self.public_move(state, move)}

    def own_move_words(self, state: S, move: M) -> tuple[str, dict[str, Any]]:
        """The move as its mover may be told it before choosing it (the move picker's and the suggestions'
        words, ``does.<game>.<code>``, said to that player alone): ``move_words``' code and facts, and, where
        the mover knows more of their own move than the board tells, those facts too (Plateau's reserve
        pieces by name).  Never for anyone else's eyes.  By default ``move_words``."""
        return self.move_words(state, move)

    def own_group_words(self, state: S, moves: Sequence[M]) -> tuple[str, dict[str, Any]] | None:
        """What a group of the mover's legal moves have in common, as that player may be told it: the move
        picker's words under a choice that opens a further step (Kona's ``a6-…``: "Move from a6, uncovering a
        poodle"; ``group.<game>.<code>``), or None when the game has nothing to say of them.  Each fact is one
        that ``own_move_words`` tells of every move of the group (the same name and value), so the words never
        claim more than each of its moves does.  By default the facts every move shares (``shared_facts``) go to
        ``group_words``, which says nothing unless a game overrides it."""
        told = [self.own_move_words(state, move) for move in moves]
        return self.group_words([code for code, _ in told], shared_facts([facts for _, facts in told]))

    def group_words(self, codes: Sequence[str], shared: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """``own_group_words``' answer from the codes of a group's moves and the facts all of them share; None by
        default."""
        return None

    def view_words(self, view: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """What a picture of ``view`` shows, as ``(code, facts)`` pairs the front ends word
        (``picture.<game>.<code>``, one sentence each, in order): the picture's alt text, for a reader who
        cannot see it (a screen reader, a picture that did not load).  Read from the view alone, so it says
        exactly what that viewer's picture shows and never a secret the view does not hold.  The facts follow
        ``move_words``'s conventions, and a fact ``<name>_terms`` is a list of the game's words said as one list
        ("a poodle, a capybara and a poodle").  The position only: the post's own text already says the last
        move and whose turn it is.  By default nothing (a picture without alt text)."""
        return []

    def final_view(self, state: S) -> V:
        """The spectator's view of a game that ended outside the rules (a resignation, a time-out, an
        agreed draw, an abort): nobody is to move, and a game with secrets shows them all, as at a
        game's natural end.  How it ended is not the engine's to say: the tables layer gives the
        renderer a ``result`` (``render.render``), and the texts their own sentences."""
        view = self.view(state, None).copy()
        view["to_move"] = None
        view["actors"] = []
        return view

    def events(self, before: S, move: M, after: S) -> list[tuple[str, dict[str, Any]]]:
        """What ``move`` made happen that players must be told besides the move itself: ``(code, facts)``
        pairs, public information only (a player eliminated, a penalty, a bonus earned ...).  The
        words are the front ends' (``event.<game>.<code>``); a fact ``<name>_seat`` names a seat."""
        return []

    def turn_goes_on(self, state: S, seat: int) -> bool:
        """Whether ``seat``, to act at ``state`` right after a move of its own, is still in the same turn
        (Krakatoa's throws after throw 1, KR-4.3), not starting a new one.  Front ends may then show one
        board for the whole turn of a computer player.  By default a move is a turn of its own."""
        return False

    def view_notation(self, state: S, viewer: int | None) -> str:
        """What ``python -m engines view`` prints: the rules document's view notation."""
        return self.to_position(state)

    def view_from_text(self, text: str, seat: int | None, options: Mapping[str, Any] | None = None) -> V:
        """The view ``seat`` (None: a spectator) gets of the position ``text`` writes in full or as a view.

        ``text`` is a position or a view notation (``view_notation`` of any viewer, the ``position:``
        line the console prints), so that a computer player can be asked from what a referee shows
        (``python -m ai``).  The result equals ``view(from_position(full), seat)`` for every full
        position the text may stand for: nothing the text hides is shown.  A view that hides what
        ``seat`` itself knows raises ``HiddenSeatError``; any other bad text ``PositionError``.  By
        default (games without secrets: the view notation is the position) ``from_position`` reads
        it; Plateau and K3 read their view marks (PL-10.3, K3-10).
        """
        return self.view(self.from_position(text, options), seat)

    def outcome_text(self, state: S) -> str:
        result = self.outcome(state)
        return "none" if result is None else result.text

    def perft(self, state: S, depth: int) -> int:
        """Count the move sequences of length ``depth`` (the last ply counted without playing)."""
        if depth <= 0:
            return 1
        moves = self.legal_moves(state)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.apply(state, m), depth - 1) for m in moves)

class ReplayError(ValueError):
    """A stored move log that does not replay: ``ply`` is the first record (counted from 1) that fails.

    The message names the ply and the kind of failure, never the move itself: a stored move may
    hold a hidden face (PL-9) that must not reach a log line or a player.
    """

    def __init__(self, ply: int, cause: BaseException) -> None:
        super().__init__(f"the move log does not replay at ply {ply} ({type(cause).__name__})")
        self.ply = ply
        self.cause = cause


@dataclass(frozen=True)
class ReplayStep(Generic[S, M]):
    """One stored move replayed: the state before it, the move read from its text, the state after."""

    ply: int
    before: S
    move: M
    after: S


def replay(
    engine: Engine[S, M, Any], start: S, moves: Iterable[str], first_ply: int = 1
) -> Iterator[ReplayStep[S, M]]:
    """Replay stored move texts from ``start``, one step at a time (the move log is the truth).

    Every loop over a stored log goes through here: the service rebuilding a table, the caption of a
    board drawn again, ``/history``'s move list, the replay GIF and ``python -m data verify``.  A
    record that does not parse or apply raises ``ReplayError`` naming its ply; what a caller does
    with a damaged log is its own policy (the tables layer has one: ``tables.store``).
    """
    state = start
    for ply, text in enumerate(moves, start=first_ply):
        try:
            move = engine.parse_move(state, text)
            after = engine.apply(state, move)
        except Exception as exc:  # any failure of an old record: an engine bug, a changed rule, a bad row
            raise ReplayError(ply, exc) from exc
        yield ReplayStep(ply, state, move, after)
        state = after


def replay_to_end(engine: Engine[S, Any, Any], start: S, moves: Iterable[str]) -> S:
    """The state after every stored move (``replay``'s last step; ``start`` for an empty log)."""
    state = start
    for step in replay(engine, start, moves):
        state = step.after
    return state
