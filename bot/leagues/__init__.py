"""Leagues: seasons of Swiss rounds whose tables are games in threads of the league's channel;
the sign-up message, the rounds and their deadlines, the standings message and `/league`.
May import: bot.core, bot.text, bot.discord_io, bot.lobby, bot.seats, bot.settings.
"""
