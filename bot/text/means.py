"""A player's means beside their decision: the line of their own holdings that the decision
reads ("You have 3 pesos."), for the places only they see where they decide (the private
answers, the screen DM). Never for a channel: a screen's holdings are hidden there."""

from __future__ import annotations

from typing import Any

import games
from bot.text import present
from games import Decision


def means_of(locale: Any, kind: str, view: Any, decision: Decision) -> str:
    """The holdings of `view` that `decision` reads, in the reader's language."""
    return present.said(locale, games.means(kind, view, decision))


def deciding_means(locale: Any, kind: str, state: Any, seat: int | None) -> str | None:
    """The means line of `seat` if it decides now in `state`, else None."""
    engine = games.get(kind)
    mine = [d for d in engine.pending(state) if d.seat == seat]
    if seat is None or not mine:
        return None
    return means_of(locale, kind, engine.player_view(state, seat), mine[0])
