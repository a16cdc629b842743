"""Your means beside your choices: where a decision reads what lies behind your screen, the
answers only you see open with your own holdings that it reads ("You have 3 pesos."), and a
choice your holdings cannot pay for is answered with them and the choices you can pay for,
ready to tap. The channel never shows them: twin games that differ only behind a screen look
the same there."""

from __future__ import annotations

import random
import re

import pytest

import games
from storage.records import dump_state
from tests.bot.driver import Table, components_of, custom_ids, private_answer, text_of


def codes(message) -> list[str]:
    """The moves a player can tap on `message`: its buttons' codes, then its menus' entries."""
    found = []
    for item in components_of(message):
        custom_id = item.get("custom_id", "")
        if custom_id.startswith("mc:"):
            found.append(custom_id.split(":", 3)[3])
        elif custom_id.startswith("ms:"):
            found.extend(option["value"] for option in item["options"])
    return found


def button_for(message, code: str) -> str:
    return next(i for i in custom_ids(message) if i.startswith("mc:") and i.endswith(":" + code))


async def version(env, channel) -> int:
    return (await env.bot.store.by_channel(channel.id)).version


async def start(env, channel, members, kind: str, seed: int, **options) -> Table:
    """A game opened and started by clicks, its deal fixed by `seed` (twins share it)."""
    env.bot.services.lobby.rng = random.Random(seed)
    game = Table(env, channel, members, random.Random(seed))
    await game.open(kind, len(members), **options)
    return game


async def to_the_first_drive(env, channel, members, seed: int = 4):
    """A two-player Santiago game at its first drive: the die set aside, the car waiting."""
    game = await start(env, channel, members, "santiago", seed)
    turn = game.prompt_message()
    (roller,) = game.named(text_of(turn))
    await roller.click(turn, custom_id=next(i for i in custom_ids(turn) if i.startswith("mc:")))
    turn = game.prompt_message()
    (driver,) = game.named(text_of(turn))
    return game, turn, driver


def channel_seen(game) -> list[tuple[str, list[str]]]:
    """Every bot message of the channel as its readers see it: text and components."""
    return [(text_of(m), custom_ids(m)) for m in game.recent(50) if m.author.bot]


async def test_a_drive_the_purse_cannot_pay_answers_with_the_pesos_and_the_drives_it_can(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game, turn, driver = await to_the_first_drive(simcord_env, channel, [ana, ben])
    record = await simcord_env.bot.store.by_channel(channel.id)
    seat = record.seat_of(driver.id)
    pesos = record.state().pesos[seat]
    affordable = [f"drive:{stops}" for stops in range(1, min(pesos + 1, 9) + 1)]
    # The channel offers every distance, each with its cost, whatever the purse holds.
    assert [c for c in codes(turn) if c.startswith("drive:")] == [
        f"drive:{s}" for s in range(1, 11)
    ]
    assert "9 pesos" in str(turn.components)
    before, seen = await version(simcord_env, channel), channel_seen(game)

    refused = private_answer(await driver.click(turn, custom_id=button_for(turn, "drive:10")))
    said = text_of(refused)
    assert refused.ephemeral
    assert "cannot afford to drive 10 stops" in said
    assert f"You have {pesos} pesos." in said
    # Only the drives the purse pays for, ready to tap.
    assert codes(refused) == affordable
    assert await version(simcord_env, channel) == before
    assert channel_seen(game) == seen, "a refusal changes nothing in the channel"

    done = private_answer(await driver.click(refused, custom_id=button_for(refused, "drive:2")))
    assert "Done" in text_of(done)
    assert await version(simcord_env, channel) == before + 1
    state = (await simcord_env.bot.store.by_channel(channel.id)).state()
    assert state.pesos[seat] == pesos - 1


LANGUAGES = {
    "en-US": "Your hand: ",
    "it": "La tua mano: ",
    "ru": "У вас на руке: ",
    "es-ES": "Tu mano: ",
    "de": "Deine Hand: ",
}


@pytest.mark.parametrize("locale", LANGUAGES)
async def test_the_choose_answer_opens_with_the_hand_in_the_reader_s_language(
    simcord_env, table, client_locales, locale
):
    guild, channel, (ana, ben, cai, dee) = table
    client_locales[ben.id] = locale
    game = await start(simcord_env, channel, [ana, ben], "havana", 6)
    turn = game.prompt_message()
    shown = private_answer(
        await ben.click(turn, custom_id=next(i for i in custom_ids(turn) if i.startswith("mx:")))
    )
    said = text_of(shown)
    record = await simcord_env.bot.store.by_channel(channel.id)
    view = games.get("havana").player_view(record.state(), record.seat_of(ben.id))
    hand_line = next(line for line in said.splitlines() if line.startswith(LANGUAGES[locale]))
    assert hand_line.count("(") == len(view.hand), hand_line
    # The hand is beside the choices it pays for: a card of it to play.
    assert codes(shown) == [f"pick:{card}" for card in view.hand]

    # After the first pick, the answer offers the second, with the hand as it is now.
    picked = codes(shown)[0]
    after = private_answer(await ben.click(shown, custom_id=button_for(shown, picked)))
    line = next(x for x in text_of(after).splitlines() if x.startswith(LANGUAGES[locale]))
    assert line.count("(") == len(view.hand) - 1
    assert picked not in codes(after) and codes(after)
    assert LANGUAGES[locale] not in "\n".join(text for text, _ in channel_seen(game))


async def test_twins_that_differ_only_in_a_purse_look_the_same_in_the_channel(simcord_env, table):
    """The same game in two channels, the driver's purse fuller in the twin: the same refused
    drive is answered with each purse privately, and the channels stay word for word alike."""
    guild, channel, (ana, ben, cai, dee) = table
    twin_channel = guild.create_text_channel("twin")
    first, turn, driver = await to_the_first_drive(simcord_env, channel, [ana, ben])
    twin, twin_turn, twin_driver = await to_the_first_drive(simcord_env, twin_channel, [ana, ben])
    assert driver is twin_driver
    store, tables = simcord_env.bot.store, simcord_env.bot.services.tables
    record = await store.by_channel(twin_channel.id)
    seat = record.seat_of(driver.id)
    state = record.state()
    pesos = state.pesos[seat]
    state.pesos[seat] += 3
    engine = games.get("santiago")
    await store._db.execute(
        "UPDATE games SET state = ? WHERE id = ?", (dump_state(engine, state), record.id)
    )
    # The bot reads the twin's game again, as after a restart.
    tables.forget(record.id)
    assert (await store.by_channel(twin_channel.id)).state().pesos[seat] == pesos + 3

    answers = []
    for message in (turn, twin_turn):
        result = await driver.click(message, custom_id=button_for(message, "drive:10"))
        answers.append(private_answer(result))
    assert f"You have {pesos} pesos." in text_of(answers[0])
    assert f"You have {pesos + 3} pesos." in text_of(answers[1])
    assert len(codes(answers[1])) == len(codes(answers[0])) + 3

    def public(game) -> list:
        ids = re.compile(r"\d{15,}|(?<=:)\d+(?=[:.])")
        return [(ids.sub("#", t), [ids.sub("#", i) for i in c]) for t, c in channel_seen(game)]

    assert public(first) == public(twin)


async def test_the_screen_dm_composed_while_its_player_decides_shows_their_means(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    await start(simcord_env, channel, [ana, ben], "havana", 6)
    await simcord_env.bot.services.mail.idle()
    record = await simcord_env.bot.store.by_channel(channel.id)
    for member in (ana, ben):
        view = games.get("havana").player_view(record.state(), record.seat_of(member.id))
        dm = simcord_env.backend.dm_channels[member.id]
        (screen,) = simcord_env.backend.messages[dm].values()
        # Both choose their cards now: the DM names the hand they choose from.
        line = next(x for x in screen.content.splitlines() if x.startswith("Your hand: "))
        assert line.count("(") == len(view.hand)
