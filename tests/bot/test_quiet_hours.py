"""Quiet hours, driven as a player would: `/game quiet` in the member's own time zone; inside the
hours no DM and no ping reaches them (the turn message still names them), and what waited comes
as one message when the hours end, across a daylight-saving change and in a zone whose offset
is a half hour. The clock itself runs on."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from bot.core.quiet_hours import QuietHours, is_quiet, quiet_until
from tests.bot.driver import Table, text_of
from tests.bot.faults import CANNOT_DM, DM_TOO_FAST, dm_refused
from tests.bot.test_clock import bot_messages, dms

HOUR = 3600
# SimCord's virtual clock starts here.
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
DIGEST = "Your quiet hours are over"


def at(*when: int) -> float:
    """Seconds from SimCord's start to a UTC moment."""
    return (datetime(*when, tzinfo=UTC) - EPOCH).total_seconds()


async def advance_to(env, seconds: float) -> None:
    await env.advance_time(seconds - (env.now() - EPOCH).total_seconds())


async def until_a_new_turn_of(env, game, member, limit=400):
    """Play on until a turn message posted from now on asks `member` to decide."""
    old = {m.id for m in bot_messages(env, game.channel)}
    for _ in range(limit):
        await env.settle()
        message = game.prompt_message()
        if message.id not in old and member in game.named(text_of(message)):
            return message
        await game.step()
    raise AssertionError("no new turn for the member")


def snapshot(env, member) -> dict[int, str]:
    return {m.id: text_of(m) for m in dms(env, member)}


@pytest.mark.parametrize(
    ("zone", "hours", "game_at", "quiet_at", "ends_at"),
    [
        # Rome moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026: 08:00 there is then
        # 06:00 UTC, not 07:00 as the evening before.
        ("Europe/Rome", (22, 8), at(2026, 3, 28, 20, 30), at(2026, 3, 28, 21, 5),
         at(2026, 3, 29, 6)),
        # Kolkata is UTC+5:30: 06:00 to 13:00 there is 00:30 to 07:30 UTC.
        ("Asia/Kolkata", (6, 13), at(2026, 1, 1, 0, 0), at(2026, 1, 1, 0, 35),
         at(2026, 1, 1, 7, 30)),
    ],
)  # fmt: skip
async def test_inside_quiet_hours_no_dm_or_ping_then_one_message_when_they_end(
    simcord_env, table, zone, hours, game_at, quiet_at, ends_at
):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    await advance_to(env, game_at)
    start, end = hours
    done = await cai.slash(channel, "game quiet", **{"from": start, "to": end, "timezone": zone})
    assert done.ephemeral and f"{start:02d}:00" in text_of(done.response)
    assert "turn limit counts on" in text_of(done.response), "the clock runs on, it says"
    game = Table(env, channel, [ana, ben, cai], random.Random(3))
    await game.open("santiago", 3, reminders="21600")  # a reminder every 6 hours
    await env.settle()
    assert dms(env, cai), "before the quiet hours cai got the screen by DM"

    await advance_to(env, quiet_at)
    before = snapshot(env, cai)
    quiet_from = len(bot_messages(env, channel))
    turn = await until_a_new_turn_of(env, game, cai)
    assert f"<@{cai.id}>" in text_of(turn), "the turn message still names cai"

    await advance_to(env, ends_at - 60)
    assert snapshot(env, cai) == before, "no DM, not even an edit of the screen's DM"
    said = bot_messages(env, channel)[quiet_from:]
    assert said and all(cai.id not in m.ping_user_ids for m in said), "and no ping"
    store = env.bot.store
    record = await store.by_channel(channel.id)
    waits = {w.seat: w for w in await store.waits(record.id)}
    seat = record.seat_of(cai.id)
    assert waits[seat].reminded >= 1, "the clock ran on: the reminder fell due, and was held"

    await advance_to(env, ends_at + 1)
    new = [m for m in dms(env, cai) if m.id not in before]
    assert len(new) == 1, [text_of(m) for m in new]
    digest = text_of(new[0])
    assert digest.startswith(DIGEST) and "your decision waits" in digest
    assert f"/channels/{guild.id}/{channel.id}/{turn.id}" in digest, "it links the turn message"
    assert snapshot(env, cai) != before, "and the screen's DM is up to date again"
    await env.advance_time(4 * HOUR)
    assert sum(DIGEST in text_of(m) for m in dms(env, cai)) == 1, "once"


async def test_bad_quiet_hours_are_refused_politely_and_change_nothing(simcord_env, table):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    quiet = env.bot.services.quiet

    async def refused(words: str, **options) -> str:
        done = await cai.slash(channel, "game quiet", **options)
        assert done.ephemeral, options
        assert words in text_of(done.response), text_of(done.response)
        assert await env.bot.store.read("SELECT * FROM member_quiet_hours") == stored
        assert quiet.hours == held
        return text_of(done.response)

    stored, held = [], {}
    said = await refused("Did you mean", **{"from": 22, "to": 8, "timezone": "Europe/Rom"})
    # the near names are offered as a choice: "a, b or c", never a bare comma list
    assert "`Europe/Rome`, `Europe/Kirov` or `Europe/Riga`?" in said
    said = await refused("Did you mean", **{"from": 22, "to": 8, "timezone": "Roma"})
    assert "`Europe/Rome`" in said
    await refused("do not know the time zone", **{"from": 22, "to": 8, "timezone": "Zz"})
    await refused("same hour", **{"from": 8, "to": 8, "timezone": "Europe/Rome"})
    await refused("need all three", **{"from": 22, "to": 8})
    await refused("no quiet hours to turn off", off=True)

    done = await cai.slash(
        channel, "game quiet", **{"from": 22, "to": 8, "timezone": "asia/kolkata"}
    )
    assert "Asia/Kolkata" in text_of(done.response), "the zone as it is spelt"
    stored = await env.bot.store.read("SELECT * FROM member_quiet_hours")
    held = dict(quiet.hours)
    assert stored == [(cai.id, 22, 8, "Asia/Kolkata")]
    await refused("same hour", **{"from": 3, "to": 3, "timezone": "Europe/Rome"})
    await refused("not both", off=True, **{"from": 1})
    shown = await cai.slash(channel, "game quiet")
    assert "22:00" in text_of(shown.response) and "Asia/Kolkata" in text_of(shown.response)
    ended = await cai.slash(channel, "game quiet", off=True)
    assert "off" in text_of(ended.response) and quiet.hours == {}


async def test_the_time_zone_list_offers_at_most_25_names_filtered_by_what_is_typed(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    everything = await cai.autocomplete(channel, "game quiet", "timezone", "")
    assert len(everything) == 25
    rome = await cai.autocomplete(channel, "game quiet", "timezone", "rome")
    assert [c["value"] for c in rome] == ["Europe/Rome"]
    america = await cai.autocomplete(channel, "game quiet", "timezone", "America/")
    assert len(america) == 25 and all(c["value"].startswith("America/") for c in america)


async def in_quiet_hours_at_the_start(env, table):
    """cai's quiet hours hold now (05:30 in Kolkata, at SimCord's start): 05:00 to 09:00 there,
    until 03:30 UTC; a game starts and cai's screen and turn wait."""
    guild, channel, (ana, ben, cai, dee) = table
    await cai.slash(channel, "game quiet", **{"from": 5, "to": 9, "timezone": "Asia/Kolkata"})
    game = Table(env, channel, [ana, ben, cai], random.Random(3))
    await game.open("santiago", 3)
    await env.settle()
    turn = game.prompt_message()
    raw = next(m for m in bot_messages(env, channel) if m.id == turn.id)
    assert cai in game.named(text_of(turn)) and cai.id not in raw.ping_user_ids
    assert dms(env, cai) == []
    return game


async def test_held_news_waits_through_a_restart(simcord_env, simcord_bot, new_bot, table, db_path):
    env = simcord_env
    await in_quiet_hours_at_the_start(env, table)
    cai = table[2][2]
    await env.advance_time(HOUR)
    await env.restart_bot(new_bot(db_path))
    await advance_to(env, at(2026, 1, 1, 3, 29))
    assert dms(env, cai) == []
    await advance_to(env, at(2026, 1, 1, 3, 31))
    sent = dms(env, cai)
    assert text_of(sent[0]).startswith(DIGEST), "the held news first, in one message"
    assert "your decision waits" in text_of(sent[0]) and "your screen changed" in text_of(sent[0])
    assert [text_of(m).startswith(DIGEST) for m in sent] == [True, False], "then the screen"


async def test_turning_quiet_hours_off_sends_what_waited_at_once(simcord_env, table):
    env = simcord_env
    await in_quiet_hours_at_the_start(env, table)
    guild, channel, (ana, ben, cai, dee) = table
    await env.advance_time(60)
    await cai.slash(channel, "game quiet", off=True)
    await env.settle()
    sent = dms(env, cai)
    assert sent and text_of(sent[0]).startswith(DIGEST)


@pytest.mark.parametrize(
    ("hours", "moment", "ends"),
    [
        # The end hour skipped by Rome's spring change: the quiet ends as the clock jumps.
        (QuietHours(23, 2, "Europe/Rome"), (2026, 3, 29, 0, 30), (2026, 3, 29, 1, 0)),
        # Rome's autumn change repeats 02:00-03:00; the end, 03:00, comes once (CET, 02:00 UTC).
        (QuietHours(22, 3, "Europe/Rome"), (2026, 10, 24, 21, 0), (2026, 10, 25, 2, 0)),
        # Adelaide, UTC+10:30 in summer, UTC+9:30 once its change on 5 April 2026 is past.
        (QuietHours(22, 7, "Australia/Adelaide"), (2026, 1, 10, 12, 0), (2026, 1, 10, 20, 30)),
        (QuietHours(22, 7, "Australia/Adelaide"), (2026, 4, 10, 13, 0), (2026, 4, 10, 21, 30)),
    ],
)
def test_quiet_hours_end_at_the_zones_wall_clock_hour(hours, moment, ends):
    start = at(*moment) + EPOCH.timestamp()
    assert is_quiet(hours, start)
    end = quiet_until(hours, start)
    assert end == at(*ends) + EPOCH.timestamp()
    assert not is_quiet(hours, end) and is_quiet(hours, end - 1)


async def test_held_news_refused_by_discord_as_the_hours_end_arrives_later_once(
    simcord_env, table, faults
):
    """Discord refuses to open cai's DM (40003, "opening DMs too fast") three times as the
    quiet hours end: the held news is not lost, it comes a little later, once, and the screen
    after it. ana's DMs are closed (50007): hers is given up at once, and stops nothing."""
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    await ana.slash(channel, "game quiet", **{"from": 5, "to": 9, "timezone": "Asia/Kolkata"})
    await in_quiet_hours_at_the_start(env, table)
    busy = faults.add(dm_refused(DM_TOO_FAST, users=[cai.id], times=3))
    closed = faults.add(dm_refused(CANNOT_DM, users=[ana.id]))
    await advance_to(env, at(2026, 1, 1, 3, 30, 1))
    assert busy.answered == 1 and dms(env, cai) == [], "refused: nothing yet"
    await advance_to(env, at(2026, 1, 1, 3, 45))
    assert busy.answered == 3
    sent = dms(env, cai)
    assert [text_of(m).startswith(DIGEST) for m in sent] == [True, False], "the news, the screen"
    assert "your decision waits" in text_of(sent[0]) and "your screen changed" in text_of(sent[0])
    tried = closed.answered
    assert tried >= 1 and dms(env, ana) == []
    said = [text_of(m) for m in bot_messages(env, channel) if "direct messages" in text_of(m)]
    assert len(said) == 1 and ana.mention in said[0], "closed DMs are said once in the channel"
    await env.advance_time(6 * HOUR)
    assert sum(text_of(m).startswith(DIGEST) for m in dms(env, cai)) == 1, "once"
    assert closed.answered == tried, "closed DMs are not tried again and again"
    assert await env.bot.store.read("SELECT * FROM quiet_held") == [], "nothing left held"


async def test_held_news_refused_before_a_restart_is_sent_after_it(
    simcord_env, simcord_bot, new_bot, table, db_path, faults
):
    env = simcord_env
    await in_quiet_hours_at_the_start(env, table)
    cai = table[2][2]
    busy = faults.add(dm_refused(DM_TOO_FAST, users=[cai.id], times=2))
    await advance_to(env, at(2026, 1, 1, 3, 30, 5))
    assert busy.answered == 1 and dms(env, cai) == []
    # The bot stops while the news waits for its next try.
    await simcord_bot.store.close()
    restarted = new_bot(db_path)
    await env.restart_bot(restarted)
    faults.install(restarted)
    await advance_to(env, at(2026, 1, 1, 4, 0))
    assert busy.answered == 2
    sent = dms(env, cai)
    assert [text_of(m).startswith(DIGEST) for m in sent] == [True, False], "the news, the screen"
    assert "your decision waits" in text_of(sent[0])
    await env.advance_time(6 * HOUR)
    assert sum(text_of(m).startswith(DIGEST) for m in dms(env, cai)) == 1, "once"
    assert await restarted.store.read("SELECT * FROM quiet_held") == [], "nothing left held"
