"""The table service: games that last days, Discord-free (docs/architecture.md, tables/).

``TableService(repo, clock, renderer)`` turns player actions into stored moves and outbox messages;
``tables.i18n.t`` renders their texts; ``tables.outbox`` defines the messages.
"""

from __future__ import annotations

from tables.errors import TableError
from tables.i18n import lang_for_locale, t
from tables.outbox import Message, PrivatePost, PublicPost, Reminder, TableFinished
from tables.service import SystemClock, TableDetails, TableService, TableSummary

__all__ = [
    "Message",
    "PrivatePost",
    "PublicPost",
    "Reminder",
    "SystemClock",
    "TableDetails",
    "TableError",
    "TableFinished",
    "TableService",
    "TableSummary",
    "lang_for_locale",
    "t",
]
