"""Each front end reads the quick-start written for it (issue 28, item 19).

Discord readers get buttons and Discord's localized command names; console readers get the console's
commands (English names in both languages); a Spanish reader gets Spanish only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tables import rules_text


def test_marked_lines_and_phrases_reach_only_their_front(tmp_path: Path) -> None:
    (tmp_path / "kona.quick.md").write_text(
        "**Moves:** {discord:press *Choose a move*|console:type `/moves`}, then play.\n"
        "discord: Discord only\n"
        "console:(console only)\n"
        "Both{console: and more}.\n", encoding="utf-8")
    assert rules_text.quickstart("kona", folder=tmp_path) == (
        "**Moves:** press *Choose a move*, then play.\nDiscord only\nBoth.")
    assert rules_text.quickstart("kona", folder=tmp_path, front="console") == (
        "**Moves:** type `/moves`, then play.\n(console only)\nBoth and more.")
    with pytest.raises(ValueError):
        rules_text.quickstart("kona", folder=tmp_path, front="telegram")  # type: ignore[arg-type]
