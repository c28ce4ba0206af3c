"""``/rules`` for Discord: the texts come from ``tables.rules_text`` (``docs/rules/``), shared with the console."""

from __future__ import annotations

from tables.rules_text import RulesMissing, quickstart
from tables.rules_text import full_rules as _full_rules

__all__ = ["full_rules", "quickstart"]


def full_rules(game: str, lang: str = "en") -> bytes | None:
    """The players' full rules in ``lang`` as a markdown file's bytes, or None when not shipped."""
    try:
        return _full_rules(game, lang).encode("utf-8")
    except RulesMissing:
        return None
