"""Havana's secret card choices, which show nothing until every player has chosen: what a card
is likely to bring its owner next round, in the VP-like units of `eval_havana`."""

from __future__ import annotations

from typing import Any

from games.havana.cards import (
    ARCHITECT,
    BLACK_MARKET,
    CARD_INDEX,
    CARD_NUMBER,
    DEBRIS,
    DEMOLITION,
    MAMA,
    MATERIAL_THIEF,
    PESO_THIEF,
    PESOS,
    PROTECTION,
    REFRESHMENT,
    RUBBLE,
    SIESTA,
    TAX_COLLECTOR,
    WORKERS,
)

from .eval_havana import COLOURED, PESO, WORKER
from .eval_havana import RUBBLE as RUBBLE_VALUE

SUPPLY_PESOS = 3
EARLY_TURN = 0.03  # per point of the card's number: a low number acts first next round


def card_value(s: Any, seat: int, card: int) -> float:
    """What `card` face up should bring `seat` next round."""
    p = s.players[seat]
    others = [q for v, q in enumerate(s.players) if v != seat]
    centre = s.centre
    if card == SIESTA:
        value = 0.2
    elif card == REFRESHMENT:
        value = 0.35 if p.discard else 0.1
    elif card == PROTECTION:
        value = 0.2 + 0.15 * len(others) + 0.04 * p.pesos
    elif card == DEBRIS:
        value = RUBBLE_VALUE * (centre[RUBBLE] + 1)
    elif card == DEMOLITION:
        value = 0.2
    elif card == TAX_COLLECTOR:
        value = PESO + 0.3 * len(others)
    elif card == WORKERS:
        value = 1.5 * WORKER
    elif card == ARCHITECT:
        ends = [row[i] for row in s.rows for i in (0, -1) if row]
        needs = any(s.deck[b].requires_architect for b in ends)
        value = WORKER + (0.9 if needs else 0.0)
    elif card == PESO_THIEF:
        value = PESO * max((q.pesos for q in others), default=0) * 0.4
    elif card == MATERIAL_THIEF:
        value = 1.1 * COLOURED * 0.8
    elif card == BLACK_MARKET:
        value = 2 * (COLOURED + RUBBLE_VALUE) / 2
    elif card == PESOS:
        value = PESO * ((s.centre_pesos + SUPPLY_PESOS + 1) // 2)
    elif card == MAMA:
        coloured = sum(centre[:4]) + 1
        value = RUBBLE_VALUE * ((centre[RUBBLE] + 2) // 2) + COLOURED * ((coloured + 1) // 2)
    else:  # pragma: no cover - every card is handled above
        raise AssertionError(card)
    return value - EARLY_TURN * CARD_NUMBER[card]


def secret_choice(s: Any, seat: int, codes: list[str]) -> str | None:
    """The code to play at a pick, cover, place or take-back decision, or None for any other."""
    head = codes[0].partition(":")[0]
    if head in ("pick", "place", "refresh"):
        scored = [
            (card_value(s, seat, CARD_INDEX[c.partition(":")[2]]), -i, c)
            for i, c in enumerate(codes)
            if c != "skip"
        ]
        return max(scored)[2]
    if head == "cover":
        up = s.players[seat].face_up
        # Cover (and so discard) the face-up card that would bring less.
        left, right = card_value(s, seat, up[0]), card_value(s, seat, up[1])
        return "cover:left" if left <= right else "cover:right"
    return None
