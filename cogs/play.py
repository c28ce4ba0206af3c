"""Playing a table: ``/play``, ``/move``, ``/resign``, ``/draw``, ``/board`` and ``/games``.

Every decision is the service's (``tables.TableService``): who may play, what is legal, what a move
does, what is secret.  Here a command is declared (names, options and their localisations come
from the catalogue through ``cogs.translator.L``) and answered: defer, read the interaction, call
the service, deliver its outbox (``cogs.delivery``) and answer the caller privately in their
language.  The buttons under the boards these commands post are ``cogs.board``'s and ``cogs.picking``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.acts import TableActs
from cogs.choices import DRAW_CHOICES, GAME_CHOICES, LEVEL_CHOICES, SEAT_CHOICES, TIME_CHOICES
from cogs.delivery import Delivery, public_lang
from cogs.handling import Handling, Refusal, area, board_refusal, lang_of, log_failure
from cogs.i18n_discord import t
from cogs.lessons import LessonControls
from cogs.limits import MAX_AUTOCOMPLETE, MAX_EMBED_DESCRIPTION, MAX_OPTION_TEXT, MAX_TEXT_OPTION
from cogs.mesa import mesa_request
from cogs.part import ServicePart
from cogs.picking import suggested
from cogs.pictures import picture_file
from cogs.plain import plain, said
from cogs.table_choices import live_choices
from cogs.translator import L
from tables import TableError, TableService, TableSummary, picker
from tables import games as game_facts
from tables.endings import FORFEIT, PARTNER, RESIGN, TIME
from tables.leaderboard import LeaderboardService
from tables.move_choices import LegalMoves
from tables.queries import AWAY, CANCEL_ASKED, DRAW_ASKED, ELIMINATED, TAKEBACK_ASKED
from tables.table_options import variant_parts
from tables.tournament_lists import InGames

#: ``/games``: a request waiting for the reader's answer, and the reader's own waiting for another's
ASKED_KEYS = {DRAW_ASKED: ("games.asked.draw", "games.own.draw"),
              TAKEBACK_ASKED: ("games.asked.takeback", "games.own.takeback"),
              CANCEL_ASKED: ("games.asked.cancel", "games.own.cancel")}
#: ``/games`` to a player who no longer chooses their moves at a table in play (``TableSummary.standing``): why
OUT_KEYS = {RESIGN: "games.out.resign", TIME: "games.out.time", FORFEIT: "games.out.forfeit",
            PARTNER: "games.out.partner", ELIMINATED: "games.out.eliminated", AWAY: "games.out.away"}


def parse_variant(text: str | None) -> dict[str, str]:
    """``preset=basic, teams=true`` -> {"preset": "basic", "teams": "true"} (the service validates)."""
    if not text:
        return {}
    try:
        return dict(variant_parts(text))  # a name given twice: the last (the service checks each)
    except ValueError:
        raise Refusal("err.bad_variant", text=text) from None


def place_link(guild_id: int, place_id: int) -> str:
    """The link that opens a table's thread (or channel) in Discord."""
    return f"https://discord.com/channels/{guild_id}/{place_id}"


def within_embed(lines: list[str], lang: str) -> str:
    """``/games``'s lines, whole, as many as an embed's description holds, then how many more there are
    (never a line cut short, never a table left out without a word)."""
    shown: list[str] = []
    for n, line in enumerate(lines):
        more = t("games.more", lang, count=len(lines) - n - 1, board=t("cmd.board", lang), option=t("opt.table", lang))
        room = MAX_EMBED_DESCRIPTION - len(more) - 1 if n < len(lines) - 1 else MAX_EMBED_DESCRIPTION
        if len("\n".join([*shown, line])) > room:
            left = t("games.more", lang, count=len(lines) - n, board=t("cmd.board", lang), option=t("opt.table", lang))
            return "\n".join([*shown, left])
        shown.append(line)
    return "\n".join(shown)


class Play(ServicePart, commands.Cog):
    """The commands about a table: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling, delivery: Delivery,
                 acts: TableActs) -> None:
        super().__init__(service)
        self.handling = handling
        self.delivery = delivery
        self.acts = acts

    # ================================================================ /play
    @app_commands.command(name=L("cmd.play"), description=L("cmd.play.desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        game=L("opt.game"), opponent=L("opt.opponent"), opponent2=L("opt.opponent2"), opponent3=L("opt.opponent3"),
        seat=L("opt.seat"), rated=L("opt.rated"), time_per_move=L("opt.time_per_move"), variant=L("opt.variant"),
        level=L("opt.level"), bots=L("opt.bots"),
    )
    @app_commands.describe(
        game=L("opt.game.desc"), opponent=L("opt.opponent.desc"), opponent2=L("opt.opponent2.desc"),
        opponent3=L("opt.opponent3.desc"), seat=L("opt.seat.desc"), rated=L("opt.rated.desc"),
        time_per_move=L("opt.time_per_move.desc"), variant=L("opt.variant.desc"), level=L("opt.level.desc"),
        bots=L("opt.bots.desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, seat=SEAT_CHOICES, level=LEVEL_CHOICES)
    @app_commands.choices(time_per_move=TIME_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        game: Choice[str],
        opponent: discord.User | None = None,
        opponent2: discord.User | None = None,
        opponent3: discord.User | None = None,
        seat: Choice[str] | None = None,
        rated: bool | None = None,
        time_per_move: Choice[int] | None = None,
        variant: app_commands.Range[str, 1, MAX_TEXT_OPTION] | None = None,
        level: Choice[str] | None = None,
        bots: app_commands.Range[int, 0, 3] | None = None,
    ) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            channel = interaction.channel
            if interaction.guild_id is None or channel is None:
                raise Refusal("err.no_guild")
            me = interaction.user
            named: list[discord.abc.User] = [u for u in (opponent, opponent2, opponent3) if u is not None]
            opponents, mesa = mesa_request(interaction, named, level.value if level else None, bots)  # cogs/mesa.py
            for u in opponents:  # a bot account is Discord's own fact; who may sit is the service's call
                if u.bot:
                    raise Refusal("err.bot", name=u.display_name)
            if (refused := board_refusal(interaction)) is not None:  # issue 15: refused up front, no table
                raise refused
            options = parse_variant(variant) | mesa
            if seat:
                options["seat"] = seat.value
            if rated is not None:
                options["rated"] = "true" if rated else "false"
            if time_per_move:
                options["time_per_move"] = f"{time_per_move.value}s"
            parent = channel.parent_id if isinstance(channel, discord.Thread) else None  # threads do not nest
            messages = await self.service.create(
                interaction.guild_id, parent or channel.id, me.id, me.display_name, game.value,
                [(u.id, u.display_name) for u in opponents], options)
            table_id = messages[0].table_id
            place = await self.delivery.open_place(interaction, table_id, game_facts.title(game.value))
            await self.delivery.deliver(messages, public_lang(interaction))
            said = self.delivery.table_line(table_id, place, lang_of(interaction))
            if not isinstance(channel, discord.Thread) and place == channel.id:  # no thread could be made here
                said += "\n" + t("ok.no_thread", lang_of(interaction))
            if rated and not (await self.service.table_details(table_id)).options.get("rated"):  # asked, not had
                said += "\n" + t("ok.unrated_here", lang_of(interaction))
            await self.handling.reply(interaction, said)

    @play.autocomplete("variant")
    async def play_variant(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The chosen game's options with their other values."""
        found = game_facts.variant_choices(getattr(interaction.namespace, "game", None), current)
        return [Choice(name=v, value=v) for v in found][:MAX_AUTOCOMPLETE]

    # ================================================================ /move, /resign, /draw, /board
    @app_commands.command(name=L("cmd.move"), description=L("cmd.move.desc"))
    @app_commands.guild_only()
    @app_commands.rename(text=L("opt.text"), table=L("opt.table"))
    @app_commands.describe(text=L("opt.text.desc"), table=L("opt.table.desc"))
    async def move(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, MAX_TEXT_OPTION],
                   table: int | None = None) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            try:
                table_id = await self.resolve_table(interaction, table, self._my_turn(interaction.user.id))
            except TableError as exc:  # issue 30: no table it could mean, a lesson open: the lesson's answer
                if table is not None or not exc.key.startswith("error.no_table_here") or \
                        not await area(interaction, LessonControls).answer_open(interaction, text):
                    raise
                return
            await self.acts.submit(interaction, table_id, text, None)

    @move.autocomplete("text")
    async def move_text(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The caller's legal moves matching what is typed (at most 25): at the table meant, else at the
        open lesson's step (issue 30)."""
        moves: LegalMoves | None = None  # a lesson's moves go without words: reading them is the lesson
        try:
            table = getattr(interaction.namespace, "table", None)
            try:
                table_id = await self.resolve_table(interaction, table, self._my_turn(interaction.user.id))
            except TableError as exc:
                if table is not None or not exc.key.startswith("error.no_table_here"):
                    raise
                legal = list(await area(interaction, LessonControls).open_moves(interaction.user.id))
            else:
                moves = await self.service.legal_moves_said(table_id, interaction.user.id)
                legal = moves.texts
        except (TableError, Refusal):
            return []
        except Exception as exc:
            log_failure(exc, None)
            return []
        lang = lang_of(interaction)
        ranked = picker.rank_for_autocomplete(legal, current, words=partial(moves.said, lang) if moves else None)
        does = moves.does(ranked) if moves else {}
        return [Choice(name=suggested(m, does.get(m), lang), value=m[:MAX_OPTION_TEXT]) for m in ranked]

    @app_commands.command(name=L("cmd.resign"), description=L("cmd.resign.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.table.desc"))
    async def resign(self, interaction: discord.Interaction, table: int | None = None) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            table_id = await self.resolve_table(interaction, table, self._in_play)
            await self.acts.resign(interaction, table_id)

    @app_commands.command(name=L("cmd.draw"), description=L("cmd.draw.desc"))
    @app_commands.guild_only()
    @app_commands.rename(action=L("opt.action"), table=L("opt.table"))
    @app_commands.describe(action=L("opt.action.desc"), table=L("opt.table.desc"))
    @app_commands.choices(action=DRAW_CHOICES)
    async def draw(self, interaction: discord.Interaction, action: Choice[str] | None = None,
                   table: int | None = None) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            await self.handling.touch(interaction)
            table_id = await self.resolve_table(interaction, table, self._drawable)
            await self.acts.draw(interaction, table_id, action.value if action else "offer")

    @app_commands.command(name=L("cmd.board"), description=L("cmd.board.desc"))
    @app_commands.guild_only()
    @app_commands.rename(table=L("opt.table"))
    @app_commands.describe(table=L("opt.table.desc"))
    async def board(self, interaction: discord.Interaction, table: int | None = None) -> None:
        async with self.handling.guard(interaction, table):
            await self.handling.defer(interaction)
            table_id = await self.board_table(interaction, table)
            post, public = await self.service.board_for(table_id, interaction.user.id, interaction.guild_id)
            if not public:  # issue 15: not seated (or asked again within a minute): for the asker's eyes only
                file = picture_file(post.image, f"mesa-{table_id}.png", post.alt, lang_of(interaction)) \
                    if post.image else None
                await self.handling.reply(interaction, said(post.key, lang_of(interaction), post.params),
                                          file=file)
                return
            await self.delivery.deliver([post], public_lang(interaction))
            await self.handling.reply(interaction, t("ok.posted", lang_of(interaction)))

    @move.autocomplete("table")
    @resign.autocomplete("table")
    @draw.autocomplete("table")
    @board.autocomplete("table")
    async def table_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        """The caller's live tables in this server, by number, game and opponents."""
        return await live_choices(self.service, interaction, current)

    # ================================================================ /games
    @app_commands.command(name=L("cmd.games"), description=L("cmd.games.desc"))
    async def games(self, interaction: discord.Interaction) -> None:
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction)
            lang = lang_of(interaction)
            listing = await self.service.listing(interaction.user.id, interaction.guild_id, joinable=True)
            tables = listing.tables
            tours = await self.service.tournament_lists.in_games(interaction.guild_id, interaction.user.id) \
                if interaction.guild_id is not None else InGames([], [])
            events = tours.said
            joinable = [s for s in listing.joinable if self._sees(interaction, s.channel_id)]
            # the events open for entries the reader could enter, announced where they can look
            entries = [j for j in tours.joinable if self._sees(interaction, j.channel_id)]
            lesson = await self.service.lessons.for_games(interaction.user.id)  # a course left halfway
            if not tables and not events and not listing.damaged and not joinable and not entries and \
                    lesson is None:
                await self.handling.reply(interaction, t("games.none", lang))
                return
            # a round sat out, an event open for entries one entered or organises, one running that one organises:
            # no table of theirs, but not "no games"
            lines = [said(phrase.key, lang, phrase.params) for phrase in events]
            if not tables and not events and not listing.damaged:
                lines.append(t("games.none", lang))
            for s in tables:
                others = ", ".join(plain(n) for n, u in zip(s.players, s.user_ids) if u != interaction.user.id) or \
                    t("games.no_one_yet", lang)
                unanswered = [plain(n) for n in s.unanswered_names()]
                if interaction.user.id in s.unanswered:  # an invitation waiting for the reader's own answer
                    turn = t("games.your_answer", lang, accept=t("btn.accept", lang), decline=t("btn.decline", lang))
                elif unanswered:
                    turn = t("games.waiting", lang, name=", ".join(unanswered))
                elif s.status == "open" and interaction.user.id == s.host_id:  # theirs to start
                    turn = t("games.open_host", lang, start=t("btn.start", lang), fill=t("btn.fill_mesa", lang))
                elif s.status == "open" and (host := s.host_name()):
                    turn = t("games.open_guest", lang, name=plain(host))
                elif s.status in ("invited", "open"):
                    turn = t("games.invited", lang)
                elif interaction.user.id in s.turn_user_ids:  # K3's pyramids: a build, with the board's buttons
                    turn = t("games.your_build", lang, button=t("btn.auto_build", lang)) if s.building else \
                        t("games.your_turn", lang)
                elif s.building:
                    turn = t("games.waiting_build", lang, name=", ".join(map(plain, s.turn)) or "-")
                else:
                    turn = t("games.waiting", lang, name=", ".join(map(plain, s.turn)) or "-")
                if (how := s.how_out(interaction.user.id)) is not None:  # gone, out by the rules, or away
                    turn = t("games.out_then", lang, out=t(OUT_KEYS[how], lang, move=t("cmd.move", lang)), turn=turn)
                for ask in s.asks:  # a draw offer or a takeback waiting for an answer: the thread's buttons answer
                    asked, own = ASKED_KEYS[ask.kind]
                    turn += t(own, lang) if ask.user_id == interaction.user.id else \
                        t(asked, lang, name=plain(ask.name), button=t("btn.cancel_table", lang))
                deadline = t("games.deadline", lang, when=f"<t:{int(s.deadline.timestamp())}:R>") if s.deadline else ""
                if s.closes:  # an invitation or open table: when it closes unstarted
                    deadline += t("games.closes", lang, when=f"<t:{int(s.closes.timestamp())}:R>")
                if s.guild_id in self.delivery.guilds.away:  # Mesa is out of that server: its tables are paused
                    turn, deadline = t("games.paused", lang), ""  # (their deadlines move on by the time away)
                link = place_link(s.guild_id, s.thread_id or s.channel_id)
                lines.append(t("games.line", lang, table=s.table_id, game=s.title, opponents=others, turn=turn,
                               deadline=deadline, link=link))
            for damaged in listing.damaged:  # a game that cannot be read is said, not left out as if lost
                phrase = damaged.phrase()
                place = damaged.thread_id or damaged.channel_id
                link = place_link(damaged.guild_id, place) if damaged.guild_id and place else ""  # unread: no link
                lines.append(f"{said(phrase.key, lang, phrase.params)} {link}".rstrip())
            if lesson is not None:
                lines.append(said(lesson.key, lang, lesson.params))
            if joinable:  # the server's open tables with a free seat, where the reader may look: sit down there
                lines.append(t("games.joinable", lang))
            for s in joinable:
                closes = t("games.closes", lang, when=f"<t:{int(s.closes.timestamp())}:R>") if s.closes else ""
                lines.append(t("games.joinable.line", lang, table=s.table_id, game=s.title,
                               players=", ".join(map(plain, s.players)), count=s.room, join=t("btn.join", lang),
                               closes=closes, link=place_link(s.guild_id, s.thread_id or s.channel_id)))
            if entries:  # the events open for entries with a place left: enter one with /tournament join
                lines.append(t("games.tournaments_joinable", lang))
            for j in entries:
                lines.append(f"{said(j.phrase.key, lang, j.phrase.params)} "
                             f"{place_link(interaction.guild_id or 0, j.channel_id)}")
            embed = discord.Embed(title=t("games.title", lang), description=within_embed(lines, lang))
            await self.handling.reply(interaction, "", embed=embed)

    @staticmethod
    def _sees(interaction: discord.Interaction, channel_id: int) -> bool:
        """Whether the reader can see the channel where an open table waits, or where an event open for entries
        was announced: ``/games`` offers nothing of a channel hidden from them (neither its players nor its
        link).  The channel decides, not a table's thread: a public thread is seen by whoever sees its channel,
        and one archived while the table waits is not in discord.py's cache."""
        guild, member = interaction.guild, interaction.user
        if guild is None or not isinstance(member, discord.Member):
            return False
        place = guild.get_channel_or_thread(channel_id)
        return place is not None and place.permissions_for(member).view_channel

    # ================================================================ which table a command means
    async def resolve_table(self, interaction: discord.Interaction, table: int | None,
                            want: Callable[[TableSummary], bool] | None = None) -> int:
        """The table a command means: the one named, else the one the service says (``table_meant``),
        preferring among several the one ``want`` keeps (issue 14: a command that fits exactly one of
        the caller's tables needs no ``table=``, as in the console)."""
        if table is not None:
            return table
        if interaction.guild_id is None:
            raise Refusal("err.no_guild")
        return int(await self.service.table_meant(interaction.user.id, interaction.guild_id, interaction.channel_id,
                                                  want))

    async def board_table(self, interaction: discord.Interaction, table: int | None) -> int:
        """/board: the table the caller means, or with none in play their most recent finished one
        (issue 14, as the console does: its last picture, with the result)."""
        try:
            return await self.resolve_table(interaction, table)
        except TableError as exc:
            if not exc.key.startswith("error.no_table_here") or interaction.guild_id is None:
                raise
            finished = await LeaderboardService(self.service.repo).last_finished(interaction.guild_id,
                                                                                interaction.user.id)
            if finished is None:
                raise
            return finished

    @staticmethod
    def _my_turn(user_id: int) -> Callable[[TableSummary], bool]:
        """/move: the table where the caller is to act (a K3 pyramid to build included)."""
        return lambda s: user_id in s.turn_user_ids

    @staticmethod
    def _in_play(summary: TableSummary) -> bool:
        """/resign: a table in play, not an invitation."""
        return summary.status == "active"

    def _drawable(self, summary: TableSummary) -> bool:
        """/draw: a table in play whose game takes draw offers."""
        return summary.status == "active" and self.service.takes_draw_offers(summary.game)
