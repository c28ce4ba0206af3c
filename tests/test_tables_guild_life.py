"""Issue 15, defects 4, 5, 7 and 15 at the service, on both backends: invitations and open tables expire
(a server setting), tables are suspended while the bot is out of their server and resume with their
deadlines moved on, the server's language is kept, and a K3 host cannot re-draw a deal alone."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from pg_server import DbFactory
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table

from data.models import parse_iso
from engines import CHANCE, get_engine
from tables import PublicPost, Reminder, TableError
from tables.i18n import t

ANA, BEN, CY, DEE = (u for u, _ in USERS)
OTHER_GUILD = 8


# ---- defect 4: invitations and open tables expire ------------------------------------------------
async def test_an_invitation_expires_after_three_days_and_tells_the_host(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")])
    tid = out[0].table_id
    clock.advance(days=2, hours=23, minutes=59)
    assert await svc.tick() == []
    clock.advance(minutes=1)
    out = await svc.tick()
    public = [m for m in out if isinstance(m, PublicPost)]
    dms = [m for m in out if isinstance(m, Reminder)]
    assert [(m.key, m.mention) for m in public] == [("invite.expired", (ANA,))]
    assert [(m.user_id, m.key) for m in dms] == [(ANA, "reminder.expired")], "the host hears of it by DM too"
    assert dms[0].params["waited"] == "3d"
    assert (await repo.get_table(tid)).status == "aborted"  # type: ignore[union-attr]
    with pytest.raises(TableError):
        await svc.accept(tid, BEN)
    clock.advance(days=5)
    assert await svc.tick() == [], "expired once"
    await repo.close()


async def test_an_open_table_expires_and_a_started_one_does_not(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    waiting = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", []))[0].table_id
    await svc.join(waiting, BEN, "Ben")
    started, _ = await start_table(svc, "kona", 2, {"time_per_move": "14d"})
    await svc.tick()
    clock.advance(days=3, minutes=1)
    keys = [(m.table_id, m.key) for m in await svc.tick()]
    assert (waiting, "invite.expired") in keys and (waiting, "reminder.expired") in keys
    assert all(tid != started for tid, _ in keys)
    assert (await repo.get_table(started)).status == "active"  # type: ignore[union-attr]
    await repo.close()


async def test_the_expiry_is_a_server_setting(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    assert await svc.invitation_expiry(GUILD) == 3 * 86400
    assert await svc.set_invitation_expiry(GUILD, "12h") == 12 * 3600
    for bad in ("5m", "45d", "soon"):
        with pytest.raises(TableError) as caught:
            await svc.set_invitation_expiry(GUILD, bad)
        assert caught.value.key == "error.bad_expiry"
    await svc.set_guild_settings(GUILD, rated=False)  # the other settings leave it alone
    assert await svc.invitation_expiry(GUILD) == 12 * 3600
    assert await svc.invitation_expiry(OTHER_GUILD) == 3 * 86400
    here = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")]))[0].table_id
    there = (await svc.create(OTHER_GUILD, 80, ANA, "Ana", "kona", [(BEN, "Ben")]))[0].table_id
    clock.advance(hours=12)
    assert [(m.table_id, m.key) for m in await svc.tick()] == [(here, "invite.expired"), (here, "reminder.expired")]
    assert (await repo.get_table(there)).status == "invited"  # type: ignore[union-attr]
    assert await svc.set_invitation_expiry(GUILD, "default") == 3 * 86400
    await repo.close()


async def test_an_expiry_is_claimed_once_by_two_processes(db: DbFactory) -> None:
    path = db("mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    repo2, svc2 = await open_service(path, clock)
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")])
    await svc.create(GUILD, CHANNEL, CY, "Cy", "kona", [(DEE, "Dee")])
    await svc2.create(GUILD, CHANNEL, BEN, "Ben", "plateau", [(CY, "Cy")])
    clock.advance(days=4)
    first, second = await asyncio.gather(svc.tick(), svc2.tick())  # two processes tick at once
    told = sorted(m.table_id for m in first + second if isinstance(m, Reminder))
    assert told == [1, 2, 3], "each table expired once, by one of them"
    await repo.close()
    await repo2.close()


# ---- defect 5: suspended while the bot is away ---------------------------------------------------
async def test_suspended_tables_stay_quiet_and_resume_with_shifted_deadlines(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    invite = (await svc.create(GUILD, CHANNEL, BEN, "Ben", "plateau", [(CY, "Cy")]))[0].table_id
    elsewhere, _ = await start_table(svc, "plateau", 2, {"time_per_move": "10h"})
    await svc.tick()  # the invitation gets its expiry moment
    before = parse_iso((await repo.get_table(tid)).turn_deadline)  # type: ignore[union-attr]
    clock.advance(hours=2)
    assert sorted(await svc.suspend_guild(GUILD)) == sorted([tid, invite, elsewhere])
    assert await svc.suspend_guild(GUILD) == [], "suspending twice changes nothing"
    clock.advance(days=5)  # past every deadline and the invitation's expiry
    assert await svc.tick() == [], "no reminder, time-out or expiry while the bot is away"
    assert await svc.missed_posts() == []
    assert await repo.get_results(tid) == []
    out = await svc.resume_guild(GUILD)
    assert [(m.table_id, m.key) for m in out if isinstance(m, PublicPost) and m.kind == "info"] == \
        [(tid, "info.resumed"), (elsewhere, "info.resumed")]
    assert {m.table_id for m in out if isinstance(m, PublicPost) and m.kind == "board"} == {tid, elsewhere}
    after = parse_iso((await repo.get_table(tid)).turn_deadline)  # type: ignore[union-attr]
    assert before is not None and after == before + timedelta(days=5), "the time away is given back"
    assert (await repo.get_table(invite)).status == "invited"  # type: ignore[union-attr]
    clock.advance(hours=2, minutes=59)  # Ana had 10h, used 2h before and now 2h59m: 50% is at 5h
    assert await svc.tick() == []
    clock.advance(minutes=2)
    assert [(m.user_id, m.key) for m in await svc.tick()] == [(ANA, "reminder.half"), (ANA, "reminder.half")]
    await svc.submit_move(tid, ANA, "a6-d3")  # the game goes on
    assert await svc.resume_guild(GUILD) == [], "resuming twice changes nothing"
    await repo.close()


async def test_suspension_touches_one_server_only(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    there = (await svc.create(OTHER_GUILD, 80, ANA, "Ana", "kona", [(BEN, "Ben")]))[0].table_id
    await svc.accept(there, BEN)
    mover = (await svc.table_details(there)).summary.turn_user_ids[0]  # a move: the time-out then loses the game
    await svc.submit_move(there, mover, (await svc.legal_moves_for(there, mover))[0])
    await svc.suspend_guild(GUILD)
    assert not await svc.is_suspended(there)
    clock.advance(days=14, minutes=1)
    assert any(m.key.startswith("result.") for m in await svc.tick() if isinstance(m, PublicPost))
    await repo.close()


# ---- defect 7: the server's language --------------------------------------------------------------
async def test_the_servers_language_is_stored(db: DbFactory) -> None:
    path = db("mesa.db")
    repo, svc = await open_service(path)
    assert await svc.guild_locale(GUILD) is None
    await svc.remember_guild_locale(GUILD, "es-ES")
    await svc.set_guild_settings(GUILD, time_per_move="2d")  # other settings keep it
    await repo.close()
    repo, svc = await open_service(path)
    assert await svc.guild_locale(GUILD) == "es-ES"
    assert (await svc.guild_settings(GUILD)).time_per_move == 2 * 86400
    assert await svc.guild_locale(OTHER_GUILD) is None
    await repo.close()


# ---- defect 15: aborting once chance has been seen ------------------------------------------------
async def test_a_k3_host_cannot_redraw_the_deal_alone(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 3)
    moves = await repo.get_moves(tid)
    assert moves and all(m.seat == CHANCE for m in moves), "the base row and deal are shown, nobody has built"
    out = await svc.abort(tid, ANA)
    assert [(m.key, set(m.mention)) for m in out] == [("info.abort_asked", {BEN, CY})]
    assert (await repo.get_table(tid)).status == "active"  # type: ignore[union-attr]
    [summary] = await svc.active_tables(BEN, GUILD)  # /games says it to those whose agreement it waits for
    assert [(a.kind, a.user_id, a.name) for a in summary.asks] == [("cancel", ANA, "Ana")]
    with pytest.raises(TableError) as caught:  # asking twice is one agreement: the asker is told, nobody pinged
        await svc.abort(tid, ANA)
    assert caught.value.key == "error.abort_asked_already"
    assert caught.value.message("en").endswith("(still to ask: Ben and Cy).")
    assert caught.value.message("es").endswith("(faltan: Ben y Cy).")
    out = await svc.abort(tid, CY)
    assert [(m.key, m.mention) for m in out] == [("info.abort_asked", (BEN,))]
    with pytest.raises(TableError) as caught:
        await svc.abort(tid, DEE)
    assert caught.value.key == "error.not_seated"
    out = await svc.abort(tid, BEN)
    assert [m.key for m in out] == ["info.aborted_agreed", "board.aborted"], "the game's last picture says so"
    assert (await repo.get_table(tid)).status == "aborted"  # type: ignore[union-attr]
    assert await repo.get_results(tid) == []
    await repo.close()


async def test_a_move_makes_agreements_stale_and_ends_the_abort_window(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid, _ = await start_table(svc, "k3", 2)
    await svc.abort(tid, BEN)  # a guest may ask too, once chance is seen
    assert [a.kind for a in (await svc.active_tables(ANA, GUILD))[0].asks] == ["cancel"]
    await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA))
    assert (await svc.active_tables(ANA, GUILD))[0].asks == ()  # lapsed with the move: /games says no more
    with pytest.raises(TableError) as caught:
        await svc.abort(tid, ANA)
    assert caught.value.key == "error.abort_too_late"
    await repo.close()


async def test_without_chance_the_host_still_aborts_alone(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    for game in ("kona", "plateau"):
        assert get_engine(game).description.chance == "none"
        tid, _ = await start_table(svc, game, 2)
        with pytest.raises(TableError) as caught:  # the guest is told who may, and what they may do instead
            await svc.abort(tid, BEN)
        assert caught.value.key == "error.abort_guest_draw" and caught.value.params["host"] == "Ana"
        assert "/draw" in caught.value.message("en") and "/draw" in caught.value.message("es")
        assert [m.key for m in await svc.abort(tid, ANA)] == ["info.aborted", "board.aborted"]
    tid, _ = await start_table(svc, "krakatoa", 2)  # no draws in the dice game: the guest asks the host
    with pytest.raises(TableError) as caught:
        await svc.abort(tid, BEN)
    assert caught.value.key == "error.abort_guest" and "Ana" in caught.value.message("en")
    assert (await repo.get_table(tid)).status == "active"  # type: ignore[union-attr]
    waiting = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", []))[0].table_id
    assert [m.key for m in await svc.abort(waiting, ANA)] == ["info.aborted"], "nothing seen yet"
    await repo.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_new_texts_exist_in_both_languages(lang: str) -> None:
    params = {"table": 4, "game": "K3", "host": "Ana", "waited": "3d", "value": "5m", "name": "Ana",
              "waiting": "Ben"}
    for key in ("invite.expired", "reminder.expired", "error.bad_expiry", "info.resumed", "info.abort_asked",
                "info.aborted_agreed"):
        text = t(key, lang, **params)
        assert "{" not in text and key not in text
    assert t("info.abort_asked", "es", **params) != t("info.abort_asked", "en", **params)


async def test_a_move_reaching_a_suspended_table_does_not_wake_its_clock(db: DbFactory) -> None:
    """A move that raced the bot's removal sets a new deadline; the ticker still skips the table."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    await svc.suspend_guild(GUILD)
    await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(days=1)
    assert await svc.tick() == []
    assert next(m.key for m in await svc.resume_guild(GUILD) if isinstance(m, PublicPost)) == "info.resumed"
    await repo.close()
