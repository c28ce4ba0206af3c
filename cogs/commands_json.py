"""``python bot.py --print-commands``: the command tree's JSON payload, exactly what a sync sends.

No token and no connection: the tree is built on an offline client and translated with the
same translator a sync uses, so checks and docs see the Spanish localizations too.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from discord import app_commands


async def command_payload(tree: app_commands.CommandTree[Any] | None = None) -> list[dict[str, Any]]:
    """The payload of every global command, localized (what ``CommandTree.sync`` would upload)."""
    if tree is None:
        from cogs.client import MesaBot

        bot = MesaBot(sync_only=True)
        await bot.add_areas()
        tree = bot.tree
    from cogs.translator import MesaTranslator

    translator = tree.translator or MesaTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def print_commands() -> int:
    print(json.dumps(asyncio.run(command_payload()), indent=2, ensure_ascii=False, sort_keys=True))
    return 0
