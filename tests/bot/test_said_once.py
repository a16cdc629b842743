"""What the bot tells a player is said once: a wrong click, the end of a game."""

from __future__ import annotations

import random

from tests.bot.driver import Table, custom_ids, private_answer, text_of


async def test_a_wrong_click_says_once_that_it_is_not_yours(simcord_env, table, client_locales):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(1))
    await game.open("santiago", 3)
    turn = game.prompt_message()
    (decider,) = game.named(text_of(turn))
    english, italian = [p for p in (ana, ben, cai) if p is not decider]
    client_locales[italian.id] = "it"
    button = next(i for i in custom_ids(turn) if i.startswith("mc:"))
    said = text_of(private_answer(await english.click(turn, custom_id=button)))
    assert said.startswith(f"This is not your decision.\nWaiting for: **{decider.name}**"), said
    assert said.count("not your decision") == 1, said
    detto = text_of(private_answer(await italian.click(turn, custom_id=button)))
    assert detto.startswith(f"Questa decisione non spetta a te.\nIn attesa di: **{decider.name}**")
    assert "non tocca a te" not in detto, detto
