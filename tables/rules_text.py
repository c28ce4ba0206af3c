"""The players' rules texts, one source for every front end (issue 14).

The words live in the repository as markdown, next to each other so translators see them together:

    docs/rules/<game>.md          the full rules for players, English
    docs/rules/<game>.quick.md    the quick-start (fits one Discord embed), English
    docs/rules/es/<game>...       the same in Spanish

Another language is another folder under ``docs/rules``; a text missing in it falls back to English.
These are the players' rules; the specifications with rule numbers are ``docs/spec/<game>.md``.
"""

from __future__ import annotations

from pathlib import Path

from engines import canonical_name

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
#: Discord's limit for one embed description; every quick-start must fit (a test checks it)
EMBED_LIMIT = 4096


class RulesMissing(LookupError):
    """No text for that game in any language (a broken deployment, not a user error)."""


def rules_path(game: str, lang: str = "en", quick: bool = False, folder: Path = RULES_DIR) -> Path:
    """The file holding ``game``'s text in ``lang``, or the English one when ``lang`` has none.

    ``game`` may be an alias (``carpniches``); an unknown game raises ``KeyError`` with a sentence
    naming the games.
    """
    name = canonical_name(game)
    filename = f"{name}.quick.md" if quick else f"{name}.md"
    for base in ((folder / lang) if lang != "en" else folder, folder):
        if (base / filename).is_file():
            return base / filename
    raise RulesMissing(str(folder / filename))


def quickstart(game: str, lang: str = "en", folder: Path = RULES_DIR) -> str:
    """A short quick-start for ``/rules GAME``, markdown, at most :data:`EMBED_LIMIT` characters."""
    return rules_path(game, lang, quick=True, folder=folder).read_text(encoding="utf-8").strip()


def full_rules(game: str, lang: str = "en", folder: Path = RULES_DIR) -> str:
    """The players' full rules for ``/rules GAME full``, markdown."""
    return rules_path(game, lang, folder=folder).read_text(encoding="utf-8")


def pages(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """``text`` cut into pages of at most ``limit`` characters, between sections or paragraphs when
    possible, so a long document can go out as several Discord embeds."""
    out: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        piece = block if not current else "\n\n" + block
        if len(current) + len(piece) <= limit:
            current += piece
            continue
        if current:
            out.append(current)
        while len(block) > limit:  # a single paragraph longer than a page: cut at a line, else hard
            cut = block.rfind("\n", 0, limit)
            cut = cut if cut > 0 else limit
            out.append(block[:cut])
            block = block[cut:].lstrip("\n")
        current = block
    if current:
        out.append(current)
    return out
