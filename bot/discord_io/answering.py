"""An interaction's own answer: the "thinking..." answer deferred and filled in, the answer
itself, whether its move was saved, and whether a follow-up of it is a message of its own.
The guard answers through these, and so does whatever posts a follow-up of a move
(`channel_posts.py`), which needs nothing else of the guard."""

from __future__ import annotations

from typing import Any

import discord


def came_from_private(interaction: discord.Interaction) -> bool:
    """Was the component pressed on a private (ephemeral) answer?"""
    return bool(interaction.message and interaction.message.flags.ephemeral)


# `interaction.extras` keys: how a "thinking..." answer was deferred (True: only the user sees
# it), whether Discord confirmed it filled in, and whether the interaction's move was saved.
THINKING = "malecon.thinking"
FILLED = "malecon.filled"
SAVED = "malecon.saved"


async def think(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Defer with a "thinking..." answer that `answer` will fill in."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    interaction.extras[THINKING] = ephemeral


async def answer(
    interaction: discord.Interaction,
    content: str,
    *,
    view=None,
    files: list[discord.File] | tuple = (),
    ephemeral: bool = True,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Answer an interaction: a deferred "thinking..." answer of the same visibility is edited
    into the answer (what Discord and discord.py advise: a follow-up would be a second message
    once it is filled), anything after it is a follow-up, and an interaction not yet
    acknowledged gets its response."""
    mentions = allowed_mentions or discord.AllowedMentions.none()
    options: dict[str, Any] = {"allowed_mentions": mentions}
    if view is not None:
        options["view"] = view
    if not interaction.response.is_done():
        await interaction.response.send_message(
            content, files=list(files), ephemeral=ephemeral, **options
        )
    elif interaction.extras.get(THINKING) is ephemeral and not interaction.extras.get(FILLED):
        await interaction.edit_original_response(
            content=content, attachments=list(files), **options
        )
        # Only once Discord said so: until then a follow-up would fill the "thinking..."
        # answer instead of being a message of its own (see `followable`).
        interaction.extras[FILLED] = True
    else:
        await interaction.followup.send(content, files=list(files), ephemeral=ephemeral, **options)


def saved(interaction: discord.Interaction) -> None:
    """The interaction's move is saved: whatever fails from here on, the user is told so."""
    interaction.extras[SAVED] = True


def followable(interaction: discord.Interaction) -> bool:
    """Is a follow-up of `interaction` a new message of its own? Not while a "thinking..."
    answer is unfilled, or filled with no word from Discord: the first follow-up would become
    that answer, seen by the user alone and pinging nobody."""
    if not interaction.response.is_done():
        return False
    # Read from the response itself, so a "thinking..." deferred without `think` counts too.
    thinking = interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    return not thinking or interaction.extras.get(FILLED) is True
