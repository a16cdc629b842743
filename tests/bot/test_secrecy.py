"""Hidden information never reaches the channel: pictures are public boards, texts hold no screen."""

from __future__ import annotations

import random
import re

import pytest

import games
import render
from bot.core.published import Published
from bot.discord_io import layouts, turn_messages
from bot.discord_io.layouts import layout, picture_of
from bot.discord_io.turn_messages import Prompt, board_for
from storage.records import GameRecord, Seat
from tests.bot.driver import Table, text_of
from tests.games.twin_helpers import havana_twins, santiago_twins

TWINS = {"santiago": santiago_twins, "havana": havana_twins}

PRIVATE_WORDS = ("Pesos:", "Hand:", "Discard pile:", "Face-down cards:", "Your screen")
# A player's means beside their decision, said in their private answers alone.
MEANS = re.compile(r"You have \d+ pesos?\b|Your (goods|hand|discard pile): ")


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_channel_pictures_are_public_boards_and_texts_hold_no_screen(
    simcord_env, table, kind
):
    guild, channel, members = table
    game = Table(simcord_env, channel, members, random.Random(11))
    await game.open(kind, 3)
    for _ in range(45):
        if game.finished():
            break
        await game.step()

    store = simcord_env.bot.store
    record = await store.by_channel(channel.id)
    rows = await store.actions(record.id)
    replay = games.Replay(
        kind, len(record.seats), record.seed, record.options, [(r.seat, r.code) for r in rows]
    )
    states = list(games.replay_states(replay))
    engine = games.get(kind)
    names = [s.name for s in record.seats]
    bot_id = simcord_env.bot.user.id

    screens = set()
    for member in game.players:
        for message in member.user.dm_channel.history():
            for attachment in message.attachments:
                screens.add(await attachment.read())
    assert screens, "players got their screens by DM"

    # Every channel picture is, byte for byte, the board of a public view of this game.
    # (Each drawn after the moves played so far, which it names.)
    public_boards = {
        render.board_png(engine.public_view(state), names, None, move)
        for move, state in enumerate(states)
    }
    boards = 0
    for message in channel.history():
        if message.author.id != bot_id:
            continue
        for word in PRIVATE_WORDS:
            assert word not in text_of(message), text_of(message)
        assert not MEANS.search(text_of(message)), text_of(message)
        for attachment in message.attachments:
            data = await attachment.read()
            assert data not in screens
            assert re.fullmatch(r"board-\d+\.png", attachment.filename)
            assert data in public_boards
            boards += 1
    assert boards >= 3
    # The means were said, privately, to the players who decided.
    stored = simcord_env.backend.messages.get(channel.id, {}).values()
    assert any(m.is_ephemeral and MEANS.search(m.content or "") for m in stored)


@pytest.mark.parametrize(
    ("kind", "players", "seed"), [("santiago", 3, 4), ("havana", 3, 9), ("havana", 4, 2)]
)
async def test_twins_get_the_same_turn_message_layout_and_picture(kind, players, seed):
    """Non-interference for the whole turn message as the announcer builds it: at reached
    states of random games, every twin (the same table with another screen, hand or face-down
    pick, or other dice to come) gets the same Components V2 payload (texts, the picture's
    name and alt text, the choices with their effects) and the same picture, byte for byte."""
    engine = games.get(kind)
    rnd = random.Random(seed)
    state = engine.new(players, seed, None)
    seats = tuple(Seat(s, 1000 + s, name) for s, name in enumerate(("ana", "ben", "cai", "dee")))
    compared = explained = 0

    async def seen(state):
        version = engine.version(state)
        record = GameRecord(
            7,
            1,
            2,
            kind,
            "active",
            engine.options(None),
            1,
            version,
            1000,
            seats[:players],
            "",
            "",
            None,
        )
        published = Published(record, state, locale="it")
        prompt = Prompt.of(published)
        board = await board_for(published, prompt)
        shown = turn_messages.shown(published, prompt, (), picture_of(board), {})
        payload = layout(shown, prompt.choices).to_components()
        return payload, None if board is None else board.fp.read()

    while not engine.is_over(state) and compared < 40:
        if rnd.randrange(4) == 0:
            payload, picture = await seen(state)
            assert picture is not None, "people decide: the board is drawn"
            explained += any(c.get("type") == 9 for c in layouts.walk(payload))
            for twin in TWINS[kind](state, rnd):
                assert await seen(twin.state) == (payload, picture), (
                    f"the turn message tells twins apart at move {engine.version(state)}"
                    f" (twin: {twin.what})"
                )
                compared += 1
        seat = rnd.choice(engine.pending(state)).seat
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
    assert compared >= 30
    assert explained, "some choices were explained by their effects"
