"""Settings: a table's reminders and turn limit, a player's muting and their games (`mine`),
the server's language, a member's text boards (accessibility), with their `/game` commands
(settings_commands).
May import: bot.core, bot.text, bot.discord_io.
"""
