"""Buying from the row ends, exchanges, refill, the immediate win and the other ends (5, 6)."""

import pytest
from havana_helpers import cubes, decider, play, table, text

from games.core import IllegalAction
from games.havana import GAME

ROWS = (
    ["fountain", "statue", "well", "cottage", "shed", "kiosk"],
    ["bakery", "cafe", "bodega", "warehouse", "chapel", "market_stall"],
)
IDLE = ("siesta", "protection")
BUSY = ("workers", "mama")


def test_rulebook_purchase_one_red_two_pesos_is_two_vp():
    s = table(2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=ROWS)
    bank = s.bank_pesos
    s, events = play(s, (0, "buy:top:left"))
    assert s.players[0].vp == 2 and s.deck[s.players[0].buildings[0]].id == "fountain"
    assert s.box_cubes == cubes(red=1) and s.bank_pesos == bank + 2
    assert s.players[0].cubes == cubes() and s.players[0].pesos == 0
    assert any("Fountain" in t for t in text(events))


def test_only_row_ends_are_offered_and_inner_cards_come_free_in_order():
    rows = (["fountain", "statue", "well", "cottage", "kiosk", "shed"], ROWS[1])
    s = table(2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1, yellow=1), "pesos": 4}], rows=rows)
    codes = GAME.legal_codes(s, 0)
    assert codes == ["buy:top:left", "end"]  # fountain; statue (yellow) is not at an end yet
    s, _ = play(s, (0, "buy:top:left"))
    assert "buy:top:left" in GAME.legal_codes(s, 0)  # the statue is the new end
    s, _ = play(s, (0, "buy:top:left"))
    assert s.players[0].vp == 4
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "buy:bottom:left")


def test_buying_is_only_after_both_actions():
    s = table(
        2, [("debris", "mama"), BUSY], rows=ROWS, holdings=[{"cubes": cubes(red=1), "pesos": 2}]
    )
    assert decider(s) == (0, "first")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, "buy:top:left")
    assert "both of your actions" in str(err.value.msg)


def test_refill_puts_four_between_the_two_last():
    stack = ["hotel", "theatre", "school", "plaza", "library"]
    rows = (["fountain", "statue", "cottage"], ROWS[1])
    s = table(
        2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=rows, stack=stack
    )
    s, events = play(s, (0, "buy:top:left"))
    assert [s.deck[b].id for b in s.rows[0]] == [
        "statue",
        "hotel",
        "theatre",
        "school",
        "plaza",
        "cottage",
    ]
    assert [s.deck[b].id for b in s.stack] == ["library"]


def test_refill_with_a_short_deck_and_an_empty_deck():
    rows = (["fountain", "statue", "cottage"], ROWS[1])
    s = table(
        2,
        [IDLE, BUSY],
        holdings=[{"cubes": cubes(red=2, yellow=1, rubble=1), "pesos": 4}],
        rows=rows,
        stack=["kiosk"],
    )
    s, _ = play(s, (0, "buy:top:left"))
    assert [s.deck[b].id for b in s.rows[0]] == ["statue", "kiosk", "cottage"]
    assert s.stack == []
    s, _ = play(s, (0, "buy:top:right"))  # cottage: the row drops to 2 with nothing to add
    assert [s.deck[b].id for b in s.rows[0]] == ["statue", "kiosk"]
    s, _ = play(s, (0, "buy:top:left"))  # statue
    assert [s.deck[b].id for b in s.rows[0]] == ["kiosk"]


def test_single_card_row_is_both_ends_and_empty_row_offers_nothing():
    rows = (["fountain"], [])
    s = table(
        2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=rows, stack=["kiosk"]
    )
    assert GAME.legal_codes(s, 0) == ["buy:top:left", "end"]
    view = GAME.public_view(s)
    assert view.rows[0].buyable_ends == ("left",) and view.rows[1].buyable_ends == ()


def test_exchange_five_pesos_for_a_worker_when_short():
    # bakery: 1 yellow + 1 worker; no worker, 5 pesos -> paid with pesos, no question
    s = table(
        2, [IDLE, BUSY], holdings=[{"cubes": cubes(yellow=1), "pesos": 5}], rows=(ROWS[1], ROWS[0])
    )
    s, _ = play(s, (0, "buy:top:left"))
    assert s.players[0].vp == 2 and s.players[0].pesos == 0 and s.players[0].workers == 0


def test_exchange_is_a_choice_when_both_ways_are_possible():
    s = table(
        2,
        [IDLE, BUSY],
        holdings=[{"cubes": cubes(yellow=1, rubble=5), "pesos": 5, "workers": 1}],
        rows=(ROWS[1], ROWS[0]),
    )
    s, _ = play(s, (0, "buy:top:left"))
    assert decider(s) == (0, "pay")
    assert GAME.legal_codes(s, 0) == ["pay:worker", "pay:pesos"]
    a, _ = play(s, (0, "pay:pesos"))
    assert GAME.legal_codes(a, 0) == ["pay:yellow", "pay:rubble"]
    a, _ = play(a, (0, "pay:rubble"))
    assert a.players[0].cubes == cubes(yellow=1) and a.box_cubes == cubes(rubble=5)
    assert a.players[0].vp == 2
    assert a.players[0].workers == 1 and a.players[0].pesos == 0


def test_no_reverse_exchange_and_no_colour_swap():
    """Statue needs a yellow: red cubes, workers and 4 rubble never replace it (5.2, E20)."""
    s = table(
        2,
        [IDLE, BUSY],
        holdings=[{"cubes": cubes(red=3, rubble=4), "pesos": 2, "workers": 3}],
        rows=(["statue"], []),
        start=False,
    )
    from games.havana.engine import _start_round

    s.phase = "actions"
    _start_round(s, [])
    s.step = ("buy",)  # seat 0's actions are over: stop at its buying step
    s.cards_to_resolve = ()
    assert GAME.legal_codes(s, 0) == ["end"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, "buy:top:left")
    assert "cannot pay" in str(err.value.msg)
    give_rubble = s.clone()
    give_rubble.players[0].cubes[4] = 5
    give_rubble.bag[4] -= 1
    assert GAME.legal_codes(give_rubble, 0) == ["buy:top:left", "end"]


def test_reaching_the_target_ends_the_game_at_once():
    ups = [IDLE, BUSY, ("debris", "mama")]
    s = table(3, ups, holdings=[{"cubes": cubes(red=1), "pesos": 2, "vp": 18}], rows=ROWS)
    assert s.order[0] == 0
    centre_cubes, centre_pesos = sum(s.centre), s.centre_pesos
    s, events = play(s, (0, "buy:top:left"))
    assert GAME.is_over(s) and GAME.pending(s) == ()
    r = GAME.result(s)
    assert r.winners == (0,) and r.scores[0] == 20 and "20 VP" in str(r.reason)
    assert s.round == 1 and s.players[1].played is False
    # no phase II: the centre did not receive its 3 cubes and 3 pesos
    assert sum(s.centre) == centre_cubes and s.centre_pesos == centre_pesos


def test_fallback_round_limit():
    s = table(2, [IDLE, IDLE], options={"max_rounds": 1})
    # both turns end by themselves; phase III is played
    s, _ = play(
        s,
        (s.order[0], "cover:left"),
        (s.order[0], "place:mama"),
        (s.order[1], "cover:left"),
        (s.order[1], "place:mama"),
    )
    assert GAME.is_over(s)
    r = GAME.result(s)
    assert r.winners == (0, 1) and "within 1 round " in str(r.reason)


def test_fallback_no_buildings_left():
    rows = (["market_stall"], [])
    s = table(2, [("demolition", "siesta"), BUSY], rows=rows, stack=[])
    s, _ = play(s, (0, "demolish:top:left"))
    assert GAME.is_over(s)
    assert "No buildings" in str(GAME.result(s).reason)
