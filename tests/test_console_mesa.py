"""Playing Mesa through the console (issues 17 and 18): every level of Kona and Krakatoa, K3 with three
Mesa seats, filling an open table, and Plateau without a leak of Mesa's hidden faces.

Mesa searches with a small iteration budget here, so its moves are the same on every run; each is
checked against ``ai.choose_move`` asked directly with the seat's own view, which proves the
service asked from that view (and nothing more) with a seed derived from the table and the ply.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import ai
from console import Console, PretendClock, user_id_for
from data.factory import open_repository
from data.repository import Repository
from engines import get_engine
from tables import TableService
from tables.mesa import is_mesa, level_of, mesa_name
from tables.thinking import Thinker, iterations, move_seed

ITERATIONS = 12
MAX_LINES = 600


async def open_console(tmp_path: Path, seed: int = 5) -> tuple[Repository, TableService, Console, list[str]]:
    repo = await open_repository(tmp_path / "console.db")
    clock = PretendClock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    seeds = random.Random(seed)
    svc = TableService(repo, clock, None, seed_source=lambda: seeds.getrandbits(62),
                       thinker=Thinker(processes=False, budget=iterations(ITERATIONS)))
    out: list[str] = []
    return repo, svc, Console(svc, clock, None, out.append, positions=True), out


async def play_until_over(con: Console, svc: TableService, name: str, tid: int, *, build: bool = False) -> None:
    """``name`` answers with /build or /auto whenever it is their turn, until the table is over."""
    uid = user_id_for(name)
    for _ in range(MAX_LINES):
        details = await svc.table_details(tid)
        if details.summary.status == "finished":
            return
        assert uid in details.summary.turn_user_ids, f"Mesa did not move: {details.summary.turn}"
        building = build and not await svc.legal_moves_for(tid, uid)
        await con.handle(f"{name}: /{'build' if building else 'auto'} table={tid}")
    raise AssertionError("the game did not end")


async def check_mesa_moves(repo: Repository, svc: TableService, tid: int) -> int:
    """Every Mesa move in the log is what ``ai`` answers from that seat's view (same seed, same budget)."""
    row, seats = await repo.load(tid)
    assert row is not None
    engine = get_engine(row.game)
    state = engine.new_game(len(seats), row.seed, __import__("json").loads(row.options)["game"])
    by_seat = {s.seat: s for s in seats}
    checked = 0
    for m in await repo.get_moves(tid):
        seat = by_seat.get(m.seat)
        if seat is not None and is_mesa(seat.user_id):
            level = level_of(seat.user_id)
            assert level is not None
            expected = ai.choose_move(row.game, engine.view(state, m.seat), m.seat, level,
                                      ai.Budget(iterations=ITERATIONS), move_seed(row.seed, m.ply, m.seat))
            assert m.move == expected, (m.ply, m.move, expected)
            checked += 1
        state = engine.apply(state, engine.parse_move(state, m.move))
    assert engine.outcome(state) is not None
    return checked


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("game", ["kona", "krakatoa"])
async def test_a_console_game_against_mesa_at_each_level(tmp_path: Path, game: str, level: str) -> None:
    repo, svc, con, out = await open_console(tmp_path)
    await con.handle(f"Ana: /play {game} @mesa level={level}")
    assert out[0].startswith(f"[#1] {get_engine(game).title} #1 begins")  # Mesa accepts at once
    assert mesa_name(level) in out[0]
    await play_until_over(con, svc, "Ana", 1)
    assert await check_mesa_moves(repo, svc, 1) > 0
    results = await repo.get_results(1)
    assert {r.user_id for r in results} == {user_id_for("Ana"), next(r.user_id for r in results if is_mesa(r.user_id))}
    assert not any(r.rated for r in results)  # unrated by default
    assert any(f"· Mesa ({level}) " in line for line in out)  # Mesa's moves are announced like a player's
    assert not any(line.startswith("[dm Mesa") or line.startswith("[error") for line in out)
    await con.handle("Ana: /stats")
    assert f"[dm Ana] Mesa ({level}): 1 game:" in " ".join(out[-3:]) or any(
        line.startswith(f"[dm Ana] Mesa ({level}): 1 game:") for line in out)
    ana = next(re.fullmatch(r"\[dm Ana\] Mesa \(\w+\): 1 game: (\d) won, (\d) lost, (\d) drawn", line)
               for line in out if line.startswith(f"[dm Ana] Mesa ({level}): 1 game: "))
    assert ana is not None
    won, lost, drawn = ana.groups()
    before = len(out)
    await con.handle("Ben: /stats @Mesa")  # Mesa's own: its record against the players, seen from its side
    assert out[before:] == ["[dm Ben] Mesa in this server, against its players (all games, rated or not):",
                            f"[dm Ben] Mesa ({level}): 1 game: {lost} won, {won} lost, {drawn} drawn"]
    await repo.close()


async def test_a_full_k3_game_with_three_mesa_seats_and_one_human(tmp_path: Path) -> None:
    repo, svc, con, out = await open_console(tmp_path, seed=8)
    await con.handle("Ana: /play k3 bots=3 level=normal")
    details = await svc.table_details(1)
    assert sorted(details.summary.players) == sorted(["Ana", "Mesa (normal)", "Mesa 2 (normal)", "Mesa 3 (normal)"])
    # the Mesa seats built their pyramids by themselves: only Ana is left to build
    assert details.summary.turn == ("Ana",)
    await play_until_over(con, svc, "Ana", 1, build=True)
    assert await check_mesa_moves(repo, svc, 1) > 3
    places = sorted(r.place for r in await repo.get_results(1))
    assert places[0] == 1 and len(places) == 4
    assert not any(r.rated for r in await repo.get_results(1))  # Mesa against itself is never rated
    assert not any(line.startswith("[dm Mesa") for line in out)
    await repo.close()


async def test_play_reads_discords_option_colon_value_and_names_a_word_it_cannot_read(tmp_path: Path) -> None:
    # A player used to Discord types /play game:k3 opponent:@Ben bots:2 level:normal; the console reads
    # option:value as option=value, and a word that is neither a player nor an option is named back.
    repo, svc, con, out = await open_console(tmp_path)
    await con.handle("Ana: /play game:k3 opponent:@Ben bots:2 level:normal")
    await con.handle("Ana: /play kona opponent:Dee")  # the @ may be left out after opponent:
    await con.handle("Ana: /play kona Ben")  # a player this console knows, named without @
    await con.handle("Ana: /play kona Zed")
    await con.handle("Ana: /play kona @Cy seat=first seat:second")
    details = await svc.table_details(1)
    assert sorted(details.summary.players) == ["Ana", "Ben", "Mesa (normal)", "Mesa 2 (normal)"]
    assert details.summary.status == "invited"
    assert out[-3] == "[error Ana] Name players with @: /play kona @Ben"
    assert out[-2] == ("[error Ana] I could not read Zed: after /play GAME, name players as @NAME (a name with "
                       'spaces in quotes: @"Ana Maria") and options as option=value, for example /play k3 @Ben '
                       "bots=2 level=normal")
    assert out[-1] == "[error Ana] seat= is given twice; give each option once"
    assert sorted((await svc.table_details(2)).summary.players) == ["Ana", "Dee"]
    assert [s.table_id for s in await svc.active_tables(user_id_for("Ana"), 1)] == [1, 2]  # the refusals made none
    await repo.close()


async def test_at_mesa_and_bots_together_add_up(tmp_path: Path) -> None:
    # "/play k3 @mesa bots=2": one Mesa seat named and two more asked for: three (it said "bots= is given twice")
    repo, svc, con, out = await open_console(tmp_path)
    await con.handle("Eve: /play k3 @mesa bots=2 rated=false")
    assert not any(line.startswith("[error Eve]") for line in out)
    players = (await svc.table_details(1)).summary.players
    assert len(players) == 4 and sum(1 for p in players if p.startswith("Mesa")) == 3
    # one more is five: the refusal says how the Mesa seats added up, and opens nothing
    await con.handle("Eve: /play krakatoa @mesa bots=3")
    assert out[-1] == ("[error Eve] Krakatoa takes at most 4 players, and this asks for 5: 1 player and 4 seats for "
                       "Mesa (naming Mesa is one seat; bots adds that many more). Ask for fewer Mesa seats.")
    await con.handle("Eve: /play kona @Ben @Cy")  # no Mesa seat: the plain refusal
    assert out[-1] == "[error Eve] Kona takes at most 2 players."
    assert len(await svc.active_tables(user_id_for("Eve"), 1)) == 1
    await repo.close()


async def test_invited_player_and_bots_then_fill_an_open_table(tmp_path: Path) -> None:
    repo, svc, con, out = await open_console(tmp_path, seed=9)
    await con.handle("Ana: /play krakatoa @Ben bots=2 level=easy")
    assert (await svc.table_details(1)).summary.status == "invited"  # waiting for Ben only
    # the invitation says whom Ben would play: the two Mesa seats already sit
    assert out[0].startswith("[#1] Ana invites Ben to a game of Krakatoa with Mesa (easy) and Mesa 2 (easy) (table #1;")
    await con.handle("Ben: /accept")
    summary = (await svc.table_details(1)).summary
    assert summary.status == "active" and len(summary.players) == 4
    assert sum(1 for u in summary.user_ids if level_of(u) == "easy") == 2
    # an open table: Cy joins, the host fills the rest with Mesa and the game starts
    await con.handle("Dee: /play k3")
    tid = max(s.table_id for s in await svc.active_tables(user_id_for("Dee"), 1))
    await con.handle(f"Cy: /join {tid}")
    await con.handle(f"Cy: /start fill=mesa table={tid}")
    assert out[-1] == f"[error Cy] Only Dee, who opened table #{tid}, can start it: ask them once everyone you " \
        "expect has joined."
    await con.handle(f"Dee: /start fill=mesa level=hard table={tid}")
    summary = (await svc.table_details(tid)).summary
    assert summary.status == "active"
    assert sorted(n for n in summary.players if n.startswith("Mesa")) == ["Mesa (hard)", "Mesa 2 (hard)"]
    await repo.close()


async def test_plateau_against_mesa_posts_none_of_mesas_hidden_faces(tmp_path: Path) -> None:
    """PL-9: Mesa's hidden placements reach no public line, no DM and no error; Ana's own DMs are hers."""
    repo, svc, con, out = await open_console(tmp_path, seed=4)
    await con.handle("Ana: /play plateau @mesa level=normal seat=first")
    await play_until_over(con, svc, "Ana", 1)
    assert await check_mesa_moves(repo, svc, 1) > 0
    row, seats = await repo.load(1)
    assert row is not None
    engine = get_engine("plateau")
    mesa_seat = next(s.seat for s in seats if is_mesa(s.user_id))
    state: Any = engine.new_game(2, row.seed)
    secrets: set[str] = set()
    spectator, mesa_only = set(), set()
    for m in await repo.get_moves(1):
        move = engine.parse_move(state, m.move)
        public = engine.public_move(state, move)
        if m.seat == mesa_seat and public != m.move:
            secrets.add(m.move)
        state = engine.apply(state, move)
        spectator.add(engine.view(state, None)["position"])
        mesa_only.add(engine.view(state, mesa_seat)["position"])
    assert secrets, "Mesa made no hidden placement"
    mesa_only -= spectator
    assert mesa_only, "Mesa's view never differed from the spectator's"
    shown = [line.split("position: ", 1)[1] for line in out if "position: " in line]
    assert shown and not set(shown) & mesa_only
    # the public record of the game only shows them after the end: check the posts made while playing
    ended = next(i for i, line in enumerate(out) if "The game is over" in line or "wins Plateau" in line)
    for line in out[:ended]:
        assert not any(secret in line for secret in secrets), line
    assert not any(line.startswith("[dm Mesa") for line in out)
    await repo.close()


def test_the_console_command_line_makes_mesa_repeatable(tmp_path: Path) -> None:
    """``python console.py --mesa-iterations N --seed S``: the same session prints the same game twice."""
    import subprocess
    import sys

    script = "\n".join(["Ana: /play kona @Mesa level=normal seat=first", *["Ana: /auto"] * 4, "Ana: /help"]) + "\n"

    def session(name: str) -> list[str]:
        proc = subprocess.run([sys.executable, "console.py", "--db", str(tmp_path / f"{name}.db"), "--no-images",
                               "--seed", "3", "--mesa-iterations", "8", "--positions"], input=script,
                              capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent, timeout=120)
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
        return proc.stdout.splitlines()

    first, second = session("a"), session("b")
    answers = [line for line in first if "· Mesa (normal) moved from" in line]
    assert len(answers) >= 2  # Mesa answered each of Ana's moves
    # the same moves and positions (deadlines follow the wall clock the console starts from)
    assert [line for line in first if "position:" in line] == [line for line in second if "position:" in line]
    assert answers == [line for line in second if "· Mesa (normal) moved from" in line]
    assert any("@mesa" in line for line in first if line.startswith("[help]"))
