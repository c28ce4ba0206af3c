"""The service's sentences name commands as the console spells them; Discord shows each reader its own names.

The service's catalogue (``tables.i18n``) is shared by both front ends, so its advice names commands the
console's way, in English in every language, with the console's arguments: "usa /tournament withdraw para
dejarlo", "/learn kona restart", "/tournament pairings 3 round=2".  Discord shows a Spanish reader the same
commands localised (``cogs.translator``): ``/torneo retirarse``, ``/aprender``, ``/abandonar``, with the options
``ronda``, ``juego``; and every reader fills a command's options one by one, each shown as ``name: value``.
Advice naming a command the reader cannot find in their command list, or arguments they cannot type, is advice
they cannot follow, so every sentence of the service's on its way to Discord passes through
:func:`in_discord_words`, which names the commands and their subcommands as the reader's Discord does, and writes
what follows them as Discord's options, the way Discord's own words in ``cogs.i18n_discord`` already do
(``/board table:NUMBER``): the console's positional arguments by the option each fills (``/learn kona hint`` ->
``/learn game:Kona step:hint``; ``/tournament join 3`` -> ``/torneo apuntarse numero:3``) and its ``name=value``
options as ``name:value`` (``round=2`` -> ``ronda:2``; a value from a choice list as the list shows it:
``format=swiss`` -> ``formato:suizo``).  The names come from the same catalogue the translator registers
(``cogs.i18n_discord``), so the advice and the command list cannot drift apart.

Only what the service wrote is rewritten: a name or title a user typed has been made inert first
(``cogs.plain.plain``: a zero-width space after a slash that starts a word), so "/play night" as a
tournament's title stays as its organiser wrote it.
"""

from __future__ import annotations

import re
from functools import cache

from cogs.i18n_discord import EN, LANGS, t
from tables.games import games
from tables.learn import ANSWER_WORDS, HINT_WORDS, RESTART_WORDS

#: the commands that have subcommands (``cmd.<name>.<sub>`` in the catalogue)
GROUPS = ("tournament",)

#: a slash that starts a word (not a link's, not ``1/2``, not ``roja/azul``): where a command may be named; what
#: a user typed gets a zero-width space after such a slash (``cogs.plain``), so it is never read as one
SLASH_STARTING_A_WORD = r"(?<![\w/<:.\\])/"
#: a command named in a sentence: the slash, the command's name, and the word after it, which may be one of its
#: subcommands
_COMMAND = re.compile(SLASH_STARTING_A_WORD + r"(?P<name>[a-z][a-z-]*)(?![\w-])(?: (?P<sub>[a-z]+)(?![\w=-]))?")
#: where the options of a command named in a sentence end: the sentence's or the clause's end
_CLAUSE_END = re.compile(r"[.;\n]|: |$")
#: an option written after a command, ``round=2``, ``format=swiss``, ``seat=``: its name and its value (no user's
#: words stand where this is read, after a command in its clause: ``tests/test_discord_command_words.py``)
_OPTION = re.compile(r"(?<![\w-])(?P<option>[a-z][a-z_]*)=(?:(?P<value>[a-z][a-z-]*|\d+|\{\w+\}|N)(?![\w-])"
                     r"|(?=[\s,.;:)]|$))")

#: a value the catalogue leaves to its parameters (``{id}``) or names in capitals for the reader (``GAME``, ``N``)
_SAID = r"\{\w+\}"
_NUMBER = rf"\d+|N|NÚMERO|{_SAID}"
_USER = r"@[\w{}.-]+"
#: a move has a digit (``a6-d3``, ``+xx.rb@a1``, ``build:…``), so a word after ``/move`` ("/move plays there") is
#: not one; and never an ``=`` (``round=2`` is an option)
_MOVE = rf"MOVE|JUGADA|{_SAID}|[^\s(),;=]*\d(?:[^\s(),;.=]|\.(?=\S))*(?!=)"


def _words(*words: str) -> str:
    return "|".join(map(re.escape, words))


@cache
def _slots() -> dict[str, tuple[tuple[tuple[str, str, str], ...], ...]]:
    """The console's positional arguments of each command (``tournament join``; ``tournament *``: every other
    subcommand), in the order the console reads them: at each place, the options it may fill, each as (option,
    what its value looks like, the choice list its value is shown from)."""
    game = rf"{_words(*games())}|GAME|JUEGO|{_SAID}"
    step = rf"{_words(*RESTART_WORDS, *HINT_WORDS)}|{_NUMBER}"
    answer = rf"(?:{_words(*ANSWER_WORDS)}) (?P<value>{_MOVE})"
    return {
        "play": ((("game", game, "game"),), (("opponent", _USER, ""),)),
        "move": ((("text", _MOVE, ""),),),
        "review": ((("table", _NUMBER, ""),),),
        "replay": ((("table", _NUMBER, ""),),),
        "takeback": ((("action", "ask|accept|decline", "takeback"),),),
        "learn": ((("game", game, "game"),), (("answer", answer, ""), ("step", step, ""))),
        "tournament create": ((("game", game, "game"),),),
        "tournament remove": ((("player", _USER, ""),), (("number", _NUMBER, ""),)),
        "tournament *": ((("number", _NUMBER, ""),),),
    }


@cache
def _slot(pattern: str, lang: str) -> re.Pattern[str]:
    """One positional argument, after its space: the whole of it, or its ``value`` group when it has one; never
    an option already written as Discord writes it (``text:a6-d3``, ``numero:3``: a sentence passed twice)."""
    filled = _words(*sorted({*_options(lang).values(), *_options("en").values()}, key=len, reverse=True))
    return re.compile(rf" (?!(?:{filled}):)(?:{pattern})(?![\w-])")


@cache
def _commands(lang: str) -> dict[str, str]:
    """Each command's English name -> its name in ``lang`` (``tournament`` -> ``torneo``)."""
    return {name: t(key, lang) for key, name in EN.items()
            if key.startswith("cmd.") and key.count(".") == 1 and not key.endswith(".desc")}


@cache
def _subcommands(lang: str) -> dict[tuple[str, str], str]:
    """(command, subcommand) in English -> the subcommand in ``lang`` (``withdraw`` -> ``retirarse``)."""
    found: dict[tuple[str, str], str] = {}
    for group in GROUPS:
        prefix = f"cmd.{group}."
        for key, name in EN.items():
            if key.startswith(prefix) and key.count(".") == 2 and not key.endswith(".desc"):
                found[(EN[f"cmd.{group}"], name)] = t(key, lang)
    return found


@cache
def _english(lang: str) -> dict[str, tuple[str, str]]:
    """A command as a sentence of the catalogue may write it, in the console's words (``tournament``) or already in
    ``lang``'s (``torneo``), or with a subcommand in ``lang``'s (``torneo clasificacion``) -> its English command
    and subcommand."""
    found = {name: (name, "") for name in _commands(lang)}
    found |= {local: (name, "") for name, local in _commands(lang).items()}
    for (name, sub), local in _subcommands(lang).items():
        found[f"{_commands(lang)[name]} {local}"] = found[f"{name} {local}"] = (name, sub)
    return found


@cache
def _options(lang: str) -> dict[str, str]:
    """Each option's English name -> its name in ``lang`` (``round`` -> ``ronda``)."""
    return {name: t(key, lang) for key, name in EN.items()
            if key.startswith("opt.") and key.count(".") == 1}


def choice_word(group: str, value: str, lang: str) -> str:
    """``value`` as the reader's choice list ``group`` shows it, without its gloss (``swiss`` -> ``suizo``,
    ``round-robin`` -> ``liga``, from "liga (todos contra todos)"; ``kona`` -> ``Kona``); a value without a
    choice as it is."""
    key = f"choice.{group}.{value}"
    return t(key, lang).split(" (")[0] if key in EN else value


def _as_option(option: str, value: str, lang: str) -> str:
    """An option and its value as Discord shows them filled in: ``ronda:2``."""
    return f"{_options(lang).get(option, option)}:{value}"


def _named_option(found: re.Match[str], lang: str) -> str:
    option, value = found["option"], found["value"]
    return _as_option(option, choice_word(option, value, lang) if value else "", lang)


def _command_at(found: re.Match[str], lang: str) -> tuple[str, str | None, int]:
    """The command (in English) a sentence names, in the console's words or already in the reader's, its
    subcommand (in English) if the next word is one, and where they end: a word after a command that is none of
    its subcommands is left to be read as its first argument."""
    english = _english(lang)
    name, sub = english[found["name"]][0], found["sub"]
    if sub is not None:
        pair = english.get(f"{found['name']} {sub}") or ((name, sub) if (name, sub) in _subcommands(lang) else None)
        if pair is not None:
            return name, pair[1], found.end()
    return name, None, found.end("name")


def _arguments(name: str, sub: str | None, text: str, at: int, lang: str) -> tuple[str, int]:
    """The console's positional arguments of ``/name sub`` written from ``at`` in ``text``, as Discord's options,
    and where they end."""
    slots = _slots()
    places = slots.get(f"{name} {sub}") or (slots.get(f"{name} *", ()) if sub else slots.get(name, ()))
    said: list[str] = []
    for place in places:
        for option, pattern, group in place:
            found = _slot(pattern, lang).match(text, at)
            if found is not None:
                value = found["value"] if "value" in found.re.groupindex else found[0][1:]
                value = "@Mesa" if value == "@mesa" else value  # the console's name for the bot Discord lists
                said.append(" " + _as_option(option, choice_word(group, value, lang), lang))
                at = found.end()
                break
        else:
            break
    return "".join(said), at


def in_discord_words(text: str, lang: str) -> str:
    """``text`` with each command it names (``/tournament withdraw``, ``/learn``) named as Discord shows it to a
    reader in ``lang``, and the arguments written after it (``kona hint``, ``round=2``) as the options they fill
    (``game:Kona step:hint``, ``round:2``); a command Discord does not have (the console's ``/moves``) is left as
    it is."""
    if lang not in LANGS:
        return text
    commands, subcommands, english = _commands(lang), _subcommands(lang), _english(lang)
    named = [found for found in _COMMAND.finditer(text) if found["name"] in english]
    out: list[str] = []
    at = 0
    for i, found in enumerate(named):
        name, sub, after = _command_at(found, lang)
        said = "/" + commands[name] + (f" {subcommands[(name, sub)]}" if sub else "")
        arguments, after = _arguments(name, sub, text, after, lang)
        clause = _CLAUSE_END.search(text, after)
        end = min(clause.start() if clause else len(text), named[i + 1].start() if i + 1 < len(named) else len(text))
        rest = _OPTION.sub(lambda m: _named_option(m, lang), text[after:end])
        out += [text[at:found.start()], said, arguments, rest]
        at = end
    out.append(text[at:])
    return "".join(out)
