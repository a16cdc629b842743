"""The seats' `/game` commands: resign, hand a seat to another member, come back."""

from __future__ import annotations

import discord
from discord import app_commands


def commands() -> list[app_commands.Command]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""

    @app_commands.command(name="resign", description="Leave the game: the AI plays your seat")
    async def resign(interaction: discord.Interaction) -> None:
        await interaction.client.services.seats.resign(interaction)

    @app_commands.command(
        name="substitute", description="Hand a seat to another member of the server"
    )
    @app_commands.describe(
        member="Who plays the seat from now on",
        seat="Which seat (1-4); default: your own. Other seats: who opened the game or moderators",
    )
    async def substitute(
        interaction: discord.Interaction,
        member: discord.Member,
        seat: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        await interaction.client.services.seats.substitute(interaction, member, seat)

    @app_commands.command(name="return", description="I'm back: take your seat back from the AI")
    async def return_(interaction: discord.Interaction) -> None:
        await interaction.client.services.seats.return_seat(interaction)

    return [resign, substitute, return_]
