"""The tables a command's ``table`` option lists while it is typed, and what a command that names none means.

Discord's users find a table's number in its thread's name, which on a phone is a scroll away; so while they type
``table`` Discord lists their own tables in this server: the live ones for what is done at a table in play
(``/move``, ``/resign``, ``/draw``, ``/board``, ``/hint``, ``/takeback``), the finished ones, newest first, as their
history says them ("#12 Kona · won · 2026-03-02 · alice, bob"), for ``/review`` and ``/replay``, and both for
``/history``'s moves of one table (the tables of the player it asks about, once its ``user`` is filled).  A number
typed matches the tables' numbers (not a date's digits), words anywhere in the line (a game, a player).  ``/review``
and ``/replay`` naming none mean the most recent finished table (``LeaderboardService.last_finished``), as
``/board`` does.  Any table may still be named by its number.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord.app_commands import Choice

from cogs.handling import lang_of, log_failure
from cogs.limits import MAX_AUTOCOMPLETE, MAX_OPTION_TEXT
from tables import TableError, TableService
from tables.leaderboard import LeaderboardService, history_line

#: one table listed: its number and its line
Listed = tuple[int, str]


def _chosen(listed: list[Listed], current: str) -> list[Choice[int]]:
    typed = current.strip().lstrip("#").casefold()
    return [Choice(name=label[:MAX_OPTION_TEXT], value=table_id) for table_id, label in listed
            if (str(table_id).startswith(typed) if typed.isdigit() else typed in label.casefold())][:MAX_AUTOCOMPLETE]


async def _listed(read: Callable[[], Awaitable[list[Listed]]]) -> list[Listed]:
    """An autocomplete is never answered with an error: a failure is logged, and nothing listed."""
    try:
        return await read()
    except Exception as exc:
        log_failure(exc, None)
        return []


async def _live(service: TableService, interaction: discord.Interaction, user_id: int | None = None
                ) -> list[Listed]:
    """``user_id``'s live tables in this server (the caller's by default), named by the others seated."""
    whose = interaction.user.id if user_id is None else user_id
    tables = await service.active_tables(whose, interaction.guild_id)
    return [(s.table_id, (f"#{s.table_id} {s.title} · " + ", ".join(
        n for n, u in zip(s.players, s.user_ids) if u != whose)).rstrip(" ·")) for s in tables]


async def _finished(board: LeaderboardService, interaction: discord.Interaction, user_id: int | None = None
                    ) -> list[Listed]:
    """``user_id``'s finished tables in this server (the caller's by default), as their history says them."""
    if interaction.guild_id is None:
        return []
    whose = interaction.user.id if user_id is None else user_id
    entries = await board.history(interaction.guild_id, whose, None, limit=MAX_AUTOCOMPLETE)
    return [(e.table_id, history_line(e, lang_of(interaction), links=False)) for e in entries]


async def live_choices(service: TableService, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    """The caller's live tables in this server (oldest first), by number, game and opponents."""
    return _chosen(await _listed(lambda: _live(service, interaction)), current)


async def finished_choices(board: LeaderboardService, interaction: discord.Interaction, current: str
                           ) -> list[Choice[int]]:
    """The caller's finished tables in this server, newest first, as their history says them."""
    return _chosen(await _listed(lambda: _finished(board, interaction)), current)


async def any_choices(service: TableService, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    """``/history``'s moves of one table: the live tables, then the finished ones, of the player whose history is
    asked for (its ``user`` option, already filled), else the caller's."""
    board = LeaderboardService(service.repo)
    whose = getattr(getattr(interaction.namespace, "user", None), "id", None)
    live = await _listed(lambda: _live(service, interaction, whose))
    return _chosen(live + await _listed(lambda: _finished(board, interaction, whose)), current)


async def table_or_last(board: LeaderboardService, interaction: discord.Interaction, table: int | None,
                        none: str) -> int:
    """The table named, else the caller's most recent finished one in this server; ``none`` (a refusal of the
    service's catalogue) when they have finished none here."""
    if table is not None:
        return table
    found = await board.last_finished(interaction.guild_id or 0, interaction.user.id)
    if found is None:
        raise TableError(none)
    return found
