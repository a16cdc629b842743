"""The game records a store read or wrote last, by channel, so a caller can answer from memory
what does not need the database's word (the choices offered while a player types a move).

Only this process's own reads and writes fill it, after they are committed, so it is never
ahead of the database; it may be behind a write made by another process on the same database.
A move never trusts it: the move's transaction checks the stored version and status itself.
"""

from __future__ import annotations

from collections import OrderedDict

from .records import GameRecord

OPEN = ("lobby", "active")
# One record per channel that plays; a record carries its state's JSON (a few kilobytes).
DEFAULT_SIZE = 512


class KnownRecords:
    """channel id -> the latest record seen of the channel's lobby or game in play."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[int, GameRecord] = OrderedDict()

    def seen(self, record: GameRecord) -> None:
        held = self._items.get(record.channel_id)
        if record.status not in OPEN and (held is None or held.id != record.id):
            # A past game of the channel (its board, its log) must not hide the one in play.
            return
        self._items[record.channel_id] = record
        self._items.move_to_end(record.channel_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def ended(self, channel_id: int) -> None:
        """The database says the channel has no lobby or game in play."""
        self._items.pop(channel_id, None)

    def of_channel(self, channel_id: int) -> GameRecord | None:
        """The channel's lobby or game in play as last seen; None if unknown or ended."""
        record = self._items.get(channel_id)
        if record is None or record.status not in OPEN:
            return None
        return record

    def __len__(self) -> int:
        return len(self._items)
