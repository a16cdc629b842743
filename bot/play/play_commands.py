"""Playing's `/game` commands: a typed move (with its choices as the player types), undo,
one's screen, the rules' summary."""

from __future__ import annotations

import discord
from discord import app_commands

import games
from bot.text import lengths, present
from bot.text.i18n import text_msg, user_locale


async def move_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal actions now, filtered by what they typed (at most 25).

    Answered from the game the bot holds when it has one: Discord drops an autocomplete
    answer that is late, and the choices are only offered (the move is checked again)."""
    services = interaction.client.services
    store = services.tables.store
    record = store.known(interaction.channel_id)
    if record is None:
        record = await store.by_channel(interaction.channel_id)
    if record is None or record.status != "active":
        return []
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        return []
    tables = services.tables
    actions = games.get(record.kind).legal_actions(tables.state_of(record), seat)
    typed = current.strip().lower()
    found = []
    for action in actions:
        locale = user_locale(services.preferences, interaction)
        label = text_msg(locale, action.label, present.seat_names(record, locale))
        if typed and typed not in label.lower() and typed not in action.code.lower():
            continue
        if lengths.utf16_len(action.code) > lengths.CHOICE_VALUE:
            continue
        found.append(
            app_commands.Choice(name=present.clip(label, lengths.CHOICE_NAME), value=action.code)
        )
    return found[:25]


def commands() -> list[app_commands.Command]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""

    @app_commands.command(name="move", description="Make your move")
    @app_commands.describe(choice="Start typing to see your choices")
    async def move(interaction: discord.Interaction, choice: str) -> None:
        await interaction.client.services.play.move(interaction, choice)

    move.autocomplete("choice")(move_choices)

    @app_commands.command(name="undo", description="Take back your latest decision (misclicks)")
    async def undo(interaction: discord.Interaction) -> None:
        await interaction.client.services.play.undo(interaction)

    @app_commands.command(name="screen", description="Show your screen (only you see it)")
    async def screen(interaction: discord.Interaction) -> None:
        await interaction.client.services.play.show_screen(interaction)

    @app_commands.command(name="help", description="How to play a turn, the commands and the rules")
    async def help(interaction: discord.Interaction) -> None:
        await interaction.client.services.help.show(interaction)

    @app_commands.command(name="recap", description="What the others did since your last turn")
    async def recap(interaction: discord.Interaction) -> None:
        await interaction.client.services.recaps.show(interaction)

    return [move, undo, screen, help, recap]
