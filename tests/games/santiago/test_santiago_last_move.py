"""The last move on the board: who decided what, where the car came from, which citizen or
building was used."""

from __future__ import annotations

from santiago_helpers import arrange, play, space, started, stop_of

from games.santiago import GAME
from games.simulate import play_random


def last(state):
    return GAME.public_view(state).last_move


def test_nothing_is_shown_before_the_first_decision():
    assert last(GAME.new(3, 1)) is None


def test_the_roll_shows_who_chose_the_demand():
    s = GAME.new(3, 1)
    roller = GAME.pending(s)[0].seat
    s, _ = play(s, "leave:rum")
    move = last(s)
    assert (move.seat, move.kind, move.code) == (roller, "santiago.roll", "leave:rum")
    assert move.car_from is None and move.car_to is None  # the car has not moved yet


def test_a_turn_shows_the_drive_then_the_citizen_then_the_building():
    s = arrange(started(), car="pablo", pawns={1: "distillery"}, pesos={0: 2})
    s, _ = play(s, "drive:2")  # pablo -> martinez -> alonso
    move = last(s)
    assert (move.seat, move.kind, move.code) == (0, "santiago.drive", "drive:2")
    assert (move.car_from, move.car_to) == (stop_of("pablo"), stop_of("alonso"))
    assert move.citizen is None and move.building is None

    s, _ = play(s, "alonso:claim", "claim:bank")
    move = last(s)
    assert (move.kind, move.code, move.citizen) == ("santiago.claim", "claim:bank", None)
    assert (move.building, move.space) == ("bank", space(s, "bank"))
    # the car's drive of this turn is still shown
    assert (move.car_from, move.car_to) == (stop_of("pablo"), stop_of("alonso"))

    s, _ = play(s, "pawn:harbour_office")
    assert (last(s).building, last(s).kind) == ("harbour_office", "santiago.pawn")
    s, _ = play(s, "price:up")
    move = last(s)
    assert (move.seat, move.kind, move.code) == (0, "santiago.building", "price:up")
    assert (move.building, move.space) == ("harbour_office", space(s, "harbour_office"))


def test_a_citizen_used_or_skipped_is_named():
    s = arrange(started(), car=0, vp={0: 0}, pesos={0: 1})
    s, _ = play(s, "drive:1", "use")
    move = last(s)
    assert (move.kind, move.code, move.citizen) == ("santiago.citizen", "use", "maria")
    assert (move.car_from, move.car_to) == (0, stop_of("maria"))


def test_another_players_delivery_shows_that_player():
    s = arrange(
        started(),
        car="alonso",
        goods={0: {}, 1: {"rum": 2}, 2: {}},
        demand={"rum": 2, "cigar": 1, "tobacco": 1, "citrus": 1},
    )
    s, _ = play(s, "drive:1", "pass", "deliver:rum")
    move = last(s)
    assert (move.seat, move.kind, move.code) == (1, "santiago.deliver", "deliver:rum")
    assert (move.car_from, move.car_to) == (stop_of("alonso"), 0)


def test_el_zorro_gifts_show_the_giver():
    s = arrange(started(3), car="jose", pawns={0: "bank"})
    s, _ = play(s, "drive:1", "use", (2, "zorro:give:peso"))
    move = last(s)
    assert (move.seat, move.kind, move.code, move.citizen) == (
        2,
        "santiago.zorro",
        "zorro:give:peso",
        "el_zorro",
    )


def test_a_state_stored_before_the_last_move_was_kept_loads_without_one():
    state, _ = play_random("santiago", 3, 5)
    data = GAME.to_json(state)
    del data["last"], data["trip"]
    old = GAME.from_json(data)
    assert last(old) is None
    assert last(state) is not None
    assert GAME.from_json(GAME.to_json(state)) == state
