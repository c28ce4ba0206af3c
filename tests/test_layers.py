"""The front ends' layers (docs/architecture.md, the house): cogs/ has no import circle, the console's areas
(console_areas/) do not import console.py, which builds them, and neither cogs/ nor the console nor bot.py imports
engines/, render/ or data/ (everything comes through tables/).

Imports are read with ``ast`` from the source, wherever they are written: at the top, inside a
function, or under ``if TYPE_CHECKING:`` (a circle of type-only imports is still a circle for a reader).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COGS = ROOT / "cogs"
AREAS = ROOT / "console_areas"
#: what the front ends reach only through tables/
BELOW_TABLES = ("engines", "render", "data")
FRONT_ENDS = [*sorted(COGS.glob("*.py")), *sorted(AREAS.glob("*.py")), ROOT / "console.py", ROOT / "bot.py"]


def imported(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, dotted, wherever the import statement is (``from a import b``
    yields ``a.b`` as well as ``a``: ``b`` may be a module)."""
    package = path.parent.name if path.parent != ROOT else ""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, from inside the package
                base = ".".join(filter(None, [package, base]))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            yield str(node.args[0].value)


def cogs_graph() -> dict[str, set[str]]:
    """cogs module -> the cogs modules it imports."""
    modules = {f"cogs.{p.stem}" for p in COGS.glob("*.py") if p.stem != "__init__"}
    return {f"cogs.{p.stem}": {m for m in imported(p) if m in modules and m != f"cogs.{p.stem}"}
            for p in COGS.glob("*.py") if p.stem != "__init__"}


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (``[a, b, a]``), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_the_cycle_finder_finds_circles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_imports_are_read_everywhere(tmp_path: Path) -> None:
    """A type-only import and one inside a function count like a top-level one."""
    package = tmp_path / "cogs"
    package.mkdir()
    source = package / "x.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.y import Y\n"
                      "def f():\n    from engines import GAMES\n    from . import z\n")
    found = set(imported(source))
    assert {"cogs.y", "engines", "engines.GAMES", "cogs.z"} <= found


def test_cogs_import_no_circle() -> None:
    graph = cogs_graph()
    assert "cogs.play" in graph["cogs.client"], "the graph is read (the client composes the areas)"
    cycle = find_cycle(graph)
    assert cycle is None, "an import circle in cogs/: " + " -> ".join(cycle or [])


def test_the_consoles_areas_do_not_import_the_console() -> None:
    """console.py builds its areas and hands each itself, as the ``Terminal`` they use (``console_areas.common``):
    an area importing console.py, even for a type, would be a circle."""
    assert "console_areas.lessons" in set(imported(ROOT / "console.py")), "the console's imports are read"
    wrong = sorted(f"{path.name} imports {name}" for path in AREAS.glob("*.py") for name in imported(path)
                   if name.split(".")[0] == "console")
    assert wrong == []


def test_front_ends_import_nothing_below_tables() -> None:
    wrong = sorted(f"{path.relative_to(ROOT)} imports {name}" for path in FRONT_ENDS for name in imported(path)
                   if name.split(".")[0] in BELOW_TABLES)
    assert wrong == []


#: the one cogs module that says the service's sentences (``said``, ``service_text``: each through
#: ``cogs.command_words``, so the commands they name are the reader's; refusals are said by ``TableError``
#: itself, renamed in ``cogs.handling.refusal_text``)
SAYS_THE_SERVICE = {"plain.py"}


def test_only_plain_says_the_services_sentences() -> None:
    """No other cogs module reaches the service's catalogue itself (``tables.t``, ``tables.i18n.t``, or the module
    ``tables.i18n`` to call ``t`` on): a sentence said past ``cogs.plain`` would name the console's commands to a
    Spanish reader.  Its param helpers (``said`` of a picture's words, ``counted``) stay free to import."""
    for path in sorted(COGS.glob("*.py")):
        if path.name in SAYS_THE_SERVICE:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                assert not (node.module == "tables" and names & {"t", "i18n"}), (path.name, names)
                assert not (node.module == "tables.i18n" and "t" in names), (path.name, names)
            elif isinstance(node, ast.Import):
                assert "tables.i18n" not in {alias.name for alias in node.names}, path.name
