"""The table service: games that last days, Discord-free (docs/architecture.md, tables/).

``TableService(repo, clock, renderer)`` turns player actions into stored moves and outbox messages;
``tables.i18n.t`` renders their texts; ``tables.outbox`` defines the messages.
"""

from __future__ import annotations

from data import redact, redact_text
from engines import canonical_name
from engines.base import MoveLabel, QuickMove
from tables.errors import TableError
from tables.follow import deliver_and_follow, follow_mesa, mesa_tables
from tables.i18n import lang_for_locale, said, t
from tables.outbox import Message, MovePlayed, PrivatePost, PublicPost, Reminder, TableFinished
from tables.service import SystemClock, TableDetails, TableService, TableSummary

__all__ = [
    "Message",
    "MoveLabel",
    "MovePlayed",
    "PrivatePost",
    "PublicPost",
    "QuickMove",
    "Reminder",
    "SystemClock",
    "TableDetails",
    "TableError",
    "TableFinished",
    "TableService",
    "TableSummary",
    "canonical_name",
    "deliver_and_follow",
    "follow_mesa",
    "lang_for_locale",
    "mesa_tables",
    "redact",
    "redact_text",
    "said",
    "t",
]
