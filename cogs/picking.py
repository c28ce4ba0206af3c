"""The move picker: *Choose a move* under a board opens, privately, a select of the caller's legal
moves at most 25 at a time (``tables.picker`` splits them, game-blind); each choice narrows the
list until it is one move, which is played.  Also the select of quick moves under a board.

Controls (one ``DynamicItem`` per kind, formats in ``cogs.controls``), each answered by ``Picking``:

- ``PickButton`` ``mesa:pick:<table>:<version>``: open the picker (``open``);
- ``BackButton`` ``mesa:pick:<table>:<version>:back``: the picker's first step again (``back``);
- ``PickSelect`` ``mesasel:<table>:<version>[:pick]``: one step of the picker (``choose``);
- ``QuickSelect`` ``mesasel:<table>:<version>:quick``: a quick move chosen under the board (``choose``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord.ext import commands

from cogs.acts import TableActs
from cogs.controls import TABLE_VERSION, button, button_id, select, select_id, shown
from cogs.handling import Handled, Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_OPTION_TEXT
from cogs.part import ServicePart
from cogs.pictures import picture_file
from tables import TableService, picker
from tables.i18n import Phrase, said
from tables.move_choices import LegalMoves

Style = discord.ButtonStyle


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:pick:{TABLE_VERSION}"):
    """*Choose a move* under a board."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("pick", table, version), label, fallback="pick", style=style), row=row)
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PickButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Picking).open(interaction, self.table, self.version)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:pick:{TABLE_VERSION}:back"):
    """*Back* in the private picker: its first step, in the same message."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary) -> None:
        super().__init__(button(button_id("pick", table, version, "back"), label, fallback="pick", style=style))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BackButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Picking).back(interaction, self.table, self.version)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"mesasel:{TABLE_VERSION}(?::pick)?"):
    """One step of the private picker: a group of moves, or a move."""

    def __init__(self, table: int, version: int, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select(select_id(table, version, "pick"), options, placeholder))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PickSelect:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Picking).choose(interaction, self.table, self.version, self.item.values, picked=True)


class QuickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"mesasel:{TABLE_VERSION}:quick"):
    """The quick moves offered as a select under a public board (Krakatoa's targets, KR-9.1)."""

    def __init__(self, table: int, version: int, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "", row: int | None = None) -> None:
        super().__init__(select(select_id(table, version, "quick"), options, placeholder), row=row)
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> QuickSelect:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Picking).choose(interaction, self.table, self.version, self.item.values, picked=False)


CONTROLS = (PickButton, BackButton, PickSelect, QuickSelect)


def what_it_does(does: Phrase | None, lang: str) -> str | None:
    """A move's words as an option's description (at most Discord's 100 characters: a longer one ends in "…"),
    or None."""
    if does is None:
        return None
    return _within(said(does, lang))


def suggested(move: str, does: Phrase | None, lang: str) -> str:
    """A move as ``/move``'s suggestions name it: the notation, and what it does where the game says
    ("a1:1-b2 — Move 1 piece from a1 to b2"), within the 100 characters of a suggestion's name."""
    return _within(f"{move} — {said(does, lang)}" if does is not None else move)


def _within(text: str) -> str:
    """``text`` in at most the 100 characters of an option's words, a longer one ending in "…"."""
    return text if len(text) <= MAX_OPTION_TEXT else text[: MAX_OPTION_TEXT - 1].rstrip() + "…"


def group_says(legal: Sequence[str], step: str, shared: Phrase | None, lang: str) -> str:
    """A choice that opens a further step, as its option's words: what its moves share and how many there are
    ("Move from a6, uncovering a poodle · 9 moves"), or how many alone."""
    n = len(picker.Step.decode(step).moves(legal))
    return _within(t("picker.group", lang, words=said(shared, lang), n=n) if shared is not None
                   else t("picker.group_bare", lang, n=n))


def picker_options(legal: Sequence[str], step: picker.Step, lang: str, said_by: LegalMoves | None = None,
                   ) -> tuple[list[discord.SelectOption], str]:
    """The select options of one picker step over ``legal`` and their placeholder (a table's picker here,
    a lesson step's in ``cogs.lessons``); ``err.picker_gone`` when the step leads to no move.  ``said_by``: the
    words of the step's moves (``tables.move_choices.LegalMoves``): what each move does under the option that
    plays it, what a group's moves share and how many there are under one that opens a further step.  Without
    it (a lesson's: reading the board is what a step asks) the options are the notation alone."""
    options = picker.choices(legal, step)
    if not options:
        raise Refusal("err.picker_gone")
    told = said_by.does([c.value for c in options if c.final]) if said_by is not None else {}
    shared = said_by.shared([c.value for c in options if not c.final]) if said_by is not None else {}

    def words(choice: picker.Choice) -> str | None:
        if choice.final:
            return what_it_does(told.get(choice.value), lang)
        return group_says(legal, choice.value, shared.get(choice.value), lang) if said_by is not None else None

    select_options = [discord.SelectOption(label=c.label[:MAX_OPTION_TEXT], value=c.option_value[:MAX_OPTION_TEXT],
                                           description=words(c)) for c in options]
    placeholder = t("picker.placeholder", lang, prefix=step.prefix.strip()) if step.prefix else \
        t("picker.placeholder_start", lang)
    return select_options, placeholder


class Picking(ServicePart, commands.Cog):
    """Answers the picker's controls: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling, acts: TableActs) -> None:
        super().__init__(service)
        self.handling = handling
        self.acts = acts

    async def open(self, interaction: discord.Interaction, table: int, version: int) -> None:
        """The first step of the move picker, privately, for the player to act at the board's version."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            await self.check_current(interaction, table, version)
            legal = await self.service.legal_moves_said(table, interaction.user.id)
            if not legal:
                if legal.refusal is not None:  # whose turn it is, as /move says it ("…: it is Mesa (hard)'s turn.")
                    raise legal.refusal
                await self.handling.reply(interaction, t("err.not_your_turn", lang_of(interaction)))
                return
            await self.reply_step(interaction, table, version, legal, picker.Step(), edit=False)

    async def back(self, interaction: discord.Interaction, table: int, version: int) -> None:
        """The picker's Back: redraw its own private message at the first step."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction, update=True)
            await self.handling.touch(interaction)
            await self.check_current(interaction, table, version)
            legal = await self.service.legal_moves_said(table, interaction.user.id)
            if not legal:
                raise Refusal("err.picker_gone")
            await self.reply_step(interaction, table, version, legal, picker.Step(), edit=True)

    async def choose(self, interaction: discord.Interaction, table: int, version: int, values: list[str], *,
                     picked: bool) -> None:
        """A choice in a select: a move is played (``picked``: from the private picker, whose message then
        shows the result), a group of moves opens the next step."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction, update=True)
            if not values:
                return
            try:
                move, step = picker.decode_option(values[0])
            except ValueError:  # not an option this picker ever offered
                raise Refusal("err.picker_gone") from None
            if move is not None:
                await self.acts.submit(interaction, table, move, version, picked=picked)
                return
            await self.check_current(interaction, table, version)
            legal = await self.service.legal_moves_said(table, interaction.user.id)
            if not legal:
                raise Refusal("err.picker_gone")
            await self.reply_step(interaction, table, version, legal, step or picker.Step(), edit=True)

    async def check_current(self, interaction: discord.Interaction, table: int, version: int) -> None:
        """Refuse a click on an old board: answer privately with the current board instead."""
        mine = {s.table_id: s for s in await self.service.active_tables(interaction.user.id)}
        summary = mine.get(table)
        if summary is None:  # finished, or not theirs
            summary = (await self.service.table_details(table)).summary
            if interaction.user.id not in summary.user_ids:
                raise Refusal("err.not_seated")
        if summary.version != version or summary.status != "active":
            post = await self.service.board(table)
            file = None
            if post.image:
                file = picture_file(post.image, f"mesa-{table}.png", post.alt, lang_of(interaction))
            # a game over is said over, with its last board ("out of date, here is the current one" read as a game
            # still to play: a tournament's player clicked an earlier round's board)
            over = summary.status not in ("active", "open", "invited")
            words = t("err.over_board", lang_of(interaction), table=table) if over else \
                t("err.stale", lang_of(interaction))
            await self.handling.reply(interaction, words, file=file)
            raise Handled

    async def reply_step(self, interaction: discord.Interaction, table: int, version: int, legal: LegalMoves,
                         step: picker.Step, *, edit: bool) -> None:
        caller_lang = lang_of(interaction)
        select_options, placeholder = picker_options(legal.texts, step, caller_lang, legal)
        view = discord.ui.View(timeout=None)
        view.add_item(PickSelect(table, version, options=select_options, placeholder=placeholder))
        if step != picker.Step():
            view.add_item(BackButton(table, version, label=t("btn.back", caller_lang)))
        text = t("picker.prompt", caller_lang, table=table, prefix=step.prefix.strip() or "…")
        await self.handling.edit_or_reply(interaction, text, view, edit=edit)
