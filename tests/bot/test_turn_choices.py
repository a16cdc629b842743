"""The turn message's choices: what it shows is built from what the whole table may know, and
"Choose" is there only when a decider's own choices may hold more than the message shows.

Non-interference, as in `tests/games/test_secrecy_twins.py`: at reached states of random games,
every twin (the same table with a different screen, hand or face-down pick) gets the same
components on its turn message."""

from __future__ import annotations

import random

import pytest

import games
from bot.discord_io import layouts
from storage.records import GameRecord, Seat
from tests.games.twin_helpers import havana_twins, santiago_twins

TWINS = {"santiago": santiago_twins, "havana": havana_twins}


def record_of(kind: str, players: int, options: dict, version: int) -> GameRecord:
    seats = tuple(Seat(s, 1000 + s, f"p{s}") for s in range(players))
    return GameRecord(7, 1, 2, kind, "active", options, 1, version, 1000, seats, "", "", None)


def channel_components(kind: str, state, players: int, options: dict):
    engine = games.get(kind)
    record = record_of(kind, players, options, engine.version(state))
    decisions = tuple(engine.pending(state))
    names = [s.name for s in record.seats]
    items, choose = layouts.turn_view("en", record, engine, state, decisions, names, decisions)
    return [item.to_component_dict() for item in items], choose


def offered(rows) -> set[str]:
    """The codes a player can tap on the message itself (buttons and menu entries)."""
    codes = set()
    for item in layouts.walk(rows):
        custom_id = item.get("custom_id", "")
        if custom_id.startswith("mc:"):
            codes.add(custom_id.split(":", 3)[3])
        elif custom_id.startswith("ms:"):
            codes.update(o["value"] for o in item["options"])
    return codes


@pytest.mark.parametrize(
    ("kind", "players", "options", "seed"),
    [
        ("santiago", 3, {}, 5),
        ("santiago", 2, {"open_holdings": True}, 6),
        ("havana", 3, {}, 7),
    ],
)
def test_turn_message_choices_show_nothing_hidden_and_choose_only_when_needed(
    kind, players, options, seed
):
    engine = games.get(kind)
    rnd = random.Random(seed)
    state = engine.new(players, seed, options)
    twins_compared = without_choose = public_buttons = 0
    while not engine.is_over(state):
        rows, choose = channel_components(kind, state, players, options)
        decisions = engine.pending(state)
        public_here = False
        if not choose:
            # No "Choose": everything the decider may do is on the message itself.
            # A decision that reads a screen offers every choice that could be legal (judged
            # from public facts); the others offer exactly their legal choices.
            (decision,) = decisions
            legal = set(engine.legal_codes(state, decision.seat))
            if decision.private_options:
                public = {a.code for a in engine.public_actions(state, decision.seat)}
                assert offered(rows) == public >= legal
                public_here = True
            else:
                assert offered(rows) == legal
            without_choose += 1
        else:
            assert any(d.secret or d.private_options for d in decisions) or len(decisions) > 1
        if rnd.randrange(3) == 0:
            for twin in TWINS[kind](state, rnd):
                assert channel_components(kind, twin.state, players, options) == (rows, choose), (
                    f"the turn message tells twins apart at move {engine.version(state)}"
                    f" (twin: {twin.what})"
                )
                twins_compared += 1
                public_buttons += public_here
        seat = rnd.choice(decisions).seat
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_codes(state, seat)))
    assert without_choose > 20
    assert twins_compared > 30
    if kind == "santiago" and not options:
        # Twins with emptied and refilled screens got the same public buttons.
        assert public_buttons > 20
