"""`/game board text:True`: the picture, and the board as text beside it."""

from __future__ import annotations

import random

from tests.bot.driver import Table, text_of


async def test_the_board_with_text_gives_the_picture_and_the_text(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(2))
    await game.open("havana", 2)
    for _ in range(3):
        await game.step()
    result = await ben.slash(channel, "game board", text=True)
    said = [m for m in [result.response, *result.followups] if m is not None]
    assert all(m.ephemeral for m in said)
    pictures = [a.filename for m in said for a in m.attachments]
    assert pictures == ["board.png"], [(text_of(m)[:80], m.attachments) for m in said]
    words = "\n".join(text_of(m) for m in said)
    assert "## " in words and "### " in words, "the board as text comes too"
