"""Whole league seasons in SimCord's virtual time: some members play their tables by clicks,
the others are absent and the clock and the AI finish their games at the round's deadline.

Every round is paired (leaders together, nobody meeting an opponent again when the count
allows), the one standings message always shows the points the stored games give, the final
message pings each winner once, and a restart in the middle of a round changes nothing."""

from __future__ import annotations

import random

from bot.discord_io.layouts import text_of
from games.league_table import TableGame, meetings
from games.swiss import table_repeats
from storage import leagues as lg
from tests.bot.driver import bot_messages, last_answer
from tests.bot.league_support import (
    DAY,
    open_league,
    play_clicks,
    recomputed,
    server,
    settle,
    shown_points,
    standings_messages,
)
from tests.games.test_swiss import fewest_repeats


def rounded(points: dict) -> dict:
    return {name: round(float(value), 2) for name, value in points.items()}


async def table_games(store, league_id, before: int) -> list[TableGame]:
    """The meetings of the rounds before `before` (who sat with whom)."""
    found = []
    for table in await lg.tables(store, league_id):
        if table.round < before:
            found.append(
                TableGame(table.players, (1,) * len(table.players), (0,) * len(table.players))
            )
    return found


async def check_round(env, channel, league, number: int, size: int, active: set[int]) -> None:
    store = env.bot.store
    tables = await lg.tables(store, league.id, number)
    seated = [p for t in tables for p in t.players if p is not None]
    assert sorted(seated) == sorted(active), "every member still in plays, once"
    assert all(t.game_id is not None for t in tables)
    met = meetings(await table_games(store, league.id, number))
    people = [[p for p in t.players if p is not None] for t in tables]
    made = sum(table_repeats(t, met) for t in people)
    if len(active) % size == 0:
        sizes = [size] * (len(active) // size)
        assert made == fewest_repeats(sorted(active), met, sizes), "repeats only if unavoidable"
    (message,) = standings_messages(env, channel)
    assert rounded(shown_points(text_of(message))) == rounded(await recomputed(store, league))


async def test_sixteen_members_four_rounds_of_three_days_with_a_restart_in_round_two(
    simcord_env, simcord_bot, new_bot, db_path
):
    env = simcord_env
    guild, channel, members = server(env, 16)
    league = await open_league(
        env,
        channel,
        members,
        name="@everyone <@&1> Havana league",
        game="havana",
        players=4,
        rounds=4,
        days=3,
        max_rounds=2,
    )
    store = env.bot.store
    clickers, rng = members[:4], random.Random(5)
    everyone = {m.id for m in members}
    await members[0].slash(channel, "league start")
    await settle(env)
    for number in range(1, 5):
        league = await lg.league(store, league.id)
        assert len(await lg.tables(store, league.id, number)) == 4
        await check_round(env, channel, league, number, 4, everyone)
        moves = await play_clicks(env, store, league.id, number, clickers, rng)
        assert number > 1 or moves > 0, "the members who play by clicks played"
        if number == 2:
            games_before = [t.game_id for t in await lg.tables(store, league.id, 2)]
            said_before = len(bot_messages(env, channel))
            await store.close()
            await env.restart_bot(new_bot(db_path, rng=random.Random(8)))
            await settle(env)
            store = env.bot.store
            assert [t.game_id for t in await lg.tables(store, league.id, 2)] == games_before
            assert len(bot_messages(env, channel)) == said_before, "nothing posted again"
            assert len(await lg.rounds(store, league.id)) == 2
        await env.advance_time(3 * DAY + 60)
        await settle(env)
        # At the deadline the AI took the absent members' seats; those who play by clicks
        # kept theirs and finish their games.
        for table in await lg.tables(store, league.id, number):
            record = await store.get(table.game_id)
            for seat, player in enumerate(table.players):
                playing = any(c.id == player for c in clickers)
                if record.status == "active" and not playing:
                    assert record.seats[seat].ai_level is not None
        await play_clicks(env, store, league.id, number, clickers, rng, steps=400)
        await settle(env)
        for table in await lg.tables(store, league.id, number):
            record = await store.get(table.game_id)
            assert record.status == "finished"
            assert all(
                record.seats[table.players.index(c.id)].ai_level is None
                for c in clickers
                if c.id in table.players
            ), "who kept playing kept the seat"
    league = await lg.league(store, league.id)
    assert league.status == "finished"
    assert len(channel.threads) == 16
    (message,) = standings_messages(env, channel)
    assert "final standings" in text_of(message)
    assert rounded(shown_points(text_of(message))) == rounded(await recomputed(store, league))
    final = [m for m in bot_messages(env, channel) if "Congratulations" in text_of(m)]
    assert len(final) == 1
    won = [line.player for line in await lg.standings(store, league) if line.rank == 1]
    assert sorted(final[0].ping_user_ids) == sorted(won)
    assert all(text_of(final[0]).count(f"<@{w}>") == 1 for w in won)
    # The league's name is people's text: no message of the league pings anybody by it (the
    # notices of the threads being opened are Discord's, which never ping).
    said = [m for m in bot_messages(env, channel) if int(m.type) in (0, 19)]
    assert said and all(not m.ping_role_ids and not m.mention_everyone for m in said)


async def test_thirteen_members_sit_at_uneven_tables_and_one_who_leaves_is_paired_no_more(
    simcord_env,
):
    env = simcord_env
    guild, channel, members = server(env, 13)
    league = await open_league(
        env,
        channel,
        members,
        name="Santiago league",
        game="santiago",
        players=4,
        smallest=3,
        rounds=3,
        days=2,
        overtime="scores",
    )
    store = env.bot.store
    await members[0].slash(channel, "league start")
    await settle(env)
    first = await lg.tables(store, league.id, 1)
    assert sorted(len(t.players) for t in first) == [3, 3, 3, 4]
    assert all(None not in t.players for t in first), "no AI seat: smaller tables instead"
    leaver = members[5]
    answer = await leaver.slash(channel, "league leave")
    assert answer.ephemeral and "the AI plays your seat" in last_answer(answer).content
    await settle(env)
    (table,) = [t for t in first if leaver.id in t.players]
    record = await store.get(table.game_id)
    assert record.seats[table.players.index(leaver.id)].ai_level is not None
    for number in (2, 3):
        await env.advance_time(2 * DAY + 60)
        await settle(env)
        tables = await lg.tables(store, league.id, number)
        seated = [p for t in tables for p in t.players]
        assert leaver.id not in seated and len(seated) == 12
        assert sorted(len(t.players) for t in tables) == [4, 4, 4]
        ended = [
            await store.result(t.game_id) for t in await lg.tables(store, league.id, number - 1)
        ]
        assert all(how == "ended" for how, _ in ended), "ranked on the scores as they stood"
    await env.advance_time(2 * DAY + 60)
    await settle(env)
    league = await lg.league(store, league.id)
    assert league.status == "finished"
    (message,) = standings_messages(env, channel)
    assert f"{leaver.name} (left)" in text_of(message)
    assert rounded(shown_points(text_of(message))) == rounded(await recomputed(store, league))
