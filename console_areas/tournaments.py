"""The console's tournaments (issue 31, ``tables.tournaments``): ``/tournament`` and its subcommands, and the
announcements printed, each confirmed to the service once printed."""

from __future__ import annotations

import asyncio
import difflib
import re
import shlex

from console_areas.common import CHANNEL_ID, GUILD_ID, Terminal, typed_number, variant_options
from console_areas.spanish import SUBCOMMANDS
from console_areas.texts import console_line
from tables import TableError
from tables.mesa import mesa_id, reads_as_mesa
from tables.outbox import TournamentPost
from tables.tournament_picture import standings_png
from tables.tournaments import FORMAT_WORDS, pairings_text, pictured, standings_text

#: the subcommands after ``create`` (which takes a game): each takes a tournament's number, ``remove`` a player too
NUMBERED = ("join", "leave", "start", "standings", "pairings", "withdraw", "cancel", "remove")


class Tournaments:
    """``/tournament`` for every user of the console; the console's pretend server has no Manage Server, so the
    organiser starts, cancels and removes."""

    def __init__(self, console: Terminal) -> None:
        self.console = console
        self.printed: list[TournamentPost] = []  # announcements printed, to confirm (``confirm``)

    async def remember_names(self) -> None:
        """A resumed ``--db`` session knows the names of the tournaments' players before they type anything,
        so an announcement says whom it is for by name (issue 31)."""
        for listed in await self.console.service.tournament_lists.listing(GUILD_ID, 0, "standings"):
            for row in (await self.console.service.tournaments.standings(GUILD_ID, listed.id)).rows:
                self.console.names.setdefault(row.user_id, row.name)

    async def confirm(self) -> None:
        """Tournament announcements printed are confirmed to the service (issue 31: at least once); one that
        carries the standings picture on Discord (``tables.tournaments.pictured``) gets it here too."""
        printed, self.printed = self.printed, []
        for post in printed:
            if pictured(post.key, post.params) and self.console.out_dir is not None:
                st = await self.console.service.tournaments.standings(GUILD_ID, post.tournament_id)
                image = await asyncio.to_thread(standings_png, st, None, self.console.lang)
                saved = self.console.save_image(image, f"tournament-{post.tournament_id}-standings")
                if saved:
                    standings = console_line("standings", self.console.lang)
                    self.console.write(f"[tournament #{post.tournament_id}]   {standings}{saved}")
            await self.console.service.tournaments.announced(post)

    async def command(self, name: str, uid: int, rest: str) -> None:
        """``/tournament create GAME format=... [option=value...]`` (the format also bare: ``create kona swiss``),
        ``join [N]``, ``leave [N]``, ``start [N]``, ``standings [N]``, ``pairings [N] [round=R]``, ``withdraw [N]``,
        ``cancel [N]``, ``remove @NAME [N]``. The console's pretend server has no Manage Server: the organiser
        starts, cancels and removes."""
        try:
            words = self.console.with_spaces(shlex.split(rest))
        except ValueError:
            words = rest.split()
        if not words:
            raise TableError("console.tournament_usage")
        sub, words = words[0].lower(), words[1:]
        tours = self.console.service.tournaments
        if sub == "create":
            options: dict[str, str] = {}
            game = ""
            for word in words:
                named = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_-]*)[=:](.+)", word)
                if named is None and word.lower() in FORMAT_WORDS:  # "create kona swiss": the format, typed bare
                    if "format" in options:
                        raise TableError("console.option_twice", option="format")
                    options["format"] = word
                elif named is None and not game:
                    game = word
                elif named is None:
                    raise TableError("console.tournament_usage")
                elif named[1].lower() == "game" and not game:  # as Discord's form names it: game:kona
                    game = named[2]
                else:  # option=value, and Discord's variant: the game's options, variant:"thief=next"
                    typed = {named[1].lower().replace("-", "_"): named[2]}
                    for key, value in (variant_options(named[2]) if "variant" in typed else typed).items():
                        if key in options:
                            raise TableError("console.option_twice", option=key[:40])
                        options[key] = value
            if not game:
                raise TableError("console.tournament_usage")
            self.console.show(await tours.create(GUILD_ID, CHANNEL_ID, uid, name, game, options))
            return
        if sub not in NUMBERED:  # a mistyped subcommand: never echoed back as a command ("/tournament creat N")
            near = difflib.get_close_matches(sub, [*NUMBERED, "create", *SUBCOMMANDS["tournament"]], n=1, cutoff=0.6)
            if near:
                raise TableError("console.tournament_near", sub=sub[:20], near=near[0])
            raise TableError("console.tournament_usage")
        target: tuple[int, str] | None = None
        round_: int | None = None
        number: int | None = None
        for word in words:
            if word.startswith("@") and sub == "remove" and target is None:  # (@mesa: the computer, never entered)
                target = (mesa_id("normal"), "Mesa") if reads_as_mesa(word[1:]) else self.console.named(word)
            elif sub == "remove" and not re.fullmatch(r"#?[0-9]{1,9}", word):  # a name without its @
                raise TableError("console.remove_at", text=word[:20] + ("…" if len(word) > 20 else ""))
            elif word.lower().startswith("round=") and sub == "pairings":
                round_ = typed_number(word.split("=", 1)[1], "round", "/tournament pairings round=N")
            elif number is None:
                number = typed_number(word, "tournament", "/tournament " + sub + " N")
            else:
                raise TableError("console.tournament_usage")
        if sub == "join":
            self.console.show(await tours.join(GUILD_ID, uid, name, number))
        elif sub == "leave":
            self.console.show(await tours.leave(GUILD_ID, uid, number))
        elif sub == "withdraw":
            self.console.show(await tours.withdraw(GUILD_ID, uid, number))
        elif sub == "start":
            self.console.show(await tours.start(GUILD_ID, uid, number))
        elif sub == "cancel":
            self.console.show(await tours.cancel(GUILD_ID, uid, number))
        elif sub == "remove" and target is not None:
            self.console.show(await tours.remove(GUILD_ID, uid, target[0], number, target_name=target[1]))
        elif sub == "remove":
            raise TableError("console.remove_who")
        elif sub == "standings":  # the text, and the picture the bot attaches
            st = await tours.standings(GUILD_ID, number, user_id=uid)
            image = (await asyncio.to_thread(standings_png, st, uid, self.console.lang)
                     if self.console.out_dir is not None else None)
            self.console.lines("[tournament]", standings_text(st, self.console.lang),
                        self.console.save_image(image, f"tournament-{st.tournament_id}-standings"))
        elif sub == "pairings":
            found = await tours.pairings(GUILD_ID, number, round_, user_id=uid)
            self.console.lines("[tournament]", pairings_text(found, self.console.lang))
        else:
            raise TableError("console.tournament_usage")
