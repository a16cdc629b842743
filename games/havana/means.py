"""A player's means beside a decision: what the decision reads of their own, in one line (the
hand for a card to play, the discard pile for a refreshment, else pesos, workers and cubes),
so they can compare it with the choices' costs."""

from __future__ import annotations

from games.core import Decision
from games.text import Msg

from .cards import COLOURS
from .engine import cubes_text
from .views import PlayerView

_HAND = frozenset({"pick", "place", "first"})


def _cards(ids) -> tuple[Msg, ...]:
    return tuple(Msg("havana.card." + c) for c in ids)


def means(view: PlayerView, decision: Decision) -> Msg:
    """`view`'s holdings that `decision` reads, as a line for its player alone. A parameter
    given as a tuple is a list of terms, joined by the reader."""
    mine = view.public.players[view.seat]
    cubes = cubes_text([getattr(mine.cubes, colour) for colour in COLOURS])
    if decision.kind in _HAND:
        if not view.hand:
            return Msg("havana.means.hand_empty")
        return Msg("havana.means.hand", {"hand": _cards(view.hand)})
    if decision.kind == "refresh":
        if not view.discard:
            return Msg("havana.means.discard_empty")
        return Msg("havana.means.discard", {"discard": _cards(view.discard)})
    # Every other decision is paid for, or weighed against, what lies on the player's table.
    if not any(getattr(mine.cubes, colour) for colour in COLOURS):
        return Msg(
            "havana.means.materials_no_cubes", {"pesos": mine.pesos, "workers": mine.workers}
        )
    return Msg(
        "havana.means.materials", {"pesos": mine.pesos, "workers": mine.workers, "cubes": cubes}
    )
