"""Havana (Reinhard Staupe, eggertspiele 2009) for 2 to 4 players.

from games.havana import GAME
state = GAME.new(players=3, seed=1)
"""

from __future__ import annotations

from .game import Havana

GAME = Havana()

legal_actions = GAME.legal_actions
legal_codes = GAME.legal_codes
apply = GAME.apply
public_view = GAME.public_view
player_view = GAME.player_view
result = GAME.result
standing = GAME.standing
pending = GAME.pending

__all__ = [
    "GAME",
    "apply",
    "legal_actions",
    "legal_codes",
    "pending",
    "player_view",
    "public_view",
    "result",
    "standing",
]
