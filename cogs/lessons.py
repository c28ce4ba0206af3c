"""Lessons answered with the usual controls (issue 30): the buttons under a lesson step, its move picker,
and ``/move`` answering the open lesson, always privately (ephemeral: only the learner sees them).

Thin adapters over ``service.lessons`` (``tables.learn``): what a step is, what is right, what the hint
says and whether a click is current are the service's.  Every post about a step carries that step's
controls (``lesson_view``), one ``DynamicItem`` per kind (formats in ``cogs.controls``'s style):

- ``LessonButton`` ``mesa:learn:<game>:<step>:<action>``: ``pick`` opens the move picker over the step's
  legal moves for the learner's seat (``tables.picker``, as the tables' picker; where the engine lists none,
  K3's builds, it says the answer is typed, and how: the step's hint), ``back`` its first step
  again, ``hint`` the step's hint (counts nothing), ``again`` the step anew, ``restart`` the course anew;
- ``LessonSelect`` ``mesasel:learn:<game>:<step>``: one step of the lesson's picker; a move is the answer.

The step number is the step the control was made for: a click once the learner is at another step is
refused in words (``learn.past``) and changes nothing.  A step with hidden information brings one picture
per seat (``lesson-<game>.png``, then ``lesson-<game>-player<N>.png``; the text says whose is which).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs import answer
from cogs.controls import button, select, shown
from cogs.handling import Handling, Refusal, area, lang_of
from cogs.i18n_discord import t
from cogs.limits import MAX_MESSAGE
from cogs.part import ServicePart
from cogs.picking import picker_options
from cogs.pictures import picture_file
from cogs.plain import plain_params, service_text
from tables import TableService, picker
from tables.i18n import said
from tables.learn import LessonPost

log = logging.getLogger("mesa.discord")
Style = discord.ButtonStyle

#: the part of a lesson control's template that reads the course and the step it was made for
GAME_STEP = r"(?P<game>[a-z0-9]+):(?P<step>\d+)"
#: what a lesson button does (``LessonControls.click``)
ACTIONS = ("pick", "back", "hint", "again", "restart")


def lesson_button_id(game: str, step: int, action: str) -> str:
    return f"mesa:learn:{game}:{step}:{action}"


def lesson_select_id(game: str, step: int) -> str:
    return f"mesasel:learn:{game}:{step}"


class LessonButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=rf"mesa:learn:{GAME_STEP}:(?P<action>{'|'.join(ACTIONS)})"):
    """*Pick a move*, *Hint*, *Start this step again*, *Restart course* under a lesson step; *Back* in its picker."""

    def __init__(self, game: str, step: int, action: str, *, label: str = "",
                 style: Style = Style.secondary) -> None:
        super().__init__(button(lesson_button_id(game, step, action), label, fallback=action, style=style))
        self.game, self.step, self.action = game, step, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonButton:
        label, style = shown(item)
        return cls(match["game"], int(match["step"]), match["action"], label=label, style=style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, LessonControls).click(interaction, self.game, self.step, self.action)


class LessonSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"mesasel:learn:{GAME_STEP}"):
    """One step of a lesson's move picker: a group of moves, or the move that answers the step."""

    def __init__(self, game: str, step: int, *, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(select(lesson_select_id(game, step), options, placeholder))
        self.game, self.step = game, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonSelect:
        return cls(match["game"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await area(interaction, LessonControls).choose(interaction, self.game, self.step, self.item.values)


CONTROLS = (LessonButton, LessonSelect)


# ==================================================================== a lesson post, as Discord shows it
def lesson_text(post: LessonPost, lang: str, in_dm: bool = False) -> str:
    """The post in ``lang``, what it echoes made inert (``cogs.plain``), saying how to answer in
    Discord's words: the *Pick a move* button and ``/move`` as the reader's Discord names it; in a direct message
    (``in_dm``), where Discord has no ``/move`` (a server's command), ``/learn``'s *answer*."""
    named = {"pick": t("btn.lesson_pick", lang), "move": t("cmd.move", lang), "hint": t("btn.hint", lang),
             "learn": t("cmd.learn", lang), "answer": t("opt.answer", lang)}
    how = {(False, False): "lesson.how", (True, False): "lesson.how.typed", (False, True): "lesson.how.dm",
           (True, True): "lesson.how.typed.dm"}[bool(post.typed), in_dm]
    words = {"how": t(how, lang, **named), "again": t("lesson.again.dm" if in_dm else "lesson.again", lang, **named)}
    return service_text(post.key, lang, **(plain_params(post.params) | words))


def lesson_files(post: LessonPost, lang: str) -> list[discord.File]:
    """The step's pictures: the learner's first, then what each other seat sees (hidden information), each with
    its alt text in ``lang``."""
    files = [picture_file(post.image, f"lesson-{post.game}.png", post.alt, lang)] if post.image else []
    files += [picture_file(other.image, f"lesson-{post.game}-player{other.seat + 1}.png", other.alt, lang)
              for other in post.others if other.image]
    return files


def lesson_view(post: LessonPost, lang: str) -> discord.ui.View | None:
    """The controls of the step the post leaves the learner at: none for the list of courses; only
    *Restart course* once the course is done."""
    if not post.game or not post.step:
        return None
    view = discord.ui.View(timeout=None)
    if not post.done:
        view.add_item(LessonButton(post.game, post.step, "pick", label=t("btn.lesson_pick", lang),
                                   style=Style.primary))
        view.add_item(LessonButton(post.game, post.step, "hint", label=t("btn.hint", lang)))
        view.add_item(LessonButton(post.game, post.step, "again", label=t("btn.lesson_again", lang)))
    view.add_item(LessonButton(post.game, post.step, "restart", label=t("btn.lesson_restart", lang)))
    return view


async def send_lesson(interaction: discord.Interaction, post: LessonPost, *, edit: bool = False) -> None:
    """The post as the interaction's private answer, with its pictures and its step's controls; ``edit``:
    in place of the message clicked (the picker's), else a new private message."""
    lang = lang_of(interaction)
    text = lesson_text(post, lang, in_dm=interaction.guild_id is None)[:MAX_MESSAGE]
    files, view = lesson_files(post, lang), lesson_view(post, lang)
    try:
        if edit:
            await answer.edit_original(interaction, content=text, attachments=files, view=view)
        else:
            await answer.send(interaction, content=text, files=files, view=view)
    except (discord.NotFound, discord.Forbidden, discord.HTTPException) as exc:
        log.warning("could not answer a lesson: %s", type(exc).__name__)


# ==================================================================== the area
class LessonControls(ServicePart, commands.Cog):
    """Answers the lesson controls and ``/move`` at an open lesson: one per bot (``cogs.client`` adds it)."""

    def __init__(self, service: Callable[[], TableService], handling: Handling) -> None:
        super().__init__(service)
        self.handling = handling

    async def click(self, interaction: discord.Interaction, game: str, step: int, action: str) -> None:
        """A button under a lesson step (``step``: the one it was made for)."""
        lessons, user_id = self.service.lessons, interaction.user.id
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction, update=action == "back")
            if action in ("pick", "back"):
                legal = await lessons.moves(user_id, game, at=step)
                if not legal:  # moves too many to list (K3's builds, K3-3): the answer is typed
                    hint = await lessons.hint(user_id, game, at=step)
                    lang = lang_of(interaction)
                    typed = t("lesson.pick.typed.dm", lang, learn=t("cmd.learn", lang), answer=t("opt.answer", lang),
                              hint=said(hint.params["hint"], lang)) if interaction.guild_id is None else \
                        t("lesson.pick.typed", lang, move=t("cmd.move", lang), hint=said(hint.params["hint"], lang))
                    await self.handling.reply(interaction, typed)
                    return
                await self.reply_step(interaction, game, step, legal, picker.Step(), edit=action == "back")
            elif action == "hint":
                await send_lesson(interaction, await lessons.hint(user_id, game, at=step))
            else:
                where = str(step) if action == "again" else "restart"
                await send_lesson(interaction, await lessons.open(user_id, game, where, at=step,
                                                                  lang=lang_of(interaction)))

    async def choose(self, interaction: discord.Interaction, game: str, step: int, values: list[str]) -> None:
        """A choice in a lesson's picker: a move answers the step (the picker's message shows the answer
        and the step the learner is then at), a group of moves opens the next step of the picker."""
        lessons, user_id = self.service.lessons, interaction.user.id
        async with self.handling.guard(interaction):
            await self.handling.defer(interaction, update=True)
            if not values:
                return
            try:
                move, where = picker.decode_option(values[0])
            except ValueError:  # not an option this picker ever offered
                raise Refusal("err.picker_gone") from None
            if move is not None:
                await send_lesson(interaction, await lessons.answer(user_id, game, move, at=step,
                                                                    lang=lang_of(interaction)), edit=True)
                return
            legal = await lessons.moves(user_id, game, at=step)
            await self.reply_step(interaction, game, step, legal, where or picker.Step(), edit=True)

    async def answer_open(self, interaction: discord.Interaction, text: str) -> bool:
        """``/move`` with no table it could mean: the answer to the caller's open lesson, as ``/learn GAME
        answer`` gives it; False (nothing done) when no lesson is open."""
        lessons = self.service.lessons
        game = await lessons.current(interaction.user.id)
        if game is None:
            return False
        await send_lesson(interaction, await lessons.answer(interaction.user.id, game, text,
                                                            lang=lang_of(interaction)))
        return True

    async def hint_open(self, interaction: discord.Interaction) -> bool:
        """``/hint`` with no table it could mean: the hint of the caller's open lesson's step, as its *Hint* button
        gives it; False (nothing done) when no lesson is open."""
        lessons = self.service.lessons
        game = await lessons.current(interaction.user.id)
        if game is None:
            return False
        await send_lesson(interaction, await lessons.hint(interaction.user.id, game))
        return True

    async def open_moves(self, user_id: int) -> tuple[str, ...]:
        """The open lesson's legal moves (``/move``'s suggestions with no table); none without one."""
        game = await self.service.lessons.current(user_id)
        return await self.service.lessons.moves(user_id, game) if game is not None else ()

    async def reply_step(self, interaction: discord.Interaction, game: str, step: int, legal: tuple[str, ...],
                         where: picker.Step, *, edit: bool) -> None:
        """One step of the lesson's picker (the tables' picker over the step's moves), privately."""
        lang = lang_of(interaction)
        options, placeholder = picker_options(list(legal), where, lang)
        view = discord.ui.View(timeout=None)
        view.add_item(LessonSelect(game, step, options=options, placeholder=placeholder))
        if where != picker.Step():
            view.add_item(LessonButton(game, step, "back", label=t("btn.back", lang)))
        title = self.service.lessons.course(game).title.get(lang) or game
        text = t("lesson.picker.prompt", lang, step=step, title=title, prefix=where.prefix.strip() or "…")
        await self.handling.edit_or_reply(interaction, text, view, edit=edit)
