"""Discord's global limit, 50 requests per second per bot across all its servers, caps how many
moves the bot can serve. Interaction callbacks and requests on an interaction's webhook are
exempt, so a person's move costs nothing against it when the turn message it changes or posts
goes through the move's own interaction; what is left is the AI's and the clock's moves and the
screen DMs. Counted through the fault layer (`faults.py`), over whole games (`budget.py`)."""

from __future__ import annotations

import random

import pytest

from tests.bot.budget import Counted, play
from tests.bot.driver import MENTION, Table, text_of

# Global-bound requests per applied move, at most (bench/discord_budget.py measures all sizes).
BUDGET = 1.2


@pytest.fixture
def simcord_bot(new_bot, db_path):
    """One AI worker process, and small searches to keep the games quick."""
    return new_bot(db_path, rng=random.Random(7), ai_workers=1, ai_budget=8)


@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_a_whole_game_spends_at_most_the_budget_per_move(simcord_env, kind):
    counted = Counted(simcord_env).install()
    guild = simcord_env.create_guild()
    # Two people and an AI seat, a decision now and then left to the clock.
    played = await play(simcord_env, guild, kind, 3, 1, counted)
    assert played.finished
    assert played.requests / played.moves <= BUDGET, played.routes.most_common(5)


async def test_a_persons_moves_reach_the_channel_through_their_interactions(simcord_env, table):
    guild, channel, (ana, ben, cai, dee) = table
    game = Table(simcord_env, channel, [ana, ben, cai], random.Random(2))
    await game.open("santiago", 3)
    counted = Counted(simcord_env).install()
    stored = simcord_env.backend.messages[channel.id]
    seen = set(stored)
    # Each new turn message as it was posted: whom it pinged, and whom it named to decide.
    posted = []
    for _ in range(40):
        await game.step()
        for message_id, message in list(stored.items()):
            if message_id in seen or message.is_ephemeral:
                continue
            seen.add(message_id)
            prompt = [line for line in text_of(message).splitlines() if not line.startswith("• ")]
            named = {int(u) for u in MENTION.findall("\n".join(prompt))}
            posted.append((set(message.ping_user_ids), named))
    in_channel = {route: n for route, n in counted.routes.items() if "(channel)" in route[1]}
    assert in_channel == {}, "nothing in the channel outside the players' own interactions"
    assert len(posted) >= 5, "new turn messages were posted all the same"
    # A new message, not an edit: it pings whom it names to decide (but a player who goes on
    # deciding, pinged already).
    assert all(pinged <= named for pinged, named in posted), posted
    assert sum(bool(pinged) for pinged, _ in posted) >= len(posted) - 2, posted
