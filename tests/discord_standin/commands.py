"""Registering application commands (``PUT /applications/{app}[/guilds/{guild}]/commands``), checked as Discord
checks it.

Discord refuses the whole overwrite with 400 / 50035 *Invalid Form Body* when any command breaks a documented
rule (developer documentation: application commands, *Application Command Naming*, *Option Structure*, *Choice
Structure*, *Localization*, and *Reference: Locales*), so a bot whose tree breaks one registers nothing:

- names (commands, subcommands, options): 1-32 characters of letters, numbers, ``-``, ``_``, ``'`` (Devanagari
  and Thai included), lower case where a letter has a lower case, unique within their list; a localized name
  follows the same rule, and no two options of one list may share a name in one locale;
- descriptions 1-100 characters, localized ones too; localization keys only Discord's 32 locales;
- at most 25 options per list, required ones first; ``required`` not on subcommands; a subcommand group holds
  only subcommands, a subcommand no subcommand, and a command's subcommands are not mixed with plain options;
- choices only on string, integer and number options, at most 25, names 1-100 characters, string values at most
  100 and each value of the option's type; ``autocomplete`` only on those types, never with ``choices``;
  ``min_length``/``max_length`` 0-6000 / 1-6000 on strings; ``min_value``/``max_value`` only on numbers;
- at most 8000 characters of names, descriptions and choice values per command, counting for each field its
  longest localization (the default included);
- at most 100 chat-input commands (and 5 user, 5 message), names unique within a type.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from discord_standin.rules import FormErrors, Problem

#: Discord's locales (Reference: Locales), the only keys a localization dictionary may have
LOCALES = frozenset(("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
                     "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
                     "zh-CN", "ja", "zh-TW", "ko"))
NAME_MAX, DESCRIPTION_MAX, OPTIONS, CHOICES, CHOICE_TEXT = 32, 100, 25, 25, 100
COMMAND_SIZE = 8000
COMMANDS_PER_TYPE = {1: 100, 2: 5, 3: 5}
STRING_LENGTH_MAX = 6000

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10
#: option types that may carry choices or autocomplete
CHOOSABLE = frozenset((STRING, INTEGER, NUMBER))
OPTION_TYPES = frozenset(range(1, 12))


def _name_character(c: str) -> bool:
    """``[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]``, lower case where the letter has one."""
    allowed = (c in "-_'" or unicodedata.category(c)[0] in "LN"
               or "\u0900" <= c <= "\u097f" or "\u0e00" <= c <= "\u0e7f")
    return allowed and c == c.lower()


def _valid_name(name: Any) -> bool:
    return isinstance(name, str) and 1 <= len(name) <= NAME_MAX and all(map(_name_character, name))


def check_commands(body: Any) -> Problem | None:
    """A bulk overwrite of application commands: ``None`` when Discord would register it, else its refusal."""
    errors = FormErrors()
    commands = body if isinstance(body, list) else []
    if not isinstance(body, list):
        errors.add([], "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType")
    seen: dict[int, set[str]] = {}
    for i, command in enumerate(commands):
        kind = command.get("type", CHAT_INPUT)
        names = seen.setdefault(kind, set())
        if command.get("name") in names:
            errors.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
        names.add(str(command.get("name")))
        _check_command(errors, [i], command)
    for kind, names in seen.items():
        if len(names) > COMMANDS_PER_TYPE.get(kind, 0):
            errors.add([], "APPLICATION_COMMANDS_TOO_MANY",
                       f"Maximum number of application commands of type {kind} reached "
                       f"({COMMANDS_PER_TYPE.get(kind, 0)})")
    return errors.problem()


def _check_command(errors: FormErrors, path: list[str | int], command: dict[str, Any]) -> None:
    chat_input = command.get("type", CHAT_INPUT) == CHAT_INPUT
    if chat_input:
        _check_named(errors, path, command)
        _check_options(errors, [*path, "options"], command.get("options") or [], depth=0)
    else:  # user and message commands: any case and spaces, no description, no options
        errors.between([*path, "name"], command.get("name"), 1, NAME_MAX)
        if command.get("description"):
            errors.add([*path, "description"], "APPLICATION_COMMAND_INVALID_DESCRIPTION",
                       "Description must be empty for this command type")
        if command.get("options"):
            errors.add([*path, "options"], "APPLICATION_COMMAND_OPTIONS_INVALID",
                       "Only chat input commands have options")
    if _size(command) > COMMAND_SIZE:
        errors.add(path, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE})")


def _check_named(errors: FormErrors, path: list[str | int], item: dict[str, Any]) -> None:
    """A chat-input command's or an option's name, description and their localizations."""
    if not _valid_name(item.get("name")):
        errors.add([*path, "name"], "APPLICATION_COMMAND_INVALID_NAME",
                   f"Command name is invalid: {item.get('name')!r}")
    errors.between([*path, "description"], item.get("description"), 1, DESCRIPTION_MAX)
    for key, text in _localized(errors, [*path, "name_localizations"], item.get("name_localizations")):
        if not _valid_name(text):
            errors.add([*path, "name_localizations", key], "APPLICATION_COMMAND_INVALID_NAME",
                       f"Command name is invalid: {text!r}")
    for key, text in _localized(errors, [*path, "description_localizations"], item.get("description_localizations")):
        errors.between([*path, "description_localizations", key], text, 1, DESCRIPTION_MAX)


def _localized(errors: FormErrors, path: list[str | int], table: Any) -> list[tuple[str, Any]]:
    """A localization dictionary's entries, each key checked against Discord's locales."""
    if not table:
        return []
    for key in table:
        if key not in LOCALES:
            errors.add([*path, key], "LOCALE_INVALID", f"Invalid locale: {key!r}")
    return [(key, text) for key, text in table.items() if key in LOCALES]


def _check_options(errors: FormErrors, path: list[str | int], options: list[dict[str, Any]], depth: int) -> None:
    if len(options) > OPTIONS:
        errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {OPTIONS} or fewer in length.")
    kinds = [o.get("type") for o in options]
    subcommands = [k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds]
    if any(subcommands) and not all(subcommands):
        errors.add(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                   "Sub-command and sub-command group option types are mutually exclusive to all other types")
    required = [bool(o.get("required")) for o in options]
    if required != sorted(required, reverse=True):
        errors.add(path, "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                   "Required options must be placed before non-required options")
    _check_unique_names(errors, path, options)
    for i, option in enumerate(options):
        _check_option(errors, [*path, i], option, depth)


def _check_unique_names(errors: FormErrors, path: list[str | int], options: list[dict[str, Any]]) -> None:
    """No two options of one list share a name, in the default or in any one locale."""
    said: dict[str, set[str]] = {}
    for i, option in enumerate(options):
        names = {"": option.get("name")} | dict(option.get("name_localizations") or {})
        for locale, name in names.items():
            if name in said.setdefault(locale, set()):
                errors.add([*path, i, "name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                           f"Option name {name!r} is already used in these options")
            said[locale].add(str(name))


def _check_option(errors: FormErrors, path: list[str | int], option: dict[str, Any], depth: int) -> None:
    kind = option.get("type")
    if kind not in OPTION_TYPES:
        errors.add([*path, "type"], "BASE_TYPE_CHOICES", f"Value must be one of {sorted(OPTION_TYPES)}.")
        return
    _check_named(errors, path, option)
    nested = option.get("options") or []
    if kind == SUB_COMMAND_GROUP:
        if depth > 0 or any(o.get("type") != SUB_COMMAND for o in nested):
            errors.add([*path, "options"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                       "A sub-command group sits at the top and holds only sub-commands")
        _check_options(errors, [*path, "options"], nested, depth + 1)
    elif kind == SUB_COMMAND:
        if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in nested) or depth > 1:
            errors.add([*path, "options"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                       "A sub-command holds only plain options")
        _check_options(errors, [*path, "options"], nested, depth + 1)
    elif nested:
        errors.add([*path, "options"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                   "Only sub-commands and sub-command groups have options")
    if kind in (SUB_COMMAND, SUB_COMMAND_GROUP) and "required" in option:
        errors.add([*path, "required"], "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                   "Sub-commands cannot be required")
    _check_values(errors, path, option, kind)


def _check_values(errors: FormErrors, path: list[str | int], option: dict[str, Any], kind: int) -> None:
    """Choices, autocomplete and the bounds of a plain option."""
    choices = option.get("choices") or []
    if choices and kind not in CHOOSABLE:
        errors.add([*path, "choices"], "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                   "Only string, integer and number options have choices")
    if len(choices) > CHOICES:
        errors.add([*path, "choices"], "BASE_TYPE_MAX_LENGTH", f"Must be {CHOICES} or fewer in length.")
    for j, choice in enumerate(choices):
        at = [*path, "choices", j]
        errors.between([*at, "name"], choice.get("name"), 1, CHOICE_TEXT)
        for key, text in _localized(errors, [*at, "name_localizations"], choice.get("name_localizations")):
            errors.between([*at, "name_localizations", key], text, 1, CHOICE_TEXT)
        value = choice.get("value")
        fits = {STRING: isinstance(value, str), INTEGER: isinstance(value, int) and not isinstance(value, bool),
                NUMBER: isinstance(value, int | float) and not isinstance(value, bool)}.get(kind, True)
        if not fits:
            errors.add([*at, "value"], "APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID",
                       "Choice value does not match the option's type")
        elif kind == STRING:
            errors.too_long([*at, "value"], value, CHOICE_TEXT)
    if option.get("autocomplete") and (kind not in CHOOSABLE or choices):
        errors.add([*path, "autocomplete"], "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
                   "Autocomplete is for string, integer and number options without choices")
    for key, low in (("min_length", 0), ("max_length", 1)):
        if key in option and (kind != STRING or not low <= option[key] <= STRING_LENGTH_MAX):
            errors.add([*path, key], "APPLICATION_COMMAND_OPTION_LENGTH_INVALID",
                       f"{key} is for string options, between {low} and {STRING_LENGTH_MAX}")
    for key in ("min_value", "max_value"):
        if key in option and kind not in (INTEGER, NUMBER):
            errors.add([*path, key], "APPLICATION_COMMAND_OPTION_VALUE_INVALID", f"{key} is for number options")


def _longest(item: dict[str, Any], field: str) -> int:
    """A field's length for the size limit: its longest localization, the default included."""
    texts = [str(item.get(field) or "")] + [str(t) for t in (item.get(f"{field}_localizations") or {}).values()]
    return max(map(len, texts))


def _size(item: dict[str, Any]) -> int:
    """The characters a command (or option, or choice) counts towards ``COMMAND_SIZE``."""
    size = _longest(item, "name") + _longest(item, "description")
    if "value" in item:
        size += len(str(item["value"]))
    return size + sum(_size(o) for o in item.get("options") or []) + sum(_size(c) for c in item.get("choices") or [])
