"""A slash command from a Discord client that still shows an older registration of Mesa's commands.

Discord delivers what such a client sends as it stands: a command Mesa no longer has, or an option it no longer
has (``/board tabel:1`` after ``tabel`` became ``table``). discord.py answers the first (``CommandNotFound``) and a
required option left out (``CommandSignatureMismatch``), but drops an option it does not know without a word, so the
command would run as if it had not been typed (``/board`` of another table). ``MesaTree`` refuses it the same way
(``CommandSignatureMismatch``, answered "That command has changed or no longer exists: restart Discord" by
``Handling.on_error``), before anything is done.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import CommandSignatureMismatch

#: option types that hold a subcommand or a group of them, not a value
_SUBCOMMANDS = (1, 2)


class MesaTree(app_commands.CommandTree):
    """The bot's command tree: a command with an option its registration no longer has is refused as outdated."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            outdated = unknown_option_of(self, interaction.data or {})
            if outdated is not None:
                raise CommandSignatureMismatch(outdated)
        return True


def unknown_option_of(tree: app_commands.CommandTree, data: Any) -> app_commands.Command[Any, Any, Any] | None:
    """The command ``data`` (an interaction's) names, if it carries an option that command does not have; None
    otherwise (a command or subcommand unknown is discord.py's own ``CommandNotFound``)."""
    command = tree.get_command(str(data.get("name", "")))
    options: list[Any] = list(data.get("options") or [])
    while isinstance(command, app_commands.Group):
        sub = next((o for o in options if o.get("type") in _SUBCOMMANDS), None)
        if sub is None:
            return None
        command, options = command.get_command(str(sub.get("name", ""))), list(sub.get("options") or [])
    if command is None:
        return None
    names = {parameter.display_name for parameter in command.parameters}
    return command if any(o.get("name") not in names for o in options) else None
