"""Opening a game: the lobby (join, leave, AI seats, settings, start) and abandoning a game.
May import: bot.core, bot.text, bot.discord_io, bot.play, bot.seats, bot.settings.
"""
