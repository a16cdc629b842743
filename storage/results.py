"""How a game's result is made from its state, in one place for every way a game ends and for
the import that rebuilds it from a replay: the rules' result once they have ended the game, else
the scores as they stand; players who resigned ranked last (the result says so), then a player
the table ended the game without; an abandoned game has no winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from games.text import players

RESIGNED_NOTE = "bot.final.resigned"


def resigned_last(result: games.Result, resigned: Sequence[int]) -> games.Result:
    """Players who resigned are ranked after everybody else, and the result says so."""
    if not resigned:
        return result
    gone = list(resigned)
    return games.put_last(result, gone, note=games.Msg(RESIGNED_NOTE, {"who": players(gone)}))


def result_of(
    kind: str,
    state: Any,
    *,
    resigned: Sequence[int] = (),
    last: Sequence[int] = (),
    abandoned: bool = False,
) -> games.Result:
    """The result of a game that ends in `state`. `last`: seats put last when the game ends
    before its rules end it (a player the table did without)."""
    engine = games.get(kind)
    if engine.is_over(state):
        result = resigned_last(engine.result(state), resigned)
    else:
        result = resigned_last(engine.standing(state), resigned)
        if last:
            result = games.put_last(result, list(last))
    return games.no_winner(result) if abandoned else result
