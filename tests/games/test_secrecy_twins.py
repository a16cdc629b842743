"""Non-interference: what the channel shows never depends on hidden information.

Over random games of both games, at many reached states, each twin state (same table, different
screen, hand, face-down pick, dice to come or deck order; see `twin_helpers`) must look the same
to the channel: the same public view, the same pending decisions (who decides, what kind, the
prompt, whether it is secret, whether its options are private), and, for every decider and for
codes legal in both games, the same public events and public views after that move and a few
more, until the rules themselves reveal what the twin changed.

This is what catches a decision taken on its own because it happened to have one option: in a
twin with 0 pesos the car would drive 1 stop without anybody being asked, and the table would
know the purse is empty.
"""

from __future__ import annotations

import random

import pytest
from twin_helpers import havana_twins, santiago_twins

import games

FOLLOW_STEPS = 4  # moves played in both games after the first common one
FIRST_CODES = 3  # common codes tried per decider at a twin state


def channel_decisions(game, state) -> list:
    return [(d.seat, d.kind, d.prompt, d.secret, d.private_options) for d in game.pending(state)]


def public_events(events) -> list:
    return [(e.msg, e.seat) for e in events if e.only_for is None]


def common_codes(game, a, b, seat) -> list[str]:
    theirs = set(game.legal_codes(b, seat))
    return [c for c in game.legal_codes(a, seat) if c in theirs]


def assert_same_to_the_channel(game, a, b, where: str) -> None:
    assert game.public_view(a) == game.public_view(b), f"public views differ {where}"
    assert channel_decisions(game, a) == channel_decisions(game, b), f"decisions differ {where}"


def follow(game, twin, a, b, seat: int, code: str, rnd: random.Random) -> None:
    """Play `code` by `seat` in both games, then a few more common moves; compare each step."""
    for step in range(FOLLOW_STEPS + 1):
        a2, events_a = game.apply(a, seat, code)
        b2, events_b = game.apply(b, seat, code)
        if twin.revealed(a, a2):
            return  # the rules show what the twin changed: from here on the games may differ
        where = f"after {code!r} by seat {seat} (step {step}, twin: {twin.what})"
        assert public_events(events_a) == public_events(events_b), f"public events differ {where}"
        assert_same_to_the_channel(game, a2, b2, where)
        if game.is_over(a2):
            return
        seat = rnd.choice(game.pending(a2)).seat
        codes = common_codes(game, a2, b2, seat)
        if not codes:
            return
        a, b, code = a2, b2, rnd.choice(codes)


def check_twins(name: str, state, twins, rnd: random.Random) -> int:
    game = games.get(name)
    compared = 0
    for twin in twins:
        where = f"at move {game.version(state)} (twin: {twin.what})"
        assert public_events(twin.settle_events) == [], f"the engine moved on its own {where}"
        assert_same_to_the_channel(game, state, twin.state, where)
        for decision in game.pending(state):
            codes = common_codes(game, state, twin.state, decision.seat)
            for code in rnd.sample(codes, min(FIRST_CODES, len(codes))):
                follow(game, twin, state, twin.state, decision.seat, code, rnd)
                compared += 1
    return compared


def play_and_check(name: str, players: int, seed: int, options, every: int, build) -> int:
    """Play one random game; check the twins of about one state in `every`."""
    game = games.get(name)
    rnd = random.Random(seed)
    state = game.new(players, seed, options)
    compared = 0
    while not game.is_over(state):
        if rnd.randrange(every) == 0:
            compared += check_twins(name, state, build(state, rnd), rnd)
        seat = rnd.choice(game.pending(state)).seat
        state, _ = game.apply(state, seat, rnd.choice(game.legal_codes(state, seat)))
    return compared


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 101, {}),
        (3, 202, {}),
        (4, 303, {}),
        (3, 404, {"open_holdings": True}),
    ],
)
def test_santiago_twins_look_the_same_to_the_channel(players, seed, options):
    compared = 0
    for game_no in range(2):
        compared += play_and_check(
            "santiago", players, seed + game_no, options, every=4, build=santiago_twins
        )
    assert compared > 100  # the twins were really played against each other


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 22), (4, 33)])
def test_havana_twins_look_the_same_to_the_channel(players, seed):
    compared = 0
    for game_no in range(2):
        compared += play_and_check("havana", players, seed + game_no, {}, 3, havana_twins)
    assert compared > 100
