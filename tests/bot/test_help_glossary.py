"""`/game help` tells what every card, building and person does: a game's pages list them all
with their effects, and "What does it do?" answers privately about one, at length."""

from __future__ import annotations

from simcord.results import ResponseMessage

from tests.bot.driver import components_of, last_answer, text_of
from tests.bot.test_languages_game import server  # noqa: F401  (a fixture)


def now(env, message):
    """An ephemeral message as it is now (after a button edited it)."""
    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


def labels(message) -> list[str]:
    return [c["label"] for c in components_of(message) if "label" in c]


def menu_of(message) -> dict:
    (menu,) = [c for c in components_of(message) if c.get("custom_id", "").startswith("gw:")]
    return menu


async def test_havana_s_pages_list_every_card_and_building_and_answer_what_one_does(
    simcord_env, simcord_bot, new_bot, db_path, table
):
    guild, channel, (ana, *_rest) = table
    opened = last_answer(await ana.slash(channel, "game help"))
    await ana.click(opened, label="Rules: Havana")
    rules = now(simcord_env, opened)
    shown = text_of(rules)
    assert shown.startswith("**Havana** (2-4 players)")
    assert "**Mama (9)**: Take half the coloured cubes" in shown
    assert "**Peso Thief (5)**: Steal half the pesos" in shown
    # A button per page of the game: the cards, the buildings over two pages, the materials.
    assert labels(rules)[-4:] == [
        "Action cards (1/4)",
        "Buildings (2/4)",
        "Buildings (3/4)",
        "Building materials (4/4)",
    ]
    menu = menu_of(rules)
    assert len(menu["options"]) == 13
    mama = next(o for o in menu["options"] if o["label"] == "Mama (9)")
    assert mama["description"].startswith("Take half the coloured cubes")

    # The letters a cube carries on the board, for who does not tell its colour apart
    await ana.click(rules, label="Building materials (4/4)")
    materials = text_of(now(simcord_env, opened))
    assert "**W**: Wood, the brown cube." in materials and "**G**: Rubble" in materials
    await ana.click(now(simcord_env, opened), label="Buildings (2/4)")
    buildings = now(simcord_env, opened)
    assert "**Statue**: 2 VP; costs 1 yellow cube and 2 pesos" in text_of(buildings)
    assert len(menu_of(buildings)["options"]) == 25

    # The menu answers after a restart too, privately, with the longer telling.
    await simcord_bot.store.close()
    await simcord_env.restart_bot(new_bot(db_path))
    await ana.click(now(simcord_env, opened), label="Action cards (1/4)")
    assert text_of(now(simcord_env, opened)) == shown
    picked = await ana.select(now(simcord_env, opened), ["0.8"], custom_id="gw:havana")
    answer = last_answer(picked)
    assert answer.ephemeral
    assert text_of(answer).startswith("**Peso Thief (5)**\nSteal half the pesos")
    assert "if you play last, of any other player" in text_of(answer)


async def test_santiago_s_pages_speak_the_reader_s_language(simcord_env, request):
    channel, ana, ben = request.getfixturevalue("server")
    request.getfixturevalue("client_locales")[ben.id] = "de"
    opened = last_answer(await ben.slash(channel, "game help"))
    await ben.click(opened, label="Regeln: Santiago de Cuba")
    rules = now(simcord_env, opened)
    assert "**El Zorro (Taschendieb)**: Jeder andere Spieler gibt dir" in text_of(rules)
    assert labels(rules)[-2:] == ["Cubaner (1/2)", "Gebäude (2/2)"]
    await ben.click(rules, label="Gebäude (2/2)")
    buildings = now(simcord_env, opened)
    assert "**Casino**: Tausche beliebig viele Pesos in Siegpunkte oder umgekehrt" in text_of(
        buildings
    )
    zoll = next(o for o in menu_of(buildings)["options"] if o["label"] == "Zollamt")
    picked = last_answer(await ben.select(buildings, [zoll["value"]], custom_id="gw:santiago"))
    assert "läuft das Schiff aus" in text_of(picked)
