"""Time on Discord as its readers meet it: a reminder DM names the deadline as a Discord timestamp (shown in
each reader's own time zone), and ``/games`` reads as a sentence in both languages ("until in 3 days" did not)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from discord_standin.payloads import Harness, option, thread_channel, user
from test_discord_flow import replies

ALICE = user(1001, "alice")
BOB = user(1002, "bob")


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


async def start(h: Harness) -> None:
    await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6),
                             option("seat", "first", 3), option("time_per_move", 86400, 4)], ALICE, users=[BOB])
    place = thread_channel(next(iter(h.standin.channels)))
    await h.click(h.latest_id("mesa:inv:1:"), BOB, channel=place)


async def test_a_reminder_dm_shows_the_deadline_as_a_discord_timestamp(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await start(h)
        deadline = int(datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp())  # 1d after the start
        h.standin.clear()
        clock.moment += timedelta(hours=13)
        await h.bot.ticker.tick()
        [dm] = h.standin.to_dms(1001)
        assert f"<t:{deadline}:" in dm.content, dm.content
        assert "UTC" not in dm.content, "the reader's own time zone, not UTC to convert by hand"
    finally:
        await h.close()


async def test_games_says_the_deadline_as_a_sentence(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await start(h)
        for locale in ("en-US", "es-419"):
            await h.command("games", [], ALICE, locale=locale)
            [embed] = replies(h)[-1].embeds
            text = embed["description"]
            # a relative timestamp reads "in 1 day" / "dentro de 1 día": "until" / "hasta" before it is wrong
            assert "until <t:" not in text and "hasta <t:" not in text, text
            assert f"<t:{int(datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp())}:R>" in text, text
    finally:
        await h.close()


async def test_games_says_when_an_invitation_closes(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock)
    try:
        await h.command("play", [option("game", "kona", 3), option("opponent", BOB["id"], 6)], ALICE, users=[BOB])
        closes = int(datetime(2026, 3, 4, 12, 0, tzinfo=UTC).timestamp())  # the default 3 days after
        for locale, words in (("en-US", "closes"), ("es-419", "se cierra")):
            await h.command("games", [], ALICE, locale=locale)
            [embed] = replies(h)[-1].embeds
            assert f"({words} <t:{closes}:R>)" in embed["description"], embed["description"]
    finally:
        await h.close()
