"""Answering an interaction, before or after deferring it (issue 15, item 6).

After ``defer(thinking=True)`` Discord shows a "thinking" message, the interaction's original
response.  Its documentation says the answer replaces that message (``edit_original_response``);
a follow-up sent instead edits it too, but only by a compatibility rule Discord documents as
deprecated, and it silently keeps the deferral's ephemeral flag.  So the first answer after a
deferral edits the original, and only later answers are follow-ups (new messages).
"""

from __future__ import annotations

from typing import Any

import discord

#: set in ``interaction.extras`` once the deferred original response has been replaced
ORIGINAL_ANSWERED = "mesa_original_answered"


def original_is_thinking(interaction: discord.Interaction) -> bool:
    """Deferred with a thinking message that no answer has replaced yet."""
    return (interaction.response.type == discord.InteractionResponseType.deferred_channel_message
            and not interaction.extras.get(ORIGINAL_ANSWERED))


async def edit_original(interaction: discord.Interaction, **kwargs: Any) -> None:
    """``edit_original_response``, remembering that the thinking message is answered."""
    await interaction.edit_original_response(**kwargs)
    interaction.extras[ORIGINAL_ANSWERED] = True


async def send(interaction: discord.Interaction, *, content: str, ephemeral: bool = True,
               files: list[discord.File] | None = None, view: discord.ui.View | None = None,
               embed: discord.Embed | None = None) -> None:
    """The interaction's answer: the response itself, the edit of the thinking message, or a follow-up."""
    files = list(files or [])
    if not interaction.response.is_done():
        kwargs: dict[str, Any] = {"content": content, "ephemeral": ephemeral, "files": files}
        if view is not None:
            kwargs["view"] = view
        if embed is not None:
            kwargs["embed"] = embed
        await interaction.response.send_message(**kwargs)
        return
    if original_is_thinking(interaction):
        edit: dict[str, Any] = {"content": content, "attachments": files}
        if view is not None:
            edit["view"] = view
        if embed is not None:
            edit["embed"] = embed
        await edit_original(interaction, **edit)
        return
    kwargs = {"content": content, "ephemeral": ephemeral, "files": files}
    if view is not None:
        kwargs["view"] = view
    if embed is not None:
        kwargs["embed"] = embed
    await interaction.followup.send(**kwargs)
