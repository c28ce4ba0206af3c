"""Board images: pure functions from an engine *view* to PNG bytes (docs/architecture.md, render/).

``render(game, view, names)`` draws one view; ``replay(game, views, names)`` animates a whole game.
The renderer is only ever given a view (``engine.view(state, viewer)``), never a true state, so a
public image cannot show a secret the spectator view does not hold.  Nothing here knows Discord.
"""

from __future__ import annotations

import importlib
import io
import itertools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageChops

from render import theme

_MODULES = {"kona": "render.kona", "carpniches": "render.kona", "plateau": "render.plateau", "k3": "render.k3",
            "krakatoa": "render.krakatoa"}

#: replay GIFs hold the last frame this long (ms); other frames last FRAME_MS
FRAME_MS = 900
LAST_FRAME_MS = 4000


def _module(game: str):
    key = game.strip().lower()
    if key not in _MODULES:
        raise KeyError(f"no renderer for {game!r}")
    return importlib.import_module(_MODULES[key])


def default_names(view: dict[str, Any]) -> list[str]:
    return [f"Player {i + 1}" for i in range(int(view.get("players", 2)))]


def draw(game: str, view: dict[str, Any], names: Sequence[str] | None = None) -> Image.Image:
    """The RGB picture of ``view`` (before palette mapping)."""
    return _module(game).draw(view, list(names) if names else default_names(view))


def render(game: str, view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
    """PNG bytes of ``view``: the same view and names always give the same bytes."""
    return theme.to_png(draw(game, view, names))


def replay(game: str, views: Sequence[dict[str, Any]], names: Sequence[str] | None = None,
           max_side: int = 640) -> bytes:
    """An animated GIF of a whole game: one frame per view (one per ply), the last frame held.

    Frames share the fixed palette and are scaled so the long side is at most ``max_side``.  Each
    frame after the first keeps only the pixels that changed; the rest are the transparent index, so
    the previous frame shows through (disposal 1) and LZW packs the unchanged runs to almost nothing.
    That keeps a 100-ply game well under 2 MB even when changes are spread over the picture (a
    title strip at the top and a score sheet at the bottom), where a single changed rectangle would
    cover nearly the whole frame.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    frames: list[Image.Image] = []
    for view in views:
        picture = draw(game, view, names)
        scale = max_side / max(picture.size)
        if scale < 1:
            picture = picture.resize((round(picture.width * scale), round(picture.height * scale)),
                                     Image.Resampling.BILINEAR)
        frames.append(theme.to_palette(picture))
    palette = frames[0].getpalette()
    encoded = [frames[0]]
    for previous, frame in itertools.pairwise(frames):
        encoded.append(_changes_only(previous, frame, palette))
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    encoded[0].save(out, "GIF", save_all=True, append_images=encoded[1:], duration=durations, loop=0,
                    optimize=False, disposal=1, transparency=TRANSPARENT_INDEX)
    return out.getvalue()


#: a palette index the theme never uses (it has fewer than 256 colours): "unchanged" in replay frames
TRANSPARENT_INDEX = 255


def _changes_only(previous: Image.Image, frame: Image.Image, palette: list[int] | None) -> Image.Image:
    """``frame`` with every pixel equal to ``previous`` replaced by the transparent index."""
    if previous.size != frame.size:
        return frame
    before = Image.frombytes("L", previous.size, previous.tobytes())
    after = Image.frombytes("L", frame.size, frame.tobytes())
    changed = ImageChops.difference(before, after).point(lambda v: 255 if v else 0)
    out = Image.new("L", frame.size, TRANSPARENT_INDEX)
    out.paste(after, mask=changed)
    result = Image.frombytes("P", frame.size, out.tobytes())
    if palette:
        result.putpalette(palette)
    result.info["transparency"] = TRANSPARENT_INDEX
    return result
