"""Results: ``/leaderboard``, ``/stats``, ``/history``, ``/replay`` and ``/recompute-ratings`` (issue 9).

Thin adapters over ``tables.leaderboard.LeaderboardService`` (every number and text is made there):
defer first, refusals answered ephemerally in the caller's language (``cogs.handling``), pictures
drawn in a worker thread (``asyncio.to_thread``), never on the event loop.

Where answers go: the leaderboard, stats and history are ephemeral (each shows the caller's own rank
or record; nobody's channel fills up).  A replay is posted publicly, as a second message after the
ephemeral acknowledgement, so a refusal ("not finished", "not in this server") stays private; and
only as often as ``TableService.replay_posts`` allows (issue 29, item 6: per table and per user),
else the GIF comes privately, with when it may be posted for everyone again.

Control:

- ``PageButton`` ``mesalb:<guild>:<game>:<page>``: the leaderboard's Previous / Next, which carries
  everything needed to draw the page again after a restart (``Results.page``).
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs import answer
from cogs.choices import GAME_CHOICES
from cogs.command_words import in_discord_words
from cogs.controls import button, shown
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_ALT_TEXT, MAX_EMBED_DESCRIPTION, MAX_MESSAGE, MAX_UPLOAD
from cogs.part import ServicePart
from cogs.pictures import picture_file
from cogs.plain import plain, plain_value, service_text
from cogs.table_choices import any_choices, finished_choices, table_or_last
from cogs.translator import L
from tables import TableError, TableService
from tables.leaderboard import (
    BoardPage,
    LeaderboardService,
    board_image,
    board_text,
    history_text,
    replay_frames,
    stats_chart,
    stats_text,
)
from tables.mesa import mesa_name, mesa_records, records_text
from tables.mesa_stats import mesa_stats
from tables.outcome_words import history_moves
from tables.picture_words import replay_words
from tables.takebacks import history_lines

PAGE_ID = re.compile(r"mesalb:(?P<guild>\d+):(?P<game>[a-z0-9]+):(?P<page>\d+)")


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_ID):
    """Previous / Next on a leaderboard: redraws the page for whoever clicks."""

    def __init__(self, guild: int, game: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(button(f"mesalb:{guild}:{game}:{page}", label, fallback=str(page), disabled=disabled))
        self.guild, self.game, self.page = guild, game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PageButton:
        label, _style = shown(item)
        return cls(int(match["guild"]), match["game"], int(match["page"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Results).page(interaction, self.guild, self.game, self.page)


CONTROLS = (PageButton,)


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("err.no_guild")
    return interaction.guild_id


async def _answer(interaction: discord.Interaction, content: str, *, files: list[discord.File] | None = None,
                  view: discord.ui.View | None = None, embed: discord.Embed | None = None) -> None:
    """An ephemeral answer with several files (``Handling.reply`` takes one)."""
    await answer.send(interaction, content=content[:MAX_MESSAGE], files=files, view=view, embed=embed)


async def _answer_long(interaction: discord.Interaction, text: str, filename: str, attached: str) -> None:
    """``text`` as the answer, or, past a message's length, its beginning cut after a whole entry (`` · ``) or
    line, ``attached`` said under it, and the whole text as a file: a long game's moves are never cut short."""
    if len(text) <= MAX_MESSAGE:
        await _answer(interaction, text)
        return
    room = MAX_MESSAGE - len(attached) - len(" …\n")
    head = text[:room]
    cut = max(head.rfind(" · "), head.rfind("\n"))
    shown = (head[:cut] if cut > 0 else head) + " …\n" + attached
    await _answer(interaction, shown, files=[discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)])


async def _page_message(interaction: discord.Interaction, page: BoardPage,
                        lang: str) -> tuple[str, discord.File, discord.ui.View | None]:
    me = interaction.user.id
    picture = await asyncio.to_thread(board_image, page, lang, me)
    advice = page.advice(lang)
    alt = board_text(page, lang)  # the players' names as they are; only the service's advice names commands
    if advice:
        alt = alt.replace(advice, in_discord_words(advice, lang))
    file = discord.File(io.BytesIO(picture), filename=f"leaderboard-{page.game}-{page.page}.png",
                        description=alt[:MAX_ALT_TEXT])
    # above the picture: a page there is not (which one this is), how to get on an empty board or that ratings
    # are off, and the caller's own row when it is not on the page
    content = "\n".join(filter(None, [page.note(lang), in_discord_words(advice, lang),
                                      alt.splitlines()[-1] if page.caller is not None else ""]))
    view = None
    if page.pages > 1:
        view = discord.ui.View(timeout=None)
        view.add_item(PageButton(page.guild_id, page.game, page.page - 1, label=t("btn.prev", lang),
                                 disabled=page.page <= 1))
        view.add_item(PageButton(page.guild_id, page.game, page.page + 1, label=t("btn.next", lang),
                                 disabled=page.page >= page.pages))
    return content, file, view


class Results(ServicePart, commands.Cog):
    """The results commands: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling) -> None:
        super().__init__(service)
        self.handling = handling

    def board(self) -> LeaderboardService:
        """Leaderboards, stats and histories over the table service's storage."""
        return LeaderboardService(self.service.repo)

    @app_commands.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=L("opt.game"), page=L("opt.page"))
    @app_commands.describe(game=L("opt.game.desc"), page=L("opt.page.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: Choice[str],
                          page: app_commands.Range[int, 1, 1000] = 1) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            board = await self.board().page(_guild(interaction), game.value, page, interaction.user.id)
            content, file, view = await _page_message(interaction, board, lang)
            await _answer(interaction, content, files=[file], view=view)

    async def page(self, interaction: discord.Interaction, guild: int, game: str, page: int) -> None:
        """A Previous / Next click: the same message shows the other page."""
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction, update=True)
            lang = lang_of(interaction)
            if _guild(interaction) != guild:
                raise Refusal("err.no_guild")
            board = await self.board().page(guild, game, page, interaction.user.id)
            content, file, view = await _page_message(interaction, board, lang)
            await interaction.edit_original_response(content=content, attachments=[file], view=view)

    @app_commands.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("opt.user"))
    @app_commands.describe(user=L("opt.user.desc"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            target = user or interaction.user
            me = interaction.client.user
            if me is not None and target.id == me.id:  # the bot itself: each Mesa level's record against players
                mesa = await mesa_stats(self.board(), _guild(interaction), lang)
                charts = await asyncio.gather(*(asyncio.to_thread(stats_chart, s, mesa_name(level), lang)
                                                for level, s in mesa.rated[:10]))
                files = [discord.File(io.BytesIO(png), filename=f"rating-{s.game}-{level}.png")
                         for (level, s), png in zip(mesa.rated, charts)]
                await _answer(interaction, in_discord_words(mesa.text, lang), files=files)
                return
            name = target.display_name
            found = await self.board().stats(_guild(interaction), target.id)
            charts = await asyncio.gather(*(asyncio.to_thread(stats_chart, s, name, lang) for s in found[:10]))
            files = [discord.File(io.BytesIO(png), filename=f"rating-{s.game}.png") for s, png in zip(found, charts)]
            # the chart above draws the name as it is; the text's is made inert, so the advice alone names commands
            rated = (await self.service.guild_settings(_guild(interaction))).rated
            text = in_discord_words(stats_text(found, plain(name), lang, own=target.id == interaction.user.id,
                                               ratings_on=rated), lang)
            against = records_text(await mesa_records(self.service.repo, _guild(interaction), target.id), lang)
            await _answer(interaction, text + ("\n" + against if against else ""), files=files)

    @app_commands.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("opt.user"), game=L("opt.game"), table=L("opt.table"), notation=L("opt.notation"))
    @app_commands.describe(user=L("opt.user.desc"), game=L("opt.history_game.desc"),
                           table=L("opt.history_table.desc"), notation=L("opt.notation.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None,
                      game: Choice[str] | None = None, table: app_commands.Range[int, 1] | None = None,
                      notation: bool = False) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            if table is not None:  # one table's moves, in words as its boards told them (or as recorded)
                details = await self.service.table_details(table, interaction.user.id, words=not notation)
                if details.summary.guild_id != _guild(interaction):  # another server's table does not exist here
                    raise TableError("error.no_table", table=table)
                records = [replace(r, player=plain(r.player), words=plain_value(r.words),
                                   news=tuple(map(plain_value, r.news))) for r in details.moves]  # names as text
                lines = [service_text("history.moves", lang, table=table, moves=history_moves(records, lang, notation))]
                if details.ending is not None:  # a finished table: how it ended, first (a long list is cut after it)
                    lines.insert(0, service_text("history.ending", lang, result=plain_value(details.ending)))
                takebacks = [replace(r, asked_by=plain(r.asked_by), answered_by=plain(r.answered_by),
                                     moves=r.moves if isinstance(r.moves, str) else plain_value(r.moves))
                             for r in await self.service.takebacks.history(table)]
                lines += history_lines(takebacks, lang)  # issue 30
                await _answer_long(interaction, "\n".join(lines), f"table-{table}-moves.txt",
                                   service_text("history.attached", lang))
                return
            target = user or interaction.user
            wanted = game.value if game else None
            me = interaction.client.user
            if me is not None and target.id == me.id:  # the bot itself: Mesa's games, every level and seat
                entries, who = await self.board().mesa_history(_guild(interaction), wanted), "Mesa"
            else:
                entries, who = await self.board().history(_guild(interaction), target.id, wanted), target.display_name
            entries = [replace(e, names=tuple(map(plain, e.names)), partners=tuple(map(plain, e.partners)))
                       for e in entries]  # names as text, never as mentions or markup (issue 29, item 7)
            text = history_text(entries, plain(who), lang, game=wanted)
            title, _, body = text.partition("\n")
            if not body:
                await _answer(interaction, text)
                return
            await _answer(interaction, "", embed=discord.Embed(title=title, description=body[:MAX_EMBED_DESCRIPTION]))

    @app_commands.command(name=L("cmd.replay"), description=L("cmd.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.replay_table.desc"))
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            # none named: the caller's most recent finished table here
            number = await table_or_last(self.board(), interaction, table, "replay.none_finished")
            # issue 15, defect 13: made once in the render pool and kept; one per user at a time
            found, gif = await self.service.replays.gif(_guild(interaction), number, interaction.user.id, lang)
            if len(gif) > MAX_UPLOAD:
                raise Refusal("err.replay_too_big", table=number)
            caption = service_text("replay.caption", lang, game=found.title, table=number,
                                 players=", ".join(map(plain, found.names)))
            words = replay_words(found.game, found.views, found.names, replay_frames(found, gif))  # its alt text
            file = picture_file(gif, f"mesa-replay-{number}.gif", words, lang)
            later = self.service.replay_posts.public(number, interaction.user.id)  # issue 29, item 6
            if later is not None:  # posted too often: the GIF privately, and when it may be posted again
                await _answer(interaction, service_text(later.key, lang, **later.params) + "\n" + caption, files=[file])
                return
            # the deferred (ephemeral) answer first, then the replay as a public message of its own
            await answer.edit_original(interaction, content=t("ok.replay_posted", lang, table=number))
            await interaction.followup.send(content=caption, file=file)

    @replay.autocomplete("table")
    async def replay_table(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await finished_choices(self.board(), interaction, current)

    @history.autocomplete("table")
    async def history_table(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await any_choices(self.service, interaction, current)

    @app_commands.command(name=L("cmd.recompute"), description=L("cmd.recompute.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def recompute(self, interaction: discord.Interaction) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            guild = _guild(interaction)
            if not interaction.permissions.manage_guild:
                raise Refusal("err.not_manager_ratings")
            changed = await self.board().recompute_guild(guild)
            await self.handling.reply(interaction, service_text("recompute.changed" if changed else "recompute.same",
                                                              lang_of(interaction)))
