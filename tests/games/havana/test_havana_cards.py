"""The 13 action cards, with the rulebook's worked examples (spec section 4)."""

import pytest
from havana_helpers import C, cubes, decider, play, refreshment_table, table, text

from games.core import IllegalAction
from games.havana import GAME

ROWS = (
    ["fountain", "statue", "well", "cottage", "shed", "kiosk"],
    ["bakery", "cafe", "bodega", "warehouse", "chapel", "market_stall"],
)
IDLE = ("siesta", "protection")  # a pair that does nothing and protects
BUSY = ("workers", "mama")  # number 49: acts late and stops at "which first?", before phase II


def test_siesta_does_nothing_and_is_resolved_by_itself():
    s = table(2, [("siesta", "debris"), IDLE], centre=cubes(rubble=2))
    # debris resolved automatically (siesta needs no order choice); seat 0 cannot buy -> next seat
    assert s.players[0].cubes == cubes(rubble=2)


def test_debris_example_takes_all_four_grey():
    s = table(2, [("debris", "siesta"), BUSY], centre=cubes(red=1, rubble=4))
    assert s.players[0].cubes == cubes(rubble=4)
    assert s.centre == cubes(red=1)


def test_both_actions_in_the_chosen_order():
    """E19: debris before mama takes all grey, so mama finds none."""
    centre = cubes(red=2, rubble=4)
    s = table(2, [("debris", "mama"), IDLE], centre=centre)
    assert decider(s) == (0, "first")
    assert sorted(GAME.legal_codes(s, 0)) == ["first:debris", "first:mama"]
    a, _ = play(s, (0, "first:debris"))
    assert a.players[0].cubes == cubes(red=1, rubble=4)
    b, _ = play(s, (0, "first:mama"))
    assert b.players[0].cubes == cubes(red=1, rubble=4)  # mama 2 grey + 1 red, debris the other 2
    c = table(2, [("debris", "mama"), IDLE], centre=cubes(red=2, rubble=5))
    c1, _ = play(c, (0, "first:mama"))
    c2, _ = play(c, (0, "first:debris"))
    assert c1.players[0].cubes[4] == 5 and c2.players[0].cubes[4] == 5


def test_mama_example_six_coloured_five_grey():
    s = table(2, [("mama", "siesta"), BUSY], centre=cubes(brown=1, yellow=2, red=3, rubble=5))
    assert s.players[0].cubes == cubes(rubble=3)
    assert decider(s) == (0, "mama")
    assert GAME.legal_codes(s, 0) == ["take:red", "take:yellow", "take:brown"]
    s, _ = play(s, (0, "take:yellow"), (0, "take:brown"), (0, "take:red"))
    assert s.players[0].cubes == cubes(yellow=1, brown=1, red=1, rubble=3)
    assert s.centre == cubes(yellow=1, red=2, rubble=2)


def test_mama_with_one_colour_left_takes_it_by_itself():
    s = table(2, [("mama", "siesta"), BUSY], centre=cubes(blue=3))
    assert s.players[0].cubes == cubes(blue=2)


def test_pesos_example_10_then_5_then_3():
    s = table(
        3, [("pesos", "siesta"), ("pesos", "protection"), BUSY], centre_pesos=10, ages=[0, 1, 2]
    )
    assert s.players[0].pesos == 5
    assert s.players[1].pesos == 3
    assert s.centre_pesos == 2


def test_workers_first_takes_two_later_one():
    s = table(3, [("workers", "siesta"), ("workers", "protection"), IDLE], ages=[0, 1, 2])
    assert [p.workers for p in s.players] == [2, 1, 0]
    assert s.bank_workers == 12


def test_workers_take_what_the_bank_has():
    """E10: the first workers card is entitled to 2 but the bank holds 1; the next gets none."""
    ups = [("siesta", "workers"), ("workers", "protection"), BUSY]
    s = table(3, ups, holdings=[{}, {}, {"workers": 14}])
    assert s.order == (0, 1, 2)
    assert s.players[0].workers == 1 and s.players[1].workers == 0 and s.bank_workers == 0


def test_black_market_first_draws_two_later_one():
    s = table(3, [("black_market", "siesta"), ("black_market", "protection"), BUSY], ages=[0, 1, 2])
    assert [sum(p.cubes) for p in s.players] == [2, 1, 0]
    assert sum(s.bag) == 80 - 3 - 3


def test_architect_takes_one_worker_and_allows_architect_buildings():
    rows = (["bank", "statue", "well", "cottage", "shed", "museum"], list(ROWS[1]))
    holdings = [{"cubes": cubes(yellow=1, blue=2), "pesos": 8}, {}]
    s = table(2, [("architect", "siesta"), IDLE], holdings=holdings, rows=rows)
    assert s.players[0].workers == 1
    assert "buy:top:left" in GAME.legal_codes(s, 0)  # bank: yellow + pesos, needs architect
    s, _ = play(s, (0, "buy:top:left"))
    bank = s.deck[s.players[0].buildings[0]]
    assert bank.id == "bank" and bank.requires_architect and s.players[0].vp == bank.vp
    # E12 (c): the architect is not used up; museum needs a yellow cube: none left
    assert "buy:top:right" not in GAME.legal_codes(s, 0)


def test_architect_requirement_without_the_card():
    rows = (["bank", "statue", "well", "cottage", "shed", "museum"], list(ROWS[1]))
    holdings = [{"cubes": cubes(yellow=1), "pesos": 8}, {}]
    s = table(2, [("workers", "siesta"), IDLE], holdings=holdings, rows=rows)
    assert "buy:top:left" not in GAME.legal_codes(s, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, "buy:top:left")
    assert "Architect" in str(err.value.msg)


def test_architect_counts_with_an_empty_worker_bank():
    """E12 (b): no worker left in the bank, yet the face-up architect still allows the bank."""
    rows = (["bank", "statue", "well", "cottage", "shed", "museum"], list(ROWS[1]))
    s = table(
        2,
        [("architect", "siesta"), IDLE],
        holdings=[{"cubes": cubes(yellow=1), "pesos": 8, "workers": 15}, {}],
        rows=rows,
    )
    # seat 1 shows 02 and goes first; it can buy nothing, so its turn ends by itself
    assert s.order == (1, 0)
    assert decider(s) == (0, "buy")
    assert s.players[0].workers == 15 and s.bank_workers == 0
    assert "buy:top:left" in GAME.legal_codes(s, 0)
    s, _ = play(s, (0, "buy:top:left"))
    bank = s.deck[s.players[0].buildings[0]]
    assert bank.id == "bank" and bank.requires_architect and s.players[0].vp == bank.vp


def test_refreshment_choose_a_card_privately():
    s = refreshment_table()
    (d,) = GAME.pending(s)
    assert (d.seat, d.kind, d.secret) == (0, "refresh", True)
    assert GAME.legal_codes(s, 0) == ["refresh:pesos", "refresh:mama", "skip"]
    s2, events = play(s, (0, "refresh:mama"))
    assert C["mama"] in s2.players[0].hand and s2.players[0].discard == [C["pesos"]]
    public = [str(e.msg) for e in events if e.only_for is None]
    private = [str(e.msg) for e in events if e.only_for == 0]
    assert not any("Mama" in t for t in public)
    assert any("Mama" in t for t in private)
    s3, _ = play(s, (0, "skip"))
    assert s3.players[0].discard == [C["mama"], C["pesos"]]


def test_refreshment_with_an_empty_discard_does_nothing():
    s = table(2, [("refreshment", "siesta"), IDLE], start=False)
    from games.havana.engine import _start_round, settle

    s.phase = "actions"
    events: list = []
    _start_round(s, events)
    settle(s, events)
    assert s.order == (0, 1)
    assert any("empty discard pile" in t for t in text(events))
    # nothing to choose: no refreshment question, both turns ended, phase III has begun
    assert decider(s) == (0, "cover")
    assert len(s.players[0].hand) == 11 and s.players[0].discard == []


def test_demolition_example_only_one_per_round():
    """Sara, Tobia and Vanessa all show demolition; Sara removes the top-left building."""
    ups = [("demolition", "siesta"), ("demolition", "protection"), ("demolition", "black_market")]
    s = table(3, ups, ages=[0, 1, 2], rows=ROWS)
    assert s.order == (0, 1, 2)
    assert decider(s) == (0, "demolish")
    assert GAME.legal_codes(s, 0) == [
        "demolish:top:left",
        "demolish:top:right",
        "demolish:bottom:left",
        "demolish:bottom:right",
        "skip",
    ]
    fountain = s.rows[0][0]
    s, events = play(s, (0, "demolish:top:left"))
    assert fountain in s.box_buildings and fountain not in s.rows[0]
    assert s.flags & 4
    # Tobia's and Vanessa's demolitions do nothing this round
    assert any("already demolished" in t for t in text(events))
    assert all(d.kind != "demolish" for d in GAME.pending(s))


def test_demolition_declined_leaves_the_right_to_later_players():
    ups = [("demolition", "siesta"), ("demolition", "protection")]
    s = table(2, ups, ages=[0, 1], rows=ROWS)
    s, _ = play(s, (0, "skip"))
    assert decider(s) == (1, "demolish")


def test_demolition_triggers_a_refill():
    rows = (["fountain", "statue", "well"], ROWS[1])
    s = table(
        2,
        [("demolition", "siesta"), IDLE],
        rows=rows,
        stack=["cafe", "kiosk", "chapel", "school", "hotel"],
    )
    s, _ = play(s, (0, "demolish:top:right"))
    names = [s.deck[b].id for b in s.rows[0]]
    assert names == ["fountain", "cafe", "kiosk", "chapel", "school", "statue"]
    assert [s.deck[b].id for b in s.stack] == ["hotel"]


def test_tax_collector_example_pietro_hits_only_later_players():
    """Order Vanessa, Pietro, Tobia, Sara: Pietro takes 1 peso and removes 1 worker or cube from
    Tobia and Sara, not Vanessa; workers go to the bank, cubes to the box."""
    ups = [
        ("siesta", "refreshment"),
        ("siesta", "tax_collector"),
        ("siesta", "workers"),
        ("siesta", "material_thief"),
    ]
    holdings = [
        {"workers": 2, "cubes": cubes(red=1)},
        {},
        {"workers": 1, "cubes": cubes(blue=1)},
        {"cubes": cubes(rubble=2)},
    ]
    s = table(4, ups, holdings=holdings)
    assert s.order == (0, 1, 2, 3)
    bank_pesos = s.bank_pesos
    assert s.players[1].pesos == 1 and s.bank_pesos == bank_pesos
    assert decider(s) == (1, "tax")
    tobia = s.players[2]
    # Tobia's own workers card has not been resolved yet: his turn has not started
    assert tobia.workers == 1
    assert GAME.legal_codes(s, 1) == ["remove:worker", "remove:blue"]
    s, _ = play(s, (1, "remove:worker"))
    # Sara has only rubble: one choice, taken by itself; her rubble goes to the box
    # Tobia lost his worker, then took 2 with his own (first) workers card
    assert s.players[2].workers == 2
    assert s.players[3].cubes == cubes(rubble=1)
    assert s.box_cubes == cubes(rubble=1)
    assert s.players[0].workers == 2 and s.players[0].cubes == cubes(red=1)


def test_tax_collector_skips_protected_and_empty_players_and_last_collector_only_takes_a_peso():
    ups = [("siesta", "tax_collector"), ("protection", "workers"), ("debris", "black_market")]
    holdings = [{}, {"workers": 3}, {"pesos": 1}]
    s = table(3, ups, holdings=holdings)
    assert s.order == (0, 1, 2)
    assert s.players[0].pesos == 1
    assert s.players[1].workers == 3 + 2  # protected, then its own workers card
    assert s.players[2].pesos == 1  # nothing to remove
    last = table(
        2, [("siesta", "protection"), ("siesta", "tax_collector")], holdings=[{"workers": 2}, {}]
    )
    assert last.order == (0, 1)
    assert last.players[1].pesos == 1 and last.players[0].workers == 2


def test_peso_thief_example_7_gives_3_and_targets_only_later_players():
    ups = [
        ("siesta", "debris"),
        ("siesta", "peso_thief"),
        ("siesta", "black_market"),
        ("siesta", "pesos"),
    ]
    holdings = [{"pesos": 9}, {}, {"pesos": 7}, {"pesos": 4}]
    s = table(4, ups, holdings=holdings, ages=[0, 1, 2, 3])
    assert s.order == (0, 1, 2, 3)
    assert decider(s) == (1, "target")
    assert GAME.legal_codes(s, 1) == ["target:3", "target:4"]
    s, _ = play(s, (1, "target:3"))
    assert s.players[1].pesos == 3 and s.players[2].pesos == 4


def test_peso_thief_last_may_rob_anyone_unprotected():
    """E7: nobody left to act -> any other player, except protected ones."""
    ups = [("siesta", "debris"), ("siesta", "protection"), ("siesta", "peso_thief")]
    s = table(3, ups, holdings=[{"pesos": 5}, {"pesos": 6}, {}])
    assert s.order == (0, 1, 2)
    # only seat 0 is a possible target (seat 1 is protected), so the theft happened by itself
    assert s.players[2].pesos == 2 and s.players[0].pesos == 3 and s.players[1].pesos == 6


def test_thief_with_only_protected_following_players_does_nothing():
    """E8: following players exist but all are protected: no fallback to earlier players."""
    ups = [("siesta", "debris"), ("siesta", "peso_thief"), ("protection", "black_market")]
    s = table(3, ups, holdings=[{"pesos": 8}, {}, {"pesos": 8}])
    assert s.order == (0, 1, 2)
    assert s.players[1].pesos == 0 and s.players[0].pesos == 8


def test_protection_works_before_its_owner_plays():
    """E9: seat 1 acts after the thief but is protected all round."""
    ups = [("siesta", "material_thief"), ("protection", "debris")]
    s = table(2, ups, holdings=[{}, {"cubes": cubes(red=3)}])
    assert s.order == (0, 1)
    assert s.players[0].cubes == cubes() and s.players[1].cubes[0] == 3


def test_material_thief_example_sara_four_coloured_three_grey():
    ups = [("siesta", "material_thief"), BUSY]
    sara = {"cubes": cubes(yellow=1, brown=1, red=2, rubble=3)}
    s = table(2, ups, holdings=[{}, sara])
    assert s.order == (0, 1)
    assert decider(s) == (0, "steal")  # the single target was chosen by itself
    assert s.step == ("steal", 1, 2)
    s, _ = play(s, (0, "take:brown"), (0, "take:rubble"))
    assert s.players[0].cubes == cubes(brown=1, rubble=1)
    assert s.players[1].cubes == cubes(yellow=1, red=2, rubble=2)


def test_material_thief_takes_one_from_three_coloured():
    ups = [("siesta", "material_thief"), BUSY]
    s = table(2, ups, holdings=[{}, {"cubes": cubes(red=3, rubble=5)}])
    assert s.step == ("steal", 1, 1)
    s, _ = play(s, (0, "take:red"))
    assert s.players[0].cubes == cubes(red=1)
    assert GAME.pending(s)[0].kind != "steal"


def test_material_thief_last_robs_an_earlier_player():
    """E7 for the material thief: acting last, it may rob a player who has already played."""
    ups = [("siesta", "debris"), ("siesta", "protection"), ("siesta", "material_thief")]
    holdings = [{"cubes": cubes(red=1, blue=1)}, {"cubes": cubes(yellow=3)}, {}]
    s = table(3, ups, holdings=holdings, centre=cubes())
    assert s.order == (0, 1, 2)
    assert decider(s) == (2, "steal") and s.step == ("steal", 0, 1)
    assert GAME.legal_codes(s, 2) == ["take:red", "take:blue"]
    s, _ = play(s, (2, "take:blue"))
    assert s.players[2].cubes == cubes(blue=1) and s.players[0].cubes == cubes(red=1)
    assert s.players[1].cubes == cubes(yellow=3)


def test_tax_collector_may_remove_rubble_and_gets_no_peso_from_an_empty_bank():
    """E11: grey cubes count as cubes (to the box); E31: an empty bank pays the collector 0."""
    ups = [("siesta", "tax_collector"), BUSY]
    s = table(2, ups, holdings=[{}, {"cubes": cubes(red=1, rubble=2), "workers": 1}], start=False)
    s.centre_pesos += s.bank_pesos
    s.bank_pesos = 0
    from games.havana.engine import _start_round, settle

    s.phase = "actions"
    _start_round(s, [])
    settle(s, [])
    assert decider(s) == (0, "tax") and s.players[0].pesos == 0
    assert GAME.legal_codes(s, 0) == ["remove:worker", "remove:red", "remove:rubble"]
    s, _ = play(s, (0, "remove:rubble"))
    assert s.players[1].cubes == cubes(red=1, rubble=1) and s.players[1].workers == 1
    assert s.box_cubes == cubes(rubble=1)


def test_black_market_with_an_empty_bag_draws_nothing():
    """E24/E29: a mandatory action with nothing to act on resolves with no effect."""
    s = table(2, [("black_market", "siesta"), BUSY], start=False)
    for i in range(5):
        s.box_cubes[i] += s.bag[i]
        s.bag[i] = 0
    from games.havana.engine import _start_round, settle

    s.phase = "actions"
    events: list = []
    _start_round(s, events)
    settle(s, events)
    assert s.players[0].cubes == cubes() and s.flags & 2
    assert any("draws no cube: the bag is empty" in t for t in text(events))
