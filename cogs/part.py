"""What the bot's parts share: the table service, read at each use.

Each part (an area of commands and controls, the delivery, the ticker…) is handed a function that returns the
service rather than the service itself: ``MesaBot.login`` opens the service after ``cogs.client`` has built the
parts, and ``python bot.py --print-commands`` builds them with none at all.
"""

from __future__ import annotations

from collections.abc import Callable

from tables import TableService


class ServicePart:
    """A part of the bot that uses the table service (``cogs.client`` builds one of each)."""

    def __init__(self, service: Callable[[], TableService]) -> None:
        self._service = service

    @property
    def service(self) -> TableService:
        return self._service()
