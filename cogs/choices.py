"""The fixed choices of the slash commands' options, shared by the areas that declare them.

``/play``, ``/rules``, ``/leaderboard`` and ``/history`` all offer the games; ``/play`` and
``/settings`` both offer the times per move.  Each list is built once, from the registry and the
catalogue keys, so every command shows the same choices in the same words.
"""

from __future__ import annotations

from discord.app_commands import Choice

from cogs.translator import L
from tables.games import games as game_names
from tables.mesa import LEVELS

#: time per move choices, in seconds
TIMES = (3600, 21600, 86400, 259200, 604800, 1209600)
#: how long invitations wait (issue 15, defect 4), in seconds
EXPIRIES = (43200, 86400, 259200, 604800, 1209600, 2592000)

GAME_CHOICES = [Choice(name=L(f"choice.game.{g}"), value=g) for g in game_names()]
TIME_CHOICES = [Choice(name=L(f"choice.time.{s}"), value=s) for s in TIMES]
DRAW_CHOICES = [Choice(name=L(f"choice.draw.{a}"), value=a) for a in ("offer", "accept", "decline")]
SEAT_CHOICES = [Choice(name=L(f"choice.seat.{a}"), value=a) for a in ("first", "second", "random")]
EXPIRY_CHOICES = [Choice(name=L(f"choice.expiry.{s}"), value=s) for s in EXPIRIES]
LEVEL_CHOICES = [Choice(name=L(f"choice.level.{a}"), value=a) for a in LEVELS]
CHANNEL_CHOICES = [Choice(name=L(f"choice.channel.{a}"), value=a) for a in ("allow", "remove", "all")]
#: who may create, start and cancel tournaments (issue 31, ``/settings tournaments:``)
ORGANISER_CHOICES = [Choice(name=L(f"choice.organisers.{w}"), value=w) for w in ("anyone", "managers")]
