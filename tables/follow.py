"""After a board is delivered, Mesa moves: the one loop both front ends use.

A board post says whether a Mesa seat acts next (``PublicPost.mesa_next``), so a front end never
asks the service while it delivers.  ``mesa_tables`` picks the tables whose just-delivered board says
so; ``follow_mesa`` plays every Mesa move due at one table and hands each stored move's messages to
the front end's ``deliver`` as it comes (one board per Mesa turn, ``tables.mesa``).  The Discord
front end runs it in a background task per table, the console inline.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable
from contextlib import aclosing
from typing import Protocol

from tables.outbox import BOARD, Message, PublicPost

Deliver = Callable[[list[Message]], Awaitable[None]]


class MesaPlayer(Protocol):
    """What ``follow_mesa`` needs of the service."""

    def mesa_turns(self, table_id: int) -> AsyncGenerator[list[Message], None]: ...


def mesa_tables(messages: Iterable[Message]) -> list[int]:
    """Tables whose board among ``messages`` says Mesa acts next (each once, in order)."""
    return list(dict.fromkeys(m.table_id for m in messages
                              if isinstance(m, PublicPost) and m.kind == BOARD and m.mesa_next))


async def follow_mesa(service: MesaPlayer, table_id: int, deliver: Deliver) -> None:
    """Play every Mesa move due at ``table_id``, delivering each stored move's messages in order.

    A delivery that fails stops the loop and closes the service's generator (which frees the
    table for another thinker); the ticker plays what is left.
    """
    async with aclosing(service.mesa_turns(table_id)) as turns:
        async for messages in turns:
            await deliver(messages)


async def deliver_and_follow(service: MesaPlayer, messages: list[Message], deliver: Deliver) -> None:
    """Deliver ``messages``, then let Mesa move wherever their boards say it acts next (inline)."""
    await deliver(messages)
    for table_id in mesa_tables(messages):
        await follow_mesa(service, table_id, deliver)
