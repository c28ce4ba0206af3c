"""Mesa's turns on Discord: after a board is delivered, Mesa's moves follow in a background task.

The interaction that stored a player's move is answered as soon as its board is posted; Mesa thinks
afterwards (in the service's process pool) and each of its moves is delivered like any other
outbox, one board per Mesa turn.  Which tables to follow and the loop itself are ``tables.follow``'s,
shared with the console: a board says whether Mesa acts next (``PublicPost.mesa_next``), so nothing
here asks the service.  One task per table at a time; the service refuses a second thinker for the
same table anyway.  The ticker (``cogs.ticker``) plays what no task did (a restart).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

import discord

from tables import Message, TableService, follow_mesa, mesa_tables
from tables.follow import Deliver

log = logging.getLogger("mesa.discord")


class MesaTurns:
    """``follow(messages)`` after each delivery (``Delivery`` calls it); ``idle()`` waits for every
    running Mesa turn; ``stop()`` when the bot closes.

    ``deliver`` posts each of Mesa's moves like any other outbox (``Delivery.deliver``, given by
    ``cogs.client``: delivery in turn calls ``follow``, so neither module imports the other).
    """

    def __init__(self, service: Callable[[], TableService], deliver: Deliver) -> None:
        self._service = service
        self._deliver = deliver
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.stopped = False

    def follow(self, messages: Iterable[Message]) -> None:
        if self.stopped:  # closing: the next start's ticker plays these turns
            return
        for table_id in mesa_tables(messages):
            running = self.tasks.get(table_id)
            if running is not None and not running.done():
                continue  # that task is delivering this very board, and plays on after it
            self.tasks[table_id] = asyncio.create_task(self._play(table_id), name=f"mesa-turns-{table_id}")

    async def _play(self, table_id: int) -> None:
        try:
            await follow_mesa(self._service(), table_id, self._deliver)  # a failed post frees the table
        except Exception as exc:  # the ticker tries again; the log names the table and the type only
            log.error("table %d: Mesa's turn failed (%s)", table_id, type(exc).__name__)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]

    async def idle(self) -> None:
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)

    async def stop(self) -> None:
        """The bot is closing: stop thinking.  Nothing is lost: a move is stored in one transaction or
        not at all, and after the restart the ticker plays what is still Mesa's to play."""
        self.stopped = True
        running = list(self.tasks.values())
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running)


def mesa_request(interaction: discord.Interaction, opponents: list[discord.abc.User], level: str | None,
                 bots: int | None) -> tuple[list[discord.abc.User], dict[str, str]]:
    """/play's Mesa: the bot itself chosen as an opponent is one Mesa seat, ``bots`` adds more.

    Returns the human opponents and the options that ask the service for Mesa's seats.
    """
    me = interaction.client.user
    mine = {me.id if me is not None else None, interaction.client.application_id} - {None}
    humans = [u for u in opponents if u.id not in mine]
    count = (bots or 0) + (len(opponents) - len(humans))
    options: dict[str, str] = {}
    if count:
        options["bots"] = str(count)
    if level:
        options["level"] = level
    return humans, options
