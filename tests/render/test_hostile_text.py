"""Hostile texts in pictures: names of 7,000 characters and decks whose names have the maximum
length render, stay inside their boxes, and cost a number of measurements that does not grow
with the text's length."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageFont

import games
from games.core import Result
from games.havana.deck import MAX_NAME, bundled_file
from games.text import Msg, players
from render import board_png, draw, final_scores_png, screen_png, typeface
from render.demo import NAMES, play

LONG = 7000
HOSTILE_NAMES = {
    "one-word": "W" * LONG,
    "many-words": ("Wq " * LONG)[:LONG],
    "combining-marks": ("e\u0301" * LONG)[:LONG],
    "scripts-and-emoji": ("王さ محمد अनी 👍🏽🇫🇷 " * LONG)[:LONG],
}


class Measured:
    """What a render drew (every text with its box, see `draw.recording`) and how many
    characters it measured."""

    def __init__(self, texts: list[draw.Drawn]):
        self.texts = texts
        self.measured = 0  # characters passed to Pillow's measuring functions
        self.budget: int | None = None

    def count(self, s) -> None:
        self.measured += len(s)
        if self.budget is not None and self.measured > self.budget:
            raise AssertionError(f"measured more than {self.budget} characters of text")


@pytest.fixture
def drawn(monkeypatch):
    for method in ("getlength", "getbbox"):
        plain = getattr(ImageFont.FreeTypeFont, method)

        def measuring(self, s, *args, _plain=plain, **kwargs):
            record.count(s)
            return _plain(self, s, *args, **kwargs)

        monkeypatch.setattr(ImageFont.FreeTypeFont, method, measuring)
    with draw.recording() as texts:
        record = Measured(texts)
        yield record


def _allowance(measured: int) -> int:
    return measured + measured // 10 + 1000


def _fresh() -> None:
    """Forget every cached text so that each render measures what it draws."""
    draw.fit.cache_clear()
    draw.wrap.cache_clear()
    draw.fit_lines.cache_clear()
    draw._mask.cache_clear()
    typeface.runs.cache_clear()
    typeface.advance.cache_clear()


def _check(record: Measured, data: bytes, fragment: str) -> None:
    image = Image.open(io.BytesIO(data))
    image.load()
    fitted = [t for t in record.texts if t.room is not None]
    for t in fitted:
        # a little slack: the ink of a glyph such as "J" or "Ł" overhangs its advance
        assert t.room[0] - 3 <= t.box[0] and t.box[2] <= t.room[1] + 3, (t.room, t.text[:50])
    for t in record.texts:
        assert t.box[0] >= 0 and t.box[2] <= image.width, t.text[:50]
    assert any(fragment in t.text for t in fitted), "the names are drawn"
    assert max(len(t.text) for t in record.texts) < 300, "no name is drawn whole"


def _pictures(kind: str, state, names, record: Measured | None = None) -> int:
    """Render the board and every screen; check each picture when `record` is given."""
    game = games.get(kind)
    makers = [(lambda: board_png(game.public_view(state), names), set(names))]
    makers.extend(
        ((lambda s=s: screen_png(game.player_view(state, s), names)), {names[s]})
        for s in range(len(names))
    )
    for make, shown in makers:
        if record is not None:
            record.texts.clear()
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


# one seat of each kind
SEATS = [HOSTILE_NAMES[k] for k in sorted(HOSTILE_NAMES)]


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
        drawn.texts.clear()
        _check(drawn, board_png(games.get(game).public_view(state), NAMES), NAMES[0])
        # a building's name too long for its line is left out (it is a detail), never cut
        names = [t.text for t in drawn.texts if t.role == "building"]
        assert not [n for n in names if n.startswith(("MMM", "WWW", "Wide")) and "…" in n]


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
    drawn.texts.clear()
    drawn.measured, drawn.budget = 0, _allowance(drawn.measured)
    _fresh()
    data = final_scores_png("havana", _result(4), SEATS)
    for name in SEATS:
        _check(drawn, data, name[:6])
    # thirty notes naming every player still give a picture of bounded height
    assert Image.open(io.BytesIO(data)).height < 1200


@pytest.mark.parametrize("length", [7_000, 70_000])
def test_fitting_measures_a_bounded_part_of_any_text(drawn, length):
    for text in [(chunk * length)[:length] for chunk in ("W", "Wq ", "e\u0301", "王👍🏽 ")]:
        _fresh()
        drawn.measured, drawn.budget = 0, 60_000
        shown, f = draw.fit(text, 24, 300, True)
        assert f.size == 14 and shown.endswith("…") and len(shown) < 160
        assert draw.length(shown, 14, True) <= 300
