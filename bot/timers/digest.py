"""The message a member gets when their quiet hours end: what was held for them during the
hours (`bot/discord_io/quiet_members.py`), one line per game and kind, in one DM. A decision that no
longer waits for them by then is left out; a held screen DM is brought up to date after it (an
edit of the screen's DM, which notifies nobody, or its first DM).

The held news stays in the database until Discord takes the DM: while Discord refuses for its
own reasons (opening DMs too fast, rate limits, an outage, no answer) it is tried again with the
outbox's growing waits, across restarts, and the screens wait with it. Closed DMs (50007) are
final: the news is dropped, the screens are handed over (which says once in the channel that
DMs are closed)."""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING

import discord

import games
from bot.core import metrics
from bot.core.timing import now
from bot.discord_io.dm_channels import passing
from bot.discord_io.outbox import UNDELIVERED, wait_after
from bot.discord_io.turn_messages import message_link
from bot.text import present
from bot.text.i18n import text
from storage import GameRecord, StorageError
from storage import quiet as stored

if TYPE_CHECKING:
    from bot.core.tables import Tables
    from bot.discord_io.announce import Announcer
    from bot.discord_io.quiet_members import Quiet
    from bot.discord_io.screen_dms import ScreenDms

log = logging.getLogger(__name__)

# The lines in the order of the message.
ORDER = ("turn", "ask", "ended", "screen")
# How long the news a process took stays its own: far longer than sending it takes. A process
# that stops before sending leaves it to be taken again then.
CLAIM_SECONDS = 300.0


class Digests:
    def __init__(self, tables: Tables, announcer: Announcer, mail: ScreenDms, quiet: Quiet) -> None:
        self.tables = tables
        self.announcer = announcer
        self.mail = mail
        self.quiet = quiet

    @property
    def store(self):
        return self.tables.store

    async def next_due(self) -> float | None:
        return await stored.next_due(self.store)

    async def deliver(self, at: float) -> None:
        """Send every member whose held news is due by `at` their one message."""
        held = await stored.take_due(self.store, at, at + CLAIM_SECONDS)
        for user_id, group in itertools.groupby(held, key=lambda h: h.user_id):
            group = list(group)
            claim = group[0].due
            attempts = max(h.attempts for h in group)
            again = self.quiet.until(user_id, at)
            if again is not None:
                # Tried again after a refusal, and their next quiet hours have begun since.
                await stored.retry(self.store, user_id, claim, again, attempts)
                continue
            try:
                await self._one(user_id, group, claim, attempts)
            except Exception:
                log.exception("quiet hours: the held news of a member was not sent")
                await self._later(user_id, claim, attempts + 1, None)

    async def _one(self, user_id: int, held: list[stored.Held], claim: float, attempts: int):
        lines: list[str] = []
        screens: list[tuple[GameRecord, int]] = []
        locale = None
        for item in sorted(held, key=lambda h: (ORDER.index(h.kind), h.game_id)):
            try:
                record = await self.store.get(item.game_id)
            except StorageError:
                continue
            seat = record.seat_of(user_id)
            if seat is None:
                continue  # no longer theirs: handed over meanwhile
            locale = locale or self.mail.locale_of(user_id, record)
            line = await self._line(locale, record, seat, item.kind)
            if line is not None:
                lines.append(line)
            if item.kind == "screen" and record.status == "active":
                screens.append((record, seat))
        if lines:
            content = "\n".join([text(locale, "bot.quiet.digest"), *lines])
            try:
                dm = await self.mail.channels.open(user_id)
                await dm.send(
                    present.clip(content, present.MAX_CONTENT),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except UNDELIVERED as exc:
                if passing(exc):
                    await self._later(user_id, claim, attempts + 1, exc)
                    return  # the screens follow the news
                log.info("quiet hours: no DM for a member (%s)", exc)
            else:
                metrics.reminded(held[0].guild_id, "dm")
        await stored.sent(self.store, user_id, claim)
        for record, seat in screens:
            self.mail.hand_over(record, self.tables.state_of(record), seat)

    async def _later(
        self, user_id: int, claim: float, attempts: int, exc: BaseException | None
    ) -> None:
        """Discord did not take the member's news: it waits in the database for another try,
        as long as the outbox would wait."""
        wait = wait_after(exc, attempts)
        log.info("quiet hours: a member's news is tried again in %.0f s (%s)", wait, exc)
        await stored.retry(self.store, user_id, claim, now() + wait, attempts)

    async def _line(self, locale, record: GameRecord, seat: int, kind: str) -> str | None:
        game = present.title(locale, record.kind)
        channel = self.mail.where(locale, record)
        if kind == "ended":
            if record.status == "active":
                return None
            return text(
                locale,
                "bot.quiet.held.ended",
                game=game,
                channel=channel,
                link=message_link(record, None),
            )
        if record.status != "active":
            return None
        if kind == "screen":
            return text(locale, "bot.quiet.held.screen", game=game, channel=channel)
        turn = await self.announcer.turn_message(record)
        link = message_link(record, None if turn is None else str(turn.message_id))
        if kind == "ask":
            return text(locale, "bot.quiet.held.ask", game=game, channel=channel, link=link)
        deciding = {d.seat for d in games.get(record.kind).pending(self.tables.state_of(record))}
        if seat not in deciding:
            return None  # decided meanwhile (or the AI did at the turn limit)
        return text(locale, "bot.quiet.held.turn", game=game, channel=channel, link=link)
