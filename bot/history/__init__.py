"""The past: a game's board, log, export and replay, the server's history and statistics, and
their `/game` commands (history_commands).
May import: bot.core, bot.text, bot.discord_io.
"""
