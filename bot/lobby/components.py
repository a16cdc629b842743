"""The lobby's buttons and menus: join, leave, start, the AI seats, the table's reminder
interval and turn limit. Restart-proof like every component (see `bot.discord_io.components`).

    lb:<game>:<join|leave|start|unai> lobby buttons ("unai" takes the last AI seat away)
    la:<game>                    lobby menu: seat the AI at the chosen level
    ls:<game>:<reminders|limit>  lobby menus: the table's reminder interval and turn limit
    rm:<game>                    under a game's final scores: a rematch of that game
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_io.components import button, menu, new_view
from bot.text import lengths
from bot.text.i18n import text
from bot.text.present import clip, duration
from storage.clock import REMINDER_CHOICES, TURN_LIMIT_CHOICES


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lb:(?P<game>\d+):(?P<op>join|leave|start|unai)",
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "unai": discord.ButtonStyle.secondary,
    }

    def __init__(self, game: int, op: str, label: str = "?") -> None:
        super().__init__(button(label, self.STYLES[op], f"lb:{game}:{op}"))
        self.game, self.op = game, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), match["op"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.lobby.lobby_button(interaction, self.game, self.op)


class LobbyAiSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"la:(?P<game>\d+)"):
    def __init__(
        self,
        game: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        super().__init__(menu(f"la:{game}", options, placeholder))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), item.options, item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        level = self.item.values[0] if self.item.values else ""
        await interaction.client.services.lobby.add_ai(interaction, self.game, level)


class LobbySettingSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"ls:(?P<game>\d+):(?P<which>reminders|limit)",
):
    def __init__(
        self,
        game: int,
        which: str,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        super().__init__(menu(f"ls:{game}:{which}", options, placeholder))
        self.game, self.which = game, which

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), match["which"], item.options, item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await interaction.client.services.lobby_settings.lobby_setting(
            interaction, self.game, self.which, value
        )


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rm:(?P<game>\d+)"):
    def __init__(self, game: int, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.primary, f"rm:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.rematch.rematch(interaction, self.game)


ITEMS = (LobbyButton, LobbyAiSelect, LobbySettingSelect, RematchButton)


def rematch_view(locale: Any, game: int) -> discord.ui.View:
    view = new_view()
    view.add_item(RematchButton(game, text(locale, "bot.button.rematch")))
    return view


def _setting_options(locale: Any, which: str, values: Sequence[int | None], current: int | None):
    # A preselected option hides the menu's placeholder, so each option names its setting.
    return [
        discord.SelectOption(
            label=clip(
                text(locale, f"bot.settings.{which}_off")
                if value is None
                else text(locale, f"bot.settings.{which}_option", value=duration(locale, value)),
                lengths.OPTION_LABEL,
            ),
            value="off" if value is None else str(value),
            default=value == current,
        )
        for value in values
    ]


def lobby_view(
    locale: Any, game: int, levels: Sequence[str] = (), settings: Any = None
) -> discord.ui.View:
    """Join / Leave / Start, and for the creator the AI seats (a menu of levels and "Remove
    AI") and the table's clock (reminder interval, turn limit)."""
    view = new_view()
    for op in ("join", "leave", "start", "unai"):
        view.add_item(LobbyButton(game, op, text(locale, f"bot.button.{op}")))
    if levels:
        options = [
            discord.SelectOption(
                label=lengths.clip(text(locale, f"bot.ai.level.{level}"), lengths.OPTION_LABEL),
                description=clip(text(locale, f"bot.ai.about.{level}"), lengths.OPTION_DESCRIPTION),
                value=level,
            )
            for level in levels
        ]
        view.add_item(LobbyAiSelect(game, options, text(locale, "bot.ai.add")))
    if settings is not None:
        reminders = _setting_options(locale, "reminders", REMINDER_CHOICES, settings.reminders)
        placeholder = text(locale, "bot.settings.reminders_menu")
        view.add_item(LobbySettingSelect(game, "reminders", reminders, placeholder))
        limits = _setting_options(locale, "limit", TURN_LIMIT_CHOICES, settings.turn_limit)
        placeholder = text(locale, "bot.settings.limit_menu")
        view.add_item(LobbySettingSelect(game, "limit", limits, placeholder))
    return view
