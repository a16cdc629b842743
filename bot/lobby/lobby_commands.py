"""The lobby's `/game` commands: open a game, join, leave, start, abandon."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.lobby.new_command import new_command


def commands() -> list[app_commands.Command]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""

    @app_commands.command(name="join", description="Take a seat in the game that is open here")
    async def join(interaction: discord.Interaction) -> None:
        await interaction.client.services.lobby.join(interaction)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(interaction: discord.Interaction) -> None:
        await interaction.client.services.lobby.leave(interaction)

    @app_commands.command(name="start", description="Start the game (the player who opened it)")
    async def start(interaction: discord.Interaction) -> None:
        await interaction.client.services.lobby.start(interaction)

    @app_commands.command(
        name="abandon",
        description="End the game here with the scores as they stand, no winner (creator or moderators)",
    )
    async def abandon(interaction: discord.Interaction) -> None:
        await interaction.client.services.lobby.abandon(interaction)

    @app_commands.command(
        name="rematch", description="The last game here again, with the same players"
    )
    async def rematch(interaction: discord.Interaction) -> None:
        await interaction.client.services.rematch.rematch(interaction)

    return [new_command(), join, leave, start, abandon, rematch]
