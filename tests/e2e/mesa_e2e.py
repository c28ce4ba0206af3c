"""Scripted players for the end-to-end suite and the load bench: whole games through Discord's surface.

A ``Cast`` is a handful of users in the stand-in's server.  Its helpers only do what a person in
Discord could do: type a slash command the bot registered, pick from autocomplete, press a button
or choose in a select menu that the bot posted (publicly, or ephemerally to that user).  Whose turn
it is comes from the board post's mentions; what a button does comes from its custom id.  The
database is only read (read-only SQLite) to check what the bot stored.
"""

from __future__ import annotations

import random
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from discord_standin.server import MANAGE_GUILD, DiscordServer, Exchange, Player

MENTION = re.compile(r"<@!?(\d+)>")
#: the players a board names to act, in its words ("bob to move", "Building pyramids: waiting for ann and cid")
TURN = re.compile(r"(?m)^(?:Building pyramids: waiting for )?(?P<who>[^\n·]+?) (?:to move|\(deadline)")
TABLE_NO = re.compile(r"#(\d+)")
#: a game that does not end after this many player moves is reported, not looped on forever
MAX_TURNS = 600


@dataclass
class Turn:
    """One player move made through Discord, with the interactions it took."""

    player: Player
    move: str
    exchanges: list[Exchange]


class Cast:
    """Users of the test server: ann, bob, cid and dee play; eve only watches; max manages the server."""

    def __init__(self, server: DiscordServer, count: int = 0, first_id: int = 1001) -> None:
        self.server = server
        names = ["ann", "bob", "cid", "dee"] + [f"user{i}" for i in range(count)]
        self.players = [Player(server, first_id + i, name) for i, name in enumerate(names)]
        self.ann, self.bob, self.cid, self.dee = self.players[:4]
        self.eve = Player(server, 5005, "eve")
        self.max = Player(server, 5006, "max", permissions=MANAGE_GUILD)
        self.by_id = {p.id: p for p in [*self.players, self.eve, self.max]}
        self.exchanges: list[Exchange] = []

    # ---- tables ---------------------------------------------------------------------------------
    async def open_table(self, host: Player, game: str, opponents: list[Player], *, accept: bool = True,
                         channel: dict[str, Any] | None = None, **options: Any) -> int:
        """``/play game @opponents ...`` by ``host`` (in ``channel``); every opponent presses Accept.  The table id."""
        named = dict(zip(("opponent", "opponent2", "opponent3"), opponents))
        ex = self.note(await host.slash("play", channel=channel, game=game, **named, **options))
        found = TABLE_NO.search(ex.text())
        assert found, f"/play gave no table number: {ex.text()!r}"
        table = int(found[1])
        if accept:
            for guest in opponents:
                invite = self.server.latest_message_with(f"mesa:inv:{table}:", public=True)
                assert invite is not None, f"no invitation posted for table {table}"
                accept_id = next(c for c in custom_ids(invite) if c.endswith(":accept"))
                self.note(await guest.press(accept_id, invite))
        return table

    def note(self, exchange: Exchange) -> Exchange:
        self.exchanges.append(exchange)
        return exchange

    def board(self, table: int) -> dict[str, Any] | None:
        """The table's current public board (the newest public post with its controls)."""
        return self.server.latest_message_with(f"mesa:resign:{table}:", public=True)

    def finished(self, table: int) -> bool:
        return self.server.latest_message_with(f"mesa:rematch:{table}:", public=True) is not None

    def movers(self, table: int) -> list[Player]:
        """Whose turn the board says it is: those it pings, or, where a player's own turn goes on (a Krakatoa
        turn's next throw, a K3 turn after a steal: the board pings nobody again), those its words name."""
        board = self.board(table)
        if board is None:
            return []
        content = board.get("content") or ""
        pinged = [self.by_id[int(u)] for u in MENTION.findall(content) if int(u) in self.by_id]
        if pinged:
            return pinged
        turn = TURN.search(content)
        named = re.split(r", | and ", turn["who"]) if turn else []
        return [p for name in named for p in self.players if p.name == name.strip()]

    # ---- one move -------------------------------------------------------------------------------
    async def turn_by_buttons(self, table: int, rng: random.Random, player: Player | None = None, *,
                              board: dict[str, Any] | None = None, wait_last: bool = True) -> Turn:
        """The player to move opens the picker under the board and walks its selects to a move.

        ``board``: press the controls of this (older) board message instead of the current one;
        ``wait_last=False``: send the final choice without waiting for its answer.
        """
        board = board or self.board(table)
        assert board is not None, f"table {table} has no board with controls"
        player = player or self.movers(table)[0]
        ids = custom_ids(board)
        exchanges: list[Exchange] = []
        pick = next((c for c in ids if c.startswith(f"mesa:pick:{table}:")), None)
        if pick is None:  # Krakatoa: the actions sit under the board itself
            return await self._quick_action(table, board, player, rng)
        ex = self.note(await player.press(pick, board))
        exchanges.append(ex)
        for _ in range(20):
            options = ex.select_options()
            select = next((c for c in ex.custom_ids() if c.startswith("mesasel:")), None)
            assert options and select, f"the picker offered nothing: {ex.text()!r}"
            value = rng.choice(options)["value"]
            message = self.server.latest_message_with(select)
            final = value.startswith("m:")
            ex = self.note(await player.press(select, message, values=[value], wait=wait_last or not final))
            exchanges.append(ex)
            if final:
                return Turn(player, value[2:], exchanges)
        raise AssertionError("the picker never reached a move in 20 steps")

    async def _quick_action(self, table: int, board: dict[str, Any], player: Player, rng: random.Random) -> Turn:
        """Krakatoa: a button (throw, keep, rethrow, a set) or an aim from the select, never Auto."""
        choices: list[tuple[str, str | None]] = []
        for row in board.get("components") or []:
            for item in row.get("components", []):
                cid = str(item.get("custom_id", ""))
                if item.get("type") == 2 and cid.startswith(f"mesa:mv:{table}:") and not cid.endswith(":auto"):
                    choices.append((cid, None))
                elif item.get("type") == 3 and cid.startswith(f"mesasel:{table}:"):
                    choices += [(cid, o["value"]) for o in item.get("options", [])]
        if not choices:  # only Auto is left
            auto = next(c for c in custom_ids(board) if c.startswith(f"mesa:mv:{table}:") and c.endswith(":auto"))
            choices = [(auto, None)]
        cid, value = rng.choice(choices)
        ex = self.note(await player.press(cid, board, values=[value] if value is not None else None))
        move = value[2:] if value else cid.split(":", 4)[4]
        return Turn(player, move, [ex])

    async def turn_by_command(self, table: int, rng: random.Random, player: Player | None = None) -> Turn:
        """The player to move types ``/move``, reads the autocomplete, and sends one of its choices."""
        player = player or self.movers(table)[0]
        typed = ""
        choices: list[dict[str, Any]] = []
        exchanges = []
        ex = self.note(await player.autocomplete("move", "text", text=typed, table=table))
        exchanges.append(ex)
        choices = ex.choices()
        assert choices, f"autocomplete offered no move at table {table}"
        # narrow down like a person does: type the first characters of one choice, then pick it
        target = str(rng.choice(choices)["value"])
        if len(target) > 2:
            ex = self.note(await player.autocomplete("move", "text", text=target[:2], table=table))
            exchanges.append(ex)
            narrowed = [str(c["value"]) for c in ex.choices()]
            assert target in narrowed, f"typing {target[:2]!r} lost {target!r}: {narrowed}"
        ex = self.note(await player.slash("move", text=target, table=table))
        exchanges.append(ex)
        return Turn(player, target, exchanges)

    async def build(self, table: int, player: Player) -> Exchange:
        """K3: Auto-build under the board, then Confirm in the private preview."""
        board = self.board(table)
        assert board is not None
        auto = next(c for c in custom_ids(board) if c.startswith(f"mesa:build:{table}:"))
        preview = self.note(await player.press(auto, board))
        confirm = next(c for c in preview.custom_ids() if c.startswith(f"mesa:mv:{table}:") and ":build:" in c)
        message = self.server.latest_message_with(confirm)
        return self.note(await player.press(confirm, message))

    async def resign(self, table: int, player: Player) -> Exchange:
        """Resign under the board, then confirm in the private question."""
        board = self.board(table)
        assert board is not None
        ask = next(c for c in custom_ids(board) if c.startswith(f"mesa:resign:{table}:"))
        question = self.note(await player.press(ask, board))
        confirm = next(c for c in question.custom_ids() if c.endswith(":yes"))
        return self.note(await player.press(confirm, self.server.latest_message_with(confirm)))

    async def play_out(self, table: int, rng: random.Random, *, by: str = "buttons",
                       max_turns: int = MAX_TURNS) -> list[Turn]:
        """Play until the result is posted."""
        turns: list[Turn] = []
        for _ in range(max_turns):
            if self.finished(table):
                return turns
            if by == "buttons":
                turns.append(await self.turn_by_buttons(table, rng))
            else:
                turns.append(await self.turn_by_command(table, rng))
        raise AssertionError(f"table {table} did not finish in {max_turns} turns")


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [str(item["custom_id"]) for row in message.get("components") or []
            for item in row.get("components", []) if "custom_id" in item]


# ---- the database, read-only -------------------------------------------------------------------------
def query(database: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute(sql, args).fetchall()
    finally:
        connection.close()


def table_row(database: Path, table: int) -> dict[str, Any]:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    connection.row_factory = sqlite3.Row
    try:
        row = connection.execute("SELECT * FROM tables WHERE id = ?", (table,)).fetchone()
        return dict(row) if row else {}
    finally:
        connection.close()


def moves(database: Path, table: int) -> list[tuple[int, int, str]]:
    return [tuple(r) for r in query(database, "SELECT ply, seat, move FROM moves WHERE table_id = ? ORDER BY ply",
                                    table)]  # type: ignore[misc]


def snapshot(database: Path) -> list[tuple[Any, ...]]:
    """Every table's status, version and state plus the move count: equal snapshots, nothing changed."""
    return query(database, "SELECT t.id, t.status, t.version, t.state, (SELECT COUNT(*) FROM moves m "
                           "WHERE m.table_id = t.id) FROM tables t ORDER BY t.id")
