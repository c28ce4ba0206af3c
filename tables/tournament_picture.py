"""A tournament's standings as a picture (issue 31): ``Standings`` (``service.tournaments.standings``)
turned into ``render.standings``'s plain rows, drawn to PNG bytes.

The front ends reach ``render/`` only through ``tables/`` (docs/architecture.md, the layers), so the
conversion lives here.  Pictures speak English, like every other picture of the project; the text
that goes with them (``tables.tournaments.standings_text``) is in the reader's language.  Pure and
synchronous: the Discord layer calls it in a worker thread.
"""

from __future__ import annotations

from data import tournaments as db
from engines import get_engine
from tables.tournament.plan import ROUND_ROBIN
from tables.tournaments import Standings

#: the English mark of a player no longer in the event, by entrant status
OUT_WORDS = {db.WITHDRAWN: "withdrawn", db.REMOVED: "removed", db.LEFT: "left"}


def picture_title(st: Standings) -> str:
    """``Tournament #3 · Kona Swiss``, ``Tournament #4 · Plateau round robin``, ``Tournament #5 · K3 groups``: the
    number first, as the words call it ("Tournament #5 (K3)"; the picture said "K3 groups #5")."""
    if st.format == ROUND_ROBIN:
        kind = "round robin"
    else:
        kind = "groups" if get_engine(st.game).max_players > 2 else "Swiss"
    return f"Tournament #{st.tournament_id} · {st.title} {kind}"


def standings_png(st: Standings, caller_id: int | None = None) -> bytes:
    """The standings card (``render.standings``): the caller's row highlighted (and kept when the table
    is cut to its top rows), the winners named when the event is over, after the last round decided."""
    from render.standings import StandingLine, StandingsPicture
    from render.standings import standings_png as draw

    rows = tuple(StandingLine(r.rank, r.name, r.points, (r.buchholz, r.sonneborn_berger), r.games,
                              out=OUT_WORDS.get(r.status, ""), is_caller=r.user_id == caller_id) for r in st.rows)
    return draw(StandingsPicture(picture_title(st), st.round, st.rounds, rows,
                                 final=st.status == db.FINISHED, cancelled=st.status == db.CANCELLED,
                                 winners=tuple(w.name for w in st.winners), playing=st.playing or st.stopped_in,
                                 entries=not st.started))
