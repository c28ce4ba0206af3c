"""Which controls a table's public post carries: what ``Delivery`` attaches under each post it sends.

A post says what its controls need (``PublicPost.components_hint``, ``offers`` and, for games whose
moves are public and few, ``quick``), so choosing them reads the post alone and never asks the
service.  The controls themselves are ``cogs.board``'s and ``cogs.picking``'s.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.arranging import BuildButton
from cogs.board import (
    DrawButton,
    InvitationButton,
    MineButton,
    MoveButton,
    RematchButton,
    ResignButton,
)
from cogs.i18n_discord import t
from cogs.learning import HintButton, TakebackButton
from cogs.limits import MAX_SELECT_OPTIONS
from cogs.picking import PickButton, QuickSelect
from cogs.review import ReviewButton
from tables import PublicPost, QuickMove
from tables.outbox import BOARD, CANCEL, DRAW, HINT, MINE, QUICK, RESULT, REVIEW

Style = discord.ButtonStyle


def post_controls(post: PublicPost, lang: str) -> discord.ui.View | None:
    """The controls under a public post (``PublicPost.components_hint``, ``offers`` and ``quick``), or None.

    Only the post itself is read: everything its controls need rides with it, so delivering a board
    never asks the service again.
    """
    table, version, hint = post.table_id, post.version, post.components_hint
    view = discord.ui.View(timeout=None)

    def said(key: str) -> str:
        return t(key, lang)

    if post.kind == RESULT:
        view.add_item(RematchButton(table, version, label=said("btn.rematch"), style=Style.primary))
        if REVIEW in post.offers:  # issue 32: the game's review, where it has something to say
            view.add_item(ReviewButton(table, version, label=said("btn.review")))
    elif hint == "invite":
        view.add_item(InvitationButton(table, version, "accept", label=said("btn.accept"), style=Style.success))
        view.add_item(InvitationButton(table, version, "decline", label=said("btn.decline"), style=Style.danger))
        # the host withdraws the invitation
        view.add_item(InvitationButton(table, version, "abort", label=said("btn.cancel_table")))
    elif hint == "join":
        view.add_item(InvitationButton(table, version, "join", label=said("btn.join"), style=Style.primary))
        view.add_item(InvitationButton(table, version, "start", label=said("btn.start"), style=Style.success))
        # the host seats Mesa in the empty seats (issue 17)
        view.add_item(InvitationButton(table, version, "fill", label=said("btn.fill_mesa")))
        view.add_item(InvitationButton(table, version, "leave", label=said("btn.leave_table")))
        view.add_item(InvitationButton(table, version, "abort", label=said("btn.cancel_table")))
    elif hint == "takeback":  # issue 30: the opponent answers a takeback request
        view.add_item(TakebackButton(table, version, "accept", label=said("btn.takeback_accept"), style=Style.success))
        view.add_item(TakebackButton(table, version, "decline", label=said("btn.decline"), style=Style.danger))
    elif hint in ("move", "draw", "build"):
        if hint == "draw":
            view.add_item(DrawButton(table, version, "accept", label=said("btn.accept_draw"), style=Style.success,
                                     row=0))
            view.add_item(DrawButton(table, version, "decline", label=said("btn.decline"), style=Style.danger, row=0))
        if post.kind == BOARD:
            if hint == "build":
                view.add_item(BuildButton(table, version, "auto", label=said("btn.auto_build"), style=Style.primary,
                                          row=1))
            elif QUICK in post.offers:
                _quick_moves(view, post, lang)
            elif not post.mesa_next:  # while Mesa thinks nobody here has a move to choose (its board comes next)
                view.add_item(PickButton(table, version, label=said("btn.pick"), style=Style.primary, row=1))
            if MINE in post.offers:
                view.add_item(MineButton(table, version, label=said("btn.my_pieces"), row=1))
            if DRAW in post.offers and hint != "draw":
                view.add_item(DrawButton(table, version, "ask", label=said("btn.draw"), row=4))
            if HINT in post.offers:  # issue 30: the one person playing Mesa, unrated
                view.add_item(HintButton(table, version, label=said("btn.hint"), row=4))
            view.add_item(ResignButton(table, version, "ask", label=said("btn.resign"), style=Style.danger, row=4))
            if CANCEL in post.offers:  # the opening board: the host may still call the game off, as /abort
                view.add_item(InvitationButton(table, version, "abort", label=said("btn.cancel_table"), row=4))
    return view if view.children else None


def _quick_moves(view: discord.ui.View, post: PublicPost, lang: str) -> None:
    """The actor's moves under the public board (games whose moves are public and few, KR-9.1):
    buttons, one select menu, and a last row (Auto), as the service listed them in ``post.quick``."""
    table, version = post.table_id, post.version
    options = []
    for move in post.quick:
        label = quick_label(move, lang)
        if move.place == "select":
            options.append(discord.SelectOption(label=label, value="m:" + move.move))
        else:
            row, style = (2, Style.secondary) if move.place == "extra" else (1, Style.primary)
            view.add_item(MoveButton(table, version, move.move, label=label, style=style, row=row))
    if options:
        view.add_item(QuickSelect(table, version, options=options[:MAX_SELECT_OPTIONS],
                                  placeholder=t("picker.placeholder_start", lang), row=0))


def quick_label(move: QuickMove, lang: str) -> str:
    """A quick move's label in ``lang``: its parts translated and joined with `` · ``."""
    parts = []
    for part in move.label:
        params: dict[str, Any] = dict(part.params)
        params.update({name: t(key, lang) for name, key in part.keyed})
        parts.append(t(part.key, lang, **params))
    return " · ".join(parts)
