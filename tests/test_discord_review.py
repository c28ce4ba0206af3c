"""Issue 32 on Discord: ``/review`` (``/revision``) and the *Review* button under a result, through real
discord.py objects and the REST stand-in (tests/discord_standin): progress shown by editing the deferred
answer, the review answered privately with its picture, refusals in the caller's language."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from discord_standin import Recorded
from discord_standin.payloads import CHANNEL_ID, GUILD_ID, Harness, option, thread_channel, user
from test_discord_flow import callbacks, check_components, check_deferred_first, replies, start_kona
from test_review_service import CountingAnalyser

from ai import Budget
from tables.review_lane import ReviewLane
from tables.reviews import Reviews

ALICE = user(1001, "alice")
BOB = user(1002, "bob")
CAROL = user(1003, "carol")
STRING, INTEGER, USER = 3, 4, 6


class Stepping(CountingAnalyser):
    """The counting analyser whose parts each say when they start (``entered``), so a test can act between
    two parts without a clock."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Semaphore(0)

    def review_part(self, game: str, start: Any, moves: Sequence[str], indices: Sequence[int], budget: Budget,
                    seed: int, left: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
        self.entered.release()
        return super().review_part(game, start, moves, indices, budget, seed)


def counted(h: Harness, fake: CountingAnalyser) -> None:
    service = h.bot.service
    service.reviews = Reviews(service.store, ReviewLane(processes=False), analyser=fake.analyser())


async def finished_kona(h: Harness, moves: int) -> int:
    """A Kona table alice and bob played ``moves`` plies of, which bob resigns (through the service)."""
    svc = h.bot.service
    out = await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {"seat": "first"})
    tid = out[0].table_id
    await svc.accept(tid, 1002)
    for ply in range(moves):
        mover = 1001 if ply % 2 == 0 else 1002
        await svc.submit_move(tid, mover, (await svc.legal_moves_for(tid, mover))[0])
    await svc.resign(tid, 1002)
    return tid


def last(h: Harness) -> Recorded:
    return replies(h)[-1]


async def test_the_review_button_under_a_result_answers_privately_with_the_picture(harness: Harness) -> None:
    h = harness
    fake = CountingAnalyser()
    counted(h, fake)
    thread = await start_kona(h)
    for text, who in (("a6-d3", ALICE), ("f6-c3", BOB)):  # two decisions: a graph to draw
        await h.command("move", [option("text", text, STRING)], who, channel=thread_channel(thread))
    await h.click("mesa:resign:1:5:ask", BOB, channel=thread_channel(thread))
    await h.click("mesa:resign:1:5:yes", BOB, message=h.message_with("mesa:resign:1:5:yes"),
                  channel=thread_channel(thread))
    result = next(r for r in h.standin.to_channel(thread) if r.method == "POST"
                  and any(c.startswith("mesa:review:") for c in r.custom_ids()))
    check_components(result)
    review_id = next(c for c in result.custom_ids() if c.startswith("mesa:review:1:"))
    assert any(c.startswith("mesa:rematch:1:") for c in result.custom_ids())  # beside Rematch
    h.standin.clear()
    await h.click(review_id, CAROL, message=h.message_with(review_id), channel=thread_channel(thread))
    check_deferred_first(h)
    assert callbacks(h)[0].json["type"] == 5  # a private "thinking", then the answer replaces it
    answer = last(h)
    assert answer.method == "PATCH" and answer.path.endswith("/messages/@original") and answer.ephemeral
    assert answer.content.startswith("Review of Kona #1: alice and bob")
    assert answer.files and answer.files[0][0] == "mesa-review-1.png" and answer.files[0][1].startswith(b"\x89PNG")
    assert fake.decided == 1
    h.standin.clear()  # pressed again (alice, in Spanish): the kept review, made once
    await h.click(review_id, ALICE, message=h.message_with(review_id), channel=thread_channel(thread), locale="es-ES")
    assert last(h).content.startswith("Revisión de Kona #1: alice y bob") and fake.decided == 1
    assert not h.standin.refusals()


async def test_review_command_shows_progress_then_the_review(harness: Harness) -> None:
    h = harness
    fake = Stepping()
    fake.hold = True
    counted(h, fake)
    tid = await finished_kona(h, moves=5)  # four decisions: four parts
    asking = asyncio.ensure_future(h.command("review", [option("table", tid, INTEGER)], CAROL))
    try:
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)  # the first part started
        fake.release(1)
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)  # the second: the first's progress is shown
        edits = [r for r in replies(h) if r.method == "PATCH"]
        assert [e.content for e in edits] == [f"Reviewing Kona #{tid}… 25 %"]
        assert edits[0].path.endswith("/messages/@original") and edits[0].ephemeral
    finally:
        fake.release()
    await asyncio.wait_for(asking, 30)
    check_deferred_first(h)
    answer = last(h)
    assert answer.path.endswith("/messages/@original") and answer.ephemeral  # the progress message, replaced
    assert answer.content.startswith(f"Review of Kona #{tid}: alice and bob") and answer.files
    assert "• alice: no mistakes." in answer.content  # the stand-in's decisions are all Mesa's own choice
    assert not h.standin.refusals()


async def test_review_refusals_in_the_callers_language(harness: Harness) -> None:
    h = harness
    fake = CountingAnalyser()
    counted(h, fake)
    svc = h.bot.service
    live = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {}))[0].table_id
    await svc.accept(live, 1002)
    await h.command("review", [option("table", live, INTEGER)], CAROL)
    assert last(h).ephemeral and last(h).content == (
        f"Kona #{live} is still being played: ask for its review once the game is over.")
    await h.command("review", [option("table", live, INTEGER)], CAROL, locale="es-ES")
    assert last(h).content == f"Kona #{live} todavía se está jugando: pide su revisión cuando termine la partida."
    await h.command("review", [option("table", 777, INTEGER)], CAROL)
    assert last(h).ephemeral and last(h).content == "There is no table #777 in this server."
    assert not any(r.files for r in replies(h)) and fake.decided == 0
    assert not h.standin.refusals()


async def test_a_players_name_is_said_as_text(harness: Harness) -> None:
    """A name that looks like a mention or markup reaches the review's words inert (cogs.plain)."""
    h = harness
    fake = CountingAnalyser()
    counted(h, fake)
    svc = h.bot.service
    out = await svc.create(GUILD_ID, CHANNEL_ID, 1001, "**alice** @everyone", "kona", [(1002, "bob")], {})
    tid = out[0].table_id
    await svc.accept(tid, 1002)
    await svc.resign(tid, 1002)
    await h.command("review", [option("table", tid, INTEGER)], CAROL)
    text = last(h).content
    assert "**alice**" not in text and "\\*\\*alice\\*\\*" in text and "@everyone" not in text


async def test_help_names_review(harness: Harness) -> None:
    h = harness
    for locale, name in (("en-US", "`/review`"), ("es-ES", "`/revision`")):
        h.standin.clear()
        await h.command("help", [], ALICE, locale=locale)
        reply = next(r for r in h.standin.interaction_replies() if r.json and r.json.get("embeds"))
        assert name in reply.json["embeds"][0]["description"]


@pytest.mark.parametrize(("where", "words"), [("en-US", "Mesa is restarting, so your review of table #{tid} "
                                                    "stopped at 25 %"),
                                          ("es-ES", "tu revisión de la mesa #{tid} se paró en el 25 %")])
async def test_a_review_cut_short_by_a_restart_says_so_in_place_of_its_progress(harness: Harness, where: str,
                                                                                words: str) -> None:
    """A bot stopped (SIGTERM) while a review is made: past the close's grace the review is cut, and its
    answer says so, with how to ask again, instead of a progress left at 25 % for ever."""
    h = harness
    fake = Stepping()
    fake.hold = True
    counted(h, fake)
    tid = await finished_kona(h, moves=5)  # four decisions: four parts
    h.bot.close_grace = 0.05  # (not five seconds of a test's time: the review is held anyway)
    asking = asyncio.ensure_future(h.command("review", [option("table", tid, INTEGER)], CAROL, locale=where))
    try:
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)
        fake.release(1)
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)  # 25 % shown
        await h.bot.close()
        answer = last(h)
        assert answer.path.endswith("/messages/@original") and answer.ephemeral
        assert words.format(tid=tid) in answer.content and f":{tid}`" in answer.content, answer.content
        assert h.bot.is_closed()
    finally:
        fake.release()
        asking.cancel()
    assert not h.standin.refusals()


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "is still being made (50 %), and Discord lets me answer here for 15 minutes only"),
    ("es-ES", "todavía se está haciendo (50 %), y Discord solo me deja responder aquí durante 15 minutos")])
async def test_a_review_still_being_made_near_discords_15_minutes_is_answered_in_time_and_kept(
        harness: Harness, locale: str, said: str) -> None:
    """Reviews queued behind many others: a minute before Discord stops taking this interaction's answers
    (15 minutes), the answer says the review goes on and how to have it; nothing is sent to the token after
    it has expired; asked again later, the review made meanwhile comes at once, made once."""
    h = harness
    fake = Stepping()
    fake.hold = True
    counted(h, fake)
    now = [0.0]
    h.bot.get_cog("Reviewing").clock = lambda: now[0]
    tid = await finished_kona(h, moves=5)  # four decisions: four parts
    asking = asyncio.ensure_future(h.command("review", [option("table", tid, INTEGER)], CAROL, locale=locale))
    try:
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)
        fake.release(1)
        assert await asyncio.to_thread(fake.entered.acquire, True, 30)  # 25 % shown
        now[0] += 14.5 * 60  # the parts waited in a long queue: 14 and a half minutes on both clocks
        h.standin.advance(14.5 * 60)
        fake.release(1)  # the second part done: 50 %
        await asyncio.wait_for(asking, 30)  # answered without waiting for the rest of the review
        answer = last(h)
        assert answer.path.endswith("/messages/@original") and answer.ephemeral
        assert said in answer.content and f":{tid}`" in answer.content
        h.standin.advance(60)  # past the 15 minutes: the first interaction's token is dead
    finally:
        fake.release()
    await h.command("review", [option("table", tid, INTEGER)], CAROL, locale="en-US")  # asked again, later
    assert last(h).content.startswith(f"Review of Kona #{tid}: alice and bob") and last(h).files
    assert fake.decided == 1, "made once"
    assert not h.standin.refusals(), "nothing sent after Discord's 15 minutes"


async def test_a_review_longer_than_a_message_and_an_embed_is_never_cut_silently(harness: Harness,
                                                                                   monkeypatch: Any) -> None:
    """Its first line as the message, the lines that fit the embed with a word that the rest is attached, and
    the whole review as a file (a review past 2,000 + 4,096 characters lost its end without a word)."""
    from tables.reviews import Review

    h = harness
    counted(h, CountingAnalyser())
    tid = await finished_kona(h, moves=3)
    lines = [f"Move {i}: alice's choice instead would have kept her chance at {i} %, " + "and so on " * 8
             for i in range(90)]
    whole = "\n".join([f"Review of Kona #{tid}: alice and bob", *lines])
    assert len(whole) > 2000 + 4096
    monkeypatch.setattr(Review, "text", lambda self, lang, inert=None: whole)
    h.standin.clear()
    await h.command("review", [option("table", tid, INTEGER)], CAROL)
    answer = last(h)
    assert answer.content == f"Review of Kona #{tid}: alice and bob"
    [embed] = answer.embeds
    description = embed["description"]
    assert len(description) <= 4096 and description.endswith("\n…\nThe whole review is in the file attached.")
    shown = description.removesuffix("\n…\nThe whole review is in the file attached.").split("\n")
    assert shown == lines[:len(shown)] and len(shown) > 10  # whole lines, in order
    attached = dict(answer.files)
    assert attached[f"mesa-review-{tid}.txt"].decode("utf-8") == whole
    assert not h.standin.refusals()


async def test_any_answer_cut_short_by_a_restart_says_so(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever an answer was waiting for when the close's grace ran out, the caller is told it was cut short
    (not left with Discord's "thinking…" for ever), in their language."""
    h = harness
    entered = asyncio.Event()

    async def stuck(*_args: Any) -> None:
        entered.set()
        await asyncio.Event().wait()  # a storage call that never comes back

    monkeypatch.setattr(h.bot.service.reviews, "finished_table", stuck)
    h.bot.close_grace = 0.05
    asking = asyncio.ensure_future(h.command("review", [option("table", 1, INTEGER)], CAROL, locale="es-ES"))
    try:
        await asyncio.wait_for(entered.wait(), 30)
        await h.bot.close()
        answer = last(h)
        assert answer.path.endswith("/messages/@original") and answer.ephemeral
        assert answer.content.startswith("Mesa se está reiniciando, así que esto se ha quedado a medias"), \
            answer.content
    finally:
        asking.cancel()
    assert not h.standin.refusals()


async def review_choices(h: Harness, who: dict[str, Any], typed: str = "", command: str = "review",
                         filled: Sequence[dict[str, Any]] = (), **kw: Any) -> list[tuple[str, int]]:
    """``/review table:`` (or another ``command``'s, after the options ``filled``) as Discord asks while it is
    typed: the choices answered."""
    before = len(h.standin.requests)
    await h.command(command, [*filled, option("table", typed, INTEGER, focused=True)], who, autocomplete=True,
                    **kw)
    answers = [r for r in h.standin.requests[before:] if r.path.endswith("/callback")]
    assert len(answers) == 1 and answers[0].json["type"] == 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    assert not h.standin.refusals()  # within Discord's limits: 25 choices, names of 1-100 characters
    return [(c["name"], c["value"]) for c in answers[0].json["data"]["choices"]]


async def test_review_and_replay_without_a_table_mean_the_callers_latest_finished_one(harness: Harness) -> None:
    """On a phone a table's number is a scroll away: ``table`` left out means the caller's most recent finished
    table in this server, and while it is typed Discord lists theirs, newest first, as their history says them
    (and ``/hint``, ``/takeback``, ``/board`` their live ones; ``/history`` both)."""
    h = harness
    fake = CountingAnalyser()
    counted(h, fake)
    await h.command("review", [], ALICE)  # nothing finished yet: said so, with how to name a table
    assert last(h).ephemeral and last(h).content == (
        "You have no finished game in this server yet: /review table:N reviews finished table #N.")
    await h.command("review", [], ALICE, locale="es-ES")
    assert last(h).content.startswith("Aún no tienes ninguna partida terminada en este servidor: /revision mesa:N")
    await h.command("replay", [], ALICE)
    assert last(h).content == "You have no finished game in this server yet: /replay table:N replays finished " \
        "table #N."
    assert await review_choices(h, ALICE) == []
    first = await finished_kona(h, moves=1)
    second = await finished_kona(h, moves=2)
    svc = h.bot.service
    live = (await svc.create(GUILD_ID, CHANNEL_ID, 1001, "alice", "kona", [(1002, "bob")], {}))[0].table_id
    await svc.accept(live, 1002)  # a game in play is not one to review
    choices = await review_choices(h, ALICE)
    assert [value for _, value in choices] == [second, first]  # newest first; the game in play is not offered
    assert choices[0][0].startswith(f"#{second} Kona · won · ") and choices[0][0].endswith("alice, bob")
    assert [value for _, value in await review_choices(h, ALICE, str(first))] == [first]  # the number typed
    assert (await review_choices(h, BOB, locale="es-ES"))[0][0].startswith(f"#{second} Kona · perdida · ")
    assert await review_choices(h, CAROL) == []  # her own finished tables: none
    assert [value for _, value in await review_choices(h, ALICE, command="replay")] == [second, first]
    # what is done at a table in play lists the live ones; the moves of one table, live ones then finished ones
    for command in ("hint", "takeback", "board"):
        assert [value for _, value in await review_choices(h, ALICE, command=command)] == [live]
    assert [value for _, value in await review_choices(h, ALICE, command="history")] == [live, second, first]
    assert [value for _, value in await review_choices(h, ALICE, "bob", command="history")] == [live, second, first]
    assert await review_choices(h, ALICE, "carol", command="history") == []
    # /history user:bob table: lists bob's tables, to whoever asks; user:carol, hers (none)
    assert [value for _, value in await review_choices(h, CAROL, command="history", filled=[
        option("user", BOB["id"], USER)], users=[BOB])] == [live, second, first]
    assert await review_choices(h, ALICE, command="history", filled=[option("user", CAROL["id"], USER)],
                                users=[CAROL]) == []
    await h.command("review", [], BOB)
    assert last(h).content.startswith(f"Review of Kona #{second}: alice and bob") and last(h).files
    await h.command("replay", [], BOB)
    post = replies(h)[-1]  # posted for everyone, after the private "posted below"
    assert post.method == "POST" and not post.ephemeral and post.content == f"Replay of Kona #{second}: alice, bob"
    assert not h.standin.refusals()


async def test_a_result_before_anyone_moved_carries_rematch_and_no_review(harness: Harness) -> None:
    # "Review" under a game resigned before its first move answered that there was nothing to review
    h = harness
    thread = await start_kona(h)
    await h.command("resign", [option("table", 1, 4)], ALICE, channel=thread_channel(thread))
    result = next(r for r in h.standin.to_channel(thread) if r.method == "POST"
                  and any(c.startswith("mesa:rematch:1:") for c in r.custom_ids()))
    assert not any(c.startswith("mesa:review:") for c in result.custom_ids())
