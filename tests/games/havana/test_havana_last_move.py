"""The last move on the board: who decided what, which card was resolved or covered, which
building was bought or demolished from which row end, which rows changed; never a secret card."""

from havana_helpers import cubes, play, refreshment_table, table

from games.havana import GAME
from games.simulate import play_random

ROWS = (
    ["fountain", "statue", "well", "cottage", "shed", "kiosk"],
    ["bakery", "cafe", "bodega", "warehouse", "chapel", "market_stall"],
)
IDLE = ("siesta", "protection")
BUSY = ("workers", "mama")


def last(state):
    return GAME.public_view(state).last_move


def test_nothing_is_shown_before_the_first_decision():
    assert last(GAME.new(3, 1)) is None


def test_a_secret_pick_shows_who_picked_but_not_the_card():
    s = GAME.new(3, 1)
    mama, _ = play(s, (1, "pick:mama"))
    debris, _ = play(s, (1, "pick:debris"))
    move = last(mama)
    assert (move.seat, move.kind, move.action, move.card) == (1, "pick", "pick", None)
    assert GAME.public_view(mama) == GAME.public_view(debris)


def test_a_placement_shows_the_covered_card_and_hides_the_new_one():
    s = table(2, [("siesta", "debris"), IDLE], start=False)
    s.phase = "place"
    s.order = (0, 1)
    s.turn = 0
    s, _ = play(s, (0, "cover:right"))
    move = last(s)
    assert (move.seat, move.kind, move.action, move.card) == (0, "cover", "cover:right", "debris")
    mama, _ = play(s, (0, "place:mama"))
    pesos, _ = play(s, (0, "place:pesos"))
    assert (last(mama).kind, last(mama).action, last(mama).card) == ("place", "place", None)
    assert GAME.public_view(mama) == GAME.public_view(pesos)


def test_a_purchase_shows_the_building_its_row_end_and_the_row_that_changed():
    s = table(2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=ROWS)
    s, _ = play(s, (0, "buy:top:left"))
    move = last(s)
    assert (move.seat, move.kind, move.action) == (0, "buy", "buy:top:left")
    assert move.building.id == "fountain" and move.building.vp == 2
    assert (move.row, move.end, move.bought) == ("top", "left", True)
    assert move.rows_changed == ("top",)


def test_a_purchase_paid_step_by_step_is_bought_by_the_last_payment():
    # the bakery: 1 yellow and 1 worker; the player may pay a worker or 5 pesos, and the
    # yellow cube or 5 rubble: buying takes three decisions
    s = table(
        2,
        [IDLE, BUSY],
        holdings=[{"cubes": cubes(yellow=1, rubble=5), "pesos": 5, "workers": 1}],
        rows=(ROWS[1], ROWS[0]),
    )
    s, _ = play(s, (0, "buy:top:left"))
    move = last(s)
    assert (move.kind, move.building.id, move.bought, move.rows_changed) == (
        "buy",
        "bakery",
        False,
        (),
    )
    s, _ = play(s, (0, "pay:pesos"))
    move = last(s)
    assert (move.kind, move.action, move.building.id, move.bought) == (
        "pay",
        "pay:pesos",
        "bakery",
        False,
    )
    s, _ = play(s, (0, "pay:rubble"))
    move = last(s)
    assert (move.kind, move.building.id, move.row, move.end, move.bought) == (
        "pay",
        "bakery",
        "top",
        "left",
        True,
    )
    assert move.rows_changed == ("top",)


def test_a_demolition_shows_the_building_and_the_refilled_row():
    rows = (["fountain", "statue", "well"], ROWS[1])
    s = table(
        2,
        [("demolition", "siesta"), IDLE],
        rows=rows,
        stack=["cafe", "kiosk", "chapel", "school", "hotel"],
    )
    s, _ = play(s, (0, "demolish:top:right"))
    move = last(s)
    assert (move.kind, move.building.id, move.row, move.end) == ("demolish", "well", "top", "right")
    assert not move.bought and move.rows_changed == ("top",)


def test_the_card_resolved_first_is_named():
    s = table(2, [("debris", "mama"), IDLE], centre=cubes(red=2, rubble=4))
    s, _ = play(s, (0, "first:debris"))
    assert (last(s).seat, last(s).kind, last(s).card) == (0, "first", "debris")


def test_the_players_taxed_and_robbed_are_named():
    ups = [("siesta", "refreshment"), ("siesta", "tax_collector")]
    ups += [("siesta", "workers"), ("siesta", "material_thief")]
    holdings = [{}, {}, {"workers": 1, "cubes": cubes(blue=1)}, {"cubes": cubes(red=2)}]
    s = table(4, ups, holdings=holdings)
    s, _ = play(s, (1, "remove:blue"))
    assert (last(s).seat, last(s).kind, last(s).action, last(s).victim) == (
        1,
        "tax",
        "remove:blue",
        2,
    )
    ups = [("siesta", "debris"), ("siesta", "peso_thief")]
    ups += [("siesta", "black_market"), ("siesta", "pesos")]
    s = table(4, ups, holdings=[{"pesos": 9}, {}, {"pesos": 7}, {"pesos": 4}], ages=[0, 1, 2, 3])
    s, _ = play(s, (1, "target:4"))
    assert (last(s).seat, last(s).kind, last(s).victim) == (1, "target", 3)


def test_a_refreshment_hides_the_card_taken_back():
    s = refreshment_table()
    mama, _ = play(s, (0, "refresh:mama"))
    pesos, _ = play(s, (0, "refresh:pesos"))
    assert (last(mama).kind, last(mama).action) == ("refresh", "refresh")
    assert last(mama) == last(pesos)


def test_the_last_move_survives_json_and_older_states_load_without_one():
    state, _ = play_random("havana", 3, 8)
    assert last(state) is not None
    assert GAME.from_json(GAME.to_json(state)) == state
    data = GAME.to_json(state)
    del data["last"]
    assert last(GAME.from_json(data)) is None
