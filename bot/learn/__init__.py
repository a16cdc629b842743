"""Learning to play: `/learn` and the member's practice table (one member against the AI, in a
private thread, unrated and kept out of the server's history), with its top-level command
(learn_commands).
May import: bot.core, bot.text, bot.discord_io, bot.play, bot.seats, bot.settings, bot.lobby.
"""
