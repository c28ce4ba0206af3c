"""Learning the games (issue 30): ``/hint``, ``/takeback`` and ``/learn``, and the buttons that do the same.

Thin adapters over ``service.hints``, ``service.takebacks`` and ``service.lessons`` (``tables.hints``,
``tables.takebacks``, ``tables.learn``):
every decision (who may ask, what Mesa would play and why, what is taken back) is the service's.

- ``HintButton`` ``mesa:hint:<table>:<version>``: under the board of the one person playing Mesa in an
  unrated game (the board's ``offers`` say so): Mesa's move for the presser, privately (``hint``).
- *Play it* (``play_it``, a ``MoveButton``) under a hint: the hinted move, played by the player's own click.
- ``TakebackButton`` ``mesa:tb:<table>:<version>:accept|decline``: under a takeback request, for the
  opponent; the version is the request's, so a click after the game moved on is refused (``takeback``).

``/learn``'s answers carry the step's pictures and controls (*Pick a move*, *Hint*, ...): ``cogs.lessons``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.board import MoveButton
from cogs.choices import GAME_CHOICES
from cogs.controls import TABLE_VERSION, button, button_id, shown
from cogs.delivery import Delivery, public_lang
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.lessons import LessonControls, send_lesson
from cogs.limits import MAX_CUSTOM_ID
from cogs.part import ServicePart
from cogs.plain import said, sketch_block
from cogs.table_choices import live_choices
from cogs.translator import L
from tables import PublicPost, TableError, TableService, TableSummary
from tables.learn import HINT_WORDS

Style = discord.ButtonStyle

#: what ``/takeback`` does: ask (the default), or answer the opponent's request
TAKEBACK_ACTIONS = ("ask", "accept", "decline")
TAKEBACK_CHOICES = [Choice(name=L(f"choice.takeback.{a}"), value=a) for a in TAKEBACK_ACTIONS]


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:hint:{TABLE_VERSION}"):
    """*Hint* under a board: Mesa's move for the presser's seat, answered privately."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("hint", table, version), label, fallback="hint", style=style), row=row)
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Learning).hint(interaction, self.table)


class TakebackButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=rf"mesa:tb:{TABLE_VERSION}:(?P<action>accept|decline)"):
    """Accept / Decline under a takeback request."""

    def __init__(self, table: int, version: int, action: str, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("tb", table, version, action), label, fallback="tb", style=style), row=row)
        self.table, self.version, self.action = table, version, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TakebackButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), match["action"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Learning).takeback(interaction, self.table, self.action, self.version)


CONTROLS = (HintButton, TakebackButton)


def play_it(table: int, version: int, move: str, lang: str) -> discord.ui.View | None:
    """*Play it* under a hint: the hinted move as the player's own click (``MoveButton``, the version the hint was
    given at, so a click once the game moved on is refused as stale); none for a move too long for a button's
    id (the player types it)."""
    if len(button_id("mv", table, version, move)) > MAX_CUSTOM_ID:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MoveButton(table, version, move, label=t("btn.play_hint", lang), style=Style.primary))
    return view


class Learning(ServicePart, commands.Cog):
    """``/hint`` and ``/takeback`` and their buttons: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling, delivery: Delivery) -> None:
        super().__init__(service)
        self.handling = handling
        self.delivery = delivery

    # ================================================================ /hint
    @app_commands.command(name=L("cmd.hint"), description=L("cmd.hint.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.table.desc"))
    async def hint_command(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await self.hint(interaction, table)

    @hint_command.autocomplete("table")
    async def hint_table(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await live_choices(self.service, interaction, current)

    async def hint(self, interaction: discord.Interaction, table: int | None) -> None:
        """Mesa's move for the caller, and why, for the caller's eyes only; nothing is played."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            user_id = interaction.user.id
            try:
                table_id = await self.table(interaction, table, lambda s: user_id in s.turn_user_ids)
            except TableError as exc:  # no table it could mean, a lesson open: the step's hint (as the console)
                if table is not None or not exc.key.startswith("error.no_table_here") or \
                        not await area(interaction, LessonControls).hint_open(interaction):
                    raise
                return
            hint = await self.service.hints.ask(table_id, user_id)
            lang = lang_of(interaction)
            text = sketch_block(hint.sketch) + said(hint.key, lang, hint.params)  # names in its words as text
            await self.handling.reply(interaction, text,
                                      view=play_it(hint.table_id, hint.version, hint.move, lang))

    # ================================================================ /takeback
    @app_commands.command(name=L("cmd.takeback"), description=L("cmd.takeback.desc"))
    @app_commands.guild_only()
    @app_commands.rename(action=L("opt.action"), table=L("opt.table"))
    @app_commands.describe(action=L("opt.takeback_action.desc"), table=L("opt.table.desc"))
    @app_commands.choices(action=TAKEBACK_CHOICES)
    async def takeback_command(self, interaction: discord.Interaction, action: Choice[str] | None = None,
                               table: int | None = None) -> None:
        await self.takeback(interaction, table, action.value if action else "ask", None)

    @takeback_command.autocomplete("table")
    async def takeback_table(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await live_choices(self.service, interaction, current)

    async def takeback(self, interaction: discord.Interaction, table: int | None, action: str,
                       version: int | None) -> None:
        """Ask to take back the caller's last move, or answer the opponent's request (``version``: the
        request's buttons)."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            table_id = await self.table(interaction, table, lambda s: s.status == "active")
            takebacks, user_id = self.service.takebacks, interaction.user.id
            if action == "accept":
                messages, done = await takebacks.accept(table_id, user_id, version), "ok.taken_back"
            elif action == "decline":
                messages, done = await takebacks.decline(table_id, user_id, version), "ok.declined"
            else:
                messages = await takebacks.ask(table_id, user_id)
                keys = {m.key for m in messages if isinstance(m, PublicPost)}
                done = "ok.taken_back" if "info.takeback_accepted" in keys else \
                    "ok.takeback_mesa_declined" if "info.takeback_mesa_declined" in keys else "ok.takeback_asked"
            await self.delivery.deliver(messages, public_lang(interaction))
            await self.handling.reply(interaction, t(done, lang_of(interaction)))

    # ================================================================ /learn (lessons: private, no table)
    @app_commands.command(name=L("cmd.learn"), description=L("cmd.learn.desc"))
    @app_commands.rename(game=L("opt.game"), step=L("opt.step"), answer=L("opt.answer"))
    @app_commands.describe(game=L("opt.learn_game.desc"), step=L("opt.step.desc"), answer=L("opt.answer.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def learn_command(self, interaction: discord.Interaction, game: Choice[str] | None = None,
                            step: str | None = None, answer: str | None = None) -> None:
        await self.learn(interaction, game.value if game else None, step or "", answer or "")

    async def learn(self, interaction: discord.Interaction, game: str | None, step: str, answer: str) -> None:
        """The courses and the caller's progress; a course opened (``step``: restart or a number), its step's
        hint (``step``: hint) or its step answered (``answer``), always privately, with the step's picture."""
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lessons, user_id = self.service.lessons, interaction.user.id
            if game is None:
                post = await lessons.list(user_id)
            elif answer.strip():
                post = await lessons.answer(user_id, game, answer, lang=lang_of(interaction))
            elif step.strip().lower() in HINT_WORDS:  # ``step:hint`` is the console's ``/learn GAME hint``
                post = await lessons.hint(user_id, game)
            else:
                post = await lessons.open(user_id, game, step, lang=lang_of(interaction))
            await send_lesson(interaction, post)  # with the step's pictures and controls (cogs/lessons.py)

    # ================================================================ which table
    async def table(self, interaction: discord.Interaction, table: int | None,
                    want: Callable[[TableSummary], bool]) -> int:
        """The table named, else the one the service says the caller means (``table_meant``)."""
        if table is not None:
            return table
        if interaction.guild_id is None:
            raise Refusal("err.no_guild")
        return int(await self.service.table_meant(interaction.user.id, interaction.guild_id, interaction.channel_id,
                                                  want))
