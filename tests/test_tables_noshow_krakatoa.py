"""A Krakatoa table nobody played (each turn the clock's, KR-8.4's auto, every player away) is no game played:
it counts for a tournament's round but moves no rating, as a no-show of a duel does (the README's tournaments).
A Swiss event's table played out automatically with nobody there rated its three players."""

from __future__ import annotations

from console import run

EVENT = ["Ana: /tournament create krakatoa format=swiss rounds=1 time_per_move=1h preset=basic",
         "Ben: /tournament join 1", "Cy: /tournament join 1", "Ana: /tournament join 1", "Ana: /tournament start 1"]


async def session(lines: list[str]) -> list[str]:
    printed: list[str] = []
    await run(lines, ":memory:", None, False, printed.append, seed=1, mesa_iterations=10, warn=printed.append)
    return printed


async def test_a_krakatoa_table_nobody_played_counts_for_the_event_but_rates_nobody() -> None:
    printed = await session([*EVENT, *["Ana: /clock +1h"] * 8, "Ana: /stats", "Ben: /stats", "Cy: /stats",
                             "Ana: /tournament standings 1"])
    text = "\n".join(printed)
    assert "played out automatically" in text and "wins Krakatoa #1" in text  # the round has its result
    for name in ("Ana", "Ben", "Cy"):
        assert f"[dm {name}] You have no rated games in this server yet" in text, name


async def test_a_krakatoa_table_a_player_played_is_rated_as_ever() -> None:
    # whoever is to throw first plays that throw; the others are told it is not their turn
    printed = await session([*EVENT, "Ana: /auto", "Ben: /auto", "Cy: /auto", *["Ana: /clock +1h"] * 8,
                             "Ana: /stats", "Ben: /stats", "Cy: /stats"])
    text = "\n".join(printed)
    assert "wins Krakatoa #1" in text
    assert "You have no rated games" not in text  # one move of a player's own: a game played, rated
