"""Undo in Havana: a secret pick until another player picks, a turn's choices until a card or a
cube comes out of hiding, the face-down cards are turned up or the next player has to decide."""

from havana_helpers import cubes, refreshment_table, table

from games import UNDO, History
from games.havana import GAME
from games.undo import CARD_DRAWN, CUBES_DRAWN, OTHER_DECIDED, OVER, PASSED, REVEALED
from tests.games.undo_helpers import play, refused

ROWS = (
    ["fountain", "statue", "well", "cottage", "shed", "kiosk"],
    ["bakery", "cafe", "bodega", "warehouse", "chapel", "market_stall"],
)
IDLE = ("siesta", "protection")
BUSY = ("workers", "mama")
# Enough to buy more than one building: with nothing left to buy, a turn ends by itself (E24)
# and the next player has to decide, which closes the window.
RICH = {"cubes": cubes(red=3, yellow=3, brown=3, blue=3), "pesos": 20, "workers": 3}


def test_a_secret_pick_is_taken_back_without_the_table_learning_the_card():
    start = History(GAME, GAME.new(3, 1))
    h, _ = play(start, (1, "pick:mama"))
    h, events = h.play(1, UNDO)
    assert h.state == start.state
    public = [str(e.msg) for e in events if e.only_for is None]
    assert public == ["Player 2 takes back their last decision."]
    assert not any("Mama" in text for text in public)
    assert any("Mama" in str(e.msg) for e in events if e.only_for == 1)


def test_a_pick_stays_open_until_another_player_picks():
    h, _ = play(History(GAME, GAME.new(3, 1)), (0, "pick:mama"), (0, "pick:debris"))
    h2, _ = play(h, (1, "pick:pesos"))
    assert refused(h2, 0) == OTHER_DECIDED
    h3, _ = h2.play(1, UNDO)  # once seat 1 takes its pick back, seat 0's picks are open again
    h3, _ = h3.play(0, UNDO)
    h3, _ = h3.play(0, UNDO)
    assert h3.state == GAME.new(3, 1)


def test_the_last_pick_turns_the_cards_up_and_closes_the_window():
    h, _ = play(
        History(GAME, GAME.new(2, 1)),
        (0, "pick:mama"),
        (0, "pick:debris"),
        (1, "pick:pesos"),
        (1, "pick:siesta"),
    )
    assert h.state.phase == "actions"
    assert refused(h, 1) == REVEALED
    assert str(REVEALED) == "That cannot be taken back: face-down cards were revealed since."


def test_a_purchase_is_taken_back_and_the_building_returns_to_its_row_end():
    s = table(2, [IDLE, BUSY], holdings=[RICH], rows=ROWS)
    h, _ = play(History(GAME, s), (0, "buy:top:left"))
    assert h.state.players[0].vp == 2 and GAME.pending(h.state)[0].seat == 0
    h, _ = h.play(0, UNDO)
    assert h.state == s and h.state.players[0].vp == 0


def test_the_last_purchase_possible_ends_the_turn_and_closes_the_window():
    s = table(2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=ROWS)
    h, _ = play(History(GAME, s), (0, "buy:top:left"))
    assert GAME.pending(h.state)[0].seat == 1  # nothing else to buy: the turn ended by itself
    assert refused(h, 0) == PASSED


def test_a_purchase_that_refills_the_row_from_the_deck_closes_the_window():
    rows = (["fountain", "statue", "cottage"], ROWS[1])
    stack = ["hotel", "theatre", "school", "plaza", "library"]
    s = table(
        2, [IDLE, BUSY], holdings=[{"cubes": cubes(red=1), "pesos": 2}], rows=rows, stack=stack
    )
    h, _ = play(History(GAME, s), (0, "buy:top:left"))
    assert refused(h, 0) == CARD_DRAWN


def test_cubes_drawn_from_the_bag_close_the_window():
    s = table(2, [("debris", "mama"), BUSY], holdings=[RICH], centre=cubes(red=2, blue=2))
    h, _ = play(History(GAME, s), (0, "first:debris"))
    back, _ = h.play(0, UNDO)
    assert back.state == s  # debris then Mama: nothing random
    s = table(2, [("black_market", "debris"), BUSY], holdings=[RICH])
    assert GAME.pending(s)[0].kind == "first"
    for first in ("first:black_market", "first:debris"):  # debris first, then the black market
        h, _ = play(History(GAME, s), (0, first))
        assert GAME.pending(h.state)[0].seat == 0
        assert refused(h, 0) == CUBES_DRAWN


def test_ending_the_turn_passes_the_decision_and_closes_the_window():
    s = table(2, [IDLE, BUSY], holdings=[RICH], rows=ROWS)
    h, _ = play(History(GAME, s), (0, "end"))
    assert GAME.pending(h.state)[0].seat == 1
    assert refused(h, 0) == PASSED


def test_covering_is_undoable_and_placing_passes_to_the_next_player():
    s = table(2, [IDLE, IDLE], start=False)
    s.phase, s.order, s.turn = "place", (0, 1), 0
    h, _ = play(History(GAME, s), (0, "cover:left"))
    back, _ = h.play(0, UNDO)
    assert back.state == s
    h, _ = play(h, (0, "place:mama"))
    assert refused(h, 0) == PASSED
    h, _ = play(h, (1, "cover:left"), (1, "place:pesos"))
    assert refused(h, 1) == REVEALED  # the last placement turns every new card up


def test_a_refreshment_is_undoable():
    s = refreshment_table(holdings=[RICH], rows=ROWS)
    h, _ = play(History(GAME, s), (0, "refresh:mama"))
    h, events = h.play(0, UNDO)
    assert h.state == s
    assert not any("Mama" in str(e.msg) for e in events if e.only_for is None)


def test_the_winning_purchase_cannot_be_taken_back():
    ups = [IDLE, BUSY, ("debris", "mama")]
    s = table(3, ups, holdings=[{"cubes": cubes(red=1), "pesos": 2, "vp": 18}], rows=ROWS)
    h, _ = play(History(GAME, s), (0, "buy:top:left"))
    assert GAME.is_over(h.state)
    assert refused(h, 0) == OVER
