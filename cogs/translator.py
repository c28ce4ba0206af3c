"""Localized command names, descriptions and choices: an ``app_commands.Translator``.

Every name and description of a command (declared in its area: cogs/play.py, cogs/guide.py,
cogs/settings.py, cogs/results.py) is a ``locale_str`` whose ``key`` extra names an
entry of cogs/i18n_discord.py; the English catalog is the default text, and Spanish is offered to
Discord for both Spanish locales (es-ES, es-419).  Discord then shows each user the command tree in
their own language.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.i18n_discord import EN, ES

#: Discord locales that get the Spanish catalog
SPANISH = (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)


def L(key: str) -> app_commands.locale_str:
    """A translatable command string: English text, with its catalog key for the translator."""
    return app_commands.locale_str(EN[key], key=key)


class MesaTranslator(app_commands.Translator):
    """Answers Spanish for the Spanish locales; ``None`` (keep the English default) otherwise."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        if locale not in SPANISH:
            return None
        key = string.extras.get("key")
        if key is None:
            return None
        return ES.get(key)
