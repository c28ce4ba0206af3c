"""The console's /games says how much time is left, as Discord's does ("in 11 hours"), and names two players to
move as a list ("Cy and Dee to move", not "Cy, Dee to move")."""

from __future__ import annotations

from pathlib import Path

from console_session import open_console, said


async def test_games_says_the_time_left(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path / "c.db")
    try:
        for line in ("Ana: /play kona @Ben time_per_move=1d", "Ben: /accept", "Ana: /clock +13h"):
            await said(con, out, line)
        [games] = await said(con, out, "Ana: /games")
        assert "2026-03-02 12:00 UTC" in games and "11h left" in games, games
    finally:
        await svc.close()


async def test_games_names_the_players_to_move_as_a_list(tmp_path: Path) -> None:
    svc, con, out = await open_console(tmp_path / "c.db")
    try:
        for line in ("Ana: /play k3 @Ben @Cy @Dee time_per_move=1d", "Ben: /accept", "Cy: /accept", "Dee: /accept",
                     "Ana: /build random", "Ben: /build random"):
            await said(con, out, line)
        [games] = await said(con, out, "Ana: /games")
        # still building their pyramids: a build, not a move
        assert ("waiting for Cy and Dee to build" in games or "waiting for Dee and Cy to build" in games), games
    finally:
        await svc.close()


async def test_games_says_when_an_invitation_closes(tmp_path: Path) -> None:
    """An invitation or open table closes after the server's expiry (3 days by default): /games said only
    "invited" / "open", never when."""
    svc, con, out = await open_console(tmp_path / "c.db")
    try:
        await said(con, out, "Ana: /play kona @Ben")
        await said(con, out, "Ana: /play k3")
        await said(con, out, "Ana: /clock +1d")
        games = await said(con, out, "Ana: /games")
        assert len(games) == 2 and all("2026-03-04 12:00 UTC (2d left)" in line for line in games), games
    finally:
        await svc.close()
