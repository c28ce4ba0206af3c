"""The final picture of every ending of every game (issues 14 and 16, one mechanism: tables.endings).

Through the service: a natural win, a resignation, a time-out, an agreed draw and an abort.  The
renderer the service calls is recorded (view, ``result``, ``previous``); the recorded call is then
drawn with ``render.layout_facts``, and every text the picture holds is checked: the result banner
with names and the ending in words; never the engine's outcome line (``capybara wins (line)``,
``winner 1 (stack)``), a seat number, "X to move" or a rule number.  A finished Plateau game shows
every face however it ended, in the thread's last picture and in the replay alike.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from test_tables_service import GUILD, USERS, FakeClock, open_service, play_out, start_table, step

import render
from engines import get_engine
from tables import PublicPost
from tables.i18n import t
from tables.leaderboard import LeaderboardService

ANA, BEN = USERS[0][0], USERS[1][0]
GAMES = ["kona", "plateau", "k3", "krakatoa"]
#: what must never be drawn on a final picture: engine lines, seat numbers, whose move, rule numbers
RAW = re.compile(r"\b(?:player|players|winner|seat) \d|\bto move\b|\b(?:KO|PL|K3|KR)-\d")


@dataclass
class Call:
    game: str
    view: dict[str, Any]
    names: list[str]
    result: dict[str, Any] | None
    previous: dict[str, Any] | None


class Recorder:
    """A renderer that keeps every call, with the optional arguments ``render.render`` takes."""

    def __init__(self) -> None:
        self.calls: list[Call] = []

    def __call__(self, game: str, view: dict[str, Any], names: list[str], *,
                 result: dict[str, Any] | None = None, previous: dict[str, Any] | None = None) -> bytes:
        self.calls.append(Call(game, view, list(names), result, previous))
        return b"png"

    def last_public(self) -> Call:
        return [c for c in self.calls if c.view.get("viewer") is None][-1]


def texts(call: Call) -> list[str]:
    """Every text the recorded call draws, in drawing order."""
    facts = render.layout_facts(call.game, call.view, call.names, result=call.result, previous=call.previous)
    return [m.what for m in facts.marks if m.kind == "text"]


def drawn(call: Call) -> str:
    """The texts joined (a banner wraps over lines)."""
    return " ".join(texts(call))


def assert_final(call: Call, *phrases: str) -> str:
    """The picture is a finished game's: nobody to move, none of the raw strings, each phrase drawn."""
    assert call.view["to_move"] is None and not call.view.get("actors")
    lines = texts(call)
    text = " ".join(lines)
    outcome = call.view.get("outcome")
    if outcome:
        assert outcome not in text, text
    for line in lines:
        assert not RAW.search(line), line
    for reason in get_engine(call.game).description.outcome_reasons:  # "(line)", "(stack)" ...
        assert f"({reason}" not in text, text
    for phrase in phrases:
        assert phrase in text, (phrase, text)
    return text


def faces(view: dict[str, Any]) -> list[str]:
    return [f for rank in view["board"] for stack in rank for piece in stack for f in (piece["up"], piece["down"])]


async def started(tmp_path: Path, game: str, clock: FakeClock | None = None) -> tuple[Any, Any, Recorder, int]:
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock=clock, renderer=pictures)
    tid, _ = await start_table(svc, game, 2)
    return repo, svc, pictures, tid


async def first_move(svc: Any, tid: int) -> None:
    """One player action, so the game is under way (K3: both build; Krakatoa: the throw-off done)."""
    rng = random.Random(5)
    for _ in range(3):
        board = await svc.board(tid)
        for uid in board.mention:
            moves = await svc.legal_moves_for(tid, uid)
            text = rng.choice(moves) if moves else await svc.auto_build(tid, uid, "sensible")
            await svc.submit_move(tid, uid, text)
        board = await svc.board(tid)
        if board.key.startswith("board.turn"):
            return


@pytest.mark.parametrize("game", GAMES)
async def test_a_natural_ending_draws_the_engines_result_in_words(tmp_path: Path, game: str) -> None:
    repo, svc, pictures, tid = await started(tmp_path, game)
    await play_out(svc, tid, random.Random(11))
    shown = [c for c in pictures.calls if c.view.get("viewer") is None]
    last = shown[-2]  # the last move's picture (then /board's, drawn again the same)
    assert last.result is None and last.view.get("outcome"), "the engine's view holds its own result"
    assert last.previous is not None and last.previous != last.view, "the caption may say what the move changed"
    assert (shown[-1].view, shown[-1].result, shown[-1].previous) == (last.view, None, last.previous)
    winners = [last.names[s] for s in last.view["winners"]]
    text = assert_final(last, *winners)
    assert re.search(r"(wins|win|Draw|loses):( \w+){2,}", text), text  # the reason in words, not a code
    if game == "plateau":
        assert "?" not in faces(last.view)
    await repo.close()


@pytest.mark.parametrize("game", GAMES)
async def test_a_resignation_names_the_winner_and_who_resigned(tmp_path: Path, game: str) -> None:
    repo, svc, pictures, tid = await started(tmp_path, game)
    await first_move(svc, tid)
    await svc.resign(tid, ANA)
    last = pictures.last_public()
    assert last.result == {"winners": [1], "reason": "resign", "losers": [0]}
    text = assert_final(last, "Ben wins", "Ana resigned")
    assert "Auto would play" not in text and not re.search(r"throw \d of 5", text), "no throw at hand any more"
    if game == "plateau":
        assert "?" not in faces(last.view), "PL-8.6: every face at any ending"
    # /board afterwards and the replay's last frame show the same picture
    again = await svc.board(tid)
    assert again.key.startswith("board.over") and pictures.last_public().result == last.result
    assert pictures.last_public().view == last.view and pictures.last_public().previous == last.previous
    replay = await LeaderboardService(repo).replay(GUILD, tid)
    assert replay.views[-1] == last.view and replay.result == last.result
    await repo.close()


@pytest.mark.parametrize("game", ["kona", "plateau", "k3"])
async def test_a_time_out_names_who_ran_out_of_time(tmp_path: Path, game: str) -> None:
    clock = FakeClock()
    repo, svc, pictures, tid = await started(tmp_path, game, clock)
    await first_move(svc, tid)
    board = await svc.board(tid)
    late = [u for u, _ in USERS[:2] if u in board.mention]
    assert len(late) == 1
    loser, winner = (0, 1) if late[0] == ANA else (1, 0)
    clock.advance(days=60)
    await svc.tick()
    last = pictures.last_public()
    assert last.result == {"winners": [winner], "reason": "time", "losers": [loser]}
    names = ["Ana", "Ben"]
    assert_final(last, f"{names[winner]} wins", f"{names[loser]} ran out of time")
    if game == "plateau":
        assert "?" not in faces(last.view)
    await repo.close()


async def test_a_krakatoa_time_out_is_an_automatic_throw_not_an_ending(tmp_path: Path) -> None:
    clock = FakeClock()
    repo, svc, pictures, tid = await started(tmp_path, "krakatoa", clock)
    await first_move(svc, tid)
    clock.advance(days=60)
    await svc.tick()
    last = pictures.last_public()
    assert last.result is None and not last.view.get("outcome")  # KR-8.4: auto, the game goes on
    await repo.close()


@pytest.mark.parametrize("game", ["kona", "plateau"])
async def test_an_agreed_draw_says_so(tmp_path: Path, game: str) -> None:
    repo, svc, pictures, tid = await started(tmp_path, game)
    await first_move(svc, tid)
    await svc.offer_draw(tid, ANA)
    await svc.offer_draw(tid, BEN)
    last = pictures.last_public()
    assert last.result == {"winners": [], "reason": "agreement", "losers": []}
    text = assert_final(last, "Draw", "agreed")
    assert "wins" not in text
    if game == "plateau":
        assert "?" not in faces(last.view)
    await repo.close()


@pytest.mark.parametrize("game", GAMES)
async def test_an_abort_posts_a_last_picture_with_no_result(tmp_path: Path, game: str) -> None:
    repo, svc, pictures, tid = await started(tmp_path, game)
    for uid, _ in USERS[:2]:  # once chance was seen (K3's deal), every player must ask (issue 15, defect 15)
        out = await svc.abort(tid, uid)
        if any(m.key.startswith("info.aborted") for m in out):
            break
    boards = [m for m in out if isinstance(m, PublicPost) and m.image]
    assert len(boards) == 1 and boards[0].key.startswith("board.aborted")
    last = pictures.last_public()
    assert last.result == {"winners": [], "reason": "abort", "losers": []}
    text = assert_final(last, "aborted")
    assert "wins" not in text and "Draw" not in text
    assert (await svc.board(tid)).key.startswith("board.aborted"), "/board shows the aborted table's picture"
    assert pictures.last_public().result == last.result
    await repo.close()


async def test_the_caption_after_a_capture_says_so(tmp_path: Path) -> None:
    """``previous`` reaches the renderer: a Plateau capture is told as one (issue 16's caption)."""
    repo, svc, pictures, tid = await started(tmp_path, "plateau")
    rng = random.Random(3)
    for _ in range(400):
        board = await svc.board(tid)
        if not board.mention:
            break
        moves = await svc.legal_moves_for(tid, board.mention[0])
        await svc.submit_move(tid, board.mention[0], rng.choice(moves))
        call = pictures.last_public()
        if call.previous is not None and len(call.view["prisoners"][0]) + len(call.view["prisoners"][1]) > \
                len(call.previous["prisoners"][0]) + len(call.previous["prisoners"][1]):
            assert "capturing" in drawn(call)
            break
    else:
        raise AssertionError("no capture in 400 moves")
    await repo.close()


async def test_a_three_player_game_won_by_the_last_one_left_names_who_resigned(tmp_path: Path) -> None:
    """K3 with three: Ana resigns (the game goes on without her), then Ben: Cy wins by their resignations."""
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pictures)
    tid, _ = await start_table(svc, "k3", 3)
    await svc.resign(tid, ANA)
    assert pictures.last_public().result is None, "two players still in: no ending yet"
    await svc.resign(tid, BEN)
    last = pictures.last_public()
    assert last.result == {"winners": [2], "reason": "resign", "losers": [0, 1]}
    assert_final(last, "Cy wins", "Ana & Ben resigned")
    await repo.close()


async def test_when_only_a_departed_players_seat_is_left_in_k3_the_words_name_who_comes_first(tmp_path: Path) -> None:
    """K3 of three: Ana resigns at once, her seat played automatically (Mesa's easy level); Ben and Cy play at
    random.  When Ana's seat outlasts both, the rules' "last player in" (K3-7.2) is Ana's, yet she is placed
    last: the result must not say a departed player's seat won, nor call the first placed "the last player in";
    it says who comes first and why, in words and on the picture.  Played on until that happens (bounded)."""
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pictures)
    for seed in range(12):
        tid, _ = await start_table(svc, "k3", 3)
        await svc.resign(tid, ANA)
        out = await play_out(svc, tid, random.Random(seed))
        [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
        row = await repo.get_table(tid)
        assert row is not None
        rules = get_engine("k3").outcome(get_engine("k3").from_json(json.loads(row.state)))
        assert rules is not None
        if list(rules.winners) != [0]:  # a player still in won by the rules: their words stand
            assert result.key != "result.standings.outlasted"
            continue
        places = {r.seat: r.place for r in await repo.get_results(tid)}
        assert places[0] == 3, "Ana, who resigned, is placed last"
        first = USERS[1][1] if places[1] == 1 else USERS[2][1]
        assert result.key == "result.standings.outlasted"
        words = t(result.key, "en", **result.params)
        assert "last player in" not in words and f"so {first} comes first" in words and "Ana resigned" in words
        assert "Ana" not in t(result.key, "es", **result.params).split("Clasificación")[0].split("(")[0]
        last = pictures.last_public()
        assert last.result is not None and last.result["winners"] == [1 if places[1] == 1 else 2]
        assert_final(last, f"{first} wins: first of those who played on")
        assert "wins" not in texts(last)[:texts(last).index(USERS[1][1])]  # Ana's panel says no win
        break
    else:
        raise AssertionError("Ana's seat never outlasted the others in 12 games")
    await repo.close()


async def test_a_krakatoa_seat_that_left_keeps_when_it_left_and_never_wins(tmp_path: Path) -> None:
    """Krakatoa of three: Ana resigns after her throw-off and her seat plays on automatically (KR has no
    elimination).  The ending keeps when she left (the moves played then: her later moves were not hers, a review
    judges none of them), she is placed last whatever her total, and the final picture's winner is the first placed
    with their own total ("Mesa wins with 298" named Ana's total when hers was the highest)."""
    from data.models import StoredOutcome
    from render.krakatoa import _result_words
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pictures)
    tid, _ = await start_table(svc, "krakatoa", 3)
    await svc.submit_move(tid, ANA, "steam")
    played = len(await repo.get_moves(tid))
    await svc.resign(tid, ANA)
    out = await play_out(svc, tid, random.Random(4))
    row = await repo.get_table(tid)
    assert row is not None and row.status == "finished"
    ending = StoredOutcome.from_json(row.outcome)
    assert ending is not None and ending.left == ((0, played),)
    assert ending.placements[0] == 3  # below everyone who played on
    last = pictures.last_public()
    view = last.view
    assert last.names[0] == "Ana (resigned)"  # the banner may not say it ("first of those who played on")
    first = [s for s in range(3) if ending.placements[s] == 1]
    words = _result_words(view, ["Ana", "Ben", "Cy"])
    named = " & ".join(["Ana", "Ben", "Cy"][s] for s in first)
    total = view["totals"][first[0]]
    assert words == (f"{named} wins with {total}" if len(first) == 1 else f"{named} share the win at {total}")
    [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
    said = t(result.key, "en", **result.params)  # the words say who left and why they stand last
    assert "Ana resigned" in said and "below everyone who played on" in said and "3. Ana" in said
    if len(first) == 2:
        assert "so Ben and Cy share first place" in said
    await repo.close()


async def test_a_krakatoa_result_says_who_left_beside_the_standings(tmp_path: Path) -> None:
    """The rules' winner still in: the engine's sentence with the runner-up's points by place, and the standings
    saying who left ("Ana wins on 153 points to 145. Standings: … 3. Cy 145" named a resigned player's total
    without a word of why it stood last)."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    for seed in range(10):
        tid, _ = await start_table(svc, "krakatoa", 3)
        await svc.submit_move(tid, ANA, "steam")
        await svc.resign(tid, ANA)
        out = await play_out(svc, tid, random.Random(seed))
        [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
        if result.key.startswith("result.standings.outlasted"):
            continue  # Ana's seat had the highest total: the test above
        said = t(result.key, "en", **result.params)
        assert said.endswith("3. Ana " + said.rsplit("3. Ana ", 1)[1].split(" ")[0]
                             + " (Ana resigned: placed below everyone who played on)")
        assert "(Ana abandonó: por debajo de todos los que siguieron jugando)" in t(result.key, "es", **result.params)
        break
    else:
        raise AssertionError("Ana's seat had the highest total in every game")
    await repo.close()


async def test_a_k3_player_the_rules_put_out_is_told_so_not_to_wait_for_a_turn(tmp_path: Path) -> None:
    """K3-7.1: a player with no possible move when their turn begins is out and the others play on; their /move was
    answered "It is not your turn: it is Cy's turn", a turn that never comes."""
    from tables import TableError
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, out = await k3_player_put_out(svc)
    with pytest.raises(TableError) as err:
        await svc.submit_move(tid, USERS[out[0]][0], "Ws")
    assert err.value.key == "error.eliminated"
    assert err.value.message("en").startswith(f"You are out of K3 #{tid}: none of your pieces could be")
    with pytest.raises(TableError) as err:  # /auto and the build preview alike
        await svc.auto(tid, USERS[out[0]][0])
    assert err.value.key == "error.eliminated"
    await repo.close()


async def k3_player_put_out(svc: Any) -> tuple[int, tuple[int, ...]]:
    """A three-player K3 table played at random until the rules put a player out (K3-7.1) while the others play
    on: its number and the seats put out."""
    for seed in range(20):
        tid, _ = await start_table(svc, "k3", 3)
        rng = random.Random(seed)
        while (await step(svc, tid, rng)) is not None:
            ctx = await svc.store.load(tid)
            out = ctx.engine.eliminated(ctx.state)
            if out and ctx.row.status == "active":
                return tid, out
    raise AssertionError("nobody was put out while the game went on in 20 games")


async def test_one_partner_resigning_ends_the_team_game_and_says_the_other_went_with_them(tmp_path: Path) -> None:
    """KR-6.2: a team is one side, so one partner's /resign takes the team out and ends a game of two teams; the
    words said "Ben resigned and Dee resigned", of a Dee who did nothing."""
    pictures = Recorder()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=pictures)
    tid, _ = await start_table(svc, "krakatoa", 4, {"teams": "true"})
    out = await svc.resign(tid, USERS[1][0])  # Ben; Dee (seat 3) is his partner
    [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
    said = t(result.key, "en", **result.params)
    assert "Ben resigned and Dee went out too, as their partner (a team is one side)" in said
    assert "Dee resigned" not in said
    assert "Dee también, por ir en el mismo equipo" in t(result.key, "es", **result.params)
    last = pictures.last_public()
    assert last.result is not None and last.result["reason"] == "resign" and last.result["losers"] == [1]
    assert {r.seat: r.place for r in await repo.get_results(tid)} == {0: 1, 1: 3, 2: 1, 3: 3}
    await repo.close()


async def test_a_partner_seated_before_the_leaver_is_said_after_them(tmp_path: Path) -> None:
    """The words said "Ben went out too, as their partner (a team is one side) and Dee resigned" when Dee, seated
    after Ben, resigned: the partner is said after the leaver they went out with (KR-6.2)."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    tid, _ = await start_table(svc, "krakatoa", 4, {"teams": "true"})
    out = await svc.resign(tid, USERS[3][0])  # Dee; Ben (seat 1) is her partner
    [result] = [m for m in out if isinstance(m, PublicPost) and m.kind == "result"]
    assert "is over: Dee resigned and Ben went out too, as their partner (a team is one side)." in \
        t(result.key, "en", **result.params)
    assert "Dee abandonó y Ben también, por ir en el mismo equipo" in t(result.key, "es", **result.params)
    await repo.close()


async def test_the_final_picture_says_how_each_player_left_that_its_banner_does_not(tmp_path: Path) -> None:
    """K3 of three: Ana resigns, then Ben runs out of time: Cy wins.  The banner names the first to leave and how;
    the final picture dropped "(out of time)" from Ben's name, so his going was said nowhere on it."""
    pictures = Recorder()
    clock = FakeClock()
    repo, svc = await open_service(str(tmp_path / "mesa.db"), clock, renderer=pictures)
    tid, _ = await start_table(svc, "k3", 3, {"time_per_move": "1d"})
    rng = random.Random(1)
    while (await svc.store.load(tid)).engine.phase((await svc.store.load(tid)).state) == "build":
        await step(svc, tid, rng)  # the pyramids (a resignation while building ends the table at once)
    await svc.resign(tid, ANA)
    while (board := await svc.board(tid)).mention and board.mention[0] != BEN:
        await step(svc, tid, rng)
    clock.advance(days=2)
    await svc.tick()
    last = pictures.last_public()
    assert last.result is not None and last.result["losers"] == [0] and last.result["reason"] == "resign"
    assert last.names == ["Ana", "Ben (out of time)", "Cy"]
    assert_final(last, "Cy wins", "Ana resigned")
    await repo.close()
