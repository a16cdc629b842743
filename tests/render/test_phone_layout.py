"""Pictures read on a phone: Discord shows a landscape picture about 320 px wide there, so every
text of a board, a screen and the final scores has a capital letter at least 7 px high at that
width (`draw.MIN_CAP_PX`; names and scores `draw.NAME_CAP_PX`), inside the picture and clear of
every other text; the key texts (whose turn, dice, price, ships, turn order, VP, building
costs, the last move) are all there. Measured in the layout the renderer records, not by
eye."""

from __future__ import annotations

import dataclasses

import pytest

import games
from games.core import Result
from games.text import Msg
from render import _board_layout, draw, final_scores_image, havana, screen_image
from render.demo import NAMES, play

SANTIAGO = games.get("santiago")
HAVANA = games.get("havana")
LONG_NAMES = ("W" * 40, "王小明" * 12, "محمد علي " * 5, "Ana 👍🏽🇫🇷 " * 6)
SCRIPT_NAMES = ("王小明", "さくら🌸", "محمد علي", "अनीता शर्मा")
LANGUAGES = ("en", "de", "es", "it", "ru")


def _santiago(players, steps, names=NAMES, options=None):
    state = play("santiago", players, 7 + players, steps, options)
    return SANTIAGO.public_view(state), names[:players]


def _havana(players, steps, names=NAMES):
    state = play("havana", players, 7 + players, steps)
    return HAVANA.public_view(state), names[:players]


BOARDS = {
    "santiago-setup-roll": (lambda: _santiago(3, 0), {"turn", "dice", "price", "ships"}),
    "santiago-3p-mid": (
        lambda: _santiago(3, 150),
        {"turn", "dice", "price", "ships", "order", "last"},
    ),
    "santiago-4p-long-names": (
        lambda: _santiago(4, 120, LONG_NAMES),
        {"turn", "price", "ships", "last"},
    ),
    "santiago-4p-open-holdings": (
        lambda: _santiago(4, 90, SCRIPT_NAMES + NAMES, {"open_holdings": True}),
        {"turn", "price", "ships", "vp"},
    ),
    "santiago-2p-over": (lambda: _santiago(2, None), {"turn", "price", "ships"}),
    # (every text of Havana's board, in every language: tests/render/test_legibility_havana.py)
    # no turn order before the first cards are revealed, nor after the game
    "havana-2p-start": (lambda: _havana(2, 0), {"turn", "cost", "vp"}),
    "havana-4p-mid": (lambda: _havana(4, 45), {"turn", "cost", "vp", "order", "last"}),
    "havana-4p-long-names": (
        lambda: _havana(4, 60, LONG_NAMES),
        {"turn", "cost", "vp", "order", "last"},
    ),
    "havana-3p-over": (lambda: _havana(3, None, SCRIPT_NAMES), {"turn", "vp", "last"}),
}


def assert_readable(image, texts, drawn) -> None:
    """Each of `texts` has a cap height of at least MIN_CAP_PX at phone width, inside the
    picture, and overlaps no other drawn text."""
    for t in texts:
        cap = draw.shown_cap(t.size, image.width)
        assert cap >= draw.MIN_CAP_PX, f"{t.role} {t.text[:30]!r}: cap {cap:.1f} px"
        x0, y0, x1, y1 = t.box
        assert x0 >= 0 and x1 <= image.width and y0 >= 0 and y1 <= image.height, (t.role, t.text)
        for other in drawn:
            if other is not t:
                assert not _overlap(t.box, other.box), (t.role, t.text[:30], other.text[:30])


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("case", sorted(BOARDS))
def test_every_text_of_a_board_is_readable_at_phone_width(case):
    make, roles = BOARDS[case]
    view, names = make()
    image, drawn = _board_layout(view, names)
    keys = [t for t in drawn if t.role in draw.KEY_ROLES]
    assert roles <= {t.role for t in keys}, (
        f"missing on the board: {roles - {t.role for t in keys}}"
    )
    assert_readable(image, drawn, drawn)


def test_the_whose_turn_line_is_larger_than_the_minimum():
    """The line a player looks for first stands out, on both boards."""
    for view, names in (_santiago(3, 150), _havana(4, 45)):
        image, drawn = _board_layout(view, names)
        (turn,) = [t for t in drawn if t.role == "turn"]
        assert draw.shown_cap(turn.size, image.width) >= draw.MIN_CAP_PX + 1


def test_every_drawn_text_is_recorded_with_its_box():
    view, names = _santiago(3, 150)
    image, drawn = _board_layout(view, names)
    texts = {t.text for t in drawn}
    # the static layer (cached once per process) is recorded too
    assert {"2", "3", "4", "Price"} <= texts
    assert any(names[0] in t for t in texts)
    # recording does not leak into the picture: same pixels with or without it
    from render import board_image

    assert board_image(view, names).tobytes() == image.tobytes()


def test_long_names_leave_the_havana_banner_whole():
    """Havana's banner names the position, not the decider: long names do not cut it."""
    view, _names = _havana(4, 45)
    pending = tuple(dataclasses.replace(p, secret=False) for p in view.pending[:1])
    view = dataclasses.replace(view, pending=pending)
    image, drawn = _board_layout(view, LONG_NAMES, None, 45)
    (turn,) = [t for t in drawn if t.role == "turn"]
    assert turn.text == havana.caption(view, LONG_NAMES, 45) and not turn.text.endswith("…")
    assert draw.shown_cap(turn.size, image.width) >= draw.MIN_CAP_PX


def _finished(kind, players, names, chart=True):
    log = []
    state = play(kind, players, 7 + players, None, log=log)
    series = games.vp_series(games.Replay(kind, players, 7 + players, {}, log)) if chart else None
    return kind, games.get(kind).result(state), names[:players], series


def _many_buildings(names):
    """Four Havana players with a dozen buildings each, every name of the deck's maximum length."""
    parts = tuple(
        tuple(
            (Msg("havana.building.custom", {"name": "W" * 40}), 1 + (k + s) % 6) for k in range(12)
        )
        for s in range(4)
    )
    scores = tuple(sum(v for _l, v in p) for p in parts)
    result = Result(
        scores=scores,
        winners=(0,),
        ranking=(0, 1, 2, 3),
        places=(1, 2, 3, 4),
        breakdown=parts,
        reason=Msg("havana.end.round_limit", {"rounds": 20}),
    )
    series = [tuple(0 for _ in scores), scores]
    return "havana", result, names, series


SCORES = {
    "santiago-4p-chart": lambda: _finished("santiago", 4, NAMES),
    "santiago-2p-long-names": lambda: _finished("santiago", 2, LONG_NAMES, chart=False),
    "havana-3p-chart": lambda: _finished("havana", 3, SCRIPT_NAMES),
    "havana-4p-many-buildings": lambda: _many_buildings(LONG_NAMES),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", sorted(SCORES))
def test_every_text_of_the_final_scores_is_readable_at_phone_width(case, lang):
    """Not only key texts: the whole picture is about the scores."""
    kind, result, names, series = SCORES[case]()
    with draw.recording() as drawn:
        image = final_scores_image(kind, result, names, series, lang)
    assert {"name", "score", "part", "part_vp"} <= {t.role for t in drawn}
    assert ("chart" in {t.role for t in drawn}) == (series is not None)
    assert_readable(image, drawn, drawn)


def _screen(kind, players, steps, seat, names=NAMES):
    state = play(kind, players, 7 + players, steps)
    return games.get(kind).player_view(state, seat), names[:players]


SCREENS = {
    "santiago-3p-mid": lambda: _screen("santiago", 3, 150, 1),
    "santiago-4p-long-names-over": lambda: _screen("santiago", 4, None, 3, LONG_NAMES),
    "havana-4p-mid": lambda: _screen("havana", 4, 45, 0),
    "havana-3p-long-names-over": lambda: _screen("havana", 3, None, 2, LONG_NAMES),
    "havana-whole-deck-in-hand": lambda: (HAVANA.player_view(HAVANA.new(3, 1, {}), 0), NAMES[:3]),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", sorted(SCREENS))
def test_every_text_of_a_screen_is_readable_at_phone_width(case, lang):
    """A screen DM is read on the phone as often as a board, and all of it matters."""
    view, names = SCREENS[case]()
    with draw.recording() as drawn:
        image = screen_image(view, names, lang)
    assert len(drawn) >= 10
    assert_readable(image, drawn, drawn)
