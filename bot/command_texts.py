"""Slash commands in the reader's language: names, descriptions, options and choices.

Discord shows a command's `name_localizations` and `description_localizations` in the client's
language; discord.py asks an `app_commands.Translator` for them when the tree is synced. The
English stays in `bot/game_group.py` where each command is declared; each text has a key built
from where it sits (`cmd.game.new.description`, `cmd.game.new.ai_level.description`,
`cmd.choice.24_hours_default`), and the translation comes from the same catalogues as every
other text. A command or option name is localized only when its translation is a valid name
(lower case letters, digits, `-` and `_`, ASCII only), so typing it never needs another
keyboard; otherwise the English name stays.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.game_group import top_level_commands
from bot.settings.server_language import choices
from bot.text.i18n import add_english, catalogue, language
from bot.text.present import choice_key

NAME = re.compile(r"^[a-z0-9_-]{1,32}$")


def _path(command) -> str:
    return "cmd." + command.qualified_name.replace(" ", ".")


def key_of(context: app_commands.TranslationContextTypes, english: str) -> str | None:
    where = context.location
    data = context.data
    loc = app_commands.TranslationContextLocation
    if where in (loc.group_name, loc.command_name):
        return _path(data) + ".name"
    if where in (loc.group_description, loc.command_description):
        return _path(data) + ".description"
    if where == loc.parameter_name:
        return f"{_path(data.command)}.{data.name}.name"
    if where == loc.parameter_description:
        return f"{_path(data.command)}.{data.name}.description"
    if where == loc.choice_name:
        return choice_key(english)
    return None


def english_texts() -> dict[str, str]:
    """key -> English of every command text (for the catalogues), read off the command tree."""
    found: dict[str, str] = {}
    for top in top_level_commands():
        found[_path(top) + ".name"] = top.name
        found[_path(top) + ".description"] = top.description
        # A lone top-level command carries its own parameters; a group's are on its subcommands.
        grouped = isinstance(top, app_commands.Group)
        _add_commands(found, list(top.walk_commands()) if grouped else [top])
    return found


def _add_commands(found: dict[str, str], commands: list) -> None:
    for command in commands:
        found[_path(command) + ".name"] = command.name
        found[_path(command) + ".description"] = command.description
        if isinstance(command, app_commands.Group):
            continue
        for param in command.parameters:
            # (the name Discord shows, which `rename` may have changed: `/game quiet from:`)
            found[f"{_path(command)}.{param.name}.name"] = param.display_name
            found[f"{_path(command)}.{param.name}.description"] = param.description
            if param.name == "language":
                continue  # each language is named in itself, never translated
            for choice in param.choices:
                found[choice_key(choice.name)] = choice.name


add_english(english_texts)


def _is_language(name: str) -> bool:
    return any(choice.name == name for choice in choices())


class CatalogueTranslator(app_commands.Translator):
    """Looks every command text up in our catalogues (see the module's docstring)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language(locale)
        if lang == "en":
            return None
        key = key_of(context, string.message)
        if key is None or key.startswith("cmd.choice.") and _is_language(string.message):
            return None
        found = catalogue(lang).get(key)
        if not found:
            return None
        loc = app_commands.TranslationContextLocation
        names = (loc.command_name, loc.group_name, loc.parameter_name)
        if context.location in names and not NAME.match(found):
            return None
        return found[:100]
