"""The command tree validates offline: Discord's rules for registering it, Spanish localizations for es-ES and
es-419, and ``python bot.py --print-commands``.

Discord's rules for application commands (names, descriptions, localizations, options, choices, 8000 characters a
command) are checked by the stand-in's ``discord_standin.commands``, the same check ``python bot.py --sync`` meets
in the end-to-end tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord_standin.commands import check_commands

from cogs import i18n_discord
from cogs.client import AUTO_COUNT, Config, MesaBot, apply_api_base, default_intents, quiet_discord_logs
from cogs.commands_json import command_payload

ROOT = Path(__file__).resolve().parent.parent
SPANISH = ("es-ES", "es-419")
EXPECTED = {"play", "move", "resign", "draw", "board", "games", "help", "rules", "settings",
            "leaderboard", "stats", "history", "replay", "recompute-ratings",  # issue 9
            "hint", "takeback", "learn",  # issue 30
            "review", "tournament"}  # issues 31, 32


@pytest.fixture(scope="module")
def payload() -> list[dict]:
    import asyncio

    return asyncio.run(command_payload())


def _options(command: dict) -> list[dict]:
    return command.get("options") or []


def _everything(command: dict) -> list[dict]:
    """The command and every option under it, subcommands' options included."""
    found = [command]
    for option in _options(command):
        found += _everything(option)
    return found


def test_every_command_is_there(payload: list[dict]) -> None:
    assert {c["name"] for c in payload} == EXPECTED


def test_discord_would_register_the_tree(payload: list[dict]) -> None:
    """Every rule Discord checks when registering, at every depth: names, descriptions, localizations,
    options (required first, unique names), choices, autocomplete, 8000 characters a command; the stand-in's
    check, which ``tests/test_standin_commands.py`` shows refusing each broken rule."""
    assert check_commands(payload) is None
    assert any(o["type"] == 1 and _options(o) for c in payload for o in _options(c)), "subcommands' options too"


def test_spanish_localizations_everywhere(payload: list[dict]) -> None:
    """Every name, description and choice, at every depth (a tournament subcommand's options too), is
    localized for both Spanish locales, and no two options of one list read alike in Spanish."""
    for command in payload:
        for item in _everything(command):
            for locale in SPANISH:
                assert item["name_localizations"][locale], item["name"]
                assert item["description_localizations"][locale], item["name"]
                for choice in item.get("choices") or []:
                    assert choice["name_localizations"][locale], choice["name"]
            spanish = [o["name_localizations"]["es-ES"] for o in _options(item)]
            assert len(spanish) == len(set(spanish)), item["name"]
    spanish_names = [c["name_localizations"]["es-ES"] for c in payload]
    assert len(spanish_names) == len(set(spanish_names))
    play = next(c for c in payload if c["name"] == "play")
    assert play["name_localizations"]["es-ES"] == "jugar"
    tournament = next(c for c in payload if c["name"] == "tournament")
    create = next(o for o in _options(tournament) if o["name"] == "create")
    assert {o["name_localizations"]["es-ES"] for o in _options(create)} >= {"juego", "formato"}


def test_english_locales_get_the_default(payload: list[dict]) -> None:
    for command in payload:
        assert "en-US" not in command["name_localizations"]
        assert "fr" not in command["name_localizations"]


def test_autocomplete_and_permissions(payload: list[dict]) -> None:
    by_name = {c["name"]: c for c in payload}
    move_opts = {o["name"]: o for o in _options(by_name["move"])}
    assert move_opts["text"]["autocomplete"] is True and move_opts["text"]["required"] is True
    assert move_opts["table"]["autocomplete"] is True and move_opts["table"]["type"] == 4
    # /settings: server managers only (Manage Server = 1 << 5), never in DMs
    assert int(by_name["settings"]["default_member_permissions"]) == 1 << 5
    assert by_name["settings"]["dm_permission"] is False
    play_opts = {o["name"]: o for o in _options(by_name["play"])}
    assert play_opts["opponent"]["type"] == 6  # USER
    assert [c["value"] for c in play_opts["game"]["choices"]] == ["kona", "plateau", "k3", "krakatoa"]
    assert [c["value"] for c in play_opts["seat"]["choices"]] == ["first", "second", "random"]


def test_print_commands_cli(payload: list[dict]) -> None:
    """``python bot.py --print-commands`` prints the same payload as JSON, with no token and no network."""
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""}
    done = subprocess.run([sys.executable, "bot.py", "--print-commands"], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(payload))


def test_catalogs_complete() -> None:
    """Every Discord-layer string exists in English and Spanish with the same placeholders."""
    en, es = i18n_discord.EN, i18n_discord.ES
    assert set(en) == set(es), set(en) ^ set(es)
    for key in en:
        assert i18n_discord.placeholders(en[key]) == i18n_discord.placeholders(es[key]), key
        assert es[key].strip()


def test_lang_for_locales() -> None:
    assert i18n_discord.lang_for(discord.Locale.spain_spanish) == "es"
    assert i18n_discord.lang_for(discord.Locale.latin_american_spanish) == "es"
    assert i18n_discord.lang_for(discord.Locale.american_english) == "en"
    assert i18n_discord.lang_for(discord.Locale.french) == "en"
    assert i18n_discord.lang_for(None) == "en"
    assert i18n_discord.t("err.not_seated", "es").startswith("No estás sentado en esta mesa.")


def test_no_privileged_intents() -> None:
    intents = default_intents()
    assert not intents.message_content and not intents.members and not intents.presences
    assert MesaBot(sync_only=True).intents.value == intents.value


def test_config_from_env_and_api_base() -> None:
    config = Config.from_env({"DISCORD_TOKEN": " abc ", "DEV_GUILD_ID": "123", "DATABASE_PATH": "/tmp/x.db",
                              "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/"})
    assert config == Config(token="abc", database_path="/tmp/x.db", dev_guild_id=123,
                            api_base="http://127.0.0.1:9/api/v10/", shard_ids=(), shard_count=AUTO_COUNT)
    assert Config.from_env({}).dev_guild_id is None
    old = discord.http.Route.BASE
    try:
        apply_api_base(config.api_base)
        route = discord.http.Route("GET", "/users/@me")
        assert route.url == "http://127.0.0.1:9/api/v10/users/@me"
        apply_api_base(None)
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
    finally:
        discord.http.Route.BASE = old


def test_discord_debug_logs_are_capped() -> None:
    """discord.py's DEBUG lines quote payloads (a typed hidden move, a DM): they never reach the log."""
    import logging

    logger = logging.getLogger("discord")
    old = logger.level
    root = logging.getLogger().level
    try:
        logging.getLogger().setLevel(logging.DEBUG)
        logger.setLevel(logging.NOTSET)
        quiet_discord_logs()
        assert not logging.getLogger("discord.http").isEnabledFor(logging.DEBUG)
        assert not logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)
        assert logging.getLogger("mesa.discord").isEnabledFor(logging.DEBUG)
    finally:
        logger.setLevel(old)
        logging.getLogger().setLevel(root)


def test_every_catalog_key_is_used() -> None:
    """No dead strings: each key is used by the Discord layer (directly, or as a family of keys)."""
    src = "".join((ROOT / "cogs" / name).read_text() for name in
                  ("play.py", "board.py", "post_controls.py", "picking.py", "guide.py", "settings.py",
                   "results.py", "acts.py", "handling.py", "delivery.py", "translator.py", "controls.py",
                   "learning.py", "lessons.py", "review.py", "tournaments.py", "arranging.py"))
    families = ("choice.", "confirm.", "cmd.", "opt.")
    labels = quick_move_label_keys()
    unused = [k for k in i18n_discord.EN if f'"{k}"' not in src and f"'{k}'" not in src
              and not k.startswith(families) and k not in labels]
    assert unused == []


def quick_move_label_keys() -> set[str]:
    """The catalogue keys the engines' quick moves name (labels of buttons under public boards)."""
    import random

    from engines import CHANCE, all_engines

    keys: set[str] = set()
    rng = random.Random(3)
    for engine in all_engines():
        if not engine.description.quick_moves:
            continue
        for game in range(3):
            state = engine.new_game(engine.min_players, game)
            while engine.outcome(state) is None:
                seat = engine.to_move(state)
                if seat is not None and seat != CHANCE:
                    for move in engine.quick_moves(state, seat):
                        keys |= {part.key for part in move.label} | {k for part in move.label for _, k in part.keyed}
                state = engine.apply(state, engine.random_move(state, rng))
    return keys


def test_every_quick_move_label_is_in_both_catalogs() -> None:
    keys = quick_move_label_keys()
    assert {"btn.throw", "btn.auto", "krakatoa.set", "set.steam"} <= keys  # Krakatoa offers them (KR-9.1)
    assert keys <= set(i18n_discord.EN) and keys <= set(i18n_discord.ES)
