"""Hand-written evaluation of a Santiago de Cuba state: an estimate of each seat's final score.

Read from a complete (possibly determinized) state. The final score is VP plus one per three
leftover goods, so goods, pesos and buildings are valued in VP by how much of the game is left:
a good is worth about a VP while ships still call for goods (more when the ship in port asks
for it), pesos buy stops and casino VP, a property earns a VP whenever someone ends a turn on it.
"""

from __future__ import annotations

from typing import Any

from games.santiago.data import CIGAR, RUM, SHIPS

GOOD_EARLY, GOOD_LATE = 1.1, 1 / 3
PESO_EARLY, PESO_LATE = 0.4, 0.05
PROPERTY_PER_SHIP = 0.45
DEMAND_SHARE = 0.45  # of the price: a good the ship in port asks for may still be sold to it
FINISHED_GOOD_BONUS = 0.25  # rum and cigars: the café pays 2 VP for each


def scores(s: Any) -> list[float]:
    """Estimated final score of every seat."""
    n = s.player_count
    left = max(0, SHIPS - s.ships) / SHIPS  # share of the game still to play
    if s.ships >= SHIPS:
        return [float(s.vp[v] + sum(s.goods[v * 6 : v * 6 + 6]) // 3) for v in range(n)]
    good = GOOD_LATE + (GOOD_EARLY - GOOD_LATE) * left
    peso = PESO_LATE + (PESO_EARLY - PESO_LATE) * left
    prop = PROPERTY_PER_SHIP * (SHIPS - s.ships)
    owned = [0] * n
    for owner in s.owner:
        if owner >= 0:
            owned[owner] += 1
    goods = s.goods
    finished = FINISHED_GOOD_BONUS * left
    sale = DEMAND_SHARE * s.price - good
    # Only the dice still asking for goods matter; most of the time there are few or none.
    wanted = (
        [(g, need) for g, need in zip(s.dice_goods, s.dice_values, strict=True) if need]
        if sale > 0
        else ()
    )
    out = []
    for v in range(n):
        base = v * 6
        held = goods[base : base + 6]
        value = s.vp[v] + s.pesos[v] * peso + owned[v] * prop + sum(held) * good
        value += (held[RUM] + held[CIGAR]) * finished
        for g, need in wanted:
            k = held[g]
            value += (need if need < k else k) * sale
        out.append(value)
    return out


SCALE = 6.0  # score margin at which a seat is about three times as likely to win as to lose


def points(s: Any) -> list[float]:
    """The VP every seat holds now (the evaluation's own first term)."""
    return [float(v) for v in s.vp[: s.player_count]]
