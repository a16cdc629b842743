"""The Discord layer: slash commands, buttons and menus, DMs, turn notices."""
