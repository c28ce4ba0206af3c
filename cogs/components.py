"""Persistent buttons and select menus: ``DynamicItem``s whose custom ids carry the table and version.

A custom id is ``mesa:<kind>:<table>:<version>[:<arg>]`` for buttons and
``mesasel:<table>:<version>[:<kind>]`` for select menus.  discord.py rebuilds the item from the id
when a click arrives (``from_custom_id``), so the controls work after a restart and days later;
the version lets the service refuse a stale click (the board moved on) instead of applying it.
Nothing in a custom id or label is secret: move strings appear only in ephemeral pickers, or for
games without hidden information (Krakatoa's quick actions, a K3 build being confirmed in the
builder's own ephemeral preview).

Kinds: ``inv`` (arg accept/decline/join/start), ``pick`` (open the move picker), ``mv`` (arg = a
move), ``mine`` (My pieces), ``resign`` / ``draw`` (arg ask/yes; draw also accept/decline),
``rematch``, ``build`` (arg auto/shuffle), ``rules`` (arg = game, full rules).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.limits import MAX_BUTTON_LABEL, MAX_CUSTOM_ID, MAX_PLACEHOLDER

BUTTON_ID = re.compile(r"mesa:(?P<kind>[a-z]+):(?P<table>\d+):(?P<version>\d+)(?::(?P<arg>.*))?")
SELECT_ID = re.compile(r"mesasel:(?P<table>\d+):(?P<version>\d+)(?::(?P<kind>[a-z]+))?")
MAX_ID = MAX_CUSTOM_ID


def button_id(kind: str, table: int, version: int, arg: str = "") -> str:
    return f"mesa:{kind}:{table}:{version}" + (f":{arg}" if arg else "")


def select_id(table: int, version: int, kind: str = "pick") -> str:
    return f"mesasel:{table}:{version}:{kind}"


class MesaButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_ID):
    """Every Mesa button; the callback hands the parsed id to ``Front.on_button``."""

    def __init__(self, kind: str, table: int, version: int, arg: str = "", *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
                 disabled: bool = False) -> None:
        custom_id = button_id(kind, table, version, arg)
        if len(custom_id) > MAX_ID:
            raise ValueError("custom id too long")
        super().__init__(discord.ui.Button(label=label[:MAX_BUTTON_LABEL] or kind, style=style, custom_id=custom_id,
                                           disabled=disabled), row=row)
        self.kind, self.table, self.version, self.arg = kind, table, version, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> MesaButton:
        return cls(match["kind"], int(match["table"]), int(match["version"]), match["arg"] or "",
                   label=item.label or "", style=item.style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.client.front.on_button(interaction, self.kind, self.table, self.version, self.arg)


class MesaSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_ID):
    """Every Mesa select menu (the move picker's steps, Krakatoa's target and force)."""

    def __init__(self, table: int, version: int, kind: str = "pick", *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=select_id(table, version, kind), options=options or [],
                                           placeholder=placeholder[:MAX_PLACEHOLDER] or None, min_values=1,
                                           max_values=1),
                         row=row)
        self.table, self.version, self.kind = table, version, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> MesaSelect:
        return cls(int(match["table"]), int(match["version"]), match["kind"] or "pick")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await interaction.client.front.on_select(interaction, self.table, self.version, self.kind, values)


DYNAMIC_ITEMS = (MesaButton, MesaSelect)
