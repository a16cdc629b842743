"""Hostile texts in pictures: names of 7,000 characters and decks whose names have the maximum
length render, stay inside their boxes, and cost a number of measurements that does not grow
with the text's length."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageFont

import games
import render
from games.core import Result
from games.havana.deck import MAX_NAME, bundled_file
from games.text import Msg, players
from render import board_png, draw, final_scores_png, screen_png
from render.demo import NAMES, play

LONG = 7000
HOSTILE_NAMES = {
    "one-word": "W" * LONG,
    "many-words": ("Wq " * LONG)[:LONG],
    "combining-marks": ("e\u0301" * LONG)[:LONG],
}


class Drawn:
    """What a render drew: every text's horizontal extent, and every fitted text with its box."""

    def __init__(self):
        self.texts: list[tuple[float, float, str]] = []
        self.fitted: list[tuple[float, float, float, float, str]] = []
        self.measured = 0  # characters passed to Pillow's measuring functions
        self.budget: int | None = None

    def count(self, s) -> None:
        self.measured += len(s)
        if self.budget is not None and self.measured > self.budget:
            raise AssertionError(f"measured more than {self.budget} characters of text")


def _extent(xy, s: str, size: int, bold: bool, anchor: str) -> tuple[float, float]:
    left, _top, right, _bottom = draw.font(int(size), bool(bold)).getbbox(s, anchor=anchor)
    return xy[0] + left, xy[0] + right


@pytest.fixture
def drawn(monkeypatch):
    record = Drawn()
    plain_text, plain_fit_text = draw.text, draw.fit_text

    def text(d, xy, s, size=20, bold=False, fill=draw.INK, anchor="la"):
        if s:
            record.texts.append((*_extent(xy, s, size, bold, anchor), s))
        plain_text(d, xy, s, size=size, bold=bold, fill=fill, anchor=anchor)

    def fit_text(d, xy, s, width, size=20, bold=False, fill=draw.INK, anchor="la", **kw):
        before = len(record.texts)
        plain_fit_text(d, xy, s, width, size=size, bold=bold, fill=fill, anchor=anchor, **kw)
        x = xy[0]
        box = {"l": (x, x + width), "m": (x - width / 2, x + width / 2), "r": (x - width, x)}
        for left, right, shown in record.texts[before:]:
            record.fitted.append((*box[anchor[0]], left, right, shown))

    for module in ("draw", "havana", "santiago", "scores"):
        __import__(f"render.{module}")
        monkeypatch.setattr(getattr(render, module), "text", text)
    monkeypatch.setattr(draw, "fit_text", fit_text)
    for method in ("getlength", "getbbox"):
        plain = getattr(ImageFont.FreeTypeFont, method)

        def measuring(self, s, *args, _plain=plain, **kwargs):
            record.count(s)
            return _plain(self, s, *args, **kwargs)

        monkeypatch.setattr(ImageFont.FreeTypeFont, method, measuring)
    return record


def _allowance(measured: int) -> int:
    return measured + measured // 10 + 1000


def _fresh() -> None:
    """Forget every cached text so that each render measures what it draws."""
    draw.fit.cache_clear()
    draw._mask.cache_clear()


def _check(record: Drawn, data: bytes, fragment: str) -> None:
    image = Image.open(io.BytesIO(data))
    image.load()
    for box_left, box_right, left, right, shown in record.fitted:
        # a little slack: the ink of a glyph such as "J" or "Ł" overhangs its advance
        assert box_left - 3 <= left and right <= box_right + 3, (box_left, box_right, shown)
    for left, right, shown in record.texts:
        assert left >= 0 and right <= image.width, shown[:50]
    assert any(fragment in shown for *_box, shown in record.fitted), "the names are drawn"
    assert max(len(shown) for *_box, shown in record.texts) < 300, "no name is drawn whole"


def _pictures(kind: str, state, names, record: Drawn | None = None) -> int:
    """Render the board and every screen; check each picture when `record` is given."""
    game = games.get(kind)
    makers = [(lambda: board_png(game.public_view(state), names), set(names))]
    makers.extend(
        ((lambda s=s: screen_png(game.player_view(state, s), names)), {names[s]})
        for s in range(len(names))
    )
    for make, shown in makers:
        if record is not None:
            record.texts.clear(), record.fitted.clear()
        data = make()
        if record is not None:
            for name in shown:
                _check(record, data, name[:6])
    return len(makers)


def _long_deck() -> dict:
    """The bundled deck with every building name at the maximum length, some in several words."""
    data = json.loads(json.dumps(bundled_file()))
    shapes = ["W" * MAX_NAME, ("Wide " * 9)[:MAX_NAME], "M" * (MAX_NAME - 1) + "W"]
    for k, card in enumerate(data["buildings"]):
        card["name"] = shapes[k % len(shapes)]
    return data


GAMES = {  # four players each, mid-game with buildings bought
    "santiago": lambda: play("santiago", 4, 7, 150),
    "havana": lambda: play("havana", 4, 7, 80),
    "havana-long-deck": lambda: play(
        "havana", 4, 7, 80, games.get("havana").options({"deck": _long_deck()})
    ),
}


# one seat of each kind, and a fourth of the widest
SEATS = [HOSTILE_NAMES[k] for k in sorted(HOSTILE_NAMES)] + [HOSTILE_NAMES["one-word"]]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_boards_and_screens_with_hostile_names(drawn, kind):
    state = GAMES[kind]()
    game = kind.split("-")[0]
    # A tenth of the length costs as much to draw: the cost does not grow with the length.
    _fresh()
    _pictures(game, state, [name[: LONG // 10] for name in SEATS])
    drawn.measured, drawn.budget = 0, _allowance(drawn.measured)
    _fresh()
    assert _pictures(game, state, SEATS, drawn) == 5
    if kind == "havana-long-deck":
        drawn.budget = None
        _fresh()
        drawn.texts.clear(), drawn.fitted.clear()
        _check(drawn, board_png(games.get(game).public_view(state), NAMES), "MMMM")


def _result(n: int, names_note: bool = True) -> Result:
    return Result(
        scores=tuple(30 - 4 * s for s in range(n)),
        winners=tuple(range(n)) if names_note else (0,),
        ranking=tuple(range(n)),
        places=(1,) * n,
        tiebreaks=tuple((s, 10 - s) for s in range(n)),
        tiebreak_names=(Msg("santiago.tiebreak.goods"), Msg("santiago.tiebreak.pesos")),
        notes=(players(list(range(n))),) * 30 if names_note else (),
        reason=Msg("santiago.reason.seventh_ship"),
    )


def test_final_scores_with_hostile_names(drawn):
    _fresh()
    final_scores_png("havana", _result(4), [name[: LONG // 10] for name in SEATS])
    drawn.texts.clear(), drawn.fitted.clear()
    drawn.measured, drawn.budget = 0, _allowance(drawn.measured)
    _fresh()
    data = final_scores_png("havana", _result(4), SEATS)
    for name in SEATS:
        _check(drawn, data, name[:6])
    # thirty notes naming every player still give a picture of bounded height
    assert Image.open(io.BytesIO(data)).height < 1200


@pytest.mark.parametrize("length", [7_000, 70_000])
def test_fitting_measures_a_bounded_part_of_any_text(drawn, length):
    for text in ("W" * length, ("Wq " * length)[:length], ("e\u0301" * length)[:length]):
        _fresh()
        drawn.measured, drawn.budget = 0, 60_000
        shown, f = draw.fit(text, 24, 300, True)
        assert f.size == 14 and shown.endswith("…") and len(shown) < 160
        assert draw.font(14, True).getlength(shown) <= 300
