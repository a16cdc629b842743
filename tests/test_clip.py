"""Texts cut to Discord's limits, which Discord counts in UTF-16 code units: never longer, never
cut inside an emoji, a flag or a letter with its accents, and "…" says that something was cut."""

import pytest

from bot.text.present import clip


def units(value: str) -> int:
    return len(value.encode("utf-16-le")) // 2


def lone_surrogates(value: str) -> bool:
    try:
        value.encode("utf-16-le")
    except UnicodeEncodeError:
        return True
    return False


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 11 units
THUMB_DARK = "\U0001f44d\U0001f3ff"  # 4 units
CUBA = "\U0001f1e8\U0001f1fa"  # 4 units
E_ACUTE = "e\u0301\u0323"  # e with two combining accents, 3 units


@pytest.mark.parametrize("piece", [FAMILY, THUMB_DARK, CUBA, E_ACUTE, "\U0001f600", "漢", "ñ", "a"])
@pytest.mark.parametrize("limit", [2, 3, 5, 12, 80, 100])
def test_a_cut_keeps_within_the_limit_and_whole_graphemes(piece, limit):
    value = piece * 120
    cut = clip(value, limit)
    assert units(cut) <= limit
    assert cut.endswith("…")
    kept = cut[:-1]
    # only whole pieces remain, as many as fit next to "…"
    assert kept == piece * (len(kept) // len(piece))
    assert units(kept) + units(piece) > limit - 1
    assert not lone_surrogates(cut)


def test_emoji_count_twice_as_discord_counts_them():
    value = "\U0001f600" * 50  # 50 characters, 100 units
    assert clip(value, 100) == value
    cut = clip(value, 80)
    assert units(cut) == 79 and cut == "\U0001f600" * 39 + "…"


def test_text_at_the_limit_is_kept_whole_and_one_more_unit_is_cut():
    assert clip("a" * 80, 80) == "a" * 80
    assert clip("a" * 81, 80) == "a" * 79 + "…"
    assert clip("a" * 78 + CUBA, 80) == "a" * 78 + "…"
    assert clip("a" * 76 + CUBA, 80) == "a" * 76 + CUBA


def test_mixed_text_of_every_language_is_cut_between_letters():
    value = "Jugadora Ñandú 🇨🇺 Ærø 漢字かな 👩🏽‍🚀 Ağaç Érvore " * 5
    for limit in range(1, 120):
        cut = clip(value, limit)
        assert units(cut) <= limit
        assert not lone_surrogates(cut)
        assert value.startswith(cut[:-1])
        # the cut never leaves half a flag, a bare skin tone or an astronaut without her suit
        assert not cut[:-1].endswith(("\U0001f1e8", "\u200d", "\U0001f469\U0001f3fd"))


def test_short_texts_are_untouched():
    assert clip("", 5) == ""
    assert clip(FAMILY, 11) == FAMILY
    assert clip(FAMILY, 10) == "…"
