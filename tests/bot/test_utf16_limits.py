"""Players with long names full of emoji play in every language we speak, and every request the
bot sends stays within Discord's limits as Discord counts them, in UTF-16 code units (an emoji
outside the Basic Multilingual Plane counts twice), with no emoji cut in half.

Discord refuses a message whose button label is longer than 80 units (the whole message is lost,
not just the label), so a long name in a move's label would stop a game."""

from __future__ import annotations

import json
import random

import pytest

from bot.text.i18n import languages
from tests.bot.driver import Table, custom_ids, private_answer

# Flags, skin tones, a ZWJ family, combining accents, CJK, Cyrillic: every name is far longer
# than a label holds, in Python characters and even more in UTF-16 code units.
NAMES = [
    "👨‍👩‍👧‍👦🇨🇺🇪🇸 Señora Ñandú de la Habana Vieja 👍🏿👍🏽🇮🇹🇩🇪 Ærøskøbing",
    "漢字かなカナ🀄🎴 Żółć Gęślą Jaźń 👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀 Ǹ̃ó̧̀ Ёжик в тумане 🦔🌫️🌫️🌫️",
    "🇨🇺" * 30 + " Fidelina",
    "e\u0301" * 40 + " 🧑🏾‍🤝‍🧑🏻" * 10,
]

# Discord's limits, in UTF-16 code units, of a field by where it is: in a select's options or
# an autocomplete's choices, in an attachment, in an embed, or anywhere else (message content,
# components, a thread's name).
LIMITS = {
    ".options": {"label": 100, "description": 100, "value": 100},
    ".choices": {"name": 100, "value": 100},
    ".attachments": {"description": 1024},
    ".embeds": {"title": 256, "description": 4096, "name": 256, "value": 1024},
    "": {"content": 2000, "label": 80, "placeholder": 150, "custom_id": 100, "name": 100},
}


def units(value: str) -> int:
    return len(value.encode("utf-16-le", "surrogatepass")) // 2


def faults_in(body, where="") -> list[str]:
    """Every field of a request body that Discord would refuse or show broken."""
    found = []
    if isinstance(body, dict):
        for key, value in body.items():
            path = f"{where}.{key}"
            if isinstance(value, str):
                inside = next(part for part in LIMITS if part in where)
                limit = LIMITS[inside].get(key)
                if limit is not None and units(value) > limit:
                    found.append(f"{path}: {units(value)} > {limit}: {value!r}")
                try:
                    value.encode("utf-16-le")
                except UnicodeEncodeError:
                    found.append(f"{path}: a lone surrogate in {value!r}")
            else:
                found += faults_in(value, path)
    elif isinstance(body, list):
        for i, item in enumerate(body):
            found += faults_in(item, f"{where}[{i}]")
    return found


# A deck's building names (40 characters at most, as the deck file allows) reach the move
# buttons and menus: 40 characters of flags and skin tones are 80 to 160 UTF-16 code units.
DECK_PIECES = ["🇨🇺", "👍🏿", "é\u0301", "漢字", "Ж", "🏛\ufe0f"]


def emoji_deck() -> bytes:
    from games.havana.deck import bundled_file

    data = json.loads(json.dumps(bundled_file()))
    for i, building in enumerate(data["buildings"]):
        piece = DECK_PIECES[i % len(DECK_PIECES)]
        name = f"{i} "
        while len(name + piece) <= 40:
            name += piece
        building["name"] = name
    return json.dumps(data).encode()


def _said(result) -> str:
    parts = [result.response.content] if result.response is not None else []
    return "\n".join(parts + [f.content for f in result.followups])


def _button(message, op: str) -> str:
    return next(i for i in custom_ids(message) if i.endswith(":" + op))


@pytest.mark.parametrize(
    "language, kind", [(lang, "havana") for lang in languages()] + [("es", "santiago")]
)
async def test_long_emoji_names_stay_within_discord_limits(simcord_env, language, kind):
    owner = simcord_env.create_user("owner", global_name=NAMES[0])
    guild = simcord_env.create_guild(owner=owner)
    channel = guild.create_text_channel("games")
    members = [guild.add_member(owner, nick=NAMES[0])]
    for i, name in enumerate(NAMES[1:3], start=1):
        user = simcord_env.create_user(f"player{i}", global_name=name)
        members.append(guild.add_member(user, nick=name))
    ana = members[0]
    await ana.slash(channel, "game language", language=language)

    # Three people and an AI seat (Havana with the emoji deck) play to the final scores.
    deck = {"deck": ("deck.json", emoji_deck())} if kind == "havana" else {}
    opened = await ana.slash(channel, "game new", game=kind, **deck)
    assert not opened.ephemeral, opened.response.content
    lobby = opened.response
    for member in members[1:]:
        assert (await member.click(lobby, custom_id=_button(lobby, "join"))).acknowledged
    lobby = channel.history()[-1]
    menu = next(i for i in custom_ids(lobby) if i.startswith("la:"))
    await ana.select(lobby, ["greedy"], custom_id=menu)
    lobby = channel.history()[-1]
    await ana.click(lobby, custom_id=_button(lobby, "start"))

    game = Table(simcord_env, channel, members, random.Random(5))
    # Santiago's whole game is long: its first moves show its texts, then its creator ends it.
    moves = 2000 if kind == "havana" else 120
    while await simcord_env.bot.store.by_channel(channel.id) is not None:
        if game.moves >= moves:
            ended = await ana.slash(channel, "game abandon")
            assert await simcord_env.bot.store.by_channel(channel.id) is None, _said(ended)
            break
        message = game.prompt_message()
        assert message is not None, [m.content for m in game.bot_messages()[-3:]]
        player = game.rng.choice(game.named(message.content) or members)
        if game.rng.random() < 0.2:
            options = await player.autocomplete(channel, "game move", "choice", "")
            if options:
                await player.slash(channel, "game move", choice=options[0]["value"])
                game.moves += 1
                continue
        choose = [i for i in custom_ids(message) if i.startswith("mx:")]
        if choose:
            shown = await player.click(message, custom_id=choose[0])
            private = private_answer(shown)
            if private is not None and custom_ids(private):
                await game.answer(player, private)
        else:
            await game.answer(player, message)
        assert game.moves <= moves, "the game did not end"

    # The finished game in the history's autocomplete names its players, and the pages follow.
    past = await ana.autocomplete(channel, "game history replay", "game", "")
    assert past
    await ana.slash(channel, "game history replay", game=past[0]["value"])
    await ana.slash(channel, "game history list")
    await ana.slash(channel, "game history stats", member=members[1])

    bodies = [r.json for r in simcord_env.http_requests if r.json]
    assert len(bodies) > 20
    faults = [f for body in bodies for f in faults_in(body)]
    # One example of each kind of field that breaks a limit.
    kinds = {f.split(":")[0].split("]")[-1]: f for f in faults}
    assert not faults, f"{len(faults)} faults:\n" + "\n".join(kinds.values())
    # The names did reach the buttons, menus and autocomplete, cut where a letter ends.
    if kind == "havana":
        assert any(label.endswith("…") for body in bodies for label in _fields(body, "label"))
    assert any(name.endswith("…") for body in bodies for name in _fields(body, "name"))


def _fields(body, name):
    if isinstance(body, dict):
        for key, value in body.items():
            if key == name and isinstance(value, str):
                yield value
            else:
                yield from _fields(value, name)
    elif isinstance(body, list):
        for item in body:
            yield from _fields(item, name)
