"""`/game new`, built from the game registry: every game's options (`games.front`) around
the options every game shares (the AI seats, the clock, a thread).

The command keeps the parameters players know, in the same order, with the same names and
texts (their translations are keyed by name); a new game brings its own options.
"""

from __future__ import annotations

import inspect

import discord
from discord import app_commands

from bot.core.errors import Refusal
from bot.seats.ai_seats import DEFAULT_LEVEL
from bot.settings.settings_commands import SETTING_CHOICES
from bot.text.deck_refusals import MAX_DECK_BYTES, deck_refusal, too_big
from bot.text.i18n import text, user_locale
from bot.text.present import kind_choices
from games import jsonin
from games.front import all_front_options

AI_LEVEL_CHOICES = [
    app_commands.Choice(name="strong: searches ahead", value="strong"),
    app_commands.Choice(name="greedy: the best move right now", value="greedy"),
    app_commands.Choice(name="random: any legal move", value="random"),
]


# The annotation of each kind of game option (resolved by discord.py in this module).
ANNOTATIONS = {
    "bool": "bool | None",
    "file": "discord.Attachment | None",
    "choice": "app_commands.Choice[str] | None",
}


def annotation(option) -> str:
    if option.kind == "int":
        return f"app_commands.Range[int, {option.low}, {option.high}] | None"
    return ANNOTATIONS[option.kind]


def _signature(options) -> inspect.Signature:
    """The command's parameters: the game, the games' options shown first, those every game
    shares (the AI seats, the clock), the rest of the games' options, the thread, the hints."""
    first = [o for o in options if o.first]
    later = [o for o in options if not o.first]
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD

    def param(name: str, annotation: str, default=inspect.Parameter.empty):
        return inspect.Parameter(name, keyword, annotation=annotation, default=default)

    shared_first = [
        param("interaction", "discord.Interaction"),
        param("game", "app_commands.Choice[str]"),
    ]
    shared_later = [
        param("ai_players", "app_commands.Range[int, 0, 3]", 0),
        param("ai_level", "app_commands.Choice[str] | None", None),
        param("reminders", "app_commands.Choice[str] | None", None),
        param("turn_limit", "app_commands.Choice[str] | None", None),
    ]
    return inspect.Signature(
        [
            *shared_first,
            *(param(o.name, annotation(o), None) for o in first),
            *shared_later,
            *(param(o.name, annotation(o), None) for o in later),
            param("thread", "bool", False),
            param("hints", "bool", False),
        ]
    )


def new_command() -> app_commands.Command:
    """The `new` command of the `/game` group."""
    options = all_front_options()

    async def new(interaction: discord.Interaction, **chosen) -> None:
        services = interaction.client.services
        raw = await game_options(interaction, options, chosen)
        if raw is None:
            return
        ai_level, reminders, turn_limit = (
            chosen.get(name) for name in ("ai_level", "reminders", "turn_limit")
        )
        await services.lobby.new_game(
            interaction,
            chosen["game"].value,
            raw,
            ai_players=chosen.get("ai_players", 0),
            ai_level=ai_level.value if ai_level is not None else DEFAULT_LEVEL,
            reminders=reminders.value if reminders is not None else None,
            turn_limit=turn_limit.value if turn_limit is not None else None,
            thread=chosen.get("thread", False),
            hints=chosen.get("hints", False),
        )

    new.__signature__ = _signature(options)
    described = app_commands.describe(
        game="Which game",
        ai_players="How many seats the AI takes (more can be added in the lobby)",
        ai_level="How well those AI seats play (default: strong)",
        reminders="After how long a waiting player is reminded (default 24 hours)",
        turn_limit="How long one decision may wait in all (default 3 days)",
        thread="Play in a thread of its own, opened from this channel",
        hints="Unrated: players may ask for hints on their turn",
        **{o.name: o.description for o in options},
    )(new)
    chosen_from = app_commands.choices(
        game=kind_choices(),
        ai_level=AI_LEVEL_CHOICES,
        reminders=SETTING_CHOICES["reminders"],
        turn_limit=SETTING_CHOICES["turn_limit"],
        **{
            o.name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
            for o in options
            if o.kind == "choice"
        },
    )(described)
    return app_commands.command(name="new", description="Open a new game in this channel")(
        chosen_from
    )


async def game_options(interaction: discord.Interaction, options, chosen: dict) -> dict | None:
    """The game options a command was given, as the game reads them (a choice's value, a deck
    file's JSON); None once a deck that cannot be read was refused. Only the options given are
    passed: the game refuses one that is not its own."""
    services = interaction.client.services
    raw: dict = {}
    for option in options:
        value = chosen.get(option.name)
        if value is None:
            continue
        if option.kind == "choice":
            value = value.value
        elif option.kind == "file":
            try:
                value = await read_deck(value)
            except Refusal as refusal:
                locale = user_locale(services.preferences, interaction)
                await services.guard.reply(interaction, text(locale, refusal.key, **refusal.params))
                return None
        raw[option.name] = value
    return raw


async def read_deck(attachment: discord.Attachment) -> object:
    """The parsed JSON of a deck attachment (the engine validates its content)."""
    if attachment.size > MAX_DECK_BYTES:
        key, params = too_big()
        raise Refusal(key, **params)
    try:
        data = await attachment.read()
    except discord.HTTPException:
        raise Refusal("bot.error.deck_unreadable") from None
    try:
        parsed = jsonin.loads(data, max_bytes=MAX_DECK_BYTES)
    except jsonin.JSONInputError as exc:
        key, params = deck_refusal(exc)
        raise Refusal(key, **params) from None
    # Only a deck's content is accepted from Discord, never a string (the engine reads a string
    # as a file path on this machine).
    if not isinstance(parsed, dict | list):
        raise Refusal("bot.error.deck_single_value")
    return parsed
