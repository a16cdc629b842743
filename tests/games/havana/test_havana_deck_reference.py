"""A Havana state played with the bundled deck names that deck by its fingerprint instead of
carrying its 85 cards, so a move neither copies nor re-checks them; states stored by earlier
versions, which carry the whole deck, still load and play on exactly."""

from __future__ import annotations

import json
from pathlib import Path

import games
from games import Replay, replay
from games.havana.deck import bundled_ref

GAME = games.get("havana")
OLD = Path(__file__).with_name("state_with_inline_deck.json")


def test_a_bundled_deck_state_is_small_and_reads_back_equal():
    state = GAME.new(4, 9)
    for _ in range(30):
        seat = GAME.pending(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.legal_codes(state, seat)[0])
    text = json.dumps(GAME.to_json(state), separators=(",", ":"))
    assert len(text) < 2000, len(text)
    assert json.loads(text)["options"]["deck"] == bundled_ref()
    assert GAME.from_json(json.loads(text)) == state


def test_a_state_stored_with_its_whole_deck_loads_and_plays_on_as_its_replay():
    """Written by the previous version: the whole deck inside the state's options."""
    old = json.loads(OLD.read_text())
    assert isinstance(old["state"]["options"]["deck"], list)
    loaded = GAME.from_json(old["state"])
    log = [tuple(a) for a in old["actions"]]
    replayed, _ = replay(Replay("havana", old["players"], old["seed"], old["options"], log))
    assert loaded == replayed
    assert GAME.to_json(loaded) == GAME.to_json(replayed)
    for _ in range(20):  # both go on alike
        seat = GAME.pending(loaded)[0].seat
        code = GAME.legal_codes(loaded, seat)[-1]
        loaded, _ = GAME.apply(loaded, seat, code)
        replayed, _ = GAME.apply(replayed, seat, code)
        assert loaded == replayed


def test_a_state_naming_another_deck_is_refused_not_misread():
    data = GAME.to_json(GAME.new(2, 1))
    data["options"]["deck"] = "sha256:" + "0" * 64
    try:
        GAME.from_json(data)
    except games.StateError as exc:
        assert "deck" in str(exc)
    else:
        raise AssertionError("a state naming an unknown deck was read")
