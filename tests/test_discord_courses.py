"""Every course played to its end on Discord, through the stand-in (issue 30): ``/learn GAME`` opens it, then
``/move`` (``/mover`` in Spanish) answers each step with its right answer, computed from the course data;
every reply is private (ephemeral), carries the next step's picture(s) (one per seat where information is
hidden) and the course ends with the finished message.  Every game in English and in Spanish."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord_standin.payloads import Harness, option, user

from engines import get_engine
from tables.learn import courses, right_answer, step_state

STRING = 3
#: the games and the language each is played in (Discord's locale)
PLAYED = [(game, locale) for game in courses() for locale in ("en-US", "es-ES")]
WORDS = {"en-US": ("Right: ", "step {n} of {of}", "You finished the course {title}!"),
         "es-ES": ("Correcto: ", "paso {n} de {of}", "¡Terminaste el curso {title}!")}


def pictures(game: str, index: int) -> list[str]:
    """The files a post showing step ``index`` (0-based) carries: the learner's picture, then each other seat's
    where the step hides information (and does not ask about a face the learner cannot see: ``others``)."""
    engine = get_engine(game)
    step = courses()[game].steps[index]
    state = step_state(engine, step)
    if not engine.has_private_info(state) or not step.others:
        return [f"lesson-{game}.png"]
    others = [s for s in range(engine.num_players(state)) if s != step.seat]
    return [f"lesson-{game}.png", *(f"lesson-{game}-player{s + 1}.png" for s in others)]


def replies(h: Harness) -> list[Any]:
    return [r for r in h.standin.interaction_replies() if r.content]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "locale"), PLAYED)
async def test_a_whole_course_on_discord(tmp_path: Path, game: str, locale: str) -> None:
    course = courses()[game]
    of, lang = len(course.steps), locale[:2]
    right, at, finished = WORDS[locale]
    learner = user(1001, "alice")
    h = await Harness.open(tmp_path)
    try:
        await h.command("learn", [option("game", game, STRING)], learner, locale=locale)
        [opened] = replies(h)
        assert opened.ephemeral and opened.content.startswith(f"{course.title[lang]} — {at.format(n=1, of=of)}")
        assert [name for name, _ in opened.files] == pictures(game, 0)
        assert all(data.startswith(b"\x89PNG") for _, data in opened.files)
        for index in range(of):
            h.standin.clear()
            answer = right_answer(game, index)
            await h.command("move", [option("text", answer, STRING)], learner, locale=locale)
            [post] = replies(h)
            assert post.ephemeral and post.content.startswith(right), (index, post.content[:300])
            if index + 1 < of:
                assert f"{course.title[lang]} — {at.format(n=index + 2, of=of)}" in post.content
                assert [name for name, _ in post.files] == pictures(game, index + 1)
            else:
                assert finished.format(title=course.title[lang]) in post.content and not post.files
        assert not [r for r in h.standin.to_channel() if r.method == "POST"]  # nothing public
    finally:
        await h.close()
