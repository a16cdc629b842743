"""Turn numbers, turn order and its tie-breaks (spec 3.1, E2-E4)."""

import pytest
from havana_helpers import C, play, table

from games.havana import GAME
from games.havana.cards import number_of


@pytest.mark.parametrize(
    ("cards", "number"),
    [
        (("siesta", "black_market"), "07"),
        (("debris", "workers"), "24"),
        (("protection", "material_thief"), "26"),
        (("pesos", "debris"), "28"),  # 28, never 82
        (("material_thief", "siesta"), "06"),  # 06, never 60
        (("black_market", "pesos"), "78"),
        (("protection", "debris"), "22"),
    ],
)
def test_two_digit_number_is_the_smallest(cards, number):
    pair = sorted(C[c] for c in cards)
    assert f"{number_of(pair):02d}" == number


def test_rulebook_order_example_07_24_26():
    # Seats in a scrambled order: Tobia 26 (seat 0), Vanessa 07 (seat 1), Pietro 24 (seat 2).
    s = table(
        3,
        [("protection", "material_thief"), ("siesta", "black_market"), ("debris", "workers")],
    )
    assert s.order == (1, 2, 0)
    view = GAME.public_view(s)
    assert [view.players[v].number_text for v in (1, 2, 0)] == ["07", "24", "26"]


TIE_STEPS = [
    ("vp", {"vp": 3}, {"vp": 2}),
    ("coloured cubes", {"cubes": [2, 0, 0, 0, 0]}, {"cubes": [1, 0, 0, 0, 5]}),
    ("pesos", {"pesos": 4}, {"pesos": 3, "workers": 5}),
    ("workers", {"workers": 2}, {"workers": 1, "cubes": [0, 0, 0, 0, 6]}),
    ("rubble", {"cubes": [0, 0, 0, 0, 2]}, {"cubes": [0, 0, 0, 0, 1]}),
]


@pytest.mark.parametrize(("step", "more", "fewer"), TIE_STEPS, ids=[t[0] for t in TIE_STEPS])
def test_tie_break_steps_fewer_goes_first(step, more, fewer):
    """Equal numbers: fewer VP, then fewer coloured cubes, pesos, workers, rubble (E3). Seat 1 is
    older (age rank 1) so only the step under test can put it first."""
    ups = [("siesta", "protection"), ("siesta", "protection")]
    s = table(2, ups, holdings=[more, fewer], ages=[0, 1])
    assert s.order == (1, 0), step


def test_youngest_breaks_a_full_tie():
    ups = [("siesta", "protection")] * 3
    s = table(3, ups, ages=[2, 0, 1])
    assert s.order == (1, 2, 0)


def test_age_ranks_are_a_public_random_permutation():
    ranks = {
        tuple(p.age_rank for p in GAME.public_view(GAME.new(4, seed)).players) for seed in range(20)
    }
    assert all(sorted(r) == [0, 1, 2, 3] for r in ranks)
    assert len(ranks) > 1


def test_order_is_frozen_for_the_round():
    """E2: seat 0 goes first with fewer VP, then buys past seat 1; phase III still starts with
    seat 0 (the order of phase I), and the new order only counts from the next round."""
    ups = [("siesta", "protection"), ("siesta", "protection")]
    rows = (
        ["fountain", "statue", "well", "cottage", "shed", "kiosk"],
        ["bakery", "cafe", "bodega", "warehouse", "chapel", "school"],
    )
    s = table(
        2,
        ups,
        holdings=[{"cubes": [1, 0, 0, 0, 0], "pesos": 2, "vp": 0}, {"vp": 1}],
        ages=[1, 0],
        rows=rows,
    )
    assert s.order == (0, 1)
    s, _ = play(s, (0, "buy:top:left"))  # nothing more to buy: the turn ends by itself
    assert s.players[0].vp == 2 > s.players[1].vp
    # seat 1 cannot buy: its turn ends by itself; phase III follows the frozen order
    assert [(d.seat, d.kind) for d in GAME.pending(s)] == [(0, "cover")]
    s, _ = play(s, (0, "cover:left"), (0, "place:mama"), (1, "cover:left"), (1, "place:mama"))
    assert s.round == 2 and s.order == (1, 0)
