"""Ratings: one per (server, game, player), from OpenSkill's Plackett-Luce model (issue 9).

Why Plackett-Luce: one model rates 2-player duels and 3-4 player free-for-alls by placement, and it
handles teams (Krakatoa partnerships) and shared places (equal Krakatoa totals, draws) directly.

A rating is shown as one friendly number, a scaled *conservative* estimate
``1000 + 40 * (mu - 3 * sigma)``: a new player starts at 1000 and only climbs as the model becomes
sure of them, so a lucky first win does not top the board.  Fewer than ``PROVISIONAL_GAMES`` rated
games marks a player provisional.

Results are stored immutably elsewhere; ``recompute`` rebuilds every rating from them in order, and
gives exactly the numbers the incremental updates gave (a test proves it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from openskill.models import PlackettLuce

PROVISIONAL_GAMES = 5
START_MU = 25.0
START_SIGMA = 25.0 / 3.0


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


@dataclass(frozen=True)
class Rating:
    """A player's standing in one game on one server."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def display(self) -> int:
        """The one number players see: a scaled conservative estimate (starts at 1000)."""
        return round(1000 + 40 * (self.mu - 3 * self.sigma))

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Placing:
    """One entry of a finished rated game: a player, their team (partners share one) and place.

    ``place`` is 1 for the best; equal places are ties.  ``won`` / ``draw`` feed the win-loss counts
    (a shared first place counts as a win for each sharer, a 2-player draw as a draw).
    """

    user_id: int
    team: int
    place: int
    won: bool
    draw: bool = False


def rate_game(current: Mapping[int, Rating], placings: Sequence[Placing]) -> dict[int, Rating]:
    """The new ratings of everybody in one finished game, from their ratings before it.

    Players missing from ``current`` start fresh.  Partners (same ``team``) are rated as one team.
    """
    teams: dict[int, list[Placing]] = {}
    for p in placings:
        teams.setdefault(p.team, []).append(p)
    if len(teams) < 2:
        raise ValueError("a rated game needs at least two sides")
    order = sorted(teams)
    m = model()
    before = [[m.rating(mu=current.get(p.user_id, Rating()).mu, sigma=current.get(p.user_id, Rating()).sigma)
               for p in teams[t]] for t in order]
    ranks: list[float] = [min(p.place for p in teams[t]) for t in order]
    after = m.rate(before, ranks=ranks)
    result: dict[int, Rating] = {}
    for t, new_team in zip(order, after):
        for p, new in zip(teams[t], new_team):
            old = current.get(p.user_id, Rating())
            result[p.user_id] = replace(
                old,
                mu=new.mu,
                sigma=new.sigma,
                games=old.games + 1,
                wins=old.wins + (1 if p.won and not p.draw else 0),
                draws=old.draws + (1 if p.draw else 0),
                losses=old.losses + (0 if p.won or p.draw else 1),
            )
    return result


@dataclass(frozen=True)
class GameResult:
    """A finished rated table as the leaderboard sees it."""

    table_id: int
    guild_id: int
    game: str
    placings: tuple[Placing, ...]


def recompute(results: Iterable[GameResult]) -> dict[tuple[int, str, int], Rating]:
    """Every rating rebuilt from the stored results, applied in the given (finishing) order."""
    ratings: dict[tuple[int, str, int], Rating] = {}
    for res in results:
        current = {p.user_id: ratings.get((res.guild_id, res.game, p.user_id), Rating()) for p in res.placings}
        for user_id, rating in rate_game(current, res.placings).items():
            ratings[(res.guild_id, res.game, user_id)] = rating
    return ratings


def leaderboard(ratings: Mapping[int, Rating]) -> list[tuple[int, int, Rating]]:
    """(rank, user, rating) best first: by displayed rating, then more games, then user id; players equal on both
    share a rank (1, 1, 3): partners of one team have played the same games to the same results (KR-6.2), and
    ranking them 1 and 2 by their ids said one was better."""
    ordered = sorted(ratings.items(), key=lambda kv: (-kv[1].display, -kv[1].games, kv[0]))
    out: list[tuple[int, int, Rating]] = []
    for i, (user, rating) in enumerate(ordered):
        tied = out and (out[-1][2].display, out[-1][2].games) == (rating.display, rating.games)
        out.append((out[-1][0] if tied else i + 1, user, rating))
    return out
