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
    assert out[0] == "[#1] Ana invites Ben, Cy to a game of K3 (table #1; 3d per move, rated ✓)."
    assert "[#1] Ben accepted the K3 invitation (table #1)." in out
    assert "[#1] K3 #1: Ana, Ben, Cy — waiting for Cy to answer." in out
    assert sum("invites" in line for line in out) == 1, "the invitation is not repeated"
    assert "[#2] Krakatoa #2: Ana, Ben seated (2/4, 2 needed) — more may join; the host starts the game." in out


async def test_updates_in_both_languages_through_the_service(tmp_path: Path) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (CY, "Cy"), (DEE, "Dee")])
    tid = out[0].table_id
    posts = [m for m in await svc.accept(tid, BEN) if isinstance(m, PublicPost)]
    update = posts[-1]
    assert update.mention == (CY, DEE) and update.components_hint == "invite"  # still answerable
    assert t(update.key, "en", **update.params) == "K3 #1: Ana, Ben, Cy, Dee — waiting for Cy, Dee to answer."
    assert t(update.key, "es", **update.params) == "K3 #1: Ana, Ben, Cy, Dee — esperando la respuesta de Cy, Dee."
    posts = [m for m in await svc.decline(tid, DEE) if isinstance(m, PublicPost)]
    assert t(posts[-1].key, "en", **posts[-1].params) == "K3 #1: Ana, Ben, Cy — waiting for Cy to answer."
    await repo.close()
