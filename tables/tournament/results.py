"""What a tournament is made of: a result, a round, and how places turn into points.

Kept apart from the pairing and standings modules so that every one of them reads the same record:
a result is the only fact the core is given (storage and Discord build them later), and the points
rule is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

#: a player as the core sees one: an opaque, orderable key (a Discord user id as text, a console name)
Player = str


@dataclass(frozen=True)
class Result:
    """One table of one round, finished: who sat where and in which place each finished.

    ``players`` is the seating order; at a two-player table ``players[0]`` moved first.  ``places``
    are competition ranks, one a player (``(1, 2)``: the first won; ``(1, 1)``: a draw; ``(1, 1, 3)``:
    two shared first place).  A bye is a result with one player and ``places == (1,)``.

    ``score``: what a bye is worth when it is not the event's usual (a player who played Mesa in place
    of a bye scores the points of their place at that table; ``None``: :attr:`Scoring.bye`).
    ``played``: the bye was a game all the same, against seats outside the event (Mesa's): a bye for the
    pairing (no second one), but a game in the standings' count of games played.
    """

    round: int
    table: int
    players: tuple[Player, ...]
    places: tuple[int, ...]
    score: Fraction | None = None
    played: bool = False

    def __post_init__(self) -> None:
        if len(self.players) != len(self.places) or not self.players:
            raise ValueError("a result needs one place per player")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player sits once at a table")
        if not _competition_ranks(self.places):
            raise ValueError(f"places {self.places} are not competition ranks (1, 1, 3, ...)")
        if (self.score is not None or self.played) and len(self.players) != 1:
            raise ValueError("only a bye carries its own score, or is a game outside the event")

    @property
    def bye(self) -> bool:
        """A round without a game: one player alone at a table (scored as :class:`Scoring` says)."""
        return len(self.players) == 1


def _competition_ranks(places: Sequence[int]) -> bool:
    """Whether ``places`` are what a sort with shared places gives: each place is 1 + those ahead."""
    return all(place == 1 + sum(other < place for other in places) for place in places)


@dataclass(frozen=True)
class Round:
    """One round's seating: the tables in order (best standing first) and who sits out.

    At a two-player table the first player moves first.
    """

    tables: tuple[tuple[Player, ...], ...]
    byes: tuple[Player, ...] = ()

    def players(self) -> list[Player]:
        """Everyone the round places, seated or on a bye."""
        return [player for table in self.tables for player in table] + list(self.byes)


@dataclass(frozen=True)
class Scoring:
    """Points by place: at a table of *n*, place *k* is worth ``n - k`` (4 players: 3/2/1/0,
    3 players: 2/1/0, 2 players: a win 1, a loss 0); tied players share the points of the places they
    cover (a draw is ½ each; two tied for first of four get (3+2)/2 each).

    One rule for every size, so a two-player event scores as chess does and nothing needs to know which
    game is played.  ``bye`` is what a bye is worth: a win at two-player events (the player was ready to
    play; the count was odd), and by default the average place of the smallest table at the others,
    where a bye is an accident of arithmetic rather than a reward (:meth:`for_sizes`).
    """

    bye: Fraction = Fraction(1)

    @classmethod
    def for_sizes(cls, sizes: Sequence[int]) -> Scoring:
        """The default scoring of an event seating tables of ``sizes``."""
        smallest = min(sizes)
        return cls(bye=Fraction(1) if smallest == 2 else Fraction(smallest - 1, 2))

    def points(self, result: Result) -> dict[Player, Fraction]:
        """Each player's points at one table (a bye: :attr:`bye`)."""
        if result.bye:
            return {result.players[0]: self.bye if result.score is None else result.score}
        size = len(result.players)
        awarded: dict[Player, Fraction] = {}
        for player, place in zip(result.players, result.places):
            shared = sum(other == place for other in result.places)
            covered = range(place, place + shared)
            awarded[player] = Fraction(sum(size - k for k in covered), shared)
        return awarded
