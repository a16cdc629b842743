"""The `/game` slash command group: one group, its subcommands declared by concern
(`bot/<concern>/<concern>_commands.py`) and put here in the order players know; and the list of
every top-level command the bot syncs.

Discord lists at most 25 subcommands and groups under one command. `/game` keeps one place
free; features with several commands of their own get a top-level command of their own (added
to `top_level_commands`), so the tree, its translations and its record stay in one list."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.history import history_commands as history
from bot.leagues.league_commands import LeagueGroup
from bot.learn.learn_commands import learn_command
from bot.lobby import lobby_commands as lobby
from bot.play import play_commands as play
from bot.seats import seats_commands as seats
from bot.settings import settings_commands as settings
from bot.text.present import kind_choices

# Commands that also work in a DM with the bot: a member's own, and those that play the
# practice table `/learn` opened in the member's DMs (where no private thread could be opened).
DM_COMMANDS = {"mine", "help", "quiet", "move", "undo", "screen", "recap", "abandon"}

# The subcommands in the order Discord lists them (a change would reorder them for players).
ORDER = (
    *("new", "join", "leave", "start", "move", "undo", "board", "screen", "log", "recap"),
    *("history", "abandon", "settings", "reminders"),
    *("resign", "substitute", "return", "mine", "away", "quiet", "rematch", "language"),
    *("accessibility", "help"),
)


class GameGroup(app_commands.Group):
    """Play the registry's games in this channel."""

    def __init__(self) -> None:
        # Usable in DMs too, for `/game mine` and a practice table there (`DM_COMMANDS`);
        # every other command checks it is in a server.
        super().__init__(
            name="game",
            description=f"Play {' or '.join(c.name for c in kind_choices())} in this channel",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        )
        declared = {
            command.name: command
            for concern in (lobby, play, history, settings, seats)
            for command in concern.commands()
        }
        assert sorted(declared) == sorted(ORDER), "every subcommand has its place in ORDER"
        for name in ORDER:
            self.add_command(declared[name])

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command.name if interaction.command else ""
        if interaction.guild_id is None and command not in DM_COMMANDS:
            raise app_commands.NoPrivateMessage()
        return True


def top_level_commands() -> tuple[app_commands.Command | app_commands.Group, ...]:
    """Every top-level command, in the order they are added to the tree; `/game` first."""
    return (GameGroup(), learn_command(), LeagueGroup())
