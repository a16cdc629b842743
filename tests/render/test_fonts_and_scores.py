"""Bundled fonts (names in any script, emoji in colour) and the final scores picture."""

from __future__ import annotations

import unicodedata

import pytest
from PIL import Image, ImageChops, ImageDraw
from render_helpers import check_png, compare_golden, differing_fraction

import games
from games.core import Result
from games.text import Msg
from render import board_png, draw, final_scores_png, scores, typeface
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


def _name_box(names) -> tuple[int, int, int, int]:
    """Where the first player's name is written on the final scores."""
    with draw.recording() as drawn:
        final_scores_png("santiago", _result(2), names)
    (first,) = [t for t in drawn if t.role == "name" and t.text == names[0]]
    x0, y0, x1, y1 = first.box
    return x0 - 4, y0 - 4, x1 + 4, y1 + 4


def test_names_in_cyrillic_and_accented_latin_are_drawn():
    """The name column of the score chart differs from an empty-name chart for every name."""
    base = check_png(final_scores_png("santiago", _result(2), [" ", " "]), min_width=scores.W)
    for name in HARD_NAMES:
        image = check_png(final_scores_png("santiago", _result(2), [name, " "]), min_width=scores.W)
        box = _name_box([name, " "])
        region_changed = ImageChops.difference(image.crop(box), base.crop(box)).getbbox()
        assert region_changed is not None, name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_scores_for_each_player_count(players):
    image = check_png(final_scores_png("santiago", _result(players)), min_width=scores.W)
    assert image.height > 150 + players * 80


def test_a_shared_win_is_shown():
    shared = Result(scores=(20, 20), winners=(0, 1), ranking=(0, 1), places=(1, 1))
    single = Result(scores=(20, 20), winners=(0,), ranking=(0, 1), places=(1, 2))
    a = check_png(final_scores_png("havana", shared), min_width=scores.W)
    b = check_png(final_scores_png("havana", single), min_width=scores.W)
    assert differing_fraction(a, b) > 0.001


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_golden_final_scores(kind):
    """The final scores of a seeded game with each player's breakdown and the chart."""
    game = games.get(kind)
    log: list[tuple[int, str]] = []
    finished = play(kind, 4, 7, None, log=log)
    assert game.is_over(finished)
    series = games.vp_series(games.Replay(kind, 4, 7, {}, log))
    compare_golden(
        f"{kind}-final-scores.png", final_scores_png(kind, game.result(finished), NAMES, series)
    )


def test_missing_names_fall_back_to_player_numbers():
    assert draw.seat_names(3, ["Ana"]) == ["Ana", "Player 2", "Player 3"]
    assert draw.seat_names(2, None) == ["Player 1", "Player 2"]


def test_png_has_no_time_chunk():
    data = final_scores_png("santiago", _result(2))
    assert b"tIME" not in data and b"tEXt" not in data


# Display names in other scripts: each must be drawn with real glyphs, never "tofu" boxes.
SCRIPT_NAMES = {
    "chinese": "王小明",
    "japanese": "さくら・山田",
    "korean": "김민준",
    "arabic": "محمد علي",
    "persian": "پژمان",
    "hebrew": "שלום",
    "devanagari": "अनीता शर्मा",
    "thai": "สมชาย",
    "emoji": "Ana 👍🏽🇫🇷🎲",
}
EMOJI_ONLY = "🍊"


def _notdef(face: int, bold: bool) -> bytes:
    """The mask a font draws for a character it has no glyph for."""
    return bytes(typeface.face_font(face, 24, bold).getmask("\U0010fffd"))


def _drawn_characters(name: str, bold: bool):
    for face, run in typeface.runs(name, bold):
        for ch in run:
            if ch.isspace() or unicodedata.category(ch) in {"Mn", "Me", "Cf", "Sk", "Mc"}:
                continue  # marks, joiners and skin tones are drawn as part of their cluster
            yield face, ch


def test_fallback_fonts_and_their_licence_ship_with_the_package():
    for face in range(len(typeface.FACES)):
        for bold in (False, True):
            assert typeface.face_path(face, bold).parent == draw.FONT_DIR
            assert typeface.face_path(face, bold).stat().st_size > 10_000
    assert "SIL Open Font License" in (draw.FONT_DIR / "LICENSE-Noto.txt").read_text()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("script", sorted(SCRIPT_NAMES))
def test_names_in_any_script_have_a_glyph_for_every_character(script, bold):
    name = SCRIPT_NAMES[script]
    for face, ch in _drawn_characters(name, bold):
        assert typeface.has_glyph(face, ch, bold), f"{ch!r} of {name!r}"
        if face == typeface.EMOJI:
            continue  # a colour bitmap: checked by the next test
        mask = typeface.face_font(face, 24, bold).getmask(ch)
        assert mask.getbbox() is not None, f"{ch!r} of {name!r} draws nothing"
        assert bytes(mask) != _notdef(face, bold), f"{ch!r} of {name!r} is a missing-glyph box"


def test_emoji_are_drawn_in_colour_on_the_final_scores():
    plain = check_png(
        final_scores_png("santiago", _result(2), ["Ana", "Ben"]), min_width=scores.W
    ).convert("RGB")
    emoji = check_png(
        final_scores_png("santiago", _result(2), [f"Ana {EMOJI_ONLY}", "Ben"]), min_width=scores.W
    )
    box = _name_box([f"Ana {EMOJI_ONLY}", "Ben"])
    diff = ImageChops.difference(emoji.convert("RGB").crop(box), plain.crop(box))
    assert diff.getbbox() is not None
    # an orange: strongly coloured pixels, where the text is only dark grey
    _h, s, v = emoji.convert("RGB").crop(box).convert("HSV").split()
    bright = ImageChops.multiply(
        s.point(lambda x: 255 * (x > 120)), v.point(lambda x: 255 * (x > 120))
    )
    assert bright.histogram()[255] > 50


@pytest.mark.parametrize("script", sorted(SCRIPT_NAMES))
def test_names_in_any_script_fit_as_they_are_drawn(script):
    """Fitting measures run by run with the same fonts as drawing: a name fitted to a box is
    drawn inside it."""
    name = SCRIPT_NAMES[script] * 3
    image = Image.new("RGB", (400, 60), "white")
    with draw.recording() as drawn:
        draw.fit_text(ImageDraw.Draw(image), (20, 30), name, 200, size=28, anchor="lm")
    (shown,) = drawn
    assert shown.box[0] >= 20 - 3 and shown.box[2] <= 220 + 3, (shown.text, shown.box)


def test_pictures_with_every_script_are_deterministic():
    names = [SCRIPT_NAMES[k] for k in ("chinese", "arabic", "devanagari", "emoji")]
    game = games.get("havana")
    view = game.public_view(play("havana", 4, 7, 45))
    first = board_png(view, names)
    draw._mask.cache_clear()
    draw.fit.cache_clear()
    typeface.runs.cache_clear()
    typeface.advance.cache_clear()
    typeface.face_font.cache_clear()
    assert board_png(view, names) == first


def test_a_screen_does_not_go_stale_as_other_players_decide():
    """A screen DM is redrawn only when its player's holdings change, so it names no decider."""
    import random

    import games
    import render
    from games.simulate import random_choice

    engine = games.get("santiago")
    state = engine.new(3, 8, engine.options(None))
    chooser = random.Random(8)
    compared = 0
    for _ in range(60):
        decision, _codes, code = random_choice(engine, state, chooser)
        after, _ = engine.apply(state, decision.seat, code)
        for seat in range(3):
            before_view, after_view = (
                engine.player_view(state, seat),
                engine.player_view(after, seat),
            )
            if before_view.holdings == after_view.holdings and seat != decision.seat:
                names = ["ana", "ben", "cai"]
                assert render.screen_png(before_view, names) == render.screen_png(after_view, names)
                compared += 1
                break
        state = after
        if compared >= 3:
            break
    assert compared >= 3
