"""The `/game` slash command group."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.history.past import game_choices
from bot.lobby.new_command import GAME_CHOICES, SETTING_CHOICES, new_command
from bot.settings import server_language
from bot.text import present
from bot.text.i18n import text_msg, user_locale

if TYPE_CHECKING:
    from bot.app import MaleconBot

log = logging.getLogger(__name__)

# Commands that also work in a DM with the bot.
DM_COMMANDS = {"mine", "help"}


class GameGroup(app_commands.Group):
    """Play the registry's games in this channel."""

    def __init__(self, bot: MaleconBot) -> None:
        # Usable in DMs too, for `/game mine`; every other command checks it is in a server.
        super().__init__(
            name="game",
            description=f"Play {' or '.join(c.name for c in GAME_CHOICES)} in this channel",
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        )
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        command = interaction.command.name if interaction.command else ""
        if interaction.guild_id is None and command not in DM_COMMANDS:
            raise app_commands.NoPrivateMessage()
        return True

    @property
    def services(self):
        return self.bot.services

    new = new_command()

    @app_commands.command(name="join", description="Take a seat in the game that is open here")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.services.lobby.join(interaction)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.services.lobby.leave(interaction)

    @app_commands.command(name="start", description="Start the game (the player who opened it)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.services.lobby.start(interaction)

    @app_commands.command(name="move", description="Make your move")
    @app_commands.describe(choice="Start typing to see your choices")
    async def move(self, interaction: discord.Interaction, choice: str) -> None:
        await self.services.play.move(interaction, choice)

    @move.autocomplete("choice")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal actions now, filtered by what they typed (at most 25).

        Answered from the game the bot holds when it has one: Discord drops an autocomplete
        answer that is late, and the choices are only offered (the move is checked again)."""
        store = self.bot.store
        record = store.known(interaction.channel_id)
        if record is None:
            record = await store.by_channel(interaction.channel_id)
        if record is None or record.status != "active":
            return []
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            return []
        actions = games.get(record.kind).legal_actions(self.services.tables.state_of(record), seat)
        typed = current.strip().lower()
        found = []
        for action in actions:
            locale = user_locale(interaction)
            label = text_msg(locale, action.label, present.seat_names(record, locale))
            if typed and typed not in label.lower() and typed not in action.code.lower():
                continue
            if len(action.code) > 100:
                continue
            found.append(app_commands.Choice(name=label[:100], value=action.code))
        return found[:25]

    @app_commands.command(name="undo", description="Take back your latest decision (misclicks)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.services.play.undo(interaction)

    @app_commands.command(name="board", description="Show the board (or of the last game here)")
    @app_commands.describe(game="A game of this server's history (default: the one here)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.services.past.show_board(interaction, game)

    @app_commands.command(name="screen", description="Show your screen (only you see it)")
    async def screen(self, interaction: discord.Interaction) -> None:
        await self.services.play.show_screen(interaction)

    @app_commands.command(name="log", description="The last moves of the game here")
    @app_commands.describe(game="A game of this server's history (default: the one here)")
    async def log(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.services.past.show_log(interaction, game)

    @app_commands.command(name="export", description="A finished game's record as a JSON file")
    @app_commands.describe(game="A game of this server's history (default: the last one here)")
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.services.past.export(interaction, game)

    @app_commands.command(name="replay", description="Step through a game, move by move")
    @app_commands.describe(game="A game of this server's history (default: the one here)")
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.services.replays.show_replay(interaction, game)

    @board.autocomplete("game")
    @log.autocomplete("game")
    @export.autocomplete("game")
    @replay.autocomplete("game")
    async def past_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot.store, interaction, current)

    @app_commands.command(name="history", description="The games played in this server")
    @app_commands.describe(member="Only the games of this member", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.services.history.show_history(interaction, member, game.value if game else None)

    @app_commands.command(name="stats", description="A member's games, results and rating here")
    @app_commands.describe(member="Whose statistics (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        await self.services.stats.show_stats(interaction, member)

    @app_commands.command(name="leaderboard", description="The best players of this server")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, game: app_commands.Choice[str]
    ) -> None:
        await self.services.stats.show_leaderboard(interaction, game.value)

    @app_commands.command(
        name="abandon", description="End the game here without scores (creator or moderators)"
    )
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self.services.lobby.abandon(interaction)

    @app_commands.command(name="settings", description="The table's reminders and turn limit")
    @app_commands.describe(
        reminders="In the lobby, who opened the game: after how long a waiting player is reminded",
        turn_limit="In the lobby, who opened the game: how long one decision may wait in all",
    )
    @app_commands.choices(
        reminders=SETTING_CHOICES["reminders"], turn_limit=SETTING_CHOICES["turn_limit"]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        reminders: app_commands.Choice[str] | None = None,
        turn_limit: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.services.settings.show_settings(
            interaction,
            reminders.value if reminders is not None else None,
            turn_limit.value if turn_limit is not None else None,
        )

    @app_commands.command(
        name="reminders", description="Turn your reminders for this game on or off"
    )
    @app_commands.choices(
        state=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def reminders(
        self, interaction: discord.Interaction, state: app_commands.Choice[str]
    ) -> None:
        await self.services.settings.mute(interaction, state.value == "on")

    @app_commands.command(name="resign", description="Leave the game: the AI plays your seat")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.services.seats.resign(interaction)

    @app_commands.command(
        name="substitute", description="Hand a seat to another member of the server"
    )
    @app_commands.describe(
        member="Who plays the seat from now on",
        seat="Which seat (1-4); default: your own. Other seats: who opened the game or moderators",
    )
    async def substitute(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        seat: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        await self.services.seats.substitute(interaction, member, seat)

    @app_commands.command(name="return", description="I'm back: take your seat back from the AI")
    async def return_(self, interaction: discord.Interaction) -> None:
        await self.services.seats.return_seat(interaction)

    @app_commands.command(name="mine", description="Your games, and where it is your turn")
    async def mine(self, interaction: discord.Interaction) -> None:
        await self.services.settings.mine(interaction)

    @app_commands.command(
        name="language", description="The language of this server's games (Manage Server)"
    )
    @app_commands.describe(language="Auto: the server's own language, if Discord gives one")
    @app_commands.choices(language=server_language.choices())
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        await self.services.languages.choose(interaction, language.value)

    @app_commands.command(name="help", description="A short summary of the rules")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.services.play.show_help(interaction)
