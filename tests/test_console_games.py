"""The console driven by a script on standard input (a subprocess), as a newcomer would use it."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from engines import get_engine

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ana", "Ben"]


def run_console(script: list[str], tmp_path: Path, *extra: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "console.py", "--db", str(tmp_path / "console.db"), "--out", str(tmp_path / "out"), *extra],
        input="\n".join(script) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=240,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.splitlines()


def random_game(game: str, seed: int) -> tuple[list[str], list]:
    """A whole game chosen with the engine: the canonical moves and every state along the way."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(2, 0, {})
    states, moves = [state], []
    while engine.outcome(state) is None:
        move = engine.random_move(state, rng)
        moves.append((engine.to_move(state), engine.format_move(state, move)))
        state = engine.apply(state, move)
        states.append(state)
    return [f"{NAMES[seat]}: /move {text}" for seat, text in moves], states


def test_console_plays_a_whole_kona_game(tmp_path: Path) -> None:
    lines, states = random_game("kona", 11)
    script = ["# a whole game of Kona", "Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /moves",
              "Ben: /move a1-a2", *lines, "Ana: /games"]
    out = run_console(script, tmp_path, "--positions")
    engine = get_engine("kona")
    assert out[0].startswith("[#1] Ana invites Ben to a game of Kona")
    # KO-10 E1: eighteen moves, nine from each of a6 and f1 (a line each, with what its moves share)
    at = out.index("[dm Ana] #1 legal moves (18):")
    assert out[at + 1].startswith("[dm Ana]   a6 (Move from a6, uncovering a poodle): a6-a3, a6-a4, ")
    assert out[at + 2].startswith("[dm Ana]   f1 (Move from f1, uncovering a ")
    assert sum(len(re.findall(r"\b[a-f][1-6]-[a-f][1-6]\b", line)) for line in out[at + 1: at + 3]) == 18
    assert "[error Ben] It is not your turn: it is Ana's turn." in out
    positions = [line.split("position: ", 1)[1] for line in out if line.startswith("[#1]   position: ")]
    assert positions == [engine.to_position(s) for s in states]  # one board per ply, in order
    outcome = engine.outcome(states[-1])
    assert outcome is not None
    result = next(line for line in out if line.startswith("[#1]") and "Kona #1" in line and
                  ("wins" in line or "draw" in line))
    assert outcome.text not in result  # the players' words, not the engine's line (issue 14)
    if outcome.winners:
        assert result.startswith(f"[#1] {NAMES[outcome.winners[0]]} wins Kona #1: ")
    else:
        assert result.startswith("[#1] Kona #1 ends in a draw: ")
    assert out[-1].startswith("[dm Ana] You have no active games; start one with /play GAME @NAME")
    # images are written when the renderer is there
    images = [m.group(1) for line in out if (m := re.search(r"\(image: (.+\.png)\)$", line))]
    if images:
        assert all(Path(p).is_file() and Path(p).read_bytes()[:4] == b"\x89PNG" for p in images)


def test_console_plays_a_whole_plateau_game_without_leaks(tmp_path: Path) -> None:
    """PL-9: each player's hidden faces appear only in that player's [dm] lines."""
    lines, states = random_game("plateau", 3)
    assert len(lines) >= 6
    script = ["Ana: /play plateau @Ben seat=first", "Ben: /accept", "Ben: /mine", lines[0], "Ana: /mine",
              "Ben: /moves", *lines[1:]]
    out = run_console(script, tmp_path, "--no-images", "--positions")
    engine = get_engine("plateau")
    spectator = {engine.view_notation(s, None) for s in states}
    own = [{engine.view_notation(s, seat) for s in states} for seat in (0, 1)]
    public = [line for line in out if line.startswith("[#")]
    assert public and not any(line.startswith("[dm") for line in public)
    hidden_moves = set()
    for before, line in zip(states, lines):
        text = line.split("/move ", 1)[1]
        move = engine.parse_move(before, text)
        if engine.public_move(before, move) != text:
            hidden_moves.add(text)
    assert hidden_moves  # the openings at least
    for line in public:
        assert not any(h in line for h in hidden_moves), line
        if "   position: " in line:
            assert line.split("position: ", 1)[1] in spectator, line
    dms = {name: [line.split(": ", 1)[1] for line in out if line.startswith(f"[dm {name}] Your view")]
           for name in NAMES}
    for seat, name in enumerate(NAMES):
        assert dms[name], f"{name} got no private view"
        for position in dms[name]:
            assert position in own[seat]
            if position not in spectator:  # something private: never what the other player may see
                assert position not in own[1 - seat]
    outcome = engine.outcome(states[-1])
    assert outcome is not None
    ending = [line for line in public if "Plateau #1" in line and ("wins" in line or "draw" in line)]
    assert ending and not any(outcome.text in line for line in public)
    if outcome.winners:
        assert ending[-1].startswith(f"[#1] {NAMES[outcome.winners[0]]} wins Plateau #1")


def test_console_errors_rules_and_clock(tmp_path: Path) -> None:
    script = [
        "nonsense without a colon",
        "Ana: /dance",
        "Ana: /move a6-d3",
        "Ana: /rules kona",
        "Ana: /play krakatoa @Ben time_per_move=1h preset=basic",
        "Ben: /accept",
        "Ana: /games",
        "Ben: /games",
        "Ana: /clock +30m",
        "Ana: /clock +30m",
        "Ana: /history",
    ]
    out = run_console(script, tmp_path, "--no-images")
    assert out[0].startswith("[error ?]")
    assert "[error Ana] Unknown command /dance; try /help" in out
    assert "[error Ana] You have no table here; start one with /play GAME @NAME" in out
    # the quick-start comes from the repository's docs/rules (issue 14), not from outside it
    assert any(line.startswith("[rules] **2 players · capybara (C) moves first") for line in out)
    assert "[rules] (all the rules: /rules kona full)" in out
    assert "[rules] (play it: /play kona @NAME, or /play kona @mesa against the computer)" in out
    reminders = [line for line in out if "You have used " in line and " to move in Krakatoa #1: " in line]
    assert len(reminders) == 1 and reminders[0].startswith("[dm ")
    assert any("ran out of time" in line and line.startswith("[#1]") for line in out)
    history = next(line for line in out if line.startswith("[dm Ana] #1 moves: "))
    assert "threw Steam to see who starts" in history  # KR-8.4: auto in the throw-off, told in words


def auto_script(game: str, names: list[str], rounds: int, options: str = "") -> list[str]:
    others = " ".join(f"@{n}" for n in names[1:])
    script = [f"{names[0]}: /play {game} {others} {options}".strip(), *(f"{n}: /accept" for n in names[1:])]
    for _ in range(rounds):
        script += [f"{n}: /auto" for n in names]
    return script


def test_console_plays_whole_k3_and_krakatoa_games_with_auto(tmp_path: Path) -> None:
    """/auto plays K3 builds (K3-3.4), Krakatoa's `auto` (KR-8.4) and random legal moves to the end."""
    for game, names, rounds, options in (("k3", ["Ana", "Ben", "Cy"], 80, ""),
                                          ("krakatoa", ["Ana", "Ben"], 160, "preset=basic")):
        out = run_console(auto_script(game, names, rounds, options), tmp_path / game, "--no-images", "--seed", "5")
        title = get_engine(game).title
        finals = [line for line in out
                  if line.startswith("[#1]") and (f"{title} #1 is over" in line or f"wins {title} #1" in line)]
        assert len(finals) == 1, out[-5:]
        if game == "k3":
            built = [line for line in out if line.startswith("[dm ") and "Your view" in line]
            assert {line.split("]")[0][4:] for line in built} == set(names)  # K3-10: one private view each
        # an /auto by a player not to move is refused, never played
        assert any("It is not your turn" in line for line in out)


def test_console_seed_makes_a_session_repeatable(tmp_path: Path) -> None:
    script = auto_script("krakatoa", ["Ana", "Ben"], 6)
    first = run_console(script, tmp_path / "a", "--no-images", "--seed", "9")
    second = run_console(script, tmp_path / "b", "--no-images", "--seed", "9")
    strip = [re.sub(r"deadline [^)]*\)", "", line) for line in first]
    assert strip == [re.sub(r"deadline [^)]*\)", "", line) for line in second]
    assert any(" points)" in line for line in first)  # the dice told in words (issue 28, item 3)


async def test_console_main_is_importable_and_runs_lines(tmp_path: Path) -> None:
    import console

    lines: list[str] = []
    await console.run(["Ana: /play kona @Ben", "Ben: /accept", "Ben: /board"], str(tmp_path / "c.db"), None, False,
                      lines.append, seed=1, positions=True)
    assert lines[0].startswith("[#1] Ana invites Ben") and any("position: CPC,4,PCP" in line for line in lines)
    assert console.user_id_for("ana") == console.user_id_for("Ana") != console.user_id_for("Ben")


def test_an_image_folder_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """Issue 29, item 13: ``--out /proc/nope`` was a traceback after every board.  Now one line on
    standard error says so at the start, and the game plays on without images."""
    script = ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ana: /board"]
    proc = subprocess.run(
        [sys.executable, "bot.py", "--console", "--db", str(tmp_path / "c.db"), "--out", "/proc/nope"],
        input="\n".join(script) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=240,
    )
    assert proc.returncode == 0, proc.stderr
    said = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(said) == 1 and "/proc/nope" in said[0] and "without images" in said[0], proc.stderr
    out = proc.stdout.splitlines()
    assert any("from a6 to d3" in line for line in out), proc.stdout
    assert not any("(image:" in line or "failed" in line for line in out), proc.stdout


async def test_an_image_folder_lost_mid_session_is_said_once(tmp_path: Path) -> None:
    """The folder goes away during a session (a file takes its name): one warning, no traceback, and
    every later board is still printed, without its picture."""
    import console

    folder = tmp_path / "img"

    def script() -> Iterator[str]:
        yield "Ana: /play kona @Ben seat=first"
        yield "Ben: /accept"
        assert list(folder.glob("*.png")), "the first board's picture was written"
        for image in folder.iterdir():
            image.unlink()
        folder.rmdir()
        folder.write_text("not a folder")
        yield "Ana: /move a6-d3"
        yield "Ben: /board"

    out: list[str] = []
    warned: list[str] = []
    await console.run(script(), str(tmp_path / "c.db"), folder, True, out.append, seed=1, warn=warned.append)
    assert len(warned) == 1 and str(folder) in warned[0], warned
    assert not any("failed" in line for line in out), out
    after = out[next(i for i, line in enumerate(out) if "from a6 to d3" in line):]
    assert after and not any("(image:" in line for line in after), out


def test_a_private_view_is_told_by_its_picture_and_by_notation_only_without_one(tmp_path: Path) -> None:
    """The position's notation is for developers (README): a private view with its picture says the picture
    shows it; without pictures (--no-images) the notation is all there is, so it is given; --positions adds it."""
    script = "ana: /play k3 @ben\nben: /accept\n"

    def run(*flags: str) -> list[str]:
        proc = subprocess.run([sys.executable, "console.py", "--seed", "4", *flags], input=script, text=True,
                              capture_output=True, cwd=Path(__file__).resolve().parent.parent, timeout=120)
        assert proc.returncode == 0, proc.stderr
        return [line for line in proc.stdout.splitlines() if line.startswith("[dm ana]")]

    pictured = run("--out", str(tmp_path / "out"))
    assert pictured[0].startswith("[dm ana] Your view of K3 #1, for you alone: the picture shows what only you can "
                                  "see. (image: ") and not any("build - - -" in line for line in pictured)
    [plain] = run("--no-images")
    assert plain.startswith("[dm ana] Your view of K3 #1 (only you see this; without a picture, in the game's "
                            "notation): ") and plain.endswith(" build - - -")
    assert any(line.startswith("[dm ana]   position: ") for line in run("--out", str(tmp_path / "o2"), "--positions"))
    assert run("--no-images", "--positions") == [plain]  # the notation once, not twice


def test_a_k3_player_out_of_time_is_not_told_out_again_when_the_rules_put_the_seat_out(tmp_path: Path) -> None:
    """K3-7.1 and a time-out: Ben ran out of time and is out (his seat played for him); when that seat can later
    place nothing, the rules put it out, which is no news: the thread said "Ben is out of K3 #1: none of their
    pieces could be played" after "Ben ran out of time … and is out".

    Mesa searches a fixed size (``--mesa-iterations``), so the game is the same under any load: searching by time,
    a busy machine changed Mesa's first move, Ana was not put out, and the game waited for her."""
    out = run_console(["Ana: /play k3 @Ben @mesa time_per_move=1d", "Ben: /accept", "Ana: /clock +13h",
                       "Ana: /build random", "Ana: /clock +10h", "Ana: /clock +1h"], tmp_path, "--seed", "3",
                      "--mesa-iterations", "50", "--no-images")
    timed_out = [i for i, line in enumerate(out) if line.startswith("[#1] Ben ran out of time in K3 #1 and is out")]
    assert timed_out, out
    # the game went on to its end, Ben's seat put out by the rules on the way (Mesa is the last one in)
    assert any("is the last player in and wins K3 #1" in line for line in out[timed_out[0]:]), out
    assert not any(line.startswith("[#1] Ben is out of K3 #1") for line in out[timed_out[0]:]), out


async def test_a_damaged_game_is_said_in_games_and_refused_by_name(tmp_path: Path) -> None:
    """A game whose log was edited by hand between two sessions: /games says it is damaged (not "no active
    games"), a command without a number says the same, and a new game can still be opened and played."""
    import sqlite3

    import console

    db = str(tmp_path / "c.db")
    await console.run(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3"], db, None, False,
                      lambda line: None, seed=1)
    with sqlite3.connect(db) as edit:
        edit.execute("UPDATE moves SET move = 'zz-9' WHERE table_id = 1")
    lines: list[str] = []
    await console.run(["Ben: /games", "Ben: /move f6-c3", "Ana: /play kona @Ben", "Ben: /accept", "Ana: /games"],
                      db, None, False, lines.append, seed=1)
    damaged = "#1 Kona: this table's record is damaged and cannot be played"
    assert lines[0].startswith(f"[dm Ben] {damaged}"), lines
    assert lines[1].startswith("[error Ben] This table's record (#1) is damaged"), lines
    assert any(line.startswith("[#2] Kona #2 begins") for line in lines), lines
    games = [line for line in lines if line.startswith("[dm Ana] #")]
    assert games[0].startswith("[dm Ana] #2 Kona: ") and games[1].startswith(f"[dm Ana] {damaged}"), games
