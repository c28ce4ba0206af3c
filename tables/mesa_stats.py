"""``/stats`` of Mesa itself (the bot, ``@mesa`` in the console): how each of its levels has done against this
server's players, rated or not, and its ratings where the server rates games against it.  A player's own record
against Mesa is ``tables.mesa.records_against_mesa``; this is the same tally from Mesa's side."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai import LEVELS
from data.models import ResultRow
from tables.i18n import Count, t
from tables.leaderboard import GameStats, LeaderboardService, stats_text
from tables.mesa import MesaRecord, SidesByTable, level_of, mesa_id, mesa_name, same_side, sides_by_table


def records_of_mesa(results: Sequence[ResultRow], sides: SidesByTable | None = None) -> list[MesaRecord]:
    """Per level (weakest first), that level's results at the tables where it sat against at least one person: a
    win when its best seat placed ahead of every such person, a loss when one placed ahead of it, else a draw.  A
    table of Mesa seats alone (none is ever opened) counts nothing, nor does one where every person played on
    that level's side (``sides``: partners, a cooperative K3 team)."""
    by_table: dict[int, list[ResultRow]] = {}
    for r in results:
        by_table.setdefault(r.table_id, []).append(r)
    tally = {level: [0, 0, 0, 0] for level in LEVELS}
    for rows in by_table.values():
        for level in LEVELS:
            bots = [r for r in rows if level_of(r.user_id) == level]
            people = [r.place for r in rows if level_of(r.user_id) is None
                      and not any(same_side(sides or {}, r, b) for b in bots)]
            seats = [r.place for r in bots]
            if not seats or not people:
                continue
            count = tally[level]
            count[0] += 1
            mine, theirs = min(seats), min(people)
            count[1 if mine < theirs else 2 if mine > theirs else 3] += 1
    return [MesaRecord(level, *tally[level]) for level in LEVELS if tally[level][0]]


def records_of_mesa_text(records: Sequence[MesaRecord], lang: str) -> str:
    """The lines of Mesa's record ("Mesa (normal): 12 games: 7 won, 4 lost, 1 drawn"), or that no game against
    it has ended here yet."""
    if not records:
        return t("mesa.own_none", lang)
    return "\n".join([t("mesa.own_title", lang)] + [
        t("mesa.stats_line", lang, name=mesa_name(r.level), games=Count(r.games, "game"),
          wins=Count(r.wins, "won"), losses=Count(r.losses, "lost"), draws=r.draws) for r in records])


@dataclass(frozen=True)
class MesaStats:
    """``/stats`` of Mesa: its words, and each rated level's games (the level, a game's figures) for the front
    ends' rating charts, as a player's ``/stats`` has them (each drawn under ``mesa_name(level)``)."""

    text: str
    rated: tuple[tuple[str, GameStats], ...]


async def mesa_stats(board: LeaderboardService, guild_id: int, lang: str) -> MesaStats:
    """``/stats`` of Mesa: each level's ratings where it has rated games in this server (a server that rates
    games against Mesa), then its record against the players, every game counted."""
    lines, rated = [], []
    for level in LEVELS:
        found = await board.stats(guild_id, mesa_id(level))
        if found:
            lines.append(stats_text(found, mesa_name(level), lang))
            rated += [(level, s) for s in found]
    results, sides = sides_by_table(await board.repo.results_with_options(guild_id))
    lines.append(records_of_mesa_text(records_of_mesa(results, sides), lang))
    return MesaStats("\n".join(lines), tuple(rated))
