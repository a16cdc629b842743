"""Screen DMs on a busy table: a screen that changes again before its DM went out gets one
DM with the newest figures and every private line, a DM follows its channel message, and a DM
whose picture would not change keeps the one it has."""

from __future__ import annotations

import asyncio
import random
import time

import games
import render
from bot.core.published import Published
from bot.discord_io.screen_dms import private_part
from bot.text import present
from tests.bot.driver import Table


def changes_of_seat(engine, state, seat: int, count: int, rng: random.Random):
    """Play on with the rules alone until `seat`'s screen has changed `count` times: each change
    as (state before, state after, the events between)."""
    changes, start, events = [], state, []
    while len(changes) < count:
        decisions = engine.pending(state)
        assert decisions, "the game ended first"
        mover = rng.choice([d.seat for d in decisions])
        code = rng.choice(engine.legal_actions(state, mover)).code
        state, happened = engine.apply(state, mover, code)
        events += happened
        if private_part(engine.player_view(state, seat)) != private_part(
            engine.player_view(start, seat)
        ):
            changes.append((start, state, events))
            start, events = state, []
    return changes


def dm_requests(env, member):
    dm = env.backend.dm_channels.get(member.id)
    return [r for r in env.http_requests if dm is not None and f"/channels/{dm}/messages" in r.path]


def newest_dm(env, member):
    dm = env.backend.dm_channels[member.id]
    return list(env.backend.messages[dm].values())[-1]


async def delivered(env):
    """Wait for the DMs (queued here, outside the bot's own interactions, where SimCord's
    settling does not wait for them)."""
    await env.bot.services.mail.idle()
    await env.settle()


async def havana_table(env, table):
    guild, channel, members = table
    game = Table(env, channel, members[:3], random.Random(3))
    await game.open("havana", 3)
    bot = env.bot
    record = await bot.store.by_channel(channel.id)
    return bot, record, bot.services.tables.state_of(record), members[0]


async def test_two_changes_before_the_dm_is_drawn_give_one_dm_with_the_newest_screen(
    simcord_env, table
):
    bot, record, state, ana = await havana_table(simcord_env, table)
    engine = games.get("havana")
    changes = changes_of_seat(engine, state, 0, 4, random.Random(1))
    told = [e for _, _, events in changes for e in events if e.only_for == 0]
    assert told, "the rules told the seat something alone"
    sent_before = len(dm_requests(simcord_env, ana))

    loop = asyncio.get_running_loop()
    announced = [loop.create_future() for _ in changes]
    for (before, after, events), done in zip(changes, announced, strict=True):
        bot.services.mail.queue(Published(record, after, events, before=before), done)
    for done in announced:
        done.set_result(None)
    await delivered(simcord_env)

    assert len(dm_requests(simcord_env, ana)) == sent_before + 1, "one DM, not one per change"
    dm = newest_dm(simcord_env, ana)
    newest = engine.player_view(changes[-1][1], 0)
    assert present.figures("en", "havana", newest) in dm.content
    names = present.seat_names(record, "en")
    for line in present.private_events("en", told, 0, names):
        assert line in dm.content, "nothing told is dropped"
    assert len(dm.attachments) == 1


async def test_a_change_while_a_dm_waits_for_its_channel_message_ends_on_the_newest_screen(
    simcord_env, table
):
    bot, record, state, ana = await havana_table(simcord_env, table)
    engine = games.get("havana")
    (b1, a1, e1), (b2, a2, e2) = changes_of_seat(engine, state, 0, 2, random.Random(2))
    sent_before = len(dm_requests(simcord_env, ana))
    loop = asyncio.get_running_loop()
    first, second = loop.create_future(), loop.create_future()

    bot.services.mail.queue(Published(record, a1, e1, before=b1), first)
    # Time enough (real time: the picture workers are processes) to draw the screen.
    await asyncio.to_thread(time.sleep, 0.5)
    for _ in range(5):
        await asyncio.sleep(0)
    assert len(dm_requests(simcord_env, ana)) == sent_before, "no DM before the channel's news"
    bot.services.mail.queue(Published(record, a2, e2, before=b2), second)
    first.set_result(None)
    second.set_result(None)
    await delivered(simcord_env)

    assert present.figures("en", "havana", engine.player_view(a2, 0)) in (
        newest_dm(simcord_env, ana).content
    )
    assert not bot.services.mail.couriers and not bot.services.mail.pending


def forced_step_keeping_the_screen(engine, state, names, rng: random.Random):
    """Play on with the rules alone until a step is taken for a player who had no other choice
    (told to that player alone) and leaves the picture of their screen as it was: (seat, state
    before that step, the events up to it, state after it, its events)."""
    start_events = []
    while engine.pending(state):
        mover = rng.choice([d.seat for d in engine.pending(state)])
        code = rng.choice(engine.legal_codes(state, mover))
        after, events = engine.apply(state, mover, code)
        for seat in {e.only_for for e in events if e.only_for is not None}:
            picture = render.screen_png(engine.player_view(state, seat), names, "en")
            if render.screen_png(engine.player_view(after, seat), names, "en") == picture:
                return seat, state, start_events, after, events
        start_events += events
        state = after
    return None


def dm_attachments(env, member):
    dm = env.backend.dm_channels[member.id]
    return [url for url in env.backend.cdn._blobs if f"/attachments/{dm}/" in url]


async def test_a_line_told_alone_keeps_the_dm_picture_instead_of_uploading_it_again(
    simcord_env, table
):
    guild, channel, members = table
    game = Table(simcord_env, channel, members[:3], random.Random(3))
    await game.open("santiago", 3)
    bot = simcord_env.bot
    record = await bot.store.by_channel(channel.id)
    start = bot.services.tables.state_of(record)
    engine = games.get("santiago")
    names = present.seat_names(record, "en")
    found = None
    for seed in range(40):
        found = forced_step_keeping_the_screen(engine, start, names, random.Random(seed))
        if found is not None:
            break
    assert found, "the rules forced a step that changed no screen"
    seat, before, events_before, after, events = found
    player = next(m for m in members if m.id == record.seats[seat].user_id)
    loop = asyncio.get_running_loop()
    # The DM first shows the screen just before the forced step...
    done = loop.create_future()
    done.set_result(None)
    bot.services.mail.queue(Published(record, before, events_before, before=start), done)
    await delivered(simcord_env)
    uploads = dm_attachments(simcord_env, player)
    picture = render.screen_png(engine.player_view(before, seat), names, "en")
    assert simcord_env.backend.cdn.get(uploads[-1]) == picture

    # ...then the player is told alone what was done for them: the words change, not the picture.
    done = loop.create_future()
    done.set_result(None)
    bot.services.mail.queue(Published(record, after, events, before=before), done)
    await delivered(simcord_env)

    dm = newest_dm(simcord_env, player)
    told = present.private_events("en", [e for e in events if e.only_for == seat], seat, names)
    assert told and all(line in dm.content for line in told), "the DM says what was forced"
    assert dm_attachments(simcord_env, player) == uploads, "the same picture uploaded again"
    shown = [simcord_env.backend.cdn.get(a["url"]) for a in dm.attachments]
    assert shown == [picture], "the DM keeps showing its picture"
