"""``data/`` has no import circle (issue 27): read from the source, function-local imports included.

A circle held together by an import inside a function works only because of the order modules
happen to load in; the day someone moves that import to the top, the package fails to import.
So every ``import`` statement of ``data/*.py`` counts, wherever it stands (``TYPE_CHECKING``
blocks too).  The package itself (``data/__init__.py``, which re-exports the modules) is the node
``data``: a module of ``data`` that imports from ``data`` rather than from the module that defines
the name closes a circle through it.  (Python imports a package before its submodules; that
implicit step is not an edge, or every package with a re-exporting ``__init__`` would be a circle.)
"""

from __future__ import annotations

import ast
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def module_name(path: Path) -> str:
    return "data" if path.stem == "__init__" else f"data.{path.stem}"


def imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the file imports, anywhere in it."""
    found: set[str] = set()
    package = "data"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from .x import y
                base = ".".join([package, *([base] if base else [])])
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            # ``import data.x.y`` or ``from data.x import y`` reaches data.x; ``from data import x``
            # reaches data.x when x is a module, else the package
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def import_graph(folder: Path) -> dict[str, set[str]]:
    files = sorted(folder.glob("*.py"))
    modules = {module_name(p) for p in files}
    return {module_name(p): imported_modules(p, modules) - {module_name(p)} for p in files}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (each holds a circle), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm; data/ is a dozen modules, recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_checker_finds_a_circle_held_by_a_function_local_import(tmp_path: Path) -> None:
    """The shape issue 27 found: the repository's ``open`` imported the factory, which imports it."""
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "repository.py").write_text("class Repository:\n    def open(self):\n"
                                            "        from data.factory import open_repository\n")
    (tmp_path / "factory.py").write_text("from data.repository import Repository\n")
    (tmp_path / "models.py").write_text("import json\n")
    assert circles(import_graph(tmp_path)) == [["data.factory", "data.repository"]]
    (tmp_path / "models.py").write_text("from data import Repository\n")  # through the package
    (tmp_path / "__init__.py").write_text("from data.models import X\n")
    assert ["data", "data.models"] in circles(import_graph(tmp_path))


def test_data_has_no_import_circle() -> None:
    graph = import_graph(DATA)
    assert {"data.repository", "data.factory", "data.sqlite", "data.postgres"} <= set(graph)  # it read data/
    assert "data.repository" in graph["data.sqlite"]  # and it sees imports
    assert circles(graph) == []
