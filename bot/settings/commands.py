"""The settings' `/game` commands: the table's reminders and turn limit, a player's muting and
their games (`mine`), the server's language."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.settings import server_language

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


def commands() -> list[app_commands.Command]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""

    @app_commands.command(name="settings", description="The table's reminders and turn limit")
    @app_commands.describe(
        reminders="In the lobby, who opened the game: after how long a waiting player is reminded",
        turn_limit="In the lobby, who opened the game: how long one decision may wait in all",
    )
    @app_commands.choices(
        reminders=SETTING_CHOICES["reminders"], turn_limit=SETTING_CHOICES["turn_limit"]
    )
    async def settings(
        interaction: discord.Interaction,
        reminders: app_commands.Choice[str] | None = None,
        turn_limit: app_commands.Choice[str] | None = None,
    ) -> None:
        await interaction.client.services.settings.show_settings(
            interaction,
            reminders.value if reminders is not None else None,
            turn_limit.value if turn_limit is not None else None,
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
