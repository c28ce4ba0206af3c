"""A tournament's table is not a friendly one (issue 31): it cannot be cancelled with /abort nor left with
/leave, before or after its start (a crash may leave it waiting), in words saying what to do instead, and
nothing is written; resigning it stays allowed (a loss).  Once the event is cancelled it is an ordinary game."""

from __future__ import annotations

from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import FakeClock, open_service
from test_tournament_service import GUILD, ORG, event, refused

from data import tournaments as stored
from data.models import ACTIVE, FINISHED, INVITED
from tables.i18n import t


async def test_abort_and_leave_are_refused_at_a_tournament_table_and_resign_is_not(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 4, {"format": "swiss", "rounds": "2"})
    await svc.tournaments.start(GUILD, ORG)
    first, second = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    assert first.table_id is not None and second.table_id is not None
    host, guest = first.user_ids  # the table's first player is its host
    assert (await repo.get_table(first.table_id)).host_id == host  # type: ignore[union-attr]
    for who in (host, guest):
        await refused(svc, "tournament.error.table_of", lambda who=who: svc.abort(first.table_id or 0, who))
        await refused(svc, "tournament.error.table_of", lambda who=who: svc.leave(first.table_id or 0, who))
    words = {lang: t("tournament.error.table_of", lang, table=first.table_id, id=tid) for lang in ("en", "es")}
    assert f"#{tid}" in words["en"] and "/resign" in words["en"] and "/tournament withdraw" in words["en"]
    assert f"#{tid}" in words["es"] and "/resign" in words["es"] and "/tournament withdraw" in words["es"]
    await svc.resign(first.table_id, guest)  # resigning is allowed: a loss
    places = {r.user_id: r.place for r in await repo.get_results(first.table_id)}
    assert places == {host: 1, guest: 2}
    # the other table: its host may not abort it either; then the event is cancelled and the table is an
    # ordinary game again, which its host may cancel before any move
    host2 = second.user_ids[0]
    await refused(svc, "tournament.error.table_of", lambda: svc.abort(second.table_id or 0, host2))
    await svc.tournaments.cancel(GUILD, ORG, tid)
    await svc.abort(second.table_id, host2)
    assert (await repo.get_table(second.table_id)).status != ACTIVE  # type: ignore[union-attr]
    await repo.close()


async def test_a_tournament_table_left_waiting_by_a_crash_cannot_be_left_or_aborted(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 2, {"format": "swiss", "rounds": "1"})
    real_open = svc.seating.open_paired

    async def dies(table_id: int) -> Any:
        raise RuntimeError("killed after the pairing's commit")

    svc.seating.open_paired = dies  # type: ignore[method-assign]
    await svc.tournaments.start(GUILD, ORG)  # round 1 paired; its table is never started
    svc.seating.open_paired = real_open  # type: ignore[method-assign]
    (board,) = (await svc.tournaments.pairings(GUILD, tid)).boards
    assert board.table_id is not None
    assert (await repo.get_table(board.table_id)).status == INVITED  # type: ignore[union-attr]
    for who in board.user_ids:
        await refused(svc, "tournament.error.table_of", lambda who=who: svc.leave(board.table_id or 0, who))
        await refused(svc, "tournament.error.table_of", lambda who=who: svc.abort(board.table_id or 0, who))
    await svc.tick()  # the sweep starts it
    assert (await repo.get_table(board.table_id)).status == ACTIVE  # type: ignore[union-attr]
    await svc.resign(board.table_id, board.user_ids[0])
    assert (await repo.get_table(board.table_id)).status == FINISHED  # type: ignore[union-attr]
    assert (await stored.get_tournament(repo, tid)).status == stored.FINISHED  # type: ignore[union-attr]
    with pytest.raises(Exception) as caught:  # over: the ordinary refusal, not the tournament's
        await svc.abort(board.table_id, board.user_ids[0])
    assert getattr(caught.value, "key", "") == "error.game_over"
    await repo.close()


async def test_a_paired_table_needs_its_place_until_the_front_end_makes_it(db: DbFactory) -> None:
    """A round's tables are stored with no place (``UNPLACED``): ``needs_place`` until the front end records
    one (a thread, or the channel), and ``missed_posts`` hands out the board of one started but never posted."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 2, {"format": "swiss", "rounds": "1"})
    await svc.tournaments.start(GUILD, ORG)  # the boards returned are never delivered
    (board,) = (await svc.tournaments.pairings(GUILD, tid)).boards
    table_id = board.table_id or 0
    assert await svc.tournaments.needs_place(table_id)
    missed = [m for m in await svc.missed_posts() if getattr(m, "table_id", 0) == table_id]
    assert [getattr(m, "kind", "") for m in missed] == ["board"]
    await svc.set_location(table_id, 777, None, 0)  # the front end made its thread
    assert not await svc.tournaments.needs_place(table_id)
    ordinary = await svc.create(GUILD, 51, 1, "Una", "kona", [(2, "Dos")])
    assert not await svc.tournaments.needs_place(ordinary[0].table_id)  # type: ignore[union-attr]
    await repo.close()


async def test_listing_offers_what_the_caller_may_act_on(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    first = await event(svc, 2, {"format": "swiss"})  # P1 and P2 in it, organised by ORG
    await tours.create(GUILD, 50, 42, "Other", "k3", {"format": "swiss"})
    second = (await stored.guild_tournaments(repo, GUILD))[-1].id
    p1 = 901
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "join")] == [second]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "leave")] == [first]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, ORG, "start")] == [first]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "start", manages=True)] == [second, first]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "pairings")] == []
    (listed,) = await svc.tournament_lists.listing(GUILD, ORG, "cancel")
    assert (listed.label("en"), listed.label("es")) == ("#1 Kona, Swiss (2 players)", "#1 Kona, suizo — 2 jugadores")
    await tours.start(GUILD, ORG, first)
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "withdraw")] == [first]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, p1, "pairings")] == [first]
    assert [x.id for x in await svc.tournament_lists.listing(GUILD, 5, "standings")] == [second, first]
    assert await svc.tournament_lists.listing(GUILD + 1, p1, "standings") == []  # another server's: none
    await repo.close()


async def test_a_draw_agreed_before_any_move_at_a_tournament_table_is_a_draw(db: DbFactory) -> None:
    # a friendly table is called off by such a draw; a tournament's round needs its result, so it stands
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 2, {"format": "round-robin"})
    await svc.tournaments.start(GUILD, ORG)
    (board,) = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    assert board.table_id is not None
    first, second = board.user_ids
    opening = await svc.board(board.table_id)
    assert "cancel" not in opening.offers  # a tournament's table is never cancelled: no Cancel on its board
    offer = await svc.offer_draw(board.table_id, first)
    assert offer[0].key == "info.draw_offered"  # no word of cancelling: it would not
    await svc.offer_draw(board.table_id, second)
    assert (await repo.get_table(board.table_id)).status == FINISHED  # type: ignore[union-attr]
    assert sorted((r.place, r.outcome) for r in await repo.get_results(board.table_id)) == [(1, "draw")] * 2
    await repo.close()
