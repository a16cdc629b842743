"""After the game, through Discord: the history and its pages, the board, log and export of an
ended game, the replay viewer (also after a restart), ratings and statistics, and servers kept
apart."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.text.i18n import text_msg
from games import Msg
from render.havana import CARDS
from storage import Store
from storage.endings import rebuild
from tests.bot.driver import Table, custom_ids
from tests.bot.driver import last_answer as answer
from tests.bot.test_hostile_input import forged_press
from tests.bot.test_lobby import refused


@pytest.fixture
def simcord_bot(new_bot, db_path):
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


def shown(env, message):
    """An ephemeral message as it is now (after a button edited it)."""
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


async def resigned_game(env, channel, winner, loser, steps=0, seed=1):
    """A Havana game of two that `loser` resigns after `steps` decisions: it ends, rated."""
    game = Table(env, channel, [winner, loser], random.Random(seed))
    await game.open("havana", 2)
    for _ in range(steps):
        await game.step()
    record = await env.bot.store.by_channel(channel.id)
    asked = await loser.slash(channel, "game resign")
    await loser.click(asked.response, label="Yes, resign")
    assert await env.bot.store.by_channel(channel.id) is None
    return record.id


async def test_a_finished_game_is_in_the_history_with_its_board_log_and_export(
    simcord_env, table, tmp_path
):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(4))
    await game.open("havana", 2)
    await game.play_to_end()
    store = simcord_env.bot.store
    (game_id,) = [r[0] for r in await store.read("SELECT game_id FROM endings")]
    _, stored = await store.result(game_id)
    scores = json.loads(stored)["scores"]

    listed = answer(await cai.slash(channel, "game history list"))
    assert listed.ephemeral and "1-1 of 1" in listed.content
    assert f"**{game_id}** · Havana" in listed.content and "finished" in listed.content
    assert f"ana: {scores[0]} VP" in listed.content and f"ben: {scores[1]} VP" in listed.content

    # No game is played here now: the commands show the game that just ended.
    board = answer(await cai.slash(channel, "game board"))
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert f"game {game_id}: finished" in board.content
    log = answer(await cai.slash(channel, "game log"))
    assert f"game {game_id}: finished" in log.content and "Moves so far:" in log.content
    exported = answer(await cai.slash(channel, "game history export"))
    assert exported.ephemeral and [a.filename for a in exported.attachments] == [
        f"game-{game_id}.json"
    ]
    data = json.loads(await exported.attachments[0].read())
    assert data["status"] == "finished" and data["result"]["result"]["scores"] == scores
    # The file is enough to rebuild and check the game elsewhere.
    async with await Store.open(tmp_path / "elsewhere.sqlite3") as other:
        again = await other.import_game(data)
        assert (
            again.status == "finished" and again.state_json == (await store.get(game_id)).state_json
        )

    # With a new lobby open here, the commands still show the last ended game, or one by id.
    await ana.slash(channel, "game new", game="santiago")
    assert f"game {game_id}" in answer(await cai.slash(channel, "game board", game=game_id)).content
    assert f"game {game_id}" in answer(await cai.slash(channel, "game log")).content
    choices = await cai.autocomplete(channel, "game board", "game", "")
    assert [c["value"] for c in choices] == [game_id] and "ana" in choices[0]["name"]


async def test_the_log_shows_as_many_of_the_latest_lines_as_asked(simcord_env, table):
    """`/game log last:` for a player catching up: the latest lines asked for, in order, over
    as many private messages as they need, none cut; by default the latest 15."""
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(4))
    await game.open("havana", 2)
    await game.play_to_end()

    def lines(result) -> list[str]:
        said = [m for m in [result.response, *result.followups] if m is not None and m.content]
        assert all(m.ephemeral and len(m.content) <= 2000 for m in said)
        text = "\n".join(m.content for m in said)
        return [line for line in text.split("\n") if line.startswith("• ")]

    latest = lines(await cai.slash(channel, "game log"))
    asked = await cai.slash(channel, "game log", last=100)
    many = lines(asked)
    assert len(latest) == 15 and len(many) == 100
    assert many[-15:] == latest
    assert len(asked.followups) >= 2, "a hundred lines take more than one message"


async def test_the_replay_steps_to_the_end_and_back_across_a_restart(
    simcord_env, simcord_bot, new_bot, table, db_path
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await resigned_game(simcord_env, channel, ana, ben, steps=14)
    steps = (await simcord_env.bot.store.get(game_id)).version

    opened = answer(await cai.slash(channel, "game history replay", game=game_id))
    assert opened.ephemeral and f"step 0 of {steps}" in opened.content
    assert [a.filename for a in opened.attachments] == ["board.png"]
    start_board = await opened.attachments[0].read()
    await cai.click(opened, label="Last")
    last = shown(simcord_env, opened)
    assert f"step {steps} of {steps}" in last.content and "The game ends here." in last.content
    assert await last.attachments[0].read() != start_board

    await simcord_bot.store.close()  # the old process is gone: only the file remains
    await simcord_env.restart_bot(new_bot(db_path, ai_workers=1, ai_budget=8))
    await cai.click(last, label="Back")
    back = shown(simcord_env, opened)
    assert f"step {steps - 1} of {steps}" in back.content and "ends here" not in back.content
    await cai.click(back, label="−10")
    assert f"step {steps - 11} of {steps}" in shown(simcord_env, opened).content
    await cai.click(shown(simcord_env, opened), label="First")
    first = shown(simcord_env, opened)
    assert f"step 0 of {steps}" in first.content
    assert await first.attachments[0].read() == start_board
    await cai.click(first, label="+10")
    assert f"step 10 of {steps}" in shown(simcord_env, opened).content


async def test_the_replay_of_a_game_being_played_shows_only_public_views(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben], random.Random(2))
    await game.open("havana", 2)
    for _ in range(4):  # the secret opening picks
        await game.step()
    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    opened = answer(await cai.slash(channel, "game history replay"))
    assert "still being played" in opened.content
    await cai.click(opened, label="Last")
    assert f"step {record.version} of {record.version}" in shown(simcord_env, opened).content
    # The first decision is a secret pick: the replay says it happened, never which card.
    await cai.click(shown(simcord_env, opened), label="First")
    await cai.click(shown(simcord_env, opened), label="Next")
    step = shown(simcord_env, opened).content
    first = (await store.actions(record.id))[0].code
    assert first.startswith("pick:") and "step 1 of" in step
    card = text_msg("en-US", Msg("havana.card." + first.removeprefix("pick:")))
    assert card not in step, step
    refused(await cai.slash(channel, "game history export"), "once it is over")


async def test_ratings_move_the_expected_way_and_equal_the_rebuilt_ones(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    for seed in range(3):
        await resigned_game(simcord_env, channel, ana, ben, seed=seed)
    board = answer(await dee.slash(channel, "game history leaderboard", game="havana"))
    rows = [line for line in board.content.splitlines() if re.match(r"\d+\. ", line)]
    assert [r.split(":")[0] for r in rows] == ["1. **ana**", "2. **ben**"], board.content
    mine = answer(await dee.slash(channel, "game history stats", member=ana))
    assert "3 games, 3 wins" in mine.content and "average place 1.0" in mine.content
    assert [a.filename for a in mine.attachments] == ["rating.png"]
    theirs = answer(await dee.slash(channel, "game history stats", member=ben))
    assert "3 games, 0 wins" in theirs.content
    store = simcord_env.bot.store
    rows = await store.read("SELECT player, mu, sigma, games FROM ratings ORDER BY mu DESC")
    assert [(p, g) for p, _, _, g in rows] == [(f"user:{ana.id}", 3), (f"user:{ben.id}", 3)]
    assert rows[0][1] > 25 > rows[1][1]
    charted = await store.read(
        f"SELECT mu FROM placings WHERE player = 'user:{ana.id}' ORDER BY seq"
    )
    assert charted == sorted(charted), "each win raises the winner's rating"
    await store.transaction(rebuild())
    assert await store.read("SELECT player, mu, sigma, games FROM ratings ORDER BY mu DESC") == rows
    refused(await dee.slash(channel, "game history stats"), "has not finished a game")


async def test_the_ai_is_rated_per_level(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    await ana.slash(channel, "game new", game="havana", ai_players=1, ai_level="random")
    opened = channel.last_message
    await ana.click(opened, label="Start")
    asked = await ana.slash(channel, "game resign")
    await ana.click(asked.response, label="Yes, resign")
    await simcord_env.bot.services.ai.idle()
    await simcord_env.settle()
    rows = await simcord_env.bot.store.read("SELECT player, games FROM ratings ORDER BY mu DESC")
    assert rows == [("ai:random", 1), (f"user:{ana.id}", 1)]


async def test_two_servers_see_only_their_own_games(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await resigned_game(simcord_env, channel, ana, ben)
    other = simcord_env.create_guild()
    there = other.create_text_channel("elsewhere")
    eve = other.add_member(simcord_env.create_user("eve"))

    refused(await eve.slash(there, "game history list"), "No game has ended here yet")
    for command in ("game board", "game log", "game history export", "game history replay"):
        refused(await eve.slash(there, command, game=game_id), "no such game here")
    refused(await eve.slash(there, "game board"), "There is no game in this channel")
    assert await eve.autocomplete(there, "game board", "game", "") == []
    refused(await eve.slash(there, "game history leaderboard", game="havana"), "Nobody has")
    # A replay button copied to the other server shows nothing there.
    opened = answer(await cai.slash(channel, "game history replay", game=game_id))
    button = next(i for i in custom_ids(opened) if i.endswith(":last"))
    copied = await forged_press(simcord_env, eve, opened, button, channel=there)
    refused(copied, "no such game here")
    assert "step 0 of" in shown(simcord_env, opened).content


async def test_a_200_game_history_pages_correctly(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    ids = []
    for n in range(200):
        ids.append(
            await ended_through_the_store(store, guild.id, channel.id, ana, [ben, cai][n % 2])
        )
    first = answer(await dee.slash(channel, "game history list"))
    assert "1-8 of 200" in first.content
    seen = listed_ids(first.content)
    page = first
    while len(seen) < 200:
        await dee.click(page, label="Older")
        page = shown(simcord_env, first)
        seen += listed_ids(page.content)
    assert seen == ids[::-1], "every game once, newest first"
    assert "193-200 of 200" in page.content
    older = next(c for c in page.components[0]["components"] if c["label"] == "Older")
    assert older.get("disabled")
    await dee.click(page, label="Newer")
    assert "185-192 of 200" in shown(simcord_env, first).content
    await dee.click(shown(simcord_env, first), label="Newest")
    assert listed_ids(shown(simcord_env, first).content) == ids[::-1][:8]

    mine = answer(await dee.slash(channel, "game history list", member=cai, game="havana"))
    assert "played by cai of Havana: 1-8 of 100" in mine.content
    assert listed_ids(mine.content) == ids[1::2][::-1][:8]
    await dee.click(mine, label="Older")
    assert listed_ids(shown(simcord_env, mine).content) == ids[1::2][::-1][8:16]


def listed_ids(content: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\*\*(\d+)\*\* · ", content, flags=re.M)]


async def ended_through_the_store(store, guild_id, channel_id, creator, opponent) -> int:
    """A Havana game ended by the table at once, written as the bot writes it."""
    from storage import start_game
    from storage.play import standing_now
    from storage.records import result_to_json

    record = await store.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        kind="havana",
        options={},
        creator_id=creator.id,
        creator_name=creator.name,
    )
    await store.join(record.id, opponent.id, opponent.name)
    started = await start_game(store, record.id, seed=record.id)
    result = standing_now(started.record, started.state, (1,))
    await store.end_game(
        record.id,
        status="finished",
        how="ended",
        result_json=json.dumps(result_to_json(result)),
        expected_version=0,
    )
    return record.id


async def test_forged_replay_and_history_buttons_change_nothing_and_answer_politely(
    simcord_env, table
):
    guild, channel, (ana, ben, cai, dee) = table
    game_id = await resigned_game(simcord_env, channel, ana, ben)
    opened = answer(await cai.slash(channel, "game history replay", game=game_id))
    for forged in (f"rp:{game_id + 1}:0:last", "rp:9999999999999999999:0:next"):
        refused(await forged_press(simcord_env, cai, opened, forged), "no such game here")
    assert "step 0 of" in shown(simcord_env, opened).content
    # Older than a number beyond SQLite's integers: every game, not an error.
    beyond = await forged_press(simcord_env, cai, opened, "hp:0:all:o:9999999999999999999")
    assert f"**{game_id}** · Havana" in answer(beyond).content


async def test_favourite_starting_cards_are_listed_as_the_language_lists(simcord_env, table):
    """`/game history stats` names a Havana player's favourite two first cards joined as a
    list is ("Mama (9) and Pesos (8)"), not with a "+" between catalogue names."""
    guild, channel, (ana, ben, cai, dee) = table
    for seed in range(2):
        await resigned_game(simcord_env, channel, ana, ben, steps=8, seed=seed)
    mine = answer(await dee.slash(channel, "game history stats", member=ana))
    (line,) = [s for s in mine.content.splitlines() if s.startswith("Favourite starting cards")]
    cards = [text_msg("en-US", Msg(f"havana.card.{c}")) for c in CARDS]
    named = [c for c in cards if c in line]
    assert len(named) == 2 and " + " not in line, line
    assert line.endswith(f"{named[0]} and {named[1]}") or line.endswith(
        f"{named[1]} and {named[0]}"
    ), line
