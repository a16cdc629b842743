"""What a league keeps, on both backends: its settings, sign-ups and departures, rounds and
tables, and standings that are always the ones its stored games give; an unrated league's
games are not rated; everything is there again after a reopening."""

from __future__ import annotations

import json

from games.league_table import TableGame
from games.league_table import standings as rank
from storage import Store, start_game
from storage import leagues as lg
from tests.storage.storage_support import play_random_moves, seated_lobby
from tests.storage.test_storage_history import finished_game


def spec(**changes):
    base = dict(
        guild_id=5,
        channel_id=10,
        name="Autumn <@&1> league",
        kind="havana",
        options={},
        table_size=3,
        table_minimum=2,
        rounds=2,
        round_seconds=3 * 86400,
        points=(4, 2, 0),
        rated=True,
        overtime="clock",
        reminders=6 * 3600,
        turn_limit=86400,
        creator_id=100,
        seed="s",
    )
    return lg.LeagueSpec(**{**base, **changes})


async def test_sign_up_start_leave_and_a_round_of_tables(store):
    league = await lg.create_league(store, spec())
    assert league.status == "signup" and league.spec == spec()
    assert await lg.join_league(store, league.id, 100, "Ana")
    assert not await lg.join_league(store, league.id, 100, "Ana"), "already joined"
    for user in (101, 102, 103):
        assert await lg.join_league(store, league.id, user, f"P{user}")
    assert await lg.leave_league(store, league.id, 103), "a sign-up taken back"
    assert [m.user_id for m in await lg.members(store, league.id)] == [100, 101, 102]
    assert await lg.set_status(store, league.id, "running", "signup")
    assert not await lg.set_status(store, league.id, "running", "signup")
    assert not await lg.join_league(store, league.id, 104, "Late"), "the season started"
    assert await lg.start_round(store, league.id, 1, 1000.0, 2000.0, [(101, None, 100), (102,)])
    assert not await lg.start_round(store, league.id, 1, 1000.0, 2000.0, [(100,)])
    tables = await lg.tables(store, league.id, 1)
    assert [(t.number, t.game_id, t.players) for t in tables] == [
        (1, None, (101, None, 100)),
        (2, None, (102,)),
    ]
    assert await lg.leave_league(store, league.id, 102)
    assert not await lg.leave_league(store, league.id, 102)
    assert [m.left for m in await lg.members(store, league.id)] == [False, False, True]
    assert await lg.end_round(store, league.id, 1, 2000.0)
    assert not await lg.end_round(store, league.id, 1, 2001.0)
    assert [r.ended_at for r in await lg.rounds(store, league.id)] == [2000.0]


async def test_standings_are_those_of_the_stored_games_and_survive_a_reopening(database):
    async with await Store.open(database) as store:
        league = await lg.create_league(store, spec())
        for user in (100, 101, 102):
            await lg.join_league(store, league.id, user, f"P{user}")
        await lg.set_status(store, league.id, "running", "signup")
        first = await finished_game(store, seed=1, channel=11)
        second = await finished_game(store, seed=2, channel=12)
        seats = [tuple(s.user_id for s in g.seats) for g in (first, second)]
        await lg.start_round(store, league.id, 1, 0.0, 1.0, [seats[0]])
        await lg.attach_game(store, league.id, 1, 1, first.id)
        await lg.start_round(store, league.id, 2, 1.0, 2.0, [seats[1]])
        await lg.attach_game(store, league.id, 2, 1, second.id)
        assert (await lg.table_of_game(store, second.id))[0] == league.id
        assert await lg.table_of_game(store, 999) is None
    async with await Store.open(database) as store:
        found = await lg.league(store, league.id, guild_id=5)
        assert await lg.league(store, league.id, guild_id=6) is None, "another server's"
        table = await lg.standings(store, found)
        results = [json.loads((await store.result(g.id))[1]) for g in (first, second)]
        expected = rank(
            [100, 101, 102],
            [
                TableGame(s, tuple(r["places"]), tuple(r["scores"]))
                for s, r in zip(seats, results, strict=True)
            ],
            (4, 2, 0),
        )
        assert [(s.player, s.points, s.games) for s in table] == [
            (s.player, s.points, s.games) for s in expected
        ]
        assert sum(s.points for s in table) == 12 and all(s.games == 2 for s in table)
        assert table[0].rating is not None, "a rated league breaks ties by rating"
        assert [x.id for x in await lg.leagues_of(store, 5)] == [league.id]
        assert [x.id for x in await lg.leagues_in(store, "running")] == [league.id]


async def test_the_games_of_an_unrated_league_are_not_rated(store):
    league = await lg.create_league(store, spec(rated=False))
    lobby_game = await finished_game(store, seed=3, channel=13)
    # Not a table of the league: rated as usual. The league's table is attached before it ends.
    lobby = await seated_lobby(store, 3, 14, "havana")
    await lg.start_round(store, league.id, 1, 0.0, 1.0, [(100, 101, 102)])
    await lg.attach_game(store, league.id, 1, 1, lobby.id)
    await start_game(store, lobby.id, 4)
    await play_random_moves(store, lobby.id, 5000, seed=4)
    rated = dict(await store.read("SELECT game_id, rated FROM endings"))
    assert rated == {lobby_game.id: 1, lobby.id: 0}


async def test_standings_kept_game_by_game_are_those_read_whole(store):
    league = await lg.create_league(store, spec())
    for user in (100, 101, 102):
        await lg.join_league(store, league.id, user, f"P{user}")
    kept = lg.KeptStandings()
    assert await kept.standings(store, league) == await lg.standings(store, league)
    games = [await finished_game(store, seed=s, channel=20 + s) for s in (1, 2, 3)]
    for n, game in enumerate(games, 1):
        await lg.start_round(store, league.id, n, 0.0, 1.0, [tuple(s.user_id for s in game.seats)])
        await lg.attach_game(store, league.id, n, 1, game.id)
        if n < 3:  # the third ends without the cache being told: read whole again
            await kept.game_ended(store, league, game.id)
        assert await kept.standings(store, league) == await lg.standings(store, league)
    assert all(line.games == 3 for line in await kept.standings(store, league))
