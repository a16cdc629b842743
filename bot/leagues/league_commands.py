"""`/league`, a top-level command group of its own (`/game` keeps its last place free): open a
league, start it, the standings, your table, the server's leagues, leaving. Joining is by the
sign-up message's button. `new` offers every game's options from the registry, as `/game new`
does, applied to every table of the league."""

from __future__ import annotations

import inspect

import discord
from discord import app_commands

from bot.lobby.new_command import annotation, game_options
from bot.settings.settings_commands import SETTING_CHOICES
from bot.text.present import kind_choices
from games.front import all_front_options

OVERTIME_CHOICES = [
    app_commands.Choice(name="the AI finishes it (default)", value="clock"),
    app_commands.Choice(name="ranked on the scores as they stand", value="scores"),
]

# The league's own parameters, before the games' options: (name, annotation, default).
SHARED = (
    ("name", "app_commands.Range[str, 1, 80]", inspect.Parameter.empty),
    ("game", "app_commands.Choice[str]", inspect.Parameter.empty),
    ("players", "app_commands.Range[int, 2, 4]", 4),
    ("smallest", "app_commands.Range[int, 2, 4] | None", None),
    ("rounds", "app_commands.Range[int, 1, 20]", 4),
    ("days", "app_commands.Range[int, 1, 14]", 3),
    ("points", "app_commands.Range[str, 1, 40] | None", None),
    ("rated", "bool", True),
    ("overtime", "app_commands.Choice[str] | None", None),
    ("reminders", "app_commands.Choice[str] | None", None),
    ("turn_limit", "app_commands.Choice[str] | None", None),
    ("starts_in", "app_commands.Range[int, 1, 720] | None", None),
)
DESCRIBED = {
    "name": "The league's name, shown to everybody",
    "game": "Which game every table plays",
    "players": "Players per table (default 4)",
    "smallest": "The fewest players at a table when the count does not divide (default: one less)",
    "rounds": "How many rounds the season has (default 4)",
    "days": "How many days each round lasts (default 3)",
    "points": "League points per place, best first, e.g. 6,4,2,0 (default as Board Game Arena)",
    "rated": "Whether the games count for the server's ratings (default yes)",
    "overtime": "A game still running at the round's end (default: the AI finishes it)",
    "reminders": "After how long a waiting player is reminded (default 24 hours)",
    "turn_limit": "How long one decision may wait in all (default 3 days)",
    "starts_in": "Start the season by itself this many hours from now",
}


def commands() -> list[app_commands.Command]:
    """The subcommands of `/league` (new ones each call: a command has one parent)."""

    @app_commands.command(name="start", description="Start the season now (who opened the league)")
    @app_commands.describe(league="The league's number (default: the latest open one here)")
    async def start(interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.client.services.seasons.start_command(interaction, league)

    @app_commands.command(name="standings", description="A league's standings")
    @app_commands.describe(league="The league's number (default: the latest one here)")
    async def standings(interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.client.services.league_boards.standings(interaction, league)

    @app_commands.command(name="mine", description="Your table in this round, with its link")
    async def mine(interaction: discord.Interaction) -> None:
        await interaction.client.services.league_boards.mine(interaction)

    @app_commands.command(name="list", description="This server's leagues, current and past")
    async def listed(interaction: discord.Interaction) -> None:
        await interaction.client.services.league_boards.listed(interaction)

    @app_commands.command(name="leave", description="Leave a league (the AI plays your seat)")
    @app_commands.describe(league="The league's number (default: the latest one here)")
    async def leave(interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.client.services.seasons.leave_command(interaction, league)

    @app_commands.command(
        name="move", description="(who opened it) A stopped league: another channel, or its end"
    )
    @app_commands.describe(
        channel="The text channel where the league goes on",
        end="True: end the league with its standings as they are",
        league="The league's number (default: the latest one here)",
    )
    async def move(
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        end: bool = False,
        league: int | None = None,
    ) -> None:
        await interaction.client.services.seasons.move_command(interaction, league, channel, end)

    @app_commands.command(
        name="organisers",
        description="(Manage Server) The role whose members may open leagues too",
    )
    @app_commands.describe(role="Members with this role may open leagues", off="No such role")
    async def organisers(
        interaction: discord.Interaction, role: discord.Role | None = None, off: bool = False
    ) -> None:
        await interaction.client.services.signups.organisers(interaction, role, off)

    return [new_command(), start, standings, mine, listed, leave, move, organisers]


def new_command() -> app_commands.Command:
    options = all_front_options()
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD

    async def new(interaction: discord.Interaction, **chosen) -> None:
        services = interaction.client.services
        raw = await game_options(interaction, options, chosen)
        if raw is None:
            return
        picked = {
            name: (chosen[name].value if chosen.get(name) is not None else None)
            for name in ("game", "overtime", "reminders", "turn_limit")
        }
        await services.signups.new_league(
            interaction,
            name=chosen["name"],
            kind=picked["game"],
            raw_options=raw,
            size=chosen.get("players", 4),
            smallest=chosen.get("smallest"),
            rounds=chosen.get("rounds", 4),
            days=chosen.get("days", 3),
            points=chosen.get("points"),
            rated=chosen.get("rated", True),
            overtime=picked["overtime"] or "clock",
            reminders=picked["reminders"],
            turn_limit=picked["turn_limit"],
            starts_in=chosen.get("starts_in"),
        )

    new.__signature__ = inspect.Signature(
        [
            inspect.Parameter("interaction", keyword, annotation="discord.Interaction"),
            *(inspect.Parameter(n, keyword, annotation=a, default=d) for n, a, d in SHARED),
            *(
                inspect.Parameter(o.name, keyword, annotation=annotation(o), default=None)
                for o in options
            ),
        ]
    )
    described = app_commands.describe(**DESCRIBED, **{o.name: o.description for o in options})(new)
    chosen_from = app_commands.choices(
        game=kind_choices(),
        overtime=OVERTIME_CHOICES,
        reminders=SETTING_CHOICES["reminders"],
        turn_limit=SETTING_CHOICES["turn_limit"],
        **{
            o.name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
            for o in options
            if o.kind == "choice"
        },
    )(described)
    return app_commands.command(
        name="new", description="Open a league in this channel (Manage Server or organisers)"
    )(chosen_from)


class LeagueGroup(app_commands.Group):
    """Seasons of Swiss rounds in this server."""

    def __init__(self) -> None:
        super().__init__(
            name="league",
            description="Leagues: seasons of rounds, tables paired by the Swiss system",
            allowed_contexts=app_commands.AppCommandContext(guild=True),
        )
        for command in commands():
            self.add_command(command)
