"""The final scores in a game's channel: the table, the chart of the game and the Rematch
button in the game's layout (`layouts.py`), and a line in the channel a thread game came from."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_io import pictures
from bot.discord_io.layouts import Shown, layout, picture_of
from bot.discord_io.look_back import final_of
from bot.discord_io.outbox import UNDELIVERED
from bot.discord_io.turn_messages import nonce, pinging
from bot.text import lengths, present
from games.front import accent
from storage import GameRecord
from storage.play import final_result
from storage.records import result_from_json

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.channel_posts import ChannelPosts
    from bot.discord_io.quiet_members import Quiet

log = logging.getLogger(__name__)

# The note of a game in a thread: the channel it was opened from, which hears its result.
PARENT_CHANNEL = "parent_channel"
# The note of a game that holds its final scores' message id: the review, once done, is told
# there (`bot/history/reviews.py`).
FINAL_MESSAGE = "final_message"


class FinalScores:
    """Posts a game's final scores: `client` for the line in a thread game's parent channel,
    `tables` for the store and the state cache, `quiet` for who may be pinged, `posts` for the
    channel's message."""

    def __init__(self, client: discord.Client, tables: Tables, quiet: Quiet, posts: ChannelPosts):
        self.client, self.tables, self.quiet, self.posts = client, tables, quiet, posts

    async def post(
        self,
        locale,
        record: GameRecord,
        event_lines,
        *,
        final_view=None,
        look_first: bool = False,
        via: discord.Interaction | None = None,
    ) -> None:
        """The final scores as stored when the game ended (by the rules, a vote, resigning or
        abandon), with the picture and the Rematch button in the game's layout, in a new message
        that mentions (and so pings) every person of the table once. `look_first`: a repair, which
        posts nothing when the channel shows them already (a post whose answer was lost).
        `final_view(locale, record)`: the view of its Rematch button, if any."""
        stored = await self.tables.store.result(record.id)
        if stored is None:  # ended before results were stored
            result = final_result(record, self.tables.state_of(record))
        else:
            result = result_from_json(json.loads(stored[1]))
        table = present.final_table(locale, record, result)
        mine = final_of(record.id, table)
        if look_first and await self.posts.look_back(record, mine) is not None:
            return
        rows = await self.tables.store.actions(record.id)
        try:
            series = await asyncio.to_thread(
                pictures.score_series, record, [(r.seat, r.code) for r in rows]
            )
        except Exception:  # the chart is a bonus: a log that does not replay only loses it
            log.exception("game %s: no chart of the scores", record.id)
            series = None
        names = present.seat_names(record, locale)
        file = await pictures.final_scores(record.kind, result, names, series, locale)
        # The last moves give way to the table when the message is too long: its mentions are
        # what pings the players.
        room = present.MAX_CONTENT - lengths.utf16_len(table) - 1
        events = present.clip("\n".join(event_lines), room) if event_lines and room > 1 else ""
        people = [
            u for u in present.final_pings(record) if not await self.quiet.hold(u, record, "ended")
        ]
        view = None if final_view is None else final_view(locale, record)
        rematch = [] if view is None else [discord.ui.ActionRow(*view.children)]
        shown = Shown(accent(record.kind), (events, table), picture_of(file))
        sent = await self.posts.send(
            record,
            None,
            via=via,
            files=pictures.attached(file),
            view=layout(shown, rematch),
            allowed_mentions=pinging(people),
            nonce=nonce(record, "end"),
            mine=mine,
        )
        self.tables.store.note_later(record.id, FINAL_MESSAGE, str(sent.id))
        parent = await self.tables.store.get_note(record.id, PARENT_CHANNEL)
        if parent is not None:
            # A game in a thread: its channel hears the result in one line.
            line = present.result_line(locale, record, result)
            try:
                await self.client.get_partial_messageable(
                    int(parent), guild_id=record.guild_id
                ).send(line, allowed_mentions=discord.AllowedMentions.none())
            except UNDELIVERED as exc:
                log.warning(
                    "game %s: no result line in its channel (%s)",
                    record.id,
                    getattr(exc, "status", None) or type(exc).__name__,
                )
