"""The caller's finished tables, for the commands that take one: ``/review``, ``/replay`` and ``/history``'s ``table``.

Discord's users find a table's number in its thread's name, which on a phone is a scroll away; so while they type
``table`` Discord lists their own finished tables in this server, newest first, each as their history says it
("#12 Kona · won · 2026-03-02 · alice, bob"), and a command that names none means the most recent
(``LeaderboardService.last_finished``), as ``/board`` does.  Any finished table may still be named by its number.
"""

from __future__ import annotations

import discord
from discord.app_commands import Choice

from cogs.handling import lang_of, log_failure
from cogs.limits import MAX_AUTOCOMPLETE, MAX_OPTION_TEXT
from tables import TableError
from tables.leaderboard import LeaderboardService, history_line


async def finished_choices(board: LeaderboardService, interaction: discord.Interaction, current: str
                           ) -> list[Choice[int]]:
    """The caller's finished tables in this server whose words or number hold what is typed, newest first."""
    if interaction.guild_id is None:
        return []
    try:
        entries = await board.history(interaction.guild_id, interaction.user.id, None, limit=MAX_AUTOCOMPLETE)
    except Exception as exc:  # an autocomplete is never answered with an error: nothing listed instead
        log_failure(exc, None)
        return []
    typed = current.strip().lstrip("#").casefold()
    lang = lang_of(interaction)
    out = []
    for entry in entries:
        label = history_line(entry, lang, links=False)[:MAX_OPTION_TEXT]
        # a number typed is the table's (not a date's digits); words, anywhere in the line: a game, a player
        if str(entry.table_id).startswith(typed) if typed.isdigit() else typed in label.casefold():
            out.append(Choice(name=label, value=entry.table_id))
    return out[:MAX_AUTOCOMPLETE]


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
