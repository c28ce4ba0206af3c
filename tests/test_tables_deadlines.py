"""Deadlines with a fake clock: reminders at 50% and 90%, timeouts, exactly once, across restarts."""

from __future__ import annotations

import random

from pg_server import DbFactory
from test_tables_service import USERS, FakeClock, assert_replay_matches, open_service, play_out, start_table

from tables import PublicPost, Reminder, TableFinished
from tables.reminders import REDELIVER_SECONDS

ANA, BEN, CY, DEE = (u for u, _ in USERS)


async def test_reminders_then_loss_on_time(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    await svc.submit_move(tid, ANA, "a6-d3")  # Ben has 10 hours from now
    clock.advance(hours=4, minutes=59)
    assert await svc.tick() == []
    clock.advance(minutes=1)  # 50%
    out = await svc.tick()
    assert [(type(m), m.user_id, m.key) for m in out] == [(Reminder, BEN, "reminder.half")]
    assert out[0].params["left"] == "5h"
    assert await svc.tick() == []  # never twice
    clock.advance(hours=4)  # 90%
    out = await svc.tick()
    assert [(m.user_id, m.key) for m in out] == [(BEN, "reminder.late")]
    assert out[0].params["left"] == "1h"
    assert await svc.tick() == []
    clock.advance(hours=1)  # deadline
    out = await svc.tick()
    result = next(m for m in out if isinstance(m, PublicPost) and m.kind == "result")
    assert result.key == "result.win.time" and result.params["loser"] == "Ben"
    assert [(r.user_id, r.place, r.reason) for r in await repo.get_results(tid)] == [(ANA, 1, "time"),
                                                                                       (BEN, 2, "time")]
    assert sum(isinstance(m, TableFinished) for m in out) == 1
    clock.advance(days=30)
    assert await svc.tick() == []
    await repo.close()


async def test_a_move_resets_the_clock(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    clock.advance(minutes=50)
    await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(minutes=20)  # 20 minutes into Ben's hour: nothing due, although Ana's deadline passed
    assert await svc.tick() == []
    clock.advance(minutes=10)  # Ben at 50%
    assert [(m.user_id, m.key) for m in await svc.tick()] == [(BEN, "reminder.half")]
    await repo.close()


async def test_a_late_tick_sends_only_the_later_reminder(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    await start_table(svc, "kona", 2, {"time_per_move": "1d"})
    clock.advance(hours=23)  # the front end was down past 50% and 90%
    assert [(m.user_id, m.key) for m in await svc.tick()] == [(ANA, "reminder.late")]
    assert await svc.tick() == []
    await repo.close()


async def test_deadlines_survive_a_restart_and_fire_once(db: DbFactory) -> None:
    path = db("mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    tid, _ = await start_table(svc, "plateau", 2, {"time_per_move": "2h"})
    # Ana (Black) opens, so the time-out is a loss, not a table no one played (cancelled: tested below)
    await svc.submit_move(tid, ANA, (await svc.legal_moves_for(tid, ANA))[0])
    clock.advance(hours=1)
    assert [m.key for m in await svc.tick()] == ["reminder.half"]
    await repo.close()

    repo2, svc2 = await open_service(path, clock)  # a restart: the reminder is not sent again
    assert await svc2.tick() == []
    clock.advance(minutes=48)
    assert [m.key for m in await svc2.tick()] == ["reminder.late"]
    await repo2.close()

    repo3, svc3 = await open_service(path, clock)
    assert await svc3.tick() == []
    clock.advance(minutes=12)
    out = await svc3.tick()
    assert sum(isinstance(m, TableFinished) for m in out) == 1
    assert await svc3.tick() == []
    assert [r.place for r in await repo3.get_results(tid)] == [1, 2]  # Ben (White) lost on time
    await repo3.close()


async def test_a_time_out_before_anyone_moved_cancels_the_table_uncounted(db: DbFactory) -> None:
    """A two-player table whose first mover never moves: a loss on time would be a rated game no one played,
    so the time-out cancels the table, as the host's /abort or a draw agreed before any move would: no
    results, the last board says so (both languages).  K3 after its deal (chance only): the same; once one
    pyramid is built, someone has played, and the time-out is a loss."""
    from tables.i18n import t

    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "plateau", 2, {"time_per_move": "2h"})
    clock.advance(hours=2)
    out = await svc.tick()
    posts = [m for m in out if isinstance(m, PublicPost)]
    [info] = [m for m in posts if m.key == "info.timeout_unplayed"]
    assert info.mention == (BEN,)  # the one who waited is told
    assert t(info.key, "en", **info.params) == ("The time ran out with no move from Ana in Plateau #1: no one has "
                                                "played, so the table is cancelled and nothing is counted.")
    assert t(info.key, "es", **info.params).startswith("Se acabó el plazo sin ninguna jugada de Ana en Plateau #1")
    assert any(m.key == "board.aborted" for m in posts)
    assert not any(isinstance(m, TableFinished) for m in out)  # nothing for the leaderboard
    assert (await repo.get_table(tid)).status == "aborted"  # type: ignore[union-attr]
    assert await repo.get_results(tid) == [] and await svc.tick() == []
    built, _ = await start_table(svc, "k3", 2, {"time_per_move": "2h"})  # the deal is in the log: chance only
    idle, _ = await start_table(svc, "k3", 2, {"time_per_move": "2h"})
    text = await svc.auto_build(built, ANA, "sensible", rng=random.Random(1))
    await svc.submit_move(built, ANA, text)  # Ana built: Ben's time-out now loses a game that was played
    clock.advance(hours=2)
    await svc.tick()
    assert (await repo.get_table(idle)).status == "aborted"  # type: ignore[union-attr]
    assert await repo.get_results(idle) == []
    assert (await repo.get_table(built)).status == "finished"  # type: ignore[union-attr]
    assert [r.place for r in await repo.get_results(built)] == [1, 2]  # Ben lost on time
    await repo.close()


async def test_krakatoa_timeout_plays_auto(db: DbFactory) -> None:
    """KR-8.4: a decision not taken in time is played with `auto`; the game goes on."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "krakatoa", 2, {"time_per_move": "1h"})
    clock.advance(hours=1)
    out = await svc.tick()
    assert any(isinstance(m, PublicPost) and m.key == "info.timeout_auto" for m in out)
    moves = [m.move for m in await repo.get_moves(tid)]
    assert moves[0] == "steam"  # KR-8.4: auto in the throw-off picks steam
    assert moves[1].startswith("roll ")  # the chance move that follows is drawn at once
    assert (await svc.table_details(tid)).summary.status == "active"
    assert await svc.tick() == []
    await repo.close()


async def test_k3_timeout_eliminates_in_a_three_player_game(db: DbFactory) -> None:
    """A K3 player out of time is out: the service plays their seat and places them last."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 3, {"time_per_move": "1h"})
    await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA))
    await svc.submit_move(tid, BEN, await svc.auto_build(tid, BEN))
    clock.advance(hours=1)  # Cy never builds
    out = await svc.tick()
    assert any(isinstance(m, PublicPost) and m.key == "info.out.time" for m in out)
    details = await svc.table_details(tid)
    assert details.summary.status == "active" and CY not in details.summary.turn_user_ids
    assert await svc.legal_moves_for(tid, CY) == []
    await play_out(svc, tid, random.Random(9))
    places = {r.user_id: r.place for r in await repo.get_results(tid)}
    assert places[CY] == 3 and {places[ANA], places[BEN]} == {1, 2}
    await assert_replay_matches(repo, tid)
    await repo.close()


async def test_k3_two_player_timeout_ends_the_game(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 2, {"time_per_move": "3h"})
    await svc.submit_move(tid, BEN, await svc.auto_build(tid, BEN))
    clock.advance(hours=3)
    await svc.tick()
    assert {r.user_id: (r.place, r.outcome) for r in await repo.get_results(tid)} == {ANA: (2, "loss"),
                                                                                      BEN: (1, "win")}
    await repo.close()


async def test_a_reminder_lost_before_its_delivery_comes_again_after_a_restart(db: DbFactory) -> None:
    """Issue 29, item 2: a reminder was recorded as sent before it was delivered; a crash in between lost
    it.  Now it comes again until a front end confirms it, and never after that."""
    path = db("mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(hours=5)
    handed = await svc.tick()
    assert [(m.user_id, m.key) for m in handed] == [(BEN, "reminder.half")]
    await repo.close()  # the process dies before the DM went out

    repo, svc = await open_service(path, clock)  # the restart
    assert await svc.tick() == []  # the one that had it may still be delivering it
    clock.advance(seconds=REDELIVER_SECONDS)
    again = await svc.tick()
    assert [(type(m), m.user_id, m.key) for m in again] == [(Reminder, BEN, "reminder.half")]
    assert isinstance(again[0], Reminder) and again[0].params["left"] == "4h 58m"  # said as of now
    clock.advance(seconds=REDELIVER_SECONDS)
    assert [m.key for m in await svc.tick()] == ["reminder.half"]  # still not confirmed: again
    reminder = again[0]
    await svc.reminder_delivered(tid, BEN, reminder.version, reminder.kind)  # the DM went out
    for _ in range(3):
        clock.advance(minutes=30)
        assert await svc.tick() == [], "never again once delivered"
    clock.advance(hours=3)  # 90%: the later reminder, which supersedes nothing confirmed
    late = await svc.tick()
    assert [(m.user_id, m.key) for m in late] == [(BEN, "reminder.late")]
    assert isinstance(late[0], Reminder)
    await svc.reminder_delivered(tid, BEN, late[0].version, late[0].kind)
    clock.advance(minutes=20)  # still before the deadline
    assert await svc.tick() == []
    await repo.close()


async def test_an_unconfirmed_reminder_is_not_sent_once_the_player_moved(db: DbFactory) -> None:
    """A reminder handed out again only while its turn is on: the player's move makes it moot."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(hours=5)
    assert [m.key for m in await svc.tick()] == ["reminder.half"]  # never confirmed
    clock.advance(seconds=REDELIVER_SECONDS)
    assert [m.key for m in await svc.tick()] == ["reminder.half"]  # so it comes again while Ben's turn is on
    await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])
    clock.advance(seconds=REDELIVER_SECONDS)
    assert await svc.tick() == []
    await repo.close()


async def test_a_reminder_with_seconds_left_never_says_none_are_left(db: DbFactory) -> None:
    """A tick that comes with under a minute to go (the bot back from a restart, a clock moved by hand):
    "only 0m left" told the player their time was already up; the time left is counted up to the minute."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    clock.advance(minutes=59, seconds=50)
    [late] = await svc.tick()
    assert (late.user_id, late.key) == (ANA, "reminder.late")
    assert late.params["left"] == "1m"
    await repo.close()


async def test_the_time_left_is_not_said_shorter_than_it_is(db: DbFactory) -> None:
    """Half of 1h 1m gone (30m 30s): 30m 30s are left, which is more than "30m"."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    await start_table(svc, "kona", 2, {"time_per_move": "1h1m"})
    clock.advance(minutes=30, seconds=30)
    [half] = await svc.tick()
    assert half.key == "reminder.half"
    assert half.params["left"] == "31m"
    await repo.close()


async def test_two_players_out_of_time_at_once_are_told_in_the_plural(db: DbFactory) -> None:
    """K3 of four: two players never build and run out of time together.  The table was told "Cy, Dee ran
    out of time ... and is out" ("A Cy, Dee se le acabó el tiempo ... y queda fuera")."""
    from tables.i18n import t

    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 4, {"time_per_move": "1h"})
    await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA))
    await svc.submit_move(tid, BEN, await svc.auto_build(tid, BEN))
    clock.advance(hours=2)
    out = await svc.tick()
    [info] = [m for m in out if isinstance(m, PublicPost) and m.key.startswith("info.out.")]
    english, spanish = t(info.key, "en", **info.params), t(info.key, "es", **info.params)
    assert "Cy and Dee ran out of time" in english and " are out" in english and " is out" not in english, english
    assert "A Cy y Dee se les acabó el tiempo" in spanish and "quedan fuera" in spanish, spanish
    await repo.close()


async def test_a_pyramid_built_does_not_move_the_others_deadline(db: DbFactory) -> None:
    """K3's building is one time per move for everyone at once: Ana's pyramid gave Ben and Cy a fresh 10h
    each time (4 builders one after the other: days), after their reminder had named the deadline."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 3, {"time_per_move": "10h"})
    clock.advance(hours=5)
    assert sorted((m.user_id, m.key) for m in await svc.tick()) == [
        (ANA, "reminder.half"), (BEN, "reminder.half"), (CY, "reminder.half")]
    clock.advance(hours=1)
    await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA))
    assert await svc.tick() == [], "no reminder said again"
    clock.advance(hours=3)  # 9h of the 10h: the late reminders, to those still building
    late = await svc.tick()
    assert sorted((m.user_id, m.key) for m in late) == [(BEN, "reminder.late"), (CY, "reminder.late")]
    assert all(m.params["left"] == "1h" for m in late)
    clock.advance(hours=1)  # the deadline the reminders named
    await svc.tick()
    assert {r.user_id: r.reason for r in await repo.get_results(tid) if r.user_id != ANA} == {BEN: "time", CY: "time"}
    await repo.close()


async def test_a_pyramid_built_before_half_time_leaves_the_others_their_reminders(db: DbFactory) -> None:
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 3, {"time_per_move": "10h"})
    clock.advance(hours=2)
    await svc.submit_move(tid, BEN, await svc.auto_build(tid, BEN))
    clock.advance(hours=3)  # half of the first 10h
    half = await svc.tick()
    assert sorted((m.user_id, m.key) for m in half) == [(ANA, "reminder.half"), (CY, "reminder.half")]
    assert all(m.params["left"] == "5h" for m in half)
    assert await svc.tick() == []
    await repo.close()


async def test_a_time_out_that_ends_the_game_does_not_promise_moves_played_for_the_leavers(db: DbFactory) -> None:
    """K3 of three: Ben and Cy never build.  Their time-out ends the game (Ana alone is left), yet the table was
    first told "their moves are now played automatically and they will be placed below ...", then the result."""
    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    tid, _ = await start_table(svc, "k3", 3, {"time_per_move": "1h"})
    await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA))
    clock.advance(hours=1)
    out = await svc.tick()
    assert any(isinstance(m, PublicPost) and m.kind == "result" for m in out), "the game is over"
    assert not [m.key for m in out if isinstance(m, PublicPost) and m.key.startswith("info.out.")]
    await repo.close()
