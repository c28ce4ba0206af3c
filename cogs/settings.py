"""Server settings: ``/settings`` (server managers only) shows and changes a server's defaults.

The default time per move, whether games count for ratings, the channels Mesa plays in, how long
invitations wait (issue 15, defect 4), whether games against Mesa are rated, the caps per player
(issue 15, defect 10), and who may organise tournaments (issue 31: anyone, or server managers).  The
service stores and checks them; here they are read from the command and shown back in the caller's
language.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.choices import CHANNEL_CHOICES, EXPIRY_CHOICES, ORGANISER_CHOICES, TIME_CHOICES
from cogs.delivery import Delivery
from cogs.guild_life import format_expiry
from cogs.handling import Handling, Refusal, lang_of
from cogs.i18n_discord import t
from cogs.part import ServicePart
from cogs.translator import L
from tables import TableService, said
from tables.durations import DEFAULT_TIME_PER_MOVE, format_duration
from tables.i18n import Names, counted
from tables.limits import LIMIT_RANGE as CAP_RANGE

#: the allowed channels the answer names (a link is some 22 characters: 99 of them cut the answer at 2000, its
#: other settings lost)
MAX_CHANNELS_SHOWN = 40


class Settings(ServicePart, commands.Cog):
    """``/settings``: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling) -> None:
        super().__init__(service)
        self.handling = handling

    @app_commands.command(name=L("cmd.settings"), description=L("cmd.settings.desc"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(
        time_per_move=L("opt.time_per_move"), rated=L("opt.rated"), channel=L("opt.channel"),
        channel_action=L("opt.channel_action"), invitations=L("opt.invitations"), rate_mesa=L("opt.rate_mesa"),
        max_invitations=L("opt.max_invitations"), max_games=L("opt.max_games"), tournaments=L("opt.organisers"),
    )
    @app_commands.describe(
        time_per_move=L("opt.default_time.desc"), rated=L("opt.server_rated.desc"), channel=L("opt.channel.desc"),
        channel_action=L("opt.channel_action.desc"), invitations=L("opt.invitations.desc"),
        rate_mesa=L("opt.rate_mesa.desc"), max_invitations=L("opt.max_invitations.desc"),
        max_games=L("opt.max_games.desc"), tournaments=L("opt.organisers.desc"),
    )
    @app_commands.choices(time_per_move=TIME_CHOICES, invitations=EXPIRY_CHOICES)
    @app_commands.choices(channel_action=CHANNEL_CHOICES, tournaments=ORGANISER_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        time_per_move: Choice[int] | None = None,
        rated: bool | None = None,
        channel: discord.TextChannel | None = None,
        channel_action: Choice[str] | None = None,
        invitations: Choice[int] | None = None,
        rate_mesa: bool | None = None,
        max_invitations: app_commands.Range[int, CAP_RANGE.start, CAP_RANGE.stop - 1] | None = None,
        max_games: app_commands.Range[int, CAP_RANGE.start, CAP_RANGE.stop - 1] | None = None,
        tournaments: Choice[str] | None = None,
    ) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            if interaction.guild_id is None:
                raise Refusal("err.no_guild")
            if not interaction.permissions.manage_guild:
                raise Refusal("err.not_manager")
            guild_id = interaction.guild_id
            seconds = time_per_move.value if time_per_move else None
            action = channel_action.value if channel_action else None
            current = await self.service.guild_settings(guild_id)
            channels: list[int] | None = None
            notes: list[str] = []  # what became of a channel asked for, said before the settings
            if action in ("allow", "remove") and channel is None:  # it was shown the settings, unchanged, silently
                raise Refusal("err.settings_channel_needed")
            if action == "all":
                channels = []
            elif channel is not None:
                channels = list(current.allowed_channels)
                if action == "remove":
                    if channel.id not in channels:
                        raise Refusal("err.settings_not_allowed_channel", channel=channel.name)
                    channels = [c for c in channels if c != channel.id]
                    if not channels:  # the list gone: every channel takes games again
                        notes.append(t("settings.all_channels_again", lang))
                elif channel.id not in channels:
                    channels.append(channel.id)
                if action != "remove":  # a channel where Mesa could not post its boards: said, with what it lacks
                    perms = Delivery.permissions_in(interaction, channel.id)
                    missing = Delivery.missing_for_boards(perms, False) if perms is not None else []
                    if missing:
                        notes.append(t("settings.channel_cannot_post", lang, channel=f"<#{channel.id}>",
                                       missing=said(Names(t(key, lang) for key in missing), lang)))
            changed = seconds is not None or rated is not None or channels is not None or rate_mesa is not None
            if invitations is not None:  # issue 15, defect 4
                await self.service.set_invitation_expiry(guild_id, f"{invitations.value}s")
                changed = True
            if (max_invitations, max_games) != (None, None):  # issue 15, defect 10: waiting invitations, games
                await self.service.set_caps(guild_id, max_invitations, max_games)
                changed = True
            if tournaments is not None:  # issue 31: who may create, start and cancel tournaments
                await self.service.tournaments.set_managers_only(guild_id, tournaments.value == "managers")
                changed = True
            if changed:
                current = await self.service.set_guild_settings(
                    guild_id, time_per_move=f"{seconds}s" if seconds else None, allowed_channels=channels,
                    rated=rated, rate_mesa=rate_mesa)
            time_text = format_duration(current.time_per_move, exact=True) if current.time_per_move else \
                t("settings.default_time", lang, time=format_duration(DEFAULT_TIME_PER_MOVE, exact=True))
            allowed = list(current.allowed_channels)
            where = ", ".join(f"<#{c}>" for c in allowed[:MAX_CHANNELS_SHOWN]) or t("settings.all_channels", lang)
            if len(allowed) > MAX_CHANNELS_SHOWN:  # every line of the answer within Discord's 2000 characters
                where += " " + t("settings.more_channels", lang, count=len(allowed) - MAX_CHANNELS_SHOWN)
            lines = ([t("ok.settings", lang)] if changed else []) + notes
            lines += [t("settings.title", lang), t("settings.time", lang, value=time_text),
                      t("settings.channels", lang, value=where),
                      t("settings.rated", lang, value=t("word.on" if current.rated else "word.off", lang)),
                      t("settings.invitations", lang, value=format_expiry(await self.service.invitation_expiry(
                          guild_id))),
                      t("settings.rate_mesa", lang, value=t("word.on" if current.rate_mesa else "word.off", lang))]
            limits = await self.service.caps(guild_id)
            waiting = counted(limits.max_invitations, "invitation_waiting", lang)
            lines.append(t("settings.caps", lang, invitations=waiting, games=counted(limits.max_active, "game", lang)))
            who = "settings.organisers.managers" if await self.service.tournaments.managers_only(guild_id) else \
                "settings.organisers.anyone"
            lines.append(t("settings.organisers", lang, value=t(who, lang)))
            await self.handling.reply(interaction, "\n".join(lines))
