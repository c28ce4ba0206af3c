"""The console as the README shows it (issue 14): its options, its commands, its examples pasted as printed."""

from __future__ import annotations

import asyncio
import builtins
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import console

ROOT = Path(__file__).resolve().parent.parent
CONSOLE_LINE = re.compile(r"^[\w.\- ]+: /")


def readme_console_blocks() -> list[list[str]]:
    """Every fenced block of the README whose first line that is not a comment is a console line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = []
    for body in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
        lines = body.splitlines()
        first = next((line for line in lines if line.strip() and not line.lstrip().startswith("#")), "")
        if CONSOLE_LINE.match(first):
            blocks.append(lines)
    return blocks


def pipe(lines: list[str], *args: str) -> list[str]:
    flags = [] if "--out" in args else ["--no-images", "--seed", "7"]
    proc = subprocess.run([sys.executable, "console.py", *flags, *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.splitlines()


def test_the_readme_has_a_console_block_per_game() -> None:
    blocks = readme_console_blocks()
    games = {m for block in blocks for line in block for m in re.findall(r"/play (\w+)", line)}
    assert games == {"kona", "plateau", "k3", "krakatoa"}
    for block in blocks:
        for line in block:
            assert not line.strip() or line.lstrip().startswith("#") or CONSOLE_LINE.match(line), (
                f"a README console line must be a command or a # comment alone: {line!r}")


@pytest.mark.parametrize("index", range(4))
def test_every_readme_block_pipes_through_the_console_without_a_refusal(index: int) -> None:
    block = readme_console_blocks()[index]
    out = pipe(block)
    refused = [line for line in out if line.startswith("[error")]
    assert refused == []
    commands = [line for line in block if CONSOLE_LINE.match(line)]
    assert len(out) >= len(commands), "every command answers"


def test_the_readme_lists_every_console_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    verbs = set(re.findall(r"/([a-z][a-z-]+)", console.HELP))
    missing = sorted(v for v in verbs if f"`/{v}" not in readme)
    assert missing == []
    assert {"leaderboard", "stats", "history", "replay", "recompute", "rules", "clock"} <= verbs


@pytest.mark.parametrize("command", [["console.py", "--help"], ["bot.py", "--console", "--help"]])
def test_help_lists_the_console_options(command: list[str]) -> None:
    proc = subprocess.run([sys.executable, *command], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    for option in ("--db", "--out", "--seed", "--no-images", "/leaderboard", "/rules GAME"):
        assert option in proc.stdout
    assert "--sync" not in proc.stdout, "the console's help, not the bot's"
    # the games and K3's build styles are named, no template field is left unfilled
    assert "{" not in proc.stdout and "}" not in proc.stdout, proc.stdout
    for game in ("plateau", "kona", "k3", "krakatoa"):
        assert game in proc.stdout


def test_a_bare_name_asks_for_a_command_and_comments_are_ignored() -> None:
    out = pipe(["Ana:", "# Ana: /dance", "   # an indented comment", "", "Ben:   "])
    assert out == ["[error Ana] Write a command after the name, for example  Ana: /help",
                   "[error Ben] Write a command after the name, for example  Ben: /help"]


def test_an_interactive_start_prints_examples_then_a_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    prompts: list[str] = []
    typed = iter(["Ana: /rules kona"])

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake_input)
    out: list[str] = []
    asyncio.run(console.run(None, ":memory:", None, False, write=out.append))
    assert out[0].startswith("Mesa console: each line is NAME: COMMAND")
    assert out[1].startswith("Examples:  Ana: /play kona @Ben")
    assert prompts and prompts[0] == "> "
    assert any(line.startswith("[rules] **2 players") for line in out[2:])


def test_moves_are_paged_and_grouped_and_say_whose_turn_it_is() -> None:
    out = pipe(["Ana: /play plateau @Ben seat=first", "Ben: /moves", "Ben: /accept", "Ben: /moves", "Ana: /moves",
                "Ana: /moves 11", "Cy: /moves table=1", "Ana: /play k3 @Ben", "Ben: /accept", "Ana: /moves table=2"])
    said = [line for line in out if line.startswith("[dm") and "Your view" not in line]
    assert said[0] == "[dm Ben] #1 No moves: the game is still waiting for players"
    assert said[1] == "[dm Ben] #1 No moves for you now: it is Ana's turn"
    # PL-10.7: 1,260 openings, never on one line: 11 pages of at most 120, grouped by the pieces placed
    assert said[2] == "[dm Ana] #1 legal moves (1260), page 1 of 11; /moves 2 for the next page:"
    page_one = [line for line in said[3:] if line.startswith("[dm Ana]   ")]
    listed = [move for line in page_one[:10] for move in line.split("): ", 1)[1].split(", ")]
    assert len(listed) == 120 and all(len(line) < 240 for line in page_one)
    assert all(move.startswith(line.split()[2]) for line in page_one[:10]
               for move in line.split("): ", 1)[1].split(", "))
    # each group says what its moves share, as the picker's choices do: PL-10.4, the bottom piece first, each face
    # pair its up face first
    faces = {"r": "red", "b": "blue", "o": "orange", "x": "blank"}
    for line in page_one:
        head = line.split()[2]
        assert re.fullmatch(rf"\[dm Ana\]   \{head} \(Open with your [A-Z][a-z]+( Mask)?, {faces[head[4]]} face up, "
                            rf"on your [A-Z][a-z]+( Mask)?, {faces[head[1]]} face up\): .+", line), line
    last = said.index("[dm Ana] #1 legal moves (1260), page 11 of 11:")
    assert said[last + 1].startswith("[dm Ana]   +xx.")
    assert "[dm Cy] #1 You are not seated at this table" in said
    assert said[-1] == "[dm Ana] #2 No moves to list: build your pyramid with /build [random|sensible]"


def test_image_numbers_continue_where_the_folder_left_off(tmp_path: Path) -> None:
    script = ["Ana: /play kona @Ben", "Ben: /accept", "Ana: /auto"]
    first = pipe(script, "--out", str(tmp_path), "--seed", "1")
    second = pipe(script, "--out", str(tmp_path), "--seed", "2")
    numbers = [int(m.group(1)) for line in first + second if (m := re.search(r"image: .*/(\d{4})-", line))]
    assert numbers and numbers == list(range(1, len(numbers) + 1)), numbers


def test_a_command_that_fits_one_table_needs_no_table_number() -> None:
    out = pipe(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /play k3 @Ben", "Ben: /accept",
                "Ana: /build"])
    assert not any("several tables" in line for line in out), "/build goes to the one pyramid to build"
    assert any(line.startswith("[#2] K3 #2 · Ana built a pyramid") for line in out)


def test_draw_goes_to_the_one_table_that_takes_draws() -> None:
    out = pipe(["Ana: /play krakatoa @Ben", "Ben: /accept", "Ana: /play kona @Ben seat=first", "Ben: /accept",
                "Ana: /draw", "Ben: /decline-draw"])
    assert not any(line.startswith("[error") for line in out), out
    assert "[#2] Ana offers a draw in Kona #2 (any move refuses it). No one has moved yet, so agreeing cancels the " \
        "table: nothing is counted." in out


def test_board_shows_the_table_that_just_finished_and_abort_says_it_is_over() -> None:
    out = pipe(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /resign", "Ana: /board",
                "Ana: /abort table=1", "Ben: /abort table=1"])
    # the final board comes twice: after the resignation, then for /board
    over = [i for i, line in enumerate(out) if line.startswith("[#1] Kona #1: the game is over")]
    assert len(over) == 2 and over[1] > out.index("[#1] Ben wins Kona #1: Ana resigned.")
    assert out[-2:] == ["[error Ana] The game at table #1 is over.", "[error Ben] The game at table #1 is over."]


def test_the_pretend_clock_survives_a_restart_with_db(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    first = pipe(["Ana: /play kona @Ben time_per_move=2d seat=first", "Ben: /accept", "Ana: /move a6-d3",
                  "Ana: /clock +1d"], "--db", db)
    second = pipe(["Ana: /clock +0m", "Ana: /clock +1d12h"], "--db", db)
    reached = [line for line in first if line.startswith("[clock] now ")]
    resumed = [line for line in second if line.startswith("[clock] now ")]
    assert len(reached) == 1 and resumed[0] == reached[0], "the second session goes on where the first stopped"
    # and the deadline, set against that clock, falls due in the second session: 1d + 1d12h > 2d
    assert any("ran out of time" in line for line in second)


def test_board_with_no_table_at_all_says_how_to_start_one() -> None:
    # someone who never sat at a table asks for the board: words, not a catalogue key
    out = pipe(["Cy: /board", "Cy: /move a1", "Cy: /mine"])
    assert out == ["[error Cy] You have no table here; start one with /play GAME @NAME"] * 3


def test_every_refusal_the_code_raises_has_words() -> None:
    """Each ``TableError("key")`` the service, the cogs and the console raise has a text (English and
    Spanish in the catalogue, or the console's own), so no player is ever shown a bare key."""
    from console_areas.texts import CONSOLE_TEXTS
    from tables.i18n import CATALOGS, EN

    raised: set[tuple[str, str]] = set()
    for path in [ROOT / "console.py", *(ROOT / "console_areas").rglob("*.py"), *(ROOT / "tables").rglob("*.py"),
                 *(ROOT / "cogs").rglob("*.py")]:
        for key in re.findall(r'TableError\(\s*"([a-z_]+\.[a-z_.]+)"', path.read_text(encoding="utf-8")):
            raised.add((key, path.name))
    assert len(raised) > 30, raised
    speechless = sorted(f"{key} ({where})" for key, where in raised
                        if key not in EN and key not in CONSOLE_TEXTS["en"])
    assert speechless == []
    no_spanish = sorted(key for key, _ in raised if (key in EN and key not in CATALOGS["es"]) or
                        (key in CONSOLE_TEXTS["en"] and key not in CONSOLE_TEXTS["es"]))
    assert no_spanish == []


def test_play_reads_an_option_written_with_a_hyphen_and_the_invitation_names_it() -> None:
    out = pipe(["Ana: /play plateau @Ben repetition-draw=off", "Cy: /play k3 @Dee thief=next max-plies=3"])
    assert out[0].startswith("[#1] Ana invites Ben to a game of Plateau (table #1; repetition_draw=false; 3d per move")
    assert out[2] == ("[error Cy] K3 has no option max_plies. Its options: seat, rated, time_per_move, "
                      "cooperative, penalty_requires_match, thief.")


def test_a_duel_without_an_opponent_says_how_to_name_one_or_play_mesa() -> None:
    assert pipe(["Ana: /play carpniches"]) == [
        "[error Ana] Kona is for two players: name your opponent (/play kona @NAME), or play the computer with "
        "/play kona @mesa"]


def test_a_database_that_cannot_be_opened_is_one_line_naming_the_db_option(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "console.py", "--db", str(tmp_path)], input="Ana: /games\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the SQLite file"), proc.stderr
    assert lines[0].endswith(f"(here: --db {tmp_path})")


def test_help_says_fill_starts_the_game_and_the_spanish_help_has_the_english_options() -> None:
    # /fill seats Mesa in every empty seat and starts at once (a /start after it is refused: already started)
    out = pipe(["Ana: /play krakatoa", "Ana: /fill level=easy", "Ana: /start"], "--mesa-iterations", "20")
    assert any("Krakatoa #1 begins" in line for line in out), out
    assert out[-1] == "[error Ana] Table #1 has already started.", out
    en, es = console.help_text("en"), console.help_text("es")
    assert re.search(r"/fill \[level=\w+\] \([^)]*starts\)", en), en
    assert re.search(r"/fill \[level=\w+\] \([^)]*empieza\)", es), es
    # the same command lines in both languages: each option the English help gives a command, the Spanish gives too
    for option in ("table=N [notation]", "[level="):
        assert option in en and option in es, option
    assert not re.search(r"level=N\b", es), "N is a number in the help (bots=N, rounds=N); a level is a word"


@pytest.mark.parametrize("command", [["console.py"], ["bot.py", "--console"]])
def test_output_into_a_closed_pipe_ends_quietly(command: list[str]) -> None:
    # `python console.py < kona.txt | head -3`: once head has quit, the console has nowhere to write; that
    # was a traceback and "that command failed (an internal error, logged); please report it"
    import os
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, *command, "--no-images"], input="Ana: /help\nAna: /rules kona full\n",
                              stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(write_end)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert proc.stderr == "" and proc.returncode == 1, (proc.returncode, proc.stderr)


def test_a_pretend_clock_that_cannot_be_read_starts_from_now(tmp_path: Path) -> None:
    """A resumed session whose saved clock was edited into no moment starts, at the real time, with its games."""
    db = str(tmp_path / "games.db")
    pipe(["Ana: /play kona @Ben time_per_move=2d", "Ben: /accept"], "--db", db)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE pretend_clock SET moment = 'tomorrow'")
    con.close()
    out = pipe(["Ana: /games", "Ana: /move a6-d3"], "--db", db)
    assert out[0].startswith("[dm Ana] #1 Kona: Ana · Ben") and any("Ana moved from a6 to d3" in line for line in out)


def test_the_krakatoa_block_shows_the_reminder_and_the_late_turn_its_comment_promises() -> None:
    # "time passes: reminders, then the move is played" ran /clock +3d: straight to the time-out, no reminder
    block = next(b for b in readme_console_blocks() if any("/play krakatoa" in line for line in b))
    out = pipe(block)
    reminded = [i for i, line in enumerate(out) if line.startswith("[dm Ana] You have used")]
    timed_out = [i for i, line in enumerate(out) if "ran out of time" in line]
    assert reminded and timed_out and reminded[0] < timed_out[0], out
