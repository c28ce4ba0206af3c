"""Discord's limits, named once (https://discord.com/developers/docs/ — messages, components, autocomplete).

The move picker (``tables.picker``) is built to fit a select menu, so its limits are these ones.
"""

from __future__ import annotations

from tables.picker import MAX_CHOICES, MAX_VALUE

#: characters in a message's content
MAX_MESSAGE = 2000
#: characters we put in an embed's description (Discord allows 4096; the rest is a margin)
MAX_EMBED_DESCRIPTION = 4000
#: options in one select menu, and choices in one autocomplete answer
MAX_SELECT_OPTIONS = MAX_CHOICES
MAX_AUTOCOMPLETE = MAX_CHOICES
#: characters in a select option's label or value, an autocomplete choice's name or value
MAX_OPTION_TEXT = MAX_VALUE
#: characters of a command's string option (``/move text``, ``/play variant``)
MAX_TEXT_OPTION = 100
#: characters of a button's label
MAX_BUTTON_LABEL = 80
#: characters of a select menu's placeholder
MAX_PLACEHOLDER = 150
#: characters of a component's custom id
MAX_CUSTOM_ID = 100
#: characters we put in an attachment's description, its alt text (Discord allows 1024)
MAX_ALT_TEXT = 1000
#: bytes of an upload every server accepts (Discord's smallest upload limit, 10 MiB)
MAX_UPLOAD = 10 * 1024 * 1024
#: seconds an interaction's token lives: its answer and follow-ups must come within them
INTERACTION_SECONDS = 15 * 60

__all__ = [
    "INTERACTION_SECONDS",
    "MAX_ALT_TEXT",
    "MAX_AUTOCOMPLETE",
    "MAX_BUTTON_LABEL",
    "MAX_CUSTOM_ID",
    "MAX_EMBED_DESCRIPTION",
    "MAX_MESSAGE",
    "MAX_OPTION_TEXT",
    "MAX_PLACEHOLDER",
    "MAX_SELECT_OPTIONS",
    "MAX_TEXT_OPTION",
    "MAX_UPLOAD",
]
