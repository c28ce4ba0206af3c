"""Each front end reads the quick-start written for it (issue 28, item 19).

Discord readers get buttons and Discord's localized command names; console readers get the console's
commands (English names in both languages); a Spanish reader gets Spanish only.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import console
from cogs import i18n_discord
from engines import GAMES
from tables import rules_text

LANGS = ["en", "es"]


def test_marked_lines_and_phrases_reach_only_their_front(tmp_path: Path) -> None:
    (tmp_path / "kona.quick.md").write_text(
        "**Moves:** {discord:press *Choose a move*|console:type `/moves`}, then play.\n"
        "discord: Discord only\n"
        "console:(console only)\n"
        "Both{console: and more}.\n", encoding="utf-8")
    assert rules_text.quickstart("kona", folder=tmp_path) == (
        "**Moves:** press *Choose a move*, then play.\nDiscord only\nBoth.")
    assert rules_text.quickstart("kona", folder=tmp_path, front="console") == (
        "**Moves:** type `/moves`, then play.\n(console only)\nBoth and more.")
    with pytest.raises(ValueError):
        rules_text.quickstart("kona", folder=tmp_path, front="telegram")  # type: ignore[arg-type]


# ---- the quick-starts as each front end shows them ----------------------------------------------------

#: words of English that no Spanish sentence uses (words shared by both languages are left out: no, a,
#: me, he, as, base, total, final, lava, auto ...)
ENGLISH_WORDS = """
    the and you your with is are of to for on in it its or all rules play move moves piece pieces player players
    turn throw throws keep rethrow board button buttons press win wins when then only each one two first from by
    not any this that against computer choose my full open take set sets dice die aim target soft hard shuffle
    confirm build out next own pass stack stacks square squares score points round rounds yellow red blue black
    white green orange blank steam ash"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
#: what Discord readers are shown of each game's controls (keys of cogs.i18n_discord): buttons, commands
DISCORD_CONTROLS = {
    "kona": ("btn.pick", "cmd.move"),
    "plateau": ("btn.pick", "cmd.move", "btn.my_pieces"),
    "k3": ("btn.auto_build", "btn.shuffle", "btn.confirm_build", "btn.pick", "cmd.move"),
    "krakatoa": ("btn.throw", "btn.keep", "btn.rethrow", "btn.auto"),
}
#: the console commands each game's console quick-start must name (console.py's HELP has them all)
CONSOLE_COMMANDS = {
    "kona": ("move", "moves"),
    "plateau": ("move", "moves", "mine"),
    "k3": ("build", "move", "moves", "auto"),
    "krakatoa": ("move", "auto"),
}
#: words that only make sense on Discord
DISCORD_ONLY = ("button", "press", "DM", "botón", "pulsa", "MD", "Discord")
COMMAND = re.compile(r"(?<![\w/`])/([a-z][a-z-]*)|`/([a-z][a-z-]*)")


def commands_named(text: str) -> set[str]:
    """The slash commands a text names (``/move``, also inside code spans)."""
    return {a or b for a, b in COMMAND.findall(text)}


def discord_label(key: str, lang: str) -> str:
    return i18n_discord.t(key, lang).rstrip("…")


def console_help_commands() -> set[str]:
    return set(re.findall(r"(?<![\w/])/([a-z][a-z-]*)", console.HELP))


def discord_commands(lang: str) -> set[str]:
    catalog = i18n_discord.CATALOGS[lang]
    return {value for key, value in catalog.items() if key.startswith("cmd.") and not key.endswith(".desc")}


def english_words(text: str) -> list[str]:
    """The English words of a Spanish text, outside code, pictures, commands with their arguments, @names."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"(?<![\w/])/[a-z][a-z-]*(?: [\w@=.|\[\]-]+)*", " ", text)
    text = re.sub(r"@\w+", " ", text)
    return sorted({w for w in re.findall(r"[A-Za-zÀ-ÿ']+", text) if w.lower() in ENGLISH})


def test_the_english_word_check_catches_an_english_line() -> None:
    assert set(english_words("(all the rules: /rules kona full)")) == {"all", "the", "rules"}
    assert english_words("Usa `/move a6-d3` o /mover a6-d3; el As y la Lava.") == []


@pytest.mark.parametrize("front", rules_text.FRONTS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_spanish_quickstart_is_wholly_spanish(game: str, front: rules_text.Front) -> None:
    assert english_words(rules_text.quickstart(game, "es", front=front)) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_spanish_full_rules_are_wholly_spanish(game: str) -> None:
    assert english_words(rules_text.full_rules(game, "es")) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_console_quickstart_names_only_the_consoles_commands(game: str, lang: str) -> None:
    text = rules_text.quickstart(game, lang, front="console")
    named = commands_named(text)
    assert named <= console_help_commands(), "every command named is one the console has"
    assert set(CONSOLE_COMMANDS[game]) <= named, "the console's way to play the game is named"
    for catalog in i18n_discord.CATALOGS.values():  # no Discord button, in either language
        for key, label in catalog.items():
            if key.startswith("btn.") and len(label.rstrip("…")) > 1:
                assert not re.search(rf"(?<!\*)\*{re.escape(label.rstrip('…'))}\*(?!\*)", text), key
    assert not [word for word in DISCORD_ONLY if re.search(rf"\b{word}\b", text)]
    # the next steps, in the reader's language: the full rules (in it) and a game
    full = f"/rules {game} full" + ("" if lang == "en" else f" {lang}")
    assert full in text and f"/play {game} @" in text and f"/play {game} @mesa" in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_discord_quickstart_shows_discords_controls(game: str, lang: str) -> None:
    text = rules_text.quickstart(game, lang)
    assert text == rules_text.quickstart(game, lang, front="discord"), "Discord is the default"
    for key in DISCORD_CONTROLS[game]:
        wanted = f"/{i18n_discord.t(key, lang)}" if key.startswith("cmd.") else f"*{discord_label(key, lang)}*"
        assert wanted in text, key
    assert commands_named(text) <= discord_commands(lang), "only Discord's command names, in the reader's language"
    assert "console" not in text.lower(), "no line meant for the console"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_front_reads_a_whole_quickstart_within_the_limits(game: str, lang: str) -> None:
    for front in rules_text.FRONTS:
        text = rules_text.quickstart(game, lang, front=front)
        assert 200 < len(text) <= rules_text.EMBED_LIMIT
        assert not re.search(r"\b(?:KO|PL|K3|KR)-\d", text), "the quick-start speaks to players, not to code"
        assert not re.search(r"\{(?:discord|console):|^(?:discord|console):", text, flags=re.M), "no mark is left"
