"""How a game's message reaches its channel: through which interaction's token, or as the
channel's own post.

A press on a turn message, or the interaction whose move is announced, holds a token that edits
that message or posts a follow-up for 15 minutes, free of Discord's global limit and of its
limit on editing messages older than an hour (30046). The tokens are kept here, given by the
move and "Choose" handlers, forgotten when they expire. A post whose answer was lost is looked
for in the channel before it is made again (`look_back.py`).
"""

from __future__ import annotations

import logging

import discord

from bot.discord_io import layouts
from bot.discord_io.answering import followable
from bot.discord_io.look_back import Match, find_posted, unknown
from bot.discord_io.outbox import UNDELIVERED
from bot.discord_io.turn_messages import THREADS, usable
from storage import GameRecord

log = logging.getLogger(__name__)


class ChannelPosts:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        # message id -> an interaction whose token edits it for a while, and whether that
        # message is the interaction's own ("original": a press deferred as an update of it)
        # or a follow-up the interaction posted. Oldest first; expired ones are forgotten.
        self.tokens: dict[int, tuple[discord.Interaction, bool]] = {}

    def channel(self, record: GameRecord):
        server = None if record.in_dms else record.guild_id
        return self.client.get_partial_messageable(record.channel_id, guild_id=server)

    async def look_back(self, record: GameRecord, match: Match) -> discord.Message | None:
        return await find_posted(self.channel(record), self.client.user.id, match)

    def press(self, message_id: int, interaction: discord.Interaction) -> None:
        """A press on the channel message `message_id`, deferred as an update of it: its token
        can edit that message for a while (see `edit`)."""
        self._keep(message_id, interaction, original=True)

    def _keep(self, message_id: int, interaction: discord.Interaction, *, original: bool) -> None:
        # Forget the tokens that expired: the oldest come first (a busy bot keeps thousands).
        while self.tokens and not usable(next(iter(self.tokens.values()))[0]):
            del self.tokens[next(iter(self.tokens))]
        self.tokens.pop(message_id, None)  # kept in the order they came
        self.tokens[message_id] = (interaction, original)

    async def edit(self, record: GameRecord, message_id: int, **fields) -> None:
        """Edit a turn message: through a recent press on it, or the interaction it was posted
        as a follow-up of, when there is one (an interaction's answer: neither bound by
        Discord's global limit nor refused on a message older than an hour, 30046), else as
        the channel's message."""
        interaction, original = self.tokens.get(message_id, (None, False))
        if interaction is not None and usable(interaction):
            try:
                if original:
                    await interaction.edit_original_response(**fields)
                else:
                    await interaction.followup.edit_message(message_id, **fields)
                return
            except discord.HTTPException as exc:
                log.debug("game %s: not edited through its interaction (%s)", record.id, exc)
                for file in fields.get("attachments") or ():
                    file.reset()
        await self.channel(record).get_partial_message(message_id).edit(**fields)

    async def without_buttons(self, record: GameRecord, message_id: int):
        """The view that takes a message's buttons off (`layouts.stripped`), read from the
        message as Discord holds it now (through the token of a press on it when there is one,
        like an edit): what the bot last wrote into it may not be what it shows, when an
        edit's answer was lost."""
        interaction, original = self.tokens.get(message_id, (None, False))
        message = None
        if interaction is not None and usable(interaction):
            try:
                if original:
                    message = await interaction.original_response()
                else:
                    message = await interaction.followup.fetch_message(message_id)
            except discord.HTTPException as exc:
                log.debug("game %s: not read through its interaction (%s)", record.id, exc)
        if message is None or message.id != message_id:
            message = await self.channel(record).fetch_message(message_id)
        return layouts.stripped(message)

    async def send(
        self,
        record: GameRecord,
        content: str | None,
        *,
        via: discord.Interaction | None,
        nonce: str,
        mine: Match,
        **fields,
    ) -> discord.abc.Snowflake:
        """A new message in the game's channel: a follow-up of `via`, the interaction that made
        the move, when it is in this channel and its own answer Discord confirmed (not bound by
        Discord's global limit; a new message all the same, so its mentions ping; before its
        answer is confirmed a follow-up would become that private answer), else the channel's
        message. AI and clock moves have no interaction: theirs are channel messages, with
        `nonce` so that one sent again after a lost answer is not posted twice. A follow-up
        takes no nonce: when its outcome is unknown, the channel's newest messages say whether
        it is there (`mine` knows it), and so they do for a channel post with no answer."""
        if fields.get("view") is None:
            fields.pop("view", None)
        if content is not None:  # a V2 layout has none
            fields["content"] = content
        # A game thread archives itself after a week; the posts that reopen it go through the
        # channel (see `threads.py`).
        in_thread = via is not None and getattr(via.channel, "type", None) in THREADS
        if (
            via is not None
            and via.channel_id == record.channel_id
            and usable(via)
            and not in_thread
            and followable(via)
        ):
            try:
                sent = await via.followup.send(wait=True, **fields)
            except UNDELIVERED as exc:
                log.debug("game %s: no follow-up (%s); posting in the channel", record.id, exc)
                for file in fields.get("files", ()):
                    file.reset()
                if unknown(exc) and (found := await self.look_back(record, mine)) is not None:
                    return found
            else:
                self._keep(sent.id, via, original=False)
                return sent
        try:
            return await self.channel(record).send(nonce=nonce, **fields)
        except UNDELIVERED as exc:
            if unknown(exc) and (found := await self.look_back(record, mine)) is not None:
                return found
            raise
