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


# ---- select menus: how many values, and the options (Select Menu Structure, Select Option Structure) ----
@pytest.mark.parametrize(("extra", "options", "field", "code"), [
    ({"max_values": 26}, 25, "max_values", "NUMBER_TYPE_MAX"),  # max_values 1-25
    ({"max_values": 0}, 3, "max_values", "NUMBER_TYPE_MIN"),
    ({"min_values": 26, "max_values": 25}, 25, "min_values", "NUMBER_TYPE_MAX"),  # min_values 0-25
    ({"min_values": -1}, 3, "min_values", "NUMBER_TYPE_MIN"),
    ({"min_values": 3, "max_values": 2}, 3, "min_values", "NUMBER_TYPE_MAX"),  # min_values <= max_values
    ({"min_values": 2}, 3, "min_values", "NUMBER_TYPE_MAX"),  # max_values is 1 when left out
    ({"max_values": 5}, 2, "max_values", "NUMBER_TYPE_MAX"),  # no more values than options
    ({"min_values": 3, "max_values": 3}, 2, "min_values", "NUMBER_TYPE_MAX"),
    ({"max_values": "2"}, 3, "max_values", "NUMBER_TYPE_COERCE"),
])
async def test_a_selects_values_fit_its_range_and_its_options(probe: Probe, extra: dict[str, Any], options: int,
                                                              field: str, code: str) -> None:
    answer = await probe.call("POST", POST, {"content": "x", "components": [row(select("s", options, **extra))]})
    assert answer.status == 400 and answer.code == 50035 and answer.body["message"] == "Invalid Form Body"
    assert answer.error_at("components", 0, "components", 0, field) == code, answer.body
    assert not probe.standin.messages


@pytest.mark.parametrize(("extra", "options"), [
    ({"min_values": 25, "max_values": 25}, 25), ({"min_values": 0, "max_values": 25}, 25),
    ({"min_values": 0}, 1), ({"max_values": 2}, 2), ({}, 1),
])
async def test_a_select_at_the_edges_of_its_range_is_accepted(probe: Probe, extra: dict[str, Any],
                                                              options: int) -> None:
    answer = await probe.call("POST", POST, {"content": "x", "components": [row(select("s", options, **extra))]})
    assert answer.status == 200, answer.body


@pytest.mark.parametrize(("option", "field"), [
    ({"label": "", "value": "v"}, "label"), ({"label": "l", "value": ""}, "value"),
    ({"value": "v"}, "label"), ({"label": "l"}, "value"),
])
async def test_an_option_needs_a_label_and_a_value(probe: Probe, option: dict[str, Any], field: str) -> None:
    answer = await probe.call("POST", POST, {"content": "x", "components": [row({**select("s"), "options": [option]})]})
    assert answer.status == 400 and answer.code == 50035
    assert answer.error_at("components", 0, "components", 0, "options", 0, field) == "BASE_TYPE_REQUIRED", answer.body
    one_each = {**select("s"), "options": [{"label": "l", "value": "v"}, {"label": "l" * 100, "value": "v" * 100}]}
    assert (await probe.call("POST", POST, {"content": "x", "components": [row(one_each)]})).status == 200


async def test_two_options_of_one_value_are_refused(probe: Probe) -> None:
    twice = {**select("s"), "options": [{"label": "a", "value": "v"}, {"label": "b", "value": "v"}]}
    answer = await probe.call("POST", POST, {"content": "x", "components": [row(twice)]})
    assert answer.status == 400 and answer.code == 50035
    assert answer.error_at("components", 0, "components", 0, "options", 1, "value") == \
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", answer.body


# ---- buttons: a link button has a url and no custom id, the others the reverse (Button Structure) ----
def link(url: str | None = "https://example.invalid/", **extra: Any) -> dict[str, Any]:
    out = {"type": 2, "style": 5, "label": "rules", **extra}
    if url is not None:
        out["url"] = url
    return out


@pytest.mark.parametrize(("item", "field", "code"), [
    (link("https://e.invalid/" + "a" * 495), "url", "BASE_TYPE_MAX_LENGTH"),  # 513 characters
    (link(None), "url", "BASE_TYPE_REQUIRED"),
    (link(""), "url", "BASE_TYPE_REQUIRED"),
    (link(custom_id="rules"), "custom_id", "BUTTON_COMPONENT_CUSTOM_ID_FORBIDDEN"),
    ({**button("go"), "url": "https://example.invalid/"}, "url", "BUTTON_COMPONENT_URL_FORBIDDEN"),
    ({"type": 2, "style": 1, "label": "go"}, "custom_id", "BASE_TYPE_BAD_LENGTH"),
])
async def test_link_buttons_have_a_url_and_the_others_a_custom_id(probe: Probe, item: dict[str, Any], field: str,
                                                                 code: str) -> None:
    answer = await probe.call("POST", POST, {"content": "x", "components": [row(item)]})
    assert answer.status == 400 and answer.code == 50035
    assert answer.error_at("components", 0, "components", 0, field) == code, answer.body


async def test_a_link_of_512_characters_is_accepted(probe: Probe) -> None:
    url = "https://e.invalid/" + "a" * 494
    assert len(url) == 512
    answer = await probe.call("POST", POST, {"content": "x", "components": [row(link(url), button("go"))]})
    assert answer.status == 200, answer.body


# ---- embed fields: name and value required (Embed Field Structure) ----
@pytest.mark.parametrize(("field", "path"), [
    ({"name": "n", "value": ""}, "value"), ({"name": "", "value": "v"}, "name"),
    ({"value": "v"}, "name"), ({"name": "n"}, "value"), ({"name": "n", "value": None}, "value"),
])
async def test_an_embed_field_needs_a_name_and_a_value(probe: Probe, field: dict[str, Any], path: str) -> None:
    answer = await probe.call("POST", POST, {"embeds": [{"title": "t", "fields": [field]}]})
    assert answer.status == 400 and answer.code == 50035
    assert answer.error_at("embeds", 0, "fields", 0, path) == "BASE_TYPE_REQUIRED", answer.body
    full = await probe.call("POST", POST, {"embeds": [{"fields": [{"name": "n" * 256, "value": "v" * 1024}]}]})
    assert full.status == 200, full.body


# ---- an edit may not leave the message empty (50006, as a post) ----
async def test_an_edit_that_empties_a_channel_message_is_refused(probe: Probe) -> None:
    posted = await probe.call("POST", POST, {"content": "board"})
    path = f"{POST}/{posted.body['id']}"
    for body in ({"content": ""}, {"content": None, "embeds": [], "attachments": [], "components": []}):
        answer = await probe.call("PATCH", path, body)
        assert answer.status == 400 and answer.code == 50006, answer.body
        assert answer.body["message"] == "Cannot send an empty message"
    assert probe.standin.messages[int(posted.body["id"])]["content"] == "board", "the edit did not apply"
    kept = await probe.call("PATCH", path, {"content": "", "embeds": [{"title": "the board"}]})
    assert kept.status == 200, kept.body
    assert (await probe.call("PATCH", path, {"components": []})).status == 200, "the embed is still there"


async def test_an_edit_that_drops_the_only_attachment_is_refused(probe: Probe) -> None:
    posted = await probe.call("POST", POST, {"content": "", "attachments": [{"id": "0"}]}, [("board.png", b"png")])
    assert posted.status == 200, posted.body
    path = f"{POST}/{posted.body['id']}"
    assert (await probe.call("PATCH", path, {"content": ""})).status == 200, "the picture stays: not empty"
    dropped = await probe.call("PATCH", path, {"attachments": []})
    assert dropped.status == 400 and dropped.code == 50006
    replaced = await probe.call("PATCH", path, {"attachments": [{"id": "0"}]}, [("board2.png", b"png")])
    assert replaced.status == 200, "a new upload in its place"


async def test_an_edit_that_empties_an_interaction_response_is_refused(probe: Probe) -> None:
    payload = probe.interaction()
    await probe.callback(payload, {"type": 4, "data": {"content": "hi"}})
    empty = await probe.webhook("PATCH", payload, "/messages/@original", {"content": ""})
    assert empty.status == 400 and empty.code == 50006
    assert (await probe.webhook("PATCH", payload, "/messages/@original", {"content": "edited"})).status == 200
    deferred = probe.interaction()
    await probe.callback(deferred, {"type": 5})
    still_empty = await probe.webhook("PATCH", deferred, "/messages/@original", {"embeds": []})
    assert still_empty.status == 400 and still_empty.code == 50006, "the thinking message is no content"
    # a component's update (callback type 7) edits its message: the same rule
    posted = await probe.call("POST", POST, {"content": "board", "components": [row(button("mesa:go"))]})
    click = probe.interaction("component", message=posted.body, custom_id="mesa:go")
    emptied = await probe.callback(click, {"type": 7, "data": {"content": "", "components": []}})
    assert emptied.status == 400 and emptied.code == 50006
    assert (await probe.callback(click, {"type": 7, "data": {"components": []}})).status == 200, "the text stays"


def test_pings_report_the_roles_allowed_mentions_let_through() -> None:
    """A role mention (``<@&id>``) notifies the role's members unless ``allowed_mentions`` holds it back."""
    from discord_standin import Recorded

    def pings(body: dict[str, Any]) -> Any:
        return Recorded("POST", POST, {}, body).pings()

    text = "<@1001> <@&55> <@&66>"
    assert pings({"content": text}).roles == {55, 66}, "without allowed_mentions every mention counts"
    assert pings({"content": text, "allowed_mentions": {"parse": []}}).roles == set()
    assert pings({"content": text, "allowed_mentions": {"parse": ["roles"]}}).roles == {55, 66}
    assert pings({"content": text, "allowed_mentions": {"parse": [], "roles": ["66", "7"]}}).roles == {66}
    assert pings({"content": text, "allowed_mentions": {"parse": ["users"]}}).roles == set()
    # the old shape still holds: (users, everyone), unpacked or compared; a role ping breaks the comparison
    users, everyone = pings({"content": text, "allowed_mentions": {"parse": ["users"]}})
    assert (users, everyone) == ({1001}, False)
    assert pings({"content": text, "allowed_mentions": {"parse": ["users"]}}) == ({1001}, False)
    assert pings({"content": text, "allowed_mentions": {"parse": ["users", "roles"]}}) != ({1001}, False), \
        "a role pinged is a ping a (users, everyone) expectation did not allow"


def test_an_edit_is_judged_on_the_message_it_leaves() -> None:
    """A field an edit gives replaces the message's, one it leaves out stays; without the message, the edit alone."""
    from discord_standin import rules

    board = {"content": "", "embeds": [{"title": "t"}], "attachments": [{"id": "1", "filename": "b.png"}]}
    assert rules.check_message({"embeds": []}, [], create=False, existing=board) is None, "the picture stays"
    assert rules.check_message({"embeds": [], "attachments": []}, [], create=False, existing=board) == \
        (400, {"code": 50006, "message": "Cannot send an empty message"})
    assert rules.check_message({"attachments": []}, [("new.png", b"png")], create=False, existing=board) is None
    assert rules.check_message({"content": "", "components": []}, [], create=False) is not None
