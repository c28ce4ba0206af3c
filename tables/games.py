"""What front ends show about the games themselves: the list, titles, option hints, a sample picture.

Every list of games comes from the engines' registry (``engines.game_names``) and every fact from
a game's ``description``, so a new game appears in every front end with nothing written here.
"""

from __future__ import annotations

import difflib
import functools
import logging
import random
from collections.abc import Mapping
from typing import Any

from engines import CHANCE, aliases, canonical_name, descriptions, game_names, get_engine
from tables.errors import TableError
from tables.i18n import Phrase, Sentences
from tables.picture_words import picture_words

log = logging.getLogger(__name__)

#: players drawn in a sample picture
SAMPLE_PLAYERS = 2
#: chance moves drawn at most to reach a sample position a player would see first
MAX_SAMPLE_CHANCE = 50


def games() -> tuple[str, ...]:
    """Every game's canonical name, in listing order (the /play choices, the console's help)."""
    return game_names()


def auto_styles() -> dict[str, tuple[str, ...]]:
    """Title -> the styles of ``auto_move`` of each game that has a choice of them (``/build STYLE``)."""
    return {d.title: d.auto_styles for d in descriptions() if len(d.auto_styles) > 1}


def group_games() -> list[str]:
    """The titles of the games more than two may play (open tables, Mesa's ``bots`` seats), in listing order."""
    return [d.title for d in descriptions() if d.max_players > 2]


def group_game_names() -> list[str]:
    """The names of the games more than two may play, as a command takes them (``/play k3``), in listing order."""
    return [d.name for d in descriptions() if d.max_players > 2]


def known_game(game: str) -> str:
    """The canonical name of the game a player typed (an alias, any case), or a refusal that lists the
    games and, for a slip of the keyboard (``knoa``), suggests the one meant."""
    try:
        return canonical_name(game)
    except KeyError:
        pass
    names = {name: name for name in game_names()} | aliases()
    close = difflib.get_close_matches(game.strip().lower(), list(names), n=1, cutoff=0.6)
    listed = ", ".join(game_names())
    if close:
        raise TableError("error.unknown_game_close", game=game, close=names[close[0]], games=listed)
    raise TableError("error.unknown_game", game=game, games=listed)


def title(game: str) -> str:
    """The game's title for texts (``Kona``), or the name as given when there is no such game."""
    try:
        engine = get_engine(game)
    except KeyError:
        return game
    return engine.title or engine.name


def variant_choices(game: str | None, typed: str = "") -> list[str]:
    """``option=value`` texts for a game's options, each value other than the default (autocomplete)."""
    try:
        engine = get_engine(str(game)) if game else None
    except KeyError:
        engine = None
    if engine is None:
        return []
    found: list[str] = []
    for option in engine.description.options.values():
        values = list(option.choices) or ([True, False] if option.kind == "bool" else [])
        for value in values:
            if value != option.default:
                found.append(_option_text(option.name, value))
    wanted = typed.strip().lower()
    return [v for v in found if wanted in v.lower()]


def variant_text(game: str, chosen: Mapping[str, Any]) -> str:
    """The game options of a table that differ from the defaults, written as ``/play`` takes them
    (``teams=true, preset=basic``), in the game's order; empty for the standard game."""
    try:
        options = get_engine(game).description.options
    except KeyError:
        return ""
    return ", ".join(_option_text(name, chosen[name]) for name, option in options.items()
                     if name in chosen and chosen[name] != option.default)


def _option_text(name: str, value: Any) -> str:
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


def _sample(game: str, lang: str = "en") -> tuple[str, Any, list[str]]:
    """The opening position a player first sees (spectator view, chance drawn): the game, the view, the names."""
    name = canonical_name(game)
    engine = get_engine(name)
    players = max(SAMPLE_PLAYERS, engine.min_players)
    state = engine.new_game(players, 1)
    rng = random.Random(1)
    for _ in range(MAX_SAMPLE_CHANCE):
        if engine.to_move(state) != CHANCE:
            break
        state = engine.apply(state, engine.sample_chance(state, rng))
    from render import words  # (the unnamed seats as the picture names them: "Player 2", "Jugador 2")

    return name, engine.view(state, None), [words.player(lang, i) for i in range(players)]


@functools.lru_cache(maxsize=16)
def sample_picture(game: str, lang: str = "en") -> bytes | None:
    """The opening position a player first sees, for /rules, its words in ``lang``; None if it cannot be drawn."""
    try:
        import render

        return render.render(*_sample(game, lang), lang=lang)
    except Exception as exc:
        log.info("no sample picture for %s (%s)", game, type(exc).__name__)
        return None


def sample_words(game: str) -> Sentences:
    """``sample_picture`` in words (its alt text, ``tables.picture_words``), the seats named "Player N" in the
    reader's language as the lessons name them."""
    name, view, names = _sample(game)
    return picture_words(get_engine(name), view, [Phrase("learn.name", {"n": k + 1}) for k in range(len(names))])
