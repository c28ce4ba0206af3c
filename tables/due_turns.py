"""Mesa's turns the ticker finds due, played while their claims are held (issue 29, item 5c).

A table where a Mesa seat is to act is due for the ticker at once (``tables.mesa``): that is how a
restart resumes Mesa's turn.  The ticker used to play those turns inline, one table after another,
and to hand its messages over only when the whole tick was done: fifty tables of one user's ``hard``
games made one tick last 20 s, and every board of that tick (other servers' time-outs too) waited
for its end.  Now each due table's turns are played like the front ends' ``follow_mesa`` does after
a board: one stored move at a time, its messages handed to ``deliver`` as soon as they are made.

- ``start``: in a background task of its own (the bot's ticker): the tick goes on to the next table
  at once, and the task ends when Mesa has nothing more to play there;
- ``play``: in the caller's task (the console, tests, where a tick is one step of a script).

Either way the table's claim (``tables.claims``) is held, and renewed, until its turns are done, then
given back.  A delivery that fails stops that table's turns (as in ``follow_mesa``); what is left is
played at the next tick.  ``idle`` waits for the background tasks; ``stop`` ends them (the bot closes:
a move is stored in one transaction or not at all, and the next start plays what is left).
"""

from __future__ import annotations

import logging
from contextlib import aclosing

from tables.claims import Claims
from tables.errors import TableError
from tables.follow import Deliver
from tables.mesa import MesaSeats
from tables.table_tasks import TableTasks

log = logging.getLogger("tables.service")


class DueTurns:
    """Plays the due Mesa turns the ticker claimed, delivering each stored move's messages."""

    def __init__(self, mesa: MesaSeats, claims: Claims) -> None:
        self.mesa = mesa
        self.claims = claims
        self.background = TableTasks("mesa-due", "Mesa's due turn")

    def start(self, table_id: int, deliver: Deliver) -> None:
        """Play the table's due turns in a background task (the claim is given back at its end)."""
        self.background.start(table_id, lambda: self.play(table_id, deliver))

    async def play(self, table_id: int, deliver: Deliver) -> None:
        """Play the table's due turns now, each move's messages delivered as it is stored."""
        try:
            async with aclosing(self.mesa.turns(table_id)) as turns:
                async for messages in turns:
                    if not messages:
                        continue
                    try:
                        await deliver(messages)
                    except Exception as exc:  # the table is freed; the next tick plays what is left
                        log.error("table %d: Mesa's move was not delivered (%s)", table_id, type(exc).__name__)
                        return
        except TableError as exc:
            log.error("table %d: Mesa's due turn skipped (%s)", table_id, exc.key)
        finally:
            await self.claims.release(table_id)

    async def idle(self) -> None:
        """Wait until every background turn has ended (tests, benchmarks)."""
        await self.background.idle()

    async def stop(self) -> None:
        """Stop every background turn (the bot closes)."""
        await self.background.stop()
