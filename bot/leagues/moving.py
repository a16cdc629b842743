"""`/league move`: a league stopped because its channel is gone (its next round's tables could
not open) goes on in another channel, or ends with its standings as they are."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import discord

from bot.core.errors import Refusal
from bot.core.timing import now
from bot.discord_io.answering import think
from bot.leagues.finding import find_league
from bot.lobby.permissions import NEEDED_PERMISSIONS
from bot.text import moments, present
from bot.text.i18n import text
from storage import leagues as lg

if TYPE_CHECKING:
    from bot.discord_io.guard import Guard
    from bot.leagues.boards import Boards
    from storage import Store


class Seasons(Protocol):
    """What moving a league uses of the seasons' service (`bot.leagues.seasons.Seasons`, which
    calls this module, so it is described here rather than imported)."""

    store: Store
    client: discord.Client
    guard: Guard
    boards: Boards
    poke: Callable[[float], None]

    def _lock(self, league_id: int) -> asyncio.Lock: ...

    async def _open_tables(self, league: lg.League, number: int) -> None: ...


NEEDED = (*NEEDED_PERMISSIONS, "send_messages_in_threads", "create_public_threads")


async def move_or_end(
    seasons: Seasons, interaction, locale, number: int | None, channel, end: bool
) -> None:
    """The creator's answer: the league moved to `channel` (its open round opened there, from
    now for a whole round's time) or ended (`end`); a refusal changes nothing."""
    league = await find_league(seasons.store, interaction, number, ("running",))
    spec = league.spec
    if league.stopped is None:
        raise Refusal(
            "bot.error.league_not_stopped",
            name=present.escape(spec.name),
            channel=f"<#{spec.channel_id}>",
        )
    if interaction.user.id != spec.creator_id:
        raise Refusal("bot.error.league_move_creator", creator=f"<@{spec.creator_id}>")
    if (channel is None) == (not end):
        raise Refusal("bot.error.league_move_how")
    target = None if channel is None else seasons.client.get_channel(channel.id)
    if channel is not None and not isinstance(target, discord.TextChannel):
        raise Refusal("bot.error.league_here")
    if target is not None:
        # What `/league new` asks of its channel: the round's messages, tables in threads.
        have = target.permissions_for(target.guild.me)
        missing = [name for name in NEEDED if not getattr(have, name)]
        if missing:
            names = ", ".join(text(locale, f"bot.permission.{name}") for name in missing)
            raise Refusal("bot.error.bot_permissions", missing=names)
    await think(interaction, ephemeral=True)
    name = present.escape(spec.name)
    async with seasons._lock(league.id):
        if end:
            if not await lg.end_stopped(seasons.store, league.id, now()):
                raise Refusal("bot.error.league_over")
            seasons.boards.kept.forget(league.id)
            said = text(locale, "bot.league.ended", name=name)
        else:
            start = now()
            deadline = start + spec.round_seconds
            if not await lg.move_league(seasons.store, league.id, target.id, start, deadline):
                raise Refusal("bot.error.league_over")
            seasons.poke(deadline)
            league = await lg.league(seasons.store, league.id)
            number = (await lg.rounds(seasons.store, league.id))[-1].number
            await seasons._open_tables(league, number)
            said = text(
                locale,
                "bot.league.moved",
                name=name,
                channel=target.mention,
                round=number,
                **moments.moment(deadline),
            )
    await seasons.guard.reply(interaction, said)
