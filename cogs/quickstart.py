"""``/rules`` for Discord: the texts come from ``tables.rules_text`` (``docs/rules/``), shared with the console."""

from __future__ import annotations

from pathlib import Path

from tables.rules_text import RulesMissing, captions, for_reading, quickstart

__all__ = ["full_rules", "quickstart"]


def full_rules(game: str, lang: str = "en") -> tuple[bytes, list[tuple[Path, str]]] | None:
    """The players' full rules in ``lang`` as a markdown file's bytes, as a player reads them (each picture a
    numbered caption, ``tables.rules_text.for_reading``), with the pictures to attach in that order, each with
    its caption (its alt text); None when not shipped."""
    try:
        text, pictures = for_reading(game, lang)
        said = captions(game, lang)
    except RulesMissing:
        return None
    return (text + "\n").encode("utf-8"), list(zip(pictures, said, strict=True))
