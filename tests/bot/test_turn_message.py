"""The turn message as a player reads it: the picture above the prompt never names somebody who
is not deciding, one header and one prompt per message, one language after `/game language`,
and the same order in both games (text, picture, buttons in one message)."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.driver import Table

MOVE = re.compile(r"\bmove (\d+)\b")


def newest_picture(env, channel):
    """The newest channel message of the bot with a picture, as Discord stores it."""
    bot_id = env.bot.user.id
    stored = env.backend.messages.get(channel.id, {})
    for message in reversed(list(stored.values())):
        if message.author_id == bot_id and not message.is_ephemeral and message.attachments:
            return message
    return None


def attachment_field(attachment, name):
    return attachment.get(name) if isinstance(attachment, dict) else getattr(attachment, name)


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_the_newest_picture_names_nobody_and_says_after_which_move(simcord_env, table, kind):
    guild, channel, members = table
    game = Table(simcord_env, channel, members, random.Random(23), typed=0.0)
    await game.open(kind, 3)
    store = simcord_env.bot.store
    names = [m.name for m in game.players]
    checked = 0
    while not game.finished() and game.moves < 400:
        await game.step()
        record = await store.by_channel(channel.id)
        if record is None:
            break
        message = newest_picture(simcord_env, channel)
        assert message is not None
        (board,) = [
            a for a in message.attachments if attachment_field(a, "filename") == "board.png"
        ]
        alt = attachment_field(board, "description")
        assert alt, "the board picture has alt text"
        assert not [n for n in names if re.search(rf"\b{re.escape(n)}\b", alt)], alt
        assert "Now:" not in alt
        drawn_after = MOVE.search(alt)
        assert drawn_after is not None, alt
        assert int(drawn_after[1]) <= record.version, (alt, record.version)
        checked += 1
    assert checked > 30
