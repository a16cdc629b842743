"""The table's question when a turn limit passed (wait, the AI plays once, the AI takes the
seat, end the game). Restart-proof like every component (see `bot.discord_io.components`).

    tl:<game>:<seat>:<since>:<wait|once|seat|end>   the table's choice when a turn limit passed
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_io.components import button, new_view
from bot.text.i18n import text


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
        super().__init__(button(label, self.STYLES[choice], f"tl:{game}:{seat}:{since}:{choice}"))
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


ITEMS = (LimitButton,)


def limit_view(locale: Any, game: int, seat: int, since: int) -> discord.ui.View:
    view = new_view()
    for choice in ("wait", "once", "seat", "end"):
        label = text(locale, f"bot.limit.{choice}")
        view.add_item(LimitButton(game, seat, since, choice, label))
    return view
