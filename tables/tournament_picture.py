"""A tournament's standings as a picture (issue 31): ``Standings`` (``service.tournaments.standings``)
turned into ``render.standings``'s plain rows, drawn to PNG bytes.

The front ends reach ``render/`` only through ``tables/`` (docs/architecture.md, the layers), so the
conversion lives here.  The picture speaks the reader's language (``render.words``), as the text that goes
with it (``tables.tournaments.standings_text``) does.  Pure and synchronous: the Discord layer calls it in a
worker thread.
"""

from __future__ import annotations

from data import tournaments as db
from engines import get_engine
from tables.i18n import lang_for_locale
from tables.tournament.plan import ROUND_ROBIN
from tables.tournaments import Standings

#: the mark of a player no longer in the event, by entrant status, in the picture's language (as the messages'
#: ``tournament.status.*``)
OUT_WORDS = {"en": {db.WITHDRAWN: "withdrawn", db.REMOVED: "removed", db.LEFT: "left"},
             "es": {db.WITHDRAWN: "se retiró", db.REMOVED: "expulsado", db.LEFT: "salió"}}
#: the title by the event's kind: ``Tournament #3 · Kona Swiss``, ``Torneo #4 · Liga de Plateau``
TITLES = {"en": {"round_robin": "Tournament #{id} · {game} round robin", "groups": "Tournament #{id} · {game} groups",
                 "swiss": "Tournament #{id} · {game} Swiss"},
          "es": {"round_robin": "Torneo #{id} · Liga de {game}", "groups": "Torneo #{id} · {game} por grupos",
                 "swiss": "Torneo #{id} · {game} suizo"}}


def picture_title(st: Standings, lang: str = "en") -> str:
    """``Tournament #3 · Kona Swiss``, ``Tournament #4 · Plateau round robin``, ``Tournament #5 · K3 groups``: the
    number first, as the words call it ("Tournament #5 (K3)"; the picture said "K3 groups #5"); in Spanish
    ``Torneo #3 · Kona suizo``, ``Torneo #4 · Liga de Plateau``."""
    if st.format == ROUND_ROBIN:
        kind = "round_robin"
    else:
        kind = "groups" if get_engine(st.game).max_players > 2 else "swiss"
    return TITLES.get(lang_for_locale(lang), TITLES["en"])[kind].format(id=st.tournament_id, game=st.title)


def standings_png(st: Standings, caller_id: int | None = None, lang: str = "en") -> bytes:
    """The standings card (``render.standings``): the caller's row highlighted (and kept when the table
    is cut to its top rows), the winners named when the event is over, after the last round decided; its words
    in ``lang``."""
    from render.standings import StandingLine, StandingsPicture
    from render.standings import standings_png as draw

    lang = lang_for_locale(lang)
    out = OUT_WORDS.get(lang, OUT_WORDS["en"])
    rows = tuple(StandingLine(r.rank, r.name, r.points, (r.buchholz, r.sonneborn_berger), r.games,
                              out=out.get(r.status, ""), is_caller=r.user_id == caller_id) for r in st.rows)
    return draw(StandingsPicture(picture_title(st, lang), st.round, st.rounds, rows,
                                 final=st.status == db.FINISHED, cancelled=st.status == db.CANCELLED,
                                 winners=tuple(w.name for w in st.winners), playing=st.playing or st.stopped_in,
                                 entries=not st.started), lang=lang)
