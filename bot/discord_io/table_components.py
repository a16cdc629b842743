"""Buttons and menus of the table around the game: the lobby, the turn limit's question,
resigning, handing a seat over. Restart-proof like every component (see `components`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_io.components import new_view
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
        super().__init__(
            discord.ui.Button(label=label, style=self.STYLES[op], custom_id=f"lb:{game}:{op}")
        )
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
        super().__init__(
            discord.ui.Select(
                custom_id=f"la:{game}",
                options=list(options) or [discord.SelectOption(label="?", value="?")],
                placeholder=placeholder,
            )
        )
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
        super().__init__(
            discord.ui.Select(
                custom_id=f"ls:{game}:{which}",
                options=list(options) or [discord.SelectOption(label="?", value="?")],
                placeholder=placeholder,
            )
        )
        self.game, self.which = game, which

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), match["which"], item.options, item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await interaction.client.services.settings.lobby_setting(
            interaction, self.game, self.which, value
        )


class LimitButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tl:(?P<game>\d+):(?P<seat>\d):(?P<since>\d+):(?P<choice>wait|once|seat|end)",
):
    STYLES = {
        "wait": discord.ButtonStyle.secondary,
        "once": discord.ButtonStyle.primary,
        "seat": discord.ButtonStyle.primary,
        "end": discord.ButtonStyle.danger,
    }

    def __init__(self, game: int, seat: int, since: int, choice: str, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES[choice],
                custom_id=f"tl:{game}:{seat}:{since}:{choice}",
            )
        )
        self.game, self.seat, self.since, self.choice = game, seat, since, choice

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["since"]),
            match["choice"],
            item.label or "?",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.seats.limit_choice(
            interaction, self.game, self.seat, self.since, self.choice
        )


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"rs:(?P<game>\d+):(?P<seat>\d)"
):
    def __init__(self, game: int, seat: int, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.danger, custom_id=f"rs:{game}:{seat}"
            )
        )
        self.game, self.seat = game, seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["seat"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.seats.confirm_resign(interaction, self.game, self.seat)


class HandOverButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ho:(?P<game>\d+):(?P<seat>\d):(?P<holder>\d+):(?P<to>\d+):(?P<answer>yes|no)",
):
    """The answer of a seat's player when someone else asks to hand their seat to `to`."""

    STYLES = {"yes": discord.ButtonStyle.success, "no": discord.ButtonStyle.secondary}

    def __init__(
        self, game: int, seat: int, holder: int, to: int, answer: str, label: str = "?"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES[answer],
                custom_id=f"ho:{game}:{seat}:{holder}:{to}:{answer}",
            )
        )
        self.game, self.seat, self.holder, self.to, self.answer = game, seat, holder, to, answer

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["holder"]),
            int(match["to"]),
            match["answer"],
            item.label or "?",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.seats.answer_hand_over(
            interaction, self.game, self.seat, self.holder, self.to, self.answer == "yes"
        )


ITEMS = (
    LobbyButton,
    LobbyAiSelect,
    LobbySettingSelect,
    LimitButton,
    ResignButton,
    HandOverButton,
)


def limit_view(locale: Any, game: int, seat: int, since: int) -> discord.ui.View:
    view = new_view()
    for choice in ("wait", "once", "seat", "end"):
        label = text(locale, f"bot.limit.{choice}")
        view.add_item(LimitButton(game, seat, since, choice, label))
    return view


def resign_view(locale: Any, game: int, seat: int) -> discord.ui.View:
    view = new_view()
    view.add_item(ResignButton(game, seat, text(locale, "bot.resign.confirm")))
    return view


def hand_over_view(locale: Any, game: int, seat: int, holder: int, to: int) -> discord.ui.View:
    view = new_view()
    for answer in ("yes", "no"):
        label = text(locale, f"bot.handover.{answer}")
        view.add_item(HandOverButton(game, seat, holder, to, answer, label))
    return view


def _setting_options(locale: Any, values: Sequence[int | None], current: int | None):
    return [
        discord.SelectOption(
            label=text(locale, "bot.settings.off") if value is None else duration(locale, value),
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
                label=text(locale, f"bot.ai.level.{level}"),
                description=clip(text(locale, f"bot.ai.about.{level}"), 100),
                value=level,
            )
            for level in levels
        ]
        view.add_item(LobbyAiSelect(game, options, text(locale, "bot.ai.add")))
    if settings is not None:
        reminders = _setting_options(locale, REMINDER_CHOICES, settings.reminders)
        placeholder = text(locale, "bot.settings.reminders_menu")
        view.add_item(LobbySettingSelect(game, "reminders", reminders, placeholder))
        limits = _setting_options(locale, TURN_LIMIT_CHOICES, settings.turn_limit)
        placeholder = text(locale, "bot.settings.limit_menu")
        view.add_item(LobbySettingSelect(game, "limit", limits, placeholder))
    return view
