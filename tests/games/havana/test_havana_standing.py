"""The standing of a Havana game ended early: most VP first, equal VP share (E23)."""

from havana_helpers import table

from games import no_winner, put_last
from games.havana import GAME

IDLE = ("siesta", "protection")
BUSY = ("workers", "mama")


def test_a_game_ended_mid_way_ranks_by_vp():
    s = table(3, [IDLE, BUSY, BUSY], holdings=[{"vp": 7}, {"vp": 12}, {"vp": 7, "pesos": 9}])
    assert not GAME.is_over(s) and GAME.result(s) is None
    standing = GAME.standing(s)
    assert standing.scores == (7, 12, 7)
    # Pesos do not break the tie for second: the rules name no tie-break at the end.
    assert standing.ranking == (1, 0, 2)
    assert standing.places == (2, 1, 2)
    assert standing.winners == (1,)
    assert str(standing.reason) == "The game was ended early, with the scores as they stand."


def test_equal_leaders_share_the_win_until_one_resigns_or_the_game_is_abandoned():
    s = table(4, [IDLE, BUSY, BUSY, IDLE], holdings=[{"vp": 9}, {"vp": 3}, {"vp": 9}, {"vp": 5}])
    standing = GAME.standing(s)
    assert standing.places == (1, 4, 1, 3) and standing.winners == (0, 2)
    resigned = put_last(standing, [2])
    assert resigned.ranking == (0, 3, 1, 2)
    assert resigned.places == (1, 3, 4, 2) and resigned.winners == (0,)
    abandoned = no_winner(standing)
    assert abandoned.winners == () and abandoned.places == (1, 4, 1, 3)
