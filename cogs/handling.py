"""Handling an interaction, whatever area answers it: defer first, answer in the caller's language,
and turn every refusal or failure into a short ephemeral answer (a handler never crashes).

Every area (``cogs.play``, ``cogs.board``, ``cogs.picking``, ``cogs.guide``, ``cogs.settings``,
``cogs.results``) wraps its work in ``Handling.guard`` and defers with ``Handling.defer``; the
command tree's own errors (a check, an option Discord's client sent wrongly) reach ``on_error``.
Log lines name tables and exception types only: an exception's message might quote a hidden move.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord
from discord.app_commands import (
    AppCommandError,
    CommandInvokeError,
    CommandNotFound,
    CommandSignatureMismatch,
    MissingPermissions,
    NoPrivateMessage,
    TransformerError,
)
from discord.ext import commands

from cogs import answer
from cogs.command_words import choice_word, in_discord_words
from cogs.delivery import Delivery, PostFailed
from cogs.guild_life import GuildWatch
from cogs.i18n_discord import lang_for, t
from cogs.limits import MAX_MESSAGE
from cogs.part import ServicePart
from cogs.pictures import picture_file
from cogs.plain import plain_params, spoken
from tables import TableError, TableService, said
from tables.i18n import Names, Own, Phrase

log = logging.getLogger("mesa.discord")

#: interactions one user may have in progress at once; more is a flood (a script, a stuck key) and is
#: answered with a polite "slow down" instead of being worked on.  One person clicking never gets there.
MAX_IN_FLIGHT = 3
#: Discord's error code for a second acknowledgement of one interaction ("Interaction has already been acknowledged")
ALREADY_ACKNOWLEDGED = 40060

CogT = TypeVar("CogT", bound=commands.Cog)


class Handled(Exception):
    """The caller has been answered already: stop quietly."""


class Refusal(Exception):
    """A refusal decided by the Discord layer itself (a bot as opponent, DMs, ...): a key of our catalog."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def board_refusal(interaction: discord.Interaction) -> Refusal | None:
    """The refusal of a command that would post boards where the bot may not: naming all it lacks there (it
    asked for "Send Messages, Attach Files and the thread permissions" whatever was missing, and never View
    Channel), or None where it may."""
    missing = Delivery.missing_for_boards(interaction.app_permissions, isinstance(interaction.channel, discord.Thread))
    if not missing:
        return None
    lang = lang_of(interaction)
    return Refusal("err.forbidden_missing", missing=said(Names(t(key, lang) for key in missing), lang))


def with_table_link(exc: TableError, text: str) -> str:
    """A refusal that points at a table (``guild`` and ``place`` ids in its params: the identical
    open invitation of issue 14) ends with a link to it; the service gives ids, Discord's words are here."""
    guild, place = exc.params.get("guild"), exc.params.get("place")
    if isinstance(guild, int) and isinstance(place, int):
        return f"{text}\nhttps://discord.com/channels/{guild}/{place}"
    return text


#: the service's refusals whose advice names the console's commands (``/abort``, which Discord does
#: not have): Discord words them itself, naming its button and its commands (issue 29, item 11)
DISCORD_ADVICE = {
    "error.host_cannot_leave": "err.host_cannot_leave",
    "error.channel_not_allowed": "err.channel_not_allowed",  # where games are played: the channels, as links
    # what a table not started waits for: the invitation's buttons, the host's Start, in its thread
    "error.not_started.invited": "err.not_started_invited",
    "error.not_started.open": "err.not_started_open",
    "error.not_started.invited_you": "err.not_started_invited_you",
    "error.not_started.open_host": "err.not_started_open_host",
    "error.not_enough_players": "err.not_enough_players",
    "error.open_join": "err.open_join",
    "error.same_invitation": "err.same_invitation",
    "error.too_many_invitations": "err.too_many_invitations",
    # options the service writes ``double=true``; Discord names them as its command list does: `doble`
    "error.level_without_mesa": "err.level_without_mesa",
    "error.unknown_option": "err.unknown_option",  # seat, rated, time_per_move are /play's options of their own
    "tournament.error.unknown_option": "err.tournament_unknown_option",  # as are format, rounds... of create's
    "tournament.error.double_swiss": "err.double_swiss",
    "tournament.error.rounds_rr": "err.rounds_rr",
    "tournament.error.max_too_few": "err.max_too_few",
    "tournament.error.groups_only": "err.groups_only",
}


#: the allowed channels a refusal names at most (each a link of some 22 characters)
MAX_CHANNELS_SAID = 20
#: what the service's refusals say of the fronts' own controls, as Discord has them: K3's pyramid to build is
#: proposed by the board's Auto-build button (the console's /build: ``console.CONSOLE_PHRASES``)
DISCORD_PHRASES = {"error.hint.unlisted": "err.hint.unlisted"}


def refusal_text(exc: TableError, lang: str) -> str:
    """The service's refusal in words for Discord: names and echoes of what a user typed made inert
    (``cogs.plain``), so a refusal naming a player called ``**x**`` shows the stars; advice in
    Discord's own terms where the service's names a console command (``DISCORD_ADVICE``), and what it says of
    a front's controls as Discord has them (``DISCORD_PHRASES``)."""
    params: dict[str, Any] = plain_params(exc.params)
    for name, value in params.items():
        if isinstance(value, Phrase) and value.key in DISCORD_PHRASES:
            params[name] = Own({lang: t(DISCORD_PHRASES[value.key], lang, button=t("btn.auto_build", lang),
                                        **value.params)})  # ours, said whole (a str would be cut as an echo)
    if exc.key == "error.channel_not_allowed":  # the allowed channels by their links (ids in the service's refusal)
        channels = [c for c in exc.params.get("channels") or () if isinstance(c, int)]
        params["channels"] = ", ".join(f"<#{c}>" for c in channels[:MAX_CHANNELS_SAID]) + (
            " …" if len(channels) > MAX_CHANNELS_SAID else "")
    own = DISCORD_ADVICE.get(exc.key)
    if own is None:
        return in_discord_words(TableError(exc.key, **params).message(lang), lang)
    return t(own, lang, **({k: spoken(v, lang) for k, v in params.items()} | discord_words(lang)))


def discord_words(lang: str) -> dict[str, str]:
    """What Discord's advice names: the invitation's Cancel button, the commands and options (``opt_<name>``) as the
    reader sees them, and the Swiss format's choice."""
    options = {f"opt_{name}": t(f"opt.{name}", lang) for name in ("table", "level", "bots", "double", "rounds",
                                                                  "format", "max_players", "seat", "rated",
                                                                  "time_per_move", "variant")}
    return {"button": t("btn.cancel_table", lang), "board": t("cmd.board", lang), "games": t("cmd.games", lang),
            "play": t("cmd.play", lang), "create": f"{t('cmd.tournament', lang)} {t('cmd.tournament.create', lang)}",
            "swiss": t("choice.format.swiss", lang)} | options


def not_posted_text(exc: PostFailed, lang: str) -> str:
    """A post Discord did not take: what it was, why if Discord said (a permission), and that the ticker
    posts it again (``Delivery.deliver``); never "done" without a word about it."""
    if exc.gone:  # the channel was deleted: nothing to post again (its players were told by DM)
        return t("err.invite_gone" if exc.invitation else "err.post_gone", lang, table=exc.table_id)
    why = t("post.why_forbidden" if exc.forbidden else "post.why_failed", lang)
    if exc.invitation:
        return t("err.invite_not_posted", lang, table=exc.table_id, why=why, **discord_words(lang))
    return t("err.post_not_posted", lang, table=exc.table_id, why=why)


def lang_of(interaction: discord.Interaction) -> str:
    """The caller's language (Spanish for es-ES and es-419, English otherwise)."""
    return lang_for(interaction.locale)


def area(interaction: discord.Interaction, kind: type[CogT]) -> CogT:
    """The bot's instance of the area ``kind``.

    discord.py builds a persistent control from its custom id alone (``DynamicItem.from_custom_id``),
    so a control's callback finds the area that answers it through the bot, as any cog is found.
    """
    client = interaction.client
    found = client.get_cog(kind.__cog_name__) if isinstance(client, commands.Bot) else None
    if not isinstance(found, kind):
        raise RuntimeError(f"the area {kind.__name__} is not loaded")
    return found


class Handling(ServicePart):
    """One per bot (``cogs.client`` builds it): the plumbing every handler shares."""

    def __init__(self, service: Callable[[], TableService], delivery: Delivery, guilds: GuildWatch) -> None:
        super().__init__(service)
        self.delivery = delivery
        self.guilds = guilds
        self.in_flight: dict[int, int] = {}  # user -> interactions being handled
        #: the bot is closing and cuts the answers still running past its grace (``MesaBot.close``): each one
        #: cut says so (``guard``), in the words a handler left in ``extras["mesa_cut"]`` or ``err.restarting``
        self.closing = False

    async def reply(self, interaction: discord.Interaction, text: str, *, file: discord.File | None = None,
                    view: discord.ui.View | None = None, embed: discord.Embed | None = None,
                    files: list[discord.File] | None = None) -> None:
        """An ephemeral answer, whether or not the interaction was deferred; Discord errors are logged only."""
        try:
            files = [*(files or []), *([file] if file is not None else [])]
            await answer.send(interaction, content=text[:MAX_MESSAGE], files=files or None,
                              view=view, embed=embed)
        except (discord.NotFound, discord.Forbidden, discord.HTTPException) as exc:
            log.warning("could not answer an interaction: %s", type(exc).__name__)

    async def edit_or_reply(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None, *,
                            edit: bool) -> None:
        """Update the private picker message in place when ``edit``; if Discord no longer has it, or
        for a fresh answer, send a new private reply instead."""
        if edit:
            try:
                await answer.edit_original(interaction, content=text, view=view)
                return
            except (discord.NotFound, discord.HTTPException) as exc:
                log.info("private message not edited (%s); sending a new one", type(exc).__name__)
        await self.reply(interaction, text, view=view)

    async def defer(self, interaction: discord.Interaction, *, update: bool = False) -> None:
        """Acknowledge at once: ephemeral thinking for commands, a silent update for components.

        Every handler defers first, inside ``guard``: a flooding user's extra interactions stop here,
        answered with a polite note (``guard`` counts what each user has in progress).
        """
        if interaction.extras.get("mesa_flood"):
            await self.reply(interaction, t("err.too_fast", lang_of(interaction)))
            raise Handled
        if interaction.response.is_done():
            return
        try:
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except (discord.NotFound, discord.HTTPException) as exc:
            if exc.code == ALREADY_ACKNOWLEDGED:  # a second copy of one interaction (Discord's retry, or delivered
                log.info("interaction %s: acknowledged already; this copy does nothing", interaction.id)  # to two
                raise Handled from None  # processes): the first does the work; two did it twice (two tables)
            log.warning("could not defer an interaction: %s", type(exc).__name__)
        # the server's language, known before the command's first board is drawn (its picture speaks it)
        await self.guilds.remember_locale(interaction)

    @asynccontextmanager
    async def guard(self, interaction: discord.Interaction, table: int | None = None) -> AsyncIterator[None]:
        """Turn every refusal and failure into an ephemeral answer; never let a handler crash."""
        caller_lang = lang_of(interaction)
        user_id = interaction.user.id
        busy = self.in_flight.get(user_id, 0)
        self.in_flight[user_id] = busy + 1
        if busy >= MAX_IN_FLIGHT:
            interaction.extras["mesa_flood"] = True
        try:
            yield
        except Handled:
            pass
        except TableError as exc:
            file = None
            if exc.board is not None and exc.board.image:
                file = picture_file(exc.board.image, f"mesa-{exc.board.table_id}.png", exc.board.alt, caller_lang)
            text = await self.lesson_not_a_table(interaction, exc, table) or refusal_text(exc, caller_lang)
            await self.reply(interaction, with_table_link(exc, text), file=file)
        except Refusal as exc:
            await self.reply(interaction, t(exc.key, caller_lang, **plain_params(exc.params)))
        except PostFailed as exc:
            await self.reply(interaction, not_posted_text(exc, caller_lang))
        except discord.Forbidden:
            await self.reply(interaction, t("err.forbidden", caller_lang))
        except discord.NotFound:
            log.info("a Discord object vanished while handling table %s", table)
        except Exception as exc:
            log_failure(exc, table)
            await self.reply(interaction, t("err.generic", caller_lang))
        except asyncio.CancelledError:
            if self.closing:  # never a "thinking" message, or a progress, left for ever
                await self.reply(interaction, interaction.extras.get("mesa_cut") or t("err.restarting", caller_lang))
            raise
        finally:
            await self.guilds.remember_locale(interaction)  # issue 15, defect 7
            left = self.in_flight.get(user_id, 1) - 1
            if left > 0:
                self.in_flight[user_id] = left
            else:
                self.in_flight.pop(user_id, None)

    async def lesson_not_a_table(self, interaction: discord.Interaction, exc: TableError,
                                 table: int | None) -> str | None:
        """A game's command (``/takeback``, ``/resign``, ``/board``...) naming no table, from someone with no table
        here and a lesson open: not "start one with /play", but that the command is a game's and how the lesson
        goes on (as the console says it); None otherwise. ``/move`` and ``/hint`` answer the lesson themselves."""
        command = interaction.command
        if exc.key != "error.no_table_here" or table is not None or command is None:
            return None
        game = await self.service.lessons.current(interaction.user.id)
        if game is None:
            return None
        lang = lang_of(interaction)
        return t("err.lesson_not_a_table", lang, command=t(f"cmd.{command.name}", lang),
                 game=choice_word("game", game, lang),
                 pick=t("btn.lesson_pick", lang), move=t("cmd.move", lang), learn=t("cmd.learn", lang),
                 opt_game=t("opt.game", lang))

    async def on_error(self, interaction: discord.Interaction, error: AppCommandError) -> None:
        """The command tree's errors: raised before a handler runs (checks, option conversion) or escaping one."""
        caller_lang = lang_of(interaction)
        if isinstance(error, NoPrivateMessage):
            await self.reply(interaction, t("err.no_guild", caller_lang))
            return
        if isinstance(error, MissingPermissions):
            await self.reply(interaction, t("err.not_manager", caller_lang))
            return
        if isinstance(error, (CommandNotFound, CommandSignatureMismatch)):
            # the user's Discord still shows an older registration of the commands
            log.info("an unknown or outdated command: %s", type(error).__name__)
            await self.reply(interaction, t("err.outdated_command", caller_lang))
            return
        if isinstance(error, TransformerError):
            await self.reply(interaction, t("err.bad_option", caller_lang))
            return
        original = error.original if isinstance(error, CommandInvokeError) else error
        log_failure(original, None)
        await self.reply(interaction, t("err.generic", caller_lang))

    async def touch(self, interaction: discord.Interaction) -> None:
        """A user who acts again gets DMs retried (they may have opened them); remember their language."""
        user_id = interaction.user.id
        try:
            if await self.service.dms_closed(user_id):
                await self.service.set_dms_closed(user_id, False)
            locale = str(interaction.locale.value) if interaction.locale else None
            if locale and self.delivery.locales.get(user_id) != locale:
                self.delivery.locales[user_id] = locale
                await self.service.set_locale(user_id, locale)
        except Exception as exc:  # preferences are a nicety
            log_failure(exc, None)


def log_failure(exc: BaseException, table: int | None) -> None:
    """Log where it failed without the exception's message (it might quote a hidden move)."""
    where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
    log.error("%s while handling table %s\n%s", type(exc).__name__, table, where)
