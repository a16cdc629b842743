"""The Discord layer, grouped by concern (each folder's `__init__` says what it may import):

    core/        tables (store, locks, state cache), refusals, metrics, now(), worker processes
    text/        catalogues and wording (i18n, locales, present)
    discord_io/  the handler guard, buttons and menus, pictures, turn messages, DMs
    play/        the move gate and the players' moves
    timers/      the turn clock: reminders, the turn limit; the quiet hours' digest
    seats/       AI seats, resigning, handing seats over
    settings/    table settings, muting, `/game mine`, the server's language
    lobby/       opening and starting a game, abandoning it
    history/     board, log, export, replay, history, statistics

At the top: `services` puts the services together, `game_group` is the `/game` tree,
`app` the bot, `__main__` the entry point.
"""

from __future__ import annotations


def create_bot(db_path, **kwargs):
    """The configured `commands.Bot`, not connected (see `bot.app.create_bot`)."""
    from bot.app import create_bot as _create

    return _create(db_path, **kwargs)


__all__ = ["create_bot"]
