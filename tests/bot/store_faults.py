"""A store that fails where a test says, for the bot's tests of what a player sees then."""

from __future__ import annotations

from storage import StorageError
from tests.bot.driver import text_of


def write_fails_once(monkeypatch, store) -> None:
    """The store's next `create_game` fails (a full disk, say); the one after works again."""
    write = type(store).create_game

    async def fails_once(self, *args, **kwargs):
        monkeypatch.setattr(type(store), "create_game", write)
        raise StorageError("the disk was full")

    monkeypatch.setattr(type(store), "create_game", fails_once)


def asked_to_try_again(result) -> bool:
    """Whether the command's answer is the polite "please try again" of a failure."""
    said = [text_of(m) for m in [result.response, *result.followups] if m]
    return any("please try again" in t for t in said)
