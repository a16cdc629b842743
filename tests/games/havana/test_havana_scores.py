"""The final scores explained: each building's VP."""

from __future__ import annotations

import pytest

from games.havana import GAME as HAVANA
from games.simulate import play_random


def parts(result, seat) -> dict[str, int]:
    return {str(label): vp for label, vp in result.breakdown[seat]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_havana_breakdown_lists_each_building_bought(players):
    state, _ = play_random("havana", players, 40 + players)
    result = HAVANA.result(state)
    bought = 0
    for seat, p in enumerate(state.players):
        names = [str(label) for label, _ in result.breakdown[seat]]
        assert names == [
            str(HAVANA.public_view(state).players[seat].buildings[i].name)
            for i in range(len(p.buildings))
        ]
        assert sum(vp for _, vp in result.breakdown[seat]) == result.scores[seat]
        bought += len(p.buildings)
    assert bought  # somebody bought something in this game
    assert HAVANA.standing(state) == result
