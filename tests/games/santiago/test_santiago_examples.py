"""The worked examples of the rulebooks, each replayed move by move.

Sources: the German (Yucata) rules, the Italian, Russian and Spanish translations; each example
appears in all of them with different player names.
"""

from __future__ import annotations

from santiago_helpers import arrange, codes, drive_to, holding, keys, play, space, started

from games.santiago import GAME


def test_car_from_maria_to_pedro_costs_two_pesos():
    """'Martina fährt mit dem Auto von „Maria“ zu „Pedro“. Das kostet sie 2 Pesos.' Pedro's white
    flower then sends her pawn to a white building."""
    road = [
        "maria",
        "jose",
        "conchita",
        "pedro",
        "el_zorro",
        "miguel",
        "pablo",
        "martinez",
        "alonso",
    ]
    s = arrange(started(), road=road, car="maria", pesos={0: 3})
    assert drive_to(s, "pedro", road) == "drive:3"
    s, _ = play(s, "drive:3")
    assert s.pesos[0] == 1
    s, _ = play(s, "use")
    assert holding(s, 0, "tobacco") == 1 + 2
    assert codes(s) == ["pawn:harbour_office", "pawn:office", "pawn:newspaper"]


def test_miguel_sends_the_pawn_to_the_only_free_blue_building():
    """Miguel: 2 wood; blue buildings are the cigar factory (Philipp's pawn), the black market
    (her own pawn, may not stay) and the bank, owned by Philipp: she takes 2 pesos at the bank
    and Philipp gets 1 VP."""
    s = arrange(
        started(),
        car="conchita",
        pawns={0: "black_market", 1: "cigar_factory"},
        owners={"bank": 1},
        pesos={0: 1},
        vp={1: 5},
    )
    s, events = play(s, "drive:1", "use")
    assert holding(s, 0, "wood") == 2
    assert s.pawn[0] == space(s, "bank")  # moved without asking: the bank was the only choice
    assert "santiago.event.forced_pawn" in keys(events)
    s, events = play(s, "use")
    assert s.pesos[0] == 1 - 0 + 2
    assert s.vp[1] == 6
    assert "santiago.event.owner_vp" in keys(events)


def test_delivery_round_at_price_three():
    """Peter delivers 2 citrus (6 VP), Martina 2 sugar cane (6 VP), Philipp cannot deliver his
    sugar cane and delivers 1 citrus (3 VP), Lupo has nothing and passes, Peter delivers 1 rum
    (3 VP); 1 citrus is still wanted, everyone passes and the price moves one flag right."""
    s = arrange(
        started(4),
        car="alonso",
        price=3,
        demand={"citrus": 4, "sugar_cane": 2, "rum": 1, "tobacco": 0},
        goods={
            0: {"citrus": 2, "rum": 1},
            1: {"sugar_cane": 2},
            2: {"sugar_cane": 2, "citrus": 1},
            3: {"wood": 0},
        },
        vp={0: 0, 1: 0, 2: 0, 3: 0},
    )
    s, _ = play(s, "drive:1", "deliver:citrus", "amount:2")
    assert s.vp[0] == 6
    s, _ = play(s, "deliver:sugar_cane", "amount:2")
    assert s.vp[1] == 6
    assert "deliver:sugar_cane" not in codes(s)  # the sugar demand is exhausted
    s, _ = play(s, "deliver:citrus")
    # He holds 1 citrus only, yet the one possible amount is asked for: taking it on its own
    # would tell the table what lies behind his screen.
    assert codes(s) == ["amount:1"] and GAME.pending(s)[0].private_options
    s, _ = play(s, "amount:1")
    assert s.vp[2] == 3
    # Lupo has nothing: he is asked like everybody else, and can only pass.
    assert GAME.pending(s)[0].seat == 3 and codes(s) == ["pass"]
    s, events = play(s, "pass", "deliver:rum", "amount:1")
    assert s.vp[0] == 9
    # nobody can deliver the last citrus: each passes in turn and the price rises.
    assert [d.seat for d in GAME.pending(s)] == [1] and codes(s) == ["pass"]
    s, events = play(s, "pass", "pass", "pass")
    assert "santiago.event.all_passed" in keys(events)
    assert dict(zip(s.dice_goods, s.dice_values, strict=True))[1] == 1
    assert s.price == 4
    assert s.ships == 0
    assert GAME.pending(s)[0].kind == "santiago.drive" and s.active == 1


def test_two_wood_replace_one_demanded_good_only():
    """Demand 2 sugar cane, 2 rum, 1 tobacco; 2 wood give 2 VP and turn the sugar or the rum die
    to 0; they cannot replace 1 tobacco and 1 rum."""
    demand = {"sugar_cane": 2, "rum": 2, "tobacco": 1, "citrus": 0}
    s = arrange(
        started(2),
        car="alonso",
        price=3,
        demand=demand,
        goods={0: {"wood": 2}, 1: {}},
        vp={0: 0},
    )
    s, _ = play(s, "drive:1")
    assert codes(s) == ["wood:sugar_cane", "wood:rum", "wood:tobacco", "pass"]
    s_tob, _ = play(s, "wood:tobacco", "amount:1")  # one wood only: the tobacco die wants 1
    assert s_tob.vp[0] == 1 and holding(s_tob, 0, "wood") == 1
    s, _ = play(s, "wood:rum")
    assert codes(s) == ["amount:1", "amount:2"]
    s, _ = play(s, "amount:2")
    assert s.vp[0] == 2  # 1 VP per wood whatever the price
    assert dict(zip(s.dice_goods, s.dice_values, strict=True)) == {0: 2, 3: 0, 2: 1, 1: 0}
    s, _ = play(s, "pass", "pass")  # then nobody could deliver: both pass
    assert s.price == 4


def test_alonso_uses_own_bank_then_moves_to_a_white_building():
    """Martina drives to the lawyer, uses the bank she owns (2 pesos), then moves her pawn to a
    white building as usual and may use it too."""
    s = arrange(started(), car="martinez", owners={"bank": 0}, pesos={0: 1})
    s, _ = play(s, "drive:1")
    assert codes(s) == ["alonso:claim", "alonso:use", "skip"]
    s, events = play(s, "alonso:use")  # she owns one building: it is chosen without asking
    assert s.pesos[0] == 3
    assert codes(s) == ["pawn:harbour_office", "pawn:office", "pawn:newspaper"]
    s, _ = play(s, "pawn:newspaper", "use")
    assert s.pesos[0] == 4


def test_el_zorro_in_the_very_first_round_gives_no_building():
    """'Fährst du in der allerersten Runde zu „El Zorro“, kannst du kein Gebäude nutzen.'"""
    s = arrange(started(3), car="jose", pawns={})
    s, events = play(s, "drive:1", "use")
    assert sorted(d.seat for d in GAME.pending(s)) == [1, 2]  # both victims decide at once
    s, events = play(s, (2, "zorro:give:vp"), (1, "zorro:give:tobacco"))
    assert "santiago.event.no_pawn" in keys(events)
    assert s.pawn[0] == -1 and GAME.pending(s)[0].seat == 1
