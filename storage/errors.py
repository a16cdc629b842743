"""The errors of the storage layer. Each message is a sentence that names the game when there is one."""

from __future__ import annotations


class StorageError(Exception):
    """Base of every storage error."""


class ChannelBusy(StorageError):
    """The channel already has a lobby or an active game (enforced by a partial unique index)."""


class VersionConflict(StorageError):
    """The write was computed from an old version: another move got there first. Nothing was written."""


class GameNotFound(StorageError):
    """No game has this id."""


class CorruptGame(StorageError):
    """A stored game that cannot be read back (state JSON that no longer parses, unknown kind...)."""

    def __init__(self, message: str, game_id: int | None = None):
        super().__init__(message)
        self.game_id = game_id


class AlreadyStored(StorageError):
    """An import of a game the database already holds: it would count twice in the history and
    the ratings. Nothing was written."""

    def __init__(self, message: str, game_id: int):
        super().__init__(message)
        self.game_id = game_id


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot; it is left untouched."""


class NotADatabase(StorageError):
    """The file is damaged or belongs to another application; it is left untouched."""
