"""The project stands on its own (issue 14): rules, specifications and docs live in the repository."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engines import GAMES
from tables import rules_text

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["en", "es"]
#: paths outside the repository that files once named (spelt in two parts so this file does not name them)
OUTSIDE = [".." + "/shared", "/work" + "/shared"]


def test_nothing_reaches_outside_the_repository() -> None:
    """No file of the project names a folder beside it (the old shared rules and design)."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not tracked:  # not a git checkout: look at the usual text files
        tracked = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.suffix in (".py", ".md", ".txt", ".toml")]
    offenders = []
    for name in tracked:
        path = ROOT / name
        if path.suffix not in (".py", ".md", ".txt", ".toml", ".cfg", ".yml", ".yaml", "") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(outside in text for outside in OUTSIDE):
            offenders.append(name)
    assert offenders == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_specification_in_the_repo(game: str) -> None:
    spec = (ROOT / "docs" / "spec" / f"{game}.md").read_text(encoding="utf-8")
    prefix = {"kona": "KO", "plateau": "PL", "k3": "K3", "krakatoa": "KR"}[game]
    assert re.search(rf"\b{prefix}-\d+\.\d+", spec), "rule numbers cited in the code are found in the repo"


def test_rule_numbers_cited_in_the_engines_exist_in_the_specifications() -> None:
    specs = "\n".join((ROOT / "docs" / "spec" / f"{g}.md").read_text(encoding="utf-8") for g in GAMES)
    cited = set()
    for path in (ROOT / "engines").glob("*.py"):
        cited |= set(re.findall(r"\b(?:KO|PL|K3|KR)-\d+(?:\.\d+)?\b", path.read_text(encoding="utf-8")))
    assert cited, "the engines cite rule numbers"
    missing = sorted(c for c in cited if c not in specs)
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_players_rules_and_quickstart_exist_in_each_language(game: str, lang: str) -> None:
    full = rules_text.full_rules(game, lang)
    quick = rules_text.quickstart(game, lang)
    folder = ROOT / "docs" / "rules" / ("" if lang == "en" else lang)
    assert rules_text.rules_path(game, lang) == (folder / f"{game}.md").resolve()
    assert full.startswith("# ") and ("how to play" in full if lang == "en" else "cómo se juega" in full)
    assert 200 < len(quick) <= rules_text.EMBED_LIMIT
    assert not re.search(r"\b(?:KO|PL|K3|KR)-\d", quick), "the quick-start speaks to players, not to code"
    # every picture the rules show is in the repository
    for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", full):
        assert (folder / target).resolve().is_file(), target
    assert re.findall(r"!\[[^\]]*\]\(([^)]+)\)", full), "a few pictures"


def test_spanish_texts_are_spanish_and_fall_back_to_english(tmp_path: Path) -> None:
    assert "capibara" in rules_text.quickstart("kona", "es")
    assert "capybara" in rules_text.quickstart("carpniches", "en")
    (tmp_path / "kona.md").write_text("# Kona\n", encoding="utf-8")
    assert rules_text.full_rules("kona", "fr", folder=tmp_path) == "# Kona\n"
    with pytest.raises(rules_text.RulesMissing):
        rules_text.full_rules("k3", "en", folder=tmp_path)
    with pytest.raises(KeyError):
        rules_text.full_rules("chess")


def test_pages_keep_every_word_under_the_limit() -> None:
    text = rules_text.full_rules("plateau", "es")
    pages = rules_text.pages(text, 1000)
    assert len(pages) > 3 and all(len(p) <= 1000 for p in pages)
    assert "".join(p.replace("\n", "") for p in pages) == text.replace("\n", "")
    assert rules_text.pages("x" * 2500, 1000) == ["x" * 1000, "x" * 1000, "x" * 500]


def _console(lines: list[str], tmp_path: Path) -> list[str]:
    proc = subprocess.run([sys.executable, "console.py", "--no-images", "--out", str(tmp_path)],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.splitlines()


def test_console_rules_full_in_english_and_spanish(tmp_path: Path) -> None:
    out = _console(["Ana: /rules krakatoa full", "Ana: /rules k3 es", "Ana: /rules plateau full es",
                    "Ana: /rules", "Ana: /rules chess"], tmp_path)
    assert "[rules] # Krakatoa — how to play" in out
    assert any(line.startswith("[rules] | points | 10 | 5 | 3 |") for line in out)
    assert any(line.startswith("[rules] **2-4 jugadores.**") for line in out)
    assert "[rules] # Plateau — cómo se juega" in out
    assert "[error Ana] Write /rules GAME [full] [en|es], for example /rules kona full; the games: kona, plateau, " \
        "k3, krakatoa" in out
    assert "[error Ana] There is no game called chess. Choose one of: kona, plateau, k3, krakatoa." in out
    # the pictures, which a terminal does not draw, are numbered captions with the file to open (it printed the
    # markdown "![caption](img/…)" and the repository's paths)
    shown = [line for line in out if line.startswith("[rules] *Imagen ")]
    assert [line.split(":")[0] for line in shown] == ["[rules] *Imagen 1", "[rules] *Imagen 2"]
    for line in shown:
        path = line.rsplit("(image: ", 1)[1].rstrip(")")
        assert path.endswith(".png") and (ROOT / path).is_file()
    assert not any("![" in line or "](" in line or "docs/spec" in line for line in out)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", ["kona", "plateau", "k3", "krakatoa"])
def test_the_full_rules_as_a_player_reads_them(game: str, lang: str) -> None:
    source = rules_text.full_rules(game, lang)
    text, pictures = rules_text.for_reading(game, lang)
    captions = re.findall(r"^!\[([^\]]*)\]", source, flags=re.M)
    assert len(pictures) == len(captions) > 0 and all(p.is_file() and p.suffix == ".png" for p in pictures)
    word = {"en": "Picture", "es": "Imagen"}[lang]
    for n, caption in enumerate(captions, start=1):
        assert f"*{word} {n}: {caption}*" in text
    assert "![" not in text and not re.search(r"\]\((?!https?://)", text)  # no picture or file link left
    assert "tables/" not in text and "docs/" not in text  # the repository is not the player's
    assert f"/{'learn' if lang == 'en' else 'aprender'} {game}" in text  # the sentence keeps its words
    kept = [line for line in source.splitlines() if line.startswith("## ")]
    assert kept and all(line in text for line in kept)  # every section is still there
