"""The console's ``--describe``: each picture in words under its post (its alt text on Discord), with or
without images, a lesson's in the learner's language; without the flag, nothing more is printed."""

from __future__ import annotations

from pathlib import Path

import console

SCRIPT = ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ana: /learn kona es"]


async def test_describe_says_each_picture_in_words(tmp_path: Path) -> None:
    out: list[str] = []
    await console.run(SCRIPT, str(tmp_path / "c.db"), None, False, out.append, seed=1, describe=True)
    pictures = [line for line in out if "   picture: " in line]
    boards = [line for line in pictures if line.startswith("[#1]")]
    assert len(boards) == 2, "the opening board and the board after a6-d3"
    # KO-2.3: four stacks of three in the corners; after a6-d3 the capybara stands alone on d3
    assert all(f"{sq}: a stack of 3" in boards[0] for sq in ("a6", "f6", "a1", "f1"))
    assert "d3: a capybara." in boards[1] and "a6: a stack of 2, from the top: poodle and capybara." in boards[1]
    lesson = [line for line in out if line.startswith("[dm Ana]   imagen: ")]  # all of it in Spanish
    assert lesson and "una pila de" in lesson[-1], "the lesson's picture in the learner's Spanish"


async def test_without_describe_no_words_are_added(tmp_path: Path) -> None:
    out: list[str] = []
    await console.run(SCRIPT, str(tmp_path / "c.db"), tmp_path / "img", True, out.append, seed=1)
    assert out and not [line for line in out if "picture: " in line]
    assert any("(image: " in line for line in out), "the pictures are still written"
