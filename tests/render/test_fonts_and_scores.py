"""Bundled font (Latin and Cyrillic names) and the final scores picture."""

from __future__ import annotations

import pytest
from PIL import ImageChops
from render_helpers import check_png, compare_golden, differing_fraction

import games
from games.core import Result
from games.text import Msg
from render import draw, final_scores_png
from render.demo import NAMES, play

HARD_NAMES = ("Łukasz", "Jürgen", "Иван", "Núñez", "Niccolò", "Ёлка Щукина", "Añoranza Çelik")


def test_fonts_come_from_the_package():
    for bold in (False, True):
        path = draw.font(20, bold).path
        assert str(draw.FONT_DIR) in str(path)
    assert (draw.FONT_DIR / "LICENSE-DejaVu.txt").read_text().count("Bitstream") > 0


@pytest.mark.parametrize("bold", [False, True])
def test_every_letter_of_our_players_names_has_a_real_glyph(bold):
    f = draw.font(24, bold)
    missing = bytes(f.getmask("\ue000"))  # a private-use code point: the "no glyph" box
    for name in HARD_NAMES:
        for ch in name.replace(" ", ""):
            mask = f.getmask(ch)
            assert mask.getbbox() is not None, ch
            assert bytes(mask) != missing, f"{ch!r} in {name!r} has no glyph"


def _result(n: int) -> Result:
    return Result(
        scores=tuple(30 - 4 * s for s in range(n)),
        winners=(0,),
        ranking=tuple(range(n)),
        places=tuple(range(1, n + 1)),
        tiebreaks=tuple((s, 10 - s) for s in range(n)),
        tiebreak_names=(Msg("santiago.tiebreak.goods"), Msg("santiago.tiebreak.pesos")),
        notes=(Msg("santiago.note.conversion"),),
        reason=Msg("santiago.reason.seventh_ship"),
    )


def test_names_in_cyrillic_and_accented_latin_are_drawn():
    """The name column of the score chart differs from an empty-name chart for every name."""
    base = check_png(final_scores_png("santiago", _result(2), [" ", " "]))
    for name in HARD_NAMES:
        image = check_png(final_scores_png("santiago", _result(2), [name, " "]))
        box = (172, 140, 412, 200)  # where the first name is written
        region_changed = ImageChops.difference(image.crop(box), base.crop(box)).getbbox()
        assert region_changed is not None, name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_scores_for_each_player_count(players):
    image = check_png(final_scores_png("santiago", _result(players)), min_width=1000)
    assert image.height > 150 + players * 80


def test_a_shared_win_is_shown():
    shared = Result(scores=(20, 20), winners=(0, 1), ranking=(0, 1), places=(1, 1))
    single = Result(scores=(20, 20), winners=(0,), ranking=(0, 1), places=(1, 2))
    a = check_png(final_scores_png("havana", shared))
    b = check_png(final_scores_png("havana", single))
    assert differing_fraction(a, b) > 0.001


def test_golden_final_scores():
    game = games.get("santiago")
    finished = play("santiago", 4, 7, None)
    assert game.is_over(finished)
    compare_golden(
        "santiago-final-scores.png", final_scores_png("santiago", game.result(finished), NAMES)
    )


def test_missing_names_fall_back_to_player_numbers():
    assert draw.seat_names(3, ["Ana"]) == ["Ana", "Player 2", "Player 3"]
    assert draw.seat_names(2, None) == ["Player 1", "Player 2"]


def test_png_has_no_time_chunk():
    data = final_scores_png("santiago", _result(2))
    assert b"tIME" not in data and b"tEXt" not in data
