"""Helpers of the league tests: a server with members, a league opened and joined by clicks,
and the season driven in virtual time (some members play by clicks, the others are absent and
the clock and the AI finish their games)."""

from __future__ import annotations

import contextlib
import json
import re
from fractions import Fraction

import discord
from simcord.backend.errors import SetupError

from bot.discord_io.layouts import text_of
from storage import leagues as lg
from tests.bot.driver import Table, bot_messages

DAY = 86400


def server(env, count: int):
    # At a round's deadline the AI plays out the absent members' seats in a worker process, in
    # real time, while the virtual clock waits for it: a busy machine may take longer than
    # SimCord's usual 5 s to settle.
    env.settle_timeout = max(env.settle_timeout, 120.0)
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


async def play_clicks(env, store, league_id: int, number: int, clickers, rng, steps=12) -> int:
    """The members in `clickers` answer their turn messages in their tables' threads of round
    `number`, while one of them is named in the newest one, up to `steps` moves a table; the
    moves made are returned."""
    made = 0
    for table in await lg.tables(store, league_id, number):
        here = [m for m in clickers if m.id in table.players]
        if not here or table.game_id is None:
            continue
        record = await store.get(table.game_id)
        room = env.bot.get_channel(record.channel_id)
        game = Table(env, room, here, rng, typed=0)
        for _ in range(steps):
            message = game.prompt_message()
            if game.finished() or message is None or not game.named(text_of(message)):
                break
            # An AI seat deciding at the same time may change the message under the player's
            # finger (its button is gone): a person looks again, as the next step does.
            with contextlib.suppress(SetupError):
                await game.step()
            await settle(env)
        made += game.moves
    return made


async def recomputed(store, league) -> dict[str, Fraction]:
    """Each member's league points, computed here from the stored results of the league's
    games (not through the league's own code): the league's scale, its lowest values at a
    smaller table, shared places sharing, AI seats earning nothing. Keyed by member name."""
    names = {m.user_id: m.name for m in await lg.members(store, league.id)}
    points = {name: Fraction(0) for name in names.values()}
    scale = league.spec.points
    for table in await lg.tables(store, league.id):
        stored = await store.result(table.game_id) if table.game_id else None
        if stored is None:
            continue
        places = json.loads(stored[1])["places"]
        values = scale[len(scale) - len(places) :]
        for seat, player in enumerate(table.players):
            shared = [i for i, p in enumerate(sorted(places)) if p == places[seat]]
            if player is not None:
                points[names[player]] += Fraction(sum(values[i] for i in shared), len(shared))
    return points


ROW = re.compile(r"^\d+\. (.+?)(?: \(left\))?: ([\d.]+) points?", re.M)


def shown_points(message_text: str) -> dict[str, Fraction]:
    """Member name -> points, as the standings message shows them."""
    return {name: Fraction(value) for name, value in ROW.findall(message_text)}


def standings_messages(env, channel) -> list:
    return [m for m in bot_messages(env, channel) if "standings" in text_of(m)]


def threads_of(channel):
    return list(channel.threads)
