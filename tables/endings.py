"""The final picture of a table, whatever ended it (issue 14 and issue 16, one mechanism).

A game the rules ended carries its result in the engine's own view (``outcome``, ``winners``,
``reason``) and the renderer says it in words.  A game ended outside the rules — a resignation, a
time-out, an agreed draw, an abort — is not the engine's to describe: the engine gives the view of
that moment with nobody to move and every secret shown (``Engine.final_view``, PL-8.6), and the
tables layer gives the renderer a ``result`` (``render.render``'s argument) from what it stored:
the reason code and the placings.  The texts say the same ending with their own catalogue
sentences (``tables.i18n``); nothing here is words.

Both the table's thread (``tables.service``) and the replay (``tables.leaderboard``) draw the last
picture through ``final_picture``, so they always agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from data.models import SeatRow, StoredOutcome
from engines import Engine

#: the tables layer's reason codes for endings outside the rules (``render.theme.ENDINGS`` words)
RESIGN, TIME, AGREEMENT, ABORT, ABANDONED = "resign", "time", "agreement", "abort", "abandoned"
#: a partner who went out with the player who left (KR-6.2: a team is one side), not by their own act
PARTNER = "partner"
#: a game of three or more the rules ended with only the seats of players who had left still in it (resigned
#: or timed out, their moves played automatically): the rules' winner is one of them, yet those seats are
#: placed below everyone who played on, so first place goes to one who did not win by the rules (K3-7.2's
#: "last player in" was a seat played for a player who had gone); the engine's words would name the wrong one
OUTLASTED = "outlasted"
#: a tournament player out of the event (withdrawn, removed by the organiser, gone from the server): their game in
#: play is lost as a resignation is, yet they did not resign it (``Tournaments._stop``)
FORFEIT = "forfeit"
#: how a seat leaves a game before its end (``SeatRow.out_reason``)
GONE = (RESIGN, TIME, FORFEIT, PARTNER)
#: endings outside the rules that the words say as such (an abort counts nothing and has words of its own)
OUTSIDE_ENDINGS = (TIME, RESIGN, FORFEIT, AGREEMENT)


def departures(seats: Sequence[SeatRow], reason: str | None = None, places: Sequence[int] | None = None, *,
               partners: bool = True, names: Mapping[int, str] | None = None) -> list[tuple[str, str]]:
    """(name, how) of each player who left before the end, in seat order: the seats gone by resignation or
    time; where none is marked (two players: the table ends at once) and ``reason`` is one of them, the
    seats not placed first.  The words say each ("Ben resigned and Ana ran out of time"); a partner who went out
    with a leaver comes after them ("Ana resigned and Cy went out too, as their partner", KR-6.2), never first.
    ``partners`` False: the leavers alone (a team that loses together says its players once, K3-8.3).  ``names``:
    each seat's name as the table's texts say it (``LoadedTable.told_names``: "Sam [2] resigned"), else as stored."""
    told = names or {}
    ordered = sorted(seats, key=lambda r: (r.out_reason == PARTNER, r.seat))
    gone = [(told.get(s.seat, s.name), str(s.out_reason)) for s in ordered
            if s.out_reason in GONE and (partners or s.out_reason != PARTNER)]
    if gone or reason not in GONE or places is None or len(set(places)) < 2:
        return gone
    return [(told.get(s.seat, s.name), str(reason)) for s in sorted(seats, key=lambda r: r.seat) if places[s.seat] != 1]


def outside_result(stored_outcome: str | None, seats: Sequence[SeatRow], *, aborted: bool = False
                   ) -> dict[str, Any]:
    """The renderer's ``result`` for an ending the engine does not know.

    ``stored_outcome``: the table's ``outcome`` column (JSON with ``reason`` and ``placements``).
    Winners are the seats placed first (none on a draw or an abort); losers are the seats that went
    out for that reason (who resigned, whose time ran out), else every seat not placed first.
    """
    if aborted:
        return {"winners": [], "reason": ABORT, "losers": []}
    stored = StoredOutcome.from_json(stored_outcome)
    n = len(seats)
    places = list(stored.placements or [1] * n) if stored is not None else [1] * n
    reason = stored.reason if stored is not None else ABANDONED
    everyone_first = all(p == 1 for p in places)
    winners = [] if everyone_first else [s for s, p in enumerate(places) if p == 1]
    gone = sorted(r.seat for r in seats if r.out_reason == reason)
    losers = gone or ([] if everyone_first else [s for s, p in enumerate(places) if p != 1])
    return {"winners": winners, "reason": reason, "losers": losers}


def final_picture(engine: Engine, state: Any, stored_outcome: str | None, seats: Sequence[SeatRow], *,
                  aborted: bool = False) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(public view, renderer ``result``) of a finished or aborted table's last picture.

    A natural ending: the spectator view, which holds the engine's result (no ``result`` needed).
    Any other ending: ``Engine.final_view`` (nobody to move, every face shown) and ``outside_result``.
    """
    stored = StoredOutcome.from_json(stored_outcome)
    if engine.outcome(state) is not None and (stored is None or stored.reason != OUTLASTED):
        view = engine.view(state, None)
        if stored is not None and "winners" in view and len(stored.placements) == len(seats) \
                and any(r.out_reason for r in seats):  # a seat that left is placed last, even where the rules
            first = [s for s, place in enumerate(stored.placements) if place == 1]  # made it a winner (K3-8.2)
            if first and set(first) != set(view["winners"] or ()):
                view["winners"] = first
        return view, None
    view, result = engine.final_view(state), outside_result(stored_outcome, seats, aborted=aborted)
    if "winners" in view and stored is not None and stored.reason == OUTLASTED:  # not the rules' winner, who left
        view["winners"] = list(result["winners"])
    return view, result
