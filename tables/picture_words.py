"""A board picture in words: its alt text, for a reader who cannot see it (a screen reader, a picture that did
not load on a phone), in the reader's language.

The engine says what a view shows as facts (``Engine.view_words``, read from the very view the picture is
drawn from, so a public picture's words hold no secret and a private picture's words only its seat's); the
words are the catalogues' ``picture.<game>.<code>`` sentences, and ``named_facts`` turns the facts into params
as it does for moves.  A code without words is left unsaid.  Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines import Engine, get_engine
from tables.i18n import EN, Name, Names, Phrase, Sentences
from tables.outcome_words import named_facts


def picture_words(engine: Engine, view: Mapping[str, Any], names: Sequence[Any]) -> Sentences:
    """What the picture of ``view`` shows, one sentence per fact, in the order the engine gives them (its details
    after a lesson's ringed places, so that a cut to Discord's limit loses them first); ``names``
    by seat, each a name or a ``Phrase`` said in the reader's language (a lesson's "Player 2"); a name is said as a
    ``Name``, which a front end short of room may shorten."""
    names = [Name(n) if isinstance(n, str) else n for n in names]  # marked: a front end short of room may shorten
    game = engine.name
    description = getattr(engine, "description", None)
    details = set(description.detail_words) if description is not None else set()
    sentences: list[Phrase] = []
    last: list[Phrase] = []
    for code, facts in engine.view_words(view):
        key = f"picture.{game}.{code}"
        if key in EN:
            (last if code in details else sentences).append(Phrase(key, named_facts(names, facts, game)))
    marks = view.get("marks")  # a lesson's rings round the squares, slots or dice its step is about (tables.learn)
    if isinstance(marks, list | tuple) and marks:
        sentences.append(Phrase("picture.any.marks", {"marks": Names(_mark(str(m), names) for m in marks)}))
    return Sentences(sentences + last)  # the details last (``GameDescription.detail_words``): a cut loses them first


def _mark(mark: str, names: Sequence[Any]) -> Any:
    """One ringed place as a reader hears it: a square or die as named (``d2``, ``s1``), a place of one seat's own
    (``0:a6``, K3's pyramid slots: the seat, a colon, the slot) as that player's ("Player 1 (you)'s a6")."""
    seat, colon, place = mark.partition(":")
    if colon and seat.isdigit() and int(seat) < len(names):
        return Phrase("picture.any.mark_of", {"mark": place, "player": names[int(seat)]})
    return mark


def replay_words(game: str, views: Sequence[Mapping[str, Any]], names: Sequence[Any], frames: int) -> Sentences:
    """A replay's words (``/replay``'s GIF of ``frames`` pictures, public views only): how many pictures it shows,
    then its last one, the final position, in words."""
    if not views:
        return Sentences()
    lead = Phrase("picture.any.replay", {"frames": frames})
    return Sentences([lead, *picture_words(get_engine(game), views[-1], names)])
