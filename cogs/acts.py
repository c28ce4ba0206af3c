"""What a player does at a table, whether typed or clicked: move, offer or answer a draw, resign.

``/move`` and a move button or the picker's last step, ``/draw`` and the Draw buttons, ``/resign``
and its confirmation all end in the same service call, delivery and answer; they are written once,
here, for the areas that take them (``cogs.play``, ``cogs.board``, ``cogs.picking``).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from cogs.delivery import Delivery, public_lang
from cogs.handling import Handling, lang_of
from cogs.i18n_discord import t
from cogs.part import ServicePart
from cogs.plain import plain, said, sketch_block
from tables import MovePlayed, TableService
from tables.outbox import RESULT


class TableActs(ServicePart):
    """One per bot (``cogs.client`` builds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling, delivery: Delivery) -> None:
        super().__init__(service)
        self.handling = handling
        self.delivery = delivery

    async def submit(self, interaction: discord.Interaction, table_id: int, text: str,
                     version: int | None, *, picked: bool = False) -> None:
        """Play ``text`` for the caller; the service parses, checks and stores it.

        ``picked``: the move came from the private picker, whose message then shows the result.
        The interaction's id names the submission (issue 29): a reply from the database lost on its way
        is answered by what it stored, never by a second move.
        """
        messages = await self.service.submit_move(table_id, interaction.user.id, text, version,
                                                  key=f"discord:{interaction.id}")
        await self.delivery.deliver(messages, public_lang(interaction))
        played = next((m for m in messages if isinstance(m, MovePlayed)), None)
        lang = lang_of(interaction)
        # echoed inert (issue 29, item 7): the move as recorded, and as typed when that differs
        move = plain((played.move if played else text.strip())[:80])
        if played is not None and played.does is not None:  # and what it did, in the mover's own words
            done = t("ok.move_sent_does", lang, move=move, does=said(played.does.key, lang, played.does.params))
        else:
            done = t("ok.move_sent", lang, move=move)
        if played is not None and not played.as_typed:  # the same choice, written as the rules write it
            done += " " + t("ok.move_recorded_as", lang, typed=plain(played.typed[:80]), move=plain(played.move[:80]))
        if played is not None:  # a move drawn (K3's pyramid as built) shows its drawing above the words
            done = sketch_block(played.sketch) + done
        await self.handling.edit_or_reply(interaction, done, None, edit=picked)

    async def draw(self, interaction: discord.Interaction, table_id: int, action: str) -> None:
        """``action`` is ``decline``; ``accept`` only accepts an offer standing now; else an offer (which
        accepts when the other side has offered)."""
        if action == "decline":
            messages = await self.service.decline_draw(table_id, interaction.user.id)
            done = "ok.declined"
        else:  # offering when the other player has offered accepts (the service decides)
            messages = await self.service.offer_draw(table_id, interaction.user.id, accept=action == "accept")
            agreed = any(getattr(m, "kind", None) == RESULT for m in messages)
            done = "ok.accepted" if agreed else "ok.draw_offered"
        await self.delivery.deliver(messages, public_lang(interaction))
        await self.handling.reply(interaction, t(done, lang_of(interaction)))

    async def resign(self, interaction: discord.Interaction, table_id: int) -> None:
        messages = await self.service.resign(table_id, interaction.user.id)
        await self.delivery.deliver(messages, public_lang(interaction))
        await self.handling.reply(interaction, t("ok.resigned", lang_of(interaction)))
