"""Players' names are text, never mentions or markup (issue 29, item 7).

A display name is whatever its owner typed.  Before, a player named ``<@999>`` made every board of
their tables ping user 999: public posts let Discord parse every user mention in the text.  Here four
players whose names are a mention, ``@everyone``, ``**bold**`` and a code span play through the
stand-in, and every message the bot sent is checked: its ``allowed_mentions`` names only players the
post mentions on purpose, nobody else is notified, and each name shows as typed (escaped).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord_standin import Recorded
from discord_standin.payloads import Harness, option, thread_channel, user

VICTIM = 999
INJECTOR = user(1001, f"<@{VICTIM}>")
SHOUTER = user(1002, "@everyone")
BOLD = user(1003, "**bold**")
CODE = user(1004, "`code`")
PLAYERS = {int(u["id"]) for u in (INJECTOR, SHOUTER, BOLD, CODE)}
STRING, USER = 3, 6
#: each name as Discord would have read it, and as it must be written so that Discord shows it as typed
RAW = [f"<@{VICTIM}>", "@everyone", "**bold**", "`code`"]
ESCAPED = [r"\*\*bold\*\*", r"\`code\`"]


@pytest.fixture
async def harness(tmp_path: Any) -> Harness:
    h = await Harness.open(tmp_path)
    yield h
    await h.close()


def shown(r: Recorded) -> str:
    """What a reader sees of a message: its text and its embeds' titles and descriptions."""
    return "\n".join([r.content, *(str(e.get(k) or "") for e in r.embeds for k in ("title", "description"))])


def messages(h: Harness) -> list[Recorded]:
    """Every request that carries a message's text: posts, edits, DMs, interaction answers."""
    return [r for r in h.standin.requests if shown(r).strip()]


async def test_names_are_text_and_only_players_are_pinged(harness: Harness) -> None:
    h = harness
    # a K3 table of four: the injector invites the others, who accept one by one
    await h.command("play", [option("game", "k3", STRING), option("opponent", SHOUTER["id"], USER),
                             option("opponent2", BOLD["id"], USER), option("opponent3", CODE["id"], USER),
                             option("seat", "first", STRING)], INJECTOR, users=[SHOUTER, BOLD, CODE])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    place = thread_channel(thread)
    for guest in (SHOUTER, BOLD, CODE):
        await h.click(h.latest_id("mesa:inv:1:"), guest, channel=place)
    await h.command("games", [], INJECTOR, channel=place)
    await h.click(h.latest_id("mesa:mine:1:"), BOLD, channel=place)
    for quitter in (SHOUTER, BOLD, CODE):  # the game ends with the injector the last one in
        await h.command("resign", [option("table", 1, 4)], quitter, channel=place)
    await h.command("history", [], INJECTOR, channel=place)  # an embed naming the opponents
    await h.command("history", [option("table", 1, 4)], INJECTOR, channel=place)  # the moves, each by its player
    await h.command("replay", [option("table", 1, 4)], INJECTOR, channel=place)  # a public caption naming all
    # a refusal that names a player: bold moves out of turn at a Kona table against code
    await h.command("play", [option("game", "kona", STRING), option("opponent", CODE["id"], USER),
                             option("seat", "first", STRING)], BOLD, users=[CODE])
    kona = thread_channel(next(int(r.path.split("/")[2]) for r in reversed(h.standin.requests)
                               if r.path.endswith("/messages") and int(r.path.split("/")[2]) != thread))
    await h.click(h.latest_id("mesa:inv:2:"), CODE, channel=kona)
    await h.command("move", [option("text", "a1-a2", STRING), option("table", 2, 4)], CODE, channel=kona)
    # a takeback asked by bold and declined by code: /history lists it with both names
    await h.command("move", [option("text", "a6-d3", STRING), option("table", 2, 4)], BOLD, channel=kona)
    await h.command("takeback", [option("table", 2, 4)], BOLD, channel=kona)
    await h.command("takeback", [option("action", "decline", STRING), option("table", 2, 4)], CODE, channel=kona)
    await h.command("history", [option("table", 2, 4)], BOLD, channel=kona)

    sent = messages(h)
    assert len(h.standin.to_dms()) >= 4, "the players' private views went out by DM"
    assert any("turn" in r.content.lower() and r.ephemeral for r in sent), "the refusal was answered"
    assert any(r.files and r.files[0][0].endswith(".gif") and not r.ephemeral for r in sent), "the replay is public"
    assert any(r.embeds and "\\`code\\`" in shown(r) for r in sent), "the history names the opponents"
    assert any("built a pyramid" in r.content for r in sent), "the history of table 1 tells its moves by name"
    assert any("asked to take back" in r.content and r"\*\*bold\*\*" in r.content for r in sent), \
        "the history of table 2 lists the takeback by name"
    seen = "\n".join(shown(r) for r in sent)
    for escaped in ESCAPED:
        assert escaped in seen, f"{escaped} is shown as typed"
    for r in sent:
        allowed = r.allowed_mentions
        assert allowed is not None, f"{r.method} {r.path} lets Discord parse every mention: {r.content!r}"
        assert allowed.get("parse") == [], f"{r.path}: {allowed}"
        listed = {int(u) for u in allowed.get("users") or []}
        named = {int(u) for u in re.findall(r"<@!?(\d+)>", r.content)}
        assert listed <= named & PLAYERS, f"{r.path}: allows {listed}, mentions {named}"
        pinged, everyone = r.pings()
        assert VICTIM not in pinged and not everyone and pinged <= PLAYERS, r.content
        for raw in RAW:
            assert raw not in shown(r), f"{raw!r} reached Discord unescaped: {shown(r)!r}"
    boards = [r for r in h.standin.to_channel(thread) if r.method == "POST" and r.files]
    assert boards and all(r.pings()[0] for r in boards[:1]), "the board still pings the players to act"


NAVIGATOR = user(1005, "<id:customize>")
LINKER = user(1006, "https://evil.example/x")


async def test_a_name_that_is_a_server_link_or_a_web_link_is_shown_not_linked(harness: Harness) -> None:
    # Discord draws ``<id:customize>`` (and ``<id:browse>``, ``<id:guide>``…) as a link to a tab of the server,
    # and a bare http(s) address as a link with the page's preview under the post: a name is neither
    h = harness
    await h.command("play", [option("game", "kona", STRING), option("opponent", LINKER["id"], USER),
                             option("seat", "first", STRING)], NAVIGATOR, users=[LINKER])
    thread = next(int(r.path.split("/")[2]) for r in h.standin.requests if r.path.endswith("/messages"))
    place = thread_channel(thread)
    await h.click(h.latest_id("mesa:inv:1:"), LINKER, channel=place)
    await h.command("resign", [option("table", 1, 4)], LINKER, channel=place)
    await h.command("history", [], NAVIGATOR, channel=place)
    sent = messages(h)
    seen = "\n".join(shown(r) for r in sent)
    assert "customize" in seen and "evil.example" in seen, "both names are told"
    assert not re.search(r"<id:", seen), "a server's navigation tag reached Discord as it is"
    assert not re.search(r"https?://evil", seen), "a web address in a name reached Discord as a link"
