"""Private screens by direct message: one DM per player and game, edited as holdings change.

A DM is a courtesy, never a condition for play: closed DMs are said once in the channel (the
player then uses `/game screen`), and any other failure is logged and skipped, because the move
that caused it is already saved.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

import games
from storage import GameRecord

from . import pictures, present
from .i18n import text

if TYPE_CHECKING:
    from .app import MaleconBot

log = logging.getLogger(__name__)

# Discord error code for "Cannot send messages to this user" (DMs closed or no shared server).
CANNOT_DM = 50007
# Screen DMs whose place is remembered (the players of the games played lately).
SCREENS_KEPT = 2048


def private_part(view: Any) -> Any:
    """The part of a player view that lies behind the player's screen (the view minus `public`)."""
    if dataclasses.is_dataclass(view):
        return {
            f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "public"
        }
    return view


@dataclasses.dataclass
class Screen:
    """A screen to DM: the seat, its view, what it alone was told, its picture being drawn."""

    seat: int
    view: Any
    told: list
    picture: asyncio.Future


class Mail:
    def __init__(self, bot: MaleconBot) -> None:
        self.bot = bot
        # user id -> last locale seen, so their DMs speak their language.
        self.locales: dict[int, discord.Locale] = {}
        # (game id, note key) -> the player's screen DM as its note says "channel:message":
        # a move edits it without asking the store where it is. The note stays the truth
        # (restarts read it); only this process writes it.
        self.screens: OrderedDict[tuple[int, str], str] = OrderedDict()

    @property
    def store(self):
        return self.bot.store

    def locale_of(self, user_id: int, record: GameRecord | None = None) -> discord.Locale | str:
        """What a player reads alone: their own Discord language once they have interacted
        (and we speak it), else the language of the game's channel."""
        found = self.locales.get(user_id)
        if found is not None:
            return found
        if record is None:
            return "en"
        return self.channel_locale_of(record)

    def channel_locale_of(self, record: GameRecord) -> discord.Locale | str:
        announcer = self.bot.tables.announcer
        found = announcer.locales.get(record.channel_id)
        if found is not None:
            return found
        return getattr(self.bot, "server_languages", {}).get(record.guild_id, "en")

    async def private_updates(self, record: GameRecord, before: Any, after: Any, events) -> None:
        """DM every player whose private view changed (or who got a private event); at the end
        of the game every player's screen DM is brought to its final figures."""
        await self.deliver(record, self.prepare(record, before, after, events))

    def prepare(self, record: GameRecord, before: Any, after: Any, events) -> list[Screen]:
        """The screens to DM after a move, their pictures already being drawn (in the picture
        workers, while the caller posts the channel's message)."""
        engine = games.get(record.kind)
        if record.options.get("open_holdings"):
            # Nothing lies behind a screen: the board shows every holding, and what a player
            # is told alone (a forced step) the table can see happen anyway.
            return []
        over = engine.is_over(after)
        screens = []
        for seat in range(len(record.seats)):
            if not present.played_by_person(record, seat):
                continue  # the AI reads no DMs
            new_view = engine.player_view(after, seat)
            old = None if before is None else private_part(engine.player_view(before, seat))
            told = [e for e in events if e.only_for == seat]
            if old == private_part(new_view) and not told and not over:
                continue
            locale = self.locale_of(record.seats[seat].user_id, record)
            names = present.seat_names(record, locale)
            picture = asyncio.ensure_future(pictures.screen(new_view, names, locale))
            screens.append(Screen(seat, new_view, told, picture))
        return screens

    async def deliver(self, record: GameRecord, screens: list[Screen]) -> None:
        try:
            for screen in screens:
                try:
                    await self._dm_screen(record, screen)
                except discord.HTTPException as exc:
                    log.warning(
                        "game %s: could not DM seat %s its screen (HTTP %s, code %s)",
                        record.id,
                        screen.seat,
                        exc.status,
                        exc.code,
                    )
        finally:
            for screen in screens:
                screen.picture.cancel()

    async def _dm_screen(self, record: GameRecord, screen: Screen) -> None:
        seat, view, told = screen.seat, screen.view, screen.told
        user_id = record.seats[seat].user_id
        locale = self.locale_of(user_id, record)
        names = present.seat_names(record, locale)
        lines = [
            text(
                locale,
                "bot.dm.title",
                game=present.title(locale, record.kind),
                channel=f"<#{record.channel_id}>",
            ),
            present.figures(locale, record.kind, view),
            *present.private_events(locale, told, seat, names),
        ]
        content = present.clip("\n".join(lines), present.MAX_CONTENT)
        file = await screen.picture
        key = f"dm:{user_id}"
        note = self.screens.get((record.id, key))
        if note is None:
            note = await self.store.get_note(record.id, key)
        if note:
            channel_id, message_id = (int(x) for x in note.split(":"))
            try:
                message = self.bot.get_partial_messageable(channel_id).get_partial_message(
                    message_id
                )
                await message.edit(content=content, attachments=[file])
                self._remember(record.id, key, note)
                return
            except discord.HTTPException as exc:
                if exc.code == CANNOT_DM:
                    await self._dms_closed(record, user_id)
                    return
                # The old DM was deleted or cannot be edited: send a new one.
                file = await pictures.screen(view, names, locale)
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            sent = await dm.send(content, file=file)
        except discord.Forbidden as exc:
            if exc.code == CANNOT_DM or exc.status == 403:
                await self._dms_closed(record, user_id)
                return
            raise
        note = f"{sent.channel.id}:{sent.id}"
        await self.store.set_note(record.id, key, note)
        self._remember(record.id, key, note)

    def _remember(self, game_id: int, key: str, note: str) -> None:
        self.screens[(game_id, key)] = note
        self.screens.move_to_end((game_id, key))
        while len(self.screens) > SCREENS_KEPT:
            self.screens.popitem(last=False)

    async def _dms_closed(self, record: GameRecord, user_id: int) -> None:
        """Say once per game and player that DMs are closed; the game carries on."""
        key = f"dm_closed:{user_id}"
        if await self.store.get_note(record.id, key):
            return
        await self.store.set_note(record.id, key, "1")
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        await channel.send(
            text(self.channel_locale_of(record), "bot.dm.closed", who=f"<@{user_id}>"),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
        )
