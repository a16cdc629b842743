"""Sync the slash commands with Discord only when they changed.

Discord rate-limits creating commands per application and day, and a bot restarted often (a
crash loop, a deploy per commit) would spend that budget sending the same tree again. The
payload discord.py would send is hashed and kept in the store; a start sends it only when the
hash differs, or when the operator forces it (`SYNC_COMMANDS=always`).
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

if TYPE_CHECKING:
    from storage import Store

log = logging.getLogger(__name__)


async def payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> list:
    """What `tree.sync(guild=guild)` sends, built the same way."""
    commands = tree._get_all_commands(guild=guild)
    translator = tree.translator
    if translator:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


def digest(body: list) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree,
    application_id: int | None,
    store: Store,
    guild: discord.abc.Snowflake | None = None,
    *,
    force: bool = False,
) -> bool:
    """Sync the commands of `guild` (None: the global ones) when they differ from the last sync
    of this application; True when they were sent."""
    scope = "global" if guild is None else str(guild.id)
    key = f"commands:{application_id}:{scope}"
    wanted = digest(await payload(tree, guild))
    if not force and await store.fact(key) == wanted:
        log.info("slash commands unchanged (%s): not synced", scope)
        return False
    await tree.sync(guild=guild)
    await store.set_fact(key, wanted)
    log.info("slash commands synced (%s)", scope)
    return True
