"""`/game away`: no reminders reach an away member, the others read "away until" in the turn
message and in `/game mine`, the AI plays their decision at the turn limit without asking the
table while the seat stays theirs, and it all survives a restart; coming back ends it."""

from __future__ import annotations

import random
import re

import pytest
from simcord.backend.errors import OptionError

from bot.core.timing import now
from tests.bot.driver import Table, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.driver import settle_ai as settle
from tests.bot.test_clock import bot_messages, channel_pings, reminders_to
from tests.bot.test_lobby import refused

HOUR = 3600
DAY = 24 * HOUR
AWAY_UNTIL = re.compile(r"cai is away until <t:(\d+):D>")


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def until_named(env, game, player, limit=400):
    """The others play until the turn message names `player` (`player` never moves)."""
    for _ in range(limit):
        await settle(env)
        message = game.prompt_message()
        if message is not None and player in game.named(text_of(message)):
            return message
        others = [p for p in game.named(text_of(message)) if p is not player]
        assert others, text_of(message)
        game.rng.shuffle(others)
        game.players, everyone = others[:1], game.players
        try:
            await game.step()
        finally:
            game.players = everyone
    raise AssertionError(f"{player.name} never had to decide")


def asked_the_table(env, channel):
    return [m for m in bot_messages(env, channel) if "what should happen" in text_of(m)]


async def test_away_for_three_days_the_ai_plays_at_the_limit_and_the_seat_stays_theirs(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    gone = await cai.slash(channel, "game away", days=3)
    assert gone.ephemeral and "You are away until <t:" in text_of(answer(gone))
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(3), typed=0)
    await game.open("santiago", 3, reminders="21600", turn_limit="86400")
    record = await simcord_env.bot.store.by_channel(channel.id)
    turn = await until_named(simcord_env, game, cai)
    until = int(AWAY_UNTIL.search(text_of(turn)).group(1))
    assert abs(until - (now() + 3 * DAY)) < DAY, "the others read until when"
    mine = answer(await ana.slash(channel, "game mine"))
    assert f"cai is away until <t:{until}:D>" in text_of(mine)

    # The bot restarts on the same file: cai is still away.
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    store = simcord_env.bot.store
    before = await store.by_channel(channel.id)

    # Six hours, then the turn limit of a day: no reminder, no question to the table, and the
    # AI has played cai's decision.
    await simcord_env.advance_time(DAY)
    await settle(simcord_env)
    assert reminders_to(simcord_env, cai) == [] and channel_pings(simcord_env, channel, cai) == []
    assert asked_the_table(simcord_env, channel) == []
    rows = await store.actions(record.id)
    assert [r.seat for r in rows[before.version :]][:1] == [2], "the AI moved for cai"
    after = await store.by_channel(channel.id)
    assert after.seats[2].controller == "human" and after.seats[2].user_id == cai.id

    # Cai is back: his next decision is his again, and reminders reach him again.
    back = await cai.slash(channel, "game away", days=0)
    assert "Welcome back" in text_of(answer(back))
    refused(await cai.slash(channel, "game away", days=0), "You are not away")
    await until_named(simcord_env, game, cai)
    waits = {w.seat for w in await store.waits(record.id)}
    assert 2 in waits, "cai's clock runs for a decision of his own"
    await simcord_env.advance_time(6 * HOUR)
    assert len(reminders_to(simcord_env, cai)) == 1, "reminders reach him again"
    played = len(await store.actions(record.id))
    game.players, everyone = [cai], game.players
    await game.step()
    game.players = everyone
    await settle(simcord_env)
    rows = await store.actions(record.id)
    assert rows[played].seat == 2, "cai made his decision himself"
    assert all("away until" not in text_of(m) for m in game.bot_messages()[-2:])


async def test_a_move_of_their_own_ends_away_and_the_bad_inputs_change_nothing(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    refused(await ana.slash(channel, "game away", days=0), "You are not away")
    # Discord itself keeps the days between 0 and 30, as the command declares them.
    for days in (-1, 31):
        with pytest.raises(OptionError):
            await ana.slash(channel, "game away", days=days)
    assert await simcord_env.bot.store.members_away() == {}

    game = Table(simcord_env, channel, [ana, ben], random.Random(4), typed=0)
    await game.open("havana", 2)
    await ana.slash(channel, "game away", days=30)
    assert "You are away until" in text_of(answer(await ana.slash(channel, "game mine")))
    for _ in range(40):
        message = game.prompt_message()
        mover = ana if ana in game.named(text_of(message)) else ben
        game.players, everyone = [mover], game.players
        await game.step()
        game.players = everyone
        if mover is ana:
            break
    assert mover is ana, "ana made a move"
    assert "You are away" not in text_of(answer(await ana.slash(channel, "game mine")))
    assert await simcord_env.bot.store.members_away() == {}
    refused(await ana.slash(channel, "game away", days=0), "You are not away")


async def test_back_in_the_middle_of_a_decision_the_next_reminder_reaches_them(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(3), typed=0)
    await game.open("santiago", 3, reminders="21600", turn_limit="86400")
    turn = await until_named(simcord_env, game, cai)
    assert "away until" not in text_of(turn)
    await cai.slash(channel, "game away", days=3)
    shown = game.prompt_message()
    assert shown.id == turn.id and AWAY_UNTIL.search(text_of(shown)), "the turn message says it"

    def reminded():
        return len(reminders_to(simcord_env, cai)) + len(channel_pings(simcord_env, channel, cai))

    await simcord_env.advance_time(7 * HOUR)
    assert reminded() == 0, "the reminder at 6 hours passed unsent"
    await cai.slash(channel, "game away", days=0)
    assert "away until" not in text_of(game.prompt_message())
    await simcord_env.advance_time(5 * HOUR)
    assert reminded() == 1, "the one at 12 hours reaches him"
