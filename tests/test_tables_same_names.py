"""Two players of one name at one table are told apart by their seats, as the picture's badges tell them
(``tables.loaded.told_apart``): "Sam [1]" and "Sam [2]" in every post, private view, picture (its words, its
banner, its alt text), ``/games``, ``/history``, result and review; a table of distinct names is told exactly as
before.  Display names are not unique on Discord: two Sams may well sit at one K3 or Krakatoa table."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from pg_server import DbFactory
from test_picture_words import K3_FOUR
from test_review_service import CountingAnalyser, counted
from test_tables_service import CHANNEL, GUILD, open_service, play_out, step

from cogs.limits import MAX_ALT_TEXT
from cogs.pictures import alt_text
from data import reviews as kept_reviews
from data.models import SeatRow
from engines import get_engine
from tables import PrivatePost, PublicPost, TableService, t
from tables.i18n import Deed, Told
from tables.leaderboard import LeaderboardService
from tables.picture_words import picture_words
from tables.thinking import Thinker

#: the two Sams (one of them typed in lower case: the names are compared without regard to case), then Cy and Dee
SAMS = [(201, "Sam"), (202, "sam"), (203, "Cy"), (204, "Dee")]
#: "Sam" said without its seat's mark: what the old words said of both Sams
BARE_SAM = re.compile(r"\b[Ss]am\b(?! \[[12]\])")


def spy() -> tuple[list[list[str]], Any]:
    """A renderer that keeps the names each picture was drawn with (and draws nothing worth seeing)."""
    drawn: list[list[str]] = []

    def renderer(game: str, view: Any, names: list[str], **_: Any) -> bytes:
        drawn.append(list(names))
        return b"\x89PNG picture"

    return drawn, renderer


async def seated(svc: Any, game: str, players: list[tuple[int, str]]) -> tuple[int, list[Any]]:
    """The first player hosts and invites the others, who accept; seats in that order (``seat=first``)."""
    (host, host_name), others = players[0], players[1:]
    out = await svc.create(GUILD, CHANNEL, host, host_name, game, others, {"seat": "first"})
    tid = out[0].table_id
    for uid, _ in others:
        out += await svc.accept(tid, uid)
    return tid, out


def movers(messages: list[Any]) -> set[str]:
    """Every name a board's caption gave a move ("Sam [2] placed …")."""
    out = set()
    for m in messages:
        told = m.params.get("moves") if isinstance(m, PublicPost) else None
        if isinstance(told, Told):
            out |= {d.who for d in told if isinstance(d, Deed) and d.who}
    return out


def texts(messages: list[Any], lang: str = "en") -> list[str]:
    return [t(m.key, lang, **m.params) for m in messages if isinstance(m, PublicPost | PrivatePost)]


def alts(messages: list[Any], lang: str = "en") -> list[str]:
    return [alt_text(m.alt, lang) or "" for m in messages if isinstance(m, PublicPost | PrivatePost) and m.alt]


def test_only_names_shared_at_a_table_get_their_seats_mark() -> None:
    from tables.loaded import told_apart  # (here: the service's tests below fail one by one on a release without it)

    seats = [SeatRow(1, i, 300 + i, name) for i, name in enumerate(["Sam", "Cy", "SAM", "Dee"])]
    assert told_apart(seats) == {0: "Sam [1]", 1: "Cy", 2: "SAM [3]", 3: "Dee"}
    # the marks a game's pictures give its seats: Plateau's B and W on its slabs and badges
    assert told_apart(seats[:3:2], get_engine("plateau").description.seat_marks) == {0: "Sam [B]", 2: "SAM [3]"}
    assert told_apart([SeatRow(1, 0, 1, "Ana"), SeatRow(1, 1, 2, "Ben")]) == {0: "Ana", 1: "Ben"}


async def test_a_k3_table_of_two_sams_tells_them_apart_everywhere(db: DbFactory) -> None:
    drawn, renderer = spy()
    repo, svc = await open_service(db("k3"), renderer=renderer)
    try:
        tid, out = await seated(svc, "k3", SAMS)
        out += await play_out(svc, tid, random.Random(5))
        details = await svc.table_details(tid, words=True)
        # the number each Sam gets is the one on their seat's badge (render.theme.seat_marker: seat + 1)
        told = {uid: f"{name} [{details.summary.user_ids.index(uid) + 1}]" for uid, name in SAMS[:2]}
        assert told == {201: "Sam [1]", 202: "sam [2]"}
        assert details.summary.players == ("Sam [1]", "sam [2]", "Cy", "Dee")
        # every board's moves, every picture's names (banner, panels), its alt text, and the result
        assert movers(out) >= {"Sam [1]", "sam [2]"} and not movers(out) & {"Sam", "sam"}
        assert drawn and all(names[:2] == ["Sam [1]", "sam [2]"] for names in drawn if len(names) == 4)
        for lang in ("en", "es"):
            said = "\n".join(texts(out, lang) + alts(out, lang))
            assert "Sam [1]" in said and "sam [2]" in said
            assert not BARE_SAM.findall(said), [line for line in said.splitlines() if BARE_SAM.search(line)][:3]
        assert "Sam [1]" in alts(out)[-1] and "sam [2]" in alts(out)[-1]
        # /history table=N: the moves in words and the ending, by the same names
        assert {r.player for r in details.moves if r.seat in (0, 1)} == {"Sam [1]", "sam [2]"}
        assert {r.words.who for r in details.moves if r.words is not None and r.seat in (0, 1)} == \
            {"Sam [1]", "sam [2]"}
        assert details.ending is not None and not BARE_SAM.findall(t(details.ending.key, "en", **details.ending.params))
        # /history's list: each finished table's players
        [entry] = await LeaderboardService(repo).history(GUILD, 203)
        assert entry.names == ("Sam [1]", "sam [2]", "Cy", "Dee")
    finally:
        await repo.close()


async def test_a_k3_private_view_and_games_list_tell_the_sams_apart(db: DbFactory) -> None:
    repo, svc = await open_service(db("k3p"))
    try:
        tid, _ = await seated(svc, "k3", SAMS)
        # K3-3.2: each builds a pyramid in secret; Sam [1] has built, and Sam [2] asks for "My pieces": the view names
        # both Sams as their badges number them ("Sam [1] has built a hidden pyramid …", "sam [2] is building …")
        await svc.submit_move(tid, 201, await svc.auto_build(tid, 201, "sensible"))
        mine = await svc.private_view(tid, 202)
        said = alt_text(mine.alt, "en") or ""
        assert "Sam [1]" in said and "sam [2]" in said, said
        assert not BARE_SAM.findall(said), said
        # /games: the table's players and whose turn it is
        [summary] = await svc.active_tables(201)
        assert summary.players == ("Sam [1]", "sam [2]", "Cy", "Dee")
        assert summary.turn and set(summary.turn) <= set(summary.players)
    finally:
        await repo.close()


async def test_a_krakatoa_table_of_two_sams_tells_them_apart(db: DbFactory) -> None:
    drawn, renderer = spy()
    repo, svc = await open_service(db("kr"), renderer=renderer)
    try:
        tid, out = await seated(svc, "krakatoa", [(201, "Sam"), (202, "Sam"), (203, "Cy")])
        out += await play_out(svc, tid, random.Random(2))
        assert movers(out) >= {"Sam [1]", "Sam [2]"} and "Sam" not in movers(out)
        board_alts = alts(out)
        # the score sheet's words: "Sam [1]: 0 points. Sam [2]: 2 points …", as the sheet's badges 1 and 2 say it
        assert any("Sam [1]: " in a and "Sam [2]: " in a for a in board_alts)
        for lang in ("en", "es"):
            said = "\n".join(texts(out, lang) + alts(out, lang))
            assert not BARE_SAM.findall(said), [line for line in said.splitlines() if BARE_SAM.search(line)][:3]
        assert all(names[:2] == ["Sam [1]", "Sam [2]"] for names in drawn)
        result = [m for m in out if isinstance(m, PublicPost) and m.key.startswith(("outcome.", "result."))]
        assert result and "Sam [" in t(result[-1].key, "en", **result[-1].params)
        # a rematch seats them by the names they go by, not as this table told them apart: its own seats tell them
        again = (await svc.rematch(tid, 203, "Cy"))[0].table_id
        assert sorted(s.name for s in await repo.get_seats(again)) == ["Cy", "Sam", "Sam"]
    finally:
        await repo.close()


async def test_a_table_of_distinct_names_is_told_as_before(db: DbFactory) -> None:
    drawn, renderer = spy()
    repo, svc = await open_service(db("plain"), renderer=renderer)
    try:
        players = [(201, "Ana"), (202, "Ben"), (203, "Cy")]
        tid, out = await seated(svc, "krakatoa", players)
        out += await play_out(svc, tid, random.Random(2))
        assert movers(out) <= {"Ana", "Ben", "Cy"}
        assert all(names == ["Ana", "Ben", "Cy"] for names in drawn)
        assert "[" not in "".join(alts(out))
        assert (await svc.table_details(tid)).summary.players == ("Ana", "Ben", "Cy")
    finally:
        await repo.close()


async def keep_without_names(repo: Any, tid: int) -> None:
    """The table's kept review as a release before this one kept it: without the names it was told with."""
    row = await repo.get_table(tid)
    kept = await kept_reviews.stored_review(repo, tid, row.version)
    assert kept is not None
    stored = json.loads(kept.review)
    del stored["names"]
    await kept_reviews.forget_review(repo, tid, row.version)
    await kept_reviews.store_review(repo, tid, row.version, json.dumps(stored), kept.picture, kept.created_at)


async def test_a_review_names_the_two_sams_and_one_kept_before_is_made_again(db: DbFactory) -> None:
    repo, svc = await open_service(db("review"))
    try:
        fake = CountingAnalyser()
        tid, _ = await seated(svc, "kona", [(201, "Sam"), (202, "Sam")])
        plain, _ = await seated(svc, "kona", [(201, "Sam"), (203, "Cy")])
        rng = random.Random(3)
        for table in (tid, plain):
            for _ in range(6):
                assert await step(svc, table, rng) is not None
            await svc.resign(table, 202 if table == tid else 203)
        first = await counted(svc, fake).review(GUILD, tid, 201)
        # Kona's seats are marked C and P in its notation and pictures (the capybara's and the poodle's player)
        assert first.picture.startswith(b"\x89PNG fake en Sam [C],Sam [P]")
        assert "Sam [C]" in first.text("en") and "Sam [P]" in first.text("es")
        made = fake.decided
        await counted(svc, fake).review(GUILD, plain, 201)
        for table in (tid, plain):
            await keep_without_names(repo, table)
        restarted = TableService(repo, svc.clock, None, thinker=Thinker(processes=False))
        reviews = counted(restarted, fake)
        # kept before the Sams were told apart: its words named them both "Sam", so it is made again
        again = await reviews.review(GUILD, tid, 202)
        assert again.made and fake.decided == made + 2 and "Sam [P]" in again.text("en")
        # a table of distinct names was told as it is now: its kept review is served as kept
        assert not (await reviews.review(GUILD, plain, 203)).made and fake.decided == made + 2
    finally:
        await repo.close()


def test_long_names_said_short_keep_the_seats_mark() -> None:
    """Words past Discord's limit say long names short ("Alejandra Gutié…"): two players of one long name keep
    their seats' marks, and so still read apart ("Alejandra Gutié… [1]", "Alejandra Gutié… [2]")."""
    from tables.loaded import told_apart

    engine = get_engine("k3")
    four = engine.view(engine.from_position(K3_FOUR), None)
    seats = [SeatRow(1, i, 300 + i, name) for i, name in enumerate(
        ["Alejandra Gutiérrez de la Fuente"] * 2 + ["Bartholomew Montgomery-Smithson", "Cyrille Dubois-Laurent"])]
    names = list(told_apart(seats).values())
    fitted = alt_text(picture_words(engine, four, names), "en")
    assert fitted is not None and len(fitted) <= MAX_ALT_TEXT and fitted.endswith("."), "said short, nothing cut"
    assert "Alejandra Gutié… [1]" in fitted and "Alejandra Gutié… [2]" in fitted and "Bartholomew Mon…" in fitted
