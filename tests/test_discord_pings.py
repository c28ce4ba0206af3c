"""Who a table's posts ping, through the stand-in: a player is pinged when their turn comes, once, and when a
game ends that they did not end themselves.

A phone buzzes at every ping.  An audit counted six or seven pings a Krakatoa turn to the player who had just
clicked (each throw's board named them again), seven to a K3 builder before they did anything (each pyramid
built by another, each answer to the invitation), and none at all when a game ended: a player waiting days for
their opponent learned of the result only when they next opened the thread.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from discord_standin.payloads import Harness, option, thread_channel, user
from test_discord_time_words import Clock

PEOPLE = [user(1001 + k, name) for k, name in enumerate(("alice", "bob", "carol", "dave"))]
ALICE, BOB, CAROL, DAVE = PEOPLE


async def open_table(h: Harness, game: str, players: int, **extra: Any) -> tuple[int, dict[str, Any]]:
    """``game`` for ``players`` (alice first), every invitation accepted with its button."""
    options = [option("game", game, 3)] + [option(("opponent", "opponent2", "opponent3")[k], PEOPLE[k + 1]["id"], 6)
                                           for k in range(players - 1)]
    if players == 2:
        options.append(option("seat", "first", 3))
    options += [option(name, value, kind) for name, (value, kind) in extra.items()]
    await h.command("play", options, ALICE, users=PEOPLE[1:players])
    thread = next(iter(h.standin.channels))
    place = thread_channel(thread)
    for invited in PEOPLE[1:players]:
        accept = h.latest_id("mesa:inv:1:").rsplit(":", 1)[0] + ":accept"
        await h.click(accept, invited, message=h.message_with(accept), channel=place)
    return thread, place


def posts(h: Harness, thread: int) -> list[Any]:
    return [r for r in h.standin.to_channel(thread) if r.method == "POST" and r.status == 200]


async def test_a_krakatoa_turn_pings_its_player_once_not_at_every_throw(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        thread, place = await open_table(h, "krakatoa", 2)
        acted: list[int] = []
        for _ in range(30):  # the throw-off, then turns, each decision by its Auto button
            seated = [u for u in (1001, 1002) if await h.bot.service.legal_moves_for(1, u)]
            if not seated:
                break
            who = seated[0]
            auto = h.latest_id("mesa:mv:1:")
            auto = auto.rsplit(":", 1)[0] + ":auto"
            h.standin.clear()
            await h.click(auto, PEOPLE[who - 1001], message=h.message_with(auto), channel=place)
            acted.append(who)
            pinged = set().union(*(post.pings()[0] for post in posts(h, thread)))
            now = [u for u in (1001, 1002) if await h.bot.service.legal_moves_for(1, u)]
            if who in now:  # the turn goes on (the next throw's decision): told already
                assert who not in pinged, [post.content[:80] for post in posts(h, thread)]
            elif now:  # the turn passed: the new player is pinged
                assert pinged == set(now), [post.content[:80] for post in posts(h, thread)]
        assert len(set(acted)) == 2, "both players had turns"
    finally:
        await h.close()


async def test_a_k3_builder_is_pinged_by_the_invitation_and_the_deal_only(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        thread, place = await open_table(h, "k3", 4)
        for builder in (ALICE, BOB, CAROL):  # each builds Mesa's proposal, confirmed: dave still to build
            await h.click(h.latest_id("mesa:build:1:"), builder, channel=place)
            confirm = next(i for i in h.standin.interaction_replies()[-1].custom_ids() if i.startswith("mesa:mv:"))
            await h.click(confirm, builder, message=h.message_with(confirm), channel=place)
        told = [post.content.split("\n", 1)[-1][:60] for post in posts(h, thread) if 1004 in post.pings()[0]]
        assert len(told) == 2, told  # invited; then the pieces dealt and the pyramids to build
        assert told[0].startswith("alice invites") and "dealt" in told[1]
    finally:
        await h.close()


async def test_the_result_pings_the_players_who_did_not_end_the_game(tmp_path: Any) -> None:
    h = await Harness.open(tmp_path, renderer=None)
    try:
        thread, place = await open_table(h, "kona", 2)
        await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
        h.standin.clear()
        await h.click(h.latest_id("mesa:resign:1:"), BOB, channel=place)  # bob resigns on his turn, by button
        yes = h.latest_id("mesa:resign:1:").rsplit(":", 1)[0] + ":yes"
        await h.click(yes, BOB, message=h.message_with(yes), channel=place)
        result = [post for post in posts(h, thread) if "resigned" in post.content]
        assert result and result[-1].pings() == ({1001}, False), "alice, who waited for bob, learns she won"
        assert all(1002 not in post.pings()[0] for post in posts(h, thread)), "bob resigned: he knows"
    finally:
        await h.close()


async def test_a_result_on_time_pings_everyone_and_an_agreed_draw_the_one_who_offered(tmp_path: Any) -> None:
    clock = Clock()
    h = await Harness.open(tmp_path, clock=clock, renderer=None)
    try:
        thread, place = await open_table(h, "kona", 2, time_per_move=(3600, 4))
        await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
        h.standin.clear()
        clock.moment += timedelta(hours=2)  # bob's hour runs out: nobody acted
        await h.bot.ticker.tick()
        [result] = [post for post in posts(h, thread) if "ran out of time" in post.content and post.pings()[0]]
        assert result.pings() == ({1001, 1002}, False)
    finally:
        await h.close()
    h = await Harness.open(tmp_path / "draw", renderer=None)
    try:
        thread, place = await open_table(h, "kona", 2)
        await h.command("move", [option("text", "a6-d3", 3)], ALICE, channel=place)
        await h.command("draw", [], BOB, channel=place)
        h.standin.clear()
        await h.command("draw", [], ALICE, channel=place)  # alice accepts bob's offer
        ended = [post for post in posts(h, thread) if post.pings()[0]]
        assert [post.pings() for post in ended] == [({1002}, False)], [p.content for p in posts(h, thread)]
    finally:
        await h.close()


async def test_a_game_a_time_out_ends_pings_the_player_whose_time_ran_out(tmp_path: Any) -> None:
    """Krakatoa plays a late player's turn for them (KR-8.4); where that turn is the game's last, the result pings
    them too: they did not end it, their clock did (the move's seat is not who acted)."""
    from test_tables_service import USERS, FakeClock, open_service, start_table

    from tables import PublicPost
    from tables.outbox import RESULT

    async def game(stop_before: int | None) -> tuple[int, list[Any]]:
        clock = FakeClock()
        repo, svc = await open_service(str(tmp_path / f"kr{stop_before}.db"), clock)
        try:
            tid, _ = await start_table(svc, "krakatoa", options={"time_per_move": "1h"})
            made = 0
            while (await svc.table_details(tid)).summary.status == "active":
                if made == stop_before:  # the last decision's time runs out instead
                    clock.advance(hours=2)
                    return made, await svc.tick()
                acting = [uid for uid, _ in USERS[:2] if await svc.legal_moves_for(tid, uid)]
                actor = acting[0]  # (an async comprehension, so no next() over a generator)
                out = await svc.auto(tid, actor)
                made += 1
            return made, out
        finally:
            await repo.close()

    decisions, _ = await game(None)  # the whole game, each decision by /auto: how many it took
    _, messages = await game(decisions - 1)  # the same dice; the last decision left to the clock
    [result] = [m for m in messages if isinstance(m, PublicPost) and m.kind == RESULT]
    assert set(result.mention) == {USERS[0][0], USERS[1][0]}, "nobody acted: both are told"


def test_a_caption_too_long_keeps_its_first_and_last_lines() -> None:
    # a board telling a long stretch (a Krakatoa round of four long names played out) is cut from the middle:
    # the last line says whose turn it is and the scores, the first what happened first
    from cogs.delivery import LEFT_OUT, fit_middle
    first, last = "Krakatoa #4 · " + "A" * 300, "D to move. Score: " + " · ".join(["X" * 32 + " 298"] * 4)
    news = [f"Big Quake for {'B' * 32} on throw {k} (total {k * 40}): ×4 on the throw after it." for k in range(30)]
    text = "\n".join([first, *news, last])
    fitted = fit_middle(text, 1900)
    assert len(text) > 1900 >= len(fitted)
    lines = fitted.split("\n")
    assert lines[0] == first and lines[-1] == last and lines[-2] == LEFT_OUT
    assert lines[1:-2] == news[:len(lines) - 3] and len(lines) > 5, "news kept in order, as many as fit"
    assert fit_middle(text, len(text)) == text, "a caption that fits is left alone"
    one_line = fit_middle("Z" * 3000, 2000)
    assert len(one_line) == 2000 and one_line.endswith(LEFT_OUT)


async def test_a_board_s_pings_and_deadline_survive_a_caption_too_long(tmp_path: Any, monkeypatch: Any) -> None:
    import cogs.delivery
    real = cogs.delivery.said

    def long_said(key: str, lang: str, params: Any) -> str:
        text = real(key, lang, params)
        return text.replace("\n", "\n" + "\n".join(["news " * 60] * 12) + "\n", 1) if "\n" in text else text

    monkeypatch.setattr(cogs.delivery, "said", long_said)
    h = await Harness.open(tmp_path)
    try:
        thread, place = await open_table(h, "kona", 2)
        await h.command("move", [option("text", "a6-d3", 3), option("table", 1, 4)], ALICE, channel=place)
        boards = [r for r in posts(h, thread) if r.files]
        long_ones = [r for r in boards if "news news" in r.content]
        assert long_ones, "a caption was made too long"
        for r in long_ones:
            assert len(r.content) <= 2000
            mover = ALICE if "alice to move" in r.content else BOB
            assert r.content.startswith(f"<@{mover['id']}>\n"), "the player to move is still pinged"
            assert r.content.endswith(":R>") and f"{mover['username']} to move" in r.content.split("\n")[-1], \
                "whose turn and its deadline are still said"
    finally:
        await h.close()
