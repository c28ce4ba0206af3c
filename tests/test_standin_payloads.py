"""The stand-in refuses what Discord refuses: payload limits (message resource, embed limits,
components, autocomplete, uploads, thread names), each answered 400 with Discord's error body."""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin.probe import Probe
from discord_standin.world import CHANNEL_ID

POST = f"/channels/{CHANNEL_ID}/messages"


def button(custom_id: str, label: str = "go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(custom_id: str, options: int = 3, **extra: Any) -> dict[str, Any]:
    choices = [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices, **extra}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


async def test_a_message_at_every_limit_is_accepted(probe: Probe) -> None:
    embed = {"title": "t" * 256, "description": "d" * 1000, "footer": {"text": "f" * 100},
             "author": {"name": "a" * 256}, "fields": [{"name": "n", "value": "v" * 100}] * 25}
    rows = [row(*[button(f"b{r}{i}", "l" * 80) for i in range(5)]) for r in range(4)]
    rows.append(row(select("s" * 100, 25, placeholder="p" * 150)))
    answer = await probe.call("POST", POST, {"content": "c" * 2000, "embeds": [embed], "components": rows})
    assert answer.status == 200, answer.body


@pytest.mark.parametrize(("body", "path"), [
    ({"content": "c" * 2001}, ("content",)),
    ({"embeds": [{"title": "t" * 257}]}, ("embeds", 0, "title")),
    ({"embeds": [{"description": "d" * 4097}]}, ("embeds", 0, "description")),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, ("embeds", 0, "fields")),
    ({"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]}, ("embeds", 0, "fields", 0, "name")),
    ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, ("embeds", 0, "fields", 0, "value")),
    ({"embeds": [{"footer": {"text": "f" * 2049}}]}, ("embeds", 0, "footer", "text")),
    ({"embeds": [{"author": {"name": "a" * 257}}]}, ("embeds", 0, "author", "name")),
    ({"embeds": [{"title": "x"}] * 11}, ("embeds",)),
])
async def test_text_limits_answer_invalid_form_body(probe: Probe, body: dict[str, Any],
                                                    path: tuple[Any, ...]) -> None:
    answer = await probe.call("POST", POST, body)
    assert answer.status == 400 and answer.code == 50035 and answer.body["message"] == "Invalid Form Body"
    assert answer.error_at(*path) == "BASE_TYPE_MAX_LENGTH", answer.body
    assert not probe.standin.messages, "nothing was stored"


async def test_embeds_together_hold_at_most_6000_characters(probe: Probe) -> None:
    ok = await probe.call("POST", POST, {"embeds": [{"description": "d" * 3000}, {"description": "d" * 3000}]})
    assert ok.status == 200
    over = await probe.call("POST", POST, {"embeds": [{"description": "d" * 3000}, {"description": "d" * 3001}]})
    assert over.status == 400 and over.error_at("embeds") == "MAX_EMBED_SIZE_EXCEEDED"


@pytest.mark.parametrize(("components", "path", "code"), [
    ([row(button(f"b{i}")) for i in range(6)], ("components",), "BASE_TYPE_MAX_LENGTH"),
    ([row(*[button(f"b{i}") for i in range(6)])], ("components", 0, "components"), "BASE_TYPE_BAD_LENGTH"),
    ([row()], ("components", 0, "components"), "BASE_TYPE_BAD_LENGTH"),
    ([row(select("s"), button("b"))], ("components", 0, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
    ([row(select("s", 26))], ("components", 0, "components", 0, "options"), "BASE_TYPE_BAD_LENGTH"),
    ([row(select("s", 0))], ("components", 0, "components", 0, "options"), "BASE_TYPE_BAD_LENGTH"),
    ([row({**select("s"), "options": [{"label": "l" * 101, "value": "v"}]})],
     ("components", 0, "components", 0, "options", 0, "label"), "BASE_TYPE_MAX_LENGTH"),
    ([row({**select("s"), "options": [{"label": "l", "value": "v" * 101}]})],
     ("components", 0, "components", 0, "options", 0, "value"), "BASE_TYPE_MAX_LENGTH"),
    ([row({**select("s"), "options": [{"label": "l", "value": "v", "description": "d" * 101}]})],
     ("components", 0, "components", 0, "options", 0, "description"), "BASE_TYPE_MAX_LENGTH"),
    ([row(select("s", placeholder="p" * 151))], ("components", 0, "components", 0, "placeholder"),
     "BASE_TYPE_MAX_LENGTH"),
    ([row(button("b", "l" * 81))], ("components", 0, "components", 0, "label"), "BASE_TYPE_MAX_LENGTH"),
    ([row(button("c" * 101))], ("components", 0, "components", 0, "custom_id"), "BASE_TYPE_BAD_LENGTH"),
    ([row(button(""))], ("components", 0, "components", 0, "custom_id"), "BASE_TYPE_BAD_LENGTH"),
    ([row(button("same")), row(button("same"))], ("components", 1, "components", 0, "custom_id"),
     "COMPONENT_CUSTOM_ID_DUPLICATED"),
])
async def test_component_limits(probe: Probe, components: list[dict[str, Any]], path: tuple[Any, ...],
                                code: str) -> None:
    answer = await probe.call("POST", POST, {"content": "x", "components": components})
    assert answer.status == 400 and answer.code == 50035
    assert answer.error_at(*path) == code, answer.body


async def test_link_buttons_need_no_custom_id(probe: Probe) -> None:
    link = {"type": 2, "style": 5, "label": "rules", "url": "https://example.invalid"}
    assert (await probe.call("POST", POST, {"content": "x", "components": [row(link)]})).status == 200


async def test_an_empty_message_is_refused(probe: Probe) -> None:
    answer = await probe.call("POST", POST, {"content": ""})
    assert answer.status == 400 and answer.code == 50006


async def test_uploads_at_most_ten_files_of_10_mib(probe: Probe) -> None:
    ten = [(f"f{i}.png", b"x") for i in range(10)]
    assert (await probe.call("POST", POST, {"content": "x"}, ten)).status == 200
    eleven = await probe.call("POST", POST, {"content": "x"}, [*ten, ("g.png", b"x")])
    assert eleven.status == 400 and eleven.error_at("attachments") == "BASE_TYPE_MAX_LENGTH"
    limit = 10 * 1024 * 1024
    assert (await probe.call("POST", POST, {"content": "x"}, [("big.png", b"x" * limit)])).status == 200
    big = await probe.call("POST", POST, {"content": "x"}, [("big.png", b"x" * (limit + 1))])
    assert big.status == 413 and big.code == 40005


async def test_edits_are_checked_too(probe: Probe) -> None:
    posted = await probe.call("POST", POST, {"content": "x"})
    answer = await probe.call("PATCH", f"{POST}/{posted.body['id']}", {"content": "c" * 2001})
    assert answer.status == 400 and answer.error_at("content") == "BASE_TYPE_MAX_LENGTH"
    assert probe.standin.messages[int(posted.body["id"])]["content"] == "x", "the edit did not apply"


async def test_thread_names_hold_1_to_100_characters(probe: Probe) -> None:
    path = f"/channels/{CHANNEL_ID}/threads"
    assert (await probe.call("POST", path, {"name": "n" * 100, "type": 11})).status == 201
    for name in ("n" * 101, ""):
        answer = await probe.call("POST", path, {"name": name, "type": 11})
        assert answer.status == 400 and answer.error_at("name") == "BASE_TYPE_BAD_LENGTH"


async def test_autocomplete_answers_25_choices_of_100_characters(probe: Probe) -> None:
    ok = probe.interaction("autocomplete")
    choices = [{"name": "n" * 100, "value": "v" * 100}] * 25
    assert (await probe.callback(ok, {"type": 8, "data": {"choices": choices}})).status == 200
    too_many = probe.interaction("autocomplete")
    answer = await probe.callback(too_many, {"type": 8, "data": {"choices": choices + choices[:1]}})
    assert answer.status == 400 and answer.error_at("data", "choices") == "BASE_TYPE_MAX_LENGTH"
    too_long = probe.interaction("autocomplete")
    answer = await probe.callback(too_long, {"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}]}})
    assert answer.status == 400 and answer.error_at("data", "choices", 0, "name") == "BASE_TYPE_BAD_LENGTH"
    value = probe.interaction("autocomplete")
    answer = await probe.callback(value, {"type": 8, "data": {"choices": [{"name": "n", "value": "v" * 101}]}})
    assert answer.status == 400 and answer.error_at("data", "choices", 0, "value") == "BASE_TYPE_MAX_LENGTH"


async def test_interaction_responses_are_checked_like_messages(probe: Probe) -> None:
    payload = probe.interaction()
    answer = await probe.callback(payload, {"type": 4, "data": {"content": "c" * 2001}})
    assert answer.status == 400 and answer.error_at("data", "content") == "BASE_TYPE_MAX_LENGTH"
    followup = probe.interaction()
    assert (await probe.callback(followup, {"type": 5})).status == 200
    answer = await probe.webhook("POST", followup, body={"embeds": [{"title": "t" * 257}]})
    assert answer.status == 400 and answer.error_at("embeds", 0, "title") == "BASE_TYPE_MAX_LENGTH"


@pytest.mark.parametrize(("allowed", "path", "code"), [
    ({"parse": ["users"], "users": ["1001"]}, ("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"),
    ({"parse": ["roles"], "roles": ["5"]}, ("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"),
    ({"parse": ["channels"]}, ("allowed_mentions", "parse", 0), "BASE_TYPE_CHOICES"),
    ({"parse": [], "users": [str(i) for i in range(101)]}, ("allowed_mentions", "users"), "BASE_TYPE_MAX_LENGTH"),
])
async def test_allowed_mentions_follow_the_documented_object(probe: Probe, allowed: dict[str, Any],
                                                             path: tuple[Any, ...], code: str) -> None:
    answer = await probe.call("POST", POST, {"content": "<@1001> hi", "allowed_mentions": allowed})
    assert answer.status == 400 and answer.code == 50035 and answer.error_at(*path) == code, answer.body
    fine = await probe.call("POST", POST, {"content": "<@1001> hi",
                                           "allowed_mentions": {"parse": [], "users": ["1001"]}})
    assert fine.status == 200, fine.body


def test_pings_follow_allowed_mentions() -> None:
    """Who Discord notifies: every mention without ``allowed_mentions``, else only what it allows."""
    from discord_standin import Recorded

    def pings(body: dict[str, Any]) -> tuple[set[int], bool]:
        return Recorded("POST", POST, {}, body).pings()

    text = "<@1001> <@!1002> @everyone"
    assert pings({"content": text}) == ({1001, 1002}, True)
    assert pings({"content": text, "allowed_mentions": {"parse": []}}) == (set(), False)
    assert pings({"content": text, "allowed_mentions": {"parse": [], "users": ["1002", "7"]}}) == ({1002}, False)
    assert pings({"content": text, "allowed_mentions": {"parse": ["users", "everyone"]}}) == ({1001, 1002}, True)
    assert pings({"content": "<\u200b@1001> @\u200beveryone"}) == (set(), False)
