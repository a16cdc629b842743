"""What a player reads in passing: menus that say what they set, lists that end before the next
line, no empty events, one pair of brackets, and help that starts with how to play a turn."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from simcord.results import to_discord_message

import games
from bot.text import present
from bot.text.i18n import languages, text, text_msg
from games.text import Msg
from storage.records import GameRecord, Seat
from tests.bot.driver import Table, components_of, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.test_languages_game import server  # noqa: F401  (a fixture)


async def open_lobby(member, channel, game="santiago", **options):
    result = await member.slash(channel, "game new", game=game, **options)
    assert not result.ephemeral, text_of(result.response)
    return result.response


async def test_lobby_menus_name_their_setting_even_with_a_default_chosen(simcord_env, table):
    guild, channel, (ana, *_rest) = table
    lobby = await open_lobby(ana, channel)
    menus = {
        c["custom_id"].split(":")[-1]: c
        for c in components_of(lobby)
        if c.get("custom_id", "").startswith("ls:")
    }
    # The preselected option hides the placeholder: the option itself must say what it sets.
    chosen = {which: [o for o in m["options"] if o.get("default")] for which, m in menus.items()}
    assert [o["label"] for o in chosen["reminders"]] == ["Reminders: 24 hours"]
    assert [o["label"] for o in chosen["limit"]] == ["Turn limit: 3 days"]
    # each setting off in a phrase of its own, not a value pasted after its name ("Reminders:
    # off" read, in German, "Wartezeit bis zur Erinnerung: aus")
    labels = {which: [o["label"] for o in m["options"]] for which, m in menus.items()}
    assert labels["reminders"][0] == "No reminders" and labels["limit"][0] == "No turn limit"
    assert all(x.startswith("Reminders: ") for x in labels["reminders"][1:])
    assert all(x.startswith("Turn limit: ") for x in labels["limit"][1:])
    # the lobby's line says it as the menu does
    assert "Reminders after: 24 hours · Turn limit: 3 days" in text_of(lobby)


# A Markdown list item as Discord reads it; "• " is plain text and starts no list.
LIST_ITEM = re.compile(r"^ {0,3}(\d{1,9}[.)]|[-*+])( |$)")


def text_after_a_list(content: str) -> list[str]:
    """Lines that Discord would draw inside the list above them (no blank line between)."""
    lines = content.split("\n")
    return [
        after
        for line, after in zip(lines, lines[1:], strict=False)
        if LIST_ITEM.match(line) and after.strip() and not LIST_ITEM.match(after)
    ]


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


async def test_every_list_the_bot_writes_ends_before_the_next_line(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    for steps in (0, 4):  # two games, so that the history has text after a list of places
        game = Table(simcord_env, channel, [ana, ben], random.Random(3))
        await game.open("havana", 2)
        for _ in range(steps):
            await game.step()
        asked = await ben.slash(channel, "game resign")
        await ben.click(asked.response, label="Yes, resign")
    final = channel.history()[-1]
    assert "Final scores" in text_of(final) and "\n1. " in text_of(final)
    said = {"final": text_of(final)}
    commands = {"history": "history list", "stats": "history stats"}
    for command in ("history", "board", "log", "help", "stats", "mine"):
        said[command] = text_of(
            answer(await ana.slash(channel, f"game {commands.get(command, command)}"))
        )
    said["leaderboard"] = text_of(
        answer(await ana.slash(channel, "game history leaderboard", game="havana"))
    )
    await ana.slash(channel, "game new", game="santiago")
    said["help in a lobby"] = text_of(answer(await cai.slash(channel, "game help")))
    for name in ("history", "log", "board"):
        assert any(LIST_ITEM.match(line) for line in said[name].split("\n")), said[name]
    assert {name: text_after_a_list(content) for name, content in said.items()} == {
        name: [] for name in said
    }


def havana_record(players=("ana", "cai")) -> GameRecord:
    seats = tuple(Seat(i, 11 + i, name) for i, name in enumerate(players))
    return GameRecord(1, 1, 1, "havana", "active", {}, 1, 0, 11, seats, "", "", None)


def thefts(seed: int, players: int = 2):
    """Every thief's event of a seeded random game of Havana, in order."""
    engine = games.get("havana")
    rng = random.Random(seed)
    state = engine.new(players, seed)
    while not engine.is_over(state):
        seat = engine.pending(state)[0].seat
        state, events = engine.apply(state, seat, rng.choice(engine.legal_codes(state, seat)))
        yield from (e for e in events if e.msg.key in THEFTS)


THEFTS = ("havana.event.peso_theft", "havana.event.material_target")


def test_a_theft_of_nothing_is_not_announced_and_a_real_one_is():
    record = havana_record()
    said = {"empty": [], "real": []}
    for seed in range(40):
        for event in thefts(seed):
            amount = event.msg.params["pesos" if "peso" in event.msg.key else "count"]
            said["empty" if amount == 0 else "real"].append(
                present.public_events("en", record, [event])
            )
        if len(said["empty"]) >= 3 and len(said["real"]) >= 3:
            break
    assert said["empty"] and all(lines == [] for lines in said["empty"])
    assert said["real"] and all(len(lines) == 1 for lines in said["real"])
    assert not any(" 0 " in line for lines in said["real"] for line in lines)


# Seat names as the bot shows them, with brackets of their own.
NAMES = ["ana", "AI 1 (random)", "ben (AI greedy)", "AI 2 (strong)"]
DOUBLED = re.compile(r"\([^()]*\)\s*\(")
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (pesos|cubes|workers|cards|stops|goods|VPs)\b")


def everything_said(kind: str, seed: int, players: int, moves: int):
    """Every English label, prompt and event of the first `moves` decisions of a seeded random
    game, as the bot renders them."""
    engine = games.get(kind)
    rng = random.Random(seed)
    state = engine.new(players, seed)
    names = NAMES[:players]
    for _ in range(moves):
        if engine.is_over(state):
            break
        decision = engine.pending(state)[0]
        yield text_msg("en", decision.prompt, names)
        actions = engine.legal_actions(state, decision.seat)
        yield from (text_msg("en", a.label, names) for a in actions)
        state, events = engine.apply(state, decision.seat, rng.choice(actions).code)
        yield from (text_msg("en", e.msg, names) for e in events)


@pytest.mark.parametrize("kind", ["santiago", "havana"])
def test_no_label_prompt_or_event_has_doubled_brackets_or_one_plural(kind):
    said = set()
    for seed in range(6):
        said.update(everything_said(kind, seed, 2 + seed % 3, 400))
    assert len(said) > 200
    assert sorted(line for line in said if DOUBLED.search(line)) == []
    assert sorted(line for line in said if ONE_PLURAL.search(line)) == []


COUNTED = {
    # key: the params, with {n} for the count under test
    "havana.action.target": {"victim": "ana", "pesos": "n", "cubes": "n"},
    "havana.event.peso_theft": {"player": "cai", "victim": "ana", "pesos": "n"},
    "havana.event.pesos": {"player": "cai", "pesos": "n"},
    "havana.event.supply": {"cubes": "1 red", "pesos": "n"},
    "havana.event.recycled": {"player": "cai", "count": "n"},
    "havana.prompt.steal": {"victim": "ana", "count": "n"},
    "santiago.action.drive": {"stops": "n", "cost": "n", "to": "El Zorro (pickpocket)"},
    "santiago.action.casino_buy": {"pesos": "n", "vp": 1},
    "santiago.event.casino_pesos": {"player": "cai", "pesos": "n", "vp": 1},
}
SINGULAR = {"pesos": "peso", "cubes": "cube", "cards": "card", "stops": "stop"}


@pytest.mark.parametrize("key", sorted(COUNTED))
def test_english_counts_take_the_singular_for_one_and_the_plural_otherwise(key):
    def said(n):
        params = {k: n if v == "n" else v for k, v in COUNTED[key].items()}
        return text_msg("en", Msg(key, params))

    for n in (0, 2):
        assert re.search(rf"\b{n} (pesos|cubes|cards|stops)\b", said(n)), said(n)
    one = said(1)
    assert re.search(r"\b1 (peso|cube|card|stop)\b", one) and not ONE_PLURAL.search(one), one
    assert not DOUBLED.search(one), one


async def test_the_screen_dm_names_the_channel_and_server_in_words(simcord_env, table):
    guild, channel, (ana, ben, *_rest) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(5))
    await game.open("santiago", 2)
    for _ in range(3):
        await game.step()
    dm = simcord_env.backend.dm_channels[ana.id]
    stored = list(simcord_env.backend.messages.get(dm, {}).values())
    assert stored, "no screen DM"
    content = text_of(to_discord_message(simcord_env, stored[-1]))
    # Whoever cannot see the channel would read "#unknown" for a channel mention.
    assert content.startswith(f"Your screen in **Santiago de Cuba** (#games on {guild.name}):")
    assert "<#" not in content


def shown(env, message):
    """An ephemeral message as it is now (after a button edited it)."""
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


def labels(message) -> list[str]:
    return [c["label"] for c in components_of(message)]


async def test_help_starts_with_a_turn_in_five_lines_and_buttons_lead_to_the_rest(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    guild, channel, (ana, *_rest) = table
    opened = answer(await ana.slash(channel, "game help"))
    assert opened.ephemeral
    lines = text_of(opened).split("\n")
    assert lines[0] == "**How to play a turn**"
    assert [line[:3] for line in lines[1:6]] == ["1. ", "2. ", "3. ", "4. ", "5. "]
    assert lines[6] == "" and len(lines) == 8 and len(text_of(opened)) < 800
    assert labels(opened) == [
        "How to play",
        "Commands",
        "Your settings",
        "Rules: Santiago de Cuba",
        "Rules: Havana",
    ]

    await ana.click(opened, label="Commands")
    commands = text_of(shown(simcord_env, opened))
    await ana.click(shown(simcord_env, opened), label="Your settings")
    commands += "\n" + text_of(shown(simcord_env, opened))
    # Every subcommand Discord knows is named on the two pages, none in one long paragraph.
    tree = json.loads((Path(__file__).with_name("command_tree.json")).read_text())
    names = [option["name"] for option in tree["commands"]["options"]]
    assert [name for name in names if f"`/game {name}" not in commands] == []
    assert max(len(line) for line in commands.split("\n")) < 300

    # The buttons answer after a restart too: they are found by their custom id.
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path))
    await ana.click(shown(simcord_env, opened), label="Rules: Havana")
    rules = shown(simcord_env, opened)
    assert text_of(rules).startswith("**Havana** (2-4 players)")
    await ana.click(rules, label="How to play")
    assert text_of(shown(simcord_env, opened)) == text_of(opened)


async def test_help_in_a_havana_channel_offers_havana_s_rules_first(simcord_env, table):
    guild, channel, (ana, *_rest) = table
    await open_lobby(ana, channel, "havana")
    opened = answer(await ana.slash(channel, "game help"))
    assert labels(opened)[3:] == ["Rules: Havana", "Rules: Santiago de Cuba"]


async def test_help_speaks_the_server_s_language_to_a_client_left_at_english(simcord_env, request):
    channel, ana, ben = request.getfixturevalue("server")
    request.getfixturevalue("client_locales")[ben.id] = "de"
    await ana.slash(channel, "game language", language="it")
    italian = answer(await ana.slash(channel, "game help"))
    assert italian.ephemeral and text_of(italian).startswith("**Come si gioca un turno**")
    assert labels(italian)[:2] == ["Come si gioca", "Comandi"]
    await ana.click(italian, label="Comandi")
    assert text_of(shown(simcord_env, italian)).startswith("**Comandi**")
    # A reader whose client speaks another language of ours reads the help in it.
    german = answer(await ben.slash(channel, "game help"))
    assert text_of(german).startswith("**So spielst du einen Zug**")


@pytest.mark.parametrize("lang", languages())
def test_a_clock_setting_that_is_off_is_said_in_a_phrase_of_its_own(lang):
    """ "No reminders", not "Reminders after: off": in every language the setting off is its own
    phrase in the table's clock line, never a word after the setting's colon."""
    off = SimpleNamespace(reminders=None, turn_limit=None)
    (line,) = present.clock_lines(lang, off)
    for which in ("reminders", "limit"):
        phrase = text(lang, f"bot.settings.{which}_off")
        assert phrase in line and f": {phrase}" not in line, line
    if lang == "en":
        assert line == "No reminders · No turn limit"
