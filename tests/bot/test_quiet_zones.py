"""Time zones of quiet hours: only IANA names of the bundled tz database are offered and taken
(never the host's own `localtime`, nor `Factory`), and a stored zone this host cannot load
(a database moved from another host, a zone a tz update dropped) stops no game: its member is
treated as having no quiet hours, and the operator reads it once, at start-up."""

from __future__ import annotations

import logging
import random
import sqlite3

import pytest

from tests.bot.driver import Table, bot_messages, saved_by_itself, text_of
from tests.bot.test_clock import dms

HOST_ONLY = ["localtime", "Factory"]


@pytest.mark.parametrize("typed", ["localtime", "local", "Factory", "factory", "fact"])
async def test_the_zone_list_never_offers_the_hosts_clock_or_factory(simcord_env, table, typed):
    guild, channel, (ana, ben, cai, dee) = table
    offered = [c["value"] for c in await cai.autocomplete(channel, "game quiet", "timezone", typed)]
    assert not set(offered) & set(HOST_ONLY), offered
    everything = {c["value"] for c in await cai.autocomplete(channel, "game quiet", "timezone", "")}
    assert not everything & set(HOST_ONLY)


@pytest.mark.parametrize("typed", ["localtime", "Factory", "LOCALTIME"])
async def test_a_zone_outside_the_tz_database_is_refused_and_nothing_stored(
    simcord_env, table, typed
):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    done = await cai.slash(channel, "game quiet", **{"from": 22, "to": 8, "timezone": typed})
    assert done.ephemeral
    said = text_of(done.response)
    assert "do not know the time zone" in said or "Did you mean" in said, said
    suggested = said.partition("Did you mean")[2]
    assert not any(f"`{name}`" in suggested for name in HOST_ONLY), "nor suggested"
    assert await env.bot.store.read("SELECT * FROM member_quiet_hours") == []
    assert env.bot.services.quiet.hours == {}


def store_hours_directly(db_path, user_id: int, zone: str) -> None:
    """Quiet hours as another host (or an older tz database) left them: 00:00 to 23:00, so a
    member whose zone were read as any real one would be quiet nearly all day."""
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO member_quiet_hours (user_id, start_hour, end_hour, timezone)"
            " VALUES (?, 0, 23, ?)",
            (user_id, zone),
        )


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "localtime"])
async def test_a_stored_zone_this_host_cannot_load_stops_no_game(
    simcord_env, new_bot, db_path, table, caplog, zone
):
    env = simcord_env
    guild, channel, (ana, ben, cai, dee) = table
    store_hours_directly(db_path, cai.id, zone)
    caplog.set_level(logging.WARNING)
    await env.restart_bot(new_bot(db_path))
    warned = [r for r in caplog.records if zone in r.getMessage()]
    assert len(warned) == 1 and str(cai.id) in warned[0].getMessage(), warned
    assert warned[0].levelno == logging.WARNING

    shown = await cai.slash(channel, "game quiet")
    assert "no quiet hours" in text_of(shown.response), "cai is told what the bot does"

    game = Table(env, channel, [ana, ben, cai], random.Random(5), typed=0)
    await game.open("santiago", 3)
    await env.settle()
    record = await env.bot.store.by_channel(channel.id)
    pinged = False
    for _ in range(40):
        before = record.version
        await game.step()
        await env.settle()
        record = await env.bot.store.get(record.id)
        # One move saved, and the lone choices it left taken by themselves.
        assert record.version == before + 1 + await saved_by_itself(env, record, before + 1)
        # Every saved move is shown: the turn message asks for the decision after it.
        shown = text_of(game.prompt_message())
        assert f"**Santiago de Cuba**, move {record.version + 1}:" in shown, shown
        pinged |= cai.id in bot_messages(env, channel)[-1].ping_user_ids
    assert pinged, "cai's turns ping cai: no quiet hours hold for them"
    assert dms(env, cai), "and cai's screen comes by DM"
    again = [r for r in caplog.records if zone in r.getMessage()]
    assert len(again) == 1, "warned once, at start-up, not per move"
