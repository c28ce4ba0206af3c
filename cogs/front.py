"""The handlers behind every command and control: thin adapters from Discord to the table service.

Every decision is the service's (``tables.service.TableService``): who may play, what is legal,
what a move does, what is secret.  Here we only

- defer first (the 3-second rule) — every handler that renders or writes does;
- translate the interaction into a service call (ids, names, the move text);
- deliver the outbox (``cogs.delivery``) and answer the caller ephemerally in their language;
- turn refusals (``TableError``) and Discord's own refusals (Forbidden, NotFound) into a short
  ephemeral answer saying what to do — a handler never crashes.

Secrets: public posts carry only the spectator view's content (the service builds them); private
views go to the one player, ephemerally or by DM.  Log lines name tables and exception types only.
"""

from __future__ import annotations

import asyncio
import io
import logging
import traceback
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord
from discord.app_commands import (
    AppCommandError,
    Choice,
    CommandInvokeError,
    CommandNotFound,
    CommandSignatureMismatch,
    MissingPermissions,
    NoPrivateMessage,
    TransformerError,
)

from cogs import answer
from cogs.components import MesaButton, MesaSelect
from cogs.delivery import Delivery, PostFailed, public_lang
from cogs.guild_life import format_expiry
from cogs.i18n_discord import lang_for, t
from cogs.limits import MAX_AUTOCOMPLETE, MAX_EMBED_DESCRIPTION, MAX_MESSAGE, MAX_OPTION_TEXT
from cogs.mesa import mesa_request
from cogs.quickstart import full_rules, quickstart
from tables import games as game_facts
from tables import picker
from tables.errors import TableError
from tables.i18n import counted
from tables.i18n import t as service_t
from tables.outbox import RESULT
from tables.service import TableSummary

if TYPE_CHECKING:
    from cogs.client import MesaBot

#: a board not delivered this long after its table changed is posted again by the ticker (issue 15)
MISSED_AFTER_SECONDS = 60.0

log = logging.getLogger("mesa.discord")

#: interactions one user may have in progress at once; more is a flood (a script, a stuck key) and is
#: answered with a polite "slow down" instead of being worked on.  One person clicking never gets there.
MAX_IN_FLIGHT = 3



def with_table_link(exc: TableError, text: str) -> str:
    """A refusal that points at a table (``guild`` and ``place`` ids in its params: the identical
    open invitation of issue 14) ends with a link to it; the service gives ids, Discord's words are here."""
    guild, place = exc.params.get("guild"), exc.params.get("place")
    if isinstance(guild, int) and isinstance(place, int):
        return f"{text}\nhttps://discord.com/channels/{guild}/{place}"
    return text


class _Handled(Exception):
    """The caller has been answered already: stop quietly."""


class Refusal(Exception):
    """A refusal decided by the Discord layer itself (a bot as opponent, DMs, ...): a key of our catalog."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def parse_variant(text: str | None) -> dict[str, str]:
    """``preset=basic, teams=true`` -> {"preset": "basic", "teams": "true"} (the service validates)."""
    out: dict[str, str] = {}
    if not text:
        return out
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise Refusal("err.bad_variant", text=text)
        key, value = (p.strip() for p in part.split("=", 1))
        if not key or not value:
            raise Refusal("err.bad_variant", text=text)
        out[key] = value
    return out


class Front:
    """One per bot: the handlers, the outbox delivery, and the tick."""

    def __init__(self, bot: MesaBot) -> None:
        self.bot = bot
        self.delivery = Delivery(bot)
        self.in_flight: dict[int, int] = {}  # user -> interactions being handled

    @property
    def service(self) -> Any:
        return self.bot.service

    # ================================================================ shared plumbing
    @staticmethod
    def lang(interaction: discord.Interaction) -> str:
        return lang_for(interaction.locale)

    async def reply(self, interaction: discord.Interaction, text: str, *, file: discord.File | None = None,
                    view: discord.ui.View | None = None, embed: discord.Embed | None = None) -> None:
        """An ephemeral answer, whether or not the interaction was deferred; Discord errors are logged only."""
        try:
            await answer.send(interaction, content=text[:MAX_MESSAGE], files=[file] if file is not None else None,
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
            await self.reply(interaction, t("err.too_fast", self.lang(interaction)))
            raise _Handled
        if interaction.response.is_done():
            return
        try:
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except (discord.NotFound, discord.HTTPException) as exc:
            log.warning("could not defer an interaction: %s", type(exc).__name__)

    @asynccontextmanager
    async def guard(self, interaction: discord.Interaction, table: int | None = None) -> AsyncIterator[None]:
        """Turn every refusal and failure into an ephemeral answer; never let a handler crash."""
        lang = self.lang(interaction)
        user_id = interaction.user.id
        busy = self.in_flight.get(user_id, 0)
        self.in_flight[user_id] = busy + 1
        if busy >= MAX_IN_FLIGHT:
            interaction.extras["mesa_flood"] = True
        try:
            yield
        except _Handled:
            pass
        except TableError as exc:
            file = None
            if exc.board is not None and exc.board.image:
                file = discord.File(io.BytesIO(exc.board.image), filename=f"mesa-{exc.board.table_id}.png")
            await self.reply(interaction, with_table_link(exc, exc.message(lang)), file=file)
        except Refusal as exc:
            await self.reply(interaction, t(exc.key, lang, **exc.params))
        except (discord.Forbidden, PostFailed):
            await self.reply(interaction, t("err.forbidden", lang))
        except discord.NotFound:
            log.info("a Discord object vanished while handling table %s", table)
        except Exception as exc:
            self.log_failure(exc, table)
            await self.reply(interaction, t("err.generic", lang))
        finally:
            await self.delivery.guilds.remember_locale(interaction)  # issue 15, defect 7
            left = self.in_flight.get(user_id, 1) - 1
            if left > 0:
                self.in_flight[user_id] = left
            else:
                self.in_flight.pop(user_id, None)

    @staticmethod
    def log_failure(exc: BaseException, table: int | None) -> None:
        """Log where it failed without the exception's message (it might quote a hidden move)."""
        where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
        log.error("%s while handling table %s\n%s", type(exc).__name__, table, where)

    async def on_error(self, interaction: discord.Interaction, error: AppCommandError) -> None:
        """Errors raised before a handler runs (checks, option conversion) or escaping one."""
        lang = self.lang(interaction)
        if isinstance(error, NoPrivateMessage):
            await self.reply(interaction, t("err.no_guild", lang))
            return
        if isinstance(error, MissingPermissions):
            await self.reply(interaction, t("err.not_manager", lang))
            return
        if isinstance(error, (CommandNotFound, CommandSignatureMismatch)):
            # the user's Discord still shows an older registration of the commands
            log.info("an unknown or outdated command: %s", type(error).__name__)
            await self.reply(interaction, t("err.outdated_command", lang))
            return
        if isinstance(error, TransformerError):
            await self.reply(interaction, t("err.bad_option", lang))
            return
        original = error.original if isinstance(error, CommandInvokeError) else error
        self.log_failure(original, None)
        await self.reply(interaction, t("err.generic", lang))

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
            self.log_failure(exc, None)

    async def resolve_table(self, interaction: discord.Interaction, table: int | None,
                            want: Callable[[TableSummary], bool] | None = None) -> int:
        """The table a command means: the one named, else the one the service says (``table_meant``),
        preferring among several the one ``want`` keeps (issue 14: a command that fits exactly one of
        the caller's tables needs no ``table=``, as in the console)."""
        if table is not None:
            return table
        if interaction.guild_id is None:
            raise Refusal("err.no_guild")
        return int(await self.service.table_meant(interaction.user.id, interaction.guild_id, interaction.channel_id,
                                                  want))

    async def board_table(self, interaction: discord.Interaction, table: int | None) -> int:
        """/board: the table the caller means, or with none in play their most recent finished one
        (issue 14, as the console does: its last picture, with the result)."""
        try:
            return await self.resolve_table(interaction, table)
        except TableError as exc:
            if not exc.key.startswith("error.no_table_here") or interaction.guild_id is None:
                raise
            from tables.leaderboard import LeaderboardService

            finished = await LeaderboardService(self.service.repo).history(interaction.guild_id, interaction.user.id,
                                                                           None, limit=1)
            if not finished:
                raise
            return finished[0].table_id

    @staticmethod
    def _my_turn(user_id: int) -> Callable[[TableSummary], bool]:
        """/move: the table where the caller is to act (a K3 pyramid to build included)."""
        return lambda s: user_id in s.turn_user_ids

    @staticmethod
    def _in_play(summary: TableSummary) -> bool:
        """/resign: a table in play, not an invitation."""
        return summary.status == "active"

    def _drawable(self, summary: TableSummary) -> bool:
        """/draw: a table in play whose game takes draw offers."""
        return summary.status == "active" and self.service.takes_draw_offers(summary.game)

    # ================================================================ commands
    async def play(self, interaction: discord.Interaction, game: str, opponents: list[Any], *, seat: str | None,
                   rated: bool | None, time_per_move: int | None, variant: str | None,
                   level: str | None = None, bots: int | None = None) -> None:
        async with self.guard(interaction):
            await self.defer(interaction)
            await self.touch(interaction)
            if interaction.guild_id is None or interaction.channel is None:
                raise Refusal("err.no_guild")
            me = interaction.user
            opponents, mesa = mesa_request(interaction, opponents, level, bots)  # cogs/mesa.py
            for u in opponents:  # a bot account is Discord's own fact; who may sit is the service's call
                if u.bot:
                    raise Refusal("err.bot", name=u.display_name)
            if not self.delivery.can_post_boards(interaction):  # issue 15: refused up front, no table
                raise Refusal("err.forbidden")
            options = parse_variant(variant) | mesa
            if seat:
                options["seat"] = seat
            if rated is not None:
                options["rated"] = "true" if rated else "false"
            if time_per_move:
                options["time_per_move"] = f"{time_per_move}s"
            channel = interaction.channel
            parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
            messages = await self.service.create(
                interaction.guild_id, parent or interaction.channel_id, me.id, me.display_name, game,
                [(u.id, u.display_name) for u in opponents], options)
            table_id = messages[0].table_id
            place = await self.delivery.open_place(interaction, table_id, game_facts.title(game))
            await self.delivery.deliver(messages, public_lang(interaction))
            await self.reply(interaction, self.delivery.table_line(table_id, place, self.lang(interaction)))

    def variant_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Autocomplete for /play variant: the chosen game's options with their other values."""
        found = game_facts.variant_choices(getattr(interaction.namespace, "game", None), current)
        return [Choice(name=v, value=v) for v in found][:MAX_AUTOCOMPLETE]

    async def move(self, interaction: discord.Interaction, text: str, table: int | None) -> None:
        async with self.guard(interaction, table):
            await self.defer(interaction)
            await self.touch(interaction)
            table_id = await self.resolve_table(interaction, table, self._my_turn(interaction.user.id))
            await self.submit(interaction, table_id, text, None)

    async def submit(self, interaction: discord.Interaction, table_id: int, text: str,
                     version: int | None, *, picked: bool = False) -> None:
        """Play ``text`` for the caller; the service parses, checks and stores it.

        ``picked``: the move came from the private picker, whose message then shows the result.
        """
        messages = await self.service.submit_move(table_id, interaction.user.id, text, version)
        await self.delivery.deliver(messages, public_lang(interaction))
        done = t("ok.move_sent", self.lang(interaction), move=text.strip()[:80])
        await self.edit_or_reply(interaction, done, None, edit=picked)

    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Autocomplete for /move: the caller's legal moves matching what is typed (at most 25)."""
        try:
            table = getattr(interaction.namespace, "table", None)
            table_id = await self.resolve_table(interaction, table, self._my_turn(interaction.user.id))
            legal = await self.service.legal_moves_for(table_id, interaction.user.id)
        except (TableError, Refusal):
            return []
        except Exception as exc:
            self.log_failure(exc, None)
            return []
        return [Choice(name=m[:MAX_OPTION_TEXT], value=m[:MAX_OPTION_TEXT])
                for m in picker.rank_for_autocomplete(legal, current)]

    async def table_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        try:
            tables = await self.service.active_tables(interaction.user.id, interaction.guild_id)
        except Exception as exc:
            self.log_failure(exc, None)
            return []
        out = []
        for s in tables:
            others = ", ".join(n for n, u in zip(s.players, s.user_ids) if u != interaction.user.id)
            label = f"#{s.table_id} {s.title} · {others}"[:MAX_OPTION_TEXT]
            if current.strip().lstrip("#") in label:
                out.append(Choice(name=label, value=s.table_id))
        return out[:MAX_AUTOCOMPLETE]

    async def resign(self, interaction: discord.Interaction, table: int | None) -> None:
        async with self.guard(interaction, table):
            await self.defer(interaction)
            await self.touch(interaction)
            table_id = await self.resolve_table(interaction, table, self._in_play)
            messages = await self.service.resign(table_id, interaction.user.id)
            await self.delivery.deliver(messages, public_lang(interaction))
            await self.reply(interaction, t("ok.resigned", self.lang(interaction)))

    async def draw(self, interaction: discord.Interaction, action: str, table: int | None) -> None:
        async with self.guard(interaction, table):
            await self.defer(interaction)
            await self.touch(interaction)
            table_id = await self.resolve_table(interaction, table, self._drawable)
            await self.draw_action(interaction, table_id, action)

    async def draw_action(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        if action == "decline":
            messages = await self.service.decline_draw(table_id, interaction.user.id)
            done = "ok.declined"
        else:  # offering when the other player has offered accepts (the service decides)
            messages = await self.service.offer_draw(table_id, interaction.user.id)
            agreed = any(getattr(m, "kind", None) == RESULT for m in messages)
            done = "ok.accepted" if agreed else "ok.draw_offered"
        await self.delivery.deliver(messages, public_lang(interaction))
        await self.reply(interaction, t(done, self.lang(interaction)))

    async def board(self, interaction: discord.Interaction, table: int | None) -> None:
        async with self.guard(interaction, table):
            await self.defer(interaction)
            table_id = await self.board_table(interaction, table)
            post, public = await self.service.board_for(table_id, interaction.user.id, interaction.guild_id)
            if not public:  # issue 15: not seated (or asked again within a minute): for the asker's eyes only
                file = discord.File(io.BytesIO(post.image), filename=f"mesa-{table_id}.png") if post.image else None
                await self.reply(interaction, service_t(post.key, self.lang(interaction), **post.params), file=file)
                return
            await self.delivery.deliver([post], public_lang(interaction))
            await self.reply(interaction, t("ok.posted", self.lang(interaction)))

    async def games(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction):
            await self.defer(interaction)
            lang = self.lang(interaction)
            tables = await self.service.active_tables(interaction.user.id, interaction.guild_id)
            if not tables:
                await self.reply(interaction, t("games.none", lang))
                return
            lines = []
            for s in tables[:20]:
                others = ", ".join(n for n, u in zip(s.players, s.user_ids) if u != interaction.user.id) or "-"
                if s.status in ("invited", "open"):
                    turn = t("games.invited", lang)
                elif interaction.user.id in s.turn_user_ids:
                    turn = t("games.your_turn", lang)
                else:
                    turn = t("games.waiting", lang, name=", ".join(s.turn) or "-")
                deadline = t("games.deadline", lang, when=f"<t:{int(s.deadline.timestamp())}:R>") if s.deadline else ""
                link = f"https://discord.com/channels/{s.guild_id}/{s.thread_id or s.channel_id}"
                lines.append(t("games.line", lang, table=s.table_id, game=s.title, opponents=others, turn=turn,
                               deadline=deadline, link=link))
            embed = discord.Embed(title=t("games.title", lang), description="\n".join(lines)[:MAX_EMBED_DESCRIPTION])
            await self.reply(interaction, "", embed=embed)

    async def help(self, interaction: discord.Interaction) -> None:
        """What Mesa does and how to start, in the caller's language: every command named as this
        language's Discord shows it, the games from the registry."""
        async with self.guard(interaction):
            await self.defer(interaction)
            lang = self.lang(interaction)
            names = {key: t(f"cmd.{key}", lang) for key in ("rules", "play", "move", "games", "board", "resign",
                                                             "leaderboard", "stats", "history", "replay")}
            games = game_facts.games()
            several = game_facts.group_games()  # open tables, Mesa's bots seats
            several_text = ", ".join(several[:-1]) + f" {t('word.and', lang)} " + several[-1] if len(several) > 1 \
                else "".join(several)
            body = t("help.body", lang, titles=", ".join(game_facts.title(g) for g in games), example=games[0],
                     several=several_text, opt_game=t("opt.game", lang), opt_opponent=t("opt.opponent", lang),
                     opt_level=t("opt.level", lang), opt_bots=t("opt.bots", lang), mine=t("btn.my_pieces", lang),
                     join=t("btn.join", lang), start=t("btn.start", lang), **names)
            embed = discord.Embed(title=t("help.title", lang), description=body[:MAX_EMBED_DESCRIPTION])
            await self.reply(interaction, "", embed=embed)

    async def rules(self, interaction: discord.Interaction, game: str, full: bool) -> None:
        async with self.guard(interaction):
            await self.defer(interaction)
            await self.send_rules(interaction, game, full)

    async def send_rules(self, interaction: discord.Interaction, game: str, full: bool) -> None:
        lang = self.lang(interaction)
        if game not in game_facts.games():  # a button naming no game of ours
            raise Refusal("err.unknown_control")
        title = game_facts.title(game)
        if full:
            document = full_rules(game, lang)
            if document is None:
                await self.reply(interaction, t("rules.full_missing", lang))
                return
            await self.reply(interaction, t("rules.full_title", lang, game=title),
                             file=discord.File(io.BytesIO(document), filename=f"{game}-rules.md"))
            return
        embed = discord.Embed(title=t("rules.title", lang, game=title), description=quickstart(game, lang))
        embed.set_footer(text=t("rules.try", lang, name=game))  # a newcomer's next step: a game, alone or not
        picture = await asyncio.to_thread(game_facts.sample_picture, game)
        file = None
        if picture is not None:
            file = discord.File(io.BytesIO(picture), filename=f"{game}.png")
            embed.set_image(url=f"attachment://{game}.png")
        view = discord.ui.View(timeout=None)
        view.add_item(MesaButton("rules", 0, 0, game, label=t("btn.full_rules", lang)))
        await self.reply(interaction, "", embed=embed, file=file, view=view)

    async def settings(self, interaction: discord.Interaction, *, time_per_move: int | None, rated: bool | None,
                       channel: Any, channel_action: str | None, invitations: int | None = None,
                       rate_mesa: bool | None = None,
                       caps: tuple[int | None, int | None] = (None, None)) -> None:
        async with self.guard(interaction):
            await self.defer(interaction)
            lang = self.lang(interaction)
            if interaction.guild_id is None:
                raise Refusal("err.no_guild")
            if not interaction.permissions.manage_guild:
                raise Refusal("err.not_manager")
            current = await self.service.guild_settings(interaction.guild_id)
            channels: list[int] | None = None
            if channel_action == "all":
                channels = []
            elif channel is not None:
                channels = list(current.allowed_channels)
                if channel_action == "remove":
                    channels = [c for c in channels if c != channel.id]
                elif channel.id not in channels:
                    channels.append(channel.id)
            changed = time_per_move is not None or rated is not None or channels is not None \
                or rate_mesa is not None
            if invitations is not None:  # issue 15, defect 4
                await self.service.set_invitation_expiry(interaction.guild_id, f"{invitations}s")
                changed = True
            if caps != (None, None):  # issue 15, defect 10: waiting invitations per host, games per player
                await self.service.set_caps(interaction.guild_id, *caps)
                changed = True
            if changed:
                current = await self.service.set_guild_settings(
                    interaction.guild_id, time_per_move=f"{time_per_move}s" if time_per_move else None,
                    allowed_channels=channels, rated=rated, rate_mesa=rate_mesa)
            time_text = t("settings.default_time", lang)
            if current.time_per_move:
                from tables.durations import format_duration

                time_text = format_duration(current.time_per_move)
            where = ", ".join(f"<#{c}>" for c in current.allowed_channels) or t("settings.all_channels", lang)
            lines = [t("ok.settings", lang)] if changed else []
            lines += [t("settings.title", lang), t("settings.time", lang, value=time_text),
                      t("settings.channels", lang, value=where),
                      t("settings.rated", lang, value=t("word.on" if current.rated else "word.off", lang)),
                      t("settings.invitations", lang, value=format_expiry(await self.service.invitation_expiry(
                          interaction.guild_id))),
                      t("settings.rate_mesa", lang, value=t("word.on" if current.rate_mesa else "word.off", lang))]
            limits = await self.service.caps(interaction.guild_id)
            waiting = counted(limits.max_invitations, "invitation_waiting", lang)
            lines.append(t("settings.caps", lang, invitations=waiting, games=counted(limits.max_active, "game", lang)))
            await self.reply(interaction, "\n".join(lines))

    # ================================================================ buttons and selects
    async def on_button(self, interaction: discord.Interaction, kind: str, table: int, version: int,
                        arg: str) -> None:
        lang = self.lang(interaction)
        async with self.guard(interaction, table):
            if kind == "rules":
                await self.defer(interaction)
                await self.send_rules(interaction, arg, True)
                return
            back = kind == "pick" and arg == "back"  # the picker's Back: redraw its own private message
            await self.defer(interaction, update=back)
            await self.touch(interaction)
            user_id = interaction.user.id
            if back:
                await self.check_current(interaction, table, version)
                legal = await self.service.legal_moves_for(table, user_id)
                if not legal:
                    raise Refusal("err.picker_gone")
                await self.reply_step(interaction, table, version, legal, picker.Step(), edit=True)
            elif kind == "inv":
                await self.invitation(interaction, table, arg)
            elif kind == "mv":
                # a move confirmed from a private preview while others act at the same time (K3-3.2):
                # the service accepts the version of any board of that phase
                await self.submit(interaction, table, arg, version)
            elif kind == "pick":
                await self.open_picker(interaction, table, version)
            elif kind == "mine":
                post = await self.service.private_view(table, user_id)
                await self.delivery.answer_private(interaction, post, lang)
            elif kind == "resign":
                if arg == "yes":
                    messages = await self.service.resign(table, user_id)
                    await self.delivery.deliver(messages, public_lang(interaction))
                    await self.reply(interaction, t("ok.resigned", lang))
                else:
                    await self.confirm(interaction, table, version, "resign")
            elif kind == "draw":
                if arg == "ask":
                    await self.confirm(interaction, table, version, "draw")
                else:
                    await self.draw_action(interaction, table, {"yes": "offer"}.get(arg, arg))
            elif kind == "rematch":
                await self.rematch(interaction, table)
            elif kind == "build":
                await self.build_preview(interaction, table, version, arg)
            else:
                raise Refusal("err.unknown_control")

    async def invitation(self, interaction: discord.Interaction, table: int, action: str) -> None:
        lang = self.lang(interaction)
        user = interaction.user
        if action == "accept":
            messages, done = await self.service.accept(table, user.id), "ok.accepted"
        elif action == "decline":
            messages, done = await self.service.decline(table, user.id), "ok.declined"
        elif action == "join":
            messages, done = await self.service.join(table, user.id, user.display_name), "ok.joined"
        elif action == "leave":
            messages, done = await self.service.leave(table, user.id), "ok.left"
        elif action == "abort":
            messages, done = await self.service.abort(table, user.id), "ok.cancelled"
        elif action == "fill":  # "Fill with Mesa" (issue 17)
            messages, done = await self.service.fill_with_mesa(table, user.id), "ok.filled"
        else:
            messages, done = await self.service.start(table, user.id), "ok.started"
        await self.delivery.deliver(messages, public_lang(interaction))
        await self.reply(interaction, t(done, lang))

    async def confirm(self, interaction: discord.Interaction, table: int, version: int, what: str) -> None:
        """Resign and Draw sit behind a second, private button."""
        lang = self.lang(interaction)
        view = discord.ui.View(timeout=None)
        label = t("btn.confirm_resign" if what == "resign" else "btn.confirm_draw", lang)
        style = discord.ButtonStyle.danger if what == "resign" else discord.ButtonStyle.primary
        view.add_item(MesaButton(what, table, version, "yes", label=label, style=style))
        await self.reply(interaction, t(f"confirm.{what}", lang, table=table), view=view)

    async def open_picker(self, interaction: discord.Interaction, table: int, version: int) -> None:
        """The first step of the move picker, privately, for the player to act at the board's version."""
        await self.check_current(interaction, table, version)
        legal = await self.service.legal_moves_for(table, interaction.user.id)
        if not legal:
            await self.reply(interaction, t("err.not_your_turn", self.lang(interaction)))
            return
        await self.reply_step(interaction, table, version, legal, picker.Step(), edit=False)

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
                file = discord.File(io.BytesIO(post.image), filename=f"mesa-{table}.png")
            await self.reply(interaction, t("err.stale", self.lang(interaction)), file=file)
            raise _Handled

    async def reply_step(self, interaction: discord.Interaction, table: int, version: int, legal: list[str],
                         step: picker.Step, *, edit: bool) -> None:
        lang = self.lang(interaction)
        options = picker.choices(legal, step)
        if not options:
            raise Refusal("err.picker_gone")
        select_options = [discord.SelectOption(label=c.label[:MAX_OPTION_TEXT], value=c.option_value[:MAX_OPTION_TEXT])
                          for c in options]
        placeholder = t("picker.placeholder", lang, prefix=step.prefix.strip()) if step.prefix else \
            t("picker.placeholder_start", lang)
        view = discord.ui.View(timeout=None)
        view.add_item(MesaSelect(table, version, "pick", options=select_options, placeholder=placeholder))
        if step != picker.Step():
            view.add_item(MesaButton("pick", table, version, "back", label=t("btn.back", lang)))
        text = t("picker.prompt", lang, table=table, prefix=step.prefix.strip() or "…")
        await self.edit_or_reply(interaction, text, view, edit=edit)

    async def on_select(self, interaction: discord.Interaction, table: int, version: int, kind: str,
                        values: list[str]) -> None:
        async with self.guard(interaction, table):
            await self.defer(interaction, update=True)
            if not values:
                return
            try:
                move, step = picker.decode_option(values[0])
            except ValueError:  # not an option this picker ever offered
                raise Refusal("err.picker_gone") from None
            if move is not None:
                await self.submit(interaction, table, move, version, picked=kind == "pick")
                return
            await self.check_current(interaction, table, version)
            legal = await self.service.legal_moves_for(table, interaction.user.id)
            if not legal:
                raise Refusal("err.picker_gone")
            await self.reply_step(interaction, table, version, legal, step or picker.Step(), edit=True)

    async def rematch(self, interaction: discord.Interaction, table: int) -> None:
        """Same players again at a new table (the service's ``rematch``), in a thread of the old channel."""
        messages = await self.service.rematch(table, interaction.user.id, interaction.user.display_name)
        new_id = messages[0].table_id
        summary = (await self.service.table_details(new_id)).summary
        place = await self.delivery.open_place(interaction, new_id, summary.title, parent_id=summary.channel_id)
        await self.delivery.deliver(messages, public_lang(interaction))
        lang = self.lang(interaction)
        # Mesa accepts at once: a rematch against Mesa alone has already begun
        done = "ok.rematch_started" if summary.status == "active" else "ok.rematch_offered"
        await self.reply(interaction, t(done, lang) + "\n" + self.delivery.table_line(new_id, place, lang))

    async def build_preview(self, interaction: discord.Interaction, table: int, version: int, style: str) -> None:
        """Moves too many to list (K3 building): a proposed move shown only to its player, with
        Shuffle (the game's other auto style) and Confirm."""
        lang = self.lang(interaction)
        proposal = await self.service.propose(table, interaction.user.id, "shuffle" if style == "shuffle" else None,
                                              unlisted_only=True)
        view = discord.ui.View(timeout=None)
        view.add_item(MesaButton("build", table, version, "shuffle", label=t("btn.shuffle", lang)))
        view.add_item(MesaButton("mv", table, version, proposal.text, label=t("btn.confirm_build", lang),
                                 style=discord.ButtonStyle.success))
        sketch = f"```\n{proposal.sketch}\n```\n" if proposal.sketch else ""
        await self.reply(interaction, f"{sketch}`{proposal.text}`", view=view)

    # ================================================================ the clock
    async def post_missed(self) -> None:
        """At start-up: post the boards (and results) stored by a process that died before posting them."""
        if self.service is None:
            return
        for message in await self.service.missed_posts():
            if not await self._ours(message.table_id):
                continue
            log.info("table %d: posting a board a previous process did not post", message.table_id)
            await self.delivery.deliver([message], None)

    async def _ours(self, table_id: int) -> bool:
        """Issue 19: whether this process holds the shard of the table's server.  Several processes
        share one database; each posts the missed boards of its own servers, so none is posted twice."""
        return self.bot.serves_guild((await self.delivery.place(table_id)).guild_id)

    async def tick(self) -> None:
        if self.service is None:
            return
        messages = await self.service.tick()
        if messages:
            await self.delivery.deliver(messages, None)
        # issue 15, defect 2: boards Discord refused (a locked thread, a Discord outage) are retried
        # here, not only at the next start; a table changed in the last minute may still be delivering
        for message in await self.service.missed_posts(settled_seconds=MISSED_AFTER_SECONDS):
            if not await self._ours(message.table_id):
                continue
            log.info("table %d: posting a board that was not delivered", message.table_id)
            try:
                await self.delivery.deliver([message], None)
            except PostFailed:
                log.info("table %d: the board still cannot be posted", message.table_id)
