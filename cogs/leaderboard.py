"""Discord commands of issue 9: /leaderboard, /stats, /history, /replay and /recompute-ratings.

Thin adapters over ``tables.leaderboard.LeaderboardService`` (every number and text is made there),
sharing ``Front``'s plumbing: defer first, refusals answered ephemerally in the caller's language,
pictures drawn in a worker thread (``asyncio.to_thread``), never on the event loop.

Where answers go: the leaderboard, stats and history are ephemeral (each shows the caller's own rank
or record; nobody's channel fills up).  A replay is posted publicly, as a second message after the
ephemeral acknowledgement, so a refusal ("not finished", "not in this server") stays private.

The leaderboard's Previous / Next buttons are persistent ``DynamicItem``s whose custom id
``mesalb:<guild>:<game>:<page>`` carries everything needed to draw the page again after a restart.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from cogs import answer
from cogs.i18n_discord import t
from cogs.limits import (
    MAX_ALT_TEXT,
    MAX_BUTTON_LABEL,
    MAX_EMBED_DESCRIPTION,
    MAX_MESSAGE,
    MAX_UPLOAD,
)
from cogs.translator import L
from tables.leaderboard import (
    BoardPage,
    LeaderboardService,
    board_image,
    board_text,
    history_text,
    stats_chart,
    stats_text,
)
from tables.mesa import mesa_records, records_text

if TYPE_CHECKING:
    from cogs.front import Front

PAGE_ID = re.compile(r"mesalb:(?P<guild>\d+):(?P<game>[a-z0-9]+):(?P<page>\d+)")


def _front(interaction: discord.Interaction) -> Front:
    return interaction.client.front  # type: ignore[attr-defined]


def _service(interaction: discord.Interaction) -> LeaderboardService:
    return LeaderboardService(_front(interaction).service.repo)


def _guild(interaction: discord.Interaction) -> int:
    from cogs.front import Refusal

    if interaction.guild_id is None:
        raise Refusal("err.no_guild")
    return interaction.guild_id


async def _answer(interaction: discord.Interaction, content: str, *, files: list[discord.File] | None = None,
                  view: discord.ui.View | None = None, embed: discord.Embed | None = None) -> None:
    """An ephemeral answer with several files (``Front.reply`` takes one)."""
    await answer.send(interaction, content=content[:MAX_MESSAGE], files=files, view=view, embed=embed)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=PAGE_ID.pattern):
    """Previous / Next on a leaderboard: redraws the page for whoever clicks."""

    def __init__(self, guild: int, game: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label[:MAX_BUTTON_LABEL] or str(page),
                                           custom_id=f"mesalb:{guild}:{game}:{page}",
                                           style=discord.ButtonStyle.secondary, disabled=disabled))
        self.guild, self.game, self.page = guild, game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> PageButton:
        return cls(int(match["guild"]), match["game"], int(match["page"]), label=item.label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await on_page(interaction, self.guild, self.game, self.page)


DYNAMIC_ITEMS = (PageButton,)


async def _page_message(interaction: discord.Interaction, page: BoardPage,
                        lang: str) -> tuple[str, discord.File, discord.ui.View | None]:
    me = interaction.user.id
    picture = await asyncio.to_thread(board_image, page, lang, me)
    alt = board_text(page, lang)
    file = discord.File(io.BytesIO(picture), filename=f"leaderboard-{page.game}-{page.page}.png",
                        description=alt[:MAX_ALT_TEXT])
    content = alt.splitlines()[-1] if page.caller is not None else ""
    view = None
    if page.pages > 1:
        view = discord.ui.View(timeout=None)
        view.add_item(PageButton(page.guild_id, page.game, page.page - 1, label=t("btn.prev", lang),
                                 disabled=page.page <= 1))
        view.add_item(PageButton(page.guild_id, page.game, page.page + 1, label=t("btn.next", lang),
                                 disabled=page.page >= page.pages))
    return content, file, view


# ==================================================================== handlers
async def leaderboard(interaction: discord.Interaction, game: str, page: int = 1) -> None:
    front = _front(interaction)
    async with front.guard(interaction):
        await front.defer(interaction)
        lang = front.lang(interaction)
        board = await _service(interaction).page(_guild(interaction), game, page, interaction.user.id)
        content, file, view = await _page_message(interaction, board, lang)
        await _answer(interaction, content, files=[file], view=view)


async def on_page(interaction: discord.Interaction, guild: int, game: str, page: int) -> None:
    """A Previous / Next click: the same message shows the other page."""
    front = _front(interaction)
    async with front.guard(interaction):
        await front.defer(interaction, update=True)
        lang = front.lang(interaction)
        if _guild(interaction) != guild:
            from cogs.front import Refusal

            raise Refusal("err.no_guild")
        board = await _service(interaction).page(guild, game, page, interaction.user.id)
        content, file, view = await _page_message(interaction, board, lang)
        await interaction.edit_original_response(content=content, attachments=[file], view=view)


async def stats(interaction: discord.Interaction, user: discord.abc.User | None = None) -> None:
    front = _front(interaction)
    async with front.guard(interaction):
        await front.defer(interaction)
        lang = front.lang(interaction)
        target = user or interaction.user
        name = target.display_name
        found = await _service(interaction).stats(_guild(interaction), target.id)
        charts = await asyncio.gather(*(asyncio.to_thread(stats_chart, s, name, lang) for s in found[:10]))
        files = [discord.File(io.BytesIO(png), filename=f"rating-{s.game}.png") for s, png in zip(found, charts)]
        text = stats_text(found, name, lang)
        against = records_text(await mesa_records(_service(interaction).repo, _guild(interaction), target.id), lang)
        await _answer(interaction, text + ("\n" + against if against else ""), files=files)


async def history(interaction: discord.Interaction, user: discord.abc.User | None = None,
                  game: str | None = None) -> None:
    front = _front(interaction)
    async with front.guard(interaction):
        await front.defer(interaction)
        lang = front.lang(interaction)
        target = user or interaction.user
        entries = await _service(interaction).history(_guild(interaction), target.id, game)
        text = history_text(entries, target.display_name, lang)
        title, _, body = text.partition("\n")
        if not body:
            await _answer(interaction, text)
            return
        await _answer(interaction, "", embed=discord.Embed(title=title, description=body[:MAX_EMBED_DESCRIPTION]))


async def replay(interaction: discord.Interaction, table: int) -> None:
    front = _front(interaction)
    async with front.guard(interaction, table):
        await front.defer(interaction)
        lang = front.lang(interaction)
        # issue 15, defect 13: made once in the render pool and kept; one per user at a time
        found, gif = await front.service.replays.gif(_guild(interaction), table, interaction.user.id)
        if len(gif) > MAX_UPLOAD:
            from cogs.front import Refusal

            raise Refusal("err.replay_too_big", table=table)
        from tables.i18n import t as table_text

        caption = table_text("replay.caption", lang, game=found.title, table=table, players=", ".join(found.names))
        # the deferred (ephemeral) answer first, then the replay as a public message of its own
        await answer.edit_original(interaction, content=t("ok.replay_posted", lang, table=table))
        await interaction.followup.send(content=caption, file=discord.File(io.BytesIO(gif),
                                                                           filename=f"mesa-replay-{table}.gif"))


async def recompute(interaction: discord.Interaction) -> None:
    front = _front(interaction)
    async with front.guard(interaction):
        await front.defer(interaction)
        from cogs.front import Refusal
        from tables.i18n import t as table_text

        guild = _guild(interaction)
        if not interaction.permissions.manage_guild:
            raise Refusal("err.not_manager_ratings")
        changed = await _service(interaction).recompute_guild(guild)
        await front.reply(interaction, table_text("recompute.changed" if changed else "recompute.same",
                                                  front.lang(interaction)))


# ==================================================================== the commands
def register_board_commands(tree: app_commands.CommandTree[Any], game_choices: list[Choice[str]]) -> None:
    """Add the issue 9 commands to ``tree`` (called by ``cogs.commands.register_commands``)."""

    @tree.command(name=L("cmd.leaderboard"), description=L("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=L("opt.game"), page=L("opt.page"))
    @app_commands.describe(game=L("opt.game.desc"), page=L("opt.page.desc"))
    @app_commands.choices(game=game_choices)
    async def leaderboard_command(interaction: discord.Interaction, game: Choice[str],
                                  page: app_commands.Range[int, 1, 1000] = 1) -> None:
        await leaderboard(interaction, game.value, page)

    @tree.command(name=L("cmd.stats"), description=L("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("opt.user"))
    @app_commands.describe(user=L("opt.user.desc"))
    async def stats_command(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await stats(interaction, user)

    @tree.command(name=L("cmd.history"), description=L("cmd.history.desc"))
    @app_commands.guild_only()
    @app_commands.rename(user=L("opt.user"), game=L("opt.game"))
    @app_commands.describe(user=L("opt.user.desc"), game=L("opt.history_game.desc"))
    @app_commands.choices(game=game_choices)
    async def history_command(interaction: discord.Interaction, user: discord.User | None = None,
                              game: Choice[str] | None = None) -> None:
        await history(interaction, user, game.value if game else None)

    @tree.command(name=L("cmd.replay"), description=L("cmd.replay.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.replay_table.desc"))
    async def replay_command(interaction: discord.Interaction, table: app_commands.Range[int, 1]) -> None:
        await replay(interaction, table)

    @tree.command(name=L("cmd.recompute"), description=L("cmd.recompute.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def recompute_command(interaction: discord.Interaction) -> None:
        await recompute(interaction)
