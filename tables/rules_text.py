"""The players' rules texts, one source for every front end (issue 14).

The words live in the repository as markdown, next to each other so translators see them together:

    docs/rules/<game>.md          the full rules for players, English
    docs/rules/<game>.quick.md    the quick-start (fits one Discord embed), English
    docs/rules/es/<game>...       the same in Spanish

Another language is another folder under ``docs/rules``; a text missing in it falls back to English.
These are the players' rules; the specifications with rule numbers are ``docs/spec/<game>.md``.

A quick-start is read by players of every front end, and each front end has its own controls: Discord
has buttons (*My pieces*) and localized command names (``/mover``), the console has typed commands, which its
texts name in English in every language (``/mine``, ``/move``, ``/moves``, ``/auto``, ``/build``; it takes the
Spanish names too, ``console_areas.spanish``).  So a quick-start
file may mark what belongs to one front end (issue 28, item 19), and :func:`quickstart` keeps only the
reader's:

    discord: a whole line for Discord readers only
    console: a whole line for console readers only
    ... {discord:words for Discord|console:words for the console} ...   (inline; either part may be left
                                                                          out, words hold no ``{ } |``)

Everything not marked is for both.  The full rules are one text for both front ends (they name both).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, get_args

from engines import canonical_name

Front = Literal["discord", "console"]
#: the front ends a quick-start can be written for; the first is the default
FRONTS: tuple[Front, ...] = get_args(Front)
_FRONT_LINE = re.compile(r"^(discord|console): ?(.*)$")
_CHOICE = re.compile(r"\{((?:discord|console):[^{}|]*(?:\|(?:discord|console):[^{}|]*)*)\}")

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
#: Discord's limit for one embed description; every quick-start must fit (a test checks it)
EMBED_LIMIT = 4096


class RulesMissing(LookupError):
    """No text for that game in any language (a broken deployment, not a user error)."""


def rules_path(game: str, lang: str = "en", quick: bool = False, folder: Path = RULES_DIR) -> Path:
    """The file holding ``game``'s text in ``lang``, or the English one when ``lang`` has none.

    ``game`` may be an alias (``carpniches``); an unknown game raises ``KeyError`` with a sentence
    naming the games.
    """
    name = canonical_name(game)
    filename = f"{name}.quick.md" if quick else f"{name}.md"
    for base in ((folder / lang) if lang != "en" else folder, folder):
        if (base / filename).is_file():
            return base / filename
    raise RulesMissing(str(folder / filename))


def quickstart(game: str, lang: str = "en", folder: Path = RULES_DIR, *, front: Front = "discord") -> str:
    """A short quick-start for ``/rules GAME``, markdown, at most :data:`EMBED_LIMIT` characters, as the
    reader of ``front`` sees it (its controls, its command names: :func:`for_front`)."""
    return for_front(rules_path(game, lang, quick=True, folder=folder).read_text(encoding="utf-8"), front).strip()


def for_front(text: str, front: Front) -> str:
    """``text`` with the lines and phrases marked for another front end left out, and the marks of
    ``front``'s own taken off (the syntax is in the module's docstring)."""
    if front not in FRONTS:
        raise ValueError(f"unknown front end {front!r}: choose one of {', '.join(FRONTS)}")

    def choose(match: re.Match[str]) -> str:
        for part in match.group(1).split("|"):
            name, _, words = part.partition(":")
            if name == front:
                return words
        return ""

    kept = []
    for line in text.splitlines():
        marked = _FRONT_LINE.match(line)
        if marked:
            if marked.group(1) != front:
                continue
            line = marked.group(2)
        kept.append(_CHOICE.sub(choose, line))
    return "\n".join(kept)


def full_rules(game: str, lang: str = "en", folder: Path = RULES_DIR) -> str:
    """The players' full rules for ``/rules GAME full``, markdown."""
    return rules_path(game, lang, folder=folder).read_text(encoding="utf-8")


_PICTURE = re.compile(r"^!\[([^\]]*)\]\(([^)\s]+)\)\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\((?!https?://)[^)\s]+\)")
_REPO_PATH = re.compile(r"`(?:docs|tables)/[\w./-]+`")
#: the word before a picture's number and caption, by language ("Picture 1: The start…")
PICTURE_WORD = {"en": "Picture", "es": "Imagen"}


def for_reading(game: str, lang: str = "en", folder: Path = RULES_DIR) -> tuple[str, list[Path]]:
    """The full rules as a player reads them in a chat or a terminal, with the pictures they show: each picture
    (markdown ``![caption](file)``, which neither Discord nor a terminal draws) becomes a line "*Picture 1: the
    caption*" and its file is listed, in order; a link to a file of the repository keeps its words only; and a
    sentence pointing to the repository's files (the course's source, the specification) is left out, as a
    player of the bot has no repository to open."""
    path = rules_path(game, lang, folder=folder)
    word = PICTURE_WORD.get(lang, PICTURE_WORD["en"])
    lines: list[str] = []
    pictures: list[Path] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        picture = _PICTURE.match(line)
        if picture:
            file = (path.parent / picture.group(2)).resolve()
            if file.is_file():
                pictures.append(file)
                lines.append(f"*{word} {len(pictures)}: {picture.group(1)}*")
            continue
        line = _LINK.sub(r"\1", line)
        if _REPO_PATH.search(line):
            line = re.sub(r" ?\([^()]*" + _REPO_PATH.pattern + r"[^()]*\)", "", line)  # "(the course: `…`)"
            if _REPO_PATH.search(line):  # a sentence about a file: not for a player
                continue
        lines.append(line)
    return "\n".join(lines).strip(), pictures


def captions(game: str, lang: str = "en", folder: Path = RULES_DIR) -> list[str]:
    """Each picture's caption, in the order ``for_reading`` lists their files: their alt text on Discord."""
    path = rules_path(game, lang, folder=folder)
    found = (_PICTURE.match(line) for line in path.read_text(encoding="utf-8").splitlines())
    return [m.group(1) for m in found if m and (path.parent / m.group(2)).resolve().is_file()]


def pages(text: str, limit: int = EMBED_LIMIT) -> list[str]:
    """``text`` cut into pages of at most ``limit`` characters, between sections or paragraphs when
    possible, so a long document can go out as several Discord embeds."""
    out: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        piece = block if not current else "\n\n" + block
        if len(current) + len(piece) <= limit:
            current += piece
            continue
        if current:
            out.append(current)
        while len(block) > limit:  # a single paragraph longer than a page: cut at a line, else hard
            cut = block.rfind("\n", 0, limit)
            cut = cut if cut > 0 else limit
            out.append(block[:cut])
            block = block[cut:].lstrip("\n")
        current = block
    if current:
        out.append(current)
    return out
