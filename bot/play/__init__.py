"""Playing: the move gate every move enters (clicks, typed moves, undo, AI, clock), and the
players' moves, private choices and screens, with their `/game` commands (play_commands).
May import: bot.core, bot.text, bot.discord_io.
"""
