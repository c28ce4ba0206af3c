"""What a restart (a new process over the same database) must keep that the service held only in memory.

Each test stops the service at an awkward moment (a hint just given, Mesa in the middle of a turn) and opens
a new one over the same database, as a bot started again after a kill would (the kill itself, and what it
does to a write in flight, is covered by ``tests/e2e`` and ``tests/test_tournament_service.py``).
"""

from __future__ import annotations

import signal
import subprocess
import sys
from contextlib import aclosing
from datetime import timedelta
from pathlib import Path
from typing import Any

from pg_server import DbFactory, run_sql
from test_tables_learning import ANA, Spy, against_mesa, mesa_service
from test_tables_service import CHANNEL, GUILD, FakeClock

from data.factory import open_repository
from engines.base import GameView
from tables import PublicPost, TableService, t
from tables.claims import CLAIM_SECONDS
from tables.thinking import Thinker, iterations

ROOT = Path(__file__).resolve().parent.parent


class Counting(Thinker):
    """A thinker that counts its searches (a new process's: every search it makes is a new one)."""

    def __init__(self) -> None:
        super().__init__(processes=False, budget=iterations(10), workers=1)
        self.searches = 0

    async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int, **lane: Any) -> str:
        self.searches += 1
        return await super().choose(game, view, seat, level, seed, **lane)


async def test_a_hint_asked_again_after_a_restart_is_the_one_given(db: DbFactory) -> None:
    """Hints are searched on a time budget (the machine's load varies the answer), so the same question is
    answered from what was given; a restart must not make the same position's hint another move."""
    path = db("mesa.db")
    clock = FakeClock()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock, Spy())
    tid = await against_mesa(svc)
    given = await svc.hints.ask(tid, ANA)
    await repo.close()
    repo = await open_repository(path)  # the bot started again
    thinker = Counting()
    svc = mesa_service(repo, clock, thinker)
    try:
        again = await svc.hints.ask(tid, ANA)
        assert again.move == given.move and thinker.searches == 0  # given again, not searched again
        assert await svc.hints.used(tid) == {0: 1}  # one hint given, counted once, as without a restart
        await svc.submit_move(tid, ANA, given.move)
        await svc.play_mesa(tid)
        await svc.hints.ask(tid, ANA)  # a new position: a new search
        assert thinker.searches >= 1
    finally:
        await repo.close()


async def test_a_kept_hint_that_does_not_read_is_searched_again(db: DbFactory) -> None:
    path = db("mesa.db")
    clock = FakeClock()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock, Spy())
    tid = await against_mesa(svc)
    await svc.hints.ask(tid, ANA)
    await repo.close()
    await run_sql(path, "UPDATE hints SET given_move = 'z9-z9' WHERE table_id = ?", (tid,))
    repo = await open_repository(path)
    thinker = Counting()
    svc = mesa_service(repo, clock, thinker)
    try:
        again = await svc.hints.ask(tid, ANA)
        assert thinker.searches == 1 and again.move in await svc.legal_moves_for(tid, ANA)
    finally:
        await repo.close()


async def _krakatoa_until_mesa_is_to_throw(svc: TableService) -> int:
    """Krakatoa's basic game against Mesa, Ana's turns played with auto, until Mesa's turn after Ana's first
    whole turn (past the throw-off)."""
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [], {"bots": "1", "seat": "first",
                                                                          "preset": "basic"})
    tid = out[0].table_id
    for _ in range(200):
        board = await svc.board(tid)
        if board.mention == (ANA,):
            moves = await svc.legal_moves_for(tid, ANA)
            await svc.submit_move(tid, ANA, "auto" if "auto" in moves else moves[0])
        elif len(await svc.repo.get_moves(tid)) > 12:
            return tid
        else:
            await svc.play_mesa(tid)
    raise AssertionError("Mesa's turn never came")


def _boards(out: list[Any], lang: str) -> list[str]:
    return [t(m.key, lang, **m.params) for m in out if isinstance(m, PublicPost) and m.kind == "board"]


async def test_a_restart_in_the_middle_of_mesas_krakatoa_turn_tells_the_whole_turn(db: DbFactory) -> None:
    """Mesa's Krakatoa turn is told on its last board (its throws and keeps held back till then, with what they
    made happen).  The bot is stopped after each number of its turn's steps in turn and started again: what
    the players read is what they read when nothing stopped (a twin game on the same seeds)."""
    clock = FakeClock()
    repo = await open_repository(db("twin.db"))
    twin = mesa_service(repo, clock)
    tid = await _krakatoa_until_mesa_is_to_throw(twin)
    told: list[Any] = []
    held = 0  # the steps of Mesa's first turn whose boards wait for its last
    async with aclosing(twin.mesa_turns(tid)) as turns:
        async for messages in turns:
            if not _boards(told, "en") and not _boards(messages, "en"):
                held += 1
            told += messages
    log = [m.move for m in await repo.get_moves(tid)]
    await repo.close()
    assert held >= 2, "a turn of several steps"

    for stop in range(1, held + 1):
        path = db(f"stopped{stop}.db")
        repo = await open_repository(path)
        svc = mesa_service(repo, clock)
        assert await _krakatoa_until_mesa_is_to_throw(svc) == tid
        steps = 0
        async with aclosing(svc.mesa_turns(tid)) as turns:
            async for _ in turns:  # each stored step of Mesa's turn, its board held back
                steps += 1
                if steps == stop:
                    break  # the bot is stopped here
        await repo.close()
        repo = await open_repository(path)
        svc = mesa_service(repo, clock)
        try:
            after = await svc.tick()  # Mesa's turn is due at once: its rest is played
            assert _boards(after, "en") == _boards(told, "en"), f"stopped after {stop} steps"
            assert _boards(after, "es") == _boards(told, "es")
            assert [m.move for m in await repo.get_moves(tid)] == log
        finally:
            await repo.close()


async def _log(path: str, tid: int) -> list[str]:
    repo = await open_repository(path)
    try:
        return [m.move for m in await repo.get_moves(tid)]
    finally:
        await repo.close()


#: a bot process that claims the due tables on the tests' clock, says so, and waits to be killed (SIGKILL)
CLAIMING = """
import asyncio, socket, os, secrets, sys
from data.factory import open_repository
async def main() -> None:
    repo = await open_repository(sys.argv[1])
    claimant = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
    print(await repo.claim_due_tables(sys.argv[2], claimant, sys.argv[3]), flush=True)
    await asyncio.sleep(600)
asyncio.run(main())
"""


async def test_a_bot_killed_while_it_held_a_claim_holds_back_nothing_after_its_restart(db: DbFactory) -> None:
    """The ticker claims a due table (Mesa to move) for two minutes; the bot is killed (SIGKILL) holding the
    claim and started again at once: Mesa moves on the new process's first tick, not two minutes later."""
    path = db("mesa.db")
    clock = FakeClock()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "seat": "first"})
    tid = out[0].table_id
    await svc.submit_move(tid, ANA, "a6-d3")  # Mesa to move: due for the ticker at once
    await repo.close()
    moment = clock.now()
    stamp = moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    until = (moment + timedelta(seconds=CLAIM_SECONDS)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    bot = subprocess.Popen([sys.executable, "-c", CLAIMING, path, stamp, until], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == f"[{tid}]"  # the table is claimed
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    repo = await open_repository(path)
    svc = mesa_service(repo, clock)
    try:
        boards = [m for m in await svc.tick() if isinstance(m, PublicPost) and m.kind == "board"]
        assert [b.table_id for b in boards] == [tid] and len(await repo.get_moves(tid)) == 2  # Mesa moved
    finally:
        await repo.close()
