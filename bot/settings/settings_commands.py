"""The settings' `/game` commands: the table's reminders and turn limit, a player's muting and
their games (`mine`), the server's language, a member's accessibility."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.settings import server_language
from bot.settings.quiet_setting import timezone_choices

SETTING_CHOICES = {
    "reminders": [
        app_commands.Choice(name=name, value=value)
        for name, value in (
            ("off", "off"),
            ("6 hours", "21600"),
            ("12 hours", "43200"),
            ("24 hours (default)", "86400"),
            ("2 days", "172800"),
            ("3 days", "259200"),
            ("7 days", "604800"),
        )
    ],
    "turn_limit": [
        app_commands.Choice(name=name, value=value)
        for name, value in (
            ("off", "off"),
            ("12 hours", "43200"),
            ("1 day", "86400"),
            ("2 days", "172800"),
            ("3 days (default)", "259200"),
            ("5 days", "432000"),
            ("7 days", "604800"),
            ("14 days", "1209600"),
        )
    ],
}


# The order `/game` lists them in.
ORDER = ("settings", "reminders", "mine", "away", "language", "accessibility", "quiet")


def commands() -> list[app_commands.Command]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""
    made = {c.name: c for c in (*_table_commands(), *_member_commands())}
    return [made[name] for name in ORDER]


def _table_commands() -> list[app_commands.Command]:
    """A table's settings, a player's games and reminders, the server's language."""

    @app_commands.command(name="settings", description="The table's reminders and turn limit")
    @app_commands.describe(
        reminders="In the lobby, who opened the game: after how long a waiting player is reminded",
        turn_limit="In the lobby, who opened the game: how long one decision may wait in all",
        explanations="Yours, in every game: explain each kind of decision the first time you meet it",
    )
    @app_commands.choices(
        reminders=SETTING_CHOICES["reminders"], turn_limit=SETTING_CHOICES["turn_limit"]
    )
    async def settings(
        interaction: discord.Interaction,
        reminders: app_commands.Choice[str] | None = None,
        turn_limit: app_commands.Choice[str] | None = None,
        explanations: bool | None = None,
    ) -> None:
        services = interaction.client.services
        if explanations is not None and reminders is None and turn_limit is None:
            await services.settings.set_explanations(interaction, explanations)
            return
        await services.settings.show_settings(
            interaction,
            reminders.value if reminders is not None else None,
            turn_limit.value if turn_limit is not None else None,
            explanations,
        )

    @app_commands.command(
        name="reminders", description="Turn your reminders for this game on or off"
    )
    @app_commands.describe(state="On or off")
    @app_commands.choices(
        state=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def reminders(interaction: discord.Interaction, state: app_commands.Choice[str]) -> None:
        await interaction.client.services.settings.mute(interaction, state.value == "on")

    @app_commands.command(name="mine", description="Your games, and where it is your turn")
    async def mine(interaction: discord.Interaction) -> None:
        await interaction.client.services.settings.mine(interaction)

    @app_commands.command(
        name="language", description="The language of this server's games (Manage Server)"
    )
    @app_commands.describe(language="Auto: the server's own language, if Discord gives one")
    @app_commands.choices(language=server_language.choices())
    async def language(
        interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        await interaction.client.services.languages.choose(interaction, language.value)

    return [settings, reminders, mine, language]


def _member_commands() -> list[app_commands.Command]:
    """A member's own settings, for all their games: away, accessibility, quiet hours."""

    @app_commands.command(
        name="away", description="Away for some days: no reminders, the AI plays at the limit"
    )
    @app_commands.describe(days="How many days (1-30); 0: I'm back")
    async def away(interaction: discord.Interaction, days: app_commands.Range[int, 0, 30]) -> None:
        await interaction.client.services.away.away(interaction, days)

    @app_commands.command(
        name="accessibility", description="Text boards for screen readers, in what only you get"
    )
    @app_commands.describe(
        text_boards="Add the board as text to your DMs and private answers (default: off)"
    )
    async def accessibility(
        interaction: discord.Interaction, text_boards: bool | None = None
    ) -> None:
        await interaction.client.services.accessibility.choose(interaction, text_boards)

    # One command with an `off` option, not a group (`/game quiet set`, `/game quiet off`):
    # `/game` is a group already, and Discord nests no deeper than a group's group.
    @app_commands.command(
        name="quiet", description="Your quiet hours: no DMs or pings then, one message after"
    )
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(
        start="Hour they begin (0-23, your time zone)",
        end="Hour they end (0-23)",
        timezone="Your time zone, such as Europe/Rome (start typing)",
        off="True: end your quiet hours",
    )
    async def quiet(
        interaction: discord.Interaction,
        start: app_commands.Range[int, 0, 23] | None = None,
        end: app_commands.Range[int, 0, 23] | None = None,
        timezone: str | None = None,
        off: bool = False,
    ) -> None:
        await interaction.client.services.quiet_setting.choose(
            interaction, start, end, timezone, off
        )

    quiet.autocomplete("timezone")(timezone_choices)

    return [away, accessibility, quiet]
