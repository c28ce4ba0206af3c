"""What Mesa's command lines share (``python -m engines``, ``ai``, ``render``, ``data``): an error is
one line.

A command line is used by people and by scripts; both read its first line of error, and a script
tells success from failure by the exit code alone.  So whatever the arguments (a 5,000-digit
number, a 100,000-character word, a control character, an unknown subcommand), a refusal is one
line, ``error: ...``, on standard error, at most ``MAX_ERROR_CHARS`` long (an argument echoed back
is cut short), and the exit code is 2.  argparse's own refusals would print the usage first and
exit at once; ``OneLineParser`` raises ``CommandLineError`` instead, which each ``main`` turns into
its one line, so ``main(argv)`` can be called (and tested) in-process.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

#: the longest error line a command line prints (an echoed argument is cut to fit)
MAX_ERROR_CHARS = 300

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


class CommandLineError(Exception):
    """A command line that cannot be run; its text is the one line the user sees."""


def one_line(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``text`` on one line (newlines and other control characters made spaces), cut to ``limit``."""
    flat = _CONTROL.sub(" ", str(text)).strip()
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def fail(message: str, err: TextIO | None = None) -> int:
    """Print ``error: message`` as one line on standard error; the exit code 2."""
    print(f"error: {one_line(message)}", file=sys.stderr if err is None else err)
    return 2


class OneLineParser(argparse.ArgumentParser):
    """argparse whose refusals raise ``CommandLineError`` (one line) instead of printing the usage
    and exiting.  Sub-parsers made with ``add_subparsers`` are of the same class."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(f"{message} (see {self.prog} --help)")


def escape_unencodable_output() -> None:
    """Write what the terminal cannot encode as escapes: an argument that is not UTF-8 (a file name
    of bytes) is echoed as ``\\udcff``, not a ``UnicodeEncodeError`` traceback.  For ``__main__`` only."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def run_main(main: Callable[[], int | None]) -> NoReturn:
    """Run a command line's ``main`` as ``__main__``: unencodable output escaped, and output into a pipe
    its reader has closed (``python -m engines moves … | head -1``, once ``head`` has quit) ends quietly
    with exit code 1 (the output did not all arrive), not a ``BrokenPipeError`` traceback.  Output that cannot
    be written at all (standard output closed, ``>&-``; a full disk, ``>/dev/full``) is said in one line on
    standard error; a closed standard input reads as an empty one."""
    if sys.stdout is None:  # print() would drop every answer without a word, and the exit say all was well
        sys.exit(fail("standard output is closed: there is nowhere to print the answer"))
    if sys.stdin is None:
        sys.stdin = open(os.devnull)  # noqa: SIM115 - the process's own stdin, for as long as it runs
    escape_unencodable_output()
    try:
        try:
            code: str | int | None = main()
        except SystemExit as exc:  # --help, which printed before exiting
            code = exc.code
        sys.stdout.flush()
    except BrokenPipeError:
        _to_nowhere()
        sys.exit(1)
    except OSError as exc:  # not a reader gone: the output itself cannot be written (ENOSPC, EIO)
        _to_nowhere()
        fail(f"the output could not be written ({exc.strerror or type(exc).__name__})")
        sys.exit(1)
    sys.exit(code)


def _to_nowhere() -> None:
    """What is left in standard output's buffer is flushed at exit: to nowhere (no second error then)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
