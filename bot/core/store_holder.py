"""The store the services share, opened at start-up.

The services are built with the bot, before the event loop runs; the store is opened (created or
migrated) when the bot starts and closed last when it stops. Each service keeps this holder and
reads `.store` when it works.
"""

from __future__ import annotations

from pathlib import Path

from storage import Store


class StoreHolder:
    def __init__(self, location: str | Path) -> None:
        # A file, or a URL (sqlite:///..., postgresql://...) that `Store.open` understands.
        self.location = (
            location if isinstance(location, str) and "://" in location else Path(location)
        )
        # None before start-up and after the close.
        self.store: Store | None = None

    async def open(self) -> Store:
        self.store = await Store.open(self.location)
        return self.store

    async def close(self) -> None:
        store, self.store = self.store, None
        if store is not None:
            await store.close()
