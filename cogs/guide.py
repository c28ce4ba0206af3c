"""Help and rules: ``/help`` (what Mesa plays and how to start) and ``/rules`` (a game's quick-start,
or its full rules as a file), and the *Full rules* button under a quick-start.

The texts are the players' rules in ``docs/rules`` (``cogs.quickstart``), shared with the console;
every list of games comes from the registry (``tables.games``).  Control:

- ``RulesButton`` ``mesa:rules:<table>:<version>:<game>`` (table and version 0: it belongs to no
  table): the game's full rules (``Guide.send_rules``).
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.choices import GAME_CHOICES
from cogs.controls import TABLE_VERSION, button, button_id, shown
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_ALT_TEXT, MAX_EMBED_DESCRIPTION
from cogs.pictures import picture_file
from cogs.quickstart import full_rules, quickstart
from cogs.translator import L
from tables import games as game_facts


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:rules:{TABLE_VERSION}:(?P<game>.+)"):
    """*Full rules* under a game's quick-start."""

    def __init__(self, game: str, *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 table: int = 0, version: int = 0) -> None:
        super().__init__(button(button_id("rules", table, version, game), label, fallback="rules", style=style))
        self.game, self.table = game, table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesButton:
        label, style = shown(item)
        return cls(match["game"], label=label, style=style, table=int(match["table"]), version=int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Guide).full_rules(interaction, self.table, self.game)


CONTROLS = (RulesButton,)


class Guide(commands.Cog):
    """``/help`` and ``/rules``: one per bot (``cogs.client`` adds it)."""

    def __init__(self, handling: Handling) -> None:
        self.handling = handling

    @app_commands.command(name=L("cmd.help"), description=L("cmd.help.desc"))
    async def help_command(self, interaction: discord.Interaction) -> None:
        """What Mesa does and how to start, in the caller's language: every command named as this
        language's Discord shows it, the games from the registry."""
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            names = {key: t(f"cmd.{key}", lang) for key in ("rules", "play", "move", "games", "board", "resign",
                                                             "leaderboard", "stats", "history", "replay", "hint",
                                                             "takeback", "learn", "review", "tournament")}
            games = game_facts.games()
            several = game_facts.group_games()  # open tables, Mesa's bots seats
            several_text = ", ".join(several[:-1]) + f" {t('word.and', lang)} " + several[-1] if len(several) > 1 \
                else "".join(several)
            body = t("help.body", lang, titles=", ".join(game_facts.title(g) for g in games), example=games[0],
                     several=several_text, opt_game=t("opt.game", lang), opt_opponent=t("opt.opponent", lang),
                     opt_level=t("opt.level", lang), opt_bots=t("opt.bots", lang), mine=t("btn.my_pieces", lang),
                     join=t("btn.join", lang), start=t("btn.start", lang), cancel=t("btn.cancel_table", lang),
                     **names)
            if interaction.guild_id is not None and interaction.permissions.manage_guild:  # a manager's own commands
                body += "\n" + t("help.managers", lang, settings=t("cmd.settings", lang),
                                  recompute=t("cmd.recompute", lang))
            embed = discord.Embed(title=t("help.title", lang), description=body[:MAX_EMBED_DESCRIPTION])
            await self.handling.reply(interaction, "", embed=embed)

    @app_commands.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @app_commands.rename(game=L("opt.game"), full=L("opt.full"))
    @app_commands.describe(game=L("opt.game.desc"), full=L("opt.full.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: Choice[str], full: bool = False) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            await self.send_rules(interaction, game.value, full)

    async def full_rules(self, interaction: discord.Interaction, table: int, game: str) -> None:
        """The *Full rules* button."""
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.send_rules(interaction, game, True)

    async def send_rules(self, interaction: discord.Interaction, game: str, full: bool) -> None:
        lang = lang_of(interaction)
        if game not in game_facts.games():  # a button naming no game of ours
            raise Refusal("err.unknown_control")
        title = game_facts.title(game)
        if full:
            document = full_rules(game, lang)
            if document is None:
                await self.handling.reply(interaction, t("rules.full_missing", lang))
                return
            text, pictures = document
            files = [discord.File(io.BytesIO(text), filename=f"{game}-rules.md"),
                     *(discord.File(str(path), filename=f"{game}-rules-{n}.png", description=caption[:MAX_ALT_TEXT])
                       for n, (path, caption) in enumerate(pictures, start=1))]  # "Picture 1: …" is the first
            await self.handling.reply(interaction, t("rules.full_title", lang, game=title), files=files)
            return
        embed = discord.Embed(title=t("rules.title", lang, game=title), description=quickstart(game, lang))
        embed.set_footer(text=t("rules.try", lang, name=game))  # a newcomer's next step: a game, alone or not
        picture = await asyncio.to_thread(game_facts.sample_picture, game, lang)
        file = None
        if picture is not None:
            file = picture_file(picture, f"{game}.png", game_facts.sample_words(game), lang)
            embed.set_image(url=f"attachment://{game}.png")
        view = discord.ui.View(timeout=None)
        view.add_item(RulesButton(game, label=t("btn.full_rules", lang)))
        await self.handling.reply(interaction, "", embed=embed, file=file, view=view)
