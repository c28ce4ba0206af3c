"""The pairing and standings core of tournaments (issue 31): pure, no Discord, no storage, no clock.

Given the players still in and the results so far, it says who plays whom next and how everyone
stands; commands, storage and the front ends build on it.  One job a module:

- ``results``: the records (:class:`Result`, :class:`Round`) and the points by place (:class:`Scoring`);
- ``round_robin``: Berger tables for two-player games (:func:`round_robin`);
- ``swiss``: Swiss pairing for two-player games, a maximum-weight matching (:func:`swiss_round`);
- ``groups``: rounds of games for three or four (:func:`table_sizes`, :func:`split`, :func:`seat_round`);
- ``standings``: the ranking with its tie-breaks (:func:`standings`).

Nothing here names a game: which of the two kinds an event is follows from the engine description's
``min_players`` / ``max_players`` (:func:`is_two_player`).
"""

from tables.tournament.groups import seat_round, split, table_sizes
from tables.tournament.results import Player, Result, Round, Scoring
from tables.tournament.round_robin import round_robin
from tables.tournament.standings import Standing, standings
from tables.tournament.swiss import swiss_round


def is_two_player(min_players: int, max_players: int) -> bool:
    """Whether an event of this game is paired (Swiss, round robin) rather than seated in groups."""
    return max_players == 2


__all__ = [
    "Player",
    "Result",
    "Round",
    "Scoring",
    "Standing",
    "is_two_player",
    "round_robin",
    "seat_round",
    "split",
    "standings",
    "swiss_round",
    "table_sizes",
]
