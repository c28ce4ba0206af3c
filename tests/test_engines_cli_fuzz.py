"""``python -m engines`` and ``Engine.from_position`` never crash and never hang (issue 29).

Before: a 5,000-digit number in a position raised ``ValueError`` (Python refuses ``int()`` past 4,300
digits) where every caller catches ``PositionError``, so ``python -m ai serve`` died of it; and
``perft kona 99999999999999999999`` counted forever.
"""

from __future__ import annotations

import itertools
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from cli_fuzz import JUNK, POSITIONS, ROOT, call, check, check_process, mangled, run_into_closed_pipe, run_module

from engines import GAMES, get_engine
from engines.__main__ import MAX_PERFT_DEPTH, main
from engines.base import OptionError, PositionError


@pytest.mark.parametrize("game", list(GAMES))
def test_from_position_refuses_junk_with_a_position_error(game: str) -> None:
    engine = get_engine(game)
    refused = 0
    for text in itertools.chain(JUNK, mangled(POSITIONS[game])):
        try:
            state = engine.from_position(text)
        except PositionError as exc:
            assert "\n" not in str(exc)
            refused += 1
            continue
        except OptionError:  # an options field that names a bad option
            refused += 1
            continue
        engine.legal_moves(state)  # what it accepted is a position it can play on
        engine.to_position(state)
    assert refused >= len(JUNK)  # (nearly every case is refused: the check above is not empty)
    for i in range(len(POSITIONS[game].split())):  # a 5,000-digit number in any field
        fields = POSITIONS[game].split()
        fields[i] = "9" * 5000
        with pytest.raises(PositionError):
            engine.from_position(" ".join(fields))


def test_from_position_refuses_a_superscript_digit() -> None:
    # '²'.isdigit() is True but int('²') fails: Plateau's empty runs were read that way
    with pytest.raises(PositionError):
        get_engine("plateau").from_position("²/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0")


def cases() -> list[list[str]]:
    start = POSITIONS["kona"]
    argvs: list[list[str]] = [[], ["--help"], ["perft", "--help"], ["perft", "kona", str(MAX_PERFT_DEPTH + 1)],
                              ["perft", "kona", "99999999999999999999"], ["perft", "kona", "0"],
                              ["perft", "kona", "-3"], ["perft", "kona", "1"], ["moves", "kona", start],
                              ["play", "kona", start, "a6-d3"], ["view", "kona", start, "1"]]
    for junk in JUNK:
        argvs += [[junk], [junk, "kona"], ["moves", junk, start], ["moves", "kona", junk],
                  ["perft", "kona", junk], ["perft", junk, "1"], ["perft", "kona", "1", junk],
                  ["play", "kona", junk, "a6-d3"], ["view", "kona", start, junk], ["view", "kona", junk]]
    for game, position in POSITIONS.items():
        for text in mangled(position)[:12]:
            argvs += [["moves", game, text], ["view", game, text, "0"]]
    return argvs


def test_the_command_line_answers_junk_in_one_line() -> None:
    for argv in cases():
        ran = call(main, argv, seconds=10)
        check(ran, allowed=(0, 1, 2) if argv[:1] == ["play"] else (0, 2))
    perft = call(main, ["perft", "kona", "99999999999999999999"])
    assert perft.err == f"error: perft counts to a depth from 1 to {MAX_PERFT_DEPTH}, not 99999999999999999999\n"
    assert call(main, ["perft", "kona", "2"]).out.strip() == "438"  # KO-9.7: the bound keeps real counts


def test_end_to_end_a_huge_number_and_bytes_that_are_not_utf8() -> None:
    for argv in (["perft", "kona", "9" * 5000], ["moves", "kona", POSITIONS["kona"].replace("0", "9" * 5000)],
                 ["play", "kona", POSITIONS["kona"], b"a6-d\xff"], ["moves", b"k\xffna", "x"]):
        check_process(run_module("engines", argv, seconds=60), allowed=(1, 2))


@pytest.mark.parametrize("command", ["moves", "perft", "play", "view"])
def test_each_commands_help_says_what_its_arguments_take(command: str) -> None:
    # the arguments were listed bare ("game", "position", "seat"): a newcomer had to read the code
    ran = call(main, [command, "--help"])
    assert ran.code == 0
    arguments = ran.out.split("positional arguments:")[1].split("options:")[0]
    assert all(game in arguments for game in ("kona", "carpniches", "plateau", "k3", "krakatoa")), arguments
    assert "quoted" in arguments, arguments  # a position has spaces: it is one argument
    extra = {"perft": "1 to 8", "play": "notation", "view": "spectator", "moves": "legal"}[command]
    assert extra in ran.out, ran.out


@pytest.mark.parametrize("module, argv", [
    ("engines", ["moves", "kona", POSITIONS["kona"]]),
    ("engines", ["play", "kona", POSITIONS["kona"]]),
    ("engines", ["--help"]),
    ("ai", ["move", "kona", POSITIONS["kona"], "--iterations", "20"]),
    ("render", ["--help"]),
    ("data", ["--help"]),
])
def test_output_into_a_closed_pipe_is_no_traceback(module: str, argv: list[str]) -> None:
    # `python -m engines moves plateau "…" | head -1`: once head has read its line and quit, the rest of the
    # output has nowhere to go; that is the reader's choice, not an error of the command line to print
    done = run_into_closed_pipe(module, argv)
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err
    if "--help" in argv:  # argparse drops a help it cannot write (its own choice), so 0 may come back
        assert done.returncode in (0, 1), (done.returncode, err)
    else:
        assert done.returncode == 1, (done.returncode, err)  # not 0: the output did not all arrive


@pytest.mark.parametrize("module, argv", [
    ("ai", ["move", "kona", POSITIONS["kona"], "--iterations", "50"]),
    ("engines", ["moves", "kona", POSITIONS["kona"]]),
    ("render", ["kona", POSITIONS["kona"]]),
])
@pytest.mark.parametrize("redirect, code, said", [
    (">&-", 2, "error: standard output is closed"),  # print() dropped the answer; a flush then raised
    (">/dev/full", 1, "error: the output could not be written (No space left on device)"),
])
def test_output_that_cannot_be_written_is_said_in_one_line(module: str, argv: list[str], redirect: str, code: int,
                                                          said: str) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    quoted = " ".join(shlex.quote(a) for a in [sys.executable, "-m", module, *argv])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["sh", "-c", f"{quoted} {redirect}"], capture_output=True, cwd=ROOT, env=env,
                          timeout=60, check=False)
    err = done.stderr.decode()
    assert done.returncode == code and err.startswith(said) and err.count("\n") == 1, (done.returncode, err)


def test_ai_serve_with_stdin_closed_reads_an_empty_input() -> None:
    quoted = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "ai", "serve", "kona"])
    done = subprocess.run(["sh", "-c", f"{quoted} <&-"], capture_output=True, cwd=ROOT, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stderr == b"" and done.stdout == b""
