"""Nothing waits for the next click: what Discord refused after discord.py's own tries is
posted by the bot itself, later, from the stored game, once, and after a restart too."""

from __future__ import annotations

import random

import pytest

import games
from bot.text import present
from tests.bot.driver import Table, text_of
from tests.bot.faults import (
    CANNOT_DM,
    Request,
    Rule,
    dm_refused,
    rate_limited_every,
    server_error,
    timeout,
)

# Every third post refused once (discord.py waits and tries again), every seventh five times
# in a row (discord.py gives up: the bot must post it again itself).
REFUSALS = {3: 1, 7: 5}
# How long a prompt may take to appear with nobody interacting, in virtual seconds.
PATIENCE = 600
DAY = 24 * 3600
STEP = 2
EPHEMERAL = 64


def public(rule: Rule) -> Rule:
    """`rule` for public posts only: a refused private answer is the player's to ask again
    (by clicking), never a prompt the channel lacks."""
    answer = rule.answer

    def public_only(request: Request):
        if int((request.json or {}).get("flags") or 0) & EPHEMERAL:
            return None
        return answer(request) if callable(answer) else answer

    rule.answer = public_only
    return rule


async def prompt_shown(game: Table, store, channel) -> bool:
    """Does the channel show what the stored game asks now: the final scores, or a turn message
    naming exactly the people who decide?"""
    record = await store.by_channel(channel.id)
    if record is None:
        return game.finished()
    state = record.state()
    deciding = {
        record.seats[d.seat].user_id
        for d in games.get(record.kind).pending(state)
        if present.played_by_person(record, d.seat)
    }
    message = game.prompt_message()
    if message is None or game.finished():
        return False
    return {p.id for p in game.named(text_of(message))} == deciding


async def wait_for_prompt(env, game: Table, store, channel) -> int:
    """Let virtual time pass, nobody clicking, until the prompt shows; the seconds it took.

    Also until the bot is done with the channel: a click that waits for a move still being
    posted waits on a lock, which SimCord cannot tell from a hang."""
    waited = 0
    busy = env.bot.services.tables.lock(channel.id).locked
    while busy() or not await prompt_shown(game, store, channel):
        assert waited < PATIENCE, "the game stalls with no visible prompt"
        await env.advance_time(STEP)
        waited += STEP
    return waited


def adjacent_twins(env, channel) -> list[str]:
    """Bot messages posted twice in a row (a turn message or a ping posted again)."""
    bot_id = env.bot.user.id
    texts = [text_of(m) for m in channel.history() if m.author.id == bot_id]
    return [a for a, b in zip(texts, texts[1:], strict=False) if a == b]


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_whole_games_finish_under_repeated_429s_with_nobody_clicking_to_unstick_them(
    simcord_env, table, faults, kind
):
    guild, channel, members = table
    # Posts in the channel, and follow-ups: a person's move posts the next turn message as one.
    faults.add(
        public(rate_limited_every("POST", ("/channels/*/messages", "/webhooks/*/*"), REFUSALS))
    )
    store = simcord_env.bot.store
    # Two people and an AI seat: a person's move posts the next turn message as its
    # follow-up, the AI's as a post in the channel.
    game = Table(simcord_env, channel, members[:2], random.Random(len(kind)), typed=0.0)
    await game.open(kind, 2, ai_players=1, ai_level="random")
    # What the bot put in its outbox: posts Discord still refused once discord.py gave up.
    outbox = simcord_env.bot.services.outbox
    queued, failed = [], outbox.failed

    async def noting(game_id, item, exc):
        queued.append(item)
        await failed(game_id, item, exc)

    outbox.failed = noting

    async def look_again() -> None:
        await wait_for_prompt(simcord_env, game, store, channel)

    game.after_press = look_again
    await look_again()
    while not game.finished():
        await game.step()
        assert game.moves < 3000, "the game did not end"
    # Posts were refused five times in a row (discord.py gave up), and every prompt showed
    # with nobody clicking: a follow-up given up is posted in the channel, a channel post given
    # up is posted again by the bot itself.
    given_up = sum(1 for *_, status in faults.refused if status == 429) // 5
    assert given_up > 0 and queued, (given_up, queued)
    # The screens too end up shown: nothing is left to deliver, to anybody.
    await simcord_env.advance_time(PATIENCE)
    assert simcord_env.bot.services.outbox.rows == {}
    assert not adjacent_twins(simcord_env, channel)
    assert (await store.deliveries()) == []


async def test_a_pending_delivery_survives_a_restart_and_is_posted_once(
    simcord_env, simcord_bot, new_bot, table, db_path, faults
):
    guild, channel, (ana, ben, cai, dee) = table
    # An AI seat: its moves' turn messages are the channel's own posts (a person's move posts
    # the next one as its follow-up).
    game = Table(simcord_env, channel, [ana, ben], random.Random(2), typed=0.0)
    await game.open("havana", 2, ai_players=1, ai_level="random")
    store = simcord_bot.store
    # Discord's outage: every post in the channel answered 503 (discord.py gives up at once).
    faults.add(public(server_error("POST", f"/channels/{channel.id}/messages", 503, times=None)))
    for _ in range(20):
        await game.step()
        await simcord_env.advance_time(1)
        if not await prompt_shown(game, store, channel):
            break
    else:
        raise AssertionError("no move needed a new message")
    posts = len(channel.history())
    # The bot stops before its next try; the database stays, Discord is back.
    await simcord_bot.store.close()
    faults.clear()
    restarted = new_bot(db_path, rng=random.Random(3))
    await simcord_env.restart_bot(restarted)
    faults.install(restarted)
    await wait_for_prompt(simcord_env, game, restarted.store, channel)
    assert len(channel.history()) == posts + 1, [text_of(m)[:90] for m in channel.history()]
    posted = channel.history()[-1]
    assert posted.author.id == restarted.user.id and "Havana" in text_of(posted)
    # Once: later tries find nothing left to post.
    await simcord_env.advance_time(PATIENCE)
    assert len(channel.history()) == posts + 1, [text_of(m)[:90] for m in channel.history()]
    assert await restarted.store.deliveries() == []
    # And play goes on from it.
    await game.step()


async def test_a_reminder_the_channel_refused_is_posted_later_once(simcord_env, table, faults):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(4), typed=0.0)
    await game.open("santiago", 2)
    waiting = game.named(text_of(game.prompt_message()))
    # Nobody's DMs are open: the day's reminder pings in the channel, and Discord fails it.
    faults.add(dm_refused(CANNOT_DM, on="send"))
    await simcord_env.advance_time(DAY - 10)
    faults.add(server_error("POST", f"/channels/{channel.id}/messages", 503))

    def reminders():
        return [m for m in channel.history() if "has waited" in text_of(m)]

    await simcord_env.advance_time(11)
    assert reminders() == []
    await simcord_env.advance_time(30)
    posted = reminders()
    assert len(posted) == 1 and all(p.mention in text_of(posted[0]) for p in waiting)
    await simcord_env.advance_time(PATIENCE)
    assert len(reminders()) == 1
    assert await simcord_env.bot.store.deliveries() == []


async def test_a_post_whose_answer_was_lost_is_not_posted_again(simcord_env, table, faults):
    """Discord carried the post out but its answer never came (a timeout): the bot tries
    again with the same nonce, and Discord gives back the message instead of a second one."""
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(5), typed=0.0)
    await game.open("havana", 2, ai_players=1, ai_level="random")
    store = simcord_env.bot.store
    lost = faults.add(
        timeout("POST", f"/channels/{channel.id}/messages", after=10, applied=True, times=1)
    )
    for _ in range(40):
        await game.step()
        if lost.answered:
            break
        await wait_for_prompt(simcord_env, game, store, channel)
    else:
        raise AssertionError("no move needed a new message")
    await simcord_env.advance_time(PATIENCE)
    assert not adjacent_twins(simcord_env, channel)
    assert await prompt_shown(game, store, channel)
    assert await store.deliveries() == []
    await game.step()
