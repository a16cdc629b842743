"""Santiago de Cuba's board where Discord shows it: about 320 px wide on a phone (wider on a
laptop). Every text, in each of the five languages, has a cap height of at least
`draw.MIN_CAP_PX` there, names and scores `draw.NAME_CAP_PX`; each lies inside the
picture and clear of every other text; and the picture is landscape. Sizes are read from the
texts the renderer records, not by eye."""

from __future__ import annotations

import dataclasses

import pytest

import games
from games.text import Msg
from render import _board_layout, board_caption, board_png, draw
from render.demo import NAMES, play

GAME = games.get("santiago")
LANGUAGES = ("en", "de", "es", "it", "ru")
LONG_NAMES = ("W" * 32, "王小明" * 10, "محمد علي " * 4, "Ana 👍🏽🇫🇷 " * 5)
SCRIPT_NAMES = ("王小明", "さくら🌸", "محمد علي", "अनीता शर्मा")
# names and scores: the players' names, and their VP and pesos at an all-public table
NAME_ROLES = frozenset({"name", "vp"})


def _position(players, steps, names=NAMES, options=None):
    """A seeded position, its names and the number of moves played to reach it."""
    log: list = []
    state = play("santiago", players, 7 + players, steps, options, log=log)
    return GAME.public_view(state), names[:players], len(log)


CASES = {
    "2p-start": lambda: _position(2, 0),
    "3p-mid": lambda: _position(3, 150),
    "4p-mid-long-names": lambda: _position(4, 120, LONG_NAMES),
    "4p-open-holdings": lambda: _position(4, 90, SCRIPT_NAMES, {"open_holdings": True}),
    "3p-open-holdings-late": lambda: _position(3, 400, LONG_NAMES, {"open_holdings": True}),
    "2p-over": lambda: _position(2, None),
    "4p-over-open-holdings": lambda: _position(4, None, LONG_NAMES, {"open_holdings": True}),
}


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_text_is_legible_where_discord_shows_the_board(case, lang):
    view, names, move = CASES[case]()
    image, drawn = _board_layout(view, names, lang, move)
    assert 1.4 <= image.width / image.height <= 1.8, image.size
    roles = {t.role for t in drawn}
    # after the end no ship waits for goods: its dice, or "no demand yet", are gone
    dice = set() if view.game_over and view.demand is None else {"dice"}
    assert {"turn", *dice, "price", "ships", "citizen", "building", "name"} <= roles, roles
    assert ("last" in roles) == (move > 0)
    assert ("vp" in roles) == (view.open_holdings is not None)
    # what drives the first decision of a turn is never cut: the stops, the dice, the price
    whole = {"citizen", "dice", "price", "ships", "turn", "order", "goods", "vp", "colour"}
    assert not [t.text for t in drawn if t.role in whole and t.text.endswith("…")]
    for t in drawn:
        floor = draw.NAME_CAP_PX if t.role in NAME_ROLES else draw.MIN_CAP_PX
        for shown in draw.SHOWN_WIDTHS:
            cap = draw.shown_cap(t.size, image.width, shown)
            assert cap >= floor, f"{t.role} {t.text[:30]!r}: cap {cap:.1f} px at {shown} px"
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and y0 >= 0 and x1 <= image.width and y1 <= image.height, (t.role, t.text)
    for i, t in enumerate(drawn):
        for other in drawn[i + 1 :]:
            assert not _overlap(t.box, other.box), (t.role, t.text[:30], other.text[:30])


def test_the_floor_is_stated_in_pixels_where_the_client_shows_the_picture():
    """The constants say what the test checks: 7 px capitals (8 px for names and scores) where a
    phone shows the picture 320 px wide."""
    assert draw.SHOWN_WIDTHS == (320,)
    assert (draw.MIN_CAP_PX, draw.NAME_CAP_PX) == (7, 8)
    # DejaVu Sans Condensed: a capital H is 1493 of the 2048 units of its em
    assert abs(draw.cap_ratio() - 1493 / 2048) < 1e-9
    # 7 px at 320 of 1200 px is a cap of 26.25 px: 36 px type has 26.24
    assert draw.floor_size(1200) == 37 and draw.floor_size(1200, draw.NAME_CAP_PX) == 42


def _twin(view, players):
    """The same position with other seats deciding other things: every pending decision moved
    to the next seat with another prompt, and another active seat."""
    pending = tuple(
        dataclasses.replace(p, seat=(p.seat + 1) % players, prompt=Msg("santiago.prompt.zorro", {}))
        for p in view.pending
    )
    return dataclasses.replace(view, pending=pending, active_seat=(view.active_seat + 1) % players)


@pytest.mark.parametrize("steps", [0, 37, 150])
def test_the_board_names_no_one_who_must_decide(steps):
    """A picture stays on screen while later prompts follow it: nothing on it may depend on
    who decides now."""
    view, names, move = _position(3, steps, ("Anabel", "Bartholomew", "Cordelia"))
    twin = _twin(view, 3)
    assert twin.pending != view.pending
    assert board_png(view, names, None, move) == board_png(twin, names, None, move)
    _image, drawn = _board_layout(view, names, None, move)
    (turn,) = [t.text for t in drawn if t.role == "turn"]
    assert not any(name in turn for name in names)
    assert str(move) in turn if move else "Start" in turn
    assert turn == board_caption(view, names, None, move) == board_caption(twin, names, None, move)


def test_the_caption_says_nothing_about_moves_without_a_number_and_tells_the_end():
    view, names, move = _position(3, 150)
    assert not any(ch.isdigit() for ch in board_caption(view, names, "en", None))
    assert board_caption(view, names, "en", move) == f"After move {move}: using a building"
    assert board_caption(view, names, "de", move).startswith(f"Nach Zug {move}: ")
    over, names, move = _position(2, None)
    assert board_caption(over, names, "en", move) == f"Game over after move {move}"
    assert board_caption(over, names, "en", None) == "Game over"
