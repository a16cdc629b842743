"""Santiago de Cuba (Michael Rieneck, 2011) for 2 to 4 players.

`GAME` implements `games.core.Game`; the module-level functions delegate to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Action, Result

from . import views
from .game import Santiago
from .state import State

GAME = Santiago()


def legal_actions(state: State, seat: int) -> list[Action]:
    return GAME.legal_actions(state, seat)


def legal_codes(state: State, seat: int) -> list[str]:
    return GAME.legal_codes(state, seat)


def apply(state: State, seat: int, code: str) -> tuple[State, list]:
    return GAME.apply(state, seat, code)


def public_view(state: State) -> views.PublicView:
    return GAME.public_view(state)


def player_view(state: State, seat: int) -> views.PlayerView:
    return GAME.player_view(state, seat)


def result(state: State) -> Result | None:
    return GAME.result(state)


def standing(state: State) -> Result:
    return GAME.standing(state)


def to_json(state: State) -> dict:
    return GAME.to_json(state)


def from_json(data: Mapping[str, Any]) -> State:
    return GAME.from_json(data)


__all__ = [
    "GAME",
    "apply",
    "from_json",
    "legal_actions",
    "legal_codes",
    "player_view",
    "public_view",
    "result",
    "standing",
    "to_json",
]
