"""The service's sentences name commands as the console spells them; Discord shows each reader its own names.

The service's catalogue (``tables.i18n``) is shared by both front ends, so its advice names commands the
console's way, in English in every language: "usa /tournament withdraw para dejarlo", "/learn kona restart",
"/tournament pairings 3 round=2".  Discord shows a Spanish reader the same commands localised
(``cogs.translator``): ``/torneo retirarse``, ``/aprender``, ``/abandonar``, with the options ``ronda``, ``juego``.
Advice naming a command the reader cannot find in their command list is advice they cannot follow, so
every sentence of the service's on its way to Discord passes through :func:`in_discord_words`, which names
the commands, their subcommands and the options written after them (``round=2`` -> ``ronda=2``, with a
value from a choice list as the list shows it: ``format=swiss`` -> ``formato=suizo``) as the reader's Discord
does.  The names come from the same catalogue the translator registers
(``cogs.i18n_discord``), so the advice and the command list cannot drift apart.

Only what the service wrote is rewritten: a name or title a user typed has been made inert first
(``cogs.plain.plain``: a zero-width space after a slash that starts a word), so "/play night" as a
tournament's title stays as its organiser wrote it.
"""

from __future__ import annotations

import re
from functools import cache

from cogs.i18n_discord import EN, LANGS, t

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
#: an option written after a command, ``round=2``, ``format=swiss``: its name and its value
_OPTION = re.compile(r"(?<![\w-])(?P<option>[a-z][a-z_]*)=(?P<value>[a-z][a-z-]*(?![\w-]))?")


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
def _options(lang: str) -> dict[str, str]:
    """Each option's English name -> its name in ``lang`` (``round`` -> ``ronda``)."""
    return {name: t(key, lang) for key, name in EN.items()
            if key.startswith("opt.") and key.count(".") == 1}


def _choice(option: str, value: str, lang: str) -> str:
    """``value`` of ``option`` as the reader's choice list shows it, without its gloss (``swiss`` -> ``suizo``,
    ``round-robin`` -> ``liga``, from "liga (todos contra todos)"); a value without a choice as it is."""
    key = f"choice.{option}.{value}"
    return t(key, lang).split(" (")[0] if key in EN else value


def _option(found: re.Match[str], lang: str) -> str:
    option, value = found["option"], found["value"]
    said = _options(lang).get(option, option) + "="
    return said + (_choice(option, value, lang) if value else "")


def in_discord_words(text: str, lang: str) -> str:
    """``text`` with each command it names (``/tournament withdraw``, ``/learn``) and the options written after
    it (``round=2``) named as Discord shows them to a reader in ``lang``; English leaves the words as they are,
    and so does a command Discord does not have (the console's ``/moves``)."""
    if lang not in LANGS or lang == "en":
        return text
    commands, subcommands = _commands(lang), _subcommands(lang)
    named = [found for found in _COMMAND.finditer(text) if found["name"] in commands]
    out: list[str] = []
    at = 0
    for i, found in enumerate(named):
        name, sub = found["name"], found["sub"]
        said = "/" + commands[name]
        if sub is not None:
            said += " " + subcommands.get((name, sub), sub)
        clause = _CLAUSE_END.search(text, found.end())
        end = min(clause.start() if clause else len(text), named[i + 1].start() if i + 1 < len(named) else len(text))
        rest = _OPTION.sub(lambda m: _option(m, lang), text[found.end():end])
        out += [text[at:found.start()], said, rest]
        at = end
    out.append(text[at:])
    return "".join(out)
