"""Which league a `/league` command is about: the number given, else the server's latest one
in a fitting state in this channel, else in the server."""

from __future__ import annotations

import discord

from bot.core.errors import Refusal
from storage import leagues as lg


async def find_league(
    store, interaction: discord.Interaction, number: int | None, statuses=lg.STATUSES
) -> lg.League:
    """The league, or the refusal that names none here (another server's number included)."""
    if interaction.guild_id is None:
        raise Refusal("bot.error.guild_only")
    if number is not None:
        found = await lg.league(store, number, interaction.guild_id)
        if found is None:
            raise Refusal("bot.error.league_unknown")
        return found
    every = await lg.leagues_of(store, interaction.guild_id)
    fitting = [x for x in every if x.status in statuses] or every
    here = [x for x in fitting if x.spec.channel_id == interaction.channel_id]
    if not (here or fitting):
        raise Refusal("bot.error.league_unknown")
    return (here or fitting)[0]
