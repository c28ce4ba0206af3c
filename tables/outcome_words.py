"""How a game ended, what happened on the way, and the moves themselves, as sentences with the players'
names (issues 14 and 28) — for every game alike.

The engine reports a reason code (``Outcome.reason``) and its facts (``Outcome.extra``, ``scores``);
the words are catalogue entries ``outcome.<game>.<reason>`` (spaces in the code written ``_``), or
``outcome.<game>.<reason>.<side>`` when the facts name a side whose words differ (Kona's animals,
Krakatoa's teams).  Nothing here knows a game: a new game only adds catalogue entries.

Moves are told the same way (``deed``): ``Engine.move_words`` gives a code and public facts, the words
are ``move.<game>.<code>`` (or ``move.any.<code>``, the notation where it reads fine); a game without
words for a code is told in its public notation.

Params every sentence may use: ``winners``, ``losers``, ``everyone`` (lists of names, said as
"Ana and Cy" / "Ana y Cy"), ``score`` and ``second`` (the best total and the best total of the
others, when the game keeps scores), ``standings_line`` (" Standings: 1. Cy · 2. Ana · 3. Ben" with
three or more players, else empty), and every fact of ``Outcome.extra``; a fact ``<name>_seat``
becomes ``<name>``, that seat's player's name.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol

from engines import Engine
from tables.i18n import EN, Clauses, Count, Counts, Deed, Names, Phrase, Told, t


def outcome_key(game: str, reason: str, facts: Mapping[str, Any]) -> str | None:
    """The catalogue key for this ending, or None when the catalogue has no sentence for it."""
    base = f"outcome.{game}.{reason.replace(' ', '_')}"
    side = facts.get("side")
    shared = f"outcome.any.{reason.replace(' ', '_')}"  # an ending every game shares (the hard ply bound)
    for key in ((f"{base}.{side}",) if side else ()) + (base, shared):
        if key in EN:
            return key
    return None


def outcome_params(names: Sequence[str], places: Sequence[int], facts: Mapping[str, Any],
                   scores: Sequence[int] = ()) -> dict[str, Any]:
    """The sentence's params from the seats' names, their final places and the engine's facts."""
    winners = [n for n, p in zip(names, places, strict=False) if p == 1]
    losers = [n for n, p in zip(names, places, strict=False) if p != 1]
    params: dict[str, Any] = {"winners": Names(winners), "losers": Names(losers), "everyone": Names(names)}
    for name, value in facts.items():
        if name.endswith("_seat") and isinstance(value, int) and 0 <= value < len(names):
            params[name[: -len("_seat")]] = names[value]
        elif name != "side":
            params[name] = value
    if scores and len(scores) == len(names):
        # the winners' score against the runner-up's, by the places: a seat that left is placed last whatever its
        # score ("Ana wins on 153 points to 145" named a resigned player's 145, placed below Ben's 108)
        params["score"] = max((s for s, p in zip(scores, places, strict=False) if p == 1), default=max(scores))
        runner_up = min((p for p in places if p != 1), default=None)
        params["second"] = max(s for s, p in zip(scores, places, strict=False) if p == runner_up) \
            if runner_up is not None else params["score"]
    standings = ""
    if len(names) > 2:
        order = sorted(range(len(names)), key=lambda s: places[s])
        with_scores = bool(scores) and len(scores) == len(names)
        standings = " · ".join(
            f"{places[s]}. {names[s]}" + (f" {scores[s]}" if with_scores else "") for s in order)
    params["standings_line"] = Phrase("outcome.standings", {"standings": standings}) if standings else ""
    return params


def named_facts(names: Sequence[Any], facts: Mapping[str, Any], game: str = "") -> dict[str, Any]:
    """An engine's facts as params: ``<name>_seat`` becomes ``<name>`` (that player's name),
    ``<name>_seats`` a list of names, ``<name>_count`` a number of the noun ``count.<name>``
    (``points_count`` 14: "14 points"), ``<name>_list`` pairs of (number, noun) said as one list
    (``[[1, "plateau_rr"], [2, "plateau_xx"]]``: "1 Red and 2 Mutes"), ``<name>_term`` one of the
    game's words, ``term.<game>.<value>`` ("red"), said in the reader's language, and ``<name>_terms`` a list
    of them said as one ("a poodle, a capybara and a poodle"), ``<name>_placed`` pairs of a place and such a term
    ("a3 white, b3 red and c3 blue"), ``<name>_onward`` pairs of a square and the count going on from it (a
    Plateau move's stops, PL-5.5: "c2 (on with 2) and b3 (on with 1)"); other facts stay as they are."""
    params: dict[str, Any] = {}
    for name, value in facts.items():
        if name.endswith("_seat") and isinstance(value, int) and 0 <= value < len(names):
            params[name[: -len("_seat")]] = names[value]
        elif name.endswith("_seats") and isinstance(value, list | tuple):
            params[name[: -len("_seats")]] = Names(names[v] for v in value if 0 <= v < len(names))
        elif name.endswith("_count") and isinstance(value, int) and f"count.{name[: -len('_count')]}" in EN:
            params[name[: -len("_count")]] = Count(value, name[: -len("_count")])
        elif name.endswith("_list") and isinstance(value, list | tuple) and all(
                isinstance(pair, list | tuple) and len(pair) == 2 and f"count.{pair[1]}" in EN for pair in value):
            params[name[: -len("_list")]] = Counts(Count(int(n), str(noun)) for n, noun in value)
        elif name.endswith("_term") and f"term.{game}.{value}" in EN:
            params[name[: -len("_term")]] = Phrase(f"term.{game}.{value}")
        elif name.endswith("_terms") and isinstance(value, list | tuple) and all(
                f"term.{game}.{v}" in EN for v in value):
            params[name[: -len("_terms")]] = Clauses(Phrase(f"term.{game}.{v}") for v in value)
        elif name.endswith("_placed") and isinstance(value, list | tuple) and all(
                isinstance(pair, list | tuple) and len(pair) == 2 and f"term.{game}.{pair[1]}" in EN for pair in value):
            params[name[: -len("_placed")]] = Clauses(
                Phrase("picture.any.placed", {"place": str(place), "piece": Phrase(f"term.{game}.{term}")})
                for place, term in value)
        elif name.endswith("_onward") and isinstance(value, list | tuple) and all(
                isinstance(pair, list | tuple) and len(pair) == 2 and isinstance(pair[1], int) for pair in value):
            params[name[: -len("_onward")]] = Clauses(
                Phrase("onward.stop", {"square": str(square), "n": n}) for square, n in value)
        else:
            params[name] = value
    return params


def gone_clauses(departed: Sequence[tuple[str, str]]) -> Clauses:
    """Who left before the end and how (``tables.endings.departures``), one clause each: "Ben resigned and Ana
    ran out of time" (``gone.resign``, ``gone.time``: each its own verb, Spanish included)."""
    return Clauses(Phrase(f"gone.{how}", {"name": name}) for name, how in departed)


def event_key(game: str, code: str) -> str | None:
    """The catalogue key of an event an engine reported (``Engine.events``), if the catalogue has it."""
    key = f"event.{game}.{code}"
    return key if key in EN else None


def events_said(engine: Engine, table: int, title: str, names: Sequence[str], moves: Sequence[tuple[Any, Any]],
                final: Any, words: str = "event", gone: Collection[int] = ()) -> list[Phrase]:
    """What ``moves`` (each ``(before, move)``, in order, ``final`` the state after the last) made happen
    (``Engine.events``), each a sentence with names (``<words>.<game>.<code>``: ``event.`` as boards say
    them), in the order they happened; an event without such words is left unsaid, and so is the elimination
    of a seat in ``gone`` (its player left the game, by time or resignation, and was told so: the rules putting
    the seat they left out later is no news, K3-7.1)."""
    said: list[tuple[Phrase, Any]] = []
    afters = [before for before, _ in moves[1:]] + [final] if moves else []
    for (before, move), after in zip(moves, afters, strict=True):
        for code, facts in engine.events(before, move, after):
            if code == "eliminated" and facts.get("out_seat") in gone:
                continue
            key = event_key(engine.name, code) if words == "event" else f"{words}.{engine.name}.{code}"
            if key is not None and key in EN:
                said.append((Phrase(key, {"table": table, "game": title, **named_facts(names, facts, engine.name)}),
                             facts.get("round")))
    if len({round_ for _, round_ in said if round_ is not None}) > 1:
        # events of more than one round in one telling (a stretch the clock played out, KR-4.2): each says its
        # round, or "Cy hit nothing on throw 4" twice would read as one throw told twice
        return [phrase if round_ is None else Phrase("event.any.in_round", {"round": round_, "event": phrase})
                for phrase, round_ in said]
    return [phrase for phrase, _ in said]


def move_key(game: str, code: str) -> str | None:
    """The catalogue key of a move's words (``Engine.move_words``), the game's own before every game's."""
    for key in (f"move.{game}.{code}", f"move.any.{code}"):
        if key in EN:
            return key
    return None


def deed(engine: Engine, before: Any, move: Any, who: str, names: Sequence[str]) -> Deed:
    """A move as players are told it (``who``: the mover's name, "" for chance): the engine's code and
    public facts in the catalogue's words, else its public notation."""
    code, facts = engine.move_words(before, move)
    key = move_key(engine.name, code)
    if key is None:  # a game without words for this code: its public notation
        key, facts = "move.any.notation", {"move": engine.public_move(before, move)}
    if key == "move.any.notation" and not who:  # chance has no one to have "played" it
        key = "move.any.chance"
    return Deed(who, Phrase(key, named_facts(names, facts, engine.name)))


def history_news(engine: Engine, before: Any, move: Any, after: Any, names: Sequence[str],
                 gone: Collection[int] = ()) -> tuple[Phrase, ...]:
    """What a move made happen that ``/history`` tells beside it: the events with ``history.event.<game>.<code>``
    words (a K3 player out, K3-7.1, unless they had left the game: ``gone``); the others a board says are told by
    the moves themselves (a K3 penalty by the steal that follows)."""
    return tuple(events_said(engine, 0, "", names, [(before, move)], after, words="history.event", gone=gone))


class _Recorded(Protocol):
    """A logged move as ``/history`` lists it (``tables.queries.MoveRecord``)."""

    @property
    def ply(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def words(self) -> Deed | None: ...
    @property
    def goes_on(self) -> bool: ...
    @property
    def news(self) -> tuple[Phrase, ...]: ...


def history_moves(records: Sequence[_Recorded], lang: str, notation: bool = False) -> str:
    """A table's moves for ``/history table=N``, both front ends: in words by default, as the boards
    told them, each player's turn (with the chance it set off) one numbered entry, "5. Cy played Na6-f2 ·
    6–8. Ana threw all nine dice (14 points) and kept them" (a move starts a new entry unless the engine
    says it goes on with its player's turn, ``MoveRecord.goes_on``: a Krakatoa throw-off throw and the
    same player's next turn are entries of their own); with ``notation`` the
    record itself, ``1.chance:base:…`` (what developers and the rules' readers want)."""
    if notation or any(r.words is None for r in records):
        listed = " ".join(f"{r.ply}.{r.player or 'chance'}:{r.text}" for r in records)
        return listed or t("history.no_moves", lang)
    entries: list[tuple[int, int, list[Deed], list[Phrase]]] = []  # first ply, last ply, what was done, news
    for r in records:
        said = r.words
        assert said is not None
        if entries and entries[-1][2][0].who and (not said.who or (said.who == entries[-1][2][0].who and r.goes_on)):
            first, _, deeds, news = entries[-1]  # the same player's turn goes on, or chance answers their move
            entries[-1] = (first, r.ply, [*deeds, said], [*news, *r.news])
        else:
            entries.append((r.ply, r.ply, [said], list(r.news)))
    # an entry of several moves is numbered by its first and last, so that every move number (a review's
    # "Move 23") can be found in the list; what the moves made happen follows them in brackets
    return " · ".join(t("history.entry.news" if news else "history.entry", lang,
                        ply=str(first) if first == last else f"{first}–{last}", told=Told(deeds),
                        news=Clauses(news)) for first, last, deeds, news in entries) or t("history.no_moves", lang)
