"""The Discord layer: slash commands, buttons and menus, DMs, turn notices."""

from __future__ import annotations


def create_bot(db_path, **kwargs):
    """The configured `commands.Bot`, not connected (see `bot.app.create_bot`)."""
    from .app import create_bot as _create

    return _create(db_path, **kwargs)


__all__ = ["create_bot"]
