"""A player's means beside a decision: what behind their screen the decision reads, in one
line (only the pesos for a drive, only the goods for a delivery), so they can compare it with
the choices' costs without opening their screen."""

from __future__ import annotations

from games.core import Decision
from games.text import Msg

from .views import PlayerView, counted_goods

# The decisions that read one thing alone; any other gets the whole screen in short.
_PESOS = frozenset({"santiago.drive"})
_GOODS = frozenset({"santiago.deliver", "santiago.amount"})
_PESOS_VP = frozenset({"santiago.casino_amount"})


def means(view: PlayerView, decision: Decision) -> Msg:
    """`view`'s holdings that `decision` reads, as a line for its player alone. A parameter
    given as a tuple is a list of terms, joined by the reader; no goods is a phrase of its own."""
    h = view.holdings
    goods = counted_goods(h)
    if decision.kind in _PESOS:
        return Msg("santiago.means.pesos", {"pesos": h.pesos})
    if decision.kind in _GOODS:
        if not goods:
            return Msg("santiago.means.no_goods")
        return Msg("santiago.means.goods", {"goods": goods})
    if decision.kind in _PESOS_VP:
        return Msg("santiago.means.pesos_vp", {"pesos": h.pesos, "vp": h.vp})
    if not goods:
        return Msg("santiago.means.all_no_goods", {"pesos": h.pesos, "vp": h.vp})
    return Msg("santiago.means.all", {"pesos": h.pesos, "vp": h.vp, "goods": goods})
