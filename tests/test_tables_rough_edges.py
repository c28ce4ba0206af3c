"""Rough edges a newcomer met (issue 28), each answered in words and tested through the service."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table

from cogs.command_words import in_discord_words
from data import Repository
from tables import PublicPost, Reminder, TableError, TableService, said, t

ANA, BEN, CY = USERS[0][0], USERS[1][0], USERS[2][0]


async def test_a_phone_keyboards_en_dash_is_read_as_the_notations_hyphen(tmp_path: Path) -> None:
    # issue 28, item 16: "a6–d3" typed on a phone was "not a move"
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "kona")
        out = await svc.submit_move(tid, ANA, "a6\u2013d3")
        board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
        assert "from a6 to d3" in said(board.params["moves"])
        assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
    finally:
        await svc.close()


@pytest.mark.parametrize(("typed", "meant"), [("knoa", "kona"), ("plateu", "plateau"), ("carpnices", "kona")])
async def test_a_misspelt_game_is_answered_with_the_game_meant(tmp_path: Path, typed: str, meant: str) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        with pytest.raises(TableError) as refused:
            await svc.create(GUILD, CHANNEL, ANA, "Ana", typed, [(BEN, "Ben")])
        assert f"did you mean {meant}?" in refused.value.message("en")
        assert f"¿querías decir {meant}?" in refused.value.message("es")
        assert await repo.tables_for_user(ANA, GUILD, ("invited", "open", "active")) == []
        with pytest.raises(TableError) as far:
            await svc.create(GUILD, CHANNEL, ANA, "Ana", "chess", [(BEN, "Ben")])
        assert "did you mean" not in far.value.message("en")
    finally:
        await svc.close()


async def test_a_level_without_a_mesa_seat_is_refused_and_nothing_is_opened(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        with pytest.raises(TableError) as refused:
            await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [(BEN, "Ben")], {"level": "hard"})
        assert refused.value.key == "error.level_without_mesa"
        assert "bots" in refused.value.message("en") and "bots" in refused.value.message("es")
        assert await repo.tables_for_user(ANA, GUILD, ("invited", "open", "active")) == []
        # where a level has a use it is taken: against Mesa, and an open table's "Fill with Mesa"
        assert await svc.create(GUILD, CHANNEL, ANA, "Ana", "kona", [], {"level": "hard", "bots": "1"})
        assert await svc.create(GUILD, CHANNEL, BEN, "Ben", "k3", [], {"level": "easy"})
    finally:
        await svc.close()


async def test_an_open_table_says_how_many_more_it_needs_or_that_it_can_start(tmp_path: Path) -> None:
    # issue 28, item 16: "(3/4, 2 needed)" with three seated read as two more needed
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        out = await svc.create(GUILD, CHANNEL, ANA, "Ana", "krakatoa", [])
        tid = out[0].table_id
        alone = t(out[0].key, "en", **out[0].params)
        assert "(1/4 seated; 1 more player needed to start;" in alone, alone
        assert "falta 1 jugador para empezar" in t(out[0].key, "es", **out[0].params)
        out = await svc.join(tid, BEN, "Ben")
        out += await svc.join(tid, CY, "Cy")
        update = next(m for m in out if m.key == "invite.open.update" and "Cy" in m.params["players"])
        said = t(update.key, "en", **update.params)
        assert "(3/4; the host can start now)" in said, said
        assert "needed" not in said
    finally:
        await svc.close()


async def test_the_first_reminder_says_how_much_of_the_time_has_passed(tmp_path: Path) -> None:
    # issue 28, item 16: "Half of your time … is gone: 1d left" was sent at 2 of 3 days
    clock = FakeClock()
    _repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        await start_table(svc, "kona", options={"time_per_move": "3d"})
        clock.advance(days=2)
        reminders = [m for m in await svc.tick() if isinstance(m, Reminder)]
        assert len(reminders) == 1
        said = t(reminders[0].key, "en", **reminders[0].params)
        assert said.startswith("You have used 2d of your 3d to move in Kona #1: 1d left"), said
        assert t(reminders[0].key, "es", **reminders[0].params).startswith("Has usado 2d de tus 3d")
    finally:
        await svc.close()


@pytest.mark.parametrize(("game", "players"), [("k3", 3), ("krakatoa", 2)])
async def test_boards_name_seats_as_the_pictures_number_them(tmp_path: Path, game: str, players: int) -> None:
    # issue 28, item 5: "Mesa (hard) [0] · Ana [1]" while the pictures' badges count from 1
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        _tid, out = await start_table(svc, game, players)
        board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
        names = [name for _, name in USERS[:players]]
        listed = board.params["players"]
        assert "[0]" not in listed
        assert sorted(listed.split(" · ")) == sorted(f"{n} [{i + 1}]" for i, n in enumerate(
            sorted(names, key=lambda n: listed.index(n)))), listed
    finally:
        await svc.close()


async def test_history_says_draw_lost_with_a_partner_and_lost_together(tmp_path: Path) -> None:
    # issue 28, item 6: "draw (place 1 of 2)", "lost (place 2 of 4)" for a partnership, and a cooperative
    # K3 loss read "draw (place 1 of 3)"
    import random

    from test_tables_service import play_out

    from tables.leaderboard import LeaderboardService, history_text

    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    board = LeaderboardService(repo)
    dee = USERS[3][0]
    try:
        kona, _ = await start_table(svc, "kona")
        await svc.submit_move(kona, ANA, "a6-d3")  # a draw agreed before any move would call the game off
        await svc.offer_draw(kona, ANA)
        await svc.offer_draw(kona, BEN)
        teams, _ = await start_table(svc, "krakatoa", 4, {"teams": "true"})
        await svc.resign(teams, BEN)  # Ben and his partner Dee lose; Ana and Cy win (KR-6.2)
        coop, _ = await start_table(svc, "k3", 3, {"cooperative": "true"})
        await play_out(svc, coop, random.Random(5))
        said = {uid: history_text(await board.history(GUILD, uid), name, "en", links=False) for uid, name in USERS}
        lines = {uid: {int(line.split()[0][1:]): line for line in text.splitlines()[1:]} for uid, text in said.items()}
        assert " · draw · " in lines[ANA][kona] and "place" not in lines[ANA][kona]
        partner = {ANA: "Cy", CY: "Ana", BEN: "Dee", dee: "Ben"}
        for uid, word in ((ANA, "won"), (CY, "won"), (BEN, "lost"), (dee, "lost")):
            assert f" · {word} with {partner[uid]}" in lines[uid][teams], lines[uid][teams]
        results = {r.user_id: r for r in await repo.get_results(coop)}
        assert len({r.outcome for r in results.values()}) == 1, "everyone won or lost together"
        together = "won together" if results[ANA].outcome == "win" else "lost together"
        for uid in (ANA, BEN, CY):
            assert f" · {together}" in lines[uid][coop], lines[uid][coop]
        spanish = history_text(await board.history(GUILD, BEN), "Ben", "es", links=False)
        assert "perdida con Dee" in spanish and "tablas" in spanish
    finally:
        await svc.close()


async def test_a_cancelled_table_says_cancelled_and_its_invitation_cannot_be_answered(tmp_path: Path) -> None:
    # issue 28, item 14: a cancelled table was followed by "the game is over", and accepting a cancelled
    # invitation said only that the table was "no longer running"
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "kona")
        out = await svc.abort(tid, ANA)
        board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
        said = t(board.key, "en", **board.params)
        assert "cancelled" in said and "over" not in said, said
        assert "se canceló" in t(board.key, "es", **board.params)
        invited = (await svc.create(GUILD, CHANNEL, ANA, "Ana", "plateau", [(BEN, "Ben")]))[0].table_id
        await svc.abort(invited, ANA)
        with pytest.raises(TableError) as refused:
            await svc.accept(invited, BEN)
        assert "Plateau #2 was cancelled" in refused.value.message("en")
        # leaving or joining a table that no longer runs said only "Table #1 is no longer running": it says how
        with pytest.raises(TableError) as refused:
            await svc.leave(tid, BEN)
        assert refused.value.message("en") == f"Table #{tid} was cancelled before its game ended: start a new one " \
            "with /play."
        assert refused.value.message("es").startswith(f"La mesa #{tid} se canceló antes de que terminara")
        over, _ = await start_table(svc, "kona")
        await svc.resign(over, BEN)
        for call in (svc.leave(over, ANA), svc.abort(over, ANA), svc.join(over, CY, "Cy")):
            with pytest.raises(TableError) as refused:
                await call
            assert refused.value.key == "error.game_over", refused.value.key
    finally:
        await svc.close()


def _kona_moves_to_a_win_in_one() -> list[str]:
    """Moves from Kona's start (plain random play, engine only) after which capybara (seat 0, Ana) is to
    move, can win at once (KO-6) and has moves that do not win: a move played at random may miss it."""
    import random

    from engines import get_engine

    engine = get_engine("kona")
    for seed in range(500):
        rng = random.Random(seed)
        state, played = engine.new_game(2, 0), []
        for _ in range(60):
            if engine.outcome(state) is not None:
                break
            moves = engine.legal_moves(state)
            if engine.to_move(state) == 0 and len(played) > 4:
                wins = [m for m in moves if (o := engine.outcome(engine.apply(state, m))) and o.winners == (0,)]
                if wins and len(wins) < len(moves):
                    return played
            safe = [m for m in moves if engine.outcome(engine.apply(state, m)) is None] or moves
            move = rng.choice(safe)
            played.append(engine.format_move(state, move))
            state = engine.apply(state, move)
    raise AssertionError("no position found")


async def test_auto_plays_what_a_time_out_plays_and_takes_a_win_in_one(tmp_path: Path) -> None:
    # issue 28, item 1: /auto played a random legal move, walking past a win (or into a loss) in Kona
    from data import open_repository
    from tables import TableService
    from tables.thinking import Thinker, iterations

    repo = await open_repository(str(tmp_path / "mesa.db"))
    svc = TableService(repo, FakeClock(), None, seed_source=lambda: 9,
                       thinker=Thinker(processes=False, budget=iterations(200), workers=1))
    try:
        tid, _ = await start_table(svc, "kona")
        for i, text in enumerate(_kona_moves_to_a_win_in_one()):
            await svc.submit_move(tid, (ANA, BEN)[i % 2], text)
        await svc.auto(tid, ANA)
        details = await svc.table_details(tid)
        assert details.summary.status == "finished"
        assert {r.user_id: r.outcome for r in await repo.get_results(tid)}[ANA] == "win"
        with pytest.raises(TableError) as refused:
            await svc.auto(tid, BEN)
        assert refused.value.key == "error.game_over"
    finally:
        await svc.close()


async def test_krakatoa_auto_plays_the_rules_auto_as_a_time_out_does(tmp_path: Path) -> None:
    """KR-8.4: ``auto`` is what the product plays on a time-out, and ``/auto`` plays what a time-out plays:
    every decision it makes is the engine's ``auto`` at that state (Mesa's easy level aims otherwise at times)."""
    from engines import get_engine

    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    engine = get_engine("krakatoa")
    try:
        tid, _ = await start_table(svc, "krakatoa", 2)
        for _ in range(120):
            board = await svc.board(tid)
            if not board.mention:
                break
            await svc.auto(tid, board.mention[0])
        row = await repo.get_table(tid)
        assert row is not None
        state = engine.new_game(2, row.seed, json.loads(row.options)["game"])
        decided = 0
        for m in await repo.get_moves(tid):
            move = engine.parse_move(state, m.move)
            if m.seat >= 0:
                assert move == engine.auto_move(state, m.seat), (m.ply, m.move)
                decided += 1
            state = engine.apply(state, move)
        assert decided > 60
    finally:
        await svc.close()


async def test_auto_builds_a_sensible_k3_pyramid(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "k3", 2)
        await svc.auto(tid, ANA)
        built = [m for m in await repo.get_moves(tid) if m.seat == 0]
        assert len(built) == 1 and built[0].move.startswith("build")
        with pytest.raises(TableError) as refused:
            await svc.auto(tid, ANA)  # built already: the other builder acts now (K3-3.2)
        assert refused.value.key == "error.not_your_turn"
    finally:
        await svc.close()


async def _to_ben(svc: TableService, repo: Repository, tid: int) -> None:
    """Ben plays his Krakatoa turn (his automatic choice each time) until someone else is to act, or until
    a move of Ana's was played for her after it (she is away: her turn came and went at once)."""
    ana_moves = len([m for m in await repo.get_moves(tid) if m.seat == 0])
    for _ in range(50):
        board = await svc.board(tid)
        played_for_ana = len([m for m in await repo.get_moves(tid) if m.seat == 0]) > ana_moves
        if board.mention != (BEN,) or played_for_ana:
            return
        await svc.submit_move(tid, BEN, "auto")
    raise AssertionError("Ben's turn did not end")


async def test_krakatoa_time_outs_play_the_turn_then_every_turn_until_the_player_is_back(tmp_path: Path) -> None:
    # issue 28, item 2: a time-out played one decision per deadline, each with a fresh deadline, so a player
    # who vanished held a six-round game for months (KR-8.4's auto is played for a seat whose time runs out)
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic", "time_per_move": "1d"})
        for _ in range(10):  # the throw-off (KR-4.1) until Ana is to act
            board = await svc.board(tid)
            if board.mention == (ANA,):
                break
            await svc.submit_move(tid, board.mention[0], "auto")
        assert (await svc.board(tid)).mention == (ANA,)
        plies = len(await repo.get_moves(tid))
        clock.advance(days=1, minutes=1)
        out = await svc.tick()
        assert any(m.key == "info.timeout_auto" for m in out)
        board = await svc.board(tid)
        assert board.mention == (BEN,), "the rest of Ana's turn was played at once"
        assert len([m for m in await repo.get_moves(tid) if m.seat == 0][plies:]) >= 1
        await _to_ben(svc, repo, tid)
        assert (await svc.board(tid)).mention == (ANA,), "a single time-out: Ana's next turn waits for her"
        clock.advance(days=1, minutes=1)
        out = await svc.tick()
        away = next(m for m in out if m.key == "info.timeout_away")
        assert "until they play a move again" in t(away.key, "en", **away.params)
        said_es = t(away.key, "es", **away.params)  # the console's /move, which a Spanish Discord shows as /mover
        assert "(/move)" in said_es and "(/mover)" in in_discord_words(said_es, "es")
        assert (await svc.board(tid)).mention == (BEN,)
        await _to_ben(svc, repo, tid)
        board = await svc.board(tid)
        assert board.mention == (BEN,), "away: Ana's whole turn was played as soon as it came"
        assert "Ana [1] (auto)" in board.params["players"]
        out = await svc.submit_move(tid, ANA, "steam")  # any move text: Ana acts again
        assert any(m.key == "info.back" for m in out)
        assert "(auto)" not in (await svc.board(tid)).params["players"]
        await _to_ben(svc, repo, tid)
        assert (await svc.board(tid)).mention == (ANA,), "back: her turns wait for her again"
    finally:
        await svc.close()


async def test_a_krakatoa_game_every_player_left_to_time_is_not_played_to_its_end_at_once(tmp_path: Path) -> None:
    """Away seats' turns are played as they come while someone plays on; when every player still in is away,
    nobody plays on: each turn waits for its deadline (said once), so a game nobody plays is not played to its
    end, and rated, in one tick (a time audit found six two-hour ticks finishing a three-player game)."""
    clock = FakeClock()
    _repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        tid, _ = await start_table(svc, "krakatoa", 3, {"time_per_move": "2h"})
        said: list[str] = []
        for _ in range(9):  # three time-outs each: every player away
            clock.advance(hours=2, minutes=1)
            said += [m.key for m in await svc.tick() if isinstance(m, PublicPost)]
        assert said.count("info.timeout_all_away") == 1, said  # the last one to go away: said once
        assert (await svc.table_details(tid)).summary.status == "active"
        turns = []
        for _ in range(3):  # from now on one turn a deadline: its player changes at each tick
            before = (await svc.board(tid)).mention
            clock.advance(hours=2, minutes=1)
            await svc.tick()
            turns.append(((await svc.board(tid)).mention, before))
        assert all(now != before and len(now) == 1 for now, before in turns)
        assert (await svc.table_details(tid)).summary.status == "active"
        text = t("info.timeout_all_away", "es", name="Ana", game="Krakatoa", table=tid)
        assert "ya no juega nadie" in text and "(/move)" in text and "(/mover)" in in_discord_words(text, "es")
    finally:
        await svc.close()


async def test_a_person_named_mesa_is_marked_so_as_not_to_pass_for_the_computer(tmp_path: Path) -> None:
    # issue 28, item 15: a Discord user called "Mesa" invited Ana as "Mesa invites Ana…"
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        out = await svc.create(GUILD, CHANNEL, ANA, "Mesa", "kona", [(BEN, "mesa 2 (hard)")])
        said = t(out[0].key, "en", **out[0].params)
        assert said.startswith("Mesa (player) invites mesa 2 (hard) (player) to a game of Kona"), said
        out = await svc.create(GUILD, CHANNEL, CY, "Mesalina", "krakatoa", [])
        assert out[0].params["host"] == "Mesalina"
    finally:
        await svc.close()


async def test_an_aim_at_an_equivalent_die_is_recorded_as_the_rules_write_it_and_said(tmp_path: Path) -> None:
    # issue 28, item 8: "aim s3 hard" was recorded as "aim s2 hard" (two dice of one set showing one colour are
    # one target, KR-10.3) with no word to the player
    from tables import MovePlayed

    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "krakatoa", 2, {"preset": "basic"})
        for _ in range(400):
            board = await svc.board(tid)
            assert board.mention, "the game ended before an equivalent aim came up"
            uid = board.mention[0]
            legal = await svc.legal_moves_for(tid, uid)
            aims = [m for m in legal if m.startswith("aim ") and m.endswith(" hard")]
            others = [f"aim {s}{i} hard" for s in "sal" for i in "123" if f"aim {s}{i} hard" not in legal]
            for typed in others if aims else []:
                try:
                    out = await svc.submit_move(tid, uid, typed)
                except TableError:
                    continue  # not a die, or not an equivalent one
                played = next(m for m in out if isinstance(m, MovePlayed))
                assert played.typed == typed and played.move in aims and played.move != typed
                assert not played.as_typed
                assert played.move in [m.move for m in await repo.get_moves(tid)]  # stored as the rules write it
                return
            await svc.submit_move(tid, uid, "auto")
        raise AssertionError("no equivalent aim came up")
    finally:
        await svc.close()


async def test_a_k3_seat_that_resigned_is_named_so_in_the_picture_while_the_game_goes_on(tmp_path: Path) -> None:
    # issue 28, item 14: after a resignation in a K3 game of three, the resigned seat's panel did not say so
    drawn: list[list[str]] = []

    def renderer(game: str, view: object, names: list[str], **extra: object) -> bytes:
        drawn.append(list(names))
        return b"png"

    _repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=renderer)
    try:
        tid, _ = await start_table(svc, "k3", 3)
        for uid, _name in USERS[:3]:
            await svc.submit_move(tid, uid, await svc.auto_build(tid, uid))
        drawn.clear()
        await svc.resign(tid, CY)
        assert drawn and "Cy (resigned)" in drawn[-1] and "Ana" in drawn[-1], drawn
    finally:
        await svc.close()


async def test_a_reminder_of_one_hour_is_said_in_the_singular(tmp_path: Path) -> None:
    """An hour gone or left reads as one: "1h ... have passed" (English), "Ya pasaron 1h", "solo quedan 1h"
    (Spanish) read "one hour have passed", "pasaron una hora", "quedan una hora"."""
    clock = FakeClock()
    _repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        await start_table(svc, "kona", options={"time_per_move": "10h"})
        clock.advance(hours=9)  # past 90%: the late reminder, 1h left
        [late] = [m for m in await svc.tick() if isinstance(m, Reminder)]
        assert late.params["left"] == "1h"
        spanish = t(late.key, "es", **late.params)
        assert "1h" in spanish and "quedan 1h" not in spanish, spanish
        await start_table(svc, "plateau", options={"time_per_move": "2h"})
        clock.advance(hours=1)  # half of Plateau's 2h: 1h gone, 1h left
        [half] = [m for m in await svc.tick() if isinstance(m, Reminder) and m.params["total"] == "2h"]
        english, spanish = t(half.key, "en", **half.params), t(half.key, "es", **half.params)
        assert "1h of your 2h" in english and "have passed" not in english, english
        assert "1h de tus 2h" in spanish and "pasaron 1h" not in spanish and "quedan 1h" not in spanish, spanish
    finally:
        await svc.close()


async def test_the_building_board_waits_for_several_in_good_spanish(tmp_path: Path) -> None:
    """K3's building board in Spanish named those still to build with a singular verb: "falta Cy, Ben"."""
    clock = FakeClock()
    _repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        _tid, out = await start_table(svc, "k3", 3, {"time_per_move": "1d"})
        board = next(m for m in reversed(out) if isinstance(m, PublicPost) and m.key.startswith("board.build"))
        spanish = t(board.key, "es", **board.params)
        assert "falta " not in spanish, spanish
        assert "2026-03-02 12:00 UTC" in spanish, spanish
    finally:
        await svc.close()


async def test_a_time_per_move_of_three_units_is_said_whole(tmp_path: Path) -> None:
    """time_per_move=1d1h30m was announced as "1d 1h per move" and reminders said "of your 1d 1h": half an
    hour less than the table has."""
    clock = FakeClock()
    _repo, svc = await open_service(str(tmp_path / "mesa.db"), clock)
    try:
        _tid, out = await start_table(svc, "kona", options={"time_per_move": "1d1h30m"})
        invite = next(m for m in out if isinstance(m, PublicPost) and m.key.startswith("invite.challenge"))
        assert "1d 1h 30m per move" in t(invite.key, "en", **invite.params)
        clock.advance(hours=13)  # past half of 25h 30m
        [half] = [m for m in await svc.tick() if isinstance(m, Reminder)]
        assert half.params["total"] == "1d 1h 30m"
    finally:
        await svc.close()


@pytest.mark.parametrize(("lang", "bottom", "top"),
                         [("en", "Blue Mask", "Red Mask"), ("es", "Máscara azul", "Máscara roja")])
async def test_a_played_opening_is_confirmed_to_its_mover_with_the_piece_the_board_hides(
        tmp_path: Path, lang: str, bottom: str, top: str) -> None:
    # the public board hides an opening's bottom piece (PL-9.5); its mover is told what they played, both pieces
    from tables import MovePlayed

    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "plateau")
        opening = next(m for m in await svc.legal_moves_for(tid, ANA) if m.startswith("+bx.xr@"))
        out = await svc.submit_move(tid, ANA, opening)
        played = next(m for m in out if isinstance(m, MovePlayed))
        assert played.move == opening and played.does is not None
        mine = said(played.does, lang)
        assert bottom in mine and top in mine and opening[-2:] in mine, mine
        board = next(m for m in out if isinstance(m, PublicPost) and m.kind == "board")
        public = said(board.params["moves"], lang)
        assert bottom not in public and opening[-2:] in public, public
    finally:
        await svc.close()


async def test_a_move_whose_words_fail_is_played_and_confirmed_in_its_notation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # the words are a courtesy: a fault in them never refuses a sound move, nor loses it
    from engines import get_engine
    from tables import MovePlayed

    def broken(*_args: object) -> None:
        raise RuntimeError("no words today")

    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, _ = await start_table(svc, "kona")
        monkeypatch.setattr(type(get_engine("kona")), "own_move_words", broken)
        out = await svc.submit_move(tid, ANA, "a6-d3")
        played = next(m for m in out if isinstance(m, MovePlayed))
        assert played.move == "a6-d3" and played.does is None
        assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
        assert "no words for a kona move (RuntimeError)" in caplog.text and "a6-d3" not in caplog.text  # no move text
    finally:
        await svc.close()


async def test_players_named_together_are_a_list_in_the_readers_language(tmp_path: Path) -> None:
    """K3-3.2: several build at once.  A move out of turn then said "it is Ben, Cy's turn", and the board "waiting
    for Ben, Cy, Ana"; now "waiting for Ben and Cy" ("esperando a Ben y Cy")."""
    _repo, svc = await open_service(str(tmp_path / "mesa.db"))
    try:
        tid, out = await start_table(svc, "k3", 3)
        board = [m for m in out if isinstance(m, PublicPost) and m.kind == "board"][-1]
        assert board.key.startswith("board.build")
        assert "waiting for Ana, Ben and Cy" in t(board.key, "en", **board.params)
        await svc.submit_move(tid, ANA, await svc.auto_build(tid, ANA, "sensible"))
        with pytest.raises(TableError) as refused:
            await svc.submit_move(tid, ANA, "Ya5-a2")
        assert t(refused.value.key, "en", **refused.value.params) == "It is not your turn: waiting for Ben and Cy."
        assert t(refused.value.key, "es", **refused.value.params) == "No es tu turno: esperando a Ben y Cy."
    finally:
        await svc.close()
