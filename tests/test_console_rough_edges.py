"""Rough edges a newcomer met in the console (issue 28), each answered in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from console import run
from console_areas.listing import WORDS


async def _console(lines: list[str], tmp_path: Path) -> list[str]:
    out: list[str] = []
    assert await run(lines, str(tmp_path / "console.db"), None, False, out.append, seed=3, mesa_iterations=30) == 0
    return out


async def test_names_mesa_long_names_and_names_with_spaces(tmp_path: Path) -> None:
    # issue 28, item 15: a person called "Mesa" read as the computer; a name with a space could speak but not be
    # invited; @ and 40 letters was cut to 32 without a word; /history @ and 900 letters echoed all 900
    out = await _console(["Mesa: /games", "mesa 2: /games", "Ana Maria: /games", "Ben: /play kona @Ana Maria",
                          "Ana: /play kona @" + "x" * 40, "Ana: /history @" + "y" * 900,
                          "Cy: /play kona @Dee Lee"], tmp_path)
    assert out[0] == "[error ?] 'Mesa' is the computer's name (Mesa); choose another name for yourself"
    assert out[1].startswith("[error ?] 'mesa 2' is the computer's name")
    assert any(line.startswith("[#1] Ben invites Ana Maria to a game of Kona") for line in out)
    too_long = [line for line in out if "is too long for a name: names are at most 32 characters" in line]
    assert len(too_long) == 2 and all(len(line) < 120 for line in too_long)
    assert not any("x" * 32 in line or "y" * 100 in line for line in out)
    assert any('a name with spaces in quotes: @"Ana Maria"' in line for line in out if line.startswith("[error Cy]"))


async def test_history_of_mesa_lists_the_computers_games(tmp_path: Path) -> None:
    # issue 28, item 6: /history @mesa answered "mesa has no finished tables" after six games
    lines = []
    for _ in range(2):
        lines += ["Ana: /play kona @mesa level=easy", "Ana: /resign"]
    out = await _console([*lines, "Ana: /history @mesa"], tmp_path)
    history = out[out.index("[dm Ana] Recent tables of Mesa"):]
    assert len([line for line in history if re.match(r"\[dm Ana\] #\d+ Kona · won", line)]) == 2


async def test_help_in_spanish(tmp_path: Path) -> None:
    # issue 28, item 19: /help es answered in English
    out = await _console(["Ana: /help es", "Ana: /help"], tmp_path)
    spanish = [line for line in out if line.startswith("[help]")][:10]
    assert spanish[0] == "[help] Órdenes (escríbelas como NOMBRE: ORDEN):"
    english = {"the", "your", "when", "several", "tables", "moves", "games:", "Add", "empty", "seats"}
    assert not [w for line in spanish for w in line.split() if w in english], spanish
    assert "[help] Commands (write them as NAME: COMMAND):" in out


async def test_krakatoa_moves_are_listed_apart(tmp_path: Path) -> None:
    # issue 28, item 8: /moves ran multi-word moves together ("steam ash lava", "aim s1 hard aim s1 soft")
    out = await _console(["Ana: /play krakatoa @Ben preset=basic seat=first", "Ben: /accept", "Ana: /moves",
                          "Ben: /moves"], tmp_path)
    at = next(i for i, line in enumerate(out) if " legal moves (" in line)
    n = int(out[at].split("legal moves (", 1)[1].split(")")[0])
    listed = out[at + 1: at + 1 + n]  # one a line, each with what it does (KR-4.1: the set to throw off with)
    moves = [line.removeprefix("[dm Ana]   ").split(" — ")[0] for line in listed]
    assert len(moves) > 1 and all(" " not in m or m.startswith(("aim ", "roll ")) for m in moves), listed
    assert all(" — " in line for line in listed), listed


async def test_a_long_move_list_is_read_a_page_at_a_time(tmp_path: Path) -> None:
    # PL-3: Plateau's first move has a thousand placements; a page number out of range reads the nearest page
    out = await _console(["Ana: /play plateau @Ben seat=first", "Ben: /accept", "Ana: /moves 2", "Ana: /moves 999"],
                         tmp_path)
    assert any(re.search(r"legal moves \(\d+\), page 2 of \d+; /moves 3 for the next page:$", line) for line in out)
    last = [line for line in out if re.search(r"page (\d+) of \1:$", line)]
    assert len(last) == 1 and not any(line.startswith("[error Ana]") for line in out)


async def test_the_pages_of_a_long_move_list_never_cut_a_group_in_two(tmp_path: Path) -> None:
    # page 1 ended "+bb.xx (...): +bb.xx@a2 ... @d3" and page 2 began "+bb.xx@d4 — Open on d4": one group, two pages
    opening = ["Ana: /play plateau @Ben seat=second", "Ben: /accept", "Ben: /move +xx.ox@a1"]  # 11 squares free
    out = await _console([*opening, "Ana: /moves"], tmp_path)
    pages = int(re.search(r"page 1 of (\d+)", "\n".join(out)).group(1))  # type: ignore[union-attr]
    (tmp_path / "all").mkdir()
    out = await _console([*opening, *(f"Ana: /moves {page}" for page in range(1, pages + 1))], tmp_path / "all")
    heads, listed = [], []
    for line in out:
        group = re.match(r"\[dm Ana\]   (\S+) \(.*\): (.*)$", line)
        if group:
            heads.append(group[1])
            listed += group[2].split(", ")
    assert len(heads) == len(set(heads)), "a group of moves is listed on two pages"
    total = int(re.search(r"legal moves \((\d+)\)", "\n".join(out)).group(1))  # type: ignore[union-attr]
    assert len(listed) == len(set(listed)) == total, "every move on exactly one page"


async def test_moves_with_words_lists_the_moves_matching_them_with_what_each_does(tmp_path: Path) -> None:
    # /moves x was refused as a page it could not read; words typed now list the moves matching them, one a line with
    # what each does, as Discord's /move suggests them: KO-5.1 (E1), the nine moves from a6; KO-2.3, a6 holds CPC, so
    # each uncovers a poodle
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /moves A6", "Ana: /moves zz",
                          "Ana: /moves d3 uncover", "Ana: /moves"], tmp_path)
    at = out.index("[dm Ana] #1 legal moves matching 'A6' (9):")
    expected = [f"[dm Ana]   a6-{to} — Move from a6 to {to}, uncovering a poodle"
                for to in ("a3", "a4", "a5", "b5", "b6", "c4", "c6", "d3", "d6")]
    assert out[at + 1: at + 10] == expected
    assert "[error Ana] #1 no legal move matches 'zz': /moves lists them all" in out
    at = out.index("[dm Ana] #1 legal moves matching 'd3 uncover' (2):")  # by the words: E1's two moves to d3
    assert out[at + 1: at + 3] == ["[dm Ana]   a6-d3 — Move from a6 to d3, uncovering a poodle",
                                   "[dm Ana]   f1-d3 — Move from f1 to d3, uncovering a poodle"]
    # /moves alone: a line for each square moved from, with what its moves share
    at = out.index("[dm Ana] #1 legal moves (18):")
    assert out[at + 1] == "[dm Ana]   a6 (Move from a6, uncovering a poodle): " + ", ".join(
        f"a6-{to}" for to in ("a3", "a4", "a5", "b5", "b6", "c4", "c6", "d3", "d6"))
    # more matches than Discord suggests: the first 25, and how many there are
    plateau = tmp_path / "plateau"
    plateau.mkdir()
    out = await _console(["Ana: /play plateau @Ben seat=first", "Ben: /accept", "Ana: /moves +rb"], plateau)
    at = next(i for i, line in enumerate(out) if "legal moves matching '+rb'" in line)
    assert re.fullmatch(r"\[dm Ana\] #1 legal moves matching '\+rb' \((\d+)\), the first 25:", out[at])
    listed = out[at + 1: at + 26]
    # PL-10.4: +rb.… has the Ace at the bottom; PL-9.2: the mover's own pieces are named
    assert all(re.fullmatch(r"\[dm Ana\]   \+rb\.\S+ — Open on [a-d][1-4]: your [A-Z][a-z]+( Mask)?, "
                            r"(red|blue|orange|blank) face up, on your Ace, red face up", line)
               for line in listed), listed


async def test_a_seeded_session_builds_the_same_pyramids(tmp_path: Path) -> None:
    # --seed made deals and Mesa repeatable, but /build random and /build sensible drew a new pyramid each run, so a
    # K3 script drifted into another game
    lines = ["Ana: /play k3 @Ben @Cy", "Ben: /accept", "Cy: /accept", "Ben: /build random", "Ana: /build sensible",
             "Cy: /auto"]
    runs = []
    for k in range(2):
        out: list[str] = []
        assert await run(lines, str(tmp_path / f"{k}.db"), None, False, out.append, seed=5, mesa_iterations=10,
                         positions=True) == 0
        runs.append([line for line in out if "position:" in line])
    assert runs[0] and runs[0] == runs[1]
    other: list[str] = []
    await run(lines, str(tmp_path / "other.db"), None, False, other.append, seed=6, mesa_iterations=10, positions=True)
    assert [line for line in other if "position:" in line] != runs[0]


async def test_a_move_typed_otherwise_is_said_as_the_rules_record_it(tmp_path: Path) -> None:
    # Krakatoa's "auto" (KR-8.4) is recorded as the choice it makes: the player is told which, in a sentence
    out = await _console(["Ana: /play krakatoa @Ben preset=basic seat=first", "Ben: /accept", "Ana: /move auto"],
                         tmp_path)
    notes = [line for line in out if "which the rules record as" in line]
    assert len(notes) == 1 and notes[0].startswith("[dm Ana] You wrote auto, which the rules record as ")
    recorded = notes[0].rsplit(" ", 1)[1]
    assert recorded != "auto" and any(f"Ana threw {recorded.capitalize()}" in line for line in out)


async def test_rematch_as_the_button_under_a_result(tmp_path: Path) -> None:
    # Discord's Rematch and Review buttons had no console command or word: a result now says both, /rematch
    # plays the same players again with the seats swapped, and a table not played to its end has none
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /rematch 1", "Ana: /move a6-d3",
                          "Ben: /resign", "Ben: /rematch", "Ana: /accept", "Ben: /abort", "Ben: /rematch 2",
                          "Ben: /rematch x", "Cy: /rematch 1", "Ana: /play plateau @mesa", "Ana: /resign",
                          "Ana: /rematch"], tmp_path)
    assert "[error Ana] Kona #1 is still being played: ask for a rematch once the game is over." in out
    result = out.index("[#1] Ana wins Kona #1: Ben resigned.")
    assert out[result + 1] == "[#1]   Play again with /rematch 1, or read Mesa's review with /review 1."
    assert out[result + 2].startswith("[#2] Ben invites Ana to a game of Kona")
    assert "[#2] Kona #2 begins: Ben [C] · Ana [P]." in out  # the seats swapped
    assert "[error Ben] Kona #2 was never played to its end, so there is no rematch of it: start a new game " \
        "with /play." in out
    assert "[error Ben] x is not a table number; write /rematch N, for example /rematch 3" in out
    assert "[error Cy] You are not playing at table #1. Start your own game with /play." in out
    assert any(re.fullmatch(r"\[#4\] Plateau #4 begins: Mesa \(normal\) \[B\] · Ana \[W\]\.", line) for line in out)
    assert not any(line.startswith("[#5]") for line in out)  # exactly one game opened by each rematch


async def test_a_rematch_with_no_finished_game_says_so(tmp_path: Path) -> None:
    # /rematch before any game had ended said "You have no table here" to a player seated at a game in play
    # (and /board with no table still says that there is none)
    out = await _console(["Ana: /play kona @Ben", "Ben: /accept", "Ana: /rematch", "Ben: /rematch", "Cy: /board",
                          "Cy: /rematch"], tmp_path)
    errors = [line for line in out if line.startswith("[error")]
    rematch = "You have no finished game to play again yet; /rematch TABLE names one, and a new game starts with " \
        "/play GAME @NAME"
    assert errors == [f"[error Ana] {rematch}", f"[error Ben] {rematch}",
                      "[error Cy] You have no table here; start one with /play GAME @NAME", f"[error Cy] {rematch}"]
    assert not any(line.startswith("[#2]") for line in out)


async def test_games_says_a_draw_offer_and_a_takeback_waiting_for_an_answer(tmp_path: Path) -> None:
    # /games said only "your turn" while the game waited for Ben's yes or no
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ana: /draw",
                          "Ana: /takeback", "Ben: /games", "Ana: /games", "Ben: /decline-draw",
                          "Ben: /takeback decline", "Ben: /games"], tmp_path)
    games = [line for line in out if line.startswith("[dm ") and "#1 Kona: Ana · Ben" in line]
    assert games[0].startswith("[dm Ben] #1 Kona: Ana · Ben — your turn, deadline ")
    assert games[0].endswith("; Ana offers a draw (/draw accepts it, /decline-draw refuses it); Ana asks to take "
                             "back a move (/takeback accept or /takeback decline)")
    assert games[1].startswith("[dm Ana] #1 Kona: Ana · Ben — Ben to move, deadline ")
    assert games[1].endswith("; your draw offer awaits an answer; your takeback request awaits an answer")
    assert games[2].endswith("(3d left)")  # both answered: nothing waits any more


async def test_games_says_whose_answer_an_invitation_waits_for(tmp_path: Path) -> None:
    # /games said "invited" to the host and to the invitee alike, and "open" with no word of how to sit down
    out = await _console(["Ana: /play k3 @Ben @Cy", "Ben: /accept", "Ana: /games", "Cy: /games",
                          "Dee: /play krakatoa", "Dee: /games"], tmp_path)
    games = [line.split(", closes ")[0] for line in out if line.startswith("[dm ")]
    assert games == ["[dm Ana] #1 K3: Ana · Ben · Cy — invited, waiting for Cy",
                     "[dm Cy] #1 K3: Ana · Ben · Cy — invited: answer with /accept or /decline",
                     "[dm Dee] #2 Krakatoa: Dee — open to anyone (/join 2); start it with /start once everyone is "
                     "in (/start fill=mesa: Mesa takes the empty seats)"]


async def test_games_offers_the_open_tables_one_could_sit_at(tmp_path: Path) -> None:
    # a player with no game read only "You have no active games" while tables waited for someone to sit down
    out = await _console(["Ana: /play krakatoa", "Ben: /join", "Dee: /play k3", "Cy: /games", "Ben: /games",
                          "Eve: /play kona @Fay", "Fay: /games"], tmp_path)
    games = [line.split(", closes ")[0] for line in out if line.startswith("[dm ")]
    assert games == ["[dm Cy] You have no active games; start one with /play GAME @NAME, or /play GAME @mesa to "
                     "play the computer",
                     "[dm Cy] Open tables you can join:",
                     "[dm Cy] #2 K3: Dee — 3 seats free (/join 2)",
                     "[dm Cy] #1 Krakatoa: Ana · Ben — 2 seats free (/join 1)",
                     "[dm Ben] #1 Krakatoa: Ana · Ben — open to anyone (/join 1), waiting for Ana to start it",
                     "[dm Ben] Open tables you can join:",
                     "[dm Ben] #2 K3: Dee — 3 seats free (/join 2)",
                     "[dm Fay] #3 Kona: Eve · Fay — invited: answer with /accept or /decline",
                     "[dm Fay] Open tables you can join:",
                     "[dm Fay] #2 K3: Dee — 3 seats free (/join 2)",
                     "[dm Fay] #1 Krakatoa: Ana · Ben — 2 seats free (/join 1)"]


async def test_games_in_spanish_says_the_same_lines_in_spanish(tmp_path: Path) -> None:
    """``/games es``, as Discord's ``/games`` for a Spanish reader: every line of the listing in Spanish (the
    service's tournament and lesson lines too), the tables, numbers and names as in English, the commands by the names
    a Spanish Discord shows (``console_areas/spanish_advice.py``); any other word is refused."""
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-d3", "Ben: /draw",
                          "Cy: /play krakatoa", "Dee: /tournament create kona format=swiss", "Ana: /learn plateau",
                          "Ana: /games", "Ana: /games es", "Cy: /games es", "Eve: /games es", "Eve: /games fr"],
                         tmp_path)
    listed = out[next(i for i, line in enumerate(out) if line.startswith("[dm Ana] #1 Kona")):]
    said = [re.sub(r", (deadline|closes|plazo|se cierra) \d{4}-.*?\)", "", line) for line in listed
            if line.startswith(("[dm ", "[error "))]
    english = said[:said.index("[dm Ana] Tournaments open for entries:") + 2]
    spanish = said[len(english):]
    assert english[:2] == ["[dm Ana] #1 Kona: Ana · Ben — Ben to move; Ben offers a draw (/draw accepts it, "
                           "/decline-draw refuses it)",
                           "[dm Ana] Your lesson: Plateau, step by step — step 1 of 16 (go on with /learn plateau)."]
    assert spanish == [
        "[dm Ana] #1 Kona: Ana · Ben — le toca a Ben; Ben ofrece tablas (/tablas las acepta, /rechazar-tablas las "
        "rechaza)",
        "[dm Ana] Tu lección: Plateau paso a paso — paso 1 de 16 (sigue con /aprender plateau).",
        "[dm Ana] Mesas abiertas en las que puedes sentarte:",
        "[dm Ana] #2 Krakatoa: Cy — 3 asientos libres (/unirme 2)",
        "[dm Ana] Torneos con inscripción abierta:",
        "[dm Ana] Torneo #1 (Kona, suizo), organizado por Dee: aún no se ha apuntado nadie, 64 plazas libres; "
        "apúntate con /torneo apuntarse 1.",
        "[dm Cy] #2 Krakatoa: Cy — abierta a todos (/unirme 2); empiézala con /empezar cuando estén todos (/empezar "
        "fill=mesa: Mesa ocupa los asientos vacíos)",
        "[dm Cy] Torneos con inscripción abierta:",
        "[dm Cy] Torneo #1 (Kona, suizo), organizado por Dee: aún no se ha apuntado nadie, 64 plazas libres; "
        "apúntate con /torneo apuntarse 1.",
        "[dm Eve] No tienes ninguna partida en juego; empieza una con /jugar JUEGO @NOMBRE, o /jugar JUEGO @mesa para "
        "jugar contra el ordenador",
        "[dm Eve] Mesas abiertas en las que puedes sentarte:",
        "[dm Eve] #2 Krakatoa: Cy — 3 asientos libres (/unirme 2)",
        "[dm Eve] Torneos con inscripción abierta:",
        "[dm Eve] Torneo #1 (Kona, suizo), organizado por Dee: aún no se ha apuntado nadie, 64 plazas libres; "
        "apúntate con /torneo apuntarse 1.",
        "[error Eve] /games takes en or es (your games in English or Spanish) or nothing, not 'fr'"], spanish
    ana = next(line for line in out if line.startswith("[dm Ana] #1 Kona: Ana · Ben — le toca a Ben"))
    assert re.search(r"— le toca a Ben, plazo \d{4}-\d\d-\d\d \d\d:\d\d UTC \(quedan 3d\); Ben ofrece", ana), ana


async def test_games_says_a_cancel_asked_after_k3_s_deal(tmp_path: Path) -> None:
    out = await _console(["Ana: /play k3 @Ben", "Ben: /accept", "Ben: /abort", "Ana: /games", "Ben: /games"],
                         tmp_path)
    games = [line for line in out if line.startswith("[dm ") and " — " in line]
    assert games[0].startswith("[dm Ana] #1 K3: ")
    assert games[0].endswith("; Ben asks to cancel the table (/abort agrees)")
    assert games[1].startswith("[dm Ben] #1 K3: ") and games[1].endswith("; you asked to cancel the table")


async def test_a_number_after_a_table_command_is_its_table_and_a_stray_word_is_refused(tmp_path: Path) -> None:
    # "/abort 2" cancelled the caller's own table #1: the number was ignored, as was any other word
    out = await _console(["Ana: /play krakatoa", "Ben: /play krakatoa", "Ana: /abort 2", "Ana: /abort please",
                          "Ana: /games", "Cy: /play kona @Dee seat=first", "Dee: /accept 3", "Cy: /resign #9",
                          "Cy: /resign 3 now",
                          "Cy: /draw offer", "Dee: /draw decline", "Dee: /draw accept", "Dee: /draw offer",
                          "Cy: /draw accept",
                          "Ben: /start now", "Ben: /start fill=mesa 2 level=easy", "Ana: /abort #1"], tmp_path)
    assert "[error Ana] Only the host of table #2 can do that." in out  # table #2 meant, and refused
    assert "[error Ana] /abort takes no words but a table's number, and 'please' is not one: write /abort, or " \
        "/abort 2 (or table=2) for table #2" in out
    assert any(line.startswith("[dm Ana] #1 Krakatoa: Ana — open to anyone") for line in out), "#1 still open"
    assert "[error Cy] There is no table #9 in this server." in out
    assert any(line.startswith("[error Cy] /resign takes no words but a table's number, and '3 now'") for line in out)
    assert any(line.startswith("[#3] Cy offers a draw in Kona #3") for line in out)  # /draw offer: Discord's words
    assert any(line.startswith("[#3]") and "declined" in line for line in out), out  # /draw decline
    assert "[error Dee] There is no draw offer to accept at table #3: a move since has refused it, or none was " \
        "made. To offer one yourself, use /draw." in out  # /draw accept with nothing to accept makes no offer
    assert any(line.startswith("[#3] Dee offers a draw") for line in out)  # /draw offer does
    assert "[#3] Every player agreed: Kona table #3 is cancelled, without results." in out
    assert "[error Ben] /start takes fill=mesa, level=easy|normal|hard and a table's number, and 'now' is none of " \
        "them: write /start, /start 2 for table #2, or /start fill=mesa level=hard" in out
    assert any(line.startswith("[#2] Krakatoa #2 begins: ") and "Mesa (easy)" in line for line in out)
    assert out[-1] == "[#1] Ana cancelled Krakatoa table #1."


async def test_a_slip_of_the_keyboard_is_answered_with_the_command_it_meant(tmp_path: Path) -> None:
    # "/pla kona" was told only "Unknown command /pla; try /help"
    from console import COMMANDS

    out = await _console(["Ana: /pla kona", "Ana: /resing", "Ana: /dance", *(f"Zed: /{verb}" for verb in COMMANDS)],
                         tmp_path)
    assert out[0] == "[error Ana] Unknown command /pla: did you mean /play? /help lists them all"
    assert out[1] == "[error Ana] Unknown command /resing: did you mean /resign? /help lists them all"
    assert out[2] == "[error Ana] Unknown command /dance; try /help"  # nothing near enough ("games"): no guess
    assert not any("Unknown command" in line for line in out[3:])  # every name suggested is a command


async def test_a_player_named_without_at_and_words_a_reading_command_does_not_take_are_refused(
        tmp_path: Path) -> None:
    # "/stats Ben" showed the caller's own stats; "/play krakatoa mesa" was "I could not read mesa"; "/games x",
    # "/recompute x", "/help x" and "/leaderboard kona 2 x" passed over the words; "/history Ben" said "no game"
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ben: /resign",
                          "Ana: /stats Ben", "Ana: /stats @Ben junk", "Ana: /stats Zed", "Ana: /history Ben",
                          "Ana: /history @Ben kona junk", "Ana: /play krakatoa mesa", "Ana: /play k3 ben bots=1",
                          "Ana: /play k3 ana", "Ana: /games x", "Ana: /recompute now", "Ana: /help please",
                          "Ana: /leaderboard kona 2 x", "Ana: /leaderboard kona next"], tmp_path)
    errors = [line for line in out if line.startswith("[error")]
    assert errors == [
        "[error Ana] Name a player with @: /stats @Ben",
        "[error Ana] Write /stats for your own ratings, or /stats @NAME for one player's, not '@Ben junk'",
        "[error Ana] Write /stats for your own ratings, or /stats @NAME for one player's, not 'Zed'",
        "[error Ana] Name a player with @: /history @Ben",
        "[error Ana] /history takes a player (@NAME) and a game, and 'junk' is a word too many: for example "
        "/history @Ben kona",
        "[error Ana] Name players with @: /play krakatoa @mesa",
        "[error Ana] Name players with @: /play k3 @ben",
        "[error Ana] I could not read ana: after /play GAME, name players as @NAME (a name with spaces in quotes: "
        "@\"Ana Maria\") and options as option=value, for example /play k3 @Ben bots=2 level=normal",  # herself
        "[error Ana] /games takes en or es (your games in English or Spanish) or nothing, not 'x'",
        "[error Ana] /recompute takes no words: write /recompute alone (not 'now')",
        "[error Ana] /help takes en or es (this help in English or Spanish) or nothing, not 'please'",
        "[error Ana] '2 x' is not a page number: write /leaderboard kona 2 for its second page",
        "[error Ana] 'next' is not a page number: write /leaderboard kona 2 for its second page",
    ]
    assert not any(line.startswith(("[dm Ana] Stats of", "[#2]", "[help]")) for line in out)  # nothing shown or made


async def test_games_says_what_a_tournament_waits_for(tmp_path: Path) -> None:
    # the organiser of an event open for entries, its entrants, and an organiser whose event runs without them were
    # all told "You have no active games"
    # and one who had not entered was not told of it
    out = await _console(["Ana: /tournament create kona format=swiss", "Ben: /tournament join", "Ana: /games",
                          "Ben: /games", "Cy: /games", "Cy: /tournament join", "Ana: /tournament start",
                          "Ana: /games"], tmp_path)
    said = [line for line in out if line.startswith(("[dm Ana]", "[dm Ben]", "[dm Cy]"))]
    assert said == [
        "[dm Ana] Tournament #1 (Kona, Swiss): open for entries, 1 player in; yours to start with /tournament start 1 "
        "once everyone has joined.",
        "[dm Ben] Tournament #1 (Kona, Swiss): you are entered, 1 player in so far; it begins when Ana starts it.",
        f"[dm Cy] {WORDS['en']['none']}",
        "[dm Cy] Tournaments open for entries:",
        "[dm Cy] Tournament #1 (Kona, Swiss), organised by Ana: 1 player in so far, 63 places left; enter it with "
        "/tournament join 1.",
        "[dm Ana] Tournament #1 (Kona), which you organise: round 1 of 1, 1 table still playing (/tournament "
        "standings 1).",
    ]


async def test_an_event_no_one_starts_is_warned_then_closes(tmp_path: Path) -> None:
    out = await _console(["Ana: /tournament create kona format=swiss", "Ben: /tournament join", "Ana: /clock +13d",
                          "Ana: /clock +1h", "Ana: /clock +1d", "Ana: /games", "Cy: /tournament join"], tmp_path)
    warning = out.index("[tournament #1] Tournament #1 (Kona) has waited 13 days for its start with no one joining "
                        "or leaving, and closes unstarted in a day. Ana can start it now with /tournament start 1; a "
                        "join or a leave keeps it open.")
    assert out[warning + 1] == "[tournament #1]   for: Ana"
    closed = out.index("[tournament #1] Tournament #1 (Kona) closed unstarted: in 14 days no one started it, joined "
                       "or left. Nothing was played, so nothing is counted.")
    assert closed > warning and out[closed + 1] == "[tournament #1]   for: Ana, Ben"
    assert out[-2].startswith("[dm Ana] You have no active games")
    assert out[-1].startswith("[error Cy] No tournament in this server is taking players")


async def test_games_says_the_lesson_left_halfway(tmp_path: Path) -> None:
    from tables.learn import courses

    steps = len(courses()["kona"].steps)  # the course grows; the test follows it
    out = await _console(["Ana: /learn kona", "Ana: /move a6-d3", "Ana: /games", "Ben: /games"], tmp_path)
    assert out[-3:] == [
        "[dm Ana] You have no active games; start one with /play GAME @NAME, or /play GAME @mesa to play the computer",
        f"[dm Ana] Your lesson: Kona, step by step — step 2 of {steps} (go on with /learn kona).",
        "[dm Ben] You have no active games; start one with /play GAME @NAME, or /play GAME @mesa to play the computer",
    ]


async def test_games_says_a_pyramid_to_build_not_a_move(tmp_path: Path) -> None:
    # /games said "your turn" while K3's pyramids were being built, and "Ben to move" of a player still building
    out = await _console(["Ana: /play k3 @Ben", "Ben: /accept", "Ana: /games", "Ana: /build", "Ana: /games",
                          "Ben: /build", "Ana: /games"], tmp_path)
    games = [line.split(" — ")[1].split(",")[0] for line in out if line.startswith("[dm Ana] #1 K3: ")]
    assert games[:2] == ["build your pyramid (/build)", "waiting for Ben to build"]
    assert games[2] in ("your turn", "Ben to move")  # play has begun: whoever built first moves first (K3-3)


async def test_join_with_no_open_table_says_how_to_open_one(tmp_path: Path) -> None:
    # /join with no open table said "name one with /join N", of tables that did not exist
    out = await _console(["Ana: /join"], tmp_path)
    assert out == ["[error Ana] There is no open table to join; open one anyone may join with /play k3 or /play "
                   "krakatoa (no @NAME), or name a table with /join N"]



async def test_build_takes_a_pyramid_typed_out(tmp_path: Path) -> None:
    # /build build:0:Y/KG/... said "There is no build style build:0:Y/KG/...": a pyramid typed out is the build itself,
    # as /move build:... plays it (and one for another seat is refused as such)
    proposed = await _console(["Ana: /play k3 @Ben seat=first", "Ben: /accept", "Ana: /build sensible"],
                              tmp_path / "a")
    view = [line for line in proposed if line.startswith("[dm Ana] Your view of K3 #1")][-1]
    pyramid = view.split(": ", 1)[1].split()[1].split("|")[0]  # seat 0's ranks, top first: Y/KG/WRB/...
    assert re.fullmatch(r"[A-Z]+(/[A-Z]+)+", pyramid)
    out = await _console(["Ana: /play k3 @Ben seat=first", "Ben: /accept", "Ana: /build nice",
                          f"Ana: /build build:1:{pyramid}", f"Ana: /build build:0:{pyramid}"], tmp_path / "b")
    assert "[error Ana] There is no build style nice: use sensible or random." in out  # a word: the styles named
    assert any(line.startswith("[error Ana] That move belongs to another player.") for line in out)
    assert sum("no build style" in line for line in out) == 1  # the typed pyramids were judged as moves
    assert "[#1] K3 #1 · Ana built a pyramid" in out


async def test_build_names_its_table_with_a_number_alone(tmp_path: Path) -> None:
    # with two pyramids to build, /build 2 said "You have several tables ... add table=N", and /build random 1 was
    # judged as the build "random 1": a number alone names the table, as /resign 2 does
    out = await _console(["Ana: /play k3 @Ben seat=first", "Ben: /accept", "Ana: /play k3 @Cy seat=first",
                          "Cy: /accept", "Ana: /build", "Ana: /build 2", "Ana: /build random #1", "Ana: /build 1"],
                         tmp_path)
    assert out.count("[error Ana] You have several tables (#1 K3, #2 K3); add table=N") == 1  # /build alone
    built = [line for line in out if line.endswith("Ana built a pyramid")]
    assert built == ["[#2] K3 #2 · Ana built a pyramid", "[#1] K3 #1 · Ana built a pyramid"]
    assert out[-1] == "[error Ana] There is no pyramid for you to build now at table #1."  # built already


async def test_a_mention_with_no_name_or_a_second_at_is_refused_and_invites_nobody(tmp_path: Path) -> None:
    # "/play plateau @" invited a player with an empty name ("Ana invites  to a game", "waiting for , ..."), and
    # "@@Cy" one called "@Cy"; "/stats @" showed the caller's own
    out = await _console(["Ana: /play plateau @", "Ana: /play plateau @@Cy", 'Ana: /play plateau @" "',
                          "Ana: /stats @", "Ana: /history @", "Ana: /games", 'Ana: /play plateau @"Ana María"'],
                         tmp_path)
    refusal = ("[error Ana] Name a player as @NAME, a name of letters, digits, . - and spaces (in quotes: "
               "@\"Ana Maria\"), ")
    assert out[:5] == [refusal + "not @", refusal + "not @@Cy", refusal + "not @ ", refusal + "not @",
                       refusal + "not @"]
    assert not any("invites" in line for line in out[:6]) and "#1" not in "".join(out[:6])  # no table opened
    assert out[-2] == "[#1] Ana invites Ana María to a game of Plateau (table #1; 3d per move, rated ✓)."


@pytest.mark.parametrize(("lang", "many", "one"), [
    ("en", "No moves for you now: waiting for Ben and Cy", "No moves for you now: it is Cy's turn"),
    ("es", "Ahora no tienes jugadas: esperando a Ben y Cy", "Ahora no tienes jugadas: le toca a Cy")])
async def test_moves_while_several_build_names_them_as_a_list(lang: str, many: str, one: str) -> None:
    # "/moves" after building your pyramid while two others build said "le toca a Ben, Cy" (it is Ben, Cy's turn)
    out: list[str] = []
    await run(["Ana: /play k3 @Ben @Cy", "Ben: /accept", "Cy: /accept", "Ana: /build", "Ana: /moves", "Ben: /build",
               "Ana: /moves"], ":memory:", None, False, out.append, seed=3, lang=lang)
    said = [line for line in out if line.startswith("[dm Ana] #1 ")]
    swapped = many.replace("Ben", "?").replace("Cy", "Ben").replace("?", "Cy")  # in seat order, whichever it is
    assert said[0] in (f"[dm Ana] #1 {many}", f"[dm Ana] #1 {swapped}") and said[1:] == [f"[dm Ana] #1 {one}"]


async def test_history_without_words_lists_the_moves_of_a_game_in_play_not_of_an_invitation(tmp_path: Path) -> None:
    """A bare /history lists the moves of the caller's only game in play; with only an invitation waiting (a
    rematch offered) it printed "#2 moves: (none)" before the recent games."""
    out = await _console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ben: /resign", "Ana: /rematch 1",
                          "Ana: /history", "Ben: /accept", "Ben: /move a6-d3", "Ana: /history"], tmp_path)
    said = [line for line in out if line.startswith("[dm Ana]")]
    first = said[:said.index("[dm Ana] Recent tables of Ana") + 1]
    assert first == ["[dm Ana] Recent tables of Ana"], said  # the invitation has no moves to list
    assert "[dm Ana] #2 moves: 1. Ben moved from a6 to d3, uncovering a poodle on a6" in said  # the game in play
