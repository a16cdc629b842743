"""The past's `/game` commands: a game's board, log, export and replay (this one or any of the
server's history by number), the server's history, a member's statistics, the leaderboard."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.history.past import LOG_LINES, LOG_MOST, game_choices
from bot.text.present import kind_choices


async def past_games(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    return await game_choices(interaction.client.services.tables.store, interaction, current)


class FinishedGames(app_commands.Group):
    """`/game history …`; discord.py asks only a command's own group whether it may run, so
    this group passes the question on to `/game`'s (no DMs but for a few commands)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return self.parent is None or await self.parent.interaction_check(interaction)


LAST = {"last": f"How many of the latest lines to show (default {LOG_LINES}, at most {LOG_MOST})"}


# The finished games' commands share one group, `/game history …`: Discord lists at most 25
# subcommands and groups under a command, and `/game` has more commands than that.
def commands() -> list[app_commands.Command | app_commands.Group]:
    """This concern's subcommands of `/game` (new ones each call: a command has one parent)."""

    @app_commands.command(name="board", description="Show the board (or of the last game here)")
    @app_commands.describe(
        game="A game of this server's history (default: the one here)",
        text="Also as text for screen readers: headings, one line per place and player",
    )
    async def board(
        interaction: discord.Interaction, game: int | None = None, text: bool = False
    ) -> None:
        await interaction.client.services.past.show_board(interaction, game, text)

    @app_commands.command(name="log", description="The last moves of the game here")
    @app_commands.describe(game="A game of this server's history (default: the one here)", **LAST)
    async def log(
        interaction: discord.Interaction,
        game: int | None = None,
        last: app_commands.Range[int, 1, LOG_MOST] = LOG_LINES,
    ) -> None:
        await interaction.client.services.past.show_log(interaction, game, last)

    @app_commands.command(name="export", description="A finished game's record as a JSON file")
    @app_commands.describe(game="A game of this server's history (default: the last one here)")
    async def export(interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.client.services.past.export(interaction, game)

    @app_commands.command(name="replay", description="Step through a game, move by move")
    @app_commands.describe(game="A game of this server's history (default: the one here)")
    async def replay(interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.client.services.replays.show_replay(interaction, game)

    @app_commands.command(
        name="review", description="An ended game's review: accuracy and costly decisions"
    )
    @app_commands.describe(
        game="A game of this server's history (default: the last one here)",
        member="Whose costliest decisions (default: yours)",
    )
    async def review(
        interaction: discord.Interaction,
        game: int | None = None,
        member: discord.Member | None = None,
    ) -> None:
        await interaction.client.services.reviews_shown.show_review(interaction, game, member)

    for command in (board, log, export, replay, review):
        command.autocomplete("game")(past_games)

    @app_commands.command(name="list", description="The games played in this server")
    @app_commands.describe(member="Only the games of this member", game="Only this game")
    @app_commands.choices(game=kind_choices())
    async def listing(
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        await interaction.client.services.history.show_history(
            interaction, member, game.value if game else None
        )

    @app_commands.command(name="stats", description="A member's games, results and rating here")
    @app_commands.describe(member="Whose statistics (default: yours)")
    async def stats(interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await interaction.client.services.stats.show_stats(interaction, member)

    @app_commands.command(name="leaderboard", description="The best players of this server")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=kind_choices())
    async def leaderboard(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.client.services.stats.show_leaderboard(interaction, game.value)

    history = FinishedGames(
        name="history",
        description="Finished games: the list, a replay, a review, an export, stats, ratings",
    )
    for command in (listing, replay, review, export, stats, leaderboard):
        history.add_command(command)
    return [board, log, history]
