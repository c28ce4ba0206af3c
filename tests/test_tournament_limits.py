"""Issue 31's limits, item by item, each a friendly refusal that writes nothing (SQLite and PostgreSQL):
a tournament takes 64 players unless told otherwise; a group game (K3) needs a table's worth of players to
start, unless Mesa fills the seats; an option of the game that does not fit every table the event may
seat is refused at create; a started tournament takes no one, not even a player who left it before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import FakeClock, open_service
from test_tournament_service import CHANNEL, GUILD, ORG, refused

from data import tournaments as stored
from data.models import ACTIVE
from tables.errors import TableError
from tables.mesa import is_mesa
from tables.tournaments import DEFAULT_PLAYERS


async def test_a_tournament_takes_64_players_unless_told_otherwise(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    await tours.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss"})
    assert DEFAULT_PLAYERS == 64
    for i in range(64):
        await tours.join(GUILD, 5000 + i, f"P{i}")
    await refused(svc, "tournament.error.full", lambda: tours.join(GUILD, 6000, "Late"))
    await tours.leave(GUILD, 5000)  # a place frees: the next one gets in
    await tours.join(GUILD, 6000, "Late")
    await repo.close()


async def test_a_group_event_needs_a_tables_worth_of_players_unless_mesa_fills(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    await tours.create(GUILD, CHANNEL, ORG, "Org", "k3", {"format": "swiss"})
    for uid, name in ((7001, "Ana"), (7002, "Ben")):
        await tours.join(GUILD, uid, name)
    await refused(svc, "tournament.error.too_few", lambda: tours.start(GUILD, ORG))  # K3 seats 3 or 4
    await tours.cancel(GUILD, ORG)
    # so an event capped below a table's worth could never start: refused at create, saying the least allowed
    await refused(svc, "tournament.error.max_too_few",
                  lambda: tours.create(GUILD, CHANNEL, ORG, "Org", "k3", {"format": "swiss", "max_players": "2"}))
    with pytest.raises(TableError) as caught:
        await tours.create(GUILD, CHANNEL, ORG, "Org", "k3", {"format": "swiss", "max_players": "2"})
    assert "from 3 to 256" in caught.value.message("en") and "entre 3 y 256" in caught.value.message("es")
    # with Mesa filling the seats two are enough, and so is a cap of two
    await tours.create(GUILD, CHANNEL, ORG, "Org", "k3", {"format": "swiss", "mesa_fills": "true",
                                                          "max_players": "2"})
    tid = (await stored.guild_tournaments(repo, GUILD))[-1].id
    for uid, name in ((7001, "Ana"), (7002, "Ben")):
        await tours.join(GUILD, uid, name)
    await tours.start(GUILD, ORG)  # two players and Mesa: one table of three
    (board,) = (await tours.pairings(GUILD, tid)).boards
    assert len(board.user_ids) == 3 and sum(map(is_mesa, board.user_ids)) == 1
    assert (await repo.get_table(board.table_id or 0)).status == ACTIVE  # type: ignore[union-attr]
    await repo.close()


async def test_an_option_that_does_not_fit_and_a_started_tournament_are_refused(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments

    def create(game: str, **options: str) -> Callable[[], Awaitable[Any]]:
        return lambda: tours.create(GUILD, CHANNEL, ORG, "Org", game, options)

    await refused(svc, "tournament.error.unknown_option", create("plateau", format="round-robin", teams="true"))
    await refused(svc, "error.bad_option", create("kona", format="swiss", rated="maybe"))
    await refused(svc, "error.partners_players", create("krakatoa", format="swiss", teams="true"))
    await refused(svc, "error.unknown_game", create("chess", format="swiss"))
    await tours.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss"})
    for uid, name in ((7101, "Ana"), (7102, "Ben"), (7103, "Cy")):
        await tours.join(GUILD, uid, name)
    await tours.leave(GUILD, 7103)  # Cy leaves before the start
    await tours.start(GUILD, ORG)
    await refused(svc, "tournament.error.none_open", lambda: tours.join(GUILD, 7103, "Cy"))
    tid = (await stored.guild_tournaments(repo, GUILD))[-1].id
    await refused(svc, "tournament.error.not_open", lambda: tours.join(GUILD, 7103, "Cy", tid))
    await refused(svc, "tournament.error.not_open", lambda: tours.join(GUILD, 7104, "Dee", tid))
    await repo.close()
