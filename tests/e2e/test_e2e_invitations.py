"""Invitations never open to anyone (issue 15, defect 9), through the real bot and the strict stand-in.

A K3 table whose named invitees all decline closes, and the host is told (mentioned); its
invitation loses its buttons, so nobody else can sit down.
"""

from __future__ import annotations

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, custom_ids, table_row


async def test_a_table_whose_invitees_all_decline_closes(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "k3", [cast.bob, cast.cid], accept=False)
    for guest in (cast.bob, cast.cid):
        invite = server.latest_message_with(f"mesa:inv:{table}:", public=True)
        assert invite is not None
        decline = next(c for c in custom_ids(invite) if c.endswith(":decline"))
        await guest.press(decline, invite)
    await server.wait_until(lambda: table_row(bot.database, table).get("status") == "declined", what="the close")
    closing = [r for r in server.public_posts() if r.method == "POST" and "is closed" in r.content]
    assert closing and f"<@{cast.ann.id}>" in closing[-1].content, "the host is told"
    assert server.latest_message_with(f"mesa:inv:{table}:", public=True) is None, \
        "no button of the invitation is left: nobody can join"
