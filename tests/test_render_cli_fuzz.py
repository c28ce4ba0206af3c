"""``python -m render`` never crashes and never hangs (issue 29).

Before: ``--out`` naming a missing folder or a directory was a traceback, and ``--names`` of
100,000 letters drew for hours (fitting a name to its strip takes the square of its length).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_fuzz import JUNK, POSITIONS, call, check, check_process, mangled, run_module

from render.__main__ import MAX_NAME_CHARS, main

KONA = POSITIONS["kona"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # GAME.png, the default --out, lands here


def test_out_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    for out in (str(tmp_path / "missing" / "k.png"), str(tmp_path), "/proc/nope.png", "", "a" * 100_000, "x\x00.png"):
        ran = call(main, ["kona", KONA, "--out", out])
        check(ran)
        assert ran.code == 2 and ran.out == "", str(ran)
    assert not (tmp_path / "missing").exists()


def test_names_are_bounded_and_a_long_one_is_refused_at_once(tmp_path: Path) -> None:
    ran = call(main, ["kona", KONA, "--names", "a" * 100_000, "--out", "k.png"], seconds=5)
    check(ran)
    assert ran.code == 2 and f"at most {MAX_NAME_CHARS}" in ran.err
    longest = "é☃𝟗W" * (MAX_NAME_CHARS // 4)
    ran = call(main, ["kona", KONA, "--names", f"{longest},{longest}", "--out", "k.png"], seconds=20)
    assert ran.code == 0 and (tmp_path / "k.png").read_bytes()[:4] == b"\x89PNG", str(ran)
    check(call(main, ["kona", KONA, "--names", "a,b,c", "--out", "k.png"]))  # more names than seats
    for broken in ("two\nlines", "a\rb", "\x85", "para\u2029graph"):  # the text layout fails on a line break
        ran = call(main, ["kona", KONA, "--names", f"{broken},Ben", "--out", "k.png"])
        check(ran)
        assert ran.code == 2 and "line break" in ran.err, str(ran)


def test_junk_arguments_are_answered_in_one_line(tmp_path: Path) -> None:
    argvs: list[list[str]] = [[], ["--help"], ["kona"], ["kona", KONA, "--viewer", "9" * 5000]]
    for junk in JUNK:
        argvs += [[junk, KONA], ["kona", junk], ["kona", KONA, "--viewer", junk], ["kona", KONA, "--names", junk,
                                                                                   "--out", "n.png"],
                  ["kona", KONA, "--out", junk], ["kona", KONA, junk]]
    for game, position in POSITIONS.items():
        argvs += [[game, text, "--out", "m.png"] for text in mangled(position)[:8]]
    for argv in argvs:
        check(call(main, argv, seconds=20))


def test_end_to_end(tmp_path: Path) -> None:
    for argv in (["kona", KONA, "--out", str(tmp_path)], ["kona", KONA, "--names", "a" * 100_000],
                 ["kona", KONA, "--out", b"/proc/\xff.png"], ["kona", KONA, "--viewer", "9" * 5000]):
        check_process(run_module("render", argv, cwd=tmp_path, seconds=60), allowed=(2,))
    done = run_module("render", ["kona", KONA, "--out", "ok.png", "--names", "Ana,Ben"], cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "ok.png").exists()


def test_help_reads_as_words_and_names_the_games() -> None:
    # the description was the module docstring's first line, reStructuredText and all ("``python -m render ...``")
    ran = call(main, ["--help"])
    assert ran.code == 0
    assert "``" not in ran.out
    games = ran.out.split("positional arguments:")[1].split("options:")[0]  # the arguments' own help
    assert all(game in games for game in ("kona", "plateau", "k3", "krakatoa")), games
    assert "quoted" in games, games  # a position has spaces: it must be one argument
