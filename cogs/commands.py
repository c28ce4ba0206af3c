"""The slash command tree: names, options, localizations.  Each callback only hands over to ``Front``.

The tree is built without a connection (``python bot.py --print-commands`` and the offline
validation test use it), so nothing here touches the service or Discord: the callbacks look up
``interaction.client.front`` when they run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from cogs.limits import MAX_TEXT_OPTION
from cogs.translator import L
from tables.games import games as game_names
from tables.limits import LIMIT_RANGE as CAP_RANGE
from tables.mesa import LEVELS

if TYPE_CHECKING:
    from cogs.front import Front

#: time per move choices, in seconds
TIMES = (3600, 21600, 86400, 259200, 604800, 1209600)

GAME_CHOICES = [Choice(name=L(f"choice.game.{g}"), value=g) for g in game_names()]
TIME_CHOICES = [Choice(name=L(f"choice.time.{s}"), value=s) for s in TIMES]
DRAW_CHOICES = [Choice(name=L(f"choice.draw.{a}"), value=a) for a in ("offer", "accept", "decline")]
SEAT_CHOICES = [Choice(name=L(f"choice.seat.{a}"), value=a) for a in ("first", "second", "random")]
#: how long invitations wait (issue 15, defect 4), in seconds
EXPIRIES = (43200, 86400, 259200, 604800, 1209600, 2592000)
EXPIRY_CHOICES = [Choice(name=L(f"choice.expiry.{s}"), value=s) for s in EXPIRIES]
LEVEL_CHOICES = [Choice(name=L(f"choice.level.{a}"), value=a) for a in LEVELS]
CHANNEL_CHOICES = [Choice(name=L(f"choice.channel.{a}"), value=a) for a in ("allow", "remove", "all")]


def front(interaction: discord.Interaction) -> Front:
    return interaction.client.front  # type: ignore[attr-defined]


def register_commands(tree: app_commands.CommandTree[Any]) -> None:
    """Add Mesa's commands to ``tree`` (global commands; sync decides where they appear)."""
    _register_play(tree)
    _register_table_commands(tree)
    _register_info_commands(tree)

    from cogs.leaderboard import register_board_commands  # issue 9: leaderboard, stats, history, replay

    register_board_commands(tree, GAME_CHOICES)


def _register_play(tree: app_commands.CommandTree[Any]) -> None:
    """/play and the autocomplete of its variant."""

    @tree.command(name=L("cmd.play"), description=L("cmd.play.desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        game=L("opt.game"), opponent=L("opt.opponent"), opponent2=L("opt.opponent2"), opponent3=L("opt.opponent3"),
        seat=L("opt.seat"), rated=L("opt.rated"), time_per_move=L("opt.time_per_move"), variant=L("opt.variant"),
        level=L("opt.level"), bots=L("opt.bots"),
    )
    @app_commands.describe(
        game=L("opt.game.desc"), opponent=L("opt.opponent.desc"), opponent2=L("opt.opponent2.desc"),
        opponent3=L("opt.opponent3.desc"), seat=L("opt.seat.desc"), rated=L("opt.rated.desc"),
        time_per_move=L("opt.time_per_move.desc"), variant=L("opt.variant.desc"), level=L("opt.level.desc"),
        bots=L("opt.bots.desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, time_per_move=TIME_CHOICES, seat=SEAT_CHOICES, level=LEVEL_CHOICES)
    async def play(
        interaction: discord.Interaction,
        game: Choice[str],
        opponent: discord.User | None = None,
        opponent2: discord.User | None = None,
        opponent3: discord.User | None = None,
        seat: Choice[str] | None = None,
        rated: bool | None = None,
        time_per_move: Choice[int] | None = None,
        variant: app_commands.Range[str, 1, MAX_TEXT_OPTION] | None = None,
        level: Choice[str] | None = None,
        bots: app_commands.Range[int, 0, 3] | None = None,
    ) -> None:
        opponents = [u for u in (opponent, opponent2, opponent3) if u is not None]
        await front(interaction).play(
            interaction, game.value, opponents, seat=seat.value if seat else None, rated=rated,
            time_per_move=time_per_move.value if time_per_move else None, variant=variant,
            level=level.value if level else None, bots=bots,
        )

    @play.autocomplete("variant")
    async def play_variant(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return front(interaction).variant_choices(interaction, current)


def _register_table_commands(tree: app_commands.CommandTree[Any]) -> None:
    """/move, /resign, /draw and /board: the commands about one of the caller's tables."""

    @tree.command(name=L("cmd.move"), description=L("cmd.move.desc"))
    @app_commands.guild_only()
    @app_commands.rename(text=L("opt.text"), table=L("opt.table"))
    @app_commands.describe(text=L("opt.text.desc"), table=L("opt.table.desc"))
    async def move(
        interaction: discord.Interaction, text: app_commands.Range[str, 1, MAX_TEXT_OPTION], table: int | None = None
    ) -> None:
        await front(interaction).move(interaction, text, table)

    @move.autocomplete("text")
    async def move_text(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await front(interaction).move_choices(interaction, current)

    @tree.command(name=L("cmd.resign"), description=L("cmd.resign.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.table.desc"))
    async def resign(interaction: discord.Interaction, table: int | None = None) -> None:
        await front(interaction).resign(interaction, table)

    @tree.command(name=L("cmd.draw"), description=L("cmd.draw.desc"))
    @app_commands.guild_only()
    @app_commands.rename(action=L("opt.action"), table=L("opt.table"))
    @app_commands.describe(action=L("opt.action.desc"), table=L("opt.table.desc"))
    @app_commands.choices(action=DRAW_CHOICES)
    async def draw(
        interaction: discord.Interaction, action: Choice[str] | None = None, table: int | None = None
    ) -> None:
        await front(interaction).draw(interaction, action.value if action else "offer", table)

    @tree.command(name=L("cmd.board"), description=L("cmd.board.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.table.desc"))
    async def board(interaction: discord.Interaction, table: int | None = None) -> None:
        await front(interaction).board(interaction, table)

    for command in (move, resign, draw, board):
        command.autocomplete("table")(_table_choices)


def _register_info_commands(tree: app_commands.CommandTree[Any]) -> None:
    """/games, /help, /rules and /settings."""

    @tree.command(name=L("cmd.games"), description=L("cmd.games.desc"))
    async def games(interaction: discord.Interaction) -> None:
        await front(interaction).games(interaction)

    @tree.command(name=L("cmd.help"), description=L("cmd.help.desc"))
    async def help_command(interaction: discord.Interaction) -> None:
        await front(interaction).help(interaction)

    @tree.command(name=L("cmd.rules"), description=L("cmd.rules.desc"))
    @app_commands.rename(game=L("opt.game"), full=L("opt.full"))
    @app_commands.describe(game=L("opt.game.desc"), full=L("opt.full.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction, game: Choice[str], full: bool = False) -> None:
        await front(interaction).rules(interaction, game.value, full)

    @tree.command(name=L("cmd.settings"), description=L("cmd.settings.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        time_per_move=L("opt.time_per_move"), rated=L("opt.rated"), channel=L("opt.channel"),
        channel_action=L("opt.channel_action"), invitations=L("opt.invitations"), rate_mesa=L("opt.rate_mesa"),
        max_invitations=L("opt.max_invitations"), max_games=L("opt.max_games"),
    )
    @app_commands.describe(
        time_per_move=L("opt.default_time.desc"), rated=L("opt.server_rated.desc"), channel=L("opt.channel.desc"),
        channel_action=L("opt.channel_action.desc"), invitations=L("opt.invitations.desc"),
        rate_mesa=L("opt.rate_mesa.desc"), max_invitations=L("opt.max_invitations.desc"),
        max_games=L("opt.max_games.desc"),
    )
    @app_commands.choices(time_per_move=TIME_CHOICES, channel_action=CHANNEL_CHOICES, invitations=EXPIRY_CHOICES)
    async def settings(
        interaction: discord.Interaction,
        time_per_move: Choice[int] | None = None,
        rated: bool | None = None,
        channel: discord.TextChannel | None = None,
        channel_action: Choice[str] | None = None,
        invitations: Choice[int] | None = None,
        rate_mesa: bool | None = None,
        max_invitations: app_commands.Range[int, CAP_RANGE.start, CAP_RANGE.stop - 1] | None = None,
        max_games: app_commands.Range[int, CAP_RANGE.start, CAP_RANGE.stop - 1] | None = None,
    ) -> None:
        await front(interaction).settings(
            interaction, time_per_move=time_per_move.value if time_per_move else None, rated=rated,
            channel=channel, channel_action=channel_action.value if channel_action else None,
            invitations=invitations.value if invitations else None, rate_mesa=rate_mesa,
            caps=(max_invitations, max_games),
        )


async def _table_choices(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    return await front(interaction).table_choices(interaction, current)
