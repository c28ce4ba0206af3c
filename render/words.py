"""The words drawn on the pictures, in the reader's language (English and Spanish).

Every user-facing string speaks the reader's language (issue 8), and a picture's words are read as much
as its message's: a Spanish server whose captions say "Vapor" must not see "Steam" on the dice.  Each
picture module keeps the words it draws next to the code that draws them, as a catalogue::

    WORDS: Catalog = {"en": {"stage": "Round {round} of 6"}, "es": {"stage": "Ronda {round} de 6"}}

and draws ``say(WORDS, lang, "stage", round=2)``.  ``lang`` is what every drawing function takes (``"en"``,
``"es"``, or a Discord locale such as ``"es-419"``: ``lang_of``); a word missing from a language falls back
to English, and a test holds each module's catalogues to the same keys and the same ``{params}``
(``tests/test_render_words.py``).  A count picks its form with ``count``: the template holds both, split
by ``|`` ("{n} point|{n} points").  Pure: no I/O, nothing here knows who reads.

The words are the games' own as the messages say them (``tables.i18n``): the same set names, classes and
seat colours, so the picture and the words under it agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: the languages the pictures speak; the first is the default
LANGS = ("en", "es")
DEFAULT = "en"

Catalog = Mapping[str, Mapping[str, str]]


def lang_of(lang: str | None) -> str:
    """``"es"`` for Spanish (``es``, ``es-ES``, ``es-419``), else English."""
    base = (lang or "").replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGS else DEFAULT


def template(catalog: Catalog, lang: str | None, key: str) -> str:
    """The catalogue's template for ``key`` in ``lang``, English when that language lacks it."""
    found = catalog.get(lang_of(lang), {}).get(key)
    return found if found is not None else catalog[DEFAULT][key]


def say(catalog: Catalog, lang: str | None, key: str, **params: object) -> str:
    """``key``'s words in ``lang`` with ``params`` filled in."""
    text = template(catalog, lang, key)
    return text.format(**params) if params else text


def count(catalog: Catalog, lang: str | None, key: str, n: int, **params: object) -> str:
    """``key``'s words for ``n`` things: the template's first form for one, its second for any other number
    ("{n} point|{n} points")."""
    one, _, many = template(catalog, lang, key).partition("|")
    return (one if n == 1 or not many else many).format(n=n, **params)


#: the words every picture shares (``render.theme``'s result banner and names)
WORDS: Catalog = {
    "en": {
        "player": "Player {n}",
        "and": "{first} & {last}",
        "a_player": "a player",
        "draw": "Draw",
        "draw_why": "Draw: {why}",
        "wins": "{who} wins",
        "win": "{who} win",
        "wins_why": "{who} wins: {why}",
        "win_why": "{who} win: {why}",
        # endings decided outside the engine (the tables layer's reason codes); {losers}: names
        "ending.resign": "{losers} resigned",
        "ending.time": "{losers} ran out of time",
        "ending.forfeit": "{losers} forfeited",
        "ending.agreement": "agreed by the players",
        "ending.abort": "game aborted, no result",
        "ending.abandoned": "game abandoned, no result",
        "ending.ply_limit_hard": "the longest a game may last",
        "ending.outlasted": "first of those who played on",
        # how a player left a game the tables layer ended, for their own panel or chip
        "left.resign": "resigned",
        "left.time": "out of time",
        "left.forfeit": "forfeited",
        "left.partner": "partner left",
        "left.out": "out",
        "of_whom": "{name}'s {thing}",
    },
    "es": {
        "player": "Jugador {n}",
        "and": "{first} y {last}",
        "a_player": "un jugador",
        "draw": "Tablas",
        "draw_why": "Tablas: {why}",
        "wins": "{who} gana",
        "win": "{who} ganan",
        "wins_why": "{who} gana: {why}",
        "win_why": "{who} ganan: {why}",
        "ending.resign": "{losers} abandonó",
        "ending.time": "a {losers} se le acabó el tiempo",
        "ending.forfeit": "{losers} quedó fuera del torneo",
        "ending.agreement": "de mutuo acuerdo",
        "ending.abort": "partida cancelada, sin resultado",
        "ending.abandoned": "partida abandonada, sin resultado",
        "ending.ply_limit_hard": "lo más que puede durar una partida",
        "ending.outlasted": "el primero de quienes siguieron jugando",
        "left.resign": "abandonó",
        "left.time": "sin tiempo",
        "left.forfeit": "retirado",
        "left.partner": "se fue su pareja",
        "left.out": "fuera",
        "of_whom": "{thing} de {name}",
    },
}

#: the reason codes the tables layer gives an ending, and the ending each is said as
ENDING_CODES = {"resign": "resign", "time": "time", "timeout": "time", "forfeit": "forfeit",
                "agreement": "agreement", "abort": "abort", "aborted": "abort", "abandoned": "abandoned",
                "ply_limit_hard": "ply_limit_hard", "outlasted": "outlasted"}
#: how a player left, by the same codes
LEFT_CODES = {"resign": "resign", "time": "time", "timeout": "time", "forfeit": "forfeit", "partner": "partner"}


def player(lang: str | None, seat: int) -> str:
    """A seat without a name: "Player 2", "Jugador 2" (seats count from 1 here)."""
    return say(WORDS, lang, "player", n=seat + 1)


def joined(lang: str | None, names: Sequence[str]) -> str:
    """"Ana & Ben", "Ana, Ben & Cy"; "Ana y Ben", "Ana, Ben y Cy"."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return say(WORDS, lang, "and", first=", ".join(names[:-1]), last=names[-1])


def ending(lang: str | None, reason: str) -> str | None:
    """An ending outside the rules in words, ``{losers}`` left to fill; None for a code it does not know."""
    code = ENDING_CODES.get(reason)
    return None if code is None else template(WORDS, lang, f"ending.{code}")


def left(lang: str | None, reason: str) -> str:
    """How a player left ("resigned", "abandonó"); "out" for a reason it does not know."""
    code = LEFT_CODES.get(reason)
    return say(WORDS, lang, f"left.{code}" if code else "left.out")


def whose(lang: str | None, name: str, thing: str) -> str:
    """``thing`` of ``name``: "Cy's a1", "a1 de Cy"."""
    return say(WORDS, lang, "of_whom", name=name, thing=thing)


def all_catalogs() -> dict[str, Catalog]:
    """Every picture module's catalogue by module name (for the test that holds them complete)."""
    import importlib

    found: dict[str, Catalog] = {"render.words": WORDS}
    for name in ("render.theme", "render.kona", "render.plateau", "render.k3", "render.krakatoa", "render.review",
                 "render.standings", "render.leaderboard"):
        module = importlib.import_module(name)
        catalog = getattr(module, "WORDS", None)
        if isinstance(catalog, Mapping):
            found[name] = catalog
    return found
