"""Table updates read as updates (issue 14): after an answer, a join or a leave, the table's news says who
is seated and whom it waits for, instead of repeating a fresh invitation."""

from __future__ import annotations

from pathlib import Path

from test_console_readme import pipe
from test_tables_service import CHANNEL, GUILD, USERS, open_service

from tables import PublicPost, t

ANA, BEN, CY, DEE = (u for u, _ in USERS)


def test_console_after_an_accept_waits_for_the_others() -> None:
    out = pipe(["Ana: /play k3 @Ben @Cy", "Ben: /accept", "Ana: /play krakatoa", "Ben: /join 2"])
    assert out[0] == "[#1] Ana invites Ben and Cy to a game of K3 (table #1; 3d per move, rated ✓)."
    assert "[#1] Ben accepted the K3 invitation (table #1)." in out
    assert "[#1] K3 #1: Ana, Ben, Cy — waiting for Cy to answer." in out
    assert sum("invites" in line for line in out) == 1, "the invitation is not repeated"
    assert ("[#2] Krakatoa #2: Ana, Ben seated (2/4; the host can start now) — more may join; the host starts "
            "the game.") in out


async def test_updates_in_both_languages_through_the_service(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")])
    tid = out[0].table_id
    posts = [m for m in await svc.accept(tid, BEN) if isinstance(m, PublicPost)]
    update = posts[-1]
    assert update.components_hint == "invite"  # still answerable
    assert update.mention == (), "the invitation pinged Cy and Dee; its update pings nobody again"
    assert t(update.key, "en", **update.params) == "K3 #1: Ana, Ben, Cy, Dee — waiting for Cy and Dee to answer."
    assert t(update.key, "es", **update.params) == "K3 #1: Ana, Ben, Cy, Dee — esperando la respuesta de Cy y Dee."
    posts = [m for m in await svc.decline(tid, DEE) if isinstance(m, PublicPost)]
    assert t(posts[-1].key, "en", **posts[-1].params) == "K3 #1: Ana, Ben, Cy — waiting for Cy to answer."
    await repo.close()


async def test_an_identical_open_invitation_is_refused_and_named(tmp_path: Path) -> None:
    import pytest

    from tables import TableError

    repo, svc = await open_service(tmp_path / "mesa.db")
    first = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy")]))[0].table_id
    with pytest.raises(TableError) as err:
        await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(CY, "Cy"), (BEN, "Ben")])
    assert err.value.key == "error.same_invitation" and err.value.params["table"] == first
    assert f"table #{first}" in err.value.message("en") and f"la mesa #{first}" in err.value.message("es")
    assert len(await svc.active_tables(ANA, GUILD)) == 1, "nothing was opened"
    # another host, other players or another game are other invitations
    await svc.create(GUILD, CHANNEL, BEN, "Ben", "k3", [(ANA, "Ana"), (CY, "Cy")])
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (DEE, "Dee")])
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [(BEN, "Ben"), (CY, "Cy")])
    # once the first is answered and started, the same invitation may be made again
    await svc.accept(first, BEN)
    await svc.accept(first, CY)
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy")])
    await repo.close()
