"""A channel deleted under Mesa (README, *Tournaments on Discord*): Discord's 404 Unknown Channel (10003), or the
gateway's CHANNEL_DELETE, stops the posts there for good; a tournament announced there is cancelled and its
organiser and entrants told by DM, in their language; the players of a table played there are told by DM once;
and a move's answer says the news cannot be posted there any more (never "I will post it again")."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from discord_standin.payloads import Harness, option, text_channel, user
from discord_standin.world import CHANNEL_ID, GUILD_ID
from test_discord_guild_life import ALICE, BOB, guild_create, start_kona
from test_discord_tournament import INTEGER, STRING, Clock, round_boards, svc, tour

from data import tournaments as stored


def to_gone(h: Harness, gone: set[int], since: int = 0) -> list[Any]:
    """Posts the bot tried in the deleted channels (and their threads), from request ``since``."""
    return [r for r in h.standin.requests[since:] if r.status == 404 and any(f"/channels/{c}/" in r.path
                                                                             for c in gone)]


def dms(h: Harness, user_id: int, words: str) -> list[str]:
    return [r.content for r in h.standin.to_dms(user_id) if r.status == 200 and words in (r.content or "")]


async def test_a_tournaments_channel_deleted_mid_event_cancels_it_and_tells_everyone_privately(tmp_path: Path) -> None:
    """The audit's case: the channel deleted after the start (its threads kept, as the stand-in has it); the round's
    end finds it out (round 2's announcement answered 10003)."""
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    people = {8001 + i: user(8001 + i, n) for i, n in enumerate(["Ana", "Ben", "Cy", "Dee"])}
    try:
        await tour(h, people[8001], "create", option("game", "kona", STRING), option("format", "swiss", STRING),
                   option("rounds", 2, INTEGER))
        for u in people.values():
            await tour(h, u, "join")
        await svc(h).set_locale(8002, "es-ES")  # Ben reads Discord in Spanish
        await tour(h, people[8001], "start")
        h.standin.deleted.add(CHANNEL_ID)
        first = await round_boards(h)
        for b in first.boards:
            await h.command("resign", [option("table", b.table_id, INTEGER)], people[b.user_ids[0]])
        since = len(h.standin.requests)
        for _ in range(3):
            clock.moment += timedelta(minutes=2)
            await h.bot.ticker.tick()
        row = await stored.get_tournament(svc(h).repo, 1)
        assert row is not None and row.status == stored.CANCELLED and row.channel_gone_at is not None
        for uid in people:  # each told once, in their language (Ben's is Spanish), with what to do
            if uid == 8002:
                [told] = dms(h, uid, "El canal del torneo #1 (Kona) se ha borrado")
                assert "queda cancelado" in told and "/torneo crear" in told
            else:
                [told] = dms(h, uid, "The channel of tournament #1 (Kona) has been deleted")
                assert "the tournament is cancelled" in told and "/tournament standings number:1" in told
                assert "Ana (or anyone) can start a new one in another channel with /tournament create." in told
        # round 2, paired as the channel was found gone, has its tables' players told, and its moves say so
        second = await round_boards(h)
        assert second.round == 2
        for b in second.boards:
            for uid in b.user_ids:
                assert len(dms(h, uid, "has been deleted, so I can no longer post its boards")
                           + dms(h, uid, "se ha borrado, así que ya no puedo publicar sus tableros")) == 1
            before = len(h.standin.requests)
            await h.command("resign", [option("table", b.table_id, INTEGER)], people[b.user_ids[0]])
            answer = h.standin.interaction_replies()[-1].content
            assert f"the channel of table #{b.table_id} was deleted" in answer and "post it again" not in answer
            assert to_gone(h, {CHANNEL_ID}, before) == []  # known gone: not even tried
        # nothing more tried there, however long the bot runs
        since = len(h.standin.requests)
        for _ in range(5):
            clock.moment += timedelta(minutes=2)
            await h.bot.ticker.tick()
        for _ in range(24):
            clock.moment += timedelta(hours=1)
            await h.bot.ticker.tick()
        assert to_gone(h, {CHANNEL_ID}, since) == []
        assert all(len(dms(h, uid, "has been deleted") + dms(h, uid, "se ha borrado")) <= 2 for uid in people)
    finally:
        await h.close()


async def test_an_ordinary_tables_deleted_channel_is_not_tried_again_and_its_players_told_once(
        tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    try:
        thread = await start_kona(h)
        h.standin.deleted |= {CHANNEL_ID, thread}  # a channel deleted takes its threads with it
        await h.command("move", [option("text", "a6-d3", STRING), option("table", 1, INTEGER)], ALICE)
        answer = h.standin.interaction_replies()[-1].content
        assert "the channel of table #1 was deleted" in answer and "post it again" not in answer
        for who in (ALICE, BOB):
            [told] = dms(h, int(who["id"]), "The channel where Kona #1 was played has been deleted")
            assert "/resign table:1" in told
        since = len(h.standin.requests)
        for _ in range(10):
            clock.moment += timedelta(minutes=2)
            await h.bot.ticker.tick()
        assert to_gone(h, {CHANNEL_ID, thread}, since) == []  # 404s no more (the ticker's missed posts)
        await h.command("resign", [option("table", 1, INTEGER)], BOB)
        assert to_gone(h, {CHANNEL_ID, thread}, since) == []
        assert len(dms(h, int(ALICE["id"]), "has been deleted")) == 1  # told once
    finally:
        await h.close()


async def test_channel_delete_from_the_gateway_closes_an_open_event_and_tells_its_people(tmp_path: Path) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    ana, ben = user(7301, "Ana"), user(7302, "Ben")
    try:
        h.standin.guilds[GUILD_ID].bot_member = True
        h.bot._connection.parse_guild_create({**guild_create(), "channels": [text_channel()]})
        await h.settle()
        await tour(h, ana, "create", option("game", "kona", STRING), option("format", "swiss", STRING))
        await tour(h, ben, "join")
        since = len(h.standin.requests)
        h.standin.deleted.add(CHANNEL_ID)
        h.bot._connection.parse_channel_delete(text_channel())
        await h.settle()
        row = await stored.get_tournament(svc(h).repo, 1)
        assert row is not None and row.status == stored.CANCELLED
        for uid in (7301, 7302):
            [told] = dms(h, uid, "The channel of tournament #1 (Kona) has been deleted before it started")
            assert "Ana (or anyone) can create it again in another channel with /tournament create." in told
        clock.moment += timedelta(days=20)
        await h.bot.ticker.tick()
        assert to_gone(h, {CHANNEL_ID}, since) == []
    finally:
        await h.close()
