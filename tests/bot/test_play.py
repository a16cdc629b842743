"""Moves through Discord: wrong people, stale prompts, restarts, races, channels, DMs."""

from __future__ import annotations

import random
import re

from tests.bot.driver import (
    Table,
    components_of,
    custom_ids,
    press_together,
    private_answer,
    text_of,
)
from tests.bot.faults import close_dms
from tests.bot.test_lobby import refused


def answer(result):
    """The private answer (a move's public follow-up, the next turn message, is not it)."""
    return private_answer(result)


async def started(env, channel, members, kind="santiago", players=2, seed=1) -> Table:
    game = Table(env, channel, members, random.Random(seed))
    await game.open(kind, players)
    return game


async def version(env, channel):
    return (await env.bot.store.by_channel(channel.id)).version


async def test_wrong_people_stale_buttons_and_illegal_moves(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = await started(simcord_env, channel, [ana, ben])
    turn = channel.last_message
    # Setting a die aside reads no screen: its choices are buttons on the turn message.
    assert ana.mention in text_of(turn) and "Press **Choose**" not in text_of(turn)
    button = next(i for i in custom_ids(turn) if i.startswith("mc:"))
    refused(await ben.click(turn, custom_id=button), "not your decision")
    refused(await cai.click(turn, custom_id=button), "not a player")
    refused(await cai.slash(channel, "game move", choice="leave:rum"), "not a player")
    refused(await ben.slash(channel, "game move", choice="leave:rum"), "not your decision")
    typed = refused(await ana.slash(channel, "game move", choice="fly:moon"), "not one of your")
    assert "leave:" not in typed, "choices are listed by their labels, never by codes"
    assert await version(simcord_env, channel) == 0

    # Until a decision that reads a screen comes: then "Choose" shows it privately.
    for _ in range(20):
        if any(i.startswith("mx:") for i in custom_ids(game.prompt_message())):
            break
        await game.step()
    prompt = game.prompt_message()
    player = game.named(text_of(prompt))[0]
    before = await version(simcord_env, channel)
    first = answer(await player.click(prompt, label="Choose"))
    second = answer(await player.click(prompt, label="Choose"))
    choice = next(c for c in components_of(first) if c["custom_id"].startswith(("mc:", "ms:")))
    if choice["custom_id"].startswith("mc:"):
        done = await player.click(first, custom_id=choice["custom_id"])
        stale = await player.click(second, custom_id=choice["custom_id"])
    else:
        value = [choice["options"][0]["value"]]
        done = await player.select(first, value, custom_id=choice["custom_id"])
        stale = await player.select(second, value, custom_id=choice["custom_id"])
    assert "Done" in text_of(answer(done))
    assert await version(simcord_env, channel) == before + 1
    # The same prompt again: outdated, and the current prompt comes with the answer.
    refused(stale, "outdated")
    assert await version(simcord_env, channel) == before + 1


async def test_autocomplete_offers_the_callers_choices_only(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await started(simcord_env, channel, [ana, ben])
    mine = await ana.autocomplete(channel, "game move", "choice", "")
    assert 0 < len(mine) <= 25
    assert all(c["value"] and c["name"] for c in mine)
    assert await ben.autocomplete(channel, "game move", "choice", "") == []
    assert await cai.autocomplete(channel, "game move", "choice", "") == []
    typed = mine[0]["name"][:4]
    narrowed = await ana.autocomplete(channel, "game move", "choice", typed)
    assert narrowed and all(
        typed.lower() in c["name"].lower() or typed.lower() in c["value"].lower() for c in narrowed
    )


async def test_my_screen_is_ephemeral_with_figures(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await started(simcord_env, channel, [ana, ben])
    shown = await ben.click(channel.last_message, label="My screen")
    assert shown.ephemeral
    message = answer(shown)
    assert "Pesos:" in text_of(message) and "VP:" in text_of(message)
    assert [a.filename for a in message.attachments] == ["screen.png"]
    typed = await ben.slash(channel, "game screen")
    assert typed.ephemeral and "Pesos:" in text_of(answer(typed))
    refused(await cai.slash(channel, "game screen"), "not a player")
    log = await ben.slash(channel, "game log")
    assert log.ephemeral and "Moves so far: 0" in text_of(answer(log))
    board = await cai.slash(channel, "game board")
    assert board.ephemeral and [a.filename for a in answer(board).attachments] == ["board.png"]


async def test_old_buttons_work_after_a_restart(simcord_env, simcord_bot, new_bot, table, db_path):
    guild, channel, (ana, ben, cai, dee) = table
    game = await started(simcord_env, channel, [ana, ben], kind="havana")
    for _ in range(5):
        await game.step()
    before = await version(simcord_env, channel)
    prompt = game.prompt_message()
    await simcord_bot.store.close()  # the old process is gone: only the file remains
    await simcord_env.restart_bot(new_bot(db_path, rng=random.Random(3)))
    game.rng = random.Random(5)
    await game.answer(game.named(text_of(prompt))[0], prompt) if any(
        i.startswith(("mc:", "ms:")) for i in custom_ids(prompt)
    ) else await game.step()
    assert await version(simcord_env, channel) == before + 1
    for _ in range(5):
        await game.step()
    assert await version(simcord_env, channel) == before + 6


async def test_two_clicks_at_once_apply_once(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = await started(simcord_env, channel, [ana, ben], kind="havana")
    # Find a prompt with at least two buttons on the channel message.
    for _ in range(200):
        prompt = game.prompt_message()
        buttons = [i for i in custom_ids(prompt) if i.startswith("mc:")]
        if len(buttons) >= 2:
            break
        await game.step()
    else:
        raise AssertionError("no prompt with two buttons")
    player = game.named(text_of(prompt))[0]
    before = await version(simcord_env, channel)
    results = await press_together(
        simcord_env, [(player, prompt, buttons[0], None), (player, prompt, buttons[1], None)]
    )
    assert await version(simcord_env, channel) == before + 1
    texts = [text_of(answer(r)) for r in results]
    assert sum("Done" in t for t in texts) == 1, texts
    assert sum("outdated" in t or "Another move" in t for t in texts) == 1, texts
    # The press defers an update of the turn message; both answers are private.
    assert all(answer(r).ephemeral for r in results)
    rows = await simcord_env.bot.store.actions(
        (await simcord_env.bot.store.by_channel(channel.id)).id
    )
    assert len(rows) == before + 1


async def test_two_channels_play_at_once(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    other = guild.create_text_channel("more-games")
    first = await started(simcord_env, channel, [ana, ben], kind="havana", seed=1)
    second = await started(simcord_env, other, [cai, dee], kind="santiago", seed=2)
    for _ in range(8):
        await first.step()
        await second.step()
    store = simcord_env.bot.store
    one, two = await store.by_channel(channel.id), await store.by_channel(other.id)
    assert (one.kind, two.kind) == ("havana", "santiago")
    assert one.version >= 8 and two.version >= 8
    assert {s.user_id for s in one.seats} == {ana.id, ben.id}
    assert {s.user_id for s in two.seats} == {cai.id, dee.id}


async def test_private_changes_are_dmed_and_the_dm_is_edited(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = await started(simcord_env, channel, [ana, ben])
    dm = ana.user.dm_channel
    for _ in range(40):
        await game.step()
    dms = [m for m in dm.history() if m.author.id == simcord_env.bot.user.id]
    # One DM per game, kept up to date by editing it.
    assert len(dms) == 1
    assert "Pesos:" in text_of(dms[0])
    assert [a.filename for a in dms[0].attachments] == ["screen.png"]
    edits = [r for r in simcord_env.http_requests if r.method == "PATCH" and str(dm.id) in r.path]
    assert edits, "the screen DM is edited when the holdings change"


async def test_closed_dms_are_announced_once_and_play_goes_on(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    # Ben does not accept direct messages from server members: Discord answers 403 / 50007.
    close_dms(simcord_env, ben)
    game = await started(simcord_env, channel, [ana, ben])
    for _ in range(30):
        await game.step()
    notices = [m for m in channel.history() if "cannot send you direct messages" in text_of(m)]
    assert len(notices) == 1 and ben.mention in text_of(notices[0])
    assert "/game screen" in text_of(notices[0])
    assert await version(simcord_env, channel) >= 30
    assert re.search("Pesos", text_of(answer(await ben.slash(channel, "game screen"))))
