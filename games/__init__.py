"""Pure rules of the games we host. No I/O, no asyncio, no Discord.

game = games.get("santiago")
state = game.new(players=3, seed=42)
decision = game.pending(state)[0]
state, events = game.apply(state, decision.seat, game.legal_codes(state, decision.seat)[0])

A stored game is its seed plus its log; `replay` rebuilds it, and `History` (games.undo) plays a
log whose entries may take decisions back (`UNDO`). A game people play is dealt from
`fresh_seed()`, which nobody can guess (games.rng).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .core import (
    MAX_CHOICES,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    OptionError,
    PendingSeat,
    PlayerView,
    PublicView,
    Replay,
    Result,
    StateError,
)
from .rng import fresh_seed
from .series import vp_series
from .standings import no_winner, put_last
from .text import Msg, msg
from .undo import UNDO, History, UndoCheck, replay, replay_states, undoable

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


def option_defaults(name: str) -> Mapping[str, Any]:
    return get(name).options(None)


def _views(name: str):
    get(name)  # the same KeyError for an unknown game
    return importlib.import_module(_MODULES[name] + ".views")


def figures(name: str, player_view: Any) -> Msg:
    """A player's private figures (from `player_view`) in words, beside their screen."""
    return _views(name).figures(player_view)


def says_nothing(name: str, event: Event) -> bool:
    """Whether `event` tells a reader nothing (a thief who found nothing to take): the rules
    record it, and a front end may leave it out."""
    amount = getattr(_views(name), "EMPTY_WHEN_ZERO", {}).get(event.msg.key)
    return amount is not None and event.msg.params.get(amount) == 0


def option_notes(name: str, options: Mapping[str, Any]) -> list[Msg]:
    """The variants of a table worth a line of their own (the rest are house rules)."""
    return _views(name).option_notes(options)


def options_shown_apart(name: str) -> tuple[str, ...]:
    """Options that `option_notes` describes, or that no front end lists as a house rule."""
    return tuple(_views(name).OPTIONS_SHOWN_APART)


__all__ = [
    "MAX_CHOICES",
    "NAMES",
    "figures",
    "option_notes",
    "options_shown_apart",
    "says_nothing",
    "UNDO",
    "Action",
    "Decision",
    "Event",
    "Game",
    "History",
    "IllegalAction",
    "Msg",
    "OptionError",
    "PendingSeat",
    "PlayerView",
    "PublicView",
    "Replay",
    "Result",
    "StateError",
    "UndoCheck",
    "fresh_seed",
    "get",
    "msg",
    "no_winner",
    "option_defaults",
    "put_last",
    "replay",
    "replay_states",
    "undoable",
    "vp_series",
]
