"""How Mesa's persistent controls are made: their custom ids, and buttons and selects within Discord's limits.

Every button and select under a Mesa message is a ``DynamicItem`` (one class per kind, beside the
area that answers it: ``cogs.board``, ``cogs.picking``, ``cogs.guide``, ``cogs.results``) whose
custom id carries everything its handler needs.  discord.py rebuilds the item from the id when a
click arrives (``from_custom_id``), so controls work after a restart and days later; the table's
version in the id lets the service refuse a stale click instead of applying it.  The formats never
change, so boards posted by an older Mesa keep working:

- ``mesa:<kind>:<table>:<version>[:<arg>]`` for buttons,
- ``mesasel:<table>:<version>[:<kind>]`` for select menus,
- ``mesalb:<guild>:<game>:<page>`` for the leaderboard's pages.

Nothing in a custom id or a label is secret: move strings appear only in ephemeral pickers, or for
games without hidden information (Krakatoa's quick actions, a K3 build being confirmed in the
builder's own ephemeral preview).
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.limits import MAX_BUTTON_LABEL, MAX_CUSTOM_ID, MAX_PLACEHOLDER

#: the part of a template that reads a table and the version of its board
TABLE_VERSION = r"(?P<table>\d+):(?P<version>\d+)"


def button_id(kind: str, table: int, version: int, arg: str = "") -> str:
    return f"mesa:{kind}:{table}:{version}" + (f":{arg}" if arg else "")


def select_id(table: int, version: int, kind: str) -> str:
    return f"mesasel:{table}:{version}:{kind}"


def button(custom_id: str, label: str, *, fallback: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           disabled: bool = False) -> discord.ui.Button[Any]:
    """A button whose id and label fit Discord's limits (``fallback`` labels a button given none)."""
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError("custom id too long")
    return discord.ui.Button(label=label[:MAX_BUTTON_LABEL] or fallback, style=style, custom_id=custom_id,
                             disabled=disabled)


def select(custom_id: str, options: list[discord.SelectOption] | None, placeholder: str) -> discord.ui.Select[Any]:
    """A select menu of one choice, its placeholder cut to Discord's limit."""
    return discord.ui.Select(custom_id=custom_id, options=options or [],
                             placeholder=placeholder[:MAX_PLACEHOLDER] or None, min_values=1, max_values=1)


def shown(item: discord.ui.Item[Any]) -> tuple[str, discord.ButtonStyle]:
    """The label and style of the button a click came from, kept when discord.py rebuilds it."""
    if isinstance(item, discord.ui.Button):
        return item.label or "", item.style
    return "", discord.ButtonStyle.secondary
