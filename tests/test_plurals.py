"""Plural forms come from each language's CLDR rules (Babel), never from "(s)"."""

from __future__ import annotations

import games
from games.text import Msg, render

# Expected by hand, from Russian grammar: 1, 21 -> one; 2, 22 -> few; 0, 5, 11, 25 -> many.
RUSSIAN = {
    0: "0 победных очков",
    1: "1 победное очко",
    2: "2 победных очка",
    5: "5 победных очков",
    11: "11 победных очков",
    21: "21 победное очко",
    22: "22 победных очка",
    25: "25 победных очков",
}


def test_english_says_one_stop_and_two_stops():
    games.get("santiago")
    drive = "santiago.event.drive"
    to = Msg("santiago.citizen.pedro")
    one = str(Msg(drive, {"stops": 1, "to": to, "cost": 0, "player": "Ana"}))
    two = str(Msg(drive, {"stops": 2, "to": to, "cost": 1, "player": "Ana"}))
    assert "drives the car 1 stop to" in one and "for 0 pesos" in one
    assert "drives the car 2 stops to" in two and "for 1 peso." in two
    assert "(s)" not in one + two


def test_russian_takes_three_forms_by_the_number():
    catalogue = {
        "vp": "{n:plural|one=# победное очко|few=# победных очка|many=# победных очков|other=# победного очка}"
    }
    for number, expected in RUSSIAN.items():
        assert render(Msg("vp", {"n": number}), catalogue, lang="ru") == expected


def test_no_english_template_says_s_in_brackets():
    from bot.text.i18n import english

    assert not [key for key, value in english().items() if "(s)" in value]
