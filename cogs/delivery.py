"""Delivering the service's outbox to Discord: the table's thread, ephemeral answers, DMs.

- ``PublicPost`` -> a message in the table's thread (or its channel when threads are not allowed),
  with the board image attached, the players to act mentioned (and only they may be pinged: its
  ``allowed_mentions`` lists their ids), and the controls its ``components_hint`` asks for.  The
  previous board's controls are removed, so only the latest board carries a move picker (an old
  button still answers, with the current board).
- ``PrivatePost`` / ``Reminder`` -> a DM to that one player, naming the table and linking its thread.
  A user whose DMs are closed (Discord error 50007) is remembered through the service's user
  preferences and not retried until they use a command again (``Handling.touch``).
- ``TableFinished`` -> nothing more to post (the result post came before it).
- ``TournamentPost`` -> the tournament's channel, through ``tournament_posts`` (``cogs.tournaments``).
- A channel Discord says is deleted (404 Unknown Channel, 10003, on a post there or in a thread of it; or the
  gateway's CHANNEL_DELETE, ``channel_gone``) is posted to no more: its tables' posts are recorded as made (the
  ticker does not try them again), its tournaments are cancelled, and their players, organisers and entrants are
  told by DM once, in their language, with what to do (``tables.channels_gone``); a closed DM is skipped, logged.
  A tournament's table gets its thread before its first post, whichever path brings that post (the round's
  announcement, its first board, or the ticker's missed posts after a restart): ``tournament_place``.

Public posts only ever hold what the service put in them, which it builds from the spectator view.
Every text is built from params made inert first (``cogs.plain``): a player named ``<@id>`` or
``**bold**`` is shown as typed, never as a mention or markup (issue 29, item 7).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

import discord

from cogs import answer
from cogs.guild_life import MISSING_ACCESS, GuildWatch
from cogs.i18n_discord import lang_for, t
from cogs.limits import MAX_MESSAGE
from cogs.part import ServicePart
from cogs.pictures import alt_text, picture_file
from cogs.plain import plain_params, said, service_text
from tables import Message, PrivatePost, PublicPost, Reminder, TableService
from tables.outbox import BOARD, INVITE, RESULT, TournamentPost

log = logging.getLogger("mesa.discord")

#: what stands for the lines a caption too long for one message leaves out
LEFT_OUT = "…"


def fit_middle(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters: its first and last lines kept (what happened first; whose turn,
    the scores), lines from the middle (a long round's news) left out for "…"; a first line still too long is
    cut and ends in "…"."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    first, middle, last = lines[0], lines[1:-1], lines[-1] if len(lines) > 1 else ""
    while middle and len("\n".join([first, *middle, LEFT_OUT, last])) > limit:
        middle.pop()
    kept = [*middle, LEFT_OUT] if len(lines) > 2 else []
    room = limit - len("\n".join(["", *kept, last])) if last else limit
    if len(first) > room:
        first = first[: max(room - 1, 0)].rstrip() + LEFT_OUT
    return "\n".join([first, *kept, last] if last else [first])[:limit]


#: what became of a direct message (``Delivery.dm``)
SENT, CLOSED, JUST_CLOSED, FAILED = "sent", "closed", "just closed", "failed"
#: Discord error code: "Cannot send messages to this user" (DMs closed or no shared server)
DMS_CLOSED = 50007
#: Discord error code: "Unknown Channel" (the channel, or thread, was deleted)
UNKNOWN_CHANNEL = 10003
#: threads archive after a week without messages (games can last days); one of the durations Discord offers
ARCHIVE_MINUTES: Final = 10080

#: the controls under a public post, in the reader's language (``cogs.post_controls``)
Controls = Callable[[PublicPost, str], discord.ui.View | None]


def gone_words(lang: str) -> dict[str, str]:
    """The commands a deleted channel's DMs name, as the reader's Discord shows them."""
    return {"resign": t("cmd.resign", lang), "opt_table": t("opt.table", lang), "play": t("cmd.play", lang),
            "games": t("cmd.games", lang), "create": f"{t('cmd.tournament', lang)} {t('cmd.tournament.create', lang)}"}


def public_lang(interaction: discord.Interaction) -> str:
    """Public posts follow the server's language (Spanish for es-ES / es-419 servers)."""
    return lang_for(interaction.guild_locale)


@dataclass
class Place:
    game: str
    title: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    #: whether the table's place is known to be final (issue 31: a tournament's table read with no thread may
    #: be one whose thread is still to be made; ``Delivery.tournament_place`` settles it)
    settled: bool = True

    @property
    def id(self) -> int:
        return self.thread_id or self.channel_id


class PostFailed(Exception):
    """Discord did not take a public post: refused it (``forbidden``: a 403, a permission missing in
    that channel at that moment) or failed it.  What the post shows is stored; its table's posted
    version stays behind, so the ticker posts it again (``missed_posts``, boards and invitations
    alike).  The caller is told so, in words for what was lost (``invitation``: the table's invitation).
    ``gone``: the table's channel was deleted, so nothing will be posted again (its players were told by DM)."""

    def __init__(self, table_id: int, *, invitation: bool, forbidden: bool, gone: bool = False) -> None:
        super().__init__(table_id)
        self.table_id = table_id
        self.invitation = invitation
        self.forbidden = forbidden
        self.gone = gone


class Delivery(ServicePart):
    """One per bot (``cogs.client`` builds it); every area delivers what the service returns through it.

    It is given what it does not decide itself: ``controls``, the buttons a post carries
    (``cogs.post_controls``), and ``follow``, told of every delivery so that Mesa moves where a board
    says it acts next (``cogs.mesa.MesaTurns.follow``).  Both are the areas' business, above this
    module, so they are handed in rather than imported.
    """

    def __init__(self, client: discord.Client, service: Callable[[], TableService], guilds: GuildWatch,
                 controls: Controls, follow: Callable[[Iterable[Message]], None]) -> None:
        self.client = client
        super().__init__(service)
        self.guilds = guilds  # issue 15, defects 5 and 7: servers' languages, the bot leaving
        self._controls = controls
        self._follow = follow
        self.places: dict[int, Place] = {}
        self.boards: dict[int, int] = {}  # table -> message holding the latest controls
        #: table -> its open offer's message (a takeback request, a draw offer: a line of news with Accept /
        #: Decline), while it has its buttons; whatever the table posts next answers it, or makes it lapse
        self.offers: dict[int, int] = {}
        self.langs: dict[int, str] = {}  # table -> language of its public posts
        self.locales: dict[int, str] = {}  # user -> last Discord locale seen
        #: (table, user) told in the table's place that their DMs are closed (once each while this process runs)
        self.dms_closed_told: set[tuple[int, int]] = set()
        #: channels Discord said are deleted (``channel_gone``): nothing is posted there any more
        self.gone_channels: set[int] = set()
        #: posts a tournament's announcements in its channel (issue 31: ``cogs.tournaments`` sets it)
        self.tournament_posts: Callable[[TournamentPost, str | None], Awaitable[None]] | None = None
        #: makes a tournament's table its thread before its first post; False: the post is not for now
        #: (issue 31: ``cogs.tournaments`` sets it)
        self.tournament_place: Callable[[PublicPost, Place], Awaitable[bool]] | None = None

    # ---- where a table lives ------------------------------------------------------------------
    async def place(self, table_id: int) -> Place:
        found = self.places.get(table_id)
        if found is None:
            summary = (await self.service.table_details(table_id)).summary
            found = Place(summary.game, summary.title, summary.guild_id, summary.channel_id, summary.thread_id,
                          settled=summary.thread_id is not None)
            self.places[table_id] = found
            if summary.message_id is not None:  # a board posted before a restart: its controls go with the next
                self.boards.setdefault(table_id, summary.message_id)
        return found

    async def open_place(self, interaction: discord.Interaction, table_id: int, title: str,
                         parent_id: int | None = None) -> int:
        """A public thread for a new table under the channel used; the channel itself when that fails."""
        channel = interaction.channel
        guild_id = interaction.guild_id or 0
        summary = (await self.service.table_details(table_id)).summary
        thread_id: int | None = None
        if isinstance(channel, discord.Thread):
            thread_id = channel.id  # threads do not nest: the table lives in this thread
        elif parent_id is not None and parent_id != interaction.channel_id:
            thread_id = await self._new_thread(self.client.get_partial_messageable(parent_id, guild_id=guild_id),
                                               table_id, title, interaction)
        elif channel is not None:
            thread_id = await self._new_thread(channel, table_id, title, interaction)
        self.places[table_id] = Place(summary.game, title, guild_id, summary.channel_id, thread_id)
        # version 0: this front end reports what it posts from now on, so an invitation Discord refuses
        # to post below is posted again by the ticker like a missed board (issue 29, item 11)
        await self.service.set_location(table_id, thread_id, None, 0)
        return thread_id or summary.channel_id

    @staticmethod
    def can_post_boards(interaction: discord.Interaction) -> bool:
        """Whether the bot may post boards here: in a thread of its own, or in the channel itself.

        A board is text, an image and controls: Send Messages (Send Messages in Threads inside a
        thread) and Attach Files.  ``app_permissions`` are the bot's in this channel, overwrites
        included; asking Discord to post without them only earns 403s (issue 15).
        """
        return Delivery.boards_allowed(interaction.app_permissions, isinstance(interaction.channel, discord.Thread))

    @staticmethod
    def boards_allowed(perms: discord.Permissions, in_thread: bool) -> bool:
        """``can_post_boards`` for the bot's permissions in a channel (``in_thread``: a thread of it)."""
        return not Delivery.missing_for_boards(perms, in_thread)

    @staticmethod
    def missing_for_boards(perms: discord.Permissions, in_thread: bool) -> list[str]:
        """The permissions the bot lacks to post boards in a channel, by ``perm.*`` keys, in the order Discord's
        settings list them: all it needs to be given there, never one it has (View Channel first: without it
        nothing else helps)."""
        if not perms.view_channel:
            return ["perm.view_channel"]
        missing = []
        if in_thread:
            missing += [] if perms.send_messages_in_threads else ["perm.send_messages_in_threads"]
        elif not perms.send_messages and not (perms.create_public_threads and perms.send_messages_in_threads):
            missing += ["perm.send_messages"]  # posting in the channel itself; a thread of its own needs two more
        return missing + ([] if perms.attach_files else ["perm.attach_files"])

    @staticmethod
    def permissions_in(interaction: discord.Interaction, channel_id: int) -> discord.Permissions | None:
        """The bot's permissions in another channel of the interaction's server, from discord.py's cache of the
        server (the ``guilds`` intent keeps it: its channels, roles and the bot's member), overwrites included;
        None when not cached (Discord gives them with an interaction for its own channel only)."""
        guild = interaction.guild
        channel = guild.get_channel(channel_id) if guild is not None else None
        me = guild.me if guild is not None else None
        if channel is None or me is None:
            return None
        return channel.permissions_for(me)

    async def _new_thread(self, channel: Any, table_id: int, title: str,
                          interaction: discord.Interaction) -> int | None:
        perms = interaction.app_permissions
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            return None
        name = t("thread.name", public_lang(interaction), game=title, table=table_id)
        try:
            if isinstance(channel, discord.TextChannel):
                thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=ARCHIVE_MINUTES)
            else:  # a partial channel (rematch from another place): the same REST call
                data = await self.client.http.start_thread_without_message(
                    channel.id, name=name, auto_archive_duration=ARCHIVE_MINUTES,
                    type=discord.ChannelType.public_thread.value)
                return int(data["id"])
        except (discord.Forbidden, discord.HTTPException) as exc:
            log.info("table %d: no thread (%s); playing in the channel", table_id, type(exc).__name__)
            return None
        return thread.id

    def table_line(self, table_id: int, place_id: int, lang: str) -> str:
        return t("ok.table", lang, table=table_id, place=f"<#{place_id}>")

    # ---- the outbox ---------------------------------------------------------------------------
    async def deliver(self, messages: list[Message], lang: str | None) -> None:
        """Deliver every message; a public post Discord did not take is reported (``PostFailed``) after
        the others went out."""
        failed: PostFailed | None = None
        for message in messages:
            if isinstance(message, TournamentPost):  # issue 31: a tournament's channel post, no table's
                if self.tournament_posts is not None:
                    await self.tournament_posts(message, lang)  # (cogs.tournaments: it logs its own failures)
                continue
            if self.guilds.away and (await self.place(message.table_id)).guild_id in self.guilds.away:
                continue  # issue 15, defect 5: nothing about a server the bot has left, not even DMs
            try:
                if isinstance(message, PublicPost):
                    if (await self.place(message.table_id)).channel_id in self.gone_channels:
                        failed = failed or await self._post_gone(message)
                        continue
                    if not await self._placed(message):
                        continue
                    await self.post_public(message, lang)
                elif isinstance(message, PrivatePost):
                    await self.send_private(message)
                elif isinstance(message, Reminder):
                    await self.send_reminder(message)
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL and isinstance(message, PublicPost):  # its channel was deleted
                    place = await self.place(message.table_id)
                    await self.channel_gone(place.guild_id, place.channel_id)
                    failed = failed or await self._post_gone(message)
                    continue
                log.warning("table %d: a post failed (NotFound %s)", message.table_id, exc.code)
                failed = failed or self._failed(message, forbidden=False)
            except discord.Forbidden as exc:
                if exc.code == MISSING_ACCESS and await self.guilds.missing_access(
                        (await self.place(message.table_id)).guild_id):
                    continue  # the whole server is closed to the bot: its tables are suspended
                log.warning("table %d: Discord refused a post", message.table_id)
                failed = failed or self._failed(message, forbidden=True)
            except discord.HTTPException as exc:
                log.warning("table %d: a post failed (%s %s)", message.table_id, type(exc).__name__, exc.status)
                failed = failed or self._failed(message, forbidden=False)  # never "done" for a post not made
        self._follow(messages)  # Mesa's moves follow the boards delivered here (cogs/mesa.py)
        if failed is not None:
            raise failed

    # ---- a channel deleted (tables.channels_gone) ------------------------------------------------
    async def channel_gone(self, guild_id: int, channel_id: int) -> None:
        """Discord said ``channel_id`` is deleted (a post's 404 Unknown Channel, or CHANNEL_DELETE): nothing is
        posted there from now on; its tournaments are cancelled and their people told by DM, and so are the players
        of its tables, each once (``tables.channels_gone``)."""
        if channel_id in self.gone_channels:
            return
        self.gone_channels.add(channel_id)
        log.info("server %d: channel %d was deleted; its tournaments and tables are told", guild_id, channel_id)
        gone = self.service.channels_gone
        tournaments = await gone.channel(channel_id)
        for event in tournaments:
            for user_id in event.people:
                lang = await self.user_lang(user_id)
                key = "gone.tournament" if event.running else "gone.tournament.open"
                text = t(key, lang, id=event.tournament_id, title=event.title,
                         organiser=plain_params({"n": event.organiser})["n"] or "?",
                         standings=f"/{t('cmd.tournament', lang)} {t('cmd.tournament.standings', lang)} "
                                   f"{t('opt.number', lang)}:{event.tournament_id}", **gone_words(lang))
                await self._tell_gone(user_id, 0, text)
        for table in await gone.tables_in(channel_id):
            await self._tell_table_gone(table)

    async def _post_gone(self, post: PublicPost) -> PostFailed:
        """A table's post whose channel is deleted: recorded as made (the ticker does not try it again), its
        players told once (``channel_gone`` told them all, unless the table began since)."""
        place = await self.place(post.table_id)
        place.thread_id = None
        self.boards.pop(post.table_id, None)
        await self.service.set_location(post.table_id, None, None, post.version)
        await self._tell_table_gone(await self.service.channels_gone.table(post.table_id))
        return PostFailed(post.table_id, invitation=post.kind == INVITE, forbidden=False, gone=True)

    async def _tell_table_gone(self, table: Any) -> None:
        for user_id in table.players:
            lang = await self.user_lang(user_id)
            await self._tell_gone(user_id, table.table_id, t("gone.table", lang, table=table.table_id,
                                                             game=table.title, **gone_words(lang)))

    async def _tell_gone(self, user_id: int, table_id: int, text: str) -> None:
        if await self.dm(user_id, table_id, text, None) != SENT:  # DMs closed: skipped (no channel to say it in)
            log.info("user %d: not told by DM that a channel was deleted", user_id)

    async def _placed(self, post: PublicPost) -> bool:
        """Whether ``post`` goes out now: a table whose place is not settled may be a tournament's, whose
        thread is made first (``tournament_place``)."""
        place = await self.place(post.table_id)
        if place.settled:
            return True
        if self.tournament_place is None:
            place.settled = True
            return True
        return await self.tournament_place(post, place)

    @staticmethod
    def _failed(message: Message, *, forbidden: bool) -> PostFailed | None:
        """A public post that did not go out (a DM that did not is ``dm``'s business: it is not retried)."""
        if not isinstance(message, PublicPost):
            return None
        return PostFailed(message.table_id, invitation=message.kind == INVITE, forbidden=forbidden)

    async def post_public(self, post: PublicPost, lang: str | None) -> discord.Message:
        place = await self.place(post.table_id)
        if lang is not None:
            self.langs[post.table_id] = lang
        lang = self.langs.get(post.table_id) or await self.guilds.server_lang(place.guild_id)  # issue 15, defect 7
        channel = self.client.get_partial_messageable(place.id, guild_id=place.guild_id)
        text = said(post.key, lang, post.params)
        deadline = post.params.get("deadline_ts")
        tail = f" ⏳ <t:{deadline}:R>" if post.kind == BOARD and isinstance(deadline, int) and deadline > 0 else ""
        mentioned = [u for u in post.mention if u > 0]  # Discord users only (Mesa's seats have negative ids)
        head = " ".join(f"<@{u}>" for u in mentioned) + "\n" if mentioned else ""
        text = head + fit_middle(text, MAX_MESSAGE - len(head) - len(tail)) + tail
        # the players this post is for, by id, and nobody else: whatever a name says, it pings no one
        kwargs: dict[str, Any] = {"content": text[:MAX_MESSAGE], "allowed_mentions": discord.AllowedMentions(
            users=[discord.Object(id=u) for u in mentioned], everyone=False, roles=False, replied_user=False)}
        if post.image:
            kwargs["file"] = picture_file(post.image, f"mesa-{post.table_id}.png", post.alt, lang)
        view = self._controls(post, lang)
        if view is not None:
            kwargs["view"] = view
        try:
            message = await channel.send(**kwargs)
        except (discord.NotFound, discord.Forbidden) as exc:
            if place.thread_id is None:
                raise
            if isinstance(exc, discord.Forbidden) and exc.code == MISSING_ACCESS and \
                    await self.guilds.whole_guild_gone(place.guild_id):
                raise  # the bot is out of the server, not out of the thread: keep the thread (issue 15, defect 5)
            if isinstance(exc, discord.Forbidden) and not await self._thread_locked(place.thread_id):
                # a permission taken away (Attach Files, Send Messages in Threads, View Channel), not a locked
                # thread: the post waits to be made again where it belongs (the mover is told; the ticker posts it
                # once the permission is back), rather than the game leaving its thread for good
                raise
            # the thread was deleted, or locked (issue 15, defect 2: a 403 there stalled the game):
            # the table goes on in its channel, and the first post there says where and why, once
            thread_id = place.thread_id
            log.info("table %d: thread %s; continuing in the channel", post.table_id,
                     "gone" if isinstance(exc, discord.NotFound) else "closed to the bot")
            if isinstance(exc, discord.Forbidden):
                cached = self.client.get_channel(thread_id)  # discord.py drops archived threads from its cache
                if isinstance(cached, discord.Thread) and not cached.archived:  # archived: no edits at all
                    await self._retire_controls(post.table_id, channel)  # the locked thread's board loses its buttons
                kwargs["content"] = (t("thread.moved", lang, thread=f"<#{thread_id}>") + "\n"
                                     + kwargs["content"])[:MAX_MESSAGE]
            self.boards.pop(post.table_id, None)
            place.thread_id = None
            await self.service.set_location(post.table_id, None, None)
            channel = self.client.get_partial_messageable(place.id, guild_id=place.guild_id)
            if "file" in kwargs:
                kwargs["file"] = picture_file(post.image or b"", f"mesa-{post.table_id}.png", post.alt, lang)
            message = await channel.send(**kwargs)
        offer = self.offers.pop(post.table_id, None)
        if offer is not None:  # a takeback request or draw offer is answered, or lapsed, by the table's next post
            await self._retire(post.table_id, channel, offer)
        if view is not None and post.kind not in (BOARD, INVITE, RESULT):
            self.offers[post.table_id] = message.id
        if post.kind in (BOARD, INVITE):
            await self._retire_controls(post.table_id, channel)
            self.boards[post.table_id] = message.id
            # the version tells the ticker (and a restarted process) which boards and invitations it missed
            await self.service.set_location(post.table_id, place.thread_id, message.id, post.version)
        return message

    async def _thread_locked(self, thread_id: int) -> bool:
        """Whether Discord says the thread is locked (or gone), asked when a post there was refused: a locked
        thread refuses the bot as a missing permission does (403), and only a locked one sends the game on in
        its channel."""
        try:
            thread = await self.client.fetch_channel(thread_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:  # no View Channel, or Discord unsure: a permission, said and waited out
            return False
        return isinstance(thread, discord.Thread) and bool(thread.locked)

    async def _retire_controls(self, table_id: int, channel: Any) -> None:
        old = self.boards.get(table_id)
        if old is None:
            return
        await self._retire(table_id, channel, old)

    @staticmethod
    async def _retire(table_id: int, channel: Any, message_id: int) -> None:
        """Take the controls off one of the table's earlier posts (a board, an offer)."""
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except (discord.NotFound, discord.Forbidden, discord.HTTPException) as exc:
            log.info("table %d: old controls stay (%s)", table_id, type(exc).__name__)

    # ---- private messages ---------------------------------------------------------------------
    async def user_lang(self, user_id: int) -> str:
        if user_id in self.locales:
            return lang_for(self.locales[user_id])
        try:
            prefs = await self.service.user_prefs(user_id)
        except Exception as exc:  # the language is a nicety: the message goes in English, and the fault is told
            log.warning("user %d: their language could not be read (%s)", user_id, type(exc).__name__)
            return "en"
        return lang_for(prefs.locale)

    def link(self, place: Place) -> str:
        return f"https://discord.com/channels/{place.guild_id}/{place.id}"

    async def send_private(self, post: PrivatePost) -> None:
        place = await self.place(post.table_id)
        lang = await self.user_lang(post.user_id)
        text = said(post.key, lang, post.params) + "\n" + \
            t("private.link", lang, table=post.table_id, game=place.title, link=self.link(place))
        if await self.dm(post.user_id, post.table_id, text, post.image, alt_text(post.alt, lang)) == JUST_CLOSED:
            await self.tell_dms_closed(post.user_id, place, post.table_id)

    async def tell_dms_closed(self, user_id: int, place: Place, table_id: int) -> None:
        """A private view that could not reach its player (DMs closed, 50007): said once in the table's place,
        to them alone (pinged by id), with what to press to see it and how to open their DMs; never what it
        shows.  Nobody would tell them otherwise: a closed DM is not retried until they act again."""
        if (table_id, user_id) in self.dms_closed_told:
            return
        self.dms_closed_told.add((table_id, user_id))
        lang = await self.place_lang(place, table_id)
        text = t("private.dms_closed", lang, player=f"<@{user_id}>", game=place.title, table=table_id,
                 mine=t("btn.my_pieces", lang))
        await self.tell_in_place(place, table_id, user_id, text, "the closed-DM notice")

    async def place_lang(self, place: Place, table_id: int) -> str:
        """The language a table's place is written in (its server's)."""
        return self.langs.get(table_id) or await self.guilds.server_lang(place.guild_id)

    async def tell_in_place(self, place: Place, table_id: int, user_id: int, text: str, what: str) -> bool:
        """``text`` in the table's place, its one player pinged (only they may be: ``allowed_mentions``); whether
        Discord took it."""
        if place.channel_id in self.gone_channels:  # deleted: nothing to say there (its players were told by DM)
            return True
        channel = self.client.get_partial_messageable(place.id, guild_id=place.guild_id)
        try:
            await channel.send(content=text[:MAX_MESSAGE], allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=user_id)], everyone=False, roles=False, replied_user=False))
        except discord.HTTPException as exc:
            log.info("table %d: %s was not posted (%s)", table_id, what, type(exc).__name__)
            return False
        return True

    async def send_reminder(self, post: Reminder) -> bool:
        """A deadline's reminder by DM; where the player's DMs are closed, in the table's place, pinging them
        alone (a player who closed DMs to server members, a common setting on phones, was timed out unwarned).
        Whether it reached them: one Discord refused for another reason (too many DMs opened at once, an outage)
        is not, and is handed out again by a later tick (issue 29: a reminder counts as sent once it went out)."""
        place = await self.place(post.table_id)
        lang = await self.user_lang(post.user_id)
        text = self._reminder_text(post, lang)
        sent = await self.dm(post.user_id, post.table_id, text + "\n" + t(
            "private.link", lang, table=post.table_id, game=place.title, link=self.link(place)), None)
        if sent in (SENT, FAILED):  # failed: not delivered, handed out again by a later tick
            return sent == SENT
        if not post.kind:  # DMs closed, an expired table's notice: its own post in the table's place said it
            return True
        public = await self.place_lang(place, post.table_id)
        said_there = t("reminder.in_place", public, player=f"<@{post.user_id}>",
                       reminder=self._reminder_text(post, public))
        return await self.tell_in_place(place, post.table_id, post.user_id, said_there, "a reminder")

    async def remind(self, reminder: Reminder) -> bool:
        """One reminder of the ticker's, and whether to confirm it delivered: not while Discord keeps it from
        the player (then a later tick hands it out again); a server the bot has left sends nothing (confirmed)."""
        if self.guilds.away and (await self.place(reminder.table_id)).guild_id in self.guilds.away:
            return True
        try:
            return await self.send_reminder(reminder)
        except discord.HTTPException as exc:
            log.warning("table %d: a reminder failed (%s)", reminder.table_id, type(exc).__name__)
            return False

    @staticmethod
    def _reminder_text(post: Reminder, lang: str) -> str:
        params = plain_params(post.params)
        deadline = post.params.get("deadline_ts")
        if isinstance(deadline, int) and deadline > 0:  # shown in the reader's own time zone, not UTC
            params["deadline"] = f"<t:{deadline}:f>"  # made here, after the params were made inert
        return service_text(post.key, lang, **params)

    async def dm(self, user_id: int, table_id: int, text: str, image: bytes | None, alt: str | None = None) -> str:
        """A direct message (``alt``: its picture's alt text), unless the user's DMs are known to be closed; 50007
        marks them closed.  ``SENT``, ``CLOSED`` (known closed: not tried), ``JUST_CLOSED`` (Discord has just
        said so) or ``FAILED`` (refused or failed otherwise)."""
        if await self.service.dms_closed(user_id):
            return CLOSED
        try:
            channel = await self.client.create_dm(discord.Object(id=user_id))
            kwargs: dict[str, Any] = {"content": text[:MAX_MESSAGE]}
            if image:
                kwargs["file"] = discord.File(io.BytesIO(image), filename=f"mesa-{table_id}-private.png",
                                              description=alt)
            await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code == DMS_CLOSED:
                log.info("table %d: a player's DMs are closed; not retrying", table_id)
                await self.service.set_dms_closed(user_id, True)
                return JUST_CLOSED
            log.warning("table %d: DM refused (%s)", table_id, exc.code)
            return FAILED
        except (discord.NotFound, discord.HTTPException) as exc:
            log.warning("table %d: DM failed (%s)", table_id, type(exc).__name__)
            return FAILED
        return SENT

    async def answer_private(self, interaction: discord.Interaction, post: PrivatePost, lang: str) -> None:
        """The "My pieces" answer: ephemeral, to the one seated player who asked."""
        text = said(post.key, lang, post.params)
        files = [picture_file(post.image, f"mesa-{post.table_id}-private.png", post.alt, lang)] if post.image else None
        await answer.send(interaction, content=text[:MAX_MESSAGE], files=files)

