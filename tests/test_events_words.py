"""Every event a player must know is announced with names, English and Spanish (issue 14): K3 penalties,
steals and eliminations, Krakatoa's throw-off result or tie, scratches, quakes, rumbles and eruptions."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from test_tables_service import open_service, play_out, start_table

from engines import get_engine
from tables import PublicPost, t
from tables.outcome_words import event_key, named_facts

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def told(game: str, position: str, moves: list[str], lang: str = "en") -> list[str]:
    engine = get_engine(game)
    state = engine.from_position(position)
    said = []
    for text in moves:
        move = engine.parse_move(state, text)
        after = engine.apply(state, move)
        for code, facts in engine.events(state, move, after):
            key = event_key(game, code)
            assert key is not None, f"no words for the {game} event {code!r}"
            said.append(t(key, lang, table=4, game=engine.title, **named_facts(NAMES, facts, game)))
        state = after
    return said


E3 = "1/2/3/4/5/6/7/B1YN4/RBBYGKRRG 1/2/3/K1YN/GRKBY/BRKYGB+R|1/2/3/RYGB/KKBNY/GYRBKG play 0 - -"
X3 = "1/2/3/4/5/6/7/8/RBBYGYRRG Y/NR/KBW/GYKN/BRYKG|K/GN/RWY/KBBN/YRKGB|N/KY/GGR/BWKN/KYRGB play 0 - -"
START = "---/---/--- throwoff 1 - 0 set - 0,0 00,00 ?,? 3 advanced"


def test_k3_penalty_steal_and_elimination() -> None:
    # K3-13 example 4: R on R+R; Ben takes Ana's N
    assert told("k3", E3, ["Rs-g2", "xNd3"]) == [
        "Ana placed a piece on two equal supports: Ben takes one of Ana's free pieces.",
        "Ben took one of Ana's pieces (the penalty); it now stands beside Ben's pyramid.",
    ]
    assert told("k3", E3, ["Rs-g2"], "es") == [
        "Ana colocó una pieza sobre dos apoyos iguales: Ben se lleva una de las piezas libres de Ana."]
    # K3-13 example 8: Ya5-c2 leaves Ben without a playable piece
    # K3-7.3: three players, the first one out: the spare white goes to the player before Ben, Ana
    # (told after the step's moves, so it says whose move the player's turn came after: K3-7.1)
    assert told("k3", X3, ["Ya5-c2"]) == ["Ben is out of K3 #4: none of their pieces could be played when their turn "
                                          "came, after Ana's move.",
                                          "The spare white set aside now goes beside Ana's pyramid, the player "
                                          "before Ben (with three players, at the first one out)."]
    assert told("k3", X3, ["Ya5-c2"], "es")[0] == ("Ben queda fuera de K3 #4: no podía jugar ninguna de sus piezas "
                                                   "cuando le tocó, tras la jugada de Ana.")
    # two out on one move: the white goes to the player before the first, before the second is checked (K3-7.3)
    twice = "1/2/3/4/5/6/7/8/GBYRBBRGY K/RB/KNY/KGRW/RNYKB|K/YB/KRN/RGBR/BYGWN|N/YK/GRK/NBGG/GKYYW play 2 - -"
    # Cy plays; Ana, next, cannot play and is out; the white goes beside the player before her, Cy; then Ben,
    # checked next, cannot play either
    assert told("k3", twice, ["Na5-g2"]) == [
        "Ana is out of K3 #4: none of their pieces could be played when their turn came, after Cy's move.",
        "The spare white set aside now goes beside Cy's pyramid, the player before Ana (with three players, at the "
        "first one out).",
        "Ben is out of K3 #4: none of their pieces could be played when their turn came, after Cy's move."]
    after = get_engine("k3").play(get_engine("k3").from_position(X3), "Ya5-c2")
    assert "W" in after.seats[0].side and "W" not in get_engine("k3").from_position(X3).seats[0].side
    # in the cooperative game the same move ends the game for everyone (the outcome says so, not an event)
    assert told("k3", X3.replace(" - -", " - coop"), ["Ya5-c2"]) == []


def test_krakatoa_throwoff_bonuses_and_scratches() -> None:
    # KR-11 E1: Ben's RRR (5) beats Ana's YYB (2)
    assert told("krakatoa", START, ["steam", "roll ybY/---/---", "lava", "roll ---/---/RRR"]) == [
        "Ben threw best before the game (5) and starts round 1."]
    assert told("krakatoa", START, ["steam", "roll YYB/---/---", "ash", "roll ---/YYB/---"]) == [
        "Tie for the start at 2: Ana and Ben throw again."]
    assert told("krakatoa", START, ["steam", "roll YYB/---/---", "ash", "roll ---/YYB/---"], "es") == [
        "Empate para empezar a 2: Ana y Ben vuelven a lanzar."]
    # KR-11 E5, E6: 44 is a Little Quake, R and B only a Little Rumble, then a scratch
    position = "YYB/YRR/RRR play 1 2 1 roll:a:s3:hard 1 0,32 10,00 - 3 advanced"
    assert told("krakatoa", position, ["roll YYB/YYY/RBB", "aim a1 soft", "roll RRB/BBB/RBB", "aim l1 hard",
                                       "scratch RRB/YYR/RBB"]) == [
        "Little Quake for Ben on throw 2 (total 44): ×2 on the throw after it.",  # each says its throw: after
        "Little Rumble for Ben on throw 3: only two colours, ×2 on the throw after it.",  # Mesa's whole turn
        "Ben hit nothing on throw 4: a scratch, 0 points.",  # is told, "the next throw" would not say which
    ]
    # KR-11 E10: Big Quake and Big Eruption together
    assert told("krakatoa", "BBB/RBB/BBB play 4 4 1 aim:a 1 120,131 00,00 - 3 advanced",
                ["aim s1 soft", "roll BBB/BBB/BBB"]) == [
        "Big Quake for Ben on throw 4 (total 140): ×4 on the throw after it.",
        "Big Eruption for Ben on throw 4: all nine dice one colour, ×4 on each of the two throws after it.",
    ]
    assert told("krakatoa", "BBB/RBB/BBB play 4 4 1 aim:a 1 120,131 00,00 - 3 advanced",
                ["aim s1 soft", "roll BBB/BBB/BBB"], "es")[0] == \
        "Terremoto grande para Ben en el lanzamiento 4 (total 140): ×4 en el lanzamiento que le sigue."


def test_every_event_code_has_words_in_both_languages() -> None:
    from tables import i18n

    codes = {"k3": ["penalty", "stolen", "eliminated", "spare_white"],
             "krakatoa": ["starter", "throwoff_tie", "scratch", "little_quake", "big_quake", "little_rumble",
                          "big_rumble", "little_eruption", "big_eruption"]}
    for game, names in codes.items():
        for code in names:
            assert f"event.{game}.{code}" in i18n.EN and f"event.{game}.{code}" in i18n.ES


@pytest.mark.parametrize(("game", "players", "options"), [("k3", 3, {}), ("krakatoa", 3, {})])
async def test_whole_games_announce_their_events(tmp_path: Path, game: str, players: int,
                                                 options: dict[str, str]) -> None:
    repo, svc = await open_service(tmp_path / "mesa.db")
    tid, _ = await start_table(svc, game, players, options)
    messages = await play_out(svc, tid, random.Random(5))
    # the news is told on the board of the step that caused it (issue 28, item 13), not posted apart
    assert not [m for m in messages if isinstance(m, PublicPost) and m.key.startswith("event.")]
    boards = [m for m in messages if isinstance(m, PublicPost) and m.kind == "board"]
    events = [line for board in boards for line in board.params["news"]]
    assert events, "a whole game has something to announce"
    for post in events:
        for lang in ("en", "es"):
            text = t(post.key, lang, **post.params)
            assert "{" not in text and not re.search(r"\b(?:seat|player) \d", text), text
            assert any(name in text for name in NAMES[:players]), text
    for board in boards:  # the board says it between its moves and whose turn it is
        for lang in ("en", "es"):
            lines = t(board.key, lang, **board.params).split("\n")
            said = [t(p.key, lang, **p.params) for p in board.params["news"]]
            assert lines[1:1 + len(said)] == said, lines
    await repo.close()


def test_a_telling_across_krakatoa_rounds_names_each_round() -> None:
    # a stretch of several rounds told in one post (a game the clock played out, KR-4.2): each scratch or bonus
    # says its round, so the same words in two rounds do not read as one throw told twice; within a round, no
    # round is added
    from tables.outcome_words import events_said
    engine = get_engine("krakatoa")
    rng = random.Random(7)
    state = engine.new_game(2, seed=7)
    moves: list[tuple[object, object]] = []
    while engine.outcome(state) is None:
        move = engine.random_move(state, rng)
        moves.append((state, move))
        state = engine.apply(state, move)
    rounds_told = []
    for lang in ("en", "es"):
        told_all = events_said(engine, 4, engine.title, NAMES, moves, state)
        said = [t(phrase.key, lang, **phrase.params) for phrase in told_all]
        word = "Round" if lang == "en" else "Ronda"
        prefixed = [line for line in said if line.startswith(f"{word} ")]
        assert len(prefixed) > 1, said
        rounds_told.append([int(re.match(rf"{word} (\d):", line).group(1)) for line in prefixed])  # type: ignore[union-attr]
    assert rounds_told[0] == rounds_told[1]
    # each prefix is the round the throw was made in: that round's events alone, told apart, say no round
    afters = [before for before, _ in moves[1:]] + [state]
    expected = []
    for (before, move), after in zip(moves, afters, strict=True):
        for code, _ in engine.events(before, move, after):
            if code in ("starter", "throwoff_tie"):
                continue
            expected.append(before.round)  # type: ignore[attr-defined]
    assert rounds_told[0] == expected and len(set(expected)) > 1
    ends = [i for i, (before, _) in enumerate(moves) if before.round == 2]  # type: ignore[attr-defined]
    alone = events_said(engine, 4, engine.title, NAMES, moves[:ends[0]], moves[ends[0]][0])
    assert alone and not any(t(p.key, "en", **p.params).startswith("Round ") for p in alone)


def test_krakatoa_throw_one_says_its_points_count_only_if_kept() -> None:
    # KR-4.3: throw 1's nine dice are kept or rethrown once, and a rethrown result earns nothing: its points are
    # told as the points a keep would score; the second throw, which must be kept, as points
    from tables.outcome_words import deed
    engine = get_engine("krakatoa")
    rng = random.Random(11)
    state = engine.new_game(2, seed=11)
    told_steps: dict[str, list[str]] = {}
    while engine.outcome(state) is None and len(told_steps) < 2:
        move = engine.random_move(state, rng)
        step = state.step  # type: ignore[attr-defined]
        if step in ("roll:all", "roll:again"):
            said = deed(engine, state, move, "", NAMES)
            told_steps.setdefault(step, [t(said.words.key, lang, **said.words.params) for lang in ("en", "es")])
        state = engine.apply(state, move)
    first, again = told_steps["roll:all"], told_steps["roll:again"]
    assert first[0].endswith(" if kept") and first[1].endswith(" si se los queda")
    assert re.fullmatch(r"\d+ points?", again[0]) and re.fullmatch(r"\d+ puntos?", again[1])
