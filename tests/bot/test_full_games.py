"""Whole games of both games, 2 to 4 players, played through Discord to the final scores."""

from __future__ import annotations

import random
import re

import pytest

from tests.bot.driver import Table, text_of


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", ["santiago", "havana"])
async def test_a_whole_game_ends_with_the_final_scores(simcord_env, table, kind, players):
    guild, channel, members = table
    # Three players play by clicks alone; the others type a move now and then too.
    typed = 0.0 if players == 3 else 0.15
    game = Table(simcord_env, channel, members, random.Random(players * 10 + len(kind)), typed)
    await game.open(kind, players)
    await game.play_to_end()

    final = channel.last_message
    assert "Final scores" in text_of(final)
    # The final scores are a new message that pings every player, each mentioned once (a
    # mention added by editing an older message would notify nobody).
    stored = simcord_env.backend.get_message(channel.id, final.id)
    assert stored.edited_timestamp is None
    assert sorted(stored.ping_user_ids) == sorted(m.id for m in game.players)
    assert all(text_of(final).count(m.mention) == 1 for m in game.players), text_of(final)
    assert [a.filename for a in final.attachments] == ["scores.png"]
    # Why the game ended is said once, by the scores, not again by the last move's lines.
    ended = text_of(final)
    assert "game is over" not in ended and "Game over" not in ended, ended
    if kind == "santiago":
        assert ended.count("The 7th ship departed.") == 1, ended
        # how the scores were counted is read with why the game ended, before the scores
        note = ended.index("Leftover goods were converted")
        assert ended.index("The 7th ship departed.") < note < ended.index("\n1. "), ended
        # and "Final scores:" announces the scores themselves
        assert "\nFinal scores:\n1. " in ended, ended
    png = await final.attachments[0].read()
    assert png.startswith(b"\x89PNG")
    # Every player appears in the table with a score.
    for member in game.players:
        assert f"{member.name}: " in text_of(final)
    # The log speaks of people by their names, never "Player 2".
    bot_id = simcord_env.bot.user.id
    texts = [text_of(m) for m in game.recent(100_000) if m.author.id == bot_id]
    assert len(texts) > 5
    assert not [t for t in texts if re.search(r"\bPlayer [1-4]\b", t)]
    # A building's price names only what was paid: never "0 workers" nor "0 pesos".
    if kind == "havana":
        bought = [line for t in texts for line in t.splitlines() if " buys " in line]
        assert bought, "somebody bought a building"
        assert not [b for b in bought if re.search(r"\b0 (pesos|workers)\b", b)], bought
    # Players used the buttons, the menus and (but for the three) the typed command alike.
    assert (game.typed_moves > 0) == (players != 3)
    assert game.moves > 10

    # Every player's screen DM is brought to the final figures after the final scores.
    requests = simcord_env.http_requests
    # (Posted in the channel, or as the last move's follow-up, the interaction's webhook.)
    final_at = max(
        i
        for i, r in enumerate(requests)
        if r.method == "POST"
        and (r.path == f"/channels/{channel.id}/messages" or r.path.startswith("/webhooks/"))
    )
    for member in game.players:
        dm = simcord_env.backend.dm_channels[member.id]
        last_dm = max(i for i, r in enumerate(requests) if f"/channels/{dm}/messages" in r.path)
        assert last_dm > final_at, member.name

    # The game is kept as finished and the channel is free again.
    store = simcord_env.bot.store
    assert await store.by_channel(channel.id) is None
    again = await members[0].slash(channel, "game new", game=kind)
    assert not again.ephemeral
    assert "new game is open" in again.response.content
