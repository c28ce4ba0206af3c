"""``python -m ai`` end to end (issue 17, the external contract): move, serve, bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engines import get_engine

ROOT = Path(__file__).resolve().parent.parent
KONA_START = "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -"
# KR-11 E3: side 1 has kept nothing yet; it must throw (the only decision)
KRAKATOA_THROW = "---/---/RRR play 1 1 1 throw 1 0,0 10,20 - 3 advanced"
KRAKATOA_SET = "YYB/YRR/RRR play 1 2 1 set 1 0,32 10,00 - 3 advanced"
KRAKATOA_OVER = "YYY/RRB/YRB over 6 - - - 0 196,196 00,00 - 1 advanced"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ai", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120
    )


def test_move_prints_one_legal_canonical_move() -> None:
    done = run("move", "kona", KONA_START, "--iterations", "300", "--seed", "4")
    assert done.returncode == 0, done.stderr
    engine = get_engine("kona")
    state = engine.from_position(KONA_START)
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0] in [engine.format_move(state, m) for m in engine.legal_moves(state)]
    again = run("move", "carpniches", KONA_START, "--iterations", "300", "--seed", "4", "--seat", "0")
    assert again.stdout == done.stdout  # same seed and iterations, same move (the alias is Kona)


@pytest.mark.parametrize(
    "args",
    [
        ("move", "kona", "not a position"),
        ("move", "kona", KONA_START, "--seat", "1"),  # poodle cannot act on ply 1 (KO-1.1)
        ("move", "kona", KONA_START, "--level", "grandmaster"),
        ("move", "kona", "6/6/6/2,C,3/1,C,4/C,5 p 21 c3"),  # over: capybara's line (KO-6.2)
        ("move", "krakatoa", KRAKATOA_OVER),
        ("move", "krakatoa", "---/---/RRR play 1 1 1 roll:all 1 0,0 10,20 - 3 advanced"),  # dice rolling
        ("move", "chess", "x"),
        ("move", "plateau", "anything"),  # no computer player yet: a clean error
        ("move", "kona", KONA_START, "--ms", "10", "--iterations", "10"),
    ],
)
def test_move_bad_input_is_one_line_on_stderr_and_exit_2(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_serve_answers_each_line_and_survives_bad_ones() -> None:
    requests = [
        KRAKATOA_THROW,
        "garbage",
        f"{KRAKATOA_THROW}\t0",  # seat 0 cannot act, seat 1 can
        f"{KRAKATOA_THROW}\t1",
        KRAKATOA_OVER,
        f"{KRAKATOA_THROW}\tone",
        "",
        KRAKATOA_SET,
    ]
    done = run("serve", "krakatoa", "--level", "hard", "--iterations", "20000", stdin="\n".join(requests) + "\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(requests)
    assert lines[0] == "throw" and lines[3] == "throw"  # KR-4.3: throw 1 rolls all nine dice
    for i in (1, 2, 4, 5, 6):
        assert lines[i].startswith("error: "), lines[i]
    assert lines[7] in ("steam", "ash", "lava")


def test_serve_flushes_each_answer_before_the_next_request() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "ai", "serve", "kona", "--iterations", "200"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        engine = get_engine("kona")
        state = engine.from_position(KONA_START)
        for _ in range(3):  # play three plies through the pipe, one request at a time
            proc.stdin.write(engine.to_position(state) + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline().strip()
            state = engine.play(state, answer)
        proc.stdin.write("bad position\n")
        proc.stdin.flush()
        assert proc.stdout.readline().startswith("error: ")
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    assert state.plies == 3


def test_serve_of_an_unknown_game_is_a_clean_error() -> None:
    done = run("serve", "chess", stdin="x\n")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1


def test_help_names_the_games_the_default_times_and_an_example_that_works() -> None:
    import shlex

    import ai

    top, move = run("--help"), run("move", "--help")
    assert top.returncode == 0 and move.returncode == 0
    for game in ai.PLAYERS:
        assert game in move.stdout
    for level, ms in ai.DEFAULT_MS.items():
        assert f"{level} {ms}" in move.stdout.replace("\n", " ").replace("  ", " ")
    example = top.stdout.split("example:")[1].strip()
    words = shlex.split(example)
    assert words[:3] == ["python", "-m", "ai"]
    done = run(*words[3:], "--iterations", "50")  # as printed, with a search size instead of a time (CI)
    assert done.returncode == 0, done.stderr
    state = get_engine(words[4]).from_position(words[5])
    assert done.stdout.strip() in [get_engine(words[4]).format_move(state, m)
                                   for m in get_engine(words[4]).legal_moves(state)]
