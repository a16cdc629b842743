"""Opening a game: the lobby (join, leave, start) and ending a game early (abandon)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

import games
from bot.core import metrics
from bot.core.errors import Refusal
from bot.core.published import Published
from bot.core.timing import now
from bot.discord_io.announce import PARENT_CHANNEL
from bot.discord_io.answering import answer, think
from bot.discord_io.guard import handler
from bot.discord_io.outbox import UNDELIVERED
from bot.lobby import components
from bot.lobby.game_threads import game_thread
from bot.lobby.permissions import missing_permissions
from bot.seats.ai_seats import DEFAULT_LEVEL, LEVELS
from bot.settings.table_settings import with_clock
from bot.text import lengths, present
from bot.text.i18n import channel_locale, reported_locale, text
from bot.text.preferences import Preferences
from storage import ChannelBusy, GameRecord, StorageError
from storage.clock import Settings
from storage.play import start_game
from storage.records import HINTS, RATED

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.guard import Guard
    from bot.play.gate import Publisher
    from bot.seats.hands import Seats

log = logging.getLogger(__name__)

LOBBY_MESSAGE = "lobby_message"


class Lobby:
    """Opening a game: the lobby's commands and buttons, starting, abandoning."""

    def __init__(
        self,
        preferences: Preferences,
        tables: Tables,
        guard: Guard,
        announcer: Announcer,
        poke: Callable[[], None],
        publisher: Publisher,
        seats: Seats,
        rng=None,
    ) -> None:
        self.preferences, self.tables, self.guard = preferences, tables, guard
        self.announcer, self.poke, self.publisher, self.seats = announcer, poke, publisher, seats
        # Where new games' seeds come from: `secrets` unless a test passes a seeded source.
        self.rng = rng

    @handler()
    async def new_game(
        self,
        interaction: discord.Interaction,
        locale,
        kind: str,
        raw_options: dict,
        *,
        ai_players: int = 0,
        ai_level: str = DEFAULT_LEVEL,
        reminders: str | None = None,
        turn_limit: str | None = None,
        thread: bool = False,
        hints: bool = False,
    ) -> None:
        parent = interaction.channel
        mode = HINTS if hints else RATED
        if thread and not isinstance(parent, discord.TextChannel):
            raise Refusal("bot.error.no_thread_here")
        missing = missing_permissions(interaction, thread=thread)
        if missing:
            names = ", ".join(text(locale, f"bot.permission.{name}") for name in missing)
            raise Refusal("bot.error.bot_permissions", missing=names)
        engine = games.get(kind)
        if not 0 <= ai_players < engine.max_players or ai_level not in LEVELS:
            raise Refusal("bot.error.ai_players", high=engine.max_players - 1)
        try:
            options = engine.options(raw_options)
        except games.OptionError as exc:
            raise Refusal("bot.error.bad_option", reason=exc.msg) from None
        settings = with_clock(Settings(), reminders, turn_limit)
        if thread:
            await self._new_in_thread(
                interaction, parent, kind, options, settings, ai_players, ai_level, mode
            )
            return
        if self.tables.store.known(interaction.channel_id) is not None:
            raise Refusal("bot.error.busy")
        # The lobby will be this answer: acknowledged before the store is asked. Only a game
        # the bot did not know of (another process's) makes the refusal below public.
        await interaction.response.defer(thinking=True)
        async with self.tables.lock(interaction.channel_id):
            try:
                record = await self._create(
                    interaction, interaction.channel_id, kind, options, settings, mode
                )
            except ChannelBusy:
                raise Refusal("bot.error.busy") from None
            for _ in range(ai_players):
                record = await self.tables.store.add_ai(record.id, ai_level)
            await self.show(interaction, record)

    async def show(self, interaction: discord.Interaction, record: GameRecord):
        """The new lobby as the answer to the command that opened it (pinging nobody), noted as
        the lobby's message; the message is returned."""
        ch = channel_locale(self.preferences, interaction)
        sent = await interaction.edit_original_response(
            content=present.lobby(ch, record),
            view=components.lobby_view(ch, record.id, LEVELS, record.settings),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.tables.store.set_note(record.id, LOBBY_MESSAGE, str(sent.id))
        return sent

    async def _create(
        self, interaction, channel_id: int, kind, options, settings, mode=RATED, dm=None, notes=None
    ) -> GameRecord:
        """A lobby in `channel_id` (the channel, or the game's own thread); its opener sits.
        `dm`: the member's language, for a table in their DMs, which belongs to no server.
        `notes`: its first notes, written with it."""
        return await self.tables.store.create_game(
            mode=mode,
            guild_id=0 if dm else interaction.guild_id or 0,
            channel_id=channel_id,
            kind=kind,
            options=options,
            creator_id=interaction.user.id,
            creator_name=interaction.user.display_name,
            settings=settings,
            server_locale=dm or reported_locale(interaction),
            notes=notes,
        )

    async def _new_in_thread(
        self, interaction, parent, kind, options, settings, ai_players, ai_level, mode
    ) -> None:
        """A game in a thread of its own: the lobby and every turn go there; the channel gets
        one line with the link now and the result at the end."""
        ch = channel_locale(self.preferences, interaction)
        await think(interaction, ephemeral=False)
        name = present.clip(
            text(ch, "bot.thread.name", game=present.title(ch, kind)), lengths.THREAD_NAME
        )
        async with game_thread(self.tables, parent, name) as room:
            # Written with the game: a stop right after it still leaves the channel its result.
            first = {PARENT_CHANNEL: str(parent.id)}
            record = await self._create(
                interaction, room.id, kind, options, settings, mode, notes=first
            )
            for _ in range(ai_players):
                record = await self.tables.store.add_ai(record.id, ai_level)
            lobby = await room.send(
                present.lobby(ch, record),
                view=components.lobby_view(ch, record.id, LEVELS, record.settings),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.tables.store.set_note(record.id, LOBBY_MESSAGE, str(lobby.id))
        await answer(
            interaction,
            text(
                ch,
                "bot.thread.opened",
                game=present.title(ch, kind),
                who=present.escape(interaction.user.display_name),
                thread=room.mention,
            ),
            ephemeral=False,
        )

    async def lobby_game(self, interaction, game_id: int | None) -> GameRecord:
        if game_id is None:
            record = await self.tables.game_here(interaction.channel_id)
        else:
            record = await self.tables.game_of_component(interaction, game_id)
        if record.status != "lobby":
            raise Refusal("bot.error.not_lobby")
        return record

    @staticmethod
    async def ack_lobby(interaction, edit: bool) -> None:
        """Acknowledge a lobby change before the store is asked (Discord waits 3 seconds for
        it): a button's press will edit the lobby message; a command gets a private answer."""
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    @handler()
    async def join(
        self, interaction, locale, game_id: int | None = None, *, edit: bool = False
    ) -> None:
        await self.ack_lobby(interaction, edit)
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby_game(interaction, game_id)
            if record.seat_of(interaction.user.id) is not None:
                raise Refusal("bot.error.already_seated")
            if len(record.seats) >= games.get(record.kind).max_players:
                raise Refusal("bot.error.lobby_full", high=len(record.seats))
            try:
                record = await self.tables.store.join(
                    record.id, interaction.user.id, interaction.user.display_name
                )
            except StorageError:
                raise Refusal("bot.error.not_lobby") from None
            await self.show_lobby(interaction, record, edit)

    @handler()
    async def leave(
        self, interaction, locale, game_id: int | None = None, *, edit: bool = False
    ) -> None:
        await self.ack_lobby(interaction, edit)
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby_game(interaction, game_id)
            if record.seat_of(interaction.user.id) is None:
                raise Refusal("bot.error.not_a_player")
            if interaction.user.id == record.creator_id:
                raise Refusal("bot.error.creator_leaves")
            record = await self.tables.store.leave(record.id, interaction.user.id)
            await self.show_lobby(interaction, record, edit)

    async def show_lobby(self, interaction, record: GameRecord, edit: bool) -> None:
        """The lobby is one message: a button edits it; a command edits it too (and answers
        only the person), so joining never posts again or pings anybody."""
        ch = channel_locale(self.preferences, interaction)
        content = present.lobby(ch, record)
        view = components.lobby_view(ch, record.id, LEVELS, record.settings)
        if edit:
            await interaction.edit_original_response(content=content, view=view)
            return
        lobby = await self.tables.store.get_note(record.id, LOBBY_MESSAGE)
        if lobby is not None:
            try:
                await (
                    self.announcer.channel(record)
                    .get_partial_message(int(lobby))
                    .edit(
                        content=content, view=view, allowed_mentions=discord.AllowedMentions.none()
                    )
                )
                await self.guard.reply(
                    interaction,
                    text(channel_locale(self.preferences, interaction), "bot.lobby.updated"),
                )
                return
            except discord.HTTPException:
                pass  # deleted: post it again below
        sent = await self.announcer.channel(record).send(
            content, view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        await self.tables.store.set_note(record.id, LOBBY_MESSAGE, str(sent.id))
        await self.guard.reply(
            interaction, text(channel_locale(self.preferences, interaction), "bot.lobby.updated")
        )

    @handler()
    async def start(self, interaction, locale, game_id: int | None = None) -> None:
        # The lobby's button: acknowledged before the store is asked, the lobby message edited.
        button = game_id is not None
        if button:
            await interaction.response.defer()
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby_game(interaction, game_id)
            if interaction.user.id != record.creator_id:
                raise Refusal("bot.error.not_creator", creator=f"<@{record.creator_id}>")
            engine = games.get(record.kind)
            if not engine.min_players <= len(record.seats) <= engine.max_players:
                raise Refusal("bot.error.seats", low=engine.min_players, high=engine.max_players)
            if not button:
                await think(interaction, ephemeral=False)
            result = await self._begin(interaction, record)
            await self._close_lobby(interaction, result.record, button)
            # Saved: from here on a failure to post must not be reported as "nothing changed".
            ch = channel_locale(self.preferences, interaction)
            await self.guard.answer_saved(
                interaction,
                text(ch, "bot.lobby.started", game=present.title(ch, record.kind)),
                ephemeral=False,
            )
            # The first turn message is the start's follow-up (see `ChannelPosts.send`).
            started = Published(result.record, result.state, locale=ch, interaction=interaction)
            if not await self.publisher.publish(started):
                await self.guard.answer_saved(interaction, text(locale, "bot.error.not_posted"))

    async def _begin(self, interaction, record: GameRecord, dm=None):
        """Start a seated lobby (the caller holds its channel's lock): the game's first state
        saved with its timers, the clock told, the state kept."""
        result = await start_game(
            self.tables.store,
            record.id,
            games.fresh_seed(self.rng),
            at=now(),
            server_locale=dm or reported_locale(interaction),
        )
        metrics.game_started(record.guild_id)
        self.poke()
        self.tables.keep(record.id, result.record.version, result.state)
        return result

    async def open_started(
        self,
        interaction: discord.Interaction,
        room: discord.abc.Messageable,
        kind: str,
        *,
        ai_players: int,
        ai_level: str,
        settings: Settings,
        mode: str,
        opening: str,
        dm: str | None = None,
    ) -> GameRecord:
        """A table for the member alone against `ai_players` AI seats, started at once in
        `room` (a channel or thread the interaction was not made in, or the member's DM
        channel, when `dm` gives the member's language: the table then belongs to no server
        and speaks theirs): `opening` (the table's first words) is posted there first, so a
        room Discord refuses (closed DMs) leaves no table behind, then the first turn message,
        through the channel's own posts. `ChannelBusy` when the store refuses the table (the
        member's practice table is open already); the opening is taken back then."""
        engine = games.get(kind)
        async with self.tables.lock(room.id):
            said = await room.send(opening, allowed_mentions=discord.AllowedMentions.none())
            try:
                record = await self._create(
                    interaction, room.id, kind, engine.options(None), settings, mode, dm
                )
            except ChannelBusy:
                with contextlib.suppress(*UNDELIVERED):
                    await said.delete()
                raise
            for _ in range(ai_players):
                record = await self.tables.store.add_ai(record.id, ai_level)
            result = await self._begin(interaction, record, dm)
            ch = dm or channel_locale(self.preferences, interaction)
            await self.publisher.publish(Published(result.record, result.state, locale=ch))
        return result.record

    async def _close_lobby(self, interaction, record: GameRecord, button: bool) -> None:
        """At the start the lobby message keeps its list of players, loses its buttons and
        says that the game has begun (the started `record`), so it no longer asks to join. The
        start is saved by then: whatever Discord answers (or not), the game goes on."""
        content = present.lobby(channel_locale(self.preferences, interaction), record)
        none = discord.AllowedMentions.none()
        if button:  # the message pressed is the lobby
            with contextlib.suppress(*UNDELIVERED):
                await interaction.edit_original_response(
                    content=content, view=None, allowed_mentions=none
                )
            return
        lobby = await self.tables.store.get_note(record.id, LOBBY_MESSAGE)
        if lobby is None:
            return
        # Deleted, no permission or no answer: the lobby keeps its old words, the game goes on.
        with contextlib.suppress(*UNDELIVERED):
            message = self.announcer.channel(record).get_partial_message(int(lobby))
            await message.edit(content=content, view=None, allowed_mentions=none)

    async def lobby_button(self, interaction, game_id: int, op: str) -> None:
        if op == "join":
            await self.join(interaction, game_id, edit=True)
        elif op == "leave":
            await self.leave(interaction, game_id, edit=True)
        elif op == "unai":
            await self.remove_ai(interaction, game_id)
        else:
            await self.start(interaction, game_id)

    @handler()
    async def add_ai(self, interaction, locale, game_id: int, level: str) -> None:
        """The lobby's menu: the creator seats the AI at `level`."""
        await self.ack_lobby(interaction, True)
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby_game(interaction, game_id)
            if interaction.user.id != record.creator_id:
                raise Refusal("bot.error.not_creator_ai", creator=f"<@{record.creator_id}>")
            if level not in LEVELS:
                raise Refusal("bot.error.ai_players", high=games.get(record.kind).max_players)
            if len(record.seats) >= games.get(record.kind).max_players:
                raise Refusal("bot.error.lobby_full", high=len(record.seats))
            record = await self.tables.store.add_ai(record.id, level)
            await self.show_lobby(interaction, record, True)

    @handler()
    async def remove_ai(self, interaction, locale, game_id: int) -> None:
        """ "Remove AI": the creator frees the last seat the AI holds."""
        await self.ack_lobby(interaction, True)
        async with self.tables.lock(interaction.channel_id):
            record = await self.lobby_game(interaction, game_id)
            if interaction.user.id != record.creator_id:
                raise Refusal("bot.error.not_creator_ai", creator=f"<@{record.creator_id}>")
            robots = [s for s in record.seats if not s.has_person]
            if not robots:
                raise Refusal("bot.error.no_ai_seat")
            record = await self.tables.store.leave(record.id, robots[-1].user_id)
            await self.show_lobby(interaction, record, True)

    @handler()
    async def abandon(self, interaction, locale) -> None:
        async with self.tables.lock(interaction.channel_id):
            record = await self.tables.game_here(interaction.channel_id)
            allowed = interaction.user.id == record.creator_id or (
                interaction.permissions is not None and interaction.permissions.manage_channels
            )
            if not allowed:
                raise Refusal("bot.error.cannot_abandon")
            if record.status == "active":
                # Kept as abandoned with the scores as they stand, and no winner.
                await think(interaction, ephemeral=False)
                await self.seats.end_now(record, how="abandoned")
                await answer(
                    interaction,
                    text(
                        channel_locale(self.preferences, interaction),
                        "bot.abandoned",
                        game=present.title(
                            channel_locale(self.preferences, interaction), record.kind
                        ),
                        who=present.escape(interaction.user.display_name),
                    ),
                    ephemeral=False,
                )
                return
            await self.tables.store.abandon(record.id)
            self.tables.forget(record.id)
            ch = channel_locale(self.preferences, interaction)
            await interaction.response.send_message(
                text(
                    ch,
                    "bot.abandoned",
                    game=present.title(ch, record.kind),
                    who=present.escape(interaction.user.display_name),
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
