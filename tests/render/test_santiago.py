"""Santiago de Cuba pictures: every part renders, secrets never change the board, goldens hold."""

from __future__ import annotations

import dataclasses

import pytest
from render_helpers import check_png, compare_golden, differing_fraction, on_board

import games
from games.santiago.data import BUILDINGS, CITIZENS
from games.santiago.views import Holdings, PlayerView
from render import _board_layout, board_image, board_png, santiago, screen_png
from render.demo import NAMES, play
from render.draw import SCREEN_W

GAME = games.get("santiago")


@pytest.fixture(scope="module")
def mid_game():
    return play("santiago", 3, 7, 150)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_and_screen_render_for_each_player_count(players):
    state = play("santiago", players, 11 + players, 120)
    view = GAME.public_view(state)
    assert len(view.seats) == players
    check_png(board_png(view, NAMES[:players]))
    for seat in range(players):
        check_png(screen_png(GAME.player_view(state, seat), NAMES[:players]), min_width=SCREEN_W)


def test_every_citizen_and_building_is_on_the_board(mid_game):
    view = GAME.public_view(mid_game)
    assert {s.citizen for s in view.road if s.citizen} == set(CITIZENS)
    assert {b.building for b in view.buildings} == set(BUILDINGS)
    check_png(board_png(view))


@pytest.mark.parametrize("citizen", CITIZENS)
def test_each_citizen_turned_over_changes_only_its_tile(mid_game, citizen):
    view = GAME.public_view(mid_game)
    road = tuple(
        dataclasses.replace(s, active=s.citizen != citizen) if s.citizen else s for s in view.road
    )
    flipped = check_png(board_png(dataclasses.replace(view, road=road)))
    upright = check_png(
        board_png(
            dataclasses.replace(
                view, road=tuple(dataclasses.replace(s, active=True) for s in view.road)
            )
        )
    )
    changed = differing_fraction(flipped, upright)
    # one tile out of twenty on the road: visible, but nothing else moved
    assert 0.003 < changed < 0.02


def test_open_holdings_variant_shows_the_holdings():
    hidden = play("santiago", 3, 5, 90)
    shown = play("santiago", 3, 5, 90, {"open_holdings": True})
    v_hidden, v_shown = GAME.public_view(hidden), GAME.public_view(shown)
    assert v_hidden.open_holdings is None and v_shown.open_holdings is not None
    _, hidden_texts = _board_layout(v_hidden, NAMES[:3])
    _, shown_texts = _board_layout(v_shown, NAMES[:3])
    assert not [t for t in hidden_texts if t.role == "vp"]
    shown = [t.text for t in shown_texts if t.role == "vp"]
    for h in v_shown.open_holdings:
        assert f"{h.vp} VP" in shown and str(h.pesos) in shown  # the count beside its coin


def _with_other_secrets(state):
    """The same game with seat 1's pesos and VP changed and seats 0/1 swapping their goods:
    nothing public changes (the goods supply stays the same)."""
    data = GAME.to_json(state)
    data["pesos"][1] += 5
    data["vp"][1] += 3
    goods = data["goods"]  # six counts per seat, seat after seat
    data["goods"] = goods[6:12] + goods[0:6] + goods[12:]
    return GAME.from_json(data)


def test_hidden_holdings_never_change_the_board(mid_game):
    other = _with_other_secrets(mid_game)
    assert GAME.player_view(other, 1).holdings != GAME.player_view(mid_game, 1).holdings
    assert GAME.public_view(other) == GAME.public_view(mid_game)
    assert board_png(GAME.public_view(other), NAMES) == board_png(GAME.public_view(mid_game), NAMES)
    # ...while the screen of that player does show the difference
    assert screen_png(GAME.player_view(other, 1)) != screen_png(GAME.player_view(mid_game, 1))


def test_same_view_same_bytes(mid_game):
    view = GAME.public_view(mid_game)
    assert board_png(view, NAMES) == board_png(view, NAMES)


def test_board_refuses_a_player_view(mid_game):
    with pytest.raises(TypeError):
        board_png(GAME.player_view(mid_game, 0))


def test_screen_shows_pesos_vp_and_goods(mid_game):
    pv = GAME.player_view(mid_game, 0)
    richer = PlayerView(
        pv.seat, Holdings(pv.holdings.pesos + 10, pv.holdings.vp, pv.holdings.goods), pv.public
    )
    assert screen_png(richer) != screen_png(pv)


def test_golden_santiago_3p(mid_game):
    compare_golden("santiago-3p-board.png", board_png(GAME.public_view(mid_game), NAMES[:3]))
    compare_golden("santiago-3p-screen.png", screen_png(GAME.player_view(mid_game, 1), NAMES[:3]))


def test_rolled_dice_show_on_the_ship_while_the_roller_chooses():
    state = GAME.new(3, 7, {})  # the first decision of every game is the set-up roll
    view = GAME.public_view(state)
    assert view.rolled is not None and len(view.rolled) == 5
    assert view.demand is None
    rolling = check_png(board_png(view, NAMES[:3]))
    waiting = check_png(board_png(dataclasses.replace(view, rolled=None), NAMES[:3]))
    # the row of the ship's panel where the demand dice sit
    ship = on_board(
        (santiago.SHIP_X0, santiago.DICE_Y, santiago.SHIP_X1, santiago.DICE_Y + santiago.DIE_S + 1)
    )
    # the five dice fill much of the row, which otherwise shows one line of text
    assert differing_fraction(rolling.crop(ship), waiting.crop(ship)) > 0.15
    # ...and nothing outside the ship changes (compared before the palette encode, whose
    # palette is chosen for each whole picture and may round a far-away edge pixel otherwise)
    outside = (
        board_image(view, NAMES[:3]),
        board_image(dataclasses.replace(view, rolled=None), NAMES[:3]),
    )
    for im in outside:
        im.paste((0, 0, 0), ship)
    assert differing_fraction(*outside) == 0
