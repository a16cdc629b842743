"""Playing a history in the undo tests of both games."""

from __future__ import annotations

import pytest

from games import UNDO, History, IllegalAction


def play(history: History, *moves):
    """Play `moves` (each `(seat, code)`, or a bare code for whoever decides first)."""
    events = []
    for move in moves:
        seat, code = (
            move if isinstance(move, tuple) else (history.game.pending(history.state)[0].seat, move)
        )
        history, new = history.play(seat, code)
        events.extend(new)
    return history, events


def refused(history: History, seat: int):
    """The reason an undo by `seat` is refused now."""
    with pytest.raises(IllegalAction) as err:
        history.play(seat, UNDO)
    return err.value.msg
