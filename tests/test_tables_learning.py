"""Learning the games (issue 30) at the service level, on both storage backends: hints in unrated
games against Mesa (the right seat, from its view only, counted, said with the result, kept across a
restart), refused in words elsewhere; takebacks accepted, declined, lapsed, stale, refused after a
reveal (Plateau), at most three per player, Mesa's answers, and every one surviving a restart."""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import pytest
from pg_server import DbFactory
from test_tables_service import CHANNEL, GUILD, USERS, FakeClock, open_service, start_table

import ai
from data import learning
from data.__main__ import run
from data.factory import open_repository
from data.repository import Repository
from engines import get_engine
from engines.base import GameView
from tables import PrivatePost, PublicPost, TableError, TableService, t
from tables.leaderboard import LeaderboardService
from tables.takebacks import MAX_TAKEBACKS, history_lines
from tables.thinking import Thinker, iterations, move_seed

#: Kona's first move a6-d3 in words (KO-2.3: the corner tower has a capybara on a poodle)
A6_D3 = "moved from a6 to d3, uncovering a poodle on a6"

ANA, BEN = USERS[0][0], USERS[1][0]
ITERATIONS = 10


class Spy(Thinker):
    """Mesa's thinker, remembering every view it was given."""

    def __init__(self) -> None:
        super().__init__(processes=False, budget=iterations(ITERATIONS), workers=1)
        self.seen: list[tuple[GameView, int, str, int]] = []

    async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int, **lane: Any) -> str:
        self.seen.append((view, seat, level, seed))
        return await super().choose(game, view, seat, level, seed, **lane)


def mesa_service(repo: Repository, clock: FakeClock, thinker: Thinker | None = None) -> TableService:
    return TableService(repo, clock, None, seed_source=lambda: 77,
                        thinker=thinker or Thinker(processes=False, budget=iterations(ITERATIONS), workers=1))


async def against_mesa(svc: TableService, game: str = "kona", **options: str) -> int:
    out = await svc.create(GUILD, CHANNEL, ANA, "Ana", game, [], {"bots": "1", "seat": "first", "level": "easy",
                                                                   **options})
    return out[0].table_id


async def state_of(repo: Repository, tid: int) -> Any:
    """The table's state replayed from its log (the truth), independently of the service."""
    row, _ = await repo.load(tid)
    assert row is not None
    engine = get_engine(row.game)
    state = engine.new_game(2, row.seed, json.loads(row.options)["game"])
    for m in await repo.get_moves(tid):
        state = engine.apply(state, engine.parse_move(state, m.move))
    return state


def refusal(exc: pytest.ExceptionInfo[TableError]) -> str:
    return exc.value.key


# ==================================================================== hints
async def test_a_hint_against_mesa_is_mesas_move_from_the_seat_s_view_counted_and_said_with_the_result(
        db: DbFactory) -> None:
    clock = FakeClock()
    spy = Spy()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, clock, spy)
    tid = await against_mesa(svc)
    board = await svc.board(tid)
    assert "hint" in board.offers  # the Hint button under the board of the one person playing Mesa
    hint = await svc.hints.ask(tid, ANA)
    row, _ = await repo.load(tid)
    assert row is not None
    engine = get_engine("kona")
    state = engine.new_game(2, row.seed)
    view, seat, level, seed = spy.seen[-1]
    # Ana's seat, her view, Mesa's strongest level (the review's), whatever the table's Mesa plays at (easy here):
    # an easy table's hints were moves its review then called mistakes
    assert (seat, level) == (0, "hard") and view == engine.view(state, 0)
    assert seed == move_seed(row.seed, 1, 0, "hint")
    assert hint.move == ai.choose_move("kona", engine.view(state, 0), 0, "hard", ai.Budget(iterations=ITERATIONS),
                                       seed)
    assert hint.move in await svc.legal_moves_for(tid, ANA)
    text = t(hint.key, "en", **hint.params)
    assert text.startswith(f"Hint for Kona #{tid}: {hint.move} (the board would say: Ana moved from {hint.move[:2]} ")
    assert "1 hint used in this game" in text
    assert "pista" in t(hint.key, "es", **hint.params)
    assert await repo.get_moves(tid) == []  # never played for her
    searched = len(spy.seen)
    assert (await svc.hints.ask(tid, ANA)).move == hint.move  # the same question, the same answer
    assert len(spy.seen) == searched  # given again, not searched again (a timed search varies with the load)
    assert await svc.hints.used(tid) == {0: 1}  # and not counted again: one hint was given
    await svc.submit_move(tid, ANA, hint.move)
    await svc.play_mesa(tid)
    await svc.hints.ask(tid, ANA)
    await repo.close()

    repo = await open_repository(db("mesa.db"))  # a restart: the count is stored
    svc = mesa_service(repo, clock)
    assert await svc.hints.used(tid) == {0: 2}
    out = await svc.resign(tid, ANA)
    result = next(m for m in out if isinstance(m, PublicPost) and m.kind == "result")
    said = t(result.key, "en", **result.params)
    assert said.startswith("Mesa (easy) wins Kona") and said.endswith("\nAna used 2 hints.")
    assert t(result.key, "es", **result.params).endswith("\nAna: 2 pistas usadas.")
    await repo.close()


async def test_two_asks_of_one_hint_at_once_are_one_hint(db: DbFactory) -> None:
    """A double click on Hint (two asks at once, before either is kept): one hint given, counted once, the same
    move told to both; the next position's hint counts again."""
    import asyncio

    class Racing(Thinker):
        """Both asks search at once, and (a timed search varies) come back with different moves."""

        def __init__(self) -> None:
            super().__init__(processes=False, budget=iterations(ITERATIONS), workers=1)
            self.answers = ["a6-d3", "a6-a5"]  # two legal first moves
            self.both = asyncio.Event()
            self.waiting = 0

        async def choose(self, game: str, view: GameView, seat: int, level: str, seed: int, **lane: Any) -> str:
            if level != "hard":  # Mesa's own moves
                return await super().choose(game, view, seat, level, seed, **lane)
            self.waiting += 1
            if self.waiting == 2:
                self.both.set()
            await self.both.wait()
            return self.answers.pop(0) if self.answers else await super().choose(game, view, seat, level, seed)

    clock = FakeClock()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, clock, Racing())
    tid = await against_mesa(svc)
    first, second = await asyncio.gather(svc.hints.ask(tid, ANA), svc.hints.ask(tid, ANA))
    assert first.move == second.move and (first.used, second.used) == (1, 1)  # the first kept, told to both
    assert await svc.hints.used(tid) == {0: 1}
    await svc.submit_move(tid, ANA, first.move)
    await svc.play_mesa(tid)
    assert (await svc.hints.ask(tid, ANA)).used == 2
    await repo.close()


async def test_a_plateau_hint_says_the_move_in_words_too(db: DbFactory) -> None:
    """The hint gives the move to type (the asker's own faces in it, private) and, where the game has them,
    its words as the boards would tell it (PL-9.5: only the up face)."""
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, FakeClock())
    try:
        tid = await against_mesa(svc, "plateau")
        hint = await svc.hints.ask(tid, ANA)
        engine = get_engine("plateau")
        state = await state_of(repo, tid)
        move = engine.parse_move(state, hint.move)  # PL-2.2: an opening, "+<bottom>.<top>@<square>"
        top, square = hint.move.split(".")[1].split("@")
        faces = {"r": "red", "b": "blue", "o": "orange", "x": "blank"}
        face, bottom_face = faces[top[0]], faces[hint.move[1]]
        text = t(hint.key, "en", **hint.params)
        # PL-9.2: the asker knows both pieces, and reads them by name first; then what the board will say
        piece = "[A-Z][a-z]+( Mask)?"
        assert re.match(rf"Hint for Plateau #{tid}: {re.escape(hint.move)} \(Open on {square}: your {piece}, "
                        rf"{face} face up, on your {piece}, {bottom_face} face up; the board would say: Ana "
                        rf"opened with a stack of two on {square}, {face} face up\) — ", text), text
        assert engine.move_words(state, move)[0] == "open"
        spanish = t(hint.key, "es", **hint.params)
        assert spanish.startswith(f"Pista para Plateau #{tid}: {hint.move} (Abrir en {square}: ")
        assert "; el tablero diría: Ana abrió con una pila de dos en" in spanish
    finally:
        await repo.close()


async def test_hints_are_refused_in_rated_games_between_people_and_out_of_turn(db: DbFactory) -> None:
    clock = FakeClock()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, clock)
    await svc.set_guild_settings(GUILD, rate_mesa=True)
    rated = await against_mesa(svc)
    assert "hint" not in (await svc.board(rated)).offers
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(rated, ANA)
    assert refusal(exc) == "error.hint_rated" and "unrated games against Mesa" in exc.value.message()
    await svc.set_guild_settings(GUILD, rate_mesa=False)
    people, _ = await start_table(svc, "kona", 2, {"rated": "false"})
    assert "hint" not in (await svc.board(people)).offers
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(people, ANA)
    assert refusal(exc) == "error.hint_people"
    # said with whom, in each language: the asker is not among them
    assert f"at table #{people} you play with Ben:" in exc.value.message()
    assert f"en la mesa #{people} juegas con Ben:" in exc.value.message("es")
    three, _ = await start_table(svc, "k3", 3, {"rated": "false"})
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(three, 102)  # Ben asks: Ana and Cy play there too
    assert f"at table #{three} you play with Ana and Cy:" in exc.value.message()
    assert f"en la mesa #{three} juegas con Ana y Cy:" in exc.value.message("es")
    unrated = await against_mesa(svc, seat="second")  # Mesa moves first
    await svc.play_mesa(unrated)
    await svc.submit_move(unrated, ANA, (await svc.legal_moves_for(unrated, ANA))[0])  # Mesa to move now
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(unrated, ANA)
    assert refusal(exc) == "error.not_your_turn"
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(unrated, BEN)
    assert refusal(exc) == "error.not_seated"
    await svc.resign(unrated, ANA)
    with pytest.raises(TableError) as exc:
        await svc.hints.ask(unrated, ANA)
    assert refusal(exc) == "error.game_over"
    for tid in (rated, people, unrated):
        assert await svc.hints.used(tid) == {}  # nothing counted for a refusal
    await repo.close()


# ==================================================================== takebacks
async def test_a_hint_at_a_position_a_takeback_returned_to_is_the_same_hint_not_counted_again(db: DbFactory) -> None:
    """Hint, play, take it back (Mesa agrees), hint again at the very same position: the same move, and still one
    hint used (it was counted again, the table's version having changed, and the result said "2 hints"); a new
    position is a new hint."""
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, FakeClock())
    tid = await against_mesa(svc)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.play_mesa(tid)
    first = await svc.hints.ask(tid, ANA)
    await svc.submit_move(tid, ANA, first.move)
    await svc.play_mesa(tid)
    await svc.takebacks.ask(tid, ANA)  # Mesa agrees at once: back to the position of the hint
    again = await svc.hints.ask(tid, ANA)
    assert again.move == first.move and again.version != first.version
    assert await svc.hints.used(tid) == {0: 1}
    assert "1 hint used in this game" in t(again.key, "en", **again.params)
    await svc.submit_move(tid, ANA, first.move)
    await svc.play_mesa(tid)
    await svc.hints.ask(tid, ANA)  # a position not hinted at before
    assert await svc.hints.used(tid) == {0: 2}
    await repo.close()


async def test_mesa_accepts_a_takeback_at_once_in_an_unrated_game_and_it_survives_a_restart(db: DbFactory) -> None:
    clock = FakeClock()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, clock)
    tid = await against_mesa(svc)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.play_mesa(tid)
    await svc.submit_move(tid, ANA, (await svc.legal_moves_for(tid, ANA))[0])
    await svc.play_mesa(tid)
    before = await repo.get_moves(tid)
    assert len(before) == 4
    version = (await svc.board(tid)).version
    clock.advance(minutes=5)
    out = await svc.takebacks.ask(tid, ANA)
    info, board = out[0], out[1]
    assert isinstance(info, PublicPost) and info.key == "info.takeback_accepted"
    said = t(info.key, "en", **info.params)
    assert said.startswith(f"Mesa (easy) agreed, and at Kona #{tid} this is taken back: Ana moved from "
                           f"{before[2].move[:2]} ") and f" · Mesa (easy) moved from {before[3].move[:2]} " in said
    assert isinstance(board, PublicPost) and board.kind == "board" and board.version == version + 1
    assert board.mention == (ANA,) and not board.mesa_next  # Ana to move again, at ply 2
    assert [m.move for m in await repo.get_moves(tid)] == [m.move for m in before[:2]]
    engine = get_engine("kona")
    assert await svc.legal_moves_for(tid, ANA) == sorted(
        engine.format_move(s, m) for s in [await state_of(repo, tid)] for m in engine.legal_moves(s))
    await repo.close()

    repo = await open_repository(db("mesa.db"))  # a restart: the log, the snapshot and the archive agree
    svc = mesa_service(repo, clock)
    row, _ = await repo.load(tid)
    assert row is not None and row.version == version + 1
    assert json.loads(row.state or "{}") == engine.to_json(await state_of(repo, tid))
    [kept] = await learning.takebacks(repo, tid)
    assert (kept.seat, kept.status, kept.answered_by) == (0, "accepted", 1)
    assert [(m.ply, m.seat, m.move) for m in kept.moves] == [(m.ply, m.seat, m.move) for m in before[2:]]
    lines = history_lines(await svc.takebacks.history(tid), "en")
    # in words, as the boards told them (KO-4.1: from and to), though the moves left the log
    assert lines[0] == "Takebacks:" and lines[1].startswith(
        f"1. 2026-03-01 12:05 UTC, Ana asked to take back: Ana moved from {before[2].move[:2]} ")
    assert f" · Mesa (easy) moved from {before[3].move[:2]} " in lines[1]
    assert lines[1].endswith(". Answer: taken back, Mesa (easy) agreed")
    await svc.submit_move(tid, ANA, (await svc.legal_moves_for(tid, ANA))[-1])  # play goes on from there
    await svc.play_mesa(tid)
    after = await repo.get_moves(tid)
    assert len(after) == 4 and after[2].move != before[2].move
    await svc.resign(tid, ANA)
    replay = await LeaderboardService(repo, clock).replay(GUILD, tid)  # the replay shows the final line
    assert [v["ply"] for v in replay.views] == [0, 1, 2, 3, 4]
    assert [v["last_move"] for v in replay.views[1:]] == [m.move for m in after]
    await repo.close()
    out, err = io.StringIO(), io.StringIO()
    assert await run(["verify", db("mesa.db")], out, err) == 0, err.getvalue()
    assert "MISMATCH" not in out.getvalue() and "replay: 1 of 1 started tables replay" in out.getvalue()


async def test_a_request_on_the_askers_own_turn_says_their_clock_runs_and_history_says_it_went_unanswered(
        db: DbFactory) -> None:
    """A takeback asked on one's own turn leaves one's clock running while the answer waits (Ana lost on time
    waiting, told nothing): the request says so, and how to play on; asked on the opponent's turn it says nothing
    of it.  ``/history`` of a request the game ended on says "unanswered when the game ended", not "the game went
    on"."""
    clock = FakeClock()
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, clock)
    tid, _ = await start_table(svc, "kona", 2, {"time_per_move": "1h"})
    await svc.submit_move(tid, ANA, "a6-d3")
    [asked] = await svc.takebacks.ask(tid, ANA)  # Ben's turn: Ben's clock runs, and Ben answers
    assert asked.params["clock"] == ""
    await svc.takebacks.decline(tid, BEN)
    await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])
    [asked] = await svc.takebacks.ask(tid, ANA)  # Ana's own turn
    said = t(asked.key, "en", **asked.params)
    assert said.endswith("Ana's clock keeps running meanwhile: with no answer, Ana can play on with /move, which "
                         "withdraws the request."), said
    assert "el reloj de Ana sigue corriendo" in t(asked.key, "es", **asked.params)
    clock.advance(hours=1, minutes=1)
    await svc.tick()  # Ben never answered: Ana's time ran out
    assert (await repo.get_table(tid)).status == "finished"  # type: ignore[union-attr]
    lines = history_lines(await svc.takebacks.history(tid), "en")
    assert lines[1].endswith("Answer: Ben declined") and lines[2].endswith("Answer: unanswered when the game ended")
    assert history_lines(await svc.takebacks.history(tid), "es")[2].endswith("sin respuesta cuando terminó la partida")
    await repo.close()


async def test_mesa_declines_in_a_rated_game(db: DbFactory) -> None:
    repo = await open_repository(db("mesa.db"))
    svc = mesa_service(repo, FakeClock())
    await svc.set_guild_settings(GUILD, rate_mesa=True)
    tid = await against_mesa(svc)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.play_mesa(tid)
    out = await svc.takebacks.ask(tid, ANA)
    assert [m.key for m in out if isinstance(m, PublicPost)] == ["info.takeback_mesa_declined"]
    assert len(await repo.get_moves(tid)) == 2
    assert [r.status for r in await learning.takebacks(repo, tid)] == ["declined"]
    await repo.close()


async def test_between_people_declined_lapsed_stale_accepted_and_at_most_three(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "kona", 2)
    with pytest.raises(TableError) as exc:
        await svc.takebacks.ask(tid, ANA)
    assert refusal(exc) == "error.takeback_nothing"
    await svc.submit_move(tid, ANA, "a6-d3")
    out = await svc.takebacks.ask(tid, ANA)  # 1: Ben declines
    [asked] = out
    assert isinstance(asked, PublicPost) and asked.key == "info.takeback_asked"
    assert asked.mention == (BEN,) and asked.components_hint == "takeback"
    assert t(asked.key, "en", **asked.params) == (f"Ana asks to take back at Kona #{tid}: Ana {A6_D3}. Accept or "
                                                  "decline? (Ana may ask 2 more times in this game.)")
    with pytest.raises(TableError) as exc:
        await svc.takebacks.ask(tid, ANA)
    assert refusal(exc) == "error.takeback_pending"
    with pytest.raises(TableError) as exc:
        await svc.takebacks.accept(tid, ANA)
    assert refusal(exc) == "error.takeback_own"
    out = await svc.takebacks.decline(tid, BEN, asked.version)
    [declined] = [m for m in out if isinstance(m, PublicPost)]
    assert t(declined.key, "en", **declined.params) == (f"Ben declined the takeback at Kona #{tid}, so this stands: "
                                                        f"Ana {A6_D3}. The game goes on.")
    assert len(await repo.get_moves(tid)) == 1
    with pytest.raises(TableError) as exc:  # accepting what Ben has just declined: answered already, and how
        await svc.takebacks.accept(tid, BEN)
    assert refusal(exc) == "error.takeback_answered" and "(Ben declined)" in exc.value.message("en")

    [asked] = await svc.takebacks.ask(tid, ANA)  # 2: Ben moves instead of answering: the request lapses
    await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])
    with pytest.raises(TableError) as exc:  # Ben never asked: told whose request lapsed, not to "ask again"
        await svc.takebacks.accept(tid, BEN)
    assert refusal(exc) == "error.takeback_lapsed_theirs"
    assert exc.value.message("en") == (f"Ana's takeback request at table #{tid} lapsed when the game went on, so "
                                       "there is nothing to answer.")
    assert exc.value.message("es").startswith("La petición de deshacer de Ana en la mesa")
    with pytest.raises(TableError) as exc:  # Ana, who asked, may ask again
        await svc.takebacks.decline(tid, ANA)
    assert refusal(exc) == "error.takeback_lapsed" and "Ask again" in exc.value.message("en")

    [asked] = await svc.takebacks.ask(tid, ANA)  # 3: Ana's move and Ben's reply (on her turn: her clock runs)
    assert "(It is Ana's last takeback request in this game.) Ana's clock keeps running" in t(asked.key, "en",
                                                                                               **asked.params)
    assert "(Es la última vez que Ana puede pedirlo en esta partida.) Mientras tanto" in t(asked.key, "es",
                                                                                             **asked.params)
    await svc.submit_move(tid, ANA, (await svc.legal_moves_for(tid, ANA))[0])  # she moves on meanwhile
    with pytest.raises(TableError) as exc:
        await svc.takebacks.accept(tid, BEN, asked.version)  # the button's version is stale now
    assert refusal(exc) == "error.stale" and exc.value.board is not None
    assert len(await repo.get_moves(tid)) == 3  # nothing changed
    with pytest.raises(TableError) as exc:
        await svc.takebacks.ask(tid, ANA)  # a fourth request
    assert refusal(exc) == "error.takeback_limit" and str(MAX_TAKEBACKS) in exc.value.message()

    [asked] = await svc.takebacks.ask(tid, BEN)  # Ben's own count: his first; Ana accepts
    out = await svc.takebacks.accept(tid, ANA, asked.version)
    assert next(m.key for m in out if isinstance(m, PublicPost)) == "info.takeback_accepted"
    moves = await repo.get_moves(tid)
    assert len(moves) == 1 and moves[0].move == "a6-d3"  # Ben's move and Ana's reply taken back
    assert [r.status for r in await learning.takebacks(repo, tid)] == ["declined", "pending", "pending", "accepted"]
    lines = history_lines(await svc.takebacks.history(tid), "es")
    assert lines[0] == "Jugadas deshechas:" and lines[1].endswith(": Ben rechazó")
    assert lines[2].endswith("caducó (la partida siguió)") and lines[4].endswith("deshecho, Ana aceptó")
    await repo.close()


async def test_games_lists_a_draw_offer_and_a_takeback_waiting_for_an_answer(db: DbFactory) -> None:
    # /games said only "your turn": a player back after days did not see that the game waited for their yes or
    # no; the request lasts as long as it can be answered (a move ends both, a refusal its own)
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "kona", 2)

    async def asks(uid: int = BEN) -> list[tuple[str, int, str]]:
        [summary] = [s for s in await svc.active_tables(uid, GUILD) if s.table_id == tid]
        return [(a.kind, a.user_id, a.name) for a in summary.asks]

    assert await asks() == []
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.offer_draw(tid, ANA)
    await svc.takebacks.ask(tid, ANA)
    assert await asks() == await asks(ANA) == [("draw", ANA, "Ana"), ("takeback", ANA, "Ana")]
    await svc.decline_draw(tid, BEN)
    assert await asks() == [("takeback", ANA, "Ana")]
    await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])  # the request lapses
    assert await asks() == []
    assert [r.status for r in await learning.takebacks(repo, tid)] == ["pending"]  # as stored: lapsed by version
    await svc.offer_draw(tid, BEN)
    await svc.resign(tid, ANA)  # a finished game is listed no more, offers and all
    assert [s for s in await svc.active_tables(BEN, GUILD) if s.table_id == tid] == []
    assert await learning.pending_takebacks(repo, []) == {}
    await repo.close()


async def test_a_pending_request_is_answered_after_a_restart(db: DbFactory) -> None:
    clock = FakeClock()
    path = db("mesa.db")
    repo, svc = await open_service(path, clock)
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, ANA, "a6-d3")
    await svc.submit_move(tid, BEN, (await svc.legal_moves_for(tid, BEN))[0])
    [asked] = await svc.takebacks.ask(tid, BEN)
    await repo.close()
    repo, svc = await open_service(path, clock)
    out = await svc.takebacks.accept(tid, ANA, asked.version)
    assert isinstance(out[1], PublicPost) and out[1].mention == (BEN,)
    await repo.close()
    repo, svc = await open_service(path, clock)
    assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
    assert (await svc.board(tid)).mention == (BEN,)
    assert len(await svc.legal_moves_for(tid, BEN)) == 26  # KO-10 E2: the position after a6-d3 again
    await repo.close()


async def test_no_takebacks_where_chance_plays(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "krakatoa", 2)
    with pytest.raises(TableError) as exc:
        await svc.takebacks.ask(tid, ANA)
    assert refusal(exc) == "error.no_takebacks" and "two players without chance" in exc.value.message()
    await repo.close()


async def test_plateau_a_move_that_showed_a_face_is_not_taken_back_one_that_did_not_is(db: DbFactory) -> None:
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "plateau", 2)
    engine = get_engine("plateau")
    state = await state_of(repo, tid)
    opening = engine.legal_moves(state)[0]
    await svc.submit_move(tid, ANA, engine.format_move(state, opening))  # an opening (PL-9.3 a)
    with pytest.raises(TableError) as exc:
        await svc.takebacks.ask(tid, ANA)
    assert refusal(exc) == "error.takeback_revealed" and "cannot be unseen" in exc.value.message()
    # the move that showed the face is named as the board told it: its square and the up face all now see (PL-9.3a)
    square = engine.format_move(state, opening).split("@")[1][:2]
    assert f"a face hidden until then was shown (Ana opened with a stack of two on {square}, " in exc.value.message()
    assert await learning.takebacks(repo, tid) == []  # not counted: nothing was asked of Ben
    rng = random.Random(2)
    users = {0: ANA, 1: BEN}
    for _ in range(300):  # play on until a move shows nothing new, then take it back
        state = await state_of(repo, tid)
        seat = engine.to_move(state)
        quiet = [m for m in engine.legal_moves(state) if not engine.reveals(state, m)
                 and engine.outcome(engine.apply(state, m)) is None]
        if quiet and seat == 0:
            break
        await svc.submit_move(tid, users[seat], engine.format_move(state, rng.choice(engine.legal_moves(state))))
    else:
        raise AssertionError("no quiet move for Ana")
    move = engine.format_move(state, quiet[0])
    plies = len(await repo.get_moves(tid))
    await svc.submit_move(tid, ANA, move)
    [asked] = await svc.takebacks.ask(tid, ANA)
    out = await svc.takebacks.accept(tid, BEN, asked.version)
    assert out[0].key == "info.takeback_accepted"  # type: ignore[union-attr]
    assert len(await repo.get_moves(tid)) == plies
    assert engine.to_json(await state_of(repo, tid)) == engine.to_json(state)
    assert not [m for m in out if isinstance(m, PrivatePost) and m.user_id not in (ANA, BEN)]
    await repo.close()


async def test_plateau_private_views_go_again_to_the_players_whose_secrets_changed(db: DbFactory) -> None:
    """PL-7.3: an exchange completed (``return``) puts pieces back in both hidden reserves without showing a
    face; taken back, both players get their own view again (and nobody else does)."""
    from engines.plateau import K_RETURN

    engine = get_engine("plateau")
    rng, state, line = random.Random(0), engine.new_game(2), []
    while not (engine.to_move(state) == 0 and any(m[0] == K_RETURN for m in engine.legal_moves(state))):
        move = rng.choice(engine.legal_moves(state))
        line.append((engine.to_move(state), engine.format_move(state, move)))
        state = engine.apply(state, move)
    back = next(m for m in engine.legal_moves(state) if m[0] == K_RETURN)
    assert not engine.reveals(state, back) and engine.private_changes(state, back) == (0, 1)
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "plateau", 2)
    for seat, text in line:
        await svc.submit_move(tid, (ANA, BEN)[seat], text)
    await svc.submit_move(tid, ANA, engine.format_move(state, back))
    [asked] = await svc.takebacks.ask(tid, ANA)
    out = await svc.takebacks.accept(tid, BEN, asked.version)
    private = [m for m in out if isinstance(m, PrivatePost)]
    assert sorted(m.user_id for m in private) == [ANA, BEN]
    for m in private:
        seat = 0 if m.user_id == ANA else 1
        assert m.params["position"] == engine.view(state, seat)["position"]  # the view before the return
    await repo.close()


async def test_an_accept_and_a_move_in_two_processes_one_wins(db: DbFactory) -> None:
    """Two processes on one database: Ben accepts in one while Ana's move lands in the other first; the
    version check in the takeback's transaction refuses the stale accept, and nothing is half-written."""
    path = db("mesa.db")
    repo_a, svc_a = await open_service(path)
    tid, _ = await start_table(svc_a, "kona", 2)
    await svc_a.submit_move(tid, ANA, "a6-d3")
    await svc_a.submit_move(tid, BEN, (await svc_a.legal_moves_for(tid, BEN))[0])
    [asked] = await svc_a.takebacks.ask(tid, BEN)
    repo_b, svc_b = await open_service(path)
    assert await svc_b.legal_moves_for(tid, ANA)  # process b has the table cached at the request's version
    await svc_a.submit_move(tid, ANA, (await svc_a.legal_moves_for(tid, ANA))[0])
    with pytest.raises(TableError) as exc:
        await svc_b.takebacks.accept(tid, ANA, asked.version)
    assert refusal(exc) == "error.stale"
    assert len(await repo_b.get_moves(tid)) == 3
    assert [r.status for r in await learning.takebacks(repo_b, tid)] == ["pending"]
    await repo_a.close()
    await repo_b.close()


async def test_the_data_layer_refuses_a_stale_takeback_itself(db: DbFactory) -> None:
    """``take_back`` checks the version in its transaction: a caller that read an old version writes nothing."""
    repo, svc = await open_service(db("mesa.db"))
    tid, _ = await start_table(svc, "kona", 2)
    await svc.submit_move(tid, ANA, "a6-d3")
    [asked] = await svc.takebacks.ask(tid, ANA)
    archived = [learning.ArchivedMove(1, 0, "a6-d3", "a6-d3")]
    from data.errors import StaleVersion

    with pytest.raises(StaleVersion):
        await learning.take_back(repo, tid, 1, asked.version - 1, 1, archived, "{}", 1, "2026-03-01T12:00:00.000000Z")
    with pytest.raises(StaleVersion):  # the log holds more than what the caller read: nothing is deleted
        await learning.take_back(repo, tid, 1, asked.version, 1, [], "{}", 1, "2026-03-01T12:00:00.000000Z")
    assert [m.move for m in await repo.get_moves(tid)] == ["a6-d3"]
    assert [r.status for r in await learning.takebacks(repo, tid)] == ["pending"]
    await repo.close()


async def test_a_takeback_asked_at_a_version_the_table_has_left_is_refused_and_writes_nothing(db: DbFactory) -> None:
    """Another process plays between this one's load and its request (the per-process lock does not see it): the
    request's own version check refuses it, as the move's does, and nothing is recorded."""
    from data.errors import StaleVersion

    repo, svc = await open_service(db())
    try:
        tid, _ = await start_table(svc, "kona")
        ana, ben = USERS[0][0], USERS[1][0]
        await svc.submit_move(tid, ana, (await svc.legal_moves_for(tid, ana))[0])
        stale = (await repo.get_table(tid)).version
        await svc.submit_move(tid, ben, (await svc.legal_moves_for(tid, ben))[0])  # the other process's move
        with pytest.raises(StaleVersion):
            await learning.ask_takeback(repo, tid, 0, stale, [], "2026-03-01T12:00:00.000000Z")
        assert await learning.takebacks(repo, tid) == []
    finally:
        await svc.close()
        await repo.close()
