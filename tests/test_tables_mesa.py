"""Mesa at the service level: identities, restarts while Mesa is to move, deadlines, the timeout
move, ratings (unrated by default), the record against each level, and Mesa's secrets."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from test_tables_service import CHANNEL, GUILD, USERS, FakeClock

import ai
from data.factory import open_repository
from data.models import ACTIVE
from data.repository import Repository
from engines import get_engine
from tables import PrivatePost, PublicPost, Reminder, TableError, TableService, said, t
from tables.leaderboard import LeaderboardService
from tables.mesa import board_name, is_mesa, level_of, mesa_id, mesa_records, mesa_seats, records_against_mesa
from tables.mesa_stats import mesa_stats, records_of_mesa, records_of_mesa_text
from tables.thinking import Thinker, iterations, move_seed

ANA, BEN = USERS[0][0], USERS[1][0]
ITERATIONS = 10


def service(repo: Repository, clock: FakeClock, *, processes: bool = False, seed: int = 77) -> TableService:
    return TableService(repo, clock, None, seed_source=lambda: seed,
                        thinker=Thinker(processes=processes, budget=iterations(ITERATIONS), workers=1))


def test_each_level_is_one_stable_bot_identity() -> None:
    ids = {mesa_id(level, k) for level in ai.LEVELS for k in range(4)}
    assert len(ids) == 12 and all(i < 0 for i in ids)
    assert [level_of(mesa_id(level)) for level in ai.LEVELS] == list(ai.LEVELS)
    assert level_of(ANA) is None and level_of(-1) is None and not is_mesa(0)
    assert board_name(mesa_id("hard"), "Mesa (hard)") == "Mesa (hard) [bot]"
    assert board_name(ANA, "Ana") == "Ana"


async def test_restart_while_mesa_is_to_move_the_ticker_plays_it(tmp_path: Path) -> None:
    """The bot stops right after Ana's move; days later a new process's ticker plays Mesa's move
    (computed in the process pool), before any deadline or reminder."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "level": "hard", "seat": "first",
                                                                    "time_per_move": "1d"})
    tid = out[0].table_id
    await svc.submit_move(tid, ANA, "a6-d3")  # Mesa to move; the front end never asked it: the bot stopped
    await repo.close()
    clock.advance(days=3)  # well past the deadline: Mesa never misses one
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock, processes=True)
    try:
        out = await svc.tick()
    finally:
        svc.thinker.close()
    boards = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"]
    assert len(boards) == 1 and said(boards[0].params["moves"]).startswith("Mesa (hard) moved from ")
    assert not [m for m in out if isinstance(m, Reminder) or getattr(m, "kind", "") == "result"]
    moves = await repo.get_moves(tid)
    assert [m.ply for m in moves] == [1, 2] and moves[1].seat != moves[0].seat
    row, _ = await repo.load(tid)
    assert row is not None and row.status == ACTIVE
    engine = get_engine("kona")
    state = engine.apply(engine.new_game(2, row.seed), engine.parse_move(engine.new_game(2, row.seed), "a6-d3"))
    expected = ai.choose_move("kona", engine.view(state, moves[1].seat), moves[1].seat, "hard",
                              ai.Budget(iterations=ITERATIONS), move_seed(row.seed, 2, moves[1].seat))
    assert moves[1].move == expected  # from Mesa's view, with the seed of the table and the ply
    assert await svc.tick() == []  # Ana's turn now: nothing due
    await repo.close()


async def test_two_askers_at_once_store_one_mesa_move(tmp_path: Path) -> None:
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "seat": "first"})
    tid = out[0].table_id
    await svc.submit_move(tid, ANA, "a6-d3")
    first, second = await asyncio.gather(svc.play_mesa(tid), svc.tick())
    assert len(await repo.get_moves(tid)) == 2
    assert len([m for m in [*first, *second] if getattr(m, "kind", "") == "board"]) == 1
    await repo.close()


async def test_a_player_who_times_out_gets_the_rules_auto_move(tmp_path: Path) -> None:
    """KR-8.4: "the product plays [auto] on a timeout": every move played for a late player is the engine's
    ``auto`` (the move the board says "Auto would play" and the Auto button plays), never a search's; an
    audit found Mesa's ``easy`` level played there, which aims otherwise about a third of the time."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [(BEN, "Ben")], {"time_per_move": "1h", "seat": "first"})
    await svc.accept(1, BEN)
    row, _ = await repo.load(1)
    assert row is not None
    engine = get_engine("krakatoa")
    for _ in range(80):  # both players away: every decision is played for them
        clock.advance(hours=1)
        await svc.tick()
    state = engine.new_game(2, row.seed, json.loads(row.options)["game"])
    decided = aims = 0
    for m in await repo.get_moves(1):  # the log replayed: each player's move is auto's at its state
        move = engine.parse_move(state, m.move)
        if m.seat >= 0:
            assert move == engine.auto_move(state, m.seat), (m.ply, m.move)
            decided += 1
            aims += move[0] == "aim"
        state = engine.apply(state, move)
    assert decided > 40 and aims > 0
    await repo.close()


async def test_unrated_by_default_rated_when_the_server_says_so(tmp_path: Path) -> None:
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    rng = random.Random(3)

    async def finish(tid: int) -> None:
        for _ in range(500):
            await svc.play_mesa(tid)
            legal = await svc.legal_moves_for(tid, ANA)
            if not legal:
                break
            await svc.submit_move(tid, ANA, rng.choice(legal))
        assert (await svc.table_details(tid)).summary.status == "finished"

    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "level": "easy"})
    await finish(out[0].table_id)
    assert not any(r.rated for r in await repo.get_results(out[0].table_id))
    await svc.set_guild_settings(GUILD, rate_mesa=True)
    assert (await svc.guild_settings(GUILD)).rate_mesa
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "level": "hard"})
    await finish(out[0].table_id)
    assert all(r.rated for r in await repo.get_results(out[0].table_id))
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [], {"bots": "2", "level": "hard"})
    assert json.loads((await repo.load(out[0].table_id))[0].options)["rated"] is False  # Mesa vs Mesa: never
    page = await LeaderboardService(repo, clock).page(GUILD, "kona")
    names = {e.name for e in page.entries}
    assert names == {"Ana", "Mesa (hard) [bot]"}  # once per level, marked; the unrated easy game is not there
    records = await mesa_records(repo, GUILD, ANA)
    assert [(r.level, r.games) for r in records] == [("easy", 1), ("hard", 1)]
    assert all(r.wins + r.losses + r.draws == 1 for r in records)
    # /stats of Mesa itself: the rated level's rating, then every level's record against the players
    mesa = await mesa_stats(LeaderboardService(repo, clock), GUILD, "en")
    assert [(level, s.game) for level, s in mesa.rated] == [("hard", "kona")]  # its chart's figures
    said = mesa.text.splitlines()
    assert said[0] == "Stats of Mesa (hard)" and said[1].startswith("Kona: rating ")
    assert not any("Mesa (easy)" in line for line in said[:-3])  # its game was unrated: no rating line
    assert said[-3] == "Mesa in this server, against its players (all games, rated or not):"
    assert said[-2].startswith("Mesa (easy): 1 game: ") and said[-1].startswith("Mesa (hard): 1 game: ")
    spanish = (await mesa_stats(LeaderboardService(repo, clock), GUILD + 1, "es")).text
    assert spanish == "Todavía no ha terminado ninguna partida contra Mesa en este servidor."  # another server
    await repo.close()


def test_record_against_each_level_counts_places() -> None:
    from data.models import ResultRow

    def row(table: int, seat: int, user: int, place: int) -> ResultRow:
        return ResultRow(table, seat, GUILD, "k3", user, place, "win" if place == 1 else "loss", "x", False, "t")

    hard, easy, easy2 = mesa_id("hard"), mesa_id("easy"), mesa_id("easy", 1)
    results = [row(1, 0, ANA, 1), row(1, 1, hard, 2),
               row(2, 0, ANA, 2), row(2, 1, hard, 1),
               row(3, 0, ANA, 2), row(3, 1, easy, 3), row(3, 2, easy2, 1), row(3, 3, BEN, 4),
               row(4, 0, BEN, 1), row(4, 1, hard, 2)]
    records = {r.level: (r.games, r.wins, r.losses, r.draws) for r in records_against_mesa(results, ANA)}
    assert records == {"hard": (2, 1, 1, 0), "easy": (1, 0, 1, 0)}
    # from Mesa's side, against every person at the table: table 3's easy seat placed first, ahead of Ana and Ben
    theirs = {r.level: (r.games, r.wins, r.losses, r.draws) for r in records_of_mesa(results)}
    assert theirs == {"hard": (3, 1, 2, 0), "easy": (1, 1, 0, 0)}
    tied = [row(5, 0, ANA, 1), row(5, 1, hard, 1), row(6, 0, easy, 1), row(6, 1, easy2, 2)]  # a draw; Mesa alone
    assert [(r.level, r.games, r.draws) for r in records_of_mesa(tied)] == [("hard", 1, 1)]
    assert "1 game: 0 won, 0 lost, 1 drawn" in records_of_mesa_text(records_of_mesa(tied), "en")


async def test_mesa_seats_get_no_private_post_and_build_at_once(tmp_path: Path) -> None:
    """K3-3.2: the deal gives every seat a private view; only the human's is sent; Mesa builds by itself."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [], {"bots": "2", "level": "easy"})
    tid = out[0].table_id
    private = [m for m in out if isinstance(m, PrivatePost)]
    assert [m.user_id for m in private] == [ANA]
    assert all(ANA in m.mention or not m.mention for m in out if isinstance(m, PublicPost))
    assert not any(is_mesa(u) for m in out if isinstance(m, PublicPost) for u in m.mention)
    later = await svc.play_mesa(tid)
    assert not any(isinstance(m, PrivatePost) and is_mesa(m.user_id) for m in later)
    assert (await svc.table_details(tid)).summary.turn_user_ids == (ANA,)
    await repo.close()


async def test_a_cooperative_k3_game_of_four_mesa_seats_ends(tmp_path: Path) -> None:
    """Four Mesa seats (the host seat too, set up directly in storage) play a cooperative game to its end."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    host = mesa_id("normal")
    options = {"seat": "random", "rated": False, "time_per_move": 86400, "game": {"cooperative": True}}
    tid = await repo.create_table(  # set up in storage: no front end opens a table for Mesa alone
        seats=mesa_seats(0, 0, 1, "normal"), guild_id=GUILD, channel_id=CHANNEL, game="k3",
        options=json.dumps(options), seed=99, status="open", host_id=host, now="2026-03-01T12:00:00.000000Z")
    await svc.fill_with_mesa(tid, host, "normal")
    await svc.play_mesa(tid)
    summary = (await svc.table_details(tid)).summary
    assert summary.status == "finished" and len(summary.players) == 4
    assert all(is_mesa(u) for u in summary.user_ids)
    results = await repo.get_results(tid)
    assert len(results) == 4 and not any(r.rated for r in results)
    assert len({r.place for r in results}) == 1  # one team: one result for all (K3 cooperative)
    await repo.close()


async def test_mesa_does_not_agree_to_draws(tmp_path: Path) -> None:
    import pytest

    from tables import TableError

    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "seat": "first"})
    with pytest.raises(TableError) as refused:
        await svc.offer_draw(out[0].table_id, ANA)
    assert refused.value.key == "error.mesa_plays_on"
    assert (await repo.load(out[0].table_id))[0].draw_offer is None  # type: ignore[union-attr]
    await repo.close()


async def test_when_mesa_moves_first_the_start_board_shows_no_deadline(tmp_path: Path) -> None:
    # Mesa never runs out of time (issue 17): the opening board says it is thinking, like every later
    # board where only Mesa is to act, and mentions nobody
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, FakeClock())
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "seat": "second"})
    board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
    assert board.key == "board.mesa_start" and not board.mention
    assert "deadline" not in t(board.key, "en", **board.params) and "Mesa" in t(board.key, "en", **board.params)
    await repo.close()


async def test_a_krakatoa_turn_of_mesa_posts_one_board_that_tells_every_step(tmp_path: Path) -> None:
    # KR-4.3: a turn is throw 1 (keep or rethrow), a set, then four aims; Mesa's turn posts its board
    # once, after its last decision, with every step in the caption, in words, the name said once (a board
    # after each would be seven pictures in a row); what happened on the way (a scratch, a Quake, a Rumble)
    # is told on that board too, after the moves and before whose turn it is (issue 28, items 3 and 13)
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, FakeClock(), seed=3)
    drawn: list[str] = []  # every picture the service draws (a held-back board needs none)
    svc.renderer = lambda game, view, names, **extra: drawn.append(view["position"]) or b"png"
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [], {"bots": "1", "seat": "first"})
    tid = out[0].table_id
    drawn.clear()
    engine = get_engine("krakatoa")
    row, _ = await repo.load(tid)
    assert row is not None
    rng = random.Random(4)
    turns = 0
    news_told = 0
    for _ in range(400):
        plies = len(await repo.get_moves(tid))
        messages = await svc.play_mesa(tid)
        log = await repo.get_moves(tid)
        logged = log[plies:]
        assert not [m for m in messages if isinstance(m, PublicPost) and m.key.startswith("event.")]
        boards = [m for m in messages if isinstance(m, PublicPost) and m.kind == "board"]
        decisions = [m for m in logged if m.seat >= 0]  # Mesa's own moves (chance moves have no seat)
        assert all(board.image == b"png" for board in boards)
        told = []  # each board's steps, in the order posted
        for board in boards:
            caption = said(board.params["moves"])
            assert caption.startswith("Mesa (normal) ") and caption.count("Mesa (normal)") == 1, caption  # said once
            assert "roll" not in caption and "/" not in caption  # words, not notation
            steps = [deed.words for deed in board.params["moves"] if deed.who]
            assert {deed.who for deed in board.params["moves"] if deed.who} == {"Mesa (normal)"}
            codes = [w.key.removeprefix("move.krakatoa.") for w in steps]
            if codes[0] == "throw":  # a turn: throw 1, keep or rethrow, a set and four aims (KR-4.3)
                turns += 1
                assert len(codes) >= 7 and codes[1] in ("keep", "rethrow"), codes
            else:  # the throw-off: each throw is its own (KR-4.1)
                assert len(codes) == 1 and codes[0].startswith("throwoff_"), codes
            told += [(code.removeprefix("set_").removeprefix("throwoff_"), w.params.get("die")) for code, w
                     in zip(codes, steps, strict=True)]
        expected = []
        for m in decisions:
            words = m.move.split()
            expected.append((f"aim_{words[2]}", words[1]) if words[0] == "aim" else (words[0], None))
        assert told == expected  # every decision told once, in order
        # the news of the whole turn is on its board, in the order it happened
        state = engine.new_game(2, row.seed, {})
        happened = []
        for ply, m in enumerate(log, 1):
            move = engine.parse_move(state, m.move)
            after = engine.apply(state, move)
            if ply > plies:
                happened += [code for code, _facts in engine.events(state, move, after)]
            state = after
        news = [line.key.removeprefix("event.krakatoa.") for board in boards for line in board.params["news"]]
        assert news == happened
        news_told += len(news)
        assert len(drawn) == len(boards)  # no picture drawn for a board held back
        drawn.clear()
        legal = await svc.legal_moves_for(tid, ANA)
        if not legal:
            break
        await svc.submit_move(tid, ANA, rng.choice(legal))
        drawn.clear()
    assert turns >= 5 and news_told >= 3
    # where every move is a turn of its own (the default; Kona) a board follows each of Mesa's moves
    assert not get_engine("kona").turn_goes_on(get_engine("kona").new_game(2, 1), 0)
    await repo.close()


class BrokenThinker(Thinker):
    """A search that fails, quoting what it was given (as a careless exception message might)."""

    async def choose(self, game: str, view: Any, seat: int, level: str, seed: int, **lane: Any) -> str:
        raise ValueError(f"cannot search {view}")


async def test_a_failed_search_plays_the_automatic_move_and_logs_no_view(tmp_path: Path, caplog: Any) -> None:
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = TableService(repo, clock, None, seed_source=lambda: 5, thinker=BrokenThinker(processes=False))
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "plateau", [], {"bots": "1", "seat": "second"})
    tid = out[0].table_id
    with caplog.at_level("ERROR"):
        await svc.play_mesa(tid)
    moves = await repo.get_moves(tid)
    assert len(moves) == 1 and moves[0].seat == 0  # Mesa placed its opening stack all the same
    assert "Mesa's search failed (ValueError)" in caplog.text
    assert "cannot search" not in caplog.text and "position" not in caplog.text
    await repo.close()


async def test_a_seat_that_went_out_is_played_by_the_easy_ai(tmp_path: Path) -> None:
    """K3 with three players: Cy resigns and goes out; Cy's later moves are Mesa's easy moves from Cy's view."""
    cy = USERS[2][0]
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    await svc.create(GUILD, CHANNEL, ANA, "Ana", "k3", [(BEN, "Ben"), (cy, "Cy")], {})
    await svc.accept(1, BEN)
    await svc.accept(1, cy)
    rng = random.Random(4)
    for uid in (ANA, BEN, cy):  # K3-3.2: everyone builds
        await svc.submit_move(1, uid, (await svc.propose(1, uid, rng=rng)).text)
    await svc.resign(1, cy)
    went_out = len(await repo.get_moves(1))
    for _ in range(300):
        summary = (await svc.table_details(1)).summary
        if summary.status == "finished":
            break
        uid = summary.turn_user_ids[0]
        await svc.submit_move(1, uid, (await svc.propose(1, uid, rng=rng)).text)
    assert (await svc.table_details(1)).summary.status == "finished"
    row, seats = await repo.load(1)
    assert row is not None
    seat = next(s.seat for s in seats if s.user_id == cy)
    engine = get_engine("k3")
    state = engine.new_game(3, row.seed, json.loads(row.options)["game"])
    checked = 0
    for m in await repo.get_moves(1):
        if m.seat == seat and m.ply > went_out:
            expected = ai.choose_move("k3", engine.view(state, seat), seat, "easy", ai.Budget(iterations=ITERATIONS),
                                      move_seed(row.seed, m.ply, seat, "timeout"))
            assert m.move == expected, m.ply
            checked += 1
        state = engine.apply(state, engine.parse_move(state, m.move))
    assert checked > 0
    await repo.close()


async def test_mesa_sent_its_move_twice_looks_again_instead_of_falling_back(tmp_path: Path) -> None:
    """Mesa's move refused as played already (the same move sent again at an old version: another process
    playing the same Mesa turn, a retry) is a board that moved on, as a stale one is: Mesa looks again and
    plays its own choice, never the fallback that a refusal of its move brings (the time-out's easy move)."""
    clock = FakeClock()
    repo = await open_repository(tmp_path / "mesa.db")
    svc = service(repo, clock)
    try:
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"bots": "1", "level": "hard", "seat": "first"})
        tid = out[0].table_id
        await svc.submit_move(tid, ANA, "a6-d3")
        submit, sent, fallbacks = svc.mesa.submit, [], []

        async def once_already_played(table: int, user: int, text: str, version: int) -> list[Any]:
            sent.append(text)
            if len(sent) == 1:
                raise TableError("error.already_played", move=text, table=table)
            return await submit(table, user, text, version)

        auto_move = svc.mesa.moves.auto_move

        def counted_auto_move(*args: Any) -> Any:
            fallbacks.append(args)
            return auto_move(*args)

        svc.mesa.submit = once_already_played
        svc.mesa.moves.auto_move = counted_auto_move  # type: ignore[method-assign]
        await svc.play_mesa(tid)
        moves = await repo.get_moves(tid)
        assert len(moves) == 2 and len(sent) == 2 and sent[0] == sent[1] == moves[1].move
        assert fallbacks == [], "Mesa played its own choice, not the fallback"
    finally:
        await repo.close()
