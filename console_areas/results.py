"""The console's results (issue 9, ``tables.leaderboard``): ``/history``, ``/leaderboard``, ``/stats``, ``/replay``,
``/recompute``, and Mesa's reviews (issue 32, ``tables.reviews``): ``/review``."""

from __future__ import annotations

import asyncio
import re

from console_areas.common import GUILD_ID, Terminal, shown, table_number
from console_areas.texts import console_line
from tables import TableError, t
from tables import leaderboard as lb
from tables.games import game_names, known_game
from tables.leaderboard import LeaderboardService, history_text
from tables.mesa import NAME as MESA
from tables.mesa import mesa_name, mesa_records, records_text
from tables.mesa_stats import mesa_stats
from tables.outcome_words import history_moves
from tables.picture_words import replay_words
from tables.takebacks import history_lines


class Results:
    """What finished games left: histories, rankings, ratings, replays and reviews."""

    def __init__(self, console: Terminal) -> None:
        self.console = console

    def board(self) -> LeaderboardService:
        """Rankings, ratings and histories over the service's storage, on the pretend clock."""
        return LeaderboardService(self.console.service.repo, self.console.clock)

    async def history(self, name: str, uid: int, rest: str, table: int | None) -> None:
        """``/history [@NAME] [GAME]``: recent finished tables; ``table=N`` (or, with no words, the caller's
        only game in play; not an invitation, which has no moves to list) also lists that table's moves, in
        words as the boards told them, or with ``notation`` as the log records them."""
        words, lang = rest.split(), self.console.lang
        notation = "notation" in (w.lower() for w in words)
        rest = " ".join(w for w in words if w.lower() != "notation")
        named = table is not None
        if table is None and not rest:
            live = [s for s in await self.console.service.active_tables(uid, GUILD_ID) if s.status == "active"]
            if len(live) == 1:
                table = live[0].table_id
        if table is not None:
            details = await self.console.service.table_details(table, uid, words=not notation)
            listed = history_moves(details.moves, lang, notation)
            if details.ending is not None:  # a finished table: how it ended, as its thread was told, first
                self.console.lines(f"[dm {name}]", t("history.ending", lang, result=details.ending))
            self.console.lines(f"[dm {name}]", t("history.moves", lang, table=table, moves=listed))
            for line in history_lines(await self.console.service.takebacks.history(table), lang):  # issue 30
                self.console.write(f"[dm {name}] #{table} {line}")
            if named and not rest:
                return
        who, who_name, game = uid, name, None
        mesa = False
        for word in self.console.with_spaces(rest.split()):
            if word.lower() == f"@{MESA}":  # the computer: every level and seat of it
                mesa, who_name = True, "Mesa"
            elif word.startswith("@"):
                who, who_name = self.console.someone(word, uid, name)
            elif game is not None:
                raise TableError("console.history_words", words=shown(word))
            else:
                self._player_word("history", word)
                game = word
        game = known_game(game) if game else None  # a slip of the keyboard (knoa) is answered with the game meant
        board = self.board()
        entries = await (board.mesa_history(GUILD_ID, game) if mesa else board.history(GUILD_ID, who, game))
        self.console.lines(f"[dm {name}]", history_text(entries, who_name, lang, links=False, game=game))

    async def leaderboard(self, verb: str, name: str, uid: int, rest: str, table: int | None) -> None:
        board = self.board()
        words, lang = rest.split(), self.console.lang
        if verb == "leaderboard":
            if not words:
                raise TableError("console.leaderboard_usage", games=", ".join(game_names()))
            if len(words) > 2 or (len(words) == 2 and not re.fullmatch(r"[0-9]{1,6}", words[1])):
                raise TableError("console.leaderboard_page", words=shown(" ".join(words[1:])),
                                 game=known_game(words[0]))
            page_no = int(words[1]) if len(words) > 1 else 1
            page = await board.page(GUILD_ID, words[0], page_no, uid)
            image = await asyncio.to_thread(lb.board_image, page, lang, uid) if self.console.out_dir else None
            self.console.lines(f"[dm {name}]", lb.board_text(page, lang),
                        self.console.save_file(image, f"leaderboard-{page.game}-p{page.page}.png") if image else "")
        elif verb == "stats":
            if len(words) > 1 or (words and not words[0].startswith("@")):
                self._player_word(verb, words[0])
                raise TableError("console.stats_usage", words=shown(rest.strip()))
            if words and words[0].lower() == f"@{MESA}":  # the computer: each level's record against the players
                mesa = await mesa_stats(board, GUILD_ID, lang)
                self.console.lines(f"[dm {name}]", mesa.text)
                for level, s in mesa.rated:  # a rated level's chart, as a player's
                    await self._chart(name, s, mesa_name(level), f"stats-mesa-{level}-{s.game}.png")
                return
            who, who_name = self.console.someone(words[0] if words else "", uid, name)
            stats = await board.stats(GUILD_ID, who)
            self.console.lines(f"[dm {name}]", lb.stats_text(stats, who_name, lang, own=who == uid))
            against = records_text(await mesa_records(self.console.service.repo, GUILD_ID, who), lang)
            if against:
                self.console.lines(f"[dm {name}]", against)
            for s in stats:
                await self._chart(name, s, who_name, f"stats-{who_name}-{s.game}.png")
        elif verb == "replay":
            target = table if table is not None else (table_number(rest, "/replay N") if rest else None)
            if target is None:  # none named: the caller's most recent finished table here
                target = await self.last_finished(uid, "replay.none_finished")
            replay = await board.replay(GUILD_ID, target)
            caption = t("replay.caption", lang, game=replay.title, table=target, players=", ".join(replay.names))
            saved, gif = "", None
            if self.console.out_dir is not None:  # issue 15, defect 13: made once and kept
                replay, gif = await self.console.service.replays.gif(GUILD_ID, target, uid, lang)
                saved = self.console.save_file(gif, f"replay-{target}.gif")
            frames = lb.replay_frames(replay, gif)  # the GIF's own count (issue 28, item 11)
            counted = console_line("frame", lang) if frames == 1 else console_line("frames", lang, n=frames)
            self.console.lines(f"[replay #{target}]", f"{caption} ({counted})", saved)
            self.console.described(f"[replay #{target}]", replay_words(replay.game, replay.views, replay.names, frames))
        else:
            if words:
                raise TableError("console.no_words", verb=verb, words=shown(rest.strip()))
            changed = await board.recompute_guild(GUILD_ID)
            self.console.lines(f"[dm {name}]", t("recompute.changed" if changed else "recompute.same", lang))

    async def _chart(self, name: str, stats: lb.GameStats, who_name: str, file_name: str) -> None:
        """One game's rating chart, written to the out folder and named under the figures (none without one)."""
        if self.console.out_dir is not None:
            chart = await asyncio.to_thread(lb.stats_chart, stats, who_name, self.console.lang)
            self.console.write(f"[dm {name}] {stats.title}{self.console.save_file(chart, file_name)}")

    async def last_finished(self, uid: int, none: str = "error.no_table_here") -> int:
        """The caller's most recent finished table here, for a command that names none (``/board``, ``/review``,
        ``/replay``, ``/rematch``); the refusal ``none`` when there is none."""
        found = await self.board().last_finished(GUILD_ID, uid)
        if found is None:
            raise TableError(none)
        return found

    def _player_word(self, verb: str, word: str) -> None:
        """A player's name written without its @ (``/stats Ben``): refused, saying how to name them, rather than
        read as a game or passed over (the caller's own stats shown instead of Ben's)."""
        if not word.startswith("@") and word.lower() in {n.lower() for n in self.console.names.values()}:
            raise TableError("console.at_player", verb=verb, word=shown(word))

    async def review(self, name: str, uid: int, rest: str, table: int | None, said_in: str | None = None) -> None:
        """``/review TABLE [en|es]``: Mesa's review of a finished game, for the caller: how far it is while it is
        made, then its words and its picture, written to the out folder, in the console's language (``said_in``:
        another, Spanish for ``/revision``) or the one named (as Discord says them to a Spanish-speaking user)."""
        words = rest.split()
        lang = said_in or self.console.lang
        if words and words[-1].lower() in ("en", "es"):
            lang = words.pop().lower()
        elif len(words) == 2 and re.fullmatch(r"[A-Za-z]{2}", words[-1]):  # a language the reviews do not speak
            raise TableError("console.review_lang", lang=words[-1][:2])
        rest = " ".join(words)
        target = table if table is not None else (table_number(rest, "/review N") if rest else None)
        if target is None:  # none named: the caller's most recent finished table here
            target = await self.last_finished(uid, "review.none_finished")
        reviews = self.console.service.reviews
        title = (await reviews.finished_table(GUILD_ID, target)).title  # refusals before any progress

        async def progress(percent: int) -> None:
            if percent < 100:
                said = t("review.progress", lang, game=title, table=target, percent=percent)
                self.console.write(f"[dm {name}] {said}")

        review = await reviews.review(GUILD_ID, target, uid, progress)
        saved = self.console.save_file(review.picture_in(lang), f"review-{target}.png") if review.picture else ""
        self.console.lines(f"[dm {name}]", review.text(lang), saved, lang)
        self.console.described(f"[dm {name}]", review.graph_words(), lang)
