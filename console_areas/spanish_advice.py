"""What a Spanish console says names its commands as a Spanish Discord shows them.

The service's sentences are shared by both front ends and name commands the console's way, in English in every
language ("Responde con /move JUGADA", "usa /tournament withdraw para dejarlo"); on Discord each reader sees them
with the names their own Discord lists (``cogs/command_words.py``).  The console takes the Spanish names too
(``console_areas/spanish.py``), and a console started with ``--lang es`` is a pretend Spanish Discord: its
posts, private messages and refusals name ``/mover``, ``/torneo retirarse``, ``/aprender kona pista``, and the
options after a command by their Spanish names and choices (``ronda=2``, ``puntuada=no``, ``nivel=difícil``).
:func:`in_spanish_names` rewrites a line so; the names come from the very tables the console reads them by, so
what it advises is what it takes.

Only a command the console has is renamed, at a slash that starts a word: a path (``docs/rules``), a fraction, a
quoted word, a command the user typed in the line being answered (said back in their words: "No se puede jugar
/resign", "/help lleva en o es") and the console's own help (which lists both names side by side) are left as
they are.
"""

from __future__ import annotations

import re
from functools import cache

from console_areas.spanish import (
    BUTTON_COMMANDS,
    CONSOLE_COMMANDS,
    DISCORD_COMMANDS,
    SAID_OPTIONS,
    SAID_VALUES,
    SUBCOMMANDS,
    WORDS,
)
from tables.learn import ANSWER_WORDS, HINT_WORDS, RESTART_WORDS

#: a command named at a slash that starts a word (not after a letter, another slash, a quote or a path's dot),
#: and the (at most two) words after it, where its subcommand or its words stand (``/tournament withdraw``,
#: ``/learn kona hint``, ``/draw accept``): neither another command nor an option (``round=2``)
_COMMAND = re.compile(r"(?<![\w/<:.\\'\"«“‘`])/(?P<name>[a-z][a-z-]*)(?![\w/-])"
                      r"(?P<args>(?: (?!/)(?!\S*=)[^\s.;,:()]+){0,2})")
#: where the options written after a command stop: its sentence's or its clause's end
_CLAUSE_END = re.compile(r"[.;\n]|: ")
#: an option written after a command as the console takes it, ``round=2``, ``level=hard``, ``rated=false``
_OPTION = re.compile(r"(?<![\w-])(?P<option>[a-z][a-z0-9_]*)=(?P<value>[a-z][a-z-]*(?![\w-]))?")


@cache
def _names() -> dict[str, str]:
    """Each command's English name -> the Spanish name a Spanish Discord lists (its command's, else its
    button's first words, else the console's own: ``abort`` -> ``cancelar``, ``moves`` -> ``jugadas``)."""
    names: dict[str, str] = {}
    for spanish, english in {**DISCORD_COMMANDS, **BUTTON_COMMANDS, **CONSOLE_COMMANDS}.items():
        names.setdefault(english, spanish)
    return names


@cache
def _words() -> dict[str, dict[str, str]]:
    """The words after each command in Spanish, by the command's English name (``tournament``: its
    subcommands; ``learn``: ``pista``, ``reiniciar``, ``responder``, as the Spanish lessons write them)."""
    words: dict[str, dict[str, str]] = {}
    for command, spanish_words in {**WORDS, **SUBCOMMANDS}.items():
        for spanish, english in spanish_words.items():
            words.setdefault(command, {}).setdefault(english, spanish.replace("-", "_"))
    words["learn"] = {english: spanish for english, spanish in (HINT_WORDS, RESTART_WORDS, ANSWER_WORDS)}
    return words


def in_spanish_names(line: str, typed: frozenset[str] = frozenset()) -> str:
    """``line`` with every command the console has named by its Spanish name, its subcommand and words in
    Spanish, and the options written after it (in its clause) by their Spanish names and choices; but not a
    command the user typed in the line being answered (``typed``: ``/move``, ``/resign``), which is said back as
    they wrote it ("/help lleva en o es", "No se puede jugar /resign")."""
    out: list[str] = []
    done = 0
    matches = list(_COMMAND.finditer(line))
    for k, match in enumerate(matches):
        english = match["name"]
        if english not in _names() or f"/{english}" in typed:
            continue
        out.append(line[done:match.start()])
        words = _words().get(english, {})
        args = "".join(f" {words.get(arg, arg)}" for arg in match["args"].split())
        out.append(f"/{_names()[english]}{args}")
        end = _CLAUSE_END.search(line, match.end())
        stop = min(end.start() if end else len(line), matches[k + 1].start() if k + 1 < len(matches) else len(line))
        out.append(_OPTION.sub(_spanish_option, line[match.end():stop]))
        done = stop
    return "".join(out) + line[done:] if out else line


def _spanish_option(match: re.Match[str]) -> str:
    option, value = match["option"], match["value"] or ""
    if option not in SAID_OPTIONS:
        return match[0]
    said = SAID_VALUES.get(option, {}).get(value, value).replace(" ", "_")
    return f"{SAID_OPTIONS[option]}={said}"
