"""The final scores picture: what each score is made of, and the VP of every player over the game.

Checked in the texts the renderer records as it draws them (`draw.recording`: role, text, ink
box), and in the pixels of the chart."""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from PIL import Image
from render_helpers import check_png, decode

import games
from games.core import Result
from games.havana.deck import bundled_file
from games.text import ENGLISH, Msg, render
from render import draw, final_scores_png, scores, typeface
from render.demo import NAMES, play


@functools.cache
def finished(kind: str, players: int, seed: int = 7):
    """A finished seeded game: its result and every seat's score after each step."""
    log: list[tuple[int, str]] = []
    state = play(kind, players, seed, None, log=log)
    game = games.get(kind)
    assert game.is_over(state)
    series = games.vp_series(games.Replay(kind, players, seed, {}, log))
    return game.result(state), tuple(series)


def drawn_scores(kind, result, names, series=None):
    with draw.recording() as drawn:
        data = final_scores_png(kind, result, names, series)
    return decode(data), drawn


def rows(drawn) -> dict[str, list[draw.Drawn]]:
    """The texts drawn in each player's row, by the player's name (a row starts at its name)."""
    out: dict[str, list[draw.Drawn]] = {}
    current = None
    for t in drawn:
        if t.role == "name":
            current = out.setdefault(t.text, [])
        elif t.role in {"heading", "chart"}:
            current = None
        elif current is not None:
            current.append(t)
    return out


def number(s: str) -> int:
    return -int(s[1:]) if s.startswith("−") else int(s)


def parts_drawn(row: list[draw.Drawn]) -> list[tuple[str, int]]:
    """(label, value) pairs: a value is drawn right after its label, on the same line."""
    pairs = []
    for label, value in zip(row, row[1:], strict=False):
        if label.role == "part" and value.role == "part_vp":
            assert value.box[0] > label.box[2] - 1, (label.text, value.text)
            assert abs((label.box[1] + label.box[3]) - (value.box[1] + value.box[3])) < 12
            pairs.append((label.text, number(value.text)))
    return pairs


@pytest.mark.parametrize("kind", ["santiago", "havana"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_part_of_every_score_is_drawn_in_its_players_row(kind, players):
    result, _series = finished(kind, players)
    names = list(NAMES[:players])
    _image, drawn = drawn_scores(kind, result, names)
    by_name = rows(drawn)
    assert sorted(by_name) == sorted(names)
    for seat, name in enumerate(names):
        expected = [
            (render(label, ENGLISH), value) for label, value in result.breakdown[seat] if value
        ]
        shown = parts_drawn(by_name[name])
        assert shown == expected, (name, shown, expected)
        assert sum(v for _l, v in shown) == result.scores[seat]
        assert f"{result.scores[seat]} VP" in [t.text for t in by_name[name] if t.role == "score"]


def test_santiago_names_each_source_of_vp():
    result, _series = finished("santiago", 4)
    _image, drawn = drawn_scores("santiago", result, NAMES)
    labels = {t.text for t in drawn if t.role == "part"}
    assert {"deliveries", "starting VP"} <= labels
    assert any(t.startswith("leftover goods") for t in labels)


def _havana_with(buildings: list[int]) -> Result:
    """Seat 0 owns a building of each given VP (in the order bought), seat 1 owns two."""
    ids = [card["id"] for card in bundled_file()["buildings"]]
    owned = tuple((Msg(f"havana.building.{b}"), vp) for b, vp in zip(ids, buildings, strict=False))
    other = ((Msg(f"havana.building.{ids[-1]}"), 3), (Msg(f"havana.building.{ids[-2]}"), 2))
    return Result(
        scores=(sum(buildings), 5),
        winners=(0,),
        ranking=(0, 1),
        places=(1, 2),
        breakdown=(owned, other),
    )


def test_many_buildings_show_the_largest_and_sum_the_rest_as_other_buildings():
    vps = [1, 2, 6, 1, 5, 2, 1, 4, 6, 3, 1, 5, 2, 1] * 2
    result = _havana_with(vps)
    image, drawn = drawn_scores("havana", result, ["Ana", "Ben"])
    row = rows(drawn)["Ana"]
    shown = parts_drawn(row)
    assert shown[-1][0] == "other buildings"
    assert sum(v for _l, v in shown) == sum(vps)
    # the largest are shown by name, the smallest are in the sum
    named = [v for _label, v in shown[:-1]]
    folded = list((Counter(vps) - Counter(named)).elements())
    assert folded and len(named) + len(folded) == len(vps)
    assert min(named) >= max(folded)
    assert shown[-1][1] == sum(folded)
    # in at most MAX_PART_LINES lines, each inside the picture
    lines = {t.box[1] // 10 for t in row if t.role.startswith("part")}
    assert len(lines) <= scores.MAX_PART_LINES
    assert all(t.box[2] <= image.width - 20 for t in row)
    # the second player's two buildings are both named
    assert [v for _l, v in parts_drawn(rows(drawn)["Ben"])] == [3, 2]


def test_results_stored_without_a_breakdown_keep_short_rows():
    with_parts = _havana_with([3, 4])
    plain = Result(scores=(7, 5), winners=(0,), ranking=(0, 1), places=(1, 2))
    image, drawn = drawn_scores("havana", with_parts, ["Ana", "Ben"])
    short, drawn_plain = drawn_scores("havana", plain, ["Ana", "Ben"])
    assert [v for _l, v in parts_drawn(rows(drawn)["Ana"])] == [3, 4]
    assert not [t for t in drawn_plain if t.role.startswith("part")]
    assert short.height < image.height


def _chart_texts(drawn):
    roles = [t.role for t in drawn]
    return drawn[roles.index("chart") :] if "chart" in roles else []


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_the_chart_of_vp_over_the_game_is_drawn_only_given_the_series(kind):
    result, series = finished(kind, 4)
    without, drawn_without = drawn_scores(kind, result, NAMES)
    image, drawn = drawn_scores(kind, result, NAMES, series)
    assert not _chart_texts(drawn_without)
    assert image.height > without.height + 300
    chart = _chart_texts(drawn)
    assert chart[0].text == "VP over the game"
    # axes with a few ticks: 0 and the number of moves on the x axis, VP up to the best score
    ticks = [t for t in chart if t.role == "tick"]
    values = [int(t.text) for t in ticks]
    assert 3 <= len(ticks) <= 14
    assert 0 in values and max(values) <= len(series) - 1 and max(values) > len(series) // 2
    assert {"moves", "VP"} <= {t.text for t in chart if t.role == "axis"}
    # each line carries its seat number, along the way and at its end
    for seat in range(4):
        assert [t.text for t in chart].count(str(seat + 1)) >= 2 + values.count(seat + 1)
    # the lines are drawn in the seat colours, inside the chart
    top = chart[0].box[3]
    area = image.convert("RGB").crop((0, top, image.width, image.height))
    colours = {rgb for _count, rgb in area.getcolors(1 << 16)}
    for colour in draw.SEAT_COLOURS:
        assert any(max(abs(a - b) for a, b in zip(c, colour, strict=True)) <= 12 for c in colours)


def test_the_chart_follows_the_scores():
    """The line of the player who led the whole game stays above the other's."""
    result = Result(scores=(12, 4), winners=(0,), ranking=(0, 1), places=(1, 2))
    series = [(0, 0), (3, 1), (6, 2), (9, 3), (12, 4)]
    image = decode(final_scores_png("havana", result, ["Ana", "Ben"], series)).convert("RGB")
    flipped = [(b, a) for a, b in series]
    other = decode(final_scores_png("havana", result, ["Ana", "Ben"], flipped)).convert("RGB")
    blue, orange = draw.SEAT_COLOURS[0], draw.SEAT_COLOURS[1]

    def mean_row(img: Image.Image, colour) -> float:
        """The mean height of a seat colour's pixels in the chart (the lower half)."""
        rows_ = [
            y
            for y in range(img.height // 2, img.height)
            for x in range(200, 700, 4)
            if max(abs(a - b) for a, b in zip(img.getpixel((x, y)), colour, strict=True)) <= 12
        ]
        return sum(rows_) / len(rows_)

    assert mean_row(image, blue) < mean_row(image, orange)
    assert mean_row(other, blue) > mean_row(other, orange)


def test_a_series_of_the_wrong_width_is_refused():
    result = Result(scores=(12, 4), winners=(0,), ranking=(0, 1), places=(1, 2))
    with pytest.raises(ValueError, match="2 scores"):
        final_scores_png("havana", result, None, [(0, 0), (1, 2, 3)])


def test_the_same_final_scores_give_the_same_bytes():
    result, series = finished("havana", 4)
    first = final_scores_png("havana", result, NAMES, series)
    draw._mask.cache_clear()
    draw.fit.cache_clear()
    typeface.runs.cache_clear()
    typeface.advance.cache_clear()
    assert final_scores_png("havana", result, NAMES, list(series)) == first
    check_png(first, min_width=scores.W)
