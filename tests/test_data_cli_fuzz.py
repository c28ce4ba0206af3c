"""``python -m data`` never crashes and never hangs, whatever its arguments (issue 29).

Before: a URL with port 99999 was an ``OverflowError`` traceback, argparse's refusals were the
usage and a line, and a path holding a NUL was a ``ValueError`` traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_fuzz import JUNK, call, check, check_process, run_module

from data.__main__ import main

#: where the junk runs: deep enough that its relative paths (``../../../../etc/passwd``) stay in the test's folder,
#: whatever the depth of the folder itself (a copy or a migrate there made /tmp/etc/passwd, a database that the
#: next run's ``verify`` then found: the suite failed on its second run on a machine)
DEEP = Path("a/b/c/d")


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / DEEP).mkdir(parents=True)
    monkeypatch.chdir(tmp_path / DEEP)  # migrate creates the files it is given; they land here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DATABASE_PATH", raising=False)


URLS = ("postgresql://", "postgresql://mesa@127.0.0.1:99999/mesa", "postgresql://mesa@127.0.0.1:port/mesa",
        "postgresql://mesa@127.0.0.1:1/mesa", "postgresql://[::1/mesa", "postgresql://mesa@/mesa?port=99999",
        "postgresql://" + "h" * 300 + "/mesa", "postgres://mesa@127.0.0.1:1/mesa?sslmode=nonsense",
        "sqlite:///mesa.db", "mysql://u:p@h/db")


def test_junk_arguments_are_answered_in_one_line(tmp_path: Path) -> None:
    mesa = str(tmp_path / "mesa.db")
    assert call(main, ["migrate", mesa]).code == 0  # one real database to point the junk at
    argvs: list[list[str]] = [[], ["--help"], ["copy"], ["copy", mesa], ["verify"], ["frobnicate", mesa],
                              ["verify", mesa, "extra"], ["copy", mesa, mesa]]
    for junk in (*JUNK, *URLS):
        argvs += [[junk], ["verify", junk], ["copy", junk, str(tmp_path / "new.db")], ["copy", mesa, junk],
                  ["migrate", junk], [junk, mesa]]
    for argv in argvs:
        ran = call(main, argv, seconds=30)
        check(ran)
        if ran.code == 0:  # only a migrate of a new file (or --help), or a copy into a new one, succeeds
            assert argv[:1] in (["migrate"], ["copy"], ["--help"]), str(ran)
    assert not (tmp_path / DEEP / "h").exists()  # no URL was taken for a file name


def test_port_99999_is_one_line_naming_the_port() -> None:
    ran = call(main, ["migrate", "postgresql://mesa:pw-99@127.0.0.1:99999/mesa"])
    check(ran)
    assert ran.code == 2 and "65535" in ran.err and "pw-99" not in ran.err


def test_end_to_end(tmp_path: Path) -> None:
    for argv in (["migrate", "postgresql://mesa@127.0.0.1:99999/mesa"], ["verify", b"/tmp/\xff/mesa.db"],
                 ["copy", "9" * 5000, "x.db"], ["frobnicate"], []):
        check_process(run_module("data", argv, cwd=tmp_path / DEEP), allowed=(2,))
    assert sorted(p.name for p in (tmp_path / DEEP).iterdir()) == []
