"""Every module of the product and of ``bench/`` is named in ``docs/architecture.md``, so a contributor who
reads the architecture finds each file's one job there (a module added without a word fails here)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "render", "tables", "data", "ai", "cogs", "console_areas", "bench")


def modules() -> list[Path]:
    found = [ROOT / "bot.py", ROOT / "console.py"]
    for package in PACKAGES:
        found += [p for p in sorted((ROOT / package).rglob("*.py")) if "__pycache__" not in p.parts]
    return found


def named(path: Path, text: str) -> bool:
    if path.name == "__init__.py":
        return True  # a package is named by its folder
    if path.name == "__main__.py":
        return f"python -m {path.parent.name}" in text or "__main__.py" in text
    dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    # its file name, its dotted name, or the module in code (`lesson_goals.expected_worth`)
    return any(form in text for form in (path.name, dotted, f"`{path.stem}.", f"`{path.stem}`"))


def test_every_module_is_named_in_the_architecture() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [str(p.relative_to(ROOT)) for p in modules() if not named(p, text)]
    assert missing == [], f"name these in docs/architecture.md: {missing}"


def test_the_check_sees_a_missing_module() -> None:
    assert not named(ROOT / "tables" / "hinting.py", "tables/service.py, the hints, its thinking")
    assert named(ROOT / "tables" / "hinting.py", "`hinting.Hints`")
    assert modules(), "the walk found no module"
