"""The table service end to end on a real SQLite file: whole games, restarts, replay = snapshot.

Helpers here (fake clock, table set-up, random play-outs) are imported by the other
``test_tables_*`` files.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pg_server import DbFactory, run_sql

from data import Repository, open_repository
from data.models import now_iso
from engines import get_engine
from tables import PrivatePost, PublicPost, Reminder, TableError, TableFinished, TableService, said, t

USERS = [(101, "Ana"), (102, "Ben"), (103, "Cy"), (104, "Dee")]
GUILD, CHANNEL = 7, 70
SEED = 123456789012345


class FakeClock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


async def open_service(path: str, clock: FakeClock | None = None, renderer: Any = None,
                       seed: int = SEED) -> tuple[Repository, TableService]:
    repo = await open_repository(path)  # a file or a postgresql:// URL (tests/conftest.py)
    return repo, TableService(repo, clock or FakeClock(), renderer, seed_source=lambda: seed)


async def start_table(svc: TableService, game: str, players: int = 2, options: dict[str, str] | None = None,
                      named: bool = True) -> tuple[int, list[Any]]:
    """Ana hosts; the others are invited and accept (or join an open table); returns (id, messages)."""
    opts = {"seat": "first", **(options or {})}
    host, others = USERS[0], USERS[1:players]
    if named:
        out = await svc.create(GUILD, CHANNEL, host[0], host[1], game, others, opts)
        tid = out[0].table_id
        for uid, _ in others:
            out += await svc.accept(tid, uid)
    else:
        out = await svc.create(GUILD, CHANNEL, host[0], host[1], game, [], opts)
        tid = out[0].table_id
        for uid, name in others:
            out += await svc.join(tid, uid, name)
        if players < get_engine(game).max_players:
            out += await svc.start(tid, host[0])
    return tid, out


async def step(svc: TableService, tid: int, rng: random.Random) -> list[Any] | None:
    """One player action chosen at random (K3 builds via auto_build); None when the game is over."""
    board = await svc.board(tid)
    if board.key.startswith("board.final") or not board.mention:
        return None
    uid = board.mention[0]
    moves = await svc.legal_moves_for(tid, uid)
    if moves:
        return await svc.submit_move(tid, uid, rng.choice(moves))
    text = await svc.auto_build(tid, uid, rng.choice(["random", "sensible"]))
    return await svc.submit_move(tid, uid, text)


async def play_out(svc: TableService, tid: int, rng: random.Random, limit: int = 5000) -> list[Any]:
    messages: list[Any] = []
    for _ in range(limit):
        out = await step(svc, tid, rng)
        if out is None:
            return messages
        messages.extend(out)
    raise AssertionError("the game did not end")


async def assert_replay_matches(repo: Repository, tid: int) -> None:
    """DESIGN: replaying the move log reproduces the stored snapshot."""
    row = await repo.get_table(tid)
    seats = await repo.get_seats(tid)
    assert row is not None and row.state
    engine = get_engine(row.game)
    options = json.loads(row.options)
    state = engine.new_game(len(seats), row.seed, options["game"])
    for m in await repo.get_moves(tid):
        state = engine.play(state, m.move)
    assert json.loads(json.dumps(engine.to_json(state))) == json.loads(row.state)


GAMES = [("kona", 2), ("plateau", 2), ("k3", 2), ("k3", 3), ("k3", 4), ("krakatoa", 2), ("krakatoa", 3)]


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_whole_game_through_the_service(db: DbFactory, game: str, players: int) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, game, players)
    messages = await play_out(svc, tid, random.Random(players * 31 + len(game)))
    finished = [m for m in messages if isinstance(m, TableFinished)]
    assert len(finished) == 1 and finished[0].table_id == tid
    results = await repo.get_results(tid)
    assert [r.seat for r in results] == list(range(players))
    assert min(r.place for r in results) == 1
    assert all(r.rated for r in results)
    row = await repo.get_table(tid)
    assert row is not None and row.status == "finished" and row.turn_deadline is None
    # the engine's own outcome agrees with the stored places (no one left early here)
    engine = get_engine(game)
    state = engine.from_json(json.loads(row.state))
    outcome = engine.outcome(state)
    assert outcome is not None
    winners = {r.seat for r in results if r.place == 1}
    if outcome.winners:
        assert winners == set(outcome.winners)
    await assert_replay_matches(repo, tid)
    # a finished table refuses moves and is no longer active
    with pytest.raises(TableError) as err:
        await svc.submit_move(tid, USERS[0][0], "anything")
    assert err.value.key == "error.game_over"
    assert await svc.active_tables(USERS[0][0]) == []
    await repo.close()


async def test_krakatoa_teams_game(db: DbFactory) -> None:
    """KR-6.2: four players in two partnerships; partners share the result."""
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "krakatoa", 4, {"teams": "true", "preset": "basic"})
    await play_out(svc, tid, random.Random(4))
    board = await svc.board(tid)
    assert board.params["status"].startswith("Ana & Cy ") and " · Ben & Dee " in board.params["status"]
    results = {r.seat: r for r in await repo.get_results(tid)}
    assert results[0].place == results[2].place and results[1].place == results[3].place
    await assert_replay_matches(repo, tid)
    await repo.close()


@pytest.mark.parametrize(("game", "players"), GAMES)
async def test_restart_continues_every_game(db: DbFactory, game: str, players: int) -> None:
    """A second service on the same file continues the game; the log replays to the same state."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, game, players)
    rng = random.Random(5)
    for i in range(6):
        assert await step(svc, tid, rng) is not None
        if i == 1:
            await svc.table_details(tid)  # from here on the move list is kept up to date move by move
    before = await svc.board(tid)
    listed = (await svc.table_details(tid, USERS[0][0])).moves
    await repo.close()

    repo2, svc2 = await open_service(path)
    again = await svc2.board(tid)
    assert again.params == before.params and again.version == before.version
    assert (await svc2.table_details(tid, USERS[0][0])).moves == listed  # rebuilt from the log: the same
    await play_out(svc2, tid, rng)
    assert len(await repo2.get_results(tid)) == players
    await assert_replay_matches(repo2, tid)
    await repo2.close()


async def test_chance_moves_are_seeded_by_table_seed_and_ply(db: DbFactory) -> None:
    """Chance is drawn from random.Random(f"{seed}:{ply}"): the same seed gives the same deal."""
    logs = []
    for name in ("a.db", "b.db"):
        repo, svc = await open_service(db(name), seed=42)
        tid, _ = await start_table(svc, "k3", 3)
        logs.append([(m.seat, m.move) for m in await repo.get_moves(tid)])
        await repo.close()
    assert logs[0] == logs[1]
    assert [seat for seat, _ in logs[0]] == [-1, -1]  # K3-2: base row and deal are chance moves
    assert logs[0][0][1].startswith("base:") and logs[0][1][1].startswith("deal:")


async def test_seed_never_leaves_the_server(db: DbFactory) -> None:
    """The seed appears in no outbox message, view or error."""
    seed = 987654321987654
    repo, svc = await open_service(db("mesa.db"), seed=seed)
    everything: list[Any] = []
    for game, players in (("krakatoa", 2), ("k3", 3), ("plateau", 2)):
        tid, out = await start_table(svc, game, players)
        everything += out
        everything += await play_out(svc, tid, random.Random(1), limit=5000)
        everything.append(await svc.board(tid))
        everything.append(await svc.table_details(tid, USERS[0][0]))
    try:
        await svc.submit_move(1, USERS[0][0], "x")
    except TableError as exc:
        everything.append(exc.message("en"))
    text = " ".join(repr(m) for m in everything)
    assert str(seed) not in text
    assert all(not hasattr(m, "seed") for m in everything)
    await repo.close()


async def test_snapshot_disagreeing_with_log_is_rebuilt(db: DbFactory, caplog: pytest.LogCaptureFixture) -> None:
    """The move log is the truth: a wrong snapshot is rebuilt (with a warning) and play goes on."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, USERS[0][0], "a6-d3")
    await repo.close()
    start = json.dumps(get_engine("kona").to_json(get_engine("kona").new_game(2)))
    await run_sql(path, "UPDATE tables SET state = ? WHERE id = ?", (start, tid))
    repo2, svc2 = await open_service(path)
    with caplog.at_level("WARNING"):
        board = await svc2.board(tid)
    assert "disagrees" in caplog.text
    assert board.params["position"] == "CP,4,PCP/6/6/3,C,2/6/PCP,4,CPC p 1 d3"  # KO-10 E2
    await assert_replay_matches(repo2, tid)
    await repo2.close()


@pytest.mark.parametrize("damage", ["options", "move", "state_and_move"])
async def test_corrupted_table_reports_damage_and_others_work(db: DbFactory, damage: str) -> None:
    path = db("mesa.db")
    repo, svc = await open_service(path)
    bad, _ = await start_table(svc, "kona", 2)
    good, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(bad, USERS[0][0], "a6-d3")
    await repo.close()
    if damage == "options":
        await run_sql(path, "UPDATE tables SET options = '{not json' WHERE id = ?", (bad,))
    else:
        await run_sql(path, "UPDATE moves SET move = 'z9-z9' WHERE table_id = ? AND ply = 1", (bad,))
    if damage == "state_and_move":
        await run_sql(path, "UPDATE tables SET state = 'garbage' WHERE id = ?", (bad,))
    repo2, svc2 = await open_service(path)
    for call in (svc2.board(bad), svc2.submit_move(bad, USERS[1][0], "a1-a2"), svc2.legal_moves_for(bad, 101)):
        with pytest.raises(TableError) as err:
            await call
        assert err.value.key == "error.damaged"
        assert "damaged" in err.value.message("en") and "dañado" in err.value.message("es")
    out = await svc2.submit_move(good, USERS[0][0], "a6-d3")
    assert out[0].params["position"] == "CP,4,PCP/6/6/3,C,2/6/PCP,4,CPC p 1 d3"
    listed = await svc2.active_tables(USERS[0][0])
    assert [s.table_id for s in listed] == [good]  # the damaged table is skipped, not fatal
    await repo2.close()


async def test_renderer_gets_only_spectator_views_in_public(db: DbFactory) -> None:
    """Public images come from view(state, None); private images from that seat's view."""
    calls: list[dict[str, Any]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        calls.append(view)
        return b"PNG" + str(view["viewer"]).encode()

    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    tid, out = await start_table(svc, "plateau", 2)
    out = await svc.submit_move(tid, USERS[0][0], "+xx.rb@a1")
    public = [m for m in out if isinstance(m, PublicPost)]
    private = [m for m in out if isinstance(m, PrivatePost)]
    assert public[0].image == b"PNGNone"
    assert [(p.user_id, p.image) for p in private] == [(USERS[0][0], b"PNG0")]
    # PL-11 ex. 1: the public form hides the faces
    assert said(public[0].params["moves"]) == "Ana opened with a stack of two on a1, red face up"  # no "x" or "b"
    assert "xx.rb" not in repr(public)
    await repo.close()


def language_spy() -> tuple[list[tuple[object, str]], Callable[..., bytes]]:
    """A renderer that draws nothing and notes whose view it was asked for and in which language."""
    drawn: list[tuple[object, str]] = []

    def renderer(game: str, view: dict[str, Any], names: list[str], **extra: Any) -> bytes:
        drawn.append((view["viewer"], extra.get("lang", "en")))
        return b"PNG"

    return drawn, renderer


async def test_a_picture_speaks_its_readers_language(db: DbFactory) -> None:
    """The public board's picture speaks its server's language (as stored with each command), a private view
    its player's (their client's locale, as stored with their preferences); English before either is known,
    and a change is heard at once."""
    drawn, renderer = language_spy()
    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    tid, _ = await start_table(svc, "plateau", 2)
    assert drawn and {lang for _, lang in drawn} == {"en"}  # nothing known yet: English
    await svc.remember_guild_locale(GUILD, "es-ES")  # a command from a Spanish server
    await svc.set_locale(USERS[0][0], "en-GB")  # Ana reads English
    drawn.clear()
    await svc.submit_move(tid, USERS[0][0], "+xx.rb@a1")
    assert sorted(drawn, key=str) == sorted([(None, "es"), (0, "en")], key=str)  # public: the server's; Ana's own
    await svc.set_locale(USERS[1][0], "es-419")
    await svc.remember_guild_locale(GUILD, "en-US")  # the server changed its language
    drawn.clear()
    await svc.submit_move(tid, USERS[1][0], "+xo.xx@d4")
    assert sorted(drawn, key=str) == sorted([(None, "en"), (1, "es")], key=str)
    await svc.remember_guild_locale(GUILD, "es-419")
    restarted = TableService(repo, svc.clock, renderer)  # read from storage after a restart
    drawn.clear()
    await restarted.submit_move(tid, USERS[0][0], "a1:1-a2")
    assert (None, "es") in drawn
    await repo.close()


async def test_a_player_without_a_language_of_their_own_reads_the_default_one(db: DbFactory) -> None:
    """The console's users have no client locale: they read the console's language (``Languages.default_user``,
    ``--lang es``); a player whose locale was seen keeps theirs."""
    drawn, renderer = language_spy()
    repo, svc = await open_service(db("mesa.db"), renderer=renderer)
    tid, _ = await start_table(svc, "plateau", 2)
    svc.languages.default_user = "es"
    await svc.set_locale(USERS[1][0], "en-GB")  # Ben's client was seen: English
    drawn.clear()
    await svc.submit_move(tid, USERS[0][0], "+xx.rb@a1")
    await svc.submit_move(tid, USERS[1][0], "+xo.xx@d4")
    assert {(seat, lang) for seat, lang in drawn if seat is not None} == {(0, "es"), (1, "en")}
    await repo.close()


async def test_texts_render_in_both_languages(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, out = await start_table(svc, "kona", 2)
    out += await svc.submit_move(tid, USERS[0][0], "a6-d3")
    for m in out:
        if isinstance(m, (PublicPost, PrivatePost, Reminder)):
            en, es = t(m.key, "en", **m.params), t(m.key, "es", **m.params)
            assert "{" not in en and "{" not in es and en != es
    await repo.close()


@pytest.mark.parametrize("game", ["krakatoa", "plateau"])
async def test_a_board_drawn_again_tells_the_last_step_as_first_posted(db: DbFactory, game: str) -> None:
    """/board, a resignation or a restart draws the board again: its caption tells the last step as the
    previous move ("Last move: …", issue 28, item 14), with the chance the move set off (Krakatoa's
    throw), in public words (Plateau's hidden placement)."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, _ = await start_table(svc, game)
    uid, name = USERS[0]
    move = (await svc.legal_moves_for(tid, uid))[0]
    posted = [m for m in await svc.submit_move(tid, uid, move) if isinstance(m, PublicPost) and m.kind == "board"]
    told = said(posted[-1].params["moves"])
    assert told.startswith(f"{name} ")
    assert said((await svc.board(tid)).params["moves"]) == f"Last move: {told}"
    await repo.close()
    repo2, svc2 = await open_service(path)  # nothing remembered: read from the log
    assert said((await svc2.board(tid)).params["moves"]) == f"Last move: {told}"
    await repo2.close()


async def test_missed_posts_after_a_crash(db: DbFactory) -> None:
    """A board stored but never posted (the process died in between) is offered again at start-up."""
    path = db("mesa.db")
    repo, svc = await open_service(path)
    tid, out = await start_table(svc, "kona", 2)
    board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
    await svc.set_location(tid, 900, 901, version=board.version)
    assert await svc.missed_posts() == []
    out = await svc.submit_move(tid, USERS[0][0], "a6-d3")  # stored; the "crash" loses its board post
    await repo.close()

    repo2, svc2 = await open_service(path)
    missed = await svc2.missed_posts()
    assert [(m.table_id, m.version, m.params["position"]) for m in missed] == [
        (tid, out[0].version, "CP,4,PCP/6/6/3,C,2/6/PCP,4,CPC p 1 d3")]
    await svc2.set_location(tid, 900, 902, version=missed[0].version)
    assert await svc2.missed_posts() == []
    await svc2.resign(tid, USERS[1][0])
    await repo2.close()
    repo3, svc3 = await open_service(path)  # a finished table's board and result both come back
    assert [m.kind for m in await svc3.missed_posts()] == ["board", "result"]
    await repo3.close()


async def test_a_damaged_table_is_logged_with_its_traceback_and_no_secret(tmp_path, caplog) -> None:
    """Issue 13: "table damaged" names where it failed (traceback frames), never the error's text."""
    import logging

    from tables.service import log_damage

    def fail() -> None:
        hidden = "".join(["+rb.xx@a1", " secret faces"])  # built at run time: not in any source line
        raise ValueError(hidden)

    try:
        fail()
    except ValueError as exc:
        with caplog.at_level(logging.ERROR, logger="tables.service"):
            log_damage(7, "the move log does not replay", exc)
    text = caplog.text
    assert "table 7: the move log does not replay (ValueError)" in text
    assert "in fail" in text and "raise ValueError(hidden)" in text  # the frame and its source line
    assert "secret faces" not in text


async def test_rematch_swaps_two_seats_and_keeps_the_options(tmp_path) -> None:
    """The rematch is decided in tables/ (any front end): same players, seats swapped, same options."""
    repo, svc = await open_service(tmp_path / "r.db")
    try:
        tid, _ = await start_table(svc, "kona", options={"move_limit": "80", "time_per_move": "2h"})
        await svc.resign(tid, USERS[0][0])
        with pytest.raises(TableError):
            await svc.rematch(tid, 4242, "Stranger")  # only a player of the table asks for one
        out = await svc.rematch(tid, USERS[1][0], USERS[1][1])
        new = out[0].table_id
        assert new != tid
        for uid, _ in USERS[:1]:
            await svc.accept(new, uid)
        details = await svc.table_details(new)
        old = await svc.table_details(tid)
        assert details.summary.user_ids == (old.summary.user_ids[1], old.summary.user_ids[0])  # swapped
        assert details.options["move_limit"] == 80 and details.options["time_per_move"] == 7200
    finally:
        await repo.close()


async def test_a_rematch_is_only_of_a_game_played_to_its_end(tmp_path) -> None:
    # the Rematch button is under a result only, but a typed /rematch may name any table: one still in play
    # opened a second game of the same players mid-game
    repo, svc = await open_service(tmp_path / "r.db")
    try:
        tid, _ = await start_table(svc, "kona")
        for key in ("error.rematch_not_finished", "error.rematch_nothing"):
            if key.endswith("nothing"):
                await svc.abort(tid, USERS[0][0])  # cancelled before any move: never played to its end
            with pytest.raises(TableError) as refused:
                await svc.rematch(tid, USERS[1][0], USERS[1][1])
            assert refused.value.key == key and refused.value.params["game"] == "Kona"
            assert [s.table_id for s in await svc.active_tables(USERS[1][0], GUILD)] == ([tid] if key.endswith(
                "finished") else [])  # nothing opened
    finally:
        await repo.close()


async def test_boards_offer_the_controls_each_description_declares(tmp_path) -> None:
    """Front ends learn from the board which controls to offer; the service reads the descriptions."""
    from tables.outbox import CANCEL, DRAW, MINE, QUICK

    repo, svc = await open_service(tmp_path / "o.db")
    try:
        # the opening boards also offer Cancel (nobody has moved: the host may still call the game off; after
        # K3's deal, K3-2, every player must ask for it: GuildLife.agree_to_abort)
        expected = {"kona": {DRAW, CANCEL}, "plateau": {MINE, DRAW, CANCEL}, "krakatoa": {QUICK, CANCEL},
                    "k3": {MINE, CANCEL}}  # K3 builds first
        for game, offers in expected.items():
            tid, out = await start_table(svc, game)
            board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
            assert board.offers == offers, game
            if game in ("kona", "k3"):  # drawn again (/board) the same (after K3's deal too)
                assert CANCEL in (await svc.board(tid)).offers
            if game == "k3":  # once a pyramid is built, a player has moved: no Cancel, drawn again or not
                out = await svc.submit_move(tid, USERS[0][0], await svc.auto_build(tid, USERS[0][0]))
                board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
                assert CANCEL not in board.offers and CANCEL not in (await svc.board(tid)).offers
            if game == "kona":  # after the first move no Cancel: /abort is refused
                out = await svc.submit_move(tid, USERS[0][0], "a6-d3")
                board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
                assert board.offers == {DRAW}
        # K3-10: once everybody has built, nothing is private any more: no "My pieces"
        tid, _ = await start_table(svc, "k3")
        for uid, _ in USERS[:2]:
            out = await svc.submit_move(tid, uid, await svc.auto_build(tid, uid))
        board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
        assert board.components_hint == "move" and board.offers == set()
        assert await svc.quick_moves(tid, USERS[0][0]) == []  # K3 moves are picked, not buttons
    finally:
        await repo.close()


async def test_a_listing_offers_the_servers_open_tables_with_a_free_seat_newest_first(db: DbFactory) -> None:
    """``listing(joinable=True)``: the server's open tables where the reader has no seat, the newest first and no
    more than ``MAX_JOINABLE_LISTED``; not another server's, not an invitation, not one that filled up and
    started, and not one whose time to start has run out, whether or not the ticker has set its closing yet."""
    from tables.limits import MAX_JOINABLE_LISTED

    clock = FakeClock()
    repo, svc = await open_service(db("mesa.db"), clock)
    reader = 900
    stale = (await svc.create(GUILD, CHANNEL, 500, "Old", "krakatoa", [], {}))[0].table_id
    ticked = (await svc.create(GUILD, CHANNEL, 501, "Set", "krakatoa", [], {}))[0].table_id
    async with repo.transaction() as tx:  # the ticker's closing, set (an hour after its start, for the test)
        await tx.set_next_event(ticked, now_iso(clock.now() + timedelta(hours=1)))
    clock.advance(days=2)
    fresh = (await svc.create(GUILD, CHANNEL, 502, "New", "k3", [], {}))[0].table_id
    full = (await svc.create(GUILD, CHANNEL, 600, "Full", "krakatoa", [], {}))[0].table_id
    for k in range(3):  # the fourth seat starts the game
        await svc.join(full, 610 + k, f"F{k}")
    await svc.create(GUILD + 1, CHANNEL, 700, "Away", "k3", [], {})  # another server
    await svc.create(GUILD, CHANNEL, 701, "Host", "kona", [(702, "Guest")], {})  # an invitation, not open
    mine = (await svc.create(GUILD, CHANNEL, reader, "Me", "k3", [], {}))[0].table_id
    listing = await svc.listing(reader, GUILD, joinable=True)
    assert [s.table_id for s in listing.tables] == [mine]
    assert [s.table_id for s in listing.joinable] == [fresh, stale]  # the set closing is past; 1 day is left
    assert [s.room for s in listing.joinable] == [3, 3]  # four seats, the host in one
    assert (await svc.listing(reader, GUILD)).joinable == []  # asked for only by /games
    clock.advance(days=1, minutes=1)  # the oldest table's three days are up too
    assert [s.table_id for s in (await svc.listing(reader, GUILD, joinable=True)).joinable] == [fresh]
    more = [(await svc.create(GUILD, CHANNEL, 800 + k, f"H{k}", "k3", [], {}))[0].table_id
            for k in range(MAX_JOINABLE_LISTED)]
    listed = (await svc.listing(reader, GUILD, joinable=True)).joinable
    assert [s.table_id for s in listed] == more[::-1][:MAX_JOINABLE_LISTED]
    await repo.close()
