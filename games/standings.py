"""Results of games that did not end by the rules: seats forced to the last places, no winner.

A player who resigns or leaves is ranked after everybody else whatever the score; a game that
is abandoned keeps its standing but names no winner. Both take a `Result` (from `result` or
`standing`) and give a new one; the scores, tie-break values and reason stay as they were.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .core import Result
from .text import Msg


def put_last(result: Result, seats: Iterable[int], *, note: Msg | None = None) -> Result:
    """The same result with `seats` ranked after every other seat.

    The other seats keep their order and their shared places among themselves; the forced
    seats follow in their own existing order and share a place only where they were tied with
    each other. `winners` are the seats in place 1, so a forced seat wins only if every seat is
    forced last. `note` (why they are last) is added to the notes. Apply `no_winner` after this,
    not before: the winners are recomputed here.
    """
    n = len(result.ranking)
    last = set(seats)
    for seat in last:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r} in a result of {n} seats")
    ahead = [seat for seat in result.ranking if seat not in last]
    behind = [seat for seat in result.ranking if seat in last]
    places = [0] * n
    _number(ahead, 1, result.places, places)
    _number(behind, len(ahead) + 1, result.places, places)
    ranking = tuple(ahead + behind)
    return dataclasses.replace(
        result,
        ranking=ranking,
        places=tuple(places),
        winners=tuple(seat for seat in ranking if places[seat] == 1),
        notes=result.notes if note is None else (*result.notes, note),
    )


def no_winner(result: Result) -> Result:
    """The same ranking and places, but nobody won (an abandoned game)."""
    return dataclasses.replace(result, winners=())


def _number(group: Sequence[int], first: int, old: Sequence[int], new: list[int]) -> None:
    """Places from `first` on for `group` (best first); seats that shared a place still do."""
    for pos, seat in enumerate(group):
        if pos and old[seat] == old[group[pos - 1]]:
            new[seat] = new[group[pos - 1]]
        else:
            new[seat] = first + pos
