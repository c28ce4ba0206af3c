"""Tournaments on Discord (issue 31): the ``/tournament`` command group and the tournament's channel posts.

Thin adapters over ``service.tournaments`` (``tables/tournaments.py``: every decision, refusal and text
is made there).  The subcommands: ``create``, ``join``, ``leave``, ``start``, ``standings``,
``pairings``, ``withdraw``, ``cancel`` and ``remove``; ``number`` (a tournament's number) is needed only
when several fit, as the service says.  Names, descriptions and choices are localised like every
command's (``cogs.translator.L``).  ``create`` takes ``/play``'s own options (``time_per_move``,
``rated``, ``variant``: the game's options as ``name=value`` pairs, autocompleted as ``/play`` does).

Who may organise: the service checks the server's setting (``/settings tournaments:``) against
``manages``, whether the caller has Manage Server (the interaction's member permissions); the
organiser of an event, or a manager, may ``start``, ``cancel`` and ``remove``.

**Where things go.**  Each command answers the caller privately (ephemeral), in their language.  The
service's ``TournamentPost``s are posted in the tournament's channel, in the server's language
(``announce``, the hook ``Delivery`` calls for them, whichever path delivers them: a command, a move
that ends a round, the ticker's time-outs and sweeps):

- a round's announcement pings only the players paired in it (``allowed_mentions`` lists them, and a
  long round is split into messages within Discord's 2000 characters and 100 mentions each), each
  line linking its table's thread;
  before the tables' first boards are posted, each table of the round gets its own thread under the
  tournament's channel (the usual boards, DMs and deadlines follow there; without the permission to
  make threads a table plays in the channel, as ``/play``'s do);
- from round 2 on, and at the end, the standings picture (``tables.tournament_picture``) is attached;
  the final post pings the winners only; the others ping nobody.

**Delivered at least once** (issue 29's way, as boards and reminders are).  A round's announcement and the
final standings are confirmed to the service (``announced``) only once Discord has taken every message of
them; one never confirmed (the process died first, or Discord refused it) is handed out again by the
service's sweep, so it may come twice but is never lost.  A tournament's table is made its thread
(``place_table``, the delivery's ``tournament_place`` hook) before its first post, whichever path brings
that post: the round's announcement, the board itself, or the ticker's missed posts after a restart (a
paired table is stored with no place, ``UNPLACED``, until then).  A paired table never shows an
invitation: the sweep starts it.

**A deleted channel.**  Discord answering 404 Unknown Channel for the tournament's channel (an announcement, a
thread made for a table) or the gateway's CHANNEL_DELETE: the event is cancelled and its organiser and entrants
told by DM (``Delivery.channel_gone``, ``tables.channels_gone``); nothing is posted there again.

A player who leaves the server is not seen by Mesa (it asks for no privileged intent, so no member
events): their games run out of time by the game's time-out rule, and the organiser may ``remove``
them.  An announcement Discord refuses is logged; the sweep hands it out again a minute later.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.choices import GAME_CHOICES, TIME_CHOICES
from cogs.delivery import ARCHIVE_MINUTES, UNKNOWN_CHANNEL, Delivery, Place, public_lang
from cogs.guild_life import MISSING_ACCESS
from cogs.handling import Handling, Refusal, board_refusal, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_ALT_TEXT, MAX_AUTOCOMPLETE, MAX_MESSAGE, MAX_OPTION_TEXT, MAX_TEXT_OPTION
from cogs.part import ServicePart
from cogs.plain import plain, said
from cogs.play import parse_variant
from cogs.translator import L
from tables import TableService
from tables import games as game_facts
from tables.mesa import mesa_id
from tables.outbox import INVITE, PublicPost, TournamentPost
from tables.tournament.plan import MAX_ROUNDS
from tables.tournament_picture import standings_png
from tables.tournaments import MAX_PLAYERS, Pairings, Standings, pairings_text, pictured, standings_text

log = logging.getLogger("mesa.discord")
#: how long ``/tournament start`` typed outside the tournament's channel waits, just after a start, for the
#: server's channels (the gateway's GUILD_CREATE) to check Mesa's permissions there, in seconds
READY_WAIT_SECONDS = 10.0

#: users one message may ping (Discord: ``allowed_mentions.users`` holds at most 100 ids)
MAX_MENTIONS = 100
FORMAT_CHOICES = [Choice(name=L(f"choice.format.{f}"), value=f) for f in ("swiss", "round-robin")]


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal("err.no_guild")
    return interaction.guild_id


def _manages(interaction: discord.Interaction) -> bool:
    """Whether the caller has Manage Server here (the interaction's member permissions)."""
    return bool(interaction.permissions.manage_guild)


def cut_lines(text: str, limit: int, more: Callable[[int], str]) -> str:
    """``text`` cut at a line's end to fit ``limit`` characters, the last line saying how many are left out."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        tail = more(len(lines) - i)
        if len("\n".join([*kept, line, tail])) > limit:
            return "\n".join([*kept, tail])[:limit]
        kept.append(line)
    return "\n".join(kept)[:limit]


def standings_alt(st: Standings, lang: str) -> str:
    """The standings picture's alt text within Discord's limit: the head and the winners first (the picture's banner),
    then the rows, cut after a whole line with how many are left out (never mid-word)."""
    lines = standings_text(_plain_standings(st), lang).split("\n")
    if st.winners and len(lines) > 2:  # standings_text says the winners last; the picture says them on top
        lines = [lines[0], lines[-1], *lines[1:-1]]
    return cut_lines("\n".join(lines), MAX_ALT_TEXT, lambda n: t("tour.more", lang, n=n))


def chunks(lines: Sequence[str], pings: Sequence[Sequence[int]], *, limit: int = MAX_MESSAGE,
           max_mentions: int = MAX_MENTIONS) -> list[tuple[str, list[int]]]:
    """Lines grouped into messages of at most ``limit`` characters that ping at most ``max_mentions``
    users each: every message starts with the mentions of the users its own lines concern."""
    out: list[tuple[str, list[int]]] = []
    body: list[str] = []
    users: list[int] = []

    def text(b: list[str], u: list[int]) -> str:
        head = " ".join(f"<@{x}>" for x in u)
        return (head + "\n" if head else "") + "\n".join(b)

    for line, concerned in zip(lines, pings):
        new = [u for u in dict.fromkeys(concerned) if u > 0 and u not in users]
        if body and (len(text([*body, line], users + new)) > limit or len(users) + len(new) > max_mentions):
            out.append((text(body, users), users))
            body, users = [], []
            new = [u for u in dict.fromkeys(concerned) if u > 0]
        body.append(line[:limit // 2])
        users.extend(new[:max_mentions - len(users)])
    if body:
        out.append((text(body, users), users))
    return out


class Tournaments(ServicePart, commands.Cog):
    """``/tournament``: one per bot (``cogs.client`` adds it and hands ``announce`` to the delivery)."""

    tournament = app_commands.Group(name=L("cmd.tournament"), description=L("cmd.tournament.desc"), guild_only=True)

    def __init__(self, service: Callable[[], TableService], handling: Handling, delivery: Delivery) -> None:
        super().__init__(service)
        self.handling = handling
        self.delivery = delivery
        self._announcing: set[tuple[int, int | None]] = set()  # (tournament, round) being posted by this process
        self._placing = asyncio.Lock()  # a table's thread is made once, whichever delivery asks first

    # ================================================================ the commands
    @tournament.command(name=L("cmd.tournament.create"), description=L("cmd.tournament.create.desc"))
    @app_commands.rename(game=L("opt.game"), format=L("opt.format"), rounds=L("opt.rounds"), double=L("opt.double"),
                         time_per_move=L("opt.time_per_move"), rated=L("opt.rated"),
                         max_players=L("opt.max_players"), mesa_fills=L("opt.mesa_fills"), variant=L("opt.variant"))
    @app_commands.describe(game=L("opt.game.desc"), format=L("opt.format.desc"), rounds=L("opt.rounds.desc"),
                           double=L("opt.double.desc"), time_per_move=L("opt.time_per_move.desc"),
                           rated=L("opt.tournament_rated.desc"), max_players=L("opt.max_players.desc"),
                           mesa_fills=L("opt.mesa_fills.desc"), variant=L("opt.variant.desc"))
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    @app_commands.choices(time_per_move=TIME_CHOICES)
    async def create(self, interaction: discord.Interaction, game: Choice[str], format: Choice[str],
                     rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None, double: bool | None = None,
                     time_per_move: Choice[int] | None = None, rated: bool | None = None,
                     max_players: app_commands.Range[int, 2, MAX_PLAYERS] | None = None,
                     mesa_fills: bool | None = None,
                     variant: app_commands.Range[str, 1, MAX_TEXT_OPTION] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            guild = _guild(interaction)
            channel = interaction.channel
            if channel is None:
                raise Refusal("err.no_guild")
            if (refused := board_refusal(interaction)) is not None:  # its tables are opened here: refused up front
                raise refused
            options: dict[str, str] = parse_variant(variant)
            options["format"] = format.value
            for key, value in (("rounds", rounds), ("max_players", max_players)):
                if value is not None:
                    options[key] = str(value)
            for key, flag in (("double", double), ("rated", rated), ("mesa_fills", mesa_fills)):
                if flag is not None:
                    options[key] = "true" if flag else "false"
            if time_per_move:
                options["time_per_move"] = f"{time_per_move.value}s"
            parent = channel.parent_id if isinstance(channel, discord.Thread) else None  # threads do not nest
            me = interaction.user
            messages = await self.service.tournaments.create(guild, parent or channel.id, me.id, me.display_name,
                                                             game.value, options, manages=_manages(interaction))
            await self._done(interaction, messages)

    @create.autocomplete("variant")
    async def create_variant(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The chosen game's options with their other values (as ``/play`` offers them)."""
        found = game_facts.variant_choices(getattr(interaction.namespace, "game", None), current)
        return [Choice(name=v, value=v) for v in found][:MAX_AUTOCOMPLETE]

    @tournament.command(name=L("cmd.tournament.join"), description=L("cmd.tournament.join.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def join(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            me = interaction.user
            number = await self._number(interaction, number, "join")
            await self._done(interaction, await self.service.tournaments.join(_guild(interaction), me.id,
                                                                              me.display_name, number))

    @tournament.command(name=L("cmd.tournament.leave"), description=L("cmd.tournament.leave.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def leave(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            number = await self._number(interaction, number, "leave")
            await self._done(interaction, await self.service.tournaments.leave(_guild(interaction),
                                                                               interaction.user.id, number))

    @tournament.command(name=L("cmd.tournament.start"), description=L("cmd.tournament.start.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def start(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            number = await self._number(interaction, number, "start")
            # its tables open in the tournament's channel: the permissions that matter are there, which Discord
            # gives with the interaction only when the command is typed there (or in one of its threads)
            where = await self.service.tournaments.start_channel(_guild(interaction), number,
                                                                 user_id=interaction.user.id)
            channel = interaction.channel
            here = {interaction.channel_id, channel.parent_id if isinstance(channel, discord.Thread) else None}
            if where in here and (refused := board_refusal(interaction)) is not None:
                raise refused
            if where is not None and where not in here:  # typed elsewhere: its channel as discord.py has it cached
                perms = self.delivery.permissions_in(interaction, where)
                if perms is None and not interaction.client.is_ready():
                    # just started: the server's channels come with the gateway's GUILD_CREATE, which may follow
                    # the first interactions by a moment (this answer is deferred: it may wait)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(interaction.client.wait_until_ready(), READY_WAIT_SECONDS)
                    perms = self.delivery.permissions_in(interaction, where)
                if perms is not None and not self.delivery.boards_allowed(perms, in_thread=False):
                    there = interaction.guild.get_channel(where) if interaction.guild is not None else None
                    raise Refusal("err.forbidden_there", channel=there.name if there is not None else str(where))
            await self._done(interaction, await self.service.tournaments.start(
                _guild(interaction), interaction.user.id, number, manages=_manages(interaction)))

    @tournament.command(name=L("cmd.tournament.withdraw"), description=L("cmd.tournament.withdraw.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def withdraw(self, interaction: discord.Interaction,
                       number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            number = await self._number(interaction, number, "withdraw")
            await self._done(interaction, await self.service.tournaments.withdraw(_guild(interaction),
                                                                                  interaction.user.id, number))

    @tournament.command(name=L("cmd.tournament.cancel"), description=L("cmd.tournament.cancel.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def cancel(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            number = await self._number(interaction, number, "cancel")
            await self._done(interaction, await self.service.tournaments.cancel(
                _guild(interaction), interaction.user.id, number, manages=_manages(interaction)))

    @tournament.command(name=L("cmd.tournament.remove"), description=L("cmd.tournament.remove.desc"))
    @app_commands.rename(player=L("opt.player"), number=L("opt.number"))
    @app_commands.describe(player=L("opt.player.desc"), number=L("opt.number.desc"))
    async def remove(self, interaction: discord.Interaction, player: discord.User,
                     number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            me = interaction.client.user  # the bot itself is Mesa, which is never entered (the service says so)
            target = mesa_id("normal") if me is not None and player.id == me.id else player.id
            number = await self._number(interaction, number, "remove @NAME")
            await self._done(interaction, await self.service.tournaments.remove(
                _guild(interaction), interaction.user.id, target, number, manages=_manages(interaction),
                target_name=getattr(player, "display_name", "")))  # (an Object when Discord sent no user)

    @tournament.command(name=L("cmd.tournament.standings"), description=L("cmd.tournament.standings.desc"))
    @app_commands.rename(number=L("opt.number"))
    @app_commands.describe(number=L("opt.number.desc"))
    async def standings(self, interaction: discord.Interaction,
                        number: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            number = await self._number(interaction, number, "standings")
            st = await self.service.tournaments.standings(_guild(interaction), number, user_id=interaction.user.id)
            text, file = await self.standings_message(st, lang, interaction.user.id)
            await self.handling.reply(interaction, text, file=file)

    @tournament.command(name=L("cmd.tournament.pairings"), description=L("cmd.tournament.pairings.desc"))
    @app_commands.rename(number=L("opt.number"), round=L("opt.round"))
    @app_commands.describe(number=L("opt.number.desc"), round=L("opt.round.desc"))
    async def pairings(self, interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None,
                       round: app_commands.Range[int, 1] | None = None) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            number = await self._number(interaction, number, "pairings")
            found = await self.service.tournaments.pairings(_guild(interaction), number, round,
                                                            user_id=interaction.user.id)
            text = pairings_text(_plain_pairings(found), lang)
            await self.handling.reply(interaction, cut_lines(text, MAX_MESSAGE, lambda n: t("tour.more", lang, n=n)))

    # ================================================================ ``number``: the tournaments the caller may act on
    async def numbers(self, interaction: discord.Interaction, current: str, action: str) -> list[Choice[int]]:
        """``#3 Kona, Swiss (8 players)`` for each of this server's tournaments the caller may ``action``
        (``service.tournaments.listing``), those whose words or number hold what is typed; at most 25."""
        if interaction.guild_id is None:
            return []
        found = await self.service.tournament_lists.listing(interaction.guild_id, interaction.user.id, action,
                                                       manages=_manages(interaction), limit=MAX_AUTOCOMPLETE * 2)
        lang = lang_of(interaction)
        typed = current.strip().lstrip("#").lower()
        out: list[Choice[int]] = []
        for item in found:
            label = item.label(lang)[:MAX_OPTION_TEXT]
            if not typed or str(item.id).startswith(typed) or typed in label.lower():
                out.append(Choice(name=label, value=item.id))
        return out[:MAX_AUTOCOMPLETE]

    @join.autocomplete("number")
    async def join_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "join")

    @leave.autocomplete("number")
    async def leave_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "leave")

    @start.autocomplete("number")
    async def start_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "start")

    @withdraw.autocomplete("number")
    async def withdraw_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "withdraw")

    @cancel.autocomplete("number")
    async def cancel_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "cancel")

    @remove.autocomplete("number")
    async def remove_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "remove")

    @standings.autocomplete("number")
    async def standings_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "standings")

    @pairings.autocomplete("number")
    async def pairings_number(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.numbers(interaction, current, "pairings")

    # ================================================================ answers and announcements
    async def standings_message(self, st: Standings, lang: str, caller_id: int | None) -> tuple[str, discord.File]:
        """The standings as text (cut to one message) with the picture attached (drawn off the event loop)."""
        png = await asyncio.to_thread(standings_png, st, caller_id, lang)
        text = standings_text(_plain_standings(st), lang)
        file = discord.File(io.BytesIO(png), filename=f"tournament-{st.tournament_id}-standings.png",
                            description=standings_alt(st, lang))
        return cut_lines(text, MAX_MESSAGE, lambda n: t("tour.more", lang, n=n)), file

    async def _number(self, interaction: discord.Interaction, number: int | None, action: str) -> int | None:
        """The event a command means: the number given, else, of several that could fit, the one of the channel or
        thread it is typed in (``meant_here``), else None (the service picks, or asks which)."""
        if number is not None:
            return number
        channel = interaction.channel
        places = [p for p in (interaction.channel_id, channel.parent_id if isinstance(channel, discord.Thread)
                              else None) if p is not None]
        return await self.service.tournament_lists.meant_here(_guild(interaction), interaction.user.id, action,
                                                                 places)

    async def _done(self, interaction: discord.Interaction, messages: list[Any]) -> None:
        """Deliver the service's messages (announcements in the channel, tables' boards in their threads) and
        tell the caller, privately, what happened: the first announcement in their own language."""
        await self.delivery.deliver(messages, public_lang(interaction))
        lang = lang_of(interaction)
        # every announcement it made, in order: a start whose rounds were cut said only that, not the pairings
        posts = [m for m in messages if isinstance(m, TournamentPost)]
        text = "\n\n".join(said(p.key, lang, p.params) for p in posts) if posts else t("ok.posted", lang)
        await self.handling.reply(interaction, cut_lines(text, MAX_MESSAGE, lambda n: t("tour.more", lang, n=n)))

    async def announce(self, post: TournamentPost, lang: str | None) -> None:
        """A ``TournamentPost`` in the tournament's channel (``Delivery`` calls it); a round's tables get
        their threads first.  A round's announcement or the final standings, once Discord has it all, is
        confirmed to the service (until then the sweep hands it out again).  A failure is logged: the rest
        of the delivery goes on."""
        if post.guild_id in self.delivery.guilds.away:  # issue 15, defect 5: nothing for a server the bot left
            return  # (not confirmed: a stored announcement is handed out again once the bot is back)
        if post.channel_id in self.delivery.gone_channels:  # deleted: its people were told by DM, nothing is posted
            await self.service.tournaments.announced(post)
            return
        stored = (post.tournament_id, post.announces)
        if post.announces is not None and stored in self._announcing:
            return  # this process is posting it now (a slow round of many threads, and the sweep's second try)
        self._announcing.add(stored)
        try:
            await self._announce(post, lang or await self.delivery.guilds.server_lang(post.guild_id))
            await self.service.tournaments.announced(post)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                log.warning("tournament %d: an announcement failed (NotFound %s)", post.tournament_id, exc.code)
            else:  # the channel was deleted: the event is cancelled and its people told by DM; never tried again
                await self.delivery.channel_gone(post.guild_id, post.channel_id)
                await self.service.tournaments.announced(post)
        except discord.Forbidden as exc:
            # not confirmed: the sweep hands it out again a minute later (a warning that an idle event closes,
            # too: the close waits a day after its delivery).  Refused for the whole server: the bot is out of it,
            # its tables suspended and its open events' idle clock stopped until it is back
            if exc.code == MISSING_ACCESS and await self.delivery.guilds.missing_access(post.guild_id):
                log.info("tournament %d: the bot is out of its server; the announcement waits", post.tournament_id)
            else:
                log.warning("tournament %d: an announcement was refused (%s)", post.tournament_id, exc.code)
        except discord.HTTPException as exc:
            log.warning("tournament %d: an announcement failed (%s)", post.tournament_id, type(exc).__name__)
        except Exception:
            log.exception("tournament %d: an announcement failed", post.tournament_id)
        finally:
            self._announcing.discard(stored)

    async def _announce(self, post: TournamentPost, lang: str) -> None:
        tours = self.service.tournaments
        lines = said(post.key, lang, post.params).split("\n")
        pings: list[list[int]] = [list(post.mention)] + [[] for _ in lines[1:]]
        if post.key == "tournament.round":
            found = await tours.pairings(post.guild_id, post.tournament_id, int(post.params["round"]))
            threads = await self._open_threads(post, found, lang)
            if len(found.boards) == len(lines) - 1:  # a line a board: each pings its players, links its thread
                pings = [[], *(list(b.concerned) for b in found.boards)]  # not a forfeit's absent player
                lines = [lines[0], *(line + (f" <#{threads[b.table_id]}>" if b.table_id in threads else "")
                                     for line, b in zip(lines[1:], found.boards))]
        file = None
        if pictured(post.key, post.params):  # standings after the rounds decided
            st = await tours.standings(post.guild_id, post.tournament_id)
            png = await asyncio.to_thread(standings_png, st, None, lang)
            file = (png, standings_alt(st, lang))
        channel = self.delivery.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        for i, (content, users) in enumerate(chunks(lines, pings)):
            kwargs: dict[str, Any] = {"content": content, "allowed_mentions": discord.AllowedMentions(
                users=[discord.Object(id=u) for u in users], everyone=False, roles=False, replied_user=False)}
            if file is not None and i == 0:
                kwargs["file"] = discord.File(io.BytesIO(file[0]), filename=f"tournament-{post.tournament_id}.png",
                                              description=file[1])
            await channel.send(**kwargs)

    async def _open_threads(self, post: TournamentPost, found: Pairings, lang: str) -> dict[int, int]:
        """Each table of the round gets a thread of its own under the tournament's channel (before its first
        board is delivered); one that has a place already keeps it.  Table -> its thread."""
        threads: dict[int, int] = {}
        may = [True]  # a 403 says the channel takes no threads from the bot: the round's other tables are not tried
        for board in found.boards:
            if board.table_id is None:
                continue
            place = await self.delivery.place(board.table_id)
            if not place.settled:
                place = await self._settle(board.table_id, place, lang, may)
            if place.thread_id is not None:
                threads[board.table_id] = place.thread_id
        return threads

    async def place_table(self, post: PublicPost, place: Place) -> bool:
        """``Delivery``'s hook for a post of a table whose place is not settled: a tournament's table not yet
        given its thread gets it now (its first post goes there, even when the round's announcement never
        came, or came before a restart).  False for the invitation of a paired table not yet started: it is
        never shown (its seats are accepted; the sweep starts it)."""
        if post.kind == INVITE and await self.service.tournaments.needs_place(post.table_id):
            return False
        lang = await self.delivery.guilds.server_lang(place.guild_id)
        await self._settle(post.table_id, place, lang, [True])
        return True

    async def _settle(self, table_id: int, place: Place, lang: str, may: list[bool]) -> Place:
        """The table's place made final: a thread made for a tournament's table that has none (``may[0]``
        False after a 403: the channel then), told to the service; any other table's place as it is."""
        async with self._placing:
            if not await self.service.tournaments.needs_place(table_id):  # not a tournament's, or placed already
                settled = await self.delivery.place(table_id)
                if not settled.settled:  # read before it was placed, by this process or another: read again
                    self.delivery.places.pop(table_id, None)
                    settled = await self.delivery.place(table_id)
                settled.settled = True
                return settled
            name = t("thread.name", lang, game=place.title, table=table_id)
            thread_id: int | None = None
            try:
                if may[0]:
                    data = await self.delivery.client.http.start_thread_without_message(
                        place.channel_id, name=name, auto_archive_duration=ARCHIVE_MINUTES,
                        type=discord.ChannelType.public_thread.value)
                    thread_id = int(data["id"])
            except discord.HTTPException as exc:  # Forbidden included
                if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
                    raise  # the channel itself was deleted: no place for the table there (``Delivery.channel_gone``)
                log.info("table %d: no thread (%s); playing in the channel", table_id, type(exc).__name__)
                may[0] = not isinstance(exc, discord.Forbidden)
            await self.service.set_location(table_id, thread_id, None, 0)  # placed: no longer UNPLACED
            made = Place(place.game, place.title, place.guild_id, place.channel_id, thread_id)
            self.delivery.places[table_id] = made
            return made


def _plain_standings(st: Standings) -> Standings:
    """Names as text, never as mentions or markup (issue 29, item 7)."""
    from dataclasses import replace

    return replace(st, rows=tuple(replace(r, name=plain(r.name)) for r in st.rows))


def _plain_pairings(p: Pairings) -> Pairings:
    from dataclasses import replace

    return replace(p, boards=tuple(replace(b, names=tuple(map(plain, b.names))) for b in p.boards))
