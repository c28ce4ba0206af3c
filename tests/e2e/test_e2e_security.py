"""Who may do what: only seated players act, only the player to move moves, private views stay private,
server settings need Manage Server, and one user's flood of commands is throttled politely.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from discord_standin.server import BotProcess, DiscordServer
from mesa_e2e import Cast, custom_ids, moves, query, snapshot, table_row


async def test_a_user_who_is_not_seated_cannot_act(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    rng = random.Random(40)
    table = await cast.open_table(cast.ann, "plateau", [cast.bob], seat="first")
    await cast.turn_by_buttons(table, rng)
    before = snapshot(bot.database)
    board = cast.board(table)
    ids = custom_ids(board)

    # /move with a move the player to move could make, /resign, /draw: all refused privately
    legal = (await cast.bob.autocomplete("move", "text", text="", table=table)).choices()
    assert legal, "bob is to move and has moves"
    refusals = [
        await cast.eve.slash("move", text=str(legal[0]["value"]), table=table),
        await cast.eve.slash("resign", table=table),
        await cast.eve.slash("draw", table=table),
    ]
    # every button under the board: the picker, My pieces, Draw, Resign: refused at once, with no confirmation
    # asked first (a resignation or a draw offer eve cannot make)
    for cid in ids:
        ex = await cast.eve.press(cid, board)
        refusals.append(ex)
        assert not [c for c in ex.custom_ids() if c.endswith(":yes")], f"{cid}: a confirmation offered to eve"
    assert len(refusals) == 3 + len(ids) and any(cid.endswith(":ask") for cid in ids)
    for ex in refusals:
        assert ex.finished and ex.ephemeral(), ex.text()
    assert not any(name for ex in refusals for r in ex.replies for name, _ in r.files), \
        "no private image for a spectator"
    assert snapshot(bot.database) == before, "nothing changed"
    # eve's answers never quote bob's private view
    bob_view = await cast.bob.press(next(c for c in ids if c.startswith(f"mesa:mine:{table}:")), board)
    private = bob_view.text()
    for ex in refusals:
        assert private not in ex.text()


async def test_nobody_presses_another_players_picker(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    board = cast.board(table)
    pick = next(c for c in custom_ids(board) if c.startswith(f"mesa:pick:{table}:"))
    opened = await cast.ann.press(pick, board)
    select = next(c for c in opened.custom_ids() if c.startswith("mesasel:"))
    picker = server.latest_message_with(select)
    option = next(o["value"] for o in opened.select_options())
    before = snapshot(bot.database)
    # bob (seated, not to move) and eve (not seated) choose in ann's private picker
    for intruder in (cast.bob, cast.eve):
        ex = await intruder.press(select, picker, values=[option])
        assert ex.finished and ex.ephemeral()
        assert snapshot(bot.database) == before
    # bob's own /move out of turn
    legal = (await cast.ann.autocomplete("move", "text", text="", table=table)).choices()
    ex = await cast.bob.slash("move", text=str(legal[0]["value"]), table=table)
    assert ex.ephemeral() and "turn" in ex.text().lower()
    assert snapshot(bot.database) == before
    assert moves(bot.database, table) == []


async def test_server_settings_need_manage_server(server: DiscordServer, bot: BotProcess, cast: Cast) -> None:
    refused = await cast.ann.slash("settings", time_per_move=86400, rated=False)
    assert refused.ephemeral() and "manage server" in refused.text().lower()
    # the server's language may be remembered (issue 15, defect 7), but no setting changed
    assert query(bot.database, "SELECT time_per_move, rated FROM guild_settings") in ([], [(None, 1)])
    done = await cast.max.slash("settings", time_per_move=86400, rated=False)
    assert done.ephemeral()
    rows = query(bot.database, "SELECT guild_id, time_per_move, rated FROM guild_settings")
    assert rows == [(server.guild_id, 86400, 0)]


async def test_a_flood_from_one_user_is_throttled_politely(server: DiscordServer, bot: BotProcess,
                                                           cast: Cast) -> None:
    table = await cast.open_table(cast.ann, "kona", [cast.bob], seat="first")
    version = table_row(bot.database, table)["version"]
    # 40 commands at once from one user, as a script or a stuck key would send them
    flood = [await server.interact(cast.eve.slash_payload("games"), wait=False) for _ in range(40)]
    await server.wait_until(lambda: all(ex.finished for ex in flood), 60, "every flooded command answered")
    # each acknowledged in time: the stand-in refuses a callback after Discord's 3 seconds (10062)
    assert all(ex.callback is not None and 200 <= ex.callback.status < 300 for ex in flood)
    assert all(ex.ephemeral() for ex in flood)
    throttled = [ex for ex in flood if "slow down" in ex.text().lower() or "too fast" in ex.text().lower()]
    assert throttled, "some of the flood is refused with a polite note"
    assert len(throttled) < len(flood), "but the first commands are served"
    # other users are not affected, and the table did not change
    ok = await cast.ann.slash("games")
    assert ok.ephemeral() and "too fast" not in ok.text().lower()
    assert table_row(bot.database, table)["version"] == version
    await asyncio.sleep(0)


async def test_no_secret_reaches_the_log_at_debug(server: DiscordServer, cast: Cast, tmp_path: Path) -> None:
    """Issue 29, item 8: with ``LOG_LEVEL=DEBUG`` the database driver logged every statement with its
    parameters: each hidden Plateau move, each K3 pyramid, each table's seed.  Now DEBUG is Mesa's own
    lines only, and they name none of these."""
    bot = BotProcess(server, tmp_path, env={"LOG_LEVEL": "DEBUG"})
    await bot.start()
    try:
        rng = random.Random(29)
        plateau = await cast.open_table(cast.ann, "plateau", [cast.bob], seat="first")
        for _ in range(8):
            await cast.turn_by_buttons(plateau, rng)
        k3 = await cast.open_table(cast.ann, "k3", [cast.bob, cast.cid], seat="first")
        for player in (cast.ann, cast.bob, cast.cid):
            await cast.build(k3, player)
        await cast.turn_by_buttons(k3, rng)
    finally:
        await bot.stop()
        try:
            await bot.wait_for_no_leftovers()
        finally:
            bot.reap()
    log = bot.log()
    assert "opened" in log, "the bot's own INFO lines were logged"
    hidden = [m for _, _, m in moves(bot.database, plateau) if m.startswith("+") and "?" not in m]
    builds = [m for _, _, m in moves(bot.database, k3) if m.startswith("build:")]
    seeds = [str(seed) for (seed,) in query(bot.database, "SELECT seed FROM tables")]
    assert hidden and len(builds) == 3 and len(seeds) == 2
    for secret in [*hidden, *builds, *seeds]:
        assert secret not in log, f"{secret!r} reached the log"
    for build in builds:  # the pyramid alone, as a snapshot of the true state would hold it
        assert build.split(":")[2] not in log, f"the pyramid of {build!r} reached the log"
