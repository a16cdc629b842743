"""Hostile or careless input: names that look like Markdown or mentions, huge typed values, forged
or misplaced components, DMs. Each is answered politely and changes nothing."""

from __future__ import annotations

import random

from bot.text.i18n import escape
from tests.bot.driver import Table, custom_ids, press_payload, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.test_lobby import refused
from tests.bot.test_simultaneous import a_choice


def stored_bot_messages(env, channel):
    bot_id = env.bot.user.id
    return [
        m
        for m in env.backend.messages.get(channel.id, {}).values()
        if m.author_id == bot_id and not m.is_ephemeral
    ]


async def forged_press(env, actor, message, custom_id, values=None, *, channel=None, dm=False):
    """What a modified client could send: `custom_id` pressed on `message`, from anywhere."""
    from simcord.results import InteractionResult

    record, payload = press_payload(
        env, actor, message, custom_id, values, channel_id=channel.id if channel else None, dm=dm
    )
    # The message as the client claims it: carrying the component that was pressed.
    if values is None:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    else:
        options = [{"label": v, "value": v} for v in values]
        component = {"type": 3, "custom_id": custom_id, "options": options}
    payload["message"]["components"] = [{"type": 1, "components": [component]}]
    env._begin_operation("forged_press")
    try:
        env._notify_dispatch_observers(record)
        env.backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    return InteractionResult(env, record)


async def test_names_show_as_typed_and_never_ping(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    bystander = guild.add_member(simcord_env.create_user("bystander"))
    names = ["**ana**_x_", f"<@{bystander.id}> @everyone", "ben`~|>"]
    players = [guild.add_member(simcord_env.create_user(name)) for name in names]
    game = Table(simcord_env, channel, players, random.Random(2))
    # Players recognise themselves by their name as the bot shows it (escaped).
    game.named = lambda content: (
        [p for p in game.players if p.mention in content]
        or [p for p in game.players if f"**{escape(p.name)}**" in content]
    )
    await game.open("santiago", 3, open_holdings=True)
    for _ in range(25):
        await game.step()

    messages = stored_bot_messages(simcord_env, channel)
    assert len(messages) > 5
    player_ids = {p.id for p in players}
    for message in messages:
        assert not message.mention_everyone, text_of(message)
        assert set(message.ping_user_ids) <= player_ids, text_of(message)
        assert bystander.id not in message.ping_user_ids
    text = "\n".join(text_of(m) for m in messages)
    # Shown as typed: the Markdown characters are escaped, the mention is defused.
    assert r"\*\*ana\*\*\_x\_" in text
    assert "**ana**" not in text.replace(r"\*\*ana\*\*", "")
    assert f"<@{bystander.id}>" not in text


async def test_a_huge_typed_move_gets_the_polite_refusal(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await game.open("santiago", 2)
    cursor = simcord_env.error_cursor
    typed = "<@" + "9" * 5000 + "> **drive**"
    result = await ana.slash(channel, "game move", choice=typed)
    content = refused(result, "not one of your choices")
    assert len(content) < 2000
    assert "Sorry" not in content
    assert simcord_env.errors_since(cursor) == ()
    assert (await simcord_env.bot.store.by_channel(channel.id)).version == 0


async def test_components_act_only_in_their_own_channel(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    other = guild.create_text_channel("elsewhere")
    here = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await here.open("havana", 2)
    there = Table(simcord_env, other, [ana, cai], random.Random(2))
    await there.open("havana", 2)
    store = simcord_env.bot.store
    game_here = await store.by_channel(channel.id)
    turn = here.prompt_message()
    choose = next(i for i in custom_ids(turn) if i.startswith("mx:"))
    shown = answer(await ana.click(turn, custom_id=choose))
    move, values = a_choice(shown)

    # The same button pressed in another channel (where ana plays another game) does nothing.
    elsewhere = there.prompt_message()
    forged = await forged_press(simcord_env, ana, elsewhere, move, values, channel=other)
    refused(forged, "another channel")
    assert (await store.get(game_here.id)).version == game_here.version

    # From a direct message (where only a practice table played there answers): refused,
    # nothing changes.
    await ana.user.send_dm("hello")
    forged = await forged_press(simcord_env, ana, turn, move, values, dm=True)
    refused(forged, "another channel")
    assert (await store.get(game_here.id)).version == game_here.version

    # Ids no database holds: the polite "no game", not an error.
    cursor = simcord_env.error_cursor
    for custom_id in ("mc:" + "9" * 40 + ":0.0:pick:x", "sc:" + "9" * 30, "mx:0:0"):
        refused(await forged_press(simcord_env, ana, turn, custom_id), "no game")
    assert simcord_env.errors_since(cursor) == ()

    # The real button, where it belongs, still works.
    done = (
        await ana.click(shown, custom_id=move)
        if values is None
        else await ana.select(shown, values, custom_id=move)
    )
    assert "Done" in text_of(answer(done))
