"""The final scores explained: VP by source (deliveries, buildings, citizens, owner VP, El Zorro,
leftover goods), adding up to the score at every moment of any game."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from santiago_helpers import arrange, play, started

from games.santiago import GAME as SANTIAGO
from games.santiago.state import VP_BUILDINGS, VP_CASINO, VP_SOURCE_COUNT
from games.simulate import chooser_for, play_random, random_choice


def parts(result, seat) -> dict[str, int]:
    return {str(label): vp for label, vp in result.breakdown[seat]}


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_santiago_every_vp_has_a_source_in_any_game(players, seed):
    """At every moment of a random game each seat's VP sources add up to its VP, and the
    breakdown of the standing (and of the result at the end) adds up to the score."""
    game = SANTIAGO
    state = game.new(players, seed)
    chooser = chooser_for(seed)
    while True:
        for seat in range(players):
            row = seat * VP_SOURCE_COUNT
            assert sum(state.vp_sources[row : row + VP_SOURCE_COUNT]) == state.vp[seat]
        result = game.standing(state)
        for seat in range(players):
            assert sum(vp for _label, vp in result.breakdown[seat]) == result.scores[seat]
        if game.is_over(state):
            break
        decision, _codes, code = random_choice(game, state, chooser)
        state, _ = game.apply(state, decision.seat, code)
    final = game.result(state)
    assert final.breakdown == result.breakdown
    # the Casino's VP are a part of their own, shown when there are some
    labels = [str(label) for label, _ in final.breakdown[0] if str(label) != "Casino exchanges"]
    assert labels == [
        "starting VP",
        "deliveries",
        "citizens",
        "buildings",
        "owner VP",
        "El Zorro",
        "leftover goods (1 VP per 3)",
    ]


def test_santiago_breakdown_names_where_each_vp_came_from():
    # Seat 0 visits El Zorro (seat 3 gives 1 VP), then its pawn stays on seat 1's bank: seat 1
    # gains the owner VP. Maria later adds 2 VP from a citizen.
    s = arrange(
        started(4),
        car="jose",
        pawns={0: "bank"},
        owners={"bank": 1},
        pesos={0: 1, 1: 2, 2: 0, 3: 0},
        vp={0: 0, 1: 3, 2: 0, 3: 4},
        goods={0: {}, 1: {"rum": 1, "wood": 2}, 2: {"wood": 3}, 3: {}},
    )
    s, _ = play(s, "drive:1", "use", (2, "zorro:nothing"), (3, "zorro:give:vp"))
    s, _ = play(s, (1, "zorro:give:rum"), "use")
    standing = SANTIAGO.standing(s)
    assert parts(standing, 0)["El Zorro"] == 1
    assert parts(standing, 3)["El Zorro"] == -1
    assert parts(standing, 3)["earlier VP (not broken down)"] == 4  # arranged, not earned
    assert parts(standing, 1)["owner VP"] == 1
    assert standing.scores[3] == 3 and standing.scores[1] == 3 + 1
    assert parts(standing, 2)["leftover goods (1 VP per 3)"] == 1  # its 3 wood
    assert standing.scores[2] == 1

    maria = arrange(started(), car=0, vp={0: 0}, pesos={0: 1})
    maria, _ = play(maria, "drive:1", "use")
    assert parts(SANTIAGO.standing(maria), 0)["citizens"] == 2


def test_santiago_deliveries_and_buildings_are_counted_apart():
    s = arrange(
        started(),
        car="alonso",
        goods={0: {"rum": 2}, 1: {}, 2: {}},
        demand={"rum": 2, "cigar": 1, "tobacco": 1, "citrus": 1},
        price=3,
    )
    s, _ = play(s, "drive:1", "deliver:rum", "amount:2")
    assert parts(SANTIAGO.standing(s), 0)["deliveries"] == 6
    assert parts(SANTIAGO.standing(s), 0)["buildings"] == 0


def test_a_santiago_state_stored_before_the_casino_was_kept_apart_still_loads():
    """A stored state's sources without the Casino's (its VP were then in `buildings`) load with
    every other source where it was."""
    state, _ = play_random("santiago", 3, 5)
    data = json.loads(json.dumps(SANTIAGO.to_json(state)))
    n, expected = VP_SOURCE_COUNT, state.vp_sources[:]
    assert any(state.vp_sources[seat * n + VP_CASINO] for seat in range(3))  # the Casino was used
    data["vp_sources"] = []
    for seat in range(3):
        # then the Casino's VP were counted with the buildings', and they stay there
        row = state.vp_sources[seat * n : seat * n + n]
        row[VP_BUILDINGS] += row[VP_CASINO]
        data["vp_sources"] += row[:VP_CASINO] + row[VP_CASINO + 1 :]
        expected[seat * n + VP_BUILDINGS] += expected[seat * n + VP_CASINO]
        expected[seat * n + VP_CASINO] = 0
    loaded = SANTIAGO.from_json(data)
    assert loaded.vp_sources == expected
    assert SANTIAGO.result(loaded).scores == SANTIAGO.result(state).scores


def test_a_santiago_state_stored_before_the_sources_were_kept_still_loads():
    state, _ = play_random("santiago", 3, 5)
    data = SANTIAGO.to_json(state)
    for key in ("vp_sources", "last", "trip"):
        del data[key]
    old = SANTIAGO.from_json(json.loads(json.dumps(data)))
    assert old.vp == state.vp
    result = SANTIAGO.result(old)
    assert result.scores == SANTIAGO.result(state).scores
    for seat in range(3):
        assert parts(result, seat)["earlier VP (not broken down)"] == state.vp[seat]
        assert sum(vp for _, vp in result.breakdown[seat]) == result.scores[seat]


def test_santiago_vp_that_no_source_explains_count_as_earlier():
    state, _ = play_random("santiago", 2, 9)
    data = SANTIAGO.to_json(state)
    data["vp"][1] += 3  # edited by hand
    edited = SANTIAGO.from_json(data)
    result = SANTIAGO.result(edited)
    assert parts(result, 1)["earlier VP (not broken down)"] == 3
    assert sum(vp for _, vp in result.breakdown[1]) == result.scores[1]
    assert result.breakdown[0] == SANTIAGO.result(state).breakdown[0]
