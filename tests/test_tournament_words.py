"""What a newcomer reads of a tournament (issue 31), in English and Spanish: points said with their noun
(``1 point``, ``½ point``, ``2½ points``), a decided board by its result in names (not ``places 1 2``), a
round's announcement saying who moves first and how to play, the creation saying the organiser joins too."""

from __future__ import annotations

import re
from fractions import Fraction

from tables.i18n import Count, Phrase, t
from tables.leaderboard import GameStats, stats_text
from tables.tournament import Scoring
from tables.tournaments import Board, StandingRow, Standings, board_phrase, points_text, standings_text


def row(rank: int, name: str, points: Fraction, status: str = "in") -> StandingRow:
    return StandingRow(rank, 10 + rank, name, points, Fraction(0), Fraction(0), 2, 0, status)


def said(board: Board, lang: str) -> str:
    phrase = board_phrase(board)
    return t(phrase.key, lang, **phrase.params)


def test_points_are_said_with_their_noun_in_both_languages() -> None:
    st = Standings(1, "kona", "Kona", "swiss", "running", 2, 3,
                   (row(1, "Ana", Fraction(5, 2)), row(2, "Ben", Fraction(1)), row(3, "Cy", Fraction(1, 2)),
                    row(4, "Dee", Fraction(0), "withdrawn")))
    en = standings_text(st, "en").split("\n")
    assert [line.split(" (")[0] for line in en[1:]] == ["1. Ana: 2½ points", "2. Ben: 1 point", "3. Cy: ½ point",
                                                        "4. Dee: 0 points"]
    es = standings_text(st, "es").split("\n")
    assert [line.split(" (")[0] for line in es[1:]] == ["1. Ana: 2½ puntos", "2. Ben: 1 punto", "3. Cy: ½ punto",
                                                        "4. Dee: 0 puntos"]


def test_a_decided_board_says_its_result_by_name() -> None:
    won = Board(1, "game", 7, (1, 2), ("Ana", "Ben"), (2, 1))
    drawn = Board(2, "game", 8, (3, 4), ("Cy", "Dee"), (1, 1))
    group = Board(3, "game", 9, (5, 6, 7), ("Eve", "Fay", "Gus"), (2, 3, 1))
    playing = Board(4, "game", 10, (8, 9), ("Hal", "Ivy"), None)
    assert said(won, "en") == "table #7: Ana v Ben (Ben won)"
    assert said(won, "es") == "mesa #7: Ana contra Ben (ganó Ben)"  # "v" is no Spanish
    assert said(drawn, "en") == "table #8: Cy v Dee (drawn)"
    assert said(drawn, "es") == "mesa #8: Cy contra Dee (tablas)"
    assert said(group, "en") == "table #9: Eve, Fay, Gus (places: Gus 1, Eve 2, Fay 3)"
    assert said(group, "es") == "mesa #9: Eve, Fay, Gus (puestos: Gus 1, Eve 2, Fay 3)"
    assert said(playing, "en") == "table #10: Hal v Ivy"
    assert said(playing, "es") == "mesa #10: Hal contra Ivy"


def test_a_bye_says_what_it_is_worth_at_its_event() -> None:
    bye = Board(5, "bye", None, (1,), ("Eve",), (1,))
    assert said(bye, "en") == "Eve: a bye (1 point)"  # a two-player event: a win
    assert t_board(bye, Fraction(1, 2), "en") == "Eve: a bye (½ point)"
    assert t_board(bye, Fraction(3, 2), "es") == "Eve: descansa (1½ puntos)"
    assert Scoring.for_sizes((3, 4)).bye == 1 and Scoring.for_sizes((2,)).bye == 1


def t_board(board: Board, bye: Fraction, lang: str) -> str:
    phrase = board_phrase(board, bye)
    return t(phrase.key, lang, **phrase.params)


def test_a_round_says_who_moves_first_and_how_to_play_and_the_organiser_joins_too() -> None:
    for lang, first, move in (("en", "moves first", "/move"), ("es", "empieza", "/move")):
        head = t("tournament.round", lang, id=1, title="Kona", round=1, rounds=3, lines="x",
                 first=Phrase("tournament.play", {"first": Phrase("tournament.first.named")})).split("\n")[0]
        assert first in head and move in head
        thrown = t("tournament.round", lang, id=1, title="Krakatoa", round=1, rounds=3, lines="x",
                   first=Phrase("tournament.play", {"first": Phrase("tournament.first.krakatoa")})).split("\n")[0]
        assert "KR-4.1" in thrown and "first named" not in thrown and move in thrown  # a throw decides
        created = t("tournament.created", lang, id=1, title="Kona", format="Swiss", organiser="Ana", max=64, terms="")
        assert "/tournament join 1" in created and "/tournament start 1" in created
    assert "organiser too" in t("tournament.created", "en", id=1, title="K", format="f", organiser="A", max=2, terms="")
    assert "organiza también" in t("tournament.created", "es", id=1, title="K", format="f", organiser="A", max=2,
                                   terms="")


def test_spanish_counts_one_entrant_in_the_singular_and_tells_removed_from_withdrew() -> None:
    one = Count(1, "entrant")
    assert "1 inscrito hasta ahora" in t("tournament.joined", "es", name="Ana", id=1, title="Kona", count=one)
    assert "3 inscritos hasta ahora" in t("tournament.joined", "es", name="Ana", id=1, title="Kona",
                                          count=Count(3, "entrant"))
    assert "1 entered so far" in t("tournament.joined", "en", name="Ana", id=1, title="Kona", count=one)
    assert "hay 1 inscrito " in t("tournament.error.too_few", "es", id=1, count=one, min=2)
    st = Standings(1, "kona", "Kona", "swiss", "open", 0, 0, (row(1, "Ana", Fraction(0)),))
    assert "1 inscrito, por orden" in standings_text(st, "es").split("\n")[0]
    # expelled by the organiser is not the same as withdrawing of one's own accord
    assert t("tournament.status.removed", "es") != t("tournament.status.withdrawn", "es")
    assert "retir" not in t("tournament.status.removed", "es")
    assert "retir" not in t("tournament.out.removed", "es", name="Ben", id=1, title="Kona")


def test_points_are_written_as_the_picture_writes_them() -> None:
    from render.standings import number_text

    for value in (Fraction(0), Fraction(2), Fraction(1, 2), Fraction(17, 2), Fraction(33, 4), Fraction(1, 4),
                  Fraction(7, 4), Fraction(1, 3)):
        assert points_text(value) == number_text(value), value
    assert points_text(Fraction(33, 4)) == "8¼" and points_text(Fraction(1, 4)) == "¼"


def test_stats_say_results_in_the_readers_letters() -> None:
    stats = GameStats("kona", "Kona", 1010, True, 2, 3, 3, 1, 1, 1, ("L", 1), ("L", "W", "D"), (1000, 1010))
    es = stats_text([stats], "Ana", "es")
    assert "racha D1 · últimas cinco D V T" in es and "V victoria, D derrota, T tablas" in es
    assert "streak L1 · last five L W D" in stats_text([stats], "Ana", "en")


def test_a_long_standings_alt_text_names_the_winner_and_ends_on_a_whole_line() -> None:
    # the picture's alt text was the standings cut at 1,000 characters mid-word, losing the winner (the picture's
    # banner says it first)
    from cogs.limits import MAX_ALT_TEXT
    from cogs.tournaments import standings_alt
    from tables.tournaments import StandingRow, Standings

    count = 24
    rows = tuple(StandingRow(i + 1, 1000 + i, f"Jugador Número {i + 1:02d} de Sevilla", Fraction(2 * (count - i), 4),
                             Fraction(60 - i, 2), Fraction(90 - i, 4), 5, 0, "in") for i in range(count))
    st = Standings(7, "kona", "Kona", "swiss", "finished", 5, 5, rows, paired=5)
    for lang, winner in (("en", "Winner"), ("es", "Gan")):
        alt = standings_alt(st, lang)
        lines = alt.split("\n")
        assert len(alt) <= MAX_ALT_TEXT
        assert winner in lines[1] and "Jugador Número 01" in lines[1], lines[:2]  # the banner's words, second
        left_out = int(re.search(r"\d+", lines[-1]).group())  # type: ignore[union-attr]
        assert lines[-1].startswith("…") and left_out == count - (len(lines) - 3), lines[-1]  # how many left out
        assert all(line.endswith(")") for line in lines[2:-1]), "whole lines only"


def test_the_final_says_which_tiebreak_made_the_winner_of_a_tie_on_points() -> None:
    # "Winner: Ana!" above "1. Ana: 1½ points / 2. Ben: 1½ points" said nothing of why Ana
    from tables.tournaments import StandingRow, Standings, tiebreak_said

    def final(*rows: tuple[str, Fraction, Fraction, Fraction]) -> Standings:
        made = tuple(StandingRow(k + 1, 100 + k, name, points, buchholz, sb, 2, 0, "in")
                     for k, (name, points, buchholz, sb) in enumerate(rows))
        return Standings(1, "plateau", "Plateau", "swiss", "finished", 2, 2, made, paired=2)

    half = Fraction(1, 2)
    by_buchholz = tiebreak_said(final(("Ana", 1 + half, 2 + half, 1), ("Ben", 1 + half, 1 + half, 2),
                                      ("Cy", Fraction(1), Fraction(2), Fraction(0))))
    assert isinstance(by_buchholz, Phrase)
    assert t(by_buchholz.key, "en", **by_buchholz.params) == \
        " Ana and Ben finished level on 1½ points: Buchholz decided it (2½ to 1½)."
    assert "decidió el Buchholz (2½ a 1½)" in t(by_buchholz.key, "es", **by_buchholz.params)
    by_sb = tiebreak_said(final(("Ana", Fraction(2), Fraction(3), 2 + half), ("Ben", Fraction(2), Fraction(3), half)))
    assert isinstance(by_sb, Phrase) and by_sb.key == "tournament.decided.sonneborn_berger"
    assert tiebreak_said(final(("Ana", Fraction(2), Fraction(3), Fraction(1)), ("Ben", Fraction(1), Fraction(3),
                                                                                 Fraction(1)))) == ""  # ahead
