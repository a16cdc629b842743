"""Opening a game: the lobby (join, leave, AI seats, settings, start) and abandoning a game,
with their `/game` commands (lobby_commands, new_command) and the lobby's buttons and menus
(components).
May import: bot.core, bot.text, bot.discord_io, bot.play, bot.seats, bot.settings.
"""
