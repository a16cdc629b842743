"""A busy hour under Discord's global limit of 50 requests per second: the turn clock falls due
for a hundred games at once while their players move. Every interaction is acknowledged in
time, no move is lost or applied twice, and every DM arrives within a minute."""

from __future__ import annotations

import random

import games
from storage import Store, start_game
from tests.bot.driver import text_of

CHANNELS = 100
PEOPLE = 10
DAY = 24 * 3600
MINUTE = 60


def dms_of(env, member) -> list:
    channel_id = env.backend.dm_channels.get(member.id)
    if channel_id is None:
        return []
    bot_id = env.bot.user.id
    return [m for m in env.backend.messages.get(channel_id, {}).values() if m.author_id == bot_id]


async def a_hundred_games(env, db_path, guild, people) -> list:
    """A hundred two-player games of Havana, begun in the same second (written to the database
    as the bot writes them; opening them through Discord is tested elsewhere)."""
    channels = []
    store = await Store.open(db_path)
    try:
        for number in range(CHANNELS):
            channel = guild.create_text_channel(f"games-{number}")
            # Ten regulars, each at twenty of the tables.
            first = number % PEOPLE
            second = (first + 1 + (number // PEOPLE) % (PEOPLE - 1)) % PEOPLE
            ana, ben = people[first], people[second]
            lobby = await store.create_game(
                guild_id=guild.id,
                channel_id=channel.id,
                kind="havana",
                options={},
                creator_id=ana.id,
                creator_name=ana.name,
            )
            await store.join(lobby.id, ben.id, ben.name)
            await start_game(store, lobby.id, seed=number, at=env.now().timestamp())
            channels.append(channel)
    finally:
        await store.close()
    return channels


async def test_a_hundred_games_fall_due_at_once_while_their_players_move(
    simcord_env, simcord_bot, new_bot, db_path, faults
):
    env = simcord_env
    guild = env.create_guild()
    people = [guild.add_member(env.create_user(f"player{n}")) for n in range(PEOPLE)]
    by_id = {p.id: p for p in people}
    began = env.now().timestamp()
    channels = await a_hundred_games(env, db_path, guild, people)
    await simcord_bot.store.close()
    bot = new_bot(db_path, rng=random.Random(5))
    await env.restart_bot(bot)
    faults.install(bot)
    store = bot.store
    versions = {c.id: (await store.by_channel(c.id)).version for c in channels}

    # A day later every game's first reminder falls due in the same second: the clock sends
    # them as fast as the global limit lets it, and meanwhile a player moves in every channel.
    await env.advance_time(DAY + 0.5)
    for channel in channels:
        record = await store.by_channel(channel.id)
        seat = next(iter(games.get(record.kind).pending(record.state()))).seat
        player = by_id[record.seats[seat].user_id]
        choices = await player.autocomplete(channel, "game move", "choice", "")
        moved = await player.slash(channel, "game move", choice=choices[0]["value"])
        # SimCord refuses an answer later than 3 s after the interaction, in virtual time.
        assert moved.acknowledged and moved.ephemeral
    assert [r for r in faults.refused if r[0] >= DAY], "the global limit held the bot back"

    await env.advance_time(MINUTE)
    # Within the minute every DM is out: nothing waits to be sent or to be tried again.
    mail = bot.services.mail
    assert not mail.pending and not mail.couriers
    assert bot.services.outbox.rows == {}
    for channel in channels:
        record = await store.by_channel(channel.id)
        # Whoever has waited since the games began was reminded by DM, once.
        where = f"#{channel.name} on"
        waited = [w for w in await store.waits(record.id) if w.since < began + DAY]
        assert waited, channel.name
        for wait in waited:
            user = by_id[record.seats[wait.seat].user_id]
            mine = [
                m for m in dms_of(env, user) if "has waited" in text_of(m) and where in text_of(m)
            ]
            assert len(mine) == 1 and wait.reminded == 1, (channel.name, user.name)
        # Each move applied exactly once.
        assert record.version == versions[channel.id] + 1, channel.name
        assert len(await store.actions(record.id)) == 1
        # The channel shows the next decision, and nobody was pinged there for want of a DM.
        posted = channel.history()
        assert posted and "Havana" in text_of(posted[-1])
        assert not [m for m in posted if "has waited" in text_of(m)]
