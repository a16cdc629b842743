"""What the bot needs in a channel to host a game there, and what it lacks."""

from __future__ import annotations

import discord

# What the bot needs in a channel to host a game there: see it, post turn messages with the
# board picture, and read the history its buttons live in.
NEEDED_PERMISSIONS = (
    "view_channel",
    "send_messages",
    "attach_files",
    "embed_links",
    "read_message_history",
)


def missing_permissions(interaction: discord.Interaction, *, thread: bool = False) -> list[str]:
    have = interaction.app_permissions
    needed = list(NEEDED_PERMISSIONS)
    if thread or isinstance(interaction.channel, discord.Thread):
        needed[needed.index("send_messages")] = "send_messages_in_threads"
    if thread:
        needed.append("create_public_threads")
    return [name for name in needed if not getattr(have, name)]


# A practice table: a private thread of the channel, played in.
PRIVATE_THREAD_PERMISSIONS = (
    "view_channel",
    "create_private_threads",
    "send_messages_in_threads",
    "attach_files",
    "embed_links",
    "read_message_history",
)


def missing_for_private_thread(interaction: discord.Interaction) -> list[str]:
    have = interaction.app_permissions
    return [name for name in PRIVATE_THREAD_PERMISSIONS if not getattr(have, name)]
