"""Mesa's turns on Discord: after a board is delivered, Mesa's moves follow in a background task.

The interaction that stored a player's move is answered as soon as its board is posted; Mesa thinks
afterwards (in the service's process pool) and each of its moves is delivered like any other
outbox, one board per Mesa turn.  Which tables to follow and the loop itself are ``tables.follow``'s,
shared with the console: a board says whether Mesa acts next (``PublicPost.mesa_next``), so nothing
here asks the service.  One task per table at a time; the service refuses a second thinker for the
same table anyway.  The ticker (``cogs.ticker``) plays what no task did (a restart).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import discord

from cogs.part import ServicePart
from tables import Message, TableService, follow_mesa, mesa_tables
from tables.follow import Deliver
from tables.table_tasks import TableTasks


class MesaTurns(ServicePart):
    """``follow(messages)`` after each delivery (``Delivery`` calls it); ``idle()`` waits for every
    running Mesa turn; ``stop()`` when the bot closes.

    ``deliver`` posts each of Mesa's moves like any other outbox (``Delivery.deliver``, given by
    ``cogs.client``: delivery in turn calls ``follow``, so neither module imports the other).
    """

    def __init__(self, service: Callable[[], TableService], deliver: Deliver) -> None:
        super().__init__(service)
        self._deliver = deliver
        self.background = TableTasks("mesa-turns", "Mesa's turn")

    def follow(self, messages: Iterable[Message]) -> None:
        for table_id in mesa_tables(messages):
            if self.background.running(table_id):
                continue  # that task is delivering this very board, and plays on after it
            self.background.start(table_id, functools.partial(self._play, table_id))

    async def _play(self, table_id: int) -> None:
        await follow_mesa(self.service, table_id, self._deliver)  # a failed post frees the table

    async def idle(self) -> None:
        await self.background.idle()

    async def stop(self) -> None:
        """The bot is closing: stop thinking.  Nothing is lost: a move is stored in one transaction or
        not at all, and after the restart the ticker plays what is still Mesa's to play (no new task
        starts once stopped)."""
        await self.background.stop()


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
