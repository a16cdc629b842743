"""Whole games played with buttons and menus only: how many messages, taps, pings and bytes."""

from __future__ import annotations

import pytest

from tests.bot.measure import Measurer


@pytest.mark.parametrize(
    ("kind", "options", "messages", "taps"),
    [
        # Taps as a person makes them (a menu: one to open it, one per entry picked). With
        # screens, a choice that reads one is on the turn message too when every choice that
        # could be legal fits there; only the rest is behind "Choose" (one tap more).
        ("santiago", {}, 0.45, 1.1),
        ("santiago", {"open_holdings": True}, 0.45, 1.1),
        ("havana", {}, 0.6, 1.1),
    ],
    ids=["santiago-screened", "santiago-open", "havana"],
)
async def test_a_game_is_quiet_and_takes_about_one_tap_per_decision(
    simcord_env, table, kind, options, messages, taps
):
    guild, channel, members = table
    figures = await Measurer(simcord_env, channel, members, seed=3).play(kind, 3, **options)
    assert figures.finished
    result = figures.as_json()
    assert result["messages_per_decision"] <= messages, result
    assert result["taps_per_decision"] <= taps, result
    assert figures.max_live_prompts <= 1, result
    # One ping per change of decider at most (and every player once at the end).
    assert figures.pings <= figures.decider_changes + 3, result
    # Every message that asks a person shows the board they decide on, an edited one too
    # (a new picture each time): the goal for a whole game, its screen DMs included.
    assert figures.upload_bytes <= 25_000_000, result


async def test_open_holdings_tables_send_no_screen_dms(simcord_env, table):
    """With every holding on the board, a screen DM would only repeat it."""
    guild, channel, members = table
    await Measurer(simcord_env, channel, members, seed=5).play("santiago", 2, open_holdings=True)
    for member in members[:2]:
        dm = simcord_env.backend.dm_channels.get(member.id)
        sent = simcord_env.backend.messages.get(dm, {}) if dm else {}
        assert not [m for m in sent.values() if m.attachments], "no screen pictures by DM"
