"""Who is in their quiet hours now, and the news held for them until the hours end.

Every path that would DM or ping a member (the screen DMs, the turn messages, reminders, the
table's question, the final scores) asks `until` first; inside the hours it holds the news
(`hold`) instead: the turn message is still posted, with the member's name but no ping, and
their DM waits. The clock (`bot/timers/digest.py`) sends what was held as one message per member
when their hours end, and keeps it until Discord takes it. The turn clock itself does not stop: quiet hours change who is told when,
never how long a decision may wait.

The hours are kept in memory (read at start-up) so a move asks no query; the held news lives in
the database, so a restart still sends it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.core.quiet_hours import QuietHours, quiet_until, zone_info
from bot.core.timing import now
from storage import GameRecord
from storage import quiet as stored

if TYPE_CHECKING:
    from bot.core.store_holder import StoreHolder

log = logging.getLogger(__name__)

# What can be held: a decision that waits (a new turn, a reminder), a changed screen DM, the
# table asked at the turn limit, a game's end.
KINDS = ("turn", "screen", "ask", "ended")


class Quiet:
    def __init__(self, store_holder: StoreHolder) -> None:
        self.store_holder = store_holder
        self.hours: dict[int, QuietHours] = {}
        self._listeners: list = []

    @property
    def store(self):
        return self.store_holder.store

    async def load(self) -> None:
        found = await stored.all_hours(self.store)
        self.hours = {}
        for user, (start, end, zone) in found.items():
            if zone_info(zone) is None:
                # Said here, once a start, rather than by every move that asks about them.
                log.warning(
                    "member %d set quiet hours in the time zone %r, which this host cannot"
                    " load: they count as no quiet hours until the member sets them again",
                    user,
                    zone,
                )
                continue
            self.hours[user] = QuietHours(start, end, zone)

    def on_hold(self, listener) -> None:
        """`listener(due)`: news is held until `due` (the clock wakes then)."""
        self._listeners.append(listener)

    def until(self, user_id: int, at: float | None = None) -> float | None:
        """When the member's quiet hours end, if they are in them now (else None)."""
        return quiet_until(self.hours.get(user_id), now() if at is None else at)

    async def hold(self, user_id: int, record: GameRecord, kind: str) -> bool:
        """Hold one piece of news for the member if they are in their quiet hours now: True
        when it is held (the caller then neither DMs nor pings them). Nothing is held of a
        practice table played in the member's DMs (no server): it only answers what they do
        there, and its turn messages are DMs already."""
        assert kind in KINDS, kind
        due = self.until(user_id)
        if due is None or record.in_dms:
            return False
        await stored.hold(
            self.store, stored.Held(user_id, record.id, kind, record.guild_id or 0, due)
        )
        for listener in self._listeners:
            listener(due)
        return True

    async def choose(self, user_id: int, hours: QuietHours | None) -> bool:
        """Set (or with None, end) a member's quiet hours; what they held is due at the end of
        the new ones, or now. False: there were none to end."""
        if hours is None:
            if not await stored.clear_hours(self.store, user_id):
                return False
            self.hours.pop(user_id, None)
        else:
            await stored.set_hours(self.store, user_id, hours.start, hours.end, hours.zone)
            self.hours[user_id] = hours
        due = self.until(user_id) or now()
        await stored.move_due(self.store, user_id, due)
        for listener in self._listeners:
            listener(due)
        return True
