"""Bad input gets a clear answer and nothing changes (issue 14): range checks, long input, repeated
options, and a fuzz over console lines — random and near-valid commands, huge numbers and strings,
unicode, empty lines.  Every refusal is one line, no traceback escapes, and a refused command writes
nothing to the database."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from console import Console, PretendClock
from tables.service import open_service

NAMES = ["Ana", "Ben", "Cy", "Dee"]
HUGE = "9" * 5000
NUMBERS = ["0", "1", "2", "-1", "3.5", "#2", "99999999999999999999999", "9" * 19, HUGE[:4400], "1e9", "0x10",
           "٣", "²"]
WORDS = ["kona", "plateau", "k3", "krakatoa", "carpniches", "chess", "auto", "steam", "throw", "keep", "full",
         "es", "sensible", "random", "a6-d3", "f6-c3", "+xx.rb@a1", "Ka3-c3", "aim s1 hard", "pass", "Ws",
         "ñandú", "🦫", "\u202eevil", "zero\u200bwidth", "\"unclosed", "'", "@", "@@Ben", "=", "table=", "x" * 300]
OPTIONS = ["seat=first", "seat=second", "seat=middle", "seat=", "=first", "rated=maybe", "time_per_move=1h",
           "time_per_move=0s", f"time_per_move={HUGE[:60]}", "time_per_move=99999999999d", "move_limit=-5",
           "move_limit=99999999999", "preset=basic", "teams=true", "cooperative=true", "thief=next", "max_plies=1"]
VERBS = ["/play", "/accept", "/decline", "/join", "/start", "/leave", "/abort", "/move", "/moves", "/auto", "/build",
         "/mine", "/board", "/games", "/history", "/leaderboard", "/stats", "/replay", "/recompute", "/resign",
         "/draw", "/decline-draw", "/rules", "/clock", "/help", "/dance", "play", "/", "//move", "/MOVE"]


def near_valid(rng: random.Random) -> str:
    name = rng.choice(NAMES)
    verb = rng.choice(VERBS)
    parts = [verb]
    for _ in range(rng.randint(0, 4)):
        kind = rng.random()
        if kind < 0.3:
            parts.append(rng.choice(WORDS))
        elif kind < 0.5:
            parts.append(rng.choice(NUMBERS))
        elif kind < 0.7:
            parts.append(rng.choice(OPTIONS))
        elif kind < 0.85:
            parts.append("@" + rng.choice(NAMES))
        else:
            parts.append(f"table={rng.choice(NUMBERS)}")
    if verb == "/clock":
        parts = [verb, rng.choice(["+1h", "+3d", "+99999999999d", "+999999999h", "+999999h", "-1d", "+", "+0m",
                                   "+1d12h", f"+{HUGE[:30]}m"])]
    return f"{name}: {' '.join(parts)}"


def noise(rng: random.Random) -> str:
    alphabet = "abcxyz:/@=#+-. 0123456789ñ€🦫\t\u200b\u202e\"'"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))


def fuzz_lines(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    # a few real tables first, so that commands meet games in every phase
    lines = ["Ana: /play kona @Ben seat=first", "Ben: /accept", "Cy: /play k3 @Dee @Ana", "Dee: /accept",
             "Ana: /accept", "Ben: /play krakatoa preset=basic", "Cy: /join 3", "Ben: /start table=3"]
    for _ in range(count):
        roll = rng.random()
        if roll < 0.65:
            lines.append(near_valid(rng))
        elif roll < 0.75:
            lines.append(f"{rng.choice(NAMES)}: /auto")
        elif roll < 0.85:
            lines.append(noise(rng))
        elif roll < 0.9:
            lines.append(rng.choice(["", "   ", ":", "Ana:", " : /help", "#comment", "Ana: " + "x" * 2000,
                                     "x" * 100_000, f"Ana: /move {HUGE}", "🦫: /help", "N" * 40 + ": /games"]))
        else:
            lines.append(f"{rng.choice(NAMES)}: /move {rng.choice(WORDS)} {rng.choice(['', 'table=1', 'table=2'])}")
    return lines


async def run_checked(lines: list[str], tmp_path: Path, lang: str = "en") -> list[str]:
    clock = PretendClock()
    service = await open_service(str(tmp_path / "fuzz.db"), clock=clock, images=False, seed_source=lambda: 42)
    out: list[str] = []
    console = Console(service, clock, None, out.append, lang=lang)
    await console.speak()
    db = service.repo._db  # the connection's count of written rows: a refusal must leave it unchanged
    try:
        for line in lines:
            before_rows, before_len = db.total_changes, len(out)
            await console.handle(line)  # raises on any escaping exception: the test fails with it
            said = out[before_len:]
            assert not any("internal error" in s or "error interno" in s or "Traceback" in s for s in said), \
                (line[:80], said)
            if said and said[0].startswith("[error"):
                assert len(said) == 1, (line[:80], said)  # one line, nothing else
                assert len(said[0]) <= 400, (line[:80], said[0][:100])  # short: nothing huge echoed
                assert db.total_changes == before_rows, (line[:80], said)  # and nothing changed
    finally:
        await service.repo.close()
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_fuzzed_console_lines_are_answered_or_refused_in_one_line(seed: int, tmp_path: Path) -> None:
    out = await run_checked(fuzz_lines(seed, 400), tmp_path)
    assert sum(line.startswith("[error") for line in out) > 100, "the fuzz reaches the refusals"
    assert any(line.startswith("[#1]") for line in out), "and the games"


async def test_fuzzed_lines_in_a_spanish_console_are_answered_in_spanish(tmp_path: Path) -> None:
    """``--lang es``: the same fuzz, and none of the console's own English words leak into what it says."""
    from console_areas.texts import CONSOLE_TEXTS, HINTS, LINES

    out = await run_checked(fuzz_lines(4, 400), tmp_path, "es")
    assert sum(line.startswith("[error") for line in out) > 100 and any(line.startswith("[#1]") for line in out)
    english = {template.split("{")[0].strip() for catalog in (CONSOLE_TEXTS, HINTS, LINES)
               for template in catalog["en"].values()}
    leaks = sorted({words for words in english if len(words) >= 12 for line in out if words in line})
    assert leaks == [], leaks
    assert any("No tienes ninguna mesa" in line or "No existe el comando" in line for line in out)


async def test_numbers_are_range_checked_before_storage(tmp_path: Path) -> None:
    lines = [
        "Ana: /play kona @Ben", "Ben: /accept",
        "Ana: /move f6-c3 table=99999999999999999999999",
        f"Ana: /play kona @Ben time_per_move={HUGE[:900]}",
        "Ana: /play kona @Ben time_per_move=99999999999999999999999",
        "Ana: /play kona @Ben move_limit=99999999999999999999999",
        "Ana: /clock +99999999999d", "Ana: /clock +999999999h",
        "Ana: /join 99999999999999999999999", "Ana: /replay 99999999999999999999999",
        "Ana: /history table=99999999999999999999999",
    ]
    out = await run_checked(lines, tmp_path)
    refusals = [line for line in out if line.startswith("[error Ana]")]
    assert len(refusals) == 9
    assert "[error Ana] 99999999999999999999… is not a table number; write table=N, for example table=3" in refusals
    # where the number follows the command, the refusal shows that command
    assert "[error Ana] 99999999999999999999… is not a table number; write /join N, for example /join 3" in refusals
    assert "[error Ana] 99999999999999999999… is not a table number; write /replay N, for example /replay 3" in refusals
    assert any("is not a time per move I can read" in r and "…" in r for r in refusals)  # cut, not echoed whole
    assert any("move_limit takes a whole number from 0 to 1000000" in r for r in refusals)
    assert refusals.count("[error Ana] The clock moves at most 1 year at a time (for example /clock +30d)") == 2


async def test_overlong_input_and_repeated_options_are_refused_in_one_short_line(tmp_path: Path) -> None:
    lines = [
        "Ana: /play kona @Ben seat=first", "Ben: /accept",
        "Ana: /move " + "a6-d3" * 100,
        "Ana: /move " + "x" * 100_000,
        "Ana: /play kona @Cy seat=first seat=second",
        "Ana: /move a6-d3 table=1 table=1",
        "N" * 33 + ": /games",
        "Ana: /move zz-" + "q" * 190,
    ]
    out = await run_checked(lines, tmp_path)
    refusals = [line for line in out if line.startswith("[error")]
    assert refusals[:5] == [
        "[error Ana] That move is 500 characters long; a move is at most 200.",
        "[error ?] That line is 100011 characters long; a line is at most 1000",
        "[error Ana] seat= is given twice; give each option once",
        "[error Ana] table= is given twice; give each option once",
        "[error ?] 'NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN' is not a usable name (letters, digits, . - and spaces; "
        "at most 32)",
    ]
    assert refusals[5].startswith("[error Ana] zz-qqq") and "…" in refusals[5] and len(refusals[5]) < 300


async def test_names_are_cut_to_discords_length_in_the_service(tmp_path: Path) -> None:
    from test_tables_service import CHANNEL, GUILD
    from test_tables_service import open_service as open_test_service

    repo, svc = await open_test_service(tmp_path / "mesa.db")
    out = await svc.create(GUILD, CHANNEL, 1, "A" * 100, "kona", [(2, "B" * 100)])
    assert out[0].params["host"] == "A" * 32 and out[0].params["invited"] == ("B" * 32,)
    await repo.close()
