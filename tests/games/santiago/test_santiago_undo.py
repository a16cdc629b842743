"""Undo in Santiago de Cuba: a turn is undoable from the drive to its last choice, until a die
is rolled, another player has to decide, or the 7th ship departs."""

from __future__ import annotations

from santiago_helpers import arrange, started

from games import UNDO, History, Replay, replay, replay_states
from games.santiago import GAME
from games.undo import OTHER_DECIDED, OVER, PASSED, ROLLED, SHOWN
from tests.games.undo_helpers import play, refused


def history_at(state) -> History:
    """A history whose current state is `state` (an arranged position), with nothing to undo."""
    return History(GAME, state)


def test_a_misclicked_drive_is_taken_back_and_another_drive_chosen():
    start = arrange(started(), car=0, vp={0: 0}, pesos={0: 3})
    h, _ = play(history_at(start), "drive:3")
    h, events = h.play(0, UNDO)
    assert h.state == start
    public = [str(e.msg) for e in events if e.only_for is None]
    assert public == ["Player 1 takes back their last decision."]
    mine = [str(e.msg) for e in events if e.only_for == 0]
    assert mine and "3 stops" in mine[0]
    h, _ = play(h, "drive:1")
    assert h.state.car == 1 and h.state.pesos[0] == 3


def test_undo_twice_takes_back_two_decisions():
    start = arrange(started(), car=0, vp={0: 0}, pesos={0: 1})
    h, _ = play(history_at(start), "drive:1")
    after_drive = h.state
    h, _ = play(h, "use")  # Maria: 2 VP
    assert h.state.vp[0] == 2
    h, _ = h.play(0, UNDO)
    assert h.state == after_drive
    h, _ = h.play(0, UNDO)
    assert h.state == start
    assert refused(h, 0).key == "undo.refused.nothing"


def test_the_turn_passing_to_the_next_player_closes_the_window():
    start = arrange(started(), car="alonso", pawns={0: "bank"}, inactive=["maria"], pesos={0: 2})
    h, _ = play(history_at(start), "drive:2")  # Maria is face down: the turn ends at once
    assert GAME.pending(h.state)[0].seat == 1
    assert refused(h, 0) == PASSED
    assert str(PASSED) == "That cannot be taken back: another player has to decide now."
    # the next player has nothing of theirs to take back
    assert refused(h, 1).key == "undo.refused.nothing"


def test_a_die_rolled_closes_the_window_even_when_the_roller_decides_next():
    # The driver's customs zeroes the last die: the ship departs, the turn ends and the same
    # driver rolls the new demand. Nobody else decides, but the dice are out.
    s = arrange(
        started(),
        car="pedro",
        pawns={1: "cafe", 2: "casino"},
        demand={"rum": 2, "citrus": 0, "sugar_cane": 0, "cigar": 0},
        pesos={0: 1},
    )
    h, _ = play(history_at(s), "drive:1", "skip")  # Conchita is red: the pawn goes to customs
    assert GAME.pending(h.state)[0].kind == "santiago.building"
    h, _ = play(h, "customs:rum")
    assert [(d.seat, d.kind) for d in GAME.pending(h.state)] == [(0, "santiago.roll")]
    assert refused(h, 0) == ROLLED
    assert str(ROLLED) == "That cannot be taken back: a die was rolled since."


def test_a_delivery_is_undoable_until_the_next_player_is_asked():
    s = arrange(
        started(),
        car="alonso",
        goods={0: {"rum": 2}, 1: {"rum": 1}, 2: {}},
        demand={"rum": 3, "cigar": 1, "tobacco": 1, "citrus": 1},
    )
    h, _ = play(history_at(s), "drive:1")
    at_harbour = h.state
    h, _ = play(h, "deliver:rum")
    # choosing the good, before the amount, is still open
    back, _ = h.play(0, UNDO)
    assert back.state == at_harbour
    h, _ = play(h, "amount:2")  # seat 1 is asked next
    assert GAME.pending(h.state)[0].seat == 1
    assert refused(h, 0) == PASSED


def test_el_zorro_victims_may_take_back_a_gift_until_another_victim_decides():
    s = arrange(started(4), car="jose", pawns={0: "bank"}, pesos={1: 2, 2: 2, 3: 2})
    h, _ = play(history_at(s), "drive:1", "use")
    assert refused(h, 0) == PASSED  # the victims decide now
    before_gifts = h.state
    h, _ = h.play(1, "zorro:give:peso")
    h1, _ = h.play(1, UNDO)
    assert h1.state == before_gifts
    h, _ = h.play(2, "zorro:give:peso")
    assert refused(h, 1) == OTHER_DECIDED
    assert str(OTHER_DECIDED) == "That cannot be taken back: another player has decided since."


def test_the_seventh_ship_ends_the_game_and_nothing_is_taken_back():
    s = arrange(
        started(),
        car="pedro",
        pawns={1: "cafe", 2: "casino"},
        demand={"rum": 2, "citrus": 0, "sugar_cane": 0, "cigar": 0},
        pesos={0: 1},
        ships=6,
    )
    h, _ = play(history_at(s), "drive:1", "skip", "customs:rum")
    assert GAME.is_over(h.state)
    for seat in range(3):
        assert refused(h, seat) == OVER


def test_a_stored_log_with_undos_replays_exactly():
    game = GAME
    h = History.start(Replay("santiago", 3, 21))
    log = []

    def do(seat, code):
        nonlocal h
        h, _ = h.play(seat, code)
        log.append((seat, code))

    roller = game.pending(h.state)[0].seat
    do(roller, "leave:rum")
    driver = game.pending(h.state)[0].seat
    before = h.state
    do(driver, "drive:2")
    do(driver, UNDO)
    assert h.state == before
    do(driver, "drive:1")
    record = Replay("santiago", 3, 21, {}, log)
    assert replay(record)[0] == h.state
    states = list(replay_states(record))
    assert states[1] == states[3] == before and states[2] != before and states[-1] == h.state


def test_a_decision_taken_for_another_player_closes_the_window():
    # At an open table a victim of El Zorro with only VP to give is not asked: its gift is
    # taken at once and told to it alone. The thief may not take that back.
    s = arrange(
        started(2, open_holdings=True),
        car="jose",
        pawns={0: "bank"},
        pesos={1: 0},
        vp={1: 3},
        goods={0: {}, 1: {}},
    )
    h, events = play(history_at(s), "drive:1", "use")
    assert [e.only_for for e in events if e.msg.key == "santiago.event.forced"] == [1]
    assert [(d.seat, d.kind) for d in GAME.pending(h.state)] == [(0, "santiago.building")]
    assert refused(h, 0) == SHOWN
    assert "told something privately" in str(SHOWN)
