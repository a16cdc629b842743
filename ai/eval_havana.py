"""Hand-written evaluation of a Havana state: an estimate of each seat's progress in VP.

Buildings bring all the VP, so materials, workers and pesos are valued at about what they buy
(the bundled deck pays roughly a VP per coloured cube or worker). Cards in hand are the choices
left before the discard pile comes back.
"""

from __future__ import annotations

from typing import Any

from games.havana.cards import TARGET_VP

COLOURED, RUBBLE, WORKER, PESO, HAND_CARD = 0.9, 0.22, 1.0, 0.3, 0.05
STOCK_CAP = 8.0  # materials beyond what a building or two needs are worth little


def scores(s: Any) -> list[float]:
    """Estimated standing of every seat (VP plus the value of what it could build)."""
    if s.phase == "over":
        # The winner takes it all: reaching the target ends the game.
        return [float(p.vp) + (100.0 if v in s.winners else 0.0) for v, p in enumerate(s.players)]
    out = []
    target = TARGET_VP[s.player_count]
    for p in s.players:
        c = p.cubes
        stock = (c[0] + c[1] + c[2] + c[3]) * COLOURED + c[4] * RUBBLE
        stock += p.workers * WORKER + p.pesos * PESO
        if stock > STOCK_CAP:
            stock = STOCK_CAP + (stock - STOCK_CAP) * 0.5
        out.append(min(p.vp, target) + stock + len(p.hand) * HAND_CARD)
    return out


SCALE = 4.0


def points(s: Any) -> list[float]:
    """The VP every seat holds now (the evaluation's own first term)."""
    return [float(p.vp) for p in s.players]
