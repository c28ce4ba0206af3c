"""``python -m ai move|serve`` never crash and never hang, and ``serve`` outlives any line (issue 29).

Before: a 5,000-digit number in a position was a traceback (``move``) and ended ``serve`` instead of
an ``error: ...`` answer; ``--iterations 99999999999`` searched for hours.
"""

from __future__ import annotations

from cli_fuzz import JUNK, POSITIONS, call, check, check_process, mangled, run_module

from ai.__main__ import MAX_ITERATIONS, MAX_MS, main
from engines import get_engine

KONA = POSITIONS["kona"]
FAST = ["--iterations", "20"]


def legal(game: str, position: str) -> list[str]:
    engine = get_engine(game)
    state = engine.from_position(position)
    return [engine.format_move(state, m) for m in engine.legal_moves(state)]


def cases() -> list[list[str]]:
    argvs: list[list[str]] = [[], ["--help"], ["move"], ["serve"], ["move", "kona"],
                              ["move", "kona", KONA, "--ms", str(MAX_MS + 1)],
                              ["move", "kona", KONA, "--iterations", str(MAX_ITERATIONS + 1)],
                              ["move", "kona", KONA, "--iterations", "99999999999"],
                              ["move", "kona", KONA, "--ms", "0"], ["move", "kona", KONA, "--seat", "-1", *FAST]]
    for junk in JUNK:
        argvs += [[junk], ["move", junk, KONA, *FAST], ["move", "kona", junk, *FAST],
                  ["move", "kona", KONA, "--seat", junk, *FAST], ["move", "kona", KONA, "--level", junk, *FAST],
                  ["move", "kona", KONA, "--ms", junk], ["move", "kona", KONA, "--iterations", junk],
                  ["move", "kona", KONA, "--seed", junk, *FAST], ["move", "kona", KONA, junk, *FAST],
                  ["serve", junk, *FAST]]
    for game, position in POSITIONS.items():
        argvs += [["move", game, text, *FAST] for text in mangled(position)[:10]]
    return argvs


def test_move_answers_junk_in_one_line() -> None:
    for argv in cases():
        check(call(main, argv, seconds=20))
    huge = call(main, ["move", "kona", KONA.replace("0", "9" * 5000), *FAST])
    assert huge.code == 2 and huge.err.startswith("error: invalid position") and huge.out == ""
    good = call(main, ["move", "kona", KONA, *FAST])
    assert good.code == 0 and good.out.strip() in legal("kona", KONA)


def test_serve_answers_every_line_and_keeps_serving() -> None:
    lines = [*JUNK, *mangled(KONA), f"{KONA}\t{'9' * 5000}", f"{KONA}\t-1", f"{KONA}\t\t", "\t0", KONA]
    lines = [line.replace("\n", " ") for line in lines]  # one request a line
    ran = call(main, ["serve", "kona", *FAST], stdin="\n".join(lines) + "\n", seconds=60)
    check(ran)
    answers = ran.out.splitlines()
    assert len(answers) == len(lines)  # one answer per request, none lost
    assert answers[-1] in legal("kona", KONA)  # and it still plays after all that
    for request, reply in zip(lines, answers, strict=True):
        assert reply.startswith("error: ") or reply in legal("kona", request.split("\t")[0]), (request[:80], reply)
        assert len(reply) < 400


def test_end_to_end_serve_survives_bytes_that_are_not_utf8_and_huge_numbers() -> None:
    stdin = b"\n".join([b"\xff\xfe garbage", KONA.replace("0", "9" * 5000).encode(), b"", KONA.encode()]) + b"\n"
    done = run_module("ai", ["serve", "kona", *FAST], stdin=stdin)
    check_process(done)
    answers = done.stdout.decode().splitlines()
    assert len(answers) == 4 and all(a.startswith("error: ") for a in answers[:3]), answers
    assert answers[3] in legal("kona", KONA)
    for argv in (["move", "kona", KONA.replace("0", "9" * 5000)], ["move", "kona", KONA, "--seat", "9" * 5000],
                 ["move", b"k\xffna", KONA]):
        done = run_module("ai", argv)
        check_process(done, allowed=(2,))
