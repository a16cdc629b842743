"""Whole random games: the invariants a table relies on, for 2 to 4 players."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import MAX_CHOICES
from games.santiago import GAME
from games.santiago import data as D


def _check_state(s) -> None:
    for g in range(6):
        held = sum(s.goods[seat * 6 + g] for seat in range(s.player_count))
        assert held + s.supply[g] == D.GOODS_PER_TYPE
        assert s.supply[g] >= 0
    assert min(s.goods) >= 0 and min(s.pesos) >= 0 and min(s.vp) >= 0
    assert all(0 <= v <= 4 for v in s.dice_values) and 2 <= s.price <= 4
    pawns = [p for p in s.pawn if p >= 0]
    assert len(pawns) == len(set(pawns))  # at most one pawn per building
    for seat in range(s.player_count):
        assert s.owner.count(seat) <= D.MARKERS


def _round_trip(s) -> None:
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert back == s
    for d in GAME.pending(s):
        assert GAME.legal_codes(back, d.seat) == GAME.legal_codes(s, d.seat)


def play_checked(players: int, seed: int, chooser_seed: int, options=None):
    chooser = random.Random(chooser_seed)
    s = GAME.new(players, seed, options)
    moves = []
    while not GAME.is_over(s):
        _check_state(s)
        _round_trip(s)
        pending = GAME.pending(s)
        assert pending, "no decision pending before the end"
        for d in pending:
            actions = GAME.legal_actions(s, d.seat)
            assert 1 <= len(actions) <= MAX_CHOICES
            assert [a.code for a in actions] == GAME.legal_codes(s, d.seat)
            assert len({a.code for a in actions}) == len(actions)
            assert all(str(a.label) and not str(a.label).startswith("santiago.") for a in actions)
            assert str(d.prompt) and not str(d.prompt).startswith("santiago.")
        decision = chooser.choice(pending)
        code = chooser.choice(GAME.legal_codes(s, decision.seat))
        before = GAME.to_json(s)
        s2, events = GAME.apply(s, decision.seat, code)
        assert GAME.to_json(s) == before  # the old state is unchanged
        assert all(not str(e.msg).startswith("santiago.") for e in events)
        moves.append((decision.seat, code))
        s = s2
        assert len(moves) < 5000, "the game does not end"
    _check_state(s)
    _round_trip(s)
    assert GAME.pending(s) == ()
    return s, moves


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**63 - 1),
    chooser=st.integers(0, 2**32),
    open_holdings=st.booleans(),
)
def test_random_games_keep_every_promise(players, seed, chooser, open_holdings):
    options = {"open_holdings": open_holdings}
    final, moves = play_checked(players, seed, chooser, options)
    result = GAME.result(final)
    assert final.ships == D.SHIPS and len(result.scores) == players
    assert set(result.winners) == {seat for seat in range(players) if result.places[seat] == 1}
    # replaying the codes from the seed rebuilds exactly the same game
    s = GAME.new(players, seed, options)
    for seat, code in moves:
        s, _ = GAME.apply(s, seat, code)
    assert s == final
    view = GAME.public_view(final)
    assert view.game_over and (view.open_holdings is None) != open_holdings


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), chooser=st.integers(0, 2**32))
def test_random_games_with_every_variant_option(seed, chooser):
    options = {
        "partial_supply_grants": False,
        "reroll_empty_demand": True,
        "owner_vp_only_when_moved": True,
        "owner_vp_at_game_end": True,
        "pablo_allows_wood": True,
        "max_distance": 24,
    }
    play_checked(4, seed, chooser, options)


def test_damaged_json_is_refused():
    import pytest

    from games.core import StateError

    good = GAME.to_json(GAME.new(3, 1))
    for change in (
        {"format": 99},
        {"goods": [9] * 18},
        {"road": [0] * 10},
        {"phase": "dance"},
        {"pesos": [-1, 0, 0]},
        {"players": 7},
    ):
        with pytest.raises(StateError):
            GAME.from_json({**good, **change})
    with pytest.raises(StateError):
        GAME.from_json({k: v for k, v in good.items() if k != "rng"})


def _simulate(players: int, games: int, seed: int) -> tuple[int, dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "games", "simulate", "--game", "santiago", "--players",
         str(players), "--games", str(games), "--seed", str(seed), "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    return proc.returncode, json.loads(proc.stdout.strip().splitlines()[-1])


def test_simulate_command_is_deterministic():
    code, first = _simulate(3, 6, 42)
    assert code == 0
    for key in ("game", "players", "games", "finished", "errors", "decisions", "seconds"):
        assert key in first
    assert first["finished"] == 6 and first["errors"] == 0 and len(first["final_scores"]) == 6
    assert all(len(row) == 3 for row in first["final_scores"])
    code2, second = _simulate(3, 6, 42)
    first.pop("seconds")
    second.pop("seconds")
    assert code2 == 0 and first == second
