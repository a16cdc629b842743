"""A league's standings: points by place on Board Game Arena's scale, shared places, AI seats
that earn nobody points, and the tie-breaks (opponents' points, average score, rating)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.league_table import (
    TableGame,
    check_points,
    default_points,
    place_points,
    standings,
    winners,
)


def test_the_default_scale_is_board_game_arenas():
    assert default_points(4) == (6, 4, 2, 0)
    assert default_points(3) == (4, 2, 0)
    assert default_points(2) == (2, 0)


def test_a_smaller_table_uses_the_lowest_values_and_shared_places_share_points():
    assert place_points((2, 1, 3), (6, 4, 2, 0)) == (2, 4, 0)
    assert place_points((1, 1, 3, 4), (6, 4, 2, 0)) == (5, 5, 2, 0)
    assert place_points((2, 1, 2), (6, 4, 2, 0)) == (1, 4, 1)


def test_a_scale_that_rises_or_has_the_wrong_length_is_refused():
    assert check_points([10, 5, 1, 0], 4) == (10, 5, 1, 0)
    for bad in ([1, 2, 0, 0], [6, 4, 2], [6, 4, 2, -1]):
        with pytest.raises(ValueError):
            check_points(bad, 4)


def test_an_ai_seat_takes_its_place_but_earns_nobody_points():
    game = TableGame((1, None, 2, 3), (2, 1, 3, 4), (30, 40, 20, 10))
    table = {line.player: line for line in standings([1, 2, 3], [game], (6, 4, 2, 0))}
    assert table[1].points == 4 and table[2].points == 2 and table[3].points == 0
    assert table[1].rank == 1


def test_tie_breaks_opponents_points_then_average_score_then_rating():
    scale = (2, 0)
    games = [
        TableGame((1, 2), (1, 2), (10, 5)),
        TableGame((3, 4), (1, 2), (10, 5)),
        TableGame((2, 5), (1, 2), (8, 1)),
    ]
    table = standings([1, 2, 3, 4, 5], games, scale)
    # 1 and 3 have 2 points; 1 met 2 (2 points), 3 met 4 (0): 1 first
    assert [line.player for line in table[:3]] == [1, 2, 3]
    assert table[0].opponents_points == 2 and table[2].opponents_points == 0
    same = [TableGame((1, 2), (1, 2), (10, 5)), TableGame((3, 4), (1, 2), (12, 5))]
    assert [line.player for line in standings([1, 2, 3, 4], same, scale)][:2] == [3, 1]
    equal = [TableGame((1, 2), (1, 2), (10, 5)), TableGame((3, 4), (1, 2), (10, 5))]
    rated = standings([1, 2, 3, 4], equal, scale, {1: 20.0, 3: 25.0})
    assert [line.player for line in rated][:2] == [3, 1]
    assert [line.rank for line in rated][:2] == [1, 2]


def test_players_equal_on_everything_share_the_first_place_and_both_win():
    equal = [TableGame((1, 2), (1, 2), (10, 5)), TableGame((3, 4), (1, 2), (10, 5))]
    table = standings([1, 2, 3, 4], equal, (2, 0))
    assert [line.rank for line in table] == [1, 1, 3, 3]
    assert winners(table) == (1, 3)
    assert table[0].average_score == Fraction(10)


def test_a_member_without_games_is_listed_last_and_wins_nothing():
    table = standings([7], [], (6, 4, 2, 0))
    assert table[0].games == 0 and table[0].average_score is None
    assert winners(table) == ()


def test_a_table_kept_game_by_game_equals_one_built_again_in_another_order():
    import random

    from games.league_table import LeagueTable
    from games.swiss import pair_round

    rng = random.Random(4)
    members = list(range(30))
    played = []
    for number in range(4):
        for seats in pair_round(members, {}, 4, 3, str(number)):
            places = list(range(1, len(seats) + 1))
            rng.shuffle(places)
            if rng.random() < 0.3:
                places[1] = places[0]  # a shared place
            played.append(TableGame(seats, tuple(places), tuple(rng.randrange(40) for _ in seats)))
    kept = LeagueTable(members, (6, 4, 2, 0))
    for game in played:
        kept.add(game)
    shuffled = played[:]
    rng.shuffle(shuffled)
    again = standings(members, shuffled, (6, 4, 2, 0))
    assert kept.standings() == again
    for line in again:
        met = [p for g in played if line.player in g.players for p in g.players]
        met = [p for p in met if p is not None and p != line.player]
        by_player = {x.player: x.points for x in again}
        assert line.opponents_points == sum(by_player[p] for p in met)
