"""Hidden information never reaches the channel: pictures are public boards, texts hold no screen."""

from __future__ import annotations

import random
import re

import pytest

import games
import render
from tests.bot.driver import Table, text_of

PRIVATE_WORDS = ("Pesos:", "Hand:", "Discard pile:", "Face-down cards:", "Your screen")
# A player's means beside their decision, said in their private answers alone.
MEANS = re.compile(r"You have \d+ pesos?\b|Your (goods|hand|discard pile): ")


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_channel_pictures_are_public_boards_and_texts_hold_no_screen(
    simcord_env, table, kind
):
    guild, channel, members = table
    game = Table(simcord_env, channel, members, random.Random(11))
    await game.open(kind, 3)
    for _ in range(45):
        if game.finished():
            break
        await game.step()

    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    rows = await store.actions(record.id)
    replay = games.Replay(
        kind, len(record.seats), record.seed, record.options, [(r.seat, r.code) for r in rows]
    )
    states = list(games.replay_states(replay))
    engine = games.get(kind)
    names = [s.name for s in record.seats]
    bot_id = simcord_env.bot.user.id

    screens = set()
    for member in game.players:
        for message in member.user.dm_channel.history():
            for attachment in message.attachments:
                screens.add(await attachment.read())
    assert screens, "players got their screens by DM"

    # Every channel picture is, byte for byte, the board of a public view of this game.
    # (Each drawn after the moves played so far, which it names.)
    public_boards = {
        render.board_png(engine.public_view(state), names, None, move)
        for move, state in enumerate(states)
    }
    boards = 0
    for message in channel.history():
        if message.author.id != bot_id:
            continue
        for word in PRIVATE_WORDS:
            assert word not in message.content, message.content
        assert not MEANS.search(text_of(message)), text_of(message)
        for attachment in message.attachments:
            data = await attachment.read()
            assert data not in screens
            assert attachment.filename == "board.png"
            assert data in public_boards
            boards += 1
    assert boards >= 3
    # The means were said, privately, to the players who decided.
    stored = simcord_env.backend.messages.get(channel.id, {}).values()
    assert any(m.is_ephemeral and MEANS.search(m.content or "") for m in stored)
