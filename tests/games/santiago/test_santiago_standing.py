"""The standing of a Santiago game ended early: leftover goods converted, then the tie-breaks (9)."""

from santiago_helpers import arrange, play, started

from games import put_last
from games.santiago import GAME


def test_a_game_ended_mid_way_converts_goods_and_breaks_ties_by_goods_then_pesos():
    s = arrange(
        started(),
        vp={0: 5, 1: 6, 2: 4},
        goods={0: {"rum": 3, "wood": 2}, 1: {}, 2: {"sugar_cane": 6}},
        pesos={0: 1, 1: 3, 2: 9},
    )
    assert not GAME.is_over(s) and GAME.result(s) is None
    standing = GAME.standing(s)
    # 5 goods -> +1 VP, 2 left; no goods; 6 goods -> +2 VP, none left: everybody has 6 VP.
    assert standing.scores == (6, 6, 6)
    assert standing.tiebreaks == ((2, 1), (0, 3), (0, 9))
    # Seat 0 keeps the most goods; seats 2 and 1 are then split by pesos.
    assert standing.ranking == (0, 2, 1)
    assert standing.places == (1, 3, 2)
    assert standing.winners == (0,)
    assert str(standing.reason) == "The game was ended early, with the scores as they stand."
    assert "1 VP per 3 goods" in str(standing.notes[0])


def test_a_full_tie_mid_way_is_shared_and_a_resigned_winner_drops_to_last():
    s = arrange(
        started(),
        vp={0: 4, 1: 9, 2: 9},
        goods={0: {"cigar": 2}, 1: {"tobacco": 1}, 2: {"citrus": 1}},
        pesos={0: 8, 1: 2, 2: 2},
    )
    standing = GAME.standing(s)
    assert standing.scores == (4, 9, 9)
    assert standing.places == (3, 1, 1) and standing.winners == (1, 2)
    assert any("shared" in str(note) for note in standing.notes)
    resigned = put_last(standing, [1])
    assert resigned.ranking == (2, 0, 1)
    assert resigned.places == (2, 3, 1) and resigned.winners == (2,)


def test_once_the_seventh_ship_left_the_standing_is_the_result():
    s = arrange(
        started(),
        car="alonso",
        ships=6,
        price=4,
        vp={0: 10, 1: 10, 2: 10},
        goods={0: {"rum": 4}, 1: {"wood": 5}, 2: {}},
    )
    before = GAME.standing(s)
    assert before.scores == (11, 11, 10) and before.winners == (1,)
    s, _ = play(s, "drive:2")  # passing the harbour at 4: the 7th ship leaves
    assert GAME.is_over(s)
    assert GAME.standing(s) == GAME.result(s)
    assert str(GAME.standing(s).reason) == "The 7th ship departed."
