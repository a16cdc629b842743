"""`/game help`: how to play a turn in five lines, then buttons for the commands and the rules
of each game, whose pages list every card, building and person with its effect
(`bot.play.glossary_pages`). Every page is a private answer in the reader's language; its
buttons and menus are restart-proof like every component (see `bot.discord_io.components`):

    gh:<topic>[.<n>]   show one page of the help: turn, commands, yours (a member's own
                       settings), or a game's rules and glossary (its page n, from 0)
    gw:<game>          "What does it do?": the picked entry's effect, told at length, privately
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.errors import Refusal
from bot.discord_io.components import GamesTemplate, button, menu, new_view
from bot.discord_io.guard import handler
from bot.play import glossary_pages
from bot.text import lengths, present
from bot.text.i18n import reader_locale, text
from bot.text.preferences import Preferences

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.guard import Guard

TURN_LINES = 5
COMMAND_LINES = ("before", "playing", "waiting", "seats", "after", "rematch", "server")
# A member's own settings have their page: with them the commands page outgrew one message
# (2,000 characters) in Italian.
OWN_LINES = ("away", "quiet", "access")
# Buttons in a row.
ROW = 5


def _template(kinds) -> str:
    return (
        r"gh:(?P<topic>"
        + "|".join(("turn", "commands", "yours", *kinds))
        + r")(?:\.(?P<page>\d+))?"
    )


def _menu_template(kinds) -> str:
    return r"gw:(?P<game>" + "|".join(kinds) + ")"


def page(locale: Any, topic: str, number: int = 0) -> str:
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
        found = glossary_pages.pages(locale, topic)
        return found[min(number, len(found) - 1)].content
    return present.end_lists("\n".join(lines))


def help_view(
    locale: Any, shown: str, first: str | None = None, number: int = 0
) -> discord.ui.View:
    """A button per page; the page shown is greyed out. `first`: the game played here, whose
    rules come before the other games'. A game's page adds a button per page of that game and
    the "What does it do?" menu of the entries it shows."""
    kinds = sorted(games.names(), key=lambda kind: kind != first)
    view = new_view()
    topics = ("turn", "commands", "yours", *kinds)
    for n, topic in enumerate(topics):
        if topic in ("turn", "commands", "yours"):
            label = text(locale, f"bot.help.button.{topic}")
        else:
            label = text(locale, "bot.help.button.rules", game=present.title(locale, topic))
        row = n // ROW
        view.add_item(HelpButton(topic, label, disabled=topic == shown and number == 0, row=row))
    if shown in kinds:
        _add_game_pages(view, locale, shown, number, (len(topics) + ROW - 1) // ROW)
    return view


def _add_game_pages(view: discord.ui.View, locale: Any, kind: str, number: int, row: int) -> None:
    found = glossary_pages.pages(locale, kind)
    number = min(number, len(found) - 1)
    if len(found) > 1:
        for n, each in enumerate(found[: ROW * 2]):
            label = text(
                locale, "bot.help.button.page", section=each.heading, page=n + 1, pages=len(found)
            )
            button_row = row + n // ROW
            view.add_item(HelpButton(kind, label, n, disabled=n == number, row=button_row))
        row += (min(len(found), ROW * 2) + ROW - 1) // ROW
    entries = found[number].entries
    if entries:
        view.add_item(HelpMenu(kind, locale, entries, row=row))


class HelpButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=_template(games.NAMES),
):
    def __init__(
        self,
        topic: str,
        label: str = "?",
        number: int | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        style = discord.ButtonStyle.primary if topic == "turn" else discord.ButtonStyle.secondary
        # A page button names its page even when it is the first: the topic's own button (which
        # opens that page too) is on the same message, and custom ids must differ.
        custom_id = f"gh:{topic}" + ("" if number is None else f".{number}")
        super().__init__(button(label, style, custom_id, disabled=disabled, row=row))
        self.topic, self.number = topic, number or 0

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        page = match["page"]
        return cls(match["topic"], item.label or "?", None if page is None else int(page))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.services.help.show_page(interaction, self.topic, self.number)


HelpButton.__discord_ui_compiled_template__ = GamesTemplate(_template)


class HelpMenu(
    discord.ui.DynamicItem[discord.ui.Select],
    template=_menu_template(games.NAMES),
):
    """ "What does it do?": the entries of a game's help page; a pick answers privately with
    that one's effect told at length."""

    def __init__(
        self,
        kind: str,
        locale: Any = None,
        entries: Sequence[glossary_pages.Entry] = (),
        row: int | None = None,
    ) -> None:
        options = [
            discord.SelectOption(
                label=lengths.clip(each.name, lengths.OPTION_LABEL),
                description=lengths.clip(each.effect, lengths.OPTION_DESCRIPTION),
                value=each.value,
            )
            for each in entries
        ]
        placeholder = text(locale, "bot.help.what") if locale is not None else None
        super().__init__(menu(f"gw:{kind}", options, placeholder, row=row))
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = (interaction.data or {}).get("values") or ["?"]
        await interaction.client.services.help.what_it_does(interaction, self.kind, picked[0])


HelpMenu.__discord_ui_compiled_template__ = GamesTemplate(_menu_template)


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
    async def show_page(
        self, interaction: discord.Interaction, locale, topic: str, number: int = 0
    ) -> None:
        locale = reader_locale(self.preferences, interaction)
        here = await self._game_here(interaction)
        await interaction.edit_original_response(
            content=page(locale, topic, number), view=help_view(locale, topic, here, number)
        )

    @handler(defer="thinking")
    async def what_it_does(self, interaction: discord.Interaction, locale, kind: str, value: str):
        """One card's, building's or person's effect, told at length, to the reader alone."""
        locale = reader_locale(self.preferences, interaction)
        found = glossary_pages.entry(locale, kind, value)
        if found is None:
            raise Refusal("bot.help.gone", game=present.title(locale, kind))
        name, effect = found
        await self.guard.reply(interaction, f"**{name}**\n{effect}")
