"""Issue 29, item 1: a move submitted under a key is stored once and answered the truth.

When the connection broke after PostgreSQL committed a move but before its answer arrived, the player
was told "nothing was changed; try again" while the move was stored, and the retry as typed played a
Krakatoa aim twice.  The PostgreSQL tests put a proxy (asyncio, loopback only) between asyncpg and the
throwaway server's unix socket that forwards ``COMMIT``, waits for the server to have answered it,
and cuts the connection before the answer reaches asyncpg (or cuts it before ``COMMIT`` is sent).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from pg_server import DbFactory, PgServer
from test_tables_service import USERS, FakeClock, assert_replay_matches, open_service, start_table

from data import open_repository
from tables import PublicPost, TableService
from tables.errors import TryAgain

ANA = USERS[0][0]


async def _to_an_aim(svc: TableService, tid: int) -> tuple[int, str]:
    """Play the first legal move until a player is to aim (KR-5): (that player, an aim)."""
    for _ in range(60):
        board = await svc.board(tid, image=False)
        uid = board.mention[0]
        moves = await svc.legal_moves_for(tid, uid)
        aims = [m for m in moves if m.startswith("aim ")]
        if aims:
            return uid, aims[0]
        await svc.submit_move(tid, uid, moves[0])
    raise AssertionError("no aim in 60 moves")


def _board(messages: list[Any]) -> PublicPost:
    return next(m for m in messages if isinstance(m, PublicPost) and m.kind == "board")


async def test_a_retry_under_the_same_key_gets_the_first_answer(db: DbFactory) -> None:
    repo, svc = await open_service(db())
    try:
        tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic"})
        uid, aim = await _to_an_aim(svc, tid)
        first = await svc.submit_move(tid, uid, aim, key="discord:1001")
        moves = await repo.count_moves(tid)
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        again = await svc.submit_move(tid, uid, aim, key="discord:1001")  # the same submission, as typed
        assert await repo.count_moves(tid) == moves  # no second aim
        assert (await repo.get_table(tid)).version == version  # type: ignore[union-attr]
        assert _board(again).version == _board(first).version == version
        assert _board(again).key == _board(first).key
        # another process, nothing cached, same key: the same answer
        other = TableService(await open_repository(db()), svc.clock)
        try:
            assert _board(await other.submit_move(tid, uid, aim, key="discord:1001")).version == version
        finally:
            await other.repo.close()
        assert await repo.count_moves(tid) == moves
        # a new submission (a new key) is judged as ever; without a key too
        await svc.submit_move(tid, uid, (await svc.legal_moves_for(tid, uid))[0], key="discord:1002")
        assert await repo.count_moves(tid) > moves
        await assert_replay_matches(repo, tid)
    finally:
        await repo.close()


async def test_one_key_submitted_by_two_processes_at_once_is_one_move(db: DbFactory) -> None:
    repo_a, svc_a = await open_service(db())
    repo_b = await open_repository(db())
    svc_b = TableService(repo_b, svc_a.clock)
    try:
        tid, _ = await start_table(svc_a, "krakatoa", 2, {"preset": "basic"})
        uid, aim = await _to_an_aim(svc_a, tid)
        moves = await repo_a.count_moves(tid)
        await svc_b.board(tid)  # both processes have the table cached at the same version
        out_a, out_b = await asyncio.gather(svc_a.submit_move(tid, uid, aim, key="console:s:7"),
                                            svc_b.submit_move(tid, uid, aim, key="console:s:7"))
        assert _board(out_a).version == _board(out_b).version
        stored = [m.move for m in await repo_a.get_moves(tid)][moves:]
        assert stored.count(aim) == 1  # (chance moves may follow it)
        await assert_replay_matches(repo_a, tid)
    finally:
        await repo_b.close()
        await repo_a.close()


class CommitCutter:
    """A loopback TCP proxy to the test server's unix socket that can lose the answer to a COMMIT.

    ``lose_reply()``: the next ``COMMIT`` is forwarded, the server's answer to it read (the commit is
    done) and thrown away, and the client's connection cut.  ``lose_commit()``: the next ``COMMIT`` is
    not forwarded at all; both connections are cut (the server rolls back).
    """

    def __init__(self, socket_path: str) -> None:
        self.socket_path = socket_path
        self.mode: str | None = None
        self.cuts = 0
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> CommitCutter:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def lose_reply(self) -> None:
        self.mode = "reply"

    def lose_commit(self) -> None:
        self.mode = "commit"

    async def _serve(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        server_in, server_out = await asyncio.open_unix_connection(self.socket_path)
        committing = asyncio.Event()  # a COMMIT went through whose answer is not to arrive

        def cut() -> None:
            client_out.transport.abort()
            server_out.transport.abort()

        async def upstream() -> None:  # client -> server, message by message
            first = True
            while True:
                kind = b"" if first else await client_in.readexactly(1)  # the startup message has none
                first = False
                size = await client_in.readexactly(4)
                body = await client_in.readexactly(int.from_bytes(size, "big") - 4)
                if kind == b"Q" and body.startswith(b"COMMIT") and self.mode is not None:
                    mode, self.mode = self.mode, None
                    self.cuts += 1
                    if mode == "commit":
                        cut()
                        return
                    committing.set()  # before it is sent: its answer must not slip through
                server_out.write(kind + size + body)
                await server_out.drain()

        async def downstream() -> None:  # server -> client
            while True:
                kind = await server_in.readexactly(1)
                size = await server_in.readexactly(4)
                body = await server_in.readexactly(int.from_bytes(size, "big") - 4)
                if committing.is_set():
                    if kind == b"Z":  # ready for the next query: the COMMIT is done, and answered to nobody
                        cut()
                        return
                    continue
                client_out.write(kind + size + body)
                await client_out.drain()

        pumps = [asyncio.ensure_future(upstream()), asyncio.ensure_future(downstream())]
        for pump in pumps:
            self._tasks.add(pump)
            pump.add_done_callback(self._tasks.discard)
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
            cut()
            with contextlib.suppress(Exception):
                await asyncio.gather(*pumps, return_exceptions=True)


@pytest.fixture
async def cutter(pg_server: PgServer) -> Any:
    proxy = await CommitCutter(str(pg_server.socket_dir / f".s.PGSQL.{pg_server.port}")).start()
    yield proxy
    await proxy.stop()


def _through(url: str, proxy: CommitCutter) -> str:
    """The database of ``url`` reached through the proxy (127.0.0.1, no TLS: the proxy reads the protocol)."""
    name = url.split("@/", 1)[1].split("?", 1)[0]
    return f"postgresql://mesa@127.0.0.1:{proxy.port}/{name}?sslmode=disable"


async def test_a_reply_lost_after_commit_is_answered_as_a_stored_move(pg_server: PgServer,
                                                                      cutter: CommitCutter) -> None:
    url = pg_server.new_database("lostreply")
    repo, svc = await open_service(_through(url, cutter), FakeClock())
    try:
        tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic"})
        uid, aim = await _to_an_aim(svc, tid)
        moves = await repo.count_moves(tid)
        cutter.lose_reply()
        answer = await svc.submit_move(tid, uid, aim, key="discord:2001")  # the normal answer, not "try again"
        assert cutter.cuts == 1
        stored = await repo.count_moves(tid)
        assert stored > moves and [m.move for m in await repo.get_moves(tid)][moves] == aim
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        assert _board(answer).version == version
        # the player retries as typed: the first answer again, no second aim
        again = await svc.submit_move(tid, uid, aim, key="discord:2001")
        assert _board(again).version == version and await repo.count_moves(tid) == stored
        await assert_replay_matches(repo, tid)
        # without a key the lost reply is found all the same (``Finisher._landed``: the row one version on, stamped
        # by this write, with its moves): answered as played, stored once (it was "try again" of a stored move)
        follow = (await svc.legal_moves_for(tid, uid))[0]
        cutter.lose_reply()
        answer = await svc.submit_move(tid, uid, follow)
        assert cutter.cuts == 2 and _board(answer).version == version + 1
        assert [m.move for m in await repo.get_moves(tid)][stored] == follow
        await assert_replay_matches(repo, tid)
    finally:
        await repo.close()
        pg_server.release_database(url)


async def test_a_commit_that_never_arrived_is_try_again_and_the_retry_plays_once(pg_server: PgServer,
                                                                                 cutter: CommitCutter) -> None:
    url = pg_server.new_database("lostcommit")
    repo, svc = await open_service(_through(url, cutter), FakeClock())
    try:
        tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic"})
        uid, aim = await _to_an_aim(svc, tid)
        moves = await repo.count_moves(tid)
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        cutter.lose_commit()
        with pytest.raises(TryAgain) as refused:
            await svc.submit_move(tid, uid, aim, key="discord:3001")
        assert "try again" in refused.value.message("en").lower()
        assert cutter.cuts == 1
        assert await repo.count_moves(tid) == moves  # nothing was stored
        assert (await repo.get_table(tid)).version == version  # type: ignore[union-attr]
        answer = await svc.submit_move(tid, uid, aim, key="discord:3001")  # the retry plays it, once
        assert [m.move for m in await repo.get_moves(tid)][moves] == aim
        assert _board(answer).version == version + 1
        await assert_replay_matches(repo, tid)
    finally:
        await repo.close()
        pg_server.release_database(url)
