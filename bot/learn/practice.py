"""A member's practice table: the member alone against AI seats, in a private thread of the
channel `/learn` was used in (or, where no private thread can be opened, in the member's DMs
with the bot, in their own language), started at once, unrated and kept out of every server's
history, stats, ratings and leaderboard (the store leaves no ending for it). One per member at
a time, wherever it is."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.errors import Refusal
from bot.discord_io.dm_channels import CANNOT_DM
from bot.discord_io.guard import handler
from bot.discord_io.outbox import UNDELIVERED
from bot.learn import components
from bot.lobby.gone_rooms import room_gone
from bot.lobby.permissions import missing_for_private_thread
from bot.seats.ai_seats import LEVELS
from bot.text import lengths, lessons, present
from bot.text.i18n import channel_locale, game_locale, text
from storage import ChannelBusy, GameRecord, StorageError
from storage.clock import Settings
from storage.records import PRACTICE

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.guard import Guard
    from bot.lobby.gone_rooms import GoneRooms
    from bot.lobby.opening import Lobby
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)

# The learner's opponents: a table of three, the size both games are best learnt at.
PRACTICE_AI_SEATS = 2
PRACTICE_LEVEL = "greedy"
# Nobody is reminded nor replaced at a practice table: it waits for its learner.
PRACTICE_SETTINGS = Settings(reminders=None, turn_limit=None)


def can_open_thread(interaction: discord.Interaction) -> bool:
    """Whether `/learn` may open its table in a private thread of this channel: a server's
    text channel (not an announcement channel) where the bot may create private threads.
    Elsewhere (those, other channels, threads, the bot's DM itself) it opens in the member's
    DMs with the bot."""
    parent = interaction.channel
    return (
        interaction.guild_id is not None
        and isinstance(parent, discord.TextChannel)
        and not parent.is_news()
        and not missing_for_private_thread(interaction)
    )


def already(held: GameRecord) -> Refusal:
    """The member's open practice table, pointed to: its thread, or their DMs with the bot."""
    if held.in_dms:
        return Refusal("bot.learn.already_dm")
    return Refusal("bot.learn.already", thread=f"<#{held.channel_id}>")


class Practice:
    """`/learn game:`: open the member's practice table, or point to the one they have."""

    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        lobby: Lobby,
        rooms: GoneRooms,
        announcer: Announcer,
        reviewed: bool = False,
    ) -> None:
        self.preferences, self.tables, self.guard, self.lobby = preferences, tables, guard, lobby
        # A table whose thread was deleted while the bot was down ends when `/learn` finds it.
        self.rooms = rooms
        self.announcer = announcer
        # Whether ended games are reviewed in this deployment (GAME_REVIEWS): the note that a
        # review is on its way would otherwise promise what never comes.
        self.reviewed = reviewed
        # The notes being posted, kept until done (a task nobody holds may be collected).
        self._notes: set[asyncio.Task] = set()

    @handler(defer="thinking")
    async def open_table(
        self, interaction: discord.Interaction, locale, kind: str, level: str = PRACTICE_LEVEL
    ) -> None:
        if kind not in games.names() or level not in LEVELS:
            raise Refusal("bot.learn.bad_choice")
        held = await self.tables.store.practice_table(interaction.user.id)
        if held is not None and await room_gone(interaction.client, held):
            await self.rooms.end(held)
            held = await self.tables.store.practice_table(interaction.user.id)
        if held is not None:
            raise already(held)
        parent = interaction.channel
        in_thread = can_open_thread(interaction)
        if in_thread:
            room = await self._open_thread(interaction, parent, kind)
            # The channel's language, which the whole server reads.
            dm, ch = None, channel_locale(self.preferences, interaction)
        else:
            # No private thread here: the member's DMs with the bot, in the member's own
            # Discord language, which every move they make there reports again.
            room = await interaction.user.create_dm()
            dm = ch = interaction.locale.value
        opening = text(
            ch,
            "bot.learn.opening",
            game=present.title(ch, kind),
            who=f"<@{interaction.user.id}>",
            ai=PRACTICE_AI_SEATS,
            level=text(ch, f"bot.ai.word.{level}"),
        )
        # What a practice table is, said once here; its turn messages mark it in their header.
        said = "bot.mode.practice" if in_thread else "bot.mode.practice_dm"
        opening = f"{opening}\n{text(ch, said)}"
        try:
            await self.lobby.open_started(
                interaction,
                room,
                kind,
                ai_players=PRACTICE_AI_SEATS,
                ai_level=level,
                settings=PRACTICE_SETTINGS,
                mode=PRACTICE,
                opening=opening,
                dm=dm,
            )
        except discord.Forbidden as exc:
            if in_thread or exc.code != CANNOT_DM:
                await self._drop_if_empty(room, in_thread)
                raise
            # The member's DMs are closed: the opening was refused before any table was kept.
            raise Refusal("bot.learn.no_room") from None
        except ChannelBusy:
            # Another `/learn` of the same member opened one at the same moment: a thread
            # opened for this one holds nothing and goes.
            await self._drop_if_empty(room, in_thread)
            held = await self.tables.store.practice_table(interaction.user.id)
            if held is None:
                raise Refusal("bot.learn.already", thread="-") from None
            raise already(held) from None
        except Exception:
            await self._drop_if_empty(room, in_thread)
            raise
        if in_thread:
            said = text(locale, "bot.learn.opened", thread=room.mention)
        elif interaction.guild_id is None:
            said = text(locale, "bot.learn.opened_here")
        else:
            said = text(locale, "bot.learn.opened_dm")
        await self.guard.reply(interaction, said)

    @handler(defer="thinking")
    async def overview(self, interaction: discord.Interaction, locale) -> None:
        """`/learn` without a game: per game, the kinds of decision the member has met and
        those left, and a button per game with some left that opens a practice table of it."""
        met = await self.tables.lessons.met(interaction.user.id)
        lines, offers = [text(locale, "bot.learn.overview")], []
        for kind in games.names():
            names = lessons.lessons(kind)
            if not names:
                continue
            seen = [n for n in names if n in met]
            left = [n for n in names if n not in met]
            game = present.title(locale, kind)
            lines.append(
                text(locale, "bot.learn.progress", game=game, met=len(seen), all=len(names))
            )
            if seen:
                lines.append(text(locale, "bot.learn.met", kinds=self._named(locale, seen)))
            if left:
                lines.append(text(locale, "bot.learn.left", kinds=self._named(locale, left)))
                offers.append((kind, text(locale, "bot.learn.practise", game=game)))
        if not self.tables.lessons.explaining(interaction.user.id):
            lines.append(text(locale, "bot.learn.off_note"))
        view = components.practice_view(offers)
        content = present.clip("\n".join(lines), lengths.CONTENT)
        await self.guard.reply(interaction, content, view=view)

    @staticmethod
    def _named(locale, names: list[str]) -> str:
        return present.listed(locale, [text(locale, f"bot.learn.name.{n}") for n in names])

    async def _drop_if_empty(self, room, in_thread: bool) -> None:
        """A private thread opened for a table that was never written goes: nobody else
        would ever take it again (it is one member's). Where the store cannot say (it is
        failing), the thread stays rather than risk a table."""
        if not in_thread:
            return
        try:
            written = await self.tables.store.ever_in_channel(room.id)
        except StorageError:
            return  # unknown whether a table was written: the thread stays, the error goes on
        if not written:
            with contextlib.suppress(*UNDELIVERED):
                await room.delete()

    async def _open_thread(self, interaction, parent: discord.TextChannel, kind: str):
        """A private thread only the member (and the server's moderators) can read."""
        ch = channel_locale(self.preferences, interaction)
        name = present.clip(
            text(ch, "bot.learn.thread", game=present.title(ch, kind)), lengths.THREAD_NAME
        )
        room = await parent.create_thread(
            name=name,
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=10080,
        )
        await room.add_user(interaction.user)
        return room

    def after_move(self, record: GameRecord, state: Any) -> None:
        """The publisher's listener: a practice game that just ended opens its review."""
        if record.mode == PRACTICE and record.status == "finished" and self.reviewed:
            task = asyncio.get_running_loop().create_task(self.open_review(record))
            self._notes.add(task)
            task.add_done_callback(self._notes.discard)

    async def idle(self) -> None:
        """Wait until the notes being posted are out (tests use it)."""
        while self._notes:
            await asyncio.gather(*self._notes, return_exceptions=True)

    async def open_review(self, record: GameRecord) -> None:
        """A finished practice game tells its learner that the review is on its way; the
        review itself opens in the same thread once it is done (`GameReviews.reviewed`)."""
        ch = game_locale(self.preferences, record)
        with contextlib.suppress(*UNDELIVERED):
            channel = self.announcer.channel(record)
            await channel.send(
                text(ch, "bot.learn.review_soon", who=f"<@{record.creator_id}>"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
