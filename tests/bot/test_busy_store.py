"""Discord gives an interaction 3 seconds for its first answer. However long the store takes
(a busy file, a slow disk, every other channel's moves queued before this one), pressing
"Choose" or asking for the board or one's screen is acknowledged at once: the bot answers
"thinking" first and reads the game afterwards."""

from __future__ import annotations

import asyncio
import random

from tests.bot.driver import Table, components_of, custom_ids, text_of, to_discord_message


async def until_choose(env, channel, members) -> Table:
    game = Table(env, channel, members, random.Random(3))
    await game.open("havana", 2)
    for _ in range(40):
        if any(i.startswith("mx:") for i in custom_ids(game.prompt_message())):
            return game
        await game.step()
    raise AssertionError("no Choose button came")


def stored(env, channel, message_id: int):
    """A channel message as it is now."""
    return to_discord_message(env, env.backend.messages[channel.id][message_id])


async def while_store_busy(env, action):
    """Send an interaction while every query of the store waits, give the bot half a second to
    acknowledge it, then let the store go. Returns the result and whether it was acknowledged
    while the store was still busy."""

    async def sent_only(**_: object) -> None:
        return None  # SimCord's actors would otherwise wait for the bot to finish

    settle = env._settle_internal
    async with env.bot.store._lock:
        env._settle_internal = sent_only
        try:
            result = await action()
        finally:
            env._settle_internal = settle
        for _ in range(50):
            await asyncio.sleep(0.01)
            if result.acknowledged:
                break
        in_time = result.acknowledged
    await env.settle()
    return result, in_time


async def test_choose_board_and_screen_are_acknowledged_while_the_store_is_busy(simcord_env, table):
    guild, channel, (ana, ben, *_) = table
    game = await until_choose(simcord_env, channel, [ana, ben])
    prompt = game.prompt_message()
    player = game.named(text_of(prompt))[0]
    choose = next(i for i in custom_ids(prompt) if i.startswith("mx:"))

    shown, in_time = await while_store_busy(
        simcord_env, lambda: player.click(prompt, custom_id=choose)
    )
    assert in_time, "Choose waited for the store before acknowledging"
    # Once the store answers, the player's own choices arrive in that private answer.
    answer = shown.followups[-1] if shown.followups else shown.response
    assert answer.ephemeral and any(i.startswith(("mc:", "ms:")) for i in custom_ids(answer))

    for command in ("game board", "game screen"):
        result, in_time = await while_store_busy(
            simcord_env, lambda command=command: player.slash(channel, command)
        )
        assert in_time, f"/{command} waited for the store before acknowledging"
        answer = result.followups[-1] if result.followups else result.response
        assert result.ephemeral and answer.attachments, text_of(answer)


async def test_move_choices_are_offered_while_the_store_is_busy(simcord_env, table):
    """Discord drops an autocomplete answer that comes late: the choices offered while a
    player types `/game move` come from the game the bot holds, not from the store."""
    guild, channel, (ana, ben, *_) = table
    game = await until_choose(simcord_env, channel, [ana, ben])
    player = game.named(text_of(game.prompt_message()))[0]
    expected = await player.autocomplete(channel, "game move", "choice", "")
    assert expected
    async with simcord_env.bot.store._lock:
        offered = await asyncio.wait_for(
            player.autocomplete(channel, "game move", "choice", ""), timeout=2
        )
    assert offered == expected
    # After a move, the choices offered are the new decision's, still from memory.
    await game.step()
    now_deciding = game.named(text_of(game.prompt_message()))[0]
    fresh = await now_deciding.autocomplete(channel, "game move", "choice", "")
    async with simcord_env.bot.store._lock:
        offered = await asyncio.wait_for(
            now_deciding.autocomplete(channel, "game move", "choice", ""), timeout=2
        )
    assert offered == fresh


async def test_the_lobby_is_acknowledged_while_the_store_is_busy(simcord_env, table):
    """Opening a game, joining it and starting it: each is acknowledged before the store is
    asked, and done once the store answers."""
    guild, channel, (ana, ben, *_) = table
    opened, in_time = await while_store_busy(
        simcord_env, lambda: ana.slash(channel, "game new", game="santiago")
    )
    assert in_time, "/game new waited for the store before acknowledging"
    lobby = opened.response
    assert "Join" in [c.get("label") for c in components_of(lobby)]
    joined, in_time = await while_store_busy(simcord_env, lambda: ben.click(lobby, label="Join"))
    assert in_time, "Join waited for the store before acknowledging"
    lobby = stored(simcord_env, channel, lobby.id)
    assert "Players (2/4" in text_of(lobby)
    started, in_time = await while_store_busy(simcord_env, lambda: ana.click(lobby, label="Start"))
    assert in_time, "Start waited for the store before acknowledging"
    assert (await simcord_env.bot.store.by_channel(channel.id)).status == "active"
    assert not components_of(stored(simcord_env, channel, lobby.id)), "the lobby lost its buttons"
