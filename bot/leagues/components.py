"""The sign-up message's buttons. Restart-proof like every component (see
`bot.discord_io.components`).

    lg:<league>:<join|leave>   join or leave a league open for sign-up
"""

from __future__ import annotations

import re

import discord

from bot.discord_io.components import button, new_view
from bot.text.i18n import text


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lg:(?P<league>\d+):(?P<op>join|leave)",
):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}

    def __init__(self, league: int, op: str, label: str = "?") -> None:
        super().__init__(button(label, self.STYLES[op], f"lg:{league}:{op}"))
        self.league, self.op = league, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["league"]), match["op"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.signups.press(interaction, self.league, self.op)


def signup_view(locale, league_id: int) -> discord.ui.View:
    view = new_view()
    view.add_item(SignupButton(league_id, "join", text(locale, "bot.button.join")))
    view.add_item(SignupButton(league_id, "leave", text(locale, "bot.button.leave")))
    return view


ITEMS = (SignupButton,)
