"""``service.tournaments`` (issue 31) on SQLite and PostgreSQL: refusals write nothing; a round is paired exactly
once when two services race to pair it, after a crash inside the pairing's transaction, and after a second
process is killed (SIGKILL) in the middle of pairing; announcements a crash lost come again until a front end
confirms them; Mesa fills a bye;
withdrawals (one racing a pairing), removals and cancellations."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import FakeClock, open_service

from data import tournaments as stored
from data.models import ACTIVE, INVITED
from data.repository import STORED_TABLES, Repository
from tables import TableService
from tables.endings import FORFEIT
from tables.errors import TableError
from tables.hints import alone_with_mesa, hints_offered
from tables.i18n import t
from tables.mesa import is_mesa, mesa_id
from tables.outbox import WARNING, PublicPost, TournamentPost
from tables.tournaments import core_results, pairings_text, standings_text

GUILD, CHANNEL, ORG = 5, 50, 900
PLAYERS = [(901 + i, f"P{i + 1}") for i in range(8)]


async def snapshot(repo: Repository) -> dict[str, Any]:
    """Every stored row (the tables a tournament may touch, and the rest)."""
    out = {}
    async with repo.transaction() as tx:
        for table in STORED_TABLES:
            out[table] = (await tx.dump(table))[1]
    return out


async def event(svc: TableService, players: int, options: dict[str, str] | None = None, game: str = "kona") -> int:
    await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", game, options or {"format": "swiss"})
    row = (await stored.guild_tournaments(svc.repo, GUILD))[-1]
    for uid, name in PLAYERS[:players]:
        await svc.tournaments.join(GUILD, uid, name, row.id)
    return row.id


async def decide_all_but_one(svc: TableService, tid: int) -> int:
    """Every game of the current round resigned by its second player but the last; that table's id."""
    boards = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    for board in boards[:-1]:
        await svc.resign(board.table_id or 0, board.user_ids[1])
    last = boards[-1]
    assert last.table_id is not None
    return last.table_id


async def refused(svc: TableService, key: str, call: Callable[[], Awaitable[Any]]) -> None:
    before = await snapshot(svc.repo)
    with pytest.raises(TableError) as caught:
        await call()
    assert caught.value.key == key, caught.value.key
    assert caught.value.message("en") and caught.value.message("es") != caught.value.message("en")
    assert await snapshot(svc.repo) == before, f"{key} wrote something"


async def test_every_refusal_is_a_sentence_and_writes_nothing(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments

    def create(game: str = "kona", **options: str) -> Callable[[], Awaitable[Any]]:
        return lambda: tours.create(GUILD, CHANNEL, ORG, "Org", game, options)

    await refused(svc, "tournament.error.format_missing", create())
    await refused(svc, "error.bad_option", create(format="knockout"))
    await refused(svc, "tournament.error.groups_only", create("k3", format="round-robin"))
    await refused(svc, "tournament.error.double_swiss", create(format="swiss", double="true"))
    await refused(svc, "tournament.error.rounds_rr", create(format="round-robin", rounds="3"))
    await refused(svc, "error.bad_number", create(format="swiss", rounds="0"))
    await refused(svc, "error.bad_number", create(format="swiss", rounds="many"))
    await refused(svc, "error.bad_number", create(format="swiss", max_players="257"))
    await refused(svc, "error.bad_number", create(format="swiss", max_players="1"))
    await refused(svc, "error.bad_option", create(format="swiss", mesa_fills="perhaps"))
    await refused(svc, "tournament.error.seat_option", create(format="swiss", seat="first"))
    await refused(svc, "tournament.error.unknown_option", create(format="swiss", colour="red"))
    with pytest.raises(TableError) as unknown:  # the options a tournament takes, not /play's seat=
        await create(format="swiss", colour="red")()
    allowed = unknown.value.params["allowed"].split(", ")
    assert "seat" not in allowed and {"rounds", "double", "max_players", "mesa_fills", "move_limit"} <= set(allowed)
    with pytest.raises(TableError) as unknown:  # K3: no double (groups), no cooperative (refused), its own options
        await create("k3", format="swiss", colour="red")()
    allowed = unknown.value.params["allowed"].split(", ")
    assert not {"seat", "double", "cooperative"} & set(allowed) and {"rounds", "thief"} <= set(allowed)
    await refused(svc, "error.unreadable_time", create(format="swiss", time_per_move="forever"))
    await refused(svc, "error.bad_time", create(format="swiss", time_per_move="15d"))
    # Krakatoa's partnerships need four at a table; a group event seats tables of three too (KR-6.2)
    await refused(svc, "error.partners_players", create("krakatoa", format="swiss", teams="true"))
    # cooperative K3: everyone wins or loses together (K3-8), so its games could not rank anyone
    await refused(svc, "tournament.error.together.k3", create("k3", format="swiss", cooperative="true"))
    assert "K3-8" in t("tournament.error.together.k3", "es", option="cooperative")
    await svc.tournaments.set_managers_only(GUILD, True)
    await refused(svc, "tournament.error.managers_only", create(format="swiss"))
    await svc.tournaments.set_managers_only(GUILD, False)
    await refused(svc, "tournament.error.none_open", lambda: tours.join(GUILD, 1, "Ana"))
    await refused(svc, "tournament.error.none", lambda: tours.standings(GUILD))

    tid = await event(svc, 1, {"format": "swiss", "max_players": "3"})
    uid, name = PLAYERS[0]
    await refused(svc, "tournament.error.already", lambda: tours.join(GUILD, uid, name))
    await refused(svc, "tournament.error.too_few", lambda: tours.start(GUILD, ORG))
    for other, other_name in PLAYERS[1:3]:
        await tours.join(GUILD, other, other_name)
    await refused(svc, "tournament.error.full", lambda: tours.join(GUILD, PLAYERS[3][0], PLAYERS[3][1]))
    await refused(svc, "tournament.error.organiser_only", lambda: tours.start(GUILD, uid))
    await refused(svc, "tournament.error.organiser_only", lambda: tours.cancel(GUILD, uid))
    await refused(svc, "tournament.error.organiser_only", lambda: tours.remove(GUILD, uid, PLAYERS[1][0]))
    await refused(svc, "tournament.error.you_not_entered", lambda: tours.withdraw(GUILD, PLAYERS[5][0], tid))
    await refused(svc, "tournament.error.you_not_entered", lambda: tours.leave(GUILD, PLAYERS[5][0], tid))
    await refused(svc, "tournament.error.not_entered", lambda: tours.remove(GUILD, ORG, PLAYERS[5][0], tid))
    # a player the organiser names: the refusal names them back and says where the list is
    await refused(svc, "tournament.error.player_not_entered",
                  lambda: tours.remove(GUILD, ORG, PLAYERS[5][0], tid, target_name="Fay"))
    await refused(svc, "tournament.error.not_in_any", lambda: tours.withdraw(GUILD, PLAYERS[5][0]))
    await refused(svc, "tournament.error.not_started", lambda: tours.pairings(GUILD))
    await refused(svc, "tournament.error.missing", lambda: tours.join(GUILD, 1, "Ana", 999))
    await tours.start(GUILD, ORG)
    await refused(svc, "tournament.error.not_open", lambda: tours.join(GUILD, PLAYERS[4][0], "Late", tid))
    await refused(svc, "tournament.error.use_withdraw", lambda: tours.leave(GUILD, uid))
    # starting it again, named or not: it has started, round 1 is in play (not "takes no more players")
    await refused(svc, "tournament.error.started_already", lambda: tours.start(GUILD, ORG))
    await refused(svc, "tournament.error.started_already", lambda: tours.start(GUILD, ORG, tid))
    with pytest.raises(TableError) as again:
        await tours.start(GUILD, ORG, tid)
    assert f"Tournament #{tid} has already started: round 1 of 2 is in play" in again.value.message("en")
    await refused(svc, "tournament.error.no_round", lambda: tours.pairings(GUILD, tid, 2))
    await tours.withdraw(GUILD, uid)
    await refused(svc, "tournament.error.not_in_any", lambda: tours.withdraw(GUILD, uid))
    # the cap of tournaments underway per server
    for _ in range(4):
        await tours.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss"})
    await refused(svc, "tournament.error.cap", create(format="swiss"))
    await refused(svc, "tournament.error.which", lambda: tours.join(GUILD, 1, "Ana"))
    with pytest.raises(TableError) as which:  # the example is the command asked for
        await tours.standings(GUILD)
    assert "for example /tournament standings " in which.value.message("en")
    await repo.close()


async def test_a_command_without_a_number_takes_the_one_event_the_caller_s_part_picks(db: DbFactory) -> None:
    """With several events underway, a command without a number asked "Several tournaments fit" even where only
    one could be meant: the organiser's own to start or cancel, the one not entered to join, the one played in
    for the standings. Where the caller's part picks none or several, it still asks which."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours, other = svc.tournaments, 950
    ours = await event(svc, 2)  # Org's, with P1 and P2
    await tours.create(GUILD, CHANNEL, other, "Other", "plateau", {"format": "swiss"})
    theirs = max(r.id for r in await stored.guild_tournaments(repo, GUILD))
    await tours.join(GUILD, PLAYERS[2][0], "P3", theirs)
    assert (await tours.standings(GUILD, user_id=PLAYERS[0][0])).tournament_id == ours  # the one P1 plays in
    assert (await tours.standings(GUILD, user_id=other)).tournament_id == theirs  # the one Other organises
    await refused(svc, "tournament.error.which", lambda: tours.standings(GUILD, user_id=PLAYERS[7][0]))  # neither
    await refused(svc, "tournament.error.which", lambda: tours.standings(GUILD))  # nobody said
    [joined] = await tours.join(GUILD, PLAYERS[0][0], "P1")  # entered in Org's: the other one is meant
    assert isinstance(joined, TournamentPost) and joined.tournament_id == theirs
    await refused(svc, "tournament.error.which", lambda: tours.join(GUILD, PLAYERS[7][0], "P8"))  # either
    assert await tours.start_channel(GUILD, user_id=other) == CHANNEL
    assert await tours.start_channel(GUILD) is None  # start would ask which
    await tours.start(GUILD, other)  # Other's own, not Org's
    assert (await stored.get_tournament(repo, theirs)).status == stored.RUNNING  # type: ignore[union-attr]
    assert (await stored.get_tournament(repo, ours)).status == stored.OPEN  # type: ignore[union-attr]
    await tours.cancel(GUILD, ORG)  # Org's own
    assert (await stored.get_tournament(repo, ours)).status == stored.CANCELLED  # type: ignore[union-attr]
    await repo.close()


async def test_the_announcement_of_a_new_tournament_says_its_terms(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    [post] = await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", "kona", {
        "format": "swiss", "rounds": "3", "time_per_move": "2d", "rated": "false", "mesa_fills": "true"})
    assert isinstance(post, TournamentPost)
    english = t(post.key, "en", **post.params)
    assert "(up to 64 players; 3 rounds, 2d a move, unrated and Mesa fills the byes)" in english
    assert "(hasta 64 jugadores; 3 rondas, 2d por jugada, no puntúa y Mesa cubre los descansos)" in t(
        post.key, "es", **post.params)
    # the game's own options, as a table's invitation says them: an entrant knows what is played (they were not said)
    [k3] = await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", "k3", {"format": "swiss", "thief": "next"})
    assert "(up to 64 players; thief=next, 3d a move and rated)" in t(k3.key, "en", **k3.params)
    await repo.close()


async def test_two_services_racing_pair_the_round_exactly_once(db: DbFactory) -> None:
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    tid = await event(svc_a, 7, {"format": "swiss", "rounds": "3"})
    await svc_a.tournaments.start(GUILD, ORG)
    for number in (1, 2):
        last = await decide_all_but_one(svc_a, tid)
        svc_a.finisher.on_end.clear()  # the ending alone: both services then see the round over at once
        await svc_a.resign(last, (await repo_a.get_seats(last))[1].user_id)
        svc_a.finisher.on_end.append(svc_a.tournaments.table_ended)
        tables_before = (await repo_a.row_counts())["tables"]
        out_a, out_b = await asyncio.gather(svc_a.tournaments.advance(tid), svc_b.tournaments.advance(tid))
        announced = [m for m in out_a + out_b if isinstance(m, TournamentPost) and m.key == "tournament.round"]
        assert len(announced) == 1 and announced[0].params["round"] == number + 1
        assert await stored.rounds_paired(repo_a, tid) == number + 1
        boards = await stored.pairings(repo_a, tid, number + 1)
        assert len(boards) == 4  # 7 players: three tables and a bye
        assert (await repo_a.row_counts())["tables"] == tables_before + 3  # opened once
        for board in boards:
            if board.table_id is not None:
                table = await repo_b.get_table(board.table_id)
                assert table is not None and table.status == ACTIVE
    await repo_a.close()
    await repo_b.close()


async def test_a_crash_inside_the_pairing_leaves_nothing_and_the_sweep_pairs_the_round(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 6, {"format": "swiss", "rounds": "2"})
    await svc.tournaments.start(GUILD, ORG)
    last = await decide_all_but_one(svc, tid)
    before = await repo.row_counts()

    async def crash(board: int) -> None:
        if board == 2:  # one table of the round is already written, in the transaction
            raise RuntimeError("killed")

    svc.tournaments.fault = crash
    await svc.resign(last, (await repo.get_seats(last))[1].user_id)  # the round ends; its pairing crashes
    after = await repo.row_counts()
    assert await stored.rounds_paired(repo, tid) == 1
    for table in ("tables", "seats", "tournament_rounds", "tournament_pairings"):
        assert after[table] == before[table], table
    svc.tournaments.fault = None
    # a process dies after the pairing's commit, before its tables start: the next tick starts them
    real_open = svc.seating.open_paired
    calls = 0

    async def dies_once(table_id: int) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("killed after the commit")
        return await real_open(table_id)

    svc.seating.open_paired = dies_once  # type: ignore[method-assign]
    out = await svc.tick()  # the sweep pairs round 2, commits, announces it, and fails opening its first table
    assert [m.params["round"] for m in out if isinstance(m, TournamentPost)] == [2]
    assert await stored.rounds_paired(repo, tid) == 2
    boards = await stored.pairings(repo, tid, 2)
    statuses = [(await repo.get_table(b.table_id)).status for b in boards if b.table_id]  # type: ignore[union-attr]
    assert statuses == [INVITED] * 3
    svc.seating.open_paired = real_open  # type: ignore[method-assign]
    out = await svc.tick()  # the next sweep starts them: boards, DMs and deadlines as usual
    assert sum(1 for m in out if getattr(m, "kind", "") == "board") == 3
    statuses = [(await repo.get_table(b.table_id)).status for b in boards if b.table_id]  # type: ignore[union-attr]
    assert statuses == [ACTIVE] * 3
    out = await svc.tick()
    assert await stored.rounds_paired(repo, tid) == 2 and not any(isinstance(m, TournamentPost) for m in out)
    await repo.close()


async def test_a_round_a_process_died_before_announcing_is_announced_by_a_later_sweep(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid = await event(svc, 4, {"format": "swiss", "rounds": "2"})
    real = svc.tournaments._announce

    async def dies(*_: Any) -> Any:
        raise RuntimeError("killed after the commit")

    svc.tournaments._announce = dies  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        await svc.tournaments.start(GUILD, ORG)
    assert await stored.rounds_paired(repo, tid) == 1
    svc.tournaments._announce = real  # type: ignore[method-assign]
    out = await svc.tick()  # too soon: the pairing process may still be announcing it
    assert not any(isinstance(m, TournamentPost) for m in out)
    assert sum(1 for m in out if getattr(m, "kind", "") == "board") == 2  # its tables start all the same
    clock.advance(minutes=2)
    out = await svc.tick()
    rounds = [m for m in out if isinstance(m, TournamentPost)]
    assert [m.params["round"] for m in rounds] == [1] and len(rounds[0].mention) == 4
    assert not any(isinstance(m, TournamentPost) for m in await svc.tick())  # not within the minute
    clock.advance(minutes=2)
    again = [m for m in await svc.tick() if isinstance(m, TournamentPost)]  # not confirmed: handed out again
    assert again == rounds
    await svc.tournaments.announced(again[0])  # the front end delivered it
    assert not any(isinstance(m, TournamentPost) for m in await svc.tick())  # never again
    # the last round's last table ends, and the process dies before the final standings are announced
    final = svc.tournaments._announce_final
    svc.tournaments._announce_final = dies  # type: ignore[method-assign]
    for _ in range(2):
        last = await decide_all_but_one(svc, tid)
        await svc.resign(last, (await repo.get_seats(last))[1].user_id)
    assert (await stored.get_tournament(repo, tid)).status == stored.FINISHED  # type: ignore[union-attr]
    svc.tournaments._announce_final = final  # type: ignore[method-assign]
    # one who would still join it hears where the open ones are
    await refused(svc, "tournament.error.over.join", lambda: svc.tournaments.join(GUILD, 999, "Late", tid))
    assert "/games lists the tournaments open for entries" in t("tournament.error.over.join", "en", id=tid)
    clock.advance(minutes=2)
    finals = [m for m in await svc.tick() if isinstance(m, TournamentPost)]
    assert [m.key for m in finals] in (["tournament.final"], ["tournament.final_shared"])
    clock.advance(minutes=2)
    assert [m for m in await svc.tick() if isinstance(m, TournamentPost)] == finals  # until confirmed
    await svc.tournaments.announced(finals[0])
    assert not any(isinstance(m, TournamentPost) for m in await svc.tick())  # then never again
    await repo.close()


async def test_two_processes_hand_an_unconfirmed_announcement_out_again_one_at_a_time(db: DbFactory) -> None:
    """A round paired but never confirmed delivered: of two processes sweeping at once, one hands it out
    again, once a minute, until a front end confirms it."""
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    await event(svc_a, 4, {"format": "swiss", "rounds": "2"})
    out = await svc_a.tournaments.start(GUILD, ORG)  # handed out, never confirmed (the process died)
    (first,) = [m for m in out if isinstance(m, TournamentPost) and m.key == "tournament.round"]
    assert first.announces == 1
    for _ in range(3):
        clock.advance(minutes=2)
        out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
        again = [m for m in out_a + out_b if isinstance(m, TournamentPost)]
        assert again == [first]
    await svc_b.tournaments.announced(first)
    clock.advance(minutes=2)
    out_a, out_b = await asyncio.gather(svc_a.tick(), svc_b.tick())
    assert not any(isinstance(m, TournamentPost) for m in out_a + out_b)
    await repo_a.close()
    await repo_b.close()


async def test_mesa_fills_the_bye_and_its_points_are_the_place_at_that_table(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "1", "mesa_fills": "true", "rated": "false"})
    await svc.tournaments.start(GUILD, ORG)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    assert [b.kind for b in boards] == ["game", "game"]  # no bye: Mesa sits in
    mesa_board = next(b for b in boards if any(is_mesa(u) for u in b.user_ids))
    human = next(u for u in mesa_board.user_ids if not is_mesa(u))
    assert mesa_board.user_ids[0] == human
    other = next(b for b in boards if b is not mesa_board)
    await svc.resign(mesa_board.table_id or 0, human)  # lost to Mesa: no points for the bye
    await svc.resign(other.table_id or 0, other.user_ids[1])
    st = await svc.tournaments.standings(GUILD, tid)
    assert st.status == "finished"
    points = {r.user_id: r.points for r in st.rows}
    assert points == {other.user_ids[0]: 1, other.user_ids[1]: 0, human: 0}
    assert next(r for r in st.rows if r.user_id == human).byes == 1
    # the game against Mesa was a game all the same: counted among the player's games (text and picture)
    assert {r.user_id: r.games for r in st.rows} == {other.user_ids[0]: 1, other.user_ids[1]: 1, human: 1}
    await repo.close()


async def test_a_tournament_table_against_mesa_takes_no_hint_and_no_takeback(db: DbFactory) -> None:
    """Unrated and alone against Mesa, yet the result counts in the tournament: no Hint button, and /hint and
    /takeback refused in words, writing nothing (a table paired before its options named the tournament too)."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "1", "mesa_fills": "true", "rated": "false"})
    await svc.tournaments.start(GUILD, ORG)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    mesa_board = next(b for b in boards if any(is_mesa(u) for u in b.user_ids))
    human = next(u for u in mesa_board.user_ids if not is_mesa(u))
    table = mesa_board.table_id or 0
    ctx = await svc.store.load(table)
    assert ctx.options.tournament == tid and not ctx.options.rated
    assert alone_with_mesa(ctx) and not hints_offered(ctx)
    await refused(svc, "error.hint_tournament", lambda: svc.hints.ask(table, human))
    await refused(svc, "error.takeback_tournament", lambda: svc.takebacks.ask(table, human))
    async with repo.transaction() as tx:  # as stored before the options named the tournament
        await tx._c.execute("UPDATE tables SET options = ? WHERE id = ?",
                         (replace(ctx.options, tournament=None).to_json(), table))
    svc.store.forget(table)
    assert (await svc.store.load(table)).options.tournament is None
    await refused(svc, "error.hint_tournament", lambda: svc.hints.ask(table, human))
    await refused(svc, "error.takeback_tournament", lambda: svc.takebacks.ask(table, human))
    await repo.close()


async def test_standings_say_the_round_in_play_and_an_event_that_runs_out_of_players_says_why(db: DbFactory) -> None:
    """Before the start: who entered, in entry order.  A K3 event of three planned for two rounds: while round 1
    is played the standings say so; when one withdraws, two are left, too few for a table (K3: 2-4 a table, 3
    at least in a group event), so the event ends after round 1 and its last words say why."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "2"}, game="k3")
    before = standings_text(await svc.tournaments.standings(GUILD, tid))
    assert "in entry order" in before and before.split("\n")[1:] == ["1. P1", "2. P2", "3. P3"]
    await svc.tournaments.start(GUILD, ORG)
    during = standings_text(await svc.tournaments.standings(GUILD, tid))
    assert "round 1 of 2 in play" in during.split("\n")[0]
    out = await svc.tournaments.withdraw(GUILD, PLAYERS[2][0], tid)  # resigns P3's game: the table plays on
    board = next(b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game")
    out += await svc.resign(board.table_id or 0, PLAYERS[1][0])  # one player left at the table: it ends
    st = await svc.tournaments.standings(GUILD, tid)
    assert st.status == "finished" and st.round == 1 and st.rounds == 2
    head = standings_text(st).split("\n")[0]
    assert "final standings; it ended after round 1 of 2, too few players being left" in head
    assert "P3" in standings_text(st) and "withdrew" in standings_text(st)
    final = [m for m in out if isinstance(m, TournamentPost) and m.key.startswith("tournament.final")]
    assert len(final) == 1
    words = t(final[0].key, "en", **final[0].params)
    assert "is over. It ends after round 1 of 2: too few players are left to pair another. Winner: P1!" in words
    assert "Termina tras la ronda 1 de 2" in t(final[0].key, "es", **final[0].params)
    await refused(svc, "tournament.error.no_round_over", lambda: svc.tournaments.pairings(GUILD, tid, 2))
    await repo.close()


async def test_the_standings_of_a_round_in_play_say_whether_any_of_its_games_has_ended(db: DbFactory) -> None:
    """Five in a Swiss of two rounds: each round has a bye, which is no game.  Until one of a round's games ends
    the standings do not speak of "the games that have ended"; once one has, they do (English and Spanish)."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 5, {"format": "swiss", "rounds": "2"})

    async def head(lang: str = "en") -> str:
        return standings_text(await svc.tournaments.standings(GUILD, tid), lang).split("\n")[0]

    await svc.tournaments.start(GUILD, ORG)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    assert [b.kind for b in boards].count("bye") == 1, "five players: one bye a round"
    assert (await head()).endswith("round 1 of 2 in play; no game has ended yet")
    assert (await head("es")).endswith("ronda 1 de 2 en juego; aún no ha terminado ninguna partida")
    last = await decide_all_but_one(svc, tid)
    assert (await head()).endswith("round 1 of 2 in play; the games that have ended so far")
    await svc.resign(last, next(b for b in boards if b.table_id == last).user_ids[1])
    assert (await svc.tournaments.standings(GUILD, tid)).playing == 2
    assert (await head()).endswith("standings after round 1 of 2; round 2 is in play, and none of its games has "
                                   "ended yet")
    assert (await head("es")).endswith("la ronda 2 está en juego, y ninguna de sus partidas ha terminado aún")
    second = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    await svc.resign(second[0].table_id or 0, second[0].user_ids[1])
    assert (await head()).endswith("standings after round 1 of 2, with the games of round 2 that have ended")
    await repo.close()


async def test_a_bye_counts_in_the_standings_once_its_round_is_decided(db: DbFactory) -> None:
    """Five in a Swiss: the standings "after round 1" while round 2 is in play leave out round 2's bye (its sitter,
    who lost round 1, ranked above round 1's winners on a point the heading said no game had given), and count it
    once round 2 is decided; the bye of round 1 counts from the end of round 1."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 5, {"format": "swiss", "rounds": "3"})

    async def points() -> dict[int, float]:
        return {r.user_id: float(r.points) for r in (await svc.tournaments.standings(GUILD, tid)).rows}

    await svc.tournaments.start(GUILD, ORG)
    first = (await svc.tournaments.pairings(GUILD, tid)).boards
    [sitter] = [b.user_ids[0] for b in first if b.kind == "bye"]
    assert (await points())[sitter] == 0  # round 1 in play: its bye not yet
    losers = set()
    for board in first:
        if board.kind == "game":
            await svc.resign(board.table_id or 0, board.user_ids[1])
            losers.add(board.user_ids[1])
    after_one = await points()
    assert after_one[sitter] == 1 and all(after_one[u] == 0 for u in losers)
    second = (await svc.tournaments.pairings(GUILD, tid)).boards
    assert (await svc.tournaments.standings(GUILD, tid)).playing == 2
    [sitter2] = [b.user_ids[0] for b in second if b.kind == "bye"]
    assert sitter2 in losers  # Swiss gives the bye to the lowest standing
    assert await points() == after_one  # "after round 1": round 2's bye not counted yet
    ranks = {r.user_id: r.rank for r in (await svc.tournaments.standings(GUILD, tid)).rows}
    winners = {b.user_ids[0] for b in first if b.kind == "game"}
    assert all(ranks[w] < ranks[sitter2] for w in winners)
    for board in second:
        if board.kind == "game":
            await svc.resign(board.table_id or 0, board.user_ids[1])
    assert (await points())[sitter2] == 1  # round 2 decided: its bye counts
    await repo.close()


async def test_a_krakatoa_table_nobody_plays_is_played_out_once_every_player_is_away(db: DbFactory) -> None:
    """A tournament's Krakatoa table where nobody moves: once every player has timed out twice in a row (away), the
    game is played out automatically to its end (a round needs a result) and said so once; it had waited a deadline
    a turn, 21 deadlines for three players, holding the whole event up (a friendly table still waits)."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid = await event(svc, 3, {"format": "swiss", "rounds": "1", "time_per_move": "2h"}, game="krakatoa")
    await svc.tournaments.start(GUILD, ORG, tid)
    [board] = (await svc.tournaments.pairings(GUILD, tid)).boards
    said: list[PublicPost] = []
    ticks = 0
    while (await stored.get_tournament(repo, tid)).status != stored.FINISHED:  # type: ignore[union-attr]
        ticks += 1
        assert ticks <= 7, "two time-outs each, then the game is played out"
        clock.advance(hours=2, minutes=1)
        said += [m for m in await svc.tick() if isinstance(m, PublicPost) and m.table_id == board.table_id]
    keys = [m.key for m in said]
    assert keys.count("info.timeout_all_away_played") == 1 and "info.timeout_all_away" not in keys, keys
    told = next(m for m in said if m.key == "info.timeout_all_away_played")
    assert "played out automatically (auto) to its end" in t(told.key, "en", **told.params)
    assert "hasta el final" in t(told.key, "es", **told.params)
    assert len(await repo.get_results(board.table_id or 0)) == 3
    await repo.close()


async def test_a_player_out_during_a_bye_has_no_game_to_forfeit(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "2"})
    await svc.tournaments.start(GUILD, ORG)
    bye = next(b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "bye")
    out = await svc.tournaments.remove(GUILD, ORG, bye.user_ids[0], tid)
    [post] = [m for m in out if isinstance(m, TournamentPost) and m.key.startswith("tournament.out.")]
    assert post.key == "tournament.out.removed.idle"
    assert "forfeit" not in t(post.key, "en", **post.params) and "paired no more" in t(post.key, "en", **post.params)
    await repo.close()


async def test_cancel_stops_the_rounds_and_a_member_who_left_forfeits(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 4, {"format": "swiss", "rounds": "3"})
    await svc.tournaments.start(GUILD, ORG)
    boards = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    gone = boards[0].user_ids[0]
    out = await svc.tournaments.member_left(GUILD, gone)
    assert any(isinstance(m, TournamentPost) and m.key == "tournament.out.left" for m in out)
    results = await repo.get_results(boards[0].table_id or 0)
    assert {r.user_id: r.place for r in results}[gone] == 2  # their game is lost
    removed = boards[1].user_ids[0]  # the organiser takes a player off: their game is lost too
    out = await svc.tournaments.remove(GUILD, ORG, removed, tid)
    assert any(isinstance(m, TournamentPost) and m.key == "tournament.out.removed" for m in out)
    # the table's result says a forfeit: the organiser took them off, they did not resign
    [result] = [m for m in out if isinstance(m, PublicPost) and m.key.startswith("result.")]
    name = dict(PLAYERS)[removed]
    assert t(result.key, "en", **result.params).endswith(f": {name} forfeited, being out of the tournament.")
    assert t(result.key, "es", **result.params).endswith(f": {name} quedó fuera del torneo y pierde la partida.")
    assert "resign" not in t(result.key, "en", **result.params)
    assert {r.user_id: r.place for r in await repo.get_results(boards[1].table_id or 0)}[removed] == 2
    standing = {r.user_id: r.status for r in (await svc.tournaments.standings(GUILD, tid)).rows}
    assert standing[gone] == "left" and standing[removed] == "removed"
    assert await stored.rounds_paired(repo, tid) == 2  # two players still in, the event goes on: round 2
    out = await svc.tournaments.cancel(GUILD, ORG, tid)
    assert [m.key for m in out if isinstance(m, TournamentPost)] == ["tournament.cancelled"]
    (board,) = (await svc.tournaments.pairings(GUILD, tid)).boards
    # the table in play is told in its own thread, its players pinged (they may not read the event's channel)
    [told] = [m for m in out if isinstance(m, PublicPost)]
    assert told.table_id == board.table_id and set(told.mention) == set(board.user_ids)
    assert t(told.key, "en", **told.params) == (f"Tournament #{tid} (Kona) is cancelled: this game goes on as an "
                                                "ordinary one, and its result no longer counts for the event.")
    assert "ya no cuenta para el torneo" in t(told.key, "es", **told.params)
    await svc.resign(board.table_id or 0, board.user_ids[1])  # its table goes on, as an ordinary game, and ends
    assert await stored.rounds_paired(repo, tid) == 2  # no round after a cancellation
    assert (await svc.tournaments.standings(GUILD, tid)).status == "cancelled"
    await repo.close()


async def test_a_group_event_seats_tables_of_4_then_3_and_mesa_fills_the_odd_seats(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 5, {"format": "swiss", "rounds": "2", "mesa_fills": "true"}, game="k3")
    out = await svc.tournaments.start(GUILD, ORG)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    assert [len(b.user_ids) for b in boards] == [4, 3]  # 5 players: a table of four, the fifth with Mesa
    filled = boards[1]
    assert sum(is_mesa(u) for u in filled.user_ids) == 2 and not is_mesa(filled.user_ids[0])
    announced = next(m for m in out if isinstance(m, TournamentPost) and m.key == "tournament.round")
    assert set(announced.mention) == {uid for uid, _ in PLAYERS[:5]}  # the players concerned, never Mesa
    for board in boards:
        table = await repo.get_table(board.table_id or 0)
        assert table is not None and table.status == ACTIVE
    # a player at the table of four withdraws: their seat goes out (a forfeit) and the game goes on for three
    leaver = boards[0].user_ids[1]
    out = await svc.tournaments.withdraw(GUILD, leaver)
    table = await repo.get_table(boards[0].table_id or 0)
    assert table is not None and table.status == ACTIVE
    seats = {s.user_id: s for s in await repo.get_seats(boards[0].table_id or 0)}
    assert seats[leaver].out_reason == FORFEIT and all(not seats[u].out_reason for u in boards[0].user_ids
                                                       if u != leaver)
    [news] = [m for m in out if getattr(m, "key", "").startswith("info.out.")]  # said as a forfeit, not a resignation
    name = seats[leaver].name
    assert t(news.key, "en", **news.params).startswith(f"{name} is out of the tournament and so out of K3 #")
    assert t(news.key, "es", **news.params).startswith(f"{name} quedó fuera del torneo y, con ello, de K3 #")
    await repo.close()


def test_stored_boards_read_back_as_the_cores_results() -> None:
    rows = [stored.PairingRow(1, 1, 1, stored.GAME, 7, (11, 12, 13, 14), (2, 1, 4, 2), None),
            stored.PairingRow(1, 1, 2, stored.GAME, 8, (15, mesa_id("normal"), mesa_id("normal", 1)), (2, 1, 3), None),
            stored.PairingRow(1, 1, 3, stored.BYE, None, (16,), (1,), None),
            stored.PairingRow(1, 1, 4, stored.FORFEIT, None, (17, 18), (1, 2), None),
            stored.PairingRow(1, 2, 1, stored.GAME, 9, (11, 12), None, None)]  # undecided: not a result
    results = core_results(rows)
    assert [(r.players, r.places, r.score, r.played) for r in results] == [
        (("11", "12", "13", "14"), (2, 1, 4, 2), None, False),
        (("15",), (1,), Fraction(1), True),  # second of three at Mesa's table: 3 - 2 = 1 point, as a bye, played
        (("16",), (1,), None, False),
        (("17",), (1,), None, False),  # a forfeit won scores as a bye, and was not played
    ]


async def test_a_withdrawal_while_another_process_pairs_is_never_paired_again(
        db: DbFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)
    tid = await event(svc_a, 6, {"format": "swiss", "rounds": "3"})
    await svc_a.tournaments.start(GUILD, ORG)
    leaver = PLAYERS[2][0]
    real = stored.pair_round
    raced = []

    async def withdraw_first(*args: Any, **kwargs: Any) -> Any:
        if not raced:  # process A computed round 2 with the leaver in; process B's withdrawal commits first
            raced.append(True)
            await svc_b.tournaments.withdraw(GUILD, leaver)
        return await real(*args, **kwargs)

    monkeypatch.setattr(stored, "pair_round", withdraw_first)
    last = await decide_all_but_one(svc_a, tid)
    await svc_a.resign(last, (await repo_a.get_seats(last))[1].user_id)  # A's hook pairs round 2: refused, stale
    assert raced and await stored.rounds_paired(repo_a, tid) == 2  # paired once, by B's withdrawal
    round_two = await stored.pairings(repo_a, tid, 2)
    assert all(leaver not in b.players for b in round_two)
    assert sum(b.kind == stored.BYE for b in round_two) == 1  # five still in: a bye
    left = next(e for e in await stored.entrants(repo_a, tid) if e.user_id == leaver)
    assert (left.status, left.left_round) == (stored.WITHDRAWN, 1)
    await repo_a.close()
    await repo_b.close()


#: a second bot process: it pairs the tournament's next round and stops inside the pairing's transaction
PAIRING_PROCESS = """
import asyncio, sys
from datetime import UTC, datetime
from data import open_repository
from tables import TableService

class Clock:
    def now(self):
        return datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

async def main(target, tid):
    repo = await open_repository(target)
    svc = TableService(repo, Clock(), None)
    async def stop_inside(board):
        if board == 2:  # the round's row and its first table are written, uncommitted
            print("inside", flush=True)
            await asyncio.sleep(600)
    svc.tournaments.fault = stop_inside
    await svc.tournaments.advance(int(tid))

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


async def test_a_process_killed_in_the_middle_of_pairing_leaves_nothing_and_the_round_is_paired_once(
        db: DbFactory) -> None:
    target = db("mesa.db")
    repo, svc = await open_service(target, FakeClock())
    tid = await event(svc, 6, {"format": "swiss", "rounds": "2"})
    await svc.tournaments.start(GUILD, ORG)
    svc.finisher.on_end.clear()  # this process only ends the tables: the other one pairs
    last = await decide_all_but_one(svc, tid)
    await svc.resign(last, (await repo.get_seats(last))[1].user_id)
    before = await repo.row_counts()
    child = subprocess.Popen([sys.executable, "-c", PAIRING_PROCESS, target, str(tid)],
                             cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 60)
        assert line.strip() == "inside"
        os.kill(child.pid, signal.SIGKILL)  # kill -9 in the middle of the pairing
        await asyncio.to_thread(child.wait, 30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    after = await repo.row_counts()
    for table in ("tables", "seats", "tournament_rounds", "tournament_pairings"):
        assert after[table] == before[table], table  # nothing half-done
    out = await svc.tick()  # the next sweep (any process) pairs it, once
    assert [m.params["round"] for m in out if isinstance(m, TournamentPost)] == [2]
    assert await stored.rounds_paired(repo, tid) == 2
    assert (await repo.row_counts())["tables"] == before["tables"] + 3
    assert not [m for m in await svc.tick() if isinstance(m, TournamentPost)]
    await repo.close()


async def test_a_player_who_withdrew_is_never_the_winner_and_is_listed_below_those_still_in(db: DbFactory) -> None:
    """Three in a one-round Swiss: P3 has the bye (1 point) and withdraws; P1 and P2 draw (½ each).  P3 has the
    most points but stopped playing: the event is won by P1 and P2 together, P3 is listed third, marked."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "1"})
    await svc.tournaments.start(GUILD, ORG)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    bye = next(b for b in boards if b.kind == "bye").user_ids[0]
    game = next(b for b in boards if b.kind == "game")
    await svc.tournaments.withdraw(GUILD, bye, tid)
    first, second = game.user_ids
    await svc.offer_draw(game.table_id or 0, first)
    out = await svc.offer_draw(game.table_id or 0, second)
    st = await svc.tournaments.standings(GUILD, tid)
    assert st.status == "finished"
    assert [(r.rank, r.user_id, r.status) for r in st.rows] == [(1, first, "in"), (1, second, "in"),
                                                                 (3, bye, "withdrawn")]
    assert {r.user_id for r in st.winners} == {first, second}
    [final] = [m for m in out if isinstance(m, TournamentPost) and m.key.startswith("tournament.final")]
    assert final.key == "tournament.final_shared" and bye not in final.mention
    words = t(final.key, "en", **final.params)
    assert "3. P3: 1 point (withdrew)" in words.split("\n")
    assert "P3" not in words.split("\n")[0]
    assert "P3" not in standings_text(st).split("\n")[-1]  # the winners' line
    assert "withdrawn" in picture_says(st) and "se retiró" in picture_says(st, "es")  # the picture's mark for P3
    await repo.close()


def picture_says(st: Any, lang: str = "en") -> list[str]:
    """The texts the standings picture draws, in ``lang``."""
    from render import theme
    from tables.tournament_picture import standings_png

    with theme.recording() as marks:
        standings_png(st, None, lang)
    return [m.what for m in marks if m.kind == "text"]


async def test_the_picture_says_what_the_text_says_and_a_cancelled_events_tables_are_ordinary(db: DbFactory) -> None:
    """Round 1 in play: text and picture say so (not "not started"); rounds that will never come are not
    "not yet"; a cancellation in the middle of round 1 is said as such by the standings (not "before any game"),
    the pairings and their refusals (not "over", not "1 rounds"), and its table takes a takeback, as the
    announcement's "ordinary games" promises."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    tid = await event(svc, 4, {"format": "swiss", "rounds": "2"})
    assert "Not started yet: players in entry order" in picture_says(await tours.standings(GUILD, tid))
    await tours.start(GUILD, ORG)
    st = await tours.standings(GUILD, tid)
    assert "round 1 of 2 in play" in standings_text(st).split("\n")[0]
    assert "Round 1 of 2 in play" in picture_says(st) and "Not started yet" not in " ".join(picture_says(st))
    spanish = picture_says(st, "es-ES")  # a Spanish reader's picture: its title and where the event stands
    assert f"Torneo #{tid} · Kona suizo" in spanish and "Ronda 1 de 2 en juego" in spanish
    assert not {f"Tournament #{tid} · Kona Swiss", "Round 1 of 2 in play"} & set(spanish)
    with pytest.raises(TableError) as never:
        await tours.pairings(GUILD, tid, 5)
    assert never.value.key == "tournament.error.no_round_ever" and "yet" not in never.value.message("en")
    with pytest.raises(TableError) as later:
        await tours.pairings(GUILD, tid, 2)
    assert "(1 round paired so far)" in later.value.message("en")
    assert "(1 ronda emparejada hasta ahora)" in later.value.message("es")
    board = (await tours.pairings(GUILD, tid)).boards[0]
    assert board.table_id is not None
    mover = board.user_ids[0]
    await svc.auto(board.table_id, mover)
    await tours.cancel(GUILD, ORG, tid)
    st = await tours.standings(GUILD, tid)
    text = standings_text(st)
    assert "cancelled during round 1 of 2" in text.split("\n")[0] and "before any game" not in text
    assert "Cancelled during round 1 of 2" in picture_says(st)
    assert "cancelled" in pairings_text(await tours.pairings(GUILD, tid)).split("\n")[0]
    with pytest.raises(TableError) as gone:
        await tours.pairings(GUILD, tid, 2)
    assert gone.value.key == "tournament.error.no_round_cancelled"
    assert "cancelled after 1 round paired" in gone.value.message("en") and "1 rounds" not in gone.value.message("en")
    asked = await svc.takebacks.ask(board.table_id, mover)  # an ordinary game now: no tournament refusal
    assert asked
    await repo.close()


async def test_a_round_table_offers_cancel_only_once_its_event_is_cancelled_before_anyone_moved(
        db: DbFactory) -> None:
    """While the event runs its tables are never cancelled: neither the opening board of the round nor a board
    drawn again offers Cancel, and ``/abort`` is refused.  Cancelled in the middle of the round, its tables are
    ordinary games: one where no one has moved offers Cancel, as ``/abort`` (the host's) then agrees; a table
    where someone has moved does not."""
    from tables.outbox import CANCEL

    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    tid = await event(svc, 4, {"format": "swiss", "rounds": "2"})
    started = await tours.start(GUILD, ORG)
    openings = [m for m in started if isinstance(m, PublicPost) and m.kind == "board"]
    assert len(openings) == 2 and all(CANCEL not in m.offers for m in openings)
    moved, unmoved = (b for b in (await tours.pairings(GUILD, tid)).boards if b.kind == "game")
    assert moved.table_id is not None and unmoved.table_id is not None
    assert CANCEL not in (await svc.board(unmoved.table_id)).offers
    await refused(svc, "tournament.error.table_of", lambda: svc.abort(unmoved.table_id or 0, unmoved.user_ids[0]))
    await svc.auto(moved.table_id, moved.user_ids[0])
    await tours.cancel(GUILD, ORG, tid)
    assert CANCEL in (await svc.board(unmoved.table_id)).offers
    assert CANCEL not in (await svc.board(moved.table_id)).offers
    out = await svc.abort(unmoved.table_id, unmoved.user_ids[0])
    assert any(isinstance(m, PublicPost) and m.key.startswith("board.") for m in out)
    assert (await svc.store.load(unmoved.table_id)).row.status == "aborted"
    await repo.close()


async def test_a_round_table_nobody_moved_at_still_loses_on_time(db: DbFactory) -> None:
    """A friendly table nobody moved at is cancelled by its time-out, uncounted; a running tournament's table
    is not: its round needs a result, so the first mover who never moved loses on time."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid = await event(svc, 2, {"format": "swiss", "rounds": "1", "time_per_move": "1h"})
    await svc.tournaments.start(GUILD, ORG)
    [board] = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    clock.advance(hours=1, minutes=1)
    out = await svc.tick()
    assert not any(isinstance(m, PublicPost) and m.key == "info.timeout_unplayed" for m in out)
    table = await repo.get_table(board.table_id or 0)
    assert table is not None and table.status == "finished"
    assert [r.place for r in await repo.get_results(board.table_id or 0)] == [2, 1]  # the first mover lost
    await repo.close()


async def test_a_swiss_asked_for_more_rounds_than_its_players_allow_says_so_at_the_start(db: DbFactory) -> None:
    """rounds=10 with three players: three rounds (everyone meets everyone once, a bye each round; more would
    repeat pairings), and the start says so rather than leaving the creation's "10 rounds" standing."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 3, {"format": "swiss", "rounds": "10"})
    out = await svc.tournaments.start(GUILD, ORG)
    [note] = [m for m in out if isinstance(m, TournamentPost) and m.key == "tournament.rounds_reduced"]
    assert "plays 3 rounds, not the 10 rounds asked" in t(note.key, "en", **note.params)
    assert "se juega a 3 rondas, no a las 10 rondas pedidas" in t(note.key, "es", **note.params)
    assert (await svc.tournaments.standings(GUILD, tid)).rounds == 3
    tid = await event(svc, 4, {"format": "swiss", "rounds": "3"})  # four allow three: nothing to say
    out = await svc.tournaments.start(GUILD, ORG, tid)
    assert not [m for m in out if isinstance(m, TournamentPost) and m.key == "tournament.rounds_reduced"]
    assert (await svc.tournaments.standings(GUILD, tid)).rounds == 3
    await repo.close()


@pytest.mark.parametrize(("how", "english", "spanish"), [
    ("withdraw", "wins by forfeit (P1 withdrew)", "gana por incomparecencia (P1 se retiró)"),
    ("remove", "wins by forfeit (P1 was removed by the organiser)",
     "gana por incomparecencia (quien organiza expulsó a P1)"),
    ("left", "wins by forfeit (P1 left the server)", "gana por incomparecencia (P1 salió del servidor)"),
])
async def test_a_round_robin_forfeit_says_how_the_absent_player_went_out(db: DbFactory, how: str, english: str,
                                                                         spanish: str) -> None:
    """In a round robin a player out of the event still has their later games drawn: forfeits won by the other
    player, each line saying how the absent one went out (never "withdrew" of someone the organiser removed)."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 4, {"format": "round-robin"})
    await svc.tournaments.start(GUILD, ORG)
    gone = PLAYERS[0][0]
    if how == "withdraw":
        await svc.tournaments.withdraw(GUILD, gone, tid)
    elif how == "remove":
        await svc.tournaments.remove(GUILD, ORG, gone, tid)
    else:
        await svc.tournaments.member_left(GUILD, gone)
    said = []
    for board in (await svc.tournaments.pairings(GUILD, tid)).boards:  # the rest of round 1
        if board.kind == "game" and board.places is None:
            said += await svc.resign(board.table_id or 0, board.user_ids[1])
    pairing = await svc.tournaments.pairings(GUILD, tid)
    assert pairing.round == 2
    [forfeit] = [b for b in pairing.boards if b.kind == "forfeit"]
    assert forfeit.user_ids[1] == gone
    assert english in pairings_text(pairing, "en") and spanish in pairings_text(pairing, "es")
    [announced] = [m for m in said if isinstance(m, TournamentPost) and m.key == "tournament.round"]
    assert english in t(announced.key, "en", **announced.params)
    assert gone not in announced.mention and set(announced.mention) == {u for u, _ in PLAYERS[1:4]}, \
        "the round's players are pinged, never the one out of the event"
    await repo.close()


async def test_removing_oneself_says_which_command_takes_you_off_and_changes_nothing(db: DbFactory) -> None:
    """``/tournament remove @me`` (the organiser or anyone): never "removed by the organiser", and never an
    irreversible withdrawal nobody typed; the answer names the command that does it, and nothing is written."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tid = await event(svc, 4, {"format": "swiss", "rounds": "2"})
    me = PLAYERS[0][0]
    await refused(svc, "tournament.error.remove_self_open", lambda: svc.tournaments.remove(GUILD, me, me, tid))
    await svc.tournaments.join(GUILD, ORG, "Org", tid)
    await svc.tournaments.start(GUILD, ORG, tid)
    for who in (ORG, me):
        await refused(svc, "tournament.error.remove_self", lambda who=who: svc.tournaments.remove(GUILD, who, who, tid))
    with pytest.raises(TableError) as caught:
        await svc.tournaments.remove(GUILD, me, me, tid)
    assert caught.value.message("en") == (f"To take yourself off tournament #{tid}, use /tournament withdraw {tid}: "
                                          "your game in play is then a forfeit, and you are paired no more.")
    assert all(e.status == stored.IN for e in await stored.entrants(repo, tid))
    await repo.close()


async def test_games_tells_the_organiser_and_the_entrants_what_an_event_waits_for(db: DbFactory) -> None:
    # /games said "You have no active games" to an organiser whose event waited for them to start it, to its
    # entrants waiting for the start, and to an organiser whose event ran without them
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    lists = svc.tournament_lists

    async def said(user: int, lang: str = "en") -> list[str]:
        return [t(p.key, lang, **p.params) for p in await lists.for_games(GUILD, user)]

    tid = await event(svc, 3)
    assert await said(ORG) == [f"Tournament #{tid} (Kona, Swiss): open for entries, 3 players in; yours to start "
                               f"with /tournament start {tid} once everyone has joined."]
    assert await said(PLAYERS[0][0]) == [f"Tournament #{tid} (Kona, Swiss): you are entered, 3 players in so far; it "
                                         "begins when Org starts it."]
    assert (await said(PLAYERS[0][0], "es"))[0].endswith("empieza cuando Org lo inicie.")
    assert await said(PLAYERS[5][0]) == []  # not entered: offered apart, as one to enter (``joinable``)
    assert await lists.for_games(GUILD + 1, ORG) == []  # another server's
    await svc.tournaments.start(GUILD, ORG, tid)
    boards = (await svc.tournaments.pairings(GUILD, tid)).boards
    sitter = next(b.user_ids[0] for b in boards if b.kind == "bye")
    row = await stored.get_tournament(repo, tid)
    assert row is not None and row.organiser_name == "Org"
    assert await said(ORG) == [f"Tournament #{tid} (Kona), which you organise: round 1 of {row.rounds}, 1 table still "
                               f"playing (/tournament standings {tid})."]
    assert f"ronda 1 de {row.rounds}, 1 mesa aún en juego" in (await said(ORG, "es"))[0]
    assert (await said(sitter))[0].startswith(f"Tournament #{tid} (Kona), round 1 of {row.rounds}: you have a bye")
    players = next(b.user_ids for b in boards if b.kind == "game")
    assert await said(players[0]) == []  # their table is listed: nothing more to say
    # an organiser who plays in their own event finds their table, not the event, once it runs
    second = await event(svc, 2, game="plateau")
    await svc.tournaments.join(GUILD, ORG, "Org", second)
    assert (await said(ORG))[-1].startswith(f"Tournament #{second} (Plateau, Swiss): open for entries, 3 players in")
    await svc.tournaments.start(GUILD, ORG, second)
    assert [line for line in await said(ORG) if f"#{second}" in line and "bye" not in line] == []
    # an event from before the organiser's name was kept: its entrants are told "its organiser"
    third = await event(svc, 1)
    async with repo.transaction() as tx:
        await tx._c.execute("UPDATE tournaments SET organiser_name = NULL WHERE id = ?", (third,))
    assert (await said(PLAYERS[0][0]))[-1].endswith("it begins when its organiser starts it.")
    await repo.close()


async def test_games_tells_a_player_whose_game_is_decided_that_the_next_comes_with_the_next_round(
        db: DbFactory) -> None:
    """Five in a Swiss: a player whose game of the round has ended while another table plays on found nothing in
    ``/games`` ("You have no active games", as if out of the event): it says their next game comes with the next
    round, and in the last round that the final standings come when it ends (English and Spanish)."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    lists = svc.tournament_lists

    async def said(user: int, lang: str = "en") -> list[str]:
        return [t(p.key, lang, **p.params) for p in await lists.for_games(GUILD, user)]

    tid = await event(svc, 5, {"format": "swiss", "rounds": "2"})
    await svc.tournaments.start(GUILD, ORG, tid)
    games = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    first, other = games
    await svc.resign(first.table_id or 0, first.user_ids[1])
    for user in first.user_ids:
        assert await said(user) == [f"Tournament #{tid} (Kona), round 1 of 2: your game of this round is decided; your "
                                    "next game comes with round 2, when the round ends (1 table still playing)."]
        assert await said(user, "es") == [f"Torneo #{tid} (Kona), ronda 1 de 2: tu partida de esta ronda está "
                                          "decidida; tu próxima partida llega con la ronda 2, cuando termine la ronda "
                                          "(1 mesa aún en juego)."]
    assert [await said(user) for user in other.user_ids] == [[], []]  # their table is listed: nothing more to say
    await svc.resign(other.table_id or 0, other.user_ids[1])
    last = [b for b in (await svc.tournaments.pairings(GUILD, tid)).boards if b.kind == "game"]
    await svc.resign(last[0].table_id or 0, last[0].user_ids[0])
    assert (await said(last[0].user_ids[1]))[0].endswith("round 2 of 2: your game of this round is decided; the final "
                                                          "standings come when the round ends (1 table still playing).")
    await repo.close()


async def test_games_offers_the_events_a_player_could_enter(db: DbFactory) -> None:
    # someone who had not entered found nothing in /games of the server's events open for entries
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    lists = svc.tournament_lists
    outsider = PLAYERS[7][0]

    async def offered(user: int, lang: str = "en") -> list[str]:
        return [t(j.phrase.key, lang, **j.phrase.params) for j in await lists.joinable(GUILD, user)]

    first = await event(svc, 0, {"format": "swiss", "max_players": "4"})
    assert await offered(outsider) == [f"Tournament #{first} (Kona, Swiss), organised by Org: nobody has entered "
                                       f"yet, 4 places left; enter it with /tournament join {first}."]
    assert [t(p.key, "en", **p.params) for p in await lists.for_games(GUILD, ORG)] == [
        f"Tournament #{first} (Kona, Swiss): open for entries, nobody in; yours to start with /tournament start "
        f"{first} once everyone has joined."]
    assert await offered(ORG) == []  # the organiser reads it as theirs
    await svc.tournaments.join(GUILD, PLAYERS[0][0], "P1", first)
    assert await offered(outsider, "es") == [f"Torneo #{first} (Kona, suizo), organizado por Org: 1 jugador hasta "
                                             f"ahora, 3 plazas libres; apúntate con /tournament join {first}."]
    assert await offered(PLAYERS[0][0]) == []  # entered: listed as theirs
    full = await event(svc, 2, {"format": "swiss", "max_players": "2"})
    running = await event(svc, 3, game="plateau")
    await svc.tournaments.start(GUILD, ORG, running)
    newest = await event(svc, 1, game="plateau")
    assert [j.tournament_id for j in await lists.joinable(GUILD, outsider)] == [newest, first]  # not full, not running
    assert full not in [j.tournament_id for j in await lists.joinable(GUILD, outsider)]
    assert [j.channel_id for j in await lists.joinable(GUILD, outsider)] == [CHANNEL, CHANNEL]
    assert len(await lists.joinable(GUILD, outsider, limit=1)) == 1
    assert await lists.joinable(GUILD + 1, outsider) == []  # another server's
    await svc.tournaments.leave(GUILD, PLAYERS[0][0], first)  # leaving before the start: offered again
    assert first in [j.tournament_id for j in await lists.joinable(GUILD, PLAYERS[0][0])]
    async with repo.transaction() as tx:  # an event from before the organiser's name was kept
        await tx._c.execute("UPDATE tournaments SET organiser_name = NULL WHERE id = ?", (first,))
    assert (await offered(outsider))[-1].startswith(f"Tournament #{first} (Kona, Swiss): nobody has entered yet")
    await repo.close()


async def test_the_join_that_fills_an_event_tells_its_organiser_they_can_start_it(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss", "max_players": "3"})
    [row] = await stored.guild_tournaments(repo, GUILD)
    posts = [await svc.tournaments.join(GUILD, uid, name, row.id) for uid, name in PLAYERS[:2]]
    assert [p[0].key for p in posts] == ["tournament.joined"] * 2 and not any(p[0].mention for p in posts)
    [full] = await svc.tournaments.join(GUILD, ORG, "Org", row.id)  # the organiser takes the last place: no ping
    assert isinstance(full, TournamentPost) and full.key == "tournament.joined_full" and full.mention == ()
    assert t(full.key, "en", **full.params).endswith("3 entered, and it is full. Org can start it now with "
                                                     f"/tournament start {row.id}.")
    assert "y está completo. Org ya puede empezarlo" in t(full.key, "es", **full.params)
    # someone else filling it pings the organiser; an event from before the organiser's name was kept says "its
    # organiser"
    await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss", "max_players": "2"})
    second = (await stored.guild_tournaments(repo, GUILD))[-1].id
    async with repo.transaction() as tx:
        await tx._c.execute("UPDATE tournaments SET organiser_name = NULL WHERE id = ?", (second,))
    await svc.tournaments.join(GUILD, PLAYERS[2][0], PLAYERS[2][1], second)
    [full] = await svc.tournaments.join(GUILD, PLAYERS[3][0], PLAYERS[3][1], second)
    assert isinstance(full, TournamentPost) and full.mention == (ORG,)
    assert t(full.key, "en", **full.params).endswith("Its organiser can start it now with /tournament start "
                                                     f"{second}.")
    [left] = await svc.tournaments.leave(GUILD, PLAYERS[2][0], second)  # and a place is free again: how many are in
    assert t(left.key, "en", **left.params) == f"{PLAYERS[2][1]} left tournament #{second} (Kona): 1 entered now."
    assert t(left.key, "es", **left.params).endswith(": 1 inscrito ahora.")
    await repo.close()


async def test_an_event_no_one_starts_is_warned_then_closes_unstarted(db: DbFactory) -> None:
    # an organiser who never started their event kept one of the server's five places for events underway for good
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)  # a second process ticking the same database

    async def posts() -> list[TournamentPost]:
        out_a, out_b = await asyncio.gather(svc_a.tournaments.sweep(), svc_b.tournaments.sweep())
        return [m for m in out_a + out_b if isinstance(m, TournamentPost)]

    tid = await event(svc_a, 2)
    clock.advance(days=12, hours=23)
    assert await posts() == []  # waiting for 12 days and 23 hours: nothing yet
    clock.advance(hours=2)
    [warned] = await posts()  # one warning, whichever process made it
    assert warned.key == "tournament.closing" and warned.mention == (ORG,)
    assert t(warned.key, "en", **warned.params) == (
        f"Tournament #{tid} (Kona) has waited 13 days for its start with no one joining or leaving, and closes "
        f"unstarted in a day. Org can start it now with /tournament start {tid}; a join or a leave keeps it open.")
    assert "se cierra sin empezar dentro de un día" in t(warned.key, "es", **warned.params)
    await svc_b.tournaments.announced(warned)  # the front end delivered it: the close counts a day from now
    clock.advance(hours=12)
    assert await posts() == []  # warned once
    # a join starts the wait over: no closing a day after the warning, and a new warning 13 days on
    await svc_a.tournaments.join(GUILD, PLAYERS[2][0], PLAYERS[2][1], tid)
    clock.advance(days=1)
    assert await posts() == []
    row = await stored.get_tournament(repo_a, tid)
    assert row is not None and row.status == stored.OPEN and row.warned_at is None
    clock.advance(days=12, hours=1)
    [again] = await posts()
    assert again.key == "tournament.closing"
    await svc_a.tournaments.announced(again)
    clock.advance(hours=23)
    assert await posts() == []  # not yet a day after the warning
    clock.advance(hours=2)
    [closed] = await posts()
    assert closed.key == "tournament.closed_idle"
    assert set(closed.mention) == {ORG, *(uid for uid, _ in PLAYERS[:3])}  # the organiser and every entrant
    assert t(closed.key, "en", **closed.params) == (f"Tournament #{tid} (Kona) closed unstarted: in 14 days no one "
                                                    "started it, joined or left. Nothing was played, so nothing is "
                                                    "counted.")
    row = await stored.get_tournament(repo_a, tid)
    assert row is not None and row.status == stored.CANCELLED
    assert await svc_a.tournament_lists.for_games(GUILD, ORG) == []  # /games no longer speaks of it
    with pytest.raises(TableError):
        await svc_a.tournaments.join(GUILD, PLAYERS[4][0], PLAYERS[4][1], tid)
    clock.advance(days=30)
    assert await posts() == []  # closed once
    await repo_a.close()
    await repo_b.close()


async def test_an_idle_event_is_never_closed_unwarned_and_a_start_after_the_warning_runs_it(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    first = await event(svc, 3)
    await svc.tournaments.create(GUILD, CHANNEL, ORG, "Org", "kona", {"format": "swiss"})
    second = (await stored.guild_tournaments(repo, GUILD))[-1].id
    for uid, name in PLAYERS[3:5]:
        await svc.tournaments.join(GUILD, uid, name, second)
    clock.advance(days=40)  # the bot was down for weeks: both are warned first, not closed
    swept = [m for m in await svc.tournaments.sweep() if isinstance(m, TournamentPost)]
    assert sorted((m.tournament_id, m.key) for m in swept) == [(first, "tournament.closing"),
                                                                (second, "tournament.closing")]
    for post in swept:
        await svc.tournaments.announced(post)
    await svc.tournaments.start(GUILD, ORG, first)  # the organiser answers the warning
    clock.advance(days=1, minutes=1)
    swept = [m for m in await svc.tournaments.sweep() if isinstance(m, TournamentPost)]
    assert [(m.tournament_id, m.key) for m in swept if m.key.startswith("tournament.clos")] == [
        (second, "tournament.closed_idle")]
    row = await stored.get_tournament(repo, first)
    assert row is not None and row.status == stored.RUNNING
    await repo.close()


async def test_an_idle_warning_not_delivered_is_handed_out_again_and_the_close_counts_from_its_delivery(
        db: DbFactory) -> None:
    """The warning is an announcement like a round's: until a front end confirms it, it is handed out again (one
    process a minute), and the event never closes; it closes a day after the delivery, not after the hand-out."""
    clock = FakeClock()
    repo_a, svc_a = await open_service(db("mesa.db"), clock)
    repo_b, svc_b = await open_service(db("mesa.db"), clock)

    async def posts() -> list[TournamentPost]:
        out_a, out_b = await asyncio.gather(svc_a.tournaments.sweep(), svc_b.tournaments.sweep())
        return [m for m in out_a + out_b if isinstance(m, TournamentPost)]

    tid = await event(svc_a, 2)
    clock.advance(days=13, minutes=1)
    [first] = await posts()
    assert first.key == "tournament.closing" and first.announces == WARNING
    clock.advance(seconds=30)
    assert await posts() == []  # handed out a moment ago: not again yet
    for _ in range(3):  # never delivered (Discord refused it): handed out again each minute, by one process
        clock.advance(days=1)
        assert [p.key for p in await posts()] == ["tournament.closing"]
    row = await stored.get_tournament(repo_a, tid)
    assert row is not None and row.status == stored.OPEN and row.warning_delivered_at is None
    clock.advance(minutes=2)
    [last] = await posts()
    await svc_a.tournaments.announced(last)  # delivered now
    await svc_b.tournaments.announced(last)  # a second confirmation changes nothing
    clock.advance(minutes=2)
    assert await posts() == []  # delivered: not handed out again
    clock.advance(hours=23, minutes=50)
    assert await posts() == []  # a day after the hand-outs began, but not a day after the delivery
    clock.advance(minutes=10)
    [closed] = await posts()
    assert closed.key == "tournament.closed_idle"
    # a confirmation of an event's old warning after a join is void: the new idle spell is warned anew
    tid2 = await event(svc_a, 2)
    clock.advance(days=13, minutes=1)
    [old] = [p for p in await posts() if p.tournament_id == tid2]
    await svc_a.tournaments.join(GUILD, PLAYERS[2][0], PLAYERS[2][1], tid2)
    await svc_a.tournaments.announced(old)
    row = await stored.get_tournament(repo_a, tid2)
    assert row is not None and row.warned_at is None and row.warning_delivered_at is None
    await repo_a.close()
    await repo_b.close()


async def test_an_open_events_idle_clock_stands_still_while_mesa_is_out_of_its_server(db: DbFactory) -> None:
    """Mesa removed from the server (``suspend_guild``, as its tables are): nothing is warned or closed, and on its
    return the idle clock, the warning's hand-out and its delivery move on by the time away."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)

    async def posts() -> list[TournamentPost]:
        return [m for m in await svc.tournaments.sweep() if isinstance(m, TournamentPost)]

    quiet = await event(svc, 2)  # idle 2 days when Mesa leaves
    clock.advance(days=2)
    await svc.suspend_guild(GUILD)
    clock.advance(days=30)
    assert await posts() == []
    await svc.resume_guild(GUILD)
    clock.advance(days=10, hours=23)
    assert await posts() == []  # 12 days and 23 hours idle, the 30 away not counted
    clock.advance(hours=2)
    [warned] = await posts()
    assert (warned.tournament_id, warned.key) == (quiet, "tournament.closing")
    await svc.tournaments.announced(warned)
    clock.advance(hours=12)
    await svc.suspend_guild(GUILD)  # away again 12 hours after the warning reached the channel
    clock.advance(days=5)
    assert await posts() == []  # not closed while away
    row = await stored.get_tournament(repo, quiet)
    assert row is not None and row.status == stored.OPEN and row.suspended_at is not None
    await svc.resume_guild(GUILD)
    clock.advance(hours=11, minutes=59)
    assert await posts() == []  # the delivery moved on by the 5 days: 12 hours are still left
    clock.advance(minutes=2)
    assert [p.key for p in await posts()] == ["tournament.closed_idle"]
    await svc.resume_guild(GUILD)  # a second return (a reconnection's GUILD_CREATE) moves nothing
    await repo.close()


async def test_removing_someone_already_out_says_how_they_went(db: DbFactory) -> None:
    """The organiser removing a player who withdrew, or was removed already, hears that (with their name), not
    "not in the tournament"; a player who left an open event is simply not in it."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    tid = await event(svc, 5)
    await tours.leave(GUILD, PLAYERS[4][0], tid)
    with pytest.raises(TableError) as caught:
        await tours.remove(GUILD, ORG, PLAYERS[4][0], tid, target_name=PLAYERS[4][1])
    assert caught.value.key == "tournament.error.player_not_entered"
    assert caught.value.message("en").startswith(f"{PLAYERS[4][1]} is not in tournament #{tid}")
    await tours.start(GUILD, ORG)
    await tours.withdraw(GUILD, PLAYERS[0][0], tid)
    await tours.remove(GUILD, ORG, PLAYERS[1][0], tid, target_name="whatever the caller says")
    for (uid, name), how in ((PLAYERS[0], "withdrawn"), (PLAYERS[1], "removed")):
        await refused(svc, f"tournament.error.out.{how}",
                      lambda u=uid: tours.remove(GUILD, ORG, u, tid, target_name="x"))
        with pytest.raises(TableError) as caught:
            await tours.remove(GUILD, ORG, uid, tid)
        assert caught.value.params["name"] == name  # the name they entered with, not the caller's words
    await repo.close()


async def test_an_empty_event_says_nobody_is_in_and_a_cancelled_one_never_paired_has_no_pairings(db: DbFactory
                                                                                                ) -> None:
    """Not "0 entered so far" (a leave, the standings, a start) nor "there is no round 0 … round=0 shows the last":
    what the event really is."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    tid = await event(svc, 1)
    left = await tours.leave(GUILD, PLAYERS[0][0], tid)  # the only entrant leaves
    assert [m.key for m in left if isinstance(m, TournamentPost)] == ["tournament.left.empty"]
    assert t("tournament.left.empty", "en", name="P1", id=tid, title="Kona").endswith("nobody is entered now.")
    for lang in ("en", "es"):
        text = standings_text(await tours.standings(GUILD, tid), lang)
        assert "0" not in text and "\n" not in text and text == t("tournament.standings.none.empty", lang, id=tid,
                                                                   title="Kona")
    await refused(svc, "tournament.error.too_few.none", lambda: tours.start(GUILD, ORG, tid))
    with pytest.raises(TableError) as empty:
        await tours.start(GUILD, ORG, tid)
    assert "nobody has entered yet" in empty.value.message("en") and "0" not in empty.value.message("en")
    out = await tours.cancel(GUILD, ORG, tid)  # (not "tables in play go on": there never were any)
    assert [m.key for m in out if isinstance(m, TournamentPost)] == ["tournament.cancelled.open"]
    # P1 entered and left: "cancelled before anyone entered" was not so
    assert standings_text(await tours.standings(GUILD, tid)).endswith("was cancelled with nobody entered.")
    await refused(svc, "tournament.error.cancelled.join", lambda: tours.join(GUILD, PLAYERS[1][0], "P2", tid))
    await refused(svc, "tournament.error.cancelled", lambda: tours.withdraw(GUILD, PLAYERS[1][0], tid))
    for asked in (None, 0, 1, 2):  # (not "rounds are numbered from 1": there is no round 1 either)
        await refused(svc, "tournament.error.cancelled_unpaired", lambda r=asked: tours.pairings(GUILD, tid, r))
    await repo.close()


async def test_removing_mesa_says_what_it_does_in_the_event(db: DbFactory) -> None:
    """Mesa is never an entrant: removing it says it only fills byes (mesa_fills) or plays no games."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    tours = svc.tournaments
    fills = await event(svc, 3, {"format": "swiss", "mesa_fills": "true"})
    plain = await event(svc, 3)
    for tid, key in ((fills, "tournament.error.remove_mesa.fills"), (plain, "tournament.error.remove_mesa")):
        await refused(svc, key, lambda n=tid: tours.remove(GUILD, ORG, mesa_id("normal"), n, target_name="Mesa"))
        # only the organiser may remove anyone: the others hear that first
        await refused(svc, "tournament.error.organiser_only", lambda n=tid: tours.remove(GUILD, PLAYERS[0][0],
                                                                                         mesa_id("hard"), n))
    await tours.start(GUILD, ORG, fills)  # three players: Mesa sits in for the bye, and is still not removable
    assert any(is_mesa(u) for b in (await tours.pairings(GUILD, fills)).boards for u in b.user_ids)
    await refused(svc, "tournament.error.remove_mesa.fills", lambda: tours.remove(GUILD, ORG, mesa_id("normal"), fills))
    await repo.close()
