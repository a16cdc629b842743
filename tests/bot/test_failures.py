"""When Discord fails after a move is saved, the player hears the truth and the game goes on."""

from __future__ import annotations

import logging
import random

import discord

from bot.discord_io import pictures
from tests.bot.driver import Table, components_of, custom_ids, private_answer, text_of
from tests.bot.test_game_threads import game_in_thread
from tests.bot.test_lobby import refused

MISSING_PERMISSIONS = {"status": 403, "code": 50013, "message": "Missing Permissions"}


def answer_texts(result):
    return [text_of(m) for m in [result.response, *result.followups] if m is not None]


async def choose_and_move(game):
    """The decider makes one move: a button or menu on the turn message, or "Choose" and then
    one of their private choices. Returns the player and the result of the move itself."""
    message = game.prompt_message()
    player = game.named(text_of(message))[0]
    ids = custom_ids(message)
    if any(i.startswith("mx:") for i in ids):
        shown = await player.click(message, label="Choose")
        message = private_answer(shown)
    comps = components_of(message)
    button = next(c for c in comps if c.get("custom_id", "").startswith(("mc:", "ms:")))
    if button["custom_id"].startswith("mc:"):
        return player, await player.click(message, custom_id=button["custom_id"])
    values = [o["value"] for o in button["options"][: button.get("max_values", 1)]]
    return player, await player.select(message, values, custom_id=button["custom_id"])


async def test_a_click_is_posted_through_its_own_interaction_when_the_channel_refuses(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await game.open("santiago", 2)
    # The bot may not write in the channel any more (its turn message, new or edited)...
    simcord_env.inject_error(
        "*", f"/channels/{channel.id}/messages*", times=None, **MISSING_PERMISSIONS
    )
    # ...but a person's move is posted as their interaction's follow-up, which needs no
    # permission in the channel: the table still sees every move a person makes.
    for _ in range(6):
        posts = len(channel.history())
        player, result = await choose_and_move(game)
        texts = "\n".join(answer_texts(result))
        assert "Done" in texts and "Your move is saved" not in texts, texts
        if len(channel.history()) > posts:
            break
    else:
        raise AssertionError("no move needed a new message")
    posted = channel.history()[-1]
    decider = game.named(text_of(posted))
    assert decider and decider[0].mention in text_of(posted)
    assert simcord_env.bot.services.announcer.unposted == {}


async def test_a_saved_move_is_reported_as_saved_and_posted_later(simcord_env, table, caplog):
    guild, channel, (ana, ben, cai, dee) = table
    # In a thread the bot posts through the channel (that is how it reopens an archived one),
    # so a lost permission there stops the turn message of a person's move too.
    channel, game = await game_in_thread(simcord_env, channel, (ana, ben), "santiago")
    store = simcord_env.bot.store
    before = (await store.by_channel(channel.id)).version
    posts_before = len(channel.history())
    # The bot may not write in the thread any more (its turn message, new or edited).
    simcord_env.inject_error(
        "*", f"/channels/{channel.id}/messages*", times=None, **MISSING_PERMISSIONS
    )
    caplog.set_level(logging.WARNING, logger="bot")
    player, result = await choose_and_move(game)
    texts = "\n".join(answer_texts(result))
    assert "Your move is saved" in texts and "permissions" in texts, texts
    assert "Nothing was changed" not in texts
    after = await store.by_channel(channel.id)
    assert after.version > before
    assert len(channel.history()) == posts_before, "nothing could be posted"

    # Any interaction in the channel tries again; the first retry fails too, quietly.
    await cai.slash(channel, "game help")
    assert len(channel.history()) == posts_before
    # The permissions are back: the next interaction posts the missing turn message.
    simcord_env.backend.faults.clear()
    board = await cai.slash(channel, "game board")
    assert board.ephemeral
    posted = channel.history()[-1]
    assert len(channel.history()) == posts_before + 1
    decider = game.named(text_of(posted))
    assert decider and decider[0].mention in text_of(posted)
    record = await simcord_env.bot.store.by_channel(channel.id)
    assert [a.filename for a in posted.attachments] == [pictures.board_file(record.version)]
    warnings = [r for r in caplog.records if "could not post" in r.getMessage()]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    # And play goes on from it.
    await game.step()
    assert (await store.by_channel(channel.id)).version > after.version


async def test_the_missing_message_is_posted_after_a_restart(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    # In a thread, where the bot posts through the channel (see above).
    channel, game = await game_in_thread(simcord_env, channel, (ana, ben))
    count = len(channel.history())
    simcord_env.inject_error(
        "*", f"/channels/{channel.id}/messages*", times=None, **MISSING_PERMISSIONS
    )
    # A choice that leaves others choosing edits the turn message through the press (an
    # interaction's answer, which the channel's permissions do not stop); the move that needs a
    # new message is the one that fails.
    for _ in range(8):
        _, result = await choose_and_move(game)
        if "Your move is saved" in "\n".join(answer_texts(result)):
            break
    else:
        raise AssertionError("no move needed a new message")
    simcord_env.backend.faults.clear()
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(3)))
    assert len(channel.history()) == count
    await cai.slash(channel, "game help")
    assert len(channel.history()) == count + 1
    assert "Havana" in text_of(channel.history()[-1])


async def test_a_failing_dm_does_not_fail_the_move(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(1))
    await game.open("santiago", 2)
    # Sending and editing direct messages fails for the rest of the test (a Discord outage).
    for member in (ana, ben):
        dm = member.user.dm_channel
        simcord_env.inject_error("*", f"/channels/{dm.id}/messages*", status=503, times=None)
    cursor = simcord_env.error_cursor
    for _ in range(6):
        player, result = await choose_and_move(game)
        texts = "\n".join(answer_texts(result))
        assert "Done" in texts and "wrong" not in texts, texts
    assert simcord_env.errors_since(cursor) == ()


async def test_a_channel_without_the_bots_permissions_gets_no_game(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    bot_member = guild.me
    locked = guild.create_text_channel(
        "no-pictures", overwrites={bot_member: discord.PermissionOverwrite(attach_files=False)}
    )
    result = await ana.slash(locked, "game new", game="santiago")
    content = refused(result, "Attach Files")
    assert "Send Messages" not in content
    assert await simcord_env.bot.store.by_channel(locked.id) is None
