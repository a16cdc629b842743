"""What to do when Discord gave no answer: find out whether a post went out before posting again.

A request ends delivered, refused, or unknown: a timeout, a connection lost, a 5xx after
discord.py's last try. An unknown post may have been carried out. Within the few minutes
Discord remembers a nonce, a channel post sent again with its nonce gives back the message
already there; a follow-up has no nonce, and a nonce is forgotten after a restart that lasts,
so then the channel's newest messages are read (one request) for the bot's own message of
that game and move, which is then taken as posted.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import aiohttp
import discord

from bot.discord_io.layouts import text_of, walk

# How many of a channel's newest messages are looked through (one request reads up to 100):
# enough for the players' chatter between a lost post and the look.
LOOK_BACK = 50

Match = Callable[[discord.Message], bool]


def unknown(exc: BaseException) -> bool:
    """Did the request end with no answer we can trust, so that it may have been carried out?
    A 4xx is a refusal (nothing was done); a 5xx after the last try, a timeout or a dropped
    connection says nothing either way."""
    if isinstance(exc, TimeoutError | aiohttp.ClientError):
        return True
    return isinstance(exc, discord.HTTPException) and exc.status >= 500


def custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of a message's buttons and menus: in its rows, or anywhere in a V2
    layout (a container's rows, a section's button)."""
    return [c["custom_id"] for c in walk(message.components) if c.get("custom_id")]


def move_of(game: int, version: int) -> Match:
    """The turn message of `game` at `version`: its buttons, menu, "Choose" or "My screen" name
    both (see `components.py`)."""
    pattern = re.compile(rf"(?:mc|ms|mx|sc):{game}:{version}(?:[.:]|$)")
    return lambda message: any(pattern.match(c) for c in custom_ids(message))


def final_of(game: int, table: str) -> Match:
    """The final scores of `game`: its Rematch or Game review button, or (an abandoned game's,
    which has no Rematch) the table of scores its text ends with (a V2 layout's text
    displays)."""
    rematch, review = f"rm:{game}", f"rv:{game}"
    return lambda message: (
        rematch in custom_ids(message)
        or review in custom_ids(message)
        or text_of(message).endswith(table)
    )


async def find_posted(
    channel: discord.abc.Messageable, author_id: int, match: Match
) -> discord.Message | None:
    """The newest of the channel's last messages that the bot posted and `match` accepts."""
    async for message in channel.history(limit=LOOK_BACK):
        if message.author.id == author_id and match(message):
            return message
    return None
