"""Who plays a seat: the AI seats thinking in worker processes, resigning, handing a seat over,
coming back, the table's choice at the turn limit; their `/game` commands (seats_commands) and
buttons (components).
May import: bot.core, bot.text, bot.discord_io, bot.play.
"""
