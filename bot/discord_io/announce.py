"""What the channel sees after a move: the new turn message, or the final scores.

Moves are saved before they are announced, so a failed post (missing permissions, a Discord
outage) never loses a move, but it would leave the table without a prompt: nobody pinged, no
buttons. Such a game is remembered (in memory and in the outbox, so a restart remembers it too)
and the missing message is posted from the stored game by the outbox, after a wait, or by the
next interaction in its channel, whichever comes first. A post whose outcome is unknown (no
answer) may be there already: the channel is looked at before it is posted again
(`look_back.py`), and a superseded message whose buttons could not be taken off is tried again
from the outbox (`STRIP`).

The messages are Components V2 layouts (`layouts.py`). Whenever a person is asked to decide,
the message that asks shows the board they decide on, drawn after the move (a new picture by an
edit too, or a refresh in another language); where only the AI decides, nothing is drawn.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

import games
from bot.core.published import Published
from bot.discord_io import pictures
from bot.discord_io.channel_posts import ChannelPosts
from bot.discord_io.final_scores import PARENT_CHANNEL as PARENT_CHANNEL
from bot.discord_io.final_scores import FinalScores
from bot.discord_io.layouts import Shown, layout, picture_of
from bot.discord_io.look_back import move_of
from bot.discord_io.outbox import UNDELIVERED
from bot.discord_io.turn_messages import (
    Prompt,
    TurnMessage,
    board_for,
    nonce,
    pinging,
    shown,
    stays,
)
from bot.text import present
from bot.text.i18n import game_locale
from storage import GameRecord, StorageError

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.outbox import Outbox
    from bot.discord_io.quiet_members import Quiet
    from bot.text.preferences import Preferences

log = logging.getLogger(__name__)

# The outbox item of a game's channel message (its turn message or final scores).
CHANNEL = "channel"
TURN_MESSAGE = "turn_message"
# The outbox item of a superseded turn message still carrying its buttons: "strip:<message id>".
STRIP = "strip"


class Announcer:
    def __init__(
        self,
        client: discord.Client,
        preferences: Preferences,
        tables: Tables,
        quiet: Quiet,
        outbox: Outbox,
    ) -> None:
        self.client, self.preferences = client, preferences
        # The state cache (`tables.state_of`) and the channel locks.
        self.tables = tables
        # Members in their quiet hours are named but not pinged (`bot/discord_io/quiet_members.py`).
        self.quiet = quiet
        # Tries again what could not be posted (`bot.discord_io.outbox`).
        self.outbox = outbox
        outbox.register(CHANNEL, self.redeliver)
        outbox.register(STRIP, self.strip)
        # channel id -> game whose latest turn message or final scores could not be posted.
        self.unposted: dict[int, int] = {}
        # game id -> its current turn message (also kept as a note, for restarts).
        self.turns: dict[int, TurnMessage] = {}
        # game id -> the events of AI moves at a practice table not shown yet (`_held`).
        self.held: dict[int, list] = {}
        # (locale, record) -> the view under a game's final scores, or None (set by services).
        self.final_view = None
        # Told of every game whose result is posted (a league's standings follow them).
        self._ended: list = []
        # The interactions' tokens, and posting in a game's channel.
        self.posts = ChannelPosts(client)
        self.finals = FinalScores(client, tables, quiet, self.posts)

    def awake(self, user_ids) -> list[int]:
        """The members of `user_ids` a post may ping now: not those in their quiet hours (a
        post names them all the same)."""
        return [u for u in user_ids if self.quiet.until(u) is None]

    @property
    def store(self):
        return self.tables.store

    def channel(self, record: GameRecord):
        return self.posts.channel(record)

    def when_ended(self, listener) -> None:
        """`listener(record)` for every ended game whose final scores are posted: the last
        move's, the table's choice, a resignation, abandon, and again for one posted later
        after a failure (a listener must not mind hearing of a game twice)."""
        self._ended.append(listener)

    def ended(self, record: GameRecord) -> None:
        """Tell the listeners of `when_ended` that the game ended (also when its final scores
        cannot be posted: a league's round waits for its tables all the same)."""
        for listener in self._ended:
            listener(record)

    def press(self, message_id: int, interaction: discord.Interaction) -> None:
        """A press on the turn message `message_id`: its token edits it (`ChannelPosts.edit`)."""
        self.posts.press(message_id, interaction)

    async def load(self) -> None:
        """After a restart: the games still waiting for a message in their channel."""
        for row in await self.store.deliveries():
            if row.item != CHANNEL:
                continue
            try:
                record = await self.store.get(row.game_id)
            except StorageError:
                continue
            self.unposted[record.channel_id] = row.game_id

    async def after_move(self, published: Published) -> bool:
        """Post what the move changed; False (remembered for repair) when Discord refused it or
        gave no answer, or anything else failed: the move is saved, and whatever follows its
        announcement (the screen DMs, the AI's turn) goes on."""
        record = published.record
        try:
            await self._post(published)
        except Exception as exc:
            if not isinstance(exc, UNDELIVERED):
                log.exception("game %s: announcing move %s failed", record.id, record.version)
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
        try:
            await self._post_missing(record)
        except UNDELIVERED as exc:
            log.debug("game %s: still cannot post in channel %s (%s)", game_id, channel_id, exc)
            return
        await self._repaired(record)

    async def redeliver(self, game_id: int, item: str) -> None:
        """The outbox's turn: post the missing message under the channel's lock (raises when
        Discord refuses again)."""
        record = await self.store.get(game_id)
        async with self.tables.lock(record.channel_id):
            if not self.outbox.pending(game_id, item):
                return  # a move or an interaction posted it meanwhile
            record = await self.store.get(game_id)
            await self._post_missing(record)
            await self._repaired(record)

    async def strip(self, game_id: int, item: str) -> None:
        """The outbox's turn: a superseded turn message loses its buttons at last (raises when
        Discord refuses again, e.g. 30046 on an old message, which passes with time)."""
        message_id = int(item.partition(":")[2])
        record = await self.store.get(game_id)
        current = await self.turn_message(record)
        if current is None or current.message_id != message_id:
            # Deleted: nothing left to press.
            with contextlib.suppress(discord.NotFound):
                view = await self.posts.without_buttons(record, message_id)
                await self.posts.edit(record, message_id, view=view)
        await self.outbox.done(game_id, item)

    async def _post_missing(self, record: GameRecord) -> None:
        """Post the game's message that a failure left out, unless it is there after all (a
        post whose answer was lost): then it is taken as the turn message."""
        locale = game_locale(self.preferences, record)
        if record.status == "active":
            state = self.tables.state_of(record)
            found = await self.posts.look_back(record, move_of(record.id, record.version))
            if found is not None:
                await self._adopt(record, state, found)
                return
            await self._post(Published(record, state, locale=locale), fresh=True)
        else:
            await self.post_result(locale, record, (), look_first=True)

    async def _adopt(self, record: GameRecord, state: Any, found: discord.Message) -> None:
        """`found` is the game's turn message now (posted, its answer lost); the one before
        gives way to it."""
        current = await self.turn_message(record)
        seats = frozenset(d.seat for d in games.get(record.kind).pending(state))
        await self._take_over(record, current, TurnMessage(found.id, seats))

    async def _take_over(
        self, record: GameRecord, current: TurnMessage | None, turn: TurnMessage
    ) -> None:
        """`turn` is the game's turn message from now on. Recorded before the old one is
        retired: whatever happens to that edit, the game knows its live message. Reminders link
        to it, and a restart edits it again; the note is written with the next move's
        transaction (any game's) when moves queue for the store: the bot reads it from memory."""
        self.turns[record.id] = turn
        self.store.note_later(record.id, TURN_MESSAGE, turn.note())
        if current is not None and current.message_id != turn.message_id:
            await self._retire(record, current)

    async def _failed(self, record: GameRecord, exc: BaseException) -> None:
        if self.unposted.get(record.channel_id) != record.id:
            # Once per outage: the outbox (or the next interaction) retries quietly.
            log.warning(
                "game %s: could not post in channel %s (HTTP %s, code %s: %s);"
                " the move is saved and the message will be posted again",
                record.id,
                record.channel_id,
                getattr(exc, "status", None),
                getattr(exc, "code", None),
                getattr(exc, "text", None) or type(exc).__name__,
            )
        self.unposted[record.channel_id] = record.id
        await self.outbox.failed(record.id, CHANNEL, exc)

    async def _repaired(self, record: GameRecord) -> None:
        if self.unposted.get(record.channel_id) == record.id:
            del self.unposted[record.channel_id]
        await self.outbox.done(record.id, CHANNEL)

    async def turn_message(self, record: GameRecord) -> TurnMessage | None:
        found = self.turns.get(record.id)
        if found is None:
            note = await self.store.get_note(record.id, TURN_MESSAGE)
            found = None if note is None else TurnMessage.from_note(note)
            if found is not None:
                self.turns[record.id] = found
        return found

    async def _retire(self, record: GameRecord, turn: TurnMessage | None) -> None:
        """The previous turn message loses its buttons, so only one message of a game ever
        carries live move buttons: through the click that ended its turn when there was one
        (an interaction's answer, not bound by Discord's global limit nor by its limit on
        editing messages older than an hour), else by one edit here. Such an edit of an old
        message may be refused (30046): the outbox tries it again (`strip`), and meanwhile a
        press on its buttons is answered with the current prompt and changes nothing."""
        if turn is None:
            return
        try:
            if turn.shown is not None:
                view = layout(turn.shown)
            else:  # posted before a restart: written again from the message itself
                view = await self.posts.without_buttons(record, turn.message_id)
            await self.posts.edit(record, turn.message_id, view=view)
        except discord.NotFound:
            return  # deleted: nothing left to press
        except UNDELIVERED as exc:
            # Refused for a while (30046, rate limits) or no answer: the outbox tries again,
            # so no old message keeps live buttons for longer than its wait.
            log.debug("game %s: the old turn message kept its buttons (%s)", record.id, exc)
            await self.outbox.failed(record.id, f"{STRIP}:{turn.message_id}", exc)

    async def _post(self, published: Published, *, fresh: bool = False) -> None:
        """A new message when somebody else must decide (the only time a ping is needed), else
        the turn message edited in place with this move's events and the next prompt. `fresh`:
        a new message in any case (a repair: the failed one pinged nobody)."""
        record, locale = published.record, published.locale
        current = await self.turn_message(record)
        waiting = self.held.pop(record.id, None)
        if waiting:
            published = replace(published, events=[*waiting, *published.events])
        if self._held(published, current):
            return
        if games.get(record.kind).is_over(published.state):
            await self._retire(record, current)
            self.turns.pop(record.id, None)
            lines = present.final_events(locale, record, published.events)
            await self.post_result(locale, record, lines, via=published.interaction)
            return
        prompt = Prompt.of(published)
        board = await board_for(published, prompt)
        pinged = frozenset()
        if current is not None and not fresh and stays(current, prompt.seats, published.actor):
            if await self._edit_in_place(published, current, prompt, board):
                return
            # Not edited: its replacement does not ping again whom it pinged.
            pinged = current.pinged
            if board is not None:
                board.reset()
        await self._post_new(published, current, prompt, board, fresh=fresh, pinged_before=pinged)

    def _held(self, published: Published, current: TurnMessage | None) -> bool:
        """At a practice table only its learner reads the thread: while only AI seats decide,
        an AI's move is not posted (no request) and its events wait, in memory, for the next
        message the learner reads (their turn, or the final scores)."""
        record = published.record
        if getattr(record, "mode", "rated") != "practice" or published.interaction is not None:
            return False
        engine = games.get(record.kind)
        if current is None or engine.is_over(published.state):
            return False
        deciding = engine.pending(published.state)
        if any(record.seats[d.seat].ai_level is None for d in deciding):
            return False
        self.held[record.id] = list(published.events)
        return True

    async def _edit_in_place(
        self, published: Published, current: TurnMessage, prompt: Prompt, board
    ) -> bool:
        """The turn message goes on for the players deciding now: this move's events, the
        next prompt and the board they decide on written into it (the picture replaced).
        False when Discord would not (deleted, edited too often since it is old, no answer): a
        new one is posted instead."""
        record = published.record
        edited = TurnMessage(
            current.message_id,
            prompt.seats,
            list(current.events),
            current.pinged,
            earlier=current.earlier,
        )
        edited.add(record, published.events)
        edited.shown = self._shown(published, prompt, edited.events, board, edited.earlier)
        try:
            await self.posts.edit(
                record,
                current.message_id,
                content=None,
                view=layout(edited.shown, prompt.choices),
                attachments=pictures.attached(board),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except UNDELIVERED as exc:
            log.debug("game %s: turn message not edited (%s); posting anew", record.id, exc)
            return False
        self.turns[record.id] = edited
        return True

    def _shown(self, published: Published, prompt: Prompt, events, board, earlier=0) -> Shown:
        away = self.tables.away.of_seats(published.record)
        return shown(published, prompt, events, picture_of(board), away, earlier)

    async def _post_new(
        self,
        published: Published,
        current: TurnMessage | None,
        prompt: Prompt,
        board: discord.File | None,
        *,
        fresh: bool,
        pinged_before: frozenset[int],
    ) -> None:
        """A new turn message, pinging whoever must decide now (not the mover who goes on, nor
        whom a message it replaces pinged already, nor anybody in their quiet hours), with the
        board they decide on; then the old one gives way to it."""
        record, actor = published.record, published.actor
        continuing = (
            current is not None and actor is not None and actor in current.deciders and not fresh
        )
        ping = {
            s
            for s in prompt.shown
            if not (continuing and s == actor) and record.seats[s].user_id not in pinged_before
        }
        # In their quiet hours a player is named without a ping, and told when the hours end.
        ping = {
            s for s in ping if not await self.quiet.hold(record.seats[s].user_id, record, "turn")
        }
        mentions = pinging([record.seats[s].user_id for s in sorted(ping)])
        shown = self._shown(published, prompt, published.events, board)
        sent = await self.posts.send(
            record,
            None,
            via=published.interaction,
            files=pictures.attached(board),
            view=layout(shown, prompt.choices),
            allowed_mentions=mentions,
            nonce=nonce(record, record.version),
            mine=move_of(record.id, record.version),
        )
        pinged = frozenset(u.id for u in mentions.users)
        turn = TurnMessage(sent.id, prompt.seats, pinged=pinged, shown=shown)
        turn.add(record, published.events)
        await self._take_over(record, current, turn)

    async def refresh(self, locale, record: GameRecord, state: Any) -> None:
        """Write the turn message again as it stands (who is away changed, or the language),
        its board drawn again: only one this process posted, so it knows the events it lists,
        and only while it is the turn's."""
        current = self.turns.get(record.id)
        seats = frozenset(d.seat for d in games.get(record.kind).pending(state))
        if current is None or not stays(current, seats, None):
            return
        try:
            await self._post(Published(record, state, locale=locale))
        except UNDELIVERED as exc:
            log.debug("game %s: turn message not refreshed (%s)", record.id, exc)

    async def post_result(
        self,
        locale,
        record: GameRecord,
        event_lines,
        *,
        look_first: bool = False,
        via: discord.Interaction | None = None,
    ) -> None:
        """The final scores in the channel (`FinalScores.post`); those who listen for ended
        games are told first (whether or not the post goes through: the game is stored)."""
        self.ended(record)
        await self.finals.post(
            locale, record, event_lines, final_view=self.final_view, look_first=look_first, via=via
        )
