"""A decision with only one choice is taken by itself, and said so; only when the whole
table can see that it is the only choice (never because of what lies behind a screen)."""

from __future__ import annotations

import random

import pytest

import games
from bot.core import lone_choices
from tests.bot.driver import Table, bot_messages, last_answer, text_of
from tests.bot.test_turn_choices import TWINS, record_of

BY_ITSELF = "had only one choice, taken by itself"


async def test_a_lone_choice_is_taken_by_itself_and_logged(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(4), typed=0.0)
    await game.open("santiago", 3)
    said = []
    for _ in range(300):
        await game.step()
        said = [t for m in bot_messages(simcord_env, channel) if BY_ITSELF in (t := text_of(m))]
        if said:
            break
    assert said, "in 300 moves some decision had one choice"
    line = next(x for x in said[-1].splitlines() if BY_ITSELF in x)
    assert any(line.startswith(f"• {p.name} had only one choice") for p in game.players), line
    log = text_of(last_answer(await ana.slash(channel, "game log")))
    assert line in log, log


@pytest.mark.parametrize(
    ("kind", "players", "seed"), [("santiago", 3, 11), ("santiago", 4, 12), ("havana", 3, 13)]
)
def test_whether_a_skip_is_taken_by_itself_never_tells_twins_apart(kind, players, seed):
    """At reached states of random games, every twin (another screen, hand or face-down pick)
    gets the same answer: taken or not, and which. And a decision taken is one the seat had
    indeed nothing else to do."""
    engine = games.get(kind)
    rnd = random.Random(seed)
    state = engine.new(players, seed, {})
    taken = twins = 0
    while not engine.is_over(state):
        record = record_of(kind, players, {}, engine.version(state))
        found = lone_choices.lone_choice(engine, record, state)
        if found is not None:
            seat, code = found
            assert engine.legal_codes(state, seat) == [code]
            taken += 1
        for twin in TWINS[kind](state, rnd):
            assert lone_choices.lone_choice(engine, record, twin.state) == found, twin.what
            twins += 1
        seat = rnd.choice(engine.pending(state)).seat
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
    assert twins > 100
    if kind == "santiago":
        assert taken > 5
