"""The build preview (K3-3.4) and its controls: Mesa's proposal shown only to its player, with *Shuffle*,
*Confirm build*, and a select that exchanges two of its pieces (``tables.arranging``), so that a pyramid of one's
own is made on a phone without writing it out (an audit found the game's main decision needed
``/move build:0:N/RK/…`` typed).

Everything a step needs rides in its controls' ids (the proposal's text, the piece chosen first), so a preview
keeps working after a restart, as every control does; each answer reads the proposal against the table as it is
now, from the presser's own seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs.board import MoveButton
from cogs.controls import TABLE_VERSION, button, button_id, select, shown
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_SELECT_OPTIONS
from cogs.part import ServicePart
from cogs.plain import sketch_block
from tables import TableService
from tables.arranging import Arrangement

Style = discord.ButtonStyle
#: the first piece not chosen yet (the select's id then holds ``-``)
NONE_YET = "-"


class BuildButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"mesa:build:{TABLE_VERSION}:(?P<style>auto|shuffle)"):
    """*Build for me* under a board of moves too many to list (K3-3.4), and *Shuffle* in its preview."""

    def __init__(self, table: int, version: int, build_style: str, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("build", table, version, build_style), label, fallback="build", style=style),
                         row=row)
        self.table, self.version, self.build_style = table, version, build_style

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BuildButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["style"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Arranging).build(interaction, self.table, self.version, self.build_style)


class ArrangeSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                    template=rf"mesasel:{TABLE_VERSION}:arr:(?P<first>[a-z][0-9]{{1,2}}|-):(?P<move>.+)"):
    """The preview's *Exchange two pieces*: the first choice a piece, the second the one it changes place with."""

    def __init__(self, table: int, version: int, first: str, move: str, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(select(f"mesasel:{table}:{version}:arr:{first}:{move}", options, placeholder), row=row)
        self.table, self.version, self.first, self.move = table, version, first, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ArrangeSelect:
        return cls(int(match["table"]), int(match["version"]), match["first"], match["move"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Arranging).exchange(interaction, self.table, self.version, self.first, self.move,
                                                    self.item.values)


CONTROLS = (BuildButton, ArrangeSelect)


class Arranging(ServicePart, commands.Cog):
    """Answers the build preview's controls: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling) -> None:
        super().__init__(service)
        self.handling = handling

    async def build(self, interaction: discord.Interaction, table: int, version: int, style: str) -> None:
        """Moves too many to list (K3 building): a proposed move shown only to its player, with Shuffle (the
        game's other auto style), Confirm, and the exchange of two pieces."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            proposal = await self.service.propose(table, interaction.user.id,
                                                  "shuffle" if style == "shuffle" else None, unlisted_only=True)
            arranged = await self.service.arranging.arrangement(table, interaction.user.id, proposal.text)
            await self._preview(interaction, table, version, arranged, None, edit=False)

    async def exchange(self, interaction: discord.Interaction, table: int, version: int, first: str, move: str,
                       values: list[str]) -> None:
        """A choice in *Exchange two pieces*: the first piece (the select then asks for the other), or the
        second (the two change places, and the preview shows the new pyramid)."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction, update=True)
            await self.handling.touch(interaction)
            if not values:
                return
            arranging, user = self.service.arranging, interaction.user.id
            arranged = await arranging.arrangement(table, user, move)  # refused unless the caller builds it now
            if arranged.place(values[0]) is None or (first != NONE_YET and arranged.place(first) is None):
                raise Refusal("err.picker_gone")  # not an option this preview offered
            if first == NONE_YET:
                await self._preview(interaction, table, version, arranged, values[0], edit=True)
                return
            arranged = await arranging.exchanged(table, user, move, first, values[0])
            await self._preview(interaction, table, version, arranged, None, edit=True)

    async def _preview(self, interaction: discord.Interaction, table: int, version: int, arranged: Arrangement,
                       first: str | None, *, edit: bool) -> None:
        """The preview: the pyramid drawn in letters and its notation; Shuffle, Confirm build, and the select
        (its first piece, or with ``first`` chosen the pieces of other colours it may change place with)."""
        lang = lang_of(interaction)
        text, chosen = arranged.proposal.text, arranged.place(first) if first else None
        view = discord.ui.View(timeout=None)
        view.add_item(BuildButton(table, version, "shuffle", label=t("btn.shuffle", lang)))
        view.add_item(MoveButton(table, version, text, label=t("btn.confirm_build", lang), style=Style.success))
        if chosen is None:
            places, placeholder = arranged.places, t("arrange.first", lang)
        else:
            places = tuple(p for p in arranged.places if p.term != chosen.term)
            placeholder = t("arrange.second", lang, place=chosen.said(lang))
        options = [discord.SelectOption(label=p.said(lang), value=p.name) for p in places[:MAX_SELECT_OPTIONS]]
        if options:  # a pyramid of one colour has nothing to exchange
            view.add_item(ArrangeSelect(table, version, chosen.name if chosen else NONE_YET, text, options=options,
                                        placeholder=placeholder, row=1))
        said = t("arrange.chosen", lang, place=chosen.said(lang)) if chosen else t("arrange.how", lang)
        content = f"{sketch_block(arranged.proposal.sketch)}`{text}`\n{said}"
        await self.handling.edit_or_reply(interaction, content, view, edit=edit)
