"""Settings from the environment and `.env`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = "data/malecon.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line for the person starting the bot."""


@dataclass(frozen=True)
class Config:
    token: str
    # A file (DATABASE_PATH, or DATABASE_URL as a path or sqlite:///path) or a postgresql:// URL.
    database_path: Path | str
    log_level: str = "INFO"
    dev_guild_id: int | None = None


def database() -> Path | str:
    """DATABASE_URL wins over DATABASE_PATH; a URL stays text, a path becomes a Path."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url.startswith(("postgresql://", "postgres://", "sqlite://")):
        return url
    if url:
        return Path(url)
    return Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)


def load(env_file: str | os.PathLike | None = ".env") -> Config:
    if env_file is not None:
        load_dotenv(env_file, override=False)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token after "
            "DISCORD_TOKEN= (or export DISCORD_TOKEN in the environment)."
        )
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
    level = (os.environ.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    return Config(
        token=token,
        database_path=database(),
        log_level=level,
        dev_guild_id=int(guild) if guild else None,
    )
