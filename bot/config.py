"""Settings from the environment and `.env`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = "data/malecon.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# GAME_REVIEWS' values: every ended game, practice games only, none.
REVIEWS = ("on", "practice", "off")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line for the person starting the bot."""


@dataclass(frozen=True)
class Config:
    token: str
    # A file (DATABASE_PATH, or DATABASE_URL as a path or sqlite:///path) or a postgresql:// URL.
    database_path: Path | str
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    # SHARD_COUNT and SHARD_IDS: this process runs those shards of that many (None: unsharded).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None
    # SYNC_COMMANDS=always: send the slash commands at every start, changed or not.
    force_sync: bool = False
    # GAME_REVIEWS: which ended games are analysed for `/game history review`. "practice" (the
    # default) reviews only practice tables, whose review is part of learning to play; "on"
    # every game (beside busy channels the analyses still slow live play, and their honesty
    # checks do not pass yet); "off" none.
    game_reviews: str = "practice"


def database() -> Path | str:
    """DATABASE_URL wins over DATABASE_PATH; a URL stays text, a path becomes a Path."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url.startswith(("postgresql://", "postgres://", "sqlite://")):
        return url
    if url:
        return Path(url)
    return Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)


def shard_ids(text: str, count: int) -> tuple[int, ...]:
    """ "0-3", "4,5,7" or "0-1,6" as shard ids, each below `count`."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ConfigError(f"SHARD_IDS must look like 0-3 or 0,2,5, not {text!r}.")
        ids.extend(range(int(low), int(high or low) + 1))
    if not ids or len(set(ids)) != len(ids) or max(ids) >= count:
        raise ConfigError(
            f"SHARD_IDS must name distinct shards from 0 to {count - 1} (SHARD_COUNT is {count}),"
            f" not {text!r}."
        )
    return tuple(ids)


def _number(name: str, low: int, high: int) -> int | None:
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or not low <= int(text) <= high:
        raise ConfigError(f"{name} must be a number from {low} to {high}, not {text!r}.")
    return int(text)


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
    count = _number("SHARD_COUNT", 1, 100_000)
    chosen = os.environ.get("SHARD_IDS", "").strip()
    if chosen and count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT: the total number of shards of the bot.")
    ids = None if count is None else shard_ids(chosen or f"0-{count - 1}", count)
    sync = os.environ.get("SYNC_COMMANDS", "").strip().lower() or "changed"
    if sync not in ("changed", "always"):
        raise ConfigError(
            f"SYNC_COMMANDS must be 'changed' (the default) or 'always', not {sync!r}."
        )
    reviews = os.environ.get("GAME_REVIEWS", "").strip().lower() or "practice"
    if reviews not in REVIEWS:
        raise ConfigError(
            f"GAME_REVIEWS must be 'practice' (the default), 'on' or 'off', not {reviews!r}."
        )
    return Config(
        token=token,
        database_path=database(),
        log_level=level,
        dev_guild_id=int(guild) if guild else None,
        shard_count=count,
        shard_ids=ids,
        metrics_port=_number("METRICS_PORT", 1, 65535),
        force_sync=sync == "always",
        game_reviews=reviews,
    )
