"""Players deciding at the same time do not outdate each other's buttons, even across a restart."""

from __future__ import annotations

import random

from tests.bot.driver import Table, components_of, press_together, private_answer, text_of


def answer(result):
    """The private answer (a move's public follow-up, the next turn message, is not it)."""
    return private_answer(result)


def a_choice(prompt):
    """(custom id, values) of one move on a private prompt: a button, or the menu's first value."""
    for component in components_of(prompt):
        custom_id = component.get("custom_id", "")
        if custom_id.startswith("mc:"):
            return custom_id, None
        if custom_id.startswith("ms:"):
            several = component.get("max_values", 1)
            return custom_id, [o["value"] for o in component["options"][:several]]
    raise AssertionError(f"no move on {text_of(prompt)!r}")


async def private_prompts(game):
    """Every decider presses "Choose" on the turn message before anybody chooses."""
    turn = game.prompt_message()
    deciders = game.named(text_of(turn))
    prompts = []
    for player in deciders:
        shown = await player.click(turn, label="Choose")
        assert answer(shown).ephemeral
        prompts.append((player, answer(shown)))
    return prompts


async def actions_by_seat(env, channel):
    store = env.bot.store
    record = await store.by_channel(channel.id)
    rows = await store.actions(record.id)
    return record, sorted(row.seat for row in rows)


async def test_four_players_picking_at_once_all_count(simcord_env, table):
    guild, channel, players = table
    game = Table(simcord_env, channel, players, random.Random(3))
    await game.open("havana", 4)
    prompts = await private_prompts(game)
    assert len(prompts) == 4, "Havana opens with every player picking at once"
    first = prompts[0][0]
    spare = answer(await first.click(game.prompt_message(), label="Choose"))
    presses = [(player, prompt, *a_choice(prompt)) for player, prompt in prompts]
    results = await press_together(simcord_env, presses)

    texts = [text_of(answer(r)) for r in results]
    assert all("Done" in t for t in texts), texts
    record, seats = await actions_by_seat(simcord_env, channel)
    assert seats == [0, 1, 2, 3]
    # Each answer offers the second card; picked at once too, each applied exactly once.
    seconds = [(player, answer(r)) for (player, _), r in zip(prompts, results, strict=True)]
    results = await press_together(
        simcord_env, [(player, reply, *a_choice(reply)) for player, reply in seconds]
    )
    assert all("Done" in text_of(answer(r)) for r in results)
    record, seats = await actions_by_seat(simcord_env, channel)
    assert seats == [0, 0, 1, 1, 2, 2, 3, 3]
    # A second prompt opened before choosing is outdated now: that player has already chosen.
    again = await press_together(simcord_env, [(first, spare, *a_choice(spare))])
    assert "outdated" in text_of(answer(again[0]))
    assert (await actions_by_seat(simcord_env, channel))[1] == [0, 0, 1, 1, 2, 2, 3, 3]


async def test_picks_made_before_a_restart_do_not_outdate_the_others(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, players = table
    game = Table(simcord_env, channel, players, random.Random(4))
    await game.open("havana", 3)
    prompts = await private_prompts(game)
    presses = [(player, prompt, *a_choice(prompt)) for player, prompt in prompts]
    await press_together(simcord_env, presses[:1])
    await simcord_bot.store.close()  # the old process is gone: only the file remains
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(9)))

    results = await press_together(simcord_env, presses[1:])
    assert all("Done" in text_of(answer(r)) for r in results), [text_of(answer(r)) for r in results]
    _, seats = await actions_by_seat(simcord_env, channel)
    assert seats == [0, 1, 2]
