"""Citizens, buildings, the pawn and its exceptions, the ship, and the gaps E1-E30 of the spec."""

from __future__ import annotations

import pytest
from santiago_helpers import (
    BUILDINGS,
    ROAD,
    arrange,
    codes,
    holding,
    keys,
    kinds,
    play,
    space,
    started,
    stop_of,
)

from games.core import IllegalAction, OptionError
from games.santiago import GAME
from games.santiago import data as D

# ------------------------------------------------------------------ setup


def test_setup_gives_each_player_the_starting_holdings_and_last_player_rolls():
    for players in (2, 3, 4):
        s = GAME.new(players, 99)
        (decision,) = GAME.pending(s)
        assert decision.kind == "santiago.roll"
        assert decision.seat == (s.start - 1) % players  # E30: the last player in turn order
        assert codes(s) == [
            f"leave:{g}" for g in ("sugar_cane", "citrus", "tobacco", "rum", "cigar")
        ]
        for seat in range(players):
            assert (s.pesos[seat], s.vp[seat]) == (3, 2)
            assert holding(s, seat, "sugar_cane") == holding(s, seat, "citrus") == 1
            assert holding(s, seat, "tobacco") == 1
        assert s.supply[D.SUGAR] == 8 - players and s.supply[D.WOOD] == 8
        assert s.car == 0 and s.price == 2 and s.ships == 0


def test_leaving_a_die_out_sets_the_demand_with_the_rolled_values():
    s = GAME.new(3, 5)
    rolled = s.rolled
    s, _ = play(s, "leave:rum")
    assert s.aside == (D.RUM, rolled[D.RUM])
    assert s.dice_goods == [D.SUGAR, D.CITRUS, D.TOBACCO, D.CIGAR]
    assert s.dice_values == [rolled[g] for g in s.dice_goods]
    assert kinds(s) == [(s.start, "santiago.drive")]


def test_player_count_is_two_to_four():
    for bad in (1, 5):
        with pytest.raises(OptionError):
            GAME.new(bad, 1)


# ------------------------------------------------------------------ the car


def test_drive_costs_one_peso_per_stop_after_the_first_and_max_ten():
    s = arrange(started(), car="maria", pesos={0: 3})
    assert codes(s) == ["drive:1", "drive:2", "drive:3", "drive:4"]
    rich = arrange(started(), car="maria", pesos={0: 40})
    assert codes(rich)[-1] == "drive:10"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, "drive:6")
    assert str(err.value.msg) == (
        "You cannot afford to drive 6 stops: that costs 5 pesos and you have 3."
    )


def test_max_distance_option():
    s = arrange(started(max_distance=3), car="maria", pesos={0: 40})
    assert codes(s) == ["drive:1", "drive:2", "drive:3"]


def test_a_one_stop_cap_makes_every_drive_forced_for_all_to_see():
    s = arrange(started(max_distance=1), car="maria", pesos={0: 5})
    assert s.road[s.car] == D.JOSE and kinds(s) == [(0, "santiago.citizen")]


def test_with_no_money_the_one_stop_drive_is_the_only_one_offered_but_still_asked():
    # Driving on its own would tell the table that the purse behind the screen is empty.
    s = arrange(started(), car="maria", pesos={0: 0})
    (decision,) = GAME.pending(s)
    assert decision.kind == "santiago.drive" and decision.private_options
    assert codes(s) == ["drive:1"] and s.car == stop_of("maria")
    s, _ = play(s, "drive:1")
    assert s.road[s.car] == D.JOSE


def test_at_an_open_table_the_one_stop_drive_without_money_is_taken_at_once():
    s = arrange(started(open_holdings=True), car="maria", pesos={0: 0}, goods={0: {}})
    assert s.road[s.car] == D.JOSE and kinds(s) == [(0, "santiago.citizen")]
    assert not GAME.pending(s)[0].private_options


def test_passing_the_harbour_raises_the_price_without_a_delivery_round():
    s = arrange(started(), car="alonso", pesos={0: 5}, price=2)
    s, events = play(s, "drive:2")  # through the harbour to Maria
    assert s.price == 3
    assert "santiago.event.delivery_round" not in keys(events)
    assert s.road[s.car] == D.MARIA


def test_departure_while_passing_the_harbour_continues_the_move_e8():
    s = arrange(started(), car="alonso", pesos={0: 5}, price=4, vp={0: 0})
    s, events = play(s, "drive:2", "use")
    assert (
        s.ships == 1 and s.price == 2 and s.dice_goods == []
    )  # the new ship has no demand yet (E9)
    assert s.vp[0] == 2  # Maria was still visited
    s, _ = play(s, "pawn:church", "use")
    (decision,) = GAME.pending(s)
    assert decision.kind == "santiago.roll" and decision.seat == 0  # the mover rolls at turn end
    s, _ = play(s, "leave:cigar")
    assert len(s.dice_goods) == 4 and s.active == 1


def test_starting_from_the_harbour_is_not_passing_it():
    s = arrange(started(), car=0, pesos={0: 9}, price=2)
    s, _ = play(s, "drive:10")  # a full lap ends on the harbour without passing it
    assert s.price == 2 and kinds(s)[0][1] == "santiago.deliver"


# ------------------------------------------------------------------ citizens


@pytest.mark.parametrize(
    ("citizen", "good", "amount"),
    [
        ("pedro", "tobacco", 2),
        ("jose", "sugar_cane", 2),
        ("conchita", "citrus", 2),
        ("miguel", "wood", 2),
    ],
)
def test_goods_citizens(citizen, good, amount):
    prev = ROAD[ROAD.index(citizen) - 1]
    s = arrange(started(), car=prev, goods={0: {}})
    s, _ = play(s, "drive:1")
    assert codes(s) == ["use", "skip"]
    used, _ = play(s, "use")
    assert holding(used, 0, good) == amount
    skipped, _ = play(s, "skip")
    assert holding(skipped, 0, good) == 0


def test_maria_gives_2_vp_and_martinez_3_pesos():
    s = arrange(started(), car=0, vp={0: 0}, pesos={0: 1})
    s, _ = play(s, "drive:1", "use")
    assert s.vp[0] == 2
    s = arrange(started(), car="pablo", pesos={0: 1})
    s, _ = play(s, "drive:1", "use")
    assert s.pesos[0] == 4


def test_short_supply_gives_what_is_left_e1():
    s = arrange(started(), car="el_zorro", goods={0: {}, 1: {"tobacco": 7}, 2: {}})
    s, _ = play(s, "drive:1", "use")
    assert holding(s, 0, "tobacco") == 1 and s.supply[D.TOBACCO] == 0


def test_short_supply_gives_nothing_without_partial_grants_c6():
    base = started(partial_supply_grants=False)
    s = arrange(base, car="el_zorro", goods={0: {}, 1: {"tobacco": 7}, 2: {}})
    s, events = play(s, "drive:1")
    assert "santiago.event.forced" in keys(events)  # only 'skip': Pedro has nothing to give
    assert holding(s, 0, "tobacco") == 0 and s.supply[D.TOBACCO] == 1


def test_pablo_gives_one_good_not_wood_c3():
    s = arrange(started(), car="miguel", goods={0: {}, 1: {"rum": 8}})
    s, _ = play(s, "drive:1")
    assert codes(s) == ["pablo:sugar_cane", "pablo:citrus", "pablo:tobacco", "pablo:cigar", "skip"]
    s, _ = play(s, "pablo:cigar")
    assert holding(s, 0, "cigar") == 1
    s = arrange(started(pablo_allows_wood=True), car="miguel")
    s, _ = play(s, "drive:1")
    assert "pablo:wood" in codes(s)


def test_el_zorro_every_victim_chooses_at_once_e18():
    s = arrange(
        started(4),
        car="jose",
        pawns={0: "bank"},
        pesos={0: 1, 1: 2, 2: 0, 3: 0},
        vp={0: 0, 1: 3, 2: 0, 3: 4},
        goods={0: {}, 1: {"rum": 1, "wood": 2}, 2: {"wood": 3}, 3: {}},
    )
    s, _ = play(s, "drive:1", "use")
    # Everybody is asked, also seat 2 (only wood: gives nothing) and seat 3 (only VP): were
    # they skipped or served on their own, the table would learn what their screens hide.
    assert kinds(s) == [(1, "santiago.zorro"), (2, "santiago.zorro"), (3, "santiago.zorro")]
    assert all(d.private_options for d in GAME.pending(s))
    assert codes(s, 1) == ["zorro:give:peso", "zorro:give:vp", "zorro:give:rum"]
    assert codes(s, 2) == ["zorro:nothing"] and codes(s, 3) == ["zorro:give:vp"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 2, "zorro:give:peso")
    s, events = play(s, (2, "zorro:nothing"), (3, "zorro:give:vp"))
    assert "santiago.event.zorro_nothing" in keys(events)
    assert s.vp[3] == 3 and s.vp[0] == 1
    s, _ = play(s, (1, "zorro:give:rum"))
    assert holding(s, 0, "rum") == 1 and holding(s, 1, "rum") == 0
    # exception 1: the pawn stays on the bank and may use it again.
    assert kinds(s) == [(0, "santiago.building")] and s.pawn[0] == space(s, "bank")
    s, _ = play(s, "use")
    assert s.pesos[0] == 3


def test_el_zorro_parallel_choices_in_any_order():
    s = arrange(started(3), car="jose", pawns={0: "bank"})
    s, _ = play(s, "drive:1", "use")
    assert sorted(seat for seat, _ in kinds(s)) == [1, 2]
    a, _ = play(s, (2, "zorro:give:peso"), (1, "zorro:give:vp"))
    b, _ = play(s, (1, "zorro:give:vp"), (2, "zorro:give:peso"))
    assert a.pesos == b.pesos and a.vp == b.vp and a.phase == b.phase


def test_alonso_claims_any_free_building_even_with_a_pawn_on_it_e15():
    s = arrange(started(), car="martinez", pawns={1: "casino"}, pesos={0: 1})
    s, _ = play(s, "drive:1", "alonso:claim")
    assert len(codes(s)) == 12
    s, _ = play(s, "claim:casino")
    assert s.owner[space(s, "casino")] == 0


def test_alonso_at_most_three_buildings_and_nothing_when_no_option():
    s = arrange(
        started(), car="martinez", owners={"bank": 0, "church": 0, "casino": 0}, pesos={0: 1}
    )
    s, _ = play(s, "drive:1")
    assert codes(s) == ["alonso:use", "skip"]
    s, _ = play(s, "alonso:use")
    assert codes(s) == ["own:church", "own:bank", "own:casino"]
    # neither option: nothing to decide, straight to the pawn
    s = arrange(started(), car="martinez", owners={b: 1 for b in BUILDINGS}, pesos={0: 1})
    s, events = play(s, "drive:1")
    assert kinds(s) == [(0, "santiago.pawn")]


def test_alonso_uses_a_white_building_twice_e16_and_gets_no_owner_vp_e17():
    layout = BUILDINGS[:]
    layout[5], layout[11] = layout[11], layout[5]  # bank under a white flower
    s = arrange(
        started(), buildings=layout, car="martinez", owners={"bank": 0}, vp={0: 0}, pesos={0: 1}
    )
    s, _ = play(s, "drive:1", "alonso:use", "pawn:bank", "use")
    assert s.pesos[0] == 1 + 2 + 2
    assert s.vp[0] == 0  # own building: no owner VP


# ------------------------------------------------------------------ the pawn


def test_pawn_must_move_and_cannot_enter_occupied_buildings():
    s = arrange(started(), car="alonso", pawns={0: "church", 1: "distillery"}, pesos={0: 2})
    s, _ = play(s, "drive:2", "skip")  # Maria (yellow)
    assert s.pawn[0] == space(s, "sawmill")  # the only free yellow building: moved at once


def test_harbour_and_inactive_citizen_leave_the_pawn_and_allow_no_building():
    s = arrange(started(), car="alonso", pawns={0: "bank"}, goods={0: {}, 1: {}, 2: {}})
    # harbour: nobody can deliver, and each is asked to pass (their goods are hidden)
    s, events = play(s, "drive:1", "pass", "pass", "pass")
    assert s.pawn[0] == space(s, "bank") and s.active == 1
    s = arrange(started(), car="alonso", pawns={0: "bank"}, inactive=["maria"], pesos={0: 2})
    s, events = play(s, "drive:2")
    assert "santiago.event.inactive" in keys(events)
    assert s.pawn[0] == space(s, "bank") and s.active == 1 and s.vp[0] == 2


def test_all_buildings_taken_pawn_stays_and_may_use_its_building_e14():
    s = arrange(
        started(4),
        car="alonso",
        pawns={0: "church", 1: "distillery", 2: "sawmill"},
        pesos={0: 2},
        vp={0: 0},
    )
    s, events = play(s, "drive:2", "skip")  # Maria is yellow; the other yellow ones are taken
    assert "santiago.event.all_occupied_stay.yellow" in keys(events)
    s, _ = play(s, "use")
    assert s.vp[0] == 1 and s.pawn[0] == space(s, "church")


def test_all_buildings_taken_pawn_off_board_stays_off_e13():
    s = arrange(
        started(4), car="alonso", pawns={1: "church", 2: "distillery", 3: "sawmill"}, pesos={0: 2}
    )
    s, events = play(s, "drive:2", "skip")
    assert any(k.startswith("santiago.event.all_occupied_off.") for k in keys(events))
    assert s.pawn[0] == -1 and s.active == 1


def test_owner_vp_at_every_turn_end_even_without_moving_e12():
    s = arrange(
        started(),
        car="alonso",
        pawns={0: "bank"},
        owners={"bank": 1},
        vp={1: 0},
        goods={0: {}, 1: {}, 2: {}},
    )
    # harbour, where everybody passes: the pawn stays on seat 1's bank
    moved_not, events = play(s, "drive:1", "pass", "pass", "pass")
    assert moved_not.vp[1] == 1
    s2 = arrange(
        started(owner_vp_only_when_moved=True),
        car="alonso",
        pawns={0: "bank"},
        owners={"bank": 1},
        vp={1: 0},
        goods={0: {}, 1: {}, 2: {}},
    )
    s2, _ = play(s2, "drive:1", "pass", "pass", "pass")
    assert s2.vp[1] == 0


# ------------------------------------------------------------------ buildings


def _at(building, **kw):
    """Seat 0 drives one stop to a citizen of the building's colour and stands on `building`."""
    colour = D.SPACE_COLOUR[BUILDINGS.index(building)]
    citizen = {0: "maria", 1: "miguel", 2: "martinez", 3: "pedro"}[colour]
    prev = ROAD[ROAD.index(citizen) - 1] if citizen != "maria" else 0
    others = [
        b for b in BUILDINGS if D.SPACE_COLOUR[BUILDINGS.index(b)] == colour and b != building
    ]
    pawns = {1: others[0], 2: others[1]}
    kw.setdefault("pesos", {0: 1})
    s = arrange(started(), car=prev, pawns=pawns, **kw)
    s, _ = play(s, "drive:1", "skip")
    assert s.pawn[0] == space(s, building)
    return s


def test_bank_and_church():
    s = _at("bank", pesos={0: 1})
    assert codes(s) == ["use", "skip"]
    assert play(s, "use")[0].pesos[0] == 3
    s = _at("church", vp={0: 0})
    assert play(s, "use")[0].vp[0] == 1
    assert play(s, "skip")[0].vp[0] == 0


def test_distillery_and_cigar_factory_convert_any_number():
    s = _at("distillery", goods={0: {"sugar_cane": 3}, 1: {"rum": 6}})
    assert codes(s) == ["convert:1", "convert:2", "skip"]  # only 2 rum left in the supply
    s, _ = play(s, "convert:2")
    assert holding(s, 0, "sugar_cane") == 1 and holding(s, 0, "rum") == 2
    s = _at("cigar_factory", goods={0: {"tobacco": 2}})
    s, _ = play(s, "convert:2")
    assert holding(s, 0, "cigar") == 2 and holding(s, 0, "tobacco") == 0


def test_black_market_swaps_one_good_never_wood():
    s = _at("black_market", goods={0: {"rum": 1, "wood": 2}})
    assert codes(s) == ["market:give:rum", "skip"]
    s, _ = play(s, "market:give:rum")
    assert codes(s) == [f"market:take:{g}" for g in ("sugar_cane", "citrus", "tobacco", "cigar")]
    s, _ = play(s, "market:take:cigar")
    assert holding(s, 0, "cigar") == 1 and holding(s, 0, "rum") == 0 and holding(s, 0, "wood") == 2


def test_sawmill():
    s = _at("sawmill", goods={0: {"wood": 2}}, vp={0: 0}, pesos={0: 1})
    s, _ = play(s, "use")
    assert (holding(s, 0, "wood"), s.vp[0], s.pesos[0]) == (1, 1, 2)
    # Nothing to saw: 'skip' is the only option, yet it is asked, as with wood behind the screen.
    s = _at("sawmill", goods={0: {}})
    assert codes(s) == ["skip"] and kinds(s) == [(0, "santiago.building")]
    assert GAME.pending(s)[0].private_options
    s, _ = play(s, "skip")
    assert s.active == 1


def test_cafe():
    s = _at("cafe", goods={0: {"rum": 2, "cigar": 1}}, vp={0: 0})
    assert codes(s) == ["cafe:cigar", "cafe:rum", "cafe:both", "skip"]
    both, events = play(s, "cafe:both")
    assert both.vp[0] == 4 and holding(both, 0, "rum") == 1 and holding(both, 0, "cigar") == 0
    # the log names what was returned: it is public, and "2 goods" tells the table less
    (said,) = [str(e.msg) for e in events if e.msg.key == "santiago.event.cafe"]
    assert "1 unit of cigars and 1 unit of rum at the Café for 4 VP" in said, said
    _, events = play(s, "cafe:rum")
    assert any("returns 1 unit of rum at the Café for 2 VP" in str(e.msg) for e in events)


def test_customs_zeroes_a_die_and_the_last_one_sends_the_ship():
    s = _at("customs", demand={"rum": 2, "citrus": 0, "sugar_cane": 1, "cigar": 0})
    assert codes(s) == ["customs:rum", "customs:sugar_cane", "skip"]
    s1, _ = play(s, "customs:rum")
    assert s1.dice_values == [0, 0, 1, 0] and s1.ships == 0
    s = _at("customs", demand={"rum": 2, "citrus": 0, "sugar_cane": 0, "cigar": 0})
    s, events = play(s, "customs:rum")
    assert s.ships == 1 and kinds(s) == [(0, "santiago.roll")]


def test_casino_both_directions_and_menus_stay_small():
    s = _at("casino", pesos={0: 10}, vp={0: 2})
    assert codes(s) == ["casino:vp", "casino:pesos", "skip"]
    s1, _ = play(s, "casino:vp")
    assert codes(s1) == ["casino:1", "casino:2", "casino:3"]
    s1, _ = play(s1, "casino:3")
    assert (s1.pesos[0], s1.vp[0]) == (1, 5)
    s2, _ = play(s, "casino:pesos", "casino:2")
    assert (s2.pesos[0], s2.vp[0]) == (16, 0)


def test_vp_bought_and_sold_at_the_casino_are_not_counted_as_the_buildings():
    """Selling VP at the Casino read "buildings −2" on the final scores: the exchange is a part
    of its own, and the buildings count only what the buildings gave."""
    s = _at("casino", pesos={0: 10}, vp={0: 2})
    sold, _ = play(s, "casino:pesos", "casino:2")
    parts = {str(label): vp for label, vp in GAME.standing(sold).breakdown[0]}
    assert parts["Casino exchanges"] == -2 and parts["buildings"] == 0
    others = {str(label) for label, _ in GAME.standing(sold).breakdown[1]}
    assert "Casino exchanges" not in others and "buildings" in others  # none: not shown


def test_casino_changes_any_number_even_beyond_one_menu():
    """'beliebig viele Pesos in Siegpunkte umtauschen oder umgekehrt': with 60 VP a player can
    sell exactly 14 or exactly 60 of them, paging through menus of at most 25 entries."""
    rich = _at("casino", pesos={0: 1}, vp={0: 60})
    rich, _ = play(rich, "casino:pesos")
    seen = set()
    page = rich
    while True:
        offered = codes(page)
        assert len(offered) <= 25
        seen |= {c for c in offered if c[7:].isdigit()}
        if "casino:more" not in offered:
            break
        page, _ = play(page, "casino:more")
    assert seen == {f"casino:{k}" for k in range(1, 61)}
    back, _ = play(rich, "casino:more", "casino:less")
    assert codes(back) == codes(rich)
    sold, _ = play(rich, "casino:14")
    assert (sold.vp[0], sold.pesos[0]) == (46, 1 + 42)


def test_harbour_office_moves_price_and_can_send_the_ship():
    s = _at("harbour_office")
    assert codes(s) == ["price:up", "skip"]  # never below 2
    s = _at("harbour_office", price=3)
    assert play(s, "price:down")[0].price == 2
    s = _at("harbour_office", price=4)
    s, _ = play(s, "price:up")
    assert s.ships == 1 and s.price == 2 and kinds(s) == [(0, "santiago.roll")]


def test_office_delivers_one_good_for_two_vp_not_wood():
    s = _at(
        "office",
        price=4,
        demand={"rum": 1, "citrus": 2, "sugar_cane": 0, "cigar": 0},
        goods={0: {"rum": 2, "wood": 3, "sugar_cane": 1}},
        vp={0: 0},
    )
    assert codes(s) == ["office:rum", "skip"]
    s, _ = play(s, "office:rum")
    assert s.vp[0] == 2 and s.dice_values[0] == 0 and holding(s, 0, "rum") == 1


def test_office_and_customs_do_nothing_while_the_new_ship_has_no_demand_e9():
    s = _at("office", demand=None, goods={0: {"rum": 2}})
    assert codes(s) == ["skip"]  # asked all the same: the office's options read the goods
    s = _at("customs", demand=None)
    assert s.active == 1  # only 'skip', and everybody can see it: taken at once


def test_newspaper_turns_a_citizen_down_until_the_car_leaves_it_e21():
    s = _at("newspaper", pesos={0: 1})
    assert "flip:maria" in codes(s) and codes(s)[-2:] == ["use", "skip"]
    s, _ = play(s, "flip:maria")
    assert s.pesos[0] == 2 and s.inactive == 1 << 1
    # the next player stops on Maria: nothing happens, and Maria stays face down.
    s, _ = arrange_keep(s, car="alonso", active=1, pesos={1: 5})
    s, events = play(s, "drive:2")
    assert "santiago.event.inactive" in keys(events) and s.inactive == 1 << 1
    s, _ = play(s, "drive:1", "use")  # seat 2 drives on: Maria is left behind and turns up
    assert s.inactive == 0


def arrange_keep(state, **kw):
    inactive = [D.CITIZENS[state.road[i]] for i in range(1, 10) if (state.inactive >> i) & 1]
    return arrange(state, inactive=inactive, **kw), []


def test_passing_an_inactive_citizen_turns_it_face_up():
    s = arrange(started(), car="alonso", inactive=["maria", "pedro"], pesos={0: 5})
    s, _ = play(s, "drive:3")  # through the harbour and Maria, to José
    assert s.inactive == 1 << 4  # Pedro is still down


# ------------------------------------------------------------------ the ship


def test_new_demand_of_all_zeros_departs_and_rolls_again_e10():
    s = _at("customs", demand={"rum": 1, "citrus": 0, "sugar_cane": 0, "cigar": 0})
    s, _ = play(s, "customs:rum")
    s.rolled = (0, 0, 0, 0, 3)  # the dice are set to this throw (the roll itself is random)
    s, events = play(s, "leave:cigar")
    assert s.ships == 2 and kinds(s) == [(0, "santiago.roll")]
    assert "santiago.event.empty_departs" in keys(events)


def test_new_demand_of_all_zeros_rerolled_with_the_option():
    base = started(reroll_empty_demand=True)
    s = arrange(base, car="martinez", pesos={0: 1}, price=4, pawns={1: "office", 2: "newspaper"})
    s, _ = play(s, "drive:1", "skip", "price:up")
    s.rolled = (0, 0, 0, 0, 0)  # the dice are set to this throw (the roll itself is random)
    s, events = play(s, "leave:cigar")
    assert s.ships == 1 and kinds(s) == [(0, "santiago.roll")]
    assert "santiago.event.empty_reroll" in keys(events)


def test_the_seventh_ship_ends_the_game_at_once_e24():
    s = arrange(
        started(),
        car="alonso",
        pawns={0: "bank"},
        owners={"bank": 1},
        ships=6,
        price=4,
        pesos={0: 5},
        vp={0: 10, 1: 10, 2: 10},
        goods={0: {"rum": 4}, 1: {"wood": 5}, 2: {}},
    )
    s, events = play(s, "drive:2")  # passing the harbour at 4: the 7th ship leaves
    assert GAME.is_over(s) and GAME.pending(s) == ()
    assert s.car == 0 and s.vp[0] == 10  # the rest of the move is skipped: Maria gives nothing
    assert s.vp[1] == 10  # no owner VP (E24)
    result = GAME.result(s)
    assert result.scores == (11, 11, 10)  # 4 rum -> 1 VP (1 left), 5 wood -> 1 VP (2 left)
    assert result.winners == (1,) and result.places == (2, 1, 3)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "drive:1")
    s2 = arrange(
        started(owner_vp_at_game_end=True),
        car="alonso",
        pawns={0: "bank"},
        owners={"bank": 1},
        ships=6,
        price=4,
        pesos={0: 5},
        vp={1: 10},
    )
    s2, _ = play(s2, "drive:2")
    assert s2.vp[1] == 11


def test_full_tie_is_shared():
    s = arrange(
        started(2),
        car="alonso",
        ships=6,
        price=4,
        pesos={0: 5, 1: 4},
        vp={0: 7, 1: 7},
        goods={0: {}, 1: {}},
    )
    s, _ = play(s, "drive:2")
    result = GAME.result(s)
    assert result.winners == (0, 1) and result.places == (1, 1)


# ------------------------------------------------------------------ contract details


def test_apply_never_changes_the_old_state_and_refuses_other_seats():
    s = arrange(started(), car="maria", pesos={0: 3})
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 1, "drive:1")
    assert str(err.value.msg) == "You have nothing to decide right now."
    new, _ = GAME.apply(s, 0, "drive:2")
    assert GAME.to_json(s) == before and new is not s and GAME.version(new) == GAME.version(s) + 1


def test_options_are_validated():
    assert GAME.options(None)["open_holdings"] is False
    for bad in (
        {"open_holdings": "yes"},
        {"max_distance": 0},
        {"nonsense": 1},
        {"citizen_colours": {"el_zorro": "red"}},
        {"citizen_colours": {"jose": "pink"}},
        {"citizen_colours": "no/such/file.json"},
    ):
        with pytest.raises(OptionError):
            GAME.options(bad)


def test_citizen_colours_from_a_file(tmp_path):
    path = tmp_path / "colours.json"
    path.write_text('{"jose": "red", "conchita": "yellow"}')
    opts = GAME.options({"citizen_colours": str(path)})
    assert opts["citizen_colours"]["jose"] == "red"
    s = arrange(
        started(citizen_colours={"jose": "red", "conchita": "yellow"}), car="maria", pesos={0: 1}
    )
    s, _ = play(s, "drive:1", "skip")  # José is red now
    assert codes(s) == ["pawn:cafe", "pawn:customs", "pawn:casino"]


def test_views_hide_holdings_unless_the_table_is_open():
    s = started()
    view = GAME.public_view(s)
    assert view.open_holdings is None and len(view.road) == 10 and len(view.buildings) == 12
    assert not hasattr(view, "pesos")
    mine = GAME.player_view(s, 1)
    assert mine.holdings.pesos == 3 and mine.holdings.count("citrus") == 1
    open_view = GAME.public_view(started(open_holdings=True))
    assert [h.vp for h in open_view.open_holdings] == [2, 2, 2]
    assert all(len(a.code) and str(a.label) for a in GAME.legal_actions(s, s.active))


def test_inactive_el_zorro_takes_nothing_e19():
    s = arrange(started(), car="jose", inactive=["el_zorro"], pawns={0: "bank"}, pesos={0: 1})
    s, events = play(s, "drive:1")
    assert "santiago.event.inactive" in keys(events)
    assert s.active == 1 and s.pesos[0] == 1 and s.pesos[1] == 3


def test_newspaper_may_turn_down_el_zorro_and_alonso_e20():
    s = _at("newspaper")
    assert {"flip:el_zorro", "flip:alonso", "flip:martinez"} <= set(codes(s))


def test_each_pass_of_the_harbour_counts_when_the_cap_allows_two_laps_e7():
    s = arrange(started(max_distance=24), car="alonso", pesos={0: 30}, price=2)
    s, _ = play(s, "drive:12")  # harbour, the whole road, harbour again, then Maria
    assert s.price == 4 and s.road[s.car] == D.MARIA


def test_a_delivery_round_nobody_can_serve_still_raises_the_price_e25():
    s = arrange(started(), car="alonso", price=3, goods={0: {}, 1: {}, 2: {}})
    s, events = play(s, "drive:1", "pass", "pass", "pass")  # each asked, each can only pass
    assert s.price == 4 and keys(events).count("santiago.event.pass") == 3


def test_public_view_shows_the_roll_and_who_passed():
    s = GAME.new(3, 21)
    view = GAME.public_view(s)
    assert view.demand is None and [d.good for d in view.rolled][1] == "citrus"
    assert view.pending[0].kind == "santiago.roll"
    s = arrange(
        started(),
        car="alonso",
        demand={"rum": 2, "citrus": 1, "tobacco": 1, "cigar": 0},
        goods={0: {"rum": 1}, 1: {"citrus": 1}, 2: {}},
    )
    s, _ = play(s, "drive:1", "pass")
    view = GAME.public_view(s)
    assert [p.passed for p in view.seats] == [True, False, False]
    assert view.rolled is None and view.demand[0].good == "rum" and view.car == 0


# ------------------------------------------------------------------ second reading: rules a player meets


def test_a_full_lap_from_a_citizen_passes_the_harbour_and_turns_its_start_stop_up_e6_e21():
    s = arrange(started(), car="maria", inactive=["maria"], pesos={0: 9}, price=2, vp={0: 0})
    s, events = play(s, "drive:10")  # round the whole road back to Maria
    assert "santiago.event.pass_harbour" in keys(events) and s.price == 3
    assert s.inactive == 0 and s.pesos[0] == 0  # Maria was left behind, so she is face up
    s, _ = play(s, "use")
    assert s.vp[0] == 2


def test_the_driver_rolls_even_when_another_player_fills_the_ship():
    s = arrange(
        started(),
        car="alonso",
        demand={"rum": 1, "citrus": 1, "tobacco": 0, "cigar": 0},
        goods={0: {"rum": 1}, 1: {"citrus": 1}, 2: {}},
    )
    # seat 1 delivers the last good
    s, _ = play(s, "drive:1", "deliver:rum", "amount:1", "deliver:citrus", "amount:1")
    assert s.ships == 1 and kinds(s) == [(0, "santiago.roll")]


def test_owner_vp_when_el_zorro_leaves_the_pawn_on_another_players_building_e12():
    s = arrange(started(), car="jose", pawns={0: "bank"}, owners={"bank": 1}, vp={1: 0})
    s, _ = play(s, "drive:1", "use", (1, "zorro:give:peso"), (2, "zorro:give:peso"), "skip")
    assert s.vp[1] == 1 and s.active == 1


def test_harbour_office_still_works_while_the_new_ship_has_no_demand_e9():
    s = _at("harbour_office", demand=None, price=2)
    assert codes(s) == ["price:up", "skip"]
    s, _ = play(s, "price:up")
    assert s.price == 3 and s.ships == 0


def test_alonso_customs_sends_the_ship_then_the_pawn_still_moves():
    s = arrange(
        started(),
        car="martinez",
        owners={"customs": 0},
        pesos={0: 1},
        demand={"rum": 1, "citrus": 0, "sugar_cane": 0, "cigar": 0},
    )
    s, _ = play(s, "drive:1", "alonso:use", "customs:rum")
    assert s.ships == 1 and kinds(s) == [(0, "santiago.pawn")]
    s, _ = play(s, "pawn:office")  # the new ship has no demand yet: the office can do nothing
    assert codes(s) == ["skip"]
    s, _ = play(s, "skip")
    assert kinds(s) == [(0, "santiago.roll")]


def test_the_seventh_ship_through_alonso_ends_the_game_before_the_pawn_moves():
    s = arrange(
        started(),
        car="martinez",
        owners={"customs": 0},
        pesos={0: 1},
        ships=6,
        demand={"rum": 1, "citrus": 0, "sugar_cane": 0, "cigar": 0},
    )
    s, _ = play(s, "drive:1", "alonso:use", "customs:rum")
    assert GAME.is_over(s) and s.pawn[0] == -1 and GAME.pending(s) == ()


def test_a_gift_with_one_option_is_asked_behind_screens_and_taken_at_once_at_an_open_table():
    # Seat 1 has only VP. Behind screens its gift is asked for like seat 2's: taking it on its
    # own would tell the table that seat 1 holds no pesos and no goods.
    table = {"car": "martinez", "pesos": {0: 20, 1: 0}, "goods": {1: {}}, "vp": {1: 4}}
    s = arrange(started(), **table)
    drive = f"drive:{(stop_of('el_zorro') - s.car) % 10}"
    s, events = play(s, drive, "use")
    assert "santiago.event.forced" not in keys(events)
    assert kinds(s) == [(1, "santiago.zorro"), (2, "santiago.zorro")]
    assert codes(s, 1) == ["zorro:give:vp"]
    # At an open table holdings are public: the gift is made at once, and "only one choice" is
    # told to seat 1 alone (the table sees the gift itself).
    s = arrange(started(open_holdings=True), **table)
    s, events = play(s, drive, "use")
    forced = [e for e in events if e.msg.key == "santiago.event.forced"]
    assert forced and all(e.only_for == e.seat == 1 for e in forced)
    public = [e for e in events if e.only_for is None]
    assert any(e.msg.key == "santiago.event.zorro_give" and e.seat == 1 for e in public)
    assert kinds(s) == [(2, "santiago.zorro")]


def test_el_zorro_is_optional_for_the_visitor_5_2_e11():
    s = arrange(started(), car="jose", pawns={0: "bank"}, vp={0: 0, 1: 3, 2: 3})
    s, _ = play(s, "drive:1")
    assert kinds(s) == [(0, "santiago.citizen")] and codes(s) == ["use", "skip"]
    s, events = play(s, "skip")
    # Declined: nobody gives anything; the pawn stays and may use its building (exception 1).
    assert "santiago.event.skip_citizen" in keys(events)
    assert "santiago.event.zorro_give" not in keys(events) and s.vp == [0, 3, 3]
    assert kinds(s) == [(0, "santiago.building")] and s.pawn[0] == space(s, "bank")
    # At an open table where nobody has anything to give, declining is the only option.
    empty = {1: 0, 2: 0}
    s = arrange(
        started(open_holdings=True), car="jose", pawns={0: "bank"}, pesos={0: 1, **empty},
        vp=empty, goods={1: {}, 2: {}},
    )  # fmt: skip
    s, events = play(s, "drive:1")
    assert "santiago.event.skip_citizen" in keys(events)
    assert kinds(s) == [(0, "santiago.building")]


def test_a_sawmill_used_through_alonso_asks_when_the_wood_is_hidden():
    # Using the bank through Alonso needs no second question, the sawmill does: whether it can
    # be used depends on the wood behind the screen.
    s = arrange(started(), car="martinez", owners={"sawmill": 0}, pesos={0: 1}, goods={0: {}})
    s, events = play(s, "drive:1", "alonso:use")
    assert kinds(s) == [(0, "santiago.building")] and codes(s) == ["skip"]
    s = arrange(
        started(), car="martinez", owners={"sawmill": 0}, pesos={0: 1}, goods={0: {"wood": 1}}
    )
    s, events = play(s, "drive:1", "alonso:use")
    assert kinds(s) == [(0, "santiago.building")] and codes(s) == ["use", "skip"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 30_000 + "]" * 30_000, "nested more than 32 levels"),
        ('{"jose": ' + "[" * 30_000 + "]" * 30_000 + "}", "nested more than 32 levels"),
        ('{"jose": ["red"]}', "is not a flower colour; use `yellow`, `blue`, `red` or `white`"),
        ('{"jose": "red", "x": "' + "y" * 70_000 + '"}', "larger than 64 KB"),
    ],
    ids=["deep", "deep-value", "list-colour", "huge"],
)
def test_a_hostile_colours_file_is_refused_clearly(tmp_path, content, words):
    path = tmp_path / "colours.json"
    path.write_text(content)
    with pytest.raises(OptionError) as err:
        GAME.options({"citizen_colours": str(path)})
    assert words in str(err.value.msg)


def test_what_the_game_does_is_credited_to_nobody():
    """A ship departing or the price rising is the game's doing, not the mover's."""
    import random

    from games.simulate import random_choice

    s = GAME.new(3, 12, GAME.options(None))
    chooser = random.Random(12)
    seen = set()
    while not GAME.is_over(s):
        decision, _codes, code = random_choice(GAME, s, chooser)
        s, events = GAME.apply(s, decision.seat, code)
        for event in events:
            name = event.msg.key.rsplit(".", 1)[-1]
            if name in {"depart", "price", "rolled", "all_passed", "checkered_flag"}:
                assert event.seat is None, event
                seen.add(name)
            if name in {"deliver", "claim", "pass"}:
                assert event.seat == decision.seat
    assert {"depart", "price", "rolled"} <= seen
