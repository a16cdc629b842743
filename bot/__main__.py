"""`python -m bot`: start the bot with the settings from `.env`."""

from __future__ import annotations

import logging
import sys

from .config import ConfigError, load


def main() -> int:
    try:
        config = load()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    import discord

    from .app import create_bot

    logging.basicConfig(
        level=config.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config.database_path.parent.mkdir(parents=True, exist_ok=True)
    bot = create_bot(config.database_path, sync_guild_id=config.dev_guild_id)
    try:
        # log_handler=None: our logging is configured above; discord.py never logs the token.
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal "
            "(Application > Bot > Reset Token) into .env.",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
