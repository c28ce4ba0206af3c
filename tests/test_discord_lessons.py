"""Lessons on Discord through the stand-in (issue 30): ``/learn`` lists the courses, opens one with its
picture, answers right and wrong, privately (ephemeral), in English and Spanish (``/aprender``); a new bot
process over the same database goes on where the learner was; no table is created."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord_standin.payloads import Harness, option, user

from tables import TableError
from tables.learn import courses

KONA = courses()["kona"]
N = len(KONA.steps)  # the course grows; these tests follow it
EN, ES = KONA.title["en"], KONA.title["es"]

ALICE = user(1001, "alice")


def replies(h: Harness) -> list[Any]:
    return [r for r in h.standin.interaction_replies() if r.content]


async def test_a_course_on_discord_across_a_restart(tmp_path: Path) -> None:
    first = await Harness.open(tmp_path)
    try:
        await first.command("learn", [], ALICE)
        [listed] = replies(first)
        assert listed.ephemeral and f"kona: {EN} ({N} steps) — not started" in listed.content
        first.standin.clear()
        await first.command("learn", [option("game", "kona", 3)], ALICE)
        [step] = replies(first)
        assert step.ephemeral and step.content.startswith(f"{EN} — step 1 of {N}")
        assert [name for name, _ in step.files] == ["lesson-kona.png"]  # the step's picture, privately
        first.standin.clear()
        await first.command("learn", [option("game", "kona", 3), option("answer", "a6-a5", 3)], ALICE)
        [wrong] = replies(first)
        assert wrong.ephemeral and wrong.content.startswith("Not this one: a6-a5 is legal (the board would say: ")
        first.standin.clear()
        await first.command("learn", [option("game", "kona", 3), option("answer", "a6-d3", 3)], ALICE)
        [right] = replies(first)
        assert right.content.startswith("Right: a6-d3.") and f"step 2 of {N}" in right.content
        # /games says the lesson left halfway and how to go on, as the reader's Discord names the command
        for locale, words in (("en-US", f"Your lesson: {EN} — step 2 of {N} (go on with /learn game:Kona)."),
                              ("es-ES", f"Tu lección: {ES} — paso 2 de {N} (sigue con /aprender juego:Kona).")):
            await first.command("games", [], ALICE, locale=locale)
            [embed] = [r for r in first.standin.interaction_replies() if r.embeds][-1].embeds
            assert embed["description"].split("\n")[-1] == words  # after "You have no active games"
        first.standin.clear()
        assert not [r for r in first.standin.to_channel() if r.method == "POST"]  # nothing public
    finally:
        await first.close()
    second = await Harness.open(tmp_path)  # a new bot process, the same database
    second.standin.adopt(first.standin)
    try:
        await second.command("learn", [option("game", "kona", 3)], ALICE, locale="es-ES")
        [resumed] = replies(second)
        assert resumed.ephemeral and resumed.content.startswith(f"{ES} — paso 2 de {N}")
        second.standin.clear()
        await second.command("learn", [option("game", "kona", 3), option("answer", "a5-c5", 3)], ALICE,
                             locale="es-ES")
        [wrong] = replies(second)
        assert wrong.content.startswith("Esa no: a5-c5 ")
        second.standin.clear()
        await second.command("learn", [option("game", "kona", 3), option("step", "restart", 3)], ALICE)
        assert replies(second)[0].content.startswith(f"{EN} — step 1 of {N}")
        # a second course left halfway is said after the open one, as the reader's Discord names the command
        await second.command("learn", [option("game", "plateau", 3), option("step", "2", 3)], ALICE)
        await second.command("learn", [option("game", "kona", 3)], ALICE)
        await second.command("games", [], ALICE, locale="es-ES")
        [embed] = [r for r in second.standin.interaction_replies() if r.embeds][-1].embeds
        assert embed["description"].split("\n")[-1] == (
            f"Tu lección: {ES} — paso 1 de {N} (sigue con /aprender juego:Kona). También a medias: Plateau paso a "
            f"paso (paso 2 de {len(courses()['plateau'].steps)}: /aprender juego:Plateau).")
        with pytest.raises(TableError):  # no table was created
            await second.bot.service.table_details(1)
    finally:
        await second.close()


async def test_the_hint_the_advice_names_is_there_on_discord(tmp_path: Path) -> None:
    """A lesson refuses Mesa's ``auto`` and says to ask for the step's hint with ``/learn kona hint``; on Discord
    the advice names the options to fill, ``/aprender juego:Kona paso:pista``, and ``step: hint`` (or ``pista``)
    gives the step's hint, privately, the step unchanged, in the caller's language."""
    from cogs.command_words import in_discord_words
    from tables import i18n

    h = await Harness.open(tmp_path)
    try:
        await h.command("learn", [option("game", "kona", 3)], ALICE, locale="es-ES")
        h.standin.clear()
        await h.command("learn", [option("game", "kona", 3), option("answer", "auto", 3)], ALICE, locale="es-ES")
        [refused] = replies(h)
        assert "(/aprender juego:Kona paso:pista da una pista)" in refused.content
        for locale, word, said in (("es-ES", "pista", KONA.steps[0].hint["es"]),
                                   ("en-US", "hint", KONA.steps[0].hint["en"])):
            h.standin.clear()
            await h.command("learn", [option("game", "kona", 3), option("step", word, 3)], ALICE, locale=locale)
            [hint] = replies(h)
            assert hint.ephemeral and said in hint.content, hint.content
            assert ("paso 1 de" if locale == "es-ES" else "step 1 of") in hint.content
        assert await h.bot.service.lessons.at(int(ALICE["id"]), "kona") == 1  # a hint moves nobody on
        assert in_discord_words(i18n.ES["learn.bad_step"], "es").endswith("o reiniciar.")
    finally:
        await h.close()
