"""Colours told apart by players with a colour-vision deficiency, and never the only sign.

Each palette that tells things apart by colour is simulated under protanopia, deuteranopia and
tritanopia (full severity) with colorspacious's model (Machado, Oliveira and Fernandes 2009),
and every pair that can share a picture must stay at least `MIN_DELTA_E` apart in CIEDE2000.

Why 10: a CIEDE2000 difference of about 1 is just noticeable for two large patches side by
side under good light, and pieces on a board are small, apart, and seen on phones in any light;
at around 10, two colours are ones people call by different names at a glance. Every pair of
player colours clears it under all three deficiencies (the closest, 12, is seat 1 against
seat 4 under protanopia). Santiago's rum and wood, and Havana's red and brown materials, were
3.3 and 1.5 apart under deuteranopia and protanopia before their fills were changed.

Every coloured piece also carries a mark drawn inside it: a player's seat number on their
markers and pawns, a good's, flower's or material's letters on its die, chip or cube.
"""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from colorspacious import cspace_convert
from PIL import Image, ImageChops, ImageDraw

import games
import render
from games.core import Result
from render import draw as dr
from render import havana as havana_pic
from render import santiago as santiago_pic
from render.captions import language

MIN_DELTA_E = 10.0
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")

# Every palette whose colours must be told apart, as its members share a picture: the seats
# (every board, screen and score picture), Santiago's goods (dice, supply, screens) and
# flower colours (stops and buildings), Havana's materials (costs, the centre, the players).
PALETTES = {
    "seats": dict(enumerate(dr.SEAT_COLOURS)),
    "santiago goods": {good: style[0] for good, style in santiago_pic.GOOD_STYLE.items()},
    "santiago flowers": {c: style[0] for c, style in santiago_pic.FLOWER_STYLE.items()},
    "havana materials": {c: style[0] for c, style in havana_pic.CUBE_STYLE.items()},
}


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh -= 360 if dh > 180 else 0
        dh += 360 if dh < -180 else 0
    d_big_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p**7 / (c_bar_p**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_big_h / s_h) ** 2 + r_t * dc / s_c * d_big_h / s_h
    )


def seen(rgb, deficiency: str | None):
    """CIELab of an sRGB colour as seen with `deficiency` (None: typical colour vision)."""
    colour = np.array(rgb, dtype=float) / 255
    if deficiency is not None:
        model = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        colour = np.clip(cspace_convert(colour, model, "sRGB1"), 0, 1)
    return tuple(cspace_convert(colour, "sRGB1", "CIELab"))


def test_the_colour_difference_is_the_published_one():
    # Pairs 1, 7 and 17 of Sharma, Wu and Dalal's test data.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_every_pair_of_colours_stays_apart(palette, deficiency):
    colours = PALETTES[palette]
    too_close = [
        (a, b, round(distance, 1))
        for a, b in itertools.combinations(colours, 2)
        if (distance := ciede2000(seen(colours[a], deficiency), seen(colours[b], deficiency)))
        < MIN_DELTA_E
    ]
    assert not too_close, f"{palette} under {deficiency}: {too_close}"


NAMES = ["Anna", "Ben", "Carla", "Dmitri"]


def played(kind: str, moves: int, seed: int = 5):
    engine = games.get(kind)
    state = engine.new(4, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if engine.is_over(state):
            break
        decision = engine.pending(state)[0]
        code = rng.choice(engine.legal_actions(state, decision.seat)).code
        state, _ = engine.apply(state, decision.seat, code)
    return engine, state


def expected_mark(kind: str, piece: dr.Piece) -> str:
    if piece.kind == "seat":
        return str(piece.what + 1)
    if piece.kind == "material":
        return havana_pic.letter(piece.what)
    fallback = (santiago_pic.GOOD_STYLE | santiago_pic.FLOWER_STYLE)[piece.what][1]
    return santiago_pic.letters(piece.what, fallback)


def marked(drawn, box) -> set[str]:
    """The texts whose ink lies within `box` (centre inside)."""
    x0, y0, x1, y1 = box
    found = set()
    for d in drawn:
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            found.add(d.text)
    return found


def pictures_of(kind: str, lang: str):
    """Every kind of picture of a game: boards along a game, every seat's screen, the scores."""
    for moves in (0, 40, 120):
        engine, state = played(kind, moves)
        public = engine.public_view(state)
        yield "board", lambda p=public, n=moves: render.board_image(p, NAMES, lang, n), public
        for seat in range(4):
            view = engine.player_view(state, seat)
            yield "screen", lambda v=view: render.screen_image(v, NAMES, lang), public
    engine, state = played(kind, 5000)
    result = engine.result(state) or engine.standing(state)
    assert isinstance(result, Result)
    series = [[seat * 2 + k for seat in range(4)] for k in range(6)]
    yield "scores", lambda: render.final_scores_image(kind, result, NAMES, series, lang), None


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_every_coloured_piece_carries_its_mark(kind, lang):
    checked = 0
    for what, draw, public in pictures_of(kind, lang):
        with dr.recording() as drawn, dr.recording_pieces() as pieces:
            draw()
        with language(lang):
            unmarked = [p for p in pieces if expected_mark(kind, p) not in marked(drawn, p.box)]
        assert not unmarked, (what, unmarked[:3])
        checked += len(pieces)
        if what == "board" and kind == "santiago":
            # the pawns on the board and the property markers on the buildings are all there
            seats = [p for p in pieces if p.kind == "seat"]
            placed = sum(s.owner is not None for s in public.buildings)
            pawns = sum(s.pawn is not None for s in public.buildings)
            assert len(seats) >= placed + pawns + 4
    assert checked > 100


# How many whole pixels of ink two marks must differ by, drawn in bold with a capital 7 px high
# (the floor where a phone shows a picture): "Bi" and "Bl" differ by under 2, "B" and "R" (the
# least apart of the English marks, told apart by the leg of the R) by 9.5.
MIN_INK_APART = 5.0


def _ink(mark: str) -> Image.Image:
    size = dr.floor_size(dr.PHONE_WIDTH)  # a picture drawn at phone width: the floor's own type
    image = Image.new("L", (8 * size, 2 * size), 0)
    ImageDraw.Draw(image).text(
        (4 * size, size), mark, font=dr.font(size, True), fill=255, anchor="mm"
    )
    return image


def _ink_apart(a: str, b: str) -> float:
    return sum(ImageChops.difference(_ink(a), _ink(b)).histogram()[k] * k for k in range(256)) / 255


MARK_SETS = {
    "santiago flowers": lambda: [santiago_pic.letters(c) for c in santiago_pic.FLOWERS],
    "santiago goods": lambda: [santiago_pic.letters(g) for g in santiago_pic.GOODS],
    "havana materials": lambda: [havana_pic.letter(c) for c in havana_pic.COLOURS],
}


@pytest.mark.parametrize("lang", ["en", "de", "es", "it", "ru"])
@pytest.mark.parametrize("marks", sorted(MARK_SETS))
def test_the_letters_of_colours_are_told_apart_at_a_glance_on_a_phone(marks, lang):
    """The letters are the cue of a player who cannot tell the colours apart: two of one set
    that differ by one thin stroke ("Bi" bianco, "Bl" blu) are no cue at phone size."""
    with language(lang):
        letters = MARK_SETS[marks]()
    assert len(set(letters)) == len(letters), letters
    close = [
        (a, b, round(_ink_apart(a, b), 1))
        for a, b in itertools.combinations(letters, 2)
        if _ink_apart(a, b) < MIN_INK_APART
    ]
    assert not close, close
