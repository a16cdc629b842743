"""The past: a game's board, log, export and replay, the server's history and statistics.
May import: bot.core, bot.text, bot.discord_io.
"""
