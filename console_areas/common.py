"""What the console (``console.py``) and its areas share: the pretend server, the console's language, and
numbers as typed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from tables import Message, TableError, TableService
from tables.i18n import Sentences
from tables.move_choices import LegalMoves
from tables.store import Clock
from tables.table_options import variant_parts

#: the console's one pretend server and channel, and the language it speaks unless told another (``--lang es``;
#: a learner may read the lessons in another: ``console_areas.lessons``)
GUILD_ID = 1
CHANNEL_ID = 1
LANG = "en"


class Terminal(Protocol):
    """What an area uses of the console (``console.Console``): the service, the pretend clock, the names seen,
    and printing.  The areas depend on this rather than on ``console.py``, which builds them: no import circle."""

    service: TableService
    names: dict[int, str]  # user id -> their name as first typed
    out_dir: Path | None  # where pictures are written; None: no pictures (or the folder stopped taking them)
    describe: bool  # --describe: each picture in words under its post
    lang: str  # --lang: the language the pretend server and its users speak

    @property
    def clock(self) -> Clock:
        """The pretend clock (``/clock +3d`` moves it)."""

    def write(self, line: str) -> None: ...

    def lines(self, prefix: str, text: str, suffix: str = "", lang: str | None = None) -> None:
        """``text`` printed line by line under ``prefix`` (``[dm Ana]``), ``suffix`` after its last line; said in
        ``lang`` when it is not the console's (the commands it names by that language's names)."""

    def show(self, messages: Iterable[Message]) -> None:
        """The service's messages printed as Discord would post them."""

    def save_image(self, image: bytes | None, stem: str) -> str:
        """A picture written to the out folder: `` (image: PATH)`` to print after its post (``imagen`` in Spanish),
        or ``""``."""

    def save_file(self, data: bytes, filename: str) -> str:
        """A file written to the out folder: `` (image: PATH)``, or ``""``."""

    def described(self, prefix: str, alt: Sentences, lang: str | None = None) -> None:
        """With ``--describe``: a picture in words under its post."""

    def named(self, word: str) -> tuple[int, str]:
        """``@NAME`` -> (that user's id, their name as first seen)."""

    def with_spaces(self, words: list[str]) -> list[str]:
        """``@Ana Maria`` as one word when that name has been seen."""

    def someone(self, word: str, uid: int, name: str) -> tuple[int, str]:
        """``@NAME`` -> that user; anything else -> the caller."""

    def list_moves(self, name: str, where: str, moves: list[str], page_text: str, lang: str = LANG,
                   said_by: LegalMoves | None = None) -> None:
        """``/moves [PAGE|TEXT]``: moves listed one page at a time, or those matching TEXT."""


def shown(words: str) -> str:
    """Words a user typed, as a refusal quotes them: at most 30 characters."""
    return words[:30] + ("…" if len(words) > 30 else "")


def table_number(text: str, usage: str = "table=N") -> int:
    """A table number as typed (``3`` or ``#3``), checked before it goes anywhere near storage; a
    refusal shows ``usage`` (``/replay N``) with an example."""
    digits = text.strip().lstrip("#")
    if not re.fullmatch(r"[0-9]{1,18}", digits) or int(digits) == 0:
        raise TableError("console.table_number", text=text.strip()[:20] + ("…" if len(text.strip()) > 20 else ""),
                         usage=usage, example=usage.replace("N", "3"))
    return int(digits)


def typed_number(text: str, what: str, usage: str) -> int:
    """A tournament's or a round's number as typed (``2``, ``#2``), checked before it reaches storage."""
    digits = text.strip().lstrip("#")
    if not re.fullmatch(r"[0-9]{1,9}", digits) or int(digits) == 0:
        raise TableError("console.number", text=text.strip()[:20] + ("…" if len(text.strip()) > 20 else ""),
                         what=what, usage=usage, example=usage.replace("N", "2"))
    return int(digits)


def variant_options(text: str) -> dict[str, str]:
    """Discord's ``variant`` option as /play reads it: the game's options, ``option=value`` separated by commas (or
    semicolons), ``variant:"preset=basic, teams=true"``; anything else is refused, and nothing is opened."""
    out: dict[str, str] = {}
    try:
        parts = variant_parts(text)  # as Discord's variant reads it
    except ValueError:
        parts = [("", "")]
    for key, value in parts:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key):
            raise TableError("console.bad_variant", text=shown(text[:60]))
        key = key.lower().replace("-", "_")
        if key in out:
            raise TableError("console.option_twice", option=key[:40])
        out[key] = value
    return out
