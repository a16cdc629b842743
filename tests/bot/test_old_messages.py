"""Old turn messages on the real Discord: it refuses most edits of messages older than an hour
(30046), so a turn must lose its buttons while its message is young or through the click that
ends it, and a game with hours between moves must go on with no live buttons left behind."""

from __future__ import annotations

import random

import discord
import pytest

from tests.bot.driver import Table, custom_ids, text_of
from tests.bot.faults import Request, Rule, old_edits

MOVE_PREFIXES = ("mc:", "ms:", "mx:")
HOUR = 3600.0


def old_patches(into: list) -> Rule:
    """Lets everything pass and notes each edit of a channel message older than an hour."""

    def note(request: Request):
        segments = request.segments
        if len(segments) == 4 and segments[2] == "messages":
            sent = discord.utils.snowflake_time(int(segments[3]))
            if (request.faults.env.now() - sent).total_seconds() > HOUR:
                into.append(request.path)
        return None

    return Rule("PATCH", "/channels/*/messages/*", note)


def live_buttons(env, channel) -> list[int]:
    """The bot's channel messages that still carry move components, oldest first."""
    bot_id = env.bot.user.id
    from simcord.results import to_discord_message

    found = []
    for stored in env.backend.messages.get(channel.id, {}).values():
        if stored.author_id != bot_id or stored.is_ephemeral:
            continue
        message = to_discord_message(env, stored)
        if any(i.startswith(MOVE_PREFIXES) for i in custom_ids(message)):
            found.append(message.id)
    return found


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_hours_between_moves_leave_no_live_buttons_and_few_old_edits(
    simcord_env, table, faults, kind
):
    guild, channel, members = table
    patched: list[str] = []
    faults.add(old_patches(patched), old_edits())
    game = Table(simcord_env, channel, members, random.Random(11), typed=0.0)
    await game.open(kind, 3)
    store = simcord_env.bot.store
    while game.moves < 30 and not game.finished():
        await simcord_env.advance_time(100 * 60)
        await game.step()
        record = await store.by_channel(channel.id)
        live = live_buttons(simcord_env, channel)
        # Only the newest turn message may be pressed for a move.
        assert len(live) <= 1, live
        if live:
            assert live[0] == game.prompt_message().id
    assert game.moves >= 30
    # No move lost: every move made is in the store (the turn limit did not play for anybody:
    # a player always moved before it).
    assert record.version == game.moves
    # Every turn here is ended by a press (on the turn message, or on the private answer of its
    # "Choose"), which edits the turn message itself: the bot never edits the game's old
    # channel messages. (A typed move or the clock ending a turn leaves one refused edit, see
    # below; the private screens by DM are edited, or posted anew when refused, elsewhere.)
    assert [p for p in patched if p.startswith(f"/channels/{channel.id}/")] == []


async def test_an_old_turn_message_refusing_edits_is_replaced_and_its_buttons_are_harmless(
    simcord_env, table, faults
):
    guild, channel, members = table
    faults.add(old_edits())
    game = Table(simcord_env, channel, members, random.Random(4), typed=0.0)
    await game.open("santiago", 3)
    store = simcord_env.bot.store
    while not any(i.startswith("mc:") for i in custom_ids(game.prompt_message())):
        await game.step()
    old = game.prompt_message()
    await simcord_env.advance_time(100 * 60)
    # A typed move ends (or goes on with) the turn of a message older than an hour: Discord
    # refuses to edit it; the bot posts the next prompt in a new message and the game goes on.
    before = (await store.by_channel(channel.id)).version
    await game.typed_move(game.named(text_of(old))[0])
    assert (await store.by_channel(channel.id)).version == before + 1
    refused = [r for r in faults.refused if r[2] == f"/channels/{channel.id}/messages/{old.id}"]
    assert refused and all(status == 400 for *_, status in refused)
    newest = game.prompt_message()
    assert newest.id != old.id
    # The old message kept its buttons: a press there is answered privately, changes nothing,
    # and links to the newest turn message.
    shown = [m.id for m in channel.history()]
    button = next(i for i in custom_ids(old) if i.startswith("mc:"))
    result = await game.named(text_of(old))[0].click(old, custom_id=button)
    answer = result.followups[-1] if result.followups else result.response
    assert answer.ephemeral and "outdated" in text_of(answer), text_of(answer)
    assert f"/{channel.id}/{newest.id}" in text_of(answer)
    assert (await store.by_channel(channel.id)).version == before + 1
    assert [m.id for m in channel.history()] == shown
    # And the game goes on from the newest message.
    await game.step()
    assert (await store.by_channel(channel.id)).version == before + 2


async def test_a_deleted_turn_message_is_posted_anew(simcord_env, table, faults):
    """A moderator deleted the turn message: editing it fails (10008), and the next move's
    prompt is a new message, the only one with live buttons."""
    guild, channel, members = table
    game = Table(simcord_env, channel, members, random.Random(4), typed=0.0)
    await game.open("santiago", 3)
    store = simcord_env.bot.store
    for _ in range(4):
        old = game.prompt_message()
        simcord_env.backend.delete_message(channel.id, old.id)
        before = (await store.by_channel(channel.id)).version
        await game.typed_move(game.named(text_of(old))[0])
        assert (await store.by_channel(channel.id)).version == before + 1
        assert game.prompt_message() is not None
        assert live_buttons(simcord_env, channel) == [game.prompt_message().id]


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_a_superseded_turn_message_loses_its_buttons_once_discord_lets_it(
    simcord_env, table, faults, kind
):
    """Typed moves 100 minutes apart: the turn message they end is edited through the channel,
    and Discord refuses the first edits of old messages ("try again later", 30046). A refused
    strip is tried again until it goes through: no superseded message keeps live buttons for
    longer than the outbox's waits, and only the newest has them."""
    guild, channel, members = table
    refusing = faults.add(old_edits())
    refusing.times = 4
    game = Table(simcord_env, channel, members[:3], random.Random(6), typed=1.0)
    await game.open(kind, 3)
    store = simcord_env.bot.store
    while game.moves < 25 and not game.finished():
        await simcord_env.advance_time(100 * 60)
        assert len(live_buttons(simcord_env, channel)) <= 1, live_buttons(simcord_env, channel)
        await game.step()
    assert refusing.answered == 4, "Discord refused old edits"
    await simcord_env.advance_time(100 * 60)
    assert len(live_buttons(simcord_env, channel)) <= 1
    assert await store.deliveries() == []
