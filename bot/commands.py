"""The `/game` slash command group."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.core.errors import Refusal
from bot.history.past import game_choices
from bot.seats.ai_seats import DEFAULT_LEVEL
from bot.settings import server_language
from bot.text import present
from bot.text.i18n import text, text_msg, user_locale
from games import jsonin

if TYPE_CHECKING:
    from bot.app import MaleconBot

log = logging.getLogger(__name__)

# A deck file is a few kilobytes; refuse anything large before reading it.
MAX_DECK_BYTES = 256 * 1024

# Every game of the registry, by its English title (translated like every command text).
GAME_CHOICES = [
    app_commands.Choice(name=text_msg("en", games.get(name).title), value=name)
    for name in games.NAMES
]


AI_LEVEL_CHOICES = [
    app_commands.Choice(name="strong: searches ahead", value="strong"),
    app_commands.Choice(name="greedy: the best move right now", value="greedy"),
    app_commands.Choice(name="random: any legal move", value="random"),
]


# Commands that also work in a DM with the bot.
DM_COMMANDS = {"mine", "help"}

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


class GameGroup(app_commands.Group):
    """Play Santiago de Cuba or Havana in this channel."""

    def __init__(self, bot: MaleconBot) -> None:
        # Usable in DMs too, for `/game mine`; every other command checks it is in a server.
        super().__init__(
            name="game",
            description="Play Santiago de Cuba or Havana in this channel",
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

    @app_commands.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(
        game="Which game",
        open_holdings="Santiago de Cuba: everybody's pesos, VP and goods are public",
        deck="Havana: a JSON file with your own building deck",
        ai_players="How many seats the AI takes (more can be added in the lobby)",
        ai_level="How well those AI seats play (default: strong)",
        reminders="After how long a waiting player is reminded (default 24 hours)",
        turn_limit="How long one decision may wait in all (default 3 days)",
        max_distance="Santiago de Cuba: the longest drive, 1-24 stops (default 10)",
        partial_supply_grants="Santiago de Cuba: a short supply gives what is left (default yes)",
        reroll_empty_demand="Santiago de Cuba: reroll a demand of four zeros (default no)",
        owner_vp_only_when_moved="Santiago de Cuba: owner VP only after a pawn moved (default no)",
        owner_vp_at_game_end="Santiago de Cuba: owner VP also in the last turn (default no)",
        pablo_allows_wood="Santiago de Cuba: Pablo may give wood (default no)",
        max_rounds="Havana: rounds before the most VP win (default 60)",
        row_end_rule="Havana: when a row end refills",
        thread="Play in a thread of its own, opened from this channel",
    )
    @app_commands.choices(
        row_end_rule=[
            app_commands.Choice(name="any end (default)", value="any_end"),
            app_commands.Choice(name="both ends of a row", value="both_ends_of_a_row"),
        ],
        game=GAME_CHOICES,
        ai_level=AI_LEVEL_CHOICES,
        reminders=SETTING_CHOICES["reminders"],
        turn_limit=SETTING_CHOICES["turn_limit"],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        open_holdings: bool | None = None,
        deck: discord.Attachment | None = None,
        ai_players: app_commands.Range[int, 0, 3] = 0,
        ai_level: app_commands.Choice[str] | None = None,
        reminders: app_commands.Choice[str] | None = None,
        turn_limit: app_commands.Choice[str] | None = None,
        max_distance: app_commands.Range[int, 1, 24] | None = None,
        partial_supply_grants: bool | None = None,
        reroll_empty_demand: bool | None = None,
        owner_vp_only_when_moved: bool | None = None,
        owner_vp_at_game_end: bool | None = None,
        pablo_allows_wood: bool | None = None,
        max_rounds: app_commands.Range[int, 1, 1000] | None = None,
        row_end_rule: app_commands.Choice[str] | None = None,
        thread: bool = False,
    ) -> None:
        # Only the options given are passed: the game refuses one that is not its own.
        given = {
            "open_holdings": open_holdings,
            "max_distance": max_distance,
            "partial_supply_grants": partial_supply_grants,
            "reroll_empty_demand": reroll_empty_demand,
            "owner_vp_only_when_moved": owner_vp_only_when_moved,
            "owner_vp_at_game_end": owner_vp_at_game_end,
            "pablo_allows_wood": pablo_allows_wood,
            "max_rounds": max_rounds,
            "row_end_rule": None if row_end_rule is None else row_end_rule.value,
        }
        raw: dict = {name: value for name, value in given.items() if value is not None}
        if deck is not None:
            try:
                raw["deck"] = await read_deck(deck)
            except Refusal as refusal:
                await self.services.guard.reply(
                    interaction, text(user_locale(interaction), refusal.key, **refusal.params)
                )
                return
        await self.services.lobby.new_game(
            interaction,
            game.value,
            raw,
            ai_players=ai_players,
            ai_level=ai_level.value if ai_level is not None else DEFAULT_LEVEL,
            reminders=reminders.value if reminders is not None else None,
            turn_limit=turn_limit.value if turn_limit is not None else None,
            thread=thread,
        )

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


async def read_deck(attachment: discord.Attachment) -> object:
    """The parsed JSON of a deck attachment (the engine validates its content)."""
    if attachment.size > MAX_DECK_BYTES:
        raise Refusal("bot.error.deck_too_big", limit=MAX_DECK_BYTES // 1024)
    try:
        data = await attachment.read()
    except discord.HTTPException:
        raise Refusal("bot.error.deck_unreadable") from None
    try:
        parsed = jsonin.loads(data, max_bytes=MAX_DECK_BYTES)
    except jsonin.JSONInputError as exc:
        if exc.key == "too_large":  # the attachment's declared size was wrong
            raise Refusal("bot.error.deck_too_big", limit=MAX_DECK_BYTES // 1024) from None
        if exc.key == "syntax":
            raise Refusal("bot.error.deck_not_json", detail=exc.reason.params["detail"]) from None
        raise Refusal("bot.error.bad_option", reason=exc.reason) from None
    # Only a deck's content is accepted from Discord, never a string (the engine reads a string
    # as a file path on this machine).
    if not isinstance(parsed, dict | list):
        raise Refusal("bot.error.deck_not_json", detail=type(parsed).__name__)
    return parsed
