"""Board images drawn in worker processes (tables.rendering): same bytes as drawing in-process."""

from __future__ import annotations

from engines import get_engine
from render import render
from tables.rendering import ProcessRenderer


def test_process_renderer_gives_the_same_png_as_render() -> None:
    engine = get_engine("kona")
    view = engine.view(engine.new_game(2), None)
    pool = ProcessRenderer(workers=1)
    try:
        assert pool(engine.name, view, ["Ana", "Ben"]) == render("kona", view, ["Ana", "Ben"])
    finally:
        pool.close()
    pool.close()  # closing twice is harmless
