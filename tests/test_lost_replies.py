"""A COMMIT whose answer is lost (the database stored the change; the connection broke before it said so): the
player is told what happened, never "try again" of a change that was made, and a retry never does it twice.

Moves carry a key (``tests/test_tables_submissions.py``, through a proxy that cuts PostgreSQL's answer). Here every
other kind of write: a resignation and a move without a key (``Finisher._landed``: the row one version on, stamped by
this write, its moves and seats as written), a new table against Mesa (its seed), a new tournament (its moment).
The loss is staged in the repository itself on both backends: the transaction commits, then its caller sees
``StorageUnavailable``, as a driver that lost its connection during COMMIT raises it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table

from data import tournaments as stored
from data.errors import StorageUnavailable
from data.repository import Repository, Tx
from tables import PublicPost
from tables.errors import TableError, TryAgain
from tables.i18n import t

ANA, BEN = USERS[0][0], USERS[1][0]


class LostReply:
    """Arms ``repo`` so that its next transaction commits and then raises ``StorageUnavailable`` (``lose()``), or
    raises it before committing (``fail()``: nothing stored)."""

    def __init__(self, repo: Repository) -> None:
        self.mode: str | None = None
        self.lost = 0
        original = repo.transaction

        @asynccontextmanager
        async def transaction() -> AsyncIterator[Tx]:
            mode, self.mode = self.mode, None
            async with original() as tx:
                yield tx
                if mode == "fail":
                    raise StorageUnavailable("the database went away before COMMIT")
            if mode == "lose":
                self.lost += 1
                raise StorageUnavailable("the connection broke while COMMIT was on its way")

        repo.transaction = transaction  # type: ignore[method-assign]

    def lose(self) -> None:
        self.mode = "lose"

    def fail(self) -> None:
        self.mode = "fail"


def _keys(out: list[Any]) -> list[str]:
    return [m.key for m in out if isinstance(m, PublicPost)]


async def test_a_resignation_whose_reply_was_lost_is_answered_as_a_resignation(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    try:
        tid, _ = await start_table(svc, "kona", 2)
        await svc.submit_move(tid, ANA, "a6-d3")
        stage = LostReply(repo)
        stage.lose()
        out = await svc.resign(tid, BEN)  # it was "try again ... nothing was changed", the resignation stored
        assert stage.lost == 1 and "result.win.resign" in _keys(out), _keys(out)
        assert (await repo.get_table(tid)).status == "finished"  # type: ignore[union-attr]
        assert len(await repo.get_results(tid)) == 2
        with pytest.raises(TableError) as again:  # the retry: said over, not resigned twice
            await svc.resign(tid, BEN)
        assert again.value.key == "error.game_over"
    finally:
        await repo.close()


async def test_a_move_without_a_key_whose_reply_was_lost_is_answered_and_played_once(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    try:
        tid, _ = await start_table(svc, "kona", 2)
        stage = LostReply(repo)
        stage.lose()
        out = await svc.submit_move(tid, ANA, "a6-d3")
        assert stage.lost == 1 and any(isinstance(m, PublicPost) and m.kind == "board" for m in out)
        assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
        with pytest.raises(TableError) as again:
            await svc.submit_move(tid, ANA, "a6-d3")
        assert again.value.key == "error.not_your_turn"
    finally:
        await repo.close()


async def test_a_write_that_failed_before_commit_is_try_again_and_the_retry_does_it_once(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    try:
        tid, _ = await start_table(svc, "kona", 2)
        await svc.submit_move(tid, ANA, "a6-d3")
        version = (await repo.get_table(tid)).version  # type: ignore[union-attr]
        stage = LostReply(repo)
        stage.fail()
        with pytest.raises(TryAgain) as refused:
            await svc.resign(tid, BEN)
        said = refused.value.message("en")
        assert "try again" in said.lower() and "nothing was changed" not in said  # it cannot know that
        assert "nothing is done twice" in said and "nada se hace dos veces" in refused.value.message("es")
        assert (await repo.get_table(tid)).version == version and await repo.get_results(tid) == []
        assert "result.win.resign" in _keys(await svc.resign(tid, BEN))
    finally:
        await repo.close()


async def test_a_game_against_mesa_whose_table_reply_was_lost_starts_once(db: DbFactory) -> None:
    """``/play kona @mesa``: the table's insert committed, its answer lost.  The table is found by its seed and
    started, and the host gets the first board (it was "try again", the table left open and full, never started,
    and the retry opened a second game)."""
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    try:
        stage = LostReply(repo)
        stage.lose()
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1"})
        assert stage.lost == 1 and any(m.key.startswith("board.mesa_start") for m in out if isinstance(m, PublicPost))
        tables = await svc.active_tables(ANA)
        assert [s.status for s in tables] == ["active"]
    finally:
        await repo.close()


async def test_a_tournament_whose_reply_was_lost_is_announced_once(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"), FakeClock())
    try:
        stage = LostReply(repo)
        stage.lose()
        out = await svc.tournaments.create(GUILD, CHANNEL, ANA, "Ana", "kona", {"format": "swiss"})
        assert stage.lost == 1 and [m.key for m in out] == ["tournament.created"]
        assert t(out[0].key, "en", **out[0].params).startswith("Tournament #")
        assert len(await stored.guild_tournaments(repo, GUILD)) == 1
    finally:
        await repo.close()
