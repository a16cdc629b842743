"""Pure rules of the games we host. No I/O, no asyncio, no Discord.

game = games.get("santiago")
state = game.new(players=3, seed=42)
decision = game.pending(state)[0]
state, events = game.apply(state, decision.seat, game.legal_codes(state, decision.seat)[0])
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from .core import (
    MAX_CHOICES,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Replay,
    Result,
    StateError,
)
from .scores import vp_series
from .standings import no_winner, put_last
from .text import Msg, msg

# Game name -> module that defines `GAME`. Imported lazily so one game's import cost is not paid by the other.
_MODULES = {"santiago": "games.santiago", "havana": "games.havana"}

NAMES = tuple(_MODULES)


def get(name: str) -> Game:
    """The game called `name`; KeyError names the known games."""
    try:
        module = _MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(NAMES)}") from None
    return importlib.import_module(module).GAME


def replay(record: Replay) -> tuple[Any, list[Event]]:
    """Rebuild a game from its seed and action log; returns the final state and all events."""
    game = get(record.game)
    state = game.new(record.players, record.seed, record.options)
    events: list[Event] = []
    for seat, code in record.actions:
        state, new_events = game.apply(state, seat, code)
        events.extend(new_events)
    return state, events


def replay_states(record: Replay) -> Iterable[Any]:
    """Every state of a game, from the initial one to the last."""
    game = get(record.game)
    state = game.new(record.players, record.seed, record.options)
    yield state
    for seat, code in record.actions:
        state, _ = game.apply(state, seat, code)
        yield state


def option_defaults(name: str) -> Mapping[str, Any]:
    return get(name).options(None)


__all__ = [
    "MAX_CHOICES",
    "NAMES",
    "Action",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "Msg",
    "OptionError",
    "Replay",
    "Result",
    "StateError",
    "get",
    "msg",
    "no_winner",
    "option_defaults",
    "put_last",
    "replay",
    "replay_states",
    "vp_series",
]
