"""A board picture in words (its alt text): ``Engine.view_words`` facts, worded by ``picture.<game>.<code>``
(tables.picture_words), carried by every post with a picture (``PublicPost.alt``, ``PrivatePost.alt``, a
lesson's pictures) and said in the reader's language.  The contract for every game: each code it reports has
words in English and Spanish, no sentence is left with a placeholder, and the whole text fits Discord's alt
text (cogs.limits.MAX_ALT_TEXT) without being cut, for every viewer of every position of random games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_move_words import playout
from test_tables_service import USERS, open_service, play_out, start_table

from cogs.limits import MAX_ALT_TEXT
from cogs.pictures import alt_text
from engines import game_names, get_engine
from tables import PrivatePost, PublicPost, said
from tables.i18n import EN, ES, Names, Phrase, Sentences
from tables.learn import Lessons, courses
from tables.picture_words import picture_words

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def views_of(game: str, seed: int, players: int) -> list[dict[str, Any]]:
    """Every viewer's view (the spectator's and each seat's) of every position of a random game, and its end."""
    engine = get_engine(game)
    steps = playout(game, seed, players)
    states = [steps[0][0], *(after for _, _, after in steps)] if steps else []
    views = [engine.view(state, viewer) for state in states for viewer in (None, *range(players))]
    if states:
        views.append(engine.final_view(states[-1]))
    return views


@pytest.mark.parametrize("game", game_names())
def test_every_game_says_its_pictures_in_both_languages_within_discords_limit(game: str) -> None:
    engine = get_engine(game)
    longest = {"en": 0, "es": 0}
    codes: set[str] = set()
    for players, seed in ((2, 3), (engine.max_players, 4)):
        for view in views_of(game, seed, players):
            facts = engine.view_words(view)
            json.dumps(facts)  # plain facts, as the outbox carries them
            for code, _ in facts:
                assert f"picture.{game}.{code}" in EN and f"picture.{game}.{code}" in ES, (game, code)
                codes.add(code)
            words = picture_words(engine, view, NAMES[:players])
            assert len(words) == len(facts), "every fact is said"
            for lang in longest:
                text = said(words, lang)
                assert "{" not in text and "}" not in text, text
                assert len(text) <= MAX_ALT_TEXT, (game, lang, len(text), text)  # never cut
                longest[lang] = max(longest[lang], len(text))
    assert codes and longest["en"] > 0 and longest["es"] > 0, "the game's pictures have words"


def test_a_game_without_words_and_a_code_without_a_sentence_say_nothing() -> None:
    class Quiet:
        name = "kona"

        @staticmethod
        def view_words(view: Any) -> list[tuple[str, dict[str, Any]]]:
            return [("no_such_code", {}), ("single", {"square": "b2", "animal_term": "poodle"})]

    words = picture_words(Quiet(), {}, NAMES[:2])  # type: ignore[arg-type]
    assert said(words, "en") == "b2: a poodle." and said(words, "es") == "b2: un caniche."
    assert alt_text(Sentences(), "en") is None, "no words: no description at all"


def test_the_alt_text_is_cut_to_discords_limit_after_a_whole_sentence() -> None:
    sentence = Phrase("picture.kona.single", {"square": "b2", "animal": "x" * 40})
    long = Sentences([sentence] * 60)
    whole = said(Sentences([sentence]), "en")
    text = alt_text(long, "en")
    assert text is not None and len(text) <= MAX_ALT_TEXT and text.endswith(". …")
    kept = text.removesuffix(" …").split(" b2")
    assert len(kept) > 1 and all(("b2" + part).strip() == whole for part in kept[1:]), "whole sentences only"
    assert len(text) + len(whole) + 1 > MAX_ALT_TEXT, "as many as fit"


K3_PLAY = "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -"  # K3-13.3
K3_FOUR = "1/2/3/4/5/6/7/8/RBBYGKRRG K/BY/GNR/YBKG+W|N/RK/BYG/KRYB+W|Y/GR/KNY/RGKB+W|G/YB/RKN/BGYK+W play 2 - -"


def test_a_k3_picture_says_what_lies_under_the_free_pieces_last_and_a_cut_loses_only_that() -> None:
    """In play every pyramid is public (K3-10), so the words say each one's covered pieces too, slot by slot,
    after everything else; names long enough to pass Discord's limit lose those details first, whole sentences
    at a time, and never the mountain or anyone's free pieces."""
    engine = get_engine("k3")
    view = engine.view(engine.from_position(K3_PLAY), None)
    words = picture_words(engine, view, ["Ana", "Ben"])
    english, spanish = said(words, "en"), said(words, "es")
    # seat 0's pyramid: ranks 2 and 1 (G R K B Y; B R K Y G B) lie under its rank 3 (K . Y N), read off the notation
    assert english.endswith("Under Ana's free pieces: a2 green, b2 red, c2 black, d2 blue, e2 yellow, a1 blue, "
                            "b1 red, c1 black, d1 yellow, e1 green and f1 blue. Under Ben's free pieces: a2 black, "
                            "b2 black, c2 blue, d2 natural, e2 yellow, a1 green, b1 yellow, c1 red, d1 blue, e1 black "
                            "and f1 green."), english
    assert "Tapadas de Ana: a2 verde, b2 roja, c2 negra, d2 azul, e2 amarilla, a1 azul," in spanish, spanish
    # a lesson's ringed places are no detail: they come before the covered pieces (GameDescription.detail_words)
    ringed = said(picture_words(engine, {**view, "marks": ["c3", "0:a3"]}, ["Ana", "Ben"]), "en")
    assert ringed.index("Ringed for this step: c3 and Ana's a3.") < ringed.index("Under Ana's free pieces:"), ringed
    # four players of Discord's longest names (32 characters) at the start of play: too long as they are, so
    # said again with the names shortened (their first 15 characters and "…"), and then every sentence fits
    four = engine.view(engine.from_position(K3_FOUR), None)
    long = [letter * 32 for letter in "ABCD"]
    whole, fitted = said(picture_words(engine, four, long), "es"), alt_text(picture_words(engine, four, long), "es")
    assert len(whole) > MAX_ALT_TEXT and fitted is not None and len(fitted) <= MAX_ALT_TEXT
    assert fitted == whole.replace("A" * 32, "A" * 15 + "…").replace("B" * 32, "B" * 15 + "…").replace(
        "C" * 32, "C" * 15 + "…").replace("D" * 32, "D" * 15 + "…"), fitted
    assert fitted.endswith("."), "nothing cut"


def test_long_names_are_shortened_only_when_the_words_would_be_cut_and_never_into_one_another() -> None:
    """Within the limit, names stay whole; past it, a name longer than 16 characters is said as its first 15 and
    "…", unless two names would then read alike (those stay whole, and the end is cut as before)."""
    engine = get_engine("k3")
    four = engine.view(engine.from_position(K3_FOUR), None)
    short = ["Ana", "Ben", "Cy", "Dee"]
    assert alt_text(picture_words(engine, four, short), "en") == said(picture_words(engine, four, short), "en")
    twins = ["Alejandra Gutiérrez " + tail for tail in ("de la Fuente", "de la Sierra", "Montenegro", "y Ruiz")]
    assert len({name[:15] for name in twins}) == 1  # all four would read "Alejandra Gutié…"
    whole = said(picture_words(engine, four, twins), "en")
    cut = alt_text(picture_words(engine, four, twins), "en")
    assert len(whole) > MAX_ALT_TEXT and cut is not None and cut.endswith(". …")
    assert "…" not in cut.removesuffix(" …") and all(name in cut for name in twins), "names kept whole"
    mixed = [twins[0], twins[1], "Bartholomew Montgomery-Smithson", "Cyrille Dubois-Laurent Marchand"]
    fitted = alt_text(picture_words(engine, four, mixed), "en")
    assert fitted is not None and "Bartholomew Mon…" in fitted and "Cyrille Dubois-…" in fitted
    assert twins[0] in fitted and twins[1] in fitted, "the two that would read alike stay whole"
    assert "Bartholomew Montgomery" not in fitted


def test_names_may_be_phrases_said_in_the_readers_language() -> None:
    names = Names([Phrase("learn.name.you", {"n": 1}), Phrase("learn.name", {"n": 2})])
    assert said(names, "en") == "Player 1 (you) and Player 2"
    assert said(names, "es") == "Jugador 1 (tú) y Jugador 2"


async def test_every_post_with_a_picture_carries_its_words_from_its_own_view(tmp_path: Path) -> None:
    """Boards from the spectator's view, private posts from their seat's: the same words the view gives, for
    every post of whole games (a K3 game has private views while its pyramids are built)."""
    renderer = lambda game, view, names, **kw: json.dumps(view).encode()  # noqa: E731  (the view it drew)
    repo, svc = await open_service(str(tmp_path / "mesa.db"), renderer=renderer)
    names = [name for _, name in USERS]
    for game, players in (("kona", 2), ("k3", 3), ("plateau", 2), ("krakatoa", 2)):
        tid, opening = await start_table(svc, game, players)
        messages = opening + await play_out(svc, tid, random.Random(5))
        engine = get_engine(game)
        pictured = [m for m in messages if isinstance(m, PublicPost | PrivatePost) and m.image]
        assert pictured, game
        for post in pictured:
            view = json.loads(post.image or b"{}")
            if isinstance(post, PublicPost):
                assert view["viewer"] is None, "a public post is drawn from the spectator's view"
            assert post.alt == picture_words(engine, view, names[:players]), (game, post.key)
        if game == "k3":  # K3-10: while the pyramids are built each player's private view is their own
            private = [m for m in pictured if isinstance(m, PrivatePost)]
            assert private and all(json.loads(m.image or b"{}")["viewer"] is not None for m in private)
    await repo.close()  # (an open connection's thread outlived the test's loop: a warning later)


async def test_a_lesson_says_its_pictures_and_the_squares_it_rings(tmp_path: Path) -> None:
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    lessons: Lessons = svc.lessons
    course = courses()["kona"]
    marked = next(n for n, step in enumerate(course.steps, start=1) if step.marks)
    post = await lessons.open(USERS[0][0], "kona", str(marked))
    ringed = list(course.steps[marked - 1].marks)
    listed = {"en": ", ".join(ringed[:-1]) + " and " + ringed[-1], "es": ", ".join(ringed[:-1]) + " y " + ringed[-1]}
    for lang, lead in (("en", "Ringed for this step: "), ("es", "Este paso señala con un anillo: ")):
        text = said(post.alt, lang)
        assert text.endswith(lead + (listed[lang] if len(ringed) > 1 else ringed[0]) + "."), text
    # a place of one seat's own (K3's pyramid slots, "0:a6") is said as that player's, never in its notation
    k3 = courses()["k3"]
    step = next(n for n, s in enumerate(k3.steps, start=1) if any(":" in m for m in s.marks))
    seat, _, slot = next(m for m in k3.steps[step - 1].marks if ":" in m).partition(":")
    words = said((await lessons.open(USERS[0][0], "k3", str(step))).alt, "en")
    assert f"Player {int(seat) + 1}" in words and f"'s {slot}" in words and f"{seat}:{slot}" not in words, words
    await repo.close()  # (an open connection's thread outlived the test's loop: a warning later)


async def test_every_lesson_picture_is_said_whole_in_both_languages(tmp_path: Path) -> None:
    """A learner who cannot see the pictures reads the whole course by their words: every picture of every step
    (the learner's and, with hidden information, each other seat's) fits Discord's limit uncut, in English and in
    Spanish, ringed places and details included (K3's covered pieces at the four-player steps were the longest)."""
    repo, svc = await open_service(str(tmp_path / "mesa.db"))
    lessons: Lessons = svc.lessons
    longest = 0
    for game, course in courses().items():
        for step in range(1, len(course.steps) + 1):
            post = await lessons.open(USERS[0][0], game, str(step))
            for alt in (post.alt, *(other.alt for other in post.others)):
                for lang in ("en", "es"):
                    text = said(alt, lang)
                    assert text and len(text) <= MAX_ALT_TEXT, (game, step, lang, len(text), text)
                    assert alt_text(alt, lang) == text  # never cut
                    longest = max(longest, len(text))
    assert longest > 0
    await repo.close()  # (an open connection's thread outlived the test's loop: a warning later)


def test_kona_s_words_say_who_plays_which_animal_as_its_title_strip_does() -> None:
    # a screen reader heard "c6: a poodle. e4: a capybara" with no word of whose pieces those were (KO-1.1)
    from engines import get_engine
    from tables.picture_words import picture_words

    engine = get_engine("kona")
    view = engine.view(engine.new_game(2, seed=1), None)
    for lang, first in (("en", "Ana plays the capybaras, Ben the poodles."),
                        ("es", "Ana juega con los capibaras, Ben con los caniches.")):
        assert said(picture_words(engine, view, ["Ana", "Ben"]), lang).startswith(first)
