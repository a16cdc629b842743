"""A third game plugs in from outside games/ and the real bot plays it: Duelo (tests/third_game/),
registered before the bot is built, with nothing in bot/ naming it. People open it in a lobby,
stake, lead and follow with the turn message's buttons and Choose, take a stake back with a
typed `/game undo`, get their hand by DM, play it to the final scores, once more against an AI
seat, and find both games in `/game history list` and `/game history replay`."""

from __future__ import annotations

import io
import json
import logging
import random
from contextlib import contextmanager
from dataclasses import replace

import pytest
from PIL import Image

import games
import games.front
import render
from bot.discord_io import pictures
from games.simulate import play_random
from games.text import ENGLISH
from render import faces
from tests.bot.driver import Table, components_of, custom_ids, private_answer, text_of
from tests.bot.driver import last_answer as answer
from tests.bot.test_ai_seats import until_a_person_decides
from tests.bot.test_history import shown


@contextmanager
def hosted():
    """Duelo hosted for one test, as a game from outside games/ is: its package imported (which
    registers it), then every table it was added to put back as it was, so that the tests after
    this one see our two games alone (the command tree, the catalogues)."""
    texts = set(ENGLISH)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(games, "_OUTSIDE", dict(games._OUTSIDE))
        patch.setattr(faces, "_BY_KIND", dict(faces._BY_KIND))
        patch.setattr(faces, "_BY_VIEW", dict(faces._BY_VIEW))
        import tests.third_game as duel

        duel.register()  # again, if an earlier test imported it and put the tables back
        pictures.POOL.close()  # drawing workers started before were not told of Duelo
        try:
            yield duel
        finally:
            pictures.POOL.close()
            for key in set(ENGLISH) - texts:
                del ENGLISH[key]


@pytest.fixture
def duel():
    with hosted() as package:
        yield package


@pytest.fixture
def simcord_bot(duel, new_bot, db_path):
    """The bot, built once Duelo is registered: one AI worker process."""
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.size


def labels(message) -> list[str]:
    return [c.get("label") for c in components_of(message) if c.get("label")]


def newest_dm(env, member):
    dm = env.backend.dm_channels[member.id]
    return list(env.backend.messages[dm].values())[-1]


async def the_game(env, channel):
    record = await env.bot.store.by_channel(channel.id)
    return record, record.state()


async def test_duelo_is_played_by_the_bot_from_lobby_to_replay(simcord_env, table, duel, caplog):
    guild, channel, (ana, ben, cai, dee) = table
    store = simcord_env.bot.store
    engine = games.get("duel")
    assert "duel" in games.names() and engine is duel.GAME

    # The lobby: Duelo is a choice of /game new like ours; ben joins, ana starts.
    opened = await ana.slash(channel, "game new", game="duel")
    lobby = opened.response
    assert not lobby.ephemeral and "Duelo" in text_of(lobby), text_of(lobby)
    assert (await ben.click(lobby, label="Join")).acknowledged
    await ana.click(lobby, label="Start")
    record, state = await the_game(simcord_env, channel)
    assert record.kind == "duel" and record.status == "active"
    game = Table(simcord_env, channel, [ana, ben], random.Random(3), typed=0)

    # The first turn message: the leader names the stake with a button, under a board picture.
    message = game.prompt_message()
    leader = next(p for p in (ana, ben) if p.id == record.seats[state.leader].user_id)
    assert f"<@{leader.id}>" in text_of(message) and "name the stake" in text_of(message)
    assert labels(message)[:2] == ["Stake 1", "Stake 2"]
    boards = [
        a
        for m in channel.history()
        if m.author.id == simcord_env.bot.user.id
        for a in m.attachments
        if a.filename == pictures.board_file(record.version)
    ]
    assert boards, "a board picture is posted with the turn"
    assert png_size(await boards[-1].read()) == (800, 360)

    # The hand goes by DM: the screen picture and the figures beside it, to each player alone.
    for player in (ana, ben):
        seat = next(s.seat for s in record.seats if s.user_id == player.id)
        dm = newest_dm(simcord_env, player)
        cards = ", ".join(str(c) for c in state.hands[seat])
        assert f"Your cards: {cards}." in text_of(dm), text_of(dm)
        assert len(dm.attachments) == 1
        assert all(cards not in text_of(m) for m in channel.history()), "a hand reached the channel"

    # Rule 12: a stake is taken back with a typed /game undo, and named again.
    staked = await leader.click(message, label="Stake 2")
    assert staked.acknowledged
    record, state = await the_game(simcord_env, channel)
    assert state.stake == 2
    undone = await leader.slash(channel, "game undo")
    assert answer(undone).ephemeral and "You took back: Stake 2." in text_of(answer(undone))
    record, state = await the_game(simcord_env, channel)
    assert state.stake is None and (await store.actions(record.id))[-1].code == "undo"
    assert any("takes back their last decision" in text_of(m) for m in channel.history())
    await leader.click(game.prompt_message(), label="Stake 1")
    record, state = await the_game(simcord_env, channel)
    assert state.stake == 1

    # Leading a card: the hand is private, so the turn message offers Choose, and the leader's
    # own buttons are exactly the cards in hand.
    message = game.prompt_message()
    assert "Choose" in labels(message) and not any("Play the" in x for x in labels(message))
    chosen = private_answer(await leader.click(message, label="Choose"))
    assert chosen.ephemeral
    hand = state.hands[state.leader]
    plays = [x for x in labels(chosen) if x.startswith("Play the")]
    assert plays == [f"Play the {c}" for c in sorted(set(hand))]
    # A card played cannot be taken back.
    await leader.click(chosen, label=f"Play the {max(hand)}")
    record, state = await the_game(simcord_env, channel)
    assert state.led == max(hand)
    refused = answer(await leader.slash(channel, "game undo"))
    assert refused.ephemeral and "You took back" not in text_of(refused)

    # The rest is played with the buttons and Choose, to the final scores.
    await game.play_to_end(limit=40)
    record = await store.get(record.id)
    state = record.state()
    result = engine.result(state)
    assert record.status == "finished" and result is not None
    final = channel.last_message
    assert "Final scores" in text_of(final)
    for player in (ana, ben):
        seat = next(s.seat for s in record.seats if s.user_id == player.id)
        assert f"{player.name}: " in text_of(final)
        assert f"<@{player.id}>" in text_of(final)
        assert str(result.scores[seat]) in text_of(final)
    assert [a.filename for a in final.attachments] == ["scores.png"]
    png_size(await final.attachments[0].read())
    first_id = record.id

    # Against an AI seat that plays at random: ai/ has no model of Duelo and needs none.
    opened = await cai.slash(channel, "game new", game="duel", ai_players=1, ai_level="random")
    assert "AI 1 (random)" in text_of(opened.response)
    await cai.click(opened.response, label="Start")
    game = Table(simcord_env, channel, [cai], random.Random(4), typed=0)
    for _ in range(40):
        await until_a_person_decides(simcord_env, game)
        if game.finished():
            break
        await game.step()
    assert game.finished()
    record = await store.get(first_id + 1)
    assert record.kind == "duel" and record.status == "finished"
    ai_seat = next(s.seat for s in record.seats if s.ai_level is not None)
    assert record.seats[ai_seat].ai_level == "random"
    moved = [row.seat for row in await store.actions(record.id)]
    assert moved.count(ai_seat) >= 4, "the AI played its cards itself"
    assert "AI 1 (random)" in text_of(channel.last_message)

    # Both games are in the server's history, and the first replays to its end.
    listed = answer(await dee.slash(channel, "game history list"))
    assert text_of(listed).count("Duelo") == 2, text_of(listed)
    assert f"#{first_id}" in text_of(listed)
    only = answer(await dee.slash(channel, "game history list", game="duel"))
    assert "of Duelo: 1-2 of 2" in text_of(only) and "Newest" in labels(only), text_of(only)
    assert any(i.startswith("hp:0:duel:") for i in custom_ids(only))

    # /game help offers Duelo's rules, which its own catalogue holds.
    helped = answer(await dee.slash(channel, "game help"))
    assert "Rules: Duelo" in labels(helped)
    await dee.click(helped, label="Rules: Duelo")
    assert "A stake may be taken back" in text_of(shown(simcord_env, helped))

    replay = answer(await dee.slash(channel, "game history replay", game=first_id))
    steps = (await store.get(first_id)).version
    assert replay.ephemeral and f"step 0 of {steps}" in text_of(replay), text_of(replay)
    assert [a.filename for a in replay.attachments] == ["board.png"]
    assert png_size(await replay.attachments[0].read()) == (800, 360)
    await dee.click(replay, label="Last")
    last = shown(simcord_env, replay)
    assert f"step {steps} of {steps}" in text_of(last) and "The game ends here." in text_of(last)
    assert custom_ids(last)
    # Nothing failed on the way: no AI level fell back, no picture was lost.
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_duelo_s_own_glossary_explains_its_stakes_on_the_turn_message(
    simcord_env, table, duel
):
    """A game from outside brings its own glossary face (`tests/third_game/glossary.py`): the
    turn message says what each stake does beside its button, as for our games, from nothing
    in bot/ that names Duelo; the words follow the channel's language (a key no catalogue
    holds reads in English)."""
    guild, channel, (ana, ben, cai, dee) = table
    opened = await ana.slash(channel, "game new", game="duel")
    await ben.click(opened.response, label="Join")
    await ana.click(opened.response, label="Start")
    record, state = await the_game(simcord_env, channel)
    game = Table(simcord_env, channel, [ana, ben], random.Random(3), typed=0)
    stored = simcord_env.backend.get_message(channel.id, game.prompt_message().id)
    (container,) = stored.components
    assert container["type"] == 17 and container["accent_color"] == games.front.DEFAULT_ACCENT
    sections = [c for c in container["components"] if c["type"] == 9]
    said = {
        s["accessory"]["custom_id"].rsplit(":", 1)[1]: s["components"][0]["content"]
        for s in sections
    }
    assert said == {
        "1": "Whoever wins the trick scores 1 point.",
        "2": "Whoever wins the trick scores 2 points.",
    }
    assert [s["accessory"]["label"] for s in sections] == ["Stake 1", "Stake 2"]
    assert [g for g in games.glossary("duel")], "its help lists the stakes and the cards"


def test_duelo_keeps_the_promises_the_house_relies_on(duel):
    """The contract of games/core.py, checked at every step of random games, and the secret kept:
    twin positions that differ only in the hands give the same board, picture and words."""
    engine = games.get("duel")
    assert isinstance(engine, games.Game)
    for seed in range(12):
        state, decisions = play_random("duel", 2, seed, check=True)
        assert decisions == 12  # four tricks of a stake and two cards
        assert engine.from_json(json.loads(json.dumps(engine.to_json(state)))) == state
        assert engine.result(state) == engine.standing(state)
        assert isinstance(engine.public_view(state), games.PublicView)
        assert isinstance(engine.player_view(state, 1), games.PlayerView)

    state = engine.apply(engine.new(2, 5), 0, "stake:2")[0]
    swapped = replace(state, hands=(state.hands[1], state.hands[0]))
    assert swapped.hands != state.hands
    names = ["Ana", "Ben"]
    public, twin = engine.public_view(state), engine.public_view(swapped)
    assert public == twin
    assert render.board_png(public, names, "en", 1) == render.board_png(twin, names, "en", 1)
    assert render.describe.board_alt(public, names, "en", 1) == (
        render.describe.board_alt(twin, names, "en", 1)
    )
    # Rule 12: a stake may be taken back, a card never.
    assert engine.undo_barrier(engine.new(2, 5), 0, "stake:2", state, []) is None
    card = engine.legal_codes(state, 0)[0]
    assert engine.undo_barrier(state, 0, card, engine.apply(state, 0, card)[0], []) is not None
