"""What goes out to Discord and comes back: the handler guard, restart-proof components (the
shared view and the move's buttons and menus; the table's others live with their concern),
pictures, the channel's turn messages (announce) and the players' DMs.
May import: bot.core, bot.text.
"""
