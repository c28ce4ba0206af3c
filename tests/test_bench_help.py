"""Each benchmark's ``--help`` names the command that runs it (``python -m bench.X``), as the README does.

Before: the usage line was the file's name (``usage: fairness.py ...``), which does not run from the
repository (the benchmarks import the project as a package)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEEDS_NUMPY = {"krakatoa_optimum", "krakatoa_plan"}
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("*.py") if not p.stem.startswith("_"))


@pytest.mark.parametrize("name", BENCHES)
def test_help_names_the_command_that_runs_it(name: str) -> None:
    source = (ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8")
    if "ArgumentParser(" not in source:
        pytest.skip("no command line of its own")
    if name in NEEDS_NUMPY and importlib.util.find_spec("numpy") is None:
        pytest.skip("needs numpy (requirements-bench.txt)")
    done = subprocess.run([sys.executable, "-m", f"bench.{name}", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: python -m bench.{name} "), done.stdout.splitlines()[0]
    # its description is whole sentences (two stopped mid-sentence, "...so its time is", at a docstring's line end)
    described = done.stdout.split("\n\n")[1] if "\n\n" in done.stdout else ""
    if described and not described.lstrip().startswith(("positional arguments", "options")):
        assert described.rstrip().endswith((".", ":", ")", "?")), described
