"""Board images: pure functions from an engine *view* to PNG bytes (docs/architecture.md, render/).

``render(game, view, names)`` draws one view; ``replay(game, views, names)`` animates a whole game;
``layout_facts(game, view)`` says how big its smallest text and piece face are (issue 16);
``frame_count(gif)`` how many frames a replay really has.
The renderer is only ever given a view (``engine.view(state, viewer)``), never a true state, so a
public image cannot show a secret the spectator view does not hold.  Nothing here knows Discord.
Here, where any game's view passes, a view is a ``GameView`` (``engines.base``); each game's module
reads it as its own view TypedDict (``render.kona`` a ``KonaView`` ...), by names mypy checks.

Names reach the pictures as the ``names`` argument (seat order), which the tables layer passes with
every view (``tables.service`` -> ``tables.rendering``).  Two optional arguments explain more:

- ``result``: ``{"winners": [seat, ...], "reason": code, "losers": [seat, ...] (optional)}`` for an
  ending the engine's view does not hold (codes ``resign``, ``time``, ``agreement``, ``abort``: the
  tables layer's), or to override it; the picture then shows the result banner.  Without it, a view
  whose ``outcome`` is set shows the engine's own result.
- ``previous``: the view just before this one (same viewer), so the caption can say what the last
  move changed (Plateau's captures, Krakatoa's points).  Replays pass it for every frame.
- ``lang``: the language of the words drawn (``render.words``: ``"en"``, ``"es"`` or a Discord locale), the
  reader's: a public board's is its server's, a private view's its player's.
"""

from __future__ import annotations

import importlib
import io
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageChops

from render import theme, words

if TYPE_CHECKING:  # the view's type only: render/ never imports engines/ when it runs
    from engines.base import GameView

_MODULES = {"kona": "render.kona", "carpniches": "render.kona", "plateau": "render.plateau", "k3": "render.k3",
            "krakatoa": "render.krakatoa"}

#: replay GIFs hold the last frame this long (ms); other frames last FRAME_MS (a game's module may
#: set its own ``REPLAY_FRAME_MS``: Krakatoa's throws go faster)
FRAME_MS = 900
LAST_FRAME_MS = 3000
#: a replay lasts at most this long (issue 16: worth watching to the end)
REPLAY_MS = 60_000
#: and has at most this many frames: drawing, mapping and encoding one takes about 50 ms here, so a
#: replay of any length is made in under 5 s (issue 16); long games are sampled evenly
REPLAY_MAX_FRAMES = 48
#: replay frames wider than this are scaled down; the boards are drawn at most this wide already, so
#: frames keep their full size (legible on a phone, and no 30 ms resize per frame)
REPLAY_WIDTH = theme.MAX_WIDTH


def _module(game: str):
    key = game.strip().lower()
    if key not in _MODULES:
        raise KeyError(f"no renderer for {game!r}")
    return importlib.import_module(_MODULES[key])


def default_names(view: GameView, lang: str = "en") -> list[str]:
    return [words.player(lang, i) for i in range(int(view.get("players", 2)))]


def shown_names(view: GameView, names: Sequence[str] | None, lang: str = "en") -> list[str]:
    """The names a picture shows: each as the fonts can draw it (``theme.drawable_name``: "Ana 🎲" is "Ana"), a
    name they cannot draw at all ("山田") the seat's "Player 2" ("Jugador 2"), never a row of empty boxes."""
    if not names:
        return default_names(view, lang)
    return [theme.drawable_name(name, words.player(lang, seat)) for seat, name in enumerate(names)]


def draw(game: str, view: GameView, names: Sequence[str] | None = None, *,
         result: dict[str, Any] | None = None, previous: GameView | None = None, lang: str = "en") -> Image.Image:
    """The RGB picture of ``view`` (before palette mapping), its words in ``lang``."""
    lang = words.lang_of(lang)
    return _module(game).draw(view, shown_names(view, names, lang), result=result, previous=previous, lang=lang)


def render(game: str, view: GameView, names: Sequence[str] | None = None, *,
           result: dict[str, Any] | None = None, previous: GameView | None = None, lang: str = "en") -> bytes:
    """PNG bytes of ``view``: the same arguments always give the same bytes."""
    return theme.to_png(draw(game, view, names, result=result, previous=previous, lang=lang))


@dataclass(frozen=True)
class LayoutFacts:
    """What a picture asks of the eye: its size and every text, symbol and piece face drawn on it,
    in pixels of the full picture (``theme.Mark``)."""

    width: int
    height: int
    marks: tuple[theme.Mark, ...]

    @property
    def min_text_px(self) -> float:
        """The smallest font size of any text or symbol."""
        return min((m.size for m in self.marks if m.kind in ("text", "symbol")), default=float("inf"))

    @property
    def min_face_px(self) -> float:
        """The smallest piece face (its width or height, whichever is less)."""
        return min((m.size for m in self.marks if m.kind == "face"), default=float("inf"))

    def shown_at(self, display_width: int = 400) -> tuple[float, float]:
        """(smallest text, smallest face) in pixels when the picture is shown ``display_width`` wide."""
        scale = display_width / self.width
        return self.min_text_px * scale, self.min_face_px * scale


def layout_facts(game: str, view: GameView, names: Sequence[str] | None = None, *,
                 result: dict[str, Any] | None = None, previous: GameView | None = None,
                 lang: str = "en") -> LayoutFacts:
    """Draw ``view`` noting every text, symbol and face as it is drawn (caches emptied first, so the
    cached sprites are drawn and noted too): the facts tests hold the pictures to."""
    with theme.recording() as marks:
        picture = draw(game, view, names, result=result, previous=previous, lang=lang)
    return LayoutFacts(picture.width, picture.height, tuple(marks))


def replay_frames(game: str, views: Sequence[GameView]) -> list[int]:
    """Which views a replay shows: every view that changes the picture's board (a game's module may
    say what its board is with ``board_key(view)``: Krakatoa keeps one frame per throw decision
    that changes the dice or the sheet), sampled evenly down to what fits in ``REPLAY_MS``, the first
    and last always kept."""
    module = _module(game)
    key = getattr(module, "board_key", None)
    kept: list[int] = []
    last_key: Any = object()
    for i, view in enumerate(views):
        k = key(view) if key else i
        if k != last_key:
            kept.append(i)
            last_key = k
    if kept[-1] != len(views) - 1:
        kept.append(len(views) - 1)
    frame_ms = getattr(module, "REPLAY_FRAME_MS", FRAME_MS)
    most = min(REPLAY_MAX_FRAMES, 1 + (REPLAY_MS - LAST_FRAME_MS) // frame_ms)
    if len(kept) > most:
        picked = [kept[round(j * (len(kept) - 1) / (most - 1))] for j in range(most)]
        kept = sorted(set(picked))
    return kept


def replay_durations(game: str, frames: int) -> list[int]:
    """Each frame's time on screen (ms): the game's pace, the last frame held ``LAST_FRAME_MS``."""
    frame_ms = getattr(_module(game), "REPLAY_FRAME_MS", FRAME_MS)
    return [frame_ms] * (frames - 1) + [LAST_FRAME_MS]


def replay(game: str, views: Sequence[GameView], names: Sequence[str] | None = None,
           max_width: int = REPLAY_WIDTH, *, result: dict[str, Any] | None = None, lang: str = "en") -> bytes:
    """An animated GIF of a whole game, at most ``REPLAY_MS`` long (``replay_frames``: the views that
    change the board, sampled evenly for a long game), the last frame (with the result) held.

    Each frame is drawn with the view before it as ``previous``, so its caption says what happened.
    Frames share the fixed palette and are scaled to at most ``max_width`` wide; a shorter frame (a
    caption of one line rather than two) has its card grown to the tallest (``theme.taller``: no
    dark band where a taller frame had its foot, issue 28, item 11).  Each
    frame after the first keeps only the pixels that changed; the rest are the transparent index, so
    the previous frame shows through (disposal 1) and LZW packs the unchanged runs to almost nothing.
    That keeps a game under 3 MB even when changes are spread over the picture (a title strip at the
    top and a score sheet at the bottom), where a single changed rectangle would cover nearly the
    whole frame.  ``lang``: the language of the frames' words.
    """
    if not views:
        raise ValueError("a replay needs at least one view")
    frames: list[Image.Image] = []
    chosen = replay_frames(game, views)
    for n, i in enumerate(chosen):
        last = n == len(chosen) - 1
        frames.append(draw(game, views[i], names, result=result if last else None,
                           previous=views[i - 1] if i else None, lang=lang))
    tallest = max(f.height for f in frames)
    for k, picture in enumerate(frames):  # one canvas size for the whole GIF: shorter cards grown
        picture = theme.taller(picture, tallest)
        scale = max_width / picture.width
        if scale < 1:
            picture = picture.resize((round(picture.width * scale), round(picture.height * scale)),
                                     Image.Resampling.BILINEAR)
        frames[k] = theme.to_palette(picture)
    palette = frames[0].getpalette()
    encoded = [frames[0]]
    for previous, frame in itertools.pairwise(frames):
        encoded.append(_changes_only(previous, frame, palette))
    durations = replay_durations(game, len(frames))
    out = io.BytesIO()
    encoded[0].save(out, "GIF", save_all=True, append_images=encoded[1:], duration=durations, loop=0,
                    optimize=False, disposal=1, transparency=TRANSPARENT_INDEX)
    return out.getvalue()


def frame_count(gif: bytes) -> int:
    """How many frames a GIF (a ``replay``) holds: what is said of a replay is counted here, in the
    GIF itself, as the encoder may merge frames that do not differ (issue 28, item 11)."""
    with Image.open(io.BytesIO(gif)) as image:
        return int(getattr(image, "n_frames", 1))


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
