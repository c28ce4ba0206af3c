"""A tournament player who left the server is out of the event before the next round (``tables.tournament_departures``),
on SQLite and PostgreSQL.

Discord tells a bot of a departure only through the privileged member intent, which Mesa does not ask for, so
the tournaments ask the front end (``Tournaments.still_member``) when a departure shows: a round is over and a
player in it let their game's time run out.  Only those players are asked; only a clear "left" (False) takes
anyone out; "cannot tell" (None), "still here" (True) or a front end that fails to answer changes nothing.
"""

from __future__ import annotations

import pytest
from pg_server import DbFactory
from test_tables_service import FakeClock, open_service
from test_tournament_service import GUILD, ORG, event

from data import tournaments as stored
from tables import TableService
from tables.endings import TIME
from tables.i18n import t
from tables.outbox import TournamentPost


class Asked:
    """A front end's ``still_member``: the answer it gives, and whom it was asked about."""

    def __init__(self, answer: bool | Exception | None) -> None:
        self.answer = answer
        self.calls: list[tuple[int, int]] = []

    async def __call__(self, guild_id: int, user_id: int) -> bool | None:
        self.calls.append((guild_id, user_id))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


async def round_one_ends_on_time(svc: TableService, clock: FakeClock, tid: int) -> tuple[int, list[object]]:
    """Round 1 of a Swiss of four: the second board resigned, nobody moves at the first until its deadline has
    passed; the tick times it out and so ends the round.  (The player who ran out of time, the tick's messages.)"""
    boards = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    assert len(boards) == 2
    await svc.resign(boards[1].table_id or 0, boards[1].user_ids[1])
    clock.advance(hours=2)
    out = await svc.tick()
    seats = await svc.repo.get_seats(boards[0].table_id or 0)
    [late] = [s.user_id for s in seats if s.out_reason == TIME]  # a two-player game lost on time: the mover is out
    assert (await stored.pairings(svc.repo, tid, 1))[0].places is not None, "round 1 is over"
    return late, list(out)


async def test_a_player_who_ran_out_of_time_and_left_the_server_is_paired_no_more(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    asked = Asked(False)  # the front end would say "gone" of anyone: only the late player may be asked
    svc.tournaments.still_member = asked
    tid = await event(svc, 4, {"format": "swiss", "rounds": "3", "time_per_move": "1h"})
    await svc.tournaments.start(GUILD, ORG)
    late, out = await round_one_ends_on_time(svc, clock, tid)
    assert asked.calls == [(GUILD, late)], "only the player whose time ran out is asked about"
    name = next(e.name for e in await stored.entrants(repo, tid) if e.user_id == late)
    [post] = [m for m in out if isinstance(m, TournamentPost) and m.key.startswith("tournament.out.")]
    assert post.key == "tournament.out.left.idle"
    assert t(post.key, "en", **post.params).startswith(f"{name} left the server and is out of tournament #{tid}")
    assert t(post.key, "es", **post.params).startswith(f"{name} salió del servidor")
    round_two = await svc.tournaments.pairings(GUILD, tid)
    assert round_two.round == 2
    paired = {u for b in round_two.boards for u in b.user_ids}
    assert late not in paired and len(paired) == 3, "the three still in are paired (one has the bye)"
    [entry] = [e for e in await stored.entrants(repo, tid) if e.user_id == late]
    assert entry.status == stored.LEFT and entry.left_round == 1
    rows = {r.user_id: r for r in (await svc.tournaments.standings(GUILD, tid)).rows}
    assert rows[late].status == stored.LEFT
    # the next sweep asks nobody again about round 1, and changes nothing
    asked.calls.clear()
    assert not [m for m in await svc.tick() if isinstance(m, TournamentPost)]
    assert asked.calls == []
    await repo.close()


@pytest.mark.parametrize("answer", [True, None, RuntimeError("Discord did not answer")],
                         ids=["still-here", "cannot-tell", "failed"])
async def test_a_late_player_is_kept_unless_the_front_end_says_they_left(db: DbFactory,
                                                                         answer: bool | Exception | None) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    asked = Asked(answer)
    svc.tournaments.still_member = asked
    tid = await event(svc, 4, {"format": "swiss", "rounds": "3", "time_per_move": "1h"})
    await svc.tournaments.start(GUILD, ORG)
    late, out = await round_one_ends_on_time(svc, clock, tid)
    assert asked.calls == [(GUILD, late)]
    assert not [m for m in out if isinstance(m, TournamentPost) and m.key.startswith("tournament.out.")]
    round_two = await svc.tournaments.pairings(GUILD, tid)
    assert round_two.round == 2 and late in {u for b in round_two.boards for u in b.user_ids}
    assert all(e.status == stored.IN for e in await stored.entrants(repo, tid))
    await repo.close()


async def test_without_a_front_end_that_asks_nobody_is_taken_out(db: DbFactory) -> None:
    """The console (and any front end that calls ``member_left`` itself) sets no ``still_member``."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    assert svc.tournaments.still_member is None
    tid = await event(svc, 4, {"format": "swiss", "rounds": "3", "time_per_move": "1h"})
    await svc.tournaments.start(GUILD, ORG)
    late, _ = await round_one_ends_on_time(svc, clock, tid)
    assert late in {u for b in (await svc.tournaments.pairings(GUILD, tid)).boards for u in b.user_ids}
    await repo.close()


async def test_a_krakatoa_player_whose_turns_were_played_for_them_is_asked_about(db: DbFactory) -> None:
    """Krakatoa never puts a late player out (KR-8.4: their turns are played automatically), so "late" there is a
    game that ended with their turns being played for them: that player is asked about, the one who played is
    not."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    asked = Asked(False)
    svc.tournaments.still_member = asked
    tid = await event(svc, 3, {"format": "swiss", "rounds": "1", "time_per_move": "1h"}, game="krakatoa")
    await svc.tournaments.start(GUILD, ORG)
    [board] = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    absent, present = board.user_ids[1], {board.user_ids[0], board.user_ids[2]}
    table_id = board.table_id or 0
    for _ in range(1000):  # the others play each of their turns at once; the absent one's time runs out
        table = await repo.get_table(table_id)
        assert table is not None
        if table.status == "finished":
            break
        turn = set((await svc.table_details(table_id)).summary.turn_user_ids)
        if turn & present:
            await svc.auto(table_id, min(turn & present))
        else:
            clock.advance(hours=2)
            await svc.tick()
    else:
        pytest.fail("the game did not end")
    seats = {s.user_id: s for s in await repo.get_seats(table_id)}
    assert seats[absent].timeouts > 0 and seats[absent].out_reason is None
    assert all(seats[u].timeouts == 0 for u in present)
    assert asked.calls == [(GUILD, absent)]
    standing = {r.user_id: r.status for r in (await svc.tournaments.standings(GUILD, tid)).rows}
    assert standing == {**dict.fromkeys(present, stored.IN), absent: stored.LEFT}
    await repo.close()
