"""Helpers of the league tests: a server with members, a league opened and joined by clicks,
and the season driven in virtual time (some members play by clicks, the others are absent and
the clock and the AI finish their games)."""

from __future__ import annotations

import random

import discord

from storage import leagues as lg
from tests.bot.driver import Table

DAY = 86400


def server(env, count: int):
    guild = env.create_guild()
    channel = guild.create_text_channel("league")
    mods = guild.create_role("Organisers", permissions=discord.Permissions(manage_guild=True))
    members = [
        guild.add_member(env.create_user(f"p{n:02d}"), roles=[mods] if n == 0 else [])
        for n in range(count)
    ]
    return guild, channel, members


def signup_message(env, channel):
    """The league's sign-up message, as members see it in the channel."""
    return next(m for m in channel.history() if "Points per place" in m.content)


async def open_league(env, channel, members, **options):
    organiser = members[0]
    await organiser.slash(channel, "league new", **options)
    signup = signup_message(env, channel)
    for member in members:
        await member.click(signup, label="Join")
    await env.settle()
    (league,) = await lg.leagues_of(env.bot.store, channel.guild.id)
    return league


async def settle(env) -> None:
    """The AI's moves, the clock's work and the leagues' bookkeeping, until nothing moves."""
    for _ in range(50):
        await env.bot.services.ai.idle()
        await env.settle()
        await env.bot.services.seasons.idle()
        await env.settle()
        if not env.bot.services.ai.busy() and not env.bot.services.seasons._tasks:
            return


async def play_clicks(env, rooms, players, rng, steps: int = 30) -> None:
    """The members who play by clicks answer their turn messages in each table's thread."""
    for room in rooms:
        here = [p for p in players if p is not None]
        if not here:
            continue
        table = Table(env, room, here, rng)
        for _ in range(steps):
            if table.finished():
                break
            before = len(env.http_requests)
            await table.step()
            await settle(env)
            if len(env.http_requests) == before:
                break


def threads_of(channel):
    return list(channel.threads)


__all__ = ["DAY", "open_league", "play_clicks", "server", "settle", "signup_message", "random"]
