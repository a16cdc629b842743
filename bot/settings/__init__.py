"""Settings: a table's reminders and turn limit, a player's muting and their games (`mine`),
the server's language, with their `/game` commands (commands).
May import: bot.core, bot.text, bot.discord_io.
"""
