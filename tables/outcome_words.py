"""How a game ended, and what happened on the way, as sentences with the players' names (issue 14) —
for every game alike.

The engine reports a reason code (``Outcome.reason``) and its facts (``Outcome.extra``, ``scores``);
the words are catalogue entries ``outcome.<game>.<reason>`` (spaces in the code written ``_``), or
``outcome.<game>.<reason>.<side>`` when the facts name a side whose words differ (Kona's animals,
Krakatoa's teams).  Nothing here knows a game: a new game only adds catalogue entries.

Params every sentence may use: ``winners``, ``losers``, ``everyone`` (lists of names, said as
"Ana and Cy" / "Ana y Cy"), ``score`` and ``second`` (the best total and the best total of the
others, when the game keeps scores), ``standings_line`` (" Standings: 1. Cy · 2. Ana · 3. Ben" with
three or more players, else empty), and every fact of ``Outcome.extra``; a fact ``<name>_seat``
becomes ``<name>``, that seat's player's name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tables.i18n import EN, Names, Phrase


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
        params["score"] = max(scores)
        others = [s for s, p in zip(scores, places, strict=False) if p != 1]
        params["second"] = max(others) if others else max(scores)
    standings = ""
    if len(names) > 2:
        order = sorted(range(len(names)), key=lambda s: places[s])
        with_scores = bool(scores) and len(scores) == len(names)
        standings = " · ".join(
            f"{places[s]}. {names[s]}" + (f" {scores[s]}" if with_scores else "") for s in order)
    params["standings_line"] = Phrase("outcome.standings", {"standings": standings}) if standings else ""
    return params


def named_facts(names: Sequence[str], facts: Mapping[str, Any]) -> dict[str, Any]:
    """An engine's facts as params: ``<name>_seat`` becomes ``<name>`` (that player's name) and
    ``<name>_seats`` a list of names said in the reader's language; other facts stay as they are."""
    params: dict[str, Any] = {}
    for name, value in facts.items():
        if name.endswith("_seat") and isinstance(value, int) and 0 <= value < len(names):
            params[name[: -len("_seat")]] = names[value]
        elif name.endswith("_seats") and isinstance(value, list | tuple):
            params[name[: -len("_seats")]] = Names(names[v] for v in value if 0 <= v < len(names))
        else:
            params[name] = value
    return params


def event_key(game: str, code: str) -> str | None:
    """The catalogue key of an event an engine reported (``Engine.events``), if the catalogue has it."""
    key = f"event.{game}.{code}"
    return key if key in EN else None
