"""SQLite storage: games, seats, the append-only action log and the bot's notes.

store = await Store.open("data/malecon.sqlite3")
record = await store.create_game(guild_id=1, channel_id=2, kind="santiago", options={},
                                 creator_id=3, creator_name="Ana")
result = await start_game(store, record.id, seed=42)
result = await apply_move(store, record.id, seat, code, expected_version=result.record.version)
"""

from .errors import (
    AlreadyStored,
    ChannelBusy,
    CorruptGame,
    GameNotFound,
    NotADatabase,
    SchemaTooNew,
    StorageError,
    VersionConflict,
)
from .exchange import EXPORT_FORMAT
from .migrations import LATEST as SCHEMA_VERSION
from .play import MoveResult, apply_move, start_game
from .records import ActionRow, Delivery, GameRecord, GameSummary, Seat
from .store import Store

__all__ = [
    "EXPORT_FORMAT",
    "SCHEMA_VERSION",
    "ActionRow",
    "AlreadyStored",
    "ChannelBusy",
    "Delivery",
    "CorruptGame",
    "GameNotFound",
    "GameRecord",
    "GameSummary",
    "MoveResult",
    "NotADatabase",
    "SchemaTooNew",
    "Seat",
    "StorageError",
    "Store",
    "VersionConflict",
    "apply_move",
    "start_game",
]
