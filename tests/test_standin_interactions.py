"""The stand-in keeps Discord's interaction deadlines and follow-up semantics on its own clock.

Discord (interactions, receiving and responding): the initial response within 3 seconds, else the
token is invalid (10062 Unknown interaction); one initial response (40060 already acknowledged);
the token works for follow-ups and edits of the original for 15 minutes; after a deferred
response (type 5) the first follow-up edits the deferred "thinking" message and keeps its
ephemeral flag.  Every interaction from a server carries the server's own ``guild_locale`` (its settings'
``preferred_locale``), a click as much as a command.  A client sends clicks only for components on the
message, enabled, with values only from a select and only those it offers (as many as it takes), and no
application command from an archived thread.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord_standin import EPHEMERAL, LOADING, Refused, payloads
from discord_standin.probe import Probe
from discord_standin.world import CHANNEL_ID, GUILD_ID


async def test_an_unknown_interaction_is_refused(probe: Probe) -> None:
    payload = probe.interaction()
    answer = await probe.call("POST", f"/interactions/{payload['id']}/not-the-token/callback", {"type": 5})
    assert answer.status == 404 and answer.code == 10062


async def test_the_callback_must_come_within_three_seconds(probe: Probe) -> None:
    in_time = probe.interaction()
    probe.standin.advance(2.5)
    assert (await probe.callback(in_time, {"type": 5})).status == 200
    late = probe.interaction()
    probe.standin.advance(3.1)
    answer = await probe.callback(late, {"type": 5})
    assert answer.status == 404 and answer.code == 10062 and answer.body["message"] == "Unknown interaction"
    assert (await probe.webhook("POST", late, body={"content": "x"})).code == 10015, "its token never worked"


async def test_a_second_callback_is_already_acknowledged(probe: Probe) -> None:
    payload = probe.interaction()
    assert (await probe.callback(payload, {"type": 4, "data": {"content": "hi"}})).status == 200
    again = await probe.callback(payload, {"type": 4, "data": {"content": "again"}})
    assert again.status == 400 and again.code == 40060


async def test_the_callback_type_must_fit_the_interaction(probe: Probe) -> None:
    command = probe.interaction()
    answer = await probe.callback(command, {"type": 8, "data": {"choices": []}})
    assert answer.status == 400 and answer.code == 50035
    update = probe.interaction()
    assert (await probe.callback(update, {"type": 7, "data": {"content": "x"}})).status == 400, \
        "a command has no message to update"


async def test_the_token_lives_fifteen_minutes(probe: Probe) -> None:
    payload = probe.interaction()
    await probe.callback(payload, {"type": 4, "data": {"content": "hi"}})
    probe.standin.advance(14 * 60)
    assert (await probe.webhook("PATCH", payload, "/messages/@original", {"content": "edited"})).status == 200
    probe.standin.advance(61)
    expired = await probe.webhook("PATCH", payload, "/messages/@original", {"content": "late"})
    assert expired.status == 401 and expired.code == 50027
    assert (await probe.webhook("POST", payload, body={"content": "late"})).code == 50027


async def test_the_first_followup_after_a_deferral_edits_the_original(probe: Probe) -> None:
    payload = probe.interaction()
    deferred = await probe.callback(payload, {"type": 5, "data": {"flags": EPHEMERAL}})
    original = deferred.body["resource"]["message"]
    assert original["flags"] & LOADING and original["flags"] & EPHEMERAL
    first = await probe.webhook("POST", payload, body={"content": "public?"})
    assert first.body["id"] == original["id"], "the deferred message itself, not a new one"
    assert first.body["flags"] & EPHEMERAL and not first.body["flags"] & LOADING, \
        "it keeps the deferral's ephemeral flag, whatever the follow-up asked"
    second = await probe.webhook("POST", payload, body={"content": "public"})
    assert second.body["id"] != original["id"] and not second.body["flags"] & EPHEMERAL
    assert int(first.body["channel_id"]) == CHANNEL_ID


async def test_a_public_deferral_stays_public(probe: Probe) -> None:
    payload = probe.interaction()
    await probe.callback(payload, {"type": 5})
    first = await probe.webhook("POST", payload, body={"content": "secret?", "flags": EPHEMERAL})
    assert not first.body["flags"] & EPHEMERAL, "the follow-up's ephemeral flag is ignored: it edits a public message"


async def test_edit_original_after_a_deferral(probe: Probe) -> None:
    payload = probe.interaction()
    deferred = await probe.callback(payload, {"type": 5, "data": {"flags": EPHEMERAL}})
    edited = await probe.webhook("PATCH", payload, "/messages/@original", {"content": "done"})
    assert edited.body["id"] == deferred.body["resource"]["message"]["id"] and edited.body["content"] == "done"
    after = await probe.webhook("POST", payload, body={"content": "more"})
    assert after.body["id"] != edited.body["id"], "the deferral was answered: a follow-up is a new message"


async def test_a_followup_before_any_callback_is_unknown(probe: Probe) -> None:
    payload = probe.interaction()
    assert (await probe.webhook("POST", payload, body={"content": "x"})).code == 10015


async def test_a_click_needs_the_component_on_the_message(probe: Probe) -> None:
    posted = await probe.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "board", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "go", "custom_id": "mesa:go"}]}]})
    payload = probe.interaction("component", message=posted.body, custom_id="mesa:go")
    assert int(payload["message"]["id"]) == int(posted.body["id"])
    with pytest.raises(Refused):
        probe.interaction("component", message=posted.body, custom_id="mesa:other")
    await probe.call("PATCH", f"/channels/{CHANNEL_ID}/messages/{posted.body['id']}", {"components": []})
    with pytest.raises(Refused):
        probe.interaction("component", message=posted.body, custom_id="mesa:go")


async def test_a_click_is_only_what_the_component_lets_a_client_send(probe: Probe) -> None:
    """No client clicks a disabled button, sends values with a button or none with a select, chooses a value
    its select does not offer, or more or fewer values than the select's ``min_values``-``max_values``."""
    posted = await probe.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "board", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "go", "custom_id": "mesa:go"},
                                   {"type": 2, "style": 1, "label": "off", "custom_id": "mesa:off", "disabled": True}]},
        {"type": 1, "components": [{"type": 3, "custom_id": "mesa:pick", "options": [
            {"label": "a", "value": "a"}, {"label": "b", "value": "b"}]}]},
        {"type": 1, "components": [{"type": 3, "custom_id": "mesa:some", "min_values": 0, "max_values": 2,
                                    "options": [{"label": "a", "value": "a"}, {"label": "b", "value": "b"}]}]}]})
    message = posted.body
    probe.interaction("component", message=message, custom_id="mesa:go")
    probe.interaction("component", message=message, custom_id="mesa:pick", values=["b"])
    for values in ([], ["a"], ["a", "b"]):
        probe.interaction("component", message=message, custom_id="mesa:some", values=values)
    for custom_id, values in (("mesa:off", None), ("mesa:go", ["a"]), ("mesa:pick", None), ("mesa:pick", ["c"]),
                              ("mesa:pick", []), ("mesa:pick", ["a", "b"]), ("mesa:some", ["a", "b", "a"])):
        with pytest.raises(Refused):
            probe.interaction("component", message=message, custom_id=custom_id, values=values)


async def test_component_updates_edit_the_message_and_defer_update_makes_none(probe: Probe) -> None:
    posted = await probe.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "board", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "go", "custom_id": "mesa:go"}]}]})
    click = probe.interaction("component", message=posted.body, custom_id="mesa:go")
    assert (await probe.callback(click, {"type": 7, "data": {"content": "moved"}})).status == 200
    assert probe.standin.messages[int(posted.body["id"])]["content"] == "moved"
    again = probe.interaction("component", message=probe.standin.messages[int(posted.body["id"])],
                              custom_id="mesa:go")
    await probe.callback(again, {"type": 6})
    followup = await probe.webhook("POST", again, body={"content": "new", "flags": EPHEMERAL})
    assert followup.body["id"] != posted.body["id"] and followup.body["flags"] & EPHEMERAL


async def test_no_application_command_from_an_archived_thread(probe: Probe) -> None:
    thread = await probe.call("POST", f"/channels/{CHANNEL_ID}/threads", {"name": "t", "type": 11,
                                                                          "auto_archive_duration": 60})
    channel = probe.standin.place(int(thread.body["id"]))
    probe.interaction(channel=channel)  # fine while open
    probe.standin.advance(3601)
    with pytest.raises(Refused):
        probe.interaction(channel=channel)


async def test_every_interaction_carries_the_servers_locale(probe: Probe) -> None:
    """A Spanish server's clicks say es-ES as its commands do: the locale is the server's, not the payload's."""
    posted = await probe.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "board", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "go", "custom_id": "mesa:go"}]}]})
    assert probe.interaction()["guild_locale"] == "en-US"  # the world's server, as it starts
    probe.standin.guilds[GUILD_ID].preferred_locale = "es-ES"
    assert probe.interaction()["guild_locale"] == "es-ES"
    assert probe.interaction("component", message=posted.body, custom_id="mesa:go")["guild_locale"] == "es-ES"
    stated = payloads.command("ping", [], payloads.user(1001, "ann"), guild_locale="en-US")
    with pytest.raises(ValueError, match="preferred_locale"):  # a test cannot give one server two languages
        probe.standin.issue(stated)


# ---- modals (interaction callback type 9: "Modal"; Text Input Structure; Label Structure) ----
def text_input(custom_id: str = "answer", **extra: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1, "label": "Your answer", **extra}


def modal(*rows: dict[str, Any], title: str = "Mesa", custom_id: str = "mesa:modal") -> dict[str, Any]:
    return {"type": 9, "data": {"custom_id": custom_id, "title": title,
                                "components": list(rows) or [{"type": 1, "components": [text_input()]}]}}


def in_row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


async def test_a_modal_at_every_limit_is_accepted(probe: Probe) -> None:
    rows = [in_row(text_input(f"{i}" * 100, style=1 + i % 2, label="l" * 45, value="v" * 4000,
                              placeholder="p" * 100, min_length=0, max_length=4000)) for i in range(4)]
    labelled = {"type": 18, "label": "l" * 45, "description": "d" * 100,
                "component": {"type": 4, "custom_id": "inside", "style": 2, "max_length": 1}}
    payload = probe.interaction()
    answer = await probe.callback(payload, modal(*rows, labelled, title="t" * 45, custom_id="m" * 100))
    assert answer.status == 200, answer.body
    assert answer.body["resource"]["type"] == 9 and "message" not in answer.body["resource"]
    click = await probe.call("POST", f"/channels/{CHANNEL_ID}/messages", {"content": "board", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "go", "custom_id": "mesa:go"}]}]})
    from_a_button = probe.interaction("component", message=click.body, custom_id="mesa:go")
    assert (await probe.callback(from_a_button, modal())).status == 200, "a click may open a modal"


@pytest.mark.parametrize(("body", "path", "code"), [
    (modal(title="t" * 46), ("data", "title"), "BASE_TYPE_MAX_LENGTH"),
    (modal(title=""), ("data", "title"), "BASE_TYPE_REQUIRED"),
    (modal(custom_id="m" * 101), ("data", "custom_id"), "BASE_TYPE_MAX_LENGTH"),
    ({"type": 9, "data": {"title": "t", "components": [in_row(text_input())]}}, ("data", "custom_id"),
     "BASE_TYPE_REQUIRED"),
    (modal(*[in_row(text_input(f"i{i}")) for i in range(6)]), ("data", "components"), "BASE_TYPE_BAD_LENGTH"),
    ({"type": 9, "data": {"custom_id": "m", "title": "t", "components": []}}, ("data", "components"),
     "BASE_TYPE_BAD_LENGTH"),
    (modal(in_row(text_input("a"), text_input("b"))), ("data", "components", 0, "components"),
     "BASE_TYPE_BAD_LENGTH"),
    (modal(in_row()), ("data", "components", 0, "components"), "BASE_TYPE_BAD_LENGTH"),
    (modal(in_row({"type": 2, "style": 1, "label": "go", "custom_id": "go"})),
     ("data", "components", 0, "components", 0, "type"), "UNION_TYPE_CHOICES"),
    (modal({"type": 2, "style": 1, "label": "go", "custom_id": "go"}), ("data", "components", 0, "type"),
     "UNION_TYPE_CHOICES"),
    (modal(in_row(text_input(label="l" * 46))), ("data", "components", 0, "components", 0, "label"),
     "BASE_TYPE_MAX_LENGTH"),
    (modal(in_row(text_input(label=None))), ("data", "components", 0, "components", 0, "label"),
     "BASE_TYPE_REQUIRED"),
    (modal(in_row(text_input("c" * 101))), ("data", "components", 0, "components", 0, "custom_id"),
     "BASE_TYPE_BAD_LENGTH"),
    (modal(in_row(text_input("same")), in_row(text_input("same"))),
     ("data", "components", 1, "components", 0, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED"),
    (modal(in_row(text_input(style=3))), ("data", "components", 0, "components", 0, "style"), "BASE_TYPE_CHOICES"),
    (modal(in_row(text_input(style=None))), ("data", "components", 0, "components", 0, "style"),
     "BASE_TYPE_CHOICES"),
    (modal(in_row(text_input(min_length=4001))), ("data", "components", 0, "components", 0, "min_length"),
     "NUMBER_TYPE_MAX"),
    (modal(in_row(text_input(min_length=-1))), ("data", "components", 0, "components", 0, "min_length"),
     "NUMBER_TYPE_MIN"),
    (modal(in_row(text_input(max_length=0))), ("data", "components", 0, "components", 0, "max_length"),
     "NUMBER_TYPE_MIN"),
    (modal(in_row(text_input(max_length=4001))), ("data", "components", 0, "components", 0, "max_length"),
     "NUMBER_TYPE_MAX"),
    (modal(in_row(text_input(min_length=10, max_length=5))), ("data", "components", 0, "components", 0, "min_length"),
     "NUMBER_TYPE_MAX"),
    (modal(in_row(text_input(value="v" * 4001))), ("data", "components", 0, "components", 0, "value"),
     "BASE_TYPE_MAX_LENGTH"),
    (modal(in_row(text_input(placeholder="p" * 101))), ("data", "components", 0, "components", 0, "placeholder"),
     "BASE_TYPE_MAX_LENGTH"),
    (modal({"type": 18, "label": "l" * 46, "component": text_input()}), ("data", "components", 0, "label"),
     "BASE_TYPE_MAX_LENGTH"),
    (modal({"type": 18, "label": "l", "description": "d" * 101, "component": text_input()}),
     ("data", "components", 0, "description"), "BASE_TYPE_MAX_LENGTH"),
    (modal({"type": 18, "label": "l"}), ("data", "components", 0, "component"), "BASE_TYPE_REQUIRED"),
])
async def test_a_modal_is_checked_as_discord_documents_it(probe: Probe, body: dict[str, Any],
                                                          path: tuple[Any, ...], code: str) -> None:
    payload = probe.interaction()
    answer = await probe.callback(payload, body)
    assert answer.status == 400 and answer.code == 50035 and answer.body["message"] == "Invalid Form Body"
    assert answer.error_at(*path) == code, answer.body
    assert (await probe.callback(payload, modal())).status == 200, "refused: the interaction is still unanswered"


async def test_a_modal_answers_neither_a_modal_nor_an_autocomplete_nor_twice(probe: Probe) -> None:
    submitted = probe.interaction("modal_submit")
    answer = await probe.callback(submitted, modal())
    assert answer.status == 400 and answer.error_at("type") == "INTERACTION_RESPONSE_TYPE_INVALID"
    assert (await probe.callback(submitted, {"type": 4, "data": {"content": "thanks"}})).status == 200, \
        "a modal submit is answered with a message"
    typing = probe.interaction("autocomplete")
    answer = await probe.callback(typing, modal())
    assert answer.status == 400 and answer.error_at("type") == "INTERACTION_RESPONSE_TYPE_INVALID"
    answered = probe.interaction()
    assert (await probe.callback(answered, {"type": 5})).status == 200
    again = await probe.callback(answered, modal())
    assert again.status == 400 and again.code == 40060, "a modal only as the first answer"
    shown = probe.interaction()
    assert (await probe.callback(shown, modal())).status == 200
    assert (await probe.callback(shown, modal())).code == 40060
