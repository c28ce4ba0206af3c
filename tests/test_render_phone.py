"""Issue 16: board images that read on a phone.

Every picture is checked through ``render.layout_facts`` (each text, symbol and piece face noted as
it is drawn, in pixels of the full picture) for every game, public and private views, start,
middle and end: sizes at 400 px wide, contrast from the palette, colour-blind safety, the last
move and the result in words, only the rows a variant uses, and replays worth watching.
"""

from __future__ import annotations

import io
import itertools
import random
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from engines import get_engine
from render import k3 as k3_render
from render import krakatoa as kr_render
from render import plateau as pl_render
from render import theme

NAMES = ["Ana", "Ben", "Cy", "Di"]
#: (game, players, options) of every layout a renderer has
LAYOUTS = [
    ("plateau", 2, {}),
    ("kona", 2, {}),
    ("k3", 2, {}),
    ("k3", 3, {}),
    ("k3", 4, {}),
    ("krakatoa", 2, {}),
    ("krakatoa", 3, {"preset": "basic"}),
    ("krakatoa", 4, {}),
]
DISPLAY_WIDTH = 400  # what Discord shows of an attachment on a phone


@cache
def played(game: str, players: int, options: tuple, seed: int = 1) -> tuple[list[Any], Any]:
    """The states of one seeded random game, start to finish, and its engine."""
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.new_game(players, seed=seed, options=dict(options)) if options else engine.new_game(players,
                                                                                                          seed=seed)
    states = [state]
    while engine.outcome(state) is None and len(states) < 600:
        state = engine.apply(state, engine.random_move(state, rng))
        states.append(state)
    return states, engine


def picks(game: str, players: int, options: dict) -> list[tuple[dict, dict | None]]:
    """(view, previous view) at the start, two middles and the end, for the spectator and each seat."""
    states, engine = played(game, players, tuple(sorted(options.items())))
    out = []
    for i in (0, len(states) // 3, 2 * len(states) // 3, len(states) - 1):
        for viewer in [None, *range(players)]:
            previous = engine.view(states[i - 1], viewer) if i else None
            out.append((engine.view(states[i], viewer), previous))
    return out


def facts_of(game: str, players: int, options: dict) -> list[render.LayoutFacts]:
    return _facts(game, players, tuple(sorted(options.items())))


@cache
def _facts(game: str, players: int, options: tuple) -> list[render.LayoutFacts]:
    return [render.layout_facts(game, view, NAMES[:players], previous=previous)
            for view, previous in picks(game, players, dict(options))]


TALL_PLATEAU = ("BXx.WXx.BXx.WXx.BRr.WRr.BRr.WRr.BBb.WBb.BBb.WBb.BXx.WXx.BXx.WXx,3/4/4/4 B turn "
                "rb.ox.rx.bx rb.ox.rx.bx - - 20")


# ---- legible at 400 px wide --------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "options"), LAYOUTS)
def test_text_and_faces_are_big_enough_at_phone_width(game: str, players: int, options: dict) -> None:
    faces = 0
    for facts in facts_of(game, players, options):
        text, face = facts.shown_at(DISPLAY_WIDTH)
        assert text >= 9, f"{game}: text {facts.min_text_px} px on a {facts.width} px picture"
        assert face >= 14, f"{game}: face {facts.min_face_px} px on a {facts.width} px picture"
        assert facts.width <= theme.MAX_WIDTH and facts.height <= 1800
        faces += sum(m.kind == "face" for m in facts.marks)
    assert faces > 20  # the faces really were noted


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_sixteen_high_plateau_stack_keeps_its_faces_big(lang: str) -> None:
    engine = get_engine("plateau")
    state = engine.from_position(TALL_PLATEAU)
    for viewer in (None, 0, 1):
        facts = render.layout_facts("plateau", engine.view(state, viewer), NAMES[:2], lang=lang)
        assert facts.shown_at(DISPLAY_WIDTH)[1] >= 14
        assert facts.height <= 1800


def test_layout_facts_measure_what_is_drawn() -> None:
    """The recorder is not a constant: a smaller font drawn through the theme shows up in it."""
    img = Image.new("RGB", (200, 50), theme.CARD)
    from PIL import ImageDraw

    with theme.recording() as marks:
        theme.draw_text(ImageDraw.Draw(img), (5, 5), "tiny", 8)
        theme.paste_text(img, (5, 25), "big", 20, bg=theme.CARD)
    assert [(m.kind, m.size, m.ground) for m in marks] == [("text", 8, theme.CARD), ("text", 20, theme.CARD)]


# ---- contrast ---------------------------------------------------------------------------------------
def _lum(c: tuple[int, int, int]) -> float:
    """WCAG 2.x relative luminance (computed here, not taken from the theme)."""
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_formula() -> None:
    assert contrast(theme.BLACK, theme.WHITE) == pytest.approx(21.0)
    assert contrast(theme.GREY, theme.GREY) == pytest.approx(1.0)


@pytest.mark.parametrize(("game", "players", "options"), LAYOUTS)
def test_text_symbols_and_faded_faces_stand_out(game: str, players: int, options: dict) -> None:
    """WCAG: text 4.5:1 against what it is drawn on; symbols (letters on pieces) and piece faces,
    faded ones included, 3:1 (non-text contrast).  Both colours come from the palette: the fill
    the renderer used and the ground sampled under the mark as it was drawn."""
    failures = set()
    for facts in facts_of(game, players, options):
        for m in facts.marks:
            assert m.fill in theme.PALETTE, m
            if m.ground is None:
                continue
            need = 4.5 if m.kind == "text" else 3.0
            if contrast(m.fill, m.ground) < need:
                failures.add((m.kind, m.what, m.fill, m.ground, round(contrast(m.fill, m.ground), 2)))
    assert not failures


def test_every_mark_has_a_ground() -> None:
    for game, players, options in LAYOUTS:
        marks = [m for f in facts_of(game, players, options) for m in f.marks]
        assert sum(m.ground is None for m in marks) <= len(marks) // 50


# ---- colour-blind safe ------------------------------------------------------------------------------
#: Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
#: CIE76 distance two colours that tell pieces apart must keep under every simulation.  2.3 is a
#: just-noticeable difference on large patches; pieces are small and seen on a phone, so we ask for
#: about ten times that before colour alone may carry the difference (the ΔE ~ 20 that separates
#: the Okabe-Ito colours in their own checks); below it a letter or a shape must differ too.
MIN_DELTA_E = 20.0


def _linear(v: int) -> float:
    x = v / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb_linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: tuple[int, int, int], deficiency: str | None) -> tuple[float, float, float]:
    lin = tuple(_linear(v) for v in colour)
    if deficiency is not None:
        m = MACHADO[deficiency]
        lin = tuple(sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return _lab(lin)  # type: ignore[arg-type]


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int], deficiency: str | None) -> float:
    la, lb = seen(a, deficiency), seen(b, deficiency)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


#: every set of colours that tells pieces or players apart, each colour with the letter / shape
#: drawn with it (the renderers' own tables)
DISTINGUISHING = {
    "seats": {c: f"shape {i % 4} number {i + 1}" for i, c in enumerate(theme.SEAT_COLOURS)},
    "plateau faces": {pl_render.FACE_COLOUR[f]: f"shape of {f}" for f in "rbo"},
    "plateau owners": {pl_render.OWNER_FILL[o]: f"letter {pl_render.OWNER_LETTER[o]}" for o in (0, 1)},
    "k3 pieces": {colour: f"letter {letter}" for letter, colour in k3_render.PIECE.items()},
    "krakatoa pips": {colour: f"letter {letter}" for letter, colour in kr_render.DOT.items()},
    "krakatoa dice bodies": {colour: f"set name {x}" for x, colour in kr_render.BODY.items()},
}


@pytest.mark.parametrize("group", list(DISTINGUISHING))
@pytest.mark.parametrize("deficiency", [None, *MACHADO])
def test_colour_pairs_stay_apart_or_have_a_second_clue(group: str, deficiency: str | None) -> None:
    colours = DISTINGUISHING[group]
    assert len(set(colours.values())) == len(colours)  # each colour has its own letter or shape
    close = []
    for i, a in enumerate(colours):
        for b in list(colours)[i + 1:]:
            if delta_e(a, b, deficiency) < MIN_DELTA_E:
                close.append((colours[a], colours[b]))
    # a pair too close in colour must differ by its letter or shape: checked above for every pair;
    # none may be close to normal vision, which would make the colours pointless
    if deficiency is None:
        assert not close


def test_simulation_matrices_behave() -> None:
    """Red and green collapse for protans and deutans, not for tritans; grey stays grey."""
    red, green = (213, 94, 0), (0, 158, 115)
    assert delta_e(theme.VERMILLION, (180, 140, 0), "deuteranopia") < delta_e(theme.VERMILLION, (180, 140, 0), None)
    assert delta_e(theme.GREY, theme.GREY, "tritanopia") == 0
    assert delta_e(red, green, "tritanopia") > 20


def test_letters_and_shapes_are_really_drawn() -> None:
    """The second clue is on the picture: K3 pieces carry their letter, Krakatoa pips theirs."""
    states, engine = played("k3", 2, ())
    facts = render.layout_facts("k3", engine.view(states[len(states) // 2], None), NAMES[:2])
    letters = {m.what for m in facts.marks if m.kind == "symbol"}
    assert {"B", "R", "Y", "G"} <= letters
    states, engine = played("krakatoa", 2, ())
    pips = set()
    for state in states[10:40:6]:
        facts = render.layout_facts("krakatoa", engine.view(state, None), NAMES[:2])
        pips |= {m.what for m in facts.marks if m.kind == "symbol"}
    assert {"Y", "R", "B"} <= pips


# ---- the last move explained --------------------------------------------------------------------------
def words(facts: render.LayoutFacts) -> str:
    return " ".join(m.what for m in facts.marks if m.kind == "text")


#: how a Plateau caption says a move's squares and its captures, by language (``render.plateau.WORDS``)
PLATEAU_MOVE = {"en": ("from {a} to {b}", "capturing {n} piece{s}", "capturing"),
                "es": ("de {a} a {b}", "y capturó {n} pieza{s}", "capturó")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plateau_caption_tells_the_move_and_its_captures(lang: str) -> None:
    squares_said, captured_said, capture_word = PLATEAU_MOVE[lang]
    seen_capture = seen_move = 0
    for seed in range(1, 8):
        states, engine = played("plateau", 2, (), seed)
        for before, after in itertools.pairwise(states):
            view, previous = engine.view(after, None), engine.view(before, None)
            last = view["last_move"]
            mover = 1 - int(view["side"]) if not last.startswith("return:") else int(view["side"])
            text = pl_render.caption(view, NAMES[:2], previous, lang=lang)
            assert text.startswith(NAMES[mover])
            if "-" in last and not last.startswith(("+", "tender", "return")):
                seen_move += 1
                squares = view["highlight"]
                assert squares_said.format(a=squares[0], b=squares[-1]) in text
                gained = len(view["prisoners"][mover]) - len(previous["prisoners"][mover])
                if gained:
                    seen_capture += 1
                    assert text.endswith(captured_said.format(n=gained, s="" if gained == 1 else "s"))
                else:
                    assert capture_word not in text
    assert seen_move > 20 and seen_capture > 0


def test_captions_reach_the_picture() -> None:
    for game, players, options in LAYOUTS:
        for view, previous in picks(game, players, options)[4:8]:
            module = {"plateau": pl_render, "k3": k3_render, "krakatoa": kr_render}.get(game)
            facts = render.layout_facts(game, view, NAMES[:players], previous=previous)
            if module is None or not view.get("last_move"):
                continue
            text = module.caption(view, NAMES[:players], previous) if game != "krakatoa" else \
                module.caption(view, NAMES[:players])
            for word in text.split()[:4]:
                assert word in words(facts)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_k3_penalty_and_steal_give_their_reason(lang: str) -> None:
    penalties = steals = 0
    for seed in range(1, 6):
        states, engine = played("k3", 3, (), seed)
        for before, after in itertools.pairwise(states):
            view, previous = engine.view(after, None), engine.view(before, None)
            last = str(view.get("last_move") or "")
            text = k3_render.caption(view, NAMES[:3], previous, lang)
            if view.get("steal") is not None and "-" in last:
                penalties += 1
                slot = last.split("-")[1]
                a, b = k3_render._supports(view, slot)
                assert f"{a}+{b}: {'penalised' if lang == 'en' else 'penalización'}" in text
                assert text.startswith(NAMES[view["steal"]])
                assert NAMES[view["taker"]] + (" takes a piece" if lang == "en" else " toma una pieza") in text
            if last.startswith("x"):
                steals += 1
                taker, victim = NAMES[previous["taker"]], NAMES[previous["steal"]]
                if lang == "en":
                    assert f"{taker} took {last[1]} from {victim}'s" in text and "penalty" in text
                else:
                    assert f"{taker} se llevó la {last[1]} que {victim} tenía" in text and "penalización" in text
    assert penalties > 0 and steals > 0


def test_a_caption_names_whose_piece_without_the_note_of_how_they_left() -> None:
    # tables.posts gives the pictures "Cy (resigned)" for a seat that went out; the possessive is "Cy's"
    for seed in range(1, 6):
        states, engine = played("k3", 3, (), seed)
        for before, after in itertools.pairwise(states):
            view, previous = engine.view(after, None), engine.view(before, None)
            if str(view.get("last_move") or "").startswith("x"):
                names = [f"{n} (resigned)" for n in NAMES[:3]]
                text = k3_render.caption(view, names, previous)
                victim = NAMES[previous["steal"]]
                assert f"from {victim}'s " in text and ")'s" not in text
                spanish = k3_render.caption(view, [f"{n} (abandonó)" for n in NAMES[:3]], previous, "es")
                assert f" que {victim} tenía " in spanish and "(abandonó) tenía" not in spanish
                return
    raise AssertionError("no steal in these games")


@pytest.mark.parametrize(("lang", "scratch", "point"), [("en", "scratch", "point"), ("es", "fallo", "punto")])
def test_krakatoa_caption_gives_the_last_throw_and_its_score(lang: str, scratch: str, point: str) -> None:
    states, engine = played("krakatoa", 2, ())
    checked = 0
    for state in states:
        view = engine.view(state, None)
        last = view.get("last_throw")
        if last is None:
            continue
        text = kr_render.caption(view, NAMES[:2], lang)
        assert text.startswith(NAMES[last["seat"]])
        if last["scratch"]:
            assert scratch in text and f"0 {point}s" in text
        else:
            assert f": {last['points']} {point}" in text
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "es"])
def test_kona_caption_names_both_squares(lang: str) -> None:
    states, engine = played("kona", 2, ())
    for state in states[3:]:
        view = engine.view(state, None)
        facts = render.layout_facts("kona", view, NAMES[:2], lang=lang)
        a, b = view["highlight"]
        assert f"{a} → {b}" in words(facts)
        break


# ---- the result on the final image ------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "options"), LAYOUTS)
def test_final_picture_has_a_banner_with_the_winner(game: str, players: int, options: dict) -> None:
    states, engine = played(game, players, tuple(sorted(options.items())))
    outcome = engine.outcome(states[-1])
    facts = render.layout_facts(game, engine.view(states[-1], None), NAMES[:players])
    text = words(facts)
    if outcome.winners:
        assert all(NAMES[w] in text for w in outcome.winners) and (" wins: " in text or " win: " in text)
    else:
        assert "Draw" in text or "lose" in text or "no legal action" in text
    mid = render.layout_facts(game, engine.view(states[len(states) // 2], None), NAMES[:players])
    assert " wins: " not in words(mid)


@pytest.mark.parametrize("game", ["plateau", "kona", "k3", "krakatoa"])
@pytest.mark.parametrize(("result", "expected"), [
    ({"winners": [1], "reason": "resign"}, "Ben wins: Ana resigned"),
    ({"winners": [0], "reason": "time"}, "Ana wins: Ben ran out of time"),
    ({"winners": [0], "reason": "forfeit"}, "Ana wins: Ben forfeited"),  # out of their tournament, not resigned
    ({"winners": [], "reason": "agreement"}, "Draw: agreed by the players"),
    ({"winners": [], "reason": "abort"}, "Game aborted, no result"),
])
def test_endings_outside_the_engine_show_their_reason(game: str, result: dict, expected: str) -> None:
    states, engine = played(game, 2, ())
    view = engine.view(states[len(states) // 2], None)
    facts = render.layout_facts(game, view, NAMES[:2], result=result)
    assert expected in " ".join(m.what for m in facts.marks if m.kind == "text") or \
        all(w in words(facts) for w in expected.split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plateau_shows_every_face_at_the_end(lang: str) -> None:
    states, engine = played("plateau", 2, ())
    facts = render.layout_facts("plateau", engine.view(states[-1], None), NAMES[:2], lang=lang)
    faces = [m for m in facts.marks if m.kind == "face"]
    assert not any(m.faded for m in faces)
    assert "?" not in {m.what for m in facts.marks if m.kind == "symbol"}
    pieces = sum(len(stack) for rank in engine.view(states[-1], None)["board"] for stack in rank)
    assert len(faces) >= 2 * pieces  # both faces of every piece on the board
    mid = render.layout_facts("plateau", engine.view(states[len(states) // 2], None), NAMES[:2], lang=lang)
    assert "?" in {m.what for m in mid.marks if m.kind == "symbol"}


# ---- only what the variant uses ------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "box", "next_", "marks"),
                         [("en", "Box", "Next", "Marks"), ("es", "Caja", "Sig.", "Marcas")])
def test_krakatoa_basic_shows_no_advanced_rows(lang: str, box: str, next_: str, marks: str) -> None:
    for preset, shown in (("basic", False), ("advanced", True)):
        states, engine = played("krakatoa", 2, (("preset", preset),))
        for state in states[::max(1, len(states) // 6)]:
            text = words(render.layout_facts("krakatoa", engine.view(state, None), NAMES[:2], lang=lang))
            tokens = set(text.split())
            assert (box in tokens and next_ in tokens) is shown
            if not shown:
                assert marks not in tokens and "x2" not in tokens and "x4" not in tokens


def test_k3_two_players_get_two_large_pyramids() -> None:
    def pyramid_bricks(players: int) -> float:
        states, engine = played("k3", players, ())
        facts = render.layout_facts("k3", engine.view(states[len(states) // 2], None), NAMES[:players])
        return min(m.size for m in facts.marks if m.kind == "face" and m.ground == theme.PANEL)

    assert k3_render._panel_grid(2) == (1, 2)  # one above the other, full width
    assert pyramid_bricks(2) >= 1.2 * pyramid_bricks(4)


# ---- replays worth watching ------------------------------------------------------------------------------
def long_game(game: str) -> list[dict]:
    """Spectator views of a long game: Plateau to its ply cap (PL-8.5), the others to their end."""
    engine = get_engine(game)
    rng = random.Random(9)
    state = engine.new_game(2, seed=9)
    views = [engine.view(state, None)]
    while engine.outcome(state) is None:
        state = engine.apply(state, engine.random_move(state, rng))
        views.append(engine.view(state, None))
    return views


@pytest.mark.parametrize("game", ["plateau", "kona", "k3", "krakatoa"])
def test_replay_is_short_light_and_ends_on_the_last_view(game: str) -> None:
    views = long_game(game)
    chosen = render.replay_frames(game, views)
    assert chosen[0] == 0 and chosen[-1] == len(views) - 1
    data = render.replay(game, views, NAMES[:2])
    gif = Image.open(io.BytesIO(data))
    durations = []
    for k in range(gif.n_frames):
        gif.seek(k)
        durations.append(gif.info["duration"])
    assert sum(durations) <= 60_000
    assert durations[-1] == 3000
    assert len(data) <= 3_000_000
    assert gif.n_frames == len(chosen)


def test_long_games_are_sampled_evenly() -> None:
    views = [{"ply": i, "position": str(i)} for i in range(400)]
    chosen = render.replay_frames("plateau", views)
    gaps = {b - a for a, b in itertools.pairwise(chosen)}
    assert max(gaps) - min(gaps) <= 1 and chosen[-1] == 399
    assert (len(chosen) - 1) * pl_render.REPLAY_FRAME_MS + render.LAST_FRAME_MS <= 60_000


def test_krakatoa_replay_has_one_frame_per_decision_that_changes_the_board() -> None:
    views = long_game("krakatoa")
    chosen = render.replay_frames("krakatoa", views)
    keys = [kr_render.board_key(views[i]) for i in chosen]
    assert all(a != b for a, b in itertools.pairwise(keys))
    changes = sum(1 for a, b in itertools.pairwise(views) if kr_render.board_key(a) != kr_render.board_key(b))
    assert len(chosen) <= min(changes + 2, 1 + (60_000 - 3000) // kr_render.REPLAY_FRAME_MS)
    unchanged = [i for i in range(1, len(views)) if kr_render.board_key(views[i]) == kr_render.board_key(views[i - 1])]
    assert unchanged and not set(unchanged) & set(chosen)  # aims and set choices get no frame of their own


def test_replay_frames_of_different_heights_share_one_card() -> None:
    """Issue 28 (item 11): a shorter frame (a caption of one line, not two) has its card grown to the
    GIF's height: every frame, as a viewer composes it, ends in the card's foot and the frame, with
    no dark band where a taller frame had its foot."""
    views = long_game("krakatoa")
    chosen = render.replay_frames("krakatoa", views)
    heights = {render.draw("krakatoa", views[i], NAMES[:2], previous=views[i - 1] if i else None).height
               for i in chosen}
    assert len(heights) > 1  # frames of different heights really are in this replay
    data = render.replay("krakatoa", views, NAMES[:2])
    gif = Image.open(io.BytesIO(data))
    assert render.frame_count(data) == gif.n_frames == len(chosen)

    def near(a: tuple[int, ...], b: tuple[int, int, int]) -> bool:
        return all(abs(x - y) <= 8 for x, y in zip(a, b, strict=False))

    for k in range(gif.n_frames):
        gif.seek(k)
        frame = gif.convert("RGB")
        assert frame.height == max(heights)
        foot = frame.height - theme.FRAME_WIDTH - 6  # inside the card, above its bottom edge
        assert near(frame.getpixel((frame.width // 2, foot)), theme.CARD), k
        assert near(frame.getpixel((frame.width // 2, frame.height - 3)), theme.FRAME), k
        edge = theme.FRAME_WIDTH + 3  # the card's margin, left of every panel: card all the way down
        rounded = theme.FRAME_WIDTH + 14  # below the card's rounded top corner, above its foot's
        assert all(near(frame.getpixel((edge, y)), theme.CARD) for y in range(rounded, frame.height - rounded)), k
