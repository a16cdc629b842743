"""`/learn`, a top-level command of its own (`/game` keeps its last place free): a practice
table of a game against the AI, or (without a game) what the member has learnt so far."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.learn.practice import PRACTICE_LEVEL
from bot.lobby.new_command import AI_LEVEL_CHOICES
from bot.text.present import kind_choices


def learn_command() -> app_commands.Command:
    @app_commands.command(
        name="learn", description="Learn to play: a practice table of your own against the AI"
    )
    @app_commands.describe(
        game="The game to practise (none: what you have learnt so far)",
        ai_level="How well the AI players play (default: greedy)",
    )
    @app_commands.choices(game=kind_choices(), ai_level=AI_LEVEL_CHOICES)
    # In a server, and in the bot's DM: a practice table opens in the member's DMs wherever
    # no private thread can be opened.
    @app_commands.allowed_contexts(guilds=True, dms=True)
    async def learn(
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        ai_level: app_commands.Choice[str] | None = None,
    ) -> None:
        practice = interaction.client.services.practice
        if game is None:
            await practice.overview(interaction)
            return
        level = ai_level.value if ai_level is not None else PRACTICE_LEVEL
        await practice.open_table(interaction, game.value, level)

    return learn
