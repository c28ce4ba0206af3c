"""The controls under a table's posts, and what each one does.

Each kind of control is a ``DynamicItem`` (formats in ``cogs.controls``) whose callback calls its own
handler in ``Board``; which of them a post carries is ``cogs.post_controls``'s to say:

- ``InvitationButton`` ``mesa:inv:<table>:<version>:<action>``: accept, decline, join, start, fill
  (Mesa takes the empty seats), leave or abort an invitation or open table (``invitation``);
- ``MoveButton`` ``mesa:mv:<table>:<version>:<move>``: a quick move, or a K3 build confirmed (``move``);
- ``MineButton`` ``mesa:mine:<table>:<version>``: *My pieces*, privately (``mine``);
- ``ResignButton`` ``mesa:resign:<table>:<version>:ask|yes``: resign, after a private confirmation
  (``resign``);
- ``DrawButton`` ``mesa:draw:<table>:<version>:ask|yes|accept|decline``: offer a draw (confirmed
  privately) or answer one (``draw``);
- ``RematchButton`` ``mesa:rematch:<table>:<version>``: the same players again (``rematch``);
- ``BuildButton`` ``mesa:build:<table>:<version>:auto|shuffle``: a proposed build where moves are too
  many to list (K3), shown only to its player with Shuffle and Confirm (``build``).

The move picker's controls are ``cogs.picking``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs.acts import TableActs
from cogs.controls import TABLE_VERSION, button, button_id, shown
from cogs.delivery import Delivery, public_lang
from cogs.handling import Handling, area, board_refusal, lang_of
from cogs.i18n_discord import t
from cogs.part import ServicePart
from cogs.plain import plain_value, spoken
from tables import PublicPost, TableService
from tables.guild_life import ABORT_ASKED

Style = discord.ButtonStyle

#: what an invitation button may do (``Board.invitation``: one service call each)
INVITATION_ACTIONS = ("accept", "decline", "join", "start", "fill", "leave", "abort")
#: the invitation buttons that may start the game: refused up front where its boards cannot be posted
STARTING = frozenset({"accept", "join", "start", "fill"})


class InvitationButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                       template=rf"mesa:inv:{TABLE_VERSION}:(?P<action>{'|'.join(INVITATION_ACTIONS)})"):
    """Accept, Decline, Join, Start, Fill with Mesa, Leave or Cancel under an invitation or open table (and
    Cancel under the opening board, before anyone has moved)."""

    def __init__(self, table: int, version: int, action: str, *, label: str = "",
                 style: Style = Style.secondary, row: int | None = None) -> None:
        super().__init__(button(button_id("inv", table, version, action), label, fallback="inv", style=style),
                         row=row)
        self.table, self.version, self.action = table, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> InvitationButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["action"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).invitation(interaction, self.table, self.action)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:mv:{TABLE_VERSION}:(?P<move>.+)"):
    """One move in its canonical text: a quick move under a board, or Confirm under a build preview."""

    def __init__(self, table: int, version: int, move: str, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("mv", table, version, move), label, fallback="mv", style=style), row=row)
        self.table, self.version, self.move = table, version, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["move"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).move(interaction, self.table, self.version, self.move)


class MineButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:mine:{TABLE_VERSION}"):
    """*My pieces*: the presser's private view, ephemerally."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("mine", table, version), label, fallback="mine", style=style), row=row)
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MineButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).mine(interaction, self.table)


class ResignButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"mesa:resign:{TABLE_VERSION}:(?P<step>ask|yes)"):
    """*Resign* under a board (``ask``), and its private confirmation (``yes``)."""

    def __init__(self, table: int, version: int, step: str, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("resign", table, version, step), label, fallback="resign", style=style),
                         row=row)
        self.table, self.version, self.step = table, version, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ResignButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["step"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).resign(interaction, self.table, self.version, self.step)


class DrawButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"mesa:draw:{TABLE_VERSION}:(?P<action>ask|yes|accept|decline)"):
    """*Offer a draw* (``ask``, confirmed privately with ``yes``), or Accept / Decline an offer."""

    def __init__(self, table: int, version: int, action: str, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("draw", table, version, action), label, fallback="draw", style=style),
                         row=row)
        self.table, self.version, self.action = table, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DrawButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["action"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).draw(interaction, self.table, self.version, self.action)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:rematch:{TABLE_VERSION}"):
    """*Rematch* under a result: the same players at a new table."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary) -> None:
        super().__init__(button(button_id("rematch", table, version), label, fallback="rematch", style=style))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Board).rematch(interaction, self.table)


CONTROLS = (InvitationButton, MoveButton, MineButton, ResignButton, DrawButton, RematchButton)


class Board(ServicePart, commands.Cog):
    """Answers the controls under a table's posts: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling, delivery: Delivery,
                 acts: TableActs) -> None:
        super().__init__(service)
        self.handling = handling
        self.delivery = delivery
        self.acts = acts

    async def invitation(self, interaction: discord.Interaction, table: int, action: str) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            if action in STARTING and (refused := board_refusal(interaction)) is not None:
                raise refused
            user = interaction.user
            if action == "accept":
                messages, done = await self.service.accept(table, user.id), "ok.accepted"
            elif action == "decline":
                messages, done = await self.service.decline(table, user.id), "ok.declined"
            elif action == "join":
                messages, done = await self.service.join(table, user.id, user.display_name), "ok.joined"
            elif action == "leave":
                messages, done = await self.service.leave(table, user.id), "ok.left"
            elif action == "abort":
                messages = await self.service.abort(table, user.id)
                asked = any(isinstance(m, PublicPost) and m.key == ABORT_ASKED for m in messages)  # a deal was seen
                done = "ok.abort_asked" if asked else "ok.cancelled"
            elif action == "fill":  # "Fill with Mesa" (issue 17)
                messages, done = await self.service.fill_with_mesa(table, user.id), "ok.filled"
            else:
                messages, done = await self.service.start(table, user.id), "ok.started"
            await self.delivery.deliver(messages, public_lang(interaction))
            await self.handling.reply(interaction, t(done, lang_of(interaction)))

    async def move(self, interaction: discord.Interaction, table: int, version: int, move: str) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            # a move confirmed from a private preview while others act at the same time (K3-3.2):
            # the service accepts the version of any board of that phase
            await self.acts.submit(interaction, table, move, version)

    async def mine(self, interaction: discord.Interaction, table: int) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            post = await self.service.private_view(table, interaction.user.id)
            await self.delivery.answer_private(interaction, post, lang_of(interaction))

    async def resign(self, interaction: discord.Interaction, table: int, version: int, step: str) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            if step == "yes":
                await self.acts.resign(interaction, table)
                return
            leaving = await self.service.check_playing(table, interaction.user.id)  # no confirmation for a refusal
            caller_lang = lang_of(interaction)
            confirm = ResignButton(table, version, "yes", label=t("btn.confirm_resign", caller_lang),
                                   style=Style.danger)
            # who goes out with them: the whole cooperative team (K3-8.3), or their partner (KR-6.2)
            key = "confirm.resign_together" if leaving.together else \
                "confirm.resign_partners" if leaving.with_them else "confirm.resign"
            others = spoken(plain_value(leaving.with_them), caller_lang)  # names are users' words: inert
            await self.confirm(interaction, confirm, t(key, caller_lang, table=table, others=others))

    async def draw(self, interaction: discord.Interaction, table: int, version: int, action: str) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            if action != "ask":
                await self.acts.draw(interaction, table, {"yes": "offer"}.get(action, action))
                return
            await self.service.check_playing(table, interaction.user.id)  # no confirmation for a refusal
            caller_lang = lang_of(interaction)
            confirm = DrawButton(table, version, "yes", label=t("btn.confirm_draw", caller_lang), style=Style.primary)
            await self.confirm(interaction, confirm, t("confirm.draw", caller_lang, table=table))

    async def confirm(self, interaction: discord.Interaction, confirmation: discord.ui.Item[Any], text: str) -> None:
        """Resign and Draw sit behind a second, private button."""
        view = discord.ui.View(timeout=None)
        view.add_item(confirmation)
        await self.handling.reply(interaction, text, view=view)

    async def rematch(self, interaction: discord.Interaction, table: int) -> None:
        """Same players again at a new table (the service's ``rematch``), in a thread of the old channel."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            if (refused := board_refusal(interaction)) is not None:  # as /play: refused up front, no table opened
                raise refused
            messages = await self.service.rematch(table, interaction.user.id, interaction.user.display_name)
            new_id = messages[0].table_id
            summary = (await self.service.table_details(new_id)).summary
            place = await self.delivery.open_place(interaction, new_id, summary.title, parent_id=summary.channel_id)
            await self.delivery.deliver(messages, public_lang(interaction))
            caller_lang = lang_of(interaction)
            # Mesa accepts at once: a rematch against Mesa alone has already begun
            done = "ok.rematch_started" if summary.status == "active" else "ok.rematch_offered"
            await self.handling.reply(interaction, t(done, caller_lang) + "\n"
                                      + self.delivery.table_line(new_id, place, caller_lang))
