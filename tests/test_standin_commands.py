"""The stand-in registers application commands only as Discord would: ``PUT /applications/{app}/commands`` is
refused whole, 400 / 50035 with the bad field's path, for each documented rule of names, descriptions,
localizations, options, choices and size (``discord_standin.commands``)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from discord_standin import APP_ID
from discord_standin.probe import Probe
from discord_standin.world import GUILD_ID

PUT = f"/applications/{APP_ID}/commands"
GUILD_PUT = f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"


def tree() -> list[dict[str, Any]]:
    """A small valid tree: a command with options and choices, and a group of subcommands."""
    return [
        {"name": "play", "description": "Start a game", "type": 1,
         "name_localizations": {"es-ES": "jugar", "es-419": "jugar"},
         "description_localizations": {"es-ES": "Empieza una partida"},
         "options": [
             {"type": 3, "name": "game", "description": "Which game", "required": True,
              "name_localizations": {"es-ES": "juego"},
              "choices": [{"name": "Kona", "value": "kona", "name_localizations": {"es-ES": "Kona"}}]},
             {"type": 4, "name": "table", "description": "Which table", "autocomplete": True, "min_value": 1},
             {"type": 3, "name": "note", "description": "A note", "max_length": 100},
         ]},
        {"name": "tournament", "description": "Tournaments", "type": 1, "options": [
            {"type": 1, "name": "join", "description": "Join one", "options": [
                {"type": 4, "name": "number", "description": "Which", "required": True}]},
            {"type": 2, "name": "admin", "description": "For organisers", "options": [
                {"type": 1, "name": "remove", "description": "Take a player off"}]},
        ]},
        {"name": "Show board", "description": "", "type": 3},
    ]


def _set(path: tuple[Any, ...], value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def change(body: list[dict[str, Any]]) -> None:
        node: Any = body
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _options(i: int, *more: Any) -> tuple[Any, ...]:
    return (i, "options", *more)


CASES: list[tuple[str, Callable[[list[dict[str, Any]]], None], tuple[Any, ...], str]] = [
    ("upper-case name", _set((0, "name"), "Play"), (0, "name"), "APPLICATION_COMMAND_INVALID_NAME"),
    ("space in a name", _set((0, "name"), "play now"), (0, "name"), "APPLICATION_COMMAND_INVALID_NAME"),
    ("33-character name", _set((0, "name"), "p" * 33), (0, "name"), "APPLICATION_COMMAND_INVALID_NAME"),
    ("localized name with a capital", _set((0, "name_localizations", "es-ES"), "Jugar"),
     (0, "name_localizations", "es-ES"), "APPLICATION_COMMAND_INVALID_NAME"),
    ("unknown locale", _set((0, "name_localizations", "es"), "jugar"), (0, "name_localizations", "es"),
     "LOCALE_INVALID"),
    ("101-character description", _set((0, "description"), "d" * 101), (0, "description"),
     "BASE_TYPE_BAD_LENGTH"),
    ("empty description", _set((0, "description"), ""), (0, "description"), "BASE_TYPE_BAD_LENGTH"),
    ("101-character localized description", _set((0, "description_localizations", "es-ES"), "d" * 101),
     (0, "description_localizations", "es-ES"), "BASE_TYPE_BAD_LENGTH"),
    ("a subcommand's option badly named", _set(_options(1, 0, "options", 0, "name"), "Number"),
     _options(1, 0, "options", 0, "name"), "APPLICATION_COMMAND_INVALID_NAME"),
    ("a subcommand's option described at length", _set(_options(1, 0, "options", 0, "description"), "d" * 101),
     _options(1, 0, "options", 0, "description"), "BASE_TYPE_BAD_LENGTH"),
    ("required after optional", _set(_options(0, 2, "required"), True), _options(0),
     "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
    ("two options of one name", _set(_options(0, 2, "name"), "game"), _options(0, 2, "name"),
     "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"),
    ("two options of one Spanish name", _set(_options(0, 2, "name_localizations"), {"es-ES": "juego"}),
     _options(0, 2, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"),
    ("26 options", _set((0, "options"), [{"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]),
     _options(0), "BASE_TYPE_MAX_LENGTH"),
    ("26 choices", _set(_options(0, 0, "choices"), [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]),
     _options(0, 0, "choices"), "BASE_TYPE_MAX_LENGTH"),
    ("101-character choice name", _set(_options(0, 0, "choices", 0, "name"), "c" * 101),
     _options(0, 0, "choices", 0, "name"), "BASE_TYPE_BAD_LENGTH"),
    ("101-character choice value", _set(_options(0, 0, "choices", 0, "value"), "v" * 101),
     _options(0, 0, "choices", 0, "value"), "BASE_TYPE_MAX_LENGTH"),
    ("a number for a string choice", _set(_options(0, 0, "choices", 0, "value"), 1),
     _options(0, 0, "choices", 0, "value"), "APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID"),
    ("choices on a boolean", _set(_options(0, 0, "type"), 5), _options(0, 0, "choices"),
     "APPLICATION_COMMAND_OPTION_CHOICES_INVALID"),
    ("autocomplete with choices", _set(_options(0, 0, "autocomplete"), True), _options(0, 0, "autocomplete"),
     "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID"),
    ("max_length on an integer", _set(_options(0, 1, "max_length"), 5), _options(0, 1, "max_length"),
     "APPLICATION_COMMAND_OPTION_LENGTH_INVALID"),
    ("max_length over 6000", _set(_options(0, 2, "max_length"), 6001), _options(0, 2, "max_length"),
     "APPLICATION_COMMAND_OPTION_LENGTH_INVALID"),
    ("min_value on a string", _set(_options(0, 2, "min_value"), 1), _options(0, 2, "min_value"),
     "APPLICATION_COMMAND_OPTION_VALUE_INVALID"),
    ("a required subcommand", _set(_options(1, 0, "required"), True), _options(1, 0, "required"),
     "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"),
    ("a subcommand beside a plain option",
     _set(_options(1, 1), {"type": 3, "name": "note", "description": "x"}), _options(1),
     "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"),
    ("a subcommand inside a subcommand",
     _set(_options(1, 0, "options"), [{"type": 1, "name": "deeper", "description": "x"}]),
     _options(1, 0, "options"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"),
    ("a plain option inside a group",
     _set(_options(1, 1, "options"), [{"type": 3, "name": "note", "description": "x"}]),
     _options(1, 1, "options"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"),
    ("a message command with a description", _set((2, "description"), "Shows it"), (2, "description"),
     "APPLICATION_COMMAND_INVALID_DESCRIPTION"),
    ("an unknown option type", _set(_options(0, 2, "type"), 12), _options(0, 2, "type"), "BASE_TYPE_CHOICES"),
]


async def test_a_valid_tree_is_registered_and_listed(probe: Probe) -> None:
    for route in (PUT, GUILD_PUT):
        answer = await probe.call("PUT", route, tree())
        assert answer.status == 200, answer.body
        assert [c["name"] for c in answer.body] == ["play", "tournament", "Show board"]
        assert all(c["id"] and c["application_id"] == str(APP_ID) for c in answer.body)


async def test_a_server_the_application_is_not_in_answers_missing_access(probe: Probe) -> None:
    answer = await probe.call("PUT", f"/applications/{APP_ID}/guilds/{GUILD_ID + 1}/commands", tree())
    assert (answer.status, answer.code) == (403, 50001)
    probe.standin.guilds[GUILD_ID].bot_member = False  # removed from the server
    answer = await probe.call("PUT", GUILD_PUT, tree())
    assert (answer.status, answer.code) == (403, 50001)
    assert (await probe.call("PUT", PUT, tree())).status == 200, "global commands need no server"


@pytest.mark.parametrize(("what", "change", "path", "code"), CASES, ids=[c[0] for c in CASES])
async def test_each_rule_refuses_the_whole_overwrite(probe: Probe, what: str,
                                                    change: Callable[[list[dict[str, Any]]], None],
                                                    path: tuple[Any, ...], code: str) -> None:
    body = copy.deepcopy(tree())
    change(body)
    for route in (PUT, GUILD_PUT):
        answer = await probe.call("PUT", route, body)
        assert answer.status == 400 and answer.code == 50035, (what, answer.body)
        assert answer.error_at(*path) == code, (what, answer.body)


async def test_names_may_use_any_script_in_lower_case(probe: Probe) -> None:
    body = tree()
    body[0]["name_localizations"] = {"es-ES": "añadir", "el": "παίξε", "ja": "遊ぶ", "hi": "खेलें", "th": "เล่น",
                                     "ru": "играть", "it": "l'altro", "de": "spiel_2"}
    assert (await probe.call("PUT", PUT, body)).status == 200
    body[0]["name_localizations"]["ru"] = "Играть"
    answer = await probe.call("PUT", PUT, body)
    assert answer.error_at(0, "name_localizations", "ru") == "APPLICATION_COMMAND_INVALID_NAME"


async def test_at_most_8000_characters_a_command_counting_each_fields_longest_localization(probe: Probe) -> None:
    def option(k: int) -> dict[str, Any]:
        return {"type": 3, "name": f"o{k:02}", "description": "d" * 100,
                "description_localizations": {"es-ES": "e" * 100}}

    def subcommand(j: int, options: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": 1, "name": f"s{j:02}", "description": "d" * 100, "options": options}

    # "c1" and its description: 2 + 100; each subcommand 3 + 100 and 24 options of 3 + 100: 102 + 3 * 2575 = 7827
    command = {"name": "c1", "description": "d" * 100,
               "options": [subcommand(j, [option(k) for k in range(24)]) for j in range(3)]}
    # one more subcommand (3 + 100) with one option (3 + its longest description, the Spanish one): 7933 + 67
    command["options"].append(subcommand(3, [{"type": 3, "name": "o00", "description": "d",
                                              "description_localizations": {"es-ES": "e" * 67}}]))
    assert (await probe.call("PUT", PUT, [command])).status == 200, "8000 characters exactly"
    command["options"][3]["options"][0]["description_localizations"]["es-ES"] += "e"
    answer = await probe.call("PUT", PUT, [command])
    assert answer.status == 400 and answer.error_at(0) == "APPLICATION_COMMAND_TOO_LARGE", answer.body
    command["options"][3]["options"][0]["description_localizations"]["es-ES"] = "e"
    command["options"][3]["options"][0]["description"] = "d" * 68
    answer = await probe.call("PUT", PUT, [command])
    assert answer.error_at(0) == "APPLICATION_COMMAND_TOO_LARGE", "the default counts when it is the longest"


async def test_at_most_100_commands_of_unique_names(probe: Probe) -> None:
    commands = [{"name": f"c{i}", "description": "d"} for i in range(100)]
    assert (await probe.call("PUT", PUT, commands)).status == 200
    answer = await probe.call("PUT", PUT, [*commands, {"name": "c100", "description": "d"}])
    assert answer.status == 400 and answer.error_at() == "APPLICATION_COMMANDS_TOO_MANY"
    twice = await probe.call("PUT", PUT, [{"name": "c", "description": "d"}, {"name": "c", "description": "e"}])
    assert twice.error_at(1, "name") == "APPLICATION_COMMANDS_DUPLICATE_NAME"


def test_a_scripted_user_sends_only_what_discords_client_lets_through() -> None:
    """A scripted user's slash command is built from the registered command, and Discord's client checks each
    option before any interaction reaches a bot: a value none of the choices, a number outside ``min_value``, a
    string past ``max_length``, a required option left out are refused here (a test sending them would test
    what never happens); the option being typed (autocomplete) goes as it stands."""
    from types import SimpleNamespace

    from discord_standin.payloads import text_channel
    from discord_standin.server import Player

    play = {**tree()[0], "id": "1"}
    server = SimpleNamespace(command=lambda name: play, channel=text_channel())
    ana = Player(server, 1001, "ana")  # type: ignore[arg-type]
    sent = ana.slash_payload("play", game="kona", table=3, note="n" * 100)
    assert [(o["name"], o["value"]) for o in sent["data"]["options"]] == [("game", "kona"), ("table", 3),
                                                                           ("note", "n" * 100)]
    for wrong in ({"game": "chess"}, {"game": "kona", "table": 0}, {"game": "kona", "table": "3"},
                  {"game": "kona", "note": "n" * 101}, {"game": "kona", "note": ""}, {"table": 3}):
        with pytest.raises(ValueError):
            ana.slash_payload("play", **wrong)
    typed = ana.slash_payload("play", focused="table", game="kona", table=0)  # being typed: as it stands
    assert typed["type"] == 4 and typed["data"]["options"][1] == {"name": "table", "type": 4, "value": 0,
                                                                  "focused": True}


def test_an_option_goes_as_its_registered_type_and_a_user_as_one_the_client_resolved() -> None:
    """Discord's client sends an option as the type the command registers, and a user option as the snowflake of
    a user it picked, that user resolved in the interaction: a test typing a name into a user option (``mesa``)
    or a string into a number tests what never happens."""
    from discord_standin.payloads import client_checks, option

    schema = [{"type": 6, "name": "opponent", "description": "Who"},
              {"type": 4, "name": "table", "description": "Which table"}]
    client_checks("/play", schema, [option("opponent", 1002, 6), option("table", 2, 4)], False, {"1002"})
    for given, resolved in (([option("opponent", "mesa", 3)], None),  # a string where a user goes
                            ([option("table", "2", 3)], None),  # the right value, the wrong type
                            ([{"name": "opponent", "type": 6, "value": "mesa"}], None),  # not a snowflake
                            ([option("opponent", 1003, 6)], {"1002"})):  # a user the interaction did not resolve
        with pytest.raises(ValueError):
            client_checks("/play", schema, given, False, resolved)
