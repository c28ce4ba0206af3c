"""No secret ever appears in a log line (DESIGN.md): a fault in the mover's own words for a move is logged by the
game and the fault's type, not with the move's text (a K3 pyramid still being built, K3-10; a Plateau piece's
hidden face, PL-9.5), which it carried before."""

from __future__ import annotations

import logging
from typing import Any

from test_tables_service import USERS, open_service, start_table

from engines import get_engine


async def test_a_fault_in_a_move_s_words_logs_no_secret(db: Any, caplog: Any, monkeypatch: Any) -> None:
    repo, svc = await open_service(db("mesa.db"))
    try:
        tid, _ = await start_table(svc, "k3", 2)
        ana = USERS[0][0]
        build = await svc.auto_build(tid, ana, "random")

        def broken(*_: Any) -> str:
            raise RuntimeError(f"a bug in the words of {build}")

        monkeypatch.setattr(get_engine("k3"), "move_sketch", broken)
        with caplog.at_level(logging.DEBUG):
            out = await svc.submit_move(tid, ana, build)
        assert out, "the move was played all the same"
        pyramid = build.split(":", 2)[2]
        told = [r for r in caplog.records if "no words" in r.getMessage()]
        assert told, "the fault is logged"
        for record in caplog.records:  # Mesa's own lines (libraries' debug lines are off even at DEBUG: tables.logs)
            if record.name.startswith(("aiosqlite", "asyncpg")):
                continue
            assert pyramid not in record.getMessage() and not record.exc_info, record.getMessage()
        assert "RuntimeError" in told[0].getMessage() and "k3" in told[0].getMessage()
    finally:
        await svc.close()
        await repo.close()
