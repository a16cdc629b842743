"""The buttons of `/learn`'s overview: a practice table of the game that teaches what is left."""

from __future__ import annotations

import re

import discord

from bot.discord_io.components import button, new_view


class PracticeButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"lp:(?P<game>[a-z0-9_]{1,30})"
):
    """ "Practise <game>": the member's practice table of that game (the game is checked by the
    handler, since a forged id may name anything)."""

    def __init__(self, game: str, label: str = "?") -> None:
        super().__init__(button(label, discord.ButtonStyle.primary, f"lp:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.practice.open_table(interaction, self.game)


ITEMS = (PracticeButton,)


def practice_view(offers: list[tuple[str, str]]) -> discord.ui.View | None:
    """A button per (game, label) offered; None when nothing is left to learn."""
    if not offers:
        return None
    view = new_view()
    for game, label in offers:
        view.add_item(PracticeButton(game, label))
    return view
