"""A row edited by hand (or damaged) in one table of the database: its own game or user gets a clear
answer, and nothing else stops — above all not the ticker, which serves every server's deadlines.

Rows are damaged the way a hand outside Mesa would (``run_sql``); SQLite keeps text in a number's column,
so a few damages exist there only and those tests open an SQLite file of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pg_server import DbFactory, run_sql
from test_review_service import CountingAnalyser, counted, finished_kona
from test_tables_replays import CountingPool, _finished_kona
from test_tables_service import CHANNEL as CHANNEL_OF_TABLES
from test_tables_service import GUILD, USERS, FakeClock, open_service, start_table

from tables import PublicPost, Reminder, TableError
from tables.i18n import said, t
from tables.leaderboard import LeaderboardService
from tables.outbox import TournamentPost

ANA, BEN, CY, DEE = (u for u, _ in USERS)
OTHER_GUILD, OTHER_CHANNEL = 8, 80


def _said(out: list[object]) -> list[tuple[int, str]]:
    return [(m.table_id, m.key) for m in out if isinstance(m, PublicPost)]


async def _two_games_then_damage(path: str, clock: FakeClock, sql: str) -> tuple[int, int]:
    """Two Kona games of an hour a move, Ben to move in both; then ``sql`` damages the first (``BAD``)."""
    repo, svc = await open_service(path, clock)
    bad, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    good, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    for tid in (bad, good):
        await svc.submit_move(tid, ANA, "a6-d3")
    await repo.close()
    await run_sql(path, sql.replace("BAD", str(bad)))
    return bad, good


async def _tick_past_the_deadline(path: str, clock: FakeClock, bad: int, good: int) -> None:
    repo, svc = await open_service(path, clock)  # a restart, as after the hand edit
    clock.advance(hours=2)  # both deadlines passed
    out = await svc.tick()
    assert (good, "result.win.time") in _said(out)  # the good game ends on time although a damaged one came first
    assert all(m.table_id != bad for m in out if isinstance(m, PublicPost))
    with pytest.raises(TableError) as err:
        await svc.board(bad)
    assert err.value.key == "error.damaged"
    assert f"#{bad}" in err.value.message("en") and "dañado" in err.value.message("es")
    assert await svc.tick() == []  # and again: the damaged table stops nothing on later ticks either
    await repo.close()


async def test_a_deadline_that_cannot_be_read_stops_no_other_game(db: DbFactory) -> None:
    clock = FakeClock()
    path = db("mesa.db")
    bad, good = await _two_games_then_damage(path, clock, "UPDATE tables SET turn_deadline = 'soon' WHERE id = BAD")
    await _tick_past_the_deadline(path, clock, bad, good)


async def test_a_seat_that_cannot_be_read_stops_no_other_game(tmp_path: Path) -> None:
    clock = FakeClock()
    path = str(tmp_path / "mesa.db")  # text in an INTEGER column: SQLite only
    bad, good = await _two_games_then_damage(
        path, clock, "UPDATE seats SET user_id = 'Ben' WHERE table_id = BAD AND seat = 1")
    await _tick_past_the_deadline(path, clock, bad, good)


async def _settings_damaged(path: str, sql: str) -> None:
    await run_sql(path, "INSERT INTO guild_settings (guild_id, updated_at) VALUES (?, ?)",
                  (OTHER_GUILD, "2026-03-01T12:00:00.000000Z"))
    await run_sql(path, sql, (OTHER_GUILD,))


async def _play_and_expire(path: str, clock: FakeClock) -> None:
    """In the damaged server a table opens with the product's defaults (3 days a move, any channel) and its
    invitation expires after the default 3 days; the other server's invitation expires too."""
    repo, svc = await open_service(path, clock)
    here = await svc.create(OTHER_GUILD, OTHER_CHANNEL, CY, "Cy", "kona", [(DEE, "Dee")], {"seat": "first"})
    assert here[0].key == "invite.challenge"
    elsewhere = await svc.create(GUILD, 70, ANA, "Ana", "kona", [(BEN, "Ben")], {})
    started = await svc.accept(here[0].table_id, DEE)
    board = next(m for m in started if isinstance(m, PublicPost) and m.key == "board.start")
    assert board.params["deadline"] == "2026-03-04 12:00 UTC"  # the default time per move, 3 days
    waiting = await svc.create(OTHER_GUILD, OTHER_CHANNEL, CY, "Cy", "kona", [(DEE, "Dee")], {})
    clock.advance(days=3, minutes=1)
    said = _said(await svc.tick())
    assert (waiting[0].table_id, "invite.expired") in said and (elsewhere[0].table_id, "invite.expired") in said
    await repo.close()


async def test_a_server_channel_list_that_cannot_be_read_is_read_as_every_channel(db: DbFactory) -> None:
    path = db("mesa.db")
    await open_service(path)  # the schema
    await _settings_damaged(path, "UPDATE guild_settings SET allowed_channels = '[70,' WHERE guild_id = ?")
    await _play_and_expire(path, FakeClock())


@pytest.mark.parametrize("sql", [
    "UPDATE guild_settings SET invitation_expiry = 'a week' WHERE guild_id = ?",
    "UPDATE guild_settings SET time_per_move = 'long' WHERE guild_id = ?",
    "UPDATE guild_settings SET time_per_move = -60, invitation_expiry = 0 WHERE guild_id = ?",
])
async def test_a_server_setting_that_cannot_be_read_is_its_default(tmp_path: Path, sql: str) -> None:
    path = str(tmp_path / "mesa.db")  # text in an INTEGER column: SQLite only
    repo, _ = await open_service(path)
    await repo.close()
    await _settings_damaged(path, sql)
    await _play_and_expire(path, FakeClock())


@pytest.mark.parametrize("damage", [
    "UPDATE reviews SET review = '{\"analysis\": {\"decisions\": [' WHERE table_id = ?",  # cut short
    "UPDATE reviews SET review = '[1, 2]' WHERE table_id = ?",  # JSON, not a review
    "UPDATE reviews SET review = '{}' WHERE table_id = ?",  # a review with nothing in it
    "UPDATE reviews SET picture = 'not base64!' WHERE table_id = ?",
    "UPDATE reviews SET picture = 'aGVsbG8=' WHERE table_id = ?",  # base64 of no picture ("hello")
])
async def test_a_kept_review_that_cannot_be_read_is_made_again(db: DbFactory, damage: str) -> None:
    """A review is a saving: one whose row cannot be read is made again, once, and kept again."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    fake = CountingAnalyser()
    reviews = counted(svc, fake)
    tid = await finished_kona(svc)
    first = await reviews.review(GUILD, tid, ANA)
    await repo.close()
    await run_sql(path, damage, (tid,))
    repo, svc = await open_service(path)  # a restart after the hand edit
    try:
        reviews = counted(svc, fake)
        again = await reviews.review(GUILD, tid, BEN)
        assert again.made and fake.decided == 2  # made again, not an internal error
        assert again.analysis == first.analysis and again.picture == first.picture
        assert again.text("en") == first.text("en") and again.text("es") == first.text("es")
        kept = await reviews.review(GUILD, tid, CY)
        assert not kept.made and fake.decided == 2  # and kept again: the third reader is served
    finally:
        await repo.close()


@pytest.mark.parametrize("place", ["step = -3", "step = 999", "wrong = -1"])
async def test_a_lesson_place_that_cannot_be_read_is_said_and_starts_again(db: DbFactory, place: str) -> None:
    """A place in a course Mesa never writes (a step before the first or past the end, a negative count):
    every step control says so and changes nothing; /learn GAME says so and starts at step 1; the learner's
    other course is untouched."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    await svc.lessons.open(ANA, "kona")
    assert (await svc.lessons.answer(ANA, "kona", "a6-d3")).step == 2  # the course's first task (docs)
    await svc.lessons.open(ANA, "plateau")
    await repo.close()
    await run_sql(path, f"UPDATE lesson_progress SET {place} WHERE user_id = ? AND game = 'plateau'", (ANA,))
    repo, svc = await open_service(path)
    try:
        listed = (await svc.lessons.list(ANA)).text("en")
        assert "kona: Kona, step by step (10 steps) — at step 2 of 10" in listed
        assert "plateau" in listed and "could not be read: /learn plateau starts it again" in listed
        for call in (lambda: svc.lessons.answer(ANA, "plateau", "+xx.rb@a1"), lambda: svc.lessons.hint(ANA, "plateau"),
                     lambda: svc.lessons.moves(ANA, "plateau")):
            with pytest.raises(TableError) as err:
                await call()
            assert err.value.key == "learn.unreadable"
            assert "/learn plateau" in err.value.message("en") and "/learn plateau" in err.value.message("es")
        opened = await svc.lessons.open(ANA, "plateau")
        assert opened.step == 1 and opened.text("en").startswith("Your place in this course could not be read")
        assert "paso 1" in opened.text("es")
        assert (await svc.lessons.hint(ANA, "plateau")).step == 1  # readable again
        assert (await svc.lessons.open(ANA, "kona")).step == 2  # the other course where it was
    finally:
        await repo.close()


async def test_a_lesson_moment_that_cannot_be_read_keeps_the_place(db: DbFactory) -> None:
    """A row whose moment is no moment keeps its step: the course resumes there and answers go on."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    await svc.lessons.open(BEN, "kona")
    await svc.lessons.answer(BEN, "kona", "a6-d3")
    await repo.close()
    await run_sql(path, "UPDATE lesson_progress SET updated_at = 'yesterday' WHERE user_id = ?", (BEN,))
    repo, svc = await open_service(path)
    try:
        assert (await svc.lessons.open(BEN, "kona")).step == 2
        assert await svc.lessons.current(BEN) == "kona"
        wrong = await svc.lessons.answer(BEN, "kona", "a6-a5")
        assert wrong.step == 2 and wrong.key.startswith("learn.wrong")
    finally:
        await repo.close()


@pytest.mark.parametrize("damage", [
    "UPDATE tournaments SET options = '{not json' WHERE id = ?",
    "UPDATE tournaments SET options = '[]' WHERE id = ?",
    "UPDATE tournament_pairings SET players = 'Ana v Ben' WHERE tournament_id = ?",
])
async def test_a_tournament_that_cannot_be_read_is_said_and_the_others_go_on(db: DbFactory, damage: str) -> None:
    """Two round robins of three in one server; the first's rows are damaged.  It is refused in words when
    named; the other is still offered, read, and its round announced again by the ticker; the damaged
    event's own tables play on."""
    path = db("mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    events = []
    for org, players in ((ANA, USERS[:3]), (DEE, [USERS[3], (105, "Eve"), (106, "Fay")])):
        await svc.tournaments.create(GUILD, 70, org, "Org", "kona", {"format": "round-robin", "time_per_move": "1d"})
        number = (await svc.tournament_lists.listing(GUILD, org, "join"))[0].id
        for uid, name in players:
            await svc.tournaments.join(GUILD, uid, name, number)
        await svc.tournaments.start(GUILD, org, number)
        events.append(number)
    bad, good = events
    table = next(b.table_id for b in (await svc.tournaments.pairings(GUILD, bad)).boards if b.kind == "game")
    assert table is not None
    await repo.close()
    await run_sql(path, damage, (bad,))
    repo, svc = await open_service(path, clock)  # a restart after the hand edit; no announcement was confirmed
    try:
        listed = [e.id for e in await svc.tournament_lists.listing(GUILD, ANA, "standings")]
        assert listed == ([good] if "tournaments SET" in damage else [good, bad])  # its row, or only its pairings
        with pytest.raises(TableError) as err:
            await svc.tournaments.standings(GUILD, bad)
        assert err.value.key == "tournament.error.damaged"
        assert f"#{bad}" in err.value.message("en") and f"#{bad}" in err.value.message("es")
        assert "dañado" in err.value.message("es")
        assert len((await svc.tournaments.standings(GUILD, good)).rows) == 3
        assert await svc.tournament_lists.byes(GUILD, ANA) == []  # /games of a player of the damaged event
        events = await svc.tournament_lists.for_games(GUILD, ANA)
        assert not any(f"#{bad}" in t(p.key, "en", **p.params) for p in events)
        clock.advance(minutes=2)
        again = [m for m in await svc.tick() if isinstance(m, TournamentPost)]
        assert [(m.tournament_id, m.announces) for m in again] == [(good, 1)]  # the sweep reached the good one
        board = await svc.board(table)  # the damaged event's own game plays on
        mover = board.mention[0]
        moved = await svc.submit_move(table, mover, (await svc.legal_moves_for(table, mover))[0])
        assert moved and moved[0].table_id == table
    finally:
        await repo.close()


@pytest.mark.parametrize("column", ["draw_offer", "version", "posted_version"])
async def test_a_table_number_that_cannot_be_read_hides_none_of_the_players_other_games(
        tmp_path: Path, column: str) -> None:
    """Text in one table's number column (SQLite keeps it), edited while the bot runs: that table is damaged
    when named; the players' other games are listed, meant by commands without a number, and played."""
    path = str(tmp_path / "mesa.db")
    repo, svc = await open_service(path)
    bad, _ = await start_table(svc, "kona", 2)
    good, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(bad, ANA, "a6-d3")
    await svc.board(bad)  # in this process's cache
    await run_sql(path, f"UPDATE tables SET {column} = 'x' WHERE id = ?", (bad,))
    try:
        assert [s.table_id for s in await svc.active_tables(ANA)] == [good]
        assert await svc.table_meant(ANA, GUILD) == good
        with pytest.raises(TableError) as err:
            await svc.board(bad)
        assert err.value.key == "error.damaged"
        assert (await svc.submit_move(good, ANA, "a6-d3"))[0].table_id == good
    finally:
        await repo.close()


BAD_THREAD, GOOD_THREAD = 901, 902


async def _damaged_log(path: str, good_too: bool) -> tuple[Any, Any, int, int | None]:
    """Ana's Kona game whose move log no longer replays (a move edited by hand), in its own thread; with
    ``good_too`` a second, sound game of hers in another thread, where ``a6-d3`` is legal too."""
    repo, svc = await open_service(path)
    bad, _ = await start_table(svc, "kona", 2)
    await svc.set_location(bad, BAD_THREAD, None)
    await svc.submit_move(bad, ANA, "a6-d3")
    good = None
    if good_too:
        good, _ = await start_table(svc, "kona", 2)
        await svc.set_location(good, GOOD_THREAD, None)
    await repo.close()
    await run_sql(path, "UPDATE moves SET move = 'zz-9' WHERE table_id = ? AND ply = 1", (bad,))
    repo, svc = await open_service(path)  # a restart: nothing of the bad table is in the cache
    return repo, svc, bad, good


async def test_a_players_only_game_that_is_damaged_is_said_not_lost(db: DbFactory) -> None:
    """A player whose one game cannot be read: a command without a number says that game is damaged (not
    "you have no game here"), and ``/games`` lists it as damaged with the admins to tell, in both languages."""
    repo, svc, bad, _ = await _damaged_log(db("mesa.db"), good_too=False)
    try:
        for place in (BAD_THREAD, CHANNEL_OF_TABLES, None):
            with pytest.raises(TableError) as err:
                await svc.table_meant(BEN, GUILD, place)
            assert err.value.key == "error.damaged" and err.value.params["table"] == bad, (place, err.value.key)
        listing = await svc.listing(BEN, GUILD)
        assert listing.tables == [] and [d.table_id for d in listing.damaged] == [bad]
        line = listing.damaged[0].phrase()
        english, spanish = said(line, "en"), said(line, "es")
        assert english.startswith(f"#{bad} Kona: ") and "damaged" in english and "admins" in english, english
        assert spanish.startswith(f"#{bad} Kona: ") and "dañado" in spanish, spanish
        assert (await svc.listing(CY, GUILD)).damaged == []  # not seated there: not theirs to hear of
    finally:
        await repo.close()


async def test_a_move_in_a_damaged_tables_thread_is_never_played_in_another_game(db: DbFactory) -> None:
    """In the damaged game's own thread, a move without a number is refused as damaged: it must not fall through
    to the player's other game elsewhere (where the same move is legal). Elsewhere the sound game is meant."""
    repo, svc, bad, good = await _damaged_log(db("mesa.db"), good_too=True)
    try:
        with pytest.raises(TableError) as err:
            await svc.table_meant(ANA, GUILD, BAD_THREAD)
        assert err.value.key == "error.damaged" and err.value.params["table"] == bad
        assert await svc.table_meant(ANA, GUILD, GOOD_THREAD) == good
        assert await svc.table_meant(ANA, GUILD) == good  # no place: the one game that can be played
        listing = await svc.listing(ANA, GUILD)
        assert [s.table_id for s in listing.tables] == [good] and [d.table_id for d in listing.damaged] == [bad]
        assert (await svc.legal_moves_for(good, ANA))  # and the sound game plays on, untouched
    finally:
        await repo.close()


async def _rated_kona(svc: Any, loser: int) -> int:
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.resign(tid, loser)
    return tid


async def test_a_rating_that_is_no_number_is_rated_afresh_and_the_game_still_ends(db: DbFactory) -> None:
    """A rating edited into something that is no number (NaN, which both databases keep): Ana's next rated
    game ends as ever (its end rates her afresh), and the server's leaderboard and her stats are read."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    await _rated_kona(svc, BEN)
    await repo.close()
    await run_sql(path, "UPDATE ratings SET mu = 'NaN' WHERE user_id = ?", (ANA,))
    repo, svc = await open_service(path)
    try:
        board = LeaderboardService(repo)
        assert [e.name for e in (await board.page(GUILD, "kona")).entries] == ["Ben"]  # hers left out, not a failure
        tid = await _rated_kona(svc, BEN)  # the resignation ends the game: it was an internal error
        assert [r.place for r in await repo.get_results(tid)] == [1, 2]
        (kona,) = await board.stats(GUILD, ANA)
        assert kona.games == 1 and kona.wins == 1  # rated afresh from this game
        assert sorted(e.name for e in (await board.page(GUILD, "kona")).entries) == ["Ana", "Ben"]
    finally:
        await repo.close()


@pytest.mark.parametrize("sql", [
    "UPDATE results SET place = 'first' WHERE table_id = 1 AND seat = 1",
    "UPDATE ratings SET games = 'many' WHERE user_id = 101",
    "UPDATE rating_history SET rating = 'high' WHERE user_id = 101",
])
async def test_a_result_or_rating_that_cannot_be_read_leaves_the_rest_readable(tmp_path: Path, sql: str) -> None:
    path = str(tmp_path / "mesa.db")  # text in an INTEGER column: SQLite only
    repo, svc = await open_service(path)
    await _rated_kona(svc, BEN)
    await _rated_kona(svc, ANA)
    await repo.close()
    await run_sql(path, sql)
    repo, svc = await open_service(path)
    try:
        board = LeaderboardService(repo)
        for user in (ANA, BEN):
            assert len(await board.history(GUILD, user)) >= 1
            await board.stats(GUILD, user)
        await board.page(GUILD, "kona")
        tid = await _rated_kona(svc, BEN)
        assert [r.place for r in await repo.get_results(tid)] == [1, 2]
    finally:
        await repo.close()


async def test_a_result_with_an_outcome_that_is_no_outcome_is_left_out_not_shown_as_a_key(db: DbFactory) -> None:
    """A result edited into an outcome Mesa never writes: /history and /stats leave that row out (they said
    "result.word.zzz" and "stats.letter.?", catalogue keys), and the other game reads as before."""
    from tables.leaderboard import history_text, stats_text

    path = db("mesa.db")
    repo, svc = await open_service(path)
    first = await _rated_kona(svc, BEN)
    await _rated_kona(svc, ANA)
    await repo.close()
    await run_sql(path, f"UPDATE results SET outcome = 'zzz' WHERE table_id = {first}")
    repo, svc = await open_service(path)
    try:
        board = LeaderboardService(repo)
        history = await board.history(GUILD, ANA)
        assert [e.table_id for e in history] != [] and first not in [e.table_id for e in history]
        for lang in ("en", "es"):
            text = history_text(history, "Ana", lang) + stats_text(await board.stats(GUILD, ANA), "Ana", lang)
            assert "result.word" not in text and "stats.letter" not in text and "zzz" not in text, text
    finally:
        await repo.close()


async def test_a_reminder_that_cannot_be_read_stops_no_other_reminder(tmp_path: Path) -> None:
    """Reminders handed out but never confirmed (a crash) come again; one whose row has text in a number
    column (SQLite) is left out, and the tick goes on: the other table's reminder comes again."""
    path = str(tmp_path / "mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    bad, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    good, _ = await start_table(svc, "kona", 2, {"time_per_move": "10h"})
    for tid in (bad, good):
        await svc.submit_move(tid, ANA, "a6-d3")
    clock.advance(hours=5)
    assert len(await svc.tick()) == 2  # Ben's two reminders at half time, never confirmed: the bot stopped
    await repo.close()
    await run_sql(path, "UPDATE reminders SET user_id = 'Ben' WHERE table_id = ?", (bad,))
    repo, svc = await open_service(path, clock)
    try:
        clock.advance(minutes=3)
        again = [(m.table_id, m.user_id, m.key) for m in await svc.tick() if isinstance(m, Reminder)]
        assert again == [(good, BEN, "reminder.half")]
    finally:
        await repo.close()


async def test_a_takeback_request_that_cannot_be_read_is_no_request(db: DbFactory) -> None:
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, "kona", 2, {"rated": "false"})
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.takebacks.ask(tid, ANA)
    await repo.close()
    await run_sql(path, "UPDATE takebacks SET moves = '[{\"ply\": ' WHERE table_id = ?", (tid,))
    repo, svc = await open_service(path)
    try:
        with pytest.raises(TableError) as err:
            await svc.takebacks.accept(tid, BEN)
        assert err.value.key == "error.no_takeback_request" and err.value.message("es")
        assert (await svc.submit_move(tid, BEN, "a1-a2"))[0].table_id == tid  # the game plays on
    finally:
        await repo.close()


async def test_hints_and_a_lesson_place_with_text_in_a_number_column(tmp_path: Path) -> None:
    """SQLite keeps text in a number column: a hint count so edited leaves the game's end and result post
    alone; a lesson place so edited is said (learn.unreadable) like any place outside the course."""
    path = str(tmp_path / "mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, "kona", 2, {"rated": "false"})
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.lessons.open(ANA, "kona")
    await repo.close()
    await run_sql(path, "INSERT INTO hints (table_id, seat, used) VALUES (?, 0, 'two')", (tid,))
    await run_sql(path, "UPDATE lesson_progress SET step = 'three' WHERE user_id = ?", (ANA,))
    repo, svc = await open_service(path)
    try:
        out = await svc.resign(tid, BEN)
        assert any(isinstance(m, PublicPost) and m.kind == "result" for m in out)
        with pytest.raises(TableError) as err:
            await svc.lessons.answer(ANA, "kona", "a6-d3")
        assert err.value.key == "learn.unreadable"
        assert (await svc.lessons.open(ANA, "kona")).step == 1
    finally:
        await repo.close()


async def test_a_row_moment_that_is_no_moment_stops_no_missed_board_nor_expiry(db: DbFactory) -> None:
    """When a table was made or last written are bookkeeping: one edited into no moment is read as unknown.
    A board never posted is still posted (of every table), and waiting invitations still expire."""
    path = db("mesa.db")
    clock = FakeClock()
    repo, svc = await open_service(path, clock)
    bad, _ = await start_table(svc, "kona", 2)
    good, _ = await start_table(svc, "kona", 2)
    for tid in (bad, good):
        await svc.set_location(tid, 900 + tid, 0, version=1)  # the first boards were posted; the moves' not
        await svc.submit_move(tid, ANA, "a6-d3")
    waiting = await svc.create(GUILD, 70, CY, "Cy", "kona", [(DEE, "Dee")], {})
    await repo.close()
    await run_sql(path, "UPDATE tables SET updated_at = 'later', created_at = 'earlier' WHERE id IN (?, ?)",
                  (bad, waiting[0].table_id))
    await run_sql(path, "UPDATE tables SET next_event_at = NULL WHERE id = ?", (waiting[0].table_id,))
    repo, svc = await open_service(path, clock)  # a restart: the missed boards are posted at start
    try:
        assert sorted(m.table_id for m in await svc.missed_posts() if isinstance(m, PublicPost)) == [bad, good]
        assert await svc.tick() == []  # made at no known moment: its wait is counted from now
        clock.advance(days=3, minutes=1)
        assert (waiting[0].table_id, "invite.expired") in _said(await svc.tick())
    finally:
        await repo.close()


async def test_a_damaged_table_of_a_server_the_bot_comes_back_to_holds_back_none_of_its_other_games(
        db: DbFactory) -> None:
    """The bot leaves a server and comes back: its games resume, deadlines moved on by the time away; one of
    them damaged by hand meanwhile does not keep the others suspended nor their boards untold."""
    path = db("mesa.db")
    clock = FakeClock()
    bad, good = await _two_games_then_damage(path, clock, "SELECT 1")
    repo, svc = await open_service(path, clock)
    await svc.suspend_guild(GUILD)
    await repo.close()
    await run_sql(path, "UPDATE tables SET turn_deadline = 'soon' WHERE id = ?", (bad,))
    repo, svc = await open_service(path, clock)
    try:
        clock.advance(days=2)
        back = await svc.resume_guild(GUILD)
        assert (good, "info.resumed") in _said(back) and all(m.table_id != bad for m in back)
        assert not await svc.is_suspended(good)
        board = next(m for m in back if isinstance(m, PublicPost) and m.kind == "board")
        assert board.params["deadline"] == "2026-03-03 13:00 UTC"  # its hour moved on by the two days away
    finally:
        await repo.close()


async def test_server_caps_and_organisers_that_cannot_be_read(tmp_path: Path) -> None:
    """SQLite keeps text in a number column: caps so edited are the defaults (the server's /play works), and
    a tournament setting so edited keeps organising to the server's managers (the safe side)."""
    path = str(tmp_path / "mesa.db")
    repo, _ = await open_service(path)
    await repo.close()
    await run_sql(path, "INSERT INTO guild_limits (guild_id, max_invitations, max_active, updated_at) "
                        "VALUES (?, 'ten', 'many', '2026-03-01T12:00:00.000000Z')", (GUILD,))
    await run_sql(path, "INSERT INTO tournament_settings (guild_id, managers_only, updated_at) "
                        "VALUES (?, 'no', '2026-03-01T12:00:00.000000Z')", (GUILD,))
    repo, svc = await open_service(path)
    try:
        tid, _ = await start_table(svc, "kona", 2)
        assert (await svc.submit_move(tid, ANA, "a6-d3"))[0].table_id == tid
        with pytest.raises(TableError) as err:
            await svc.tournaments.create(GUILD, 70, CY, "Cy", "kona", {"format": "swiss"})
        assert err.value.key == "tournament.error.managers_only"
        await svc.tournaments.create(GUILD, 70, CY, "Cy", "kona", {"format": "swiss"}, manages=True)
    finally:
        await repo.close()


@pytest.mark.parametrize("gif", ["not base64!", "aGVsbG8="])  # not base64; base64 of no GIF ("hello")
async def test_a_kept_replay_that_cannot_be_read_is_made_again(db: DbFactory, gif: str) -> None:
    path = db("mesa.db")
    pool = CountingPool()
    repo, svc = await open_service(path, renderer=pool)
    tid = await _finished_kona(svc)
    _, first = await svc.replays.gif(GUILD, tid, ANA)
    await repo.close()
    await run_sql(path, "UPDATE replays SET gif = ? WHERE table_id = ?", (gif, tid))
    repo, svc = await open_service(path, renderer=pool)
    try:
        _, again = await svc.replays.gif(GUILD, tid, BEN)
        assert again == first and pool.calls == 2  # drawn again, not an internal error
        _, kept = await svc.replays.gif(GUILD, tid, CY)
        assert kept == first and pool.calls == 2  # and kept again
    finally:
        await repo.close()


async def test_a_damaged_table_is_logged_once_an_hour_not_at_every_tick(db: DbFactory,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    """Its deadline stays due, so every tick (every 30 s on Discord) met it and logged its error with the
    traceback: two a minute for ever.  Now once an hour, in case a hand mends it."""
    clock = FakeClock()
    path = db("mesa.db")
    bad, good = await _two_games_then_damage(path, clock, "UPDATE tables SET turn_deadline = 'soon' WHERE id = BAD")
    repo, svc = await open_service(path, clock)
    try:
        clock.advance(hours=2)
        with caplog.at_level("ERROR"):
            assert (good, "result.win.time") in _said(await svc.tick())
            first = caplog.text.count(f"table {bad}: deadline skipped")
            for _ in range(10):
                clock.advance(seconds=30)
                assert await svc.tick() == []
            assert caplog.text.count(f"table {bad}: deadline skipped") == first == 1
            clock.advance(hours=1)
            await svc.tick()
            assert caplog.text.count(f"table {bad}: deadline skipped") == 2  # looked at again after an hour
    finally:
        await repo.close()


@pytest.mark.parametrize("column", ["version", "seed", "posted_version"])
async def test_a_players_only_game_with_text_in_a_number_column_is_said_not_lost(tmp_path: Path, column: str) -> None:
    """The player's one game holds text in a number's column (SQLite keeps it), found after a restart: ``/games``
    says it damaged and a command without a number names it (it was left out of both: "You have no active game
    here. Start one with /play", as if the game were lost)."""
    path = str(tmp_path / "mesa.db")
    repo, svc = await open_service(path)
    bad, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(bad, ANA, "a6-d3")
    await repo.close()
    await run_sql(path, f"UPDATE tables SET {column} = 'x' WHERE id = ?", (bad,))
    repo, svc = await open_service(path)  # a restart: nothing of it in the cache
    try:
        for user in (ANA, BEN):
            listing = await svc.listing(user, GUILD)
            assert listing.tables == [] and [d.table_id for d in listing.damaged] == [bad], (column, user)
            assert listing.damaged[0].game == "kona" and (listing.damaged[0].guild_id, listing.damaged[0].channel_id) \
                == (GUILD, CHANNEL_OF_TABLES)
            assert "damaged" in said(listing.damaged[0].phrase(), "en")
            for place in (CHANNEL_OF_TABLES, None):
                with pytest.raises(TableError) as err:
                    await svc.table_meant(user, GUILD, place)
                assert err.value.key == "error.damaged" and err.value.params["table"] == bad, (column, place)
        assert (await svc.listing(CY, GUILD)).damaged == []  # not seated there: not theirs to hear of
    finally:
        await repo.close()


async def test_the_replay_of_a_finished_table_that_names_no_game_is_said_damaged(db: DbFactory) -> None:
    """A finished table whose ``game`` was edited to a name this release does not have: ``/replay`` says it is
    damaged, as ``/board`` does (it escaped as an internal error)."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.resign(tid, BEN)
    await repo.close()
    await run_sql(path, "UPDATE tables SET game = 'chess' WHERE id = ?", (tid,))
    repo, svc = await open_service(path)
    try:
        for ask in (lambda: svc.board(tid), lambda: svc.replays.gif(GUILD, tid, ANA)):
            with pytest.raises(TableError) as err:
                await ask()
            assert err.value.key == "error.damaged" and err.value.params["table"] == tid
    finally:
        await repo.close()
