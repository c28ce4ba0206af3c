"""Invitations Discord refused to post, and advice in Discord's own words (issue 29, item 11).

Before: an invitation Discord refused (a permission missing in the channel at that moment) was never
posted again, since only boards were retried; and the refusals that tell a host how to cancel an
invitation named ``/abort``, a console command Discord does not have.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from discord_standin import Recorded
from discord_standin.payloads import CHANNEL_ID, GUILD_ID, MANAGE_GUILD, Harness, option, user

from cogs.handling import refusal_text
from cogs.i18n_discord import lang_for
from tables import TableError

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
STRING, INTEGER, USER = 3, 4, 6


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path, clock=Clock())
    yield h
    await h.close()


def answers(h: Harness) -> list[Recorded]:
    """The caller's answers (follow-ups and edits of the deferred original), oldest first."""
    return [r for r in h.standin.interaction_replies() if not r.path.endswith("/callback")]


def invitations(h: Harness) -> list[Recorded]:
    """Invitations the stand-in took (posted, not refused)."""
    return [r for r in h.standin.to_channel(CHANNEL_ID) if r.method == "POST" and r.status == 200
            and any(c.endswith(":accept") for c in r.custom_ids())]


async def test_a_refused_invitation_is_posted_again_and_the_host_is_told(harness: Harness) -> None:
    h = harness
    clock = h.bot.service.store.clock
    h.standin.forbid_threads = True  # the table plays in the channel itself ...
    h.standin.forbid_posts.add(CHANNEL_ID)  # ... where Discord refuses the bot's post at that moment
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB], locale="es-ES")
    told = answers(h)[-1]
    assert told.ephemeral and "#1" in told.content, told.content
    assert "invitación" in told.content and "volveré a publicar" in told.content, "in the host's language"
    assert "Enviar mensajes" in told.content, "what to ask a server manager for"
    assert not invitations(h), "nothing was posted"

    h.standin.forbid_posts.clear()  # the permission is back
    clock.moment += timedelta(seconds=30)
    await h.bot.ticker.tick()
    assert not invitations(h), "a table changed within the minute may still be posting: not yet"
    clock.moment += timedelta(minutes=2)
    await h.bot.ticker.tick()
    posted = invitations(h)
    assert len(posted) == 1 and f"<@{BOB['id']}>" in posted[0].content, [r.content for r in posted]
    clock.moment += timedelta(minutes=2)
    await h.bot.ticker.tick()
    assert len(invitations(h)) == 1, "posted once"

    await h.click(h.latest_id("mesa:inv:1:"), BOB)
    assert (await h.bot.service.table_details(1)).summary.status == "active", "the game starts from it"


async def test_an_invitation_that_failed_is_not_reported_as_done(harness: Harness) -> None:
    """A post Discord failed is not reported as done: here 404 Unknown Channel, the channel deleted at that moment,
    which is said as such (it is not posted again: ``tests/test_discord_channel_gone.py``)."""
    h = harness
    h.standin.forbid_threads = True
    h.standin.deleted.add(CHANNEL_ID)  # 404 Unknown Channel for the post, at that moment
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    told = answers(h)[-1]
    assert told.ephemeral and "channel of table #1 was deleted" in told.content, told.content
    assert "could not post its invitation" in told.content, told.content
    assert "Table #1: <#" not in told.content, "not told that it worked"


async def test_advice_names_discords_button_not_the_consoles_command(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER)], ALICE,
                    users=[BOB])
    same = answers(h)[-1].content
    assert "Cancel table" in same and "/board table:1" in same, same
    # a host leaving their open table, and a host at the server's cap, in Spanish
    await h.command("play", [option("game", "k3", STRING)], BOB)
    await h.click(h.latest_id("mesa:inv:2:").rsplit(":", 1)[0] + ":leave", BOB)
    leave = answers(h)[-1].content
    assert "Cancel table" in leave, leave
    await h.command("settings", [option("max_invitations", 1, INTEGER)], ALICE, permissions=MANAGE_GUILD)
    await h.command("play", [option("game", "k3", STRING)], ALICE, locale="es-ES")
    capped = answers(h)[-1].content
    assert "Cancelar mesa" in capped and "/partidas" in capped and "1 invitación" in capped, capped
    for text in (same, leave, capped):
        assert "/abort" not in text, text


async def test_a_move_whose_board_is_refused_is_said_to_be_stored_and_coming(harness: Harness) -> None:
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", BOB["id"], USER),
                             option("seat", "first", STRING)], ALICE, users=[BOB])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    await h.click(h.latest_id("mesa:inv:1:"), BOB)
    h.standin.forbid_posts |= {thread, CHANNEL_ID}
    await h.command("move", [option("text", "a6-d3", STRING)], ALICE, channel=h.standin.place(thread))
    told = answers(h)[-1].content
    assert "Done" in told and "table #1" in told and "Send Messages" in told and "again" in told, told
    assert [m.move for m in await h.bot.service.moves_log(1)] == ["a6-d3"], "the move is stored"



@pytest.mark.parametrize(("locale", "invited", "opened", "answer", "start"), [
    ("en-US", "Table #1 has not started yet: it waits for bob to answer the invitation (Accept or Decline in its "
     "thread).", "Table #2 has not started yet: alice, who opened it, starts it with Start in its thread once "
     "everyone is in.", "Table #1 has not started yet: it waits for your answer to the invitation (Accept or "
     "Decline in its thread).", "Table #2 has not started yet: you opened it, and start it with Start in its thread "
     "once everyone is in (Fill with Mesa takes the empty seats)."),
    ("es-ES", "La mesa #1 aún no ha empezado: espera la respuesta de bob a la invitación (Aceptar o Rechazar en su "
     "hilo).", "La mesa #2 aún no ha empezado: alice, que la abrió, la empieza con Empezar en su hilo cuando hayan "
     "llegado todos.", "La mesa #1 aún no ha empezado: espera tu respuesta a la invitación (Aceptar o Rechazar en "
     "su hilo).", "La mesa #2 aún no ha empezado: la abriste tú, y la empiezas con Empezar en su hilo cuando hayan "
     "llegado todos (Completar con Mesa ocupa los asientos libres).")])
async def test_a_move_at_a_table_not_started_says_what_it_waits_for(harness: Harness, locale: str, invited: str,
                                                                    opened: str, answer: str, start: str) -> None:
    """A move at a table not started said only "Table #1 has not started yet": it says what the table waits for,
    with the buttons that give it (to the one it waits for, as theirs to give), and nothing is played."""
    h = harness
    svc = h.bot.service
    await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {})
    await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "k3", [], {})
    await svc.join(2, 1003, "carol")
    for table, who, said in ((1, ALICE, invited), (2, CAROL, opened), (1, BOB, answer), (2, ALICE, start)):
        await h.command("move", [option("text", "a6-d3", STRING), option("table", table, INTEGER)], who,
                        locale=locale)
        assert answers(h)[-1].content == said
        assert answers(h)[-1].ephemeral
    assert not await svc.repo.get_moves(1) and not await svc.repo.get_moves(2)
    await svc.leave(2, 1003)
    # the host's Start with too few seated: wait for more, or Discord's Fill with Mesa (not the console's /start)
    with pytest.raises(TableError) as few:
        await svc.start(2, 1001)
    shown = refusal_text(few.value, lang_for(locale))
    assert ("Fill with Mesa in its thread" if locale == "en-US" else "Completar con Mesa en su hilo") in shown
    assert "/start" not in shown
    with pytest.raises(TableError) as open_table:  # no invitation to accept at an open table: its Join button
        await svc.accept(2, 1003)
    shown = refusal_text(open_table.value, lang_for(locale))
    assert shown.endswith("Join in its thread." if locale == "en-US" else "Unirme en su hilo.") and "/join" not in shown
