"""What the channel sees after a move: the new turn message, or the final scores.

Moves are saved before they are announced, so a failed post (missing permissions, a Discord
outage) never loses a move, but it would leave the table without a prompt: nobody pinged, no
buttons. Such a game is remembered (in memory and as a note in the database, so a restart
remembers it too) and the next interaction in its channel posts the missing message.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import games
from games import Decision, Event
from storage import GameRecord, StorageError
from storage.play import final_result
from storage.records import result_from_json

from . import components, pictures, present

if TYPE_CHECKING:
    from .app import MaleconBot

log = logging.getLogger(__name__)

UNPOSTED = "unposted"
TURN_MESSAGE = "turn_message"


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


def pinging(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Only the players the bot means to ping; names and other text never ping anybody."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])


class Announcer:
    def __init__(self, bot: MaleconBot) -> None:
        self.bot = bot
        # channel id -> game whose latest turn message or final scores could not be posted.
        self.unposted: dict[int, int] = {}
        # channel id -> the locale its messages were last written in (for repairs).
        self.locales: dict[int, discord.Locale] = {}

    @property
    def store(self):
        return self.bot.store

    def channel(self, record: GameRecord):
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    async def load(self) -> None:
        """After a restart: the games still waiting for a message in their channel."""
        for game_id, _ in await self.store.notes_named(UNPOSTED):
            try:
                record = await self.store.get(game_id)
            except StorageError:
                continue
            self.unposted[record.channel_id] = game_id

    async def after_move(
        self,
        locale: discord.Locale,
        record: GameRecord,
        state: Any,
        events: Sequence[Event],
        actor: int | None,
        previous: set[int],
    ) -> bool:
        """Post what the move changed; False (remembered for repair) when Discord refused it."""
        self.locales[record.channel_id] = locale
        try:
            await self._post(locale, record, state, events, actor, previous)
        except discord.HTTPException as exc:
            await self._failed(record, exc)
            return False
        if self.unposted.get(record.channel_id) == record.id:
            await self._repaired(record)
        return True

    async def repair(self, channel_id: int | None) -> None:
        """Post the message a failed announcement left missing, if this channel has one."""
        game_id = self.unposted.get(channel_id) if channel_id is not None else None
        if game_id is None:
            return
        record = await self.store.get(game_id)
        locale = self.locales.get(record.channel_id, discord.Locale.american_english)
        try:
            if record.status == "active":
                await self._post(locale, record, self.bot.tables.state_of(record), (), None, set())
            else:
                await self.post_result(locale, record, ())
        except discord.HTTPException as exc:
            log.debug("game %s: still cannot post in channel %s (%s)", game_id, channel_id, exc)
            return
        await self._repaired(record)

    async def _failed(self, record: GameRecord, exc: discord.HTTPException) -> None:
        if self.unposted.get(record.channel_id) != record.id:
            # Once per outage: the next interaction in the channel retries quietly.
            log.warning(
                "game %s: could not post in channel %s (HTTP %s, code %s: %s);"
                " the move is saved and the message will be posted on the next interaction",
                record.id,
                record.channel_id,
                exc.status,
                exc.code,
                exc.text,
            )
        self.unposted[record.channel_id] = record.id
        await self.store.set_note(record.id, UNPOSTED, str(record.version))

    async def _repaired(self, record: GameRecord) -> None:
        self.unposted.pop(record.channel_id, None)
        await self.store.delete_note(record.id, UNPOSTED)

    async def _post(
        self,
        locale: discord.Locale,
        record: GameRecord,
        state: Any,
        events: Sequence[Event],
        actor: int | None,
        previous: set[int],
    ) -> None:
        engine = games.get(record.kind)
        channel = self.channel(record)
        event_lines = present.public_events(locale, record, events)
        if engine.is_over(state):
            await self.post_result(locale, record, event_lines)
            return
        decisions = tuple(engine.pending(state))
        seats = {d.seat for d in decisions}
        if actor is not None and actor in previous and actor not in seats and seats < previous:
            # Several players decide at once and one has done so: no new board, no new pings.
            content = "\n".join([*event_lines, present.waiting(locale, record, actor, decisions)])
            view = components.choose_view(locale, record.id, record.version)
            sent = await channel.send(
                present.clip(content, present.MAX_CONTENT),
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.store.set_note(record.id, TURN_MESSAGE, str(sent.id))
            return
        people = [d for d in decisions if present.played_by_person(record, d.seat)]
        public = len(decisions) == 1 and shows_choices_publicly(record, decisions[0])
        ping = {d.seat for d in people if d.seat != actor}
        content = present.turn(
            locale,
            record,
            decisions,
            event_lines,
            ping=ping,
            hidden_choices=bool(people) and not public,
        )
        if not people:
            # Only the AI decides now: nothing to press but "My screen"; it moves on its own.
            view = components.screen_view(locale, record.id)
        elif public:
            seat = decisions[0].seat
            view = components.choices_view(
                locale,
                record.id,
                record.version,
                engine.legal_actions(state, seat),
                seat=seat,
                screen=True,
                names=present.seat_names(record),
            )
        else:
            view = components.choose_view(locale, record.id, record.version)
        mentions = pinging([record.seats[s].user_id for s in sorted(ping)])
        if seats != previous:
            # A new turn (somebody else decides now): a fresh picture of the board. Further
            # steps of the same player's turn are short texts; `/game board` shows it any time.
            file = await pictures.board(engine.public_view(state), present.seat_names(record))
            sent = await channel.send(content, file=file, view=view, allowed_mentions=mentions)
        else:
            sent = await channel.send(content, view=view, allowed_mentions=mentions)
        # Reminders link to the message that holds the current prompt.
        await self.store.set_note(record.id, TURN_MESSAGE, str(sent.id))

    async def post_result(self, locale, record: GameRecord, event_lines) -> None:
        """The final scores as stored when the game ended (by the rules, a vote, resigning or
        abandon), with the picture; every player who is a person is pinged."""
        stored = await self.store.result(record.id)
        if stored is None:  # ended before results were stored
            result = final_result(record, self.bot.tables.state_of(record))
        else:
            result = result_from_json(json.loads(stored[1]))
        file = await pictures.final_scores(record.kind, result, present.seat_names(record))
        table = present.final_table(locale, record, result)
        content = present.clip("\n".join([*event_lines, table]), present.MAX_CONTENT)
        people = [s.user_id for s in record.seats if present.played_by_person(record, s.seat)]
        await self.channel(record).send(content, file=file, allowed_mentions=pinging(people))
