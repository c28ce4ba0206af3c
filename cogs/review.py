"""Reviews of finished games (issue 32): ``/review TABLE`` and the *Review* button under a result.

A thin adapter over ``service.reviews`` (``tables.reviews``): who may have a review, making it, keeping
it and its words are the service's.  Here: defer (ephemeral thinking), then, while the review is made,
edit that deferred answer with how far it is ("Reviewing Kona #12… 40 %": Discord lets an interaction's
original response be edited for 15 minutes, far more than a review takes alone), and finally replace it
with the picture and the words, privately, in the caller's language.  A kept review is answered at once.
One still being made a minute before those 15 minutes end (queued behind many others) goes on and is kept,
and the answer says to ask again in a few minutes (``review.late``).

- ``ReviewButton`` ``mesa:review:<table>:<version>``: under a table's result post (the last post of a
  finished game, beside *Rematch*): the same as ``/review`` for whoever presses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs import answer
from cogs.command_words import in_discord_words
from cogs.controls import TABLE_VERSION, button, button_id, shown
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import INTERACTION_SECONDS, MAX_EMBED_DESCRIPTION, MAX_MESSAGE
from cogs.part import ServicePart
from cogs.pictures import alt_text
from cogs.plain import plain_params, service_text
from cogs.table_choices import finished_choices, table_or_last
from cogs.translator import L
from tables import TableService
from tables.leaderboard import LeaderboardService

Style = discord.ButtonStyle

#: the least time between two progress edits of one answer (Discord's rate limits; a review takes tens of seconds)
PROGRESS_SECONDS = 2.0
#: how long a review is waited for before the answer says it will come later: a minute before Discord stops
#: taking this interaction's answers
LATE_SECONDS = INTERACTION_SECONDS - 60.0


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"mesa:review:{TABLE_VERSION}"):
    """*Review* under a result: the finished game's review, privately, for whoever presses it."""

    def __init__(self, table: int, version: int, *, label: str = "", style: Style = Style.secondary,
                 row: int | None = None) -> None:
        super().__init__(button(button_id("review", table, version), label, fallback="review", style=style), row=row)
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReviewButton:
        label, style = shown(item)
        return cls(int(match["table"]), int(match["version"]), label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, Reviewing).review(interaction, self.table)


CONTROLS = (ReviewButton,)


class Reviewing(ServicePart, commands.Cog):
    """``/review`` and the *Review* button: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(service)
        self.handling = handling
        self.clock = clock  # seconds, for Discord's 15 minutes (tests give their own)

    @app_commands.command(name=L("cmd.review"), description=L("cmd.review.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.review_table.desc"))
    async def review_command(self, interaction: discord.Interaction,
                             table: app_commands.Range[int, 1] | None = None) -> None:
        await self.review(interaction, table)

    @review_command.autocomplete("table")
    async def review_table(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await finished_choices(LeaderboardService(self.service.repo), interaction, current)

    async def review(self, interaction: discord.Interaction, asked: int | None) -> None:
        """The table's review for the caller's eyes, its progress shown while it is made.

        Discord takes this interaction's answers for 15 minutes only (``INTERACTION_SECONDS``).  A review
        still being made a minute before that (reviews queued behind many others) is left to go on (it is
        kept once made) and the answer says so, with how to have it at once later: never a "thinking"
        message left for ever, nor an answer Discord refuses.
        """
        async with self.handling.guard(interaction, asked):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            if interaction.guild_id is None:
                raise Refusal("err.no_guild")
            # none named: the caller's most recent finished table here
            table = await table_or_last(LeaderboardService(self.service.repo), interaction, asked,
                                        "review.none_finished")
            reviews = self.service.reviews
            ctx = await reviews.finished_table(interaction.guild_id, table)  # refusals before any progress
            loop = asyncio.get_running_loop()
            began = self.clock()
            shown_at: list[float] = []
            late = asyncio.Event()
            done = [0]

            def too_late() -> bool:
                if self.clock() - began >= LATE_SECONDS:
                    late.set()
                return late.is_set()

            async def progress(percent: int) -> None:
                done[0] = max(done[0], percent)
                if too_late():
                    return  # the answer says so instead (below)
                if percent >= 100 or (shown_at and loop.time() - shown_at[-1] < PROGRESS_SECONDS):
                    return  # the answer itself comes next; or the last edit was a moment ago
                shown_at.append(loop.time())
                await interaction.edit_original_response(content=service_text(
                    "review.progress", lang, game=ctx.title, table=table, percent=percent))

            making = asyncio.ensure_future(reviews.review(interaction.guild_id, table, interaction.user.id, progress))
            noticed = asyncio.ensure_future(late.wait())
            timer = asyncio.ensure_future(asyncio.sleep(max(0.0, LATE_SECONDS - (self.clock() - began))))
            try:
                await asyncio.wait({making, noticed, timer}, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:  # the bot closes (``Handling.guard`` says this instead of a generic line)
                making.cancel()
                interaction.extras["mesa_cut"] = t(
                    "review.restarting", lang, table=table, percent=done[0], review=t("cmd.review", lang),
                    option=t("opt.table", lang), button=t("btn.review", lang))
                raise
            finally:
                for waiting in (noticed, timer):
                    waiting.cancel()
            if not making.done():
                making.cancel()  # this answer stops waiting; the review goes on, and is kept once made
                with contextlib.suppress(asyncio.CancelledError):
                    await making
                await answer.send(interaction, content=t(
                    "review.late", lang, table=table, percent=done[0], review=t("cmd.review", lang),
                    option=t("opt.table", lang), button=t("btn.review", lang)))
                return
            made = making.result()
            # names as text, never markup or mentions; the commands it names as the reader's Discord does
            text = in_discord_words(made.text(lang, inert=plain_params), lang)
            files = [discord.File(io.BytesIO(made.picture_in(lang)), filename=f"mesa-review-{table}.png",
                                  description=alt_text(made.graph_words(), lang))] if made.picture else []
            if len(text) <= MAX_MESSAGE:
                await answer.send(interaction, content=text, files=files)
            else:  # a long review: its words in an embed's description, which holds twice as much
                title, _, body = text.partition("\n")
                if len(body) > MAX_EMBED_DESCRIPTION:  # longer still: the lines that fit, and the whole as a file
                    note = "\n…\n" + t("review.attached", lang)
                    cut = body.rfind("\n", 0, MAX_EMBED_DESCRIPTION - len(note))
                    body = body[:cut if cut > 0 else MAX_EMBED_DESCRIPTION - len(note)] + note
                    files.append(discord.File(io.BytesIO(text.encode("utf-8")), filename=f"mesa-review-{table}.txt"))
                await answer.send(interaction, content=title[:MAX_MESSAGE], files=files,
                                  embed=discord.Embed(description=body))
