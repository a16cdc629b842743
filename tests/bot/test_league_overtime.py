"""A round's deadline with overtime "clock": a game still running goes on by the turn clock's
rules; the AI takes the seats of absent players (no decision of their own), and a member who
keeps playing keeps their seat and finishes the game."""

from __future__ import annotations

import random

from storage import leagues as lg
from tests.bot.league_support import DAY, open_league, play_clicks, server, settle


async def test_who_keeps_playing_keeps_the_seat_and_the_ai_plays_for_the_absent(simcord_env):
    env = simcord_env
    guild, channel, members = server(env, 2)
    league = await open_league(
        env, channel, members, name="Overtime", game="havana", players=2, rounds=1, days=1
    )
    store = env.bot.store
    await members[0].slash(channel, "league start")
    await settle(env)
    (table,) = await lg.tables(store, league.id, 1)
    player, absent = members[0], members[1]
    rng = random.Random(3)
    assert await play_clicks(env, store, league.id, 1, [player], rng, steps=3) > 0

    await env.advance_time(DAY + 60)
    await settle(env)
    record = await store.get(table.game_id)
    mine, theirs = table.players.index(player.id), table.players.index(absent.id)
    # Not ranked on the scores: the game goes on, the absent member's seat played by the AI.
    assert record.status == "active"
    assert record.seats[mine].ai_level is None, "who plays keeps the seat"
    assert record.seats[theirs].ai_level is not None, "the AI plays for the absent"
    assert await play_clicks(env, store, league.id, 1, [player], rng, steps=400) > 0
    await settle(env)
    record = await store.get(table.game_id)
    assert record.status == "finished"
    how, _ = await store.result(table.game_id)
    assert how == "finished", "played to its end, not ranked on the scores as they stood"
    # Who played it to the end by clicks kept the seat all along; the league is over.
    assert record.seats[mine].ai_level is None
    assert (await lg.league(store, league.id)).status == "finished"
