"""Translatable messages: the base every label, prompt and event is built on."""

import json

import pytest

from games.text import ENGLISH, Msg, msg, placeholders, register, render


@pytest.fixture
def catalogue(monkeypatch):
    monkeypatch.setattr("games.text.ENGLISH", dict(ENGLISH))
    register({"t.good.rum": "rum", "t.deliver": "{seat} delivers {n} {good}"})


def test_nested_terms_render_in_english(catalogue):
    line = msg("t.deliver", seat="Anna", n=2, good=msg("t.good.rum"))
    assert render(line, {}, {"t.good.rum": "rum", "t.deliver": "{seat} delivers {n} {good}"}) == (
        "Anna delivers 2 rum"
    )


def test_other_locale_translates_terms_and_falls_back_to_english():
    english = {"t.good.rum": "rum", "t.deliver": "{seat} delivers {n} {good}"}
    german = {"t.deliver": "{seat} liefert {n} {good}"}
    line = msg("t.deliver", seat="Jürgen", n=1, good=msg("t.good.rum"))
    assert render(line, german, english) == "Jürgen liefert 1 rum"


def test_broken_translation_shows_key_instead_of_crashing():
    line = msg("t.x", n=1)
    assert render(line, {"t.x": "{missing}"}, {}).startswith("t.x")


def test_messages_survive_json():
    line = msg("t.deliver", seat="Иван", n=3, good=msg("t.good.rum"))
    assert Msg.from_json(json.loads(json.dumps(line.to_json()))) == line


def test_same_key_with_other_text_is_refused(monkeypatch):
    monkeypatch.setattr("games.text.ENGLISH", {"t.a": "one"})
    with pytest.raises(ValueError):
        register({"t.a": "two"})


def test_placeholders():
    assert placeholders("{seat} gets {n} {good}") == {"seat", "n", "good"}


def test_player_references_read_as_names_when_the_names_are_known():
    from games.text import player

    line = msg("t.gives", who=player(1), to=player(0))
    english = {"t.gives": "{who} gives 1 VP to {to}"}
    assert render(line, {}, {**ENGLISH, **english}) == "Player 2 gives 1 VP to Player 1"
    assert render(line, {}, {**ENGLISH, **english}, names=["Anna", "Иван"]) == (
        "Иван gives 1 VP to Anna"
    )


def test_several_players_read_as_one_phrase_of_names():
    from games.text import players

    assert render(players([2, 0]), {}, names=["Anna", "Ben", "Cai"]) == "Cai and Anna"
    assert render(players([0, 1, 2]), {}) == "Player 1, Player 2 and Player 3"
