"""`python -m bot`: start the bot with the settings from `.env`."""

from __future__ import annotations

import asyncio
import sys

from bot.config import ConfigError, load
from bot.logs import configure as configure_logging


async def _check_database(path) -> None:
    from storage import Store

    store = await Store.open(path)
    await store.close()


def main() -> int:
    try:
        config = load()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    import aiohttp
    import discord

    from bot.app import create_bot
    from storage import StorageError

    configure_logging(config.log_level, secrets=(config.token,))
    try:
        # Create or migrate the database before connecting: a bad or unwritable file (or folder)
        # stops here, clearly.
        asyncio.run(_check_database(config.database_path))
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 2
    from bot.core import metrics

    metrics.serve(config.metrics_port)
    bot = create_bot(
        config.database_path,
        sync_guild_id=config.dev_guild_id,
        shard_count=config.shard_count,
        shard_ids=config.shard_ids,
        force_sync=config.force_sync,
        # Ended games are queued either way, so turning it on later reviews them.
        reviews=config.game_reviews,
    )
    try:
        # log_handler=None: our logging (configured above) already hides tokens.
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN: copy the bot token again from the developer portal "
            "(Application > Bot > Reset Token) into .env.",
            file=sys.stderr,
        )
        return 2
    except (OSError, aiohttp.ClientError) as exc:
        print(
            f"Cannot reach Discord ({type(exc).__name__}); check the network and try again.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
