"""Swiss pairing of a league round: leaders together at table 1, no repeat meeting where the
count of players allows, uneven counts in smaller tables or with AI seats, same seed same
tables."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import pytest

from games.league_table import TableGame, default_points, meetings, standings
from games.swiss import pair_round, table_repeats, table_sizes


def people(tables):
    return [[p for p in t if p is not None] for t in tables]


def test_sixteen_players_make_four_full_tables_the_leaders_at_table_one():
    ranking = list(range(100, 116))
    tables = pair_round(ranking, {}, 4, 3, "s")
    assert [sorted(t) for t in tables] == [
        list(range(100, 104)),
        list(range(104, 108)),
        list(range(108, 112)),
        list(range(112, 116)),
    ]


def test_uneven_counts_get_smaller_tables_down_to_the_minimum_then_ai_seats():
    assert table_sizes(13, 4, 3) == ((4, 0), (3, 0), (3, 0), (3, 0))
    assert table_sizes(13, 4, 4) == ((4, 0), (3, 1), (3, 1), (3, 1))
    assert table_sizes(5, 4, 2) == ((3, 0), (2, 0))
    assert table_sizes(3, 2, 2) == ((2, 0), (1, 1))
    tables = pair_round(list(range(13)), {}, 4, 4, "x")
    assert [len(t) for t in tables] == [4, 4, 4, 4]
    assert [t.count(None) for t in tables] == [0, 1, 1, 1]
    assert sorted(p for t in people(tables) for p in t) == list(range(13))


def test_same_seed_same_tables_and_the_seat_order_is_drawn():
    ranking = list(range(40))
    assert pair_round(ranking, {}, 4, 3, "a") == pair_round(ranking, {}, 4, 3, "a")
    orders = {pair_round(ranking, {}, 4, 3, str(k))[0] for k in range(20)}
    assert len(orders) > 1
    assert {frozenset(o) for o in orders} == {frozenset(range(4))}


def test_a_repeat_meeting_is_avoided_by_taking_the_next_player_down():
    # 0 and 1 met last round: 1 goes to the second table, 4 moves up.
    met = {0: {1: 1}, 1: {0: 1}}
    tables = people(pair_round(list(range(8)), met, 4, 4, "s"))
    assert all(table_repeats(t, met) == 0 for t in tables)
    assert 0 in tables[0] and 1 in tables[1]


def test_the_last_tables_swap_players_rather_than_repeat():
    # The bottom four all met: the filling alone would seat them together again.
    bottom = [4, 5, 6, 7]
    met = {p: {q: 1 for q in bottom if q != p} for p in bottom}
    tables = people(pair_round(list(range(8)), met, 4, 4, "s"))
    assert sum(table_repeats(t, met) for t in tables) == min_possible_repeats(8, met)


def min_possible_repeats(n, met):
    """Brute force over every split of 8 players into two tables of four."""
    everyone = set(range(n))
    return min(
        table_repeats(list(a), met) + table_repeats(sorted(everyone - set(a)), met)
        for a in combinations(range(n), 4)
        if 0 in a
    )


def play(tables, rng):
    """Random results for a round's tables."""
    played = []
    for t in tables:
        order = list(range(len(t)))
        rng.shuffle(order)
        places = [0] * len(t)
        for place, seat in enumerate(order, 1):
            places[seat] = place
        played.append(TableGame(t, tuple(places), tuple(rng.randrange(60) for _ in t)))
    return played


@pytest.mark.parametrize("count", [16, 13, 17])
def test_a_season_of_four_rounds_repeats_no_meeting_that_could_be_avoided(count):
    rng = random.Random(count)
    members = list(range(1, count + 1))
    played: list[TableGame] = []
    for round_no in range(4):
        table = standings(members, played, default_points(4))
        ranking = [line.player for line in table]
        met = meetings(played)
        tables = pair_round(ranking, met, 4, 3, f"{count}:{round_no}")
        assert sorted(p for t in people(tables) for p in t) == members
        sizes = [people for people, _ in table_sizes(count, 4, 3)]
        made = sum(table_repeats(t, met) for t in people(tables))
        assert made == fewest_repeats(ranking, met, sizes)
        played += play(tables, rng)


def fewest_repeats(players, met, sizes):
    """The fewest repeat meetings any split of `players` into tables of `sizes` makes, by
    exhaustive search (memoised on who is left), independent of the pairing's own search."""

    @lru_cache(None)
    def fewest(left, k):
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 10**9
        for others in combinations(rest, sizes[k] - 1):
            cost = table_repeats((first, *others), met)
            if cost < best:
                after = tuple(p for p in rest if p not in others)
                best = min(best, cost + fewest(after, k + 1))
        return best

    return fewest(tuple(players), 0)


def test_sixteen_players_four_rounds_points_lead_table_one():
    rng = random.Random(3)
    members = list(range(16))
    played = play(pair_round(members, {}, 4, 4, "r1"), rng)
    table = standings(members, played, default_points(4))
    tables = pair_round([line.player for line in table], meetings(played), 4, 4, "r2")
    first = set(tables[0])
    # the four winners of round 1 met nobody: they sit together at table 1
    assert first == {line.player for line in table if line.points == 6}
    assert all(line.points == Fraction(6) for line in table[:4])


def test_a_thousand_players_pair_quickly_and_without_repeats():
    rng = random.Random(1)
    members = list(range(1000))
    played: list[TableGame] = []
    for round_no in range(3):
        table = standings(members, played, default_points(4))
        met = meetings(played)
        tables = pair_round([line.player for line in table], met, 4, 4, str(round_no))
        assert sum(table_repeats(t, met) for t in people(tables)) == 0
        played += play(tables, rng)
