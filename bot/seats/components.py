"""The seats' buttons: confirming a resignation, a player's answer when asked to hand their
seat over. Restart-proof like every component (see `bot.discord_io.components`).

    rs:<game>:<seat>             confirm resigning
    ho:<game>:<seat>:<holder>:<to>:<yes|no>   the player of <seat> lets <to> take it, or not
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_io.components import button, new_view
from bot.text.i18n import text


class ResignButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"rs:(?P<game>\d+):(?P<seat>\d)"
):
    def __init__(self, game: int, seat: int, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.danger, f"rs:{game}:{seat}"))
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
            button(label, self.STYLES[answer], f"ho:{game}:{seat}:{holder}:{to}:{answer}")
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


ITEMS = (ResignButton, HandOverButton)


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
