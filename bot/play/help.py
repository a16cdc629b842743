"""`/game help`: how to play a turn in five lines, then buttons for the commands and the rules
of each game. Every page is a private answer in the reader's language; its buttons are
restart-proof like every component (see `bot.discord_io.components`):

    gh:<topic>   show one page of the help: turn, commands, yours (a member's own settings),
                 or a game's rules
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.discord_io.components import GamesTemplate, button, new_view
from bot.discord_io.guard import handler
from bot.text import present
from bot.text.i18n import english, reader_locale, text
from bot.text.preferences import Preferences

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

TURN_LINES = 5
COMMAND_LINES = ("before", "playing", "waiting", "seats", "after", "rematch", "server")
# A member's own settings have their page: with them the commands page outgrew one message
# (2,000 characters) in Italian.
OWN_LINES = ("away", "quiet", "access")


def _template(kinds) -> str:
    return r"gh:(?P<topic>" + "|".join(("turn", "commands", "yours", *kinds)) + ")"


def page(locale: Any, topic: str) -> str:
    if topic == "turn":
        lines = [text(locale, "bot.help.turn.title")]
        lines += [f"{n}. {text(locale, f'bot.help.turn.{n}')}" for n in range(1, TURN_LINES + 1)]
        lines.append(text(locale, "bot.help.more"))
    elif topic == "commands":
        lines = [text(locale, "bot.help.commands.title")]
        lines += ["• " + text(locale, f"bot.help.commands.{part}") for part in COMMAND_LINES]
    elif topic == "yours":
        lines = [text(locale, "bot.help.yours.title")]
        lines += ["• " + text(locale, f"bot.help.commands.{part}") for part in OWN_LINES]
    else:
        # A game's rules: ours in the bot's catalogue, another game's in its own.
        key = f"bot.help.{topic}" if f"bot.help.{topic}" in english() else f"{topic}.rules"
        lines = [text(locale, key)]
    return present.end_lists("\n".join(lines))


def help_view(locale: Any, shown: str, first: str | None = None) -> discord.ui.View:
    """A button per page; the page shown is greyed out. `first`: the game played here, whose
    rules come before the other games'."""
    kinds = sorted(games.names(), key=lambda kind: kind != first)
    view = new_view()
    for topic in ("turn", "commands", "yours", *kinds):
        if topic in ("turn", "commands", "yours"):
            label = text(locale, f"bot.help.button.{topic}")
        else:
            label = text(locale, "bot.help.button.rules", game=present.title(locale, topic))
        view.add_item(HelpButton(topic, label, disabled=topic == shown))
    return view


class HelpButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=_template(games.NAMES),
):
    def __init__(self, topic: str, label: str = "?", disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if topic == "turn" else discord.ButtonStyle.secondary
        super().__init__(button(label, style, f"gh:{topic}", disabled=disabled))
        self.topic = topic

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["topic"], item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.help.show_page(interaction, self.topic)


HelpButton.__discord_ui_compiled_template__ = GamesTemplate(_template)


class Help:
    """The help's first page, and the page each of its buttons asks for."""

    def __init__(self, preferences: Preferences, tables: Tables, guard: Guard) -> None:
        self.preferences, self.tables, self.guard = preferences, tables, guard

    async def _game_here(self, interaction: discord.Interaction) -> str | None:
        if interaction.channel_id is None:
            return None
        record = await self.tables.store.by_channel(interaction.channel_id)
        return None if record is None else record.kind

    @handler(defer="thinking")
    async def show(self, interaction: discord.Interaction, locale) -> None:
        # Help explains the bot: a client left at Discord's default English reads it in the
        # language the server chose, as the channel does.
        locale = reader_locale(self.preferences, interaction)
        here = await self._game_here(interaction)
        await self.guard.reply(
            interaction, page(locale, "turn"), view=help_view(locale, "turn", here)
        )

    @handler(defer="update")
    async def show_page(self, interaction: discord.Interaction, locale, topic: str) -> None:
        locale = reader_locale(self.preferences, interaction)
        here = await self._game_here(interaction)
        await interaction.edit_original_response(
            content=page(locale, topic), view=help_view(locale, topic, here)
        )
