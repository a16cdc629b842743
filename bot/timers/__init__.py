"""What runs on timers: the turn clock (reminders, the table's choice at the turn limit, the AI stepping in when a
decision waited too long), the one DM when a member's quiet hours end (digest), the buttons
of the table's question (components).
May import: bot.core, bot.text, bot.discord_io.
"""
