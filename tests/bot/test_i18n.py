"""Every text the bot shows goes through one lookup; the English catalogue is complete."""

from __future__ import annotations

import ast
from pathlib import Path

import discord

import games
from bot.text.i18n import english, language, text, text_msg
from games.text import Msg, placeholders

BOT = Path(__file__).resolve().parents[2] / "bot"


def used_keys():
    """(key, parameter names) of every `text(locale, "key", ...)` and `Refusal("key", ...)` call."""
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            index = {"text": 1, "Refusal": 0}.get(name)
            if index is None or len(node.args) <= index:
                continue
            key = node.args[index]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            params = {kw.arg for kw in node.keywords if kw.arg not in (None, "view", "file")}
            for spread in (kw.value for kw in node.keywords if kw.arg is None):
                # `**moments.moment(at)` gives a moment's two parts
                func = getattr(spread, "func", None)
                assert getattr(func, "attr", None) == "moment", path.name
                params |= {"date", "time"}
            yield path.name, key.value, params


def test_every_key_the_bot_uses_exists_in_english_with_the_same_placeholders():
    catalogue = english()
    found = list(used_keys())
    assert len(found) > 40
    for where, key, params in found:
        assert key in catalogue, f"{where}: {key} has no English text"
        assert placeholders(catalogue[key]) == params, f"{where}: {key} {params}"


def test_keys_built_at_run_time_exist():
    catalogue = english()
    for op in ("join", "leave", "start", "screen", "choose"):
        assert f"bot.button.{op}" in catalogue
    for kind in games.NAMES:
        assert f"bot.help.{kind}" in catalogue


def test_locales_pick_a_catalogue_and_fall_back_to_english():
    assert language(discord.Locale.german) == "de"
    assert language("es-ES") == "es"
    assert language(discord.Locale.russian) == "ru"
    assert language("ja") == "en"
    german = text(discord.Locale.german, "bot.error.no_game")
    assert german == "In diesem Kanal läuft kein Spiel. Eröffne eins mit `/game new`."
    assert text("ja", "bot.error.no_game") == text("en-US", "bot.error.no_game") != german
    assert text_msg("it", Msg("santiago.good.rum")) == "rum"
