"""Tournaments end to end through the console (issue 31): what a server's players type, over simulated days.

- a 16-player Swiss of Kona: time-outs, a withdrawal mid-round, and the console opened again on the same
  database mid-round (a restart);
- a round robin of 5 (a bye each round);
- a K3 event of 10 players, seated in tables of 4 and 3.

Each checks the event against the rules from what is stored (no repeat pairing, at most one bye, every
player in plays every round) and the standings against a plain recomputation from the stored places.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from console_session import open_console, said

from console import GUILD_ID, Console, user_id_for
from data import tournaments as stored
from tables import TableService
from tables.tournaments import Pairings


async def reopen(db: Path, svc: TableService) -> tuple[TableService, Console, list[str]]:
    """The console opened again on the same database (a restart): the clock goes on where it was."""
    saved = await svc.pretend_clock()
    await svc.close()
    svc, con, out = await open_console(db)
    assert saved is not None
    con.clock.moment = saved
    return svc, con, out


async def current(svc: TableService) -> Pairings:
    return await svc.tournaments.pairings(GUILD_ID)


def name_of(names: list[str]) -> dict[int, str]:
    return {user_id_for(n): n for n in names}


async def check_event(svc: TableService, tid: int, names: list[str], *, two_player: bool) -> None:
    """The stored event against the rules, and the standings against a plain recomputation."""
    repo = svc.repo
    row = await stored.get_tournament(repo, tid)
    assert row is not None and row.status == stored.FINISHED
    people = await stored.entrants(repo, tid)
    boards = await stored.pairings(repo, tid)
    assert all(b.places is not None for b in boards)
    rounds = sorted({b.round for b in boards})
    assert rounds == list(range(1, row.rounds + 1))  # each round paired once, none missing
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number in rounds:
        placed = [u for b in boards if b.round == number
                  for u in (b.players if b.kind == stored.GAME else b.players[:1])]
        assert len(placed) == len(set(placed)), f"round {number}: someone placed twice"
        # a player who withdrew in round r was paired in it (their game there a forfeit), and no more after
        still = {e.user_id for e in people if e.left_round is None or e.left_round >= number}
        assert set(placed) == still, f"round {number}: not everyone still in plays"
        for b in boards:
            if b.round != number:
                continue
            if b.kind == stored.GAME:
                met.update(frozenset(p) for p in combinations(b.players, 2))
            elif b.kind == stored.BYE:
                byes[b.players[0]] += 1
    assert max(byes.values(), default=0) <= 1
    if two_player and row.format == "swiss":
        assert max(met.values()) == 1  # no pairing repeated (avoidable in every event here)
    # the plain recomputation: points by place (n - place at a table of n, ties share), a bye a win
    points: dict[int, Fraction] = {e.user_id: Fraction(0) for e in people}
    bye_worth = Fraction(1)  # a win at two-player events; in groups of 3-4 the smallest table's average, (3 - 1) / 2
    for b in boards:
        assert b.places is not None
        if b.kind != stored.GAME:
            points[b.players[0]] += bye_worth
            continue
        n = len(b.players)
        for u, place in zip(b.players, b.places):
            tied = [q for q in b.places if q == place]
            points[u] += Fraction(sum(n - k for k in range(place, place + len(tied))), len(tied))
    st = await svc.tournaments.standings(GUILD_ID, tid)
    assert {r.user_id: r.points for r in st.rows} == points
    assert [r.points for r in st.rows] == sorted(points.values(), reverse=True)
    assert st.winners and all(w.points == max(points.values()) for w in st.winners)


async def finish_round(con: Console, out: list[str], svc: TableService, rng: random.Random,
                       names: dict[int, str], *, timeouts: bool) -> None:
    """Every game of the current round decided: some resigned, some lost on time (the clock moves on)."""
    pairing = await current(svc)
    slow = []
    for board in pairing.boards:
        if board.kind != "game" or board.places is not None:
            continue
        humans = [u for u in board.user_ids if u in names]
        if timeouts and len(humans) == 2 and rng.random() < 0.4:
            slow.append(board.table_id)  # nobody moves: the first to move loses on time
            continue
        for loser in humans[:-1] if len(humans) > 2 else [rng.choice(humans)]:
            await said(con, out, f"{names[loser]}: /resign table={board.table_id}")
    if slow:
        lines = await said(con, out, f"{names[next(iter(names))]}: /clock +2d")
        assert any("time" in line.lower() for line in lines)


async def test_a_16_player_swiss_of_kona_with_timeouts_a_withdrawal_and_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "mesa.db"
    svc, con, out = await open_console(db)
    names = [f"P{i:02d}" for i in range(1, 17)]
    ids = name_of(names)
    lines = await said(con, out, "Org: /tournament create kona format=swiss rounds=4 time_per_move=1d")
    assert any("Tournament #1: Kona, Swiss" in line for line in lines)
    for n in names:
        assert any(f"{n} joined tournament #1" in line for line in await said(con, out, f"{n}: /tournament join"))
    lines = await said(con, out, "P01: /tournament join")  # twice: refused, nothing written
    assert any("already in tournament #1" in line for line in lines)
    lines = await said(con, out, "P01: /tournament start")  # only the organiser
    assert any("[error P01]" in line and "organiser" in line for line in lines)
    lines = await said(con, out, "Org: /tournament start")
    assert any("round 1 of 4" in line for line in lines)
    assert len({line.split("]")[0] for line in lines if line.startswith("[#")}) == 8  # eight tables opened
    mentioned = next(line for line in lines if "for:" in line)
    assert "Org" not in mentioned  # only the players concerned
    rng = random.Random(31)
    await finish_round(con, out, svc, rng, ids, timeouts=True)
    assert (await current(svc)).round == 2
    # round 2: P16 withdraws mid-round (their game is a forfeit)
    lines = await said(con, out, "P16: /tournament withdraw")
    assert any("P16 withdrew" in line for line in lines)
    lines = await said(con, out, "P16: /tournament join")
    assert any("[error P16]" in line for line in lines)
    await finish_round(con, out, svc, rng, ids, timeouts=True)
    assert (await current(svc)).round == 3
    # round 3: half the games decided, then the console is opened again on the same database
    pairing = await current(svc)
    assert all(user_id_for("P16") not in b.user_ids for b in pairing.boards)
    assert sum(b.kind == "bye" for b in pairing.boards) == 1  # 15 players: one bye
    half = [b for b in pairing.boards if b.kind == "game"][:3]
    for board in half:
        await said(con, out, f"{ids[board.user_ids[0]]}: /resign table={board.table_id}")
    svc, con, out = await reopen(db, svc)
    con.names.update(ids)
    await finish_round(con, out, svc, rng, ids, timeouts=True)
    assert (await current(svc)).round == 4
    await finish_round(con, out, svc, rng, ids, timeouts=False)
    lines = await said(con, out, "P01: /tournament standings")
    assert any("final standings, 4 rounds" in line for line in lines)
    assert any(line.startswith("[tournament] Winner") for line in lines)
    assert any("withdrew" in line and "P16" in line for line in lines)
    await check_event(svc, 1, names, two_player=True)
    # the results fed the server's leaderboard (a rated event)
    assert len(await svc.repo.ratings(GUILD_ID, "kona")) == 16
    await svc.close()


async def test_a_round_robin_of_5_gives_a_bye_each_round(tmp_path: Path) -> None:
    db = tmp_path / "mesa.db"
    svc, con, out = await open_console(db)
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    ids = name_of(names)
    await said(con, out, "Ana: /tournament create plateau format=round-robin rated=false time_per_move=1d")
    for n in names:
        await said(con, out, f"{n}: /tournament join")
    lines = await said(con, out, "Ana: /tournament start")
    assert any("round 1 of 5" in line for line in lines)
    rng = random.Random(5)
    for number in range(1, 6):
        pairing = await current(svc)
        assert pairing.round == number
        assert [b.kind for b in pairing.boards].count("bye") == 1
        # /games of the player sitting out names the bye (no table is theirs this round); of the others, not
        [sitter] = [b.names[0] for b in pairing.boards if b.kind == "bye"]
        then = f"your next game comes with round {number + 1}." if number < 5 else \
            "the final standings come when the round's games end."
        assert await said(con, out, f"{sitter}: /games") == \
            [f"[dm {sitter}] Tournament #1 (Plateau), round {number} of 5: you have a bye (1 point); {then}"]
        player = next(n for n in names if n != sitter)
        assert not any("bye" in line for line in await said(con, out, f"{player}: /games"))
        await finish_round(con, out, svc, rng, ids, timeouts=number % 2 == 0)
    lines = await said(con, out, "Ben: /tournament pairings round=3")
    assert any("round 3 of 5" in line for line in lines)
    await check_event(svc, 1, names, two_player=True)
    stored_boards = await stored.pairings(svc.repo, 1)
    met = Counter(frozenset(b.players) for b in stored_boards if b.kind == "game")
    assert len(met) == 10 and set(met.values()) == {1}  # everyone met everyone once
    assert await svc.repo.ratings(GUILD_ID, "plateau") == []  # unrated: nothing on the leaderboard
    await svc.close()


async def test_a_k3_event_of_10_players_seats_tables_of_4_and_3(tmp_path: Path) -> None:
    db = tmp_path / "mesa.db"
    svc, con, out = await open_console(db)
    names = [f"K{i}" for i in range(1, 11)]
    ids = name_of(names)
    lines = await said(con, out, "K1: /tournament create k3 format=round-robin")
    assert any("[error K1]" in line and "format=swiss" in line for line in lines)  # nothing written
    assert await stored.guild_tournaments(svc.repo, GUILD_ID) == []
    await said(con, out, "K1: /tournament create k3 format=swiss rounds=3")
    for n in names:
        await said(con, out, f"{n}: /tournament join")
    await said(con, out, "K1: /tournament start")
    rng = random.Random(10)
    for number in range(1, 4):
        pairing = await current(svc)
        assert pairing.round == number
        assert sorted(len(b.user_ids) for b in pairing.boards) == [3, 3, 4]  # tables of 4 first, then 3
        await finish_round(con, out, svc, rng, ids, timeouts=False)
    await check_event(svc, 1, names, two_player=False)
    await svc.close()


async def test_a_newcomers_slips_are_answered_with_what_to_type(tmp_path: Path) -> None:
    """The format typed twice, a word that is no format, starting with the organiser not entered, pairings before
    the start: each answer says what to type, and an announcement printed is confirmed (the sweep does not
    repeat it)."""
    svc, con, out = await open_console(tmp_path / "mesa.db")
    (line,) = await said(con, out, "Ana: /tournament create kona swiss format=round-robin")  # the format twice
    assert line.startswith("[error Ana]") and "format" in line
    (line,) = await said(con, out, "Ana: /tournament create kona chess")  # neither a format nor an option
    assert line.startswith("[error Ana] Write /tournament create GAME format=swiss|round-robin")
    assert await stored.guild_tournaments(svc.repo, GUILD_ID) == []  # nothing written by either
    (line,) = await said(con, out, "Ana: /tournament create game=kona swiss rounds=1")  # Discord's form's name, and
    assert line.startswith("[tournament #1] Tournament #1: Kona, Swiss, organised by Ana")  # the format typed bare
    await said(con, out, "Ben: /tournament join")
    (line,) = await said(con, out, "Ana: /tournament start")
    assert "1 entered so far" in line and "the organiser too, join with /tournament join 1" in line
    (line,) = await said(con, out, "Ana: /tournament pairings")
    assert "has not started yet" in line and "/tournament start 1" in line
    (line,) = await said(con, out, "Ana: /tournament remove Ben")  # the name without its @
    assert line.startswith("[error Ana]") and "/tournament remove @Ben" in line and "not a tournament" not in line
    (line,) = await said(con, out, "Ana: /tournament remove")
    assert "/tournament remove @NAME [N]" in line
    (line,) = await said(con, out, "Cy: /tournament leave 1")  # Cy never joined: said to Cy as "you"
    assert line == "[error Cy] You are not in tournament #1."
    (line,) = await said(con, out, "Ana: /tournament remove @Cy")  # not "That player": Cy, and where the list is
    assert line == "[error Ana] Cy is not in tournament #1: /tournament standings 1 lists its players."
    (line,) = await said(con, out, "Ana: /tournament remove @mesa")  # the computer, never a person called "mesa"
    assert line.startswith("[error Ana] Mesa is not entered in tournament #1: it plays no games in it")
    await said(con, out, "Ana: /tournament join")
    started = await said(con, out, "Ana: /tournament start")
    assert any("round 1 of 1. The first named at each table moves first" in s for s in started)
    assert await stored.unannounced_rounds(svc.repo, 1, "9999") == []  # printed, so confirmed
    said_later = await said(con, out, "Ana: /clock +2m")
    assert not any("round 1 of 1" in s for s in said_later)
    await svc.close()


async def test_a_resumed_session_names_whom_an_announcement_is_for(tmp_path: Path) -> None:
    """The console opened again on the same database: the next round's announcement says it is for Ana,
    Ben, ... by name, though they have typed nothing since the restart."""
    from console import run

    db = str(tmp_path / "mesa.db")
    first: list[str] = []
    await run(["Ana: /tournament create kona format=swiss rounds=2", *(f"{n}: /tournament join" for n in
               ("Ana", "Ben", "Cy", "Dee")), "Ana: /tournament start"], db, None, False, first.append, seed=4)
    tables = [line.split("#")[2].split(":")[0] for line in first if line.startswith("[tournament #1] table #")]
    assert len(tables) == 2
    third: list[str] = []
    names = {1: "", 2: ""}
    boards = [line for line in first if line.startswith("[tournament #1] table #")]
    for number, line in enumerate(boards, start=1):
        names[number] = line.split(": ", 1)[1].split(" v ")[1]  # each table's second player resigns; the
        # first players type nothing after the restart
    await run([f"{names[1]}: /resign table={tables[0]}", f"{names[2]}: /resign table={tables[1]}"], db, None,
              False, third.append, seed=4)
    (mention,) = [line for line in third if line.startswith("[tournament #1]   for: ")]
    assert set(mention.split(": ", 1)[1].split(", ")) == {"Ana", "Ben", "Cy", "Dee"}


async def test_between_rounds_a_player_is_told_the_next_game_opens_by_itself(tmp_path: Path) -> None:
    """A player whose game of the round is over, while other tables still play, asks for their moves: they
    are told the tournament goes on and their next game opens by itself, not to start a new one."""
    svc, con, out = await open_console(tmp_path / "mesa.db")
    await said(con, out, "Ana: /tournament create kona format=swiss rounds=2")
    for n in ("Ana", "Ben", "Cy", "Dee"):
        await said(con, out, f"{n}: /tournament join")
    await said(con, out, "Ana: /tournament start")
    ids = name_of(["Ana", "Ben", "Cy", "Dee"])
    first, second = (await current(svc)).boards
    loser = ids[first.user_ids[0]]
    await said(con, out, f"{loser}: /resign table={first.table_id}")
    (line,) = await said(con, out, f"{loser}: /moves")
    assert line.startswith(f"[error {loser}] You have no game to play right now: tournament #1 (Kona) goes on")
    assert "/play" not in line
    waiting = ids[second.user_ids[0]]
    assert not (await said(con, out, f"{waiting}: /moves"))[0].startswith("[error")  # still playing: their moves
    await svc.close()


async def test_the_console_writes_the_standings_picture_as_the_bot_attaches_it(tmp_path: Path) -> None:
    # README: the console plays "exactly as the bot": /tournament standings and the announcements of a round after
    # the first (and the end) carry the standings picture there; the console printed text only
    svc, con, out = await open_console(tmp_path / "mesa.db")
    pictures = Console(svc, con.clock, tmp_path / "out", out.append)
    for line in ["Ana: /tournament create kona format=round-robin time_per_move=1d", "Ana: /tournament join",
                 "Ben: /tournament join", "Cy: /tournament join"]:
        await said(pictures, out, line)
    started = await said(pictures, out, "Ana: /tournament start")
    assert not any("(image:" in line for line in started)  # round 1: nothing decided yet, as on Discord
    standings = await said(pictures, out, "Ana: /tournament standings")
    assert standings[-1].endswith("-tournament-1-standings.png)")
    table = (await current(svc)).boards[0]
    resigned = await said(pictures, out, f"{table.names[0]}: /resign")
    [shown] = [line for line in resigned if line.startswith("[tournament #1]   the standings: (image: ")]
    path = Path(shown.rsplit("(image: ", 1)[1].rstrip(")"))
    assert path.read_bytes().startswith(b"\x89PNG") and any("round 2 of 3" in line for line in resigned)
    assert not any("(image:" in line for line in await said(con, out, "Ana: /tournament standings"))  # no folder
    await svc.close()


async def test_a_cancelled_event_counts_no_bye_of_the_round_it_stopped_in(tmp_path: Path) -> None:
    # the bye of round 1 counts once round 1 is decided; an event cancelled during it never decides it (the
    # standings gave the player sitting out 1 point and ranked them first, with no game ended)
    svc, con, out = await open_console(tmp_path / "mesa.db")
    await said(con, out, "Ana: /tournament create kona swiss rounds=2 time_per_move=1d")
    for name in ("Ana", "Ben", "Cy"):
        await said(con, out, f"{name}: /tournament join")
    await said(con, out, "Ana: /tournament start")
    byes = [b for b in (await current(svc)).boards if b.kind == "bye"]
    assert len(byes) == 1
    await said(con, out, "Ana: /tournament cancel")
    lines = await said(con, out, "Ana: /tournament standings")
    assert any("cancelled during round 1" in line for line in lines)
    ranked = [line for line in lines if line.startswith("[tournament] ") and ": " in line and "points" in line]
    assert len(ranked) == 3 and all(": 0 points" in line for line in ranked), ranked
    await svc.repo.close()


async def test_a_round_of_byes_and_forfeits_only_is_decided_at_once(tmp_path: Path) -> None:
    # a round robin of 3 whose round-1 bye withdraws: rounds 2 and 3 hold no game (a bye and a forfeit each); they
    # were paired one a clock tick apart, each announced as a round to play at one's table
    svc, con, out = await open_console(tmp_path / "mesa.db")
    await said(con, out, "Ana: /tournament create kona round-robin time_per_move=1d")
    for name in ("Ana", "Ben", "Cy"):
        await said(con, out, f"{name}: /tournament join")
    await said(con, out, "Ana: /tournament start")
    first = await current(svc)
    (bye,) = [b for b in first.boards if b.kind == "bye"]
    (game,) = [b for b in first.boards if b.kind == "game"]
    await said(con, out, f"{bye.names[0]}: /tournament withdraw")
    lines = await said(con, out, f"{game.names[0]}: /resign")
    text = "\n".join(lines)
    assert "round 2 of 3. No game to play this round" in text and "round 3 of 3. No game to play this round" in text
    assert "is over. Winner:" in text, "the event ends with the move that decided its last game"
    assert "play at your table" not in text
    row = await stored.get_tournament(svc.repo, first.tournament_id)
    assert row is not None and row.status == stored.FINISHED
    await svc.repo.close()


async def test_a_draw_agreed_at_a_tournament_table_before_any_move_is_unrated(tmp_path: Path) -> None:
    # no game was played: the draw counts for the event's round, as a no-show's result does, but moves no rating
    svc, con, out = await open_console(tmp_path / "mesa.db")
    await said(con, out, "Ana: /tournament create kona swiss rounds=1 time_per_move=1d")
    for name in ("Ana", "Ben"):
        await said(con, out, f"{name}: /tournament join")
    await said(con, out, "Ana: /tournament start")
    await said(con, out, "Ana: /draw")
    lines = await said(con, out, "Ben: /draw")
    assert any("½ point" in line for line in lines), "the draw counts for the event"
    history = await said(con, out, "Ana: /history")
    assert any("Kona · draw, unrated" in line for line in history), history
    board = await said(con, out, "Ana: /leaderboard kona")
    assert any("No rated games yet" in line for line in board), board
    await svc.repo.close()


async def test_a_tournament_table_decided_while_others_play_says_what_comes_next(tmp_path: Path) -> None:
    # its result offered a rematch and a review, nothing of the event: when would the next game come?
    svc, con, out = await open_console(tmp_path / "mesa.db")
    await said(con, out, "Ana: /tournament create kona swiss rounds=2 time_per_move=1d")
    for name in ("Ana", "Ben", "Cy", "Dee"):
        await said(con, out, f"{name}: /tournament join")
    await said(con, out, "Ana: /tournament start")
    first, second = [b for b in (await current(svc)).boards if b.kind == "game"]
    lines = await said(con, out, f"{first.names[1]}: /resign {first.table_id}")
    assert (f"[#{first.table_id}] Tournament #1 (Kona), round 1 of 2: your game of this round is decided; your next "
            "game comes with round 2, when the round ends (1 table still playing).") in lines, lines
    lines = await said(con, out, f"{second.names[1]}: /resign {second.table_id}")
    assert not any("your game of this round is decided" in line for line in lines)  # the round ended: round 2 comes
    assert any("round 2 of 2" in line for line in lines)
    await svc.repo.close()
