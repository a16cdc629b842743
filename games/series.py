"""Scores over a whole game, for the chart shown at the end."""

from __future__ import annotations

from .core import Replay


def vp_series(record: Replay) -> list[tuple[int, ...]]:
    """Every seat's score after each step of a finished game: entry 0 is the start, entry i the
    moment after the i-th entry of the log. A score is what `standing` counts (Santiago: VP plus
    the leftover goods converted), so the last entry is the final score.

    Only a finished game has a series: before the end the scores are hidden behind screens.
    Raises ValueError for a game that is not over.
    """
    from . import get, replay_states

    game = get(record.game)
    series = []
    state = None
    for state in replay_states(record):
        series.append(game.standing(state).scores)
    if state is None or not game.is_over(state):
        raise ValueError("the game is not over: its scores are not public yet")
    return series
