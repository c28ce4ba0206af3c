"""Leaderboards, player stats, game history, replays and rating upkeep (issue 9) — Discord-free.

Ratings change in exactly one place: ``rate_finished_table``, which the table service calls inside
the very transaction that writes a finished table's immutable ``results`` rows.  A table is rated
only when its rows say ``rated`` (the service leaves out tables created unrated, tables finishing
while their server has ratings off, and the cooperative K3 variant), and only once: the table is
first entered in ``rated_tables`` (with the next number of its server's rating order), so a retry or
a restart can never rate it twice, and a crash leaves either results *and* ratings or neither.

Placings come from the results rows, where the service has already ranked the seats:

- Kona and Plateau: the winner place 1, the loser place 2; a draw puts both first (a draw);
- K3: by elimination order, the last player standing first (K3-7.1; seats that left are below);
- Krakatoa: by final total, equal totals sharing a place (KR-4.4); with the ``teams`` option the
  partnerships (seats 0 and 2 against 1 and 3, KR-6.2) are rated as two teams.

``LeaderboardService.recompute_guild`` rebuilds a server's ratings from those rows in the same
order (the rating order, then the finishing order for rows never rated), giving exactly the numbers
the incremental updates gave.

Replays show public information only: every frame is the spectator view (``engine.view(state,
None)``) of a state *during* play, where Plateau's faces and K3's pyramids are hidden, plus one last
frame, the final picture (``tables.endings.final_picture``: every face shown, the result banner
however the game ended) — the same picture the table's thread was shown when the game ended, so the
replay reveals nothing the thread did not.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ai import LEVELS
from data.models import ABORTED, DECLINED, FINISHED, RatingPoint, RatingRow, ResultRow, TableOptions, now_iso
from data.repository import Repository, Tx
from engines import game_names, get_engine
from engines.base import GameView
from tables.endings import final_picture
from tables.errors import TableError
from tables.games import title as game_title
from tables.i18n import with_levels_in
from tables.loaded import LoadedTable, log_damage, seat_marks_of, told_apart
from tables.ratings import Placing, Rating, leaderboard, rate_game
from tables.store import first_state, replay_log

#: rows on one leaderboard page
PAGE_SIZE = 10
#: results shown as "last five"
LAST = 5
#: Mesa's seats at one table at most (a table of four with one person)
MAX_MESA_SEATS = 4
#: views a replay is drawn from at most (longer games keep evenly spread plies, always the first and
#: last); render.replay keeps those that change the board, at most render.REPLAY_MAX_FRAMES frames
MAX_FRAMES = 160


# ==================================================================== rating one finished table
def placings_from_results(rows: Sequence[ResultRow], sides: Sequence[int] = ()) -> tuple[Placing, ...]:
    """The Placings of one finished table from its results rows (already ranked by the service).

    ``sides``: each seat's side where partners share one (``GameDescription.side_of``: Krakatoa's
    partnerships, KR-6.2), rated as a team; empty = every seat its own side.
    """
    return tuple(
        Placing(r.user_id, sides[r.seat] if sides else r.seat, r.place, r.outcome == "win", r.outcome == "draw")
        for r in sorted(rows, key=lambda r: r.seat)
    )


def table_sides(game: str, players: int, options_json: str | None) -> list[int]:
    """Each seat's side at a stored table (its ``options`` JSON holds the game's options)."""
    try:
        game_options = TableOptions.from_json(options_json).game
        description = get_engine(game).description
    except (ValueError, TypeError, KeyError):
        return []
    return [description.side_of(seat, players, game_options) for seat in range(players)]


def _rating(row: RatingRow | None) -> Rating:
    if row is None:
        return Rating()
    return Rating(row.mu, row.sigma, row.games, row.wins, row.losses, row.draws)


def _stored(guild_id: int, game: str, user_id: int, rating: Rating, now: str) -> RatingRow:
    return RatingRow(guild_id, game, user_id, rating.mu, rating.sigma, rating.games, rating.wins, rating.losses,
                     rating.draws, now)


def _sides(placings: Sequence[Placing]) -> int:
    return len({p.team for p in placings})


async def rate_finished_table(tx: Tx, rows: Sequence[ResultRow], *, sides: Sequence[int] = ()) -> bool:
    """Update the ratings of a finished table's players, inside the transaction writing its results.

    Returns True when ratings changed; False for an unrated table, one already rated, or one with a
    single side (nothing to compare).  The table is marked rated in the last two cases too.
    """
    if not rows or not all(r.rated for r in rows):
        return False
    first = rows[0]
    if not await tx.mark_rated(first.table_id, first.guild_id, first.game, first.finished_at):
        return False
    placings = placings_from_results(rows, sides)
    if _sides(placings) < 2:
        return False
    before = await tx.get_ratings(first.guild_id, first.game, [p.user_id for p in placings])
    after = rate_game({u: _rating(r) for u, r in before.items()}, placings)
    await tx.put_ratings([_stored(first.guild_id, first.game, u, r, first.finished_at) for u, r in after.items()])
    await tx.add_rating_points([RatingPoint(first.guild_id, first.game, u, first.table_id, r.display,
                                            first.finished_at) for u, r in after.items()])
    return True


# ==================================================================== what the queries return
@dataclass(frozen=True)
class BoardEntry:
    """One row of a leaderboard."""

    rank: int
    user_id: int
    name: str
    rating: int
    games: int
    wins: int
    losses: int
    draws: int
    provisional: bool


@dataclass(frozen=True)
class BoardPage:
    """One page of a server's leaderboard for one game; ``caller`` when the caller is not on it."""

    guild_id: int
    game: str
    title: str
    page: int
    pages: int
    total: int
    entries: tuple[BoardEntry, ...]
    caller: BoardEntry | None = None
    #: the page asked for, when it was not one there is (``page`` is then the nearest: the first or the last)
    asked: int | None = None
    #: the server's settings: whether games count for ratings now, and games against one Mesa seat too
    ratings_on: bool = True
    mesa_rated: bool = False

    def note(self, lang: str) -> str:
        """Why this is not the page asked for ("There is only one page: here it is."), or ""."""
        from tables.i18n import t

        if self.asked is None:
            return ""
        if self.asked < 1:
            return t("lb.pages_from_one", lang)
        return t("lb.only_one", lang) if self.pages == 1 else t("lb.only_pages", lang, pages=self.pages)

    def advice(self, lang: str) -> str:
        """How games get on this board, when that is worth saying: with ratings off in the server, that nothing
        finished now changes it (a server manager turns them on); on an empty board, how to get on it ("")."""
        from tables.i18n import t

        if not self.ratings_on:
            return t("lb.off", lang)
        if self.entries or self.caller is not None:
            return ""
        return " ".join([t("lb.how", lang, game=self.game), t("lb.mesa_rated" if self.mesa_rated else "lb.mesa_unrated",
                                                               lang)])


@dataclass(frozen=True)
class GameStats:
    """A player's rated record in one game on one server.

    ``streak``: the current run of equal results, e.g. ("W", 3); ``last_five``: "W"/"L"/"D", newest
    first; ``series``: the displayed rating after each rated table, oldest first (the chart's x axis
    counts rated games: point k is the rating after game k).
    """

    game: str
    title: str
    rating: int
    provisional: bool
    rank: int
    players: int
    games: int
    wins: int
    losses: int
    draws: int
    streak: tuple[str, int]
    last_five: tuple[str, ...]
    series: tuple[int, ...]


@dataclass(frozen=True)
class HistoryEntry:
    """One finished table in a player's history, with where it was played (for a link)."""

    table_id: int
    game: str
    title: str
    place: int
    outcome: str
    reason: str
    rated: bool
    finished_at: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    names: tuple[str, ...]
    #: the names of the player's partners (KR-6.2), and how many sides the table had
    partners: tuple[str, ...] = ()
    sides: int = 0
    #: every seat won, or lost, together (K3's cooperative variant, K3-8)
    together: bool = False
    #: every side tied for first: the win is shared (KR-4.4; a competitive game, not one played together)
    shared: bool = False

    @property
    def link(self) -> str:
        return f"https://discord.com/channels/{self.guild_id}/{self.thread_id or self.channel_id}"


@dataclass(frozen=True)
class Replay:
    """The public views of a finished table, one per shown ply, and its players' names."""

    table_id: int
    game: str
    title: str
    views: tuple[GameView, ...]
    names: tuple[str, ...]
    #: the renderer's ``result`` for the last frame when the game ended outside the rules
    #: (``tables.endings``); None when the last view holds the engine's own result
    result: dict[str, Any] | None = None


def letter(outcome: str) -> str:
    return {"win": "W", "loss": "L", "draw": "D"}.get(outcome, "?")


def resolve_game(game: str) -> str:
    """The canonical game name, or a TableError listing the games (and, for a slip of the keyboard, the one meant:
    ``tables.games.known_game``)."""
    from tables.games import known_game

    return known_game(game)


class LeaderboardService:
    """Queries over ratings and results, and the admin recompute.  ``clock.now()`` stamps recomputes."""

    def __init__(self, repo: Repository, clock: Any = None) -> None:
        self.repo = repo
        self.clock = clock

    def _now(self) -> str:
        moment = self.clock.now() if self.clock is not None else datetime.now(UTC)
        return now_iso(moment)

    # ---- leaderboard ------------------------------------------------------------------------
    async def _ranked(self, guild_id: int, game: str) -> list[tuple[int, int, Rating]]:
        rows = await self.repo.ratings(guild_id, game)
        return leaderboard({r.user_id: _rating(r) for r in rows})

    async def page(self, guild_id: int, game: str, page: int = 1, caller_id: int | None = None) -> BoardPage:
        """Page ``page`` (from 1; clamped) of the top players; the caller's own row if not on that page."""
        game = resolve_game(game)
        ranked = await self._ranked(guild_id, game)
        pages = max(1, math.ceil(len(ranked) / PAGE_SIZE))
        asked, page = page, min(max(1, page), pages)  # a page there is not: the nearest, and a note says so
        shown = ranked[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
        mine = next((x for x in ranked if x[1] == caller_id), None) if caller_id is not None else None
        if mine is not None and any(x[1] == caller_id for x in shown):
            mine = None
        wanted = [u for _, u, _ in shown] + ([mine[1]] if mine else [])
        names = await self.repo.user_names(guild_id, wanted)
        settings = await self.repo.guild_settings(guild_id)

        def entry(rank: int, user: int, rating: Rating) -> BoardEntry:
            from tables.mesa import board_name  # Mesa is marked as a bot (issue 17)

            return BoardEntry(rank, user, board_name(user, names.get(user, str(user))), rating.display,
                              rating.games, rating.wins, rating.losses, rating.draws, rating.provisional)

        return BoardPage(guild_id, game, game_title(game), page, pages, len(ranked),
                         tuple(entry(*x) for x in shown), entry(*mine) if mine else None,
                         None if asked == page else asked, settings.rated, settings.rate_mesa)

    # ---- stats ------------------------------------------------------------------------------
    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """Per game the player has rated tables in on this server: rating, rank, record, streak, chart."""
        out: list[GameStats] = []
        mine = {r.game: r for r in await self.repo.user_ratings(guild_id, user_id)}
        order = game_names()
        for game in sorted(mine, key=lambda g: order.index(g) if g in order else len(order)):
            ranked = await self._ranked(guild_id, game)
            rank = next(i for i, u, _ in ranked if u == user_id)
            rating = _rating(mine[game])
            recent = await self.repo.user_results(guild_id, user_id, game, rated=True, limit=200)
            letters = [letter(r.outcome) for r in recent]
            run = 0
            while run < len(letters) and letters[run] == letters[0]:
                run += 1
            points = await self.repo.rating_points(guild_id, game, user_id)
            out.append(GameStats(
                game, game_title(game), rating.display, rating.provisional, rank, len(ranked), rating.games,
                rating.wins, rating.losses, rating.draws, (letters[0], run) if letters else ("", 0),
                tuple(letters[:LAST]), tuple(p.rating for p in points)))
        return out

    # ---- history ----------------------------------------------------------------------------
    async def last_finished(self, guild_id: int, user_id: int) -> int | None:
        """The player's most recent finished table on this server: what ``/board``, ``/review`` and ``/replay``
        mean when they name none (``None``: they have finished none here)."""
        found = await self.repo.finished_entries(guild_id, user_id, None, 1)
        return found[0].table_id if found else None

    async def history(self, guild_id: int, user_id: int, game: str | None = None,
                      limit: int = 10) -> list[HistoryEntry]:
        """The player's most recent finished tables on this server (optionally of one game)."""
        wanted = resolve_game(game) if game else None
        out = []
        for e in await self.repo.finished_entries(guild_id, user_id, wanted, limit):
            row, seats = await self.repo.load(e.table_id)
            seats = sorted(seats, key=lambda r: r.seat)
            sides = table_sides(e.game, len(seats), row.options if row is not None else None) or \
                list(range(len(seats)))
            mine = next((s.seat for s in seats if s.user_id == user_id), -1)
            told = told_apart(seats, seat_marks_of(e.game))  # as the table's texts said them: "Sam [1]", "Sam [2]"
            partners = tuple(told[s.seat] for s in seats if s.seat != mine and 0 <= mine < len(sides)
                             and s.seat < len(sides) and sides[s.seat] == sides[mine])
            all_first = all(r.place == 1 for r in await self.repo.get_results(e.table_id))
            # one side (cooperative K3, K3-8) wins or loses together; sides that tie for first share the win (KR-4.4)
            together = e.outcome != "draw" and all_first and len(set(sides)) == 1
            out.append(HistoryEntry(e.table_id, e.game, game_title(e.game), e.place, e.outcome, e.reason, e.rated,
                                    e.finished_at, guild_id, e.channel_id, e.thread_id,
                                    tuple(told[s.seat] for s in seats), partners, len(set(sides)), together,
                                    e.outcome == "win" and all_first and not together))
        return out

    async def mesa_history(self, guild_id: int, game: str | None = None, limit: int = 10) -> list[HistoryEntry]:
        """Mesa's most recent finished tables on this server, every level and seat of it (``/history @mesa``):
        one line a table, newest first."""
        from tables.mesa import mesa_id

        found: dict[int, HistoryEntry] = {}
        for level in LEVELS:
            for k in range(MAX_MESA_SEATS):
                for entry in await self.history(guild_id, mesa_id(level, k), game, limit):
                    found.setdefault(entry.table_id, entry)
        return sorted(found.values(), key=lambda e: (e.finished_at, e.table_id), reverse=True)[:limit]

    # ---- replay -----------------------------------------------------------------------------
    async def replay(self, guild_id: int, table_id: int) -> Replay:
        """The spectator views of a finished table of this server (see the module docstring)."""
        row, seats = await self.repo.load(table_id)
        if row is None or row.guild_id != guild_id:
            raise TableError("error.no_table", table=table_id)  # another server's table does not exist here
        if row.status in (ABORTED, DECLINED):
            raise TableError("error.replay_nothing", table=table_id)
        if row.status != FINISHED:
            raise TableError("error.replay_not_finished", table=table_id)
        try:
            engine = get_engine(row.game)  # a row edited by hand may name no game
            options = TableOptions.from_json(row.options)
        except (KeyError, ValueError) as exc:
            log_damage(table_id, "damaged game or options", exc)
            raise TableError("error.damaged", table=table_id) from None
        table = LoadedTable(row, seats, engine, options)
        steps = replay_log(table, await self.repo.get_moves(table_id))  # the one policy for a damaged log
        states = [first_state(table), *(step.after for step in steps)]
        # PL / K3 secrets: during play the spectator view hides them; the final picture is public
        during = [s for s in states[:-1] if engine.outcome(s) is None]
        shown = _spread(during, MAX_FRAMES - 1)
        last, result = final_picture(engine, states[-1], row.outcome, seats)  # as the thread's last board
        views = tuple([engine.view(s, None) for s in shown] + [last])
        names = tuple(table.names())  # as its boards named them: "Sam [1]", "Sam [2]" where two share one
        return Replay(table_id, row.game, game_title(row.game), views, names, result)

    # ---- recompute --------------------------------------------------------------------------
    async def recompute_guild(self, guild_id: int) -> bool:
        """Rebuild every rating of a server from its stored results; True when anything changed."""
        inputs = await self.repo.rating_inputs(guild_id)
        tables: list[tuple[list[ResultRow], str]] = []
        for result, options in inputs:
            if tables and tables[-1][0][0].table_id == result.table_id:
                tables[-1][0].append(result)
                continue
            tables.append(([result], options))
        ratings: dict[tuple[str, int], RatingRow] = {}
        points: list[RatingPoint] = []
        order: list[tuple[int, str]] = []
        for rows, options in tables:
            first = rows[0]
            order.append((first.table_id, first.game))
            placings = placings_from_results(rows, table_sides(first.game, len(rows), options))
            if _sides(placings) < 2:
                continue
            current = {p.user_id: _rating(ratings.get((first.game, p.user_id))) for p in placings}
            for user, rating in rate_game(current, placings).items():
                ratings[(first.game, user)] = _stored(guild_id, first.game, user, rating, first.finished_at)
                points.append(RatingPoint(guild_id, first.game, user, first.table_id, rating.display,
                                          first.finished_at))
        new_ratings = sorted(ratings.values(), key=lambda r: (r.game, r.user_id))
        old_ratings, old_points = await self.repo.guild_rating_state(guild_id)
        new_points = sorted(points, key=lambda p: (p.game, p.user_id, p.table_id))
        unmarked = guild_id in await self.repo.unrated_guilds()
        changed = (_numbers(old_ratings) != _numbers(new_ratings) or old_points != new_points or unmarked)
        if changed:
            await self.repo.replace_guild_ratings(guild_id, new_ratings, new_points, order, self._now())
        return changed

    async def catch_up(self) -> list[int]:
        """Rate what was never rated (a database from before ratings existed): recompute those servers."""
        guilds = await self.repo.unrated_guilds()
        for guild_id in guilds:
            await self.recompute_guild(guild_id)
        return guilds


def _numbers(rows: Sequence[RatingRow]) -> list[tuple[Any, ...]]:
    """What a recompute compares: everything but the time stamp."""
    return [(r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, r.losses, r.draws) for r in rows]


def _spread(items: Sequence[Any], most: int) -> list[Any]:
    """At most ``most`` items, evenly spread, always keeping the first and the last."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return [items[0]]
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


# ==================================================================== texts and pictures (both front ends)
def _mark(provisional: bool) -> str:
    return "?" if provisional else ""


def board_text(page: BoardPage, lang: str) -> str:
    """The leaderboard page as text lines (the image's alt text, and the console's output)."""
    from tables.i18n import Count, t

    lines = [t("lb.title", lang, game=page.title) + (f" · {t('lb.page', lang, page=page.page, pages=page.pages)}"
                                                     if page.pages > 1 else "")]
    if page.asked is not None:
        lines.append(page.note(lang))
    if not page.entries:
        lines.append(t("lb.empty", lang))
    advice = page.advice(lang)
    if advice:
        lines.append(advice)
    for e in page.entries:
        lines.append(t("lb.line", lang, rank=e.rank, name=e.name, rating=e.rating, mark=_mark(e.provisional),
                       games=Count(e.games, "game"), wins=Count(e.wins, "win")))
    if page.caller is not None:
        c = page.caller
        lines.append(t("lb.you", lang, rank=c.rank, total=page.total, rating=c.rating, mark=_mark(c.provisional)))
    return "\n".join(lines)


def board_image(page: BoardPage, lang: str, caller_id: int | None = None) -> bytes:
    """The leaderboard page as a PNG (render/leaderboard.py); the caller's row highlighted."""
    from render import theme
    from render.leaderboard import BoardRow, leaderboard_image
    from tables.i18n import t

    def row(e: BoardEntry) -> BoardRow:
        return BoardRow(e.rank, with_levels_in(e.name, lang), e.rating, e.games, e.wins, e.provisional,
                        e.user_id == caller_id)

    picture = leaderboard_image(
        t("lb.title", lang, game=page.title), [row(e) for e in page.entries],
        caller=row(page.caller) if page.caller else None, page=page.page, pages=page.pages,
        labels=(t("lb.rating", lang), t("lb.games", lang), t("lb.wins", lang)), empty_text=t("lb.empty", lang),
        footnote=t("lb.footnote", lang))
    return theme.to_png(picture)


def stats_text(stats: Sequence[GameStats], name: str, lang: str, *, own: bool = False,
               ratings_on: bool = True) -> str:
    """A player's rated record per game; ``own``: the reader's, whom an empty record tells how to start one;
    ``ratings_on``: the server's setting (off: the record stays, and the text says games ending now change it no
    more, rather than advise playing for a rating)."""
    from tables.i18n import Count, t

    if not stats:
        if not ratings_on:
            return "\n".join([t("stats.none", lang, name=name), t("lb.off", lang)])
        return t("stats.none_own" if own else "stats.none", lang, name=name)
    lines = [t("stats.title", lang, name=name)]
    for s in stats:
        def letter(code: str) -> str:  # W/L/D in English, V/D/T (victoria, derrota, tablas) in Spanish
            return t(f"stats.letter.{code}", lang)

        streak = f"{letter(s.streak[0])}{s.streak[1]}" if s.streak[1] else "-"
        lines.append(t("stats.line", lang, game=s.title, rating=s.rating, mark=_mark(s.provisional), rank=s.rank,
                       players=s.players, games=Count(s.games, "game"), wins=Count(s.wins, "won"),
                       losses=Count(s.losses, "lost"), draws=s.draws,
                       streak=streak, last=" ".join(letter(r) for r in s.last_five) or "-"))
    lines.append(t("stats.legend", lang))  # the letters, said once (Spanish said them on every game's line)
    if not ratings_on:
        lines.append(t("lb.off", lang))
    return "\n".join(lines)


def stats_chart(stats: GameStats, name: str, lang: str) -> bytes:
    """A small PNG chart of one game's rating over time."""
    from render import theme
    from render.leaderboard import rating_chart
    from tables.i18n import Count, t

    shown = theme.drawable_name(name, "")  # a name the fonts cannot draw: left to the message's words
    title = t("stats.chart", lang, game=stats.title, name=shown) if shown else t("stats.chart_unnamed", lang,
                                                                                  game=stats.title)
    picture = rating_chart(title, list(stats.series),
                           subtitle=t("stats.chart_sub", lang, games=Count(stats.games, "rated_game")))
    return theme.to_png(picture)


def history_text(entries: Sequence[HistoryEntry], name: str, lang: str, *, links: bool = True,
                 game: str | None = None) -> str:
    """The player's recent tables in words; ``game``: the one game asked for, which the title names ("Recent Kona
    tables of Ana") and an empty history too ("Ana has no finished Kona tables in this server yet", not as if she
    had none of any game)."""
    from tables.games import title
    from tables.i18n import t

    if not entries:
        return t("history.none_game", lang, name=name, game=title(game)) if game else \
            t("history.none", lang, name=name)
    lines = [t("history.title_game", lang, name=name, game=title(game)) if game else t("history.title", lang,
                                                                                         name=name)]
    lines += [history_line(e, lang, links=links) for e in entries]
    return "\n".join(lines)


def history_line(entry: HistoryEntry, lang: str, *, links: bool = True) -> str:
    """One finished table as a history lists it: ``#12 Kona · won · 2026-03-02 · <link>`` (``links=False``: the
    players' names instead of the link, as the console and Discord's lists of finished tables say it)."""
    from tables.i18n import t

    return t("history.line", lang, table=entry.table_id, game=entry.title, result=result_words(entry, lang),
             unrated="" if entry.rated else t("history.unrated", lang), date=entry.finished_at[:10],
             link=entry.link if links else ", ".join(entry.names)).rstrip(" ·")


def result_words(entry: HistoryEntry, lang: str) -> str:
    """How the player's game ended, in words: ``won``, ``draw``, ``lost with Cy`` (a partnership),
    ``lost together`` (the cooperative variant), ``lost (place 3 of 4)`` (a place only among three or
    more sides)."""
    from tables.i18n import Names, t

    if entry.outcome == "draw":
        return t("history.draw", lang)
    won = entry.outcome == "win"
    if entry.together:
        return t("history.won_together" if won else "history.lost_together", lang)
    if entry.shared:  # a tie for first in a competitive game (it read "won together", the cooperative words)
        return t("history.shared_win", lang)
    if entry.partners:
        return t("history.won_with" if won else "history.lost_with", lang, partners=Names(entry.partners))
    word = t(f"result.word.{entry.outcome}", lang)
    if entry.sides > 2:
        return t("history.placed", lang, result=word, place=entry.place, players=entry.sides)
    return word


def replay_gif(replay: Replay, lang: str = "en") -> bytes:
    """The animated GIF of a replay, its words in ``lang`` (render.replay; slow for long games: run it off the
    event loop)."""
    import render

    return render.replay(replay.game, list(replay.views), [with_levels_in(name, lang) for name in replay.names],
                         result=replay.result, lang=lang)


def replay_frames(replay: Replay, gif: bytes | None = None) -> int:
    """How many pictures a replay shows: counted in its GIF when it is made, else those render.replay
    draws from its views (a frame for each view that changes the board, evenly sampled); never the
    number of views (issue 28, item 11: "160 frames" was said of a 48-frame GIF)."""
    import render

    if gif is not None:
        return render.frame_count(gif)
    return len(render.replay_frames(replay.game, list(replay.views)))
