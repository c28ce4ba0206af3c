"""10,000 random and malformed inputs through the gateway: the bot answers each one with a clear,
private error or ignores it safely, never crashes, and no table changes state.

Inputs: move texts (junk, unicode, markdown and mentions, injections, near misses of legal moves),
option values (unknown games and actions, out-of-range integers, junk variants, unknown or stale
option names), custom ids of buttons and selects (junk, every kind with junk tables, versions and
arguments, picker steps that do not decode) and payload fields Discord could plausibly send
(unknown commands from a stale registration, unknown locales, empty select values).

Senders are mostly users who sit at no table, and sometimes the seated players themselves, whose
inputs are filtered so that none is a legal move or an action that rightly changes a table
(resign, draw offers, accepting or declining an invitation, a rematch).  ``MESA_FUZZ_N`` changes the
count (default 10,000).
"""

from __future__ import annotations

import json
import os
import random
import string
import time
from typing import Any

import pytest
from discord_standin import payloads as P
from discord_standin.server import BotProcess, DiscordServer, Exchange, Player, dump
from mesa_e2e import Cast, snapshot, table_row

from engines import get_engine

COUNT = int(os.environ.get("MESA_FUZZ_N", "10000"))
IN_FLIGHT = 24
NASTY = ["", " ", "\x00", "\u200b", "\u202e", "🂡🎲", "@everyone", "<@1001>", "`code`", "**bold**", "||x||",
         "'; DROP TABLE tables; --", "%s%s%n", "{table}", "{0}", "\\", "\n\n", "a" * 100, "é" * 100, "-1", "0",
         "9" * 30, "NaN", "None", "null", "true", "[]", "{}", "build:", "build:0:", "aim", "auto ", "+", "+??@a1",
         "a1-", "-a1", "a1:9-b2", "x", ":", "::::", "m:", "p:", "r:", "r:\x1f\x1f", "mesa:", "mesasel:"]
KINDS = ["inv", "pick", "mv", "mine", "resign", "draw", "rematch", "build", "rules", "zzz", "", "PICK"]
SAFE_SEATED_KINDS = {"pick", "mv", "mine", "build", "rules", "zzz", "", "PICK"}
BIG = [0, -1, 1, 2, 3, 2**31, 2**53, -(2**53), 10**18, 999999]


def junk(rng: random.Random, length: int | None = None) -> str:
    if rng.random() < 0.3:
        return rng.choice(NASTY)
    n = rng.randint(0, 40) if length is None else length
    alphabet = string.printable + "éß漢字🂡\u200b\u202e"
    return "".join(rng.choice(alphabet) for _ in range(n))


def mutate(rng: random.Random, text: str) -> str:
    if not text:
        return junk(rng)
    i = rng.randrange(len(text))
    action = rng.randrange(5)
    if action == 0:
        return text[:i] + text[i + 1:]
    if action == 1:
        return text[:i] + rng.choice(string.ascii_letters + string.digits + ":-+.@/?") + text[i + 1:]
    if action == 2:
        return text + text
    if action == 3:
        return text[:i]
    return text.upper() + rng.choice(["!", "??", " x", "\x00"])


class Fuzzer:
    def __init__(self, server: DiscordServer, bot: BotProcess, cast: Cast, tables: dict[str, int],
                 seed: int = 50) -> None:
        self.server, self.bot, self.cast, self.tables = server, bot, cast, tables
        self.rng = random.Random(seed)
        self.strangers = [Player(server, 800000 + i, f"stranger{i}") for i in range(300)]
        self.legal: dict[int, list[str]] = {}
        self.kinds: dict[str, int] = {}

    # ---- what must not be sent: a legal move, or an action that rightly changes a table -------------
    def seated(self, player: Player) -> bool:
        return player.id in {p.id for p in self.cast.players}

    def is_legal(self, table: int, player: Player, text: str) -> bool:
        row = table_row(self.bot.database, table)
        if row.get("status") != "active" or not row.get("state"):
            return False
        engine = get_engine(row["game"])
        state = engine.from_json(json.loads(row["state"]))
        seats = dict(self._seats(table))
        seat = seats.get(player.id)
        if seat is None:
            return False
        try:
            move = engine.parse_move(state, text)
            engine.apply(state, move)
        except Exception:
            return False
        return engine.move_seat(state, move) == seat or text.strip().lower() == "auto"

    def _seats(self, table: int) -> list[tuple[int, int]]:
        from mesa_e2e import query

        return [(int(u), int(s)) for u, s in query(self.bot.database,
                                                     "SELECT user_id, seat FROM seats WHERE table_id = ?", table)]

    # ---- inputs -------------------------------------------------------------------------------
    def sender(self) -> Player:
        if self.rng.random() < 0.25:
            return self.rng.choice(self.cast.players[:4])
        return self.rng.choice(self.strangers)

    def table_value(self) -> int | None:
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(list(self.tables.values()))
        if r < 0.8:
            return self.rng.choice(BIG)
        return None

    def move_text(self, table: int | None) -> str:
        pool = [m for t in ([table] if table in self.legal else self.legal) for m in self.legal.get(t, [])]
        if pool and self.rng.random() < 0.5:
            return mutate(self.rng, self.rng.choice(pool))
        return junk(self.rng)

    def make(self) -> dict[str, Any] | None:
        kind = self.rng.choice(["move", "move", "autocomplete", "options", "button", "button", "select", "stale"])
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        player = self.sender()
        return getattr(self, f"_{kind}")(player)

    def _move(self, player: Player) -> dict[str, Any] | None:
        table = self.table_value()
        text = self.move_text(table)
        if table is not None and table in self.tables.values() and self.is_legal(table, player, text):
            return None
        if table is None and self.seated(player):
            for t in self.tables.values():
                if self.is_legal(t, player, text):
                    return None
        return self._raw_command(player, "move", [("text", text[:200], 3), ("table", table, 4)])

    def _autocomplete(self, player: Player) -> dict[str, Any]:
        name, option, _ = self.rng.choice([("move", "text", 3), ("move", "table", 4), ("play", "variant", 3),
                                              ("resign", "table", 4), ("board", "table", 4)])
        value: Any = junk(self.rng)
        options = [(option, value, 3)]
        if name == "play":
            options.append(("game", self.rng.choice(["kona", "chess", junk(self.rng)]), 3))
        return self._raw_command(player, name, options, focused=option)

    def _options(self, player: Player) -> dict[str, Any] | None:
        rng = self.rng
        choice = rng.randrange(7)
        if choice == 0:  # /play with a game that does not exist, or a variant that is not one
            game = rng.choice(["chess", "", "KONA!", junk(rng), "k3 ", "carpniches2"])
            return self._raw_command(player, "play", [("game", game, 3)])
        if choice == 1:
            variant = "zz" + junk(rng, 5).replace(",", "") + "=" + junk(rng, 3)
            return self._raw_command(player, "play", [("game", rng.choice(["kona", "k3", "krakatoa"]), 3),
                                                      ("variant", variant[:100], 3)])
        if choice == 2:  # an opponent that is the caller, or another bot, or unknown to Discord
            # (not Mesa itself: `/play kona opponent:@Mesa` is a real game against the computer, issue 17)
            target = rng.choice([player.user, None])
            opts: list[tuple[str, Any, int]] = [("game", "kona", 3)]
            users = []
            if target is None:  # another bot, perhaps no longer in the server (Discord still resolves it)
                target = P.user(rng.choice(BIG[1:]) + 10**17, junk(rng, 8) or "gone", bot=True)
            opts.append(("opponent", target["id"], 6))
            users.append(target)
            return self._raw_command(player, "play", opts, users=users)
        if choice == 3:
            if self.seated(player):
                return None  # a seated player's /draw with a real table would rightly offer a draw
            return self._raw_command(player, "draw", [("action", rng.choice(["offer", "nope", junk(rng), ""]), 3),
                                                      ("table", self.table_value(), 4)])
        if choice == 4:
            if self.seated(player):
                return None
            return self._raw_command(player, "resign", [("table", self.table_value(), 4)])
        if choice == 5:  # /settings without Manage Server, with junk values
            return self._raw_command(player, "settings", [("time_per_move", rng.choice(BIG), 4),
                                                          ("rated", rng.choice([True, False]), 5)])
        name = rng.choice(["board", "games", "rules"])
        if name == "board" and self.seated(player):
            return None  # a seated player's /board rightly re-posts the board (issue 15: only theirs may)
        return self._raw_command(player, name,
                                 [("table", self.table_value(), 4)] if rng.random() < 0.5 else
                                 [("game", rng.choice(["kona", "nope", junk(rng)]), 3)])

    def _stale(self, player: Player) -> dict[str, Any]:
        """What a stale registration or an old client could send: unknown commands, options, locales."""
        rng = self.rng
        if rng.random() < 0.5:
            return self._raw_command(player, rng.choice(["leaderboard", "chess", junk(rng, 8) or "x"]), [])
        payload = self._raw_command(player, "games", [(junk(rng, 6) or "x", junk(rng), 3)])
        payload["locale"] = rng.choice(["xx-YY", "", "es-419", "tlh"])
        return payload

    def _custom_id(self, player: Player) -> str | None:
        rng = self.rng
        r = rng.random()
        if r < 0.2:
            return junk(rng)[:100]
        kind = rng.choice(KINDS)
        if self.seated(player) and kind not in SAFE_SEATED_KINDS:
            kind = "zzz"
        table = rng.choice([*self.tables.values(), *BIG])
        version = rng.choice([0, 1, 2, 5, 10**12, 2**63])
        arg = rng.choice(["", "yes", "ask", "accept", "decline", "join", "start", "auto", "shuffle", "kona",
                          junk(rng), mutate(rng, rng.choice(self.legal.get(table) or ["a1-a3"]))])
        if kind == "mv" and self.seated(player) and table in self.tables.values() and self.is_legal(table, player,
                                                                                                  arg):
            return None
        return (f"mesa:{kind}:{table}:{version}" + (f":{arg}" if arg else ""))[:100]

    def _button(self, player: Player) -> dict[str, Any] | None:
        custom_id = self._custom_id(player)
        if custom_id is None:
            return None
        return self._component(player, custom_id, None)

    def _select(self, player: Player) -> dict[str, Any] | None:
        rng = self.rng
        table = rng.choice([*self.tables.values(), *BIG])
        custom_id = f"mesasel:{table}:{rng.choice([0, 1, 3, 2**63])}:{rng.choice(['pick', 'quick', 'zz', ''])}"
        value = rng.choice(["m:" + self.move_text(table), "p:" + junk(rng), "r:" + junk(rng), junk(rng),
                            "r:a\x1fb\x1f" + junk(rng, 3)])
        if value.startswith("m:") and table in self.tables.values() and self.is_legal(table, player, value[2:]):
            return None
        values = rng.choice([[value[:100]], [], [value[:100], "m:x"]])
        return self._component(player, custom_id, values)

    # ---- payloads -------------------------------------------------------------------------------
    def _raw_command(self, player: Player, name: str, options: list[tuple[str, Any, int]],
                     focused: str | None = None, users: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        built = [P.option(n, v, k, focused=(n == focused)) for n, v, k in options if v is not None]
        payload = P.command(name, built, player.user, self.server.channel, users=users or [],
                            autocomplete=focused is not None)
        try:
            payload["data"]["id"] = self.server.command(name)["id"]
        except KeyError:
            payload["data"]["id"] = str(self.rng.randrange(10**17, 10**18))
        return payload

    def _component(self, player: Player, custom_id: str, values: list[str] | None) -> dict[str, Any]:
        """A component interaction on a message that carries this component.

        Discord only delivers clicks on components that are on the message, and only to the
        application that posted it: so the message is one Mesa posted itself, as an older release
        would have (other custom id formats) or with controls whose retirement was lost.
        """
        if values is None:
            item = {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
        else:
            values = [v[:100] or "x" for v in values]  # an option's value is 1-100 characters: what can be chosen
            item = {"type": 3, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]
                    or [{"label": "x", "value": "x"}],
                    # a select an older release posted may have taken no value, or several (a client
                    # sends only what its select allows: the stand-in checks it)
                    "min_values": min(1, len(values)), "max_values": max(1, len(values))}
        message = {"id": str(self.server.next_id()), "channel_id": self.server.channel["id"], "type": 0,
                   "content": "", "author": P.user(900000000000000001, "Mesa", bot=True), "attachments": [],
                   "embeds": [], "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False,
                   "tts": False, "timestamp": P.TIMESTAMP, "edited_timestamp": None, "flags": 0,
                   "components": [{"type": 1, "components": [item]}]}
        self.server.plant(message)
        payload = P.component(custom_id, player.user, message, self.server.channel, values=values)
        return payload


def settled(e: Exchange) -> bool:
    """Ignored (never acknowledged), answered, or a silent component update (nothing to say)."""
    return e.callback is None or e.finished or (e.callback_type == 6 and e.payload["type"] == 3)


@pytest.mark.slow
async def test_ten_thousand_malformed_inputs_change_nothing_and_crash_nothing(server: DiscordServer,
                                                                              bot: BotProcess, cast: Cast) -> None:
    rng = random.Random(51)
    tables = {
        "kona": await cast.open_table(cast.ann, "kona", [cast.bob], seat="first"),
        "plateau": await cast.open_table(cast.ann, "plateau", [cast.cid], seat="first"),
        "krakatoa": await cast.open_table(cast.bob, "krakatoa", [cast.dee], seat="first"),
        "k3": await cast.open_table(cast.dee, "k3", [cast.ann, cast.bob], accept=False),
    }
    for name in ("kona", "plateau", "krakatoa"):
        for _ in range(2):
            await cast.turn_by_buttons(tables[name], rng)
    fuzz = Fuzzer(server, bot, cast, tables)
    for table in tables.values():  # near misses start from moves the bot itself suggests
        for player in cast.players[:4]:
            ex = await player.autocomplete("move", "text", text="", table=table)
            fuzz.legal.setdefault(table, []).extend(str(c["value"]) for c in ex.choices())
    before = snapshot(bot.database)

    # every input is made first (the tables cannot change, so neither can the filter), then sent
    inputs: list[dict[str, Any]] = []
    while len(inputs) < COUNT:
        payload = fuzz.make()
        if payload is not None:
            inputs.append(payload)
    posted_before = len(server.public_posts())
    started = time.monotonic()
    sent: list[Exchange] = []
    sentinel = Player(server, 700001, "sentinel")
    for start in range(0, COUNT, IN_FLIGHT):
        batch = [await server.interact(payload, wait=False) for payload in inputs[start:start + IN_FLIGHT]]
        sent += batch
        # an input that the bot has not acknowledged by the time a later one is answered was ignored
        await sentinel.slash("rules", game="kona")
        try:
            await server.wait_until(lambda b=batch: all(settled(e) for e in b), 30, "answers")
        except TimeoutError:
            raise AssertionError("acknowledged but never answered: " + "; ".join(
                json.dumps(e.payload["data"])[:300] for e in batch if not settled(e))) from None
    await sentinel.slash("games")
    elapsed = time.monotonic() - started

    answered = [e for e in sent if e.callback is not None]
    ignored = [e for e in sent if e.callback is None]
    assert bot.alive, "the bot process survived"
    assert snapshot(bot.database) == before, "no table changed state"
    not_private = [e for e in answered if not e.ephemeral() and e.callback_type != 8]
    assert not not_private, f"{len(not_private)} answers to junk were public"
    slow = [e.ack_seconds for e in answered if (e.ack_seconds or 0) >= 3]
    assert not slow, f"{len(slow)} answers later than 3 s"
    generic = [e for e in answered if "went wrong" in e.text()]
    assert not generic, f"{len(generic)} inputs hit an unexpected failure, e.g. {generic[0].payload['data']}"
    # answered or ignored: nothing was posted in the channel or a thread because of junk (issue 15:
    # /board from someone not seated answers privately, so no script can ping the players)
    assert len(server.public_posts()) == posted_before, "junk made public posts:\n" + dump(
        server.public_posts()[posted_before:][:10])
    acks = sorted(e.ack_seconds for e in answered if e.ack_seconds is not None)
    print(f"fuzz: {len(sent)} inputs ({fuzz.kinds}), {len(answered)} answered with an error, "
          f"{len(ignored)} ignored, {elapsed:.1f} s; ack median {acks[len(acks) // 2] * 1000:.0f} ms, "
          f"p99 {acks[int(0.99 * len(acks))] * 1000:.0f} ms")
    assert len(sent) == COUNT
