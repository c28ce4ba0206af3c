"""What the front ends list of a server's tournaments: the events a user may act on (a command's choices; of several,
the one of the channel or thread a command is typed in, ``meant_here``), and
what ``/games`` says of them (issue 31: a bye; an event open for entries, to its organiser and its entrants; one
running, to an organiser who does not play in it).  Read-only, beside ``Tournaments``, which runs the events."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass

from data import tournaments as db
from data.repository import Repository
from tables.games import title as game_title
from tables.i18n import Count, Phrase
from tables.tournaments import ACTIONS, Bye, Listed, _damaged_in_words, _format_key, _narrowed, _plan_of

#: how many of a server's tournaments ``/games`` looks through (those underway come first): far more than are ever
#: open or running at once
GAMES_LOOK = 100
#: how many events open for entries ``/games`` offers a player who has not entered them, the newest first
JOINABLE_SHOWN = 5


@dataclass(frozen=True)
class Joinable:
    """An event open for entries that a player could enter (``TournamentLists.joinable``): where it was announced
    (a front end offers it only to a reader who can see that channel) and what ``/games`` says of it."""

    tournament_id: int
    channel_id: int
    phrase: Phrase


@dataclass(frozen=True)
class InGames:
    """What ``/games`` says of a server's tournaments (``TournamentLists.in_games``): the reader's own (a bye, an
    event they entered or organise), and the events open for entries they could enter."""

    said: list[Phrase]
    joinable: list[Joinable]


class TournamentLists:
    """The listings: :meth:`listing` (a command's choices) and :meth:`for_games` (``/games``, with :meth:`byes`)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    async def byes(self, guild_id: int, user_id: int) -> list[Bye]:
        """The rounds in play at this server's running tournaments where ``user_id`` has no table, oldest event
        first: a bye, or their board decided (a game ended, a forfeit won) while other tables play on.  ``/games``
        says them, where the player otherwise finds no table until the next round (a player whose game had ended
        was told "You have no active games", as if out of the event)."""
        found = []
        for row in await db.user_tournaments(self.repo, guild_id, user_id, (db.RUNNING,), skip_damaged=True):
            number = await db.rounds_paired(self.repo, row.id)
            try:
                round_ = await db.pairings(self.repo, row.id, number)
            except db.DamagedTournament:  # /games lists the player's tables all the same
                continue
            mine = [p for p in round_ if user_id in p.players]
            worth = _plan_of(row).scoring.bye
            if any(p.kind == db.BYE for p in mine):
                found.append(Bye(row.id, game_title(row.game), number, row.rounds, worth))
            elif mine and all(p.places is not None for p in mine) and \
                    (playing := sum(p.places is None and p.table_id is not None for p in round_)):
                found.append(Bye(row.id, game_title(row.game), number, row.rounds, worth, playing))
        return found

    async def meant_here(self, guild_id: int, user_id: int, action: str, places: Sequence[int]) -> int | None:
        """Of several events a command without a number could mean, the one announced in ``places`` (the channel
        or thread it was typed in, and the thread's channel) or whose table's thread it was typed in, when exactly
        one is; else None, and the command picks as it does without (or asks which).  Two events in two channels
        were "Several tournaments fit (#1, #2)" even typed in one's own channel."""
        statuses = (db.OPEN,) if action in ("join", "start") else db.UNDERWAY
        rows = await db.guild_tournaments(self.repo, guild_id, statuses)
        if len(rows) > 1:
            rows = await _narrowed(self.repo, rows, user_id, action) or rows
        if len(rows) < 2:
            return None
        paired_here = set()  # typed in a table's own thread: the event that paired that table
        for place in set(places):
            for table in await self.repo.tables_in_place(guild_id, place):
                pairing = await db.pairing_of_table(self.repo, table.id) if table.thread_id == place else None
                if pairing is not None:
                    paired_here.add(pairing.tournament_id)
        found = [r for r in rows if r.id in paired_here] or [r for r in rows if r.channel_id in places]
        return found[0].id if len(found) == 1 else None

    async def for_games(self, guild_id: int, user_id: int) -> list[Phrase]:
        """What ``/games`` says of this server's tournaments to ``user_id``, where no table of theirs says it: the
        rounds they sit out with a bye (:meth:`byes`); the events open for entries that they entered ("it begins
        when Ana starts it") or organise ("yours to start with /tournament start 1 once everyone has joined");
        and the running events they organise without playing in (the round in play, its tables still playing).
        Oldest event first.  An organiser who plays finds their table listed; an entrant of a running event, their
        table or their bye."""
        return (await self.in_games(guild_id, user_id)).said

    async def in_games(self, guild_id: int, user_id: int) -> InGames:
        """All ``/games`` says of this server's tournaments, from one read of them: :meth:`for_games`'s words and
        :meth:`joinable`'s events to enter."""
        listed = await db.guild_listing(self.repo, guild_id, user_id, GAMES_LOOK)
        return InGames(await self._said(guild_id, user_id, listed), _joinable(listed, user_id, JOINABLE_SHOWN))

    async def _said(self, guild_id: int, user_id: int, listed: list[db.ListedRow]) -> list[Phrase]:
        found: list[tuple[int, Phrase]] = [(bye.tournament_id, bye.phrase()) for bye in await self.byes(guild_id,
                                                                                                          user_id)]
        for item in listed:
            row = item.tournament
            mine = row.organiser_id == user_id
            facts = {"id": row.id, "title": game_title(row.game), "players": Count(item.players, "player"),
                     "format": Phrase(f"tournament.format.{_format_key(row)}")}
            if row.status == db.OPEN and mine:  # "open for entries, nobody in" before anyone has entered
                found.append((row.id, Phrase("tournament.games.open_yours", {**facts, "players": facts["players"] if
                                                                             item.players else
                                                                             Phrase("tournament.games.nobody")})))
            elif row.status == db.OPEN and item.entered:
                organiser = row.organiser_name or ""
                found.append((row.id, Phrase("tournament.games.open_entered" if organiser else
                                            "tournament.games.open_entered_anon", {**facts, "organiser": organiser})))
            elif row.status == db.RUNNING and mine and not item.entered:
                number = await db.rounds_paired(self.repo, row.id)
                playing = len(await db.undecided_tables(self.repo, row.id, number)) if number else 0
                found.append((row.id, Phrase("tournament.games.running_yours", {
                    **facts, "round": number, "rounds": row.rounds, "tables": Count(playing, "table_playing")})))
        return [phrase for _, phrase in sorted(found, key=lambda x: x[0])]

    async def joinable(self, guild_id: int, user_id: int, limit: int = JOINABLE_SHOWN) -> list[Joinable]:
        """The server's events open for entries that ``user_id`` has not entered and that have a place left, the
        newest first, at most ``limit``: ``/games`` offers them under the open tables ("Tournament #2 (Kona, Swiss),
        organised by Ana: 3 players in so far, 5 places left; enter it with /tournament join 2.").  The organiser's
        own event is said with theirs (:meth:`for_games`), not offered to them again."""
        return _joinable(await db.guild_listing(self.repo, guild_id, user_id, GAMES_LOOK), user_id, limit)

    async def listing(self, guild_id: int, user_id: int, action: str, *, manages: bool = False,
                      limit: int = 25) -> list[Listed]:
        """The server's tournaments ``user_id`` may ``action`` (one of :data:`ACTIONS`), newest first: open
        ones they are not in to join; open ones they are in to leave; those underway they play in to
        withdraw from; their own (or, with Manage Server, any) open ones to start, underway ones to cancel
        or remove from; any recent one for standings and pairings.  A front end offers them as choices."""
        if action not in ACTIONS:
            raise ValueError(action)
        found: list[Listed] = []
        for item in await db.guild_listing(self.repo, guild_id, user_id, max(limit, 1) * 4):
            row = item.tournament
            status, mine = row.status, item.entered
            organises = manages or row.organiser_id == user_id
            fits = {"join": status == db.OPEN and not mine, "leave": status == db.OPEN and mine,
                    "withdraw": status in db.UNDERWAY and mine, "start": status == db.OPEN and organises,
                    "cancel": status in db.UNDERWAY and organises, "remove": status in db.UNDERWAY and organises,
                    "standings": True, "pairings": status != db.OPEN}[action]
            if fits:
                found.append(Listed(row.id, row.game, game_title(row.game), _format_key(row), status, item.players))
        return found[:limit]


def _joinable(listed: list[db.ListedRow], user_id: int, limit: int) -> list[Joinable]:
    """:meth:`TournamentLists.joinable` of a listing already read."""
    found = []
    for item in listed:
        row = item.tournament
        if row.status != db.OPEN or item.entered or row.organiser_id == user_id or item.players >= row.max_players:
            continue
        organiser = row.organiser_name or ""
        found.append(Joinable(row.id, row.channel_id, Phrase(
            "tournament.games.joinable" if organiser else "tournament.games.joinable_anon", {
                "id": row.id, "title": game_title(row.game), "organiser": organiser,
                "format": Phrase(f"tournament.format.{_format_key(row)}"),
                "entered": Phrase("tournament.games.entered_so_far", {"players": Count(item.players, "player")})
                if item.players else Phrase("tournament.games.none_entered"),
                "room": Count(row.max_players - item.players, "place_left")})))
    return found[:limit]


for _name, _method in list(vars(TournamentLists).items()):
    if not _name.startswith("_") and inspect.iscoroutinefunction(_method):
        setattr(TournamentLists, _name, _damaged_in_words(_method))
