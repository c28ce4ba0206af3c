"""The shared render layer: palette, replay GIFs, the render command line (issue 6)."""

from __future__ import annotations

import io
import random
import subprocess
import sys

import pytest
from PIL import Image

from engines import get_engine
from render import REPLAY_WIDTH, TRANSPARENT_INDEX, render, replay, replay_frames, theme

GAMES = ["kona", "plateau", "k3", "krakatoa"]


def random_views(name: str, plies: int, seed: int = 11) -> list[dict]:
    engine = get_engine(name)
    rng = random.Random(seed)
    players = 2
    state = engine.new_game(players, seed=seed)
    views = [engine.view(state, None)]
    while engine.outcome(state) is None and len(views) <= plies:
        state = engine.apply(state, engine.random_move(state, rng))
        views.append(engine.view(state, None))
    return views


def test_palette_leaves_the_transparent_index_free() -> None:
    assert len(theme.PALETTE) <= TRANSPARENT_INDEX
    assert len(set(theme.PALETTE)) == len(theme.PALETTE)


@pytest.mark.parametrize("name", GAMES)
def test_replay_gif_has_one_frame_per_chosen_view_and_stays_small(name: str) -> None:
    views = random_views(name, 100)
    data = replay(name, views)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    assert gif.n_frames == len(replay_frames(name, views))
    assert gif.width <= REPLAY_WIDTH
    assert len(data) <= 3_000_000  # issue 16
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] == 3000  # the last frame is held 3 s


@pytest.mark.parametrize("name", GAMES)
def test_replay_last_frame_shows_the_final_board(name: str) -> None:
    """The transparent-delta frames must add up to exactly the last picture (drawn on its own from
    the last two views, so with the same caption)."""
    views = random_views(name, 12)
    gif = Image.open(io.BytesIO(replay(name, views)))
    gif.seek(gif.n_frames - 1)
    shown = gif.convert("RGB")
    alone = Image.open(io.BytesIO(replay(name, views[-2:])))
    alone.seek(alone.n_frames - 1)
    expected = alone.convert("RGB")
    # the same card, grown above its foot where a taller frame set the GIF's height (theme.taller)
    foot = theme.FRAME_WIDTH + 14
    height = min(shown.height, expected.height) - foot
    assert shown.crop((0, 0, shown.width, height)).tobytes() == expected.crop((0, 0, shown.width, height)).tobytes()
    assert shown.crop((0, shown.height - foot, shown.width, shown.height)).tobytes() == \
        expected.crop((0, expected.height - foot, shown.width, expected.height)).tobytes()


def test_replay_needs_views() -> None:
    with pytest.raises(ValueError, match="at least one view"):
        replay("kona", [])


def test_render_cli_writes_a_png(tmp_path) -> None:
    out = tmp_path / "k.png"
    proc = subprocess.run([sys.executable, "-m", "render", "kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "--out",
                           str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    assert data == render("kona", get_engine("kona").view(get_engine("kona").new_game(2), None))
    bad = subprocess.run([sys.executable, "-m", "render", "kona", "not a position"], capture_output=True, text=True)
    assert bad.returncode == 2 and "error" in bad.stderr
    seat = subprocess.run([sys.executable, "-m", "render", "kona", "CPC,4,PCP/6/6/6/6/PCP,4,CPC c 0 -", "--viewer",
                           "7", "--out", str(out)], capture_output=True, text=True)
    assert seat.returncode == 2 and "not in this game" in seat.stderr
