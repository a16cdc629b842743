"""The engine states of the games played lately, so a move or an autocomplete does not parse the
stored JSON again.

Bounded: a bot hosting thousands of games would otherwise keep every state it ever touched
(about 14 KB each) for ever, and every full garbage collection would walk them all, stalling
every channel at once. The least recently used game leaves first; it is read back from the
database when next played.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

# Far more games than move at once on one bot; 512 states are about 7 MB.
DEFAULT_SIZE = 512


class StateCache:
    """game id -> (version, state), holding at most `size` games. Any other key and item work
    alike (the screen DMs keep where each DM is, and what it shows, in one)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, game_id: Hashable) -> Any:
        found = self._items.get(game_id)
        if found is not None:
            self._items.move_to_end(game_id)
        return found

    def __setitem__(self, game_id: Hashable, item: Any) -> None:
        self._items[game_id] = item
        self._items.move_to_end(game_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, game_id: Hashable, default: Any = None) -> Any:
        return self._items.pop(game_id, default)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._items
