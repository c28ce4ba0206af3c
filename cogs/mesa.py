"""Mesa's turns on Discord: after a board is delivered, Mesa's moves follow in a background task.

The interaction that stored a player's move is answered as soon as its board is posted; Mesa thinks
afterwards (in the service's process pool) and each of its moves is delivered like any other
outbox, one board per move.  One task per table at a time; the service refuses a second thinker
for the same table anyway.  The ticker (``Front.tick``) plays what no task did (a restart).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from contextlib import aclosing
from typing import TYPE_CHECKING, Any

from tables.mesa import board_tables
from tables.outbox import Message

if TYPE_CHECKING:
    from cogs.delivery import Delivery

log = logging.getLogger("mesa.discord")


class MesaTurns:
    """``follow(messages)`` after each delivery; ``idle()`` waits for every running Mesa turn."""

    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.stopped = False

    def follow(self, messages: Iterable[Message]) -> None:
        if self.stopped:  # closing: the next start's ticker plays these turns
            return
        for table_id in board_tables(messages):
            running = self.tasks.get(table_id)
            if running is not None and not running.done():
                continue  # that task is delivering this very board, and plays on after it
            self.tasks[table_id] = asyncio.create_task(self._play(table_id), name=f"mesa-turns-{table_id}")

    async def _play(self, table_id: int) -> None:
        try:
            service = self.delivery.service
            if service is None or not await service.mesa_to_move(table_id):
                return
            async with aclosing(service.mesa_turns(table_id)) as turns:  # a failed post frees the table
                async for messages in turns:
                    await self.delivery.deliver(messages, None)
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


def mesa_request(interaction: Any, opponents: list[Any], level: str | None,
                 bots: int | None) -> tuple[list[Any], dict[str, str]]:
    """/play's Mesa: the bot itself chosen as an opponent is one Mesa seat, ``bots`` adds more.

    Returns the human opponents and the options that ask the service for Mesa's seats.
    """
    me = getattr(interaction.client, "user", None)
    mine = {getattr(me, "id", None), getattr(interaction.client, "application_id", None)} - {None}
    humans = [u for u in opponents if u.id not in mine]
    count = (bots or 0) + (len(opponents) - len(humans))
    options: dict[str, str] = {}
    if count:
        options["bots"] = str(count)
    if level:
        options["level"] = level
    return humans, options
