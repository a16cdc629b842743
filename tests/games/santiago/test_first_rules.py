"""Games stored under the first version's rules keep replaying after the rules changed."""

from __future__ import annotations

import json
from pathlib import Path

import games

RECORDED = json.loads(Path(__file__).with_name("first_rules_games.json").read_text())["games"]


def test_logs_of_the_first_rules_replay_to_the_same_result():
    engine = games.get("santiago")
    for game in RECORDED:
        options = engine.options({**game["options"], "first_rules": True})
        record = games.Replay("santiago", game["players"], game["seed"], options, game["actions"])
        state, _ = games.replay(record)
        result = engine.result(state)
        assert list(result.scores) == game["scores"] and list(result.places) == game["places"]


def test_the_current_rules_ask_where_the_first_ones_did_not():
    engine = games.get("santiago")
    game = RECORDED[0]
    state = engine.new(game["players"], game["seed"], game["options"])
    try:
        for seat, code in game["actions"]:
            state, _ = engine.apply(state, seat, code)
    except games.IllegalAction:
        return  # the log of the first rules is not a log of the current ones
    raise AssertionError("a log of the first rules replayed under the current ones")


def test_new_games_never_carry_the_first_rules():
    assert "first_rules" not in games.get("santiago").options(None)
