"""Issue 9 in the console: /leaderboard, /stats, /history, /replay, /recompute from a piped script."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_console(script: list[str], tmp_path: Path, *extra: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "console.py", "--db", str(tmp_path / "c.db"), "--out", str(tmp_path / "out"), "--seed", "5",
         *extra],
        input="\n".join(script) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=240,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.splitlines()


def test_console_leaderboard_stats_history_replay(tmp_path: Path) -> None:
    script = [
        "Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-a4", "Ben: /resign",  # 1: Ana beats Ben
        "Ana: /play kona @Cy", "Cy: /accept", "Ana: /resign",  # 2: Cy beats Ana
        "Ana: /play kona @Ben rated=false", "Ben: /accept", "Ana: /resign",  # 3: unrated
        "Ana: /leaderboard kona",
        "Dee: /leaderboard carpniches",
        "Ana: /leaderboard chess",
        "Dee: /leaderboard plateau",
        "Ana: /leaderboard",
        "Ana: /stats",
        "Ana: /stats @Cy",
        "Dee: /stats",
        "Ana: /history",
        "Ana: /history @Cy kona",
        "Ana: /replay 1",
        "Ana: /replay 42",
        "Dee: /replay",  # none named: her latest finished table, and she has none
        "Cy: /replay",  # his latest finished table: #2
        "Ana: /play plateau @Ben", "Ben: /accept",
        "Ana: /replay table=4",
        "Ana: /recompute",
    ]
    out = run_console(script, tmp_path)
    board = out.index("[dm Ana] Kona leaderboard")
    # Cy and Ana won once each; Cy's win was over a player who had already won: Cy is first
    assert out[board + 1].startswith("[dm Ana] 1. Cy ") and "(1 game, 1 win)" in out[board + 1]
    assert out[board + 2].startswith("[dm Ana] 2. Ana ") and "(2 games, 1 win)" in out[board + 2]
    assert out[board + 3].startswith("[dm Ana] 3. Ben ") and "?" in out[board + 3]  # provisional
    assert re.search(r"\(image: .+leaderboard-kona-p1\.png\)$", out[board + 3])
    assert "[dm Dee] You:" not in out  # Dee has no rating: no own row
    empty = out.index("[dm Dee] Plateau leaderboard")  # an empty board says how to get on it
    assert out[empty + 1] == "[dm Dee] No rated games yet"
    assert out[empty + 2].startswith("[dm Dee] Every rated game that ends in this server puts its players here: "
                                     "challenge someone with /play plateau @friend (a table is rated unless opened "
                                     "with rated=false). Games against Mesa are not rated in this server. (image: ")
    assert "[error Ana] There is no game called chess. Choose one of: kona, plateau, k3, krakatoa." in out
    assert "[error Ana] Write /leaderboard GAME [PAGE], for example /leaderboard kona; the games: kona, plateau, " \
        "k3, krakatoa" in out
    stats = next(line for line in out if line.startswith("[dm Ana] Kona: rating"))
    assert "rank 2 of 3 · 2 games: 1 won, 1 lost, 0 drawn · streak L1 · last five L W" in stats
    assert any(line.startswith("[dm Ana] Kona: rating") and "rank 1 of 3" in line for line in out)  # Cy's
    assert "[dm Dee] You have no rated games in this server yet: your rating in a game appears here once you finish " \
        "a rated game of it (challenge someone with /play GAME @friend)." in out  # her own: how to get one
    history = out.index("[dm Ana] Recent tables of Ana")
    assert out[history + 1].startswith("[dm Ana] #3 Kona · lost, unrated · ")
    assert out[history + 2].startswith("[dm Ana] #2 Kona · lost · ")
    assert out[history + 3].startswith("[dm Ana] #1 Kona · won · ")
    cy = out.index("[dm Ana] Recent Kona tables of Cy")  # one game asked for: the title names it
    assert out[cy + 1].startswith("[dm Ana] #2 Kona · won")
    replay = next(line for line in out if line.startswith("[replay #1]"))
    assert "Replay of Kona #1: Ana, Ben (2 frames)" in replay  # the start and the position after a6-a4
    gif = Path(re.search(r"\(image: (.+\.gif)\)$", replay).group(1))  # type: ignore[union-attr]
    assert gif.read_bytes()[:6] == b"GIF89a"
    assert "[error Ana] There is no table #42 in this server." in out
    assert "[error Dee] You have no finished game in this server yet: /replay N replays finished table #N." in out
    assert any(line.startswith("[replay #2] Replay of Kona #2: ") and "Cy" in line for line in out)
    assert "[error Ana] Table #4 is still being played: replays are for finished games." in out
    assert out[-1] == "[dm Ana] Ratings rebuilt from the stored results of this server: every number was already right."
    charts = [line for line in out if re.search(r"stats-\w+-kona\.png\)$", line)]
    assert len(charts) == 2


def test_console_history_of_a_live_table_lists_its_moves(tmp_path: Path) -> None:
    out = run_console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-a4", "Ana: /history",
                       "Ana: /history table=1", "Ana: /history carpniches", "Ana: /history knoa",
                       "Ana: /leaderboard knoa"], tmp_path,
                      "--no-images")
    # in words (issue 28, item 3)
    assert out.count("[dm Ana] #1 moves: 1. Ana moved from a6 to a4, uncovering a poodle on a6") == 2
    assert not any("How it ended" in line for line in out)  # a live table has no ending yet
    assert "[dm Ana] Ana has no finished tables in this server yet." in out
    assert "[dm Ana] Ana has no finished Kona tables in this server yet." in out  # the game asked for, named
    assert out.count("[error Ana] There is no game called knoa: did you mean kona? The games: kona, plateau, k3, "
                     "krakatoa.") == 2  # /history knoa and /leaderboard knoa alike


def test_console_history_of_a_finished_table_says_first_how_it_ended(tmp_path: Path) -> None:
    """A finished table's moves came without its end: the thread's result, said again before the moves (a live
    table's have none: above)."""
    out = run_console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-a4", "Ben: /resign",
                       "Cy: /history table=1"], tmp_path, "--no-images")
    at = out.index("[dm Cy] How it ended: Ana wins Kona #1: Ben resigned.")
    assert out[at + 1].startswith("[dm Cy] #1 moves: 1. Ana moved from a6 to a4")
    spanish = run_console(["Ana: /play kona @Ben seat=first", "Ben: /accept", "Ana: /move a6-a4", "Ben: /resign",
                           "Cy: /history table=1"], tmp_path, "--no-images", "--lang", "es")
    assert "[dm Cy] Cómo terminó: Ana gana Kona #1: Ben abandonó." in spanish


def test_console_replay_says_the_frames_its_gif_has(tmp_path: Path) -> None:
    """Issue 28 (item 11): a replay says how many frames its GIF really has, not how many positions it
    was drawn from (Krakatoa's set choices change no picture, so they get no frame)."""
    from PIL import Image

    script = ["Ana: /play krakatoa @Ben", "Ben: /accept", *["Ana: /auto", "Ben: /auto"] * 3, "Ana: /resign",
              "Ana: /replay 1"]
    out = run_console(script, tmp_path)
    replay = next(line for line in out if line.startswith("[replay #1]"))
    said = int(re.search(r"\((\d+) frames\)", replay).group(1))  # type: ignore[union-attr]
    gif = Path(re.search(r"\(image: (.+\.gif)\)$", replay).group(1))  # type: ignore[union-attr]
    with Image.open(gif) as image:
        assert said == image.n_frames
    moves = [line for line in out if line.startswith("[#1] Krakatoa #1 · ")]
    assert len(moves) >= 3  # the set choices and throws were played: more positions than frames
