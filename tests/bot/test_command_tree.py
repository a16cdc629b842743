"""What Discord knows of the bot, kept exactly: the `/game` command tree as it is synced
(names, order, options, choices, descriptions and every translation; `/game` and every other
top-level command) and the custom ids its
buttons and menus answer to, so that commands players know and buttons on old messages keep
working whichever module declares them.

After a deliberate change of either, rewrite the record with
`python -m tests.bot.test_command_tree` and review its diff.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import discord
from discord import app_commands

RECORD = Path(__file__).with_name("command_tree.json")


async def synced() -> dict:
    from bot.app import COMPONENTS
    from bot.command_texts import CatalogueTranslator
    from bot.game_group import top_level_commands

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    game, *others = top_level_commands()
    payloads = []
    for command in (game, *others):
        tree.add_command(command)
        payloads.append(await command.get_translated_payload(tree, CatalogueTranslator()))
    templates = {item.__discord_ui_compiled_template__.pattern for item in COMPONENTS}
    return {"commands": payloads[0], "top_level": payloads[1:], "custom_ids": sorted(templates)}


async def test_the_command_tree_and_custom_ids_are_what_discord_knows():
    recorded = json.loads(RECORD.read_text())
    now = json.loads(json.dumps(await synced()))
    assert now["custom_ids"] == recorded["custom_ids"]
    assert now["commands"] == recorded["commands"]
    assert now["top_level"] == recorded["top_level"]


async def test_in_a_dm_only_mine_and_help_answer(simcord_env, table):
    """Wherever its commands are declared, the group answers in a DM only `mine` and `help`."""
    _, _, (ana, *_) = table
    refusal = "Games are played in server channels, not in direct messages."
    refused = ("game join", "game resign", "game history list", "game settings")
    for command in refused:
        result = await ana.user.slash(command)
        assert result.response.content == refusal and result.response.ephemeral
    # discord.py hands the refusal to the tree's error handler as an error, which SimCord records.
    errors = simcord_env.errors
    assert len(errors) == len(refused)
    assert all(isinstance(e, app_commands.NoPrivateMessage) for e in errors)
    for command in ("game mine", "game help"):
        result = await ana.user.slash(command)
        said = (result.followups[-1] if result.followups else result.response).content
        assert said and said != refusal


if __name__ == "__main__":
    RECORD.write_text(json.dumps(asyncio.run(synced()), indent=1, ensure_ascii=False) + "\n")
