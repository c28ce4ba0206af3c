"""Outbox messages: what the service asks a front end (Discord cogs, the console) to deliver.

The service never builds sentences: each message carries a translation key and plain params
(``tables.i18n.t(key, lang, **params)`` makes the text), an optional PNG image, and ids.  Messages
are frozen dataclasses so a front end can queue, log and retry them safely.  None of them ever
carries a table's seed, and public ones only carry the spectator view's content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.base import QuickMove
from tables.i18n import Phrase, Sentences

#: PublicPost.kind values
INVITE = "invite"
BOARD = "board"
RESULT = "result"
INFO = "info"

#: PublicPost.offers values: controls a board may carry besides the move picker
MINE = "mine"  # "My pieces": the game has private information now
DRAW = "draw"  # the game has draw offers
QUICK = "quick"  # the actor's moves as buttons (``PublicPost.quick``)
HINT = "hint"  # a Hint button for the player to move (issue 30: unrated, against Mesa alone)
CANCEL = "cancel"  # the opening board, before anyone moved: the host may still cancel the table (``/abort``)
REVIEW = "review"  # a result whose game Mesa's review has something to say of (issue 32): someone moved, and the
#                    end showed every secret (a K3 game ended while pyramids were built keeps them, K3-10)


@dataclass(frozen=True)
class PublicPost:
    """A message for the table's thread (or channel, before the thread exists).

    ``mention``: user ids to ping (the players to act); ``components_hint``: which controls the
    front end should attach — ``"invite"`` (accept/decline), ``"join"`` (join/start), ``"move"``
    (move picker), ``"build"`` (moves too many to list, K3 building: a proposed move to confirm),
    ``"draw"`` (accept/decline a draw offer), or None; ``version``: the table version the post
    shows, which buttons carry so a stale click is refused; ``offers``: what else a board may carry
    (``MINE``, ``DRAW``, ``QUICK``), from the game's description, so front ends know no game.

    A board carries what its controls need, so delivering it never calls the service back: ``quick``,
    the moves of the first player mentioned as controls (games with ``QUICK``), and ``mesa_next``,
    whether a Mesa seat acts next at this table (the front end then lets Mesa move:
    ``tables.follow``).
    """

    table_id: int
    kind: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    image: bytes | None = None
    mention: tuple[int, ...] = ()
    components_hint: str | None = None
    version: int = 0
    offers: frozenset[str] = frozenset()
    quick: tuple[QuickMove, ...] = ()
    mesa_next: bool = False
    #: the picture in words, its alt text (``tables.picture_words``): the front end says it in the reader's language
    alt: Sentences = field(default_factory=Sentences)


@dataclass(frozen=True)
class PrivatePost:
    """A player's private view (Plateau faces, K3 arrangement), for that player's eyes only; ``alt`` its
    picture in words, from that player's view."""

    table_id: int
    user_id: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    image: bytes | None = None
    alt: Sentences = field(default_factory=Sentences)


@dataclass(frozen=True)
class Reminder:
    """A nudge to a player whose deadline approaches (delivered privately).

    ``version`` and ``kind`` name the stored reminder: once it is delivered, the front end confirms it
    with ``TableService.reminder_delivered(table_id, user_id, version, kind)``, and until then it is
    handed out again (issue 29: at least once).  ``kind`` is empty for a nudge nothing stores.
    """

    table_id: int
    user_id: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    kind: str = ""


@dataclass(frozen=True)
class TableFinished:
    """A table ended: results are stored; front ends may archive the thread, update boards, ..."""

    table_id: int
    guild_id: int
    game: str
    outcome: str
    reason: str
    placements: tuple[int, ...] = ()
    user_ids: tuple[int, ...] = ()
    rated: bool = True


@dataclass(frozen=True)
class MovePlayed:
    """The mover's own move as recorded (``move``, canonical) and as they wrote it (``typed``): a front end
    confirms it to the mover, and says so when the two differ (issue 28: on Krakatoa's Steam ``YBB``,
    ``aim s3 hard`` is recorded as ``aim s2 hard``, one target, KR-10.3), and what the move did in the mover's own
    words where the game has them (``does``: "Open on d3: your Red Mask, blank face up, on your Blue Mask", which
    the board hides, PL-9.5), and its sketch where it has one (``sketch``: a K3 pyramid as built, ``move_sketch``).
    Nothing to post publicly."""

    table_id: int
    user_id: int
    move: str
    typed: str
    does: Phrase | None = None
    sketch: str = ""

    @property
    def as_typed(self) -> bool:
        """Whether the record is what the player wrote, give or take case, spaces and a phone's dashes."""
        def plain(text: str) -> str:
            return " ".join(text.lower().replace("\u2013", "-").replace("\u2014", "-").split())

        return plain(self.move) == plain(self.typed)


#: ``TournamentPost.announces`` of the warning that an idle event closes unstarted (``tables.tournament_idle``)
WARNING = -1


@dataclass(frozen=True)
class TournamentPost:
    """A tournament's announcement (issue 31) for its channel: created, a round paired, the final standings.

    ``mention``: only the players concerned (those paired in the round announced; the winners at the
    end); ``params`` may hold ``Lines`` of pairings or standings, said in the reader's language.
    ``table_id`` is 0: the post belongs to no table (front ends that sort messages by table put it apart).
    ``announces``: the round this post announces (0: the final standings; ``WARNING``: the warning that an event
    no one starts closes in a day), which the front end confirms once it is delivered
    (``service.tournaments.announced(post)``); until then the sweep hands it out again (at least once, as a
    ``Reminder``).  None for a post nothing stores (a command's answer).
    """

    tournament_id: int
    guild_id: int
    channel_id: int
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    mention: tuple[int, ...] = ()
    table_id: int = 0
    announces: int | None = None


Message = PublicPost | PrivatePost | Reminder | TableFinished | MovePlayed | TournamentPost
