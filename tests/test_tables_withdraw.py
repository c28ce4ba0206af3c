"""Leaving an invitation is declining it (issue 15, defect 9): an invitation never opens to anyone.

Before, an invitee's ``/leave`` turned a 2-player challenge into an open table that anyone could
join (and a rated game the host never agreed to could start), and a K3/Krakatoa table whose named
invitees all declined opened to the whole server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_tables_service import CHANNEL, GUILD, USERS, open_service

from tables import TableError
from tables.service import TableService

ANA, BEN, CY, DEE = (u for u, _ in USERS)
EVE = 105


async def status(svc: TableService, table: int) -> str:
    return (await svc.table_details(table)).summary.status


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[TableService]:
    repo, service = await open_service(tmp_path / "mesa.db")
    try:
        yield service
    finally:
        await repo.close()


async def test_an_invitees_leave_declines_a_challenge(svc: TableService) -> None:
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")]))[0].table_id
    out = await svc.leave(table, BEN)
    assert [m.key for m in out] == ["invite.declined"] and out[0].mention == (ANA,), "the host is told"
    assert await status(svc, table) == "declined"
    with pytest.raises(TableError):
        await svc.join(table, EVE, "Eve")


async def test_a_table_whose_invitees_all_decline_closes(svc: TableService) -> None:
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [(BEN, "Ben"), (CY, "Cy")]))[0].table_id
    out = await svc.decline(table, BEN)
    assert out[0].key == "invite.declined_seat" and await status(svc, table) == "invited"
    assert out[1].key == "invite.challenge.update" and list(out[1].params["invited"]) == ["Cy"], \
        "still only Cy is invited"
    assert out[1].mention == (), "the invitation pinged Cy; its update pings nobody again"
    with pytest.raises(TableError) as err:
        await svc.join(table, EVE, "Eve")
    assert err.value.key == "error.invite_only"
    out = await svc.leave(table, CY)  # the last invitee leaves: that is declining too
    assert [m.key for m in out] == ["invite.declined"] and out[0].mention == (ANA,)
    assert await status(svc, table) == "declined"


async def test_when_the_others_accepted_the_game_starts_without_the_one_who_left(svc: TableService) -> None:
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")]))[0].table_id
    await svc.accept(table, BEN)
    await svc.accept(table, CY)
    await svc.leave(table, DEE)
    assert await status(svc, table) == "active"
    assert sorted((await svc.table_details(table)).summary.players) == ["Ana", "Ben", "Cy"]


async def test_an_accepted_invitee_who_leaves_does_not_open_the_table(svc: TableService) -> None:
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy")]))[0].table_id
    await svc.accept(table, BEN)
    out = await svc.leave(table, BEN)
    assert out[0].key == "invite.left" and await status(svc, table) == "invited"
    with pytest.raises(TableError):
        await svc.join(table, EVE, "Eve")


async def test_an_open_table_stays_open_when_someone_leaves(svc: TableService) -> None:
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3"))[0].table_id
    await svc.join(table, BEN, "Ben")
    await svc.leave(table, BEN)
    assert await status(svc, table) == "open"
    await svc.join(table, EVE, "Eve")


@pytest.mark.parametrize("others_accept", [False, True])
async def test_a_partnership_invitation_closes_when_one_of_the_four_declines(svc: TableService,
                                                                             others_accept: bool) -> None:
    # KR-6.2: teams need exactly four players, and an invitation takes no one new; before, the table
    # stayed open for three (a waiting invitee's /accept was refused with "teams needs exactly 4
    # players"), or, when the other two had accepted, the decline itself was refused after it had
    # already taken Ben's seat away
    invited = [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")]
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", invited, {"teams": "true"}))[0].table_id
    if others_accept:
        await svc.accept(table, CY)
        await svc.accept(table, DEE)
    out = await svc.decline(table, BEN)
    assert [m.key for m in out] == ["invite.declined_unplayable"] and out[0].mention == (ANA,), "the host is told"
    assert out[0].params["players"] == 3 and out[0].params["name"] == "Ben"
    from tables import t

    assert t(out[0].key, "en", **out[0].params) == (
        "Ben declined the Krakatoa invitation; table #1 is closed, as its game cannot be played by the 3 left. "
        "Start a new one with /play.")
    assert await status(svc, table) == "declined"
    with pytest.raises(TableError) as err:
        await svc.accept(table, DEE if not others_accept else CY)
    assert err.value.key == "error.invitation_closed"


async def test_an_accepted_partner_who_leaves_closes_the_partnership_invitation(svc: TableService) -> None:
    invited = [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")]
    table = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", invited, {"teams": "true"}))[0].table_id
    await svc.accept(table, BEN)
    out = await svc.leave(table, BEN)
    assert [m.key for m in out] == ["invite.left_unplayable"] and await status(svc, table) == "declined"


async def test_the_invitation_names_the_options_that_differ_from_the_standard_game(svc: TableService) -> None:
    from tables import t

    invited = [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")]
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", invited, {"teams": "yes", "preset": "basic"})
    text = t(out[0].key, "en", **out[0].params)
    assert "(table #1; preset=basic, teams=true; 3d per move" in text, text
    assert "mesa #1; preset=basic, teams=true; 3d por jugada" in t(out[0].key, "es", **out[0].params)
    plain = await svc.create(GUILD, CHANNEL, CY, "Cy", "krakatoa", [(DEE, "Dee")], {"preset": "advanced"})
    assert "(table #2; 3d per move" in t(plain[0].key, "en", **plain[0].params), "the defaults are not named"
