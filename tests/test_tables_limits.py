"""Issue 15, defect 10: caps on open invitations and active tables per player, and per-user queries
that stay fast however many tables name a player (one user once opened 5,000 invitations to another)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table

from data.models import ACTIVE, INVITED, now_iso
from tables import TableError, i18n, t
from tables.limits import DEFAULT_MAX_INVITATIONS, MAX_USER_TABLES, set_limits

ANA, BEN, CY = USERS[0], USERS[1], USERS[2]


async def test_a_host_cannot_keep_more_invitations_waiting_than_the_cap(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    try:
        for i in range(DEFAULT_MAX_INVITATIONS):  # different guests, so none is the same invitation
            await svc.create(GUILD, CHANNEL, ANA[0], ANA[1], "kona", [(1000 + i, f"guest{i}")])
        try:
            await svc.create(GUILD, CHANNEL, ANA[0], ANA[1], "kona", [(BEN[0], BEN[1])])
        except TableError as exc:
            assert exc.key == "error.too_many_invitations"
            english, spanish = exc.message("en"), exc.message("es")
            assert str(DEFAULT_MAX_INVITATIONS) in english and "/abort" in english
            assert "invitaciones" in spanish and str(DEFAULT_MAX_INVITATIONS) in spanish
        else:
            raise AssertionError("an invitation past the cap was accepted")
        # another server has its own count; a server may lower its cap
        await svc.create(GUILD + 1, CHANNEL, ANA[0], ANA[1], "kona", [(BEN[0], BEN[1])])
        await set_limits(repo, GUILD + 2, 1, 1, FakeClock().now())
        try:
            await set_limits(repo, GUILD + 2, 0, None, FakeClock().now())
            raise AssertionError("a cap of 0 was accepted")
        except TableError as exc:
            assert exc.key == "error.bad_option"
        for zero in ((0, None), (None, 0)):  # through the service too: 0 is refused, never read as "keep it"
            with pytest.raises(TableError) as refused:
                await svc.set_caps(GUILD + 2, *zero)
            assert refused.value.key == "error.bad_option" and refused.value.params["value"] == "0"
        assert await svc.set_caps(GUILD + 2, None, None) == await svc.set_caps(GUILD + 2, 1, 1)  # None keeps
        await svc.create(GUILD + 2, CHANNEL, ANA[0], ANA[1], "kona", [(BEN[0], BEN[1])])
        try:
            await svc.create(GUILD + 2, CHANNEL, ANA[0], ANA[1], "plateau", [(CY[0], CY[1])])
            raise AssertionError("the server's lower cap was not applied")
        except TableError as exc:
            assert exc.key == "error.too_many_invitations"
    finally:
        await repo.close()


async def test_a_player_at_the_cap_of_games_cannot_sit_at_another(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    try:
        await repo.set_guild_limits(GUILD, None, 2, now_iso(FakeClock().now()))
        for _ in range(2):
            await start_table(svc, "kona")  # Ana and Ben, two games in play
        out = await svc.create(GUILD, CHANNEL, CY[0], CY[1], "plateau", [(BEN[0], BEN[1])])
        try:
            await svc.accept(out[0].table_id, BEN[0])
            raise AssertionError("a third game past the cap of two started")
        except TableError as exc:
            assert exc.key == "error.too_many_tables"
            assert "Ben" in exc.message("en") and "2" in exc.message("en")
            assert "partidas" in exc.message("es")
        assert t("error.too_many_tables", "es", name="Ben", count=i18n.Count(2, "game"), max=2) != \
            t("error.too_many_tables", "en", name="Ben", count=i18n.Count(2, "game"), max=2)
    finally:
        await repo.close()


async def test_a_player_named_in_5000_tables_is_listed_fast(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    try:
        now = now_iso(FakeClock().now())
        count = 5000
        async with repo.transaction() as tx:  # the flood, stored directly (the caps refuse it now)
            await tx._c.executemany(
                "INSERT INTO tables (id, guild_id, channel_id, game, options, seed, status, host_id, version, "
                "created_at, updated_at) VALUES (?, ?, ?, 'kona', '{}', 1, ?, ?, 1, ?, ?)",
                [(i, GUILD, CHANNEL, INVITED, CY[0], now, now) for i in range(1, count + 1)])
            await tx._c.executemany(
                "INSERT INTO seats (table_id, seat, user_id, name, is_ai, accepted) VALUES (?, ?, ?, ?, 0, ?)",
                [(i, seat, uid, name, int(seat == 0)) for i in range(1, count + 1)
                 for seat, (uid, name) in enumerate((CY, BEN))])
            await tx.after_load()
        async with repo.transaction() as tx:
            await tx._c.execute("ANALYZE")  # what the server's own upkeep (autovacuum) does after a burst
        tid, _ = await start_table(svc, "kona")  # Ben's one real game, among the flood
        timings = []
        for _ in range(5):  # a /games listing, then table autocomplete keystrokes
            began = time.perf_counter()
            listed = await svc.active_tables(BEN[0], GUILD)
            timings.append(time.perf_counter() - began)
        assert listed and tid in [s.table_id for s in listed]  # the game in play comes first, never cut off
        assert [s.table_id for s in listed] == sorted(s.table_id for s in listed)
        countings = []
        for _ in range(5):
            began = time.perf_counter()
            assert await repo.count_seated(BEN[0], GUILD, (INVITED,)) == count
            countings.append(time.perf_counter() - began)
        print(f"listing for a player named in {count} tables: best {min(timings) * 1000:.1f} ms, "
              f"worst {max(timings) * 1000:.1f} ms; count {min(countings) * 1000:.1f} ms")
        # what keeps it fast whatever the flood: the listing reads a bounded page (the 50 ms is measured
        # by ``python -m bench.listing``, not asserted here: tests check behaviour, not timings)
        assert len(listed) <= MAX_USER_TABLES
    finally:
        await repo.close()


async def _at_once(calls: list[Any]) -> tuple[int, list[TableError]]:
    """Run service calls concurrently: (how many succeeded, the refusals)."""
    async def one(call: Any) -> TableError | None:
        try:
            await call
        except TableError as exc:
            return exc
        return None

    outcomes = await asyncio.gather(*(one(c) for c in calls))
    refused = [o for o in outcomes if o is not None]
    return len(outcomes) - len(refused), refused


async def test_sixty_invitations_at_once_make_exactly_the_cap(db: DbFactory) -> None:
    """Issue 29, item 4: 60 concurrent /play each counted before any was written, and all passed."""
    repo, svc = await open_service(db())
    try:
        made, refused = await _at_once([svc.create(GUILD, CHANNEL, ANA[0], ANA[1], "kona", [(1000 + i, f"guest{i}")])
                                        for i in range(60)])
        assert made == DEFAULT_MAX_INVITATIONS
        assert {e.key for e in refused} == {"error.too_many_invitations"}
        assert all(str(DEFAULT_MAX_INVITATIONS) in e.message("en") for e in refused)
        counts = await repo.row_counts()  # nothing else written: no table, seat or move of a refused one
        assert (counts["tables"], counts["seats"], counts["moves"]) == (made, 2 * made, 0)
    finally:
        await repo.close()


async def test_sixty_games_against_mesa_at_once_make_exactly_the_cap(db: DbFactory) -> None:
    """A game against Mesa starts as it is made: the cap of games is what limits it, counted in the
    start's transaction too, and a table refused there leaves nothing behind."""
    repo, svc = await open_service(db())
    try:
        await repo.set_guild_limits(GUILD, None, 5, now_iso(FakeClock().now()))
        made, refused = await _at_once([svc.create(GUILD, CHANNEL, ANA[0], ANA[1], "kona", [], {"bots": "1"})
                                        for _ in range(60)])
        assert made == 5
        assert {e.key for e in refused} == {"error.too_many_tables"}
        assert all("5" in e.message("en") for e in refused)
        assert await repo.count_seated(ANA[0], GUILD, (ACTIVE,)) == 5
        counts = await repo.row_counts()
        assert (counts["tables"], counts["seats"]) == (5, 10)
    finally:
        await repo.close()


async def test_sixty_acceptances_at_once_seat_a_player_at_most_the_cap(db: DbFactory) -> None:
    """Each acceptance starts its game: the player's cap is counted in the start's transaction."""
    repo, svc = await open_service(db())
    try:
        await repo.set_guild_limits(GUILD, 100, 4, now_iso(FakeClock().now()))
        tables = []
        for i in range(12):  # twelve hosts invite Ben (each within their own caps)
            out = await svc.create(GUILD, CHANNEL, 2000 + i, f"host{i}", "kona", [(BEN[0], BEN[1])])
            tables.append(out[0].table_id)
        made, refused = await _at_once([svc.accept(tid, BEN[0]) for tid in tables])
        assert made == 4
        assert {e.key for e in refused} == {"error.too_many_tables"}
        assert await repo.count_seated(BEN[0], GUILD, (ACTIVE,)) == 4
        assert await repo.count_seated(BEN[0], GUILD, (INVITED,)) == 8  # the refused stay invitations
        seats = [s for tid in tables for s in await repo.get_seats(tid)]
        assert sum(not s.accepted for s in seats) == 8
    finally:
        await repo.close()
