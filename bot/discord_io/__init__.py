"""What goes out to Discord and comes back: the handler guard, restart-proof buttons and menus,
pictures, the channel's turn messages (announce) and the players' DMs.
May import: bot.core, bot.text.
"""
