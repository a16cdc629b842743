"""Rulebook names on the pictures, in every language: a building, card or good name that can
fit its box on two lines is drawn whole (wrapped, shrunk only as far as needed), never cut
with an ellipsis, and every line stays in its box. Santiago's board draws its buildings one to
a row at the legibility floor: a name is cut only where it does not fit its row at that size."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

import games
from games.havana.views import _building_view
from render import _board_layout, draw, havana, screen_image
from render.captions import language, say
from render.demo import NAMES, play
from render.havana import CARDS, card_name
from render.santiago import GOODS, building_name, good_name

LANGUAGES = ("en", "it", "de", "es", "ru")
SMALLEST = {"building": 13, "card": 14, "good": 14}

SOFT_HYPHEN = "\u00ad"


def _drawn_names(drawn, role: str) -> list[str]:
    """The names of `role` as a player reads them: a line, or two lines of one box joined (a
    word cut without a hyphen is joined without a space)."""
    lines = [t for t in drawn if t.role == role]
    names, i = [], 0
    while i < len(lines):
        one = lines[i]
        two = lines[i + 1] if i + 1 < len(lines) else None
        # the next line of the same box: the same room, just below (not a card a row below)
        below = two is not None and one.box[3] - 1 <= two.box[1] <= one.box[3] + one.size
        if below and two.room == one.room:
            names += [f"{one.text} {two.text}", one.text.removesuffix("-") + two.text]
            i += 2
        else:
            names.append(one.text)
            i += 1
    return names


def _fits_two_lines(name: str, role: str, width: float) -> bool:
    """Whether any cut of `name` into two lines fits `width` at the smallest size allowed."""
    size = SMALLEST[role]
    bold = role == "building"
    return any(
        max(draw.length(name[:i].rstrip(), size, bold), draw.length(name[i:].lstrip(), size, bold))
        <= width
        for i in range(1, len(name))
    )


def _check(drawn, image, role: str, expected: set[str]) -> None:
    lines = [t for t in drawn if t.role == role]
    assert lines, f"no {role} name drawn"
    width = lines[0].room[1] - lines[0].room[0]
    shown = set(_drawn_names(drawn, role))
    for name in sorted(expected):
        if _fits_two_lines(name, role, width):
            assert name in shown, f"{role} {name!r} is not drawn whole: {sorted(shown)}"
    for t in lines:
        if t.text.endswith("…"):
            assert not any(
                _fits_two_lines(name, role, width) for name in expected if name.startswith(t.text)
            )
        x0, y0, x1, y1 = t.box
        assert t.room[0] - 2 <= x0 and x1 <= t.room[1] + 2, f"{t.text!r} leaves {t.room}"
        assert y0 >= 0 and y1 <= image.height


def _check_rows(drawn, image, role: str, expected: set[str], shorts=None) -> None:
    """Names drawn one to a row at the legibility floor: each whole where it fits its row at
    that size, else its short form from the catalogue (`shorts`: short form -> name), never
    its first words ("Сигарная" of "Сигарная фабрика"), never cut with an ellipsis, and
    inside its row."""
    expected = {n.replace(SOFT_HYPHEN, "") for n in expected}  # a break point, never drawn
    shorts = {
        k.replace(SOFT_HYPHEN, ""): v.replace(SOFT_HYPHEN, "") for k, v in (shorts or {}).items()
    }
    lines = [t for t in drawn if t.role == role]
    assert len(lines) <= len(expected)
    for t in lines:
        width = t.room[1] - t.room[0]
        if t.text in expected:
            name = t.text
        else:
            assert t.text in shorts, f"{role} {t.text!r}: neither a name nor its short form"
            name = shorts[t.text]
            assert draw.length(name, t.size) > width, f"{name!r} would fit: {t.text!r}"
        x0, y0, x1, y1 = t.box
        assert t.room[0] - 2 <= x0 and x1 <= t.room[1] + 2, f"{t.text!r} leaves {t.room}"
        assert y0 >= 0 and y1 <= image.height
    # every name that fits its row is drawn
    for name in expected:
        if draw.length(name, lines[0].size) <= lines[0].room[1] - lines[0].room[0] - 90:
            assert name in [t.text for t in lines], name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_santiago_buildings_and_goods_are_named_whole(lang):
    state = play("santiago", 3, 10, 150)
    view = games.get("santiago").public_view(state)
    image, drawn = _board_layout(view, NAMES[:3], lang)
    with language(lang):
        buildings = {building_name(s.building) for s in view.buildings}
        shorts = {
            say(f"pic.santiago.short.{s.building}"): building_name(s.building)
            for s in view.buildings
            if say(f"pic.santiago.short.{s.building}") != f"pic.santiago.short.{s.building}"
        }
        goods = {good_name(g) for g in GOODS}
    assert len(buildings) == 12
    _check_rows(drawn, image, "building", buildings, shorts)
    # every good, held on a player's screen (the board shows goods by their letters)
    player = games.get("santiago").player_view(state, 0)
    holdings = dataclasses.replace(player.holdings, goods=tuple((g, 1) for g in GOODS))
    with draw.recording() as drawn:
        image = screen_image(dataclasses.replace(player, holdings=holdings), NAMES[:3], lang)
    _check(drawn, image, "good", goods)


def _check_one_line(drawn, forms: dict[str, str]) -> int:
    """Havana's board gives a building one line beside its cost: a name is drawn whole, or
    as the short form the catalogue gives it (`forms`: each way to say it -> the name), never
    as its first words ("Портовая" of "Портовая контора", "Oficina" of "Oficina portuaria",
    which names a Santiago building), never cut with an ellipsis, never leaving its room."""
    lines = [t for t in drawn if t.role == "building"]
    for t in lines:
        assert t.text in forms, f"{t.text!r} is neither a building's name nor its short form"
        assert t.room[0] - 2 <= t.box[0] and t.box[2] <= t.room[1] + 2, (t.text, t.room)
    return len(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_havana_buildings_and_cards_are_named_whole(lang):
    state = play("havana", 4, 11, 45)
    game = games.get("havana")
    view = game.public_view(state)
    deck = [_building_view(state, b) for b in range(len(state.deck))]
    named = 0
    for start in range(0, len(deck), 12):
        part = deck[start : start + 12]
        rows = tuple(
            dataclasses.replace(row, buildings=tuple(part[k * 6 : k * 6 + 6]))
            for k, row in enumerate(view.rows)
        )
        image, drawn = _board_layout(dataclasses.replace(view, rows=rows), NAMES[:4], lang)
        with language(lang):
            forms = {
                f.replace(SOFT_HYPHEN, ""): b.name
                for b in part
                for f in havana.building_forms(b.name)
            }
        named += _check_one_line(drawn, forms)
    # the three costliest buildings (Cathedral, Capitol, Palace: four kinds of cubes, pesos,
    # workers and the architect) leave their line no room for a name at the floor size; every
    # other building is named
    assert named >= len(deck) - 3, f"{named} of {len(deck)} buildings named"
    # every action card, in a hand on the player's screen
    player = dataclasses.replace(game.player_view(state, 0), hand=tuple(CARDS))
    with draw.recording() as drawn:
        image = screen_image(player, NAMES[:4], lang)
    with language(lang):
        cards = {card_name(c) for c in CARDS}
    _check(drawn, image, "card", cards)


@pytest.mark.parametrize("lang", ["de", "es", "it", "ru"])
def test_every_santiago_building_row_names_its_building_beside_its_markers(lang):
    """Owners' and pawns' markers leave a row less room: a name too long for it gives way to
    its short form from the catalogue ("Brennerei", "Издатель"), never to an empty row."""
    game = games.get("santiago")
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(4, seed)
        for step in range(600):
            if game.is_over(state):
                break
            decision = rng.choice(game.pending(state))
            code = rng.choice(game.legal_codes(state, decision.seat))
            state, _ = game.apply(state, decision.seat, code)
            if step % 60:
                continue
            view = game.public_view(state)
            image, drawn = _board_layout(view, ["Maximilian", "Anna", "Boris", "Eva"], lang)
            with language(lang):
                names = {building_name(s.building) for s in view.buildings}
                shorts = {
                    say(f"pic.santiago.short.{s.building}"): building_name(s.building)
                    for s in view.buildings
                }
            _check_rows(drawn, image, "building", names, shorts)
            rows = [t for t in drawn if t.role == "building" and t.text]
            assert len(rows) == 12, (step, [t.text for t in rows])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_santiago_building_is_named_even_beside_an_owner_and_a_pawn(lang):
    """The narrowest row a building can have (an owner's and a pawn's marker beside it) still
    names it: whole, or by its catalogue short form, which must fit there ("Фабрика",
    "Cap. di porto"), never cut and never its first word alone."""
    game = games.get("santiago")
    view = game.public_view(play("santiago", 4, 10, 40))
    crowded = tuple(dataclasses.replace(s, owner=0, pawn=1) for s in view.buildings)
    image, drawn = _board_layout(dataclasses.replace(view, buildings=crowded), NAMES[:4], lang)
    with language(lang):
        names = {building_name(s.building) for s in view.buildings}
        shorts = {
            say(f"pic.santiago.short.{s.building}"): building_name(s.building)
            for s in view.buildings
        }
    _check_rows(drawn, image, "building", names, shorts)
    rows = [t.text for t in drawn if t.role == "building"]
    assert len(rows) == 12 and all(rows) and not any("…" in t for t in rows), rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_havana_building_whose_cost_fills_its_line_is_named_on_a_second_one(lang):
    """The Capitol's, the Palace's and the Cathedral's costs leave their line no room for a
    name: in a row with room to spare they take two lines, the name above the cost."""
    from tests.render.test_legibility_havana import _costliest

    view = _costliest()
    image, drawn = _board_layout(view, NAMES[:4], lang)
    with language(lang):
        forms = {
            f.replace(SOFT_HYPHEN, ""): b.name
            for row in view.rows
            for b in row.buildings
            for f in havana.building_forms(b.name)
        }
        wanted = {draw.say_msg(b.name) for row in view.rows for b in row.buildings}
    assert _check_one_line(drawn, forms) == sum(len(row.buildings) for row in view.rows)
    named = {str(forms[t.text]) for t in drawn if t.role == "building"}
    assert len(named) == len(wanted), (named, wanted)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_full_havana_row_names_its_costliest_buildings_too(lang):
    """A row of six with no line to spare still names the Capitol, the Palace and the
    Cathedral, whole, above their costs: the rows reach lower (the board stays landscape)."""
    from tests.render.test_legibility_havana import _costliest_in_full_rows

    view = _costliest_in_full_rows()
    image, drawn = _board_layout(view, NAMES[:4], lang)
    with language(lang):
        wanted = [
            draw.say_msg(b.name).replace(SOFT_HYPHEN, "")
            for row in view.rows
            for b in row.buildings
        ]
    named = [t.text.replace(SOFT_HYPHEN, "") for t in drawn if t.role == "building"]
    assert named == wanted
    assert image.width > image.height


@pytest.mark.parametrize("lang", LANGUAGES)
def test_havana_players_face_up_cards_are_named_whole_where_the_pair_fits(lang):
    """A player's two face-up cards share one row of the board. Each is named whole, else by
    the short form the catalogue gives it ("Eintreiber"), never left blank. A short form is
    used only where the two whole names would not fit the row side by side: a long name
    beside a short one ("3 Steuereintreiber" beside "4 Architekt") takes the room it needs."""
    havana_view = games.get("havana").public_view(play("havana", 4, 11, 45))
    pairs = list(itertools.combinations(CARDS, 2))
    pairs += [(b, a) for a, b in pairs]
    row = havana.PW - 16  # the chips' row inside a player's panel
    whole_pairs = 0
    for start in range(0, len(pairs), 4):
        dealt = pairs[start : start + 4]
        players = tuple(
            dataclasses.replace(p, face_up=pair, picked=2, placed=False)
            for p, pair in zip(havana_view.players, dealt, strict=False)
        )
        view = dataclasses.replace(havana_view, players=players[: len(dealt)])
        _, drawn = _board_layout(view, NAMES[: len(dealt)], lang)
        shown = [t for t in drawn if t.role == "card"]
        numbers = [t for t in drawn if t.role == "card_number"]
        assert len(shown) == 2 * len(dealt), [t.text for t in shown]
        with language(lang):
            for k, (a, b) in enumerate(dealt):
                chips = shown[2 * k : 2 * k + 2]
                wholes = [card_name(a), card_name(b)]
                whole = 0
                for side, card in enumerate((a, b)):
                    text, other = chips[side].text, chips[1 - side].text
                    if text == wholes[side]:
                        whole += 1
                        continue
                    assert text == say(f"pic.havana.card_short.{card}"), text
                    # the whole name could not have stood beside what the other chip shows
                    needed = sum(
                        draw.length(t.text, havana.TEXT, True) for t in numbers[2 * k :][:2]
                    )
                    needed += draw.length(wholes[side], havana.TEXT) + draw.length(
                        other, havana.TEXT
                    )
                    # (2 px of rounding: the layout measures in whole pixels)
                    assert needed + 2 * havana.CHIP_PADDING + 8 > row - 2, (lang, a, b, text)
                whole_pairs += whole == 2
                left, right = chips[0].room, chips[1].room
                assert left[1] < right[0] and right[1] - left[0] <= row, (a, b)
    # most pairs show both names whole in every language
    assert whole_pairs >= 0.8 * len(pairs), f"{whole_pairs} of {len(pairs)} pairs whole"
