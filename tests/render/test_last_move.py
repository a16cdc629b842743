"""The last move on both boards: a caption names who did what, and the place where it happened
is marked in that player's colour; nothing is drawn before the first decision."""

from __future__ import annotations

import dataclasses

import pytest
from render_helpers import board_pixels, differing_fraction, on_board

import games
from games.havana.views import LastMove as HavanaMove
from games.santiago.views import LastMove as SantiagoMove
from render import _board_layout, board_image, board_png, draw, havana, santiago
from render.demo import NAMES, play

SANTIAGO = games.get("santiago")
HAVANA = games.get("havana")


def _santiago_view():
    return SANTIAGO.public_view(play("santiago", 3, 7, 150))


def _havana_view():
    return HAVANA.public_view(play("havana", 4, 11, 75))


def _captions(view, names):
    return _captions_in(view, names, None)


def _captions_in(view, names, lang):
    _image, drawn = _board_layout(view, names, lang)
    return [t.text for t in drawn if t.role == "last"]


def _changed(view, box) -> float:
    """Share of the pixels in `box` (of the layout) that differ from the same board without a
    last move."""
    with_move = board_image(view, NAMES).crop(on_board(box))
    without = board_image(dataclasses.replace(view, last_move=None), NAMES).crop(on_board(box))
    return differing_fraction(with_move, without)


def _count(image, box, colour) -> int:
    """How many pixels of `colour` the board as drawn has in `box` of its layout."""
    return sum(1 for p in _pixels(image.crop(on_board(box))) if p == colour)


def _pixels(image):
    data = image.convert("RGB").tobytes()
    return zip(data[0::3], data[1::3], data[2::3], strict=True)


# --- Santiago ------------------------------------------------------------------------------------


def test_santiago_caption_names_the_player_and_the_claimed_building():
    view = _santiago_view()
    move = view.last_move
    assert (move.seat, move.code) == (0, "claim:cafe")
    assert _captions(view, NAMES[:3]) == [f"Last: {NAMES[0]} — claimed the Café"]


def test_santiago_caption_for_a_drive_names_the_distance_and_the_stop():
    view = _santiago_view()
    to = view.road[4].citizen
    move = SantiagoMove(1, "santiago.drive", "drive:1", None, None, None, 3, 4)
    (caption,) = _captions(dataclasses.replace(view, last_move=move), NAMES[:3])
    assert caption.startswith(f"Last: {NAMES[1]} — drove 1 stop to ")
    assert santiago._split_role(santiago.citizen_name(to))[0] in caption


def _move(kind: str, code: str, citizen=None, building=None) -> SantiagoMove:
    return SantiagoMove(2, kind, code, citizen, building, None, 3, 4)


PAST = (
    (_move("santiago.building", "skip", building="cafe"), "did not use the Café"),
    (_move("santiago.zorro", "zorro:give:peso", citizen="el_zorro"), "gave 1 peso"),
    (_move("santiago.amount", "amount:2:citrus"), "delivered 2 units of citrus fruit"),
    # a state stored before the good was kept with the amount
    (_move("santiago.amount", "amount:2"), "delivered 2 goods"),
    (_move("santiago.alonso", "alonso:claim", citizen="alonso"), "chose to claim a building"),
    (_move("santiago.zorro", "zorro:give:cigar", citizen="el_zorro"), "gave 1 unit of cigars"),
    (_move("santiago.zorro", "zorro:nothing", citizen="el_zorro"), "had nothing to give"),
    (_move("santiago.pablo", "pablo:rum", citizen="pablo"), "took 1 unit of rum"),
    (_move("santiago.deliver", "wood:citrus"), "delivered wood for citrus fruit"),
    (_move("santiago.deliver", "pass"), "stopped delivering"),
    # the Casino's amounts fill more than one menu: turning its page is no exchange yet
    (
        _move("santiago.casino_amount", "casino:more", building="casino"),
        "looked at other amounts at the Casino",
    ),
)


def test_santiago_keeps_the_good_a_delivered_amount_was_of():
    """The amount is a decision of its own, after the good: the last move keeps both, so the
    caption can say "delivered 2 units of rum"."""
    import random

    rnd = random.Random(3)
    state, seen = SANTIAGO.new(3, 3), 0
    while not SANTIAGO.is_over(state) and seen < 3:
        (decision, *_) = SANTIAGO.pending(state)
        codes = SANTIAGO.legal_codes(state, decision.seat)
        if decision.kind == "santiago.deliver" and any(c.startswith("deliver:") for c in codes):
            good = next(c for c in codes if c.startswith("deliver:"))[8:]
            state, _ = SANTIAGO.apply(state, decision.seat, f"deliver:{good}")
            (decision,) = SANTIAGO.pending(state)
            amount = SANTIAGO.legal_codes(state, decision.seat)[-1]
            state, _ = SANTIAGO.apply(state, decision.seat, amount)
            move = SANTIAGO.public_view(state).last_move
            assert (move.kind, move.code) == ("santiago.amount", f"{amount}:{good}")
            seen += 1
            continue
        state, _ = SANTIAGO.apply(state, decision.seat, rnd.choice(codes))
    assert seen == 3


def test_santiago_caption_says_what_a_decision_did():
    """A caption says what the player did, not the question they answered: a building passed
    up is not "using a building", a pass at the ship is not "delivering"."""
    view = _santiago_view()
    for move, words in PAST:
        (caption,) = _captions(dataclasses.replace(view, last_move=move), NAMES[:3])
        assert caption == f"Last: {NAMES[2]} — {words}"


@pytest.mark.parametrize("lang", ["it", "es", "de", "ru"])
def test_santiago_captions_of_different_decisions_differ_in_every_language(lang):
    view = _santiago_view()
    said = {
        _captions_in(dataclasses.replace(view, last_move=m), NAMES[:3], lang)[0] for m, _ in PAST
    }
    assert len(said) == len(PAST), said
    assert not any("Zorro" in caption for caption in said)  # the gift's words name no place


def test_santiago_marks_the_building_used_in_the_players_colour():
    view = _santiago_view()
    box = santiago._building_boxes(view)[view.last_move.space]
    ring = (box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6)
    assert _changed(view, ring) > 0.1
    blue = draw.SEAT_COLOURS[0]
    assert _count(board_image(view, NAMES), ring, blue) > board_pixels(1000)
    # another building, away from the road, is left alone
    other = santiago._building_boxes(view)[(view.last_move.space + 1) % 12]
    assert _changed(view, other) == 0


def test_santiago_marks_the_trip_the_stop_left_and_the_citizen_used():
    view = _santiago_view()
    citizen = view.road[6].citizen
    seat = 2
    move = SantiagoMove(seat, "santiago.citizen", "use", citizen, None, None, 3, 6)
    view = dataclasses.replace(view, last_move=move)
    image = board_image(view, NAMES)
    colour = draw.SEAT_COLOURS[seat]
    for stop in (3, 6):  # the stop left (dashed frame) and the citizen used (ring)
        assert _count(image, santiago._tile_box(stop, 12), colour) > board_pixels(300), stop
    # the path along the road between stops 4 and 5, where no tile covers it
    x, y = (round(c) for c in santiago._road_point(4.5))
    assert _count(image, (x - 25, y - 25, x + 25, y + 25), colour) > board_pixels(200)
    # the road the car did not drive stays as it was
    x, y = (round(c) for c in santiago._road_point(8.5))
    assert _changed(view, (x - 25, y - 25, x + 25, y + 25)) == 0


def test_santiago_without_a_last_move_draws_none_of_it():
    view = dataclasses.replace(_santiago_view(), last_move=None)
    assert _captions(view, NAMES[:3]) == []
    top, bottom = santiago.LAST_Y - 20, santiago.LAST_Y + 20
    band = on_board((0, top, santiago.W, bottom))
    assert all(p == draw.BG for p in _pixels(board_image(view).crop(band)))


# --- Havana --------------------------------------------------------------------------------------


def test_havana_caption_names_the_player_and_the_demolished_building():
    view = _havana_view()
    assert view.last_move.kind == "demolish"
    assert _captions(view, NAMES) == [
        f"Last: {NAMES[3]} — demolished the Lighthouse (top row, right end)"
    ]


def test_havana_caption_for_a_purchase_and_a_theft():
    view = _havana_view()
    bought = dataclasses.replace(view.last_move, kind="pay", action="pay:red", bought=True)
    (caption,) = _captions(dataclasses.replace(view, last_move=bought), NAMES)
    assert caption == f"Last: {NAMES[3]} — bought the Lighthouse (top row, right end)"
    theft = HavanaMove(0, "steal", "take:red", None, None, None, None, False, (), 2)
    (caption,) = _captions(dataclasses.replace(view, last_move=theft), NAMES)
    assert caption == f"Last: {NAMES[0]} — stole from {NAMES[2]}"


def test_havana_marks_the_changed_row_and_its_end():
    view = _havana_view()
    image = board_image(view, NAMES)
    colour = draw.SEAT_COLOURS[view.last_move.seat]
    # the top row is the left column, its left end at the top and its right end at the bottom
    x = havana.COL_X[0]
    # the top row is framed and its right end carries a bar in the player's colour
    assert _count(
        image, (x, havana.ROWS_TOP - 3, x + havana.COL_W, havana.ROWS_TOP + 3), colour
    ) > board_pixels(1000)
    n = len(view.rows[0].buildings)
    end_y = havana._entry_y(n - 1, n) + havana.ENTRY_H
    assert _count(image, (x, end_y, x + havana.COL_W, end_y + 12), colour) > board_pixels(1000)
    # the bottom row is left alone
    x = havana.COL_X[1]
    assert (
        _changed(view, (x, havana.ROWS_TOP - 3, x + havana.COL_W + 3, havana.ROWS_BOTTOM + 3)) == 0
    )


def test_havana_a_left_end_is_marked_on_the_left():
    view = _havana_view()
    move = dataclasses.replace(view.last_move, row="bottom", end="left", rows_changed=("bottom",))
    view = dataclasses.replace(view, last_move=move)
    image = board_image(view, NAMES)
    colour = draw.SEAT_COLOURS[move.seat]
    x = havana.COL_X[1]
    above_the_first = (x, havana.ENTRY_Y0 - 14, x + havana.COL_W, havana.ENTRY_Y0)
    assert _count(image, above_the_first, colour) > board_pixels(1000)


def test_havana_without_a_last_move_draws_none_of_it():
    view = dataclasses.replace(_havana_view(), last_move=None)
    assert _captions(view, NAMES) == []
    image = board_image(view, NAMES)
    caption = (0, havana.BANNER[3] + 2, havana.W, havana.ROWS_TOP - 4)
    assert all(p == draw.BG for p in _pixels(image.crop(on_board(caption))))
    # (the turn order below the rows shows every seat's colour)
    assert _count(image, (0, 0, havana.W, havana.MID[1]), draw.SEAT_COLOURS[3]) == 0


def test_a_long_name_gives_way_to_what_happened():
    """A name too long for the caption is left out, never cut: the seat marker beside the
    caption says who, the caption what."""
    view = _santiago_view()
    long_names = ("W" * 40, "B", "C")
    for v in (view, dataclasses.replace(view, car=0)):
        (caption,) = _captions(v, long_names)
        assert caption == "claimed the Café"
    (caption,) = _captions(view, ("Maximilian", "B", "C"))
    assert caption == "Last: Maximilian — claimed the Café"


def test_the_last_move_gives_the_same_bytes_each_time():
    for view in (_santiago_view(), _havana_view()):
        assert view.last_move is not None
        assert board_png(view, NAMES) == board_png(view, NAMES)
