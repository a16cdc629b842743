"""`python -m translations check` fails on a key no code uses: the sources are read for each
key's literal, or the parts code builds it from, and a catalogue's own keys are no use."""

from __future__ import annotations

from pathlib import Path

import translations
from translations.usage import unused

CODE = """
from games.text import Msg, register

SHORT = "t.lesson."
ENGLISH = {"t.idle": "Nobody reads me", "t.said": "Hello", **{f"t.made.{n}": n for n in "ab"}}


def say(locale, kind, name, code):
    text(locale, "t.said")
    text(locale, f"t.name.{name}")
    Msg(SHORT + name)
    Msg(kind + ".title")
    Msg("players.{n}".format(n=3))
    Msg(code.key.replace(".effect.", ".effect.more."))
    _msg("action.pass")  # the module puts "t." in front
    Msg(f"{kind}.{name}")  # no word of a key: it names none
    return "Say t.prose.x to everyone"
"""
KEYS = {
    "t.said": "Hello",
    "t.name.bank": "Bank",
    "t.lesson.drive": "Drive",
    "santiago.title": "Santiago de Cuba",
    "players.3": "{p0}, {p1} and {p2}",
    "t.effect.more.bank": "Gives pesos",
    "t.action.pass": "Pass",
    "cmd.game.name": "game",
    "t.idle": "Nobody reads me",
    "t.made.a": "a",
    "t.prose.x": "Prose",
    "t.other": "Other",
}


def write_sources(root: Path) -> None:
    (root / "bot").mkdir()
    (root / "bot" / "speak.py").write_text(CODE, encoding="utf-8")


def test_a_key_is_used_whole_or_built_from_the_parts_code_spells(tmp_path):
    write_sources(tmp_path)
    # the catalogue's own keys, a key inside prose and a field-only f-string are no use;
    # the slash commands' texts come from the command tree and are never reported
    assert unused(KEYS, tmp_path) == ["t.idle", "t.made.a", "t.prose.x", "t.other"]


def test_the_check_fails_on_an_unused_key_and_names_it(tmp_path, monkeypatch, capsys):
    from translations.__main__ import check

    write_sources(tmp_path)
    monkeypatch.setattr(translations, "HERE", tmp_path)  # no catalogue: nothing else to say
    translations.languages.cache_clear()
    try:
        assert check({"t.said": "Hello", "t.idle": "Nobody"}, tmp_path) == 1
        assert check({"t.said": "Hello"}, tmp_path) == 0
    finally:
        translations.languages.cache_clear()
    said = capsys.readouterr().out
    assert "en: unused: t.idle" in said and "t.said" not in said


def test_every_key_of_the_catalogue_is_used_by_some_code():
    import bot.command_texts  # noqa: F401  (the slash commands' texts)
    from bot.text.i18n import english

    assert unused(english()) == []
