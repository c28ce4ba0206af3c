"""Fuzzing Mesa's command lines (issue 29): junk arguments of every kind, one-line answers.

``call(main, argv)`` runs a command line's ``main`` in this process (no interpreter to start per
case, so hundreds of cases cost seconds), with standard input, output and error captured and a
time limit (``SIGALRM``: a search or a count that does not stop fails the test instead of hanging
it).  ``check`` asserts the contract of ``engines.cli``: no exception escapes, the exit code is one
the case allows, and standard error is at most one line, ``error: ...``, of bounded length.
``run_module`` is the end-to-end half: ``python -m <module>`` in a subprocess, with a timeout.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from engines.cli import MAX_ERROR_CHARS

ROOT = Path(__file__).resolve().parent.parent

#: arguments of many kinds: huge and negative numbers, empty, very long, unicode, control
#: characters, option-like words, bad paths
JUNK: tuple[str, ...] = (
    "", " ", "-", "--", "-1", "0", "1", "-0", "3.5", "1e999", "nan", "0x1F",
    "99999999999999999999", "9" * 5000, "-" + "9" * 5000,
    "a" * 100_000, "é☃\u200f𝟗²③", "\x00", "\n", "two\nlines", "\x1b[2J", "\udcff",
    "--help-me", "-x", "%s%n{0}", "'\"", "../../../../etc/passwd", "/proc/nope/x", "/",
)

#: a valid position of each game (the command lines' happy path stays in the fuzz)
POSITIONS = {
    "kona": "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -",
    "plateau": "4/4/4/4 B open rb.ox.rx.bx.2rr.2bb.4xx rb.ox.rx.bx.2rr.2bb.4xx - - 0",
    "k3": "1/2/3/4/5/6/7/8/RBBYGKRRG N/YR/WKB/GYBY/KRGNK/GYWBRB|R/KG/BYN/WRYK/GBKNY/BGKRYW play 0 - -",
    "krakatoa": "---/---/RRR play 1 1 1 throw 1 0,0 10,20 - 3 advanced",
}


def mangled(position: str) -> list[str]:
    """Positions one slip away from a valid one: a field dropped, doubled, replaced by junk, a huge count."""
    fields = position.split()
    out = [" ".join(fields[:-1]), position + " " + fields[-1], position.replace("/", "//", 1),
           position.replace("4", "9" * 5000, 1), position.replace("1", "²", 1), position.replace("0", "-1", 1),
           position.replace("0", "99999999999999999999", 1), position.upper(), position.lower()]
    for i in range(len(fields)):
        for junk in ("", "9" * 5000, "-1", "é", "99999999999"):
            out.append(" ".join([*fields[:i], junk, *fields[i + 1:]]))
    return out


class Hang(Exception):
    """A case ran past its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in the running code after ``seconds`` (pytest and its xdist workers run tests in
    the main thread, where signals arrive; elsewhere no limit is set rather than failing)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Ran:
    argv: Sequence[str]
    code: int
    out: str
    err: str

    def __str__(self) -> str:
        shown = [a if len(a) < 60 else f"{a[:20]}...({len(a)} chars)" for a in self.argv]
        return f"{shown!r} -> {self.code}, stderr {self.err[:300]!r}"


def call(main: Callable[[list[str]], object], argv: Sequence[str], *, stdin: str = "",
         seconds: float = 10.0) -> Ran:
    """``main(argv)`` in this process: its exit code (``SystemExit`` too) and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_limit(seconds):
            try:
                code = main(list(argv))
            except SystemExit as exc:  # --help; anything else should have returned
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = saved_stdin
    return Ran(list(argv), int(code) if isinstance(code, int) else 0, out.getvalue(), err.getvalue())


def check(ran: Ran, allowed: Sequence[int] = (0, 2)) -> None:
    """The contract: an allowed exit code; an error is one line ``error: ...`` of bounded length."""
    assert ran.code in allowed, str(ran)
    assert "Traceback" not in ran.err, str(ran)
    assert ran.err.count("\n") <= 1 and (ran.err == "" or ran.err.endswith("\n")), str(ran)
    if ran.code == 2:
        assert ran.err.startswith("error: "), str(ran)
    assert len(ran.err) <= MAX_ERROR_CHARS + len("error: \n"), str(ran)


def run_module(module: str, argv: Sequence[str | bytes], *, stdin: bytes = b"", seconds: float = 60.0,
               cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    """``python -m module argv`` end to end (arguments may be bytes that are not UTF-8)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", module, *argv], input=stdin, capture_output=True, cwd=cwd,
                          env=env, timeout=seconds, check=False)


def check_process(done: subprocess.CompletedProcess[bytes], allowed: Sequence[int] = (0, 2)) -> None:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode in allowed, (done.args[:6], done.returncode, err[:500])
    assert "Traceback" not in err and err.count("\n") <= 1, err[:2000]
    if done.returncode == 2:
        assert err.startswith("error: "), err[:500]


def run_into_closed_pipe(module: str, argv: Sequence[str], *,
                         seconds: float = 60.0) -> subprocess.CompletedProcess[bytes]:
    """``python -m module argv`` writing to a pipe nobody reads any more (``… | head -1`` once head has
    quit): every write to standard output fails with ``BrokenPipeError``."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        return subprocess.run([sys.executable, "-m", module, *argv], stdout=write_end, stderr=subprocess.PIPE,
                              cwd=ROOT, env=env, timeout=seconds, check=False)
    finally:
        os.close(write_end)
