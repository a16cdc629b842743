"""Taking back a misclick: the Undo button and /game undo, inside and at the edge of the window."""

from __future__ import annotations

import random

from tests.bot.driver import Table, components_of, custom_ids, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.test_lobby import refused


async def drive_once(env, game):
    """Play until the car must be driven, then drive it with a button on the turn message."""
    for _ in range(40):
        message = game.prompt_message()
        drives = [i for i in custom_ids(message) if i.startswith("mc:") and ":drive:" in i]
        if drives:
            player = game.named(text_of(message))[0]
            return player, await player.click(message, custom_id=drives[-1])
        await game.step()
    raise AssertionError("nobody had to drive")


async def test_a_drive_is_taken_back_and_the_log_stays_exact(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(6))
    await game.open("santiago", 2, open_holdings=True)
    store = simcord_env.bot.store
    player, drove = await drive_once(simcord_env, game)
    record = await store.by_channel(channel.id)
    before = record.state_json
    private = answer(drove)
    assert private.ephemeral and "Undo" in [c.get("label") for c in components_of(private)]
    undone = await player.click(private, label="Undo")
    assert "You took back" in text_of(answer(undone))
    after = await store.by_channel(channel.id)
    rows = await store.actions(after.id)
    assert rows[-1].code == "undo" and after.version == record.version + 1
    # The game is where it was before the drive: the same decision, for the same player.
    import games

    engine = games.get("santiago")
    replay = games.Replay(
        "santiago", 2, after.seed, after.options, [(r.seat, r.code) for r in rows[:-2]]
    )
    assert engine.to_json(after.state()) == engine.to_json(games.replay(replay)[0])
    assert any("takes back their last decision" in text_of(m) for m in channel.history())
    assert before != after.state_json
    # Nothing more of theirs to take back now.
    refused(await player.slash(channel, "game undo"), "nothing")
    # And the other player cannot take back somebody else's decision.
    other = ben if player is ana else ana
    refused(await other.slash(channel, "game undo"), "cannot be taken back")
