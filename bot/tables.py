"""The game tables: one game per channel, every move under the channel's lock.

The flow of one move: check who and what (a polite ephemeral refusal otherwise) -> channel
lock -> `storage.play.apply_move` with the version the player saw (the engine validates, the
store appends the action and the new state in one transaction) -> answer the player -> post the
new turn message (public board, mention of who decides) -> DM every player whose private view
changed. Persisting comes first, so if Discord fails afterwards the next interaction sees the truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
from games import Decision, IllegalAction
from storage import ChannelBusy, GameRecord, StorageError, VersionConflict
from storage.play import MoveResult, apply_move, start_game

from . import components, pictures, present
from .errors import Refusal
from .i18n import text, text_msg

if TYPE_CHECKING:
    from .app import MaleconBot

log = logging.getLogger(__name__)

# Discord error code for "Cannot send messages to this user" (DMs closed or no shared server).
CANNOT_DM = 50007


def channel_locale(interaction: discord.Interaction) -> discord.Locale:
    """Channel messages are read by everyone: use the server's language when Discord gives it."""
    return interaction.guild_locale or interaction.locale


def private_part(view: Any) -> Any:
    """The part of a player view that lies behind the player's screen (the view minus `public`)."""
    if dataclasses.is_dataclass(view):
        return {
            f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "public"
        }
    return view


def shows_choices_publicly(record: GameRecord, decision: Decision) -> bool:
    """May this decision's choices be buttons on the channel message?

    Not for secret decisions. Not in screened Santiago either: there the legal actions depend on
    hidden holdings (which goods can be delivered, how far pesos let the car drive), so listing
    them in the channel would tell everybody what lies behind the screen. Those players press
    "Choose" and get their own choices ephemerally.
    """
    if decision.secret:
        return False
    return not (record.kind == "santiago" and not record.options.get("open_holdings"))


class Tables:
    def __init__(self, bot: MaleconBot, *, rng: random.Random | None = None) -> None:
        self.bot = bot
        self.rng = rng or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        # game id -> (version, state): saves parsing the stored JSON for every autocomplete.
        self._states: dict[int, tuple[int, Any]] = {}
        # user id -> last locale seen, so their DMs speak their language.
        self._user_locales: dict[int, discord.Locale] = {}

    @property
    def store(self):
        return self.bot.store

    def lock(self, channel_id: int) -> asyncio.Lock:
        found = self._locks.get(channel_id)
        if found is None:
            found = self._locks[channel_id] = asyncio.Lock()
        return found

    def state_of(self, record: GameRecord) -> Any:
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        state = record.state()
        self._states[record.id] = (record.version, state)
        return state

    def remember(self, interaction: discord.Interaction) -> discord.Locale:
        self._user_locales[interaction.user.id] = interaction.locale
        return interaction.locale

    # ------------------------------------------------------------------ answering

    async def reply(
        self, interaction: discord.Interaction, content: str, *, view=None, file=None
    ) -> None:
        """An ephemeral answer, whether or not the interaction was deferred."""
        kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        if file is not None:
            kwargs["file"] = file
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
        if view is not None:
            # Our items are DynamicItems dispatched by custom id; discord.py would otherwise keep
            # an ephemeral view (and its 15-minute timer) alive for nothing.
            view.stop()

    async def guarded(self, interaction: discord.Interaction, work) -> None:
        """Run one interaction's work; refusals become polite ephemeral replies.

        An unexpected error is logged and answered politely; it cannot touch another game
        because every game has its own lock and nothing is written before the engine accepts.
        """
        locale = self.remember(interaction)
        try:
            await work(locale)
        except Refusal as refusal:
            await self.reply(
                interaction,
                text(locale, refusal.key, **refusal.params),
                view=refusal.view,
                file=refusal.file,
            )
        except Exception:
            log.exception("interaction failed in channel %s", interaction.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await self.reply(interaction, text(locale, "bot.error.unexpected"))
            # Let the client's error hook see it too (logging, test harnesses).
            await self.bot.on_error("interaction", interaction)

    # ------------------------------------------------------------------ lookups

    async def game_here(self, channel_id: int) -> GameRecord:
        record = await self.store.by_channel(channel_id)
        if record is None:
            raise Refusal("bot.error.no_game")
        return record

    async def game_by_id(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get(game_id)
        except StorageError:
            raise Refusal("bot.error.no_game") from None

    async def active_game(self, channel_id: int, game_id: int | None) -> GameRecord:
        """The game a command (no id) or a component (its id) is about; it must be in play."""
        if game_id is None:
            record = await self.game_here(channel_id)
        else:
            record = await self.game_by_id(game_id)
        if record.status != "active":
            raise Refusal("bot.error.not_active")
        return record

    @staticmethod
    def seat_of(record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise Refusal("bot.error.not_a_player")
        return seat

    # ------------------------------------------------------------------ lobby

    async def new_game(
        self, interaction: discord.Interaction, kind: str, raw_options: dict
    ) -> None:
        async def work(locale):
            engine = games.get(kind)
            try:
                options = engine.options(raw_options)
            except games.OptionError as exc:
                raise Refusal("bot.error.bad_option", reason=exc.msg) from None
            async with self.lock(interaction.channel_id):
                try:
                    record = await self.store.create_game(
                        guild_id=interaction.guild_id or 0,
                        channel_id=interaction.channel_id,
                        kind=kind,
                        options=options,
                        creator_id=interaction.user.id,
                        creator_name=interaction.user.display_name,
                    )
                except ChannelBusy:
                    raise Refusal("bot.error.busy") from None
                ch = channel_locale(interaction)
                await interaction.response.send_message(
                    present.lobby(ch, record), view=components.lobby_view(ch, record.id)
                )

        await self.guarded(interaction, work)

    async def _lobby(self, interaction, game_id: int | None) -> GameRecord:
        record = (
            await self.game_here(interaction.channel_id)
            if game_id is None
            else await self.game_by_id(game_id)
        )
        if record.status != "lobby":
            raise Refusal("bot.error.not_lobby")
        return record

    async def join(self, interaction, game_id: int | None = None, *, edit: bool = False) -> None:
        async def work(locale):
            async with self.lock(interaction.channel_id):
                record = await self._lobby(interaction, game_id)
                if record.seat_of(interaction.user.id) is not None:
                    raise Refusal("bot.error.already_seated")
                if len(record.seats) >= games.get(record.kind).max_players:
                    raise Refusal("bot.error.lobby_full", high=len(record.seats))
                try:
                    record = await self.store.join(
                        record.id, interaction.user.id, interaction.user.display_name
                    )
                except StorageError:
                    raise Refusal("bot.error.not_lobby") from None
                await self._show_lobby(interaction, record, edit)

        await self.guarded(interaction, work)

    async def leave(self, interaction, game_id: int | None = None, *, edit: bool = False) -> None:
        async def work(locale):
            async with self.lock(interaction.channel_id):
                record = await self._lobby(interaction, game_id)
                if record.seat_of(interaction.user.id) is None:
                    raise Refusal("bot.error.not_a_player")
                if interaction.user.id == record.creator_id:
                    raise Refusal("bot.error.creator_leaves")
                record = await self.store.leave(record.id, interaction.user.id)
                await self._show_lobby(interaction, record, edit)

        await self.guarded(interaction, work)

    async def _show_lobby(self, interaction, record: GameRecord, edit: bool) -> None:
        ch = channel_locale(interaction)
        content = present.lobby(ch, record)
        view = components.lobby_view(ch, record.id)
        if edit:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view)

    async def start(self, interaction, game_id: int | None = None) -> None:
        async def work(locale):
            async with self.lock(interaction.channel_id):
                record = await self._lobby(interaction, game_id)
                if interaction.user.id != record.creator_id:
                    raise Refusal("bot.error.not_creator", creator=f"<@{record.creator_id}>")
                engine = games.get(record.kind)
                if not engine.min_players <= len(record.seats) <= engine.max_players:
                    raise Refusal(
                        "bot.error.seats", low=engine.min_players, high=engine.max_players
                    )
                await interaction.response.defer(thinking=True)
                result = await start_game(self.store, record.id, self.rng.randrange(2**31))
                self._states[record.id] = (result.record.version, result.state)
                ch = channel_locale(interaction)
                await interaction.followup.send(
                    text(ch, "bot.lobby.started", game=present.title(ch, record.kind))
                )
                await self._announce(interaction, result, None, set(), None)
                await self._private_updates(result.record, None, result.state, result.events)

        await self.guarded(interaction, work)

    async def lobby_button(self, interaction, game_id: int, op: str) -> None:
        if op == "join":
            await self.join(interaction, game_id, edit=True)
        elif op == "leave":
            await self.leave(interaction, game_id, edit=True)
        else:
            await self.start(interaction, game_id)

    async def abandon(self, interaction) -> None:
        async def work(locale):
            async with self.lock(interaction.channel_id):
                record = await self.game_here(interaction.channel_id)
                allowed = interaction.user.id == record.creator_id or (
                    interaction.permissions is not None and interaction.permissions.manage_channels
                )
                if not allowed:
                    raise Refusal("bot.error.cannot_abandon")
                await self.store.abandon(record.id)
                self._states.pop(record.id, None)
                ch = channel_locale(interaction)
                await interaction.response.send_message(
                    text(
                        ch,
                        "bot.abandoned",
                        game=present.title(ch, record.kind),
                        who=interaction.user.mention,
                    )
                )

        await self.guarded(interaction, work)

    # ------------------------------------------------------------------ play

    def _pending(self, record: GameRecord, state: Any) -> tuple[Decision, ...]:
        return tuple(games.get(record.kind).pending(state))

    def _prompt_for(self, locale, record: GameRecord, state: Any, seat: int | None):
        """The current prompt as one player should see it: their own choices if they decide."""
        engine = games.get(record.kind)
        decisions = self._pending(record, state)
        mine = [d for d in decisions if d.seat == seat]
        if mine and seat is not None:
            actions = engine.legal_actions(state, seat)
            content = present.decision_line(locale, record, mine[0], ping=False)
            return content, components.choices_view(
                locale,
                record.id,
                record.version,
                actions,
                screen=True,
                names=present.seat_names(record),
            )
        others = " ".join(present.decision_line(locale, record, d, ping=False) for d in decisions)
        return text(locale, "bot.turn.not_yours", waiting=others), None

    async def click_move(self, interaction, game_id: int, version: int, code: str) -> None:
        await self.move(interaction, code, game_id=game_id, version=version)

    async def move(
        self,
        interaction: discord.Interaction,
        code: str,
        *,
        game_id: int | None = None,
        version: int | None = None,
    ) -> None:
        """Apply `code` for the user; `version` is the state the button was made for."""

        async def work(locale):
            from_ephemeral = bool(interaction.message and interaction.message.flags.ephemeral)
            if from_ephemeral:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.lock(interaction.channel_id):
                record = await self.active_game(interaction.channel_id, game_id)
                seat = self.seat_of(record, interaction.user.id)
                state = self.state_of(record)
                if version is not None and version != record.version:
                    content, view = self._prompt_for(locale, record, state, seat)
                    raise Refusal("bot.error.outdated", current=content, view=view)
                decisions = self._pending(record, state)
                if seat not in {d.seat for d in decisions}:
                    content, _ = self._prompt_for(locale, record, state, seat)
                    raise Refusal("bot.error.not_your_decision", current=content)
                engine = games.get(record.kind)
                label = next(
                    (a.label for a in engine.legal_actions(state, seat) if a.code == code), None
                )
                try:
                    result = await apply_move(
                        self.store, record.id, seat, code, expected_version=record.version
                    )
                except IllegalAction as exc:
                    raise Refusal("bot.error.illegal", reason=exc.msg) from None
                except VersionConflict:
                    self._states.pop(record.id, None)
                    fresh = await self.store.get(record.id)
                    content, view = self._prompt_for(locale, fresh, self.state_of(fresh), seat)
                    raise Refusal("bot.error.conflict", current=content, view=view) from None
                self._states[record.id] = (result.record.version, result.state)
                # Persisted: now answer the player, then everybody else.
                chosen = (
                    text_msg(locale, label, present.seat_names(record))
                    if label is not None
                    else code
                )
                mine = present.private_events(
                    locale, result.events, seat, present.seat_names(record)
                )
                confirm = "\n".join([text(locale, "bot.move.done", choice=chosen), *mine])
                if from_ephemeral:
                    await interaction.edit_original_response(content=confirm, view=None)
                else:
                    await interaction.followup.send(confirm, ephemeral=True)
                deciders = {d.seat for d in decisions}
                await self._announce(interaction, result, seat, deciders, decisions)
                await self._private_updates(result.record, state, result.state, result.events)

        await self.guarded(interaction, work)

    async def _announce(
        self,
        interaction: discord.Interaction,
        result: MoveResult,
        actor: int | None,
        previous: set[int],
        previous_decisions: Sequence[Decision] | None,
    ) -> None:
        """Post the new turn message (or the final scores) in the channel."""
        record, state = result.record, result.state
        engine = games.get(record.kind)
        ch = channel_locale(interaction)
        channel = interaction.channel
        event_lines = present.public_events(ch, record, result.events)
        if engine.is_over(state):
            await self._finish(channel, ch, record, state, event_lines)
            return
        decisions = self._pending(record, state)
        seats = {d.seat for d in decisions}
        if actor is not None and actor in previous and actor not in seats and seats < previous:
            # Several players decide at once and one has done so: no new board, no new pings.
            content = "\n".join([*event_lines, present.waiting(ch, record, actor, decisions)])
            view = components.choose_view(ch, record.id, record.version)
            await channel.send(present.clip(content, present.MAX_CONTENT), view=view)
            return
        public = len(decisions) == 1 and shows_choices_publicly(record, decisions[0])
        ping = {s for s in seats if s != actor}
        content = present.turn(
            ch, record, decisions, event_lines, ping=ping, hidden_choices=not public
        )
        if public:
            actions = engine.legal_actions(state, decisions[0].seat)
            view = components.choices_view(
                ch,
                record.id,
                record.version,
                actions,
                screen=True,
                names=present.seat_names(record),
            )
        else:
            view = components.choose_view(ch, record.id, record.version)
        if seats != previous:
            # A new turn (somebody else decides now): a fresh picture of the board. Further
            # steps of the same player's turn are short texts; `/game board` shows it any time.
            file = await pictures.board(engine.public_view(state), present.seat_names(record))
            await channel.send(content, file=file, view=view)
        else:
            await channel.send(content, view=view)

    async def _finish(self, channel, locale, record: GameRecord, state: Any, event_lines) -> None:
        engine = games.get(record.kind)
        result = engine.result(state)
        file = await pictures.final_scores(record.kind, result, present.seat_names(record))
        table = present.final_table(locale, record, result)
        content = present.clip("\n".join([*event_lines, table]), present.MAX_CONTENT)
        await channel.send(content, file=file)
        self._states.pop(record.id, None)

    async def show_choices(self, interaction, game_id: int, version: int) -> None:
        """The "Choose" button: the clicker's own choices, built from their seat only."""

        async def work(locale):
            record = await self.game_by_id(game_id)
            if record.status != "active":
                raise Refusal("bot.error.not_active")
            seat = self.seat_of(record, interaction.user.id)
            state = self.state_of(record)
            content, view = self._prompt_for(locale, record, state, seat)
            if view is None:
                raise Refusal("bot.error.not_your_decision", current=content)
            if version != record.version:
                content = text(locale, "bot.error.outdated", current=content)
            await self.reply(interaction, content, view=view)

        await self.guarded(interaction, work)

    # ------------------------------------------------------------------ screens

    async def show_screen(self, interaction, game_id: int | None = None) -> None:
        async def work(locale):
            record = await self.active_game(interaction.channel_id, game_id)
            seat = self.seat_of(record, interaction.user.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            engine = games.get(record.kind)
            view = engine.player_view(self.state_of(record), seat)
            file = await pictures.screen(view, present.seat_names(record))
            await interaction.followup.send(
                present.figures(locale, record.kind, view), file=file, ephemeral=True
            )

        await self.guarded(interaction, work)

    async def show_board(self, interaction) -> None:
        async def work(locale):
            record = await self.game_here(interaction.channel_id)
            if record.status != "active":
                raise Refusal("bot.error.not_active")
            await interaction.response.defer(ephemeral=True, thinking=True)
            state = self.state_of(record)
            engine = games.get(record.kind)
            content, _ = self._prompt_for(
                locale, record, state, record.seat_of(interaction.user.id)
            )
            file = await pictures.board(engine.public_view(state), present.seat_names(record))
            await interaction.followup.send(content, file=file, ephemeral=True)

        await self.guarded(interaction, work)

    async def show_log(self, interaction, count: int = 15) -> None:
        async def work(locale):
            record = await self.game_here(interaction.channel_id)
            if record.status != "active":
                raise Refusal("bot.error.not_active")
            rows = await self.store.actions(record.id)
            replay = games.Replay(
                game=record.kind,
                players=len(record.seats),
                seed=record.seed,
                options=record.options,
                actions=[(row.seat, row.code) for row in rows],
            )
            _, events = await asyncio.to_thread(games.replay, replay)
            lines = present.public_events(locale, record, events[-count:])
            body = "\n".join(lines) or text(locale, "bot.log.empty")
            await self.reply(
                interaction,
                present.clip(text(locale, "bot.log.title", count=len(rows)) + "\n" + body, 1900),
            )

        await self.guarded(interaction, work)

    # ------------------------------------------------------------------ DMs

    async def _private_updates(self, record: GameRecord, before: Any, after: Any, events) -> None:
        """DM every player whose private view changed (or who got a private event)."""
        engine = games.get(record.kind)
        for seat in range(len(record.seats)):
            new_view = engine.player_view(after, seat)
            old = None if before is None else private_part(engine.player_view(before, seat))
            told = [e for e in events if e.only_for == seat]
            if old == private_part(new_view) and not told:
                continue
            await self._dm_screen(record, seat, new_view, told)

    async def _dm_screen(self, record: GameRecord, seat: int, view: Any, told) -> None:
        user_id = record.seats[seat].user_id
        locale = self._user_locales.get(user_id, discord.Locale.american_english)
        lines = [
            text(
                locale,
                "bot.dm.title",
                game=present.title(locale, record.kind),
                channel=f"<#{record.channel_id}>",
            ),
            present.figures(locale, record.kind, view),
            *present.private_events(locale, told, seat, present.seat_names(record)),
        ]
        content = present.clip("\n".join(lines), present.MAX_CONTENT)
        file = await pictures.screen(view, present.seat_names(record))
        key = f"dm:{user_id}"
        note = await self.store.get_note(record.id, key)
        if note:
            channel_id, message_id = (int(x) for x in note.split(":"))
            try:
                message = self.bot.get_partial_messageable(channel_id).get_partial_message(
                    message_id
                )
                await message.edit(content=content, attachments=[file])
                return
            except discord.HTTPException as exc:
                if exc.code == CANNOT_DM:
                    await self._dms_closed(record, user_id)
                    return
                # The old DM was deleted or cannot be edited: send a new one.
                file = await pictures.screen(view, present.seat_names(record))
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            sent = await dm.send(content, file=file)
        except discord.Forbidden as exc:
            if exc.code == CANNOT_DM or exc.status == 403:
                await self._dms_closed(record, user_id)
                return
            raise
        await self.store.set_note(record.id, key, f"{sent.channel.id}:{sent.id}")

    async def _dms_closed(self, record: GameRecord, user_id: int) -> None:
        """Say once per game and player that DMs are closed; the game carries on."""
        key = f"dm_closed:{user_id}"
        if await self.store.get_note(record.id, key):
            return
        await self.store.set_note(record.id, key, "1")
        channel = self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        locale = self._user_locales.get(user_id, discord.Locale.american_english)
        await channel.send(text(locale, "bot.dm.closed", who=f"<@{user_id}>"))
